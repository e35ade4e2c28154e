// Module constants, frozen the way Numba freezes globals at compile time:
// evaluated here with Python's (and NumPy's) semantics, then typed as
// numba.typeof would type the value.
#include <cmath>
#include <limits>

#include "sema/module_info.h"
#include "types/rules.h"

namespace py2cuda::sema {

namespace {

ConstValue make_int(int64_t v, bool weak = true) {
  ConstValue c;
  c.type = types::int64();
  c.bits = static_cast<uint64_t>(v);
  c.weak = weak;
  return c;
}

ConstValue make_float(double v, TypeRef t = types::float64(), bool weak = true) {
  ConstValue c;
  c.type = t;
  c.f = t->bits() == 32 ? static_cast<double>(static_cast<float>(v)) : v;
  c.weak = weak;
  return c;
}

ConstValue make_bool(bool v) {
  ConstValue c;
  c.type = types::boolean();
  c.b = v;
  return c;
}

double as_double(const ConstValue& c) {
  if (c.type->is_float()) return c.f;
  if (c.type->is_bool()) return c.b ? 1.0 : 0.0;
  return c.type->is_signed() ? static_cast<double>(static_cast<int64_t>(c.bits)) : static_cast<double>(c.bits);
}

int64_t as_int(const ConstValue& c) {
  if (c.type->is_bool()) return c.b;
  if (c.type->is_float()) return static_cast<int64_t>(c.f);
  return static_cast<int64_t>(c.bits);
}

// Wraps an integer into the width of `t`, as a NumPy integer scalar would.
ConstValue wrap_int(int64_t v, TypeRef t, bool weak) {
  ConstValue c;
  c.type = t;
  c.weak = weak;
  uint64_t u = static_cast<uint64_t>(v);
  if (t->bits() < 64) {
    uint64_t mask = (uint64_t{1} << t->bits()) - 1;
    u &= mask;
    if (t->is_signed() && (u >> (t->bits() - 1)) & 1) u |= ~mask;
  }
  c.bits = u;
  return c;
}

ConstValue make_complex(double re, double im, TypeRef t = types::complex128(), bool weak = true) {
  ConstValue c;
  c.type = t;
  bool f32 = t == types::complex64();
  c.f = f32 ? static_cast<float>(re) : re;
  c.im = f32 ? static_cast<float>(im) : im;
  c.weak = weak;
  return c;
}

ConstValue convert(const ConstValue& v, TypeRef t) {
  if (t->is_complex()) return make_complex(v.type->is_complex() ? v.f : as_double(v), v.type->is_complex() ? v.im : 0, t, false);
  if (v.type->is_complex()) return v;  // complex to real: refused by the caller
  if (t->is_float()) return make_float(as_double(v), t, false);
  if (t->is_bool()) return make_bool(as_double(v) != 0);
  return wrap_int(as_int(v), t, false);
}

class Evaluator {
 public:
  Evaluator(ModuleInfo& info, Diagnostics& diags) : info_(info), diags_(diags) {}

  std::optional<ConstValue> eval(const ast::Expr& e) {
    switch (e.kind) {
      case ast::ExprKind::IntLit: {
        const auto& lit = ast::as<ast::IntLit>(e);
        if (lit.overflow || lit.value > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) {
          if (lit.overflow) return fail(e, "integer constant " + lit.text + " does not fit in 64 bits");
          ConstValue c;  // numba.typeof gives uint64 to ints above int64's range
          c.type = types::uint64();
          c.bits = lit.value;
          return c;
        }
        return make_int(static_cast<int64_t>(lit.value));
      }
      case ast::ExprKind::FloatLit: {
        const auto& lit = ast::as<ast::FloatLit>(e);
        if (lit.imaginary) return make_complex(0.0, lit.value);
        return make_float(lit.value);
      }
      case ast::ExprKind::BoolLit: return make_bool(ast::as<ast::BoolLit>(e).value);
      case ast::ExprKind::Tuple: {
        ConstValue t;
        std::vector<TypeRef> elem_types;
        for (const auto& elt : ast::as<ast::TupleExpr>(e).elts) {
          auto v = eval(*elt);
          if (!v) return std::nullopt;
          elem_types.push_back(v->type);
          t.elements.push_back(std::move(*v));
        }
        if (t.elements.empty()) return fail(e, "empty tuples cannot be used in kernels");
        t.type = types::tuple(elem_types);
        return t;
      }
      case ast::ExprKind::Unary: return unary(ast::as<ast::Unary>(e));
      case ast::ExprKind::Binary: return binary(ast::as<ast::Binary>(e));
      case ast::ExprKind::Name:
      case ast::ExprKind::Attribute: return named(e);
      case ast::ExprKind::Call: return call(ast::as<ast::Call>(e));
      default: return fail(e, "this expression is not a constant py2cuda can freeze");
    }
  }

 private:
  std::optional<ConstValue> fail(const ast::Expr& e, std::string message) {
    diags_.error(e.span, std::move(message));
    return std::nullopt;
  }

  std::optional<ConstValue> named(const ast::Expr& e) {
    if (e.kind == ast::ExprKind::Name) {
      auto it = info_.globals.find(ast::as<ast::Name>(e).id);
      if (it != info_.globals.end() && it->second.kind == Symbol::Kind::Constant) {
        const ConstValue* v = constant_value(info_, it->second, diags_);
        if (!v) return std::nullopt;
        return *v;
      }
    }
    std::string path = resolve_path(info_, e);
    if (path == "math.pi" || path == "numpy.pi" || path == "cmath.pi") return make_float(M_PI);
    if (path == "math.e" || path == "numpy.e" || path == "cmath.e") return make_float(M_E);
    if (path == "math.tau" || path == "cmath.tau") return make_float(2 * M_PI);
    if (path == "cmath.inf") return make_float(std::numeric_limits<double>::infinity());
    if (path == "cmath.nan") return make_float(std::numeric_limits<double>::quiet_NaN());
    if (path == "cmath.infj") return make_complex(0.0, std::numeric_limits<double>::infinity());
    if (path == "cmath.nanj") return make_complex(0.0, std::numeric_limits<double>::quiet_NaN());
    if (path == "math.inf" || path == "numpy.inf") return make_float(std::numeric_limits<double>::infinity());
    if (path == "math.nan" || path == "numpy.nan") return make_float(std::numeric_limits<double>::quiet_NaN());
    std::string shown = path.empty() && e.kind == ast::ExprKind::Name ? ast::as<ast::Name>(e).id : path;
    if (shown.rfind("numba.cuda.", 0) == 0) shown = "cuda." + shown.substr(11);
    if (shown.empty()) return fail(e, "this expression is not a constant py2cuda can freeze");
    return fail(e, "'" + shown + "' is not a module-level constant");
  }

  std::optional<ConstValue> call(const ast::Call& c) {
    std::string path = resolve_path(info_, *c.func);
    if (c.args.size() != 1 || !c.keywords.empty()) return fail(c, "this call is not a constant py2cuda can freeze");
    auto arg = eval(*c.args[0]);
    if (!arg) return std::nullopt;
    if (arg->type->is_complex()) {
      // Only complex-to-complex conversions exist (Numba and NumPy have no complex to real).
      for (const char* prefix : {"numpy.", "numba."}) {
        std::string p(prefix);
        TypeRef t = path.rfind(p, 0) == 0 ? types::scalar_by_name(path.substr(p.size())) : nullptr;
        if (t && t->is_complex()) return convert(*arg, t);
      }
      if (path == "complex") return convert(*arg, types::complex128());
      return fail(c, "this call of a complex constant is not a constant py2cuda can freeze");
    }
    if (path == "complex") return convert(*arg, arg->type == types::float32() ? types::complex64() : types::complex128());
    if (path == "int") return make_int(as_int(*arg));
    if (path == "float") return make_float(as_double(*arg));
    if (path == "bool") return make_bool(as_double(*arg) != 0);
    if (path == "math.sqrt") return make_float(std::sqrt(as_double(*arg)));
    for (const char* prefix : {"numpy.", "numba."}) {
      std::string p(prefix);
      if (path.rfind(p, 0) == 0) {
        if (TypeRef t = types::scalar_by_name(path.substr(p.size()))) return convert(*arg, t);
      }
    }
    return fail(c, "this call is not a constant py2cuda can freeze");
  }

  std::optional<ConstValue> unary(const ast::Unary& u) {
    auto v = eval(*u.operand);
    if (!v) return std::nullopt;
    if (v->type->is_complex()) {
      if (u.op == UnaryOp::Pos) return v;
      if (u.op == UnaryOp::Neg) return make_complex(-v->f, -v->im, v->type, v->weak);
      return fail(u, "invalid operand for a constant expression");
    }
    if (!v->type->is_number()) return fail(u, "invalid operand for a constant expression");
    switch (u.op) {
      case UnaryOp::Pos: return v;
      case UnaryOp::Not: return make_bool(as_double(*v) == 0);
      case UnaryOp::Neg:
        if (v->type->is_float()) return make_float(-v->f, v->type, v->weak);
        return v->weak ? make_int(-as_int(*v)) : wrap_int(-as_int(*v), v->type, false);
      case UnaryOp::Invert:
        if (v->type->is_float()) return fail(u, "bad operand type for unary ~: 'float'");
        return v->weak ? make_int(~as_int(*v)) : wrap_int(~as_int(*v), v->type, false);
    }
    return std::nullopt;
  }

  // The type of `a op b` between constants, following NumPy's NEP 50: a
  // NumPy scalar keeps its type against a Python scalar of the same kind.
  TypeRef result_type(const ConstValue& a, const ConstValue& b, BinOp op) {
    if (a.weak && b.weak) {
      if (a.type->is_float() || b.type->is_float() || op == BinOp::TrueDiv) return types::float64();
      return types::int64();
    }
    if (!a.weak && !b.weak) {
      TypeRef t = rules::unify(a.type, b.type);
      if (op == BinOp::TrueDiv && !t->is_float()) return types::float64();
      return t;
    }
    const ConstValue& strong = a.weak ? b : a;
    const ConstValue& weak = a.weak ? a : b;
    if (strong.type->is_float()) return strong.type;
    if (weak.type->is_float() || op == BinOp::TrueDiv) return types::float64();
    return strong.type;
  }

  // + - * / with a complex operand, as Python computes them (complex128; a
  // NumPy complex64 keeps its type against Python numbers, as NEP 50 says).
  std::optional<ConstValue> complex_binary(const ast::Binary& bin, const ConstValue& a, const ConstValue& b) {
    if (!a.type->is_numeric() || !b.type->is_numeric()) return fail(bin, "invalid operands for a constant expression");
    auto re = [](const ConstValue& v) { return v.type->is_complex() ? v.f : as_double(v); };
    auto im = [](const ConstValue& v) { return v.type->is_complex() ? v.im : 0.0; };
    double ar = re(a), ai = im(a), br = re(b), bi = im(b);
    bool narrow = (a.type == types::complex64() && (b.weak || b.type == types::complex64() || rules::fits_float32(b.type))) ||
                  (b.type == types::complex64() && (a.weak || rules::fits_float32(a.type)));
    TypeRef t = narrow ? types::complex64() : types::complex128();
    bool weak = a.weak && b.weak;
    switch (bin.op) {
      case BinOp::Add: return make_complex(ar + br, ai + bi, t, weak);
      case BinOp::Sub: return make_complex(ar - br, ai - bi, t, weak);
      case BinOp::Mul: return make_complex(ar * br - ai * bi, ar * bi + ai * br, t, weak);
      default: return fail(bin, "only +, - and * are supported in complex constant expressions");
    }
  }

  std::optional<ConstValue> binary(const ast::Binary& bin) {
    auto a = eval(*bin.left);
    if (!a) return std::nullopt;
    auto b = eval(*bin.right);
    if (!b) return std::nullopt;
    if (a->type->is_complex() || b->type->is_complex()) return complex_binary(bin, *a, *b);
    if (!a->type->is_number() || !b->type->is_number()) return fail(bin, "invalid operands for a constant expression");
    TypeRef t = result_type(*a, *b, bin.op);
    bool weak = a->weak && b->weak;
    if (t->is_float()) {
      double x = as_double(*a), y = as_double(*b);
      double r = 0;
      switch (bin.op) {
        case BinOp::Add: r = x + y; break;
        case BinOp::Sub: r = x - y; break;
        case BinOp::Mul: r = x * y; break;
        case BinOp::TrueDiv:
          if (y == 0) return fail(bin, "division by zero in a constant expression");
          r = x / y;
          break;
        case BinOp::FloorDiv:
          if (y == 0) return fail(bin, "division by zero in a constant expression");
          r = std::floor(x / y);
          break;
        case BinOp::Mod:
          if (y == 0) return fail(bin, "division by zero in a constant expression");
          r = std::fmod(x, y);
          if (r != 0 && ((r < 0) != (y < 0))) r += y;
          break;
        case BinOp::Pow: r = std::pow(x, y); break;
        default: return fail(bin, "unsupported operator in a constant expression");
      }
      return make_float(r, t, weak);
    }
    int64_t x = as_int(*a), y = as_int(*b);
    int64_t r = 0;
    switch (bin.op) {
      case BinOp::Add: r = static_cast<int64_t>(static_cast<uint64_t>(x) + static_cast<uint64_t>(y)); break;
      case BinOp::Sub: r = static_cast<int64_t>(static_cast<uint64_t>(x) - static_cast<uint64_t>(y)); break;
      case BinOp::Mul: r = static_cast<int64_t>(static_cast<uint64_t>(x) * static_cast<uint64_t>(y)); break;
      case BinOp::FloorDiv:
      case BinOp::Mod: {
        if (y == 0) return fail(bin, "division by zero in a constant expression");
        int64_t q = x / y, m = x % y;
        if (m != 0 && ((m < 0) != (y < 0))) {
          --q;
          m += y;
        }
        r = bin.op == BinOp::FloorDiv ? q : m;
        break;
      }
      case BinOp::Pow: {
        if (y < 0) return make_float(std::pow(static_cast<double>(x), static_cast<double>(y)));
        uint64_t acc = 1, base = static_cast<uint64_t>(x);
        for (int64_t e = y; e > 0; e >>= 1) {
          if (e & 1) acc *= base;
          base *= base;
        }
        r = static_cast<int64_t>(acc);
        break;
      }
      case BinOp::LShift: r = y >= 64 ? 0 : static_cast<int64_t>(static_cast<uint64_t>(x) << y); break;
      case BinOp::RShift: r = y >= 64 ? (x < 0 ? -1 : 0) : (x >> y); break;
      case BinOp::BitAnd: r = x & y; break;
      case BinOp::BitOr: r = x | y; break;
      case BinOp::BitXor: r = x ^ y; break;
      default: return fail(bin, "unsupported operator in a constant expression");
    }
    return weak ? make_int(r) : wrap_int(r, t, false);
  }

  ModuleInfo& info_;
  Diagnostics& diags_;
};

}  // namespace

const ConstValue* constant_value(ModuleInfo& info, Symbol& symbol, Diagnostics& diags) {
  if (symbol.value) return &*symbol.value;
  if (symbol.kind != Symbol::Kind::Constant || symbol.evaluating) return nullptr;
  symbol.evaluating = true;
  auto v = Evaluator(info, diags).eval(*symbol.value_expr);
  symbol.evaluating = false;
  if (!v) return nullptr;
  symbol.value = std::move(v);
  return &*symbol.value;
}

std::optional<ConstValue> evaluate_constant(ModuleInfo& info, const ast::Expr& expr, Diagnostics& diags) {
  return Evaluator(info, diags).eval(expr);
}

}  // namespace py2cuda::sema
