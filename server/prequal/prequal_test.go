package prequal_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/heloc/heloc/fixtures"
	"github.com/heloc/heloc/schemas"
	"github.com/heloc/heloc/server/decisions"
	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/loans"
	"github.com/heloc/heloc/server/prequal"
	"github.com/heloc/heloc/server/providers"
	"github.com/heloc/heloc/server/schema"
	"github.com/heloc/heloc/server/servicetest"
	"github.com/heloc/heloc/server/store"
)

// These tests call the prequalification service directly, over the real
// store (SQLite and PostgreSQL) with the demo borrowers, the real policies
// and the sandbox bureau and valuation model. server/web's tests walk the
// same procedures over HTTP.

type fixture struct {
	db  *store.DB
	svc *prequal.Service
}

func forEachDB(t *testing.T, fn func(t *testing.T, f *fixture)) {
	sandbox, err := providers.NewSandbox(fixtures.FS)
	if err != nil {
		t.Fatal(err)
	}
	set, err := schema.Load(schemas.FS)
	if err != nil {
		t.Fatal(err)
	}
	servicetest.ForEachDB(t, func(t *testing.T, db *store.DB, _ string) {
		live := servicetest.Policies()
		recorder := decisions.NewRecorder(db, live)
		loanService := loans.New(db, live, set, "", servicetest.Now).WithRecorder(recorder)
		svc := prequal.New(db, loanService, live, recorder, prequal.Config{Credit: sandbox, Valuation: sandbox,
			Sealer: servicetest.Keyring(), Now: servicetest.Now})
		fn(t, &fixture{db: db, svc: svc})
	})
}

// latest is the loan's latest decision of entrypoint, or nil.
func (f *fixture) latest(t *testing.T, loanID, entrypoint string) *domain.Decision {
	t.Helper()
	d, err := f.db.LatestDecision(context.Background(), loanID, entrypoint)
	if domain.ErrorCode(err) == domain.ENOTFOUND {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func fieldOf(err error) string {
	if fields := domain.ErrorFields(err); len(fields) > 0 {
		return fields[0].Path
	}
	return ""
}

// creditVersion is the credit-check authorization in force.
func creditVersion(t *testing.T) string {
	t.Helper()
	return servicetest.ConsentVersion(t, "creditAuthorization")
}

// An estimate decides eligibility and the preview offer together: for a
// visitor neither is kept for a loan; for a signed-in applicant both are
// recorded for their loan, with the ids the answer gives. A credit range
// stands for the table's score; a range the table lacks is refused at its
// field.
func TestEstimate(t *testing.T) {
	forEachDB(t, func(t *testing.T, f *fixture) {
		ctx := context.Background()
		value, balance := int64(800000), int64(200000)
		good := "good"
		in := prequal.EstimateInput{PropertyValue: &value, MortgageBalance: &balance, CreditRange: &good,
			PropertyUsage: "primaryResidence", PropertyType: "singleFamily"}

		visitor, err := f.svc.Estimate(ctx, nil, in)
		if err != nil {
			t.Fatal(err)
		}
		if visitor.CreditScore == nil || visitor.Eligibility["eligible"] == nil || visitor.Offer["maxLine"] == nil {
			t.Fatalf("got %+v, want the range's score, eligibility and an offer", visitor)
		}

		a, loan := servicetest.LoanOf(t, f.db, "prime@example.com")
		got, err := f.svc.Estimate(ctx, a, in)
		if err != nil {
			t.Fatal(err)
		}
		for entrypoint, d := range map[string]prequal.Decided{"heloc.eligibility.decision": got.Eligibility, "heloc.offer.preview": got.Offer} {
			rec := f.latest(t, loan.ID, entrypoint)
			if rec == nil || rec.ID != d["decisionId"] || !strings.Contains(string(rec.Input), `"stage":"estimate"`) {
				t.Errorf("%s: got %+v, want the answer's decision recorded for the loan", entrypoint, rec)
			}
		}

		bad := "superb"
		in.CreditRange = &bad
		if _, err := f.svc.Estimate(ctx, a, in); domain.ErrorCode(err) != domain.EINVALID || fieldOf(err) != "creditRange" {
			t.Fatalf("got %v, want the range refused at creditRange", err)
		}
	})
}

// A save merges the page's answers, fills in the state from the ZIP code
// (recorded for the loan), moves the status on to a later page's step and
// never back; a ZIP code of no state is refused at its field and nothing
// is saved.
func TestSaveAnswers(t *testing.T) {
	forEachDB(t, func(t *testing.T, f *fixture) {
		ctx := context.Background()
		a, loan := servicetest.LoanOf(t, f.db, "thin-file@example.com") // seeded at creditScore
		nowhere := "00000"
		_, err := f.svc.SaveAnswers(ctx, a, prequal.SaveInput{Path: "/app/initial-setup/zip", Answers: domain.PrequalAnswers{Zip: &nowhere}})
		if domain.ErrorCode(err) != domain.EINVALID || fieldOf(err) != "answers.zip" || !strings.Contains(err.Error(), "00000") {
			t.Fatalf("got %v, want the ZIP code of no state refused at answers.zip", err)
		}

		zip := "94110"
		got, err := f.svc.SaveAnswers(ctx, a, prequal.SaveInput{Path: "/app/initial-setup/zip", Answers: domain.PrequalAnswers{Zip: &zip}})
		if err != nil {
			t.Fatal(err)
		}
		if got.Answers.PropertyState == nil || *got.Answers.PropertyState != "CA" || *got.ApplicationStatus != "creditScore" ||
			got.Answers.PropertyValue == nil || *got.Answers.PropertyValue != 410000 {
			t.Fatalf("got %+v, want CA from the ZIP code, the other answers kept and the status not moved back", got)
		}
		recorded := false
		if err := f.db.EachDecision(ctx, "heloc.licensing.lookup", func(d *store.Decision) error {
			recorded = recorded || d.LoanID == loan.ID && string(d.Input) == `{"zip":"94110"}`
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		if !recorded {
			t.Fatal("got no lookup of 94110 recorded for the loan")
		}

		// An address's state is its ZIP code's: 94110 is in California.
		nv := domain.PrequalAnswers{Zip: &zip, Address: &domain.Address{Line1: "123 Valencia Street", City: "San Francisco", State: "NV", Zip: zip}}
		_, err = f.svc.SaveAnswers(ctx, a, prequal.SaveInput{Path: "/prequal/address", Answers: nv})
		if domain.ErrorCode(err) != domain.EINVALID || fieldOf(err) != "answers.address.state" || !strings.Contains(err.Error(), "94110 is in California: enter CA") {
			t.Fatalf("got %v, want the state refused at answers.address.state, naming California", err)
		}
		nv.Address.State = "CA"
		if _, err := f.svc.SaveAnswers(ctx, a, prequal.SaveInput{Path: "/prequal/address", Answers: nv}); err != nil {
			t.Fatalf("the state of the ZIP code: %v", err)
		}

		// A coborrower signs in with an e-mail of their own: the borrower's,
		// in any case, is refused at its field, and nothing is saved.
		yes := true
		self := domain.PrequalAnswers{HasCoborrower: &yes, Coborrower: &domain.CoborrowerInfo{FirstName: "Sam", LastName: "Lee", Email: " " + strings.ToUpper(a.Email), Relationship: "spouse"}}
		if _, err := f.svc.SaveAnswers(ctx, a, prequal.SaveInput{Path: "/app/initial-setup/coborrower", Answers: self}); domain.ErrorCode(err) != domain.EINVALID || fieldOf(err) != "answers.coborrower.email" {
			t.Fatalf("got %v, want the borrower's own e-mail refused at answers.coborrower.email", err)
		}
		if kept, err := f.svc.Answers(ctx, a); err != nil || kept.Answers.Coborrower != nil {
			t.Fatalf("got %+v, %v, want no coborrower saved", kept, err)
		}

		income := int64(90000)
		got, err = f.svc.SaveAnswers(ctx, a, prequal.SaveInput{Path: "/app/initial-setup/credit-income", Answers: domain.PrequalAnswers{AnnualIncome: &income}})
		if err != nil {
			t.Fatal(err)
		}
		// The status moves on to the step reached: the page after the income and debts, the preview offer (issue 22).
		if *got.ApplicationStatus != "previewOffer" || *got.Answers.AnnualIncome != 90000 || *got.Answers.PropertyState != "CA" {
			t.Fatalf("got %+v, want the status moved on and every answer kept", got)
		}
		again, err := f.svc.Answers(ctx, a)
		if err != nil || *again.ApplicationStatus != "previewOffer" || *again.Answers.AnnualIncome != 90000 {
			t.Fatalf("got %+v, %v, want the saved answers read back", again, err)
		}
		if _, err := f.svc.Answers(ctx, nil); domain.ErrorCode(err) != domain.EUNAUTHORIZED {
			t.Fatalf("got %v, want UNAUTHORIZED without an applicant", err)
		}
	})
}

// On the /prequal path, whose steps are no status, each save records the
// status the page after it stands for (the page table's `status`): the
// answers kept in the browser, saved as the has-fbm page's when the account
// is made on the credit check, reach the credit check (the pull is still
// to come); the pull's Continue the coborrower page; mortgage-select the
// debts page, which shares its status; the debts page the pre-offer.
func TestSaveAnswersOnThePrequalPath(t *testing.T) {
	forEachDB(t, func(t *testing.T, f *fixture) {
		ctx := context.Background()
		a := &domain.Applicant{Email: "prime+prequal-path@example.com", FirstName: "Olivia", LastName: "Bennett"}
		if _, err := f.db.CreateApplicantWithLoan(ctx, a, "propertyValue"); err != nil {
			t.Fatal(err)
		}
		no, value := false, int64(850000)
		for _, step := range []struct {
			path    string
			answers domain.PrequalAnswers
			want    string
		}{
			{"/prequal/has-fbm", domain.PrequalAnswers{ListedForSale: &no, PropertyValue: &value}, "creditScore"},
			{"/prequal/credit-check", domain.PrequalAnswers{}, "coborrower"},
			{"/prequal/coborrower", domain.PrequalAnswers{HasCoborrower: &no}, "mortgageBalance"},
			{"/prequal/mortgage-select", domain.PrequalAnswers{}, "mortgageBalance"},
			{"/prequal/debts", domain.PrequalAnswers{}, "previewOffer"},
			{"/prequal/coborrower", domain.PrequalAnswers{}, "previewOffer"}, // never back
		} {
			got, err := f.svc.SaveAnswers(ctx, a, prequal.SaveInput{Path: step.path, Answers: step.answers})
			if err != nil {
				t.Fatal(err)
			}
			if *got.ApplicationStatus != step.want {
				t.Fatalf("after a save of %s: got status %s, want %s", step.path, *got.ApplicationStatus, step.want)
			}
		}
	})
}

// Only a ZIP code of a state without a licence joins the waitlist, its
// contact sealed; a licensed state's and a ZIP code of no state are
// refused at the field.
func TestJoinWaitlist(t *testing.T) {
	forEachDB(t, func(t *testing.T, f *fixture) {
		ctx := context.Background()
		phone := "2125550123"
		got, err := f.svc.JoinWaitlist(ctx, prequal.WaitlistInput{FirstName: " Wanda ", LastName: "Wait", Email: "Wanda@Example.com", Zip: "10001", Phone: &phone})
		if err != nil {
			t.Fatal(err)
		}
		if got.State != "NY" || got.StateName != "New York" || got.OpensOn == nil {
			t.Fatalf("got %+v, want New York and its opening day", got)
		}
		rows, err := f.db.ListWaitlist(ctx, "NY")
		if err != nil || len(rows) != 1 || rows[0].Zip != "10001" {
			t.Fatalf("got %+v, %v", rows, err)
		}
		plain, err := servicetest.Keyring().Open(rows[0].Contact, []byte("waitlist|"+rows[0].ID))
		if err != nil {
			t.Fatal(err)
		}
		if string(plain) != `{"email":"wanda@example.com","firstName":"Wanda","lastName":"Wait","phone":"2125550123"}` {
			t.Fatalf("got contact %s", plain)
		}
		for zip, says := range map[string]string{"94110": "California", "00000": "could not find the state"} {
			_, err := f.svc.JoinWaitlist(ctx, prequal.WaitlistInput{FirstName: "A", LastName: "B", Email: "ab@example.com", Zip: zip})
			if domain.ErrorCode(err) != domain.EINVALID || fieldOf(err) != "zip" || !strings.Contains(err.Error(), says) {
				t.Errorf("%s: got %v, want it refused at zip saying %q", zip, err, says)
			}
		}
	})
}

// A soft pull is refused, before the limit is spent or the bureau asked,
// for an authorization not in force, a coborrower not named, and a date
// of birth the rules do not allow; the quote is null before it, the
// applicant's own only, and after it decides eligibility, the offer and
// the notice, each recorded.
func TestCreditCheckAndQuote(t *testing.T) {
	forEachDB(t, func(t *testing.T, f *fixture) {
		ctx := context.Background()
		a, loan := servicetest.LoanOf(t, f.db, "prime@example.com")
		spent := 0
		spend := func() error { spent++; return nil }
		client := prequal.Client{Address: "192.0.2.1", UserAgent: "test"}
		version := creditVersion(t)

		if q, err := f.svc.Quote(ctx, a, prequal.QuoteInput{Email: a.Email}); q != nil || err != nil {
			t.Fatalf("got %+v, %v, want no quote before the credit check", q, err)
		}
		for _, tc := range []struct {
			in   prequal.CreditCheckInput
			path string
		}{
			{prequal.CreditCheckInput{Party: "borrower", DateOfBirth: "1980-04-12", SSN: "123450001", AuthorizationVersion: "credit-1999-01"}, "authorizationVersion"},
			{prequal.CreditCheckInput{Party: "borrower", DateOfBirth: "2030-01-01", SSN: "123450001", AuthorizationVersion: version}, "dateOfBirth"},
		} {
			if _, err := f.svc.CreditCheck(ctx, a, tc.in, client, spend); domain.ErrorCode(err) != domain.EINVALID || fieldOf(err) != tc.path {
				t.Errorf("got %v, want a refusal at %s", err, tc.path)
			}
		}
		// The coborrower's file is theirs to authorize, in their own sign-in.
		co := prequal.CreditCheckInput{Party: "coborrower", DateOfBirth: "1980-04-12", SSN: "123450001", AuthorizationVersion: version}
		if _, err := f.svc.CreditCheck(ctx, a, co, client, spend); domain.ErrorCode(err) != domain.EFORBIDDEN {
			t.Errorf("got %v, want the borrower refused the coborrower's pull", err)
		}
		if spent != 0 {
			t.Fatalf("the limit was spent %d times on refused pulls", spent)
		}
		tooMany := errors.New("too many")
		if _, err := f.svc.CreditCheck(ctx, a, prequal.CreditCheckInput{Party: "borrower", DateOfBirth: "1980-04-12", SSN: "123450001",
			AuthorizationVersion: version}, client, func() error { return tooMany }); err != tooMany {
			t.Fatalf("got %v, want the limit's refusal", err)
		}
		if r, err := f.svc.CreditReport(ctx, a); r != nil || err != nil {
			t.Fatalf("got %+v, %v, want no report after a refused pull", r, err)
		}

		r, err := f.svc.CreditCheck(ctx, a, prequal.CreditCheckInput{Party: "borrower", DateOfBirth: "1980-04-12", SSN: "123450001",
			AuthorizationVersion: version}, client, spend)
		if err != nil {
			t.Fatal(err)
		}
		if spent != 1 || r.Score == nil || *r.Score != 790 || r.Kind != domain.SingleCredit {
			t.Fatalf("got %+v after %d spends, want prime's report after one", r, spent)
		}

		if _, err := f.svc.Quote(ctx, a, prequal.QuoteInput{Email: "someone@example.com"}); domain.ErrorCode(err) != domain.EFORBIDDEN {
			t.Fatalf("got %v, want another's e-mail refused", err)
		}
		line := int64(90000)
		q, err := f.svc.Quote(ctx, a, prequal.QuoteInput{Email: " PRIME@example.com ", RequestedLine: &line})
		if err != nil {
			t.Fatal(err)
		}
		if q.Eligibility["eligible"] != true || q.Offer["eligible"] != true || q.AdverseAction != nil {
			t.Fatalf("got %+v, want prime eligible, offered, with no notice", q)
		}
		if _, ok := q.Offer["originationFee"]; ok {
			t.Fatal("got the origination fee without asking for it")
		}
		for entrypoint, id := range map[string]any{"heloc.eligibility.decision": q.Eligibility["decisionId"], "heloc.offer.preview": q.Offer["decisionId"]} {
			d := f.latest(t, loan.ID, entrypoint)
			if d == nil || d.ID != id || !strings.Contains(string(d.Input), `"requestedLine":90000`) || !strings.Contains(string(d.Input), `"stage":"preview"`) {
				t.Errorf("%s: got %+v, want the quote's decision recorded with its facts", entrypoint, d)
			}
		}
		if d := f.latest(t, loan.ID, "heloc.notice.adverse_action"); d == nil || !strings.Contains(string(d.Input), `"decision":{`) {
			t.Fatalf("got %+v, want the notice decided on the offer and recorded", d)
		}
		withFee, err := f.svc.Quote(ctx, a, prequal.QuoteInput{Email: a.Email, FetchOriginationFee: true, RequestedLine: &line})
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := withFee.Offer["originationFee"]; !ok {
			t.Fatal("got no origination fee when asked for it")
		}
		if n, err := f.svc.AdverseAction(ctx, a); n != nil || err != nil {
			t.Fatalf("got %+v, %v, want no notice for an eligible quote", n, err)
		}
	})
}

// At submission the decisions are made again on the application's figures
// (stage "submission"): without a credit check on file the borrower is
// told at "offer"; with it, the chosen terms that still stand pass, and a
// line above what the figures allow is told.
func TestRedecide(t *testing.T) {
	forEachDB(t, func(t *testing.T, f *fixture) {
		ctx := context.Background()
		a, loan := servicetest.LoanOf(t, f.db, "prime@example.com")
		kind, units := "singleFamily", "1"
		app := &domain.Application{Property: domain.Property{Type: &kind, Units: &units}} // the home as page 2 states it
		line := domain.Dollars(100000)
		chosen := &domain.Offer{Eligible: true, Line: &line, APR: 30}
		if err := f.svc.Redecide(ctx, loan, app, chosen); domain.ErrorCode(err) != domain.EINVALID || fieldOf(err) != "offer" ||
			!strings.Contains(err.Error(), "no credit check") {
			t.Fatalf("got %v, want no credit check on file told at offer", err)
		}
		if _, err := f.svc.CreditCheck(ctx, a, prequal.CreditCheckInput{Party: "borrower", DateOfBirth: "1980-04-12", SSN: "123450001",
			AuthorizationVersion: creditVersion(t)}, prequal.Client{}, nil); err != nil {
			t.Fatal(err)
		}
		if err := f.svc.Redecide(ctx, loan, app, chosen); err != nil {
			t.Fatalf("got %v, want the terms chosen to stand", err)
		}
		for _, entrypoint := range []string{"heloc.eligibility.decision", "heloc.offer.preview", "heloc.notice.adverse_action", prequal.TermsEntrypoint} {
			if d := f.latest(t, loan.ID, entrypoint); d == nil || entrypoint != prequal.TermsEntrypoint && !strings.Contains(string(d.Input), `"stage":"submission"`) {
				t.Errorf("%s: got %+v, want it decided at submission and recorded", entrypoint, d)
			}
		}
		huge := domain.Dollars(5000000)
		chosen.Line = &huge
		if err := f.svc.Redecide(ctx, loan, app, chosen); domain.ErrorCode(err) != domain.EINVALID || fieldOf(err) == "" {
			t.Fatalf("got %v, want a line the figures do not allow told at its field", err)
		}
	})
}

// A submission whose terms changed on the application's figures is told
// the change, in the reasons' own words, before anything is submitted: the
// rules decide (heloc.submission.terms) and the refusal is at the field
// "decision" for a decline, "offer" for anything else.
func TestTermsAtSubmission(t *testing.T) {
	engine := servicetest.Policies()
	chosen := map[string]any{"line": 150000, "apr": 8.25}
	eligible := map[string]any{"eligible": true, "outcome": "eligible", "reasons": []any{}, "missing": []any{}}
	offer := func(line int, apr float64) map[string]any {
		return map[string]any{"eligible": true, "maxLine": 410500, "line": line, "apr": apr, "reasons": []any{}}
	}
	for _, tc := range []struct {
		name             string
		eligibility, off any
		says             string
		at               string // the field the refusal is at: "offer" unless said
	}{
		{"the same terms", eligible, offer(150000, 8.25), "", ""},
		{"a lower APR", eligible, offer(150000, 8), "", ""},
		{"a decline", map[string]any{"eligible": false, "outcome": "ineligible", "reasons": []any{map[string]any{"code": "PROPERTY_UNITS", "message": "We lend on homes of 1 to 4 units."}}},
			offer(0, 0), "we cannot offer you this line. We lend on homes of 1 to 4 units.", "decision"},
		{"an offer refused by its own rules", eligible, map[string]any{"eligible": false, "maxLine": 0, "line": 0, "apr": 0,
			"reasons": []any{map[string]any{"code": "DTI_TOO_HIGH", "message": "Your debts are too high for your income."}}}, "Your debts are too high for your income.", "decision"},
		{"a lower line", eligible, offer(120000, 8.25), "the most we can offer is $120,000, less than the $150,000 you chose", ""},
		{"a higher APR", eligible, offer(150000, 8.5), "the APR is 8.50%, above the 8.25% you were shown", ""},
		{"a missing fact", map[string]any{"eligible": false, "outcome": "notDecided", "reasons": []any{map[string]any{"code": "NOT_DECIDED", "message": "x"}},
			"missing": []any{map[string]any{"fact": "annualIncome", "label": "Your annual income", "page": "income"}}}, offer(0, 0), "we need: Your annual income.", ""},
	} {
		result, err := engine.Decide(context.Background(), prequal.TermsEntrypoint, map[string]any{"eligibility": tc.eligibility, "offer": tc.off, "chosen": chosen})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		err = prequal.TermsError(result)
		at := tc.at
		if at == "" {
			at = "offer"
		}
		switch {
		case tc.says == "" && err != nil:
			t.Errorf("%s: got %v, want it accepted", tc.name, err)
		case tc.says != "" && (err == nil || !strings.Contains(err.Error(), tc.says) || domain.ErrorFields(err)[0].Path != at):
			t.Errorf("%s: got %v (%+v), want %q at %s", tc.name, err, domain.ErrorFields(err), tc.says, at)
		}
	}
	if err := prequal.TermsError(map[string]any{"nothing": true}); err == nil {
		t.Error("an unreadable result was taken for no change")
	}
}

// The /prequal path's first answers are decided by the rules as they are
// given (heloc.eligibility's knockout stage): a home listed for sale is
// refused at once, with its reason; one not listed goes on though nothing
// else is known; no answer is not decided, never a decline. A visitor's
// decision is made without a loan; an applicant's is recorded with theirs.
// At the preview, the same answer refuses with every other fact known.
func TestKnockout(t *testing.T) {
	forEachDB(t, func(t *testing.T, f *fixture) {
		ctx := context.Background()
		yes, no := true, false

		listed, err := f.svc.Knockout(ctx, nil, prequal.KnockoutInput{ListedForSale: &yes})
		if err != nil {
			t.Fatal(err)
		}
		reasons, _ := listed["reasons"].([]any)
		if listed["outcome"] != "ineligible" || listed["eligible"] != false || len(reasons) != 1 ||
			reasons[0].(map[string]any)["code"] != "LISTED_FOR_SALE" {
			t.Fatalf("got %+v, want a home listed for sale refused with its reason", listed)
		}

		notListed, err := f.svc.Knockout(ctx, nil, prequal.KnockoutInput{ListedForSale: &no, FBM: &domain.FBMAnswers{}})
		if err != nil {
			t.Fatal(err)
		}
		if notListed["outcome"] != "eligible" {
			t.Fatalf("got %+v, want a home not listed to go on before anything else is known", notListed)
		}

		unanswered, err := f.svc.Knockout(ctx, nil, prequal.KnockoutInput{})
		if err != nil {
			t.Fatal(err)
		}
		if unanswered["outcome"] != "notDecided" || unanswered["ineligiblePage"] != nil {
			t.Fatalf("got %+v, want no answer not decided, never a decline", unanswered)
		}

		fbm, err := f.svc.Knockout(ctx, nil, prequal.KnockoutInput{ListedForSale: &no, FBM: &domain.FBMAnswers{Bankruptcy: true}})
		if err != nil {
			t.Fatal(err)
		}
		if fbm["outcome"] != "ineligible" {
			t.Fatalf("got %+v, want a recent bankruptcy refused at the knockout", fbm)
		}

		a, loan := servicetest.LoanOf(t, f.db, "prime@example.com")
		mine, err := f.svc.Knockout(ctx, a, prequal.KnockoutInput{ListedForSale: &yes})
		if err != nil {
			t.Fatal(err)
		}
		rec := f.latest(t, loan.ID, "heloc.eligibility.decision")
		if rec == nil || rec.ID != mine["decisionId"] || !strings.Contains(string(rec.Input), `"stage":"knockout"`) ||
			!strings.Contains(string(rec.Input), `"listedForSale":true`) {
			t.Fatalf("got %+v, want the applicant's knockout recorded with their loan", rec)
		}

		// At the preview, after the pull, the saved answer refuses too.
		if _, err := f.svc.SaveAnswers(ctx, a, prequal.SaveInput{Path: "/prequal/listed-for-sale",
			Answers: domain.PrequalAnswers{ListedForSale: &yes}}); err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.CreditCheck(ctx, a, prequal.CreditCheckInput{Party: "borrower", DateOfBirth: "1980-04-12", SSN: "123450001",
			AuthorizationVersion: creditVersion(t)}, prequal.Client{Address: "192.0.2.1", UserAgent: "test"}, func() error { return nil }); err != nil {
			t.Fatal(err)
		}
		q, err := f.svc.Quote(ctx, a, prequal.QuoteInput{Email: a.Email})
		if err != nil {
			t.Fatal(err)
		}
		if q.Eligibility["eligible"] != false || q.Eligibility["ineligiblePage"] != "low-equity" || q.AdverseAction == nil {
			t.Fatalf("got %+v, want prime's home listed for sale refused at the preview, with a notice", q.Eligibility)
		}
	})
}
