package web

import (
	"github.com/gofiber/fiber/v3"

	"github.com/heloc/heloc/server/domain"
)

type pagesInput struct {
	Path    string                `json:"path"`
	Answers domain.PrequalAnswers `json:"answers"`
}

// funnelPages is funnel.pages: the pages of the current page's flow that
// this loan sees, in order, with their state and the pages Back and
// Continue go to, as the funnel policy decides them (data.heloc.funnel.pages).
// A signed-in applicant's loan speaks for itself: its status and answers
// come from the store, and the answers in the input are ignored. A visitor
// without a loan sends the answers kept in their browser. The funnel's
// variant is the server's setting (FUNNEL_VARIANT), never the browser's.
func (s *Server) funnelPages(c fiber.Ctx, in pagesInput) (any, error) {
	// Only the yes/no answers decide pages; the rest (income among them)
	// stays out of the decision's stored input.
	input := pagesFacts{Path: in.Path, Variant: s.cfg.FunnelVariant}
	r, err := s.pagesRead(c)
	if err != nil {
		return nil, err
	}
	// The read is this call's alone: another funnel.pages of the same batch
	// reads the loan and its latest decision again, after what this call
	// records.
	c.Locals(pagesReadingKey{}, nil)
	if r.loan == nil {
		input.Answers = in.Answers.Flags()
		d, err := s.recorder.Decide(c.Context(), pagesEntrypoint, "", input)
		return d.Result, err
	}
	input.ApplicationStatus = &r.loan.ApplicationStatus
	input.Answers = r.loan.Answers.Flags()
	if !r.latestRead {
		d, err := s.recorder.Decide(c.Context(), pagesEntrypoint, r.loan.ID, input)
		return d.Result, err
	}
	d, err := s.recorder.DecideAfter(c.Context(), pagesEntrypoint, r.loan.ID, input, r.latest)
	return d.Result, err
}

const pagesEntrypoint = "heloc.funnel.pages"

// pagesFacts is the input of heloc.funnel.pages. Its fields are in the
// order of their names, so it is encoded (and recorded) byte for byte as
// the map it replaces was.
type pagesFacts struct {
	Answers           map[string]bool `json:"answers"`
	ApplicationStatus *string         `json:"applicationStatus"`
	Path              string          `json:"path"`
	Variant           string          `json:"variant"`
}

// pagesReading is what funnel.pages reads of the database for a signed-in
// applicant: their loan (nil for a visitor, or an applicant without one)
// and, when latestRead, the loan's latest pages decision (nil for none).
type pagesReading struct {
	loan       *domain.Loan
	latest     *domain.StoredDecision
	latestRead bool
}

type pagesReadingKey struct{}

// pagesRead reads the signed-in applicant's session, the applicant, their
// loan and the loan's latest pages decision in one query
// (FindApplicantSessionLoan), once per request, and keeps the session and
// applicant as who's for the rest of the request. When who has read the
// session already, the loan is read as signedInLoan reads it and the
// latest decision is left to the decision log.
func (s *Server) pagesRead(c fiber.Ctx) (pagesReading, error) {
	if r, ok := c.Locals(pagesReadingKey{}).(pagesReading); ok {
		return r, nil
	}
	var r pagesReading
	var err error
	if _, known := c.Locals(identityKey{domain.RealmApplicant}).(identity); known {
		r.loan, err = s.signedInLoan(c)
	} else {
		r, err = s.readPages(c)
	}
	if err != nil {
		return r, err
	}
	c.Locals(pagesReadingKey{}, r)
	return r, nil
}

func (s *Server) readPages(c fiber.Ctx) (pagesReading, error) {
	var r pagesReading
	var id identity
	if token := s.sessionToken(c, domain.RealmApplicant); token != "" {
		sess, applicant, loan, latest, err := s.store.FindApplicantSessionLoan(c.Context(), token, pagesEntrypoint)
		switch {
		case domain.ErrorCode(err) == domain.EUNAUTHORIZED:
		case err != nil:
			return r, err
		default:
			live, err := s.touch(c, domain.RealmApplicant, token, sess)
			if err != nil {
				return r, err
			}
			if live {
				id = identity{session: sess, applicant: applicant}
				r = pagesReading{loan: loan, latest: latest, latestRead: true}
			}
		}
	}
	c.Locals(identityKey{domain.RealmApplicant}, id)
	return r, nil
}

// signedInLoan is the one way web finds the signed-in applicant's loan
// where having none is no error: nil when nobody is signed in or the
// applicant has none. A procedure that needs the loan asks the loan
// service (loans.LoanOf), which refuses without one.
func (s *Server) signedInLoan(c fiber.Ctx) (*domain.Loan, error) {
	id, err := s.who(c, domain.RealmApplicant)
	if err != nil || id.applicant == nil {
		return nil, err
	}
	loan, err := s.store.FindLoanByApplicant(c.Context(), id.applicant.ID)
	if domain.ErrorCode(err) == domain.ENOTFOUND {
		return nil, nil
	}
	return loan, err
}
