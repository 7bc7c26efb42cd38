// Package policy evaluates the business rules of rules/ with OPA as a
// library, as OPA's users run it: one Engine owns a loaded policy tree,
// compiles it once and prepares one query per entrypoint once (rego's
// PrepareForEval), so a decision costs one evaluation by OPA's own
// evaluator. Nothing of OPA is re-implemented here.
//
// What loads, as `opa eval -d rules/` would load it: every .rego file by its
// package, and every data.json, data.yaml or data.yml under the path of its
// folder (heloc/funnel/tables/data.yaml is data.heloc.funnel.tables).
// *_test.rego files and any other JSON or YAML file (test fixtures) are left
// out of the Engine; RunTests loads them as `opa test rules/` does.
//
// Entrypoints are found in the loaded modules, so a new policy needs no Go
// change: every rule of every loaded package is one, named by its package
// and rule ("heloc.funnel.order"), except functions (they take arguments),
// rules whose name starts with "_" (helpers, as Regal's style guide marks
// them) and test_ rules.
//
// An entrypoint that reads no input (the condition catalogue, the funnel's
// tables) has the same value for every call under one revision, so it is
// evaluated once, at load, and that value served.
package policy

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path"
	"slices"
	"strings"
	"sync"

	lru "github.com/hashicorp/golang-lru/v2"
	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/rego"
	"github.com/open-policy-agent/opa/v1/storage"
	"github.com/open-policy-agent/opa/v1/storage/inmem"
	"github.com/open-policy-agent/opa/v1/util"

	"github.com/heloc/heloc/server/domain"
)

// ErrUndefined is wrapped by Decide when an entrypoint has no value for the
// input; the contract asks every entrypoint for a default, so it means a bug.
var ErrUndefined = errors.New("policy result is undefined")

// Engine holds one compiled revision of the policy tree with every
// entrypoint prepared. It is immutable and safe for concurrent use; to
// reload, Load a new Engine and swap the pointer.
type Engine struct {
	revision string
	queries  map[string]rego.PreparedEvalQuery // by entrypoint, without "data."
	// constants holds the value of each entrypoint that reads no input,
	// directly or through the rules it uses: evaluated once, at load.
	constants map[string]any
	// answers keeps recent answers of the entrypoints in Remembered, by
	// their input: a policy is a function of its input and this revision's
	// rules and tables, so the same input has the same answer until the
	// revision changes (and a new revision is a new Engine).
	answers *lru.Cache[string, json.RawMessage]
	// explain maps reason codes and row ids back to the rules' METADATA
	// and the tables' rows (explain.go).
	explain *explainIndex
	// together holds the queries DecideAll prepared, by their entrypoints
	// joined with commas (a few pairs, each prepared on first use).
	together sync.Map // string -> *rego.PreparedEvalQuery
	compiler *ast.Compiler
	store    storage.Store
}

// Remembered are the entrypoints whose answers an engine keeps, by input:
// the navigation every page asks for (which pages a loan sees, where a
// returning borrower resumes), whose inputs are few (a page, a status, the
// yes/no answers) and carry nothing personal. Their answers are given as
// their JSON encoding (json.RawMessage, a copy for each caller): encoded
// once, sent as they are.
var Remembered = map[string]bool{"heloc.funnel.pages": true, "heloc.routing.resume": true}

// rememberedAnswers bounds how many answers an engine keeps.
const rememberedAnswers = 8192

// Dir returns the policy tree at path on disk (os.DirFS), for Load and
// RunTests when the rules are not the embedded ones.
func Dir(path string) fs.FS { return os.DirFS(path) }

// Load reads the policy tree of fsys (a root holding heloc/...), compiles it
// and prepares every entrypoint. Errors name the offending file.
func Load(ctx context.Context, fsys fs.FS) (*Engine, error) {
	files, err := readTree(fsys, loadsInEngine)
	if err != nil {
		return nil, fmt.Errorf("policy: read: %w", err)
	}
	return loadFiles(ctx, files)
}

// loadFiles builds an Engine from files already read and filtered.
func loadFiles(ctx context.Context, files []file) (*Engine, error) {
	modules, docs, err := parse(files)
	if err != nil {
		return nil, fmt.Errorf("policy: load: %w", err)
	}
	if len(modules) == 0 {
		return nil, errors.New("policy: load: no .rego files found")
	}
	explain, err := newExplainIndex(modules, docs)
	if err != nil {
		return nil, fmt.Errorf("policy: load: %w", err)
	}
	// The store hands the tables to the evaluator as OPA values, so an
	// evaluation does not convert them from Go values on every read.
	store := inmem.NewFromObjectWithOpts(docs, inmem.OptReturnASTValuesOnRead(true))
	compiler, err := compile(ctx, store, modules)
	if err != nil {
		return nil, err
	}
	answers, err := lru.New[string, json.RawMessage](rememberedAnswers)
	if err != nil {
		return nil, err
	}
	e := &Engine{revision: revision(files), queries: map[string]rego.PreparedEvalQuery{}, constants: map[string]any{}, answers: answers, explain: explain,
		compiler: compiler, store: store}
	inputs := inputReaders{c: compiler, memo: map[*ast.Rule]bool{}}
	for _, name := range entrypoints(modules) {
		pq, err := rego.New(
			rego.Query("data."+name),
			rego.Compiler(compiler),
			rego.Store(store),
			rego.StoreReadAST(true),
		).PrepareForEval(ctx)
		if err != nil {
			return nil, fmt.Errorf("policy: prepare %s: %w", name, err)
		}
		e.queries[name] = pq
		if inputs.entrypoint(name) {
			continue
		}
		v, err := e.eval(ctx, name, pq, nil)
		if err != nil {
			return nil, err
		}
		e.constants[name] = v
	}
	return e, nil
}

// inputReaders answers, for compiled rules, whether a rule's value may
// differ between evaluations of one revision: whether it, or any rule or
// function it uses, refers to input or calls a nondeterministic built-in
// (the clock, random numbers). When in doubt it says yes.
type inputReaders struct {
	c    *ast.Compiler
	memo map[*ast.Rule]bool
}

// entrypoint reports whether the rules of entrypoint may read input.
func (d inputReaders) entrypoint(name string) bool {
	ref, err := ast.ParseRef("data." + name)
	if err != nil {
		return true
	}
	rules := d.c.GetRulesExact(ref)
	return len(rules) == 0 || slices.ContainsFunc(rules, d.rule)
}

func (d inputReaders) rule(r *ast.Rule) bool {
	if v, ok := d.memo[r]; ok {
		return v
	}
	d.memo[r] = true // a cycle (which the compiler refuses) reads as variable
	v := d.reads(r)
	d.memo[r] = v
	return v
}

func (d inputReaders) reads(r *ast.Rule) bool {
	found := false
	ast.WalkRefs(r, func(x ast.Ref) bool {
		found = found || x.HasPrefix(ast.InputRootRef)
		return found
	})
	ast.WalkExprs(r, func(e *ast.Expr) bool {
		if !found && e.IsCall() {
			b, ok := ast.BuiltinMap[e.Operator().String()]
			found = ok && b.Nondeterministic
		}
		return found
	})
	if found {
		return true
	}
	for dep := range d.c.Graph.Dependencies(r) {
		rule, ok := dep.(*ast.Rule)
		if !ok || d.rule(rule) {
			return true
		}
	}
	return false
}

// Revision identifies the loaded policy: the hex SHA-256 of the names and
// contents of the files the Engine loaded. Tests are not loaded, so editing
// only a test leaves the revision (and every decision) unchanged.
func (e *Engine) Revision() string { return e.revision }

// Entrypoints returns the names Decide accepts, sorted, without "data.".
func (e *Engine) Entrypoints() []string {
	return slices.Sorted(maps.Keys(e.queries))
}

// Decide evaluates entrypoint ("heloc.funnel.order" or
// "data.heloc.funnel.order") with input (nil for none) and returns the
// decoded JSON value: map[string]any, []any, string, bool, nil, or
// json.Number for numbers (no float rounding of money).
func (e *Engine) Decide(ctx context.Context, entrypoint string, input any) (any, error) {
	return e.decide(ctx, entrypoint, input, false)
}

// DecideShared is Decide for a caller that only reads the answer (sends
// it, compares it with a stored one, stores it): a remembered answer
// (Remembered) is given as the engine's own encoding, not a copy of it,
// and must not be changed.
func (e *Engine) DecideShared(ctx context.Context, entrypoint string, input any) (any, error) {
	return e.decide(ctx, entrypoint, input, true)
}

func (e *Engine) decide(ctx context.Context, entrypoint string, input any, shared bool) (any, error) {
	name := strings.TrimPrefix(entrypoint, "data.")
	pq, ok := e.queries[name]
	if !ok {
		return nil, domain.Errorf(domain.ENOTFOUND, "Policy %q not found.", entrypoint)
	}
	if v, ok := e.constants[name]; ok {
		return deepCopy(v), nil
	}
	if !Remembered[name] {
		return e.eval(ctx, name, pq, input)
	}
	key, err := json.Marshal(input)
	if err != nil {
		return nil, fmt.Errorf("policy: decide %s: %w", name, err)
	}
	k := name + "\x00" + string(key)
	if v, ok := e.answers.Get(k); ok {
		if shared {
			return v[:len(v):len(v)], nil
		}
		return slices.Clone(v), nil
	}
	v, err := e.eval(ctx, name, pq, input)
	if err != nil {
		return nil, err
	}
	encoded, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("policy: decide %s: %w", name, err)
	}
	e.answers.Add(k, encoded)
	return slices.Clone(json.RawMessage(encoded)), nil
}

func (e *Engine) eval(ctx context.Context, name string, pq rego.PreparedEvalQuery, input any) (any, error) {
	var opts []rego.EvalOption
	if input != nil {
		opts = append(opts, rego.EvalInput(input))
	}
	rs, err := pq.Eval(ctx, opts...)
	if err != nil {
		return nil, fmt.Errorf("policy: decide %s: %w", name, err)
	}
	if len(rs) == 0 || len(rs[0].Expressions) == 0 {
		return nil, fmt.Errorf("policy: decide %s: %w", name, ErrUndefined)
	}
	return rs[0].Expressions[0].Value, nil
}

// DecideAll evaluates several entrypoints on one input in one evaluation,
// so that the rules they share are worked out once (the preview offer reads
// eligibility's decision, which an estimate also records): the answers, in
// the order of entrypoints, are each what Decide would give. Entrypoints
// whose answers the engine keeps or knows already (Remembered, the
// constants) are decided one by one.
func (e *Engine) DecideAll(ctx context.Context, input any, entrypoints ...string) ([]any, error) {
	names := make([]string, len(entrypoints))
	alone := len(entrypoints) < 2
	for i, ep := range entrypoints {
		names[i] = strings.TrimPrefix(ep, "data.")
		if _, ok := e.queries[names[i]]; !ok {
			return nil, domain.Errorf(domain.ENOTFOUND, "Policy %q not found.", ep)
		}
		_, constant := e.constants[names[i]]
		alone = alone || constant || Remembered[names[i]]
	}
	if alone {
		out := make([]any, len(names))
		for i, name := range names {
			v, err := e.Decide(ctx, name, input)
			if err != nil {
				return nil, err
			}
			out[i] = v
		}
		return out, nil
	}
	key := strings.Join(names, ",")
	pq, ok := e.together.Load(key)
	if !ok {
		q := make([]string, len(names))
		for i, name := range names {
			q[i] = fmt.Sprintf("x%d = data.%s", i, name)
		}
		prepared, err := rego.New(
			rego.Query(strings.Join(q, "; ")),
			rego.Compiler(e.compiler),
			rego.Store(e.store),
			rego.StoreReadAST(true),
		).PrepareForEval(ctx)
		if err != nil {
			return nil, fmt.Errorf("policy: prepare %s: %w", key, err)
		}
		pq, _ = e.together.LoadOrStore(key, &prepared)
	}
	rs, err := pq.(*rego.PreparedEvalQuery).Eval(ctx, rego.EvalInput(input))
	if err != nil {
		return nil, fmt.Errorf("policy: decide %s: %w", key, err)
	}
	if len(rs) == 0 {
		return nil, fmt.Errorf("policy: decide %s: %w", key, ErrUndefined)
	}
	out := make([]any, len(names))
	for i := range names {
		out[i] = rs[0].Bindings[fmt.Sprintf("x%d", i)]
	}
	return out, nil
}

// deepCopy copies a decoded JSON value, so that no caller can change the
// constant every other caller is given.
func deepCopy(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, val := range x {
			out[k] = deepCopy(val)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, val := range x {
			out[i] = deepCopy(val)
		}
		return out
	}
	return v
}

// DecideInto evaluates entrypoint like Decide and decodes the result into
// out (a pointer), through JSON so struct tags apply.
func DecideInto(ctx context.Context, e *Engine, entrypoint string, input, out any) error {
	v, err := e.Decide(ctx, entrypoint, input)
	if err != nil {
		return err
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("policy: decide %s: encode: %w", entrypoint, err)
	}
	if err := json.Unmarshal(b, out); err != nil {
		return fmt.Errorf("policy: decide %s: decode: %w", entrypoint, err)
	}
	return nil
}

// file is one policy or data file of the tree.
type file struct {
	name string // slash path inside the tree, e.g. heloc/funnel/funnel.rego
	data []byte
}

// loadsInEngine says whether the Engine loads the file name: policies
// without their tests, and data files by their contract names.
func loadsInEngine(name string) bool {
	base := path.Base(name)
	switch {
	case strings.HasSuffix(base, "_test.rego"):
		return false
	case path.Ext(base) == ".rego":
		return true
	}
	return base == "data.json" || base == "data.yaml" || base == "data.yml"
}

// loadsInTests says whether RunTests loads the file name: everything that
// `opa test` loads from a directory.
func loadsInTests(name string) bool {
	switch path.Ext(name) {
	case ".rego", ".json", ".yaml", ".yml":
		return true
	}
	return false
}

// readTree reads every file of fsys that keep accepts, sorted by name. The
// bytes read here are the ones parsed and hashed, so the revision always
// matches what was loaded, even if the files change meanwhile.
func readTree(fsys fs.FS, keep func(name string) bool) ([]file, error) {
	var files []file
	err := fs.WalkDir(fsys, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !keep(name) {
			return err
		}
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			return err
		}
		files = append(files, file{name: name, data: data})
		return nil
	})
	slices.SortFunc(files, func(a, b file) int { return strings.Compare(a.name, b.name) })
	return files, err
}

// parse turns files into Rego modules, keyed by file name, and the data
// document, each data file placed under its folder's path.
func parse(files []file) (map[string]*ast.Module, map[string]any, error) {
	modules := map[string]*ast.Module{}
	docs := map[string]any{}
	for _, f := range files {
		if path.Ext(f.name) == ".rego" {
			m, err := ast.ParseModuleWithOpts(f.name, string(f.data), ast.ParserOptions{
				RegoVersion:       ast.RegoV1,
				ProcessAnnotation: true,
			})
			if err != nil {
				return nil, nil, err // parse errors carry file:line already
			}
			modules[f.name] = m
			continue
		}
		var v any
		if err := util.Unmarshal(f.data, &v); err != nil {
			return nil, nil, fmt.Errorf("%s: %w", f.name, err)
		}
		if err := put(docs, f.name, v); err != nil {
			return nil, nil, fmt.Errorf("%s: %w", f.name, err)
		}
	}
	return modules, docs, nil
}

// put places the object v of the data file name under the path of its
// folder in docs.
func put(docs map[string]any, name string, v any) error {
	obj, ok := v.(map[string]any)
	if !ok {
		return errors.New("a data file must hold an object")
	}
	if dir := path.Dir(name); dir != "." {
		keys := strings.Split(dir, "/")
		for i := len(keys) - 1; i >= 0; i-- {
			obj = map[string]any{keys[i]: obj}
		}
	}
	return merge(docs, obj, "data")
}

// merge adds src to dst, refusing to overwrite a value another file set
// (OPA's loader refuses the same rather than let file order decide).
func merge(dst, src map[string]any, at string) error {
	for k, v := range src {
		old, ok := dst[k]
		if !ok {
			dst[k] = v
			continue
		}
		oldObj, ok1 := old.(map[string]any)
		newObj, ok2 := v.(map[string]any)
		if !ok1 || !ok2 {
			return fmt.Errorf("%s.%s is already set by another data file", at, k)
		}
		if err := merge(oldObj, newObj, at+"."+k); err != nil {
			return err
		}
	}
	return nil
}

// compile compiles modules against store as `opa test` does, including the
// check that no rule sits on a path that data already holds. print() calls
// are compiled out: production has no one to print to.
func compile(ctx context.Context, store storage.Store, modules map[string]*ast.Module) (*ast.Compiler, error) {
	txn, err := store.NewTransaction(ctx)
	if err != nil {
		return nil, fmt.Errorf("policy: compile: %w", err)
	}
	defer store.Abort(ctx, txn)
	c := ast.NewCompiler().
		WithPathConflictsCheck(storage.NonEmpty(ctx, store, txn)).
		WithUseTypeCheckAnnotations(true)
	if c.Compile(modules); c.Failed() {
		return nil, fmt.Errorf("policy: compile: %w", c.Errors)
	}
	return c, nil
}

// entrypoints lists the rules of modules that Decide serves (see the
// package doc), without "data.".
func entrypoints(modules map[string]*ast.Module) []string {
	var names []string
	for _, m := range modules {
		for _, r := range m.Rules {
			ref := r.Head.Ref().GroundPrefix()
			rule := ref[0].Value.String()
			if len(r.Head.Args) > 0 || strings.HasPrefix(rule, "_") || strings.HasPrefix(rule, "test_") {
				continue
			}
			names = append(names, strings.TrimPrefix(m.Package.Path.Extend(ref).String(), "data."))
		}
	}
	slices.Sort(names)
	return slices.Compact(names)
}

// revision hashes the names and contents of files (already sorted); the
// length prefix keeps one file's bytes from passing for another's name.
func revision(files []file) string {
	h := sha256.New()
	for _, f := range files {
		fmt.Fprintf(h, "%s\x00%d\x00", f.name, len(f.data))
		h.Write(f.data)
	}
	return hex.EncodeToString(h.Sum(nil))
}
