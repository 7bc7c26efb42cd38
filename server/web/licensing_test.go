package web_test

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/heloc/heloc/server/web"
)

// agreed is what the account form sends with the two consents an account
// needs, naming the wording consents.current shows today
// (rules/heloc/consents/tables/data.yaml); TestConsentsCurrent fails first
// when the wording moves on.
const agreed = `"eConsent":true,"informationSharingConsent":true,` +
	`"consentVersions":{"eConsent":"esign-2026-11","informationSharing":"sharing-2026-11"}`

// agreedWithCalls adds the consent to calls and texts.
const agreedWithCalls = `"eConsent":true,"informationSharingConsent":true,"tcpaConsent":true,` +
	`"consentVersions":{"eConsent":"esign-2026-11","informationSharing":"sharing-2026-11","tcpa":"tcpa-2026-11"}`

type lookupResult struct {
	Zip       *string `json:"zip"`
	State     *string `json:"state"`
	StateName *string `json:"stateName"`
	Licensed  bool    `json:"licensed"`
	OpensOn   *string `json:"opensOn"`
}

func TestLicensingLookup(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	b := s.browser(t)
	tests := []struct {
		zip, state, name string
		licensed         bool
		opensOn          string
	}{
		{"94110", "CA", "California", true, ""},
		{"10001", "NY", "New York", false, "2027-03-01"},
		{"02108", "MA", "Massachusetts", false, ""},
	}
	for _, tt := range tests {
		_, res := b.trpc("GET", "licensing.lookup", `{"zip":"`+tt.zip+`"}`)
		if res.Error != nil {
			t.Fatalf("%s: %+v", tt.zip, res.Error)
		}
		got := decode[lookupResult](t, res.Result.Data)
		opens := ""
		if got.OpensOn != nil {
			opens = *got.OpensOn
		}
		if got.State == nil || *got.State != tt.state || *got.StateName != tt.name || got.Licensed != tt.licensed || opens != tt.opensOn || *got.Zip != tt.zip {
			t.Errorf("%s: got %s, want %s %s licensed=%v opens %q", tt.zip, res.Result.Data, tt.state, tt.name, tt.licensed, tt.opensOn)
		}
	}
	_, res := b.trpc("GET", "licensing.lookup", `{"zip":"941"}`)
	if res.Error == nil || res.Error.Data.Code != "BAD_REQUEST" || len(res.Error.Data.Fields) != 1 || res.Error.Data.Fields[0].Path != "zip" {
		t.Fatalf("got %+v, want a short ZIP code refused at the field", res)
	}
}

func TestLicensingStates(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	_, res := s.browser(t).trpc("GET", "licensing.states", "")
	if res.Error != nil {
		t.Fatal(res.Error)
	}
	var got struct {
		Company, NmlsID, Address string
		States                   []struct {
			Code, Name    string
			Licensed      bool
			LicenseNumber *string
			OpensOn       *string
		}
	}
	if err := json.Unmarshal(res.Result.Data, &got); err != nil {
		t.Fatal(err)
	}
	if got.Company == "" || got.NmlsID == "" || got.Address == "" || len(got.States) != 52 {
		t.Fatalf("got %s, want the company, its NMLS ID and 52 states", res.Result.Data)
	}
	var unlicensed []string
	for _, st := range got.States {
		if st.Licensed != (st.LicenseNumber != nil) {
			t.Errorf("%s: licensed %v with licence number %v", st.Code, st.Licensed, st.LicenseNumber)
		}
		if !st.Licensed {
			unlicensed = append(unlicensed, st.Code)
		}
		if st.Code == "NY" && (st.OpensOn == nil || *st.OpensOn != "2027-03-01") {
			t.Errorf("NY opens %v, want 2027-03-01", st.OpensOn)
		}
	}
	slices.Sort(unlicensed)
	if strings.Join(unlicensed, " ") != "AK GU HI MA NY" {
		t.Fatalf("got unlicensed %v", unlicensed)
	}
}

// prequal.questions gives any page the look-backs and bands the
// eligibility rules read the answers to (the has-fbm page's years, the
// listed-for-sale page's months, the credit-range page's bands), from the
// table the rules read.
func TestPrequalQuestionsAreTheEligibilityTables(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	_, res := s.browser(t).trpc("GET", "prequal.questions", "")
	if res.Error != nil {
		t.Fatal(res.Error)
	}
	var got struct {
		FbmYears, ListedForSaleMonths int
		CreditRanges                  []struct {
			Range, Label string
			Min, Max     int
		}
	}
	if err := json.Unmarshal(res.Result.Data, &got); err != nil {
		t.Fatal(err)
	}
	// Whatever compliance sets them to (the Rego tests compare them with the
	// table): look-backs, and bands from the highest down to 300, each
	// starting where the one below ends, with the words the page shows.
	if got.FbmYears <= 0 || got.ListedForSaleMonths <= 0 || len(got.CreditRanges) == 0 {
		t.Fatalf("got %+v, want the table's look-backs and bands", got)
	}
	bands := got.CreditRanges
	if bands[0].Max != 850 || bands[len(bands)-1].Min != 300 || bands[len(bands)-1].Range != "poor" {
		t.Fatalf("got %+v, want bands from 850 down to 300, the lowest the poor range", bands)
	}
	for i, b := range bands {
		if b.Label == "" || (i > 0 && bands[i-1].Min != b.Max+1) {
			t.Fatalf("got %+v, want each band named and starting where the next ends", bands)
		}
	}
}

func TestConsentsCurrent(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	_, res := s.browser(t).trpc("GET", "consents.current", "")
	if res.Error != nil {
		t.Fatal(res.Error)
	}
	var got struct {
		Consents []struct{ Kind, Version, Title, Text string }
	}
	if err := json.Unmarshal(res.Result.Data, &got); err != nil {
		t.Fatal(err)
	}
	versions := map[string]string{}
	for _, c := range got.Consents {
		if c.Title == "" || c.Text == "" {
			t.Errorf("%s has no wording", c.Kind)
		}
		versions[c.Kind] = c.Version
	}
	want := map[string]string{"eConsent": "esign-2026-11", "informationSharing": "sharing-2026-11", "tcpa": "tcpa-2026-11", "creditAuthorization": "credit-2026-11"}
	for kind, v := range want {
		if versions[kind] != v {
			t.Errorf("%s: got version %q, want %q (update agreed in this file with the wording)", kind, versions[kind], v)
		}
	}
}

// The waitlist keeps the contact sealed for a state without a licence,
// says when it opens, refuses a licensed state's ZIP code at the field, and
// is limited per client address.
func TestJoinWaitlist(t *testing.T) {
	s := MustOpenServer(t, web.Config{WaitlistLimit: 3})
	b := s.browser(t)
	resp, res := b.trpc("POST", "prequal.joinWaitlist", `{"firstName":"Wanda","lastName":"Wait","email":"Wanda@Example.com","zip":"10001","phone":"2125550123"}`)
	if resp.StatusCode != 200 {
		t.Fatalf("got %d %+v", resp.StatusCode, res.Error)
	}
	if string(res.Result.Data) != `{"opensOn":"2027-03-01","state":"NY","stateName":"New York"}` {
		t.Fatalf("got %s", res.Result.Data)
	}
	rows, err := s.DB.ListWaitlist(context.Background(), "NY")
	if err != nil || len(rows) != 1 || rows[0].Zip != "10001" {
		t.Fatalf("got %+v, %v", rows, err)
	}
	if strings.Contains(rows[0].Contact, "wanda") || strings.Contains(rows[0].Contact, "2125550123") {
		t.Fatalf("the contact is stored in plain text: %q", rows[0].Contact)
	}
	plain, err := testKeyring.Open(rows[0].Contact, []byte("waitlist|"+rows[0].ID))
	if err != nil {
		t.Fatal(err)
	}
	if string(plain) != `{"email":"wanda@example.com","firstName":"Wanda","lastName":"Wait","phone":"2125550123"}` {
		t.Fatalf("got contact %s", plain)
	}
	if logs := strings.ToLower(s.log.String()); strings.Contains(logs, "wanda") || strings.Contains(logs, "2125550123") {
		t.Fatal("the contact was logged")
	}

	_, res = b.trpc("POST", "prequal.joinWaitlist", `{"firstName":"Cal","lastName":"Ifornia","email":"cal@example.com","zip":"94110"}`)
	if res.Error == nil || res.Error.Data.Code != "BAD_REQUEST" || len(res.Error.Data.Fields) != 1 || res.Error.Data.Fields[0].Path != "zip" ||
		!strings.Contains(res.Error.Data.Fields[0].Message, "California") {
		t.Fatalf("got %+v, want a licensed state refused at the ZIP code", res)
	}
	_, res = b.trpc("POST", "prequal.joinWaitlist", `{"firstName":"Ha","lastName":"Waii","email":"hi@example.com","zip":"96813","phone":null}`)
	if res.Error != nil || string(res.Result.Data) != `{"opensOn":null,"state":"HI","stateName":"Hawaii"}` {
		t.Fatalf("got %s %+v, want Hawaii with no date", res.Result.Data, res.Error)
	}
	// The fourth call from this address is refused, and nothing is stored.
	resp, res = s.browser(t).trpc("POST", "prequal.joinWaitlist", `{"firstName":"Al","lastName":"Aska","email":"ak@example.com","zip":"99501"}`)
	tooMany(t, resp, res, "prequal.joinWaitlist")
	if rows, _ := s.DB.ListWaitlist(context.Background(), "AK"); len(rows) != 0 {
		t.Fatalf("a refused call stored %+v", rows)
	}
}

// An account is made only with the e-consent and the information-sharing
// consent, each refused at its field with words a form can show; with
// them, each agreement is recorded with its version, address and browser.
func TestCreateAccountRecordsTheConsents(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	b := s.browser(t)
	_, res := b.trpc("POST", "identity.createAccount", `{"email":"no-consent@example.com","firstName":"N","lastName":"C","phone":null,`+
		`"eConsent":false,"informationSharingConsent":false,"consentVersions":{"eConsent":"esign-2026-11","informationSharing":"sharing-2026-11"}}`)
	if res.Error == nil || res.Error.Data.Code != "BAD_REQUEST" {
		t.Fatalf("got %+v, want BAD_REQUEST", res)
	}
	messages := map[string]string{}
	for _, f := range res.Error.Data.Fields {
		messages[f.Path] = f.Message
	}
	if messages["eConsent"] != "Agree to receive documents electronically to continue." ||
		messages["informationSharingConsent"] != "Agree to how we share your information to continue." {
		t.Fatalf("got fields %+v, want each consent's own message", res.Error.Data.Fields)
	}
	if _, err := s.DB.FindApplicantByEmail(context.Background(), "no-consent@example.com"); err == nil {
		t.Fatal("the account was made without the consents")
	}

	_, res = b.trpc("POST", "identity.createAccount", `{"email":"stale@example.com","firstName":"S","lastName":"T","phone":null,`+
		`"eConsent":true,"informationSharingConsent":true,"consentVersions":{"eConsent":"esign-2020-01","informationSharing":"sharing-2026-11"}}`)
	if res.Error == nil || len(res.Error.Data.Fields) != 1 || res.Error.Data.Fields[0].Path != "consentVersions.eConsent" {
		t.Fatalf("got %+v, want an old wording refused at its version", res.Error)
	}

	resp, body := b.send("POST", "/api/trpc/identity.createAccount", "application/json",
		`{"email":"agreed@example.com","firstName":"A","lastName":"G","phone":"4155550199",`+agreedWithCalls+`}`,
		map[string]string{"User-Agent": "Mozilla/5.0 (consent test)"})
	if resp.StatusCode != 200 {
		t.Fatalf("got %d %s", resp.StatusCode, body)
	}
	a, err := s.DB.FindApplicantByEmail(context.Background(), "agreed@example.com")
	if err != nil {
		t.Fatal(err)
	}
	got, err := s.DB.ListConsents(context.Background(), a.ID)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"eConsent": "esign-2026-11", "informationSharing": "sharing-2026-11", "tcpa": "tcpa-2026-11"}
	if len(got) != len(want) {
		t.Fatalf("got %+v, want %v", got, want)
	}
	for _, c := range got {
		if want[c.Kind] != c.Version || c.ClientIP != "127.0.0.1" || c.UserAgent != "Mozilla/5.0 (consent test)" || c.At.IsZero() {
			t.Errorf("got %+v", c)
		}
	}
	if a.TCPAConsent == nil || a.TCPAConsent.Version != "tcpa-2026-11" {
		t.Errorf("got %+v, want the TCPA consent on the applicant too", a.TCPAConsent)
	}
}

// FUNNEL_VARIANT=withoutPropertyUsage leaves out property-usage, and the
// landing funnel's last page (the e-mail) continues to property-value.
func TestFunnelVariantAndTheLandingFunnel(t *testing.T) {
	standard := MustOpenServer(t, web.Config{})
	without := MustOpenServer(t, web.Config{FunnelVariant: "withoutPropertyUsage"})
	pages := func(s *testServer, path string) pagesResult {
		_, res := s.browser(t).trpc("GET", "funnel.pages", `{"path":"`+path+`"}`)
		if res.Error != nil {
			t.Fatal(res.Error)
		}
		return decode[pagesResult](t, res.Result.Data)
	}
	const usage = "/app/initial-setup/property-usage"
	if !slices.Contains(pagePaths(pages(standard, "/app/initial-setup/zip")), usage) {
		t.Fatal("the standard funnel has no property-usage page")
	}
	got := pages(without, "/app/initial-setup/zip")
	if slices.Contains(pagePaths(got), usage) {
		t.Fatalf("got %v, want no property-usage", pagePaths(got))
	}
	if got.Next == nil || got.Next.Path != "/app/initial-setup/credit-score" {
		t.Fatalf("got next %+v, want the credit check after the ZIP code (spec §2's second variant)", got.Next)
	}
	last := pages(standard, "/start/email")
	if last.Next == nil || last.Next.Path != "/app/initial-setup/property-value" || last.Previous == nil || last.Previous.Path != "/start/name" {
		t.Fatalf("got previous %+v, next %+v", last.Previous, last.Next)
	}
	if first := pages(standard, "/start/name"); len(first.Pages) != 2 || first.Pages[0].State != "current" {
		t.Fatalf("got %+v, want the 2 landing pages from name (the name, the e-mail)", first.Pages)
	}
}
