# The credit-range page's bands (screens.md "credit-range") and the score
# the self-reported estimate assumes for each (spec §2
# selfReportedInformationOffer). The server reads them through this
# entrypoint, which reads no input (one value per revision), to turn a
# creditRange answer into the creditScore of prequal.estimate's input.
package heloc.eligibility

import rego.v1

import data.heloc.eligibility.tables

# METADATA
# title: Credit ranges
# description: >-
#   The bands of tables.credit_ranges, each {id, range, min, max,
#   estimate}: the lowest and highest score of the band and the score an
#   estimate assumes for it.
# custom:
#   source: screens.md "credit-range"; the estimate scores are lender practice (tables/data.yaml)
credit_ranges := tables.credit_ranges
