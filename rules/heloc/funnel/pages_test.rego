# Tests for the pages a loan sees (heloc.funnel.pages): which pages show to
# which loans, Back and Continue, and which pages are done, current and
# upcoming.

package heloc.funnel_test

import rego.v1

import data.heloc.funnel
import data.heloc.funnel.tables

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
	pages[0].section == "Personal Info"
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
	every path in ["/prequal/address", "/start/name"] {
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
