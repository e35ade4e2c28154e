// Host numbers whose Python/NumPy type differs by path (host_flow.cpp finds them): the
// variable is a runtime DynamicNumber (runtime/include/py2cuda/host/dynamic_number.h), which
// holds the value with its type, so that it prints, formats, compares and computes as
// CPython and NumPy do on whichever path ran. Only arithmetic, comparisons, truth, print()
// and formatting take it as it is; every other use needs one static type and gets the
// value converted to the type its paths widen to (expr() does that), as before.
#include "infer/builtin_typing.h"
#include "infer/function_builder.h"
#include "infer/host_nodes.h"

namespace py2cuda::infer {

namespace {

bool dynamic_or_number(TypeRef t) { return t->is_dynamic() || t->is_number(); }

TypeRef static_part(TypeRef t) { return t->is_dynamic() ? t->dtype() : t; }

// A static operand enters a DynamicNumber as the Python/NumPy number it is (to_dynamic).
ir::ExprPtr as_dynamic(ir::ExprPtr x) {
  if (x->type->is_dynamic()) return x;
  const TypeRef t = types::dynamic_number(x->type);
  return convert(std::move(x), t);
}

}  // namespace

ir::ExprPtr FunctionBuilder::static_number(ir::ExprPtr v) {
  if (!v || !v->type->is_dynamic()) return v;
  const TypeRef widened = v->type->dtype();
  return convert(std::move(v), widened);
}

ir::ExprPtr FunctionBuilder::dynamic_operand(const ast::Expr& e) {
  if (!host_) return expr(e);
  return unwrap_optional(maybe_optional(e));
}

ir::ExprPtr FunctionBuilder::dynamic_binary(BinOp op, ir::ExprPtr l, ir::ExprPtr r, Span s) {
  static const std::map<BinOp, std::string> kPattern = {
      {BinOp::Add, "({0} + {1})"},
      {BinOp::Sub, "({0} - {1})"},
      {BinOp::Mul, "({0} * {1})"},
      {BinOp::TrueDiv, "({0} / {1})"},
      {BinOp::FloorDiv, "py2cuda::host::dynamic_floordiv({0}, {1})"},
      {BinOp::Mod, "py2cuda::host::dynamic_mod({0}, {1})"},
      {BinOp::Pow, "py2cuda::host::dynamic_pow({0}, {1})"},
  };
  auto it = kPattern.find(op);
  if (it == kPattern.end() || !dynamic_or_number(l->type) || !dynamic_or_number(r->type)) {
    // Bitwise operators and operands that are not numbers: the static types' rules.
    return number_binary(op, static_number(std::move(l)), static_number(std::move(r)), s);
  }
  // The static type of the result on the widest path: what a static use converts it to.
  TypeRef widened = rules::binary_result(op, static_part(l->type), static_part(r->type));
  if (!widened) widened = rules::unify(static_part(l->type), static_part(r->type));
  if (!widened || !widened->is_number()) {
    return fail(s, "cannot apply '" + std::string(python_spelling(op)) + "' to " + l->type->str() + " and " +
                       r->type->str());
  }
  TypeRef t = types::dynamic_number(widened);
  // Each static operand enters as the Python/NumPy number it is (to_dynamic).

  return call_node(t, it->second, s, args_of(as_dynamic(std::move(l)), as_dynamic(std::move(r))));
}

ir::ExprPtr FunctionBuilder::dynamic_comparison(CmpOp op, ir::ExprPtr l, ir::ExprPtr r, Span s) {
  const bool ordering = op == CmpOp::Eq || op == CmpOp::NotEq || op == CmpOp::Lt || op == CmpOp::LtE ||
                        op == CmpOp::Gt || op == CmpOp::GtE;
  if (!ordering || !dynamic_or_number(l->type) || !dynamic_or_number(r->type)) {
    return comparison(op, static_number(std::move(l)), static_number(std::move(r)), s);
  }

  const std::string pattern = "({0} " + std::string(python_spelling(op)) + " {1})";
  return call_node(types::boolean(), pattern, s, args_of(as_dynamic(std::move(l)), as_dynamic(std::move(r))));
}

ir::ExprPtr FunctionBuilder::dynamic_unary(UnaryOp op, ir::ExprPtr v, Span s) {
  switch (op) {
    case UnaryOp::Pos: return v;
    case UnaryOp::Neg: {
      const TypeRef t = v->type;
      return call_node(t, "(-{0})", s, args_of(std::move(v)));
    }
    case UnaryOp::Not: return call_node(types::boolean(), "!py2cuda::host::truthy({0})", s, args_of(std::move(v)));
    default: return unary_values(op, static_number(std::move(v)), s);
  }
}

}  // namespace py2cuda::infer
