package web

import (
	"encoding/json"

	"github.com/gofiber/fiber/v3"

	"github.com/heloc/heloc/server/loans"
)

// The application's procedures: a translation of the wire to the loan
// service (server/loans), which decides who may read and change what.

// applicationGet is application.get: the signed-in applicant's application.
func (s *Server) applicationGet(c fiber.Ctx, _ []byte) (any, error) {
	a, err := s.applicant(c)
	if err != nil {
		return nil, err
	}
	return s.loans.Get(c.Context(), a)
}

type applicationSaveInput struct {
	Path    string          `json:"path"`
	Section json.RawMessage `json:"section"`
}

// applicationSave is application.save: a page's section, validated against
// the page's definition by the service.
func (s *Server) applicationSave(c fiber.Ctx, in applicationSaveInput) (any, error) {
	a, err := s.applicant(c)
	if err != nil {
		return nil, err
	}
	return s.loans.Save(c.Context(), a, in.Path, in.Section)
}

type applicationDraftInput struct {
	Path  string          `json:"path"`
	Draft json.RawMessage `json:"draft"`
}

// applicationDraft is application.draft: what the page's form held.
func (s *Server) applicationDraft(c fiber.Ctx, in applicationDraftInput) (any, error) {
	a, err := s.applicant(c)
	if err != nil {
		return nil, err
	}
	return s.loans.Draft(c.Context(), a, in.Path)
}

// applicationSaveDraft is application.saveDraft: keep what the page's form
// holds while the borrower types.
func (s *Server) applicationSaveDraft(c fiber.Ctx, in applicationDraftInput) (any, error) {
	a, err := s.applicant(c)
	if err != nil {
		return nil, err
	}
	return s.loans.SaveDraft(c.Context(), a, in.Path, in.Draft)
}

type employmentHistoryInput struct {
	Party       string                   `json:"party"`
	Employments *[]loans.EmploymentDates `json:"employments"`
}

// applicationEmployment is application.employment: the gaps between a
// person's employments (the saved ones, or those page 4 holds as typed),
// where a new one starts, and what is missing from the history.
func (s *Server) applicationEmployment(c fiber.Ctx, in employmentHistoryInput) (any, error) {
	a, err := s.applicant(c)
	if err != nil {
		return nil, err
	}
	return s.loans.EmploymentHistory(c.Context(), a, in.Party, in.Employments)
}
