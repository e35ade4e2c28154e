// Which expressions may do more than compute a value: the question behind Python's
// left-to-right evaluation order, which C++ leaves open for a call's arguments, a
// constructor's and most operators' operands.
#pragma once

#include "ir/ir.h"

namespace py2cuda::ir {

// What counts as an effect.
struct EffectRules {
  // A division whose divisor is not a non-zero constant may raise ZeroDivisionError (host
  // code and CPU @jit, whose error model raises).
  bool divisions_raise = false;
  // Every runtime call may have effects. Host code's calls say whether they have
  // (BuiltinCall::has_effects, from the host table's rules); device code's do not, so there
  // every call counts.
  bool every_call = false;
};

// Whether evaluating `e` may have an effect another operand could see or that could happen
// in another order: a runtime call with effects (a random draw, a print, a write into an
// argument, a clock, an atomic), a call of a user's function that may do any of these
// (Function::call_has_effects), a launch, or a division that may raise.
bool has_effects(const Expr& e, EffectRules rules);

// Whether evaluating `e` reads an element of an array or an object's attribute
// (BuiltinCall::reads_state): a value an effect evaluated after it (an atomic, a call writing
// the array, a method changing the object) could change, so it must be read first. A call of
// a user's function reads what it is given: any argument not a plain number counts.
bool reads_state(const Expr& e);

// Decides Function::call_has_effects for the module's device functions: whether a call may
// have an effect its caller can see. One does if its body, with the functions it calls,
// holds an atomic or random draw (a BuiltinCall with has_effects), a store into an array it
// did not itself create with cuda.local.array (a parameter, a view, a shared array), a barrier,
// a warp collective, a grid sync, a print, a fence, nanosleep, an external function, or a call
// of a function with effects; a recursive call counts as one. The rest compute a value from
// their arguments alone, so their calls need no ordering of their own.
void mark_call_effects(Module& module);

// Whether some operand with effects follows one that has effects or reads an array, or one
// that reads an array follows one with effects (in Python's order): then that order must be
// kept explicitly.
bool order_matters(const std::vector<const Expr*>& operands, EffectRules rules);

// Whether two or more of `args` from index `first` on have effects: then Python's order must
// be kept explicitly (a braced list, or temporaries).
bool needs_ordered_evaluation(const std::vector<ExprPtr>& args, size_t first, EffectRules rules);

}  // namespace py2cuda::ir
