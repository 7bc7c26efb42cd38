package schema

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"cuelang.org/go/cue"
	cueerrors "cuelang.org/go/cue/errors"
)

// Procedure is one row of the procedure table (#Procedures in
// schemas/procedures.cue): the kind of a tRPC procedure, the definition of
// its input ("" when it takes none) and of its answer.
type Procedure struct {
	Kind   string `json:"kind"`
	Input  string `json:"input,omitempty"`
	Result string `json:"result"`
}

// procedureTable is the definition that holds the procedure table.
const procedureTable = "Procedures"

// Procedures is the procedure table, by procedure name.
func (s *Set) Procedures() (map[string]Procedure, error) {
	var out map[string]Procedure
	err := s.with(func(sh *shard) error {
		return decodeProcedures(sh.def(procedureTable), &out)
	})
	return out, err
}

func decodeProcedures(table cue.Value, out *map[string]Procedure) error {
	if !table.Exists() {
		return fmt.Errorf("schema: no definition #%s", procedureTable)
	}
	if err := table.Decode(out); err != nil {
		return fmt.Errorf("schema: #%s: %w", procedureTable, err)
	}
	return nil
}

// CheckAnswer validates a procedure's answer, as JSON, against definition
// #name exactly: every field the definition requires is there, nothing it
// does not name is, and each value has its type (null only where the
// definition allows it). It is for tests: unlike Decode, it shows CUE every
// key of the answer.
func (s *Set) CheckAnswer(name string, answer []byte) error {
	var doc any
	dec := json.NewDecoder(bytes.NewReader(answer))
	dec.UseNumber()
	if err := dec.Decode(&doc); err != nil {
		return fmt.Errorf("the answer is not JSON: %w", err)
	}
	return s.with(func(sh *shard) error {
		def := sh.def(name)
		if !def.Exists() {
			return fmt.Errorf("schema: no definition #%s", name)
		}
		// CUE would fill in a field with a default (`*null | #Person`);
		// an answer must give it.
		if absent := absentFields(def, doc, ""); len(absent) > 0 {
			return fmt.Errorf("the answer does not satisfy #%s: it lacks %s", name, strings.Join(absent, ", "))
		}
		v := def.Unify(sh.ctx.Encode(numbers(doc)))
		if err := v.Validate(cue.Concrete(true), cue.Final()); err != nil {
			return answerError(name, err)
		}
		return nil
	})
}

// answerError lists CUE's errors one per line, each at its path in the
// answer.
func answerError(name string, err error) error {
	seen := map[string]bool{}
	var lines []string
	for _, e := range cueerrors.Errors(err) {
		path := e.Path()
		if len(path) > 0 && strings.HasPrefix(path[0], "#") {
			path = path[1:]
		}
		format, args := e.Msg()
		line := strings.Join(path, ".") + ": " + fmt.Sprintf(format, args...)
		if !seen[line] {
			seen[line] = true
			lines = append(lines, line)
		}
	}
	sort.Strings(lines)
	return errors.New("the answer does not satisfy #" + name + ":\n\t" + strings.Join(lines, "\n\t"))
}

// absentFields lists the fields def requires (every field not marked
// optional, defaults included) that doc leaves out, recursing into the
// structs and lists doc has.
func absentFields(def cue.Value, doc any, prefix string) []string {
	var out []string
	switch d := doc.(type) {
	case map[string]any:
		// Of a disjunction of structs, the one doc comes closest to.
		var best []string
		for i, st := range structParts(def) {
			absent := absentInStruct(st, d, prefix)
			if i == 0 || len(absent) < len(best) {
				best = absent
			}
		}
		out = best
	case []any:
		elem := lookup(def, cue.AnyIndex)
		if !elem.Exists() {
			return nil
		}
		for i, item := range d {
			out = append(out, absentFields(elem, item, joinPath(prefix, strconv.Itoa(i)))...)
		}
	}
	sort.Strings(out)
	return out
}

func absentInStruct(st cue.Value, d map[string]any, prefix string) []string {
	var out []string
	iter, err := st.Fields(cue.Optional(true))
	if err != nil {
		return nil
	}
	named := map[string]bool{}
	for iter.Next() {
		key := iter.Selector().Unquoted()
		named[key] = true
		path := joinPath(prefix, key)
		v, ok := d[key]
		switch {
		case ok:
			out = append(out, absentFields(iter.Value(), v, path)...)
		case !iter.IsOptional():
			out = append(out, path)
		}
	}
	for key, v := range d {
		if named[key] {
			continue
		}
		if child := lookup(st, cue.Str(key).Optional()); child.Exists() {
			out = append(out, absentFields(child, v, joinPath(prefix, key))...)
		}
	}
	return out
}

// structParts is def when it is a struct or, when def is a disjunction
// such as *null | #Person, those of its disjuncts that are.
func structParts(def cue.Value) []cue.Value {
	if op, parts := def.Expr(); op == cue.OrOp {
		var out []cue.Value
		for _, p := range parts {
			out = append(out, structParts(p)...)
		}
		return out
	}
	if def.IncompleteKind() == cue.StructKind {
		return []cue.Value{def}
	}
	return nil
}
