package store

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"time"

	"github.com/heloc/heloc/server/domain"
)

// errNoSession is the one answer for a token that is unknown, expired or
// of the other realm, so a caller cannot tell which.
func errNoSession() error {
	return domain.Errorf(domain.EUNAUTHORIZED, "Session not found or expired.")
}

// CreateSession starts a session for subjectID in realm and returns the
// token for the cookie. Only the token's SHA-256 is stored. The session
// ends after idle without a touch, or after absolute, whichever is first.
func (db *DB) CreateSession(ctx context.Context, realm domain.Realm, subjectID string, idle, absolute time.Duration) (string, *domain.Session, error) {
	if realm != domain.RealmApplicant && realm != domain.RealmPortal {
		return "", nil, domain.Errorf(domain.EINVALID, "Unknown realm.")
	}
	if subjectID == "" || idle <= 0 || absolute <= 0 {
		return "", nil, domain.Errorf(domain.EINVALID, "A session needs a subject and positive lifetimes.")
	}
	b := make([]byte, 32)
	rand.Read(b) // never fails since Go 1.24
	token := base64.RawURLEncoding.EncodeToString(b)

	tx, err := db.beginTx(ctx)
	if err != nil {
		return "", nil, err
	}
	defer tx.Rollback()

	s := &domain.Session{
		Realm:      realm,
		SubjectID:  subjectID,
		CreatedAt:  tx.now,
		LastSeenAt: tx.now,
		ExpiresAt:  tx.now.Add(absolute),
	}
	idleExpires := tx.now.Add(idle)
	if _, err := tx.ExecContext(ctx, tx.Rebind(`
		INSERT INTO sessions (token_hash, realm, subject_id, created_at, last_seen_at, idle_expires_at, expires_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)`),
		hashToken(token), string(realm), subjectID, s.CreatedAt.UnixMilli(), s.LastSeenAt.UnixMilli(),
		idleExpires.UnixMilli(), s.ExpiresAt.UnixMilli()); err != nil {
		return "", nil, err
	}
	if err := tx.Commit(); err != nil {
		return "", nil, err
	}
	s.ExpiresAt = earlier(s.ExpiresAt, idleExpires)
	return token, s, nil
}

// FindSession returns the live session of token in realm. Its ExpiresAt is
// when it ends if not touched again: the earlier of the idle and absolute
// deadlines.
func (db *DB) FindSession(ctx context.Context, realm domain.Realm, token string) (*domain.Session, error) {
	var s domain.Session
	var realmText string
	var created, lastSeen, idleExpires, expires int64
	// The latest loan and decision are found by MAX and MIN over the
	// indexes (loans_applicant_id_idx, decisions_loan_idx) rather than by
	// ORDER BY created_at, id LIMIT 1, which SQLite answers with a
	// temporary B-tree for each: the same rows (the latest created_at, ties
	// to the least loan id and the greatest decision id, as
	// FindLoanByApplicant and LatestDecision order them), at about two
	// thirds of the query's CPU. The unary + keeps SQLite on the
	// applicant's index for the loan.
	err := db.getRow(ctx, `
		SELECT realm, subject_id, created_at, last_seen_at, idle_expires_at, expires_at
		FROM sessions WHERE token_hash = ? AND realm = ?`, hashToken(token), string(realm)).
		Scan(&realmText, &s.SubjectID, &created, &lastSeen, &idleExpires, &expires)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, errNoSession()
	} else if err != nil {
		return nil, err
	}
	s.Realm = domain.Realm(realmText)
	s.CreatedAt, s.LastSeenAt = fromMS(created), fromMS(lastSeen)
	s.ExpiresAt = earlier(fromMS(idleExpires), fromMS(expires))
	if !db.now().Before(s.ExpiresAt) {
		return nil, errNoSession()
	}
	return &s, nil
}

// TouchSession records activity on a live session, moving its idle
// deadline to now+idle; the absolute deadline never moves.
func (db *DB) TouchSession(ctx context.Context, realm domain.Realm, token string, idle time.Duration) error {
	tx, err := db.beginTx(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()

	now := tx.now.UnixMilli()
	res, err := tx.ExecContext(ctx, tx.Rebind(`
		UPDATE sessions SET last_seen_at = ?, idle_expires_at = ?
		WHERE token_hash = ? AND realm = ? AND idle_expires_at > ? AND expires_at > ?`),
		now, tx.now.Add(idle).UnixMilli(), hashToken(token), string(realm), now, now)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return errNoSession()
	}
	return tx.Commit()
}

// DeleteSession ends the session of token in realm and reports whether
// there was one.
func (db *DB) DeleteSession(ctx context.Context, realm domain.Realm, token string) (bool, error) {
	n, err := db.deleteSessions(ctx, `DELETE FROM sessions WHERE token_hash = ? AND realm = ?`, hashToken(token), string(realm))
	return n > 0, err
}

// DeleteSessionsForSubject ends every session of subjectID in realm (sign
// out everywhere, staff revocation) and returns how many it ended.
func (db *DB) DeleteSessionsForSubject(ctx context.Context, realm domain.Realm, subjectID string) (int, error) {
	return db.deleteSessions(ctx, `DELETE FROM sessions WHERE realm = ? AND subject_id = ?`, string(realm), subjectID)
}

// DeleteExpiredSessions removes sessions past either deadline, which
// FindSession already ignores, and returns how many it removed.
func (db *DB) DeleteExpiredSessions(ctx context.Context) (int, error) {
	now := db.now().UnixMilli()
	return db.deleteSessions(ctx, `DELETE FROM sessions WHERE idle_expires_at <= ? OR expires_at <= ?`, now, now)
}

func (db *DB) deleteSessions(ctx context.Context, query string, args ...any) (int, error) {
	tx, err := db.beginTx(ctx)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback()

	res, err := tx.ExecContext(ctx, tx.Rebind(query), args...)
	if err != nil {
		return 0, err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return 0, err
	}
	return int(n), tx.Commit()
}

// hashToken is what the sessions table keys on: hex SHA-256 of the token.
func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

func earlier(a, b time.Time) time.Time {
	if b.Before(a) {
		return b
	}
	return a
}

// FindApplicantSession returns the live applicant session of token and its
// applicant in one query: the lookup every signed-in applicant request makes.
func (db *DB) FindApplicantSession(ctx context.Context, token string) (*domain.Session, *domain.Applicant, error) {
	var s domain.Session
	var created, lastSeen, idleExpires, expires int64
	hash := hashToken(token)
	a, err := scanApplicant(db.getRow(ctx, `
		SELECT `+applicantColumns+`, s.subject_id, s.created_at, s.last_seen_at, s.idle_expires_at, s.expires_at
		FROM sessions s JOIN applicants a ON a.id = s.subject_id
		WHERE s.token_hash = `+boundText+` AND s.realm = `+boundText, hash, string(domain.RealmApplicant)),
		&s.SubjectID, &created, &lastSeen, &idleExpires, &expires)
	if domain.ErrorCode(err) == domain.ENOTFOUND {
		return nil, nil, errNoSession()
	} else if err != nil {
		return nil, nil, err
	}
	s.Realm = domain.RealmApplicant
	s.CreatedAt, s.LastSeenAt = fromMS(created), fromMS(lastSeen)
	s.ExpiresAt = earlier(fromMS(idleExpires), fromMS(expires))
	if !db.now().Before(s.ExpiresAt) {
		return nil, nil, errNoSession()
	}
	return &s, a, nil
}

// FindApplicantSessionLoan is FindApplicantSession, FindLoanByApplicant
// and LatestDecision(loan, entrypoint) in one query, as of one moment: the
// live applicant session of token, its applicant, the applicant's most
// recent loan (nil for none) and that loan's latest decision of entrypoint
// as the decision log compares it (nil for none). It is the read of funnel.pages, which every page of the
// funnel asks. Nothing is kept between calls.
func (db *DB) FindApplicantSessionLoan(ctx context.Context, token, entrypoint string) (*domain.Session, *domain.Applicant, *domain.Loan, *domain.StoredDecision, error) {
	// One place for every column read, so that the scan allocates once.
	var r struct {
		applicantRow
		session                                 domain.Session
		created, lastSeen, idleExpires, expires int64
		loanID, loanStatus                      sql.NullString
		loanPlain, loanSealed                   sql.NullString
		loanCreated, loanUpdated                sql.NullInt64
		decID, decRevision, decInput, decResult sql.NullString
		dest                                    [22]any
	}
	copy(r.dest[:], r.applicantRow.dest())
	copy(r.dest[8:], []any{&r.created, &r.lastSeen, &r.idleExpires, &r.expires,
		&r.loanID, &r.loanStatus, &r.loanPlain, &r.loanSealed, &r.loanCreated, &r.loanUpdated,
		&r.decID, &r.decInput, &r.decResult, &r.decRevision})
	// The latest loan and decision are found by MAX and MIN over the
	// indexes (loans_applicant_id_idx, decisions_loan_idx) rather than by
	// ORDER BY created_at, id LIMIT 1, which SQLite answers with a
	// temporary B-tree for each: the same rows (the latest created_at, ties
	// to the least loan id and the greatest decision id, as
	// FindLoanByApplicant and LatestDecision order them), at about two
	// thirds of the query's CPU. The unary + keeps SQLite on the
	// applicant's index for the loan.
	err := db.getRow(ctx, `
		SELECT `+applicantColumns+`, s.created_at, s.last_seen_at, s.idle_expires_at, s.expires_at,
			l.id, l.application_status, l.prequal_answers, l.answers_sealed, l.created_at, l.updated_at,
			d.id, d.input, d.result, d.revision
		FROM sessions s JOIN applicants a ON a.id = s.subject_id
		LEFT JOIN loans l ON l.id = (SELECT MIN(ll.id) FROM loans ll WHERE ll.applicant_id = a.id
			AND +ll.created_at = (SELECT MAX(lm.created_at) FROM loans lm WHERE lm.applicant_id = a.id))
		LEFT JOIN decisions d ON d.id = (SELECT MAX(dd.id) FROM decisions dd WHERE dd.loan_id = l.id AND dd.entrypoint = `+boundText+`
			AND dd.created_at = (SELECT MAX(dm.created_at) FROM decisions dm WHERE dm.loan_id = l.id AND dm.entrypoint = `+boundText+`))
		WHERE s.token_hash = `+boundText+` AND s.realm = `+boundText, entrypoint, entrypoint, hashToken(token), string(domain.RealmApplicant)).
		Scan(r.dest[:]...)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil, nil, nil, errNoSession()
	} else if err != nil {
		return nil, nil, nil, nil, err
	}
	s := &r.session
	s.Realm, s.SubjectID = domain.RealmApplicant, r.a.ID // the join's key
	s.CreatedAt, s.LastSeenAt = fromMS(r.created), fromMS(r.lastSeen)
	s.ExpiresAt = earlier(fromMS(r.idleExpires), fromMS(r.expires))
	if !db.now().Before(s.ExpiresAt) {
		return nil, nil, nil, nil, errNoSession()
	}
	a := r.applicant()
	if !r.loanID.Valid {
		return s, a, nil, nil, nil
	}
	l := &domain.Loan{ID: r.loanID.String, ApplicantID: r.a.ID, ApplicationStatus: r.loanStatus.String}
	if l.Answers, err = db.openAnswers(l.ID, r.loanPlain.String, r.loanSealed); err != nil {
		return nil, nil, nil, nil, err
	}
	l.CreatedAt, l.UpdatedAt = fromMS(r.loanCreated.Int64), fromMS(r.loanUpdated.Int64)
	var latest *domain.StoredDecision
	if r.decID.Valid {
		latest = &domain.StoredDecision{ID: r.decID.String, Revision: r.decRevision.String, Input: r.decInput.String, Result: r.decResult.String}
	}
	return s, a, l, latest, nil
}
