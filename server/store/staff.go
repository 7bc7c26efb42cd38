package store

import (
	"context"
	"database/sql"
	"errors"

	"github.com/heloc/heloc/server/domain"
)

const staffColumns = `id, email, first_name, last_name, role, active, loan_officer_tag, ` + staffEnrolment + `, created_at, updated_at`

// staffEnrolment is a user's domain.Enrolment*: an invited user has no
// password yet, a user whose second factor was reset no authenticator.
const staffEnrolment = `CASE WHEN password_hash = '' THEN 'invited' WHEN totp_secret = '' THEN 'secondFactorReset' ELSE 'complete' END`

// CreateStaffUser stores a new portal user with its credentials and
// recovery codes in one transaction, assigning ID, CreatedAt and UpdatedAt.
func (db *DB) CreateStaffUser(ctx context.Context, u *domain.StaffUser, cred domain.StaffCredentials) error {
	u.Email = normalizeEmail(u.Email)
	if u.Email == "" || u.Role == "" || cred.PasswordHash == "" || cred.SealTOTP == nil {
		return domain.Errorf(domain.EINVALID, "A portal user needs an e-mail, a role, a password and an authenticator.")
	}
	tx, err := db.beginTx(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()

	u.ID, u.CreatedAt, u.UpdatedAt, u.Active, u.Enrolment = newID(), tx.now, tx.now, true, domain.EnrolmentComplete
	sealed, err := cred.SealTOTP(u.ID)
	if err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, tx.Rebind(`
		INSERT INTO staff_users (id, email, first_name, last_name, role, password_hash, totp_secret, active, loan_officer_tag, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?)`),
		u.ID, u.Email, u.FirstName, u.LastName, u.Role, cred.PasswordHash, sealed, u.LoanOfficerTag, tx.now.UnixMilli(), tx.now.UnixMilli())
	if isUniqueViolation(err) {
		return domain.Errorf(domain.ECONFLICT, "A portal user with this e-mail already exists.")
	} else if err != nil {
		return err
	}
	for _, h := range cred.RecoveryCodeHashes {
		if _, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO recovery_codes (user_id, code_hash) VALUES (?, ?)`), u.ID, h); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// FindStaffUserByEmail returns the portal user with the e-mail, active or
// not, and their sign-in secrets.
func (db *DB) FindStaffUserByEmail(ctx context.Context, email string) (*domain.StaffUser, *domain.StaffSecrets, error) {
	var sec domain.StaffSecrets
	u, err := scanStaffUser(db.getRow(ctx, `SELECT `+staffColumns+`, password_hash, totp_secret, totp_last_step
		FROM staff_users WHERE email = ?`, normalizeEmail(email)), &sec.PasswordHash, &sec.TOTPSecret, &sec.TOTPLastStep)
	if err != nil {
		return nil, nil, err
	}
	return u, &sec, nil
}

// FindStaffUserByID returns the portal user with the id, active or not.
func (db *DB) FindStaffUserByID(ctx context.Context, id string) (*domain.StaffUser, error) {
	return scanStaffUser(db.getRow(ctx, `SELECT `+staffColumns+` FROM staff_users WHERE id = ?`, id))
}

// ListStaffUsers returns every portal user, by last and first name.
func (db *DB) ListStaffUsers(ctx context.Context) ([]*domain.StaffUser, error) {
	rows, err := db.read.QueryxContext(ctx, `SELECT `+staffColumns+` FROM staff_users ORDER BY last_name, first_name, email`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var users []*domain.StaffUser
	for rows.Next() {
		u, err := scanStaffUser(rows)
		if err != nil {
			return nil, err
		}
		users = append(users, u)
	}
	return users, rows.Err()
}

func scanStaffUser(row rowScanner, extra ...any) (*domain.StaffUser, error) {
	var u domain.StaffUser
	var active int
	var created, updated int64
	dest := append([]any{&u.ID, &u.Email, &u.FirstName, &u.LastName, &u.Role, &active, &u.LoanOfficerTag, &u.Enrolment, &created, &updated}, extra...)
	if err := row.Scan(dest...); errors.Is(err, sql.ErrNoRows) {
		return nil, domain.Errorf(domain.ENOTFOUND, "Portal user not found.")
	} else if err != nil {
		return nil, err
	}
	u.Active = active == 1
	u.CreatedAt, u.UpdatedAt = fromMS(created), fromMS(updated)
	return &u, nil
}

// SetStaffUserActive activates or deactivates a portal user. Deactivation
// ends every session of the user in the same transaction, so it takes
// effect at once. audit, when not nil, is appended in the same transaction.
func (db *DB) SetStaffUserActive(ctx context.Context, id string, active bool, audit *domain.AuditEntry) error {
	flag := 0
	if active {
		flag = 1
	}
	return db.updateStaffUser(ctx, id, `active = ?`, flag, audit, func(tx *tx) error {
		if active {
			return nil
		}
		return deleteStaffSessions(ctx, tx, id)
	})
}

// SetStaffUserRole changes a portal user's role. Which roles exist is the
// access policy's to say; the caller checks. audit, when not nil, is
// appended in the same transaction.
func (db *DB) SetStaffUserRole(ctx context.Context, id, role string, audit *domain.AuditEntry) error {
	if role == "" {
		return domain.Errorf(domain.EINVALID, "A role is required.")
	}
	return db.updateStaffUser(ctx, id, `role = ?`, role, audit, nil)
}

// SetStaffUserTag sets a portal user's loanOfficerTag (” for none), and
// appends audit in the same transaction.
func (db *DB) SetStaffUserTag(ctx context.Context, id, tag string, audit *domain.AuditEntry) error {
	return db.updateStaffUser(ctx, id, `loan_officer_tag = ?`, tag, audit, nil)
}

func deleteStaffSessions(ctx context.Context, tx *tx, id string) error {
	_, err := tx.ExecContext(ctx, tx.Rebind(`DELETE FROM sessions WHERE realm = ? AND subject_id = ?`), string(domain.RealmPortal), id)
	return err
}

func (db *DB) updateStaffUser(ctx context.Context, id, set string, value any, audit *domain.AuditEntry, also func(*tx) error) error {
	tx, err := db.beginTx(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()

	res, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE staff_users SET `+set+`, updated_at = ? WHERE id = ?`), value, tx.now.UnixMilli(), id)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return domain.Errorf(domain.ENOTFOUND, "Portal user not found.")
	}
	if also != nil {
		if err := also(tx); err != nil {
			return err
		}
	}
	if audit != nil {
		if err := appendAudit(ctx, tx, audit); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// AcceptTOTPStep records that the authenticator code of time step was used
// by the user, and reports false when that step or a later one was already
// accepted: a code works once, even within its 30 seconds.
func (db *DB) AcceptTOTPStep(ctx context.Context, id string, step int64) (bool, error) {
	return db.updateOnce(ctx, `UPDATE staff_users SET totp_last_step = ? WHERE id = ? AND totp_last_step < ?`, step, id, step)
}

// UseRecoveryCode spends one of the user's recovery codes, given its hash,
// and reports false when there is no such unused code.
func (db *DB) UseRecoveryCode(ctx context.Context, id, codeHash string) (bool, error) {
	return db.updateOnce(ctx, `UPDATE recovery_codes SET used_at = ? WHERE user_id = ? AND code_hash = ? AND used_at IS NULL`,
		db.now().UnixMilli(), id, codeHash)
}

// updateOnce runs an UPDATE whose WHERE makes it succeed at most once, and
// reports whether it changed a row.
func (db *DB) updateOnce(ctx context.Context, query string, args ...any) (bool, error) {
	tx, err := db.beginTx(ctx)
	if err != nil {
		return false, err
	}
	defer tx.Rollback()

	res, err := tx.ExecContext(ctx, tx.Rebind(query), args...)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, err
	}
	return n > 0, tx.Commit()
}
