package loans

import (
	"bytes"
	"image"
	"image/jpeg"
	"image/png"
	"io"
	"strings"
	"testing"

	"github.com/heloc/heloc/server/domain"
)

// inspect streams body through a fileInspector in small writes, as a
// file arrives, and answers its refusal's words ("" for none).
func inspect(t *testing.T, contentType string, body []byte) string {
	t.Helper()
	f := &fileInspector{contentType: contentType}
	if _, err := io.CopyBuffer(f, bytes.NewReader(body), make([]byte, 7)); err != nil {
		t.Fatal(err)
	}
	err := f.problem()
	if err == nil {
		return ""
	}
	fields := domain.ErrorFields(err)
	if len(fields) != 1 || fields[0].Path != "file" {
		t.Fatalf("got %v, want the refusal at file", err)
	}
	return fields[0].Message
}

func encoded(t *testing.T, w, h int, encode func(io.Writer, image.Image) error) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := encode(&buf, image.NewGray(image.Rect(0, 0, w, h))); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func jpegEncode(w io.Writer, m image.Image) error { return jpeg.Encode(w, m, nil) }

// An image too small to read is refused with its size; a scan or a photo
// is kept.
func TestAnImageTooSmallToReadIsRefused(t *testing.T) {
	for _, tc := range []struct {
		name        string
		contentType string
		body        []byte
		want        string
	}{
		{"1x1 png", "image/png", encoded(t, 1, 1, png.Encode), "only 1 × 1 pixels, too small to read"},
		{"thumbnail jpeg", "image/jpeg", encoded(t, 160, 120, jpegEncode), "only 160 × 120 pixels"},
		{"ID card scan", "image/png", encoded(t, 340, 215+100, png.Encode), ""},
		{"phone photo", "image/jpeg", encoded(t, 1200, 1600, jpegEncode), ""},
		{"damaged header", "image/png", []byte("\x89PNG\r\n\x1a\nnot an image"), ""},
	} {
		if got := inspect(t, tc.contentType, tc.body); (tc.want == "") != (got == "") || !strings.Contains(got, tc.want) {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
	}
}

// A PDF whose trailer names an /Encrypt dictionary is refused, wherever
// the key falls in the stream; a plain one, or one whose text says
// "Encrypt", is kept.
func TestAnEncryptedPDFIsRefused(t *testing.T) {
	plain := "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"
	for name, tc := range map[string]struct {
		body string
		want string
	}{
		"encrypted":                {strings.Repeat("x", 5000) + "trailer\n<< /Root 1 0 R /Encrypt 5 0 R /ID [<a><b>] >>\n%%EOF", "protected by a password"},
		"encrypted, inline":        {"%PDF-1.7\ntrailer << /Encrypt << /Filter /Standard /V 2 >> >>", "protected by a password"},
		"plain":                    {plain, ""},
		"the word Encrypt in text": {"%PDF-1.4\n(How to Encrypt a file) Tj\n" + plain, ""},
	} {
		if got := inspect(t, "application/pdf", []byte(tc.body)); (tc.want == "") != (got == "") || !strings.Contains(got, tc.want) {
			t.Errorf("%s: got %q, want %q", name, got, tc.want)
		}
	}
}
