package loans

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/heloc/heloc/server/domain"
)

// Which documents are required and still missing: the documents policy
// (data.heloc.documents.requirements) decided on the application and the
// documents stored for the loan, its input holding only what the rules read,
// and Continue on the upload page once nothing is missing.

// Requirements is data.heloc.documents.requirements as the policy gives it
// (schemas #DocumentRequirements).
type Requirements struct {
	Borrower      PartyRequirements  `json:"borrower"`
	Coborrower    *PartyRequirements `json:"coborrower"`
	TotalRequired int                `json:"totalRequired"`
	TotalMissing  int                `json:"totalMissing"`
	Documents     RequiredDocuments  `json:"documents"`
}

// PartyRequirements are a person's counts by document type.
type PartyRequirements struct {
	Required map[string]int `json:"required"`
	Missing  map[string]int `json:"missing"`
}

// RequiredDocuments are what the upload page lists, per person, in display
// order; Coborrower is nil (null) without a coborrower.
type RequiredDocuments struct {
	Borrower   []RequiredDocument `json:"borrower"`
	Coborrower []RequiredDocument `json:"coborrower"`
}

// RequiredDocument is one document type asked of a person.
type RequiredDocument struct {
	Type          string            `json:"type"`
	Category      string            `json:"category"`
	Label         string            `json:"label"`
	Required      int               `json:"required"`
	Uploaded      int               `json:"uploaded"`
	Missing       int               `json:"missing"`
	CountsInTotal bool              `json:"countsInTotal"`
	Reasons       []DocumentReason  `json:"reasons"`
	Subtypes      []DocumentSubtype `json:"subtypes,omitempty"`
	Items         []string          `json:"items,omitempty"`
	// Condition is the underwriting condition the entry asks for (nil for
	// the documents the policy's own rules ask).
	Condition *DocumentCondition `json:"condition,omitempty"`
}

// DocumentCondition names the underwriting condition an entry of the
// upload page answers.
type DocumentCondition struct {
	ID   string `json:"id"`
	Code string `json:"code"`
}

// DocumentReason is why a type is asked: its code and its words.
type DocumentReason struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// DocumentSubtype is a kind of document that satisfies a type (an ID's
// kinds with the sides photographed, the papers that set alimony).
type DocumentSubtype struct {
	ID    string `json:"id"`
	Label string `json:"label"`
	Sides string `json:"sides,omitempty"`
}

// uploadPage is the application's page of required documents.
const uploadPage = "/app/application/upload"

// CompleteDocuments is Continue on the upload page: with nothing missing
// (data.heloc.documents.requirements' totalMissing is 0), the loan's status
// moves on to the step the page reaches, as a page's save does; otherwise a
// field error at documents says what is still missing, and nothing moves.
func (s *Service) CompleteDocuments(ctx context.Context, applicant *domain.Applicant) (*DocumentsView, error) {
	loan, err := s.LoanOf(ctx, applicant)
	if err != nil {
		return nil, err
	}
	if err := writable(loan); err != nil {
		return nil, err
	}
	v, err := s.documentsView(ctx, applicant, loan, false)
	if err != nil {
		return nil, err
	}
	if r := v.Requirements; r.TotalMissing > 0 {
		return nil, domain.InvalidField("documents", missingWords(r))
	}
	if _, err := s.Change(ctx, applicant, uploadPage, func(*domain.Loan, *domain.Application) error { return nil }); err != nil {
		return nil, err
	}
	return v, nil
}

// missingWords says which documents are still missing, by label.
func missingWords(r *Requirements) string {
	var labels []string
	for _, list := range [][]RequiredDocument{r.Documents.Borrower, r.Documents.Coborrower} {
		for _, d := range list {
			if d.Missing > 0 && d.CountsInTotal && !slices.Contains(labels, d.Label) {
				labels = append(labels, d.Label)
			}
		}
	}
	what := "document is"
	if r.TotalMissing > 1 {
		what = "documents are"
	}
	msg := fmt.Sprintf("%d %s still missing", r.TotalMissing, what)
	if len(labels) > 0 {
		msg += ": " + strings.Join(labels, "; ")
	}
	return msg + ". Upload them to continue."
}

// Requirements is data.heloc.documents.requirements for the loan's
// application (app, the stored one or the one it starts from) with the
// documents stored for the loan, recorded in the decision log.
func (s *Service) Requirements(ctx context.Context, loan *domain.Loan, app *domain.Application) (*Requirements, error) {
	var docs []*domain.Document
	if s.documents != nil {
		var err error
		if docs, err = s.documents.Store.ListDocuments(ctx, loan.ID); err != nil {
			return nil, err
		}
	}
	return s.requirements(ctx, loan, app, docs)
}

// ---------------------------------------------------------------------------
// The documents policy's input
// ---------------------------------------------------------------------------

// requirementsInput is data.heloc.documents.requirements' input (policy
// contract): today, the application as far as the policy reads it, and the
// exclusion flags. Only what the rules read is passed, so that the decision
// log, which keeps every input, holds no SSN, birth date, name or amount.
type requirementsInput struct {
	Today       string                  `json:"today"`
	Application requirementsApplication `json:"application"`
	Flags       map[string]bool         `json:"flags"`
}

type requirementsApplication struct {
	User        requirementsPerson   `json:"user"`
	Coborrower  *requirementsPerson  `json:"coborrower"`
	Uploads     []domain.Upload      `json:"uploads"`
	Property    requirementsProperty `json:"property"`
	Mortgages   []requirementsDebt   `json:"mortgages"`
	Liabilities []requirementsDebt   `json:"liabilities"`
	IsInTrust   bool                 `json:"isInTrust"`
	// Conditions are the loan's open document conditions; left out when
	// there are none, so the input of a loan without any stays as it was.
	Conditions []requirementsCondition `json:"conditions,omitempty"`
}

// requirementsCondition is an open document condition as the documents
// policy reads it: the catalogue's words and counts as set, no note.
type requirementsCondition struct {
	ID           string `json:"id"`
	Code         string `json:"code"`
	DocumentType string `json:"documentType"`
	Count        int    `json:"count"`
	Label        string `json:"label"`
	IsCoborrower bool   `json:"isCoborrower"`
}

// conditionsInput are the open document conditions of conds.
func conditionsInput(conds []*domain.Condition) []requirementsCondition {
	var out []requirementsCondition
	for _, c := range conds {
		if c.Kind != domain.ConditionDocument || c.Status != domain.ConditionOpen {
			continue
		}
		out = append(out, requirementsCondition{ID: c.ID, Code: c.Code, DocumentType: c.DocumentType, Count: max(c.DocumentCount, 1),
			Label: c.Label, IsCoborrower: c.Party == "coborrower"})
	}
	return out
}

type requirementsPerson struct {
	Employments                []requirementsJob    `json:"employments"`
	IncomeSources              []requirementsIncome `json:"incomeSources"`
	IdentityVerificationStatus *string              `json:"identityVerificationStatus,omitempty"`
}

type requirementsJob struct {
	StartDate             string  `json:"startDate"`
	EndDate               *string `json:"endDate"`
	SelfEmployedIndicator bool    `json:"selfEmployedIndicator"`
	DataSource            string  `json:"dataSource"`
	OwnershipInterestType *string `json:"ownershipInterestType,omitempty"`
	BusinessStructure     *string `json:"businessStructure,omitempty"`
}

type requirementsIncome struct {
	Type        string `json:"type"`
	RentalUnits *int64 `json:"rentalUnits,omitempty"`
}

type requirementsProperty struct {
	State *string `json:"state,omitempty"`
}

// requirementsDebt is a mortgage or liability: what makes it a solar lien
// (creditor, type), an omitted student loan (type, omitted) and whose
// (debtor).
type requirementsDebt struct {
	Creditor *string `json:"creditor,omitempty"`
	Type     *string `json:"type,omitempty"`
	Omitted  bool    `json:"omitted"`
	Debtor   *string `json:"debtor,omitempty"`
}

// exclusionFlags are the policy's flags (tables.exclusionFlags); nothing in
// the product sets them yet, so they are passed as false.
var exclusionFlags = map[string]bool{"excludeIdDocument": false, "excludeEducationalLoanStatement": false}

// newRequirementsInput builds the policy's input from the application and
// the stored documents: an upload is the coborrower's when its party is,
// and an ID's back is part of the same ID as its front, so it is not
// counted a second time; a rejected document is not counted at all.
func newRequirementsInput(today time.Time, loan *domain.Loan, app *domain.Application, docs []*domain.Document) requirementsInput {
	in := requirementsInput{Today: today.Format(time.DateOnly), Flags: exclusionFlags}
	a := &in.Application
	a.User = requirementsPersonOf(&app.User)
	if hasCoborrower(loan) {
		co := requirementsPerson{Employments: []requirementsJob{}, IncomeSources: []requirementsIncome{}}
		if app.Coborrower != nil {
			co = requirementsPersonOf(app.Coborrower)
		}
		a.Coborrower = &co
	}
	a.Uploads = []domain.Upload{}
	for _, d := range docs {
		// An ID's back is part of its front; a document the loan team
		// rejected counts for nothing, so the borrower is asked again.
		if (d.Type == "idDocument" && d.Side == "back") || d.Review.Status == domain.ReviewRejected {
			continue
		}
		a.Uploads = append(a.Uploads, domain.Upload{Type: d.Type, IsCoborrower: d.Party == "coborrower", ConditionID: d.ConditionID})
	}
	a.Property.State = app.Property.State
	a.Mortgages, a.Liabilities = debtsOf(app.Mortgages), debtsOf(app.Liabilities)
	a.IsInTrust = app.IsInTrust
	return in
}

func requirementsPersonOf(p *domain.Person) requirementsPerson {
	out := requirementsPerson{Employments: []requirementsJob{}, IncomeSources: []requirementsIncome{}, IdentityVerificationStatus: p.IdentityVerificationStatus}
	for _, e := range p.Employments {
		out.Employments = append(out.Employments, requirementsJob{StartDate: e.StartDate, EndDate: e.EndDate, SelfEmployedIndicator: e.SelfEmployedIndicator,
			DataSource: e.DataSource, OwnershipInterestType: e.OwnershipInterestType, BusinessStructure: e.BusinessStructure})
	}
	for _, i := range p.IncomeSources {
		out.IncomeSources = append(out.IncomeSources, requirementsIncome{Type: i.Type, RentalUnits: i.RentalUnits})
	}
	return out
}

func debtsOf(list []domain.Liability) []requirementsDebt {
	out := []requirementsDebt{}
	for _, l := range list {
		out = append(out, requirementsDebt{Creditor: l.Creditor, Type: l.Type, Omitted: l.Omitted, Debtor: l.Debtor})
	}
	return out
}

const requirementsEntrypoint = "heloc.documents.requirements"

// requirements decides the documents policy for the loan and records the
// decision (its input, result and revision), once per distinct decision.
func (s *Service) requirements(ctx context.Context, loan *domain.Loan, app *domain.Application, docs []*domain.Document) (*Requirements, error) {
	input := newRequirementsInput(s.now().UTC(), loan, app, docs)
	if s.documents != nil && s.documents.Store != nil {
		conds, err := s.documents.Store.ListConditions(ctx, loan.ID)
		if err != nil {
			return nil, err
		}
		input.Application.Conditions = conditionsInput(conds)
	}
	result, revision, err := s.policy.DecideAt(ctx, requirementsEntrypoint, input)
	if err != nil {
		return nil, err
	}
	var r Requirements
	if err := domain.DecodeAnswer(result, &r); err != nil {
		return nil, err
	}
	if r.Documents.Borrower == nil {
		r.Documents.Borrower = []RequiredDocument{}
	}
	if err := s.recordRequirements(ctx, loan.ID, input, result, revision); err != nil {
		return nil, err
	}
	return &r, nil
}

// recordRequirements keeps the decision in the decision log unless the
// loan's latest one is the same (the page read again).
func (s *Service) recordRequirements(ctx context.Context, loanID string, input, result any, revision string) error {
	if s.documents == nil || s.documents.Store == nil {
		return nil
	}
	in, err := json.Marshal(input)
	if err != nil {
		return err
	}
	out, err := json.Marshal(result)
	if err != nil {
		return err
	}
	last, err := s.documents.Store.LatestDecision(ctx, loanID, requirementsEntrypoint)
	if err == nil && last.Revision == revision && bytes.Equal(last.Input, in) && bytes.Equal(last.Result, out) {
		return nil
	}
	_, err = s.documents.Store.CreateDecision(ctx, requirementsEntrypoint, loanID, in, out, revision)
	return err
}
