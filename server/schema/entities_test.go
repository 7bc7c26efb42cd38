package schema_test

import (
	"encoding/json"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/schema"
)

// The entities of spec §3 and the rules of §5, through Decode as the server
// uses it: valid records decode with their defaults, and each rule refuses
// with its message at the field's path. The enumerations and the shared
// value definitions are tested in values_test.go.

// requireNestedDecoding skips a test that decodes optional fields, nullable
// objects or list items, when the decoder cannot: before the change to
// schema.go proposed with these schemas, its unknown-key check did not find
// optional fields (a?) nor the fields of an object that may be null, and
// named list items x[0] where CUE names them x.0.
func requireNestedDecoding(t *testing.T, s *schema.Set) {
	t.Helper()
	var out any
	if err := s.Decode("SignInInput", []byte(`{"email":"ana@example.com","password":"correct horse"}`), &out); err != nil {
		t.Skipf("schema.go refuses optional fields (%v): apply the proposed unknownFields change", domain.ErrorFields(err))
	}
	if err := s.Decode("Application", []byte(`{"user":{},"property":{},"coborrower":{"firstName":"Ana"}}`), &out); err != nil {
		t.Skipf("schema.go refuses the fields of a nullable object (%v): apply the proposed unknownFields change", domain.ErrorFields(err))
	}
	err := s.Decode("Application", []byte(`{"user":{"employments":[{"startDate":"2021-03-01","salary":1}]},"property":{}}`), &out)
	if f := domain.ErrorFields(err); len(f) != 1 || f[0].Path != "user.employments.0.salary" {
		t.Skipf("schema.go names list items differently from CUE (%v): apply the proposed unknownFields change", f)
	}
}

// Valid records of each entity, from the least the schema takes to a full one.
type entityCase struct{ name, def, input string }

var validEntities = []entityCase{
	{"empty prequal store", "PrequalStore", `{}`},
	{"prequal store", "PrequalStore", `{"currentPage":"property-value","buildingType":"condo","propertyUnits":"1","loanPurpose":"homeImprovement","propertyUsage":"primaryResidence","loanOfficerTag":"lo-17","code":"SPRING","email":"ana@example.com","firstName":"Ana","lastName":"Ortiz","informationSharingConsent":true,"eConsent":true,"tcpaConsent":false,"isAdverseAction":false,"adverseActionMessage":""}`},
	{"applicant without a loan", "Applicant", `{"email":"ana@example.com","firstName":"Ana","lastName":"Ortiz"}`},
	{"applicant with a loan", "Applicant", `{"email":"ana@example.com","firstName":"Ana","lastName":"Ortiz","applicationStatus":"application5","hitchLoan":{"user":{"firstName":"Ana"},"property":{"state":"CA"}}}`},
	{"address", "Address", `{"line1":"1 Main St","city":"Springfield","state":"IL","zip":"62701"}`},
	{"address with every field", "Address", `{"line1":"1 Main St","line2":"Apt 2","city":"Springfield","state":"IL","zip":"62701-1234","county":"Sangamon"}`},
	{"address with null line2 and county", "Address", `{"line1":"1 Main St","line2":null,"city":"Hagåtña","state":"GU","zip":"96910","county":null}`},
	{"liability with a balance only", "Liability", `{"balance":0}`},
	{"liability", "Liability", `{"balance":18250,"dateOpened":"2019-06-01","monthlyPayment":412.5,"confirmed":true,"latePaymentDays":0,"latePaymentDate":null,"addedByUser":false,"creditor":"Big Bank","debtor":"joint","createdAt":"2026-11-22T15:04:05Z","toBePaidOff":true,"type":"Installment","hiCredit":25000,"comments":"auto loan","term":60,"omitted":false,"lastActivityDate":"2026-10-31","lastReportDate":"2026-11-01"}`},
	{"mortgage as the fixtures give it", "Mortgage", `{"balance":312000,"latePaymentDays":0,"latePaymentDate":null}`},
	{"mortgage with escrow", "Mortgage", `{"balance":312000,"monthlyPayment":2450,"creditor":"Home Loans Inc","debtor":"borrower","confirmed":true,"taxIncludedInMonthlyPayment":true,"insuranceIncludedInMonthlyPayment":false,"monthlyTaxAndInsurance":600,"monthlyTaxPayment":450,"monthlyInsurancePayment":150,"latePaymentDays":60,"latePaymentDate":"2026-05-01"}`},
	{"property ownership", "PropertyOwnership", `{"id":"p1","address":{"line1":"9 Elm St","city":"Reno","state":"NV","zip":"89501"},"type":"multiUnit","usage":"investment","units":"2","value":540000,"mortgages":[{"balance":210000}]}`},
	{"current employment", "Employment", `{"startDate":"2021-03-01","endDate":null,"selfEmployedIndicator":false,"dataSource":"Manual"}`},
	{"past self-employment", "Employment", `{"startDate":"2018-01-01","endDate":"2020-12-31","position":"Owner","employerName":"Ortiz Design LLC","employerPhone":"4155550101","employerAddress":{"line1":"5 Market St","city":"San Francisco","state":"CA","zip":"94105"},"employerFullAddress":"5 Market St, San Francisco, CA 94105","selfEmployedIndicator":true,"ownershipInterestType":"GreaterThanOrEqualTo25Percent","base":8000,"bonuses":0,"overtime":0,"commissions":0,"dataSource":"Truework","pdfUrl":"https://example.com/r.pdf","reportId":"r-1","incomeInformation":"verified","contactName":"Lee","contactPhone":"4155550102","contactEmail":"lee@example.com","IncomeID":"i-1","EmployerID":"e-1"}`},
	{"pension", "IncomeSource", `{"type":"pension","label":"Pension","otherValue":1800}`},
	{"rental income", "IncomeSource", `{"type":"rental","base":2400,"propertyId":"p1","rentalUnits":2,"IncomeID":"i-2","address":{"line1":"9 Elm St","city":"Reno","state":"NV","zip":"89501"}}`},
	{"no declarations yet", "Declarations", `{}`},
	{"declarations", "Declarations", `{"hasIntentToOccupy":true,"hasBorrowedThirdPartyMoney":true,"borrowedThirdPartyMoneyAmount":5000,"wantsAnotherMortgage":false,"wantsAnotherLoan":false,"isPropertySubjectToLien":false,"isGuarantorOrCosigor":false,"hasOustandingJudgements":false,"hasFederalDebt":false,"hasConveyedForeclosure":false,"doneShortSale":false,"hasForeclosure":false,"hasBankruptcy":true,"bankruptcy":"chapter7","isPartyToLawsuit":false,"onwershipInterest":true,"otherPropertyType":"investment","otherPropertyTitle":"sole","hasSpecialBorrowerSellerRelationship":false,"creditCheckAuthorization":true}`},
	{"no demographics", "Demographics", `{}`},
	{"demographics", "Demographics", `{"isHispanicOrLatino":true,"isMexican":true,"isOtherHispanicOrLatino":true,"otherHispanicOrLatinoOrigin":"Salvadoran","isAsian":true,"isOtherAsian":true,"otherAsianOrigin":"Hmong","isPacificIslander":true,"isSamoan":true,"isOtherPacificIslander":true,"otherPacificIslanderOrigin":"Tongan","isNativeAmerican":true,"nativeAmericanTribe":"Navajo Nation","isWhite":false,"isFemale":true}`},
	{"declined demographics", "Demographics", `{"wontInformEthinicity":true,"wontInformRace":true,"wontInformGender":true}`},
	{"upload", "Upload", `{"type":"paystubs"}`},
	{"coborrower's upload", "Upload", `{"type":"w2","isCoborrower":true}`},
	{"person", "Person", `{}`},
	{"person with personal info", "Person", `{"firstName":"Ana","middleName":"","lastName":"Ortiz","suffix":"iii","email":"ana@example.com","phone":"4155550101","dateOfBirth":"1980-02-29","ssn":"123456789","citizenship":"usCitizen","maritalStatus":"married","militaryStatus":"none","housing":"Own","currentAddress":{"line1":"1 Main St","city":"Springfield","state":"IL","zip":"62701"},"employments":[{"startDate":"2021-03-01"}],"incomeSources":[{"type":"socialSecurity","otherValue":1200}],"declarations":{"creditCheckAuthorization":true},"demographics":{"wontInformRace":true}}`},
	{"property", "Property", `{"address":{"line1":"1 Main St","city":"Miami","state":"FL","zip":"33101"},"state":"FL","type":"townhouse","units":"1","usage":"secondHome","titleHolding":"tenancyByEntirety","value":650000}`},
	{"property known by its state", "Property", `{"state":"CA"}`},
	// The documents policy's example input (policy-contract.md).
	{"application as the documents policy reads it", "Application", `{"user":{"employments":[{"startDate":"2021-03-01","endDate":null,"selfEmployedIndicator":false,"dataSource":"Manual"}],"incomeSources":[]},"coborrower":null,"uploads":[{"type":"paystubs","isCoborrower":false}],"property":{"state":"CA"},"mortgages":[{"balance":200000}],"liabilities":[],"isInTrust":false}`},
	{"application with a coborrower", "Application", `{"user":{"firstName":"Ana","employments":[{"startDate":"2021-03-01"}]},"coborrower":{"firstName":"Ben","email":"ben@example.com","incomeSources":[{"type":"bas"}]},"uploads":[{"type":"w2","isCoborrower":true}],"property":{"state":"FL"},"liabilities":[{"balance":9000,"omitted":true,"debtor":"coborrower"}],"propertyOwnerships":[{"mortgages":[]}],"isInTrust":true}`},
	{"sign-in with a password", "SignInInput", `{"email":"ana@example.com","password":"correct horse"}`},
	{"sign-in with a code", "SignInInput", `{"email":"ana@example.com","otpCode":"482913"}`},
	{"sign-in with a link", "SignInInput", `{"email":"ana@example.com","token":"k3j4h5"}`},
	{"sign-in without a password", "SignInInput", `{"email":"ana@example.com"}`},
	{"account", "AccountInput", `{"email":"ana@example.com","firstName":"Ana","lastName":"Ortiz","phone":"4155550101"}`},
	{"account without a phone", "AccountInput", `{"email":"ana@example.com","firstName":"Ana","lastName":"Ortiz","phone":null}`},
}

func TestEntitiesDecodeValidRecords(t *testing.T) {
	s := MustLoad(t)
	requireNestedDecoding(t, s)
	for _, tt := range validEntities {
		t.Run(tt.name, func(t *testing.T) {
			var out map[string]any
			if err := s.Decode(tt.def, []byte(tt.input), &out); err != nil {
				t.Fatalf("got %v %+v, want nil", err, domain.ErrorFields(err))
			}
			// Decoding keeps every field given.
			var in map[string]any
			if err := json.Unmarshal([]byte(tt.input), &in); err != nil {
				t.Fatal(err)
			}
			for k := range in {
				if _, ok := out[k]; !ok {
					t.Errorf("field %q lost in decoding", k)
				}
			}
		})
	}
}

// Every entity of spec §3 has a definition.
func TestEveryEntityIsDefined(t *testing.T) {
	s := MustLoad(t)
	for _, name := range []string{
		"PrequalStore", "Applicant", "Address", "Liability", "Mortgage", "PropertyOwnership", "Employment",
		"IncomeSource", "Declarations", "Demographics", "Upload", "Person", "Property", "Application",
		"SignInInput", "AccountInput", "HousingLabels", "StateNames",
	} {
		if !s.Has(name) {
			t.Errorf("#%s is not defined", name)
		}
	}
}

// Decoding fills what a record leaves out, so the server and the policies
// see null for a nullable field, [] for a list and false for an unticked box.
func TestEntitiesFillDefaults(t *testing.T) {
	s := MustLoad(t)
	requireNestedDecoding(t, s)
	tests := []struct {
		name, def, input string
		want             map[string]any
	}{
		// A borrower and a property with nothing known yet are still there.
		{"application", "Application", `{}`, map[string]any{
			"user": map[string]any{"employments": []any{}, "incomeSources": []any{},
				"formerAddresses": []any{}, "mailingAddress": nil, "employmentGaps": []any{}},
			"property": map[string]any{}, "coborrower": nil, "uploads": []any{}, "mortgages": []any{},
			"liabilities": []any{}, "propertyOwnerships": []any{}, "isInTrust": false,
		}},
		{"current employment", "Employment", `{"startDate":"2021-03-01"}`, map[string]any{
			"startDate": "2021-03-01", "endDate": nil, "selfEmployedIndicator": false, "dataSource": "Manual",
		}},
		{"address", "Address", `{"line1":"1 Main St","city":"Springfield","state":"IL","zip":"62701"}`, map[string]any{
			"line1": "1 Main St", "line2": nil, "city": "Springfield", "state": "IL", "zip": "62701", "county": nil,
		}},
		{"liability", "Liability", `{"balance":100}`, map[string]any{
			"balance": float64(100), "addedByUser": false, "toBePaidOff": false, "omitted": false,
		}},
		{"upload", "Upload", `{"type":"k1"}`, map[string]any{"type": "k1", "isCoborrower": false}},
		{"account", "AccountInput", `{"email":"ana@example.com","firstName":"Ana","lastName":"Ortiz"}`, map[string]any{
			"email": "ana@example.com", "firstName": "Ana", "lastName": "Ortiz", "phone": nil,
		}},
		{"declarations", "Declarations", `{}`, map[string]any{"borrowedThirdPartyMoneyAmount": nil}},
		{"applicant", "Applicant", `{"email":"ana@example.com","firstName":"Ana","lastName":"Ortiz"}`, map[string]any{
			"email": "ana@example.com", "firstName": "Ana", "lastName": "Ortiz", "hitchLoan": nil,
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out map[string]any
			if err := s.Decode(tt.def, []byte(tt.input), &out); err != nil {
				t.Fatalf("got %v %+v, want nil", err, domain.ErrorFields(err))
			}
			// Round-trip through JSON so numbers compare as float64.
			b, _ := json.Marshal(out)
			var got map[string]any
			if err := json.Unmarshal(b, &got); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("got %v, want %v", got, tt.want)
			}
		})
	}
	t.Run("demographics boxes", func(t *testing.T) {
		var out map[string]any
		if err := s.Decode("Demographics", []byte(`{"isWhite":true}`), &out); err != nil {
			t.Fatal(err)
		}
		for k, v := range out {
			if want := k == "isWhite"; v != want {
				t.Errorf("%s: got %v, want %v", k, v, want)
			}
		}
		if len(out) != 26 {
			t.Errorf("got %d boxes, want 26", len(out))
		}
	})
}

// Each rule refused with its message at the field's path, the way a form
// puts it beside the field (react-hook-form names list items x.0.y too).
func TestEntitiesRefuseBadFields(t *testing.T) {
	const (
		required   = "This field is required."
		notAllowed = "This field is not allowed."
		wrongType  = "This field has the wrong type."
		date       = "Enter a real date, as yyyy-MM-dd."
		email      = "Enter an e-mail address like name@example.com."
		balance    = "Enter a whole dollar amount from 0 to 100,000,000."
		amount     = "Enter an amount from 0 to 100,000,000."
	)
	tests := []struct {
		name, def, input, path, msg string
	}{
		// E-mail (spec §5).
		{"prequal e-mail", "PrequalStore", `{"email":"ana@"}`, "email", email},
		{"applicant e-mail", "Applicant", `{"email":"ana","firstName":"Ana","lastName":"Ortiz"}`, "email", email},
		{"borrower's e-mail", "Application", `{"user":{"email":"ana.example.com"},"property":{}}`, "user.email", email},
		{"coborrower's e-mail", "Application", `{"user":{},"coborrower":{"email":"ben@"},"property":{}}`, "coborrower.email", email},
		{"employer contact's e-mail", "Employment", `{"startDate":"2021-03-01","contactEmail":"hr@"}`, "contactEmail", email},
		{"sign-in e-mail", "SignInInput", `{"email":"ana@example"}`, "email", email},
		{"account e-mail", "AccountInput", `{"email":"","firstName":"Ana","lastName":"Ortiz"}`, "email", email},
		// Password (spec §5).
		{"short password", "SignInInput", `{"email":"ana@example.com","password":"seven77"}`, "password", "Your password has at least 8 characters."},
		{"empty password", "SignInInput", `{"email":"ana@example.com","password":""}`, "password", "Your password has at least 8 characters."},
		// Balances (spec §5).
		{"negative liability balance", "Liability", `{"balance":-1}`, "balance", balance},
		{"fractional mortgage balance", "Application", `{"user":{},"property":{},"mortgages":[{"balance":1},{"balance":1200.5}]}`, "mortgages.1.balance", balance},
		{"balance as text", "Application", `{"user":{},"property":{},"liabilities":[{"balance":"1200"}]}`, "liabilities.0.balance", balance},
		{"negative mortgage balance of another property", "PropertyOwnership", `{"mortgages":[{"balance":-5}]}`, "mortgages.0.balance", balance},
		{"negative monthly payment", "Liability", `{"balance":1,"monthlyPayment":-20}`, "monthlyPayment", amount},
		{"negative base income", "Application", `{"user":{"employments":[{"startDate":"2021-03-01","base":-1}]},"property":{}}`, "user.employments.0.base", amount},
		{"negative borrowed amount", "Declarations", `{"borrowedThirdPartyMoneyAmount":-1}`, "borrowedThirdPartyMoneyAmount", amount},
		{"negative property value", "Property", `{"value":-1}`, "value", amount},
		{"negative days late", "Liability", `{"balance":1,"latePaymentDays":-30}`, "latePaymentDays", "Enter the number of days late, from 0 to 36500."},
		{"fractional term", "Liability", `{"balance":1,"term":12.5}`, "term", "Enter the term in whole months, from 0 to 1200."},
		{"no rented units", "IncomeSource", `{"type":"rental","rentalUnits":0}`, "rentalUnits", "Enter the number of rented units, from 1 to 1000."},
		// Dates (spec §5).
		{"employment start in another format", "Application", `{"user":{"employments":[{"startDate":"03/2021"}]},"property":{}}`, "user.employments.0.startDate", date},
		{"employment start that does not exist", "Application", `{"user":{"employments":[{"startDate":"2021-02-30"}]},"property":{}}`, "user.employments.0.startDate", date},
		{"coborrower's employment end", "Application", `{"user":{},"coborrower":{"employments":[{"startDate":"2021-03-01","endDate":"2021-13-01"}]},"property":{}}`, "coborrower.employments.0.endDate", date},
		{"date of birth", "Person", `{"dateOfBirth":"1981-02-29"}`, "dateOfBirth", date},
		{"late payment date", "Mortgage", `{"balance":1,"latePaymentDate":"2026-5-1"}`, "latePaymentDate", date},
		{"date opened", "Liability", `{"balance":1,"dateOpened":"yesterday"}`, "dateOpened", date},
		{"created at", "Liability", `{"balance":1,"createdAt":"2026-11-22"}`, "createdAt", "Enter a date and time like 2026-11-22T15:04:05Z."},
		// Stored forms.
		{"phone with punctuation", "AccountInput", `{"email":"ana@example.com","firstName":"Ana","lastName":"Ortiz","phone":"(415) 555-0101"}`, "phone", "Enter a 10-digit US phone number."},
		{"employer phone", "Employment", `{"startDate":"2021-03-01","employerPhone":"555-0101"}`, "employerPhone", "Enter a 10-digit US phone number."},
		{"SSN with dashes", "Person", `{"ssn":"123-45-6789"}`, "ssn", "Enter a valid 9-digit Social Security number."},
		{"ZIP", "Address", `{"line1":"1 Main St","city":"Springfield","state":"IL","zip":"6270"}`, "zip", "Enter a 5-digit ZIP code."},
		{"employer's ZIP", "Employment", `{"startDate":"2021-03-01","employerAddress":{"line1":"5 Market St","city":"San Francisco","state":"CA","zip":"9410"}}`, "employerAddress.zip", "Enter a 5-digit ZIP code."},
		{"one-time code", "SignInInput", `{"email":"ana@example.com","otpCode":"12345"}`, "otpCode", "Enter the 6-digit code."},
		{"blank token", "SignInInput", `{"email":"ana@example.com","token":""}`, "token", "The sign-in link is incomplete."},
		// Blank text.
		{"blank street", "Address", `{"line1":"  ","city":"Springfield","state":"IL","zip":"62701"}`, "line1", "Enter the street address. Use at most 200 characters, without control characters."},
		{"blank city", "Address", `{"line1":"1 Main St","city":"","state":"IL","zip":"62701"}`, "city", "Enter the city. Use at most 200 characters, without control characters."},
		{"blank first name", "AccountInput", `{"email":"ana@example.com","firstName":" ","lastName":"Ortiz"}`, "firstName", "Enter your first name. Use at most 100 characters, without control characters."},
		{"blank last name", "Applicant", `{"email":"ana@example.com","firstName":"Ana","lastName":""}`, "lastName", "Enter your last name. Use at most 100 characters, without control characters."},
		{"blank coborrower name", "Application", `{"user":{},"coborrower":{"firstName":""},"property":{}}`, "coborrower.firstName", "Enter a first name. Use at most 100 characters, without control characters."},
		{"blank employer", "Employment", `{"startDate":"2021-03-01","employerName":""}`, "employerName", "Enter the employer’s name. Use at most 100 characters, without control characters."},
		// Enumerations inside the entities.
		{"prequal unit count", "PrequalStore", `{"propertyUnits":5}`, "propertyUnits", "Choose the number of units."},
		{"prequal building type", "PrequalStore", `{"buildingType":"castle"}`, "buildingType", "Choose a property type."},
		{"prequal loan purpose", "PrequalStore", `{"loanPurpose":"vacation"}`, "loanPurpose", "Choose what the money is for."},
		{"applicant status", "Applicant", `{"email":"ana@example.com","firstName":"Ana","lastName":"Ortiz","applicationStatus":"application2"}`, "applicationStatus", "Choose an application status."},
		{"property state", "Application", `{"user":{},"property":{"state":"PR"}}`, "property.state", "Choose a state."},
		{"property usage", "Application", `{"user":{},"property":{"usage":"vacation"}}`, "property.usage", "Choose Primary Home, Secondary Home or Rental Property."},
		{"title holding", "Property", `{"titleHolding":"community"}`, "titleHolding", "Choose how title to the home is held."},
		{"address state", "Address", `{"line1":"1 Main St","city":"Springfield","state":"Illinois","zip":"62701"}`, "state", "Choose a state."},
		{"citizenship", "Application", `{"user":{"citizenship":"citizen"},"property":{}}`, "user.citizenship", "Choose your citizenship."},
		{"marital status", "Person", `{"maritalStatus":"single"}`, "maritalStatus", "Choose your marital status."},
		{"military status", "Person", `{"militaryStatus":"veteran"}`, "militaryStatus", "Choose your military service."},
		{"suffix", "Person", `{"suffix":"Jr."}`, "suffix", "Choose a suffix from the list."},
		{"housing", "Person", `{"housing":"own"}`, "housing", "Choose whether you own, rent or live rent free."},
		{"debtor", "Application", `{"user":{},"property":{},"liabilities":[{"balance":1,"debtor":"spouse"}]}`, "liabilities.0.debtor", "Choose whose debt this is: yours, your coborrower’s or joint."},
		{"income type", "Application", `{"user":{"incomeSources":[{"type":"lottery"}]},"property":{}}`, "user.incomeSources.0.type", "Choose the kind of income."},
		{"other income label", "IncomeSource", `{"type":"alimony","label":"alimony"}`, "label", "Choose a kind of income from the list."},
		{"ownership share", "Employment", `{"startDate":"2021-03-01","ownershipInterestType":"half"}`, "ownershipInterestType", "Choose whether you own 25% or more of the business, or less."},
		{"bankruptcy chapter", "Declarations", `{"hasBankruptcy":true,"bankruptcy":"chapter9"}`, "bankruptcy", "Choose the bankruptcy chapter."},
		{"other property type", "Declarations", `{"otherPropertyType":"PR"}`, "otherPropertyType", "Choose what kind of property it was."},
		{"other property title", "Declarations", `{"otherPropertyTitle":"S"}`, "otherPropertyTitle", "Choose how you held title to it."},
		{"upload type", "Application", `{"user":{},"property":{},"uploads":[{"type":"paystubs"},{"type":"selfie"}]}`, "uploads.1.type", "Choose a document type."},
		{"other property's units", "PropertyOwnership", `{"units":"6"}`, "units", "Choose the number of units."},
		// Required fields.
		{"address without a street", "Address", `{"city":"Springfield","state":"IL","zip":"62701"}`, "line1", required},
		{"employment without a start", "Application", `{"user":{"employments":[{"endDate":null}]},"property":{}}`, "user.employments.0.startDate", required},
		{"income source without a type", "IncomeSource", `{"base":100}`, "type", required},
		{"upload without a type", "Upload", `{"isCoborrower":true}`, "type", required},
		{"liability without a balance", "Liability", `{"creditor":"Big Bank"}`, "balance", required},
		{"sign-in without an e-mail", "SignInInput", `{"password":"correct horse"}`, "email", required},
		{"applicant without a last name", "Applicant", `{"email":"ana@example.com","firstName":"Ana"}`, "lastName", required},
		// Names and types the definitions do not have.
		{"unknown field of an employment", "Application", `{"user":{"employments":[{"startDate":"2021-03-01","salary":1}]},"property":{}}`, "user.employments.0.salary", notAllowed},
		{"unknown field of a coborrower", "Application", `{"user":{},"coborrower":{"nickname":"B"},"property":{}}`, "coborrower.nickname", notAllowed},
		{"unknown field of a loan", "Applicant", `{"email":"ana@example.com","firstName":"Ana","lastName":"Ortiz","hitchLoan":{"user":{},"property":{},"rate":5}}`, "hitchLoan.rate", notAllowed},
		{"spec's spelling only", "Declarations", `{"isGuarantorOrCosigner":true}`, "isGuarantorOrCosigner", notAllowed},
		{"unknown prequal field", "PrequalStore", `{"ssn":"123456789"}`, "ssn", notAllowed},
		{"flag as text", "Application", `{"user":{},"property":{},"isInTrust":"yes"}`, "isInTrust", wrongType},
		{"coborrower as text", "Application", `{"user":{},"property":{},"coborrower":"Ben"}`, "coborrower", wrongType},
		{"list as an object", "Application", `{"user":{},"property":{},"uploads":{"type":"w2"}}`, "uploads", wrongType},
		{"demographics box as a number", "Demographics", `{"isWhite":1}`, "isWhite", wrongType},
		{"name as a number", "Person", `{"middleName":7}`, "middleName", "Use at most 100 characters, without control characters."},
	}
	s := MustLoad(t)
	requireNestedDecoding(t, s)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wantOneField(t, s.Decode(tt.def, []byte(tt.input), new(any)), tt.path, tt.msg)
		})
	}
}

// A form shows every message at once, not one per submission.
func TestEntitiesReportEveryBadField(t *testing.T) {
	s := MustLoad(t)
	requireNestedDecoding(t, s)
	input := `{"user":{"email":"ana@","ssn":"12345","employments":[{"startDate":"2021-02-30"},{"startDate":"2020-01-01","endDate":"2020-1-31"}]},` +
		`"property":{"state":"XX","address":{"line1":"1 Main St","city":"Springfield","state":"IL","zip":"627"}},` +
		`"mortgages":[{"balance":-1}],"uploads":[{"type":"selfie"}]}`
	err := s.Decode("Application", []byte(input), new(any))
	if got := domain.ErrorCode(err); got != domain.EINVALID {
		t.Fatalf("got code %q (%v), want %q", got, err, domain.EINVALID)
	}
	got := map[string]string{}
	for _, f := range domain.ErrorFields(err) {
		got[f.Path] = f.Message
	}
	want := map[string]string{
		"user.email":                   "Enter an e-mail address like name@example.com.",
		"user.ssn":                     "Enter a valid 9-digit Social Security number.",
		"user.employments.0.startDate": "Enter a real date, as yyyy-MM-dd.",
		"user.employments.1.endDate":   "Enter a real date, as yyyy-MM-dd.",
		"property.state":               "Choose a state.",
		"property.address.zip":         "Enter a 5-digit ZIP code.",
		"mortgages.0.balance":          "Enter a whole dollar amount from 0 to 100,000,000.",
		"uploads.0.type":               "Choose a document type.",
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got fields %v, want %v", got, want)
	}
}

// Inside an object that may be null (coborrower, hitchLoan) CUE stops at the
// first bad field, so a form sees one message there per submission. This
// test pins that down: if CUE starts reporting them all, the form gets
// better and this test should say so.
func TestNullableObjectReportsItsFirstBadField(t *testing.T) {
	s := MustLoad(t)
	requireNestedDecoding(t, s)
	err := s.Decode("Application", []byte(`{"user":{},"property":{},"coborrower":{"email":"ben@","ssn":"1"}}`), new(any))
	fields := domain.ErrorFields(err)
	if len(fields) == 0 || len(fields) > 2 {
		t.Fatalf("got fields %+v, want one or two under coborrower", fields)
	}
	for _, f := range fields {
		if !strings.HasPrefix(f.Path, "coborrower.") || f.Message == "" {
			t.Fatalf("got field %+v, want a message under coborrower", f)
		}
	}
}

// The exported OpenAPI keeps carrying the rules it can express: the webapp's
// types and form rules come from it.
func TestOpenAPICarriesTheEntities(t *testing.T) {
	b, err := MustLoad(t).OpenAPI()
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Components struct {
			Schemas map[string]struct {
				Type       string                     `json:"type"`
				Enum       []any                      `json:"enum"`
				Pattern    string                     `json:"pattern"`
				Required   []string                   `json:"required"`
				Properties map[string]json.RawMessage `json:"properties"`
			} `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	schemas := doc.Components.Schemas
	for _, e := range enumerations {
		got := schemas[e.def].Enum
		if len(got) != len(e.values) {
			t.Errorf("%s: got enum %v, want %d values", e.def, got, len(e.values))
		}
	}
	for _, name := range []string{"Date", "Zip", "Phone", "OtpCode", "Email"} {
		if schemas[name].Pattern == "" {
			t.Errorf("%s: got no pattern, want one", name)
		}
	}
	for name, props := range map[string][]string{
		"Address":      {"line1", "line2", "city", "state", "zip", "county"},
		"Employment":   {"startDate", "endDate", "ownershipInterestType", "dataSource", "IncomeID", "EmployerID"},
		"Declarations": {"isGuarantorOrCosigor", "hasOustandingJudgements", "onwershipInterest", "borrowedThirdPartyMoneyAmount"},
		"Demographics": {"wontInformEthinicity", "isMexican", "otherAsianOrigin", "otherPacificIslanderOrigin"},
		"Application":  {"user", "coborrower", "uploads", "property", "mortgages", "liabilities", "isInTrust"},
	} {
		for _, p := range props {
			if _, ok := schemas[name].Properties[p]; !ok {
				t.Errorf("%s: property %q missing from the export", name, p)
			}
		}
	}
}

func BenchmarkDecodeApplication(b *testing.B) {
	s := MustLoad(b)
	i := slices.IndexFunc(validEntities, func(e entityCase) bool { return e.name == "application with a coborrower" })
	input := []byte(validEntities[i].input)
	b.ReportAllocs()
	for b.Loop() {
		var out map[string]any
		if err := s.Decode("Application", input, &out); err != nil {
			b.Fatal(err)
		}
	}
}

// FuzzDecodeEntities feeds arbitrary input to the entity definitions: never
// a panic nor an internal error, whatever a client sends.
func FuzzDecodeEntities(f *testing.F) {
	defs := []string{"Application", "Applicant", "PrequalStore", "SignInInput", "AccountInput", "Employment", "Demographics"}
	for _, e := range validEntities {
		f.Add(e.def, []byte(e.input))
	}
	for _, seed := range []string{`{}`, `[]`, `null`, `{"user":null}`, `{"coborrower":[]}`, `{"user":{"employments":[null,1,"x",{}]}}`, `{"hitchLoan":{"coborrower":{"employments":{}}}}`} {
		for _, d := range defs {
			f.Add(d, []byte(seed))
		}
	}
	s := MustLoad(f)
	f.Fuzz(func(t *testing.T, def string, input []byte) {
		if !slices.Contains(defs, def) {
			return
		}
		var out map[string]any
		if err := s.Decode(def, input, &out); err != nil && domain.ErrorCode(err) == domain.EINTERNAL {
			t.Fatalf("got internal error %v for %q", err, input)
		}
	})
}

func wantOneField(t *testing.T, err error, path, msg string) {
	t.Helper()
	if got := domain.ErrorCode(err); got != domain.EINVALID {
		t.Fatalf("got code %q (%v), want %q", got, err, domain.EINVALID)
	}
	fields := domain.ErrorFields(err)
	if len(fields) != 1 || fields[0].Path != path || fields[0].Message != msg {
		t.Fatalf("got fields %+v, want one at %q saying %q", fields, path, msg)
	}
}

func quote(t *testing.T, s string) []byte {
	t.Helper()
	return []byte(quoteString(s))
}

func quoteString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

func sortedKeys[T any](m map[string]T) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
