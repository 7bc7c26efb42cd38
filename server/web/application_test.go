package web_test

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/web"
)

type applicationView struct {
	Application       domain.Application `json:"application"`
	ApplicationStatus string             `json:"applicationStatus"`
	ReadOnly          bool               `json:"readOnly"`
	HasCoborrower     bool               `json:"hasCoborrower"`
}

// propertyInfo is a valid page 2.
const propertyInfo = `{"property":{"address":{"line1":"9 Elm","city":"Springfield","state":"IL","zip":"62701"},"type":"singleFamily","units":"1","usage":"primaryResidence",` +
	`"titleHolding":"soleOwnership","hoaMonthly":0,"monthlyTaxes":310.5,"monthlyInsurance":95,"taxIncludedInMonthlyPayment":true,"insuranceIncludedInMonthlyPayment":true},"isInTrust":false}`

// reach sets the loan of email at status, as if its pages up to that
// step had been saved: a test of a later page starts there.
func reach(t testing.TB, s *testServer, email, status string) {
	t.Helper()
	if err := s.DB.UpdateLoanStatus(context.Background(), loanOf(t, s, email).ID, status); err != nil {
		t.Fatal(err)
	}
}

const personalInfo = `{"firstName":"Pat","lastName":"Prime","dateOfBirth":"1980-04-02","ssn":"123456789",` +
	`"citizenship":"usCitizen","maritalStatus":"married","militaryStatus":"none","phone":"4155550101",` +
	`"currentAddress":{"line1":"1 Main St","city":"Springfield","state":"IL","zip":"62701"},"currentAddressSince":"2015-06-01","housing":"Own","formerAddresses":[]}`

func saveSection(b *browser, path, section string) (int, wireResult) {
	b.t.Helper()
	resp, res := b.trpc("POST", "application.save", `{"path":"`+path+`","section":`+section+`}`)
	return resp.StatusCode, res
}

func applicationOf(t *testing.T, b *browser) applicationView {
	t.Helper()
	resp, res := b.trpc("GET", "application.get", "")
	if resp.StatusCode != 200 {
		t.Fatalf("application.get: got %d %+v", resp.StatusCode, res.Error)
	}
	return decode[applicationView](t, res.Result.Data)
}

func TestApplicationSave(t *testing.T) {
	s := MustOpenServer(t, web.Config{Now: func() time.Time { return time.Date(2026, 11, 22, 15, 0, 0, 0, time.UTC) }})
	b := s.browser(t)
	b.signIn("prime@example.com") // seeded at application3

	t.Run("a new application starts from the prequalification", func(t *testing.T) {
		got := applicationOf(t, b)
		if *got.Application.User.Email != "prime@example.com" || got.Application.Property.State == nil || got.ApplicationStatus != "application3" || got.ReadOnly {
			t.Fatalf("got %+v, want the applicant's e-mail, the property's state and the loan's status", got)
		}
	})
	t.Run("a bad field is named at section.<path> and nothing moves", func(t *testing.T) {
		for _, tc := range []struct{ path, section, field string }{
			{"/app/application/1", `{"user":` + strings.Replace(personalInfo, `"123456789"`, `"123-45-6789"`, 1) + `}`, "section.user.ssn"},
			{"/app/application/1", `{"user":` + strings.Replace(personalInfo, `"2015-06-01"`, `"2026-01-01"`, 1) + `}`, "section.user.currentAddressSince"},
			{"/app/application/1", `{"user":` + strings.Replace(personalInfo, `"1980-04-02"`, `"1900-01-01"`, 1) + `}`, "section.user.dateOfBirth"},
			{"/app/application/1", `{"user":` + strings.Replace(personalInfo, `"1980-04-02"`, `"2012-04-02"`, 1) + `}`, "section.user.dateOfBirth"},
			{"/app/application/1", `{"user":` + strings.Replace(strings.Replace(personalInfo, `"2015-06-01"`, `"2025-06-01"`, 1), `"formerAddresses":[]`,
				`"formerAddresses":[{"address":{"line1":"2 Oak St","city":"Springfield","state":"IL","zip":"62701"},"housing":"Rent","movedIn":"2015-01-01","movedOut":"2027-01-01"}]`, 1) + `}`,
				"section.user.formerAddresses.0.movedOut"},
			{"/app/application/1", `{"user":{"firstName":"Pat"}}`, "section.user.lastName"},
			{"/app/application/2", `{"property":{},"isInTrust":false}`, "section.property.type"},
			{"/app/application/4/coborrower", `{"employments":[],"employmentGaps":[]}`, "section"},
		} {
			code, res := saveSection(b, tc.path, tc.section)
			if code != 400 || res.Error == nil || !hasField(res.Error.Data.Fields, tc.field) {
				t.Errorf("%s %s: got %d %+v, want 400 naming %s", tc.path, tc.section, code, res.Error, tc.field)
			}
		}
		if code, res := saveSection(b, "/app/initial-setup/zip", `{}`); code != 400 || !hasField(res.Error.Data.Fields, "path") {
			t.Errorf("got %d %+v, want a page that saves no section refused", code, res.Error)
		}
		if got := applicationOf(t, b); got.ApplicationStatus != "application3" || got.Application.User.SSN != nil {
			t.Fatalf("got %+v, want nothing saved", got)
		}
	})
	t.Run("a valid save is kept, the SSN sealed and masked, the status forward only", func(t *testing.T) {
		code, res := saveSection(b, "/app/application/1", `{"user":`+personalInfo+`}`)
		if code != 200 {
			t.Fatalf("got %d %+v", code, res.Error)
		}
		got := decode[applicationView](t, res.Result.Data)
		if *got.Application.User.SSN != "***-**-6789" || *got.Application.User.DateOfBirth != "1980-04-02" || got.ApplicationStatus != "application3" {
			t.Fatalf("got %+v, want the SSN masked and the status kept (page 1 comes before)", got.Application.User)
		}
		// The store's tests read the sealed row; here: without the keyring
		// the application does not open.
		loan := loanOf(t, s, "prime@example.com")
		sealer := s.DB.Sealer
		s.DB.Sealer = nil
		_, err := s.DB.FindApplication(context.Background(), loan.ID)
		s.DB.Sealer = sealer
		if err == nil {
			t.Fatal("got the application opened without the keyring, want it sealed")
		}
		// Saved again without the SSN (the form never holds it): kept.
		without := strings.Replace(personalInfo, `"ssn":"123456789",`, ``, 1)
		if code, res := saveSection(b, "/app/application/1", `{"user":`+strings.Replace(without, "Pat", "Patricia", 1)+`}`); code != 200 {
			t.Fatalf("got %d %+v", code, res.Error)
		}
		if got := applicationOf(t, b); *got.Application.User.SSN != "***-**-6789" || *got.Application.User.FirstName != "Patricia" {
			t.Fatalf("got %+v, want the SSN kept and the name changed", got.Application.User)
		}
		// A page after the one being filled in is not open yet.
		if code, res := saveSection(b, "/app/application/3", `{"propertyOwnerships":[]}`); code != 403 || res.Error == nil {
			t.Fatalf("got %d, want 403: page 3 opens once page 2 is saved", code)
		}
		// The home's state is its ZIP code's, as the licensing policy's
		// lookup says (the decisions at submission read it): another
		// state, or a ZIP code of no state, is refused at its field and
		// nothing is saved.
		for _, tc := range []struct{ address, field, want string }{
			{`"state":"NY","zip":"62701"`, "section.property.address.state", "ZIP code 62701 is in Illinois: enter IL, or check the ZIP code."},
			{`"state":"IL","zip":"00001"`, "section.property.address.zip", "We don’t know the ZIP code 00001. Check the ZIP code."},
		} {
			wrong := strings.Replace(propertyInfo, `"state":"IL","zip":"62701"`, tc.address, 1)
			if code, res := saveSection(b, "/app/application/2", wrong); code != 400 || fieldMessage(res, tc.field) != tc.want {
				t.Fatalf("got %d %+v, want %q at %s", code, res.Error, tc.want, tc.field)
			}
		}
		if got := applicationOf(t, b); got.Application.Property.Type != nil || got.ApplicationStatus != "application3" {
			t.Fatalf("got type %v at %s, want nothing of page 2 saved", got.Application.Property.Type, got.ApplicationStatus)
		}
		if code, res := saveSection(b, "/app/application/2", propertyInfo); code != 200 || decode[applicationView](t, res.Result.Data).ApplicationStatus != "application4" {
			t.Fatalf("got %d %+v, want the status moved on to application4 (page 3)", code, res.Error)
		}
		// Another property's address is where its ZIP code says, as the home's is.
		rental := `{"propertyOwnerships":[{"address":{"line1":"5 Oak St","city":"Peoria","state":"WI","zip":"61602"},"type":"singleFamily","usage":"investment","value":250000,"mortgages":[]}]}`
		if code, res := saveSection(b, "/app/application/3", rental); code != 400 ||
			fieldMessage(res, "section.propertyOwnerships.0.address.state") != "ZIP code 61602 is in Illinois: enter IL, or check the ZIP code." {
			t.Fatalf("got %d %+v, want the rental's state refused at its field", code, res.Error)
		}
		code, res = saveSection(b, "/app/application/3", `{"propertyOwnerships":[]}`)
		if code != 200 || decode[applicationView](t, res.Result.Data).ApplicationStatus != "application5" {
			t.Fatalf("got %d %s, want the status moved on to application5, the step of the page it leads to (employment history)", code, res.Result.Data)
		}
	})
	t.Run("another applicant neither reads nor changes this application", func(t *testing.T) {
		other := s.browser(t)
		other.signIn("thin-file@example.com")
		if got := applicationOf(t, other); got.Application.User.SSN != nil || *got.Application.User.Email != "thin-file@example.com" {
			t.Fatalf("got %+v, want thin-file's own, empty application", got.Application.User)
		}
		anon := s.browser(t)
		if resp, _ := anon.trpc("GET", "application.get", ""); resp.StatusCode != 401 {
			t.Fatalf("got %d, want 401 without a session", resp.StatusCode)
		}
		if code, _ := saveSection(anon, "/app/application/3", `{"propertyOwnerships":[]}`); code != 401 {
			t.Fatalf("got %d, want 401 without a session", code)
		}
	})
	t.Run("drafts round-trip per page and are sealed", func(t *testing.T) {
		if resp, res := b.trpc("GET", "application.draft", `{"path":"/app/application/2"}`); resp.StatusCode != 200 || string(res.Result.Data) != `{"draft":null,"savedAt":null}` {
			t.Fatalf("got %d %s, want no draft", resp.StatusCode, res.Result.Data)
		}
		draft := `{"property":{"hoaMonthly":"4711","address":{"line1":"9 Elm"}}}`
		if resp, res := b.trpc("POST", "application.saveDraft", `{"path":"/app/application/2","draft":`+draft+`}`); resp.StatusCode != 200 {
			t.Fatalf("got %d %+v", resp.StatusCode, res.Error)
		}
		_, res := b.trpc("GET", "application.draft", `{"path":"/app/application/2"}`)
		got := decode[struct {
			Draft   json.RawMessage `json:"draft"`
			SavedAt *string         `json:"savedAt"`
		}](t, res.Result.Data)
		if !sameJSON(t, got.Draft, draft) || got.SavedAt == nil {
			t.Fatalf("got %s, want the draft back", res.Result.Data)
		}
		if resp, _ := b.trpc("POST", "application.saveDraft", `{"path":"/app/application/2","draft":{"x":"`+strings.Repeat("a", 2001)+`"}}`); resp.StatusCode != 400 {
			t.Fatalf("got %d, want a too-long string refused", resp.StatusCode)
		}
		if resp, _ := b.trpc("POST", "application.saveDraft", `{"path":"/app/application/2","draft":{"x":"`+strings.Repeat("a", 70<<10)+`"}}`); resp.StatusCode != 400 {
			t.Fatalf("got %d, want a draft over 64 KiB refused", resp.StatusCode)
		}
		loan := loanOf(t, s, "prime@example.com")
		sealer := s.DB.Sealer
		s.DB.Sealer = nil
		_, err := s.DB.FindApplicationDraft(context.Background(), loan.ID, "/app/application/2")
		s.DB.Sealer = sealer
		if err == nil {
			t.Fatal("got the draft opened without the keyring, want it sealed")
		}
		other := s.browser(t)
		other.signIn("thin-file@example.com")
		if _, res := other.trpc("GET", "application.draft", `{"path":"/app/application/2"}`); string(res.Result.Data) != `{"draft":null,"savedAt":null}` {
			t.Fatalf("got %s, want another applicant to see no draft", res.Result.Data)
		}
		if code, res := saveSection(b, "/app/application/2", propertyInfo); code != 200 {
			t.Fatalf("got %d %+v", code, res.Error)
		}
		if _, res := b.trpc("GET", "application.draft", `{"path":"/app/application/2"}`); string(res.Result.Data) != `{"draft":null,"savedAt":null}` {
			t.Fatalf("got %s, want the draft deleted by the save", res.Result.Data)
		}
	})
	t.Run("employment gaps come from the saved employments", func(t *testing.T) {
		section := `{"employments":[{"startDate":"2023-01-01","endDate":"2024-12-31","employerName":"A"},{"startDate":"2025-03-01","endDate":null,"employerName":"B"}],` +
			`"employmentGaps":[{"from":"2024-12-31","to":"2025-03-01","explanation":"Moved house"}]}`
		if code, res := saveSection(b, "/app/application/4", section); code != 200 {
			t.Fatalf("got %d %+v", code, res.Error)
		}
		_, res := b.trpc("GET", "application.employment", `{"party":"borrower"}`)
		got := decode[domain.EmploymentHistory](t, res.Result.Data)
		if len(got.Gaps) != 1 || got.Gaps[0].Days != 60 || got.Gaps[0].Explanation == nil || *got.Gaps[0].Explanation != "Moved house" || *got.NextStartDate != "2025-01-01" {
			t.Fatalf("got %s, want the 60-day gap with its explanation and nextStartDate 2025-01-01", res.Result.Data)
		}
		if resp, _ := b.trpc("GET", "application.employment", `{"party":"coborrower"}`); resp.StatusCode != 400 {
			t.Fatalf("got %d, want 400: this loan has no coborrower", resp.StatusCode)
		}
		// The gaps asked about are recorded for the loan with their input.
		d, err := s.DB.LatestDecision(context.Background(), loanOf(t, s, "prime@example.com").ID, "heloc.employment.history")
		if err != nil || d.Revision == "" || !strings.Contains(string(d.Input), `"employerName":"B"`) || !strings.Contains(string(d.Input), `"today":"2026-11-22"`) ||
			!strings.Contains(string(d.Result), `"days":60`) {
			t.Fatalf("got %+v, %v, want the employment history recorded with its input and revision", d, err)
		}
	})
	t.Run("nothing is saved after submission", func(t *testing.T) {
		loan := loanOf(t, s, "prime@example.com")
		if err := s.DB.UpdateLoanStatus(context.Background(), loan.ID, "applicationSubmitted"); err != nil {
			t.Fatal(err)
		}
		if code, _ := saveSection(b, "/app/application/3", `{"propertyOwnerships":[]}`); code != 403 {
			t.Fatalf("got %d, want 403", code)
		}
		if resp, _ := b.trpc("POST", "application.saveDraft", `{"path":"/app/application/3","draft":{}}`); resp.StatusCode != 403 {
			t.Fatalf("got %d, want 403", resp.StatusCode)
		}
		if got := applicationOf(t, b); !got.ReadOnly || got.ApplicationStatus != "applicationSubmitted" {
			t.Fatalf("got %+v, want read-only", got)
		}
	})
}

func TestApplicationWithACoborrower(t *testing.T) {
	s := MustOpenServer(t, web.Config{Now: func() time.Time { return time.Date(2026, 11, 22, 15, 0, 0, 0, time.UTC) }})
	b := s.browser(t)
	b.signIn("coborrower@example.com")
	got := applicationOf(t, b)
	if !got.HasCoborrower || got.Application.Coborrower == nil || got.Application.Coborrower.Email == nil {
		t.Fatalf("got %+v, want the coborrower from the prequalification", got)
	}
	if code, res := saveSection(b, "/app/application/1", `{"user":`+personalInfo+`}`); code != 400 || !hasField(res.Error.Data.Fields, "section.coborrower") {
		t.Fatalf("got %d %+v, want the coborrower's part asked for", code, res.Error)
	}
	co := coPersonalInfo("Cora", `"email":"cora@example.com"`)
	if code, res := saveSection(b, "/app/application/1", `{"user":`+personalInfo+`,"coborrower":`+co+`}`); code != 200 {
		t.Fatalf("got %d %+v", code, res.Error)
	}
	authorizeAs(t, inviteCoborrower(t, s, b, "cora@example.com"), "987654321") // her SSN is hers to give
	reach(t, s, "coborrower@example.com", "manualIncomeVerification")          // the pages up to other income saved
	if code, res := saveSection(b, "/app/application/other-income/coborrower", `{"incomeSources":[{"type":"pension","label":"Pension","otherValue":1500}]}`); code != 200 {
		t.Fatalf("got %d %+v", code, res.Error)
	}
	got = applicationOf(t, b)
	if *got.Application.Coborrower.SSN != "***-**-4321" || len(got.Application.Coborrower.IncomeSources) != 1 || len(got.Application.User.IncomeSources) != 0 {
		t.Fatalf("got %+v, want the coborrower's SSN masked and the income on their side", got.Application.Coborrower)
	}
}

func hasField(fields []domain.FieldError, path string) bool {
	for _, f := range fields {
		if f.Path == path {
			return true
		}
	}
	return false
}

func sameJSON(t *testing.T, a json.RawMessage, b string) bool {
	t.Helper()
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal([]byte(b), &y) != nil {
		return false
	}
	return reflect.DeepEqual(x, y)
}

// A borrower who gave their home's address and lives in it starts page 1
// at that address, their current address (URLA section 1a), which they own,
// to change if it is wrong; the address of a second home is not where they live. (The
// /prequal path, which asks the address and not the home's use, is walked
// in webapp/e2e/prequal-path.spec.ts.)
func TestANewApplicationStartsAtTheHomeTheBorrowerLivesIn(t *testing.T) {
	for usage, lives := range map[string]bool{"primaryResidence": true, "secondHome": false} {
		t.Run(usage, func(t *testing.T) {
			s := MustOpenServer(t, web.Config{Now: func() time.Time { return quoteDay }})
			b := s.browser(t)
			b.signIn("thin-file@example.com") // seeded at creditScore, no application yet
			moveTo(b, "455 Valencia Street")
			if resp, res := saveAt(b, "/app/initial-setup/property-usage", `{"propertyUsage":"`+usage+`"}`); resp.StatusCode != 200 {
				t.Fatalf("got %d %+v", resp.StatusCode, res.Error)
			}
			creditCheck(t, b, "borrower", "123450004")
			got := applicationOf(t, b).Application
			if got.Property.Address == nil || got.Property.Address.Line1 != "455 Valencia Street" {
				t.Fatalf("got property address %+v, want the one given", got.Property.Address)
			}
			at := got.User.CurrentAddress
			if lives && (at == nil || *at != *got.Property.Address || got.User.Housing == nil || *got.User.Housing != "Own") {
				t.Fatalf("got current address %+v, housing %v, want the home they live in and own", at, got.User.Housing)
			}
			if !lives && (at != nil || got.User.Housing != nil) {
				t.Fatalf("got current address %+v, housing %v, want neither for a second home", at, got.User.Housing)
			}
		})
	}
}

// A new application carries forward what the borrower told us before it
// (issue 22: each fact asked once): the date of birth and SSN given at the
// credit check (the SSN masked, as every SSN the borrower is shown), the ZIP
// code, and the declarations the prequalification's answers settle, as the
// rules decide them.
func TestANewApplicationCarriesForwardWhatWasToldBefore(t *testing.T) {
	s := MustOpenServer(t, web.Config{Now: func() time.Time { return quoteDay }})
	b := s.browser(t)
	b.signIn("thin-file@example.com") // seeded at creditScore, no application yet
	if resp, res := saveAt(b, "/app/initial-setup/has-fbm", `{"fbm":{"foreclosure":false,"bankruptcy":false,"modification":true}}`); resp.StatusCode != 200 {
		t.Fatalf("got %d %+v", resp.StatusCode, res.Error)
	}
	if resp, res := saveAt(b, "/app/initial-setup/property-usage", `{"propertyUsage":"secondHome"}`); resp.StatusCode != 200 {
		t.Fatalf("got %d %+v", resp.StatusCode, res.Error)
	}
	creditCheck(t, b, "borrower", "123450004")
	got := applicationOf(t, b).Application
	u := got.User
	if u.DateOfBirth == nil || *u.DateOfBirth != "1980-04-12" || u.SSN == nil || *u.SSN != "***-**-0004" {
		t.Fatalf("got date of birth %v and SSN %v, want the credit check's, the SSN masked", u.DateOfBirth, u.SSN)
	}
	if got.Property.Zip == nil || *got.Property.Zip == "" || got.Property.Address != nil {
		t.Fatalf("got ZIP %v and address %+v, want the ZIP code asked before and no address yet", got.Property.Zip, got.Property.Address)
	}
	// The rules settle the declarations (heloc.declarations.carried): the
	// use of the home answers whether they live in it; the has-fbm page's
	// No's prove the 7-year declarations only when the page looks back as
	// far (it asks about 4 years as the tables ship), else those are asked.
	_, res := b.trpc("GET", "prequal.questions", "")
	years := decode[struct{ FbmYears int }](t, res.Result.Data).FbmYears
	d := u.Declarations
	if d == nil || d.HasIntentToOccupy == nil || *d.HasIntentToOccupy || d.IsPartyToLawsuit != nil {
		t.Fatalf("got %+v, want no intent to occupy a second home and no other question answered", d)
	}
	if carried := d.HasForeclosure != nil && !*d.HasForeclosure; carried != (years >= 7) || (d.HasForeclosure == nil) != (years < 7) {
		t.Fatalf("got foreclosure %v with a %d-year question, want a No carried only from a question of 7 years or more", d.HasForeclosure, years)
	}
}

// A home the rules do not lend on (a type the property table lists, more
// units than it allows) is refused on page 2, the page that asks, in the
// property rule's words at the field "decision" as a submission's decline
// is, with its notice stored; nothing of the page is saved, and a home they
// lend on goes on (rules/heloc/eligibility property stage).
func TestPage2RefusesAHomeTheRulesDoNotLendOn(t *testing.T) {
	s := MustOpenServer(t, web.Config{Now: func() time.Time { return time.Date(2026, 11, 22, 15, 0, 0, 0, time.UTC) }})
	b := s.browser(t)
	b.signIn("prime@example.com") // seeded at application3
	if code, res := saveSection(b, "/app/application/1", `{"user":`+personalInfo+`}`); code != 200 {
		t.Fatalf("page 1: got %d %+v", code, res.Error)
	}
	creditCheck(t, b, "borrower", "123450001") // the soft pull
	// The preview offer the borrower chose.
	offer := `{"eligible":true,"maxLine":100000,"minLine":25000,"originationFee":1000,"apr":8.25,"cltv":0.7}`
	if _, err := s.DB.CreateDecision(context.Background(), "heloc.offer.preview", loanOf(t, s, "prime@example.com").ID, []byte(`{}`), []byte(offer), "test"); err != nil {
		t.Fatal(err)
	}
	for _, home := range []string{`"type":"manufactured","units":"1"`, `"type":"multiUnit","units":"5+"`} {
		page2 := strings.Replace(propertyInfo, `"type":"singleFamily","units":"1"`, home, 1)
		code, res := saveSection(b, "/app/application/2", page2)
		if msg := fieldMessage(res, "decision"); code != 400 || msg != "We do not offer home equity lines of credit on this type of property." {
			t.Fatalf("%s: got %d %+v, want the property rule's refusal at decision", home, code, res.Error)
		}
		if got := applicationOf(t, b); got.Application.Property.Type != nil || got.ApplicationStatus != "application3" {
			t.Fatalf("%s: got type %v at %s, want nothing of page 2 saved", home, got.Application.Property.Type, got.ApplicationStatus)
		}
	}
	_, res := b.trpc("GET", "prequal.adverseAction", "")
	notice := decode[struct {
		ReasonCodes []string `json:"reasonCodes"`
		Reasons     []string `json:"reasons"`
	}](t, res.Result.Data)
	if len(notice.ReasonCodes) != 1 || notice.ReasonCodes[0] != "PROPERTY_TYPE_NOT_ELIGIBLE" || !strings.Contains(notice.Reasons[0], "more than 4 dwelling units") {
		t.Fatalf("got %s, want the refusal's notice stored, naming what is not lent on", res.Result.Data)
	}
	if code, res := saveSection(b, "/app/application/2", propertyInfo); code != 200 || decode[applicationView](t, res.Result.Data).ApplicationStatus != "application4" {
		t.Fatalf("got %d %+v, want a single-family home saved", code, res.Error)
	}
}

// Page 1's addresses are where their ZIP codes say, as page 2's is: a
// current, mailing or former address in another state than its ZIP code's
// is refused at its state, in the licensing policy's words.
func TestPage1RefusesAnAddressInAnotherStateThanItsZipCode(t *testing.T) {
	s := MustOpenServer(t, web.Config{Now: func() time.Time { return time.Date(2026, 11, 22, 15, 0, 0, 0, time.UTC) }})
	b := s.browser(t)
	b.signIn("prime@example.com")
	const want = "ZIP code 62701 is in Illinois: enter IL, or check the ZIP code."
	current := strings.Replace(personalInfo, `"state":"IL","zip":"62701"`, `"state":"WI","zip":"62701"`, 1)
	mailing := strings.Replace(personalInfo, `"formerAddresses":[]`, `"formerAddresses":[],"mailingAddress":{"line1":"PO Box 9","city":"Springfield","state":"MO","zip":"62701"}`, 1)
	for path, page1 := range map[string]string{"section.user.currentAddress.state": current, "section.user.mailingAddress.state": mailing} {
		if code, res := saveSection(b, "/app/application/1", `{"user":`+page1+`}`); code != 400 || fieldMessage(res, path) != want {
			t.Fatalf("got %d %+v, want %q at %s", code, res.Error, want, path)
		}
	}
	if code, res := saveSection(b, "/app/application/1", `{"user":`+personalInfo+`}`); code != 200 {
		t.Fatalf("got %d %+v, want page 1 saved with its addresses where their ZIP codes say", code, res.Error)
	}
}

// Page 1 asks for former addresses by the rules' look-back
// (application.addressHistory: heloc.identity.residence_history, 24 months
// as the tables ship), and its save refuses short of the same day, in the
// same words.
func TestPage1AsksAndRefusesByTheRulesLookBack(t *testing.T) {
	today := time.Date(2026, 11, 22, 15, 0, 0, 0, time.UTC)
	s := MustOpenServer(t, web.Config{Now: func() time.Time { return today }})
	if resp, _ := s.browser(t).trpc("GET", "application.addressHistory", ""); resp.StatusCode != 401 {
		t.Fatalf("got %d, want 401 signed out", resp.StatusCode)
	}
	b := s.browser(t)
	b.signIn("prime@example.com")
	history := mustCall[struct {
		From    string `json:"from"`
		Months  int    `json:"months"`
		Message string `json:"message"`
	}](t, b, "GET", "application.addressHistory", "")
	if history.From != "2024-11-22" || history.Months != 24 || !strings.Contains(history.Message, "24 months") {
		t.Fatalf("got %+v, want 24 months back from %s", history, today.Format(time.DateOnly))
	}
	// A day after it is short of the look-back: refused at the move-in day, in the rules' words.
	code, res := saveSection(b, "/app/application/1", `{"user":`+strings.Replace(personalInfo, `"2015-06-01"`, `"2024-11-23"`, 1)+`}`)
	if code != 400 || fieldMessage(res, "section.user.currentAddressSince") != history.Message {
		t.Fatalf("got %d %+v, want the look-back's words at the move-in day", code, res.Error)
	}
	// The day itself reaches back far enough.
	if code, res := saveSection(b, "/app/application/1", `{"user":`+strings.Replace(personalInfo, `"2015-06-01"`, `"2024-11-22"`, 1)+`}`); code != 200 {
		t.Fatalf("got %d %+v, want the page saved", code, res.Error)
	}
}
