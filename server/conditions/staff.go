package conditions

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/heloc/heloc/server/domain"
)

// What portal users do with a loan's conditions: read them with the
// catalogue (data.heloc.conditions.catalog) they are set from, set one by
// its code, and clear or waive it.

// catalogEntrypoint is the condition catalogue (policy contract).
const catalogEntrypoint = "heloc.conditions.catalog"

// CatalogEntry is one condition of the catalogue, as the portal offers it.
type CatalogEntry struct {
	Code         string  `json:"code"`
	Kind         string  `json:"kind"`
	Label        string  `json:"label"`
	DocumentType *string `json:"documentType"`
	Count        int     `json:"count"`
}

// AddInput is portal.addCondition's input (#AddConditionInput).
type AddInput struct {
	LoanID string `json:"loanId"`
	Code   string `json:"code"`
	Party  string `json:"party"`
	Note   string `json:"note"`
}

// ResolveInput is portal.clearCondition's input (#ClearConditionInput).
type ResolveInput struct {
	LoanID      string `json:"loanId"`
	ConditionID string `json:"conditionId"`
	Outcome     string `json:"outcome"`
	Note        string `json:"note"`
}

// Catalog is the condition catalogue by code.
func (s *Service) Catalog(ctx context.Context) ([]CatalogEntry, error) {
	return s.catalog(ctx, "")
}

// catalog is Catalog, recorded for the loan when loanID is set (a
// condition is being set on it from the catalogue).
func (s *Service) catalog(ctx context.Context, loanID string) ([]CatalogEntry, error) {
	var out any
	var err error
	if loanID != "" && s.recorder != nil {
		out, err = s.recorder.Record(ctx, catalogEntrypoint, loanID, nil)
	} else {
		out, err = s.policy.Decide(ctx, catalogEntrypoint, nil)
	}
	if err != nil {
		return nil, err
	}
	raw, err := json.Marshal(out)
	if err != nil {
		return nil, err
	}
	var byCode map[string]struct {
		Kind         string `json:"kind"`
		Label        string `json:"label"`
		DocumentType string `json:"documentType"`
		Count        int    `json:"count"`
	}
	if err := json.Unmarshal(raw, &byCode); err != nil {
		return nil, fmt.Errorf("conditions: the catalogue: %w", err)
	}
	list := make([]CatalogEntry, 0, len(byCode))
	for code, row := range byCode {
		e := CatalogEntry{Code: code, Kind: row.Kind, Label: row.Label}
		if row.Kind == domain.ConditionDocument {
			t := row.DocumentType
			e.DocumentType, e.Count = &t, max(row.Count, 1)
		}
		list = append(list, e)
	}
	sort.Slice(list, func(i, j int) bool { return list[i].Code < list[j].Code })
	return list, nil
}

// ForLoan is the loan's conditions with the catalogue, for a portal user the
// caller has let read the loan; canManage is what the caller found the user
// may do.
func (s *Service) ForLoan(ctx context.Context, loanID string, canManage bool) (*LoanConditions, error) {
	loan, err := s.store.FindLoan(ctx, loanID)
	if err != nil {
		return nil, err
	}
	conds, err := s.store.ListConditions(ctx, loan.ID)
	if err != nil {
		return nil, err
	}
	docs, err := s.store.ListDocuments(ctx, loan.ID)
	if err != nil {
		return nil, err
	}
	catalog, err := s.Catalog(ctx)
	if err != nil {
		return nil, err
	}
	closed, err := s.closed(ctx, loan.ID)
	if err != nil {
		return nil, err
	}
	out := &LoanConditions{LoanID: loan.ID, CanManage: canManage, HasCoborrower: hasCoborrower(loan), Closed: closed,
		Conditions: make([]Condition, 0, len(conds)), Catalog: catalog}
	for _, c := range conds {
		v, err := portalView(c, docs)
		if err != nil {
			return nil, err
		}
		out.Conditions = append(out.Conditions, *v)
	}
	return out, nil
}

// closed says whether the loan's credit decision closed the application
// (WithClosedCheck); false without the check.
func (s *Service) closed(ctx context.Context, loanID string) (bool, error) {
	if s.closedCheck == nil {
		return false, nil
	}
	return s.closedCheck(ctx, loanID)
}

// Add sets a condition of the catalogue on the loan on behalf of by. A
// closed application (closed) is ECONFLICT. An
// e-mail condition's message goes to the person it asks at once; when the
// loan's people were sent mailsPerLoanPerHour condition e-mails within the
// hour, an e-mail condition is not set (ETOOMANY, with when to try again).
// Field errors name code or party.
func (s *Service) Add(ctx context.Context, by *domain.StaffUser, in AddInput) (*Condition, error) {
	loan, err := s.store.FindLoan(ctx, in.LoanID)
	if err != nil {
		return nil, err
	}
	if closed, err := s.closed(ctx, loan.ID); err != nil {
		return nil, err
	} else if closed {
		return nil, domain.Errorf(domain.ECONFLICT, "This application is closed: no condition is added to it.")
	}
	catalog, err := s.catalog(ctx, loan.ID)
	if err != nil {
		return nil, err
	}
	i := sort.Search(len(catalog), func(i int) bool { return catalog[i].Code >= in.Code })
	if i == len(catalog) || catalog[i].Code != in.Code {
		return nil, domain.InvalidField("code", "Choose a condition from the list.")
	}
	entry := catalog[i]
	party := in.Party
	if party == "" {
		party = "borrower"
	}
	if party == "coborrower" && !hasCoborrower(loan) {
		return nil, domain.InvalidField("party", "This application has no coborrower.")
	}
	c := &domain.Condition{LoanID: loan.ID, Code: entry.Code, Kind: entry.Kind, Label: entry.Label, Party: party,
		Note: strings.TrimSpace(in.Note), AddedBy: domain.StaffRef{ID: by.ID}}
	if entry.DocumentType != nil {
		c.DocumentType, c.DocumentCount = *entry.DocumentType, entry.Count
	}
	if entry.Kind != domain.ConditionEmail {
		if err := s.store.AddCondition(ctx, c); err != nil {
			return nil, err
		}
		stored, err := s.find(ctx, loan.ID, c.ID)
		if err != nil {
			return nil, err
		}
		s.tellRequested(ctx, loan, stored)
		return portalView(stored, nil)
	}
	// The address is checked before anything is stored: a condition whose
	// e-mail cannot go is not set.
	to, err := s.recipient(ctx, loan, party)
	if err != nil {
		return nil, err
	}
	// The condition is stored with its first e-mail claimed, or not at
	// all. Beyond the loan's hourly limit the add is refused (ETOOMANY,
	// with when to try again) rather than storing the condition with its
	// e-mail held back: an e-mail condition asks the borrower only through
	// its e-mail, and one stored unsent would read "Waiting for the
	// borrower" on the loan page and on the borrower's list while the
	// borrower was never asked, until someone thought to send it. The add
	// form shows the refusal and keeps what the user chose and wrote.
	claim, err := s.store.AddEmailCondition(ctx, c, mailLimits)
	if err != nil {
		return nil, err
	}
	if !claim.Claimed {
		return nil, tooManyMails(claim.RetryAfter, "Add this condition again")
	}
	stored, err := s.deliver(ctx, to, claim)
	if err != nil {
		return nil, err
	}
	return portalView(stored, nil)
}

// Resolve clears or waives the loan's condition on behalf of by; a
// condition cleared or waived already is a conflict.
func (s *Service) Resolve(ctx context.Context, by *domain.StaffUser, in ResolveInput) (*Condition, error) {
	status := map[string]string{"cleared": domain.ConditionCleared, "waived": domain.ConditionWaived}[in.Outcome]
	if status == "" {
		return nil, domain.InvalidField("outcome", "Choose whether the condition is cleared or waived.")
	}
	c, err := s.store.ResolveCondition(ctx, in.LoanID, in.ConditionID, status, by.ID, strings.TrimSpace(in.Note), func(c *domain.Condition) error {
		if c.Status != domain.ConditionOpen {
			return domain.Errorf(domain.ECONFLICT, "This condition was %s already.", c.Status)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	docs, err := s.store.ListDocuments(ctx, in.LoanID)
	if err != nil {
		return nil, err
	}
	return portalView(c, docs)
}
