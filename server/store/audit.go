package store

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/heloc/heloc/server/domain"
)

// The audit log is append-only: this file inserts into audit_log and reads
// it, and the retention purge is its only DELETE. There is no UPDATE of it
// anywhere, and the database's triggers refuse one (migration 0011).

// AppendAudit appends e to the audit log, assigning its ID and time.
func (db *DB) AppendAudit(ctx context.Context, e *domain.AuditEntry) error {
	tx, err := db.beginTx(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := appendAudit(ctx, tx, e); err != nil {
		return err
	}
	return tx.Commit()
}

// appendAudit appends e within tx, so a change and its record of it are
// committed together or not at all.
func appendAudit(ctx context.Context, tx *tx, e *domain.AuditEntry) error {
	if e.ActorID == "" || e.Action == "" {
		return fmt.Errorf("audit entry needs an actor and an action")
	}
	// The log reads newest first by (at, id): entries written in the same
	// millisecond (a change and its record, two clicks) keep their order.
	e.ID, e.At = orderedID(), tx.now
	_, err := tx.ExecContext(ctx, tx.Rebind(`
		INSERT INTO audit_log (id, at, actor_id, actor_email, actor_role, action, loan_id, subject, detail, ip)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
		e.ID, e.At.UnixMilli(), e.ActorID, e.ActorEmail, e.ActorRole, e.Action, e.LoanID, e.Subject, e.Detail, e.IP)
	return err
}

// Audit page sizes: the default and the most one page holds.
const (
	auditPageSize    = 50
	auditPageSizeMax = 200
)

// ListAudit returns one page of the audit log matching f, newest first.
// The page ends at f.Limit entries (50 when 0, at most 200); Next is the
// cursor of the page after it. A cursor that is not one refuses EINVALID.
func (db *DB) ListAudit(ctx context.Context, f domain.AuditFilter) (*domain.AuditPage, error) {
	limit := f.Limit
	if limit <= 0 {
		limit = auditPageSize
	}
	limit = min(limit, auditPageSizeMax)
	var where []string
	var args []any
	for _, eq := range []struct{ col, v string }{{"actor_email", strings.ToLower(f.ActorEmail)}, {"loan_id", f.LoanID}, {"action", f.Action}} {
		if eq.v != "" {
			where, args = append(where, eq.col+" = ?"), append(args, eq.v)
		}
	}
	if !f.From.IsZero() {
		where, args = append(where, "at >= ?"), append(args, f.From.UnixMilli())
	}
	if !f.To.IsZero() {
		where, args = append(where, "at < ?"), append(args, f.To.UnixMilli())
	}
	if f.After != "" {
		at, id, err := parseAuditCursor(f.After)
		if err != nil {
			return nil, err
		}
		where, args = append(where, "(at < ? OR (at = ? AND id < ?))"), append(args, at, at, id)
	}
	q := `SELECT id, at, actor_id, actor_email, actor_role, action, loan_id, subject, detail, ip FROM audit_log`
	if len(where) > 0 {
		q += ` WHERE ` + strings.Join(where, " AND ")
	}
	q += ` ORDER BY at DESC, id DESC LIMIT ?`
	args = append(args, limit+1)
	rows, err := db.read.QueryxContext(ctx, db.read.Rebind(q), args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	page := &domain.AuditPage{Items: []*domain.AuditEntry{}}
	for rows.Next() {
		var e domain.AuditEntry
		var at int64
		if err := rows.Scan(&e.ID, &at, &e.ActorID, &e.ActorEmail, &e.ActorRole, &e.Action, &e.LoanID, &e.Subject, &e.Detail, &e.IP); err != nil {
			return nil, err
		}
		e.At = fromMS(at)
		page.Items = append(page.Items, &e)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if len(page.Items) > limit {
		page.Items = page.Items[:limit]
		last := page.Items[limit-1]
		page.Next = strconv.FormatInt(last.At.UnixMilli(), 10) + "." + last.ID
	}
	return page, nil
}

func parseAuditCursor(s string) (int64, string, error) {
	ms, id, ok := strings.Cut(s, ".")
	at, err := strconv.ParseInt(ms, 10, 64)
	if !ok || err != nil || id == "" {
		return 0, "", &domain.Error{Code: domain.EINVALID, Message: "Some fields need attention.",
			Fields: []domain.FieldError{{Path: "after", Message: "This is not a page of the audit log."}}}
	}
	return at, id, nil
}

// AuditCutoff is the oldest time an audit entry must still be kept at now:
// 25 months before it (Reg B).
func AuditCutoff(now time.Time) time.Time {
	return now.AddDate(0, -domain.AuditRetentionMonths, 0)
}

// PurgeAudit deletes the audit entries older than 25 months (Reg B, 12 CFR
// 1002.12(b)) and nothing else, and records the purge as an entry of its
// own (actor "system"). It returns how many were deleted.
func (db *DB) PurgeAudit(ctx context.Context) (int64, error) {
	tx, err := db.beginTx(ctx)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback()
	cutoff := AuditCutoff(tx.now)
	res, err := tx.ExecContext(ctx, tx.Rebind(`DELETE FROM audit_log WHERE at < ?`), cutoff.UnixMilli())
	if err != nil {
		return 0, err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return 0, err
	}
	if n == 0 {
		return 0, nil
	}
	e := &domain.AuditEntry{ActorID: "system", ActorEmail: "system", ActorRole: "system", Action: "audit.purge",
		Detail: fmt.Sprintf("%d entries before %s", n, cutoff.Format(time.DateOnly))}
	if err := appendAudit(ctx, tx, e); err != nil {
		return 0, err
	}
	return n, tx.Commit()
}

// ListAuditActions returns every action the audit log holds, in order, for
// the log's filter. It steps through the action index (a recursive query
// that asks for the next action after each), so it costs one index probe
// per action, not a scan of the log.
func (db *DB) ListAuditActions(ctx context.Context) ([]string, error) {
	var actions []string
	err := db.read.SelectContext(ctx, &actions, `
		WITH RECURSIVE a(action) AS (
			SELECT MIN(action) FROM audit_log
			UNION ALL
			SELECT (SELECT MIN(action) FROM audit_log WHERE action > a.action) FROM a WHERE a.action IS NOT NULL
		)
		SELECT action FROM a WHERE action IS NOT NULL`)
	if actions == nil {
		actions = []string{}
	}
	return actions, err
}
