#include "ir/effects.h"

#include <algorithm>

namespace py2cuda::ir {

namespace {

bool nonzero_constant(const Expr& e) {
  if (e.kind == ExprKind::Global) return static_cast<const GlobalRef&>(e).nonzero;
  if (e.kind != ExprKind::Const) return false;
  const auto& c = static_cast<const Const&>(e);
  return e.type->is_float() ? c.f != 0.0 : e.type->is_complex() ? (c.f != 0.0 || c.im != 0.0) : c.bits != 0;
}

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

}  // namespace

bool has_effects(const Expr& e, EffectRules rules) {
  switch (e.kind) {
    case ExprKind::Call:
    case ExprKind::Launch: return true;
    case ExprKind::Builtin: {
      const auto& c = static_cast<const BuiltinCall&>(e);
      if (c.has_effects || rules.every_call) return true;
      break;
    }
    case ExprKind::Binary: {
      const auto& b = static_cast<const Binary&>(e);
      const bool divides = b.op == BinOp::TrueDiv || b.op == BinOp::FloorDiv || b.op == BinOp::Mod;
      if (rules.divisions_raise && divides && !nonzero_constant(*b.right)) return true;
      break;
    }
    default: break;
  }
  return any_operand(e, [&](const Expr& x) { return has_effects(x, rules); });
}

bool reads_arrays(const Expr& e) {
  switch (e.kind) {
    case ExprKind::Index: return true;
    // An array's shape cannot change while the expression is evaluated.
    case ExprKind::Shape:
    case ExprKind::Size: return false;
    default: return any_operand(e, [](const Expr& x) { return reads_arrays(x); });
  }
}

bool order_matters(const std::vector<const Expr*>& operands, EffectRules rules) {
  bool before = false;  // an earlier operand has effects or reads an array
  for (const Expr* x : operands) {
    const bool effects = has_effects(*x, rules);
    if (effects && before) return true;
    before = before || effects || reads_arrays(*x);
  }
  return false;
}

bool needs_ordered_evaluation(const std::vector<ExprPtr>& args, size_t first, EffectRules rules) {
  size_t effects = 0;
  for (size_t i = first; i < args.size(); ++i) effects += has_effects(*args[i], rules) ? 1 : 0;
  return effects >= 2;
}

}  // namespace py2cuda::ir
