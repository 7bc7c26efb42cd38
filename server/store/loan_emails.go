package store

import (
	"context"
	"time"

	"github.com/heloc/heloc/server/domain"
)

// Loan e-mails (migration 0021): the letters sent to the people on a loan,
// one row each, never changed. The recipient is sealed, bound to the row
// and its loan.

func loanEmailAAD(id, loanID string) []byte {
	return []byte("loan_emails.recipient:" + id + ":" + loanID)
}

// RecordLoanEmail records e on e.LoanID; e.ID and e.SentAt are set. A loan
// that does not exist is ENOTFOUND.
func (db *DB) RecordLoanEmail(ctx context.Context, e *domain.LoanEmail) error {
	if e.LoanID == "" || e.Letter == "" || e.Version == "" || e.To == "" || e.Outcome == "" {
		return domain.Errorf(domain.EINVALID, "A loan's e-mail needs its loan, letter, version, recipient and outcome.")
	}
	if db.Sealer == nil {
		return errNoSealer
	}
	e.ID = orderedID()
	to, err := db.sealText(e.To, loanEmailAAD(e.ID, e.LoanID))
	if err != nil {
		return err
	}
	now := db.now()
	_, err = db.write.ExecContext(ctx, db.write.Rebind(`INSERT INTO loan_emails (id, loan_id, letter, version, recipient, sent_at, outcome) VALUES (?, ?, ?, ?, ?, ?, ?)`),
		e.ID, e.LoanID, e.Letter, e.Version, to, now.UnixMilli(), e.Outcome)
	if isForeignKeyViolation(err) {
		return domain.Errorf(domain.ENOTFOUND, "Loan not found.")
	} else if err != nil {
		return err
	}
	e.SentAt = now
	return nil
}

// ListLoanEmails returns the loan's e-mails, oldest first, recipients opened.
func (db *DB) ListLoanEmails(ctx context.Context, loanID string) ([]*domain.LoanEmail, error) {
	if db.Sealer == nil {
		return nil, errNoSealer
	}
	rows, err := db.read.QueryxContext(ctx, db.read.Rebind(`SELECT id, loan_id, letter, version, recipient, sent_at, outcome
		FROM loan_emails WHERE loan_id = ? ORDER BY sent_at, id`), loanID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []*domain.LoanEmail{}
	for rows.Next() {
		var e domain.LoanEmail
		var to string
		var at int64
		if err := rows.Scan(&e.ID, &e.LoanID, &e.Letter, &e.Version, &to, &at, &e.Outcome); err != nil {
			return nil, err
		}
		if e.To, err = db.openText(to, loanEmailAAD(e.ID, e.LoanID)); err != nil {
			return nil, err
		}
		e.SentAt = time.UnixMilli(at).UTC()
		out = append(out, &e)
	}
	return out, rows.Err()
}
