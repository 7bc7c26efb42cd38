package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"time"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/policy"
	"github.com/heloc/heloc/server/store"
)

// seedCommand is `heloc seed pipeline --loans N`: it adds N made-up
// borrowers with a loan each to the database of DATABASE_URL/DATA_DIR, to
// see and measure the portal's pipeline at scale. The loans are at the
// funnel's statuses (data.heloc.funnel.order), in the licensed states
// (data.heloc.licensing.states), assigned at random to the portal's active
// users or to nobody, and some carry the users' tags.
func seedCommand(ctx context.Context, args []string, stdout io.Writer) error {
	if len(args) == 0 || args[0] != "pipeline" {
		return errors.New("usage: heloc seed pipeline --loans N [--seed S]")
	}
	fs := flag.NewFlagSet("seed pipeline", flag.ContinueOnError)
	n := fs.Int("loans", 100_000, "how many loans to add")
	seed := fs.Uint64("seed", uint64(time.Now().UnixNano()), "the random draw's seed, to repeat a run")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	cfg, err := loadConfig(os.Getenv)
	if err != nil {
		return fmt.Errorf("config: %w", err)
	}
	engine, err := policy.Load(ctx, rulesFS(cfg.RulesDir))
	if err != nil {
		return err
	}
	spec := store.PipelineSeed{Loans: *n, Seed: *seed, Span: 2 * 365 * 24 * time.Hour, Team: []string{"", ""}, Tags: []string{"", "", ""}}
	if spec.Statuses, err = funnelStatuses(ctx, engine); err != nil {
		return err
	}
	if spec.States, err = licensedStates(ctx, engine); err != nil {
		return err
	}
	db, err := store.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer db.Close()
	users, err := db.ListStaffUsers(ctx)
	if err != nil {
		return err
	}
	for _, u := range users {
		if u.Active {
			spec.Team = append(spec.Team, u.ID)
			if u.LoanOfficerTag != "" {
				spec.Tags = append(spec.Tags, u.LoanOfficerTag)
			}
		}
	}
	start := time.Now()
	made, err := db.SeedPipeline(ctx, spec)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "Added %d loans in %s (seed %d).\n", made, time.Since(start).Round(time.Millisecond), *seed)
	return nil
}

// funnelStatuses are the step names of data.heloc.funnel.order that a loan
// reaches after the account is made (order above 0).
func funnelStatuses(ctx context.Context, engine *policy.Engine) ([]string, error) {
	out, err := engine.Decide(ctx, "heloc.funnel.order", nil)
	if err != nil {
		return nil, err
	}
	var order map[string]float64
	if err := domain.DecodeAnswer(out, &order); err != nil {
		return nil, err
	}
	var steps []string
	for _, step := range slices.Sorted(maps.Keys(order)) {
		if order[step] > 0 {
			steps = append(steps, step)
		}
	}
	return steps, nil
}

// licensedStates are the codes of the states the lender is licensed in.
func licensedStates(ctx context.Context, engine *policy.Engine) ([]string, error) {
	out, err := engine.Decide(ctx, "heloc.licensing.states", nil)
	if err != nil {
		return nil, err
	}
	var l struct {
		States []struct {
			Code     string `json:"code"`
			Licensed bool   `json:"licensed"`
		} `json:"states"`
	}
	if err := domain.DecodeAnswer(out, &l); err != nil {
		return nil, err
	}
	var codes []string
	for _, s := range l.States {
		if s.Licensed {
			codes = append(codes, s.Code)
		}
	}
	return codes, nil
}
