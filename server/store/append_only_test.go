package store_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/store"
)

// appendOnlyTable is a table the database keeps append-only (migrations
// 0011, 0015, 0016, 0019, 0024), with what a test needs to write to it by hand.
type appendOnlyTable struct {
	name    string
	rest    string // its columns after id
	changed string // rest with one value changed, selected from the row
	set     string // an assignment that changes the row
	parent  string // the table whose row's deletion cascades to it, if any
	fk      string // its column naming that row
	// add writes a row the way the store does and returns its id; n makes
	// the names it needs unique within the database.
	add func(t *testing.T, db *store.DB, n int) string
}

var appendOnlyTables = []appendOnlyTable{
	{
		name:    "audit_log",
		rest:    "at, actor_id, actor_email, actor_role, action, loan_id, subject, detail, ip",
		changed: "at, actor_id, actor_email, actor_role, action, loan_id, subject, 'rewritten', ip",
		set:     "detail = 'rewritten'",
		add: func(t *testing.T, db *store.DB, n int) string {
			return mustAppendAudit(t, db, fmt.Sprintf("actor%d", n), "portal.unmask", "L1").ID
		},
	},
	{
		name:    "loan_notes",
		rest:    "loan_id, author_id, body, created_at",
		changed: "loan_id, author_id, body, 1",
		set:     "created_at = 1",
		parent:  "loans",
		fk:      "loan_id",
		add: func(t *testing.T, db *store.DB, n int) string {
			staff := mustCreateStaff(t, db, fmt.Sprintf("author%d@example.com", n), "processor")
			l := newLoan(t, db, fmt.Sprintf("noted%d@example.com", n), "applicationSubmitted")
			note := &domain.LoanNote{LoanID: l.ID, Author: domain.StaffRef{ID: staff.ID}, Body: "Appraisal ordered"}
			if err := db.AddLoanNote(t.Context(), note); err != nil {
				t.Fatal(err)
			}
			return note.ID
		},
	},
	{
		name:    "credit_decisions",
		rest:    "loan_id, action, line_amount, needed_by, reasons, note, decision_id, notice_id, decided_by, created_at",
		changed: "loan_id, action, line_amount, needed_by, reasons, note, decision_id, notice_id, decided_by, 1",
		set:     "created_at = 1",
		parent:  "loans",
		fk:      "loan_id",
		add: func(t *testing.T, db *store.DB, n int) string {
			staff := mustCreateStaff(t, db, fmt.Sprintf("decider%d@example.com", n), "underwriter")
			l := newLoan(t, db, fmt.Sprintf("decided%d@example.com", n), "applicationSubmitted")
			cd := &domain.CreditDecision{LoanID: l.ID, Action: domain.CreditWithdraw, DecidedBy: domain.StaffRef{ID: staff.ID}}
			if err := db.RecordCreditDecision(t.Context(), store.CreditDecisionRecord{
				Decision:   cd,
				Validation: &domain.Decision{Entrypoint: "heloc.underwriting.decision", Input: []byte(`{}`), Result: []byte(`{"valid":true}`), Revision: "r1"},
				Audit:      &domain.AuditEntry{ActorID: staff.ID, ActorEmail: staff.Email, ActorRole: staff.Role, Action: "loans.decide"},
			}); err != nil {
				t.Fatal(err)
			}
			return cd.ID
		},
	},
	{
		name:    "loan_acts",
		rest:    "loan_id, party, applicant_id, act, detail, at, ip, user_agent",
		changed: "loan_id, party, applicant_id, act, 'rewritten', at, ip, user_agent",
		set:     "detail = 'rewritten'",
		parent:  "loans",
		fk:      "loan_id",
		add: func(t *testing.T, db *store.DB, n int) string {
			l := newLoan(t, db, fmt.Sprintf("acted%d@example.com", n), "application8")
			act := &domain.LoanAct{LoanID: l.ID, Party: "borrower", ApplicantID: l.ApplicantID, Act: domain.ActDeclarations, IP: "203.0.113.9", UserAgent: "Firefox/140"}
			if err := db.RecordLoanActs(t.Context(), []*domain.LoanAct{act}); err != nil {
				t.Fatal(err)
			}
			return act.ID
		},
	},
	{
		name:    "consents",
		rest:    "applicant_id, kind, version, agreed_at, client_address, user_agent",
		changed: "applicant_id, kind, 'rewritten', agreed_at, client_address, user_agent",
		set:     "version = 'rewritten'",
		parent:  "applicants",
		fk:      "applicant_id",
		add: func(t *testing.T, db *store.DB, n int) string {
			l := newLoan(t, db, fmt.Sprintf("agreed%d@example.com", n), "propertyValue")
			c := []domain.ConsentRecord{{Kind: "tcpa", Version: "tcpa-2026-11", ClientIP: "203.0.113.7", UserAgent: "Firefox/140"}}
			if err := db.RecordConsents(t.Context(), l.ApplicantID, c); err != nil {
				t.Fatal(err)
			}
			var id string
			if err := db.QueryRowForTest(t.Context(), `SELECT id FROM consents WHERE applicant_id = ?`, l.ApplicantID).Scan(&id); err != nil {
				t.Fatal(err)
			}
			return id
		},
	},
}

// How an engine answers a statement: the guard's trigger refuses it, the
// engine does not know its syntax (SQLite has no TRUNCATE or MERGE,
// PostgreSQL no REPLACE) or its table has no rowid (PostgreSQL), or it is
// a new row and is added.
const (
	refused = "refused"
	syntax  = "syntax"
	noRowid = "no rowid"
	added   = "added"
)

// appendOnlyForms are the SQL forms that could change a row, written with
// {table}, {id}, {rest}, {changed}, {set}, {parent} and {fk} for the
// table's; each engine refuses every one of them. The last one is a new
// row, which the guard must still let in.
var appendOnlyForms = []struct {
	name             string
	sql              string
	sqlite, postgres string
	parent           bool // only for a table with a parent
}{
	{name: "UPDATE", sql: `UPDATE {table} SET {set} WHERE id = '{id}'`, sqlite: refused, postgres: refused},
	{name: "UPDATE OR REPLACE", sql: `UPDATE OR REPLACE {table} SET {set} WHERE id = '{id}'`, sqlite: refused, postgres: syntax},
	{name: "DELETE", sql: `DELETE FROM {table} WHERE id = '{id}'`, sqlite: refused, postgres: refused},
	// Without a WHERE, SQLite empties a table without visiting its rows
	// (its truncate optimization) unless the table has DELETE triggers.
	{name: "DELETE every row", sql: `DELETE FROM {table}`, sqlite: refused, postgres: refused},
	{name: "TRUNCATE", sql: `TRUNCATE {table}`, sqlite: syntax, postgres: refused},
	{name: "REPLACE INTO", sql: `REPLACE INTO {table} (id, {rest}) SELECT id, {changed} FROM {table} WHERE id = '{id}'`, sqlite: refused, postgres: syntax},
	{name: "INSERT OR REPLACE", sql: `INSERT OR REPLACE INTO {table} (id, {rest}) SELECT id, {changed} FROM {table} WHERE id = '{id}'`, sqlite: refused, postgres: syntax},
	// A new id on the row's rowid, SQLite's other unique key of the table.
	{name: "INSERT OR REPLACE of its rowid", sql: `INSERT OR REPLACE INTO {table} (rowid, id, {rest}) SELECT rowid, 'x{id}', {changed} FROM {table} WHERE id = '{id}'`, sqlite: refused, postgres: syntax},
	// SQLite reads ON CONFLICT after a SELECT only when it has a WHERE.
	{name: "UPSERT", sql: `INSERT INTO {table} (id, {rest}) SELECT id, {changed} FROM {table} WHERE id = '{id}' ON CONFLICT (id) DO UPDATE SET {set}`, sqlite: refused, postgres: refused},
	{name: "MERGE UPDATE", sql: `MERGE INTO {table} t USING (SELECT '{id}' AS id) s ON t.id = s.id WHEN MATCHED THEN UPDATE SET {set}`, sqlite: syntax, postgres: refused},
	{name: "MERGE DELETE", sql: `MERGE INTO {table} t USING (SELECT '{id}' AS id) s ON t.id = s.id WHEN MATCHED THEN DELETE`, sqlite: syntax, postgres: refused},
	{name: "DELETE of its parent", sql: `DELETE FROM {parent} WHERE id = (SELECT {fk} FROM {table} WHERE id = '{id}')`, sqlite: refused, postgres: refused, parent: true},
	// SQLite's REPLACE of the parent deletes it, cascading to the row.
	{name: "REPLACE of its parent", sql: `REPLACE INTO {parent} SELECT * FROM {parent} WHERE id = (SELECT {fk} FROM {table} WHERE id = '{id}')`, sqlite: refused, postgres: syntax, parent: true},
	// A row at rowid -1 would look taken to every insert naming no rowid
	// (their NEW.rowid is -1 in a BEFORE trigger), so none may be written.
	{name: "INSERT at rowid -1", sql: `INSERT INTO {table} (rowid, id, {rest}) SELECT -1, 'x{id}', {changed} FROM {table} WHERE id = '{id}'`, sqlite: refused, postgres: noRowid},
	{name: "INSERT at rowid 0", sql: `INSERT INTO {table} (rowid, id, {rest}) SELECT 0, 'x{id}', {changed} FROM {table} WHERE id = '{id}'`, sqlite: refused, postgres: noRowid},
	{name: "INSERT of a new row", sql: `INSERT INTO {table} (id, {rest}) SELECT 'new{id}', {changed} FROM {table} WHERE id = '{id}'`, sqlite: added, postgres: added},
}

// TestAppendOnlyTablesRefuseEveryChange runs each form on a row of its own
// in each append-only table of each engine: the statement fails, by the
// guard's refusal where the engine knows its syntax, and the row reads back
// as it was written, the table holding as many rows as before (or one
// more for a new row).
func TestAppendOnlyTablesRefuseEveryChange(t *testing.T) {
	forEachDB(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		n := 0
		for _, tab := range appendOnlyTables {
			t.Run(tab.name, func(t *testing.T) {
				for _, form := range appendOnlyForms {
					if form.parent && tab.parent == "" {
						continue
					}
					t.Run(form.name, func(t *testing.T) {
						n++
						id := tab.add(t, db, n)
						stmt := strings.NewReplacer("{table}", tab.name, "{id}", id, "{rest}", tab.rest,
							"{changed}", tab.changed, "{set}", tab.set, "{parent}", tab.parent, "{fk}", tab.fk).Replace(form.sql)
						before, rows := readAppendOnlyRow(t, db, tab, id), countRows(t, db, tab.name)
						want := form.sqlite
						if db.Dialect() == "postgres" {
							want = form.postgres
						}

						err := db.ExecForTest(ctx, stmt)
						switch {
						case want == added && err != nil:
							t.Fatalf("%s: got %v, want the new row added", stmt, err)
						case want == refused && (err == nil || !strings.Contains(err.Error(), "append-only") && !strings.Contains(err.Error(), "kept 25 months")):
							t.Errorf("%s: got %v, want the guard's refusal", stmt, err)
						case want == syntax && (err == nil || !strings.Contains(err.Error(), "syntax error")):
							t.Errorf("%s: got %v, want a syntax error", stmt, err)
						case want == noRowid && (err == nil || !strings.Contains(err.Error(), `column "rowid"`)):
							t.Errorf("%s: got %v, want no rowid column", stmt, err)
						}

						if after := readAppendOnlyRow(t, db, tab, id); after != before {
							t.Errorf("got the row %s, want it as written, %s", after, before)
						}
						if want == added {
							rows++
						}
						if got := countRows(t, db, tab.name); got != rows {
							t.Errorf("got %d rows in %s, want %d", got, tab.name, rows)
						}
					})
				}
			})
		}
	})
}

// readAppendOnlyRow returns the row of tab with id, every column as text,
// or a note that it is gone.
func readAppendOnlyRow(t *testing.T, db *store.DB, tab appendOnlyTable, id string) string {
	t.Helper()
	cols := append([]string{"id"}, strings.Split(tab.rest, ", ")...)
	vals := make([]string, len(cols))
	dest := make([]any, len(cols))
	for i := range vals {
		dest[i] = &vals[i]
	}
	q := fmt.Sprintf(`SELECT %s FROM %s WHERE id = ?`, strings.Join(cols, ", "), tab.name)
	if err := db.QueryRowForTest(t.Context(), q, id).Scan(dest...); err != nil {
		return fmt.Sprintf("(gone: %v)", err)
	}
	return strings.Join(vals, "|")
}

func countRows(t *testing.T, db *store.DB, table string) int {
	t.Helper()
	var n int
	if err := db.QueryRowForTest(t.Context(), `SELECT COUNT(*) FROM `+table).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}
