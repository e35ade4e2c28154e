// FunctionBuilder, host code: Python's builtins of numbers and characters (divmod, pow,
// chr, ord, hex, bin, oct; runtime/include/py2cuda/host/number_builtins.h), typed as
// CPython's: ints stay ints, a float operand makes floats.
#include <algorithm>

#include "infer/builtin_typing.h"
#include "infer/function_builder.h"

namespace py2cuda::infer {

ir::ExprPtr FunctionBuilder::number_builtin(const ast::Call& c, const builtins::HostBuiltin& row) {
  const std::string name(row.path);
  if (!c.keywords.empty()) return fail(c.keywords[0].span, name + "() takes no keyword arguments");
  if (name == "isinstance") return isinstance_call(c);
  if (name == "any" || name == "all") {
    if (c.args.size() != 1) return fail(c.span, name + "() takes exactly one argument (" + std::to_string(c.args.size()) + " given)");
    auto v = expr(*c.args[0]);
    if (!v) return nullptr;
    if (!v->type->is_tuple()) {
      return fail(c.args[0]->span, name + "() of a " + v->type->str() + " is not supported by py2cuda (of a tuple is; "
                                          "of an array: np." + name + "(a))");
    }
    for (TypeRef e : v->type->elements()) {
      if (!e->is_number() && !e->is_string()) {
        return fail(c.args[0]->span, name + "() of a tuple holding " + e->str() + " is not supported by py2cuda");
      }
    }
    if (v->type->elements().empty()) {
      auto k = std::make_unique<ir::Const>(types::boolean(), c.span);
      k->b = name == "all";
      return k;
    }
    auto n = std::make_unique<ir::BuiltinCall>(types::boolean(), std::string(row.runtime) + "({0})", c.span);
    n->args.push_back(std::move(v));
    return n;
  }
  const size_t lo = name == "divmod" || name == "pow" ? 2 : 1;
  const size_t hi = name == "pow" ? 3 : lo;
  if (c.args.size() < lo || c.args.size() > hi) {
    return fail(c.span, name + "() takes " + (lo == hi ? std::to_string(lo) : "2 or 3") + " argument" + (hi == 1 ? "" : "s") +
                            ", " + std::to_string(c.args.size()) + " given");
  }
  std::vector<ir::ExprPtr> args;
  for (const auto& a : c.args) {
    auto v = expr(*a);
    if (!v) return nullptr;
    const bool want_str = name == "ord";
    if (want_str ? !v->type->is_string() : !v->type->is_number()) {
      return fail(a->span, name + "() needs " + (want_str ? "a str" : "numbers") + ", not " + v->type->str());
    }
    // NumPy's float32 scalars have their own divmod and pow; Python's numbers are what these take.
    if (v->type == types::float32() || v->type == types::float16()) {
      return fail(a->span, name + "() of a " + v->type->str() + " is not supported by py2cuda (of Python ints and floats is)");
    }
    args.push_back(std::move(v));
  }
  auto node = [&](TypeRef t, std::string pattern, bool raises) {
    auto n = std::make_unique<ir::BuiltinCall>(t, std::move(pattern), c.span);
    n->args = std::move(args);
    n->has_effects = raises;
    return ir::ExprPtr(std::move(n));
  };
  const bool any_float = std::any_of(args.begin(), args.end(), [](const ir::ExprPtr& v) { return v->type->is_float(); });
  if (name == "divmod") {
    TypeRef t = any_float ? types::float64() : types::int64();
    for (auto& v : args) v = convert(std::move(v), t);
    return node(types::tuple({t, t}), std::string(row.runtime) + "({0}, {1})", true);
  }
  if (name == "pow") {
    if (args.size() == 2) {
      auto r = std::move(args[1]);
      auto l = std::move(args[0]);
      // Python's int ** negative int is a float; a literal exponent says so here.
      if (l->type->is_int() && r->kind == ir::ExprKind::Const && r->type->is_signed() &&
          static_cast<int64_t>(static_cast<ir::Const&>(*r).bits) < 0) {
        l = convert(std::move(l), types::float64());
      }
      return binary_values(BinOp::Pow, std::move(l), std::move(r), c.span);
    }
    if (any_float) return fail(c.span, "pow() 3rd argument not allowed unless all arguments are integers");
    for (auto& v : args) v = convert(std::move(v), types::int64());
    return node(types::int64(), "py2cuda::host::pow_mod({0}, {1}, {2})", true);
  }
  if (name == "ord") return node(types::int64(), std::string(row.runtime) + "({0})", true);
  if (any_float) {
    return fail(c.args[0]->span, "'float' object cannot be interpreted as an integer");
  }
  if (name == "chr") {
    args[0] = convert(std::move(args[0]), types::int64());
    return node(types::string(), std::string(row.runtime) + "({0})", true);
  }
  if (args[0]->type->is_bool()) args[0] = convert(std::move(args[0]), types::int64());
  return node(types::string(), std::string(row.runtime) + "({0})", false);  // hex, bin, oct
}

// isinstance(x, T): py2cuda knows x's type, so the answer is a constant. Python's int is
// int64 (and bool, a subclass); NumPy's other integer scalars are not ints, nor float32 a float.
ir::ExprPtr FunctionBuilder::isinstance_call(const ast::Call& c) {
  if (c.args.size() != 2) return fail(c.span, "isinstance expected 2 arguments, got " + std::to_string(c.args.size()));
  auto v = maybe_optional(*c.args[0]);
  if (!v) return nullptr;
  TypeRef t = v->type->is_optional() ? v->type->dtype() : v->type;
  std::vector<const ast::Expr*> classes;
  if (c.args[1]->kind == ast::ExprKind::Tuple) {
    for (const auto& e : ast::as<ast::TupleExpr>(*c.args[1]).elts) classes.push_back(e.get());
  } else {
    classes.push_back(c.args[1].get());
  }
  bool result = false;
  for (const ast::Expr* cls : classes) {
    std::string path = resolve_path(mb_.info(), *cls);
    if (path.empty() && cls->kind == ast::ExprKind::Name) path = ast::as<ast::Name>(*cls).id;
    bool match;
    if (path == "int") match = t->is_bool() || t == types::int64();
    else if (path == "float") match = t == types::float64();
    else if (path == "bool") match = t->is_bool();
    else if (path == "str") match = t->is_string();
    else if (path == "tuple") match = t->is_tuple() && !t->is_list_display();
    else if (path == "list") match = t->is_list_display() || t == types::host_object("str_list") || t == types::host_object("list");
    else if (path == "dict") match = t->is_dict();
    else if (path == "complex") match = t == types::complex128();
    else if (path == "numpy.ndarray") match = t->is_array() && !t->is_device_array();
    else return fail(cls->span, "isinstance() with this class is not supported by py2cuda (int, float, bool, str, tuple, "
                                "list, dict, complex and np.ndarray are)");
    result = result || match;
  }
  if (v->type->is_optional()) {
    // None is none of these: the test is whether the variable holds its value now.
    auto n = std::make_unique<ir::BuiltinCall>(types::boolean(), result ? "py2cuda::is_value({0})" : "false", c.span);
    if (result) n->args.push_back(std::move(v));
    return n;
  }
  auto k = std::make_unique<ir::Const>(types::boolean(), c.span);
  k->b = result;
  return k;
}

}  // namespace py2cuda::infer
