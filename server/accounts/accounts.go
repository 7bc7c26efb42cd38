// Package accounts is how people sign in, apart from HTTP: applicants with
// an e-mailed one-time code or an optional password, portal users with a
// password and an authenticator (TOTP) code or a recovery code.
package accounts

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"

	"github.com/heloc/heloc/server/crypt"
	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/mail"
	"github.com/heloc/heloc/server/password"
)

// One-time codes: 6 digits, 10 minutes, once, 5 wrong tries (issue 4).
const (
	CodeTTL         = 10 * time.Minute
	MaxCodeAttempts = 5
)

// FirstStatus is where a new account's loan starts: the first page of
// prequalification (spec §2; an unknown status resumes there too).
const FirstStatus = "propertyValue"

// Store is what sign-in needs of the database.
type Store interface {
	FindApplicantByEmail(ctx context.Context, email string) (*domain.Applicant, error)
	CreateApplicantWithConsents(ctx context.Context, a *domain.Applicant, status string, consents []domain.ConsentRecord) (*domain.Loan, error)
	SetApplicantPassword(ctx context.Context, id, hash string) error
	ApplicantPasswordHash(ctx context.Context, id string) (string, error)
	CreateOneTimeCode(ctx context.Context, realm domain.Realm, subjectID, codeHash string, ttl time.Duration) error
	CheckOneTimeCode(ctx context.Context, realm domain.Realm, subjectID, candidateHash string, maxAttempts int) (bool, error)
	CreateStaffUser(ctx context.Context, u *domain.StaffUser, cred domain.StaffCredentials) error
	FindStaffUserByEmail(ctx context.Context, email string) (*domain.StaffUser, *domain.StaffSecrets, error)
	AcceptTOTPStep(ctx context.Context, id string, step int64) (bool, error)
	UseRecoveryCode(ctx context.Context, id, codeHash string) (bool, error)

	FindStaffUserByID(ctx context.Context, id string) (*domain.StaffUser, error)
	SetStaffUserActive(ctx context.Context, id string, active bool, audit *domain.AuditEntry) error
	SetStaffUserRole(ctx context.Context, id, role string, audit *domain.AuditEntry) error
	SetStaffUserTag(ctx context.Context, id, tag string, audit *domain.AuditEntry) error
	InviteStaffUser(ctx context.Context, u *domain.StaffUser, inv *domain.Invite, audit *domain.AuditEntry) error
	ResendInvite(ctx context.Context, inv *domain.Invite, audit *domain.AuditEntry) error
	ResetStaffSecondFactor(ctx context.Context, inv *domain.Invite, audit *domain.AuditEntry) error
	FindInvite(ctx context.Context, tokenHash string) (*domain.Invite, *domain.StaffUser, *domain.StaffSecrets, error)
	OfferInviteAuthenticator(ctx context.Context, tokenHash, sealed string) error
	FailInviteAttempt(ctx context.Context, tokenHash string) error
	CompleteInvite(ctx context.Context, tokenHash string, c domain.InviteCompletion, audit *domain.AuditEntry) error
}

// Service signs people in.
type Service struct {
	store   Store
	mail    mail.Sender
	keyring *crypt.Keyring
	codeKey []byte
	product string
	now     func() time.Time
}

// New returns a Service. secret keys the hashes of one-time codes; product
// names the lender in e-mails and authenticator apps.
func New(store Store, sender mail.Sender, keyring *crypt.Keyring, secret []byte, product string, now func() time.Time) *Service {
	mac := hmac.New(sha256.New, secret)
	mac.Write([]byte("heloc one-time codes"))
	if now == nil {
		now = time.Now
	}
	return &Service{store: store, mail: sender, keyring: keyring, codeKey: mac.Sum(nil), product: product, now: now}
}

// errSignIn is the one answer to a failed sign-in, whatever failed, so a
// caller cannot tell an unknown account from a wrong secret.
func errSignIn() error {
	return domain.Errorf(domain.EUNAUTHORIZED, "The e-mail, password or code is not right, or the code has expired.")
}

// ErrReenrol says the password was right, but an administrator reset the
// user's authenticator: they enrol a new one through the e-mailed link.
var ErrReenrol = &domain.Error{Code: domain.EUNAUTHORIZED, Message: "Your authenticator was reset. Follow the link we e-mailed you to set up a new one."}

// ErrSecondFactor says the password was right and the authenticator code
// is still needed.
var ErrSecondFactor = &domain.Error{Code: domain.EUNAUTHORIZED, Message: "Enter the 6-digit code from your authenticator app."}

// CreateApplicant makes an account with its first loan and the record of
// the consents given with it, and mails a sign-in code. For an e-mail that
// has an account already it only mails a code, so the answer never tells
// whether an address is registered; the consents are then not recorded, as
// whoever typed a known address need not be its owner. A password is
// hashed before the e-mail is looked up, and for a known e-mail too, so the
// answer's time does not tell either (issue 10).
func (s *Service) CreateApplicant(ctx context.Context, a *domain.Applicant, pw string, consents ...domain.ConsentRecord) error {
	var hash string
	if pw != "" {
		if err := password.Check(pw); err != nil {
			return err
		}
		var err error
		if hash, err = password.Hash(ctx, pw); err != nil {
			return err
		}
	}
	existing, err := s.store.FindApplicantByEmail(ctx, a.Email)
	switch {
	case err == nil:
		return s.mailCode(ctx, existing) // the hash is thrown away
	case domain.ErrorCode(err) != domain.ENOTFOUND:
		return err
	}
	if _, err := s.store.CreateApplicantWithConsents(ctx, a, FirstStatus, consents); err != nil {
		if domain.ErrorCode(err) == domain.ECONFLICT { // created meanwhile
			return s.SendApplicantCode(ctx, a.Email)
		}
		return err
	}
	if hash != "" {
		if err := s.store.SetApplicantPassword(ctx, a.ID, hash); err != nil {
			return err
		}
	}
	return s.mailCode(ctx, a)
}

// SetApplicantPassword checks and stores an applicant's password.
func (s *Service) SetApplicantPassword(ctx context.Context, applicantID, pw string) error {
	if err := password.Check(pw); err != nil {
		return err
	}
	hash, err := password.Hash(ctx, pw)
	if err != nil {
		return err
	}
	return s.store.SetApplicantPassword(ctx, applicantID, hash)
}

// SendApplicantCode mails a new sign-in code when the e-mail has an
// account, and does nothing otherwise.
func (s *Service) SendApplicantCode(ctx context.Context, email string) error {
	a, err := s.store.FindApplicantByEmail(ctx, email)
	if domain.ErrorCode(err) == domain.ENOTFOUND {
		return nil
	} else if err != nil {
		return err
	}
	return s.mailCode(ctx, a)
}

func (s *Service) mailCode(ctx context.Context, a *domain.Applicant) error {
	code, err := randomDigits(6)
	if err != nil {
		return err
	}
	if err := s.store.CreateOneTimeCode(ctx, domain.RealmApplicant, a.ID, s.codeHash(a.ID, code), CodeTTL); err != nil {
		return err
	}
	return s.mail.Send(ctx, mail.Message{
		To:      a.Email,
		Subject: fmt.Sprintf("Your %s sign-in code", s.product),
		Text: fmt.Sprintf("Your sign-in code is %s.\n\nIt works once and expires in %d minutes. "+
			"If you did not ask for it, you can ignore this e-mail: nobody can sign in without the code.\n\n%s\n",
			code, int(CodeTTL/time.Minute), s.product),
	})
}

// SignInApplicantWithCode returns the applicant whose live code this is.
func (s *Service) SignInApplicantWithCode(ctx context.Context, email, code string) (*domain.Applicant, error) {
	a, err := s.store.FindApplicantByEmail(ctx, email)
	if domain.ErrorCode(err) == domain.ENOTFOUND {
		return nil, errSignIn()
	} else if err != nil {
		return nil, err
	}
	ok, err := s.store.CheckOneTimeCode(ctx, domain.RealmApplicant, a.ID, s.codeHash(a.ID, code), MaxCodeAttempts)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, errSignIn()
	}
	return a, nil
}

// SignInApplicantWithPassword returns the applicant when the password is
// theirs. An unknown e-mail, or an account without a password, costs the
// same hash as a wrong password, and is refused alike.
func (s *Service) SignInApplicantWithPassword(ctx context.Context, email, pw string) (*domain.Applicant, error) {
	a, err := s.store.FindApplicantByEmail(ctx, email)
	if domain.ErrorCode(err) == domain.ENOTFOUND {
		return nil, dummySignIn(ctx, pw)
	} else if err != nil {
		return nil, err
	}
	hash, err := s.store.ApplicantPasswordHash(ctx, a.ID)
	if err != nil {
		return nil, err
	}
	if hash == "" {
		return nil, dummySignIn(ctx, pw)
	}
	if err := verify(ctx, pw, hash); err != nil {
		return nil, err
	}
	return a, nil
}

// verify is nil when pw matches hash, the hashing gate's refusal when it
// had no slot, and errSignIn otherwise (a corrupt hash included).
func verify(ctx context.Context, pw, hash string) error {
	ok, err := password.Verify(ctx, pw, hash)
	if busy(err) {
		return err
	}
	if err != nil || !ok {
		return errSignIn()
	}
	return nil
}

// dummySignIn spends a Verify's work and refuses: errSignIn, or the
// gate's refusal just as a real Verify would give it.
func dummySignIn(ctx context.Context, pw string) error {
	if err := password.VerifyDummy(ctx, pw); busy(err) {
		return err
	}
	return errSignIn()
}

// busy reports whether err is the hashing gate's refusal or the end of
// the caller's request, rather than an answer about the password.
func busy(err error) bool {
	return errors.Is(err, password.ErrBusy) || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

// codeHash keys a code's hash by the server secret and the subject, so a
// stolen table yields neither codes nor a way to test guesses offline.
func (s *Service) codeHash(subjectID, code string) string {
	mac := hmac.New(sha256.New, s.codeKey)
	mac.Write([]byte(subjectID + "|" + code))
	return hex.EncodeToString(mac.Sum(nil))
}

// Enrolment is what a new portal user is given once: the authenticator
// secret (and its otpauth:// URL for a QR code) and the recovery codes.
type Enrolment struct {
	User          *domain.StaffUser `json:"user"`
	TOTPSecret    string            `json:"totpSecret"`
	OTPAuthURL    string            `json:"otpauthUrl"`
	RecoveryCodes []string          `json:"recoveryCodes"`
}

// RecoveryCodeCount is how many recovery codes a portal user gets.
const RecoveryCodeCount = 10

// EnrolStaffUser creates a portal user with a password, an authenticator
// secret (sealed at rest under the user's id) and recovery codes.
func (s *Service) EnrolStaffUser(ctx context.Context, u *domain.StaffUser, pw string) (*Enrolment, error) {
	if err := password.Check(pw); err != nil {
		return nil, err
	}
	hash, err := password.Hash(ctx, pw)
	if err != nil {
		return nil, err
	}
	key, err := totp.Generate(totp.GenerateOpts{Issuer: s.product, AccountName: strings.ToLower(u.Email), SecretSize: 20})
	if err != nil {
		return nil, err
	}
	codes, hashes, err := newRecoveryCodes()
	if err != nil {
		return nil, err
	}
	err = s.store.CreateStaffUser(ctx, u, domain.StaffCredentials{
		PasswordHash:       hash,
		SealTOTP:           func(id string) (string, error) { return s.keyring.Seal([]byte(key.Secret()), []byte(id)) },
		RecoveryCodeHashes: hashes,
	})
	if err != nil {
		return nil, err
	}
	return &Enrolment{User: u, TOTPSecret: key.Secret(), OTPAuthURL: key.URL(), RecoveryCodes: codes}, nil
}

// SignInStaff returns the active portal user whose password and second
// factor these are. With a right password and no code it returns
// ErrSecondFactor; every other failure is the same error.
func (s *Service) SignInStaff(ctx context.Context, email, pw, code string) (*domain.StaffUser, error) {
	u, sec, err := s.store.FindStaffUserByEmail(ctx, email)
	if domain.ErrorCode(err) == domain.ENOTFOUND {
		return nil, dummySignIn(ctx, pw)
	} else if err != nil {
		return nil, err
	}
	if sec.PasswordHash == "" { // invited, the invitation not accepted yet
		return nil, dummySignIn(ctx, pw)
	}
	if err := verify(ctx, pw, sec.PasswordHash); err != nil {
		return nil, err
	}
	if !u.Active {
		return nil, errSignIn()
	}
	// Checked before a recovery code, which must not get round a reset.
	if sec.TOTPSecret == "" {
		return nil, ErrReenrol
	}
	if code == "" {
		return nil, ErrSecondFactor
	}
	if strings.Contains(code, "-") {
		ok, err := s.store.UseRecoveryCode(ctx, u.ID, recoveryHash(code))
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, errSignIn()
		}
		return u, nil
	}
	secret, err := s.keyring.Open(sec.TOTPSecret, []byte(u.ID))
	if err != nil {
		return nil, fmt.Errorf("open authenticator secret: %w", err)
	}
	step, ok := s.matchTOTP(string(secret), code)
	if !ok {
		return nil, errSignIn()
	}
	if fresh, err := s.store.AcceptTOTPStep(ctx, u.ID, step); err != nil {
		return nil, err
	} else if !fresh {
		return nil, errSignIn() // a code already used
	}
	return u, nil
}

// totpPeriod is the authenticator's time step (RFC 6238's default).
const totpPeriod = 30

// matchTOTP finds the time step, now or one either side (clock drift), whose
// code is code.
func (s *Service) matchTOTP(secret, code string) (int64, bool) {
	now := s.now()
	for _, skew := range []int64{0, -1, 1} {
		t := now.Add(time.Duration(skew*totpPeriod) * time.Second)
		want, err := totp.GenerateCodeCustom(secret, t, totp.ValidateOpts{Period: totpPeriod, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1})
		if err == nil && subtle.ConstantTimeCompare([]byte(want), []byte(code)) == 1 {
			return t.Unix() / totpPeriod, true
		}
	}
	return 0, false
}

func recoveryHash(code string) string {
	sum := sha256.Sum256([]byte(strings.ToLower(strings.TrimSpace(code))))
	return hex.EncodeToString(sum[:])
}

func randomDigits(n int) (string, error) {
	var b strings.Builder
	for range n {
		d, err := rand.Int(rand.Reader, big.NewInt(10))
		if err != nil {
			return "", err
		}
		b.WriteByte(byte('0' + d.Int64()))
	}
	return b.String(), nil
}

// recoveryAlphabet leaves out 0, 1, l and o, which are easily misread.
const recoveryAlphabet = "abcdefghijkmnpqrstuvwxyz23456789"

func randomRecoveryCode() (string, error) {
	buf := make([]byte, 11)
	for i := range buf {
		if i == 5 {
			buf[i] = '-'
			continue
		}
		n, err := rand.Int(rand.Reader, big.NewInt(int64(len(recoveryAlphabet))))
		if err != nil {
			return "", err
		}
		buf[i] = recoveryAlphabet[n.Int64()]
	}
	return string(buf), nil
}

// IsSecondFactorRequired reports whether err is ErrSecondFactor.
func IsSecondFactorRequired(err error) bool { return errors.Is(err, ErrSecondFactor) }
