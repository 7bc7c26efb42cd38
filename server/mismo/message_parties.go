package mismo

// The deal's parties: each borrower as an individual with their contacts,
// addresses, taxpayer identifier and role (the borrower's details, income,
// employers, declarations, bankruptcies, military service, residences and
// government monitoring data), in the order the reference model's
// xsd:sequence gives.

// Parties is MISMO's PARTIES.
type Parties struct {
	Party []Party `xml:"PARTY"`
}

// Party is a borrower: the person, their mailing address, their role with
// everything the URLA asks of a borrower, and their SSN.
type Party struct {
	SequenceNumber      int                  `xml:"SequenceNumber,attr,omitempty"`
	Individual          Individual           `xml:"INDIVIDUAL"`
	Addresses           *Addresses           `xml:"ADDRESSES"`
	Roles               Roles                `xml:"ROLES"`
	TaxpayerIdentifiers *TaxpayerIdentifiers `xml:"TAXPAYER_IDENTIFIERS"`
}

// Individual is MISMO's INDIVIDUAL.
type Individual struct {
	ContactPoints *ContactPoints `xml:"CONTACT_POINTS"`
	Name          Name           `xml:"NAME"`
}

// ContactPoints is MISMO's CONTACT_POINTS.
type ContactPoints struct {
	ContactPoint []ContactPoint `xml:"CONTACT_POINT"`
}

// ContactPoint is MISMO's CONTACT_POINT.
type ContactPoint struct {
	SequenceNumber int                    `xml:"SequenceNumber,attr,omitempty"`
	Email          *ContactPointEmail     `xml:"CONTACT_POINT_EMAIL"`
	Telephone      *ContactPointTelephone `xml:"CONTACT_POINT_TELEPHONE"`
	Detail         *ContactPointDetail    `xml:"CONTACT_POINT_DETAIL"`
}

// ContactPointEmail is MISMO's CONTACT_POINT_EMAIL.
type ContactPointEmail struct {
	ContactPointEmailValue string `xml:"ContactPointEmailValue"`
}

// ContactPointTelephone is MISMO's CONTACT_POINT_TELEPHONE.
type ContactPointTelephone struct {
	ContactPointTelephoneValue string `xml:"ContactPointTelephoneValue"`
}

// ContactPointDetail is MISMO's CONTACT_POINT_DETAIL.
type ContactPointDetail struct {
	ContactPointRoleType string `xml:"ContactPointRoleType"`
}

// Addresses is MISMO's ADDRESSES.
type Addresses struct {
	Address []Address `xml:"ADDRESS"`
}

// Address is a US postal address.
type Address struct {
	SequenceNumber            int    `xml:"SequenceNumber,attr,omitempty"`
	AddressAdditionalLineText string `xml:"AddressAdditionalLineText,omitempty"`
	AddressLineText           string `xml:"AddressLineText,omitempty"`
	AddressType               string `xml:"AddressType,omitempty"`
	CityName                  string `xml:"CityName,omitempty"`
	CountryCode               string `xml:"CountryCode,omitempty"`
	CountyName                string `xml:"CountyName,omitempty"`
	PostalCode                string `xml:"PostalCode,omitempty"`
	StateCode                 string `xml:"StateCode,omitempty"`
}

// Roles is MISMO's ROLES.
type Roles struct {
	Role []Role `xml:"ROLE"`
}

// Role is MISMO's ROLE.
type Role struct {
	SequenceNumber int        `xml:"SequenceNumber,attr,omitempty"`
	Label          string     `xml:"http://www.w3.org/1999/xlink label,attr,omitempty"`
	Borrower       *Borrower  `xml:"BORROWER"`
	Detail         RoleDetail `xml:"ROLE_DETAIL"`
}

// RoleDetail is MISMO's ROLE_DETAIL.
type RoleDetail struct {
	PartyRoleType string `xml:"PartyRoleType"`
}

// Borrower is what the URLA asks of one borrower.
type Borrower struct {
	Bankruptcies         *Bankruptcies         `xml:"BANKRUPTCIES"`
	Detail               BorrowerDetail        `xml:"BORROWER_DETAIL"`
	CurrentIncome        *CurrentIncome        `xml:"CURRENT_INCOME"`
	Declaration          *Declaration          `xml:"DECLARATION"`
	Employers            *Employers            `xml:"EMPLOYERS"`
	GovernmentMonitoring *GovernmentMonitoring `xml:"GOVERNMENT_MONITORING"`
	MilitaryServices     *MilitaryServices     `xml:"MILITARY_SERVICES"`
	Residences           *Residences           `xml:"RESIDENCES"`
}

// Bankruptcies is MISMO's BANKRUPTCIES.
type Bankruptcies struct {
	Bankruptcy []Bankruptcy `xml:"BANKRUPTCY"`
}

// Bankruptcy is MISMO's BANKRUPTCY.
type Bankruptcy struct {
	SequenceNumber int              `xml:"SequenceNumber,attr,omitempty"`
	Detail         BankruptcyDetail `xml:"BANKRUPTCY_DETAIL"`
}

// BankruptcyDetail is MISMO's BANKRUPTCY_DETAIL.
type BankruptcyDetail struct {
	BankruptcyChapterType string `xml:"BankruptcyChapterType,omitempty"`
}

// BorrowerDetail is MISMO's BORROWER_DETAIL.
type BorrowerDetail struct {
	BorrowerBirthDate                     string `xml:"BorrowerBirthDate,omitempty"`
	BorrowerClassificationType            string `xml:"BorrowerClassificationType,omitempty"`
	CreditReportAuthorizationIndicator    *bool  `xml:"CreditReportAuthorizationIndicator,omitempty"`
	MaritalStatusType                     string `xml:"MaritalStatusType,omitempty"`
	SelfDeclaredMilitaryServiceIndicator  *bool  `xml:"SelfDeclaredMilitaryServiceIndicator,omitempty"`
	SpousalVABenefitsEligibilityIndicator *bool  `xml:"SpousalVABenefitsEligibilityIndicator,omitempty"`
}

// CurrentIncome is MISMO's CURRENT_INCOME.
type CurrentIncome struct {
	Items CurrentIncomeItems `xml:"CURRENT_INCOME_ITEMS"`
}

// CurrentIncomeItems is MISMO's CURRENT_INCOME_ITEMS.
type CurrentIncomeItems struct {
	Item []CurrentIncomeItem `xml:"CURRENT_INCOME_ITEM"`
}

// CurrentIncomeItem is MISMO's CURRENT_INCOME_ITEM.
type CurrentIncomeItem struct {
	SequenceNumber int                     `xml:"SequenceNumber,attr,omitempty"`
	Detail         CurrentIncomeItemDetail `xml:"CURRENT_INCOME_ITEM_DETAIL"`
}

// CurrentIncomeItemDetail is MISMO's CURRENT_INCOME_ITEM_DETAIL.
type CurrentIncomeItemDetail struct {
	CurrentIncomeMonthlyTotalAmount Amount `xml:"CurrentIncomeMonthlyTotalAmount"`
	EmploymentIncomeIndicator       bool   `xml:"EmploymentIncomeIndicator"`
	ForeignIncomeIndicator          bool   `xml:"ForeignIncomeIndicator,omitempty"`
	IncomeType                      string `xml:"IncomeType"`
	IncomeTypeOtherDescription      string `xml:"IncomeTypeOtherDescription,omitempty"`
}

// Declaration is MISMO's DECLARATION.
type Declaration struct {
	Detail DeclarationDetail `xml:"DECLARATION_DETAIL"`
}

// DeclarationDetail holds the URLA declarations (section 5); a nil
// indicator is a question not answered.
type DeclarationDetail struct {
	BankruptcyIndicator                        *bool   `xml:"BankruptcyIndicator,omitempty"`
	CitizenshipResidencyType                   string  `xml:"CitizenshipResidencyType,omitempty"`
	HomeownerPastThreeYearsType                string  `xml:"HomeownerPastThreeYearsType,omitempty"`
	IntentToOccupyType                         string  `xml:"IntentToOccupyType,omitempty"`
	OutstandingJudgmentsIndicator              *bool   `xml:"OutstandingJudgmentsIndicator,omitempty"`
	PartyToLawsuitIndicator                    *bool   `xml:"PartyToLawsuitIndicator,omitempty"`
	PresentlyDelinquentIndicator               *bool   `xml:"PresentlyDelinquentIndicator,omitempty"`
	PriorPropertyDeedInLieuConveyedIndicator   *bool   `xml:"PriorPropertyDeedInLieuConveyedIndicator,omitempty"`
	PriorPropertyForeclosureCompletedIndicator *bool   `xml:"PriorPropertyForeclosureCompletedIndicator,omitempty"`
	PriorPropertyShortSaleCompletedIndicator   *bool   `xml:"PriorPropertyShortSaleCompletedIndicator,omitempty"`
	PriorPropertyTitleType                     string  `xml:"PriorPropertyTitleType,omitempty"`
	PriorPropertyUsageType                     string  `xml:"PriorPropertyUsageType,omitempty"`
	PropertyProposedCleanEnergyLienIndicator   *bool   `xml:"PropertyProposedCleanEnergyLienIndicator,omitempty"`
	UndisclosedBorrowedFundsAmount             *Amount `xml:"UndisclosedBorrowedFundsAmount,omitempty"`
	UndisclosedBorrowedFundsIndicator          *bool   `xml:"UndisclosedBorrowedFundsIndicator,omitempty"`
	UndisclosedComakerOfNoteIndicator          *bool   `xml:"UndisclosedComakerOfNoteIndicator,omitempty"`
	UndisclosedCreditApplicationIndicator      *bool   `xml:"UndisclosedCreditApplicationIndicator,omitempty"`
	UndisclosedMortgageApplicationIndicator    *bool   `xml:"UndisclosedMortgageApplicationIndicator,omitempty"`
}

// Employers is MISMO's EMPLOYERS.
type Employers struct {
	Employer []Employer `xml:"EMPLOYER"`
}

// Employer is MISMO's EMPLOYER.
type Employer struct {
	SequenceNumber int          `xml:"SequenceNumber,attr,omitempty"`
	LegalEntity    *LegalEntity `xml:"LEGAL_ENTITY"`
	Address        *Address     `xml:"ADDRESS"`
	Employment     Employment   `xml:"EMPLOYMENT"`
}

// LegalEntity is MISMO's LEGAL_ENTITY.
type LegalEntity struct {
	Detail LegalEntityDetail `xml:"LEGAL_ENTITY_DETAIL"`
}

// LegalEntityDetail is MISMO's LEGAL_ENTITY_DETAIL.
type LegalEntityDetail struct {
	FullName string `xml:"FullName"`
}

// Employment is MISMO's EMPLOYMENT.
type Employment struct {
	EmploymentBorrowerSelfEmployedIndicator bool    `xml:"EmploymentBorrowerSelfEmployedIndicator"`
	EmploymentClassificationType            string  `xml:"EmploymentClassificationType,omitempty"`
	EmploymentEndDate                       string  `xml:"EmploymentEndDate,omitempty"`
	EmploymentMonthlyIncomeAmount           *Amount `xml:"EmploymentMonthlyIncomeAmount,omitempty"`
	EmploymentPositionDescription           string  `xml:"EmploymentPositionDescription,omitempty"`
	EmploymentStartDate                     string  `xml:"EmploymentStartDate,omitempty"`
	EmploymentStatusType                    string  `xml:"EmploymentStatusType,omitempty"`
	OwnershipInterestType                   string  `xml:"OwnershipInterestType,omitempty"`
}

// GovernmentMonitoring is the HMDA demographic information.
type GovernmentMonitoring struct {
	Detail           GovernmentMonitoringDetail `xml:"GOVERNMENT_MONITORING_DETAIL"`
	EthnicityOrigins *HMDAEthnicityOrigins      `xml:"HMDA_ETHNICITY_ORIGINS"`
	Races            *HMDARaces                 `xml:"HMDA_RACES"`
}

// GovernmentMonitoringDetail is MISMO's GOVERNMENT_MONITORING_DETAIL.
type GovernmentMonitoringDetail struct {
	GenderType                    string `xml:"GenderType,omitempty"`
	HMDAEthnicityRefusalIndicator bool   `xml:"HMDAEthnicityRefusalIndicator"`
	HMDAEthnicityType             string `xml:"HMDAEthnicityType,omitempty"`
	HMDAGenderRefusalIndicator    bool   `xml:"HMDAGenderRefusalIndicator"`
	HMDARaceRefusalIndicator      bool   `xml:"HMDARaceRefusalIndicator"`
}

// HMDAEthnicityOrigins is MISMO's HMDA_ETHNICITY_ORIGINS.
type HMDAEthnicityOrigins struct {
	Origin []HMDAEthnicityOrigin `xml:"HMDA_ETHNICITY_ORIGIN"`
}

// HMDAEthnicityOrigin is MISMO's HMDA_ETHNICITY_ORIGIN.
type HMDAEthnicityOrigin struct {
	SequenceNumber                          int    `xml:"SequenceNumber,attr,omitempty"`
	HMDAEthnicityOriginType                 string `xml:"HMDAEthnicityOriginType"`
	HMDAEthnicityOriginTypeOtherDescription string `xml:"HMDAEthnicityOriginTypeOtherDescription,omitempty"`
}

// HMDARaces is MISMO's HMDA_RACES.
type HMDARaces struct {
	Race []HMDARace `xml:"HMDA_RACE"`
}

// HMDARace is MISMO's HMDA_RACE.
type HMDARace struct {
	SequenceNumber int                   `xml:"SequenceNumber,attr,omitempty"`
	Designations   *HMDARaceDesignations `xml:"HMDA_RACE_DESIGNATIONS"`
	Detail         HMDARaceDetail        `xml:"HMDA_RACE_DETAIL"`
}

// HMDARaceDetail is MISMO's HMDA_RACE_DETAIL.
type HMDARaceDetail struct {
	HMDARaceType                      string `xml:"HMDARaceType"`
	HMDARaceTypeAdditionalDescription string `xml:"HMDARaceTypeAdditionalDescription,omitempty"`
}

// HMDARaceDesignations is MISMO's HMDA_RACE_DESIGNATIONS.
type HMDARaceDesignations struct {
	Designation []HMDARaceDesignation `xml:"HMDA_RACE_DESIGNATION"`
}

// HMDARaceDesignation is MISMO's HMDA_RACE_DESIGNATION.
type HMDARaceDesignation struct {
	SequenceNumber                          int    `xml:"SequenceNumber,attr,omitempty"`
	HMDARaceDesignationType                 string `xml:"HMDARaceDesignationType"`
	HMDARaceDesignationTypeOtherDescription string `xml:"HMDARaceDesignationTypeOtherDescription,omitempty"`
}

// MilitaryServices is MISMO's MILITARY_SERVICES.
type MilitaryServices struct {
	MilitaryService []MilitaryService `xml:"MILITARY_SERVICE"`
}

// MilitaryService is MISMO's MILITARY_SERVICE.
type MilitaryService struct {
	SequenceNumber     int    `xml:"SequenceNumber,attr,omitempty"`
	MilitaryStatusType string `xml:"MilitaryStatusType"`
}

// Residences is MISMO's RESIDENCES.
type Residences struct {
	Residence []Residence `xml:"RESIDENCE"`
}

// Residence is MISMO's RESIDENCE.
type Residence struct {
	SequenceNumber int             `xml:"SequenceNumber,attr,omitempty"`
	Address        Address         `xml:"ADDRESS"`
	Detail         ResidenceDetail `xml:"RESIDENCE_DETAIL"`
}

// ResidenceDetail is MISMO's RESIDENCE_DETAIL.
type ResidenceDetail struct {
	BorrowerResidencyBasisType           string `xml:"BorrowerResidencyBasisType,omitempty"`
	BorrowerResidencyDurationMonthsCount int    `xml:"BorrowerResidencyDurationMonthsCount,omitempty"`
	BorrowerResidencyEndDate             string `xml:"BorrowerResidencyEndDate,omitempty"`
	BorrowerResidencyStartDate           string `xml:"BorrowerResidencyStartDate,omitempty"`
	BorrowerResidencyType                string `xml:"BorrowerResidencyType"`
}

// TaxpayerIdentifiers is MISMO's TAXPAYER_IDENTIFIERS.
type TaxpayerIdentifiers struct {
	TaxpayerIdentifier []TaxpayerIdentifier `xml:"TAXPAYER_IDENTIFIER"`
}

// TaxpayerIdentifier is MISMO's TAXPAYER_IDENTIFIER.
type TaxpayerIdentifier struct {
	SequenceNumber          int    `xml:"SequenceNumber,attr,omitempty"`
	TaxpayerIdentifierType  string `xml:"TaxpayerIdentifierType"`
	TaxpayerIdentifierValue string `xml:"TaxpayerIdentifierValue"`
}
