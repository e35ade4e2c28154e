#include "infer/builtin_typing.h"
#include "infer/ir_literals.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <string_view>
#include <utility>

#include "types/rules.h"

namespace py2cuda::infer {

using builtins::Rule;

ir::ExprPtr convert(ir::ExprPtr expr, TypeRef type) {
  if (!expr || expr->type == type) return expr;
  Span s = expr->span;
  if (expr->type->is_dict() && type->is_dict() && type->value_type() == types::host_object("FormatArg")) {
    // `d = {"n": 3}` that later stores a str: the display's entries in a dict of mixed values
    // (a copy: a dict display is new, nothing else names it yet).
    auto c = std::make_unique<ir::BuiltinCall>(type, "py2cuda::host::mixed_dict({0})", s);
    c->args.push_back(std::move(expr));
    return c;
  }
  if (expr->kind == ir::ExprKind::Builtin && expr->type->is_list() && type->is_list() && type->dtype() &&
      expr->type->dtype() && expr->type->is_set() == type->is_set() && !expr->type->is_sized_tuple() &&
      !type->is_sized_tuple()) {
    // A braced list display (`xs = [1, 2]` that later holds a float): its items converted in
    // place, `List<DynamicNumber>{to_dynamic<int64_t>(1), ...}`, rather than the list after.
    auto& display = static_cast<ir::BuiltinCall&>(*expr);
    if (display.orders_args && display.type_args.size() == 1 && display.type_args[0] == display.type &&
        display.pattern.starts_with("{t0}{")) {
      for (auto& item : display.args) item = convert(std::move(item), type->dtype());
      display.type = type;
      display.type_args = {type};
      return expr;
    }
  }
  const bool tuples = expr->type->is_tuple() && type->is_tuple() && !expr->type->is_list_display() &&
                      !type->is_list_display() && expr->type->elements().size() == type->elements().size();
  if (tuples && (expr->kind == ir::ExprKind::TupleMake || expr->kind == ir::ExprKind::Var)) {
    // `(v, 1)` where the variable or the function's result is a (float64, int64) tuple: each
    // element converted, `tuple<double, int64_t>(double(v), int64_t(1))` (a variable's read by
    // element: t[0], t[1]).
    auto made = std::make_unique<ir::TupleMake>(type, s);
    for (size_t i = 0; i < type->elements().size(); ++i) {
      ir::ExprPtr element;
      if (expr->kind == ir::ExprKind::TupleMake) {
        element = std::move(static_cast<ir::TupleMake&>(*expr).elements[i]);
      } else {
        element = std::make_unique<ir::TupleGet>(expr->type->elements()[i],
                                                 std::make_unique<ir::VarRef>(static_cast<ir::VarRef&>(*expr).var, s),
                                                 static_cast<int>(i), s);
      }
      made->elements.push_back(convert(std::move(element), type->elements()[i]));
    }
    return made;
  }
  return std::make_unique<ir::Cast>(type, std::move(expr), s);
}

ir::ExprPtr truth_value(ir::ExprPtr expr) { return convert(std::move(expr), types::boolean()); }

std::string pattern_string_text(const std::string& text, bool printf_format) {
  std::string out;
  for (char ch : text) {
    switch (ch) {
      case '%': out += printf_format ? "%%" : "%"; break;
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      case '{': out += "\\173"; break;
      case '}': out += "\\175"; break;
      default: out += ch;
    }
  }
  return out;
}

namespace {

std::string python_name(const builtins::Builtin& row) {
  std::string p(row.path);
  if (p.rfind("numba.cuda.", 0) == 0) return "cuda." + p.substr(11);
  if (p.rfind("numpy.", 0) == 0) return "np." + p.substr(6);
  return p;
}

ir::ExprPtr call_pattern(TypeRef t, std::string_view pattern, std::vector<ir::ExprPtr> args, Span s) {
  auto c = std::make_unique<ir::BuiltinCall>(t, std::string(pattern), s);
  c->args = std::move(args);
  return c;
}

// A Rule::NumpyOperator row in `loop`: each operand converted to its input type, the row's
// operator in the output type ({t0}). np.invert of a bool is `not`; a comparison of an int64
// and a uint64 (NumPy's qQ and Qq loops) is exact, as numba-cuda's int_signed_unsigned_cmp.
ir::ExprPtr numpy_operator(const builtins::Builtin& row, const rules::UfuncLoop& loop, std::vector<ir::ExprPtr> args,
                           Span s) {
  for (size_t i = 0; i < args.size(); ++i) args[i] = convert(std::move(args[i]), loop.inputs[i]);
  std::string pattern(row.f64);
  if ((row.path == "numpy.invert" || row.path == "numpy.bitwise_not") && loop.output->is_bool()) pattern = "(!{0})";
  if (args.size() == 2 && loop.inputs[0]->is_int() && loop.inputs[1]->is_int() &&
      loop.inputs[0]->is_signed() != loop.inputs[1]->is_signed()) {
    // (signed s, unsigned u): a negative s is below every u; otherwise compare as unsigned.
    static const std::map<std::string, std::string, std::less<>> kSignedFirst = {
        {"numpy.less", "s < 0 || uint64_t(s) < u"},        {"numpy.less_equal", "s < 0 || uint64_t(s) <= u"},
        {"numpy.greater", "s >= 0 && uint64_t(s) > u"},    {"numpy.greater_equal", "s >= 0 && uint64_t(s) >= u"},
        {"numpy.equal", "s >= 0 && uint64_t(s) == u"},     {"numpy.not_equal", "s < 0 || uint64_t(s) != u"}};
    static const std::map<std::string, std::string, std::less<>> kMirror = {
        {"numpy.less", "numpy.greater"},   {"numpy.less_equal", "numpy.greater_equal"},
        {"numpy.greater", "numpy.less"},   {"numpy.greater_equal", "numpy.less_equal"},
        {"numpy.equal", "numpy.equal"},    {"numpy.not_equal", "numpy.not_equal"}};
    const bool signed_first = loop.inputs[0]->is_signed();
    const auto op = kSignedFirst.find(signed_first ? std::string(row.path) : kMirror.at(std::string(row.path)));
    pattern = "[](int64_t s, uint64_t u) { return " + op->second + "; }(" + (signed_first ? "{0}, {1}" : "{1}, {0}") + ")";
  }
  auto call = std::make_unique<ir::BuiltinCall>(loop.output, pattern, s);
  call->args = std::move(args);
  call->type_args.push_back(loop.output);
  return call;
}

ir::ExprPtr float_const(double v, Span s) {
  auto c = std::make_unique<ir::Const>(types::float64(), s);
  c->f = v;
  return c;
}

// A row's signature strings, parsed once: its cases and its loops.
struct ParsedRow {
  std::vector<rules::Signature> cases;
  std::vector<rules::UfuncLoop> loops;
};

const ParsedRow& parsed(const builtins::Builtin& row) {
  static const std::map<std::string_view, ParsedRow> rows = [] {
    std::map<std::string_view, ParsedRow> m;
    for (const builtins::Builtin& b : builtins::all()) {
      if (b.cases.empty() && b.loops.empty()) continue;
      ParsedRow& p = m[b.path];
      for (const builtins::Case& c : b.cases) p.cases.push_back(rules::parse_signature(c.signature));
      p.loops = rules::parse_ufunc_loops(b.loops);
    }
    return m;
  }();
  return rows.at(row.path);  // every row typed is one of builtins::all()
}

}  // namespace

ir::ExprPtr type_builtin(const builtins::Builtin& row, std::vector<ir::ExprPtr> args, Span span, Diagnostics& diags) {
  const std::string name = python_name(row);
  auto arity = [&](size_t lo, size_t hi) {
    if (args.size() >= lo && args.size() <= hi) return true;
    std::string expect = lo == hi ? std::to_string(lo) : std::to_string(lo) + " to " + std::to_string(hi);
    diags.error(span, name + "() takes " + expect + " argument" + (hi == 1 ? "" : "s") + " but " +
                          std::to_string(args.size()) + (args.size() == 1 ? " was" : " were") + " given");
    return false;
  };
  auto numbers = [&]() {
    for (const auto& a : args) {
      if (!a->type->is_number()) {
        std::string hint;
        if (a->type->is_complex()) {
          // math.sqrt(z) has a cmath twin; NumPy's complex ufunc loops are not translated yet.
          std::string p(row.path), fn = p.substr(p.find('.') + 1);
          const builtins::Builtin* twin = builtins::find("cmath." + fn);
          if (p.rfind("numpy.", 0) == 0) {
            hint = " (NumPy's complex loops are not supported by py2cuda yet" +
                   (twin ? std::string("; cmath.") + fn + "() computes it as Numba's cmath does)" : std::string(")"));
          } else if (twin) {
            hint = " (use cmath." + fn + "() for complex numbers)";
          }
        }
        diags.error(a->span, name + "() does not accept an argument of type " + a->type->str() + hint);
        return false;
      }
    }
    return true;
  };
  auto float_rule = [&](bool both_fit) { return both_fit ? types::float32() : types::float64(); };
  auto is_half = [](const ir::ExprPtr& a) { return a->type == types::float16(); };
  // Numba's NumPy ufuncs have no float16 loops on the CUDA target ("unsupported
  // type for input operand: float16").
  if (row.path.substr(0, 6) == "numpy." && row.rule != Rule::ScalarCtor) {
    for (const auto& a : args) {
      if (a->type == types::float16()) {
        diags.error(a->span, name + "() does not accept float16: Numba's NumPy functions have no float16 version; "
                                    "use the math module or cuda.fp16");
        return nullptr;
      }
    }
  }
  // Where Numba has no float16 version, float16 is computed as float32 (exactly).
  auto half_as_float32 = [&]() {
    for (auto& a : args) {
      if (a->type == types::float16()) a = convert(std::move(a), types::float32());
    }
  };
  // A warp function's membermask, converted to the 32 bits the hardware takes. The
  // intrinsics (shuffles, votes) need an integer; the ConcreteTemplates (match, syncwarp)
  // take any number, converted to int32 first as Numba does.
  auto warp_mask = [&](ir::ExprPtr& mask, bool integer_only) {
    TypeRef t = mask->type;
    if (integer_only ? !t->is_int() : !t->is_number()) {
      diags.error(mask->span, name + "() needs an integer mask, not " + t->str());
      return false;
    }
    if (!t->is_int()) mask = convert(std::move(mask), types::int32());
    mask = convert(std::move(mask), types::uint32());
    return true;
  };
  // cmath's templates take complex64 or complex128; a real argument converts to
  // the one Numba's overload resolution picks (complex64 for float32 and the
  // small integers, as for arithmetic).
  auto complex_arg = [&](size_t i) -> TypeRef {
    TypeRef t = args[i]->type;
    if (!t->is_numeric() || t->is_bool()) {
      diags.error(args[i]->span, name + "() does not accept an argument of type " + t->str());
      return nullptr;
    }
    return t->is_complex() ? t : rules::binary_result(BinOp::Add, t, types::complex64());
  };

  // The arguments' types, and as a message shows them: "int8, float32".
  auto argument_types = [&]() {
    std::pair<std::vector<TypeRef>, std::string> out;
    for (const auto& a : args) {
      out.first.push_back(a->type);
      out.second += (out.second.empty() ? "" : ", ") + a->type->str();
    }
    return out;
  };
  // isnan, isinf, isfinite of an integer: a constant (integers are never NaN or infinite;
  // mathimpl.py and npyfuncs.py lower these cases to constants).
  auto predicate_of_integer = [&]() {
    auto c = std::make_unique<ir::Const>(types::boolean(), span);
    c->b = row.path.ends_with(".isfinite");
    return c;
  };

  // A function Numba declares with several signatures (the math module): the one its
  // overload resolution picks types the call, the arguments converted to it.
  if (!row.cases.empty()) {
    const std::vector<rules::Signature>& candidates = parsed(row).cases;
    const size_t n = candidates.front().params.size();
    if (!arity(n, n) || !numbers()) return nullptr;
    const auto [arg_types, shown] = argument_types();
    const int chosen = rules::choose_signature(candidates, arg_types);
    if (chosen < 0) {
      diags.error(span, name + "() has no signature for arguments of types (" + shown + ")");
      return nullptr;
    }
    const rules::Signature& sig = candidates[chosen];
    TypeRef first = sig.params.front();
    if (first->is_int() && row.rule == Rule::MathPredicate) return predicate_of_integer();
    for (size_t i = 0; i < args.size(); ++i) {
      if (!first->is_int()) {
        args[i] = convert(std::move(args[i]), sig.params[i]);
        continue;
      }
      // mathimpl.py (impl_unary_int, impl_binary_int) computes an integer case in float64,
      // from the argument converted to int64 or uint64: where that keeps the value (not an
      // unsafe conversion), straight from the argument.
      if (rules::conversion_kind(args[i]->type, sig.params[i]) == rules::Conversion::Unsafe) {
        args[i] = convert(std::move(args[i]), sig.params[i]);
      }
      args[i] = convert(std::move(args[i]), types::float64());
    }
    if (first->is_int()) first = types::float64();
    std::string_view pattern = row.cases[chosen].cuda;
    if (pattern.empty()) pattern = first == types::float16() ? row.f16 : first == types::float32() ? row.f32 : row.f64;
    return call_pattern(sig.result, pattern, std::move(args), span);
  }

  // A NumPy ufunc: Numba computes it in the first of NumPy's loops the arguments cast to
  // safely (rules::choose_ufunc_loop). np.abs of a complex is typed by Rule::Abs below.
  if (!row.loops.empty() && !(row.rule == Rule::Abs && args.size() == 1 && args[0]->type->is_complex())) {
    const std::vector<rules::UfuncLoop>& loops = parsed(row).loops;
    const size_t n = loops.front().inputs.size();
    if (!arity(n, n) || !numbers()) return nullptr;
    const auto [arg_types, shown] = argument_types();
    const int chosen = rules::choose_ufunc_loop(loops, arg_types);
    if (chosen < 0) {
      diags.error(span, name + "() has no loop for arguments of types (" + shown + ")");
      return nullptr;
    }
    const rules::UfuncLoop& loop = loops[chosen];
    const TypeRef t = loop.inputs.front();  // every loop of these ufuncs has one input type
    if (!t->is_float()) {
      switch (row.rule) {
        case Rule::MathPredicate: return predicate_of_integer();
        case Rule::Abs:
          if (t->is_signed()) return call_pattern(t, "py2cuda::py_abs({0})", std::move(args), span);
          return convert(std::move(args[0]), t);  // bool and unsigned: the value itself
        case Rule::MathPow: {
          // numbers.py int_power_impl in the loop's type: square-and-multiply wraps the same
          // in 64 bits, then the low bits are the loop's.
          const TypeRef wide = t->is_signed() ? types::int64() : types::uint64();
          for (auto& a : args) a = convert(convert(std::move(a), t), wide);
          return convert(call_pattern(wide, "py2cuda::ipow({0}, {1})", std::move(args), span), t);
        }
        case Rule::NumpyMinMax: break;  // the row's pattern is a template over the type
        case Rule::NumpyOperator: return numpy_operator(row, loop, std::move(args), span);
        default:
          diags.error(span, name + "() of " + shown + " takes NumPy's " + t->str() +
                                " loop, which py2cuda does not translate; convert the arguments to float");
          return nullptr;
      }
    }
    if (row.rule == Rule::NumpyOperator) return numpy_operator(row, loop, std::move(args), span);
    for (auto& a : args) a = convert(std::move(a), t);
    std::string_view pattern = t == types::float32() && !row.f32.empty() ? row.f32 : row.f64;
    return call_pattern(loop.output, pattern, std::move(args), span);
  }

  switch (row.rule) {
    case Rule::Int32Value: return call_pattern(types::int32(), row.f64, {}, span);
    case Rule::Float64Value: {
      // math.pi and cmath.pi alike: the name after the module.
      std::string p(row.path.substr(row.path.find('.') + 1));
      double v = p == "pi" ? M_PI
                 : p == "e" ? M_E
                 : p == "tau" ? 2 * M_PI
                 : p == "inf" ? std::numeric_limits<double>::infinity()
                              : std::numeric_limits<double>::quiet_NaN();
      return float_const(v, span);
    }
    case Rule::MathUnary: {
      if (!arity(1, 1) || !numbers()) return nullptr;
      if (is_half(args[0]) && !row.f16.empty()) return call_pattern(types::float16(), row.f16, std::move(args), span);
      half_as_float32();
      bool f32 = args[0]->type == types::float32();
      TypeRef t = float_rule(f32);
      args[0] = convert(std::move(args[0]), t);
      return call_pattern(t, f32 ? row.f32 : row.f64, std::move(args), span);
    }
    case Rule::MathBinary:
    case Rule::MathPow:
    case Rule::MathCases:
    case Rule::MathPredicate:
    case Rule::NumpyMinMax:
      return nullptr;  // every such row has cases or loops, typed above
    case Rule::Abs: {
      if (args.size() == 1 && args[0]->type->is_complex()) {
        TypeRef part = types::complex_part(args[0]->type);
        return call_pattern(part, "py2cuda::abs({0})", std::move(args), span);
      }
      if (!arity(1, 1) || !numbers()) return nullptr;
      TypeRef t = args[0]->type;
      if (t->is_bool()) return convert(std::move(args[0]), types::int8());
      if (t == types::float16()) return call_pattern(t, row.f16, std::move(args), span);
      if (t->is_float()) return call_pattern(t, t->bits() == 32 ? row.f32 : row.f64, std::move(args), span);
      if (!t->is_signed()) return std::move(args[0]);
      return call_pattern(t, "py2cuda::py_abs({0})", std::move(args), span);
    }
    case Rule::MinMax: {
      if (args.size() < 2) {
        diags.error(span, name + "() of a single value or an iterable is not supported in kernels; pass 2 or more "
                                 "numbers");
        return nullptr;
      }
      if (!numbers()) return nullptr;
      // numba-cuda lowers max/min of exactly two floats to fmax/fmin
      // (NaN-ignoring); every other case uses Python's left-to-right
      // comparison in the unified type (numba's do_minmax).
      TypeRef t = args[0]->type;
      for (size_t i = 1; i < args.size(); ++i) t = rules::unify(t, args[i]->type);
      // float16 has no PTX max/min in Numba's lowering: it takes the generic path.
      bool two_floats = args.size() == 2 && args[0]->type->is_float() && args[1]->type->is_float() &&
                        t != types::float16();
      bool all_ints = true;
      for (const auto& a : args) all_ints = all_ints && !a->type->is_float();
      std::string pattern;
      if (two_floats || (all_ints && args.size() == 2)) {
        pattern = std::string(row.f64);
      } else {
        pattern = std::string(row.path) == "max" ? "py2cuda::py_max_generic(" : "py2cuda::py_min_generic(";
        for (size_t i = 0; i < args.size(); ++i) pattern += (i ? ", {" : "{") + std::to_string(i) + "}";
        pattern += ")";
      }
      for (auto& a : args) a = convert(std::move(a), t);
      return call_pattern(t, pattern, std::move(args), span);
    }
    case Rule::Round: {
      half_as_float32();  // exact; Numba's round of float16 gives what float32's does
      if (args.size() == 2) {
        if (!numbers()) return nullptr;
        // numba-cuda rounds an integer x as the float64 it converts to (round(int64, 2) is a float64).
        if (args[0]->type->is_int() || args[0]->type->is_bool()) args[0] = convert(std::move(args[0]), types::float64());
        if (!args[0]->type->is_float()) {
          diags.error(args[0]->span, "round(x, ndigits) needs a real x on the CUDA target, not " + args[0]->type->str());
          return nullptr;
        }
        if (!args[1]->type->is_int()) {
          diags.error(args[1]->span, "round() ndigits must be an integer, not " + args[1]->type->str());
          return nullptr;
        }
        // Numba: round(float, int) keeps the float's type; ndigits is an intc.
        TypeRef t = args[0]->type;
        args[1] = convert(std::move(args[1]), types::int32());
        return call_pattern(t, "py2cuda::round_ndigits({0}, {1})", std::move(args), span);
      }
      if (!arity(1, 1) || !numbers()) return nullptr;
      if (!args[0]->type->is_float()) return convert(std::move(args[0]), types::int64());
      return call_pattern(types::int64(), row.f64, std::move(args), span);
    }
    case Rule::ToInt:
      if (!arity(1, 1) || !numbers()) return nullptr;
      // Numba's typing of int(): an integer keeps its type (int(uint8) is a uint8, int(uint64) a
      // uint64, so their differences wrap unsigned); a float or a bool becomes intp.
      if (args[0]->type->is_int()) return std::move(args[0]);
      return convert(std::move(args[0]), types::int64());
    case Rule::ToFloat:
      if (!arity(1, 1) || !numbers()) return nullptr;
      // Numba's typing of float(): a float keeps its type (float(float32) is a float32, whose
      // products then round to float32; numba-cuda's float(float16) stays float16); an integer
      // or a bool becomes float64.
      if (args[0]->type->is_float()) return std::move(args[0]);
      return convert(std::move(args[0]), types::float64());
    case Rule::ToBool:
      if (!arity(1, 1)) return nullptr;
      if (!args[0]->type->is_complex() && !numbers()) return nullptr;
      return truth_value(std::move(args[0]));
    case Rule::ScalarCtor: {
      if (!arity(1, 1)) return nullptr;
      std::string p(row.path);
      TypeRef t = types::scalar_by_name(p.substr(p.find('.') + 1));
      if (!args[0]->type->is_numeric() || !rules::can_convert(args[0]->type, t)) {
        diags.error(args[0]->span, name + "() does not accept an argument of type " + args[0]->type->str() +
                                       (args[0]->type->is_complex() ? " (take .real, .imag or abs() first)" : ""));
        return nullptr;
      }
      return convert(std::move(args[0]), t);
    }
    case Rule::ToComplex: {
      if (!arity(1, 2)) return nullptr;
      for (const auto& a : args) {
        // Numba's complex() takes ints, floats and (alone) complex; not bool.
        if (!a->type->is_numeric() || a->type->is_bool() || (args.size() == 2 && a->type->is_complex())) {
          diags.error(a->span, "complex() does not accept an argument of type " + a->type->str() +
                                   (args.size() == 2 ? " (complex(real, imag) takes two real numbers)" : ""));
          return nullptr;
        }
      }
      bool f32 = std::all_of(args.begin(), args.end(), [](const ir::ExprPtr& a) { return a->type == types::float32(); });
      TypeRef t = f32 ? types::complex64() : types::complex128();
      if (args.size() == 1) return convert(std::move(args[0]), t);
      for (auto& a : args) a = convert(std::move(a), types::complex_part(t));
      return call_pattern(t, f32 ? row.f32 : row.f64, std::move(args), span);
    }
    case Rule::CmathUnary:
    case Rule::CmathLog: {
      if (!arity(1, row.rule == Rule::CmathLog ? 2 : 1)) return nullptr;
      TypeRef t = nullptr;
      for (size_t i = 0; i < args.size(); ++i) {
        TypeRef ti = complex_arg(i);
        if (!ti) return nullptr;
        t = t ? rules::unify(t, ti) : ti;
      }
      for (auto& a : args) a = convert(std::move(a), t);
      std::string_view pattern = args.size() == 2 ? "py2cuda::cmath::log({0}, {1})" : row.f64;
      return call_pattern(t, pattern, std::move(args), span);
    }
    case Rule::CmathPredicate: {
      if (!arity(1, 1)) return nullptr;
      TypeRef t = complex_arg(0);
      if (!t) return nullptr;
      args[0] = convert(std::move(args[0]), t);
      return call_pattern(types::boolean(), row.f64, std::move(args), span);
    }
    case Rule::CmathPart: {
      if (!arity(1, 1)) return nullptr;
      // Numba's phase and polar overloads exist for complex arguments only.
      if (!args[0]->type->is_complex()) {
        diags.error(args[0]->span, name + "() takes a complex number on the CUDA target, not " + args[0]->type->str());
        return nullptr;
      }
      TypeRef part = types::complex_part(args[0]->type);
      TypeRef t = row.path == "cmath.polar" ? types::tuple({part, part}) : part;
      return call_pattern(t, row.f64, std::move(args), span);
    }
    case Rule::CmathRect: {
      if (!arity(2, 2)) return nullptr;
      // Numba's rect overload exists for two floats only.
      for (const auto& a : args) {
        if (!a->type->is_float()) {
          diags.error(a->span, "cmath.rect() takes two floats on the CUDA target, not " + a->type->str() +
                                   " (convert with float())");
          return nullptr;
        }
      }
      bool f32 = args[0]->type == types::float32() && args[1]->type == types::float32();
      for (auto& a : args) a = convert(std::move(a), f32 ? types::float32() : types::float64());
      return call_pattern(f32 ? types::complex64() : types::complex128(), row.f64, std::move(args), span);
    }
    case Rule::Len: {
      if (!arity(1, 1)) return nullptr;
      if (args[0]->type->is_array()) return std::make_unique<ir::Shape>(std::move(args[0]), 0, span);
      if (args[0]->type->is_tuple()) {
        return int64_literal(args[0]->type->elements().size(), span);
      }
      diags.error(span, "len() of a value of type " + args[0]->type->str() + " is not supported");
      return nullptr;
    }
    case Rule::Range:
      diags.error(span, name + "() can only be used as the iterable of a for loop" +
                            std::string(name == "range" ? " or in an `in` test" : ""));
      return nullptr;
    case Rule::BitCount: {
      if (!arity(1, 1) || !numbers()) return nullptr;
      if (!args[0]->type->is_int()) {
        diags.error(args[0]->span, name + "() takes an integer, not " + args[0]->type->str());
        return nullptr;
      }
      TypeRef t = args[0]->type;
      return call_pattern(t, row.f64, std::move(args), span);
    }
    case Rule::Ffs: {
      if (!arity(1, 1) || !numbers()) return nullptr;
      TypeRef t = args[0]->type;
      if (!t->is_int() || t->bits() < 32) {
        diags.error(args[0]->span, name + "() takes a 32- or 64-bit integer, not " + t->str() +
                                       " (Numba's CUDA target has no narrower version)");
        return nullptr;
      }
      return call_pattern(types::uint32(), row.f64, std::move(args), span);
    }
    case Rule::Brev: {
      if (!arity(1, 1) || !numbers()) return nullptr;
      if (!args[0]->type->is_int()) {
        diags.error(args[0]->span, name + "() takes an integer, not " + args[0]->type->str());
        return nullptr;
      }
      TypeRef t = args[0]->type->bits() <= 32 ? types::uint32() : types::uint64();
      args[0] = convert(std::move(args[0]), t);
      return call_pattern(t, row.f64, std::move(args), span);
    }
    case Rule::Fma: {
      if (!arity(3, 3) || !numbers()) return nullptr;
      bool f32 = true;
      for (const auto& a : args) f32 = f32 && (a->type == types::float32() || a->type == types::float16());
      TypeRef t = f32 ? types::float32() : types::float64();
      for (auto& a : args) a = convert(std::move(a), t);
      return call_pattern(t, f32 ? row.f32 : row.f64, std::move(args), span);
    }
    case Rule::Selp: {
      if (!arity(3, 3) || !numbers()) return nullptr;
      if (args[1]->type != args[2]->type || args[1]->type->is_bool() || args[1]->type == types::float16() ||
          (args[1]->type->is_int() && args[1]->type->bits() < 16)) {
        diags.error(span, name + "() needs its two values of one type among int16..uint64, float32 and float64; got " +
                              args[1]->type->str() + " and " + args[2]->type->str());
        return nullptr;
      }
      TypeRef t = args[1]->type;
      args[0] = truth_value(std::move(args[0]));
      return call_pattern(t, row.f64, std::move(args), span);
    }
    case Rule::Fence:
      if (!arity(0, 0)) return nullptr;
      return call_pattern(types::none(), row.f64, {}, span);
    case Rule::Nanosleep:
      if (!arity(1, 1) || !numbers()) return nullptr;
      args[0] = convert(std::move(args[0]), types::uint32());
      return call_pattern(types::none(), row.f64, std::move(args), span);
    case Rule::Random: {
      if (!arity(2, 2)) return nullptr;
      TypeRef st = args[0]->type;
      if (!st->is_array() || !st->dtype()->is_record() || st->ndim() != 1) {
        diags.error(args[0]->span, name + "() takes the 1-D array of generator states made by "
                                          "create_xoroshiro128p_states, not " + st->str());
        return nullptr;
      }
      if (!args[1]->type->is_int()) {
        diags.error(args[1]->span, name + "() needs an integer state index, not " + args[1]->type->str());
        return nullptr;
      }
      std::string p(row.path);
      TypeRef t = p.ends_with("next") ? types::uint64()
                  : p.ends_with("jump") ? types::none()
                  : p.ends_with("float32") ? types::float32()
                                           : types::float64();
      args[1] = convert(std::move(args[1]), types::int64());  // Numba takes int64(index)
      return call_pattern(t, row.f64, std::move(args), span);
    }
    case Rule::Fp16: {
      size_t n = row.f64.find("{2}") != std::string_view::npos ? 3 : row.f64.find("{1}") != std::string_view::npos ? 2 : 1;
      if (!arity(n, n) || !numbers()) return nullptr;
      for (auto& a : args) a = convert(std::move(a), types::float16());
      std::string_view fn = row.f64.substr(0, 6);
      bool compare = fn == "__heq(" || fn == "__hne(" || fn == "__hgt(" || fn == "__hge(" || fn == "__hlt(" || fn == "__hle(";
      return call_pattern(compare ? types::boolean() : types::float16(), row.f64, std::move(args), span);
    }
    case Rule::FixedSignature: {
      // Numba resolves a libdevice call against its one declared signature; any
      // number converts to the declared argument types (unsafe conversions included).
      const auto [result, params] = rules::parse_signature(row.signature);
      if (!arity(params.size(), params.size()) || !numbers()) return nullptr;
      for (size_t i = 0; i < args.size(); ++i) args[i] = convert(std::move(args[i]), params[i]);
      return call_pattern(result, row.f64, std::move(args), span);
    }
    case Rule::ConstArrayLike: {
      if (!arity(1, 1)) return nullptr;
      // Numba copies the NumPy array it is given into constant memory at compile time, so
      // only a module-level array frozen as a constant can be given (a kernel's array
      // arguments live in device memory).
      if (args[0]->kind != ir::ExprKind::Global || !args[0]->type->is_array() || !args[0]->type->is_readonly()) {
        diags.error(args[0]->span, name + "() takes a module-level NumPy array built from constants (np.array([...]), "
                                          "np.arange, np.zeros, ...), not a value of type " + args[0]->type->str());
        return nullptr;
      }
      return std::move(args[0]);
    }
    case Rule::Barrier:
      if (!arity(0, 0)) return nullptr;
      return call_pattern(types::none(), row.f64, {}, span);
    case Rule::BarrierPredicate: {
      if (!arity(1, 1)) return nullptr;
      if (!args[0]->type->is_int()) {
        diags.error(args[0]->span, name + "() takes an integer predicate, not " + args[0]->type->str() +
                                       " (Numba accepts only integers here)");
        return nullptr;
      }
      args[0] = convert(std::move(args[0]), types::int32());  // Numba's signature is int32(int32)
      return call_pattern(types::int32(), row.f64, std::move(args), span);
    }
    case Rule::WarpShuffle: {
      if (!arity(3, 3)) return nullptr;
      if (!warp_mask(args[0], true)) return nullptr;
      TypeRef t = args[1]->type;
      if (t != types::int32() && t != types::int64() && t != types::float32() && t != types::float64()) {
        diags.error(args[1]->span, name + "() only supports 32- and 64-bit ints and floats (int32, int64, float32, "
                                          "float64), not " + t->str());
        return nullptr;
      }
      if (!args[2]->type->is_int()) {
        diags.error(args[2]->span, name + "() needs an integer lane operand, not " + args[2]->type->str());
        return nullptr;
      }
      args[2] = convert(std::move(args[2]), types::int32());  // Numba truncates it to i32
      return call_pattern(t, row.f64, std::move(args), span);
    }
    case Rule::WarpVote: {
      if (!arity(2, 2)) return nullptr;
      if (!warp_mask(args[0], true)) return nullptr;
      if (!args[1]->type->is_int() && !args[1]->type->is_bool()) {
        diags.error(args[1]->span, name + "() needs an integer or boolean predicate, not " + args[1]->type->str());
        return nullptr;
      }
      args[1] = truth_value(std::move(args[1]));
      TypeRef t = row.path == "numba.cuda.ballot_sync" ? types::int32() : types::boolean();
      return call_pattern(t, row.f64, std::move(args), span);
    }
    case Rule::WarpMatch: {
      if (!arity(2, 2)) return nullptr;
      if (!warp_mask(args[0], false)) return nullptr;
      // Numba's cases are (int32, int32|int64|float32|float64); other numbers convert
      // to the first case they fit safely, as its overload resolution picks.
      TypeRef v = args[1]->type;
      if (!v->is_number()) {
        diags.error(args[1]->span, name + "() takes an int32, int64, float32 or float64 value, not " + v->str());
        return nullptr;
      }
      TypeRef t = v->is_float() ? v
                  : v->is_bool() || v->bits() < 32 || v == types::int32() ? types::int32()
                  : v == types::uint64() ? types::float64()
                                          : types::int64();
      args[1] = convert(std::move(args[1]), t);
      TypeRef r = row.path == "numba.cuda.match_all_sync" ? types::tuple({types::int32(), types::boolean()})
                                                           : types::int32();
      return call_pattern(r, row.f64, std::move(args), span);
    }
    case Rule::WarpMask:
      if (!arity(0, 0)) return nullptr;
      return call_pattern(types::uint32(), row.f64, {}, span);
    case Rule::SyncWarp:
      if (!arity(0, 1)) return nullptr;
      if (args.empty()) return call_pattern(types::none(), "py2cuda::syncwarp()", {}, span);
      if (!warp_mask(args[0], false)) return nullptr;
      return call_pattern(types::none(), row.f64, std::move(args), span);
    case Rule::ThisGrid:
      if (!arity(0, 0)) return nullptr;
      return call_pattern(types::grid_group(), row.f64, {}, span);
    case Rule::GridSync:
      // int32, as Numba types it: cudaCGSynchronize's status, 0 when it returns.
      if (!arity(1, 1)) return nullptr;
      return call_pattern(types::int32(), row.f64, std::move(args), span);
    case Rule::Print:
    case Rule::ArrayAlloc:
    case Rule::Atomic:
      return nullptr;  // typed by FunctionBuilder, which sees the array and index expressions  // typed by FunctionBuilder::print_call, which sees the string literals
    case Rule::Grid:
    case Rule::Gridsize: {
      if (!arity(1, 1)) return nullptr;
      const ir::Expr* a = args[0].get();
      int64_t n = a->kind == ir::ExprKind::Const && a->type->is_int() ? static_cast<int64_t>(static_cast<const ir::Const*>(a)->bits) : 0;
      if (n < 1 || n > 3) {
        diags.error(args[0]->span, name + "() takes the number of dimensions, the constant 1, 2 or 3");
        return nullptr;
      }
      std::string fn = std::string(row.rule == Rule::Grid ? "py2cuda::grid" : "py2cuda::gridsize") + std::to_string(n) + "()";
      TypeRef t = n == 1 ? types::int64() : types::tuple(std::vector<TypeRef>(n, types::int64()));
      return call_pattern(t, fn, {}, span);
    }
  }
  return nullptr;
}

}  // namespace py2cuda::infer
