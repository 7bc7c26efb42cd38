package mail_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/heloc/heloc/server/mail"
)

func TestOutbox_NewestFirstAndBounded(t *testing.T) {
	o := mail.NewOutbox(3)
	ctx := context.Background()
	for i := 1; i <= 5; i++ {
		if err := o.Send(ctx, mail.Message{To: "ana@example.com", Subject: fmt.Sprintf("n%d", i), Text: "t"}); err != nil {
			t.Fatal(err)
		}
	}
	got := o.Messages()
	var subjects []string
	for _, s := range got {
		subjects = append(subjects, s.Subject)
	}
	if fmt.Sprint(subjects) != "[n5 n4 n3]" {
		t.Errorf("got %v, want [n5 n4 n3]", subjects)
	}
	// A copy: changing it changes nothing kept.
	got[0].Subject = "changed"
	if o.Messages()[0].Subject != "n5" {
		t.Errorf("got the kept message changed through Messages, want a copy")
	}
}

func TestNewOutbox_DefaultSize(t *testing.T) {
	for _, size := range []int{0, -1} {
		o := mail.NewOutbox(size)
		for i := range mail.DefaultOutboxSize + 10 {
			if err := o.Send(context.Background(), mail.Message{To: "a@example.com", Subject: fmt.Sprint(i)}); err != nil {
				t.Fatal(err)
			}
		}
		if n := len(o.Messages()); n != mail.DefaultOutboxSize {
			t.Errorf("NewOutbox(%d): got %d kept, want %d", size, n, mail.DefaultOutboxSize)
		}
	}
}

func TestOutbox_IDsAndTimes(t *testing.T) {
	o := mail.NewOutbox(0)
	before := time.Now()
	for range 50 {
		if err := o.Send(context.Background(), mail.Message{To: "a@example.com", Subject: "s", Text: "t"}); err != nil {
			t.Fatal(err)
		}
	}
	after := time.Now()
	seen := map[string]bool{}
	for _, s := range o.Messages() {
		if len(s.ID) != 16 || seen[s.ID] {
			t.Errorf("got id %q (seen %v), want 16 hex characters, each once", s.ID, seen[s.ID])
		}
		seen[s.ID] = true
		if s.Time.Before(before) || s.Time.After(after) {
			t.Errorf("got time %v, want between %v and %v", s.Time, before, after)
		}
	}
}

func TestOutbox_Latest(t *testing.T) {
	o := mail.NewOutbox(0)
	ctx := context.Background()
	for _, m := range []mail.Message{
		{To: "ana@example.com", Subject: "code 111111"},
		{To: "bo@example.com", Subject: "code 222222"},
		{To: "Ana Ortiz <ANA@example.com>", Subject: "code 333333"},
		{To: "bo@example.com", Subject: "code 444444"},
	} {
		if err := o.Send(ctx, m); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		to, want string
		ok       bool
	}{
		{"ana@example.com", "code 333333", true},
		{"Ana@Example.com", "code 333333", true},
		{"<ana@example.com>", "code 333333", true},
		{"bo@example.com", "code 444444", true},
		{"cy@example.com", "", false},
		{"not an address", "", false},
	}
	for _, tt := range tests {
		got, ok := o.Latest(tt.to)
		if ok != tt.ok || got.Subject != tt.want {
			t.Errorf("Latest(%q): got %q, %v, want %q, %v", tt.to, got.Subject, ok, tt.want, tt.ok)
		}
	}
}

func TestOutbox_Refuses(t *testing.T) {
	o := mail.NewOutbox(0)
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	tests := []struct {
		name string
		ctx  context.Context
		m    mail.Message
	}{
		{"no recipient", context.Background(), mail.Message{Subject: "s"}},
		{"two recipients", context.Background(), mail.Message{To: "a@example.com, b@example.com"}},
		{"not an address", context.Background(), mail.Message{To: "ana"}},
		{"a header smuggled in the subject", context.Background(), mail.Message{To: "a@example.com", Subject: "hi\r\nBcc: x@example.com"}},
		{"a bare newline in the subject", context.Background(), mail.Message{To: "a@example.com", Subject: "hi\nthere"}},
		{"a cancelled context", cancelled, mail.Message{To: "a@example.com"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := o.Send(tt.ctx, tt.m); err == nil {
				t.Fatal("got nil, want an error")
			}
		})
	}
	if n := len(o.Messages()); n != 0 {
		t.Errorf("got %d messages kept, want none", n)
	}
}

func TestOutbox_Concurrent(t *testing.T) {
	o := mail.NewOutbox(100)
	var s mail.Sender = o
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for i := range 50 {
				to := fmt.Sprintf("u%d@example.com", g)
				if err := s.Send(context.Background(), mail.Message{To: to, Subject: fmt.Sprint(i)}); err != nil {
					t.Error(err)
				}
				o.Latest(to)
				o.Messages()
			}
		})
	}
	wg.Wait()
	if n := len(o.Messages()); n != 100 {
		t.Errorf("got %d kept, want 100", n)
	}
	for g := range 8 {
		if got, ok := o.Latest(fmt.Sprintf("u%d@example.com", g)); ok && got.Subject != "49" {
			t.Errorf("u%d: got latest %q, want 49", g, got.Subject)
		}
	}
}
