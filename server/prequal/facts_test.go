package prequal

import (
	"bytes"
	"context"
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/servicetest"
)

// At submission the debt-to-income rule reads the application's figures:
// each person's current pay a month and other income, and the report's
// debts less the one the line pays off, not the yearly income and the
// monthly debts stated before the application.
func TestSubmissionDecidesOnTheApplicationsIncomeAndDebts(t *testing.T) {
	app := richApplication()
	score := 780
	report := &domain.CreditReport{Score: &score, Mortgages: []domain.ReportedMortgage{}}
	income, debts := int64(500000), int64(4000)
	answers := domain.PrequalAnswers{AnnualIncome: &income, MonthlyDebts: &debts}
	input := submissionFacts(answers, app, report, true, 100000, time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC))
	if got := len(input.Incomes); got != 4 {
		t.Fatalf("got %d incomes, want each job and source of both people: %+v", got, input.Incomes)
	}
	result, err := servicetest.Policies().Decide(context.Background(), "heloc.offer.preview", input)
	if err != nil {
		t.Fatal(err)
	}
	var offer struct {
		DTI *struct {
			MonthlyIncome json.Number `json:"monthlyIncome"`
			MonthlyDebts  json.Number `json:"monthlyDebts"`
		} `json:"dti"`
	}
	if err := domain.DecodeAnswer(result, &offer); err != nil || offer.DTI == nil {
		t.Fatalf("got no dti in %v (%v)", result, err)
	}
	// 7,000 + 500 + 1,000 + 1,500 a month, the ended job left out, with the table's counted amounts.
	if got := offer.DTI.MonthlyIncome.String(); got != "10000" {
		t.Errorf("monthly income: got %v, want 10000 from the application", got)
	}
	if got := offer.DTI.MonthlyDebts.String(); got != "350" {
		t.Errorf("monthly debts: got %v, want 350 (the debt the line pays off left out)", got)
	}
}

// The application's home value, now cents, reaches the policies as the
// same whole dollars math.Round gave of the float64 it was: the
// submission's policy input is unchanged.
func TestSubmissionInputHomeValueInWholeDollars(t *testing.T) {
	today := time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC)
	for _, dollars := range []float64{850000, 850000.49, 850000.5, 850000.99, 0.5, 99999999.99, 100000000} {
		b, err := json.Marshal(dollars)
		if err != nil {
			t.Fatal(err)
		}
		var value domain.Cents
		if err := json.Unmarshal(b, &value); err != nil {
			t.Fatal(err)
		}
		app := &domain.Application{Property: domain.Property{Value: &value}}
		input := submissionFacts(domain.PrequalAnswers{}, app, &domain.CreditReport{}, false, 150000, today)
		if want := int64(math.Round(dollars)); input.PropertyValue == nil || *input.PropertyValue != want {
			t.Errorf("%v: got %v, want %d", dollars, input.PropertyValue, want)
		}
	}
	input := submissionFacts(domain.PrequalAnswers{}, &domain.Application{}, &domain.CreditReport{}, false, 150000, today)
	if input.PropertyValue != nil {
		t.Errorf("got %d, want no home value from the application when it has none", *input.PropertyValue)
	}
}

// The typed inputs are encoded, and so recorded with their decisions, byte
// for byte as the maps they replaced (legacy* below are those maps' code
// as it was in server/web): a decision recorded before them is still the
// same decision to the decision log.
func TestFactsEncodeAsTheMapsTheyReplace(t *testing.T) {
	today := time.Date(2026, 11, 22, 15, 0, 0, 0, time.UTC)
	same := func(t *testing.T, name string, typed, legacy any) {
		t.Helper()
		a, err := json.Marshal(typed)
		if err != nil {
			t.Fatal(err)
		}
		b, err := json.Marshal(legacy)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a, b) {
			t.Errorf("%s:\n got %s\nwant %s", name, a, b)
		}
	}

	ca, score, rng := "CA", int64(720), "good"
	value, balance := int64(900000), int64(250000)
	for i, in := range []EstimateInput{
		{},
		{PropertyValue: &value, MortgageBalance: &balance, CreditScore: &score, CreditRange: &rng, PropertyUsage: "primaryResidence",
			PropertyState: &ca, PropertyType: "singleFamily", HasFbm: true},
	} {
		same(t, "estimate "+strconv.Itoa(i), estimateFacts(in, today), legacyEstimate(in, today))
	}

	s780, s640 := 780, 640
	late := "2025-03-01"
	usage, desired, income, debts := "primaryResidence", int64(80000), int64(150000), int64(1200)
	reports := []*domain.CreditReport{
		{},
		{PulledAt: today, Kind: domain.JointCredit, Score: &s780, CoborrowerScore: &s640, ScoreRange: domain.ScoreRange{Min: 300, Max: 850},
			KeyFactors: []string{"Too many inquiries"}, Bureau: domain.Bureau{Name: "Sandbox Bureau"},
			Mortgages: []domain.ReportedMortgage{
				{ID: "m1", Balance: 300000, MonthlyPayment: 2100, LatePaymentDays: 60, LatePaymentDate: &late},
				{ID: "m2", Balance: 50000, MonthlyPayment: 400},
				{ID: "m3", Balance: 10000},
			},
			Liabilities: []domain.ReportedDebt{{ID: "d1", Type: "revolving", MonthlyPayment: 150}, {ID: "d2", Type: "installment", MonthlyPayment: 0}}},
	}
	answers := []domain.PrequalAnswers{
		{},
		{PropertyValue: &value, PropertyUsage: &usage, PropertyState: &ca, DesiredAmount: &desired, AnnualIncome: &income, MonthlyDebts: &debts,
			FBM: &domain.FBMAnswers{}, DebtsToPayOff: []string{"d2"},
			Mortgages: []domain.MortgageAnswer{
				{ID: "m1", Confirmed: true, Balance: 295000},
				{ID: "m2", Confirmed: false, Balance: 1},
				{ID: "u1", Confirmed: true, Balance: 20000, AddedByUser: true},
			}},
	}
	requested := int64(60000)
	apps := []*domain.Application{{}, richApplication()}
	offer := map[string]any{"eligible": false, "reasons": []any{}}
	for i, r := range reports {
		for j, a := range answers {
			for _, coborrower := range []bool{false, true} {
				name := "report " + strconv.Itoa(i) + " answers " + strconv.Itoa(j) + " coborrower " + strconv.FormatBool(coborrower)
				for _, req := range []*int64{nil, &requested} {
					typed := bureauFacts(a, r, coborrower, req, today)
					same(t, "preview, "+name, typed, legacyBureau(a, r, coborrower, req, today))
					typed.Decision = offer
					notice := legacyBureau(a, r, coborrower, req, today)
					notice["decision"] = offer
					same(t, "notice, "+name, typed, notice)
				}
				for k, app := range apps {
					same(t, "submission, app "+strconv.Itoa(k)+" "+name, submissionFacts(a, app, r, coborrower, 120000, today),
						legacySubmission(a, app, r, coborrower, 120000, today))
				}
			}
		}
	}
	for _, units := range []string{"1", "2", "5+"} {
		app := richApplication()
		app.Property.Units = &units
		same(t, "units "+units, submissionFacts(answers[1], app, reports[1], true, 1, today), legacySubmission(answers[1], app, reports[1], true, 1, today))
	}
	chosen := &domain.Offer{APR: 8.25, MaxLine: 150000}
	same(t, "terms", TermsFacts{Eligibility: offer, Offer: offer, Chosen: ChosenTerms{Line: chosen.Amount(), APR: chosen.APR}},
		map[string]any{"eligibility": offer, "offer": offer, "chosen": map[string]any{"line": chosen.Amount(), "apr": chosen.APR}})
	same(t, "zip", zipFacts{Zip: "94110"}, map[string]any{"zip": "94110"})
}

// richApplication has two people with jobs (one ended) and other income,
// debts (one paid off with the line, one left out) and the home.
func richApplication() *domain.Application {
	cents := func(dollars int64) *domain.Cents { c := domain.Cents(dollars * 100); return &c }
	ended := "2024-01-31"
	kind := "revolving"
	singleFamily, primary, california, units := "singleFamily", "primaryResidence", "CA", "1"
	return &domain.Application{
		User: domain.Person{
			Employments: []domain.Employment{
				{StartDate: "2019-01-01", Base: cents(7000), Overtime: cents(500)},
				{StartDate: "2015-01-01", EndDate: &ended, Base: cents(9000)}, // ended: no longer pays
			},
			IncomeSources: []domain.IncomeSource{{Type: "Alimony", OtherValue: cents(1000)}},
		},
		Coborrower: &domain.Person{Employments: []domain.Employment{{StartDate: "2020-01-01", Base: cents(1500), SelfEmployedIndicator: true}}},
		Liabilities: []domain.Liability{
			{Type: &kind, MonthlyPayment: cents(350)},
			{Type: &kind, MonthlyPayment: cents(600), ToBePaidOff: true},
			{Omitted: true},
		},
		Property: domain.Property{Value: cents(900000), Type: &singleFamily, Usage: &primary, State: &california, Units: &units},
	}
}

// legacyEstimate is estimateInput.policyInput as server/web had it.
func legacyEstimate(in EstimateInput, today time.Time) map[string]any {
	m := map[string]any{
		"today":           today.UTC().Format(time.DateOnly),
		"propertyValue":   in.PropertyValue,
		"mortgageBalance": in.MortgageBalance,
		"creditScore":     in.CreditScore,
		"propertyUsage":   in.PropertyUsage,
		"propertyType":    in.PropertyType,
		"hasFbm":          in.HasFbm,
		"mortgages":       []any{},
		"creditSource":    "selfReported",
		"stage":           "estimate",
	}
	if in.PropertyState != nil {
		m["propertyState"] = *in.PropertyState
	}
	return m
}

// legacyBureau is bureauInput as server/web had it.
func legacyBureau(answers domain.PrequalAnswers, r *domain.CreditReport, coborrower bool, requested *int64, today time.Time) map[string]any {
	said := map[string]domain.MortgageAnswer{}
	for _, m := range answers.Mortgages {
		said[m.ID] = m
	}
	mortgages := []map[string]any{}
	for _, m := range r.Mortgages {
		mortgage := map[string]any{"balance": m.Balance, "monthlyPayment": m.MonthlyPayment,
			"latePaymentDays": m.LatePaymentDays, "latePaymentDate": m.LatePaymentDate,
			"source": "bureau", "confirmed": nil}
		if a, ok := said[m.ID]; ok && !a.AddedByUser {
			mortgage["confirmed"] = a.Confirmed
			if a.Confirmed {
				mortgage["balance"] = a.Balance
			}
		}
		mortgages = append(mortgages, mortgage)
	}
	onReport := map[string]bool{}
	for _, m := range r.Mortgages {
		onReport[m.ID] = true
	}
	for _, a := range answers.Mortgages {
		if a.AddedByUser && !onReport[a.ID] {
			mortgages = append(mortgages, map[string]any{"balance": a.Balance, "latePaymentDays": 0,
				"latePaymentDate": nil, "source": "borrower", "confirmed": true})
		}
	}
	debts := []map[string]any{}
	for _, d := range r.Liabilities {
		debts = append(debts, map[string]any{"monthlyPayment": d.MonthlyPayment, "type": d.Type, "source": "bureau",
			"toBePaidOff": slices.Contains(answers.DebtsToPayOff, d.ID)})
	}
	scores := map[string]any{"borrower": r.Score}
	if coborrower {
		scores["coborrower"] = r.CoborrowerScore
	}
	keyFactors := r.KeyFactors
	if keyFactors == nil {
		keyFactors = []string{}
	}
	input := map[string]any{
		"today":         today.UTC().Format(time.DateOnly),
		"stage":         "preview",
		"creditSource":  "bureau",
		"creditScores":  scores,
		"keyFactors":    keyFactors,
		"propertyValue": answers.PropertyValue,
		"mortgages":     mortgages,
		"hasFbm":        answers.FBM.Any(),
		"requestedLine": requestedLine(requested, answers),
		"annualIncome":  answers.AnnualIncome,
		"monthlyDebts":  answers.MonthlyDebts,
		"debts":         debts,
		"creditReport": map[string]any{
			"score": r.Score, "scoreRange": r.ScoreRange, "pulledOn": r.PulledAt.UTC().Format(time.DateOnly),
			"keyFactors": keyFactors, "bureau": r.Bureau,
		},
	}
	if answers.PropertyUsage != nil {
		input["propertyUsage"] = *answers.PropertyUsage
	}
	if answers.PropertyState != nil {
		input["propertyState"] = *answers.PropertyState
	}
	return input
}

// legacySubmission is submissionInput as server/web had it.
func legacySubmission(answers domain.PrequalAnswers, app *domain.Application, r *domain.CreditReport, coborrower bool, line int64, today time.Time) map[string]any {
	input := legacyBureau(answers, r, coborrower, &line, today)
	input["stage"] = "submission"
	p := app.Property
	if p.Value != nil {
		input["propertyValue"] = int64(p.Value.Dollars())
	}
	if p.Type != nil {
		input["propertyType"] = *p.Type
	}
	if p.Units != nil {
		if n, err := strconv.Atoi(*p.Units); err == nil {
			input["propertyUnits"] = n
		} else {
			input["propertyUnits"] = *p.Units
		}
	}
	if p.Usage != nil {
		input["propertyUsage"] = *p.Usage
	}
	if p.State != nil {
		input["propertyState"] = *p.State
	}
	incomes := []map[string]any{}
	add := func(party string, p *domain.Person) {
		if p == nil {
			return
		}
		amounts := func(m map[string]any, fields map[string]*domain.Cents) map[string]any {
			for name, v := range fields {
				if v != nil {
					m[name] = *v
				}
			}
			return m
		}
		for _, e := range p.Employments {
			incomes = append(incomes, amounts(map[string]any{"kind": "employment", "party": party, "current": e.EndDate == nil,
				"selfEmployed": e.SelfEmployedIndicator},
				map[string]*domain.Cents{"base": e.Base, "bonuses": e.Bonuses, "commissions": e.Commissions, "overtime": e.Overtime}))
		}
		for _, src := range p.IncomeSources {
			incomes = append(incomes, amounts(map[string]any{"kind": "other", "party": party, "type": src.Type},
				map[string]*domain.Cents{"base": src.Base, "bonuses": src.Bonuses, "commissions": src.Commissions, "overtime": src.Overtime,
					"otherValue": src.OtherValue}))
		}
	}
	add("borrower", &app.User)
	add("coborrower", app.Coborrower)
	input["incomes"] = incomes
	debts := []map[string]any{}
	for _, l := range app.Liabilities {
		d := map[string]any{"source": "bureau", "toBePaidOff": l.ToBePaidOff, "omitted": l.Omitted}
		if l.MonthlyPayment != nil {
			d["monthlyPayment"] = *l.MonthlyPayment
		}
		if l.Type != nil {
			d["type"] = *l.Type
		}
		debts = append(debts, d)
	}
	input["debts"] = debts
	return input
}

// BenchmarkEstimateFacts measures an estimate's two decisions in one
// evaluation (policy.Live.DecideAllAt, as the decision log makes them) on
// the typed input and on the map it replaced, in one run: the engine reads
// a struct through its JSON, a map value by value.
func BenchmarkEstimateFacts(b *testing.B) {
	today := time.Date(2026, 11, 22, 15, 0, 0, 0, time.UTC)
	ca, score := "CA", int64(720)
	value, balance := int64(900000), int64(250000)
	in := EstimateInput{PropertyValue: &value, MortgageBalance: &balance, CreditScore: &score, PropertyUsage: "primaryResidence",
		PropertyState: &ca, PropertyType: "singleFamily"}
	live := servicetest.Policies()
	ctx := context.Background()
	for name, input := range map[string]func() any{
		"typed": func() any { return estimateFacts(in, today) },
		"map":   func() any { return legacyEstimate(in, today) },
	} {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, _, err := live.DecideAllAt(ctx, input(), "heloc.eligibility.decision", "heloc.offer.preview"); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
