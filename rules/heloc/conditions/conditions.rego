# Underwriting condition codes (product spec §9 "Underwriting condition
# codes").
#
# The catalogue is data (tables/data.yaml, loaded at
# data.heloc.conditions.tables) so that adding or rewording a condition is a
# data diff. The rule exposes it, adding to each document condition the
# category of the document type it asks for (from the documents tables), so
# the portal files the upload where the borrower's list files it.
package heloc.conditions

import rego.v1

import data.heloc.conditions.tables
import data.heloc.documents.tables as documents

# data.heloc.conditions.catalog (policy contract): code -> {kind, label}
# plus documentType (and, ours, category) for document kinds.
default catalog := {}

catalog := {code: _entry(condition) | some code, condition in tables.catalog} if is_object(tables.catalog)

_entry(condition) := object.union(condition, {"category": category}) if {
	condition.kind == "document"
	category := documents.types[condition.documentType].category
} else := condition
