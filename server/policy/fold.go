package policy

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/rego"
	"github.com/open-policy-agent/opa/v1/storage"
)

// Folding input-free rules.
//
// A rule that reads no input, directly or through the rules and functions
// it uses, has the same value in every evaluation under one revision: the
// lookup objects that a policy derives from its tables (a document type's
// display entry, the application pages of each combination of facts) are
// such rules. OPA would work each of them out again in every evaluation
// that uses it. The Engine works them out once, at load, and compiles the
// policy again with each such rule replaced by a rule of its value
// (`name := <value>`), so that an evaluation reads the value as it reads a
// constant. This is what partial evaluation would do for these rules, but
// without rewriting the rules that read input, which stay as written.
//
// A rule is folded as a whole: every definition of its name in its package
// (default, else chains, partial set and object rules, `name.key` rules)
// is replaced by one rule holding the value of data.<package>.<name>. A
// complete rule of that value answers every reference to the name as the
// definitions did (a set is looked up and iterated the same way whether
// the rules made it piece by piece or one rule holds it whole). Left as
// they are: functions (their value depends on their arguments), rules
// that use a nondeterministic built-in (such as the clock), rules whose
// value is undefined or fails to evaluate (the failure belongs to the
// evaluation that uses them), and names under which a package lies.

// foldable is one rule, by its name, that reads no input: where its
// definitions are (the first one's file and location) and its value.
type foldable struct {
	name  string // data.<package>.<name>
	path  ast.Ref
	file  string
	first *ast.Rule
	value *ast.Term
}

// foldables works out every rule of compiler's policy (the compiled
// modules) that reads no input, from the source modules, sorted by name.
func foldables(ctx context.Context, compiler *ast.Compiler, store storage.Store, modules map[string]*ast.Module) []foldable {
	groups := map[string]*foldable{}
	skip := map[string]bool{}
	var packages []ast.Ref
	for _, file := range slices.Sorted(maps.Keys(modules)) {
		m := modules[file]
		packages = append(packages, m.Package.Path)
		for _, r := range m.Rules {
			key, path, ok := groupOf(m, r)
			if !ok {
				continue
			}
			if len(r.Head.Args) > 0 {
				skip[key] = true
			}
			if _, ok := groups[key]; !ok {
				groups[key] = &foldable{name: key, path: path, first: r, file: file}
			}
		}
	}
	deps := newDependencies(compiler)
	var out []foldable
	for _, key := range slices.Sorted(maps.Keys(groups)) {
		g := groups[key]
		if skip[key] || slices.ContainsFunc(packages, func(p ast.Ref) bool { return len(p) > len(g.path) && p.HasPrefix(g.path) }) {
			continue
		}
		rules := compiler.GetRulesWithPrefix(g.path)
		if len(rules) == 0 || slices.ContainsFunc(rules, deps.variable) {
			continue
		}
		v, err := evalTerm(ctx, compiler, store, g.path)
		if err != nil || v == nil {
			continue // undefined, or an error that belongs to the evaluation
		}
		g.value = v
		out = append(out, *g)
	}
	return out
}

// groupOf names the rule group of r in m: data.<package>.<first name of
// its head>.
func groupOf(m *ast.Module, r *ast.Rule) (string, ast.Ref, bool) {
	ref := r.Head.Ref()
	if len(ref) == 0 {
		return "", nil, false
	}
	name, ok := ref[0].Value.(ast.Var)
	if !ok {
		return "", nil, false
	}
	path := m.Package.Path.Append(ast.StringTerm(string(name)))
	return path.String(), path, true
}

// withFolded returns a copy of modules in which the definitions of each
// rule of folded are replaced by one rule of its value. It changes neither
// modules nor folded.
func withFolded(modules map[string]*ast.Module, folded []foldable) map[string]*ast.Module {
	byName := make(map[string]bool, len(folded))
	for _, f := range folded {
		byName[f.name] = true
	}
	out := make(map[string]*ast.Module, len(modules))
	for file, m := range modules {
		cpy := m.Copy()
		rules := cpy.Rules[:0]
		for _, r := range cpy.Rules {
			if key, _, ok := groupOf(cpy, r); ok && byName[key] {
				continue
			}
			rules = append(rules, r)
		}
		cpy.Rules = rules
		out[file] = cpy
	}
	for _, f := range folded {
		m := out[f.file]
		loc := f.first.Location
		name := f.path[len(f.path)-1].Value.(ast.String)
		value := f.value.Copy()
		value.SetLocation(loc)
		head := ast.RefHead(ast.Ref{ast.VarTerm(string(name)).SetLocation(loc)}, value)
		head.Assign = true
		head.Location = loc
		body := ast.NewBody(ast.NewExpr(ast.BooleanTerm(true).SetLocation(loc)).SetLocation(loc))
		m.Rules = append(m.Rules, &ast.Rule{Head: head, Body: body, Location: loc, Module: m})
	}
	return out
}

// fold compiles modules with their input-free rules folded (see above) and
// returns the compiler and the names folded (without "data."). A rule whose
// value does not compile in its place (the type checker, knowing the
// value, may refuse a reference to it that it allowed before) is left as
// written; if the folded policy fails to compile for another reason, or
// nothing is folded, it returns nil.
func fold(ctx context.Context, compiler *ast.Compiler, store storage.Store, modules map[string]*ast.Module) (*ast.Compiler, []string) {
	folded := foldables(ctx, compiler, store, modules)
	for len(folded) > 0 {
		c, err := compile(ctx, store, withFolded(modules, folded))
		if err == nil {
			names := make([]string, len(folded))
			for i, f := range folded {
				names[i] = strings.TrimPrefix(f.name, "data.")
			}
			return c, names
		}
		msg := err.Error()
		kept := slices.DeleteFunc(slices.Clone(folded), func(f foldable) bool { return mentions(msg, f.name) })
		if len(kept) == len(folded) {
			return nil, nil
		}
		folded = kept
	}
	return nil, nil
}

// mentions reports whether msg names the rule name (data.a.b names
// data.a.b and data.a.b[x], not data.a.bc).
func mentions(msg, name string) bool {
	for i := strings.Index(msg, name); i >= 0; {
		end := i + len(name)
		if end == len(msg) || !isNameByte(msg[end]) {
			return true
		}
		next := strings.Index(msg[end:], name)
		if next < 0 {
			return false
		}
		i = end + next
	}
	return false
}

func isNameByte(b byte) bool {
	return b == '_' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}

// evalTerm evaluates the reference ref (data...) with no input and returns
// its value as OPA holds it (a set stays a set), or nil when undefined.
func evalTerm(ctx context.Context, compiler *ast.Compiler, store storage.Store, ref ast.Ref) (*ast.Term, error) {
	rs, err := rego.New(
		rego.ParsedQuery(ast.NewBody(ast.NewExpr(ast.NewTerm(ref)))),
		rego.Compiler(compiler),
		rego.Store(store),
		rego.GenerateJSON(func(t *ast.Term, _ *rego.EvalContext) (any, error) { return t, nil }),
	).Eval(ctx)
	if err != nil {
		return nil, err
	}
	if len(rs) != 1 || len(rs[0].Expressions) != 1 {
		return nil, nil
	}
	t, ok := rs[0].Expressions[0].Value.(*ast.Term)
	if !ok || !t.IsGround() {
		return nil, fmt.Errorf("policy: fold %s: not a value", ref)
	}
	return t, nil
}

// dependencies answers, for compiled rules, whether a rule's value may
// differ between evaluations of one revision: whether it, or any rule or
// function it uses, refers to input or calls a nondeterministic built-in.
// When in doubt it says yes.
type dependencies struct {
	c    *ast.Compiler
	memo map[*ast.Rule]bool
}

func newDependencies(c *ast.Compiler) *dependencies {
	return &dependencies{c: c, memo: map[*ast.Rule]bool{}}
}

func (d *dependencies) variable(r *ast.Rule) bool {
	if v, ok := d.memo[r]; ok {
		return v
	}
	d.memo[r] = true // a cycle (which the compiler refuses) reads as variable
	v := d.reads(r)
	d.memo[r] = v
	return v
}

func (d *dependencies) reads(r *ast.Rule) bool {
	found := false
	ast.WalkRefs(r, func(x ast.Ref) bool {
		if x.HasPrefix(ast.InputRootRef) {
			found = true
		}
		return found
	})
	if found {
		return true
	}
	ast.WalkExprs(r, func(e *ast.Expr) bool {
		if !found && e.IsCall() {
			if b, ok := ast.BuiltinMap[e.Operator().String()]; ok && b.Nondeterministic {
				found = true
			}
		}
		return found
	})
	if found {
		return true
	}
	for dep := range d.c.Graph.Dependencies(r) {
		rule, ok := dep.(*ast.Rule)
		if !ok || d.variable(rule) {
			return true
		}
	}
	return false
}
