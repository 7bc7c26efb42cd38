package schema_test

import (
	"fmt"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/heloc/heloc/rules"
	"github.com/heloc/heloc/server/schema"
)

// rulesCopy is rules/ as a tree of its own, policies and tests included
// (the check reads the rules' reason codes), to edit.
func rulesCopy(t *testing.T) fstest.MapFS {
	t.Helper()
	out := fstest.MapFS{}
	err := fs.WalkDir(rules.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(rules.FS, p)
		out[p] = &fstest.MapFile{Data: b}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// edit replaces old, found exactly once, by new in the file name of fsys.
func edit(t *testing.T, fsys fstest.MapFS, name, old, new string) {
	t.Helper()
	f := fsys[name]
	if f == nil {
		t.Fatalf("no file %s", name)
	}
	if n := strings.Count(string(f.Data), old); n != 1 {
		t.Fatalf("%s holds %q %d times, want once", name, old, n)
	}
	f.Data = []byte(strings.Replace(string(f.Data), old, new, 1))
}

func checkTables(t *testing.T, fsys fs.FS) []schema.TableError {
	t.Helper()
	problems, err := MustLoad(t).CheckTables(fsys)
	if err != nil {
		t.Fatal(err)
	}
	return problems
}

// Every table of rules/ declares its hit policy, and its rows keep it: no
// overlap in a unique table, no gap where a table covers a range, every
// code named where it points. (TestPolicyTablesMatchTheirSchemas runs the
// same CheckTables; this says what it proved.)
func TestTheRulesTablesKeepTheirHitPolicies(t *testing.T) {
	for _, p := range checkTables(t, rules.FS) {
		t.Error(p)
	}
	names, err := fs.Glob(rules.FS, "heloc/*/tables/data.yaml")
	if err != nil || len(names) == 0 {
		t.Fatalf("got %v (%v), want rules/'s table files", names, err)
	}
	for _, name := range names {
		b, _ := fs.ReadFile(rules.FS, name)
		if !strings.Contains(string(b), "\nhitPolicies:\n") {
			t.Errorf("%s has no hitPolicies section", name)
		}
	}
}

const (
	offerTables       = "heloc/offer/tables/data.yaml"
	eligibilityTables = "heloc/eligibility/tables/data.yaml"
	documentsTables   = "heloc/documents/tables/data.yaml"
)

// A defect brought into a copy of rules/ is reported, naming the file, the
// table and the rows: what `heloc policy test` prints (server/cmd/heloc's
// policyTest runs CheckTables).
func TestADefectInATableIsReportedWithTheTableAndRows(t *testing.T) {
	tests := []struct {
		name      string
		file      string
		old, new  string
		wantFile  string // the file reported, when not file
		wantField string
		wantLine  bool
		want      []string // in the message
	}{
		{
			name: "an overlapping row in the pricing grid", file: offerTables,
			old:       "  - {id: P-660-85,",
			new:       "  - {id: P-OVERLAP, score: {min: 700, below: 730}, cltv: {above: 0.75, upTo: 0.78}, margin: 1.10}\n  - {id: P-660-85,",
			wantField: "pricing_grid", wantLine: true,
			want: []string{"P-720-80 (line ", "P-OVERLAP (line ", "overlap", "score 720 to 729", "cltv above 0.75 to 0.78"},
		},
		{
			name: "a gap in the pricing grid", file: offerTables,
			old:       "  - {id: P-680-80, score: {min: 680, below: 720}, cltv: {above: 0.70, upTo: 0.80}, margin: 2.00}\n",
			new:       "",
			wantField: "pricing_grid", wantLine: true,
			want: []string{"no row holds score 680 to 719, cltv above 0.7 to 0.8", "P-720-80", "P-660-80", "P-680-70", "P-680-85"},
		},
		{
			name: "a minimum score below the pricing grid's lowest tier", file: eligibilityTables,
			old:       "  minimum: 660\n",
			new:       "  minimum: 640\n",
			wantField: "pricing_grid", wantLine: true, wantFile: offerTables,
			want: []string{"no row holds score 640 to 659, cltv above 0 to 0.85", "P-660-70"},
		},
		{
			name: "a gap in the credit ranges", file: eligibilityTables,
			old:       "{id: RANGE-GOOD, range: good, min: 680,",
			new:       "{id: RANGE-GOOD, range: good, min: 690,",
			wantField: "credit_ranges", wantLine: true,
			want: []string{"no row holds score 680 to 689", "RANGE-GOOD (line ", "RANGE-FAIR (line ", "covers score 300 to 850"},
		},
		{
			name: "overlapping credit ranges", file: eligibilityTables,
			old:       "{id: RANGE-GOOD, range: good, min: 680, max: 739,",
			new:       "{id: RANGE-GOOD, range: good, min: 680, max: 745,",
			wantField: "credit_ranges", wantLine: true,
			want: []string{"RANGE-EXCELLENT", "RANGE-GOOD", "overlap", "score 740 to 745"},
		},
		{
			name: "an unknown document type in a trigger", file: documentsTables,
			old:       "      llc: [personalTaxReturns, businessTaxReturns, k1, bankStatements]",
			new:       "      llc: [personalTaxReturns, businessTaxReturns, k2, bankStatements]",
			wantField: "triggers.selfEmployment.byStructure", wantLine: true,
			want: []string{"llc (line ", "names k2", "data.heloc.documents.tables.types does not have"},
		},
		{
			name: "an unknown document type in a condition", file: "heloc/conditions/tables/data.yaml",
			old:       `"600": {kind: document, documentType: floodInsurance,`,
			new:       `"600": {kind: document, documentType: floodInsurence,`,
			wantField: "catalog", wantLine: true,
			want: []string{"600 (line ", "names floodInsurence at documentType", "data.heloc.documents.tables.types"},
		},
		{
			name: "an unknown reason code", file: eligibilityTables,
			old:       "settled_after_pull: [CREDIT_SCORE_BELOW_MINIMUM]",
			new:       "settled_after_pull: [CREDIT_SCORE_TOO_LOW]",
			wantField: "settled_after_pull", wantLine: true,
			want: []string{"row 1 (line ", "names CREDIT_SCORE_TOO_LOW", "no rule of heloc.eligibility gives"},
		},
		{
			name: "an unknown page", file: "heloc/submission/tables/data.yaml",
			old:       "    page: /app/application/upload\n",
			new:       "    page: /app/application/uploads\n",
			wantField: "blockers", wantLine: true,
			want: []string{"code DOCUMENTS_MISSING (line ", "names /app/application/uploads at page", "data.heloc.funnel.tables.pages.path"},
		},
		{
			name: "a missing hit-policy declaration", file: offerTables,
			old:       "  usage_margins: {hitPolicy: unique, by: [usage], covers: {usage: \"#PropertyUsage\"}}\n",
			new:       "",
			wantField: "usage_margins", wantLine: true,
			want: []string{"has no hit policy", "hitPolicies"},
		},
		{
			name: "an invalid hit policy", file: offerTables,
			old:       "  program: single\n",
			new:       "  program: singular\n",
			wantField: "hitPolicies.program.hitPolicy", wantLine: true,
			want: []string{"A hit policy is single, unique, first, collect, ruleOrder or lastEffective."},
		},
		{
			name: "an invalid hit policy in a declaration's object", file: offerTables,
			old:       "    hitPolicy: unique\n    ranges:\n      score: {from: score.min, below: score.below}\n      cltv:",
			new:       "    hitPolicy: uniqe\n    ranges:\n      score: {from: score.min, below: score.below}\n      cltv:",
			wantField: "hitPolicies.pricing_grid.hitPolicy", wantLine: true,
			want: []string{"A hit policy is single"},
		},
		{
			name: "a declaration of a table the file does not have", file: offerTables,
			old:       "  origination_fee: single\n",
			new:       "  origination_fee: single\n  origination_fees: single\n",
			wantField: "hitPolicies.origination_fees", wantLine: true,
			want: []string{"no table of this file"},
		},
		{
			name: "prime rates out of date order", file: offerTables,
			old:       "{id: PRIME-2025-10-30, rate: 7.00, effective: \"2025-10-30\"}",
			new:       "{id: PRIME-2025-10-30, rate: 7.00, effective: \"2025-09-01\"}",
			wantField: "prime_rates", wantLine: true,
			want: []string{"PRIME-2025-09-18 (line ", "PRIME-2025-10-30 (line ", "not in the order they take effect", "2025-09-01"},
		},
		{
			name: "a usage without a margin row", file: offerTables,
			old:       "  - {id: ADJ-SECOND-HOME, usage: secondHome, add: 0.50}\n",
			new:       "",
			wantField: "usage_margins", wantLine: true,
			want: []string{"no row has usage secondHome"},
		},
		{
			name: "a usage with two rows", file: eligibilityTables,
			old:       "  - {id: CLTV-INVESTMENT, usage: investment, max: 0.70}\n",
			new:       "  - {id: CLTV-INVESTMENT, usage: investment, max: 0.70}\n  - {id: CLTV-INVESTMENT-2, usage: investment, max: 0.60}\n",
			wantField: "max_cltv", wantLine: true,
			want: []string{"CLTV-INVESTMENT (line ", "CLTV-INVESTMENT-2 (line ", "the same usage, investment"},
		},
		{
			name: "two rows with one id", file: eligibilityTables,
			old:       "  id: LINE-MIN\n",
			new:       "  id: SCORE-MIN\n",
			wantField: "line", wantLine: true,
			want: []string{"share the id SCORE-MIN", "credit_score"},
		},
		{
			name: "a range that holds nothing", file: offerTables,
			old:       "{id: DTI-700, score: {min: 700, below: 740}",
			new:       "{id: DTI-700, score: {min: 740, below: 700}",
			wantField: "dti", wantLine: true,
			want: []string{"DTI-700 (line ", "holds no score", "from 740 below 700"},
		},
		{
			name: "overlapping ZIP prefixes", file: "heloc/licensing/tables/data.yaml",
			old:       `{from: "028", to: "029", state: RI}`,
			new:       `{from: "027", to: "029", state: RI}`,
			wantField: "zipPrefixes", wantLine: true,
			want: []string{"row 2 (line ", "row 3 (line ", "overlap", "prefix 27"},
		},
		{
			name: "a role granting an action twice", file: "heloc/access/tables/data.yaml",
			old:       "      - {id: PARTNER-LOANS-READ, action: loans.read, scope: assigned}\n",
			new:       "      - {id: PARTNER-LOANS-READ, action: loans.read, scope: assigned}\n      - {id: PARTNER-LOANS-READ-ALL, action: loans.read, scope: all}\n",
			wantField: "roles.partner.grants", wantLine: true,
			want: []string{"PARTNER-LOANS-READ (line ", "PARTNER-LOANS-READ-ALL (line ", "the same action, loans.read"},
		},
		{
			name: "a grant of an unknown action", file: "heloc/access/tables/data.yaml",
			old:       "      - {id: PARTNER-LOANS-READ, action: loans.read, scope: assigned}\n",
			new:       "      - {id: PARTNER-LOANS-READ, action: loans.raed, scope: assigned}\n",
			wantField: "roles.partner.grants", wantLine: true,
			want: []string{"PARTNER-LOANS-READ (line ", "names loans.raed at action", "data.heloc.access.tables.actions"},
		},
		{
			name: "a required fact without its row", file: eligibilityTables,
			old:       "  knockout: [listedForSale]\n",
			new:       "  knockout: [listedForSale, homeAge]\n",
			wantField: "required_facts", wantLine: true,
			want: []string{"knockout (line ", "names homeAge", "data.heloc.eligibility.tables.facts"},
		},
		{
			name: "a fact asked on no page", file: eligibilityTables,
			old:       "page: has-fbm}",
			new:       "page: has-fbn}",
			wantField: "facts", wantLine: true,
			want: []string{"hasFbm (line ", "names has-fbn at page", "/app/initial-setup/*"},
		},
		{
			name: "a consent version given twice", file: "heloc/consents/tables/data.yaml",
			old:       "    version: tcpa-2026-11\n",
			new:       "    version: esign-2026-11\n",
			wantField: "consents", wantLine: true,
			want: []string{"kind eConsent (line ", "kind tcpa (line ", "the same version, esign-2026-11"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fsys := rulesCopy(t)
			edit(t, fsys, tt.file, tt.old, tt.new)
			problems := checkTables(t, fsys)
			var found *schema.TableError
			for i, p := range problems {
				if p.Field == tt.wantField && containsAll(p.Message, tt.want) {
					found = &problems[i]
				}
			}
			if found == nil {
				t.Fatalf("got %s\nwant a problem at %s saying %q", list(problems), tt.wantField, tt.want)
			}
			file := tt.file
			if tt.wantFile != "" {
				file = tt.wantFile
			}
			if tt.wantLine && found.Line == 0 || found.File != file {
				t.Errorf("got %s, want the file %s and a line", found, file)
			}
			for _, p := range problems {
				if p.File != found.File {
					t.Errorf("got %s as well, want problems of %s only", p, found.File)
				}
			}
		})
	}
}

func containsAll(s string, subs []string) bool {
	for _, sub := range subs {
		if !strings.Contains(s, sub) {
			return false
		}
	}
	return true
}

func list(problems []schema.TableError) string {
	var b strings.Builder
	for _, p := range problems {
		fmt.Fprintln(&b, p)
	}
	if b.Len() == 0 {
		return "no problem"
	}
	return b.String()
}

// The declarations on their own, in a small file: each hit policy and what
// it proves.
func TestHitPolicyDeclarations(t *testing.T) {
	const head = "hitPolicies:\n"
	tests := []struct {
		name, yaml string
		want       []string // each a problem's String(), in part; none: no problem
	}{
		{"a declared single", head + "  order: single\norder: {a: 1}\n", nil},
		{"rows that are one value", head + "  order: unique\norder: 3\n", []string{
			"order: conflicting values", // CUE's
			"order: is one value, not rows: declare it single",
		}},
		{"a unique list of values given twice", head + "  variants: unique\nvariants: [standard, standard]\n",
			[]string{`variants: row 1 (line 3) and row 2 (line 3) are the same, standard`}},
		{"a collect list of values given twice", head + "  variants: collect\nvariants: [standard, standard]\n", nil},
		{"a row without its range's bounds", head + "  pages:\n    hitPolicy: first\n    ranges: {n: {from: a, to: b}}\n" +
			"pages:\n  - {path: /a, label: A, area: public}\n", []string{
			"pages: row 1 (line 6) has no a, a bound of its n range",
			"pages: row 1 (line 6) has no b, a bound of its n range",
		}},
		{"a range without its upper bound", head + "  pages:\n    hitPolicy: unique\n    ranges: {n: {from: a}}\npages: []\n",
			[]string{"hitPolicies.pages.ranges.n: A range names one lower bound column"}},
		{"a lastEffective table needs its column", head + "  pages: lastEffective\npages: []\n",
			[]string{"hitPolicies.pages.effective: field is required but not present"}},
		{"only a lastEffective table names one", head + "  pages: {hitPolicy: unique, effective: day}\npages: []\n",
			[]string{"hitPolicies.pages.effective: Only a lastEffective table names an effective column."}},
		{"a single row has no by", head + "  order: {hitPolicy: single, by: [x]}\norder: {}\n",
			[]string{"hitPolicies.order.by: A single row has no columns to find it by."}},
		{"a misspelt field", head + "  order: {hitPolicy: unique, bye: [x]}\norder: {}\n", []string{"hitPolicies.order.bye: field not allowed"}},
		{"a code pointing nowhere", head + "  order: {hitPolicy: unique, names: nowhere}\norder: {}\n",
			[]string{"hitPolicies.order.names: A code points to a table of the rules"}},
		{"a code pointing to a table that is not there", head + "  variants: {hitPolicy: unique, names: data.heloc.nowhere.tables.x}\nvariants: [standard]\n",
			[]string{"hitPolicies.variants.names: names data.heloc.nowhere.tables.x, which is no table of the rules"}},
		{"covers of a column not in by", head + "  pages: {hitPolicy: unique, covers: {area: [public]}}\npages: []\n",
			[]string{"hitPolicies.pages.covers.area: covers area, which is neither a range of ranges nor a column of by"}},
		{"a file without declarations", "order: {a: 1}\nsections: {a: A}\n",
			[]string{"order: has no hit policy", "sections: has no hit policy"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fsys := fstest.MapFS{"heloc/funnel/tables/data.yaml": {Data: []byte(tt.yaml)}}
			problems := checkTables(t, fsys)
			if len(problems) != len(tt.want) {
				t.Fatalf("got %s\nwant %d problems: %q", list(problems), len(tt.want), tt.want)
			}
			for i, want := range tt.want {
				if !strings.Contains(problems[i].String(), want) {
					t.Errorf("got %s, want %q", problems[i], want)
				}
			}
		})
	}
}

// A table's rows that must cover several ranges together (score and CLTV):
// a gap is told once, as the box no row holds, with the rows around it.
func TestAGapIsToldOnceWithTheRowsAroundIt(t *testing.T) {
	yaml := `hitPolicies:
  grid:
    hitPolicy: unique
    ranges: {s: {from: lo, below: hi}, c: {above: a, upTo: b}}
    covers: {s: {from: 0, to: 9}, c: {above: 0, upTo: 1}}
grid:
  - {id: A, lo: 0, hi: 5, a: 0, b: 0.5}
  - {id: B, lo: 5, hi: 10, a: 0, b: 0.5}
  - {id: C, lo: 0, hi: 5, a: 0.5, b: 1}
`
	// The offer tables' schema knows no grid (CUE says so); the rows are
	// checked all the same.
	fsys := fstest.MapFS{"heloc/offer/tables/data.yaml": {Data: []byte(yaml)}}
	problems := checkTables(t, fsys)
	var gaps []string
	for _, p := range problems {
		if p.Field == "grid" && strings.HasPrefix(p.Message, "no row holds") {
			gaps = append(gaps, p.Message)
		}
	}
	want := "no row holds s 5 to 9, c above 0.5 to 1 (next to rows B (line 8), C (line 9)): the table covers s 0 to 9, c above 0 to 1"
	if len(gaps) != 1 || gaps[0] != want {
		t.Fatalf("got %q\nwant [%q]", gaps, want)
	}
}

// Only a unique table's rows may not overlap: the same overlapping row in a
// grid declared first (the first row that holds decides) is no problem.
func TestOnlyAUniqueTablesRowsMayNotOverlap(t *testing.T) {
	overlap := "  - {id: P-OVERLAP, score: {min: 700, below: 730}, cltv: {above: 0.75, upTo: 0.78}, margin: 1.10}\n  - {id: P-660-85,"
	for _, policy := range []string{"first", "collect", "ruleOrder"} {
		fsys := rulesCopy(t)
		edit(t, fsys, offerTables, "  - {id: P-660-85,", overlap)
		edit(t, fsys, offerTables, "  pricing_grid:\n    hitPolicy: unique\n", "  pricing_grid:\n    hitPolicy: "+policy+"\n")
		if problems := checkTables(t, fsys); len(problems) > 0 {
			t.Errorf("%s: got %s, want none", policy, list(problems))
		}
	}
}
