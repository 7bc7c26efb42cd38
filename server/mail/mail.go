// Package mail sends the product's e-mail (sign-in codes, notices) through a
// Sender: the Outbox sandbox by default, which keeps messages in memory for
// development and tests, or SMTP in production.
package mail

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"mime"
	"net/mail"
	"strings"
	"sync"
	"time"
)

// Message is one plain-text e-mail to one recipient, with any files
// attached (an adverse-action notice's PDF).
type Message struct {
	To          string // one address, optionally with a name: "Ana Ortiz <ana@example.com>"
	Subject     string
	Text        string
	Attachments []Attachment
}

// Attachment is a file sent with a message: its name as the recipient
// sees it, its media type ("application/pdf") and its bytes.
type Attachment struct {
	Filename    string
	ContentType string
	Data        []byte
}

// Sender sends a message or says why it could not.
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// validate refuses what no sender should accept: a recipient that is not one
// address, and a subject that could smuggle in headers.
func (m Message) validate() (*mail.Address, error) {
	to, err := mail.ParseAddress(m.To)
	if err != nil {
		return nil, fmt.Errorf("mail: recipient: %w", err)
	}
	if strings.ContainsAny(m.Subject, "\r\n") {
		return nil, errors.New("mail: subject has a line break")
	}
	for _, a := range m.Attachments {
		if a.Filename == "" || strings.ContainsAny(a.Filename, "\r\n\"/\\") {
			return nil, fmt.Errorf("mail: attachment name %q is not a file name", a.Filename)
		}
		if _, _, err := mime.ParseMediaType(a.ContentType); err != nil {
			return nil, fmt.Errorf("mail: attachment %s: media type %q: %v", a.Filename, a.ContentType, err)
		}
	}
	return to, nil
}

// DefaultOutboxSize is how many messages an Outbox keeps: plenty to find the
// last code sent while developing or testing, little memory.
const DefaultOutboxSize = 200

// Sent is a message the Outbox accepted, with when and under which id.
type Sent struct {
	ID   string
	Time time.Time
	Message
}

// Outbox is the sandbox Sender: it sends nothing, but keeps the most recent
// messages so a developer, a test or an end-to-end run can read the code an
// applicant was sent. It never logs the text, which holds one-time codes.
// It is safe for concurrent use.
type Outbox struct {
	mu   sync.Mutex
	size int
	sent []Sent // oldest first, at most size
}

// NewOutbox returns an Outbox keeping the last size messages
// (DefaultOutboxSize if size < 1).
func NewOutbox(size int) *Outbox {
	if size < 1 {
		size = DefaultOutboxSize
	}
	return &Outbox{size: size}
}

// Send keeps m, dropping the oldest message when full. It refuses what
// SMTP would refuse, so the sandbox catches the same mistakes.
func (o *Outbox) Send(ctx context.Context, m Message) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if _, err := m.validate(); err != nil {
		return err
	}
	s := Sent{ID: newID(), Time: time.Now(), Message: m}
	o.mu.Lock()
	defer o.mu.Unlock()
	if len(o.sent) == o.size {
		// Shift rather than grow: at a few hundred entries a copy is cheap
		// and keeps the order plain.
		copy(o.sent, o.sent[1:])
		o.sent = o.sent[:len(o.sent)-1]
	}
	o.sent = append(o.sent, s)
	return nil
}

// Messages returns the kept messages, newest first, as a copy.
func (o *Outbox) Messages() []Sent {
	o.mu.Lock()
	defer o.mu.Unlock()
	out := make([]Sent, len(o.sent))
	for i, s := range o.sent {
		out[len(o.sent)-1-i] = s
	}
	return out
}

// Latest returns the newest message to the address to, compared as e-mail
// addresses are in practice (ignoring case and any display name).
func (o *Outbox) Latest(to string) (Sent, bool) {
	want := bareAddress(to)
	o.mu.Lock()
	defer o.mu.Unlock()
	for i := len(o.sent) - 1; i >= 0; i-- {
		if bareAddress(o.sent[i].To) == want {
			return o.sent[i], true
		}
	}
	return Sent{}, false
}

// bareAddress is the lowercase address of s without a display name, or s
// lowercased if it does not parse.
func bareAddress(s string) string {
	if a, err := mail.ParseAddress(s); err == nil {
		return strings.ToLower(a.Address)
	}
	return strings.ToLower(strings.TrimSpace(s))
}

// newID is 16 random hex characters: unique enough for a few hundred
// messages, and not guessable, since an id may end up in a URL.
func newID() string {
	b := make([]byte, 8)
	_, _ = rand.Read(b) // crypto/rand.Read never fails since Go 1.24
	return hex.EncodeToString(b)
}
