package loans

import (
	"context"

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
// (the licensing policy's lookup, as the /prequal path's address page asks
// it): the home's state is the one the decisions at submission read, so it
// must be where the home is. Before anything is saved, the home as the page
// states it is decided (screened: a type or a number of units the rules do
// not lend on is refused on this page, in their words).
func propertyPage() page {
	p := thenCheck(section("PropertyInfoSection", mergePropertyInfo), func(app *domain.Application, mc mergeContext) error {
		return mc.address(app.Property.Address)
	})
	p.prepare = func(ctx context.Context, s *Service, _ *domain.Loan, mc *mergeContext) error {
		// Decided in the write, on what is being saved; a pure evaluation,
		// not recorded (nothing is acted on but the refusal).
		mc.address = func(a *domain.Address) error {
			if a == nil {
				return nil
			}
			var looked place
			if err := s.decideInto(ctx, LicensingLookupEntrypoint, map[string]any{"zip": a.Zip, "state": a.State}, &looked); err != nil {
				return err
			}
			if looked.State == nil {
				return domain.InvalidField("property.address.zip", "We don’t know the ZIP code "+a.Zip+". Check the ZIP code of the property.")
			}
			if looked.StateMismatch != nil {
				return domain.InvalidField("property.address.state", *looked.StateMismatch)
			}
			return nil
		}
		return nil
	}
	p.screened = true
	return p
}
