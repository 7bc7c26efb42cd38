package web

// Unexported decoders, for the fuzz targets in fuzz_test.go.
var (
	SplitInputs   = splitInputs
	ParseAuthBody = parseAuthBody
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

// CheckAnswers has the server hand every procedure's answer to check
// before it is sent (answers_test.go validates them against their result
// definitions).
func CheckAnswers(s *Server, check func(procedure string, answer any)) {
	s.checkAnswer = check
}

// ProcedureKinds is the router's table: each procedure's kind ("query" or
// "mutation") and its input definition, for the test that it agrees with
// the procedure table of schemas/procedures.cue.
func ProcedureKinds() map[string][2]string {
	var s Server
	out := map[string][2]string{}
	for name, p := range s.procedures() {
		kind := "query"
		if p.kind == mutation {
			kind = "mutation"
		}
		out[name] = [2]string{kind, p.input}
	}
	return out
}
