package web_test

import (
	"database/sql"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	_ "github.com/mattn/go-sqlite3"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/web"
)

type wireNote struct {
	ID     string `json:"id"`
	LoanID string `json:"loanId"`
	Body   string `json:"body"`
	Author struct {
		FirstName string `json:"firstName"`
		LastName  string `json:"lastName"`
		Email     string `json:"email"`
	} `json:"author"`
	CreatedAt string `json:"createdAt"`
}

func loanNotes(t *testing.T, b *browser, loanID string) []wireNote {
	t.Helper()
	_, res := b.trpc("GET", "portal.notes", `{"loanId":"`+loanID+`"}`)
	if res.Error != nil {
		t.Fatalf("portal.notes: got %+v", res.Error)
	}
	var v struct {
		Notes []wireNote `json:"notes"`
	}
	if err := json.Unmarshal(res.Result.Data, &v); err != nil {
		t.Fatal(err)
	}
	return v.Notes
}

func TestLoanNotes(t *testing.T) {
	dsn := filepath.Join(t.TempDir(), "notes.db")
	s := mustOpenServerAt(t, web.Config{}, dsn)
	const pw = "staff password 1"
	loanID := s.demoLoanID(t, "prime@example.com")
	processor := s.portalUser(t, s.enrolTagged(t, "proc@example.com", "processor", "", pw), pw)
	partner := s.portalUser(t, s.enrolTagged(t, "partner@example.com", "partner", "notes", pw), pw)
	admin := s.portalUser(t, s.enrolTagged(t, "ada@example.com", domain.RoleAdministrator, "", pw), pw)
	if _, res := admin.trpc("POST", "portal.assign", `{"loanId":"`+loanID+`","loanOfficerTag":"notes"}`); res.Error != nil {
		t.Fatalf("tag the loan: %+v", res.Error)
	}
	const secret = "Borrower mentioned a divorce decree pending in Marin County"

	t.Run("a processor adds a note; it is listed newest first with its author", func(t *testing.T) {
		if got := loanNotes(t, processor, loanID); len(got) != 0 {
			t.Fatalf("got %+v, want no notes yet", got)
		}
		for _, body := range []string{"First call done", "  " + secret + "\n"} {
			if _, res := processor.trpc("POST", "portal.addNote", `{"loanId":"`+loanID+`","body":`+jsonString(body)+`}`); res.Error != nil {
				t.Fatalf("portal.addNote: got %+v", res.Error)
			}
		}
		got := loanNotes(t, processor, loanID)
		if len(got) != 2 || got[0].Body != secret || got[1].Body != "First call done" {
			t.Fatalf("got %+v, want both notes, newest first, trimmed", got)
		}
		if a := got[0].Author; a.Email != "proc@example.com" || a.FirstName == "" || got[0].CreatedAt == "" || got[0].LoanID != loanID {
			t.Fatalf("got %+v, want the author's name and e-mail and the time", got[0])
		}
	})

	t.Run("the body is 1 to 4000 characters, refused at the field", func(t *testing.T) {
		for name, body := range map[string]string{"empty": "", "blank": "   \n ", "too long": strings.Repeat("x", 4001)} {
			_, res := processor.trpc("POST", "portal.addNote", `{"loanId":"`+loanID+`","body":`+jsonString(body)+`}`)
			if res.Error == nil || res.Error.Data.Code != "BAD_REQUEST" || len(res.Error.Data.Fields) != 1 || res.Error.Data.Fields[0].Path != "body" {
				t.Fatalf("%s: got %+v, want BAD_REQUEST at body", name, res.Error)
			}
		}
		if _, res := processor.trpc("POST", "portal.addNote", `{"loanId":"`+loanID+`","body":`+jsonString(strings.Repeat("é", 4000))+`}`); res.Error != nil {
			t.Fatalf("got %+v, want 4000 characters accepted", res.Error)
		}
	})

	t.Run("a partner may read the notes but not add one", func(t *testing.T) {
		if got := loanNotes(t, partner, loanID); len(got) != 3 {
			t.Fatalf("got %d notes, want 3", len(got))
		}
		if _, res := partner.trpc("POST", "portal.addNote", `{"loanId":"`+loanID+`","body":"hello"}`); res.Error == nil || res.Error.Data.Code != "FORBIDDEN" {
			t.Fatalf("got %+v, want FORBIDDEN", res.Error)
		}
	})

	t.Run("an applicant's session is refused", func(t *testing.T) {
		borrower := s.browser(t)
		borrower.signIn("prime@example.com")
		for _, call := range []struct{ method, proc, input string }{
			{"GET", "portal.notes", `{"loanId":"` + loanID + `"}`},
			{"POST", "portal.addNote", `{"loanId":"` + loanID + `","body":"hello"}`},
		} {
			if resp, res := borrower.trpc(call.method, call.proc, call.input); res.Error == nil || resp.StatusCode != 401 {
				t.Fatalf("%s: got %d %+v, want 401", call.proc, resp.StatusCode, res.Error)
			}
		}
	})

	t.Run("the audit log says a note was added, never its words", func(t *testing.T) {
		page, err := s.DB.ListAudit(t.Context(), domain.AuditFilter{LoanID: loanID, Action: "notes.add", Limit: 100})
		if err != nil {
			t.Fatal(err)
		}
		if len(page.Items) != 3 {
			t.Fatalf("got %d entries, want 3", len(page.Items))
		}
		for _, e := range page.Items {
			if e.ActorEmail != "proc@example.com" || strings.Contains(e.Detail+e.Subject, "divorce") || strings.Contains(e.Detail+e.Subject, "First call") {
				t.Fatalf("got %+v, want the processor and no words of the note", e)
			}
		}
	})

	t.Run("the note is sealed at rest", func(t *testing.T) {
		db, err := sql.Open("sqlite3", dsn+"?mode=ro")
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		rows, err := db.Query(`SELECT body FROM loan_notes`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		n := 0
		for rows.Next() {
			var raw string
			if err := rows.Scan(&raw); err != nil {
				t.Fatal(err)
			}
			if strings.Contains(raw, "divorce") || strings.Contains(raw, "First call") {
				t.Fatalf("got %q in the stored row, want it sealed", raw)
			}
			n++
		}
		if n != 3 {
			t.Fatalf("got %d rows, want 3", n)
		}
	})
}

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
