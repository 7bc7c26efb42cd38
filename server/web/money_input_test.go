package web

import (
	"encoding/json"
	"math"
	"testing"
	"time"

	"github.com/heloc/heloc/server/domain"
)

// The application's home value, now cents, reaches the policies as the
// same whole dollars math.Round gave of the float64 it was: the
// submission's policy input is unchanged.
func TestSubmissionInputHomeValueInWholeDollars(t *testing.T) {
	today := time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC)
	for _, dollars := range []float64{850000, 850000.49, 850000.5, 850000.99, 0.5, 99999999.99, 100000000} {
		var value domain.Cents
		if err := json.Unmarshal(moneyJSON(t, dollars), &value); err != nil {
			t.Fatal(err)
		}
		app := &domain.Application{Property: domain.Property{Value: &value}}
		input := submissionInput(domain.PrequalAnswers{}, app, &domain.CreditReport{}, false, 150000, today)
		want := int64(math.Round(dollars))
		if got, ok := input["propertyValue"].(int64); !ok || got != want {
			t.Errorf("%v: got %#v, want int64 %d", dollars, input["propertyValue"], want)
		}
	}
	input := submissionInput(domain.PrequalAnswers{}, &domain.Application{}, &domain.CreditReport{}, false, 150000, today)
	if v, ok := input["propertyValue"]; ok && v != (*int64)(nil) {
		t.Errorf("got %#v, want no home value from the application when it has none", v)
	}
}

func moneyJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
