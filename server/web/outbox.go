package web

import (
	"html/template"
	"strings"

	"github.com/gofiber/fiber/v3"
)

var outboxPage = template.Must(template.New("outbox").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development outbox · {{.Product}}</title><link rel="icon" type="image/svg+xml" href="/favicon.svg">
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#1a1b1e}
article{border:1px solid #ccc;border-radius:8px;padding:1rem;margin:1rem 0}h2{font-size:1.1rem;margin:0 0 .25rem}
p{margin:0;color:#555}pre{white-space:pre-wrap;font-size:1rem}</style></head>
<body><main><h1>Development outbox</h1>
<p>Sandbox mode: e-mail is not sent. The last {{len .Messages}} messages are kept here, newest first, until the server restarts.</p>
{{range .Messages}}<article data-to="{{.To}}"><h2>{{.Subject}}</h2><p>To {{.To}} · <time datetime="{{.Time.UTC.Format "2006-01-02T15:04:05Z07:00"}}">{{.Time.UTC.Format "Jan 2, 15:04:05 UTC"}}</time></p><pre>{{.Text}}</pre>{{range .Attachments}}<p>Attached: <span class="attachment">{{.Filename}}</span> ({{.ContentType}}, {{len .Data}} bytes)</p>{{end}}</article>
{{else}}<p>No messages yet.</p>{{end}}
</main></body></html>
`))

// handleOutbox shows the sandbox mailer's messages (development only), so
// a developer or a browser test can read the sign-in code an applicant was
// sent.
func (s *Server) handleOutbox(c fiber.Ctx) error {
	var b strings.Builder
	if err := outboxPage.Execute(&b, map[string]any{"Product": s.cfg.ProductName, "Messages": s.cfg.Outbox.Messages()}); err != nil {
		return err
	}
	c.Set(fiber.HeaderCacheControl, "no-store")
	c.Set(fiber.HeaderContentType, fiber.MIMETextHTMLCharsetUTF8)
	return c.SendString(b.String())
}
