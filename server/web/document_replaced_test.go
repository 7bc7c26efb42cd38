package web_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/heloc/heloc/server/web"
)

func uploadNamed(docs reviewedDocuments, name string) *reviewedUpload {
	for i := range docs.Uploads {
		if docs.Uploads[i].FileName == name {
			return &docs.Uploads[i]
		}
	}
	return nil
}

// A rejected paystub asks the borrower for another while paystubs are
// missing (replaced false); once a replacement brings the count back to
// none missing, it is replaced and asks for nothing. The portal still
// lists it rejected, with the note and the reviewer.
// julyRejected is where the replacement tests start: the borrower with a
// job uploaded four paystubs (all, as listed then), the application was
// submitted, and an underwriter (uw) rejected july.png with note.
type julyRejected struct {
	borrower, uw *browser
	loanID       string
	all          reviewedDocuments
	july         []byte // the rejected file's bytes
}

func rejectJulyAfterSubmission(t *testing.T, s *testServer, note string) julyRejected {
	t.Helper()
	f := julyRejected{borrower: borrowerWithAJob(t, s)}
	for _, name := range []string{"june.png", "july.png", "august.png", "september.png"} {
		photo := pngBytes(t)
		if name == "july.png" {
			f.july = photo
		}
		if resp, res := upload(f.borrower, map[string]string{"type": "paystubs", "party": "borrower"}, name, photo, nil); resp.StatusCode != 200 {
			t.Fatalf("%s: got %d %+v", name, resp.StatusCode, res.Error)
		}
	}
	f.all = mustCall[reviewedDocuments](t, f.borrower, "GET", "documents.list", "")
	f.loanID = loanOf(t, s, "prime@example.com").ID
	if err := s.DB.UpdateLoanStatus(context.Background(), f.loanID, "applicationSubmitted"); err != nil {
		t.Fatal(err)
	}
	const pw = "staff password 1"
	f.uw = s.browser(t)
	f.uw.signInStaff(s.enrol(t, "uma@example.com", "underwriter", pw), pw)
	july := uploadNamed(f.all, "july.png").ID
	mustCall[reviewedDocuments](t, f.uw, "POST", "portal.reviewDocument", `{"documentId":"`+july+`","decision":"rejected","note":"`+note+`"}`)
	return f
}

func TestARejectedFileIsReplacedOnceItsDocumentMissesNothing(t *testing.T) {
	s, _ := openDocumentsServer(t, web.Config{Now: time.Now}) // the authenticator codes are of the real clock
	const note = "The pay date is cut off"
	f := rejectJulyAfterSubmission(t, s, note)
	borrower, uw, all := f.borrower, f.uw, f.all
	if all.Requirements.Borrower.Missing["paystubs"] != 0 || uploadNamed(all, "july.png").Review.Replaced != nil {
		t.Fatalf("got %+v, want four paystubs, none missing, and nothing said of replacing a file not rejected", all)
	}

	// Rejected, with a paystub missing again: the borrower is asked for another.
	mine := mustCall[reviewedDocuments](t, borrower, "GET", "documents.list", "")
	r := uploadNamed(mine, "july.png").Review
	if mine.Requirements.Borrower.Missing["paystubs"] != 1 || r.Status != "rejected" || r.Note == nil || *r.Note != note || r.Replaced == nil || *r.Replaced {
		t.Fatalf("got %+v missing %v, want the rejection with its note, not yet replaced", r, mine.Requirements.Borrower.Missing)
	}

	// The very file rejected, sent again, is refused as the same file.
	resp, res := upload(borrower, map[string]string{"type": "paystubs", "party": "borrower"}, "july scan.png", f.july, nil)
	if resp.StatusCode != 400 || res.Error == nil || !hasField(res.Error.Data.Fields, "file") || !strings.Contains(res.Error.Data.Fields[0].Message, "the same file as “july.png”") {
		t.Fatalf("got %d %+v, want the same file refused at file, naming july.png", resp.StatusCode, res.Error)
	}

	// The replacement comes: nothing is missing, and the rejected file is replaced.
	resp, res = upload(borrower, map[string]string{"type": "paystubs", "party": "borrower"}, "july again.png", pngBytes(t), nil)
	if resp.StatusCode != 200 {
		t.Fatalf("got %d %+v, want the replacement taken", resp.StatusCode, res.Error)
	}
	after := decode[reviewedDocuments](t, res.Result.Data)
	r = uploadNamed(after, "july.png").Review
	if after.Requirements.Borrower.Missing["paystubs"] != 0 || r.Status != "rejected" || r.Replaced == nil || !*r.Replaced {
		t.Fatalf("got %+v missing %v, want the rejected paystub replaced once none is missing", r, after.Requirements.Borrower.Missing)
	}
	if again := mustCall[reviewedDocuments](t, borrower, "GET", "documents.list", ""); !*uploadNamed(again, "july.png").Review.Replaced {
		t.Fatalf("got %+v, want documents.list to say so too", uploadNamed(again, "july.png").Review)
	}

	// The portal lists every file with its review as before.
	staff := mustCall[reviewedDocuments](t, uw, "GET", "portal.documents", `{"loanId":"`+f.loanID+`"}`)
	if len(staff.Uploads) != 5 {
		t.Fatalf("got %d uploads, want all five on the portal", len(staff.Uploads))
	}
	sr := uploadNamed(staff, "july.png").Review
	if sr.Status != "rejected" || sr.Note == nil || *sr.Note != note || sr.ReviewedBy == nil || sr.ReviewedBy.Email != "uma@example.com" {
		t.Fatalf("got %+v, want the portal to keep the rejection, its note and its reviewer", sr)
	}
}

// A submitted application takes as many replacements as files are missing,
// however many arrive at once: with one paystub rejected, of eight sent
// together one is taken, and the others are refused, as the submitted
// application's or as sent while the documents changed.
func TestReplacementsSentAtOnceAreTakenOnlyForWhatIsMissing(t *testing.T) {
	s, _ := openDocumentsServer(t, web.Config{Now: time.Now}) // the authenticator codes are of the real clock
	f := rejectJulyAfterSubmission(t, s, "Cut off")
	borrower := f.borrower

	const sent = 8
	statuses := make(chan int, sent)
	var wg sync.WaitGroup
	for i := range sent {
		wg.Add(1)
		photo := pngBytes(t)
		go func() {
			defer wg.Done()
			resp, _ := upload(borrower, map[string]string{"type": "paystubs", "party": "borrower"}, fmt.Sprintf("again-%d.png", i), photo, nil)
			statuses <- resp.StatusCode
		}()
	}
	wg.Wait()
	close(statuses)
	taken := 0
	for code := range statuses {
		switch code {
		case 200:
			taken++
		case 403, 409: // the submitted application's, or a file sent while another was
		default:
			t.Errorf("got %d, want 200, 403 or 409", code)
		}
	}
	if taken != 1 {
		t.Fatalf("got %d replacements taken, want 1 for the one paystub missing", taken)
	}
}
