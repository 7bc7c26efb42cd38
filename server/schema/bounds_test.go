package schema_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/heloc/heloc/server/domain"
)

const (
	firstNameMsg = "Enter your first name. Use at most 100 characters, without control characters."
	nameMsg      = "Use at most 100 characters, without control characters."
)

// jsonString is s as a JSON string, escapes and all.
func jsonString(t *testing.T, s string) string {
	t.Helper()
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// Free text is bounded and holds no control characters: a NUL (which
// PostgreSQL refuses with SQLSTATE 22021), a line break in a name, a name of
// a million characters and an absurd amount are refused by validation,
// naming the field, before they reach a store.
func TestDecodeRefusesUnboundedInput(t *testing.T) {
	account := func(firstName string) string {
		return `{"email":"ana@example.com","firstName":` + jsonString(t, firstName) + `,"lastName":"Ortiz"}`
	}
	estimate := func(value string) string {
		return `{"propertyValue":` + value + `,"mortgageBalance":100000,"propertyUsage":"primaryResidence"}`
	}
	address := func(field, value string) string {
		doc := map[string]any{"line1": "1 Main St", "city": "Springfield", "state": "IL", "zip": "62701"}
		doc[field] = value
		b, _ := json.Marshal(doc)
		return string(b)
	}
	tests := []struct {
		name, def, input, path, msg string
	}{
		{"NUL in a first name", "CreateAccountInput", account("a\u0000b"), "firstName", firstNameMsg},
		{"NUL in a first name, sign-up form", "AccountInput", account("a\u0000b"), "firstName", firstNameMsg},
		{"a million-character first name", "CreateAccountInput", account(strings.Repeat("a", 1_000_000)), "firstName", firstNameMsg},
		{"101-character first name", "CreateAccountInput", account(strings.Repeat("é", 101)), "firstName", firstNameMsg},
		{"line break in a first name", "CreateAccountInput", account("Ana\nOrtiz"), "firstName", firstNameMsg},
		{"escape in a first name", "CreateAccountInput", account("Ana\u001b[31m"), "firstName", firstNameMsg},
		{"DEL in a first name", "CreateAccountInput", account("Ana\u007f"), "firstName", firstNameMsg},
		{"C1 control in a first name", "CreateAccountInput", account("Ana\u0085"), "firstName", firstNameMsg},
		{"NUL in a session update", "ApplicantSessionUpdate", `{"firstName":"a\u0000b"}`, "firstName", firstNameMsg},
		{"NUL in a portal session update", "PortalSessionUpdate", `{"lastName":"a\u0000b"}`, "lastName", "Enter your last name. Use at most 100 characters, without control characters."},
		{"NUL in a staff user's name", "InviteStaffUserInput", `{"email":"ana@example.com","firstName":"a\u0000b","lastName":"Ortiz","role":"loanOfficer"}`, "firstName", "Enter the first name. Use at most 100 characters, without control characters."},
		{"NUL in a middle name", "Person", `{"middleName":"a\u0000b"}`, "middleName", nameMsg},
		{"long middle name", "Person", `{"middleName":` + jsonString(t, strings.Repeat("a", 101)) + `}`, "middleName", nameMsg},
		{"long street", "Address", address("line1", strings.Repeat("a", 201)), "line1", "Enter the street address. Use at most 200 characters, without control characters."},
		{"NUL in the second address line", "Address", address("line2", "Apt\u00004"), "line2", "Use at most 200 characters, without control characters."},
		{"long county", "Address", address("county", strings.Repeat("a", 101)), "county", nameMsg},
		{"NUL in an employer’s name", "Employment", `{"startDate":"2021-03-01","employerName":"Acme\u0000"}`, "employerName", "Enter the employer’s name. Use at most 100 characters, without control characters."},
		{"long position", "Employment", `{"startDate":"2021-03-01","position":` + jsonString(t, strings.Repeat("a", 101)) + `}`, "position", nameMsg},
		{"long tribe", "Demographics", `{"nativeAmericanTribe":` + jsonString(t, strings.Repeat("a", 501)) + `}`, "nativeAmericanTribe", "Use at most 500 characters, without control characters."},
		{"NUL in a comment", "Liability", `{"balance":1,"comments":"a\u0000b"}`, "comments", "Use at most 2000 characters, without control characters other than line breaks and tabs."},
		{"long comment", "Liability", `{"balance":1,"comments":` + jsonString(t, strings.Repeat("a", 2001)) + `}`, "comments", "Use at most 2000 characters, without control characters other than line breaks and tabs."},
		{"NUL in a prequal first name", "PrequalStore", `{"firstName":"a\u0000b"}`, "firstName", firstNameMsg},
		{"long referral code", "PrequalStore", `{"code":` + jsonString(t, strings.Repeat("A", 101)) + `}`, "code", nameMsg},
		{"largest int64 property value", "EstimateInput", estimate("9223372036854775807"), "propertyValue", "Enter your home’s estimated value, up to 100,000,000 dollars."},
		{"property value beyond int64", "EstimateInput", estimate("1e300"), "propertyValue", "Enter your home’s estimated value, up to 100,000,000 dollars."},
		{"property value just over the bound", "EstimateInput", estimate("100000001"), "propertyValue", "Enter your home’s estimated value, up to 100,000,000 dollars."},
		{"huge mortgage balance", "EstimateInput", `{"propertyValue":500000,"mortgageBalance":9223372036854775807,"propertyUsage":"primaryResidence"}`, "mortgageBalance", "Enter a whole dollar amount from 0 to 100,000,000."},
		{"huge liability balance", "Liability", `{"balance":100000001}`, "balance", "Enter a whole dollar amount from 0 to 100,000,000."},
		{"huge monthly payment", "Liability", `{"balance":1,"monthlyPayment":1e12}`, "monthlyPayment", "Enter an amount from 0 to 100,000,000."},
		{"huge property value", "Property", `{"value":100000000.01}`, "value", "Enter an amount from 0 to 100,000,000."},
		{"huge term", "Liability", `{"balance":1,"term":9223372036854775807}`, "term", "Enter the term in whole months, from 0 to 1200."},
		{"huge days late", "Liability", `{"balance":1,"latePaymentDays":36501}`, "latePaymentDays", "Enter the number of days late, from 0 to 36500."},
		{"huge rented units", "IncomeSource", `{"type":"rental","rentalUnits":1001}`, "rentalUnits", "Enter the number of rented units, from 1 to 1000."},
	}
	s := MustLoad(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := s.Decode(tt.def, []byte(tt.input), new(any))
			if got := domain.ErrorCode(err); got != domain.EINVALID {
				t.Fatalf("got code %q (%v), want %q", got, err, domain.EINVALID)
			}
			fields := domain.ErrorFields(err)
			if len(fields) != 1 || fields[0].Path != tt.path || fields[0].Message != tt.msg {
				t.Fatalf("got fields %+v, want one at %q saying %q", fields, tt.path, tt.msg)
			}
		})
	}
}

// The bounds are inclusive and count characters, not bytes; names in any
// script pass, and free text of several lines may hold line breaks and tabs.
func TestDecodeAcceptsTextAndAmountsAtTheBound(t *testing.T) {
	// An account is made only with the two consents it needs (issue 11).
	const consents = `"eConsent":true,"informationSharingConsent":true,"consentVersions":{"eConsent":"esign-2026-11","informationSharing":"sharing-2026-11"}`
	tests := []struct{ name, def, input string }{
		{"100-character first name", "CreateAccountInput", `{"email":"ana@example.com","firstName":` + jsonString(t, strings.Repeat("ñ", 100)) + `,"lastName":"Ortiz",` + consents + `}`},
		{"100 emoji as a first name", "CreateAccountInput", `{"email":"ana@example.com","firstName":` + jsonString(t, strings.Repeat("😀", 100)) + `,"lastName":"Ortiz",` + consents + `}`},
		{"names with accents, apostrophes and spaces", "CreateAccountInput", `{"email":"ana@example.com","firstName":"José María","lastName":"O'Brien-Núñez",` + consents + `}`},
		{"names in other scripts", "Person", `{"firstName":"山田","lastName":"Παπαδόπουλος","middleName":"Жанна"}`},
		{"200-character street", "Address", `{"line1":` + jsonString(t, strings.Repeat("a", 200)) + `,"line2":null,"city":"Springfield","state":"IL","zip":"62701"}`},
		{"comment of several lines with a tab", "Liability", `{"balance":1,"comments":"first line\r\nsecond\tline"}`},
		{"2000-character comment", "Liability", `{"balance":1,"comments":` + jsonString(t, strings.Repeat("a", 2000)) + `}`},
		{"empty adverse-action message", "PrequalStore", `{"adverseActionMessage":""}`},
		{"property value at the bound", "EstimateInput", `{"propertyValue":100000000,"mortgageBalance":100000000,"propertyUsage":"primaryResidence"}`},
		{"amount at the bound with cents", "Property", `{"value":99999999.99}`},
		{"employment source defaults", "Employment", `{"startDate":"2021-03-01"}`},
	}
	s := MustLoad(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := s.Decode(tt.def, []byte(tt.input), new(any)); err != nil {
				t.Fatalf("refused: %v %+v", err, domain.ErrorFields(err))
			}
		})
	}
}
