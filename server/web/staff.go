package web

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/gofiber/fiber/v3"

	"github.com/heloc/heloc/server/domain"
)

type accessDecision struct {
	Allow   bool `json:"allow"`
	Reasons []struct {
		Code    string `json:"code"`
		Message string `json:"message"`
	} `json:"reasons"`
}

// authorize returns the signed-in portal user when the access policy lets
// their role take action; FORBIDDEN with the policy's reason otherwise.
func (s *Server) authorize(c fiber.Ctx, action string) (*domain.StaffUser, error) {
	u, err := s.staffUser(c)
	if err != nil {
		return nil, err
	}
	var d accessDecision
	out, err := s.policy.Decide(c.Context(), "heloc.access.decision", map[string]any{"role": u.Role, "action": action, "assigned": false})
	if err != nil {
		return nil, err
	}
	if err := remarshal(out, &d); err != nil {
		return nil, err
	}
	if !d.Allow {
		msg := "Your role does not allow this."
		if len(d.Reasons) > 0 && d.Reasons[0].Message != "" {
			msg = d.Reasons[0].Message
		}
		return nil, domain.Errorf(domain.EFORBIDDEN, "%s", msg)
	}
	return u, nil
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
	roles, err := s.policy.Decide(c.Context(), "heloc.access.roles", nil)
	if err != nil {
		return nil, err
	}
	return fiber.Map{"items": users, "roles": roles}, nil
}

type createStaffInput struct {
	Email     string `json:"email"`
	FirstName string `json:"firstName"`
	LastName  string `json:"lastName"`
	Role      string `json:"role"`
}

// createStaffUser invites a portal user: an initial password and the
// authenticator enrolment are shown once to the administrator, who hands
// them over.
func (s *Server) createStaffUser(c fiber.Ctx, in createStaffInput) (any, error) {
	if _, err := s.authorize(c, "users.manage"); err != nil {
		return nil, err
	}
	if err := CheckPortalRole(c.Context(), s.policy, in.Role); err != nil {
		return nil, err
	}
	b := make([]byte, 15)
	rand.Read(b)
	initial := base64.RawURLEncoding.EncodeToString(b)
	u := &domain.StaffUser{Email: in.Email, FirstName: in.FirstName, LastName: in.LastName, Role: in.Role}
	enrolment, err := s.accounts.EnrolStaffUser(c.Context(), u, initial)
	if err != nil {
		return nil, err
	}
	return fiber.Map{"enrolment": enrolment, "initialPassword": initial}, nil
}

type setStaffActiveInput struct {
	UserID string `json:"userId"`
	Active bool   `json:"active"`
}

// setStaffActive activates or deactivates a portal user; deactivation ends
// their sessions at once. Nobody deactivates themselves, so the last
// administrator cannot lock everyone out by mistake.
func (s *Server) setStaffActive(c fiber.Ctx, in setStaffActiveInput) (any, error) {
	me, err := s.authorize(c, "users.manage")
	if err != nil {
		return nil, err
	}
	if in.UserID == me.ID && !in.Active {
		return nil, domain.Errorf(domain.EFORBIDDEN, "You cannot deactivate yourself.")
	}
	if err := s.store.SetStaffUserActive(c.Context(), in.UserID, in.Active); err != nil {
		return nil, err
	}
	return s.store.FindStaffUserByID(c.Context(), in.UserID)
}

type setStaffRoleInput struct {
	UserID string `json:"userId"`
	Role   string `json:"role"`
}

func (s *Server) setStaffRole(c fiber.Ctx, in setStaffRoleInput) (any, error) {
	me, err := s.authorize(c, "users.manage")
	if err != nil {
		return nil, err
	}
	if in.UserID == me.ID {
		return nil, domain.Errorf(domain.EFORBIDDEN, "Another administrator must change your role.")
	}
	if err := CheckPortalRole(c.Context(), s.policy, in.Role); err != nil {
		return nil, err
	}
	if err := s.store.SetStaffUserRole(c.Context(), in.UserID, in.Role); err != nil {
		return nil, err
	}
	return s.store.FindStaffUserByID(c.Context(), in.UserID)
}

// Decider evaluates a policy entrypoint; it is all that the role check
// needs of the policy engine (heloc admin create uses it without a server).
type Decider interface {
	Decide(ctx context.Context, entrypoint string, input any) (any, error)
}

// PortalRoles returns the roles of the access policy (data.heloc.access.roles),
// the only list of the portal's roles: role name -> the label the users page
// shows.
func PortalRoles(ctx context.Context, p Decider) (map[string]string, error) {
	out, err := p.Decide(ctx, "heloc.access.roles", nil)
	if err != nil {
		return nil, err
	}
	var roles map[string]struct {
		Label string `json:"label"`
	}
	if err := remarshal(out, &roles); err != nil {
		return nil, fmt.Errorf("access policy roles: %w", err)
	}
	labels := make(map[string]string, len(roles))
	for name, r := range roles {
		labels[name] = r.Label
	}
	return labels, nil
}

// CheckPortalRole returns nil when role is a role of the access policy, and
// an EINVALID error on the role field otherwise, naming the policy's roles
// by their labels. The schema (#PortalRole) checks only that a role is a
// camelCase name; which names are roles is the policy's to say.
func CheckPortalRole(ctx context.Context, p Decider, role string) error {
	roles, err := PortalRoles(ctx, p)
	if err != nil {
		return err
	}
	if _, ok := roles[role]; ok {
		return nil
	}
	labels := make([]string, 0, len(roles))
	for _, label := range roles {
		labels = append(labels, label)
	}
	slices.Sort(labels)
	msg := "The portal has no roles: ask an administrator to check the access policy."
	if len(labels) > 0 {
		msg = "Choose one of the portal's roles: " + joinOr(labels) + "."
	}
	return &domain.Error{Code: domain.EINVALID, Message: "Some fields need attention.",
		Fields: []domain.FieldError{{Path: "role", Message: msg}}}
}

// joinOr joins words as a sentence does: "a", "a or b", "a, b or c".
func joinOr(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// remarshal turns a policy result (plain JSON values) into a typed struct.
func remarshal(in, out any) error {
	b, err := json.Marshal(in)
	if err != nil {
		return err
	}
	return json.Unmarshal(b, out)
}
