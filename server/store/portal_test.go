package store_test

import (
	"strings"
	"testing"
	"time"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/store"
)

// pipelineLoan makes an applicant's loan with the property's state and, at
// the clock's time then, its last activity.
func pipelineLoan(t *testing.T, db *store.DB, first, last, email, state, status string) *domain.Loan {
	t.Helper()
	l, err := db.CreateApplicantWithLoan(t.Context(), &domain.Applicant{Email: email, FirstName: first, LastName: last}, status)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.UpdateLoanAnswers(t.Context(), l.ID, func(l *domain.Loan) error {
		l.Answers.PropertyState = &state
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return l
}

func names(rows []*domain.PipelineRow) string {
	var out []string
	for _, r := range rows {
		out = append(out, r.BorrowerName)
	}
	return strings.Join(out, ", ")
}

func TestPipelineListsSearchesFiltersAndPages(t *testing.T) {
	forEachDB(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		clock := testNow
		db.Now = func() time.Time { return clock }
		lo := mustCreateStaff(t, db, "lo@example.com", "loanOfficer")
		partner := &domain.StaffUser{Email: "partner@example.com", FirstName: "Pat", LastName: "Partner", Role: "partner", LoanOfficerTag: "acme-7"}
		if err := db.CreateStaffUser(ctx, partner, domain.StaffCredentials{PasswordHash: "h", SealTOTP: sealAs("s")}); err != nil {
			t.Fatal(err)
		}
		var loans []*domain.Loan
		for i, p := range []struct{ first, last, email, state, status string }{
			{"Ana", "Ortiz", "ana@example.com", "CA", "previewOffer"},
			{"Bob", "Smith", "bob.smith@example.com", "TX", "application"},
			{"Carla", "Smithers", "carla@example.com", "CA", "application"},
			{"Dan", "Ng", "dan@example.com", "WA", "applicationSubmitted"},
			{"Élodie", "Durand", "elodie@example.com", "NY", "propertyValue"},
		} {
			clock = testNow.Add(time.Duration(i) * time.Hour)
			loans = append(loans, pipelineLoan(t, db, p.first, p.last, p.email, p.state, p.status))
		}
		list := func(t *testing.T, q domain.PipelineQuery) *domain.PipelinePage {
			t.Helper()
			if q.Sort == "" {
				q.Sort = domain.SortActivity
			}
			page, err := db.ListPipeline(ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			return page
		}

		t.Run("the latest activity first, with each loan's copy of its borrower and state", func(t *testing.T) {
			page := list(t, domain.PipelineQuery{Descending: true})
			if got, want := names(page.Rows), "Élodie Durand, Dan Ng, Carla Smithers, Bob Smith, Ana Ortiz"; got != want || page.More {
				t.Fatalf("got %q (more %v), want %q", got, page.More, want)
			}
			r := page.Rows[4]
			if r.BorrowerEmail != "ana@example.com" || r.PropertyState != "CA" || r.ApplicationStatus != "previewOffer" ||
				!r.LastActivityAt.Equal(testNow) || r.LineAmount != nil || r.LoanOfficer != nil {
				t.Fatalf("got %+v, want Ana's loan in CA, no line, no team", r)
			}
		})

		t.Run("search by the start of a first name, a last name, a full name or an e-mail, in any case", func(t *testing.T) {
			for search, want := range map[string]string{
				"smith":       "Carla Smithers, Bob Smith",
				"SMITH bob":   "Bob Smith",
				"bob sm":      "Bob Smith",
				"carla":       "Carla Smithers",
				"BOB.SMITH@":  "Bob Smith",
				"élodie":      "Élodie Durand",
				"durand é":    "Élodie Durand",
				"  ana   or ": "Ana Ortiz",
				"zed":         "",
			} {
				if got := names(list(t, domain.PipelineQuery{Search: search, Descending: true}).Rows); got != want {
					t.Errorf("search %q: got %q, want %q", search, got, want)
				}
			}
		})

		t.Run("filters by status and state", func(t *testing.T) {
			if got, want := names(list(t, domain.PipelineQuery{Statuses: []string{"application", "previewOffer"}, State: "CA"}).Rows), "Ana Ortiz, Carla Smithers"; got != want {
				t.Fatalf("got %q, want %q", got, want)
			}
		})

		t.Run("sorts by name, amount and state, ties broken by id", func(t *testing.T) {
			if got, want := names(list(t, domain.PipelineQuery{Sort: domain.SortName}).Rows), "Élodie Durand, Dan Ng, Ana Ortiz, Bob Smith, Carla Smithers"; got != want {
				t.Fatalf("got %q, want %q", got, want)
			}
			page := list(t, domain.PipelineQuery{Sort: domain.SortState, Descending: true})
			var states []string
			for _, r := range page.Rows {
				states = append(states, r.PropertyState)
			}
			if got := strings.Join(states, " "); got != "WA TX NY CA CA" {
				t.Fatalf("got states %q, want WA TX NY CA CA", got)
			}
		})

		t.Run("a preview offer's line is the loan's line amount", func(t *testing.T) {
			if _, err := db.CreateDecision(ctx, "heloc.offer.preview", loans[1].ID, []byte(`{}`), []byte(`{"eligible":true,"maxLine":175000.4}`), "r1"); err != nil {
				t.Fatal(err)
			}
			if _, err := db.CreateDecision(ctx, "heloc.offer.preview", loans[3].ID, []byte(`{}`), []byte(`{"eligible":false,"maxLine":0}`), "r1"); err != nil {
				t.Fatal(err)
			}
			page := list(t, domain.PipelineQuery{Sort: domain.SortAmount, Descending: true, Limit: 1})
			if r := page.Rows[0]; r.BorrowerName != "Bob Smith" || r.LineAmount == nil || *r.LineAmount != 175000 || !page.More {
				t.Fatalf("got %+v (more %v), want Bob's line of 175000 first, and more", r, page.More)
			}
		})

		t.Run("keyset pages forwards and back", func(t *testing.T) {
			q := domain.PipelineQuery{Descending: true, Limit: 2}
			first := list(t, q)
			q.After = &first.Rows[1].Key
			second := list(t, q)
			q.After = &second.Rows[1].Key
			third := list(t, q)
			if got := names(first.Rows) + " | " + names(second.Rows) + " | " + names(third.Rows); got !=
				"Élodie Durand, Dan Ng | Carla Smithers, Bob Smith | Ana Ortiz" || !first.More || !second.More || third.More {
				t.Fatalf("got %q (more %v %v %v)", got, first.More, second.More, third.More)
			}
			back := list(t, domain.PipelineQuery{Descending: true, Limit: 2, Before: &third.Rows[0].Key})
			if got := names(back.Rows); got != "Carla Smithers, Bob Smith" || !back.More {
				t.Fatalf("got %q (more %v), want the second page again, with more before it", got, back.More)
			}
		})

		t.Run("a team and a tag make a loan a user's", func(t *testing.T) {
			team, err := db.UpdateLoanTeam(ctx, loans[0].ID, domain.LoanTeamPatch{LoanOfficerID: &lo.ID})
			if err != nil || team.LoanOfficerID != lo.ID || team.ProcessorID != "" {
				t.Fatalf("got %+v, %v; want lo as loan officer", team, err)
			}
			if _, err := db.UpdateLoanTeam(ctx, loans[2].ID, domain.LoanTeamPatch{ProcessorID: &lo.ID, LoanOfficerTag: ptr(" acme-7 ")}); err != nil {
				t.Fatal(err)
			}
			if got, want := names(list(t, domain.PipelineQuery{AssignedTo: lo}).Rows), "Ana Ortiz, Carla Smithers"; got != want {
				t.Fatalf("loan officer: got %q, want %q", got, want)
			}
			if got, want := names(list(t, domain.PipelineQuery{AssignedTo: partner}).Rows), "Carla Smithers"; got != want {
				t.Fatalf("partner: got %q, want %q", got, want)
			}
			if got, want := names(list(t, domain.PipelineQuery{LoanOfficerID: lo.ID}).Rows), "Ana Ortiz"; got != want {
				t.Fatalf("loan officer filter: got %q, want %q", got, want)
			}
			if got := list(t, domain.PipelineQuery{LoanOfficerID: domain.NoLoanOfficer}).Rows; len(got) != 4 {
				t.Fatalf("no loan officer: got %q, want the 4 others", names(got))
			}
			row, err := db.FindPipelineRow(ctx, loans[2].ID)
			if err != nil || row.Processor == nil || row.Processor.ID != lo.ID || row.LoanOfficerTag != "acme-7" || row.LoanOfficer != nil {
				t.Fatalf("got %+v, %v; want lo as processor and the tag acme-7", row, err)
			}
			got, err := db.FindLoanTeam(ctx, loans[2].ID)
			if err != nil || !got.AssignedTo(partner) || !got.AssignedTo(lo) {
				t.Fatalf("got %+v, %v; want the loan assigned to both", got, err)
			}
			if _, err := db.UpdateLoanTeam(ctx, loans[0].ID, domain.LoanTeamPatch{LoanOfficerID: ptr("")}); err != nil {
				t.Fatal(err)
			}
			if got, _ := db.FindLoanTeam(ctx, loans[0].ID); got.LoanOfficerID != "" || got.AssignedTo(lo) {
				t.Fatalf("got %+v, want the place emptied", got)
			}
			_, err = db.FindLoanTeam(ctx, "missing")
			assertError(t, err, domain.ENOTFOUND, "Loan not found.")
			_, err = db.UpdateLoanTeam(ctx, "missing", domain.LoanTeamPatch{LoanOfficerID: &lo.ID})
			assertError(t, err, domain.ENOTFOUND, "Loan not found.")
		})

		t.Run("a new name follows the applicant onto their loan", func(t *testing.T) {
			l, _ := db.FindLoan(ctx, loans[0].ID)
			if _, err := db.UpdateApplicant(ctx, l.ApplicantID, domain.ApplicantPatch{LastName: ptr("Ortiz-Reyes")}); err != nil {
				t.Fatal(err)
			}
			if got := names(list(t, domain.PipelineQuery{Search: "ortiz-r"}).Rows); got != "Ana Ortiz-Reyes" {
				t.Fatalf("got %q, want the new name found", got)
			}
		})

		t.Run("an unknown sort is refused", func(t *testing.T) {
			_, err := db.ListPipeline(ctx, domain.PipelineQuery{Sort: "ssn"})
			assertError(t, err, domain.EINVALID, `The pipeline cannot be sorted by "ssn".`)
		})
	})
}

func TestSeedPipeline(t *testing.T) {
	forEachDB(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		lo := mustCreateStaff(t, db, "lo@example.com", "loanOfficer")
		n, err := db.SeedPipeline(ctx, store.PipelineSeed{Loans: 901, Statuses: []string{"application", "previewOffer"},
			States: []string{"CA", "TX"}, Team: []string{"", lo.ID}, Tags: []string{"", "acme-7"}, Seed: 1})
		if err != nil || n != 901 {
			t.Fatalf("got %d, %v; want 901 loans", n, err)
		}
		page, err := db.ListPipeline(ctx, domain.PipelineQuery{Sort: domain.SortActivity, Descending: true, Limit: 100})
		if err != nil || len(page.Rows) != 100 || !page.More {
			t.Fatalf("got %d rows (more %v), %v; want a full page and more", len(page.Rows), page.More, err)
		}
		r := page.Rows[0]
		if !strings.HasSuffix(r.BorrowerEmail, "@seed.example.com") || r.BorrowerName == "" || (r.PropertyState != "CA" && r.PropertyState != "TX") {
			t.Fatalf("got %+v, want a seeded loan", r)
		}
		last := strings.Fields(r.BorrowerName)[1]
		found, err := db.ListPipeline(ctx, domain.PipelineQuery{Sort: domain.SortName, Search: last, Limit: 100})
		if err != nil || len(found.Rows) == 0 {
			t.Fatalf("search %q: got %d rows, %v", last, len(found.Rows), err)
		}
		for _, f := range found.Rows {
			if !strings.Contains(f.BorrowerName, last) && !strings.HasPrefix(f.BorrowerName, last) {
				t.Fatalf("search %q found %q", last, f.BorrowerName)
			}
		}
	})
}
