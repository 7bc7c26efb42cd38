package web_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/web"
)

// policyRoles loads the policies built into the binary and returns the
// access policy's roles: the only list of the portal's roles.
func policyRoles(t *testing.T) map[string]string {
	t.Helper()
	ctx := context.Background()
	engine, err := loadRules()
	if err != nil {
		t.Fatal(err)
	}
	roles, err := web.PortalRoles(ctx, engine)
	if err != nil {
		t.Fatal(err)
	}
	return roles
}

// The Go code names one role, the administrator that `heloc admin create`
// makes; the access policy must define it.
func TestTheAccessPolicyDefinesTheAdministratorRole(t *testing.T) {
	roles := policyRoles(t)
	if roles[domain.RoleAdministrator] == "" {
		t.Fatalf("got roles %v, want the access policy to define %q with a label", roles, domain.RoleAdministrator)
	}
}

// users.invite and users.setRole accept the roles of the access policy and
// no other; the schema checks only that a role is a camelCase name.
func TestPortalUserRolesAreTheAccessPolicys(t *testing.T) {
	roles := policyRoles(t)
	s := MustOpenServer(t, web.Config{})
	const pw = "staff password 1"
	admin := s.enrol(t, "ada@example.com", domain.RoleAdministrator, pw)
	b := s.browser(t)
	b.signInStaff(admin, pw)

	create := func(email, role string) wireResult {
		t.Helper()
		in, _ := json.Marshal(map[string]string{"email": email, "firstName": "Bo", "lastName": "Staff", "role": role})
		_, res := b.trpc("POST", "users.invite", string(in))
		return res
	}
	setRole := func(id, role string) wireResult {
		t.Helper()
		in, _ := json.Marshal(map[string]string{"userId": id, "role": role})
		_, res := b.trpc("POST", "users.setRole", string(in))
		return res
	}
	roleError := func(res wireResult) string {
		t.Helper()
		if res.Error == nil || res.Error.Data.Code != "BAD_REQUEST" || len(res.Error.Data.Fields) != 1 || res.Error.Data.Fields[0].Path != "role" {
			t.Fatalf("got %+v, want BAD_REQUEST with one error at role", res)
		}
		return res.Error.Data.Fields[0].Message
	}

	t.Run("every role of the policy can be given", func(t *testing.T) {
		for name := range roles {
			if res := create(name+"@example.com", name); res.Error != nil {
				t.Errorf("create as %s: got %+v, want the user created", name, res.Error)
			}
		}
	})

	t.Run("a camelCase name that is no role of the policy is refused, naming the roles", func(t *testing.T) {
		msg := roleError(create("ghost@example.com", "auditor"))
		for name, label := range roles {
			if !strings.Contains(msg, label) {
				t.Errorf("got %q, want it to name the role %s by its label %q", msg, name, label)
			}
		}
	})

	t.Run("a role that is not a camelCase name is refused by the schema", func(t *testing.T) {
		for _, role := range []string{"", "Loan Officer", "loan-officer"} {
			if msg := roleError(create("shape@example.com", role)); !strings.Contains(msg, "camelCase") {
				t.Errorf("role %q: got %q, want the schema's message about the name's shape", role, msg)
			}
		}
	})

	t.Run("setRole takes the roles of the policy and no other", func(t *testing.T) {
		res := create("cy@example.com", domain.RoleAdministrator)
		if res.Error != nil {
			t.Fatalf("create: got %+v", res.Error)
		}
		var created domain.StaffUser
		if err := json.Unmarshal(res.Result.Data, &created); err != nil || created.ID == "" {
			t.Fatalf("got %s (%v), want the invited user", res.Result.Data, err)
		}
		id := created.ID
		roleError(setRole(id, "auditor"))
		for name := range roles {
			res := setRole(id, name)
			if res.Error != nil {
				t.Fatalf("set role %s: got %+v, want it set", name, res.Error)
			}
			var u domain.StaffUser
			if err := json.Unmarshal(res.Result.Data, &u); err != nil || u.Role != name {
				t.Fatalf("got %s (%v), want the user with role %s", res.Result.Data, err, name)
			}
		}
	})
}

// A portal user's session names what their role grants (the access
// policy's roles), so that the portal offers only the pages they may open:
// an administrator reads the users, the audit log and the policy
// revisions; a partner none of them.
func TestAPortalSessionNamesWhatTheRoleGrants(t *testing.T) {
	s := MustOpenServer(t, web.Config{})
	const pw = "staff password 1"
	for role, want := range map[string]map[string]bool{
		domain.RoleAdministrator: {"pipeline.view": true, "users.read": true, "audit.read": true, "policy.read": true},
		"partner":                {"pipeline.view": true, "users.read": false, "audit.read": false, "policy.read": false},
	} {
		b := s.browser(t)
		b.signInStaff(s.enrol(t, role+"@example.com", role, pw), pw)
		user, _ := b.session(portalAuth)["user"].(map[string]any)
		granted := map[string]bool{}
		for _, a := range user["actions"].([]any) {
			granted[a.(string)] = true
		}
		for action, ok := range want {
			if granted[action] != ok {
				t.Fatalf("%s: got actions %v, want %s %v", role, user["actions"], action, ok)
			}
		}
	}
}
