package portal

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/letters"
)

// A decline's adverse-action notice as the borrower is given it: the notice
// heloc.notice.adverse_action decided with the decline and stored with it
// (the credit decision's NoticeID), whole, as the prequalification's notice
// is shown; and the same as a PDF, attached to the decline's e-mail and
// downloaded from the borrower's page.

// noticeResult is heloc.notice.adverse_action's answer (policy contract).
type noticeResult struct {
	Version     string          `json:"version"`
	Date        string          `json:"date"`
	Reasons     []string        `json:"reasons"`
	ReasonCodes []string        `json:"reasonCodes"`
	Wording     json.RawMessage `json:"wording"`
	Creditor    domain.Creditor `json:"creditor"`
	Score       *struct {
		Value      *int              `json:"value"`
		Range      domain.ScoreRange `json:"range"`
		Date       string            `json:"date"`
		KeyFactors []string          `json:"keyFactors"`
		Bureau     domain.Bureau     `json:"bureau"`
	} `json:"score"`
}

// storedNotice is the notice decided as the decision id, as the borrower
// reads it; its id is the decision's.
func (s *Service) storedNotice(ctx context.Context, id string) (*domain.AdverseActionNotice, error) {
	d, err := s.store.FindDecision(ctx, id)
	if err != nil {
		return nil, err
	}
	var r noticeResult
	if err := json.Unmarshal(d.Result, &r); err != nil {
		return nil, fmt.Errorf("portal: the notice %s: %w", id, err)
	}
	n := &domain.AdverseActionNotice{NoticeID: d.ID, DecisionID: d.ID, Date: r.Date, Reasons: r.Reasons, ReasonCodes: r.ReasonCodes,
		Version: r.Version, Creditor: r.Creditor, KeyFactors: []string{}}
	if len(r.Wording) > 0 && string(r.Wording) != "null" {
		n.Wording = r.Wording
	}
	if n.Date == "" {
		n.Date = d.CreatedAt.UTC().Format("2006-01-02")
	}
	if n.Reasons == nil {
		n.Reasons = []string{}
	}
	if sc := r.Score; sc != nil {
		n.Score, n.ScoreRange, n.ScoreDate, n.Bureau = sc.Value, sc.Range, sc.Date, sc.Bureau
		if sc.KeyFactors != nil {
			n.KeyFactors = sc.KeyFactors
		}
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
