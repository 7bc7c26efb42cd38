package loans

import (
	"context"
	"fmt"
	"strings"
	"time"
	"unicode"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/providers"
)

// IncomePath is the income-verification page (screens.md application6):
// its actions move the loan's status on as a save of the page would.
const IncomePath = "/app/application/income-verification"

// WithIncome connects the payroll network income verification asks
// (cmd/heloc gives the sandbox); without one, a payroll connection is
// refused and documents remain the way to show income.
func (s *Service) WithIncome(p providers.Income) *Service {
	s.income = p
	return s
}

// IncomeView is what verification.income and its mutations answer
// (schemas #IncomeVerificationView).
type IncomeView struct {
	ApplicationStatus string        `json:"applicationStatus"`
	ReadOnly          bool          `json:"readOnly"`
	Provider          string        `json:"provider"`
	Sandbox           bool          `json:"sandbox"`
	Borrower          IncomePerson  `json:"borrower"`
	Coborrower        *IncomePerson `json:"coborrower"`
}

// IncomePerson is one person's income verification (schemas
// #IncomeVerificationPerson).
type IncomePerson struct {
	Party            string                     `json:"party"`
	Name             string                     `json:"name"`
	Method           *string                    `json:"method"`
	VerifiedAt       *string                    `json:"verifiedAt"`
	Jobs             []IncomeJob                `json:"jobs"`
	PayrollEmployers []domain.PayrollEmployment `json:"payrollEmployers"`
	Documents        []IncomeDocument           `json:"documents"`
}

// IncomeJob is an employment of the application (schemas #IncomeVerificationJob).
type IncomeJob struct {
	EmployerName string `json:"employerName"`
	Position     string `json:"position"`
	Current      bool   `json:"current"`
	SelfEmployed bool   `json:"selfEmployed"`
	Verified     bool   `json:"verified"`
}

// IncomeDocument is an income document the documents policy asks of the
// person (schemas #IncomeDocument).
type IncomeDocument struct {
	Type     string `json:"type"`
	Label    string `json:"label"`
	Required int    `json:"required"`
}

// Income is the applicant's income verification as the page shows it.
func (s *Service) Income(ctx context.Context, applicant *domain.Applicant) (*IncomeView, error) {
	loan, app, err := s.application(ctx, applicant)
	if err != nil {
		return nil, err
	}
	return s.incomeView(ctx, loan, app)
}

// ConnectPayroll asks the payroll network about the party's jobs, marks
// each employment of theirs whose employer the network knows (by the
// employer’s name, normalized) as verified by it, and records the payroll
// connection with the network's employers. When none of the person's
// employments is known to the network nothing is written and the answer is
// an error at "party" saying what was found. The loan's status moves on as
// for a save of the page. The network's report is kept for the person
// (vendors.go): a connection with the same request uses it again, found or
// not, and only a request the network is really asked spends from spend.
func (s *Service) ConnectPayroll(ctx context.Context, applicant *domain.Applicant, party string, spend Spend) (*IncomeView, error) {
	if s.income == nil {
		return nil, domain.InvalidField("party", "Payroll connection is not available. Choose to upload your pay documents.")
	}
	loan, app, err := s.Stored(ctx, applicant)
	if err != nil {
		return nil, err
	}
	if err := writable(loan); err != nil {
		return nil, err
	}
	if app == nil {
		return nil, domain.Errorf(domain.EINVALID, "Fill in your personal information first.")
	}
	p, err := incomePerson(app, party, hasCoborrower(loan))
	if err != nil {
		return nil, err
	}
	if p.SSN == nil || len(*p.SSN) < 4 {
		return nil, domain.InvalidField("party", "Enter the Social Security number on the Personal Info page first: the payroll network looks people up by it.")
	}
	employers := payrollEmployers(p.Employments)
	if len(employers) == 0 {
		return nil, domain.InvalidField("party", "There is no job with an employer on "+incomePossessive(party)+" employment history for a payroll account to verify. Choose to upload pay documents instead.")
	}
	email := ""
	if applicant != nil {
		email = applicant.Email
	}
	report, err := s.payrollReport(ctx, loan.ID, providers.IncomeRequest{
		Email: email, Party: party, FirstName: incomeDeref(p.FirstName), LastName: incomeDeref(p.LastName),
		SSNLast4: (*p.SSN)[len(*p.SSN)-4:], Employers: employers, Today: s.now().UTC(),
	}, spend)
	if err != nil {
		return nil, err
	}
	now := s.now().UTC().Format(time.RFC3339)
	source := s.income.DataSource()
	_, err = s.Change(ctx, applicant, IncomePath, func(l *domain.Loan, app *domain.Application) error {
		p, err := incomePerson(app, party, hasCoborrower(l))
		if err != nil {
			return err
		}
		found := matchPayroll(p.Employments, report.Employers)
		matched := 0
		for i, e := range found {
			if e.Matched {
				matched++
			}
			report.Employers[i] = e
		}
		if matched == 0 {
			return domain.InvalidField("party", noMatchMessage(party, report.Employers, employers))
		}
		for i := range p.Employments {
			job := &p.Employments[i]
			if k := payrollIndex(*job, report.Employers); k >= 0 {
				e := report.Employers[k]
				job.DataSource = source
				job.ReportID = ptr(report.ReportID)
				job.IncomeInformation = ptr(fmt.Sprintf("%s: %s since %s, base pay %s a month, paid %s.", report.Provider, e.Position, e.StartDate, e.MonthlyBase, e.PayFrequency))
				if job.Position == nil || *job.Position == "" {
					job.Position = ptr(e.Position)
				}
			}
		}
		p.IncomeVerification = &domain.IncomeVerification{
			Method: domain.IncomeByPayroll, VerifiedAt: now, Provider: ptr(report.Provider), ReportID: ptr(report.ReportID), Employers: report.Employers,
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return s.changedIncome(ctx, applicant)
}

// ChooseDocuments records that the party will show their income with
// documents (the upload page asks for them). A job a payroll connection
// verified before stays verified. The loan's status moves on as for a save
// of the page.
func (s *Service) ChooseDocuments(ctx context.Context, applicant *domain.Applicant, party string) (*IncomeView, error) {
	now := s.now().UTC().Format(time.RFC3339)
	_, err := s.Change(ctx, applicant, IncomePath, func(l *domain.Loan, app *domain.Application) error {
		p, err := incomePerson(app, party, hasCoborrower(l))
		if err != nil {
			return err
		}
		iv := &domain.IncomeVerification{Method: domain.IncomeByDocuments, VerifiedAt: now, Employers: []domain.PayrollEmployment{}}
		if before := p.IncomeVerification; before != nil {
			iv.Provider, iv.ReportID, iv.Employers = before.Provider, before.ReportID, orEmpty(before.Employers)
		}
		p.IncomeVerification = iv
		return nil
	})
	if err != nil {
		return nil, err
	}
	return s.changedIncome(ctx, applicant)
}

// incomePerson is the party's record: the coborrower only on a loan with one.
func incomePerson(app *domain.Application, party string, withCoborrower bool) (*domain.Person, error) {
	switch party {
	case "borrower":
		return &app.User, nil
	case "coborrower":
		if !withCoborrower {
			return nil, domain.InvalidField("party", "This application has no coborrower.")
		}
		if app.Coborrower == nil {
			app.Coborrower = &domain.Person{}
		}
		return app.Coborrower, nil
	}
	return nil, domain.InvalidField("party", "Choose whose income to verify.")
}

// payrollEmployers are the names of the employers of the jobs a payroll
// network can verify: those with an employer, not self-employment.
func payrollEmployers(jobs []domain.Employment) []string {
	var out []string
	for _, j := range jobs {
		if !j.SelfEmployedIndicator && j.EmployerName != nil && normalizeEmployer(*j.EmployerName) != "" {
			out = append(out, *j.EmployerName)
		}
	}
	return out
}

// matchPayroll is the network's employers, each marked Matched when it is
// the employer of a job of jobs that a payroll network can verify.
func matchPayroll(jobs []domain.Employment, known []domain.PayrollEmployment) []domain.PayrollEmployment {
	out := make([]domain.PayrollEmployment, len(known))
	for i, e := range known {
		e.Matched = false
		for _, j := range jobs {
			if !j.SelfEmployedIndicator && j.EmployerName != nil && sameEmployer(*j.EmployerName, e.EmployerName) {
				e.Matched = true
			}
		}
		out[i] = e
	}
	return out
}

// payrollIndex is the index in known of job's employer, or -1 (never for
// self-employment).
func payrollIndex(job domain.Employment, known []domain.PayrollEmployment) int {
	if job.SelfEmployedIndicator || job.EmployerName == nil {
		return -1
	}
	for i, e := range known {
		if sameEmployer(*job.EmployerName, e.EmployerName) {
			return i
		}
	}
	return -1
}

func sameEmployer(a, b string) bool {
	na := normalizeEmployer(a)
	return na != "" && na == normalizeEmployer(b)
}

// legalForms are the words of a company's legal form, which people leave
// out or spell differently ("Acme Inc." is "ACME, Incorporated").
var legalForms = map[string]bool{
	"the": true, "inc": true, "incorporated": true, "llc": true, "llp": true, "lp": true, "ltd": true, "limited": true,
	"corp": true, "corporation": true, "co": true, "company": true, "plc": true, "pllc": true, "pc": true,
}

// normalizeEmployer is an employer’s name as compared: lower case, letters
// and digits only, without the words of its legal form.
func normalizeEmployer(name string) string {
	words := strings.FieldsFunc(strings.ToLower(name), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	kept := words[:0]
	for _, w := range words {
		if !legalForms[w] {
			kept = append(kept, w)
		}
	}
	return strings.Join(kept, " ")
}

// noMatchMessage says why a payroll connection verified nothing.
func noMatchMessage(party string, known []domain.PayrollEmployment, asked []string) string {
	if len(known) == 0 {
		return "The payroll network has no payroll records for " + incomeObject(party) + ", so no job could be verified. Choose to upload pay documents instead."
	}
	names := make([]string, len(known))
	for i, e := range known {
		names[i] = e.EmployerName
	}
	return fmt.Sprintf("The payroll network knows %s at %s, which is not an employer on %s employment history (%s). Check the employer’s name on the Employment History page, or choose to upload pay documents instead.",
		incomeObject(party), strings.Join(names, ", "), incomePossessive(party), strings.Join(asked, ", "))
}

func incomeObject(party string) string {
	if party == "coborrower" {
		return "your coborrower"
	}
	return "you"
}

func incomePossessive(party string) string {
	if party == "coborrower" {
		return "your coborrower's"
	}
	return "your"
}

func incomeDeref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// changedIncome is the view after a change: the loan (its status moved)
// and the application as stored.
func (s *Service) changedIncome(ctx context.Context, applicant *domain.Applicant) (*IncomeView, error) {
	loan, app, err := s.Stored(ctx, applicant)
	if err != nil {
		return nil, err
	}
	return s.incomeView(ctx, loan, app)
}

// incomeView builds the page's view of app: each person's choice, jobs and
// the income documents (category INC) the documents policy asks of them,
// as the upload page counts them (Requirements).
func (s *Service) incomeView(ctx context.Context, loan *domain.Loan, app *domain.Application) (*IncomeView, error) {
	req, err := s.Requirements(ctx, loan, app)
	if err != nil {
		return nil, err
	}
	month := s.now().UTC().Format("2006-01")
	v := &IncomeView{ApplicationStatus: loan.ApplicationStatus, ReadOnly: loan.ApplicationStatus == Submitted,
		Borrower: personIncome("borrower", &app.User, incomeDocuments(req.Documents.Borrower), month)}
	if s.income != nil {
		v.Sandbox = s.income.Sandbox()
		v.Provider = s.income.Name()
	}
	if hasCoborrower(loan) {
		co := app.Coborrower
		if co == nil {
			co = &domain.Person{}
		}
		p := personIncome("coborrower", co, incomeDocuments(req.Documents.Coborrower), month)
		v.Coborrower = &p
	}
	return v, nil
}

// incomeDocuments are the income documents (category INC) of a person's
// required documents.
func incomeDocuments(docs []RequiredDocument) []IncomeDocument {
	out := []IncomeDocument{}
	for _, d := range docs {
		if d.Category == "INC" {
			out = append(out, IncomeDocument{Type: d.Type, Label: d.Label, Required: d.Required})
		}
	}
	return out
}

// personIncome is a person's part of the view; a job is current when it has
// no end date or ends in or after the month of today (spec §4).
func personIncome(party string, p *domain.Person, docs []IncomeDocument, month string) IncomePerson {
	out := IncomePerson{Party: party, Name: strings.TrimSpace(incomeDeref(p.FirstName) + " " + incomeDeref(p.LastName)),
		Jobs: []IncomeJob{}, PayrollEmployers: []domain.PayrollEmployment{}, Documents: orEmpty(docs)}
	if iv := p.IncomeVerification; iv != nil {
		out.Method, out.VerifiedAt = ptr(iv.Method), ptr(iv.VerifiedAt)
		out.PayrollEmployers = orEmpty(iv.Employers)
	}
	for _, j := range p.Employments {
		out.Jobs = append(out.Jobs, IncomeJob{
			EmployerName: incomeDeref(j.EmployerName), Position: incomeDeref(j.Position), Current: j.EndDate == nil || *j.EndDate >= month,
			SelfEmployed: j.SelfEmployedIndicator, Verified: j.DataSource != "" && j.DataSource != "Manual",
		})
	}
	return out
}

// keepVerified keeps a page's save from marking a job verified: a saved
// employment whose dataSource is not Manual keeps it only when the stored
// employment of the same employer had the same source (a payroll
// connection set it); otherwise it is Manual again, without the report.
func keepVerified(stored, saved []domain.Employment) {
	for i := range saved {
		job := &saved[i]
		if job.DataSource == "" || job.DataSource == "Manual" {
			continue
		}
		kept := false
		for _, before := range stored {
			if before.DataSource == job.DataSource && before.SelfEmployedIndicator == job.SelfEmployedIndicator &&
				before.EmployerName != nil && job.EmployerName != nil && sameEmployer(*before.EmployerName, *job.EmployerName) {
				kept = true
				job.ReportID, job.IncomeInformation = before.ReportID, before.IncomeInformation
			}
		}
		if !kept {
			job.DataSource, job.ReportID, job.IncomeInformation = "Manual", nil, nil
		}
	}
}
