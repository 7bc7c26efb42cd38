package web_test

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/heloc/heloc/fixtures"
	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/mail"
	"github.com/heloc/heloc/server/servicetest"
	"github.com/heloc/heloc/server/web"
)

// submitForDecision leaves the demo loan as a submission does: its preview
// offer decided on the application's figures (the prime fixture, $120,000
// asked for) and its status submitted.
func submitForDecision(t *testing.T, s *testServer, loanID string) {
	t.Helper()
	ctx := context.Background()
	raw, err := fixtures.FS.ReadFile("policy-inputs/offer-prime.json")
	if err != nil {
		t.Fatal(err)
	}
	var input map[string]any
	if err := json.Unmarshal(raw, &input); err != nil {
		t.Fatal(err)
	}
	input["requestedLine"] = 120000
	out, revision, err := servicetest.Policies().DecideAt(ctx, "heloc.offer.preview", input)
	if err != nil {
		t.Fatal(err)
	}
	in, _ := json.Marshal(input)
	res, _ := json.Marshal(out)
	if _, err := s.DB.CreateDecision(ctx, "heloc.offer.preview", loanID, in, res, revision); err != nil {
		t.Fatal(err)
	}
	if err := s.DB.UpdateLoanStatus(ctx, loanID, "applicationSubmitted"); err != nil {
		t.Fatal(err)
	}
}

type wireCredit struct {
	Decision *struct {
		Action     string `json:"action"`
		Label      string `json:"label"`
		LineAmount *int64 `json:"lineAmount"`
		Notice     *struct {
			Reasons []string `json:"reasons"`
		} `json:"notice"`
	} `json:"decision"`
	Offer *struct {
		MaxLine int64 `json:"maxLine"`
	} `json:"offer"`
}

// portal.decide over the wire: an underwriter's decision is refused at its
// field when the rules refuse it, recorded and shown when they allow it; a
// processor may read the decision but not make one; the borrower reads it
// in their own session. Every answer is checked against its CUE result by
// the test hook.
func TestPortalDecide(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	const pw = "staff password 1"
	loanID := s.demoLoanID(t, "prime@example.com")
	submitForDecision(t, s, loanID)
	underwriter := s.portalUser(t, s.enrolTagged(t, "uw@example.com", "underwriter", "", pw), pw)
	processor := s.portalUser(t, s.enrolTagged(t, "proc@example.com", "processor", "", pw), pw)

	var before wireCredit
	_, res := underwriter.trpc("GET", "portal.credit", `{"loanId":"`+loanID+`"}`)
	if res.Error != nil || json.Unmarshal(res.Result.Data, &before) != nil || before.Decision != nil || before.Offer == nil {
		t.Fatalf("portal.credit: got %+v, want no decision yet and the rules' offer", res)
	}

	t.Run("a line above the rules' maximum is refused at the line", func(t *testing.T) {
		_, res := underwriter.trpc("POST", "portal.decide", `{"loanId":"`+loanID+`","action":"approve","line":`+jsonNumber(before.Offer.MaxLine+1000)+`}`)
		if res.Error == nil || res.Error.Data.Code != "BAD_REQUEST" || len(res.Error.Data.Fields) != 1 || res.Error.Data.Fields[0].Path != "line" {
			t.Fatalf("got %+v, want BAD_REQUEST at line", res.Error)
		}
	})

	t.Run("a processor may not decide", func(t *testing.T) {
		resp, res := processor.trpc("POST", "portal.decide", `{"loanId":"`+loanID+`","action":"withdraw"}`)
		if resp.StatusCode != 403 || res.Error == nil {
			t.Fatalf("got %d %+v, want 403", resp.StatusCode, res.Error)
		}
	})

	t.Run("a decline is recorded with the notice's reasons", func(t *testing.T) {
		_, res := underwriter.trpc("POST", "portal.decide", `{"loanId":"`+loanID+`","action":"decline","reasons":["C1_COLLATERAL"],"note":"Appraisal came in low."}`)
		var v wireCredit
		if res.Error != nil || json.Unmarshal(res.Result.Data, &v) != nil || v.Decision == nil || v.Decision.Label != "Declined" ||
			v.Decision.Notice == nil || len(v.Decision.Notice.Reasons) != 1 || v.Decision.Notice.Reasons[0] != "Value or type of collateral not sufficient" {
			t.Fatalf("got %+v, want declined with the collateral reason", res.Error)
		}
		_, res = processor.trpc("GET", "portal.credit", `{"loanId":"`+loanID+`"}`)
		if res.Error != nil || json.Unmarshal(res.Result.Data, &v) != nil || v.Decision == nil || v.Decision.Action != "decline" {
			t.Fatalf("processor's portal.credit: got %+v, want the decline", res)
		}
		// The Decisions tab lists the underwriting decision and its notice,
		// explained like any other (the hook checks the answer's shape).
		_, res = underwriter.trpc("GET", "portal.decisions", `{"loanId":"`+loanID+`","entrypoint":"heloc.underwriting.decision"}`)
		var listed struct {
			Items []struct {
				Entrypoint string `json:"entrypoint"`
				Revision   string `json:"revision"`
			} `json:"items"`
		}
		if res.Error != nil || json.Unmarshal(res.Result.Data, &listed) != nil || len(listed.Items) != 1 || listed.Items[0].Revision == "" {
			t.Fatalf("portal.decisions: got %+v, want the underwriting decision with its revision", res)
		}
		page, err := s.DB.ListAudit(context.Background(), domain.AuditFilter{LoanID: loanID, Action: "loans.decide"})
		if err != nil || len(page.Items) != 1 || page.Items[0].ActorEmail != "uw@example.com" {
			t.Fatalf("got %+v, %v; want the decision audited once, by the underwriter", page, err)
		}
		// The borrower is e-mailed the decision with its principal reasons,
		// and the letter is recorded with the loan.
		m, ok := s.Outbox.Latest("prime@example.com")
		if !ok || !strings.HasSuffix(m.Subject, ": our decision on your application") || !strings.Contains(m.Text, "  - Value or type of collateral not sufficient") ||
			!strings.Contains(m.Text, "notice of action taken") || strings.Contains(m.Text, "Appraisal came in low") {
			t.Fatalf("got %+v (%v), want the decline's letter with its reason and not the underwriter's note", m, ok)
		}
		sent, err := s.DB.ListLoanEmails(context.Background(), loanID)
		if err != nil || len(sent) == 0 || sent[len(sent)-1].Letter != "decided" || sent[len(sent)-1].Outcome != domain.EmailSent {
			t.Fatalf("got %+v, %v, want the decision's letter recorded with the loan", sent, err)
		}
		// The decline closed the application: no other decision, no new
		// condition (the services as server/app wires them).
		if resp, res := underwriter.trpc("POST", "portal.decide", `{"loanId":"`+loanID+`","action":"withdraw"}`); resp.StatusCode != 400 || res.Error == nil {
			t.Fatalf("a decision after the decline: got %d %+v, want it refused", resp.StatusCode, res.Error)
		}
		if resp, res := underwriter.trpc("POST", "portal.addCondition", `{"loanId":"`+loanID+`","code":"104"}`); resp.StatusCode != 409 || res.Error == nil {
			t.Fatalf("a condition after the decline: got %d %+v, want 409", resp.StatusCode, res.Error)
		}
	})

	t.Run("the borrower reads the decision and its reasons in their own session", func(t *testing.T) {
		b := s.browser(t)
		b.signIn("prime@example.com")
		_, res := b.trpc("GET", "application.decision", "")
		var v struct {
			Decision *struct {
				Label   string   `json:"label"`
				Reasons []string `json:"reasons"`
				Terms   any      `json:"terms"`
			} `json:"decision"`
		}
		if res.Error != nil || json.Unmarshal(res.Result.Data, &v) != nil || v.Decision == nil || v.Decision.Label != "Declined" ||
			len(v.Decision.Reasons) != 1 || v.Decision.Terms != nil {
			t.Fatalf("got %+v, want the decline and its reason, no terms", res)
		}
		if resp, _ := b.trpc("GET", "portal.credit", `{"loanId":"`+loanID+`"}`); resp.StatusCode != 401 && resp.StatusCode != 403 {
			t.Fatalf("the borrower's session read portal.credit: got %d", resp.StatusCode)
		}
		// The notice of action taken, as the PDF the e-mail carried, to
		// the borrower alone.
		resp, pdf := b.send("GET", "/api/application/notice.pdf", "", "", nil)
		var m mail.Sent // the decision's letter, before the sign-in code just sent
		for _, sent := range s.Outbox.Messages() {
			if strings.HasSuffix(sent.Subject, ": our decision on your application") {
				m = sent
				break
			}
		}
		if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "application/pdf" || !strings.HasPrefix(resp.Header.Get("Content-Disposition"), "attachment") ||
			len(m.Attachments) != 1 || !bytes.Equal(pdf, m.Attachments[0].Data) || !bytes.Contains(pdf, []byte("(Value or type of collateral not sufficient)")) {
			t.Fatalf("got %d %s, %d bytes; want the notice's PDF as the e-mail attached it", resp.StatusCode, resp.Header.Get("Content-Type"), len(pdf))
		}
		if resp, _ := s.browser(t).send("GET", "/api/application/notice.pdf", "", "", nil); resp.StatusCode != 401 {
			t.Fatalf("without a session: got %d, want 401", resp.StatusCode)
		}
	})
}

func jsonNumber(n int64) string {
	b, _ := json.Marshal(n)
	return string(b)
}
