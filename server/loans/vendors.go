package loans

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"unicode"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/providers"
)

// Paid vendors (issue 19). The valuation model, the payroll network and
// the identity provider charge for every request (as the credit bureau
// does, whose pulls server/web makes and limits itself), and a valuation
// hangs off a GET that a page sends on every visit. So the service asks a
// vendor only when the loan has no answer to the same request yet: the valuation model's answer for the home (good for
// the loan's life unless the address changes) and the payroll network's
// for each person (until what the application says of them changes) are
// kept per loan, sealed (store: vendor_answers); and every request that is
// made is first spent from a limit the caller gives (Spend), which
// server/web counts per account. An identity check is made only for a
// person without a passed or pending one and with new ID photos after a
// failed one (identity.go), so it never repeats a request and keeps no
// answer here.

// Spend is asked once before each request to a paid vendor; its error
// (server/web: TOO_MANY_REQUESTS with Retry-After, from a per-account
// limit) is answered as it is, and the vendor is not asked. An answer the
// loan has already spends nothing. A nil Spend allows every request.
type Spend func() error

func (f Spend) take() error {
	if f == nil {
		return nil
	}
	return f()
}

// The kinds of kept answers, and the subject of a valuation: the home (a
// payroll answer's subject is the party, "borrower" or "coborrower").
const (
	vendorValuation = "valuation"
	vendorPayroll   = "payroll"
	subjectHome     = "home"
)

// requestHash is the SHA-256 of a request's parts, in hex: what a kept
// answer remembers of the request it answered, so that it holds no
// address or name of its own.
func requestHash(parts ...string) string {
	buf, _ := json.Marshal(parts) // strings always marshal; the encoding keeps the parts apart
	sum := sha256.Sum256(buf)
	return hex.EncodeToString(sum[:])
}

// kept reads the loan's kept answer of kind for subject into out, and
// reports whether there was one. An answer of a shape this server does not
// read (kept by another version) counts as none: the vendor is asked
// again.
func (s *Service) kept(ctx context.Context, loanID, kind, subject string, out any) (bool, error) {
	buf, err := s.store.FindVendorAnswer(ctx, loanID, kind, subject)
	if domain.ErrorCode(err) == domain.ENOTFOUND {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return json.Unmarshal(buf, out) == nil, nil
}

// keep stores v as the loan's answer of kind for subject.
func (s *Service) keep(ctx context.Context, loanID, kind, subject string, v any) error {
	buf, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return s.store.SaveVendorAnswer(ctx, loanID, kind, subject, buf)
}

// keptValuation is the valuation model's answers for one home: the AVM's
// and, after a low-confidence one, the cascade's. Each is asked at most
// once; an answer that found no value (nil) is kept as asked too, since
// it was paid for all the same.
type keptValuation struct {
	Request      string            `json:"request"`
	AVM          *domain.Valuation `json:"avm"`
	AVMAsked     bool              `json:"avmAsked"`
	Cascade      *domain.Valuation `json:"cascade"`
	CascadeAsked bool              `json:"cascadeAsked"`
}

// Valuation is the automated valuation of the applicant's home
// (prequal.valuation): the AVM's, or the cascade's when the AVM's
// confidence is low (providers.Chosen); nil when the model found no value.
// The loan keeps the model's answers for the home it was asked about, and
// later calls for the same home answer them again without asking; another
// address (homeRequest) asks again, once. Each request made is spent
// first, the cascade as a request of its own; each answer is kept as soon
// as it comes, so a refused cascade does not lose the AVM's.
//
// No model is asked before the home's address is known (the /prequal
// path's address page, or a borrower coming back after it): a valuation
// is of one home, and a value shown "for your home" from a ZIP code or
// nothing would be a guess (issue 22 "Address before valuation"). Until
// then the page asks the homeowner's own estimate.
func (s *Service) Valuation(ctx context.Context, applicant *domain.Applicant, model providers.Valuation, spend Spend) (*domain.Valuation, error) {
	loan, err := s.LoanOf(ctx, applicant)
	if err != nil {
		return nil, err
	}
	if model == nil || loan.Answers.Address == nil {
		return nil, nil
	}
	var v keptValuation
	request := homeRequest(loan.Answers.Address)
	found, err := s.kept(ctx, loan.ID, vendorValuation, subjectHome, &v)
	if err != nil {
		return nil, err
	}
	if !found || v.Request != request {
		v = keptValuation{Request: request}
	}
	req := providers.ValuationRequest{Email: applicant.Email, Answers: loan.Answers, Today: s.now()}
	if !v.AVMAsked {
		if err := spend.take(); err != nil {
			return nil, err
		}
		if v.AVM, err = model.AVM(ctx, req); err != nil {
			return nil, err
		}
		v.AVMAsked = true
		if err := s.keep(ctx, loan.ID, vendorValuation, subjectHome, v); err != nil {
			return nil, err
		}
	}
	if providers.NeedsCascade(v.AVM) && !v.CascadeAsked {
		if err := spend.take(); err != nil {
			return nil, err
		}
		if v.Cascade, err = model.AVMCascade(ctx, req); err != nil {
			return nil, err
		}
		v.CascadeAsked = true
		if err := s.keep(ctx, loan.ID, vendorValuation, subjectHome, v); err != nil {
			return nil, err
		}
	}
	return providers.Chosen(v.AVM, v.Cascade), nil
}

// homeRequest is what a valuation is asked about, hashed: the home's
// address as the prequalification saved it, normalised (addressWords). The
// homeowner's own estimate, which a model may take as a hint, is not part
// of it: a valuation is of the home, and is good for the loan's life unless
// the address changes.
func homeRequest(ad *domain.Address) string {
	line2 := ""
	if ad.Line2 != nil {
		line2 = *ad.Line2
	}
	return requestHash("address", addressWords(ad.Line1), addressWords(line2), addressWords(ad.City), addressWords(ad.State), zip5(ad.Zip))
}

// addressWords is a part of an address as compared: lower case, letters
// and digits only, one space between words, each street suffix and
// direction as the Postal Service abbreviates it ("100 Valencia Street" is
// "100 valencia st").
func addressWords(s string) string {
	words := plainWords(s)
	for i, w := range words {
		if short, ok := uspsAbbreviations[w]; ok {
			words[i] = short
		}
	}
	return strings.Join(words, " ")
}

// plainWords are the words of s in lower case, of letters and digits only.
func plainWords(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// uspsAbbreviations are the common street suffixes, unit words and
// directions with the abbreviation of USPS Publication 28.
var uspsAbbreviations = map[string]string{
	"street": "st", "avenue": "ave", "av": "ave", "road": "rd", "drive": "dr", "boulevard": "blvd", "lane": "ln",
	"court": "ct", "place": "pl", "terrace": "ter", "circle": "cir", "parkway": "pkwy", "highway": "hwy",
	"square": "sq", "trail": "trl", "apartment": "apt", "suite": "ste", "floor": "fl",
	"north": "n", "south": "s", "east": "e", "west": "w", "northeast": "ne", "northwest": "nw", "southeast": "se", "southwest": "sw",
}

// zip5 is a ZIP code's first five digits (a ZIP+4 names the same home).
func zip5(zip string) string {
	digits := strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, zip)
	if len(digits) > 5 {
		digits = digits[:5]
	}
	return digits
}

// keptPayroll is the payroll network's report on one person of the loan
// and the request it answered.
type keptPayroll struct {
	Request string                  `json:"request"`
	Report  providers.PayrollReport `json:"report"`
}

// payrollReport is the payroll network's report for req: the one the loan
// kept for the person when it answered the same request (payrollRequest),
// whatever it found, else the network's, asked after spend and kept.
func (s *Service) payrollReport(ctx context.Context, loanID string, req providers.IncomeRequest, spend Spend) (*providers.PayrollReport, error) {
	request := payrollRequest(req)
	var k keptPayroll
	found, err := s.kept(ctx, loanID, vendorPayroll, req.Party, &k)
	if err != nil {
		return nil, err
	}
	if found && k.Request == request {
		return &k.Report, nil
	}
	if err := spend.take(); err != nil {
		return nil, err
	}
	report, err := s.income.Verify(ctx, req)
	if err != nil {
		return nil, err
	}
	if report == nil {
		return nil, errors.New("payroll network: no report")
	}
	if err := s.keep(ctx, loanID, vendorPayroll, req.Party, keptPayroll{Request: request, Report: *report}); err != nil {
		return nil, err
	}
	return report, nil
}

// payrollRequest is what a payroll connection asks about a person, hashed:
// the applicant, the party, the person's name (case, spaces and
// punctuation aside) and the last four digits of their SSN, and their
// employers compared as a match compares them
// (normalizeEmployer), in any order. Today is not part of it: the report
// answers for the loan until what the application says of the person
// changes.
func payrollRequest(req providers.IncomeRequest) string {
	employers := make([]string, 0, len(req.Employers))
	for _, e := range req.Employers {
		employers = append(employers, normalizeEmployer(e))
	}
	slices.Sort(employers)
	employers = slices.Compact(employers)
	parts := []string{strings.ToLower(strings.TrimSpace(req.Email)), req.Party,
		strings.Join(plainWords(req.FirstName), " "), strings.Join(plainWords(req.LastName), " "), req.SSNLast4}
	return requestHash(append(parts, employers...)...)
}
