package loans

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/heloc/heloc/server/domain"
)

// mergeContext is what a merge needs to know of the loan.
type mergeContext struct {
	hasCoborrower bool
	today         time.Time
	// ownEmail: the borrower's sign-in e-mail, which a coborrower's may
	// not be.
	ownEmail string
	// draw: the bounds of the first draw (loan-disbursement's prepare).
	draw *DisbursementTerms
	// birthDates: the dates of birth the rules allow (page 1's prepare).
	birthDates domain.BirthDates
	// residence: how far back a person's addresses must go (page 1's
	// prepare).
	residence ResidenceHistory
	// employment refuses a person's employment history the employment
	// policy finds incomplete (page 4's prepare, employment.go).
	employment func(p *domain.Person) error
	// address refuses an address, at the path at, whose ZIP code has no
	// state or another state than the one typed (set for every page by
	// Save: checkAddress in property.go).
	address func(a *domain.Address, at string) error
}

// merger changes the application by a decoded section; its field errors
// are relative to the section.
type merger func(app *domain.Application, mc mergeContext) error

// page is a page of the application that saves a section: decode validates
// the raw section against the page's CUE definition and returns how it
// merges into the application.
type page struct {
	decode func(s Schemas, raw json.RawMessage) (merger, error)
	// prepare, when set, reads what the merge needs into its context
	// before the write (the offer's bounds of a draw).
	prepare func(ctx context.Context, s *Service, l *domain.Loan, mc *mergeContext) error
	// screened: the application as the section makes it is decided before
	// the write (page 2's home, Service.screen), and a refusal is the save's.
	screened bool
}

// thenCheck is p with check run on the application after p's merge, in
// the same write: a refusal of what the merged section makes of it (an
// incomplete employment history, an address in another state than its ZIP
// code's), decided by what p's prepare read into the context.
func thenCheck(p page, check func(app *domain.Application, mc mergeContext) error) page {
	decode := p.decode
	p.decode = func(s Schemas, raw json.RawMessage) (merger, error) {
		merge, err := decode(s, raw)
		if err != nil {
			return nil, err
		}
		return func(app *domain.Application, mc mergeContext) error {
			if err := merge(app, mc); err != nil {
				return err
			}
			return check(app, mc)
		}, nil
	}
	return p
}

// section makes a page of definition def whose decoded section T merges by fn.
func section[T any](def string, fn func(in *T, app *domain.Application, mc mergeContext) error) page {
	return page{decode: func(s Schemas, raw json.RawMessage) (merger, error) {
		in := new(T)
		if err := s.Decode(def, raw, in); err != nil {
			return nil, err
		}
		return func(app *domain.Application, mc mergeContext) error { return fn(in, app, mc) }, nil
	}}
}

// pages are the application's pages that save, by path, with their CUE
// definition (schemas/application.cue) and the part of #Application each
// section becomes.
var pages = map[string]page{
	"/app/application/1":                       personalInfoPage(),
	"/app/application/2":                       propertyPage(),
	"/app/application/3":                       realEstatePage(),
	"/app/application/4":                       employmentPage(borrower),
	"/app/application/4/coborrower":            employmentPage(coborrower),
	"/app/application/business-information":    section("BusinessInformationSection", mergeBusiness),
	"/app/application/other-income":            section("OtherIncomeSection", mergeOtherIncome(borrower)),
	"/app/application/other-income/coborrower": section("OtherIncomeSection", mergeOtherIncome(coborrower)),
	"/app/application/debt-consolidation":      section("DebtConsolidationSection", mergeDebtConsolidation),
	"/app/application/6":                       section("DemographicsSection", mergeDemographics),
	"/app/application/7":                       section("DeclarationsSection", mergeDeclarations),
	"/app/application/loan-disbursement":       disbursementPage(),
}

// Pages lists the paths of the pages that save a section.
func Pages() []string {
	out := make([]string, 0, len(pages))
	for p := range pages {
		out = append(out, p)
	}
	return out
}

type party int

const (
	borrower party = iota
	coborrower
)

// person is the party's record, or an error when the loan has no coborrower.
func person(app *domain.Application, who party, mc mergeContext) (*domain.Person, error) {
	if who == borrower {
		return &app.User, nil
	}
	if !mc.hasCoborrower {
		return nil, domain.Errorf(domain.EINVALID, "This application has no coborrower.")
	}
	if app.Coborrower == nil {
		app.Coborrower = &domain.Person{}
	}
	return app.Coborrower, nil
}

// coborrowerBlock checks that a coborrower's part is given exactly when the
// loan has a coborrower.
func coborrowerBlock(given bool, mc mergeContext) error {
	switch {
	case mc.hasCoborrower && !given:
		return domain.InvalidField("coborrower", "Fill in your coborrower's information.")
	case !mc.hasCoborrower && given:
		return domain.InvalidField("coborrower", "This application has no coborrower.")
	}
	return nil
}

// theirsToGive refuses a coborrower's part of a section given in the
// borrower's session: the coborrower's to give in their own (what they
// do, coborrower.go), or not the application's when it has no coborrower.
func theirsToGive(given bool, app *domain.Application, mc mergeContext, what string) error {
	switch {
	case !given:
		return nil
	case mc.hasCoborrower:
		return forCoborrower(app, "section.coborrower", what)
	}
	return domain.InvalidField("coborrower", "This application has no coborrower.")
}

func mergePersonalInfo(in *domain.PersonalInfoSection, app *domain.Application, mc mergeContext) error {
	if err := coborrowerBlock(in.Coborrower != nil, mc); err != nil {
		return err
	}
	if err := applyPersonalInfo(&app.User, &in.User, "user", mc); err != nil {
		return err
	}
	if in.Coborrower != nil {
		co, _ := person(app, coborrower, mc)
		// The coborrower gives their own date of birth and SSN, with their
		// credit check authorization, in their own session (coborrower.go).
		if in.Coborrower.SSN != nil {
			return forCoborrower(app, "section.coborrower.ssn", "gives their own Social Security number")
		}
		if in.Coborrower.DateOfBirth != "" {
			return forCoborrower(app, "section.coborrower.dateOfBirth", "gives their own date of birth")
		}
		if in.Coborrower.Email != nil {
			if err := domain.OwnEmailRefusal("coborrower.email", mc.ownEmail, *in.Coborrower.Email); err != nil {
				return err
			}
		}
		return applyPersonalInfo(co, in.Coborrower, "coborrower", mc)
	}
	return nil
}

// personalInfoPage is page 1: its section, with the dates of birth the
// rules allow read before the write, then refused when an address's state
// is not its ZIP code's (checkAddress), the borrower's and the
// coborrower's.
func personalInfoPage() page {
	p := thenCheck(section("PersonalInfoSection", mergePersonalInfo), func(app *domain.Application, mc mergeContext) error {
		if err := checkAddresses(mc.address, &app.User, "user"); err != nil {
			return err
		}
		return checkAddresses(mc.address, app.Coborrower, "coborrower")
	})
	p.prepare = func(ctx context.Context, s *Service, l *domain.Loan, mc *mergeContext) error {
		b, err := s.BirthDates(ctx, l)
		if err != nil {
			return err
		}
		mc.birthDates = b
		mc.residence, err = s.ResidenceHistory(ctx)
		return err
	}
	return p
}

// applyPersonalInfo sets a person's personal information. An SSN left out
// keeps the stored one; there must be one.
func applyPersonalInfo(p *domain.Person, in *domain.PersonalInfo, at string, mc mergeContext) error {
	own := at != "coborrower" // the coborrower's date of birth and SSN are theirs to give
	if !own && p.DateOfBirth != nil {
		in.DateOfBirth = *p.DateOfBirth // the addresses are checked against the date they gave
	}
	if err := checkDates(in, at, mc.birthDates, mc.residence, mc.today); err != nil {
		return err
	}
	if own && in.SSN == nil && p.SSN == nil {
		return domain.InvalidField(at+".ssn", "Enter the Social Security number.")
	}
	if own && in.SSN != nil {
		p.SSN = in.SSN
	}
	if own {
		p.DateOfBirth = &in.DateOfBirth
	}
	p.FirstName, p.MiddleName, p.LastName, p.Suffix = &in.FirstName, in.MiddleName, &in.LastName, in.Suffix
	p.Citizenship, p.MaritalStatus, p.MilitaryStatus = &in.Citizenship, &in.MaritalStatus, &in.MilitaryStatus
	p.Phone, p.CurrentAddress, p.CurrentAddressSince, p.Housing = &in.Phone, &in.CurrentAddress, &in.CurrentAddressSince, &in.Housing
	p.FormerAddresses, p.MailingAddress = in.FormerAddresses, in.MailingAddress
	if in.Email != nil {
		p.Email = in.Email
	}
	return nil
}

// checkDates refuses a date of birth the rules do not allow (born, the
// dates data.heloc.identity.birth_dates allows: not today or later, of age,
// not implausibly old), a move-in or move-out date in the future or
// before the date of birth, a former address left before it was moved
// into, and addresses that do not reach back to the day the rules' look-back
// gives (residence, heloc.identity.residence_history), in its words.
func checkDates(in *domain.PersonalInfo, at string, born domain.BirthDates, residence ResidenceHistory, today time.Time) error {
	now := today.Format(time.DateOnly)
	if in.DateOfBirth == "" && at == "coborrower" {
		// Not given yet: the coborrower gives it in their own session, and
		// the dates below are checked against nothing ("" sorts first).
	} else if err := born.Check(at+".dateOfBirth", in.DateOfBirth, today); err != nil {
		return err
	}
	if in.CurrentAddressSince > now {
		return domain.InvalidField(at+".currentAddressSince", "Enter a date that is not in the future.")
	}
	if in.CurrentAddressSince < in.DateOfBirth {
		return domain.InvalidField(at+".currentAddressSince", "Enter a date after your date of birth.")
	}
	earliest := in.CurrentAddressSince
	for i, f := range in.FormerAddresses {
		if f.MovedOut > now {
			return domain.InvalidField(fmt.Sprintf("%s.formerAddresses.%d.movedOut", at, i), "Enter a date that is not in the future.")
		}
		if f.MovedIn < in.DateOfBirth {
			return domain.InvalidField(fmt.Sprintf("%s.formerAddresses.%d.movedIn", at, i), "Enter a date after your date of birth.")
		}
		if f.MovedOut < f.MovedIn {
			return domain.InvalidField(fmt.Sprintf("%s.formerAddresses.%d.movedOut", at, i), "Enter a move-out date after the move-in date.")
		}
		earliest = min(earliest, f.MovedIn)
	}
	if earliest > residence.From {
		path := at + ".formerAddresses"
		if len(in.FormerAddresses) == 0 {
			path = at + ".currentAddressSince"
		}
		return domain.InvalidField(path, residence.Message)
	}
	return nil
}

func mergePropertyInfo(in *domain.PropertyInfoSection, app *domain.Application, _ mergeContext) error {
	p, q := &app.Property, in.Property
	p.Address, p.Type, p.Units, p.Usage, p.TitleHolding = &q.Address, &q.Type, &q.Units, &q.Usage, &q.TitleHolding
	p.State = &q.Address.State
	p.HOAMonthly, p.MonthlyTaxes, p.MonthlyInsurance = &q.HOAMonthly, &q.MonthlyTaxes, &q.MonthlyInsurance
	p.TaxIncludedInMonthlyPayment, p.InsuranceIncludedInMonthlyPayment = &q.TaxIncludedInMonthlyPayment, &q.InsuranceIncludedInMonthlyPayment
	app.IsInTrust = in.IsInTrust
	return nil
}

func mergeRealEstate(in *domain.AdditionalRealEstateSection, app *domain.Application, _ mergeContext) error {
	app.PropertyOwnerships = in.PropertyOwnerships
	return nil
}

func mergeBusiness(in *domain.BusinessInformationSection, app *domain.Application, _ mergeContext) error {
	app.User.Business = &in.Business
	return nil
}

func mergeOtherIncome(who party) func(*domain.OtherIncomeSection, *domain.Application, mergeContext) error {
	return func(in *domain.OtherIncomeSection, app *domain.Application, mc mergeContext) error {
		p, err := person(app, who, mc)
		if err != nil {
			return err
		}
		p.IncomeSources = in.IncomeSources
		return nil
	}
}

// mergeDebtConsolidation marks the application's liabilities, named by id,
// to be paid off or omitted; a liability not named keeps its marks.
func mergeDebtConsolidation(in *domain.DebtConsolidationSection, app *domain.Application, _ mergeContext) error {
	for i, c := range in.Liabilities {
		found := false
		for j := range app.Liabilities {
			if l := &app.Liabilities[j]; l.ID != nil && *l.ID == c.ID {
				l.ToBePaidOff, l.Omitted, found = c.ToBePaidOff, c.Omitted, true
			}
		}
		if !found {
			return domain.InvalidField(fmt.Sprintf("liabilities.%d.id", i), "This debt is not on your application.")
		}
	}
	return nil
}

// mergeDemographics saves the borrower's demographic information. The
// coborrower answers their own in their own session (coborrower.go): the
// borrower's session is refused theirs.
func mergeDemographics(in *domain.DemographicsSection, app *domain.Application, mc mergeContext) error {
	if err := theirsToGive(in.Coborrower != nil, app, mc, "answers their own demographic questions"); err != nil {
		return err
	}
	app.User.Demographics = &in.User
	return nil
}

// mergeDeclarations saves the borrower's declarations. The coborrower
// answers their own, with their credit check authorization, in their own
// session (coborrower.go): the borrower's session is refused theirs.
func mergeDeclarations(in *domain.DeclarationsSection, app *domain.Application, mc mergeContext) error {
	if err := theirsToGive(in.Coborrower != nil, app, mc, "answers their own declarations and authorizes their own credit check"); err != nil {
		return err
	}
	if err := followUps(&in.User, "user"); err != nil {
		return err
	}
	app.User.Declarations = &in.User
	return nil
}

// followUps asks for each yes's follow-up (the URLA's: the amount
// borrowed, the bankruptcy's chapter, the other property's type and title)
// and drops those of a no.
func followUps(d *domain.Declarations, at string) error {
	if yes(d.HasBorrowedThirdPartyMoney) && d.BorrowedThirdPartyMoneyAmount == nil {
		return domain.InvalidField(at+".borrowedThirdPartyMoneyAmount", "Enter the amount borrowed.")
	} else if !yes(d.HasBorrowedThirdPartyMoney) {
		d.BorrowedThirdPartyMoneyAmount = nil
	}
	if yes(d.HasBankruptcy) && d.Bankruptcy == nil {
		return domain.InvalidField(at+".bankruptcy", "Choose the bankruptcy chapter.")
	} else if !yes(d.HasBankruptcy) {
		d.Bankruptcy = nil
	}
	if yes(d.OnwershipInterest) && d.OtherPropertyType == nil {
		return domain.InvalidField(at+".otherPropertyType", "Choose what kind of property it was.")
	}
	if yes(d.OnwershipInterest) && d.OtherPropertyTitle == nil {
		return domain.InvalidField(at+".otherPropertyTitle", "Choose how you held title to it.")
	}
	if !yes(d.OnwershipInterest) {
		d.OtherPropertyType, d.OtherPropertyTitle = nil, nil
	}
	return nil
}

func yes(b *bool) bool { return b != nil && *b }
