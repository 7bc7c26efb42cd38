package store

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/heloc/heloc/server/domain"
)

// PipelineSeed says what SeedPipeline makes: Loans made-up applicants with
// a loan each, at statuses and in states drawn from the lists, with
// activity spread over Span before now, a loan officer and processor drawn
// from Team (an "" entry leaves the place empty) and a tag from Tags ("" is
// none). Seed makes the draw repeatable.
type PipelineSeed struct {
	Loans    int
	Statuses []string
	States   []string
	Team     []string
	Tags     []string
	Span     time.Duration
	Seed     uint64
}

// seedFirstNames and seedLastNames make up the seeded borrowers' names:
// 60 x 80 names, so a last name is shared by about one loan in 80.
var (
	seedFirstNames = strings.Fields(`James Mary Robert Patricia John Jennifer Michael Linda David Elizabeth
		William Barbara Richard Susan Joseph Jessica Thomas Sarah Charles Karen Christopher Lisa Daniel Nancy
		Matthew Betty Anthony Margaret Mark Sandra Donald Ashley Steven Kimberly Paul Emily Andrew Donna Joshua
		Michelle Kenneth Carol Kevin Amanda Brian Dorothy George Melissa Timothy Deborah Ronald Stephanie Jason
		Rebecca Edward Sharon Jeffrey Laura Ryan Cynthia`)
	seedLastNames = strings.Fields(`Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez
		Hernandez Lopez Gonzalez Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White
		Harris Sanchez Clark Ramirez Lewis Robinson Walker Young Allen King Wright Scott Torres Nguyen Hill
		Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts Gomez Phillips Evans Turner
		Diaz Parker Cruz Edwards Collins Reyes Stewart Morris Morales Murphy Cook Rogers Gutierrez Ortiz Morgan
		Cooper Peterson Bailey Reed Kelly Howard Ramos Kim Cox Ward`)
)

// seedBatch is how many rows one INSERT writes: 400 loans of 17 columns
// stay under both engines' limits on bound parameters.
const seedBatch = 400

// SeedPipeline writes spec.Loans made-up applicants and loans, for
// measuring the pipeline at scale (`heloc seed pipeline`). Their e-mails
// are at seed.example.com and carry a tag of the run, so runs add up; the
// loans have no answers and no application. It returns how many it made.
func (db *DB) SeedPipeline(ctx context.Context, spec PipelineSeed) (int, error) {
	if spec.Loans <= 0 || len(spec.Statuses) == 0 || len(spec.States) == 0 {
		return 0, domain.Errorf(domain.EINVALID, "Seeding needs a number of loans, statuses and states.")
	}
	if len(spec.Team) == 0 {
		spec.Team = []string{""}
	}
	if len(spec.Tags) == 0 {
		spec.Tags = []string{""}
	}
	if spec.Span <= 0 {
		spec.Span = 365 * 24 * time.Hour
	}
	r := rand.New(rand.NewPCG(spec.Seed, spec.Seed^0x9e3779b97f4a7c15))
	run := newID()[:6]
	tx, err := db.beginTx(ctx)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback()

	now := tx.now.UnixMilli()
	pick := func(list []string) string { return list[r.IntN(len(list))] }
	for done := 0; done < spec.Loans; {
		n := min(seedBatch, spec.Loans-done)
		var applicants, loans []string
		var aArgs, lArgs []any
		for i := range n {
			first, last := pick(seedFirstNames), pick(seedLastNames)
			email := fmt.Sprintf("%s.%s.%s%d@seed.example.com", strings.ToLower(first), strings.ToLower(last), run, done+i)
			created := now - r.Int64N(spec.Span.Milliseconds())
			updated := created + r.Int64N(now-created+1)
			amount := int64(0)
			if r.IntN(5) > 0 {
				amount = 10_000 + 2_500*r.Int64N(100)
			}
			aid, lid := newID(), newID()
			applicants = append(applicants, "(?, ?, ?, ?, ?)")
			aArgs = append(aArgs, aid, email, first, last, created)
			loans = append(loans, "(?, ?, ?, '{}', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
			lArgs = append(lArgs, lid, aid, pick(spec.Statuses), created, updated,
				nullIfEmpty(pick(spec.Team)), nullIfEmpty(pick(spec.Team)), pick(spec.Tags), pick(spec.States), amount,
				first+" "+last, SearchKey(first+" "+last), SearchKey(last+" "+first), email)
		}
		if _, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO applicants (id, email, first_name, last_name, created_at) VALUES `+
			strings.Join(applicants, ", ")), aArgs...); err != nil {
			return done, fmt.Errorf("seed applicants: %w", err)
		}
		if _, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO loans (id, applicant_id, application_status, prequal_answers,
			created_at, updated_at, loan_officer_id, processor_id, loan_officer_tag, property_state, line_amount,
			borrower_name, search_name, search_last, borrower_email) VALUES `+strings.Join(loans, ", ")), lArgs...); err != nil {
			return done, fmt.Errorf("seed loans: %w", err)
		}
		done += n
	}
	if err := tx.Commit(); err != nil {
		return 0, err
	}
	// The planners choose the pipeline's indexes from fresh statistics.
	if _, err := db.write.ExecContext(ctx, `ANALYZE`); err != nil {
		return spec.Loans, fmt.Errorf("analyze: %w", err)
	}
	return spec.Loans, nil
}

func nullIfEmpty(s string) any {
	if s == "" {
		return nil
	}
	return s
}
