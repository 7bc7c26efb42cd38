package mail_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/heloc/heloc/server/mail"
)

type slowSender struct {
	delay time.Duration
	err   error
	sent  chan mail.Message
}

func (s slowSender) Send(ctx context.Context, m mail.Message) error {
	time.Sleep(s.delay)
	s.sent <- m
	return s.err
}

func TestAsyncAnswersBeforeTheRelay(t *testing.T) {
	slow := slowSender{delay: 200 * time.Millisecond, sent: make(chan mail.Message, 1), err: errors.New("relay down")}
	failed := make(chan error, 1)
	sender := mail.Async(slow, func(err error) { failed <- err })

	start := time.Now()
	if err := sender.Send(context.Background(), mail.Message{To: "a@example.com", Subject: "Code", Text: "123456"}); err != nil {
		t.Fatal(err)
	}
	if elapsed := time.Since(start); elapsed > 100*time.Millisecond {
		t.Fatalf("got Send taking %v, want it back before the relay answers", elapsed)
	}
	if m := <-slow.sent; m.To != "a@example.com" {
		t.Fatalf("got %+v, want the message delivered in the background", m)
	}
	if err := <-failed; err == nil || err.Error() != "relay down" {
		t.Fatalf("got %v, want the delivery failure reported", err)
	}
}

func TestAsyncStillRefusesABadMessage(t *testing.T) {
	sender := mail.Async(slowSender{sent: make(chan mail.Message, 1)}, nil)
	if err := sender.Send(context.Background(), mail.Message{To: "not an address", Subject: "x"}); err == nil {
		t.Fatal("got no error for a bad address, want it refused at once")
	}
}
