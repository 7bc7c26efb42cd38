package web_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/heloc/heloc/server/web"
)

// The refusals the HTTP layer makes before any handler runs (a body past the
// limit, sent chunked or announced by Content-Length; a request line or
// headers past the read buffer) answer in the wire's error shape, like every
// other refusal: a tRPC error under /api/trpc, an auth error under /api/auth.
func TestRefusalsBeforeTheHandlerAnswerInTheWireShape(t *testing.T) {
	srv := MustOpenServer(t, web.Config{BodyLimit: 64 << 10})
	host := strings.TrimPrefix(srv.URL, "http://")
	headers := "Host: " + host + "\r\nX-Same-Origin: 1\r\nOrigin: " + srv.URL + "\r\nContent-Type: application/json\r\n"
	chunked := func() string {
		var b strings.Builder
		chunk := strings.Repeat("a", 32<<10)
		for range 8 {
			fmt.Fprintf(&b, "%x\r\n%s\r\n", len(chunk), chunk)
		}
		return b.String() + "0\r\n\r\n"
	}()
	// Of a body announced past the limit, the server reads the first 8 KiB
	// (fasthttp's look-ahead) and no more.
	announced := strings.Repeat("{", 8<<10)
	for _, tc := range []struct {
		name, raw string
		status    int
		code      string
		auth      bool
	}{
		{"chunked body past the limit", "POST /api/trpc/identity.createAccount HTTP/1.1\r\n" + headers + "Transfer-Encoding: chunked\r\n\r\n" + chunked, 413, "PAYLOAD_TOO_LARGE", false},
		{"announced body past the limit", "POST /api/trpc/identity.createAccount HTTP/1.1\r\n" + headers + "Content-Length: 104857600\r\n\r\n" + announced, 413, "PAYLOAD_TOO_LARGE", false},
		{"auth body past the limit", "POST /api/authApplicant/callback/password HTTP/1.1\r\n" + headers + "Content-Length: 104857600\r\n\r\n" + announced, 413, "", true},
		{"an 8 KiB input is read", "GET /api/trpc/funnel.pages?input=" + strings.Repeat("%7B", 2700) + " HTTP/1.1\r\n" + headers + "\r\n", 400, "PARSE_ERROR", false},
		{"input past the URL limit", "GET /api/trpc/prequal.estimate?input=" + strings.Repeat("%7B", 6000) + " HTTP/1.1\r\n" + headers + "\r\n", 431, "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			conn, err := net.Dial("tcp", host)
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			_ = conn.SetDeadline(time.Now().Add(10 * time.Second))
			go func() { _, _ = io.WriteString(conn, tc.raw) }()
			resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			body, _ := io.ReadAll(resp.Body)
			if resp.StatusCode != tc.status {
				t.Fatalf("status %d, want %d: %s", resp.StatusCode, tc.status, body)
			}
			if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
				t.Fatalf("Content-Type %q, want JSON: %s", ct, body)
			}
			if tc.auth {
				var ae struct {
					Error   string `json:"error"`
					Message string `json:"message"`
				}
				if err := json.Unmarshal(body, &ae); err != nil || ae.Error == "" || ae.Message == "" {
					t.Fatalf("not an auth error: %s", body)
				}
				return
			}
			var we struct {
				Error wireError `json:"error"`
			}
			if err := json.Unmarshal(body, &we); err != nil || we.Error.Message == "" || we.Error.Data.HTTPStatus != tc.status {
				t.Fatalf("not a tRPC error: %s", body)
			}
			if tc.code != "" && we.Error.Data.Code != tc.code {
				t.Fatalf("code %q, want %q", we.Error.Data.Code, tc.code)
			}
		})
	}
}
