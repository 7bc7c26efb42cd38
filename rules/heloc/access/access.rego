# The portal's roles: who may do what, on which loans (spec: "Portal user
# ... has a user-management page"; the roles, actions and grants are our
# design, as the spec names none).
#
# The roles, actions, grants and the words of each reason are data
# (tables/data.yaml, loaded at data.heloc.access.tables); the rules here only
# look a request up in them. What is not granted is refused.
package heloc.access

import rego.v1

import data.heloc.access.tables

# decision answers "may a user with input.role do input.action?":
# {allow, scope ("all" | "assigned" | null), grant (row id | null),
# reasons [{code, message}]}.
#
# input.assigned says whether the loan in question is assigned to the user;
# it is false or absent when the action is not about one loan. A refusal
# carries no scope and no grant, so no caller can mistake it for one.
#
# The default is reached only when the tables are missing or broken; it
# refuses, with a reason that says no decision was made.
default decision := {
	"allow": false,
	"scope": null,
	"grant": null,
	"reasons": [{"code": "not_decided", "message": "Access could not be decided. Please contact an administrator."}],
}

decision := {
	"allow": _allowed,
	"scope": _scope,
	"grant": _grant_id,
	"reasons": [{"code": code, "message": tables.messages[code]} | some code in _reason_order; code in _refusals],
} if {
	is_object(tables.roles)
	is_object(tables.actions)
	is_object(tables.messages)
}

# roles is every role with its label and the actions it grants, in table
# order, for the user-management page. (A comprehension is always defined:
# without tables it is {}, so it needs no default.)
roles := {name: {"label": role.label, "actions": [g.action | some g in role.grants]} |
	some name, role in tables.roles
}

# Reasons are listed in this order: what is unknown first, then what is not
# granted.
_reason_order := ["unknown_role", "unknown_action", "not_granted", "not_assigned"]

_role := tables.roles[input.role]

_action := tables.actions[input.action]

# The grant of the action in the role. The schema lets a role grant an
# action once; were it granted twice, the first row would count rather than
# the decision failing.
_grant := [g | some g in _role.grants; g.action == input.action][0]

_refusals contains "unknown_role" if not _role

_refusals contains "unknown_action" if not _action

_refusals contains "not_granted" if {
	_role
	_action
	not _grant
}

# A grant scoped to assigned loans allows an action about one loan only on a
# loan assigned to the user; only a literal true counts as assigned.
_refusals contains "not_assigned" if {
	_grant.scope == "assigned"
	_action.per_loan == true
	not input.assigned == true
}

_allowed := count(_refusals) == 0

default _scope := null

_scope := _grant.scope if _allowed

default _grant_id := null

_grant_id := _grant.id if _allowed
