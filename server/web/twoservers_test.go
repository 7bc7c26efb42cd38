package web_test

import (
	"context"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/heloc/heloc/server/store"
	"github.com/heloc/heloc/server/store/storetest"
	"github.com/heloc/heloc/server/web"
)

// Two servers over one PostgreSQL database, as several servers run: what
// one writes, the other's next signed-in page read sees at once. Nothing
// of the database is kept in a server's memory between requests (the
// session, the loan, the loan's latest decision), so no server answers
// from what it read before the other wrote. What a server does keep is
// the same on both and holds nothing of the database: the policy's
// answers by revision and input, and the navigation inputs it has
// validated, by their bytes.
func TestTwoServersReadWhatTheOtherWrote(t *testing.T) {
	dsn := storetest.DSN(t, "postgres")
	a := mustOpenServerAt(t, web.Config{}, dsn)
	b := mustOpenServerAt(t, web.Config{}, dsn)
	ctx := context.Background()

	// One browser, signed in through A, whose requests go to either server
	// (its cookies are the host's, whatever the port).
	viaA := a.browser(t)
	viaA.signIn("prime@example.com")
	viaB := &browser{t: t, s: b, client: viaA.client}

	pages := func(br *browser, path string) []string {
		t.Helper()
		_, res := br.trpc("GET", "funnel.pages", `{"path":"`+path+`"}`)
		if res.Error != nil {
			t.Fatalf("funnel.pages %s: %+v", path, res.Error)
		}
		return pagePaths(decode[pagesResult](t, res.Result.Data))
	}
	if got := pages(viaA, "/app/application/4"); slices.Contains(got, "/app/application/4/coborrower") {
		t.Fatalf("got %v, want no coborrower page before there is one", got)
	}
	// B saves the answer that adds a coborrower; A's very next read of the
	// same page shows the coborrower's page.
	if _, res := viaB.trpc("POST", "prequal.save", `{"path":"/app/initial-setup/property-value","answers":{"hasCoborrower":true}}`); res.Error != nil {
		t.Fatalf("prequal.save through B: %+v", res.Error)
	}
	if got := pages(viaA, "/app/application/4"); !slices.Contains(got, "/app/application/4/coborrower") {
		t.Fatalf("got %v from A after B's save, want the coborrower page", got)
	}

	// The decision log is the database's: A records the pages it showed
	// again after B recorded others in between (a record of each time the
	// pages seen changed, whichever server showed them).
	a1, err := a.DB.FindApplicantByEmail(ctx, "prime@example.com")
	if err != nil {
		t.Fatal(err)
	}
	loan, err := a.DB.FindLoanByApplicant(ctx, a1.ID)
	if err != nil {
		t.Fatal(err)
	}
	latest := func() *store.Decision {
		t.Helper()
		d, err := a.DB.LatestDecision(ctx, loan.ID, "heloc.funnel.pages")
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	pages(viaA, "/app/application/1")
	first := latest()
	pages(viaB, "/app/application/2")
	second := latest()
	pages(viaA, "/app/application/1")
	third := latest()
	if second.ID == first.ID || third.ID == second.ID || third.ID == first.ID ||
		!strings.Contains(string(third.Input), `"path":"/app/application/1"`) {
		t.Fatalf("got latest records %s, %s, %s (%s); want page 1 recorded again after B's page 2", first.ID, second.ID, third.ID, third.Input)
	}
	// The same pages again, through either server: no new record.
	pages(viaB, "/app/application/1")
	if again := latest(); again.ID != third.ID {
		t.Fatalf("got a new record %s for the pages already latest, want %s kept", again.ID, third.ID)
	}

	// Signing out through B ends the session on A at once.
	if resp, ans := viaB.form(applicantAuth, "signout", url.Values{}, nil); resp.StatusCode != 200 {
		t.Fatalf("sign out through B: got %d %+v", resp.StatusCode, ans)
	}
	if _, res := viaA.trpc("GET", "loan.current", ""); res.Error == nil || res.Error.Data.Code != "UNAUTHORIZED" {
		t.Fatalf("got %+v from A after signing out through B, want UNAUTHORIZED", res)
	}
}
