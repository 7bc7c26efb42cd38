// Command memprobe attacks a server of its own with the bodies of issue 19
// and reports its memory: the resident set (VmRSS) before, at its highest
// while the attack runs (sampled every 20 ms), and after. It is a
// measurement, not a test: run it on a quiet machine with
//
//	make memprobe        (or: go run ./server/cmd/memprobe -bin bin/heloc)
//
// It starts bin/heloc with a fresh SQLite database and the demo data in a
// temporary folder, on a free port, and stops it at the end. The attacks:
//
//   - compressed bodies (a gzip body of about 1 MiB and a zstd body of 32
//     KiB that inflate to 1 GiB and more) to the client log, a sign-in, a
//     tRPC call and the upload route: each answered 4xx, in how long, and
//     the RSS after them against the 50 MB budget;
//   - 200 concurrent anonymous 10 MiB bodies to prequal.estimate: the RSS
//     at its highest against the 300 MB budget;
//   - 32 concurrent 10 MiB uploads by signed-in applicants: how many were
//     taken, every one read back and compared byte for byte, and the RSS at
//     its highest against the 500 MB budget.
//
// It exits 1 when a budget is missed or a file does not come back whole.
package main

import (
	"bytes"
	"compress/gzip"
	"crypto/rand"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/klauspost/compress/zstd"
)

const (
	mib       = 1 << 20
	botToken  = "sandbox.api_update"
	fileSize  = 10 * mib
	budgetZip = 50
	budgetBig = 300
	budgetUp  = 500
)

func main() {
	bin := flag.String("bin", "bin/heloc", "the server binary")
	flag.Parse()
	if err := run(*bin); err != nil {
		fmt.Fprintln(os.Stderr, "memprobe:", err)
		os.Exit(1)
	}
}

type server struct {
	cmd  *exec.Cmd
	base string
}

func start(bin string) (*server, error) {
	dir, err := os.MkdirTemp("", "memprobe-")
	if err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	cmd := exec.Command(bin, "serve")
	cmd.Env = append(os.Environ(), "PORT="+strconv.Itoa(port), "DATA_DIR="+dir, "LOG_LEVEL=warn",
		"DATABASE_URL="+filepath.Join(dir, "heloc.db"), "BLOB_URL=file://"+filepath.Join(dir, "uploads"))
	cmd.Stdout, cmd.Stderr = io.Discard, os.Stderr
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	s := &server{cmd: cmd, base: fmt.Sprintf("http://127.0.0.1:%d", port)}
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if resp, err := http.Get(s.base + "/healthz"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return s, nil
			}
		}
	}
	s.stop()
	return nil, errors.New("the server did not start within a minute")
}

func (s *server) stop() {
	_ = s.cmd.Process.Kill()
	_ = s.cmd.Wait()
}

// rss is the server's resident set in MB.
func (s *server) rss() float64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", s.cmd.Process.Pid))
	if err != nil {
		return -1
	}
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "VmRSS:" {
			kb, _ := strconv.ParseFloat(f[1], 64)
			return kb / 1024
		}
	}
	return -1
}

// peak runs fn and says the highest RSS seen while it ran.
func (s *server) peak(fn func()) float64 {
	var top atomic.Uint64
	done := make(chan struct{})
	go func() {
		t := time.NewTicker(20 * time.Millisecond)
		defer t.Stop()
		for {
			if r := uint64(s.rss() * 1024); r > top.Load() {
				top.Store(r)
			}
			select {
			case <-done:
				return
			case <-t.C:
			}
		}
	}()
	fn()
	close(done)
	return float64(top.Load()) / 1024
}

func run(bin string) error {
	s, err := start(bin)
	if err != nil {
		return err
	}
	defer s.stop()
	failed := false
	check := func(ok bool, format string, args ...any) {
		mark := "ok  "
		if !ok {
			mark, failed = "FAIL", true
		}
		fmt.Printf("%s "+format+"\n", append([]any{mark}, args...)...)
	}
	// Warm the server up the way a visitor would before measuring.
	for range 20 {
		get(s.base + "/")
		get(s.base + "/api/trpc/system.info")
	}
	before := s.rss()
	fmt.Printf("server %s (pid %d), RSS after warm-up %.0f MB\n\n", s.base, s.cmd.Process.Pid, before)

	// 1. Compressed bodies.
	gz := gzipBomb(1 << 30)
	zs := zstdBomb(1 << 30)
	fmt.Printf("1. compressed bodies: gzip %d KiB (inflates to 1 GiB), zstd %d KiB (inflates to 1 GiB), and 1 GiB of gzip\n", len(gz)>>10, len(zs)>>10)
	top := s.peak(func() {
		for _, tc := range []struct{ path, ct string }{
			{"/api/authApplicant/_log", "application/x-www-form-urlencoded"},
			{"/api/authApplicant/callback/otp", "application/x-www-form-urlencoded"},
			{"/api/trpc/prequal.estimate", "application/json"},
			{"/api/documents", "multipart/form-data; boundary=x"},
		} {
			for _, enc := range []struct {
				name string
				body []byte
			}{{"gzip", gz}, {"zstd", zs}} {
				start := time.Now()
				status, err := post(s.base+tc.path, tc.ct, enc.body, map[string]string{"Content-Encoding": enc.name, "Origin": s.base})
				took := time.Since(start)
				if err != nil {
					fmt.Printf("     (%v)\n", err)
				}
				check(status >= 400 && status < 500 && took < time.Second, "%s to %s answered %d in %v", enc.name, tc.path, status, took.Round(time.Millisecond))
			}
			// A gzip body of any size: 1 GiB, sent chunked as it is made.
			start := time.Now()
			status, err := postStream(s.base+tc.path, tc.ct, endlessGzip(1<<30), map[string]string{"Content-Encoding": "gzip", "Origin": s.base})
			took := time.Since(start)
			check(status >= 400 && status < 500 && took < time.Second, "a 1 GiB gzip body, chunked, to %s answered %d in %v %s", tc.path, status, took.Round(time.Millisecond), errOrEmpty(err))
		}
	})
	after := s.rss()
	check(after-before < budgetZip && top-before < budgetZip, "RSS %.0f MB before, %.0f MB at most, %.0f MB after (budget: within %d MB)\n", before, top, after, budgetZip)

	// 2. 200 concurrent 10 MiB bodies to a route that is not the upload.
	big := make([]byte, fileSize)
	before = s.rss()
	statuses := map[int]int{}
	var errs []string
	var mu sync.Mutex
	top = s.peak(func() {
		var wg sync.WaitGroup
		for range 200 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				status, err := post(s.base+"/api/trpc/prequal.estimate", "application/json", big, map[string]string{"Origin": s.base, "X-Same-Origin": "1", "X-Recaptcha-Token": botToken})
				mu.Lock()
				statuses[status]++
				if err != nil && len(errs) < 3 {
					errs = append(errs, err.Error())
				}
				mu.Unlock()
			}()
		}
		wg.Wait()
	})
	after = s.rss()
	fmt.Printf("2. 200 concurrent 10 MiB bodies to prequal.estimate: answers %v %v\n", statuses, errs)
	check(statuses[413] == 200, "all 200 refused with 413")
	check(top < budgetBig, "RSS %.0f MB before, %.0f MB at most, %.0f MB after (budget: below %d MB)\n", before, top, after, budgetBig)

	// 3. 32 concurrent 10 MiB uploads, by four applicants of the demo data.
	people := []string{"prime@example.com", "coborrower@example.com", "self-employed@example.com", "no-mortgage@example.com"}
	var clients []*http.Client
	for _, email := range people {
		c, err := signIn(s.base, email)
		if err != nil {
			fmt.Printf("   (could not sign in %s: %v)\n", email, err)
			continue
		}
		clients = append(clients, c)
	}
	if len(clients) == 0 {
		return errors.New("no demo applicant could sign in")
	}
	files := make([][]byte, 32)
	for i := range files {
		files[i] = make([]byte, fileSize)
		rand.Read(files[i])
		copy(files[i], "%PDF-1.7\n")
	}
	before = s.rss()
	type taken struct {
		client *http.Client
		id     string
		file   []byte
	}
	var kept []taken
	statuses = map[int]int{}
	top = s.peak(func() {
		var wg sync.WaitGroup
		for i, f := range files {
			wg.Add(1)
			go func() {
				defer wg.Done()
				c := clients[i%len(clients)]
				status, id, _ := upload(c, s.base, fmt.Sprintf("statement-%d.pdf", i), f)
				mu.Lock()
				statuses[status]++
				if status == 200 && id != "" {
					kept = append(kept, taken{c, id, f})
				}
				mu.Unlock()
			}()
		}
		wg.Wait()
	})
	after = s.rss()
	fmt.Printf("3. 32 concurrent 10 MiB uploads by %d applicants: answers %v\n", len(clients), statuses)
	whole := 0
	for _, k := range kept {
		resp, err := k.client.Get(s.base + "/api/documents/" + k.id)
		if err != nil {
			continue
		}
		got, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode == 200 && bytes.Equal(got, k.file) {
			whole++
		}
	}
	check(len(kept) > 0 && whole == len(kept), "%d of %d taken uploads read back byte for byte", whole, len(kept))
	check(statuses[200]+statuses[429] == 32, "every upload taken or told to retry (429)")
	check(top < budgetUp, "RSS %.0f MB before, %.0f MB at most, %.0f MB after (budget: below %d MB)", before, top, after, budgetUp)
	if failed {
		return errors.New("a budget was missed")
	}
	return nil
}

func errOrEmpty(err error) string {
	if err == nil {
		return ""
	}
	return "(" + err.Error() + ")"
}

func get(u string) {
	if resp, err := http.Get(u); err == nil {
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
}

// post sends body: with its length when it is bytes (post), as it is
// read and chunked when it is a stream (postStream).
func post(u, contentType string, body []byte, headers map[string]string) (int, error) {
	return postStream(u, contentType, bytes.NewReader(body), headers)
}

func postStream(u, contentType string, body io.Reader, headers map[string]string) (int, error) {
	req, _ := http.NewRequest(http.MethodPost, u, body) // a *bytes.Reader gives its length
	req.Header.Set("Content-Type", contentType)
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, err
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode, nil
}

// endlessGzip is a gzip stream of n random bytes, made as it is read
// (stored blocks: random bytes do not compress, and storing is fast).
func endlessGzip(n int64) io.Reader {
	pr, pw := io.Pipe()
	go func() {
		w, _ := gzip.NewWriterLevel(pw, gzip.NoCompression)
		buf := make([]byte, 64<<10)
		rand.Read(buf)
		for sent := int64(0); sent < n; sent += int64(len(buf)) {
			if _, err := w.Write(buf); err != nil {
				pw.CloseWithError(err)
				return
			}
		}
		pw.CloseWithError(w.Close())
	}()
	return pr
}

func gzipBomb(n int) []byte {
	var buf bytes.Buffer
	w, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	zeros := make([]byte, mib)
	for range n / mib {
		w.Write(zeros)
	}
	w.Close()
	return buf.Bytes()
}

func zstdBomb(n int) []byte {
	var buf bytes.Buffer
	w, _ := zstd.NewWriter(&buf, zstd.WithEncoderLevel(zstd.SpeedBestCompression))
	zeros := make([]byte, mib)
	for range n / mib {
		w.Write(zeros)
	}
	w.Close()
	return buf.Bytes()
}

var codePattern = regexp.MustCompile(`\b(\d{6})\b`)

// signIn signs an applicant of the demo data in with the code the
// development outbox shows.
func signIn(base, email string) (*http.Client, error) {
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar}
	csrf := func() (string, error) {
		req, _ := http.NewRequest(http.MethodGet, base+"/api/authApplicant/csrf", nil)
		req.Header.Set("X-Same-Origin", "1")
		resp, err := c.Do(req)
		if err != nil {
			return "", err
		}
		defer resp.Body.Close()
		var out struct{ CsrfToken string }
		return out.CsrfToken, json.NewDecoder(resp.Body).Decode(&out)
	}
	form := func(path string, v url.Values) (int, error) {
		token, err := csrf()
		if err != nil {
			return 0, err
		}
		v.Set("csrfToken", token)
		v.Set("json", "true")
		req, _ := http.NewRequest(http.MethodPost, base+"/api/authApplicant/"+path, strings.NewReader(v.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Origin", base)
		req.Header.Set("X-Same-Origin", "1")
		req.Header.Set("X-Recaptcha-Token", botToken)
		resp, err := c.Do(req)
		if err != nil {
			return 0, err
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp.StatusCode, nil
	}
	if status, err := form("signin/otp", url.Values{"email": {email}}); err != nil || status != 200 {
		return nil, fmt.Errorf("send code: %d %v", status, err)
	}
	resp, err := http.Get(base + "/dev/outbox")
	if err != nil {
		return nil, err
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	i := bytes.Index(page, []byte(`data-to="`+email+`"`))
	if i < 0 {
		return nil, errors.New("no code in the outbox")
	}
	m := codePattern.FindSubmatch(page[i:])
	if m == nil {
		return nil, errors.New("no code in the outbox")
	}
	if status, err := form("callback/otp", url.Values{"email": {email}, "otpCode": {string(m[1])}}); err != nil || status != 200 {
		return nil, fmt.Errorf("sign in: %d %v", status, err)
	}
	return c, nil
}

// upload sends one file as the upload page does and says the answer's
// status and the new document's id.
func upload(c *http.Client, base, name string, content []byte) (int, string, error) {
	var body bytes.Buffer
	fmt.Fprintf(&body, "--x\r\nContent-Disposition: form-data; name=\"type\"\r\n\r\nbankStatements\r\n")
	fmt.Fprintf(&body, "--x\r\nContent-Disposition: form-data; name=\"party\"\r\n\r\nborrower\r\n")
	fmt.Fprintf(&body, "--x\r\nContent-Disposition: form-data; name=\"file\"; filename=%q\r\nContent-Type: application/pdf\r\n\r\n", name)
	body.Write(content)
	body.WriteString("\r\n--x--\r\n")
	req, _ := http.NewRequest(http.MethodPost, base+"/api/documents", &body)
	req.Header.Set("Content-Type", "multipart/form-data; boundary=x")
	req.Header.Set("Origin", base)
	req.Header.Set("X-Same-Origin", "1")
	req.Header.Set("X-Recaptcha-Token", botToken)
	resp, err := c.Do(req)
	if err != nil {
		return 0, "", err
	}
	defer resp.Body.Close()
	var out struct {
		Result struct {
			Data struct {
				Uploads []struct {
					ID       string `json:"id"`
					FileName string `json:"fileName"`
				} `json:"uploads"`
			} `json:"data"`
		} `json:"result"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil || resp.StatusCode != 200 {
		return resp.StatusCode, "", err
	}
	for _, u := range out.Result.Data.Uploads {
		if u.FileName == name {
			return 200, u.ID, nil
		}
	}
	return resp.StatusCode, "", errors.New("the upload is not listed")
}
