// Package mismo writes a submitted application as a MISMO 3.4 message (the
// Reference Model, build 324), the URLA data set that Encompass, Byte and
// LendingPad import: the borrowers with their names, SSNs, birth dates,
// contacts and residences, employment, income, assets, liabilities, the
// subject property, the declarations and the HMDA government monitoring
// data, with the line's terms. The types of message.go and
// message_parties.go are the part of the reference model this product
// fills, each element in the order its xsd:sequence gives (an XSD
// validates order), written with encoding/xml.
//
// Check names, per target system, the fields that system needs before a
// file is sent (check.go).
package mismo

import (
	"encoding/xml"
	"strconv"

	"github.com/heloc/heloc/server/domain"
)

// This file holds the message's envelope and its deal: the assets, the
// properties, the collateral, the liabilities, the loan with its terms, and
// the relationships; message_parties.go holds the parties (the borrowers).

// The namespaces and version a MISMO 3.4 message declares.
const (
	Namespace      = "http://www.mismo.org/residential/2009/schemas"
	XLinkNamespace = "http://www.w3.org/1999/xlink"
	// ReferenceModel is MISMOReferenceModelIdentifier for 3.4 build 324.
	ReferenceModel = "3.4.032420160128"
)

// Amount is a money amount, held in cents: xsd:decimal of dollars, written
// exactly as the shortest decimal (1500000, 1234.5, 0.07).
type Amount domain.Cents

// MarshalText writes the amount in plain decimal notation.
func (a Amount) MarshalText() ([]byte, error) {
	return []byte(domain.Cents(a).Decimal()), nil
}

// UnmarshalText reads a decimal of dollars, exactly.
func (a *Amount) UnmarshalText(b []byte) error {
	c, _, err := domain.ParseCents(string(b))
	*a = Amount(c)
	return err
}

func amount(c domain.Cents) *Amount { a := Amount(c); return &a }

// Percent is a rate in percent (8.75), not money: xsd:decimal, which has no
// exponent (encoding/xml writes a float64 in %g, which can have one).
type Percent float64

// MarshalText writes the percent in plain decimal notation.
func (p Percent) MarshalText() ([]byte, error) {
	return []byte(strconv.FormatFloat(float64(p), 'f', -1, 64)), nil
}

// UnmarshalText reads a decimal.
func (p *Percent) UnmarshalText(b []byte) error {
	f, err := strconv.ParseFloat(string(b), 64)
	*p = Percent(f)
	return err
}

func percent(f float64) *Percent { p := Percent(f); return &p }

// Message is the root of a MISMO 3.4 file.
type Message struct {
	XMLName        xml.Name      `xml:"http://www.mismo.org/residential/2009/schemas MESSAGE"`
	ReferenceModel string        `xml:"MISMOReferenceModelIdentifier,attr"`
	XLink          string        `xml:"xmlns:xlink,attr"`
	AboutVersions  AboutVersions `xml:"ABOUT_VERSIONS"`
	DealSets       DealSets      `xml:"DEAL_SETS"`
}

// AboutVersions is MISMO's ABOUT_VERSIONS.
type AboutVersions struct {
	AboutVersion []AboutVersion `xml:"ABOUT_VERSION"`
}

// AboutVersion is MISMO's ABOUT_VERSION.
type AboutVersion struct {
	SequenceNumber         int    `xml:"SequenceNumber,attr,omitempty"`
	AboutVersionIdentifier string `xml:"AboutVersionIdentifier,omitempty"`
	CreatedDatetime        string `xml:"CreatedDatetime,omitempty"`
}

// DealSets is MISMO's DEAL_SETS.
type DealSets struct {
	DealSet DealSet `xml:"DEAL_SET"`
}

// DealSet is MISMO's DEAL_SET.
type DealSet struct {
	Deals Deals `xml:"DEALS"`
}

// Deals is MISMO's DEALS.
type Deals struct {
	Deal Deal `xml:"DEAL"`
}

// Deal is the one application: its assets, the subject property, the
// liabilities, the loan, the borrowers and how they relate.
type Deal struct {
	Assets        *Assets        `xml:"ASSETS"`
	Collaterals   Collaterals    `xml:"COLLATERALS"`
	Liabilities   *Liabilities   `xml:"LIABILITIES"`
	Loans         Loans          `xml:"LOANS"`
	Parties       Parties        `xml:"PARTIES"`
	Relationships *Relationships `xml:"RELATIONSHIPS"`
}

// Assets is MISMO's ASSETS.
type Assets struct {
	Asset []Asset `xml:"ASSET"`
}

// Asset is MISMO's ASSET.
type Asset struct {
	SequenceNumber int            `xml:"SequenceNumber,attr,omitempty"`
	Label          string         `xml:"http://www.w3.org/1999/xlink label,attr,omitempty"`
	Detail         AssetDetail    `xml:"ASSET_DETAIL"`
	OwnedProperty  *OwnedProperty `xml:"OWNED_PROPERTY"`
}

// AssetDetail is MISMO's ASSET_DETAIL.
type AssetDetail struct {
	AssetAccountIdentifier       string  `xml:"AssetAccountIdentifier,omitempty"`
	AssetCashOrMarketValueAmount *Amount `xml:"AssetCashOrMarketValueAmount,omitempty"`
	AssetDescription             string  `xml:"AssetDescription,omitempty"`
	AssetType                    string  `xml:"AssetType,omitempty"`
}

// OwnedProperty is MISMO's OWNED_PROPERTY.
type OwnedProperty struct {
	Detail   OwnedPropertyDetail `xml:"OWNED_PROPERTY_DETAIL"`
	Property Property            `xml:"PROPERTY"`
}

// OwnedPropertyDetail is MISMO's OWNED_PROPERTY_DETAIL.
type OwnedPropertyDetail struct {
	OwnedPropertyDispositionStatusType string  `xml:"OwnedPropertyDispositionStatusType,omitempty"`
	OwnedPropertyLienInstallmentAmount *Amount `xml:"OwnedPropertyLienInstallmentAmount,omitempty"`
	OwnedPropertyLienUPBAmount         *Amount `xml:"OwnedPropertyLienUPBAmount,omitempty"`
	OwnedPropertySubjectIndicator      bool    `xml:"OwnedPropertySubjectIndicator"`
}

// Property is a property's address and details (the subject property, or
// one the borrower owns).
type Property struct {
	Address *Address        `xml:"ADDRESS"`
	Detail  *PropertyDetail `xml:"PROPERTY_DETAIL"`
}

// PropertyDetail is MISMO's PROPERTY_DETAIL.
type PropertyDetail struct {
	AttachmentType               string  `xml:"AttachmentType,omitempty"`
	ConstructionMethodType       string  `xml:"ConstructionMethodType,omitempty"`
	FinancedUnitCount            int     `xml:"FinancedUnitCount,omitempty"`
	PropertyEstimatedValueAmount *Amount `xml:"PropertyEstimatedValueAmount,omitempty"`
	PropertyInProjectIndicator   *bool   `xml:"PropertyInProjectIndicator,omitempty"`
	PropertyUsageType            string  `xml:"PropertyUsageType,omitempty"`
}

// Collaterals is MISMO's COLLATERALS.
type Collaterals struct {
	Collateral Collateral `xml:"COLLATERAL"`
}

// Collateral is MISMO's COLLATERAL.
type Collateral struct {
	SubjectProperty Property `xml:"SUBJECT_PROPERTY"`
}

// Liabilities is MISMO's LIABILITIES.
type Liabilities struct {
	Liability []Liability `xml:"LIABILITY"`
}

// Liability is MISMO's LIABILITY.
type Liability struct {
	SequenceNumber int              `xml:"SequenceNumber,attr,omitempty"`
	Label          string           `xml:"http://www.w3.org/1999/xlink label,attr,omitempty"`
	Detail         LiabilityDetail  `xml:"LIABILITY_DETAIL"`
	Holder         *LiabilityHolder `xml:"LIABILITY_HOLDER"`
}

// LiabilityDetail is MISMO's LIABILITY_DETAIL.
type LiabilityDetail struct {
	LiabilityAccountIdentifier                 string  `xml:"LiabilityAccountIdentifier,omitempty"`
	LiabilityExclusionIndicator                bool    `xml:"LiabilityExclusionIndicator"`
	LiabilityMonthlyPaymentAmount              *Amount `xml:"LiabilityMonthlyPaymentAmount,omitempty"`
	LiabilityPayoffStatusIndicator             bool    `xml:"LiabilityPayoffStatusIndicator"`
	LiabilityRemainingTermMonthsCount          int64   `xml:"LiabilityRemainingTermMonthsCount,omitempty"`
	LiabilitySecuredBySubjectPropertyIndicator bool    `xml:"LiabilitySecuredBySubjectPropertyIndicator"`
	LiabilityType                              string  `xml:"LiabilityType,omitempty"`
	LiabilityTypeOtherDescription              string  `xml:"LiabilityTypeOtherDescription,omitempty"`
	LiabilityUnpaidBalanceAmount               *Amount `xml:"LiabilityUnpaidBalanceAmount,omitempty"`
}

// LiabilityHolder is MISMO's LIABILITY_HOLDER.
type LiabilityHolder struct {
	Name Name `xml:"NAME"`
}

// Name is a person's name, or a company's FullName.
type Name struct {
	FirstName  string `xml:"FirstName,omitempty"`
	FullName   string `xml:"FullName,omitempty"`
	LastName   string `xml:"LastName,omitempty"`
	MiddleName string `xml:"MiddleName,omitempty"`
	SuffixName string `xml:"SuffixName,omitempty"`
}

// Loans is MISMO's LOANS.
type Loans struct {
	Loan Loan `xml:"LOAN"`
}

// Loan is the subject loan: the line of credit applied for.
type Loan struct {
	LoanRoleType    string           `xml:"LoanRoleType,attr"`
	HELOC           *HELOC           `xml:"HELOC"`
	HousingExpenses *HousingExpenses `xml:"HOUSING_EXPENSES"`
	Detail          LoanDetail       `xml:"LOAN_DETAIL"`
	Identifiers     LoanIdentifiers  `xml:"LOAN_IDENTIFIERS"`
	Terms           TermsOfLoan      `xml:"TERMS_OF_LOAN"`
}

// HELOC is MISMO's HELOC.
type HELOC struct {
	Rule HELOCRule `xml:"HELOC_RULE"`
}

// HELOCRule is MISMO's HELOC_RULE.
type HELOCRule struct {
	HELOCInitialAdvanceAmount   *Amount  `xml:"HELOCInitialAdvanceAmount,omitempty"`
	HELOCMaximumAPRPercent      *Percent `xml:"HELOCMaximumAPRPercent,omitempty"`
	HELOCMaximumBalanceAmount   *Amount  `xml:"HELOCMaximumBalanceAmount,omitempty"`
	HELOCRepayPeriodMonthsCount int      `xml:"HELOCRepayPeriodMonthsCount,omitempty"`
}

// HousingExpenses is MISMO's HOUSING_EXPENSES.
type HousingExpenses struct {
	HousingExpense []HousingExpense `xml:"HOUSING_EXPENSE"`
}

// HousingExpense is MISMO's HOUSING_EXPENSE.
type HousingExpense struct {
	SequenceNumber              int    `xml:"SequenceNumber,attr,omitempty"`
	HousingExpensePaymentAmount Amount `xml:"HousingExpensePaymentAmount"`
	HousingExpenseTimingType    string `xml:"HousingExpenseTimingType"`
	HousingExpenseType          string `xml:"HousingExpenseType"`
}

// LoanDetail is MISMO's LOAN_DETAIL.
type LoanDetail struct {
	ApplicationReceivedDate string `xml:"ApplicationReceivedDate,omitempty"`
	BorrowerCount           int    `xml:"BorrowerCount,omitempty"`
	HELOCIndicator          bool   `xml:"HELOCIndicator"`
	OpenEndCreditIndicator  bool   `xml:"OpenEndCreditIndicator"`
}

// LoanIdentifiers is MISMO's LOAN_IDENTIFIERS.
type LoanIdentifiers struct {
	LoanIdentifier []LoanIdentifier `xml:"LOAN_IDENTIFIER"`
}

// LoanIdentifier is MISMO's LOAN_IDENTIFIER.
type LoanIdentifier struct {
	SequenceNumber     int    `xml:"SequenceNumber,attr,omitempty"`
	LoanIdentifier     string `xml:"LoanIdentifier"`
	LoanIdentifierType string `xml:"LoanIdentifierType"`
}

// TermsOfLoan is MISMO's TERMS_OF_LOAN.
type TermsOfLoan struct {
	BaseLoanAmount                  *Amount  `xml:"BaseLoanAmount,omitempty"`
	DisclosedIndexRatePercent       *Percent `xml:"DisclosedIndexRatePercent,omitempty"`
	DisclosedMarginRatePercent      *Percent `xml:"DisclosedMarginRatePercent,omitempty"`
	LienPriorityType                string   `xml:"LienPriorityType,omitempty"`
	LoanPurposeType                 string   `xml:"LoanPurposeType,omitempty"`
	LoanPurposeTypeOtherDescription string   `xml:"LoanPurposeTypeOtherDescription,omitempty"`
	MortgageType                    string   `xml:"MortgageType,omitempty"`
	NoteAmount                      *Amount  `xml:"NoteAmount,omitempty"`
	NoteRatePercent                 *Percent `xml:"NoteRatePercent,omitempty"`
}

// Relationships is MISMO's RELATIONSHIPS.
type Relationships struct {
	Relationship []Relationship `xml:"RELATIONSHIP"`
}

// Relationship links two labelled elements (an asset or liability to the
// borrower's role), as MISMO's xlink arcs do.
type Relationship struct {
	SequenceNumber int    `xml:"SequenceNumber,attr,omitempty"`
	Arcrole        string `xml:"http://www.w3.org/1999/xlink arcrole,attr"`
	From           string `xml:"http://www.w3.org/1999/xlink from,attr"`
	To             string `xml:"http://www.w3.org/1999/xlink to,attr"`
}
