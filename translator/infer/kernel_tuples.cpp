// FunctionBuilder, kernels (and host code's `t * 3`): the builtins and operators of tuples
// Numba's CUDA target has and that C++ spells element by element: `a.shape + (7,)`, `(0,) * 3`,
// `t < (3, 0)`, `max(t)` / `min(t)`, and `divmod(a, b)` (a tuple of `a // b` and `a % b`).
// Each operand is evaluated once, in Python's order: one written more than once that is not a
// variable, a literal, an extent or an element read of those (infer/reusable_values.h) is bound
// to a temporary first (ir::Let).
#include <algorithm>
#include <string>
#include <vector>

#include "infer/builtin_typing.h"
#include "infer/function_builder.h"
#include "infer/ir_literals.h"
#include "infer/reusable_values.h"
#include "types/rules.h"

namespace py2cuda::infer {

namespace {

// A part tuple_parts made, written again (a repeated tuple's elements).
ir::ExprPtr copy_of(const ir::Expr& e) {
  if (reusable(e, true)) return reuse(e);
  const auto& get = static_cast<const ir::TupleGet&>(e);
  return std::make_unique<ir::TupleGet>(e.type, reuse(*get.tuple), get.index, e.span);
}

}  // namespace

ir::ExprPtr FunctionBuilder::evaluated_once(ir::ExprPtr v, const char* stem, std::vector<std::unique_ptr<ir::Let>>& lets,
                                            bool element_reads) {
  if (reusable(*v, element_reads)) return v;
  ir::Variable* holder = temporary(stem, v->type);
  const Span s = v->span;
  lets.push_back(std::make_unique<ir::Let>(holder, std::move(v), s));
  return std::make_unique<ir::VarRef>(holder, s);
}

// A tuple's elements as values: a display's own (bound first where `repeated` writes them
// more than once), else the tuple bound once and read element by element.
std::vector<ir::ExprPtr> FunctionBuilder::tuple_parts(ir::ExprPtr t, std::vector<std::unique_ptr<ir::Let>>& lets,
                                                      bool repeated) {
  std::vector<ir::ExprPtr> parts;
  if (t->kind == ir::ExprKind::TupleMake) {
    for (auto& e : static_cast<ir::TupleMake&>(*t).elements) {
      parts.push_back(repeated ? evaluated_once(std::move(e), "item", lets, true) : std::move(e));
    }
    return parts;
  }
  const std::vector<TypeRef> elements = t->type->elements();
  ir::ExprPtr whole = evaluated_once(std::move(t), "items", lets, true);
  for (size_t i = 0; i < elements.size(); ++i) {
    parts.push_back(std::make_unique<ir::TupleGet>(elements[i], reuse(*whole), static_cast<int>(i), whole->span));
  }
  return parts;
}

ir::ExprPtr FunctionBuilder::kernel_tuple_binary(BinOp op, ir::ExprPtr l, ir::ExprPtr r, Span s) {
  std::vector<std::unique_ptr<ir::Let>> lets;
  std::vector<ir::ExprPtr> items;
  if (op == BinOp::Add) {
    // (a, b) + (c,): the elements of both, in order.
    for (auto& e : tuple_parts(std::move(l), lets, false)) items.push_back(std::move(e));
    for (auto& e : tuple_parts(std::move(r), lets, false)) items.push_back(std::move(e));
  } else {
    // (0,) * 3: Numba repeats a tuple by a constant count (its length is the type's).
    if (l->type->is_int()) std::swap(l, r);
    if (r->kind != ir::ExprKind::Const || !r->type->is_int()) {
      return fail(s, std::string("a tuple can be repeated ") + (host_ ? "by py2cuda" : "in a CUDA kernel") +
                         " by a constant count only (the count decides its type)");
    }
    const auto& k = static_cast<const ir::Const&>(*r);
    const int64_t count = static_cast<int64_t>(k.bits);
    std::vector<ir::ExprPtr> once = tuple_parts(std::move(l), lets, true);
    for (int64_t n = 0; n < count; ++n) {
      for (const auto& e : once) items.push_back(copy_of(*e));
    }
  }
  std::vector<TypeRef> types_of;
  for (const auto& e : items) types_of.push_back(e->type);
  auto made = std::make_unique<ir::TupleMake>(types::tuple(std::move(types_of)), s);
  made->elements = std::move(items);
  return within_lets(std::move(lets), std::move(made));
}

// `t == u`, `t < u`, ...: numba-cuda's tuple_eq and tuple_cmp_ordered. Equality is every
// pair equal (tuples of different lengths are never equal); an order is decided by the first
// pair that is not equal (`a != b`, so a NaN decides), compared with the operator, else by
// the lengths. Each pair is compared in the type the two meet in, as a scalar comparison is.
ir::ExprPtr FunctionBuilder::kernel_tuple_comparison(CmpOp op, ir::ExprPtr l, ir::ExprPtr r, Span s) {
  const size_t left_length = l->type->elements().size(), right_length = r->type->elements().size();
  std::vector<std::unique_ptr<ir::Let>> lets;
  const bool ordered = op != CmpOp::Eq && op != CmpOp::NotEq;
  std::vector<ir::ExprPtr> left = tuple_parts(std::move(l), lets, ordered);
  std::vector<ir::ExprPtr> right = tuple_parts(std::move(r), lets, ordered);
  const size_t pairs = std::min(left_length, right_length);
  if (!ordered) {
    ir::ExprPtr all_equal = bool_literal(left_length == right_length, s);
    if (left_length == right_length) {
      all_equal.reset();
      for (size_t i = 0; i < pairs; ++i) {
        auto test = comparison(CmpOp::Eq, std::move(left[i]), std::move(right[i]), s);
        if (!test) return nullptr;
        all_equal = all_equal ? std::make_unique<ir::Logical>(types::boolean(), true, std::move(all_equal),
                                                               std::move(test), s)
                              : std::move(test);
      }
      if (!all_equal) all_equal = bool_literal(true, s);  // () == ()
    }
    if (op == CmpOp::NotEq) {
      auto negated = std::make_unique<ir::Unary>(types::boolean(), UnaryOp::Not, std::move(all_equal), s);
      return within_lets(std::move(lets), std::move(negated));
    }
    return within_lets(std::move(lets), std::move(all_equal));
  }
  const bool lengths_decide = op == CmpOp::Lt    ? left_length < right_length
                              : op == CmpOp::LtE ? left_length <= right_length
                              : op == CmpOp::Gt  ? left_length > right_length
                                                 : left_length >= right_length;
  ir::ExprPtr result = bool_literal(lengths_decide, s);
  for (size_t i = pairs; i-- > 0;) {
    auto differs = comparison(CmpOp::NotEq, copy_of(*left[i]), copy_of(*right[i]), s);
    auto decides = differs ? comparison(op, std::move(left[i]), std::move(right[i]), s) : nullptr;
    if (!decides) return nullptr;
    result = std::make_unique<ir::Select>(types::boolean(), std::move(differs), std::move(decides), std::move(result), s);
  }
  return within_lets(std::move(lets), std::move(result));
}

ir::ExprPtr FunctionBuilder::kernel_divmod(const ast::Call& c) {
  if (c.args.size() != 2 || !c.keywords.empty()) return fail(c.span, "divmod expected 2 arguments, got " + std::to_string(c.args.size()));
  auto a = expr(*c.args[0]);
  auto b = a ? expr(*c.args[1]) : nullptr;
  if (!a || !b) return nullptr;
  if (!a->type->is_number() || !b->type->is_number()) {
    return fail(c.span, "divmod() of " + a->type->str() + " and " + b->type->str() + " is not supported in CUDA kernels");
  }
  // Both operands in the one type Numba's divmod computes in (not always `//`'s).
  if (TypeRef t = rules::divmod_operand(a->type, b->type)) {
    a = convert(std::move(a), t);
    b = convert(std::move(b), t);
  }
  std::vector<std::unique_ptr<ir::Let>> lets;
  a = evaluated_once(std::move(a), "dividend", lets, true);
  b = evaluated_once(std::move(b), "divisor", lets, true);
  auto quotient = binary_values(BinOp::FloorDiv, reuse(*a), reuse(*b), c.span);
  auto remainder = quotient ? binary_values(BinOp::Mod, std::move(a), std::move(b), c.span) : nullptr;
  if (!quotient || !remainder) return nullptr;
  auto made = std::make_unique<ir::TupleMake>(types::tuple({quotient->type, remainder->type}), c.span);
  made->elements.push_back(std::move(quotient));
  made->elements.push_back(std::move(remainder));
  return within_lets(std::move(lets), std::move(made));
}

ir::ExprPtr FunctionBuilder::kernel_minmax_of_tuple(const ast::Call& c, bool is_max) {
  auto t = expr(*c.args[0]);
  if (!t) return nullptr;
  const std::string name = is_max ? "max" : "min";
  if (t->type->elements().empty()) return fail(c.span, name + "() arg is an empty sequence");
  TypeRef u = nullptr;
  for (TypeRef e : t->type->elements()) {
    if (!e->is_number()) return fail(c.args[0]->span, name + "() of a tuple of " + e->str() + " is not supported in CUDA kernels");
    u = u ? rules::unify(u, e) : e;
  }
  std::vector<std::unique_ptr<ir::Let>> lets;
  std::vector<ir::ExprPtr> parts = tuple_parts(std::move(t), lets, false);
  if (parts.size() == 1) return within_lets(std::move(lets), convert(std::move(parts[0]), u));
  // numba's max_iterable: do_minmax, Python's comparisons left to right (never fmax/fmin).
  std::string pattern = is_max ? "py2cuda::py_max_generic(" : "py2cuda::py_min_generic(";
  for (size_t i = 0; i < parts.size(); ++i) pattern += (i ? ", {" : "{") + std::to_string(i) + "}";
  auto call = std::make_unique<ir::BuiltinCall>(u, pattern + ")", c.span);
  for (auto& p : parts) call->args.push_back(convert(std::move(p), u));
  return within_lets(std::move(lets), std::move(call));
}

}  // namespace py2cuda::infer
