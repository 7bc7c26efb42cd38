package web

import (
	"crypto/hmac"
	"crypto/sha256"
	"time"

	"github.com/gofiber/fiber/v3"
	"github.com/gorilla/securecookie"

	"github.com/heloc/heloc/server/domain"
)

// Session lifetimes when the configuration does not say (issue 4).
const (
	defaultSessionIdle   = 30 * time.Minute
	defaultSessionMaxAge = 12 * time.Hour
	// touchEvery spares the database a write per request: a session's idle
	// deadline moves at most this often, and at most every tenth of the idle
	// time (touchInterval), so an active session keeps at least nine tenths
	// of it.
	touchEvery = time.Minute
)

// touchInterval is how long after its last move a session's idle deadline
// moves again: a tenth of the idle time, at most touchEvery. With
// SESSION_IDLE=1m it moves every 6 s, so an active session does not end at
// 60 s; with the default 30m, once a minute.
func touchInterval(idle time.Duration) time.Duration {
	return min(touchEvery, idle/10)
}

// realmCookies names one realm's cookies; the two realms share none.
type realmCookies struct {
	session string
	csrf    string
}

var cookiesOf = map[domain.Realm]realmCookies{
	domain.RealmApplicant: {session: "heloc-applicant.session", csrf: "heloc-applicant.csrf-token"},
	domain.RealmPortal:    {session: "heloc-portal.session", csrf: "heloc-portal.csrf-token"},
}

// deriveKey gives each use of the session secret a key of its own.
func deriveKey(secret []byte, use string) []byte {
	mac := hmac.New(sha256.New, secret)
	mac.Write([]byte(use))
	return mac.Sum(nil)
}

// newCookieCodec signs session cookies with gorilla's securecookie: the
// cookie carries the random token and an HMAC over name, time and token.
func newCookieCodec(secret []byte, maxAge time.Duration) *securecookie.SecureCookie {
	codec := securecookie.New(deriveKey(secret, "heloc session cookie"), nil)
	codec.MaxAge(int(maxAge / time.Second))
	codec.SetSerializer(securecookie.NopEncoder{})
	return codec
}

// setCookie writes an HttpOnly, SameSite=Lax cookie for path /, Secure and
// __Host- prefixed behind TLS. A zero expires makes it a browser-session
// cookie.
func (s *Server) setCookie(c fiber.Ctx, base, value string, expires time.Time) {
	c.Cookie(&fiber.Cookie{
		Name:        s.cookieName(base, c),
		Value:       value,
		Path:        "/",
		Expires:     expires,
		SameSite:    fiber.CookieSameSiteLaxMode,
		Secure:      c.Scheme() == "https",
		HTTPOnly:    true,
		SessionOnly: expires.IsZero(),
	})
}

func (s *Server) clearCookie(c fiber.Ctx, base string) {
	c.Cookie(&fiber.Cookie{
		Name:     s.cookieName(base, c),
		Path:     "/",
		Expires:  time.Unix(0, 0),
		MaxAge:   -1,
		SameSite: fiber.CookieSameSiteLaxMode,
		Secure:   c.Scheme() == "https",
		HTTPOnly: true,
	})
}

// sessionToken returns the token of the realm's session cookie, or "" when
// there is none or its signature does not hold.
func (s *Server) sessionToken(c fiber.Ctx, realm domain.Realm) string {
	base := cookiesOf[realm].session
	raw := c.Cookies(s.cookieName(base, c))
	if raw == "" {
		return ""
	}
	var token []byte
	if err := s.cookies.Decode(base, raw, &token); err != nil {
		return ""
	}
	return string(token)
}

// startSession signs subjectID in to realm: any session the browser held in
// that realm ends, and a new token is issued (rotation at sign-in).
func (s *Server) startSession(c fiber.Ctx, realm domain.Realm, subjectID string) error {
	if old := s.sessionToken(c, realm); old != "" {
		if _, err := s.store.DeleteSession(c.Context(), realm, old); err != nil {
			return err
		}
	}
	token, sess, err := s.store.CreateSession(c.Context(), realm, subjectID, s.cfg.SessionIdle, s.cfg.SessionMaxAge)
	if err != nil {
		return err
	}
	base := cookiesOf[realm].session
	value, err := s.cookies.Encode(base, []byte(token))
	if err != nil {
		return err
	}
	s.setCookie(c, base, value, sess.CreatedAt.Add(s.cfg.SessionMaxAge))
	return nil
}

// endSession deletes the realm's server session, if any, and its cookie.
func (s *Server) endSession(c fiber.Ctx, realm domain.Realm) (bool, error) {
	token := s.sessionToken(c, realm)
	s.clearCookie(c, cookiesOf[realm].session)
	if token == "" {
		return false, nil
	}
	return s.store.DeleteSession(c.Context(), realm, token)
}

// liveSession returns the realm's live session of this request, or nil.
// For the applicant realm it also returns the applicant, found in the same
// query. It moves the idle deadline when it was last moved over
// touchInterval ago.
func (s *Server) liveSession(c fiber.Ctx, realm domain.Realm) (*domain.Session, *domain.Applicant, error) {
	token := s.sessionToken(c, realm)
	if token == "" {
		return nil, nil, nil
	}
	var sess *domain.Session
	var applicant *domain.Applicant
	var err error
	if realm == domain.RealmApplicant {
		sess, applicant, err = s.store.FindApplicantSession(c.Context(), token)
	} else {
		sess, err = s.store.FindSession(c.Context(), realm, token)
	}
	if domain.ErrorCode(err) == domain.EUNAUTHORIZED {
		return nil, nil, nil
	} else if err != nil {
		return nil, nil, err
	}
	if live, err := s.touch(c, realm, token, sess); err != nil || !live {
		return nil, nil, err
	}
	return sess, applicant, nil
}

// touch moves the idle deadline of the session just read when it was last
// moved over touchInterval ago, and says whether the session is still live.
func (s *Server) touch(c fiber.Ctx, realm domain.Realm, token string, sess *domain.Session) (bool, error) {
	if s.now().Sub(sess.LastSeenAt) < touchInterval(s.cfg.SessionIdle) {
		return true, nil
	}
	if err := s.store.TouchSession(c.Context(), realm, token, s.cfg.SessionIdle); err != nil {
		if domain.ErrorCode(err) == domain.EUNAUTHORIZED {
			return false, nil
		}
		return false, err
	}
	idle := s.now().Add(s.cfg.SessionIdle)
	absolute := sess.CreatedAt.Add(s.cfg.SessionMaxAge)
	sess.ExpiresAt = idle
	if absolute.Before(idle) {
		sess.ExpiresAt = absolute
	}
	return true, nil
}

type identityKey struct{ realm domain.Realm }

type identity struct {
	session   *domain.Session
	applicant *domain.Applicant
	staff     *domain.StaffUser
}

// who returns the signed-in person of realm for this request, loaded once
// per request; a zero identity when nobody is signed in. A deactivated
// portal user's session is ended on sight.
func (s *Server) who(c fiber.Ctx, realm domain.Realm) (identity, error) {
	key := identityKey{realm}
	if id, ok := c.Locals(key).(identity); ok {
		return id, nil
	}
	var id identity
	sess, applicant, err := s.liveSession(c, realm)
	if err != nil || sess == nil {
		return id, err
	}
	switch realm {
	case domain.RealmApplicant:
		id = identity{session: sess, applicant: applicant}
	case domain.RealmPortal:
		u, err := s.store.FindStaffUserByID(c.Context(), sess.SubjectID)
		if domain.ErrorCode(err) == domain.ENOTFOUND {
			break
		} else if err != nil {
			return id, err
		}
		if !u.Active {
			if _, err := s.store.DeleteSessionsForSubject(c.Context(), domain.RealmPortal, u.ID); err != nil {
				return id, err
			}
			break
		}
		id = identity{session: sess, staff: u}
	}
	c.Locals(key, id)
	return id, nil
}

// applicant returns the signed-in applicant, or UNAUTHORIZED.
func (s *Server) applicant(c fiber.Ctx) (*domain.Applicant, error) {
	id, err := s.who(c, domain.RealmApplicant)
	if err != nil {
		return nil, err
	}
	if id.applicant == nil {
		return nil, domain.Errorf(domain.EUNAUTHORIZED, "Sign in to continue.")
	}
	return id.applicant, nil
}

// staffUser returns the signed-in portal user, or UNAUTHORIZED.
func (s *Server) staffUser(c fiber.Ctx) (*domain.StaffUser, error) {
	id, err := s.who(c, domain.RealmPortal)
	if err != nil {
		return nil, err
	}
	if id.staff == nil {
		return nil, domain.Errorf(domain.EUNAUTHORIZED, "Sign in to the portal to continue.")
	}
	return id.staff, nil
}
