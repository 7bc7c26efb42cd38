package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"time"

	"github.com/heloc/heloc/server/domain"
)

// Underwriting conditions (migration 0010). The note a portal user writes
// and the borrower's answer are sealed, each bound to its field, the
// condition and its loan, so that a value copied into another row does not
// open there.

func conditionAAD(field, id, loanID string) []byte {
	return []byte("conditions." + field + ":" + id + ":" + loanID)
}

const conditionSelect = `SELECT c.id, c.loan_id, c.code, c.kind, c.label, c.document_type, c.document_count, c.party, c.note, c.status,
	c.added_by, a.email, a.first_name, a.last_name, a.role, c.added_at, c.answer, c.answered_at, c.mail_sent_at,
	c.resolved_by, r.email, r.first_name, r.last_name, r.role, c.resolved_at, c.resolution_note,
	(SELECT COUNT(*) FROM documents d WHERE d.condition_id = c.id)
	FROM conditions c JOIN staff_users a ON a.id = c.added_by LEFT JOIN staff_users r ON r.id = c.resolved_by`

// AddCondition records a condition set on c.LoanID by c.AddedBy.ID, open,
// its note sealed. c.ID and c.AddedAt are set. A loan or portal user that
// does not exist is ENOTFOUND.
func (db *DB) AddCondition(ctx context.Context, c *domain.Condition) error {
	if c.LoanID == "" || c.Code == "" || c.Kind == "" || c.Party == "" || c.AddedBy.ID == "" {
		return domain.Errorf(domain.EINVALID, "A condition needs its loan, code, kind, party and the user who sets it.")
	}
	if db.Sealer == nil {
		return errNoSealer
	}
	c.ID = newID()
	note, err := db.sealCondition("note", c.ID, c.LoanID, c.Note)
	if err != nil {
		return err
	}
	tx, err := db.beginTx(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	_, err = tx.ExecContext(ctx, tx.Rebind(`INSERT INTO conditions
		(id, loan_id, code, kind, label, document_type, document_count, party, note, status, added_by, added_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
		c.ID, c.LoanID, c.Code, c.Kind, c.Label, c.DocumentType, c.DocumentCount, c.Party, note, domain.ConditionOpen, c.AddedBy.ID, tx.now.UnixMilli())
	if isForeignKeyViolation(err) {
		return domain.Errorf(domain.ENOTFOUND, "Loan not found.")
	} else if err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	c.Status, c.AddedAt = domain.ConditionOpen, tx.now
	return nil
}

// ListConditions returns the loan's conditions in the order they were set,
// notes and answers opened, each with the documents uploaded for it.
func (db *DB) ListConditions(ctx context.Context, loanID string) ([]*domain.Condition, error) {
	rows, err := db.read.QueryxContext(ctx, db.read.Rebind(conditionSelect+` WHERE c.loan_id = ? ORDER BY c.added_at, c.id`), loanID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []*domain.Condition{}
	for rows.Next() {
		c, err := db.scanCondition(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// FindCondition returns the condition id; ENOTFOUND when there is none.
// Whose loan it is is the caller's to check.
func (db *DB) FindCondition(ctx context.Context, id string) (*domain.Condition, error) {
	return db.scanCondition(db.getRow(ctx, conditionSelect+` WHERE c.id = ?`, id))
}

// AnswerCondition stores the borrower's answer to the loan's condition id
// (replacing an earlier one) in one write transaction with check, which
// gets the condition as stored and may refuse it (one cleared meanwhile).
// The answer is the borrower's activity: the loan's updated_at moves with
// it. A condition of another loan is ENOTFOUND.
func (db *DB) AnswerCondition(ctx context.Context, loanID, id string, answer json.RawMessage, check func(c *domain.Condition) error) (*domain.Condition, error) {
	sealed, err := db.sealCondition("answer", id, loanID, string(answer))
	if err != nil {
		return nil, err
	}
	return db.changeCondition(ctx, loanID, id, check, true, `answer = ?, answered_at = ?`, func(t *tx) []any {
		return []any{sealed, t.now.UnixMilli()}
	})
}

// MarkConditionMailed records that the e-mail of the loan's condition id
// was handed to the mailer.
func (db *DB) MarkConditionMailed(ctx context.Context, loanID, id string) (*domain.Condition, error) {
	return db.changeCondition(ctx, loanID, id, nil, false, `mail_sent_at = ?`, func(t *tx) []any { return []any{t.now.UnixMilli()} })
}

// ResolveCondition clears or waives (status) the loan's condition id on
// behalf of the portal user by, with a note sealed, in one write
// transaction with check, which gets the condition as stored and may
// refuse it (one resolved already).
func (db *DB) ResolveCondition(ctx context.Context, loanID, id, status, by, note string, check func(c *domain.Condition) error) (*domain.Condition, error) {
	if status != domain.ConditionCleared && status != domain.ConditionWaived {
		return nil, domain.Errorf(domain.EINVALID, "A condition is cleared or waived.")
	}
	sealed, err := db.sealCondition("resolution_note", id, loanID, note)
	if err != nil {
		return nil, err
	}
	return db.changeCondition(ctx, loanID, id, check, false, `status = ?, resolved_by = ?, resolved_at = ?, resolution_note = ?`, func(t *tx) []any {
		return []any{status, by, t.now.UnixMilli(), sealed}
	})
}

// changeCondition sets columns of the loan's condition id after check has
// seen it as stored (its row locked on PostgreSQL), and returns it as it
// then stands; byBorrower also moves the loan's last activity (touchLoan).
func (db *DB) changeCondition(ctx context.Context, loanID, id string, check func(c *domain.Condition) error, byBorrower bool, set string, values func(*tx) []any) (*domain.Condition, error) {
	tx, err := db.beginTx(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	lock := ""
	if db.dialect == "postgres" {
		lock = " FOR UPDATE OF c"
	}
	c, err := db.scanCondition(tx.QueryRowxContext(ctx, tx.Rebind(conditionSelect+` WHERE c.id = ? AND c.loan_id = ?`+lock), id, loanID))
	if err != nil {
		return nil, err
	}
	if check != nil {
		if err := check(c); err != nil {
			return nil, err
		}
	}
	args := append(values(tx), id, loanID)
	if _, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE conditions SET `+set+` WHERE id = ? AND loan_id = ?`), args...); err != nil {
		return nil, err
	}
	if byBorrower {
		if err := touchLoan(ctx, tx, loanID); err != nil {
			return nil, err
		}
	}
	c, err = db.scanCondition(tx.QueryRowxContext(ctx, tx.Rebind(conditionSelect+` WHERE c.id = ?`), id))
	if err != nil {
		return nil, err
	}
	if err := tx.Commit(); err != nil {
		return nil, err
	}
	return c, nil
}

// openDocumentCondition refuses a document for a condition that is not
// an open document condition of the document's loan, for the same person
// and type.
func openDocumentCondition(ctx context.Context, t *tx, d *domain.Document) error {
	var loanID, kind, party, docType, status string
	err := t.QueryRowxContext(ctx, t.Rebind(`SELECT loan_id, kind, party, document_type, status FROM conditions WHERE id = ?`), d.ConditionID).
		Scan(&loanID, &kind, &party, &docType, &status)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && loanID != d.LoanID) {
		return &domain.Error{Code: domain.EINVALID, Message: "This request is not one of your loan's.",
			Fields: []domain.FieldError{{Path: "conditionId", Message: "This request is not one of your loan's."}}}
	} else if err != nil {
		return err
	}
	switch {
	case kind != domain.ConditionDocument:
		return conditionField("conditionId", "This request is not answered with a document.")
	case status != domain.ConditionOpen:
		return conditionField("conditionId", "Your loan team has closed this request already.")
	case party != d.Party:
		return conditionField("party", "This request is for the other person on the application.")
	case docType != d.Type:
		return conditionField("type", "This request asks for another kind of document.")
	}
	return nil
}

func conditionField(path, message string) error {
	return &domain.Error{Code: domain.EINVALID, Message: message, Fields: []domain.FieldError{{Path: path, Message: message}}}
}

func (db *DB) sealCondition(field, id, loanID, value string) (string, error) {
	return db.sealText(value, conditionAAD(field, id, loanID))
}

func (db *DB) openCondition(field, id, loanID, sealed string) (string, error) {
	return db.openText(sealed, conditionAAD(field, id, loanID))
}

func (db *DB) scanCondition(row rowScanner) (*domain.Condition, error) {
	var c domain.Condition
	var note, answer, resolutionNote string
	var addedAt int64
	var answeredAt, mailedAt, resolvedAt sql.NullInt64
	var resolvedBy, rEmail, rFirst, rLast, rRole sql.NullString
	err := row.Scan(&c.ID, &c.LoanID, &c.Code, &c.Kind, &c.Label, &c.DocumentType, &c.DocumentCount, &c.Party, &note, &c.Status,
		&c.AddedBy.ID, &c.AddedBy.Email, &c.AddedBy.FirstName, &c.AddedBy.LastName, &c.AddedBy.Role, &addedAt, &answer, &answeredAt, &mailedAt,
		&resolvedBy, &rEmail, &rFirst, &rLast, &rRole, &resolvedAt, &resolutionNote, &c.Uploads)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, domain.Errorf(domain.ENOTFOUND, "Condition not found.")
	} else if err != nil {
		return nil, err
	}
	c.AddedAt = fromMS(addedAt)
	c.AnsweredAt, c.MailSentAt, c.ResolvedAt = timeOrNil(answeredAt), timeOrNil(mailedAt), timeOrNil(resolvedAt)
	if resolvedBy.Valid {
		c.ResolvedBy = &domain.StaffRef{ID: resolvedBy.String, Email: rEmail.String, FirstName: rFirst.String, LastName: rLast.String, Role: rRole.String}
	}
	if c.Note, err = db.openCondition("note", c.ID, c.LoanID, note); err != nil {
		return nil, err
	}
	if c.ResolutionNote, err = db.openCondition("resolution_note", c.ID, c.LoanID, resolutionNote); err != nil {
		return nil, err
	}
	opened, err := db.openCondition("answer", c.ID, c.LoanID, answer)
	if err != nil {
		return nil, err
	}
	if opened != "" {
		c.Answer = json.RawMessage(opened)
	}
	return &c, nil
}

// timeOrNil is a nullable millisecond column as a time, or nil.
func timeOrNil(ms sql.NullInt64) *time.Time {
	if !ms.Valid {
		return nil
	}
	t := fromMS(ms.Int64)
	return &t
}

// nullString stores "" as NULL (a column that references a row).
func nullString(s string) any {
	if s == "" {
		return nil
	}
	return s
}
