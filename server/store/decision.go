package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"time"

	"github.com/heloc/heloc/server/domain"
)

// Decision is a stored policy decision: the entrypoint asked, its input and
// result as JSON, and the policy revision that gave it, so it can be
// replayed and explained.
type Decision struct {
	ID         string          `json:"id"`
	Entrypoint string          `json:"entrypoint"`
	Input      json.RawMessage `json:"input"`
	Result     json.RawMessage `json:"result"`
	Revision   string          `json:"revision"`
	CreatedAt  time.Time       `json:"createdAt"`
}

// CreateDecision stores a policy decision and returns its id. Input and
// result must be JSON documents.
func (db *DB) CreateDecision(ctx context.Context, entrypoint string, input, result []byte, revision string) (string, error) {
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
		INSERT INTO decisions (id, entrypoint, input, result, revision, created_at)
		VALUES (?, ?, ?, ?, ?, ?)`),
		id, entrypoint, string(input), string(result), revision, tx.now.UnixMilli()); err != nil {
		return "", err
	}
	return id, tx.Commit()
}

// FindDecision returns the stored decision with the given id.
func (db *DB) FindDecision(ctx context.Context, id string) (*Decision, error) {
	var d Decision
	var input, result string
	var created int64
	err := db.getRow(ctx, `SELECT id, entrypoint, input, result, revision, created_at FROM decisions WHERE id = ?`, id).
		Scan(&d.ID, &d.Entrypoint, &input, &result, &d.Revision, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, domain.Errorf(domain.ENOTFOUND, "Decision not found.")
	} else if err != nil {
		return nil, err
	}
	d.Input, d.Result = json.RawMessage(input), json.RawMessage(result)
	d.CreatedAt = fromMS(created)
	return &d, nil
}
