package loans

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/providers"
)

// Identity verification (the identity-verification page): each person on
// the loan chooses a government-issued photo ID, uploads a photo of each
// side it needs as an idDocument document, and the identity provider checks
// it against the application's name and date of birth. The result is kept
// on the person (identityVerificationStatus, identityCheck). A failed check
// may be tried again with another ID; passed and review (the lender's staff
// look at it) let the borrower go on, and once every person on the loan has
// such a result the loan's status moves on past the page's step (the page
// is open only once the loan has reached it, as every page is).

// IdentityPath is the identity-verification page.
const IdentityPath = "/app/application/identity-verification"

// WithIdentity gives the service its identity provider and returns it.
// Without one, VerifyIdentity refuses.
func (s *Service) WithIdentity(p providers.Identity) *Service {
	s.identity = p
	return s
}

// IDType is a kind of government-issued photo ID and the sides it needs a
// photo of (data.heloc.identity.id_types, from the documents table's
// idDocument subtypes).
type IDType struct {
	ID    string   `json:"id"`
	Label string   `json:"label"`
	Sides []string `json:"sides"`
}

// IDSides counts a person's idDocument uploads by side.
type IDSides struct {
	Front int `json:"front"`
	Back  int `json:"back"`
}

// IdentityPerson is one person's identity check as the page shows it
// (schemas #IdentityPerson): null fields before a check.
type IdentityPerson struct {
	Party     string     `json:"party"`
	Name      string     `json:"name"`
	Status    *string    `json:"status"`
	IDType    *string    `json:"idType"`
	CheckedAt *time.Time `json:"checkedAt"`
	Reason    *string    `json:"reason"`
	Sides     IDSides    `json:"sides"`
}

// IdentityView is what verification.identityStatus answers (schemas
// #IdentityView).
type IdentityView struct {
	IDTypes []IDType         `json:"idTypes"`
	People  []IdentityPerson `json:"people"`
	// Complete: every person has a result that lets the borrower go on.
	Complete bool `json:"complete"`
	Sandbox  bool `json:"sandbox"`
	ReadOnly bool `json:"readOnly"`
}

// IdentityResult is what verification.identity answers (schemas
// #VerifyIdentityResult): the person's check, the page's view after it and
// the application.
type IdentityResult struct {
	Person      IdentityPerson `json:"person"`
	Identity    *IdentityView  `json:"identity"`
	Application *View          `json:"application"`
}

// IdentityStatus is the identity-verification page's view for the
// applicant: the IDs offered and each person's last check and uploaded
// sides.
func (s *Service) IdentityStatus(ctx context.Context, applicant *domain.Applicant) (*IdentityView, error) {
	loan, app, err := s.application(ctx, applicant)
	if err != nil {
		return nil, err
	}
	return s.identityView(ctx, loan, app)
}

// VerifyIdentity checks the ID of party ("borrower", or "coborrower" on a
// loan with one) with the identity provider: idType must be one of the IDs
// offered, and each side it needs must have been uploaded for that person
// as an idDocument. The result is stored on the person; once every person
// has a result other than failed, and the loan has reached the page's own
// step (identityVerification), its status moves on to the next page's, as a
// save of the page would. A person whose ID passed or is in review is not
// checked again, and after a failed check only with new photos, so no
// request is made twice (vendors.go). Errors name the fields party, idType
// and sides. Only a check the provider is really asked spends from spend,
// after every refusal of the service's own.
func (s *Service) VerifyIdentity(ctx context.Context, applicant *domain.Applicant, party, idType string, spend Spend) (*IdentityResult, error) {
	loan, app, err := s.Stored(ctx, applicant)
	if err != nil {
		return nil, err
	}
	if err := writable(loan); err != nil {
		return nil, err
	}
	f, err := s.openFlow(ctx, IdentityPath, loan)
	if err != nil {
		return nil, err
	}
	if app == nil {
		return nil, domain.Errorf(domain.EINVALID, "Fill in your personal information first.")
	}
	person, err := idPersonOf(loan, app, party)
	if err != nil {
		return nil, err
	}
	if st := person.IdentityVerificationStatus; st != nil && (*st == providers.IdentityPassed || *st == providers.IdentityReview) {
		return nil, domain.InvalidField("party", idWhose(party, person, true)+" ID has already been checked.")
	}
	types, err := s.IDTypes(ctx)
	if err != nil {
		return nil, err
	}
	kind, ok := idFind(types, idType)
	if !ok {
		return nil, domain.InvalidField("idType", "Choose one of the IDs listed.")
	}
	uploaded, err := s.uploadedSides(ctx, loan.ID, party)
	if err != nil {
		return nil, err
	}
	if missing := idMissingSides(kind, newPhotos(person, uploaded)); len(missing) > 0 {
		return nil, domain.InvalidField("sides", fmt.Sprintf("Upload a photo of the %s of the %s first.", strings.Join(missing, " and the "), idLowerFirst(kind.Label)))
	}
	if idStr(person.FirstName) == "" || idStr(person.LastName) == "" || idStr(person.DateOfBirth) == "" {
		return nil, domain.Errorf(domain.EINVALID, "Fill in %s name and date of birth on the personal information page first.", idWhose(party, person, false))
	}
	if s.identity == nil {
		return nil, domain.Errorf(domain.EINTERNAL, "Identity verification is not available right now. Please try again later.")
	}
	if err := spend.take(); err != nil {
		return nil, err
	}
	res, err := s.identity.VerifyID(ctx, providers.IdentityRequest{
		Applicant: applicant.Email, Party: party,
		FirstName: idStr(person.FirstName), LastName: idStr(person.LastName), DateOfBirth: idStr(person.DateOfBirth), Email: idStr(person.Email),
		IDType: kind.ID, Sides: kind.Sides, Today: s.now().UTC(),
	})
	if err != nil {
		return nil, err
	}
	if res == nil || (res.Status != providers.IdentityPassed && res.Status != providers.IdentityFailed && res.Status != providers.IdentityReview) {
		return nil, fmt.Errorf("identity provider: unknown result %+v", res)
	}
	check := &domain.IdentityCheck{IDType: kind.ID, CheckedAt: res.CheckedAt.UTC().Truncate(time.Second), Reference: res.Reference, Sandbox: s.identity.Sandbox(),
		Photos: domain.IDPhotos{Front: uploaded["front"], Back: uploaded["back"]}}
	if check.CheckedAt.IsZero() {
		check.CheckedAt = s.now().UTC().Truncate(time.Second)
	}
	if res.Status != providers.IdentityPassed && res.Reason != "" {
		check.Reason = &res.Reason
	}

	saved, stored, err := s.changeLoan(ctx, loan, f, IdentityPath, func(l *domain.Loan, a *domain.Application) (bool, error) {
		p, err := idPersonOf(l, a, party)
		if err != nil {
			return false, err
		}
		status := res.Status
		p.IdentityVerificationStatus, p.IdentityCheck = &status, check
		return identityComplete(l, a), nil
	})
	if err != nil {
		return nil, err
	}
	v, err := s.identityView(ctx, saved, stored)
	if err != nil {
		return nil, err
	}
	out := &IdentityResult{Identity: v, Application: view(saved, stored)}
	for _, p := range v.People {
		if p.Party == party {
			out.Person = p
		}
	}
	return out, nil
}

// IDTypes is data.heloc.identity.id_types: the IDs a person may verify
// with, in the table's order.
func (s *Service) IDTypes(ctx context.Context) ([]IDType, error) {
	var out struct {
		IDTypes []IDType `json:"idTypes"`
	}
	if err := s.decideInto(ctx, "heloc.identity.id_types", nil, &out); err != nil {
		return nil, err
	}
	if out.IDTypes == nil {
		out.IDTypes = []IDType{}
	}
	return out.IDTypes, nil
}

// identityView is the page's view of loan and app.
func (s *Service) identityView(ctx context.Context, loan *domain.Loan, app *domain.Application) (*IdentityView, error) {
	types, err := s.IDTypes(ctx)
	if err != nil {
		return nil, err
	}
	v := &IdentityView{IDTypes: types, People: []IdentityPerson{}, Complete: identityComplete(loan, app),
		Sandbox: s.identity != nil && s.identity.Sandbox(), ReadOnly: loan.ApplicationStatus == Submitted}
	for _, party := range idParties(loan, app) {
		person, _ := idPersonOf(loan, app, party)
		sides, err := s.uploadedSides(ctx, loan.ID, party)
		if err != nil {
			return nil, err
		}
		fresh := newPhotos(person, sides)
		p := IdentityPerson{Party: party, Name: idFullName(person), Status: person.IdentityVerificationStatus,
			Sides: IDSides{Front: fresh["front"], Back: fresh["back"]}}
		if c := person.IdentityCheck; c != nil {
			at := c.CheckedAt
			p.IDType, p.CheckedAt, p.Reason = &c.IDType, &at, c.Reason
		}
		v.People = append(v.People, p)
	}
	return v, nil
}

// uploadedSides counts the person's idDocument uploads by side (the
// documents service).
func (s *Service) uploadedSides(ctx context.Context, loanID, party string) (map[string]int, error) {
	sides, err := s.UploadedSides(ctx, loanID, party)
	if err != nil {
		return nil, err
	}
	if sides == nil {
		sides = map[string]int{}
	}
	return sides, nil
}

// newPhotos are the person's ID photos by side that a check may use: all
// of them, or after a failed check those uploaded since (a retry is a new
// ID, with photos of its own).
func newPhotos(p *domain.Person, uploaded map[string]int) map[string]int {
	if p.IdentityCheck == nil || p.IdentityVerificationStatus == nil || *p.IdentityVerificationStatus != providers.IdentityFailed {
		return uploaded
	}
	seen := map[string]int{"front": p.IdentityCheck.Photos.Front, "back": p.IdentityCheck.Photos.Back}
	out := map[string]int{}
	for side, n := range uploaded {
		out[side] = max(0, n-seen[side])
	}
	return out
}

// idParties are the people on the loan: the borrower, and the coborrower
// when the loan has one.
func idParties(l *domain.Loan, app *domain.Application) []string {
	if hasCoborrower(l) && app.Coborrower != nil {
		return []string{"borrower", "coborrower"}
	}
	return []string{"borrower"}
}

// idPersonOf is the application's person for party; the coborrower only on a
// loan with one.
func idPersonOf(l *domain.Loan, app *domain.Application, party string) (*domain.Person, error) {
	switch party {
	case "borrower":
		return &app.User, nil
	case "coborrower":
		if hasCoborrower(l) && app.Coborrower != nil {
			return app.Coborrower, nil
		}
		return nil, domain.InvalidField("party", "Your application has no coborrower.")
	}
	return nil, domain.InvalidField("party", "Choose whose ID to check.")
}

// identityComplete: every person on the loan has a result other than
// failed.
func identityComplete(l *domain.Loan, app *domain.Application) bool {
	for _, party := range idParties(l, app) {
		p, _ := idPersonOf(l, app, party)
		if p.IdentityVerificationStatus == nil || *p.IdentityVerificationStatus == providers.IdentityFailed {
			return false
		}
	}
	return true
}

func idFind(types []IDType, id string) (IDType, bool) {
	for _, t := range types {
		if t.ID == id {
			return t, true
		}
	}
	return IDType{}, false
}

// idMissingSides are the sides kind needs that have no upload.
func idMissingSides(kind IDType, uploaded map[string]int) []string {
	var missing []string
	for _, side := range kind.Sides {
		if uploaded[side] == 0 {
			missing = append(missing, side)
		}
	}
	return missing
}

func idFullName(p *domain.Person) string {
	return strings.TrimSpace(idStr(p.FirstName) + " " + idStr(p.LastName))
}

// idWhose names whose it is: "your" or "Amara Okafor’s" ("Your" at the
// start of a sentence).
func idWhose(party string, p *domain.Person, start bool) string {
	whose := "your"
	if party == "coborrower" {
		whose = "your coborrower’s"
		if name := idFullName(p); name != "" {
			return name + "’s"
		}
	}
	if start {
		return "Your" + whose[len("your"):]
	}
	return whose
}

func idLowerFirst(s string) string {
	if s == "" || strings.HasPrefix(s, "ID") {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}

func idStr(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}
