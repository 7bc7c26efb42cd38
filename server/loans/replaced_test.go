package loans

import "testing"

// A rejected file asks the borrower for another while the document it was
// uploaded for still misses files, and is replaced once it misses none.
func TestMarkReplaced(t *testing.T) {
	str := func(s string) *string { return &s }
	file := func(id, typ, party, status string, side, condition *string) UploadedDocument {
		return UploadedDocument{ID: id, Type: typ, Party: party, Side: side, ConditionID: condition, Review: DocumentReviewView{Status: status}}
	}
	entry := func(typ string, missing int, condition string) RequiredDocument {
		d := RequiredDocument{Type: typ, Missing: missing}
		if condition != "" {
			d.Condition = &DocumentCondition{ID: condition}
		}
		return d
	}
	for _, tc := range []struct {
		name     string
		borrower []RequiredDocument
		uploads  []UploadedDocument
		want     map[string]*bool // by upload id; nil: not said
	}{{
		name:     "paystubs still missing: asked again",
		borrower: []RequiredDocument{entry("paystubs", 1, "")},
		uploads:  []UploadedDocument{file("a", "paystubs", "borrower", "rejected", nil, nil), file("b", "paystubs", "borrower", "accepted", nil, nil)},
		want:     map[string]*bool{"a": ptrTo(false), "b": nil},
	}, {
		name:     "paystubs missing none: replaced",
		borrower: []RequiredDocument{entry("paystubs", 0, "")},
		uploads:  []UploadedDocument{file("a", "paystubs", "borrower", "rejected", nil, nil), file("b", "paystubs", "borrower", "pending", nil, nil)},
		want:     map[string]*bool{"a": ptrTo(true), "b": nil},
	}, {
		name:     "a condition's file goes by the condition's entry, not the type's",
		borrower: []RequiredDocument{entry("mortgageStatement", 0, ""), entry("mortgageStatement", 1, "c1")},
		uploads:  []UploadedDocument{file("a", "mortgageStatement", "borrower", "rejected", nil, str("c1"))},
		want:     map[string]*bool{"a": ptrTo(false)},
	}, {
		name:     "the coborrower's file goes by the coborrower's entry",
		borrower: []RequiredDocument{entry("w2", 1, "")},
		uploads:  []UploadedDocument{file("a", "w2", "coborrower", "rejected", nil, nil)},
		want:     map[string]*bool{"a": ptrTo(true)}, // nothing asked of a coborrower here
	}, {
		name:     "an ID's rejected back, its front kept: asked again",
		borrower: []RequiredDocument{entry("idDocument", 0, "")},
		uploads: []UploadedDocument{file("f", "idDocument", "borrower", "accepted", str("front"), nil),
			file("b", "idDocument", "borrower", "rejected", str("back"), nil)},
		want: map[string]*bool{"f": nil, "b": ptrTo(false)},
	}, {
		name:     "an ID's rejected back with a new back: replaced",
		borrower: []RequiredDocument{entry("idDocument", 0, "")},
		uploads: []UploadedDocument{file("f", "idDocument", "borrower", "accepted", str("front"), nil),
			file("b", "idDocument", "borrower", "rejected", str("back"), nil), file("b2", "idDocument", "borrower", "pending", str("back"), nil)},
		want: map[string]*bool{"b": ptrTo(true)},
	}} {
		t.Run(tc.name, func(t *testing.T) {
			v := &DocumentsView{Requirements: &Requirements{Documents: RequiredDocuments{Borrower: tc.borrower}}, Uploads: tc.uploads}
			markReplaced(v)
			for _, u := range v.Uploads {
				want, ok := tc.want[u.ID]
				if !ok {
					continue
				}
				if (want == nil) != (u.Review.Replaced == nil) || (want != nil && *want != *u.Review.Replaced) {
					t.Errorf("%s: got replaced %v, want %v", u.ID, show(u.Review.Replaced), show(want))
				}
			}
		})
	}
}

func ptrTo(b bool) *bool { return &b }

func show(b *bool) string {
	if b == nil {
		return "absent"
	}
	if *b {
		return "true"
	}
	return "false"
}
