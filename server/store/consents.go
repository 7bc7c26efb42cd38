package store

import (
	"context"

	"github.com/heloc/heloc/server/domain"
)

// CreateApplicantWithConsents stores a new applicant, their first loan and
// the consents they agreed to, all or nothing: an account never exists
// without the record of what its owner agreed to when making it. Each
// consent's At is the time of the write.
func (db *DB) CreateApplicantWithConsents(ctx context.Context, a *domain.Applicant, status string, consents []domain.ConsentRecord) (*domain.Loan, error) {
	tx, err := db.beginTx(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()

	if err := createApplicant(ctx, tx, a); err != nil {
		return nil, err
	}
	l := &domain.Loan{ApplicantID: a.ID, ApplicationStatus: status}
	if err := db.createLoan(ctx, tx, l); err != nil {
		return nil, err
	}
	for i := range consents {
		if err := recordConsent(ctx, tx, a.ID, &consents[i]); err != nil {
			return nil, err
		}
	}
	return l, tx.Commit()
}

// RecordConsents adds agreements to an existing applicant's record.
func (db *DB) RecordConsents(ctx context.Context, applicantID string, consents []domain.ConsentRecord) error {
	tx, err := db.beginTx(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()

	for i := range consents {
		if err := recordConsent(ctx, tx, applicantID, &consents[i]); err != nil {
			return err
		}
	}
	return tx.Commit()
}

func recordConsent(ctx context.Context, tx *tx, applicantID string, c *domain.ConsentRecord) error {
	if c.Kind == "" || c.Version == "" {
		return domain.Errorf(domain.EINVALID, "A consent needs its kind and version.")
	}
	c.At = tx.now
	_, err := tx.ExecContext(ctx, tx.Rebind(`
		INSERT INTO consents (id, applicant_id, kind, version, agreed_at, client_address, user_agent)
		VALUES (?, ?, ?, ?, ?, ?, ?)`),
		newID(), applicantID, c.Kind, c.Version, c.At.UnixMilli(), c.ClientIP, c.UserAgent)
	return err
}

// ListConsents returns an applicant's agreements, oldest first.
func (db *DB) ListConsents(ctx context.Context, applicantID string) ([]domain.ConsentRecord, error) {
	rows, err := db.read.QueryxContext(ctx, db.read.Rebind(`
		SELECT kind, version, agreed_at, client_address, user_agent FROM consents
		WHERE applicant_id = ? ORDER BY agreed_at, kind`), applicantID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []domain.ConsentRecord{}
	for rows.Next() {
		var c domain.ConsentRecord
		var at int64
		if err := rows.Scan(&c.Kind, &c.Version, &at, &c.ClientIP, &c.UserAgent); err != nil {
			return nil, err
		}
		c.At = fromMS(at)
		out = append(out, c)
	}
	return out, rows.Err()
}

// AddToWaitlist stores a visitor waiting for state to open. seal makes the
// sealed contact for the new row's id, so the ciphertext is bound to it.
func (db *DB) AddToWaitlist(ctx context.Context, state, zip string, seal func(id string) (string, error)) (*domain.WaitlistEntry, error) {
	e := &domain.WaitlistEntry{ID: newID(), State: state, Zip: zip, CreatedAt: db.now()}
	contact, err := seal(e.ID)
	if err != nil {
		return nil, err
	}
	e.Contact = contact
	_, err = db.write.ExecContext(ctx, db.write.Rebind(`
		INSERT INTO waitlist (id, state, zip, contact, created_at) VALUES (?, ?, ?, ?, ?)`),
		e.ID, e.State, e.Zip, e.Contact, e.CreatedAt.UnixMilli())
	if err != nil {
		return nil, err
	}
	return e, nil
}

// ListWaitlist returns the visitors waiting for state, oldest first, with
// their contact still sealed.
func (db *DB) ListWaitlist(ctx context.Context, state string) ([]domain.WaitlistEntry, error) {
	rows, err := db.read.QueryxContext(ctx, db.read.Rebind(`
		SELECT id, state, zip, contact, created_at FROM waitlist WHERE state = ? ORDER BY created_at, id`), state)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []domain.WaitlistEntry{}
	for rows.Next() {
		var e domain.WaitlistEntry
		var at int64
		if err := rows.Scan(&e.ID, &e.State, &e.Zip, &e.Contact, &at); err != nil {
			return nil, err
		}
		e.CreatedAt = fromMS(at)
		out = append(out, e)
	}
	return out, rows.Err()
}
