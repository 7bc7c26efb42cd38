package web_test

import (
	"io"
	"net/http"
	"net/url"
	"testing"

	"github.com/heloc/heloc/server/web"
)

// BenchmarkProcedures measures requests over loopback HTTP, side by side:
// a bare JSON procedure (system.info), one that evaluates the funnel
// policy (funnel.steps), one that reads SQLite (content.insights), the
// signed-in applicant's resume check (session lookup, loan read and the
// routing policy: the architecture's "policy-evaluating read"), and the app
// shell. The budget is a small factor between the first and the others:
// compare their ns/op in the same run.
func BenchmarkProcedures(b *testing.B) {
	s := MustOpenServer(b, web.Config{})
	signedIn := s.browser(b)
	signedIn.signIn("prime@example.com")
	session := &http.Cookie{Name: "heloc-applicant.session", Value: cookieValue(signedIn, "heloc-applicant.session")}
	for _, bc := range []struct{ name, path string }{
		{"bare-json", "/api/trpc/system.info"},
		{"policy", "/api/trpc/funnel.steps"},
		{"store", "/api/trpc/content.insights"},
		{"session+store+policy", "/api/trpc/routing.resume?input=" + url.QueryEscape(`{"path":"/app/application/1","previousPath":"/app/application/1"}`)},
		{"page", "/app/initial-setup/property-value"},
	} {
		b.Run(bc.name, func(b *testing.B) {
			client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}}
			defer client.CloseIdleConnections()
			b.ReportAllocs()
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					req, _ := http.NewRequest(http.MethodGet, s.URL+bc.path, nil)
					req.Header.Set("X-Same-Origin", "1")
					req.AddCookie(session)
					resp, err := client.Do(req)
					if err != nil {
						b.Error(err)
						return
					}
					_, _ = io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
					if resp.StatusCode != http.StatusOK {
						b.Errorf("got %d, want 200", resp.StatusCode)
						return
					}
				}
			})
		})
	}
}
