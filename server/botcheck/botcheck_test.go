package botcheck_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/heloc/heloc/server/botcheck"
	"github.com/heloc/heloc/server/domain"
)

func TestSandbox(t *testing.T) {
	tests := []struct {
		name, token, action string
		ok                  bool
	}{
		{"token for the action", "sandbox.api_update", "api_update", true},
		{"token for another action", "sandbox.login", "api_update", false},
		{"empty token", "", "api_update", false},
		{"arbitrary token", "anything", "api_update", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := botcheck.Sandbox{}.Verify(context.Background(), tt.token, tt.action, "")
			if got := err == nil; got != tt.ok {
				t.Fatalf("got ok=%v (err %v), want %v", got, err, tt.ok)
			}
			if err != nil && domain.ErrorCode(err) != domain.EFORBIDDEN {
				t.Fatalf("got code %q, want %q", domain.ErrorCode(err), domain.EFORBIDDEN)
			}
		})
	}
}

func TestRecaptcha(t *testing.T) {
	tests := []struct {
		name  string
		reply string
		ok    bool
	}{
		{"human", `{"success":true,"score":0.9,"action":"api_update"}`, true},
		{"low score", `{"success":true,"score":0.1,"action":"api_update"}`, false},
		{"wrong action", `{"success":true,"score":0.9,"action":"login"}`, false},
		{"invalid token", `{"success":false,"error-codes":["invalid-input-response"]}`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if err := r.ParseForm(); err != nil || r.Form.Get("secret") != "s3cret" || r.Form.Get("response") != "tok" {
					http.Error(w, "bad form", http.StatusBadRequest)
					return
				}
				fmt.Fprint(w, tt.reply)
			}))
			defer srv.Close()
			v := botcheck.NewRecaptcha("site", "s3cret", 0.5)
			v.VerifyURL = srv.URL
			err := v.Verify(context.Background(), "tok", "api_update", "127.0.0.1")
			if got := err == nil; got != tt.ok {
				t.Fatalf("got ok=%v (err %v), want %v", got, err, tt.ok)
			}
		})
	}
}
