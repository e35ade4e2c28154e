// Module constants, frozen the way Numba freezes globals at compile time:
// evaluated here with Python's (and NumPy's) semantics, then typed as
// numba.typeof would type the value.
#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>
#include <string>

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
  c.f = types::round_to_float(v, t);
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
    if (path.rfind("numpy.", 0) == 0 && kArrayConstructors.count(path.substr(6))) return numpy_array(c, path.substr(6));
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
    if (path.rfind("numpy.", 0) == 0) return fail(c, "'np." + path.substr(6) + "(...)' " + kArraysSupported);
    return fail(c, "this call is not a constant py2cuda can freeze");
  }

  // ---- module-level NumPy arrays, which Numba freezes as constant arrays ----

  static constexpr const char* kArraysSupported =
      "cannot be evaluated at translation time; module-level arrays read in kernels must be built from "
      "constants with np.array([...]), np.arange, np.zeros, np.ones, np.full or np.linspace (optionally "
      "with dtype=)";
  static inline const std::set<std::string> kArrayConstructors = {"array", "asarray", "arange", "zeros",
                                                                  "ones",  "full",    "linspace"};
  static constexpr int64_t kMaxElements = 1 << 16;  // 64 KiB of constant memory holds at most this many bytes

  // The dtype= argument: np.float32, numba.int16, "uint8", ...
  std::optional<TypeRef> dtype_arg(const ast::Expr& e) {
    std::string name;
    if (e.kind == ast::ExprKind::StrLit) {
      name = ast::as<ast::StrLit>(e).value;
    } else {
      std::string path = resolve_path(info_, e);
      for (const char* prefix : {"numpy.", "numba."}) {
        if (path.rfind(prefix, 0) == 0) name = path.substr(std::string(prefix).size());
      }
      if (path == "float") name = "float64";
      if (path == "int") name = "int64";
      if (path == "bool") name = "bool_";
    }
    TypeRef t = name.empty() ? nullptr : types::scalar_by_name(name);
    if (!t || !t->is_number()) {
      // Complex constant arrays would need complex literals in the evaluator: not yet.
      fail(e, "the dtype of a constant array must be a NumPy scalar type such as np.float32 or \"int16\"" +
                  std::string(t ? " (complex constant arrays are not supported yet; pass the array as a kernel "
                                  "argument)"
                                : ""));
      return std::nullopt;
    }
    return t;
  }

  // Nested lists/tuples of numbers: their shape (checked rectangular) and flat elements.
  bool nested(const ast::Expr& e, size_t depth, std::vector<int64_t>& shape, std::vector<ConstValue>& flat) {
    const std::vector<ast::ExprPtr>* elts = nullptr;
    if (e.kind == ast::ExprKind::List) elts = &ast::as<ast::ListExpr>(e).elts;
    if (e.kind == ast::ExprKind::Tuple) elts = &ast::as<ast::TupleExpr>(e).elts;
    if (!elts) {
      if (depth != shape.size() && !shape.empty()) {
        fail(e, "a constant array's nested lists must all have the same length (a rectangular array)");
        return false;
      }
      auto v = eval(e);
      if (!v) return false;
      if (!v->type->is_number()) {
        fail(e, "the elements of a constant array must be numbers");
        return false;
      }
      flat.push_back(*v);
      return true;
    }
    if (depth == shape.size()) {
      if (!flat.empty()) {
        fail(e, "a constant array's nested lists must all have the same length (a rectangular array)");
        return false;
      }
      shape.push_back(static_cast<int64_t>(elts->size()));
    } else if (depth > shape.size() || shape[depth] != static_cast<int64_t>(elts->size())) {
      fail(e, "a constant array's nested lists must all have the same length (a rectangular array)");
      return false;
    }
    for (const auto& x : *elts) {
      if (!nested(*x, depth + 1, shape, flat)) return false;
    }
    return true;
  }

  // A shape argument: an int or a tuple of ints.
  std::optional<std::vector<int64_t>> shape_arg(const ast::Expr& e) {
    auto v = eval(e);
    if (!v) return std::nullopt;
    std::vector<int64_t> shape;
    if (v->type->is_int()) shape.push_back(as_int(*v));
    if (v->type->is_tuple()) {
      for (const auto& x : v->elements) {
        if (!x.type->is_int()) break;
        shape.push_back(as_int(x));
      }
      if (shape.size() != v->elements.size()) shape.clear();
    }
    if (shape.empty()) {
      fail(e, "the shape of a constant array must be an integer or a tuple of integers");
      return std::nullopt;
    }
    return shape;
  }

  std::optional<ConstValue> numpy_array(const ast::Call& c, const std::string& fn) {
    const std::string shown = "np." + fn + "()";
    // Positional arguments, then keywords by name (dtype, fill_value, num, ...).
    std::map<std::string, const ast::Expr*> named;
    for (const auto& k : c.keywords) named[k.name] = k.value.get();
    auto arg = [&](size_t index, const char* name) -> const ast::Expr* {
      if (index < c.args.size()) return c.args[index].get();
      auto it = named.find(name);
      return it == named.end() ? nullptr : it->second;
    };
    static const std::map<std::string, std::vector<std::string>> kParams = {
        {"array", {"object", "dtype"}},          {"asarray", {"a", "dtype"}},
        {"arange", {"start", "stop", "step", "dtype"}}, {"zeros", {"shape", "dtype"}},
        {"ones", {"shape", "dtype"}},            {"full", {"shape", "fill_value", "dtype"}},
        {"linspace", {"start", "stop", "num", "endpoint", "retstep", "dtype"}}};
    const auto& params = kParams.at(fn);
    if (c.args.size() > params.size()) return fail(c, shown + " takes at most " + std::to_string(params.size()) + " arguments");
    for (const auto& k : c.keywords) {
      if (std::find(params.begin(), params.end(), k.name) == params.end() || k.name == "endpoint" ||
          k.name == "retstep") {
        return fail(*k.value, "the argument '" + k.name + "' of " + shown + " is not supported in a constant array");
      }
    }
    size_t dtype_index = std::find(params.begin(), params.end(), "dtype") - params.begin();
    std::optional<TypeRef> dtype;
    if (const ast::Expr* d = arg(dtype_index, "dtype")) {
      dtype = dtype_arg(*d);
      if (!dtype) return std::nullopt;
    }

    ConstValue out;
    std::vector<ConstValue> flat;
    // NumPy's default dtype for Python numbers: bool if all are bools, else int64 if all are
    // ints, else float64.
    auto natural = [](const std::vector<ConstValue>& values) {
      bool all_bool = true, all_int = true;
      for (const auto& v : values) {
        all_bool = all_bool && v.type->is_bool();
        all_int = all_int && !v.type->is_float();
      }
      if (values.empty()) return types::float64();
      if (all_bool) return types::boolean();
      if (all_int) {
        for (const auto& v : values) {
          if (!v.weak && v.type->is_int()) return v.type;  // np.int16(3) keeps its type (one kind)
        }
        return types::int64();
      }
      for (const auto& v : values) {
        if (!v.weak && v.type->is_float()) return v.type;
      }
      return types::float64();
    };

    if (fn == "array" || fn == "asarray") {
      const ast::Expr* object = arg(0, fn == "array" ? "object" : "a");
      if (!object) return fail(c, shown + " needs the list of values");
      if (object->kind != ast::ExprKind::List && object->kind != ast::ExprKind::Tuple) {
        return fail(*object, shown + " of a constant array needs a list (or nested lists) of numbers written out");
      }
      if (!nested(*object, 0, out.shape, flat)) return std::nullopt;
      if (flat.empty()) return fail(*object, "a constant array cannot be empty");
    } else if (fn == "zeros" || fn == "ones" || fn == "full") {
      const ast::Expr* s = arg(0, "shape");
      if (!s) return fail(c, shown + " needs a shape");
      auto shape = shape_arg(*s);
      if (!shape) return std::nullopt;
      out.shape = *shape;
      ConstValue fill = make_float(fn == "ones" ? 1.0 : 0.0);
      if (fn == "full") {
        const ast::Expr* f = arg(1, "fill_value");
        if (!f) return fail(c, shown + " needs a fill value");
        auto v = eval(*f);
        if (!v) return std::nullopt;
        if (!v->type->is_number()) return fail(*f, "the fill value of a constant array must be a number");
        fill = *v;
      }
      int64_t n = 1;
      for (int64_t d : out.shape) {
        if (d <= 0) return fail(*s, "a constant array's dimensions must be positive");
        n *= d;
        if (n > kMaxElements) break;
      }
      if (n > kMaxElements) return fail(c, shown + " is too large for constant memory (64 KiB)");
      flat.assign(static_cast<size_t>(n), fill);
    } else if (fn == "arange") {
      std::vector<ConstValue> bounds;
      for (size_t i = 0; i < 3; ++i) {
        if (const ast::Expr* b = arg(i, i == 0 ? "start" : i == 1 ? "stop" : "step")) {
          auto v = eval(*b);
          if (!v) return std::nullopt;
          if (!v->type->is_number()) return fail(*b, "the bounds of np.arange() must be numbers");
          bounds.push_back(*v);
        }
      }
      if (bounds.empty()) return fail(c, shown + " needs a stop value");
      TypeRef kind = natural(bounds);
      double start = bounds.size() > 1 ? as_double(bounds[0]) : 0.0;
      double stop = as_double(bounds.size() > 1 ? bounds[1] : bounds[0]);
      double step = bounds.size() > 2 ? as_double(bounds[2]) : 1.0;
      if (step == 0) return fail(c, "np.arange() step must not be zero");
      // NumPy: ceil((stop - start) / step) elements, start + i * step.
      double count = std::ceil((stop - start) / step);
      if (!(count >= 1)) return fail(c, "np.arange() gives an empty array here; a constant array cannot be empty");
      if (count > kMaxElements) return fail(c, shown + " is too large for constant memory (64 KiB)");
      for (int64_t i = 0; i < static_cast<int64_t>(count); ++i) {
        flat.push_back(kind->is_float() ? make_float(start + static_cast<double>(i) * step)
                                        : make_int(static_cast<int64_t>(start) + i * static_cast<int64_t>(step)));
      }
      out.shape = {static_cast<int64_t>(count)};
    } else {  // linspace
      const ast::Expr* a = arg(0, "start");
      const ast::Expr* b = arg(1, "stop");
      if (!a || !b) return fail(c, shown + " needs start and stop");
      auto lo = eval(*a), hi = eval(*b);
      if (!lo || !hi) return std::nullopt;
      int64_t num = 50;
      if (const ast::Expr* n = arg(2, "num")) {
        auto v = eval(*n);
        if (!v) return std::nullopt;
        if (!v->type->is_int() || as_int(*v) < 1) return fail(*n, "np.linspace() num must be a positive integer");
        num = as_int(*v);
      }
      if (num > kMaxElements) return fail(c, shown + " is too large for constant memory (64 KiB)");
      // NumPy: start + i * step with step = (stop - start) / (num - 1), the last element exactly stop.
      double start = as_double(*lo), stop = as_double(*hi);
      double step = num > 1 ? (stop - start) / static_cast<double>(num - 1) : 0.0;
      for (int64_t i = 0; i < num; ++i) flat.push_back(make_float(start + static_cast<double>(i) * step));
      if (num > 1) flat.back() = make_float(stop);
      out.shape = {num};
      if (!dtype) dtype = types::float64();
    }
    if (out.shape.size() > 3) return fail(c, "constant arrays of more than 3 dimensions are not supported");
    TypeRef t = dtype ? *dtype : natural(flat);
    if (static_cast<int64_t>(flat.size()) * (t->bits() ? t->bits() / 8 : 1) > 65536) {
      return fail(c, shown + " is too large for constant memory (64 KiB)");
    }
    for (auto& v : flat) v = convert(v, t);
    out.elements = std::move(flat);
    out.type = types::array(t, static_cast<int>(out.shape.size()), Layout::C, /*readonly=*/true);
    out.weak = false;
    return out;
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
