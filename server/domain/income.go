package domain

// Income verification (the income-verification page, screens.md
// application6): a person verifies their income by connecting a payroll
// provider, or says they will upload pay documents. A job the payroll
// network confirms is marked with the network's dataSource, and the
// documents policy then asks no paystubs or W-2s of that person.

// The methods of IncomeVerification.
const (
	IncomeByPayroll   = "payroll"
	IncomeByDocuments = "documents"
)

// IncomeVerification is how a person chose to verify their income
// (schemas #IncomeVerification), with, for a payroll connection, the
// employers the payroll network knew. Sealed with the application at rest.
type IncomeVerification struct {
	Method     string `json:"method"`
	VerifiedAt string `json:"verifiedAt"`
	// Provider and ReportID name the payroll connection (payroll only).
	Provider  *string             `json:"provider,omitempty"`
	ReportID  *string             `json:"reportId,omitempty"`
	Employers []PayrollEmployment `json:"employers"`
}

// PayrollEmployment is an employer the payroll network knows for a person
// (schemas #PayrollEmployment): the position, the dates (a null end date
// means the job is current), and the pay in monthly figures, as the URLA
// asks them.
type PayrollEmployment struct {
	EmployerName string  `json:"employerName"`
	Position     string  `json:"position"`
	StartDate    string  `json:"startDate"`
	EndDate      *string `json:"endDate"`
	Current      bool    `json:"current"`
	PayFrequency string  `json:"payFrequency"`
	MonthlyBase  Cents   `json:"monthlyBase"`
	// Matched says whether the employer is one of the person's employments
	// on the application (and so was marked verified).
	Matched bool `json:"matched"`
}
