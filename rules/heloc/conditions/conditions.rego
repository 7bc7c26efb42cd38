# How to read this file. The catalogue is the table (tables/data.yaml,
# loaded at data.heloc.conditions.tables): one row per condition code, so
# that adding or rewording a condition is a data diff. The rule below gives
# each row as it is, with two things filled in from the other tables:
#   - a document condition carries the category of the document type it
#     asks for (data.heloc.documents.tables), so the portal files the upload
#     where the borrower's list files it;
#   - a label may name a number of the employment table, as {gapThresholdDays}
#     or {windowYears} (data.heloc.employment.tables), so that the words of
#     condition 409 follow the gap rule rather than repeat its numbers.

# METADATA
# title: Underwriting condition codes
# description: >-
#   The conditions an underwriter can set on a loan (product spec §9
#   "Underwriting condition codes"), as the policy contract's
#   data.heloc.conditions.catalog gives them.
package heloc.conditions

import rego.v1

import data.heloc.conditions.tables
import data.heloc.documents.tables as documents
import data.heloc.employment.tables as employment

# METADATA
# title: The condition catalogue
# description: >-
#   Code -> {kind, label} plus, for a document condition, the document type
#   it asks for and that type's category. Each row of tables.catalog is one
#   condition; 106, 108, 306 and 307 are answered by e-mail.
# custom:
#   code: the row's key (100-110, 303-310, 405-420, 600-609)
#   page: the portal's loan file, where the underwriter sets conditions and the borrower answers them
#   source: >-
#     Product spec §9 "Underwriting condition codes"; the individual
#     conditions and their wording are lender practice, in the usual form of
#     an underwriter's condition list
catalog := {code: _condition(row) | some code, row in tables.catalog} if is_object(tables.catalog)

default catalog := {}

# A document condition: the row, its label filled in, and the category of
# the document type it asks for. A type the documents table does not define
# leaves the row as written.
_condition(row) := object.union(row, {"label": _label(row.label), "category": category}) if {
	row.kind == "document"
	category := documents.types[row.documentType].category
} else := object.union(row, {"label": _label(row.label)})

# A label with each {name} of a number of the employment table filled in.
_label(label) := strings.replace_n(
	{sprintf("{%s}", [name]): format_int(n, 10) | some name, n in employment; is_number(n)},
	label,
)
