package prequal

import (
	"encoding/json"
	"slices"
	"strconv"
	"time"

	"github.com/heloc/heloc/server/domain"
)

// The policy inputs this service makes (the policy contract's eligibility,
// offer, notice and terms inputs), typed. Each struct's fields are in the
// alphabetical order of their JSON names, so that an input is encoded, and
// recorded with its decision, byte for byte as the maps it replaces were
// (encoding/json sorts a map's keys): a decision recorded before is still
// found the same by the decision log's de-duplication. facts_test.go checks
// it against those maps.

// EstimateFacts is the eligibility and offer input of an estimate:
// self-reported facts, which the rules never decline on (at worst "this
// may not qualify") and never make a notice of. A value, balance or score
// not given is null: a missing fact, which the rules name (outcome
// notDecided), never a zero.
type EstimateFacts struct {
	CreditScore  *int64 `json:"creditScore"`
	CreditSource string `json:"creditSource"`
	HasFbm       bool   `json:"hasFbm"`
	// MortgageBalance is the liens' sum as the homeowner gave it.
	MortgageBalance *int64     `json:"mortgageBalance"`
	Mortgages       []Mortgage `json:"mortgages"`
	PropertyState   *string    `json:"propertyState,omitempty"`
	PropertyType    string     `json:"propertyType"`
	PropertyUsage   string     `json:"propertyUsage"`
	PropertyValue   *int64     `json:"propertyValue"`
	Stage           string     `json:"stage"`
	Today           string     `json:"today"`
}

// OfferFacts is the eligibility, offer and notice input made from the
// loan's answers and the bureau's data (stage "preview"), or from the
// application's figures (stage "submission": the home as the application
// states it, the incomes and the debts). It gathers; it decides nothing.
type OfferFacts struct {
	AnnualIncome *int64       `json:"annualIncome"`
	CreditReport ReportFacts  `json:"creditReport"`
	CreditScores CreditScores `json:"creditScores"`
	CreditSource string       `json:"creditSource"`
	Debts        []Debt       `json:"debts"`
	// Decision is the offer the notice explains: given to
	// heloc.notice.adverse_action only (noticeFacts), absent otherwise.
	Decision   any      `json:"decision,omitzero"`
	HasFbm     bool     `json:"hasFbm"`
	Incomes    []Income `json:"incomes,omitzero"` // at submission
	KeyFactors []string `json:"keyFactors"`
	// ListedForSale is the /prequal path's answer (absent where it was not
	// asked): a home listed for sale is refused at the preview too.
	ListedForSale *bool      `json:"listedForSale,omitempty"`
	MonthlyDebts  *int64     `json:"monthlyDebts"`
	Mortgages     []Mortgage `json:"mortgages"`
	PropertyState *string    `json:"propertyState,omitempty"`
	PropertyType  *string    `json:"propertyType,omitempty"`  // at submission
	PropertyUnits *Units     `json:"propertyUnits,omitempty"` // at submission
	PropertyUsage *string    `json:"propertyUsage,omitempty"`
	PropertyValue *int64     `json:"propertyValue"`
	RequestedLine *int64     `json:"requestedLine"`
	Stage         string     `json:"stage"`
	Today         string     `json:"today"`
}

// Mortgage is a lien: the bureau's, with the homeowner's word on it
// (confirmed true or false, null before they said), or one the homeowner
// added (source "borrower", which has no monthly payment).
type Mortgage struct {
	Balance         int64   `json:"balance"`
	Confirmed       *bool   `json:"confirmed"`
	LatePaymentDate *string `json:"latePaymentDate"`
	LatePaymentDays int     `json:"latePaymentDays"`
	MonthlyPayment  *int64  `json:"monthlyPayment,omitempty"`
	Source          string  `json:"source"`
}

// Debt is a debt other than a mortgage: the report's, with the borrower's
// choice to pay it off with the line and, at submission, the lender's to
// leave it out (Omitted).
type Debt struct {
	MonthlyPayment *domain.Cents `json:"monthlyPayment,omitempty"`
	Omitted        *bool         `json:"omitted,omitempty"`
	Source         string        `json:"source"`
	ToBePaidOff    bool          `json:"toBePaidOff"`
	Type           *string       `json:"type,omitempty"`
}

// Income is a person's job (kind "employment": current when it has not
// ended) or other income (kind "other", of a type), with its amounts a
// month as given.
type Income struct {
	Base         *domain.Cents `json:"base,omitempty"`
	Bonuses      *domain.Cents `json:"bonuses,omitempty"`
	Commissions  *domain.Cents `json:"commissions,omitempty"`
	Current      *bool         `json:"current,omitempty"`
	Kind         string        `json:"kind"`
	OtherValue   *domain.Cents `json:"otherValue,omitempty"`
	Overtime     *domain.Cents `json:"overtime,omitempty"`
	Party        string        `json:"party"`
	SelfEmployed *bool         `json:"selfEmployed,omitempty"`
	Type         *string       `json:"type,omitempty"`
}

// ReportFacts is the report's own score block, for the notice.
type ReportFacts struct {
	Bureau     domain.Bureau     `json:"bureau"`
	KeyFactors []string          `json:"keyFactors"`
	PulledOn   string            `json:"pulledOn"`
	Score      *int              `json:"score"`
	ScoreRange domain.ScoreRange `json:"scoreRange"`
}

// CreditScores are both scores as the bureau gave them (the rules pick the
// one used): the coborrower's is there, null when the bureau gave none,
// only when a coborrower's file was pulled.
type CreditScores struct {
	Borrower   *int
	Coborrower *int
	// HasCoborrower says a coborrower's file was pulled.
	HasCoborrower bool
}

// MarshalJSON writes {"borrower":…} or {"borrower":…,"coborrower":…}.
func (s CreditScores) MarshalJSON() ([]byte, error) {
	type borrower struct {
		Borrower *int `json:"borrower"`
	}
	type both struct {
		Borrower   *int `json:"borrower"`
		Coborrower *int `json:"coborrower"`
	}
	if s.HasCoborrower {
		return json.Marshal(both{s.Borrower, s.Coborrower})
	}
	return json.Marshal(borrower{s.Borrower})
}

// Units is the number of units of the home as the application gives it:
// a number ("2") reaches the rules as a number, anything else ("5+") as
// the text.
type Units string

// MarshalJSON writes the units as a number when they are one.
func (u Units) MarshalJSON() ([]byte, error) {
	if n, err := strconv.Atoi(string(u)); err == nil {
		return json.Marshal(n)
	}
	return json.Marshal(string(u))
}

// TermsFacts is heloc.submission.terms' input: the decisions at submission
// and the terms the borrower chose.
type TermsFacts struct {
	Chosen      ChosenTerms `json:"chosen"`
	Eligibility any         `json:"eligibility"`
	Offer       any         `json:"offer"`
}

// ChosenTerms are the line and APR of the offer the borrower chose.
type ChosenTerms struct {
	APR  float64 `json:"apr"`
	Line int64   `json:"line"`
}

// zipFacts is heloc.licensing.lookup's input: a ZIP code and, for an
// address, its state.
type zipFacts struct {
	Zip   string `json:"zip"`
	State string `json:"state,omitempty"`
}

// estimateFacts is the input of an estimate made of in on today.
func estimateFacts(in EstimateInput, today time.Time) EstimateFacts {
	return EstimateFacts{
		Today:           today.UTC().Format(time.DateOnly),
		PropertyValue:   in.PropertyValue,
		MortgageBalance: in.MortgageBalance,
		CreditScore:     in.CreditScore,
		PropertyUsage:   in.PropertyUsage,
		PropertyType:    in.PropertyType,
		PropertyState:   in.PropertyState,
		HasFbm:          in.HasFbm,
		Mortgages:       []Mortgage{},
		CreditSource:    "selfReported",
		Stage:           "estimate",
	}
}

// bureauFacts is the input of the eligibility, offer and notice policies
// (policy contract, issue 20) made from the loan's answers and the
// bureau's data: both scores as the bureau gave them, every mortgage of
// the report with the homeowner's word on it (a confirmed one's balance as
// the homeowner corrected it) and the ones they added, the report's other
// debts, the home's value as answered (null when not: a missing fact,
// never 0), the line requested, income and debts as stated, and the
// report's own score block for the notice.
func bureauFacts(answers domain.PrequalAnswers, r *domain.CreditReport, coborrower bool, requested *int64, today time.Time) OfferFacts {
	said := map[string]domain.MortgageAnswer{}
	for _, m := range answers.Mortgages {
		said[m.ID] = m
	}
	mortgages := []Mortgage{}
	onReport := map[string]bool{}
	for _, m := range r.Mortgages {
		onReport[m.ID] = true
		mortgage := Mortgage{Balance: m.Balance, MonthlyPayment: &m.MonthlyPayment, LatePaymentDays: m.LatePaymentDays,
			LatePaymentDate: m.LatePaymentDate, Source: "bureau"}
		if a, ok := said[m.ID]; ok && !a.AddedByUser {
			mortgage.Confirmed = &a.Confirmed
			if a.Confirmed {
				mortgage.Balance = a.Balance // the homeowner's correction
			}
		}
		mortgages = append(mortgages, mortgage)
	}
	confirmed := true
	for _, a := range answers.Mortgages {
		if a.AddedByUser && !onReport[a.ID] {
			mortgages = append(mortgages, Mortgage{Balance: a.Balance, Source: "borrower", Confirmed: &confirmed})
		}
	}
	debts := []Debt{}
	for _, d := range r.Liabilities {
		payment := domain.CentsOf(d.MonthlyPayment)
		debts = append(debts, Debt{MonthlyPayment: &payment, Type: &d.Type, Source: "bureau",
			ToBePaidOff: slices.Contains(answers.DebtsToPayOff, d.ID)})
	}
	keyFactors := r.KeyFactors
	if keyFactors == nil {
		keyFactors = []string{}
	}
	return OfferFacts{
		Today:         today.UTC().Format(time.DateOnly),
		Stage:         "preview",
		CreditSource:  "bureau",
		CreditScores:  CreditScores{Borrower: r.Score, Coborrower: r.CoborrowerScore, HasCoborrower: coborrower},
		KeyFactors:    keyFactors,
		PropertyValue: answers.PropertyValue,
		Mortgages:     mortgages,
		HasFbm:        answers.FBM.Any(),
		RequestedLine: requestedLine(requested, answers),
		AnnualIncome:  answers.AnnualIncome,
		MonthlyDebts:  answers.MonthlyDebts,
		Debts:         debts,
		CreditReport: ReportFacts{Score: r.Score, ScoreRange: r.ScoreRange, PulledOn: r.PulledAt.UTC().Format(time.DateOnly),
			KeyFactors: keyFactors, Bureau: r.Bureau},
		PropertyUsage: answers.PropertyUsage,
		PropertyState: answers.PropertyState,
		ListedForSale: answers.ListedForSale,
	}
}

// requestedLine is the amount asked for: the offer page's, else the saved
// answer desiredAmount; nil when neither.
func requestedLine(requested *int64, answers domain.PrequalAnswers) *int64 {
	if requested != nil {
		return requested
	}
	return answers.DesiredAmount
}

// submissionFacts is bureauFacts at the submission stage with the
// application's figures: the home, each person's jobs and other income,
// the debts with the ones the line pays off, and the line chosen as the
// line requested.
func submissionFacts(answers domain.PrequalAnswers, app *domain.Application, r *domain.CreditReport, coborrower bool, line int64, today time.Time) OfferFacts {
	in := bureauFacts(answers, r, coborrower, &line, today)
	in.Stage = "submission"
	p := app.Property
	if p.Value != nil {
		dollars := int64(p.Value.Dollars()) // the form's whole dollars
		in.PropertyValue = &dollars
	}
	if p.Type != nil {
		in.PropertyType = p.Type
	}
	if p.Units != nil {
		units := Units(*p.Units)
		in.PropertyUnits = &units
	}
	if p.Usage != nil {
		in.PropertyUsage = p.Usage
	}
	if p.State != nil {
		in.PropertyState = p.State
	}
	in.Incomes = applicationIncomes(app)
	in.Debts = applicationDebts(app)
	return in
}

// applicationIncomes are the application's jobs and other income, each
// person's, with their amounts a month as given: the rules decide what
// counts and what the yearly income is (eligibility.annual_income).
func applicationIncomes(app *domain.Application) []Income {
	incomes := []Income{}
	add := func(party string, p *domain.Person) {
		if p == nil {
			return
		}
		for _, e := range p.Employments {
			current, selfEmployed := e.EndDate == nil, e.SelfEmployedIndicator
			incomes = append(incomes, Income{Kind: "employment", Party: party, Current: &current, SelfEmployed: &selfEmployed,
				Base: e.Base, Bonuses: e.Bonuses, Commissions: e.Commissions, Overtime: e.Overtime})
		}
		for _, src := range p.IncomeSources {
			incomes = append(incomes, Income{Kind: "other", Party: party, Type: &src.Type,
				Base: src.Base, Bonuses: src.Bonuses, Commissions: src.Commissions, Overtime: src.Overtime, OtherValue: src.OtherValue})
		}
	}
	add("borrower", &app.User)
	add("coborrower", app.Coborrower)
	return incomes
}

// applicationDebts are the application's debts other than mortgages (the
// report's, as the application lists them) with the borrower's choice to
// pay each off with the line and the lender's to leave one out: the rules
// decide which count.
func applicationDebts(app *domain.Application) []Debt {
	debts := []Debt{}
	for _, l := range app.Liabilities {
		omitted := l.Omitted
		debts = append(debts, Debt{Source: "bureau", ToBePaidOff: l.ToBePaidOff, Omitted: &omitted,
			MonthlyPayment: l.MonthlyPayment, Type: l.Type})
	}
	return debts
}
