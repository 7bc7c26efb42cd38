package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"strconv"

	"github.com/heloc/heloc/server/domain"
)

// Decision is a stored policy decision (domain.Decision).
type Decision = domain.Decision

// CreateDecision stores a policy decision and returns its id. Input and
// result must be JSON documents. loanID names the loan the decision was made
// for, or is "" when there is none yet (an estimate before sign-up).
func (db *DB) CreateDecision(ctx context.Context, entrypoint, loanID string, input, result []byte, revision string) (string, error) {
	d := &Decision{Entrypoint: entrypoint, LoanID: loanID, Input: input, Result: result, Revision: revision}
	if err := db.CreateDecisions(ctx, d); err != nil {
		return "", err
	}
	return d.ID, nil
}

// CreateDecisions stores decisions made together (an estimate's
// eligibility and preview offer) in one transaction: all of them or none.
// Each needs its Entrypoint, Input, Result (JSON documents) and Revision,
// and names its loan in LoanID ("" for none yet); each is given its ID and
// CreatedAt.
func (db *DB) CreateDecisions(ctx context.Context, ds ...*Decision) error {
	for _, d := range ds {
		if d.Entrypoint == "" || d.Revision == "" {
			return domain.Errorf(domain.EINVALID, "A decision needs an entrypoint and a revision.")
		}
		if !json.Valid(d.Input) || !json.Valid(d.Result) {
			return domain.Errorf(domain.EINVALID, "A decision's input and result must be JSON.")
		}
	}
	tx, err := db.beginTx(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()

	ids := make([]string, len(ds))
	for i, d := range ds {
		ids[i] = newID()
		if err := insertDecision(ctx, tx, ids[i], d); err != nil {
			return err
		}
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	for i, d := range ds {
		d.ID, d.CreatedAt = ids[i], tx.now
	}
	return nil
}

// insertDecision stores d under id within tx (its line, for a preview
// offer made for a loan, is the loan's line).
func insertDecision(ctx context.Context, tx *tx, id string, d *Decision) error {
	// Strings, not []byte: pgx would send bytes as bytea to a TEXT column.
	if _, err := tx.ExecContext(ctx, tx.Rebind(`
		INSERT INTO decisions (id, entrypoint, input, result, revision, loan_id, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)`),
		id, d.Entrypoint, string(d.Input), string(d.Result), d.Revision, sql.NullString{String: d.LoanID, Valid: d.LoanID != ""}, tx.now.UnixMilli()); err != nil {
		return err
	}
	if d.Entrypoint == offerEntrypoint && d.LoanID != "" {
		return setLineAmount(ctx, tx, d.LoanID, d.Result)
	}
	return nil
}

// FindDecision returns the stored decision with the given id.
func (db *DB) FindDecision(ctx context.Context, id string) (*Decision, error) {
	return scanDecision(db.getRow(ctx, `SELECT `+decisionColumns+` FROM decisions WHERE id = ?`, id))
}

// LatestDecision returns the most recent decision of entrypoint made for the loan.
func (db *DB) LatestDecision(ctx context.Context, loanID, entrypoint string) (*Decision, error) {
	return scanDecision(db.getRow(ctx, `SELECT `+decisionColumns+` FROM decisions
		WHERE loan_id = `+boundText+` AND entrypoint = `+boundText+` ORDER BY created_at DESC, id DESC LIMIT 1`, loanID, entrypoint))
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

// EachDecision calls fn with every stored decision of entrypoint (every
// entrypoint when it is ""), oldest first, until fn returns an error. It
// reads in pages by key, so a long history is never held in memory at once.
func (db *DB) EachDecision(ctx context.Context, entrypoint string, fn func(*Decision) error) error {
	const page = 500
	var afterCreated int64 = -1
	afterID := ""
	for {
		where, args := `(created_at > ? OR (created_at = ? AND id > ?))`, []any{afterCreated, afterCreated, afterID}
		if entrypoint != "" {
			where, args = where+` AND entrypoint = ?`, append(args, entrypoint)
		}
		rows, err := db.read.QueryxContext(ctx, db.read.Rebind(`SELECT `+decisionColumns+` FROM decisions
			WHERE `+where+` ORDER BY created_at, id LIMIT `+strconv.Itoa(page)), args...)
		if err != nil {
			return err
		}
		var batch []*Decision
		for rows.Next() {
			d, err := scanDecision(rows)
			if err != nil {
				rows.Close()
				return err
			}
			batch = append(batch, d)
		}
		if err := errors.Join(rows.Err(), rows.Close()); err != nil {
			return err
		}
		for _, d := range batch {
			if err := fn(d); err != nil {
				return err
			}
		}
		if len(batch) < page {
			return nil
		}
		last := batch[len(batch)-1]
		afterCreated, afterID = last.CreatedAt.UnixMilli(), last.ID
	}
}
