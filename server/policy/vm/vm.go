// Package vm evaluates a query that OPA's planner has compiled to its
// intermediate representation (package ir, the form OPA compiles to
// WebAssembly from), directly, over OPA's own values and built-in
// functions.
//
// Why: OPA's tree-walking evaluator (topdown) unifies terms and keeps
// bindings for every expression, about a microsecond each on this project's
// machine; the planned form of the same policy is a list of plain
// statements (look up, compare, scan, call, insert) with the unification
// worked out once, at plan time. The policy, its tests and `opa eval` stay
// as they are; only the Engine's evaluation of a prepared entrypoint runs
// here, and server/policy checks on every fixture and on generated inputs
// that it decides exactly what topdown decides.
//
// The semantics follow OPA's WebAssembly compiler (internal/compiler/wasm),
// the reference for what each statement means:
//   - A block runs its statements in order; a statement that is undefined
//     (a failed comparison, a missing key, an undefined call) ends the
//     block, and execution goes on after it. BreakStmt{Index: n} ends the
//     current block and n more around it.
//   - A scan runs its block once per element; ending the block goes on
//     with the next element, a break of 1 ends the scan.
//   - Functions of two parameters (input and data: the rules) are memoised
//     for the evaluation, as the WebAssembly runtime does, and those that
//     read neither input nor a nondeterministic built-in, for the
//     Program's life: they have one value per policy revision.
//   - Built-in functions are OPA's (topdown's) own. As in topdown without
//     strict built-in errors, an error of a built-in makes its call
//     undefined; a conflict (two values for one rule, two values for one
//     key) is an error of the evaluation.
//   - Objects and sets are scanned in OPA's sorted order, as topdown scans
//     them, so that comprehensions list what they list in the same order.
package vm

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/ir"
	"github.com/open-policy-agent/opa/v1/topdown"
)

// ErrConflict is wrapped by the error of an evaluation in which a rule or
// an object key took two different values.
var ErrConflict = errors.New("conflicting values")

// Program is one planned query, ready to evaluate any number of times,
// concurrently.
type Program struct {
	plan    *ir.Plan
	strings []*ast.Term // Static.Strings as string terms
	numbers []*ast.Term // Static.Strings as number terms, where they are numbers
	funcs   map[string]*function
	byPath  map[string]*function    // the functions of rules, by their path (CallDynamicStmt)
	calls   map[*ir.CallStmt]callee // while preparing; then each is a call
	data    *ast.Term
	nfuncs  int
	nplan   int  // locals of the plan
	clock   bool // calls a nondeterministic built-in (the clock, randomness)
}

type function struct {
	f       *ir.Func
	index   int
	nlocals int
	memo    bool // input and data only: memoised per evaluation
	fixed   bool // reads no input and nothing nondeterministic

	once  sync.Once
	value *ast.Term // of a fixed function, once worked out (nil: undefined)
	err   error
}

// callee is what a CallStmt calls: a planned function or a built-in.
type callee struct {
	fn       *function
	builtin  topdown.BuiltinFunc
	decl     *ast.Builtin
	void     bool
	relation bool
}

// Prepare checks policy and makes it a Program over data (the whole data
// document). It refuses a policy that uses a statement or a built-in it
// cannot evaluate, so that the caller can evaluate that query otherwise.
func Prepare(policy *ir.Policy, data ast.Value) (*Program, error) {
	if policy == nil || policy.Plans == nil || len(policy.Plans.Plans) != 1 {
		return nil, errors.New("vm: want a policy of one plan")
	}
	p := &Program{
		plan:   policy.Plans.Plans[0],
		funcs:  map[string]*function{},
		byPath: map[string]*function{},
		calls:  map[*ir.CallStmt]callee{},
		data:   ast.NewTerm(data),
	}
	if policy.Static != nil {
		for _, s := range policy.Static.Strings {
			p.strings = append(p.strings, ast.StringTerm(s.Value))
			var num *ast.Term
			if n, err := ast.ParseTerm(s.Value); err == nil {
				if _, ok := n.Value.(ast.Number); ok {
					num = n
				}
			}
			p.numbers = append(p.numbers, num)
		}
	}
	if policy.Funcs != nil {
		for i, f := range policy.Funcs.Funcs {
			fn := &function{f: f, index: i, nlocals: maxLocal(f.Params, f.Return, f.Blocks) + 1, memo: len(f.Params) == 2}
			p.funcs[f.Name] = fn
			if f.Path != nil {
				p.byPath[strings.Join(f.Path, "\x00")] = fn
			}
		}
		p.nfuncs = len(policy.Funcs.Funcs)
	}
	p.nplan = maxLocal(nil, 0, p.plan.Blocks) + 1

	// Resolve every call, and refuse what cannot be evaluated here.
	var err error
	check := func(stmts []ir.Stmt) {
		for _, s := range stmts {
			switch s := s.(type) {
			case *ir.CallStmt:
				if fn, ok := p.funcs[s.Func]; ok {
					p.calls[s] = callee{fn: fn}
					continue
				}
				decl, ok := ast.BuiltinMap[s.Func]
				bi := topdown.GetBuiltin(s.Func)
				if !ok || bi == nil {
					err = errors.Join(err, fmt.Errorf("vm: unknown function %q", s.Func))
					continue
				}
				p.calls[s] = callee{builtin: bi, decl: decl, void: decl.Decl.Result() == nil, relation: decl.Relation}
				p.clock = p.clock || decl.Nondeterministic
			case *ir.WithStmt:
				err = errors.Join(err, errors.New("vm: `with` is not supported"))
			}
		}
	}
	walkBlocks(p.plan.Blocks, check)
	for _, fn := range p.funcs {
		walkBlocks(fn.f.Blocks, check)
	}
	if err != nil {
		return nil, err
	}
	// A rule is fixed when it reads no input, calls no nondeterministic
	// built-in and calls only fixed functions.
	state := map[*function]int{} // 1 visiting, 2 fixed, 3 not
	var fixed func(fn *function) bool
	fixed = func(fn *function) bool {
		switch state[fn] {
		case 1, 3:
			return false
		case 2:
			return true
		}
		state[fn] = 1
		ok := fn.memo
		walkBlocks(fn.f.Blocks, func(stmts []ir.Stmt) {
			for _, s := range stmts {
				if !ok {
					return
				}
				if readsInput(s) {
					ok = false
					continue
				}
				if _, isCall := s.(*ir.CallDynamicStmt); isCall {
					ok = false // which function it calls is known only then
					continue
				}
				if c, isCall := s.(*ir.CallStmt); isCall {
					cl := p.calls[c]
					switch {
					case cl.fn != nil:
						ok = fixed(cl.fn)
					case cl.decl.Nondeterministic:
						ok = false
					}
				}
			}
		})
		state[fn] = 3
		if ok {
			state[fn] = 2
		}
		return ok
	}
	for _, fn := range p.funcs {
		fn.fixed = fixed(fn)
	}
	// Each call is given what it calls, in place, so that an evaluation
	// does not look it up.
	resolve := func(stmts []ir.Stmt) {
		for i, st := range stmts {
			if c, ok := st.(*ir.CallStmt); ok {
				stmts[i] = &call{CallStmt: c, callee: p.calls[c]}
			}
		}
	}
	walkBlocks(p.plan.Blocks, resolve)
	for _, fn := range p.funcs {
		walkBlocks(fn.f.Blocks, resolve)
	}
	p.calls = nil
	return p, nil
}

// call is a CallStmt with what it calls.
type call struct {
	*ir.CallStmt
	callee
}

// readsInput reports whether s names the input document (local 0).
func readsInput(s ir.Stmt) bool {
	found := false
	locals(s, func(l ir.Local) { found = found || l == ir.Input })
	return found
}

// walkBlocks calls f with the statements of every block, nested ones
// included.
func walkBlocks(blocks []*ir.Block, f func([]ir.Stmt)) {
	for _, b := range blocks {
		f(b.Stmts)
		for _, s := range b.Stmts {
			switch s := s.(type) {
			case *ir.BlockStmt:
				walkBlocks(s.Blocks, f)
			case *ir.ScanStmt:
				walkBlocks([]*ir.Block{s.Block}, f)
			case *ir.NotStmt:
				walkBlocks([]*ir.Block{s.Block}, f)
			case *ir.WithStmt:
				walkBlocks([]*ir.Block{s.Block}, f)
			}
		}
	}
}

// maxLocal is the highest local that params, ret or blocks name.
func maxLocal(params []ir.Local, ret ir.Local, blocks []*ir.Block) int {
	m := int(ret)
	for _, l := range params {
		m = max(m, int(l))
	}
	walkBlocks(blocks, func(stmts []ir.Stmt) {
		for _, s := range stmts {
			locals(s, func(l ir.Local) { m = max(m, int(l)) })
		}
	})
	return m
}

// locals calls f with every local that s reads or writes.
func locals(s ir.Stmt, f func(ir.Local)) {
	op := func(o ir.Operand) {
		if l, ok := o.Value.(ir.Local); ok {
			f(l)
		}
	}
	switch s := s.(type) {
	case *ir.ReturnLocalStmt:
		f(s.Source)
	case *ir.CallStmt:
		for _, a := range s.Args {
			op(a)
		}
		f(s.Result)
	case *ir.CallDynamicStmt:
		for _, a := range s.Path {
			op(a)
		}
		for _, a := range s.Args {
			f(a)
		}
		f(s.Result)
	case *ir.DotStmt:
		op(s.Source)
		op(s.Key)
		f(s.Target)
	case *ir.LenStmt:
		op(s.Source)
		f(s.Target)
	case *ir.ScanStmt:
		f(s.Source)
		f(s.Key)
		f(s.Value)
	case *ir.AssignIntStmt:
		f(s.Target)
	case *ir.AssignVarStmt:
		op(s.Source)
		f(s.Target)
	case *ir.AssignVarOnceStmt:
		op(s.Source)
		f(s.Target)
	case *ir.ResetLocalStmt:
		f(s.Target)
	case *ir.MakeNullStmt:
		f(s.Target)
	case *ir.MakeNumberIntStmt:
		f(s.Target)
	case *ir.MakeNumberRefStmt:
		f(s.Target)
	case *ir.MakeArrayStmt:
		f(s.Target)
	case *ir.MakeObjectStmt:
		f(s.Target)
	case *ir.MakeSetStmt:
		f(s.Target)
	case *ir.EqualStmt:
		op(s.A)
		op(s.B)
	case *ir.NotEqualStmt:
		op(s.A)
		op(s.B)
	case *ir.IsArrayStmt:
		op(s.Source)
	case *ir.IsObjectStmt:
		op(s.Source)
	case *ir.IsSetStmt:
		op(s.Source)
	case *ir.IsDefinedStmt:
		f(s.Source)
	case *ir.IsUndefinedStmt:
		f(s.Source)
	case *ir.ArrayAppendStmt:
		op(s.Value)
		f(s.Array)
	case *ir.ObjectInsertStmt:
		op(s.Key)
		op(s.Value)
		f(s.Object)
	case *ir.ObjectInsertOnceStmt:
		op(s.Key)
		op(s.Value)
		f(s.Object)
	case *ir.ObjectMergeStmt:
		f(s.A)
		f(s.B)
		f(s.Target)
	case *ir.SetAddStmt:
		op(s.Value)
		f(s.Set)
	case *ir.ResultSetAddStmt:
		f(s.Value)
	case *ir.WithStmt:
		f(s.Local)
		op(s.Value)
	}
}

// Eval evaluates the plan with input (nil for none) and returns its
// result set: one object per result, from each query variable to its
// value, as rego's target plugins return it.
func (p *Program) Eval(ctx context.Context, cancel topdown.Cancel, input ast.Value) (ast.Set, error) {
	s := &state{p: p, memo: make([]*ast.Term, p.nfuncs), results: ast.NewSet(), cancel: cancel, stack: make([]*ast.Term, 0, 256)}
	s.bctx = topdown.BuiltinContext{Context: ctx, Cancel: cancel}
	if p.clock { // as topdown gives them: the time the evaluation started
		s.bctx.Time = ast.NumberTerm(json.Number(strconv.FormatInt(time.Now().UnixNano(), 10)))
		s.bctx.Seed = rand.Reader
	}
	locals := make([]*ast.Term, p.nplan)
	if input != nil {
		locals[ir.Input] = ast.NewTerm(input)
	}
	locals[ir.Data] = p.data
	for _, b := range p.plan.Blocks {
		r, err := s.block(locals, b)
		if err != nil {
			return nil, err
		}
		if r == returned {
			break
		}
	}
	return s.results, nil
}

// state is one evaluation.
type state struct {
	p       *Program
	memo    []*ast.Term // by function index
	results ast.Set
	bctx    topdown.BuiltinContext
	cancel  topdown.Cancel
	ret     *ast.Term // the value a function returned
	steps   int
	stack   []*ast.Term // frames of the functions being called (see call)

	// The outputs of the built-in being called (see onOutput).
	out      *ast.Term
	all      []*ast.Term
	relation bool
}

// How a block ended: completed (it ran to its end), exited (a statement
// in it was undefined, or a break of 0: execution goes on after it),
// returned (a ReturnLocalStmt), or a positive number n: a break out of it
// and n more blocks around it.
const (
	completed = -2
	returned  = -1
	exited    = 0
)

var (
	trueTerm  = ast.BooleanTerm(true)
	falseTerm = ast.BooleanTerm(false)
	nullTerm  = ast.NullTerm()
	errCancel = errors.New("vm: evaluation cancelled")
)

func (s *state) operand(locals []*ast.Term, o ir.Operand) *ast.Term {
	switch v := o.Value.(type) {
	case ir.Local:
		return locals[v]
	case ir.StringIndex:
		return s.p.strings[v]
	case ir.Bool:
		if v {
			return trueTerm
		}
		return falseTerm
	}
	return nil
}

// block runs b (see the constants above for what it returns).
func (s *state) block(locals []*ast.Term, b *ir.Block) (int, error) {
	for _, stmt := range b.Stmts {
		switch st := stmt.(type) {
		case *ir.ReturnLocalStmt:
			s.ret = locals[st.Source]
			return returned, nil
		case *call:
			v, err := s.call(locals, st)
			if err != nil {
				return 0, err
			}
			if v == nil {
				return exited, nil
			}
			locals[st.Result] = v
		case *ir.CallDynamicStmt:
			// A rule found by a path worked out in the evaluation; when
			// there is none, the block ends and the next one looks in the
			// data. Found but undefined, it ends the block it is planned in
			// and the two around it (see OPA's planner, planRefData).
			fn := s.p.byPath[s.path(locals, st.Path)]
			if fn == nil {
				return exited, nil
			}
			args := make([]*ast.Term, len(st.Args))
			for i, a := range st.Args {
				args[i] = locals[a]
			}
			v, err := s.invoke(fn, args)
			if err != nil {
				return 0, err
			}
			if v == nil {
				return 3, nil
			}
			locals[st.Result] = v
		case *ir.BlockStmt:
			for _, nested := range st.Blocks {
				r, err := s.block(locals, nested)
				if err != nil || r == returned {
					return r, err
				}
				if r > 0 {
					return r - 1, nil
				}
			}
		case *ir.BreakStmt:
			return int(st.Index), nil
		case *ir.DotStmt:
			src := s.operand(locals, st.Source)
			if src == nil {
				return exited, nil
			}
			v := dot(src.Value, s.operand(locals, st.Key))
			if v == nil {
				return exited, nil
			}
			locals[st.Target] = v
		case *ir.LenStmt:
			src := s.operand(locals, st.Source)
			if src == nil {
				return exited, nil
			}
			var n int
			switch v := src.Value.(type) {
			case *ast.Array:
				n = v.Len()
			case ast.Object:
				n = v.Len()
			case ast.Set:
				n = v.Len()
			case ast.String:
				n = len([]rune(string(v)))
			default:
				return exited, nil
			}
			locals[st.Target] = ast.InternedTerm(n)
		case *ir.ScanStmt:
			r, err := s.scan(locals, st)
			if err != nil || r != completed {
				return r, err
			}
		case *ir.NotStmt:
			r, err := s.block(locals, st.Block)
			switch {
			case err != nil || r == returned:
				return r, err
			case r == completed: // what is negated holds
				return exited, nil
			case r > 0:
				return r - 1, nil
			}
		case *ir.AssignIntStmt:
			locals[st.Target] = ast.InternedTerm(int(st.Value))
		case *ir.AssignVarStmt:
			locals[st.Target] = s.operand(locals, st.Source)
		case *ir.AssignVarOnceStmt:
			v := s.operand(locals, st.Source)
			if v == nil {
				return exited, nil
			}
			if old := locals[st.Target]; old != nil && old.Value.Compare(v.Value) != 0 {
				return 0, conflict(st.Location, "complete rules must not produce multiple outputs")
			}
			locals[st.Target] = v
		case *ir.ResetLocalStmt:
			locals[st.Target] = nil
		case *ir.MakeNullStmt:
			locals[st.Target] = nullTerm
		case *ir.MakeNumberIntStmt:
			locals[st.Target] = ast.InternedTerm(int(st.Value))
		case *ir.MakeNumberRefStmt:
			n := s.p.numbers[st.Index]
			if n == nil {
				return 0, fmt.Errorf("vm: %q is not a number", s.p.strings[st.Index].Value)
			}
			locals[st.Target] = n
		case *ir.MakeArrayStmt:
			locals[st.Target] = ast.NewTerm(ast.NewArrayWithCapacity(int(st.Capacity)))
		case *ir.MakeObjectStmt:
			locals[st.Target] = ast.NewTerm(ast.NewObject())
		case *ir.MakeSetStmt:
			locals[st.Target] = ast.NewTerm(ast.NewSet())
		case *ir.EqualStmt:
			a, b := s.operand(locals, st.A), s.operand(locals, st.B)
			if a == nil || b == nil || (a != b && a.Value.Compare(b.Value) != 0) {
				return exited, nil
			}
		case *ir.NotEqualStmt:
			a, b := s.operand(locals, st.A), s.operand(locals, st.B)
			if a == nil || b == nil || a == b || a.Value.Compare(b.Value) == 0 {
				return exited, nil
			}
		case *ir.IsArrayStmt:
			if v := s.operand(locals, st.Source); v == nil || !isArray(v.Value) {
				return exited, nil
			}
		case *ir.IsObjectStmt:
			if v := s.operand(locals, st.Source); v == nil || !isObject(v.Value) {
				return exited, nil
			}
		case *ir.IsSetStmt:
			if v := s.operand(locals, st.Source); v == nil || !isSet(v.Value) {
				return exited, nil
			}
		case *ir.IsDefinedStmt:
			if locals[st.Source] == nil {
				return exited, nil
			}
		case *ir.IsUndefinedStmt:
			if locals[st.Source] != nil {
				return exited, nil
			}
		case *ir.ArrayAppendStmt:
			arr := locals[st.Array]
			arr.Value = arr.Value.(*ast.Array).Append(s.operand(locals, st.Value))
		case *ir.ObjectInsertStmt:
			locals[st.Object].Value.(ast.Object).Insert(s.operand(locals, st.Key), s.operand(locals, st.Value))
		case *ir.ObjectInsertOnceStmt:
			obj := locals[st.Object].Value.(ast.Object)
			k, v := s.operand(locals, st.Key), s.operand(locals, st.Value)
			if k == nil || v == nil {
				return exited, nil
			}
			if old := obj.Get(k); old != nil {
				if old.Value.Compare(v.Value) != 0 {
					return 0, conflict(st.Location, "object keys must be unique")
				}
				continue
			}
			obj.Insert(k, v)
		case *ir.ObjectMergeStmt:
			a, b := locals[st.A], locals[st.B]
			oa, okA := a.Value.(ast.Object)
			ob, okB := b.Value.(ast.Object)
			if !okA || !okB {
				return 0, conflict(st.Location, "cannot merge a value that is not an object")
			}
			locals[st.Target] = ast.NewTerm(merge(oa, ob))
		case *ir.SetAddStmt:
			locals[st.Set].Value.(ast.Set).Add(s.operand(locals, st.Value))
		case *ir.ResultSetAddStmt:
			s.results.Add(locals[st.Value])
		case *ir.NopStmt:
		default:
			return 0, fmt.Errorf("vm: statement %T is not supported", stmt)
		}
	}
	return completed, nil
}
