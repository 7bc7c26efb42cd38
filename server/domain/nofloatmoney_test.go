package domain

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
)

// No float64 holds money anywhere in server/ (issue 20): money is Cents or
// Dollars, integer arithmetic. The test reads every Go file of server/
// that is neither a test nor generated, type-checks each package (the
// standard library's types known, the others' left unknown), and fails on
// every float64 (or *float64, []float64, map[…]float64) struct field,
// parameter, result or variable whose name sounds like money, and on every
// float64(…) conversion of something so named. Rates, percents, ratios,
// scores, durations and sizes are not money and may be float64.
//
// MONEYFLOAT_ROOT checks another tree's server/ folder instead (to show the
// test failing on code from before the change).
func TestNoFloatMoney(t *testing.T) {
	root := os.Getenv("MONEYFLOAT_ROOT")
	if root == "" {
		root = ".."
	}
	found := floatMoney(t, root)
	for _, f := range found {
		t.Errorf("%s: money in a float64; use domain.Cents (or domain.Dollars)", f)
	}
}

// moneyWords are the words of an identifier that make it money; notMoney
// the words that make it something else even beside one (a "feeRate" is a
// rate).
var (
	moneyWords = words("amount amounts balance balances value values draw draws payment payments income incomes base bonus bonuses " +
		"commission commissions overtime fee fees line lines tax taxes insurance hoa credit price prices cost costs principal " +
		"cents dollars money total totals sum sums debt debts loan lien liens upb equity cash salary pay wage wages rent escrow")
	notMoney = words("rate rates percent pct ratio ratios apr margin score scores seconds second millis ms mb kb bytes " +
		"years months days count coverage ltv cltv dti weight factor order")
)

func words(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// splitWords splits an identifier into its words: HOAMonthly is HOA,
// Monthly; borrowed_amount is borrowed, amount; maxLine2 is max, Line2.
func splitWords(name string) []string {
	var out []string
	start := 0
	upper := func(c byte) bool { return c >= 'A' && c <= 'Z' }
	lower := func(c byte) bool { return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' }
	for i := 1; i <= len(name); i++ {
		switch {
		case i == len(name) || name[i] == '_':
		case lower(name[i-1]) && upper(name[i]):
		case upper(name[i-1]) && upper(name[i]) && i+1 < len(name) && lower(name[i+1]):
		default:
			continue
		}
		if w := strings.Trim(name[start:i], "_0123456789"); w != "" {
			out = append(out, w)
		}
		start = i
	}
	return out
}

// sounds reports whether an identifier sounds like money: one of its words
// (camelCase, snake_case; HOAMonthly is hoa, monthly) is a money word and
// none is a rate's, score's, time's or size's.
func soundsLikeMoney(name string) bool {
	money := false
	for _, w := range splitWords(name) {
		w = strings.ToLower(w)
		if notMoney[w] {
			return false
		}
		money = money || moneyWords[w]
	}
	return money
}

func TestSoundsLikeMoney(t *testing.T) {
	for name, want := range map[string]bool{
		"InitialDraw": true, "HOAMonthly": true, "MonthlyTaxes": true, "Value": true, "OtherValue": true, "BorrowedThirdPartyMoneyAmount": true,
		"HiCredit": true, "MonthlyBase": true, "securedBalance": true, "total": true, "cents": true, "line": true, "draw": true, "amount": true,
		"APR": false, "Margin": false, "PrimeRate": false, "RateCap": false, "RateFloor": false, "MinScore": false, "Score": false, "Coverage": false,
		"feeRate": false, "order": false, "f": false, "rss": false, "ltvRatio": false, "debtToIncomeRatio": false, "seconds": false, "sizeMB": false, "SecuredUPB": true, "monthly_tax_payment": true, "bytesPerLine": false,
	} {
		if got := soundsLikeMoney(name); got != want {
			t.Errorf("%s: got %v, want %v", name, got, want)
		}
	}
}

// floatMoney lists, as file:line: what, the float64 money under root.
func floatMoney(t *testing.T, root string) []string {
	t.Helper()
	fset := token.NewFileSet()
	pkgs := map[string][]*ast.File{} // by folder and package name
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != root && (name == "testdata" || name == "node_modules" || strings.HasPrefix(name, ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		if ast.IsGenerated(f) {
			return nil
		}
		key := filepath.Dir(path) + " " + f.Name.Name
		pkgs[key] = append(pkgs[key], f)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) < 10 {
		t.Fatalf("found %d packages under %s: not the server tree", len(pkgs), root)
	}

	std := importer.ForCompiler(fset, "gc", nil)
	imp := importerFunc(func(path string) (*types.Package, error) {
		if first, _, _ := strings.Cut(path, "/"); !strings.Contains(first, ".") {
			if p, err := std.Import(path); err == nil {
				return p, nil
			}
		}
		// Another module's or this one's package: known by name only, so
		// what comes from it has no type (and is not reported).
		name := filepath.Base(path)
		if strings.HasPrefix(name, "v") && strings.Trim(name[1:], "0123456789") == "" {
			name = filepath.Base(filepath.Dir(path))
		}
		p := types.NewPackage(path, name)
		p.MarkComplete()
		return p, nil
	})

	var found []token.Position
	whats := map[token.Position]string{}
	report := func(pos token.Pos, what string) {
		p := fset.Position(pos)
		found = append(found, p)
		whats[p] = what
	}
	keys := make([]string, 0, len(pkgs))
	for k := range pkgs {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		files := pkgs[k]
		info := &types.Info{Defs: map[*ast.Ident]types.Object{}, Types: map[ast.Expr]types.TypeAndValue{}}
		conf := types.Config{Importer: imp, Error: func(error) {}} // unknown names are expected
		conf.Check(strings.Fields(k)[1], fset, files, info)

		for id, obj := range info.Defs {
			v, ok := obj.(*types.Var)
			if !ok || id.Name == "_" || !holdsFloat(v.Type()) || !soundsLikeMoney(id.Name) {
				continue
			}
			kind := "variable"
			switch {
			case v.IsField():
				kind = "field"
			case isParam(files, id):
				kind = "parameter"
			}
			report(id.Pos(), kind+" "+id.Name+" "+types.TypeString(v.Type(), nil))
		}
		// float64(x) of money: a conversion to a float, whatever x is.
		for _, f := range files {
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok || len(call.Args) != 1 {
					return true
				}
				if fn, ok := call.Fun.(*ast.Ident); ok && fn.Name == "float64" {
					if name := lastName(call.Args[0]); name != "" && soundsLikeMoney(name) {
						report(call.Pos(), "float64("+name+")")
					}
				}
				return true
			})
		}
	}
	slices.SortFunc(found, func(a, b token.Position) int {
		return cmp.Or(strings.Compare(a.Filename, b.Filename), a.Line-b.Line, a.Column-b.Column)
	})
	out := make([]string, len(found))
	for i, p := range found {
		rel, err := filepath.Rel(root, p.Filename)
		if err != nil {
			rel = p.Filename
		}
		out[i] = fmt.Sprintf("server/%s:%d: %s", filepath.ToSlash(rel), p.Line, whats[p])
	}
	return out
}

type importerFunc func(string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// holdsFloat reports whether t is float64 or holds one directly: a pointer
// to one, a slice, array or map of them.
func holdsFloat(t types.Type) bool {
	switch u := types.Unalias(t).(type) {
	case *types.Basic:
		return u.Kind() == types.Float64 || u.Kind() == types.Float32 || u.Kind() == types.UntypedFloat
	case *types.Pointer:
		return holdsFloat(u.Elem())
	case *types.Slice:
		return holdsFloat(u.Elem())
	case *types.Array:
		return holdsFloat(u.Elem())
	case *types.Map:
		return holdsFloat(u.Elem())
	case *types.Named:
		if b, ok := u.Underlying().(*types.Basic); ok {
			return b.Kind() == types.Float64 || b.Kind() == types.Float32
		}
	}
	return false
}

// isParam reports whether id names a parameter or result of a function.
func isParam(files []*ast.File, id *ast.Ident) bool {
	found := false
	for _, f := range files {
		if f.Pos() > id.Pos() || id.Pos() > f.End() {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			ft, ok := n.(*ast.FuncType)
			if !ok || found {
				return !found
			}
			for _, l := range []*ast.FieldList{ft.Params, ft.Results} {
				if l == nil {
					continue
				}
				for _, fld := range l.List {
					if slices.Contains(fld.Names, id) {
						found = true
					}
				}
			}
			return true
		})
	}
	return found
}

// lastName is the name an expression ends in: l.Balance → Balance,
// *a.PropertyValue → PropertyValue, total → total.
func lastName(e ast.Expr) string {
	switch x := e.(type) {
	case *ast.Ident:
		return x.Name
	case *ast.SelectorExpr:
		return x.Sel.Name
	case *ast.StarExpr:
		return lastName(x.X)
	case *ast.ParenExpr:
		return lastName(x.X)
	case *ast.IndexExpr:
		return lastName(x.X)
	}
	return ""
}
