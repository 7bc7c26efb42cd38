package store

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"

	"github.com/heloc/heloc/server/domain"
)

// demoPersona is the part of a fixtures/personas.json entry the store
// keeps: the account, the loan's status and the answers its applicant gave
// (sealed with the loan). The bureau's and the valuation's data are the
// sandbox providers' to read.
type demoPersona struct {
	Email             string                `json:"email"`
	FirstName         string                `json:"firstName"`
	LastName          string                `json:"lastName"`
	Phone             *string               `json:"phone"`
	ApplicationStatus string                `json:"applicationStatus"`
	Answers           domain.PrequalAnswers `json:"answers"`
	Profile           struct {
		PropertyState string `json:"propertyState"`
	} `json:"profile"`
}

// SeedDemo loads insights.json and personas.json from fsys (the fixtures
// package's FS) into an empty database: the insights, and an applicant with
// a loan per persona, all in one transaction. It does nothing when any
// insight is already stored, so every start of a demo may call it. The
// answers are sealed, so db.Sealer must be set first.
func (db *DB) SeedDemo(ctx context.Context, fsys fs.FS) error {
	var insights []*domain.Insight
	if err := readJSON(fsys, "insights.json", &insights); err != nil {
		return err
	}
	var personas []demoPersona
	if err := readJSON(fsys, "personas.json", &personas); err != nil {
		return err
	}

	tx, err := db.beginTx(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()

	var n int
	if err := tx.GetContext(ctx, &n, `SELECT COUNT(*) FROM insights`); err != nil {
		return err
	} else if n > 0 {
		return nil
	}
	for _, in := range insights {
		if err := createInsight(ctx, tx, in); err != nil {
			return fmt.Errorf("seed insight %q: %w", in.Slug, err)
		}
	}
	for _, p := range personas {
		a := &domain.Applicant{Email: p.Email, FirstName: p.FirstName, LastName: p.LastName, Phone: p.Phone}
		if err := createApplicant(ctx, tx, a); err != nil {
			return fmt.Errorf("seed persona %q: %w", p.Email, err)
		}
		answers := p.Answers
		answers.PropertyState = &p.Profile.PropertyState
		loan := &domain.Loan{ApplicantID: a.ID, ApplicationStatus: p.ApplicationStatus, Answers: answers}
		if err := db.createLoan(ctx, tx, loan); err != nil {
			return fmt.Errorf("seed loan of %q: %w", p.Email, err)
		}
	}
	return tx.Commit()
}

func readJSON(fsys fs.FS, name string, v any) error {
	buf, err := fs.ReadFile(fsys, name)
	if err != nil {
		return fmt.Errorf("seed: %w", err)
	}
	if err := json.Unmarshal(buf, v); err != nil {
		return fmt.Errorf("seed: %s: %w", name, err)
	}
	return nil
}
