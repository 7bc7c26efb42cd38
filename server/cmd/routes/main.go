// Command routes prints webapp/src/app/routes.json: every literal route of
// the webapp, made by the funnel policy (data.heloc.funnel.routes) from the
// one page table in rules/heloc/funnel/tables/data.yaml. `make generate`
// writes it; the server embeds the file and the webapp's router reads it, so
// a page added to the table is a page both serve. Beside the routes, the
// words the prequalification's questions name from the eligibility table
// (data.heloc.eligibility.questions), which the pages show until
// prequal.questions answers with the revision in force (and which a
// prerendered page is built with). It stands apart from cmd/heloc so that
// it builds before the webapp does.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"

	"github.com/heloc/heloc/rules"
	"github.com/heloc/heloc/server/policy"
	"github.com/heloc/heloc/server/web"
)

func main() {
	b, err := render(context.Background(), rules.FS)
	if err == nil {
		_, err = os.Stdout.Write(b)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "routes:", err)
		os.Exit(1)
	}
}

// render decides the routes from the policy tree fsys and writes them one
// route a line, so a change to the table is a one-line diff.
func render(ctx context.Context, fsys fs.FS) ([]byte, error) {
	engine, err := policy.Load(ctx, fsys)
	if err != nil {
		return nil, err
	}
	var routes []web.Route
	if err := policy.DecideInto(ctx, engine, "heloc.funnel.routes", nil, &routes); err != nil {
		return nil, err
	}
	if len(routes) == 0 {
		return nil, fmt.Errorf("the page table lists no page")
	}
	var questions any
	if err := policy.DecideInto(ctx, engine, "heloc.eligibility.questions", nil, &questions); err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	buf.WriteString("{\n  \"routes\": [\n")
	for i, r := range routes {
		line, err := oneLine(r)
		if err != nil {
			return nil, err
		}
		buf.WriteString("    ")
		buf.Write(line)
		if i < len(routes)-1 {
			buf.WriteByte(',')
		}
		buf.WriteByte('\n')
	}
	line, err := oneLine(questions)
	if err != nil {
		return nil, err
	}
	buf.WriteString("  ],\n  \"questions\": ")
	buf.Write(line)
	buf.WriteString("\n}\n")
	return buf.Bytes(), nil
}

// oneLine is v as JSON on one line, its HTML characters as they are.
func oneLine(v any) ([]byte, error) {
	var line bytes.Buffer
	enc := json.NewEncoder(&line)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(line.Bytes(), []byte("\n")), nil
}
