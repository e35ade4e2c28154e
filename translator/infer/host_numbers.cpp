// FunctionBuilder, host code: Python's builtins of numbers and characters (divmod, pow,
// chr, ord, hex, bin, oct; runtime/include/py2cuda/host/number_builtins.h), typed as
// CPython's: ints stay ints, a float operand makes floats.
#include <algorithm>
#include <climits>
#include <optional>
#include <string>

#include "infer/builtin_typing.h"
#include "infer/function_builder.h"
#include "infer/host_nodes.h"

namespace py2cuda::infer {

ir::ExprPtr FunctionBuilder::number_builtin(const ast::Call& c, const builtins::HostBuiltin& row) {
  const std::string name(row.path);
  if (!c.keywords.empty()) return fail(c.keywords[0].span, name + "() takes no keyword arguments");
  if (name == "isinstance") return isinstance_call(c);
  if (name == "any" || name == "all") {
    if (c.args.size() != 1) return fail(c.span, name + "() takes exactly one argument (" + std::to_string(c.args.size()) + " given)");
    auto v = expr(*c.args[0]);
    if (!v) return nullptr;
    if (v->type->is_array() && !v->type->is_device_array() && v->type->ndim() == 1) {
      // all(out == expected): over a 1-D array's elements, each true when not zero, as np.all/np.any.
      return call_node(types::boolean(), "py2cuda::np::" + name + "({0})", c.span, args_of(std::move(v)));
    }
    if (!v->type->is_tuple()) {
      return fail(c.args[0]->span, name + "() of a " + v->type->str() + " is not supported by py2cuda (of a tuple or "
                                          "a 1-D host array is; of an N-D array: np." + name + "(a); Python's " + name +
                                          "() tests the truth of each row, which NumPy calls ambiguous)");
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

// isinstance(x, T): py2cuda knows x's type, so the answer is a constant (of a DynamicNumber,
// a test of the number it holds). Python's int is
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
  // An instance of a class of the program: its class or a base is decided statically; a
  // subclass of its static class (one in a list of a base's instances), at run time.
  std::vector<std::string> derived;
  const std::string static_class = instance_class(t);
  // A number whose type differs by path, or a value of a dict with mixed values: the classes
  // named, tested against the value it holds at run time.
  const bool tested_at_run_time = (t->is_dynamic() || t == types::host_object("FormatArg")) && !v->type->is_optional();
  std::string run_time_classes;
  for (const ast::Expr* cls : classes) {
    std::string path = resolve_path(mb_.info(), *cls);
    if (path.empty() && cls->kind == ast::ExprKind::Name) path = ast::as<ast::Name>(*cls).id;
    bool match;
    if (auto k = mb_.info().classes.find(path); k != mb_.info().classes.end() && cls->kind == ast::ExprKind::Name) {
      match = !static_class.empty() && is_subclass(static_class, path);
      if (!match && !static_class.empty() && is_subclass(path, static_class)) derived.push_back(path);
    } else if (path == "int") match = t->is_bool() || t == types::int64();
    else if (path == "float") match = t == types::float64();
    else if (path == "bool") match = t->is_bool();
    else if (path == "str") match = t->is_string();
    else if (path == "tuple") match = t->is_tuple() && !t->is_list_display();
    else if (path == "list") match = t->is_list_display() || t == types::host_object("str_list") || t == types::host_object("list");
    else if (path == "dict") match = t->is_dict();
    else if (path == "complex") match = t == types::complex128();
    else if (path == "numpy.ndarray") match = t->is_array() && !t->is_device_array();
    else return fail(cls->span, "isinstance() with this class is not supported by py2cuda (int, float, bool, str, tuple, "
                                "list, dict, complex, np.ndarray and the program's classes are)");
    result = result || match;
    run_time_classes += (run_time_classes.empty() ? "\"" : ", \"") + path + "\"";
  }
  if (tested_at_run_time) {
    return call_node(types::boolean(), "py2cuda::host::isinstance({0}, {" + run_time_classes + "})", c.span,
                     args_of(std::move(v)));
  }
  if (!result && !derived.empty() && !v->type->is_optional()) {
    std::string pattern;
    for (const std::string& d : derived) {
      pattern += (pattern.empty() ? "(" : " || ") + std::string("dynamic_cast<") + mb_.host_class(d).cpp_name +
                 "*>({0}.get()) != nullptr";
    }
    return call_node(types::boolean(), pattern + ")", c.span, args_of(std::move(v)));
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

namespace py2cuda::infer {

namespace {

// Python ints past 64 bits, for constant folding. A GNU extension: -Wpedantic warns about the
// bare name.
__extension__ typedef __int128 Int128;
__extension__ typedef unsigned __int128 Uint128;

// The value of an expression of int literals (+ - * ** // % <<, unary - and +), computed
// as Python does, exactly while it fits 128 bits; nullopt for anything else (a name, a
// float, a negative exponent, a zero divisor).
struct IntConstant {
  Int128 value = 0;
  bool beyond_128_bits = false;
};

std::optional<IntConstant> python_int_constant(const ast::Expr& e) {
  if (e.kind == ast::ExprKind::IntLit) {
    const auto& lit = ast::as<ast::IntLit>(e);
    if (lit.overflow) return IntConstant{0, true};
    return IntConstant{static_cast<Int128>(lit.value), false};
  }
  if (e.kind == ast::ExprKind::Unary) {
    const auto& u = ast::as<ast::Unary>(e);
    if (u.op != UnaryOp::Neg && u.op != UnaryOp::Pos) return std::nullopt;
    auto v = python_int_constant(*u.operand);
    if (v && u.op == UnaryOp::Neg) v->value = -v->value;
    return v;
  }
  if (e.kind != ast::ExprKind::Binary) return std::nullopt;
  const auto& b = ast::as<ast::Binary>(e);
  auto l = python_int_constant(*b.left);
  auto r = python_int_constant(*b.right);
  if (!l || !r) return std::nullopt;
  if (l->beyond_128_bits || r->beyond_128_bits) return IntConstant{0, true};
  const Int128 x = l->value, y = r->value;
  IntConstant out;
  switch (b.op) {
    case BinOp::Add: out.beyond_128_bits = __builtin_add_overflow(x, y, &out.value); break;
    case BinOp::Sub: out.beyond_128_bits = __builtin_sub_overflow(x, y, &out.value); break;
    case BinOp::Mul: out.beyond_128_bits = __builtin_mul_overflow(x, y, &out.value); break;
    case BinOp::Pow: {
      if (y < 0) return std::nullopt;  // a float
      out.value = 1;
      for (Int128 k = 0; k < y && !out.beyond_128_bits; ++k) {
        out.beyond_128_bits = __builtin_mul_overflow(out.value, x, &out.value);
        if (out.value == 0 || out.value == 1) break;  // 0 ** n, 1 ** n
        if (out.value == -1) {
          out.value = ((y - k - 1) % 2 == 0) ? -1 : 1;
          break;
        }
      }
      break;
    }
    case BinOp::LShift:
      if (y < 0) return std::nullopt;
      if (y >= 126) return x == 0 ? std::optional<IntConstant>(IntConstant{}) : IntConstant{0, true};
      out.beyond_128_bits = __builtin_mul_overflow(x, static_cast<Int128>(1) << static_cast<int>(y), &out.value);
      break;
    case BinOp::FloorDiv:
    case BinOp::Mod: {
      if (y == 0) return std::nullopt;
      Int128 q = x / y, m = x % y;
      if (m != 0 && ((m < 0) != (y < 0))) --q, m += y;  // Python floors
      out.value = b.op == BinOp::FloorDiv ? q : m;
      break;
    }
    default: return std::nullopt;
  }
  return out;
}

std::string int128_text(Int128 v) {
  if (v == 0) return "0";
  const bool negative = v < 0;
  Uint128 m = negative ? static_cast<Uint128>(0) - static_cast<Uint128>(v)
                                 : static_cast<Uint128>(v);
  std::string digits;
  for (; m; m /= 10) digits.insert(digits.begin(), static_cast<char>('0' + static_cast<int>(m % 10)));
  return negative ? "-" + digits : digits;
}

}  // namespace

// Python's ints have no bound; host code computes them in int64, which would wrap. An
// expression of literals whose value leaves int64 (10 ** 20, 2 ** 64) is reported at
// translation time instead of printing a wrapped number; its parts may leave int64 when the
// whole comes back (2 ** 63 - 1).
bool FunctionBuilder::int_constant_fits(const ast::Expr& b, bool& literal_ints) {
  auto v = python_int_constant(b);
  literal_ints = v.has_value();
  if (!v) return true;
  const Int128 lo = INT64_MIN, hi = INT64_MAX;
  if (!v->beyond_128_bits && v->value >= lo && v->value <= hi) return true;
  D().error(b.span, "the Python int " + (v->beyond_128_bits ? std::string("value of this expression") : int128_text(v->value)) +
                        " does not fit in 64 bits: py2cuda computes host ints as int64, which would wrap (Python's "
                        "ints have no bound); use a float (1e20) or keep values below 2**63");
  return false;
}

}  // namespace py2cuda::infer
