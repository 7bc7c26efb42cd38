package disclosures

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"testing"
)

var terms = Terms{Borrowers: []string{"Pat Prime", "Cora Prime"}, PropertyAddress: "1 Main St, Springfield, IL 62701", PrimaryResidence: true,
	Line: 100000, APR: 8.25, Margin: 1.25, IndexRate: 7, RateFloor: 4, RateCap: 18, DrawYears: 10, RepaymentYears: 20, OriginationFee: 1000, MinimumDraw: 10000,
	// The policy's figures (heloc.offer.preview: payments and example):
	// interest only in the draw period, a level amortized payment over the
	// 240 months of the repayment period.
	Payments: Payments{DrawPaymentCents: 68750, RepaymentPaymentCents: 85207, RepaymentMonths: 240},
	Example: Example{Balance: 10000, DrawPaymentCents: 6875, RepaymentPaymentCents: 8521,
		MaxRateDrawPaymentCents: 15000, MaxRateRepaymentPaymentCents: 15433}}

// Every document is filled in completely, and its hash is the SHA-256 of
// the exact body.
func TestDocumentsAreFilledInAndHashed(t *testing.T) {
	docs, err := Documents(terms)
	if err != nil {
		t.Fatal(err)
	}
	consent, err := Consent(terms)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range append(docs, consent) {
		sum := sha256.Sum256([]byte(d.Body))
		if d.Hash != hex.EncodeToString(sum[:]) {
			t.Errorf("%s: the hash is not the SHA-256 of the body", d.ID)
		}
		if strings.Contains(d.Body, "<no value>") || !strings.HasPrefix(d.Body, "# ") {
			t.Errorf("%s: not filled in completely:\n%s", d.ID, d.Body)
		}
		if !strings.Contains(d.Body, "Pat Prime and Cora Prime") {
			t.Errorf("%s: does not name both people", d.ID)
		}
	}
	// Maximum APR example: $10,000 at 18% is $150 of interest a month, and
	// the policy's level payment of $154.33 over the 240-month repayment
	// period.
	early := docs[2].Body
	if !strings.Contains(early, "$150 during the draw period") || !strings.Contains(early, "$154.33 at the start") {
		t.Errorf("the early disclosure's maximum-rate example is wrong:\n%s", early)
	}
}

// The disclosures state the line chosen, its fee and the policy's
// payments, on the line and on the example balance; none is computed here.
func TestDisclosuresShowTheChosenLineItsFeeAndThePolicysPayments(t *testing.T) {
	chosen := terms
	chosen.Line, chosen.OriginationFee = 150000, 1500
	chosen.Payments = Payments{DrawPaymentCents: 103125, RepaymentPaymentCents: 127810, RepaymentMonths: 240}
	docs, err := Documents(chosen)
	if err != nil {
		t.Fatal(err)
	}
	byID := map[string]string{}
	for _, d := range docs {
		byID[d.ID] = d.Body
	}
	til := byID["truth-in-lending"]
	for _, want := range []string{"**Credit limit:** $150,000", "**Origination fee:** $1,500", "about $1,031.25 a month", "about $1,278.10 a month",
		"about $68.75 a month", "about $85.21 a month", "over 240 months"} {
		if !strings.Contains(til, want) {
			t.Errorf("the Truth in Lending disclosure lacks %q:\n%s", want, til)
		}
	}
	if !strings.Contains(byID["heca"], "**Credit limit:** $150,000") || !strings.Contains(byID["heca"], "**Origination fee:** $1,500") {
		t.Errorf("the agreement does not state the chosen line and its fee:\n%s", byID["heca"])
	}
	if !strings.Contains(byID["early-disclosure"], "240 payments of about $85.21") {
		t.Errorf("the early disclosure does not state the policy's repayment payment:\n%s", byID["early-disclosure"])
	}
	for id, body := range byID {
		if strings.Contains(body, "1/240") {
			t.Errorf("%s still describes equal principal payments", id)
		}
	}
}

func TestCentsAndMoney(t *testing.T) {
	for _, tc := range []struct {
		got, want string
	}{{Money(410500), "$410,500"}, {Cents(6875), "$68.75"}, {Cents(100), "$1"}, {Cents(127810), "$1,278.10"}, {Money(0), "$0"}} {
		if tc.got != tc.want {
			t.Errorf("got %s, want %s", tc.got, tc.want)
		}
	}
}

// The right to cancel is stated for a principal dwelling only, and any
// change of the terms changes the hash.
func TestRescissionAndHashesFollowTheTerms(t *testing.T) {
	docs, _ := Documents(terms)
	second := terms
	second.PrimaryResidence = false
	other, _ := Documents(second)
	if !strings.Contains(docs[1].Body, "Notice of your right to cancel") || strings.Contains(other[1].Body, "Notice of your right to cancel") {
		t.Error("the notice of the right to cancel should be given for a principal dwelling only")
	}
	if docs[1].Hash == other[1].Hash {
		t.Error("a different text has the same hash")
	}
	again, _ := Documents(terms)
	for i := range docs {
		if docs[i].Hash != again[i].Hash {
			t.Errorf("%s: the same terms rendered a different text", docs[i].ID)
		}
	}
}
