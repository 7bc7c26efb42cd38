package web_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/web"
)

// job20 is a current job that started 2025-03-01: 20 months before the
// test's today (2026-11-22), four short of the employment table's 2-year
// window.
const job20 = `{"employerName":"Bayview Analytics","position":"Analyst","startDate":"2025-03-01","endDate":null,"selfEmployedIndicator":false,"base":9000}`

// previous is the job before it, ending two months before it began: a gap
// of 60 days, more than the table's 31.
const previous = `{"employerName":"Front Range Studio","position":"Designer","startDate":"2022-06-01","endDate":"2024-12-31","selfEmployedIndicator":false,"base":5200}`

// Issue 22 item 6: the employment policy (data.heloc.employment.history)
// decides whether a history is complete; page 4's save and the submission
// refuse one it finds incomplete with its words at the field, and the page
// asks it about the employments as typed before it lets the borrower go on.
func TestAnIncompleteEmploymentHistoryIsRefused(t *testing.T) {
	s := MustOpenServer(t, web.Config{Now: func() time.Time { return time.Date(2026, 11, 22, 15, 0, 0, 0, time.UTC) }})
	ctx := context.Background()
	b := s.browser(t)
	b.signIn("prime@example.com")
	if code, res := saveSection(b, "/app/application/1", `{"user":`+personalInfo+`}`); code != 200 {
		t.Fatalf("page 1: got %d %+v", code, res.Error)
	}
	reach(t, s, "prime@example.com", "application5")

	t.Run("the page asks the policy about the employments as typed", func(t *testing.T) {
		resp, res := b.trpc("GET", "application.employment", `{"party":"borrower","employments":[{"startDate":"2025-03-01","endDate":null}]}`)
		if resp.StatusCode != 200 {
			t.Fatalf("got %d %+v", resp.StatusCode, res.Error)
		}
		h := decode[domain.EmploymentHistory](t, res.Result.Data)
		if h.Complete || len(h.Missing) != 1 || h.Missing[0].Code != "previousEmployerMissing" || h.Missing[0].Field != "employments" ||
			!strings.Contains(h.Missing[0].Message, "March 2025") || h.WindowYears == nil || *h.WindowYears != 2 {
			t.Fatalf("got %s, want a 20-month job alone incomplete, the previous employer missing", res.Result.Data)
		}
		// With the previous job, the gap between them is asked about.
		_, res = b.trpc("GET", "application.employment", `{"party":"borrower","employments":[{"startDate":"2025-03-01","endDate":null},{"startDate":"2022-06-01","endDate":"2024-12-31"}]}`)
		h = decode[domain.EmploymentHistory](t, res.Result.Data)
		if h.Complete || len(h.Gaps) != 1 || h.Gaps[0].From != "2024-12-31" || len(h.Missing) != 1 || h.Missing[0].Code != "gapUnexplained" {
			t.Fatalf("got %s, want the 60-day gap asked about", res.Result.Data)
		}
		// Typed dates are checked as every input is.
		if resp, _ := b.trpc("GET", "application.employment", `{"party":"borrower","employments":[{"startDate":"03/2025","endDate":null}]}`); resp.StatusCode != 400 {
			t.Fatalf("got %d, want a date that is not yyyy-MM-dd refused", resp.StatusCode)
		}
		// Nothing typed is recorded: only decisions acted on are.
		if d, err := s.DB.LatestDecision(ctx, loanOf(t, s, "prime@example.com").ID, "heloc.employment.history"); err == nil {
			t.Fatalf("got %+v, want the typed employments' answers not recorded", d)
		}
	})

	t.Run("a 20-month job alone is not saved", func(t *testing.T) {
		code, res := saveSection(b, "/app/application/4", `{"employments":[`+job20+`],"employmentGaps":[]}`)
		msg := fieldMessage(res, "section.employments")
		if code != 400 || !strings.Contains(msg, "Your jobs listed start in March 2025. Add your previous employer") || !strings.Contains(msg, "last 2 years") {
			t.Fatalf("got %d %+v, want the previous employer asked for at the employments", code, res.Error)
		}
		if got := applicationOf(t, b); len(got.Application.User.Employments) != 0 || got.ApplicationStatus != "application5" {
			t.Fatalf("got %d employments at %s, want nothing saved", len(got.Application.User.Employments), got.ApplicationStatus)
		}
	})

	t.Run("a job that starts after this month is not saved, and is named at its start date", func(t *testing.T) {
		future := `{"employerName":"Bayview Analytics","position":"Analyst","startDate":"2030-06-01","endDate":null,"selfEmployedIndicator":false,"base":9000}`
		code, res := saveSection(b, "/app/application/4", `{"employments":[`+previous+`,`+future+`],"employmentGaps":[]}`)
		msg := fieldMessage(res, "section.employments.1.startDate")
		if code != 400 || !strings.HasPrefix(msg, "Enter a start date no later than November 2026") {
			t.Fatalf("got %d %+v, want the June 2030 start refused at its field", code, res.Error)
		}
		if msg := fieldMessage(res, "section.employments"); msg != "" {
			t.Fatalf("got %q at the employments, want no previous employer asked for before the date is right", msg)
		}
		if got := applicationOf(t, b); len(got.Application.User.Employments) != 0 {
			t.Fatalf("got %d employments, want nothing saved", len(got.Application.User.Employments))
		}
	})

	t.Run("a job that ends before it starts is not saved, and is named at its end date", func(t *testing.T) {
		backwards := `{"employerName":"Bayview Analytics","position":"Analyst","startDate":"2022-06-01","endDate":"2021-12-31","selfEmployedIndicator":false,"base":9000}`
		code, res := saveSection(b, "/app/application/4", `{"employments":[`+job20+`,`+backwards+`],"employmentGaps":[]}`)
		if msg := fieldMessage(res, "section.employments.1.endDate"); code != 400 || msg != "Enter an end date no earlier than the start date, June 2022." {
			t.Fatalf("got %d %+v, want the end before the start refused at its field", code, res.Error)
		}
		if msg := fieldMessage(res, "section.employments"); msg != "" {
			t.Fatalf("got %q at the employments, want no previous employer asked for before the dates are right", msg)
		}
		if got := applicationOf(t, b); len(got.Application.User.Employments) != 0 {
			t.Fatalf("got %d employments, want nothing saved", len(got.Application.User.Employments))
		}
	})

	t.Run("a gap without its answer is not saved", func(t *testing.T) {
		code, res := saveSection(b, "/app/application/4", `{"employments":[`+job20+`,`+previous+`],"employmentGaps":[]}`)
		if code != 400 || fieldMessage(res, "section.employmentGaps") != "Tell us what you were doing between December 2024 and March 2025." {
			t.Fatalf("got %d %+v, want the gap's question at employmentGaps", code, res.Error)
		}
		answered := `{"employments":[` + job20 + `,` + previous + `],"employmentGaps":[{"from":"2024-12-31","to":"2025-03-01","explanation":"Moved to Denver"}]}`
		if code, res := saveSection(b, "/app/application/4", answered); code != 200 {
			t.Fatalf("got %d %+v, want the covered and explained history saved", code, res.Error)
		}
		_, res = b.trpc("GET", "application.employment", `{"party":"borrower"}`)
		if h := decode[domain.EmploymentHistory](t, res.Result.Data); !h.Complete || len(h.Missing) != 0 {
			t.Fatalf("got %s, want the saved history complete", res.Result.Data)
		}
	})

	t.Run("a submission with a 20-month job alone is refused", func(t *testing.T) {
		loan := loanOf(t, s, "prime@example.com")
		// A history stored before the rule (or under a shorter window).
		if _, _, err := s.DB.UpdateApplication(ctx, loan.ID, "", func(_ *domain.Loan, app *domain.Application, _ bool) error {
			app.User.Employments = []domain.Employment{{StartDate: "2025-03-01"}}
			app.User.EmploymentGaps = nil
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		reach(t, s, "prime@example.com", "loanDisbursement")
		resp, res := b.trpc("POST", "application.submit", "")
		msg := fieldMessage(res, "employment.borrower.employments")
		if resp.StatusCode != 400 || !strings.Contains(msg, "Employment history: Your jobs listed start in March 2025. Add your previous employer") {
			t.Fatalf("got %d %+v, want the submission refused with the previous employer asked for", resp.StatusCode, res.Error)
		}
		if got := applicationOf(t, b); got.ApplicationStatus == "applicationSubmitted" || got.Application.SubmittedAt != nil {
			t.Fatal("got the application submitted")
		}
		d, err := s.DB.LatestDecision(ctx, loan.ID, "heloc.employment.history")
		if err != nil || !strings.Contains(string(d.Result), `"complete":false`) {
			t.Fatalf("got %+v, %v, want the employment decision the refusal acted on recorded", d, err)
		}
	})
}
