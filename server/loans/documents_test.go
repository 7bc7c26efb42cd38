package loans

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/heloc/heloc/rules"
	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/policy"
)

// richApplication asks for nearly every document the policy knows: a
// self-employed borrower with rental and capital gains income and a job
// entered by hand, a coborrower whose ID check failed, a Florida home in a
// trust with a solar lien, and an omitted student loan. It holds the
// personal data the decision log must not keep.
func richApplication() (*domain.Loan, *domain.Application, []*domain.Document) {
	yes := true
	loan := &domain.Loan{ID: "l1", Answers: domain.PrequalAnswers{HasCoborrower: &yes}}
	failed, llc, student, borrowerSide := "failed", "llc", "studentLoan", "coborrower"
	end := "2023-05-31"
	app := &domain.Application{
		User: domain.Person{
			FirstName: ptr("Pat"), LastName: ptr("Prime"), SSN: ptr("123456789"), DateOfBirth: ptr("1980-04-02"),
			Employments: []domain.Employment{
				{StartDate: "2018-01-01", EndDate: nil, SelfEmployedIndicator: true, DataSource: "Manual", BusinessStructure: &llc, EmployerName: ptr("Pat's Bakery"), Base: ptr(domain.CentsOf(9000))},
				{StartDate: "2015-01-01", EndDate: &end, DataSource: "Manual", EmployerName: ptr("Old Job")},
			},
			IncomeSources: []domain.IncomeSource{{Type: "rental", RentalUnits: ptr(int64(2)), OtherValue: ptr(domain.CentsOf(2400))}, {Type: "capitalGains"}},
		},
		Coborrower: &domain.Person{
			FirstName: ptr("Cora"), SSN: ptr("987654321"), IdentityVerificationStatus: &failed,
			Employments: []domain.Employment{{StartDate: "2020-02-01", DataSource: "Manual", EmployerName: ptr("Hospital")}},
		},
		Property:    domain.Property{State: ptr("fl")},
		IsInTrust:   true,
		Mortgages:   []domain.Liability{{Creditor: ptr("SunRun Solar"), Balance: 20000}},
		Liabilities: []domain.Liability{{Type: &student, Omitted: true, Debtor: &borrowerSide, Balance: 5000}},
		Uploads:     []domain.Upload{{Type: "paystubs"}, {Type: "paystubs"}, {Type: "paystubs"}, {Type: "paystubs"}}, // stale: not counted
	}
	app.Normalize()
	docs := []*domain.Document{
		{Type: "w2", Party: "coborrower"},
		{Type: "idDocument", Party: "coborrower", Side: "front"},
		{Type: "idDocument", Party: "coborrower", Side: "back"},
		{Type: "rentalAgreements", Party: "borrower"},
	}
	return loan, app, docs
}

// The input passed to the documents policy keeps only what its rules read:
// the decision is the same as for the whole application, and the input
// recorded holds no name, SSN, birth date, employer or amount.
func TestRequirementsInputKeepsWhatThePolicyReadsAndNoPersonalData(t *testing.T) {
	ctx := context.Background()
	engine, err := policy.Load(ctx, rules.FS)
	if err != nil {
		t.Fatal(err)
	}
	loan, app, docs := richApplication()
	today := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)
	projected := newRequirementsInput(today, loan, app, docs)

	whole := *app
	whole.Uploads = projected.Application.Uploads
	full := map[string]any{"today": "2026-11-22", "application": whole, "flags": exclusionFlags}

	got, err := engine.Decide(ctx, requirementsEntrypoint, projected)
	if err != nil {
		t.Fatal(err)
	}
	want, err := engine.Decide(ctx, requirementsEntrypoint, full)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %v\nwant %v: the projection drops something the policy reads", got, want)
	}
	var r Requirements
	if err := domain.DecodeAnswer(got, &r); err != nil {
		t.Fatal(err)
	}
	// The rich application asks for a lot on both sides; the uploads count.
	if r.Coborrower == nil || r.Coborrower.Missing["idDocument"] != 0 || r.Coborrower.Required["idDocument"] != 1 ||
		r.Coborrower.Missing["w2"] != 1 || r.Borrower.Required["floodInsurance"] != 1 || r.Borrower.Required["rentalAgreements"] != 2 ||
		r.Borrower.Missing["rentalAgreements"] != 1 || r.Borrower.Required["paystubs"] != 4 || r.Borrower.Missing["paystubs"] != 4 {
		t.Fatalf("got %+v / %+v, want the uploads of the documents table counted (an ID's back not a second ID), not the stale ones", r.Borrower, r.Coborrower)
	}

	raw, _ := json.Marshal(projected)
	for _, secret := range []string{"Pat", "Prime", "123456789", "987654321", "1980-04-02", "Bakery", "Hospital", "9000", "2400"} {
		if strings.Contains(string(raw), secret) {
			t.Errorf("got %q in the recorded input: %s", secret, raw)
		}
	}
}

func TestCleanFileName(t *testing.T) {
	for in, want := range map[string]string{
		"paystub.pdf":                     "paystub.pdf",
		`C:\Users\pat\Desktop\w2.pdf`:     "w2.pdf",
		"../../etc/passwd":                "passwd",
		"  bad\x00name\r\n.png ":          "badname.png",
		"":                                "document.pdf",
		"/":                               "document.pdf",
		strings.Repeat("a", 300) + ".pdf": strings.Repeat("a", 196) + ".pdf",
	} {
		if got := cleanFileName(in, "application/pdf"); got != want {
			t.Errorf("cleanFileName(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestSniffAcceptsOnlyDocumentsAndPhotos(t *testing.T) {
	heic := append([]byte{0, 0, 0, 0x18}, []byte("ftypheic\x00\x00\x00\x00mif1heic")...)
	for name, tc := range map[string]struct {
		body []byte
		want string
	}{
		"pdf":  {[]byte("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n"), "application/pdf"},
		"png":  {[]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), "image/png"},
		"jpeg": {[]byte{0xFF, 0xD8, 0xFF, 0xDB, 0, 0x43, 0}, "image/jpeg"},
		"heic": {heic, "image/heic"},
		"exe":  {[]byte("MZ\x90\x00\x03\x00\x00\x00"), ""},
		"zip":  {[]byte("PK\x03\x04\x14\x00\x00\x00"), ""},
		"svg":  {[]byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`), ""},
		"text": {[]byte("hello"), ""},
	} {
		got, err := sniff(tc.body)
		if got != tc.want || (tc.want == "") != (err != nil) {
			t.Errorf("%s: got %q %v, want %q", name, got, err, tc.want)
		}
	}
}
