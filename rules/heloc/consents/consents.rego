# Consents (issue 11): the wording of each consent the product asks for,
# with its version. The forms show it; the server records each agreement
# with the version agreed to. The text is compliance's, in
# tables/data.yaml (loaded at data.heloc.consents.tables).
package heloc.consents

import rego.v1

import data.heloc.consents.tables

# METADATA
# title: The consents a form shows today
# description: >-
#   {"consents": [{"kind", "version", "title", "text"}]}: the e-consent
#   (ESIGN), calls and texts (TCPA), information sharing (GLBA) and the
#   credit-check authorization (FCRA), in the table's order, each in its
#   current wording.
# custom:
#   source: >-
#     ESIGN Act 15 U.S.C. §7001(c); TCPA 47 CFR §64.1200(f)(9); GLBA 15
#     U.S.C. §6802; FCRA 15 U.S.C. §1681b(a)(2)
default current := {"consents": []}

current := {"consents": [{
	"kind": c.kind,
	"version": c.version,
	"title": c.title,
	"text": c.text,
} |
	some c in tables.consents
]} if is_array(tables.consents)
