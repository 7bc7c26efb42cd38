package providers_test

import (
	"context"
	"testing"

	"github.com/heloc/heloc/fixtures"
	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/providers"
)

func identitySandbox(t *testing.T) *providers.SandboxIdentity {
	t.Helper()
	s, err := providers.NewSandboxIdentity(fixtures.FS)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func verify(t *testing.T, s *providers.SandboxIdentity, req providers.IdentityRequest) *providers.IdentityResult {
	t.Helper()
	if req.FirstName == "" {
		req.FirstName, req.LastName, req.DateOfBirth = "Pat", "Doe", "1980-04-12"
	}
	if req.Party == "" {
		req.Party = "borrower"
	}
	if len(req.Sides) == 0 {
		req.Sides = []string{"front", "back"}
	}
	req.Today = today
	r, err := s.VerifyID(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestVerifyIDAnswersThePersonasResult(t *testing.T) {
	s := identitySandbox(t)
	if !s.Sandbox() {
		t.Fatal("got Sandbox() false, want the sandbox to say so")
	}
	for _, tc := range []struct {
		name   string
		req    providers.IdentityRequest
		status string
	}{
		{"a prime borrower passes", providers.IdentityRequest{Applicant: "prime+e2e-1@example.com", IDType: "driver_license"}, "passed"},
		{"anyone who is no persona passes", providers.IdentityRequest{Applicant: "someone@example.org", IDType: "state_id"}, "passed"},
		{"the trust persona is sent to review", providers.IdentityRequest{Applicant: "trust+x@example.com", IDType: "driver_license"}, "review"},
		{"the florida persona's license fails", providers.IdentityRequest{Applicant: "florida+x@example.com", IDType: "driver_license"}, "failed"},
		{"the florida persona's passport passes", providers.IdentityRequest{Applicant: "florida+x@example.com", IDType: "passport", Sides: []string{"front"}}, "passed"},
		{"a coborrower who is no persona gets the persona's coborrower result", providers.IdentityRequest{Applicant: "coborrower@example.com", Party: "coborrower", Email: "amara.okafor@example.com", IDType: "green_card"}, "passed"},
		{"a coborrower who is a persona gets their own", providers.IdentityRequest{Applicant: "prime@example.com", Party: "coborrower", Email: "trust@example.com", IDType: "visa"}, "review"},
		{"the florida persona's coborrower is not the florida persona", providers.IdentityRequest{Applicant: "florida@example.com", Party: "coborrower", IDType: "visa"}, "passed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := verify(t, s, tc.req)
			if got.Status != tc.status {
				t.Fatalf("got %+v, want %s", got, tc.status)
			}
			if (got.Status == "passed") != (got.Reason == "") {
				t.Errorf("got reason %q with %s, want a reason exactly when it did not pass", got.Reason, got.Status)
			}
			if got.Reference == "" || !got.CheckedAt.Equal(today) {
				t.Errorf("got %+v, want a reference and the day's time", got)
			}
		})
	}
}

func TestVerifyIDIsDeterministic(t *testing.T) {
	s := identitySandbox(t)
	req := providers.IdentityRequest{Applicant: "trust@example.com", IDType: "passport", Sides: []string{"front"}}
	a, b := verify(t, s, req), verify(t, s, req)
	if *a != *b {
		t.Fatalf("got %+v then %+v, want the same answer", a, b)
	}
}

func TestVerifyIDWithoutANameOrBirthDateFails(t *testing.T) {
	s := identitySandbox(t)
	got, err := s.VerifyID(context.Background(), providers.IdentityRequest{Applicant: "prime@example.com", Party: "borrower", FirstName: "Olivia", IDType: "passport", Sides: []string{"front"}, Today: today})
	if err != nil || got.Status != "failed" || got.Reason == "" {
		t.Fatalf("got %+v, %v, want failed with a reason", got, err)
	}
}

func TestVerifyIDRefusesARequestWithoutPhotos(t *testing.T) {
	s := identitySandbox(t)
	_, err := s.VerifyID(context.Background(), providers.IdentityRequest{Applicant: "prime@example.com", IDType: "passport", Today: today})
	if domain.ErrorCode(err) != domain.EINVALID {
		t.Fatalf("got %v, want EINVALID", err)
	}
}
