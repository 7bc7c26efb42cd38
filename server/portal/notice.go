package portal

import (
	"context"
	"fmt"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/letters"
)

// A decline's adverse-action notice as the borrower is given it: the notice
// heloc.notice.adverse_action decided with the decline and stored with it
// (the credit decision's NoticeID), whole, as the prequalification's notice
// is shown; and the same as a PDF, attached to the decline's e-mail and
// downloaded from the borrower's page.

// storedNotice is the notice decided as the decision id, as the borrower
// reads it; its id is the decision's.
func (s *Service) storedNotice(ctx context.Context, id string) (*domain.AdverseActionNotice, error) {
	d, err := s.store.FindDecision(ctx, id)
	if err != nil {
		return nil, err
	}
	n, _, err := domain.ReadNotice(d.Result)
	if err != nil {
		return nil, fmt.Errorf("portal: the notice %s: %w", id, err)
	}
	n.NoticeID, n.DecisionID = d.ID, d.ID
	if n.Date == "" {
		n.Date = d.CreatedAt.UTC().Format("2006-01-02")
	}
	return n, nil
}

// BorrowerNoticePDF is the notice of the loan's latest credit decision as a
// PDF (letters.NoticePDF); NOT_FOUND when that decision has none (it is
// not a decline).
func (s *Service) BorrowerNoticePDF(ctx context.Context, loanID string) ([]byte, error) {
	cd, err := s.store.LatestCreditDecision(ctx, loanID)
	if domain.ErrorCode(err) == domain.ENOTFOUND || (err == nil && cd.NoticeID == nil) {
		return nil, domain.Errorf(domain.ENOTFOUND, "There is no notice of action taken on this application.")
	} else if err != nil {
		return nil, err
	}
	n, err := s.storedNotice(ctx, *cd.NoticeID)
	if err != nil {
		return nil, err
	}
	return letters.NoticePDF(n)
}
