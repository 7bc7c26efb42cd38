package domain_test

import (
	"testing"

	"github.com/heloc/heloc/server/domain"
)

func TestFormat(t *testing.T) {
	for _, tc := range []struct{ got, want string }{
		{domain.Dollars(0).Format(), "$0"},
		{domain.Dollars(999).Format(), "$999"},
		{domain.Dollars(1000).Format(), "$1,000"},
		{domain.Dollars(410500).Format(), "$410,500"},
		{domain.Dollars(1234567).Format(), "$1,234,567"},
		{domain.Dollars(-25000).Format(), "-$25,000"},
		{domain.Cents(45313).Format(), "$453.13"},
		{domain.Cents(45300).Format(), "$453"},
		{domain.Cents(5).Format(), "$0.05"},
		{domain.Cents(-123456).Format(), "-$1,234.56"},
		{domain.FormatPercent(8.5), "8.50%"},
		{domain.FormatPercent(7.255), "7.26%"},
		{domain.FormatPercent(18), "18.00%"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}
