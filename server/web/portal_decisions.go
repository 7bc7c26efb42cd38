package web

import (
	"context"
	"errors"
	"mime"
	"regexp"
	"strings"

	"github.com/gofiber/fiber/v3"

	"github.com/heloc/heloc/server/decisions"
	"github.com/heloc/heloc/server/domain"
)

// A loan's decisions, their replay, and its export to the loan system
// (issue 13): the decisions service (server/decisions) and the export
// service (server/exports) own the rules; these handlers check the user may
// take the action on the loan (authorizeLoan), record the audit entry, and
// call them.

// errNoDecisions: the policy given to New cannot explain or replay
// decisions (policy.Live can).
var errNoDecisions = errors.New("web: the policy engine does not explain or replay decisions")

type decisionsInput struct {
	LoanID     string `json:"loanId"`
	Entrypoint string `json:"entrypoint"`
	Credit     bool   `json:"credit"`
	Cursor     string `json:"cursor"`
}

// decisionsView is portal.decisions' result (#DecisionsPage): the page and
// whether the user may replay the decisions and export the loan.
type decisionsView struct {
	*decisions.Page
	CanReplay bool `json:"canReplay"`
	CanExport bool `json:"canExport"`
}

// portalDecisions is portal.decisions: a page of the loan's stored
// decisions with the rules and rows behind each. Their inputs hold the
// borrower's figures (score, value, balances), so each view is audited.
func (s *Server) portalDecisions(c fiber.Ctx, in decisionsInput) (any, error) {
	u, err := s.authorizeLoan(c, "decisions.read", in.LoanID)
	if err != nil {
		return nil, err
	}
	if s.decisions == nil {
		return nil, errNoDecisions
	}
	list := s.decisions.List
	if in.Credit && in.Entrypoint == "" {
		list = func(ctx context.Context, loanID, _, cursor string) (*decisions.Page, error) {
			return s.decisions.ListCredit(ctx, loanID, cursor)
		}
	}
	page, err := list(c.Context(), in.LoanID, in.Entrypoint, in.Cursor)
	if err != nil {
		return nil, err
	}
	if err := s.recordAudit(c, u, "decisions.read", in.LoanID, "decisions", "inputs, results"); err != nil {
		return nil, err
	}
	view := decisionsView{Page: page}
	if view.CanReplay, err = s.mayOnLoan(c, "decisions.replay", in.LoanID); err != nil {
		return nil, err
	}
	if view.CanExport, err = s.mayOnLoan(c, "loans.export", in.LoanID); err != nil {
		return nil, err
	}
	return view, nil
}

type replayInput struct {
	LoanID     string `json:"loanId"`
	DecisionID string `json:"decisionId"`
}

// portalReplay is portal.replay: the stored decision decided again under
// today's policy revision, with what would change.
func (s *Server) portalReplay(c fiber.Ctx, in replayInput) (any, error) {
	u, err := s.authorizeLoan(c, "decisions.replay", in.LoanID)
	if err != nil {
		return nil, err
	}
	if s.decisions == nil {
		return nil, errNoDecisions
	}
	replay, err := s.decisions.Replay(c.Context(), in.LoanID, in.DecisionID)
	if err != nil {
		return nil, err
	}
	if err := s.recordAudit(c, u, "decisions.replay", in.LoanID, "decision "+in.DecisionID, "input, result"); err != nil {
		return nil, err
	}
	return replay, nil
}

// portalExports is portal.exports: whether the loan may be exported, the
// targets, and its exports so far.
func (s *Server) portalExports(c fiber.Ctx, in loanIDInput) (any, error) {
	if _, err := s.authorizeLoan(c, "loans.export", in.LoanID); err != nil {
		return nil, err
	}
	return s.exports.View(c.Context(), in.LoanID)
}

type exportInput struct {
	LoanID string `json:"loanId"`
	Target string `json:"target"`
}

// portalExport is portal.export: the submitted application sent to the
// target's loan system as MISMO 3.4 XML, audited before it is sent.
func (s *Server) portalExport(c fiber.Ctx, in exportInput) (any, error) {
	u, err := s.authorizeLoan(c, "loans.export", in.LoanID)
	if err != nil {
		return nil, err
	}
	return s.exports.Export(c.Context(), u, in.LoanID, in.Target, func(e *domain.Export) error {
		return s.recordAudit(c, u, "loans.export", in.LoanID, "export "+e.ID,
			"MISMO 3.4 file to "+in.Target+" ("+e.System+"), sha256 "+e.SHA256)
	})
}

// exportFilePath is the staff download of an export's file, as sent.
const exportFilePath = "/api/portal/exports/:loanId/:exportId"

var recordID = regexp.MustCompile(`^[0-9a-f]{32}$`)

// handleExportFile gives an export's MISMO file to a user who may export
// the loan (the file holds SSNs and birth dates); each download is audited.
func (s *Server) handleExportFile(c fiber.Ctx) error {
	c.Set(fiber.HeaderCacheControl, "private, no-store")
	loanID, id := c.Params("loanId"), c.Params("exportId")
	if !recordID.MatchString(loanID) || !recordID.MatchString(id) {
		return domain.Errorf(domain.ENOTFOUND, "Export not found.")
	}
	u, err := s.authorizeLoan(c, "loans.export", loanID)
	if err != nil {
		return err
	}
	e, file, err := s.exports.File(c.Context(), loanID, id)
	if err != nil {
		return err
	}
	if err := s.recordAudit(c, u, "exports.download", loanID, "export "+id, "MISMO 3.4 file"); err != nil {
		return err
	}
	name := strings.Join([]string{"loan", loanID[:8], e.Target, e.CreatedAt.Format("20060102T150405Z")}, "-") + ".xml"
	c.Set(fiber.HeaderContentType, "application/xml; charset=utf-8")
	c.Set(fiber.HeaderContentDisposition, mime.FormatMediaType("attachment", map[string]string{"filename": name}))
	c.Set("Cross-Origin-Resource-Policy", "same-origin")
	return c.Send(file)
}

// mayOnLoan says whether the signed-in user may take action on the loan:
// false for the policy's refusal, an error for anything else.
func (s *Server) mayOnLoan(c fiber.Ctx, action, loanID string) (bool, error) {
	_, err := s.authorizeLoan(c, action, loanID)
	switch domain.ErrorCode(err) {
	case "":
		return true, nil
	case domain.EFORBIDDEN:
		return false, nil
	}
	return false, err
}
