package mail_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	netmail "net/mail"
	"strings"
	"testing"
	"time"

	"github.com/heloc/heloc/server/mail"
)

// A message with a file is multipart/mixed: the text as it would go alone,
// then the file under its name and type, whose bytes come back whole; no
// line is longer than RFC 5322 allows and every byte is 7-bit.
func TestFormat_Attachment(t *testing.T) {
	pdf := append([]byte("%PDF-1.4\n"), bytes.Repeat([]byte{0, 0xff, 'x', '\n'}, 300)...)
	m := mail.Message{Subject: "Our decision", Text: "Hello Ada,\nYour notice is attached.\n",
		Attachments: []mail.Attachment{{Filename: "notice-of-action-taken.pdf", ContentType: "application/pdf", Data: pdf}}}
	raw, err := mail.Format("no-reply@heloc.example", "ana@example.com", m, time.Now(), "id")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(raw), "\r\n") {
		if len(line) > 998 || strings.ContainsFunc(line, func(r rune) bool { return r > 126 }) {
			t.Fatalf("got a line that is too long or not 7-bit: %q", line)
		}
	}
	msg, err := netmail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	mt, params, err := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	if err != nil || mt != "multipart/mixed" {
		t.Fatalf("Content-Type: got %q, %v, want multipart/mixed", mt, err)
	}
	r := multipart.NewReader(msg.Body, params["boundary"])
	text, err := r.NextPart()
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(quotedprintable.NewReader(text))
	if string(body) != crlf(m.Text) || !strings.HasPrefix(text.Header.Get("Content-Type"), "text/plain") {
		t.Errorf("text part: got %q (%s)", body, text.Header.Get("Content-Type"))
	}
	file, err := r.NextPart()
	if err != nil {
		t.Fatal(err)
	}
	if file.FileName() != "notice-of-action-taken.pdf" || !strings.HasPrefix(file.Header.Get("Content-Type"), "application/pdf") {
		t.Errorf("file part: got name %q type %q", file.FileName(), file.Header.Get("Content-Type"))
	}
	if file.Header.Get("Content-Transfer-Encoding") != "base64" {
		t.Errorf("file part: got encoding %q, want base64", file.Header.Get("Content-Transfer-Encoding"))
	}
	if got, _ := io.ReadAll(base64.NewDecoder(base64.StdEncoding, file)); !bytes.Equal(got, pdf) {
		t.Errorf("file part: got %d bytes back, want the %d sent", len(got), len(pdf))
	}
	if _, err := r.NextPart(); err != io.EOF {
		t.Errorf("got a third part (%v), want two", err)
	}
}

// The sandbox keeps a message's files, and refuses a file name that could
// smuggle in a header or a path, as SMTP would.
func TestOutbox_Attachments(t *testing.T) {
	o := mail.NewOutbox(0)
	a := mail.Attachment{Filename: "notice.pdf", ContentType: "application/pdf", Data: []byte("%PDF-1.4")}
	if err := o.Send(context.Background(), mail.Message{To: "ada@example.com", Subject: "s", Text: "t", Attachments: []mail.Attachment{a}}); err != nil {
		t.Fatal(err)
	}
	got, ok := o.Latest("ada@example.com")
	if !ok || len(got.Attachments) != 1 || got.Attachments[0].Filename != "notice.pdf" || string(got.Attachments[0].Data) != "%PDF-1.4" {
		t.Fatalf("got %+v, want the message with its file", got)
	}
	for _, bad := range []mail.Attachment{
		{Filename: "notice.pdf\r\nBcc: x@example.com", ContentType: "application/pdf"},
		{Filename: "../notice.pdf", ContentType: "application/pdf"},
		{Filename: "", ContentType: "application/pdf"},
		{Filename: "notice.pdf", ContentType: "not a type"},
	} {
		if err := o.Send(context.Background(), mail.Message{To: "ada@example.com", Subject: "s", Text: "t", Attachments: []mail.Attachment{bad}}); err == nil {
			t.Errorf("the outbox took an attachment named %q of type %q", bad.Filename, bad.ContentType)
		}
	}
}

// A file's media type keeps its parameters and gains the file's name: a
// type with parameters is not dropped from the part's header.
func TestFormat_AttachmentTypeWithParameters(t *testing.T) {
	m := mail.Message{Subject: "Your export", Text: "Attached.\n",
		Attachments: []mail.Attachment{{Filename: "loans.csv", ContentType: "text/csv; charset=utf-8", Data: []byte("id\n1\n")}}}
	raw, err := mail.Format("no-reply@heloc.example", "ana@example.com", m, time.Now(), "id")
	if err != nil {
		t.Fatal(err)
	}
	msg, err := netmail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	_, params, _ := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	r := multipart.NewReader(msg.Body, params["boundary"])
	if _, err := r.NextPart(); err != nil {
		t.Fatal(err)
	}
	file, err := r.NextPart()
	if err != nil {
		t.Fatal(err)
	}
	mt, fp, err := mime.ParseMediaType(file.Header.Get("Content-Type"))
	if err != nil || mt != "text/csv" || fp["charset"] != "utf-8" || fp["name"] != "loans.csv" {
		t.Errorf("file part: got Content-Type %q (%v), want text/csv with its charset and name", file.Header.Get("Content-Type"), err)
	}
}
