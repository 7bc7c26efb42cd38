# Tests for heloc.funnel's flows before the application: the prequalification
# flow, the landing funnel's questions and pages, the self-reported estimate,
# the funnel's variants and the waitlist. The helpers (_decide, _paths) are
# pages_test.rego's.

package heloc.funnel_test

import rego.v1

import data.heloc.funnel
import data.heloc.funnel.tables

# --- §2 "Prequalification flow steps, in order" and "Alternate prequalification paths" ---

_prequal := _decide("/prequal/address", {})

test_the_prequal_flow_walks_the_spec_steps_in_order if {
	[p.step | some p in _prequal.pages] == [
		"prequalAddress", "prequalListedForSale", "prequalNewMortgage", "prequalDerogatory",
		"prequalCredit", "prequalCoborrower", "prequalMortgageSelect", "prequalDebts",
		"prequalPreOffer", "prequalOffer",
	]
}

# /prequal itself is a literal route (issue 22: it was a 404) beside the
# flow: the flow's pages, none of them current, the first being where it
# leads.
test_prequal_itself_is_a_route_that_leads_to_the_flows_first_page if {
	some r in funnel.routes
	r.path == "/prequal"
	r.area == "prequal"
	d := _decide("/prequal", {})
	d.area == "prequal"
	d.pages[0].path == "/prequal/address"
	[p.path | some p in d.pages] == [p.path | some p in _prequal.pages]
	every p in d.pages {
		p.state == "upcoming"
	}
}

# The spec's labels (Property Address, Listed For Sale, ...), in sentence case.
test_the_prequal_flow_carries_the_spec_labels if {
	[p.label | some p in _prequal.pages] == [
		"Property address", "Listed for sale", "New mortgage", "Disqualifying issues",
		"Credit pull", "Coborrower info", "Select mortgage", "Debt payoff", "Pre-offer",
		"Preview offer",
	]
}

test_the_prequal_flow_is_the_prequal_paths_in_order if {
	[p.path | some p in _prequal.pages] == [concat("", ["/prequal/", slug]) | some slug in [
		"address", "listed-for-sale", "subject-to-mortgage", "has-fbm", "credit-check",
		"coborrower", "mortgage-select", "debts", "pre-offer", "preview-offer",
	]]
}

# --- §2 "Landing funnel question pages" ---

# The landing funnel's questions, in the spec's order. name and email are
# asked in the landing area, where the account is made, so the initial setup
# has no page for them.
_landing_questions := [
	"name", "email", "property-value", "mortgage-estimate", "has-fbm", "is-self-employed",
	"credit-range", "zip", "property-usage", "credit-score", "mortgage-balance", "preview-offer",
]

_slug(path) := s if {
	parts := split(path, "/")
	s := parts[count(parts) - 1]
}

test_the_initial_setup_asks_the_landing_funnel_questions_in_the_spec_order if {
	flow := funnel.pages with input as {"path": "/app/initial-setup/property-value"}
	asked := [s | some p in flow.pages; s := _slug(p.path); s in _landing_questions]
	asked == [q | some q in _landing_questions; q in asked]
	{q | some q in _landing_questions; not q in asked} == {"name", "email"}
}

test_name_and_email_are_the_landing_funnels_first_questions if {
	flow := funnel.pages with input as {"path": "/start/name"}
	[_slug(p.path) | some p in array.slice(flow.pages, 0, 2)] == ["name", "email"]
}

# --- The landing funnel (the contract's page table) ---

_landing := _decide("/start/name", {})

test_the_landing_funnel_asks_its_rows_in_order if {
	[p.path | some p in _landing.pages] == [page.path |
		some page in tables.pages
		page.area == "landing"
		page.step
	]
}

test_the_landing_funnel_makes_the_account_before_the_money_questions if {
	steps := [p.step | some p in _landing.pages]
	steps == [
		"name", "email", "phone", "setupConsent",
		"annualIncome", "monthlyDebts", "desiredAmount", "loanReason",
	]
}

test_the_landing_funnel_continues_to_property_value if {
	last := _landing.pages[count(_landing.pages) - 1]
	result := funnel.pages with input as {"path": last.path}
	result.next.path == tables.areas.landing.next
	result.next.path == "/app/initial-setup/property-value"
	result.next.area == "initialSetup"
	result.next.step == "propertyValue"
}

test_the_landing_funnel_starts_without_back if {
	_landing.previous == null
}

test_the_offer_summary_and_after_offer_are_beside_the_landing_flow if {
	every path in ["/start/best-offer-summary", "/start/after-offer"] {
		result := funnel.pages with input as {"path": path}
		result.area == "landing"
		not path in {p.path | some p in result.pages}
		result.next == null
		result.previous == null
	}
}

# --- Step 7.5: the self-reported estimate ---

test_the_estimate_page_comes_after_property_usage_and_before_the_credit_check if {
	paths := _paths("/app/initial-setup/property-value", {})
	some i, j, k
	paths[i] == "/app/initial-setup/property-usage"
	paths[j] == "/app/initial-setup/pre-offer"
	paths[k] == "/app/initial-setup/credit-score"
	i + 1 == j
	j + 1 == k
}

# --- The funnel's variants ---

_initial_setup(variant) := [p.path | some p in r.pages] if {
	r := funnel.pages with input as {"path": "/app/initial-setup/property-value", "variant": variant}
}

test_the_standard_variant_asks_every_initial_setup_question if {
	"/app/initial-setup/property-usage" in _initial_setup("standard")
	_paths("/app/initial-setup/property-value", {}) == _initial_setup(tables.variants[0])
}

test_the_variant_without_property_usage_omits_only_that_page if {
	without := _initial_setup("withoutPropertyUsage")
	not "/app/initial-setup/property-usage" in without
	[p | some p in _initial_setup("standard"); p != "/app/initial-setup/property-usage"] == without
}

test_without_property_usage_the_zip_page_continues_to_the_estimate if {
	result := funnel.pages with input as {"path": "/app/initial-setup/zip", "variant": "withoutPropertyUsage"}
	result.next.path == "/app/initial-setup/pre-offer"
}

test_a_page_shows_in_exactly_the_variants_its_row_lists if {
	wrong := [[page.path, variant] |
		some page in tables.pages
		page.step
		not page.when
		some variant in tables.variants
		listed := variant in object.get(page, "variants", tables.variants)
		_shown_in(page, variant) != listed
	]
	wrong == []
}

_shown_in(page, variant) := page.path in {p.path |
	r := funnel.pages with input as {"path": page.path, "variant": variant}
	some p in r.pages
}

test_the_variants_are_the_tables if {
	funnel.variants == tables.variants
	tables.variants[0] == "standard"
}

# --- The waitlist (step joinWaitlist, 27) ---

test_the_waitlist_page_has_no_back_or_continue if {
	result := funnel.pages with input as {"path": "/join-waitlist"}
	result.area == "waitlist"
	result.previous == null
	result.next == null
}

test_the_waitlist_page_is_the_join_waitlist_step if {
	some page in tables.pages
	page.path == "/join-waitlist"
	page.step == "joinWaitlist"
}
