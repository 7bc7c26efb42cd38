package web_test

import (
	"strings"
	"testing"

	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/web"
)

// Behind a proxy the server is reached at its public address (PUBLIC_URL),
// not at the address a request names in its Host header: an invitation
// mailed to a new portal user links there whatever the request said, and
// a write whose Origin is not the public address is refused.
func TestMailedLinksAndTheOriginCheckUseThePublicAddress(t *testing.T) {
	const public = "https://heloc.example.com"
	s := MustOpenServer(t, web.Config{PublicURL: public})
	const adminPW = "staff password 1"
	e := s.enrol(t, "ada@example.com", domain.RoleAdministrator, adminPW)
	admin := s.browser(t)
	admin.origin = public
	admin.signInStaff(e, adminPW)

	in := `{"email":"lou@example.com","firstName":"Lou","lastName":"Officer","role":"loanOfficer"}`
	usersData[domain.StaffUser](t, "users.invite", usersRes(admin.trpc("POST", "users.invite", in)))
	m, ok := s.Outbox.Latest("lou@example.com")
	if !ok {
		t.Fatal("got no invitation mailed")
	}
	if !strings.Contains(m.Text, public+"/portal/invite?token=") || strings.Contains(m.Text, s.URL) {
		t.Fatalf("got mail %q, want its link at %s and nowhere else", m.Text, public)
	}

	mutation := "/api/trpc/identity.deleteSession"
	if resp, body := s.do(t, request{method: "POST", path: mutation}); resp.StatusCode != 403 || !strings.Contains(string(body), "FORBIDDEN") {
		t.Fatalf("got %d %s for an Origin that is the request's own host, want FORBIDDEN", resp.StatusCode, body)
	}
	if resp, body := s.do(t, request{method: "POST", path: mutation, headers: map[string]string{"Origin": public}}); resp.StatusCode == 403 {
		t.Fatalf("got %d %s for the public Origin, want it past the origin check", resp.StatusCode, body)
	}
}
