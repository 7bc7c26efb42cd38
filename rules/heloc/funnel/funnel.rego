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
