package web_test

import (
	"context"
	"encoding/json"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/heloc/heloc/server/store"
	"github.com/heloc/heloc/server/web"
)

type funnelPage struct {
	Path, Label, Area, Step, State string
	Section                        *string
}

type pagesResult struct {
	Area     *string
	Pages    []funnelPage
	Previous *funnelPage
	Next     *funnelPage
}

func pagePaths(r pagesResult) []string {
	var out []string
	for _, p := range r.Pages {
		out = append(out, p.Path)
	}
	return out
}

// funnel.pages answers for the signed-in applicant's own loan: its status
// and answers come from the store, whatever the browser says.
func TestPagesComeFromTheSignedInLoan(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	tests := []struct {
		email           string
		shown, notShown []string
		nextOf4         string
	}{
		{"prime@example.com", nil, []string{"/app/application/4/coborrower", "/app/application/other-income/coborrower", "/app/application/business-information"}, "/app/application/other-income"},
		{"coborrower@example.com", []string{"/app/application/4/coborrower", "/app/application/other-income/coborrower"}, []string{"/app/application/business-information"}, "/app/application/4/coborrower"},
		{"self-employed@example.com", []string{"/app/application/business-information"}, []string{"/app/application/4/coborrower"}, "/app/application/business-information"},
	}
	for _, tt := range tests {
		t.Run(tt.email, func(t *testing.T) {
			b := s.browser(t)
			b.signIn(tt.email)
			// The browser's answers are ignored for a loan.
			_, res := b.trpc("GET", "funnel.pages", `{"path":"/app/application/4","answers":{"hasCoborrower":true,"isSelfEmployed":true}}`)
			if res.Error != nil {
				t.Fatalf("got error %+v", res.Error)
			}
			got := decode[pagesResult](t, res.Result.Data)
			paths := pagePaths(got)
			for _, p := range tt.shown {
				if !slices.Contains(paths, p) {
					t.Errorf("got pages %v, want %s among them", paths, p)
				}
			}
			for _, p := range tt.notShown {
				if slices.Contains(paths, p) {
					t.Errorf("got pages %v, want no %s", paths, p)
				}
			}
			if got.Next == nil || got.Next.Path != tt.nextOf4 {
				t.Errorf("got next %+v, want %s", got.Next, tt.nextOf4)
			}
		})
	}
}

// The loan's status says which pages are done.
func TestPagesAreDoneUpToTheLoansStatus(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	b := s.browser(t)
	b.signIn("prime@example.com") // persona at application3 (/app/application/2)
	_, res := b.trpc("GET", "funnel.pages", `{"path":"/app/application/1"}`)
	got := decode[pagesResult](t, res.Result.Data)
	states := map[string]string{}
	for _, p := range got.Pages {
		states[p.Path] = p.State
	}
	want := map[string]string{"/app/application/1": "current", "/app/application/2": "upcoming", "/app/application/3": "upcoming"}
	for path, state := range want {
		if states[path] != state {
			t.Errorf("%s: got state %q, want %q", path, states[path], state)
		}
	}
	if got.Pages[0].Section == nil || *got.Pages[0].Section != "Personal Info" {
		t.Errorf("got first page %+v, want the Personal info section", got.Pages[0])
	}
}

// A visitor without a loan sends the answers kept in their browser.
func TestPagesForAVisitorFollowTheirAnswers(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	b := s.browser(t)
	for _, tc := range []struct {
		answers string
		want    bool
	}{
		{`{}`, false},
		{`{"hasCoborrower":false}`, false},
		{`{"hasCoborrower":true}`, true},
	} {
		input, _ := json.Marshal(map[string]any{"path": "/app/application/4", "answers": json.RawMessage(tc.answers)})
		_, res := b.trpc("GET", "funnel.pages", string(input))
		got := decode[pagesResult](t, res.Result.Data)
		if slices.Contains(pagePaths(got), "/app/application/4/coborrower") != tc.want {
			t.Errorf("answers %s: got pages %v, want the coborrower page shown: %v", tc.answers, pagePaths(got), tc.want)
		}
	}

	_, res := b.trpc("GET", "funnel.pages", `{"path":"/prequal/address"}`)
	got := decode[pagesResult](t, res.Result.Data)
	if got.Area == nil || *got.Area != "prequal" || got.Pages[0].State != "current" || got.Previous != nil || got.Next == nil {
		t.Fatalf("got %+v, want the prequal flow from its first page", got)
	}
}

func TestPagesInputIsValidated(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	b := s.browser(t)
	// Each input twice: a valid input is remembered, a refused one never is.
	for range 2 {
		for _, input := range []string{`{}`, `{"path":"no-slash"}`, `{"path":"/","answers":{"ssn":"123456789"}}`} {
			_, res := b.trpc("GET", "funnel.pages", input)
			if res.Error == nil || res.Error.Data.Code != "BAD_REQUEST" {
				t.Errorf("input %s: got %+v, want BAD_REQUEST", input, res)
			}
		}
		_, res := b.trpc("GET", "funnel.pages", `{"path":"/prequal/address","answers":{"hasMortgage":false}}`)
		if got := decode[pagesResult](t, res.Result.Data); res.Error != nil || got.Area == nil || *got.Area != "prequal" {
			t.Errorf("a valid input: got %+v, want the prequal flow", res)
		}
	}
}

// The pages a loan sees are a decision the borrower sees, so it is stored
// with the loan; the same pages seen again keep the one record, and a
// visitor without a loan leaves none.
func TestPagesDecisionsAreRecordedForTheLoan(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	ctx := context.Background()
	pagesDecisions := func() (n int) {
		if err := s.DB.EachDecision(ctx, "heloc.funnel.pages", func(*store.Decision) error { n++; return nil }); err != nil {
			t.Fatal(err)
		}
		return n
	}

	visitor := s.browser(t)
	visitor.trpc("GET", "funnel.pages", `{"path":"/prequal/address"}`)
	if n := pagesDecisions(); n != 0 {
		t.Fatalf("got %d pages decisions after a visitor's page, want 0", n)
	}

	b := s.browser(t)
	b.signIn("prime@example.com")
	for range 2 {
		b.trpc("GET", "funnel.pages", `{"path":"/app/application/1"}`)
	}
	b.trpc("GET", "funnel.pages", `{"path":"/app/application/2"}`)
	if n := pagesDecisions(); n != 2 {
		t.Fatalf("got %d pages decisions, want 2 (page 1 once, page 2 once)", n)
	}
	a, err := s.DB.FindApplicantByEmail(ctx, "prime@example.com")
	if err != nil {
		t.Fatal(err)
	}
	loan, err := s.DB.FindLoanByApplicant(ctx, a.ID)
	if err != nil {
		t.Fatal(err)
	}
	last, err := s.DB.LatestDecision(ctx, loan.ID, "heloc.funnel.pages")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(last.Input), `"/app/application/2"`) || !strings.Contains(string(last.Input), `"applicationStatus":"application3"`) {
		t.Errorf("got the stored input %s, want the loan's status and page 2", last.Input)
	}
}

// A batch that asks for the same pages twice records them once, as two
// requests would: each call reads the loan's latest decision after the
// calls before it.
func TestPagesAskedTwiceInABatchAreRecordedOnce(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	ctx := context.Background()
	b := s.browser(t)
	b.signIn("prime@example.com")
	in := `{"path":"/app/application/1"}`
	resp, body := b.send("GET", "/api/trpc/funnel.pages,funnel.pages?batch=1&input="+url.QueryEscape(`{"0":`+in+`,"1":`+in+`}`), "", "", nil)
	if resp.StatusCode != 200 {
		t.Fatalf("got %d %s", resp.StatusCode, body)
	}
	n := 0
	if err := s.DB.EachDecision(ctx, "heloc.funnel.pages", func(*store.Decision) error { n++; return nil }); err != nil {
		t.Fatal(err)
	}
	if n != 1 {
		t.Fatalf("got %d pages decisions, want 1", n)
	}
}
