package web_test

import (
	"bytes"
	"compress/gzip"
	"crypto/rand"
	"fmt"
	"io"
	"net"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/heloc/heloc/server/botcheck"
	"github.com/heloc/heloc/server/web"
)

// gzipBomb is a small gzip body that inflates to n bytes of zeros.
func gzipBomb(t *testing.T, n int) string {
	t.Helper()
	var buf bytes.Buffer
	w, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	zeros := make([]byte, 1<<20)
	for range n >> 20 {
		w.Write(zeros)
	}
	w.Close()
	return buf.String()
}

// A compressed body is refused on every route, unread: the server never
// inflates it (Fiber's c.Body() would, without a limit on what comes out).
func TestCompressedBodiesAreRefusedUnread(t *testing.T) {
	s, _ := openDocumentsServer(t, web.Config{})
	b := s.browser(t)
	b.signIn("prime@example.com")
	bomb := gzipBomb(t, 256<<20) // about 250 KiB that inflates to 256 MiB
	for _, tc := range []struct {
		name, path, contentType, encoding string
		auth                              bool
	}{
		{"the client log, gzip", "/api/authApplicant/_log", "application/x-www-form-urlencoded", "gzip", true},
		{"a sign-in, zstd", "/api/authApplicant/callback/otp", "application/x-www-form-urlencoded", "zstd", true},
		{"a tRPC call, gzip", "/api/trpc/prequal.estimate", "application/json", "gzip", false},
		{"a tRPC call, deflate", "/api/trpc/prequal.estimate", "application/json", "deflate", false},
		{"a tRPC call, brotli", "/api/trpc/prequal.estimate", "application/json", "br", false},
		{"an upload, gzip", "/api/documents", "multipart/form-data; boundary=x", "gzip", false},
		{"an unknown API, gzip, upper case", "/api/nothing", "application/json", "GZIP", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
			resp, out := b.send("POST", tc.path, tc.contentType, bomb, map[string]string{"Content-Encoding": tc.encoding})
			if resp.StatusCode != 415 {
				t.Fatalf("got %d %.200s, want 415", resp.StatusCode, out)
			}
			if took := time.Since(start); took > 5*time.Second {
				t.Fatalf("took %v to refuse", took)
			}
			if tc.auth {
				if a := decode[authAnswer](t, out); a.Error == "" {
					t.Fatalf("got %s, want the auth error shape", out)
				}
				return
			}
			if we := decode[wireResult](t, out); we.Error == nil || we.Error.Data.Code != "UNSUPPORTED_MEDIA_TYPE" {
				t.Fatalf("got %s, want UNSUPPORTED_MEDIA_TYPE in the tRPC shape", out)
			}
		})
	}
	t.Run("identity is the same as none", func(t *testing.T) {
		resp, out := b.send("POST", "/api/trpc/prequal.estimate", "application/json", `{}`, map[string]string{"Content-Encoding": "identity"})
		if resp.StatusCode == 415 {
			t.Fatalf("got 415 %s for identity", out)
		}
	})
}

// A stored file is named by what its bytes are: a PDF named invoice.html is
// kept and sent back as invoice.pdf, so that saved and opened it is never a
// page that runs.
func TestStoredFilesAreNamedByTheirSniffedType(t *testing.T) {
	s, _ := openDocumentsServer(t, web.Config{})
	b := s.browser(t)
	b.signIn("prime@example.com")
	for _, tc := range []struct {
		sent    string
		content []byte
		want    string
	}{
		{"invoice.html", pdfDoc(), "invoice.pdf"},
		{"x.pdf.hta", pdfDoc(), "x.pdf"},
		{"x.svg", pngBytes(t), "x.png"},
		{"statement.PDF", pdfDoc(), "statement.PDF"},
		{".htaccess", pdfDoc(), "document.pdf"},
		{"scan", pngBytes(t), "scan.png"},
	} {
		t.Run(tc.sent, func(t *testing.T) {
			resp, res := upload(b, map[string]string{"type": "bankStatements", "party": "borrower"}, tc.sent, tc.content, nil)
			if resp.StatusCode != 200 {
				t.Fatalf("got %d %+v", resp.StatusCode, res.Error)
			}
			view := decode[documentsView](t, res.Result.Data)
			got := view.Uploads[len(view.Uploads)-1]
			for _, u := range view.Uploads {
				if u.UploadedAt >= got.UploadedAt && u.FileName == tc.want {
					got = u
				}
			}
			if got.FileName != tc.want {
				t.Fatalf("kept as %q, want %q", got.FileName, tc.want)
			}
			dl, _ := b.send("GET", "/api/documents/"+got.ID, "", "", nil)
			if cd := dl.Header.Get("Content-Disposition"); !strings.Contains(cd, `filename=`+tc.want) && !strings.Contains(cd, `filename="`+tc.want+`"`) {
				t.Fatalf("sent back as %q, want the name %q", cd, tc.want)
			}
		})
	}
}

// A file larger than a few sealing chunks streams in and back out byte for
// byte; a field sent after the file is refused, not ignored, and leaves
// nothing stored.
func TestUploadsStreamAndComeBackWhole(t *testing.T) {
	s, dir := openDocumentsServer(t, web.Config{})
	b := s.browser(t)
	b.signIn("prime@example.com")
	big := make([]byte, 5<<20+12345)
	rand.Read(big)
	content := append(append([]byte{}, pdfBytes...), big...)
	resp, res := upload(b, map[string]string{"type": "bankStatements", "party": "borrower"}, "statement.pdf", content, nil)
	if resp.StatusCode != 200 {
		t.Fatalf("got %d %+v", resp.StatusCode, res.Error)
	}
	up := decode[documentsView](t, res.Result.Data).Uploads[0]
	if up.Size != int64(len(content)) {
		t.Fatalf("got size %d, want %d", up.Size, len(content))
	}
	dl, body := b.send("GET", "/api/documents/"+up.ID, "", "", nil)
	if dl.StatusCode != 200 || !bytes.Equal(body, content) {
		t.Fatalf("got %d and %d bytes back, want the %d bytes sent", dl.StatusCode, len(body), len(content))
	}

	var buf bytes.Buffer
	fmt.Fprintf(&buf, "--x\r\nContent-Disposition: form-data; name=\"type\"\r\n\r\nbankStatements\r\n")
	fmt.Fprintf(&buf, "--x\r\nContent-Disposition: form-data; name=\"file\"; filename=\"late.pdf\"\r\n\r\n%s\r\n", pdfBytes)
	fmt.Fprintf(&buf, "--x\r\nContent-Disposition: form-data; name=\"party\"\r\n\r\nborrower\r\n--x--\r\n")
	resp, out := b.send("POST", "/api/documents", "multipart/form-data; boundary=x", buf.String(), nil)
	if resp.StatusCode != 400 {
		t.Fatalf("a field after the file: got %d %s, want 400", resp.StatusCode, out)
	}
	if got := documentsOf(t, b); len(got.Uploads) != 1 {
		t.Fatalf("got %d uploads, want only the first", len(got.Uploads))
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Fatalf("got %d blobs, want only the first file's", len(entries))
	}
}

// Uploads run at most UploadConcurrency at once: one more waits two
// seconds for a slot, then answers 429 with Retry-After, unread.
func TestUploadsAreBoundedAtOnce(t *testing.T) {
	s, _ := openDocumentsServer(t, web.Config{UploadConcurrency: 1})
	b := s.browser(t)
	b.signIn("prime@example.com")
	u, _ := url.Parse(s.URL)
	var cookies []string
	for _, c := range b.client.Jar.Cookies(u) {
		cookies = append(cookies, c.Name+"="+c.Value)
	}
	// The first upload sends its fields and the start of its file, then
	// holds the slot while it "sends" the rest.
	conn := stalledUpload(t, s.URL, cookies)
	defer conn.Close()
	time.Sleep(300 * time.Millisecond)

	start := time.Now()
	resp, res := upload(b, map[string]string{"type": "bankStatements", "party": "borrower"}, "second.pdf", pdfBytes, nil)
	if resp.StatusCode != 429 || resp.Header.Get("Retry-After") == "" || res.Error == nil || res.Error.Data.Code != "TOO_MANY_REQUESTS" {
		t.Fatalf("got %d (Retry-After %q) %+v, want 429 with Retry-After", resp.StatusCode, resp.Header.Get("Retry-After"), res.Error)
	}
	if waited := time.Since(start); waited < time.Second {
		t.Fatalf("answered after %v, want a wait for a slot first", waited)
	}
	conn.Close() // the first upload fails; its slot is free again
	deadline := time.Now().Add(5 * time.Second)
	for {
		resp, res = upload(b, map[string]string{"type": "bankStatements", "party": "borrower"}, "third.pdf", pdfBytes, nil)
		if resp.StatusCode == 200 || time.Now().After(deadline) {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if resp.StatusCode != 200 {
		t.Fatalf("after the first ended: got %d %+v, want the upload taken", resp.StatusCode, res.Error)
	}
}

// A client still sending a body the server refuses reads the refusal, not
// a reset connection: the server answers first, then reads and throws
// away what keeps coming for a while before it closes. The next request
// goes on a new connection.
func TestARefusedBodyIsAnsweredWhileItIsStillSent(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	b := s.browser(t)
	big := strings.Repeat("x", 40<<20)
	for i := range 5 {
		start := time.Now()
		resp, out := b.send("POST", "/api/trpc/prequal.estimate", "application/json", big, nil)
		if resp.StatusCode != 413 {
			t.Fatalf("try %d: got %d %.200s, want 413", i+1, resp.StatusCode, out)
		}
		if took := time.Since(start); took > 3*time.Second {
			t.Fatalf("try %d: answered in %v", i+1, took)
		}
		if resp, _ := b.send("POST", "/api/trpc/prequal.estimate", "application/json", `{}`, nil); resp.StatusCode == 413 || resp.StatusCode >= 500 {
			t.Fatalf("the next call: got %d", resp.StatusCode)
		}
	}
}

// A body no handler read is never read as the next request, whatever
// answered (here Fiber's own 501 for a method it does not know, before any
// route's guard): the connection ends after the answer. Before, the rest
// of the body, a request of the client's making, was answered as one.
func TestAnUnreadBodyIsNeverTheNextRequest(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	u, _ := url.Parse(s.URL)
	conn, err := net.Dial("tcp", u.Host)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	smuggled := "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"
	body := strings.Repeat("p", 8<<10) + smuggled
	fmt.Fprintf(conn, "FOO / HTTP/1.1\r\nHost: %s\r\nContent-Length: %d\r\n\r\n%s", u.Host, len(body), body)
	fmt.Fprintf(conn, "GET /api/nothing HTTP/1.1\r\nHost: %s\r\n\r\n", u.Host)
	conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	all, _ := io.ReadAll(conn)
	if n := strings.Count(string(all), "HTTP/1.1 "); n != 1 || strings.Contains(string(all), "HTTP/1.1 200") {
		t.Fatalf("got %d answers on one connection, want only the first:\n%.600s", n, all)
	}
}

// stalledUpload starts an upload that sends its fields and the start of
// its file, then nothing more: it holds an upload slot until closed.
func stalledUpload(t *testing.T, base string, cookies []string) net.Conn {
	t.Helper()
	u, _ := url.Parse(base)
	conn, err := net.Dial("tcp", u.Host)
	if err != nil {
		t.Fatal(err)
	}
	head := "--x\r\nContent-Disposition: form-data; name=\"type\"\r\n\r\nbankStatements\r\n" +
		"--x\r\nContent-Disposition: form-data; name=\"party\"\r\n\r\nborrower\r\n" +
		"--x\r\nContent-Disposition: form-data; name=\"file\"; filename=\"slow.pdf\"\r\n\r\n" + string(pdfBytes) + strings.Repeat("0", 16<<10)
	fmt.Fprintf(conn, "POST /api/documents HTTP/1.1\r\nHost: %s\r\nOrigin: %s\r\nX-Same-Origin: 1\r\nX-Recaptcha-Token: %s\r\n"+
		"Cookie: %s\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: %d\r\n\r\n%s",
		u.Host, base, botcheck.SandboxPrefix+"api_update", strings.Join(cookies, "; "), 1<<20, head)
	return conn
}

// One applicant holds at most two upload slots at once, however many are
// free: a third upload of theirs waits for one of the two, then is told to
// retry, while another applicant's goes through.
func TestOneApplicantCannotTakeEveryUploadSlot(t *testing.T) {
	s, _ := openDocumentsServer(t, web.Config{})
	b := s.browser(t)
	b.signIn("prime@example.com")
	u, _ := url.Parse(s.URL)
	var cookies []string
	for _, c := range b.client.Jar.Cookies(u) {
		cookies = append(cookies, c.Name+"="+c.Value)
	}
	for range 2 {
		conn := stalledUpload(t, s.URL, cookies)
		defer conn.Close()
	}
	time.Sleep(300 * time.Millisecond)
	start := time.Now()
	resp, res := upload(b, map[string]string{"type": "bankStatements", "party": "borrower"}, "third.pdf", pdfBytes, nil)
	if took := time.Since(start); resp.StatusCode != 429 || res.Error == nil || took < time.Second {
		t.Fatalf("a third upload at once: got %d %+v after %v, want 429 after a wait", resp.StatusCode, res.Error, took)
	}
	other := s.browser(t)
	other.signIn("coborrower@example.com")
	if resp, res := upload(other, map[string]string{"type": "bankStatements", "party": "borrower"}, "mine.pdf", pdfBytes, nil); resp.StatusCode != 200 {
		t.Fatalf("another applicant: got %d %+v, want the upload taken", resp.StatusCode, res.Error)
	}
}
