package web_test

import (
	"strings"
	"testing"
	"time"

	"github.com/heloc/heloc/fixtures"
	"github.com/heloc/heloc/server/app"
	"github.com/heloc/heloc/server/loans"
	"github.com/heloc/heloc/server/providers"
	"github.com/heloc/heloc/server/web"
)

// Income verification (the income-verification page) against the real
// store, policies and the sandbox payroll network: a verified job needs no
// paystubs or W-2s (the documents policy), an employer the network does not
// know is said so, and only the applicant's own loan's people are verified.

func incomeServer(t *testing.T) *testServer {
	t.Helper()
	payroll, err := providers.NewSandboxPayroll(fixtures.FS)
	if err != nil {
		t.Fatal(err)
	}
	return mustOpenServerWith(t, web.Config{Now: func() time.Time { return time.Date(2026, 11, 22, 15, 0, 0, 0, time.UTC) }}, app.Config{Income: payroll})
}

// job is one current salaried employment of page 4.
func job(employer string) string {
	return `{"employments":[{"employerName":"` + employer + `","position":"Analyst","startDate":"2017-03-01","endDate":null,` +
		`"selfEmployedIndicator":false,"base":17000,"dataSource":"Manual"}],"employmentGaps":[]}`
}

func incomeOf(t *testing.T, b *browser) loans.IncomeView {
	t.Helper()
	resp, res := b.trpc("GET", "verification.income", "")
	if resp.StatusCode != 200 {
		t.Fatalf("verification.income: got %d %+v", resp.StatusCode, res.Error)
	}
	return decode[loans.IncomeView](t, res.Result.Data)
}

func verify(t *testing.T, b *browser, proc, party string) (int, wireResult) {
	t.Helper()
	resp, res := b.trpc("POST", "verification."+proc, `{"party":"`+party+`"}`)
	return resp.StatusCode, res
}

func docTypes(docs []loans.IncomeDocument) map[string]bool {
	out := map[string]bool{}
	for _, d := range docs {
		out[d.Type] = true
	}
	return out
}

func TestConnectPayrollVerifiesTheMatchingJob(t *testing.T) {
	s := incomeServer(t)
	b := s.browser(t)
	b.signIn("prime@example.com")
	if code, res := saveSection(b, "/app/application/1", `{"user":`+personalInfo+`}`); code != 200 {
		t.Fatalf("page 1: got %d %+v", code, res.Error)
	}
	reach(t, s, "prime@example.com", "application5") // pages 2 and 3 saved
	// The payroll network knows "Bayview Analytics Inc."; the borrower typed it without "Inc.".
	if code, res := saveSection(b, "/app/application/4", job("Bayview Analytics")); code != 200 {
		t.Fatalf("page 4: got %d %+v", code, res.Error)
	}
	before := incomeOf(t, b)
	if !before.Sandbox || before.Borrower.Method != nil || before.Coborrower != nil {
		t.Fatalf("got %+v, want a sandbox network, no choice yet and no coborrower", before)
	}
	if d := docTypes(before.Borrower.Documents); !d["paystubs"] || !d["w2"] {
		t.Fatalf("got documents %+v, want paystubs and W-2s for a job not verified", before.Borrower.Documents)
	}

	reach(t, s, "prime@example.com", "application6") // the pages up to income verification saved
	code, res := verify(t, b, "connectPayroll", "borrower")
	if code != 200 {
		t.Fatalf("connectPayroll: got %d %+v", code, res.Error)
	}
	got := decode[loans.IncomeView](t, res.Result.Data)
	if got.Borrower.Method == nil || *got.Borrower.Method != "payroll" || got.Borrower.VerifiedAt == nil {
		t.Fatalf("got %+v, want the payroll connection recorded", got.Borrower)
	}
	if len(got.Borrower.Jobs) != 1 || !got.Borrower.Jobs[0].Verified {
		t.Fatalf("got jobs %+v, want the Bayview job verified", got.Borrower.Jobs)
	}
	if len(got.Borrower.PayrollEmployers) != 1 || !got.Borrower.PayrollEmployers[0].Matched || got.Borrower.PayrollEmployers[0].MonthlyBase != 17500_00 {
		t.Fatalf("got %+v, want the network's employer, matched, with its pay", got.Borrower.PayrollEmployers)
	}
	if d := docTypes(got.Borrower.Documents); d["paystubs"] || d["w2"] {
		t.Fatalf("got documents %+v, want no paystubs nor W-2s once the current job is verified", got.Borrower.Documents)
	}
	// The page's action moves the status on to the next page's step.
	if got.ApplicationStatus != "identityVerification" {
		t.Fatalf("got status %q, want identityVerification", got.ApplicationStatus)
	}
	app := applicationOf(t, b)
	if e := app.Application.User.Employments[0]; e.DataSource != providers.PayrollDataSource || e.ReportID == nil {
		t.Fatalf("got %+v, want the employment marked verified by the payroll network", e)
	}

	t.Run("saving page 4 again keeps the verification of the same employer only", func(t *testing.T) {
		same := strings.Replace(job("Bayview Analytics"), `"Manual"`, `"Payroll"`, 1)
		if code, res := saveSection(b, "/app/application/4", same); code != 200 {
			t.Fatalf("got %d %+v", code, res.Error)
		}
		if e := applicationOf(t, b).Application.User.Employments[0]; e.DataSource != "Payroll" {
			t.Fatalf("got %q, want the verified job kept", e.DataSource)
		}
		forged := strings.Replace(job("Initech"), `"Manual"`, `"Payroll"`, 1)
		if code, res := saveSection(b, "/app/application/4", forged); code != 200 {
			t.Fatalf("got %d %+v", code, res.Error)
		}
		if e := applicationOf(t, b).Application.User.Employments[0]; e.DataSource != "Manual" {
			t.Fatalf("got %q, want a job the network never verified saved as Manual", e.DataSource)
		}
	})

	t.Run("an employer the network does not know is said so, and nothing is written", func(t *testing.T) {
		code, res := verify(t, b, "connectPayroll", "borrower")
		if code != 400 || !hasField(res.Error.Data.Fields, "party") || !strings.Contains(res.Error.Message, "Bayview Analytics Inc.") ||
			!strings.Contains(res.Error.Message, "Initech") {
			t.Fatalf("got %d %+v, want a message naming the network's employer and the application's", code, res.Error)
		}
		if got := incomeOf(t, b); got.Borrower.Jobs[0].Verified {
			t.Fatalf("got %+v, want the Initech job unverified", got.Borrower.Jobs)
		}
	})

	t.Run("choosing documents records it and the documents are asked", func(t *testing.T) {
		code, res := verify(t, b, "incomeDocuments", "borrower")
		if code != 200 {
			t.Fatalf("got %d %+v", code, res.Error)
		}
		got := decode[loans.IncomeView](t, res.Result.Data)
		if got.Borrower.Method == nil || *got.Borrower.Method != "documents" {
			t.Fatalf("got %+v, want documents", got.Borrower)
		}
		if d := docTypes(got.Borrower.Documents); !d["paystubs"] || !d["w2"] {
			t.Fatalf("got %+v, want paystubs and W-2s", got.Borrower.Documents)
		}
	})

	t.Run("a coborrower is refused on a loan without one", func(t *testing.T) {
		for _, proc := range []string{"connectPayroll", "incomeDocuments"} {
			code, res := verify(t, b, proc, "coborrower")
			if code != 400 || !hasField(res.Error.Data.Fields, "party") || res.Error.Message != "This application has no coborrower." {
				t.Fatalf("%s: got %d %+v, want the coborrower refused", proc, code, res.Error)
			}
		}
		code, res := verify(t, b, "connectPayroll", "spouse")
		if code != 400 || !hasField(res.Error.Data.Fields, "party") {
			t.Fatalf("got %d %+v, want an unknown party refused by the schema", code, res.Error)
		}
	})

	t.Run("another applicant changes only their own loan", func(t *testing.T) {
		other := s.browser(t)
		other.signIn("self-employed@example.com")
		if code, res := verify(t, other, "connectPayroll", "borrower"); code != 400 || !strings.Contains(res.Error.Message, "personal information first") {
			t.Fatalf("got %d %+v, want their own (unstarted) application, not prime's", code, res.Error)
		}
		anonymous := s.browser(t)
		if code, _ := verify(t, anonymous, "incomeDocuments", "borrower"); code != 401 {
			t.Fatalf("got %d, want 401 without a session", code)
		}
		if got := incomeOf(t, b); got.Borrower.Method == nil || *got.Borrower.Method != "documents" {
			t.Fatalf("got %+v, want prime's choice untouched", got.Borrower)
		}
	})
}

func TestConnectPayrollCountsTheCoborrowersJobsOnTheirSide(t *testing.T) {
	s := incomeServer(t)
	b := s.browser(t)
	b.signIn("coborrower@example.com")
	co := coPersonalInfo("Amara", `"email":"amara.okafor@example.com"`)
	if code, res := saveSection(b, "/app/application/1", `{"user":`+personalInfo+`,"coborrower":`+co+`}`); code != 200 {
		t.Fatalf("page 1: got %d %+v", code, res.Error)
	}
	authorizeAs(t, inviteCoborrower(t, s, b, "amara.okafor@example.com"), "123450016") // the SSN the payroll network knows her by
	reach(t, s, "coborrower@example.com", "application5")                              // pages 2 and 3 saved
	for _, path := range []string{"/app/application/4", "/app/application/4/coborrower"} {
		employer := map[string]string{"/app/application/4": "Cascade Freight", "/app/application/4/coborrower": "Evergreen School District"}[path]
		if code, res := saveSection(b, path, job(employer)); code != 200 {
			t.Fatalf("%s: got %d %+v", path, code, res.Error)
		}
	}
	reach(t, s, "coborrower@example.com", "application6") // the pages up to income verification saved
	code, res := verify(t, b, "connectPayroll", "coborrower")
	if code != 200 {
		t.Fatalf("got %d %+v", code, res.Error)
	}
	got := decode[loans.IncomeView](t, res.Result.Data)
	if got.Coborrower == nil || got.Coborrower.Name != "Amara Prime" || !got.Coborrower.Jobs[0].Verified || *got.Coborrower.Method != "payroll" {
		t.Fatalf("got %+v, want the coborrower's job verified", got.Coborrower)
	}
	if got.Borrower.Jobs[0].Verified || got.Borrower.Method != nil {
		t.Fatalf("got %+v, want the borrower untouched", got.Borrower)
	}
	if d := docTypes(got.Coborrower.Documents); d["paystubs"] || d["w2"] {
		t.Fatalf("got %+v, want no paystubs of the coborrower", got.Coborrower.Documents)
	}
	if d := docTypes(got.Borrower.Documents); !d["paystubs"] || !d["w2"] {
		t.Fatalf("got %+v, want the borrower's paystubs still asked", got.Borrower.Documents)
	}
}

// A self-employment is not a payroll network's to verify, and a person the
// network has no records of is told so; nothing is written either way.
func TestConnectPayrollWithoutPayrollRecords(t *testing.T) {
	s := incomeServer(t)
	b := s.browser(t)
	b.signIn("self-employed@example.com")
	if code, res := saveSection(b, "/app/application/1", `{"user":`+personalInfo+`}`); code != 200 {
		t.Fatalf("page 1: got %d %+v", code, res.Error)
	}
	own := `{"employments":[{"employerName":"Marino Design","position":"Owner","startDate":"2019-01-01","endDate":null,` +
		`"selfEmployedIndicator":true,"ownershipInterestType":"GreaterThanOrEqualTo25Percent","base":9500,"dataSource":"Manual"}],"employmentGaps":[]}`
	if code, res := saveSection(b, "/app/application/4", own); code != 200 {
		t.Fatalf("page 4: got %d %+v", code, res.Error)
	}
	code, res := verify(t, b, "connectPayroll", "borrower")
	if code != 400 || !hasField(res.Error.Data.Fields, "party") || !strings.Contains(res.Error.Message, "no job with an employer") {
		t.Fatalf("got %d %+v, want a self-employment refused with its reason", code, res.Error)
	}
	if code, res := saveSection(b, "/app/application/4", job("Front Range Studio")); code != 200 {
		t.Fatalf("page 4: got %d %+v", code, res.Error)
	}
	code, res = verify(t, b, "connectPayroll", "borrower")
	if code != 400 || !strings.Contains(res.Error.Message, "has no payroll records for you") {
		t.Fatalf("got %d %+v, want the network's empty answer said", code, res.Error)
	}
	if got := incomeOf(t, b); got.Borrower.Method != nil || got.Borrower.Jobs[0].Verified || got.ApplicationStatus == "identityVerification" {
		t.Fatalf("got %+v, want nothing recorded and the status not moved by a refusal", got)
	}
}
