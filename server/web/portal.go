package web

import (
	"log/slog"
	"mime"
	"strings"

	"github.com/gofiber/fiber/v3"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/loans"
	"github.com/heloc/heloc/server/portal"
)

// The portal's pipeline and loan page (server/portal): each procedure
// checks the access policy for its action on the loan (authorizeLoan),
// records every view of personal data and every change in the audit log,
// and calls the service.

// loanActions are the actions a loan's page offers, told to the page so it
// shows only what the user may do (the server checks each again).
var loanActions = []string{"loans.update", "loans.assign", "pii.unmask", "documents.read", "documents.review", "conditions.manage",
	"decisions.read", "decisions.replay", "loans.export", "audit.read", "loans.decide", "hmda.read"}

// portalLoan is portal.loan's answer (schemas #PortalLoan): the summary and
// what the user may do on this loan.
type portalLoan struct {
	*portal.LoanView
	Can map[string]bool `json:"can"`
}

// portalPipeline is portal.pipeline: one page of the loans the user may
// see (their own only, when their grant is scoped to assigned loans).
func (s *Server) portalPipeline(c fiber.Ctx, in portal.PipelineInput) (any, error) {
	u, assignedOnly, err := s.authorizeScope(c, "pipeline.view")
	if err != nil {
		return nil, err
	}
	return s.portal.Pipeline(c.Context(), u, assignedOnly, in)
}

// portalLoan is portal.loan: the loan's summary, its team, and what the
// user may do on it.
func (s *Server) portalLoan(c fiber.Ctx, in loanIDInput) (any, error) {
	u, err := s.authorizeLoan(c, "loans.read", in.LoanID)
	if err != nil {
		return nil, err
	}
	can, err := s.loanPermissions(c, u, in.LoanID)
	if err != nil {
		return nil, err
	}
	v, err := s.portal.Loan(c.Context(), in.LoanID, can["loans.assign"])
	if err != nil {
		return nil, err
	}
	return portalLoan{LoanView: v, Can: can}, nil
}

// loanPermissions asks the access policy about each of loanActions on the
// loan.
func (s *Server) loanPermissions(c fiber.Ctx, u *domain.StaffUser, loanID string) (map[string]bool, error) {
	team, err := s.store.FindLoanTeam(c.Context(), loanID)
	if err != nil {
		return nil, err
	}
	can := make(map[string]bool, len(loanActions))
	for _, action := range loanActions {
		_, err := s.decideAccess(c, u, action, loanID, team.AssignedTo(u), false)
		if err != nil && domain.ErrorCode(err) != domain.EFORBIDDEN {
			return nil, err
		}
		can[action] = err == nil
	}
	return can, nil
}

// portalAssign is portal.assign: set the loan officer, the processor or
// the partner tag of a loan; the change is audited.
func (s *Server) portalAssign(c fiber.Ctx, in portal.AssignInput) (any, error) {
	u, err := s.authorizeLoan(c, "loans.assign", in.LoanID)
	if err != nil {
		return nil, err
	}
	v, changed, err := s.portal.Assign(c.Context(), in)
	if err != nil {
		return nil, err
	}
	if len(changed) > 0 {
		if err := s.recordAudit(c, u, "loans.assign", in.LoanID, "loan team", strings.Join(changed, ", ")); err != nil {
			return nil, err
		}
	}
	can, err := s.loanPermissions(c, u, in.LoanID)
	if err != nil {
		return nil, err
	}
	return portalLoan{LoanView: v, Can: can}, nil
}

// portalBorrowerView is portal.borrower's answer (schemas #PortalBorrower).
type portalBorrowerView struct {
	*portal.BorrowerView
	CanUnmask bool `json:"canUnmask"`
}

// portalBorrower is portal.borrower: the people on the loan with their
// sensitive fields masked. Opening it is a view of personal data, audited.
func (s *Server) portalBorrower(c fiber.Ctx, in loanIDInput) (any, error) {
	u, err := s.authorizeLoan(c, "loans.read", in.LoanID)
	if err != nil {
		return nil, err
	}
	labels, err := enumLabels(s.schemas)
	if err != nil {
		return nil, err
	}
	v, err := s.portal.Borrower(c.Context(), in.LoanID, labels)
	if err != nil {
		return nil, err
	}
	if err := s.recordAudit(c, u, "loans.read", in.LoanID, "borrower data", ""); err != nil {
		return nil, err
	}
	_, err = s.authorizeLoan(c, "pii.unmask", in.LoanID)
	if err != nil && domain.ErrorCode(err) != domain.EFORBIDDEN {
		return nil, err
	}
	return portalBorrowerView{BorrowerView: v, CanUnmask: err == nil}, nil
}

type unmaskInput struct {
	LoanID string `json:"loanId"`
	Field  string `json:"field"`
}

// portalUnmask is portal.unmask: one sensitive field's value, for a role
// that may see it; each unmasking is recorded with the field's name (never
// its value) before the value is sent.
func (s *Server) portalUnmask(c fiber.Ctx, in unmaskInput) (any, error) {
	u, err := s.authorizeLoan(c, "pii.unmask", in.LoanID)
	if err != nil {
		return nil, err
	}
	v, err := s.portal.Unmask(c.Context(), in.LoanID, in.Field)
	if err != nil {
		return nil, err
	}
	if err := s.recordAudit(c, u, "pii.unmask", in.LoanID, in.Field, in.Field); err != nil {
		return nil, err
	}
	return v, nil
}

// portalDocuments is portal.documents: what the documents policy requires
// of each person, what was uploaded and what is missing.
func (s *Server) portalDocuments(c fiber.Ctx, in loanIDInput) (any, error) {
	if _, err := s.authorizeLoan(c, "documents.read", in.LoanID); err != nil {
		return nil, err
	}
	return s.portal.Documents(c.Context(), in.LoanID)
}

// portalReviewDocument is portal.reviewDocument: accept or reject a
// document of a loan the user may review documents of; the review is
// audited (its decision, never the note's words) and the loan's documents
// answered as they now stand.
func (s *Server) portalReviewDocument(c fiber.Ctx, in loans.ReviewInput) (any, error) {
	if _, err := s.staffUser(c); err != nil {
		return nil, err
	}
	loanID, err := s.portal.DocumentLoan(c.Context(), in.DocumentID)
	if err != nil {
		return nil, err
	}
	u, err := s.authorizeLoan(c, "documents.review", loanID)
	if err != nil {
		return nil, err
	}
	v, err := s.portal.ReviewDocument(c.Context(), loanID, in, u.ID)
	if err != nil {
		return nil, err
	}
	if err := s.recordAudit(c, u, "documents.review", loanID, "document "+in.DocumentID, in.Decision); err != nil {
		return nil, err
	}
	return v, nil
}

// staffDownload is GET /api/documents/<id> for a portal user: the user
// must be allowed to read the documents of the document's loan; the read
// is audited before the file is sent, as an attachment. With ?preview=1 a
// PDF, PNG or JPEG is sent to be shown inline in the portal's own page
// (previewDocument); any other file is still an attachment.
func (s *Server) staffDownload(c fiber.Ctx, id string) error {
	if !documentID.MatchString(id) {
		return domain.Errorf(domain.ENOTFOUND, "Document not found.")
	}
	loanID, err := s.portal.DocumentLoan(c.Context(), id)
	if err != nil {
		return err
	}
	u, err := s.authorizeLoan(c, "documents.read", loanID)
	if err != nil {
		return err
	}
	d, err := s.portal.Download(c.Context(), id)
	if err != nil {
		return err
	}
	if err := s.recordAudit(c, u, "documents.read", loanID, "document "+id, "file"); err != nil {
		d.Body.Close()
		return err
	}
	s.log.InfoContext(c.Context(), "document read by portal user", slog.String("document_id", id), slog.String("staff_user_id", u.ID))
	if c.Query("preview") == "1" && previewable[d.ContentType] {
		return previewDocument(c, d)
	}
	return sendDocument(c, d)
}

// previewable are the media types a browser shows itself (its PDF viewer,
// an image) and that run no script of the file in the portal's origin:
// never SVG, HTML or anything else an upload could claim to be (an upload
// is only ever one of these or HEIC, documents_upload.go).
var previewable = map[string]bool{"application/pdf": true, "image/png": true, "image/jpeg": true}

// previewDocument sends a document to be shown inside the portal's loan
// page: inline, framed by the portal's own pages only (frame-ancestors
// 'self' and X-Frame-Options SAMEORIGIN in place of the 'none' and DENY
// every other response carries), with a policy of its own that lets the
// file load nothing and run nothing.
func previewDocument(c fiber.Ctx, d *loans.Download) error {
	c.Set(fiber.HeaderContentType, d.ContentType)
	c.Set(fiber.HeaderContentDisposition, mime.FormatMediaType("inline", map[string]string{"filename": d.FileName}))
	c.Set("Content-Security-Policy", "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'")
	c.Set("X-Frame-Options", "SAMEORIGIN")
	c.Set("Cross-Origin-Resource-Policy", "same-origin")
	return c.SendStream(d.Body, int(d.Size))
}
