# Tests for heloc.funnel: each reads as a sentence of product spec §2, or of
# the page table's own rules. Where a test can read what it checks from the
# tables (the pages, their steps and conditions), it does, so a change to
# tables/data.yaml alone keeps the suite green while the pages move.
#
# This file holds the steps, their order and labels, the page table and the
# contract's defaults; flows_test.rego tests the flows before the
# application, pages_test.rego the pages a loan sees.
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

# The labels as the spec writes them, in Title Case ("Personal Info", as
# the policy contract has it too); the pages' own labels are in sentence
# case.

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

# application2 has no label in the spec; selfReportedInformationOffer (7.5)
# is no status a loan reaches (its page, pre-offer, is beside the flow).
test_every_step_a_loan_reaches_reads_in_words_but_the_unlabelled_application2 if {
	unlabelled := {step | some step, n in funnel.order; n > 0; not funnel.step_labels[step]}
	unlabelled == {"application2", "selfReportedInformationOffer"}
}

# --- Labels in one case style ---

# A word in Title Case: a capital, then a lowercase letter. Acronyms (ZIP,
# HECA) and the first word are allowed.
_title_case_words(label) := [w |
	some i, w in split(label, " ")
	i > 0
	regex.match(`^[A-Z][a-z]`, w)
]

test_every_page_label_is_in_sentence_case if {
	every page in tables.pages {
		_title_case_words(page.label) == []
	}
}

# --- The page table (tables.pages, tables.areas) ---

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

# --- Policy contract: every entrypoint has a default, never undefined ---

_none := {"area": null, "pages": [], "previous": null, "next": null, "progress": null}

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
