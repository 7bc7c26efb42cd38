package store

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/heloc/heloc/server/domain"
)

// The reads of `heloc policy impact` (server/impact): the decisions a
// proposed revision is compared on, and the HMDA answers of their loans for
// the fair-lending view.

// EachLatestDecision calls fn with the stored decisions made in [since,
// until) (a zero time leaves that end open) that a rule change would act on:
// for a loan, the latest decision of each entrypoint in the range; every
// decision made for no loan (a visitor's estimate), each on its own. They
// come oldest first (by time, then id), read in one query whose rows are
// streamed, never held in memory at once; fn must not use db while it runs
// (on SQLite the read holds one connection). It stops at fn's first error.
func (db *DB) EachLatestDecision(ctx context.Context, since, until time.Time, fn func(*Decision) error) error {
	from, to := int64(-1<<62), int64(1<<62)
	if !since.IsZero() {
		from = since.UnixMilli()
	}
	if !until.IsZero() {
		to = until.UnixMilli()
	}
	// A later decision of the same loan and entrypoint in the range
	// supersedes it (decisions_loan_idx finds it).
	rows, err := db.read.QueryxContext(ctx, db.read.Rebind(`SELECT `+decisionColumns+` FROM decisions d
		WHERE d.created_at >= ? AND d.created_at < ?
		AND (d.loan_id IS NULL OR NOT EXISTS (
			SELECT 1 FROM decisions l
			WHERE l.loan_id = d.loan_id AND l.entrypoint = d.entrypoint
			AND l.created_at >= ? AND l.created_at < ?
			AND (l.created_at > d.created_at OR (l.created_at = d.created_at AND l.id > d.id))))
		ORDER BY d.created_at, d.id`), from, to, from, to)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		d, err := scanDecision(rows)
		if err != nil {
			return err
		}
		if err := fn(d); err != nil {
			return err
		}
	}
	return errors.Join(rows.Err(), rows.Close())
}

// BorrowerDemographics returns the HMDA answers (the Demographics page's)
// of the borrower of each of loanIDs whose application holds them, by loan
// id; a loan without them is absent. The applications are opened with
// db.Sealer. They are read for fair-lending monitoring only: nothing that
// decides credit reads them.
func (db *DB) BorrowerDemographics(ctx context.Context, loanIDs []string) (map[string]domain.Demographics, error) {
	out := map[string]domain.Demographics{}
	const batch = 500
	for start := 0; start < len(loanIDs); start += batch {
		ids := loanIDs[start:min(start+batch, len(loanIDs))]
		args := make([]any, len(ids))
		for i, id := range ids {
			args[i] = id
		}
		rows, err := db.read.QueryxContext(ctx, db.read.Rebind(`SELECT loan_id, data FROM applications
			WHERE loan_id IN (?`+strings.Repeat(", ?", len(ids)-1)+`)`), args...)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var loanID, sealed string
			if err := rows.Scan(&loanID, &sealed); err != nil {
				rows.Close()
				return nil, err
			}
			// Only the borrower's answers are decoded of the application.
			var app struct {
				User struct {
					Demographics *domain.Demographics `json:"demographics"`
				} `json:"user"`
			}
			if err := db.open(sealed, applicationAAD(loanID), &app); err != nil {
				rows.Close()
				return nil, err
			}
			if app.User.Demographics != nil {
				out[loanID] = *app.User.Demographics
			}
		}
		if err := errors.Join(rows.Err(), rows.Close()); err != nil {
			return nil, err
		}
	}
	return out, nil
}
