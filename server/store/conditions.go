package store

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/binary"
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
	note, err := db.newCondition(c)
	if err != nil {
		return err
	}
	tx, err := db.beginTx(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := insertCondition(ctx, tx, c, note, nil); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	c.Status, c.AddedAt = domain.ConditionOpen, tx.now
	return nil
}

// AddEmailCondition records an e-mail condition as AddCondition does and
// claims its first e-mail in the same transaction, so that a condition is
// set only with its e-mail counted against the loan's limit: twenty adds
// at once cannot each find room for one more. When the loan has had
// limits.PerLoan e-mails within limits.Window, nothing is stored and the
// claim is refused with RetryAfter. The claim's Condition is the stored
// condition with the claim's time as MailSentAt; undo it with
// ReleaseConditionMail if the mailer refuses the message. The caller
// checks PerLoan >= 1 and Window > 0.
func (db *DB) AddEmailCondition(ctx context.Context, c *domain.Condition, limits domain.ConditionMailLimits) (*domain.ConditionMailClaim, error) {
	if c.Kind != domain.ConditionEmail {
		return nil, domain.Errorf(domain.EINVALID, "Only an e-mail condition has an e-mail to claim.")
	}
	note, err := db.newCondition(c)
	if err != nil {
		return nil, err
	}
	tx, err := db.beginTx(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	if err := db.lockLoanMail(ctx, tx, c.LoanID); err != nil {
		return nil, err
	}
	if retry, err := mailRetryAfter(ctx, tx, c.LoanID, limits); err != nil {
		return nil, err
	} else if retry > 0 {
		c.ID = "" // not stored
		return &domain.ConditionMailClaim{RetryAfter: retry}, nil
	}
	if err := insertCondition(ctx, tx, c, note, tx.now.UnixMilli()); err != nil {
		return nil, err
	}
	claim := &domain.ConditionMailClaim{Claimed: true}
	if claim.ID, err = recordMail(ctx, tx, c.LoanID, c.ID); err != nil {
		return nil, err
	}
	if claim.Condition, err = db.conditionIn(ctx, tx, c.LoanID, c.ID); err != nil {
		return nil, err
	}
	if err := tx.Commit(); err != nil {
		return nil, err
	}
	c.Status, c.AddedAt, c.MailSentAt = domain.ConditionOpen, tx.now, claim.Condition.MailSentAt
	return claim, nil
}

// newCondition checks what every condition needs, gives c its id and
// returns its note sealed.
func (db *DB) newCondition(c *domain.Condition) (string, error) {
	if c.LoanID == "" || c.Code == "" || c.Kind == "" || c.Party == "" || c.AddedBy.ID == "" {
		return "", domain.Errorf(domain.EINVALID, "A condition needs its loan, code, kind, party and the user who sets it.")
	}
	if db.Sealer == nil {
		return "", errNoSealer
	}
	c.ID = newID()
	return db.sealCondition("note", c.ID, c.LoanID, c.Note)
}

// insertCondition writes c, open, with its sealed note and its e-mail time
// (nil, or milliseconds).
func insertCondition(ctx context.Context, tx *tx, c *domain.Condition, note string, mailSentAt any) error {
	_, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO conditions
		(id, loan_id, code, kind, label, document_type, document_count, party, note, status, added_by, added_at, mail_sent_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
		c.ID, c.LoanID, c.Code, c.Kind, c.Label, c.DocumentType, c.DocumentCount, c.Party, note, domain.ConditionOpen, c.AddedBy.ID, tx.now.UnixMilli(), mailSentAt)
	if isForeignKeyViolation(err) {
		return domain.Errorf(domain.ENOTFOUND, "Loan not found.")
	}
	return err
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
// was handed to the mailer, counting it against the loan's limit, without
// the checks of ClaimConditionMail.
func (db *DB) MarkConditionMailed(ctx context.Context, loanID, id string) (*domain.Condition, error) {
	tx, err := db.beginTx(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE conditions SET mail_sent_at = ? WHERE id = ? AND loan_id = ?`), tx.now.UnixMilli(), id, loanID)
	if err != nil {
		return nil, err
	}
	if n, err := res.RowsAffected(); err != nil {
		return nil, err
	} else if n == 0 {
		return nil, domain.Errorf(domain.ENOTFOUND, "Condition not found.")
	}
	if _, err := recordMail(ctx, tx, loanID, id); err != nil {
		return nil, err
	}
	c, err := db.conditionIn(ctx, tx, loanID, id)
	if err != nil {
		return nil, err
	}
	if err := tx.Commit(); err != nil {
		return nil, err
	}
	return c, nil
}

// ClaimConditionMail claims the next e-mail of the loan's open e-mail
// condition id for the caller, who then hands it to the mailer. The claim
// is one conditional UPDATE of the condition's e-mail time: of concurrent
// claims (two clicks, two servers) exactly one changes the row, and the
// others find the e-mail sent less than limits.Every ago. The claim then
// counts the loan's e-mails of the last limits.Window; at limits.PerLoan it
// is undone and refused with RetryAfter. A refused claim's Condition is the
// condition as stored, for the caller to say why (another kind, resolved,
// e-mailed too recently). A condition of another loan is ENOTFOUND. The
// caller checks PerLoan >= 1 and Window > 0.
func (db *DB) ClaimConditionMail(ctx context.Context, loanID, id string, limits domain.ConditionMailLimits) (*domain.ConditionMailClaim, error) {
	tx, err := db.beginTx(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	if err := db.lockLoanMail(ctx, tx, loanID); err != nil {
		return nil, err
	}
	// The e-mail time before the claim, which undoing it puts back; the
	// loan's lock keeps any other claim or release from moving it meanwhile.
	before, err := db.conditionIn(ctx, tx, loanID, id)
	if err != nil {
		return nil, err
	}
	now := tx.now.UnixMilli()
	res, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE conditions SET mail_sent_at = ?
		WHERE id = ? AND loan_id = ? AND kind = ? AND status = ? AND (mail_sent_at IS NULL OR mail_sent_at <= ?)`),
		now, id, loanID, domain.ConditionEmail, domain.ConditionOpen, now-limits.Every.Milliseconds())
	if err != nil {
		return nil, err
	}
	if n, err := res.RowsAffected(); err != nil {
		return nil, err
	} else if n != 1 {
		// Read again rather than answer with before: a condition cleared
		// meanwhile (clearing does not wait for the loan's lock) is said so.
		c, err := db.conditionIn(ctx, tx, loanID, id)
		if err != nil {
			return nil, err
		}
		return &domain.ConditionMailClaim{Condition: c}, nil
	}
	if retry, err := mailRetryAfter(ctx, tx, loanID, limits); err != nil {
		return nil, err
	} else if retry > 0 {
		return &domain.ConditionMailClaim{Condition: before, RetryAfter: retry}, nil // the rollback undoes the claim
	}
	claim := &domain.ConditionMailClaim{Claimed: true, Previous: before.MailSentAt}
	if claim.ID, err = recordMail(ctx, tx, loanID, id); err != nil {
		return nil, err
	}
	if claim.Condition, err = db.conditionIn(ctx, tx, loanID, id); err != nil {
		return nil, err
	}
	if err := tx.Commit(); err != nil {
		return nil, err
	}
	return claim, nil
}

// ReleaseConditionMail undoes a claim whose e-mail the mailer did not
// take: the e-mail no longer counts against the loan, and the condition's
// e-mail time goes back to what it was before the claim, unless a later
// claim has moved it since (a mailer slower than limits.Every).
func (db *DB) ReleaseConditionMail(ctx context.Context, claim *domain.ConditionMailClaim) error {
	if claim == nil || !claim.Claimed || claim.Condition == nil || claim.Condition.MailSentAt == nil {
		return nil
	}
	c := claim.Condition
	tx, err := db.beginTx(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := db.lockLoanMail(ctx, tx, c.LoanID); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, tx.Rebind(`DELETE FROM condition_emails WHERE id = ?`), claim.ID); err != nil {
		return err
	}
	var previous any
	if claim.Previous != nil {
		previous = claim.Previous.UnixMilli()
	}
	if _, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE conditions SET mail_sent_at = ? WHERE id = ? AND loan_id = ? AND mail_sent_at = ?`),
		previous, c.ID, c.LoanID, c.MailSentAt.UnixMilli()); err != nil {
		return err
	}
	return tx.Commit()
}

// lockLoanMail makes the e-mail claims of one loan take turns on
// PostgreSQL, with a transaction-scoped advisory lock, so that two of them
// cannot both count the loan's e-mails below the limit and both go.
// SQLite's writer holds the database's lock from BEGIN already
// (_txlock=immediate).
func (db *DB) lockLoanMail(ctx context.Context, t *tx, loanID string) error {
	if db.dialect != "postgres" {
		return nil
	}
	sum := sha256.Sum256([]byte("condition_emails:" + loanID))
	_, err := t.ExecContext(ctx, `SELECT pg_advisory_xact_lock($1)`, int64(binary.BigEndian.Uint64(sum[:8])))
	return err
}

// mailRetryAfter is 0 while the loan has had fewer than limits.PerLoan
// condition e-mails within limits.Window, else how long until the oldest
// of them leaves the window. An e-mail exactly one window old no longer
// counts.
func mailRetryAfter(ctx context.Context, t *tx, loanID string, limits domain.ConditionMailLimits) (time.Duration, error) {
	now, window := t.now.UnixMilli(), limits.Window.Milliseconds()
	var times []int64
	if err := t.SelectContext(ctx, &times, t.Rebind(`SELECT sent_at FROM condition_emails WHERE loan_id = ? AND sent_at > ? ORDER BY sent_at DESC LIMIT ?`),
		loanID, now-window, limits.PerLoan); err != nil {
		return 0, err
	}
	if len(times) < limits.PerLoan {
		return 0, nil
	}
	return time.Duration(times[len(times)-1]+window-now) * time.Millisecond, nil
}

// recordMail counts one e-mail of the loan's condition id, sent now, and
// returns its row's id.
func recordMail(ctx context.Context, t *tx, loanID, id string) (string, error) {
	rowID := newID()
	_, err := t.ExecContext(ctx, t.Rebind(`INSERT INTO condition_emails (id, loan_id, condition_id, sent_at) VALUES (?, ?, ?, ?)`),
		rowID, loanID, id, t.now.UnixMilli())
	return rowID, err
}

// conditionIn is the loan's condition id as the transaction sees it;
// ENOTFOUND when the loan has no such condition.
func (db *DB) conditionIn(ctx context.Context, t *tx, loanID, id string) (*domain.Condition, error) {
	return db.scanCondition(t.QueryRowxContext(ctx, t.Rebind(conditionSelect+` WHERE c.id = ? AND c.loan_id = ?`), id, loanID))
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
