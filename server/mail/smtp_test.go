package mail_test

import (
	"bufio"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"math/big"
	"mime"
	"mime/quotedprintable"
	"net"
	netmail "net/mail"
	"net/textproto"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/heloc/heloc/server/mail"
)

// --- message formatting ---

func TestFormat_Headers(t *testing.T) {
	date := time.Date(2026, 3, 1, 9, 30, 0, 0, time.FixedZone("EST", -5*3600))
	raw, err := mail.Format("HELOC <no-reply@heloc.example>", "Ana Ortiz <ana@example.com>",
		mail.Message{Subject: "Your sign-in code", Text: "Your code is 123456.\n"}, date, "abc123")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(raw), "\r\n\r\n") || strings.Contains(strings.ReplaceAll(string(raw), "\r\n", ""), "\n") {
		t.Errorf("got %q, want every line ended by CRLF", raw)
	}
	msg, err := netmail.ReadMessage(strings.NewReader(string(raw)))
	if err != nil {
		t.Fatalf("ReadMessage: %v", err)
	}
	for name, want := range map[string]string{
		"From":                      `"HELOC" <no-reply@heloc.example>`,
		"To":                        `"Ana Ortiz" <ana@example.com>`,
		"Subject":                   "Your sign-in code",
		"Date":                      "Sun, 01 Mar 2026 09:30:00 -0500",
		"Mime-Version":              "1.0",
		"Content-Type":              "text/plain; charset=utf-8",
		"Content-Transfer-Encoding": "quoted-printable",
		"Auto-Submitted":            "auto-generated",
	} {
		if got := msg.Header.Get(name); got != want {
			t.Errorf("%s: got %q, want %q", name, got, want)
		}
	}
	if id := msg.Header.Get("Message-Id"); !regexp.MustCompile(`^<abc123\.[0-9a-z]+@heloc\.example>$`).MatchString(id) {
		t.Errorf("Message-ID: got %q, want <abc123.<time>@heloc.example>", id)
	}
	if d, err := msg.Header.Date(); err != nil || !d.Equal(date) {
		t.Errorf("Date: got %v, %v, want %v", d, err, date)
	}
}

func TestFormat_Body(t *testing.T) {
	tests := []struct {
		name, subject, text string
	}{
		{"plain", "Hello", "Line one\nLine two\n"},
		{"CRLF kept", "Hello", "Line one\r\nLine two"},
		{"accents and symbols", "Código de acceso: €", "Su código es 123456.\nGracias, José.\n"},
		{"a long line", strings.TrimSpace(strings.Repeat("Long subject ", 10)), strings.Repeat("word ", 100) + "\n"},
		{"a lone dot and equals signs", "=?x?=", ".\n=3D\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			raw, err := mail.Format("no-reply@heloc.example", "ana@example.com",
				mail.Message{Subject: tt.subject, Text: tt.text}, time.Now(), "id")
			if err != nil {
				t.Fatal(err)
			}
			for _, line := range strings.Split(string(raw), "\r\n") {
				if len(line) > 998 {
					t.Errorf("got a line of %d bytes, want at most 998 (RFC 5322)", len(line))
				}
				for _, r := range line {
					if r > 126 {
						t.Fatalf("got a non-ASCII byte in %q, want 7-bit text", line)
					}
				}
			}
			msg, err := netmail.ReadMessage(strings.NewReader(string(raw)))
			if err != nil {
				t.Fatal(err)
			}
			subject, err := new(mime.WordDecoder).DecodeHeader(msg.Header.Get("Subject"))
			if err != nil || subject != tt.subject {
				t.Errorf("subject: got %q, %v, want %q", subject, err, tt.subject)
			}
			body, err := io.ReadAll(quotedprintable.NewReader(msg.Body))
			if err != nil {
				t.Fatal(err)
			}
			if want := crlf(tt.text); string(body) != want {
				t.Errorf("body: got %q, want %q", body, want)
			}
			if tt.name == "a long line" {
				for _, line := range strings.Split(string(raw), "\r\n") {
					if len(line) > 78 && !strings.HasPrefix(line, "Subject:") {
						t.Errorf("got a body line of %d bytes, want at most 78", len(line))
					}
				}
			}
		})
	}
}

// crlf writes every line end of s as CRLF, as the message body does.
func crlf(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\n", "\r\n")
}

// --- configuration ---

func TestNewSMTP_Errors(t *testing.T) {
	ok := mail.SMTPConfig{Host: "smtp.example.com", Port: 587, From: "no-reply@heloc.example"}
	tests := []struct {
		name string
		edit func(*mail.SMTPConfig)
	}{
		{"no host", func(c *mail.SMTPConfig) { c.Host = "" }},
		{"port zero", func(c *mail.SMTPConfig) { c.Port = 0 }},
		{"port too high", func(c *mail.SMTPConfig) { c.Port = 70000 }},
		{"no from", func(c *mail.SMTPConfig) { c.From = "" }},
		{"bad from", func(c *mail.SMTPConfig) { c.From = "heloc" }},
	}
	if _, err := mail.NewSMTP(ok); err != nil {
		t.Fatalf("got %v for a good config, want nil", err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := ok
			tt.edit(&c)
			if _, err := mail.NewSMTP(c); err == nil {
				t.Fatal("got nil, want an error")
			}
		})
	}
}

func TestSMTPConfig_PrintsNoPassword(t *testing.T) {
	c := mail.SMTPConfig{Host: "smtp.example.com", Port: 587, Username: "apikey", Password: "hunter2-secret", From: "a@example.com"}
	for _, s := range []string{fmt.Sprint(c), fmt.Sprintf("%+v", c), fmt.Sprintf("%#v", c), fmt.Sprintf("%v", &c)} {
		if strings.Contains(s, "hunter2") || !strings.Contains(s, "smtp.example.com") {
			t.Errorf("got %q, want the host and no password", s)
		}
	}
}

// --- a fake relay on a local port ---

// received is what the fake relay saw of one connection.
type received struct {
	commands []string // verbs in order, e.g. EHLO STARTTLS EHLO AUTH MAIL RCPT DATA QUIT
	tls      bool
	auth     string // the AUTH PLAIN credentials, "user:pass"
	from, to string
	data     string
}

// relay is a minimal ESMTP server: enough of RFC 5321, 3207 (STARTTLS) and
// 4954 (AUTH PLAIN) for net/smtp.
type relay struct {
	ln       net.Listener
	tls      *tls.Config
	startTLS bool   // offer STARTTLS
	creds    string // accepted "user:pass"
	greet    bool   // send the greeting (false: hang)

	mu  sync.Mutex
	got []*received
	wg  sync.WaitGroup
}

// MustRelay starts a fake relay on 127.0.0.1 and returns it with a config
// that trusts its certificate.
func MustRelay(tb testing.TB, startTLS bool) (*relay, mail.SMTPConfig) {
	tb.Helper()
	cert, pool := selfSigned(tb)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	r := &relay{ln: ln, tls: &tls.Config{Certificates: []tls.Certificate{cert}}, startTLS: startTLS, creds: "heloc:s3cret-relay-pass", greet: true}
	tb.Cleanup(func() { ln.Close(); r.wg.Wait() })
	cfg := mail.SMTPConfig{
		Host: "127.0.0.1", Port: ln.Addr().(*net.TCPAddr).Port,
		Username: "heloc", Password: "s3cret-relay-pass",
		From: "HELOC <no-reply@heloc.example>", RootCAs: pool,
	}
	return r, cfg
}

func (r *relay) start() {
	r.wg.Go(func() {
		for {
			conn, err := r.ln.Accept()
			if err != nil {
				return
			}
			rec := &received{}
			r.mu.Lock()
			r.got = append(r.got, rec)
			r.mu.Unlock()
			r.wg.Go(func() { r.serve(conn, rec) })
		}
	})
}

func (r *relay) received() []*received {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]*received(nil), r.got...)
}

func (r *relay) serve(conn net.Conn, rec *received) {
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(10 * time.Second))
	if !r.greet {
		_, _ = io.Copy(io.Discard, conn)
		return
	}
	tp := textproto.NewConn(conn)
	reply := func(s string) { _ = tp.PrintfLine("%s", s) }
	reply("220 fake.relay ESMTP")
	for {
		line, err := tp.ReadLine()
		if err != nil {
			return
		}
		verb, arg, _ := strings.Cut(line, " ")
		verb = strings.ToUpper(verb)
		r.mu.Lock()
		rec.commands = append(rec.commands, verb)
		r.mu.Unlock()
		switch verb {
		case "EHLO", "HELO":
			ext := []string{"250-fake.relay"}
			if r.startTLS && !rec.tls {
				ext = append(ext, "250-STARTTLS")
			}
			if rec.tls {
				ext = append(ext, "250-AUTH PLAIN")
			}
			reply(strings.Join(append(ext, "250 HELP"), "\r\n"))
		case "STARTTLS":
			reply("220 go ahead")
			tc := tls.Server(conn, r.tls)
			if tc.Handshake() != nil {
				return
			}
			conn, rec.tls = tc, true
			tp = textproto.NewConn(tc)
		case "AUTH":
			mech, b64, _ := strings.Cut(arg, " ")
			raw, _ := base64.StdEncoding.DecodeString(b64)
			parts := strings.Split(string(raw), "\x00")
			if mech != "PLAIN" || len(parts) != 3 || parts[1]+":"+parts[2] != r.creds {
				reply("535 5.7.8 authentication failed")
				continue
			}
			rec.auth = parts[1] + ":" + parts[2]
			reply("235 2.7.0 accepted")
		case "MAIL":
			rec.from = arg
			reply("250 ok")
		case "RCPT":
			rec.to = arg
			reply("250 ok")
		case "DATA":
			reply("354 end with .")
			b, err := tp.ReadDotBytes()
			if err != nil {
				return
			}
			rec.data = string(b)
			reply("250 queued")
		case "QUIT":
			reply("221 bye")
			return
		default:
			reply("502 not implemented")
		}
	}
}

// selfSigned makes a certificate for 127.0.0.1 and a pool that trusts it.
func selfSigned(tb testing.TB) (tls.Certificate, *x509.CertPool) {
	tb.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		tb.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "fake relay"},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(time.Hour),
		IPAddresses:           []net.IP{net.IPv4(127, 0, 0, 1)},
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		IsCA:                  true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		tb.Fatal(err)
	}
	leaf, err := x509.ParseCertificate(der)
	if err != nil {
		tb.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AddCert(leaf)
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key, Leaf: leaf}, pool
}

// MustSMTP returns a sender for cfg or fails the test.
func MustSMTP(tb testing.TB, cfg mail.SMTPConfig) *mail.SMTP {
	tb.Helper()
	s, err := mail.NewSMTP(cfg)
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

var code = mail.Message{To: "Ana Ortiz <ana@example.com>", Subject: "Your sign-in code", Text: "Your code is 123456.\n.\nIt expires in 10 minutes.\n"}

func TestSMTP_Delivers(t *testing.T) {
	r, cfg := MustRelay(t, true)
	r.start()
	var s mail.Sender = MustSMTP(t, cfg)
	if err := s.Send(context.Background(), code); err != nil {
		t.Fatalf("Send: %v", err)
	}
	got := r.received()
	if len(got) != 1 {
		t.Fatalf("got %d connections, want 1", len(got))
	}
	rec := waitQuit(t, r, got[0])
	if want := "EHLO STARTTLS EHLO AUTH MAIL RCPT DATA QUIT"; strings.Join(rec.commands, " ") != want {
		t.Errorf("got commands %v, want %s", rec.commands, want)
	}
	if !rec.tls || rec.auth != "heloc:s3cret-relay-pass" {
		t.Errorf("got tls %v, auth %q, want TLS and the configured login", rec.tls, rec.auth)
	}
	if rec.from != "FROM:<no-reply@heloc.example>" || rec.to != "TO:<ana@example.com>" {
		t.Errorf("got envelope %q -> %q, want the bare addresses", rec.from, rec.to)
	}
	msg, err := netmail.ReadMessage(bufio.NewReader(strings.NewReader(rec.data)))
	if err != nil {
		t.Fatalf("ReadMessage: %v", err)
	}
	if msg.Header.Get("Subject") != code.Subject || msg.Header.Get("To") != `"Ana Ortiz" <ana@example.com>` {
		t.Errorf("got headers %v, want the message's", msg.Header)
	}
	body, _ := io.ReadAll(quotedprintable.NewReader(msg.Body))
	// ReadDotBytes gives lines ended by LF; the lone dot was stuffed on the
	// wire and comes back as it was.
	if string(body) != code.Text {
		t.Errorf("got body %q, want %q", body, code.Text)
	}
}

// waitQuit waits until the relay has seen QUIT on rec, and returns rec.
func waitQuit(tb testing.TB, r *relay, rec *received) *received {
	tb.Helper()
	for range 200 {
		r.mu.Lock()
		n := len(rec.commands)
		last := ""
		if n > 0 {
			last = rec.commands[n-1]
		}
		r.mu.Unlock()
		if last == "QUIT" {
			return rec
		}
		time.Sleep(10 * time.Millisecond)
	}
	tb.Fatalf("got commands %v, want them to end with QUIT", rec.commands)
	return nil
}

func TestSMTP_Refuses(t *testing.T) {
	tests := []struct {
		name      string
		startTLS  bool
		edit      func(*mail.SMTPConfig)
		msg       mail.Message
		wantErr   string
		forbidden []string // commands the relay must not have seen
	}{
		{"a relay without STARTTLS", false, nil, code, "STARTTLS", []string{"AUTH", "MAIL", "DATA"}},
		{"an untrusted certificate", true, func(c *mail.SMTPConfig) { c.RootCAs = x509.NewCertPool() }, code, "STARTTLS", []string{"AUTH", "MAIL", "DATA"}},
		{"a wrong password", true, func(c *mail.SMTPConfig) { c.Password = "wrong-pass-xyz" }, code, "AUTH", []string{"MAIL", "DATA"}},
		{"a bad recipient", true, nil, mail.Message{To: "nobody", Text: code.Text}, "recipient", []string{"EHLO"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, cfg := MustRelay(t, tt.startTLS)
			r.start()
			if tt.edit != nil {
				tt.edit(&cfg)
			}
			err := MustSMTP(t, cfg).Send(context.Background(), tt.msg)
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("got %v, want an error about %s", err, tt.wantErr)
			}
			for _, secret := range []string{cfg.Password, "123456", "s3cret"} {
				if strings.Contains(err.Error(), secret) {
					t.Errorf("got error %q, want no password or message text in it", err)
				}
			}
			time.Sleep(20 * time.Millisecond) // let the relay record what it read
			for _, rec := range r.received() {
				r.mu.Lock()
				cmds := strings.Join(rec.commands, " ")
				r.mu.Unlock()
				for _, f := range tt.forbidden {
					if strings.Contains(cmds, f) {
						t.Errorf("got commands %s, want no %s", cmds, f)
					}
				}
			}
		})
	}
}

// A relay that never answers cannot hold Send past its context.
func TestSMTP_ContextDeadline(t *testing.T) {
	r, cfg := MustRelay(t, true)
	r.greet = false
	r.start()
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	err := MustSMTP(t, cfg).Send(ctx, code)
	if err == nil {
		t.Fatal("got nil, want an error")
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("got Send returning after %v, want about the 200ms deadline", d)
	}
	var ne net.Error
	if !errors.As(err, &ne) || !ne.Timeout() {
		t.Errorf("got %v, want a timeout", err)
	}
}

func TestSMTP_Cancel(t *testing.T) {
	r, cfg := MustRelay(t, true)
	r.greet = false
	r.start()
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	err := MustSMTP(t, cfg).Send(ctx, code)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("got %v, want it to wrap context.Canceled", err)
	}
}

func TestSMTP_NoRelay(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	s := MustSMTP(t, mail.SMTPConfig{Host: "127.0.0.1", Port: port, From: "a@example.com"})
	if err := s.Send(context.Background(), code); err == nil || !strings.Contains(err.Error(), "dial") {
		t.Errorf("got %v, want a dial error", err)
	}
}
