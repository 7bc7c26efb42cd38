package web_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/web"
)

type estimate struct {
	Eligibility struct {
		DecisionID     string  `json:"decisionId"`
		Eligible       bool    `json:"eligible"`
		IneligiblePage *string `json:"ineligiblePage"`
		Outcome        string  `json:"outcome"`
		Reasons        []struct{ Code string }
	}
	Offer struct {
		DecisionID string  `json:"decisionId"`
		MaxLine    float64 `json:"maxLine"`
		APR        float64 `json:"apr"`
	}
}

func TestEstimateDecidesAndRecords(t *testing.T) {
	s := MustOpenServer(t, web.Config{Now: func() time.Time { return time.Date(2026, 11, 22, 15, 0, 0, 0, time.UTC) }})
	post := func(t *testing.T, body string) (*http.Response, []byte) {
		return s.do(t, request{method: "POST", path: "/api/trpc/prequal.estimate", body: body})
	}

	t.Run("a homeowner with equity and a good score gets an offer", func(t *testing.T) {
		resp, body := post(t, `{"propertyValue":850000,"mortgageBalance":312000,"creditScore":790,"propertyUsage":"primaryResidence","propertyState":"CA"}`)
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("got %d %s", resp.StatusCode, body)
		}
		got := decode[estimate](t, decode[wireResult](t, body).Result.Data)
		if !got.Eligibility.Eligible || got.Offer.MaxLine <= 0 || got.Offer.APR <= 0 {
			t.Fatalf("got %+v, want eligible with a line and an APR", got)
		}
		d, err := s.DB.FindDecision(context.Background(), got.Offer.DecisionID)
		if err != nil {
			t.Fatal(err)
		}
		if d.Entrypoint != "heloc.offer.preview" || len(d.Revision) != 64 || !strings.Contains(string(d.Input), `"today":"2026-11-22"`) {
			t.Fatalf("got stored decision %+v, want the offer with its revision and dated input", d)
		}
	})
	t.Run("an underwater home on self-reported answers may not qualify: no decline, no page, no line", func(t *testing.T) {
		_, body := post(t, `{"propertyValue":300000,"mortgageBalance":320000,"creditScore":760,"propertyUsage":"primaryResidence"}`)
		got := decode[estimate](t, decode[wireResult](t, body).Result.Data)
		if got.Eligibility.Eligible || got.Eligibility.IneligiblePage != nil || got.Eligibility.Outcome != "mayNotQualify" || got.Offer.MaxLine != 0 {
			t.Fatalf("got %+v, want mayNotQualify with no page and no line", got)
		}
		d, err := s.DB.FindDecision(context.Background(), got.Eligibility.DecisionID)
		if err != nil || !strings.Contains(string(d.Input), `"creditSource":"selfReported"`) || !strings.Contains(string(d.Input), `"stage":"estimate"`) {
			t.Fatalf("got %+v %v, want the self-reported facts at the estimate stage recorded", d, err)
		}
	})
	t.Run("a value and balance not given yet are named as missing, never taken as zero", func(t *testing.T) {
		resp, body := post(t, `{"creditRange":"excellent","propertyUsage":"primaryResidence"}`)
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("got %d %s", resp.StatusCode, body)
		}
		got := decode[estimate](t, decode[wireResult](t, body).Result.Data)
		if got.Eligibility.Outcome != "notDecided" || got.Eligibility.IneligiblePage != nil || len(got.Eligibility.Reasons) != 1 || got.Eligibility.Reasons[0].Code != "NOT_DECIDED" {
			t.Fatalf("got %+v, want notDecided", got)
		}
		d, err := s.DB.FindDecision(context.Background(), got.Eligibility.DecisionID)
		if err != nil || !strings.Contains(string(d.Input), `"propertyValue":null`) || !strings.Contains(string(d.Input), `"mortgageBalance":null`) {
			t.Fatalf("got %s %v, want the value and the balance sent as null", d.Input, err)
		}
		if !strings.Contains(string(d.Result), `"fact":"propertyValue"`) || !strings.Contains(string(d.Result), `"fact":"mortgageBalance"`) {
			t.Fatalf("got %s, want both named missing", d.Result)
		}
	})
	t.Run("a bad answer is named at its field", func(t *testing.T) {
		resp, body := post(t, `{"propertyValue":-5,"mortgageBalance":0,"propertyUsage":"primaryResidence"}`)
		e := decode[wireResult](t, body).Error
		if resp.StatusCode != http.StatusBadRequest || e == nil || len(e.Data.Fields) == 0 || e.Data.Fields[0].Path != "propertyValue" {
			t.Fatalf("got %d %s, want 400 naming propertyValue", resp.StatusCode, body)
		}
	})
	t.Run("without the human check nothing is decided", func(t *testing.T) {
		resp, _ := s.do(t, request{method: "POST", path: "/api/trpc/prequal.estimate", body: `{}`, headers: map[string]string{"X-Recaptcha-Token": ""}})
		if resp.StatusCode != http.StatusForbidden {
			t.Fatalf("got %d, want 403", resp.StatusCode)
		}
	})
}

// saveAt saves answers as the page at path would.
func saveAt(b *browser, path, answers string) (*http.Response, wireResult) {
	b.t.Helper()
	return b.trpc("POST", "prequal.save", `{"path":"`+path+`","answers":`+answers+`}`)
}

type savedAnswers struct {
	Answers           domain.PrequalAnswers `json:"answers"`
	ApplicationStatus *string               `json:"applicationStatus"`
}

func answersOf(t *testing.T, b *browser) savedAnswers {
	t.Helper()
	resp, res := b.trpc("GET", "prequal.answers", "")
	if resp.StatusCode != 200 {
		t.Fatalf("prequal.answers: got %d %+v", resp.StatusCode, res.Error)
	}
	return decode[savedAnswers](t, res.Result.Data)
}

func TestSaveAnswers(t *testing.T) {
	s := MustOpenServer(t, web.Config{Now: func() time.Time { return time.Date(2026, 11, 22, 15, 0, 0, 0, time.UTC) }})
	b := s.browser(t)
	b.signIn("thin-file@example.com") // seeded at creditScore (order 8)

	t.Run("a bad answer is named at answers.<field> and nothing moves", func(t *testing.T) {
		for _, tc := range []struct{ answers, path string }{
			{`{"propertyValue":-5}`, "answers.propertyValue"},
			{`{"propertyValue":0}`, "answers.propertyValue"},
			{`{"zip":"9411"}`, "answers.zip"},
			{`{"zip":"00000"}`, "answers.zip"}, // a ZIP code of no state: a slip, not the waitlist
			{`{"creditRange":"superb"}`, "answers.creditRange"},
			{`{"coborrower":{"firstName":"A\u0000B","lastName":"C","email":"c@example.com","relationship":"spouse"}}`, "answers.coborrower.firstName"},
			{`{"coborrower":{"firstName":"A","lastName":"` + strings.Repeat("x", 101) + `","email":"c@example.com","relationship":"spouse"}}`, "answers.coborrower.lastName"},
			{`{"annualIncome":9223372036854775807}`, "answers.annualIncome"},
			{`{"ssn":"123450002"}`, "answers.ssn"},
		} {
			resp, res := saveAt(b, "/app/initial-setup/mortgage-balance", tc.answers)
			if resp.StatusCode != 400 || res.Error == nil || len(res.Error.Data.Fields) == 0 || res.Error.Data.Fields[0].Path != tc.path || res.Error.Data.Fields[0].Message == "" {
				t.Errorf("%s: got %d %+v, want 400 naming %s", tc.answers, resp.StatusCode, res.Error, tc.path)
			}
		}
		if got := answersOf(t, b); *got.ApplicationStatus != "creditScore" || *got.Answers.PropertyValue != 410000 {
			t.Fatalf("got %+v, want the seeded status and answers untouched", got)
		}
	})
	t.Run("a save merges and keeps every other answer", func(t *testing.T) {
		resp, res := saveAt(b, "/app/initial-setup/property-value", `{"propertyValue":455000,"valuationAccepted":false}`)
		if resp.StatusCode != 200 {
			t.Fatalf("got %d %+v", resp.StatusCode, res.Error)
		}
		got := decode[savedAnswers](t, res.Result.Data)
		if *got.Answers.PropertyValue != 455000 || *got.Answers.ValuationAccepted || got.Answers.AnnualIncome == nil || *got.Answers.AnnualIncome != 88000 {
			t.Fatalf("got %+v, want the new value and the income kept", got.Answers)
		}
		if *got.ApplicationStatus != "creditScore" {
			t.Fatalf("got status %q, want creditScore kept: an earlier page never moves it back", *got.ApplicationStatus)
		}
	})
	t.Run("a later page moves the status forward", func(t *testing.T) {
		_, res := saveAt(b, "/app/initial-setup/mortgage-balance", `{"mortgages":[{"id":"thin-file-m1","confirmed":true,"balance":179000,"creditor":"Buckeye Mortgage Company"}]}`)
		if res.Error != nil {
			t.Fatalf("got %+v", res.Error)
		}
		// The status is the step reached: the page after mortgage balances is
		// the income and debts, of the same step; after them, the preview offer (issue 22).
		if got := answersOf(t, b); *got.ApplicationStatus != "mortgageBalance" || got.Answers.Mortgages[0].Balance != 179000 {
			t.Fatalf("got %+v, want mortgageBalance and the corrected balance", got)
		}
		if _, res := saveAt(b, "/app/initial-setup/credit-income", `{"annualIncome":88000,"monthlyDebts":900}`); res.Error != nil {
			t.Fatalf("got %+v", res.Error)
		}
		if got := answersOf(t, b); *got.ApplicationStatus != "previewOffer" {
			t.Fatalf("got %+v, want previewOffer", got)
		}
		// A page beside the flow (the estimate) moves nothing back.
		saveAt(b, "/app/initial-setup/pre-offer", `{"desiredAmount":60000}`)
		if got := answersOf(t, b); *got.ApplicationStatus != "previewOffer" || *got.Answers.DesiredAmount != 60000 {
			t.Fatalf("got %+v", got)
		}
	})
	t.Run("continuing from the preview offer reaches the application's first page", func(t *testing.T) {
		if _, res := saveAt(b, "/app/initial-setup/preview-offer", `{"desiredAmount":60000}`); res.Error != nil {
			t.Fatalf("got %+v", res.Error)
		}
		if got := answersOf(t, b); *got.ApplicationStatus != "application" {
			t.Fatalf("got %q, want application: a refresh on Personal Info stays there", *got.ApplicationStatus)
		}
	})
	t.Run("income is sealed in the database and out of the pages' decisions", func(t *testing.T) {
		saveAt(b, "/app/initial-setup/credit-income", `{"annualIncome":123987,"monthlyDebts":456}`)
		b.trpc("GET", "funnel.pages", `{"path":"/app/initial-setup/zip"}`)
		loan := loanOf(t, s, "thin-file@example.com")
		d, err := s.DB.LatestDecision(context.Background(), loan.ID, "heloc.funnel.pages")
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(d.Input), "123987") || strings.Contains(string(d.Input), "annualIncome") {
			t.Fatalf("got pages input %s, want only the yes/no answers", d.Input)
		}
		if *loan.Answers.AnnualIncome != 123987 {
			t.Fatalf("got %+v", loan.Answers)
		}
	})
	t.Run("answers need the applicant's session", func(t *testing.T) {
		anon := s.browser(t)
		if resp, _ := anon.trpc("GET", "prequal.answers", ""); resp.StatusCode != 401 {
			t.Fatalf("got %d, want 401", resp.StatusCode)
		}
		if resp, _ := saveAt(anon, "/app/initial-setup/zip", `{"desiredAmount":1}`); resp.StatusCode != 401 {
			t.Fatalf("got %d, want 401", resp.StatusCode)
		}
	})
	t.Run("another applicant reads only their own answers", func(t *testing.T) {
		other := s.browser(t)
		other.signIn("low-equity@example.com")
		got := answersOf(t, other)
		if *got.Answers.PropertyValue != 380000 || *got.Answers.AnnualIncome == 123987 {
			t.Fatalf("got %+v, want low-equity's own answers", got.Answers)
		}
	})
}

func loanOf(t testing.TB, s *testServer, email string) *domain.Loan {
	t.Helper()
	a, err := s.DB.FindApplicantByEmail(context.Background(), email)
	if err != nil {
		t.Fatal(err)
	}
	l, err := s.DB.FindLoanByApplicant(context.Background(), a.ID)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func TestEstimateFromACreditRange(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	for _, tc := range []struct {
		creditRange string
		eligible    bool
	}{{"excellent", true}, {"poor", false}} {
		resp, body := s.do(t, request{method: "POST", path: "/api/trpc/prequal.estimate",
			body: `{"propertyValue":850000,"mortgageBalance":312000,"creditRange":"` + tc.creditRange + `","propertyUsage":"primaryResidence"}`})
		if resp.StatusCode != 200 {
			t.Fatalf("got %d %s", resp.StatusCode, body)
		}
		got := decode[struct {
			estimate
			CreditScore *int `json:"creditScore"`
		}](t, decode[wireResult](t, body).Result.Data)
		if got.Eligibility.Eligible != tc.eligible || got.CreditScore == nil {
			t.Fatalf("%s: got %+v, want eligible %v with the table's score", tc.creditRange, got, tc.eligible)
		}
		if !tc.eligible && (got.Eligibility.IneligiblePage != nil || got.Eligibility.Outcome != "mayNotQualify") {
			t.Fatalf("got %+v, want mayNotQualify and no page: a self-reported range never declines", got.Eligibility)
		}
	}
}

// A signed-in homeowner's estimate on a self-reported range that would not
// qualify stores no adverse-action notice: nothing was declined.
func TestASelfReportedEstimateNeverStoresANotice(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	b := s.browser(t)
	b.signIn("prime@example.com")
	resp, res := b.trpc("POST", "prequal.estimate", `{"propertyValue":300000,"mortgageBalance":320000,"creditRange":"poor","propertyUsage":"primaryResidence"}`)
	if resp.StatusCode != 200 {
		t.Fatalf("got %d %+v", resp.StatusCode, res.Error)
	}
	if got := decode[estimate](t, res.Result.Data); got.Eligibility.Eligible || got.Eligibility.IneligiblePage != nil || got.Eligibility.Outcome != "mayNotQualify" {
		t.Fatalf("got %+v, want mayNotQualify with no page", got.Eligibility)
	}
	if _, res := b.trpc("GET", "prequal.adverseAction", ""); res.Error != nil || string(res.Result.Data) != "null" {
		t.Fatalf("got %+v, want no notice", res)
	}
	if _, err := s.DB.LatestAdverseActionNotice(context.Background(), loanOf(t, s, "prime@example.com").ID); domain.ErrorCode(err) != domain.ENOTFOUND {
		t.Fatalf("got %v, want no notice stored", err)
	}
}

// A page the server's funnel variant leaves out moves no status: without
// property usage (FUNNEL_VARIANT=withoutPropertyUsage) a save at
// /app/initial-setup/property-usage keeps its answer but not its step.
func TestSaveMovesNoStatusForAPageTheVariantLeavesOut(t *testing.T) {
	for _, tc := range []struct {
		variant, want string
	}{
		{"standard", "creditScore"}, // the page after property use: the credit check
		{"withoutPropertyUsage", "mortgageEstimate"},
	} {
		t.Run(tc.variant, func(t *testing.T) {
			s := MustOpenServer(t, web.Config{FunnelVariant: tc.variant})
			b := s.browser(t)
			b.signIn("low-equity@example.com") // seeded at mortgageEstimate (order 2)
			if resp, res := saveAt(b, "/app/initial-setup/property-usage", `{"propertyUsage":"secondHome"}`); resp.StatusCode != 200 {
				t.Fatalf("got %d %+v", resp.StatusCode, res.Error)
			}
			got := answersOf(t, b)
			if *got.ApplicationStatus != tc.want || got.Answers.PropertyUsage == nil || *got.Answers.PropertyUsage != "secondHome" {
				t.Fatalf("got status %q and usage %v, want %q and the answer kept", *got.ApplicationStatus, got.Answers.PropertyUsage, tc.want)
			}
		})
	}
}

// prequal.knockout decides a visitor's first /prequal answers on the
// server: a home listed for sale is refused with the rule's reason, one not
// listed goes on, an answer of the wrong type is refused at its field.
func TestKnockoutDecidesListedForSale(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	post := func(t *testing.T, body string) (*http.Response, []byte) {
		return s.do(t, request{method: "POST", path: "/api/trpc/prequal.knockout", body: body})
	}
	type result struct {
		Outcome        string  `json:"outcome"`
		IneligiblePage *string `json:"ineligiblePage"`
		Reasons        []struct{ Code, Message string }
	}
	resp, body := post(t, `{"listedForSale":true}`)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("got %d %s", resp.StatusCode, body)
	}
	got := decode[result](t, decode[wireResult](t, body).Result.Data)
	if got.Outcome != "ineligible" || len(got.Reasons) != 1 || got.Reasons[0].Code != "LISTED_FOR_SALE" || !strings.Contains(got.Reasons[0].Message, "listed for sale") {
		t.Fatalf("got %+v, want the listing refused with its reason", got)
	}
	_, body = post(t, `{"listedForSale":false,"fbm":{"foreclosure":false,"bankruptcy":false,"modification":false}}`)
	if got := decode[result](t, decode[wireResult](t, body).Result.Data); got.Outcome != "eligible" {
		t.Fatalf("got %+v, want a home not listed to go on", got)
	}
	if resp, body := post(t, `{"listedForSale":"maybe"}`); resp.StatusCode != http.StatusBadRequest || !strings.Contains(string(body), "listedForSale") {
		t.Fatalf("got %d %s, want the answer refused at its field", resp.StatusCode, body)
	}
}
