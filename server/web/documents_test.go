package web_test

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"mime/multipart"
	"net"
	"net/http"
	"net/textproto"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/heloc/heloc/server/app"
	"github.com/heloc/heloc/server/blobs"
	"github.com/heloc/heloc/server/botcheck"
	"github.com/heloc/heloc/server/loans"
	"github.com/heloc/heloc/server/web"
)

type documentsView struct {
	Requirements struct {
		Borrower struct {
			Required map[string]int `json:"required"`
			Missing  map[string]int `json:"missing"`
		} `json:"borrower"`
		Coborrower   *struct{ Missing map[string]int } `json:"coborrower"`
		TotalMissing int                               `json:"totalMissing"`
		Documents    struct {
			Borrower []struct {
				Type     string `json:"type"`
				Uploaded int    `json:"uploaded"`
				Missing  int    `json:"missing"`
			} `json:"borrower"`
		} `json:"documents"`
	} `json:"requirements"`
	Uploads []struct {
		ID          string  `json:"id"`
		Type        string  `json:"type"`
		Party       string  `json:"party"`
		Side        *string `json:"side"`
		FileName    string  `json:"fileName"`
		ContentType string  `json:"contentType"`
		Size        int64   `json:"size"`
		UploadedAt  string  `json:"uploadedAt"`
	} `json:"uploads"`
	ReadOnly bool `json:"readOnly"`
	// MaxFileBytes is the upload limit the pages state.
	MaxFileBytes int64 `json:"maxFileBytes"`
}

// openDocumentsServer is a test server whose uploads go to a folder of the
// test's own, returned with it.
func openDocumentsServer(t *testing.T, cfg web.Config) (*testServer, string) {
	t.Helper()
	return openDocumentsServerWith(t, cfg, app.Config{})
}

// openDocumentsServerWith is openDocumentsServer with the services told
// svc as well.
func openDocumentsServerWith(t *testing.T, cfg web.Config, svc app.Config) (*testServer, string) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "uploads")
	u, err := blobs.FileURL(dir)
	if err != nil {
		t.Fatal(err)
	}
	bucket, err := blobs.Open(context.Background(), u)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { bucket.Close() })
	svc.Blobs = bucket
	if cfg.Now == nil {
		cfg.Now = func() time.Time { return time.Date(2026, 11, 22, 15, 0, 0, 0, time.UTC) }
	}
	return mustOpenServerWith(t, cfg, svc), dir
}

// scans counts the test files made, so that no two are the same file (the
// upload refuses one person's same file twice).
var scans atomic.Int64

// pngBytes is a real PNG image the size of a small scan (the upload
// refuses an image too small to read), a different one at each call, as
// no two scans are alike.
func pngBytes(t *testing.T) []byte {
	t.Helper()
	m := image.NewGray(image.Rect(0, 0, 400, 300))
	m.Pix[int(scans.Add(1))%len(m.Pix)] = 0xFF
	var buf bytes.Buffer
	if err := png.Encode(&buf, m); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

var pdfBytes = []byte("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n")

// pdfDoc is a PDF like pdfBytes, a different file at each call.
func pdfDoc() []byte {
	return fmt.Appendf(nil, "%%PDF-1.4\n%% scan %d\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%%%EOF\n", scans.Add(1))
}

// multipartUpload is the body the upload page sends: the fields, then the
// file.
func multipartUpload(t testing.TB, fields map[string]string, fileName string, content []byte) (string, string) {
	t.Helper()
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	for k, v := range fields {
		if err := w.WriteField(k, v); err != nil {
			t.Fatal(err)
		}
	}
	if content != nil {
		h := textproto.MIMEHeader{}
		h.Set("Content-Disposition", `form-data; name="file"; filename="`+fileName+`"`)
		h.Set("Content-Type", "application/octet-stream")
		part, err := w.CreatePart(h)
		if err != nil {
			t.Fatal(err)
		}
		part.Write(content)
	}
	w.Close()
	return w.FormDataContentType(), body.String()
}

func upload(b *browser, fields map[string]string, fileName string, content []byte, headers map[string]string) (*http.Response, wireResult) {
	b.t.Helper()
	ct, body := multipartUpload(b.t, fields, fileName, content)
	resp, out := b.send("POST", "/api/documents", ct, body, headers)
	return resp, decode[wireResult](b.t, out)
}

func documentsOf(t *testing.T, b *browser) documentsView {
	t.Helper()
	resp, res := b.trpc("GET", "documents.list", "")
	if resp.StatusCode != 200 {
		t.Fatalf("documents.list: got %d %+v", resp.StatusCode, res.Error)
	}
	return decode[documentsView](t, res.Result.Data)
}

func TestABorrowerUploadsAPaystubAndTheMissingCountDrops(t *testing.T) {
	s, dir := openDocumentsServer(t, web.Config{})
	b := s.browser(t)
	b.signIn("prime@example.com")
	reach(t, s, "prime@example.com", "application5") // pages 1 to 3 saved
	// A current job entered by hand: four paystubs and two W-2s are asked.
	if code, res := saveSection(b, "/app/application/4", `{"employments":[{"startDate":"2019-01-01","endDate":null,"employerName":"Acme"}],"employmentGaps":[]}`); code != 200 {
		t.Fatalf("got %d %+v", code, res.Error)
	}
	before := documentsOf(t, b)
	if before.MaxFileBytes != loans.DefaultUploadLimit {
		t.Errorf("got maxFileBytes %d, want the upload limit %d for the pages to state", before.MaxFileBytes, loans.DefaultUploadLimit)
	}
	if before.Requirements.Borrower.Missing["paystubs"] != 4 || len(before.Uploads) != 0 || before.ReadOnly {
		t.Fatalf("got %+v, want four paystubs missing and nothing uploaded", before.Requirements.Borrower)
	}

	photo := pngBytes(t)
	resp, res := upload(b, map[string]string{"type": "paystubs", "party": "borrower"}, "Pat Prime paystub October.png", photo, nil)
	if resp.StatusCode != 200 || res.Result == nil {
		t.Fatalf("got %d %+v, want the upload kept", resp.StatusCode, res.Error)
	}
	after := decode[documentsView](t, res.Result.Data)
	if len(after.Uploads) != 1 {
		t.Fatalf("got %+v, want the paystub listed", after.Uploads)
	}
	up := after.Uploads[0]
	if up.Type != "paystubs" || up.Party != "borrower" || up.Side != nil || up.FileName != "Pat Prime paystub October.png" ||
		up.ContentType != "image/png" || up.Size != int64(len(photo)) || up.UploadedAt == "" {
		t.Fatalf("got %+v, want the paystub as uploaded", up)
	}
	if after.Requirements.Borrower.Missing["paystubs"] != 3 || after.Requirements.TotalMissing != before.Requirements.TotalMissing-1 {
		t.Fatalf("got %+v (total %d), want one paystub fewer missing", after.Requirements.Borrower.Missing, after.Requirements.TotalMissing)
	}
	if listed := documentsOf(t, b); len(listed.Uploads) != 1 || listed.Requirements.Borrower.Missing["paystubs"] != 3 {
		t.Fatalf("got %+v, want documents.list to agree", listed)
	}

	t.Run("the owner downloads it as an attachment", func(t *testing.T) {
		resp, body := b.send("GET", "/api/documents/"+up.ID, "", "", nil)
		if resp.StatusCode != 200 || !bytes.Equal(body, photo) {
			t.Fatalf("got %d (%d bytes), want the photo back", resp.StatusCode, len(body))
		}
		if ct := resp.Header.Get("Content-Type"); ct != "image/png" {
			t.Fatalf("got Content-Type %q", ct)
		}
		if cd := resp.Header.Get("Content-Disposition"); !strings.HasPrefix(cd, "attachment;") || !strings.Contains(cd, "paystub") {
			t.Fatalf("got Content-Disposition %q, want an attachment with its name", cd)
		}
	})
	t.Run("the blob on disk is sealed and named at random", func(t *testing.T) {
		entries, err := os.ReadDir(dir)
		if err != nil || len(entries) != 1 {
			t.Fatalf("got %v %v, want one blob", entries, err)
		}
		name := entries[0].Name()
		if strings.Contains(strings.ToLower(name), "paystub") || strings.Contains(name, ".png") {
			t.Fatalf("got blob name %q, want a random one", name)
		}
		raw, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Contains(raw, photo[:16]) || bytes.Contains(raw, photo) || !bytes.HasPrefix(raw, []byte("v2.")) {
			t.Fatalf("got %q..., want the content sealed", raw[:min(len(raw), 32)])
		}
		if info, _ := entries[0].Info(); info.Mode().Perm() != 0o600 {
			t.Fatalf("got mode %v, want 0600", info.Mode().Perm())
		}
	})
	t.Run("another applicant can neither read nor remove it", func(t *testing.T) {
		other := s.browser(t)
		other.signIn("thin-file@example.com")
		if resp, _ := other.send("GET", "/api/documents/"+up.ID, "", "", nil); resp.StatusCode != 404 {
			t.Fatalf("got %d, want 404", resp.StatusCode)
		}
		if resp, _ := other.trpc("POST", "documents.remove", `{"id":"`+up.ID+`"}`); resp.StatusCode != 404 {
			t.Fatalf("got %d, want 404", resp.StatusCode)
		}
		if got := documentsOf(t, other); len(got.Uploads) != 0 {
			t.Fatalf("got %+v, want none of prime's documents listed", got.Uploads)
		}
		anon := s.browser(t)
		if resp, _ := anon.send("GET", "/api/documents/"+up.ID, "", "", nil); resp.StatusCode != 401 {
			t.Fatalf("got %d, want 401 without a session", resp.StatusCode)
		}
		if resp, _ := upload(anon, map[string]string{"type": "paystubs", "party": "borrower"}, "a.png", photo, nil); resp.StatusCode != 401 {
			t.Fatalf("got %d, want 401 without a session", resp.StatusCode)
		}
		if got := documentsOf(t, b); len(got.Uploads) != 1 {
			t.Fatalf("got %+v, want the paystub still there", got.Uploads)
		}
	})
	t.Run("the decision is recorded without personal data", func(t *testing.T) {
		d, err := s.DB.LatestDecision(context.Background(), loanOf(t, s, "prime@example.com").ID, "heloc.documents.requirements")
		if err != nil {
			t.Fatalf("got %v, want the requirements recorded", err)
		}
		if !strings.Contains(string(d.Input), `"uploads":[{"isCoborrower":false,"type":"paystubs"}]`) {
			t.Fatalf("got input %s, want the stored upload in it", d.Input)
		}
		for _, secret := range []string{"prime@example.com", "Acme", "paystub October"} {
			if strings.Contains(string(d.Input), secret) {
				t.Fatalf("got %q in the recorded input %s", secret, d.Input)
			}
		}
	})
	t.Run("the file name and bytes are never logged", func(t *testing.T) {
		if logs := s.log.String(); strings.Contains(logs, "Pat Prime paystub") {
			t.Fatal("got the file's name in the logs")
		}
	})
	t.Run("the owner removes it and the count goes back", func(t *testing.T) {
		resp, res := b.trpc("POST", "documents.remove", `{"id":"`+up.ID+`"}`)
		if resp.StatusCode != 200 {
			t.Fatalf("got %d %+v", resp.StatusCode, res.Error)
		}
		got := decode[documentsView](t, res.Result.Data)
		if len(got.Uploads) != 0 || got.Requirements.Borrower.Missing["paystubs"] != 4 {
			t.Fatalf("got %+v, want it gone and four paystubs missing again", got)
		}
		if entries, _ := os.ReadDir(dir); len(entries) != 0 {
			t.Fatalf("got %v, want the blob deleted", entries)
		}
		if resp, _ := b.send("GET", "/api/documents/"+up.ID, "", "", nil); resp.StatusCode != 404 {
			t.Fatalf("got %d, want 404 after removal", resp.StatusCode)
		}
	})
}

func TestUploadsAreCheckedByTheirBytesAndSize(t *testing.T) {
	s, dir := openDocumentsServerWith(t, web.Config{}, app.Config{UploadLimit: 64 << 10})
	b := s.browser(t)
	b.signIn("prime@example.com")
	paystub := map[string]string{"type": "paystubs", "party": "borrower"}
	var pixel bytes.Buffer
	if err := png.Encode(&pixel, image.NewGray(image.Rect(0, 0, 1, 1))); err != nil {
		t.Fatal(err)
	}
	encrypted := []byte("%PDF-1.6\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n<< /Root 1 0 R /Encrypt 9 0 R >>\n%%EOF\n")
	for _, tc := range []struct {
		name, fileName string
		content        []byte
		why            string
	}{
		{"a program named .pdf", "paystub.pdf", append([]byte("MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff\x00\x00"), bytes.Repeat([]byte{0}, 200)...), "not a PDF, JPEG, PNG or HEIC"},
		{"text named .pdf", "paystub.pdf", []byte("This is not really a paystub, just some text.\n"), "not a PDF"},
		{"HTML named .png", "photo.png", []byte("<!DOCTYPE html><html><script>alert(1)</script></html>"), "not a PDF"},
		{"an empty file", "empty.pdf", []byte{}, "Choose a file"},
		{"a 1x1 image", "paystub.png", pixel.Bytes(), "only 1 × 1 pixels, too small to read"},
		{"an encrypted PDF", "paystub.pdf", encrypted, "protected by a password"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp, res := upload(b, paystub, tc.fileName, tc.content, nil)
			if resp.StatusCode != 400 || res.Error == nil || !hasField(res.Error.Data.Fields, "file") || !strings.Contains(res.Error.Data.Fields[0].Message, tc.why) {
				t.Fatalf("got %d %+v, want 400 naming file: %s", resp.StatusCode, res.Error, tc.why)
			}
		})
	}
	t.Run("a file past the upload limit", func(t *testing.T) {
		big := append(append([]byte{}, pdfBytes...), bytes.Repeat([]byte("0"), 65<<10)...)
		resp, res := upload(b, paystub, "long statement.pdf", big, nil)
		if resp.StatusCode != 413 || res.Error == nil || !hasField(res.Error.Data.Fields, "file") || !strings.Contains(res.Error.Data.Fields[0].Message, "64 KB") {
			t.Fatalf("got %d %+v, want 413 naming file and the limit", resp.StatusCode, res.Error)
		}
	})
	t.Run("a body far past the limit is refused before it is read", func(t *testing.T) {
		// Only the request's head and the first 8 KiB of the body are
		// sent (the server reads that much before any handler): the answer
		// comes without the server waiting for the rest of the body it
		// announces.
		u, _ := url.Parse(s.URL)
		conn, err := net.Dial("tcp", u.Host)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		var cookies []string
		for _, c := range b.client.Jar.Cookies(u) {
			cookies = append(cookies, c.Name+"="+c.Value)
		}
		fmt.Fprintf(conn, "POST /api/documents HTTP/1.1\r\nHost: %s\r\nOrigin: %s\r\nX-Same-Origin: 1\r\nX-Recaptcha-Token: %s\r\n"+
			"Cookie: %s\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: %d\r\n\r\n",
			u.Host, s.URL, botcheck.SandboxPrefix+"api_update", strings.Join(cookies, "; "), 2<<20)
		conn.Write(bytes.Repeat([]byte("x"), 8<<10))
		conn.SetReadDeadline(time.Now().Add(10 * time.Second))
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode != 413 {
			t.Fatalf("got %d, want 413", resp.StatusCode)
		}
	})
	t.Run("a PDF and a JPEG by their bytes are kept", func(t *testing.T) {
		jpeg := append([]byte{0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 'J', 'F', 'I', 'F', 0x00}, bytes.Repeat([]byte{0}, 64)...)
		for name, content := range map[string][]byte{"scan": pdfBytes, "photo.jpg": jpeg} {
			if resp, res := upload(b, map[string]string{"type": "bankStatements", "party": "borrower"}, name, content, nil); resp.StatusCode != 200 {
				t.Fatalf("%s: got %d %+v", name, resp.StatusCode, res.Error)
			}
		}
		got := documentsOf(t, b)
		types := map[string]string{}
		for _, u := range got.Uploads {
			types[u.FileName] = u.ContentType
		}
		if types["scan.pdf"] != "application/pdf" || types["photo.jpg"] != "image/jpeg" {
			t.Fatalf("got %v, want the types sniffed from the bytes, and the name ending in the type's extension", types)
		}
	})
	if entries, _ := os.ReadDir(dir); len(entries) != 2 {
		t.Fatalf("got %d blobs, want only the two accepted files kept", len(entries))
	}
}

func TestUploadFieldsFitTheLoan(t *testing.T) {
	s, _ := openDocumentsServer(t, web.Config{})
	b := s.browser(t)
	b.signIn("prime@example.com") // no coborrower
	photo := pngBytes(t)
	for _, tc := range []struct {
		name   string
		fields map[string]string
		field  string
	}{
		{"a coborrower's document without a coborrower", map[string]string{"type": "paystubs", "party": "coborrower"}, "party"},
		{"nobody's", map[string]string{"type": "paystubs"}, "party"},
		{"an unknown type", map[string]string{"type": "selfie", "party": "borrower"}, "type"},
		{"no type", map[string]string{"party": "borrower"}, "type"},
		{"a side of a paystub", map[string]string{"type": "paystubs", "party": "borrower", "side": "front"}, "side"},
		{"a side that is none", map[string]string{"type": "idDocument", "party": "borrower", "side": "top"}, "side"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp, res := upload(b, tc.fields, "id.png", photo, nil)
			if resp.StatusCode != 400 || res.Error == nil || !hasField(res.Error.Data.Fields, tc.field) {
				t.Fatalf("got %d %+v, want 400 naming %s", resp.StatusCode, res.Error, tc.field)
			}
		})
	}
	t.Run("no file", func(t *testing.T) {
		resp, res := upload(b, map[string]string{"type": "paystubs", "party": "borrower"}, "", nil, nil)
		if resp.StatusCode != 400 || !hasField(res.Error.Data.Fields, "file") {
			t.Fatalf("got %d %+v, want 400 naming file", resp.StatusCode, res.Error)
		}
	})
	t.Run("the front and back of an ID", func(t *testing.T) {
		for _, side := range []string{"front", "back"} {
			if resp, res := upload(b, map[string]string{"type": "idDocument", "party": "borrower", "side": side}, side+".png", pngBytes(t), nil); resp.StatusCode != 200 {
				t.Fatalf("%s: got %d %+v", side, resp.StatusCode, res.Error)
			}
		}
		got := documentsOf(t, b)
		sides := map[string]bool{}
		for _, u := range got.Uploads {
			if u.Side != nil {
				sides[*u.Side] = true
			}
		}
		if !sides["front"] || !sides["back"] {
			t.Fatalf("got %+v, want both sides listed", got.Uploads)
		}
	})

	co := s.browser(t)
	co.signIn("coborrower@example.com")
	t.Run("a coborrower's document on a loan with one", func(t *testing.T) {
		resp, res := upload(co, map[string]string{"type": "paystubs", "party": "coborrower"}, "cora.png", photo, nil)
		if resp.StatusCode != 200 {
			t.Fatalf("got %d %+v", resp.StatusCode, res.Error)
		}
		if got := decode[documentsView](t, res.Result.Data); len(got.Uploads) != 1 || got.Uploads[0].Party != "coborrower" {
			t.Fatalf("got %+v, want it on the coborrower's side", got.Uploads)
		}
	})
}

func TestUploadGuardsAreThoseOfAMutation(t *testing.T) {
	s, dir := openDocumentsServer(t, web.Config{})
	b := s.browser(t)
	b.signIn("prime@example.com")
	photo := pngBytes(t)
	fields := map[string]string{"type": "paystubs", "party": "borrower"}
	for _, tc := range []struct {
		name    string
		headers map[string]string
		status  int
	}{
		{"without X-Same-Origin", map[string]string{"X-Same-Origin": ""}, 403},
		{"from another site", map[string]string{"Origin": "https://evil.example"}, 403},
		{"without the human check", map[string]string{"X-Recaptcha-Token": ""}, 403},
		{"with a failed human check", map[string]string{"X-Recaptcha-Token": "nope"}, 403},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp, res := upload(b, fields, "p.png", photo, tc.headers)
			if resp.StatusCode != tc.status || res.Error == nil {
				t.Fatalf("got %d %+v, want %d in the tRPC error shape", resp.StatusCode, res.Error, tc.status)
			}
		})
	}
	t.Run("a JSON body", func(t *testing.T) {
		resp, _ := b.send("POST", "/api/documents", "application/json", `{"type":"paystubs"}`, nil)
		if resp.StatusCode != 400 {
			t.Fatalf("got %d, want 400", resp.StatusCode)
		}
	})
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Fatalf("got %d blobs, want none kept from refused uploads", len(entries))
	}
}

func TestOtherRoutesKeepTheirBodyLimit(t *testing.T) {
	// The server reads an upload's 10 MiB, but a tRPC call or a sign-in
	// form past BodyLimit (1 MiB) is still refused.
	s, _ := openDocumentsServer(t, web.Config{})
	b := s.browser(t)
	pad := strings.Repeat("x", 1<<20)
	resp, out := b.send("POST", "/api/trpc/identity.createAccount", "application/json", `{"pad":"`+pad+`"}`, nil)
	if resp.StatusCode != 413 {
		t.Fatalf("got %d %s, want 413", resp.StatusCode, out[:min(len(out), 200)])
	}
	if we := decode[wireResult](t, out); we.Error == nil || we.Error.Data.Code != "PAYLOAD_TOO_LARGE" {
		t.Fatalf("got %s, want the tRPC error shape", out)
	}
	if resp, _ := b.send("POST", "/api/authApplicant/callback/otp", "application/x-www-form-urlencoded", "email="+pad, nil); resp.StatusCode != 413 {
		t.Fatalf("got %d, want 413 on a sign-in form", resp.StatusCode)
	}
}

func TestNoUploadAfterSubmission(t *testing.T) {
	s, _ := openDocumentsServer(t, web.Config{})
	b := s.browser(t)
	b.signIn("prime@example.com")
	photo := pngBytes(t)
	resp, res := upload(b, map[string]string{"type": "bankStatements", "party": "borrower"}, "statement.png", photo, nil)
	if resp.StatusCode != 200 {
		t.Fatalf("got %d %+v", resp.StatusCode, res.Error)
	}
	id := decode[documentsView](t, res.Result.Data).Uploads[0].ID
	loan := loanOf(t, s, "prime@example.com")
	if err := s.DB.UpdateLoanStatus(context.Background(), loan.ID, "applicationSubmitted"); err != nil {
		t.Fatal(err)
	}
	if resp, res := upload(b, map[string]string{"type": "bankStatements", "party": "borrower"}, "late.png", photo, nil); resp.StatusCode != 403 {
		t.Fatalf("got %d %+v, want 403 after submission", resp.StatusCode, res.Error)
	}
	if resp, _ := b.trpc("POST", "documents.remove", `{"id":"`+id+`"}`); resp.StatusCode != 403 {
		t.Fatalf("got %d, want 403 after submission", resp.StatusCode)
	}
	got := documentsOf(t, b)
	if !got.ReadOnly || len(got.Uploads) != 1 {
		t.Fatalf("got %+v, want the document kept and the list read-only", got)
	}
	if resp, body := b.send("GET", "/api/documents/"+id, "", "", nil); resp.StatusCode != 200 || !bytes.Equal(body, photo) {
		t.Fatalf("got %d, want the owner still able to read it", resp.StatusCode)
	}
}

func TestContinueFromTheUploadPageOnceNothingIsMissing(t *testing.T) {
	s, _ := openDocumentsServer(t, web.Config{})
	b := s.browser(t)
	b.signIn("prime@example.com")
	reach(t, s, "prime@example.com", "application5") // pages 1 to 3 saved
	if code, res := saveSection(b, "/app/application/4", `{"employments":[{"startDate":"2019-01-01","endDate":null,"employerName":"Acme"}],"employmentGaps":[]}`); code != 200 {
		t.Fatalf("got %d %+v", code, res.Error)
	}
	before := loanOf(t, s, "prime@example.com").ApplicationStatus
	resp, res := b.trpc("POST", "documents.complete", "")
	if resp.StatusCode != 400 || !hasField(res.Error.Data.Fields, "documents") || !strings.Contains(res.Error.Data.Fields[0].Message, "paystubs") {
		t.Fatalf("got %d %+v, want 400 at documents naming the paystubs", resp.StatusCode, res.Error)
	}
	if got := loanOf(t, s, "prime@example.com").ApplicationStatus; got != before {
		t.Fatalf("got status %q, want it kept at %q", got, before)
	}
	for _, d := range documentsOf(t, b).Requirements.Documents.Borrower {
		for range d.Missing {
			if resp, res := upload(b, map[string]string{"type": d.Type, "party": "borrower"}, d.Type+".png", pngBytes(t), nil); resp.StatusCode != 200 {
				t.Fatalf("%s: got %d %+v", d.Type, resp.StatusCode, res.Error)
			}
		}
	}
	if got := documentsOf(t, b); got.Requirements.TotalMissing != 0 {
		t.Fatalf("got %+v, want nothing missing", got.Requirements)
	}
	reach(t, s, "prime@example.com", "incomeDocs") // the pages up to the upload page saved
	if resp, res := b.trpc("POST", "documents.complete", ""); resp.StatusCode != 200 {
		t.Fatalf("got %d %+v", resp.StatusCode, res.Error)
	}
	if got := loanOf(t, s, "prime@example.com").ApplicationStatus; got != "loanDisbursement" {
		t.Fatalf("got status %q, want loanDisbursement, the step of the page after the upload page", got)
	}
}

func TestPortalStaffReadDocumentsByTheirRole(t *testing.T) {
	s, _ := openDocumentsServer(t, web.Config{Now: time.Now}) // the authenticator codes are of the real clock
	b := s.browser(t)
	b.signIn("prime@example.com")
	photo := pngBytes(t)
	resp, res := upload(b, map[string]string{"type": "bankStatements", "party": "borrower"}, "statement.png", photo, nil)
	if resp.StatusCode != 200 {
		t.Fatalf("got %d %+v", resp.StatusCode, res.Error)
	}
	id := decode[documentsView](t, res.Result.Data).Uploads[0].ID

	const pw = "staff password 1"
	admin := s.browser(t)
	admin.signInStaff(s.enrol(t, "ada@example.com", "administrator", pw), pw)
	if resp, body := admin.send("GET", "/api/documents/"+id, "", "", nil); resp.StatusCode != 200 || !bytes.Equal(body, photo) {
		t.Fatalf("got %d, want an administrator to read it", resp.StatusCode)
	}
	if !strings.Contains(s.log.String(), `"document_id":"`+id+`"`) {
		t.Fatal("got no log line of the portal user's read")
	}
	// A loan officer reads only the loans assigned to them; none is.
	officer := s.browser(t)
	officer.signInStaff(s.enrol(t, "lou@example.com", "loanOfficer", pw), pw)
	if resp, _ := officer.send("GET", "/api/documents/"+id, "", "", nil); resp.StatusCode != 403 {
		t.Fatalf("got %d, want 403 for a loan officer without the loan", resp.StatusCode)
	}
}
