package app_test

import (
	"context"
	"testing"

	"github.com/heloc/heloc/fixtures"
	"github.com/heloc/heloc/schemas"
	"github.com/heloc/heloc/server/app"
	"github.com/heloc/heloc/server/conditions"
	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/mail"
	"github.com/heloc/heloc/server/portal"
	"github.com/heloc/heloc/server/providers"
	"github.com/heloc/heloc/server/schema"
	"github.com/heloc/heloc/server/servicetest"
)

// New makes every service, and the ones that act on a decision record it
// in the one decision log: a condition set from the catalogue leaves the
// catalogue recorded for the loan.
func TestNewWiresEveryServiceToTheDecisionLog(t *testing.T) {
	ctx := context.Background()
	keyring := servicetest.Keyring()
	db := servicetest.OpenDB(t, "sqlite")
	live := servicetest.Policies()
	set, err := schema.Load(schemas.FS)
	if err != nil {
		t.Fatal(err)
	}

	if _, err := app.New(app.Config{Mailer: mail.NewOutbox(0)}, db, live, set); err == nil {
		t.Fatal("got services without a keyring")
	}
	if _, err := app.New(app.Config{Keyring: keyring}, db, live, set); err == nil {
		t.Fatal("got services without a mailer")
	}
	if _, err := app.New(app.Config{Keyring: keyring, Mailer: mail.NewOutbox(0)}, db, live, set); err == nil {
		t.Fatal("got services without a credit bureau and a valuation model")
	}
	sandbox, err := providers.NewSandbox(fixtures.FS)
	if err != nil {
		t.Fatal(err)
	}
	svc, err := app.New(app.Config{ProductName: "HELOC", Keyring: keyring, Mailer: mail.NewOutbox(0), SessionSecret: []byte("a secret"),
		Credit: sandbox, Valuation: sandbox}, db, live, set)
	if err != nil {
		t.Fatal(err)
	}
	if svc.Accounts == nil || svc.Loans == nil || svc.Prequal == nil || svc.Portal == nil || svc.Conditions == nil || svc.Decisions == nil || svc.Exports == nil || svc.Recorder == nil {
		t.Fatalf("got %+v, want every service", svc)
	}

	a, err := db.FindApplicantByEmail(ctx, "prime@example.com")
	if err != nil {
		t.Fatal(err)
	}
	loan, err := db.FindLoanByApplicant(ctx, a.ID)
	if err != nil {
		t.Fatal(err)
	}
	staff := &domain.StaffUser{Email: "una@example.com", Role: "underwriter"}
	if err := db.CreateStaffUser(ctx, staff, domain.StaffCredentials{PasswordHash: "hash",
		SealTOTP: func(id string) (string, error) { return "sealed:" + id, nil }}); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Conditions.Add(ctx, staff, conditions.AddInput{LoanID: loan.ID, Code: "104"}); err != nil {
		t.Fatal(err)
	}
	if _, err := db.LatestDecision(ctx, loan.ID, "heloc.conditions.catalog"); err != nil {
		t.Fatalf("the catalogue is not recorded: %v", err)
	}
	page, err := svc.Decisions.List(ctx, loan.ID, "heloc.conditions.catalog", "")
	if err != nil {
		t.Fatal(err)
	}
	if len(page.Items) != 1 || page.Items[0].Title != "Condition catalogue" {
		t.Fatalf("got %+v, want the recorded catalogue listed", page.Items)
	}
	// The portal reads the loan service's funnel for its status words.
	view, err := svc.Portal.Pipeline(ctx, staff, false, portal.PipelineInput{})
	if err != nil {
		t.Fatal(err)
	}
	if len(view.Items) == 0 || view.Items[0].StatusLabel == "" || len(view.Statuses) == 0 {
		t.Fatalf("got %+v, want the pipeline with its statuses in words", view)
	}
}
