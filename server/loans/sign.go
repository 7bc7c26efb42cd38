package loans

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/heloc/heloc/server/disclosures"
	"github.com/heloc/heloc/server/domain"
)

// The disclosures and e-signature page (screens.md "disclosures/sign"):
// the Home Equity Credit Agreement, the Truth in Lending disclosure, the
// early disclosure and the home equity booklet, filled in with the loan's
// offer and names (server/disclosures), read in full; the consent to sign
// electronically; and each person on the loan typing their full legal
// name. Each signature is recorded per document and person with the hash of
// the very text shown, the server's time, the client's address and
// browser, in the sealed application.

// SignPath is the disclosures and signing page.
const SignPath = "/app/application/sign"

// signOfferEntrypoint is the decision the disclosures' terms come from: the
// loan's latest preview offer (decided on the credit report once there is
// one).
const signOfferEntrypoint = "heloc.offer.preview"

// StaleDisclosures is what a signature of a text other than the one the
// server renders now is told.
const StaleDisclosures = "The disclosures changed; read them again"

// Disclosure is one document as the page shows it (schemas #Disclosure):
// whether every person signed this very text.
type Disclosure struct {
	disclosures.Document
	Signed bool `json:"signed"`
}

// Signer is a person who signs (schemas #Signer): the full legal name to
// type and when they signed the current documents. A person who signed
// texts that have changed since (the documents are filled in with the
// offer, which a coborrower's credit check can decide again) and has not
// signed the current ones has SignedEarlierAt, when they last signed, and
// Changed, the titles of those documents, so the page can say why it asks
// again.
type Signer struct {
	Party           string     `json:"party"`
	Name            string     `json:"name"`
	SignedAt        *time.Time `json:"signedAt"`
	SignedEarlierAt *time.Time `json:"signedEarlierAt"`
	Changed         []string   `json:"changed"`
}

// DisclosuresView is what application.disclosures answers (schemas
// #DisclosuresView).
type DisclosuresView struct {
	Documents  []Disclosure       `json:"documents"`
	Consent    Disclosure         `json:"consent"`
	People     []Signer           `json:"people"`
	Signatures []domain.Signature `json:"signatures"`
	// Signed: every person signed every current document and the consent.
	Signed   bool `json:"signed"`
	ReadOnly bool `json:"readOnly"`
}

// SignInput is what application.sign takes (schemas #SignInput).
type SignInput struct {
	Consent    bool             `json:"consent"`
	Signatures []TypedSignature `json:"signatures"`
	Documents  []SignedDocument `json:"documents"`
}

// TypedSignature is the name a person typed.
type TypedSignature struct {
	Party string `json:"party"`
	Name  string `json:"name"`
}

// SignedDocument is a document read, by id, with the hash of the text read.
type SignedDocument struct {
	ID   string `json:"id"`
	Hash string `json:"hash"`
}

// SignMeta is where a signature came from: the client's address as the
// server computes it (trusted proxies respected) and its User-Agent.
type SignMeta struct {
	IP        string
	UserAgent string
}

// SignResult is what application.sign answers (schemas #SignResult).
type SignResult struct {
	Disclosures *DisclosuresView `json:"disclosures"`
	Application *View            `json:"application"`
}

// signOffer is the preview offer the disclosures state, with the
// smallest first draw on its line.
type signOffer struct {
	*domain.Offer
	// MinimumDraw is the smallest first draw on the line offered: the
	// offer's minDraw, or for an offer decided before it had one the
	// program's (data.heloc.offer.draw).
	MinimumDraw int64
}

// Disclosures are the applicant's documents to read and sign, filled in with
// the loan's offer and names, with what is signed.
func (s *Service) Disclosures(ctx context.Context, applicant *domain.Applicant) (*DisclosuresView, error) {
	loan, app, err := s.application(ctx, applicant)
	if err != nil {
		return nil, err
	}
	return s.disclosuresOf(ctx, loan, app)
}

// disclosuresOf are the loan's documents, filled in with its offer and
// names, with what each person signed.
func (s *Service) disclosuresOf(ctx context.Context, loan *domain.Loan, app *domain.Application) (*DisclosuresView, error) {
	offer, err := s.signOffer(ctx, loan)
	if err != nil {
		return nil, err
	}
	docs, consent, err := renderDisclosures(loan, app, offer)
	if err != nil {
		return nil, err
	}
	return disclosuresView(loan, app, docs, consent), nil
}

// Sign records the signatures of every person on the loan on every current
// document and the e-sign consent, and moves the loan's status on past the
// page. The consent must be given (field consent); every document must be
// acknowledged with the hash of the text the server renders now (field
// documents: StaleDisclosures otherwise); each person types their full legal
// name as on the application, ignoring case, spaces and punctuation (field
// signatures.<i>.name). The loan must have reached the page's step (the
// pages before it saved), and not be submitted.
func (s *Service) Sign(ctx context.Context, applicant *domain.Applicant, in SignInput, meta SignMeta) (*SignResult, error) {
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
	if err := s.reachedSign(ctx, loan); err != nil {
		return nil, err
	}
	g, err := s.newSigning(ctx, loan, app, "borrower", in, meta)
	if err != nil {
		return nil, err
	}
	saved, err := s.Change(ctx, applicant, SignPath, g.sign)
	if err != nil {
		return nil, err
	}
	if err := s.recordActs(ctx, g.loan.ID, "borrower", applicant.ID, meta, g.acts()); err != nil {
		return nil, err
	}
	return &SignResult{Disclosures: g.view(), Application: saved}, nil
}

// signing is party's signature, in their own session, of the texts
// rendered with the loan's offer: checked on the application as read, then
// again as sign writes it (the names may have changed since). After sign
// it holds the loan, application and texts signed.
type signing struct {
	party string
	in    SignInput
	offer *signOffer
	at    time.Time
	meta  SignMeta

	loan    *domain.Loan
	app     domain.Application
	docs    []disclosures.Document
	consent disclosures.Document
}

// newSigning checks party's signature of the loan's texts as they are now.
func (s *Service) newSigning(ctx context.Context, loan *domain.Loan, app *domain.Application, party string, in SignInput, meta SignMeta) (*signing, error) {
	offer, err := s.signOffer(ctx, loan)
	if err != nil {
		return nil, err
	}
	g := &signing{party: party, in: in, offer: offer, at: s.now().UTC().Truncate(time.Second), meta: meta}
	if _, _, err := g.check(loan, app); err != nil {
		return nil, err
	}
	return g, nil
}

// check renders the texts for l and app and checks the signature of them.
func (g *signing) check(l *domain.Loan, app *domain.Application) ([]disclosures.Document, disclosures.Document, error) {
	docs, consent, err := renderDisclosures(l, app, g.offer)
	if err != nil {
		return nil, disclosures.Document{}, err
	}
	return docs, consent, checkSignInput(l, app, docs, g.in, g.party)
}

// sign checks the signature again on what is written and records it in
// the application.
func (g *signing) sign(l *domain.Loan, app *domain.Application) error {
	docs, consent, err := g.check(l, app)
	if err != nil {
		return err
	}
	app.Signatures = mergeSignatures(app.Signatures, signatureRecords(g.party, typedName(g.in, g.party), consent, docs, g.at, g.meta))
	g.loan, g.app, g.docs, g.consent = l, *app, docs, consent
	return nil
}

// acts are the acts of the signing: the E-SIGN consent, and each document
// signed with its id, version and hash.
func (g *signing) acts() []*domain.LoanAct {
	out := []*domain.LoanAct{{Act: domain.ActESignConsent, Detail: g.consent.ID + "|" + g.consent.Version + "|" + g.consent.Hash}}
	for _, d := range g.docs {
		out = append(out, &domain.LoanAct{Act: domain.ActSignature, Detail: d.ID + "|" + d.Version + "|" + d.Hash})
	}
	return out
}

// view is the disclosures as signed.
func (g *signing) view() *DisclosuresView {
	return disclosuresView(g.loan, &g.app, g.docs, g.consent)
}

// checkDisclosures is a submission check: every person signed every
// current document.
func (s *Service) checkDisclosures(ctx context.Context, _ *domain.Applicant, loan *domain.Loan, app *domain.Application) ([]domain.FieldError, error) {
	v, err := s.disclosuresOf(ctx, loan, app)
	if err != nil {
		return nil, err
	}
	if v.Signed {
		return nil, nil
	}
	return []domain.FieldError{{Path: "disclosures", Message: "Read and sign your disclosures on the disclosures page."}}, nil
}

// reachedSign refuses a loan whose status has not come as far as the sign
// page's step: the pages before it are saved first.
func (s *Service) reachedSign(ctx context.Context, loan *domain.Loan) error {
	step, err := s.PageStatus(ctx, SignPath, loan)
	if err != nil || step == "" {
		return err
	}
	order, err := s.FunnelOrder(ctx)
	if err != nil {
		return err
	}
	if at, ok := order[loan.ApplicationStatus]; ok && at >= order[step] {
		return nil
	}
	return domain.InvalidField("applicationStatus", "Finish the earlier steps of your application before you sign.")
}

// signOffer is the loan's latest preview offer: the line the borrower
// chose (line; maxLine for an offer decided before the amount could be
// chosen), its fee, its payments and the smallest first draw.
func (s *Service) signOffer(ctx context.Context, loan *domain.Loan) (*signOffer, error) {
	offer, err := s.latestOffer(ctx, loan)
	if err != nil {
		return nil, err
	}
	if !offer.Eligible || offer.Amount() <= 0 {
		return nil, domain.Errorf(domain.EINVALID, "Your offer has no line of credit to sign for. Please contact us.")
	}
	bounds, err := s.drawBounds(ctx, loan.ID, offer)
	if err != nil {
		return nil, err
	}
	if offer.Example == nil {
		// The Truth in Lending example is the disclosures' alone, so the
		// preview does not work it out: the rules do, on the offer's APR,
		// recorded for the loan (an offer decided before carries its own).
		var example domain.OfferExample
		if err := s.recordInto(ctx, exampleEntrypoint, loan.ID, map[string]any{"apr": offer.APR}, &example); err != nil {
			return nil, err
		}
		offer.Example = &example
	}
	return &signOffer{Offer: offer, MinimumDraw: bounds.MinimumDraw}, nil
}

// exampleEntrypoint is the Truth in Lending example of the disclosures: the
// payments on $10,000 at the offer's APR and at the program's maximum.
const exampleEntrypoint = "heloc.offer.example"

// renderDisclosures fills the documents and the consent in with the
// offer's terms (the chosen line, its fee, the policy's payments) and the
// application's names and property.
func renderDisclosures(l *domain.Loan, app *domain.Application, offer *signOffer) ([]disclosures.Document, disclosures.Document, error) {
	t := disclosures.Terms{
		PropertyAddress:  oneLine(app.Property.Address),
		PrimaryResidence: app.Property.Usage != nil && *app.Property.Usage == "primaryResidence",
		Line:             offer.Amount(),
		APR:              offer.APR,
		Margin:           offer.Margin,
		IndexRate:        offer.PrimeRate,
		RateFloor:        offer.RateFloor,
		RateCap:          offer.RateCap,
		DrawYears:        offer.DrawPeriodYears,
		RepaymentYears:   offer.RepaymentPeriodYears,
		OriginationFee:   offer.Fee(),
		MinimumDraw:      offer.MinimumDraw,
	}
	if p := offer.Payments; p != nil {
		t.Payments = disclosures.Payments{DrawPaymentCents: p.DrawPaymentCents, RepaymentPaymentCents: p.RepaymentPaymentCents, RepaymentMonths: p.RepaymentMonths}
	}
	if e := offer.Example; e != nil {
		t.Example = disclosures.Example{Balance: int64(e.Balance), DrawPaymentCents: e.DrawPaymentCents, RepaymentPaymentCents: e.RepaymentPaymentCents,
			MaxRateDrawPaymentCents: e.MaxRateDrawPaymentCents, MaxRateRepaymentPaymentCents: e.MaxRateRepaymentPaymentCents}
	}
	for _, p := range signers(l, app) {
		t.Borrowers = append(t.Borrowers, p.Name)
	}
	docs, err := disclosures.Documents(t)
	if err != nil {
		return nil, disclosures.Document{}, err
	}
	consent, err := disclosures.Consent(t)
	return docs, consent, err
}

// signers are the people on the loan, the borrower first, with the full
// legal name each signs with.
func signers(l *domain.Loan, app *domain.Application) []Signer {
	out := []Signer{{Party: "borrower", Name: fullName(&app.User), Changed: []string{}}}
	if hasCoborrower(l) && app.Coborrower != nil {
		out = append(out, Signer{Party: "coborrower", Name: fullName(app.Coborrower), Changed: []string{}})
	}
	return out
}

// fullName is a person's legal name as the application has it: first,
// middle, last and suffix.
func fullName(p *domain.Person) string {
	var parts []string
	for _, s := range []*string{p.FirstName, p.MiddleName, p.LastName} {
		if s != nil && strings.TrimSpace(*s) != "" {
			parts = append(parts, strings.TrimSpace(*s))
		}
	}
	if p.Suffix != nil && *p.Suffix != "" {
		parts = append(parts, suffixLabel(*p.Suffix))
	}
	return strings.Join(parts, " ")
}

// suffixLabel writes a name suffix (#NameSuffix) as it is signed: "Jr.",
// "Sr.", "III".
func suffixLabel(s string) string {
	switch s {
	case "jr":
		return "Jr."
	case "sr":
		return "Sr."
	}
	return strings.ToUpper(s)
}

// comparableName is a name as signatures compare it: lower case, words
// separated by one space, without periods or commas ("Jr." and "jr").
func comparableName(s string) string {
	s = strings.NewReplacer(".", " ", ",", " ").Replace(strings.ToLower(s))
	return strings.Join(strings.Fields(s), " ")
}

func typedName(in SignInput, party string) string {
	for _, sig := range in.Signatures {
		if sig.Party == party {
			return strings.Join(strings.Fields(sig.Name), " ")
		}
	}
	return ""
}

// signatureRecords are party's signatures, under name, of the consent and
// every document.
func signatureRecords(party, name string, consent disclosures.Document, docs []disclosures.Document, at time.Time, meta SignMeta) []domain.Signature {
	var out []domain.Signature
	for _, d := range append([]disclosures.Document{consent}, docs...) {
		out = append(out, domain.Signature{DocumentID: d.ID, Version: d.Version, Hash: d.Hash, Party: party,
			Name: name, SignedAt: at, IP: meta.IP, UserAgent: meta.UserAgent})
	}
	return out
}

// checkSignInput checks the consent, the documents' hashes against docs and
// the typed name of party, the person signed in, all at once. Each person
// signs for themselves: a signature for anyone else is refused
// (EFORBIDDEN), whatever else is wrong.
func checkSignInput(l *domain.Loan, app *domain.Application, docs []disclosures.Document, in SignInput, party string) error {
	for i, sig := range in.Signatures {
		if sig.Party != party && sig.Party == "coborrower" && hasCoborrower(l) {
			return forCoborrower(app, "signatures."+strconv.Itoa(i)+".party", "accepts the consent and signs the disclosures")
		}
		if sig.Party != party && sig.Party == "borrower" {
			return &domain.Error{Code: domain.EFORBIDDEN, Message: "Only the borrower can sign for themselves, in their own sign-in.",
				Fields: []domain.FieldError{{Path: "signatures." + strconv.Itoa(i) + ".party", Message: "Only the borrower can sign for themselves, in their own sign-in."}}}
		}
	}
	var fields []domain.FieldError
	add := func(path, msg string) { fields = append(fields, domain.FieldError{Path: path, Message: msg}) }
	if !in.Consent {
		add("consent", "Agree to receive and sign your documents electronically to go on.")
	}
	read := map[string]string{}
	for _, d := range in.Documents {
		read[d.ID] = d.Hash
	}
	current := map[string]bool{}
	stale, missing := false, []string{}
	for _, d := range docs {
		current[d.ID] = true
		switch hash, ok := read[d.ID]; {
		case !ok:
			missing = append(missing, d.Title)
		case hash != d.Hash:
			stale = true
		}
	}
	for id := range read {
		if !current[id] {
			stale = true
		}
	}
	if stale {
		add("documents", StaleDisclosures)
	} else if len(missing) > 0 {
		add("documents", "Confirm you have read each document: "+strings.Join(missing, ", ")+".")
	}
	var people []Signer
	for _, p := range signers(l, app) {
		if p.Party == party {
			people = append(people, p)
		}
	}
	seen := map[string]bool{}
	for i, sig := range in.Signatures {
		at := "signatures." + strconv.Itoa(i)
		var who *Signer
		for j := range people {
			if people[j].Party == sig.Party {
				who = &people[j]
			}
		}
		switch {
		case who == nil:
			add(at+".party", "Your application has no coborrower.")
		case seen[sig.Party]:
			add(at+".party", "Each person signs once.")
		case strings.TrimSpace(sig.Name) == "":
			add(at+".name", "Type your full name to sign.")
		case comparableName(sig.Name) != comparableName(who.Name):
			add(at+".name", "Type the full legal name on your application: "+who.Name+".")
		}
		seen[sig.Party] = true
	}
	for i, who := range people {
		if !seen[who.Party] {
			add("signatures."+strconv.Itoa(i)+".name", "Type "+who.Name+"’s full name to sign.")
		}
	}
	if len(fields) == 0 {
		return nil
	}
	return &domain.Error{Code: domain.EINVALID, Message: fields[0].Message, Fields: fields}
}

// mergeSignatures keeps the earlier records of other texts (a history of
// what was signed before a document changed) and replaces those of the
// same document, text and person by the new ones.
func mergeSignatures(old, fresh []domain.Signature) []domain.Signature {
	replaced := map[string]bool{}
	for _, r := range fresh {
		replaced[r.DocumentID+"|"+r.Hash+"|"+r.Party] = true
	}
	out := make([]domain.Signature, 0, len(old)+len(fresh))
	for _, r := range old {
		if !replaced[r.DocumentID+"|"+r.Hash+"|"+r.Party] {
			out = append(out, r)
		}
	}
	return append(out, fresh...)
}

// disclosuresView marks what each person signed: a document is signed when
// every person has a record of its current hash.
func disclosuresView(l *domain.Loan, app *domain.Application, docs []disclosures.Document, consent disclosures.Document) *DisclosuresView {
	people := signers(l, app)
	signedAt := func(party string, d disclosures.Document) *time.Time {
		for i := range app.Signatures {
			r := &app.Signatures[i]
			if r.Party == party && r.DocumentID == d.ID && r.Hash == d.Hash {
				return &r.SignedAt
			}
		}
		return nil
	}
	everyone := func(d disclosures.Document) bool {
		for _, p := range people {
			if signedAt(p.Party, d) == nil {
				return false
			}
		}
		return true
	}
	v := &DisclosuresView{Signatures: app.Signatures, ReadOnly: l.ApplicationStatus == Submitted, Signed: true}
	if v.Signatures == nil {
		v.Signatures = []domain.Signature{}
	}
	v.Consent = Disclosure{Document: consent, Signed: everyone(consent)}
	v.Signed = v.Consent.Signed
	for _, d := range docs {
		signed := everyone(d)
		v.Documents = append(v.Documents, Disclosure{Document: d, Signed: signed})
		v.Signed = v.Signed && signed
	}
	// The documents then the consent: the order Changed names them in.
	all := append(slices.Clone(docs), consent)
	for _, p := range people {
		var latest *time.Time
		for _, d := range all {
			at := signedAt(p.Party, d)
			if at == nil {
				latest = nil
				break
			}
			if latest == nil || at.After(*latest) {
				latest = at
			}
		}
		p.SignedAt = latest
		if latest == nil {
			p.SignedEarlierAt, p.Changed = signedEarlier(app.Signatures, p.Party, all)
		}
		v.People = append(v.People, p)
	}
	return v
}

// signedEarlier is when party last signed a text of one of docs that is
// not its current text, and the titles of those documents (in docs' order):
// what they signed before the documents were filled in again. Nil and none
// when they signed no earlier text.
func signedEarlier(records []domain.Signature, party string, docs []disclosures.Document) (*time.Time, []string) {
	var at *time.Time
	changed := []string{}
	for _, d := range docs {
		var last *time.Time // their last signature of an earlier text of d
		current := false
		for i := range records {
			r := &records[i]
			switch {
			case r.Party != party || r.DocumentID != d.ID:
			case r.Hash == d.Hash:
				current = true
			case last == nil || r.SignedAt.After(*last):
				last = &r.SignedAt
			}
		}
		if last == nil || current {
			continue
		}
		changed = append(changed, d.Title)
		if at == nil || last.After(*at) {
			at = last
		}
	}
	if len(changed) == 0 {
		return nil, changed
	}
	return at, changed
}

// oneLine writes an address on one line, or "".
func oneLine(a *domain.Address) string {
	if a == nil {
		return ""
	}
	parts := []string{a.Line1}
	if a.Line2 != nil && *a.Line2 != "" {
		parts = append(parts, *a.Line2)
	}
	parts = append(parts, a.City, a.State+" "+a.Zip)
	return strings.Join(parts, ", ")
}
