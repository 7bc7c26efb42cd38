package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/impact"
	"github.com/heloc/heloc/server/policy"
	"github.com/heloc/heloc/server/store"
)

// policyCommand runs the commands compliance staff use on the policies.
func policyCommand(ctx context.Context, args []string) error {
	if len(args) == 0 {
		return errors.New(policyUsage)
	}
	rules := rulesFS(os.Getenv("RULES_DIR"))
	switch {
	case args[0] == "test":
		return policyTest(ctx, rules, os.Stdout)
	case args[0] == "eval" && len(args) == 2:
		return policyEval(ctx, rules, args[1], os.Stdin, os.Stdout)
	case args[0] == "replay" && (len(args) == 2 || len(args) == 3 && args[1] == "--all"):
		// replay DECISION_ID, replay --all, or replay --all ENTRYPOINT
		cfg, err := loadConfig(os.Getenv)
		if err != nil {
			return err
		}
		db, err := store.Open(ctx, cfg.DatabaseURL)
		if err != nil {
			return err
		}
		defer db.Close()
		engine, err := policy.Load(ctx, rules)
		if err != nil {
			return err
		}
		if args[1] == "--all" {
			return policyReplayAll(ctx, db, engine, strings.Join(args[2:], ""), os.Stdout)
		}
		return policyReplay(ctx, db, engine, args[1], os.Stdout)
	case args[0] == "impact":
		// Set here, for the process the command is, not in what the
		// tests call.
		collectLessOften(0)
		return policyImpactCommand(ctx, os.Getenv, rules, args[1:], os.Stdout)
	case args[0] == "publish" || args[0] == "rollback" || args[0] == "revisions":
		return policyPublishCommand(ctx, os.Getenv, rules, args, os.Stdout)
	}
	return errors.New(policyUsage)
}

const policyUsage = "usage: heloc policy test | eval ENTRYPOINT | replay DECISION_ID | replay --all [ENTRYPOINT] | " +
	"impact PROPOSED_RULES_DIR [--since YYYY-MM-DD] [--until YYYY-MM-DD] [--json] | " +
	"publish RULES_DIR --author EMAIL --reason TEXT [--effective YYYY-MM-DD] | rollback REVISION --author EMAIL --reason TEXT | revisions"

// impactArgs are policy impact's arguments.
type impactArgs struct {
	proposed string // the proposed rules' folder
	since    time.Time
	until    time.Time // the day after --until: the range ends with that day
	json     bool
}

// parseImpactArgs reads PROPOSED_RULES_DIR [--since YYYY-MM-DD] [--until
// YYYY-MM-DD] [--json], in any order; the days are UTC and both included.
func parseImpactArgs(args []string) (impactArgs, error) {
	var out impactArgs
	day := func(flag string, i int) (time.Time, error) {
		if i >= len(args) {
			return time.Time{}, fmt.Errorf("%s needs a day, YYYY-MM-DD", flag)
		}
		t, err := time.Parse(time.DateOnly, args[i])
		if err != nil {
			return time.Time{}, fmt.Errorf("%s %q is not a day, YYYY-MM-DD", flag, args[i])
		}
		return t, nil
	}
	for i := 0; i < len(args); i++ {
		var err error
		switch a := args[i]; {
		case a == "--json":
			out.json = true
		case a == "--since":
			i++
			out.since, err = day(a, i)
		case a == "--until":
			i++
			out.until, err = day(a, i)
			out.until = out.until.AddDate(0, 0, 1)
		case strings.HasPrefix(a, "-") || out.proposed != "":
			return out, fmt.Errorf("policy impact: unexpected %q\n%s", a, policyUsage)
		default:
			out.proposed = a
		}
		if err != nil {
			return out, fmt.Errorf("policy impact: %w", err)
		}
	}
	if out.proposed == "" {
		return out, fmt.Errorf("policy impact: name the proposed rules' folder\n%s", policyUsage)
	}
	if !out.since.IsZero() && !out.until.IsZero() && !out.since.Before(out.until) {
		return out, errors.New("policy impact: --since is after --until")
	}
	return out, nil
}

// policyImpactCommand runs `heloc policy impact ARGS` on the database the
// server uses (DATA_DIR, DATABASE_URL), opening the borrowers' sealed HMDA
// answers with the server's keyring for the fair-lending view.
func policyImpactCommand(ctx context.Context, getenv func(string) string, live fs.FS, args []string, w io.Writer) error {
	opts, err := parseImpactArgs(args)
	if err != nil {
		return err
	}
	db, err := openSealedStore(ctx, getenv)
	if err != nil {
		return err
	}
	defer db.Close()
	return policyImpact(ctx, db, live, opts, w)
}

// policyImpact compares the stored decisions in the range under the rules
// live now (live: the embedded ones, or RULES_DIR's, as the server picks
// them) and under the proposed folder's, and prints the report
// (server/impact): as JSON with --json, else as text.
func policyImpact(ctx context.Context, db *store.DB, live fs.FS, args impactArgs, w io.Writer) error {
	baseline, err := policy.Load(ctx, live)
	if err != nil {
		return fmt.Errorf("the live rules: %w", err)
	}
	proposed, err := policy.Load(ctx, policy.Dir(args.proposed))
	if err != nil {
		return fmt.Errorf("the proposed rules: %w", err)
	}
	report, err := impact.Compare(ctx, db, baseline, proposed, impact.Options{Since: args.since, Until: args.until})
	if err != nil {
		return err
	}
	if !args.json {
		return report.WriteText(w)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(report)
}

// policyTest runs every check the build runs (policyChecks: the Rego
// tests, `opa fmt`, `opa check --strict`, the tables against their CUE
// definitions) and prints one readable report of them; `heloc policy
// publish` runs the same checks before it publishes.
func policyTest(ctx context.Context, rules fs.FS, w io.Writer) error {
	r, err := policyChecks(ctx, rules, w)
	if err != nil {
		return err
	}
	return r.err()
}

// printProblems writes a section of the report: one line per problem, each
// with its label, or the line that says there is none.
func printProblems[P any](w io.Writer, label, none string, problems []P) {
	fmt.Fprintln(w)
	if len(problems) == 0 {
		fmt.Fprintln(w, none)
	}
	for _, p := range problems {
		fmt.Fprintln(w, label+" ", p)
	}
}

func policyEval(ctx context.Context, rules fs.FS, entrypoint string, in io.Reader, w io.Writer) error {
	engine, err := policy.Load(ctx, rules)
	if err != nil {
		return err
	}
	var input any
	dec := json.NewDecoder(in)
	dec.UseNumber()
	if err := dec.Decode(&input); err != nil && !errors.Is(err, io.EOF) {
		return fmt.Errorf("input: %w", err)
	}
	out, err := engine.Decide(ctx, entrypoint, input)
	if err != nil {
		return err
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// policyReplay re-evaluates a stored decision's input under the current
// rules and shows what changed.
func policyReplay(ctx context.Context, db *store.DB, engine *policy.Engine, id string, w io.Writer) error {
	d, err := db.FindDecision(ctx, id)
	if err != nil {
		return err
	}
	changes, err := replay(ctx, engine, d)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "decision %s: %s at %s\n", d.ID, d.Entrypoint, d.CreatedAt.Format("2006-01-02 15:04:05 MST"))
	fmt.Fprintf(w, "stored under revision  %.12s\nreplayed under revision %.12s\n", d.Revision, engine.Revision())
	// The decision's own revision, when its source is stored (every
	// revision a server served or published): does it still give the
	// stored result?
	if own, err := ownRevision(ctx, db, d.Revision); err != nil {
		return err
	} else if own != nil {
		same, err := replay(ctx, own, d)
		if err != nil {
			return err
		}
		if len(same) == 0 {
			fmt.Fprintf(w, "its own revision %.12s, loaded from its stored source, decides the same again\n", d.Revision)
		} else {
			fmt.Fprintf(w, "its own revision %.12s, loaded from its stored source, now decides otherwise (%d fields)\n", d.Revision, len(same))
		}
	}
	if len(changes) == 0 {
		fmt.Fprintln(w, "\nthe current rules decide the same")
		return nil
	}
	fmt.Fprintf(w, "\n%d changed:\n", len(changes))
	for _, c := range changes {
		fmt.Fprintln(w, "  "+c)
	}
	return nil
}

// ownRevision is the engine of revision loaded from its stored source; nil
// when none is stored.
func ownRevision(ctx context.Context, db *store.DB, revision string) (*policy.Engine, error) {
	source, err := db.PolicySource(ctx, revision)
	if domain.ErrorCode(err) == domain.ENOTFOUND {
		return nil, nil
	} else if err != nil {
		return nil, err
	}
	fsys, err := policy.Unpack(source)
	if err != nil {
		return nil, err
	}
	return policy.Load(ctx, fsys)
}

// policyReplayAll re-evaluates every stored decision of entrypoint (every
// entrypoint when it is "") under the current rules and lists those that would
// change, each with what changed, then how many of each entrypoint did.
func policyReplayAll(ctx context.Context, db *store.DB, engine *policy.Engine, entrypoint string, w io.Writer) error {
	type tally struct{ replayed, changed int }
	counts := map[string]*tally{}
	fmt.Fprintf(w, "replayed under revision %.12s\n", engine.Revision())
	err := db.EachDecision(ctx, entrypoint, func(d *store.Decision) error {
		t := counts[d.Entrypoint]
		if t == nil {
			t = &tally{}
			counts[d.Entrypoint] = t
		}
		t.replayed++
		changes, err := replay(ctx, engine, d)
		if err != nil {
			return fmt.Errorf("decision %s: %w", d.ID, err)
		}
		if len(changes) == 0 {
			return nil
		}
		t.changed++
		fmt.Fprintf(w, "\ndecision %s: %s at %s, revision %.12s\n", d.ID, d.Entrypoint, d.CreatedAt.Format("2006-01-02 15:04:05 MST"), d.Revision)
		for _, c := range changes {
			fmt.Fprintln(w, "  "+c)
		}
		return nil
	})
	if err != nil {
		return err
	}
	fmt.Fprintln(w)
	names := make([]string, 0, len(counts))
	for name := range counts {
		names = append(names, name)
	}
	sort.Strings(names)
	if len(names) == 0 {
		fmt.Fprintln(w, "no stored decisions")
	}
	for _, name := range names {
		fmt.Fprintf(w, "%s: %d replayed, %d would change\n", name, counts[name].replayed, counts[name].changed)
	}
	return nil
}

// replay re-decides d under engine (policy.Engine.Replay) and lists what
// differs from its stored result, as "path: old -> new".
func replay(ctx context.Context, engine *policy.Engine, d *store.Decision) ([]string, error) {
	changes, _, err := engine.Replay(ctx, d.Entrypoint, d.Input, d.Result)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(changes))
	for i, c := range changes {
		path := c.Path
		if path == "" {
			path = "(result)"
		}
		out[i] = fmt.Sprintf("%s: %s -> %s", path, shown(c.Old), shown(c.New))
	}
	return out, nil
}

// shown is a changed value as the report prints it: its JSON, or
// "(absent)" for a field one side does not have.
func shown(v json.RawMessage) string {
	if v == nil {
		return "(absent)"
	}
	return string(v)
}

// openSealedStore opens the database the server uses (DATA_DIR,
// DATABASE_URL) with the keyring that opens its sealed fields (the HMDA
// answers the impact's fair-lending view reads). The caller closes it.
func openSealedStore(ctx context.Context, getenv func(string) string) (*store.DB, error) {
	cfg, err := loadConfig(getenv)
	if err != nil {
		return nil, err
	}
	db, err := store.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return nil, err
	}
	if db.Sealer, err = cfg.Secrets.keyring(); err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}
