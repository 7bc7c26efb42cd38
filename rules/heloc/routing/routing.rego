# Resume redirect and auto sign-out (product spec §2 "Resume redirect rule",
# §4 "Auto sign-out"; policy contract "data.heloc.routing.resume").
#
# The status -> page map, the exempt pages and the applicant-flow prefixes
# are data (tables/data.yaml, loaded at data.heloc.routing.tables); the rules
# here only say when each applies.
package heloc.routing

import rego.v1

import data.heloc.routing.tables

# resume says what the app does on arriving at input.path:
# {"action": "none" | "redirect" | "signOut", "to": string | null}.
# Nothing happens unless one of the rules below applies; in particular a
# loading or unauthenticated session is never redirected nor signed out.
default resume := {"action": "none", "to": null}

# Spec §4 "Auto sign-out": an authenticated session with no loan data, on an
# applicant-flow page (/app/initial-setup/*, /app/application/*) or a prequal
# page (/prequal/*), is signed out and sent home. The exempt pages are exempt
# from the redirect only (spec §2 says "exempt from the redirect"), so an
# exempt page under these prefixes (/app/application/faqs, ...) still signs
# out a session without a loan.
resume := {"action": "signOut", "to": tables.sign_out.to} if {
	input.session == "authenticated"
	not _has_loan
	some prefix in tables.sign_out.prefixes
	under(_path, prefix)
}

# Spec §2 "Resume redirect rule": a signed-in applicant with a loan, on a page
# that is not exempt, is sent to the page of the loan's applicationStatus when
# arriving fresh, or whatever the arrival for an always-resume status
# (applicationSubmitted), unless already there.
resume := {"action": "redirect", "to": _target} if {
	input.session == "authenticated"
	_has_loan
	not _exempt
	_may_resume
	_target != _path
}

# Policy contract: `loan` is null when the signed-in applicant has no loan
# data; a missing key is read the same way.
_has_loan if is_object(input.loan)

_path := normalize(input.path)

# Spec §2: "only when arriving fresh (no previous page, or the same page)".
_fresh if not _previous_path

_fresh if _previous_path == _path

# A previousPath of "" (or none) means there was no previous page.
_previous_path := p if {
	is_string(input.previousPath)
	input.previousPath != ""
	p := normalize(input.previousPath)
}

_may_resume if _fresh

# Spec §2: "A status of applicationSubmitted always sends the user to the
# submitted page", fresh arrival or not.
_may_resume if input.loan.applicationStatus in tables.always_resume_statuses

# Spec §2: the page matching the loan's applicationStatus; "unknown" (a
# status the table does not list, or none) resumes at property-value.
_target := tables.status_pages[input.loan.applicationStatus]

_target := tables.unknown_status_page if not _known_status

_known_status if tables.status_pages[input.loan.applicationStatus]

# Spec §2 "Pages exempt from the redirect": the listed pages and everything
# under the listed prefixes.
_exempt if _path in tables.exempt.pages

_exempt if {
	some prefix in tables.exempt.prefixes
	under(_path, prefix)
}

# normalize(p) is the page of a path or URL path as the tables write it: no
# query string or fragment, no trailing slash ("/app/application/1/?x=1" is
# "/app/application/1"), and "/" for the home page (or an empty path).
normalize(p) := n if {
	is_string(p)
	bare := split(split(p, "?")[0], "#")[0]
	n := _root_if_empty(trim_right(bare, "/"))
} else := "/"

_root_if_empty(s) := "/" if {
	s == ""
} else := s

# under(path, prefix): path is the prefix page itself or a page below it
# ("/portal" and "/portal/login" are under "/portal"; "/portals" is not).
under(path, prefix) if path == prefix

under(path, prefix) if startswith(path, concat("", [trim_right(prefix, "/"), "/"]))
