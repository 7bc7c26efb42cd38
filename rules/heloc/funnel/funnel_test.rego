# Tests for heloc.funnel: each reads as a sentence of product spec §2, or of
# the page table's own rules. Where a test can read what it checks from the
# tables (the pages, their steps and conditions), it does, so a change to
# tables/data.yaml alone keeps the suite green while the pages move.
package heloc.funnel_test

import rego.v1

import data.heloc.funnel
import data.heloc.funnel.tables

# --- §2 "Funnel step names and order numbers (lower is earlier)" ---

test_order_has_exactly_the_spec_step_names if {
	object.keys(funnel.order) == {
		"setupPhone", "setupVerify", "setupConsent", "profile", "property", "offer",
		"monthlyDebts", "desiredAmount", "annualIncome", "phone", "loanReason", "name", "email",
		"propertyValue", "mortgageEstimate", "hasFbm", "isSelfEmployed", "creditRange", "zip",
		"propertyUsage", "selfReportedInformationOffer", "creditScore", "coborrower",
		"mortgageBalance", "previewOffer", "application", "application2", "application3",
		"application4", "application5", "manualIncomeVerification", "debtConsolidation",
		"application7", "application8", "disclosures", "application6", "identityVerification",
		"incomeDocs", "loanDisbursement", "applicationSubmitted", "joinWaitlist",
	}
}

test_order_numbers_are_the_spec_table if {
	funnel.order == {
		"setupPhone": 0, "setupVerify": 0, "setupConsent": 0, "profile": 0, "property": 0,
		"offer": 0, "monthlyDebts": 0, "desiredAmount": 0, "annualIncome": 0, "phone": 0,
		"loanReason": 0, "name": 0, "email": 0,
		"propertyValue": 1, "mortgageEstimate": 2, "hasFbm": 3, "isSelfEmployed": 4,
		"creditRange": 5, "zip": 6, "propertyUsage": 7, "selfReportedInformationOffer": 7.5,
		"creditScore": 8, "coborrower": 8.5, "mortgageBalance": 9, "previewOffer": 11,
		"application": 12, "application2": 13, "application3": 14, "application4": 15,
		"application5": 16, "manualIncomeVerification": 17, "debtConsolidation": 18,
		"application7": 20, "application8": 21, "disclosures": 22, "application6": 22.5,
		"identityVerification": 23, "incomeDocs": 24, "loanDisbursement": 25,
		"applicationSubmitted": 26, "joinWaitlist": 27,
	}
}

test_setup_and_contact_steps_share_order_zero if {
	every step in [
		"setupPhone", "setupVerify", "setupConsent", "profile", "property", "offer",
		"monthlyDebts", "desiredAmount", "annualIncome", "phone", "loanReason", "name", "email",
	] {
		funnel.order[step] == 0
	}
}

test_property_value_is_the_first_numbered_step if {
	funnel.order.propertyValue == 1
	min([n | some n in funnel.order; n > 0]) == funnel.order.propertyValue
}

test_self_reported_information_offer_sits_between_property_usage_and_credit_score if {
	funnel.order.selfReportedInformationOffer == 7.5
	funnel.order.propertyUsage < funnel.order.selfReportedInformationOffer
	funnel.order.selfReportedInformationOffer < funnel.order.creditScore
}

test_coborrower_sits_between_credit_score_and_mortgage_balance if {
	funnel.order.coborrower == 8.5
	funnel.order.creditScore < funnel.order.coborrower
	funnel.order.coborrower < funnel.order.mortgageBalance
}

test_preview_offer_comes_before_the_full_application if {
	funnel.order.previewOffer < funnel.order.application
}

test_application6_is_ordered_after_disclosures if {
	funnel.order.application6 == 22.5
	funnel.order.disclosures < funnel.order.application6
	funnel.order.application6 < funnel.order.identityVerification
}

test_application_submitted_comes_after_loan_disbursement if {
	funnel.order.loanDisbursement < funnel.order.applicationSubmitted
}

test_join_waitlist_is_the_last_step if {
	funnel.order.joinWaitlist == 27
	max([n | some n in funnel.order]) == funnel.order.joinWaitlist
}

# --- §2 "Full application section labels" ---

# The spec writes the labels in Title Case ("Personal Info"); the product
# writes every label in sentence case, so these are the spec's words in
# sentence case.

test_application_is_labelled_personal_info if funnel.sections.application == "Personal info"

test_application3_is_labelled_property_info if funnel.sections.application3 == "Property info"

test_application4_is_labelled_additional_real_estate if {
	funnel.sections.application4 == "Additional real estate"
}

test_application5_is_labelled_employment_history if {
	funnel.sections.application5 == "Employment history"
}

test_manual_income_verification_is_labelled_other_income_sources if {
	funnel.sections.manualIncomeVerification == "Other income sources"
}

test_application6_is_labelled_income_verification if {
	funnel.sections.application6 == "Income verification"
}

test_debt_consolidation_is_labelled_debt_consolidation if {
	funnel.sections.debtConsolidation == "Debt consolidation"
}

test_application7_is_labelled_demographics if funnel.sections.application7 == "Demographics"

test_application8_is_labelled_declarations if funnel.sections.application8 == "Declarations"

test_disclosures_is_labelled_e_sign_heca if funnel.sections.disclosures == "E-sign HECA"

# The spec gives identityVerification no label: ours is "Identity verification".
test_identity_verification_is_labelled_identity_verification if {
	funnel.sections.identityVerification == "Identity verification"
}

test_income_docs_is_labelled_income_docs if funnel.sections.incomeDocs == "Income docs"

# The spec gives loanDisbursement no label: ours is "Loan disbursement".
test_loan_disbursement_is_labelled_loan_disbursement if {
	funnel.sections.loanDisbursement == "Loan disbursement"
}

test_application_submitted_is_labelled_submitted if {
	funnel.sections.applicationSubmitted == "Submitted"
}

test_sections_label_exactly_the_spec_steps if {
	object.keys(funnel.sections) == {
		"application", "application3", "application4", "application5",
		"manualIncomeVerification", "application6", "debtConsolidation", "application7",
		"application8", "disclosures", "identityVerification", "incomeDocs",
		"loanDisbursement", "applicationSubmitted",
	}
}

test_application2_has_no_section_label if not funnel.sections.application2

test_every_labelled_section_is_a_full_application_step if {
	every step, _ in funnel.sections {
		funnel.order[step] >= funnel.order.application
	}
}

# --- Steps in words (the portal's status): the section, else the step's first page ---

test_a_full_application_step_reads_as_its_section if {
	funnel.step_labels.application8 == "Declarations"
	funnel.step_labels.applicationSubmitted == "Submitted"
}

test_a_prequalification_step_reads_as_the_page_a_loan_there_resumes_at if {
	funnel.step_labels.propertyValue == "Home value"
	funnel.step_labels.zip == "Property ZIP code"
}

test_a_section_label_wins_over_its_pages_labels if {
	# application5's pages are "Employment history" and the coborrower's
	# and business pages; the status reads as the section.
	funnel.step_labels.application5 == funnel.sections.application5
}

test_every_step_a_loan_reaches_reads_in_words_but_the_unlabelled_application2 if {
	unlabelled := {step | some step, n in funnel.order; n > 0; not funnel.step_labels[step]}
	unlabelled == {"application2"}
}

# --- §2 "Prequalification flow steps, in order" and "Alternate prequalification paths" ---

_prequal := _decide("/prequal/address", {})

test_the_prequal_flow_walks_the_spec_steps_in_order if {
	[p.step | some p in _prequal.pages] == [
		"prequalAddress", "prequalListedForSale", "prequalNewMortgage", "prequalDerogatory",
		"prequalCredit", "prequalCoborrower", "prequalMortgageSelect", "prequalDebts",
		"prequalPreOffer", "prequalOffer",
	]
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

# --- Labels in one case style ---

# A word in Title Case: a capital, then a lowercase letter. Acronyms (ZIP,
# HECA) and the first word are allowed.
_title_case_words(label) := [w |
	some i, w in split(label, " ")
	i > 0
	regex.match(`^[A-Z][a-z]`, w)
]

test_every_label_is_in_sentence_case if {
	every page in tables.pages {
		_title_case_words(page.label) == []
	}
	every _, label in tables.sections {
		_title_case_words(label) == []
	}
}

# --- The page table (tables.pages, tables.areas) ---

test_every_page_is_listed_once if {
	count({page.path | some page in tables.pages}) == count(tables.pages)
}

test_every_page_belongs_to_a_described_area if {
	every page in tables.pages {
		tables.areas[page.area]
	}
}

test_every_page_lies_under_its_areas_folder if {
	every page in tables.pages {
		every prefix in [p | p := tables.areas[page.area].prefix] {
			funnel.under(page.path, prefix)
		}
	}
}

test_the_steps_of_the_initial_setup_and_the_application_have_order_numbers if {
	every page in tables.pages {
		every step in [s | s := page.step; page.area in {"initialSetup", "application"}] {
			is_number(funnel.order[step])
		}
	}
}

test_every_section_of_the_application_has_a_page if {
	every step, _ in funnel.sections {
		some page in tables.pages
		page.step == step
		page.area == "application"
	}
}

test_a_page_names_an_answer_only_where_it_belongs_to_a_flow if {
	every page in tables.pages {
		every _ in [w | w := page.when] {
			page.step
		}
	}
}

test_the_routes_are_every_page_with_its_label_as_title if {
	count(funnel.routes) == count(tables.pages)
	every i, route in funnel.routes {
		route == {"path": tables.pages[i].path, "title": tables.pages[i].label, "area": tables.pages[i].area}
	}
}

# --- Which pages a loan sees (spec §2 "Application pages"; conditions from screens.md) ---

# The decision for the page at path, for a loan with these answers.
_decide(path, answers) := result if {
	result := funnel.pages with input as {"path": path, "answers": answers}
}

# The paths of the flow of the page at path, for a loan with these answers.
_paths(path, answers) := [p.path | some p in _decide(path, answers).pages]

_everything := {"hasCoborrower": true, "isSelfEmployed": true}

test_a_conditional_page_shows_exactly_to_the_loans_with_its_answer if {
	every page in tables.pages {
		every answer in [w | w := page.when] {
			page.path in _paths(page.path, {answer: true})
			not page.path in _paths(page.path, {answer: false})
			not page.path in _paths(page.path, {})
		}
	}
}

test_a_page_of_a_flow_without_a_condition_shows_to_every_loan if {
	every page in tables.pages {
		every _ in [s | s := page.step; not page.when] {
			page.path in _paths(page.path, {})
		}
	}
}

test_the_coborrower_pages_show_only_with_a_coborrower if {
	coborrower_pages := {"/app/application/4/coborrower", "/app/application/other-income/coborrower"}
	every path in coborrower_pages {
		path in _paths("/app/application/1", {"hasCoborrower": true})
		not path in _paths("/app/application/1", {"hasCoborrower": false, "isSelfEmployed": true})
	}
}

test_business_information_shows_only_to_a_self_employed_borrower if {
	"/app/application/business-information" in _paths("/app/application/1", {"isSelfEmployed": true})
	not "/app/application/business-information" in _paths("/app/application/1", {"hasCoborrower": true})
}

test_pages_follow_the_funnel_order_numbers if {
	pages := _decide("/app/application/1", _everything).pages
	every i in numbers.range(1, count(pages) - 1) {
		funnel.order[pages[i - 1].step] <= funnel.order[pages[i].step]
	}
}

test_income_verification_comes_after_signing_by_its_order_number if {
	paths := _paths("/app/application/1", {})
	some i, j
	paths[i] == "/app/application/sign"
	paths[j] == "/app/application/income-verification"
	i < j
}

test_every_page_carries_its_step_section_and_order_number if {
	pages := _decide("/app/application/1", _everything).pages
	every page in pages {
		page.section == funnel.sections[page.step]
		page.order == funnel.order[page.step]
	}
}

test_the_application_starts_at_personal_info_and_ends_submitted if {
	pages := _decide("/app/application/1", {}).pages
	pages[0].section == "Personal info"
	pages[count(pages) - 1].section == "Submitted"
}

# --- Back and Continue ---

test_every_page_of_a_flow_leads_to_its_neighbours if {
	every area in ["landing", "initialSetup", "application", "prequal"] {
		first := [page.path | some page in tables.pages; page.area == area; page.step][0]
		flow := _paths(first, _everything)
		every i, path in flow {
			result := funnel.pages with input as {"path": path, "answers": _everything}
			every next in [n | n := flow[i + 1]] {
				result.next.path == next
			}
			every previous in [p | p := flow[i - 1]] {
				result.previous.path == previous
			}
		}
	}
}

test_employment_is_followed_by_the_coborrower_employment_page_with_a_coborrower if {
	result := funnel.pages with input as {"path": "/app/application/4", "answers": {"hasCoborrower": true}}
	result.next.path == "/app/application/4/coborrower"
}

test_without_a_coborrower_employment_is_followed_by_other_income if {
	result := funnel.pages with input as {"path": "/app/application/4", "answers": {}}
	result.next.path == "/app/application/other-income"
}

test_the_preview_offer_continues_to_the_application if {
	result := funnel.pages with input as {"path": "/app/initial-setup/preview-offer"}
	result.next.path == "/app/application/1"
	result.next.area == "application"
}

test_the_prequal_flow_continues_to_the_application if {
	result := funnel.pages with input as {"path": "/prequal/preview-offer"}
	result.next.path == "/app/application/1"
}

test_the_application_goes_back_to_the_preview_offer if {
	result := funnel.pages with input as {"path": "/app/application/1"}
	result.previous.path == "/app/initial-setup/preview-offer"
}

test_the_first_pages_of_the_funnels_have_no_back if {
	every path in ["/prequal/address", _paths("/app/initial-setup/zip", {})[0]] {
		result := funnel.pages with input as {"path": path}
		result.previous == null
	}
}

test_nothing_follows_submitted if {
	result := funnel.pages with input as {"path": "/app/application/submitted"}
	result.next == null
}

test_a_page_beside_the_flow_has_the_flow_without_a_current_page_or_neighbours if {
	result := funnel.pages with input as {"path": "/app/application/faqs", "applicationStatus": "application3"}
	result.area == "application"
	count(result.pages) > 0
	every page in result.pages {
		page.state != "current"
	}
	result.previous == null
	result.next == null
}

test_a_page_the_loan_does_not_see_has_no_neighbours if {
	result := funnel.pages with input as {"path": "/app/application/4/coborrower", "answers": {"hasCoborrower": false}}
	result.previous == null
	result.next == null
}

test_a_trailing_slash_or_query_string_is_the_same_page if {
	plain := funnel.pages with input as {"path": "/app/application/4"}
	funnel.pages == plain with input as {"path": "/app/application/4/?from=email#top"}
}

# --- Done, current, upcoming ---

_states(result) := [[p.path, p.state] | some p in result.pages]

test_the_page_at_the_path_is_the_one_current_page if {
	result := funnel.pages with input as {"path": "/app/application/6"}
	[p.path | some p in result.pages; p.state == "current"] == ["/app/application/6"]
}

test_a_visitor_without_a_loan_is_past_the_pages_before_the_current_one if {
	result := funnel.pages with input as {"path": "/prequal/credit-check"}
	some i, current in result.pages
	current.state == "current"
	every j, page in result.pages {
		page.state == _by_position(j, i)
	}
}

_by_position(j, i) := "done" if j < i

_by_position(j, i) := "current" if j == i

_by_position(j, i) := "upcoming" if j > i

test_a_loan_is_past_the_steps_before_its_status if {
	result := funnel.pages with input as {"path": "/app/application/1", "applicationStatus": "application5"}
	every page in result.pages {
		page.state == _by_status(page, "/app/application/1", "application5")
	}
}

_by_status(page, path, status) := "current" if {
	page.path == path
} else := "done" if {
	funnel.order[page.step] < funnel.order[status]
} else := "upcoming"

test_a_returning_applicant_sees_what_is_behind_and_ahead_of_their_status if {
	result := funnel.pages with input as {"path": "/app/application/1", "applicationStatus": "application5"}
	states := {path: state | some p in result.pages; path := p.path; state := p.state}
	states["/app/application/1"] == "current"
	states["/app/application/2"] == "done"
	states["/app/application/3"] == "done"
	states["/app/application/4"] == "upcoming"
}

test_the_application_opens_page_by_page_up_to_the_status if {
	result := funnel.pages with input as {"path": "/app/application/2", "applicationStatus": "application4"}
	opened := {p.path: p.open | some p in result.pages}
	opened["/app/application/1"] == true
	opened["/app/application/2"] == true
	opened["/app/application/3"] == true # the status's page, being filled in
	opened["/app/application/4"] == false
	opened["/app/application/7"] == false
}

test_a_loan_before_the_application_may_open_only_its_first_page if {
	result := funnel.pages with input as {"path": "/app/application/1", "applicationStatus": "previewOffer"}
	[p.path | some p in result.pages; p.open] == ["/app/application/1"]
}

test_a_visitor_without_a_status_may_open_every_page if {
	result := funnel.pages with input as {"path": "/app/initial-setup/zip"}
	every p in result.pages {
		p.open
	}
}

test_a_status_without_an_order_number_goes_by_position if {
	result := funnel.pages with input as {"path": "/app/application/3", "applicationStatus": "somethingNew"}
	[p.state | some p in array.slice(result.pages, 0, 4)] == ["done", "done", "current", "upcoming"]
}

# --- Policy contract: every entrypoint has a default, never undefined ---

_none := {"area": null, "pages": [], "previous": null, "next": null}

test_every_entrypoint_has_a_default_without_tables if {
	funnel.order == {} with data.heloc.funnel.tables as {}
	funnel.sections == {} with data.heloc.funnel.tables as {}
	funnel.routes == [] with data.heloc.funnel.tables as {}
	funnel.pages == _none with data.heloc.funnel.tables as {} with input as {"path": "/app/application/1"}
}

test_a_malformed_table_falls_back_to_the_default if {
	funnel.order == {} with data.heloc.funnel.tables.order as ["propertyValue"]
	funnel.sections == {} with data.heloc.funnel.tables.sections as "Personal Info"
}

test_a_path_that_is_no_page_has_no_flow if {
	funnel.pages == _none with input as {"path": "/no/such/page"}
	funnel.pages == _none with input as {}
}

test_a_page_outside_every_flow_has_an_empty_one if {
	funnel.pages == object.union(_none, {"area": "public"}) with input as {"path": "/faq"}
}
