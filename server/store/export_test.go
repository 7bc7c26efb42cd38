package store

import (
	"context"

	"github.com/jmoiron/sqlx"
)

// QueryRowForTest reads the database as stored, for tests that check what
// is (and is not) kept in plain text.
func (db *DB) QueryRowForTest(ctx context.Context, query string, args ...any) *sqlx.Row {
	return db.getRow(ctx, query, args...)
}

// ExecForTest writes rows as an older version of the server would have.
func (db *DB) ExecForTest(ctx context.Context, query string, args ...any) error {
	_, err := db.write.ExecContext(ctx, db.write.Rebind(query), args...)
	return err
}
