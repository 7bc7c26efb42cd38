package web_test

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/web"
)

// recordingSealer seals with the test keyring and keeps what it wrote, so a
// test can look at the application as it is at rest.
type recordingSealer struct {
	mu     sync.Mutex
	sealed []string
}

func (r *recordingSealer) Seal(plaintext, aad []byte) (string, error) {
	out, err := testKeyring.Seal(plaintext, aad)
	r.mu.Lock()
	r.sealed = append(r.sealed, out)
	r.mu.Unlock()
	return out, err
}

func (r *recordingSealer) Open(sealed string, aad []byte) ([]byte, error) {
	return testKeyring.Open(sealed, aad)
}

// disbursement is a loan-disbursement section; routing and account may be
// "" to leave the numbers out.
func disbursement(routing, account, draw string) string {
	d := `{"accountHolderName":"Pat Prime","accountType":"checking","initialDraw":` + draw
	if routing != "" {
		d += `,"routingNumber":"` + routing + `"`
	}
	if account != "" {
		d += `,"accountNumber":"` + account + `"`
	}
	return `{"disbursement":` + d + `}}`
}

func fieldMessage(res wireResult, path string) string {
	if res.Error == nil {
		return ""
	}
	for _, f := range res.Error.Data.Fields {
		if f.Path == path {
			return f.Message
		}
	}
	return ""
}

func TestLoanDisbursementAndSubmission(t *testing.T) {
	s := MustOpenServer(t, web.Config{Now: func() time.Time { return time.Date(2026, 11, 22, 15, 0, 0, 0, time.UTC) }})
	ctx := context.Background()
	b := s.browser(t)
	b.signIn("prime@example.com") // seeded at application3
	loan := loanOf(t, s, "prime@example.com")
	if code, res := saveSection(b, "/app/application/1", `{"user":`+personalInfo+`}`); code != 200 {
		t.Fatalf("page 1: got %d %+v", code, res.Error)
	}
	// The soft pull the preview offer was decided on: the submission is
	// decided again on it.
	creditCheck(t, b, "borrower", "123450001")
	// The home as page 2 states it (its own tests go through the page).
	if _, _, err := s.DB.UpdateApplication(ctx, loan.ID, "", func(_ *domain.Loan, app *domain.Application, _ bool) error {
		kind, units := "singleFamily", "1"
		app.Property.Type, app.Property.Units = &kind, &units
		return nil
	}); err != nil {
		t.Fatal(err)
	}

	t.Run("before the earlier steps are saved, neither the disbursement nor a submission is taken", func(t *testing.T) {
		code, res := saveSection(b, "/app/application/loan-disbursement", disbursement("021000021", "123456789012", "25000"))
		if code != 403 || res.Error == nil || !strings.Contains(res.Error.Message, "Finish the earlier pages") {
			t.Fatalf("got %d %+v, want the disbursement refused until its step is reached", code, res.Error)
		}
		resp, res := b.trpc("POST", "application.submit", "")
		if resp.StatusCode != 400 || !strings.Contains(fieldMessage(res, "applicationStatus"), "Finish the earlier steps of your application first: go on from “") {
			t.Fatalf("got %d %+v, want 400 naming the page to go on from", resp.StatusCode, res.Error)
		}
		if got := applicationOf(t, b); got.ReadOnly || got.ApplicationStatus != "application3" || got.Application.SubmittedAt != nil || got.Application.Disbursement != nil {
			t.Fatalf("got %+v, want nothing saved or submitted", got)
		}
	})
	// Every page before loan-disbursement saved (identity, documents and
	// signing have their own tests).
	if err := s.DB.UpdateLoanStatus(ctx, loan.ID, "loanDisbursement"); err != nil {
		t.Fatal(err)
	}
	t.Run("without an offer on file the draw has no bounds", func(t *testing.T) {
		code, res := saveSection(b, "/app/application/loan-disbursement", disbursement("021000021", "123456789012", "25000"))
		if code != 400 || !strings.Contains(fieldMessage(res, "section.disbursement.initialDraw"), "no offer") {
			t.Fatalf("got %d %+v, want the missing offer named at the draw", code, res.Error)
		}
	})

	// The preview offer the borrower saw: a $100,000 line with a $1,000 fee.
	offer := `{"eligible":true,"maxLine":100000,"minLine":25000,"originationFee":1000,"apr":8.25,"cltv":0.7}`
	if _, err := s.DB.CreateDecision(ctx, "heloc.offer.preview", loan.ID, []byte(`{}`), []byte(offer), "test"); err != nil {
		t.Fatal(err)
	}

	t.Run("without a disbursement there is nothing to submit", func(t *testing.T) {
		resp, res := b.trpc("POST", "application.submit", "")
		if resp.StatusCode != 400 || !strings.Contains(fieldMessage(res, "disbursement"), "where to send your funds") {
			t.Fatalf("got %d %+v, want 400 at disbursement", resp.StatusCode, res.Error)
		}
	})

	t.Run("the draw's bounds come from the offer and the program", func(t *testing.T) {
		resp, res := b.trpc("GET", "application.drawTerms", "")
		if resp.StatusCode != 200 {
			t.Fatalf("got %d %+v", resp.StatusCode, res.Error)
		}
		if !sameJSON(t, res.Result.Data, `{"line":100000,"originationFee":1000,"minimumDraw":10000,"maximumDraw":99000,"firstDraw":10000,"apr":8.25}`) {
			t.Fatalf("got %s, want at least the program's $10,000 and at most the line less the fee, at the offer's APR", res.Result.Data)
		}
		// An offer without its own draw bounds: the program's, recorded.
		if d, err := s.DB.LatestDecision(ctx, loan.ID, "heloc.offer.draw"); err != nil || d.Revision == "" || !strings.Contains(string(d.Input), `"line":100000`) ||
			!strings.Contains(string(d.Result), `"minimum":10000`) {
			t.Fatalf("got %+v, %v, want the draw terms recorded with their input and revision", d, err)
		}
	})

	t.Run("a bad routing number or draw is refused beside its field", func(t *testing.T) {
		for _, tc := range []struct{ name, section, field, says string }{
			{"check digit", disbursement("123456789", "123456789012", "25000"), "section.disbursement.routingNumber", "not a valid routing number"},
			{"8 digits", disbursement("02100002", "123456789012", "25000"), "section.disbursement.routingNumber", "9-digit"},
			{"short account", disbursement("021000021", "123", "25000"), "section.disbursement.accountNumber", "4 to 17 digits"},
			{"no numbers yet", disbursement("", "", "25000"), "section.disbursement.routingNumber", "Enter the routing number"},
			{"below the minimum", disbursement("021000021", "123456789012", "9999"), "section.disbursement.initialDraw", "from $10,000 to $99,000"},
			{"above the line less the fee", disbursement("021000021", "123456789012", "99500"), "section.disbursement.initialDraw", "at most $99,000"},
		} {
			code, res := saveSection(b, "/app/application/loan-disbursement", tc.section)
			if code != 400 || !strings.Contains(fieldMessage(res, tc.field), tc.says) {
				t.Errorf("%s: got %d %+v, want 400 at %s saying %q", tc.name, code, res.Error, tc.field, tc.says)
			}
		}
		if got := applicationOf(t, b); got.Application.Disbursement != nil {
			t.Fatalf("got %+v, want nothing saved", got.Application.Disbursement)
		}
	})

	t.Run("the numbers are masked in every answer and sealed at rest", func(t *testing.T) {
		rec := &recordingSealer{}
		s.DB.Sealer = rec
		defer func() { s.DB.Sealer = testKeyring }()
		code, res := saveSection(b, "/app/application/loan-disbursement", disbursement("021000021", "123456789012", "25000"))
		if code != 200 {
			t.Fatalf("got %d %+v", code, res.Error)
		}
		for _, answer := range []string{string(res.Result.Data), string(mustGet(t, b, "application.get"))} {
			if strings.Contains(answer, "021000021") || strings.Contains(answer, "123456789012") ||
				!strings.Contains(answer, `"routingNumber":"****0021"`) || !strings.Contains(answer, `"accountNumber":"****9012"`) {
				t.Fatalf("got %s, want both numbers shown as ****NNNN only", answer)
			}
		}
		rec.mu.Lock()
		written := strings.Join(rec.sealed, "\n")
		rec.mu.Unlock()
		if written == "" || strings.Contains(written, "123456789012") || strings.Contains(written, "021000021") {
			t.Fatalf("got %d sealed records, want the application written sealed, without the numbers in the clear", len(rec.sealed))
		}
		stored, err := s.DB.FindApplication(ctx, loan.ID)
		if err != nil || stored.Application.Disbursement == nil || stored.Application.Disbursement.AccountNumber != "123456789012" {
			t.Fatalf("got %+v, %v, want the full number kept for the lender", stored, err)
		}
		s.DB.Sealer = nil
		_, err = s.DB.FindApplication(ctx, loan.ID)
		s.DB.Sealer = rec
		if err == nil {
			t.Fatal("got the application opened without the keyring, want it sealed")
		}
	})

	t.Run("a save without re-typing the numbers keeps them", func(t *testing.T) {
		code, res := saveSection(b, "/app/application/loan-disbursement", disbursement("", "", "30000.50"))
		if code != 200 {
			t.Fatalf("got %d %+v", code, res.Error)
		}
		d := applicationOf(t, b).Application.Disbursement
		if d == nil || d.RoutingNumber != "****0021" || d.AccountNumber != "****9012" || d.InitialDraw != 3000050 {
			t.Fatalf("got %+v, want the stored numbers kept and the new draw", d)
		}
	})

	t.Run("a document still missing or an identity not verified is named with where to fix it", func(t *testing.T) {
		resp, res := b.trpc("POST", "application.submit", "")
		if resp.StatusCode != 400 || !strings.Contains(fieldMessage(res, "documents"), "property tax bill") ||
			!strings.Contains(fieldMessage(res, "identity.borrower"), "Verify your identity") {
			t.Fatalf("got %d %+v, want the missing tax bill (documents policy) and the borrower's identity named", resp.StatusCode, res.Error)
		}
		// The document the policy asks for arrives, and the identity
		// provider's check passed (their own tests go through their pages).
		doc := &domain.Document{LoanID: loan.ID, Party: "borrower", Type: "propertyTaxBill", FileName: "tax.pdf", ContentType: "application/pdf", Size: 1, BlobKey: "test-tax-bill"}
		if err := s.DB.AddDocument(ctx, doc, func(*domain.Loan) error { return nil }); err != nil {
			t.Fatal(err)
		}
		failed := "failed"
		setIdentity(t, s, loan.ID, &failed)
		if resp, res := b.trpc("POST", "application.submit", ""); resp.StatusCode != 400 || strings.Contains(fieldMessage(res, "documents"), "property tax bill") ||
			!strings.Contains(fieldMessage(res, "identity.borrower"), "did not pass") {
			t.Fatalf("got %d %+v, want the tax bill no longer missing and the failed identity check named", resp.StatusCode, res.Error)
		}
		passed := "passed"
		setIdentity(t, s, loan.ID, &passed)
		resp, res = b.trpc("POST", "application.submit", "")
		if resp.StatusCode != 400 || !strings.Contains(fieldMessage(res, "disclosures"), "sign your disclosures") || len(res.Error.Data.Fields) != 1 {
			t.Fatalf("got %d %+v, want only the unsigned disclosures named", resp.StatusCode, res.Error)
		}
		if d, err := s.DB.LatestDecision(ctx, loan.ID, "heloc.submission.readiness"); err != nil || d.Revision == "" ||
			!strings.Contains(string(d.Result), `"code":"DISCLOSURES_NOT_SIGNED"`) || !strings.Contains(string(d.Input), `"lineToSign":true`) {
			t.Errorf("readiness: got %+v, %v, want the refusal recorded with its facts and revision", d, err)
		}
		signDisclosures(t, b, "Pat Prime")
	})

	t.Run("once submitted the application is read-only", func(t *testing.T) {
		resp, res := b.trpc("POST", "application.submit", "")
		if resp.StatusCode != 200 {
			t.Fatalf("got %d %+v", resp.StatusCode, res.Error)
		}
		got := decode[applicationView](t, res.Result.Data)
		if got.ApplicationStatus != "applicationSubmitted" || !got.ReadOnly || got.Application.SubmittedAt == nil || *got.Application.SubmittedAt != "2026-11-22T15:00:00Z" {
			t.Fatalf("got %+v, want applicationSubmitted, read-only, submitted now", got)
		}
		if l := loanOf(t, s, "prime@example.com"); l.ApplicationStatus != "applicationSubmitted" {
			t.Fatalf("got status %q, want applicationSubmitted stored", l.ApplicationStatus)
		}
		// The borrower is told by e-mail that it was received and what
		// happens next, and the message is recorded with the loan: which
		// letter, its wording's version, to whom.
		m, ok := s.Outbox.Latest("prime@example.com")
		if !ok || !strings.HasSuffix(m.Subject, ": we received your application") || !strings.Contains(m.Text, "on November 22, 2026") || !strings.Contains(m.Text, "What happens next") {
			t.Fatalf("got %+v (%v), want the submission's letter", m, ok)
		}
		sent, err := s.DB.ListLoanEmails(ctx, loan.ID)
		if err != nil || len(sent) != 1 || sent[0].Letter != "submitted" || !strings.HasPrefix(sent[0].Version, "LTR-SUBMITTED-") || sent[0].To != "prime@example.com" || sent[0].Outcome != domain.EmailSent {
			t.Fatalf("got %+v, %v, want the letter recorded with the loan", sent, err)
		}
		// Readiness was decided by the policy and recorded with its facts
		// and revision.
		if d, err := s.DB.LatestDecision(ctx, loan.ID, "heloc.submission.readiness"); err != nil || d.Revision == "" ||
			!strings.Contains(string(d.Result), `"ready":true`) || !strings.Contains(string(d.Input), `"applicationStatus":"loanDisbursement"`) ||
			!strings.Contains(string(d.Input), `"identity":"passed"`) {
			t.Errorf("readiness: got %+v, %v, want the ready decision recorded with its facts and revision", d, err)
		}
		// Decided again on the application's figures, and recorded.
		for _, e := range []string{"heloc.eligibility.decision", "heloc.offer.preview", "heloc.notice.adverse_action"} {
			if d, err := s.DB.LatestDecision(ctx, loan.ID, e); err != nil || !strings.Contains(string(d.Input), `"stage":"submission"`) || !strings.Contains(string(d.Input), `"requestedLine":100000`) {
				t.Errorf("%s: got %v, want the submission's decision recorded with the line chosen", e, err)
			}
		}
		for _, tc := range []struct{ path, section string }{
			{"/app/application/1", `{"user":` + personalInfo + `}`},
			{"/app/application/3", `{"propertyOwnerships":[]}`},
			{"/app/application/loan-disbursement", disbursement("", "", "25000")},
		} {
			if code, res := saveSection(b, tc.path, tc.section); code != 403 || res.Error.Data.Code != "FORBIDDEN" {
				t.Errorf("%s: got %d %+v, want 403 FORBIDDEN", tc.path, code, res.Error)
			}
		}
		if resp, res := b.trpc("POST", "application.submit", ""); resp.StatusCode != 403 {
			t.Errorf("submit again: got %d %+v, want 403", resp.StatusCode, res.Error)
		}
		if got := applicationOf(t, b); got.ApplicationStatus != "applicationSubmitted" || got.Application.Disbursement.InitialDraw != 3000050 {
			t.Fatalf("got %+v, want the submitted application unchanged", got)
		}
	})

	t.Run("only a signed-in applicant submits", func(t *testing.T) {
		anon := s.browser(t)
		if resp, _ := anon.trpc("POST", "application.submit", ""); resp.StatusCode != 401 {
			t.Fatalf("got %d, want 401 without a session", resp.StatusCode)
		}
	})
}

// setIdentity sets the borrower's identity check result as the identity
// provider would.
func setIdentity(t *testing.T, s *testServer, loanID string, status *string) {
	t.Helper()
	_, _, err := s.DB.UpdateApplication(context.Background(), loanID, "", func(_ *domain.Loan, app *domain.Application, _ bool) error {
		app.User.IdentityVerificationStatus = status
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// signDisclosures reads the disclosures and signs them all as the
// borrower, as the sign page does.
func signDisclosures(t *testing.T, b *browser, name string) {
	t.Helper()
	type document struct{ ID, Hash string }
	view := decode[struct {
		Documents []document `json:"documents"`
	}](t, mustGet(t, b, "application.disclosures"))
	docs := []map[string]string{}
	for _, d := range view.Documents {
		docs = append(docs, map[string]string{"id": d.ID, "hash": d.Hash})
	}
	in, err := json.Marshal(map[string]any{"consent": true, "signatures": []map[string]string{{"party": "borrower", "name": name}}, "documents": docs})
	if err != nil {
		t.Fatal(err)
	}
	if resp, res := b.trpc("POST", "application.sign", string(in)); resp.StatusCode != 200 {
		t.Fatalf("application.sign: got %d %+v", resp.StatusCode, res.Error)
	}
}

func mustGet(t *testing.T, b *browser, procedure string) []byte {
	t.Helper()
	resp, res := b.trpc("GET", procedure, "")
	if resp.StatusCode != 200 {
		t.Fatalf("%s: got %d %+v", procedure, resp.StatusCode, res.Error)
	}
	return res.Result.Data
}
