package web

import (
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/heloc/heloc/server/accounts"
	"github.com/heloc/heloc/server/domain"
)

// The users page (users.*), the e-mailed link's page (invite.*) and the
// audit log (audit.list). The rules are the accounts service's; these
// handlers check the access policy, translate the wire and call it.

type roleInfo struct {
	Label   string   `json:"label"`
	Actions []string `json:"actions"`
}

type staffUsersView struct {
	Items []*domain.StaffUser `json:"items"`
	Roles map[string]roleInfo `json:"roles"`
}

func (s *Server) listStaffUsers(c fiber.Ctx, _ []byte) (any, error) {
	if _, err := s.authorize(c, "users.read"); err != nil {
		return nil, err
	}
	users, err := s.store.ListStaffUsers(c.Context())
	if err != nil {
		return nil, err
	}
	if users == nil {
		users = []*domain.StaffUser{}
	}
	roles, err := accessRoles(c.Context(), s.policy)
	if err != nil {
		return nil, err
	}
	return staffUsersView{Items: users, Roles: roles}, nil
}

// manager returns the signed-in user as the actor of a users.manage
// change.
func (s *Server) manager(c fiber.Ctx) (accounts.Actor, error) {
	me, err := s.authorize(c, "users.manage")
	if err != nil {
		return accounts.Actor{}, err
	}
	return accounts.Actor{User: me, IP: c.IP()}, nil
}

type inviteStaffInput struct {
	Email          string `json:"email"`
	FirstName      string `json:"firstName"`
	LastName       string `json:"lastName"`
	Role           string `json:"role"`
	LoanOfficerTag string `json:"loanOfficerTag"`
}

func (s *Server) inviteStaffUser(c fiber.Ctx, in inviteStaffInput) (any, error) {
	by, err := s.manager(c)
	if err != nil {
		return nil, err
	}
	if err := CheckPortalRole(c.Context(), s.policy, in.Role); err != nil {
		return nil, err
	}
	return s.accounts.InviteStaffUser(c.Context(), by, accounts.Invitee{Email: in.Email, FirstName: in.FirstName,
		LastName: in.LastName, Role: in.Role, LoanOfficerTag: in.LoanOfficerTag}, s.origin(c))
}

type staffUserIDInput struct {
	UserID string `json:"userId"`
}

func (s *Server) resendInvite(c fiber.Ctx, in staffUserIDInput) (any, error) {
	by, err := s.manager(c)
	if err != nil {
		return nil, err
	}
	return s.accounts.ResendInvite(c.Context(), by, in.UserID, s.origin(c))
}

func (s *Server) resetSecondFactor(c fiber.Ctx, in staffUserIDInput) (any, error) {
	by, err := s.manager(c)
	if err != nil {
		return nil, err
	}
	return s.accounts.ResetSecondFactor(c.Context(), by, in.UserID, s.origin(c))
}

type setStaffActiveInput struct {
	UserID string `json:"userId"`
	Active bool   `json:"active"`
}

func (s *Server) setStaffActive(c fiber.Ctx, in setStaffActiveInput) (any, error) {
	by, err := s.manager(c)
	if err != nil {
		return nil, err
	}
	return s.accounts.SetStaffActive(c.Context(), by, in.UserID, in.Active)
}

type setStaffRoleInput struct {
	UserID string `json:"userId"`
	Role   string `json:"role"`
}

func (s *Server) setStaffRole(c fiber.Ctx, in setStaffRoleInput) (any, error) {
	by, err := s.manager(c)
	if err != nil {
		return nil, err
	}
	if err := CheckPortalRole(c.Context(), s.policy, in.Role); err != nil {
		return nil, err
	}
	return s.accounts.SetStaffRole(c.Context(), by, in.UserID, in.Role)
}

type setStaffTagInput struct {
	UserID         string `json:"userId"`
	LoanOfficerTag string `json:"loanOfficerTag"`
}

func (s *Server) setStaffTag(c fiber.Ctx, in setStaffTagInput) (any, error) {
	by, err := s.manager(c)
	if err != nil {
		return nil, err
	}
	return s.accounts.SetStaffTag(c.Context(), by, in.UserID, in.LoanOfficerTag)
}

// invitesPerAddress bounds the invite.* calls of one client address in 15
// minutes: a token cannot be guessed, but each call reads the database and
// accepting one hashes a password.
const invitesPerAddress = 60

type inviteTokenInput struct {
	Token string `json:"token"`
}

// invitation answers who an e-mailed link is for; the link is all the
// caller has, so nobody needs to be signed in.
func (s *Server) invitation(c fiber.Ctx, in inviteTokenInput) (any, error) {
	if err := s.limit("invite|ip|"+limitAddr(c), invitesPerAddress); err != nil {
		return nil, err
	}
	return s.accounts.Invitation(c.Context(), in.Token)
}

func (s *Server) inviteAuthenticator(c fiber.Ctx, in inviteTokenInput) (any, error) {
	if err := s.limit("invite|ip|"+limitAddr(c), invitesPerAddress); err != nil {
		return nil, err
	}
	return s.accounts.OfferAuthenticator(c.Context(), in.Token)
}

type acceptInviteInput struct {
	Token    string `json:"token"`
	Password string `json:"password"`
	OtpCode  string `json:"otpCode"`
}

func (s *Server) acceptInvite(c fiber.Ctx, in acceptInviteInput) (any, error) {
	if err := s.limit("invite|ip|"+limitAddr(c), invitesPerAddress); err != nil {
		return nil, err
	}
	return s.accounts.AcceptInvitation(c.Context(), in.Token, in.Password, in.OtpCode, c.IP())
}

type auditListInput struct {
	Actor  string `json:"actor"`
	LoanID string `json:"loanId"`
	Action string `json:"action"`
	From   string `json:"from"`
	To     string `json:"to"`
	After  string `json:"after"`
	Limit  int    `json:"limit"`
}

type auditPage struct {
	*domain.AuditPage
	Actions []string `json:"actions"`
}

// auditList answers a page of the audit log (audit.read), newest first;
// from and to are days in UTC, to inclusive.
func (s *Server) auditList(c fiber.Ctx, in auditListInput) (any, error) {
	if _, err := s.authorize(c, "audit.read"); err != nil {
		return nil, err
	}
	f := domain.AuditFilter{ActorEmail: in.Actor, LoanID: in.LoanID, Action: in.Action, After: in.After, Limit: in.Limit}
	// The schema has checked both dates' form.
	if in.From != "" {
		f.From, _ = time.Parse(time.DateOnly, in.From)
	}
	if in.To != "" {
		to, _ := time.Parse(time.DateOnly, in.To)
		f.To = to.AddDate(0, 0, 1)
	}
	page, err := s.store.ListAudit(c.Context(), f)
	if err != nil {
		return nil, err
	}
	actions, err := s.store.ListAuditActions(c.Context())
	if err != nil {
		return nil, err
	}
	return auditPage{AuditPage: page, Actions: actions}, nil
}
