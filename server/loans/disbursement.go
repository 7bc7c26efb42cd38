package loans

import (
	"context"
	"fmt"

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
// (schemas #DisbursementTerms), in whole dollars: the line the borrower
// chose, its origination fee, the smallest and largest first draw, and
// the draw the page starts at (the chosen amount when it fits the bounds,
// else the smallest).
type DisbursementTerms struct {
	Line           int64 `json:"line"`
	OriginationFee int64 `json:"originationFee"`
	MinimumDraw    int64 `json:"minimumDraw"`
	MaximumDraw    int64 `json:"maximumDraw"`
	FirstDraw      int64 `json:"firstDraw"`
	// The offer's APR in percent (a rate, not money) and its payments on
	// the line fully drawn, the policy's figures (the summary shows them).
	APR      float64               `json:"apr"`
	Payments *domain.OfferPayments `json:"payments,omitempty"`
}

// DisbursementTerms is what the applicant may draw first: the line of the
// loan's latest preview offer (the one decided on the credit report once
// there is one), its origination fee and the draw's bounds.
func (s *Service) DisbursementTerms(ctx context.Context, applicant *domain.Applicant) (*DisbursementTerms, error) {
	loan, err := s.LoanOf(ctx, applicant)
	if err != nil {
		return nil, err
	}
	return s.drawTerms(ctx, loan)
}

// offerEntrypoint is the decision whose line the draw is taken from.
const offerEntrypoint = "heloc.offer.preview"

// latestOffer is the loan's latest stored preview offer.
func (s *Service) latestOffer(ctx context.Context, loan *domain.Loan) (*domain.Offer, error) {
	d, err := s.store.LatestDecision(ctx, loan.ID, offerEntrypoint)
	if domain.ErrorCode(err) == domain.ENOTFOUND {
		return nil, domain.Errorf(domain.EINVALID, "We have no offer on file for your line of credit yet. Go back to your offer, or contact us.")
	} else if err != nil {
		return nil, err
	}
	offer, err := domain.ReadOffer(d.Result)
	if err != nil {
		return nil, fmt.Errorf("loan %s: %w", loan.ID, err)
	}
	return offer, nil
}

// drawTerms are the draw's bounds on the loan's latest stored preview
// offer.
func (s *Service) drawTerms(ctx context.Context, loan *domain.Loan) (*DisbursementTerms, error) {
	offer, err := s.latestOffer(ctx, loan)
	if err != nil {
		return nil, err
	}
	if !offer.Eligible || offer.Amount() <= 0 {
		return nil, domain.Errorf(domain.EINVALID, "Your offer has no line of credit to draw on. Please contact us.")
	}
	return s.drawBounds(ctx, loan.ID, offer)
}

// drawBounds are the first draw's bounds on an offer's line: the offer's
// own minDraw and maxDraw (the rules', issue 20), or for an offer decided
// before it had them the program's (data.heloc.offer.draw on its line and
// fee), recorded for the loan. The first draw starts at the chosen amount when it fits them,
// else at the smallest.
func (s *Service) drawBounds(ctx context.Context, loanID string, offer *domain.Offer) (*DisbursementTerms, error) {
	t := &DisbursementTerms{Line: offer.Amount(), OriginationFee: offer.Fee(), APR: offer.APR, Payments: offer.Payments}
	if offer.MinDraw != nil && offer.MaxDraw != nil {
		t.MinimumDraw, t.MaximumDraw = int64(*offer.MinDraw), int64(*offer.MaxDraw)
	} else {
		input := map[string]any{"line": t.Line}
		if offer.OriginationFee != nil {
			input["originationFee"] = t.OriginationFee
		}
		var bounds struct {
			Minimum        domain.Dollars `json:"minimum"`
			Maximum        domain.Dollars `json:"maximum"`
			OriginationFee domain.Dollars `json:"originationFee"`
		}
		if err := s.recordInto(ctx, "heloc.offer.draw", loanID, input, &bounds); err != nil {
			return nil, err
		}
		t.MinimumDraw, t.MaximumDraw, t.OriginationFee = int64(bounds.Minimum), int64(bounds.Maximum), int64(bounds.OriginationFee)
	}
	t.FirstDraw = t.MinimumDraw
	if t.Line >= t.MinimumDraw && t.Line <= t.MaximumDraw {
		t.FirstDraw = t.Line
	}
	return t, nil
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
			return domain.InvalidField("section.disbursement.initialDraw", e.Message)
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
		return domain.InvalidField("disbursement.routingNumber", "This is not a valid routing number: check the 9 digits on your checks or with your bank.")
	case q.RoutingNumber != nil:
		routing = *q.RoutingNumber
	case routing == "":
		return domain.InvalidField("disbursement.routingNumber", "Enter the routing number.")
	}
	if q.AccountNumber != nil {
		account = *q.AccountNumber
	} else if account == "" {
		return domain.InvalidField("disbursement.accountNumber", "Enter the account number.")
	}
	if mc.draw == nil {
		return domain.InvalidField("disbursement.initialDraw", "We could not find the bounds of your draw. Please try again.")
	}
	if err := checkDraw(q.InitialDraw, mc.draw); err != nil {
		return err
	}
	app.Disbursement = &domain.Disbursement{
		AccountHolderName: q.AccountHolderName,
		AccountType:       q.AccountType,
		RoutingNumber:     routing,
		AccountNumber:     account,
		InitialDraw:       q.InitialDraw.Cents,
	}
	return nil
}

// checkDraw refuses a draw outside the terms' bounds or in part cents.
// The draw (dollars and cents, as the page sends it) is compared in cents.
func checkDraw(draw domain.EnteredCents, t *DisbursementTerms) error {
	between := fmt.Sprintf("Your first draw can be from %s to %s (your line of %s less the %s origination fee).",
		domain.Dollars(t.MinimumDraw).Format(), domain.Dollars(t.MaximumDraw).Format(), domain.Dollars(t.Line).Format(), domain.Dollars(t.OriginationFee).Format())
	switch {
	case t.MaximumDraw <= 0:
		return domain.InvalidField("disbursement.initialDraw", "Your line has nothing left to draw after its fee. Please contact us.")
	case draw.PartCents:
		return domain.InvalidField("disbursement.initialDraw", "Enter the amount in dollars and cents.")
	case draw.Cents < domain.CentsOf(t.MinimumDraw):
		return domain.InvalidField("disbursement.initialDraw", "Draw at least "+domain.Dollars(t.MinimumDraw).Format()+". "+between)
	case draw.Cents > domain.CentsOf(t.MaximumDraw):
		return domain.InvalidField("disbursement.initialDraw", "Draw at most "+domain.Dollars(t.MaximumDraw).Format()+". "+between)
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
