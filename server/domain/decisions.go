package domain

import "encoding/json"

// PolicyRule is what a rule's METADATA says of it (rules/, style.md Rego 7):
// the reason code it gives, its title, description and source, and where
// it is written.
type PolicyRule struct {
	// Package is the Rego package without "data." (heloc.eligibility).
	Package     string `json:"package"`
	Code        string `json:"code"`
	Title       string `json:"title"`
	Description string `json:"description"`
	// Source is the spec section, regulation or "lender practice" the rule
	// comes from.
	Source string `json:"source"`
	// Location is the rule's file and line under rules/ (heloc/eligibility/eligibility.rego:104).
	Location string `json:"location"`
}

// TableRow is a row of a policy table that carries an id, as the loaded
// tables hold it (rules/heloc/<area>/tables/data.yaml).
type TableRow struct {
	ID string `json:"id"`
	// Table is the row's table by its data path, with its index for a row of
	// a list (heloc.eligibility.tables.max_cltv[0]).
	Table string `json:"table"`
	// Values is the row as the table holds it, id included.
	Values json.RawMessage `json:"values"`
}

// Explanation says which rules and table rows made a decision's result:
// each reason of the result with its rule's METADATA and the row it names,
// and the rows the result names elsewhere (cltvRule, pricingRow, ...).
type Explanation struct {
	Reasons []ExplainedReason `json:"reasons"`
	Rows    []ReferencedRow   `json:"rows"`
}

// ExplainedReason is one reason of a result ({code, message, rule?, ...}).
type ExplainedReason struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	// Rule is nil when no rule's METADATA carries the code.
	Rule *PolicyRule `json:"rule"`
	// Row is the table row the reason names (its "rule" field), or nil.
	Row *TableRow `json:"row"`
}

// ReferencedRow is a table row a result names in a field other than a
// reason's, such as the offer's pricingRow.
type ReferencedRow struct {
	// Field is where the result names the row (cltvRule, pricingRow).
	Field string   `json:"field"`
	Row   TableRow `json:"row"`
}

// DecisionChange is one difference between a stored result and the same
// input decided again: a field by its path (reasons[0].code), its old and
// new JSON values. Old is nil when the field is new, New nil when it is gone.
type DecisionChange struct {
	Path string          `json:"path"`
	Old  json.RawMessage `json:"old,omitempty"`
	New  json.RawMessage `json:"new,omitempty"`
}

// DecisionQuery picks a page of a loan's stored decisions, newest first.
type DecisionQuery struct {
	// Entrypoint keeps only that entrypoint's decisions ("" for all).
	Entrypoint string
	// Except leaves out these entrypoints' decisions.
	Except []string
	// Before, when set, starts the page after the decision it names (the
	// last of the page before), by its time and id.
	Before *DecisionCursor
	// Limit is the page's size.
	Limit int
}

// DecisionCursor names a decision's place in a loan's history.
type DecisionCursor struct {
	CreatedAtMS int64
	ID          string
}

// EncodeAnswer is a policy answer as JSON: an answer the engine gives
// encoded already (a json.RawMessage: the answers it remembers,
// policy.Remembered) as it is, any other encoded.
func EncodeAnswer(answer any) ([]byte, error) {
	if raw, ok := answer.(json.RawMessage); ok {
		return raw, nil
	}
	return json.Marshal(answer)
}

// DecodeAnswer decodes a policy answer (decoded JSON values, or their
// encoding as EncodeAnswer gives it) into out, a typed value.
func DecodeAnswer(answer, out any) error {
	b, err := EncodeAnswer(answer)
	if err != nil {
		return err
	}
	return json.Unmarshal(b, out)
}
