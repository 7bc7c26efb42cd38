// Package schema validates procedure input against the CUE definitions of
// schemas/ and exports them as OpenAPI for the webapp's generated types.
package schema

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"runtime"
	"sort"
	"strconv"
	"strings"

	"cuelang.org/go/cue"
	"cuelang.org/go/cue/cuecontext"
	cueerrors "cuelang.org/go/cue/errors"
	"cuelang.org/go/cue/load"

	"github.com/heloc/heloc/server/domain"
)

// Set is the compiled CUE package. A cue.Value is not safe for concurrent
// evaluation, so every use goes through mu.
type Set struct {
	// shards are independent compilations of the package, one per CPU: a
	// cue.Context is not safe for concurrent use, and one shared behind a
	// mutex made every request's validation wait for the others'.
	shards chan *shard
	// fsys is the package's files, which OpenAPI compiles again without
	// the policy tables' schemas.
	fsys fs.FS
}

// shard is one compilation: its context and the package's value.
type shard struct {
	ctx   *cue.Context
	value cue.Value
	defs  map[string]cue.Value
}

// with lends fn a shard for the length of the call.
func (s *Set) with(fn func(*shard) error) error {
	sh := <-s.shards
	defer func() { s.shards <- sh }()
	return fn(sh)
}

// def returns the definition #name, looked up once per shard.
func (sh *shard) def(name string) cue.Value {
	v, ok := sh.defs[name]
	if !ok {
		v = sh.value.LookupPath(cue.ParsePath("#" + name))
		sh.defs[name] = v
	}
	return v
}

// Load compiles the CUE package at the root of fsys.
func Load(fsys fs.FS) (*Set, error) {
	insts := load.Instances([]string{"."}, &load.Config{FS: fsys, Dir: "/"})
	if len(insts) != 1 {
		return nil, fmt.Errorf("schema: want one CUE instance, got %d", len(insts))
	}
	if err := insts[0].Err; err != nil {
		return nil, fmt.Errorf("schema: load: %w", err)
	}
	n := max(1, runtime.GOMAXPROCS(0))
	s := &Set{shards: make(chan *shard, n), fsys: fsys}
	for range n {
		ctx := cuecontext.New()
		v := ctx.BuildInstance(insts[0])
		if err := v.Err(); err != nil {
			return nil, fmt.Errorf("schema: build: %s", cueerrors.Details(err, nil))
		}
		s.shards <- &shard{ctx: ctx, value: v, defs: map[string]cue.Value{}}
	}
	return s, nil
}

// Has reports whether the package defines #name.
func (s *Set) Has(name string) bool {
	var ok bool
	s.with(func(sh *shard) error {
		ok = sh.def(name).Exists()
		return nil
	})
	return ok
}

// Decode validates the JSON document raw against definition #name and, when
// it is valid, decodes it (with the definition's defaults filled in) into
// out. Invalid input yields a domain.EINVALID error naming each field.
func (s *Set) Decode(name string, raw []byte, out any) error {
	var doc any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&doc); err != nil {
		return domain.Errorf(domain.EPARSE, "The input is not valid JSON.")
	}
	if dec.More() {
		return domain.Errorf(domain.EPARSE, "The input is not valid JSON.")
	}

	return s.with(func(sh *shard) error {
		def := sh.def(name)
		if !def.Exists() {
			return fmt.Errorf("schema: no definition #%s", name)
		}
		// Unknown keys are refused here, before CUE sees them: a long-lived
		// cue.Context keeps every field name it is shown.
		if fields := unknownFields(def, doc, ""); len(fields) > 0 {
			return &domain.Error{Code: domain.EINVALID, Message: "Some fields are not allowed or have the wrong type.", Fields: fields}
		}
		v := def.Unify(sh.ctx.Encode(numbers(doc)))
		if err := v.Validate(cue.Concrete(true)); err != nil {
			return &domain.Error{Code: domain.EINVALID, Message: "Some fields need attention.", Fields: fieldErrors(err)}
		}
		if err := v.Decode(out); err != nil {
			return fmt.Errorf("schema: decode #%s: %w", name, err)
		}
		return nil
	})
}

const wrongType = "This field has the wrong type."

// unknownFields lists the keys of doc that def does not allow, recursing
// into nested structs and lists.
func unknownFields(def cue.Value, doc any, prefix string) []domain.FieldError {
	if def.IncompleteKind() == cue.TopKind {
		return nil // _ (a field of {...}) takes any value: an application's draft
	}
	var out []domain.FieldError
	switch d := doc.(type) {
	case map[string]any:
		if def.IncompleteKind()&cue.StructKind == 0 {
			return []domain.FieldError{{Path: prefix, Message: wrongType}}
		}
		keys := make([]string, 0, len(d))
		for k := range d {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			path := joinPath(prefix, k)
			// An optional selector finds regular, optional (a?) and
			// required (a!) fields, and keys a pattern constraint allows.
			child := lookup(def, cue.Str(k).Optional())
			if !child.Exists() {
				if allowsAny(def) {
					continue
				}
				out = append(out, domain.FieldError{Path: path, Message: "This field is not allowed."})
				continue
			}
			out = append(out, unknownFields(child, d[k], path)...)
		}
	case []any:
		if def.IncompleteKind()&cue.ListKind == 0 {
			return []domain.FieldError{{Path: prefix, Message: wrongType}}
		}
		elem := lookup(def, cue.AnyIndex)
		if !elem.Exists() {
			return nil
		}
		for i, item := range d {
			out = append(out, unknownFields(elem, item, joinPath(prefix, strconv.Itoa(i)))...)
		}
	}
	return out
}

// lookup finds sel in def or, when def is a disjunction such as
// #Person | null, in the first of its disjuncts that has it.
func lookup(def cue.Value, sel cue.Selector) cue.Value {
	path := cue.MakePath(sel)
	if v := def.LookupPath(path); v.Exists() {
		return v
	}
	if op, disjuncts := def.Expr(); op == cue.OrOp {
		for _, d := range disjuncts {
			if v := d.LookupPath(path); v.Exists() {
				return v
			}
		}
	}
	return cue.Value{}
}

// numbers replaces the decoder's json.Number values by int64 or float64, so
// CUE sees numbers where the client sent numbers.
func numbers(doc any) any {
	switch d := doc.(type) {
	case json.Number:
		if i, err := d.Int64(); err == nil {
			return i
		}
		f, _ := d.Float64()
		return f
	case map[string]any:
		for k, v := range d {
			d[k] = numbers(v)
		}
	case []any:
		for i, v := range d {
			d[i] = numbers(v)
		}
	}
	return doc
}

// allowsAny reports whether a struct takes keys it does not name, through a
// pattern constraint such as {[string]: number}.
func allowsAny(def cue.Value) bool {
	return def.LookupPath(cue.MakePath(cue.AnyString)).Exists()
}

func joinPath(prefix, key string) string {
	if prefix == "" {
		return key
	}
	return prefix + "." + key
}

// fieldErrors turns CUE's errors into one message per field, preferring the
// definition's own error("...") text over CUE's generic wording.
func fieldErrors(err error) []domain.FieldError {
	byPath := map[string]string{}
	var order []string
	for _, e := range cueerrors.Errors(err) {
		parts := e.Path()
		if len(parts) > 0 && strings.HasPrefix(parts[0], "#") {
			parts = parts[1:] // the definition's own name means nothing to a form
		}
		path := strings.Join(parts, ".")
		format, args := e.Msg()
		msg := fmt.Sprintf(format, args...)
		switch {
		case strings.Contains(msg, "incomplete value") || strings.HasPrefix(msg, "field is required"):
			msg = "This field is required."
		case path == "" && strings.Contains(msg, "mismatched types"):
			msg = "The input must be a JSON object."
		case strings.Contains(msg, "mismatched types"):
			msg = wrongType
		}
		prev, seen := byPath[path]
		if !seen {
			order = append(order, path)
		}
		if !seen || rank(msg) > rank(prev) {
			byPath[path] = msg
		}
	}
	out := make([]domain.FieldError, 0, len(order))
	for _, p := range order {
		msg := byPath[p]
		if rank(msg) < 2 && hasChild(order, p) {
			// "coborrower: 2 errors in empty disjunction" says no more than
			// the messages at coborrower.email and the like.
			continue
		}
		out = append(out, domain.FieldError{Path: p, Message: msg})
	}
	return out
}

// hasChild reports whether paths holds one below parent.
func hasChild(paths []string, parent string) bool {
	for _, p := range paths {
		if p != parent && (parent == "" || strings.HasPrefix(p, parent+".")) {
			return true
		}
	}
	return false
}

// rank orders the messages for one field: the definition's own text, then
// the wrong-type message, then CUE's wording.
func rank(msg string) int {
	switch {
	case msg == wrongType:
		return 1
	case generic(msg):
		return 0
	}
	return 2
}

// generic reports whether msg is CUE's own wording rather than a message
// written for a person.
func generic(msg string) bool {
	for _, s := range []string{"empty disjunction", "conflicting values", "invalid value", "mismatched types", "out of bound", "does not match"} {
		if strings.Contains(msg, s) {
			return true
		}
	}
	return false
}
