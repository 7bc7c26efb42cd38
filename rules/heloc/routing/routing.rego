# Resume redirect and auto sign-out (product spec §2 "Resume redirect rule",
# §4 "Auto sign-out"; policy contract "data.heloc.routing.resume").
#
# The pages come from the one page table (data.heloc.funnel.tables: `pages`
# and `areas`): which page a status resumes at, which pages are exempt, and
# which are an applicant flow's. The rest of the rule is data here
# (tables/data.yaml, loaded at data.heloc.routing.tables); the rules below
# only say when each applies.
package heloc.routing

import rego.v1

import data.heloc.funnel
import data.heloc.routing.tables

# METADATA
# title: Resume redirect and auto sign-out
# description: >-
#   What the app does on arriving at input.path: {"action": "none" |
#   "redirect" | "signOut", "to": string | null}. Nothing happens unless one
#   of the rules below applies; in particular a loading or unauthenticated
#   session is never redirected nor signed out.
# custom:
#   source: spec §2 "Resume redirect rule", §4 "Auto sign-out"
default resume := {"action": "none", "to": null}

# METADATA
# title: Auto sign-out
# description: >-
#   An authenticated session with no loan data, on a page of an applicant
#   flow (initial setup, application, prequal: the areas marked
#   signOutWithoutLoan), is signed out and sent home. Exempt pages are exempt
#   from the redirect only (spec §2 says "exempt from the redirect"), so an
#   exempt page of these areas (/app/application/faqs, ...) still signs out
#   a session without a loan.
# custom:
#   source: spec §4 "Auto sign-out"
resume := {"action": "signOut", "to": tables.sign_out_to} if {
	input.session == "authenticated"
	not _has_loan
	some area in _areas
	funnel.tables.areas[area].signOutWithoutLoan == true
}

# METADATA
# title: Resume redirect
# description: >-
#   A signed-in applicant with a loan, on a page that is not exempt, is sent
#   to the page of the loan's applicationStatus when arriving fresh, or
#   whatever the arrival for an always-resume status (applicationSubmitted),
#   unless already there.
# custom:
#   source: spec §2 "Resume redirect rule"
resume := {"action": "redirect", "to": _target} if {
	input.session == "authenticated"
	_has_loan
	not _exempt
	_may_resume
	_target != _path
	not _on_status_step
}

# METADATA
# title: Already at the status's step
# description: >-
#   A borrower on another page of the step their loan has reached (the
#   coborrower's employment history or other income, when the status is
#   that step) is already where the status says: a refresh there keeps
#   them on it rather than sending them to the step's first page.
# custom:
#   source: spec §2 "Resume redirect rule" ("unless already there")
_on_status_step if {
	_page.step == input.loan.applicationStatus
	not input.loan.applicationStatus in tables.always_resume_statuses
	not _refusal_page
}

# On the /prequal path, a page that lists the loan's status (the page table's
# `status`: debts shares mortgage-select's) is where the status says.
_on_status_step if {
	_page.area == _came_by
	_page.status == input.loan.applicationStatus
	not input.loan.applicationStatus in tables.always_resume_statuses
	not _refusal_page
}

# Policy contract: `loan` is null when the signed-in applicant has no loan
# data; a missing key is read the same way.
_has_loan if is_object(input.loan)

_path := funnel.normalize(input.path)

# METADATA
# title: Fresh arrival
# description: Only when arriving fresh (no previous page, or the same page).
# custom:
#   source: spec §2 "Resume redirect rule"
_fresh if not _previous_path

_fresh if _previous_path == _path

# METADATA
# title: Through a page that only leads on
# description: >-
#   Arriving through a page that only leads on to another (tables.leads_on:
#   /prequal, the /prequal path's way in, which goes straight on to the
#   path's first page) is arriving fresh: the borrower came to the way in,
#   and the page it led to is where they arrive.
# custom:
#   source: spec §2 "Resume redirect rule" ("only when arriving fresh")
_fresh if _previous_path in object.get(tables, "leads_on", [])

# A previousPath of "" (or none) means there was no previous page.
_previous_path := p if {
	is_string(input.previousPath)
	input.previousPath != ""
	p := funnel.normalize(input.previousPath)
}

_may_resume if _fresh

# METADATA
# title: A submitted application always resumes
# description: >-
#   A status of applicationSubmitted always sends the user to the submitted
#   page, fresh arrival or not.
# custom:
#   source: spec §2 "Resume redirect rule"
_may_resume if input.loan.applicationStatus in tables.always_resume_statuses

# METADATA
# title: The page of a status
# description: >-
#   The page matching the loan's applicationStatus: the first page of that
#   step in the page table that every loan sees (application5 resumes at
#   employment history, not at a coborrower's page). A status that no page's
#   step names (unknown, none, application2, joinWaitlist) resumes at the
#   page of the unknown_status step, property-value.
# custom:
#   source: spec §2 "Resume redirect rule" ("unknown | property-value")
_target := _refusal_page

_target := _status_page if not _refusal_page

_target := _page_of(tables.unknown_status) if {
	not _refusal_page
	not _status_page
}

# METADATA
# title: A refusal the credit report settled
# description: >-
#   A loan whose refusal the credit report alone settled (the server names
#   its ineligible page in input.loan.settledRefusal, from the loan's
#   recorded eligibility decision) resumes at that ineligible page, never at
#   the funnel question after the credit check: no answer still to come can
#   change it.
# custom:
#   source: Issue 22 ("Welcome back"); spec §2 "Resume redirect rule"
_refusal_page := page.path if {
	name := input.loan.settledRefusal
	is_string(name)
	some page in funnel.tables.pages
	page.area == "ineligible"
	page.path == concat("/", [funnel.tables.areas.ineligible.prefix, name])
}

# METADATA
# title: The page of a status on the flow the loan came by
# description: >-
#   A loan that came by the /prequal path (it gave the answer only that
#   path's pages ask, tables.path_answers) resumes at the first page of that
#   path listing its status (the page table's `status`: a status of
#   coborrower at /prequal/coborrower), where the path has one; any other
#   status, and any other loan, at the page of the status's step.
# custom:
#   source: spec §2 "Resume redirect rule" ("Some statuses map to /prequal paths")
_status_page := page if {
	page := _area_page_of(_came_by, input.loan.applicationStatus)
} else := _page_of(input.loan.applicationStatus)

_area_page_of(area, status) := paths[0] if {
	paths := [page.path | some page in funnel.tables.pages; page.area == area; page.status == status; not page.when]
}

# The area whose flow the loan came by: the first, by name, whose own
# answer (tables.path_answers) the loan gave, yes or no.
_came_by := areas[0] if {
	areas := sort([area |
		some area, answer in object.get(tables, "path_answers", {})
		is_boolean(object.get(input, ["loan", "answers", answer], null))
	])
}

_page_of(step) := paths[0] if {
	paths := [page.path | some page in funnel.tables.pages; page.step == step; not page.when]
}

# The page at input.path, as the page table lists it.
_page := page if {
	path := _path
	some page in funnel.tables.pages
	page.path == path
}

# The areas the page belongs to: its own, and each area whose folder it lies
# under (the portal's sign-in page is under /portal; a path that is no page,
# such as /portal/applications/42, still lies under /portal).
_areas contains _page.area

_areas contains area if {
	path := _path
	some area, props in funnel.tables.areas
	funnel.under(path, props.prefix)
}

# METADATA
# title: Pages exempt from the redirect
# description: >-
#   A page marked resumeExempt (FAQ, application summary, business
#   information), and every page of an area marked resumeExempt (public
#   pages, standalone upload and bank statement, portal, ineligible pages),
#   including any path under such an area's folder.
# custom:
#   source: spec §2 "Pages exempt from the redirect"
_exempt if _page.resumeExempt == true

_exempt if {
	some area in _areas
	funnel.tables.areas[area].resumeExempt == true
}
