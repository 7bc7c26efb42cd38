package store

import (
	"context"

	"github.com/heloc/heloc/server/domain"
)

// Loan notes (migration 0014): the loan team's working notes, append-only
// (there is no method to change or remove one). The body is sealed, bound
// to the note and its loan, so a body copied into another row does not
// open there.

func noteAAD(id, loanID string) []byte {
	return []byte("loan_notes.body:" + id + ":" + loanID)
}

// AddLoanNote records n.Body on n.LoanID by n.Author.ID, sealed; n.ID and
// n.CreatedAt are set. A loan or portal user that does not exist is
// ENOTFOUND.
func (db *DB) AddLoanNote(ctx context.Context, n *domain.LoanNote) error {
	if n.LoanID == "" || n.Author.ID == "" || n.Body == "" {
		return domain.Errorf(domain.EINVALID, "A note needs its loan, its author and its text.")
	}
	if db.Sealer == nil {
		return errNoSealer
	}
	n.ID = orderedID() // notes list newest first by (created_at, id)
	body, err := db.sealText(n.Body, noteAAD(n.ID, n.LoanID))
	if err != nil {
		return err
	}
	tx, err := db.beginTx(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	_, err = tx.ExecContext(ctx, tx.Rebind(`INSERT INTO loan_notes (id, loan_id, author_id, body, created_at) VALUES (?, ?, ?, ?, ?)`),
		n.ID, n.LoanID, n.Author.ID, body, tx.now.UnixMilli())
	if isForeignKeyViolation(err) {
		return domain.Errorf(domain.ENOTFOUND, "Loan not found.")
	} else if err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	n.CreatedAt = tx.now
	return nil
}

// ListLoanNotes returns the loan's notes, newest first, opened, each with
// its author.
func (db *DB) ListLoanNotes(ctx context.Context, loanID string) ([]*domain.LoanNote, error) {
	if db.Sealer == nil {
		return nil, errNoSealer
	}
	rows, err := db.read.QueryxContext(ctx, db.read.Rebind(`SELECT n.id, n.loan_id, n.author_id, a.email, a.first_name, a.last_name, a.role, n.body, n.created_at
		FROM loan_notes n JOIN staff_users a ON a.id = n.author_id
		WHERE n.loan_id = ? ORDER BY n.created_at DESC, n.id DESC`), loanID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []*domain.LoanNote{}
	for rows.Next() {
		var n domain.LoanNote
		var body string
		var at int64
		if err := rows.Scan(&n.ID, &n.LoanID, &n.Author.ID, &n.Author.Email, &n.Author.FirstName, &n.Author.LastName, &n.Author.Role, &body, &at); err != nil {
			return nil, err
		}
		if n.Body, err = db.openText(body, noteAAD(n.ID, n.LoanID)); err != nil {
			return nil, err
		}
		n.CreatedAt = fromMS(at)
		out = append(out, &n)
	}
	return out, rows.Err()
}
