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

# The /prequal flow's steps are no applicationStatus: each page from the
# credit check on (where the account, and so the loan, is made) states the
# status a loan has reached there, which a save of the page before records
# and the resume rule brings the borrower back to; the initial setup's
# pages state none (their step is their status).
test_the_prequal_pages_state_the_status_a_loan_reaches_on_them if {
	[[p.path, object.get(p, "status", null)] | some p in _prequal.pages] == [
		["/prequal/address", null], ["/prequal/listed-for-sale", null],
		["/prequal/subject-to-mortgage", null], ["/prequal/has-fbm", null],
		["/prequal/credit-check", "creditScore"], ["/prequal/coborrower", "coborrower"],
		["/prequal/mortgage-select", "mortgageBalance"], ["/prequal/debts", "mortgageBalance"],
		["/prequal/pre-offer", "previewOffer"], ["/prequal/preview-offer", "previewOffer"],
	]
	every p in _decide("/app/initial-setup/coborrower", {}).pages {
		not "status" in object.keys(p)
	}
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

test_the_landing_funnel_asks_the_name_then_the_email_where_the_account_is_made if {
	[p.step | some p in _landing.pages] == ["name", "email"]
}

test_the_landing_funnel_continues_to_property_value if {
	last := _landing.pages[count(_landing.pages) - 1]
	result := funnel.pages with input as {"path": last.path}
	result.next.path == "/app/initial-setup/property-value"
	result.next.area == "initialSetup"
	result.next.step == "propertyValue"
}

test_property_value_goes_back_to_the_email if {
	result := funnel.pages with input as {"path": "/app/initial-setup/property-value"}
	result.previous.path == "/start/email"
}

# --- Issue 22: one journey, in the spec's order, from the call to action to the preview offer ---

# The pages a visitor walks from the home page's call to action: the
# landing funnel's flow, then the initial setup's, to the preview offer.
_walk(answers) := array.concat([p.path | some p in landing.pages], [p.path | some p in setup.pages]) if {
	landing := funnel.pages with input as {"path": "/start/name", "answers": answers}
	setup := funnel.pages with input as {"path": "/app/initial-setup/property-value", "answers": answers}
}

test_the_default_path_is_the_spec_landing_funnel_in_its_order if {
	asked := [s | some path in _walk({}); s := _slug(path); s in _landing_questions]
	asked == _landing_questions
}

test_the_default_path_reaches_the_preview_offer_in_at_most_14_pages if {
	walk := _walk({"hasCoborrower": true})
	walk[count(walk) - 1] == "/app/initial-setup/preview-offer"
	count(walk) <= 14
}

test_the_income_and_debts_are_asked_once_just_before_the_preview_offer if {
	walk := _walk({})
	[p | some p in walk; p == "/app/initial-setup/credit-income"] == ["/app/initial-setup/credit-income"]
	walk[count(walk) - 2] == "/app/initial-setup/credit-income"
}

test_the_other_recognised_slugs_stay_routes_beside_the_default_path if {
	walk := {p | some p in _walk({})}
	every path in [
		"/start/phone", "/start/contact-information", "/start/annual-income", "/start/monthly-debts",
		"/start/desired-amount", "/start/loan-reason", "/app/initial-setup/pre-offer",
	] {
		some r in funnel.routes
		r.path == path
		not path in walk
	}
}

test_one_progress_indicator_counts_from_the_name_to_the_preview_offer if {
	first := funnel.pages with input as {"path": "/start/name"}
	first.progress == {"step": 1, "of": 14}
	value := funnel.pages with input as {"path": "/app/initial-setup/property-value"}
	value.progress == {"step": 3, "of": 14}
	offer := funnel.pages with input as {"path": "/app/initial-setup/preview-offer"}
	offer.progress == {"step": 14, "of": 14}
	without := funnel.pages with input as {"path": "/app/initial-setup/preview-offer", "variant": "withoutPropertyUsage"}
	without.progress == {"step": 13, "of": 13}
}

test_an_area_of_no_journey_counts_its_own_flow if {
	first := funnel.pages with input as {"path": "/prequal/address"}
	first.progress == {"step": 1, "of": count(first.pages)}
}

test_a_page_beside_the_flow_has_no_progress if {
	result := funnel.pages with input as {"path": "/app/initial-setup/pre-offer"}
	result.progress == null
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

# Spec §2: "A second variant omits property-usage: zip, then credit-score".
test_without_property_usage_the_zip_page_continues_to_the_credit_check if {
	result := funnel.pages with input as {"path": "/app/initial-setup/zip", "variant": "withoutPropertyUsage"}
	result.next.path == "/app/initial-setup/credit-score"
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
