package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"

	"github.com/heloc/heloc/server/domain"
)

// Vendor answers (migration 0018): a paid vendor's last answer for a loan,
// by kind and subject, kept so that the same request is not paid for
// twice. The store neither reads nor compares what it keeps: the loan
// service puts the request's hash inside the answer and decides whether it
// still answers the request at hand. The answer is sealed, bound to its
// loan, kind and subject, so one copied into another row does not open.

func vendorAnswerAAD(loanID, kind, subject string) []byte {
	return []byte("vendor_answers.answer:" + loanID + ":" + kind + ":" + subject)
}

// SaveVendorAnswer keeps answer (JSON) as the loan's answer of kind for
// subject, sealed, replacing the one kept before. An unknown loan is
// ENOTFOUND.
func (db *DB) SaveVendorAnswer(ctx context.Context, loanID, kind, subject string, answer json.RawMessage) error {
	if loanID == "" || kind == "" || subject == "" || !json.Valid(answer) {
		return domain.Errorf(domain.EINVALID, "A vendor's answer needs its loan, kind, subject and a JSON answer.")
	}
	if db.Sealer == nil {
		return errNoSealer
	}
	sealed, err := db.Sealer.Seal(answer, vendorAnswerAAD(loanID, kind, subject))
	if err != nil {
		return err
	}
	tx, err := db.beginTx(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	_, err = tx.ExecContext(ctx, tx.Rebind(`INSERT INTO vendor_answers (loan_id, kind, subject, answer, created_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (loan_id, kind, subject) DO UPDATE SET answer = excluded.answer, created_at = excluded.created_at`),
		loanID, kind, subject, sealed, tx.now.UnixMilli())
	if isForeignKeyViolation(err) {
		return domain.Errorf(domain.ENOTFOUND, "Loan not found.")
	} else if err != nil {
		return err
	}
	return tx.Commit()
}

// FindVendorAnswer returns the loan's answer of kind for subject, opened;
// ENOTFOUND when none is kept.
func (db *DB) FindVendorAnswer(ctx context.Context, loanID, kind, subject string) (json.RawMessage, error) {
	var sealed string
	err := db.getRow(ctx, `SELECT answer FROM vendor_answers WHERE loan_id = ? AND kind = ? AND subject = ?`, loanID, kind, subject).Scan(&sealed)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, domain.Errorf(domain.ENOTFOUND, "No answer kept.")
	} else if err != nil {
		return nil, err
	}
	if db.Sealer == nil {
		return nil, errNoSealer
	}
	return db.Sealer.Open(sealed, vendorAnswerAAD(loanID, kind, subject))
}
