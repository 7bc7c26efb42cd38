package mismo_test

import (
	"bytes"
	"compress/gzip"
	"encoding/xml"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/mismo"
)

var created = time.Date(2026, 11, 27, 15, 4, 5, 0, time.UTC)

func ptr[T any](v T) *T { return &v }

// fullApplication is a submitted application with a coborrower and every
// section the URLA has: the borrower's former address and mailing address,
// a current and a past job, a self-employed coborrower, other income, a
// mortgage and two debts, another property, the disbursement account, the
// declarations and the HMDA answers.
func fullApplication() mismo.Input {
	addr := func(line1, city, state, zip string) *domain.Address {
		return &domain.Address{Line1: line1, City: city, State: state, Zip: zip}
	}
	return mismo.Input{
		LoanID:       "0123456789abcdef0123456789abcdef",
		AccountEmail: "maria.lopez@example.com",
		AccountPhone: "4155550101",
		Terms:        &mismo.Terms{Line: 1_500_000, APR: 8.75, Margin: 1.25, IndexRate: 7.5, RateCap: 18, RepaymentPeriodYears: 20},
		CreatedAt:    created,
		Application: domain.Application{
			User: domain.Person{
				FirstName: ptr("María"), MiddleName: ptr("J"), LastName: ptr("López & Sons"), Suffix: ptr("jr"),
				SSN: ptr("123456789"), DateOfBirth: ptr("1980-04-12"), Citizenship: ptr("usCitizen"), MaritalStatus: ptr("married"),
				MilitaryStatus: ptr("currentlyServing"), Phone: ptr("4155550101"),
				CurrentAddress: addr("1200 Alder Street", "San Francisco", "CA", "94110"), CurrentAddressSince: ptr("2024-06-01"), Housing: ptr("Own"),
				FormerAddresses: []domain.FormerAddress{{Address: *addr("9 Elm Road", "Oakland", "CA", "94601"), Housing: "Rent", MovedIn: "2019-01-01", MovedOut: "2024-05-31"}},
				MailingAddress:  addr("PO Box 77", "San Francisco", "CA", "94101"),
				Employments: []domain.Employment{
					{EmployerName: ptr("Initech"), Position: ptr("Senior Data Analyst"), StartDate: "2017-03-01", Base: ptr(domain.CentsOf(17500)), Bonuses: ptr(domain.CentsOf(1000)), DataSource: "Manual",
						EmployerAddress: addr("1 Infinite Loop", "Cupertino", "CA", "95014")},
					{EmployerName: ptr("Globex"), Position: ptr("Analyst"), StartDate: "2012-01-01", EndDate: ptr("2017-02-28"), Base: ptr(domain.CentsOf(9000)), DataSource: "Manual"},
				},
				IncomeSources: []domain.IncomeSource{{Type: "socialSecurity", Label: ptr("Social Security"), OtherValue: ptr(domain.CentsOf(1450))}, {Type: "annuity", OtherValue: ptr(domain.CentsOf(300))}},
				Declarations: &domain.Declarations{HasIntentToOccupy: ptr(true), OnwershipInterest: ptr(true), OtherPropertyType: ptr("investment"), OtherPropertyTitle: ptr("jointWithSpouse"),
					HasBorrowedThirdPartyMoney: ptr(true), BorrowedThirdPartyMoneyAmount: ptr(domain.CentsOf(2500)), HasBankruptcy: ptr(true), Bankruptcy: ptr("chapter7"),
					WantsAnotherMortgage: ptr(false), WantsAnotherLoan: ptr(false), IsPropertySubjectToLien: ptr(false), IsGuarantorOrCosigor: ptr(false),
					HasOustandingJudgements: ptr(false), HasFederalDebt: ptr(false), IsPartyToLawsuit: ptr(false), HasConveyedForeclosure: ptr(false),
					DoneShortSale: ptr(false), HasForeclosure: ptr(false), CreditCheckAuthorization: ptr(true)},
				Demographics: &domain.Demographics{IsHispanicOrLatino: true, IsMexican: true, IsOtherHispanicOrLatino: true, OtherHispanicOrLatinoOrigin: ptr("Argentinian"),
					IsAsian: true, IsKorean: true, IsWhite: true, IsFemale: true},
			},
			Coborrower: &domain.Person{
				FirstName: ptr("Sam"), LastName: ptr("Lopez"), SSN: ptr("987654321"), DateOfBirth: ptr("1982-09-30"), Citizenship: ptr("permanentResident"),
				MaritalStatus: ptr("married"), MilitaryStatus: ptr("none"), Email: ptr("sam@example.com"),
				CurrentAddress: addr("1200 Alder Street", "San Francisco", "CA", "94110"), CurrentAddressSince: ptr("2015-06-01"), Housing: ptr("Own"),
				Employments: []domain.Employment{{EmployerName: ptr("Lopez Design LLC"), StartDate: "2015-01-01", SelfEmployedIndicator: true,
					OwnershipInterestType: ptr("GreaterThanOrEqualTo25Percent"), Base: ptr(domain.CentsOf(6000)), DataSource: "Manual"}},
				Declarations: &domain.Declarations{HasIntentToOccupy: ptr(true), OnwershipInterest: ptr(false)},
				Demographics: &domain.Demographics{WontInformEthinicity: true, WontInformRace: true, WontInformGender: true},
			},
			Property: domain.Property{Address: addr("1200 Alder Street", "San Francisco", "CA", "94110"), Type: ptr("condo"), Units: ptr("1"),
				Usage: ptr("primaryResidence"), Value: ptr(domain.CentsOf(850000)), MonthlyTaxes: ptr(domain.CentsOf(540)), MonthlyInsurance: ptr(domain.CentsOf(125)), HOAMonthly: ptr(domain.CentsOf(0))},
			Mortgages: []domain.Liability{{ID: ptr("TL-1"), Creditor: ptr("Big Bank Mortgage"), Balance: 312000, MonthlyPayment: ptr(domain.CentsOf(2100)), Confirmed: ptr(true), Debtor: ptr("joint")}},
			Liabilities: []domain.Liability{
				{ID: ptr("TL-2"), Creditor: ptr("Card Co"), Type: ptr("revolving"), Balance: 4200, MonthlyPayment: ptr(domain.CentsOf(120)), ToBePaidOff: true},
				{ID: ptr("TL-3"), Creditor: ptr("Auto Finance"), Type: ptr("installment"), Balance: 18000, MonthlyPayment: ptr(domain.CentsOf(450)), Term: ptr(int64(36)), Debtor: ptr("coborrower")},
			},
			PropertyOwnerships: []domain.PropertyOwnership{{Address: addr("77 Rental Way", "Fresno", "CA", "93701"), Type: ptr("singleFamily"), Units: ptr("2"),
				Usage: ptr("investment"), Value: ptr(domain.CentsOf(400000)), Mortgages: []domain.Liability{{Balance: 150000, MonthlyPayment: ptr(domain.CentsOf(1100))}}}},
			Disbursement: &domain.Disbursement{AccountHolderName: "María López", AccountType: "checking", RoutingNumber: "121000248", AccountNumber: "000123456789", InitialDraw: domain.CentsOf(50000)},
			SubmittedAt:  ptr("2026-11-26T10:00:00Z"),
		},
	}
}

// minimalApplication is a submitted application that holds little more
// than the prequalification gave: a name and an address.
func minimalApplication() mismo.Input {
	return mismo.Input{LoanID: "fedcba9876543210fedcba9876543210", CreatedAt: created, Application: domain.Application{
		User:     domain.Person{FirstName: ptr("Pat"), LastName: ptr("Lee")},
		Property: domain.Property{Address: &domain.Address{Line1: "5 Oak Court", City: "Phoenix", State: "AZ", Zip: "85004"}},
	}}
}

// centsApplication is the full application with amounts in dollars and
// cents, among them pay that a float64 would sum to 0.30000000000000004.
func centsApplication() mismo.Input {
	in := fullApplication()
	app := &in.Application
	job := &app.User.Employments[0]
	job.Base, job.Overtime, job.Bonuses, job.Commissions = ptr(domain.Cents(10)), ptr(domain.Cents(20)), nil, nil
	app.Property.MonthlyTaxes, app.Property.HOAMonthly = ptr(domain.Cents(54012)), ptr(domain.Cents(31250))
	app.Disbursement.InitialDraw = 3000005
	app.Mortgages[0].MonthlyPayment = ptr(domain.Cents(245067))
	return in
}

// Amounts with cents are written as the exact decimal of dollars, and sums
// of them are exact: 0.10 + 0.20 of pay is 0.3.
func TestMarshalWritesCentsExactly(t *testing.T) {
	root := parse(t, mustMarshal(t, centsApplication()))
	deal := root.all("DEAL_SETS/DEAL_SET/DEALS/DEAL")[0]
	b1 := deal.all("PARTIES/PARTY[0]")[0]
	role := "ROLES/ROLE/BORROWER/"
	for _, tc := range []struct {
		n          *node
		path, want string
	}{
		{b1, role + "EMPLOYERS/EMPLOYER[0]/EMPLOYMENT/EmploymentMonthlyIncomeAmount", "0.3"},
		{b1, role + "CURRENT_INCOME/CURRENT_INCOME_ITEMS/CURRENT_INCOME_ITEM[0]/CURRENT_INCOME_ITEM_DETAIL/CurrentIncomeMonthlyTotalAmount", "0.1"},
		{b1, role + "CURRENT_INCOME/CURRENT_INCOME_ITEMS/CURRENT_INCOME_ITEM[1]/CURRENT_INCOME_ITEM_DETAIL/CurrentIncomeMonthlyTotalAmount", "0.2"},
		{deal, "LOANS/LOAN/HELOC/HELOC_RULE/HELOCInitialAdvanceAmount", "30000.05"},
		{deal, "LOANS/LOAN/HOUSING_EXPENSES/HOUSING_EXPENSE[0]/HousingExpensePaymentAmount", "540.12"},
		{deal, "LOANS/LOAN/HOUSING_EXPENSES/HOUSING_EXPENSE[2]/HousingExpensePaymentAmount", "312.5"},
		{deal, "LIABILITIES/LIABILITY[0]/LIABILITY_DETAIL/LiabilityMonthlyPaymentAmount", "2450.67"},
		{deal, "LOANS/LOAN/TERMS_OF_LOAN/NoteRatePercent", "8.75"},
	} {
		if got := tc.n.get(tc.path); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.path, got, tc.want)
		}
	}
	var a mismo.Amount
	if err := a.UnmarshalText([]byte("2450.67")); err != nil || a != 245067 {
		t.Errorf("got %d %v, want 245067 cents", a, err)
	}
}

func mustMarshal(t *testing.T, in mismo.Input) []byte {
	t.Helper()
	b, err := mismo.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// node is an element of a parsed file, with its namespace, attributes,
// text and children, to read paths from in the tests.
type node struct {
	name     xml.Name
	attrs    []xml.Attr
	text     string
	children []*node
}

func parse(t *testing.T, b []byte) *node {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(b))
	var stack []*node
	var root *node
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("the file is not well-formed XML: %v", err)
		}
		switch tk := tok.(type) {
		case xml.StartElement:
			n := &node{name: tk.Name, attrs: tk.Attr}
			if len(stack) > 0 {
				p := stack[len(stack)-1]
				p.children = append(p.children, n)
			} else {
				root = n
			}
			stack = append(stack, n)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) > 0 {
				stack[len(stack)-1].text += strings.TrimSpace(string(tk))
			}
		}
	}
	if root == nil {
		t.Fatal("the file has no root element")
	}
	return root
}

// all returns the nodes at a path of local names below n ("A/B/C"); a
// step may pick the i-th of its name as NAME[i].
func (n *node) all(path string) []*node {
	nodes := []*node{n}
	for _, step := range strings.Split(path, "/") {
		name, index := step, -1
		if i := strings.IndexByte(step, '['); i > 0 {
			name = step[:i]
			index = int(step[i+1] - '0')
		}
		var next []*node
		for _, p := range nodes {
			var matched []*node
			for _, c := range p.children {
				if c.name.Local == name {
					matched = append(matched, c)
				}
			}
			if index >= 0 {
				if index < len(matched) {
					next = append(next, matched[index])
				}
				continue
			}
			next = append(next, matched...)
		}
		nodes = next
	}
	return nodes
}

// text is the text at path, or "(none)".
func (n *node) get(path string) string {
	got := n.all(path)
	if len(got) == 0 {
		return "(none)"
	}
	return got[0].text
}

func (n *node) attr(local string) string {
	for _, a := range n.attrs {
		if a.Name.Local == local {
			return a.Value
		}
	}
	return ""
}

func TestMarshalIsMISMO34InItsNamespace(t *testing.T) {
	for name, in := range map[string]mismo.Input{"full": fullApplication(), "minimal": minimalApplication()} {
		t.Run(name, func(t *testing.T) {
			b := mustMarshal(t, in)
			if !bytes.HasPrefix(b, []byte(`<?xml version="1.0" encoding="UTF-8"?>`)) {
				t.Fatalf("got %.40q, want an XML declaration first", b)
			}
			root := parse(t, b)
			if root.name != (xml.Name{Space: mismo.Namespace, Local: "MESSAGE"}) {
				t.Fatalf("root: got %v, want MESSAGE in %s", root.name, mismo.Namespace)
			}
			if got := root.attr("MISMOReferenceModelIdentifier"); got != "3.4.032420160128" {
				t.Fatalf("MISMOReferenceModelIdentifier: got %q, want 3.4.032420160128", got)
			}
			var walk func(n *node)
			walk = func(n *node) {
				if n.name.Space != mismo.Namespace {
					t.Errorf("%s: namespace %q, want %q", n.name.Local, n.name.Space, mismo.Namespace)
				}
				for _, a := range n.attrs {
					if a.Name.Space == "xmlns" || a.Name.Space == "" {
						continue
					}
					if a.Name.Space != mismo.XLinkNamespace {
						t.Errorf("%s@%s: namespace %q, want xlink's", n.name.Local, a.Name.Local, a.Name.Space)
					}
				}
				for _, c := range n.children {
					walk(c)
				}
			}
			walk(root)
			if got := root.get("ABOUT_VERSIONS/ABOUT_VERSION/CreatedDatetime"); got != "2026-11-27T15:04:05Z" {
				t.Errorf("CreatedDatetime: got %q", got)
			}
		})
	}
}

func TestMarshalCarriesTheURLADataSet(t *testing.T) {
	root := parse(t, mustMarshal(t, fullApplication()))
	deal := root.all("DEAL_SETS/DEAL_SET/DEALS/DEAL")[0]
	b1 := deal.all("PARTIES/PARTY[0]")[0]
	b2 := deal.all("PARTIES/PARTY[1]")[0]
	role := "ROLES/ROLE/BORROWER/"
	for _, tc := range []struct {
		n          *node
		path, want string
	}{
		// Who the borrowers are.
		{b1, "INDIVIDUAL/NAME/FirstName", "María"},
		{b1, "INDIVIDUAL/NAME/MiddleName", "J"},
		{b1, "INDIVIDUAL/NAME/LastName", "López & Sons"},
		{b1, "INDIVIDUAL/NAME/SuffixName", "JR"},
		{b1, "TAXPAYER_IDENTIFIERS/TAXPAYER_IDENTIFIER/TaxpayerIdentifierType", "SocialSecurityNumber"},
		{b1, "TAXPAYER_IDENTIFIERS/TAXPAYER_IDENTIFIER/TaxpayerIdentifierValue", "123456789"},
		{b1, "INDIVIDUAL/CONTACT_POINTS/CONTACT_POINT[0]/CONTACT_POINT_EMAIL/ContactPointEmailValue", "maria.lopez@example.com"},
		{b1, "INDIVIDUAL/CONTACT_POINTS/CONTACT_POINT[1]/CONTACT_POINT_TELEPHONE/ContactPointTelephoneValue", "4155550101"},
		{b1, "ADDRESSES/ADDRESS/AddressType", "Mailing"},
		{b1, "ADDRESSES/ADDRESS/AddressLineText", "PO Box 77"},
		{b1, "ROLES/ROLE/ROLE_DETAIL/PartyRoleType", "Borrower"},
		{b1, role + "BORROWER_DETAIL/BorrowerBirthDate", "1980-04-12"},
		{b1, role + "BORROWER_DETAIL/BorrowerClassificationType", "Primary"},
		{b1, role + "BORROWER_DETAIL/MaritalStatusType", "Married"},
		{b1, role + "BORROWER_DETAIL/CreditReportAuthorizationIndicator", "true"},
		{b1, role + "BORROWER_DETAIL/SelfDeclaredMilitaryServiceIndicator", "true"},
		{b1, role + "MILITARY_SERVICES/MILITARY_SERVICE/MilitaryStatusType", "ActiveDuty"},
		// Residences: current (own, since June 2024: 29 whole months) and prior.
		{b1, role + "RESIDENCES/RESIDENCE[0]/ADDRESS/AddressLineText", "1200 Alder Street"},
		{b1, role + "RESIDENCES/RESIDENCE[0]/ADDRESS/StateCode", "CA"},
		{b1, role + "RESIDENCES/RESIDENCE[0]/RESIDENCE_DETAIL/BorrowerResidencyBasisType", "Own"},
		{b1, role + "RESIDENCES/RESIDENCE[0]/RESIDENCE_DETAIL/BorrowerResidencyDurationMonthsCount", "29"},
		{b1, role + "RESIDENCES/RESIDENCE[0]/RESIDENCE_DETAIL/BorrowerResidencyType", "Current"},
		{b1, role + "RESIDENCES/RESIDENCE[1]/RESIDENCE_DETAIL/BorrowerResidencyBasisType", "Rent"},
		{b1, role + "RESIDENCES/RESIDENCE[1]/RESIDENCE_DETAIL/BorrowerResidencyEndDate", "2024-05-31"},
		{b1, role + "RESIDENCES/RESIDENCE[1]/RESIDENCE_DETAIL/BorrowerResidencyType", "Prior"},
		// Employment: the current job is primary with its monthly pay; the past one has its dates.
		{b1, role + "EMPLOYERS/EMPLOYER[0]/LEGAL_ENTITY/LEGAL_ENTITY_DETAIL/FullName", "Initech"},
		{b1, role + "EMPLOYERS/EMPLOYER[0]/ADDRESS/CityName", "Cupertino"},
		{b1, role + "EMPLOYERS/EMPLOYER[0]/EMPLOYMENT/EmploymentClassificationType", "Primary"},
		{b1, role + "EMPLOYERS/EMPLOYER[0]/EMPLOYMENT/EmploymentMonthlyIncomeAmount", "18500"},
		{b1, role + "EMPLOYERS/EMPLOYER[0]/EMPLOYMENT/EmploymentPositionDescription", "Senior Data Analyst"},
		{b1, role + "EMPLOYERS/EMPLOYER[0]/EMPLOYMENT/EmploymentStatusType", "Current"},
		{b1, role + "EMPLOYERS/EMPLOYER[1]/EMPLOYMENT/EmploymentStatusType", "Previous"},
		{b1, role + "EMPLOYERS/EMPLOYER[1]/EMPLOYMENT/EmploymentEndDate", "2017-02-28"},
		// Income: the job's base and bonus, then the other income by the label chosen, else Other.
		{b1, role + "CURRENT_INCOME/CURRENT_INCOME_ITEMS/CURRENT_INCOME_ITEM[0]/CURRENT_INCOME_ITEM_DETAIL/IncomeType", "Base"},
		{b1, role + "CURRENT_INCOME/CURRENT_INCOME_ITEMS/CURRENT_INCOME_ITEM[0]/CURRENT_INCOME_ITEM_DETAIL/CurrentIncomeMonthlyTotalAmount", "17500"},
		{b1, role + "CURRENT_INCOME/CURRENT_INCOME_ITEMS/CURRENT_INCOME_ITEM[1]/CURRENT_INCOME_ITEM_DETAIL/IncomeType", "Bonus"},
		{b1, role + "CURRENT_INCOME/CURRENT_INCOME_ITEMS/CURRENT_INCOME_ITEM[2]/CURRENT_INCOME_ITEM_DETAIL/IncomeType", "SocialSecurity"},
		{b1, role + "CURRENT_INCOME/CURRENT_INCOME_ITEMS/CURRENT_INCOME_ITEM[2]/CURRENT_INCOME_ITEM_DETAIL/EmploymentIncomeIndicator", "false"},
		{b1, role + "CURRENT_INCOME/CURRENT_INCOME_ITEMS/CURRENT_INCOME_ITEM[3]/CURRENT_INCOME_ITEM_DETAIL/IncomeType", "Other"},
		{b1, role + "CURRENT_INCOME/CURRENT_INCOME_ITEMS/CURRENT_INCOME_ITEM[3]/CURRENT_INCOME_ITEM_DETAIL/IncomeTypeOtherDescription", "annuity"},
		// Declarations.
		{b1, role + "DECLARATION/DECLARATION_DETAIL/CitizenshipResidencyType", "USCitizen"},
		{b1, role + "DECLARATION/DECLARATION_DETAIL/IntentToOccupyType", "Yes"},
		{b1, role + "DECLARATION/DECLARATION_DETAIL/HomeownerPastThreeYearsType", "Yes"},
		{b1, role + "DECLARATION/DECLARATION_DETAIL/PriorPropertyTitleType", "JointWithSpouse"},
		{b1, role + "DECLARATION/DECLARATION_DETAIL/PriorPropertyUsageType", "Investment"},
		{b1, role + "DECLARATION/DECLARATION_DETAIL/UndisclosedBorrowedFundsIndicator", "true"},
		{b1, role + "DECLARATION/DECLARATION_DETAIL/UndisclosedBorrowedFundsAmount", "2500"},
		{b1, role + "DECLARATION/DECLARATION_DETAIL/BankruptcyIndicator", "true"},
		{b1, role + "DECLARATION/DECLARATION_DETAIL/PartyToLawsuitIndicator", "false"},
		{b1, role + "BANKRUPTCIES/BANKRUPTCY/BANKRUPTCY_DETAIL/BankruptcyChapterType", "ChapterSeven"},
		// HMDA.
		{b1, role + "GOVERNMENT_MONITORING/GOVERNMENT_MONITORING_DETAIL/HMDAEthnicityType", "HispanicOrLatino"},
		{b1, role + "GOVERNMENT_MONITORING/GOVERNMENT_MONITORING_DETAIL/GenderType", "Female"},
		{b1, role + "GOVERNMENT_MONITORING/GOVERNMENT_MONITORING_DETAIL/HMDAEthnicityRefusalIndicator", "false"},
		{b1, role + "GOVERNMENT_MONITORING/HMDA_ETHNICITY_ORIGINS/HMDA_ETHNICITY_ORIGIN[0]/HMDAEthnicityOriginType", "Mexican"},
		{b1, role + "GOVERNMENT_MONITORING/HMDA_ETHNICITY_ORIGINS/HMDA_ETHNICITY_ORIGIN[1]/HMDAEthnicityOriginTypeOtherDescription", "Argentinian"},
		{b1, role + "GOVERNMENT_MONITORING/HMDA_RACES/HMDA_RACE[0]/HMDA_RACE_DETAIL/HMDARaceType", "Asian"},
		{b1, role + "GOVERNMENT_MONITORING/HMDA_RACES/HMDA_RACE[0]/HMDA_RACE_DESIGNATIONS/HMDA_RACE_DESIGNATION/HMDARaceDesignationType", "Korean"},
		{b1, role + "GOVERNMENT_MONITORING/HMDA_RACES/HMDA_RACE[1]/HMDA_RACE_DETAIL/HMDARaceType", "White"},
		// The coborrower: e-mail from the application, self-employed, HMDA declined, not served.
		{b2, "INDIVIDUAL/CONTACT_POINTS/CONTACT_POINT/CONTACT_POINT_EMAIL/ContactPointEmailValue", "sam@example.com"},
		{b2, "TAXPAYER_IDENTIFIERS/TAXPAYER_IDENTIFIER/TaxpayerIdentifierValue", "987654321"},
		{b2, role + "BORROWER_DETAIL/BorrowerClassificationType", "Secondary"},
		{b2, role + "BORROWER_DETAIL/SelfDeclaredMilitaryServiceIndicator", "false"},
		{b2, role + "DECLARATION/DECLARATION_DETAIL/CitizenshipResidencyType", "PermanentResidentAlien"},
		{b2, role + "EMPLOYERS/EMPLOYER/EMPLOYMENT/EmploymentBorrowerSelfEmployedIndicator", "true"},
		{b2, role + "EMPLOYERS/EMPLOYER/EMPLOYMENT/OwnershipInterestType", "GreaterThanOrEqualTo25Percent"},
		{b2, role + "CURRENT_INCOME/CURRENT_INCOME_ITEMS/CURRENT_INCOME_ITEM/CURRENT_INCOME_ITEM_DETAIL/IncomeType", "SelfEmploymentIncome"},
		{b2, role + "GOVERNMENT_MONITORING/GOVERNMENT_MONITORING_DETAIL/HMDAEthnicityRefusalIndicator", "true"},
		{b2, role + "GOVERNMENT_MONITORING/GOVERNMENT_MONITORING_DETAIL/HMDARaceRefusalIndicator", "true"},
		{b2, role + "GOVERNMENT_MONITORING/GOVERNMENT_MONITORING_DETAIL/HMDAGenderRefusalIndicator", "true"},
		{b2, role + "GOVERNMENT_MONITORING/GOVERNMENT_MONITORING_DETAIL/HMDAEthnicityType", "(none)"},
		// The subject property, as collateral and as real estate owned.
		{deal, "COLLATERALS/COLLATERAL/SUBJECT_PROPERTY/ADDRESS/AddressLineText", "1200 Alder Street"},
		{deal, "COLLATERALS/COLLATERAL/SUBJECT_PROPERTY/ADDRESS/PostalCode", "94110"},
		{deal, "COLLATERALS/COLLATERAL/SUBJECT_PROPERTY/PROPERTY_DETAIL/AttachmentType", "Attached"},
		{deal, "COLLATERALS/COLLATERAL/SUBJECT_PROPERTY/PROPERTY_DETAIL/FinancedUnitCount", "1"},
		{deal, "COLLATERALS/COLLATERAL/SUBJECT_PROPERTY/PROPERTY_DETAIL/PropertyEstimatedValueAmount", "850000"},
		{deal, "COLLATERALS/COLLATERAL/SUBJECT_PROPERTY/PROPERTY_DETAIL/PropertyInProjectIndicator", "true"},
		{deal, "COLLATERALS/COLLATERAL/SUBJECT_PROPERTY/PROPERTY_DETAIL/PropertyUsageType", "PrimaryResidence"},
		// Assets: the account for the draws, the subject property and the other property.
		{deal, "ASSETS/ASSET[0]/ASSET_DETAIL/AssetType", "CheckingAccount"},
		{deal, "ASSETS/ASSET[0]/ASSET_DETAIL/AssetAccountIdentifier", "000123456789"},
		{deal, "ASSETS/ASSET[1]/OWNED_PROPERTY/OWNED_PROPERTY_DETAIL/OwnedPropertySubjectIndicator", "true"},
		{deal, "ASSETS/ASSET[1]/OWNED_PROPERTY/OWNED_PROPERTY_DETAIL/OwnedPropertyLienUPBAmount", "312000"},
		{deal, "ASSETS/ASSET[2]/OWNED_PROPERTY/PROPERTY/ADDRESS/CityName", "Fresno"},
		{deal, "ASSETS/ASSET[2]/OWNED_PROPERTY/PROPERTY/PROPERTY_DETAIL/PropertyUsageType", "Investment"},
		{deal, "ASSETS/ASSET[2]/OWNED_PROPERTY/OWNED_PROPERTY_DETAIL/OwnedPropertyLienInstallmentAmount", "1100"},
		// Liabilities: the mortgage on this home, then the debts.
		{deal, "LIABILITIES/LIABILITY[0]/LIABILITY_DETAIL/LiabilityType", "MortgageLoan"},
		{deal, "LIABILITIES/LIABILITY[0]/LIABILITY_DETAIL/LiabilitySecuredBySubjectPropertyIndicator", "true"},
		{deal, "LIABILITIES/LIABILITY[0]/LIABILITY_DETAIL/LiabilityUnpaidBalanceAmount", "312000"},
		{deal, "LIABILITIES/LIABILITY[0]/LIABILITY_HOLDER/NAME/FullName", "Big Bank Mortgage"},
		{deal, "LIABILITIES/LIABILITY[1]/LIABILITY_DETAIL/LiabilityType", "Revolving"},
		{deal, "LIABILITIES/LIABILITY[1]/LIABILITY_DETAIL/LiabilityPayoffStatusIndicator", "true"},
		{deal, "LIABILITIES/LIABILITY[2]/LIABILITY_DETAIL/LiabilityType", "Installment"},
		{deal, "LIABILITIES/LIABILITY[2]/LIABILITY_DETAIL/LiabilityRemainingTermMonthsCount", "36"},
		// The line: a second lien, open-end, its terms from the offer, in plain decimals.
		{deal, "LOANS/LOAN/LOAN_DETAIL/HELOCIndicator", "true"},
		{deal, "LOANS/LOAN/LOAN_DETAIL/BorrowerCount", "2"},
		{deal, "LOANS/LOAN/LOAN_DETAIL/ApplicationReceivedDate", "2026-11-26"},
		{deal, "LOANS/LOAN/LOAN_IDENTIFIERS/LOAN_IDENTIFIER/LoanIdentifier", "0123456789abcdef0123456789abcdef"},
		{deal, "LOANS/LOAN/TERMS_OF_LOAN/LienPriorityType", "SecondLien"},
		{deal, "LOANS/LOAN/TERMS_OF_LOAN/NoteAmount", "1500000"},
		{deal, "LOANS/LOAN/TERMS_OF_LOAN/NoteRatePercent", "8.75"},
		{deal, "LOANS/LOAN/HELOC/HELOC_RULE/HELOCMaximumBalanceAmount", "1500000"},
		{deal, "LOANS/LOAN/HELOC/HELOC_RULE/HELOCInitialAdvanceAmount", "50000"},
		{deal, "LOANS/LOAN/HELOC/HELOC_RULE/HELOCRepayPeriodMonthsCount", "240"},
		{deal, "LOANS/LOAN/HOUSING_EXPENSES/HOUSING_EXPENSE[0]/HousingExpenseType", "RealEstateTax"},
		{deal, "LOANS/LOAN/HOUSING_EXPENSES/HOUSING_EXPENSE[1]/HousingExpensePaymentAmount", "125"},
	} {
		if got := tc.n.get(tc.path); got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.path, got, tc.want)
		}
	}
	if got := len(deal.all("LOANS/LOAN/HOUSING_EXPENSES/HOUSING_EXPENSE")); got != 2 {
		t.Errorf("housing expenses: got %d, want 2 (no HOA dues of 0)", got)
	}

	// Relationships tie each asset and liability to its borrowers' roles by label.
	labels := map[string]bool{}
	var collect func(n *node)
	collect = func(n *node) {
		if l := n.attr("label"); l != "" {
			labels[l] = true
		}
		for _, c := range n.children {
			collect(c)
		}
	}
	collect(deal)
	var arcs []string
	for _, r := range deal.all("RELATIONSHIPS/RELATIONSHIP") {
		from, to := r.attr("from"), r.attr("to")
		if !labels[from] || !labels[to] {
			t.Errorf("relationship %s -> %s names a label the file does not have", from, to)
		}
		arcs = append(arcs, from+">"+to)
	}
	for _, want := range []string{"LIABILITY_1>BORROWER_1", "LIABILITY_1>BORROWER_2", "LIABILITY_2>BORROWER_1", "LIABILITY_3>BORROWER_2", "ASSET_1>BORROWER_1", "ASSET_2>BORROWER_2"} {
		if !slices.Contains(arcs, want) {
			t.Errorf("relationships: got %v, want %s among them", arcs, want)
		}
	}
}

// TestMarshalValidatesAgainstTheSchema validates the files against the
// MISMO 3.4 B324 schema in testdata with xmllint (libxml2-utils).
func TestMarshalValidatesAgainstTheSchema(t *testing.T) {
	xmllint, err := exec.LookPath("xmllint")
	if err != nil {
		t.Skip("xmllint not found: install libxml2-utils (make deps) to validate against the MISMO 3.4 schema")
	}
	dir := unpackSchema(t)
	for name, in := range map[string]mismo.Input{"full": fullApplication(), "minimal": minimalApplication(), "cents": centsApplication()} {
		t.Run(name, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), name+".xml")
			if err := os.WriteFile(file, mustMarshal(t, in), 0o600); err != nil {
				t.Fatal(err)
			}
			out, err := exec.Command(xmllint, "--nonet", "--noout", "--schema", filepath.Join(dir, "MISMO_3.4.0_B324.xsd"), file).CombinedOutput()
			if err != nil {
				t.Fatalf("xmllint: %v\n%s", err, out)
			}
		})
	}

	// The schema is strict enough to catch a mistake: an enumeration's
	// value it does not know, and an element out of its sequence's order.
	full := string(mustMarshal(t, fullApplication()))
	bad := map[string]func(string) string{
		"unknown enumeration": func(s string) string {
			return strings.Replace(s, "<LienPriorityType>SecondLien<", "<LienPriorityType>Second<", 1)
		},
		// LastName before FirstName breaks NAME's sequence.
		"elements out of order": func(s string) string {
			return strings.Replace(s, "<FirstName>María</FirstName>", "<LastName>X</LastName><FirstName>María</FirstName>", 1)
		},
	}
	for name, change := range bad {
		t.Run("refuses "+name, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "bad.xml")
			if err := os.WriteFile(file, []byte(change(full)), 0o600); err != nil {
				t.Fatal(err)
			}
			if out, err := exec.Command(xmllint, "--nonet", "--noout", "--schema", filepath.Join(dir, "MISMO_3.4.0_B324.xsd"), file).CombinedOutput(); err == nil {
				t.Fatalf("xmllint accepted the broken file:\n%s", out)
			}
		})
	}
}

// unpackSchema writes the gzipped schema files of testdata to a folder.
func unpackSchema(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	files, err := filepath.Glob("testdata/mismo-3.4.0-b324/*.xsd.gz")
	if err != nil || len(files) == 0 {
		t.Fatalf("schema files: %v (%d found)", err, len(files))
	}
	for _, f := range files {
		in, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		zr, err := gzip.NewReader(in)
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(zr)
		in.Close()
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, strings.TrimSuffix(filepath.Base(f), ".gz")), b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestCheck(t *testing.T) {
	full := mismo.Build(fullApplication())
	for _, target := range []mismo.Target{mismo.Encompass, mismo.Byte, mismo.LendingPad} {
		if got := mismo.Check(target, full); len(got) != 0 {
			t.Errorf("%s, full application: got missing %v, want none", target, got)
		}
	}

	minimal := mismo.Build(minimalApplication())
	fields := func(ms []mismo.Missing) []string {
		var out []string
		for _, m := range ms {
			out = append(out, m.Field)
		}
		return out
	}
	everyone := []string{"borrower.ssn", "borrower.dateOfBirth", "borrower.currentAddress", "borrower.contact", "borrower.demographics",
		"property.value", "property.usage", "line.amount"}
	for _, tc := range []struct {
		target      mismo.Target
		want, extra []string
	}{
		{mismo.Encompass, everyone, []string{"borrower.citizenship", "borrower.maritalStatus", "borrower.employment", "borrower.declarations", "property.units"}},
		{mismo.Byte, everyone, []string{"borrower.citizenship", "borrower.maritalStatus", "borrower.employment", "borrower.declarations", "property.units"}},
		{mismo.LendingPad, everyone, []string{"borrower.email"}},
	} {
		t.Run(string(tc.target), func(t *testing.T) {
			got := fields(mismo.Check(tc.target, minimal))
			want := append(slices.Clone(tc.want), tc.extra...)
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Fatalf("got %v, want %v", got, want)
			}
		})
	}

	t.Run("the message names the target, the person and the field", func(t *testing.T) {
		in := fullApplication()
		in.Application.Coborrower.SSN = nil
		got := mismo.Check(mismo.Byte, mismo.Build(in))
		want := []mismo.Missing{{Field: "coborrower.ssn", Message: "Byte needs the coborrower's Social Security number."}}
		if !slices.Equal(got, want) {
			t.Fatalf("got %v, want %v", got, want)
		}
	})

	t.Run("an unknown target", func(t *testing.T) {
		if got := mismo.Check("calyx", full); len(got) != 1 || got[0].Field != "target" {
			t.Fatalf("got %v, want one missing field, target", got)
		}
	})

	t.Run("every requirement names known targets", func(t *testing.T) {
		for _, r := range mismo.Requirements() {
			for _, target := range r.Targets {
				if target.Name() == "" {
					t.Errorf("%s: unknown target %q", r.Field, target)
				}
			}
		}
	})
}
