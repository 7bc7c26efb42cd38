package web_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/heloc/heloc/server/loans"
	"github.com/heloc/heloc/server/policy"
	"github.com/heloc/heloc/server/web"
)

// signOffer is a preview offer as the policy decides it: a $100,000 line
// at prime 7.00% + 1.25% margin, with a $1,000 fee, and the Truth in
// Lending example's payments the policy computes (heloc.offer.payments;
// TestSignOffersPaymentsAreThePolicys checks them). It has no line: an
// offer decided before the amount could be chosen, whose line is maxLine.
const signOffer = `{"eligible":true,"maxLine":100000,"minLine":25000,"originationFee":1000,"apr":8.25,"margin":1.25,` +
	`"primeRate":7.0,"rateFloor":4,"rateCap":18,"drawPeriodYears":10,"repaymentPeriodYears":20,"cltv":0.7,` +
	`"payments":{"balance":100000,"drawPaymentCents":68750,"repaymentPaymentCents":85207,"drawMonths":120,"repaymentMonths":240},` +
	`"example":{"balance":10000,"drawPaymentCents":6875,"repaymentPaymentCents":8521,"maxRateDrawPaymentCents":15000,"maxRateRepaymentPaymentCents":15433}}`

// chosenOffer is the same offer with $150,000 chosen of a $410,500 line:
// its fee, draws and payments on the amount chosen. As the preview decides
// it now, it has no Truth in Lending example: the disclosures ask the rules
// for it (heloc.offer.example) on its APR.
const chosenOffer = `{"eligible":true,"maxLine":410500,"minLine":25000,"line":150000,"requestedLine":150000,"originationFee":1500,` +
	`"minDraw":10000,"maxDraw":148500,"apr":8.25,"margin":1.25,"primeRate":7.0,"rateFloor":4,"rateCap":18,"drawPeriodYears":10,"repaymentPeriodYears":20,` +
	`"payments":{"balance":150000,"drawPaymentCents":103125,"repaymentPaymentCents":127810,"drawMonths":120,"repaymentMonths":240}}`

// The payments of the offers above are the policy's own
// (heloc.offer.payments, the one arithmetic).
func TestSignOffersPaymentsAreThePolicys(t *testing.T) {
	engine, err := loadRules()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		balance         int64
		apr             float64
		draw, repayment int64
	}{{100000, 8.25, 68750, 85207}, {150000, 8.25, 103125, 127810}, {10000, 8.25, 6875, 8521}, {10000, 18, 15000, 15433}} {
		var got struct {
			DrawPaymentCents, RepaymentPaymentCents int64
			RepaymentMonths                         int
		}
		if err := policy.DecideInto(context.Background(), engine, "heloc.offer.payments", map[string]any{"balance": tc.balance, "apr": tc.apr}, &got); err != nil {
			t.Fatal(err)
		}
		if got.DrawPaymentCents != tc.draw || got.RepaymentPaymentCents != tc.repayment || got.RepaymentMonths != 240 {
			t.Errorf("$%d at %v%%: the policy says %+v, the fixture %d and %d", tc.balance, tc.apr, got, tc.draw, tc.repayment)
		}
	}
}

// The agreement, the Truth in Lending disclosure and the disbursement page
// state the amount chosen, its fee and the policy's payments, not the full
// line.
func TestDisclosuresAndDrawUseTheChosenLine(t *testing.T) {
	s := MustOpenServer(t, web.Config{Now: func() time.Time { return time.Date(2026, 11, 22, 15, 0, 0, 0, time.UTC) }})
	ctx := context.Background()
	b := s.browser(t)
	b.signIn("prime@example.com")
	loan := loanOf(t, s, "prime@example.com")
	if code, res := saveSection(b, "/app/application/1", `{"user":`+personalInfo+`}`); code != 200 {
		t.Fatalf("page 1: got %d %+v", code, res.Error)
	}
	if _, err := s.DB.CreateDecision(ctx, "heloc.offer.preview", loan.ID, []byte(`{}`), []byte(chosenOffer), "test"); err != nil {
		t.Fatal(err)
	}
	v := disclosuresOf(t, b)
	heca, tila := v.Documents[0].Body, v.Documents[1].Body
	for _, want := range []string{"**Credit limit:** $150,000", "**Origination fee:** $1,500", "at least $10,000"} {
		if !strings.Contains(heca, want) {
			t.Errorf("the agreement does not say %q", want)
		}
	}
	for _, want := range []string{"**Credit limit:** $150,000", "**Origination fee:** $1,500", "about $1,031.25 a month", "about $1,278.10 a month", "about $68.75 a month", "about $85.21 a month"} {
		if !strings.Contains(tila, want) {
			t.Errorf("the Truth in Lending disclosure does not say %q", want)
		}
	}
	// The early disclosure's payments at the maximum APR: $10,000 at 18%.
	if early := v.Documents[2].Body; !strings.Contains(early, "about $150 during the draw period and about $154.33") {
		t.Errorf("the early disclosure does not state the example at the maximum APR:\n%s", early)
	}
	var example struct{ MaxRateRepaymentPaymentCents int64 }
	if rec, err := s.DB.LatestDecision(ctx, loan.ID, "heloc.offer.example"); err != nil || json.Unmarshal(rec.Result, &example) != nil || example.MaxRateRepaymentPaymentCents != 15433 {
		t.Errorf("the example the disclosure states is not recorded for the loan: %v %+v", err, example)
	}
	for _, d := range v.Documents {
		if strings.Contains(d.Body, "$410,500") {
			t.Errorf("%s states the full line, not the amount chosen", d.ID)
		}
	}
	if !sameJSON(t, mustGet(t, b, "application.drawTerms"), `{"line":150000,"originationFee":1500,"minimumDraw":10000,"maximumDraw":148500,"firstDraw":10000,`+
		`"apr":8.25,"payments":{"balance":150000,"drawPaymentCents":103125,"repaymentPaymentCents":127810,"drawMonths":120,"repaymentMonths":240}}`) {
		t.Errorf("got draw terms %s, want the chosen line's, with the policy's APR and payments on it (the summary shows them)", mustGet(t, b, "application.drawTerms"))
	}
}

func disclosuresOf(t *testing.T, b *browser) loans.DisclosuresView {
	t.Helper()
	return decode[loans.DisclosuresView](t, mustGet(t, b, "application.disclosures"))
}

// signInput acknowledges every document of v with its hash, with the
// consent and the names given by party.
func signInput(t *testing.T, v loans.DisclosuresView, consent bool, names ...string) string {
	t.Helper()
	in := loans.SignInput{Consent: consent}
	for _, d := range v.Documents {
		in.Documents = append(in.Documents, loans.SignedDocument{ID: d.ID, Hash: d.Hash})
	}
	parties := []string{"borrower", "coborrower"}
	for i, n := range names {
		in.Signatures = append(in.Signatures, loans.TypedSignature{Party: parties[i], Name: n})
	}
	buf, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	return string(buf)
}

func sign(b *browser, input string) (int, wireResult) {
	b.t.Helper()
	resp, out := b.send("POST", "/api/trpc/application.sign", "application/json", input, map[string]string{"User-Agent": "SignTest/1.0 (phone)"})
	return resp.StatusCode, decode[wireResult](b.t, out)
}

func TestDisclosuresAndSigning(t *testing.T) {
	now := time.Date(2026, 11, 22, 15, 0, 0, 0, time.UTC)
	s := MustOpenServer(t, web.Config{Now: func() time.Time { return now }})
	ctx := context.Background()
	b := s.browser(t)
	b.signIn("prime@example.com") // seeded at application3
	loan := loanOf(t, s, "prime@example.com")
	if code, res := saveSection(b, "/app/application/1", `{"user":`+personalInfo+`}`); code != 200 {
		t.Fatalf("page 1: got %d %+v", code, res.Error)
	}

	t.Run("without an offer on file there is nothing to disclose", func(t *testing.T) {
		resp, res := b.trpc("GET", "application.disclosures", "")
		if resp.StatusCode != 400 || !strings.Contains(res.Error.Message, "no offer") {
			t.Fatalf("got %d %+v, want the missing offer named", resp.StatusCode, res.Error)
		}
	})
	if _, err := s.DB.CreateDecision(ctx, "heloc.offer.preview", loan.ID, []byte(`{}`), []byte(signOffer), "test"); err != nil {
		t.Fatal(err)
	}

	v := disclosuresOf(t, b)
	t.Run("each document is filled in with the loan's terms and names, and hashed as rendered", func(t *testing.T) {
		var ids []string
		for _, d := range v.Documents {
			ids = append(ids, d.ID)
			sum := sha256.Sum256([]byte(d.Body))
			if d.Hash != hex.EncodeToString(sum[:]) {
				t.Errorf("%s: hash %s is not the SHA-256 of its body", d.ID, d.Hash)
			}
			if d.Version == "" || d.Title == "" || d.Signed {
				t.Errorf("%s: got %+v, want a title, a version and not signed yet", d.ID, d.Document.Title)
			}
		}
		if strings.Join(ids, ",") != "heca,truth-in-lending,early-disclosure,heloc-booklet" {
			t.Fatalf("got documents %v", ids)
		}
		heca, tila := v.Documents[0].Body, v.Documents[1].Body
		for _, want := range []string{"Pat Prime", "$100,000", "1.25%", "7.00%", "8.25%", "18.00%", "10 years", "20 years", "$1,000", "at least $10,000"} {
			if !strings.Contains(heca, want) {
				t.Errorf("the agreement does not say %q", want)
			}
		}
		if !strings.Contains(tila, "three business days") || !strings.Contains(tila, "$68.75") {
			t.Errorf("the Truth in Lending disclosure lacks the right to cancel of a primary residence or the $10,000 example's $68.75 payment:\n%s", tila)
		}
		if !strings.Contains(v.Documents[3].Body, "consumerfinance.gov") {
			t.Error("the booklet's summary does not say where to get the full booklet")
		}
		if v.Consent.ID != "esign-consent" || !strings.Contains(v.Consent.Body, "paper copy") {
			t.Errorf("got consent %+v", v.Consent.Document.ID)
		}
		if len(v.People) != 1 || v.People[0].Name != "Pat Prime" || v.People[0].SignedAt != nil || v.Signed {
			t.Errorf("got people %+v, signed %v; want Pat Prime to sign", v.People, v.Signed)
		}
	})

	t.Run("before the earlier pages are saved nothing is signed", func(t *testing.T) {
		code, res := sign(b, signInput(t, v, true, "Pat Prime"))
		if code != 400 || !strings.Contains(fieldMessage(res, "applicationStatus"), "Finish the earlier steps") {
			t.Fatalf("got %d %+v", code, res.Error)
		}
	})
	if err := s.DB.UpdateLoanStatus(ctx, loan.ID, "disclosures"); err != nil {
		t.Fatal(err)
	}

	t.Run("a name other than the application's is refused at its field", func(t *testing.T) {
		code, res := sign(b, signInput(t, v, true, "Pat Smith"))
		if code != 400 || !strings.Contains(fieldMessage(res, "signatures.0.name"), "Pat Prime") {
			t.Fatalf("got %d %+v, want signatures.0.name naming the name on the application", code, res.Error)
		}
		code, res = sign(b, signInput(t, v, true, ""))
		if code != 400 || fieldMessage(res, "signatures.0.name") != "Type your full name to sign." {
			t.Fatalf("got %d %+v, want an empty name refused", code, res.Error)
		}
	})

	t.Run("without the e-sign consent nothing is signed", func(t *testing.T) {
		code, res := sign(b, signInput(t, v, false, "Pat Prime"))
		if code != 400 || fieldMessage(res, "consent") == "" {
			t.Fatalf("got %d %+v, want the consent asked for", code, res.Error)
		}
	})

	t.Run("a hash of another text is refused: the disclosures changed", func(t *testing.T) {
		stale := v
		stale.Documents = append([]loans.Disclosure(nil), v.Documents...)
		stale.Documents[1].Hash = strings.Repeat("0", 64)
		code, res := sign(b, signInput(t, stale, true, "Pat Prime"))
		if code != 400 || fieldMessage(res, "documents") != loans.StaleDisclosures {
			t.Fatalf("got %d %+v, want %q at documents", code, res.Error, loans.StaleDisclosures)
		}
		// A document left out is asked for.
		short := v
		short.Documents = v.Documents[:3]
		code, res = sign(b, signInput(t, short, true, "Pat Prime"))
		if code != 400 || !strings.Contains(fieldMessage(res, "documents"), "What you should know") {
			t.Fatalf("got %d %+v, want the unread document named", code, res.Error)
		}
		if got := disclosuresOf(t, b); got.Signed || len(got.Signatures) != 0 {
			t.Fatalf("got %+v, want nothing recorded", got.Signatures)
		}
	})

	t.Run("an offer decided again on other terms makes the texts read stale", func(t *testing.T) {
		other := strings.Replace(signOffer, `"maxLine":100000`, `"maxLine":90000`, 1)
		if _, err := s.DB.CreateDecision(ctx, "heloc.offer.preview", loan.ID, []byte(`{}`), []byte(other), "test"); err != nil {
			t.Fatal(err)
		}
		code, res := sign(b, signInput(t, v, true, "Pat Prime"))
		if code != 400 || fieldMessage(res, "documents") != loans.StaleDisclosures {
			t.Fatalf("got %d %+v, want the stale texts refused", code, res.Error)
		}
		// Decided again a moment later (decisions are ordered by their
		// millisecond and then by id): the first terms are the latest again.
		now := s.DB.Now
		s.DB.Now = func() time.Time { return now().Add(time.Second) }
		defer func() { s.DB.Now = now }()
		if _, err := s.DB.CreateDecision(ctx, "heloc.offer.preview", loan.ID, []byte(`{}`), []byte(signOffer), "test"); err != nil {
			t.Fatal(err)
		}
	})

	t.Run("a valid signature records each document's hash, the time, address and browser", func(t *testing.T) {
		code, res := sign(b, signInput(t, v, true, "  pat   PRIME "))
		if code != 200 {
			t.Fatalf("got %d %+v", code, res.Error)
		}
		got := decode[loans.SignResult](t, res.Result.Data)
		if !got.Disclosures.Signed || got.Disclosures.People[0].SignedAt == nil || !got.Disclosures.People[0].SignedAt.Equal(now) {
			t.Fatalf("got %+v, want everything signed now", got.Disclosures.People)
		}
		if got.Application.ApplicationStatus == "disclosures" || got.Application.ApplicationStatus == "application3" {
			t.Errorf("got status %q, want it moved on past the sign page", got.Application.ApplicationStatus)
		}
		stored, err := s.DB.FindApplication(ctx, loan.ID)
		if err != nil {
			t.Fatal(err)
		}
		recs := stored.Application.Signatures
		if len(recs) != 5 {
			t.Fatalf("got %d records, want the consent and 4 documents", len(recs))
		}
		hashes := map[string]string{v.Consent.ID: v.Consent.Hash}
		for _, d := range v.Documents {
			hashes[d.ID] = d.Hash
		}
		for _, r := range recs {
			if r.Hash != hashes[r.DocumentID] || r.Version == "" || r.Party != "borrower" || r.Name != "pat PRIME" ||
				!r.SignedAt.Equal(now) || r.IP != "127.0.0.1" || r.UserAgent != "SignTest/1.0 (phone)" {
				t.Errorf("got record %+v", r)
			}
		}
		if l := loanOf(t, s, "prime@example.com"); l.ApplicationStatus != got.Application.ApplicationStatus {
			t.Errorf("got stored status %q", l.ApplicationStatus)
		}
		if again := disclosuresOf(t, b); !again.Signed || len(again.Signatures) != 5 || !again.Documents[0].Signed {
			t.Errorf("got %+v, want the page to show what was signed", again)
		}
	})

	t.Run("another applicant neither sees nor signs this loan's documents", func(t *testing.T) {
		other := s.browser(t)
		other.signIn("coborrower@example.com")
		resp, res := other.trpc("GET", "application.disclosures", "")
		if resp.StatusCode == 200 && strings.Contains(string(res.Result.Data), "Pat Prime") {
			t.Fatal("another applicant was shown this loan's documents")
		}
		if code, _ := sign(other, signInput(t, v, true, "Pat Prime")); code == 200 {
			t.Fatal("another applicant signed with this loan's texts")
		}
		anon := s.browser(t)
		if code, _ := sign(anon, signInput(t, v, true, "Pat Prime")); code != 401 {
			t.Fatalf("got %d, want 401 without a session", code)
		}
		stored, _ := s.DB.FindApplication(ctx, loan.ID)
		if len(stored.Application.Signatures) != 5 {
			t.Fatalf("got %d records, want this loan's untouched", len(stored.Application.Signatures))
		}
	})

	t.Run("after submission nothing is signed", func(t *testing.T) {
		if err := s.DB.UpdateLoanStatus(ctx, loan.ID, "applicationSubmitted"); err != nil {
			t.Fatal(err)
		}
		code, res := sign(b, signInput(t, v, true, "Pat Prime"))
		if code != 403 || res.Error.Data.Code != "FORBIDDEN" {
			t.Fatalf("got %d %+v, want 403", code, res.Error)
		}
		if got := disclosuresOf(t, b); !got.ReadOnly || !got.Signed {
			t.Fatalf("got read-only %v signed %v, want the signed texts shown read-only", got.ReadOnly, got.Signed)
		}
	})
}

func TestEachPersonOnTheLoanSigns(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	ctx := context.Background()
	b := s.browser(t)
	b.signIn("coborrower@example.com") // seeded with a spouse as coborrower
	loan := loanOf(t, s, "coborrower@example.com")
	co := coPersonalInfo("Cora", `"middleName":"Jane","suffix":"jr","email":"cora@example.com"`)
	if code, res := saveSection(b, "/app/application/1", `{"user":`+personalInfo+`,"coborrower":`+co+`}`); code != 200 {
		t.Fatalf("got %d %+v", code, res.Error)
	}
	if _, err := s.DB.CreateDecision(ctx, "heloc.offer.preview", loan.ID, []byte(`{}`), []byte(signOffer), "test"); err != nil {
		t.Fatal(err)
	}
	if err := s.DB.UpdateLoanStatus(ctx, loan.ID, "disclosures"); err != nil {
		t.Fatal(err)
	}
	v := disclosuresOf(t, b)
	if len(v.People) != 2 || v.People[1].Party != "coborrower" || v.People[1].Name != "Cora Jane Prime Jr." {
		t.Fatalf("got %+v, want the borrower then the coborrower by full legal name", v.People)
	}
	if !strings.Contains(v.Documents[0].Body, "Pat Prime and Cora Jane Prime Jr.") {
		t.Error("the agreement does not name both people")
	}
	// Each signs for themselves: the borrower's session signs the
	// borrower's part only, and is refused the coborrower's.
	code, res := sign(b, signInput(t, v, true, "Pat Prime", "cora jane prime jr"))
	if code != 403 || fieldMessage(res, "signatures.1.party") == "" {
		t.Fatalf("got %d %+v, want the coborrower's signature refused to the borrower", code, res.Error)
	}
	code, res = sign(b, signInput(t, v, true, "Pat Prime"))
	if code != 200 {
		t.Fatalf("got %d %+v", code, res.Error)
	}
	got := decode[loans.SignResult](t, res.Result.Data)
	if got.Disclosures.Signed || len(got.Disclosures.Signatures) != 5 || got.Disclosures.People[1].SignedAt != nil {
		t.Fatalf("got signed %v with %d records, want the borrower's 5 and the coborrower still to sign", got.Disclosures.Signed, len(got.Disclosures.Signatures))
	}
	// The offer decided again after the borrower signed (as the coborrower's
	// credit check does when her score prices the line higher): the
	// borrower's signature no longer counts, and the view says when she
	// signed and which documents changed.
	if got.Disclosures.People[0].SignedAt == nil || got.Disclosures.People[0].SignedEarlierAt != nil {
		t.Fatalf("got %+v, want the borrower signed and nothing earlier", got.Disclosures.People[0])
	}
	signedAt := *got.Disclosures.People[0].SignedAt
	dearer := strings.Replace(signOffer, `"apr":8.25`, `"apr":9.5`, 1)
	if _, err := s.DB.CreateDecision(ctx, "heloc.offer.preview", loan.ID, []byte(`{}`), []byte(dearer), "test"); err != nil {
		t.Fatal(err)
	}
	again := disclosuresOf(t, b)
	pat := again.People[0]
	if pat.SignedAt != nil || pat.SignedEarlierAt == nil || !pat.SignedEarlierAt.Equal(signedAt) || len(pat.Changed) == 0 || slices.Contains(pat.Changed, again.Consent.Title) {
		t.Fatalf("got %+v, want the borrower asked again, told she signed at %v and which documents (not the consent) changed", pat, signedAt)
	}
	code, res = sign(b, signInput(t, again, true, "Pat Prime"))
	if code != 200 {
		t.Fatalf("signing again: got %d %+v", code, res.Error)
	}
	v = again
	c := inviteCoborrower(t, s, b, "cora@example.com")
	in := strings.Replace(signInput(t, v, true, "Cora Prime"), `"party":"borrower"`, `"party":"coborrower"`, 1)
	if resp, res := c.trpc("POST", "coborrower.sign", in); resp.StatusCode != 400 || !strings.Contains(fieldMessage(res, "signatures.0.name"), "Cora Jane Prime Jr.") {
		t.Fatalf("got %d %+v, want her full legal name asked for", resp.StatusCode, res.Error)
	}
	in = strings.Replace(signInput(t, v, true, "cora jane prime jr"), `"party":"borrower"`, `"party":"coborrower"`, 1)
	if resp, res := c.trpc("POST", "coborrower.sign", in); resp.StatusCode != 200 {
		t.Fatalf("got %d %+v", resp.StatusCode, res.Error)
	}
	if after := disclosuresOf(t, b); !after.Signed || len(after.Signatures) != 5+len(pat.Changed)+5 || after.People[0].SignedEarlierAt != nil {
		t.Fatalf("got signed %v with %d records, want the borrower's 5 and the %d changed again, and the coborrower's 5", after.Signed, len(after.Signatures), len(pat.Changed))
	}
}
