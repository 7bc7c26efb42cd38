package vm

import (
	"context"
	"errors"
	"fmt"

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
	body := func(k, v *ast.Term) (bool, int, error) {
		if s.steps++; s.steps&1023 == 0 && s.cancel != nil && s.cancel.Cancelled() {
			return true, 0, errCancel
		}
		locals[st.Key], locals[st.Value] = k, v
		r, err := s.block(locals, st.Block)
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
	switch v := src.Value.(type) {
	case *ast.Array:
		for i := range v.Len() {
			if stop, r, err := body(ast.InternedTerm(i), v.Elem(i)); stop {
				return r, err
			}
		}
	case ast.Object:
		it := v.KeysIterator()
		for k, more := it.Next(); more; k, more = it.Next() {
			if stop, r, err := body(k, v.Get(k)); stop {
				return r, err
			}
		}
	case ast.Set:
		for _, e := range v.Slice() {
			if stop, r, err := body(e, e); stop {
				return r, err
			}
		}
	}
	return completed, nil
}

// call evaluates a CallStmt: its value, or nil when it is undefined.
func (s *state) call(locals []*ast.Term, st *ir.CallStmt) (*ast.Term, error) {
	c := s.p.calls[st]
	if fn := c.fn; fn != nil {
		if fn.fixed {
			fn.once.Do(func() {
				// Worked out once, without input and in a state of its
				// own, so that nothing of this evaluation reaches it.
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
		args := make([]*ast.Term, len(st.Args))
		for i, a := range st.Args {
			args[i] = s.operand(locals, a)
		}
		v, err := s.function(fn, args)
		if fn.memo && v != nil {
			s.memo[fn.index] = v
		}
		return v, err
	}
	operands := make([]*ast.Term, len(st.Args))
	for i, a := range st.Args {
		if operands[i] = s.operand(locals, a); operands[i] == nil {
			return nil, nil
		}
	}
	var out *ast.Term
	var all []*ast.Term
	err := c.builtin(s.bctx, operands, func(t *ast.Term) error {
		if c.relation {
			all = append(all, t)
		} else {
			out = t
		}
		return nil
	})
	if err != nil {
		var halt topdown.Halt
		if errors.As(err, &halt) {
			return nil, halt.Err
		}
		return nil, nil // as topdown without strict built-in errors: undefined
	}
	switch {
	case c.relation:
		return ast.ArrayTerm(all...), nil
	case c.void:
		return trueTerm, nil
	}
	return out, nil
}

// function runs fn with args and returns its value (nil: undefined).
func (s *state) function(fn *function, args []*ast.Term) (*ast.Term, error) {
	locals := make([]*ast.Term, fn.nlocals)
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
