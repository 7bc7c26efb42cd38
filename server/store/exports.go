package store

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"

	"github.com/heloc/heloc/server/domain"
)

// exportXMLAAD binds a sealed export file to its export and loan, so that
// a file copied into another row does not open there.
func exportXMLAAD(id, loanID string) string {
	return "exports.xml:" + id + ":" + loanID
}

const exportColumns = `id, loan_id, target, system, actor_id, actor_email, xml_sha256, xml_size, status, receipt, error, created_at, finished_at`

// CreateExport records an export about to be sent (status sending) with
// its file sealed, and fills in e's id, hash, size, status and time.
func (db *DB) CreateExport(ctx context.Context, e *domain.Export, xml []byte) error {
	if e.LoanID == "" || e.Target == "" || e.System == "" || e.ActorID == "" {
		return domain.Errorf(domain.EINVALID, "An export needs its loan, target, system and who sends it.")
	}
	if db.Sealer == nil {
		return errNoSealer
	}
	e.ID = newID()
	sum := sha256.Sum256(xml)
	e.SHA256, e.Size, e.Status = hex.EncodeToString(sum[:]), int64(len(xml)), domain.ExportSending
	sealed, err := db.Sealer.Seal(xml, []byte(exportXMLAAD(e.ID, e.LoanID)))
	if err != nil {
		return err
	}
	tx, err := db.beginTx(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	_, err = tx.ExecContext(ctx, tx.Rebind(`INSERT INTO exports (id, loan_id, target, system, actor_id, actor_email, xml_sha256, xml_size, xml, status, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
		e.ID, e.LoanID, e.Target, e.System, e.ActorID, e.ActorEmail, e.SHA256, e.Size, sealed, e.Status, tx.now.UnixMilli())
	if isForeignKeyViolation(err) {
		return domain.Errorf(domain.ENOTFOUND, "Loan not found.")
	} else if err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	e.CreatedAt = tx.now
	return nil
}

// FinishExport marks a sending export with the loan system's answer: sent
// with its receipt, or failed with sendErr's message.
func (db *DB) FinishExport(ctx context.Context, e *domain.Export, receipt string, sendErr error) error {
	status, msg := domain.ExportSent, ""
	if sendErr != nil {
		status, msg, receipt = domain.ExportFailed, sendErr.Error(), ""
	}
	tx, err := db.beginTx(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE exports SET status = ?, receipt = ?, error = ?, finished_at = ?
		WHERE id = ? AND status = ?`), status, receipt, msg, tx.now.UnixMilli(), e.ID, domain.ExportSending)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n == 0 {
		return domain.Errorf(domain.ECONFLICT, "That export is finished already.")
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	at := tx.now
	e.Status, e.Receipt, e.Error, e.FinishedAt = status, receipt, msg, &at
	return nil
}

// ListExports returns the loan's exports, newest first.
func (db *DB) ListExports(ctx context.Context, loanID string) ([]*domain.Export, error) {
	rows, err := db.read.QueryxContext(ctx, db.read.Rebind(`SELECT `+exportColumns+` FROM exports
		WHERE loan_id = ? ORDER BY created_at DESC, id DESC`), loanID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []*domain.Export{}
	for rows.Next() {
		e, err := scanExport(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

// FindExportFile returns an export of the loan with its file, opened.
func (db *DB) FindExportFile(ctx context.Context, loanID, id string) (*domain.Export, []byte, error) {
	if db.Sealer == nil {
		return nil, nil, errNoSealer
	}
	var sealed string
	row := db.getRow(ctx, `SELECT `+exportColumns+`, xml FROM exports WHERE id = ? AND loan_id = ?`, id, loanID)
	e, err := scanExport(row, &sealed)
	if err != nil {
		return nil, nil, err
	}
	xml, err := db.Sealer.Open(sealed, []byte(exportXMLAAD(e.ID, e.LoanID)))
	if err != nil {
		return nil, nil, err
	}
	return e, xml, nil
}

func scanExport(row rowScanner, extra ...any) (*domain.Export, error) {
	var e domain.Export
	var created int64
	var finished sql.NullInt64
	dest := append([]any{&e.ID, &e.LoanID, &e.Target, &e.System, &e.ActorID, &e.ActorEmail, &e.SHA256, &e.Size,
		&e.Status, &e.Receipt, &e.Error, &created, &finished}, extra...)
	err := row.Scan(dest...)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, domain.Errorf(domain.ENOTFOUND, "Export not found.")
	} else if err != nil {
		return nil, err
	}
	e.CreatedAt = fromMS(created)
	if finished.Valid {
		t := fromMS(finished.Int64)
		e.FinishedAt = &t
	}
	return &e, nil
}
