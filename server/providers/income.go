package providers

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"time"

	"github.com/heloc/heloc/server/domain"
)

// IncomeRequest asks the payroll network about one person of an
// application: who they are (a sandbox picks its persona by the
// applicant's e-mail), their name and the last four digits of their SSN,
// and the employers they named on the application.
type IncomeRequest struct {
	// Email is the applicant's (the borrower's) e-mail; Party says whether
	// the person asked about is the borrower or the coborrower.
	Email     string
	Party     string
	FirstName string
	LastName  string
	SSNLast4  string
	Employers []string
	Today     time.Time
}

// PayrollReport is the payroll network's answer: the employers it knows for
// the person (none when it knows none), under a report id.
type PayrollReport struct {
	Provider  string
	ReportID  string
	Employers []domain.PayrollEmployment
}

// Income is a payroll and employment verification network (the kind of
// service that confirms a job and its pay from the employer's payroll).
type Income interface {
	Verify(ctx context.Context, req IncomeRequest) (*PayrollReport, error)
	// Name is the network's name, as the page and the reports show it.
	Name() string
	// DataSource is what a verified employment's dataSource says (spec §3:
	// any source other than Manual means verified).
	DataSource() string
	// Sandbox reports whether the answers are made up (the UI says so).
	Sandbox() bool
}

// SandboxPayrollName is the network the sandbox's reports name.
const SandboxPayrollName = "Sandbox Payroll Network (test data)"

// PayrollDataSource is the dataSource of an employment the payroll network
// confirmed.
const PayrollDataSource = "Payroll"

// payrollPersona is the part of a personas.json entry the payroll sandbox
// reads: the payroll records of the borrower and of the coborrower.
type payrollPersona struct {
	Email   string `json:"email"`
	Profile struct {
		Payroll map[string][]payrollRecord `json:"payroll"`
	} `json:"profile"`
}

type payrollRecord struct {
	EmployerName string       `json:"employerName"`
	Position     string       `json:"position"`
	StartDate    string       `json:"startDate"`
	EndDate      *string      `json:"endDate"`
	PayFrequency string       `json:"payFrequency"`
	MonthlyBase  domain.Cents `json:"monthlyBase"`
}

// SandboxPayroll is the deterministic payroll network: a persona's
// profile.payroll.<party> records (by the applicant's e-mail before any
// "+"), and for anyone else no record at all.
type SandboxPayroll struct {
	personas map[string]*payrollPersona
}

// NewSandboxPayroll reads personas.json from fsys (the fixtures package's FS).
func NewSandboxPayroll(fsys fs.FS) (*SandboxPayroll, error) {
	buf, err := fs.ReadFile(fsys, "personas.json")
	if err != nil {
		return nil, fmt.Errorf("sandbox payroll: %w", err)
	}
	var list []*payrollPersona
	if err := json.Unmarshal(buf, &list); err != nil {
		return nil, fmt.Errorf("sandbox payroll: personas.json: %w", err)
	}
	s := &SandboxPayroll{personas: map[string]*payrollPersona{}}
	for _, p := range list {
		s.personas[localPart(p.Email)] = p
	}
	return s, nil
}

// Sandbox reports that the payroll records are made up.
func (*SandboxPayroll) Sandbox() bool { return true }

// Name is the sandbox network's name.
func (*SandboxPayroll) Name() string { return SandboxPayrollName }

// DataSource is "Payroll".
func (*SandboxPayroll) DataSource() string { return PayrollDataSource }

// Verify answers the persona's records for the party. A person without an
// SSN on file cannot be looked up.
func (s *SandboxPayroll) Verify(_ context.Context, req IncomeRequest) (*PayrollReport, error) {
	if len(req.SSNLast4) != 4 {
		return nil, domain.Errorf(domain.EINVALID, "The payroll network needs the Social Security number.")
	}
	if req.Party != "borrower" && req.Party != "coborrower" {
		return nil, fmt.Errorf("sandbox payroll: unknown party %q", req.Party)
	}
	name := localPart(req.Email)
	r := &PayrollReport{Provider: SandboxPayrollName, ReportID: "sandbox-payroll-" + req.Party, Employers: []domain.PayrollEmployment{}}
	p := s.personas[name]
	if p == nil {
		return r, nil
	}
	r.ReportID = "sandbox-payroll-" + name + "-" + req.Party
	today := req.Today.UTC().Format(time.DateOnly)
	for _, rec := range p.Profile.Payroll[req.Party] {
		r.Employers = append(r.Employers, domain.PayrollEmployment{
			EmployerName: rec.EmployerName, Position: rec.Position, StartDate: rec.StartDate, EndDate: rec.EndDate,
			Current:      rec.EndDate == nil || *rec.EndDate >= today[:7],
			PayFrequency: rec.PayFrequency, MonthlyBase: rec.MonthlyBase,
		})
	}
	return r, nil
}
