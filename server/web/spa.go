package web

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io/fs"
	"mime"
	"path"
	"strings"

	"github.com/gofiber/fiber/v3"
)

// spa serves the built webapp from memory: its files as they are, and
// index.html for every page route, with 404 for paths that are no route.
type spa struct {
	files  map[string]asset
	routes map[string]bool
}

// asset is one file of the build, kept gzipped too when that is smaller.
type asset struct {
	body        []byte
	gzipped     []byte
	contentType string
	immutable   bool
}

func newSPA(assets fs.FS, routes []Route) (*spa, error) {
	s := &spa{files: map[string]asset{}, routes: map[string]bool{}}
	for _, r := range routes {
		s.routes[r.Path] = true
	}
	err := fs.WalkDir(assets, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		body, err := fs.ReadFile(assets, p)
		if err != nil {
			return err
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
	if _, ok := s.files["/index.html"]; !ok {
		return nil, fmt.Errorf("web: the webapp has no index.html (run make build)")
	}
	return s, nil
}

func (s *spa) handle(c fiber.Ctx) error {
	p := c.Path()
	if a, ok := s.files[p]; ok && p != "/index.html" {
		return send(c, a, fiber.StatusOK)
	}
	status := fiber.StatusOK
	if !s.routes[p] && !s.routes[strings.TrimSuffix(p, "/")] {
		status = fiber.StatusNotFound // the app shows its own 404 page
	}
	return send(c, s.files["/index.html"], status)
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
