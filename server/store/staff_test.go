package store_test

import (
	"testing"
	"time"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/store"
)

func sealAs(prefix string) func(string) (string, error) {
	return func(id string) (string, error) { return prefix + ":" + id, nil }
}

func mustCreateStaff(tb testing.TB, db *store.DB, email, role string) *domain.StaffUser {
	tb.Helper()
	u := &domain.StaffUser{Email: email, FirstName: "Ada", LastName: "Admin", Role: role}
	err := db.CreateStaffUser(tb.Context(), u, domain.StaffCredentials{
		PasswordHash: "hash", SealTOTP: sealAs("sealed"), RecoveryCodeHashes: []string{"r1", "r2"},
	})
	if err != nil {
		tb.Fatal(err)
	}
	return u
}

func TestStaffUsers(t *testing.T) {
	forEachDB(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		u := mustCreateStaff(t, db, "Ada@Example.com", domain.RoleAdministrator)

		t.Run("FindByEmailIgnoresCase", func(t *testing.T) {
			got, sec, err := db.FindStaffUserByEmail(ctx, "ADA@example.COM")
			if err != nil {
				t.Fatal(err)
			}
			if got.ID != u.ID || got.Email != "ada@example.com" || !got.Active || got.Role != domain.RoleAdministrator {
				t.Fatalf("got %+v, want the created administrator", got)
			}
			if sec.PasswordHash != "hash" || sec.TOTPSecret != "sealed:"+u.ID || sec.TOTPLastStep != 0 {
				t.Fatalf("got secrets %+v, want the stored hash and a secret sealed under the id", sec)
			}
		})

		t.Run("DuplicateEmail", func(t *testing.T) {
			err := db.CreateStaffUser(ctx, &domain.StaffUser{Email: "ada@example.com", Role: "processor"},
				domain.StaffCredentials{PasswordHash: "h", SealTOTP: sealAs("s")})
			assertError(t, err, domain.ECONFLICT, "A portal user with this e-mail already exists.")
		})

		t.Run("DeactivationEndsSessions", func(t *testing.T) {
			token := mustCreateSession(t, db, domain.RealmPortal, u.ID)
			if err := db.SetStaffUserActive(ctx, u.ID, false, nil); err != nil {
				t.Fatal(err)
			}
			assertNoSession(t, db, domain.RealmPortal, token)
			got, err := db.FindStaffUserByID(ctx, u.ID)
			if err != nil || got.Active {
				t.Fatalf("got %+v, %v; want an inactive user", got, err)
			}
			if err := db.SetStaffUserActive(ctx, u.ID, true, nil); err != nil {
				t.Fatal(err)
			}
		})

		t.Run("ChangeRoleAndList", func(t *testing.T) {
			other := mustCreateStaff(t, db, "bo@example.com", "processor")
			if err := db.SetStaffUserRole(ctx, other.ID, "underwriter", nil); err != nil {
				t.Fatal(err)
			}
			users, err := db.ListStaffUsers(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if len(users) != 2 {
				t.Fatalf("got %d users, want 2", len(users))
			}
			for _, got := range users {
				if got.ID == other.ID && got.Role != "underwriter" {
					t.Fatalf("got role %q, want underwriter", got.Role)
				}
			}
			assertError(t, db.SetStaffUserRole(ctx, "nobody", "underwriter", nil), domain.ENOTFOUND, "Portal user not found.")
		})

		t.Run("TOTPStepWorksOnce", func(t *testing.T) {
			for i, tc := range []struct {
				step int64
				want bool
			}{{100, true}, {100, false}, {99, false}, {101, true}} {
				got, err := db.AcceptTOTPStep(ctx, u.ID, tc.step)
				if err != nil || got != tc.want {
					t.Fatalf("%d: step %d: got %v, %v; want %v", i, tc.step, got, err, tc.want)
				}
			}
		})

		t.Run("RecoveryCodeWorksOnce", func(t *testing.T) {
			for i, tc := range []struct {
				hash string
				want bool
			}{{"r1", true}, {"r1", false}, {"nope", false}, {"r2", true}} {
				got, err := db.UseRecoveryCode(ctx, u.ID, tc.hash)
				if err != nil || got != tc.want {
					t.Fatalf("%d: code %q: got %v, %v; want %v", i, tc.hash, got, err, tc.want)
				}
			}
		})
	})
}

func TestOneTimeCodes(t *testing.T) {
	forEachDB(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		now := testNow
		db.Now = func() time.Time { return now }
		check := func(subject, hash string) bool {
			t.Helper()
			ok, err := db.CheckOneTimeCode(ctx, domain.RealmApplicant, subject, hash, 5)
			if err != nil {
				t.Fatal(err)
			}
			return ok
		}
		create := func(subject, hash string) {
			t.Helper()
			if err := db.CreateOneTimeCode(ctx, domain.RealmApplicant, subject, hash, 10*time.Minute); err != nil {
				t.Fatal(err)
			}
		}

		t.Run("WorksOnce", func(t *testing.T) {
			create("a1", "h1")
			if !check("a1", "h1") {
				t.Fatal("got no match, want the fresh code to work")
			}
			if check("a1", "h1") {
				t.Fatal("got a match, want a spent code refused")
			}
		})
		t.Run("OnlyTheLatestCodeWorks", func(t *testing.T) {
			create("a2", "old")
			create("a2", "new")
			if check("a2", "old") || !check("a2", "new") {
				t.Fatal("want the earlier code void and the latest working")
			}
		})
		t.Run("ExpiresAfterTenMinutes", func(t *testing.T) {
			create("a3", "h3")
			now = now.Add(10 * time.Minute)
			defer func() { now = testNow }()
			if check("a3", "h3") {
				t.Fatal("got a match, want an expired code refused")
			}
		})
		t.Run("DiesAfterFiveWrongTries", func(t *testing.T) {
			create("a4", "h4")
			for range 5 {
				if check("a4", "wrong") {
					t.Fatal("got a match for a wrong code")
				}
			}
			if check("a4", "h4") {
				t.Fatal("got a match, want the code dead after 5 wrong tries")
			}
		})
		t.Run("OtherRealmOrSubject", func(t *testing.T) {
			create("a5", "h5")
			if ok, _ := db.CheckOneTimeCode(ctx, domain.RealmPortal, "a5", "h5", 5); ok {
				t.Fatal("got a match in the portal realm for an applicant code")
			}
			if check("a6", "h5") {
				t.Fatal("got a match for another subject")
			}
		})
	})
}

func TestApplicantAccount(t *testing.T) {
	forEachDB(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		a := &domain.Applicant{Email: "New@Example.com", FirstName: "Nia", LastName: "Ng", TCPAConsent: &domain.Consent{Version: "tcpa-v1"}}
		loan, err := db.CreateApplicantWithLoan(ctx, a, "propertyValue")
		if err != nil {
			t.Fatal(err)
		}
		got, err := db.FindLoanByApplicant(ctx, a.ID)
		if err != nil || got.ID != loan.ID || got.ApplicationStatus != "propertyValue" {
			t.Fatalf("got %+v, %v; want the new loan at propertyValue", got, err)
		}
		if byID, err := db.FindLoan(ctx, loan.ID); err != nil || byID.ApplicantID != a.ID {
			t.Fatalf("got %+v, %v; want the loan of the new applicant", byID, err)
		}
		if stored, err := db.FindApplicantByID(ctx, a.ID); err != nil || stored.TCPAConsent == nil ||
			stored.TCPAConsent.Version != "tcpa-v1" || !stored.TCPAConsent.At.Equal(a.CreatedAt) {
			t.Fatalf("got %+v, %v; want the TCPA consent kept with its wording's version and time", stored, err)
		}

		if h, err := db.ApplicantPasswordHash(ctx, a.ID); err != nil || h != "" {
			t.Fatalf("got %q, %v; want no password yet", h, err)
		}
		if err := db.SetApplicantPassword(ctx, a.ID, "argon"); err != nil {
			t.Fatal(err)
		}
		if h, err := db.ApplicantPasswordHash(ctx, a.ID); err != nil || h != "argon" {
			t.Fatalf("got %q, %v; want the stored hash", h, err)
		}

		phone := "4155550100"
		first := "Nina"
		updated, err := db.UpdateApplicant(ctx, a.ID, domain.ApplicantPatch{FirstName: &first, Phone: &phone})
		if err != nil || updated.FirstName != "Nina" || updated.LastName != "Ng" || *updated.Phone != phone {
			t.Fatalf("got %+v, %v; want first name and phone changed, last name kept", updated, err)
		}

		_, err = db.CreateApplicantWithLoan(ctx, &domain.Applicant{Email: "new@example.com", FirstName: "X", LastName: "Y"}, "propertyValue")
		assertError(t, err, domain.ECONFLICT, "An account with this e-mail already exists.")

		t.Run("DecisionsOfTheLoan", func(t *testing.T) {
			now := testNow
			db.Now = func() time.Time { return now }
			for _, result := range []string{`{"maxLine":1}`, `{"maxLine":2}`} {
				now = now.Add(time.Second)
				if _, err := db.CreateDecision(ctx, "heloc.offer.preview", loan.ID, []byte(`{}`), []byte(result), "rev"); err != nil {
					t.Fatal(err)
				}
			}
			d, err := db.LatestDecision(ctx, loan.ID, "heloc.offer.preview")
			if err != nil || string(d.Result) != `{"maxLine":2}` || d.LoanID != loan.ID {
				t.Fatalf("got %+v, %v; want the later offer of the loan", d, err)
			}
			_, err = db.LatestDecision(ctx, "other-loan", "heloc.offer.preview")
			assertError(t, err, domain.ENOTFOUND, "Decision not found.")
		})
	})
}
