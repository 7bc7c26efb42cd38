package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"time"

	"github.com/heloc/heloc/server/domain"
)

func applicationAAD(loanID string) string { return "applications.data:" + loanID }

func draftAAD(loanID, path string) string { return "application_drafts.draft:" + loanID + ":" + path }

// FindApplication returns the loan's application, opened; ENOTFOUND before
// its first save.
func (db *DB) FindApplication(ctx context.Context, loanID string) (*domain.StoredApplication, error) {
	var sealed string
	var updated int64
	err := db.getRow(ctx, `SELECT data, updated_at FROM applications WHERE loan_id = ?`, loanID).Scan(&sealed, &updated)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, domain.Errorf(domain.ENOTFOUND, "No application yet.")
	} else if err != nil {
		return nil, err
	}
	out := &domain.StoredApplication{LoanID: loanID, UpdatedAt: fromMS(updated)}
	if err := db.open(sealed, applicationAAD(loanID), &out.Application); err != nil {
		return nil, err
	}
	out.Application.Normalize()
	return out, nil
}

// UpdateApplication changes a loan's application and status in one write
// transaction, as UpdateLoanAnswers does the answers: update gets the loan
// and the application as stored (stored is false before the first save,
// app then being empty) and changes them; what it leaves is written, the
// application sealed, and the draft of draftPath (when not "") deleted.
// Two saves of one loan at once each see the other's changes.
func (db *DB) UpdateApplication(ctx context.Context, loanID, draftPath string, update func(l *domain.Loan, app *domain.Application, stored bool) error) (*domain.Loan, *domain.Application, error) {
	tx, err := db.beginTx(ctx)
	if err != nil {
		return nil, nil, err
	}
	defer tx.Rollback()

	lock := "" // SQLite's write transaction already holds the database's lock
	if db.dialect == "postgres" {
		lock = " FOR UPDATE"
	}
	l, err := db.scanLoan(tx.QueryRowxContext(ctx, tx.Rebind(`SELECT `+loanColumns+` FROM loans WHERE id = ?`+lock), loanID))
	if err != nil {
		return nil, nil, err
	}
	var app domain.Application
	var sealed string
	err = tx.QueryRowxContext(ctx, tx.Rebind(`SELECT data FROM applications WHERE loan_id = ?`), loanID).Scan(&sealed)
	stored := err == nil
	if stored {
		if err := db.open(sealed, applicationAAD(loanID), &app); err != nil {
			return nil, nil, err
		}
	} else if !errors.Is(err, sql.ErrNoRows) {
		return nil, nil, err
	}
	if err := update(l, &app, stored); err != nil {
		return nil, nil, err
	}
	app.Normalize()
	if sealed, err = db.seal(app, applicationAAD(loanID)); err != nil {
		return nil, nil, err
	}
	l.UpdatedAt = tx.now
	if _, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO applications (loan_id, data, updated_at) VALUES (?, ?, ?)
		ON CONFLICT (loan_id) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at`),
		loanID, sealed, tx.now.UnixMilli()); err != nil {
		return nil, nil, err
	}
	// The first submission's time is kept on the loan (migration 0019), for
	// the pipeline's Reg B deadline.
	var submitted sql.NullInt64
	if app.SubmittedAt != nil {
		if at, err := time.Parse(time.RFC3339, *app.SubmittedAt); err == nil {
			submitted = sql.NullInt64{Int64: at.UnixMilli(), Valid: true}
		}
	}
	if _, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE loans SET application_status = ?, updated_at = ?, submitted_at = COALESCE(submitted_at, ?) WHERE id = ?`),
		l.ApplicationStatus, tx.now.UnixMilli(), submitted, loanID); err != nil {
		return nil, nil, err
	}
	if draftPath != "" {
		if _, err := tx.ExecContext(ctx, tx.Rebind(`DELETE FROM application_drafts WHERE loan_id = ? AND path = ?`), loanID, draftPath); err != nil {
			return nil, nil, err
		}
	}
	return l, &app, tx.Commit()
}

// SaveApplicationDraft keeps what a page's form holds, sealed under the
// loan and the page, replacing the page's previous draft; it returns when.
func (db *DB) SaveApplicationDraft(ctx context.Context, loanID, path string, draft json.RawMessage) (*domain.ApplicationDraft, error) {
	if !json.Valid(draft) {
		return nil, domain.Errorf(domain.EINVALID, "A draft is a JSON object.")
	}
	if db.Sealer == nil {
		return nil, errNoSealer
	}
	sealed, err := db.Sealer.Seal(draft, []byte(draftAAD(loanID, path)))
	if err != nil {
		return nil, err
	}
	tx, err := db.beginTx(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	_, err = tx.ExecContext(ctx, tx.Rebind(`INSERT INTO application_drafts (loan_id, path, draft, updated_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (loan_id, path) DO UPDATE SET draft = excluded.draft, updated_at = excluded.updated_at`),
		loanID, path, sealed, tx.now.UnixMilli())
	if isForeignKeyViolation(err) {
		return nil, domain.Errorf(domain.ENOTFOUND, "Loan not found.")
	} else if err != nil {
		return nil, err
	}
	return &domain.ApplicationDraft{Draft: draft, SavedAt: tx.now}, tx.Commit()
}

// FindApplicationDraft returns the page's draft, opened; ENOTFOUND when
// there is none.
func (db *DB) FindApplicationDraft(ctx context.Context, loanID, path string) (*domain.ApplicationDraft, error) {
	var sealed string
	var updated int64
	err := db.getRow(ctx, `SELECT draft, updated_at FROM application_drafts WHERE loan_id = ? AND path = ?`, loanID, path).Scan(&sealed, &updated)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, domain.Errorf(domain.ENOTFOUND, "No draft.")
	} else if err != nil {
		return nil, err
	}
	if db.Sealer == nil {
		return nil, errNoSealer
	}
	buf, err := db.Sealer.Open(sealed, []byte(draftAAD(loanID, path)))
	if err != nil {
		return nil, err
	}
	return &domain.ApplicationDraft{Draft: buf, SavedAt: fromMS(updated)}, nil
}
