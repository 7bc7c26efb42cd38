package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"slices"

	"github.com/heloc/heloc/server/domain"
)

// Credit decisions on a submitted application (migration 0019): one row
// per decision, never changed; the latest is the loan's (loans.credit_status).

func creditNoteAAD(id, loanID string) []byte {
	return []byte("credit_decisions.note:" + id + ":" + loanID)
}

// submittedStatus is the loan status a submitted application has
// (loans.Submitted): the only one a credit decision is made on.
const submittedStatus = "applicationSubmitted"

// CreditDecisionRecord is what RecordCreditDecision stores together: the
// credit decision, the policy decisions it rests on (Validation, the
// underwriting decision; Others, such as the offer decided again and the
// notice), and the audit entry of it. Notice, when set, is one of Others:
// the adverse-action notice the decision produced.
type CreditDecisionRecord struct {
	Decision   *domain.CreditDecision
	Validation *Decision
	Others     []*Decision
	Notice     *Decision
	Audit      *domain.AuditEntry
	// Following is the id of the loan's latest credit decision when this
	// one was decided ("" before any): the rules decided on it (a decision
	// that closed the application refuses another), so another recorded
	// since makes this one ECONFLICT, never recorded on top of it.
	Following string
}

// RecordCreditDecision stores r in one transaction: the policy decisions,
// the credit decision (its note sealed), the loan's status, and the audit
// entry, all or none. A loan that is not submitted is ECONFLICT; one that
// does not exist ENOTFOUND. The decisions and the credit decision get their
// ids and times.
func (db *DB) RecordCreditDecision(ctx context.Context, r CreditDecisionRecord) error {
	cd := r.Decision
	if cd == nil || r.Validation == nil || r.Audit == nil || cd.LoanID == "" || cd.DecidedBy.ID == "" || !slices.Contains(domain.CreditActions, cd.Action) {
		return domain.Errorf(domain.EINVALID, "A credit decision needs its loan, its action, who decided, its validation and its audit entry.")
	}
	cd.ID = orderedID()
	note, err := db.sealText(cd.Note, creditNoteAAD(cd.ID, cd.LoanID))
	if err != nil {
		return err
	}
	if cd.Reasons == nil {
		cd.Reasons = []domain.CreditReason{}
	}
	reasons, err := json.Marshal(cd.Reasons)
	if err != nil {
		return err
	}
	tx, err := db.beginTx(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()

	lock := "" // SQLite's write transaction already holds the database's lock
	if db.dialect == "postgres" {
		lock = " FOR UPDATE"
	}
	var status string
	err = tx.GetContext(ctx, &status, tx.Rebind(`SELECT application_status FROM loans WHERE id = ?`+lock), cd.LoanID)
	if errors.Is(err, sql.ErrNoRows) {
		return domain.Errorf(domain.ENOTFOUND, "Loan not found.")
	} else if err != nil {
		return err
	}
	if status != submittedStatus {
		return domain.Errorf(domain.ECONFLICT, "Only a submitted application is decided.")
	}
	var latest string
	err = tx.GetContext(ctx, &latest, tx.Rebind(`SELECT id FROM credit_decisions WHERE loan_id = ? ORDER BY created_at DESC, id DESC LIMIT 1`), cd.LoanID)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	if latest != r.Following {
		return domain.Errorf(domain.ECONFLICT, "Another decision was recorded on this loan meanwhile. Reload the page to see it before deciding.")
	}
	all := append([]*Decision{r.Validation}, r.Others...)
	for _, d := range all {
		if d.Entrypoint == "" || d.Revision == "" || !json.Valid(d.Input) || !json.Valid(d.Result) {
			return domain.Errorf(domain.EINVALID, "A decision needs an entrypoint, a revision and JSON input and result.")
		}
		d.ID, d.LoanID = newID(), cd.LoanID
		if err := insertDecision(ctx, tx, d.ID, d); err != nil {
			return err
		}
		d.CreatedAt = tx.now
	}
	cd.DecisionID = r.Validation.ID
	cd.NoticeID = nil
	if r.Notice != nil {
		cd.NoticeID = &r.Notice.ID
	}
	if _, err := tx.ExecContext(ctx, tx.Rebind(`
		INSERT INTO credit_decisions (id, loan_id, action, line_amount, needed_by, reasons, note, decision_id, notice_id, decided_by, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
		cd.ID, cd.LoanID, cd.Action, nullInt(cd.LineAmount), nullStr(cd.NeededBy), string(reasons), note,
		cd.DecisionID, nullStr(cd.NoticeID), cd.DecidedBy.ID, tx.now.UnixMilli()); err != nil {
		if isForeignKeyViolation(err) {
			return domain.Errorf(domain.ENOTFOUND, "Portal user not found.")
		}
		return err
	}
	if _, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE loans SET credit_status = ?, credit_needed_by = ?, updated_at = ? WHERE id = ?`),
		cd.Action, nullStr(cd.NeededBy), tx.now.UnixMilli(), cd.LoanID); err != nil {
		return err
	}
	r.Audit.LoanID = cd.LoanID
	if err := appendAudit(ctx, tx, r.Audit); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	cd.CreatedAt = tx.now
	return nil
}

// LatestCreditDecision is the loan's latest credit decision, its note
// opened, with who decided; ENOTFOUND before one.
func (db *DB) LatestCreditDecision(ctx context.Context, loanID string) (*domain.CreditDecision, error) {
	var cd domain.CreditDecision
	var line sql.NullInt64
	var neededBy, noticeID sql.NullString
	var reasons, note string
	var created int64
	var by staffRefColumns
	err := db.getRow(ctx, `SELECT c.id, c.loan_id, c.action, c.line_amount, c.needed_by, c.reasons, c.note, c.decision_id, c.notice_id,
		s.id, s.first_name, s.last_name, s.email, s.role, c.created_at
		FROM credit_decisions c LEFT JOIN staff_users s ON s.id = c.decided_by
		WHERE c.loan_id = ? ORDER BY c.created_at DESC, c.id DESC LIMIT 1`, loanID).Scan(
		&cd.ID, &cd.LoanID, &cd.Action, &line, &neededBy, &reasons, &note, &cd.DecisionID, &noticeID,
		&by.id, &by.first, &by.last, &by.email, &by.role, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, domain.Errorf(domain.ENOTFOUND, "No credit decision yet.")
	} else if err != nil {
		return nil, err
	}
	if line.Valid {
		cd.LineAmount = &line.Int64
	}
	if neededBy.Valid {
		cd.NeededBy = &neededBy.String
	}
	if noticeID.Valid {
		cd.NoticeID = &noticeID.String
	}
	if err := json.Unmarshal([]byte(reasons), &cd.Reasons); err != nil {
		return nil, err
	}
	if cd.Note, err = db.openText(note, creditNoteAAD(cd.ID, cd.LoanID)); err != nil {
		return nil, err
	}
	if ref := by.ref(); ref != nil {
		cd.DecidedBy = *ref
	}
	cd.CreatedAt = fromMS(created)
	return &cd, nil
}

// LatestCreditAction is the action of the loan's latest credit decision
// (approve, decline, ...), read alone; ENOTFOUND before one.
func (db *DB) LatestCreditAction(ctx context.Context, loanID string) (string, error) {
	var action string
	err := db.getRow(ctx, `SELECT action FROM credit_decisions WHERE loan_id = ? ORDER BY created_at DESC, id DESC LIMIT 1`, loanID).Scan(&action)
	if errors.Is(err, sql.ErrNoRows) {
		return "", domain.Errorf(domain.ENOTFOUND, "No credit decision yet.")
	}
	return action, err
}

func nullInt(v *int64) sql.NullInt64 {
	if v == nil {
		return sql.NullInt64{}
	}
	return sql.NullInt64{Int64: *v, Valid: true}
}

func nullStr(v *string) sql.NullString {
	if v == nil {
		return sql.NullString{}
	}
	return sql.NullString{String: *v, Valid: true}
}
