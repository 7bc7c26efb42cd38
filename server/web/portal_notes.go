package web

import (
	"strconv"
	"unicode/utf8"

	"github.com/gofiber/fiber/v3"

	"github.com/heloc/heloc/server/portal"
)

// Loan notes: portal.notes for a user who may read the loan, portal.addNote
// for one who may add notes to it (loans.update). The rules of notes are
// the portal service's (server/portal/notes.go).

// portalNotes is portal.notes: the loan's notes, newest first.
func (s *Server) portalNotes(c fiber.Ctx, in loanIDInput) (any, error) {
	if _, err := s.authorizeLoan(c, "loans.read", in.LoanID); err != nil {
		return nil, err
	}
	return s.portal.Notes(c.Context(), in.LoanID)
}

// portalAddNote is portal.addNote: add a note to the loan. The audit log
// records that a note was added and its length, never its words.
func (s *Server) portalAddNote(c fiber.Ctx, in portal.AddNoteInput) (any, error) {
	u, err := s.authorizeLoan(c, "loans.update", in.LoanID)
	if err != nil {
		return nil, err
	}
	n, err := s.portal.AddNote(c.Context(), u, in)
	if err != nil {
		return nil, err
	}
	detail := "note of " + strconv.Itoa(utf8.RuneCountInString(n.Body)) + " characters"
	if err := s.recordAudit(c, u, "notes.add", in.LoanID, "note "+n.ID, detail); err != nil {
		return nil, err
	}
	return n, nil
}
