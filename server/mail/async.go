package mail

import (
	"context"
	"time"
)

// asyncTimeout bounds one background delivery.
const asyncTimeout = 30 * time.Second

type async struct {
	next    Sender
	onError func(error)
}

// Async returns a Sender that checks a message and hands it to next in the
// background, so a caller answers as fast whether or not it sent anything:
// "we mailed a code if the account exists" must not be told apart by its
// timing through a slow relay. onError hears of failed deliveries; it must
// not log the message, which holds a sign-in code.
func Async(next Sender, onError func(error)) Sender {
	return &async{next: next, onError: onError}
}

func (a *async) Send(ctx context.Context, m Message) error {
	if _, err := m.validate(); err != nil {
		return err
	}
	go func() {
		ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), asyncTimeout)
		defer cancel()
		if err := a.next.Send(ctx, m); err != nil && a.onError != nil {
			a.onError(err)
		}
	}()
	return nil
}
