package schema_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/schema"
)

// The export names each CUE error("...") message on the schema node it
// belongs to, and it is the message the server gives for a bad value there,
// so a form validating from the export says what the server says.
func TestOpenAPICarriesTheMessages(t *testing.T) {
	s := MustLoad(t)
	b, err := s.OpenAPI()
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Components struct {
			Schemas map[string]any `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		// node is the path below components.schemas, "." between names.
		node string
		// def and input are a bad value the server refuses at field.
		def, input, field string
	}{
		{"e-mail", "Email", "QuoteCurrentInput", `{"email":"ana@"}`, "email"},
		{"password", "Password", "SetPasswordInput", `{"password":"seven77"}`, "password"},
		{"one-time code", "OtpCode", "SignInInput", `{"email":"ana@example.com","otpCode":"12345"}`, "otpCode"},
		{"phone", "Phone", "ApplicantSessionUpdate", `{"phone":"415555"}`, "phone"},
		{"enumeration", "PropertyUsage", "PropertyUsage", `"vacation"`, ""},
		{"a field's own message", "AccountInput.properties.firstName", "AccountInput", `{"email":"ana@example.com","firstName":" ","lastName":"Diaz"}`, "firstName"},
		{"a nullable field says what its definition says", "AccountInput.properties.phone", "AccountInput", `{"email":"ana@example.com","firstName":"Ana","lastName":"Diaz","phone":"123"}`, "phone"},
		{"a field with a default says what its definition says", "EstimateInput.properties.propertyType", "EstimateInput", `{"propertyValue":1,"mortgageBalance":0,"propertyUsage":"secondHome","propertyType":"castle"}`, "propertyType"},
		{"one-time code, required", "OtpCode", "CodeSignInInput", `{"email":"ana@example.com","otpCode":"abc"}`, "otpCode"},
		{"portal recovery code", "PortalOtpCode", "PortalCodeSignInInput", `{"email":"ada@example.com","password":"correct horse","otpCode":"ABCDE"}`, "otpCode"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var node any = doc.Components.Schemas
			for _, key := range strings.Split(tt.node, ".") {
				m, _ := node.(map[string]any)
				node = m[key]
			}
			m, _ := node.(map[string]any)
			got, _ := m[schema.MessageKey].(string)
			err := s.Decode(tt.def, []byte(tt.input), new(any))
			fields := domain.ErrorFields(err)
			if len(fields) != 1 || fields[0].Path != tt.field {
				t.Fatalf("got fields %+v from the server, want one at %q", fields, tt.field)
			}
			if want := fields[0].Message; got != want {
				t.Fatalf("got %s %q at %s, want the server's message %q", schema.MessageKey, got, tt.node, want)
			}
		})
	}
}

// An object carries no message of its own (it would stand for its fields'
// messages), and neither does a $ref, which OpenAPI 3.0 reads alone.
func TestOpenAPIMessagesStayOnValues(t *testing.T) {
	b, err := MustLoad(t).OpenAPI()
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	var walk func(path string, n any)
	walk = func(path string, n any) {
		switch n := n.(type) {
		case map[string]any:
			if _, ok := n[schema.MessageKey]; ok {
				_, isRef := n["$ref"]
				_, isObject := n["properties"]
				if isRef || isObject {
					t.Errorf("%s: got %s beside $ref or properties, want none", path, schema.MessageKey)
				}
			}
			for k, v := range n {
				walk(path+"."+k, v)
			}
		case []any:
			for _, v := range n {
				walk(path+"[]", v)
			}
		}
	}
	walk("", doc)
}
