package loans

import (
	"testing"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/providers"
)

// The same home written differently is one valuation request; another
// home is another.
func TestHomeRequest(t *testing.T) {
	at := func(line1, city, zip string) *domain.Address {
		return &domain.Address{Line1: line1, City: city, State: "CA", Zip: zip}
	}
	same := [][2]*domain.Address{
		{at("100 Valencia Street", "San Francisco", "94110"), at("100  valencia st.", "SAN FRANCISCO", "94110-1234")},
		{at("12 North Main Ave., Apt 4", "Fresno", "93701"), at("12 N Main Avenue apartment 4", "fresno", "93701")},
	}
	for _, pair := range same {
		if homeRequest(pair[0]) != homeRequest(pair[1]) {
			t.Errorf("%+v and %+v: got two requests, want one home", *pair[0], *pair[1])
		}
	}
	different := [][2]*domain.Address{
		{at("100 Valencia St", "San Francisco", "94110"), at("200 Valencia St", "San Francisco", "94110")},
		{at("100 Valencia St", "San Francisco", "94110"), at("100 Valencia St", "San Francisco", "94103")},
		{at("100 Valencia St", "San Francisco", "94110"), at("100 Valencia St", "Oakland", "94110")},
	}
	for _, pair := range different {
		if homeRequest(pair[0]) == homeRequest(pair[1]) {
			t.Errorf("%+v and %+v: got one request, want two", *pair[0], *pair[1])
		}
	}
}

// A payroll request is the person and their employers as a match compares
// them, in any order; another employer, person or party is another.
func TestPayrollRequest(t *testing.T) {
	base := providers.IncomeRequest{Email: "prime@example.com", Party: "borrower", FirstName: "Pat", LastName: "Prime", SSNLast4: "6789",
		Employers: []string{"Bayview Analytics Inc.", "Globex"}}
	same := base
	same.Email, same.FirstName, same.Employers = "Prime@Example.com ", "pat", []string{"globex", "Bayview Analytics"}
	if payrollRequest(base) != payrollRequest(same) {
		t.Error("got two requests for the same person and employers written differently, want one")
	}
	for _, change := range []func(*providers.IncomeRequest){
		func(r *providers.IncomeRequest) { r.Employers = []string{"Bayview Analytics"} },
		func(r *providers.IncomeRequest) { r.Party = "coborrower" },
		func(r *providers.IncomeRequest) { r.SSNLast4 = "6780" },
		func(r *providers.IncomeRequest) { r.LastName = "Prim" },
	} {
		other := base
		change(&other)
		if payrollRequest(base) == payrollRequest(other) {
			t.Errorf("%+v: got the same request, want another", other)
		}
	}
}
