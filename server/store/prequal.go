package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"

	"github.com/heloc/heloc/server/domain"
)

// Sealer seals personal data at rest and opens it again (crypt.Keyring):
// the associated data binds a sealed value to its record and column, so it
// cannot be moved to another.
type Sealer interface {
	Seal(plaintext, aad []byte) (string, error)
	Open(sealed string, aad []byte) ([]byte, error)
}

var errNoSealer = errors.New("store: no keyring to seal or open personal data (set DB.Sealer)")

func (db *DB) seal(v any, aad string) (string, error) {
	if db.Sealer == nil {
		return "", errNoSealer
	}
	buf, err := json.Marshal(v)
	if err != nil {
		return "", err
	}
	return db.Sealer.Seal(buf, []byte(aad))
}

func (db *DB) open(sealed, aad string, v any) error {
	if db.Sealer == nil {
		return errNoSealer
	}
	buf, err := db.Sealer.Open(sealed, []byte(aad))
	if err != nil {
		return fmt.Errorf("open %s: %w", aad, err)
	}
	return json.Unmarshal(buf, v)
}

// sealText seals a free-text field bound to aad; an empty one stays empty
// (no keyring is needed for it).
func (db *DB) sealText(value string, aad []byte) (string, error) {
	if value == "" {
		return "", nil
	}
	if db.Sealer == nil {
		return "", errNoSealer
	}
	return db.Sealer.Seal([]byte(value), aad)
}

// openText opens what sealText sealed with the same aad.
func (db *DB) openText(sealed string, aad []byte) (string, error) {
	if sealed == "" {
		return "", nil
	}
	if db.Sealer == nil {
		return "", errNoSealer
	}
	plain, err := db.Sealer.Open(sealed, aad)
	return string(plain), err
}

// sealAnswers seals a loan's answers; a loan without any stores NULL, so
// one can be made without a keyring.
func (db *DB) sealAnswers(loanID string, a domain.PrequalAnswers) (sql.NullString, error) {
	if reflect.ValueOf(a).IsZero() {
		return sql.NullString{}, nil
	}
	s, err := db.seal(a, "loans.answers_sealed:"+loanID)
	return sql.NullString{String: s, Valid: err == nil}, err
}

// openAnswers reads a loan's answers: the sealed ones, or for a loan not
// saved since migration 0005 the plain ones it had before.
func (db *DB) openAnswers(loanID, plain string, sealed sql.NullString) (domain.PrequalAnswers, error) {
	var a domain.PrequalAnswers
	if !sealed.Valid {
		if err := json.Unmarshal([]byte(plain), &a); err != nil {
			return a, fmt.Errorf("loan %s: prequal answers: %w", loanID, err)
		}
		return a, nil
	}
	err := db.open(sealed.String, "loans.answers_sealed:"+loanID, &a)
	return a, err
}

// UpdateLoanAnswers changes a loan's answers and status in one write
// transaction: update gets the loan as stored and changes it (merging the
// answers a page saves, moving the status forward), and what it leaves is
// written, answers sealed. Two saves of one loan at once each see the
// other's answers, so neither is lost.
func (db *DB) UpdateLoanAnswers(ctx context.Context, loanID string, update func(*domain.Loan) error) (*domain.Loan, error) {
	tx, err := db.beginTx(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()

	lock := "" // SQLite's write transaction already holds the database's lock
	if db.dialect == "postgres" {
		lock = " FOR UPDATE"
	}
	l, err := db.scanLoan(tx.QueryRowxContext(ctx, tx.Rebind(`SELECT `+loanColumns+` FROM loans WHERE id = ?`+lock), loanID))
	if err != nil {
		return nil, err
	}
	if err := update(l); err != nil {
		return nil, err
	}
	sealed, err := db.sealAnswers(l.ID, l.Answers)
	if err != nil {
		return nil, err
	}
	l.UpdatedAt = tx.now
	state := "" // the pipeline's copy of the property's state (portal.go)
	if l.Answers.PropertyState != nil {
		state = *l.Answers.PropertyState
	}
	if _, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE loans SET answers_sealed = ?, prequal_answers = '{}', application_status = ?, property_state = ?, updated_at = ? WHERE id = ?`),
		sealed, l.ApplicationStatus, state, tx.now.UnixMilli(), l.ID); err != nil {
		return nil, err
	}
	return l, tx.Commit()
}

// SaveCreditReport stores a pull, every personal part sealed under the
// report's id, and returns the id.
func (db *DB) SaveCreditReport(ctx context.Context, p domain.CreditPull) (string, error) {
	if p.Report == nil || p.LoanID == "" || p.SSN == "" || p.DateOfBirth == "" || p.AuthorizationVersion == "" {
		return "", domain.Errorf(domain.EINVALID, "A credit report needs its loan, the SSN and date of birth, and the authorization.")
	}
	id := newID()
	report, err := db.seal(p.Report, "credit_reports.report:"+id)
	if err != nil {
		return "", err
	}
	ssn, err := db.seal(p.SSN, "credit_reports.ssn:"+id)
	if err != nil {
		return "", err
	}
	dob, err := db.seal(p.DateOfBirth, "credit_reports.date_of_birth:"+id)
	if err != nil {
		return "", err
	}
	tx, err := db.beginTx(ctx)
	if err != nil {
		return "", err
	}
	defer tx.Rollback()
	_, err = tx.ExecContext(ctx, tx.Rebind(`
		INSERT INTO credit_reports (id, loan_id, party, kind, report, ssn, date_of_birth, authorization_version, client_address, user_agent, pulled_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
		id, p.LoanID, p.Party, p.Report.Kind, report, ssn, dob, p.AuthorizationVersion, p.ClientAddress, p.UserAgent, tx.now.UnixMilli())
	if isForeignKeyViolation(err) {
		return "", domain.Errorf(domain.ENOTFOUND, "Loan not found.")
	} else if err != nil {
		return "", err
	}
	return id, tx.Commit()
}

// LatestCreditReport returns the loan's most recent report of party, opened
// (without the SSN and date of birth: LatestCreditIdentity reads those).
func (db *DB) LatestCreditReport(ctx context.Context, loanID, party string) (*domain.CreditReport, error) {
	var id, sealed string
	err := db.getRow(ctx, `SELECT id, report FROM credit_reports WHERE loan_id = ? AND party = ?
		ORDER BY pulled_at DESC, id DESC LIMIT 1`, loanID, party).Scan(&id, &sealed)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, domain.Errorf(domain.ENOTFOUND, "No credit report yet.")
	} else if err != nil {
		return nil, err
	}
	var r domain.CreditReport
	if err := db.open(sealed, "credit_reports.report:"+id, &r); err != nil {
		return nil, err
	}
	return &r, nil
}

// LatestCreditIdentity returns the date of birth and SSN the loan's most
// recent pull of party was made with, opened: the application carries
// them forward from the credit check rather than asking them again
// (issue 22, "each fact asked once"), sealed again with the application.
func (db *DB) LatestCreditIdentity(ctx context.Context, loanID, party string) (dateOfBirth, ssn string, err error) {
	var id, sealedDOB, sealedSSN string
	err = db.getRow(ctx, `SELECT id, date_of_birth, ssn FROM credit_reports WHERE loan_id = ? AND party = ?
		ORDER BY pulled_at DESC, id DESC LIMIT 1`, loanID, party).Scan(&id, &sealedDOB, &sealedSSN)
	if errors.Is(err, sql.ErrNoRows) {
		return "", "", domain.Errorf(domain.ENOTFOUND, "No credit report yet.")
	} else if err != nil {
		return "", "", err
	}
	if err := db.open(sealedDOB, "credit_reports.date_of_birth:"+id, &dateOfBirth); err != nil {
		return "", "", err
	}
	if err := db.open(sealedSSN, "credit_reports.ssn:"+id, &ssn); err != nil {
		return "", "", err
	}
	return dateOfBirth, ssn, nil
}

// SaveAdverseActionNotice stores the notice of an ineligible decision once:
// for a decision that has one already, that one is returned unchanged.
func (db *DB) SaveAdverseActionNotice(ctx context.Context, loanID string, n *domain.AdverseActionNotice) (*domain.AdverseActionNotice, error) {
	if n.DecisionID == "" || loanID == "" {
		return nil, domain.Errorf(domain.EINVALID, "A notice needs its loan and decision.")
	}
	if old, err := db.findNotice(ctx, `decision_id = ?`, n.DecisionID); err == nil {
		return old, nil
	} else if domain.ErrorCode(err) != domain.ENOTFOUND {
		return nil, err
	}
	stored := *n
	stored.NoticeID = newID()
	buf, err := json.Marshal(stored)
	if err != nil {
		return nil, err
	}
	tx, err := db.beginTx(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	_, err = tx.ExecContext(ctx, tx.Rebind(`INSERT INTO adverse_action_notices (id, loan_id, decision_id, notice, created_at) VALUES (?, ?, ?, ?, ?)`),
		stored.NoticeID, loanID, n.DecisionID, string(buf), tx.now.UnixMilli())
	if isUniqueViolation(err) { // the same decision's notice, stored meanwhile
		tx.Rollback()
		return db.findNotice(ctx, `decision_id = ?`, n.DecisionID)
	} else if err != nil {
		return nil, err
	}
	return &stored, tx.Commit()
}

// LatestAdverseActionNotice returns the loan's most recent notice.
func (db *DB) LatestAdverseActionNotice(ctx context.Context, loanID string) (*domain.AdverseActionNotice, error) {
	return db.findNotice(ctx, `loan_id = ?`, loanID)
}

// findNotice reads the latest notice matching where, one of the two
// constant conditions above, never caller input.
func (db *DB) findNotice(ctx context.Context, where string, arg string) (*domain.AdverseActionNotice, error) {
	var id, decisionID, notice string
	err := db.getRow(ctx, `SELECT id, decision_id, notice FROM adverse_action_notices WHERE `+where+`
		ORDER BY created_at DESC, id DESC LIMIT 1`, arg).Scan(&id, &decisionID, &notice)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, domain.Errorf(domain.ENOTFOUND, "No adverse-action notice.")
	} else if err != nil {
		return nil, err
	}
	var n domain.AdverseActionNotice
	if err := json.Unmarshal([]byte(notice), &n); err != nil {
		return nil, err
	}
	n.NoticeID, n.DecisionID = id, decisionID
	return &n, nil
}
