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

}  // namespace

bool has_effects(const Expr& e, EffectRules rules) {
  auto sub = [&](const ExprPtr& x) { return x && has_effects(*x, rules); };
  switch (e.kind) {
    case ExprKind::Call:
    case ExprKind::Launch: return true;
    case ExprKind::Builtin: {
      const auto& c = static_cast<const BuiltinCall&>(e);
      return c.has_effects || rules.every_call || std::any_of(c.args.begin(), c.args.end(), sub);
    }
    case ExprKind::Let: {
      const auto& let = static_cast<const Let&>(e);
      return sub(let.init) || sub(let.body);
    }
    case ExprKind::Cast: return sub(static_cast<const Cast&>(e).operand);
    case ExprKind::Unary: return sub(static_cast<const Unary&>(e).operand);
    case ExprKind::Binary: {
      const auto& b = static_cast<const Binary&>(e);
      const bool divides = b.op == BinOp::TrueDiv || b.op == BinOp::FloorDiv || b.op == BinOp::Mod;
      if (rules.divisions_raise && divides && !nonzero_constant(*b.right)) return true;
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
    case ExprKind::TupleMake: {
      const auto& t = static_cast<const TupleMake&>(e);
      return std::any_of(t.elements.begin(), t.elements.end(), sub);
    }
    case ExprKind::TupleGet: return sub(static_cast<const TupleGet&>(e).tuple);
    case ExprKind::Index: {
      const auto& ix = static_cast<const Index&>(e);
      return sub(ix.array) || std::any_of(ix.indices.begin(), ix.indices.end(), sub);
    }
    case ExprKind::Shape: return sub(static_cast<const Shape&>(e).array);
    case ExprKind::Size: return sub(static_cast<const Size&>(e).array);
    case ExprKind::Const:
    case ExprKind::Var:
    case ExprKind::Global:
    case ExprKind::LocalArray: return false;
  }
  return true;
}

bool reads_arrays(const Expr& e) {
  auto sub = [](const ExprPtr& x) { return x && reads_arrays(*x); };
  switch (e.kind) {
    case ExprKind::Index: return true;
    case ExprKind::Call: return std::any_of(static_cast<const Call&>(e).args.begin(), static_cast<const Call&>(e).args.end(), sub);
    case ExprKind::Builtin: {
      const auto& c = static_cast<const BuiltinCall&>(e);
      return std::any_of(c.args.begin(), c.args.end(), sub);
    }
    case ExprKind::Let: return sub(static_cast<const Let&>(e).init) || sub(static_cast<const Let&>(e).body);
    case ExprKind::Cast: return sub(static_cast<const Cast&>(e).operand);
    case ExprKind::Unary: return sub(static_cast<const Unary&>(e).operand);
    case ExprKind::Binary: return sub(static_cast<const Binary&>(e).left) || sub(static_cast<const Binary&>(e).right);
    case ExprKind::Compare: return sub(static_cast<const Compare&>(e).left) || sub(static_cast<const Compare&>(e).right);
    case ExprKind::Logical: return sub(static_cast<const Logical&>(e).left) || sub(static_cast<const Logical&>(e).right);
    case ExprKind::Select: {
      const auto& s = static_cast<const Select&>(e);
      return sub(s.cond) || sub(s.then_value) || sub(s.else_value);
    }
    case ExprKind::TupleMake: {
      const auto& t = static_cast<const TupleMake&>(e);
      return std::any_of(t.elements.begin(), t.elements.end(), sub);
    }
    case ExprKind::TupleGet: return sub(static_cast<const TupleGet&>(e).tuple);
    default: return false;
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
