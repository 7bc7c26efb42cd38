# heloc.eligibility: the words of a reason. _reason writes a reason from its
# rule's METADATA, filling in its {name} placeholders (_fill); dollars,
# percent and the list and case helpers write the values.

package heloc.eligibility

import rego.v1

# ---------------------------------------------------------------------------
# Writing a reason
# ---------------------------------------------------------------------------

# _reason(metadata, row, values) is the reason a rule's METADATA describes
# (metadata is rego.metadata.rule() of that rule): its code, page,
# priority and weight, its words (message, estimate_message and
# adverse_action) with each {name} in them
# replaced by values["{name}"], and rule, the id of the table row that decided
# it. Read with defaults so that a rule that fires always gives a reason,
# whatever its METADATA holds (the tests check that every reason has its
# code, page and words).
_reason(metadata, row, values) := {
	"code": object.get(metadata, ["custom", "code"], null),
	"priority": object.get(metadata, ["custom", "priority"], 0),
	"weight": object.get(metadata, ["custom", "weight"], 0),
	"page": object.get(metadata, ["custom", "page"], null),
	"rule": row,
	"message": _fill(object.get(metadata, ["custom", "message"], ""), values),
	"estimateMessage": _estimate_words(metadata, values),
	"adverseAction": _fill(object.get(metadata, ["custom", "adverse_action"], ""), values),
}

# The estimate's words, filled in for a self-reported answer only (no
# other decision shows them).
_estimate_words(metadata, values) := _fill(object.get(metadata, ["custom", "estimate_message"], ""), values) if {
	self_reported
} else := ""

# _sentence_list(["a", "b", "c"]) is "a, b and c".
_sentence_list(words) := words[0] if {
	count(words) == 1
} else := concat(" and ", [concat(", ", array.slice(words, 0, count(words) - 1)), words[count(words) - 1]]) if {
	count(words) > 1
} else := ""

# _lower_first("Your home") is "your home".
_lower_first(s) := concat("", [lower(substring(s, 0, 1)), substring(s, 1, -1)])

# _fill(words, values) puts each value of values in place of its
# placeholder in words: values is keyed by the placeholders as the words
# write them ({"{fbmYears}": "7"} fills "{fbmYears} years" as "7 years").
_fill(words, values) := strings.replace_n(values, words)

# dollars(n) writes whole dollars as an adverse-action notice would:
# dollars(1234567) is "$1,234,567".
dollars(n) := concat("", ["$", _thousands(format_int(n, 10))]) if {
	n >= 0
} else := concat("", ["-$", _thousands(format_int(abs(n), 10))]) if {
	n < 0
}

# _thousands("1234567") is "1,234,567": a comma after every three digits
# counted from the right (written back to front, the digits take a comma
# after each group of three, and the last one is dropped).
_thousands(digits) := strings.reverse(trim_right(regex.replace(strings.reverse(digits), `[0-9]{3}`, "$0,"), ","))

# percent(f) writes a fraction as a percentage: percent(0.85) is "85%".
percent(f) := sprintf("%v%%", [round(f * 10000) / 100])
