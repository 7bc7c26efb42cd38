package web

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"net/netip"
	"runtime/debug"
	"strings"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/heloc/heloc/server/domain"
)

// contentSecurityPolicy allows only the app's own scripts, fonts and calls.
// Mantine injects style elements, hence 'unsafe-inline' for styles only.
// With the real bot check the reCAPTCHA origins are added.
const contentSecurityPolicy = "default-src 'self'; script-src 'self'%s; style-src 'self' 'unsafe-inline'; " +
	"img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; frame-src 'self'%s; " +
	"frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'"

const recaptchaOrigins = " https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/"

func (s *Server) csp() string {
	if s.botCheck.Mode() == "recaptcha" {
		return fmt.Sprintf(contentSecurityPolicy, recaptchaOrigins, recaptchaOrigins)
	}
	return fmt.Sprintf(contentSecurityPolicy, "", "")
}

// securityHeaders sets the headers every response carries; HSTS only when
// the request came over TLS, since a browser ignores it otherwise.
func (s *Server) securityHeaders(c fiber.Ctx) error {
	c.Set("Content-Security-Policy", s.csp())
	c.Set("X-Content-Type-Options", "nosniff")
	c.Set("Referrer-Policy", "strict-origin-when-cross-origin")
	c.Set("X-Frame-Options", "DENY")
	c.Set("Cross-Origin-Opener-Policy", "same-origin")
	c.Set("Permissions-Policy", "camera=(self), microphone=(), geolocation=(), payment=()")
	if c.Scheme() == "https" {
		c.Set("Strict-Transport-Security", "max-age=63072000; includeSubDomains")
	}
	return c.Next()
}

// requestID gives each request an id, echoed in X-Request-Id and carried in
// the context for logs. A client's own id is not trusted: it could carry
// anything into the logs.
func (s *Server) requestID(c fiber.Ctx) error {
	var b [12]byte
	_, _ = rand.Read(b[:])
	id := hex.EncodeToString(b[:])
	c.Set("X-Request-Id", id)
	c.SetContext(domain.NewContextWithRequestID(c.Context(), id))
	return c.Next()
}

// accessLog logs one line per request. It logs the path without its query
// string, since tRPC queries carry input (an e-mail, say) there.
func (s *Server) accessLog(c fiber.Ctx) error {
	start := time.Now()
	err := c.Next()
	if err != nil {
		if herr := s.app.Config().ErrorHandler(c, err); herr != nil {
			_ = c.SendStatus(fiber.StatusInternalServerError)
		}
	}
	status := c.Response().StatusCode()
	level := slog.LevelInfo
	if status >= 500 {
		level = slog.LevelError
	}
	s.log.LogAttrs(c.Context(), level, "request",
		slog.String("request_id", domain.RequestIDFromContext(c.Context())),
		slog.String("method", c.Method()),
		slog.String("path", c.Path()),
		slog.Int("status", status),
		slog.Duration("duration", time.Since(start)),
	)
	return nil
}

// recoverPanics turns a panic into a 500 with the stack in the log.
func (s *Server) recoverPanics(c fiber.Ctx) (err error) {
	defer func() {
		if r := recover(); r != nil {
			s.log.ErrorContext(c.Context(), "panic", slog.Any("panic", r), slog.String("stack", string(debug.Stack())))
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	return c.Next()
}

// proxyTrust says which peers may speak for a client in X-Forwarded-For.
// With it off (no TRUST_PROXY) the client is always the peer.
type proxyTrust struct {
	on                bool
	loopback, private bool
	prefixes          []netip.Prefix
	// proxies is the configured list as given, for Fiber's own check
	// (X-Forwarded-Proto), so both agree on whom they trust.
	proxies []string
}

// newProxyTrust reads the trusted proxies: addresses or CIDR ranges. An
// empty list trusts the loopback and private ranges.
func newProxyTrust(on bool, proxies []string) (proxyTrust, error) {
	t := proxyTrust{on: on}
	if !on {
		return t, nil
	}
	if len(proxies) == 0 {
		t.loopback, t.private = true, true
		return t, nil
	}
	for _, p := range proxies {
		p = strings.TrimSpace(p)
		var prefix netip.Prefix
		var err error
		if strings.Contains(p, "/") {
			prefix, err = netip.ParsePrefix(p)
		} else {
			var a netip.Addr
			a, err = netip.ParseAddr(p)
			prefix = netip.PrefixFrom(a, a.BitLen())
		}
		if err != nil {
			return t, fmt.Errorf("trusted proxy %q is not an IP address or CIDR range", p)
		}
		if prefix.Addr().Is4In6() {
			prefix = netip.PrefixFrom(prefix.Addr().Unmap(), max(prefix.Bits()-96, 0))
		}
		t.prefixes = append(t.prefixes, prefix.Masked())
		t.proxies = append(t.proxies, prefix.Masked().String())
	}
	return t, nil
}

// fiberConfig is the same trust for Fiber, which reads X-Forwarded-Proto
// (c.Scheme) only from a trusted peer.
func (t proxyTrust) fiberConfig() fiber.TrustProxyConfig {
	return fiber.TrustProxyConfig{Loopback: t.loopback, Private: t.private, Proxies: t.proxies}
}

// trusts reports whether a is a trusted proxy.
func (t proxyTrust) trusts(a netip.Addr) bool {
	if !t.on || !a.IsValid() {
		return false
	}
	a = a.Unmap()
	if t.loopback && a.IsLoopback() || t.private && a.IsPrivate() {
		return true
	}
	for _, p := range t.prefixes {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// clientAddr is the one place the server decides who the client is (every
// per-address limit, the bot check and the logs go through it, as c.IP()).
// A peer that is not a trusted proxy is the client, whatever it sends.
// From a trusted proxy, X-Forwarded-For is read from the right: each hop a
// trusted proxy appended is skipped, and the first address that is not a
// trusted proxy is the client. Anything left of it was written by the
// client and is ignored. An entry that is not an IP address stops the walk
// at the last trusted hop, so junk never makes a fresh key.
func (t proxyTrust) clientAddr(peer netip.Addr, forwarded [][]byte) string {
	peer = peer.Unmap()
	if !t.trusts(peer) {
		return peer.String()
	}
	client := peer
	for i := len(forwarded) - 1; i >= 0; i-- {
		entries := strings.Split(string(forwarded[i]), ",")
		for j := len(entries) - 1; j >= 0; j-- {
			e := strings.TrimSpace(entries[j])
			if e == "" {
				continue
			}
			a, err := netip.ParseAddr(e)
			if err != nil || a.Zone() != "" {
				return client.String()
			}
			client = a.Unmap()
			if !t.trusts(client) {
				return client.String()
			}
		}
	}
	return client.String()
}

// requestCtx is the server's Fiber context: the default one, with IP()
// answering the client's address by proxyTrust.clientAddr, so every
// handler's c.IP() is the address the limits may count.
type requestCtx struct {
	*fiber.DefaultCtx
	trust *proxyTrust
}

// IP is the client's address (see proxyTrust.clientAddr).
func (c *requestCtx) IP() string {
	var peer netip.Addr
	if ip := c.RequestCtx().RemoteIP(); ip != nil {
		peer, _ = netip.AddrFromSlice(ip)
	}
	if !c.trust.on {
		return peer.Unmap().String()
	}
	return c.trust.clientAddr(peer, c.Request().Header.PeekAll(fiber.HeaderXForwardedFor))
}

// limitAddr is the client's address as every per-address limit counts it:
// an IPv4 address as it is, an IPv6 address by its /64. One subscriber is
// usually given a whole /64 and may use any address in it, so counting
// each /128 would let a client rotate addresses freely (issue 19).
func limitAddr(c fiber.Ctx) string {
	return addrKey(c.IP())
}

// addrKey is limitAddr for an address given as text.
func addrKey(ip string) string {
	a, err := netip.ParseAddr(ip)
	if err != nil {
		return ip
	}
	a = a.Unmap()
	if a.Is4() {
		return a.String()
	}
	return netip.PrefixFrom(a.WithZone(""), 64).Masked().String()
}
