package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/policy"
	"github.com/heloc/heloc/server/web"
)

// Every action of the access table (rules/heloc/access/tables/data.yaml)
// is checked by the procedures it guards: for every role of the table, and
// for a role the table does not know, each procedure is refused
// (FORBIDDEN) exactly when the access policy refuses the role the action,
// and otherwise lets the user through. Removing a check from a procedure,
// or checking another action there, fails the role that the policy
// refuses. Every portal user works the same loan, which carries their
// loanOfficerTag, so a grant on assigned loans counts as one on all: which
// loans are a user's is tested with the pipeline and the loan page
// (portal_test.go).

// permProbe is one call of a procedure guarded by action. ok lists the
// error codes (besides none) a user who passed the check may get: the
// call's own refusal after the check (an export of an application not yet
// submitted).
type permProbe struct {
	action string
	proc   string
	method string
	input  func(p *permFixture) string
	ok     []string
}

// permFixture is the world the probes run in.
type permFixture struct {
	s          *testServer
	admin      *browser
	loanID     string
	decisionID string
	targetID   string // an enrolled user the users.manage probes change
	inviteeID  string // an invited user who has not accepted
	documentID string // a document of the loan the documents.review probe reviews
	calls      int
}

func (p *permFixture) loan() string { return `{"loanId":"` + p.loanID + `"}` }

// openCondition has the administrator add a condition for a probe to clear.
func (p *permFixture) openCondition(t *testing.T) string {
	t.Helper()
	_, res := p.admin.trpc("POST", "portal.addCondition", `{"loanId":"`+p.loanID+`","code":"303"}`)
	var c struct {
		ID     string `json:"id"`
		Status string `json:"status"`
	}
	if res.Error != nil || json.Unmarshal(res.Result.Data, &c) != nil || c.Status != "open" {
		t.Fatalf("add a condition: got %+v, want an open condition", res)
	}
	return c.ID
}

var permProbes = []permProbe{
	{action: "pipeline.view", proc: "portal.pipeline", method: "GET", input: func(*permFixture) string { return `{}` }},
	{action: "loans.read", proc: "portal.loan", method: "GET", input: (*permFixture).loan},
	{action: "loans.read", proc: "portal.borrower", method: "GET", input: (*permFixture).loan},
	{action: "loans.read", proc: "portal.application", method: "GET", input: (*permFixture).loan},
	{action: "hmda.read", proc: "portal.hmda", method: "GET", input: (*permFixture).loan},
	{action: "loans.read", proc: "portal.conditions", method: "GET", input: (*permFixture).loan},
	{action: "loans.read", proc: "portal.notes", method: "GET", input: (*permFixture).loan},
	{action: "loans.update", proc: "portal.addNote", method: "POST", input: func(p *permFixture) string {
		return `{"loanId":"` + p.loanID + `","body":"Probe note"}`
	}},
	{action: "loans.assign", proc: "portal.assign", method: "POST", input: func(p *permFixture) string {
		return `{"loanId":"` + p.loanID + `","loanOfficerTag":"perm"}`
	}},
	{action: "documents.read", proc: "portal.documents", method: "GET", input: (*permFixture).loan},
	{action: "documents.review", proc: "portal.reviewDocument", method: "POST", input: func(p *permFixture) string {
		return `{"documentId":"` + p.documentID + `","decision":"accepted"}`
	}},
	{action: "conditions.manage", proc: "portal.addCondition", method: "POST", input: func(p *permFixture) string {
		return `{"loanId":"` + p.loanID + `","code":"303"}`
	}},
	{action: "conditions.manage", proc: "portal.clearCondition", method: "POST", input: nil}, // set in the test: needs the admin
	{action: "conditions.manage", proc: "portal.resendCondition", method: "POST", input: func(p *permFixture) string {
		return `{"loanId":"` + p.loanID + `","conditionId":"` + strings.Repeat("0", 32) + `"}` // past the check: not found
	}, ok: []string{"NOT_FOUND"}},
	{action: "decisions.read", proc: "portal.decisions", method: "GET", input: (*permFixture).loan},
	{action: "decisions.replay", proc: "portal.replay", method: "GET", input: func(p *permFixture) string {
		return `{"loanId":"` + p.loanID + `","decisionId":"` + p.decisionID + `"}`
	}},
	{action: "pii.unmask", proc: "portal.unmask", method: "POST", input: func(p *permFixture) string {
		return `{"loanId":"` + p.loanID + `","field":"borrower.ssn"}`
	}},
	{action: "loans.export", proc: "portal.exports", method: "GET", input: (*permFixture).loan},
	{action: "loans.export", proc: "portal.export", method: "POST", input: func(p *permFixture) string {
		return `{"loanId":"` + p.loanID + `","target":"lendingpad"}`
	}, ok: []string{"CONFLICT"}},
	{action: "loans.read", proc: "portal.credit", method: "GET", input: (*permFixture).loan},
	{action: "loans.decide", proc: "portal.decide", method: "POST", input: func(p *permFixture) string {
		return `{"loanId":"` + p.loanID + `","action":"withdraw"}`
	}, ok: []string{"CONFLICT"}}, // past the check: the loan is not submitted
	{action: "users.read", proc: "users.list", method: "GET", input: func(*permFixture) string { return "" }},
	{action: "users.manage", proc: "users.invite", method: "POST", input: func(p *permFixture) string {
		p.calls++
		return fmt.Sprintf(`{"email":"invitee%d@example.com","firstName":"In","lastName":"Vitee","role":"processor"}`, p.calls)
	}},
	{action: "users.manage", proc: "users.resendInvite", method: "POST", input: func(p *permFixture) string { return `{"userId":"` + p.inviteeID + `"}` }},
	{action: "users.manage", proc: "users.resetSecondFactor", method: "POST", input: func(p *permFixture) string { return `{"userId":"` + p.targetID + `"}` }},
	{action: "users.manage", proc: "users.setActive", method: "POST", input: func(p *permFixture) string {
		return `{"userId":"` + p.targetID + `","active":true}`
	}},
	{action: "users.manage", proc: "users.setRole", method: "POST", input: func(p *permFixture) string {
		return `{"userId":"` + p.targetID + `","role":"processor"}`
	}},
	{action: "users.manage", proc: "users.setTag", method: "POST", input: func(p *permFixture) string {
		return `{"userId":"` + p.targetID + `","loanOfficerTag":"other"}`
	}},
	{action: "audit.read", proc: "audit.list", method: "GET", input: func(*permFixture) string { return `{}` }},
	{action: "policy.read", proc: "policy.revisions", method: "GET", input: func(*permFixture) string { return "" }},
}

// Procedures no portal permission guards: the applicant's, the public
// ones, and the e-mailed link's (the link's token is its holder's right).
var permUnguarded = regexp.MustCompile(`^(system|funnel|content|licensing|consents|identity|routing|loan|quote|prequal|application|documents|verification|conditions|invite|coborrower)\.`)

// Actions of the table that no procedure takes yet (none today). Once one
// is added to the table, the scan of the server's code below asks for its
// probe as soon as a procedure checks it.
var permNoProcedureYet = []string{}

// accessDecision asks the built-in access policy whether role may take
// action on a loan assigned to them.
func accessAllows(t *testing.T, engine *policy.Engine, role, action string) bool {
	t.Helper()
	out, err := engine.Decide(context.Background(), "heloc.access.decision", map[string]any{"role": role, "action": action, "assigned": true})
	if err != nil {
		t.Fatal(err)
	}
	allow, _ := out.(map[string]any)["allow"].(bool)
	return allow
}

func TestEveryPermissionOfTheAccessTableIsChecked(t *testing.T) {
	ctx := context.Background()
	engine, err := loadRules()
	if err != nil {
		t.Fatal(err)
	}
	actionsOut, err := engine.Decide(ctx, "heloc.access.roles", nil)
	if err != nil {
		t.Fatal(err)
	}
	roles := slices.Sorted(func(yield func(string) bool) {
		for name := range actionsOut.(map[string]any) {
			if !yield(name) {
				return
			}
		}
	})
	actions := tableActions(t)

	t.Run("every action of the table has a probe, or no procedure yet", func(t *testing.T) {
		probed := map[string]bool{}
		for _, p := range permProbes {
			probed[p.action] = true
		}
		for _, a := range actions {
			if !probed[a] && !slices.Contains(permNoProcedureYet, a) {
				t.Errorf("action %s has no probe: add a call of a procedure it guards to permProbes", a)
			}
		}
		for a := range probed {
			if !slices.Contains(actions, a) {
				t.Errorf("probe of %s: no such action in the access table", a)
			}
		}
	})

	t.Run("every action the server's code checks has a probe", func(t *testing.T) {
		probed := map[string]bool{}
		for _, p := range permProbes {
			probed[p.action] = true
		}
		for _, a := range serverCheckedActions(t) {
			if !probed[a] {
				t.Errorf("the server checks %s: add a probe of a procedure it guards (and take it out of permNoProcedureYet)", a)
			}
		}
	})

	t.Run("every procedure a portal user calls has a probe", func(t *testing.T) {
		probed := map[string]bool{}
		for _, p := range permProbes {
			probed[p.proc] = true
		}
		for _, name := range web.ProcedureNames() {
			if !probed[name] && !permUnguarded.MatchString(name) {
				t.Errorf("procedure %s has no probe in permProbes", name)
			}
		}
	})

	s := MustOpenServer(t, web.Config{})
	const pw = "staff password 1"
	p := &permFixture{s: s, loanID: s.demoLoanID(t, "prime@example.com")}
	p.admin = s.portalUser(t, s.enrolTagged(t, "ada@example.com", domain.RoleAdministrator, "perm", pw), pw)
	// The loan carries the tag every probing user carries.
	if _, res := p.admin.trpc("POST", "portal.assign", `{"loanId":"`+p.loanID+`","loanOfficerTag":"perm"}`); res.Error != nil {
		t.Fatalf("assign: got %+v", res.Error)
	}
	// An SSN to unmask, a decision to replay, users to manage.
	if _, _, err := s.DB.UpdateApplication(ctx, p.loanID, "", func(_ *domain.Loan, app *domain.Application, _ bool) error {
		ssn := "123456789"
		app.User.SSN = &ssn
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	refusedInput, refusedResult := refusedDecision(minimumScore(t))
	if p.decisionID, err = s.DB.CreateDecision(ctx, "heloc.eligibility.decision", p.loanID, []byte(refusedInput), []byte(refusedResult), "0ld0ld0ld0ld"); err != nil {
		t.Fatal(err)
	}
	doc := &domain.Document{LoanID: p.loanID, Party: "borrower", Type: "paystubs", FileName: "paystub.pdf",
		ContentType: "application/pdf", Size: 10, BlobKey: "0123456789abcdef0123456789abcdef"}
	if err := s.DB.AddDocument(ctx, doc, nil); err != nil {
		t.Fatal(err)
	}
	p.documentID = doc.ID
	p.targetID = s.enrolTagged(t, "target@example.com", "processor", "", pw).User.ID
	p.inviteeID = usersData[domain.StaffUser](t, "users.invite", usersRes(p.admin.trpc("POST", "users.invite",
		`{"email":"pending@example.com","firstName":"Pen","lastName":"Ding","role":"partner"}`))).ID

	// Each role of the table, and one it does not know.
	users := map[string]*browser{}
	for i, role := range append(roles, "auditor") {
		users[role] = s.portalUser(t, s.enrolTagged(t, fmt.Sprintf("user%d@example.com", i), role, "perm", pw), pw)
	}
	for _, probe := range permProbes {
		for _, role := range append(roles, "auditor") {
			want := accessAllows(t, engine, role, probe.action)
			t.Run(fmt.Sprintf("%s/%s as %s", probe.action, probe.proc, role), func(t *testing.T) {
				var input string
				if probe.input != nil {
					input = probe.input(p)
				} else { // portal.clearCondition
					input = `{"loanId":"` + p.loanID + `","conditionId":"` + p.openCondition(t) + `","outcome":"waived"}`
				}
				_, res := users[role].trpc(probe.method, probe.proc, input)
				code := ""
				if res.Error != nil {
					code = res.Error.Data.Code
				}
				switch {
				case !want && code != "FORBIDDEN":
					t.Fatalf("the policy refuses %s %s; got %q (%+v), want FORBIDDEN", role, probe.action, code, res.Error)
				case want && code != "" && !slices.Contains(probe.ok, code):
					t.Fatalf("the policy allows %s %s; got %+v, want it through", role, probe.action, res.Error)
				}
			})
		}
	}
}

// tableActions reads the actions of the access table.
func tableActions(t *testing.T) []string {
	t.Helper()
	ctx := context.Background()
	engine, err := loadRules()
	if err != nil {
		t.Fatal(err)
	}
	out, err := engine.Decide(ctx, "heloc.access.roles", nil)
	if err != nil {
		t.Fatal(err)
	}
	// The administrator is granted every action (the access policy's
	// tests say so), so its actions are the table's.
	var roles map[string]struct {
		Actions []string `json:"actions"`
	}
	b, _ := json.Marshal(out)
	if err := json.Unmarshal(b, &roles); err != nil {
		t.Fatal(err)
	}
	actions := roles[domain.RoleAdministrator].Actions
	sort.Strings(actions)
	if len(actions) == 0 {
		t.Fatal("the access table has no actions")
	}
	return actions
}

// serverCheckedActions finds the actions the server's own code asks the
// access policy about: authorize(c, "x.y"), authorizeLoan(c, "x.y", ...),
// authorizeScope(c, "x.y") and the like.
func serverCheckedActions(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	check := regexp.MustCompile(`(?:authorize\w*|decideAccess)\(c, (?:u, )?"([a-z]+\.[a-z]+)"`)
	seen := map[string]bool{}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range check.FindAllStringSubmatch(string(src), -1) {
			seen[m[1]] = true
		}
	}
	if len(seen) == 0 {
		t.Fatal("found no access check in the server's code: the pattern no longer matches it")
	}
	return slices.Sorted(func(yield func(string) bool) {
		for a := range seen {
			if !yield(a) {
				return
			}
		}
	})
}
