package store

import (
	"context"
	"strconv"
	"strings"

	"github.com/heloc/heloc/server/domain"
)

// ListLoanDecisions returns a page of the loan's stored decisions, newest
// first (by time, then id), after q.Before when it is set.
func (db *DB) ListLoanDecisions(ctx context.Context, loanID string, q domain.DecisionQuery) ([]*Decision, error) {
	if q.Limit <= 0 {
		q.Limit = 20
	}
	where, args := `loan_id = ?`, []any{loanID}
	if q.Entrypoint != "" {
		where, args = where+` AND entrypoint = ?`, append(args, q.Entrypoint)
	}
	if len(q.Except) > 0 {
		where += ` AND entrypoint NOT IN (?` + strings.Repeat(`, ?`, len(q.Except)-1) + `)`
		for _, e := range q.Except {
			args = append(args, e)
		}
	}
	if q.Before != nil {
		where += ` AND (created_at < ? OR (created_at = ? AND id < ?))`
		args = append(args, q.Before.CreatedAtMS, q.Before.CreatedAtMS, q.Before.ID)
	}
	rows, err := db.read.QueryxContext(ctx, db.read.Rebind(`SELECT `+decisionColumns+` FROM decisions
		WHERE `+where+` ORDER BY created_at DESC, id DESC LIMIT `+strconv.Itoa(q.Limit)), args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []*Decision{}
	for rows.Next() {
		d, err := scanDecision(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, rows.Err()
}

// CountLoanDecisions counts the loan's stored decisions by entrypoint.
func (db *DB) CountLoanDecisions(ctx context.Context, loanID string) (map[string]int, error) {
	rows, err := db.read.QueryxContext(ctx, db.read.Rebind(`SELECT entrypoint, COUNT(*) FROM decisions
		WHERE loan_id = ? GROUP BY entrypoint`), loanID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var name string
		var n int
		if err := rows.Scan(&name, &n); err != nil {
			return nil, err
		}
		out[name] = n
	}
	return out, rows.Err()
}
