package store_test

import (
	"encoding/base64"
	"testing"
	"time"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/store"
)

const (
	idle     = 30 * time.Minute
	absolute = 12 * time.Hour
)

// mustCreateSession starts a session or fails tb.
func mustCreateSession(tb testing.TB, db *store.DB, realm domain.Realm, subject string) string {
	tb.Helper()
	token, _, err := db.CreateSession(tb.Context(), realm, subject, idle, absolute)
	if err != nil {
		tb.Fatal(err)
	}
	return token
}

// assertNoSession fails t unless token is not a live session in realm.
func assertNoSession(t *testing.T, db *store.DB, realm domain.Realm, token string) {
	t.Helper()
	_, err := db.FindSession(t.Context(), realm, token)
	assertError(t, err, domain.EUNAUTHORIZED, "Session not found or expired.")
}

func TestSessions(t *testing.T) {
	forEachDB(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		now := testNow
		db.Now = func() time.Time { return now }

		t.Run("CreateAndFind", func(t *testing.T) {
			token, s, err := db.CreateSession(ctx, domain.RealmApplicant, "applicant-1", idle, absolute)
			if err != nil {
				t.Fatal(err)
			}
			if b, err := base64.RawURLEncoding.DecodeString(token); err != nil || len(b) != 32 {
				t.Fatalf("got token %q (%d bytes, %v), want 32 bytes in base64url", token, len(b), err)
			}
			want := domain.Session{Realm: domain.RealmApplicant, SubjectID: "applicant-1", CreatedAt: now, LastSeenAt: now, ExpiresAt: now.Add(idle)}
			if *s != want {
				t.Fatalf("got %+v, want %+v", *s, want)
			}
			got, err := db.FindSession(ctx, domain.RealmApplicant, token)
			if err != nil {
				t.Fatal(err)
			}
			if *got != want {
				t.Fatalf("got %+v, want %+v", *got, want)
			}
			assertNoSession(t, db, domain.RealmApplicant, token+"x")
		})

		t.Run("RealmIsolation", func(t *testing.T) {
			portal := mustCreateSession(t, db, domain.RealmPortal, "staff-1")
			assertNoSession(t, db, domain.RealmApplicant, portal)
			if err := db.TouchSession(ctx, domain.RealmApplicant, portal, idle); domain.ErrorCode(err) != domain.EUNAUTHORIZED {
				t.Fatalf("got %v touching on the other realm, want %s", err, domain.EUNAUTHORIZED)
			}
			if ok, err := db.DeleteSession(ctx, domain.RealmApplicant, portal); err != nil || ok {
				t.Fatalf("got %v, %v deleting on the other realm, want false, nil", ok, err)
			}
			if _, err := db.FindSession(ctx, domain.RealmPortal, portal); err != nil {
				t.Fatalf("got %v, want the portal session intact", err)
			}
		})

		t.Run("IdleExpiry", func(t *testing.T) {
			now = testNow
			token := mustCreateSession(t, db, domain.RealmApplicant, "applicant-2")
			now = now.Add(idle - time.Minute)
			if err := db.TouchSession(ctx, domain.RealmApplicant, token, idle); err != nil {
				t.Fatal(err)
			}
			now = now.Add(idle - time.Minute) // past the first idle deadline, not the moved one
			s, err := db.FindSession(ctx, domain.RealmApplicant, token)
			if err != nil {
				t.Fatalf("got %v after a touch, want the session alive", err)
			}
			if want := testNow.Add(idle - time.Minute); !s.LastSeenAt.Equal(want) {
				t.Fatalf("got last seen %v, want %v", s.LastSeenAt, want)
			}
			now = now.Add(time.Minute)
			assertNoSession(t, db, domain.RealmApplicant, token)
			if err := db.TouchSession(ctx, domain.RealmApplicant, token, idle); domain.ErrorCode(err) != domain.EUNAUTHORIZED {
				t.Fatalf("got %v touching an idle session, want %s", err, domain.EUNAUTHORIZED)
			}
		})

		t.Run("AbsoluteExpiry", func(t *testing.T) {
			now = testNow
			token := mustCreateSession(t, db, domain.RealmPortal, "staff-2")
			for now.Before(testNow.Add(absolute - idle)) {
				now = now.Add(idle / 2)
				if err := db.TouchSession(ctx, domain.RealmPortal, token, idle); err != nil {
					t.Fatalf("at %v: %v", now, err)
				}
			}
			s, err := db.FindSession(ctx, domain.RealmPortal, token)
			if err != nil {
				t.Fatal(err)
			}
			if want := testNow.Add(absolute); !s.ExpiresAt.Equal(want) {
				t.Fatalf("got expires %v, want the absolute deadline %v", s.ExpiresAt, want)
			}
			now = testNow.Add(absolute)
			assertNoSession(t, db, domain.RealmPortal, token)
		})

		t.Run("Delete", func(t *testing.T) {
			now = testNow
			token := mustCreateSession(t, db, domain.RealmApplicant, "applicant-3")
			for _, want := range []bool{true, false} {
				if got, err := db.DeleteSession(ctx, domain.RealmApplicant, token); err != nil || got != want {
					t.Fatalf("got %v, %v, want %v, nil", got, err, want)
				}
			}
			assertNoSession(t, db, domain.RealmApplicant, token)
		})

		t.Run("DeleteForSubject", func(t *testing.T) {
			now = testNow
			a := mustCreateSession(t, db, domain.RealmPortal, "staff-9")
			b := mustCreateSession(t, db, domain.RealmPortal, "staff-9")
			other := mustCreateSession(t, db, domain.RealmPortal, "staff-10")
			sameIDOtherRealm := mustCreateSession(t, db, domain.RealmApplicant, "staff-9")
			if n, err := db.DeleteSessionsForSubject(ctx, domain.RealmPortal, "staff-9"); err != nil || n != 2 {
				t.Fatalf("got %d, %v, want 2, nil", n, err)
			}
			assertNoSession(t, db, domain.RealmPortal, a)
			assertNoSession(t, db, domain.RealmPortal, b)
			if _, err := db.FindSession(ctx, domain.RealmPortal, other); err != nil {
				t.Fatalf("got %v, want another subject's session intact", err)
			}
			if _, err := db.FindSession(ctx, domain.RealmApplicant, sameIDOtherRealm); err != nil {
				t.Fatalf("got %v, want the other realm's session intact", err)
			}
		})

		t.Run("DeleteExpired", func(t *testing.T) {
			now = testNow.Add(absolute + time.Hour)
			live := mustCreateSession(t, db, domain.RealmApplicant, "applicant-4")
			n, err := db.DeleteExpiredSessions(ctx)
			if err != nil || n == 0 {
				t.Fatalf("got %d, %v, want the earlier subtests' sessions removed", n, err)
			}
			if _, err := db.FindSession(ctx, domain.RealmApplicant, live); err != nil {
				t.Fatalf("got %v, want the live session kept", err)
			}
		})

		for _, tc := range []struct {
			name           string
			realm          domain.Realm
			subject        string
			idle, absolute time.Duration
		}{
			{"UnknownRealm", "admin", "x", idle, absolute},
			{"NoSubject", domain.RealmApplicant, "", idle, absolute},
			{"NoLifetime", domain.RealmApplicant, "x", 0, absolute},
		} {
			t.Run(tc.name, func(t *testing.T) {
				_, _, err := db.CreateSession(ctx, tc.realm, tc.subject, tc.idle, tc.absolute)
				if got := domain.ErrorCode(err); got != domain.EINVALID {
					t.Fatalf("got %q (%v), want %q", got, err, domain.EINVALID)
				}
			})
		}
	})
}

func TestFindApplicantSession(t *testing.T) {
	forEachDB(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		a := &domain.Applicant{Email: "joined@example.com", FirstName: "Jo", LastName: "In"}
		if err := db.CreateApplicant(ctx, a); err != nil {
			t.Fatal(err)
		}
		token := mustCreateSession(t, db, domain.RealmApplicant, a.ID)
		s, got, err := db.FindApplicantSession(ctx, token)
		if err != nil || got.ID != a.ID || got.Email != "joined@example.com" || s.SubjectID != a.ID {
			t.Fatalf("got %+v, %+v, %v; want the session and its applicant", s, got, err)
		}
		portal := mustCreateSession(t, db, domain.RealmPortal, a.ID)
		if _, _, err := db.FindApplicantSession(ctx, portal); domain.ErrorCode(err) != domain.EUNAUTHORIZED {
			t.Fatalf("got %v, want a portal session refused", err)
		}
	})
}
