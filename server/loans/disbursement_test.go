package loans

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/heloc/heloc/schemas"
	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/schema"
)

// An ABA routing number's digits weighted 3, 7, 1 add up to a multiple of
// 10: real banks' numbers pass, one digit changed fails.
func TestRoutingNumberCheckDigit(t *testing.T) {
	for _, tt := range []struct {
		n    string
		want bool
	}{
		{"021000021", true},  // JPMorgan Chase, New York
		{"121000248", true},  // Wells Fargo, California
		{"011000015", true},  // Federal Reserve Bank of Boston
		{"121000249", false}, // the last digit changed
		{"021000012", false}, // two digits swapped
		{"02100002", false},
		{"02100002a", false},
	} {
		if got := validRoutingNumber(tt.n); got != tt.want {
			t.Errorf("validRoutingNumber(%q) = %v, want %v", tt.n, got, tt.want)
		}
	}
}

// Answers show the account's numbers by their last four digits only.
func TestDisbursementIsMasked(t *testing.T) {
	d := &domain.Disbursement{RoutingNumber: "021000021", AccountNumber: "000123456789", InitialDraw: domain.CentsOf(25000)}
	shown := maskDisbursement(d)
	if shown.RoutingNumber != "****0021" || shown.AccountNumber != "****6789" || shown.InitialDraw != domain.CentsOf(25000) {
		t.Fatalf("got %+v, want ****0021 and ****6789", shown)
	}
	if d.AccountNumber != "000123456789" {
		t.Fatal("masking changed the stored disbursement")
	}
	if maskDisbursement(nil) != nil {
		t.Fatal("want no disbursement shown when none is saved")
	}
}

// A draw is refused with the bounds in the message; cents are allowed,
// fractions of a cent not (the draw is the JSON number the page sent).
func TestDrawBounds(t *testing.T) {
	terms := &DisbursementTerms{Line: 100000, OriginationFee: 1000, MinimumDraw: 10000, MaximumDraw: 99000}
	for _, tt := range []struct {
		draw string
		says string
	}{
		{"9999.99", "Draw at least $10,000. Your first draw can be from $10,000 to $99,000 (your line of $100,000 less the $1,000 origination fee)."},
		{"99000.01", "Draw at most $99,000."},
		{"99000.001", "dollars and cents"},
		{"25000.005", "dollars and cents"},
		{"25000.0000001", "dollars and cents"},
		{"10000", ""},
		{"10000.000", ""},
		{"1e4", ""},
		{"99000", ""},
		{"12345.67", ""},
		{"0.1", "Draw at least"},
	} {
		var draw domain.EnteredCents
		if err := json.Unmarshal([]byte(tt.draw), &draw); err != nil {
			t.Fatal(err)
		}
		err := checkDraw(draw, terms)
		switch {
		case tt.says == "" && err != nil:
			t.Errorf("draw %v: got %v, want it accepted", tt.draw, err)
		case tt.says != "" && (err == nil || !strings.Contains(err.Error(), tt.says)):
			t.Errorf("draw %v: got %v, want %q", tt.draw, err, tt.says)
		case err != nil && domain.ErrorFields(err)[0].Path != "disbursement.initialDraw":
			t.Errorf("draw %v: got %+v, want the error at disbursement.initialDraw", tt.draw, domain.ErrorFields(err))
		}
	}
}

// The first draw starts at the chosen amount when it fits the bounds, else
// at the smallest draw; the offer's own bounds are used.
func TestFirstDrawStartsAtTheChosenAmount(t *testing.T) {
	d := func(v int64) *domain.Dollars { x := domain.Dollars(v); return &x }
	s := &Service{}
	for _, tt := range []struct {
		offer *domain.Offer
		want  DisbursementTerms
	}{
		{&domain.Offer{Eligible: true, MaxLine: 410500, Line: d(150000), OriginationFee: d(0), MinDraw: d(10000), MaxDraw: d(150000)},
			DisbursementTerms{Line: 150000, OriginationFee: 0, MinimumDraw: 10000, MaximumDraw: 150000, FirstDraw: 150000}},
		{&domain.Offer{Eligible: true, MaxLine: 410500, Line: d(150000), OriginationFee: d(1500), MinDraw: d(10000), MaxDraw: d(148500)},
			DisbursementTerms{Line: 150000, OriginationFee: 1500, MinimumDraw: 10000, MaximumDraw: 148500, FirstDraw: 10000}},
	} {
		got, err := s.drawBounds(t.Context(), "", tt.offer)
		if err != nil || *got != tt.want {
			t.Errorf("got %+v %v, want %+v", got, err, tt.want)
		}
	}
}

// The pages' money goes through the CUE schemas (which see a float64 of
// the number sent) into cents exactly: 312.5 and 1e8 as sent, a fraction
// of a cent noted so the draw can be refused.
func TestSectionMoneyThroughTheSchemas(t *testing.T) {
	set, err := schema.Load(schemas.FS)
	if err != nil {
		t.Fatal(err)
	}
	for draw, want := range map[string]domain.EnteredCents{
		"30000.50":            {Cents: 3000050},
		"30000.5":             {Cents: 3000050},
		"0.01":                {Cents: 1},
		"1e8":                 {Cents: 10_000_000_000},
		"99999999.99":         {Cents: 9_999_999_999},
		"25000.005":           {Cents: 2500001, PartCents: true},
		"12345.6789":          {Cents: 1234568, PartCents: true},
		"0.30000000000000004": {Cents: 30, PartCents: true},
	} {
		var in domain.LoanDisbursementSection
		raw := `{"disbursement":{"accountHolderName":"Pat Prime","accountType":"checking","routingNumber":"021000021","accountNumber":"000123456789","initialDraw":` + draw + `}}`
		if err := set.Decode("LoanDisbursementSection", []byte(raw), &in); err != nil {
			t.Fatalf("%s: %v", draw, err)
		}
		if in.Disbursement.InitialDraw != want {
			t.Errorf("%s: got %+v, want %+v", draw, in.Disbursement.InitialDraw, want)
		}
	}
	var p domain.PropertyInfoSection
	raw := `{"property":{"address":{"line1":"1 Main St","city":"Austin","state":"TX","zip":"78701"},"type":"singleFamily","units":"1","usage":"primaryResidence",` +
		`"titleHolding":"soleOwnership","hoaMonthly":312.5,"monthlyTaxes":1200,"monthlyInsurance":0.07,"taxIncludedInMonthlyPayment":false,"insuranceIncludedInMonthlyPayment":false},"isInTrust":false}`
	if err := set.Decode("PropertyInfoSection", []byte(raw), &p); err != nil {
		t.Fatal(err, domain.ErrorFields(err))
	}
	if q := p.Property; q.HOAMonthly != 31250 || q.MonthlyTaxes != 120000 || q.MonthlyInsurance != 7 {
		t.Fatalf("got %+v", q)
	}
}
