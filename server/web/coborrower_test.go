package web_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/loans"
	"github.com/heloc/heloc/server/web"
)

// coPersonalInfo is the coborrower's part of page 1 as the borrower gives
// it: personalInfo under another first name and e-mail, without the date
// of birth and SSN, which the coborrower gives themselves.
func coPersonalInfo(first, extra string) string {
	co := strings.Replace(personalInfo, `"dateOfBirth":"1980-04-02","ssn":"123456789",`, "", 1)
	return strings.Replace(co, `"firstName":"Pat"`, `"firstName":"`+first+`",`+extra, 1)
}

// coDeclarations are a coborrower's declarations, every question answered.
const coDeclarations = `{"hasIntentToOccupy":true,"hasBorrowedThirdPartyMoney":false,"wantsAnotherMortgage":false,"wantsAnotherLoan":false,` +
	`"isPropertySubjectToLien":false,"isGuarantorOrCosigor":false,"hasOustandingJudgements":false,"hasFederalDebt":false,` +
	`"hasConveyedForeclosure":false,"doneShortSale":false,"hasForeclosure":false,"hasBankruptcy":false,"isPartyToLawsuit":false,` +
	`"onwershipInterest":false,"hasSpecialBorrowerSellerRelationship":false,"creditCheckAuthorization":true}`

// inviteCoborrower sends the borrower's invitation to coEmail and signs
// the coborrower in, in a browser of their own.
func inviteCoborrower(t *testing.T, s *testServer, b *browser, coEmail string) *browser {
	t.Helper()
	if resp, res := b.trpc("POST", "coborrower.invite", ""); resp.StatusCode != 200 {
		t.Fatalf("coborrower.invite: got %d %+v", resp.StatusCode, res.Error)
	}
	if _, ok := s.Outbox.Latest(coEmail); !ok {
		t.Fatalf("no invitation e-mailed to %s", coEmail)
	}
	c := s.browser(t)
	c.signIn(coEmail)
	return c
}

// authorizeAs gives the coborrower's own credit check authorization.
func authorizeAs(t *testing.T, c *browser, ssn string) {
	t.Helper()
	if resp, res := c.trpc("POST", "coborrower.authorize", `{"dateOfBirth":"1982-07-15","ssn":"`+ssn+`","creditCheckAuthorization":true}`); resp.StatusCode != 200 {
		t.Fatalf("coborrower.authorize: got %d %+v", resp.StatusCode, res.Error)
	}
}

// The borrower's session is refused each act that is the coborrower's:
// their SSN and date of birth, their declarations (with their credit check
// authorization), their demographic information, their consent and
// signature; and the coborrower's own procedures, which only the
// coborrower's session reaches. Each refusal is a 403 naming the
// coborrower and the field.
func TestTheBorrowerCannotActForTheCoborrower(t *testing.T) {
	s := MustOpenServer(t, web.Config{Now: func() time.Time { return time.Date(2026, 11, 22, 15, 0, 0, 0, time.UTC) }})
	ctx := context.Background()
	b := s.browser(t)
	b.signIn("coborrower@example.com") // seeded with a spouse as coborrower
	loan := loanOf(t, s, "coborrower@example.com")
	co := coPersonalInfo("Cora", `"email":"cora@example.com"`)
	name := "Amara Okafor" // as the prequalification named her, until page 1 is saved
	refused := func(what string, code int, res wireResult, field string) {
		t.Helper()
		if code != 403 || res.Error == nil || !strings.Contains(res.Error.Message, name) || !hasField(res.Error.Data.Fields, field) {
			t.Fatalf("%s: got %d %+v, want 403 naming %s at %s", what, code, res.Error, name, field)
		}
	}
	withSSN := strings.Replace(co, `"citizenship"`, `"ssn":"987654321","citizenship"`, 1)
	code, res := saveSection(b, "/app/application/1", `{"user":`+personalInfo+`,"coborrower":`+withSSN+`}`)
	refused("the coborrower's SSN", code, res, "section.coborrower.ssn")
	withBirth := strings.Replace(co, `"citizenship"`, `"dateOfBirth":"1982-07-15","citizenship"`, 1)
	code, res = saveSection(b, "/app/application/1", `{"user":`+personalInfo+`,"coborrower":`+withBirth+`}`)
	refused("the coborrower's date of birth", code, res, "section.coborrower.dateOfBirth")
	if code, res := saveSection(b, "/app/application/1", `{"user":`+personalInfo+`,"coborrower":`+co+`}`); code != 200 {
		t.Fatalf("page 1 without the coborrower's SSN and date of birth: got %d %+v", code, res.Error)
	}
	name = "Cora Prime"
	reach(t, s, "coborrower@example.com", "disclosures")
	code, res = saveSection(b, "/app/application/7", `{"user":`+coDeclarations+`,"coborrower":`+coDeclarations+`}`)
	refused("the coborrower's declarations", code, res, "section.coborrower")
	code, res = saveSection(b, "/app/application/6", `{"user":{"wontInformEthinicity":true},"coborrower":{"wontInformEthinicity":true}}`)
	refused("the coborrower's demographics", code, res, "section.coborrower")
	if code, res := saveSection(b, "/app/application/7", `{"user":`+coDeclarations+`}`); code != 200 {
		t.Fatalf("the borrower's own declarations: got %d %+v", code, res.Error)
	}
	if _, err := s.DB.CreateDecision(ctx, "heloc.offer.preview", loan.ID, []byte(`{}`), []byte(signOffer), "test"); err != nil {
		t.Fatal(err)
	}
	v := disclosuresOf(t, b)
	code, res = sign(b, signInput(t, v, true, "Pat Prime", "Cora Prime"))
	refused("the coborrower's signature", code, res, "signatures.1.party")
	// The coborrower's own procedures: the borrower is nobody's coborrower.
	for _, p := range []struct{ method, proc, input string }{
		{"GET", "coborrower.get", ""},
		{"GET", "coborrower.disclosures", ""},
		{"POST", "coborrower.authorize", `{"dateOfBirth":"1982-07-15","ssn":"987654321","creditCheckAuthorization":true}`},
		{"POST", "coborrower.declarations", coDeclarations},
		{"POST", "coborrower.demographics", `{"wontInformEthinicity":true}`},
		{"POST", "coborrower.sign", signInput(t, v, true, "Pat Prime")},
	} {
		if resp, res := b.trpc(p.method, p.proc, p.input); resp.StatusCode != 403 {
			t.Fatalf("%s from the borrower's session: got %d %+v, want 403", p.proc, resp.StatusCode, res.Error)
		}
	}
	got := applicationOf(t, b)
	if c := got.Application.Coborrower; c == nil || c.SSN != nil || c.Declarations != nil || c.Demographics != nil {
		t.Fatalf("got %+v, want nothing of the coborrower's given by the borrower", got.Application.Coborrower)
	}
	// Nor is anything the borrower tried recorded as the coborrower's act.
	acts, err := s.DB.ListLoanActs(ctx, loan.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range acts {
		if a.Party == "coborrower" {
			t.Fatalf("got %+v, want no act of the coborrower's", a)
		}
	}
}

// The coborrower is invited by e-mail, signs in with their own code, and
// in their own session authorizes their credit check, declares, answers
// the demographic questions, consents and signs; each act is recorded with
// who, when, address and browser. The borrower's status shows what is
// done, the submission waits for what is not, and the coborrower reaches
// no more of the loan than their own part.
func TestTheCoborrowerActsForThemselves(t *testing.T) {
	s := MustOpenServer(t, web.Config{Now: func() time.Time { return time.Date(2026, 11, 22, 15, 0, 0, 0, time.UTC) }})
	ctx := context.Background()
	b := s.browser(t)
	b.signIn("coborrower@example.com")
	loan := loanOf(t, s, "coborrower@example.com")
	if code, res := saveSection(b, "/app/application/1", `{"user":`+personalInfo+`,"coborrower":`+coPersonalInfo("Cora", `"email":"cora@example.com"`)+`}`); code != 200 {
		t.Fatalf("page 1: got %d %+v", code, res.Error)
	}
	status := decode[loans.CoborrowerStatus](t, mustGet(t, b, "coborrower.status"))
	if !status.HasCoborrower || status.Name != "Cora Prime" || status.InvitedAt != nil || !status.Waiting {
		t.Fatalf("got %+v, want Cora waited for, not invited yet", status)
	}
	c := inviteCoborrower(t, s, b, "cora@example.com")
	var letter string
	for _, m := range s.Outbox.Messages() {
		if m.To == "cora@example.com" && strings.Contains(m.Subject, "coborrower") {
			letter = m.Text
		}
	}
	if !strings.Contains(letter, "Pat Prime") || !strings.Contains(letter, "/app/login?callbackUrl=%2Fapp%2Fcoborrower") {
		t.Fatalf("got invitation %q, want the borrower named and the sign-in link", letter)
	}
	// The coborrower's account has no loan of its own: the borrower's
	// application is not theirs to read or change.
	if resp, _ := c.trpc("GET", "application.get", ""); resp.StatusCode == 200 {
		t.Fatalf("application.get from the coborrower's session: got 200, want a refusal")
	}
	view := decode[loans.CoborrowerView](t, mustGet(t, c, "coborrower.get"))
	if view.BorrowerName != "Pat Prime" || view.Name != "Cora Prime" || view.Done.CreditAuthorization || view.CanSign {
		t.Fatalf("got %+v, want Pat's application with nothing done, and no offer to sign yet", view)
	}
	if resp, res := c.trpc("POST", "coborrower.authorize", `{"dateOfBirth":"2020-01-01","ssn":"987654321","creditCheckAuthorization":true}`); resp.StatusCode != 400 || !hasField(res.Error.Data.Fields, "dateOfBirth") {
		t.Fatalf("a child's date of birth: got %d %+v, want 400 at dateOfBirth", resp.StatusCode, res.Error)
	}
	// Each person's credit is pulled on their own number: the borrower's
	// (page 1's) is refused, and nothing pulled.
	if resp, res := c.trpc("POST", "coborrower.authorize", `{"dateOfBirth":"1982-07-15","ssn":"123456789","creditCheckAuthorization":true}`); resp.StatusCode != 400 ||
		fieldMessage(res, "ssn") != "This is Pat Prime’s Social Security number. Enter your own." {
		t.Fatalf("the borrower's SSN: got %d %+v, want 400 at ssn", resp.StatusCode, res.Error)
	}
	if _, res := c.trpc("GET", "coborrower.get", ""); decode[loans.CoborrowerView](t, res.Result.Data).Done.CreditAuthorization {
		t.Fatal("got the credit check authorized on the borrower's SSN")
	}
	sendAs := func(proc, input string) {
		t.Helper()
		resp, out := c.send("POST", "/api/trpc/"+proc, "application/json", input, map[string]string{"User-Agent": "CoraPhone/2.0"})
		if resp.StatusCode != 200 {
			t.Fatalf("%s: got %d %s", proc, resp.StatusCode, out)
		}
	}
	reach(t, s, "coborrower@example.com", "loanDisbursement")
	if _, err := s.DB.CreateDecision(ctx, "heloc.offer.preview", loan.ID, []byte(`{}`), []byte(signOffer), "test"); err != nil {
		t.Fatal(err)
	}
	if resp, res := b.trpc("POST", "application.submit", ""); resp.StatusCode != 400 || !strings.Contains(fieldMessage(res, "coborrower"), "Waiting for Cora Prime") {
		t.Fatalf("got %d %+v, want the submission to wait for Cora", resp.StatusCode, res.Error)
	}
	sendAs("coborrower.authorize", `{"dateOfBirth":"1982-07-15","ssn":"987654321","creditCheckAuthorization":true}`)
	sendAs("coborrower.declarations", coDeclarations)
	sendAs("coborrower.demographics", `{"wontInformEthinicity":true}`)
	got := applicationOf(t, b)
	if co := got.Application.Coborrower; co == nil || co.SSN == nil || *co.SSN != "***-**-4321" || co.Declarations == nil || co.Demographics == nil {
		t.Fatalf("got %+v, want the coborrower's own answers on the application, the SSN masked", got.Application.Coborrower)
	}
	// Submission waits for the signature still to come, not for what was given.
	resp, res := b.trpc("POST", "application.submit", "")
	if resp.StatusCode != 400 || hasField(res.Error.Data.Fields, "coborrower") || !hasField(res.Error.Data.Fields, "disclosures") {
		t.Fatalf("got %d %+v, want the disclosures unsigned and the coborrower's answers given", resp.StatusCode, res.Error)
	}
	if view := decode[loans.CoborrowerView](t, mustGet(t, c, "coborrower.get")); !view.CanSign {
		t.Fatalf("got %+v, want the offer to sign for", view)
	}
	v := decode[loans.DisclosuresView](t, mustGet(t, c, "coborrower.disclosures"))
	in := signInput(t, v, true, "Pat Prime")
	if resp, res := c.trpc("POST", "coborrower.sign", in); resp.StatusCode != 403 {
		t.Fatalf("the borrower's signature from the coborrower's session: got %d %+v, want 403", resp.StatusCode, res.Error)
	}
	in = strings.Replace(signInput(t, v, true, "Cora Prime"), `"party":"borrower"`, `"party":"coborrower"`, 1)
	sendAs("coborrower.sign", in)
	status = decode[loans.CoborrowerStatus](t, mustGet(t, b, "coborrower.status"))
	if status.Waiting || !status.Done.Signed || !status.Done.Declarations || status.InvitedAt == nil {
		t.Fatalf("got %+v, want everything of Cora's done", status)
	}
	acts, err := s.DB.ListLoanActs(ctx, loan.ID)
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]int{}
	for _, a := range acts {
		if a.Party != "coborrower" || a.UserAgent != "CoraPhone/2.0" || a.IP == "" || a.At.IsZero() || a.ApplicantID == loan.ApplicantID {
			t.Fatalf("got %+v, want Cora's act with her own account, address and browser", a)
		}
		kinds[a.Act]++
	}
	if kinds[domain.ActCreditAuthorization] != 1 || kinds[domain.ActDeclarations] != 1 || kinds[domain.ActDemographics] != 1 ||
		kinds[domain.ActESignConsent] != 1 || kinds[domain.ActSignature] != len(v.Documents) {
		t.Fatalf("got %v, want each of Cora's acts recorded", kinds)
	}
	// Another applicant is nobody's coborrower.
	o := s.browser(t)
	o.signIn("prime@example.com")
	if resp, _ := o.trpc("GET", "coborrower.get", ""); resp.StatusCode != 403 {
		t.Fatalf("coborrower.get from another applicant: got %d, want 403", resp.StatusCode)
	}
}
