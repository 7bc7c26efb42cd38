package store

import (
	"context"
	"database/sql"
	"errors"

	"github.com/heloc/heloc/server/domain"
)

// errInviteGone is the one answer for a link that is unknown, used,
// expired, tried too often, or whose user was deactivated.
func errInviteGone() error {
	return domain.Errorf(domain.ENOTFOUND, "This link has expired or was already used. Ask an administrator to send you a new one.")
}

// InviteStaffUser stores a new portal user who has no password and no
// authenticator yet, with the invite that lets them set both, and appends
// audit, in one transaction. It assigns u's ID and times and inv.UserID.
func (db *DB) InviteStaffUser(ctx context.Context, u *domain.StaffUser, inv *domain.Invite, audit *domain.AuditEntry) error {
	u.Email = normalizeEmail(u.Email)
	if u.Email == "" || u.Role == "" {
		return domain.Errorf(domain.EINVALID, "A portal user needs an e-mail and a role.")
	}
	tx, err := db.beginTx(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()

	u.ID, u.CreatedAt, u.UpdatedAt, u.Active, u.Enrolment = newID(), tx.now, tx.now, true, domain.EnrolmentInvited
	_, err = tx.ExecContext(ctx, tx.Rebind(`
		INSERT INTO staff_users (id, email, first_name, last_name, role, password_hash, totp_secret, active, loan_officer_tag, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, '', '', 1, ?, ?, ?)`),
		u.ID, u.Email, u.FirstName, u.LastName, u.Role, u.LoanOfficerTag, tx.now.UnixMilli(), tx.now.UnixMilli())
	if isUniqueViolation(err) {
		return domain.Errorf(domain.ECONFLICT, "A portal user with this e-mail already exists.")
	} else if err != nil {
		return err
	}
	inv.UserID = u.ID
	if err := insertInvite(ctx, tx, inv); err != nil {
		return err
	}
	if audit != nil {
		if err := appendAudit(ctx, tx, audit); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// ResendInvite replaces the user's links with inv (the old ones stop
// working) and appends audit. A user who is enrolled has nothing to accept:
// ECONFLICT.
func (db *DB) ResendInvite(ctx context.Context, inv *domain.Invite, audit *domain.AuditEntry) error {
	return db.replaceInvite(ctx, inv, audit, func(tx *tx, u *domain.StaffUser) error {
		if u.Enrolment == domain.EnrolmentComplete {
			return domain.Errorf(domain.ECONFLICT, "This user has already set up their account.")
		}
		if u.Enrolment == domain.EnrolmentSecondFactorReset {
			inv.Purpose = domain.InvitePurposeReenrol
		}
		return nil
	})
}

// ResetStaffSecondFactor takes the user's authenticator and recovery codes
// away and ends their sessions, then stores inv, the link to enrol a new
// authenticator, and appends audit, in one transaction. The user cannot
// sign in until they follow the link.
func (db *DB) ResetStaffSecondFactor(ctx context.Context, inv *domain.Invite, audit *domain.AuditEntry) error {
	return db.replaceInvite(ctx, inv, audit, func(tx *tx, u *domain.StaffUser) error {
		if u.Enrolment == domain.EnrolmentInvited {
			return domain.Errorf(domain.ECONFLICT, "This user has not set up their account yet: send the invitation again instead.")
		}
		if _, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE staff_users SET totp_secret = '', totp_last_step = 0, updated_at = ? WHERE id = ?`),
			tx.now.UnixMilli(), u.ID); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, tx.Rebind(`DELETE FROM recovery_codes WHERE user_id = ?`), u.ID); err != nil {
			return err
		}
		return deleteStaffSessions(ctx, tx, u.ID)
	})
}

func (db *DB) replaceInvite(ctx context.Context, inv *domain.Invite, audit *domain.AuditEntry, change func(*tx, *domain.StaffUser) error) error {
	tx, err := db.beginTx(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()

	u, err := scanStaffUser(tx.QueryRowxContext(ctx, tx.Rebind(`SELECT `+staffColumns+` FROM staff_users WHERE id = ?`), inv.UserID))
	if err != nil {
		return err
	}
	if !u.Active {
		return domain.Errorf(domain.EFORBIDDEN, "This user is deactivated: reactivate them first.")
	}
	if err := change(tx, u); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, tx.Rebind(`DELETE FROM invites WHERE user_id = ?`), u.ID); err != nil {
		return err
	}
	if err := insertInvite(ctx, tx, inv); err != nil {
		return err
	}
	if audit != nil {
		if err := appendAudit(ctx, tx, audit); err != nil {
			return err
		}
	}
	return tx.Commit()
}

func insertInvite(ctx context.Context, tx *tx, inv *domain.Invite) error {
	inv.CreatedAt = tx.now
	_, err := tx.ExecContext(ctx, tx.Rebind(`
		INSERT INTO invites (token_hash, user_id, purpose, created_by, created_at, expires_at)
		VALUES (?, ?, ?, ?, ?, ?)`),
		inv.TokenHash, inv.UserID, inv.Purpose, inv.CreatedBy, tx.now.UnixMilli(), inv.ExpiresAt.UnixMilli())
	return err
}

// inviteLive is the condition under which a link still works.
const inviteLive = `used_at IS NULL AND expires_at > ? AND attempts < ?
	AND EXISTS (SELECT 1 FROM staff_users WHERE staff_users.id = invites.user_id AND staff_users.active = 1)`

// FindInvite returns the live invite with the token's hash, its user and
// the user's secrets; NOT_FOUND when it is unknown, used, expired, tried
// too often or its user deactivated.
func (db *DB) FindInvite(ctx context.Context, tokenHash string) (*domain.Invite, *domain.StaffUser, *domain.StaffSecrets, error) {
	var inv domain.Invite
	var created, expires int64
	err := db.getRow(ctx, `SELECT token_hash, user_id, purpose, created_by, created_at, expires_at, attempts, totp_pending
		FROM invites WHERE token_hash = ? AND `+inviteLive, tokenHash, db.now().UnixMilli(), domain.MaxInviteAttempts).
		Scan(&inv.TokenHash, &inv.UserID, &inv.Purpose, &inv.CreatedBy, &created, &expires, &inv.Attempts, &inv.TOTPPending)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil, nil, errInviteGone()
	} else if err != nil {
		return nil, nil, nil, err
	}
	inv.CreatedAt, inv.ExpiresAt = fromMS(created), fromMS(expires)
	var sec domain.StaffSecrets
	u, err := scanStaffUser(db.getRow(ctx, `SELECT `+staffColumns+`, password_hash, totp_secret, totp_last_step FROM staff_users WHERE id = ?`, inv.UserID),
		&sec.PasswordHash, &sec.TOTPSecret, &sec.TOTPLastStep)
	if err != nil {
		return nil, nil, nil, err
	}
	return &inv, u, &sec, nil
}

// OfferInviteAuthenticator keeps sealed, the authenticator secret the
// invite's page offers, until a code from it is entered.
func (db *DB) OfferInviteAuthenticator(ctx context.Context, tokenHash, sealed string) error {
	return db.updateInvite(ctx, `totp_pending = ?`, sealed, tokenHash)
}

// FailInviteAttempt counts a wrong password or code against the invite.
func (db *DB) FailInviteAttempt(ctx context.Context, tokenHash string) error {
	return db.updateInvite(ctx, `attempts = attempts + ?`, 1, tokenHash)
}

func (db *DB) updateInvite(ctx context.Context, set string, value any, tokenHash string) error {
	tx, err := db.beginTx(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE invites SET `+set+` WHERE token_hash = ? AND `+inviteLive),
		value, tokenHash, tx.now.UnixMilli(), domain.MaxInviteAttempts)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return errInviteGone()
	}
	return tx.Commit()
}

// CompleteInvite spends the invite (once: a second call is NOT_FOUND) and
// stores what its user enrolled: the password (unless c keeps it), the
// authenticator and new recovery codes in place of any old ones. The user's
// other links stop working and their sessions end; audit is appended; all
// in one transaction.
func (db *DB) CompleteInvite(ctx context.Context, tokenHash string, c domain.InviteCompletion, audit *domain.AuditEntry) error {
	if c.TOTPSecret == "" {
		return errors.New("complete invite: no authenticator secret")
	}
	tx, err := db.beginTx(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()

	var userID string
	err = tx.QueryRowxContext(ctx, tx.Rebind(`SELECT user_id FROM invites WHERE token_hash = ? AND `+inviteLive),
		tokenHash, tx.now.UnixMilli(), domain.MaxInviteAttempts).Scan(&userID)
	if errors.Is(err, sql.ErrNoRows) {
		return errInviteGone()
	} else if err != nil {
		return err
	}
	res, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE invites SET used_at = ? WHERE token_hash = ? AND used_at IS NULL`), tx.now.UnixMilli(), tokenHash)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return errInviteGone()
	}
	if _, err := tx.ExecContext(ctx, tx.Rebind(`
		UPDATE staff_users SET password_hash = CASE WHEN ? = '' THEN password_hash ELSE ? END,
			totp_secret = ?, totp_last_step = ?, updated_at = ? WHERE id = ?`),
		c.PasswordHash, c.PasswordHash, c.TOTPSecret, c.TOTPStep, tx.now.UnixMilli(), userID); err != nil {
		return err
	}
	for _, q := range []string{`DELETE FROM recovery_codes WHERE user_id = ?`, `DELETE FROM invites WHERE user_id = ? AND used_at IS NULL`} {
		if _, err := tx.ExecContext(ctx, tx.Rebind(q), userID); err != nil {
			return err
		}
	}
	for _, h := range c.RecoveryCodeHashes {
		if _, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO recovery_codes (user_id, code_hash) VALUES (?, ?)`), userID, h); err != nil {
			return err
		}
	}
	if err := deleteStaffSessions(ctx, tx, userID); err != nil {
		return err
	}
	if audit != nil {
		if err := appendAudit(ctx, tx, audit); err != nil {
			return err
		}
	}
	return tx.Commit()
}
