package web_test

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/heloc/heloc/server/store"
	"github.com/heloc/heloc/server/web"
)

// createAccount answers with the status of one identity.createAccount call
// carrying X-Forwarded-For xff (none when empty).
func (s *testServer) createAccount(t *testing.T, n int, xff string) int {
	t.Helper()
	headers := map[string]string{}
	if xff != "" {
		headers["X-Forwarded-For"] = xff
	}
	resp, _ := s.do(t, request{method: http.MethodPost, path: "/api/trpc/identity.createAccount", headers: headers,
		body: fmt.Sprintf(`{"email":"proxied%d@example.com","firstName":"P","lastName":"X","phone":null,`+agreed+`}`, n)})
	return resp.StatusCode
}

// Behind a trusted proxy (the test client is on loopback, trusted by
// default) the client is the rightmost hop the proxy appended: whatever a
// client writes to the left of it, including junk, is the same address, so
// createAccount's limit of 10 per address holds.
func TestClientAddressBehindTrustedProxy(t *testing.T) {
	s := MustOpenServer(t, web.Config{TrustProxy: true})
	spoofs := []string{"1.1.1.1", "junk", "", "2001:db8::1", "not, an, ip", "10.0.0.1", "::ffff:1.2.3.4", "1.1.1.1:80"}
	for i := range 11 {
		// The proxy appends the address it saw; the client sends the rest.
		xff := "198.51.100.7"
		if spoof := spoofs[i%len(spoofs)]; spoof != "" {
			xff = spoof + ", " + xff
		}
		got := s.createAccount(t, i, xff)
		if want := map[bool]int{true: 200, false: 429}[i < 10]; got != want {
			t.Fatalf("account %d with X-Forwarded-For %q: got %d, want %d", i+1, xff, got, want)
		}
	}
	// Another client behind the same proxy has its own count: the header is
	// read from a trusted proxy.
	if got := s.createAccount(t, 100, "198.51.100.8"); got != 200 {
		t.Fatalf("another client behind the proxy: got %d, want 200", got)
	}
	// Several trusted proxies in a row: the hops on private addresses are
	// skipped, and the client to their left is counted, not the junk.
	for i := range 10 {
		if got := s.createAccount(t, 200+i, fmt.Sprintf("spoof-%d, 198.51.100.9, 10.1.2.3, 192.168.0.4", i)); got != 200 {
			t.Fatalf("account %d through two proxies: got %d, want 200", i+1, got)
		}
	}
	if got := s.createAccount(t, 300, "198.51.100.9, 10.1.2.3"); got != 429 {
		t.Fatalf("the 11th account of 198.51.100.9 through two proxies: got %d, want 429", got)
	}
	// Junk where a proxy's hop should be stops at the last trusted hop (here
	// the peer itself): junk does not make a fresh address either.
	for i := range 11 {
		got := s.createAccount(t, 400+i, fmt.Sprintf("junk-%d", i))
		if want := map[bool]int{true: 200, false: 429}[i < 10]; got != want {
			t.Fatalf("account %d with a junk hop: got %d, want %d", i+1, got, want)
		}
	}
}

// A peer that is not a configured proxy is the client, whatever
// X-Forwarded-For says: here only 10.9.9.9 is trusted, and the test client
// on loopback cannot spoof its address with the header.
func TestClientAddressFromUntrustedPeer(t *testing.T) {
	s := MustOpenServer(t, web.Config{TrustProxy: true, TrustedProxies: []string{"10.9.9.9", "fd00::/8"}})
	for i := range 11 {
		xff := fmt.Sprintf("203.0.113.%d", i+1)
		got := s.createAccount(t, i, xff)
		if want := map[bool]int{true: 200, false: 429}[i < 10]; got != want {
			t.Fatalf("account %d with X-Forwarded-For %q: got %d, want %d", i+1, xff, got, want)
		}
	}
}

func TestTrustedProxiesMustBeAddresses(t *testing.T) {
	for _, bad := range []string{"proxy.example.com", "10.0.0.0/33", "1.2.3"} {
		if _, err := web.New(web.Config{TrustProxy: true, TrustedProxies: []string{bad}}, nil, nil, nil, nil, nil, assets, routes); err == nil {
			t.Errorf("TrustedProxies %q: got no error", bad)
		}
	}
}

const estimateBody = `{"propertyValue":850000,"mortgageBalance":312000,"creditScore":790,"propertyUsage":"primaryResidence","propertyState":"CA"}`

// tooMany checks a refusal is TOO_MANY_REQUESTS in the tRPC error shape,
// with Retry-After.
func tooMany(t *testing.T, resp *http.Response, res wireResult, path string) {
	t.Helper()
	if resp.StatusCode != 429 || res.Error == nil || res.Error.Code != -32029 || res.Error.Data.Code != "TOO_MANY_REQUESTS" ||
		res.Error.Data.HTTPStatus != 429 || res.Error.Data.Path != path || res.Error.Message == "" {
		t.Fatalf("got %d %+v, want TOO_MANY_REQUESTS for %s", resp.StatusCode, res.Error, path)
	}
	if resp.Header.Get("Retry-After") == "" {
		t.Fatal("got no Retry-After")
	}
}

// Anonymous decision calls are limited per client address: beyond the
// limit nothing is decided or stored, and the answer is TOO_MANY_REQUESTS.
// A signed-in applicant is counted by account, not address, so visitors
// sharing the address do not use up their estimates; the account has the
// same limit of its own.
func TestDecisionCallsAreLimited(t *testing.T) {
	s := MustOpenServer(t, web.Config{EstimateLimit: 3, PagesLimit: 5})
	ctx := context.Background()
	stored := func() int {
		n := 0
		for _, e := range []string{"heloc.eligibility.decision", "heloc.offer.preview"} {
			if err := s.DB.EachDecision(ctx, e, func(*store.Decision) error { n++; return nil }); err != nil {
				t.Fatal(err)
			}
		}
		return n
	}
	visitor := s.browser(t)
	for i := range 3 {
		if resp, res := visitor.trpc("POST", "prequal.estimate", estimateBody); resp.StatusCode != 200 {
			t.Fatalf("estimate %d: got %d %+v", i+1, resp.StatusCode, res.Error)
		}
	}
	before := stored()
	resp, res := visitor.trpc("POST", "prequal.estimate", estimateBody)
	tooMany(t, resp, res, "prequal.estimate")
	if after := stored(); after != before {
		t.Fatalf("got %d decisions stored by the refused call, want none", after-before)
	}
	// Another visitor on the same address (a new browser) shares the count.
	resp, res = s.browser(t).trpc("POST", "prequal.estimate", estimateBody)
	tooMany(t, resp, res, "prequal.estimate")

	applicant := s.browser(t)
	applicant.signIn("prime@example.com")
	for i := range 3 {
		if resp, res := applicant.trpc("POST", "prequal.estimate", estimateBody); resp.StatusCode != 200 {
			t.Fatalf("signed-in estimate %d from a limited address: got %d %+v", i+1, resp.StatusCode, res.Error)
		}
	}
	resp, res = applicant.trpc("POST", "prequal.estimate", estimateBody)
	tooMany(t, resp, res, "prequal.estimate")

	for i := range 5 {
		if resp, res := visitor.trpc("GET", "funnel.pages", `{"path":"/prequal/address"}`); resp.StatusCode != 200 {
			t.Fatalf("pages %d: got %d %+v", i+1, resp.StatusCode, res.Error)
		}
	}
	resp, res = visitor.trpc("GET", "funnel.pages", `{"path":"/prequal/address"}`)
	tooMany(t, resp, res, "funnel.pages")
	if resp, res := applicant.trpc("GET", "funnel.pages", `{"path":"/app/application/1"}`); resp.StatusCode != 200 {
		t.Fatalf("signed-in pages: got %d %+v", resp.StatusCode, res.Error)
	}
	// Other procedures are not counted.
	if resp, res := visitor.trpc("GET", "system.info", ""); resp.StatusCode != 200 {
		t.Fatalf("system.info: got %d %+v", resp.StatusCode, res.Error)
	}
}

// The default limit (30 estimates in 15 minutes) is on without
// configuration, and a negative limit turns it off.
func TestDecisionLimitDefaults(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	b := s.browser(t)
	for i := range 30 {
		if resp, res := b.trpc("POST", "prequal.estimate", estimateBody); resp.StatusCode != 200 {
			t.Fatalf("estimate %d: got %d %+v", i+1, resp.StatusCode, res.Error)
		}
	}
	resp, res := b.trpc("POST", "prequal.estimate", estimateBody)
	tooMany(t, resp, res, "prequal.estimate")

	off := MustOpenServer(t, web.Config{EstimateLimit: -1})
	b = off.browser(t)
	for i := range 35 {
		if resp, res := b.trpc("POST", "prequal.estimate", estimateBody); resp.StatusCode != 200 {
			t.Fatalf("estimate %d without a limit: got %d %+v", i+1, resp.StatusCode, res.Error)
		}
	}
}

// fakeClock is a clock the test moves, shared by the server and the store.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// With SESSION_IDLE=1m the idle deadline moves at a granularity of a tenth
// of it, so a session used every 10 s lives on well past 60 s; one left
// alone for the idle time ends.
func TestActiveSessionOutlivesItsIdleTime(t *testing.T) {
	clock := &fakeClock{t: time.Now().UTC()}
	s := MustOpenServer(t, web.Config{Now: clock.Now, SessionIdle: time.Minute})
	s.DB.Now = clock.Now
	b := s.browser(t)
	b.signIn("prime@example.com")
	signedIn := func() bool {
		resp, _ := b.trpc("GET", "loan.current", "")
		return resp.StatusCode == 200
	}
	for elapsed := 10 * time.Second; elapsed <= 3*time.Minute; elapsed += 10 * time.Second {
		clock.Add(10 * time.Second)
		if !signedIn() {
			t.Fatalf("an active session ended %v after sign-in, with activity every 10 s and an idle time of 1m", elapsed)
		}
	}
	clock.Add(time.Minute)
	if signedIn() {
		t.Fatal("a session idle for a minute is still live, want it ended")
	}
}

// An IPv6 client is counted by its /64: one subscriber is given the whole
// block, so rotating through its addresses does not buy more accounts. Its
// neighbour in the next /64 has its own count, and an IPv4 client behind a
// mapped address counts as its IPv4 address.
func TestIPv6ClientsAreCountedByTheirSlash64(t *testing.T) {
	s := MustOpenServer(t, web.Config{TrustProxy: true})
	for i := range 11 {
		xff := fmt.Sprintf("2001:db8:aa:bb:%x::%x", i, i+1)
		if want := map[bool]int{true: 200, false: 429}[i < 10]; s.createAccount(t, i, xff) != want {
			t.Fatalf("account %d from %s: want %d", i+1, xff, want)
		}
	}
	if got := s.createAccount(t, 100, "2001:db8:aa:bc::1"); got != 200 {
		t.Fatalf("the next /64: got %d, want 200", got)
	}
	for i := range 10 {
		if got := s.createAccount(t, 200+i, "::ffff:203.0.113.5"); got != 200 {
			t.Fatalf("account %d from a mapped IPv4 address: got %d", i+1, got)
		}
	}
	if got := s.createAccount(t, 300, "203.0.113.5"); got != 429 {
		t.Fatalf("the same IPv4 address unmapped: got %d, want 429", got)
	}
}

// Every human check is a paid request to reCAPTCHA: a client address has
// at most BotCheckLimit verified in 15 minutes, on tRPC mutations and auth
// calls alike. Beyond it the call is TOO_MANY_REQUESTS with Retry-After
// and no token is checked (a bad one is not told apart); a call without a
// token counts nothing; another address has its own count.
func TestHumanChecksAreLimitedPerAddress(t *testing.T) {
	s := MustOpenServer(t, web.Config{TrustProxy: true, BotCheckLimit: 3})
	b := s.browser(t)
	from := func(addr string, extra map[string]string) map[string]string {
		h := map[string]string{"X-Forwarded-For": addr}
		for k, v := range extra {
			h[k] = v
		}
		return h
	}
	for i := range 3 {
		if resp, _ := b.send("POST", "/api/trpc/prequal.estimate", "application/json", `{}`, from("198.51.100.20", nil)); resp.StatusCode == 429 {
			t.Fatalf("check %d: got 429 within the limit", i+1)
		}
		if resp, _ := b.send("POST", "/api/trpc/prequal.estimate", "application/json", `{}`, from("198.51.100.20", map[string]string{"X-Recaptcha-Token": ""})); resp.StatusCode != 403 {
			t.Fatalf("without a token: got %d, want 403", resp.StatusCode)
		}
	}
	resp, out := b.send("POST", "/api/trpc/prequal.estimate", "application/json", `{}`, from("198.51.100.20", map[string]string{"X-Recaptcha-Token": "forged"}))
	if resp.StatusCode != 429 || resp.Header.Get("Retry-After") == "" {
		t.Fatalf("past the limit: got %d %s, want 429 with Retry-After and no check made", resp.StatusCode, out)
	}
	if resp, _ := b.send("POST", applicantAuth+"/signin/otp", "application/x-www-form-urlencoded", "email=a%40example.com", from("198.51.100.20", nil)); resp.StatusCode != 429 {
		t.Fatalf("an auth call past the limit: got %d, want 429", resp.StatusCode)
	}
	if resp, _ := b.send("POST", "/api/trpc/prequal.estimate", "application/json", `{}`, from("198.51.100.21", nil)); resp.StatusCode == 429 {
		t.Fatal("another address: got 429, want its own count")
	}
}
