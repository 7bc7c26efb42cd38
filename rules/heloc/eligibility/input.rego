# heloc.eligibility: the input as the rules read it: the credit score used
# and whose it is, the home's value, the mortgages that count as liens and
# their balance, and dates; and what heloc.offer reads of them
# (input_value, input_liens, input_balance).

package heloc.eligibility

import rego.v1

import data.heloc.eligibility.tables

# ---------------------------------------------------------------------------
# Reading the input
# ---------------------------------------------------------------------------

# The score used (tables.credit_score.use: the lowest, or the highest, of
# the scores of creditScores, whose keys are borrower and coborrower; a
# person the bureau gave no score adds none), and whose it is; without
# creditScores, creditScore is the borrower's. A self-reported answer gives
# creditScore, or a credit range (creditRange) whose estimate score the
# table gives. null when there is no score: a thin file.
default credit_score_used := null

credit_score_used := _score_pick[0]

default score_of := null

score_of := _score_pick[1]

_score_pick := sort(_scores)[0] if {
	tables.credit_score.use == "lowest"
	count(_scores) > 0
} else := pick if {
	tables.credit_score.use == "highest"
	top := max([s[0] | some s in _scores])
	pick := [s | some s in _scores; s[0] == top][0]
}

# [score, whose] of each score the input gives.
_scores := [[score, who] |
	some who in ["borrower", "coborrower"]
	score := object.get(input.creditScores, who, null)
	is_number(score)
] if {
	is_object(object.get(input, "creditScores", null))
} else := [[input.creditScore, "borrower"]] if {
	is_number(object.get(input, "creditScore", null))
} else := [[band.estimate, "borrower"]] if {
	self_reported
	some band in tables.credit_ranges
	band.range == object.get(input, "creditRange", null)
} else := []

# The home's value used: the input's, when it is a number; null otherwise
# (a missing fact, never 0).
_property_value_used := input.propertyValue if {
	_known("propertyValue")
} else := null

# The input's value, liens and balance, read once per decision (a rule is
# worked out once per evaluation; a function such as liens(x) each time it
# is called). The balance sums the liens already read.
_value := property_value(input)

_liens := liens(input)

_balance := v if {
	v := object.get(input, "mortgageBalance", null)
	is_number(v)
} else := sum([m.balance | some m in _liens; is_number(m.balance)])

# input_value, input_liens and input_balance are property_value(input),
# liens(input) and mortgage_balance(input), bound once per evaluation, for
# heloc.offer to read what eligibility read without working it out again.
input_value := _value

input_liens := _liens

input_balance := _balance

# property_value(x) is the home's value of an eligibility input x, 0 when
# it has none (the decision is then not made: the value is a required
# fact). heloc.offer reads what they give through input_value, input_liens
# and input_balance.
# (Optional fields are read with object.get: OPA evaluates the arguments of a
# call before a `not`, so `not is_number(x.a)` is undefined, not true, when x
# has no key a.)
property_value(x) := v if {
	v := object.get(x, "propertyValue", null)
	is_number(v)
} else := 0

# mortgage_balance(x): policy contract, mortgageBalance, when present, is
# the sum of the liens as given (the estimate's answer); without it, the
# sum of the balances of the mortgages that count as liens (liens).
mortgage_balance(x) := v if {
	v := object.get(x, "mortgageBalance", null)
	is_number(v)
} else := sum([m.balance | some m in liens(x); is_number(m.balance)])

# liens(x) are the mortgages of x that count as liens on the home: one the
# borrower added counts; one from the credit report (source bureau, or no
# source) counts unless the borrower said it is not on this home
# (confirmed false).
liens(x) := [m | some m in mortgages(x); is_object(m); not _disowned(m)]

_disowned(m) if {
	object.get(m, "source", "bureau") != "borrower"
	object.get(m, "confirmed", null) == false
}

# mortgages(x) is the list of mortgages of x, [] when it has none.
mortgages(x) := v if {
	v := object.get(x, "mortgages", null)
	is_array(v)
} else := []

# date_ns(d) is the start of the yyyy-MM-dd day d in UTC, in nanoseconds;
# undefined when d is not such a date.
date_ns(d) := time.parse_ns("2006-01-02", d) if {
	is_string(d)
	regex.match(`^\d{4}-\d{2}-\d{2}$`, d)
}
