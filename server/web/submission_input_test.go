package web

import (
	"context"
	"testing"
	"time"

	"github.com/heloc/heloc/rules"
	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/policy"
)

// At submission the debt-to-income rule reads the application's figures:
// each person's current pay a month and other income, and the report's
// debts less the one the line pays off, not the yearly income and the
// monthly debts stated before the application.
func TestSubmissionDecidesOnTheApplicationsIncomeAndDebts(t *testing.T) {
	cents := func(dollars int64) *domain.Cents { c := domain.Cents(dollars * 100); return &c }
	ended := "2024-01-31"
	kind := "revolving"
	singleFamily, primary, california := "singleFamily", "primaryResidence", "CA"
	app := &domain.Application{
		User: domain.Person{
			Employments: []domain.Employment{
				{StartDate: "2019-01-01", Base: cents(7000), Overtime: cents(500)},
				{StartDate: "2015-01-01", EndDate: &ended, Base: cents(9000)}, // ended: no longer pays
			},
			IncomeSources: []domain.IncomeSource{{Type: "Alimony", OtherValue: cents(1000)}},
		},
		Coborrower: &domain.Person{Employments: []domain.Employment{{StartDate: "2020-01-01", Base: cents(1500)}}},
		Liabilities: []domain.Liability{
			{Type: &kind, MonthlyPayment: cents(350)},
			{Type: &kind, MonthlyPayment: cents(600), ToBePaidOff: true},
		},
		Property: domain.Property{Value: cents(900000), Type: &singleFamily, Usage: &primary, State: &california},
	}
	score := 780
	report := &domain.CreditReport{Score: &score, Mortgages: []domain.ReportedMortgage{}}
	income, debts := int64(500000), int64(4000)
	answers := domain.PrequalAnswers{AnnualIncome: &income, MonthlyDebts: &debts}
	input := submissionInput(answers, app, report, true, 100000, time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC))
	if got := len(input["incomes"].([]map[string]any)); got != 4 {
		t.Fatalf("got %d incomes, want each job and source of both people: %v", got, input["incomes"])
	}

	engine, err := policy.Load(context.Background(), rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	result, err := engine.Decide(context.Background(), "heloc.offer.preview", input)
	if err != nil {
		t.Fatal(err)
	}
	dti, _ := result.(map[string]any)["dti"].(map[string]any)
	if dti == nil {
		t.Fatalf("got no dti in %v", result)
	}
	// 7,000 + 500 + 1,000 + 1,500 a month, the ended job left out, with the table's counted amounts.
	if got := toInt(dti["monthlyIncome"]); got != 10000 {
		t.Errorf("monthly income: got %v, want 10000 from the application", dti["monthlyIncome"])
	}
	if got := toInt(dti["monthlyDebts"]); got != 350 {
		t.Errorf("monthly debts: got %v, want 350 (the debt the line pays off left out)", dti["monthlyDebts"])
	}
}

func toInt(v any) int64 {
	switch n := v.(type) {
	case int64:
		return n
	case int:
		return int64(n)
	case float64:
		return int64(n)
	case interface{ Int64() (int64, error) }:
		i, _ := n.Int64()
		return i
	}
	return -1
}
