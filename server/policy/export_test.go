package policy

// Folded reports whether entrypoint was worked out once at load, for the
// tests of the external test package.
func Folded(e *Engine, entrypoint string) bool {
	_, ok := e.constants[entrypoint]
	return ok
}

// FoldedRules lists the input-free rules compiled in as values.
func FoldedRules(e *Engine) []string { return e.folded }
