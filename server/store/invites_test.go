package store_test

import (
	"testing"
	"time"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/store"
)

func TestInvites(t *testing.T) {
	forEachDB(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		admin := mustCreateStaff(t, db, "ada@example.com", domain.RoleAdministrator)
		audit := func(action string) *domain.AuditEntry {
			return &domain.AuditEntry{ActorID: admin.ID, ActorEmail: admin.Email, ActorRole: admin.Role, Action: action}
		}
		u := &domain.StaffUser{Email: "Lou@Example.com", FirstName: "Lou", LastName: "Officer", Role: "loanOfficer", LoanOfficerTag: "lou"}
		inv := &domain.Invite{TokenHash: "h1", Purpose: domain.InvitePurposeInvite, CreatedBy: admin.ID, ExpiresAt: testNow.Add(time.Hour)}
		if err := db.InviteStaffUser(ctx, u, inv, audit("users.invite")); err != nil {
			t.Fatal(err)
		}

		t.Run("AnInvitedUserHasNoPasswordYet", func(t *testing.T) {
			got, sec, err := db.FindStaffUserByEmail(ctx, "lou@example.com")
			if err != nil || got.Enrolment != domain.EnrolmentInvited || sec.PasswordHash != "" || got.LoanOfficerTag != "lou" || inv.UserID != got.ID {
				t.Fatalf("got %+v %+v, %v; want an invited user", got, sec, err)
			}
		})

		t.Run("AnInviteIsFoundByItsHashWhileLive", func(t *testing.T) {
			got, gu, _, err := db.FindInvite(ctx, "h1")
			if err != nil || got.UserID != u.ID || gu.Email != "lou@example.com" || !got.ExpiresAt.Equal(testNow.Add(time.Hour)) {
				t.Fatalf("got %+v %+v, %v", got, gu, err)
			}
			_, _, _, err = db.FindInvite(ctx, "nope")
			assertError(t, err, domain.ENOTFOUND, "This link has expired or was already used. Ask an administrator to send you a new one.")
		})

		t.Run("WrongTriesUseTheInviteUp", func(t *testing.T) {
			other := &domain.StaffUser{Email: "try@example.com", Role: "processor"}
			tries := &domain.Invite{TokenHash: "h2", Purpose: domain.InvitePurposeInvite, CreatedBy: admin.ID, ExpiresAt: testNow.Add(time.Hour)}
			if err := db.InviteStaffUser(ctx, other, tries, nil); err != nil {
				t.Fatal(err)
			}
			for range domain.MaxInviteAttempts {
				if err := db.FailInviteAttempt(ctx, "h2"); err != nil {
					t.Fatal(err)
				}
			}
			_, _, _, err := db.FindInvite(ctx, "h2")
			assertError(t, err, domain.ENOTFOUND, "This link has expired or was already used. Ask an administrator to send you a new one.")
		})

		t.Run("CompletingSetsTheSecretsOnce", func(t *testing.T) {
			if err := db.OfferInviteAuthenticator(ctx, "h1", "pending"); err != nil {
				t.Fatal(err)
			}
			c := domain.InviteCompletion{PasswordHash: "pw", TOTPSecret: "sealed", TOTPStep: 42, RecoveryCodeHashes: []string{"r1"}}
			if err := db.CompleteInvite(ctx, "h1", c, audit("users.acceptInvite")); err != nil {
				t.Fatal(err)
			}
			got, sec, err := db.FindStaffUserByEmail(ctx, "lou@example.com")
			if err != nil || got.Enrolment != domain.EnrolmentComplete || sec.PasswordHash != "pw" || sec.TOTPSecret != "sealed" || sec.TOTPLastStep != 42 {
				t.Fatalf("got %+v %+v, %v; want the enrolled secrets", got, sec, err)
			}
			assertError(t, db.CompleteInvite(ctx, "h1", c, nil), domain.ENOTFOUND, "This link has expired or was already used. Ask an administrator to send you a new one.")
		})

		t.Run("AResetTakesTheAuthenticatorAndSessionsAwayAndKeepsThePassword", func(t *testing.T) {
			token := mustCreateSession(t, db, domain.RealmPortal, u.ID)
			re := &domain.Invite{TokenHash: "h3", UserID: u.ID, Purpose: domain.InvitePurposeReenrol, CreatedBy: admin.ID, ExpiresAt: testNow.Add(time.Hour)}
			if err := db.ResetStaffSecondFactor(ctx, re, audit("users.resetSecondFactor")); err != nil {
				t.Fatal(err)
			}
			assertNoSession(t, db, domain.RealmPortal, token)
			got, sec, err := db.FindStaffUserByEmail(ctx, "lou@example.com")
			if err != nil || got.Enrolment != domain.EnrolmentSecondFactorReset || sec.TOTPSecret != "" || sec.PasswordHash != "pw" {
				t.Fatalf("got %+v %+v, %v; want the authenticator gone, the password kept", got, sec, err)
			}
			if ok, err := db.UseRecoveryCode(ctx, u.ID, "r1"); err != nil || ok {
				t.Fatalf("got %v, %v; want the recovery codes gone", ok, err)
			}
			if err := db.CompleteInvite(ctx, "h3", domain.InviteCompletion{TOTPSecret: "new", TOTPStep: 50}, nil); err != nil {
				t.Fatal(err)
			}
			if _, sec, _ := db.FindStaffUserByEmail(ctx, "lou@example.com"); sec.PasswordHash != "pw" || sec.TOTPSecret != "new" {
				t.Fatalf("got %+v, want the password kept and the new authenticator", sec)
			}
		})

		t.Run("AResentInviteReplacesTheOldOne", func(t *testing.T) {
			v := &domain.StaffUser{Email: "vi@example.com", Role: "processor"}
			if err := db.InviteStaffUser(ctx, v, &domain.Invite{TokenHash: "h4", Purpose: domain.InvitePurposeInvite, CreatedBy: admin.ID, ExpiresAt: testNow.Add(time.Hour)}, nil); err != nil {
				t.Fatal(err)
			}
			if err := db.ResendInvite(ctx, &domain.Invite{TokenHash: "h5", UserID: v.ID, Purpose: domain.InvitePurposeInvite, CreatedBy: admin.ID, ExpiresAt: testNow.Add(time.Hour)}, nil); err != nil {
				t.Fatal(err)
			}
			if _, _, _, err := db.FindInvite(ctx, "h4"); domain.ErrorCode(err) != domain.ENOTFOUND {
				t.Fatalf("got %v, want the old link dead", err)
			}
			if _, _, _, err := db.FindInvite(ctx, "h5"); err != nil {
				t.Fatal(err)
			}
			// A deactivated user's link stops working.
			if err := db.SetStaffUserActive(ctx, v.ID, false, nil); err != nil {
				t.Fatal(err)
			}
			if _, _, _, err := db.FindInvite(ctx, "h5"); domain.ErrorCode(err) != domain.ENOTFOUND {
				t.Fatalf("got %v, want a deactivated user's link dead", err)
			}
			err := db.ResendInvite(ctx, &domain.Invite{TokenHash: "h6", UserID: u.ID, Purpose: domain.InvitePurposeInvite, CreatedBy: admin.ID, ExpiresAt: testNow.Add(time.Hour)}, nil)
			assertError(t, err, domain.ECONFLICT, "This user has already set up their account.")
		})

		t.Run("AnExpiredInviteIsGone", func(t *testing.T) {
			w := &domain.StaffUser{Email: "wu@example.com", Role: "processor"}
			if err := db.InviteStaffUser(ctx, w, &domain.Invite{TokenHash: "h7", Purpose: domain.InvitePurposeInvite, CreatedBy: admin.ID, ExpiresAt: testNow.Add(-time.Millisecond)}, nil); err != nil {
				t.Fatal(err)
			}
			if _, _, _, err := db.FindInvite(ctx, "h7"); domain.ErrorCode(err) != domain.ENOTFOUND {
				t.Fatalf("got %v, want an expired link dead", err)
			}
		})
	})
}
