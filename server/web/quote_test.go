package web_test

import (
	"context"
	"database/sql"
	"path/filepath"
	"strings"
	"testing"
	"time"

	_ "github.com/mattn/go-sqlite3"

	"github.com/heloc/heloc/server/servicetest"
	"github.com/heloc/heloc/server/web"
)

var quoteDay = time.Date(2026, 11, 22, 15, 0, 0, 0, time.UTC)

// creditVersion is the credit-check authorization in force
// (data.heloc.consents.current), as the credit-score page shows it.
func creditVersion(t *testing.T, _ *browser) string {
	t.Helper()
	return servicetest.ConsentVersion(t, "creditAuthorization")
}

type creditReport struct {
	Kind            string
	Score           *int
	CoborrowerScore *int
	KeyFactors      []string
	Bureau          struct{ Name string }
	Mortgages       []struct {
		ID              string
		LatePaymentDays int
	}
}

func creditCheck(t *testing.T, b *browser, party, ssn string) creditReport {
	t.Helper()
	resp, res := b.trpc("POST", "prequal.creditCheck", `{"party":"`+party+`","dateOfBirth":"1980-04-12","ssn":"`+ssn+`","authorizationVersion":"`+creditVersion(t, b)+`"}`)
	if resp.StatusCode != 200 {
		t.Fatalf("credit check: got %d %+v", resp.StatusCode, res.Error)
	}
	if strings.Contains(string(res.Result.Data), ssn) || strings.Contains(string(res.Result.Data), "1980-04-12") {
		t.Fatalf("got %s, want neither SSN nor date of birth in the answer", res.Result.Data)
	}
	return decode[creditReport](t, res.Result.Data)
}

func TestCreditCheckSealsAndNeverEchoes(t *testing.T) {
	dsn := filepath.Join(t.TempDir(), "credit.db")
	s := mustOpenServerAt(t, web.Config{Now: func() time.Time { return quoteDay }}, dsn)
	b := s.browser(t)
	b.signIn("prime@example.com")

	if _, res := b.trpc("GET", "prequal.creditReport", ""); res.Error != nil || string(res.Result.Data) != "null" {
		t.Fatalf("got %+v, want null before a pull", res)
	}
	r := creditCheck(t, b, "borrower", "123450001")
	if r.Kind != "singleCredit" || r.Score == nil || *r.Score != 790 || r.Bureau.Name == "" || len(r.KeyFactors) == 0 {
		t.Fatalf("got %+v, want prime's report", r)
	}
	if _, res := b.trpc("GET", "prequal.creditReport", ""); res.Error != nil || decode[creditReport](t, res.Result.Data).Score == nil {
		t.Fatalf("got %+v, want the report again", res)
	}

	db, err := sql.Open("sqlite3", dsn+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var row string
	if err := db.QueryRow(`SELECT report || ssn || date_of_birth || authorization_version FROM credit_reports`).Scan(&row); err != nil {
		t.Fatal(err)
	}
	for _, plain := range []string{"123450001", "1980-04-12", "Golden Gate"} {
		if strings.Contains(row, plain) {
			t.Fatalf("got %q in the stored row, want it sealed", plain)
		}
	}
	if strings.Contains(s.log.String(), "123450001") {
		t.Fatal("got the SSN in the logs")
	}

	t.Run("a stale authorization or a bad SSN is refused at its field", func(t *testing.T) {
		for _, tc := range []struct{ input, path string }{
			{`{"party":"borrower","dateOfBirth":"1980-04-12","ssn":"123450001","authorizationVersion":"credit-1999-01"}`, "authorizationVersion"},
			{`{"party":"borrower","dateOfBirth":"1980-04-12","ssn":"000450001","authorizationVersion":"x"}`, "ssn"},
			{`{"party":"borrower","dateOfBirth":"1980-02-31","ssn":"123450001","authorizationVersion":"x"}`, "dateOfBirth"},
			{`{"party":"borrower","dateOfBirth":"2030-01-01","ssn":"123450001","authorizationVersion":"` + creditVersion(t, b) + `"}`, "dateOfBirth"},
			{`{"party":"borrower","dateOfBirth":"1900-01-01","ssn":"123450001","authorizationVersion":"` + creditVersion(t, b) + `"}`, "dateOfBirth"},
		} {
			resp, res := b.trpc("POST", "prequal.creditCheck", tc.input)
			if resp.StatusCode != 400 || len(res.Error.Data.Fields) == 0 || res.Error.Data.Fields[0].Path != tc.path || strings.Contains(res.Error.Message, "123450001") {
				t.Errorf("%s: got %d %+v, want 400 at %s", tc.input, resp.StatusCode, res.Error, tc.path)
			}
		}
	})
	t.Run("no session, no pull", func(t *testing.T) {
		resp, _ := s.browser(t).trpc("POST", "prequal.creditCheck", `{"party":"borrower","dateOfBirth":"1980-04-12","ssn":"123450001","authorizationVersion":"x"}`)
		if resp.StatusCode != 401 {
			t.Fatalf("got %d, want 401", resp.StatusCode)
		}
	})
}

// The coborrower's file is pulled under their own authorization, in their
// own sign-in (issue 23): the borrower's session is refused it; the
// coborrower's authorization pulls it, joint with a spouse, and the loan's
// report has both scores.
func TestCoborrowerJointPull(t *testing.T) {
	s := MustOpenServer(t, web.Config{Now: func() time.Time { return quoteDay }})
	b := s.browser(t)
	b.signIn("coborrower@example.com") // seeded with a spouse as coborrower
	creditCheck(t, b, "borrower", "123450006")
	resp, res := b.trpc("POST", "prequal.creditCheck", `{"party":"coborrower","dateOfBirth":"1980-04-12","ssn":"123450016","authorizationVersion":"`+creditVersion(t, b)+`"}`)
	if resp.StatusCode != 403 || !strings.Contains(res.Error.Message, "Amara Okafor authorizes their own credit check") {
		t.Fatalf("got %d %+v, want the borrower's session refused the coborrower's pull", resp.StatusCode, res.Error)
	}
	co := strings.Replace(coPersonalInfo("Amara", `"email":"amara.okafor@example.com"`), `"lastName":"Prime"`, `"lastName":"Okafor"`, 1)
	if code, res := saveSection(b, "/app/application/1", `{"user":`+personalInfo+`,"coborrower":`+co+`}`); code != 200 {
		t.Fatalf("page 1: got %d %+v", code, res.Error)
	}
	c := inviteCoborrower(t, s, b, "amara.okafor@example.com")
	authorizeAs(t, c, "123450016")
	_, res = b.trpc("GET", "prequal.creditReport", "")
	r := decode[creditReport](t, res.Result.Data)
	if r.Kind != "jointCredit" || *r.Score != 768 || r.CoborrowerScore == nil || *r.CoborrowerScore != 742 {
		t.Fatalf("got %+v, want a joint report with both scores", r)
	}
	if strings.Contains(string(res.Result.Data), "123450016") || strings.Contains(string(res.Result.Data), "1982-07-15") {
		t.Fatalf("got %s, want neither the SSN nor the date of birth answered back", res.Result.Data)
	}
	// The offer is decided again on both reports at once: the terms the pages,
	// the disclosures and the submission read from then on.
	d, err := s.DB.LatestDecision(context.Background(), loanOf(t, s, "coborrower@example.com").ID, "heloc.offer.preview")
	if err != nil || !strings.Contains(string(d.Input), `"coborrower":742`) {
		t.Fatalf("got %v, %v, want the latest offer decided with the coborrower's score", d, err)
	}
	// Worse terms than the borrower was shown (the lower score is priced
	// higher): the borrower is told, by e-mail, what changed and why.
	m, ok := s.Outbox.Latest("coborrower@example.com")
	if !ok || !strings.Contains(m.Subject, "your preview offer changed after Amara Okafor's credit check") ||
		!strings.Contains(m.Text, "APR: ") || !strings.Contains(m.Text, "(it was ") {
		t.Fatalf("got %+v, want the borrower told of the new terms beside the old", m)
	}
}

type quoteResult struct {
	Eligibility struct {
		DecisionID     string
		Eligible       bool
		IneligiblePage *string
		Reasons        []struct{ Code, Message string }
	}
	Offer         map[string]any
	AdverseAction *struct {
		NoticeID   string
		Reasons    []string
		Score      *int
		ScoreRange struct{ Min, Max int }
		ScoreDate  string
		KeyFactors []string
		Bureau     struct{ Name, Address, Phone, Website string }
		Creditor   struct{ Name, Address, NMLSID string }
	}
}

func TestQuoteDecidesOnTheBureausData(t *testing.T) {
	s := MustOpenServer(t, web.Config{Now: func() time.Time { return quoteDay }})
	for _, tc := range []struct {
		persona, ssn string
		page         string // "" for an offer
		reason       string
	}{
		{"prime", "123450001", "", ""},
		{"low-equity", "123450004", "low-equity", "LOW_EQUITY"},
		{"thin-file", "123450002", "boost", "NO_CREDIT_SCORE"},
		{"low-score", "123450007", "boost", "CREDIT_SCORE_BELOW_MINIMUM"},
		{"late-payment", "123450003", "late-payment", "RECENT_LATE_MORTGAGE_PAYMENT"},
	} {
		t.Run(tc.persona, func(t *testing.T) {
			email := tc.persona + "@example.com"
			b := s.browser(t)
			b.signIn(email)
			if _, res := b.trpc("GET", "quote.current", `{"email":"`+email+`"}`); res.Error != nil || string(res.Result.Data) != "null" {
				t.Fatalf("got %+v, want null before the credit check", res)
			}
			creditCheck(t, b, "borrower", tc.ssn)
			resp, res := b.trpc("GET", "quote.current", `{"email":"`+strings.ToUpper(email)+`","fetchOriginationFee":true}`)
			if resp.StatusCode != 200 {
				t.Fatalf("got %d %+v", resp.StatusCode, res.Error)
			}
			q := decode[quoteResult](t, res.Result.Data)
			if tc.page == "" {
				if !q.Eligibility.Eligible || q.AdverseAction != nil || q.Offer["maxLine"].(float64) <= 0 || q.Offer["apr"].(float64) <= 0 || q.Offer["originationFee"] == nil || q.Offer["drawPeriodYears"] == nil {
					t.Fatalf("got %+v, want an offer with its numbers", q)
				}
				_, res := b.trpc("GET", "quote.current", `{"email":"`+email+`"}`)
				if _, fee := decode[quoteResult](t, res.Result.Data).Offer["originationFee"]; fee {
					t.Fatal("got the origination fee without fetchOriginationFee")
				}
				return
			}
			if q.Eligibility.Eligible || q.Eligibility.IneligiblePage == nil || *q.Eligibility.IneligiblePage != tc.page || q.Eligibility.Reasons[0].Code != tc.reason {
				t.Fatalf("got %+v, want %s for %s", q.Eligibility, tc.page, tc.reason)
			}
			n := q.AdverseAction
			if n == nil || n.NoticeID == "" || len(n.Reasons) == 0 || n.ScoreRange.Max != 850 || n.ScoreDate != "2026-11-22" || len(n.KeyFactors) == 0 ||
				n.Bureau.Name == "" || n.Bureau.Phone == "" || n.Creditor.Name == "" || n.Creditor.NMLSID == "" || n.Creditor.Address == "" {
				t.Fatalf("got notice %+v, want reasons, score, bureau and creditor", n)
			}
			_, res = b.trpc("GET", "prequal.adverseAction", "")
			again := decode[quoteResult](t, []byte(`{"adverseAction":`+string(res.Result.Data)+`}`)).AdverseAction
			if again == nil || again.NoticeID != n.NoticeID {
				t.Fatalf("got %+v, want the same notice again", again)
			}
			_, res = b.trpc("GET", "quote.current", `{"email":"`+email+`"}`)
			if decode[quoteResult](t, res.Result.Data).AdverseAction.NoticeID != n.NoticeID {
				t.Fatal("got a second notice for the same decision")
			}
		})
	}
	t.Run("a quote is the applicant's own", func(t *testing.T) {
		b := s.browser(t)
		b.signIn("thin-file@example.com")
		if resp, res := b.trpc("GET", "quote.current", `{"email":"prime@example.com"}`); resp.StatusCode != 403 {
			t.Fatalf("got %d %+v, want 403", resp.StatusCode, res)
		}
	})
	t.Run("without the home's value nothing is decided and no notice is made", func(t *testing.T) {
		// The /prequal path: no page asked the home's value. The sandbox
		// gives anyone who is not a persona its standard file.
		b := s.browser(t)
		if resp, res := b.trpc("POST", "identity.createAccount", `{"email":"no-value@example.com","firstName":"Noa","lastName":"Value","phone":null,`+agreed+`}`); resp.StatusCode != 200 {
			t.Fatalf("create account: got %d %+v", resp.StatusCode, res.Error)
		}
		b.signIn("no-value@example.com")
		creditCheck(t, b, "borrower", "123450099")
		_, res := b.trpc("GET", "quote.current", `{"email":"no-value@example.com"}`)
		q := decode[struct {
			Eligibility struct {
				DecisionID     string
				Eligible       bool
				IneligiblePage *string
				Outcome        string
				Missing        []struct{ Fact, Label string }
			}
			Offer         struct{ Outcome string }
			AdverseAction any
		}](t, res.Result.Data)
		named := false
		for _, m := range q.Eligibility.Missing {
			named = named || m.Fact == "propertyValue" && m.Label != ""
		}
		if q.Eligibility.Eligible || q.Eligibility.IneligiblePage != nil || q.Eligibility.Outcome != "notDecided" || !named || q.AdverseAction != nil {
			t.Fatalf("got %+v, want notDecided naming the home's value, with no page and no notice", q)
		}
		if _, res := b.trpc("GET", "prequal.adverseAction", ""); string(res.Result.Data) != "null" {
			t.Fatalf("got notice %s, want none stored", res.Result.Data)
		}
		d, err := s.DB.FindDecision(context.Background(), q.Eligibility.DecisionID)
		if err == nil && strings.Contains(string(d.Input), `"propertyValue":0`) {
			t.Fatalf("got input %s, want the value sent as null, never 0", d.Input)
		}
	})
	t.Run("a confirmed correction decides", func(t *testing.T) {
		b := s.browser(t)
		b.signIn("late-payment@example.com")
		// The homeowner says the late mortgage is no lien on this home and
		// adds the one that is.
		saveAt(b, "/app/initial-setup/mortgage-balance", `{"mortgages":[{"id":"late-payment-m1","confirmed":false,"balance":240000,"creditor":"Suncoast Mortgage Servicing"},{"id":"added-1","confirmed":true,"balance":200000,"creditor":"Other Bank","addedByUser":true}]}`)
		_, res := b.trpc("GET", "quote.current", `{"email":"late-payment@example.com"}`)
		if q := decode[quoteResult](t, res.Result.Data); !q.Eligibility.Eligible {
			t.Fatalf("got %+v, want eligible on the corrected mortgages", q.Eligibility)
		}
	})
}
