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
#include "sema/numpy_eval.h"
#include "types/numpy_rules.h"
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
      case ast::ExprKind::Subscript: {
        const std::string base = resolve_path(info_, *ast::as<ast::Subscript>(e).value);
        if (base == "sys.argv") {
          return fail(e, "sys.argv is known only when the program runs, so a value computed from it cannot be "
                         "frozen into a kernel at translation time; pass it as a kernel argument");
        }
        return fail(e, "this expression is not a constant py2cuda can freeze");
      }
      default: return fail(e, "this expression is not a constant py2cuda can freeze");
    }
  }

 private:
  std::optional<ConstValue> fail(const ast::Expr& e, std::string message) {
    diags_.error(e.span, std::move(message));
    return std::nullopt;
  }

  // len() of a constant array or tuple, or of a name bound to cuda.to_device() of a constant
  // array: the device array is no constant (kernels write it), but its length is known when
  // the program is translated (`nelem = len(a)` sizing a shared array, as numba-cuda's
  // reduction example does).
  std::optional<ConstValue> length(const ast::Expr& e) {
    const ast::Expr* array = &e;
    if (e.kind == ast::ExprKind::Name) {
      auto it = info_.globals.find(ast::as<ast::Name>(e).id);
      if (it != info_.globals.end() && it->second.kind == Symbol::Kind::Constant && it->second.value_expr &&
          it->second.value_expr->kind == ast::ExprKind::Call) {
        const auto& made = ast::as<ast::Call>(*it->second.value_expr);
        if (resolve_path(info_, *made.func) == "numba.cuda.to_device" && !made.args.empty()) array = made.args[0].get();
      }
    }
    auto v = eval(*array);
    if (!v) return std::nullopt;
    if (v->type->is_tuple()) return make_int(static_cast<int64_t>(v->elements.size()));
    if (v->type->is_array() && !v->shape.empty()) return make_int(v->shape[0]);
    return fail(e, "len() of " + v->type->str() + " is not defined");
  }

  std::optional<ConstValue> named(const ast::Expr& e) {
    if (e.kind == ast::ExprKind::Attribute && resolve_path(info_, e).empty()) return value_attribute(ast::as<ast::Attribute>(e));
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
    if (path.empty() && c.func->kind == ast::ExprKind::Attribute) return method(c, ast::as<ast::Attribute>(*c.func));
    if (path.rfind("numpy.", 0) == 0) {
      std::string fn = path.substr(6);
      if (fn == "abs") fn = "absolute";
      if (kArrayConstructors.count(fn)) return numpy_array(c, fn);
      if (fn == "eye" || fn == "identity") return numpy_eye(c, fn);
      if (fn == "empty" || fn == "empty_like") {
        return fail(c, "np." + fn + "() leaves the array's contents undefined, so it cannot be frozen into a kernel; "
                       "use np.zeros() or np.full()");
      }
      if (fn.rfind("random.", 0) == 0) {
        return fail(c, "np." + fn + "() draws random numbers when the program runs, so its value cannot be frozen "
                       "into a kernel at translation time; pass the array as a kernel argument");
      }
      if (numpy_eval::is_unary_ufunc(fn)) {
        if (c.args.size() != 1 || !c.keywords.empty()) return fail(c, "np." + fn + "() in a constant takes one argument");
        auto a = eval(*c.args[0]);
        if (!a) return std::nullopt;
        if (!a->type->is_number() && !a->type->is_array()) return fail(*c.args[0], "np." + fn + "() needs a number or an array here");
        return checked(c, numpy_eval::ufunc(fn, *a));
      }
      if (fn == "transpose" || fn == "reshape" || fn == "copy" || fn == "ascontiguousarray") {
        if (c.args.empty()) return fail(c, "np." + fn + "() needs an array");
        auto a = eval(*c.args[0]);
        if (!a) return std::nullopt;
        if (fn == "reshape") {
          if (c.args.size() != 2 || !c.keywords.empty()) return fail(c, "np.reshape() in a constant takes an array and a shape");
          auto shape = shape_arg(*c.args[1], true);
          if (!shape) return std::nullopt;
          return checked(c, numpy_eval::reshape(*a, *shape));
        }
        if (c.args.size() != 1 || !c.keywords.empty()) return fail(c, "np." + fn + "() in a constant takes one argument");
        return fn == "transpose" ? checked(c, numpy_eval::transpose(*a)) : a;
      }
    }
    if (path == "len" && c.args.size() == 1 && c.keywords.empty()) return length(*c.args[0]);
    if (const char* why = run_time_only(path)) {
      return fail(c, std::string(why) + " when the program runs, so its value cannot be frozen into a kernel at "
                                        "translation time; pass it as a kernel argument");
    }
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
    if (path == "math.exp") return make_float(std::exp(as_double(*arg)));
    if (path == "math.log") return make_float(std::log(as_double(*arg)));
    if (path == "math.sin") return make_float(std::sin(as_double(*arg)));
    if (path == "math.cos") return make_float(std::cos(as_double(*arg)));
    if (path == "math.tan") return make_float(std::tan(as_double(*arg)));
    for (const char* prefix : {"numpy.", "numba."}) {
      std::string p(prefix);
      if (path.rfind(p, 0) == 0) {
        if (TypeRef t = types::scalar_by_name(path.substr(p.size()))) return convert(*arg, t);
      }
    }
    if (path.rfind("numpy.", 0) == 0) return fail(c, "'np." + path.substr(6) + "(...)' " + kArraysSupported);
    return fail(c, "this call is not a constant py2cuda can freeze");
  }

  // What a call whose value only the running program knows does, or nullptr.
  static const char* run_time_only(const std::string& path) {
    static const std::map<std::string, const char*> kReasons = {
        {"open", "open() reads a file"},          {"input", "input() reads the terminal"},
        {"numpy.load", "np.load() reads a file"}, {"numpy.loadtxt", "np.loadtxt() reads a file"},
        {"numpy.genfromtxt", "np.genfromtxt() reads a file"}, {"numpy.fromfile", "np.fromfile() reads a file"},
        {"time.time", "time.time() reads the clock"}, {"time.perf_counter", "time.perf_counter() reads the clock"},
        {"os.getenv", "os.getenv() reads the environment"}};
    auto it = kReasons.find(path);
    if (it != kReasons.end()) return it->second;
    if (path.rfind("random.", 0) == 0) return "the random module draws numbers";
    return nullptr;
  }

  // ---- module-level NumPy arrays, which Numba freezes as constant arrays ----

  static constexpr const char* kArraysSupported =
      "cannot be evaluated at translation time; module-level arrays read in kernels must be computed from "
      "constants: np.array([...]), np.arange, np.linspace, np.zeros, np.ones, np.full, np.eye, arithmetic, "
      "np.sqrt/np.exp/np.sin/..., .astype(), .reshape() and .T";
  static inline const std::set<std::string> kArrayConstructors = {"array", "asarray", "arange", "zeros",
                                                                  "ones",  "full",    "linspace"};
  // Evaluation stops well before memory does; what is frozen must also fit in constant
  // memory (checked where a kernel reads it).
  static constexpr int64_t kMaxElements = 1 << 20;

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

  // A shape argument: an int or a tuple of ints (reshape's may hold one -1).
  std::optional<std::vector<int64_t>> shape_arg(const ast::Expr& e, bool reshape = false) {
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
    if (shape.empty() && !(reshape && v->type->is_tuple() && v->elements.empty())) {
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
      if (std::find(params.begin(), params.end(), k.name) == params.end() || k.name == "retstep") {
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
    // NumPy 1.26's dtype for a list of numbers: the promotion of their types, a Python int
    // counting as int64 and a float as float64 (np.array([np.float32(1), 2.0]) is float64).
    auto natural = [](const std::vector<ConstValue>& values) {
      if (values.empty()) return types::float64();
      TypeRef t = values.front().type;
      for (const auto& v : values) t = numpy_rules::promote_types(t, v.type);
      return t;
    };
    // np.arange converts its bounds to Python numbers first: int64, or float64 if any is a float.
    auto arange_dtype = [](const std::vector<ConstValue>& bounds) {
      for (const auto& v : bounds) {
        if (v.type->is_float()) return types::float64();
      }
      return types::int64();
    };

    if (fn == "array" || fn == "asarray") {
      const ast::Expr* object = arg(0, fn == "array" ? "object" : "a");
      if (!object) return fail(c, shown + " needs the list of values");
      if (object->kind != ast::ExprKind::List && object->kind != ast::ExprKind::Tuple) {
        // np.array(A) of another constant array: a copy (converted by dtype=).
        auto a = eval(*object);
        if (!a) return std::nullopt;
        if (!a->type->is_array()) {
          return fail(*object, shown + " of a constant array needs a list (or nested lists) of numbers written out");
        }
        if (!dtype) return a;
        return checked(c, numpy_eval::astype(*a, *dtype));
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
        // NumPy: np.full's dtype is the fill value's (a Python int: int64, a float: float64).
        if (!dtype) dtype = fill.type;
      }
      int64_t n = 1;
      for (int64_t d : out.shape) {
        if (d < 0) return fail(*s, "negative dimensions are not allowed");
        n *= d;
        if (n > kMaxElements) break;
      }
      if (n > kMaxElements) return fail(c, shown + " is too large to evaluate at translation time");
      if (n == 0) return fail(c, "a constant array cannot be empty");
      flat.assign(static_cast<size_t>(n), fill);
      if (!dtype) dtype = types::float64();
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
      TypeRef kind = arange_dtype(bounds);
      ConstValue start = bounds.size() > 1 ? bounds[0] : make_int(0);
      ConstValue stop = bounds.size() > 1 ? bounds[1] : bounds[0];
      ConstValue step = bounds.size() > 2 ? bounds[2] : make_int(1);
      double count = std::ceil((as_double(stop) - as_double(start)) / as_double(step));
      if (count > kMaxElements) return fail(c, shown + " is too large to evaluate at translation time");
      auto r = checked(c, numpy_eval::arange(dtype ? *dtype : kind, start, stop, step));
      if (r && r->shape[0] == 0) return fail(c, "np.arange() gives an empty array here; a constant array cannot be empty");
      return r;
    } else {  // linspace
      const ast::Expr* a = arg(0, "start");
      const ast::Expr* b = arg(1, "stop");
      if (!a || !b) return fail(c, shown + " needs start and stop");
      auto lo = eval(*a), hi = eval(*b);
      if (!lo || !hi) return std::nullopt;
      if (!lo->type->is_number() || !hi->type->is_number()) return fail(c, "the bounds of np.linspace() must be numbers");
      int64_t num = 50;
      if (const ast::Expr* n = arg(2, "num")) {
        auto v = eval(*n);
        if (!v) return std::nullopt;
        if (!v->type->is_int() || as_int(*v) < 1) return fail(*n, "np.linspace() num must be a positive integer");
        num = as_int(*v);
      }
      bool endpoint = true;
      if (const ast::Expr* e = arg(3, "endpoint")) {
        auto v = eval(*e);
        if (!v) return std::nullopt;
        if (!v->type->is_bool()) return fail(*e, "np.linspace() endpoint must be True or False");
        endpoint = v->b;
      }
      if (num > kMaxElements) return fail(c, shown + " is too large to evaluate at translation time");
      return checked(c, numpy_eval::linspace(dtype ? *dtype : types::float64(), *lo, *hi, num, endpoint));
    }
    if (out.shape.size() > 3) return fail(c, "constant arrays of more than 3 dimensions are not supported");
    TypeRef t = dtype ? *dtype : natural(flat);
    if (!numpy_eval::computable(t)) {
      return fail(c, "constant arrays of " + t->str() + " are not supported; pass the array as a kernel argument");
    }
    return numpy_eval::make_array(t, out.shape, flat);
  }

  // A NumPy result, or its error at `where`.
  std::optional<ConstValue> checked(const ast::Expr& where, numpy_eval::Result r) {
    if (!r.value) return fail(where, r.error);
    return std::move(r.value);
  }

  // np.eye(N, M=None, k=0, dtype=float) and np.identity(n, dtype=float).
  std::optional<ConstValue> numpy_eye(const ast::Call& c, const std::string& fn) {
    const std::vector<std::string> params =
        fn == "eye" ? std::vector<std::string>{"N", "M", "k", "dtype"} : std::vector<std::string>{"n", "dtype"};
    std::vector<const ast::Expr*> given(params.size(), nullptr);
    if (c.args.size() > params.size()) return fail(c, "np." + fn + "() takes at most " + std::to_string(params.size()) + " arguments");
    for (size_t i = 0; i < c.args.size(); ++i) given[i] = c.args[i].get();
    for (const auto& k : c.keywords) {
      auto at = std::find(params.begin(), params.end(), k.name);
      if (at == params.end()) return fail(*k.value, "the argument '" + k.name + "' of np." + fn + "() is not supported in a constant array");
      given[static_cast<size_t>(at - params.begin())] = k.value.get();
    }
    if (!given[0]) return fail(c, "np." + fn + "() needs the number of rows");
    TypeRef dtype = types::float64();
    if (given.back()) {
      auto d = dtype_arg(*given.back());
      if (!d) return std::nullopt;
      dtype = *d;
    }
    int64_t dims[3] = {0, -1, 0};
    for (size_t i = 0; i + 1 < params.size(); ++i) {
      if (!given[i]) continue;
      auto v = eval(*given[i]);
      if (!v) return std::nullopt;
      if (v->type->is_none() && i == 1) continue;
      if (!v->type->is_int()) return fail(*given[i], "np." + fn + "() needs integers here");
      dims[i] = as_int(*v);
    }
    if (dims[0] * std::max<int64_t>(dims[1] < 0 ? dims[0] : dims[1], 1) > kMaxElements) {
      return fail(c, "np." + fn + "() is too large to evaluate at translation time");
    }
    return checked(c, numpy_eval::eye(dtype, dims[0], dims[1], dims[2]));
  }

  // A.T, A.shape, A.size, A.ndim, A.dtype.itemsize of a constant array.
  std::optional<ConstValue> value_attribute(const ast::Attribute& a) {
    if (a.value->kind == ast::ExprKind::Call) {
      const auto& c = ast::as<ast::Call>(*a.value);
      const std::string fn = resolve_path(info_, *c.func);
      if ((fn == "numpy.finfo" || fn == "numpy.iinfo") && c.args.size() == 1 && c.keywords.empty()) {
        return type_limit(a, fn == "numpy.finfo", *c.args[0]);
      }
    }
    auto v = eval(*a.value);
    if (!v) return std::nullopt;
    if (!v->type->is_array()) return fail(a, "'." + a.attr + "' of this constant is not supported");
    if (a.attr == "T") return checked(a, numpy_eval::transpose(*v));
    if (a.attr == "ndim") return make_int(static_cast<int64_t>(v->shape.size()));
    if (a.attr == "size") {
      int64_t n = 1;
      for (int64_t d : v->shape) n *= d;
      return make_int(n);
    }
    if (a.attr == "shape") {
      ConstValue t;
      std::vector<TypeRef> elem_types;
      for (int64_t d : v->shape) {
        t.elements.push_back(make_int(d));
        elem_types.push_back(types::int64());
      }
      t.type = types::tuple(elem_types);
      return t;
    }
    return fail(a, "'." + a.attr + "' of a constant array is not supported in a constant expression");
  }

  // np.finfo(T).eps/max/min/tiny/smallest_normal/resolution (a NumPy scalar of T, as NumPy
  // gives it) and np.iinfo(T).max/min (a Python int), and .bits of either.
  std::optional<ConstValue> type_limit(const ast::Attribute& a, bool floating, const ast::Expr& type_expr) {
    std::optional<TypeRef> t = dtype_arg(type_expr);
    if (!t) return std::nullopt;
    const std::string& what = a.attr;
    if (what == "bits") return make_int(static_cast<int64_t>((*t)->bits()));
    if (floating) {
      // NumPy's values: numeric_limits' epsilon, max, lowest and min; resolution 10**-precision.
      double eps, max, tiny, resolution;
      if (*t == types::float32()) {
        using L = std::numeric_limits<float>;
        eps = L::epsilon(), max = L::max(), tiny = L::min(), resolution = static_cast<double>(1e-06f);
      } else if (*t == types::float64()) {
        using L = std::numeric_limits<double>;
        eps = L::epsilon(), max = L::max(), tiny = L::min(), resolution = 1e-15;
      } else {
        return fail(a, "np.finfo() of " + (*t)->str() + " is not a constant py2cuda can freeze (of float32 and "
                       "float64 it is)");
      }
      if (what == "eps") return make_float(eps, *t, false);
      if (what == "max") return make_float(max, *t, false);
      if (what == "min") return make_float(-max, *t, false);
      if (what == "tiny" || what == "smallest_normal") return make_float(tiny, *t, false);
      if (what == "resolution") return make_float(resolution, *t, false);
      return fail(a, "np.finfo()." + what + " is not a constant py2cuda can freeze (eps, max, min, tiny, "
                     "smallest_normal, resolution and bits are)");
    }
    if (!(*t)->is_int()) return fail(a, "np.iinfo() needs an integer type, not " + (*t)->str());
    const int bits = (*t)->bits();
    const bool is_signed = (*t)->is_signed();
    if (!is_signed && bits == 64 && what == "max") {
      return fail(a, "np.iinfo(np.uint64).max does not fit the int64 py2cuda keeps a Python int in");
    }
    const uint64_t magnitude = is_signed ? (uint64_t{1} << (bits - 1)) - 1 : (uint64_t{1} << (bits % 64)) - 1;
    if (what == "max") return make_int(static_cast<int64_t>(magnitude));
    if (what == "min") return make_int(is_signed ? -static_cast<int64_t>(magnitude) - 1 : 0);
    return fail(a, "np.iinfo()." + what + " is not a constant py2cuda can freeze (max, min and bits are)");
  }

  // A.astype(dtype), A.reshape(shape), A.copy(), A.flatten(), A.ravel(), A.transpose().
  std::optional<ConstValue> method(const ast::Call& c, const ast::Attribute& m) {
    auto v = eval(*m.value);
    if (!v) return std::nullopt;
    const std::string shown = "." + m.attr + "()";
    if (!v->type->is_array() && !(m.attr == "astype" && v->type->is_number() && !v->weak)) {
      return fail(c, "this call is not a constant py2cuda can freeze");
    }
    if (m.attr == "astype") {
      if (c.args.size() != 1 || !c.keywords.empty()) return fail(c, ".astype() in a constant takes just the dtype");
      auto d = dtype_arg(*c.args[0]);
      if (!d) return std::nullopt;
      return checked(c, numpy_eval::astype(*v, *d));
    }
    if (!c.keywords.empty()) return fail(c, "keyword arguments of " + shown + " are not supported in a constant");
    if (m.attr == "reshape") {
      if (c.args.empty()) return fail(c, ".reshape() needs a shape");
      std::vector<int64_t> shape;
      if (c.args.size() == 1) {
        auto s = shape_arg(*c.args[0], true);
        if (!s) return std::nullopt;
        shape = *s;
      } else {
        for (const auto& x : c.args) {
          auto s = shape_arg(*x, true);
          if (!s) return std::nullopt;
          if (s->size() != 1) return fail(*x, "a shape's extents must be integers");
          shape.push_back(s->front());
        }
      }
      return checked(c, numpy_eval::reshape(*v, shape));
    }
    if (!c.args.empty()) return fail(c, shown + " takes no arguments in a constant");
    if (m.attr == "copy") return v;
    if (m.attr == "flatten" || m.attr == "ravel") {
      int64_t n = 1;
      for (int64_t d : v->shape) n *= d;
      return checked(c, numpy_eval::reshape(*v, {n}));
    }
    if (m.attr == "transpose") return checked(c, numpy_eval::transpose(*v));
    return fail(c, "the method " + shown + " is not supported in a constant expression");
  }

  std::optional<ConstValue> unary(const ast::Unary& u) {
    auto v = eval(*u.operand);
    if (!v) return std::nullopt;
    if (v->type->is_array()) return checked(u, numpy_eval::unary(u.op, *v));
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

  // The type of `a op b` between Python numbers (NumPy values go to numpy_eval).
  TypeRef result_type(const ConstValue& a, const ConstValue& b, BinOp op) {
    if (a.type->is_float() || b.type->is_float() || op == BinOp::TrueDiv) return types::float64();
    return types::int64();
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
    // Arrays, and NumPy scalars (np.float32(2.5) * 2), compute as NumPy 1.26 does.
    const bool numpy = a->type->is_array() || b->type->is_array() || !a->weak || !b->weak;
    if (numpy && (a->type->is_number() || a->type->is_array()) && (b->type->is_number() || b->type->is_array())) {
      return checked(bin, numpy_eval::binary(bin.op, *a, *b));
    }
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

namespace {

// Literals and arithmetic of literals only: CPython folds them into one constant
// (`2 * 16`, `-1`) before Numba reads the bytecode.
bool folded_by_cpython(const ast::Expr& e) {
  switch (e.kind) {
    case ast::ExprKind::IntLit: return true;
    case ast::ExprKind::Unary: return folded_by_cpython(*ast::as<ast::Unary>(e).operand);
    case ast::ExprKind::Binary: {
      const auto& b = ast::as<ast::Binary>(e);
      return folded_by_cpython(*b.left) && folded_by_cpython(*b.right);
    }
    default: return false;
  }
}

// A module constant holding a Python int (not a bool or a NumPy integer), or a tuple of them:
// what Numba types as Literal[int] when a function reads the global.
bool python_int_value(const ConstValue& v, bool tuple_allowed) {
  if (tuple_allowed && v.type->is_tuple()) {
    return std::all_of(v.elements.begin(), v.elements.end(), [](const ConstValue& x) { return python_int_value(x, false); });
  }
  return v.type->is_int() && v.weak;
}

const ConstValue* global_value(ModuleInfo& info, const ast::Expr& e) {
  if (e.kind != ast::ExprKind::Name) return nullptr;
  auto it = info.globals.find(ast::as<ast::Name>(e).id);
  if (it == info.globals.end() || it->second.kind != Symbol::Kind::Constant) return nullptr;
  Diagnostics ignored(*info.file);
  return constant_value(info, it->second, ignored);
}

bool literal_int(ModuleInfo& info, const ast::Expr& e) {
  if (folded_by_cpython(e)) return true;
  if (const ConstValue* v = global_value(info, e)) return python_int_value(*v, false);
  return false;
}

}  // namespace

const ast::Expr* numba_rejected_shape(ModuleInfo& info, const ast::Expr& shape) {
  if (shape.kind == ast::ExprKind::Tuple) {
    for (const auto& x : ast::as<ast::TupleExpr>(shape).elts) {
      if (!literal_int(info, *x)) return x.get();
    }
    return nullptr;
  }
  if (const ConstValue* v = global_value(info, shape)) return python_int_value(*v, true) ? nullptr : &shape;
  return literal_int(info, shape) ? nullptr : &shape;
}

}  // namespace py2cuda::sema
