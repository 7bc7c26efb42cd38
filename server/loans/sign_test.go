package loans

import (
	"slices"
	"testing"
	"time"

	"github.com/heloc/heloc/server/disclosures"
	"github.com/heloc/heloc/server/domain"
)

// A person who signed the documents before they were filled in again (a
// coborrower's credit check decided the offer again) is asked to sign
// again, and the view says when they signed and which documents changed;
// someone who signed the current texts, or never signed, is not told so.
func TestDisclosuresSignedBeforeTheyChangedSaySo(t *testing.T) {
	yes := true
	loan := &domain.Loan{Answers: domain.PrequalAnswers{HasCoborrower: &yes}}
	app := &domain.Application{
		User:       domain.Person{FirstName: ptr("Pat"), LastName: ptr("Prime")},
		Coborrower: &domain.Person{FirstName: ptr("Cora"), LastName: ptr("Prime")},
	}
	consent := disclosures.Document{ID: "esign", Title: "E-sign consent", Hash: "c1"}
	tila := disclosures.Document{ID: "tila", Title: "Truth in Lending disclosure", Hash: "t2"}
	early := disclosures.Document{ID: "early", Title: "Early disclosure", Hash: "e2"}
	monday := time.Date(2026, 11, 23, 15, 0, 0, 0, time.UTC)
	tuesday := monday.AddDate(0, 0, 1)
	sign := func(party string, at time.Time, hashes map[string]string) {
		for id, hash := range hashes {
			app.Signatures = append(app.Signatures, domain.Signature{DocumentID: id, Hash: hash, Party: party, SignedAt: at})
		}
	}
	// The borrower signed on Monday, when the documents were the first texts
	// (t1, e1); the coborrower's check changed both, and the coborrower signed
	// the new texts on Tuesday.
	sign("borrower", monday, map[string]string{"esign": "c1", "tila": "t1", "early": "e1"})
	sign("coborrower", tuesday, map[string]string{"esign": "c1", "tila": "t2", "early": "e2"})

	v := disclosuresView(loan, app, []disclosures.Document{tila, early}, consent)
	if v.Signed {
		t.Fatal("got signed, want the borrower to sign the new texts")
	}
	pat, cora := v.People[0], v.People[1]
	if pat.SignedAt != nil || pat.SignedEarlierAt == nil || !pat.SignedEarlierAt.Equal(monday) ||
		!slices.Equal(pat.Changed, []string{"Truth in Lending disclosure", "Early disclosure"}) {
		t.Errorf("borrower: got signedAt %v, earlier %v, changed %q; want unsigned, signed on Monday, both documents changed", pat.SignedAt, pat.SignedEarlierAt, pat.Changed)
	}
	if cora.SignedAt == nil || !cora.SignedAt.Equal(tuesday) || cora.SignedEarlierAt != nil || len(cora.Changed) != 0 {
		t.Errorf("coborrower: got signedAt %v, earlier %v, changed %q; want signed on Tuesday and nothing earlier", cora.SignedAt, cora.SignedEarlierAt, cora.Changed)
	}

	// Once the borrower signs the new texts too, nothing is said.
	sign("borrower", tuesday, map[string]string{"tila": "t2", "early": "e2"})
	v = disclosuresView(loan, app, []disclosures.Document{tila, early}, consent)
	if pat := v.People[0]; !v.Signed || pat.SignedEarlierAt != nil || len(pat.Changed) != 0 {
		t.Errorf("got signed %v, borrower earlier %v, changed %q; want everything signed and nothing to explain", v.Signed, pat.SignedEarlierAt, pat.Changed)
	}

	// Someone who never signed has nothing earlier either.
	fresh := &domain.Application{User: app.User}
	v = disclosuresView(&domain.Loan{}, fresh, []disclosures.Document{tila, early}, consent)
	if pat := v.People[0]; pat.SignedAt != nil || pat.SignedEarlierAt != nil || pat.Changed == nil || len(pat.Changed) != 0 {
		t.Errorf("got %+v, want unsigned with nothing earlier (changed [] not null)", pat)
	}
}
