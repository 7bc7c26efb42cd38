package mismo

import (
	"strings"
	"time"

	"github.com/heloc/heloc/server/domain"
)

// Each borrower as a MISMO party: name, contacts, taxpayer identifier,
// military service, residences, employment and income, declarations, and
// the HMDA government monitoring data.

// party is the i-th borrower (0: the borrower, 1: the coborrower).
func party(i int, p *domain.Person, email, phone string, now time.Time) Party {
	pt := Party{SequenceNumber: i + 1}
	pt.Individual.Name = Name{FirstName: deref(p.FirstName), MiddleName: deref(p.MiddleName), LastName: deref(p.LastName), SuffixName: strings.ToUpper(deref(p.Suffix))}
	var contacts []ContactPoint
	if email != "" {
		contacts = append(contacts, ContactPoint{SequenceNumber: len(contacts) + 1, Email: &ContactPointEmail{email}, Detail: &ContactPointDetail{"Home"}})
	}
	if phone != "" {
		contacts = append(contacts, ContactPoint{SequenceNumber: len(contacts) + 1, Telephone: &ContactPointTelephone{digits(phone)}, Detail: &ContactPointDetail{"Mobile"}})
	}
	if len(contacts) > 0 {
		pt.Individual.ContactPoints = &ContactPoints{ContactPoint: contacts}
	}
	if p.MailingAddress != nil {
		pt.Addresses = &Addresses{Address: []Address{*address(p.MailingAddress, "Mailing")}}
	}
	if ssn := digits(deref(p.SSN)); ssn != "" {
		pt.TaxpayerIdentifiers = &TaxpayerIdentifiers{TaxpayerIdentifier: []TaxpayerIdentifier{{SequenceNumber: 1, TaxpayerIdentifierType: "SocialSecurityNumber", TaxpayerIdentifierValue: ssn}}}
	}
	b := &Borrower{}
	class := "Primary"
	if i > 0 {
		class = "Secondary"
	}
	b.Detail = BorrowerDetail{BorrowerBirthDate: deref(p.DateOfBirth), BorrowerClassificationType: class, MaritalStatusType: maritalStatus[deref(p.MaritalStatus)]}
	military(p, b)
	residences(p, b, now)
	employment(p, b)
	if d := p.Declarations; d != nil {
		b.Detail.CreditReportAuthorizationIndicator = d.CreditCheckAuthorization
		b.Declaration = &Declaration{Detail: declarations(d, deref(p.Citizenship))}
		if deref(d.HasBankruptcy) && d.Bankruptcy != nil {
			b.Bankruptcies = &Bankruptcies{Bankruptcy: []Bankruptcy{{SequenceNumber: 1, Detail: BankruptcyDetail{BankruptcyChapterType: bankruptcyChapter[*d.Bankruptcy]}}}}
		}
	} else if c := citizenship[deref(p.Citizenship)]; c != "" {
		b.Declaration = &Declaration{Detail: DeclarationDetail{CitizenshipResidencyType: c}}
	}
	if d := p.Demographics; d != nil {
		b.GovernmentMonitoring = governmentMonitoring(d)
	}
	pt.Roles.Role = []Role{{SequenceNumber: 1, Label: borrowerLabel(i), Borrower: b, Detail: RoleDetail{PartyRoleType: "Borrower"}}}
	return pt
}

func military(p *domain.Person, b *Borrower) {
	status := deref(p.MilitaryStatus)
	if status == "" {
		return
	}
	served := status != "none"
	b.Detail.SelfDeclaredMilitaryServiceIndicator = &served
	if status == "survivingSpouse" {
		yes := true
		b.Detail.SpousalVABenefitsEligibilityIndicator = &yes
		return
	}
	if s := militaryStatus[status]; s != "" {
		b.MilitaryServices = &MilitaryServices{MilitaryService: []MilitaryService{{SequenceNumber: 1, MilitaryStatusType: s}}}
	}
}

func residences(p *domain.Person, b *Borrower, now time.Time) {
	var rs []Residence
	if p.CurrentAddress != nil {
		since := deref(p.CurrentAddressSince)
		rs = append(rs, Residence{SequenceNumber: 1, Address: *address(p.CurrentAddress, ""), Detail: ResidenceDetail{
			BorrowerResidencyBasisType: residencyBasis[deref(p.Housing)], BorrowerResidencyDurationMonthsCount: monthsSince(since, now),
			BorrowerResidencyStartDate: since, BorrowerResidencyType: "Current"}})
	}
	for _, f := range p.FormerAddresses {
		a := f.Address
		rs = append(rs, Residence{SequenceNumber: len(rs) + 1, Address: *address(&a, ""), Detail: ResidenceDetail{
			BorrowerResidencyBasisType: residencyBasis[f.Housing], BorrowerResidencyEndDate: f.MovedOut, BorrowerResidencyStartDate: f.MovedIn,
			BorrowerResidencyType: "Prior"}})
	}
	if len(rs) > 0 {
		b.Residences = &Residences{Residence: rs}
	}
}

// employment writes the person's jobs and their income: each current job's
// pay by kind, then the other income sources, all monthly.
func employment(p *domain.Person, b *Borrower) {
	var employers []Employer
	var income []CurrentIncomeItem
	addIncome := func(amount domain.Cents, employment bool, kind, other string, foreign bool) {
		if amount <= 0 {
			return
		}
		income = append(income, CurrentIncomeItem{SequenceNumber: len(income) + 1, Detail: CurrentIncomeItemDetail{
			CurrentIncomeMonthlyTotalAmount: Amount(amount), EmploymentIncomeIndicator: employment, ForeignIncomeIndicator: foreign,
			IncomeType: kind, IncomeTypeOtherDescription: other}})
	}
	primary := false
	for _, e := range p.Employments {
		current := e.EndDate == nil || *e.EndDate == ""
		emp := Employment{EmploymentBorrowerSelfEmployedIndicator: e.SelfEmployedIndicator, EmploymentEndDate: deref(e.EndDate),
			EmploymentPositionDescription: deref(e.Position), EmploymentStartDate: e.StartDate, EmploymentStatusType: "Previous"}
		if e.SelfEmployedIndicator {
			emp.OwnershipInterestType = deref(e.OwnershipInterestType)
		}
		monthly := deref(e.Base) + deref(e.Overtime) + deref(e.Bonuses) + deref(e.Commissions)
		if current {
			emp.EmploymentStatusType, emp.EmploymentClassificationType = "Current", "Secondary"
			if !primary {
				emp.EmploymentClassificationType, primary = "Primary", true
			}
			emp.EmploymentMonthlyIncomeAmount = positive(monthly)
			base := "Base"
			if e.SelfEmployedIndicator {
				base = "SelfEmploymentIncome"
			}
			addIncome(deref(e.Base), true, base, "", false)
			addIncome(deref(e.Overtime), true, "Overtime", "", false)
			addIncome(deref(e.Bonuses), true, "Bonus", "", false)
			addIncome(deref(e.Commissions), true, "Commissions", "", false)
		}
		er := Employer{SequenceNumber: len(employers) + 1, Employment: emp}
		if name := deref(e.EmployerName); name != "" {
			er.LegalEntity = &LegalEntity{Detail: LegalEntityDetail{FullName: name}}
		}
		er.Address = address(e.EmployerAddress, "")
		employers = append(employers, er)
	}
	for _, s := range p.IncomeSources {
		kind, other := incomeType(s)
		amount := deref(s.OtherValue)
		if s.OtherValue == nil {
			amount = deref(s.Base) + deref(s.Overtime) + deref(s.Bonuses) + deref(s.Commissions)
		}
		addIncome(amount, false, kind, other, s.Type == "foreign")
	}
	if len(employers) > 0 {
		b.Employers = &Employers{Employer: employers}
	}
	if len(income) > 0 {
		b.CurrentIncome = &CurrentIncome{Items: CurrentIncomeItems{Item: income}}
	}
}

// incomeType is the MISMO income type of an income source: by the label
// the borrower picked, else by its kind.
func incomeType(s domain.IncomeSource) (string, string) {
	if s.Label != nil {
		if t, ok := incomeByLabel[*s.Label]; ok {
			return t, ""
		}
	}
	if t, ok := incomeByType[s.Type]; ok {
		return t, ""
	}
	desc := s.Type
	if s.Label != nil {
		desc = *s.Label
	}
	return "Other", desc
}

func declarations(d *domain.Declarations, citizenshipValue string) DeclarationDetail {
	out := DeclarationDetail{
		BankruptcyIndicator:                        d.HasBankruptcy,
		CitizenshipResidencyType:                   citizenship[citizenshipValue],
		HomeownerPastThreeYearsType:                yesNo(d.OnwershipInterest),
		IntentToOccupyType:                         yesNo(d.HasIntentToOccupy),
		OutstandingJudgmentsIndicator:              d.HasOustandingJudgements,
		PartyToLawsuitIndicator:                    d.IsPartyToLawsuit,
		PresentlyDelinquentIndicator:               d.HasFederalDebt,
		PriorPropertyDeedInLieuConveyedIndicator:   d.HasConveyedForeclosure,
		PriorPropertyForeclosureCompletedIndicator: d.HasForeclosure,
		PriorPropertyShortSaleCompletedIndicator:   d.DoneShortSale,
		PropertyProposedCleanEnergyLienIndicator:   d.IsPropertySubjectToLien,
		UndisclosedBorrowedFundsIndicator:          d.HasBorrowedThirdPartyMoney,
		UndisclosedComakerOfNoteIndicator:          d.IsGuarantorOrCosigor,
		UndisclosedCreditApplicationIndicator:      d.WantsAnotherLoan,
		UndisclosedMortgageApplicationIndicator:    d.WantsAnotherMortgage,
	}
	if deref(d.OnwershipInterest) {
		out.PriorPropertyTitleType = priorTitle[deref(d.OtherPropertyTitle)]
		out.PriorPropertyUsageType = priorUsage[deref(d.OtherPropertyType)]
	}
	if deref(d.HasBorrowedThirdPartyMoney) && d.BorrowedThirdPartyMoneyAmount != nil {
		out.UndisclosedBorrowedFundsAmount = amount(*d.BorrowedThirdPartyMoneyAmount)
	}
	return out
}

// governmentMonitoring is the HMDA information as the borrower gave it: an
// ethnicity of Hispanic or Latino with its origins, Not Hispanic or Latino
// when none is ticked and the question was not declined (the form saves
// that answer as no box), each race with its designations, and the sex.
func governmentMonitoring(d *domain.Demographics) *GovernmentMonitoring {
	g := &GovernmentMonitoring{Detail: GovernmentMonitoringDetail{HMDAEthnicityRefusalIndicator: d.WontInformEthinicity,
		HMDAGenderRefusalIndicator: d.WontInformGender, HMDARaceRefusalIndicator: d.WontInformRace}}
	switch {
	case d.IsHispanicOrLatino:
		g.Detail.HMDAEthnicityType = "HispanicOrLatino"
	case !d.WontInformEthinicity:
		g.Detail.HMDAEthnicityType = "NotHispanicOrLatino"
	}
	var origins []HMDAEthnicityOrigin
	for _, o := range []struct {
		on    bool
		kind  string
		other *string
	}{{d.IsMexican, "Mexican", nil}, {d.IsPuertoRican, "PuertoRican", nil}, {d.IsCuban, "Cuban", nil}, {d.IsOtherHispanicOrLatino, "Other", d.OtherHispanicOrLatinoOrigin}} {
		if o.on {
			origins = append(origins, HMDAEthnicityOrigin{SequenceNumber: len(origins) + 1, HMDAEthnicityOriginType: o.kind, HMDAEthnicityOriginTypeOtherDescription: deref(o.other)})
		}
	}
	if len(origins) > 0 {
		g.EthnicityOrigins = &HMDAEthnicityOrigins{Origin: origins}
	}
	type designation struct {
		on    bool
		kind  string
		other *string
	}
	var races []HMDARace
	addRace := func(on bool, kind, additional string, designations ...designation) {
		if !on {
			return
		}
		r := HMDARace{SequenceNumber: len(races) + 1, Detail: HMDARaceDetail{HMDARaceType: kind, HMDARaceTypeAdditionalDescription: additional}}
		var ds []HMDARaceDesignation
		for _, d := range designations {
			if d.on {
				ds = append(ds, HMDARaceDesignation{SequenceNumber: len(ds) + 1, HMDARaceDesignationType: d.kind, HMDARaceDesignationTypeOtherDescription: deref(d.other)})
			}
		}
		if len(ds) > 0 {
			r.Designations = &HMDARaceDesignations{Designation: ds}
		}
		races = append(races, r)
	}
	addRace(d.IsNativeAmerican, "AmericanIndianOrAlaskaNative", deref(d.NativeAmericanTribe))
	addRace(d.IsAsian, "Asian", "",
		designation{d.IsAsianIndian, "AsianIndian", nil}, designation{d.IsChinese, "Chinese", nil}, designation{d.IsFilipino, "Filipino", nil},
		designation{d.IsJapanese, "Japanese", nil}, designation{d.IsKorean, "Korean", nil}, designation{d.IsVietnamese, "Vietnamese", nil},
		designation{d.IsOtherAsian, "Other", d.OtherAsianOrigin})
	addRace(d.IsAfricanAmerican, "BlackOrAfricanAmerican", "")
	addRace(d.IsPacificIslander, "NativeHawaiianOrOtherPacificIslander", "",
		designation{d.IsNativeHawaiian, "NativeHawaiian", nil}, designation{d.IsGuamanianOrChamorro, "GuamanianOrChamorro", nil},
		designation{d.IsSamoan, "Samoan", nil}, designation{d.IsOtherPacificIslander, "Other", d.OtherPacificIslanderOrigin})
	addRace(d.IsWhite, "White", "")
	if len(races) > 0 {
		g.Races = &HMDARaces{Race: races}
	}
	// MISMO 3.4's GenderType takes one value: a borrower who ticked both
	// is sent with neither (ULAD's extension for both is not part of the
	// reference model).
	switch {
	case d.IsFemale && !d.IsMale:
		g.Detail.GenderType = "Female"
	case d.IsMale && !d.IsFemale:
		g.Detail.GenderType = "Male"
	}
	return g
}
