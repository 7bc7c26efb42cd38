package domain

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// Offer is the part of a stored preview offer (heloc.offer.preview's
// result, policy contract of issue 20) that the disclosures, the
// disbursement, the portal and the MISMO export act on. Money is whole
// dollars (Dollars) or integer cents (fields ending Cents); rates are
// percent. The figures are the policy's: nothing here computes one.
type Offer struct {
	Eligible bool    `json:"eligible"`
	MaxLine  Dollars `json:"maxLine"`
	MinLine  Dollars `json:"minLine"`
	// Line is the line offered: the amount the borrower chose kept within
	// [minLine, maxLine]. Offers decided before issue 20 have none: Amount
	// is then maxLine.
	Line           *Dollars `json:"line"`
	RequestedLine  *Dollars `json:"requestedLine"`
	OriginationFee *Dollars `json:"originationFee"`
	MinDraw        *Dollars `json:"minDraw"`
	MaxDraw        *Dollars `json:"maxDraw"`
	// Rates in percent (7.25), not money.
	APR                  float64        `json:"apr"`
	Margin               float64        `json:"margin"`
	PrimeRate            float64        `json:"primeRate"`
	RateFloor            float64        `json:"rateFloor"`
	RateCap              float64        `json:"rateCap"`
	DrawPeriodYears      int            `json:"drawPeriodYears"`
	RepaymentPeriodYears int            `json:"repaymentPeriodYears"`
	Payments             *OfferPayments `json:"payments"`
	Example              *OfferExample  `json:"example"`
}

// OfferPayments are the payments on the line fully drawn at the APR:
// interest only in the draw period, a level amortized payment in the
// repayment period (heloc.offer.payments), in cents.
type OfferPayments struct {
	Balance               Dollars `json:"balance"`
	DrawPaymentCents      int64   `json:"drawPaymentCents"`
	RepaymentPaymentCents int64   `json:"repaymentPaymentCents"`
	DrawMonths            int     `json:"drawMonths"`
	RepaymentMonths       int     `json:"repaymentMonths"`
}

// OfferExample is the Truth in Lending example (a $10,000 balance) at the
// APR and at the rate cap, in cents.
type OfferExample struct {
	Balance                      Dollars `json:"balance"`
	DrawPaymentCents             int64   `json:"drawPaymentCents"`
	RepaymentPaymentCents        int64   `json:"repaymentPaymentCents"`
	MaxRateDrawPaymentCents      int64   `json:"maxRateDrawPaymentCents"`
	MaxRateRepaymentPaymentCents int64   `json:"maxRateRepaymentPaymentCents"`
}

// ReadOffer reads a stored preview offer's result.
func ReadOffer(result []byte) (*Offer, error) {
	var o Offer
	d := json.NewDecoder(bytes.NewReader(result))
	d.UseNumber()
	if err := d.Decode(&o); err != nil {
		return nil, fmt.Errorf("read the preview offer: %w", err)
	}
	return &o, nil
}

// Amount is the line offered: line, or maxLine for an offer that has no
// line (decided before the amount could be chosen).
func (o *Offer) Amount() int64 {
	if o.Line != nil {
		return int64(*o.Line)
	}
	return int64(o.MaxLine)
}

// Fee is the origination fee on the line offered (0 when the offer names
// none).
func (o *Offer) Fee() int64 {
	if o.OriginationFee == nil {
		return 0
	}
	return int64(*o.OriginationFee)
}

// Dollars is an amount in whole dollars. It reads a JSON number exactly:
// an amount with cents (which the policies do not give) is rounded half
// away from zero to the dollar in decimal, never through a binary float
// (parseDecimal, which Cents reads with too).
type Dollars int64

// UnmarshalJSON reads a JSON number (or null, leaving 0).
func (d *Dollars) UnmarshalJSON(b []byte) error {
	s := strings.TrimSpace(string(b))
	if s == "null" {
		return nil
	}
	v, _, err := parseDecimal(s, 0)
	if err != nil {
		return fmt.Errorf("not an amount in dollars: %q: %w", s, err)
	}
	*d = Dollars(v)
	return nil
}
