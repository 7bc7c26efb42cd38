package web

// Unexported decoders, for the fuzz targets in fuzz_test.go.
var (
	SplitInputs   = splitInputs
	ParseAuthBody = parseAuthBody
)
