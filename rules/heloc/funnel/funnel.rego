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
#   sees, in funnel order, each with its label, step, section, order number
#   and state (done, current or upcoming), and the pages before and after
#   it. Input: {"path": string, "applicationStatus": string | null,
#   "answers": {"hasCoborrower": bool, "isSelfEmployed": bool}}; the server
#   fills in the status and answers of a signed-in applicant's loan, and a
#   visitor without one sends their own answers. A page outside every flow
#   (a public page, a path that is no page) has an empty flow; a page beside
#   its area's flow (the application summary) has the flow without a current
#   page, and no previous or next.
# custom:
#   source: >-
#     spec §2 "Funnel step names and order numbers", "Full application
#     section labels", "Prequalification flow steps, in order"; the
#     conditions are lender practice (URLA, design/screens.md)
default pages := {"area": null, "pages": [], "previous": null, "next": null}

pages := {
	"area": _page.area,
	"pages": [object.union(page, {"state": _state(i)}) | some i, page in _flow],
	"previous": _previous,
	"next": _next,
}

# The page at input.path, as the table lists it.
_page := page if {
	some page in tables.pages
	page.path == normalize(input.path)
}

_flow := _flow_of(_page.area)

# _flow_of(area) is the pages of area that belong to a step and that this
# loan sees, in funnel order: by their step's order number, then as the
# table lists them (pages of one step, steps without a number).
_flow_of(area) := [_entry(tables.pages[key[1]]) | some key in _sorted(area)]

# _sorted(area) is [order number, row] of each such page, sorted.
_sorted(area) := sort([[_order_of(page), i] |
	some i, page in tables.pages
	page.area == area
	page.step
	_sees(page)
])

_order_of(page) := object.get(order, page.step, null)

# _entry(page) is a page as the decision returns it.
_entry(page) := {
	"path": page.path,
	"label": page.label,
	"area": page.area,
	"step": page.step,
	"section": object.get(sections, page.step, null),
	"order": _order_of(page),
}

# METADATA
# title: Pages every loan sees
# description: A page without `when` is shown to every loan.
# custom:
#   source: spec §2 "Application pages"
_sees(page) if not page.when

# METADATA
# title: Pages some loans see
# description: >-
#   A page with `when` is shown only to a loan whose prequalification answer
#   of that name is yes: the coborrower pages to a loan with a coborrower,
#   business information to a self-employed borrower.
# custom:
#   source: lender practice (URLA sections 1a and 1e; design/screens.md)
_sees(page) if input.answers[page.when] == true

# Where the page at input.path is in its flow (undefined when it is not).
_index := i if {
	some i, page in _flow
	page.path == _page.path
}

# METADATA
# title: State of a page
# description: >-
#   The page at input.path is current; a page the loan is past is done;
#   every other page is upcoming.
# custom:
#   source: spec §4 "applicationStatus values in flow order"
_state(i) := "current" if {
	i == _index
} else := "done" if {
	_passed(i)
} else := "upcoming"

# How far the loan has got: the order number of its applicationStatus.
_reached := order[input.applicationStatus]

# METADATA
# title: Pages the loan is past
# description: >-
#   A loan is past every page whose step's order number is below that of its
#   applicationStatus, the step it has reached.
# custom:
#   source: spec §4 "applicationStatus values in flow order"
_passed(i) if {
	is_number(_flow[i].order)
	_flow[i].order < _reached
}

# METADATA
# title: Pages a visitor is past
# description: >-
#   Where no status says how far the loan has got (a visitor without a
#   loan, a flow whose steps have no order number), the pages before the
#   current one are done.
# custom:
#   source: lender practice
_passed(i) if {
	not _measured(i)
	i < _index
}

_measured(i) if {
	is_number(_flow[i].order)
	is_number(_reached)
}

# METADATA
# title: Continue
# description: >-
#   The page after the current one in its flow; after the flow's last page,
#   the first page of the area its area names as `next` (the preview offer
#   leads on to the application). null where there is none.
# custom:
#   source: spec §2 "Funnel step names and order numbers"
default _next := null

_next := _flow[_index + 1]

_next := _flow_of(tables.areas[_page.area].next)[0] if _index == count(_flow) - 1

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

_previous := _flow[_index - 1]

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
