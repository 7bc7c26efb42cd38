package store_test

import (
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/store"
)

func mustAddCondition(tb testing.TB, db *store.DB, c *domain.Condition) *domain.Condition {
	tb.Helper()
	if err := db.AddCondition(tb.Context(), c); err != nil {
		tb.Fatal(err)
	}
	return c
}

func TestConditionsAreAddedListedAndSealed(t *testing.T) {
	forEachDB(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		staff := mustCreateStaff(t, db, "uw@example.com", "underwriter")
		l := newLoan(t, db, "cond@example.com", "applicationSubmitted")
		other := newLoan(t, db, "cond-other@example.com", "applicationSubmitted")
		if got, err := db.ListConditions(ctx, l.ID); err != nil || got == nil || len(got) != 0 {
			t.Fatalf("got %v %v, want an empty list (not nil) before any condition", got, err)
		}
		doc := mustAddCondition(t, db, &domain.Condition{LoanID: l.ID, Code: "303", Kind: "document", Label: "Most recent mortgage statement",
			DocumentType: "mortgageStatement", DocumentCount: 1, Party: "borrower", Note: "For the Chase lien ending 4321", AddedBy: domain.StaffRef{ID: staff.ID}})
		if doc.ID == "" || !doc.AddedAt.Equal(testNow) || doc.Status != "open" {
			t.Fatalf("got %+v, want an id, the time and status open", doc)
		}
		text := mustAddCondition(t, db, &domain.Condition{LoanID: l.ID, Code: "104", Kind: "text", Label: "Letter of explanation", Party: "borrower", AddedBy: domain.StaffRef{ID: staff.ID}})

		got, err := db.ListConditions(ctx, l.ID)
		if err != nil || len(got) != 2 {
			t.Fatalf("got %v %v, want both conditions", got, err)
		}
		first := got[0]
		if first.ID != doc.ID && got[1].ID == doc.ID {
			first = got[1]
		}
		if first.Code != "303" || first.DocumentType != "mortgageStatement" || first.DocumentCount != 1 || first.Note != "For the Chase lien ending 4321" ||
			first.AddedBy.Email != "uw@example.com" || first.AddedBy.Role != "underwriter" || first.ResolvedBy != nil || first.Answer != nil || first.Uploads != 0 {
			t.Fatalf("got %+v, want the condition as added with its author", first)
		}
		if list, _ := db.ListConditions(ctx, other.ID); len(list) != 0 {
			t.Fatalf("got %v, want none for another loan", list)
		}
		var sealed string
		if err := db.QueryRowForTest(ctx, `SELECT note FROM conditions WHERE id = ?`, doc.ID).Scan(&sealed); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(sealed, "Chase") || !strings.HasPrefix(sealed, "v1.") {
			t.Fatalf("got %q, want the note sealed", sealed)
		}

		// The borrower answers; the answer is sealed and replaces an earlier one.
		for _, words := range []string{`{"text":"first"}`, `{"text":"I am also known as J. Doe-Whitfield"}`} {
			if _, err := db.AnswerCondition(ctx, l.ID, text.ID, json.RawMessage(words), nil); err != nil {
				t.Fatal(err)
			}
		}
		answered, err := db.FindCondition(ctx, text.ID)
		if err != nil || string(answered.Answer) != `{"text":"I am also known as J. Doe-Whitfield"}` || answered.AnsweredAt == nil || !answered.AnsweredAt.Equal(testNow) {
			t.Fatalf("got %+v %v, want the latest answer and its time", answered, err)
		}
		if err := db.QueryRowForTest(ctx, `SELECT answer FROM conditions WHERE id = ?`, text.ID).Scan(&sealed); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(sealed, "Doe-Whitfield") {
			t.Fatalf("got %q, want the answer sealed", sealed)
		}
		// Another loan's condition is not found through this loan.
		if _, err := db.AnswerCondition(ctx, other.ID, text.ID, json.RawMessage(`{"text":"x"}`), nil); domain.ErrorCode(err) != domain.ENOTFOUND {
			t.Fatalf("got %v, want ENOTFOUND for another loan's condition", err)
		}
		// A check refuses inside the transaction, and nothing is written.
		refuse := func(*domain.Condition) error { return domain.Errorf(domain.ECONFLICT, "no") }
		if _, err := db.AnswerCondition(ctx, l.ID, text.ID, json.RawMessage(`{"text":"refused"}`), refuse); domain.ErrorCode(err) != domain.ECONFLICT {
			t.Fatalf("got %v, want the check's error", err)
		}
		if c, _ := db.FindCondition(ctx, text.ID); string(c.Answer) != `{"text":"I am also known as J. Doe-Whitfield"}` {
			t.Fatalf("got %s, want the answer kept", c.Answer)
		}

		// A sealed answer moved to another loan does not open there.
		if err := db.ExecForTest(ctx, `UPDATE conditions SET loan_id = ? WHERE id = ?`, other.ID, text.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := db.FindCondition(ctx, text.ID); err == nil {
			t.Fatal("got the answer opened under another loan")
		}
		if err := db.ExecForTest(ctx, `UPDATE conditions SET loan_id = ? WHERE id = ?`, l.ID, text.ID); err != nil {
			t.Fatal(err)
		}

		// Clearing records who and when.
		cleared, err := db.ResolveCondition(ctx, l.ID, text.ID, "cleared", staff.ID, "Explanation accepted", nil)
		if err != nil {
			t.Fatal(err)
		}
		if cleared.Status != "cleared" || cleared.ResolvedBy == nil || cleared.ResolvedBy.ID != staff.ID || cleared.ResolvedAt == nil ||
			!cleared.ResolvedAt.Equal(testNow) || cleared.ResolutionNote != "Explanation accepted" {
			t.Fatalf("got %+v, want it cleared by the user now", cleared)
		}
		if _, err := db.ResolveCondition(ctx, l.ID, doc.ID, "open", staff.ID, "", nil); domain.ErrorCode(err) != domain.EINVALID {
			t.Fatalf("got %v, want a status other than cleared or waived refused", err)
		}
		if _, err := db.FindCondition(ctx, "nope"); domain.ErrorCode(err) != domain.ENOTFOUND {
			t.Fatalf("got %v, want ENOTFOUND", err)
		}
		mailed, err := db.MarkConditionMailed(ctx, l.ID, doc.ID)
		if err != nil || mailed.MailSentAt == nil {
			t.Fatalf("got %+v %v, want the mail time", mailed, err)
		}
	})
}

func TestConditionsNeedTheirLoanAndAuthor(t *testing.T) {
	forEachDB(t, func(t *testing.T, db *store.DB) {
		staff := mustCreateStaff(t, db, "uw2@example.com", "underwriter")
		err := db.AddCondition(t.Context(), &domain.Condition{LoanID: "0123456789abcdef0123456789abcdef", Code: "104", Kind: "text", Label: "x", Party: "borrower", AddedBy: domain.StaffRef{ID: staff.ID}})
		if domain.ErrorCode(err) != domain.ENOTFOUND {
			t.Fatalf("got %v, want ENOTFOUND for a loan that does not exist", err)
		}
		l := newLoan(t, db, "cond-kind@example.com", "applicationSubmitted")
		err = db.AddCondition(t.Context(), &domain.Condition{LoanID: l.ID, Code: "104", Kind: "fax", Label: "x", Party: "borrower", AddedBy: domain.StaffRef{ID: staff.ID}})
		if err == nil {
			t.Fatal("got a condition of an unknown kind stored")
		}
	})
}

func TestDocumentsAnswerOnlyAnOpenDocumentConditionOfTheirLoan(t *testing.T) {
	forEachDB(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		staff := mustCreateStaff(t, db, "uw3@example.com", "processor")
		l := newLoan(t, db, "cond-doc@example.com", "applicationSubmitted")
		other := newLoan(t, db, "cond-doc-other@example.com", "applicationSubmitted")
		c := mustAddCondition(t, db, &domain.Condition{LoanID: l.ID, Code: "303", Kind: "document", Label: "Mortgage statement",
			DocumentType: "mortgageStatement", DocumentCount: 1, Party: "borrower", AddedBy: domain.StaffRef{ID: staff.ID}})
		text := mustAddCondition(t, db, &domain.Condition{LoanID: l.ID, Code: "104", Kind: "text", Label: "x", Party: "borrower", AddedBy: domain.StaffRef{ID: staff.ID}})
		n := 0
		doc := func(loanID, conditionID, party, typ string) *domain.Document {
			n++
			return &domain.Document{LoanID: loanID, Party: party, Type: typ, FileName: "statement.pdf", ContentType: "application/pdf", Size: 10,
				BlobKey: strings.Repeat("0", 31) + string(rune('a'+n)), ConditionID: conditionID}
		}
		for name, tc := range map[string]struct {
			d     *domain.Document
			field string
		}{
			"another loan":      {doc(other.ID, c.ID, "borrower", "mortgageStatement"), "conditionId"},
			"unknown condition": {doc(l.ID, "0123456789abcdef0123456789abcdef", "borrower", "mortgageStatement"), "conditionId"},
			"a text condition":  {doc(l.ID, text.ID, "borrower", "mortgageStatement"), "conditionId"},
			"another person":    {doc(l.ID, c.ID, "coborrower", "mortgageStatement"), "party"},
			"another type":      {doc(l.ID, c.ID, "borrower", "paystubs"), "type"},
		} {
			t.Run(name, func(t *testing.T) {
				err := db.AddDocument(ctx, tc.d, nil)
				var e *domain.Error
				if domain.ErrorCode(err) != domain.EINVALID || !errors.As(err, &e) || len(e.Fields) != 1 || e.Fields[0].Path != tc.field {
					t.Fatalf("got %v, want a field error at %s", err, tc.field)
				}
			})
		}
		answer := doc(l.ID, c.ID, "borrower", "mortgageStatement")
		if err := db.AddDocument(ctx, answer, nil); err != nil {
			t.Fatal(err)
		}
		got, err := db.FindDocument(ctx, answer.ID)
		if err != nil || got.ConditionID != c.ID {
			t.Fatalf("got %+v %v, want the document to name its condition", got, err)
		}
		if found, _ := db.FindCondition(ctx, c.ID); found.Uploads != 1 {
			t.Fatalf("got %d uploads, want 1", found.Uploads)
		}
		plain := doc(l.ID, "", "borrower", "paystubs")
		if err := db.AddDocument(ctx, plain, nil); err != nil {
			t.Fatal(err)
		}
		if got, _ := db.FindDocument(ctx, plain.ID); got.ConditionID != "" {
			t.Fatalf("got %q, want no condition", got.ConditionID)
		}
		if _, err := db.ResolveCondition(ctx, l.ID, c.ID, "waived", staff.ID, "", nil); err != nil {
			t.Fatal(err)
		}
		if err := db.AddDocument(ctx, doc(l.ID, c.ID, "borrower", "mortgageStatement"), nil); domain.ErrorCode(err) != domain.EINVALID {
			t.Fatalf("got %v, want a waived condition to take no more documents", err)
		}
	})
}

// A condition's e-mail is claimed by one conditional write: of ten claims
// at once exactly one owns the send, on both engines. Claims count against
// the loan's limit, which refuses with how long to wait; a released claim
// puts the e-mail time back and stops counting.
func TestConditionMailIsClaimedOnceAndCountedPerLoan(t *testing.T) {
	forEachDB(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		now := testNow
		db.Now = func() time.Time { return now }
		limits := domain.ConditionMailLimits{Every: time.Minute, PerLoan: 3, Window: time.Hour}
		staff := mustCreateStaff(t, db, "mail@example.com", "processor")
		l := newLoan(t, db, "cond-mail@example.com", "applicationSubmitted")
		other := newLoan(t, db, "cond-mail-other@example.com", "applicationSubmitted")
		email := func() *domain.Condition {
			return &domain.Condition{LoanID: l.ID, Code: "108", Kind: "email", Label: "Confirm no new credit", Party: "borrower", AddedBy: domain.StaffRef{ID: staff.ID}}
		}
		emailsOf := func(loanID string) int {
			t.Helper()
			var n int
			if err := db.QueryRowForTest(ctx, `SELECT COUNT(*) FROM condition_emails WHERE loan_id = ?`, loanID).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}

		first, err := db.AddEmailCondition(ctx, email(), limits)
		if err != nil || !first.Claimed || first.Condition.ID == "" || first.Condition.MailSentAt == nil || !first.Condition.MailSentAt.Equal(testNow) || first.Previous != nil {
			t.Fatalf("got %+v %v, want the condition stored with its e-mail claimed now", first, err)
		}
		if _, err := db.AddEmailCondition(ctx, &domain.Condition{LoanID: l.ID, Code: "104", Kind: "text", Label: "x", Party: "borrower", AddedBy: domain.StaffRef{ID: staff.ID}}, limits); domain.ErrorCode(err) != domain.EINVALID {
			t.Fatalf("got %v, want a condition of another kind refused", err)
		}
		id := first.Condition.ID
		if c, err := db.ClaimConditionMail(ctx, l.ID, id, limits); err != nil || c.Claimed || c.Condition.ID != id {
			t.Fatalf("got %+v %v, want a claim within the minute refused, with the condition", c, err)
		}

		now = testNow.Add(time.Minute)
		claims := make([]*domain.ConditionMailClaim, 10)
		errs := make([]error, 10)
		var wg sync.WaitGroup
		for i := range claims {
			wg.Go(func() { claims[i], errs[i] = db.ClaimConditionMail(ctx, l.ID, id, limits) })
		}
		wg.Wait()
		var won *domain.ConditionMailClaim
		for i, c := range claims {
			if errs[i] != nil {
				t.Fatal(errs[i])
			}
			if c.Claimed {
				if won != nil {
					t.Fatal("got two claims of one e-mail in the same minute")
				}
				won = c
			} else if c.RetryAfter != 0 {
				t.Fatalf("got %+v, want a claim refused by the minute, not the loan's limit", c)
			}
		}
		if won == nil || !won.Condition.MailSentAt.Equal(now) || won.Previous == nil || !won.Previous.Equal(testNow) || emailsOf(l.ID) != 2 {
			t.Fatalf("got %+v and %d e-mails, want one claim now after the one at %v", won, emailsOf(l.ID), testNow)
		}

		// A claim given back puts the time back and stops counting.
		now = testNow.Add(2 * time.Minute)
		again, err := db.ClaimConditionMail(ctx, l.ID, id, limits)
		if err != nil || !again.Claimed || emailsOf(l.ID) != 3 {
			t.Fatalf("got %+v %v, want the next minute's claim", again, err)
		}
		if err := db.ReleaseConditionMail(ctx, again); err != nil {
			t.Fatal(err)
		}
		if c, _ := db.FindCondition(ctx, id); !c.MailSentAt.Equal(testNow.Add(time.Minute)) || emailsOf(l.ID) != 2 {
			t.Fatalf("got %v and %d e-mails, want the time of the e-mail before and 2", c.MailSentAt, emailsOf(l.ID))
		}

		// The third e-mail of the hour fills the loan's limit: a fourth is
		// refused until the first leaves the window, and a refused add
		// stores nothing.
		if c, err := db.AddEmailCondition(ctx, email(), limits); err != nil || !c.Claimed {
			t.Fatalf("got %+v %v, want the third e-mail claimed", c, err)
		}
		now = testNow.Add(3 * time.Minute)
		if c, err := db.ClaimConditionMail(ctx, l.ID, id, limits); err != nil || c.Claimed || c.RetryAfter != 57*time.Minute {
			t.Fatalf("got %+v %v, want the fourth refused for 57 minutes", c, err)
		}
		refused := email()
		if c, err := db.AddEmailCondition(ctx, refused, limits); err != nil || c.Claimed || c.RetryAfter != 57*time.Minute || refused.ID != "" {
			t.Fatalf("got %+v %v, want the add refused for 57 minutes", c, err)
		}
		if list, _ := db.ListConditions(ctx, l.ID); len(list) != 2 {
			t.Fatalf("got %d conditions, want the refused one not stored", len(list))
		}
		if c, _ := db.FindCondition(ctx, id); !c.MailSentAt.Equal(testNow.Add(time.Minute)) {
			t.Fatalf("got %v, want a claim refused by the limit to leave the time", c.MailSentAt)
		}
		now = testNow.Add(time.Hour)
		if c, err := db.ClaimConditionMail(ctx, l.ID, id, limits); err != nil || !c.Claimed {
			t.Fatalf("got %+v %v, want a claim once the first e-mail left the window", c, err)
		}

		// Another loan's condition is not found through this loan, and a
		// resolved condition's e-mail is not claimed.
		if _, err := db.ClaimConditionMail(ctx, other.ID, id, limits); domain.ErrorCode(err) != domain.ENOTFOUND {
			t.Fatalf("got %v, want ENOTFOUND", err)
		}
		if _, err := db.ResolveCondition(ctx, l.ID, id, "waived", staff.ID, "", nil); err != nil {
			t.Fatal(err)
		}
		now = testNow.Add(2 * time.Hour)
		if c, err := db.ClaimConditionMail(ctx, l.ID, id, limits); err != nil || c.Claimed || c.Condition.Status != "waived" {
			t.Fatalf("got %+v %v, want a waived condition's e-mail not claimed", c, err)
		}
	})
}
