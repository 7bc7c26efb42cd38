package domain

import (
	"context"
	"time"
)

// ClosedCheck says whether the loan's credit decision closed the
// application (a decline, a withdrawal: the underwriting table's closes,
// as portal.Service.Closed reads it). The loan and conditions services are
// given it: a closed application takes no document, answer or condition.
type ClosedCheck func(ctx context.Context, loanID string) (bool, error)

// The credit decisions of an underwriter on a submitted application
// (rules/heloc/underwriting): the actions, as the table names them.
const (
	CreditApprove      = "approve"
	CreditCounteroffer = "counteroffer"
	CreditDecline      = "decline"
	CreditSuspend      = "suspend"
	CreditWithdraw     = "withdraw"
)

// CreditActions are every credit decision's action.
var CreditActions = []string{CreditApprove, CreditCounteroffer, CreditDecline, CreditSuspend, CreditWithdraw}

// CreditReason is a principal reason a decline gives, in Form C-1's words.
type CreditReason struct {
	Code  string `json:"code"`
	Words string `json:"words"`
}

// CreditDecision is one credit decision on a loan, as stored: the action,
// its line (approve, counteroffer), the day information is needed by
// (suspend), the reasons (decline), the underwriter's note, the policy
// decisions that validated it and the notice a decline produced (ids of
// stored decisions), who decided and when.
type CreditDecision struct {
	ID         string         `json:"id"`
	LoanID     string         `json:"loanId"`
	Action     string         `json:"action"`
	LineAmount *int64         `json:"lineAmount"`
	NeededBy   *string        `json:"neededBy"`
	Reasons    []CreditReason `json:"reasons"`
	Note       string         `json:"note"`
	DecisionID string         `json:"decisionId"`
	NoticeID   *string        `json:"noticeId"`
	DecidedBy  StaffRef       `json:"decidedBy"`
	CreatedAt  time.Time      `json:"createdAt"`
}
