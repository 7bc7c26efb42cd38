package web_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/heloc/heloc/schemas"
	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/portal"
	"github.com/heloc/heloc/server/schema"
	"github.com/heloc/heloc/server/web"
)

// The whole application on the loan page (issue 23, item 2): in words,
// never codes; the SSN nowhere; the demographic answers only to a role
// granted hmda.read; documents previewed inline only for a user who may
// read them.

type staffApplicationView struct {
	Property struct {
		Occupancy    *string `json:"occupancy"`
		Type         *string `json:"type"`
		TitleHolding *string `json:"titleHolding"`
	} `json:"property"`
	Liens []struct {
		Creditor *string `json:"creditor"`
		Balance  int64   `json:"balance"`
	} `json:"liens"`
	People []struct {
		Party       string  `json:"party"`
		Name        string  `json:"name"`
		Citizenship *string `json:"citizenship"`
		Housing     *string `json:"housing"`
		Gaps        []struct {
			Days        int
			Explanation *string
		}
		Declarations []struct{ Question, Answer string }
		Incomes      []struct{ Source, Verification string }
	} `json:"people"`
	Figures *struct {
		CLTV *float64 `json:"cltv"`
	} `json:"figures"`
}

// seedApplication has the demo borrower answer the application's pages.
func seedApplication(t *testing.T, s *testServer, loanID string) {
	t.Helper()
	if _, _, err := s.DB.UpdateApplication(context.Background(), loanID, "", func(_ *domain.Loan, app *domain.Application, _ bool) error {
		str := func(v string) *string { return &v }
		yes, no := true, false
		base := domain.CentsOf(8000)
		u := &app.User
		u.FirstName, u.LastName = str("Prime"), str("Borrower")
		u.SSN, u.DateOfBirth = str("123450001"), str("1980-04-12")
		u.Citizenship, u.MaritalStatus, u.Housing = str("usCitizen"), str("unmarried"), str("Own")
		// Three jobs with two gaps within the employment policy's window, the first explained.
		day := func(daysAgo int) string { return time.Now().UTC().AddDate(0, 0, -daysAgo).Format(time.DateOnly) }
		u.Employments = []domain.Employment{
			{EmployerName: str("Old Co"), StartDate: day(600), EndDate: str(day(300)), DataSource: "Manual"},
			{EmployerName: str("Middle Co"), StartDate: day(200), EndDate: str(day(150)), DataSource: "Manual"},
			{EmployerName: str("Acme Tools"), Base: &base, StartDate: day(100), DataSource: "Manual"},
		}
		u.EmploymentGaps = []domain.EmploymentGapAnswer{{From: day(300), To: day(200), Explanation: "Caring for a parent"}}
		u.Declarations = &domain.Declarations{HasIntentToOccupy: &yes, HasBankruptcy: &no}
		u.Demographics = &domain.Demographics{IsAsian: true, IsKorean: true, IsFemale: true, WontInformEthinicity: true}
		app.Property.Usage, app.Property.Type, app.Property.TitleHolding = str("primaryResidence"), str("singleFamily"), str("jointTenants")
		app.Mortgages = []domain.Liability{{Creditor: str("First Home Bank"), Balance: 210000}}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
}

func TestPortalApplicationIsInWordsAndTheDemographicsHaveTheirOwnPermission(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	const pw = "staff password 1"
	admin := s.portalUser(t, s.enrol(t, "ada@example.com", domain.RoleAdministrator, pw), pw)
	uw := s.portalUser(t, s.enrol(t, "uma@example.com", "underwriter", pw), pw)
	prime := s.demoLoanID(t, "prime@example.com")
	seedApplication(t, s, prime)
	submitForDecision(t, s, prime) // the rules' preview offer, with its CLTV and DTI

	for _, u := range []*browser{admin, uw} {
		_, res := u.trpc("GET", "portal.application", `{"loanId":"`+prime+`"}`)
		body := string(res.Result.Data)
		for _, code := range []string{"usCitizen", "primaryResidence", "singleFamily", "jointTenants", "hasIntentToOccupy", "123450001", "0001", "1980-04-12", "Korean", "Female"} {
			if strings.Contains(body, code) {
				t.Fatalf("got %s, want no %q: labels, never codes, the SSN or the demographics", body, code)
			}
		}
		v := portalData[staffApplicationView](t, res)
		p := v.People[0]
		if *v.Property.Occupancy != "Primary Home" || *v.Property.Type != "Single-family home" || *v.Property.TitleHolding != "Joint tenants" ||
			*p.Citizenship != "U.S. citizen" || *p.Housing != "Currently Own" || p.Name != "Prime Borrower" {
			t.Fatalf("got %+v, want the answers by their labels", v)
		}
		// The employment policy's gaps, each with the explanation saved, or none yet.
		if len(p.Gaps) != 2 || p.Gaps[0].Days != 100 || p.Gaps[0].Explanation == nil || *p.Gaps[0].Explanation != "Caring for a parent" ||
			p.Gaps[1].Days != 50 || p.Gaps[1].Explanation != nil {
			t.Fatalf("got gaps %+v, want the rules' two gaps, the first explained", p.Gaps)
		}
		if d := p.Declarations[0]; d.Question != "Will occupy the property as their primary residence" || d.Answer != "Yes" {
			t.Fatalf("got %+v, want the first declaration in words", d)
		}
		if len(p.Incomes) != 1 || p.Incomes[0].Source != "Employment at Acme Tools" {
			t.Fatalf("got incomes %+v, want the current job", p.Incomes)
		}
		if len(v.Liens) != 1 || *v.Liens[0].Creditor != "First Home Bank" || v.Liens[0].Balance != 210000 {
			t.Fatalf("got liens %+v", v.Liens)
		}
		if v.Figures == nil || v.Figures.CLTV == nil || *v.Figures.CLTV <= 0 || *v.Figures.CLTV >= 1 {
			t.Fatalf("got figures %+v, want the preview offer's CLTV", v.Figures)
		}
	}

	// A staff view decides the gaps without recording a decision: it acts on nothing.
	if counts, err := s.DB.CountLoanDecisions(context.Background(), prime); err != nil || counts["heloc.employment.history"] != 0 {
		t.Fatalf("got %v, %v; want no employment history recorded by a view", counts, err)
	}

	// The borrower tab speaks the same words.
	_, res := admin.trpc("GET", "portal.borrower", `{"loanId":"`+prime+`"}`)
	if body := string(res.Result.Data); !strings.Contains(body, `"citizenship":"U.S. citizen"`) || strings.Contains(body, "usCitizen") {
		t.Fatalf("got %s, want the citizenship's label", body)
	}
	_, res = admin.trpc("POST", "portal.unmask", `{"loanId":"`+prime+`","field":"borrower.ssn"}`)
	if got := portalData[struct{ Value string }](t, res); got.Value != "123-45-0001" {
		t.Fatalf("got %+v, want the SSN as people write it", got)
	}

	// The demographics: to the administrator, in words; the underwriter,
	// who decides, is refused them and is not offered them.
	_, res = admin.trpc("GET", "portal.hmda", `{"loanId":"`+prime+`"}`)
	h := portalData[struct {
		People []struct {
			Ethnicity, Race, Sex []string
		}
	}](t, res)
	if got := h.People[0]; strings.Join(got.Race, "|") != "Asian (Korean)" || strings.Join(got.Sex, "|") != "Female" ||
		strings.Join(got.Ethnicity, "|") != "Does not wish to provide this information" {
		t.Fatalf("got %+v, want the answers in words", got)
	}
	_, res = uw.trpc("GET", "portal.hmda", `{"loanId":"`+prime+`"}`)
	portalRefused(t, res, "FORBIDDEN", "Your role does not allow this.")
	for _, c := range []struct {
		u    *browser
		want bool
	}{{admin, true}, {uw, false}} {
		_, res = c.u.trpc("GET", "portal.loan", `{"loanId":"`+prime+`"}`)
		if can := portalData[struct{ Can map[string]bool }](t, res).Can; can["hmda.read"] != c.want {
			t.Fatalf("got can %v, want hmda.read %v", can, c.want)
		}
	}
	page, err := s.DB.ListAudit(context.Background(), domain.AuditFilter{LoanID: prime, Action: "hmda.read", Limit: 10})
	if err != nil || len(page.Items) != 1 || page.Items[0].ActorEmail != "ada@example.com" {
		t.Fatalf("got %+v, %v; want the administrator's one view of the demographics audited", page, err)
	}
}

func TestPortalDocumentPreviewIsInlineForThoseWhoMayReadIt(t *testing.T) {
	s, _ := openDocumentsServer(t, web.Config{Now: time.Now})
	b := s.browser(t)
	b.signIn("prime@example.com")
	photo := pngBytes(t)
	resp, res := upload(b, map[string]string{"type": "bankStatements", "party": "borrower"}, "statement.png", photo, nil)
	if resp.StatusCode != 200 {
		t.Fatalf("got %d %+v", resp.StatusCode, res.Error)
	}
	id := decode[documentsView](t, res.Result.Data).Uploads[0].ID

	const pw = "staff password 1"
	admin := s.portalUser(t, s.enrol(t, "ada@example.com", domain.RoleAdministrator, pw), pw)
	partner := s.portalUser(t, s.enrolTagged(t, "pat@example.com", "partner", "acme-7", pw), pw)
	if resp, _ := partner.send("GET", "/api/documents/"+id+"?preview=1", "", "", nil); resp.StatusCode != http.StatusForbidden {
		t.Fatalf("partner without the loan: got %d, want 403", resp.StatusCode)
	}
	resp, body := admin.send("GET", "/api/documents/"+id+"?preview=1", "", "", nil)
	if resp.StatusCode != 200 || string(body) != string(photo) || !strings.HasPrefix(resp.Header.Get("Content-Disposition"), "inline") ||
		resp.Header.Get("X-Frame-Options") != "SAMEORIGIN" || !strings.Contains(resp.Header.Get("Content-Security-Policy"), "frame-ancestors 'self'") ||
		resp.Header.Get("Content-Type") != "image/png" {
		t.Fatalf("got %d %v, want the image inline, framed by the portal only", resp.StatusCode, resp.Header)
	}
	// Without asking for a preview it stays an attachment, framed by no one.
	resp, _ = admin.send("GET", "/api/documents/"+id, "", "", nil)
	if !strings.HasPrefix(resp.Header.Get("Content-Disposition"), "attachment") || resp.Header.Get("X-Frame-Options") != "DENY" {
		t.Fatalf("got %v, want an attachment", resp.Header)
	}
	// The applicant's own download is never inline.
	resp, _ = b.send("GET", "/api/documents/"+id+"?preview=1", "", "", nil)
	if !strings.HasPrefix(resp.Header.Get("Content-Disposition"), "attachment") {
		t.Fatalf("applicant: got %v, want an attachment", resp.Header)
	}
}

// Each table of #EnumLabels labels values of its enumeration, and the
// housing labels are #HousingLabels' own.
func TestEnumLabelsNameTheirEnumerationsValues(t *testing.T) {
	set, err := schema.Load(schemas.FS)
	if err != nil {
		t.Fatal(err)
	}
	var labels portal.Labels
	if err := set.Decode("EnumLabels", []byte("{}"), &labels); err != nil {
		t.Fatal(err)
	}
	enums := map[string]string{"citizenship": "Citizenship", "maritalStatus": "MaritalStatus", "militaryStatus": "MilitaryStatus",
		"housing": "Housing", "propertyType": "PropertyType", "propertyUsage": "PropertyUsage", "unitCount": "UnitCount",
		"titleHolding": "TitleHolding", "incomeType": "IncomeType", "debtor": "Debtor", "bankAccountType": "BankAccountType",
		"bankruptcyChapter": "BankruptcyChapter", "otherPropertyType": "OtherPropertyType", "otherPropertyTitle": "OtherPropertyTitle",
		"ownershipInterestType": "OwnershipInterestType", "idSubtype": "IdSubtype", "hispanicOrigin": "HispanicOrigin",
		"asianOrigin": "AsianOrigin", "pacificIslanderOrigin": "PacificIslanderOrigin", "stateName": "StateCode",
		"documentType": "DocumentType"}
	for table, def := range enums {
		if len(labels[table]) == 0 {
			t.Errorf("#EnumLabels.%s is empty", table)
		}
		for value := range labels[table] {
			var out string
			if err := set.Decode(def, []byte(`"`+value+`"`), &out); err != nil {
				t.Errorf("#EnumLabels.%s labels %q, which is not a #%s: %v", table, value, def, err)
			}
		}
	}
	var housing map[string]struct{ Label string }
	if err := set.Decode("HousingLabels", []byte("{}"), &housing); err != nil {
		t.Fatal(err)
	}
	for value, h := range housing {
		if labels["housing"][value] != h.Label {
			t.Errorf("housing %s: #EnumLabels says %q, #HousingLabels %q", value, labels["housing"][value], h.Label)
		}
	}
}

// The Decisions tab lists the credit decisions unless asked for the page
// decisions too (what a page shows or asks).
func TestPortalDecisionsCreditOnlyLeavesOutThePageDecisions(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	const pw = "staff password 1"
	admin := s.portalUser(t, s.enrol(t, "ada@example.com", domain.RoleAdministrator, pw), pw)
	prime := s.demoLoanID(t, "prime@example.com")
	submitForDecision(t, s, prime) // a preview offer: a credit decision
	for range 3 {                  // which pages the application showed: page decisions
		if _, err := s.DB.CreateDecision(context.Background(), "heloc.funnel.pages", prime, []byte(`{}`), []byte(`{"pages":[]}`), "test"); err != nil {
			t.Fatal(err)
		}
	}
	type page struct {
		Items []struct{ Entrypoint string }
		Kinds []struct {
			Entrypoint string
			Count      int
			Page       bool
		}
	}
	_, res := admin.trpc("GET", "portal.decisions", `{"loanId":"`+prime+`"}`)
	all := portalData[page](t, res)
	_, res = admin.trpc("GET", "portal.decisions", `{"loanId":"`+prime+`","credit":true}`)
	credit := portalData[page](t, res)
	pages, credits := 0, 0
	for _, k := range all.Kinds {
		if k.Page {
			pages += k.Count
		} else {
			credits += k.Count
		}
	}
	if pages == 0 || credits == 0 {
		t.Fatalf("got kinds %+v, want the demo loan to have decisions of both sorts", all.Kinds)
	}
	for _, d := range credit.Items {
		for _, k := range all.Kinds {
			if k.Entrypoint == d.Entrypoint && k.Page {
				t.Fatalf("credit only: got a page decision %s", d.Entrypoint)
			}
		}
	}
	if want := min(credits, 20); len(credit.Items) != want {
		t.Fatalf("credit only: got %d decisions, want %d", len(credit.Items), want)
	}
}

// content.labels gives any page the one table of words, without a session.
func TestContentLabelsAnswersTheSchemasTable(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	_, res := s.browser(t).trpc("GET", "content.labels", "")
	labels := portalData[map[string]map[string]string](t, res)
	if labels["documentType"]["idDocument"] != "Government-issued photo ID" || labels["citizenship"]["usCitizen"] != "U.S. citizen" {
		t.Fatalf("got %v, want the schema's labels", labels)
	}
}
