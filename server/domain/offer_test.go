package domain

import "testing"

// An offer's money is read exactly as whole dollars, and its amount is the
// line chosen, else maxLine for an offer decided before one could be.
func TestReadOffer(t *testing.T) {
	o, err := ReadOffer([]byte(`{"eligible":true,"maxLine":410500,"line":150000,"originationFee":1500.0,"minDraw":1e4,"maxDraw":148500,"apr":8.25,` +
		`"payments":{"balance":150000,"drawPaymentCents":103125,"repaymentPaymentCents":127810,"drawMonths":120,"repaymentMonths":240}}`))
	if err != nil {
		t.Fatal(err)
	}
	if o.Amount() != 150000 || o.Fee() != 1500 || *o.MinDraw != 10000 || *o.MaxDraw != 148500 || o.Payments.RepaymentPaymentCents != 127810 || o.APR != 8.25 {
		t.Fatalf("got %+v", o)
	}
	old, err := ReadOffer([]byte(`{"eligible":true,"maxLine":410500}`))
	if err != nil || old.Amount() != 410500 || old.Fee() != 0 || old.Payments != nil {
		t.Fatalf("got %+v %v, want maxLine as the amount of an older offer", old, err)
	}
	for s, want := range map[string]int64{"410500": 410500, "410500.5": 410501, "410500.49": 410500, "4.105e5": 410500, "-12.5": -13, "null": 0} {
		var d Dollars
		if err := d.UnmarshalJSON([]byte(s)); err != nil || int64(d) != want {
			t.Errorf("%s: got %d %v, want %d", s, d, err, want)
		}
	}
	var d Dollars
	if err := d.UnmarshalJSON([]byte(`"x"`)); err == nil {
		t.Error("got no error for a string")
	}
}
