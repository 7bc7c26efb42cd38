package loans

import (
	"testing"

	"github.com/heloc/heloc/server/domain"
)

// An employer’s name matches however its legal form and punctuation are
// written; different employers do not.
func TestSameEmployer(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want bool
	}{
		{"Bayview Analytics Inc.", "Bayview Analytics", true},
		{"bayview analytics, INCORPORATED", "Bayview  Analytics Inc", true},
		{"The Cascade Freight Co.", "Cascade Freight Company", true},
		{"AT&T", "AT & T Inc.", true},
		{"Bayview Analytics", "Bayview Analytic Partners", false},
		{"Inc.", "LLC", false},
		{"", "", false},
	} {
		if got := sameEmployer(tc.a, tc.b); got != tc.want {
			t.Errorf("sameEmployer(%q, %q): got %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}

// A page's save keeps a job's verification only when the stored job of the
// same employer had it; a dataSource a browser made up is Manual again.
func TestKeepVerified(t *testing.T) {
	name := func(s string) *string { return &s }
	stored := []domain.Employment{{EmployerName: name("Bayview Analytics"), DataSource: "Payroll", ReportID: name("r1")}}
	saved := []domain.Employment{
		{EmployerName: name("Bayview Analytics Inc."), DataSource: "Payroll"},
		{EmployerName: name("Initech"), DataSource: "Payroll", ReportID: name("forged")},
		{EmployerName: name("Globex"), DataSource: "Manual"},
	}
	keepVerified(stored, saved)
	if saved[0].DataSource != "Payroll" || saved[0].ReportID == nil || *saved[0].ReportID != "r1" {
		t.Errorf("got %+v, want the verified job kept with its report", saved[0])
	}
	if saved[1].DataSource != "Manual" || saved[1].ReportID != nil {
		t.Errorf("got %+v, want a job never verified saved as Manual", saved[1])
	}
	if saved[2].DataSource != "Manual" {
		t.Errorf("got %+v, want Manual kept", saved[2])
	}
}
