# The words of the questions whose answers the eligibility rules read as
# given: the look-back the has-fbm page names, the listed-for-sale page's,
# and the credit-range page's bands. A rule reads the answer only because
# the question names its table's value, so the pages read the value from
# here (prequal.questions, and routes.json at build time) rather than
# writing it themselves: a compliance change of a table changes the
# question with the rule. Reads no input (one value per revision).
package heloc.eligibility

import rego.v1

import data.heloc.eligibility.tables

# METADATA
# title: The questions' words
# description: >-
#   {"fbmYears", "listedForSaleMonths", "creditRanges": [{"range", "min",
#   "max", "label"}]}: tables.fbm.years, tables.listed_for_sale.months and
#   the bands of tables.credit_ranges in the table's order, as the pages
#   ask them. Null where a table is missing.
# custom:
#   source: >-
#     screens.md "has-fbm", "listed-for-sale" and "credit-range"; the
#     values are tables/data.yaml's
default questions := {"fbmYears": null, "listedForSaleMonths": null, "creditRanges": []}

questions := {
	"fbmYears": object.get(tables, ["fbm", "years"], null),
	"listedForSaleMonths": object.get(tables, ["listed_for_sale", "months"], null),
	"creditRanges": [{"range": b.range, "min": b.min, "max": b.max, "label": b.label} | some b in object.get(tables, "credit_ranges", [])],
}
