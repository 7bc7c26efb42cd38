package web

import (
	"errors"
	"io"
	"net"
	"strings"
	"sync"
	"time"

	"github.com/gofiber/fiber/v3"
	"github.com/valyala/fasthttp"

	"github.com/heloc/heloc/server/domain"
)

// Request bodies (issue 19). The server streams every body (Fiber's
// StreamRequestBody), so nothing is read before a handler asks:
//
//   - readBodies, before every route, refuses a Content-Encoding other than
//     identity (Fiber's c.Body() would inflate gzip, deflate, brotli or zstd
//     with no limit on what comes out), and reads every body but an
//     upload's in full, at most Config.BodyLimit of it, so the handlers and
//     c.Body() see it as before. A body past the limit is refused after
//     BodyLimit bytes, never held whole.
//   - POST /api/documents reads its multipart body as it arrives
//     (documents.go), through at most Config.UploadConcurrency uploads at
//     once.
//
// A body the server refuses unread is discarded, not kept, after the
// refusal is sent (discardBody): the server stops writing and reads what
// the client is still sending, for at most lingerLimit bytes and
// lingerTime, then closes the connection. Closing it at once, with the
// client's bytes still arriving, would reset it, and a client still
// sending would often lose the refusal with it. (net/http's server lingers
// the same way.)

const (
	lingerLimit = 64 << 20
	lingerTime  = 2 * time.Second
)

// readBodies is the body guard of every route (see above).
func (s *Server) readBodies(c fiber.Ctx) error {
	req := c.Request()
	if enc := strings.TrimSpace(string(req.Header.Peek(fiber.HeaderContentEncoding))); enc != "" && !strings.EqualFold(enc, "identity") {
		s.discardBody(c)
		return &domain.Error{Code: domain.EUNSUPPORTED, Message: "Send the request without a Content-Encoding: compressed bodies are not accepted."}
	}
	if c.Method() == fiber.MethodPost && c.Path() == uploadPath {
		return c.Next()
	}
	if !req.IsBodyStream() {
		return c.Next()
	}
	n := req.Header.ContentLength()
	if n > s.cfg.BodyLimit {
		s.discardBody(c)
		return tooLarge()
	}
	// As much as it sends, up to the length it announced, or when chunked
	// one byte past the limit. The buffer grows with what arrives, never
	// with what a Content-Length promises: a client announcing 1 MiB and
	// sending nothing holds no megabyte.
	want := int64(n)
	if n < 0 {
		want = int64(s.cfg.BodyLimit) + 1
	}
	body, err := io.ReadAll(io.LimitReader(req.BodyStream(), want))
	switch {
	case err == nil && n >= 0 && len(body) < n:
		err = io.ErrUnexpectedEOF
	case err == nil && len(body) > s.cfg.BodyLimit:
		s.discardBody(c)
		return tooLarge()
	}
	if err != nil {
		// The client stopped sending, or sent a malformed chunk: what is
		// left of the connection cannot be read as the next request.
		c.RequestCtx().SetConnectionClose()
		return domain.Errorf(domain.EPARSE, "The request's body could not be read.")
	}
	req.SetBodyRaw(body)
	return c.Next()
}

func tooLarge() error { return domain.Errorf(domain.ETOOLARGE, "The request is too large.") }

// discardBody ends the connection of a request whose body is left unread,
// once the answer is sent: the rest of such a body cannot be told from
// the next request. The connection is taken over after the answer is
// flushed (fasthttp's Hijack), its writing side shut, and what the client
// still sends read and thrown away for at most lingerLimit bytes and
// lingerTime before it is closed (see above). Nothing of it is kept.
func (s *Server) discardBody(c fiber.Ctx) { discardRest(c.RequestCtx()) }

// discardRest is discardBody on fasthttp's context, for guardUnread too.
func discardRest(ctx *fasthttp.RequestCtx) {
	if !ctx.Request.IsBodyStream() || ctx.Hijacked() {
		return
	}
	// The answer says the connection ends, so the client sends its next
	// request on another. fasthttp would end the connection itself on
	// "close", before the hijack could run; the token is case-insensitive
	// (RFC 9110, 7.6.1), and "Close" reaches the client as written.
	ctx.Response.Header.Set(fiber.HeaderConnection, "Close")
	ctx.Hijack(func(conn net.Conn) {
		raw := conn
		if u, ok := conn.(interface{ UnsafeConn() net.Conn }); ok {
			raw = u.UnsafeConn() // fasthttp's wrapper hides CloseWrite
		}
		if cw, ok := raw.(interface{ CloseWrite() error }); ok {
			_ = cw.CloseWrite()
		}
		_ = conn.SetReadDeadline(time.Now().Add(lingerTime))
		_, _ = io.Copy(io.Discard, io.LimitReader(conn, lingerLimit))
	})
}

// guardUnread wraps the server's whole handler, Fiber's router included:
// whatever answered a request (a route, Fiber's own 501 for a method it
// does not know, a panic turned into a 500), a body left unread on the
// connection is discarded and the connection ended, so it is never read
// as the next request (request smuggling). readBodies and finishBody
// leave no stream behind when the body was read to its end.
func guardUnread(next fasthttp.RequestHandler) fasthttp.RequestHandler {
	return func(ctx *fasthttp.RequestCtx) {
		next(ctx)
		discardRest(ctx)
	}
}

// finishBody reads what a handler left of a body it took whole (the end of
// a multipart body, past its last part): a few bytes at most. The
// connection stays open only when the body ended there.
func (s *Server) finishBody(c fiber.Ctx) {
	req := c.Request()
	if !req.IsBodyStream() {
		return
	}
	const rest = 4 << 10
	n, err := io.Copy(io.Discard, io.LimitReader(req.BodyStream(), rest+1))
	if n > rest || (err != nil && !errors.Is(err, io.EOF)) {
		s.discardBody(c)
		return
	}
	// The body ended: the connection reads the next request.
	_ = req.CloseBodyStream()
}

// slots bounds how many of a costly thing run at once (uploads), and how
// many of them one holder may run (perHolder), so that one account cannot
// take every slot: take waits up to wait for the holder's share and a free
// slot, and says false when none came free in time.
type slots struct {
	free      chan struct{}
	perHolder int
	mu        sync.Mutex
	holders   map[string]*holderSlots
}

// holderSlots are one holder's share, and how many of its takes are under
// way (the entry goes when none is).
type holderSlots struct {
	share chan struct{}
	users int
}

func newSlots(n, perHolder int) *slots {
	return &slots{free: make(chan struct{}, max(n, 1)), perHolder: max(perHolder, 1), holders: map[string]*holderSlots{}}
}

func (s *slots) take(holder string, wait time.Duration) bool {
	s.mu.Lock()
	h := s.holders[holder]
	if h == nil {
		h = &holderSlots{share: make(chan struct{}, s.perHolder)}
		s.holders[holder] = h
	}
	h.users++
	s.mu.Unlock()
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case h.share <- struct{}{}:
	case <-t.C:
		s.leave(holder, h)
		return false
	}
	select {
	case s.free <- struct{}{}:
		return true
	case <-t.C:
		<-h.share
		s.leave(holder, h)
		return false
	}
}

func (s *slots) give(holder string) {
	s.mu.Lock()
	h := s.holders[holder]
	s.mu.Unlock()
	<-s.free
	<-h.share
	s.leave(holder, h)
}

func (s *slots) leave(holder string, h *holderSlots) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if h.users--; h.users == 0 {
		delete(s.holders, holder)
	}
}
