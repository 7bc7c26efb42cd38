package web

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io/fs"
	"mime"
	"path"
	"strings"
	"sync"

	"github.com/gofiber/fiber/v3"
)

// spa serves the built webapp from memory: its files as they are, and for
// every page route its prerendered HTML (scripts/prerender.mjs), or
// index.html where there is none, with 404 for paths that are no route.
type spa struct {
	files  map[string]asset
	routes map[string]bool
	// pages are the HTML documents by route path ("" is the not-found
	// page), the sandbox set when the server runs its sandbox providers.
	pages    map[string]*page
	notFound *page
	// info is what the page carries in place of <!--system-info-->: the
	// system.info answer, so the app's first render matches the HTML.
	info func() any
}

// asset is one file of the build, kept gzipped too when that is smaller.
type asset struct {
	body        []byte
	gzipped     []byte
	contentType string
	immutable   bool
}

// systemInfoMarker is where a page gets the server's system.info answer
// (webapp/index.html).
const systemInfoMarker = "<!--system-info-->"

// page is one HTML document; its filled-in form is kept for the last
// system.info answer (which changes only when the policies are reloaded).
type page struct {
	template []byte
	mu       sync.Mutex
	infoJSON []byte
	filled   asset
}

func newSPA(assets fs.FS, routes []Route, sandbox bool, info func() any) (*spa, error) {
	s := &spa{files: map[string]asset{}, routes: map[string]bool{}, pages: map[string]*page{}, info: info}
	for _, r := range routes {
		s.routes[r.Path] = true
	}
	prerendered := "prerendered/"
	if sandbox {
		prerendered = "prerendered/sandbox/"
	}
	err := fs.WalkDir(assets, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		body, err := fs.ReadFile(assets, p)
		if err != nil {
			return err
		}
		if strings.HasPrefix(p, "prerendered/") {
			// Served only at their routes, never by file name.
			if rest, ok := strings.CutPrefix(p, prerendered); ok && !strings.Contains(rest, "sandbox/") {
				s.pages[routeOfPrerendered(rest)] = &page{template: body}
			}
			return nil
		}
		a := asset{body: body, contentType: mime.TypeByExtension(path.Ext(p)), immutable: strings.HasPrefix(p, "assets/")}
		if a.contentType == "" {
			a.contentType = "application/octet-stream"
		}
		if compressible(a.contentType) {
			a.gzipped = gzipBytes(body)
		}
		s.files["/"+p] = a
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("web: read webapp: %w", err)
	}
	index, ok := s.files["/index.html"]
	if !ok {
		return nil, fmt.Errorf("web: the webapp has no index.html (run make build)")
	}
	s.pages["/index.html"] = &page{template: index.body}
	s.notFound = s.pages["/_not-found"]
	if s.notFound == nil {
		s.notFound = s.pages["/index.html"]
	}
	return s, nil
}

// routeOfPrerendered is the route a prerendered file answers:
// "index.html" is "/", "start/name.html" is "/start/name".
func routeOfPrerendered(file string) string {
	if file == "index.html" {
		return "/"
	}
	return "/" + strings.TrimSuffix(file, ".html")
}

func (s *spa) handle(c fiber.Ctx) error {
	p := c.Path()
	if a, ok := s.files[p]; ok && p != "/index.html" {
		return send(c, a, fiber.StatusOK)
	}
	route := p
	if len(route) > 1 {
		route = strings.TrimSuffix(route, "/")
	}
	if !s.routes[route] {
		return send(c, s.notFound.fill(s.info), fiber.StatusNotFound) // the app's own 404 page
	}
	pg := s.pages[route]
	if pg == nil {
		pg = s.pages["/index.html"]
	}
	return send(c, pg.fill(s.info), fiber.StatusOK)
}

// fill is the page with the system.info answer in place of its marker. The
// JSON sits in a data block, which the CSP (script-src 'self') allows since
// it is never run; json.Marshal escapes <, > and & so it cannot end the block.
func (p *page) fill(info func() any) asset {
	var js []byte
	if info != nil {
		js, _ = json.Marshal(info())
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.filled.body != nil && bytes.Equal(js, p.infoJSON) {
		return p.filled
	}
	body := p.template
	if js != nil {
		block := append(append([]byte(`<script type="application/json" id="system-info">`), js...), "</script>"...)
		body = bytes.Replace(body, []byte(systemInfoMarker), block, 1)
	}
	p.infoJSON = js
	p.filled = asset{body: body, gzipped: gzipBytes(body), contentType: "text/html; charset=utf-8"}
	return p.filled
}

func send(c fiber.Ctx, a asset, status int) error {
	if a.immutable {
		c.Set(fiber.HeaderCacheControl, "public, max-age=31536000, immutable")
	} else {
		c.Set(fiber.HeaderCacheControl, "no-cache")
	}
	c.Set(fiber.HeaderContentType, a.contentType)
	c.Set(fiber.HeaderVary, fiber.HeaderAcceptEncoding)
	if a.gzipped != nil && strings.Contains(c.Get(fiber.HeaderAcceptEncoding), "gzip") {
		c.Set(fiber.HeaderContentEncoding, "gzip")
		return c.Status(status).Send(a.gzipped)
	}
	return c.Status(status).Send(a.body)
}

func compressible(contentType string) bool {
	for _, t := range []string{"text/", "javascript", "json", "svg", "xml"} {
		if strings.Contains(contentType, t) {
			return true
		}
	}
	return false
}

func gzipBytes(b []byte) []byte {
	var buf bytes.Buffer
	w, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	_, _ = w.Write(b)
	_ = w.Close()
	if buf.Len() >= len(b) {
		return nil
	}
	return buf.Bytes()
}
