# METADATA
# title: Submission readiness
# description: >-
#   Whether an application may be handed to the lender (application.submit),
#   and if not, what still blocks it: each blocker with its code, the words
#   the borrower is told, the field they belong to and the page to fix it
#   on. The loan service gathers the facts and records the decision; the
#   rules decide (issue 20, "readiness to submit").
# scope: package
package heloc.submission

import rego.v1

import data.heloc.funnel.order
import data.heloc.submission.tables

# Input (the facts the loan service gathers at application.submit):
#   applicationStatus   the loan's status (a step of data.heloc.funnel.order)
#   resumePage          the label of the page the status resumes at, or null
#   applicationStarted  the application has been saved at least once
#   sections            {"disbursement": bool}: the sections saved
#   documents           {"totalMissing": n, "missing": [{"party", "label",
#                       "missing"}]}: data.heloc.documents.requirements'
#                       counts of what is still missing, per document
#   people              [{"party", "identity", "disclosures": [{"id",
#                       "signed"}]}]: each person on the loan, the result of
#                       their ID check (null when none was made) and, for the
#                       e-sign consent and each current disclosure, whether
#                       they signed the text rendered now (no list: the
#                       person signs nothing, having no section to sign as)
#   lineToSign          the loan's offer has a line of credit to sign for
#   people[].name       the coborrower's name (the coborrower's fact only)
#   people[].ownAnswers {"creditAuthorization", "declarations",
#                       "demographics": bool}: what the coborrower gave in
#                       their own session (the coborrower's fact only: the
#                       borrower gives theirs in theirs)

# METADATA
# title: Whether the application may be submitted
# description: >-
#   {"ready": bool, "blockers": [{"code", "message", "field", "page"}]}:
#   ready when nothing blocks the submission. Blockers come in the order of
#   the table's rows, a person's in the order of input.people; a blocker
#   the table marks alone is told by itself.
# custom:
#   source: Product spec "Application submission"; issue 20 item 1
readiness := {"ready": count(blockers) == 0, "blockers": blockers}

# The blockers told: the first kind marked alone that holds, by itself,
# else every blocker found, in the table's order.
blockers := [_alone_found[0]] if {
	count(_alone_found) > 0
} else := [b |
	some key in sort([[_group[f.code], f.index, _rank[f.code]] | some f in _found])
	some f in _found
	[_group[f.code], f.index, _rank[f.code]] == key
	b := object.remove(f, ["index"])
]

_alone_found := [b |
	some key in sort([[_rank[f.code], f.index] | some f in _found; _row[f.code].alone == true])
	some f in _found
	[_rank[f.code], f.index] == key
	b := object.remove(f, ["index"])
]

_row[code] := r if {
	some r in tables.blockers
	code := r.code
}

_rank[code] := i if {
	some i, r in tables.blockers
	code := r.code
}

# A person's blockers are told together: blockers of one field (the
# identity ones) rank as the first row of that field.
_group[code] := min([i | some i, r in tables.blockers; r.field == _row[code].field]) if _row[code]

_blocker(code, index, party, message) := {
	"code": code,
	"index": index,
	"message": message,
	"field": replace(_row[code].field, "{party}", party),
	"page": _row[code].page,
}

_reached if order[input.applicationStatus] >= order[tables.reachedStep]

# METADATA
# title: The earlier steps are not finished
# description: >-
#   The loan's status has not reached the table's reachedStep (every page
#   before the loan-disbursement page saved). Told alone, with the page to
#   go on from when the input names it.
# custom:
#   code: APPLICATION_INCOMPLETE
#   source: Product spec "Application submission"
_found contains _blocker("APPLICATION_INCOMPLETE", 0, "", message) if {
	not _reached
	message := _incomplete_message
}

_incomplete_message := replace(_row.APPLICATION_INCOMPLETE.messageWithPage, "{resumePage}", input.resumePage) if {
	is_string(input.resumePage)
	input.resumePage != ""
} else := _row.APPLICATION_INCOMPLETE.message

# METADATA
# title: No application saved
# description: The application was never saved. Told alone.
# custom:
#   code: APPLICATION_NOT_STARTED
#   source: Product spec "Application submission"
_found contains _blocker("APPLICATION_NOT_STARTED", 0, "", _row.APPLICATION_NOT_STARTED.message) if {
	not input.applicationStarted == true
}

# METADATA
# title: Where to send the funds is not saved
# description: The loan-disbursement section (the account and the first draw) is not saved.
# custom:
#   code: DISBURSEMENT_MISSING
#   source: Product spec "Loan disbursement"
_found contains _blocker("DISBURSEMENT_MISSING", 0, "", _row.DISBURSEMENT_MISSING.message) if {
	not input.sections.disbursement == true
}

# METADATA
# title: Documents still missing
# description: >-
#   data.heloc.documents.requirements counts documents still missing. The
#   message names how many and each document with its count, the
#   coborrower's named as theirs.
# custom:
#   code: DOCUMENTS_MISSING
#   source: Product spec §9 "Documents"
_found contains _blocker("DOCUMENTS_MISSING", 0, "", message) if {
	total := object.get(input, ["documents", "totalMissing"], 0)
	total > 0
	message := _documents_message(total)
}

_documents_head(1) := _row.DOCUMENTS_MISSING.message

_documents_head(n) := replace(_row.DOCUMENTS_MISSING.messageMany, "{count}", format_int(n, 10)) if n > 1

_document_parts := [sprintf("%s%s (%d)", [tables.documentOwner[d.party], d.label, d.missing]) |
	some d in object.get(input, ["documents", "missing"], [])
	d.missing > 0
]

_documents_message(n) := concat("", [_documents_head(n), ": ", concat(", ", _document_parts), "."]) if {
	count(_document_parts) > 0
} else := concat("", [_documents_head(n), "."])

# METADATA
# title: A person's identity is not verified
# description: A person on the loan has no ID check on file.
# custom:
#   code: IDENTITY_NOT_VERIFIED
#   source: Product spec §9 "Identity verification"
_found contains _blocker("IDENTITY_NOT_VERIFIED", i, p.party, message) if {
	some i, p in object.get(input, "people", [])
	object.get(p, "identity", null) == null
	message := replace(_row.IDENTITY_NOT_VERIFIED.message, "{whose}", tables.whose[p.party])
}

# METADATA
# title: A person's ID check failed
# description: >-
#   A person's ID check failed (a passed check, or one left for review by
#   the lender's staff, does not block).
# custom:
#   code: IDENTITY_FAILED
#   source: Product spec §9 "Identity verification"
_found contains _blocker("IDENTITY_FAILED", i, p.party, message) if {
	some i, p in object.get(input, "people", [])
	p.identity == "failed"
	message := replace(_row.IDENTITY_FAILED.message, "{whose}", tables.whose[p.party])
}

# METADATA
# title: No line of credit to sign for
# description: The loan's offer has no line of credit, so there is nothing to sign.
# custom:
#   code: NO_LINE_TO_SIGN
#   source: Product spec "Disclosures and signing"
_found contains _blocker("NO_LINE_TO_SIGN", 0, "", _row.NO_LINE_TO_SIGN.message) if {
	not input.lineToSign == true
}

# METADATA
# title: Disclosures not signed
# description: >-
#   A person on the loan has not signed the e-sign consent or a current
#   disclosure (a signature of an earlier text of it does not count), or no
#   person is named at all.
# custom:
#   code: DISCLOSURES_NOT_SIGNED
#   source: Product spec "Disclosures and signing"; ESIGN Act 15 U.S.C. §7001(c)
_found contains _blocker("DISCLOSURES_NOT_SIGNED", 0, "", _row.DISCLOSURES_NOT_SIGNED.message) if {
	input.lineToSign == true
	not _everyone_signed
}

# A person without a disclosures list (a coborrower whose section was never
# saved) signs nothing; at least one person signs.
_everyone_signed if {
	signers := [p | some p in object.get(input, "people", []); is_array(p.disclosures)]
	count(signers) > 0
	every p in signers {
		count(p.disclosures) > 0
		every d in p.disclosures {
			d.signed == true
		}
	}
}

# METADATA
# title: The coborrower has not given their own answers
# description: >-
#   A person who gives their own credit check authorization, declarations
#   and demographic information in their own session (the coborrower) has
#   not given each of them yet. The message names the person and what is
#   still theirs to give, in the table's order.
# custom:
#   code: COBORROWER_WAITING
#   source: Issue 23 item 4 "The coborrower acts for themselves"; ECOA/Reg B 12 CFR 1002.7(d) (a joint applicant's own intent)
_found contains _blocker("COBORROWER_WAITING", i, p.party, message) if {
	some i, p in object.get(input, "people", [])
	is_object(p.ownAnswers)
	missing := [a.label |
		some a in tables.ownAnswers
		not p.ownAnswers[a.key] == true
	]
	count(missing) > 0
	message := replace(replace(_row.COBORROWER_WAITING.message, "{name}", p.name), "{missing}", concat(", ", missing))
}
