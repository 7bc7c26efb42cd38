package disclosures

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"testing"
)

var terms = Terms{Borrowers: []string{"Pat Prime", "Cora Prime"}, PropertyAddress: "1 Main St, Springfield, IL 62701", PrimaryResidence: true,
	Line: 100000, APR: 8.25, Margin: 1.25, IndexRate: 7, RateFloor: 4, RateCap: 18, DrawYears: 10, RepaymentYears: 20, OriginationFee: 1000, MinimumDraw: 10000}

// Every document is filled in completely, and its hash is the SHA-256 of
// the exact body.
func TestDocumentsAreFilledInAndHashed(t *testing.T) {
	docs, err := Documents(terms)
	if err != nil {
		t.Fatal(err)
	}
	consent, err := Consent(terms)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range append(docs, consent) {
		sum := sha256.Sum256([]byte(d.Body))
		if d.Hash != hex.EncodeToString(sum[:]) {
			t.Errorf("%s: the hash is not the SHA-256 of the body", d.ID)
		}
		if strings.Contains(d.Body, "<no value>") || !strings.HasPrefix(d.Body, "# ") {
			t.Errorf("%s: not filled in completely:\n%s", d.ID, d.Body)
		}
		if !strings.Contains(d.Body, "Pat Prime and Cora Prime") {
			t.Errorf("%s: does not name both people", d.ID)
		}
	}
	// Maximum APR example: $10,000 at 18% is $150 of interest a month, and
	// $41.67 + $150 at the start of the 240-month repayment period.
	early := docs[2].Body
	if !strings.Contains(early, "$150 during the draw period") || !strings.Contains(early, "$191.67 at the start") {
		t.Errorf("the early disclosure's maximum-rate example is wrong:\n%s", early)
	}
}

// The right to cancel is stated for a principal dwelling only, and any
// change of the terms changes the hash.
func TestRescissionAndHashesFollowTheTerms(t *testing.T) {
	docs, _ := Documents(terms)
	second := terms
	second.PrimaryResidence = false
	other, _ := Documents(second)
	if !strings.Contains(docs[1].Body, "Notice of your right to cancel") || strings.Contains(other[1].Body, "Notice of your right to cancel") {
		t.Error("the notice of the right to cancel should be given for a principal dwelling only")
	}
	if docs[1].Hash == other[1].Hash {
		t.Error("a different text has the same hash")
	}
	again, _ := Documents(terms)
	for i := range docs {
		if docs[i].Hash != again[i].Hash {
			t.Errorf("%s: the same terms rendered a different text", docs[i].ID)
		}
	}
}
