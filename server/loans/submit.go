package loans

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/providers"
)

// SubmitPath is the page a submitted application shows.
const SubmitPath = "/app/application/submitted"

// reachedBeforeSubmit is the step a loan must have reached to be submitted:
// loan-disbursement's, reached by saving every page before it.
const reachedBeforeSubmit = "loanDisbursement"

// Submit hands the application to the lender: allowed once the loan has
// reached the loan-disbursement step (every page before it saved) and the
// disbursement is saved, and only when nothing the application still needs
// is missing (see submitChecks). The loan's status becomes
// applicationSubmitted, a status only the server sets, and the application
// records when; from then on the borrower reads it and changes nothing.
// Each refusal is a field error naming what is missing and where to fix it.
func (s *Service) Submit(ctx context.Context, applicant *domain.Applicant) (*View, error) {
	loan, err := s.loanOf(ctx, applicant)
	if err != nil {
		return nil, err
	}
	if err := writable(loan); err != nil {
		return nil, err
	}
	order, err := s.FunnelOrder(ctx)
	if err != nil {
		return nil, err
	}
	if err := s.reached(ctx, loan, order); err != nil {
		return nil, err
	}
	_, app, err := s.Stored(ctx, applicant)
	if err != nil {
		return nil, err
	}
	if app == nil {
		return nil, fieldError("applicationStatus", "Fill in your application before you submit it.")
	}
	var missing []domain.FieldError
	for _, check := range s.submitChecks() {
		found, err := check(ctx, applicant, loan, app)
		if err != nil {
			return nil, err
		}
		missing = append(missing, found...)
	}
	if len(missing) > 0 {
		return nil, &domain.Error{Code: domain.EINVALID, Message: missing[0].Message, Fields: missing}
	}
	// Decided again on the application's figures: a decline, a lower line
	// or a higher APR is told before anything is submitted.
	if s.redecide != nil {
		chosen, err := s.latestOffer(ctx, loan)
		if err != nil {
			return nil, err
		}
		if err := s.redecide(ctx, loan, app, chosen); err != nil {
			return nil, err
		}
	}
	at := s.now().UTC().Format(time.RFC3339)
	saved, stored, err := s.store.UpdateApplication(ctx, loan.ID, "", func(l *domain.Loan, app *domain.Application, exists bool) error {
		if err := writable(l); err != nil {
			return err
		}
		// Checked again in the write: nothing moved the loan back, nor
		// removed the disbursement, since the checks above.
		if !exists || app.Disbursement == nil {
			return fieldError("disbursement", "Tell us where to send your funds on the loan disbursement page.")
		}
		if reached, ok := order[l.ApplicationStatus]; !ok || reached < order[reachedBeforeSubmit] {
			return fieldError("applicationStatus", "Finish the earlier steps of your application first.")
		}
		app.SubmittedAt = &at
		l.ApplicationStatus = Submitted // a server status: set here, never by a page's save
		return nil
	})
	if err != nil {
		return nil, err
	}
	return view(saved, stored), nil
}

// reached refuses a loan whose status has not come as far as the
// loan-disbursement step, naming the page to go on from.
func (s *Service) reached(ctx context.Context, loan *domain.Loan, order map[string]float64) error {
	if at, ok := order[loan.ApplicationStatus]; ok && at >= order[reachedBeforeSubmit] {
		return nil
	}
	page, err := s.resumePage(ctx, loan)
	if err != nil {
		return err
	}
	msg := "Finish the earlier steps of your application first."
	if page != "" {
		msg = "Finish the earlier steps of your application first: go on from “" + page + "”."
	}
	return fieldError("applicationStatus", msg)
}

// resumePage is the label of the page the loan's status resumes at
// (data.heloc.routing.resume, data.heloc.funnel.routes), or "".
func (s *Service) resumePage(ctx context.Context, loan *domain.Loan) (string, error) {
	var resume struct {
		To *string `json:"to"`
	}
	input := map[string]any{"path": SubmitPath, "previousPath": "", "session": "authenticated",
		"loan": map[string]any{"applicationStatus": loan.ApplicationStatus}}
	if err := s.decideInto(ctx, "heloc.routing.resume", input, &resume); err != nil || resume.To == nil {
		return "", err
	}
	var routes []struct {
		Path  string `json:"path"`
		Title string `json:"title"`
	}
	if err := s.decideInto(ctx, "heloc.funnel.routes", nil, &routes); err != nil {
		return "", err
	}
	for _, r := range routes {
		if r.Path == *resume.To {
			return r.Title, nil
		}
	}
	return "", nil
}

// submitCheck finds what the application still lacks for submission, as
// field errors naming it and the page to fix it on.
type submitCheck func(ctx context.Context, applicant *domain.Applicant, loan *domain.Loan, app *domain.Application) ([]domain.FieldError, error)

// submitChecks are the checks a submission passes: the disbursement
// saved, no document the documents policy asks for missing, a result other
// than failed of the identity check of each person on the loan, and every
// current disclosure signed by each of them (checkDisclosures, sign.go).
func (s *Service) submitChecks() []submitCheck {
	return []submitCheck{checkDisbursement, s.checkDocuments, checkIdentity, s.checkDisclosures}
}

// checkDocuments: data.heloc.documents.requirements finds nothing missing
// for the application and the documents stored for the loan.
func (s *Service) checkDocuments(ctx context.Context, _ *domain.Applicant, loan *domain.Loan, app *domain.Application) ([]domain.FieldError, error) {
	r, err := s.Requirements(ctx, loan, app)
	if err != nil {
		return nil, err
	}
	if r.TotalMissing <= 0 {
		return nil, nil
	}
	var parts []string
	list := func(whose string, docs []RequiredDocument) {
		for _, d := range docs {
			if d.Missing > 0 && d.CountsInTotal {
				parts = append(parts, fmt.Sprintf("%s%s (%d)", whose, d.Label, d.Missing))
			}
		}
	}
	list("", r.Documents.Borrower)
	list("your coborrower’s ", r.Documents.Coborrower)
	msg := "Upload the document still missing"
	if r.TotalMissing > 1 {
		msg = fmt.Sprintf("Upload the %d documents still missing", r.TotalMissing)
	}
	if len(parts) > 0 {
		msg += ": " + strings.Join(parts, ", ")
	}
	return []domain.FieldError{{Path: "documents", Message: msg + "."}}, nil
}

// checkIdentity: each person on the loan has an identity check whose
// result is not failed (passed, or review by the lender's staff).
func checkIdentity(_ context.Context, _ *domain.Applicant, loan *domain.Loan, app *domain.Application) ([]domain.FieldError, error) {
	type person struct {
		party, whose string
		p            *domain.Person
	}
	people := []person{{"borrower", "your", &app.User}}
	if hasCoborrower(loan) {
		co := app.Coborrower
		if co == nil {
			co = &domain.Person{}
		}
		people = append(people, person{"coborrower", "your coborrower’s", co})
	}
	var missing []domain.FieldError
	for _, x := range people {
		switch st := x.p.IdentityVerificationStatus; {
		case st == nil:
			missing = append(missing, domain.FieldError{Path: "identity." + x.party, Message: "Verify " + x.whose + " identity with a photo ID."})
		case *st == providers.IdentityFailed:
			missing = append(missing, domain.FieldError{Path: "identity." + x.party, Message: "The check of " + x.whose + " ID did not pass: try again with another ID."})
		}
	}
	return missing, nil
}

// checkDisbursement: the funds' account and first draw are saved.
func checkDisbursement(_ context.Context, _ *domain.Applicant, _ *domain.Loan, app *domain.Application) ([]domain.FieldError, error) {
	if app.Disbursement == nil {
		return []domain.FieldError{{Path: "disbursement", Message: "Tell us where to send your funds on the loan disbursement page."}}, nil
	}
	return nil, nil
}
