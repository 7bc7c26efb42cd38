package mail

import (
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/base64"
	"errors"
	"fmt"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"net/smtp"
	"net/textproto"
	"strconv"
	"strings"
	"time"
)

// SMTPConfig says how to reach the mail relay. The relay must offer
// STARTTLS: the messages carry sign-in codes and personal details, so SMTP
// never sends in the clear.
type SMTPConfig struct {
	Host     string // the relay's name, also checked against its certificate
	Port     int    // the submission port, usually 587
	Username string // empty: no AUTH
	Password string
	From     string // "HELOC <no-reply@example.com>"
	// RootCAs verifies the relay's certificate; nil means the system's
	// roots. Set for a relay with a private CA, and in tests.
	RootCAs *x509.CertPool
}

// String leaves out the password, so logging a config shows no secret.
func (c SMTPConfig) String() string {
	return fmt.Sprintf("SMTPConfig{Host: %s, Port: %d, Username: %s, From: %s}", c.Host, c.Port, c.Username, c.From)
}

// GoString is String, so %#v does not print the password either.
func (c SMTPConfig) GoString() string { return c.String() }

// smtpTimeout bounds one Send when the context sets no deadline, so a relay
// that stops answering cannot hold a request forever.
const smtpTimeout = time.Minute

// SMTP sends each message in its own connection to the relay: STARTTLS,
// PLAIN auth, one recipient. Sign-in mail is sparse, so a pool of
// connections would buy nothing.
type SMTP struct {
	cfg  SMTPConfig
	from *mail.Address
}

// NewSMTP checks cfg and returns a sender using it.
func NewSMTP(cfg SMTPConfig) (*SMTP, error) {
	if cfg.Host == "" {
		return nil, errors.New("mail: SMTP host is empty")
	}
	if cfg.Port < 1 || cfg.Port > 65535 {
		return nil, fmt.Errorf("mail: SMTP port %d is not a port", cfg.Port)
	}
	from, err := mail.ParseAddress(cfg.From)
	if err != nil {
		return nil, fmt.Errorf("mail: from address %q: %w", cfg.From, err)
	}
	return &SMTP{cfg: cfg, from: from}, nil
}

// Send delivers m to the relay. Its errors name the step that failed and the
// relay's reply, never the message text.
func (s *SMTP) Send(ctx context.Context, m Message) error {
	to, err := m.validate()
	if err != nil {
		return err
	}
	msg := format(s.from, to, m, time.Now(), newID())

	addr := net.JoinHostPort(s.cfg.Host, strconv.Itoa(s.cfg.Port))
	var d net.Dialer
	conn, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return fmt.Errorf("mail: dial %s: %w", addr, err)
	}
	deadline, ok := ctx.Deadline()
	if !ok {
		deadline = time.Now().Add(smtpTimeout)
	}
	_ = conn.SetDeadline(deadline)
	// Cancelling ctx aborts whatever read or write is under way.
	stop := context.AfterFunc(ctx, func() { _ = conn.SetDeadline(time.Unix(1, 0)) })
	defer stop()

	c, err := smtp.NewClient(conn, s.cfg.Host)
	if err != nil {
		conn.Close()
		return withCause(ctx, fmt.Errorf("mail: greeting from %s: %w", addr, err))
	}
	defer c.Close()
	return withCause(ctx, s.deliver(c, to.Address, msg))
}

// withCause adds the context's error to err when the context ended, so the
// caller can tell "cancelled" from "the relay failed" with errors.Is.
func withCause(ctx context.Context, err error) error {
	if err != nil && ctx.Err() != nil {
		return fmt.Errorf("%w (%w)", err, ctx.Err())
	}
	return err
}

// deliver runs the SMTP conversation on a connected client.
func (s *SMTP) deliver(c *smtp.Client, to string, msg []byte) error {
	if ok, _ := c.Extension("STARTTLS"); !ok {
		return fmt.Errorf("mail: %s does not offer STARTTLS; not sending in the clear", s.cfg.Host)
	}
	if err := c.StartTLS(&tls.Config{ServerName: s.cfg.Host, RootCAs: s.cfg.RootCAs, MinVersion: tls.VersionTLS12}); err != nil {
		return fmt.Errorf("mail: STARTTLS: %w", err)
	}
	if s.cfg.Username != "" {
		if err := c.Auth(smtp.PlainAuth("", s.cfg.Username, s.cfg.Password, s.cfg.Host)); err != nil {
			return fmt.Errorf("mail: AUTH as %s: %w", s.cfg.Username, err)
		}
	}
	if err := c.Mail(s.from.Address); err != nil {
		return fmt.Errorf("mail: MAIL FROM: %w", err)
	}
	if err := c.Rcpt(to); err != nil {
		return fmt.Errorf("mail: RCPT TO: %w", err)
	}
	w, err := c.Data()
	if err != nil {
		return fmt.Errorf("mail: DATA: %w", err)
	}
	if _, err := w.Write(msg); err != nil {
		return fmt.Errorf("mail: writing the message: %w", err)
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("mail: message refused: %w", err)
	}
	// The relay has accepted the message; a failed QUIT does not unsend it.
	_ = c.Quit()
	return nil
}

// format writes m as an RFC 5322 message: the headers every receiving
// server checks (Date, Message-ID, From, To), the subject encoded when not
// ASCII (RFC 2047), and a UTF-8 plain-text body in quoted-printable with
// CRLF line ends, so no line is too long and no byte too high for any relay.
// A message with attachments is multipart/mixed (RFC 2046): the text first,
// then each file in base64 in lines of 76 characters.
func format(from, to *mail.Address, m Message, date time.Time, id string) []byte {
	var b bytes.Buffer
	header := func(name, value string) { b.WriteString(name + ": " + value + "\r\n") }
	header("From", from.String())
	header("To", to.String())
	header("Subject", mime.QEncoding.Encode("utf-8", m.Subject))
	header("Date", date.Format(time.RFC1123Z))
	header("Message-ID", "<"+id+"."+strconv.FormatInt(date.UnixNano(), 36)+"@"+domain(from.Address)+">")
	header("MIME-Version", "1.0")
	// RFC 3834: tells vacation responders not to answer a machine.
	header("Auto-Submitted", "auto-generated")
	if len(m.Attachments) == 0 {
		header("Content-Type", "text/plain; charset=utf-8")
		header("Content-Transfer-Encoding", "quoted-printable")
		b.WriteString("\r\n")
		writeText(&b, m.Text)
		return b.Bytes()
	}
	mw := multipart.NewWriter(&b)
	header("Content-Type", mime.FormatMediaType("multipart/mixed", map[string]string{"boundary": mw.Boundary()}))
	b.WriteString("\r\n")
	text, _ := mw.CreatePart(textproto.MIMEHeader{
		"Content-Type":              {"text/plain; charset=utf-8"},
		"Content-Transfer-Encoding": {"quoted-printable"},
	})
	var body bytes.Buffer
	writeText(&body, m.Text)
	_, _ = text.Write(body.Bytes())
	for _, a := range m.Attachments {
		// The type as validate took it, its parameters kept, with the name.
		mt, params, _ := mime.ParseMediaType(a.ContentType)
		params["name"] = a.Filename
		part, _ := mw.CreatePart(textproto.MIMEHeader{
			"Content-Type":              {mime.FormatMediaType(mt, params)},
			"Content-Transfer-Encoding": {"base64"},
			"Content-Disposition":       {mime.FormatMediaType("attachment", map[string]string{"filename": a.Filename})},
		})
		enc := base64.StdEncoding.EncodeToString(a.Data)
		for len(enc) > 76 {
			_, _ = part.Write([]byte(enc[:76] + "\r\n"))
			enc = enc[76:]
		}
		_, _ = part.Write([]byte(enc + "\r\n"))
	}
	_ = mw.Close()
	return b.Bytes()
}

// writeText writes text in quoted-printable to b.
func writeText(b *bytes.Buffer, text string) {
	qp := quotedprintable.NewWriter(b)
	_, _ = qp.Write([]byte(text)) // writes to a bytes.Buffer do not fail
	_ = qp.Close()
}

// domain is the part of an address after the last "@".
func domain(addr string) string {
	return addr[strings.LastIndex(addr, "@")+1:]
}
