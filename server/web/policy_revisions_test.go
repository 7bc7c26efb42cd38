package web_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/web"
)

// policy.revisions lists a published revision to an administrator and to
// compliance, with who, why, its checks and its impact as the portal shows
// them (the answer checked against #PolicyRevisions), and refuses an
// underwriter.
func TestPolicyRevisionsListsWhatWasPublished(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	ctx := context.Background()
	if err := s.DB.SavePolicySource(ctx, "b2b2b2b2b2b2b2b2", []byte("tar")); err != nil {
		t.Fatal(err)
	}
	impact := `{"baseline":"a1","proposed":"b2","entrypoints":{
		"heloc.eligibility.decision":{"compared":3,"changed":1,"eligibleToIneligible":1,"ineligibleToEligible":0,"reasonsGained":{"CREDIT_SCORE_BELOW_MINIMUM":1},"reasonsLost":{}},
		"heloc.offer.preview":{"compared":3,"changed":1,"line":{"count":1,"mean":-175000,"largest":-175000},"apr":{"count":0,"mean":0,"largest":0}}}}`
	r := &domain.PolicyRevision{Revision: "b2b2b2b2b2b2b2b2", Action: domain.PolicyPublish, Author: "ana@example.com", Reason: "Raise the minimum score",
		Baseline: "a1a1a1a1a1a1a1a1", Checks: json.RawMessage(`{"passed":true,"tests":678,"failed":0,"errored":0,"style":[],"tables":[]}`), Impact: json.RawMessage(impact)}
	if err := s.DB.PublishPolicyRevision(ctx, r, nil); err != nil {
		t.Fatal(err)
	}
	const pw = "staff password 1"
	type line struct {
		Entrypoint           string
		Compared, Changed    int
		EligibleToIneligible *int
		ReasonsGained        map[string]int
		Line                 *struct{ Count int }
	}
	type view struct {
		Items []struct {
			Author, Reason, State, Revision string
			Checks                          struct{ Passed bool }
			Impact                          []line
		}
		Serving string
	}
	for i, role := range []string{domain.RoleAdministrator, "compliance"} {
		b := s.portalUser(t, s.enrolTagged(t, []string{"ada@example.com", "cora@example.com"}[i], role, "", pw), pw)
		got := portalData[view](t, usersRes(b.trpc("GET", "policy.revisions", "")))
		if len(got.Items) != 1 || got.Items[0].Author != "ana@example.com" || got.Items[0].State != "inForce" || !got.Items[0].Checks.Passed || got.Serving == "" {
			t.Fatalf("%s: got %+v, want the publish listed in force", role, got)
		}
		imp := got.Items[0].Impact
		if len(imp) != 2 || imp[0].Entrypoint != "heloc.eligibility.decision" || *imp[0].EligibleToIneligible != 1 || imp[0].ReasonsGained["CREDIT_SCORE_BELOW_MINIMUM"] != 1 ||
			imp[1].Line == nil || imp[1].Line.Count != 1 {
			t.Fatalf("%s: got impact %+v", role, imp)
		}
	}
	uw := s.portalUser(t, s.enrolTagged(t, "uma@example.com", "underwriter", "", pw), pw)
	if _, res := uw.trpc("GET", "policy.revisions", ""); res.Error == nil || res.Error.Data.Code != "FORBIDDEN" {
		t.Fatalf("underwriter: got %+v, want FORBIDDEN", res.Error)
	}
}
