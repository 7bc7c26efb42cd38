package portal_test

import (
	"context"
	"slices"
	"testing"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/loans"
	"github.com/heloc/heloc/server/portal"
	"github.com/heloc/heloc/server/servicetest"
	"github.com/heloc/heloc/server/store"
)

// These tests call the portal service directly, over the real store (SQLite
// and PostgreSQL) with the demo borrowers and the real policies. Whether a
// user's role reaches every loan or only the loans assigned to them is the
// access policy's to say (server/web asks it); the service is told.

type fixture struct {
	db  *store.DB
	svc *portal.Service
	// The portal's users: an administrator, a loan officer, a partner
	// whose loans carry their tag.
	admin, officer, partner *domain.StaffUser
}

func forEachDB(t *testing.T, fn func(t *testing.T, f *fixture)) {
	servicetest.ForEachDB(t, func(t *testing.T, db *store.DB, _ string) {
		live := servicetest.Policies()
		f := &fixture{db: db, svc: portal.New(db, loans.New(db, live, nil, "", servicetest.Now), live, servicetest.Now)}
		f.admin = servicetest.Staff(t, db, &domain.StaffUser{Email: "ada@example.com", FirstName: "Ada", LastName: "Admin", Role: domain.RoleAdministrator})
		f.officer = servicetest.Staff(t, db, &domain.StaffUser{Email: "leo@example.com", FirstName: "Leo", LastName: "Officer", Role: "loanOfficer"})
		f.partner = servicetest.Staff(t, db, &domain.StaffUser{Email: "pam@example.com", FirstName: "Pam", LastName: "Partner", Role: "partner", LoanOfficerTag: "BROKER-7"})
		fn(t, f)
	})
}

// loanOf is the demo loan of the borrower with that e-mail.
func (f *fixture) loanOf(t *testing.T, email string) string {
	t.Helper()
	_, l := servicetest.LoanOf(t, f.db, email)
	return l.ID
}

func (f *fixture) pipeline(t *testing.T, u *domain.StaffUser, assignedOnly bool) *portal.PipelineView {
	t.Helper()
	v, err := f.svc.Pipeline(context.Background(), u, assignedOnly, portal.PipelineInput{Limit: portal.MaxPageSize})
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func loanIDs(v *portal.PipelineView) []string {
	ids := make([]string, len(v.Items))
	for i, r := range v.Items {
		ids[i] = r.LoanID
	}
	slices.Sort(ids)
	return ids
}

func ptr[T any](v T) *T { return &v }

// A user who sees only their assigned loans sees the loans they are the
// loan officer of, or that carry their partner tag, and no other; they are
// offered no loan-officer filter. An administrator sees every loan, each
// status in words, and the team members to filter by.
func TestAnAssignedOnlyUserSeesOnlyTheirLoans(t *testing.T) {
	forEachDB(t, func(t *testing.T, f *fixture) {
		ctx := context.Background()
		prime, thin := f.loanOf(t, "prime@example.com"), f.loanOf(t, "thin-file@example.com")

		if got := f.pipeline(t, f.officer, true); len(got.Items) != 0 {
			t.Fatalf("got %v before any assignment, want no loans", loanIDs(got))
		}
		if _, changed, err := f.svc.Assign(ctx, portal.AssignInput{LoanID: prime, LoanOfficerID: &f.officer.ID}); err != nil || !slices.Equal(changed, []string{"loanOfficer"}) {
			t.Fatalf("assign: got %v, %v; want the loan officer changed", changed, err)
		}
		if _, _, err := f.svc.Assign(ctx, portal.AssignInput{LoanID: thin, LoanOfficerTag: ptr("BROKER-7")}); err != nil {
			t.Fatal(err)
		}

		officer := f.pipeline(t, f.officer, true)
		if ids := loanIDs(officer); !slices.Equal(ids, []string{prime}) {
			t.Fatalf("the loan officer got %v, want only %s", ids, prime)
		}
		if len(officer.LoanOfficers) != 0 {
			t.Fatalf("the loan officer is offered %v to filter by, want none", officer.LoanOfficers)
		}
		partner := f.pipeline(t, f.partner, true)
		if ids := loanIDs(partner); !slices.Equal(ids, []string{thin}) {
			t.Fatalf("the partner got %v, want only %s", ids, thin)
		}

		all := f.pipeline(t, f.admin, false)
		if ids := loanIDs(all); len(ids) < 3 || !slices.Contains(ids, prime) || !slices.Contains(ids, thin) {
			t.Fatalf("the administrator got %v, want every demo loan", ids)
		}
		for _, r := range all.Items {
			if r.StatusLabel == "" {
				t.Fatalf("got %+v, want the status in words", r)
			}
		}
		if !slices.ContainsFunc(all.LoanOfficers, func(m domain.StaffRef) bool { return m.ID == f.officer.ID }) ||
			slices.ContainsFunc(all.LoanOfficers, func(m domain.StaffRef) bool { return m.ID == f.partner.ID }) {
			t.Fatalf("got team members %+v, want the loan officer and not the partner", all.LoanOfficers)
		}
	})
}

// Only a user whose role works loan files may be put on a loan's team: a
// partner is refused at the field, and the team is left as it was.
func TestOnlyATeamMemberIsAssigned(t *testing.T) {
	forEachDB(t, func(t *testing.T, f *fixture) {
		ctx := context.Background()
		prime := f.loanOf(t, "prime@example.com")
		_, _, err := f.svc.Assign(ctx, portal.AssignInput{LoanID: prime, LoanOfficerID: &f.partner.ID})
		if fields := domain.ErrorFields(err); len(fields) != 1 || fields[0].Path != "loanOfficerId" {
			t.Fatalf("got %v, want the loan officer field refused", err)
		}
		team, err := f.db.FindLoanTeam(ctx, prime)
		if err != nil {
			t.Fatal(err)
		}
		if team.LoanOfficerID != "" {
			t.Fatalf("got loan officer %q, want none", team.LoanOfficerID)
		}
	})
}

// A note is kept as written, trimmed, with its author; an empty one is
// refused.
func TestANoteIsKeptWithItsAuthor(t *testing.T) {
	forEachDB(t, func(t *testing.T, f *fixture) {
		ctx := context.Background()
		prime := f.loanOf(t, "prime@example.com")
		if _, err := f.svc.AddNote(ctx, f.officer, portal.AddNoteInput{LoanID: prime, Body: "  \n "}); len(domain.ErrorFields(err)) != 1 {
			t.Fatalf("got %v, want the empty note refused", err)
		}
		if _, err := f.svc.AddNote(ctx, f.officer, portal.AddNoteInput{LoanID: prime, Body: "  Called the borrower about the appraisal.\n"}); err != nil {
			t.Fatal(err)
		}
		v, err := f.svc.Notes(ctx, prime)
		if err != nil {
			t.Fatal(err)
		}
		if len(v.Notes) != 1 || v.Notes[0].Body != "Called the borrower about the appraisal." || v.Notes[0].Author.Email != f.officer.Email {
			t.Fatalf("got %+v, want the one note, trimmed, by the loan officer", v.Notes)
		}
	})
}
