package store

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"github.com/heloc/heloc/server/domain"
)

// CreateApplicant stores a new applicant, assigning its ID and CreatedAt.
// The e-mail is kept lowercase, so sign-up and sign-in ignore its case.
func (db *DB) CreateApplicant(ctx context.Context, a *domain.Applicant) error {
	tx, err := db.beginTx(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()

	if err := createApplicant(ctx, tx, a); err != nil {
		return err
	}
	return tx.Commit()
}

func createApplicant(ctx context.Context, tx *tx, a *domain.Applicant) error {
	a.Email = normalizeEmail(a.Email)
	if a.Email == "" {
		return domain.Errorf(domain.EINVALID, "E-mail is required.")
	}
	a.ID, a.CreatedAt = newID(), tx.now
	var consentAt sql.NullInt64
	var consentVersion sql.NullString
	if a.TCPAConsent != nil {
		a.TCPAConsent.At = tx.now
		consentAt = sql.NullInt64{Int64: tx.now.UnixMilli(), Valid: true}
		consentVersion = sql.NullString{String: a.TCPAConsent.Version, Valid: true}
	}
	_, err := tx.ExecContext(ctx, tx.Rebind(`
		INSERT INTO applicants (id, email, first_name, last_name, phone, tcpa_consent_at, tcpa_consent_version, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`),
		a.ID, a.Email, a.FirstName, a.LastName, a.Phone, consentAt, consentVersion, a.CreatedAt.UnixMilli())
	if isUniqueViolation(err) {
		return domain.Errorf(domain.ECONFLICT, "An account with this e-mail already exists.")
	}
	return err
}

// FindApplicantByEmail returns the applicant with the given e-mail, in any case.
func (db *DB) FindApplicantByEmail(ctx context.Context, email string) (*domain.Applicant, error) {
	return db.findApplicant(ctx, "email", normalizeEmail(email))
}

// FindApplicantByID returns the applicant with the given id.
func (db *DB) FindApplicantByID(ctx context.Context, id string) (*domain.Applicant, error) {
	return db.findApplicant(ctx, "id", id)
}

// findApplicant looks an applicant up by column, which is one of two
// constants above, never caller input.
func (db *DB) findApplicant(ctx context.Context, column, value string) (*domain.Applicant, error) {
	return scanApplicant(db.getRow(ctx, `SELECT `+applicantColumns+` FROM applicants a WHERE a.`+column+` = ?`, value))
}

const applicantColumns = `a.id, a.email, a.first_name, a.last_name, a.phone, a.tcpa_consent_at, a.tcpa_consent_version, a.created_at`

// scanApplicant reads applicantColumns, then any extra columns into extra.
func scanApplicant(row rowScanner, extra ...any) (*domain.Applicant, error) {
	var r applicantRow
	if err := row.Scan(append(r.dest(), extra...)...); errors.Is(err, sql.ErrNoRows) {
		return nil, domain.Errorf(domain.ENOTFOUND, "Applicant not found.")
	} else if err != nil {
		return nil, err
	}
	return r.applicant(), nil
}

// applicantRow is what a read of applicantColumns scans into.
type applicantRow struct {
	a              domain.Applicant
	phone          sql.NullString
	consentVersion sql.NullString
	consentAt      sql.NullInt64
	created        int64
}

// dest are the places of applicantColumns, in their order.
func (r *applicantRow) dest() []any {
	return []any{&r.a.ID, &r.a.Email, &r.a.FirstName, &r.a.LastName, &r.phone, &r.consentAt, &r.consentVersion, &r.created}
}

// applicant is the applicant the row holds.
func (r *applicantRow) applicant() *domain.Applicant {
	a := r.a
	if r.phone.Valid {
		a.Phone = &r.phone.String
	}
	if r.consentAt.Valid {
		a.TCPAConsent = &domain.Consent{Version: r.consentVersion.String, At: fromMS(r.consentAt.Int64)}
	}
	a.CreatedAt = fromMS(r.created)
	return &a
}

func normalizeEmail(email string) string {
	return strings.ToLower(strings.TrimSpace(email))
}

// CreateLoan stores a new loan for an existing applicant, assigning its ID,
// CreatedAt and UpdatedAt.
func (db *DB) CreateLoan(ctx context.Context, l *domain.Loan) error {
	tx, err := db.beginTx(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()

	if err := db.createLoan(ctx, tx, l); err != nil {
		return err
	}
	return tx.Commit()
}

func (db *DB) createLoan(ctx context.Context, tx *tx, l *domain.Loan) error {
	if l.ApplicantID == "" || l.ApplicationStatus == "" {
		return domain.Errorf(domain.EINVALID, "A loan needs an applicant and an application status.")
	}
	l.ID, l.CreatedAt, l.UpdatedAt = newID(), tx.now, tx.now
	sealed, err := db.sealAnswers(l.ID, l.Answers)
	if err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, tx.Rebind(`
		INSERT INTO loans (id, applicant_id, application_status, prequal_answers, answers_sealed, created_at, updated_at)
		VALUES (?, ?, ?, '{}', ?, ?, ?)`),
		l.ID, l.ApplicantID, l.ApplicationStatus, sealed, l.CreatedAt.UnixMilli(), l.UpdatedAt.UnixMilli())
	if isForeignKeyViolation(err) {
		return domain.Errorf(domain.ENOTFOUND, "Applicant not found.")
	} else if err != nil {
		return err
	}
	if l.Answers.PropertyState != nil {
		if _, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE loans SET property_state = ? WHERE id = ?`), *l.Answers.PropertyState, l.ID); err != nil {
			return err
		}
	}
	return setBorrower(ctx, tx, l.ApplicantID) // the pipeline's copy (portal.go)
}

// FindLoanByApplicant returns the applicant's most recent loan.
func (db *DB) FindLoanByApplicant(ctx context.Context, applicantID string) (*domain.Loan, error) {
	return db.scanLoan(db.getRow(ctx, `SELECT `+loanColumns+` FROM loans WHERE applicant_id = `+boundText+`
		ORDER BY created_at DESC, id LIMIT 1`, applicantID))
}

const loanColumns = `id, applicant_id, application_status, prequal_answers, answers_sealed, created_at, updated_at`

func (db *DB) scanLoan(row rowScanner) (*domain.Loan, error) {
	var l domain.Loan
	var plain string
	var sealed sql.NullString
	var created, updated int64
	err := row.Scan(&l.ID, &l.ApplicantID, &l.ApplicationStatus, &plain, &sealed, &created, &updated)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, domain.Errorf(domain.ENOTFOUND, "Loan not found.")
	} else if err != nil {
		return nil, err
	}
	if l.Answers, err = db.openAnswers(l.ID, plain, sealed); err != nil {
		return nil, err
	}
	l.CreatedAt, l.UpdatedAt = fromMS(created), fromMS(updated)
	return &l, nil
}

// UpdateLoanStatus moves a loan to another application status. Which moves
// are allowed is the policy's business, not the store's.
func (db *DB) UpdateLoanStatus(ctx context.Context, loanID, status string) error {
	if status == "" {
		return domain.Errorf(domain.EINVALID, "Application status is required.")
	}
	tx, err := db.beginTx(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()

	res, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE loans SET application_status = ?, updated_at = ? WHERE id = ?`),
		status, tx.now.UnixMilli(), loanID)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return domain.Errorf(domain.ENOTFOUND, "Loan not found.")
	}
	return tx.Commit()
}

// CreateApplicantWithLoan stores a new applicant and their first loan, at
// status, in one transaction: an account is made at the contact step of
// prequalification, and from then on the loan keeps the applicant's place.
func (db *DB) CreateApplicantWithLoan(ctx context.Context, a *domain.Applicant, status string) (*domain.Loan, error) {
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
	return l, tx.Commit()
}

// UpdateApplicant applies patch to the applicant and returns the result.
func (db *DB) UpdateApplicant(ctx context.Context, id string, patch domain.ApplicantPatch) (*domain.Applicant, error) {
	a, err := db.FindApplicantByID(ctx, id)
	if err != nil {
		return nil, err
	}
	if patch.FirstName != nil {
		a.FirstName = *patch.FirstName
	}
	if patch.LastName != nil {
		a.LastName = *patch.LastName
	}
	if patch.Phone != nil {
		a.Phone = patch.Phone
	}
	tx, err := db.beginTx(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()

	if _, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE applicants SET first_name = ?, last_name = ?, phone = ? WHERE id = ?`),
		a.FirstName, a.LastName, a.Phone, id); err != nil {
		return nil, err
	}
	if err := setBorrower(ctx, tx, id); err != nil {
		return nil, err
	}
	return a, tx.Commit()
}

// SetApplicantPassword stores the hash of the applicant's optional password.
func (db *DB) SetApplicantPassword(ctx context.Context, id, hash string) error {
	ok, err := db.updateOnce(ctx, `UPDATE applicants SET password_hash = ? WHERE id = ?`, hash, id)
	if err == nil && !ok {
		return domain.Errorf(domain.ENOTFOUND, "Applicant not found.")
	}
	return err
}

// ApplicantPasswordHash returns the hash of the applicant's password, or
// "" when they have none.
func (db *DB) ApplicantPasswordHash(ctx context.Context, id string) (string, error) {
	var hash sql.NullString
	err := db.getRow(ctx, `SELECT password_hash FROM applicants WHERE id = ?`, id).Scan(&hash)
	if errors.Is(err, sql.ErrNoRows) {
		return "", domain.Errorf(domain.ENOTFOUND, "Applicant not found.")
	}
	return hash.String, err
}

// FindLoan returns the loan with the given id.
func (db *DB) FindLoan(ctx context.Context, id string) (*domain.Loan, error) {
	return db.scanLoan(db.getRow(ctx, `SELECT `+loanColumns+` FROM loans WHERE id = ?`, id))
}
