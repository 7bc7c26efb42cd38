package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/heloc/heloc/server/accounts"
	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/mail"
	"github.com/heloc/heloc/server/web"
)

// enrolTagged makes a portal user who carries a partner tag.
func (s *testServer) enrolTagged(t testing.TB, email, role, tag, pw string) *accounts.Enrolment {
	t.Helper()
	svc := accounts.New(s.DB, mail.NewOutbox(1), testKeyring, []byte("x"), "Test", nil)
	e, err := svc.EnrolStaffUser(context.Background(), &domain.StaffUser{Email: email, FirstName: "Pat", LastName: "Partner", Role: role, LoanOfficerTag: tag}, pw)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// portalUser is a signed-in portal user's browser.
func (s *testServer) portalUser(t testing.TB, e *accounts.Enrolment, pw string) *browser {
	t.Helper()
	b := s.browser(t)
	b.signInStaff(e, pw)
	return b
}

// demoLoanID is the loan of a demo persona (fixtures/personas.json).
func (s *testServer) demoLoanID(t testing.TB, email string) string {
	t.Helper()
	a, err := s.DB.FindApplicantByEmail(context.Background(), email)
	if err != nil {
		t.Fatal(err)
	}
	l, err := s.DB.FindLoanByApplicant(context.Background(), a.ID)
	if err != nil {
		t.Fatal(err)
	}
	return l.ID
}

type pipelinePage struct {
	Items []struct {
		LoanID        string `json:"loanId"`
		BorrowerEmail string `json:"borrowerEmail"`
		PropertyState string `json:"propertyState"`
		LoanOfficer   *struct {
			ID string `json:"id"`
		} `json:"loanOfficer"`
	} `json:"items"`
	Next *string `json:"next"`
	Prev *string `json:"prev"`
}

func (p pipelinePage) emails() string {
	var out []string
	for _, r := range p.Items {
		out = append(out, r.BorrowerEmail)
	}
	return strings.Join(out, " ")
}

// wantRefused fails t unless res is a tRPC error with code (and, when
// given, message).
func portalRefused(t *testing.T, res wireResult, code, message string) {
	t.Helper()
	if res.Error == nil || res.Error.Data.Code != code || (message != "" && res.Error.Message != message) {
		t.Fatalf("got %+v, want %s %q", res, code, message)
	}
}

func portalData[T any](t *testing.T, res wireResult) T {
	t.Helper()
	if res.Error != nil || res.Result == nil {
		t.Fatalf("got error %+v, want a result", res.Error)
	}
	var v T
	if err := json.Unmarshal(res.Result.Data, &v); err != nil {
		t.Fatalf("decode %s: %v", res.Result.Data, err)
	}
	return v
}

func TestPortalProceduresRefuseAnApplicantSession(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	b := s.browser(t)
	b.signIn("prime@example.com")
	own := s.demoLoanID(t, "prime@example.com")
	for _, call := range []struct{ method, proc, input string }{
		{"GET", "portal.pipeline", `{}`},
		{"GET", "portal.loan", `{"loanId":"` + own + `"}`},
		{"GET", "portal.borrower", `{"loanId":"` + own + `"}`},
		{"GET", "portal.documents", `{"loanId":"` + own + `"}`},
		{"POST", "portal.assign", `{"loanId":"` + own + `","loanOfficerTag":"mine"}`},
		{"POST", "portal.unmask", `{"loanId":"` + own + `","field":"borrower.ssn"}`},
	} {
		t.Run(call.proc, func(t *testing.T) {
			resp, res := b.trpc(call.method, call.proc, call.input)
			if resp.StatusCode != http.StatusUnauthorized {
				t.Fatalf("got %d, want 401", resp.StatusCode)
			}
			portalRefused(t, res, "UNAUTHORIZED", "Sign in to the portal to continue.")
		})
	}
	if team, err := s.DB.FindLoanTeam(context.Background(), own); err != nil || team.LoanOfficerTag != "" {
		t.Fatalf("got %+v, %v; want the loan's tag untouched", team, err)
	}
}

func TestPortalLoanOfficerSeesOnlyTheLoansAssignedToThem(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	const pw = "staff password 1"
	admin := s.portalUser(t, s.enrol(t, "ada@example.com", domain.RoleAdministrator, pw), pw)
	loE := s.enrol(t, "lee@example.com", "loanOfficer", pw)
	lo := s.portalUser(t, loE, pw)
	prime, trust := s.demoLoanID(t, "prime@example.com"), s.demoLoanID(t, "trust@example.com")

	_, res := admin.trpc("GET", "portal.pipeline", `{"sort":"name","limit":100}`)
	if page := portalData[pipelinePage](t, res); len(page.Items) < 10 || !strings.Contains(page.emails(), "prime@example.com") {
		t.Fatalf("administrator: got %q, want every demo loan", page.emails())
	}
	_, res = lo.trpc("GET", "portal.pipeline", `{}`)
	if page := portalData[pipelinePage](t, res); len(page.Items) != 0 {
		t.Fatalf("loan officer before assignment: got %q, want no loans", page.emails())
	}
	_, res = lo.trpc("GET", "portal.loan", `{"loanId":"`+prime+`"}`)
	portalRefused(t, res, "FORBIDDEN", "This loan is not assigned to you.")

	_, res = admin.trpc("POST", "portal.assign", `{"loanId":"`+prime+`","loanOfficerId":"`+loE.User.ID+`"}`)
	assigned := portalData[struct {
		Loan struct {
			LoanOfficer *struct {
				ID string `json:"id"`
			} `json:"loanOfficer"`
		} `json:"loan"`
	}](t, res)
	if assigned.Loan.LoanOfficer == nil || assigned.Loan.LoanOfficer.ID != loE.User.ID {
		t.Fatalf("got %+v, want the loan officer assigned", assigned)
	}

	_, res = lo.trpc("GET", "portal.pipeline", `{"search":"PRIME@"}`)
	if page := portalData[pipelinePage](t, res); page.emails() != "prime@example.com" {
		t.Fatalf("loan officer after assignment: got %q, want prime's loan alone", page.emails())
	}
	_, res = lo.trpc("GET", "portal.loan", `{"loanId":"`+prime+`"}`)
	loan := portalData[struct {
		Can map[string]bool `json:"can"`
	}](t, res)
	if !loan.Can["loans.assign"] || loan.Can["pii.unmask"] || loan.Can["audit.read"] {
		t.Fatalf("got %v, want assign allowed and unmask and audit refused", loan.Can)
	}
	for _, call := range []struct{ method, proc, input string }{
		{"GET", "portal.loan", `{"loanId":"` + trust + `"}`},
		{"GET", "portal.borrower", `{"loanId":"` + trust + `"}`},
		{"GET", "portal.documents", `{"loanId":"` + trust + `"}`},
		{"POST", "portal.assign", `{"loanId":"` + trust + `","loanOfficerId":"` + loE.User.ID + `"}`},
	} {
		_, res := lo.trpc(call.method, call.proc, call.input)
		portalRefused(t, res, "FORBIDDEN", "This loan is not assigned to you.")
	}
	// A loan officer's role grants no unmasking, even on their own loan.
	_, res = lo.trpc("POST", "portal.unmask", `{"loanId":"`+prime+`","field":"borrower.ssn"}`)
	portalRefused(t, res, "FORBIDDEN", "Your role does not allow this.")
	_, res = admin.trpc("GET", "portal.loan", `{"loanId":"00000000000000000000000000000000"}`)
	portalRefused(t, res, "NOT_FOUND", "Loan not found.")
}

func TestPortalPartnerSeesTheLoansCarryingTheirTag(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	const pw = "staff password 1"
	admin := s.portalUser(t, s.enrol(t, "ada@example.com", domain.RoleAdministrator, pw), pw)
	partner := s.portalUser(t, s.enrolTagged(t, "pat@example.com", "partner", "acme-7", pw), pw)
	prime := s.demoLoanID(t, "prime@example.com")

	_, res := partner.trpc("GET", "portal.loan", `{"loanId":"`+prime+`"}`)
	portalRefused(t, res, "FORBIDDEN", "This loan is not assigned to you.")
	_, res = admin.trpc("POST", "portal.assign", `{"loanId":"`+prime+`","loanOfficerTag":"acme-7"}`)
	portalData[any](t, res)
	_, res = partner.trpc("GET", "portal.loan", `{"loanId":"`+prime+`"}`)
	portalData[any](t, res)
	_, res = partner.trpc("GET", "portal.pipeline", `{}`)
	if page := portalData[pipelinePage](t, res); page.emails() != "prime@example.com" {
		t.Fatalf("got %q, want prime's loan alone", page.emails())
	}
	// A partner follows loans; it holds no place on a team.
	_, res = partner.trpc("POST", "portal.assign", `{"loanId":"`+prime+`","loanOfficerTag":""}`)
	portalRefused(t, res, "FORBIDDEN", "Your role does not allow this.")
}

func TestPortalBorrowerIsMaskedAndEachUnmaskingAudited(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	const pw = "staff password 1"
	adminE := s.enrol(t, "ada@example.com", domain.RoleAdministrator, pw)
	admin := s.portalUser(t, adminE, pw)
	prime := s.demoLoanID(t, "prime@example.com")
	// The borrower saves an SSN and date of birth on the application.
	if _, _, err := s.DB.UpdateApplication(context.Background(), prime, "", func(l *domain.Loan, app *domain.Application, _ bool) error {
		ssn, dob, base := "123456789", "1980-04-02", domain.CentsOf(9500)
		app.User.SSN, app.User.DateOfBirth = &ssn, &dob
		app.User.Employments = []domain.Employment{{Base: &base, StartDate: "2020-01-01"}}
		return nil
	}); err != nil {
		t.Fatal(err)
	}

	_, res := admin.trpc("GET", "portal.borrower", `{"loanId":"`+prime+`"}`)
	body := string(res.Result.Data)
	for _, secret := range []string{"123456789", "1980-04-02", "9,500", "9500"} {
		if strings.Contains(body, secret) {
			t.Fatalf("got %s, want %s masked", body, secret)
		}
	}
	if !strings.Contains(body, `"masked":"***-**-6789"`) || !strings.Contains(body, `"canUnmask":true`) {
		t.Fatalf("got %s, want the SSN's last four and unmasking allowed", body)
	}

	_, res = admin.trpc("POST", "portal.unmask", `{"loanId":"`+prime+`","field":"borrower.ssn"}`)
	if got := portalData[struct{ Value string }](t, res); got.Value != "123-45-6789" {
		t.Fatalf("got %+v, want the SSN", got)
	}
	_, res = admin.trpc("POST", "portal.unmask", `{"loanId":"`+prime+`","field":"borrower.monthlyIncome"}`)
	if got := portalData[struct{ Value string }](t, res); got.Value != "$9,500" {
		t.Fatalf("got %+v, want $9,500", got)
	}
	_, res = admin.trpc("POST", "portal.unmask", `{"loanId":"`+prime+`","field":"coborrower.ssn"}`)
	portalRefused(t, res, "BAD_REQUEST", "This loan has no such field to show.")

	page, err := s.DB.ListAudit(context.Background(), domain.AuditFilter{LoanID: prime, Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range page.Items {
		got = append(got, fmt.Sprintf("%s %s %s", e.ActorEmail, e.Action, e.Subject))
		if strings.Contains(e.Detail, "6789") || strings.Contains(e.Subject, "6789") {
			t.Fatalf("audit entry %+v holds a value", e)
		}
	}
	want := "ada@example.com pii.unmask borrower.monthlyIncome, ada@example.com pii.unmask borrower.ssn, ada@example.com loans.read borrower data"
	if strings.Join(got, ", ") != want {
		t.Fatalf("got audit %q, want %q", strings.Join(got, ", "), want)
	}
}

func TestPortalDocumentDownloadNeedsTheLoanAndIsAudited(t *testing.T) {
	s, _ := openDocumentsServer(t, web.Config{Now: time.Now}) // the authenticator codes are of the real clock
	b := s.browser(t)
	b.signIn("prime@example.com")
	photo := pngBytes(t)
	resp, res := upload(b, map[string]string{"type": "bankStatements", "party": "borrower"}, "statement.png", photo, nil)
	if resp.StatusCode != 200 {
		t.Fatalf("got %d %+v", resp.StatusCode, res.Error)
	}
	id := decode[documentsView](t, res.Result.Data).Uploads[0].ID
	prime := s.demoLoanID(t, "prime@example.com")

	const pw = "staff password 1"
	admin := s.portalUser(t, s.enrol(t, "ada@example.com", domain.RoleAdministrator, pw), pw)
	partner := s.portalUser(t, s.enrolTagged(t, "pat@example.com", "partner", "acme-7", pw), pw)
	if resp, _ := partner.send("GET", "/api/documents/"+id, "", "", nil); resp.StatusCode != http.StatusForbidden {
		t.Fatalf("partner without the tag: got %d, want 403", resp.StatusCode)
	}
	_, res = admin.trpc("POST", "portal.assign", `{"loanId":"`+prime+`","loanOfficerTag":"acme-7"}`)
	portalData[any](t, res)
	resp, body := partner.send("GET", "/api/documents/"+id, "", "", nil)
	if resp.StatusCode != 200 || string(body) != string(photo) || !strings.HasPrefix(resp.Header.Get("Content-Disposition"), "attachment") {
		t.Fatalf("partner with the tag: got %d (%s), want the file as an attachment", resp.StatusCode, resp.Header.Get("Content-Disposition"))
	}
	_, res = partner.trpc("GET", "portal.documents", `{"loanId":"`+prime+`"}`)
	if docs := portalData[documentsView](t, res); len(docs.Uploads) != 1 || docs.Uploads[0].ID != id {
		t.Fatalf("got %+v, want the one upload listed", docs.Uploads)
	}
	page, err := s.DB.ListAudit(context.Background(), domain.AuditFilter{LoanID: prime, Action: "documents.read", Limit: 10})
	if err != nil || len(page.Items) != 1 || page.Items[0].ActorEmail != "pat@example.com" || page.Items[0].Subject != "document "+id {
		t.Fatalf("got %+v, %v; want the partner's one download recorded", page, err)
	}
	if resp, _ := admin.send("GET", "/api/documents/"+strings.Repeat("0", 32), "", "", nil); resp.StatusCode != http.StatusNotFound {
		t.Fatalf("unknown document: got %d, want 404", resp.StatusCode)
	}
}

func TestPortalPipelinePagesForwardsAndBack(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	const pw = "staff password 1"
	admin := s.portalUser(t, s.enrol(t, "ada@example.com", domain.RoleAdministrator, pw), pw)
	pageAt := func(input string) pipelinePage {
		t.Helper()
		_, res := admin.trpc("GET", "portal.pipeline", input)
		return portalData[pipelinePage](t, res)
	}
	var all []string
	input := `{"sort":"name","direction":"asc","limit":4}`
	first := pageAt(input)
	if first.Prev != nil || first.Next == nil {
		t.Fatalf("first page: got prev %v next %v, want only a next", first.Prev, first.Next)
	}
	pages := []pipelinePage{first}
	for p := first; p.Next != nil; {
		p = pageAt(`{"sort":"name","direction":"asc","limit":4,"cursor":"` + *p.Next + `"}`)
		if p.Prev == nil {
			t.Fatalf("a later page has no prev")
		}
		pages = append(pages, p)
	}
	for _, p := range pages {
		all = append(all, p.emails())
	}
	// The demo has 11 loans: pages of 4, 4 and 3, by last name.
	if len(pages) != 3 || len(pages[2].Items) != 3 || !strings.HasPrefix(all[0], "prime@example.com ") {
		t.Fatalf("got pages %q, want 4, 4 and 3 loans, Bennett first", all)
	}
	back := pageAt(`{"sort":"name","direction":"asc","limit":4,"cursor":"` + *pages[2].Prev + `"}`)
	if back.emails() != all[1] || back.Next == nil || back.Prev == nil {
		t.Fatalf("back from the last page: got %q, want %q with both cursors", back.emails(), all[1])
	}
	back = pageAt(`{"sort":"name","direction":"asc","limit":4,"cursor":"` + *back.Prev + `"}`)
	if back.emails() != all[0] || back.Prev != nil {
		t.Fatalf("back to the first page: got %q (prev %v), want %q and no prev", back.emails(), back.Prev, all[0])
	}
	_, res := admin.trpc("GET", "portal.pipeline", `{"sort":"amount","limit":4,"cursor":"`+*first.Next+`"}`)
	portalRefused(t, res, "BAD_REQUEST", "The sort changed: start from the first page.")
	_, res = admin.trpc("GET", "portal.pipeline", `{"sort":"ssn"}`)
	portalRefused(t, res, "BAD_REQUEST", "")
}

// Staff read a loan's status in the funnel policy's words
// (heloc.funnel.step_labels), in the pipeline, its status filter and on
// the loan's page: "Declarations", not application8.
func TestPortalStatusesReadInThePolicysWords(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	const pw = "staff password 1"
	admin := s.portalUser(t, s.enrol(t, "ada@example.com", domain.RoleAdministrator, pw), pw)
	type row struct {
		LoanID            string `json:"loanId"`
		ApplicationStatus string `json:"applicationStatus"`
		StatusLabel       string `json:"statusLabel"`
	}
	_, res := admin.trpc("GET", "portal.pipeline", `{"limit":100}`)
	page := portalData[struct {
		Items    []row `json:"items"`
		Statuses []struct {
			Step  string `json:"step"`
			Label string `json:"label"`
		} `json:"statuses"`
	}](t, res)
	words := map[string]string{}
	for _, o := range page.Statuses {
		words[o.Step] = o.Label
	}
	if words["application8"] != "Declarations" || words["applicationSubmitted"] != "Submitted" || words["propertyValue"] != "Home value" {
		t.Fatalf("got the filter's statuses %+v, want each in the policy's words", page.Statuses)
	}
	if len(page.Items) == 0 {
		t.Fatal("got no loans, want the demo loans")
	}
	for _, r := range page.Items {
		if r.StatusLabel == "" || r.StatusLabel != words[r.ApplicationStatus] {
			t.Errorf("loan at %s: got %q, want %q", r.ApplicationStatus, r.StatusLabel, words[r.ApplicationStatus])
		}
	}
	first := page.Items[0]
	_, res = admin.trpc("GET", "portal.loan", `{"loanId":"`+first.LoanID+`"}`)
	if loan := portalData[struct {
		Loan row `json:"loan"`
	}](t, res); loan.Loan.StatusLabel != first.StatusLabel {
		t.Fatalf("the loan's page: got %q, want %q as in the pipeline", loan.Loan.StatusLabel, first.StatusLabel)
	}
}
