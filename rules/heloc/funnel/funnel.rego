# The funnel (product spec §2): its steps and their order, and which pages a
# loan sees, in which order, and what comes before and after each.
#
# Every table is data (tables/data.yaml, loaded at data.heloc.funnel.tables)
# so that a compliance change is a data diff: `order` and `sections` are the
# spec's tables, `pages` lists every page of the product once, and `areas`
# says what holds for each part of it. The routing policy (heloc.routing)
# reads the same page table.
package heloc.funnel

import rego.v1

import data.heloc.funnel.tables

# METADATA
# title: Step order
# description: >-
#   Step name -> order number, lower is earlier; several steps share order 0.
#   Exactly the spec's table (policy contract, data.heloc.funnel.order).
# custom:
#   source: spec §2 "Funnel step names and order numbers"
default order := {}

order := tables.order if is_object(tables.order)

# METADATA
# title: Section labels
# description: >-
#   Step name -> the label of that step's section in the full application
#   (policy contract, data.heloc.funnel.sections).
# custom:
#   source: spec §2 "Full application section labels"
default sections := {}

sections := tables.sections if is_object(tables.sections)

# METADATA
# title: Steps in words
# description: >-
#   Step name -> where a loan at that step stands, in words, as staff read
#   its status in the portal: in the full application, its section's label
#   ("Declarations"); before it, the label of the first page the table
#   lists for the step, the page such a loan resumes at ("Home value").
#   A step that no page and no section names has no label.
# custom:
#   source: spec §2 "Full application section labels", "Screens and routes"
default step_labels := {}

step_labels := object.union(_first_page_labels, sections)

_first_page_labels[step] := labels[0] if {
	some step in {page.step | some page in tables.pages; page.step}
	labels := [page.label | some page in tables.pages; page.step == step; not page.when]
	count(labels) > 0
}

# METADATA
# title: The literal routes of the webapp
# description: >-
#   Every page's path, title and area, as the page table lists them.
#   `make generate` writes this to webapp/src/app/routes.json, which the
#   server (200 for these paths, 404 for others) and the webapp's router read.
# custom:
#   source: spec §2 "Screens and routes" ("All routes are literal")
default routes := []

routes := [{"path": page.path, "title": page.label, "area": page.area} | some page in tables.pages]

# METADATA
# title: The pages a loan sees
# description: >-
#   For the page at input.path: the pages of its area's flow that this loan
#   sees, in funnel order, each with its label, step, status (where the
#   table states one: the /prequal flow's pages, whose steps are no
#   applicationStatus), section, order number, state (done, current or
#   upcoming) and whether it is open, and the pages
#   before and after it. Input: {"path": string, "applicationStatus": string | null,
#   "answers": {"hasCoborrower": bool, "isSelfEmployed": bool},
#   "variant": string}; the server fills in the status and answers of a
#   signed-in applicant's loan (a visitor without one sends their own
#   answers) and the funnel variant it is set to (standard by default). A page outside every flow
#   (a public page, a path that is no page) has an empty flow; a page beside
#   its area's flow (the application summary) has the flow without a current
#   page, and no previous or next.
# custom:
#   source: >-
#     spec §2 "Funnel step names and order numbers", "Full application
#     section labels", "Prequalification flow steps, in order"; the
#     conditions are lender practice (URLA, design/screens.md)
default pages := {"area": null, "pages": [], "previous": null, "next": null, "progress": null}

pages := {
	"area": _page.area,
	"pages": [object.union(page, {"state": states[i], "open": i in opened}) | some i, page in _flow],
	"previous": _previous,
	"next": _next,
	"progress": _progress,
} if {
	states := _states
	opened := _open
}

# The page at input.path, as the table lists it.
_page := page if {
	path := normalize(input.path)
	some page in tables.pages
	page.path == path
}

_flow := _flow_of(_page.area)

# _flow_of(area) is the pages of area that belong to a step and that this
# loan sees, in funnel order: by their step's order number, then as the
# table lists them (pages of one step, steps without a number). The rules
# it reads are bound once, rather than looked up again for every page.
_flow_of(area) := [object.union(_status_of(page), {
	"path": page.path,
	"label": page.label,
	"area": page.area,
	"step": page.step,
	"section": object.get(labels, page.step, null),
	"order": key[0],
}) |
	some key in keys
	page := tables.pages[key[1]]
] if {
	numbers := order
	labels := sections
	shown := _shown
	variant := _variant
	keys := sort([[object.get(numbers, page.step, null), i] |
		some i, page in tables.pages
		page.area == area
		page.step
		object.get(page, "when", "always") in shown
		variant in object.get(page, "variants", [variant])
	])
}

# A page's status, where the table states one (the /prequal flow's pages,
# whose steps are no status): {"status": ...}, else nothing.
_status_of(page) := {"status": page.status} if {
	page.status
} else := {}

# METADATA
# title: Funnel variant
# description: >-
#   The variant of the funnel the server is set to (input.variant; the
#   first of the table's variants, standard, when none is given). A page
#   whose row lists variants is shown only in those: property-usage is not
#   in withoutPropertyUsage.
# custom:
#   source: issue 11 ("the variant without property-usage selectable by a setting")
default _variant := "standard"

_variant := input.variant if is_string(input.variant)

_variant := tables.variants[0] if {
	not is_string(input.variant)
	is_string(tables.variants[0])
}

# METADATA
# title: Funnel variants
# description: >-
#   The variants the funnel knows (tables.variants), the default first; the
#   server refuses a FUNNEL_VARIANT setting that is not one of them.
# custom:
#   source: issue 11
default variants := ["standard"]

variants := tables.variants if is_array(tables.variants)

# METADATA
# title: Which pages a loan sees
# description: >-
#   A page without `when` ("always") is shown to every loan. A page with
#   `when` is shown only to a loan whose prequalification answer of that
#   name is yes: the coborrower pages to a loan with a coborrower, business
#   information to a self-employed borrower.
# custom:
#   source: >-
#     spec §2 "Application pages"; the conditions are lender practice (URLA
#     sections 1a and 1e; design/screens.md)
_shown := {"always"} | {answer | some answer, yes in input.answers; yes == true}

# Where the page at input.path is in its flow; -1 when it is not there (a
# page beside the flow, or one this loan does not see).
default _index := -1

_index := i if {
	path := _page.path
	some i, page in _flow
	page.path == path
}

# How far the loan has got: the order number of its applicationStatus (null
# for a visitor without a loan, or a status without a number).
default _reached := null

_reached := order[input.applicationStatus]

# METADATA
# title: State of each page
# description: >-
#   Every page of the flow is upcoming, except those the loan is past
#   (done) and the page at input.path (current). By the page's place in
#   the flow.
# custom:
#   source: spec §4 "applicationStatus values in flow order"
_states := object.union_n([
	{i: "upcoming" | some i, _ in _flow},
	{i: "done" | some i in _done},
	{i: "current" | i := _index; i >= 0},
])

# METADATA
# title: Pages a borrower may open
# description: >-
#   A flow is filled in order: its first page, the pages the loan is past
#   and the page of its status (the one being filled in) are open; the
#   pages after the status are not, until the pages before them are saved
#   (the server saves no page that is not open). So a section shows done
#   only once saved.
#   Where no status says how far the loan has got, every page is open.
# custom:
#   source: >-
#     spec §2 "Resume redirect rule", §4 "applicationStatus values in flow
#     order"; lender practice (an application is completed in order)
_open contains 0 if count(_flow) > 0

_open contains i if some i in _done

_open contains i if {
	reached := _reached
	is_number(reached)
	some i, page in _flow
	page.order == reached
}

_open contains i if {
	not is_number(_reached)
	some i, _ in _flow
}

_open contains i if {
	some i, page in _flow
	not is_number(page.order)
}

# METADATA
# title: Pages the loan is past
# description: >-
#   A loan is past every page whose step's order number is below that of its
#   applicationStatus, the step it has reached.
# custom:
#   source: spec §4 "applicationStatus values in flow order"
_done contains i if {
	reached := _reached
	is_number(reached)
	some i, page in _flow
	is_number(page.order)
	page.order < reached
}

# METADATA
# title: Pages a visitor is past
# description: >-
#   Where no status says how far the loan has got (a visitor without a
#   loan, a flow whose steps have no order number), the pages before the
#   current one are done.
# custom:
#   source: lender practice
_done contains i if {
	not is_number(_reached)
	at := _index
	some i, _ in _flow
	i < at
}

_done contains i if {
	at := _index
	some i, page in _flow
	not is_number(page.order)
	i < at
}

# METADATA
# title: Progress
# description: >-
#   How far into its journey the page at input.path is: {"step": N, "of":
#   M}, N counting from 1 over the flows of the journey's areas one after
#   the other (tables.journeys: the landing funnel and the initial setup
#   are one, from the name to the preview offer), or over the page's own
#   flow when its area is in no journey. null for a page beside its flow.
# custom:
#   source: issue 22 ("one progress indicator runs from the first question to the preview offer")
default _progress := null

_progress := {"step": i + 1, "of": count(journey)} if {
	_index >= 0
	journey := _journey
	some i, page in journey
	page.path == _page.path
}

default _journey := []

_journey := _flow if not _in_journey

_journey := [page | some area in areas; some page in _flow_of(area)] if {
	some areas in object.get(tables, "journeys", {})
	_page.area in areas
}

_in_journey if {
	some areas in object.get(tables, "journeys", {})
	_page.area in areas
}

# METADATA
# title: Continue
# description: >-
#   The page after the current one in its flow; after the flow's last page,
#   what its area names as `next`: an area's first page (the preview offer
#   leads on to the application) or a page (the landing funnel leads on to
#   property-value). null where there is none.
# custom:
#   source: spec §2 "Funnel step names and order numbers"
default _next := null

_next := _flow[_index + 1] if _index >= 0

_next := _after(tables.areas[_page.area].next) if {
	_index >= 0
	_index == count(_flow) - 1
}

# _after(name) is the page `next` names: the first page of the area's flow,
# or the page at that path, as its own area's flow shows it.
_after(name) := _flow_of(name)[0] if tables.areas[name]

_after(name) := page if {
	not tables.areas[name]
	some row in tables.pages
	row.path == name
	some page in _flow_of(row.area)
	page.path == name
}

# METADATA
# title: Back
# description: >-
#   The page before the current one in its flow; before the flow's first
#   page, the last page of the area its area names as `previous` (the
#   application's first page leads back to the preview offer). null where
#   there is none.
# custom:
#   source: spec §2 "Funnel step names and order numbers"
default _previous := null

_previous := _flow[_index - 1] if _index > 0

_previous := _last(_flow_of(tables.areas[_page.area].previous)) if _index == 0

_last(list) := list[count(list) - 1]

# normalize(p) is the page of a path or URL path as the page table writes it:
# no query string or fragment, no trailing slash ("/app/application/1/?x=1"
# is "/app/application/1"), and "/" for the home page (or an empty path).
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
