package domain

import (
	"encoding/json"
	"fmt"
)

// noticeResult is heloc.notice.adverse_action's answer (policy contract).
type noticeResult struct {
	Required    bool            `json:"required"`
	Version     string          `json:"version"`
	Date        string          `json:"date"`
	Reasons     []string        `json:"reasons"`
	ReasonCodes []string        `json:"reasonCodes"`
	Wording     json.RawMessage `json:"wording"`
	Creditor    Creditor        `json:"creditor"`
	Score       *struct {
		Value      *int       `json:"value"`
		Range      ScoreRange `json:"range"`
		Date       string     `json:"date"`
		KeyFactors []string   `json:"keyFactors"`
		Bureau     Bureau     `json:"bureau"`
	} `json:"score"`
}

// ReadNotice reads a stored heloc.notice.adverse_action answer as the
// notice the borrower is given, as ReadOffer reads a preview offer: the
// rules' reasons, codes, score block, wording (absent when the rules gave
// none) and creditor, with no list null. required is whether the rules
// require the notice. Its ids, and its date when the rules gave none, are
// the caller's to set.
func ReadNotice(result []byte) (n *AdverseActionNotice, required bool, err error) {
	var r noticeResult
	if err := json.Unmarshal(result, &r); err != nil {
		return nil, false, fmt.Errorf("read the adverse-action notice: %w", err)
	}
	n = &AdverseActionNotice{Date: r.Date, Reasons: r.Reasons, ReasonCodes: r.ReasonCodes, Version: r.Version, Creditor: r.Creditor, KeyFactors: []string{}}
	if len(r.Wording) > 0 && string(r.Wording) != "null" {
		n.Wording = r.Wording
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
	return n, r.Required, nil
}
