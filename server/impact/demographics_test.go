package impact_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io/fs"
	"reflect"
	"strings"
	"testing"

	"github.com/heloc/heloc/fixtures"
	"github.com/heloc/heloc/schemas"
	"github.com/heloc/heloc/server/app"
	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/mail"
	"github.com/heloc/heloc/server/prequal"
	"github.com/heloc/heloc/server/providers"
	"github.com/heloc/heloc/server/schema"
	"github.com/heloc/heloc/server/servicetest"
)

// The HMDA answers are for fair-lending monitoring only (ECOA, Regulation
// B 1002.6(b)): no credit decision may read them. Every demo borrower
// answers every question (each box ticked, each origin typed), then goes
// through the services that decide for a loan (the estimate, the credit
// check and quote with its notice, the documents required, the
// employment gaps, the disclosures, the submission); every decision the
// database then holds is walked, and none of their inputs holds a field of
// the answers or any text typed into them. The policy inputs of
// fixtures/policy-inputs (the benchmarks', one per entrypoint's case) are
// walked too. Submission readiness may know whether a coborrower has gone
// through the Demographics page (ownAnswers.demographics, true or false: the
// page is one an application must complete, answered or declined), never
// what they answered.
func TestNoDecisionInputCarriesDemographics(t *testing.T) {
	ctx := context.Background()
	fields := demographicFields()
	const marker = "hmda-marker-text"
	answers := func() *domain.Demographics {
		d := &domain.Demographics{}
		v := reflect.ValueOf(d).Elem()
		for i := range v.NumField() {
			switch f := v.Field(i); f.Kind() {
			case reflect.Bool:
				f.SetBool(true)
			case reflect.Pointer:
				s := marker + "-" + v.Type().Field(i).Name
				f.Set(reflect.ValueOf(&s))
			}
		}
		return d
	}

	db := servicetest.OpenDB(t, "sqlite")
	set, err := schema.Load(schemas.FS)
	if err != nil {
		t.Fatal(err)
	}
	sandbox, err := providers.NewSandbox(fixtures.FS)
	if err != nil {
		t.Fatal(err)
	}
	svc, err := app.New(app.Config{ProductName: "HELOC", Keyring: servicetest.Keyring(), Mailer: mail.NewOutbox(0), SessionSecret: []byte("a secret"),
		Credit: sandbox, Valuation: sandbox, Now: servicetest.Now}, db, servicetest.Policies(), set)
	if err != nil {
		t.Fatal(err)
	}
	var personas []struct {
		Email    string
		Identity struct{ DateOfBirth, SSN string }
	}
	src, err := fs.ReadFile(fixtures.FS, "personas.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(src, &personas); err != nil {
		t.Fatal(err)
	}
	version := creditAuthorization(t)
	spend := func() error { return nil }
	for _, p := range personas {
		a, loan := servicetest.LoanOf(t, db, p.Email)
		if _, _, err := db.UpdateApplication(ctx, loan.ID, "", func(_ *domain.Loan, app *domain.Application, _ bool) error {
			app.User.Demographics = answers()
			if app.Coborrower != nil {
				app.Coborrower.Demographics = answers()
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		// Each step decides what it can for the persona's stage; one a
		// persona cannot take yet (a submission before the documents) is
		// refused, which is no matter here: what was decided is recorded.
		score, value, balance := int64(700), int64(600000), int64(200000)
		svc.Prequal.Estimate(ctx, a, prequal.EstimateInput{PropertyValue: &value, MortgageBalance: &balance, CreditScore: &score, PropertyUsage: "primaryResidence", PropertyType: "singleFamily"})
		svc.Prequal.CreditCheck(ctx, a, prequal.CreditCheckInput{Party: "borrower", DateOfBirth: p.Identity.DateOfBirth, SSN: p.Identity.SSN, AuthorizationVersion: version},
			prequal.Client{Address: "192.0.2.1", UserAgent: "test"}, spend)
		svc.Prequal.Quote(ctx, a, prequal.QuoteInput{Email: a.Email})
		svc.Prequal.AdverseAction(ctx, a)
		svc.Loans.Documents(ctx, a)
		svc.Loans.EmploymentHistory(ctx, a, "borrower", nil)
		svc.Loans.Disclosures(ctx, a)
		svc.Loans.Submit(ctx, a)
	}

	seen := map[string]int{}
	err = db.EachDecision(ctx, "", func(d *domain.Decision) error {
		seen[d.Entrypoint]++
		if bytes.Contains(d.Input, []byte(marker)) {
			t.Errorf("decision %s (%s): its input holds text typed into the HMDA answers: %s", d.ID, d.Entrypoint, d.Input)
		}
		var in any
		if err := json.Unmarshal(d.Input, &in); err != nil {
			return err
		}
		for _, path := range demographicPaths(in, "", fields) {
			t.Errorf("decision %s (%s): its input carries %s", d.ID, d.Entrypoint, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// The walk is worth something only if the decisions that refuse or
	// price credit were made.
	for _, entrypoint := range []string{"heloc.eligibility.decision", "heloc.offer.preview", "heloc.notice.adverse_action",
		"heloc.documents.requirements", "heloc.employment.history", "heloc.submission.readiness"} {
		if seen[entrypoint] == 0 {
			t.Errorf("no %s decision was made: got %v", entrypoint, seen)
		}
	}

	// The walk finds the answers where an input would carry them.
	var planted any
	json.Unmarshal([]byte(`{"application": {"user": {"demographics": {"isFemale": true}}, "people": [{"wontInformRace": false}]}}`), &planted)
	if got := demographicPaths(planted, "", fields); len(got) != 3 {
		t.Fatalf("got %v, want the planted answers found", got)
	}

	entries, err := fs.Glob(fixtures.FS, "policy-inputs/*.json")
	if err != nil || len(entries) == 0 {
		t.Fatalf("got %v (%v), want the policy inputs", entries, err)
	}
	for _, name := range entries {
		src, err := fs.ReadFile(fixtures.FS, name)
		if err != nil {
			t.Fatal(err)
		}
		var in any
		if err := json.Unmarshal(src, &in); err != nil {
			t.Fatal(err)
		}
		for _, path := range demographicPaths(in, "", fields) {
			t.Errorf("%s carries %s", name, path)
		}
	}
}

// demographicFields are the JSON names of the HMDA answers
// (domain.Demographics).
func demographicFields() map[string]bool {
	out := map[string]bool{}
	typ := reflect.TypeFor[domain.Demographics]()
	for i := range typ.NumField() {
		name, _, _ := strings.Cut(typ.Field(i).Tag.Get("json"), ",")
		out[name] = true
	}
	return out
}

// demographicPaths lists where v (decoded JSON) has a key of fields, or a
// "demographics" that is more than whether the page was completed.
func demographicPaths(v any, at string, fields map[string]bool) []string {
	var out []string
	switch x := v.(type) {
	case map[string]any:
		for k, val := range x {
			if _, done := val.(bool); fields[k] || k == "demographics" && !done {
				out = append(out, at+"."+k)
			}
			out = append(out, demographicPaths(val, at+"."+k, fields)...)
		}
	case []any:
		for _, val := range x {
			out = append(out, demographicPaths(val, at+"[]", fields)...)
		}
	}
	return out
}

// creditAuthorization is the version of the credit authorization the
// borrowers agree to now.
func creditAuthorization(t *testing.T) string {
	t.Helper()
	return servicetest.ConsentVersion(t, "creditAuthorization")
}
