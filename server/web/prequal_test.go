package web_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/heloc/heloc/server/web"
)

type estimate struct {
	Eligibility struct {
		DecisionID     string  `json:"decisionId"`
		Eligible       bool    `json:"eligible"`
		IneligiblePage *string `json:"ineligiblePage"`
		Reasons        []struct{ Code string }
	}
	Offer struct {
		DecisionID string  `json:"decisionId"`
		MaxLine    float64 `json:"maxLine"`
		APR        float64 `json:"apr"`
	}
}

func TestEstimateDecidesAndRecords(t *testing.T) {
	s := MustOpenServer(t, web.Config{Now: func() time.Time { return time.Date(2026, 11, 22, 15, 0, 0, 0, time.UTC) }})
	post := func(t *testing.T, body string) (*http.Response, []byte) {
		return s.do(t, request{method: "POST", path: "/api/trpc/prequal.estimate", body: body})
	}

	t.Run("a homeowner with equity and a good score gets an offer", func(t *testing.T) {
		resp, body := post(t, `{"propertyValue":850000,"mortgageBalance":312000,"creditScore":790,"propertyUsage":"primaryResidence","propertyState":"CA"}`)
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("got %d %s", resp.StatusCode, body)
		}
		got := decode[estimate](t, decode[wireResult](t, body).Result.Data)
		if !got.Eligibility.Eligible || got.Offer.MaxLine <= 0 || got.Offer.APR <= 0 {
			t.Fatalf("got %+v, want eligible with a line and an APR", got)
		}
		d, err := s.DB.FindDecision(context.Background(), got.Offer.DecisionID)
		if err != nil {
			t.Fatal(err)
		}
		if d.Entrypoint != "heloc.offer.preview" || len(d.Revision) != 64 || !strings.Contains(string(d.Input), `"today":"2026-11-22"`) {
			t.Fatalf("got stored decision %+v, want the offer with its revision and dated input", d)
		}
	})
	t.Run("an underwater home is sent to the low-equity page", func(t *testing.T) {
		_, body := post(t, `{"propertyValue":300000,"mortgageBalance":320000,"creditScore":760,"propertyUsage":"primaryResidence"}`)
		got := decode[estimate](t, decode[wireResult](t, body).Result.Data)
		if got.Eligibility.Eligible || got.Eligibility.IneligiblePage == nil || *got.Eligibility.IneligiblePage != "low-equity" || got.Offer.MaxLine != 0 {
			t.Fatalf("got %+v, want low-equity and no line", got)
		}
	})
	t.Run("a bad answer is named at its field", func(t *testing.T) {
		resp, body := post(t, `{"propertyValue":-5,"mortgageBalance":0,"propertyUsage":"primaryResidence"}`)
		e := decode[wireResult](t, body).Error
		if resp.StatusCode != http.StatusBadRequest || e == nil || len(e.Data.Fields) == 0 || e.Data.Fields[0].Path != "propertyValue" {
			t.Fatalf("got %d %s, want 400 naming propertyValue", resp.StatusCode, body)
		}
	})
	t.Run("without the human check nothing is decided", func(t *testing.T) {
		resp, _ := s.do(t, request{method: "POST", path: "/api/trpc/prequal.estimate", body: `{}`, headers: map[string]string{"X-Recaptcha-Token": ""}})
		if resp.StatusCode != http.StatusForbidden {
			t.Fatalf("got %d, want 403", resp.StatusCode)
		}
	})
}
