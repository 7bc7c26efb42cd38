// Package rules holds the product's business rules: Rego policies and the
// data tables they read, laid out as OPA loads a directory. Go files here
// are ignored by OPA's loader; this one only embeds the tree.
package rules

import "embed"

// FS is the policy tree (root holds heloc/...), tests included, compiled into
// the binary so the server needs no files at run time; policy.Load picks what
// production evaluates from it. As go:embed does, it leaves out files whose
// names start with "." or "_".
//
//go:embed heloc
var FS embed.FS
