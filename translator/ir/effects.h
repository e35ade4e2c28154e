// Which expressions may do more than compute a value: the question behind Python's
// left-to-right evaluation order, which C++ leaves open for a call's arguments, a
// constructor's and most operators' operands.
#pragma once

#include <algorithm>
#include <vector>

#include "ir/ir.h"

namespace py2cuda::ir {

// Whether `pred` holds for one of the expressions `e` evaluates before its own work: its
// operands, arguments, indices. One walk for every question asked here, so a new kind of
// expression is taught to all of them at once.
template <class Pred>
bool any_operand(const Expr& e, Pred pred) {
  auto sub = [&](const ExprPtr& x) { return x && pred(*x); };
  auto any = [&](const std::vector<ExprPtr>& xs) { return std::any_of(xs.begin(), xs.end(), sub); };
  switch (e.kind) {
    case ExprKind::Call: return any(static_cast<const Call&>(e).args);
    case ExprKind::Builtin: return any(static_cast<const BuiltinCall&>(e).args);
    case ExprKind::Launch: {
      const auto& l = static_cast<const Launch&>(e);
      return sub(l.grid) || sub(l.block) || sub(l.stream) || sub(l.shared_bytes) || sub(l.forall_tasks) ||
             any(l.args);
    }
    case ExprKind::Let: {
      const auto& let = static_cast<const Let&>(e);
      return sub(let.init) || sub(let.body);
    }
    case ExprKind::Cast: return sub(static_cast<const Cast&>(e).operand);
    case ExprKind::Unary: return sub(static_cast<const Unary&>(e).operand);
    case ExprKind::Binary: {
      const auto& b = static_cast<const Binary&>(e);
      return sub(b.left) || sub(b.right);
    }
    case ExprKind::Compare: {
      const auto& c = static_cast<const Compare&>(e);
      return sub(c.left) || sub(c.right);
    }
    case ExprKind::Logical: {
      const auto& l = static_cast<const Logical&>(e);
      return sub(l.left) || sub(l.right);
    }
    case ExprKind::Select: {
      const auto& s = static_cast<const Select&>(e);
      return sub(s.cond) || sub(s.then_value) || sub(s.else_value);
    }
    case ExprKind::TupleMake: return any(static_cast<const TupleMake&>(e).elements);
    case ExprKind::TupleGet: return sub(static_cast<const TupleGet&>(e).tuple);
    case ExprKind::Index: {
      const auto& ix = static_cast<const Index&>(e);
      return sub(ix.array) || any(ix.indices);
    }
    case ExprKind::Shape: return sub(static_cast<const Shape&>(e).array);
    case ExprKind::Size: return sub(static_cast<const Size&>(e).array);
    case ExprKind::Const:
    case ExprKind::Var:
    case ExprKind::Global:
    case ExprKind::LocalArray: return false;
  }
  return false;
}

// Whether `pred(e, stored_into)` holds for an expression a statement of `b` or of a block nested
// in it evaluates: an expression statement, an assignment's target (stored_into) and value, a
// condition, a loop's bounds, a returned value. A try statement (host code only) counts as one
// for which it holds.
template <class Pred>
bool any_statement_expr(const Block& b, Pred pred) {
  auto holds = [&](const ExprPtr& e, bool stored_into = false) { return e && pred(*e, stored_into); };
  for (const auto& s : b) {
    switch (s->kind) {
      case StmtKind::Expr:
        if (holds(static_cast<const ExprStmt&>(*s).value)) return true;
        break;
      case StmtKind::Assign: {
        const auto& a = static_cast<const Assign&>(*s);
        if (holds(a.target, true) || holds(a.value)) return true;
        break;
      }
      case StmtKind::If: {
        const auto& i = static_cast<const If&>(*s);
        if (holds(i.cond) || any_statement_expr(i.then_body, pred) || any_statement_expr(i.else_body, pred))
          return true;
        break;
      }
      case StmtKind::ForRange: {
        const auto& f = static_cast<const ForRange&>(*s);
        if (holds(f.start) || holds(f.stop) || holds(f.step) || any_statement_expr(f.body, pred)) return true;
        break;
      }
      case StmtKind::While: {
        const auto& w = static_cast<const While&>(*s);
        if (holds(w.cond) || any_statement_expr(w.body, pred)) return true;
        break;
      }
      case StmtKind::Return:
        if (holds(static_cast<const Return&>(*s).value)) return true;
        break;
      case StmtKind::Break:
      case StmtKind::Continue: break;
      case StmtKind::Try: return true;
    }
  }
  return false;
}

// The expressions statement `s` evaluates itself (an assignment's target and value, a condition,
// a loop's bounds, a returned value), not those of the blocks nested in it.
std::vector<const Expr*> own_expressions(const Stmt& s);

// What counts as an effect.
struct EffectRules {
  // A division whose divisor is not a non-zero constant may raise ZeroDivisionError (host
  // code and CPU @jit, whose error model raises).
  bool divisions_raise = false;
  // Every runtime call may have effects. Host code's calls say whether they have
  // (BuiltinCall::has_effects, from the host table's rules); device code's do not, so there
  // every call counts.
  bool every_call = false;
  // A runtime call given a list, dict, set, array or object reads it, in an order that matters
  // beside a call of the program's own functions, which may change it (host code:
  // `print(step(1), len(log))` where step appends to log, `print(fill(a), a.sum())`).
  bool calls_read_their_containers = false;
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

// With EffectRules::calls_read_their_containers: whether `e` holds a runtime call given a
// container (`len(log)`, `a.sum()`), or a call of the program's own functions, a launch or a
// runtime call with effects given a list, dict or set (`d.pop(k)`), which may change one.
bool reads_container(const Expr& e);
bool calls_program_code(const Expr& e);

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
