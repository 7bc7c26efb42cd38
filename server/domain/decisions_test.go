package domain_test

import (
	"encoding/json"
	"testing"

	"github.com/heloc/heloc/server/domain"
)

// A policy answer decodes the same whether the engine gives it as decoded
// JSON values or as the encoding it remembers (policy.Remembered).
func TestAnAnswerDecodesTheSameEncodedOrNot(t *testing.T) {
	type page struct {
		Path string `json:"path"`
		Open bool   `json:"open"`
	}
	for name, tc := range map[string]struct {
		answer any
		json   string // as it is stored
	}{
		"decoded": {map[string]any{"path": "/app/application/3", "open": true}, `{"open":true,"path":"/app/application/3"}`},
		"encoded": {json.RawMessage(`{"path":"/app/application/3","open":true}`), `{"path":"/app/application/3","open":true}`},
	} {
		answer := tc.answer
		var got page
		if err := domain.DecodeAnswer(answer, &got); err != nil || got != (page{Path: "/app/application/3", Open: true}) {
			t.Errorf("%s: got %+v, %v", name, got, err)
		}
		b, err := domain.EncodeAnswer(answer)
		if err != nil || string(b) != tc.json {
			t.Errorf("%s: encoded %s, %v", name, b, err)
		}
	}
}
