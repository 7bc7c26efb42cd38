# Tests for heloc.routing: each reads as a sentence of product spec §2
# "Resume redirect rule" or §4 "Auto sign-out". The pages come from the page
# table (data.heloc.funnel.tables), which the tests read rather than restate;
# the larger table of cases, testcases/cases.yaml, pins the policy contract's
# examples and is run by test_every_case_of_the_table_holds.
package heloc.routing_test

import rego.v1

import data.heloc.funnel
import data.heloc.routing
import data.heloc.routing.tables
import data.heloc.routing.testcases

pages := data.heloc.funnel.tables.pages

areas := data.heloc.funnel.tables.areas

# A signed-in applicant with a loan at status, arriving fresh at path.
fresh(path, status) := {
	"path": path,
	"previousPath": "",
	"session": "authenticated",
	"loan": {"applicationStatus": status},
}

redirect(to) := {"action": "redirect", "to": to}

none := {"action": "none", "to": null}

sign_out := {"action": "signOut", "to": "/"}

# --- §2 "resumes the user at the page matching the loan's applicationStatus" ---

test_a_refresh_on_another_page_of_the_status_step_stays_there if {
	routing.resume == none with input as fresh("/app/application/4/coborrower", "application5")
	routing.resume == none with input as fresh("/app/application/other-income/coborrower", "manualIncomeVerification")
}

test_a_page_of_an_earlier_step_still_resumes_at_the_status_page if {
	routing.resume == redirect("/app/application/4") with input as fresh("/app/application/other-income/coborrower", "application5")
}

test_a_returning_applicant_resumes_at_the_page_of_the_status if {
	routing.resume == redirect("/app/application/4") with input as fresh("/app/application/1", "application5")
}

test_the_contract_example_resumes_application5_at_application_4 if {
	routing.resume == redirect("/app/application/4") with input as {
		"path": "/app/application/3",
		"previousPath": "",
		"session": "authenticated",
		"loan": {"applicationStatus": "application5"},
	}
}

# The page a status resumes at is the first page of its step that every
# loan sees, as the page table lists them.
_first_page_of(step) := [page.path | some page in pages; page.step == step; not page.when][0]

test_every_status_with_a_page_resumes_at_the_first_page_of_its_step if {
	every page in pages {
		every step in [s | s := page.step; not page.when] {
			routing.resume == redirect(_first_page_of(step)) with input as fresh("/app/login", step)
		}
	}
}

test_a_status_never_resumes_at_a_page_only_some_loans_see if {
	every page in pages {
		every _ in [w | w := page.when] {
			routing.resume.to != page.path with input as fresh("/app/login", page.step)
		}
	}
}

test_employment_history_resumes_at_its_first_page if {
	routing.resume == redirect("/app/application/4") with input as fresh("/app/login", "application5")
}

test_the_application_statuses_resume_in_the_full_application if {
	every status in [
		"application", "application3", "application4", "application5", "application6",
		"manualIncomeVerification", "debtConsolidation", "application7", "application8",
		"incomeDocs", "identityVerification", "disclosures", "loanDisbursement", "applicationSubmitted",
	] {
		startswith(routing.resume.to, "/app/application/") with input as fresh("/app/login", status)
	}
}

test_the_prequalification_statuses_resume_at_the_matching_initial_setup_page if {
	every status, slug in {
		"previewOffer": "preview-offer", "mortgageBalance": "mortgage-balance",
		"coborrower": "coborrower", "creditScore": "credit-score", "propertyUsage": "property-usage",
		"zip": "zip", "creditRange": "credit-range", "isSelfEmployed": "is-self-employed",
		"hasFbm": "has-fbm", "mortgageEstimate": "mortgage-estimate", "propertyValue": "property-value",
	} {
		routing.resume.to == concat("", ["/app/initial-setup/", slug]) with input as fresh("/app/login", status)
	}
}

# --- §2 "Some statuses map to /prequal paths" ---

# A loan that came by the /prequal path: it answered the path's own
# listed-for-sale question (tables.path_answers), as every such loan has.
on_the_prequal_path(path, status) := object.union(fresh(path, status), {"loan": {
	"applicationStatus": status,
	"answers": {tables.path_answers.prequal: false},
}})

test_a_loan_that_came_by_the_prequal_path_resumes_on_its_pages if {
	every status, slug in {
		"creditScore": "credit-check", "coborrower": "coborrower",
		"mortgageBalance": "mortgage-select", "previewOffer": "pre-offer",
	} {
		routing.resume == redirect(concat("", ["/prequal/", slug])) with input as on_the_prequal_path("/prequal", status)
		routing.resume == redirect(concat("", ["/prequal/", slug])) with input as on_the_prequal_path("/app/initial-setup/property-value", status)
	}
}

test_the_prequal_path_resumes_at_the_page_the_table_lists_for_the_status if {
	every status in {"creditScore", "coborrower", "mortgageBalance", "previewOffer"} {
		page := [p | some p in pages; p.area == "prequal"; p.status == status][0]
		routing.resume == redirect(page.path) with input as on_the_prequal_path("/app/login", status)
	}
}

test_a_refresh_on_a_prequal_page_of_the_status_stays_there if {
	# debts shares mortgage-select's status, the preview offer the pre-offer's.
	routing.resume == none with input as on_the_prequal_path("/prequal/debts", "mortgageBalance")
	routing.resume == none with input as on_the_prequal_path("/prequal/preview-offer", "previewOffer")
	routing.resume == none with input as on_the_prequal_path("/prequal/coborrower", "coborrower")
}

# /prequal goes straight on to the path's first question: a borrower who
# opened it arrives at that question fresh, and is brought back.
test_arriving_through_the_prequal_way_in_is_arriving_fresh if {
	some way in tables.leads_on
	routing.resume == redirect("/prequal/coborrower") with input as object.union(on_the_prequal_path("/prequal/address", "coborrower"), {"previousPath": way})
	routing.resume == redirect("/app/initial-setup/coborrower") with input as object.union(fresh("/prequal/address", "coborrower"), {"previousPath": way})
	routing.resume == none with input as object.union(on_the_prequal_path("/prequal/address", "coborrower"), {"previousPath": "/prequal/credit-check"})
}

test_a_prequal_path_loan_in_the_application_resumes_in_the_application if {
	routing.resume == redirect("/app/application/4") with input as on_the_prequal_path("/prequal/coborrower", "application5")
}

test_a_loan_of_the_initial_setup_still_resumes_there_at_the_same_status if {
	routing.resume == redirect("/app/initial-setup/coborrower") with input as fresh("/prequal/coborrower", "coborrower")
	routing.resume == redirect("/app/initial-setup/coborrower") with input as object.union(fresh("/app/login", "coborrower"), {"loan": {"answers": {"hasCoborrower": true}}})
}

test_an_unknown_status_resumes_at_property_value if {
	routing.resume == redirect("/app/initial-setup/property-value") with input as fresh("/app/application/1", "noSuchStatus")
}

test_a_loan_without_a_status_resumes_at_property_value if {
	routing.resume == redirect("/app/initial-setup/property-value") with input as fresh("/app/application/1", "x")
		with input.loan as {}
}

# --- §2 "only when arriving fresh (no previous page, or the same page)" ---

test_arriving_with_no_previous_page_is_fresh if {
	routing.resume == redirect("/app/application/2") with input as fresh("/app/application/1", "application3")
}

test_reloading_the_same_page_is_fresh if {
	routing.resume == redirect("/app/application/2") with input as fresh("/app/application/1", "application3")
		with input.previousPath as "/app/application/1"
}

test_coming_from_another_page_is_not_fresh_and_does_not_redirect if {
	routing.resume == none with input as fresh("/app/application/1", "application3")
		with input.previousPath as "/app/application/3"
}

# --- Policy contract: "when the target differs from path" ---

test_no_redirect_when_already_on_the_status_page if {
	routing.resume == none with input as fresh("/app/application/2", "application3")
}

# --- §2 "A status of applicationSubmitted always sends the user to the submitted page" ---

test_a_submitted_application_goes_to_submitted_even_when_not_arriving_fresh if {
	routing.resume == redirect("/app/application/submitted") with input as fresh("/app/application/7", "applicationSubmitted")
		with input.previousPath as "/app/application/sign"
}

test_a_submitted_application_on_the_submitted_page_stays if {
	routing.resume == none with input as fresh("/app/application/submitted", "applicationSubmitted")
		with input.previousPath as "/app/application/loan-disbursement"
}

test_a_submitted_application_is_not_moved_off_an_exempt_page if {
	routing.resume == none with input as fresh("/app/upload", "applicationSubmitted")
		with input.previousPath as "/app/application/submitted"
}

# --- §2 "Pages exempt from the redirect" ---

# The pages the table marks exempt, one by one or by their area.
_exempt_pages contains page.path if {
	some page in pages
	page.resumeExempt == true
}

_exempt_pages contains page.path if {
	some page in pages
	areas[page.area].resumeExempt == true
}

_exempt_pages contains page.path if {
	some page in pages
	some area in areas
	area.resumeExempt == true
	funnel.under(page.path, area.prefix)
}

test_every_exempt_page_is_never_redirected if {
	every page in _exempt_pages {
		routing.resume == none with input as fresh(page, "application5")
	}
}

test_every_exempt_page_is_never_redirected_even_for_a_submitted_application if {
	every page in _exempt_pages {
		routing.resume == none with input as fresh(page, "applicationSubmitted")
	}
}

test_every_other_page_is_redirected if {
	every page in pages {
		every path in [p | p := page.path; not p in _exempt_pages; p != "/app/application/2"] {
			routing.resume == redirect("/app/application/2") with input as fresh(path, "application3")
		}
	}
}

test_the_exempt_pages_are_exactly_the_spec_list if {
	exempt := {page.path |
		some page in pages
		routing.resume == none with input as fresh(page.path, "application3")
		page.path != "/app/application/2"
	}
	exempt == {
		"/", "/insights", "/insight-blog", "/faq", "/privacy-statement", "/license",
		"/e-consent", "/terms-of-use", "/app/application/faqs", "/app/upload",
		"/app/application/application-summary", "/app/bank-statement", "/app/coborrower",
		"/app/application/business-information", "/portal", "/portal/login", "/portal/manage-users",
		# The portal pages of issue 13: an application, the audit log, the
		# page of an e-mailed invitation.
		"/portal/loan", "/portal/audit", "/portal/invite",
		# The published policy revisions (issue 24).
		"/portal/policy-revisions",
		"/app/ineligible/low-equity", "/app/ineligible/boost", "/app/ineligible/late-payment",
		# Beside the landing flow: the offer kept, and the waitlist page.
		"/start/best-offer-summary", "/start/after-offer", "/join-waitlist",
		# The landing questions after the account is made.
		"/start/annual-income", "/start/monthly-debts", "/start/desired-amount", "/start/loan-reason",
	}
}

test_a_refresh_on_a_landing_question_after_the_account_stays_put if {
	routing.resume == none with input as fresh("/start/monthly-debts", "propertyValue")
}

test_a_returning_applicant_at_the_landing_start_resumes_at_their_page if {
	routing.resume == {"action": "redirect", "to": "/app/initial-setup/credit-score"} with input as fresh("/start/name", "creditScore")
}

test_everything_under_the_portal_is_exempt if {
	every page in ["/portal", "/portal/login", "/portal/manage-users", "/portal/a/b"] {
		routing.resume == none with input as fresh(page, "application5")
	}
}

test_every_ineligible_page_is_exempt if {
	every page in ["/app/ineligible/low-equity", "/app/ineligible/boost", "/app/ineligible/late-payment"] {
		routing.resume == none with input as fresh(page, "application5")
	}
}

# --- Paths are compared without trailing slash, query string or fragment ---

test_a_trailing_slash_does_not_break_an_exemption if {
	routing.resume == none with input as fresh("/faq/", "application5")
}

test_a_query_string_does_not_break_an_exemption if {
	routing.resume == none with input as fresh("/insight-blog?slug=heloc-basics", "application5")
}

test_a_trailing_slash_and_query_do_not_hide_that_the_user_is_on_the_target if {
	routing.resume == none with input as fresh("/app/application/4/?from=email#top", "application5")
}

test_normalize_strips_query_fragment_and_trailing_slashes if {
	funnel.normalize("/app/application/1/?a=1#b") == "/app/application/1"
	funnel.normalize("/portal//") == "/portal"
	funnel.normalize("/") == "/"
	funnel.normalize("") == "/"
	funnel.normalize("/?utm=x") == "/"
	funnel.normalize(null) == "/"
}

test_under_means_the_page_itself_or_a_page_below_it if {
	funnel.under("/portal", "/portal")
	funnel.under("/portal/login", "/portal")
	funnel.under("/app/ineligible/boost", "/app/ineligible/")
	not funnel.under("/portals", "/portal")
	not funnel.under("/app/applications", "/app/application")
}

# --- §4 "Auto sign-out" ---

test_an_authenticated_session_without_a_loan_on_an_initial_setup_page_is_signed_out if {
	routing.resume == sign_out with input as fresh("/app/initial-setup/zip", "x") with input.loan as null
}

test_an_authenticated_session_without_a_loan_on_an_application_page_is_signed_out if {
	routing.resume == sign_out with input as fresh("/app/application/3", "x") with input.loan as null
}

test_an_authenticated_session_without_a_loan_on_a_prequal_page_is_signed_out if {
	routing.resume == sign_out with input as fresh("/prequal/credit-check", "x") with input.loan as null
}

test_sign_out_sends_the_user_to_the_home_page if {
	tables.sign_out_to == "/"
}

test_every_page_of_an_applicant_flow_signs_out_a_session_without_a_loan if {
	every page in pages {
		every _ in [a | a := page.area; areas[a].signOutWithoutLoan == true] {
			routing.resume == sign_out with input as fresh(page.path, "x") with input.loan as null
		}
	}
}

test_no_other_page_signs_out_a_session_without_a_loan if {
	every page in pages {
		every _ in [a | a := page.area; not areas[a].signOutWithoutLoan] {
			routing.resume == none with input as fresh(page.path, "x") with input.loan as null
		}
	}
}

test_an_authenticated_session_without_a_loan_elsewhere_is_left_alone if {
	every page in ["/", "/faq", "/app/upload", "/app/bank-statement", "/app/ineligible/boost", "/portal", "/app/login"] {
		routing.resume == none with input as fresh(page, "x") with input.loan as null
	}
}

# --- §4 "Session status: loading, authenticated, unauthenticated" ---

test_a_loading_session_is_neither_redirected_nor_signed_out if {
	routing.resume == none with input as fresh("/app/application/1", "application5") with input.session as "loading"
	routing.resume == none with input as fresh("/app/application/1", "x") with input.session as "loading"
		with input.loan as null
}

test_an_unauthenticated_session_is_neither_redirected_nor_signed_out if {
	routing.resume == none with input as fresh("/app/application/1", "application5")
		with input.session as "unauthenticated"
	routing.resume == none with input as fresh("/prequal/address", "x") with input.session as "unauthenticated"
		with input.loan as null
}

# --- Policy contract: a default, never undefined ---

test_resume_has_a_default_for_an_empty_input if {
	routing.resume == none with input as {}
}

test_resume_has_a_default_without_tables if {
	routing.resume == none with input as fresh("/app/application/1", "application5") with data.heloc.routing.tables as {}
		with data.heloc.funnel.tables as {}
}

# --- The table of cases (testcases/cases.yaml) ---

failing_cases contains {"name": c.name, "got": got, "want": c.want} if {
	some c in testcases.cases
	got := routing.resume with input as c.input
	got != c.want
}

test_every_case_of_the_table_holds if {
	count(testcases.cases) >= 80
	print("failing cases:", failing_cases)
	every c in testcases.cases {
		routing.resume == c.want with input as c.input
	}
}
