package web

import (
	"strings"

	"github.com/gofiber/fiber/v3"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/loans"
)

// Account creations allowed per client address per window: enough for a
// household, too few to fill the table.
const accountsPerAddress = 10

type createAccountInput struct {
	Email       string  `json:"email"`
	FirstName   string  `json:"firstName"`
	LastName    string  `json:"lastName"`
	Phone       *string `json:"phone"`
	Password    string  `json:"password"`
	TCPAConsent bool    `json:"tcpaConsent"`
	// The schema refuses an account without these two (issue 11).
	EConsent                  bool `json:"eConsent"`
	InformationSharingConsent bool `json:"informationSharingConsent"`
	ConsentVersions           struct {
		EConsent           string `json:"eConsent"`
		InformationSharing string `json:"informationSharing"`
		TCPA               string `json:"tcpa"`
	} `json:"consentVersions"`
}

// createAccount makes an applicant's account and first loan, with the
// record of the consents given (kind, version, time, client address,
// browser), and mails a sign-in code (issue 4); for a known e-mail it only
// mails a code, so the answer is the same either way.
func (s *Server) createAccount(c fiber.Ctx, in createAccountInput) (any, error) {
	if err := s.limit("create|ip|"+limitAddr(c), accountsPerAddress); err != nil {
		return nil, err
	}
	if err := s.limit("send|account|"+strings.ToLower(strings.TrimSpace(in.Email)), sendsPerAccount); err != nil {
		return nil, err
	}
	consents, err := s.agreedConsents(c, in)
	if err != nil {
		return nil, err
	}
	a := &domain.Applicant{Email: in.Email, FirstName: strings.TrimSpace(in.FirstName), LastName: strings.TrimSpace(in.LastName), Phone: in.Phone}
	if in.TCPAConsent && in.Phone != nil {
		a.TCPAConsent = &domain.Consent{Version: in.ConsentVersions.TCPA}
	}
	if err := s.accounts.CreateApplicant(c.Context(), a, in.Password, consents...); err != nil {
		return nil, err
	}
	return fiber.Map{"codeSent": true}, nil
}

// userAgentLength bounds the browser's name kept with a consent.
const userAgentLength = 500

// agreedConsents is the record of each consent given with the account. A
// version must be the wording shown today (consents.current): a form
// opened before the wording changed is asked to show the new one. The
// calls-and-texts consent counts only with a phone number to call.
func (s *Server) agreedConsents(c fiber.Ctx, in createAccountInput) ([]domain.ConsentRecord, error) {
	current, err := s.consentVersions(c)
	if err != nil {
		return nil, err
	}
	given := []struct{ kind, version, path string }{
		{"eConsent", in.ConsentVersions.EConsent, "consentVersions.eConsent"},
		{"informationSharing", in.ConsentVersions.InformationSharing, "consentVersions.informationSharing"},
	}
	if in.TCPAConsent && in.Phone != nil {
		given = append(given, struct{ kind, version, path string }{"tcpa", in.ConsentVersions.TCPA, "consentVersions.tcpa"})
	}
	agent := c.Get(fiber.HeaderUserAgent)
	if len(agent) > userAgentLength {
		agent = agent[:userAgentLength]
	}
	var out []domain.ConsentRecord
	var fields []domain.FieldError
	for _, g := range given {
		if g.version != current[g.kind] {
			fields = append(fields, domain.FieldError{Path: g.path, Message: "This wording has changed. Reload the page to read the current one."})
			continue
		}
		out = append(out, domain.ConsentRecord{Kind: g.kind, Version: g.version, ClientIP: c.IP(), UserAgent: strings.ToValidUTF8(agent, "")})
	}
	if len(fields) > 0 {
		return nil, &domain.Error{Code: domain.EINVALID, Message: "Some fields need attention.", Fields: fields}
	}
	return out, nil
}

type setPasswordInput struct {
	Password string `json:"password"`
}

func (s *Server) setPassword(c fiber.Ctx, in setPasswordInput) (any, error) {
	a, err := s.applicant(c)
	if err != nil {
		return nil, err
	}
	if err := s.accounts.SetApplicantPassword(c.Context(), a.ID, in.Password); err != nil {
		return nil, err
	}
	return fiber.Map{"passwordSet": true}, nil
}

type deleteSessionResult struct {
	Deleted bool `json:"deleted"`
}

// deleteSession ends the applicant's server-side session (spec §4 auto
// sign-out) and clears its cookie. Without a session it deletes nothing.
func (s *Server) deleteSession(c fiber.Ctx, _ []byte) (any, error) {
	deleted, err := s.endSession(c, domain.RealmApplicant)
	if err != nil {
		return nil, err
	}
	return deleteSessionResult{Deleted: deleted}, nil
}

type resumeInput struct {
	Path         string `json:"path"`
	PreviousPath string `json:"previousPath"`
}

// resume asks the routing policy where a returning applicant belongs on
// this navigation; the server fills in the session and the loan, which the
// browser cannot be trusted to state.
func (s *Server) resume(c fiber.Ctx, in resumeInput) (any, error) {
	input := map[string]any{"path": in.Path, "previousPath": in.PreviousPath, "session": "unauthenticated", "loan": nil}
	id, err := s.who(c, domain.RealmApplicant)
	if err != nil {
		return nil, err
	}
	if id.applicant != nil {
		input["session"] = "authenticated"
		loan, err := s.signedInLoan(c)
		if err != nil {
			return nil, err
		}
		if loan != nil {
			// A refusal the credit report settled resumes at its page (issue 22).
			refusal, err := s.loans.SettledRefusal(c.Context(), loan)
			if err != nil {
				return nil, err
			}
			input["loan"] = loans.ResumeFacts(loan, refusal)
		}
	}
	return s.policy.Decide(c.Context(), "heloc.routing.resume", input)
}

// currentLoanID is the signed-in applicant's loan, or "" when nobody is
// signed in or the applicant has none.
func (s *Server) currentLoanID(c fiber.Ctx) (string, error) {
	loan, err := s.signedInLoan(c)
	if loan == nil {
		return "", err
	}
	return loan.ID, nil
}

// currentLoan is the signed-in applicant's loan, or null.
func (s *Server) currentLoan(c fiber.Ctx, _ []byte) (any, error) {
	if _, err := s.applicant(c); err != nil {
		return nil, err
	}
	loan, err := s.signedInLoan(c)
	if loan == nil {
		return nil, err
	}
	return loan, nil
}

type loanIDInput struct {
	LoanID string `json:"loanId"`
}

// ownLoan returns the loan when it is the signed-in applicant's. Another
// applicant's loan is NOT_FOUND, exactly as a loan that does not exist, so
// ids cannot be probed.
func (s *Server) ownLoan(c fiber.Ctx, loanID string) (*domain.Loan, error) {
	a, err := s.applicant(c)
	if err != nil {
		return nil, err
	}
	loan, err := s.store.FindLoan(c.Context(), loanID)
	if err != nil {
		return nil, err
	}
	if loan.ApplicantID != a.ID {
		return nil, domain.Errorf(domain.ENOTFOUND, "Loan not found.")
	}
	return loan, nil
}

func (s *Server) getLoan(c fiber.Ctx, in loanIDInput) (any, error) {
	return s.ownLoan(c, in.LoanID)
}
