package web

// Unexported decoders, for the fuzz targets in fuzz_test.go.
var (
	SplitInputs   = splitInputs
	ParseAuthBody = parseAuthBody
	TermsError    = termsError
)

// ProcedureNames lists every tRPC procedure, for the test that each one a
// portal user calls is covered by the permissions test.
func ProcedureNames() []string {
	var s Server
	names := make([]string, 0, len(s.procedures()))
	for name := range s.procedures() {
		names = append(names, name)
	}
	return names
}
