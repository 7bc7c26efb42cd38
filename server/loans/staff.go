package loans

import (
	"context"

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
	return s.documentsView(ctx, applicant, loan)
}

// StaffDocument is the stored document with the id (its loan, type and
// party), without opening its file: the caller checks the user may read
// that loan before calling StaffDownload.
func (s *Service) StaffDocument(ctx context.Context, id string) (*domain.Document, error) {
	ds, err := s.storage()
	if err != nil {
		return nil, err
	}
	return ds.Store.FindDocument(ctx, id)
}
