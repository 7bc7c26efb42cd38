package policy

// Constant reports whether entrypoint was evaluated once, at load, for the
// tests of the external test package.
func Constant(e *Engine, entrypoint string) bool {
	_, ok := e.constants[entrypoint]
	return ok
}
