package schema

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/ast"
	"cuelang.org/go/cue/cuecontext"
	cueerrors "cuelang.org/go/cue/errors"
	"cuelang.org/go/cue/load"
	"cuelang.org/go/encoding/openapi"
)

// MessageKey is the OpenAPI extension that names, on a schema node, the
// message of its CUE error("...") disjunct: what the server says when a
// value fails that node, and what a form shows beside the field.
const MessageKey = "x-message"

// ProceduresKey is the OpenAPI document's extension that holds the
// procedure table (#Procedures): by procedure name, its kind and the names
// of its input and result schemas.
const ProceduresKey = "x-procedures"

// OpenAPI exports every definition of the API as an OpenAPI 3 document,
// each node carrying its CUE message under MessageKey. The policy tables'
// schemas (tables_*.cue, the #...Tables definitions) check files in rules/,
// are not part of the API and may use constraints OpenAPI cannot state
// (string & !=""), so the document is made from the package without them.
func (s *Set) OpenAPI() ([]byte, error) {
	value, err := compileAPI(s.fsys)
	if err != nil {
		return nil, fmt.Errorf("schema: openapi: %w", err)
	}
	b, err := openapi.Gen(value, &openapi.Config{
		Info:    map[string]any{"title": "HELOC API schemas", "version": "1"},
		Version: "3.0.0",
	})
	if err != nil {
		return nil, fmt.Errorf("schema: openapi: %w", err)
	}
	var doc map[string]any
	if err := json.Unmarshal(b, &doc); err != nil {
		return nil, err
	}
	components, _ := doc["components"].(map[string]any)
	schemas, _ := components["schemas"].(map[string]any)
	// The procedure table is no schema of a value: it is the document's
	// x-procedures, each procedure's kind and the names of its input and
	// result schemas.
	delete(schemas, procedureTable)
	var procs map[string]Procedure
	if err := decodeProcedures(value.LookupPath(cue.ParsePath("#"+procedureTable)), &procs); err != nil {
		return nil, err
	}
	doc[ProceduresKey] = procs
	for name, node := range schemas {
		if strings.HasSuffix(name, "Tables") {
			delete(schemas, name)
			continue
		}
		if def := value.LookupPath(cue.ParsePath("#" + name)); def.Exists() {
			annotate(def, node)
		}
	}
	out, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(out, '\n'), nil
}

// compileAPI compiles the package at the root of fsys without its
// tables_*.cue files.
func compileAPI(fsys fs.FS) (cue.Value, error) {
	insts := load.Instances([]string{"."}, &load.Config{FS: withoutTables{fsys}, Dir: "/"})
	if len(insts) != 1 {
		return cue.Value{}, fmt.Errorf("want one CUE instance, got %d", len(insts))
	}
	if err := insts[0].Err; err != nil {
		return cue.Value{}, err
	}
	v := cuecontext.New().BuildInstance(insts[0])
	if err := v.Err(); err != nil {
		return cue.Value{}, errors.New(cueerrors.Details(err, nil))
	}
	return v, nil
}

// withoutTables is fsys with the policy tables' schema files left out of
// every directory listing.
type withoutTables struct{ fs.FS }

func (w withoutTables) ReadDir(name string) ([]fs.DirEntry, error) {
	entries, err := fs.ReadDir(w.FS, name)
	if err != nil {
		return nil, err
	}
	return slices.DeleteFunc(entries, func(e fs.DirEntry) bool {
		return !e.IsDir() && strings.HasPrefix(e.Name(), "tables_") && strings.HasSuffix(e.Name(), ".cue")
	}), nil
}

// annotate walks the exported schema node of v alongside v, naming on each
// node the message CUE gives for it. A $ref node is left alone: the
// definition it names carries the message, and OpenAPI 3.0 ignores a
// $ref's siblings.
func annotate(v cue.Value, n any) {
	node, ok := n.(map[string]any)
	if !ok || !v.Exists() {
		return
	}
	if _, ok := node["$ref"]; ok {
		return
	}
	// A message on an object would stand for every message of its fields.
	if _, isObject := node["properties"]; !isObject {
		if msg := errorMessage(v); msg != "" {
			node[MessageKey] = msg
		}
	}
	annotateParts(v, node)
}

// annotateParts annotates the fields, list elements and allOf/anyOf/oneOf
// parts of node, which are parts of v.
func annotateParts(v cue.Value, node map[string]any) {
	if props, ok := node["properties"].(map[string]any); ok {
		for name, child := range props {
			annotate(lookup(v, cue.Str(name).Optional()), child)
		}
	}
	if items, ok := node["items"]; ok {
		annotate(lookup(v, cue.AnyIndex), items)
	}
	for _, key := range []string{"allOf", "anyOf", "oneOf"} {
		parts, _ := node[key].([]any)
		for _, p := range parts {
			if part, ok := p.(map[string]any); ok {
				annotateParts(v, part)
			}
		}
	}
}

// errorMessage is the text of v's own error("...") disjunct or, when v has
// none, that of the one definition it stands for: `phone: *null | #Phone`
// says what #Phone says, and so does `#PropertyType | *"singleFamily"`.
func errorMessage(v cue.Value) string {
	op, args := v.Expr()
	switch op {
	case cue.OrOp:
		for _, d := range args {
			if msg, ok := errorCall(d); ok {
				return msg
			}
		}
		return oneMessage(args)
	case cue.AndOp:
		return oneMessage(args)
	}
	if _, path := v.ReferencePath(); len(path.Selectors()) > 0 {
		return errorMessage(cue.Dereference(v))
	}
	return ""
}

// oneMessage is the message of the one part of a disjunction or
// conjunction that has one; parts with different messages of their own
// say nothing in one voice.
func oneMessage(parts []cue.Value) string {
	found := ""
	for _, p := range parts {
		msg := errorMessage(p)
		switch {
		case msg == "" || msg == found:
		case found == "":
			found = msg
		default:
			return ""
		}
	}
	return found
}

// errorCall reports whether d is a call error("...") and returns its text.
func errorCall(d cue.Value) (string, bool) {
	op, args := d.Expr()
	if op != cue.CallOp || len(args) != 2 {
		return "", false
	}
	call, ok := d.Source().(*ast.CallExpr)
	if !ok {
		return "", false
	}
	if fn, ok := call.Fun.(*ast.Ident); !ok || fn.Name != "error" {
		return "", false
	}
	msg, err := args[1].String()
	return msg, err == nil
}
