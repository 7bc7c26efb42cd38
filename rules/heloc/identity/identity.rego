# Identity verification (issue 12, the identity-verification page): the
# government-issued photo IDs a person may verify with, each with the sides
# it needs. The IDs are the documents table's idDocument subtypes
# (data.heloc.documents.tables, spec §9 "ID subtypes"), so the page, the
# loan service and the upload page's ID sides read one list.
package heloc.identity

import rego.v1

import data.heloc.documents.tables

# The sides a table row's `sides` names: "both" is the front and the back.
_sides := {"both": ["front", "back"], "front": ["front"], "back": ["back"]}

# METADATA
# title: The IDs a person may verify with
# description: >-
#   {"idTypes": [{"id", "label", "sides"}]}: each idDocument subtype of the
#   documents table in its order, with the sides a photo is needed of
#   ("front", then "back" for an ID with both). A row whose sides the table
#   does not name as both, front or back is left out.
# custom:
#   source: Product spec §9 "ID subtypes (sides)"
default id_types := {"idTypes": []}

id_types := {"idTypes": [{"id": row.id, "label": row.label, "sides": _sides[row.sides]} |
	some row in tables.types.idDocument.subtypes
	_sides[row.sides]
]} if is_array(tables.types.idDocument.subtypes)
