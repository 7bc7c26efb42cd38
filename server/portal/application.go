package portal

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/loans"
)

// The whole application on the loan page (issue 23, item 2): what the
// borrower and coborrower answered, in words, with the credit report's
// summary and the CLTV and DTI the rules computed (schemas
// #PortalApplication). The demographic (HMDA) answers are apart (Hmda):
// they are not for underwriting and have their own permission.

// Labels is the schema's table of the words for its enumerations
// (schemas #EnumLabels): enumeration -> value -> label. The web layer
// reads it from the schema and hands it to the views that show values.
type Labels map[string]map[string]string

// Of is the label of v in enumeration kind; nil for nil or an empty
// value; the value itself when the table has no label for it.
func (l Labels) Of(kind string, v *string) *string {
	if v == nil || *v == "" {
		return nil
	}
	if label, ok := l[kind][*v]; ok {
		return &label
	}
	return v
}

// word is Of for a value that is always there.
func (l Labels) word(kind, v string) string { return *cmp.Or(l.Of(kind, &v), &v) }

// ApplicationView is schemas #PortalApplication.
type ApplicationView struct {
	Started         bool                `json:"started"`
	SubmittedAt     *string             `json:"submittedAt"`
	Property        PropertyView        `json:"property"`
	Liens           []DebtView          `json:"liens"`
	Liabilities     []DebtView          `json:"liabilities"`
	OtherProperties []OtherPropertyView `json:"otherProperties"`
	People          []ApplicantView     `json:"people"`
	Credit          []CreditSummary     `json:"credit"`
	Figures         *Figures            `json:"figures"`
}

// PropertyView is the subject property (schemas #PortalProperty).
type PropertyView struct {
	Address          *domain.Address `json:"address"`
	Occupancy        *string         `json:"occupancy"`
	Type             *string         `json:"type"`
	Units            *string         `json:"units"`
	TitleHolding     *string         `json:"titleHolding"`
	InTrust          bool            `json:"inTrust"`
	Value            *domain.Cents   `json:"value"`
	MonthlyTaxes     *domain.Cents   `json:"monthlyTaxes"`
	MonthlyInsurance *domain.Cents   `json:"monthlyInsurance"`
	HOAMonthly       *domain.Cents   `json:"hoaMonthly"`
}

// DebtView is a lien or a liability (schemas #PortalDebt).
type DebtView struct {
	Creditor        *string       `json:"creditor"`
	Kind            *string       `json:"kind"`
	Debtor          *string       `json:"debtor"`
	Balance         int64         `json:"balance"`
	MonthlyPayment  *domain.Cents `json:"monthlyPayment"`
	Confirmed       *bool         `json:"confirmed"`
	AddedByUser     bool          `json:"addedByUser"`
	ToBePaidOff     bool          `json:"toBePaidOff"`
	Omitted         bool          `json:"omitted"`
	LatePaymentDays *int64        `json:"latePaymentDays"`
	LatePaymentDate *string       `json:"latePaymentDate"`
}

// OtherPropertyView is another property the borrower owns (schemas
// #PortalOtherProperty).
type OtherPropertyView struct {
	Address *domain.Address `json:"address"`
	Type    *string         `json:"type"`
	Usage   *string         `json:"usage"`
	Units   *string         `json:"units"`
	Value   *domain.Cents   `json:"value"`
	Liens   []DebtView      `json:"liens"`
}

// ApplicantView is one person's part of the application (schemas
// #PortalApplicant).
type ApplicantView struct {
	Party              string              `json:"party"`
	Name               string              `json:"name"`
	Citizenship        *string             `json:"citizenship"`
	MaritalStatus      *string             `json:"maritalStatus"`
	MilitaryStatus     *string             `json:"militaryStatus"`
	Housing            *string             `json:"housing"`
	IncomeVerification *IncomeVerification `json:"incomeVerification"`
	Identity           *IdentityView       `json:"identity"`
	Employments        []EmploymentRecord  `json:"employments"`
	Gaps               []GapView           `json:"gaps"`
	Incomes            []IncomeView        `json:"incomes"`
	Declarations       []DeclarationView   `json:"declarations"`
}

// IncomeVerification is how the person chose to verify their income.
type IncomeVerification struct {
	Method     string  `json:"method"`
	Provider   *string `json:"provider"`
	VerifiedAt string  `json:"verifiedAt"`
}

// IdentityView is the identity provider's check of the person's ID.
type IdentityView struct {
	Status    *string   `json:"status"`
	IDType    string    `json:"idType"`
	CheckedAt time.Time `json:"checkedAt"`
}

// EmploymentRecord is one job of the history, with its monthly pay and
// how it is verified.
type EmploymentRecord struct {
	EmployerName      *string       `json:"employerName"`
	Position          *string       `json:"position"`
	StartDate         string        `json:"startDate"`
	EndDate           *string       `json:"endDate"`
	SelfEmployed      bool          `json:"selfEmployed"`
	BusinessStructure *string       `json:"businessStructure"`
	MonthlyPay        *domain.Cents `json:"monthlyPay"`
	Verification      string        `json:"verification"`
}

// GapView is a gap of the employment history as the employment policy
// finds it, with the person's explanation (nil: none given yet).
type GapView struct {
	From        string  `json:"from"`
	To          string  `json:"to"`
	Days        int     `json:"days"`
	Explanation *string `json:"explanation"`
}

// IncomeView is one source of income a month and how it is verified.
type IncomeView struct {
	Source       string        `json:"source"`
	Monthly      *domain.Cents `json:"monthly"`
	Verification string        `json:"verification"`
}

// DeclarationView is one declaration answered (or not).
type DeclarationView struct {
	Question string  `json:"question"`
	Answer   string  `json:"answer"`
	Detail   *string `json:"detail"`
}

// CreditSummary is a person's latest credit report in brief (schemas
// #PortalCreditSummary).
type CreditSummary struct {
	Party        string            `json:"party"`
	PulledAt     time.Time         `json:"pulledAt"`
	Score        *int              `json:"score"`
	ScoreModel   string            `json:"scoreModel"`
	ScoreRange   domain.ScoreRange `json:"scoreRange"`
	Bureau       string            `json:"bureau"`
	KeyFactors   []string          `json:"keyFactors"`
	Tradelines   []Tradeline       `json:"tradelines"`
	LatePayments int               `json:"latePayments"`
}

// Tradeline is one account of the report.
type Tradeline struct {
	Creditor        string  `json:"creditor"`
	Kind            string  `json:"kind"`
	Balance         int64   `json:"balance"`
	MonthlyPayment  int64   `json:"monthlyPayment"`
	LatePaymentDays *int    `json:"latePaymentDays"`
	LatePaymentDate *string `json:"latePaymentDate"`
}

// Figures are the CLTV and DTI of the loan's latest stored preview offer
// (schemas #PortalFigures): the rules' figures, read, never computed here.
type Figures struct {
	DecidedAt time.Time    `json:"decidedAt"`
	Line      *int64       `json:"line"`
	CLTV      *json.Number `json:"cltv"`
	DTI       *struct {
		Ratio         *json.Number `json:"ratio"`
		Max           json.Number  `json:"max"`
		MonthlyIncome json.Number  `json:"monthlyIncome"`
		MonthlyDebts  json.Number  `json:"monthlyDebts"`
	} `json:"dti"`
}

// HmdaView is schemas #PortalHmdaView.
type HmdaView struct {
	People []HmdaAnswers `json:"people"`
}

// HmdaAnswers is one person's demographic answers in words.
type HmdaAnswers struct {
	Party     string   `json:"party"`
	Name      string   `json:"name"`
	Ethnicity []string `json:"ethnicity"`
	Race      []string `json:"race"`
	Sex       []string `json:"sex"`
}

// Application is the loan's whole application in words. The caller has
// checked that the user may read the loan, and records the view.
func (s *Service) Application(ctx context.Context, loanID string, labels Labels) (*ApplicationView, error) {
	app, applicant, _, started, err := s.application(ctx, loanID)
	if err != nil {
		return nil, err
	}
	v := &ApplicationView{Started: started, SubmittedAt: app.SubmittedAt, Liens: debts(labels, app.Mortgages),
		Liabilities: debts(labels, app.Liabilities), OtherProperties: []OtherPropertyView{}, Credit: []CreditSummary{}}
	p := app.Property
	v.Property = PropertyView{Address: p.Address, Occupancy: labels.Of("propertyUsage", p.Usage), Type: labels.Of("propertyType", p.Type),
		Units: labels.Of("unitCount", p.Units), TitleHolding: labels.Of("titleHolding", p.TitleHolding), InTrust: app.IsInTrust,
		Value: p.Value, MonthlyTaxes: p.MonthlyTaxes, MonthlyInsurance: p.MonthlyInsurance, HOAMonthly: p.HOAMonthly}
	for _, o := range app.PropertyOwnerships {
		v.OtherProperties = append(v.OtherProperties, OtherPropertyView{Address: o.Address, Type: labels.Of("propertyType", o.Type),
			Usage: labels.Of("propertyUsage", o.Usage), Units: labels.Of("unitCount", o.Units), Value: o.Value, Liens: debts(labels, o.Mortgages)})
	}
	borrower := applicantView(labels, "borrower", &app.User)
	if borrower.Name == "" && applicant != nil {
		borrower.Name = personName(applicant.FirstName, applicant.LastName)
	}
	v.People = []ApplicantView{borrower}
	if app.Coborrower != nil {
		v.People = append(v.People, applicantView(labels, "coborrower", app.Coborrower))
	}
	for i, p := range []*domain.Person{&app.User, app.Coborrower} {
		if p == nil {
			continue
		}
		if v.People[i].Gaps, err = s.gaps(ctx, applicant, v.People[i].Party, p); err != nil {
			return nil, err
		}
	}
	for _, party := range []string{"borrower", "coborrower"} {
		r, err := s.store.LatestCreditReport(ctx, loanID, party)
		if domain.ErrorCode(err) == domain.ENOTFOUND {
			continue
		} else if err != nil {
			return nil, err
		}
		v.Credit = append(v.Credit, creditSummary(labels, party, r))
	}
	if v.Figures, err = s.figures(ctx, loanID); err != nil {
		return nil, err
	}
	return v, nil
}

// Hmda is each person's demographic answers, in words. The caller has
// checked hmda.read and records the view.
func (s *Service) Hmda(ctx context.Context, loanID string, labels Labels) (*HmdaView, error) {
	app, applicant, _, _, err := s.application(ctx, loanID)
	if err != nil {
		return nil, err
	}
	v := &HmdaView{People: []HmdaAnswers{}}
	name := personName(deref(app.User.FirstName), deref(app.User.LastName))
	if name == "" && applicant != nil {
		name = personName(applicant.FirstName, applicant.LastName)
	}
	v.People = append(v.People, hmdaAnswers(labels, "borrower", name, app.User.Demographics))
	if c := app.Coborrower; c != nil {
		v.People = append(v.People, hmdaAnswers(labels, "coborrower", personName(deref(c.FirstName), deref(c.LastName)), c.Demographics))
	}
	return v, nil
}

// gaps are the gaps of the person's employment history as the employment
// policy finds them today (heloc.employment.history, decided through the
// loan service on the saved employments' dates, not recorded: a staff
// view acts on nothing), each with the explanation the person saved.
func (s *Service) gaps(ctx context.Context, applicant *domain.Applicant, party string, p *domain.Person) ([]GapView, error) {
	out := []GapView{}
	if len(p.Employments) == 0 {
		return out, nil
	}
	dates := make([]loans.EmploymentDates, 0, len(p.Employments))
	for _, e := range p.Employments {
		dates = append(dates, loans.EmploymentDates{StartDate: e.StartDate, EndDate: e.EndDate})
	}
	h, err := s.loans.EmploymentHistory(ctx, applicant, party, &dates)
	if err != nil {
		return nil, err
	}
	for _, g := range h.Gaps {
		out = append(out, GapView{From: g.From, To: g.To, Days: g.Days, Explanation: g.Explanation})
	}
	return out, nil
}

// figures reads the CLTV and DTI of the loan's latest stored preview
// offer; nil before one.
func (s *Service) figures(ctx context.Context, loanID string) (*Figures, error) {
	d, err := s.store.LatestDecision(ctx, loanID, offerPreview)
	if domain.ErrorCode(err) == domain.ENOTFOUND {
		return nil, nil
	} else if err != nil {
		return nil, err
	}
	var f Figures
	dec := json.NewDecoder(bytes.NewReader(d.Result))
	dec.UseNumber()
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("read the preview offer's figures: %w", err)
	}
	o, err := domain.ReadOffer(d.Result)
	if err != nil {
		return nil, err
	}
	if o.Eligible {
		line := o.Amount()
		f.Line = &line
	}
	f.DecidedAt = d.CreatedAt
	return &f, nil
}

// offerPreview is the entrypoint whose stored result holds the CLTV and DTI.
const offerPreview = "heloc.offer.preview"

func debts(labels Labels, ls []domain.Liability) []DebtView {
	out := []DebtView{}
	for _, l := range ls {
		out = append(out, DebtView{Creditor: l.Creditor, Kind: labels.Of("accountType", l.Type), Debtor: labels.Of("debtor", l.Debtor), Balance: l.Balance,
			MonthlyPayment: l.MonthlyPayment, Confirmed: l.Confirmed, AddedByUser: l.AddedByUser, ToBePaidOff: l.ToBePaidOff,
			Omitted: l.Omitted, LatePaymentDays: l.LatePaymentDays, LatePaymentDate: l.LatePaymentDate})
	}
	return out
}

func personName(first, last string) string {
	switch {
	case first == "":
		return last
	case last == "":
		return first
	}
	return first + " " + last
}

func applicantView(labels Labels, party string, p *domain.Person) ApplicantView {
	v := ApplicantView{Party: party, Name: personName(deref(p.FirstName), deref(p.LastName)),
		Citizenship: labels.Of("citizenship", p.Citizenship), MaritalStatus: labels.Of("maritalStatus", p.MaritalStatus),
		MilitaryStatus: labels.Of("militaryStatus", p.MilitaryStatus), Housing: labels.Of("housing", p.Housing),
		Employments: []EmploymentRecord{}, Gaps: []GapView{}, Incomes: []IncomeView{}, Declarations: declarations(labels, p.Declarations)}
	byPayroll, byDocuments := false, false
	if iv := p.IncomeVerification; iv != nil {
		v.IncomeVerification = &IncomeVerification{Method: labels.word("incomeVerificationMethod", iv.Method), Provider: iv.Provider, VerifiedAt: iv.VerifiedAt}
		byPayroll, byDocuments = iv.Method == "payroll", iv.Method == "documents"
	}
	if ic := p.IdentityCheck; ic != nil {
		v.Identity = &IdentityView{Status: labels.Of("identityVerificationStatus", p.IdentityVerificationStatus), IDType: labels.word("idSubtype", ic.IDType), CheckedAt: ic.CheckedAt}
	}
	for _, e := range p.Employments {
		verification := "Not verified yet"
		switch {
		case e.DataSource == "Payroll":
			verification = "Verified through payroll"
		case byPayroll:
			verification = "Not found by the payroll connection: pay documents"
		case byDocuments:
			verification = "Pay documents"
		}
		pay := sum(e.Base, e.Bonuses, e.Commissions, e.Overtime)
		v.Employments = append(v.Employments, EmploymentRecord{EmployerName: e.EmployerName, Position: e.Position, StartDate: e.StartDate,
			EndDate: e.EndDate, SelfEmployed: e.SelfEmployedIndicator, BusinessStructure: labels.Of("businessStructure", e.BusinessStructure),
			MonthlyPay: pay, Verification: verification})
		if e.EndDate == nil || *e.EndDate == "" {
			source := "Employment"
			if name := deref(e.EmployerName); name != "" {
				source = "Employment at " + name
			}
			if e.SelfEmployedIndicator {
				source = "Self-employment" + source[len("Employment"):]
			}
			v.Incomes = append(v.Incomes, IncomeView{Source: source, Monthly: pay, Verification: verification})
		}
	}
	for _, src := range p.IncomeSources {
		source := labels.word("incomeType", src.Type)
		if src.Label != nil && *src.Label != "" {
			source = *src.Label
		}
		verification := "Documents the documents policy asks for"
		if src.Type == "main" && byPayroll {
			verification = "Payroll connection"
		}
		v.Incomes = append(v.Incomes, IncomeView{Source: source, Monthly: sum(src.Base, src.Bonuses, src.Commissions, src.Overtime, src.OtherValue),
			Verification: verification})
	}
	return v
}

// sum is the amounts given added, nil when none is.
func sum(vs ...*domain.Cents) *domain.Cents {
	var total domain.Cents
	given := false
	for _, v := range vs {
		if v != nil {
			total, given = total+*v, true
		}
	}
	if !given {
		return nil
	}
	return &total
}

// declarationOrder is the URLA's order of the declarations.
var declarationOrder = []string{"hasIntentToOccupy", "onwershipInterest", "hasSpecialBorrowerSellerRelationship", "hasBorrowedThirdPartyMoney",
	"wantsAnotherMortgage", "wantsAnotherLoan", "isPropertySubjectToLien", "isGuarantorOrCosigor", "hasOustandingJudgements",
	"hasFederalDebt", "isPartyToLawsuit", "hasConveyedForeclosure", "doneShortSale", "hasForeclosure", "hasBankruptcy",
	"creditCheckAuthorization"}

func declarations(labels Labels, d *domain.Declarations) []DeclarationView {
	out := []DeclarationView{}
	if d == nil {
		return out
	}
	answers := map[string]*bool{
		"hasIntentToOccupy": d.HasIntentToOccupy, "onwershipInterest": d.OnwershipInterest,
		"hasSpecialBorrowerSellerRelationship": d.HasSpecialBorrowerSellerRelationship, "hasBorrowedThirdPartyMoney": d.HasBorrowedThirdPartyMoney,
		"wantsAnotherMortgage": d.WantsAnotherMortgage, "wantsAnotherLoan": d.WantsAnotherLoan, "isPropertySubjectToLien": d.IsPropertySubjectToLien,
		"isGuarantorOrCosigor": d.IsGuarantorOrCosigor, "hasOustandingJudgements": d.HasOustandingJudgements, "hasFederalDebt": d.HasFederalDebt,
		"isPartyToLawsuit": d.IsPartyToLawsuit, "hasConveyedForeclosure": d.HasConveyedForeclosure, "doneShortSale": d.DoneShortSale,
		"hasForeclosure": d.HasForeclosure, "hasBankruptcy": d.HasBankruptcy, "creditCheckAuthorization": d.CreditCheckAuthorization,
	}
	for _, name := range declarationOrder {
		a := answers[name]
		answer := "Not answered"
		if a != nil {
			answer = map[bool]string{true: "Yes", false: "No"}[*a]
		}
		var detail *string
		if a != nil && *a {
			switch name {
			case "onwershipInterest":
				parts := []string{}
				for _, p := range []*string{labels.Of("otherPropertyType", d.OtherPropertyType), labels.Of("otherPropertyTitle", d.OtherPropertyTitle)} {
					if p != nil {
						parts = append(parts, *p)
					}
				}
				if len(parts) > 0 {
					s := parts[0]
					if len(parts) == 2 {
						s += ", held " + lowerFirst(parts[1])
					}
					detail = &s
				}
			case "hasBorrowedThirdPartyMoney":
				if d.BorrowedThirdPartyMoneyAmount != nil {
					s := d.BorrowedThirdPartyMoneyAmount.Dollars().Format()
					detail = &s
				}
			case "hasBankruptcy":
				detail = labels.Of("bankruptcyChapter", d.Bankruptcy)
			}
		}
		out = append(out, DeclarationView{Question: labels.word("declaration", name), Answer: answer, Detail: detail})
	}
	return out
}

func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return string(s[0]|0x20) + s[1:]
}

// creditSummary is the report in brief: the mortgages, then the other
// debts with a balance, largest first; the late payments are the
// tradelines reported late.
func creditSummary(labels Labels, party string, r *domain.CreditReport) CreditSummary {
	c := CreditSummary{Party: party, PulledAt: r.PulledAt, Score: r.Score, ScoreModel: r.ScoreModel, ScoreRange: r.ScoreRange,
		Bureau: r.Bureau.Name, KeyFactors: r.KeyFactors, Tradelines: []Tradeline{}}
	if c.KeyFactors == nil {
		c.KeyFactors = []string{}
	}
	if party == "coborrower" && r.CoborrowerScore != nil && r.Score == nil {
		c.Score = r.CoborrowerScore
	}
	mortgages := slices.Clone(r.Mortgages)
	slices.SortStableFunc(mortgages, func(a, b domain.ReportedMortgage) int { return cmp.Compare(b.Balance, a.Balance) })
	for _, m := range mortgages {
		t := Tradeline{Creditor: m.Creditor, Kind: labels.word("accountType", "mortgage"), Balance: m.Balance, MonthlyPayment: m.MonthlyPayment}
		if m.LatePaymentDays > 0 {
			days := m.LatePaymentDays
			t.LatePaymentDays, t.LatePaymentDate = &days, m.LatePaymentDate
			c.LatePayments++
		}
		c.Tradelines = append(c.Tradelines, t)
	}
	others := slices.Clone(r.Liabilities)
	slices.SortStableFunc(others, func(a, b domain.ReportedDebt) int { return cmp.Compare(b.Balance, a.Balance) })
	for _, d := range others {
		if d.Balance <= 0 {
			continue
		}
		c.Tradelines = append(c.Tradelines, Tradeline{Creditor: d.Creditor, Kind: labels.word("accountType", cmp.Or(d.Type, "other debt")), Balance: d.Balance, MonthlyPayment: d.MonthlyPayment})
	}
	return c
}

// hmdaAnswers is a person's demographic answers in words (the HMDA
// categories, with the origins chosen under each).
func hmdaAnswers(labels Labels, party, name string, d *domain.Demographics) HmdaAnswers {
	h := HmdaAnswers{Party: party, Name: name, Ethnicity: []string{}, Race: []string{}, Sex: []string{}}
	if d == nil {
		return h
	}
	withOrigins := func(category string, origins []string, other *string) string {
		if other != nil && *other != "" {
			origins = append(origins, *other)
		}
		if len(origins) == 0 {
			return category
		}
		return category + " (" + strings.Join(origins, ", ") + ")"
	}
	pick := func(kind string, pairs ...any) []string {
		out := []string{}
		for i := 0; i < len(pairs); i += 2 {
			if pairs[i].(bool) {
				out = append(out, labels.word(kind, pairs[i+1].(string)))
			}
		}
		return out
	}
	declined := labels.word("hmda", "declined")
	if d.IsHispanicOrLatino || d.IsMexican || d.IsPuertoRican || d.IsCuban || d.IsOtherHispanicOrLatino {
		h.Ethnicity = append(h.Ethnicity, withOrigins(labels.word("hmda", "hispanicOrLatino"),
			pick("hispanicOrigin", d.IsMexican, "mexican", d.IsPuertoRican, "puertoRican", d.IsCuban, "cuban"), d.OtherHispanicOrLatinoOrigin))
	}
	if d.WontInformEthinicity {
		h.Ethnicity = append(h.Ethnicity, declined)
	}
	if d.IsNativeAmerican {
		h.Race = append(h.Race, withOrigins(labels.word("hmda", "nativeAmerican"), nil, d.NativeAmericanTribe))
	}
	if d.IsAsian || d.IsAsianIndian || d.IsChinese || d.IsFilipino || d.IsJapanese || d.IsKorean || d.IsVietnamese || d.IsOtherAsian {
		h.Race = append(h.Race, withOrigins(labels.word("hmda", "asian"), pick("asianOrigin", d.IsAsianIndian, "asianIndian", d.IsChinese, "chinese",
			d.IsFilipino, "filipino", d.IsJapanese, "japanese", d.IsKorean, "korean", d.IsVietnamese, "vietnamese"), d.OtherAsianOrigin))
	}
	if d.IsAfricanAmerican {
		h.Race = append(h.Race, labels.word("hmda", "africanAmerican"))
	}
	if d.IsPacificIslander || d.IsNativeHawaiian || d.IsGuamanianOrChamorro || d.IsSamoan || d.IsOtherPacificIslander {
		h.Race = append(h.Race, withOrigins(labels.word("hmda", "pacificIslander"), pick("pacificIslanderOrigin",
			d.IsNativeHawaiian, "nativeHawaiian", d.IsGuamanianOrChamorro, "guamanianOrChamorro", d.IsSamoan, "samoan"), d.OtherPacificIslanderOrigin))
	}
	if d.IsWhite {
		h.Race = append(h.Race, labels.word("hmda", "white"))
	}
	if d.WontInformRace {
		h.Race = append(h.Race, declined)
	}
	if d.IsFemale {
		h.Sex = append(h.Sex, labels.word("hmda", "female"))
	}
	if d.IsMale {
		h.Sex = append(h.Sex, labels.word("hmda", "male"))
	}
	if d.WontInformGender {
		h.Sex = append(h.Sex, declined)
	}
	return h
}
