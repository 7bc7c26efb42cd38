package web_test

import (
	"bytes"
	"context"
	"fmt"
	"mime/multipart"
	"strings"
	"testing"
	"time"

	"github.com/heloc/heloc/server/app"
	"github.com/heloc/heloc/server/blobs"
	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/web"
)

type identityPerson struct {
	Party     string  `json:"party"`
	Name      string  `json:"name"`
	Status    *string `json:"status"`
	IDType    *string `json:"idType"`
	CheckedAt *string `json:"checkedAt"`
	Reason    *string `json:"reason"`
	Sides     struct {
		Front int `json:"front"`
		Back  int `json:"back"`
	} `json:"sides"`
}

type identityView struct {
	IDTypes []struct {
		ID    string   `json:"id"`
		Label string   `json:"label"`
		Sides []string `json:"sides"`
	} `json:"idTypes"`
	People   []identityPerson `json:"people"`
	Complete bool             `json:"complete"`
	Sandbox  bool             `json:"sandbox"`
	ReadOnly bool             `json:"readOnly"`
}

type identityResult struct {
	Person      identityPerson  `json:"person"`
	Identity    identityView    `json:"identity"`
	Application applicationView `json:"application"`
}

// A photo as a phone sends it: the PNG signature is what the server sniffs.
var idPhoto = append([]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x02\x00\x00\x00"), make([]byte, 64)...)

// uploadID uploads a photo of one side of a person's ID as an idDocument
// (POST /api/documents, the documents wire).
func uploadID(b *browser, party, side string) {
	b.t.Helper()
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	for k, v := range map[string]string{"type": "idDocument", "party": party, "side": side} {
		if err := w.WriteField(k, v); err != nil {
			b.t.Fatal(err)
		}
	}
	f, err := w.CreateFormFile("file", "id-"+side+".png")
	if err != nil {
		b.t.Fatal(err)
	}
	// Each photo a different file, as each side's is (the upload refuses
	// one person's same file twice).
	f.Write(fmt.Appendf(append([]byte{}, idPhoto...), "%d", scans.Add(1)))
	w.Close()
	if resp, out := b.send("POST", "/api/documents", w.FormDataContentType(), body.String(), nil); resp.StatusCode != 200 {
		b.t.Fatalf("upload %s %s: got %d %s", party, side, resp.StatusCode, out)
	}
}

func verifyID(b *browser, party, idType string) (int, wireResult) {
	b.t.Helper()
	resp, res := b.trpc("POST", "verification.identity", `{"party":"`+party+`","idType":"`+idType+`"}`)
	return resp.StatusCode, res
}

func identityOf(t *testing.T, b *browser) identityView {
	t.Helper()
	resp, res := b.trpc("GET", "verification.identityStatus", "")
	if resp.StatusCode != 200 {
		t.Fatalf("verification.identityStatus: got %d %+v", resp.StatusCode, res.Error)
	}
	return decode[identityView](t, res.Result.Data)
}

func refusedAt(t *testing.T, code int, res wireResult, field string) {
	t.Helper()
	if code != 400 || res.Error == nil || !hasField(res.Error.Data.Fields, field) {
		t.Fatalf("got %d %+v, want 400 naming %s", code, res.Error, field)
	}
}

// reachStep puts the applicant's loan at status, as the pages before it
// would have (their own tests save them).
func reachStep(t *testing.T, s *testServer, email, status string) {
	t.Helper()
	loan := loanOf(t, s, email)
	if _, _, err := s.DB.UpdateApplication(context.Background(), loan.ID, "", func(l *domain.Loan, _ *domain.Application, _ bool) error {
		l.ApplicationStatus = status
		return nil
	}); err != nil {
		t.Fatal(err)
	}
}

// identityServer is a server whose documents go to a folder of the test's.
func identityServer(t *testing.T) *testServer {
	dir, err := blobs.FileURL(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	bucket, err := blobs.Open(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { bucket.Close() })
	return mustOpenServerWith(t, web.Config{Now: func() time.Time { return time.Date(2026, 11, 22, 15, 0, 0, 0, time.UTC) }}, app.Config{Blobs: bucket})
}

func TestVerifyIdentity(t *testing.T) {
	s := identityServer(t)
	b := s.browser(t)
	b.signIn("prime@example.com") // seeded at application3, no coborrower

	t.Run("before the loan reaches the page nothing is checked", func(t *testing.T) {
		code, res := verifyID(b, "borrower", "passport")
		if code != 403 || !strings.Contains(res.Error.Message, "Finish the earlier pages") {
			t.Fatalf("got %d %+v, want the earlier pages asked for first", code, res.Error)
		}
	})
	if code, res := saveSection(b, "/app/application/1", `{"user":`+personalInfo+`}`); code != 200 {
		t.Fatalf("got %d %+v", code, res.Error)
	}
	reach(t, s, "prime@example.com", "identityVerification") // the pages before it saved

	t.Run("the page lists the spec's IDs with their sides and the borrower alone", func(t *testing.T) {
		v := identityOf(t, b)
		if len(v.IDTypes) != 7 || v.IDTypes[0].ID != "driver_license" || strings.Join(v.IDTypes[1].Sides, ",") != "front" || strings.Join(v.IDTypes[0].Sides, ",") != "front,back" {
			t.Fatalf("got %+v, want the 7 IDs of spec §9, a passport's front only", v.IDTypes)
		}
		if len(v.People) != 1 || v.People[0].Party != "borrower" || v.People[0].Name != "Pat Prime" || v.People[0].Status != nil || v.Complete || !v.Sandbox {
			t.Fatalf("got %+v, want the borrower alone, named, without a result, in sandbox mode", v)
		}
	})
	t.Run("an ID without its photos is refused at sides", func(t *testing.T) {
		code, res := verifyID(b, "borrower", "passport")
		refusedAt(t, code, res, "sides")
		uploadID(b, "borrower", "front")
		code, res = verifyID(b, "borrower", "driver_license")
		refusedAt(t, code, res, "sides")
		if !strings.Contains(res.Error.Message, "back of the driver's license") {
			t.Errorf("got %q, want the missing side named", res.Error.Message)
		}
	})
	t.Run("an unknown ID is refused at idType, the coborrower of a loan without one at party", func(t *testing.T) {
		code, res := verifyID(b, "borrower", "library_card")
		refusedAt(t, code, res, "idType")
		code, res = verifyID(b, "coborrower", "passport")
		refusedAt(t, code, res, "party")
		if got := applicationOf(t, b); got.ApplicationStatus != "identityVerification" || got.Application.User.IdentityVerificationStatus != nil {
			t.Fatalf("got %+v, want nothing stored", got)
		}
	})
	other := s.browser(t)
	other.signIn("no-mortgage@example.com")
	t.Run("a passport needs its front only, and a pass moves the loan on", func(t *testing.T) {
		code, res := verifyID(b, "borrower", "passport")
		if code != 200 {
			t.Fatalf("got %d %+v", code, res.Error)
		}
		got := decode[identityResult](t, res.Result.Data)
		if got.Person.Status == nil || *got.Person.Status != "passed" || *got.Person.IDType != "passport" || got.Person.CheckedAt == nil || got.Person.Reason != nil {
			t.Fatalf("got %+v, want passed with a passport", got.Person)
		}
		if !got.Identity.Complete || got.Application.ApplicationStatus != "incomeDocs" {
			t.Fatalf("got complete %v, status %s, want complete and the status moved on to the upload page's", got.Identity.Complete, got.Application.ApplicationStatus)
		}
		check := got.Application.Application.User.IdentityCheck
		if check == nil || check.IDType != "passport" || !check.Sandbox || check.Reference == "" {
			t.Fatalf("got %+v, want the check kept on the person", check)
		}
		if code, res := verifyID(b, "borrower", "passport"); code != 400 || !hasField(res.Error.Data.Fields, "party") {
			t.Fatalf("got %d %+v, want a passed ID not checked again", code, res.Error)
		}
	})
	t.Run("another applicant neither reads nor checks this one's ID", func(t *testing.T) {
		v := identityOf(t, other)
		if len(v.People) != 1 || v.People[0].Status != nil || v.People[0].Sides.Front != 0 {
			t.Fatalf("got %+v, want no-mortgage's own, unchecked, with no photos", v.People)
		}
		code, res := verifyID(other, "borrower", "passport")
		if code != 403 || !strings.Contains(res.Error.Message, "Finish the earlier pages") {
			t.Fatalf("got %d %+v, want their own application's earlier pages asked for", code, res.Error)
		}
		anon := s.browser(t)
		if code, _ := verifyID(anon, "borrower", "passport"); code != 401 {
			t.Fatalf("got %d, want 401 without a session", code)
		}
		if resp, _ := anon.trpc("GET", "verification.identityStatus", ""); resp.StatusCode != 401 {
			t.Fatalf("got %d, want 401 without a session", resp.StatusCode)
		}
	})
}

func TestVerifyIdentityFailedThenRetried(t *testing.T) {
	s := identityServer(t)
	b := s.browser(t)
	b.signIn("florida@example.com") // the sandbox fails her license, passes her passport
	if code, res := saveSection(b, "/app/application/1", `{"user":`+personalInfo+`}`); code != 200 {
		t.Fatalf("got %d %+v", code, res.Error)
	}
	reachStep(t, s, "florida@example.com", "identityVerification")
	before := applicationOf(t, b).ApplicationStatus
	uploadID(b, "borrower", "front")
	uploadID(b, "borrower", "back")
	code, res := verifyID(b, "borrower", "driver_license")
	if code != 200 {
		t.Fatalf("got %d %+v", code, res.Error)
	}
	got := decode[identityResult](t, res.Result.Data)
	if *got.Person.Status != "failed" || got.Person.Reason == nil || got.Identity.Complete || got.Application.ApplicationStatus != before {
		t.Fatalf("got %+v (status %s), want failed with its reason and the status kept at %s", got.Person, got.Application.ApplicationStatus, before)
	}
	if v := identityOf(t, b); *v.People[0].Status != "failed" || *v.People[0].Reason == "" || v.People[0].Sides.Front != 0 || v.People[0].Sides.Back != 0 {
		t.Fatalf("got %+v, want the failure with its reason, and no photo for another try yet", v.People[0])
	}
	// Another ID needs photos of its own: the license's do not count.
	code, res = verifyID(b, "borrower", "passport")
	refusedAt(t, code, res, "sides")
	uploadID(b, "borrower", "front")
	code, res = verifyID(b, "borrower", "passport")
	if code != 200 {
		t.Fatalf("got %d %+v", code, res.Error)
	}
	got = decode[identityResult](t, res.Result.Data)
	if *got.Person.Status != "passed" || got.Person.Reason != nil || got.Application.ApplicationStatus != "incomeDocs" {
		t.Fatalf("got %+v (status %s), want passed on the retry and the status moved on", got.Person, got.Application.ApplicationStatus)
	}
}

func TestVerifyIdentityWithACoborrower(t *testing.T) {
	s := identityServer(t)
	b := s.browser(t)
	b.signIn("coborrower@example.com") // seeded at application5
	co := coPersonalInfo("Cora", `"email":"cora@example.com"`)
	if code, res := saveSection(b, "/app/application/1", `{"user":`+personalInfo+`,"coborrower":`+co+`}`); code != 200 {
		t.Fatalf("got %d %+v", code, res.Error)
	}
	authorizeAs(t, inviteCoborrower(t, s, b, "cora@example.com"), "987654321") // her SSN and birth date are hers to give
	reachStep(t, s, "coborrower@example.com", "identityVerification")
	v := identityOf(t, b)
	if len(v.People) != 2 || v.People[1].Party != "coborrower" || v.People[1].Name != "Cora Prime" {
		t.Fatalf("got %+v, want the borrower then the coborrower, named", v.People)
	}
	uploadID(b, "borrower", "front")
	uploadID(b, "borrower", "back")
	code, res := verifyID(b, "borrower", "state_id")
	if code != 200 {
		t.Fatalf("got %d %+v", code, res.Error)
	}
	got := decode[identityResult](t, res.Result.Data)
	if *got.Person.Status != "passed" || got.Identity.Complete || got.Application.ApplicationStatus != "identityVerification" {
		t.Fatalf("got %+v complete %v status %s, want the borrower passed and the status kept until the coborrower's check", got.Person, got.Identity.Complete, got.Application.ApplicationStatus)
	}
	// The borrower's photos are not the coborrower's.
	code, res = verifyID(b, "coborrower", "state_id")
	refusedAt(t, code, res, "sides")
	uploadID(b, "coborrower", "front")
	uploadID(b, "coborrower", "back")
	code, res = verifyID(b, "coborrower", "green_card")
	if code != 200 {
		t.Fatalf("got %d %+v", code, res.Error)
	}
	got = decode[identityResult](t, res.Result.Data)
	if got.Person.Party != "coborrower" || *got.Person.Status != "passed" || !got.Identity.Complete || got.Application.ApplicationStatus != "incomeDocs" {
		t.Fatalf("got %+v complete %v status %s, want both passed and the status moved on", got.Person, got.Identity.Complete, got.Application.ApplicationStatus)
	}
	if got.Application.Application.Coborrower.IdentityVerificationStatus == nil || got.Application.Application.User.IdentityVerificationStatus == nil {
		t.Fatalf("got %+v, want each person's result on the application", got.Application.Application)
	}
}
