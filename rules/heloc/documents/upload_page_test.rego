# Tests for what the upload page lists (upload_page.rego): labels with their
# years and months, categories, subtypes, the display order and the reasons
# each entry is asked for.

package heloc.documents_test

import rego.v1

import data.heloc.documents
import data.heloc.documents.tables

# --- Spec §9: labels, categories, subtypes ---

test_w2_labels_name_the_previous_calendar_years_one_per_document if {
	e := entry(decide(contract_input), "borrower", "w2")
	e.items == [replace(tables.types.w2.itemLabel, "{year}", format_int(2026 - i, 10)) | some i in numbers.range(1, count_of("w2"))]
}

# Pins spec §9 "W-2 labels use the two previous calendar years" with the
# spec's count.
test_with_the_spec_count_the_w2_labels_name_the_two_previous_years if {
	r := documents.requirements with input as contract_input with data.heloc.documents.tables.types.w2.count as 2
	e := entry(r, "borrower", "w2")
	e.items == ["W-2 for 2025", "W-2 for 2024"]
	e.label == "W-2s for 2025 and 2024"
}

test_w2_years_follow_today_not_the_clock if {
	doc := json.patch(contract_input, [{"op": "replace", "path": "/today", "value": "2027-01-04"}])
	entry(decide(doc), "borrower", "w2").items[0] == replace(tables.types.w2.itemLabel, "{year}", "2026")
}

test_bank_statements_name_the_months_they_cover if {
	e := entry(decide(with_app({"user": {"employments": [self_employed_scorp]}})), "borrower", "bankStatements")
	e.label == replace(tables.types.bankStatements.label, "{months}", format_int(tables.types.bankStatements.coversMonths, 10))
}

test_id_subtypes_carry_their_sides if {
	e := entry(decide(with_app({"user": {"identityVerificationStatus": "failed"}})), "borrower", "idDocument")
	{[s.id, s.sides] | some s in e.subtypes} == {
		["driver_license", "both"], ["passport", "front"], ["state_id", "both"], ["military_id", "both"],
		["visa", "both"], ["residence_permit_card", "both"], ["green_card", "both"],
	}
	count(e.subtypes) == 7
}

test_alimony_income_offers_the_alimony_subtypes if {
	r := decide(with_app({"user": {"employments": [], "incomeSources": [{"type": "alimony"}]}}))
	[s.id | some s in entry(r, "borrower", "alimonyDocument").subtypes] == [
		"alimony_order", "divorce_decree", "separation_agreement", "state_law",
	]
}

test_no_alimony_subtypes_without_alimony_income if {
	r := decide(contract_input)
	every e in r.documents.borrower {
		e.type != "alimonyDocument"
	}
}

# An application that triggers every requirement rule.
everything := with_app({
	"user": {
		"employments": [salaried_manual, self_employed_scorp],
		"incomeSources": [
			{"type": "rental", "rentalUnits": 2}, {"type": "alimony"}, {"type": "bas"},
			{"type": "capitalGains"}, {"type": "interestAndDividends"}, {"type": "foreign"},
		],
		"identityVerificationStatus": "failed",
	},
	"coborrower": {"employments": [object.union(self_employed_scorp, {"ownershipInterestType": "LessThan25Percent"})]},
	"property": {"state": "FL"}, "isInTrust": true, "mortgages": [],
	"liabilities": [{"type": "Educational", "omitted": true}],
})

# A mortgage held by a solar lender (everything has no mortgage).
solar := with_app({"mortgages": [{"balance": 14000, "creditor": "Sunrun"}]})

test_every_listed_type_has_a_label_a_spec_category_and_its_counts if {
	r := decide(everything)
	every side in ["borrower", "coborrower"] {
		count(r.documents[side]) == count(r[side].required)
		every e in r.documents[side] {
			e.label != ""
			not contains(e.label, "{")
			e.category in {"APP", "INC", "ASSET", "MISC", "CRED", "DOCS", "PROP"}
			e.required == r[side].required[e.type]
			e.missing == object.get(r[side].missing, e.type, 0)
			count(e.reasons) > 0
		}
	}
}

# Every reason code a rule gives has its words in tables.reasons, and every
# row of tables.reasons is given by some rule.
test_every_reason_the_policy_gives_has_its_words_in_the_table if {
	results := [decide(everything), decide(solar), decide(with_condition(contract_input, [statement_condition], []))]
	reasons := [reason |
		some r in results
		some side in ["borrower", "coborrower"]
		some e in r.documents[side]
		some reason in e.reasons
	]
	{reason.code | some reason in reasons} == object.keys(tables.reasons)
	every reason in reasons {
		reason.message == tables.reasons[reason.code]
	}
}

test_the_list_follows_the_tables_display_order if {
	r := decide(with_app({"property": {"state": "FL"}, "user": {"employments": [salaried_manual], "identityVerificationStatus": "failed"}}))
	listed := [e.type | some e in r.documents.borrower]
	listed == [type | some [_, type] in sort([[tables.types[t].order, t] | some t in listed])]
	{t | some t in listed} == {"idDocument", "paystubs", "w2", "floodInsurance"}
}

test_each_entry_says_why_it_is_asked if {
	e := entry(decide(contract_input), "borrower", "paystubs")
	e.reasons == [{"code": "employmentNotVerified", "message": tables.reasons.employmentNotVerified}]
	e.uploaded == 1
	e.missing == count_of("paystubs") - 1
}

test_a_type_asked_for_two_reasons_lists_both if {
	r := decide(with_app({"user": {"employments": [salaried_manual], "incomeSources": [{"type": "bas"}]}}))
	[x.code | some x in entry(r, "borrower", "w2").reasons] == ["basIncome", "employmentNotVerified"]
	r.borrower.required.w2 == count_of("w2")
}

test_two_years_of_personal_returns_include_the_most_recent_one if {
	tables.types.mostRecentPersonalTaxReturns.subsumedBy == ["personalTaxReturns"]
	r := decide(with_app({"user": {"employments": [], "incomeSources": [{"type": "rental"}, {"type": "capitalGains"}]}}))
	r.borrower.required.personalTaxReturns == count_of("personalTaxReturns")
	not r.borrower.required.mostRecentPersonalTaxReturns
}
