# Tests for heloc.eligibility.questions: the pages ask what the rules read,
# from the same tables.
package heloc.eligibility_test

import rego.v1

import data.heloc.eligibility

test_the_questions_name_the_tables_look_backs if {
	q := eligibility.questions
	q.fbmYears == eligibility.tables.fbm.years
	q.listedForSaleMonths == eligibility.tables.listed_for_sale.months
}

# A change of the table alone changes the question the page asks.
test_a_longer_look_back_in_the_table_is_the_question_s if {
	q := eligibility.questions with data.heloc.eligibility.tables.fbm.years as 7
	q.fbmYears == 7
}

test_the_credit_bands_are_the_table_s_in_its_order if {
	bands := eligibility.questions.creditRanges
	count(bands) == count(eligibility.tables.credit_ranges)
	every i, b in eligibility.tables.credit_ranges {
		bands[i] == {"range": b.range, "min": b.min, "max": b.max, "label": b.label}
	}
}

test_without_the_tables_the_questions_name_nothing if {
	eligibility.questions with data.heloc.eligibility.tables as {} == {"fbmYears": null, "listedForSaleMonths": null, "creditRanges": []}
}
