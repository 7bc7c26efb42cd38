package portal

import (
	"context"
	"strings"

	"github.com/heloc/heloc/server/domain"
)

// Loan notes: the loan team's working notes on a loan file (access action
// loans.update, "Add notes to a loan file"). A note is kept as written,
// with its author and time, and never edited or removed: the file shows
// what the team knew and when.

// NotesView is a loan's notes, newest first (schemas #LoanNotes).
type NotesView struct {
	Notes []*domain.LoanNote `json:"notes"`
}

// AddNoteInput is a note to add to a loan (schemas #AddNoteInput).
type AddNoteInput struct {
	LoanID string `json:"loanId"`
	Body   string `json:"body"`
}

// Notes is the loan's notes, newest first, each with its author.
func (s *Service) Notes(ctx context.Context, loanID string) (*NotesView, error) {
	notes, err := s.store.ListLoanNotes(ctx, loanID)
	if err != nil {
		return nil, err
	}
	return &NotesView{Notes: notes}, nil
}

// AddNote adds u's note to the loan. Its length is the input schema's
// (#NoteBody, at most 4000 characters); the text is trimmed of surrounding
// blank space, which must leave some (the schema's \S is ASCII only).
func (s *Service) AddNote(ctx context.Context, u *domain.StaffUser, in AddNoteInput) (*domain.LoanNote, error) {
	body := strings.TrimSpace(in.Body)
	if body == "" {
		return nil, domain.InvalidField("body", "Write the note first.")
	}
	n := &domain.LoanNote{LoanID: in.LoanID, Body: body,
		Author: domain.StaffRef{ID: u.ID, FirstName: u.FirstName, LastName: u.LastName, Email: u.Email, Role: u.Role}}
	if err := s.store.AddLoanNote(ctx, n); err != nil {
		return nil, err
	}
	return n, nil
}
