package web_test

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/web"
)

type portalConditionsView struct {
	LoanID        string           `json:"loanId"`
	CanManage     bool             `json:"canManage"`
	HasCoborrower bool             `json:"hasCoborrower"`
	Conditions    []wireCondition  `json:"conditions"`
	Catalog       []map[string]any `json:"catalog"`
}

type wireCondition struct {
	ID           string          `json:"id"`
	Code         string          `json:"code"`
	Kind         string          `json:"kind"`
	Label        string          `json:"label"`
	DocumentType *string         `json:"documentType"`
	Party        string          `json:"party"`
	Note         string          `json:"note"`
	Status       string          `json:"status"`
	Answer       json.RawMessage `json:"answer"`
	MailSentAt   *string         `json:"mailSentAt"`
	AddedBy      struct {
		Email string `json:"email"`
	} `json:"addedBy"`
	ResolvedBy *struct {
		Email string `json:"email"`
	} `json:"resolvedBy"`
	ResolvedAt *string `json:"resolvedAt"`
	Documents  []struct {
		ID string `json:"id"`
	} `json:"documents"`
}

type borrowerConditionsView struct {
	Closed     bool            `json:"closed"`
	Conditions []wireCondition `json:"conditions"`
}

// conditionEntry is the upload page's entry of a condition.
type conditionEntry struct {
	Type      string `json:"type"`
	Label     string `json:"label"`
	Required  int    `json:"required"`
	Uploaded  int    `json:"uploaded"`
	Missing   int    `json:"missing"`
	Condition *struct {
		ID   string `json:"id"`
		Code string `json:"code"`
	} `json:"condition"`
}

func conditionEntries(t *testing.T, b *browser) []conditionEntry {
	t.Helper()
	resp, res := b.trpc("GET", "documents.list", "")
	if resp.StatusCode != 200 {
		t.Fatalf("documents.list: got %d %+v", resp.StatusCode, res.Error)
	}
	var v struct {
		Requirements struct {
			TotalMissing int `json:"totalMissing"`
			Documents    struct {
				Borrower []conditionEntry `json:"borrower"`
			} `json:"documents"`
		} `json:"requirements"`
	}
	if err := json.Unmarshal(res.Result.Data, &v); err != nil {
		t.Fatal(err)
	}
	var out []conditionEntry
	for _, e := range v.Requirements.Documents.Borrower {
		if e.Condition != nil {
			out = append(out, e)
		}
	}
	return out
}

func mustCall[T any](t *testing.T, b *browser, method, proc, input string) T {
	t.Helper()
	resp, res := b.trpc(method, proc, input)
	if resp.StatusCode != 200 {
		t.Fatalf("%s: got %d %+v", proc, resp.StatusCode, res.Error)
	}
	return decode[T](t, res.Result.Data)
}

func auditActions(t *testing.T, s *testServer, loanID string) []string {
	t.Helper()
	page, err := s.DB.ListAudit(context.Background(), domain.AuditFilter{LoanID: loanID, Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range page.Items {
		out = append(out, e.Action)
	}
	return out
}

// A decline closes the application (the underwriting table's closes): the
// borrower's documents and conditions say so, and the upload and the
// answer that an open condition took before the decline are refused, as
// the services are wired.
func TestAClosedApplicationTakesNoDocumentAndNoAnswer(t *testing.T) {
	s, _ := openDocumentsServer(t, web.Config{Now: time.Now}) // the authenticator codes are of the real clock
	borrower := s.browser(t)
	borrower.signIn("prime@example.com")
	loanID := s.demoLoanID(t, "prime@example.com")
	submitForDecision(t, s, loanID)
	const pw = "staff password 1"
	underwriter := s.portalUser(t, s.enrolTagged(t, "uw@example.com", "underwriter", "", pw), pw)
	statement := mustCall[wireCondition](t, underwriter, "POST", "portal.addCondition", `{"loanId":"`+loanID+`","code":"303"}`)
	letter := mustCall[wireCondition](t, underwriter, "POST", "portal.addCondition", `{"loanId":"`+loanID+`","code":"104"}`)

	closed := func() (documents, conditions bool) {
		var docs struct {
			Closed bool `json:"closed"`
		}
		_, res := borrower.trpc("GET", "documents.list", "")
		if res.Error != nil || json.Unmarshal(res.Result.Data, &docs) != nil {
			t.Fatalf("documents.list: got %+v", res)
		}
		return docs.Closed, mustCall[borrowerConditionsView](t, borrower, "GET", "conditions.list", "").Closed
	}
	if docs, conds := closed(); docs || conds {
		t.Fatalf("before a decision: documents closed %v, conditions closed %v; want both open", docs, conds)
	}
	// Before the decline the condition takes its document (the gate below
	// is the decline's, not the submission's).
	if resp, res := upload(borrower, map[string]string{"type": "mortgageStatement", "party": "borrower", "conditionId": statement.ID}, "statement.pdf", pdfDoc(), nil); resp.StatusCode != 200 {
		t.Fatalf("an upload for the open condition: got %d %+v, want it taken", resp.StatusCode, res.Error)
	}
	if _, res := underwriter.trpc("POST", "portal.decide", `{"loanId":"`+loanID+`","action":"decline","reasons":["C1_COLLATERAL"]}`); res.Error != nil {
		t.Fatalf("portal.decide: %+v", res.Error)
	}

	if docs, conds := closed(); !docs || !conds {
		t.Fatalf("after the decline: documents closed %v, conditions closed %v; want both closed", docs, conds)
	}
	if resp, res := upload(borrower, map[string]string{"type": "mortgageStatement", "party": "borrower", "conditionId": statement.ID}, "statement 2.pdf", pdfDoc(), nil); resp.StatusCode != 409 || res.Error == nil {
		t.Fatalf("an upload after the decline: got %d %+v, want 409", resp.StatusCode, res.Error)
	}
	if resp, res := borrower.trpc("POST", "conditions.answer", `{"conditionId":"`+letter.ID+`","text":"My maiden name."}`); resp.StatusCode != 409 || res.Error == nil {
		t.Fatalf("an answer after the decline: got %d %+v, want 409", resp.StatusCode, res.Error)
	}
}

func TestAStaffDocumentConditionReachesTheBorrowersUploadPageAfterSubmission(t *testing.T) {
	s, _ := openDocumentsServer(t, web.Config{Now: time.Now}) // the authenticator codes are of the real clock
	borrower := s.browser(t)
	borrower.signIn("prime@example.com")
	loan := loanOf(t, s, "prime@example.com")
	reach(t, s, "prime@example.com", "applicationSubmitted")

	const pw = "staff password 1"
	admin := s.browser(t)
	admin.signInStaff(s.enrol(t, "ada@example.com", "administrator", pw), pw)

	view := mustCall[portalConditionsView](t, admin, "GET", "portal.conditions", `{"loanId":"`+loan.ID+`"}`)
	if !view.CanManage || len(view.Conditions) != 0 || len(view.Catalog) != 45 {
		t.Fatalf("got %+v, want a manager, no condition and the 45 codes of the catalogue", view)
	}
	added := mustCall[wireCondition](t, admin, "POST", "portal.addCondition", `{"loanId":"`+loan.ID+`","code":"303","note":"The Chase lien"}`)
	if added.Status != "open" || added.Kind != "document" || added.DocumentType == nil || *added.DocumentType != "mortgageStatement" ||
		added.Party != "borrower" || added.AddedBy.Email != "ada@example.com" {
		t.Fatalf("got %+v, want an open mortgage-statement request by ada", added)
	}
	// The catalogue the condition was set from is recorded for the loan.
	if d, err := s.DB.LatestDecision(context.Background(), loan.ID, "heloc.conditions.catalog"); err != nil || d.Revision == "" || !strings.Contains(string(d.Result), `"303"`) {
		t.Fatalf("got %+v, %v, want the condition catalogue recorded for the loan", d, err)
	}

	// The borrower's upload page lists it, missing, though the application is submitted.
	entries := conditionEntries(t, borrower)
	if len(entries) != 1 || entries[0].Condition.ID != added.ID || entries[0].Type != "mortgageStatement" || entries[0].Missing != 1 {
		t.Fatalf("got %+v, want the request missing on the upload page", entries)
	}
	mine := mustCall[borrowerConditionsView](t, borrower, "GET", "conditions.list", "")
	if len(mine.Conditions) != 1 || mine.Conditions[0].Note != "The Chase lien" || mine.Conditions[0].Status != "open" {
		t.Fatalf("got %+v, want the borrower to see the open condition with its note", mine)
	}

	// An upload that names no condition is still refused after submission;
	// one for the condition is taken.
	photo := pngBytes(t)
	if resp, res := upload(borrower, map[string]string{"type": "mortgageStatement", "party": "borrower"}, "s.png", photo, nil); resp.StatusCode != 403 {
		t.Fatalf("got %d %+v, want 403 for an upload that answers no condition", resp.StatusCode, res.Error)
	}
	if resp, res := upload(borrower, map[string]string{"type": "paystubs", "party": "borrower", "conditionId": added.ID}, "s.png", photo, nil); resp.StatusCode != 400 || !hasField(res.Error.Data.Fields, "type") {
		t.Fatalf("got %d %+v, want 400 at type for another kind of document", resp.StatusCode, res.Error)
	}
	resp, res := upload(borrower, map[string]string{"type": "mortgageStatement", "party": "borrower", "conditionId": added.ID}, "statement.png", photo, nil)
	if resp.StatusCode != 200 {
		t.Fatalf("got %d %+v", resp.StatusCode, res.Error)
	}
	if entries := conditionEntries(t, borrower); len(entries) != 1 || entries[0].Missing != 0 || entries[0].Uploaded != 1 {
		t.Fatalf("got %+v, want the request answered", entries)
	}

	// Staff see it answered with its document, clear it, and who and when is kept.
	view = mustCall[portalConditionsView](t, admin, "GET", "portal.conditions", `{"loanId":"`+loan.ID+`"}`)
	if c := view.Conditions[0]; c.Status != "answered" || len(c.Documents) != 1 {
		t.Fatalf("got %+v, want it answered with the document", c)
	}
	cleared := mustCall[wireCondition](t, admin, "POST", "portal.clearCondition", `{"loanId":"`+loan.ID+`","conditionId":"`+added.ID+`","outcome":"cleared"}`)
	if cleared.Status != "cleared" || cleared.ResolvedBy == nil || cleared.ResolvedBy.Email != "ada@example.com" || cleared.ResolvedAt == nil {
		t.Fatalf("got %+v, want it cleared by ada with the time", cleared)
	}
	if resp, res := admin.trpc("POST", "portal.clearCondition", `{"loanId":"`+loan.ID+`","conditionId":"`+added.ID+`","outcome":"waived"}`); resp.StatusCode != 409 {
		t.Fatalf("got %d %+v, want 409 for a condition cleared already", resp.StatusCode, res.Error)
	}
	// A cleared request is no longer asked on the upload page.
	if entries := conditionEntries(t, borrower); len(entries) != 0 {
		t.Fatalf("got %+v, want no request after clearing", entries)
	}
	got := strings.Join(auditActions(t, s, loan.ID), ",")
	for _, want := range []string{"conditions.add", "conditions.clear"} {
		if !strings.Contains(got, want) {
			t.Fatalf("got audit %s, want %s", got, want)
		}
	}
}

func TestABorrowerAnswersATextConditionAndStaffSeeIt(t *testing.T) {
	s, _ := openDocumentsServer(t, web.Config{Now: time.Now})
	borrower := s.browser(t)
	borrower.signIn("prime@example.com")
	loan := loanOf(t, s, "prime@example.com")
	reach(t, s, "prime@example.com", "applicationSubmitted")
	const pw = "staff password 1"
	admin := s.browser(t)
	admin.signInStaff(s.enrol(t, "ada@example.com", "administrator", pw), pw)

	text := mustCall[wireCondition](t, admin, "POST", "portal.addCondition", `{"loanId":"`+loan.ID+`","code":"104"}`)
	job := mustCall[wireCondition](t, admin, "POST", "portal.addCondition", `{"loanId":"`+loan.ID+`","code":"408"}`)
	home := mustCall[wireCondition](t, admin, "POST", "portal.addCondition", `{"loanId":"`+loan.ID+`","code":"103"}`)
	if entries := conditionEntries(t, borrower); len(entries) != 0 {
		t.Fatalf("got %+v, want no upload for a text condition", entries)
	}

	for name, tc := range map[string]struct {
		input, field string
	}{
		"an empty text":                {`{"conditionId":"` + text.ID + `","text":"   "}`, "text"},
		"an address for a question":    {`{"conditionId":"` + text.ID + `","address":{"addresses":[{"address":{"line1":"1 Main","city":"X","state":"CA","zip":"94110"}}]}}`, "address"},
		"nothing":                      {`{"conditionId":"` + text.ID + `"}`, "text"},
		"an end before the start":      {`{"conditionId":"` + job.ID + `","employment":{"employments":[{"employerName":"Acme","startDate":"2024-01-01","endDate":"2023-01-01"}]}}`, "employment.employments.0.endDate"},
		"no employer":                  {`{"conditionId":"` + job.ID + `","employment":{"employments":[]}}`, "employment.employments"},
		"a start date that is not one": {`{"conditionId":"` + job.ID + `","employment":{"employments":[{"employerName":"Acme","startDate":"2024-02-31"}]}}`, "employment.employments.0.startDate"},
		"a start after this month":     {`{"conditionId":"` + job.ID + `","employment":{"employments":[{"employerName":"Acme","startDate":"2019-03-01","endDate":null},{"employerName":"Beta","startDate":"2099-01-01","endDate":null}]}}`, "employment.employments.1.startDate"},
		// The application's pages refuse an address in another state than its ZIP code's; so does an answer.
		"a state that is not the ZIP code's": {`{"conditionId":"` + home.ID + `","address":{"addresses":[{"address":{"line1":"1 Main","city":"San Francisco","state":"CA","zip":"94110"}},{"address":{"line1":"5 Oak St","city":"Peoria","state":"WI","zip":"61602"}}]}}`, "address.addresses.1.address.state"},
		"a ZIP code of no state":             {`{"conditionId":"` + home.ID + `","address":{"addresses":[{"address":{"line1":"1 Main","city":"X","state":"CA","zip":"00000"}}]}}`, "address.addresses.0.address.zip"},
	} {
		t.Run(name, func(t *testing.T) {
			resp, res := borrower.trpc("POST", "conditions.answer", tc.input)
			if resp.StatusCode != 400 || !hasField(res.Error.Data.Fields, tc.field) {
				t.Fatalf("got %d %+v, want 400 at %s", resp.StatusCode, res.Error, tc.field)
			}
		})
	}

	mine := mustCall[borrowerConditionsView](t, borrower, "POST", "conditions.answer", `{"conditionId":"`+text.ID+`","text":"Pat and Patricia Prime are the same person."}`)
	if mine.Conditions[0].Status != "answered" {
		t.Fatalf("got %+v, want the question answered", mine.Conditions[0])
	}
	mustCall[borrowerConditionsView](t, borrower, "POST", "conditions.answer",
		`{"conditionId":"`+job.ID+`","employment":{"employments":[{"employerName":"Acme Bakery","position":"Baker","startDate":"2019-03-01","endDate":null}]}}`)
	mustCall[borrowerConditionsView](t, borrower, "POST", "conditions.answer",
		`{"conditionId":"`+home.ID+`","address":{"addresses":[{"address":{"line1":"1 Main","city":"San Francisco","state":"CA","zip":"94110"}},{"address":{"line1":"5 Oak St","city":"Peoria","state":"IL","zip":"61602"}}]}}`)

	view := mustCall[portalConditionsView](t, admin, "GET", "portal.conditions", `{"loanId":"`+loan.ID+`"}`)
	if !strings.Contains(string(view.Conditions[0].Answer), "Patricia") || !strings.Contains(string(view.Conditions[1].Answer), "Acme Bakery") {
		t.Fatalf("got %s and %s, want the answers", view.Conditions[0].Answer, view.Conditions[1].Answer)
	}
	if got := strings.Join(auditActions(t, s, loan.ID), ","); !strings.Contains(got, "conditions.read") {
		t.Fatalf("got audit %s, want the view of the answers recorded", got)
	}

	// Another borrower reaches neither the condition nor its answer.
	other := s.browser(t)
	other.signIn("late-payment@example.com")
	if resp, _ := other.trpc("POST", "conditions.answer", `{"conditionId":"`+text.ID+`","text":"mine now"}`); resp.StatusCode != 404 {
		t.Fatalf("got %d, want 404 for another loan's condition", resp.StatusCode)
	}
	if v := mustCall[borrowerConditionsView](t, other, "GET", "conditions.list", ""); len(v.Conditions) != 0 {
		t.Fatalf("got %+v, want none of another loan's", v)
	}

	// Once waived, the question takes no more answers.
	mustCall[wireCondition](t, admin, "POST", "portal.clearCondition", `{"loanId":"`+loan.ID+`","conditionId":"`+text.ID+`","outcome":"waived","note":"Not needed"}`)
	if resp, _ := borrower.trpc("POST", "conditions.answer", `{"conditionId":"`+text.ID+`","text":"again"}`); resp.StatusCode != 409 {
		t.Fatalf("got %d, want 409 after the condition was waived", resp.StatusCode)
	}
}

func TestAnEmailConditionSendsItsMessageAndWaitsForStaff(t *testing.T) {
	s, _ := openDocumentsServer(t, web.Config{Now: time.Now})
	loan := loanOf(t, s, "prime@example.com")
	const pw = "staff password 1"
	admin := s.browser(t)
	admin.signInStaff(s.enrol(t, "ada@example.com", "administrator", pw), pw)
	added := mustCall[wireCondition](t, admin, "POST", "portal.addCondition", `{"loanId":"`+loan.ID+`","code":"108"}`)
	if added.Kind != "email" || added.Status != "sent" || added.MailSentAt == nil {
		t.Fatalf("got %+v, want an e-mail condition sent", added)
	}
	msg, ok := s.Outbox.Latest("prime@example.com")
	if !ok || !strings.Contains(msg.Text, "no new credit has been opened") || !strings.Contains(msg.Text, "condition 108") {
		t.Fatalf("got %+v, want the condition's e-mail to the borrower", msg)
	}
	borrower := s.browser(t)
	borrower.signIn("prime@example.com")
	if resp, res := borrower.trpc("POST", "conditions.answer", `{"conditionId":"`+added.ID+`","text":"ok"}`); resp.StatusCode != 400 || !hasField(res.Error.Data.Fields, "conditionId") {
		t.Fatalf("got %d %+v, want an e-mail condition not answered here", resp.StatusCode, res.Error)
	}
	// A coborrower is asked only on a loan with one.
	if resp, res := admin.trpc("POST", "portal.addCondition", `{"loanId":"`+loan.ID+`","code":"108","party":"coborrower"}`); resp.StatusCode != 400 || !hasField(res.Error.Data.Fields, "party") {
		t.Fatalf("got %d %+v, want 400 at party", resp.StatusCode, res.Error)
	}
	if resp, res := admin.trpc("POST", "portal.addCondition", `{"loanId":"`+loan.ID+`","code":"999"}`); resp.StatusCode != 400 || !hasField(res.Error.Data.Fields, "code") {
		t.Fatalf("got %d %+v, want 400 at code for a code the catalogue lacks", resp.StatusCode, res.Error)
	}
	if resp, res := admin.trpc("POST", "portal.addCondition", `{"loanId":"`+loan.ID+`","code":"1a3"}`); resp.StatusCode != 400 || !hasField(res.Error.Data.Fields, "code") {
		t.Fatalf("got %d %+v, want 400 at code from the schema", resp.StatusCode, res.Error)
	}
}

func TestConditionsAreManagedOnlyByTheRolesThatMay(t *testing.T) {
	s, _ := openDocumentsServer(t, web.Config{Now: time.Now})
	loan := loanOf(t, s, "prime@example.com")
	const pw = "staff password 1"
	officer := s.browser(t)
	lou := s.enrol(t, "lou@example.com", "loanOfficer", pw)
	officer.signInStaff(lou, pw)
	if resp, _ := officer.trpc("GET", "portal.conditions", `{"loanId":"`+loan.ID+`"}`); resp.StatusCode != 403 {
		t.Fatalf("got %d, want 403 for a loan officer on a loan not theirs", resp.StatusCode)
	}
	if resp, _ := officer.trpc("POST", "portal.addCondition", `{"loanId":"`+loan.ID+`","code":"303"}`); resp.StatusCode != 403 {
		t.Fatalf("got %d, want 403 for a loan officer on a loan not theirs", resp.StatusCode)
	}
	// On their own loan they manage its conditions.
	if _, err := s.DB.UpdateLoanTeam(context.Background(), loan.ID, domain.LoanTeamPatch{LoanOfficerID: &lou.User.ID}); err != nil {
		t.Fatal(err)
	}
	if v := mustCall[portalConditionsView](t, officer, "GET", "portal.conditions", `{"loanId":"`+loan.ID+`"}`); !v.CanManage {
		t.Fatalf("got %+v, want a loan officer to manage the conditions of their own loan", v.CanManage)
	}
	mustCall[wireCondition](t, officer, "POST", "portal.addCondition", `{"loanId":"`+loan.ID+`","code":"303"}`)

	// A partner reads the loans of their tag, conditions included, and changes none.
	tag := "acme-referrals"
	pat := s.enrol(t, "pat@example.com", "partner", pw)
	if err := s.DB.SetStaffUserTag(context.Background(), pat.User.ID, tag, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := s.DB.UpdateLoanTeam(context.Background(), loan.ID, domain.LoanTeamPatch{LoanOfficerTag: &tag}); err != nil {
		t.Fatal(err)
	}
	partner := s.browser(t)
	partner.signInStaff(pat, pw)
	v := mustCall[portalConditionsView](t, partner, "GET", "portal.conditions", `{"loanId":"`+loan.ID+`"}`)
	if v.CanManage || len(v.Conditions) != 1 {
		t.Fatalf("got canManage %v and %d conditions, want the condition shown read-only", v.CanManage, len(v.Conditions))
	}
	if resp, _ := partner.trpc("POST", "portal.addCondition", `{"loanId":"`+loan.ID+`","code":"303"}`); resp.StatusCode != 403 {
		t.Fatalf("got %d, want 403 for a role without conditions.manage", resp.StatusCode)
	}
	if resp, _ := partner.trpc("POST", "portal.clearCondition", `{"loanId":"`+loan.ID+`","conditionId":"`+v.Conditions[0].ID+`","outcome":"cleared"}`); resp.StatusCode != 403 {
		t.Fatalf("got %d, want 403 for a role without conditions.manage", resp.StatusCode)
	}
	uw := s.browser(t)
	uw.signInStaff(s.enrol(t, "uma@example.com", "underwriter", pw), pw)
	if resp, _ := uw.trpc("GET", "portal.conditions", `{"loanId":"0123456789abcdef0123456789abcdef"}`); resp.StatusCode != 404 {
		t.Fatalf("got %d, want 404 for a loan that does not exist", resp.StatusCode)
	}
	if v := mustCall[portalConditionsView](t, uw, "GET", "portal.conditions", `{"loanId":"`+loan.ID+`"}`); !v.CanManage {
		t.Fatalf("got %+v, want an underwriter to manage conditions", v)
	}
	// An applicant is no portal user.
	borrower := s.browser(t)
	borrower.signIn("prime@example.com")
	if resp, _ := borrower.trpc("POST", "portal.addCondition", `{"loanId":"`+loan.ID+`","code":"303"}`); resp.StatusCode != 401 && resp.StatusCode != 403 {
		t.Fatalf("got %d, want the borrower refused", resp.StatusCode)
	}
}

// An open e-mail condition can be sent again (a reminder, or a first
// message the relay did not take), not twice within a minute, and not once
// it is cleared; a condition of another kind has no e-mail to send.
func TestAnEmailConditionIsSentAgainWhileOpen(t *testing.T) {
	var ahead atomic.Int64 // how far the server's and the store's clock are ahead of the real one
	clock := func() time.Time { return time.Now().Add(time.Duration(ahead.Load())) }
	s, _ := openDocumentsServer(t, web.Config{Now: clock})
	s.DB.Now = clock // the e-mail's time is the store's
	loan := loanOf(t, s, "prime@example.com")
	const pw = "staff password 1"
	admin := s.browser(t)
	admin.signInStaff(s.enrol(t, "ada@example.com", "administrator", pw), pw)
	added := mustCall[wireCondition](t, admin, "POST", "portal.addCondition", `{"loanId":"`+loan.ID+`","code":"108"}`)
	mailsTo := func() int {
		n := 0
		for _, m := range s.Outbox.Messages() {
			if m.To == "prime@example.com" && strings.Contains(m.Text, "condition 108") {
				n++
			}
		}
		return n
	}
	ref := `{"loanId":"` + loan.ID + `","conditionId":"` + added.ID + `"}`
	wantConflict := func(why, input string) {
		t.Helper()
		if resp, res := admin.trpc("POST", "portal.resendCondition", input); resp.StatusCode != 409 || res.Error.Data.Code != "CONFLICT" {
			t.Fatalf("%s: got %d %+v, want CONFLICT", why, resp.StatusCode, res.Error)
		}
	}

	wantConflict("a second e-mail within the minute", ref)
	if n := mailsTo(); n != 1 {
		t.Fatalf("got %d e-mails, want the first only", n)
	}
	ahead.Store(int64(2 * time.Minute))
	again := mustCall[wireCondition](t, admin, "POST", "portal.resendCondition", ref)
	if again.Status != "sent" || again.MailSentAt == nil || !mustTime(t, *again.MailSentAt).After(mustTime(t, *added.MailSentAt).Add(time.Minute)) {
		t.Fatalf("got %+v, want the condition sent again, later", again)
	}
	if n := mailsTo(); n != 2 {
		t.Fatalf("got %d e-mails, want the condition's message twice", n)
	}
	if entries := usersAuditLog(t, admin, `{"action":"conditions.resend"}`); len(entries) != 1 || entries[0].LoanID != loan.ID {
		t.Fatalf("got %+v, want the resend in the audit log", entries)
	}

	text := mustCall[wireCondition](t, admin, "POST", "portal.addCondition", `{"loanId":"`+loan.ID+`","code":"104"}`)
	wantConflict("a text condition", `{"loanId":"`+loan.ID+`","conditionId":"`+text.ID+`"}`)
	mustCall[wireCondition](t, admin, "POST", "portal.clearCondition", `{"loanId":"`+loan.ID+`","conditionId":"`+added.ID+`","outcome":"cleared"}`)
	ahead.Store(int64(4 * time.Minute))
	wantConflict("a cleared condition", ref)
	if n := mailsTo(); n != 2 {
		t.Fatalf("got %d e-mails, want none sent for a refused resend", n)
	}
}

func mustTime(t *testing.T, s string) time.Time {
	t.Helper()
	at, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		t.Fatal(err)
	}
	return at
}

// A loan's people are sent at most 10 condition e-mails an hour: an
// administrator adding e-mail conditions one after another gets ten sent,
// then TOO_MANY_REQUESTS with Retry-After for an eleventh and for a
// resend, and the refused condition is not set. A condition without an
// e-mail is still added.
func TestConditionEmailsAreLimitedPerLoanAndHour(t *testing.T) {
	var ahead atomic.Int64 // how far the server's and the store's clock are ahead of the real one
	clock := func() time.Time { return time.Now().Add(time.Duration(ahead.Load())) }
	s, _ := openDocumentsServer(t, web.Config{Now: clock})
	s.DB.Now = clock // the e-mails' times are the store's
	loan := loanOf(t, s, "prime@example.com")
	const pw = "staff password 1"
	admin := s.browser(t)
	admin.signInStaff(s.enrol(t, "ada@example.com", "administrator", pw), pw)
	add := `{"loanId":"` + loan.ID + `","code":"108"}`
	var first wireCondition
	for i := range 10 {
		c := mustCall[wireCondition](t, admin, "POST", "portal.addCondition", add)
		if i == 0 {
			first = c
		}
	}
	wantTooMany := func(proc, input string, most time.Duration) {
		t.Helper()
		resp, res := admin.trpc("POST", proc, input)
		if resp.StatusCode != 429 || res.Error.Data.Code != "TOO_MANY_REQUESTS" || !strings.Contains(res.Error.Message, "10 e-mails") {
			t.Fatalf("%s: got %d %+v, want TOO_MANY_REQUESTS saying the limit", proc, resp.StatusCode, res.Error)
		}
		if retry, err := strconv.Atoi(resp.Header.Get("Retry-After")); err != nil || retry <= 0 || time.Duration(retry)*time.Second > most {
			t.Fatalf("%s: got Retry-After %q, want at most %v", proc, resp.Header.Get("Retry-After"), most)
		}
	}
	wantTooMany("portal.addCondition", add, time.Hour)
	// Two minutes on, the first condition may be sent again as far as its
	// minute goes, but not as far as the loan's hour goes.
	ahead.Store(int64(2 * time.Minute))
	wantTooMany("portal.resendCondition", `{"loanId":"`+loan.ID+`","conditionId":"`+first.ID+`"}`, 58*time.Minute)
	sent := 0
	for _, m := range s.Outbox.Messages() {
		if m.To == "prime@example.com" && strings.Contains(m.Text, "condition 108") {
			sent++
		}
	}
	if sent != 10 {
		t.Fatalf("got %d e-mails, want 10", sent)
	}
	mustCall[wireCondition](t, admin, "POST", "portal.addCondition", `{"loanId":"`+loan.ID+`","code":"104"}`)
	view := mustCall[portalConditionsView](t, admin, "GET", "portal.conditions", `{"loanId":"`+loan.ID+`"}`)
	if len(view.Conditions) != 11 {
		t.Fatalf("got %d conditions, want the ten e-mailed and the question", len(view.Conditions))
	}
	if adds := strings.Count(strings.Join(auditActions(t, s, loan.ID), ","), "conditions.add"); adds != 11 {
		t.Fatalf("got %d adds audited, want 11 (none for the refused one)", adds)
	}
}
