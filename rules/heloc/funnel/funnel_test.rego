# Tests for heloc.funnel: each reads as a sentence of product spec §2.
package heloc.funnel_test

import rego.v1

import data.heloc.funnel

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

test_application_is_labelled_personal_info if funnel.sections.application == "Personal Info"

test_application3_is_labelled_property_info if funnel.sections.application3 == "Property Info"

test_application4_is_labelled_additional_real_estate if {
	funnel.sections.application4 == "Additional Real Estate"
}

test_application5_is_labelled_employment_history if {
	funnel.sections.application5 == "Employment History"
}

test_manual_income_verification_is_labelled_other_income_sources if {
	funnel.sections.manualIncomeVerification == "Other Income Sources"
}

test_application6_is_labelled_income_verification if {
	funnel.sections.application6 == "Income Verification"
}

test_debt_consolidation_is_labelled_debt_consolidation if {
	funnel.sections.debtConsolidation == "Debt Consolidation"
}

test_application7_is_labelled_demographics if funnel.sections.application7 == "Demographics"

test_application8_is_labelled_declarations if funnel.sections.application8 == "Declarations"

test_disclosures_is_labelled_e_sign_heca if funnel.sections.disclosures == "E-sign HECA"

# The spec gives identityVerification no label: ours is "Identity Verification".
test_identity_verification_is_labelled_identity_verification if {
	funnel.sections.identityVerification == "Identity Verification"
}

test_income_docs_is_labelled_income_docs if funnel.sections.incomeDocs == "Income Docs"

# The spec gives loanDisbursement no label: ours is "Loan Disbursement".
test_loan_disbursement_is_labelled_loan_disbursement if {
	funnel.sections.loanDisbursement == "Loan Disbursement"
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

# --- §2 "Prequalification flow steps, in order" and "Alternate prequalification paths" ---

test_prequal_steps_are_in_the_spec_order if {
	[s.step | some s in funnel.prequal_steps] == [
		"prequalAddress", "prequalListedForSale", "prequalNewMortgage", "prequalDerogatory",
		"prequalCredit", "prequalCoborrower", "prequalMortgageSelect", "prequalDebts",
		"prequalPreOffer", "prequalOffer",
	]
}

test_prequal_steps_carry_the_spec_labels if {
	[s.label | some s in funnel.prequal_steps] == [
		"Property Address", "Listed For Sale", "New Mortgage", "Disqualifying Issues",
		"Credit Pull", "Coborrower Info", "Select Mortgage", "Debt Payoff", "Pre-Offer",
		"Preview Offer",
	]
}

test_prequal_slugs_are_the_prequal_paths_in_order if {
	[s.slug | some s in funnel.prequal_steps] == [
		"address", "listed-for-sale", "subject-to-mortgage", "has-fbm", "credit-check",
		"coborrower", "mortgage-select", "debts", "pre-offer", "preview-offer",
	]
}

test_prequal_starts_at_the_property_address if {
	funnel.prequal_steps[0] == {"step": "prequalAddress", "slug": "address", "label": "Property Address"}
}

test_prequal_ends_at_the_preview_offer if {
	last := funnel.prequal_steps[count(funnel.prequal_steps) - 1]
	last == {"step": "prequalOffer", "slug": "preview-offer", "label": "Preview Offer"}
}

# --- §2 "Landing funnel question pages" ---

test_landing_funnel_asks_the_spec_pages_in_order if {
	funnel.landing_pages["default"] == [
		"name", "email", "property-value", "mortgage-estimate", "has-fbm", "is-self-employed",
		"credit-range", "zip", "property-usage", "credit-score", "mortgage-balance", "preview-offer",
	]
}

test_second_landing_variant_omits_only_property_usage if {
	funnel.landing_pages.withoutPropertyUsage == [p |
		some p in funnel.landing_pages["default"]
		p != "property-usage"
	]
}

test_second_landing_variant_goes_zip_credit_score_mortgage_balance_preview_offer if {
	pages := funnel.landing_pages.withoutPropertyUsage
	array.slice(pages, count(pages) - 4, count(pages)) == ["zip", "credit-score", "mortgage-balance", "preview-offer"]
}

# --- Policy contract: every entrypoint has a default, never undefined ---

test_every_entrypoint_has_a_default_without_tables if {
	funnel.order == {} with data.heloc.funnel.tables as {}
	funnel.sections == {} with data.heloc.funnel.tables as {}
	funnel.prequal_steps == [] with data.heloc.funnel.tables as {}
	funnel.landing_pages == {"default": [], "withoutPropertyUsage": []} with data.heloc.funnel.tables as {}
}

test_a_malformed_table_falls_back_to_the_default if {
	funnel.order == {} with data.heloc.funnel.tables.order as ["propertyValue"]
	funnel.prequal_steps == [] with data.heloc.funnel.tables.prequal_steps as {"a": 1}
}

# --- Which pages a loan sees (§2 "Application pages"; conditions from screens.md)

_single_salaried := {"application": {"user": {"employments": [{"selfEmployedIndicator": false}]}, "coborrower": null}}

_with_coborrower := {"application": {"user": {"employments": []}, "coborrower": {"employments": []}}}

_self_employed := {"application": {"user": {"employments": [{"selfEmployedIndicator": true}]}, "coborrower": null}}

_paths(pages) := [p.path | some p in pages]

test_a_single_salaried_borrower_sees_no_coborrower_or_business_pages if {
	paths := _paths(funnel.application_pages) with input as _single_salaried
	not "/app/application/4/coborrower" in paths
	not "/app/application/other-income/coborrower" in paths
	not "/app/application/business-information" in paths
	count(paths) == 14
}

test_coborrower_pages_show_only_with_a_coborrower if {
	paths := _paths(funnel.application_pages) with input as _with_coborrower
	"/app/application/4/coborrower" in paths
	"/app/application/other-income/coborrower" in paths
}

test_business_information_shows_only_when_self_employed if {
	paths := _paths(funnel.application_pages) with input as _self_employed
	"/app/application/business-information" in paths
}

test_the_prequal_answer_alone_brings_business_information if {
	paths := _paths(funnel.application_pages) with input as {"application": {"isSelfEmployed": true, "coborrower": null}}
	"/app/application/business-information" in paths
}

test_a_self_employed_coborrower_brings_business_information if {
	loan := {"application": {"user": {"employments": []}, "coborrower": {"employments": [{"selfEmployedIndicator": true}]}}}
	"/app/application/business-information" in _paths(funnel.application_pages) with input as loan
}

test_pages_follow_the_funnel_order_numbers if {
	pages := funnel.application_pages with input as _with_coborrower
	every i in numbers.range(1, count(pages) - 1) {
		funnel.order[pages[i - 1].step] <= funnel.order[pages[i].step]
	}
}

test_income_verification_comes_after_signing_by_its_order_number if {
	paths := _paths(funnel.application_pages) with input as _single_salaried
	some i, j
	paths[i] == "/app/application/sign"
	paths[j] == "/app/application/income-verification"
	i < j
}

test_every_page_carries_its_section_label if {
	pages := funnel.application_pages with input as _with_coborrower
	every page in pages {
		page.section == funnel.sections[page.step]
	}
	pages[0].section == "Personal Info"
}

test_the_application_starts_at_personal_info_and_ends_submitted if {
	pages := funnel.application_pages with input as _single_salaried
	pages[0].path == "/app/application/1"
	pages[count(pages) - 1].path == "/app/application/submitted"
}

test_employment_is_followed_by_the_coborrower_employment_page if {
	loan := object.union(_with_coborrower, {"path": "/app/application/4"})
	funnel.next_page.path == "/app/application/4/coborrower" with input as loan
}

test_without_a_coborrower_employment_is_followed_by_other_income if {
	loan := object.union(_single_salaried, {"path": "/app/application/4/"})
	funnel.next_page.path == "/app/application/other-income" with input as loan
}

test_the_page_before_declarations_is_demographics if {
	loan := object.union(_single_salaried, {"path": "/app/application/7"})
	funnel.previous_page.path == "/app/application/6" with input as loan
}

test_nothing_follows_submitted_and_nothing_precedes_personal_info if {
	funnel.next_page == null with input as object.union(_single_salaried, {"path": "/app/application/submitted"})
	funnel.previous_page == null with input as object.union(_single_salaried, {"path": "/app/application/1"})
}

test_a_page_the_loan_does_not_see_has_no_next_page if {
	funnel.next_page == null with input as object.union(_single_salaried, {"path": "/app/application/4/coborrower"})
}

test_every_application_page_is_a_spec_application_route if {
	routes := {"/app/application/1", "/app/application/2", "/app/application/3", "/app/application/4", "/app/application/4/coborrower", "/app/application/income-verification", "/app/application/6", "/app/application/7", "/app/application/upload", "/app/application/debt-consolidation", "/app/application/other-income", "/app/application/other-income/coborrower", "/app/application/identity-verification", "/app/application/sign", "/app/application/loan-disbursement", "/app/application/submitted", "/app/application/business-information"}
	pages := funnel.application_pages with input as {"application": {"isSelfEmployed": true, "coborrower": {}}}
	{p.path | some p in pages} == routes
}

test_application_pages_without_input_show_the_unconditional_pages if {
	count(funnel.application_pages) == 14
}
