package policy

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"path"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/format"
)

// Check does for fsys what `opa fmt --list` and `opa check --strict` do for
// a directory: it lists every .rego file (tests included) that OPA's
// formatter would change, and every error the compiler reports in strict
// mode (unused imports and variables, deprecated built-ins, shadowed names).
// Each problem names its file and, for compile errors, its line.
func Check(ctx context.Context, fsys fs.FS) ([]string, error) {
	files, err := readTree(fsys, func(name string) bool { return path.Ext(name) == ".rego" })
	if err != nil {
		return nil, fmt.Errorf("policy: read: %w", err)
	}
	var problems []string
	modules := map[string]*ast.Module{}
	for _, f := range files {
		formatted, err := format.SourceWithOpts(f.name, f.data, format.Opts{RegoVersion: ast.RegoV1})
		if err != nil {
			problems = append(problems, err.Error())
			continue
		}
		if !bytes.Equal(formatted, f.data) {
			problems = append(problems, f.name+": not formatted as `opa fmt` writes it")
		}
		m, err := ast.ParseModuleWithOpts(f.name, string(f.data), ast.ParserOptions{RegoVersion: ast.RegoV1, ProcessAnnotation: true})
		if err != nil {
			continue // the formatter reported it already
		}
		modules[f.name] = m
	}
	c := ast.NewCompiler().WithStrict(true).WithEnablePrintStatements(true).WithUseTypeCheckAnnotations(true)
	if c.Compile(modules); c.Failed() {
		for _, e := range c.Errors {
			problems = append(problems, e.Error())
		}
	}
	return problems, ctx.Err()
}
