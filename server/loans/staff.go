package loans

import (
	"context"
	"errors"
	"strings"

	"github.com/heloc/heloc/server/domain"
)

// What portal users read of a loan. The caller (server/portal, through the
// web layer's authorizeLoan) has already let the user read this loan; these
// only find what the borrower's own pages would show, unmasked, so the
// caller decides what to mask.

// StaffApplication is the loan's application unmasked: the stored one
// (stored true), or before the first save the one a save would start from.
func (s *Service) StaffApplication(ctx context.Context, applicant *domain.Applicant, loan *domain.Loan) (app *domain.Application, stored bool, err error) {
	rec, err := s.store.FindApplication(ctx, loan.ID)
	if err == nil {
		return &rec.Application, true, nil
	} else if domain.ErrorCode(err) != domain.ENOTFOUND {
		return nil, false, err
	}
	app, err = s.fresh(ctx, applicant, loan)
	return app, false, err
}

// StaffDocuments is the loan's documents as the upload page counts them
// (required, uploaded and missing per person) with the files stored.
func (s *Service) StaffDocuments(ctx context.Context, applicant *domain.Applicant, loan *domain.Loan) (*DocumentsView, error) {
	return s.documentsView(ctx, applicant, loan, true)
}

// ReviewInput is a portal user's review of a document (schemas
// #ReviewDocumentInput): accepted or rejected, with a note the borrower is
// shown (required when rejecting).
type ReviewInput struct {
	DocumentID string `json:"documentId"`
	Decision   string `json:"decision"`
	Note       string `json:"note"`
}

// ReviewDocument records the review of the loan's document by the portal
// user by, whom the caller has allowed documents.review on the loan. A
// rejected document stops counting toward the documents policy's
// requirements, so the borrower is asked for another (and may upload it
// after submission). Errors name the field at fault: decision or note.
func (s *Service) ReviewDocument(ctx context.Context, loanID string, in ReviewInput, by string) (*domain.Document, error) {
	note := strings.TrimSpace(in.Note)
	switch in.Decision {
	case domain.ReviewAccepted:
	case domain.ReviewRejected:
		if note == "" {
			return nil, domain.InvalidField("note", "Say why the document cannot be accepted: the borrower is shown this note.")
		}
	default:
		return nil, domain.InvalidField("decision", "Choose whether the document is accepted or rejected.")
	}
	rows, err := s.documentRows()
	if err != nil {
		return nil, err
	}
	return rows.ReviewDocument(ctx, loanID, in.DocumentID, in.Decision, by, note, nil)
}

// documentRows is the document store alone, for what reads or changes
// the rows without opening a file (storage also needs the blob store).
func (s *Service) documentRows() (DocumentStore, error) {
	if s.documents == nil || s.documents.Store == nil {
		return nil, errors.New("loans: no document storage (WithDocuments)")
	}
	return s.documents.Store, nil
}

// StaffDocument is the stored document with the id (its loan, type and
// party), without opening its file: the caller checks the user may read
// that loan before calling StaffDownload.
func (s *Service) StaffDocument(ctx context.Context, id string) (*domain.Document, error) {
	rows, err := s.documentRows()
	if err != nil {
		return nil, err
	}
	return rows.FindDocument(ctx, id)
}
