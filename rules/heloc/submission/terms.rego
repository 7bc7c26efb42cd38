# The terms at submission (data.heloc.submission.terms).
#   At application.submit, eligibility and the offer are decided again on
#   the application's own figures (stage "submission"). This says whether
#   the terms the borrower chose still stand, and if not, what changed, in
#   the words of tables.termsChanged: a fact still missing, a refusal (its
#   reasons' own words, as at the preview), a lower line, or a higher APR.
#   A lower APR or a higher line changes nothing the borrower must be told.
package heloc.submission

import rego.v1

import data.heloc.eligibility
import data.heloc.submission.tables

# Input:
#   eligibility  heloc.eligibility.decision's result at submission
#   offer        heloc.offer.preview's result at submission
#   chosen       {"line": whole dollars, "apr": percent}: the terms the
#                borrower chose on the preview offer

# METADATA
# title: Whether the terms chosen still stand
# description: >-
#   {"change": "none" | "notDecided" | "declined" | "lowerLine" |
#   "higherApr", "message": string or null, "reasons": [{code, message}]}.
#   reasons are a refusal's own (the eligibility's, else the offer's); empty
#   for any other change.
# custom:
#   source: Issue 20 item 7 ("A change the borrower must know of ... is shown before submission with the reason, in the same words as the preview")
terms := {"change": "notDecided", "message": strings.replace_n({"{facts}": concat(", ", [m.label | some m in input.eligibility.missing])}, tables.termsChanged.notDecided), "reasons": []} if {
	input.eligibility.outcome == "notDecided"
	count(object.get(input.eligibility, "missing", [])) > 0
} else := _declined(input.eligibility.reasons) if {
	not input.eligibility.eligible
} else := _declined(object.get(input.offer, "reasons", [])) if {
	not _offered
} else := {"change": "lowerLine", "message": strings.replace_n({"{line}": eligibility.dollars(_line), "{chosenLine}": eligibility.dollars(input.chosen.line)}, tables.termsChanged.lowerLine), "reasons": []} if {
	_line < input.chosen.line
} else := {"change": "higherApr", "message": strings.replace_n({"{apr}": _apr(input.offer.apr), "{chosenApr}": _apr(input.chosen.apr)}, tables.termsChanged.higherApr), "reasons": []} if {
	input.offer.apr > input.chosen.apr
} else := {"change": "none", "message": null, "reasons": []}

_declined(reasons) := {
	"change": "declined",
	"message": tables.termsChanged.declined,
	"reasons": [{"code": r.code, "message": r.message} | some r in reasons],
}

# The line offered on the application's figures: its line, or its maximum
# for an offer that names no line.
_line := object.get(input.offer, "line", input.offer.maxLine)

_offered if {
	input.offer.eligible
	_line > 0
}

# _apr(8.5) is "8.50%": percent with two decimals, rounded half up.
_apr(x) := sprintf("%d.%s%%", [floor(hundredths / 100), _two_digits(hundredths % 100)]) if hundredths := round(x * 100)

_two_digits(n) := sprintf("0%d", [n]) if n < 10

else := sprintf("%d", [n])
