package mismo

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/heloc/heloc/server/domain"
)

// Build makes the message of a submitted application. This file holds the
// input, the deal (assets, liabilities, the subject property and loan, and
// the relationships between them), the file's encoding, the helpers and
// the application's values as MISMO's enumerations; build_borrowers.go
// holds each borrower's party.

// Input is what a MISMO file is made of: the submitted application and what
// the loan knows beside it.
type Input struct {
	// LoanID is our loan's id, sent as the lender's loan identifier.
	LoanID      string
	Application domain.Application
	// AccountEmail and AccountPhone are the applicant's account's, used
	// for the borrower when the application carries none.
	AccountEmail string
	AccountPhone string
	// PropertyValue is the prequalification's value of the home, used when
	// the application's property has none.
	PropertyValue *domain.Cents
	// Terms are the line's terms from the loan's latest preview offer; nil
	// when there is none.
	Terms *Terms
	// CreatedAt is when the file is made.
	CreatedAt time.Time
}

// Terms are a line of credit's terms as the preview offer gave them.
type Terms struct {
	Line                 int64   // the line's maximum balance (the amount chosen), whole dollars
	APR                  float64 // percent
	Margin               float64 // percent over the index
	IndexRate            float64 // the prime rate, percent
	RateCap              float64 // the maximum APR, percent
	RepaymentPeriodYears int
}

// The xlink roles of the relationships a file carries.
const (
	arcAssetRole     = "urn:fdc:mismo.org:2009:residential/ASSET_IsAssociatedWith_ROLE"
	arcLiabilityRole = "urn:fdc:mismo.org:2009:residential/LIABILITY_IsAssociatedWith_ROLE"
)

// borrowerLabel is the xlink label of the role of the i-th borrower (0: the
// borrower, 1: the coborrower).
func borrowerLabel(i int) string { return "BORROWER_" + strconv.Itoa(i+1) }

// Build makes the MISMO message of in. It never fails: what the
// application does not hold is left out, and Check says which of those a
// target needs.
func Build(in Input) *Message {
	app := in.Application
	m := &Message{ReferenceModel: ReferenceModel, XLink: XLinkNamespace}
	m.AboutVersions.AboutVersion = []AboutVersion{{SequenceNumber: 1, AboutVersionIdentifier: "Keystone Home Equity URLA export 1",
		CreatedDatetime: in.CreatedAt.UTC().Format(time.RFC3339)}}
	deal := &m.DealSets.DealSet.Deals.Deal

	people := []*domain.Person{&app.User}
	if app.Coborrower != nil {
		people = append(people, app.Coborrower)
	}
	for i, p := range people {
		email, phone := deref(p.Email), deref(p.Phone)
		if i == 0 {
			email, phone = or(email, in.AccountEmail), or(phone, in.AccountPhone)
		}
		deal.Parties.Party = append(deal.Parties.Party, party(i, p, email, phone, in.CreatedAt))
	}

	var rels []Relationship
	link := func(arc, from string, owners ...int) {
		for _, o := range owners {
			if o < len(people) {
				rels = append(rels, Relationship{SequenceNumber: len(rels) + 1, Arcrole: arc, From: from, To: borrowerLabel(o)})
			}
		}
	}
	everyone := []int{0, 1}

	// Liabilities: the mortgages, then the other debts of the credit report
	// (and those the borrower added).
	var liabilities []Liability
	var securedBalance, securedPayment domain.Cents
	for _, l := range app.Mortgages {
		secured := l.AddedByUser || l.Confirmed == nil || *l.Confirmed
		if secured {
			securedBalance += domain.CentsOf(l.Balance)
			securedPayment += deref(l.MonthlyPayment)
		}
		liabilities = append(liabilities, liability(len(liabilities), l, true, secured))
		link(arcLiabilityRole, liabilities[len(liabilities)-1].Label, owners(l.Debtor)...)
	}
	for _, l := range app.Liabilities {
		liabilities = append(liabilities, liability(len(liabilities), l, false, false))
		link(arcLiabilityRole, liabilities[len(liabilities)-1].Label, owners(l.Debtor)...)
	}
	if len(liabilities) > 0 {
		deal.Liabilities = &Liabilities{Liability: liabilities}
	}

	// Assets: the account the funds go to, the subject property as real
	// estate owned, and the other properties owned.
	value := app.Property.Value
	if value == nil {
		value = in.PropertyValue
	}
	subject := Property{Address: address(app.Property.Address, ""), Detail: propertyDetail(deref(app.Property.Type), deref(app.Property.Units), deref(app.Property.Usage), value)}
	var assets []Asset
	add := func(a Asset, owners ...int) {
		a.SequenceNumber, a.Label = len(assets)+1, "ASSET_"+strconv.Itoa(len(assets)+1)
		assets = append(assets, a)
		link(arcAssetRole, a.Label, owners...)
	}
	if d := app.Disbursement; d != nil {
		kind := "CheckingAccount"
		if d.AccountType == "savings" {
			kind = "SavingsAccount"
		}
		add(Asset{Detail: AssetDetail{AssetAccountIdentifier: digits(d.AccountNumber), AssetDescription: "Account for the line's draws", AssetType: kind}}, 0)
	}
	add(Asset{Detail: AssetDetail{AssetType: "RealEstateOwned"}, OwnedProperty: &OwnedProperty{
		Detail: OwnedPropertyDetail{OwnedPropertyDispositionStatusType: "Retain", OwnedPropertyLienInstallmentAmount: positive(securedPayment),
			OwnedPropertyLienUPBAmount: positive(securedBalance), OwnedPropertySubjectIndicator: true},
		Property: subject,
	}}, everyone...)
	for _, o := range app.PropertyOwnerships {
		var balance, payment domain.Cents
		for _, l := range o.Mortgages {
			balance += domain.CentsOf(l.Balance)
			payment += deref(l.MonthlyPayment)
		}
		add(Asset{Detail: AssetDetail{AssetType: "RealEstateOwned"}, OwnedProperty: &OwnedProperty{
			Detail: OwnedPropertyDetail{OwnedPropertyDispositionStatusType: "Retain", OwnedPropertyLienInstallmentAmount: positive(payment),
				OwnedPropertyLienUPBAmount: positive(balance)},
			Property: Property{Address: address(o.Address, ""), Detail: propertyDetail(deref(o.Type), deref(o.Units), deref(o.Usage), o.Value)},
		}}, 0)
	}
	deal.Assets = &Assets{Asset: assets}
	deal.Collaterals.Collateral.SubjectProperty = subject
	if len(rels) > 0 {
		deal.Relationships = &Relationships{Relationship: rels}
	}

	deal.Loans.Loan = loan(in, len(people), securedBalance > 0)
	return m
}

// Marshal is Build's message as a MISMO 3.4 file: an XML declaration and
// the indented message.
func Marshal(in Input) ([]byte, error) {
	return Encode(Build(in))
}

// Encode writes m as a MISMO 3.4 file.
func Encode(m *Message) ([]byte, error) {
	var buf bytes.Buffer
	buf.WriteString(xml.Header)
	enc := xml.NewEncoder(&buf)
	enc.Indent("", "  ")
	if err := enc.Encode(m); err != nil {
		return nil, fmt.Errorf("mismo: %w", err)
	}
	buf.WriteByte('\n')
	return buf.Bytes(), nil
}

// loan is the subject loan: a home equity line of credit, open-end.
func loan(in Input, borrowers int, hasLien bool) Loan {
	app := in.Application
	l := Loan{LoanRoleType: "SubjectLoan"}
	l.Detail = LoanDetail{BorrowerCount: borrowers, HELOCIndicator: true, OpenEndCreditIndicator: true}
	if app.SubmittedAt != nil && len(*app.SubmittedAt) >= 10 {
		l.Detail.ApplicationReceivedDate = (*app.SubmittedAt)[:10]
	}
	l.Identifiers.LoanIdentifier = []LoanIdentifier{{SequenceNumber: 1, LoanIdentifier: in.LoanID, LoanIdentifierType: "LenderLoan"}}
	// The URLA has no HELOC purpose: Other, described, with the HELOC
	// indicator set (lender practice; the spec is silent).
	l.Terms = TermsOfLoan{LoanPurposeType: "Other", LoanPurposeTypeOtherDescription: "Home equity line of credit", MortgageType: "Conventional", LienPriorityType: "FirstLien"}
	if hasLien {
		l.Terms.LienPriorityType = "SecondLien"
	}
	rule := HELOCRule{}
	if t := in.Terms; t != nil {
		line := domain.CentsOf(t.Line)
		l.Terms.BaseLoanAmount, l.Terms.NoteAmount = positive(line), positive(line)
		l.Terms.NoteRatePercent, l.Terms.DisclosedMarginRatePercent, l.Terms.DisclosedIndexRatePercent = positivePercent(t.APR), positivePercent(t.Margin), positivePercent(t.IndexRate)
		rule.HELOCMaximumBalanceAmount, rule.HELOCMaximumAPRPercent = positive(line), positivePercent(t.RateCap)
		rule.HELOCRepayPeriodMonthsCount = t.RepaymentPeriodYears * 12
	}
	if d := app.Disbursement; d != nil {
		rule.HELOCInitialAdvanceAmount = positive(d.InitialDraw)
	}
	if rule != (HELOCRule{}) {
		l.HELOC = &HELOC{Rule: rule}
	}
	var expenses []HousingExpense
	for _, e := range []struct {
		kind   string
		amount *domain.Cents
	}{{"RealEstateTax", app.Property.MonthlyTaxes}, {"HomeownersInsurance", app.Property.MonthlyInsurance}, {"HomeownersAssociationDuesAndCondominiumFees", app.Property.HOAMonthly}} {
		if e.amount != nil && *e.amount > 0 {
			expenses = append(expenses, HousingExpense{SequenceNumber: len(expenses) + 1, HousingExpensePaymentAmount: Amount(*e.amount), HousingExpenseTimingType: "Present", HousingExpenseType: e.kind})
		}
	}
	if len(expenses) > 0 {
		l.HousingExpenses = &HousingExpenses{HousingExpense: expenses}
	}
	return l
}

func liability(i int, l domain.Liability, mortgage, secured bool) Liability {
	kind, other := liabilityType(deref(l.Type), mortgage)
	out := Liability{SequenceNumber: i + 1, Label: "LIABILITY_" + strconv.Itoa(i+1), Detail: LiabilityDetail{
		LiabilityAccountIdentifier: deref(l.ID), LiabilityExclusionIndicator: l.Omitted, LiabilityMonthlyPaymentAmount: positive(deref(l.MonthlyPayment)),
		LiabilityPayoffStatusIndicator: l.ToBePaidOff, LiabilitySecuredBySubjectPropertyIndicator: secured,
		LiabilityType: kind, LiabilityTypeOtherDescription: other, LiabilityUnpaidBalanceAmount: amount(domain.CentsOf(l.Balance))}}
	if l.Term != nil {
		out.Detail.LiabilityRemainingTermMonthsCount = *l.Term
	}
	if c := deref(l.Creditor); c != "" {
		out.Holder = &LiabilityHolder{Name: Name{FullName: c}}
	}
	return out
}

func liabilityType(kind string, mortgage bool) (string, string) {
	if mortgage {
		return "MortgageLoan", ""
	}
	if t, ok := liabilityByType[strings.ToLower(kind)]; ok {
		return t, ""
	}
	if kind == "" {
		return "Other", "Not given"
	}
	return "Other", kind
}

// owners are the borrowers a debt belongs to, by its debtor.
func owners(debtor *string) []int {
	switch deref(debtor) {
	case "coborrower":
		return []int{1}
	case "joint":
		return []int{0, 1}
	}
	return []int{0}
}

func propertyDetail(kind, units, usage string, value *domain.Cents) *PropertyDetail {
	d := &PropertyDetail{PropertyUsageType: propertyUsage[usage]}
	switch kind {
	case "singleFamily":
		d.AttachmentType, d.ConstructionMethodType = "Detached", "SiteBuilt"
	case "townhouse", "multiUnit":
		d.AttachmentType, d.ConstructionMethodType = "Attached", "SiteBuilt"
	case "condo":
		yes := true
		d.AttachmentType, d.ConstructionMethodType, d.PropertyInProjectIndicator = "Attached", "SiteBuilt", &yes
	case "manufactured":
		d.ConstructionMethodType = "Manufactured"
	}
	if n, err := strconv.Atoi(strings.TrimSuffix(units, "+")); err == nil {
		d.FinancedUnitCount = n
	}
	if value != nil && *value > 0 {
		d.PropertyEstimatedValueAmount = amount(*value)
	}
	return d
}

// address is a MISMO address of a, or nil for none.
func address(a *domain.Address, kind string) *Address {
	if a == nil {
		return nil
	}
	return &Address{AddressAdditionalLineText: deref(a.Line2), AddressLineText: a.Line1, AddressType: kind, CityName: a.City,
		CountryCode: "US", CountyName: deref(a.County), PostalCode: a.Zip, StateCode: a.State}
}

// monthsSince counts the whole months from date (yyyy-MM-dd) to now; 0
// when date is not one.
func monthsSince(date string, now time.Time) int {
	t, err := time.Parse("2006-01-02", date)
	if err != nil || t.After(now) {
		return 0
	}
	months := (now.Year()-t.Year())*12 + int(now.Month()-t.Month())
	if now.Day() < t.Day() {
		months--
	}
	return max(months, 0)
}

func yesNo(b *bool) string {
	switch {
	case b == nil:
		return ""
	case *b:
		return "Yes"
	}
	return "No"
}

// positive is the amount, or nil (left out) for none.
func positive(c domain.Cents) *Amount {
	if c <= 0 {
		return nil
	}
	return amount(c)
}

// positivePercent is the rate, or nil (left out) for none.
func positivePercent(f float64) *Percent {
	if f <= 0 {
		return nil
	}
	return percent(f)
}

// digits keeps the digits of s (a phone, SSN or account number as typed).
func digits(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

func deref[T any](p *T) T {
	var zero T
	if p == nil {
		return zero
	}
	return *p
}

func or(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// The application's values (schemas/enums.cue) as MISMO 3.4's enumerations.
var (
	maritalStatus  = map[string]string{"married": "Married", "separated": "Separated", "unmarried": "Unmarried"}
	citizenship    = map[string]string{"usCitizen": "USCitizen", "permanentResident": "PermanentResidentAlien", "nonPermanentResident": "NonPermanentResidentAlien"}
	residencyBasis = map[string]string{"Own": "Own", "Rent": "Rent", "NoPrimaryHousingExpense": "LivingRentFree"}
	propertyUsage  = map[string]string{"primaryResidence": "PrimaryResidence", "secondHome": "SecondHome", "investment": "Investment"}
	militaryStatus = map[string]string{"currentlyServing": "ActiveDuty", "retiredOrDischardOrSeparated": "Separated", "reserveOrNationalGuard": "ReserveNationalGuardNeverActivated"}
	priorTitle     = map[string]string{"sole": "Sole", "jointWithSpouse": "JointWithSpouse", "jointWithOtherPerson": "JointWithOtherThanSpouse"}
	// MISMO 3.4 has no FHA secondary residence among prior usages (ULAD
	// carries it in an extension): it is sent as a second home.
	priorUsage        = map[string]string{"primaryResidence": "PrimaryResidence", "fhaSecondaryResidence": "SecondHome", "secondHome": "SecondHome", "investment": "Investment"}
	bankruptcyChapter = map[string]string{"chapter7": "ChapterSeven", "chapter11": "ChapterEleven", "chapter12": "ChapterTwelve", "chapter13": "ChapterThirteen", "chapter15": "ChapterFifteen", "other": "Other"}
	liabilityByType   = map[string]string{"revolving": "Revolving", "installment": "Installment", "open": "Open30DayChargeAccount", "lease": "LeasePayment", "heloc": "HELOC", "mortgage": "MortgageLoan"}
	incomeByType      = map[string]string{"pension": "Pension", "bah": "MilitaryQuartersAllowance", "bas": "MilitaryRationsAllowance", "alimony": "Alimony", "childSupport": "ChildSupport",
		"disability": "Disability", "fosterCare": "FosterCare", "capitalGains": "CapitalGains", "interestAndDividends": "DividendsInterest", "socialSecurity": "SocialSecurity", "rental": "NetRentalIncome"}
	// incomeByLabel maps the other-income page's labels (#OtherIncomeLabel);
	// MISMO spells the first "AccessoryUnitIincome".
	incomeByLabel = map[string]string{"Accessory Unit Income": "AccessoryUnitIincome", "Alimony": "Alimony", "Automobile Allowance": "AutomobileAllowance",
		"Boarder Income": "BoarderIncome", "Capital Gains": "CapitalGains", "Child Support": "ChildSupport", "Defined Contribution Plan": "DefinedContributionPlan",
		"Disability": "Disability", "Dividends and Interest": "DividendsInterest", "Employment Related Account": "EmploymentRelatedAccount", "Foster Care": "FosterCare",
		"Housing Allowance": "HousingAllowance", "Housing Choice Voucher Program": "HousingChoiceVoucherProgram", "Mortgage Credit Certificate": "MortgageCreditCertificate",
		"Mortgage Differential": "MortgageDifferential", "Non-Borrower Household Income": "NonBorrowerHouseholdIncome", "Notes Receivable Installment": "NotesReceivableInstallment",
		"Other": "Other", "Pension": "Pension", "Public Assistance": "PublicAssistance", "Royalties": "Royalties", "Separate Maintenance": "SeparateMaintenance",
		"Social Security": "SocialSecurity", "Temporary Leave": "TemporaryLeave", "Tip Income": "TipIncome", "Trust": "Trust", "Unemployment": "Unemployment",
		"VA Benefits Non-Educational": "VABenefitsNonEducational"}
)
