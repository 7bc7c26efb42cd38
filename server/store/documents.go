package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/heloc/heloc/server/domain"
)

// documentNameAAD binds a sealed file name to its document and loan, so
// that a name copied into another row does not open there.
func documentNameAAD(id, loanID string) string {
	return "documents.file_name:" + id + ":" + loanID
}

const documentColumns = `id, loan_id, party, type, side, file_name, content_type, size, blob_key, uploaded_at, condition_id`

// documentFingerprintAAD binds a sealed fingerprint to its document and loan.
func documentFingerprintAAD(id, loanID string) []byte {
	return []byte("documents.fingerprint:" + id + ":" + loanID)
}

// documentSelect reads a document with its review and its reviewer.
const documentSelect = `SELECT d.id, d.loan_id, d.party, d.type, d.side, d.file_name, d.content_type, d.size, d.blob_key, d.uploaded_at, d.condition_id,
	d.review_status, d.review_note, d.reviewed_by, r.email, r.first_name, r.last_name, r.role, d.reviewed_at
	FROM documents d LEFT JOIN staff_users r ON r.id = d.reviewed_by`

// documentReviewNoteAAD binds a sealed review note to its document and loan.
func documentReviewNoteAAD(id, loanID string) []byte {
	return []byte("documents.review_note:" + id + ":" + loanID)
}

// AddDocument records a document uploaded for d.LoanID, its file name
// sealed, in one write transaction with check, which gets the loan as
// stored (locked on PostgreSQL) and may refuse it, so that no document is
// added to a loan the check would refuse at that moment (one just
// submitted). A document that answers a condition (d.ConditionID) must
// answer an open document condition of its loan, for its person and type.
// An upload is the borrower's activity: the loan's updated_at (the
// pipeline's last activity) moves to it in the same transaction.
// d.ID is given when empty; d.UploadedAt is set.
func (db *DB) AddDocument(ctx context.Context, d *domain.Document, check func(l *domain.Loan) error) error {
	if d.LoanID == "" || d.BlobKey == "" || d.Type == "" || d.Party == "" {
		return domain.Errorf(domain.EINVALID, "A document needs its loan, type, party and blob.")
	}
	if d.ID == "" {
		d.ID = newID()
	}
	if db.Sealer == nil {
		return errNoSealer
	}
	name, err := db.Sealer.Seal([]byte(d.FileName), []byte(documentNameAAD(d.ID, d.LoanID)))
	if err != nil {
		return err
	}
	var fingerprint any
	if d.Fingerprint != "" {
		if fingerprint, err = db.Sealer.Seal([]byte(d.Fingerprint), documentFingerprintAAD(d.ID, d.LoanID)); err != nil {
			return err
		}
	}
	tx, err := db.beginTx(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	l, err := db.lockLoan(ctx, tx, d.LoanID)
	if err != nil {
		return err
	}
	if check != nil {
		if err := check(l); err != nil {
			return err
		}
	}
	if d.ConditionID != "" {
		if err := openDocumentCondition(ctx, tx, d); err != nil {
			return err
		}
	}
	if err := db.refuseSameFile(ctx, tx, d); err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, tx.Rebind(`INSERT INTO documents (`+documentColumns+`, fingerprint) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
		d.ID, d.LoanID, d.Party, d.Type, d.Side, name, d.ContentType, d.Size, d.BlobKey, tx.now.UnixMilli(), nullString(d.ConditionID), fingerprint)
	if isUniqueViolation(err) {
		return domain.Errorf(domain.ECONFLICT, "That document is stored already.")
	} else if err != nil {
		return err
	}
	if err := touchLoan(ctx, tx, d.LoanID); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	d.UploadedAt = tx.now
	d.Review = domain.DocumentReview{Status: domain.ReviewPending}
	return nil
}

// refuseSameFile refuses d when its person has uploaded the same file (the
// same fingerprint) to the loan already, naming that upload: a second copy
// can only be a mistake for the document asked for. Another person's copy
// is no reason (a joint account's statement is asked of both).
func (db *DB) refuseSameFile(ctx context.Context, tx *tx, d *domain.Document) error {
	if d.Fingerprint == "" {
		return nil
	}
	rows, err := tx.QueryxContext(ctx, tx.Rebind(`SELECT id, file_name, fingerprint FROM documents
		WHERE loan_id = ? AND party = ? AND fingerprint IS NOT NULL ORDER BY uploaded_at, id`), d.LoanID, d.Party)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id, name, sealed string
		if err := rows.Scan(&id, &name, &sealed); err != nil {
			return err
		}
		fp, err := db.Sealer.Open(sealed, documentFingerprintAAD(id, d.LoanID))
		if err != nil {
			return err
		}
		if string(fp) != d.Fingerprint {
			continue
		}
		earlier, err := db.Sealer.Open(name, []byte(documentNameAAD(id, d.LoanID)))
		if err != nil {
			return err
		}
		return domain.InvalidField("file", fmt.Sprintf("This is the same file as “%s”, which you uploaded already. Choose the document asked for here.", earlier))
	}
	return rows.Err()
}

// ListDocuments returns the loan's documents, oldest first, names opened.
func (db *DB) ListDocuments(ctx context.Context, loanID string) ([]*domain.Document, error) {
	rows, err := db.read.QueryxContext(ctx, db.read.Rebind(documentSelect+` WHERE d.loan_id = ? ORDER BY d.uploaded_at, d.id`), loanID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []*domain.Document{}
	for rows.Next() {
		d, err := db.scanDocument(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, rows.Err()
}

// FindDocument returns the document with the given id, name opened;
// ENOTFOUND when there is none. Whose it is is the caller's to check.
func (db *DB) FindDocument(ctx context.Context, id string) (*domain.Document, error) {
	return db.scanDocument(db.getRow(ctx, documentSelect+` WHERE d.id = ?`, id))
}

// RemoveDocument deletes the loan's document id in one write transaction
// with remove, which gets the loan (locked on PostgreSQL) and the document
// and may refuse (a submitted loan) or do what goes with the removal
// (deleting the blob) before the row goes. A document of another loan is
// ENOTFOUND, as is one removed already.
func (db *DB) RemoveDocument(ctx context.Context, loanID, id string, remove func(l *domain.Loan, d *domain.Document) error) error {
	tx, err := db.beginTx(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	l, err := db.lockLoan(ctx, tx, loanID)
	if err != nil {
		return err
	}
	d, err := db.scanDocument(tx.QueryRowxContext(ctx, tx.Rebind(documentSelect+` WHERE d.id = ? AND d.loan_id = ?`), id, loanID))
	if err != nil {
		return err
	}
	if remove != nil {
		if err := remove(l, d); err != nil {
			return err
		}
	}
	if _, err := tx.ExecContext(ctx, tx.Rebind(`DELETE FROM documents WHERE id = ? AND loan_id = ?`), id, loanID); err != nil {
		return err
	}
	return tx.Commit()
}

// ReviewDocument records the review of the loan's document id by the
// portal user by: status accepted or rejected, with a note sealed, in one
// write transaction with check, which gets the loan (locked on PostgreSQL)
// and the document as stored and may refuse. A document reviewed before
// is reviewed again. A document of another loan is ENOTFOUND.
func (db *DB) ReviewDocument(ctx context.Context, loanID, id, status, by, note string, check func(l *domain.Loan, d *domain.Document) error) (*domain.Document, error) {
	if status != domain.ReviewAccepted && status != domain.ReviewRejected {
		return nil, domain.Errorf(domain.EINVALID, "A document is accepted or rejected.")
	}
	if db.Sealer == nil {
		return nil, errNoSealer
	}
	sealed, err := db.sealText(note, documentReviewNoteAAD(id, loanID))
	if err != nil {
		return nil, err
	}
	tx, err := db.beginTx(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	l, err := db.lockLoan(ctx, tx, loanID)
	if err != nil {
		return nil, err
	}
	d, err := db.scanDocument(tx.QueryRowxContext(ctx, tx.Rebind(documentSelect+` WHERE d.id = ? AND d.loan_id = ?`), id, loanID))
	if err != nil {
		return nil, err
	}
	if check != nil {
		if err := check(l, d); err != nil {
			return nil, err
		}
	}
	_, err = tx.ExecContext(ctx, tx.Rebind(`UPDATE documents SET review_status = ?, review_note = ?, reviewed_by = ?, reviewed_at = ?
		WHERE id = ? AND loan_id = ?`), status, sealed, by, tx.now.UnixMilli(), id, loanID)
	if isForeignKeyViolation(err) {
		return nil, domain.Errorf(domain.ENOTFOUND, "Portal user not found.")
	} else if err != nil {
		return nil, err
	}
	d, err = db.scanDocument(tx.QueryRowxContext(ctx, tx.Rebind(documentSelect+` WHERE d.id = ?`), id))
	if err != nil {
		return nil, err
	}
	if err := tx.Commit(); err != nil {
		return nil, err
	}
	return d, nil
}

// touchLoan moves the loan's updated_at, the pipeline's last activity, to
// the transaction's time: only for what the borrower does (an upload, a
// condition's answer, a saved page), not for what the loan team does.
func touchLoan(ctx context.Context, tx *tx, loanID string) error {
	_, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE loans SET updated_at = ? WHERE id = ?`), tx.now.UnixMilli(), loanID)
	return err
}

// lockLoan reads the loan inside tx, locking its row on PostgreSQL
// (SQLite's write transaction already holds the database's lock).
func (db *DB) lockLoan(ctx context.Context, tx *tx, loanID string) (*domain.Loan, error) {
	lock := ""
	if db.dialect == "postgres" {
		lock = " FOR UPDATE"
	}
	return db.scanLoan(tx.QueryRowxContext(ctx, tx.Rebind(`SELECT `+loanColumns+` FROM loans WHERE id = ?`+lock), loanID))
}

func (db *DB) scanDocument(row rowScanner) (*domain.Document, error) {
	var d domain.Document
	var name string
	var uploaded int64
	var condition sql.NullString
	var note string
	var reviewedBy, rEmail, rFirst, rLast, rRole sql.NullString
	var reviewedAt sql.NullInt64
	err := row.Scan(&d.ID, &d.LoanID, &d.Party, &d.Type, &d.Side, &name, &d.ContentType, &d.Size, &d.BlobKey, &uploaded, &condition,
		&d.Review.Status, &note, &reviewedBy, &rEmail, &rFirst, &rLast, &rRole, &reviewedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, domain.Errorf(domain.ENOTFOUND, "Document not found.")
	} else if err != nil {
		return nil, err
	}
	if db.Sealer == nil {
		return nil, errNoSealer
	}
	plain, err := db.Sealer.Open(name, []byte(documentNameAAD(d.ID, d.LoanID)))
	if err != nil {
		return nil, err
	}
	d.FileName = string(plain)
	d.UploadedAt = fromMS(uploaded)
	d.ConditionID = condition.String
	if d.Review.Note, err = db.openText(note, documentReviewNoteAAD(d.ID, d.LoanID)); err != nil {
		return nil, err
	}
	if reviewedBy.Valid {
		d.Review.ReviewedBy = &domain.StaffRef{ID: reviewedBy.String, Email: rEmail.String, FirstName: rFirst.String, LastName: rLast.String, Role: rRole.String}
	}
	d.Review.ReviewedAt = timeOrNil(reviewedAt)
	return &d, nil
}
