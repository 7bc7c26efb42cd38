package web_test

import (
	"context"
	"strings"
	"testing"

	"github.com/heloc/heloc/server/web"
)

// Issue 22: a borrower whose refusal the credit report settled (the
// eligibility decision quote.current recorded says settled, with its page)
// is resumed at the refusal's page when they come back, not at the funnel's
// next question, and a save of that question moves their status no further.
func TestResumeShowsARefusalTheCreditReportSettled(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	b := s.browser(t)
	b.signIn("thin-file@example.com") // seeded at creditScore
	loan := loanOf(t, s, "thin-file@example.com")

	_, res := b.trpc("GET", "routing.resume", `{"path":"/app/initial-setup/property-value","previousPath":""}`)
	if !strings.Contains(string(res.Result.Data), `"/app/initial-setup/credit-score"`) {
		t.Fatalf("before any decision: got %s, want the credit check, the loan's step", res.Result.Data)
	}

	settled := `{"eligible":false,"outcome":"ineligible","ineligiblePage":"boost","settled":true,"reasons":[{"code":"CREDIT_SCORE_BELOW_MINIMUM","message":"Your credit score is below our minimum.","page":"boost"}]}`
	if _, err := s.DB.CreateDecision(context.Background(), "heloc.eligibility.decision", loan.ID, []byte(`{}`), []byte(settled), "test"); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"/app/initial-setup/property-value", "/app/initial-setup/coborrower", "/app/initial-setup/credit-score"} {
		_, res = b.trpc("GET", "routing.resume", `{"path":"`+path+`","previousPath":""}`)
		if string(res.Result.Data) != `{"action":"redirect","to":"/app/ineligible/boost"}` {
			t.Errorf("arriving at %s: got %s, want a redirect to the refusal's page", path, res.Result.Data)
		}
	}
	_, res = b.trpc("GET", "routing.resume", `{"path":"/app/ineligible/boost","previousPath":""}`)
	if string(res.Result.Data) != `{"action":"none","to":null}` {
		t.Fatalf("on the refusal's page: got %s, want none", res.Result.Data)
	}

	if resp, res := saveAt(b, "/app/initial-setup/credit-score", `{}`); resp.StatusCode != 200 {
		t.Fatalf("got %d %+v", resp.StatusCode, res.Error)
	}
	if got := answersOf(t, b); *got.ApplicationStatus != "creditScore" {
		t.Fatalf("got status %q after saving the credit check, want creditScore: not past the refusal", *got.ApplicationStatus)
	}
}
