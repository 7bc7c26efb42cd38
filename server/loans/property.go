package loans

import (
	"context"
	"fmt"

	"github.com/heloc/heloc/server/domain"
)

// LicensingLookupEntrypoint is the licensing policy's lookup of a ZIP code:
// its state and, with an address's state, whether that is the ZIP code's
// (rules/heloc/licensing).
const LicensingLookupEntrypoint = "heloc.licensing.lookup"

// place is the part of heloc.licensing.lookup's answer the property page
// reads: the ZIP code's state (null for a ZIP code of no state) and the
// policy's words when the state given is not the ZIP code's.
type place struct {
	State         *string `json:"state"`
	StateMismatch *string `json:"stateMismatch"`
}

// propertyPage is page 2: the section merged, then refused when its
// address's ZIP code has no state or the state typed is not the ZIP code's
// (checkAddress): the home's state is the one the decisions at submission
// read, so it must be where the home is. Before anything is saved, the
// home as the page states it is decided (screened: a type or a number of
// units the rules do not lend on is refused on this page, in their words).
func propertyPage() page {
	p := thenCheck(section("PropertyInfoSection", mergePropertyInfo), func(app *domain.Application, mc mergeContext) error {
		return mc.address(app.Property.Address, "property.address")
	})
	p.screened = true
	return p
}

// checkAddress refuses an address whose ZIP code has no state, at
// <at>.zip, or whose state is not its ZIP code's, at <at>.state in the
// licensing policy's words (heloc.licensing.lookup, the check the /prequal
// path's address page makes): "ZIP code 94110 is in California: enter CA,
// or check the ZIP code." Decided in the write, on what is being saved; a
// pure evaluation, not recorded (nothing is acted on but the refusal). A
// nil address is no refusal.
func (s *Service) checkAddress(ctx context.Context) func(a *domain.Address, at string) error {
	return func(a *domain.Address, at string) error {
		if a == nil {
			return nil
		}
		var looked place
		if err := s.decideInto(ctx, LicensingLookupEntrypoint, map[string]any{"zip": a.Zip, "state": a.State}, &looked); err != nil {
			return err
		}
		if looked.State == nil {
			return domain.InvalidField(at+".zip", "We don’t know the ZIP code "+a.Zip+". Check the ZIP code.")
		}
		if looked.StateMismatch != nil {
			return domain.InvalidField(at+".state", *looked.StateMismatch)
		}
		return nil
	}
}

// CheckAddress is checkAddress for another service's answers (an address
// condition's: conditions.Service.WithAddressCheck).
func (s *Service) CheckAddress(ctx context.Context, a *domain.Address, at string) error {
	return s.checkAddress(ctx)(a, at)
}

// checkAddresses is checkAddress of each address of a person's personal
// information (current, mailing, former), at its path under at ("user").
func checkAddresses(check func(a *domain.Address, at string) error, p *domain.Person, at string) error {
	if p == nil {
		return nil
	}
	if err := check(p.CurrentAddress, at+".currentAddress"); err != nil {
		return err
	}
	if err := check(p.MailingAddress, at+".mailingAddress"); err != nil {
		return err
	}
	for i := range p.FormerAddresses {
		if err := check(&p.FormerAddresses[i].Address, fmt.Sprintf("%s.formerAddresses.%d.address", at, i)); err != nil {
			return err
		}
	}
	return nil
}

// realEstatePage is page 3: the other properties the borrower owns, each
// refused when its address's state is not its ZIP code's (checkAddress).
func realEstatePage() page {
	p := thenCheck(section("AdditionalRealEstateSection", mergeRealEstate), func(app *domain.Application, mc mergeContext) error {
		for i := range app.PropertyOwnerships {
			if err := mc.address(app.PropertyOwnerships[i].Address, fmt.Sprintf("propertyOwnerships.%d.address", i)); err != nil {
				return err
			}
		}
		return nil
	})
	return p
}
