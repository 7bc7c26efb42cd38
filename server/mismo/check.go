package mismo

import (
	"fmt"
	"slices"
)

// Target is a loan-origination system a file is made for.
type Target string

// The loan systems the product exports to.
const (
	Encompass  Target = "encompass"
	Byte       Target = "byte"
	LendingPad Target = "lendingpad"
)

// TargetInfo is a target with the name people know it by.
type TargetInfo struct {
	ID   Target `json:"id"`
	Name string `json:"name"`
}

// Targets lists the targets in the order the portal offers them.
var Targets = []TargetInfo{{Encompass, "Encompass"}, {Byte, "Byte"}, {LendingPad, "LendingPad"}}

// Name is the target's name, or "" for an unknown target.
func (t Target) Name() string {
	for _, i := range Targets {
		if i.ID == t {
			return i.Name
		}
	}
	return ""
}

// Missing is a field a target needs that a file lacks: the field by a path
// the portal can show (borrower.ssn, property.value) and a sentence naming
// it.
type Missing struct {
	Field   string `json:"field"`
	Message string `json:"message"`
}

var (
	all           = []Target{Encompass, Byte, LendingPad}
	fullURLA      = []Target{Encompass, Byte}
	emailRequired = []Target{LendingPad}
)

// requirement is a field a target refuses an import without.
type requirement struct {
	field string // the path under borrower./coborrower. (per person) or of the loan
	what  string // its words in "Encompass needs ..."
	// targets are the systems that need it.
	targets []Target
	// person says it is asked of each borrower; present then reads that
	// borrower's party, otherwise the message.
	person  bool
	present func(m *Message, p *Party) bool
}

// requirements is the table of what each target needs before a file is
// sent. Which fields a loan system refuses an import without is each
// lender's set-up of that system, not a rule the vendors publish: this is
// ours (lender practice; the spec is silent). Every target needs who the
// borrowers are (name, SSN, birth date, current address, a way to reach
// them), their HMDA answers (each question answered or declined: the
// lender reports them), and the property and line; Encompass and Byte,
// which run the full URLA 2020 (ULAD) import, also need the parts of the
// URLA they validate (citizenship, marital status, employment or income,
// the declarations, the unit count); LendingPad invites each borrower to
// its portal by e-mail.
var requirements = []requirement{
	{"firstName", "first name", all, true, func(_ *Message, p *Party) bool { return p.Individual.Name.FirstName != "" }},
	{"lastName", "last name", all, true, func(_ *Message, p *Party) bool { return p.Individual.Name.LastName != "" }},
	{"ssn", "Social Security number", all, true, func(_ *Message, p *Party) bool { return p.TaxpayerIdentifiers != nil }},
	{"dateOfBirth", "date of birth", all, true, func(_ *Message, p *Party) bool { return borrower(p).Detail.BorrowerBirthDate != "" }},
	{"currentAddress", "current address", all, true, func(_ *Message, p *Party) bool { return currentResidence(p) }},
	{"contact", "phone number or e-mail address", all, true, func(_ *Message, p *Party) bool { return p.Individual.ContactPoints != nil }},
	{"email", "e-mail address", emailRequired, true, func(_ *Message, p *Party) bool { return hasEmail(p) }},
	{"demographics", "demographic information (HMDA: ethnicity and race, each answered or declined)", all, true, func(_ *Message, p *Party) bool { return hmdaAnswered(p) }},
	{"citizenship", "citizenship", fullURLA, true, func(_ *Message, p *Party) bool {
		d := borrower(p).Declaration
		return d != nil && d.Detail.CitizenshipResidencyType != ""
	}},
	{"maritalStatus", "marital status", fullURLA, true, func(_ *Message, p *Party) bool { return borrower(p).Detail.MaritalStatusType != "" }},
	{"employment", "employment or income", fullURLA, true, func(_ *Message, p *Party) bool {
		b := borrower(p)
		return b.Employers != nil || b.CurrentIncome != nil
	}},
	{"declarations", "declarations", fullURLA, true, func(_ *Message, p *Party) bool {
		d := borrower(p).Declaration
		return d != nil && d.Detail.IntentToOccupyType != ""
	}},
	{"property.address", "the property's address", all, false, func(m *Message, _ *Party) bool {
		return subject(m).Address != nil && subject(m).Address.AddressLineText != ""
	}},
	{"property.value", "the property's value", all, false, func(m *Message, _ *Party) bool {
		return subject(m).Detail != nil && subject(m).Detail.PropertyEstimatedValueAmount != nil
	}},
	{"property.usage", "how the property is used", all, false, func(m *Message, _ *Party) bool {
		return subject(m).Detail != nil && subject(m).Detail.PropertyUsageType != ""
	}},
	{"property.units", "the property's number of units", fullURLA, false, func(m *Message, _ *Party) bool {
		return subject(m).Detail != nil && subject(m).Detail.FinancedUnitCount > 0
	}},
	{"line.amount", "the line amount (a preview offer)", all, false, func(m *Message, _ *Party) bool {
		return m.DealSets.DealSet.Deals.Deal.Loans.Loan.Terms.NoteAmount != nil
	}},
}

// Requirement is a row of the requirements table, for the README and the
// portal: a field, its words, whether it is asked of each borrower, and
// the targets that need it.
type Requirement struct {
	Field     string   `json:"field"`
	What      string   `json:"what"`
	PerPerson bool     `json:"perPerson"`
	Targets   []Target `json:"targets"`
}

// Requirements returns the requirements table.
func Requirements() []Requirement {
	out := make([]Requirement, len(requirements))
	for i, r := range requirements {
		out[i] = Requirement{Field: r.field, What: r.what, PerPerson: r.person, Targets: slices.Clone(r.targets)}
	}
	return out
}

// Check lists the fields target needs that m lacks, per borrower in order
// and then the loan's; none means the file may be sent. An unknown target
// is one missing field, "target".
func Check(target Target, m *Message) []Missing {
	name := target.Name()
	if name == "" {
		return []Missing{{Field: "target", Message: "Choose Encompass, Byte or LendingPad."}}
	}
	var out []Missing
	parties := m.DealSets.DealSet.Deals.Deal.Parties.Party
	for i := range parties {
		who := "borrower"
		if i > 0 {
			who = "coborrower"
		}
		for _, r := range requirements {
			if r.person && slices.Contains(r.targets, target) && !r.present(m, &parties[i]) {
				out = append(out, Missing{Field: who + "." + r.field, Message: fmt.Sprintf("%s needs the %s's %s.", name, who, r.what)})
			}
		}
	}
	for _, r := range requirements {
		if !r.person && slices.Contains(r.targets, target) && !r.present(m, nil) {
			out = append(out, Missing{Field: r.field, Message: fmt.Sprintf("%s needs %s.", name, r.what)})
		}
	}
	return out
}

// borrower is the party's borrower role (every party Build makes has one).
func borrower(p *Party) *Borrower {
	for _, r := range p.Roles.Role {
		if r.Borrower != nil {
			return r.Borrower
		}
	}
	return &Borrower{}
}

func currentResidence(p *Party) bool {
	rs := borrower(p).Residences
	if rs == nil {
		return false
	}
	for _, r := range rs.Residence {
		if r.Detail.BorrowerResidencyType == "Current" && r.Address.AddressLineText != "" {
			return true
		}
	}
	return false
}

func hasEmail(p *Party) bool {
	if p.Individual.ContactPoints == nil {
		return false
	}
	for _, c := range p.Individual.ContactPoints.ContactPoint {
		if c.Email != nil && c.Email.ContactPointEmailValue != "" {
			return true
		}
	}
	return false
}

// hmdaAnswered: ethnicity and race each answered or declined. Sex is not
// asked here: a borrower may tick both, which MISMO 3.4's GenderType cannot
// say, so a file without it may be complete.
func hmdaAnswered(p *Party) bool {
	g := borrower(p).GovernmentMonitoring
	if g == nil {
		return false
	}
	ethnicity := g.Detail.HMDAEthnicityType != "" || g.Detail.HMDAEthnicityRefusalIndicator
	race := g.Races != nil || g.Detail.HMDARaceRefusalIndicator
	return ethnicity && race
}

func subject(m *Message) *Property {
	return &m.DealSets.DealSet.Deals.Deal.Collaterals.Collateral.SubjectProperty
}
