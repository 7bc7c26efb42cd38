# Tests for heloc.consents: each consent the issue names exists once, with a
# version, and its wording says what the law asks it to say.
package heloc.consents_test

import rego.v1

import data.heloc.consents

_kinds := ["eConsent", "tcpa", "informationSharing", "creditAuthorization"]

_text(kind) := [c.text | some c in consents.current.consents; c.kind == kind][0]

test_each_kind_exists_once_with_a_version_and_a_title if {
	every kind in _kinds {
		rows := [c | some c in consents.current.consents; c.kind == kind]
		count(rows) == 1
		regex.match(`^[a-z]+-[0-9]{4}-[0-9]{2}`, rows[0].version)
		rows[0].title != ""
	}
	count(consents.current.consents) == count(_kinds)
}

# ESIGN §7001(c)(1): scope, paper copies, withdrawal and its consequences,
# hardware and software, updating the e-mail address.
test_the_e_consent_says_what_esign_requires if {
	text := lower(_text("eConsent"))
	every phrase in [
		"what this covers", "paper copy", "at no charge", "withdraw",
		"we cannot go on with the application online", "what you need",
		"pdf", "your e-mail address", "change it",
	] {
		contains(text, phrase)
	}
}

# 47 CFR §64.1200(f)(9): autodialed and prerecorded, to the number given,
# not a condition of purchase; STOP to end texts.
test_the_tcpa_consent_is_optional_and_names_the_number if {
	text := lower(_text("tcpa"))
	every phrase in [
		"call", "text messages", "automatic telephone dialing system", "prerecorded",
		"the phone number you gave", "optional", "not a condition of getting credit", "stop",
	] {
		contains(text, phrase)
	}
}

test_the_information_sharing_consent_says_with_whom_and_how_to_opt_out if {
	text := lower(_text("informationSharing"))
	every phrase in ["consumer reporting agencies", "affiliates", "we do not sell", "you may limit"] {
		contains(text, phrase)
	}
}

test_the_credit_authorization_is_a_soft_pull_for_a_permissible_purpose if {
	text := lower(_text("creditAuthorization"))
	every phrase in ["fair credit reporting act", "soft inquiry", "does not affect your credit score", "evaluate your application"] {
		contains(text, phrase)
	}
}

test_without_the_table_there_are_no_consents if {
	consents.current == {"consents": []} with data.heloc.consents.tables as {}
}
