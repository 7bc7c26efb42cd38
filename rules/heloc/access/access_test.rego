# Tests for heloc.access: each reads as a sentence of the portal's access
# design (tables/data.yaml; the spec names no roles, so the design is ours).
package heloc.access_test

import rego.v1

import data.heloc.access
import data.heloc.access.tables

# ask(role, action) is the decision on an action that is not about one loan,
# or about a loan not assigned to the user.
ask(role, action) := d if {
	d := access.decision with input as {"role": role, "action": action}
}

# ask_assigned(role, action) is the decision on a loan assigned to the user.
ask_assigned(role, action) := d if {
	d := access.decision with input as {"role": role, "action": action, "assigned": true}
}

allowed(scope, grant) := {"allow": true, "scope": scope, "grant": grant, "reasons": []}

refused(codes) := {"allow": false, "scope": null, "grant": null, "reasons": [reason(c) | some c in codes]}

reason(code) := {"code": code, "message": tables.messages[code]}

every_action := {
	"pipeline.view", "loans.read", "loans.update", "loans.assign",
	"documents.read", "documents.review", "conditions.manage",
	"decisions.read", "decisions.replay", "users.read", "users.manage",
	"pii.unmask", "audit.read", "loans.export", "loans.decide",
	"hmda.read", "policy.read",
}

# --- The roles and actions of the design ---

test_the_portal_has_six_roles if {
	object.keys(tables.roles) == {"administrator", "underwriter", "processor", "loanOfficer", "partner", "compliance"}
}

test_the_portal_has_seventeen_actions if {
	object.keys(tables.actions) == every_action
}

# --- An administrator may do everything, on every loan ---

test_an_administrator_may_do_every_action_on_every_loan if {
	every action in every_action {
		d := ask("administrator", action)
		d.allow == true
		d.scope == "all"
		startswith(d.grant, "ADMIN-")
	}
}

test_an_administrator_is_allowed_by_the_grant_row_named if {
	ask("administrator", "users.manage") == allowed("all", "ADMIN-USERS-MANAGE")
}

# --- An underwriter reads everything, sensitive fields unmasked, reviews
# documents, manages conditions, reads and replays decisions and exports ---

test_an_underwriter_may_read_review_manage_conditions_and_replay_on_every_loan if {
	every action in {
		"pipeline.view", "loans.read", "documents.read", "documents.review",
		"conditions.manage", "decisions.read", "decisions.replay", "users.read",
		"pii.unmask", "loans.export",
	} {
		ask("underwriter", action).allow == true
		ask("underwriter", action).scope == "all"
	}
}

test_an_underwriter_may_not_add_notes_to_or_assign_a_loan_manage_users_nor_read_the_audit_log if {
	every action in {"loans.update", "loans.assign", "users.manage", "audit.read"} {
		ask("underwriter", action) == refused(["not_granted"])
	}
}

# --- A processor reads loans, sensitive fields unmasked, keeps notes, reviews
# documents, collects conditions and exports ---

test_a_processor_may_read_add_notes_review_and_manage_conditions_on_every_loan if {
	every action in {
		"pipeline.view", "loans.read", "loans.update", "documents.read",
		"documents.review", "conditions.manage", "decisions.read", "users.read",
		"pii.unmask", "loans.export",
	} {
		ask("processor", action).allow == true
		ask("processor", action).scope == "all"
	}
}

test_a_processor_may_not_assign_loans_replay_decisions_manage_users_nor_read_the_audit_log if {
	every action in {"loans.assign", "decisions.replay", "users.manage", "audit.read"} {
		ask("processor", action) == refused(["not_granted"])
	}
}

# --- A loan officer sees and works on the loans assigned to them only ---

test_a_loan_officer_may_work_on_a_loan_assigned_to_them if {
	every action in {"loans.read", "loans.update", "loans.assign", "documents.read", "conditions.manage", "decisions.read"} {
		d := ask_assigned("loanOfficer", action)
		d.allow == true
		d.scope == "assigned"
		startswith(d.grant, "LO-")
	}
}

test_a_loan_officer_may_not_open_a_loan_not_assigned_to_them if {
	every action in {"loans.read", "loans.update", "loans.assign", "documents.read", "conditions.manage", "decisions.read"} {
		ask("loanOfficer", action) == refused(["not_assigned"])
	}
}

test_a_loan_officer_sees_the_pipeline_of_their_assigned_loans if {
	ask("loanOfficer", "pipeline.view") == allowed("assigned", "LO-PIPELINE-VIEW")
}

test_a_loan_officer_may_not_review_documents_replay_or_see_users if {
	every action in {"documents.review", "decisions.replay", "users.read", "users.manage"} {
		ask_assigned("loanOfficer", action) == refused(["not_granted"])
	}
}

# A loan officer sees their borrower's sensitive fields masked, does not
# export, and does not read the audit log, even on their own loans.
test_a_loan_officer_may_not_unmask_export_or_read_the_audit_log if {
	every action in {"pii.unmask", "loans.export", "audit.read"} {
		ask_assigned("loanOfficer", action) == refused(["not_granted"])
	}
}

# --- Sensitive fields, the audit log and the export ---

test_an_administrator_underwriter_and_processor_may_unmask_on_every_loan if {
	ask("administrator", "pii.unmask") == allowed("all", "ADMIN-PII-UNMASK")
	ask("underwriter", "pii.unmask") == allowed("all", "UW-PII-UNMASK")
	ask("processor", "pii.unmask") == allowed("all", "PROC-PII-UNMASK")
}

test_only_an_administrator_may_read_the_audit_log if {
	{name | some name, _ in tables.roles; ask(name, "audit.read").allow} == {"administrator"}
	ask("administrator", "audit.read") == allowed("all", "ADMIN-AUDIT-READ")
}

test_the_audit_log_is_not_about_one_loan if {
	tables.actions["audit.read"].per_loan == false
}

test_unmasking_and_exporting_are_about_one_loan if {
	tables.actions["pii.unmask"].per_loan == true
	tables.actions["loans.export"].per_loan == true
}

# --- The credit decision on a submitted application ---

test_only_an_administrator_or_an_underwriter_may_decide_and_on_every_loan if {
	tables.actions["loans.decide"].per_loan == true
	{name | some name, _ in tables.roles; ask_assigned(name, "loans.decide").allow} == {"administrator", "underwriter"}
	ask("underwriter", "loans.decide") == allowed("all", "UW-LOANS-DECIDE")
	every role in {"processor", "loanOfficer", "partner"} {
		ask_assigned(role, "loans.decide") == refused(["not_granted"])
	}
}

test_an_administrator_underwriter_and_processor_may_export_and_no_one_else if {
	{name | some name, _ in tables.roles; ask_assigned(name, "loans.export").allow} == {"administrator", "underwriter", "processor"}
}

test_a_partner_may_not_unmask_export_or_read_the_audit_log if {
	every action in {"pii.unmask", "loans.export", "audit.read"} {
		ask_assigned("partner", action) == refused(["not_granted"])
	}
}

# --- A partner follows the loans assigned to them, read-only ---

test_a_partner_sees_the_pipeline_of_their_assigned_loans if {
	ask("partner", "pipeline.view") == allowed("assigned", "PARTNER-PIPELINE-VIEW")
}

test_a_partner_may_read_a_loan_and_its_documents_when_assigned_to_them if {
	ask_assigned("partner", "loans.read") == allowed("assigned", "PARTNER-LOANS-READ")
	ask_assigned("partner", "documents.read") == allowed("assigned", "PARTNER-DOCUMENTS-READ")
}

test_a_partner_may_not_read_a_loan_not_assigned_to_them if {
	ask("partner", "loans.read") == refused(["not_assigned"])
	ask("partner", "documents.read") == refused(["not_assigned"])
}

test_a_partner_may_do_nothing_else_even_on_their_own_loans if {
	every action in every_action - {"pipeline.view", "loans.read", "documents.read"} {
		ask_assigned("partner", action) == refused(["not_granted"])
	}
}

# --- The assigned-scope rule ---

test_only_a_literal_true_counts_as_assigned if {
	every assigned in [false, null, "true", 1, {}] {
		access.decision == refused(["not_assigned"]) with input as {"role": "partner", "action": "loans.read", "assigned": assigned}
	}
}

test_a_grant_on_all_loans_does_not_ask_whether_the_loan_is_assigned if {
	ask("underwriter", "loans.read") == allowed("all", "UW-LOANS-READ")
	ask_assigned("underwriter", "loans.read") == allowed("all", "UW-LOANS-READ")
}

test_being_assigned_a_loan_grants_no_action_the_role_lacks if {
	ask_assigned("loanOfficer", "users.manage") == refused(["not_granted"])
}

test_a_refusal_names_no_scope_and_no_grant if {
	d := ask("loanOfficer", "loans.read")
	d.scope == null
	d.grant == null
}

# --- Unknown roles and actions are refused, saying why ---

test_an_unknown_role_is_refused if {
	ask("auditor", "loans.read") == refused(["unknown_role"])
}

test_an_unknown_action_is_refused if {
	ask("administrator", "loans.delete") == refused(["unknown_action"])
}

test_an_unknown_role_and_action_give_both_reasons_role_first if {
	ask("auditor", "loans.delete") == refused(["unknown_role", "unknown_action"])
}

test_a_role_or_action_in_another_case_is_unknown if {
	ask("Administrator", "loans.read") == refused(["unknown_role"])
	ask("administrator", "Loans.Read") == refused(["unknown_action"])
}

test_a_missing_or_malformed_input_is_refused_not_an_error if {
	access.decision == refused(["unknown_role", "unknown_action"]) with input as {}
	access.decision == refused(["unknown_role", "unknown_action"]) with input as {"role": 7, "action": ["loans.read"]}
	access.decision == refused(["unknown_role"]) with input as {"role": null, "action": "loans.read", "assigned": true}
}

test_every_reason_has_words_the_portal_can_show if {
	every code in ["unknown_role", "unknown_action", "not_granted", "not_assigned"] {
		count(tables.messages[code]) > 10
	}
}

# --- The grants ---

# Only loan officers and partners are limited to their assigned loans.
test_only_loan_officers_and_partners_have_grants_on_assigned_loans_only if {
	limited := {name | some name, role in tables.roles; some g in role.grants; g.scope == "assigned"}
	limited == {"loanOfficer", "partner"}
	every name in limited {
		every g in tables.roles[name].grants {
			g.scope == "assigned"
		}
	}
}

# --- The roles entrypoint, for the user-management page ---

test_roles_lists_every_role_with_its_label_and_actions if {
	object.keys(access.roles) == object.keys(tables.roles)
	access.roles.loanOfficer.label == "Loan officer"
	access.roles.partner == {"label": "Partner", "actions": ["pipeline.view", "loans.read", "documents.read"]}
	{a | some a in access.roles.administrator.actions} == every_action
}

# The one role the Go code names: `heloc admin create` makes an
# administrator unless told otherwise (domain.RoleAdministrator), and only an
# administrator may manage users.
test_the_administrator_role_that_heloc_admin_create_makes_exists_and_manages_users if {
	access.roles.administrator
	ask("administrator", "users.manage").allow == true
}

test_roles_agrees_with_decision if {
	every name, role in access.roles {
		every action in role.actions {
			ask_assigned(name, action).allow == true
		}
		every action in every_action - {a | some a in role.actions} {
			ask_assigned(name, action).allow == false
		}
	}
}

# --- Without the tables, nothing is allowed ---

test_without_tables_every_request_is_refused_as_not_decided if {
	d := access.decision with input as {"role": "administrator", "action": "loans.read"}
		with data.heloc.access.tables as {}
	d.allow == false
	d.scope == null
	[r.code | some r in d.reasons] == ["not_decided"]
}

test_without_tables_there_are_no_roles if {
	access.roles == {} with data.heloc.access.tables as {}
}

# --- The demographic (HMDA) answers are not for underwriting ---

test_only_administrators_and_compliance_see_the_demographic_answers if {
	ask("administrator", "hmda.read") == allowed("all", "ADMIN-HMDA-READ")
	ask("compliance", "hmda.read") == allowed("all", "COMP-HMDA-READ")
	every role in {"underwriter", "processor"} {
		ask(role, "hmda.read") == refused(["not_granted"])
	}
	every role in {"loanOfficer", "partner"} {
		ask_assigned(role, "hmda.read") == refused(["not_granted"])
	}
}

# --- Compliance answers for the rules: the published revisions, every
# loan's decisions and their replay, nothing else ---

test_compliance_reads_the_policy_revisions_and_every_loans_decisions if {
	ask("compliance", "policy.read") == allowed("all", "COMP-POLICY-READ")
	every action in {"pipeline.view", "loans.read", "decisions.read", "decisions.replay"} {
		ask("compliance", action).allow == true
		ask("compliance", action).scope == "all"
	}
}

test_compliance_changes_nothing_on_a_loan_and_unmasks_nothing if {
	every action in every_action - {"pipeline.view", "loans.read", "decisions.read", "decisions.replay", "policy.read", "hmda.read"} {
		ask_assigned("compliance", action) == refused(["not_granted"])
	}
}

test_only_administrators_and_compliance_read_the_policy_revisions if {
	ask("administrator", "policy.read") == allowed("all", "ADMIN-POLICY-READ")
	every role in {"underwriter", "processor", "loanOfficer", "partner"} {
		ask_assigned(role, "policy.read") == refused(["not_granted"])
	}
}
