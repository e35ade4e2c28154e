// Host numbers whose Python/NumPy type differs by path (host_flow.cpp finds them): the
// variable is a runtime DynamicNumber (runtime/include/py2cuda/host/dynamic_number.h), which
// holds the value with its type, so that it prints, formats, compares and computes as
// CPython and NumPy do on whichever path ran. Arithmetic (a zero divisor raising as CPython
// does), comparisons, truth, print(), formatting, min/max/abs/round, isinstance and kernel
// launches (host_calls.cpp) take it as it is; every other use needs one static type and gets
// the value converted to the type its paths widen to (expr() does that).
#include <algorithm>

#include "infer/builtin_typing.h"
#include "infer/function_builder.h"
#include "infer/host_nodes.h"

namespace py2cuda::infer {

namespace {

TypeRef static_part(TypeRef t) { return t->is_dynamic() ? t->dtype() : t; }

// A static operand enters a DynamicNumber as the Python/NumPy number it is (to_dynamic).
ir::ExprPtr as_dynamic(ir::ExprPtr x) {
  if (x->type->is_dynamic()) return x;
  const TypeRef t = types::dynamic_number(x->type);
  return convert(std::move(x), t);
}

}  // namespace

TypeRef FunctionBuilder::either_held_number(ir::ExprPtr& a, ir::ExprPtr& b) {
  if (!python_host() || a->type == b->type || !dynamic_or_number(a->type) || !dynamic_or_number(b->type) ||
      static_part(a->type)->is_complex() || static_part(b->type)->is_complex()) {
    return nullptr;
  }
  TypeRef widened = rules::unify(static_part(a->type), static_part(b->type));
  if (!widened || !widened->is_number()) return nullptr;
  a = as_dynamic(std::move(a));
  b = as_dynamic(std::move(b));
  return types::dynamic_number(widened);
}

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
  // A divisor that is not a constant may be zero: CPython raises there (the runtime checks),
  // so the division keeps its place in Python's order as a static one does.
  const bool raises = (op == BinOp::TrueDiv || op == BinOp::FloorDiv || op == BinOp::Mod || op == BinOp::Pow) &&
                      r->kind != ir::ExprKind::Const;
  // Each static operand enters as the Python/NumPy number it is (to_dynamic).
  auto node = call_node(t, it->second, s, args_of(as_dynamic(std::move(l)), as_dynamic(std::move(r))));
  return raises ? with_effects(std::move(node)) : std::move(node);
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

// min(a, b, ...), max(a, b, ...), abs(x), round(x), round(x, n) and sum of a tuple or list
// display (`sum((n, 2))`) where a number is a DynamicNumber: the result is the argument Python returns, with its type (max(n, 2) of the
// int 5 is the int 5, of the float 5.0 the float 5.0); round(x) is always an int. Otherwise
// `applies` is false and the call is typed as a static one (the arguments again).
ir::ExprPtr FunctionBuilder::dynamic_number_builtin(const ast::Call& c, const std::string& path, bool& applies) {
  applies = false;
  const bool min_max = path == "min" || path == "max";
  if (!host_ || !c.keywords.empty() || c.has_star_args) return nullptr;
  // sum() of a tuple or list display: its elements are the numbers (start: the second argument).
  const ast::Expr* display = nullptr;
  if (path == "sum" && !c.args.empty() && c.args.size() <= 2) {
    if (c.args[0]->kind == ast::ExprKind::Tuple || c.args[0]->kind == ast::ExprKind::List) display = c.args[0].get();
  }
  if (min_max && c.args.size() == 1) return mixed_items_extreme(c, path, applies);
  if (!display && !(min_max ? c.args.size() >= 2 : path == "abs" ? c.args.size() == 1
                                                   : path == "round" && !c.args.empty() && c.args.size() <= 2)) {
    return nullptr;
  }
  std::vector<const ast::Expr*> operands;
  if (display) {
    if (c.args.size() == 2) operands.push_back(c.args[1].get());  // Python's sum adds to start
    const auto& elts = display->kind == ast::ExprKind::Tuple ? ast::as<ast::TupleExpr>(*display).elts
                                                             : ast::as<ast::ListExpr>(*display).elts;
    for (const auto& e : elts) operands.push_back(e.get());
    if (operands.empty()) return nullptr;
  } else {
    // round's ndigits is a static int
    for (size_t i = 0; i < (path == "round" ? 1 : c.args.size()); ++i) operands.push_back(c.args[i].get());
  }
  std::vector<ir::ExprPtr> args;
  for (const ast::Expr* operand : operands) {
    auto v = mixed_dict_number(dynamic_operand(*operand));  // round(r["l2"], 1) of a mixed dict's value
    if (!v) {
      applies = true;  // its error is said: not typed again
      return nullptr;
    }
    if (!dynamic_or_number(v->type)) return nullptr;
    args.push_back(std::move(v));
  }
  // max(0, delta) of an int and a float is whichever wins, with its own type (CPython returns
  // the object): numbers of different types are held as DynamicNumbers too.
  const bool mixed = min_max && python_host() && std::any_of(args.begin(), args.end(), [&](const ir::ExprPtr& v) {
                       return v->type != args[0]->type && !v->type->is_complex();
                     });
  // round(1234, -2) of a Python int: CPython's int.__round__ (Numba's round takes floats only).
  const bool int_round = path == "round" && c.args.size() == 2 && python_host() && args[0]->type->is_int();
  if (!mixed && !int_round &&
      std::none_of(args.begin(), args.end(), [](const ir::ExprPtr& v) { return v->type->is_dynamic(); })) {
    return nullptr;
  }
  applies = true;
  if (path == "round") {
    if (c.args.size() == 1) return call_node(types::int64(), "py2cuda::host::py_round({0})", c.span, std::move(args));
    auto n = expr(*c.args[1]);
    if (!n) return nullptr;
    if (!n->type->is_int()) return fail(c.args[1]->span, "round()'s ndigits must be an int, not " + n->type->str());
    TypeRef t = static_part(args[0]->type);
    if (!args[0]->type->is_dynamic()) args[0] = as_dynamic(std::move(args[0]));
    args.push_back(convert(std::move(n), types::int64()));
    return call_node(types::dynamic_number(t->is_bool() ? types::int64() : t), "py2cuda::host::round_digits({0}, {1})",
                     c.span, std::move(args));
  }
  if (path == "abs") {
    TypeRef t = static_part(args[0]->type);
    return call_node(types::dynamic_number(t->is_bool() ? types::int64() : t), "py2cuda::host::py_abs({0})", c.span,
                     std::move(args));
  }
  // Python's left-to-right rule, one pair at a time: max(a, b, c) is max(max(a, b), c), and
  // sum((a, b)) is (0 + a) + b.
  TypeRef widened = static_part(args[0]->type);
  std::string pattern = "{0}";
  if (display && c.args.size() == 1) {
    widened = rules::unify(types::int64(), widened);
    pattern = "(py2cuda::host::to_dynamic<int64_t>(0) + {0})";
  }
  for (size_t i = 1; i < args.size(); ++i) {
    widened = widened ? rules::unify(widened, static_part(args[i]->type)) : nullptr;
    pattern = display ? "(" + pattern + " + {" + std::to_string(i) + "})"
                      : "py2cuda::host::py_" + path + "(" + pattern + ", {" + std::to_string(i) + "})";
  }
  if (!widened || !widened->is_number()) return fail(c.span, path + "() of these numbers is not supported by py2cuda");
  for (auto& v : args) v = as_dynamic(std::move(v));
  return call_node(types::dynamic_number(widened), pattern, c.span, std::move(args));
}

// max(vals) / min(vals) of a list or tuple of numbers of different types (`[1, 2.5, 3]`, kept as
// a tuple of them): Python compares them in order and returns the winner with its own type
// (max of that list is the int 3). The items are evaluated once, then compared as
// DynamicNumbers. Other single arguments are left to the list and array paths.
ir::ExprPtr FunctionBuilder::mixed_items_extreme(const ast::Call& c, const std::string& path, bool& applies) {
  // A name or a display: nothing else can hold such a tuple, and evaluating them twice is harmless.
  const ast::ExprKind k = c.args[0]->kind;
  if (k != ast::ExprKind::Name && k != ast::ExprKind::Tuple && k != ast::ExprKind::List) return nullptr;
  auto items = dynamic_operand(*c.args[0]);
  if (!items) {
    applies = true;
    return nullptr;
  }
  const TypeRef t = items->type;
  if (!t->is_tuple() || t->elements().empty()) return nullptr;
  bool mixed = false;
  for (TypeRef e : t->elements()) {
    if (!dynamic_or_number(e) || e->is_complex()) return nullptr;
    mixed = mixed || e != t->elements()[0];
  }
  if (!mixed) return nullptr;
  applies = true;
  TypeRef widened = nullptr;
  for (TypeRef e : t->elements()) widened = widened ? rules::unify(widened, static_part(e)) : static_part(e);
  if (!widened || !widened->is_number()) return fail(c.span, path + "() of these numbers is not supported by py2cuda");
  return with_held(std::move(items), "items", [&](ir::Variable* held) -> ir::ExprPtr {
    std::vector<ir::ExprPtr> args;
    std::string pattern = "{0}";
    for (size_t i = 0; i < t->elements().size(); ++i) {
      auto get = std::make_unique<ir::TupleGet>(t->elements()[i], std::make_unique<ir::VarRef>(held, c.span),
                                                static_cast<int>(i), c.span);
      args.push_back(as_dynamic(std::move(get)));
      if (i) pattern = "py2cuda::host::py_" + path + "(" + pattern + ", {" + std::to_string(i) + "})";
    }
    return call_node(types::dynamic_number(widened), pattern, c.span, std::move(args));
  });
}

// Where the launch argument is a name whose assignments py2cuda saw, the types assigned to it
// (`best = 0.0` and `best = v` of a float32 array: float64 and float32); otherwise every type
// DynamicNumber holds that widens to `widened`. In a fixed order, so that the emitted code is.
std::vector<TypeRef> FunctionBuilder::dynamic_launch_types(const ast::Expr& arg, TypeRef widened) {
  const std::set<TypeRef>* assigned = nullptr;
  if (arg.kind == ast::ExprKind::Name) {
    auto it = dynamic_kinds_.find(binding(ast::as<ast::Name>(arg).id));
    if (it != dynamic_kinds_.end() && !it->second.empty() && !it->second.count(nullptr)) assigned = &it->second;
  }
  std::vector<TypeRef> out;
  for (TypeRef t : {types::boolean(), types::int8(), types::int16(), types::int32(), types::int64(), types::uint8(),
                    types::uint16(), types::uint32(), types::uint64(), types::float32(), types::float64()}) {
    if (t == widened) continue;
    if (assigned ? assigned->count(t) != 0 : rules::unify(t, widened) == widened) out.push_back(t);
  }
  out.push_back(widened);
  return out;
}

// A launch with DynamicNumber arguments: one kernel instance per combination of the types they
// may hold (ir::Launch::choices), as Numba compiles one for each type it is called with; the
// combination of the widened types is `node.kernel`, the last resort. Beyond kMaxChoices
// combinations every such argument is converted to its widened type instead (one instance).
bool FunctionBuilder::dynamic_launch(const ast::Call& c, const FunctionEntry& kernel, const std::vector<TypeRef>& params,
                                     ir::Launch& node) {
  constexpr size_t kMaxChoices = 16;
  const size_t n = node.args.size();
  std::vector<std::vector<TypeRef>> held(n);  // per dynamic argument: the types it may hold
  size_t combinations = 1;
  for (size_t i = 0; i < n; ++i) {
    if (!node.args[i]->type->is_dynamic()) continue;
    held[i] = dynamic_launch_types(*c.args[i], params[i]);
    combinations *= held[i].size();
  }
  if (combinations == 1 || combinations > kMaxChoices) {
    for (auto& a : node.args) a = static_number(std::move(a));
    return true;
  }
  // Combination k in mixed radix, the first argument's digit lowest; the last (every
  // argument's widened type) is node.kernel's.
  for (size_t k = 0; k + 1 < combinations; ++k) {
    std::vector<TypeRef> types = params, dynamic_types(n, nullptr);
    size_t rest = k;
    for (size_t i = 0; i < n; ++i) {
      if (held[i].empty()) continue;
      types[i] = dynamic_types[i] = held[i][rest % held[i].size()];
      rest /= held[i].size();
    }
    const ir::Function* f = final_ ? mb_.instantiate(kernel, types, nullptr, true, c.span) : nullptr;
    if (final_ && !f) return false;
    node.choices.push_back({.kernel = f, .dynamic_types = std::move(dynamic_types)});
  }
  return true;
}

}  // namespace py2cuda::infer
