package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"

	"github.com/heloc/heloc/server/accounts"
	"github.com/heloc/heloc/server/domain"
	"github.com/heloc/heloc/server/mail"
	"github.com/heloc/heloc/server/policy"
	"github.com/heloc/heloc/server/store"
	"github.com/heloc/heloc/server/web"
)

// adminCommand is `heloc admin create`: it makes a portal user, the first
// administrator above all, since the portal needs one to invite the rest.
func adminCommand(ctx context.Context, args []string, stdin io.Reader, stdout io.Writer) error {
	if len(args) == 0 || args[0] != "create" {
		return errors.New("usage: heloc admin create --email E --first-name F --last-name L [--role R] [--loan-officer-tag T] [--password-stdin] [--json]")
	}
	fs := flag.NewFlagSet("admin create", flag.ContinueOnError)
	email := fs.String("email", "", "the user's e-mail (their sign-in name)")
	first := fs.String("first-name", "", "first name")
	last := fs.String("last-name", "", "last name")
	role := fs.String("role", domain.RoleAdministrator, "a role of the access policy (rules/heloc/access/tables/data.yaml)")
	tag := fs.String("loan-officer-tag", "", "a partner's or loan officer's tag: the loans carrying it are theirs")
	fromStdin := fs.Bool("password-stdin", false, "read the password from stdin without a prompt (for scripts)")
	asJSON := fs.Bool("json", false, "print the enrolment as JSON (for scripts)")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	if *email == "" || *first == "" || *last == "" {
		return errors.New("--email, --first-name and --last-name are required")
	}
	cfg, err := loadConfig(os.Getenv)
	if err != nil {
		return fmt.Errorf("config: %w", err)
	}
	// The roles are the access policy's (RULES_DIR, or the policies built in),
	// as the server checks them.
	engine, err := policy.Load(ctx, rulesFS(cfg.RulesDir))
	if err != nil {
		return err
	}
	roles, err := web.PortalRoles(ctx, engine)
	if err != nil {
		return err
	}
	if _, ok := roles[*role]; !ok {
		return fmt.Errorf("--role %q is not a portal role; the access policy's roles are %s", *role, strings.Join(slices.Sorted(maps.Keys(roles)), ", "))
	}
	if !*fromStdin {
		fmt.Fprint(stdout, "Password (at least 8 characters), then Enter: ")
	}
	line, err := bufio.NewReader(stdin).ReadString('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		return err
	}
	pw := strings.TrimRight(line, "\r\n")

	keyring, err := cfg.Secrets.keyring()
	if err != nil {
		return err
	}
	db, err := store.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer db.Close()
	// Nothing is mailed here: the enrolment is printed for the operator.
	svc := accounts.New(db, mail.NewOutbox(1), keyring, cfg.Secrets.sessionSecret(), cfg.ProductName, nil)
	u := &domain.StaffUser{Email: *email, FirstName: *first, LastName: *last, Role: *role, LoanOfficerTag: strings.TrimSpace(*tag)}
	enrolment, err := svc.EnrolStaffUser(ctx, u, pw)
	if err != nil {
		if msgs := domain.ErrorFields(err); len(msgs) > 0 {
			return fmt.Errorf("%s: %s", msgs[0].Path, msgs[0].Message)
		}
		return errors.New(domain.ErrorMessage(err))
	}
	// The command line has no portal user to name: the entry says where the
	// change came from.
	if err := db.AppendAudit(ctx, &domain.AuditEntry{ActorID: "cli", ActorEmail: "heloc admin create", ActorRole: "system",
		Action: "users.create", Subject: u.Email, Detail: "role " + u.Role + "; password and authenticator set"}); err != nil {
		return err
	}
	if *asJSON {
		return json.NewEncoder(stdout).Encode(map[string]any{
			"id": u.ID, "email": u.Email, "role": u.Role,
			"totpSecret": enrolment.TOTPSecret, "otpauthUrl": enrolment.OTPAuthURL, "recoveryCodes": enrolment.RecoveryCodes,
		})
	}
	fmt.Fprintf(stdout, "\nCreated %s (%s) as %s.\n\n", u.Email, strings.TrimSpace(u.FirstName+" "+u.LastName), u.Role)
	fmt.Fprintf(stdout, "Add this account to an authenticator app (it is shown only now):\n  secret: %s\n  url:    %s\n\n", enrolment.TOTPSecret, enrolment.OTPAuthURL)
	fmt.Fprintf(stdout, "Recovery codes, each works once; keep them somewhere safe:\n  %s\n", strings.Join(enrolment.RecoveryCodes, "\n  "))
	return nil
}
