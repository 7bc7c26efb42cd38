package policy

import (
	"context"
	"errors"
	"fmt"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/ir"
	"github.com/open-policy-agent/opa/v1/rego"
	"github.com/open-policy-agent/opa/v1/topdown"

	"github.com/heloc/heloc/server/policy/vm"
)

// Planned evaluation.
//
// Each entrypoint is also planned (OPA's planner compiles the query, as it
// does before compiling it to WebAssembly) and evaluated by server/policy/vm,
// which runs the planned statements over OPA's values and built-ins without
// topdown's unification: the same decisions (TestPlannedMatchesTopdown
// checks them on every fixture and on generated inputs) for a fraction of
// the cost. An entrypoint that the planner or the vm cannot take (a `with`,
// a dynamic call) is evaluated by topdown as before; so is every entrypoint
// when HELOC_POLICY_EVALUATOR=topdown (see Load).
//
// OPA hands a planned query only to a target plugin, so the Engine registers
// one (vmTarget) and receives the plan through the context of the
// preparation.

const vmTarget = "heloc-vm"

func init() { rego.RegisterPlugin(vmTarget, vmPlugin{}) }

type vmPlugin struct{}

// planSink carries the data document into a preparation and the prepared
// program out of it.
type planSink struct {
	data ast.Value
	prog *vm.Program
}

type planSinkKey struct{}

func (vmPlugin) IsTarget(t string) bool { return t == vmTarget }

func (vmPlugin) PrepareForEval(ctx context.Context, policy *ir.Policy, _ ...rego.PrepareOption) (rego.TargetPluginEval, error) {
	sink, ok := ctx.Value(planSinkKey{}).(*planSink)
	if !ok {
		return nil, errors.New("policy: the heloc-vm target is prepared by the Engine only")
	}
	prog, err := vm.Prepare(policy, sink.data)
	if err != nil {
		return nil, err
	}
	sink.prog = prog
	return vmEval{}, nil
}

// vmEval is what rego keeps of a planned query; the Engine evaluates the
// program itself (evalPlanned), never through rego.
type vmEval struct{}

func (vmEval) Eval(context.Context, *rego.EvalContext, ast.Value) (ast.Value, error) {
	return nil, errors.New("policy: a planned query is evaluated by the Engine, not by rego")
}

// plan prepares entrypoint name of compiler for the vm, or says why not.
func plan(ctx context.Context, compiler *ast.Compiler, data ast.Value, name string) (*vm.Program, error) {
	sink := &planSink{data: data}
	// Preparing for a target plugin sets the compiler's mode to planning;
	// the compiler is topdown's too, so it is set back.
	defer compiler.WithEvalMode(ast.EvalModeTopdown)
	_, err := rego.New(
		rego.Query("data."+name),
		rego.Compiler(compiler),
		rego.Target(vmTarget),
	).PrepareForEval(context.WithValue(ctx, planSinkKey{}, sink))
	if err != nil {
		return nil, err
	}
	if sink.prog == nil {
		return nil, fmt.Errorf("policy: plan %s: no program", name)
	}
	return sink.prog, nil
}

// evalPlanned evaluates a planned entrypoint: its value, or nil when it is
// undefined.
func evalPlanned(ctx context.Context, prog *vm.Program, cancel topdown.Cancel, input ast.Value) (ast.Value, error) {
	rs, err := prog.Eval(ctx, cancel, input)
	if err != nil {
		return nil, err
	}
	if rs.Len() != 1 {
		return nil, nil
	}
	obj, ok := rs.Slice()[0].Value.(ast.Object)
	if !ok || obj.Len() != 1 {
		return nil, fmt.Errorf("policy: unexpected planned result %v", rs)
	}
	var v ast.Value
	obj.Foreach(func(_, t *ast.Term) { v = t.Value })
	return v, nil
}
