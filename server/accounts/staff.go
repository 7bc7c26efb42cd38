package accounts

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"image/png"
	"strings"
	"time"

	"github.com/pquerna/otp/totp"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/mail"
	"github.com/heloc/heloc/server/password"
)

// Portal users are invited, not created with a password someone else
// knows: an administrator names them and their role, and they are e-mailed
// a link to /portal/invite where they set their own password and enrol
// their authenticator. Resetting a user's second factor e-mails them a link
// of the same kind, where they prove their password and enrol a new
// authenticator; until then they cannot sign in. Every change is recorded
// in the audit log in the same transaction as the change.

// Actor is the portal user who makes a change, and from which address, as
// the audit log records them.
type Actor struct {
	User *domain.StaffUser
	IP   string
}

func (a Actor) entry(action string, subject *domain.StaffUser, detail string) *domain.AuditEntry {
	return &domain.AuditEntry{ActorID: a.User.ID, ActorEmail: a.User.Email, ActorRole: a.User.Role,
		Action: action, Subject: subject.Email, Detail: detail, IP: a.IP}
}

// InvitePath is the page an e-mailed link opens, with ?token=.
const InvitePath = "/portal/invite"

// Invitee is who an administrator invites.
type Invitee struct {
	Email, FirstName, LastName, Role, LoanOfficerTag string
}

// InviteStaffUser makes a portal user who cannot sign in yet and e-mails
// them a link, good for domain.InviteTTL, to set a password and enrol an
// authenticator. origin is the site's scheme and host, for the link. The
// role must be one of the access policy's (the caller checks).
func (s *Service) InviteStaffUser(ctx context.Context, by Actor, in Invitee, origin string) (*domain.StaffUser, error) {
	u := &domain.StaffUser{Email: in.Email, FirstName: in.FirstName, LastName: in.LastName, Role: in.Role, LoanOfficerTag: in.LoanOfficerTag}
	token, inv := s.newInvite(by, domain.InvitePurposeInvite)
	detail := "role " + in.Role
	if in.LoanOfficerTag != "" {
		detail += ", loanOfficerTag " + in.LoanOfficerTag
	}
	u.Email = strings.ToLower(strings.TrimSpace(u.Email))
	if err := s.store.InviteStaffUser(ctx, u, inv, by.entry("users.invite", u, detail)); err != nil {
		return nil, err
	}
	if err := s.mailInvite(ctx, u, inv, token, origin); err != nil {
		return nil, err
	}
	return u, nil
}

// ResendInvite e-mails a new link to a user who has not finished
// enrolling (an invitation, or an authenticator to enrol after a reset);
// earlier links stop working.
func (s *Service) ResendInvite(ctx context.Context, by Actor, userID, origin string) (*domain.StaffUser, error) {
	u, err := s.store.FindStaffUserByID(ctx, userID)
	if err != nil {
		return nil, err
	}
	token, inv := s.newInvite(by, domain.InvitePurposeInvite)
	inv.UserID = u.ID
	if err := s.store.ResendInvite(ctx, inv, by.entry("users.resendInvite", u, "link e-mailed again")); err != nil {
		return nil, err
	}
	if err := s.mailInvite(ctx, u, inv, token, origin); err != nil {
		return nil, err
	}
	return s.store.FindStaffUserByID(ctx, userID)
}

// ResetSecondFactor takes a user's authenticator and recovery codes away,
// ends their sessions, and e-mails them a link to enrol a new
// authenticator (after proving their password). Nobody resets their own:
// they would be signed out with no way back but the e-mail.
func (s *Service) ResetSecondFactor(ctx context.Context, by Actor, userID, origin string) (*domain.StaffUser, error) {
	if userID == by.User.ID {
		return nil, domain.Errorf(domain.EFORBIDDEN, "Another administrator must reset your second factor.")
	}
	u, err := s.store.FindStaffUserByID(ctx, userID)
	if err != nil {
		return nil, err
	}
	token, inv := s.newInvite(by, domain.InvitePurposeReenrol)
	inv.UserID = u.ID
	if err := s.store.ResetStaffSecondFactor(ctx, inv, by.entry("users.resetSecondFactor", u, "authenticator and recovery codes removed; sessions ended; enrolment link e-mailed")); err != nil {
		return nil, err
	}
	if err := s.mailInvite(ctx, u, inv, token, origin); err != nil {
		return nil, err
	}
	return s.store.FindStaffUserByID(ctx, userID)
}

// SetStaffActive activates or deactivates a portal user; deactivation ends
// their sessions at once. Nobody deactivates themselves, so the last
// administrator cannot lock everyone out by mistake.
func (s *Service) SetStaffActive(ctx context.Context, by Actor, userID string, active bool) (*domain.StaffUser, error) {
	if userID == by.User.ID && !active {
		return nil, domain.Errorf(domain.EFORBIDDEN, "You cannot deactivate yourself.")
	}
	u, err := s.store.FindStaffUserByID(ctx, userID)
	if err != nil {
		return nil, err
	}
	detail := "reactivated"
	if !active {
		detail = "deactivated; sessions ended"
	}
	if err := s.store.SetStaffUserActive(ctx, userID, active, by.entry("users.setActive", u, detail)); err != nil {
		return nil, err
	}
	return s.store.FindStaffUserByID(ctx, userID)
}

// SetStaffRole changes a portal user's role, which must be one of the
// access policy's (the caller checks). Another administrator must change
// one's own.
func (s *Service) SetStaffRole(ctx context.Context, by Actor, userID, role string) (*domain.StaffUser, error) {
	if userID == by.User.ID {
		return nil, domain.Errorf(domain.EFORBIDDEN, "Another administrator must change your role.")
	}
	u, err := s.store.FindStaffUserByID(ctx, userID)
	if err != nil {
		return nil, err
	}
	if err := s.store.SetStaffUserRole(ctx, userID, role, by.entry("users.setRole", u, "role "+u.Role+" → "+role)); err != nil {
		return nil, err
	}
	return s.store.FindStaffUserByID(ctx, userID)
}

// SetStaffTag sets the loanOfficerTag that makes the loans carrying it a
// user's ("" for none).
func (s *Service) SetStaffTag(ctx context.Context, by Actor, userID, tag string) (*domain.StaffUser, error) {
	u, err := s.store.FindStaffUserByID(ctx, userID)
	if err != nil {
		return nil, err
	}
	detail := fmt.Sprintf("loanOfficerTag %q → %q", u.LoanOfficerTag, tag)
	if err := s.store.SetStaffUserTag(ctx, userID, tag, by.entry("users.setTag", u, detail)); err != nil {
		return nil, err
	}
	return s.store.FindStaffUserByID(ctx, userID)
}

// newInvite makes a random link token and the invite that stores its hash.
func (s *Service) newInvite(by Actor, purpose string) (string, *domain.Invite) {
	b := make([]byte, 32)
	rand.Read(b) // never fails since Go 1.24
	token := base64.RawURLEncoding.EncodeToString(b)
	return token, &domain.Invite{TokenHash: inviteHash(token), Purpose: purpose, CreatedBy: by.User.ID,
		ExpiresAt: s.now().Add(domain.InviteTTL)}
}

func inviteHash(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

func (s *Service) mailInvite(ctx context.Context, u *domain.StaffUser, inv *domain.Invite, token, origin string) error {
	link := origin + InvitePath + "?token=" + token
	days := int(domain.InviteTTL / (24 * time.Hour))
	m := mail.Message{To: u.Email}
	if inv.Purpose == domain.InvitePurposeReenrol {
		m.Subject = fmt.Sprintf("Set up your %s authenticator again", s.product)
		m.Text = fmt.Sprintf("Hello %s,\n\nAn administrator reset the authenticator you sign in to the %s staff portal with. "+
			"To sign in again, open this link, enter your password and set up your authenticator app:\n\n%s\n\n"+
			"The link works once, within %d days. If you did not expect this, tell your administrator.\n\n%s\n",
			u.FirstName, s.product, link, days, s.product)
	} else {
		m.Subject = fmt.Sprintf("You are invited to the %s staff portal", s.product)
		m.Text = fmt.Sprintf("Hello %s,\n\nYou are invited to the %s staff portal. "+
			"Open this link to choose your password and set up your authenticator app:\n\n%s\n\n"+
			"The link works once, within %d days. If you did not expect this, you can ignore this e-mail.\n\n%s\n",
			u.FirstName, s.product, link, days, s.product)
	}
	return s.mail.Send(ctx, m)
}

// Invitation is what an e-mailed link's page shows before anything is
// entered: who it is for and what it lets them do.
type Invitation struct {
	Email     string    `json:"email"`
	FirstName string    `json:"firstName"`
	LastName  string    `json:"lastName"`
	Purpose   string    `json:"purpose"`
	ExpiresAt time.Time `json:"expiresAt"`
}

// Invitation returns the live invitation of token; NOT_FOUND when the
// link is unknown, used, expired or tried too often.
func (s *Service) Invitation(ctx context.Context, token string) (*Invitation, error) {
	inv, u, _, err := s.store.FindInvite(ctx, inviteHash(token))
	if err != nil {
		return nil, err
	}
	return &Invitation{Email: u.Email, FirstName: u.FirstName, LastName: u.LastName, Purpose: inv.Purpose, ExpiresAt: inv.ExpiresAt}, nil
}

// AuthenticatorOffer is a new authenticator secret for the invitee's app:
// the secret to type, its otpauth:// URL, and the URL as a QR code (a PNG
// data: URL) to scan.
type AuthenticatorOffer struct {
	TOTPSecret string `json:"totpSecret"`
	OTPAuthURL string `json:"otpauthUrl"`
	QRCode     string `json:"qrCode"`
}

// OfferAuthenticator makes a new authenticator secret for the invitation
// of token and keeps it, sealed, until AcceptInvitation is given a code
// from it; an earlier offer is replaced.
func (s *Service) OfferAuthenticator(ctx context.Context, token string) (*AuthenticatorOffer, error) {
	hash := inviteHash(token)
	_, u, _, err := s.store.FindInvite(ctx, hash)
	if err != nil {
		return nil, err
	}
	key, err := totp.Generate(totp.GenerateOpts{Issuer: s.product, AccountName: strings.ToLower(u.Email), SecretSize: 20})
	if err != nil {
		return nil, err
	}
	sealed, err := s.keyring.Seal([]byte(key.Secret()), []byte("invite|"+hash))
	if err != nil {
		return nil, err
	}
	if err := s.store.OfferInviteAuthenticator(ctx, hash, sealed); err != nil {
		return nil, err
	}
	img, err := key.Image(240, 240)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return nil, err
	}
	return &AuthenticatorOffer{TOTPSecret: key.Secret(), OTPAuthURL: key.URL(),
		QRCode: "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes())}, nil
}

// Accepted is what accepting an invitation gives, once: the recovery
// codes, each good for one sign-in without the authenticator.
type Accepted struct {
	User          *domain.StaffUser `json:"user"`
	RecoveryCodes []string          `json:"recoveryCodes"`
}

// AcceptInvitation finishes the enrolment of the invitation of token. For
// an invitation pw is the password the user chooses (the password rules
// apply); for a re-enrolment it is their current password. code is from
// the authenticator OfferAuthenticator gave. A wrong password or code
// counts against the link (domain.MaxInviteAttempts). The user's sessions
// end and they sign in afresh; ip is their address, for the audit log.
func (s *Service) AcceptInvitation(ctx context.Context, token, pw, code, ip string) (*Accepted, error) {
	hash := inviteHash(token)
	inv, u, sec, err := s.store.FindInvite(ctx, hash)
	if err != nil {
		return nil, err
	}
	if inv.TOTPPending == "" {
		return nil, domain.InvalidField("otpCode", "Set up your authenticator app first: reload this page.")
	}
	secret, err := s.keyring.Open(inv.TOTPPending, []byte("invite|"+hash))
	if err != nil {
		return nil, fmt.Errorf("open offered authenticator secret: %w", err)
	}
	var pwHash string
	if inv.Purpose == domain.InvitePurposeReenrol {
		if err := verify(ctx, pw, sec.PasswordHash); busy(err) {
			return nil, err
		} else if err != nil {
			return nil, s.failAttempt(ctx, hash, domain.InvalidField("password", "This is not your password."))
		}
	} else {
		if err := password.Check(pw); err != nil {
			return nil, err
		}
		if pwHash, err = password.Hash(ctx, pw); err != nil {
			return nil, err
		}
	}
	step, ok := s.matchTOTP(string(secret), code)
	if !ok {
		return nil, s.failAttempt(ctx, hash, domain.InvalidField("otpCode", "This code does not match. Enter the 6 digits your authenticator app shows now."))
	}
	sealed, err := s.keyring.Seal(secret, []byte(u.ID))
	if err != nil {
		return nil, err
	}
	codes, hashes, err := newRecoveryCodes()
	if err != nil {
		return nil, err
	}
	action, detail := "users.acceptInvite", "password and authenticator set"
	if inv.Purpose == domain.InvitePurposeReenrol {
		action, detail = "users.reenrol", "new authenticator enrolled"
	}
	audit := Actor{User: u, IP: ip}.entry(action, u, detail)
	if err := s.store.CompleteInvite(ctx, hash, domain.InviteCompletion{PasswordHash: pwHash, TOTPSecret: sealed, TOTPStep: step, RecoveryCodeHashes: hashes}, audit); err != nil {
		return nil, err
	}
	u.Enrolment = domain.EnrolmentComplete
	return &Accepted{User: u, RecoveryCodes: codes}, nil
}

// failAttempt counts a wrong try against the invite and returns err.
func (s *Service) failAttempt(ctx context.Context, hash string, err error) error {
	if ferr := s.store.FailInviteAttempt(ctx, hash); ferr != nil {
		return ferr
	}
	return err
}

// newRecoveryCodes makes RecoveryCodeCount recovery codes and their hashes.
func newRecoveryCodes() (codes, hashes []string, err error) {
	codes = make([]string, RecoveryCodeCount)
	hashes = make([]string, RecoveryCodeCount)
	for i := range codes {
		if codes[i], err = randomRecoveryCode(); err != nil {
			return nil, nil, err
		}
		hashes[i] = recoveryHash(codes[i])
	}
	return codes, hashes, nil
}
