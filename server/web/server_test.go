package web_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/heloc/heloc/fixtures"
	"github.com/heloc/heloc/rules"
	"github.com/heloc/heloc/schemas"
	"github.com/heloc/heloc/server/app"
	"github.com/heloc/heloc/server/botcheck"
	"github.com/heloc/heloc/server/crypt"
	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/mail"
	"github.com/heloc/heloc/server/policy"
	"github.com/heloc/heloc/server/providers"
	"github.com/heloc/heloc/server/schema"
	"github.com/heloc/heloc/server/store"
	"github.com/heloc/heloc/server/web"
)

// The policies and the schemas, read and compiled once for the package's
// servers, as one binary serves every request from one of each: an Engine
// is not changed after it is loaded (its answer cache is a function of its
// revision and the input; a server that reloads its rules makes an Engine
// of its own), and a schema set is only read. Loading them for each of
// the package's hundreds of servers was most of its time.
var (
	loadRules   = sync.OnceValues(func() (*policy.Engine, error) { return policy.Load(context.Background(), rules.FS) })
	loadSchemas = sync.OnceValues(func() (*schema.Set, error) { return schema.Load(schemas.FS) })
)

// testServer is a real server on a real port, over a fresh SQLite database
// with the demo data, the real policies and the real schemas.
type testServer struct {
	URL    string
	DB     *store.DB
	Outbox *mail.Outbox
	log    *syncBuffer
}

type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

var testKeyring = func() *crypt.Keyring {
	k, err := crypt.NewKeyring("k1", map[string][]byte{"k1": bytes.Repeat([]byte{7}, 32)})
	if err != nil {
		panic(err)
	}
	return k
}()

var assets = fstest.MapFS{
	"index.html":         {Data: []byte(`<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/app-1234.js"></script></body></html>`)},
	"assets/app-1234.js": {Data: []byte(strings.Repeat("console.log('app');\n", 50))},
	"favicon.svg":        {Data: []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`)},
}

var routes = []web.Route{
	{Path: "/", Title: "Home", Area: "public"},
	{Path: "/app/initial-setup/property-value", Title: "Property value", Area: "initialSetup"},
	{Path: "/portal/login", Title: "Staff sign in", Area: "login"},
}

func MustOpenServer(tb testing.TB, cfg web.Config) *testServer {
	tb.Helper()
	return mustOpenServerAt(tb, cfg, filepath.Join(tb.TempDir(), "test.db"))
}

// mustOpenServerWith is MustOpenServer with the services told svc as
// well (their vendors, document storage, loan systems).
func mustOpenServerWith(tb testing.TB, cfg web.Config, svc app.Config) *testServer {
	tb.Helper()
	return mustOpenServerWithAt(tb, cfg, svc, filepath.Join(tb.TempDir(), "test.db"))
}

// mustOpenServerAt is MustOpenServer over the database at dsn (an SQLite
// file or a PostgreSQL address), which it opens and seeds. Each of opts
// may set cfg from the opened database (e.g. a store-backed Limiter).
func mustOpenServerAt(tb testing.TB, cfg web.Config, dsn string, opts ...func(*web.Config, *store.DB)) *testServer {
	tb.Helper()
	return mustOpenServerWithAt(tb, cfg, app.Config{}, dsn, opts...)
}

// mustOpenServerWithAt is mustOpenServerAt with the services told svc. The
// services are made as cmd/heloc makes them (server/app), from what cfg
// and svc say; the clock, product name, funnel variant, session secret
// and mailer are cfg's, as the binary gives both the same; the keyring is
// svc's (testKeyring unless said), which the store seals with too.
func mustOpenServerWithAt(tb testing.TB, cfg web.Config, svc app.Config, dsn string, opts ...func(*web.Config, *store.DB)) *testServer {
	tb.Helper()
	ctx := context.Background()
	db, err := store.Open(ctx, dsn)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { db.Close() })
	if svc.Keyring == nil {
		svc.Keyring = testKeyring
	}
	db.Sealer = svc.Keyring
	if err := db.SeedDemo(ctx, fixtures.FS); err != nil {
		tb.Fatal(err)
	}
	engine, err := loadRules()
	if err != nil {
		tb.Fatal(err)
	}
	set, err := loadSchemas()
	if err != nil {
		tb.Fatal(err)
	}
	logs := &syncBuffer{}
	log := slog.New(slog.NewJSONHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	for _, opt := range opts {
		opt(&cfg, db)
	}
	if cfg.ProductName == "" {
		cfg.ProductName = "Test Home Equity"
	}
	if cfg.SessionSecret == nil {
		cfg.SessionSecret = []byte("test session secret of at least 32 bytes")
	}
	if cfg.Outbox == nil && svc.Mailer == nil {
		cfg.Outbox = mail.NewOutbox(0)
	}
	if svc.Mailer == nil {
		svc.Mailer = cfg.Outbox
	}
	if svc.Credit == nil || svc.Valuation == nil {
		sandbox, err := providers.NewSandbox(fixtures.FS)
		if err != nil {
			tb.Fatal(err)
		}
		svc.Credit, svc.Valuation = sandbox, sandbox
	}
	if svc.Identity == nil {
		identity, err := providers.NewSandboxIdentity(fixtures.FS)
		if err != nil {
			tb.Fatal(err)
		}
		svc.Identity = identity
	}
	if svc.Income == nil {
		payroll, err := providers.NewSandboxPayroll(fixtures.FS)
		if err != nil {
			tb.Fatal(err)
		}
		svc.Income = payroll
	}
	svc.ProductName, svc.FunnelVariant, svc.Now = cfg.ProductName, cfg.FunnelVariant, cfg.Now
	svc.SessionSecret = cfg.SessionSecret
	live := policy.NewLive(engine, log)
	services, err := app.New(svc, db, live, set)
	if err != nil {
		tb.Fatal(err)
	}
	cfg.Services = *services
	srv, err := web.New(cfg, db, live, set, botcheck.Sandbox{}, log, assets, routes)
	if err != nil {
		tb.Fatal(err)
	}
	checkAnswers(tb, srv)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	go func() { _ = srv.Serve(ln) }()
	tb.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(ctx)
	})
	return &testServer{URL: "http://" + ln.Addr().String(), DB: db, Outbox: cfg.Outbox, log: logs}
}

// request is one HTTP request the way the webapp sends it; tests remove or
// spoil the headers they attack.
type request struct {
	method  string
	path    string
	body    string
	headers map[string]string
	cookie  *http.Cookie
}

func (s *testServer) do(tb testing.TB, r request) (*http.Response, []byte) {
	tb.Helper()
	if r.method == "" {
		r.method = http.MethodGet
	}
	req, err := http.NewRequest(r.method, s.URL+r.path, strings.NewReader(r.body))
	if err != nil {
		tb.Fatal(err)
	}
	req.Header.Set("X-Same-Origin", "1")
	if r.method != http.MethodGet {
		req.Header.Set("Origin", s.URL)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-Recaptcha-Token", botcheck.SandboxPrefix+"api_update")
	}
	for k, v := range r.headers {
		if v == "" {
			req.Header.Del(k)
		} else {
			req.Header.Set(k, v)
		}
	}
	if r.cookie != nil {
		req.AddCookie(r.cookie)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		tb.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		tb.Fatal(err)
	}
	return resp, body
}

type wireError struct {
	Message string `json:"message"`
	Code    int    `json:"code"`
	Data    struct {
		Code       string              `json:"code"`
		HTTPStatus int                 `json:"httpStatus"`
		Path       string              `json:"path"`
		Fields     []domain.FieldError `json:"fields"`
	} `json:"data"`
}

type wireResult struct {
	Result *struct {
		Data json.RawMessage `json:"data"`
	} `json:"result"`
	Error *wireError `json:"error"`
}

func decode[T any](tb testing.TB, body []byte) T {
	tb.Helper()
	var v T
	if err := json.Unmarshal(body, &v); err != nil {
		tb.Fatalf("decode %s: %v", body, err)
	}
	return v
}

func query(path string, input string) string {
	if input == "" {
		return "/api/trpc/" + path
	}
	return "/api/trpc/" + path + "?input=" + url.QueryEscape(input)
}

func TestHealthz(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	resp, body := s.do(t, request{path: "/healthz"})
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("got %d %s, want 200", resp.StatusCode, body)
	}
	h := decode[map[string]string](t, body)
	if h["database"] != "ok" || h["policies"] != "ok" || len(h["revision"]) != 64 {
		t.Fatalf("got %v, want database and policies ok with a revision", h)
	}
}

func TestHealthzFailsWithoutDatabase(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	s.DB.Close()
	resp, body := s.do(t, request{path: "/healthz"})
	if resp.StatusCode != http.StatusServiceUnavailable {
		t.Fatalf("got %d %s, want 503", resp.StatusCode, body)
	}
}

func TestQueryReadsTheStore(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	resp, body := s.do(t, request{path: query("content.insights", "")})
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("got %d %s, want 200", resp.StatusCode, body)
	}
	r := decode[wireResult](t, body)
	list := decode[struct{ Items []domain.Insight }](t, r.Result.Data)
	if len(list.Items) == 0 {
		t.Fatal("got no insights, want the demo posts")
	}
	slug := list.Items[0].Slug

	_, body = s.do(t, request{path: query("content.insight", `{"slug":"`+slug+`"}`)})
	post := decode[domain.Insight](t, decode[wireResult](t, body).Result.Data)
	if post.Slug != slug || post.Body == "" {
		t.Fatalf("got %+v, want post %q with its body", post, slug)
	}
}

func TestQueryEvaluatesThePolicy(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	_, body := s.do(t, request{path: query("funnel.steps", "")})
	steps := decode[struct {
		Order    map[string]float64
		Sections map[string]string
		Revision string
	}](t, decode[wireResult](t, body).Result.Data)
	if steps.Order["propertyValue"] != 1 || steps.Order["application6"] != 22.5 {
		t.Fatalf("got order %v, want propertyValue 1 and application6 22.5 (spec §2)", steps.Order)
	}
	if steps.Sections["application"] != "Personal Info" || steps.Revision == "" {
		t.Fatalf("got sections %v revision %q", steps.Sections, steps.Revision)
	}
}

func TestBatchedQueries(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	t.Run("all succeed", func(t *testing.T) {
		resp, body := s.do(t, request{path: "/api/trpc/system.info,content.insights?batch=1&input=" + url.QueryEscape(`{}`)})
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("got %d %s, want 200", resp.StatusCode, body)
		}
		results := decode[[]wireResult](t, body)
		if len(results) != 2 || results[0].Result == nil || results[1].Result == nil {
			t.Fatalf("got %s, want two results in order", body)
		}
		info := decode[struct{ ProductName string }](t, results[0].Result.Data)
		if info.ProductName != "Test Home Equity" {
			t.Fatalf("got %q first, want system.info's product name", info.ProductName)
		}
	})
	t.Run("mixed outcomes answer 207", func(t *testing.T) {
		input := url.QueryEscape(`{"1":{"slug":"no-such-post"}}`)
		resp, body := s.do(t, request{path: "/api/trpc/system.info,content.insight?batch=1&input=" + input})
		if resp.StatusCode != http.StatusMultiStatus {
			t.Fatalf("got %d, want 207", resp.StatusCode)
		}
		results := decode[[]wireResult](t, body)
		if results[0].Result == nil || results[1].Error == nil || results[1].Error.Data.Code != "NOT_FOUND" || results[1].Error.Data.Path != "content.insight" {
			t.Fatalf("got %s, want success then NOT_FOUND for content.insight", body)
		}
	})
	t.Run("several paths without batch=1", func(t *testing.T) {
		resp, _ := s.do(t, request{path: "/api/trpc/system.info,content.insights"})
		if resp.StatusCode != http.StatusBadRequest {
			t.Fatalf("got %d, want 400", resp.StatusCode)
		}
	})
}

// Every guard of the wire refuses with the tRPC error shape and the status
// of the architecture's table.
func TestGuards(t *testing.T) {
	s := MustOpenServer(t, web.Config{BodyLimit: 4096})
	mutation := "/api/trpc/identity.deleteSession"
	tests := []struct {
		name   string
		req    request
		status int
		code   string
		rpc    int
	}{
		{"query without X-Same-Origin", request{path: query("system.info", ""), headers: map[string]string{"X-Same-Origin": ""}}, 403, "FORBIDDEN", -32003},
		{"query with X-Same-Origin 0", request{path: query("system.info", ""), headers: map[string]string{"X-Same-Origin": "0"}}, 403, "FORBIDDEN", -32003},
		{"mutation without X-Same-Origin", request{method: "POST", path: mutation, headers: map[string]string{"X-Same-Origin": ""}}, 403, "FORBIDDEN", -32003},
		{"mutation over GET", request{path: mutation}, 405, "METHOD_NOT_SUPPORTED", -32005},
		{"query over POST", request{method: "POST", path: "/api/trpc/system.info"}, 405, "METHOD_NOT_SUPPORTED", -32005},
		{"subscription over PATCH", request{method: "PATCH", path: mutation}, 405, "METHOD_NOT_SUPPORTED", -32005},
		{"mutation without bot-check token", request{method: "POST", path: mutation, headers: map[string]string{"X-Recaptcha-Token": ""}}, 403, "FORBIDDEN", -32003},
		{"mutation with a bad bot-check token", request{method: "POST", path: mutation, headers: map[string]string{"X-Recaptcha-Token": "forged"}}, 403, "FORBIDDEN", -32003},
		{"mutation with a token for another action", request{method: "POST", path: mutation, headers: map[string]string{"X-Recaptcha-Token": "sandbox.login"}}, 403, "FORBIDDEN", -32003},
		{"mutation from a foreign origin", request{method: "POST", path: mutation, headers: map[string]string{"Origin": "https://evil.example"}}, 403, "FORBIDDEN", -32003},
		{"mutation without Origin", request{method: "POST", path: mutation, headers: map[string]string{"Origin": ""}}, 403, "FORBIDDEN", -32003},
		{"mutation as a form post", request{method: "POST", path: mutation, body: "a=1", headers: map[string]string{"Content-Type": "application/x-www-form-urlencoded"}}, 400, "BAD_REQUEST", -32600},
		{"malformed JSON", request{path: "/api/trpc/content.insight?input=" + url.QueryEscape(`{"slug":`)}, 400, "PARSE_ERROR", -32700},
		{"malformed batch input", request{path: "/api/trpc/system.info?batch=1&input=" + url.QueryEscape(`[1]`)}, 400, "PARSE_ERROR", -32700},
		{"invalid input", request{path: query("content.insight", `{"slug":"../../etc/passwd"}`)}, 400, "BAD_REQUEST", -32600},
		{"unknown input field", request{path: query("content.insight", `{"slug":"a","admin":true}`)}, 400, "BAD_REQUEST", -32600},
		{"input to a procedure that takes none", request{path: query("system.info", `{"x":1}`)}, 400, "BAD_REQUEST", -32600},
		{"unknown procedure", request{path: query("loan.everything", "")}, 404, "NOT_FOUND", -32004},
		{"oversized body", request{method: "POST", path: mutation, body: `{"pad":"` + strings.Repeat("x", 8192) + `"}`}, 413, "PAYLOAD_TOO_LARGE", -32013},
		{"too many calls in a batch", request{path: "/api/trpc/" + strings.Repeat("system.info,", 20) + "system.info?batch=1"}, 400, "BAD_REQUEST", -32600},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, body := s.do(t, tt.req)
			if resp.StatusCode != tt.status {
				t.Fatalf("got %d %s, want %d", resp.StatusCode, body, tt.status)
			}
			var e *wireError
			if bytes.HasPrefix(body, []byte("[")) {
				e = decode[[]wireResult](t, body)[0].Error
			} else {
				e = decode[wireResult](t, body).Error
			}
			if e == nil || e.Data.Code != tt.code || e.Code != tt.rpc || e.Data.HTTPStatus != tt.status || e.Message == "" {
				t.Fatalf("got %s, want error %s (%d)", body, tt.code, tt.rpc)
			}
		})
	}
}

func TestInvalidInputNamesTheField(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	_, body := s.do(t, request{path: query("content.insight", `{"slug":"Not A Slug"}`)})
	e := decode[wireResult](t, body).Error
	if e == nil || len(e.Data.Fields) != 1 || e.Data.Fields[0].Path != "slug" || e.Data.Fields[0].Message == "" {
		t.Fatalf("got %s, want one field error at slug", body)
	}
}

func TestPagesAndAssets(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	tests := []struct {
		path, contentType string
		status            int
	}{
		{"/", "text/html", 200},
		{"/app/initial-setup/property-value", "text/html", 200},
		{"/app/initial-setup/property-value/", "text/html", 200},
		{"/portal/login", "text/html", 200},
		{"/no/such/page", "text/html", 404},
		{"/assets/app-1234.js", "text/javascript", 200},
		{"/favicon.svg", "image/svg+xml", 200},
		{"/api/nothing", "application/json", 404},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			resp, _ := s.do(t, request{path: tt.path})
			if resp.StatusCode != tt.status || !strings.HasPrefix(resp.Header.Get("Content-Type"), tt.contentType) {
				t.Fatalf("got %d %s, want %d %s", resp.StatusCode, resp.Header.Get("Content-Type"), tt.status, tt.contentType)
			}
		})
	}
	t.Run("hashed assets are cached for good, pages are revalidated", func(t *testing.T) {
		resp, _ := s.do(t, request{path: "/assets/app-1234.js"})
		if !strings.Contains(resp.Header.Get("Cache-Control"), "immutable") {
			t.Fatalf("got Cache-Control %q, want immutable", resp.Header.Get("Cache-Control"))
		}
		resp, _ = s.do(t, request{path: "/"})
		if resp.Header.Get("Cache-Control") != "no-cache" {
			t.Fatalf("got Cache-Control %q, want no-cache", resp.Header.Get("Cache-Control"))
		}
	})
}

func TestSecurityHeaders(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	resp, _ := s.do(t, request{path: "/"})
	for header, want := range map[string]string{
		"Content-Security-Policy": "frame-ancestors 'none'",
		"X-Content-Type-Options":  "nosniff",
		"Referrer-Policy":         "strict-origin-when-cross-origin",
	} {
		if got := resp.Header.Get(header); !strings.Contains(got, want) {
			t.Errorf("got %s %q, want it to contain %q", header, got, want)
		}
	}
	if got := resp.Header.Get("Strict-Transport-Security"); got != "" {
		t.Errorf("got HSTS %q over plain HTTP, want none", got)
	}
	if resp.Header.Get("X-Request-Id") == "" {
		t.Error("got no X-Request-Id")
	}
}

func TestHSTSBehindTLSProxy(t *testing.T) {
	s := MustOpenServer(t, web.Config{TrustProxy: true})
	resp, _ := s.do(t, request{path: "/", headers: map[string]string{"X-Forwarded-Proto": "https"}})
	if got := resp.Header.Get("Strict-Transport-Security"); !strings.Contains(got, "max-age=") {
		t.Fatalf("got HSTS %q behind TLS, want max-age", got)
	}
}

// Logs carry the request id and path but never the query string, where a
// tRPC query's input (an e-mail, say) travels.
func TestLogsHoldNoInput(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	s.do(t, request{path: query("content.insight", `{"slug":"borrower-secret-slug"}`)})
	logs := s.log.String()
	if strings.Contains(logs, "borrower-secret-slug") {
		t.Fatalf("got the input in the logs:\n%s", logs)
	}
	if !strings.Contains(logs, `"request_id"`) || !strings.Contains(logs, `"path":"/api/trpc/content.insight"`) {
		t.Fatalf("got logs without request id or path:\n%s", logs)
	}
}
