package schema_test

import (
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/schema"
)

// The enumerations of spec §3 and the shared value definitions of §5,
// through Decode: each enumeration takes exactly its values and its label
// map names each of them, and each value definition takes and refuses what
// its rule says, with its message.

// enumerations lists every enumeration of spec §3 (and the few the schemas
// add where the spec names a field only) with all its values and the
// message a form shows for anything else.
type enumeration struct {
	def    string
	values []string
	msg    string
}

var enumerations = []enumeration{
	{"Housing", []string{"Own", "Rent", "NoPrimaryHousingExpense"}, "Choose whether you own, rent or live rent free."},
	{"PropertyType", []string{"singleFamily", "multiUnit", "condo", "townhouse", "manufactured"}, "Choose a property type."},
	{"PropertyUsage", []string{"primaryResidence", "secondHome", "investment"}, "Choose Primary Home, Secondary Home or Rental Property."},
	{"UnitCount", []string{"1", "2", "3", "4", "5+"}, "Choose the number of units."},
	{"TitleHolding", []string{"soleOwnership", "jointTenants", "tenantsInCommon", "tenancyByEntirety", "interVivosRevocableTrust", "lifeEstate", "iDontKnow"}, "Choose how title to the home is held."},
	{"Citizenship", []string{"usCitizen", "permanentResident", "nonPermanentResident"}, "Choose your citizenship."},
	{"MaritalStatus", []string{"unmarried", "married", "separated"}, "Choose your marital status."},
	{"MilitaryStatus", []string{"survivingSpouse", "currentlyServing", "retiredOrDischardOrSeparated", "reserveOrNationalGuard", "none"}, "Choose your military service."},
	{"NameSuffix", []string{"sr", "jr", "i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix"}, "Choose a suffix from the list."},
	{"ReportType", []string{"avm", "avmCascade", "singleCredit", "jointCredit", "singleCreditCoborrower"}, "Choose a report type."},
	{"BankruptcyChapter", []string{"chapter7", "chapter11", "chapter12", "chapter13", "chapter15", "other"}, "Choose the bankruptcy chapter."},
	{"IncomeType", []string{"main", "pension", "annuity", "bah", "bas", "alimony", "childSupport", "disability", "fosterCare", "foreign", "capitalGains", "interestAndDividends", "socialSecurity", "rental"}, "Choose the kind of income."},
	{"OtherIncomeLabel", []string{
		"Accessory Unit Income", "Alimony", "Automobile Allowance", "Boarder Income", "Capital Gains", "Child Support",
		"Defined Contribution Plan", "Disability", "Dividends and Interest", "Employment Related Account", "Foster Care",
		"Housing Allowance", "Housing Choice Voucher Program", "Mortgage Credit Certificate", "Mortgage Differential",
		"Non-Borrower Household Income", "Notes Receivable Installment", "Other", "Pension", "Public Assistance", "Royalties",
		"Separate Maintenance", "Social Security", "Temporary Leave", "Tip Income", "Trust", "Unemployment", "VA Benefits Non-Educational",
	}, "Choose a kind of income from the list."},
	{"Debtor", []string{"borrower", "coborrower", "joint"}, "Choose whose debt this is: yours, your coborrower’s or joint."},
	{"SessionStatus", []string{"loading", "authenticated", "unauthenticated"}, "Choose a session status."},
	{"ApplicationStatus", []string{
		"propertyValue", "mortgageEstimate", "hasFbm", "isSelfEmployed", "creditRange", "zip", "propertyUsage", "creditScore",
		"coborrower", "mortgageBalance", "previewOffer", "application", "application3", "application4", "application5",
		"manualIncomeVerification", "debtConsolidation", "application7", "application8", "disclosures", "application6",
		"identityVerification", "incomeDocs", "loanDisbursement", "applicationSubmitted", "joinWaitlist",
	}, "Choose an application status."},
	{"DocumentCategory", []string{"APP", "INC", "ASSET", "MISC", "CRED", "DOCS", "PROP"}, "Choose a document category."},
	// The contract's 15 document keys and the documents policy's own types.
	{"DocumentType", []string{
		"idDocument", "paystubs", "w2", "form1099", "k1", "personalTaxReturns", "mostRecentPersonalTaxReturns",
		"businessTaxReturns", "rentalAgreements", "alimonyDocument", "bankStatements", "educationalLoanStatement",
		"floodInsurance", "trustDocument", "propertyTaxBill", "solarPanelStatement", "residencyDocument", "proofOfAddress",
		"socialSecurityAwardLetter", "pensionAwardLetter", "annuityStatement", "childSupportOrder",
		"childSupportPaymentHistory", "mortgageStatement", "mortgagePaymentProof", "bankruptcyDocuments", "debtStatement",
		"debtPaymentProof", "payoffStatement", "homeownersInsurance", "condoMasterPolicy", "hoaStatement", "disasterLetter",
		"otherDocument",
	}, "Choose a document type."},
	{"IdSubtype", []string{"driver_license", "passport", "state_id", "military_id", "visa", "residence_permit_card", "green_card"}, "Choose the kind of ID."},
	{"AlimonySubtype", []string{"alimony_order", "divorce_decree", "separation_agreement", "state_law"}, "Choose the document that shows the alimony."},
	{"HispanicOrigin", []string{"mexican", "puertoRican", "cuban", "other"}, "Choose an origin from the list."},
	{"AsianOrigin", []string{"asianIndian", "chinese", "filipino", "japanese", "korean", "vietnamese", "other"}, "Choose an origin from the list."},
	{"PacificIslanderOrigin", []string{"nativeHawaiian", "guamanianOrChamorro", "samoan", "other"}, "Choose an origin from the list."},
	{"OwnershipInterestType", []string{"GreaterThanOrEqualTo25Percent", "LessThan25Percent"}, "Choose whether you own 25% or more of the business, or less."},
	{"OtherPropertyType", []string{"primaryResidence", "fhaSecondaryResidence", "secondHome", "investment"}, "Choose what kind of property it was."},
	{"OtherPropertyTitle", []string{"sole", "jointWithSpouse", "jointWithOtherPerson"}, "Choose how you held title to it."},
	{"LoanPurpose", []string{"homeImprovement", "debtConsolidation", "education", "other"}, "Choose what the money is for."},
	{"StateCode", stateCodes, "Choose a state."},
}

// stateCodes are the 50 states, DC and Guam (spec §3).
var stateCodes = []string{
	"AL", "AK", "AZ", "AR", "CA", "CO", "CT", "DE", "FL", "GA", "HI", "ID", "IL", "IN", "IA", "KS", "KY",
	"LA", "ME", "MD", "MA", "MI", "MN", "MS", "MO", "MT", "NE", "NV", "NH", "NJ", "NM", "NY", "NC", "ND",
	"OH", "OK", "OR", "PA", "RI", "SC", "SD", "TN", "TX", "UT", "VT", "VA", "WA", "WV", "WI", "WY",
	"DC", "GU",
}

func TestEnumerationsTakeTheirValues(t *testing.T) {
	s := MustLoad(t)
	for _, e := range enumerations {
		for _, v := range e.values {
			t.Run(e.def+" "+v, func(t *testing.T) {
				var out string
				if err := s.Decode(e.def, quote(t, v), &out); err != nil {
					t.Fatalf("got %v %+v, want nil", err, domain.ErrorFields(err))
				}
				if out != v {
					t.Fatalf("got %q, want %q", out, v)
				}
			})
		}
	}
}

func TestEnumerationsRefuseOtherValues(t *testing.T) {
	s := MustLoad(t)
	for _, e := range enumerations {
		// The first value in another case, an empty string, a value of the
		// wrong type and null: none is in any enumeration.
		others := []string{quoteString(strings.ToUpper(e.values[0]) + "x"), `""`, `1`, `null`, `true`}
		for _, in := range others {
			t.Run(e.def+" "+in, func(t *testing.T) {
				wantOneField(t, s.Decode(e.def, []byte(in), new(any)), "", e.msg)
			})
		}
	}
}

// Each enumeration lists its values once: a duplicate in the table above
// would hide a missing one.
func TestEnumerationTableHasNoDuplicates(t *testing.T) {
	for _, e := range enumerations {
		seen := map[string]bool{}
		for _, v := range e.values {
			if seen[v] {
				t.Errorf("%s: %q listed twice", e.def, v)
			}
			seen[v] = true
		}
	}
	if got := len(stateCodes); got != 52 {
		t.Fatalf("got %d state codes, want 52", got)
	}
}

// The spec's counts: 28 other-income labels, 14 income types, 7 document
// categories, 7 ID subtypes; 34 document types (the contract's 15 and the
// documents policy's own).
func TestEnumerationSizes(t *testing.T) {
	want := map[string]int{"OtherIncomeLabel": 28, "IncomeType": 14, "DocumentType": 34, "DocumentCategory": 7, "IdSubtype": 7, "TitleHolding": 7, "NameSuffix": 11, "StateCode": 52}
	for _, e := range enumerations {
		if n, ok := want[e.def]; ok && len(e.values) != n {
			t.Errorf("%s: got %d values, want %d", e.def, len(e.values), n)
		}
	}
}

// A label map decodes from {} to its full content, because every entry of
// it is a constant.
func labelMap[T any](t *testing.T, s *schema.Set, def string) map[string]T {
	t.Helper()
	var out map[string]T
	if err := s.Decode(def, []byte(`{}`), &out); err != nil {
		t.Fatalf("%s: got %v, want its entries", def, err)
	}
	return out
}

func TestStateNamesCoverTheStatesDCAndGuam(t *testing.T) {
	s := MustLoad(t)
	names := labelMap[string](t, s, "StateNames")
	if len(names) != 52 {
		t.Fatalf("got %d entries, want 52 (50 states, DC and Guam)", len(names))
	}
	got := sortedKeys(names)
	want := slices.Clone(stateCodes)
	sort.Strings(want)
	if !slices.Equal(got, want) {
		t.Fatalf("got codes %v, want %v", got, want)
	}
	for code, name := range map[string]string{"DC": "District of Columbia", "GU": "Guam", "CA": "California", "FL": "Florida", "WY": "Wyoming"} {
		if names[code] != name {
			t.Errorf("%s: got %q, want %q", code, names[code], name)
		}
	}
	// Territories other than Guam are not in the spec's map.
	for _, code := range []string{"PR", "VI", "AS", "MP", "ca"} {
		wantOneField(t, s.Decode("StateCode", quote(t, code), new(any)), "", "Choose a state.")
	}
}

func TestLabelMapsMatchTheirEnumerations(t *testing.T) {
	s := MustLoad(t)
	housing := labelMap[struct{ Label, Short string }](t, s, "HousingLabels")
	wantHousing := map[string]struct{ Label, Short string }{
		"Own":                     {"Currently Own", "Own"},
		"Rent":                    {"Currently Renting", "Rent"},
		"NoPrimaryHousingExpense": {"Live Rent Free", "Rent Free"},
	}
	if !reflect.DeepEqual(housing, wantHousing) {
		t.Errorf("HousingLabels: got %+v, want %+v", housing, wantHousing)
	}
	tests := []struct {
		labels, enum string
		want         map[string]string
	}{
		{"PropertyUsageLabels", "PropertyUsage", map[string]string{"primaryResidence": "Primary Home", "secondHome": "Secondary Home", "investment": "Rental Property"}},
		{"UnitCountLabels", "UnitCount", map[string]string{"1": "1 (Single Family, Condo)", "2": "2 (Duplex)", "3": "3 (Triplex)", "4": "4 (Quadplex)", "5+": "5+"}},
		{"IdSubtypeSides", "IdSubtype", map[string]string{"driver_license": "both", "passport": "front", "state_id": "both", "military_id": "both", "visa": "both", "residence_permit_card": "both", "green_card": "both"}},
		{"HispanicOriginLabels", "HispanicOrigin", map[string]string{"mexican": "Mexican", "puertoRican": "Puerto Rican", "cuban": "Cuban", "other": "Other"}},
		{"AsianOriginLabels", "AsianOrigin", map[string]string{"asianIndian": "Asian Indian", "chinese": "Chinese", "filipino": "Filipino", "japanese": "Japanese", "korean": "Korean", "vietnamese": "Vietnamese", "other": "Other"}},
		{"PacificIslanderOriginLabels", "PacificIslanderOrigin", map[string]string{"nativeHawaiian": "Native Hawaiian", "guamanianOrChamorro": "Guamanian or Chamorro", "samoan": "Samoan", "other": "Other"}},
	}
	for _, tt := range tests {
		t.Run(tt.labels, func(t *testing.T) {
			got := labelMap[string](t, s, tt.labels)
			if !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("got %v, want %v", got, tt.want)
			}
			i := slices.IndexFunc(enumerations, func(e enumeration) bool { return e.def == tt.enum })
			values := slices.Clone(enumerations[i].values)
			sort.Strings(values)
			if keys := sortedKeys(got); !slices.Equal(keys, values) {
				t.Fatalf("got keys %v, want the values of #%s %v", keys, tt.enum, values)
			}
		})
	}
}

// The shared value definitions of spec §5.
func TestValuesFollowTheRules(t *testing.T) {
	tests := []struct {
		def  string
		good []string
		bad  []string
		msg  string
	}{
		{"Date", []string{`"2026-11-22"`, `"2024-02-29"`, `"2000-02-29"`, `"1999-12-31"`},
			[]string{`"2026-02-31"`, `"2025-02-29"`, `"1900-02-29"`, `"2026-04-31"`, `"2026-13-01"`, `"2026-00-10"`, `"2026-1-5"`, `"11/22/2026"`, `"2026-11-22T00:00:00Z"`, `""`, `20261122`},
			"Enter a real date, as yyyy-MM-dd."},
		{"DateTime", []string{`"2026-11-22T15:04:05Z"`, `"2026-11-22T15:04:05.123-05:00"`},
			[]string{`"2026-11-22"`, `"2026-11-22 15:04:05"`, `"yesterday"`},
			"Enter a date and time like 2026-11-22T15:04:05Z."},
		{"Email", []string{`"ana@example.com"`, `"ana.o'neil+heloc@mail.example.co.uk"`},
			[]string{`"ana"`, `"ana@"`, `"@example.com"`, `"ana@example"`, `"ana @example.com"`, `"ana@-example.com"`},
			"Enter an e-mail address like name@example.com."},
		{"Password", []string{`"12345678"`, `"correct horse battery"`},
			[]string{`""`, `"1234567"`},
			"Your password has at least 8 characters."},
		{"Balance", []string{`0`, `312000`},
			[]string{`-1`, `0.5`, `"312000"`},
			"Enter a whole dollar amount from 0 to 100,000,000."},
		{"Amount", []string{`0`, `1234.56`, `85000`},
			[]string{`-0.01`, `"12"`},
			"Enter an amount from 0 to 100,000,000."},
		{"Zip", []string{`"94110"`, `"00501"`, `"94110-1234"`},
			[]string{`"9411"`, `"941101"`, `"941101234"`, `"94110-12"`, `"ABCDE"`, `94110`},
			"Enter a 5-digit ZIP code."},
		{"Phone", []string{`"4155550101"`, `"2065550106"`},
			[]string{`"(415) 555-0101"`, `"415-555-0101"`, `"415555010"`, `"14155550101"`, `"1155550101"`, `"4150550101"`, `4155550101`},
			"Enter a 10-digit US phone number."},
		{"SSN", []string{`"123456789"`, `"912345678"`},
			[]string{`"123-45-6789"`, `"12345678"`, `"000123456"`, `"666123456"`, `"123006789"`, `"123450000"`, `123456789`},
			"Enter a valid 9-digit Social Security number."},
		{"OtpCode", []string{`"100000"`, `"999999"`, `"012345"`},
			[]string{`"12345"`, `"1234567"`, `"12a456"`, `123456`},
			"Enter the 6-digit code."},
	}
	s := MustLoad(t)
	for _, tt := range tests {
		for _, in := range tt.good {
			t.Run(tt.def+" takes "+in, func(t *testing.T) {
				if err := s.Decode(tt.def, []byte(in), new(any)); err != nil {
					t.Fatalf("got %v %+v, want nil", err, domain.ErrorFields(err))
				}
			})
		}
		for _, in := range tt.bad {
			t.Run(tt.def+" refuses "+in, func(t *testing.T) {
				wantOneField(t, s.Decode(tt.def, []byte(in), new(any)), "", tt.msg)
			})
		}
	}
}
