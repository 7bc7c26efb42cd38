package portal

import (
	"context"
	"strings"
	"unicode/utf8"

	"github.com/heloc/heloc/server/domain"
)

// Loan notes: the loan team's working notes on a loan file (access action
// loans.update, "Add notes to a loan file"). A note is kept as written,
// with its author and time, and never edited or removed: the file shows
// what the team knew and when.

// MaxNoteLength is the longest note, in characters (schemas #NoteBody).
const MaxNoteLength = 4000

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

// AddNote adds u's note to the loan. The text is trimmed of surrounding
// blank space and must then hold 1 to MaxNoteLength characters.
func (s *Service) AddNote(ctx context.Context, u *domain.StaffUser, in AddNoteInput) (*domain.LoanNote, error) {
	body := strings.TrimSpace(in.Body)
	if body == "" {
		return nil, fieldError("body", "Write the note first.")
	}
	if utf8.RuneCountInString(body) > MaxNoteLength {
		return nil, fieldError("body", "Keep a note to at most 4000 characters.")
	}
	n := &domain.LoanNote{LoanID: in.LoanID, Body: body,
		Author: domain.StaffRef{ID: u.ID, FirstName: u.FirstName, LastName: u.LastName, Email: u.Email, Role: u.Role}}
	if err := s.store.AddLoanNote(ctx, n); err != nil {
		return nil, err
	}
	return n, nil
}
