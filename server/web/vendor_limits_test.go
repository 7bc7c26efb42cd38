package web_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/heloc/heloc/fixtures"
	"github.com/heloc/heloc/server/app"
	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/providers"
	"github.com/heloc/heloc/server/web"
)

// Every call to a vendor that costs money (the valuation model, the
// payroll network, the identity provider, the credit bureau) is limited
// per account, and an answer the loan already has is used again instead
// of asking twice. Each test wraps the sandbox vendor in a counter, so it
// sees how often the vendor was really asked, not only what the server
// answered.

// countingSandbox is the sandbox bureau and valuation model, counting each
// request.
type countingSandbox struct {
	sandbox             *providers.Sandbox
	avm, cascade, pulls atomic.Int32
}

func (c *countingSandbox) Sandbox() bool { return true }

func (c *countingSandbox) AVM(ctx context.Context, req providers.ValuationRequest) (*domain.Valuation, error) {
	c.avm.Add(1)
	return c.sandbox.AVM(ctx, req)
}

func (c *countingSandbox) AVMCascade(ctx context.Context, req providers.ValuationRequest) (*domain.Valuation, error) {
	c.cascade.Add(1)
	return c.sandbox.AVMCascade(ctx, req)
}

func (c *countingSandbox) SoftPull(ctx context.Context, req providers.CreditRequest) (*domain.CreditReport, error) {
	c.pulls.Add(1)
	return c.sandbox.SoftPull(ctx, req)
}

// countingPayroll is the sandbox payroll network, counting each request.
type countingPayroll struct {
	*providers.SandboxPayroll
	calls atomic.Int32
}

func (c *countingPayroll) Verify(ctx context.Context, req providers.IncomeRequest) (*providers.PayrollReport, error) {
	c.calls.Add(1)
	return c.SandboxPayroll.Verify(ctx, req)
}

// countingIdentity is the sandbox identity provider, counting each request.
type countingIdentity struct {
	*providers.SandboxIdentity
	calls atomic.Int32
}

func (c *countingIdentity) VerifyID(ctx context.Context, req providers.IdentityRequest) (*providers.IdentityResult, error) {
	c.calls.Add(1)
	return c.SandboxIdentity.VerifyID(ctx, req)
}

// vendors are the counting sandboxes of one test server.
type vendors struct {
	bureau   *countingSandbox
	payroll  *countingPayroll
	identity *countingIdentity
}

// vendorServer is a test server whose vendors count their requests, with
// its documents in a folder of the test's (the identity check reads the
// uploaded ID photos).
func vendorServer(t *testing.T, cfg web.Config) (*testServer, *vendors) {
	t.Helper()
	sandbox, err := providers.NewSandbox(fixtures.FS)
	if err != nil {
		t.Fatal(err)
	}
	payroll, err := providers.NewSandboxPayroll(fixtures.FS)
	if err != nil {
		t.Fatal(err)
	}
	identity, err := providers.NewSandboxIdentity(fixtures.FS)
	if err != nil {
		t.Fatal(err)
	}
	v := &vendors{bureau: &countingSandbox{sandbox: sandbox}, payroll: &countingPayroll{SandboxPayroll: payroll},
		identity: &countingIdentity{SandboxIdentity: identity}}
	if cfg.Now == nil {
		cfg.Now = func() time.Time { return quoteDay }
	}
	s, _ := openDocumentsServerWith(t, cfg, app.Config{Credit: v.bureau, Valuation: v.bureau, Income: v.payroll, Identity: v.identity})
	return s, v
}

// valuation asks prequal.valuation.
func valuation(b *browser) (int, wireResult) {
	b.t.Helper()
	resp, res := b.trpc("GET", "prequal.valuation", "")
	if resp.StatusCode == 429 && resp.Header.Get("Retry-After") == "" {
		b.t.Fatal("got 429 without Retry-After")
	}
	return resp.StatusCode, res
}

// moveTo saves the home's address (the prequalification's address page).
func moveTo(b *browser, line1 string) {
	b.t.Helper()
	resp, res := saveAt(b, "/prequal/address", `{"address":{"line1":"`+line1+`","city":"San Francisco","state":"CA","zip":"94110"}}`)
	if resp.StatusCode != 200 {
		b.t.Fatalf("save the address %q: got %d %+v", line1, resp.StatusCode, res.Error)
	}
}

// A valuation is asked once for a loan and its address, however often the
// page asks (prequal.valuation is a GET the property-value page sends on
// every visit); the same address written differently is the same home; a
// different address asks again, once.
func TestValuationIsAskedOncePerLoanAndAddress(t *testing.T) {
	s, v := vendorServer(t, web.Config{})
	b := s.browser(t)
	b.signIn("prime@example.com")
	// Before the home's address no model is asked: there is no valuation
	// to show, and the page asks the homeowner's own estimate.
	if code, res := valuation(b); code != 200 || string(res.Result.Data) != "null" || v.bureau.avm.Load() != 0 {
		t.Fatalf("got %d %s after %d requests, want no valuation and no request before the address", code, res.Result.Data, v.bureau.avm.Load())
	}
	moveTo(b, "100 Valencia St")
	for range 3 {
		code, res := valuation(b)
		if code != 200 || !strings.Contains(string(res.Result.Data), `"value":850000`) {
			t.Fatalf("got %d %s %+v, want prime's valuation", code, res.Result.Data, res.Error)
		}
	}
	if n := v.bureau.avm.Load(); n != 1 {
		t.Fatalf("the valuation model was asked %d times for three views of one address, want once", n)
	}
	moveTo(b, "  100  VALENCIA st ")
	if code, _ := valuation(b); code != 200 || v.bureau.avm.Load() != 1 {
		t.Fatalf("got %d after %d requests, want the same home (spaces and case aside) not asked again", code, v.bureau.avm.Load())
	}
	moveTo(b, "200 Valencia St")
	for range 2 {
		if code, res := valuation(b); code != 200 {
			t.Fatalf("got %d %+v", code, res.Error)
		}
	}
	if n := v.bureau.avm.Load(); n != 2 {
		t.Fatalf("the valuation model was asked %d times, want once more for the new address", n)
	}

	t.Run("each applicant's loan has its own", func(t *testing.T) {
		other := s.browser(t)
		other.signIn("no-mortgage@example.com")
		moveTo(other, "200 Valencia St")
		if code, res := valuation(other); code != 200 || strings.Contains(string(res.Result.Data), `"value":850000`) {
			t.Fatalf("got %d %s, want no-mortgage's own valuation", code, res.Result.Data)
		}
		if n := v.bureau.avm.Load(); n != 3 {
			t.Fatalf("got %d requests, want another loan's valuation asked for itself", n)
		}
	})
	t.Run("a low-confidence answer asks the cascade once too", func(t *testing.T) {
		trust := s.browser(t)
		trust.signIn("trust@example.com")
		moveTo(trust, "300 Valencia St")
		for range 3 {
			if code, res := valuation(trust); code != 200 || !strings.Contains(string(res.Result.Data), `"value":720000`) {
				t.Fatalf("got %d %s %+v, want the cascade's value", code, res.Result.Data, res.Error)
			}
		}
		if a, c := v.bureau.avm.Load(), v.bureau.cascade.Load(); a != 4 || c != 1 {
			t.Fatalf("got %d AVM and %d cascade requests, want one more of each", a, c)
		}
	})
}

// valuationsPerAccount is the server's limit on valuation requests per
// account in 15 minutes (README, "Limits").
const valuationsPerAccount = 10

// Valuation requests are limited per account, counting each request to
// the model (the cascade after a low-confidence answer is a second one):
// beyond the limit the call answers TOO_MANY_REQUESTS with Retry-After and
// the model is not asked; a valuation the loan has already is still
// answered.
func TestValuationRequestsAreLimitedPerAccount(t *testing.T) {
	s, v := vendorServer(t, web.Config{})
	b := s.browser(t)
	b.signIn("prime@example.com")
	for i := range valuationsPerAccount {
		moveTo(b, fmt.Sprintf("%d Valencia St", i+1))
		if code, res := valuation(b); code != 200 {
			t.Fatalf("valuation %d: got %d %+v", i+1, code, res.Error)
		}
	}
	if code, _ := valuation(b); code != 200 {
		t.Fatalf("got %d, want the loan's valuation answered again without asking the model", code)
	}
	moveTo(b, "99 Mission St")
	code, res := valuation(b)
	if code != 429 || res.Error == nil || res.Error.Data.Code != "TOO_MANY_REQUESTS" {
		t.Fatalf("got %d %+v, want TOO_MANY_REQUESTS beyond %d requests", code, res.Error, valuationsPerAccount)
	}
	if n := v.bureau.avm.Load(); n != valuationsPerAccount {
		t.Fatalf("the model was asked %d times, want %d", n, valuationsPerAccount)
	}

	t.Run("the cascade counts as a request of its own", func(t *testing.T) {
		trust := s.browser(t)
		trust.signIn("trust@example.com")
		for i := range valuationsPerAccount / 2 {
			moveTo(trust, fmt.Sprintf("%d Lake Shore Dr", i+1))
			if code, res := valuation(trust); code != 200 {
				t.Fatalf("valuation %d: got %d %+v", i+1, code, res.Error)
			}
		}
		moveTo(trust, "1 Wacker Dr")
		resp, res := trust.trpc("GET", "prequal.valuation", "")
		tooMany(t, resp, res, "prequal.valuation")
		if a, c := v.bureau.avm.Load(), v.bureau.cascade.Load(); a != valuationsPerAccount+valuationsPerAccount/2 || c != valuationsPerAccount/2 {
			t.Fatalf("got %d AVM and %d cascade requests, want %d and %d", a, c, valuationsPerAccount+valuationsPerAccount/2, valuationsPerAccount/2)
		}
	})
}

// payrollBorrower is prime signed in on the income-verification page with
// page 1 saved and a job at employer on page 4.
func payrollBorrower(t *testing.T, s *testServer, employer string) *browser {
	t.Helper()
	b := s.browser(t)
	b.signIn("prime@example.com")
	if code, res := saveSection(b, "/app/application/1", `{"user":`+personalInfo+`}`); code != 200 {
		t.Fatalf("page 1: got %d %+v", code, res.Error)
	}
	reach(t, s, "prime@example.com", "application5")
	changeJob(b, employer)
	reach(t, s, "prime@example.com", "application6")
	return b
}

// changeJob saves page 4 with one current job at employer.
func changeJob(b *browser, employer string) {
	b.t.Helper()
	if code, res := saveSection(b, "/app/application/4", job(employer)); code != 200 {
		b.t.Fatalf("page 4: got %d %+v", code, res.Error)
	}
}

// A payroll connection asks the network once for a person and what the
// application says of them: connecting again, after a match or after none,
// uses the answer the loan has; a changed employer asks again, once.
func TestPayrollIsAskedOncePerPersonAndJobs(t *testing.T) {
	s, v := vendorServer(t, web.Config{})
	b := payrollBorrower(t, s, "Bayview Analytics")
	for range 2 {
		if code, res := verify(t, b, "connectPayroll", "borrower"); code != 200 {
			t.Fatalf("got %d %+v", code, res.Error)
		}
	}
	if n := v.payroll.calls.Load(); n != 1 {
		t.Fatalf("the payroll network was asked %d times for two connections with the same jobs, want once", n)
	}
	if got := incomeOf(t, b); !got.Borrower.Jobs[0].Verified || len(got.Borrower.PayrollEmployers) != 1 {
		t.Fatalf("got %+v, want the job verified by the answer kept", got.Borrower)
	}
	changeJob(b, "Initech")
	for range 3 {
		code, res := verify(t, b, "connectPayroll", "borrower")
		refusedAt(t, code, res, "party")
		if !strings.Contains(res.Error.Message, "Bayview Analytics") {
			t.Fatalf("got %q, want what the network found named", res.Error.Message)
		}
	}
	if n := v.payroll.calls.Load(); n != 2 {
		t.Fatalf("the payroll network was asked %d times, want once more for the new employer and not for each try", n)
	}
}

// payrollPerAccount is the server's limit on payroll requests per account
// in 15 minutes (README, "Limits").
const payrollPerAccount = 10

// Payroll requests are limited per account: beyond the limit the call
// answers TOO_MANY_REQUESTS with Retry-After and the network is not asked.
func TestPayrollRequestsAreLimitedPerAccount(t *testing.T) {
	s, v := vendorServer(t, web.Config{})
	b := payrollBorrower(t, s, "Employer 1")
	for i := range payrollPerAccount {
		changeJob(b, fmt.Sprintf("Employer %d", i+1))
		code, res := verify(t, b, "connectPayroll", "borrower")
		refusedAt(t, code, res, "party") // prime's network knows Bayview Analytics only
	}
	changeJob(b, "Bayview Analytics")
	resp, res := b.trpc("POST", "verification.connectPayroll", `{"party":"borrower"}`)
	tooMany(t, resp, res, "verification.connectPayroll")
	if n := v.payroll.calls.Load(); n != payrollPerAccount {
		t.Fatalf("the payroll network was asked %d times, want %d", n, payrollPerAccount)
	}
	if got := incomeOf(t, b); got.Borrower.Method != nil {
		t.Fatalf("got %+v, want nothing recorded by a refused call", got.Borrower)
	}
}

// identityChecksPerAccount is the server's limit on ID checks per account
// in 15 minutes (README, "Limits").
const identityChecksPerAccount = 10

// ID checks are limited per account, counting the checks the provider is
// asked for: a call refused before it (no photo yet) uses none of them;
// beyond the limit the call answers TOO_MANY_REQUESTS with Retry-After and
// the provider is not asked.
func TestIdentityChecksAreLimitedPerAccount(t *testing.T) {
	s, v := vendorServer(t, web.Config{})
	b := s.browser(t)
	b.signIn("florida@example.com") // the sandbox fails her driver's license
	if code, res := saveSection(b, "/app/application/1", `{"user":`+personalInfo+`}`); code != 200 {
		t.Fatalf("got %d %+v", code, res.Error)
	}
	reachStep(t, s, "florida@example.com", "identityVerification")
	for range 3 {
		code, res := verifyID(b, "borrower", "driver_license")
		refusedAt(t, code, res, "sides")
	}
	for i := range identityChecksPerAccount {
		uploadID(b, "borrower", "front")
		uploadID(b, "borrower", "back")
		code, res := verifyID(b, "borrower", "driver_license")
		if code != 200 || decode[identityResult](t, res.Result.Data).Person.Status == nil {
			t.Fatalf("check %d: got %d %+v", i+1, code, res.Error)
		}
	}
	uploadID(b, "borrower", "front")
	uploadID(b, "borrower", "back")
	resp, res := b.trpc("POST", "verification.identity", `{"party":"borrower","idType":"driver_license"}`)
	tooMany(t, resp, res, "verification.identity")
	if n := v.identity.calls.Load(); n != identityChecksPerAccount {
		t.Fatalf("the identity provider was asked %d times, want %d", n, identityChecksPerAccount)
	}
}

// creditPullsPerAccount is the server's limit on soft pulls per account in
// 15 minutes (README, "Limits").
const creditPullsPerAccount = 10

// Soft pulls are limited per account, counting the pulls the bureau is
// asked for: a pull refused before it (the coborrower's, which only they
// may authorize) uses none; beyond the limit the call answers TOO_MANY_REQUESTS with
// Retry-After and the bureau is not asked.
func TestCreditPullsAreLimitedPerAccount(t *testing.T) {
	s, v := vendorServer(t, web.Config{})
	b := s.browser(t)
	b.signIn("prime@example.com")
	version := creditVersion(t, b)
	for range 3 {
		resp, res := b.trpc("POST", "prequal.creditCheck", `{"party":"coborrower","dateOfBirth":"1980-04-12","ssn":"123450001","authorizationVersion":"`+version+`"}`)
		if resp.StatusCode != 403 {
			t.Fatalf("got %d %+v, want the coborrower's pull refused to the borrower", resp.StatusCode, res.Error)
		}
	}
	for range creditPullsPerAccount {
		creditCheck(t, b, "borrower", "123450001")
	}
	resp, res := b.trpc("POST", "prequal.creditCheck", `{"party":"borrower","dateOfBirth":"1980-04-12","ssn":"123450001","authorizationVersion":"`+version+`"}`)
	tooMany(t, resp, res, "prequal.creditCheck")
	if n := v.bureau.pulls.Load(); n != creditPullsPerAccount {
		t.Fatalf("the bureau was asked %d times, want %d", n, creditPullsPerAccount)
	}
}

// The waitlist's default limit (WAITLIST_LIMIT, 10 per client address in
// 15 minutes) is met: the eleventh call is refused and stores nothing.
func TestWaitlistDefaultLimit(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	join := func(i int) (*http.Response, wireResult) {
		return s.browser(t).trpc("POST", "prequal.joinWaitlist", fmt.Sprintf(`{"firstName":"W","lastName":"L","email":"w%d@example.com","zip":"10001"}`, i))
	}
	for i := range 10 {
		if resp, res := join(i); resp.StatusCode != 200 {
			t.Fatalf("call %d: got %d %+v", i+1, resp.StatusCode, res.Error)
		}
	}
	resp, res := join(10)
	tooMany(t, resp, res, "prequal.joinWaitlist")
	if rows, err := s.DB.ListWaitlist(context.Background(), "NY"); err != nil || len(rows) != 10 {
		t.Fatalf("got %d entries, %v, want the ten allowed only", len(rows), err)
	}
}
