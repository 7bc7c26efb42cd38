package policy

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"

	"github.com/heloc/heloc/server/domain"
)

// Replay decides a stored decision's input again under this revision, with
// Decide as every other caller does, and lists how today's result differs
// from the stored one, field by field (Diff). It returns today's result too.
func (e *Engine) Replay(ctx context.Context, entrypoint string, input, result json.RawMessage) ([]domain.DecisionChange, json.RawMessage, error) {
	var in, was any
	if err := unmarshalNumbers(input, &in); err != nil {
		return nil, nil, fmt.Errorf("policy: replay %s: input: %w", entrypoint, err)
	}
	if err := unmarshalNumbers(result, &was); err != nil {
		return nil, nil, fmt.Errorf("policy: replay %s: result: %w", entrypoint, err)
	}
	out, err := e.Decide(ctx, entrypoint, in)
	if err != nil {
		return nil, nil, err
	}
	// A remembered entrypoint answers with its JSON encoding; every answer
	// is compared as the JSON it was stored as.
	now, err := json.Marshal(out)
	if err != nil {
		return nil, nil, fmt.Errorf("policy: replay %s: %w", entrypoint, err)
	}
	var is any
	if err := unmarshalNumbers(now, &is); err != nil {
		return nil, nil, fmt.Errorf("policy: replay %s: %w", entrypoint, err)
	}
	return Diff(was, is), now, nil
}

// Diff lists where two JSON values (decoded with json.Number) differ: the
// fields of objects one by one, the items of lists of the same length one
// by one, and anything else (a list that grew or shrank, a value that
// changed type) as a whole. The root itself has the path "".
func Diff(old, new any) []domain.DecisionChange {
	return diff("", old, new, nil)
}

func diff(at string, a, b any, out []domain.DecisionChange) []domain.DecisionChange {
	am, aok := a.(map[string]any)
	bm, bok := b.(map[string]any)
	if aok && bok {
		keys := slices.Sorted(maps.Keys(am))
		for k := range bm {
			if _, ok := am[k]; !ok {
				keys = append(keys, k)
			}
		}
		slices.Sort(keys)
		for _, k := range keys {
			av, ain := am[k]
			bv, bin := bm[k]
			switch {
			case !ain:
				out = append(out, domain.DecisionChange{Path: joinPath(at, k), New: encode(bv)})
			case !bin:
				out = append(out, domain.DecisionChange{Path: joinPath(at, k), Old: encode(av)})
			default:
				out = diff(joinPath(at, k), av, bv, out)
			}
		}
		return out
	}
	al, aok := a.([]any)
	bl, bok := b.([]any)
	if aok && bok && len(al) == len(bl) {
		for i := range al {
			out = diff(at+"["+strconv.Itoa(i)+"]", al[i], bl[i], out)
		}
		return out
	}
	ae, be := encode(a), encode(b)
	if string(ae) == string(be) {
		return out
	}
	return append(out, domain.DecisionChange{Path: at, Old: ae, New: be})
}

// encode is v's JSON; a decoded JSON value always encodes.
func encode(v any) json.RawMessage {
	b, _ := json.Marshal(v)
	return b
}

// Replay decides a stored decision again under the revision served now and
// names that revision (see Engine.Replay).
func (l *Live) Replay(ctx context.Context, entrypoint string, input, result json.RawMessage) ([]domain.DecisionChange, json.RawMessage, string, error) {
	e := l.current.Load()
	changes, now, err := e.Replay(ctx, entrypoint, input, result)
	return changes, now, e.Revision(), err
}

// Explain explains result under the revision served now and names that
// revision (see Engine.Explain).
func (l *Live) Explain(entrypoint string, result json.RawMessage) (domain.Explanation, string, error) {
	e := l.current.Load()
	x, err := e.Explain(entrypoint, result)
	return x, e.Revision(), err
}

// PackageTitle is the served revision's title of entrypoint's package.
func (l *Live) PackageTitle(entrypoint string) string {
	return l.current.Load().PackageTitle(entrypoint)
}

// ExplainOf explains result by the rules of revision, the one that decided
// it (EngineOf: loaded from its stored source), and names it; when that
// revision's source is not stored, by the revision served now, named.
func (l *Live) ExplainOf(ctx context.Context, revision, entrypoint string, result json.RawMessage) (domain.Explanation, string, error) {
	e, err := l.EngineOf(ctx, revision)
	if domain.ErrorCode(err) == domain.ENOTFOUND {
		e, err = l.current.Load(), nil
	}
	if err != nil {
		return domain.Explanation{}, "", err
	}
	x, err := e.Explain(entrypoint, result)
	return x, e.Revision(), err
}

// ReplayOf decides a stored decision again under the rules of revision, the
// one that decided it (see Engine.Replay): no change is what an auditor
// expects. ENOTFOUND when that revision's source is not stored.
func (l *Live) ReplayOf(ctx context.Context, revision, entrypoint string, input, result json.RawMessage) ([]domain.DecisionChange, error) {
	e, err := l.EngineOf(ctx, revision)
	if err != nil {
		return nil, err
	}
	changes, _, err := e.Replay(ctx, entrypoint, input, result)
	return changes, err
}
