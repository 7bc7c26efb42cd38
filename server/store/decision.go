package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"

	"github.com/heloc/heloc/server/domain"
)

// Decision is a stored policy decision (domain.Decision).
type Decision = domain.Decision

// CreateDecision stores a policy decision and returns its id. Input and
// result must be JSON documents. loanID names the loan the decision was made
// for, or is "" when there is none yet (an estimate before sign-up).
func (db *DB) CreateDecision(ctx context.Context, entrypoint, loanID string, input, result []byte, revision string) (string, error) {
	if entrypoint == "" || revision == "" {
		return "", domain.Errorf(domain.EINVALID, "A decision needs an entrypoint and a revision.")
	}
	if !json.Valid(input) || !json.Valid(result) {
		return "", domain.Errorf(domain.EINVALID, "A decision's input and result must be JSON.")
	}
	tx, err := db.beginTx(ctx)
	if err != nil {
		return "", err
	}
	defer tx.Rollback()

	id := newID()
	// Strings, not []byte: pgx would send bytes as bytea to a TEXT column.
	if _, err := tx.ExecContext(ctx, tx.Rebind(`
		INSERT INTO decisions (id, entrypoint, input, result, revision, loan_id, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)`),
		id, entrypoint, string(input), string(result), revision, sql.NullString{String: loanID, Valid: loanID != ""}, tx.now.UnixMilli()); err != nil {
		return "", err
	}
	return id, tx.Commit()
}

// FindDecision returns the stored decision with the given id.
func (db *DB) FindDecision(ctx context.Context, id string) (*Decision, error) {
	return scanDecision(db.getRow(ctx, `SELECT `+decisionColumns+` FROM decisions WHERE id = ?`, id))
}

// LatestDecision returns the most recent decision of entrypoint made for the loan.
func (db *DB) LatestDecision(ctx context.Context, loanID, entrypoint string) (*Decision, error) {
	return scanDecision(db.getRow(ctx, `SELECT `+decisionColumns+` FROM decisions
		WHERE loan_id = ? AND entrypoint = ? ORDER BY created_at DESC, id DESC LIMIT 1`, loanID, entrypoint))
}

const decisionColumns = `id, entrypoint, input, result, revision, loan_id, created_at`

func scanDecision(row rowScanner) (*Decision, error) {
	var d Decision
	var input, result string
	var loanID sql.NullString
	var created int64
	err := row.Scan(&d.ID, &d.Entrypoint, &input, &result, &d.Revision, &loanID, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, domain.Errorf(domain.ENOTFOUND, "Decision not found.")
	} else if err != nil {
		return nil, err
	}
	d.Input, d.Result = json.RawMessage(input), json.RawMessage(result)
	d.LoanID = loanID.String
	d.CreatedAt = fromMS(created)
	return &d, nil
}
