package loans

import (
	"strings"
	"testing"

	"github.com/heloc/heloc/server/domain"
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
	d := &domain.Disbursement{RoutingNumber: "021000021", AccountNumber: "000123456789", InitialDraw: 25000}
	shown := maskDisbursement(d)
	if shown.RoutingNumber != "****0021" || shown.AccountNumber != "****6789" || shown.InitialDraw != 25000 {
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
// fractions of a cent not.
func TestDrawBounds(t *testing.T) {
	terms := &DisbursementTerms{Line: 100000, OriginationFee: 1000, MinimumDraw: 10000, MaximumDraw: 99000}
	for _, tt := range []struct {
		draw float64
		says string
	}{
		{9999.99, "Draw at least $10,000. Your first draw can be from $10,000 to $99,000 (your line of $100,000 less the $1,000 origination fee)."},
		{99000.01, "Draw at most $99,000."},
		{25000.005, "dollars and cents"},
		{10000, ""},
		{99000, ""},
		{12345.67, ""},
	} {
		err := checkDraw(tt.draw, terms)
		switch {
		case tt.says == "" && err != nil:
			t.Errorf("draw %v: got %v, want it accepted", tt.draw, err)
		case tt.says != "" && (err == nil || !strings.Contains(err.Error(), tt.says)):
			t.Errorf("draw %v: got %v, want %q", tt.draw, err, tt.says)
		case err != nil && domain.ErrorFields(err)[0].Path != "disbursement.initialDraw":
			t.Errorf("draw %v: got %+v, want the error at disbursement.initialDraw", tt.draw, domain.ErrorFields(err))
		}
	}
	if got := dollars(1234567); got != "$1,234,567" {
		t.Errorf("dollars: got %s", got)
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
