# The fair-lending screen of the eligibility rules (`heloc policy impact`):
# for one HMDA question, each reported group's rate of eligible decisions
# and its ratio to the most favoured group's rate, flagged below the
# table's threshold (tables/data.yaml, loaded at
# data.heloc.monitoring.tables). The groups come from the borrowers' HMDA
# answers, which no credit decision reads: this measures the decisions, it
# makes none.
package heloc.monitoring

import rego.v1

import data.heloc.monitoring.tables

# METADATA
# title: The adverse-impact ratio of each reported group
# description: >-
#   input.groups: each group of one HMDA question by its name, with
#   {compared: its borrowers' decisions, eligible: how many were eligible}.
#   Each group's rate (eligible over compared) and its ratio to the most
#   favoured group's rate (the highest; the first by name among equals),
#   both rounded to 4 decimals, and below: the unrounded ratio is under
#   tables.adverseImpact.threshold. The ratio is null, and no group below,
#   when no group has an eligible decision. {rule, threshold, mostFavoured
#   (null without a group), groups: {name: {rate, ratio, below}}}.
# custom:
#   source: >-
#     The Uniform Guidelines on Employee Selection Procedures' four-fifths
#     rule (29 CFR 1607.4(D)), the screening threshold fair-lending reviews
#     borrow for disparate impact (ECOA, Reg B 12 CFR 1002.4(a) and its
#     Supplement I, 1002.6(a)-2).
adverse_impact := {
	"rule": tables.adverseImpact.id,
	"threshold": tables.adverseImpact.threshold,
	"mostFavoured": _most_favoured,
	"groups": {name: _group(name) | some name, _ in _counted},
}

# The groups with at least one decision: a rate needs one.
_counted := {name: g | some name, g in object.get(input, "groups", {}); g.compared > 0}

_rates := {name: rate | some name, g in _counted; rate := g.eligible / g.compared}

_best := max({r | some r in _rates})

default _most_favoured := null

_most_favoured := min({name | some name, r in _rates; r == _best})

_group(name) := {"rate": _round4(_rates[name]), "ratio": null, "below": false} if {
	_best == 0
} else := {
	"rate": _round4(_rates[name]),
	"ratio": _round4(_rates[name] / _best),
	"below": (_rates[name] / _best) < tables.adverseImpact.threshold,
}

_round4(x) := round(x * 10000) / 10000
