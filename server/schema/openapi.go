package schema

import (
	"encoding/json"
	"fmt"
	"strings"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/ast"
	"cuelang.org/go/encoding/openapi"
)

// MessageKey is the OpenAPI extension that names, on a schema node, the
// message of its CUE error("...") disjunct: what the server says when a
// value fails that node, and what a form shows beside the field.
const MessageKey = "x-message"

// OpenAPI exports every definition as an OpenAPI 3 document, each node
// carrying its CUE message under MessageKey.
func (s *Set) OpenAPI() ([]byte, error) {
	var doc map[string]any
	err := s.with(func(sh *shard) error {
		b, err := openapi.Gen(sh.value, &openapi.Config{
			Info:    map[string]any{"title": "HELOC API schemas", "version": "1"},
			Version: "3.0.0",
		})
		if err != nil {
			return err
		}
		if err := json.Unmarshal(b, &doc); err != nil {
			return err
		}
		components, _ := doc["components"].(map[string]any)
		schemas, _ := components["schemas"].(map[string]any)
		for name, node := range schemas {
			// The policy tables' definitions check files in rules/; they are
			// not part of the API, so the webapp gets no types for them.
			if strings.HasSuffix(name, "Tables") {
				delete(schemas, name)
				continue
			}
			if def := sh.def(name); def.Exists() {
				annotate(def, node)
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("schema: openapi: %w", err)
	}
	out, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(out, '\n'), nil
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
