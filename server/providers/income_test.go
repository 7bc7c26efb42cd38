package providers_test

import (
	"context"
	"testing"

	"github.com/heloc/heloc/fixtures"
	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/providers"
)

func payroll(t *testing.T) *providers.SandboxPayroll {
	t.Helper()
	p, err := providers.NewSandboxPayroll(fixtures.FS)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// The sandbox payroll network answers a persona's records by the
// applicant's e-mail and the party: prime's one current employer, the
// coborrower persona's two people, none for a self-employed persona or a
// stranger.
func TestSandboxPayrollAnswersThePersonasRecords(t *testing.T) {
	p := payroll(t)
	for _, tc := range []struct {
		email, party string
		want         []string
	}{
		{"prime+e2e-7@example.com", "borrower", []string{"Bayview Analytics Inc."}},
		{"prime@example.com", "coborrower", nil},
		{"coborrower@example.com", "borrower", []string{"Cascade Freight Co."}},
		{"coborrower@example.com", "coborrower", []string{"Evergreen School District"}},
		{"self-employed@example.com", "borrower", nil},
		{"someone@example.com", "borrower", nil},
	} {
		r, err := p.Verify(context.Background(), providers.IncomeRequest{Email: tc.email, Party: tc.party, SSNLast4: "0001", Today: today})
		if err != nil {
			t.Fatalf("%s %s: %v", tc.email, tc.party, err)
		}
		var got []string
		for _, e := range r.Employers {
			got = append(got, e.EmployerName)
			if e.EndDate == nil && !e.Current {
				t.Errorf("%s: got %+v, want a job without an end date current", tc.email, e)
			}
		}
		if len(got) != len(tc.want) || (len(got) > 0 && got[0] != tc.want[0]) {
			t.Errorf("%s %s: got %v, want %v", tc.email, tc.party, got, tc.want)
		}
		if r.Employers == nil || r.ReportID == "" || r.Provider != providers.SandboxPayrollName {
			t.Errorf("%s: got %+v, want a named report with a list", tc.email, r)
		}
	}
	if !p.Sandbox() || p.DataSource() != "Payroll" {
		t.Errorf("got sandbox %v source %q", p.Sandbox(), p.DataSource())
	}
}

func TestSandboxPayrollNeedsTheSSN(t *testing.T) {
	_, err := payroll(t).Verify(context.Background(), providers.IncomeRequest{Email: "prime@example.com", Party: "borrower", Today: today})
	if domain.ErrorCode(err) != domain.EINVALID {
		t.Fatalf("got %v, want EINVALID without the SSN's last 4 digits", err)
	}
}
