package portal

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/loans"
)

// LoanView is a loan's summary as its page shows it (schemas #PortalLoan):
// the pipeline's row for it, the coborrower's name, when it was
// submitted, and who may join its team.
type LoanView struct {
	Loan           *domain.PipelineRow `json:"loan"`
	BorrowerPhone  *string             `json:"borrowerPhone"`
	CoborrowerName *string             `json:"coborrowerName"`
	SubmittedAt    *string             `json:"submittedAt"`
	// Offer is the line, fee and payments of the loan's latest stored
	// preview offer; nil before an offer with a line.
	Offer *OfferView `json:"offer"`
	// Candidates are the portal users who may hold a place on the team
	// (TeamMembers); empty unless the caller may assign.
	Candidates []domain.StaffRef `json:"candidates"`
}

// Loan is the loan's summary. withCandidates adds who may join its team
// (for a user who may assign it).
func (s *Service) Loan(ctx context.Context, loanID string, withCandidates bool) (*LoanView, error) {
	row, err := s.store.FindPipelineRow(ctx, loanID)
	if err != nil {
		return nil, err
	}
	row.DaysSinceActivity = daysSince(s.now(), row.LastActivityAt)
	labels, err := s.statusLabels(ctx)
	if err != nil {
		return nil, err
	}
	credit, err := s.creditLabels(ctx)
	if err != nil {
		return nil, err
	}
	row.StatusLabel = status(row, labels, credit)
	if err := s.deadlines(ctx, []*domain.PipelineRow{row}); err != nil {
		return nil, err
	}
	applicant, loan, err := s.loanAndApplicant(ctx, loanID)
	if err != nil {
		return nil, err
	}
	app, _, err := s.loans.StaffApplication(ctx, applicant, loan)
	if err != nil {
		return nil, err
	}
	v := &LoanView{Loan: row, BorrowerPhone: applicant.Phone, SubmittedAt: app.SubmittedAt, Candidates: []domain.StaffRef{}}
	if co := app.Coborrower; co != nil {
		name := strings.TrimSpace(deref(co.FirstName) + " " + deref(co.LastName))
		v.CoborrowerName = &name
	}
	if v.Offer, err = s.offer(ctx, loanID); err != nil {
		return nil, err
	}
	if withCandidates {
		if v.Candidates, err = s.TeamMembers(ctx); err != nil {
			return nil, err
		}
	}
	return v, nil
}

// OfferView is the line offered on the loan as the policy computed it in
// its latest stored preview offer (schemas #PortalOffer): the line (the
// amount chosen), the origination fee on that line in whole dollars, and
// the monthly payments on it fully drawn in cents. The fee and payments
// are nil for an offer decided before the policy gave them. Nothing here
// computes a figure: each is the stored offer's.
type OfferView struct {
	Line           int64              `json:"line"`
	OriginationFee *int64             `json:"originationFee"`
	Payments       *OfferPaymentsView `json:"payments"`
}

// OfferPaymentsView are the stored offer's monthly payments on the line
// fully drawn, in cents: interest only in the draw period, level in the
// repayment period.
type OfferPaymentsView struct {
	DrawPaymentCents      int64 `json:"drawPaymentCents"`
	RepaymentPaymentCents int64 `json:"repaymentPaymentCents"`
}

// offerEntrypoint is the decision whose offer the loan page shows, the
// one the disclosures and the disbursement are filled in from.
const offerEntrypoint = "heloc.offer.preview"

// offer is the loan's latest stored preview offer as the loan page shows
// it; nil when there is none or it offers no line.
func (s *Service) offer(ctx context.Context, loanID string) (*OfferView, error) {
	d, err := s.store.LatestDecision(ctx, loanID, offerEntrypoint)
	if domain.ErrorCode(err) == domain.ENOTFOUND {
		return nil, nil
	} else if err != nil {
		return nil, err
	}
	o, err := domain.ReadOffer(d.Result)
	if err != nil {
		return nil, fmt.Errorf("portal: loan %s: %w", loanID, err)
	}
	if !o.Eligible || o.Amount() <= 0 {
		return nil, nil
	}
	v := &OfferView{Line: o.Amount()}
	if o.OriginationFee != nil {
		fee := int64(*o.OriginationFee)
		v.OriginationFee = &fee
	}
	if p := o.Payments; p != nil {
		v.Payments = &OfferPaymentsView{DrawPaymentCents: p.DrawPaymentCents, RepaymentPaymentCents: p.RepaymentPaymentCents}
	}
	return v, nil
}

// teamAction is what a portal user's role must grant for them to hold a
// place on a loan team: a team works the file. A partner, who follows
// loans read-only, is tied to loans by their tag instead.
const teamAction = "loans.update"

// TeamMembers are the active portal users who may be a loan's loan officer
// or processor: those whose role grants teamAction (heloc.access.roles).
func (s *Service) TeamMembers(ctx context.Context) ([]domain.StaffRef, error) {
	out, err := s.policy.Decide(ctx, "heloc.access.roles", nil)
	if err != nil {
		return nil, err
	}
	var roles map[string]struct {
		Actions []string `json:"actions"`
	}
	if err := domain.DecodeAnswer(out, &roles); err != nil {
		return nil, err
	}
	users, err := s.store.ListStaffUsers(ctx)
	if err != nil {
		return nil, err
	}
	members := []domain.StaffRef{}
	for _, u := range users {
		if u.Active && slices.Contains(roles[u.Role].Actions, teamAction) {
			members = append(members, domain.StaffRef{ID: u.ID, FirstName: u.FirstName, LastName: u.LastName, Email: u.Email, Role: u.Role})
		}
	}
	return members, nil
}

// AssignInput changes a loan's team (schemas #AssignInput): a field left
// out keeps its holder, "" empties the place. LoanOfficerTag is the partner
// tag the loan carries.
type AssignInput struct {
	LoanID         string  `json:"loanId"`
	LoanOfficerID  *string `json:"loanOfficerId"`
	ProcessorID    *string `json:"processorId"`
	LoanOfficerTag *string `json:"loanOfficerTag"`
}

// Assign sets the loan's team. Each place is for a team member
// (TeamMembers); anyone else is refused at the field. It answers what
// changed, by field name, for the audit log.
func (s *Service) Assign(ctx context.Context, in AssignInput) (*LoanView, []string, error) {
	members, err := s.TeamMembers(ctx)
	if err != nil {
		return nil, nil, err
	}
	member := func(id *string) bool {
		return id == nil || *id == "" || slices.ContainsFunc(members, func(m domain.StaffRef) bool { return m.ID == *id })
	}
	if !member(in.LoanOfficerID) {
		return nil, nil, domain.InvalidField("loanOfficerId", "Choose an active portal user who works loan files.")
	}
	if !member(in.ProcessorID) {
		return nil, nil, domain.InvalidField("processorId", "Choose an active portal user who works loan files.")
	}
	before, err := s.store.FindLoanTeam(ctx, in.LoanID)
	if err != nil {
		return nil, nil, err
	}
	after, err := s.store.UpdateLoanTeam(ctx, in.LoanID, domain.LoanTeamPatch{
		LoanOfficerID: in.LoanOfficerID, ProcessorID: in.ProcessorID, LoanOfficerTag: in.LoanOfficerTag,
	})
	if err != nil {
		return nil, nil, err
	}
	var changed []string
	if before.LoanOfficerID != after.LoanOfficerID {
		changed = append(changed, "loanOfficer")
	}
	if before.ProcessorID != after.ProcessorID {
		changed = append(changed, "processor")
	}
	if before.LoanOfficerTag != after.LoanOfficerTag {
		changed = append(changed, "loanOfficerTag")
	}
	v, err := s.Loan(ctx, in.LoanID, true)
	return v, changed, err
}

// Documents is what the documents policy requires of each person on the
// loan, what was uploaded and what is missing, with the files.
func (s *Service) Documents(ctx context.Context, loanID string) (*loans.DocumentsView, error) {
	applicant, loan, err := s.loanAndApplicant(ctx, loanID)
	if err != nil {
		return nil, err
	}
	return s.loans.StaffDocuments(ctx, applicant, loan)
}

// DocumentLoan is the loan a stored document belongs to, so the caller can
// check the user may read it before Download opens it.
func (s *Service) DocumentLoan(ctx context.Context, documentID string) (string, error) {
	d, err := s.loans.StaffDocument(ctx, documentID)
	if err != nil {
		return "", err
	}
	return d.LoanID, nil
}

// ReviewDocument records the portal user by's review of a document of
// the loan (the caller has allowed them documents.review on it) and
// answers the loan's documents as they now stand: a rejected one is
// missing again.
func (s *Service) ReviewDocument(ctx context.Context, loanID string, in loans.ReviewInput, by string) (*loans.DocumentsView, error) {
	d, err := s.loans.ReviewDocument(ctx, loanID, in, by)
	if err != nil {
		return nil, err
	}
	view, err := s.Documents(ctx, loanID)
	if err == nil && d.Review.Status == domain.ReviewRejected {
		s.tellRejected(ctx, loanID, d, view)
	}
	return view, err
}

// Download opens a stored document.
func (s *Service) Download(ctx context.Context, documentID string) (*loans.Download, error) {
	return s.loans.StaffDownload(ctx, documentID)
}

func (s *Service) loanAndApplicant(ctx context.Context, loanID string) (*domain.Applicant, *domain.Loan, error) {
	loan, err := s.store.FindLoan(ctx, loanID)
	if err != nil {
		return nil, nil, err
	}
	applicant, err := s.store.FindApplicantByID(ctx, loan.ApplicantID)
	if err != nil {
		return nil, nil, err
	}
	return applicant, loan, nil
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
