package policy

import (
	"context"
	"io/fs"
)

// Folded reports whether entrypoint was worked out once at load, for the
// tests of the external test package.
func Folded(e *Engine, entrypoint string) bool {
	_, ok := e.constants[entrypoint]
	return ok
}

// FoldedRules lists the input-free rules compiled in as values.
func FoldedRules(e *Engine) []string { return e.folded }

// Planned reports whether the vm evaluates entrypoint.
func Planned(e *Engine, entrypoint string) bool {
	_, ok := e.planned[entrypoint]
	return ok
}

// LoadTopdown loads fsys as Load does, with every entrypoint evaluated by
// topdown: the reference for the vm's decisions.
func LoadTopdown(ctx context.Context, fsys fs.FS) (*Engine, error) {
	files, err := readTree(fsys, loadsInEngine)
	if err != nil {
		return nil, err
	}
	return loadFiles(ctx, files, false)
}
