package web

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"log/slog"
	"mime"
	"net/url"
	"strings"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/heloc/heloc/server/accounts"
	"github.com/heloc/heloc/server/domain"
)

// authAPI is one of the two NextAuth-shaped sign-in APIs (spec §6, §7).
type authAPI struct {
	realm     domain.Realm
	base      string
	loginPath string
	homePath  string
	providers []authProvider
}

type authProvider struct {
	id, name, kind string
}

var authAPIs = []authAPI{
	{
		realm: domain.RealmApplicant, base: "/api/authApplicant", loginPath: "/app/login", homePath: "/app/initial-setup/property-value",
		providers: []authProvider{{"otp", "E-mail code", "email"}, {"password", "Password", "credentials"}},
	},
	{
		realm: domain.RealmPortal, base: "/api/authPortal", loginPath: "/portal/login", homePath: "/portal",
		providers: []authProvider{{"credentials", "E-mail, password and authenticator code", "credentials"}},
	},
}

// authRoutes registers both auth APIs; each call's table reads top down.
func (s *Server) authRoutes() {
	for _, api := range authAPIs {
		g := s.app.Group(api.base)
		g.Get("/session", s.authHandler(api, s.getSession))
		g.Get("/csrf", s.authHandler(api, s.getCSRF))
		g.Get("/providers", s.authHandler(api, s.getProviders))
		g.Post("/signin/:provider", s.authHandler(api, s.guarded(s.signIn)))
		g.Post("/callback/:provider", s.authHandler(api, s.guarded(s.callback)))
		g.Post("/signout", s.authHandler(api, s.guarded(s.signOut)))
		g.Post("/session", s.authHandler(api, s.guarded(s.updateSession)))
		g.Post("/_log", s.authHandler(api, s.clientLog))
		g.All("/*", s.authHandler(api, func(fiber.Ctx, authAPI, url.Values) (any, error) {
			return nil, authErr(404, "MISSING_NEXTAUTH_API_ROUTE_ERROR", "There is no such sign-in call.")
		}))
	}
}

// authError is a refusal in the auth APIs' shape: {error, status, ok, url}.
type authError struct {
	status  int
	code    string
	message string
	fields  []domain.FieldError
}

func (e *authError) Error() string { return e.code + ": " + e.message }

func authErr(status int, code, message string) *authError {
	return &authError{status: status, code: code, message: message}
}

// authErrorOf maps an error to the auth API's codes; an internal error
// shows only as "Internal error." and is logged.
func (s *Server) authErrorOf(c fiber.Ctx, err error) *authError {
	var ae *authError
	if errors.As(err, &ae) {
		return ae
	}
	msg := domain.ErrorMessage(err)
	// The right password, with the authenticator's code still to come: the
	// sign-in's next step, not a refusal. Answered 200 (ok false, the code
	// in "error", as the sign-in result's shape has it), so that the staff
	// sign-in page logs no failed request in every browser (issue 22).
	if accounts.IsSecondFactorRequired(err) {
		return authErr(200, "SecondFactorRequired", msg)
	}
	if errors.Is(err, accounts.ErrReenrol) {
		return authErr(401, "SecondFactorReset", msg)
	}
	switch domain.ErrorCode(err) {
	case domain.EINVALID, domain.EPARSE:
		return &authError{status: 400, code: "CALLBACK_CREDENTIALS_HANDLER_ERROR", message: msg, fields: domain.ErrorFields(err)}
	case domain.EUNAUTHORIZED:
		return authErr(401, "CredentialsSignin", msg)
	case domain.EFORBIDDEN:
		return authErr(403, "AccessDenied", msg)
	case domain.ETOOMANY:
		return authErr(429, "TooManyRequests", msg)
	case domain.ETOOLARGE:
		return authErr(413, "CALLBACK_CREDENTIALS_HANDLER_ERROR", msg)
	case domain.EUNSUPPORTED:
		return authErr(415, "CALLBACK_CREDENTIALS_HANDLER_ERROR", msg)
	case domain.EHEADERS:
		return authErr(431, "CALLBACK_CREDENTIALS_HANDLER_ERROR", msg)
	}
	s.log.ErrorContext(c.Context(), "auth call failed", slog.String("path", c.Path()), slog.String("error", err.Error()))
	return authErr(500, "Default", "Internal error.")
}

type authFunc func(c fiber.Ctx, api authAPI, form url.Values) (any, error)

// authHandler answers a call with its result as JSON, or a refusal in the
// auth shape, never cached.
func (s *Server) authHandler(api authAPI, fn authFunc) fiber.Handler {
	return func(c fiber.Ctx) error {
		c.Set(fiber.HeaderCacheControl, "no-store")
		var out any
		var err error
		if len(s.cfg.SessionSecret) == 0 {
			err = authErr(500, "NO_SECRET", "The server has no session secret configured.")
		} else {
			out, err = fn(c, api, nil)
		}
		if err != nil {
			return s.writeAuthError(c, api, err)
		}
		return c.JSON(out)
	}
}

// writeAuthError answers err in the auth APIs' shape.
func (s *Server) writeAuthError(c fiber.Ctx, api authAPI, err error) error {
	setRetryAfter(c, err)
	ae := s.authErrorOf(c, err)
	body := fiber.Map{"error": ae.code, "status": ae.status, "ok": false, "message": ae.message,
		"url": s.origin(c) + api.loginPath + "?error=" + url.QueryEscape(ae.code)}
	if len(ae.fields) > 0 {
		body["fields"] = ae.fields
	}
	return c.Status(ae.status).JSON(body)
}

// authAPIAt is the auth API that path belongs to.
func authAPIAt(path string) (authAPI, bool) {
	for _, api := range authAPIs {
		if path == api.base || strings.HasPrefix(path, api.base+"/") {
			return api, true
		}
	}
	return authAPI{}, false
}

// maxAuthForm caps an auth form's size and field count.
const (
	maxAuthForm       = 8 << 10
	maxAuthFormFields = 16
)

// guarded applies the checks of every auth POST before fn sees the form:
// X-Same-Origin, this server's Origin, the bot check, a form body and the
// CSRF double-submit token.
func (s *Server) guarded(fn authFunc) authFunc {
	return func(c fiber.Ctx, api authAPI, _ url.Values) (any, error) {
		if c.Get("X-Same-Origin") != "1" || !s.sameOrigin(c) {
			return nil, authErr(403, "AccessDenied", "This API answers only the product's own pages.")
		}
		if err := s.authHumanCheck(c); err != nil {
			return nil, err
		}
		form, err := parseAuthBody(c.Get(fiber.HeaderContentType), c.Body())
		if err != nil {
			return nil, err
		}
		if !s.validCSRF(c, api, form.Get("csrfToken")) {
			return nil, authErr(403, "MissingCSRF", "The page's security token is missing or has expired. Reload the page and try again.")
		}
		return fn(c, api, form)
	}
}

// parseAuthBody reads a form-encoded body, or the JSON object that
// NextAuth's session update sends, into form values; a JSON member that is
// not a string is kept as its JSON text.
func parseAuthBody(contentType string, body []byte) (url.Values, error) {
	if len(body) > maxAuthForm {
		return nil, domain.Errorf(domain.ETOOLARGE, "The form is too large.")
	}
	mt, _, _ := mime.ParseMediaType(contentType)
	switch mt {
	case fiber.MIMEApplicationForm:
		form, err := url.ParseQuery(string(body))
		if err != nil {
			return nil, domain.Errorf(domain.EPARSE, "The form could not be read.")
		}
		if len(form) > maxAuthFormFields {
			return nil, domain.Errorf(domain.EPARSE, "The form has too many fields.")
		}
		for k, v := range form {
			if len(v) > 1 {
				return nil, domain.Errorf(domain.EPARSE, "The form field %q is repeated.", k)
			}
		}
		return form, nil
	case fiber.MIMEApplicationJSON:
		var obj map[string]json.RawMessage
		if err := json.Unmarshal(body, &obj); err != nil {
			return nil, domain.Errorf(domain.EPARSE, "The body is not a JSON object.")
		}
		if len(obj) > maxAuthFormFields {
			return nil, domain.Errorf(domain.EPARSE, "The body has too many fields.")
		}
		form := url.Values{}
		for k, raw := range obj {
			var str string
			if json.Unmarshal(raw, &str) == nil {
				form.Set(k, str)
			} else {
				form.Set(k, string(raw))
			}
		}
		return form, nil
	}
	return nil, domain.Errorf(domain.EINVALID, "Send the form as application/x-www-form-urlencoded.")
}

// csrfValue is the double-submit cookie of realm: token|HMAC-SHA256 under
// the secret of the realm's cookie name and the token. The name binds the
// token to its realm, so a portal cookie and token are refused by the
// applicant API and the reverse (issue 10).
func (s *Server) csrfValue(realm domain.Realm, token string) string {
	mac := hmac.New(sha256.New, s.csrfKey)
	mac.Write([]byte(cookiesOf[realm].csrf + "|" + token))
	return token + "|" + hex.EncodeToString(mac.Sum(nil))
}

// csrfToken returns the token of a well-formed CSRF cookie, or "".
func (s *Server) csrfToken(c fiber.Ctx, api authAPI) string {
	raw := c.Cookies(s.cookieName(cookiesOf[api.realm].csrf, c))
	token, _, ok := strings.Cut(raw, "|")
	if !ok || token == "" || subtle.ConstantTimeCompare([]byte(s.csrfValue(api.realm, token)), []byte(raw)) != 1 {
		return ""
	}
	return token
}

func (s *Server) validCSRF(c fiber.Ctx, api authAPI, sent string) bool {
	token := s.csrfToken(c, api)
	return token != "" && subtle.ConstantTimeCompare([]byte(token), []byte(sent)) == 1
}

func (s *Server) getCSRF(c fiber.Ctx, api authAPI, _ url.Values) (any, error) {
	token := s.csrfToken(c, api)
	if token == "" {
		b := make([]byte, 32)
		rand.Read(b)
		token = hex.EncodeToString(b)
		s.setCookie(c, cookiesOf[api.realm].csrf, s.csrfValue(api.realm, token), time.Time{})
	}
	return fiber.Map{"csrfToken": token}, nil
}

func (s *Server) getProviders(c fiber.Ctx, api authAPI, _ url.Values) (any, error) {
	out := fiber.Map{}
	for _, p := range api.providers {
		out[p.id] = fiber.Map{
			"id": p.id, "name": p.name, "type": p.kind,
			"signinUrl":   s.origin(c) + api.base + "/signin/" + p.id,
			"callbackUrl": s.origin(c) + api.base + "/callback/" + p.id,
		}
	}
	return out, nil
}

// sessionUser is the user of GET session: what the pages show, no more.
type sessionUser struct {
	ID        string  `json:"id"`
	Email     string  `json:"email"`
	Name      string  `json:"name"`
	FirstName string  `json:"firstName"`
	LastName  string  `json:"lastName"`
	Phone     *string `json:"phone,omitempty"`
	Role      string  `json:"role,omitempty"`
	// Actions are what a portal user's role grants them
	// (data.heloc.access.roles), so that the portal offers only the pages
	// they may open; each request is still decided on its own.
	Actions []string `json:"actions,omitempty"`
}

type sessionBody struct {
	User    sessionUser `json:"user"`
	Expires string      `json:"expires"`
}

// getSession answers {} when signed out, else the user and when the
// session ends if left alone (NextAuth's shape).
func (s *Server) getSession(c fiber.Ctx, api authAPI, _ url.Values) (any, error) {
	id, err := s.who(c, api.realm)
	if err != nil {
		return nil, err
	}
	if id.session == nil {
		if c.Cookies(s.cookieName(cookiesOf[api.realm].session, c)) != "" {
			s.clearCookie(c, cookiesOf[api.realm].session) // ended or forged
		}
		return fiber.Map{}, nil
	}
	return s.sessionOf(c.Context(), id)
}

// sessionOf is GET session's answer for a signed-in identity.
func (s *Server) sessionOf(ctx context.Context, id identity) (sessionBody, error) {
	var u sessionUser
	if a := id.applicant; a != nil {
		u = sessionUser{ID: a.ID, Email: a.Email, FirstName: a.FirstName, LastName: a.LastName, Phone: a.Phone}
	} else if st := id.staff; st != nil {
		actions, err := RoleActions(ctx, s.policy, st.Role)
		if err != nil {
			return sessionBody{}, err
		}
		u = sessionUser{ID: st.ID, Email: st.Email, FirstName: st.FirstName, LastName: st.LastName, Role: st.Role, Actions: actions}
	}
	u.Name = strings.TrimSpace(u.FirstName + " " + u.LastName)
	return sessionBody{User: u, Expires: id.session.ExpiresAt.UTC().Format(time.RFC3339)}, nil
}

// Sign-in attempts allowed per window, per account and per client address.
const (
	limitWindow     = 15 * time.Minute
	sendsPerAccount = 5
	sendsPerAddress = 20
	triesPerAccount = 10
	triesPerAddress = 50
	logLinesPerMin  = 60
)

// limit spends one attempt of key and refuses when over max in the window.
func (s *Server) limit(key string, max int) error {
	if ok, retry := s.limiter.Allow(key, max, limitWindow); !ok {
		return &domain.Error{Code: domain.ETOOMANY, RetryAfter: retry, Message: "Too many tries. Wait a few minutes and try again."}
	}
	return nil
}

// limitAttempt spends one attempt for the account and one for the address.
func (s *Server) limitAttempt(c fiber.Ctx, kind, account string, perAccount, perAddress int) error {
	if err := s.limit(kind+"|ip|"+limitAddr(c), perAddress); err != nil {
		return err
	}
	return s.limit(kind+"|account|"+strings.ToLower(strings.TrimSpace(account)), perAccount)
}

// signIn is POST signin/{provider}: for the applicant's e-mail code it
// mails a code; for a credentials provider it is the same as the callback.
func (s *Server) signIn(c fiber.Ctx, api authAPI, form url.Values) (any, error) {
	provider := c.Params("provider")
	if !api.has(provider) {
		return nil, authErr(404, "MISSING_NEXTAUTH_API_ROUTE_ERROR", "There is no such sign-in method.")
	}
	if api.realm != domain.RealmApplicant || provider != "otp" {
		return s.callback(c, api, form)
	}
	if _, err := s.callbackURL(c, api, form.Get("callbackUrl")); err != nil {
		return nil, err
	}
	var in struct {
		Email string `json:"email"`
	}
	if err := s.decodeForm("SignInInput", form, []string{"email"}, &in); err != nil {
		return nil, err
	}
	if err := s.limitAttempt(c, "send", in.Email, sendsPerAccount, sendsPerAddress); err != nil {
		return nil, err
	}
	if err := s.accounts.SendApplicantCode(c.Context(), in.Email); err != nil {
		return nil, err
	}
	return fiber.Map{"url": s.origin(c) + api.loginPath + "?step=code"}, nil
}

// callback is POST callback/{provider}: it checks the credentials, starts
// a new session and answers the page to go to.
func (s *Server) callback(c fiber.Ctx, api authAPI, form url.Values) (any, error) {
	provider := c.Params("provider")
	if !api.has(provider) {
		return nil, authErr(404, "MISSING_NEXTAUTH_API_ROUTE_ERROR", "There is no such sign-in method.")
	}
	target, err := s.callbackURL(c, api, form.Get("callbackUrl"))
	if err != nil {
		return nil, err
	}
	var in struct {
		Email    string `json:"email"`
		Password string `json:"password"`
		OtpCode  string `json:"otpCode"`
	}
	var subject string
	switch provider {
	case "otp":
		if err := s.decodeForm("CodeSignInInput", form, []string{"email", "otpCode"}, &in); err != nil {
			return nil, err
		}
		if err := s.limitAttempt(c, "signin", in.Email, triesPerAccount, triesPerAddress); err != nil {
			return nil, err
		}
		a, err := s.accounts.SignInApplicantWithCode(c.Context(), in.Email, in.OtpCode)
		if err != nil {
			return nil, err
		}
		subject = a.ID
	case "password":
		if err := s.decodeForm("PasswordSignInInput", form, []string{"email", "password"}, &in); err != nil {
			return nil, err
		}
		if err := s.limitAttempt(c, "signin", in.Email, triesPerAccount, triesPerAddress); err != nil {
			return nil, err
		}
		a, err := s.accounts.SignInApplicantWithPassword(c.Context(), in.Email, in.Password)
		if err != nil {
			return nil, err
		}
		subject = a.ID
	case "credentials":
		if err := s.decodeForm("PortalSignInInput", form, []string{"email", "password", "otpCode"}, &in); err != nil {
			return nil, err
		}
		if err := s.limitAttempt(c, "portal", in.Email, triesPerAccount, triesPerAddress); err != nil {
			return nil, err
		}
		u, err := s.accounts.SignInStaff(c.Context(), in.Email, in.Password, in.OtpCode)
		if err != nil {
			return nil, err
		}
		subject = u.ID
	}
	if err := s.startSession(c, api.realm, subject); err != nil {
		return nil, err
	}
	s.log.InfoContext(c.Context(), "signed in", slog.String("realm", string(api.realm)), slog.String("subject", subject))
	return fiber.Map{"url": target}, nil
}

func (api authAPI) has(provider string) bool {
	for _, p := range api.providers {
		if p.id == provider {
			return true
		}
	}
	return false
}

// callbackURL makes the page to go to after the call absolute, refusing
// any that is not on this server; "" means the realm's home page.
func (s *Server) callbackURL(c fiber.Ctx, api authAPI, raw string) (string, error) {
	origin := s.origin(c)
	if raw == "" {
		return origin + api.homePath, nil
	}
	bad := authErr(400, "INVALID_CALLBACK_URL_ERROR", "The page to return to must be on this site.")
	if strings.ContainsAny(raw, "\\\r\n\t") || len(raw) > 2000 {
		return "", bad
	}
	u, err := url.Parse(raw)
	if err != nil {
		return "", bad
	}
	if u.IsAbs() || u.Host != "" {
		if u.Scheme+"://"+u.Host != origin || u.User != nil {
			return "", bad
		}
	} else if !strings.HasPrefix(raw, "/") || strings.HasPrefix(raw, "//") {
		return "", bad
	}
	return origin + u.RequestURI(), nil
}

// origin is this server's scheme and host, as the browser sees it: the
// configured public address, or else the request's.
func (s *Server) origin(c fiber.Ctx) string {
	if s.cfg.PublicURL != "" {
		return s.cfg.PublicURL
	}
	return c.Scheme() + "://" + c.Host()
}

// decodeForm validates the named form fields against a CUE definition, so
// a sign-in form gets the same messages as any other input.
func (s *Server) decodeForm(def string, form url.Values, fields []string, out any) error {
	obj := map[string]string{}
	for _, f := range fields {
		if v := form.Get(f); v != "" {
			obj[f] = v
		}
	}
	raw, _ := json.Marshal(obj)
	return s.schemas.Decode(def, raw, out)
}

// signOut ends the session; without a callbackUrl it sends the user home.
func (s *Server) signOut(c fiber.Ctx, api authAPI, form url.Values) (any, error) {
	target := s.origin(c) + "/"
	if raw := form.Get("callbackUrl"); raw != "" {
		var err error
		if target, err = s.callbackURL(c, api, raw); err != nil {
			return nil, err
		}
	}
	if _, err := s.endSession(c, api.realm); err != nil {
		return nil, err
	}
	return fiber.Map{"url": target}, nil
}

// updateSession is POST session: with data it changes the user's name or
// phone; without, it returns the session like GET.
func (s *Server) updateSession(c fiber.Ctx, api authAPI, form url.Values) (any, error) {
	id, err := s.who(c, api.realm)
	if err != nil {
		return nil, err
	}
	if id.session == nil {
		return nil, authErr(401, "SessionRequired", "Sign in to continue.")
	}
	data := strings.TrimSpace(form.Get("data"))
	if data == "" || data == "null" || data == "{}" {
		return s.sessionOf(c.Context(), id)
	}
	if api.realm != domain.RealmApplicant {
		return nil, domain.Errorf(domain.EINVALID, "Portal profiles are changed on the manage-users page.")
	}
	var patch struct {
		FirstName *string          `json:"firstName"`
		LastName  *string          `json:"lastName"`
		Phone     *json.RawMessage `json:"phone"`
	}
	if err := s.schemas.Decode("ApplicantSessionUpdate", []byte(data), &patch); err != nil {
		return nil, err
	}
	p := domain.ApplicantPatch{FirstName: patch.FirstName, LastName: patch.LastName}
	if patch.Phone != nil {
		var phone *string
		_ = json.Unmarshal(*patch.Phone, &phone)
		empty := ""
		if phone == nil {
			phone = &empty
		}
		p.Phone = phone
	}
	a, err := s.store.UpdateApplicant(c.Context(), id.applicant.ID, p)
	if err != nil {
		return nil, err
	}
	id.applicant = a
	return s.sessionOf(c.Context(), id)
}
