package web

import (
	"io"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/gofiber/fiber/v3"
)

// The build's shape (webapp/scripts/prerender.mjs): an empty shell, and each
// route's prerendered page in a plain and a sandbox set.
var prerenderedBuild = fstest.MapFS{
	"index.html":                          {Data: []byte(`<html><body><!--system-info--><div id="root"></div></body></html>`)},
	"assets/app-1.js":                     {Data: []byte(`console.log(1)`)},
	"prerendered/index.html":              {Data: []byte(`<html><body><!--system-info--><div id="root"><h1>Home</h1></div></body></html>`)},
	"prerendered/start/name.html":         {Data: []byte(`<html><body><!--system-info--><div id="root"><h1>Name</h1></div></body></html>`)},
	"prerendered/_not-found.html":         {Data: []byte(`<html><body><!--system-info--><div id="root"><h1>Not found</h1></div></body></html>`)},
	"prerendered/sandbox/index.html":      {Data: []byte(`<html><body><!--system-info--><div id="root"><p>Sandbox</p><h1>Home</h1></div></body></html>`)},
	"prerendered/sandbox/start/name.html": {Data: []byte(`<html><body><!--system-info--><div id="root"><p>Sandbox</p><h1>Name</h1></div></body></html>`)},
	"prerendered/sandbox/_not-found.html": {Data: []byte(`<html><body><!--system-info--><div id="root"><p>Sandbox</p><h1>Not found</h1></div></body></html>`)},
}

var spaRoutes = []Route{{Path: "/"}, {Path: "/start/name"}, {Path: "/faq"}}

func get(t *testing.T, app *fiber.App, path string) (int, string) {
	t.Helper()
	resp, err := app.Test(httptest.NewRequest("GET", path, nil))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body)
}

func spaApp(t *testing.T, sandbox bool, info func() any) *fiber.App {
	t.Helper()
	s, err := newSPA(prerenderedBuild, spaRoutes, sandbox, info)
	if err != nil {
		t.Fatal(err)
	}
	app := fiber.New()
	app.Get("/*", s.handle)
	return app
}

func TestSPAServesEachRoutesPrerenderedPage(t *testing.T) {
	revision := "r1"
	app := spaApp(t, false, func() any {
		return map[string]any{"sandbox": false, "policyRevision": revision, "productName": "</script><b>"}
	})
	for _, tc := range []struct {
		path, want string
		status     int
	}{
		{"/", "<h1>Home</h1>", 200},
		{"/start/name", "<h1>Name</h1>", 200},
		{"/start/name/", "<h1>Name</h1>", 200},
		{"/faq", `<div id="root"></div>`, 200}, // a route without a prerendered page: the shell
		{"/nowhere", "<h1>Not found</h1>", 404},
		{"/prerendered/start/name.html", "<h1>Not found</h1>", 404}, // never by file name
		{"/index.html", "<h1>Not found</h1>", 404},
	} {
		status, body := get(t, app, tc.path)
		if status != tc.status || !strings.Contains(body, tc.want) {
			t.Errorf("GET %s = %d %q, want %d with %q", tc.path, status, body, tc.status, tc.want)
		}
		if strings.Contains(body, "Sandbox") {
			t.Errorf("GET %s: the sandbox page outside the sandbox: %q", tc.path, body)
		}
		if !strings.Contains(body, `<script type="application/json" id="system-info">{"policyRevision":"r1","productName":"\u003c/script\u003e\u003cb\u003e","sandbox":false}</script>`) {
			t.Errorf("GET %s: no system.info data block, or an unescaped one: %q", tc.path, body)
		}
	}
	// A reloaded policy's revision reaches the next page served.
	revision = "r2"
	if _, body := get(t, app, "/"); !strings.Contains(body, `"policyRevision":"r2"`) {
		t.Errorf("after the revision changed: %q", body)
	}
	if status, body := get(t, app, "/assets/app-1.js"); status != 200 || body != "console.log(1)" {
		t.Errorf("an asset: %d %q", status, body)
	}
}

func TestSPAServesTheSandboxSetInTheSandbox(t *testing.T) {
	app := spaApp(t, true, func() any { return map[string]any{"sandbox": true} })
	for path, want := range map[string]string{"/": "<p>Sandbox</p><h1>Home</h1>", "/start/name": "<p>Sandbox</p><h1>Name</h1>", "/x": "<p>Sandbox</p><h1>Not found</h1>"} {
		if _, body := get(t, app, path); !strings.Contains(body, want) {
			t.Errorf("GET %s = %q, want %q", path, body, want)
		}
	}
}
