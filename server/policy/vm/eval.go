package vm

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/ir"
	"github.com/open-policy-agent/opa/v1/topdown"
)

// scan runs the block of st once per element of its source, in OPA's
// order; it returns completed, or how the block it is in ends.
func (s *state) scan(locals []*ast.Term, st *ir.ScanStmt) (int, error) {
	src := locals[st.Source]
	if src == nil {
		return completed, nil
	}
	switch v := src.Value.(type) {
	case *ast.Array:
		for i := range v.Len() {
			if stop, r, err := s.iteration(locals, st, ast.InternedTerm(i), v.Elem(i)); stop {
				return r, err
			}
		}
	case ast.Object:
		it := v.KeysIterator()
		for k, more := it.Next(); more; k, more = it.Next() {
			if stop, r, err := s.iteration(locals, st, k, v.Get(k)); stop {
				return r, err
			}
		}
	case ast.Set:
		for _, e := range v.Slice() {
			if stop, r, err := s.iteration(locals, st, e, e); stop {
				return r, err
			}
		}
	}
	return completed, nil
}

// iteration runs the block of st for the element k, v; stop says whether
// the scan ends there, and r how.
func (s *state) iteration(locals []*ast.Term, st *ir.ScanStmt, k, v *ast.Term) (stop bool, r int, err error) {
	if s.steps++; s.steps&1023 == 0 && s.cancel != nil && s.cancel.Cancelled() {
		return true, 0, errCancel
	}
	locals[st.Key], locals[st.Value] = k, v
	r, err = s.block(locals, st.Block)
	switch {
	case err != nil || r == returned:
		return true, r, err
	case r == 1: // out of the scan
		return true, completed, nil
	case r > 1: // out of the scan, the block it is in and r-2 more
		return true, r - 2, nil
	}
	return false, 0, nil
}

// call evaluates a CallStmt: its value, or nil when it is undefined.
func (s *state) call(locals []*ast.Term, st *call) (*ast.Term, error) {
	c := &st.callee
	if fn := c.fn; fn != nil {
		// The arguments and the function's locals are taken from the
		// evaluation's stack and given back on return: nothing keeps a
		// frame (values are terms, kept by pointer), so it is reused.
		top := len(s.stack)
		args := s.push(len(st.Args))
		for i, a := range st.Args {
			args[i] = s.operand(locals, a)
		}
		v, err := s.invoke(fn, args)
		s.stack = s.stack[:top]
		return v, err
	}
	top := len(s.stack)
	defer func() { s.stack = s.stack[:top] }()
	operands := s.push(len(st.Args))
	for i, a := range st.Args {
		if operands[i] = s.operand(locals, a); operands[i] == nil {
			return nil, nil
		}
	}
	s.out, s.all, s.relation = nil, nil, c.relation
	err := c.builtin(s.bctx, operands, s.onOutput)
	if err != nil {
		var halt topdown.Halt
		if errors.As(err, &halt) {
			return nil, halt.Err
		}
		return nil, nil // as topdown without strict built-in errors: undefined
	}
	switch {
	case c.relation:
		return ast.ArrayTerm(s.all...), nil
	case c.void:
		return trueTerm, nil
	}
	return s.out, nil
}

// invoke calls fn with args, remembering the value of a rule (see
// function).
func (s *state) invoke(fn *function, args []*ast.Term) (*ast.Term, error) {
	if fn.fixed {
		fn.once.Do(func() {
			// Worked out once, without input and in a state of its own, so
			// that nothing of this evaluation reaches it.
			fs := &state{p: s.p, memo: make([]*ast.Term, s.p.nfuncs), results: ast.NewSet(), bctx: topdown.BuiltinContext{Context: context.Background()}}
			fn.value, fn.err = fs.function(fn, []*ast.Term{nil, s.p.data})
		})
		return fn.value, fn.err
	}
	if fn.memo {
		if v := s.memo[fn.index]; v != nil {
			return v, nil
		}
	}
	v, err := s.function(fn, args)
	if fn.memo && v != nil {
		s.memo[fn.index] = v
	}
	return v, err
}

// path joins the strings of a CallDynamicStmt's path ("" when one is not a
// string, which names no function).
func (s *state) path(locals []*ast.Term, ops []ir.Operand) string {
	var b strings.Builder
	for i, o := range ops {
		t := s.operand(locals, o)
		if t == nil {
			return ""
		}
		str, ok := t.Value.(ast.String)
		if !ok {
			return ""
		}
		if i > 0 {
			b.WriteByte(0)
		}
		b.WriteString(string(str))
	}
	return b.String()
}

// onOutput takes an output of a built-in (see call).
func (s *state) onOutput(t *ast.Term) error {
	if s.relation {
		s.all = append(s.all, t)
	} else {
		s.out = t
	}
	return nil
}

// push takes n cleared slots from the stack.
func (s *state) push(n int) []*ast.Term {
	top := len(s.stack)
	s.stack = slices.Grow(s.stack, n)[:top+n]
	frame := s.stack[top : top+n : top+n]
	clear(frame)
	return frame
}

// function runs fn with args and returns its value (nil: undefined).
func (s *state) function(fn *function, args []*ast.Term) (*ast.Term, error) {
	locals := s.push(fn.nlocals)
	for i, p := range fn.f.Params {
		if i < len(args) {
			locals[p] = args[i]
		}
	}
	for _, b := range fn.f.Blocks {
		r, err := s.block(locals, b)
		if err != nil {
			return nil, err
		}
		if r == returned {
			v := s.ret
			s.ret = nil
			return v, nil
		}
		if r > 0 {
			return nil, fmt.Errorf("vm: %s: a break out of the function", fn.f.Name)
		}
	}
	return locals[fn.f.Return], nil
}

// dot looks key up in src: an object's value, an array's element, a set's
// element; nil when there is none.
func dot(src ast.Value, key *ast.Term) *ast.Term {
	if key == nil {
		return nil
	}
	switch v := src.(type) {
	case ast.Object:
		return v.Get(key)
	case *ast.Array:
		n, ok := key.Value.(ast.Number)
		if !ok {
			return nil
		}
		i, ok := n.Int()
		if !ok || i < 0 || i >= v.Len() {
			return nil
		}
		return v.Elem(i)
	case ast.Set:
		if v.Contains(key) {
			return key
		}
	}
	return nil
}

// merge merges b into a copy of a: the keys of both; where both have a key,
// a's value, or the merge of the two when both are objects (as OPA's
// WebAssembly runtime merges, opa_value_merge).
func merge(a, b ast.Object) ast.Object {
	out := a.Copy()
	b.Foreach(func(k, vb *ast.Term) {
		va := out.Get(k)
		if va == nil {
			out.Insert(k, vb)
			return
		}
		oa, okA := va.Value.(ast.Object)
		ob, okB := vb.Value.(ast.Object)
		if okA && okB {
			out.Insert(k, ast.NewTerm(merge(oa, ob)))
		}
	})
	return out
}

func isArray(v ast.Value) bool  { _, ok := v.(*ast.Array); return ok }
func isObject(v ast.Value) bool { _, ok := v.(ast.Object); return ok }
func isSet(v ast.Value) bool    { _, ok := v.(ast.Set); return ok }

func conflict(loc ir.Location, msg string) error {
	return fmt.Errorf("vm: %d:%d: %s: %w", loc.Row, loc.Col, msg, ErrConflict)
}
