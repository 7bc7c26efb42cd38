// Package disclosures holds the documents a borrower reads and signs
// before the line is opened (screens.md "disclosures/sign"): the Home
// Equity Credit Agreement, the Truth in Lending disclosure for open-end
// credit with the notice of the right to rescind, the early disclosure
// (Regulation Z §1026.40(d)), our summary of the CFPB's home equity line of
// credit booklet, and the consent to electronic records and signatures
// (E-SIGN Act, 15 U.S.C. §7001(c)).
//
// The texts are embedded Markdown templates (texts/*.md) filled in with the
// loan's own terms (the preview offer: line, APR as index plus margin,
// floor and cap, periods, origination fee, minimum draw) and the names of
// the people on the loan. A rendered document's hash is the SHA-256 of its
// exact body, so a signature names the very text that was read: a change
// to a template or to the loan's terms changes the hash.
//
// The wording is ours and illustrative, like the prices in the offer
// tables; compliance counsel sets the real texts. Each template carries its
// version, to be raised with every change of its words.
package disclosures

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"fmt"
	"strings"
	"text/template"

	"github.com/heloc/heloc/server/domain"
)

//go:embed texts/*.md
var texts embed.FS

// Document is one rendered disclosure.
type Document struct {
	ID      string `json:"id"`
	Title   string `json:"title"`
	Version string `json:"version"`
	Body    string `json:"body"`
	// Hash is the SHA-256 of Body, in lower-case hex.
	Hash string `json:"hash"`
}

// Terms are the loan's numbers and people a document is filled in with.
// Money in whole dollars, payments in cents (the preview offer's, computed
// by the policy: heloc.offer.preview's payments and example); rates in
// percent (7.25).
type Terms struct {
	// Borrowers are the full names of the people on the loan, the borrower
	// first.
	Borrowers []string
	// PropertyAddress is the home securing the line, on one line ("" when
	// not known yet).
	PropertyAddress string
	// PrimaryResidence: the home is the borrower's principal dwelling, so
	// the right to rescind applies (Regulation Z §1026.15).
	PrimaryResidence bool
	// Line is the credit limit: the amount the borrower chose.
	Line           int64
	APR            float64
	Margin         float64
	IndexRate      float64
	RateFloor      float64
	RateCap        float64
	DrawYears      int
	RepaymentYears int
	OriginationFee int64
	MinimumDraw    int64
	// Payments are the minimum payments on the line fully drawn at the APR;
	// Example those of the Truth in Lending example balance at the APR and
	// at the maximum APR. Both the policy's, in cents.
	Payments Payments
	Example  Example
}

// Payments are the payments on the line fully drawn, in cents.
type Payments struct {
	DrawPaymentCents      int64
	RepaymentPaymentCents int64
	RepaymentMonths       int
}

// Example is the payment example of Regulation Z §1026.40(d)(5)(iii) on
// Balance dollars, in cents.
type Example struct {
	Balance                      int64
	DrawPaymentCents             int64
	RepaymentPaymentCents        int64
	MaxRateDrawPaymentCents      int64
	MaxRateRepaymentPaymentCents int64
}

// A template and what it is called.
type spec struct {
	id, title, version, file string
}

// The documents in the order they are read; the consent is apart (Consent).
var documents = []spec{
	{"heca", "Home Equity Credit Agreement", "2026-11.2", "heca.md"},
	{"truth-in-lending", "Truth in Lending disclosure for open-end credit", "2026-11.2", "truth-in-lending.md"},
	{"early-disclosure", "Important terms of our home equity line of credit (early disclosure)", "2026-11.2", "early-disclosure.md"},
	{"heloc-booklet", "What you should know about home equity lines of credit", "2026-11.1", "heloc-booklet.md"},
}

var consent = spec{"esign-consent", "Consent to electronic records and signatures", "2026-11.1", "esign-consent.md"}

// ConsentID is the id of the e-sign consent's document.
const ConsentID = "esign-consent"

// ExampleBalance is the balance the payment examples are worked on when
// the offer names none (§1026.40(d)(5)(iii) asks for a $10,000 example).
const ExampleBalance = 10000

var parsed = template.Must(template.New("").Funcs(template.FuncMap{
	"money":   Money,
	"cents":   Cents,
	"percent": Percent,
	"names":   joinNames,
}).ParseFS(texts, "texts/*.md"))

// Documents are the disclosures filled in with t, in reading order.
func Documents(t Terms) ([]Document, error) {
	out := make([]Document, 0, len(documents))
	for _, s := range documents {
		d, err := render(s, t)
		if err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, nil
}

// Consent is the e-sign consent filled in with t.
func Consent(t Terms) (Document, error) {
	return render(consent, t)
}

// Hash is the SHA-256 of body in lower-case hex: a document's hash.
func Hash(body string) string {
	sum := sha256.Sum256([]byte(body))
	return hex.EncodeToString(sum[:])
}

// data is what the templates see: the terms and what follows from them.
// No payment is computed here: the payments are the policy's.
type data struct {
	Terms
	ExampleBalance int64
	// DrawPayment is the minimum monthly payment in the draw period on the
	// example balance at the APR (the month's interest), in cents.
	DrawPayment int64
	// RepaymentPayment is the level monthly payment of the repayment
	// period on the example balance at the APR, in cents.
	RepaymentPayment int64
	// MaxRateDrawPayment and MaxRateRepaymentPayment are the same at the
	// maximum APR.
	MaxRateDrawPayment      int64
	MaxRateRepaymentPayment int64
	RepaymentMonths         int
	Term                    int
}

func render(s spec, t Terms) (Document, error) {
	months := t.Payments.RepaymentMonths
	if months <= 0 {
		months = t.RepaymentYears * 12
	}
	balance := t.Example.Balance
	if balance <= 0 {
		balance = ExampleBalance
	}
	d := data{
		Terms:                   t,
		ExampleBalance:          balance,
		DrawPayment:             t.Example.DrawPaymentCents,
		RepaymentPayment:        t.Example.RepaymentPaymentCents,
		MaxRateDrawPayment:      t.Example.MaxRateDrawPaymentCents,
		MaxRateRepaymentPayment: t.Example.MaxRateRepaymentPaymentCents,
		RepaymentMonths:         months,
		Term:                    t.DrawYears + t.RepaymentYears,
	}
	var b bytes.Buffer
	if err := parsed.ExecuteTemplate(&b, s.file, d); err != nil {
		return Document{}, fmt.Errorf("disclosures: render %s: %w", s.id, err)
	}
	body := b.String()
	return Document{ID: s.id, Title: s.title, Version: s.version, Body: body, Hash: Hash(body)}, nil
}

// Money writes whole dollars as $12,345 (domain's one money format).
func Money(dollars int64) string { return domain.Dollars(dollars).Format() }

// Cents writes an amount in cents as $12,345 or $12,345.67.
func Cents(c int64) string { return domain.Cents(c).Format() }

// Percent writes a rate as 7.25%.
func Percent(v float64) string { return domain.FormatPercent(v) }

// joinNames writes names as "A", "A and B", "A, B and C".
func joinNames(names []string) string {
	switch len(names) {
	case 0:
		return "the borrower"
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}
