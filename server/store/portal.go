package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/heloc/heloc/server/domain"
)

// FindLoanTeam returns who works the loan: its loan officer, processor and
// partner tag. NOT_FOUND for an unknown loan.
func (db *DB) FindLoanTeam(ctx context.Context, loanID string) (*domain.LoanTeam, error) {
	t := domain.LoanTeam{LoanID: loanID}
	var lo, proc sql.NullString
	err := db.getRow(ctx, `SELECT loan_officer_id, processor_id, loan_officer_tag FROM loans WHERE id = ?`, loanID).
		Scan(&lo, &proc, &t.LoanOfficerTag)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, domain.Errorf(domain.ENOTFOUND, "Loan not found.")
	} else if err != nil {
		return nil, err
	}
	t.LoanOfficerID, t.ProcessorID = lo.String, proc.String
	return &t, nil
}

// UpdateLoanTeam applies patch to the loan's team and returns the team as
// stored. Who may hold which place is the caller's to check. It is not the
// borrower's activity, so the loan's updated_at stays.
func (db *DB) UpdateLoanTeam(ctx context.Context, loanID string, patch domain.LoanTeamPatch) (*domain.LoanTeam, error) {
	tx, err := db.beginTx(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()

	var sets []string
	var args []any
	if patch.LoanOfficerID != nil {
		sets, args = append(sets, "loan_officer_id = ?"), append(args, sql.NullString{String: *patch.LoanOfficerID, Valid: *patch.LoanOfficerID != ""})
	}
	if patch.ProcessorID != nil {
		sets, args = append(sets, "processor_id = ?"), append(args, sql.NullString{String: *patch.ProcessorID, Valid: *patch.ProcessorID != ""})
	}
	if patch.LoanOfficerTag != nil {
		sets, args = append(sets, "loan_officer_tag = ?"), append(args, strings.TrimSpace(*patch.LoanOfficerTag))
	}
	if len(sets) > 0 {
		res, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE loans SET `+strings.Join(sets, ", ")+` WHERE id = ?`), append(args, loanID)...)
		if err != nil {
			return nil, err
		}
		if n, err := res.RowsAffected(); err != nil {
			return nil, err
		} else if n == 0 {
			return nil, domain.Errorf(domain.ENOTFOUND, "Loan not found.")
		}
		if err := tx.Commit(); err != nil {
			return nil, err
		}
	}
	return db.FindLoanTeam(ctx, loanID)
}

// pipelineSortColumns is the column each sort key orders by; numeric says
// whether its value is a number (PipelineKey.Int) or text (Str).
var pipelineSortColumns = map[string]struct {
	column  string
	numeric bool
}{
	domain.SortActivity: {"l.updated_at", true},
	domain.SortCreated:  {"l.created_at", true},
	domain.SortName:     {"l.search_last", false},
	domain.SortAmount:   {"l.line_amount", true},
	domain.SortState:    {"l.property_state", false},
	domain.SortStatus:   {"COALESCE(l.credit_status, l.application_status)", false},
}

const pipelineColumns = `l.id, l.borrower_name, l.borrower_email, l.property_state, l.line_amount,
	l.application_status, l.updated_at, l.created_at, l.loan_officer_tag, l.search_last,
	l.credit_status, l.credit_needed_by, l.submitted_at,
	lo.id, lo.first_name, lo.last_name, lo.email, lo.role,
	pr.id, pr.first_name, pr.last_name, pr.email, pr.role
	FROM loans l
	LEFT JOIN staff_users lo ON lo.id = l.loan_officer_id
	LEFT JOIN staff_users pr ON pr.id = l.processor_id`

// ListPipeline returns one page of the pipeline (domain.PipelineQuery):
// every filter and the page's start are conditions an index answers, and
// the page is read in the key's order, so a page costs about the same
// wherever it lies in 100,000 loans.
func (db *DB) ListPipeline(ctx context.Context, q domain.PipelineQuery) (*domain.PipelinePage, error) {
	sort, ok := pipelineSortColumns[q.Sort]
	if !ok {
		return nil, domain.Errorf(domain.EINVALID, "The pipeline cannot be sorted by %q.", q.Sort)
	}
	if q.Limit <= 0 {
		q.Limit = 25
	}
	var where []string
	var args []any
	if s := SearchKey(q.Search); s != "" {
		// A prefix as a range, which an index answers on both engines
		// (LIKE 'x%' would need a special operator class on PostgreSQL).
		hi := s + "\U0010FFFF"
		where = append(where, `((l.search_name >= ? AND l.search_name < ?) OR (l.search_last >= ? AND l.search_last < ?) OR (l.borrower_email >= ? AND l.borrower_email < ?))`)
		args = append(args, s, hi, s, hi, s, hi)
	}
	if len(q.Statuses) > 0 {
		// A decided loan's status is its credit decision's (migration 0019).
		where = append(where, `COALESCE(l.credit_status, l.application_status) IN (?`+strings.Repeat(", ?", len(q.Statuses)-1)+`)`)
		for _, st := range q.Statuses {
			args = append(args, st)
		}
	}
	if q.State != "" {
		where, args = append(where, `l.property_state = ?`), append(args, q.State)
	}
	switch q.LoanOfficerID {
	case "":
	case domain.NoLoanOfficer:
		where = append(where, `l.loan_officer_id IS NULL`)
	default:
		where, args = append(where, `l.loan_officer_id = ?`), append(args, q.LoanOfficerID)
	}
	if u := q.AssignedTo; u != nil {
		if u.LoanOfficerTag != "" {
			where = append(where, `(l.loan_officer_id = ? OR l.processor_id = ? OR l.loan_officer_tag = ?)`)
			args = append(args, u.ID, u.ID, u.LoanOfficerTag)
		} else {
			where = append(where, `(l.loan_officer_id = ? OR l.processor_id = ?)`)
			args = append(args, u.ID, u.ID)
		}
	}
	// Reading before a row is reading the other way from it, then turning
	// the page round.
	desc, from := q.Descending, q.After
	if q.Before != nil {
		desc, from = !desc, q.Before
	}
	if from != nil {
		op := ">"
		if desc {
			op = "<"
		}
		where = append(where, `(`+sort.column+`, l.id) `+op+` (?, ?)`)
		if sort.numeric {
			args = append(args, from.Int, from.ID)
		} else {
			args = append(args, from.Str, from.ID)
		}
	}
	dir := " ASC"
	if desc {
		dir = " DESC"
	}
	query := `SELECT ` + pipelineColumns
	if len(where) > 0 {
		query += ` WHERE ` + strings.Join(where, " AND ")
	}
	query += ` ORDER BY ` + sort.column + dir + `, l.id` + dir + ` LIMIT ?`
	args = append(args, q.Limit+1)

	rows, err := db.read.QueryxContext(ctx, db.read.Rebind(query), args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	page := &domain.PipelinePage{}
	for rows.Next() {
		r, err := scanPipelineRow(rows, q.Sort)
		if err != nil {
			return nil, err
		}
		page.Rows = append(page.Rows, r)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if len(page.Rows) > q.Limit {
		page.Rows, page.More = page.Rows[:q.Limit], true
	}
	if q.Before != nil {
		slices.Reverse(page.Rows)
	}
	return page, nil
}

// FindPipelineRow returns the loan as the pipeline lists it.
func (db *DB) FindPipelineRow(ctx context.Context, loanID string) (*domain.PipelineRow, error) {
	r, err := scanPipelineRow(db.getRow(ctx, `SELECT `+pipelineColumns+` WHERE l.id = ?`, loanID), domain.SortActivity)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, domain.Errorf(domain.ENOTFOUND, "Loan not found.")
	}
	return r, err
}

func scanPipelineRow(row rowScanner, sort string) (*domain.PipelineRow, error) {
	var r domain.PipelineRow
	var amount, updated, created int64
	var searchLast string
	var lo, pr staffRefColumns
	var credit, neededBy sql.NullString
	var submitted sql.NullInt64
	err := row.Scan(&r.LoanID, &r.BorrowerName, &r.BorrowerEmail, &r.PropertyState, &amount,
		&r.ApplicationStatus, &updated, &created, &r.LoanOfficerTag, &searchLast,
		&credit, &neededBy, &submitted,
		&lo.id, &lo.first, &lo.last, &lo.email, &lo.role,
		&pr.id, &pr.first, &pr.last, &pr.email, &pr.role)
	if err != nil {
		return nil, err
	}
	if amount > 0 {
		r.LineAmount = &amount
	}
	r.LastActivityAt, r.CreatedAt = fromMS(updated), fromMS(created)
	if credit.Valid {
		r.CreditStatus = &credit.String
	}
	if neededBy.Valid {
		r.NeededBy = &neededBy.String
	}
	if submitted.Valid {
		at := fromMS(submitted.Int64)
		r.SubmittedAt = &at
	}
	r.LoanOfficer, r.Processor = lo.ref(), pr.ref()
	r.Key = domain.PipelineKey{ID: r.LoanID}
	switch sort {
	case domain.SortActivity:
		r.Key.Int = updated
	case domain.SortCreated:
		r.Key.Int = created
	case domain.SortAmount:
		r.Key.Int = amount
	case domain.SortName:
		r.Key.Str = searchLast
	case domain.SortState:
		r.Key.Str = r.PropertyState
	case domain.SortStatus:
		r.Key.Str = r.ApplicationStatus
		if r.CreditStatus != nil {
			r.Key.Str = *r.CreditStatus
		}
	}
	return &r, nil
}

// staffRefColumns are a LEFT JOINed portal user's columns, NULL when the
// place is empty.
type staffRefColumns struct {
	id, first, last, email, role sql.NullString
}

func (c staffRefColumns) ref() *domain.StaffRef {
	if !c.id.Valid {
		return nil
	}
	return &domain.StaffRef{ID: c.id.String, FirstName: c.first.String, LastName: c.last.String, Email: c.email.String, Role: c.role.String}
}

// SearchKey is how a name or e-mail is kept and searched: lowercase, with
// single spaces.
func SearchKey(s string) string {
	return strings.Join(strings.Fields(strings.ToLower(s)), " ")
}

// setBorrower copies the applicant's name and e-mail onto their loans, as
// the pipeline shows and searches them.
func setBorrower(ctx context.Context, tx *tx, applicantID string) error {
	var first, last, email string
	if err := tx.QueryRowxContext(ctx, tx.Rebind(`SELECT first_name, last_name, email FROM applicants WHERE id = ?`), applicantID).
		Scan(&first, &last, &email); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE loans SET borrower_name = ?, search_name = ?, search_last = ?, borrower_email = ? WHERE applicant_id = ?`),
		strings.TrimSpace(first+" "+last), SearchKey(first+" "+last), SearchKey(last+" "+first), normalizeEmail(email), applicantID)
	return err
}

// offerEntrypoint is the preview offer's decision, whose line the pipeline
// shows.
const offerEntrypoint = "heloc.offer.preview"

// setLineAmount copies the line of a loan's newest preview offer (the
// amount chosen: its line, or maxLine for an offer decided before the
// amount could be chosen, in whole dollars; 0 when it offers none) onto
// the loan for the pipeline.
func setLineAmount(ctx context.Context, tx *tx, loanID string, result []byte) error {
	offer, err := domain.ReadOffer(result)
	if err != nil {
		return fmt.Errorf("offer decision: %w", err)
	}
	amount := int64(0)
	if offer.Eligible && offer.Amount() > 0 {
		amount = offer.Amount()
	}
	_, err = tx.ExecContext(ctx, tx.Rebind(`UPDATE loans SET line_amount = ? WHERE id = ?`), amount, loanID)
	return err
}
