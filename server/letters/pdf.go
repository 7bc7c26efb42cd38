package letters

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/heloc/heloc/server/domain"
)

// The adverse-action notice as a PDF, attached to the decline's letter and
// downloaded from the borrower's page: the notice's own content as the
// rules gave it (heloc.notice.adverse_action), laid out as the borrower's
// page shows it, in the PDF standard fonts (Helvetica, WinAnsi), so the
// file needs nothing embedded and no library: a few text pages, each a
// content stream of lines, with the cross-reference table every reader
// checks.

// NoticeFilename is the name of the notice's PDF, attached or downloaded.
const NoticeFilename = "notice-of-action-taken.pdf"

// noticeWording is the statutory wording a notice carries (the rules'
// tables.wording), read by the keys the borrower's page reads.
type noticeWording struct {
	Heading           string   `json:"heading"`
	Decision          string   `json:"decision"`
	ReasonsHeading    string   `json:"reasonsHeading"`
	ScoreHeading      string   `json:"scoreHeading"`
	ScoreIntro        string   `json:"scoreIntro"`
	NoScore           string   `json:"noScore"`
	KeyFactorsHeading string   `json:"keyFactorsHeading"`
	FCRAHeading       string   `json:"fcraHeading"`
	FCRA              []string `json:"fcra"`
	ECOAHeading       string   `json:"ecoaHeading"`
	ECOA              string   `json:"ecoa"`
	ECOAAgency        string   `json:"ecoaAgency"`
	Agency            []string `json:"agency"`
}

// NoticePDF is the notice n as a PDF document.
func NoticePDF(n *domain.AdverseActionNotice) ([]byte, error) {
	w := noticeWording{
		Heading: "Notice of action taken", ReasonsHeading: "Principal reasons for our decision",
		ScoreHeading: "Your credit score", KeyFactorsHeading: "Key factors that adversely affected your credit score",
		FCRAHeading: "Your rights under the Fair Credit Reporting Act", ECOAHeading: "Equal Credit Opportunity Act notice",
	}
	if len(n.Wording) > 0 && string(n.Wording) != "null" {
		if err := json.Unmarshal(n.Wording, &w); err != nil {
			return nil, fmt.Errorf("letters: the notice's wording: %w", err)
		}
	}
	day := n.Date
	if t, err := time.Parse(time.DateOnly, n.Date); err == nil {
		day = domain.FormatDay(t)
	}
	var d pdfDoc
	d.title = w.Heading
	d.add(styleTitle, w.Heading)
	d.add(styleSmall, fmt.Sprintf("%s · NMLS ID %s · %s · Notice %s", n.Creditor.Name, n.Creditor.NMLSID, day, n.NoticeID))
	d.add(styleText, w.Decision)

	d.add(styleHeading, w.ReasonsHeading)
	for _, r := range n.Reasons {
		d.add(styleBullet, r)
	}
	if reportUsed := n.Score != nil || n.Bureau.Name != ""; reportUsed {
		d.add(styleHeading, w.ScoreHeading)
		d.add(styleText, w.ScoreIntro)
		if n.Score == nil {
			d.add(styleText, cmp.Or(w.NoScore, "Your credit score: none"))
		} else {
			d.add(styleLine, "Your credit score: "+strconv.Itoa(*n.Score))
			d.add(styleLine, fmt.Sprintf("Scores range from a low of %d to a high of %d", n.ScoreRange.Min, n.ScoreRange.Max))
			if t, err := time.Parse(time.DateOnly, n.ScoreDate); err == nil {
				d.add(styleLine, "Date of the score: "+domain.FormatDay(t))
			}
		}
		if len(n.KeyFactors) > 0 {
			d.add(styleText, w.KeyFactorsHeading+":")
			for _, f := range n.KeyFactors {
				d.add(styleBullet, f)
			}
		}
		d.add(styleHeading, w.FCRAHeading)
		for _, p := range w.FCRA {
			d.add(styleText, p)
		}
		for _, l := range []string{n.Bureau.Name, n.Bureau.Address, n.Bureau.Phone, n.Bureau.Website} {
			d.add(styleLine, l)
		}
		d.gap()
	}
	d.add(styleHeading, w.ECOAHeading)
	d.add(styleText, w.ECOA)
	d.add(styleText, w.ECOAAgency)
	for _, l := range w.Agency {
		d.add(styleLine, l)
	}
	d.gap()
	d.add(styleText, "Creditor:")
	for _, l := range []string{n.Creditor.Name, n.Creditor.Address, "NMLS ID " + n.Creditor.NMLSID} {
		d.add(styleLine, l)
	}
	if n.Version != "" {
		d.gap()
		d.add(styleSmall, "Notice version "+n.Version)
	}
	return d.bytes(), nil
}

// A page is US Letter with one-inch margins.
const (
	pageWidth, pageHeight = 612.0, 792.0
	margin                = 72.0
)

// style is how a block of text is set: its font (F1 Helvetica, F2
// Helvetica-Bold), size, the room above it and its indent.
type style struct {
	font         string
	size, before float64
	indent       float64
	bullet       bool
}

var (
	styleTitle   = style{font: "F2", size: 18, before: 0}
	styleHeading = style{font: "F2", size: 13, before: 14}
	styleText    = style{font: "F1", size: 11, before: 7}
	styleLine    = style{font: "F1", size: 11, before: 1}
	styleBullet  = style{font: "F1", size: 11, before: 3, indent: 16, bullet: true}
	styleSmall   = style{font: "F1", size: 9, before: 4}
)

// pdfDoc lays out blocks of text on pages, top to bottom.
type pdfDoc struct {
	title string
	pages []*bytes.Buffer
	y     float64 // the baseline of the last line set on the current page
	extra float64 // room to leave above the next block
}

// gap leaves an empty line before the next block.
func (d *pdfDoc) gap() { d.extra += 8 }

// add sets text in s, wrapped to the page's width; nothing for empty text.
func (d *pdfDoc) add(s style, text string) {
	text = strings.Join(strings.Fields(text), " ")
	if text == "" {
		return
	}
	lead := s.size * 1.3
	width := pageWidth - 2*margin - s.indent
	bold := s.font == "F2"
	for i, line := range wrap(text, width, s.size, bold) {
		before := lead
		if i == 0 {
			before += s.before + d.extra
			d.extra = 0
		}
		if d.pages == nil || d.y-before < margin {
			d.pages = append(d.pages, &bytes.Buffer{})
			d.y = pageHeight - margin
			before = s.size // the first baseline sits one size below the top margin
		}
		d.y -= before
		page := d.pages[len(d.pages)-1]
		x := margin + s.indent
		if s.bullet && i == 0 {
			fmt.Fprintf(page, "BT /%s %.1f Tf %.2f %.2f Td (%s) Tj ET\n", s.font, s.size, x-11, d.y, pdfString("•"))
		}
		fmt.Fprintf(page, "BT /%s %.1f Tf %.2f %.2f Td (%s) Tj ET\n", s.font, s.size, x, d.y, pdfString(line))
	}
}

// wrap breaks text into lines no wider than width at size.
func wrap(text string, width, size float64, bold bool) []string {
	var lines []string
	line := ""
	for _, word := range strings.Split(text, " ") {
		try := word
		if line != "" {
			try = line + " " + word
		}
		if line != "" && textWidth(try, size, bold) > width {
			lines = append(lines, line)
			try = word
		}
		line = try
	}
	return append(lines, line)
}

// helvetica are the widths of Helvetica's printable ASCII characters, from
// space to tilde, in thousandths of the size (its Adobe font metrics).
var helvetica = [95]int{
	278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,
	556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,
	1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
	667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,
	333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,
	556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
}

// textWidth is about how wide s is set at size: Helvetica's widths, a
// tenth more for the bold, 556 for any other character.
func textWidth(s string, size float64, bold bool) float64 {
	em := 0 // thousandths of the font's size
	for _, r := range s {
		if r >= ' ' && r <= '~' {
			em += helvetica[r-' ']
		} else {
			em += 556
		}
	}
	w := float64(em) * size / 1000
	if bold {
		w *= 1.1
	}
	return w
}

// winAnsi are the characters beyond Latin-1 that WinAnsiEncoding has, by
// their code there.
var winAnsi = map[rune]byte{
	'€': 0x80, '‚': 0x82, '„': 0x84, '…': 0x85, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94,
	'•': 0x95, '–': 0x96, '—': 0x97, '™': 0x99,
}

// pdfString is s as the body of a PDF literal string in WinAnsiEncoding:
// the delimiters and backslash escaped, any character the encoding lacks
// as "?".
func pdfString(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '(' || r == ')' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r >= ' ' && r <= '~':
			b.WriteRune(r)
		case r >= 0xA0 && r <= 0xFF:
			fmt.Fprintf(&b, "\\%03o", r)
		case winAnsi[r] != 0:
			fmt.Fprintf(&b, "\\%03o", winAnsi[r])
		default:
			b.WriteByte('?')
		}
	}
	return b.String()
}

// bytes writes the document: the catalogue, the page tree, the two fonts,
// the document's title, then each page and its content, and the
// cross-reference table and trailer that point at each object.
func (d *pdfDoc) bytes() []byte {
	if d.pages == nil {
		d.pages = []*bytes.Buffer{{}}
	}
	var objects []string
	kids := make([]string, len(d.pages))
	for i := range d.pages {
		kids[i] = fmt.Sprintf("%d 0 R", 6+2*i)
	}
	objects = append(objects,
		"<< /Type /Catalog /Pages 2 0 R >>",
		fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d >>", strings.Join(kids, " "), len(d.pages)),
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>",
		fmt.Sprintf("<< /Title (%s) /Producer (heloc letters) >>", pdfString(d.title)),
	)
	for i, p := range d.pages {
		objects = append(objects,
			fmt.Sprintf("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %g %g] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents %d 0 R >>", pageWidth, pageHeight, 7+2*i),
			fmt.Sprintf("<< /Length %d >>\nstream\n%sendstream", p.Len(), p.String()),
		)
	}
	var out bytes.Buffer
	// The comment of high bytes tells a transfer the file is binary.
	out.WriteString("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
	offsets := make([]int, len(objects))
	for i, o := range objects {
		offsets[i] = out.Len()
		fmt.Fprintf(&out, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	xref := out.Len()
	fmt.Fprintf(&out, "xref\n0 %d\n0000000000 65535 f \n", len(objects)+1)
	for _, off := range offsets {
		fmt.Fprintf(&out, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&out, "trailer\n<< /Size %d /Root 1 0 R /Info 5 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objects)+1, xref)
	return out.Bytes()
}
