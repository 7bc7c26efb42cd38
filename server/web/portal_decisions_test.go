package web_test

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/heloc/heloc/fixtures"
	"github.com/heloc/heloc/server/app"
	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/los"
	"github.com/heloc/heloc/server/web"
)

type decisionsPage struct {
	Items []struct {
		ID          string          `json:"id"`
		Entrypoint  string          `json:"entrypoint"`
		Title       string          `json:"title"`
		Summary     string          `json:"summary"`
		Revision    string          `json:"revision"`
		Input       json.RawMessage `json:"input"`
		Explanation struct {
			Reasons []struct {
				Code string `json:"code"`
				Rule *struct {
					Title  string `json:"title"`
					Source string `json:"source"`
				} `json:"rule"`
				Row *struct {
					ID     string          `json:"id"`
					Values json.RawMessage `json:"values"`
				} `json:"row"`
			} `json:"reasons"`
		} `json:"explanation"`
		ExplainedUnder string `json:"explainedUnder"`
	} `json:"items"`
	Kinds []struct {
		Entrypoint string `json:"entrypoint"`
		Count      int    `json:"count"`
	} `json:"kinds"`
	Revision  string `json:"revision"`
	CanReplay bool   `json:"canReplay"`
	CanExport bool   `json:"canExport"`
}

type replayAnswer struct {
	Changed         bool   `json:"changed"`
	StoredRevision  string `json:"storedRevision"`
	CurrentRevision string `json:"currentRevision"`
	Changes         []struct {
		Path string          `json:"path"`
		Old  json.RawMessage `json:"old"`
		New  json.RawMessage `json:"new"`
	} `json:"changes"`
}

// refusedDecision is a decision made when the minimum credit score was 20
// points above today's table (minimum): a score 10 points above today's
// minimum was refused then, and is eligible now.
func refusedDecision(minimum int) (input, result string) {
	score, then := minimum+10, minimum+20
	input = fmt.Sprintf(`{"today":"2026-11-22","propertyValue":500000,"mortgageBalance":250000,"creditScore":%d,"propertyUsage":"primaryResidence","propertyState":"CA","propertyType":"singleFamily","mortgages":[{"balance":250000,"latePaymentDays":0,"latePaymentDate":null}],"hasFbm":false}`, score)
	result = fmt.Sprintf(`{"eligible":false,"ineligiblePage":"boost","reasons":[{"adverseAction":"Other: credit score below our minimum","code":"CREDIT_SCORE_BELOW_MINIMUM","message":"Your credit score of %d is below our minimum of %d for a home equity line of credit.","page":"boost","rule":"SCORE-MIN"}],"availableLine":175000,"minLine":25000,"maxCltv":0.85,"cltvRule":"CLTV-PRIMARY"}`, score, then)
	return input, result
}

// minimumScore is the minimum credit score of the rules' table, so that
// the tests hold whatever compliance sets it to.
func minimumScore(t *testing.T) int {
	t.Helper()
	n, err := fixtures.MinimumCreditScore()
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestPortalDecisionsExplainAndReplay(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	const pw = "staff password 1"
	admin := s.portalUser(t, s.enrol(t, "ada@example.com", domain.RoleAdministrator, pw), pw)
	loanID := s.demoLoanID(t, "prime@example.com")
	minimum := minimumScore(t)
	refusedInput, refusedResult := refusedDecision(minimum)
	id, err := s.DB.CreateDecision(context.Background(), "heloc.eligibility.decision", loanID, []byte(refusedInput), []byte(refusedResult), "0ld0ld0ld0ld")
	if err != nil {
		t.Fatal(err)
	}

	// Its eligibility decisions: opening the loan records the access
	// decisions too.
	_, res := admin.trpc("GET", "portal.decisions", `{"loanId":"`+loanID+`","entrypoint":"heloc.eligibility.decision"}`)
	page := portalData[decisionsPage](t, res)
	if len(page.Items) == 0 || page.Items[0].ID != id {
		t.Fatalf("got %+v, want the stored decision first", page.Items)
	}
	d := page.Items[0]
	if d.Title != "Eligibility" || d.Summary != "Not eligible: CREDIT_SCORE_BELOW_MINIMUM" || d.Revision != "0ld0ld0ld0ld" ||
		d.ExplainedUnder != page.Revision || !strings.Contains(string(d.Input), fmt.Sprintf(`"creditScore":%d`, minimum+10)) {
		t.Fatalf("got %+v", d)
	}
	if len(d.Explanation.Reasons) != 1 || d.Explanation.Reasons[0].Rule == nil || d.Explanation.Reasons[0].Rule.Title != "Credit score below the minimum" ||
		d.Explanation.Reasons[0].Row == nil || d.Explanation.Reasons[0].Row.ID != "SCORE-MIN" || !strings.Contains(string(d.Explanation.Reasons[0].Row.Values), fmt.Sprintf(`"minimum":%d`, minimum)) {
		t.Fatalf("explanation: got %+v", d.Explanation)
	}
	if !page.CanReplay || !page.CanExport {
		t.Fatalf("an administrator: got canReplay %v, canExport %v", page.CanReplay, page.CanExport)
	}

	_, res = admin.trpc("GET", "portal.replay", `{"loanId":"`+loanID+`","decisionId":"`+id+`"}`)
	replay := portalData[replayAnswer](t, res)
	if !replay.Changed || replay.StoredRevision != "0ld0ld0ld0ld" || replay.CurrentRevision != page.Revision {
		t.Fatalf("got %+v", replay)
	}
	changes := map[string]string{}
	for _, c := range replay.Changes {
		changes[c.Path] = string(c.Old) + " -> " + string(c.New)
	}
	if changes["eligible"] != "false -> true" || changes["ineligiblePage"] != `"boost" -> null` || !strings.HasPrefix(changes["reasons"], `[{"adverseAction"`) {
		t.Fatalf("changes: got %v", changes)
	}

	// Both views are in the audit log.
	audit, err := s.DB.ListAudit(context.Background(), domain.AuditFilter{LoanID: loanID, Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	var actions []string
	for _, e := range audit.Items {
		actions = append(actions, e.Action)
	}
	if !strings.Contains(strings.Join(actions, " "), "decisions.replay") || !strings.Contains(strings.Join(actions, " "), "decisions.read") {
		t.Fatalf("audit: got %v", actions)
	}

	// Another loan's decision is not found through this loan; a loan officer
	// without the loan is refused.
	other := s.demoLoanID(t, "trust@example.com")
	_, res = admin.trpc("GET", "portal.replay", `{"loanId":"`+other+`","decisionId":"`+id+`"}`)
	portalRefused(t, res, "NOT_FOUND", "Decision not found.")
	lo := s.portalUser(t, s.enrol(t, "lee@example.com", "loanOfficer", pw), pw)
	_, res = lo.trpc("GET", "portal.decisions", `{"loanId":"`+loanID+`"}`)
	portalRefused(t, res, "FORBIDDEN", "")
	_, res = admin.trpc("GET", "portal.decisions", `{"loanId":"`+loanID+`","cursor":"nope"}`)
	portalRefused(t, res, "BAD_REQUEST", "")
}

// submitApplication stores a submitted application for the loan.
func submitApplication(t *testing.T, s *testServer, loanID string, app domain.Application) {
	t.Helper()
	_, _, err := s.DB.UpdateApplication(context.Background(), loanID, "", func(l *domain.Loan, a *domain.Application, _ bool) error {
		*a = app
		l.ApplicationStatus = "applicationSubmitted"
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func exportPtr[T any](v T) *T { return &v }

func TestPortalExportSendsASubmittedApplication(t *testing.T) {
	drop := t.TempDir()
	systems, err := los.New(los.Config{DropDir: drop, Sealer: testKeyring})
	if err != nil {
		t.Fatal(err)
	}
	s := mustOpenServerWith(t, web.Config{}, app.Config{LoanSystems: systems})
	const pw = "staff password 1"
	admin := s.portalUser(t, s.enrol(t, "ada@example.com", domain.RoleAdministrator, pw), pw)
	loanID := s.demoLoanID(t, "prime@example.com")

	_, res := admin.trpc("POST", "portal.export", `{"loanId":"`+loanID+`","target":"lendingpad"}`)
	portalRefused(t, res, "CONFLICT", "Only a submitted application can be exported; this one has not been submitted yet.")

	addr := &domain.Address{Line1: "1200 Alder Street", City: "San Francisco", State: "CA", Zip: "94110"}
	app := domain.Application{
		User: domain.Person{FirstName: exportPtr("Priya"), LastName: exportPtr("Prime"), DateOfBirth: exportPtr("1980-04-12"), Email: exportPtr("prime@example.com"),
			CurrentAddress: addr, CurrentAddressSince: exportPtr("2015-06-01"), Housing: exportPtr("Own"),
			Demographics: &domain.Demographics{WontInformEthinicity: true, WontInformRace: true, WontInformGender: true}},
		Property: domain.Property{Address: addr, Usage: exportPtr("primaryResidence"), Units: exportPtr("1"), Value: exportPtr(domain.CentsOf(850000))},
	}
	submitApplication(t, s, loanID, app)
	if _, err := s.DB.CreateDecision(context.Background(), "heloc.offer.preview", loanID, []byte(`{}`),
		[]byte(`{"eligible":true,"maxLine":250000,"apr":8.5,"margin":1,"primeRate":7.5,"rateCap":18,"repaymentPeriodYears":20,"reasons":[]}`), "r"); err != nil {
		t.Fatal(err)
	}

	// No SSN: refused with the field, nothing sent.
	resp, res := admin.trpc("POST", "portal.export", `{"loanId":"`+loanID+`","target":"lendingpad"}`)
	if resp.StatusCode != http.StatusBadRequest || res.Error == nil || len(res.Error.Data.Fields) != 1 ||
		res.Error.Data.Fields[0].Path != "borrower.ssn" || res.Error.Data.Fields[0].Message != "LendingPad needs the borrower's Social Security number." {
		t.Fatalf("got %d %+v, want the missing SSN named", resp.StatusCode, res.Error)
	}
	if entries, _ := os.ReadDir(filepath.Join(drop, "lendingpad")); len(entries) != 0 {
		t.Fatalf("got %d files dropped, want none", len(entries))
	}

	app.User.SSN = exportPtr("123456789")
	submitApplication(t, s, loanID, app)
	_, res = admin.trpc("POST", "portal.export", `{"loanId":"`+loanID+`","target":"lendingpad"}`)
	exported := portalData[domain.Export](t, res)
	if exported.Status != domain.ExportSent || exported.System != "file drop" || exported.Receipt == "" || exported.ActorEmail != "ada@example.com" || len(exported.SHA256) != 64 {
		t.Fatalf("got %+v", exported)
	}
	sealed, err := os.ReadFile(filepath.Join(drop, "lendingpad", exported.Receipt))
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(sealed, []byte("123456789")) {
		t.Fatal("the dropped file holds the SSN in clear")
	}
	dropped, err := los.OpenDropped(testKeyring, exported.Receipt, sealed)
	if err != nil {
		t.Fatal(err)
	}

	// The staff download is the file as sent: MISMO XML with the borrower's name.
	resp, body := admin.send("GET", "/api/portal/exports/"+loanID+"/"+exported.ID, "", "", nil)
	if resp.StatusCode != http.StatusOK || string(body) != string(dropped) {
		t.Fatalf("download: got %d, %d bytes; want the dropped file", resp.StatusCode, len(body))
	}
	if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/xml") || !strings.HasPrefix(resp.Header.Get("Content-Disposition"), "attachment") {
		t.Fatalf("download headers: %v", resp.Header)
	}
	var msg struct {
		XMLName xml.Name
		First   []string `xml:"DEAL_SETS>DEAL_SET>DEALS>DEAL>PARTIES>PARTY>INDIVIDUAL>NAME>FirstName"`
		Last    []string `xml:"DEAL_SETS>DEAL_SET>DEALS>DEAL>PARTIES>PARTY>INDIVIDUAL>NAME>LastName"`
	}
	if err := xml.Unmarshal(body, &msg); err != nil {
		t.Fatal(err)
	}
	if msg.XMLName.Space != "http://www.mismo.org/residential/2009/schemas" || len(msg.First) != 1 || msg.First[0] != "Priya" || msg.Last[0] != "Prime" {
		t.Fatalf("got %+v", msg)
	}

	_, res = admin.trpc("GET", "portal.exports", `{"loanId":"`+loanID+`"}`)
	view := portalData[struct {
		Submitted bool             `json:"submitted"`
		Exports   []*domain.Export `json:"exports"`
	}](t, res)
	if !view.Submitted || len(view.Exports) != 1 || view.Exports[0].ID != exported.ID {
		t.Fatalf("got %+v", view)
	}

	audit, err := s.DB.ListAudit(context.Background(), domain.AuditFilter{LoanID: loanID, Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	var actions []string
	for _, e := range audit.Items {
		actions = append(actions, e.Action+" "+e.Subject)
		if strings.Contains(e.Detail, "123456789") {
			t.Fatal("the audit log holds the SSN")
		}
	}
	if joined := strings.Join(actions, "; "); !strings.Contains(joined, "loans.export export "+exported.ID) || !strings.Contains(joined, "exports.download export "+exported.ID) {
		t.Fatalf("audit: got %v", actions)
	}

	// A loan officer may not export or download (the file holds SSNs).
	lo := s.portalUser(t, s.enrol(t, "lee@example.com", "loanOfficer", pw), pw)
	_, res = lo.trpc("POST", "portal.export", `{"loanId":"`+loanID+`","target":"byte"}`)
	portalRefused(t, res, "FORBIDDEN", "")
	resp, body = lo.send("GET", "/api/portal/exports/"+loanID+"/"+exported.ID, "", "", nil)
	if resp.StatusCode != http.StatusForbidden || strings.Contains(string(body), "123456789") {
		t.Fatalf("loan officer download: got %d", resp.StatusCode)
	}
}

func TestPortalDecisionProceduresRefuseAnApplicantSession(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	b := s.browser(t)
	b.signIn("prime@example.com")
	own := s.demoLoanID(t, "prime@example.com")
	for _, call := range []struct{ method, proc, input string }{
		{"GET", "portal.decisions", `{"loanId":"` + own + `"}`},
		{"GET", "portal.replay", `{"loanId":"` + own + `","decisionId":"` + own + `"}`},
		{"GET", "portal.exports", `{"loanId":"` + own + `"}`},
		{"POST", "portal.export", `{"loanId":"` + own + `","target":"encompass"}`},
	} {
		t.Run(call.proc, func(t *testing.T) {
			resp, res := b.trpc(call.method, call.proc, call.input)
			if resp.StatusCode != http.StatusUnauthorized {
				t.Fatalf("got %d, want 401", resp.StatusCode)
			}
			portalRefused(t, res, "UNAUTHORIZED", "Sign in to the portal to continue.")
		})
	}
	resp, _ := b.send("GET", "/api/portal/exports/"+own+"/"+own, "", "", nil)
	if resp.StatusCode != http.StatusUnauthorized {
		t.Fatalf("download: got %d, want 401", resp.StatusCode)
	}
}
