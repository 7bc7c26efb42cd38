package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net/mail"
	"slices"
	"strings"
	"time"

	"github.com/heloc/heloc/schemas"
	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/impact"
	"github.com/heloc/heloc/server/policy"
	"github.com/heloc/heloc/server/schema"
	"github.com/heloc/heloc/server/store"
)

// Publishing a revision (issue 24 item 3): `heloc policy publish` runs
// every check the build runs on the rules, stores their source with who
// published them, why, from when, the checks' result and the impact
// against the revision in force, and every server makes the revision live
// at its effective time (policy.Live.Follow polls the store). `heloc
// policy rollback` makes an earlier revision live again the same way, and
// `heloc policy revisions` lists them.

// checkResult is what policyChecks found: the Rego tests' counts, and the
// style and table problems, each a line naming its file. Stored with each
// revision as its checks.
type checkResult struct {
	Passed  bool     `json:"passed"`
	Tests   int      `json:"tests"`
	Failed  int      `json:"failed"`
	Errored int      `json:"errored"`
	Style   []string `json:"style"`
	Tables  []string `json:"tables"`
}

// err is nil when every check passed, else the line that says how many
// failed.
func (r *checkResult) err() error {
	if r.Passed {
		return nil
	}
	return fmt.Errorf("policy tests failed: %d failed, %d errored, %d style problems, %d table problems", r.Failed, r.Errored, len(r.Style), len(r.Tables))
}

// policyChecks runs every check the build runs on a policy tree: the Rego
// tests, the policies as `opa fmt` and `opa check --strict` would have
// them, and every table against its CUE definition (CheckTables, with
// whatever table checks it holds). It prints one readable report of them
// to w. An error is a tree that could not be checked at all (a policy that
// does not parse or compile).
func policyChecks(ctx context.Context, rules fs.FS, w io.Writer) (*checkResult, error) {
	report, err := policy.RunTests(ctx, rules)
	if err != nil {
		return nil, err
	}
	fmt.Fprint(w, report.String())
	style, err := policy.Check(ctx, rules)
	if err != nil {
		return nil, err
	}
	printProblems(w, "STYLE", "style: every policy is as `opa fmt` writes it and passes `opa check --strict`", style)
	set, err := schema.Load(schemas.FS)
	if err != nil {
		return nil, err
	}
	problems, err := set.CheckTables(rules)
	if err != nil {
		return nil, err
	}
	printProblems(w, "TABLE", "tables: every table matches its CUE definition", problems)
	r := &checkResult{Tests: len(report.Results), Failed: report.Failures, Errored: report.Errors, Style: []string{}, Tables: []string{}}
	r.Style = append(r.Style, style...)
	for _, p := range problems {
		r.Tables = append(r.Tables, fmt.Sprint(p))
	}
	r.Passed = !report.Failed() && len(r.Style) == 0 && len(r.Tables) == 0
	return r, nil
}

// reloadChecks are the checks policyChecks runs besides the Rego tests
// (which a reload runs itself): the style of the policies and the tables
// against their CUE definitions and hit policies. A RULES_DIR reload that
// fails one is not served, and the error names each problem.
func reloadChecks(ctx context.Context, rules fs.FS) error {
	style, err := policy.Check(ctx, rules)
	if err != nil {
		return err
	}
	set, err := schema.Load(schemas.FS)
	if err != nil {
		return err
	}
	tables, err := set.CheckTables(rules)
	if err != nil {
		return err
	}
	problems := style
	for _, p := range tables {
		problems = append(problems, fmt.Sprint(p))
	}
	if len(problems) > 0 {
		return fmt.Errorf("%d style and table problems: %s", len(problems), strings.Join(problems, "; "))
	}
	return nil
}

// publishArgs are publish's and rollback's arguments.
type publishArgs struct {
	target    string // publish: the rules' folder; rollback: the revision (its hash or a prefix)
	author    string
	reason    string
	effective time.Time // zero: now
}

const publishUsage = "usage: heloc policy publish RULES_DIR --author EMAIL --reason TEXT [--effective YYYY-MM-DD] | " +
	"rollback REVISION --author EMAIL --reason TEXT | revisions"

// parsePublishArgs reads TARGET --author EMAIL --reason TEXT [--effective
// YYYY-MM-DD] (effective only when allowed), in any order; today is the
// first day --effective may name (UTC).
func parsePublishArgs(cmd string, args []string, effective bool, today time.Time) (publishArgs, error) {
	var out publishArgs
	value := func(flag string, i int) (string, error) {
		if i >= len(args) || strings.HasPrefix(args[i], "--") {
			return "", fmt.Errorf("policy %s: %s needs a value\n%s", cmd, flag, publishUsage)
		}
		return args[i], nil
	}
	for i := 0; i < len(args); i++ {
		var err error
		switch a := args[i]; {
		case a == "--author":
			i++
			out.author, err = value(a, i)
		case a == "--reason":
			i++
			out.reason, err = value(a, i)
		case a == "--effective" && effective:
			i++
			var day string
			if day, err = value(a, i); err == nil {
				if out.effective, err = time.Parse(time.DateOnly, day); err != nil {
					err = fmt.Errorf("policy %s: --effective %q is not a day, YYYY-MM-DD", cmd, day)
				}
			}
		case strings.HasPrefix(a, "-") || out.target != "":
			return out, fmt.Errorf("policy %s: unexpected %q\n%s", cmd, a, publishUsage)
		default:
			out.target = a
		}
		if err != nil {
			return out, err
		}
	}
	var problems []string
	if out.target == "" {
		problems = append(problems, map[bool]string{true: "name the rules' folder", false: "name the revision"}[cmd == "publish"])
	}
	if addr, err := mail.ParseAddress(out.author); err != nil || addr.Address != out.author {
		problems = append(problems, "--author must be the publisher's e-mail address")
	}
	out.reason = strings.TrimSpace(out.reason)
	if out.reason == "" {
		problems = append(problems, "--reason must say why")
	} else if len(out.reason) > 2000 {
		problems = append(problems, "--reason must be at most 2000 characters")
	}
	if !out.effective.IsZero() && out.effective.Before(today.UTC().Truncate(24*time.Hour)) {
		problems = append(problems, "--effective is in the past")
	}
	if len(problems) > 0 {
		return out, fmt.Errorf("policy %s: %s\n%s", cmd, strings.Join(problems, "; "), publishUsage)
	}
	return out, nil
}

// servePolicies loads the policies a server serves (the embedded ones, or
// RULES_DIR's), records their source, and follows the revision published
// in force (policy.Live.Follow, every cfg.PolicyPoll): the server swaps to
// a published revision at its effective time without a restart. With
// RULES_DIR it also watches that folder (development).
func servePolicies(ctx context.Context, cfg config, db *store.DB, log *slog.Logger) (*policy.Live, error) {
	rules := rulesFS(cfg.RulesDir)
	engine, err := policy.Load(ctx, rules)
	if err != nil {
		return nil, err
	}
	if err := checkFunnelVariant(ctx, engine, cfg.FunnelVariant); err != nil {
		return nil, err
	}
	live := policy.NewLive(engine, log)
	// Every revision served has its source stored, so its decisions are
	// explained by their own rules.
	if err := live.Keep(ctx, db, rules); err != nil {
		return nil, err
	}
	if err := live.Follow(ctx, db, cfg.PolicyPoll, nil); err != nil {
		return nil, err
	}
	if cfg.RulesDir != "" {
		live.CheckReloadsWith(reloadChecks)
		if err := live.Watch(ctx, cfg.RulesDir, 300*time.Millisecond); err != nil {
			return nil, err
		}
	}
	return live, nil
}

// policyStore is the command's database (server/store.DB).
type policyStore interface {
	policy.Published
	impact.Source
	PublishPolicyRevision(ctx context.Context, r *domain.PolicyRevision, source []byte) error
	PolicySourceRevisions(ctx context.Context, prefix string) ([]string, error)
	ListPolicyRevisions(ctx context.Context) ([]*domain.PolicyRevision, error)
}

// inForce is the engine of the revision in force now, and the publish that
// made it so (nil: none was, and the rules the server starts with, base,
// serve; their source is stored, so they can be rolled back to).
func inForce(ctx context.Context, db policyStore, base fs.FS) (*policy.Engine, *domain.PolicyRevision, error) {
	source, rev, err := policy.Pack(base)
	if err != nil {
		return nil, nil, err
	}
	if err := db.SavePolicySource(ctx, rev, source); err != nil {
		return nil, nil, err
	}
	r, err := db.PolicyRevisionInForce(ctx, time.Now())
	if err != nil {
		return nil, nil, err
	}
	if r != nil {
		rev = r.Revision
		if source, err = db.PolicySource(ctx, rev); err != nil {
			return nil, nil, err
		}
	}
	fsys, err := policy.Unpack(source)
	if err != nil {
		return nil, nil, err
	}
	e, err := policy.Load(ctx, fsys)
	if err != nil {
		return nil, nil, fmt.Errorf("the revision in force, %.12s: %w", rev, err)
	}
	return e, r, nil
}

// policyPublish checks the rules of args.target and, when every check
// passes, publishes them: their source, args' author, reason and effective
// day, the checks' result and the impact against the revision in force
// (base's rules when none was published). The checks' report is printed to
// w either way; a failing check refuses the revision.
func policyPublish(ctx context.Context, db policyStore, base fs.FS, args publishArgs, w io.Writer) (*domain.PolicyRevision, error) {
	source, rev, err := policy.Pack(policy.Dir(args.target))
	if err != nil {
		return nil, fmt.Errorf("policy publish: %w", err)
	}
	return publishSource(ctx, db, base, domain.PolicyPublish, source, rev, args, w)
}

// policyRollback makes the stored revision args.target (its hash, or the
// start of it) live again, as a new entry checked and published as
// policyPublish does, pointing at the stored source.
func policyRollback(ctx context.Context, db policyStore, base fs.FS, args publishArgs, w io.Writer) (*domain.PolicyRevision, error) {
	if len(args.target) < 8 {
		return nil, errors.New("policy rollback: name the revision by at least its first 8 characters")
	}
	// Recorded before the look-up, so the embedded rules can be rolled back to.
	if _, _, err := inForce(ctx, db, base); err != nil {
		return nil, err
	}
	revs, err := db.PolicySourceRevisions(ctx, strings.ToLower(args.target))
	if err != nil {
		return nil, err
	}
	switch {
	case len(revs) == 0:
		return nil, fmt.Errorf("policy rollback: no stored revision starts with %q (heloc policy revisions lists them)", args.target)
	case len(revs) > 1:
		return nil, fmt.Errorf("policy rollback: %q names several revisions (%s); give more of the hash", args.target, strings.Join(revs, ", "))
	}
	source, err := db.PolicySource(ctx, revs[0])
	if err != nil {
		return nil, err
	}
	return publishSource(ctx, db, base, domain.PolicyRollback, nil, revs[0], args, w, source)
}

// publishSource checks source (the revision rev packed) and publishes it
// as action. stored, when given, is the source already stored (rollback):
// it is checked, not stored again.
func publishSource(ctx context.Context, db policyStore, base fs.FS, action string, source []byte, rev string, args publishArgs, w io.Writer, stored ...[]byte) (*domain.PolicyRevision, error) {
	checked := source
	if len(stored) > 0 {
		checked = stored[0]
	}
	fsys, err := policy.Unpack(checked)
	if err != nil {
		return nil, err
	}
	// The bytes checked are the bytes stored.
	checks, err := policyChecks(ctx, fsys, w)
	if err != nil {
		return nil, fmt.Errorf("policy %s: revision %.12s refused: %w", action, rev, err)
	}
	if err := checks.err(); err != nil {
		return nil, fmt.Errorf("policy %s: revision %.12s refused: %w", action, rev, err)
	}
	baseline, current, err := inForce(ctx, db, base)
	if err != nil {
		return nil, err
	}
	if baseline.Revision() == rev && args.effective.IsZero() {
		return nil, fmt.Errorf("policy %s: revision %.12s is the one in force already", action, rev)
	}
	proposed, err := policy.Load(ctx, fsys)
	if err != nil {
		return nil, fmt.Errorf("policy %s: %w", action, err)
	}
	report, err := impact.Compare(ctx, db, baseline, proposed, impact.Options{})
	if err != nil {
		return nil, fmt.Errorf("policy %s: impact: %w", action, err)
	}
	summary, err := impactSummary(report)
	if err != nil {
		return nil, err
	}
	checksJSON, err := json.Marshal(checks)
	if err != nil {
		return nil, err
	}
	r := &domain.PolicyRevision{Revision: rev, Action: action, Author: args.author, Reason: args.reason,
		EffectiveAt: args.effective, Baseline: baseline.Revision(), Checks: checksJSON, Impact: summary}
	if err := db.PublishPolicyRevision(ctx, r, source); err != nil {
		return nil, err
	}
	verb := map[string]string{domain.PolicyPublish: "published", domain.PolicyRollback: "rolled back to"}[action]
	fmt.Fprintf(w, "\n%s revision %.12s by %s, live from %s (every server within its POLICY_POLL_INTERVAL)\n",
		verb, rev, r.Author, r.EffectiveAt.Format("2006-01-02 15:04 MST"))
	was := "the embedded rules"
	if current != nil {
		was = "the revision published " + current.PublishedAt.Format(time.DateOnly) + " by " + current.Author
	}
	fmt.Fprintf(w, "impact against %.12s (%s): %s\n", baseline.Revision(), was, impactLine(r.Impact))
	return r, nil
}

// impactSummary is the report a revision is stored with: each
// entrypoint's counts and fair-lending view, without the split by state.
func impactSummary(report *impact.Report) (json.RawMessage, error) {
	for _, e := range report.Entrypoints {
		e.ByState = nil
	}
	return json.Marshal(report)
}

// impactLine says a stored impact summary in a line: each entrypoint's
// decisions compared and changed, and eligibility's flips.
func impactLine(summary json.RawMessage) string {
	var r impact.Report
	if json.Unmarshal(summary, &r) != nil || len(r.Entrypoints) == 0 {
		return "no stored decisions compared"
	}
	var parts []string
	for _, name := range slices.Sorted(func(yield func(string) bool) {
		for k := range r.Entrypoints {
			if !yield(k) {
				return
			}
		}
	}) {
		e := r.Entrypoints[name]
		s := fmt.Sprintf("%s %d compared, %d changed", strings.TrimPrefix(name, "heloc."), e.Compared, e.Changed)
		if e.Flips != nil && (e.EligibleToIneligible > 0 || e.IneligibleToEligible > 0) {
			s += fmt.Sprintf(" (%d eligible to ineligible, %d ineligible to eligible)", e.EligibleToIneligible, e.IneligibleToEligible)
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, "; ")
}

// policyRevisions lists every publish and rollback, newest first, and
// marks the one in force.
func policyRevisions(ctx context.Context, db policyStore, w io.Writer) error {
	list, err := db.ListPolicyRevisions(ctx)
	if err != nil {
		return err
	}
	if len(list) == 0 {
		fmt.Fprintln(w, "no revision published: the embedded rules are in force")
		return nil
	}
	now, err := db.PolicyRevisionInForce(ctx, time.Now())
	if err != nil {
		return err
	}
	for _, r := range list {
		mark := ""
		switch {
		case now != nil && r.ID == now.ID:
			mark = "  (in force)"
		case r.EffectiveAt.After(time.Now()):
			mark = "  (scheduled)"
		}
		fmt.Fprintf(w, "%.12s  %s by %s at %s, effective %s%s\n", r.Revision, r.Action, r.Author,
			r.PublishedAt.Format("2006-01-02 15:04 MST"), r.EffectiveAt.Format("2006-01-02 15:04 MST"), mark)
		fmt.Fprintf(w, "    why: %s\n    impact against %.12s: %s\n", r.Reason, r.Baseline, impactLine(r.Impact))
	}
	return nil
}

// policyPublishCommand runs publish, rollback and revisions on the
// database the server uses (DATA_DIR, DATABASE_URL), opening the sealed
// HMDA answers for the impact's fair-lending view.
func policyPublishCommand(ctx context.Context, getenv func(string) string, base fs.FS, args []string, w io.Writer) error {
	db, err := openSealedStore(ctx, getenv)
	if err != nil {
		return err
	}
	defer db.Close()
	switch args[0] {
	case "revisions":
		if len(args) != 1 {
			return errors.New(publishUsage)
		}
		return policyRevisions(ctx, db, w)
	case "publish":
		opts, err := parsePublishArgs("publish", args[1:], true, time.Now())
		if err != nil {
			return err
		}
		_, err = policyPublish(ctx, db, base, opts, w)
		return err
	case "rollback":
		opts, err := parsePublishArgs("rollback", args[1:], false, time.Now())
		if err != nil {
			return err
		}
		_, err = policyRollback(ctx, db, base, opts, w)
		return err
	}
	return errors.New(publishUsage)
}
