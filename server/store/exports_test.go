package store_test

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/store"
)

func TestLoanDecisions(t *testing.T) {
	forEachDB(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		loan := newLoan(t, db, "decisions@example.com", "propertyValue")
		other := newLoan(t, db, "other@example.com", "propertyValue")
		at := testNow
		db.Now = func() time.Time { return at }
		var ids []string
		for i, entrypoint := range []string{"heloc.eligibility.decision", "heloc.offer.preview", "heloc.eligibility.decision", "heloc.funnel.pages", "heloc.offer.preview"} {
			at = testNow.Add(time.Duration(i) * time.Second)
			id, err := db.CreateDecision(ctx, entrypoint, loan.ID, []byte(`{}`), []byte(`{"n":`+string(rune('0'+i))+`}`), "r")
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, id)
		}
		if _, err := db.CreateDecision(ctx, "heloc.offer.preview", other.ID, []byte(`{}`), []byte(`{}`), "r"); err != nil {
			t.Fatal(err)
		}

		page, err := db.ListLoanDecisions(ctx, loan.ID, domain.DecisionQuery{Limit: 3})
		if err != nil {
			t.Fatal(err)
		}
		if got := idsOf(page); strings.Join(got, ",") != strings.Join([]string{ids[4], ids[3], ids[2]}, ",") {
			t.Fatalf("first page: got %v, want the three newest, newest first", got)
		}
		last := page[2]
		rest, err := db.ListLoanDecisions(ctx, loan.ID, domain.DecisionQuery{Limit: 3, Before: &domain.DecisionCursor{CreatedAtMS: last.CreatedAt.UnixMilli(), ID: last.ID}})
		if err != nil {
			t.Fatal(err)
		}
		if got := idsOf(rest); strings.Join(got, ",") != ids[1]+","+ids[0] {
			t.Fatalf("second page: got %v, want the two oldest", got)
		}
		offers, err := db.ListLoanDecisions(ctx, loan.ID, domain.DecisionQuery{Entrypoint: "heloc.offer.preview", Limit: 10})
		if err != nil {
			t.Fatal(err)
		}
		if got := idsOf(offers); strings.Join(got, ",") != ids[4]+","+ids[1] {
			t.Fatalf("offers: got %v, want the loan's two offers only", got)
		}
		// Except leaves kinds out (the loan page's credit decisions without its page decisions).
		credit, err := db.ListLoanDecisions(ctx, loan.ID, domain.DecisionQuery{Except: []string{"heloc.funnel.pages", "heloc.eligibility.decision"}, Limit: 10})
		if err != nil {
			t.Fatal(err)
		}
		if got := idsOf(credit); strings.Join(got, ",") != ids[4]+","+ids[1] {
			t.Fatalf("except: got %v, want the offers only", got)
		}
		counts, err := db.CountLoanDecisions(ctx, loan.ID)
		if err != nil {
			t.Fatal(err)
		}
		if counts["heloc.eligibility.decision"] != 2 || counts["heloc.offer.preview"] != 2 || counts["heloc.funnel.pages"] != 1 || len(counts) != 3 {
			t.Fatalf("counts: got %v", counts)
		}
	})
}

func idsOf(ds []*store.Decision) []string {
	var out []string
	for _, d := range ds {
		out = append(out, d.ID)
	}
	return out
}

func TestExports(t *testing.T) {
	forEachDB(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		loan := newLoan(t, db, "export@example.com", "applicationSubmitted")
		xml := []byte(`<MESSAGE><TaxpayerIdentifierValue>123456789</TaxpayerIdentifierValue></MESSAGE>`)

		e := &domain.Export{LoanID: loan.ID, Target: "encompass", System: "file drop", ActorID: "u1", ActorEmail: "ada@example.com"}
		if err := db.CreateExport(ctx, e, xml); err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(xml)
		if e.ID == "" || e.Status != domain.ExportSending || e.SHA256 != hex.EncodeToString(sum[:]) || e.Size != int64(len(xml)) || !e.CreatedAt.Equal(testNow) {
			t.Fatalf("got %+v", e)
		}
		if err := db.FinishExport(ctx, e, "loan-1.xml", nil); err != nil {
			t.Fatal(err)
		}
		if e.Status != domain.ExportSent || e.Receipt != "loan-1.xml" || e.FinishedAt == nil {
			t.Fatalf("after sending: got %+v", e)
		}
		err := db.FinishExport(ctx, e, "again", nil)
		assertError(t, err, domain.ECONFLICT, "That export is finished already.")

		failed := &domain.Export{LoanID: loan.ID, Target: "byte", System: "Byte import", ActorID: "u1", ActorEmail: "ada@example.com"}
		if err := db.CreateExport(ctx, failed, xml); err != nil {
			t.Fatal(err)
		}
		if err := db.FinishExport(ctx, failed, "ignored", errors.New("los: Byte import: answered 503")); err != nil {
			t.Fatal(err)
		}

		list, err := db.ListExports(ctx, loan.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(list) != 2 {
			t.Fatalf("got %d exports, want 2", len(list))
		}
		byID := map[string]*domain.Export{list[0].ID: list[0], list[1].ID: list[1]}
		if got := byID[failed.ID]; got.Status != domain.ExportFailed || got.Receipt != "" || got.Error != "los: Byte import: answered 503" {
			t.Fatalf("failed export: got %+v", got)
		}
		if got := byID[e.ID]; got.Status != domain.ExportSent || got.Receipt != "loan-1.xml" || got.FinishedAt == nil || got.ActorEmail != "ada@example.com" {
			t.Fatalf("sent export: got %+v", got)
		}

		got, file, err := db.FindExportFile(ctx, loan.ID, e.ID)
		if err != nil {
			t.Fatal(err)
		}
		if string(file) != string(xml) || got.ID != e.ID {
			t.Fatalf("file: got %q, want the file as sent", file)
		}
		// Sealed at rest: the SSN is not in the row.
		var raw string
		if err := db.QueryRowForTest(ctx, `SELECT xml FROM exports WHERE id = ?`, e.ID).Scan(&raw); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(raw, "123456789") {
			t.Fatal("the stored file holds the SSN in plain text")
		}

		_, _, err = db.FindExportFile(ctx, newLoan(t, db, "x@example.com", "propertyValue").ID, e.ID)
		assertError(t, err, domain.ENOTFOUND, "Export not found.")
		err = db.CreateExport(ctx, &domain.Export{LoanID: "00000000000000000000000000000000", Target: "byte", System: "s", ActorID: "u"}, xml)
		assertError(t, err, domain.ENOTFOUND, "Loan not found.")
	})
}
