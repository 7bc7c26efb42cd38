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

	"github.com/heloc/heloc/schemas"
	"github.com/heloc/heloc/server/policy"
	"github.com/heloc/heloc/server/schema"
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
	}
	return errors.New(policyUsage)
}

const policyUsage = "usage: heloc policy test | eval ENTRYPOINT | replay DECISION_ID | replay --all [ENTRYPOINT]"

// policyTest runs the Rego tests, checks the policies as `opa fmt` and
// `opa check --strict` would and every table against its CUE definition, and
// prints one readable report of the three.
func policyTest(ctx context.Context, rules fs.FS, w io.Writer) error {
	report, err := policy.RunTests(ctx, rules)
	if err != nil {
		return err
	}
	fmt.Fprint(w, report.String())
	style, err := policy.Check(ctx, rules)
	if err != nil {
		return err
	}
	printProblems(w, "STYLE", "style: every policy is as `opa fmt` writes it and passes `opa check --strict`", style)
	set, err := schema.Load(schemas.FS)
	if err != nil {
		return err
	}
	problems, err := set.CheckTables(rules)
	if err != nil {
		return err
	}
	printProblems(w, "TABLE", "tables: every table matches its CUE definition", problems)
	if report.Failed() || len(style) > 0 || len(problems) > 0 {
		return fmt.Errorf("policy tests failed: %d failed, %d errored, %d style problems, %d table problems", report.Failures, report.Errors, len(style), len(problems))
	}
	return nil
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
