// Printing IR expressions as C++ with the fewest parentheses C++'s
// precedence allows, so the output reads like hand-written code.
#include "lower/expressions.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <utility>

#include "ir/effects.h"
#include "lower/emit.h"

namespace py2cuda::lower {

namespace {

// Whether a builtin's pattern prints as one primary expression (a call, a member call, a
// name), which needs no parentheses around it: no space and no leading `!` outside its
// brackets. `{0} <= {1}` is not, even where its last argument prints in parentheses.
bool pattern_is_primary(const std::string& p) {
  if (!p.empty() && p[0] == '!') return false;
  int depth = 0;
  for (size_t i = 0; i < p.size(); ++i) {
    const char ch = p[i];
    if (ch == '{') {
      // {N} and {tN} are placeholders, not braces.
      const size_t close = p.find('}', i);
      const size_t digits = i + 1 < p.size() && p[i + 1] == 't' ? i + 2 : i + 1;
      if (close != std::string::npos && close > digits && p.find_first_not_of("0123456789", digits) == close) {
        i = close;
        continue;
      }
    }
    if (ch == '(' || ch == '[' || ch == '{' || ch == '<') ++depth;
    if (ch == ')' || ch == ']' || ch == '}' || ch == '>') --depth;
    if (ch == ' ' && depth <= 0) return false;
  }
  return true;
}

// Higher binds tighter.
enum Prec : int {
  kConditional = 10,
  kLogicalOr = 15,
  kLogicalAnd = 20,
  kBitOr = 30,
  kBitXor = 35,
  kBitAnd = 40,
  kEquality = 45,
  kRelational = 50,
  kShift = 60,
  kAdditive = 70,
  kMultiplicative = 80,
  kUnary = 90,
  kPrimary = 100,
};

int binary_prec(BinOp op) {
  switch (op) {
    case BinOp::Add:
    case BinOp::Sub: return kAdditive;
    case BinOp::Mul:
    case BinOp::TrueDiv: return kMultiplicative;
    case BinOp::LShift:
    case BinOp::RShift: return kShift;
    case BinOp::BitAnd: return kBitAnd;
    case BinOp::BitOr: return kBitOr;
    case BinOp::BitXor: return kBitXor;
    default: return kPrimary;  // printed as calls
  }
}

std::string shortest(double v) {
  char buf[64];
  auto r = std::to_chars(buf, buf + sizeof buf, v);
  std::string s(buf, r.ptr);
  if (s.find_first_of(".e") == std::string::npos) s += ".0";
  return s;
}

std::string shortest(float v) {
  char buf[64];
  auto r = std::to_chars(buf, buf + sizeof buf, v);
  std::string s(buf, r.ptr);
  if (s.find_first_of(".e") == std::string::npos) s += ".0";
  return s + "f";
}

// A C++ string literal with the bytes of `text` (UTF-8 passes through unchanged).
std::string string_literal(const std::string& text) {
  std::string out = "\"";
  for (unsigned char ch : text) {
    switch (ch) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      default:
        if (ch < 0x20 || ch == 0x7f) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\%03o", ch);
          out += buf;
        } else {
          out += static_cast<char>(ch);
        }
    }
  }
  return out + "\"";
}

bool is_pure_simple(const ir::Expr& e) {
  return e.kind == ir::ExprKind::Var || e.kind == ir::ExprKind::Const || e.kind == ir::ExprKind::Global;
}

std::string float_literal(double v, bool f32) {
  if (std::isnan(v)) return f32 ? "NAN" : "double(NAN)";
  if (std::isinf(v)) return std::string(v < 0 ? "-" : "") + (f32 ? "INFINITY" : "double(INFINITY)");
  return f32 ? shortest(static_cast<float>(v)) : shortest(v);
}

}  // namespace

std::unique_ptr<ir::Const> fold_cast(const ir::Cast& c) {
  if (!c.type->is_number()) return nullptr;
  std::unique_ptr<ir::Const> inner;
  const ir::Const* k = nullptr;
  if (c.operand->kind == ir::ExprKind::Const) {
    k = static_cast<const ir::Const*>(c.operand.get());
  } else if (c.operand->kind == ir::ExprKind::Cast) {
    inner = fold_cast(static_cast<const ir::Cast&>(*c.operand));
    k = inner.get();
  }
  if (!k || !k->type->is_number()) return nullptr;
  auto folded = std::make_unique<ir::Const>(c.type, c.span);
  double v = k->type->is_float() ? k->f : k->type->is_bool() ? (k->b ? 1 : 0)
             : k->type->is_signed()  ? static_cast<double>(static_cast<int64_t>(k->bits))
                                     : static_cast<double>(k->bits);
  if (c.type->is_float()) {
    folded->f = types::round_to_float(v, c.type);
  } else if (c.type->is_bool()) {
    folded->b = v != 0;
  } else if (k->type->is_float()) {
    // Only a value that converts exactly (truncated, in range): the others are the
    // conversion's business (py2cuda::float_to_int on the device, the C++ cast on the host).
    const double t = std::trunc(v);
    // A float16 converts rounding to nearest in kernels (below): fold only what both agree on.
    if (k->type == types::float16() && t != v) return nullptr;
    const int w = c.type->bits();
    const double end = std::ldexp(1.0, c.type->is_signed() ? w - 1 : w);
    const double low = c.type->is_signed() ? -end : 0.0;
    if (!(t >= low && t < end)) return nullptr;
    folded->bits = c.type->is_signed() ? static_cast<uint64_t>(static_cast<int64_t>(t)) : static_cast<uint64_t>(t);
  } else {
    uint64_t bits = k->type->is_bool() ? (k->b ? 1 : 0) : k->bits;
    int w = c.type->bits();
    if (w < 64) {
      // Wrap to the target's width, so that a further conversion sees its value.
      uint64_t mask = (uint64_t{1} << w) - 1;
      bits &= mask;
      if (c.type->is_signed() && ((bits >> (w - 1)) & 1)) bits |= ~mask;
    }
    folded->bits = bits;
  }
  return folded;
}

std::string literal(const ir::Const& c, bool typed_ints) {
  TypeRef t = c.type;
  if (t->is_bool()) return c.b ? "true" : "false";
  if (t->is_none()) return "py2cuda::none";  // an argument None (a parameter of type none)
  if (t->is_float()) {
    if (t->bits() == 16) {
      // A float16 constant is spelled as the float literal it converts from exactly.
      const double v = c.f;
      std::string f = std::isnan(v) ? "NAN" : std::isinf(v) ? std::string(v < 0 ? "-" : "") + "INFINITY"
                                                             : shortest(static_cast<float>(v));
      return "__half(" + f + ")";
    }
    return float_literal(c.f, t->bits() == 32);
  }
  if (t->is_complex()) {
    bool f32 = t->bits() == 64;
    return cpp_type(t) + "(" + float_literal(c.f, f32) + ", " + float_literal(c.im, f32) + ")";
  }
  if (t->is_string()) return string_literal(c.str);
  if (t->is_int()) {
    std::string digits;
    if (t->is_signed()) {
      int64_t v = static_cast<int64_t>(c.bits);
      if (t->bits() < 64) {
        // Sign-extend values stored for narrower types.
        int shift = 64 - t->bits();
        v = static_cast<int64_t>(static_cast<uint64_t>(v) << shift) >> shift;
      }
      if (v == INT64_MIN) return "(-9223372036854775807 - 1)";
      digits = std::to_string(v);
    } else {
      digits = std::to_string(c.bits);
    }
    if (t != types::int64() || typed_ints) return cpp_type(t) + "(" + digits + ")";
    return digits;
  }
  return "py2cuda::none";
}

std::string ExprPrinter::print(const ir::Expr& e) { return print(e, 0); }

std::string ExprPrinter::print_stored(const ir::Expr& e) {
  stored_ = true;
  return print(e, 0);
}

std::string ExprPrinter::print_target(const ir::Expr& e, bool augmented) {
  target_role_ = augmented ? TargetRole::updated : TargetRole::stored;
  std::string s = print(e, 0);
  target_role_ = TargetRole::none;
  return s;
}

std::string ExprPrinter::wrap(std::string s, int own, int needed) { return own < needed ? "(" + s + ")" : s; }

namespace {
// The temporary holding argument i of a call whose arguments are evaluated first (ordered_args).
std::string ordered_arg_name(size_t i) { return "py2cuda_arg" + std::to_string(i); }
}  // namespace

std::string ExprPrinter::call_args(const std::vector<ir::ExprPtr>& args, const std::vector<bool>& evaluated_first) {
  std::string s;
  for (size_t i = 0; i < args.size(); ++i) {
    if (i) s += ", ";
    // An argument evaluated first (ordered_args) is its temporary's name; integer literals
    // passed to overloaded helpers carry their type.
    if (!evaluated_first.empty() && evaluated_first[i]) s += ordered_arg_name(i);
    else if (args[i]->kind == ir::ExprKind::Const) s += literal(static_cast<const ir::Const&>(*args[i]), true);
    else s += print(*args[i], 0);
  }
  return s;
}

std::string ExprPrinter::divmod_call(const ir::Binary& b) {
  return "py2cuda::divmod(" + operand(*b.left, 0, b.right.get()) + ", " + operand(*b.right, 0, b.left.get()) + ")";
}

std::string ExprPrinter::operand(const ir::Expr& e, int needed, const ir::Expr* sibling) {
  // A bare integer literal is a C++ `int`, while Numba types it int64: `1 << n` would
  // shift in 32 bits and `floordiv(64, 2)` would not pick an overload. It may stay bare
  // only where the other operand is an int64 value, which converts it to int64_t anyway.
  if (e.kind == ir::ExprKind::Const && e.type == types::int64()) {
    const bool converted_by_sibling =
        sibling && sibling->kind != ir::ExprKind::Const && sibling->type == types::int64();
    if (!converted_by_sibling) return literal(static_cast<const ir::Const&>(e), true);
  }
  return print(e, needed);
}

namespace {

// A divisor that cannot be zero: a nonzero literal or module constant (possibly converted,
// `double(2)`).
bool nonzero_constant(const ir::Expr& e) {
  const ir::Expr* x = &e;
  while (x->kind == ir::ExprKind::Cast) x = static_cast<const ir::Cast&>(*x).operand.get();
  if (x->kind == ir::ExprKind::Global) return static_cast<const ir::GlobalRef&>(*x).nonzero;
  if (x->kind != ir::ExprKind::Const) return false;
  const auto& c = static_cast<const ir::Const&>(*x);
  if (c.type->is_float()) return c.f != 0.0;
  if (c.type->is_int()) return c.bits != 0;
  if (c.type->is_bool()) return c.b;
  return false;
}

}  // namespace

// Python evaluates a call's arguments left to right; C++ leaves them unordered (GCC goes
// right to left), which reorders effects such as random draws when two arguments call
// functions with effects: `pair(np.random.rand(), np.random.rand())`. In host code and CPU @jit
// functions, where such effects are common and speed is not the point, those arguments are
// evaluated first, in order, into temporaries of an immediately invoked lambda:
//   [&]() -> double { const double py2cuda_arg0 = ...; const double py2cuda_arg1 = ...;
//                     return pair(py2cuda_arg0, py2cuda_arg1); }()
// Device code does the same where it matters: two atomics, or an array's element read before an
// atomic on it, `max(cuda.atomic.exch(a, i, 7), cuda.atomic.exch(a, i, 9))`. Its effects are
// those of the calls marked so (atomics, random draws) and of device functions; its other
// calls (math) are pure, so the lambda appears only where the order is observable.
// An argument that reads an array is evaluated first as well when an argument with effects
// follows it (ir::order_matters). (Tuples order their elements with braces instead: TupleMake.)
namespace {
// Which of `operands` go into temporaries, in order, where their order matters (empty: none):
// those with effects and those reading arrays.
std::vector<bool> evaluated_first(const std::vector<const ir::Expr*>& operands, ir::EffectRules rules) {
  if (!ir::order_matters(operands, rules)) return {};
  std::vector<bool> first(operands.size());
  for (size_t i = 0; i < operands.size(); ++i) first[i] = ir::has_effects(*operands[i], rules) || ir::reads_state(*operands[i]) ||
               (rules.calls_read_their_containers && ir::reads_container(*operands[i]));
  return first;
}
}  // namespace

std::vector<bool> ExprPrinter::ordered_args(const std::vector<ir::ExprPtr>& args, std::string_view pattern) const {
  // The arguments evaluated where the call is: all but those whose placeholder follows a
  // lambda's introducer in the pattern (`list_each<T>({0}, nullptr, [&](T v) { return {1}; })`).
  const size_t lambda = std::min(pattern.find("[&]"), pattern.find("[=]"));
  std::vector<const ir::Expr*> operands;
  std::vector<size_t> where;
  for (size_t i = 0; i < args.size(); ++i) {
    const size_t at = pattern.find("{" + std::to_string(i) + "}");
    if (lambda != std::string_view::npos && at != std::string_view::npos && at > lambda) continue;
    operands.push_back(args[i].get());
    where.push_back(i);
  }
  const std::vector<bool> chosen = evaluated_first(operands, effect_rules());
  if (chosen.empty()) return {};
  std::vector<bool> first(args.size());
  for (size_t k = 0; k < where.size(); ++k) first[where[k]] = chosen[k];
  return first;
}

// An atomic's operands in Python's order: the indices of its element (its first argument, a
// place), then its values: `cuda.atomic.add(a, cuda.atomic.add(b, 0, 1), cuda.atomic.add(b, 0, 1))`
// takes the index before the value. Where the order matters (ir::order_matters), those to
// evaluate first are entered in evaluated_first_, which the caller prints the call with and then
// clears; the result says which of `operands` go first (empty: none, print as is).
std::vector<bool> ExprPrinter::placed_operands(const ir::BuiltinCall& c, std::vector<const ir::Expr*>& operands) {
  for (const auto& i : static_cast<const ir::Index&>(*c.args[0]).indices) operands.push_back(i.get());
  for (size_t k = 1; k < c.args.size(); ++k) operands.push_back(c.args[k].get());
  std::vector<bool> first = evaluated_first(operands, effect_rules());
  for (size_t i = 0; i < first.size(); ++i) {
    if (first[i]) evaluated_first_[operands[i]] = ordered_arg_name(i);
  }
  return first;
}

ir::EffectRules ExprPrinter::effect_rules() const {
  // CUDA device code (the numpy error model) marks its calls with effects; CPU @jit code does not.
  return {.divisions_raise = error_model_ != ir::ErrorModel::Numpy,
          .every_call = !host_code_ && error_model_ != ir::ErrorModel::Numpy,
          .calls_read_their_containers = host_code_};
}

std::string ExprPrinter::in_order(const ir::Expr& call, const std::vector<const ir::Expr*>& args,
                                  const std::vector<bool>& first, const std::string& body) {
  std::string s = "[&]()";
  if (!call.type->is_none()) s += " -> " + cpp_type(call.type, host_code_);
  s += " { ";
  for (size_t i = 0; i < args.size(); ++i) {
    if (!first[i]) continue;
    // A number is a value; anything else may be the receiver of a method that changes it
    // (`groups.setdefault(k, []).append(v)`), so its temporary stays mutable.
    const std::string qualifier = args[i]->type->is_number() ? "const " : "";
    // A tuple's C++ value depends on what makes it (a shape is the std::array that
    // py2cuda::host::shape gives, which the callee takes as it is): `auto` keeps it.
    const std::string type = args[i]->type->is_tuple() ? "auto" : cpp_type(args[i]->type, host_code_);
    s += qualifier + type + " " + ordered_arg_name(i) + " = " + print(*args[i], 0) + "; ";
  }
  return s + (call.type->is_none() ? "" : "return ") + body + "; }()";
}

std::string ExprPrinter::in_order(const ir::Expr& call, const std::vector<ir::ExprPtr>& args,
                                  const std::vector<bool>& first, const std::string& body) {
  std::vector<const ir::Expr*> values;
  for (const auto& a : args) values.push_back(a.get());
  return in_order(call, values, first, body);
}

// Python evaluates a binary operator's left operand before its right one, where C++ leaves them
// unordered: `np.random.rand() - np.random.rand()` or `f() + g()` with prints. Where both
// operands have effects, or the left one reads an array the right one may write (ir::order_matters,
// under the rules of ordered_args), they are evaluated
// first, in order, as a call's arguments are:
//   [&]() -> double { const double py2cuda_arg0 = ...; const double py2cuda_arg1 = ...;
//                     return py2cuda_arg0 - py2cuda_arg1; }()
std::string ExprPrinter::ordered_operands(const ir::Expr& e, const ir::Expr& left, const ir::Expr& right) {
  if (evaluated_first_.count(&left)) return "";  // the operator itself, printed inside its lambda
  if (!ir::order_matters({&left, &right}, effect_rules())) return "";
  evaluated_first_[&left] = ordered_arg_name(0);
  evaluated_first_[&right] = ordered_arg_name(1);
  const std::string body = print(e, 0);
  evaluated_first_.erase(&left);
  evaluated_first_.erase(&right);
  return in_order(e, std::vector<const ir::Expr*>{&left, &right}, {true, true}, body);
}

void ExprPrinter::note(NoteKind kind, const Span& span, std::string reason) {
  if (notes_) notes_->push_back({kind, span, std::move(reason)});
}

namespace {

// How Python's integer `//` or `%` differs from C++'s operator.
std::string integer_rounding(bool floor) {
  return floor ? "integer // rounds toward negative infinity, C++'s / toward zero"
               : "integer % takes the divisor's sign, C++'s % the dividend's";
}

// Why `//` or `%` costs more than C++'s operator, by the operands' type.
std::string division_reason(const ir::Binary& b) {
  const bool floor = b.op == BinOp::FloorDiv;
  const std::string helper = floor ? "py2cuda::floordiv" : "py2cuda::mod";
  if (b.type->is_float()) {
    return std::string(floor ? "float // rounds the quotient toward negative infinity"
                             : "float % gives the remainder the divisor's sign") +
           ", as Python does: " + helper + " computes it from fmod with sign tests and corrections (Numba's real_divmod)";
  }
  if (b.type->is_int() && !b.type->is_signed()) {
    return helper + " tests for a zero divisor (which gives 0, as in Numba) before C++'s " + (floor ? "/" : "%");
  }
  return integer_rounding(floor) + ": " + helper + " adds a sign test and a correction, and a zero divisor gives 0 (as in Numba's kernels)";
}

// A float32 or float64 `//` or `%` whose divisor is a constant power of two, 1 or more
// (`x // 2`, `x % 4.0`): py2cuda::floordiv_by_power_of_two and mod_by_power_of_two (pysem.h)
// compute the same results with an fmod that needs no loop. Smaller powers are left out: x / y
// could overflow.
bool is_power_of_two_divisor(const ir::Binary& b) {
  if (b.type != types::float32() && b.type != types::float64()) return false;
  std::unique_ptr<ir::Const> folded;
  const ir::Const* k = nullptr;
  if (b.right->kind == ir::ExprKind::Const) {
    k = static_cast<const ir::Const*>(b.right.get());
  } else if (b.right->kind == ir::ExprKind::Cast) {
    folded = fold_cast(static_cast<const ir::Cast&>(*b.right));
    k = folded.get();
  }
  if (!k || k->type != b.type) return false;
  int exponent = 0;
  return std::isfinite(k->f) && k->f >= 1.0 && std::frexp(k->f, &exponent) == 0.5;
}

}  // namespace

std::string ExprPrinter::raising_division(const ir::Binary& b) {
  if (error_model_ == ir::ErrorModel::Numpy || b.numpy_scalar_division) return "";
  if (b.op != BinOp::TrueDiv && b.op != BinOp::FloorDiv && b.op != BinOp::Mod) return "";
  // Arrays divide elementwise with NumPy's inf/nan; complex numbers keep C++'s division.
  if (!b.left->type->is_number() || !b.right->type->is_number()) return "";
  if (nonzero_constant(*b.right)) return "";
  // py2cuda::python raises in CPython's words, py2cuda::numba_cpu in Numba's (@jit).
  const char* space = error_model_ == ir::ErrorModel::CPython ? "py2cuda::python." : "py2cuda::numba_cpu.";
  const char* name = b.op == BinOp::TrueDiv ? "truediv" : b.op == BinOp::FloorDiv ? "floordiv" : "mod";
  note(NoteKind::ZeroDivisionCheck, b.span,
       std::string(error_model_ == ir::ErrorModel::CPython ? "Python host code" : "a CPU @jit function") +
           ": the divisor is tested first, and zero raises ZeroDivisionError " +
           (error_model_ == ir::ErrorModel::CPython ? "in CPython's words" : "in Numba's words"));
  if (b.op != BinOp::TrueDiv) note(b.op == BinOp::FloorDiv ? NoteKind::FloorDivision : NoteKind::Modulo, b.span, division_reason(b));
  if (b.op == BinOp::TrueDiv) {
    // Python's int / int divides as floats but says "division by zero", not "float ...":
    // the operands' types before inference converted them tell which.
    auto original = [](const ir::Expr& x) {
      return x.kind == ir::ExprKind::Cast ? static_cast<const ir::Cast&>(x).operand->type : x.type;
    };
    const bool ints = !original(*b.left)->is_float() && !original(*b.right)->is_float();
    return std::string(space) + (ints ? "int_truediv(" : "truediv(") + print(*b.left, 0) + ", " + print(*b.right, 0) + ")";
  }
  // Template parameters take a bare literal as an int: spell the literal's Numba type.
  auto argument = [&](const ir::Expr& x) {
    return x.kind == ir::ExprKind::Const ? literal(static_cast<const ir::Const&>(x), true) : print(x, 0);
  };
  return std::string(space) + name + "(" + argument(*b.left) + ", " + argument(*b.right) + ")";
}

std::string ExprPrinter::print(const ir::Expr& e, int needed) {
  const bool stored = std::exchange(stored_, false);
  if (auto it = evaluated_first_.find(&e); it != evaluated_first_.end()) return it->second;
  switch (e.kind) {
    case ir::ExprKind::Const: {
      std::string s = literal(static_cast<const ir::Const&>(e), false);
      return s[0] == '-' ? wrap(s, kUnary, needed) : s;
    }
    case ir::ExprKind::Var: return static_cast<const ir::VarRef&>(e).var->cpp_name;
    case ir::ExprKind::Global: return static_cast<const ir::GlobalRef&>(e).cpp_name;
    case ir::ExprKind::Cast: {
      const auto& c = static_cast<const ir::Cast&>(e);
      if (c.type->is_dynamic() != c.operand->type->is_dynamic()) {
        // A number whose type differs by path (runtime DynamicNumber): a static value enters it
        // tagged with its own Python/NumPy type, and leaves it converted to the static type.
        if (c.type->is_dynamic()) {
          return "py2cuda::host::to_dynamic<" + cpp_type(c.operand->type, true) + ">(" + print(*c.operand, 0) + ")";
        }
        return "py2cuda::host::from_dynamic<" + cpp_type(c.type, true) + ">(" + print(*c.operand, 0) + ")";
      }
      if (c.operand->kind == ir::ExprKind::Const && c.type->is_complex()) {
        // A literal converted to complex is the complex literal.
        const auto& k = static_cast<const ir::Const&>(*c.operand);
        ir::Const folded(c.type, c.span);
        folded.f = k.type->is_float() || k.type->is_complex() ? k.f
                   : k.type->is_bool()                        ? (k.b ? 1 : 0)
                   : k.type->is_signed()                      ? static_cast<double>(static_cast<int64_t>(k.bits))
                                                              : static_cast<double>(k.bits);
        folded.im = k.type->is_complex() ? k.im : 0.0;
        if (c.type->bits() == 64) {
          folded.f = static_cast<float>(folded.f);
          folded.im = static_cast<float>(folded.im);
        }
        return print(folded, needed);
      }
      // Fold the conversion of a literal (or of a folded conversion of one:
      // np.float32(np.float16(2))) into the literal.
      if (std::unique_ptr<ir::Const> folded = fold_cast(c)) {
        // A folded integer keeps its type: bare, `np.int16(8)` widened to int64 would be a C++
        // `int`, which picks no overload of mod(int64_t, int64_t)/mod(uint64_t, uint64_t).
        if (folded->type->is_int()) return literal(*folded, true);
        return print(*folded, needed);
      }
      if (host_code_ && c.type->is_tuple() && c.operand->type->is_tuple() &&
          c.type->elements().size() == c.operand->type->elements().size()) {
        // A tuple into a list of tuples of other element types ([(1, 2.5), (3.0, 4)] holds
        // DynamicNumbers): element by element, as py2cuda::tuple converts only as a whole.
        std::string s = "[&](const auto& t) { return " + cpp_type(c.type, true) + "{";
        for (size_t i = 0; i < c.type->elements().size(); ++i) {
          TypeRef from = c.operand->type->elements()[i];
          TypeRef to = c.type->elements()[i];
          auto item = std::make_unique<ir::BuiltinCall>(from, "py2cuda::get<" + std::to_string(i) + ">(t)", c.span);
          s += (i ? ", " : "") + (from == to ? print(*item, 0) : print(ir::Cast(to, std::move(item), c.span), 0));
        }
        return s + "}; }(" + print(*c.operand, 0) + ")";
      }
      if (host_code_ && c.type->is_list() && c.operand->type->is_list() && c.type->dtype() && c.operand->type->dtype() &&
          (c.type->dtype()->is_dynamic() || c.type->dtype()->is_tuple() || c.operand->type->dtype()->is_untyped_list()) &&
          c.type->dtype() != c.operand->type->dtype()) {
        // A list into a list whose elements are numbers of a type chosen by path, or tuples of
        // them (`pts = [(0, 0)]`, later given (1.5, 2)), or a list of empty lists into a list of
        // typed ones (`[[] for _ in range(n)]`): each element as the cases here convert it.
        TypeRef from = c.operand->type->dtype();
        TypeRef to = c.type->dtype();
        auto item = std::make_unique<ir::BuiltinCall>(from, "item", c.span);
        const std::string convert = "[&](const auto& item) { return " + print(ir::Cast(to, std::move(item), c.span), 0) + "; }";
        if (c.type->is_set()) return cpp_type(c.type, true) + "::converted(" + print(*c.operand, 0) + ", " + convert + ")";
        return "py2cuda::host::list_each<" + cpp_type(to, true) + ">(" + print(*c.operand, 0) + ", nullptr, " + convert + ")";
      }
      if (host_code_ && c.type->is_dict() && c.operand->type->is_dict() && c.type->dict_class().empty() &&
          c.operand->type->dict_class().empty() && !c.type->is_untyped_dict() && !c.operand->type->is_untyped_dict() &&
          c.type->key_type() == c.operand->type->key_type() && c.operand->type->value_type()->is_untyped_list() &&
          c.type->value_type()->is_list()) {
        // `{k: [] for k in names}` into the dict of typed lists the appends give it: the same
        // keys, in order, each with an empty list of that type.
        const std::string key = cpp_type(c.type->key_type(), true);
        const std::string value = cpp_type(c.type->value_type(), true);
        return "py2cuda::host::dict_of_entries<" + key + ", " + value + ">(py2cuda::host::list_each<py2cuda::tuple<" + key +
               ", " + value + ">>(py2cuda::host::dict_view<py2cuda::host::DictPart::Keys>(" + print(*c.operand, 0) +
               "), nullptr, [&](const auto& key) { return py2cuda::tuple<" + key + ", " + value + ">(key, " + value +
               "()); }))";
      }
      if (c.type->is_list() && c.operand->type->is_untyped_list() &&
          (c.operand->kind == ir::ExprKind::Builtin || c.operand->kind == ir::ExprKind::Var)) {
        // `[]` (or a name of one nothing ever typed, so empty) where a list of known type is wanted.
        return cpp_type(c.type, true) + "()";
      }
      if (!host_code_ && !stored && c.type == types::float64() && c.operand->type == types::float32()) {
        note(NoteKind::Float64Promotion, c.span,
             "a float32 value becomes float64 here, as Numba types it (a float32 combined with a Python float or "
             "an int, or passed to a float64 function): the arithmetic that follows runs in double precision, "
             "much slower than float32 on most GPUs; write np.float32(...) around constants to stay in float32");
      }
      if (!host_code_ && c.type->is_int() && c.operand->type->is_float()) {
        // A C++ cast of an out-of-range float (or NaN) is undefined; the GPU saturates.
        // A float16 widens to float32 exactly first, and rounds to the nearest integer, ties to
        // even: numba-cuda converts it with PTX cvt.rni (cuda_fp16.py, float16_to_integer_cast),
        // not the truncating cvt.rzi of float32 and float64.
        const std::string value = c.operand->type == types::float16() ? "rintf(float(" + print(*c.operand, 0) + "))"
                                                                      : print(*c.operand, 0);
        return "py2cuda::float_to_int<" + cpp_type(c.type, false) + ">(" + value + ")";
      }
      return cpp_type(c.type, host_code_) + "(" + print(*c.operand, 0) + ")";
    }
    case ir::ExprKind::Binary: {
      const auto& b = static_cast<const ir::Binary&>(e);
      if (std::string ordered = ordered_operands(e, *b.left, *b.right); !ordered.empty()) return ordered;
      if ((b.op == BinOp::FloorDiv || b.op == BinOp::Mod) && b.divisor_positive) {
        // infer/index_wrap.cpp proved the divisor positive: it is neither zero nor -1.
        const bool floor = b.op == BinOp::FloorDiv;
        if (b.dividend_nonneg || !b.type->is_signed()) {
          // Both signs known: Python's rounding is C's.
          std::string s = operand(*b.left, kMultiplicative, b.right.get()) + (floor ? " / " : " % ") +
                          operand(*b.right, kMultiplicative + 1, b.left.get());
          return wrap(s, kMultiplicative, needed);
        }
        note(floor ? NoteKind::FloorDivision : NoteKind::Modulo, b.span,
             integer_rounding(floor) + ": the divisor is provably positive, so " + (floor ? "py2cuda::floordiv_by_positive" : "py2cuda::mod_by_positive") +
                 " only corrects a negative dividend's result");
        return std::string(floor ? "py2cuda::floordiv_by_positive(" : "py2cuda::mod_by_positive(") +
               operand(*b.left, 0, b.right.get()) + ", " + operand(*b.right, 0, b.left.get()) + ")";
      }
      if (std::string raising = raising_division(b); !raising.empty()) return raising;
      if ((b.op == BinOp::FloorDiv || b.op == BinOp::Mod) && b.divisor_nonneg && b.type->is_signed()) {
        // infer/index_wrap.cpp proved the divisor non-negative: it may be zero, but never -1.
        const bool floor = b.op == BinOp::FloorDiv;
        note(floor ? NoteKind::FloorDivision : NoteKind::Modulo, b.span,
             integer_rounding(floor) + ": the divisor is provably non-negative, so " +
                 (floor ? "py2cuda::floordiv_by_nonnegative" : "py2cuda::mod_by_nonnegative") +
                 " tests only for a zero divisor (which gives 0, as in Numba's kernels), never for -1, and corrects a "
                 "negative dividend's result");
        return std::string(floor ? "py2cuda::floordiv_by_nonnegative(" : "py2cuda::mod_by_nonnegative(") +
               operand(*b.left, 0, b.right.get()) + ", " + operand(*b.right, 0, b.left.get()) + ")";
      }
      if ((b.op == BinOp::FloorDiv || b.op == BinOp::Mod) && is_power_of_two_divisor(b)) {
        // A constant divisor 1.0, 2.0, 4.0, ...: fmod is one division by it (exact, which NVVM
        // makes a multiplication), where the general exact fmod is a loop.
        const bool floor = b.op == BinOp::FloorDiv;
        note(floor ? NoteKind::FloorDivision : NoteKind::Modulo, b.span,
             division_reason(b) + "; the divisor is a power of two, so its fmod is exact without a loop");
        return std::string(floor ? "py2cuda::floordiv_by_power_of_two(" : "py2cuda::mod_by_power_of_two(") +
               operand(*b.left, 0, b.right.get()) + ", " + operand(*b.right, 0, b.left.get()) + ")";
      }
      if ((b.op == BinOp::FloorDiv || b.op == BinOp::Mod) && divmod_pairs_ && divmod_pairs_->count(&b)) {
        // ir/divmod_pairs.cpp found a `//` and a `%` of these operands side by side: both
        // spelled as the same inline py2cuda::divmod call (pysem.h, each half what
        // py2cuda::floordiv and py2cuda::mod give), which NVVM computes once.
        const bool floor = b.op == BinOp::FloorDiv;
        const auto declared = divmod_values_ ? divmod_values_->find(&b) : decltype(divmod_values_->end()){};
        const bool before = divmod_values_ && declared != divmod_values_->end();
        note(floor ? NoteKind::FloorDivision : NoteKind::Modulo, b.span,
             division_reason(b) + "; a " + (floor ? "%" : "//") +
                 " of the same operands nearby shares its " + (b.type->is_float() ? "fmod" : "division") +
                 (before ? " (py2cuda::divmod, computed before the statement)" : " (py2cuda::divmod)"));
        return (before ? declared->second : divmod_call(b)) + (floor ? ".quotient" : ".remainder");
      }
      switch (b.op) {
        case BinOp::FloorDiv:
          note(NoteKind::FloorDivision, b.span, division_reason(b));
          return "py2cuda::floordiv(" + operand(*b.left, 0, b.right.get()) + ", " + operand(*b.right, 0, b.left.get()) + ")";
        case BinOp::Mod:
          note(NoteKind::Modulo, b.span, division_reason(b));
          return "py2cuda::mod(" + operand(*b.left, 0, b.right.get()) + ", " + operand(*b.right, 0, b.left.get()) + ")";
        case BinOp::Pow: {
          if (b.type->is_int() && error_model_ == ir::ErrorModel::CPython && b.type->is_signed() &&
              !(b.right->kind == ir::ExprKind::Const &&
                static_cast<int64_t>(static_cast<const ir::Const&>(*b.right).bits) >= 0)) {
            return "py2cuda::python_int_pow(" + operand(*b.left, 0, b.right.get()) + ", " +
                   operand(*b.right, 0, b.left.get()) + ")";
          }
          if (b.type->is_int()) {
            // Host code and CPU @jit functions multiply exactly; kernels pass through float64
            // as numba-cuda's int_power does (pysem.h).
            return std::string(host_code_ ? "py2cuda::ipow_exact(" : "py2cuda::ipow(") +
                   operand(*b.left, 0, b.right.get()) + ", " + operand(*b.right, 0, b.left.get()) + ")";
          }
          if (b.right->type->is_int()) {
            // x ** 2 and x ** 3 with a constant exponent: repeated multiplication, as Numba does.
            if (b.right->kind == ir::ExprKind::Const && is_pure_simple(*b.left)) {
              int64_t n = static_cast<int64_t>(static_cast<const ir::Const&>(*b.right).bits);
              if (n >= 1 && n <= 3) {
                std::string x = print(*b.left, kMultiplicative + 1);
                std::string s = x;
                for (int64_t i = 1; i < n; ++i) s += " * " + x;
                return wrap(s, kMultiplicative, needed);
              }
            }
            std::string exp = b.right->kind == ir::ExprKind::Const
                                  ? literal(static_cast<const ir::Const&>(*b.right), true)
                                  : print(*b.right, 0);
            return "py2cuda::fpowi(" + print(*b.left, 0) + ", " + exp + ")";
          }
          return std::string(b.type->bits() == 32 ? "powf(" : "pow(") + print(*b.left, 0) + ", " +
                 print(*b.right, 0) + ")";
        }
        default: break;
      }
      int p = binary_prec(b.op);
      // A shift's result has its left operand's type, whatever the right one's.
      const bool shift = b.op == BinOp::LShift || b.op == BinOp::RShift;
      std::string s = operand(*b.left, p, shift ? nullptr : b.right.get()) + " " +
                      std::string(python_spelling(b.op)) + " " + print(*b.right, p + 1);
      return wrap(s, p, needed);
    }
    case ir::ExprKind::Unary: {
      const auto& u = static_cast<const ir::Unary&>(e);
      const char* tok = u.op == UnaryOp::Neg ? "-" : u.op == UnaryOp::Pos ? "+" : u.op == UnaryOp::Invert ? "~" : "!";
      std::string text = operand(*u.operand, kUnary, nullptr);
      // Keep `- -x` from becoming the decrement token.
      if ((tok[0] == '-' || tok[0] == '+') && !text.empty() && text[0] == tok[0]) text = "(" + text + ")";
      return wrap(tok + text, kUnary, needed);
    }
    case ir::ExprKind::Compare: {
      const auto& c = static_cast<const ir::Compare&>(e);
      if (std::string ordered = ordered_operands(e, *c.left, *c.right); !ordered.empty()) return ordered;
      int p = (c.op == CmpOp::Eq || c.op == CmpOp::NotEq) ? kEquality : kRelational;
      return wrap(print(*c.left, p) + " " + std::string(python_spelling(c.op)) + " " + print(*c.right, p + 1), p, needed);
    }
    case ir::ExprKind::Logical: {
      const auto& l = static_cast<const ir::Logical&>(e);
      if (l.type->is_bool()) {
        int p = l.is_and ? kLogicalAnd : kLogicalOr;
        // An `&&` inside `||` keeps its parentheses, as compilers ask (-Wparentheses).
        auto is_and = [](const ir::Expr& x) {
          return x.kind == ir::ExprKind::Logical && static_cast<const ir::Logical&>(x).is_and;
        };
        const int left = !l.is_and && is_and(*l.left) ? kLogicalAnd + 1 : p;
        const int right = !l.is_and && is_and(*l.right) ? kLogicalAnd + 1 : p + 1;
        return wrap(print(*l.left, left) + (l.is_and ? " && " : " || ") + print(*l.right, right), p, needed);
      }
      // Python's value semantics: `a and b` is b if a is true, else a.
      std::string t = cpp_type(l.type);
      if (is_pure_simple(*l.left)) {
        std::string a = operand(*l.left, kConditional + 1, l.right.get());
        std::string b = operand(*l.right, kConditional, l.left.get());
        std::string s = l.is_and ? "bool(" + a + ") ? " + b + " : " + a : "bool(" + a + ") ? " + a + " : " + b;
        return wrap(s, kConditional, needed);
      }
      std::string a = print(*l.left, 0), b = print(*l.right, 0);
      return "[&]() -> " + t + " { const " + t + " lhs = " + a + "; return bool(lhs) ? " +
             (l.is_and ? b + " : lhs" : "lhs : " + b) + "; }()";
    }
    case ir::ExprKind::Select: {
      const auto& s = static_cast<const ir::Select&>(e);
      if (s.type->is_none()) {
        // `xs.append(v) if c else None` as a statement: C++'s ?: needs both arms void.
        std::string text = print(*s.cond, kConditional + 1) + " ? (void)(" + print(*s.then_value, 0) + ") : (void)(" +
                           print(*s.else_value, 0) + ")";
        return wrap(text, kConditional, needed);
      }
      std::string text = print(*s.cond, kConditional + 1) + " ? " +
                         operand(*s.then_value, kConditional + 1, s.else_value.get()) + " : " +
                         operand(*s.else_value, kConditional, s.then_value.get());
      return wrap(text, kConditional, needed);
    }
    case ir::ExprKind::Builtin: {
      const auto& c = static_cast<const ir::BuiltinCall&>(e);
      if (!c.debug_check.empty()) note(NoteKind::DebugException, c.span, c.debug_check);
      // A device atomic's first argument is a place (&a(i)), not a value to read first: its
      // indices take its place among the values Python evaluates in order (placed_operands).
      // (An atomic's pattern takes the element's address; a barrier's or a warp collective's
      // first argument, an effect too, is a value: `cuda.syncthreads_count(flags[i])`.)
      const bool place_first = !host_code_ && c.has_effects && !c.args.empty() &&
                               c.args[0]->kind == ir::ExprKind::Index && c.pattern.find("(&{0}") != std::string::npos;
      std::vector<const ir::Expr*> placed;
      std::vector<bool> placed_first;
      if (place_first) placed_first = placed_operands(c, placed);
      const std::vector<bool> first = c.orders_args || place_first ? std::vector<bool>{} : ordered_args(c.args, c.pattern);
      std::string out;
      const std::string& p = c.pattern;
      for (size_t i = 0; i < p.size(); ++i) {
        if (p[i] == '{' && i + 2 < p.size() && p[i + 1] == 't') {
          // {tN}: the C++ spelling of the call's N-th type argument.
          size_t end = p.find('}', i);
          if (end != std::string::npos && end > i + 2 && p.find_first_not_of("0123456789", i + 2) == end) {
            size_t k = std::stoul(p.substr(i + 2, end - i - 2));
            if (k < c.type_args.size()) out += cpp_type(c.type_args[k], host_code_);
            i = end;
            continue;
          }
        }
        size_t close = p[i] == '{' ? p.find('}', i) : std::string::npos;
        if (close == std::string::npos || close == i + 1 ||
            p.find_first_not_of("0123456789", i + 1) != close) {
          out += p[i];
          continue;
        }
        size_t k = std::stoul(p.substr(i + 1, close - i - 1));
        // A placeholder that is a whole call argument needs no parentheses.
        bool in_call = i > 0 && (p[i - 1] == '(' || p[i - 1] == ' ') && close + 1 < p.size() &&
                       (p[close + 1] == ')' || p[close + 1] == ',');
        if (k < c.args.size()) {
          const ir::Expr& arg = *c.args[k];
          if (!first.empty() && first[k]) out += ordered_arg_name(k);
          else if (arg.kind == ir::ExprKind::Const && in_call && !c.bare_literals) out += literal(static_cast<const ir::Const&>(arg), true);
          else out += print(arg, in_call ? 0 : kUnary);
        }
        i = close;
      }
      if (!first.empty()) return in_order(e, c.args, first, out);
      if (!placed_first.empty()) {
        for (const ir::Expr* x : placed) evaluated_first_.erase(x);
        return in_order(e, placed, placed_first, out);
      }
      return pattern_is_primary(p) ? out : wrap(out, kMultiplicative, needed);
    }
    case ir::ExprKind::Call: {
      const auto& c = static_cast<const ir::Call&>(e);
      const std::vector<bool> first = ordered_args(c.args);
      const std::string call = c.callee->cpp_name + "(" + call_args(c.args, first) + ")";
      return first.empty() ? call : in_order(e, c.args, first, call);
    }
    case ir::ExprKind::Index: {
      const auto& ix = static_cast<const ir::Index&>(e);
      if (ix.wrap) {
        note(NoteKind::IndexWraparound, ix.span,
             "an index not proven non-negative: .at() adds Python's wraparound (a negative index counts from the "
             "end, i + shape), a compare and an add per such index");
      }
      if (!host_code_) {
        note(NoteKind::BoundsCheck, ix.span,
             "under --emulate every index is checked against the array's extents and an out-of-range access stops "
             "the run naming this line; on the GPU, as in Numba, nothing is checked");
      }
      const TargetRole role = std::exchange(target_role_, TargetRole::none);  // subscripts inside its indices are reads
      std::string s = print(*ix.array, kPrimary) + (ix.wrap ? ".at(" : "(");
      for (size_t i = 0; i < ix.indices.size(); ++i) {
        std::string index = print(*ix.indices[i], 0);
        if (i == 0 && located_subscripts_ && !host_code_ && ix.span.valid()) {
          const char* marked = role == TargetRole::stored    ? "py2cuda::stored_at_python("
                               : role == TargetRole::updated ? "py2cuda::updated_at_python("
                                                             : "py2cuda::at_python(";
          index = marked + index + ", " +
                  std::to_string(ix.span.line) + ", " + std::to_string(ix.span.col) + ")";
        }
        s += (i ? ", " : "") + index;
      }
      return s + ")";
    }
    case ir::ExprKind::Shape: {
      const auto& sh = static_cast<const ir::Shape&>(e);
      if (const auto* frozen = ir::frozen_shape(*sh.array)) return std::to_string((*frozen)[static_cast<size_t>(sh.dim)]);
      if (host_code_) return print(*sh.array, kPrimary) + ".shape(" + std::to_string(sh.dim) + ")";
      return print(*sh.array, kPrimary) + ".shape[" + std::to_string(sh.dim) + "]";
    }
    case ir::ExprKind::Size: {
      const auto& array = *static_cast<const ir::Size&>(e).array;
      if (const auto* frozen = ir::frozen_shape(array)) {
        int64_t n = 1;
        for (int64_t d : *frozen) n *= d;
        return std::to_string(n);
      }
      return print(array, kPrimary) + ".size()";
    }
    case ir::ExprKind::TupleMake: {
      const auto& t = static_cast<const ir::TupleMake&>(e);
      // Python evaluates a tuple's elements left to right; C++ leaves a constructor's
      // arguments unordered (GCC goes right to left), which reorders calls with effects
      // such as random draws, or reads an array element after an atomic changed it
      // (ir::order_matters, the rule of a call's arguments). Braces fix the order.
      std::vector<const ir::Expr*> elements;
      for (const auto& x : t.elements) elements.push_back(x.get());
      if (ir::order_matters(elements, effect_rules())) return cpp_type(t.type, host_code_) + "{" + call_args(t.elements) + "}";
      return cpp_type(t.type, host_code_) + "(" + call_args(t.elements) + ")";
    }
    case ir::ExprKind::Let: {
      const auto& let = static_cast<const ir::Let&>(e);
      return "[&]() -> " + cpp_type(let.type, host_code_) + " { const " + cpp_type(let.var->type, host_code_) + " " + let.var->cpp_name +
             " = " + print(*let.init, 0) + "; return " + print(*let.body, 0) + "; }()";
    }
    case ir::ExprKind::LocalArray: return "/* array allocation */";
    case ir::ExprKind::Launch: return launch(static_cast<const ir::Launch&>(e));
    case ir::ExprKind::TupleGet: {
      const auto& g = static_cast<const ir::TupleGet&>(e);
      return "py2cuda::get<" + std::to_string(g.index) + ">(" + print(*g.tuple, 0) + ")";
    }
  }
  return "/* ? */";
}

// `k[grid, block, stream, shared](args)`: the kernel instance's launch function with a
// LaunchConfig.
std::string ExprPrinter::launch(const ir::Launch& l) {
  if (!l.choices.empty()) {
    // In an expression: the statements of launch_choice() in a lambda called at once.
    const LaunchChoice choice = launch_choice(l);
    std::string text = "[&] { ";
    for (const std::string& binding : choice.bindings) text += binding + " ";
    for (const auto& [condition, call] : choice.branches) text += "if (" + condition + ") " + call + " else ";
    return text + choice.otherwise + " }()";
  }
  std::string args;
  for (const auto& a : l.args) args += ", " + print(*a, 0);
  return "launch_" + l.kernel->cpp_name + "(" + launch_config(l) + args + ")";
}

// A launch's LaunchConfig; a tuple launch dimension becomes a Dim3.
std::string ExprPrinter::launch_config(const ir::Launch& l) {
  auto dims = [&](const ir::Expr& d) {
    if (d.type->is_tuple()) {
      if (d.kind == ir::ExprKind::TupleMake) return "py2cuda::Dim3(" + call_args(static_cast<const ir::TupleMake&>(d).elements) + ")";
      return "py2cuda::host::dim3(" + print(d, 0) + ")";
    }
    return print(d, 0);
  };
  std::string config;
  if (l.forall_tasks) {
    // forall(ntasks, tpb, stream, sharedmem): the configuration is computed at run time
    // from the kernel (the occupancy API's block size where tpb is not given).
    config = "py2cuda::forall_config(" + l.kernel->cpp_name + ", " + print(*l.forall_tasks, 0);
    const bool more = l.block || l.stream || l.shared_bytes;
    if (more) config += ", " + (l.block ? print(*l.block, 0) : std::string("0"));
    if (l.stream || l.shared_bytes) config += ", " + (l.shared_bytes ? "size_t(" + print(*l.shared_bytes, 0) + ")" : std::string("0"));
    if (l.stream) config += ", " + print(*l.stream, 0) + ".stream()";
    config += ")";
  } else {
    config = "py2cuda::LaunchConfig{" + dims(*l.grid) + ", " + dims(*l.block);
    if (l.shared_bytes || l.stream) config += ", " + (l.shared_bytes ? "size_t(" + print(*l.shared_bytes, 0) + ")" : std::string("0"));
    if (l.stream) config += ", " + print(*l.stream, 0) + ".stream()";
    config += "}";
  }
  return config;
}

// The instance of the first choice whose types the arguments hold:
//   auto&& py2cuda_config = ...; auto&& py2cuda_arg0 = ...;
//   if (py2cuda::host::numba_type_is<int64_t>(py2cuda_arg0)) launch_k__2(py2cuda_config, ...);
//   else launch_k(py2cuda_config, py2cuda::host::from_dynamic<double>(py2cuda_arg0));
ExprPrinter::LaunchChoice ExprPrinter::launch_choice(const ir::Launch& l) {
  LaunchChoice choice;
  choice.bindings.push_back("auto&& py2cuda_config = " + launch_config(l) + ";");
  for (size_t i = 0; i < l.args.size(); ++i)
    choice.bindings.push_back("auto&& " + ordered_arg_name(i) + " = " + print(*l.args[i], 0) + ";");
  auto call = [&](const ir::Function& k, const std::vector<TypeRef>& types) {
    std::string s = "launch_" + k.cpp_name + "(py2cuda_config";
    for (size_t i = 0; i < l.args.size(); ++i) {
      const bool dynamic = l.args[i]->type->is_dynamic();
      s += ", " + (dynamic ? "py2cuda::host::from_dynamic<" + cpp_type(types[i], true) + ">(" + ordered_arg_name(i) + ")"
                           : ordered_arg_name(i));
    }
    return s + ");";
  };
  for (const auto& option : l.choices) {
    std::string test;
    for (size_t i = 0; i < l.args.size(); ++i) {
      if (!option.dynamic_types[i]) continue;
      test += std::string(test.empty() ? "" : " && ") + "py2cuda::host::numba_type_is<" +
              cpp_type(option.dynamic_types[i], true) + ">(" + ordered_arg_name(i) + ")";
    }
    choice.branches.emplace_back(test, call(*option.kernel, option.dynamic_types));
  }
  std::vector<TypeRef> widened;
  for (const ir::Variable* p : l.kernel->params) widened.push_back(p->param_type ? p->param_type : p->type);
  choice.otherwise = call(*l.kernel, widened);
  return choice;
}

}  // namespace py2cuda::lower
