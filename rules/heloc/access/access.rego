# How to read this file. The roles, the actions and what each role is
# granted are the table (tables/data.yaml, loaded at data.heloc.access.tables):
# it is the only list of the portal's roles. The server asks `roles` which
# roles exist when it creates a portal user or changes a role, and asks
# `decision` whether a user may take an action. What is not granted is
# refused, for the reasons below, one rule each; the words of each reason
# are its row of tables.messages.

# METADATA
# title: Portal access
# description: >-
#   Who may do what in the portal, on which loans. The spec says only that a
#   portal user "has a user-management page"; the roles, actions and grants
#   are lender practice, after the usual division of work in a mortgage
#   operation.
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

# roles is every role of the table with its label and the actions it
# grants, in table order: the users page lists them, and the server accepts
# no other role for a portal user. (A comprehension is always defined:
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

# METADATA
# title: A role the portal does not know
# description: The user's role is not a role of tables.roles (or the user has none).
# custom:
#   code: unknown_role
#   page: the portal's refusal message; an administrator sets the role on the users page
#   source: Lender practice (the spec names no roles)
_refusals contains rego.metadata.rule().custom.code if not _role

# METADATA
# title: An action the portal does not know
# description: The action asked is not an action of tables.actions.
# custom:
#   code: unknown_action
#   page: the portal's refusal message
#   source: Lender practice (the spec names no actions)
_refusals contains rego.metadata.rule().custom.code if not _action

# METADATA
# title: An action the role is not granted
# description: The role and the action are known, but no grant of the role names the action.
# custom:
#   code: not_granted
#   page: the portal's refusal message
#   source: Lender practice (tables.roles.<role>.grants)
_refusals contains rego.metadata.rule().custom.code if {
	_role
	_action
	not _grant
}

# METADATA
# title: A loan not assigned to the user
# description: >-
#   A grant scoped to assigned loans allows an action about one loan
#   (per_loan) only on a loan assigned to the user; only a literal true
#   counts as assigned.
# custom:
#   code: not_assigned
#   page: the portal's refusal message
#   source: Lender practice (grant scope "assigned")
_refusals contains rego.metadata.rule().custom.code if {
	_grant.scope == "assigned"
	_action.per_loan == true
	not input.assigned == true
}

_allowed := count(_refusals) == 0

default _scope := null

_scope := _grant.scope if _allowed

default _grant_id := null

_grant_id := _grant.id if _allowed
