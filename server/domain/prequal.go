package domain

import (
	"encoding/json"
	"time"
)

// The report types of spec §3 that prequalification uses: a soft pull of
// the borrower alone, of borrower and coborrower together, or of the
// coborrower alone.
const (
	SingleCredit           = "singleCredit"
	JointCredit            = "jointCredit"
	SingleCreditCoborrower = "singleCreditCoborrower"
)

// CreditReport is what a soft credit pull returns (schemas #CreditReport).
// It never holds the SSN or date of birth the pull was made with.
type CreditReport struct {
	PulledAt        time.Time          `json:"pulledAt"`
	Kind            string             `json:"kind"`
	Score           *int               `json:"score"`
	ScoreModel      string             `json:"scoreModel"`
	ScoreRange      ScoreRange         `json:"scoreRange"`
	KeyFactors      []string           `json:"keyFactors"`
	Bureau          Bureau             `json:"bureau"`
	Mortgages       []ReportedMortgage `json:"mortgages"`
	Liabilities     []ReportedDebt     `json:"liabilities"`
	CoborrowerScore *int               `json:"coborrowerScore,omitempty"`
}

// ScoreRange is the lowest and highest score of a scoring model.
type ScoreRange struct {
	Min int `json:"min"`
	Max int `json:"max"`
}

// Bureau is the consumer reporting agency that supplied a report, with the
// contact an adverse-action notice must give (FCRA §615(a)).
type Bureau struct {
	Name    string `json:"name"`
	Address string `json:"address"`
	Phone   string `json:"phone"`
	Website string `json:"website"`
}

// ReportedMortgage is a mortgage tradeline of the report.
type ReportedMortgage struct {
	ID              string  `json:"id"`
	Creditor        string  `json:"creditor"`
	Balance         int64   `json:"balance"`
	MonthlyPayment  int64   `json:"monthlyPayment"`
	DateOpened      string  `json:"dateOpened"`
	LatePaymentDays int     `json:"latePaymentDays"`
	LatePaymentDate *string `json:"latePaymentDate"`
}

// ReportedDebt is any other tradeline of the report.
type ReportedDebt struct {
	ID             string `json:"id"`
	Creditor       string `json:"creditor"`
	Type           string `json:"type"`
	Balance        int64  `json:"balance"`
	MonthlyPayment int64  `json:"monthlyPayment"`
}

// Valuation is an automated valuation of the home (schemas #ValuationResult).
type Valuation struct {
	Value      int64  `json:"value"`
	Confidence string `json:"confidence"`
	Source     string `json:"source"`
	AsOf       string `json:"asOf"`
}

// The valuation confidences, and the sources of spec §3's report types.
const (
	ConfidenceHigh   = "high"
	ConfidenceMedium = "medium"
	ConfidenceLow    = "low"
	SourceAVM        = "avm"
	SourceAVMCascade = "avmCascade"
)

// AdverseActionNotice is the notice of an ineligible decision (ECOA, Reg B
// 12 CFR 1002.9; FCRA §615(a)): the principal reasons, the score used with
// its range, date and key factors, the bureau that supplied it, and the
// creditor. It is stored once per decision and can be read again.
type AdverseActionNotice struct {
	NoticeID   string     `json:"noticeId"`
	DecisionID string     `json:"-"`
	Date       string     `json:"date"`
	Reasons    []string   `json:"reasons"`
	Score      *int       `json:"score"`
	ScoreRange ScoreRange `json:"scoreRange"`
	ScoreDate  string     `json:"scoreDate"`
	KeyFactors []string   `json:"keyFactors"`
	Bureau     Bureau     `json:"bureau"`
	Creditor   Creditor   `json:"creditor"`
	// Version names the statutory wording the notice used, ReasonCodes the
	// reasons' codes and Wording the wording itself, all the rules'
	// (heloc.notice.adverse_action). Notices stored before issue 20 have
	// none of the three.
	Version     string          `json:"version,omitempty"`
	ReasonCodes []string        `json:"reasonCodes,omitempty"`
	Wording     json.RawMessage `json:"wording,omitempty"`
}

// Creditor is the lender as a notice names it.
type Creditor struct {
	Name    string `json:"name"`
	Address string `json:"address"`
	NMLSID  string `json:"nmlsId"`
}

// Identity is what a credit pull needs to find a person's file. SSN and
// DateOfBirth are sealed at rest and never returned or logged.
type Identity struct {
	FirstName   string
	LastName    string
	Email       string
	DateOfBirth string
	SSN         string
}

// String keeps an Identity out of logs and error messages.
func (Identity) String() string { return "domain.Identity{redacted}" }

// GoString is String for %#v.
func (i Identity) GoString() string { return i.String() }

// CreditPull is a soft pull to store: the report, whom it was for, the
// SSN and date of birth it was made with, and the authorization that
// allowed it (the wording's version, the client's address and browser).
type CreditPull struct {
	LoanID               string
	Party                string // "borrower" or "coborrower"
	Report               *CreditReport
	SSN, DateOfBirth     string
	AuthorizationVersion string
	ClientAddress        string
	UserAgent            string
}
