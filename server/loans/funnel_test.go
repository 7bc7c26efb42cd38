package loans

import (
	"context"
	"testing"

	"github.com/heloc/heloc/server/domain"
)

// countingPolicy answers heloc.funnel.order from its revision and counts
// the decisions taken.
type countingPolicy struct {
	revision  string
	decisions int
}

func (p *countingPolicy) Decide(ctx context.Context, entrypoint string, input any) (any, error) {
	v, _, err := p.DecideAt(ctx, entrypoint, input)
	return v, err
}

func (p *countingPolicy) DecideAt(_ context.Context, _ string, _ any) (any, string, error) {
	p.decisions++
	if p.revision == "r1" {
		return map[string]any{"propertyValue": 1, "zip": 6}, p.revision, nil
	}
	return map[string]any{"propertyValue": 1, "zip": 7}, p.revision, nil
}

func (p *countingPolicy) Revision() string { return p.revision }

// A save asks the funnel's order of the policy once per revision: the same
// answer is not decided again, and a new revision's is.
func TestFunnelOrderIsDecidedOncePerRevision(t *testing.T) {
	p := &countingPolicy{revision: "r1"}
	s := New(nil, p, nil, "", nil)
	for range 3 {
		order, err := s.FunnelOrder(context.Background())
		if err != nil || order["zip"] != 6 {
			t.Fatalf("revision r1: got %v, %v; want zip 6", order, err)
		}
	}
	if p.decisions != 1 {
		t.Errorf("got %d decisions for three saves under one revision, want 1", p.decisions)
	}
	p.revision = "r2"
	if order, err := s.FunnelOrder(context.Background()); err != nil || order["zip"] != 7 {
		t.Fatalf("after the policies changed: got %v, %v; want the new revision's zip 7", order, err)
	}
	if p.decisions != 2 {
		t.Errorf("got %d decisions after a new revision, want 2", p.decisions)
	}
}

// Advance moves a status forward along the order, never back, and sets a
// status the order does not know.
func TestAdvanceMovesForwardOnly(t *testing.T) {
	order := map[string]float64{"previewOffer": 11, "application": 12, "application3": 13}
	for _, tt := range []struct{ from, step, want string }{
		{"previewOffer", "application", "application"},
		{"application3", "application", "application3"},
		{"application", "", "application"},
		{"application", "notAStep", "application"},
		{"", "application", "application"},
	} {
		l := &domain.Loan{ApplicationStatus: tt.from}
		Advance(l, tt.step, order)
		if l.ApplicationStatus != tt.want {
			t.Errorf("from %q saving %q: got %q, want %q", tt.from, tt.step, l.ApplicationStatus, tt.want)
		}
	}
}
