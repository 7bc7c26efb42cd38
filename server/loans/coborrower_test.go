package loans

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/heloc/heloc/schemas"
	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/schema"
	"github.com/heloc/heloc/server/servicetest"
	"github.com/heloc/heloc/server/store"
)

const coPage1 = `{"user":{"firstName":"Pat","lastName":"Prime","dateOfBirth":"1980-04-02","ssn":"123456789","citizenship":"usCitizen",` +
	`"maritalStatus":"married","militaryStatus":"none","phone":"4155550101","currentAddress":{"line1":"1 Main St","city":"Springfield","state":"IL","zip":"62701"},` +
	`"currentAddressSince":"2015-06-01","housing":"Own","formerAddresses":[]},` +
	`"coborrower":{"firstName":"Cora","lastName":"Prime","email":"cora@example.com"%s,"citizenship":"usCitizen","maritalStatus":"married","militaryStatus":"none",` +
	`"phone":"4155550102","currentAddress":{"line1":"1 Main St","city":"Springfield","state":"IL","zip":"62701"},"currentAddressSince":"2015-06-01","housing":"Own","formerAddresses":[]}}`

// The coborrower's parts are theirs: the borrower's session is refused
// them (403 naming the coborrower), the coborrower gives them in their own
// account once invited, each recorded as their act, and the submission's
// readiness facts say what they have given, on SQLite and PostgreSQL.
func TestTheCoborrowerGivesTheirOwnParts(t *testing.T) {
	set, err := schema.Load(schemas.FS)
	if err != nil {
		t.Fatal(err)
	}
	servicetest.ForEachDB(t, func(t *testing.T, db *store.DB, _ string) {
		ctx := context.Background()
		s := New(db, servicetest.Policies(), set, "", servicetest.Now).WithCoborrowers(db)
		borrower, loan := servicetest.LoanOf(t, db, "coborrower@example.com")
		page1 := func(extra string) error {
			_, err := s.Save(ctx, borrower, "/app/application/1", json.RawMessage(strings.Replace(coPage1, "%s", extra, 1)))
			return err
		}
		name := "Amara Okafor" // as the prequalification named her, until page 1 is saved
		forbidden := func(what string, err error) {
			t.Helper()
			if domain.ErrorCode(err) != domain.EFORBIDDEN || !strings.Contains(domain.ErrorMessage(err), name) {
				t.Fatalf("%s: got %v, want FORBIDDEN naming %s", what, err, name)
			}
		}
		forbidden("the coborrower's SSN", page1(`,"ssn":"987654321"`))
		forbidden("the coborrower's date of birth", page1(`,"dateOfBirth":"1982-07-15"`))
		// The coborrower signs in with an e-mail of their own: the
		// borrower's, in any case, is refused at its field.
		mine := strings.Replace(strings.Replace(coPage1, "cora@example.com", strings.ToUpper(borrower.Email), 1), "%s", "", 1)
		if _, err := s.Save(ctx, borrower, "/app/application/1", json.RawMessage(mine)); domain.ErrorCode(err) != domain.EINVALID ||
			len(domain.ErrorFields(err)) != 1 || domain.ErrorFields(err)[0].Path != "section.coborrower.email" {
			t.Fatalf("the borrower's own e-mail as the coborrower's: got %v, want it refused at section.coborrower.email", err)
		}
		if err := page1(""); err != nil {
			t.Fatalf("page 1 without them: %v", err)
		}
		name = "Cora Prime"
		if err := db.UpdateLoanStatus(ctx, loan.ID, "disclosures"); err != nil {
			t.Fatal(err)
		}
		_, err := s.Save(ctx, borrower, "/app/application/6", json.RawMessage(`{"user":{"wontInformEthinicity":true},"coborrower":{"wontInformEthinicity":true}}`))
		forbidden("the coborrower's demographics", err)
		if _, err := s.CoborrowerView(ctx, borrower); domain.ErrorCode(err) != domain.EFORBIDDEN {
			t.Fatalf("the borrower as coborrower: got %v, want FORBIDDEN", err)
		}

		status, err := s.InviteCoborrower(ctx, borrower, "https://heloc.example")
		if err != nil || status.InvitedAt == nil || !status.Waiting || status.Email != "cora@example.com" {
			t.Fatalf("got %+v, %v, want Cora invited and waited for", status, err)
		}
		bound, err := db.FindLoanCoborrower(ctx, loan.ID)
		if err != nil {
			t.Fatal(err)
		}
		co := bound.Applicant
		meta := SignMeta{IP: "198.51.100.7", UserAgent: "CoraPhone/1"}
		if _, err := s.CoborrowerAuthorize(ctx, co, CoborrowerAuthorization{DateOfBirth: "1982-07-15", CreditCheckAuthorization: true}, meta); domain.ErrorCode(err) != domain.EINVALID {
			t.Fatalf("without an SSN: got %v, want it asked for", err)
		}
		v, err := s.CoborrowerAuthorize(ctx, co, CoborrowerAuthorization{DateOfBirth: "1982-07-15", SSN: ptr("987654321"), CreditCheckAuthorization: true}, meta)
		if err != nil || !v.Done.CreditAuthorization || v.Done.Declarations || *v.SSN != "***-**-4321" {
			t.Fatalf("got %+v, %v, want the authorization given and the SSN masked", v, err)
		}

		_, app, err := s.Stored(ctx, borrower)
		if err != nil {
			t.Fatal(err)
		}
		loan.ApplicationStatus = "loanDisbursement" // as if every page before submission were saved
		facts, err := s.readinessFacts(ctx, loan, app)
		if err != nil {
			t.Fatal(err)
		}
		people := facts["people"].([]map[string]any)
		own := people[1]["ownAnswers"].(map[string]any)
		if people[1]["name"] != "Cora Prime" || own["creditAuthorization"] != true || own["declarations"] != false || own["demographics"] != false {
			t.Fatalf("got %+v, want the coborrower's own answers as facts", people[1])
		}
		var readiness Readiness
		if err := s.decideInto(ctx, ReadinessEntrypoint, facts, &readiness); err != nil {
			t.Fatal(err)
		}
		waiting := false
		for _, b := range readiness.Blockers {
			waiting = waiting || (b.Code == "COBORROWER_WAITING" && strings.Contains(b.Message, "their declarations"))
		}
		if readiness.Ready || !waiting {
			t.Fatalf("got %+v, want the submission to wait for Cora's declarations", readiness)
		}
		acts, err := db.ListLoanActs(ctx, loan.ID)
		if err != nil || len(acts) != 1 || acts[0].ApplicantID != co.ID || acts[0].IP != meta.IP || acts[0].Act != domain.ActCreditAuthorization {
			t.Fatalf("got %+v, %v, want Cora's authorization recorded as hers", acts, err)
		}
	})
}
