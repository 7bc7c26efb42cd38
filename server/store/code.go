package store

import (
	"context"
	"crypto/subtle"
	"database/sql"
	"errors"
	"time"

	"github.com/heloc/heloc/server/domain"
)

// CreateOneTimeCode stores a new sign-in code (its hash) for subjectID in
// realm, valid for ttl, and voids the subject's earlier codes: only the
// latest code mailed works.
func (db *DB) CreateOneTimeCode(ctx context.Context, realm domain.Realm, subjectID, codeHash string, ttl time.Duration) error {
	if subjectID == "" || codeHash == "" || ttl <= 0 {
		return domain.Errorf(domain.EINVALID, "A code needs a subject, a hash and a lifetime.")
	}
	tx, err := db.beginTx(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()

	if _, err := tx.ExecContext(ctx, tx.Rebind(`DELETE FROM one_time_codes WHERE realm = ? AND subject_id = ?`), string(realm), subjectID); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, tx.Rebind(`
		INSERT INTO one_time_codes (id, realm, subject_id, code_hash, attempts, created_at, expires_at)
		VALUES (?, ?, ?, ?, 0, ?, ?)`),
		newID(), string(realm), subjectID, codeHash, tx.now.UnixMilli(), tx.now.Add(ttl).UnixMilli()); err != nil {
		return err
	}
	return tx.Commit()
}

// CheckOneTimeCode compares candidateHash with the subject's live code and
// reports whether it matches. A match spends the code; a miss counts
// against it, and after maxAttempts misses the code is dead. An expired,
// spent or dead code never matches.
func (db *DB) CheckOneTimeCode(ctx context.Context, realm domain.Realm, subjectID, candidateHash string, maxAttempts int) (bool, error) {
	tx, err := db.beginTx(ctx)
	if err != nil {
		return false, err
	}
	defer tx.Rollback()

	var id, stored string
	err = tx.QueryRowxContext(ctx, tx.Rebind(`
		SELECT id, code_hash FROM one_time_codes
		WHERE realm = ? AND subject_id = ? AND used_at IS NULL AND expires_at > ? AND attempts < ?`),
		string(realm), subjectID, tx.now.UnixMilli(), maxAttempts).Scan(&id, &stored)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	} else if err != nil {
		return false, err
	}
	ok := subtle.ConstantTimeCompare([]byte(stored), []byte(candidateHash)) == 1
	if ok {
		_, err = tx.ExecContext(ctx, tx.Rebind(`UPDATE one_time_codes SET used_at = ? WHERE id = ?`), tx.now.UnixMilli(), id)
	} else {
		_, err = tx.ExecContext(ctx, tx.Rebind(`UPDATE one_time_codes SET attempts = attempts + 1 WHERE id = ?`), id)
	}
	if err != nil {
		return false, err
	}
	return ok, tx.Commit()
}
