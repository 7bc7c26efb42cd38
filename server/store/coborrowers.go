package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/heloc/heloc/server/domain"
)

// Coborrowers (migration 0022): a loan's coborrower as an applicant of
// their own, bound to the loan, and the acts each person on a loan does in
// their own session, one row each, never changed; the address and browser
// of an act are sealed, bound to the row and its loan.

// BindCoborrower makes who (by e-mail, in any case) the loan's coborrower
// and marks them invited now: an applicant with that e-mail is found or
// created (without a loan of their own), and replaces any coborrower the
// loan had. The loan's own applicant cannot be its coborrower (EINVALID);
// a loan that does not exist is ENOTFOUND.
func (db *DB) BindCoborrower(ctx context.Context, loanID string, who *domain.Applicant) (*domain.LoanCoborrower, error) {
	tx, err := db.beginTx(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()

	var owner string
	err = tx.QueryRowxContext(ctx, tx.Rebind(`SELECT applicant_id FROM loans WHERE id = ?`), loanID).Scan(&owner)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, domain.Errorf(domain.ENOTFOUND, "Loan not found.")
	} else if err != nil {
		return nil, err
	}
	a, err := scanApplicant(tx.QueryRowxContext(ctx, tx.Rebind(`SELECT `+applicantColumns+` FROM applicants a WHERE a.email = ?`), normalizeEmail(who.Email)))
	switch {
	case domain.ErrorCode(err) == domain.ENOTFOUND:
		a = &domain.Applicant{Email: who.Email, FirstName: who.FirstName, LastName: who.LastName}
		if err := createApplicant(ctx, tx, a); err != nil {
			return nil, err
		}
	case err != nil:
		return nil, err
	}
	if a.ID == owner {
		return nil, domain.OwnEmailError("coborrower.email")
	}
	if _, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO loan_coborrowers (loan_id, applicant_id, invited_at, created_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (loan_id) DO UPDATE SET applicant_id = excluded.applicant_id, invited_at = excluded.invited_at`),
		loanID, a.ID, tx.now.UnixMilli(), tx.now.UnixMilli()); err != nil {
		return nil, err
	}
	return &domain.LoanCoborrower{LoanID: loanID, Applicant: a, InvitedAt: tx.now}, tx.Commit()
}

// FindLoanCoborrower is the loan's coborrower account, ENOTFOUND when none
// was invited.
func (db *DB) FindLoanCoborrower(ctx context.Context, loanID string) (*domain.LoanCoborrower, error) {
	var invited int64
	a, err := scanApplicant(db.getRow(ctx, `SELECT `+applicantColumns+`, c.invited_at FROM loan_coborrowers c
		JOIN applicants a ON a.id = c.applicant_id WHERE c.loan_id = ?`, loanID), &invited)
	if domain.ErrorCode(err) == domain.ENOTFOUND {
		return nil, domain.Errorf(domain.ENOTFOUND, "This loan has no coborrower invited.")
	} else if err != nil {
		return nil, err
	}
	return &domain.LoanCoborrower{LoanID: loanID, Applicant: a, InvitedAt: fromMS(invited)}, nil
}

// FindCoborrowerLoan is the most recent loan the applicant is the
// coborrower of, ENOTFOUND when none.
func (db *DB) FindCoborrowerLoan(ctx context.Context, applicantID string) (*domain.Loan, error) {
	l, err := db.scanLoan(db.getRow(ctx, `SELECT `+loanColumns+` FROM loans
		WHERE id IN (SELECT loan_id FROM loan_coborrowers WHERE applicant_id = `+boundText+`)
		ORDER BY created_at DESC, id LIMIT 1`, applicantID))
	if domain.ErrorCode(err) == domain.ENOTFOUND {
		return nil, domain.Errorf(domain.ENOTFOUND, "You are not the coborrower on an application.")
	}
	return l, err
}

func loanActAAD(id, loanID, field string) []byte {
	return []byte("loan_acts." + field + ":" + id + ":" + loanID)
}

// RecordLoanActs records acts, all or none; each act's ID and At are set
// (one time for all). A loan that does not exist is ENOTFOUND.
func (db *DB) RecordLoanActs(ctx context.Context, acts []*domain.LoanAct) error {
	if db.Sealer == nil {
		return errNoSealer
	}
	tx, err := db.beginTx(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	for _, a := range acts {
		if a.LoanID == "" || a.ApplicantID == "" || a.Act == "" || (a.Party != "borrower" && a.Party != "coborrower") {
			return domain.Errorf(domain.EINVALID, "An act needs its loan, party, applicant and kind.")
		}
		a.ID, a.At = orderedID(), tx.now
		ip, err := db.sealText(a.IP, loanActAAD(a.ID, a.LoanID, "ip"))
		if err != nil {
			return err
		}
		agent, err := db.sealText(a.UserAgent, loanActAAD(a.ID, a.LoanID, "user_agent"))
		if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, tx.Rebind(`INSERT INTO loan_acts (id, loan_id, party, applicant_id, act, detail, at, ip, user_agent)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`), a.ID, a.LoanID, a.Party, a.ApplicantID, a.Act, a.Detail, a.At.UnixMilli(), ip, agent)
		if isForeignKeyViolation(err) {
			return domain.Errorf(domain.ENOTFOUND, "Loan not found.")
		} else if err != nil {
			return err
		}
	}
	return tx.Commit()
}

// ListLoanActs returns the loan's acts, oldest first, addresses and
// browsers opened.
func (db *DB) ListLoanActs(ctx context.Context, loanID string) ([]*domain.LoanAct, error) {
	if db.Sealer == nil {
		return nil, errNoSealer
	}
	rows, err := db.read.QueryxContext(ctx, db.read.Rebind(`SELECT id, loan_id, party, applicant_id, act, detail, at, ip, user_agent
		FROM loan_acts WHERE loan_id = ? ORDER BY at, id`), loanID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []*domain.LoanAct{}
	for rows.Next() {
		var a domain.LoanAct
		var at int64
		var ip, agent string
		if err := rows.Scan(&a.ID, &a.LoanID, &a.Party, &a.ApplicantID, &a.Act, &a.Detail, &at, &ip, &agent); err != nil {
			return nil, err
		}
		if a.IP, err = db.openText(ip, loanActAAD(a.ID, a.LoanID, "ip")); err != nil {
			return nil, err
		}
		if a.UserAgent, err = db.openText(agent, loanActAAD(a.ID, a.LoanID, "user_agent")); err != nil {
			return nil, err
		}
		a.At = time.UnixMilli(at).UTC()
		out = append(out, &a)
	}
	return out, rows.Err()
}
