package portal

import (
	"context"
	"strings"

	"github.com/heloc/heloc/server/domain"
)

// BorrowerView is the borrower's (and coborrower's) data on a loan's page
// (schemas #PortalBorrower). What identifies a person to a thief or tells
// their finances (SSN, date of birth, income, the bank account's numbers)
// comes masked, as Sensitive fields; Unmask shows one, to a role that may.
type BorrowerView struct {
	People       []PersonView      `json:"people"`
	Disbursement *DisbursementView `json:"disbursement"`
	// Started says whether the borrower has saved any of the application
	// yet; before, the people come from the account and prequalification.
	Started bool `json:"started"`
}

// PersonView is one person on the loan, party "borrower" or "coborrower".
type PersonView struct {
	Party          string           `json:"party"`
	FirstName      string           `json:"firstName"`
	MiddleName     *string          `json:"middleName"`
	LastName       string           `json:"lastName"`
	Email          *string          `json:"email"`
	Phone          *string          `json:"phone"`
	MaritalStatus  *string          `json:"maritalStatus"`
	Citizenship    *string          `json:"citizenship"`
	Housing        *string          `json:"housing"`
	CurrentAddress *domain.Address  `json:"currentAddress"`
	Employments    []EmploymentView `json:"employments"`
	Identity       *string          `json:"identityVerificationStatus"`
	Sensitive      []SensitiveField `json:"sensitive"`
}

// EmploymentView is one job, without its pay (which is Sensitive).
type EmploymentView struct {
	EmployerName *string `json:"employerName"`
	Position     *string `json:"position"`
	StartDate    string  `json:"startDate"`
	EndDate      *string `json:"endDate"`
	SelfEmployed bool    `json:"selfEmployed"`
	Verified     bool    `json:"verified"`
}

// DisbursementView is the bank account the first draw goes to.
type DisbursementView struct {
	AccountHolderName string           `json:"accountHolderName"`
	AccountType       string           `json:"accountType"`
	InitialDraw       domain.Cents     `json:"initialDraw"`
	Sensitive         []SensitiveField `json:"sensitive"`
}

// SensitiveField is a value shown masked: Field names it for Unmask
// ("borrower.ssn"), Masked is what may be shown to anyone who may read the
// loan, and HasValue whether there is anything to unmask.
type SensitiveField struct {
	Field    string `json:"field"`
	Label    string `json:"label"`
	Masked   string `json:"masked"`
	HasValue bool   `json:"hasValue"`
}

// UnmaskedField is one sensitive field's value (schemas #UnmaskedField).
type UnmaskedField struct {
	Field string `json:"field"`
	Label string `json:"label"`
	Value string `json:"value"`
}

// sensitive is each sensitive field: its label, how it is found on the
// application (and the prequalification's answers), and how it is masked.
var sensitive = []struct {
	name, label string
	value       func(p *domain.Person) string
	mask        func(v string) string
}{
	{"ssn", "Social Security number", func(p *domain.Person) string { return deref(p.SSN) }, maskLast4("***-**-")},
	{"dateOfBirth", "Date of birth", func(p *domain.Person) string { return deref(p.DateOfBirth) }, maskAll("**/**/****")},
	{"monthlyIncome", "Monthly income", monthlyIncome, maskAll("$*****")},
}

var disbursementFields = []struct {
	name, label string
	value       func(d *domain.Disbursement) string
	mask        func(v string) string
}{
	{"routingNumber", "Routing number", func(d *domain.Disbursement) string { return d.RoutingNumber }, maskLast4("*****")},
	{"accountNumber", "Account number", func(d *domain.Disbursement) string { return d.AccountNumber }, maskLast4("****")},
}

// Borrower is the loan's people and bank account, sensitive fields masked.
// Values of the schema's enumerations are given by their labels.
func (s *Service) Borrower(ctx context.Context, loanID string, labels Labels) (*BorrowerView, error) {
	app, applicant, loan, started, err := s.application(ctx, loanID)
	if err != nil {
		return nil, err
	}
	borrower := personView(labels, "borrower", &app.User, applicant)
	stated := statedIncome(loan)
	borrower.Sensitive = append(borrower.Sensitive, SensitiveField{Field: "borrower." + statedIncomeField, Label: statedIncomeLabel,
		Masked: maskOrNone(stated, maskAll("$*****")), HasValue: stated != ""})
	v := &BorrowerView{Started: started, People: []PersonView{borrower}}
	if app.Coborrower != nil {
		v.People = append(v.People, personView(labels, "coborrower", app.Coborrower, nil))
	}
	if d := app.Disbursement; d != nil {
		dv := &DisbursementView{AccountHolderName: d.AccountHolderName, AccountType: labels.word("bankAccountType", d.AccountType), InitialDraw: d.InitialDraw, Sensitive: []SensitiveField{}}
		for _, f := range disbursementFields {
			value := f.value(d)
			dv.Sensitive = append(dv.Sensitive, SensitiveField{Field: "disbursement." + f.name, Label: f.label, Masked: maskOrNone(value, f.mask), HasValue: value != ""})
		}
		v.Disbursement = dv
	}
	return v, nil
}

// Unmask is one sensitive field's value. The caller has checked that the
// user may see it (pii.unmask) and records that they did.
func (s *Service) Unmask(ctx context.Context, loanID, field string) (*UnmaskedField, error) {
	app, _, loan, _, err := s.application(ctx, loanID)
	if err != nil {
		return nil, err
	}
	party, name, _ := strings.Cut(field, ".")
	if field == "borrower."+statedIncomeField {
		if v := statedIncome(loan); v != "" {
			return &UnmaskedField{Field: field, Label: statedIncomeLabel, Value: v}, nil
		}
		return nil, domain.InvalidField("field", "This loan has no such field to show.")
	}
	notFound := domain.InvalidField("field", "This loan has no such field to show.")
	switch party {
	case "disbursement":
		if app.Disbursement == nil {
			return nil, notFound
		}
		for _, f := range disbursementFields {
			if f.name == name && f.value(app.Disbursement) != "" {
				return &UnmaskedField{Field: field, Label: f.label, Value: f.value(app.Disbursement)}, nil
			}
		}
		return nil, notFound
	case "borrower", "coborrower":
		p := &app.User
		if party == "coborrower" {
			if p = app.Coborrower; p == nil {
				return nil, notFound
			}
		}
		for _, f := range sensitive {
			if f.name == name && f.value(p) != "" {
				return &UnmaskedField{Field: field, Label: f.label, Value: shown(f.name, f.value(p))}, nil
			}
		}
	}
	return nil, notFound
}

// application is the loan's application as the loan service has it (the
// stored one, or the one it starts from), its applicant and loan, and
// whether it has been saved.
func (s *Service) application(ctx context.Context, loanID string) (*domain.Application, *domain.Applicant, *domain.Loan, bool, error) {
	applicant, loan, err := s.loanAndApplicant(ctx, loanID)
	if err != nil {
		return nil, nil, nil, false, err
	}
	app, stored, err := s.loans.StaffApplication(ctx, applicant, loan)
	if err != nil {
		return nil, nil, nil, false, err
	}
	return app, applicant, loan, stored, nil
}

// The annual income the borrower stated when prequalifying (the landing
// funnel's annual-income page), before the application asks for each job's
// pay.
const (
	statedIncomeField = "statedAnnualIncome"
	statedIncomeLabel = "Annual income stated at prequalification"
)

func statedIncome(loan *domain.Loan) string {
	if loan.Answers.AnnualIncome == nil {
		return ""
	}
	return domain.Dollars(*loan.Answers.AnnualIncome).Format()
}

func personView(labels Labels, party string, p *domain.Person, account *domain.Applicant) PersonView {
	v := PersonView{Party: party, FirstName: deref(p.FirstName), MiddleName: p.MiddleName, LastName: deref(p.LastName),
		Email: p.Email, Phone: p.Phone, MaritalStatus: labels.Of("maritalStatus", p.MaritalStatus), Citizenship: labels.Of("citizenship", p.Citizenship),
		Housing: labels.Of("housing", p.Housing), CurrentAddress: p.CurrentAddress, Identity: labels.Of("identityVerificationStatus", p.IdentityVerificationStatus), Employments: []EmploymentView{}, Sensitive: []SensitiveField{}}
	if account != nil && v.FirstName == "" && v.LastName == "" {
		v.FirstName, v.LastName, v.Email, v.Phone = account.FirstName, account.LastName, &account.Email, account.Phone
	}
	for _, e := range p.Employments {
		v.Employments = append(v.Employments, EmploymentView{EmployerName: e.EmployerName, Position: e.Position, StartDate: e.StartDate,
			EndDate: e.EndDate, SelfEmployed: e.SelfEmployedIndicator, Verified: e.DataSource == "Payroll"})
	}
	for _, f := range sensitive {
		value := f.value(p)
		v.Sensitive = append(v.Sensitive, SensitiveField{Field: party + "." + f.name, Label: f.label, Masked: maskOrNone(value, f.mask), HasValue: value != ""})
	}
	return v
}

// monthlyIncome is the person's monthly income on the application: the
// pay of their current jobs and their other income, in dollars; "" when
// they gave none.
func monthlyIncome(p *domain.Person) string {
	var total domain.Cents
	any := false
	add := func(vs ...*domain.Cents) {
		for _, v := range vs {
			if v != nil {
				total, any = total+*v, true
			}
		}
	}
	for _, e := range p.Employments {
		if e.EndDate == nil || *e.EndDate == "" {
			add(e.Base, e.Bonuses, e.Commissions, e.Overtime)
		}
	}
	for _, src := range p.IncomeSources {
		add(src.Base, src.Bonuses, src.Commissions, src.Overtime, src.OtherValue)
	}
	if !any {
		return ""
	}
	return total.Dollars().Format()
}

func maskOrNone(value string, mask func(string) string) string {
	if value == "" {
		return "Not given"
	}
	return mask(value)
}

// shown is a sensitive value as people write it: an SSN of nine digits
// as 123-45-6789; any other value as it is (a date of birth stays a date,
// which the page writes in its own format).
func shown(name, v string) string {
	if name == "ssn" && len(v) == 9 {
		return v[:3] + "-" + v[3:5] + "-" + v[5:]
	}
	return v
}

// maskLast4 shows the last four characters after prefix.
func maskLast4(prefix string) func(string) string {
	return func(v string) string {
		if len(v) <= 4 {
			return prefix
		}
		return prefix + v[len(v)-4:]
	}
}

// maskAll shows nothing of the value.
func maskAll(shown string) func(string) string {
	return func(string) string { return shown }
}
