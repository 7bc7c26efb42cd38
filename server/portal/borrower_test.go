package portal

import (
	"testing"

	"github.com/heloc/heloc/server/domain"
)

// The monthly income shown unmasked is the sum, in cents, of the current
// jobs' pay and the other income, rounded half up to the dollar.
func TestMonthlyIncomeSumsCents(t *testing.T) {
	c := func(v domain.Cents) *domain.Cents { return &v }
	past := "2020-01-01"
	for _, tc := range []struct {
		p    domain.Person
		want string
	}{
		{domain.Person{}, ""},
		{domain.Person{Employments: []domain.Employment{{Base: c(950000)}}}, "$9,500"},
		{domain.Person{Employments: []domain.Employment{{Base: c(10), Overtime: c(20), Bonuses: c(20)}}}, "$1"}, // 0.50
		{domain.Person{Employments: []domain.Employment{{Base: c(10), Overtime: c(20), Bonuses: c(19)}}}, "$0"}, // 0.49
		{domain.Person{Employments: []domain.Employment{{Base: c(0)}}}, "$0"},
		{domain.Person{Employments: []domain.Employment{{Base: c(500000), EndDate: &past}, {Base: c(1234567), Commissions: c(33)}},
			IncomeSources: []domain.IncomeSource{{OtherValue: c(145000)}, {Base: c(1)}}}, "$13,796"}, // 12345.67 + 0.33 + 1450 + 0.01, the past job left out
		{domain.Person{IncomeSources: []domain.IncomeSource{{OtherValue: c(10_000_000_000)}}}, "$100,000,000"},
	} {
		if got := monthlyIncome(&tc.p); got != tc.want {
			t.Errorf("got %q, want %q", got, tc.want)
		}
	}
}
