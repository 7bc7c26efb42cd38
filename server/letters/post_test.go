package letters_test

import (
	"testing"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/letters"
)

// The coborrower a letter goes to is the application's; what the
// application does not give yet comes from the prequalification.
func TestTheCoborrowerALetterGoesTo(t *testing.T) {
	s := func(v string) *string { return &v }
	loan := &domain.Loan{Answers: domain.PrequalAnswers{Coborrower: &domain.CoborrowerInfo{FirstName: "Amara", Email: "amara@example.com"}}}
	for _, tc := range []struct {
		name string
		loan *domain.Loan
		app  *domain.Application
		want letters.Recipient
	}{
		{"no application yet", loan, nil, letters.Recipient{FirstName: "Amara", Email: "amara@example.com"}},
		{"the application's", loan, &domain.Application{Coborrower: &domain.Person{FirstName: s("Ama"), Email: s("ama@example.com")}}, letters.Recipient{FirstName: "Ama", Email: "ama@example.com"}},
		{"the application's name, no address yet", loan, &domain.Application{Coborrower: &domain.Person{FirstName: s("Ama")}}, letters.Recipient{FirstName: "Ama", Email: "amara@example.com"}},
		{"nobody named", &domain.Loan{}, &domain.Application{}, letters.Recipient{}},
	} {
		if got := letters.Coborrower(tc.loan, tc.app); got != tc.want {
			t.Errorf("%s: got %+v, want %+v", tc.name, got, tc.want)
		}
	}
}
