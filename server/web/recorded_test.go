package web_test

import (
	"context"
	"strings"
	"testing"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/web"
)

// A portal user's access decision on a loan is recorded for the loan with
// the user, the action and the policy's revision; a refusal too.
func TestAccessDecisionsAreRecordedPerUserAndLoan(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	const pw = "staff password 1"
	adminE := s.enrol(t, "ada@example.com", domain.RoleAdministrator, pw)
	admin, adminID := s.portalUser(t, adminE, pw), adminE.User.ID
	loanID := s.demoLoanID(t, "prime@example.com")

	admin.trpc("GET", "portal.decisions", `{"loanId":"`+loanID+`"}`)
	d, err := s.DB.LatestDecision(context.Background(), loanID, "heloc.access.decision")
	if err != nil || d.Revision == "" || !strings.Contains(string(d.Input), `"user":"`+adminID+`"`) ||
		!strings.Contains(string(d.Input), `"role":"administrator"`) || !strings.Contains(string(d.Result), `"allow":true`) {
		t.Fatalf("got %+v, %v, want the administrator's access decision recorded for the loan", d, err)
	}

	loE := s.enrol(t, "lee@example.com", "loanOfficer", pw)
	lo, loID := s.portalUser(t, loE, pw), loE.User.ID
	_, res := lo.trpc("GET", "portal.decisions", `{"loanId":"`+loanID+`"}`)
	portalRefused(t, res, "FORBIDDEN", "")
	d, err = s.DB.LatestDecision(context.Background(), loanID, "heloc.access.decision")
	if err != nil || !strings.Contains(string(d.Input), `"user":"`+loID+`"`) || !strings.Contains(string(d.Result), `"allow":false`) {
		t.Fatalf("got %+v, %v, want the loan officer's refusal recorded for the loan", d, err)
	}
}

// The state a ZIP code gives a loan is recorded for the loan; the draw's
// bounds of an offer without its own are recorded at application.drawTerms
// (TestLoanDisbursementAndSubmission).
func TestALoansZipLookupIsRecorded(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	b := s.browser(t)
	b.signIn("thin-file@example.com")
	if resp, res := saveAt(b, "/app/initial-setup/zip", `{"zip":"94110"}`); resp.StatusCode != 200 {
		t.Fatalf("got %d %+v", resp.StatusCode, res.Error)
	}
	d, err := s.DB.LatestDecision(context.Background(), loanOf(t, s, "thin-file@example.com").ID, "heloc.licensing.lookup")
	if err != nil || d.Revision == "" || string(d.Input) != `{"zip":"94110"}` || !strings.Contains(string(d.Result), `"state":"CA"`) {
		t.Fatalf("got %+v, %v, want the lookup recorded for the loan with its input and revision", d, err)
	}
}
