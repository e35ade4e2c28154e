// CPython folds arithmetic of number literals when it compiles a function (Python/ast_opt.c),
// so Numba never sees `10 ** -3` or `1 << 63`: it sees the constants 0.001 and
// 9223372036854775808, and types those (a float64; a uint64, the int literal beyond int64).
// Evaluated as Numba's typed operations the two differ: an int64 `**` with a negative exponent
// is 0, `1 << 63` wraps to a negative int64, `10 ** 20` wraps where Numba rejects the folded
// constant as too large. This pass folds what CPython folds, with its limits: ints of at most
// 128 bits (a `**`, `*` or `<<` whose result would be larger is left to run), no fold that
// raises (division by zero, a negative shift) or gives a complex number (`(-8) ** 0.5`), no
// fold of `not`. A folded int beyond 64 bits becomes a literal flagged too large, which typing
// reports as Numba does. Two more of CPython's compile-time rewrites are reproduced: a list
// display a Numba function iterates or searches with `in` is a tuple, and an f-string without
// replacement fields is a plain string. Runs first, on the parsed module.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <optional>
#include <string>

#include "sema/ast_names.h"
#include "sema/module_info.h"

namespace py2cuda::sema {

namespace {

// GCC's and Clang's 128-bit integers (__extension__: not ISO C++, said so once here).
__extension__ typedef __int128 Int;
__extension__ typedef unsigned __int128 UInt;

constexpr int kMaxIntBits = 128;  // CPython's MAX_INT_SIZE

// A folded number: an int (possibly beyond 128 bits, then only known as too large) or a float.
struct Number {
  bool is_float = false;
  double f = 0;
  Int i = 0;
  bool huge = false;  // an int beyond what 128 bits hold
  // Whether Numba's typed evaluation of the syntax would give another value or type than the
  // folded constant: an int, here or in an operand, outside int64 (Numba's uint64 literals
  // and wrapping int64 arithmetic), or an int `**` a negative int (0 in Numba's int64 power).
  bool differs = false;

  double as_double() const { return is_float ? f : static_cast<double>(i); }
};

int bit_length(Int v) {
  UInt m = v < 0 ? static_cast<UInt>(-(v + 1)) + 1 : static_cast<UInt>(v);
  int n = 0;
  while (m) ++n, m >>= 1;
  return n;
}

std::string decimal(Int v) {
  if (v == 0) return "0";
  const bool negative = v < 0;
  UInt m = negative ? static_cast<UInt>(-(v + 1)) + 1 : static_cast<UInt>(v);
  std::string s;
  while (m) s.insert(s.begin(), static_cast<char>('0' + static_cast<int>(m % 10))), m /= 10;
  return negative ? "-" + s : s;
}

// Python's floor division and modulo of ints (the quotient rounded toward minus infinity).
Int floor_div(Int a, Int b) {
  Int q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}
Int floor_mod(Int a, Int b) { return a - floor_div(a, b) * b; }

// A literal operand: an int, a float or a bool (an int to CPython's arithmetic); not complex.
std::optional<Number> literal(const ast::Expr& e) {
  Number n;
  switch (e.kind) {
    case ast::ExprKind::IntLit: {
      const auto& lit = ast::as<ast::IntLit>(e);
      if (lit.overflow) return std::nullopt;
      n.i = static_cast<Int>(lit.value);
      return n;
    }
    case ast::ExprKind::FloatLit: {
      const auto& lit = ast::as<ast::FloatLit>(e);
      if (lit.imaginary) return std::nullopt;
      n.is_float = true;
      n.f = lit.value;
      return n;
    }
    case ast::ExprKind::BoolLit: n.i = ast::as<ast::BoolLit>(e).value ? 1 : 0; return n;
    default: return std::nullopt;
  }
}

// CPython's fold of `a op b`, or nothing where it does not fold (or raises).
std::optional<Number> fold_binary(BinOp op, const Number& a, const Number& b) {
  Number r;
  if (a.is_float || b.is_float) {
    const double x = a.as_double(), y = b.as_double();
    r.is_float = true;
    switch (op) {
      case BinOp::Add: r.f = x + y; return r;
      case BinOp::Sub: r.f = x - y; return r;
      case BinOp::Mul: r.f = x * y; return r;
      case BinOp::TrueDiv:
        if (y == 0) return std::nullopt;
        r.f = x / y;
        return r;
      case BinOp::FloorDiv:
      case BinOp::Mod: {
        if (y == 0) return std::nullopt;
        // Python's float divmod: the remainder takes the divisor's sign.
        double mod = std::fmod(x, y);
        double div = (x - mod) / y;
        if (mod != 0) {
          if ((y < 0) != (mod < 0)) mod += y, div -= 1.0;
        } else {
          mod = std::copysign(0.0, y);
        }
        double floordiv = div;
        if (div != 0) {
          floordiv = std::floor(div);
          if (div - floordiv > 0.5) floordiv += 1.0;
        } else {
          floordiv = std::copysign(0.0, x / y);
        }
        r.f = op == BinOp::Mod ? mod : floordiv;
        return r;
      }
      case BinOp::Pow:
        if (x == 0 && y < 0) return std::nullopt;                         // ZeroDivisionError
        if (x < 0 && y != std::floor(y) && std::isfinite(y)) return std::nullopt;  // a complex result
        r.f = std::pow(x, y);
        return r;
      default: return std::nullopt;  // shifts and bit operations of floats raise
    }
  }
  if (a.huge || b.huge) return std::nullopt;
  const Int x = a.i, y = b.i;
  switch (op) {
    case BinOp::Add:
    case BinOp::Sub: {
      // Operands of at most 127 bits cannot overflow 128; beyond, the result is only too large.
      if (bit_length(x) >= 127 || bit_length(y) >= 127) {
        r.huge = true;
        return r;
      }
      r.i = op == BinOp::Add ? x + y : x - y;
      return r;
    }
    case BinOp::Mul:
      if (x != 0 && y != 0 && bit_length(x) + bit_length(y) > kMaxIntBits) return std::nullopt;  // safe_multiply
      if (bit_length(x) + bit_length(y) >= 127) {
        r.huge = true;
        return r;
      }
      r.i = x * y;
      return r;
    case BinOp::TrueDiv:
      if (y == 0) return std::nullopt;
      r.is_float = true;
      r.f = static_cast<double>(x) / static_cast<double>(y);
      return r;
    case BinOp::FloorDiv:
      if (y == 0) return std::nullopt;
      r.i = floor_div(x, y);
      return r;
    case BinOp::Mod:
      if (y == 0) return std::nullopt;
      r.i = floor_mod(x, y);
      return r;
    case BinOp::Pow: {
      if (y < 0) {
        // An int to a negative int power is a float.
        if (x == 0) return std::nullopt;
        r.is_float = true;
        r.f = std::pow(static_cast<double>(x), static_cast<double>(y));
        return r;
      }
      // safe_power: a base of vbits bits folds to at most kMaxIntBits bits.
      const int vbits = bit_length(x);
      if (y > 0 && vbits > kMaxIntBits / static_cast<int>(y > kMaxIntBits ? kMaxIntBits + 1 : y)) return std::nullopt;
      Int p = 1;
      for (Int k = 0; k < y; ++k) {
        if (bit_length(p) + vbits >= 127) {
          r.huge = true;
          return r;
        }
        p *= x;
      }
      r.i = p;
      return r;
    }
    case BinOp::LShift: {
      if (y < 0) return std::nullopt;  // ValueError
      if (x == 0) return r;
      if (y > kMaxIntBits || bit_length(x) > kMaxIntBits - static_cast<int>(y)) return std::nullopt;  // safe_lshift
      if (bit_length(x) + static_cast<int>(y) >= 127) {
        r.huge = true;
        return r;
      }
      r.i = x * (static_cast<Int>(1) << static_cast<int>(y));
      return r;
    }
    case BinOp::RShift:
      if (y < 0) return std::nullopt;
      r.i = y >= 127 ? (x < 0 ? -1 : 0) : (x >> static_cast<int>(y));  // arithmetic: floor division by 2**y
      return r;
    case BinOp::BitAnd: r.i = x & y; return r;
    case BinOp::BitOr: r.i = x | y; return r;
    case BinOp::BitXor: r.i = x ^ y; return r;
    case BinOp::MatMul: return std::nullopt;
  }
  return std::nullopt;
}

std::optional<Number> fold_unary(UnaryOp op, const Number& a) {
  Number r = a;
  switch (op) {
    case UnaryOp::Pos: return r;
    case UnaryOp::Neg:
      if (a.is_float) r.f = -a.f;
      else r.i = -a.i;
      return r;
    case UnaryOp::Invert:
      if (a.is_float || a.huge) return std::nullopt;
      r.i = ~a.i;
      return r;
    case UnaryOp::Not: return std::nullopt;
  }
  return std::nullopt;
}

// Python's repr of a float: the shortest text that reads back as the same double.
std::string float_text(double v) {
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  if (std::isnan(v)) return "nan";
  char buf[40];
  for (int precision = 1; precision <= 17; ++precision) {
    std::snprintf(buf, sizeof buf, "%.*g", precision, v);
    if (std::strtod(buf, nullptr) == v) break;
  }
  return buf;
}

// The literal syntax for a folded number, spanning what it was folded from. A negative int is
// `-literal` (Python has no negative literals), and -2**63 `-9223372036854775807 - 1`, so each
// part types as the int64 the constant is.
ast::ExprPtr syntax_of(const Number& n, Span s) {
  if (n.is_float) {
    auto f = std::make_unique<ast::FloatLit>(s);
    f->value = n.f;
    f->text = float_text(n.f);
    return f;
  }
  auto magnitude = [&](UInt m, bool overflow, const std::string& text) {
    auto lit = std::make_unique<ast::IntLit>(s);
    lit->value = static_cast<uint64_t>(m);
    lit->overflow = overflow;
    lit->text = text;
    lit->folded = true;
    return lit;
  };
  if (n.huge) return magnitude(0, true, "(an integer of more than 127 bits)");
  if (n.i >= 0) {
    const bool overflow = n.i > static_cast<Int>(UINT64_MAX);
    return magnitude(static_cast<UInt>(n.i), overflow, decimal(n.i));
  }
  const UInt m = static_cast<UInt>(-(n.i + 1)) + 1;
  if (m == (static_cast<UInt>(1) << 63)) {
    auto most = std::make_unique<ast::Unary>(s, UnaryOp::Neg, magnitude(m - 1, false, decimal(static_cast<Int>(m - 1))));
    return std::make_unique<ast::Binary>(s, BinOp::Sub, std::move(most), magnitude(1, false, "1"));
  }
  const bool overflow = m > (static_cast<UInt>(1) << 63);
  return std::make_unique<ast::Unary>(s, UnaryOp::Neg, magnitude(m, overflow, decimal(n.i).substr(1)));
}

bool outside_int64(const Number& n) {
  return !n.is_float && (n.huge || n.i > static_cast<Int>(INT64_MAX) || n.i < static_cast<Int>(INT64_MIN));
}

// The folded value of `e` (its operands folded first, as CPython does), with whether Numba's
// evaluation of the syntax differs from it.
std::optional<Number> fold(const ast::Expr& e) {
  if (e.kind == ast::ExprKind::Binary) {
    const auto& b = ast::as<ast::Binary>(e);
    auto l = fold(*b.left);
    auto r = fold(*b.right);
    if (!l || !r) return std::nullopt;
    auto v = fold_binary(b.op, *l, *r);
    if (v) {
      const bool negative_power = b.op == BinOp::Pow && !l->is_float && !r->is_float && r->i < 0;
      v->differs = l->differs || r->differs || negative_power || outside_int64(*v);
    }
    return v;
  }
  if (e.kind == ast::ExprKind::Unary) {
    const auto& u = ast::as<ast::Unary>(e);
    auto v = fold(*u.operand);
    if (!v) return std::nullopt;
    const bool operand_differs = v->differs;
    auto r = fold_unary(u.op, *v);
    // `-9223372036854775808`: the literal is a uint64 in Numba's typing of the syntax.
    if (r) r->differs = operand_differs || outside_int64(*r) || (u.op == UnaryOp::Neg && outside_int64(*v));
    return r;
  }
  auto v = literal(e);
  if (v) v->differs = outside_int64(*v);
  return v;
}

// `[a, b, c]` iterated by a for loop or searched by `in`: CPython's fold_iter makes it a tuple
// (a constant one when its items are constants), so Numba's kernels take it where they take no
// list. A display with a starred item stays a list.
void list_to_tuple(ast::ExprPtr& e) {
  if (!e || e->kind != ast::ExprKind::List) return;
  auto& list = ast::as<ast::ListExpr>(*e);
  for (const auto& x : list.elts) {
    if (x->kind == ast::ExprKind::Starred) return;
  }
  auto tuple = std::make_unique<ast::TupleExpr>(e->span);
  tuple->elts = std::move(list.elts);
  e = std::move(tuple);
}

// Whether a definition is compiled by Numba (a decorator from numba: cuda.jit, njit,
// vectorize...), whose bytecode CPython optimized: there lists become the tuples above. Host
// code keeps its lists, whose iteration Python gives the same.
bool numba_compiled(const ast::FunctionDef& def, const std::map<std::string, std::string>& imports) {
  for (const auto& d : def.decorators) {
    const ast::Expr& callee = d->kind == ast::ExprKind::Call ? *ast::as<ast::Call>(*d).func : *d;
    if (imported_path(callee, imports).rfind("numba", 0) == 0) return true;
  }
  return false;
}

void iterated_lists_to_tuples(ast::Block& body) {
  for (auto& st : body) {
    if (st->kind == ast::StmtKind::For) list_to_tuple(ast::as<ast::For>(*st).iter);
    if (st->kind == ast::StmtKind::FunctionDef) iterated_lists_to_tuples(ast::as<ast::FunctionDef>(*st).body);
    for (ast::Block* inner : nested_blocks(*st)) iterated_lists_to_tuples(*inner);
  }
  visit_expr_slots(body, [](ast::ExprPtr& slot) {
    if (slot->kind != ast::ExprKind::Compare) return;
    auto& c = ast::as<ast::Compare>(*slot);
    if (!c.ops.empty() && (c.ops.back() == CmpOp::In || c.ops.back() == CmpOp::NotIn)) list_to_tuple(c.comparators.back());
  });
}

}  // namespace

// Only where the two evaluations differ is the syntax replaced: `2 * 3 * 4` and `1 << 33` stay
// as the program wrote them (Numba's int64 arithmetic gives the folded value), readable in the
// C++. A literal alone is no fold; `-2 ** 63` is the constant -9223372036854775808. An f-string
// without replacement fields is the constant string CPython compiles it to.
void fold_constants(ast::Module& module) {
  visit_expr_slots(module.body, [](ast::ExprPtr& slot) {
    if (slot->kind == ast::ExprKind::FString) {
      const auto& f = ast::as<ast::FStringExpr>(*slot);
      std::string text;
      for (const auto& part : f.parts) {
        if (part.value) return;
        text += part.text;
      }
      auto str = std::make_unique<ast::StrLit>(slot->span);
      str->value = std::move(text);
      slot = std::move(str);
      return;
    }
    if (slot->kind != ast::ExprKind::Binary && slot->kind != ast::ExprKind::Unary) return;
    auto v = fold(*slot);
    if (v && v->differs) slot = syntax_of(*v, slot->span);
  });
  std::map<std::string, std::string> imports;
  for (const auto& s : module.body) {
    for (const auto& [name, path] : import_paths(*s)) imports[name] = path;
  }
  // Numba's functions wherever they are defined (a kernel factory's inside a host function).
  std::function<void(ast::Block&)> numba_functions = [&](ast::Block& block) {
    for (auto& s : block) {
      if (s->kind == ast::StmtKind::FunctionDef) {
        auto& def = ast::as<ast::FunctionDef>(*s);
        if (numba_compiled(def, imports)) iterated_lists_to_tuples(def.body);
        else numba_functions(def.body);
      }
      for (ast::Block* inner : nested_blocks(*s)) numba_functions(*inner);
    }
  };
  numba_functions(module.body);
}

}  // namespace py2cuda::sema
