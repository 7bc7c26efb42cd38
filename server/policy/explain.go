package policy

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/open-policy-agent/opa/v1/ast"

	"github.com/heloc/heloc/server/domain"
)

// explainIndex is what a revision's rules say of themselves, read once at
// load: every rule's METADATA by the reason code it gives (custom.code), each
// package's title, and every table row that has an id. It is the one place
// that maps a decision's reasons and row ids back to the rules and tables
// behind them (Explain).
type explainIndex struct {
	rules    map[string][]domain.PolicyRule // by code, sorted by package
	packages map[string]string              // package -> its METADATA title
	rows     map[string][]domain.TableRow   // by id, sorted by table
}

// newExplainIndex reads the METADATA of modules (parsed with their
// annotations) and the rows of docs, the data document before the store
// takes it.
func newExplainIndex(modules map[string]*ast.Module, docs map[string]any) (*explainIndex, error) {
	x := &explainIndex{rules: map[string][]domain.PolicyRule{}, packages: map[string]string{}, rows: map[string][]domain.TableRow{}}
	for _, name := range slices.Sorted(maps.Keys(modules)) {
		m := modules[name]
		pkg := strings.TrimPrefix(m.Package.Path.String(), "data.")
		for _, a := range m.Annotations {
			if (a.Scope == "package" || a.Scope == "subpackages") && a.Title != "" && x.packages[pkg] == "" {
				x.packages[pkg] = a.Title
			}
			code, ok := a.Custom["code"].(string)
			if !ok || a.Scope != "rule" && a.Scope != "document" {
				continue
			}
			source, _ := a.Custom["source"].(string)
			loc := name
			if a.Location != nil {
				loc = fmt.Sprintf("%s:%d", name, a.Location.Row)
			}
			x.rules[code] = append(x.rules[code], domain.PolicyRule{
				Package: pkg, Code: code, Title: a.Title, Description: strings.TrimSpace(a.Description),
				Source: strings.TrimSpace(source), Location: loc,
			})
		}
	}
	for code, rules := range x.rules {
		slices.SortStableFunc(rules, func(a, b domain.PolicyRule) int { return strings.Compare(a.Package, b.Package) })
		x.rules[code] = rules
	}
	if err := x.addRows("", docs); err != nil {
		return nil, err
	}
	for id, rows := range x.rows {
		slices.SortFunc(rows, func(a, b domain.TableRow) int { return strings.Compare(a.Table, b.Table) })
		x.rows[id] = rows
	}
	return x, nil
}

// addRows indexes every object under v that has a string id, as a row of
// the table at its path.
func (x *explainIndex) addRows(at string, v any) error {
	switch t := v.(type) {
	case map[string]any:
		if id, ok := t["id"].(string); ok && id != "" && at != "" {
			b, err := json.Marshal(t)
			if err != nil {
				return fmt.Errorf("table row %s: %w", at, err)
			}
			x.rows[id] = append(x.rows[id], domain.TableRow{ID: id, Table: at, Values: b})
		}
		for k, val := range t {
			if err := x.addRows(joinPath(at, k), val); err != nil {
				return err
			}
		}
	case []any:
		for i, val := range t {
			if err := x.addRows(at+"["+strconv.Itoa(i)+"]", val); err != nil {
				return err
			}
		}
	}
	return nil
}

// rule is the METADATA of the rule giving code, preferring one of pkg (an
// offer's refusal repeats eligibility's reasons, whose rules live there).
func (x *explainIndex) rule(pkg, code string) *domain.PolicyRule {
	rules := x.rules[code]
	for i := range rules {
		if rules[i].Package == pkg {
			r := rules[i]
			return &r
		}
	}
	if len(rules) == 0 {
		return nil
	}
	r := rules[0]
	return &r
}

// row is the table row with id, preferring one of pkg's tables.
func (x *explainIndex) row(pkg, id string) *domain.TableRow {
	rows := x.rows[id]
	for i := range rows {
		if strings.HasPrefix(rows[i].Table, pkg+".") {
			r := rows[i]
			return &r
		}
	}
	if len(rows) == 0 {
		return nil
	}
	r := rows[0]
	return &r
}

// Explain says which rules and table rows of this revision made result,
// a decision of entrypoint: each reason ({code, message, rule?}) found
// anywhere in result with its rule's METADATA and the row its "rule" field
// names, and every other row the result names in a field called rule, or
// ending in Rule or Row (cltvRule, primeRateRule, pricingRow). A code or
// id this revision does not know is given without its rule or row.
func (e *Engine) Explain(entrypoint string, result json.RawMessage) (domain.Explanation, error) {
	var v any
	if err := unmarshalNumbers(result, &v); err != nil {
		return domain.Explanation{}, fmt.Errorf("policy: explain %s: %w", entrypoint, err)
	}
	pkg := packageOf(entrypoint)
	out := domain.Explanation{Reasons: []domain.ExplainedReason{}, Rows: []domain.ReferencedRow{}}
	seen := map[string]bool{}
	var walk func(at string, v any)
	walk = func(at string, v any) {
		switch t := v.(type) {
		case map[string]any:
			if code, ok := t["code"].(string); ok {
				msg, _ := t["message"].(string)
				rowID, _ := t["rule"].(string)
				if key := code + "\x00" + msg + "\x00" + rowID; !seen[key] {
					seen[key] = true
					r := domain.ExplainedReason{Code: code, Message: msg, Rule: e.explain.rule(pkg, code)}
					if rowID != "" {
						r.Row = e.explain.row(pkg, rowID)
					}
					out.Reasons = append(out.Reasons, r)
				}
				return
			}
			for _, k := range slices.Sorted(maps.Keys(t)) {
				id, ok := t[k].(string)
				if ok && (k == "rule" || strings.HasSuffix(k, "Rule") || strings.HasSuffix(k, "Row")) {
					if row := e.explain.row(pkg, id); row != nil {
						out.Rows = append(out.Rows, domain.ReferencedRow{Field: joinPath(at, k), Row: *row})
					}
					continue
				}
				walk(joinPath(at, k), t[k])
			}
		case []any:
			for i, val := range t {
				walk(at+"["+strconv.Itoa(i)+"]", val)
			}
		}
	}
	walk("", v)
	return out, nil
}

// PackageTitle is the METADATA title of the package of entrypoint
// (heloc.documents.requirements -> "Required and missing documents"), or ""
// when its package has none.
func (e *Engine) PackageTitle(entrypoint string) string {
	return e.explain.packages[packageOf(entrypoint)]
}

// packageOf is the package of an entrypoint, without "data.".
func packageOf(entrypoint string) string {
	name := strings.TrimPrefix(entrypoint, "data.")
	if i := strings.LastIndex(name, "."); i >= 0 {
		return name[:i]
	}
	return name
}

func joinPath(at, key string) string {
	if at == "" {
		return key
	}
	return at + "." + key
}

// unmarshalNumbers decodes JSON keeping numbers as json.Number, as Decide
// gives them, so that no amount is rounded through a float.
func unmarshalNumbers(b []byte, v any) error {
	dec := json.NewDecoder(strings.NewReader(string(b)))
	dec.UseNumber()
	return dec.Decode(v)
}
