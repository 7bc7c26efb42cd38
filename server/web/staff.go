package web

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/gofiber/fiber/v3"

	"github.com/heloc/heloc/server/domain"
)

type accessDecision struct {
	Allow bool `json:"allow"`
	// Scope is "all" or "assigned" (the user's own loans only).
	Scope   string `json:"scope"`
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
	if _, err := s.decideAccess(c, u, action, "", false, true); err != nil {
		return nil, err
	}
	return u, nil
}

// decideAccess asks the access policy whether u may take action (on a
// loan that is u's when assigned); FORBIDDEN with the policy's reason when
// not. An allowed decision names its scope: "all", or "assigned" when
// the grant reaches only the user's own loans.
//
// A decision acted on (record: the request goes on or is refused) is
// recorded with the user, for the loan when there is one; the portal's
// buttons per permission (loanPermissions) are not: each action is decided
// and recorded again when taken. The policy reads role, action and
// assigned; user names whose decision it is.
func (s *Server) decideAccess(c fiber.Ctx, u *domain.StaffUser, action, loanID string, assigned, record bool) (scope string, err error) {
	var d accessDecision
	input := map[string]any{"role": u.Role, "action": action, "assigned": assigned}
	var out any
	if record {
		input["user"] = u.ID
		var rec decision
		rec, err = s.decideFor(c.Context(), "heloc.access.decision", loanID, input)
		out = rec.Result
	} else {
		out, err = s.policy.Decide(c.Context(), "heloc.access.decision", input)
	}
	if err != nil {
		return "", err
	}
	if err := domain.DecodeAnswer(out, &d); err != nil {
		return "", err
	}
	if !d.Allow {
		msg := "Your role does not allow this."
		if len(d.Reasons) > 0 && d.Reasons[0].Message != "" {
			msg = d.Reasons[0].Message
		}
		return "", domain.Errorf(domain.EFORBIDDEN, "%s", msg)
	}
	return d.Scope, nil
}

// Decider evaluates a policy entrypoint; it is all that the role check
// needs of the policy engine (heloc admin create uses it without a server).
type Decider interface {
	Decide(ctx context.Context, entrypoint string, input any) (any, error)
}

// accessRoles are the roles of the access policy (data.heloc.access.roles),
// the only list of the portal's roles: each name with its label and the
// actions it grants.
func accessRoles(ctx context.Context, p Decider) (map[string]roleInfo, error) {
	out, err := p.Decide(ctx, "heloc.access.roles", nil)
	if err != nil {
		return nil, err
	}
	var roles map[string]roleInfo
	if err := domain.DecodeAnswer(out, &roles); err != nil {
		return nil, fmt.Errorf("access policy roles: %w", err)
	}
	return roles, nil
}

// PortalRoles returns the access policy's roles by name, with the label
// the users page shows.
func PortalRoles(ctx context.Context, p Decider) (map[string]string, error) {
	roles, err := accessRoles(ctx, p)
	if err != nil {
		return nil, err
	}
	labels := make(map[string]string, len(roles))
	for name, r := range roles {
		labels[name] = r.Label
	}
	return labels, nil
}

// RoleActions returns the actions the access policy's role grants, sorted;
// none for a role it does not know.
func RoleActions(ctx context.Context, p Decider, role string) ([]string, error) {
	roles, err := accessRoles(ctx, p)
	if err != nil {
		return nil, err
	}
	actions := slices.Clone(roles[role].Actions)
	slices.Sort(actions)
	return actions, nil
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
