package web_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/heloc/heloc/server/ratelimit"
	"github.com/heloc/heloc/server/store"
	"github.com/heloc/heloc/server/store/storetest"
	"github.com/heloc/heloc/server/web"
)

// withSharedLimiter gives a server the store-backed limiter that
// cmd/heloc uses over PostgreSQL, so servers over one database share
// their counts.
func withSharedLimiter(tb testing.TB) func(*web.Config, *store.DB) {
	return func(cfg *web.Config, db *store.DB) {
		cfg.Limiter = ratelimit.NewShared(db, func(err error) { tb.Errorf("rate count: %v", err) })
	}
}

// Two servers behind one proxy over one PostgreSQL database share the
// limit of 10 accounts per address in 15 minutes: 6 accounts through A and
// 4 through B are allowed, the 11th, through B, is refused. With a limiter
// in each server's memory B would allow its 5th.
func TestLimitSharedBetweenServers(t *testing.T) {
	dsn := storetest.DSN(t, "postgres")
	a := mustOpenServerAt(t, web.Config{}, dsn, withSharedLimiter(t))
	b := mustOpenServerAt(t, web.Config{}, dsn, withSharedLimiter(t))
	for i := range 6 {
		if got := a.createAccount(t, i, ""); got != http.StatusOK {
			t.Fatalf("account %d through server A: got %d, want 200", i+1, got)
		}
	}
	for i := range 4 {
		if got := b.createAccount(t, 100+i, ""); got != http.StatusOK {
			t.Fatalf("account %d through server B: got %d, want 200", 7+i, got)
		}
	}
	resp, body := b.do(t, request{method: http.MethodPost, path: "/api/trpc/identity.createAccount",
		body: fmt.Sprintf(`{"email":"proxied%d@example.com","firstName":"P","lastName":"X","phone":null,`+agreed+`}`, 200)})
	if resp.StatusCode != http.StatusTooManyRequests || !strings.Contains(string(body), "TOO_MANY_REQUESTS") {
		t.Fatalf("the 11th account, through server B: got %d %s, want 429 TOO_MANY_REQUESTS", resp.StatusCode, body)
	}
	// And server A, which allowed only 6, refuses as well.
	if got := a.createAccount(t, 300, ""); got != http.StatusTooManyRequests {
		t.Fatalf("the 12th account, through server A: got %d, want 429", got)
	}
}
