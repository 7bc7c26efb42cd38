package loans

import (
	"context"
	"time"

	"github.com/heloc/heloc/server/disclosures"
	"github.com/heloc/heloc/server/domain"
)

// SubmitPath is the page a submitted application shows.
const SubmitPath = "/app/application/submitted"

// reachedBeforeSubmit is the step a loan must have reached to be submitted:
// loan-disbursement's, reached by saving every page before it.
const reachedBeforeSubmit = "loanDisbursement"

// Submit hands the application to the lender: allowed once the loan has
// reached the loan-disbursement step (every page before it saved) and the
// disbursement is saved, and only when nothing the application still needs
// is missing: data.heloc.submission.readiness decides on the facts
// readinessFacts gathers, and the decision is recorded. The loan's status becomes
// applicationSubmitted, a status only the server sets, and the application
// records when; from then on the borrower reads it and changes nothing.
// Each refusal is a field error naming what is missing and where to fix it.
func (s *Service) Submit(ctx context.Context, applicant *domain.Applicant) (*View, error) {
	loan, err := s.LoanOf(ctx, applicant)
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
	_, app, err := s.Stored(ctx, applicant)
	if err != nil {
		return nil, err
	}
	// Whether the application may be submitted is the policy's
	// (data.heloc.submission.readiness): the service gathers the facts and
	// records the decision, and each blocker is a field error naming what
	// is missing and where to fix it.
	facts, err := s.readinessFacts(ctx, loan, app)
	if err != nil {
		return nil, err
	}
	var readiness Readiness
	if err := s.recordInto(ctx, ReadinessEntrypoint, loan.ID, facts, &readiness); err != nil {
		return nil, err
	}
	// Each person's employment history is the employment policy's to
	// judge (recorded): one it finds incomplete blocks too, told after
	// the readiness blockers.
	employment, err := s.employmentBlockers(ctx, loan, app, order)
	if err != nil {
		return nil, err
	}
	if !readiness.Ready || len(employment) > 0 {
		return nil, refusal(&readiness, employment)
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
			return domain.InvalidField("disbursement", "Tell us where to send your funds on the loan disbursement page.")
		}
		if reached, ok := order[l.ApplicationStatus]; !ok || reached < order[reachedBeforeSubmit] {
			return domain.InvalidField("applicationStatus", "Finish the earlier steps of your application first.")
		}
		app.SubmittedAt = &at
		l.ApplicationStatus = Submitted // a server status: set here, never by a page's save
		return nil
	})
	if err != nil {
		return nil, err
	}
	s.tellSubmitted(ctx, applicant, saved, stored, s.now())
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
	return domain.InvalidField("applicationStatus", msg)
}

// resumePage is the label of the page the loan's status resumes at
// (data.heloc.routing.resume, data.heloc.funnel.routes), or "".
func (s *Service) resumePage(ctx context.Context, loan *domain.Loan) (string, error) {
	var resume struct {
		To *string `json:"to"`
	}
	input := map[string]any{"path": SubmitPath, "previousPath": "", "session": "authenticated",
		"loan": ResumeFacts(loan, "")}
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

// ReadinessEntrypoint decides whether an application may be submitted.
const ReadinessEntrypoint = "heloc.submission.readiness"

// Readiness is data.heloc.submission.readiness's result.
type Readiness struct {
	Ready    bool `json:"ready"`
	Blockers []struct {
		Code    string  `json:"code"`
		Message string  `json:"message"`
		Field   string  `json:"field"`
		Page    *string `json:"page"`
	} `json:"blockers"`
}

// refusal is the readiness blockers (when it is not ready) and then the
// employment blockers as field errors, the first one's words as the
// error's own.
func refusal(r *Readiness, employment []domain.FieldError) error {
	var fields []domain.FieldError
	if !r.Ready {
		for _, b := range r.Blockers {
			fields = append(fields, domain.FieldError{Path: b.Field, Message: b.Message})
		}
	}
	fields = append(fields, employment...)
	if len(fields) == 0 {
		return domain.Errorf(domain.EINVALID, "Your application cannot be submitted yet. Please contact us.")
	}
	return &domain.Error{Code: domain.EINVALID, Message: fields[0].Message, Fields: fields}
}

// employmentBlockers are what data.heloc.employment.history finds missing
// from each person's saved employment history (a previous employer until
// the window is covered, a gap's explanation), at employment.<party>.<the
// field in the section>, each in the policy's words after whose history it
// is. None for an application never saved, or one whose status has not
// reached the step before submission (the readiness blocker then tells the
// page to go on from, the employment page among them).
func (s *Service) employmentBlockers(ctx context.Context, loan *domain.Loan, app *domain.Application, order map[string]float64) ([]domain.FieldError, error) {
	if app == nil {
		return nil, nil
	}
	if at, ok := order[loan.ApplicationStatus]; !ok || at < order[reachedBeforeSubmit] {
		return nil, nil
	}
	type person struct {
		party, whose string
		p            *domain.Person
	}
	people := []person{{"borrower", "Employment history", &app.User}}
	if hasCoborrower(loan) {
		co := app.Coborrower
		if co == nil {
			co = &domain.Person{}
		}
		people = append(people, person{"coborrower", "Coborrower’s employment history", co})
	}
	var out []domain.FieldError
	for _, x := range people {
		h, err := s.history(ctx, loan.ID, x.p.Employments, x.p.EmploymentGaps)
		if err != nil {
			return nil, err
		}
		if err := incomplete(h, "employment."+x.party, x.whose+": "); err != nil {
			fields := domain.ErrorFields(err)
			if len(fields) == 0 {
				fields = []domain.FieldError{{Path: "employment." + x.party, Message: x.whose + ": " + domain.ErrorMessage(err)}}
			}
			out = append(out, fields...)
		}
	}
	return out, nil
}

// readinessFacts are the facts data.heloc.submission.readiness decides on
// (see rules/heloc/submission/submission.rego for each): the loan's
// status and the page it resumes at; whether the application was started
// and its disbursement saved; the documents still missing by
// data.heloc.documents.requirements' counts; each person's ID check and,
// for the e-sign consent and each disclosure rendered now, whether they
// signed that very text; whether the offer has a line to sign for. An
// application never saved has only the first facts.
func (s *Service) readinessFacts(ctx context.Context, loan *domain.Loan, app *domain.Application) (map[string]any, error) {
	resume, err := s.resumePage(ctx, loan)
	if err != nil {
		return nil, err
	}
	facts := map[string]any{"applicationStatus": loan.ApplicationStatus, "resumePage": nil, "applicationStarted": app != nil}
	if resume != "" {
		facts["resumePage"] = resume
	}
	if app == nil {
		return facts, nil
	}
	facts["sections"] = map[string]any{"disbursement": app.Disbursement != nil}

	r, err := s.Requirements(ctx, loan, app)
	if err != nil {
		return nil, err
	}
	missing := []map[string]any{}
	list := func(party string, docs []RequiredDocument) {
		for _, d := range docs {
			if d.Missing > 0 && d.CountsInTotal {
				missing = append(missing, map[string]any{"party": party, "label": d.Label, "missing": d.Missing})
			}
		}
	}
	list("borrower", r.Documents.Borrower)
	list("coborrower", r.Documents.Coborrower)
	facts["documents"] = map[string]any{"totalMissing": r.TotalMissing, "missing": missing}

	// The texts to sign now: none when the offer has no line to sign for.
	var texts []disclosures.Document
	offer, err := s.signOffer(ctx, loan)
	if e, ok := err.(*domain.Error); ok && e.Code == domain.EINVALID {
		facts["lineToSign"] = false
	} else if err != nil {
		return nil, err
	} else {
		docs, consent, err := renderDisclosures(loan, app, offer)
		if err != nil {
			return nil, err
		}
		texts = append([]disclosures.Document{consent}, docs...)
		facts["lineToSign"] = true
	}
	signs := map[string]bool{}
	for _, p := range signers(loan, app) {
		signs[p.Party] = true
	}
	type person struct {
		party string
		p     *domain.Person
	}
	people := []person{{"borrower", &app.User}}
	if hasCoborrower(loan) {
		co := app.Coborrower
		if co == nil {
			co = &domain.Person{}
		}
		people = append(people, person{"coborrower", co})
	}
	// The coborrower gives their own authorization and answers in their
	// own session (coborrower.go): what they have given, by their name.
	done, err := s.coborrowerDone(ctx, loan, app)
	if err != nil {
		return nil, err
	}
	var out []map[string]any
	for _, x := range people {
		f := map[string]any{"party": x.party, "identity": x.p.IdentityVerificationStatus}
		if x.party == "coborrower" {
			f["name"] = coborrowerName(app)
			f["ownAnswers"] = map[string]any{"creditAuthorization": done.CreditAuthorization, "declarations": done.Declarations, "demographics": done.Demographics}
		}
		if signs[x.party] {
			signed := make([]map[string]any, 0, len(texts))
			for _, d := range texts {
				signed = append(signed, map[string]any{"id": d.ID, "signed": signedText(app, x.party, d)})
			}
			f["disclosures"] = signed
		}
		out = append(out, f)
	}
	facts["people"] = out
	return facts, nil
}

// signedText: party signed the text d is now (a signature of its hash).
func signedText(app *domain.Application, party string, d disclosures.Document) bool {
	for _, r := range app.Signatures {
		if r.Party == party && r.DocumentID == d.ID && r.Hash == d.Hash {
			return true
		}
	}
	return false
}
