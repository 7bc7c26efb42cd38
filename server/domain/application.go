package domain

import (
	"encoding/json"
	"time"
)

// The full application (issue 12). The types mirror the CUE definitions of
// schemas/entities.cue field for field, so that a record decoded against
// them and stored loses nothing; optional fields are pointers, nullable
// ones are pointers without omitempty (they are written as null), lists are
// always written (see Application.Normalize).

// Application is a loan application (schemas #Application): what the
// borrower enters on the pages of /app/application/, stored sealed as one
// record per loan and read by the documents policy.
type Application struct {
	Coborrower         *Person             `json:"coborrower"`
	IsInTrust          bool                `json:"isInTrust"`
	Liabilities        []Liability         `json:"liabilities"`
	Mortgages          []Liability         `json:"mortgages"`
	Property           Property            `json:"property"`
	PropertyOwnerships []PropertyOwnership `json:"propertyOwnerships"`
	Uploads            []Upload            `json:"uploads"`
	User               Person              `json:"user"`
	// Disbursement is the bank account and first draw (loan-disbursement);
	// its numbers are sealed with the application and masked in answers.
	Disbursement *Disbursement `json:"disbursement,omitempty"`
	// SubmittedAt is when the borrower submitted the application (RFC 3339).
	SubmittedAt *string `json:"submittedAt,omitempty"`
	// Signatures are the disclosures signed (the sign page), one per
	// document and person.
	Signatures []Signature `json:"signatures,omitempty"`
}

// Disbursement is where the line's first draw goes (schemas #Disbursement).
// RoutingNumber and AccountNumber are digits at rest, never logged.
type Disbursement struct {
	AccountHolderName string `json:"accountHolderName"`
	AccountType       string `json:"accountType"`
	RoutingNumber     string `json:"routingNumber"`
	AccountNumber     string `json:"accountNumber"`
	InitialDraw       Cents  `json:"initialDraw"`
}

// LoanDisbursementSection is what /app/application/loan-disbursement saves
// (schemas #LoanDisbursementSection). A nil number keeps the stored one.
type LoanDisbursementSection struct {
	Disbursement struct {
		AccountHolderName string       `json:"accountHolderName"`
		AccountType       string       `json:"accountType"`
		RoutingNumber     *string      `json:"routingNumber,omitempty"`
		AccountNumber     *string      `json:"accountNumber,omitempty"`
		InitialDraw       EnteredCents `json:"initialDraw"`
	} `json:"disbursement"`
}

// Person is a borrower or coborrower (schemas #Person). SSN and
// DateOfBirth are sealed at rest with the rest of the application and
// never logged; answers mask the SSN.
type Person struct {
	Business                   *Business             `json:"business,omitempty"`
	Citizenship                *string               `json:"citizenship,omitempty"`
	CurrentAddress             *Address              `json:"currentAddress,omitempty"`
	CurrentAddressSince        *string               `json:"currentAddressSince,omitempty"`
	DateOfBirth                *string               `json:"dateOfBirth,omitempty"`
	Declarations               *Declarations         `json:"declarations,omitempty"`
	Demographics               *Demographics         `json:"demographics,omitempty"`
	Email                      *string               `json:"email,omitempty"`
	EmploymentGaps             []EmploymentGapAnswer `json:"employmentGaps"`
	Employments                []Employment          `json:"employments"`
	FirstName                  *string               `json:"firstName,omitempty"`
	FormerAddresses            []FormerAddress       `json:"formerAddresses"`
	Housing                    *string               `json:"housing,omitempty"`
	IdentityVerificationStatus *string               `json:"identityVerificationStatus,omitempty"`
	IdentityCheck              *IdentityCheck        `json:"identityCheck,omitempty"`
	IncomeVerification         *IncomeVerification   `json:"incomeVerification,omitempty"`
	IncomeSources              []IncomeSource        `json:"incomeSources"`
	LastName                   *string               `json:"lastName,omitempty"`
	MailingAddress             *Address              `json:"mailingAddress"`
	MaritalStatus              *string               `json:"maritalStatus,omitempty"`
	MiddleName                 *string               `json:"middleName,omitempty"`
	MilitaryStatus             *string               `json:"militaryStatus,omitempty"`
	Phone                      *string               `json:"phone,omitempty"`
	SSN                        *string               `json:"ssn,omitempty"`
	Suffix                     *string               `json:"suffix,omitempty"`
}

// IdentityCheck is an identity provider's check of a person's ID (schemas
// #IdentityCheck); IdentityVerificationStatus holds its result.
type IdentityCheck struct {
	IDType    string    `json:"idType"`
	CheckedAt time.Time `json:"checkedAt"`
	Reason    *string   `json:"reason"`
	Reference string    `json:"reference"`
	Sandbox   bool      `json:"sandbox"`
	// Photos counts the person's ID photos by side when it was checked: a
	// retry after a failed check needs photos uploaded since.
	Photos IDPhotos `json:"photos"`
}

// IDPhotos counts ID photos (idDocument uploads) by side.
type IDPhotos struct {
	Front int `json:"front"`
	Back  int `json:"back"`
}

// Property is the subject property (schemas #Property).
type Property struct {
	Address                           *Address `json:"address,omitempty"`
	HOAMonthly                        *Cents   `json:"hoaMonthly,omitempty"`
	InsuranceIncludedInMonthlyPayment *bool    `json:"insuranceIncludedInMonthlyPayment,omitempty"`
	MonthlyInsurance                  *Cents   `json:"monthlyInsurance,omitempty"`
	MonthlyTaxes                      *Cents   `json:"monthlyTaxes,omitempty"`
	State                             *string  `json:"state,omitempty"`
	TaxIncludedInMonthlyPayment       *bool    `json:"taxIncludedInMonthlyPayment,omitempty"`
	TitleHolding                      *string  `json:"titleHolding,omitempty"`
	Type                              *string  `json:"type,omitempty"`
	Units                             *string  `json:"units,omitempty"`
	Usage                             *string  `json:"usage,omitempty"`
	Value                             *Cents   `json:"value,omitempty"`
	Zip                               *string  `json:"zip,omitempty"`
}

// FormerAddress is an address lived at before the current one.
type FormerAddress struct {
	Address  Address `json:"address"`
	Housing  string  `json:"housing"`
	MovedIn  string  `json:"movedIn"`
	MovedOut string  `json:"movedOut"`
}

// EmploymentGapAnswer explains a gap between employments.
type EmploymentGapAnswer struct {
	Explanation string `json:"explanation"`
	From        string `json:"from"`
	To          string `json:"to"`
}

// Business is a self-employed borrower's business.
type Business struct {
	Address         Address `json:"address"`
	Name            string  `json:"name"`
	OwnershipShare  string  `json:"ownershipShare"`
	Phone           string  `json:"phone"`
	Structure       string  `json:"structure"`
	YearsInBusiness int64   `json:"yearsInBusiness"`
}

// Employment is one job of an employment history (schemas #Employment).
type Employment struct {
	EmployerID            *string  `json:"EmployerID,omitempty"`
	IncomeID              *string  `json:"IncomeID,omitempty"`
	Base                  *Cents   `json:"base,omitempty"`
	Bonuses               *Cents   `json:"bonuses,omitempty"`
	BusinessStructure     *string  `json:"businessStructure,omitempty"`
	Commissions           *Cents   `json:"commissions,omitempty"`
	ContactEmail          *string  `json:"contactEmail,omitempty"`
	ContactName           *string  `json:"contactName,omitempty"`
	ContactPhone          *string  `json:"contactPhone,omitempty"`
	DataSource            string   `json:"dataSource"`
	EmployerAddress       *Address `json:"employerAddress,omitempty"`
	EmployerFullAddress   *string  `json:"employerFullAddress,omitempty"`
	EmployerName          *string  `json:"employerName,omitempty"`
	EmployerPhone         *string  `json:"employerPhone,omitempty"`
	EndDate               *string  `json:"endDate"`
	IncomeInformation     *string  `json:"incomeInformation,omitempty"`
	Overtime              *Cents   `json:"overtime,omitempty"`
	OwnershipInterestType *string  `json:"ownershipInterestType,omitempty"`
	PdfURL                *string  `json:"pdfUrl,omitempty"`
	Position              *string  `json:"position,omitempty"`
	ReportID              *string  `json:"reportId,omitempty"`
	SelfEmployedIndicator bool     `json:"selfEmployedIndicator"`
	StartDate             string   `json:"startDate"`
}

// IncomeSource is income other than from an employment (schemas #IncomeSource).
type IncomeSource struct {
	IncomeID    *string  `json:"IncomeID,omitempty"`
	Address     *Address `json:"address,omitempty"`
	Base        *Cents   `json:"base,omitempty"`
	Bonuses     *Cents   `json:"bonuses,omitempty"`
	Commissions *Cents   `json:"commissions,omitempty"`
	Label       *string  `json:"label,omitempty"`
	OtherValue  *Cents   `json:"otherValue,omitempty"`
	Overtime    *Cents   `json:"overtime,omitempty"`
	PropertyID  *string  `json:"propertyId,omitempty"`
	RentalUnits *int64   `json:"rentalUnits,omitempty"`
	Type        string   `json:"type"`
}

// Declarations are the URLA declarations (schemas #Declarations; the
// spec's misspellings kept).
type Declarations struct {
	Bankruptcy                           *string `json:"bankruptcy,omitempty"`
	BorrowedThirdPartyMoneyAmount        *Cents  `json:"borrowedThirdPartyMoneyAmount"`
	CreditCheckAuthorization             *bool   `json:"creditCheckAuthorization,omitempty"`
	DoneShortSale                        *bool   `json:"doneShortSale,omitempty"`
	HasBankruptcy                        *bool   `json:"hasBankruptcy,omitempty"`
	HasBorrowedThirdPartyMoney           *bool   `json:"hasBorrowedThirdPartyMoney,omitempty"`
	HasConveyedForeclosure               *bool   `json:"hasConveyedForeclosure,omitempty"`
	HasFederalDebt                       *bool   `json:"hasFederalDebt,omitempty"`
	HasForeclosure                       *bool   `json:"hasForeclosure,omitempty"`
	HasIntentToOccupy                    *bool   `json:"hasIntentToOccupy,omitempty"`
	HasOustandingJudgements              *bool   `json:"hasOustandingJudgements,omitempty"`
	HasSpecialBorrowerSellerRelationship *bool   `json:"hasSpecialBorrowerSellerRelationship,omitempty"`
	IsGuarantorOrCosigor                 *bool   `json:"isGuarantorOrCosigor,omitempty"`
	IsPartyToLawsuit                     *bool   `json:"isPartyToLawsuit,omitempty"`
	IsPropertySubjectToLien              *bool   `json:"isPropertySubjectToLien,omitempty"`
	OnwershipInterest                    *bool   `json:"onwershipInterest,omitempty"`
	OtherPropertyTitle                   *string `json:"otherPropertyTitle,omitempty"`
	OtherPropertyType                    *string `json:"otherPropertyType,omitempty"`
	WantsAnotherLoan                     *bool   `json:"wantsAnotherLoan,omitempty"`
	WantsAnotherMortgage                 *bool   `json:"wantsAnotherMortgage,omitempty"`
}

// Demographics is the HMDA information (schemas #Demographics).
type Demographics struct {
	IsAfricanAmerican           bool    `json:"isAfricanAmerican"`
	IsAsian                     bool    `json:"isAsian"`
	IsAsianIndian               bool    `json:"isAsianIndian"`
	IsChinese                   bool    `json:"isChinese"`
	IsCuban                     bool    `json:"isCuban"`
	IsFemale                    bool    `json:"isFemale"`
	IsFilipino                  bool    `json:"isFilipino"`
	IsGuamanianOrChamorro       bool    `json:"isGuamanianOrChamorro"`
	IsHispanicOrLatino          bool    `json:"isHispanicOrLatino"`
	IsJapanese                  bool    `json:"isJapanese"`
	IsKorean                    bool    `json:"isKorean"`
	IsMale                      bool    `json:"isMale"`
	IsMexican                   bool    `json:"isMexican"`
	IsNativeAmerican            bool    `json:"isNativeAmerican"`
	IsNativeHawaiian            bool    `json:"isNativeHawaiian"`
	IsOtherAsian                bool    `json:"isOtherAsian"`
	IsOtherHispanicOrLatino     bool    `json:"isOtherHispanicOrLatino"`
	IsOtherPacificIslander      bool    `json:"isOtherPacificIslander"`
	IsPacificIslander           bool    `json:"isPacificIslander"`
	IsPuertoRican               bool    `json:"isPuertoRican"`
	IsSamoan                    bool    `json:"isSamoan"`
	IsVietnamese                bool    `json:"isVietnamese"`
	IsWhite                     bool    `json:"isWhite"`
	NativeAmericanTribe         *string `json:"nativeAmericanTribe,omitempty"`
	OtherAsianOrigin            *string `json:"otherAsianOrigin,omitempty"`
	OtherHispanicOrLatinoOrigin *string `json:"otherHispanicOrLatinoOrigin,omitempty"`
	OtherPacificIslanderOrigin  *string `json:"otherPacificIslanderOrigin,omitempty"`
	WontInformEthinicity        bool    `json:"wontInformEthinicity"`
	WontInformGender            bool    `json:"wontInformGender"`
	WontInformRace              bool    `json:"wontInformRace"`
}

// Liability is a debt, or a mortgage (schemas #Liability, #Mortgage).
type Liability struct {
	AddedByUser                       bool    `json:"addedByUser"`
	Balance                           int64   `json:"balance"`
	Comments                          *string `json:"comments,omitempty"`
	Confirmed                         *bool   `json:"confirmed,omitempty"`
	CreatedAt                         *string `json:"createdAt,omitempty"`
	Creditor                          *string `json:"creditor,omitempty"`
	DateOpened                        *string `json:"dateOpened,omitempty"`
	Debtor                            *string `json:"debtor,omitempty"`
	HiCredit                          *Cents  `json:"hiCredit,omitempty"`
	ID                                *string `json:"id,omitempty"`
	InsuranceIncludedInMonthlyPayment *bool   `json:"insuranceIncludedInMonthlyPayment,omitempty"`
	LastActivityDate                  *string `json:"lastActivityDate,omitempty"`
	LastReportDate                    *string `json:"lastReportDate,omitempty"`
	LatePaymentDate                   *string `json:"latePaymentDate,omitempty"`
	LatePaymentDays                   *int64  `json:"latePaymentDays,omitempty"`
	MonthlyInsurancePayment           *Cents  `json:"monthlyInsurancePayment,omitempty"`
	MonthlyPayment                    *Cents  `json:"monthlyPayment,omitempty"`
	MonthlyTaxAndInsurance            *Cents  `json:"monthlyTaxAndInsurance,omitempty"`
	MonthlyTaxPayment                 *Cents  `json:"monthlyTaxPayment,omitempty"`
	Omitted                           bool    `json:"omitted"`
	TaxIncludedInMonthlyPayment       *bool   `json:"taxIncludedInMonthlyPayment,omitempty"`
	Term                              *int64  `json:"term,omitempty"`
	ToBePaidOff                       bool    `json:"toBePaidOff"`
	Type                              *string `json:"type,omitempty"`
}

// PropertyOwnership is another property owned (schemas #PropertyOwnership).
type PropertyOwnership struct {
	Address   *Address    `json:"address,omitempty"`
	ID        *string     `json:"id,omitempty"`
	Mortgages []Liability `json:"mortgages"`
	Type      *string     `json:"type,omitempty"`
	Units     *string     `json:"units,omitempty"`
	Usage     *string     `json:"usage,omitempty"`
	Value     *Cents      `json:"value,omitempty"`
}

// Upload is a document uploaded (schemas #Upload).
type Upload struct {
	IsCoborrower bool   `json:"isCoborrower"`
	Type         string `json:"type"`
	// ConditionID names the underwriting condition the upload answers, if any.
	ConditionID string `json:"conditionId,omitempty"`
}

// Normalize gives every list of the application a value, so that it is
// written as [] rather than null (the schema and the policies expect lists).
func (a *Application) Normalize() {
	a.User.normalize()
	if a.Coborrower != nil {
		a.Coborrower.normalize()
	}
	a.Uploads = orEmpty(a.Uploads)
	a.Mortgages = orEmpty(a.Mortgages)
	a.Liabilities = orEmpty(a.Liabilities)
	a.PropertyOwnerships = orEmpty(a.PropertyOwnerships)
	for i := range a.PropertyOwnerships {
		a.PropertyOwnerships[i].Mortgages = orEmpty(a.PropertyOwnerships[i].Mortgages)
	}
}

func (p *Person) normalize() {
	p.EmploymentGaps = orEmpty(p.EmploymentGaps)
	p.Employments = orEmpty(p.Employments)
	p.FormerAddresses = orEmpty(p.FormerAddresses)
	p.IncomeSources = orEmpty(p.IncomeSources)
}

func orEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// StoredApplication is a loan's application as stored, with when it was
// last saved.
type StoredApplication struct {
	LoanID      string
	Application Application
	UpdatedAt   time.Time
}

// ApplicationDraft is what a page's form held when it was last kept: any
// JSON object, sealed at rest.
type ApplicationDraft struct {
	Draft   json.RawMessage
	SavedAt time.Time
}

// PersonalInfo is a person's part of the Personal Info page
// (schemas #PersonalInfo, #CoborrowerPersonalInfo). A nil SSN keeps the
// stored one.
type PersonalInfo struct {
	FirstName           string          `json:"firstName"`
	MiddleName          *string         `json:"middleName,omitempty"`
	LastName            string          `json:"lastName"`
	Suffix              *string         `json:"suffix,omitempty"`
	DateOfBirth         string          `json:"dateOfBirth"`
	SSN                 *string         `json:"ssn,omitempty"`
	Citizenship         string          `json:"citizenship"`
	MaritalStatus       string          `json:"maritalStatus"`
	MilitaryStatus      string          `json:"militaryStatus"`
	Phone               string          `json:"phone"`
	CurrentAddress      Address         `json:"currentAddress"`
	CurrentAddressSince string          `json:"currentAddressSince"`
	Housing             string          `json:"housing"`
	FormerAddresses     []FormerAddress `json:"formerAddresses"`
	MailingAddress      *Address        `json:"mailingAddress"`
	Email               *string         `json:"email,omitempty"`
}

// PersonalInfoSection is what /app/application/1 saves.
type PersonalInfoSection struct {
	User       PersonalInfo  `json:"user"`
	Coborrower *PersonalInfo `json:"coborrower"`
}

// PropertyInfoSection is what /app/application/2 saves.
type PropertyInfoSection struct {
	Property struct {
		Address                           Address `json:"address"`
		Type                              string  `json:"type"`
		Units                             string  `json:"units"`
		Usage                             string  `json:"usage"`
		TitleHolding                      string  `json:"titleHolding"`
		HOAMonthly                        Cents   `json:"hoaMonthly"`
		MonthlyTaxes                      Cents   `json:"monthlyTaxes"`
		MonthlyInsurance                  Cents   `json:"monthlyInsurance"`
		TaxIncludedInMonthlyPayment       bool    `json:"taxIncludedInMonthlyPayment"`
		InsuranceIncludedInMonthlyPayment bool    `json:"insuranceIncludedInMonthlyPayment"`
	} `json:"property"`
	IsInTrust bool `json:"isInTrust"`
}

// AdditionalRealEstateSection is what /app/application/3 saves.
type AdditionalRealEstateSection struct {
	PropertyOwnerships []PropertyOwnership `json:"propertyOwnerships"`
}

// EmploymentSection is what /app/application/4 and 4/coborrower save.
type EmploymentSection struct {
	Employments    []Employment          `json:"employments"`
	EmploymentGaps []EmploymentGapAnswer `json:"employmentGaps"`
}

// BusinessInformationSection is what /app/application/business-information saves.
type BusinessInformationSection struct {
	Business Business `json:"business"`
}

// OtherIncomeSection is what /app/application/other-income and
// other-income/coborrower save.
type OtherIncomeSection struct {
	IncomeSources []IncomeSource `json:"incomeSources"`
}

// LiabilityChoice is the borrower's choice about one liability, by id.
type LiabilityChoice struct {
	ID          string `json:"id"`
	ToBePaidOff bool   `json:"toBePaidOff"`
	Omitted     bool   `json:"omitted"`
}

// DebtConsolidationSection is what /app/application/debt-consolidation saves.
type DebtConsolidationSection struct {
	Liabilities []LiabilityChoice `json:"liabilities"`
}

// DemographicsSection is what /app/application/6 saves.
type DemographicsSection struct {
	User       Demographics  `json:"user"`
	Coborrower *Demographics `json:"coborrower"`
}

// DeclarationsSection is what /app/application/7 saves.
type DeclarationsSection struct {
	User       Declarations  `json:"user"`
	Coborrower *Declarations `json:"coborrower"`
}

// EmploymentGap is a gap of data.heloc.employment.history with the
// person's saved explanation.
type EmploymentGap struct {
	From        string  `json:"from"`
	To          string  `json:"to"`
	Days        int     `json:"days"`
	Explanation *string `json:"explanation"`
}

// EmploymentHistory is data.heloc.employment.history for a person's saved
// employments (schemas #EmploymentHistory).
type EmploymentHistory struct {
	Gaps              []EmploymentGap `json:"gaps"`
	NextStartDate     *string         `json:"nextStartDate"`
	WindowStart       *string         `json:"windowStart"`
	CurrentlyEmployed bool            `json:"currentlyEmployed"`
	TrailingGap       *struct {
		From string `json:"from"`
		To   string `json:"to"`
		Days int    `json:"days"`
	} `json:"trailingGap"`
	WindowYears      *int `json:"windowYears"`
	GapThresholdDays *int `json:"gapThresholdDays"`
	WindowUncovered  *struct {
		From string `json:"from"`
		To   string `json:"to"`
		Days int    `json:"days"`
	} `json:"windowUncovered"`
	// Complete: nothing is Missing (a previous employer, a gap's
	// explanation); the save of the employment page and the submission
	// refuse an incomplete history.
	Complete bool                `json:"complete"`
	Missing  []EmploymentMissing `json:"missing"`
}

// EmploymentMissing is what keeps an employment history from being
// complete (schemas #EmploymentMissing): Field is its path in the
// employment section.
type EmploymentMissing struct {
	Code    string `json:"code"`
	Field   string `json:"field"`
	Message string `json:"message"`
	From    string `json:"from"`
	To      string `json:"to"`
}
