package loans

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/heloc/heloc/server/domain"
)

// The loan-disbursement page (screens.md): the bank account the line's
// first draw goes to and how much it is, at least the program's minimum
// and at most the line less its origination fee (data.heloc.offer.draw on
// the loan's latest preview offer). The routing and account numbers are
// stored in full, sealed with the application, and answered masked
// (****6789); a save that leaves them out keeps the stored ones, as the SSN.

// DisbursementPath is the page that saves the disbursement.
const DisbursementPath = "/app/application/loan-disbursement"

// DisbursementTerms are the bounds of the first draw on the loan's line
// (schemas #DisbursementTerms), in dollars.
type DisbursementTerms struct {
	Line           float64 `json:"line"`
	OriginationFee float64 `json:"originationFee"`
	MinimumDraw    float64 `json:"minimumDraw"`
	MaximumDraw    float64 `json:"maximumDraw"`
}

// DisbursementTerms is what the applicant may draw first: the line of the
// loan's latest preview offer (the one decided on the credit report once
// there is one), its origination fee and the draw's bounds.
func (s *Service) DisbursementTerms(ctx context.Context, applicant *domain.Applicant) (*DisbursementTerms, error) {
	loan, err := s.loanOf(ctx, applicant)
	if err != nil {
		return nil, err
	}
	return s.drawTerms(ctx, loan)
}

// offerEntrypoint is the decision whose line the draw is taken from.
const offerEntrypoint = "heloc.offer.preview"

// drawTerms decides the draw's bounds on the loan's latest stored preview
// offer.
func (s *Service) drawTerms(ctx context.Context, loan *domain.Loan) (*DisbursementTerms, error) {
	d, err := s.store.LatestDecision(ctx, loan.ID, offerEntrypoint)
	if domain.ErrorCode(err) == domain.ENOTFOUND {
		return nil, domain.Errorf(domain.EINVALID, "We have no offer on file for your line of credit yet. Go back to your offer, or contact us.")
	} else if err != nil {
		return nil, err
	}
	var offer struct {
		Eligible       bool     `json:"eligible"`
		MaxLine        float64  `json:"maxLine"`
		OriginationFee *float64 `json:"originationFee"`
	}
	if err := json.Unmarshal(d.Result, &offer); err != nil {
		return nil, fmt.Errorf("read the offer of loan %s: %w", loan.ID, err)
	}
	if !offer.Eligible || offer.MaxLine <= 0 {
		return nil, domain.Errorf(domain.EINVALID, "Your offer has no line of credit to draw on. Please contact us.")
	}
	input := map[string]any{"line": offer.MaxLine}
	if offer.OriginationFee != nil {
		input["originationFee"] = *offer.OriginationFee
	}
	var bounds struct {
		Minimum        float64 `json:"minimum"`
		Maximum        float64 `json:"maximum"`
		Line           float64 `json:"line"`
		OriginationFee float64 `json:"originationFee"`
	}
	if err := s.decideInto(ctx, "heloc.offer.draw", input, &bounds); err != nil {
		return nil, err
	}
	return &DisbursementTerms{Line: bounds.Line, OriginationFee: bounds.OriginationFee, MinimumDraw: bounds.Minimum, MaximumDraw: bounds.Maximum}, nil
}

// disbursementPage is the loan-disbursement page: its section, and the
// draw's bounds read before the write.
func disbursementPage() page {
	p := section("LoanDisbursementSection", mergeDisbursement)
	p.prepare = func(ctx context.Context, s *Service, l *domain.Loan, mc *mergeContext) error {
		// The last page before submission is saved only once every page
		// before it is (the status has reached its step), so a save here
		// cannot jump the status past pages never saved.
		order, err := s.FunnelOrder(ctx)
		if err != nil {
			return err
		}
		if err := s.reached(ctx, l, order); err != nil {
			return err
		}
		terms, err := s.drawTerms(ctx, l)
		if e, ok := err.(*domain.Error); ok && e.Code == domain.EINVALID {
			return fieldError("section.disbursement.initialDraw", e.Message)
		} else if err != nil {
			return err
		}
		mc.draw = terms
		return nil
	}
	return p
}

func mergeDisbursement(in *domain.LoanDisbursementSection, app *domain.Application, mc mergeContext) error {
	q := in.Disbursement
	stored := app.Disbursement
	if stored == nil {
		stored = &domain.Disbursement{}
	}
	routing, account := stored.RoutingNumber, stored.AccountNumber
	switch {
	case q.RoutingNumber != nil && !validRoutingNumber(*q.RoutingNumber):
		return fieldError("disbursement.routingNumber", "This is not a valid routing number: check the 9 digits on your checks or with your bank.")
	case q.RoutingNumber != nil:
		routing = *q.RoutingNumber
	case routing == "":
		return fieldError("disbursement.routingNumber", "Enter the routing number.")
	}
	if q.AccountNumber != nil {
		account = *q.AccountNumber
	} else if account == "" {
		return fieldError("disbursement.accountNumber", "Enter the account number.")
	}
	if mc.draw == nil {
		return fieldError("disbursement.initialDraw", "We could not find the bounds of your draw. Please try again.")
	}
	if err := checkDraw(q.InitialDraw, mc.draw); err != nil {
		return err
	}
	app.Disbursement = &domain.Disbursement{
		AccountHolderName: q.AccountHolderName,
		AccountType:       q.AccountType,
		RoutingNumber:     routing,
		AccountNumber:     account,
		InitialDraw:       q.InitialDraw,
	}
	return nil
}

// checkDraw refuses a draw outside the terms' bounds or in part cents.
func checkDraw(draw float64, t *DisbursementTerms) error {
	between := fmt.Sprintf("Your first draw can be from %s to %s (your line of %s less the %s origination fee).",
		dollars(t.MinimumDraw), dollars(t.MaximumDraw), dollars(t.Line), dollars(t.OriginationFee))
	switch {
	case t.MaximumDraw <= 0:
		return fieldError("disbursement.initialDraw", "Your line has nothing left to draw after its fee. Please contact us.")
	case math.Round(draw*100) != draw*100:
		return fieldError("disbursement.initialDraw", "Enter the amount in dollars and cents.")
	case draw < t.MinimumDraw:
		return fieldError("disbursement.initialDraw", "Draw at least "+dollars(t.MinimumDraw)+". "+between)
	case draw > t.MaximumDraw:
		return fieldError("disbursement.initialDraw", "Draw at most "+dollars(t.MaximumDraw)+". "+between)
	}
	return nil
}

// validRoutingNumber checks an ABA routing number's check digit: the
// digits weighted 3, 7, 1 in turn add up to a multiple of 10.
func validRoutingNumber(n string) bool {
	if len(n) != 9 {
		return false
	}
	weights := [3]int{3, 7, 1}
	sum := 0
	for i, c := range n {
		if c < '0' || c > '9' {
			return false
		}
		sum += int(c-'0') * weights[i%3]
	}
	return sum%10 == 0
}

// maskDisbursement is the disbursement as answers show it: the numbers by
// their last four digits.
func maskDisbursement(d *domain.Disbursement) *domain.Disbursement {
	if d == nil {
		return nil
	}
	shown := *d
	shown.RoutingNumber = maskNumber(d.RoutingNumber)
	shown.AccountNumber = maskNumber(d.AccountNumber)
	return &shown
}

// maskNumber shows the last four digits only: ****6789.
func maskNumber(n string) string {
	if len(n) < 4 {
		return "****"
	}
	return "****" + n[len(n)-4:]
}

// dollars writes an amount as $12,345 (or $12,345.67 with cents).
func dollars(v float64) string {
	cents := int64(math.Round(v * 100))
	whole, part := cents/100, cents%100
	digits := strconv.FormatInt(whole, 10)
	var b strings.Builder
	for i, c := range digits {
		if i > 0 && (len(digits)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if part != 0 {
		return fmt.Sprintf("$%s.%02d", b.String(), part)
	}
	return "$" + b.String()
}
