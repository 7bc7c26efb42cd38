# Funnel steps, their order and their labels (product spec §2).
#
# The tables themselves are data (tables/data.yaml, loaded at
# data.heloc.funnel.tables) so that a compliance change is a data diff; the
# rules here only expose them, with a default each so that no entrypoint is
# ever undefined, even when a table is missing or has the wrong shape.
package heloc.funnel

import rego.v1

import data.heloc.funnel.tables

# Spec §2 "Funnel step names and order numbers": step name -> order number,
# lower is earlier. Several steps share order 0.
default order := {}

order := tables.order if is_object(tables.order)

# Spec §2 "Full application section labels": step name -> label shown for that
# section of the full application.
default sections := {}

sections := tables.sections if is_object(tables.sections)

# Spec §2 "Prequalification flow steps, in order": the /prequal flow as an
# ordered list of {step, slug, label}; the page of a step is /prequal/<slug>.
default prequal_steps := []

prequal_steps := tables.prequal_steps if is_array(tables.prequal_steps)

# Spec §2 "Landing funnel question pages": the slugs of the landing funnel in
# the order asked, as {default, withoutPropertyUsage} (the spec's second
# variant drops property-usage).
default landing_pages := {"default": [], "withoutPropertyUsage": []}

landing_pages := tables.landing_pages if {
	is_array(tables.landing_pages["default"])
	is_array(tables.landing_pages.withoutPropertyUsage)
}

# The full application's pages for one loan, in funnel order: every page of
# tables.application_pages whose `when` holds for input.application. Input:
# {"application": {"user": {...}, "coborrower": null | {...}, "isSelfEmployed": bool}},
# the application shape of data.heloc.documents. Each page carries its step's
# section label, so the webapp renders the stepper from this list alone.
# (The list for each combination of the facts that `when` names is worked
# out by _pages_by_facts, which reads no input: the engine works it out once
# per policy revision (server/policy, fold), so a decision only looks up the
# loan's facts.)
default application_pages := []

application_pages := _pages_by_facts[[fact | some fact in _when_facts; _facts[fact]]]

# The facts that some page's `when` names.
_when_facts := {row.when | some row in tables.application_pages; object.get(row, "when", false) != false}

# For each set of those facts (as a sorted list), the pages shown to a loan
# with exactly them: those without a `when`, and those whose `when` is one
# of them.
_pages_by_facts[sort(facts)] := [page |
	some row in rows
	_shown(row, facts)
	page := object.union(row, {"section": object.get(labels, row.step, "")})
] if {
	rows := tables.application_pages
	is_array(rows)
	labels := sections
	some facts in _subsets(_when_facts)
}

# A row is shown to a loan with the facts: it has no `when`, or its `when`
# is one of them.
_shown(row, _) if object.get(row, "when", false) == false

_shown(row, facts) if facts[row.when]

# Every subset of the set s: for each n below 2^|s|, the elements whose bit
# is set in n.
_subsets(s) := {{x | some i, x in list; bits.and(n, bits.lsh(1, i)) != 0} |
	list := sort(s)
	some n in numbers.range(0, bits.lsh(1, count(list)) - 1)
}

# The page after input.path in this loan's application, or null at the end
# (or when input.path is not one of its pages).
default next_page := null

next_page := application_pages[i + 1] if {
	some i, page in application_pages
	page.path == _path
	i + 1 < count(application_pages)
}

# The page before input.path in this loan's application, or null.
default previous_page := null

previous_page := application_pages[i - 1] if {
	some i, page in application_pages
	page.path == _path
	i > 0
}

_path := trim_suffix(object.get(input, "path", ""), "/")

_application := object.get(input, "application", {})

_people := [p | some p in [object.get(_application, "user", null), object.get(_application, "coborrower", null)]; is_object(p)]

_facts["hasCoborrower"] if is_object(object.get(_application, "coborrower", null))

# Self-employed when the prequal answer said so (is-self-employed page) or
# any employment of either person is marked self-employed (spec §3).
_facts["selfEmployed"] if object.get(_application, "isSelfEmployed", false) == true

_facts["selfEmployed"] if {
	some person in _people
	some job in object.get(person, "employments", [])
	object.get(job, "selfEmployedIndicator", false) == true
}
