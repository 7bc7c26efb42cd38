// Package policy evaluates the business rules of rules/ with OPA as a
// library. One Engine owns a loaded policy tree: it compiles the tree once
// and prepares every entrypoint once, so a decision costs one evaluation.
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
// them) and test_ rules. A helper package is one that holds only functions
// and "_" rules, so it exposes nothing.
//
// An entrypoint is planned (OPA's planner) and its plan evaluated by
// server/policy/vm, with topdown, OPA's own evaluator, as the reference and
// the fallback (planned.go).
//
// A decision is kept as cheap as OPA allows without changing it: every rule
// that reads no input, helpers included (the lookups a policy derives from
// its tables), is worked out once at load and compiled in as its value
// (fold); the tables are read from the data document read at load
// (dataCache); the input is converted to OPA's values in one pass
// (inputValue) and the result back to Go's (generateJSON), both taking the
// strings the policy names from values made at load; and an evaluation
// starts no goroutine and keeps no metrics. Nothing is remembered from one
// decision to the next.
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
	"strconv"
	"strings"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/metrics"
	"github.com/open-policy-agent/opa/v1/rego"
	"github.com/open-policy-agent/opa/v1/storage"
	"github.com/open-policy-agent/opa/v1/storage/inmem"
	"github.com/open-policy-agent/opa/v1/topdown"
	"github.com/open-policy-agent/opa/v1/util"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/policy/vm"
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
	// planned holds the entrypoints that the vm evaluates (see planned.go).
	planned map[string]*vm.Program
	// constants holds the result of each entrypoint that reads no input,
	// directly or through the rules it uses (the condition catalogue, the
	// funnel's tables): it is the same for every call under this revision,
	// so it is worked out once, at load.
	constants map[string]any
	// tables is the data document (every tables/data.yaml) as OPA holds it,
	// read once at load; see dataCache.
	tables dataCache
	// folded names the rules (data.<package>.<name> without "data.") that
	// read no input and were compiled in as their values; see fold.
	folded []string
	// strings and numbers hold, for each string and number the policy
	// names, the values that the conversions of inputs and results take;
	// see namedValues.
	strings map[string]named
	numbers map[string]any
}

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
	return loadFiles(ctx, files, plannedEvaluation)
}

// plannedEvaluation says whether entrypoints are evaluated by the vm where
// they can be (see planned.go): yes unless HELOC_POLICY_EVALUATOR is
// "topdown".
var plannedEvaluation = os.Getenv("HELOC_POLICY_EVALUATOR") != "topdown"

// loadFiles builds an Engine from files already read and filtered.
func loadFiles(ctx context.Context, files []file, planned bool) (*Engine, error) {
	modules, docs, err := parse(files)
	if err != nil {
		return nil, fmt.Errorf("policy: load: %w", err)
	}
	if len(modules) == 0 {
		return nil, errors.New("policy: load: no .rego files found")
	}
	// AST values on read: the store holds the tables as OPA values, so the
	// data document that dataCache serves is the store's own. Since
	// evaluations read the tables from dataCache rather than from the store,
	// the option no longer changes their cost (measured on every fixture:
	// within 6 allocations and within noise either way).
	store := inmem.NewFromObjectWithOpts(docs, inmem.OptReturnASTValuesOnRead(true))
	compiler, err := compile(ctx, store, modules)
	if err != nil {
		return nil, err
	}
	// Input-free rules are worked out once and compiled in as values (see
	// fold). Should the folded policy not compile for a reason fold cannot
	// lay on a folded rule, the policy is served as written: slower, never
	// wrong.
	var folded []string
	if c, names := fold(ctx, compiler, store, modules); c != nil {
		compiler, folded = c, names
	}

	tables, err := readData(ctx, store)
	if err != nil {
		return nil, err
	}
	e := &Engine{revision: revision(files), queries: map[string]rego.PreparedEvalQuery{}, planned: map[string]*vm.Program{}, constants: map[string]any{}, tables: tables, folded: folded}
	e.strings, e.numbers = namedValues(compiler.Modules, tables.root)
	deps := newDependencies(compiler) // one memo for every entrypoint's rules
	for _, name := range entrypoints(modules) {
		pq, err := rego.New(
			rego.Query("data."+name),
			rego.Compiler(compiler),
			rego.Store(store),
		).PrepareForEval(ctx)
		if err != nil {
			return nil, fmt.Errorf("policy: prepare %s: %w", name, err)
		}
		e.queries[name] = pq
		if planned {
			if prog, err := plan(ctx, compiler, tables.root, name); err == nil {
				e.planned[name] = prog
			}
		}
		if deps.readsInput(name) {
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

// readsInput reports whether the rules of entrypoint, or any rule or
// function they use, refer to input or call a nondeterministic built-in
// (such as the clock): whether its value may differ between two calls. When
// in doubt it says yes.
func (d *dependencies) readsInput(entrypoint string) bool {
	ref, err := ast.ParseRef("data." + entrypoint)
	if err != nil {
		return true
	}
	rules := d.c.GetRulesExact(ref)
	return len(rules) == 0 || slices.ContainsFunc(rules, d.variable)
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
	name := strings.TrimPrefix(entrypoint, "data.")
	pq, ok := e.queries[name]
	if !ok {
		return nil, domain.Errorf(domain.ENOTFOUND, "Policy %q not found.", entrypoint)
	}
	if v, ok := e.constants[name]; ok {
		return deepCopy(v), nil
	}
	return e.eval(ctx, name, pq, input)
}

func (e *Engine) eval(ctx context.Context, name string, pq rego.PreparedEvalQuery, input any) (any, error) {
	// Cancelling ctx stops the evaluation, as OPA would arrange by starting
	// a goroutine per evaluation to wait for it; context.AfterFunc arranges
	// the same without one (and without anything for a context that is
	// never cancelled). No metrics are kept: nothing reads them, and a
	// fresh set of them per evaluation is a handful of maps.
	cancel := topdown.NewCancel()
	stop := context.AfterFunc(ctx, cancel.Cancel)
	defer stop()
	if prog, ok := e.planned[name]; ok {
		var in ast.Value
		if input != nil {
			var ok bool
			if in, ok = inputValue(input, e.strings); !ok {
				var err error
				if in, err = ast.InterfaceToValue(input); err != nil {
					return nil, fmt.Errorf("policy: decide %s: %w", name, err)
				}
			}
		}
		v, err := evalPlanned(ctx, prog, cancel, in)
		if err != nil {
			return nil, fmt.Errorf("policy: decide %s: %w", name, err)
		}
		if v == nil {
			return nil, fmt.Errorf("policy: decide %s: %w", name, ErrUndefined)
		}
		return e.output(v)
	}
	opts := make([]rego.EvalOption, 0, 5)
	opts = append(opts, rego.EvalBaseCache(e.tables), rego.EvalExternalCancel(cancel), rego.EvalMetrics(metrics.NoOp()), rego.EvalGenerateJSON(e.generateJSON))
	if input != nil {
		if v, ok := inputValue(input, e.strings); ok {
			opts = append(opts, rego.EvalParsedInput(v))
		} else {
			opts = append(opts, rego.EvalInput(input))
		}
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

// dataCache serves OPA's reads of data (the tables) from the data document
// read at load, instead of from the store. By default every evaluation
// starts with an empty cache of data and reads each table it uses from the
// store again; that was about a sixth of the allocations of a small
// decision (measured: eligibility 611 to 512, routing 368 to 318). The store never changes after Load (a
// reload makes a new Engine), so the document read at load is what every
// read would return. It is only read, never written, and so is safe for
// concurrent evaluations; a read it cannot serve goes to the store as
// before.
type dataCache struct{ root ast.Value }

// readData reads the whole data document from the store.
func readData(ctx context.Context, store storage.Store) (dataCache, error) {
	txn, err := store.NewTransaction(ctx)
	if err != nil {
		return dataCache{}, fmt.Errorf("policy: read data: %w", err)
	}
	defer store.Abort(ctx, txn)
	blob, err := store.Read(ctx, txn, storage.Path{})
	if err != nil {
		return dataCache{}, fmt.Errorf("policy: read data: %w", err)
	}
	root, err := ast.InterfaceToValue(blob)
	if err != nil {
		return dataCache{}, fmt.Errorf("policy: read data: %w", err)
	}
	return dataCache{root: root}, nil
}

// Get returns the value of data at ref, or nil to have it read from the
// store. The whole of data is left to the store, which leaves out its
// "system" key.
func (c dataCache) Get(ref ast.Ref) ast.Value {
	if c.root == nil || len(ref) < 2 || !ref[0].Equal(ast.DefaultRootDocument) {
		return nil
	}
	v, err := c.root.Find(ref[1:])
	if err != nil {
		return nil
	}
	return v
}

// Put does nothing: the cache holds the whole document already.
func (dataCache) Put(ast.Ref, ast.Value) {}

// inputValue converts an input decoded from JSON (map[string]any, []any,
// string, bool, nil, float64 or json.Number, as encoding/json gives them)
// to the AST value that rego.EvalInput would make of it, numbers included:
// a float64 is written as OPA's JSON round trip writes it. rego.EvalInput
// first copies the whole input in that round trip and then converts the
// copy; the walk here converts in one pass (the full application of
// fixtures/policy-inputs: 38 µs and 492 allocations instead of 62 µs and
// 593, measured). Any other Go type, or a number that does not convert,
// gives ok false and the input goes through rego.EvalInput, as before.
//
// strings holds values for strings the policy names (see namedValues);
// such a string of the input takes its value from there rather than a new
// one (most of an input's strings are keys the policy reads: with them, and
// one scratch list for every object's pairs, the full application takes 365
// allocations instead of 492, measured). It may be nil.
func inputValue(x any, strings map[string]named) (v ast.Value, ok bool) {
	c := converter{strings: strings, pairs: make([][2]*ast.Term, 0, 32)}
	return c.value(x)
}

// converter is one conversion of inputValue.
type converter struct {
	strings map[string]named
	// pairs is the scratch list of the key-value pairs of the objects being
	// built, innermost last: an object's pairs are appended, copied by
	// ast.NewObject, and dropped, so one list serves every object.
	pairs [][2]*ast.Term
}

func (c *converter) str(s string) ast.Value {
	if v, ok := c.strings[s]; ok {
		return v.value
	}
	return ast.InternedValue(s)
}

func (c *converter) value(x any) (v ast.Value, ok bool) {
	switch x := x.(type) {
	case nil:
		return ast.NullValue, true
	case bool:
		return ast.InternedValue(x), true
	case string:
		return c.str(x), true
	case json.Number:
		v, err := ast.InterfaceToValue(x)
		return v, err == nil
	case float64:
		v, err := ast.InterfaceToValue(json.Number(strconv.FormatFloat(x, 'f', -1, 64)))
		return v, err == nil
	case []any:
		if x == nil {
			return ast.NullValue, true // as the round trip reads a nil slice
		}
		terms := util.NewPtrSlice[ast.Term](len(x)) // one allocation for all
		for i, e := range x {
			if terms[i].Value, ok = c.value(e); !ok {
				return nil, false
			}
		}
		return ast.NewArray(terms...), true
	case map[string]any:
		if x == nil {
			return ast.NullValue, true // as the round trip reads a nil map
		}
		terms := util.NewPtrSlice[ast.Term](2 * len(x))
		start := len(c.pairs)
		for k, e := range x {
			i := len(c.pairs) - start
			key, val := terms[2*i], terms[2*i+1]
			key.Value = c.str(k)
			if val.Value, ok = c.value(e); !ok {
				return nil, false
			}
			c.pairs = append(c.pairs, [2]*ast.Term{key, val})
		}
		obj := ast.NewObject(c.pairs[start:]...)
		c.pairs = c.pairs[:start]
		return obj, true
	}
	return nil, false
}

// generateJSON converts a result as OPA's own conversion (ast.JSON) does,
// to the same Go values, but gives each string and number that the policy
// names (see namedValues) as one value made at load rather than a new one
// (the labels, messages and codes of a result are mostly these: the full
// application's documents, 181 allocations instead of 495, measured).
func (e *Engine) generateJSON(t *ast.Term, _ *rego.EvalContext) (any, error) {
	return e.output(t.Value)
}

func (e *Engine) output(v ast.Value) (any, error) {
	switch v := v.(type) {
	case ast.Null:
		return nil, nil
	case ast.Boolean:
		return bool(v), nil
	case ast.Number:
		if x, ok := e.numbers[string(v)]; ok {
			return x, nil
		}
		return json.Number(v), nil
	case ast.String:
		if x, ok := e.strings[string(v)]; ok {
			return x.output, nil
		}
		return string(v), nil
	case *ast.Array:
		out := make([]any, v.Len())
		for i := range v.Len() {
			x, err := e.output(v.Elem(i).Value)
			if err != nil {
				return nil, err
			}
			out[i] = x
		}
		return out, nil
	case ast.Set:
		out := make([]any, 0, v.Len())
		err := v.Iter(func(t *ast.Term) error {
			x, err := e.output(t.Value)
			out = append(out, x)
			return err
		})
		if err != nil {
			return nil, err
		}
		return out, nil
	case ast.Object:
		out := make(map[string]any, v.Len())
		err := v.Iter(func(k, t *ast.Term) error {
			key, ok := k.Value.(ast.String)
			if !ok {
				return errNonStringKey
			}
			x, err := e.output(t.Value)
			out[string(key)] = x
			return err
		})
		if errors.Is(err, errNonStringKey) {
			return ast.JSON(v) // as OPA writes a key that is not a string
		}
		if err != nil {
			return nil, err
		}
		return out, nil
	}
	return ast.JSON(v)
}

var errNonStringKey = errors.New("an object key is not a string")

// named is a string that the policy names, as the input conversion and
// the result's conversion each take it.
type named struct {
	value  ast.Value // ast.String
	output any       // string
}

// namedValues collects the strings and numbers that the policy names (the
// terms of its modules, the keys and values of its data), each as the
// values that the conversions of inputs and results take for it, made once:
// an input's keys and enumerations, and a result's labels, messages and
// codes, are mostly these. Both maps are only read once built, and so are
// safe for concurrent evaluations.
func namedValues(modules map[string]*ast.Module, data ast.Value) (map[string]named, map[string]any) {
	strs := map[string]named{}
	nums := map[string]any{}
	add := func(t *ast.Term) bool {
		switch v := t.Value.(type) {
		case ast.String:
			if _, seen := strs[string(v)]; !seen {
				strs[string(v)] = named{value: v, output: string(v)}
			}
		case ast.Number:
			if _, seen := nums[string(v)]; !seen {
				nums[string(v)] = json.Number(v)
			}
		}
		return false
	}
	for _, m := range modules {
		ast.WalkTerms(m, add)
	}
	if data != nil {
		ast.WalkTerms(data, add)
	}
	return strs, nums
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
