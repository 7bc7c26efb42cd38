package letters_test

import (
	"bytes"
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/letters"
)

// notice is a decline's notice as the rules give it (heloc.notice.adverse_action).
func notice(reasons ...string) *domain.AdverseActionNotice {
	score := 641
	return &domain.AdverseActionNotice{
		NoticeID: "n-1", Date: "2026-11-28", Reasons: reasons, Score: &score,
		ScoreRange: domain.ScoreRange{Min: 300, Max: 850}, ScoreDate: "2026-11-20",
		KeyFactors: []string{"Proportion of balances to credit limits is too high"},
		Bureau:     domain.Bureau{Name: "Equifax", Address: "P.O. Box 740241, Atlanta, GA 30374", Phone: "8006851111", Website: "www.equifax.com"},
		Creditor:   domain.Creditor{Name: "Keystone Home Equity", Address: "1 Main St, Philadelphia, PA 19103", NMLSID: "123456"},
		Version:    "AAN-2026-11.1",
		Wording: json.RawMessage(`{"heading":"Notice of action taken","decision":"We are unable to offer you a line at this time.",
			"reasonsHeading":"Principal reasons for our decision","fcraHeading":"Your rights under the Fair Credit Reporting Act",
			"fcra":["You have a right to a free copy of your report (within 60 days)."],"ecoaHeading":"Equal Credit Opportunity Act notice",
			"ecoa":"The Federal Equal Credit Opportunity Act prohibits creditors from discriminating against credit applicants’ rights.",
			"ecoaAgency":"The Federal agency that administers compliance with this law concerning this creditor is:",
			"agency":["Federal Trade Commission","Equal Credit Opportunity","Washington, DC 20580"]}`),
	}
}

// The notice's PDF is a PDF a reader opens: the header, every object where
// the cross-reference table says it is, the trailer naming the catalogue
// and the offset of the table; and it says the notice's principal reasons,
// the score, the bureau, the statutory wording and the creditor.
func TestTheNoticePDF(t *testing.T) {
	pdf, err := letters.NoticePDF(notice("Income insufficient for amount of credit requested", "Excessive obligations in relation to income"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(pdf, []byte("%PDF-1.")) || !bytes.HasSuffix(pdf, []byte("%%EOF\n")) {
		t.Fatalf("not a PDF's header and end: %q ... %q", pdf[:10], pdf[len(pdf)-10:])
	}
	// startxref points at the xref table.
	m := regexp.MustCompile(`startxref\n(\d+)\n%%EOF\n$`).FindSubmatch(pdf)
	if m == nil {
		t.Fatal("no startxref")
	}
	at, _ := strconv.Atoi(string(m[1]))
	if !bytes.HasPrefix(pdf[at:], []byte("xref\n0 ")) {
		t.Fatalf("startxref %d does not point at the xref table: %q", at, pdf[at:at+10])
	}
	table := regexp.MustCompile(`^xref\n0 (\d+)\n0000000000 65535 f \n((?:\d{10} 00000 n \n)+)trailer\n<< /Size (\d+) /Root 1 0 R /Info \d+ 0 R >>`).FindSubmatch(pdf[at:])
	if table == nil {
		t.Fatalf("the xref table or trailer is malformed:\n%s", pdf[at:])
	}
	entries := strings.Split(strings.TrimSuffix(string(table[2]), "\n"), "\n")
	if size, _ := strconv.Atoi(string(table[1])); size != len(entries)+1 || string(table[3]) != string(table[1]) {
		t.Fatalf("the table says %s objects and the trailer %s; it lists %d", table[1], table[3], len(entries)+1)
	}
	for i, e := range entries {
		off, _ := strconv.Atoi(e[:10])
		if want := strconv.Itoa(i+1) + " 0 obj\n"; !bytes.HasPrefix(pdf[off:], []byte(want)) {
			t.Errorf("object %d: the table points at %q", i+1, pdf[off:min(off+12, len(pdf))])
		}
	}
	// Each stream's /Length is its length.
	for _, s := range regexp.MustCompile(`(?s)<< /Length (\d+) >>\nstream\n(.*?)endstream`).FindAllSubmatch(pdf, -1) {
		if n, _ := strconv.Atoi(string(s[1])); n != len(s[2]) {
			t.Errorf("a stream says /Length %d and holds %d bytes", n, len(s[2]))
		}
	}
	if !bytes.Contains(pdf, []byte("/Type /Catalog /Pages 2 0 R")) || !bytes.Contains(pdf, []byte("/BaseFont /Helvetica")) {
		t.Error("no catalogue or font")
	}
	for _, want := range []string{
		"(Notice of action taken)", "(Principal reasons for our decision)",
		"(Income insufficient for amount of credit requested)", "(Excessive obligations in relation to income)",
		"(Your credit score: 641)", "(Equifax)", "(Equal Credit Opportunity Act notice)", "(Federal Trade Commission)",
		"(Keystone Home Equity)", "(NMLS ID 123456)", `applicants\222 rights.)`, `report \(within 60 days\).)`,
	} {
		if !bytes.Contains(pdf, []byte(want)) {
			t.Errorf("the PDF does not show %s", want)
		}
	}
}

// A notice too long for a page goes on to a second, and no line is set
// beyond the page's margins.
func TestTheNoticePDFBreaksPages(t *testing.T) {
	var reasons []string
	for i := range 40 {
		reasons = append(reasons, "Reason number "+strconv.Itoa(i)+" which is rather long and wraps onto a second line of the page as the words go on")
	}
	pdf, err := letters.NoticePDF(notice(reasons...))
	if err != nil {
		t.Fatal(err)
	}
	if m := regexp.MustCompile(`/Count (\d+)`).FindSubmatch(pdf); m == nil || string(m[1]) == "1" {
		t.Fatalf("got %q pages, want more than one", m)
	}
	for _, pos := range regexp.MustCompile(`Tf ([\d.]+) ([\d.]+) Td`).FindAllSubmatch(pdf, -1) {
		x, _ := strconv.ParseFloat(string(pos[1]), 64)
		y, _ := strconv.ParseFloat(string(pos[2]), 64)
		if x < 50 || y < 72 || y > 792-72 {
			t.Errorf("a line is set at %v,%v, outside the margins", x, y)
		}
	}
}
