// FunctionBuilder, host code: NumPy's sorting, searching, cumulative, statistics and
// rearranging functions (host-table rules Sort ... Repeat; runtime host/sorting.h,
// searching.h, cumulative.h, statistics.h, rearranging.h, linalg.h). Axes, sides and
// bin counts are read at translation time where NumPy's result type depends on them;
// what is not covered (sorter=, return_counts=, ord=...) is a located warning.
#include <cstdint>
#include <limits>
#include <optional>

#include "builtins/host_table.h"
#include "infer/builtin_typing.h"
#include "infer/function_builder.h"
#include "infer/host_arguments.h"
#include "infer/host_nodes.h"
#include "infer/ir_literals.h"
#include "types/numpy_rules.h"

namespace py2cuda::infer {

namespace {

using builtins::HostRule;

bool absent(const ast::Expr* e) { return !e || e->kind == ast::ExprKind::NoneLit; }

std::string python_name(std::string_view path) {
  std::string p(path);
  if (p.rfind("numpy.", 0) == 0) return "np." + p.substr(6);
  if (p.rfind("ndarray.", 0) == 0) return p.substr(8);
  return p;
}

std::optional<int64_t> constant_int(const ir::Expr& e) {
  if (e.kind != ir::ExprKind::Const || !e.type->is_int()) return std::nullopt;
  const auto& c = static_cast<const ir::Const&>(e);
  return c.type->is_signed() ? static_cast<int64_t>(c.bits) : static_cast<int64_t>(c.bits);
}

}  // namespace

ir::ExprPtr FunctionBuilder::host_array_function(const ast::Call& c, const builtins::HostBuiltin& row, ir::ExprPtr self) {
  const std::string what = python_name(row.path);
  const std::string rt(row.runtime);
  const bool method = self != nullptr;
  std::vector<const ast::Expr*> a;
  // The parameters after the array (a method's array is `self`).
  auto bind = [&](std::vector<std::string> names) {
    if (!method) names.insert(names.begin(), "a");
    if (!bind_host_arguments(c, what, names, a, D())) return false;
    if (method) a.insert(a.begin(), nullptr);
    return true;
  };
  auto host_array = [&](ir::ExprPtr v, Span at) -> ir::ExprPtr {
    v = listed_array(std::move(v), at);
    if (!v) return nullptr;
    if (!v->type->is_array() || v->type->is_device_array()) {
      return fail(at, what + "() needs a host array here, not " + v->type->str());
    }
    return v;
  };
  auto array = [&]() -> ir::ExprPtr {
    if (method) return std::move(self);
    if (!a[0]) return fail(c.span, what + "() missing required argument 'a'");
    return host_array(expr(*a[0]), a[0]->span);
  };
  // A constant axis of an nd-dimensional array, normalised; nullopt for None.
  bool axis_ok = true;
  auto axis_at = [&](size_t k, int nd, std::optional<int> fallback) -> std::optional<int> {
    if (!a[k]) return fallback;
    if (a[k]->kind == ast::ExprKind::NoneLit) return std::nullopt;  // axis=None: the flattened array
    auto v = expr(*a[k]);
    std::optional<int64_t> ax = v ? constant_int(*v) : std::nullopt;
    if (!ax) {
      axis_ok = false;
      if (v) fail(a[k]->span, what + "(axis=...) needs a constant integer axis in py2cuda");
      return std::nullopt;
    }
    if (*ax < -nd || *ax >= nd) {
      axis_ok = false;
      fail(a[k]->span, "axis " + std::to_string(*ax) + " is out of bounds for array of dimension " + std::to_string(nd) +
                           " (numpy.exceptions.AxisError)");
      return std::nullopt;
    }
    return static_cast<int>(*ax < 0 ? *ax + nd : *ax);
  };
  auto int_arg = [&](size_t k, const std::string& name) -> ir::ExprPtr {
    auto v = expr(*a[k]);
    if (!v) return nullptr;
    if (!v->type->is_int()) return fail(a[k]->span, what + "(" + name + "=...) needs an integer here, not " + v->type->str());
    return convert(std::move(v), types::int64());
  };
  auto refuse = [&](size_t k, const std::string& name) {
    if (absent(a[k])) return false;
    fail(a[k]->span, what + "(" + name + "=...) is not supported by py2cuda");
    return true;
  };
  auto args_of = [](ir::ExprPtr x) {
    std::vector<ir::ExprPtr> v;
    v.push_back(std::move(x));
    return v;
  };
  // keepdims= as a constant (the rank depends on it); nullopt after an error.
  auto keepdims_at = [&](size_t k) -> std::optional<bool> {
    if (absent(a[k])) return false;
    auto v = expr(*a[k]);
    if (!v) return std::nullopt;
    if (v->kind == ir::ExprKind::Const && v->type->is_bool()) return static_cast<const ir::Const&>(*v).b;
    if (auto n = constant_int(*v)) return *n != 0;
    fail(a[k]->span, what + "(keepdims=...) needs a constant True or False in py2cuda");
    return std::nullopt;
  };
  // A reduction's result with keepdims=True: the reduced axes (all of them without an axis) kept with extent 1.
  auto kept = [&](ir::ExprPtr reduced, bool keep, int nd, std::optional<int> axis) -> ir::ExprPtr {
    if (!keep || !reduced) return reduced;
    const TypeRef dt = reduced->type->is_array() ? reduced->type->dtype() : reduced->type;
    if (axis && nd > 1) {
      return call_node(types::array(dt, nd, Layout::A), "py2cuda::np::expand_dims({0}, " + std::to_string(*axis) + ")",
                       c.span, args_of(std::move(reduced)));
    }
    return call_node(types::array(dt, nd, Layout::C), "py2cuda::np::keep_dims<" + std::to_string(nd) + ">({0})", c.span,
                     args_of(std::move(reduced)));
  };

  switch (row.rule) {
    case HostRule::Sort:
    case HostRule::SortInPlace:
    case HostRule::ArgSort: {
      if (!bind({"axis", "kind", "order"})) return nullptr;
      auto arr = array();
      if (!arr || refuse(3, "order")) return nullptr;
      if (!absent(a[2]) && a[2]->kind != ast::ExprKind::StrLit) return fail(a[2]->span, what + "(kind=...) needs a string");
      const int nd = arr->type->ndim();
      const std::optional<int> axis = axis_at(1, nd, nd - 1);
      if (!axis_ok) return nullptr;
      const TypeRef dt = row.rule == HostRule::ArgSort ? types::int64() : arr->type->dtype();
      if (row.rule == HostRule::SortInPlace) {
        if (!axis) return fail(a[1]->span, "a.sort(axis=None) is not supported (NumPy sorts in place along an axis)");
        if (arr->type->is_readonly()) return fail(c.span, readonly_array_message(arr->type));
        auto n = call_node(types::none(), rt + "({0}, " + std::to_string(*axis) + ")", c.span, args_of(std::move(arr)));
        static_cast<ir::BuiltinCall&>(*n).has_effects = true;
        return n;
      }
      if (!axis) return call_node(types::array(dt, 1, Layout::C), rt + "_flat({0})", c.span, args_of(std::move(arr)));
      return call_node(types::array(dt, nd, Layout::C), rt + "({0}, " + std::to_string(*axis) + ")", c.span,
                       args_of(std::move(arr)));
    }
    case HostRule::Cumulative: {
      if (!bind({"axis", "dtype", "out"})) return nullptr;
      auto arr = array();
      if (!arr || refuse(3, "out")) return nullptr;
      const int nd = arr->type->ndim();
      const std::optional<int> axis = axis_at(1, nd, std::nullopt);
      if (!axis_ok) return nullptr;
      TypeRef dt = absent(a[2]) ? numpy_rules::sum_dtype(arr->type->dtype()) : host_dtype(*a[2]);
      if (!dt) return nullptr;
      if (!axis)
        return call_node(types::array(dt, 1, Layout::C), rt + "<{t0}>({0})", c.span, args_of(std::move(arr)), {dt});
      return call_node(types::array(dt, nd, Layout::C), rt + "<{t0}>({0}, " + std::to_string(*axis) + ")", c.span,
                       args_of(std::move(arr)), {dt});
    }
    case HostRule::Unique: {
      if (!bind({"return_index", "return_inverse", "return_counts", "axis", "equal_nan"})) return nullptr;
      auto arr = array();
      if (!arr) return nullptr;
      // return_index/return_inverse/return_counts=True (written as constants): a tuple of the
      // values and what was asked for, in that order.
      const char* names[] = {"", "return_index", "return_inverse", "return_counts", "axis", "equal_nan"};
      bool wanted[4] = {false, false, false, false};
      for (size_t k = 1; k <= 3; ++k) {
        if (absent(a[k])) continue;
        if (a[k]->kind != ast::ExprKind::BoolLit) return fail(a[k]->span, what + "(" + names[k] + "=...) needs True or False written out");
        wanted[k] = ast::as<ast::BoolLit>(*a[k]).value;
      }
      if (refuse(4, names[4]) || refuse(5, names[5])) return nullptr;
      const bool counts = wanted[3];
      const TypeRef t = types::array(arr->type->dtype(), 1, Layout::C);
      if (wanted[1] || wanted[2]) {
        std::vector<TypeRef> parts = {t};
        for (size_t k = 1; k <= 3; ++k) {
          if (wanted[k]) parts.push_back(types::array(types::int64(), 1, Layout::C));
        }
        const std::string flags = std::string(wanted[1] ? "true" : "false") + ", " + (wanted[2] ? "true" : "false") + ", " +
                                  (wanted[3] ? "true" : "false");
        return call_node(types::tuple(parts), rt + "_with<" + flags + ">({0})", c.span, args_of(std::move(arr)));
      }
      if (counts) {
        const TypeRef pair = types::tuple({t, types::array(types::int64(), 1, Layout::C)});
        return call_node(pair, rt + "_counts({0})", c.span, args_of(std::move(arr)));
      }
      return call_node(t, rt + "({0})", c.span, args_of(std::move(arr)));
    }
    case HostRule::Diff: {
      if (!bind({"n", "axis"})) return nullptr;
      auto arr = array();
      if (!arr) return nullptr;
      const int nd = arr->type->ndim();
      const std::optional<int> axis = axis_at(2, nd, nd - 1);
      if (!axis_ok) return nullptr;
      if (!axis) return fail(a[2]->span, what + "(axis=None) is not supported (NumPy needs an axis)");
      std::vector<ir::ExprPtr> args = args_of(std::move(arr));
      std::string n = "1";
      if (!absent(a[1])) {
        auto v = int_arg(1, "n");
        if (!v) return nullptr;
        args.push_back(std::move(v));
        n = "{1}";
      }
      TypeRef t = types::array(args[0]->type->dtype(), nd, Layout::C);
      return call_node(t, rt + "({0}, " + n + ", " + std::to_string(*axis) + ")", c.span, std::move(args));
    }
    case HostRule::Nonzero: {
      if (!bind({})) return nullptr;
      auto arr = array();
      if (!arr) return nullptr;
      const int nd = arr->type->ndim();
      const TypeRef index = types::array(types::int64(), 1, Layout::C);
      TypeRef t = row.path == "numpy.flatnonzero"  ? index
                  : row.path == "numpy.argwhere"   ? types::array(types::int64(), 2, Layout::C)
                                                   : types::tuple(std::vector<TypeRef>(static_cast<size_t>(nd), index));
      return call_node(t, rt + "({0})", c.span, args_of(std::move(arr)));
    }
    case HostRule::Outer: {
      if (!bind_host_arguments(c, what, {"a", "b", "out"}, a, D())) return nullptr;
      if (!a[0] || !a[1]) return fail(c.span, what + "() needs two arrays");
      if (refuse(2, "out")) return nullptr;
      auto x = host_array(expr(*a[0]), a[0]->span);
      if (!x) return nullptr;
      auto y = host_array(expr(*a[1]), a[1]->span);
      if (!y) return nullptr;
      const TypeRef dt = numpy_rules::promote_types(x->type->dtype(), y->type->dtype());
      std::vector<ir::ExprPtr> args = args_of(std::move(x));
      args.push_back(std::move(y));
      return call_node(types::array(dt, 2, Layout::C), rt + "<{t0}>({0}, {1})", c.span, std::move(args), {dt});
    }
    case HostRule::Median: {
      if (!bind({"axis", "out", "overwrite_input", "keepdims"})) return nullptr;
      auto arr = array();
      if (!arr || refuse(2, "out") || refuse(4, "keepdims")) return nullptr;
      const int nd = arr->type->ndim();
      const std::optional<int> axis = axis_at(1, nd, std::nullopt);
      if (!axis_ok) return nullptr;
      const TypeRef dt = numpy_rules::mean_dtype(arr->type->dtype());
      if (!axis || nd == 1) return call_node(dt, rt + "<{t0}>({0})", c.span, args_of(std::move(arr)), {dt});
      return call_node(types::array(dt, nd - 1, Layout::C), rt + "<{t0}>({0}, " + std::to_string(*axis) + ")", c.span,
                       args_of(std::move(arr)), {dt});
    }
    case HostRule::Quantile: {
      if (!bind({"q", "axis", "out", "overwrite_input", "method", "keepdims"})) return nullptr;
      auto arr = array();
      if (!arr || refuse(3, "out") || refuse(6, "keepdims")) return nullptr;
      if (!absent(a[5]) && !(a[5]->kind == ast::ExprKind::StrLit && ast::as<ast::StrLit>(*a[5]).value == "linear")) {
        return fail(a[5]->span, what + "(method=...) other than 'linear' is not supported by py2cuda");
      }
      if (!a[1]) return fail(c.span, what + "() missing required argument 'q'");
      const int nd = arr->type->ndim();
      const std::optional<int> axis = axis_at(2, nd, std::nullopt);
      if (!axis_ok) return nullptr;
      ir::ExprPtr q;
      if (a[1]->kind == ast::ExprKind::List || a[1]->kind == ast::ExprKind::Tuple) {
        const auto& elts = a[1]->kind == ast::ExprKind::List ? ast::as<ast::ListExpr>(*a[1]).elts : ast::as<ast::TupleExpr>(*a[1]).elts;
        auto list = std::make_unique<ir::BuiltinCall>(types::array(types::float64(), 1, Layout::C), "", a[1]->span);
        std::string elements;
        for (size_t i = 0; i < elts.size(); ++i) {
          auto v = expr(*elts[i]);
          if (!v) return nullptr;
          if (!v->type->is_number()) return fail(elts[i]->span, what + "() needs numbers for q");
          elements += (i ? ", {" : "{") + std::to_string(i) + "}";
          list->args.push_back(convert(std::move(v), types::float64()));
        }
        list->pattern = "py2cuda::np::array_from<double>(py2cuda::host::shape(" + std::to_string(elts.size()) + "), {" +
                        elements + "})";
        q = std::move(list);
      } else {
        q = expr(*a[1]);
        if (!q) return nullptr;
        if (q->type->is_device_array() || (!q->type->is_array() && !q->type->is_number())) {
          return fail(a[1]->span, what + "() needs q as a number, a list of numbers or an array");
        }
        if (!q->type->is_array()) q = convert(std::move(q), types::float64());
      }
      std::vector<ir::ExprPtr> args = args_of(std::move(arr));
      const bool many = q->type->is_array();
      const int qnd = many ? q->type->ndim() : 0;
      args.push_back(std::move(q));
      if (axis && nd > 1) {
        if (many) return fail(a[2]->span, what + "() of several q along an axis is not supported by py2cuda");
        return call_node(types::array(types::float64(), nd - 1, Layout::C),
                         rt + "({0}, {1}, " + std::to_string(*axis) + ")", c.span, std::move(args));
      }
      TypeRef t = many ? types::array(types::float64(), qnd, Layout::C) : types::float64();
      return call_node(t, rt + "({0}, {1})", c.span, std::move(args));
    }
    case HostRule::Norm: {
      if (!bind_host_arguments(c, what, {"x", "ord", "axis", "keepdims"}, a, D())) return nullptr;
      if (!a[0]) return fail(c.span, what + "() missing required argument 'x'");
      if (refuse(1, "ord")) return nullptr;
      auto x = host_array(expr(*a[0]), a[0]->span);
      if (!x) return nullptr;
      const int nd = x->type->ndim();
      const std::optional<int> axis = axis_at(2, nd, std::nullopt);
      const std::optional<bool> keep = keepdims_at(3);
      if (!axis_ok || !keep) return nullptr;
      const TypeRef in = x->type->dtype();
      if (in->is_complex()) return fail(a[0]->span, what + "() of complex arrays is not supported by py2cuda");
      const TypeRef ft = in->is_float() && in->bits() == 32 ? types::float32() : types::float64();
      if (axis) {
        const TypeRef t = nd > 1 ? types::array(ft, nd - 1, Layout::C) : ft;
        return kept(call_node(t, rt + "<{t0}>({0}, " + std::to_string(*axis) + ")", c.span, args_of(std::move(x)), {ft}), *keep,
                    nd, axis);
      }
      return kept(call_node(ft, rt + "<{t0}>({0})", c.span, args_of(std::move(x)), {ft}), *keep, nd, std::nullopt);
    }
    case HostRule::Meshgrid: {
      bool cartesian = true;
      for (const auto& kw : c.keywords) {
        if (kw.name == "indexing" && kw.value->kind == ast::ExprKind::StrLit &&
            (ast::as<ast::StrLit>(*kw.value).value == "xy" || ast::as<ast::StrLit>(*kw.value).value == "ij")) {
          cartesian = ast::as<ast::StrLit>(*kw.value).value == "xy";
          continue;
        }
        return fail(kw.span, what + "(" + kw.name + "=...) is not supported by py2cuda (indexing='xy' or 'ij' is)");
      }
      if (c.args.empty()) return fail(c.span, what + "() of no arrays is not supported by py2cuda");
      std::vector<ir::ExprPtr> args;
      std::vector<TypeRef> outs;
      const int m = static_cast<int>(c.args.size());
      for (const auto& e : c.args) {
        auto v = host_array(expr(*e), e->span);
        if (!v) return nullptr;
        outs.push_back(types::array(v->type->dtype(), m, Layout::C));
        args.push_back(std::move(v));
      }
      std::string pattern = rt + (cartesian ? "(" : "_ij(");
      for (size_t k = 0; k < args.size(); ++k) pattern += (k ? ", {" : "{") + std::to_string(k) + "}";
      return call_node(types::tuple(outs), pattern + ")", c.span, std::move(args));
    }
    case HostRule::UnravelIndex: {
      const bool unravel = row.path == "numpy.unravel_index";
      if (!bind_host_arguments(c, what, unravel ? std::vector<std::string>{"indices", "shape", "order"}
                                                : std::vector<std::string>{"multi_index", "dims", "mode", "order"},
                               a, D())) {
        return nullptr;
      }
      if (!a[0] || !a[1]) return fail(c.span, what + "() missing a required argument");
      for (size_t k = 2; k < a.size(); ++k) {
        if (refuse(k, unravel || k == 3 ? "order" : "mode")) return nullptr;
      }
      // The elements of a tuple (an int is a 1-tuple for the shape), each converted to int64
      // unless it is an array.
      auto elements = [&](const ast::Expr& e, bool arrays_too, std::vector<ir::ExprPtr>& out) -> bool {
        auto v = expr(e);
        if (!v) return false;
        if (v->type->is_int()) {
          out.push_back(convert(std::move(v), types::int64()));
          return true;
        }
        if (!v->type->is_tuple()) {
          fail(e.span, what + "() needs a tuple here, not " + v->type->str());
          return false;
        }
        const auto elems = v->type->elements();
        for (size_t k = 0; k < elems.size(); ++k) {
          auto again = k == 0 ? std::move(v) : expr(e);
          ir::ExprPtr part;
          if (again->kind == ir::ExprKind::TupleMake) {
            part = std::move(static_cast<ir::TupleMake&>(*again).elements[k]);
          } else {
            part = std::make_unique<ir::TupleGet>(elems[k], std::move(again), static_cast<int>(k), e.span);
          }
          if (arrays_too && (elems[k]->is_array() || elems[k]->is_list())) {
            part = host_array(std::move(part), e.span);
            if (!part) return false;
            if (!part->type->dtype()->is_int()) {
              fail(e.span, what + "() needs integer index arrays, not " + part->type->str());
              return false;
            }
          } else if (!elems[k]->is_int()) {
            fail(e.span, what + "() needs integers here, not " + elems[k]->str());
            return false;
          } else {
            part = convert(std::move(part), types::int64());
          }
          out.push_back(std::move(part));
        }
        return true;
      };
      std::vector<ir::ExprPtr> dims;
      if (!elements(*a[1], false, dims)) return nullptr;
      const size_t n = dims.size();
      if (n == 0) return fail(a[1]->span, what + "() of an empty shape is not supported by py2cuda");
      auto std_array = [&](size_t first, size_t count) {
        std::string text = "std::array<int64_t, " + std::to_string(count) + ">{";
        for (size_t k = 0; k < count; ++k) text += (k ? ", {" : "{") + std::to_string(first + k) + "}";
        return text + "}";
      };
      std::vector<ir::ExprPtr> args;
      if (unravel) {
        auto idx = listed_array(expr(*a[0]), a[0]->span);
        if (!idx) return nullptr;
        const bool many = idx->type->is_array();
        if (many ? (idx->type->is_device_array() || !idx->type->dtype()->is_int()) : !idx->type->is_int()) {
          return fail(a[0]->span, what + "() needs an integer or an integer host array, not " + idx->type->str());
        }
        TypeRef part = many ? types::array(types::int64(), idx->type->ndim(), Layout::C) : types::int64();
        args.push_back(many ? std::move(idx) : convert(std::move(idx), types::int64()));
        for (auto& d : dims) args.push_back(std::move(d));
        return call_node(types::tuple(std::vector<TypeRef>(n, part)), rt + "({0}, " + std_array(1, n) + ")", c.span, std::move(args));
      }
      std::vector<ir::ExprPtr> index;
      if (!elements(*a[0], true, index)) return nullptr;
      if (index.size() != n) {
        return fail(a[0]->span, what + "(): parameter multi_index must be a sequence of length " + std::to_string(n));
      }
      bool arrays = false, numbers = false;
      for (const auto& e : index) (e->type->is_array() ? arrays : numbers) = true;
      if (arrays && numbers) return fail(a[0]->span, what + "() of integers mixed with arrays is not supported by py2cuda");
      for (auto& d : dims) args.push_back(std::move(d));
      if (!arrays) {
        for (auto& e : index) args.push_back(std::move(e));
        return call_node(types::int64(), rt + "(" + std_array(n, n) + ", " + std_array(0, n) + ")", c.span, std::move(args));
      }
      const int nd = index[0]->type->ndim();
      std::string pattern = rt + "_arrays(" + std_array(0, n);
      for (size_t k = 0; k < n; ++k) {
        if (index[k]->type->ndim() != nd) return fail(a[0]->span, what + "() needs index arrays of one shape");
        pattern += ", {" + std::to_string(n + k) + "}";
        args.push_back(std::move(index[k]));
      }
      return call_node(types::array(types::int64(), nd, Layout::C), pattern + ")", c.span, std::move(args));
    }
    case HostRule::Histogram: {
      if (!bind({"bins", "range", "density", "weights"})) return nullptr;
      auto arr = array();
      if (!arr || refuse(3, "density") || refuse(4, "weights")) return nullptr;
      const TypeRef in = arr->type->dtype();
      if (in->is_complex() || in->is_bool()) return fail(a[0]->span, what + "() of " + in->str() + " is not supported by py2cuda");
      const TypeRef et = in->is_float() ? in : types::float64();
      std::vector<ir::ExprPtr> args = args_of(std::move(arr));
      std::string pattern = rt + "<{t0}>({0}, ";
      if (absent(a[1])) {
        pattern += "10";
      } else {
        auto bins = expr(*a[1]);
        if (!bins) return nullptr;
        if (!bins->type->is_int()) return fail(a[1]->span, what + "(bins=...) is supported as a number of bins, not " + bins->type->str());
        args.push_back(convert(std::move(bins), types::int64()));
        pattern += "{1}";
      }
      if (!absent(a[2])) {
        if (a[2]->kind != ast::ExprKind::Tuple || ast::as<ast::TupleExpr>(*a[2]).elts.size() != 2) {
          return fail(a[2]->span, what + "(range=...) needs a tuple display (lo, hi) in py2cuda");
        }
        for (const auto& e : ast::as<ast::TupleExpr>(*a[2]).elts) {
          auto v = expr(*e);
          if (!v) return nullptr;
          if (!v->type->is_number()) return fail(e->span, what + "(range=...) needs numbers");
          pattern += ", {" + std::to_string(args.size()) + "}";
          args.push_back(convert(std::move(v), types::float64()));
        }
      }
      TypeRef t = types::tuple({types::array(types::int64(), 1, Layout::C), types::array(et, 1, Layout::C)});
      return call_node(t, pattern + ")", c.span, std::move(args), {et});
    }
    case HostRule::SearchSorted: {
      if (!bind({"v", "side", "sorter"})) return nullptr;
      auto arr = array();
      if (!arr || refuse(3, "sorter")) return nullptr;
      if (arr->type->ndim() != 1) return fail(c.span, "object too deep for desired array (" + what + "() needs a 1-D array)");
      if (!a[1]) return fail(c.span, what + "() missing required argument 'v'");
      bool right = false;
      if (!absent(a[2])) {
        if (a[2]->kind != ast::ExprKind::StrLit) return fail(a[2]->span, what + "(side=...) needs 'left' or 'right' written out");
        const std::string& side = ast::as<ast::StrLit>(*a[2]).value;
        if (side != "left" && side != "right") {
          return fail(a[2]->span, "side must be 'left' or 'right' (got '" + side + "') (ValueError)");
        }
        right = side == "right";
      }
      auto v = expr(*a[1]);
      if (!v) return nullptr;
      if (v->type->is_device_array() || (!v->type->is_array() && !v->type->is_number())) {
        return fail(a[1]->span, what + "() needs v as a number or a host array");
      }
      const TypeRef common = numpy_rules::result_type(numpy_rules::Operand{arr->type->dtype(), false, std::nullopt},
                                                      numpy_rules::Operand{v->type->is_array() ? v->type->dtype() : v->type,
                                                                           !v->type->is_array(), std::nullopt});
      TypeRef t = v->type->is_array() ? types::array(types::int64(), v->type->ndim(), Layout::C) : types::int64();
      std::vector<ir::ExprPtr> args = args_of(std::move(arr));
      args.push_back(std::move(v));
      return call_node(t, rt + (right ? "_right" : "") + "<{t0}>({0}, {1})", c.span, std::move(args), {common});
    }
    case HostRule::Flip:
    case HostRule::Roll:
    case HostRule::Repeat: {
      const bool flip = row.rule == HostRule::Flip;
      if (!(flip ? bind({"axis"}) : bind({row.rule == HostRule::Roll ? "shift" : "repeats", "axis"}))) return nullptr;
      auto arr = array();
      if (!arr) return nullptr;
      const int nd = arr->type->ndim();
      const size_t axis_slot = flip ? 1 : 2;
      const std::optional<int> axis = axis_at(axis_slot, nd, std::nullopt);
      if (!axis_ok) return nullptr;
      std::vector<ir::ExprPtr> args = args_of(std::move(arr));
      std::string pattern = rt + "({0}";
      if (!flip) {
        if (!a[1]) return fail(c.span, what + "() missing required argument '" + (row.rule == HostRule::Roll ? "shift" : "repeats") + "'");
        auto k = int_arg(1, row.rule == HostRule::Roll ? "shift" : "repeats");
        if (!k) return nullptr;
        args.push_back(std::move(k));
        pattern += ", {1}";
      }
      if (axis) pattern += ", " + std::to_string(*axis);
      const int result_nd = row.rule == HostRule::Repeat && !axis ? 1 : nd;
      const TypeRef dt = args[0]->type->dtype();
      // flip is a view: a frozen array's stays read-only.
      TypeRef t = types::array(dt, result_nd, flip ? Layout::A : Layout::C, flip && args[0]->type->is_readonly());
      return call_node(t, pattern + ")", c.span, std::move(args));
    }
    case HostRule::Bincount: {
      if (!bind_host_arguments(c, what, {"x", "weights", "minlength"}, a, D())) return nullptr;
      if (!a[0]) return fail(c.span, what + "() missing required argument 'x'");
      auto x = host_array(expr(*a[0]), a[0]->span);
      if (!x) return nullptr;
      const TypeRef in = x->type->dtype();
      if (x->type->ndim() != 1) return fail(a[0]->span, "object too deep for desired array (" + what + "() needs a 1-D array) (ValueError)");
      if (!(in->is_int() || in->is_bool()) || (in->is_int() && !in->is_signed() && in->bits() == 64)) {
        return fail(a[0]->span, "Cannot cast array data from dtype('" + in->str() +
                                    "') to dtype('int64') according to the rule 'safe' (TypeError)");
      }
      std::vector<ir::ExprPtr> args = args_of(std::move(x));
      std::string pattern = rt + "({0}";
      TypeRef t = types::array(types::int64(), 1, Layout::C);
      if (!absent(a[1])) {
        auto w = host_array(expr(*a[1]), a[1]->span);
        if (!w) return nullptr;
        if (w->type->ndim() != 1) return fail(a[1]->span, what + "(weights=...) needs a 1-D array");
        if (!w->type->dtype()->is_number() || w->type->dtype()->is_complex()) {
          return fail(a[1]->span, what + "(weights=...) needs real numbers");
        }
        pattern += ", {" + std::to_string(args.size()) + "}";
        args.push_back(std::move(w));
        t = types::array(types::float64(), 1, Layout::C);
      }
      if (!absent(a[2])) {
        auto m = int_arg(2, "minlength");
        if (!m) return nullptr;
        pattern += ", {" + std::to_string(args.size()) + "}";
        args.push_back(std::move(m));
      }
      return call_node(t, pattern + ")", c.span, std::move(args));
    }
    case HostRule::ExpandDims:
    case HostRule::Squeeze: {
      const bool expand = row.rule == HostRule::ExpandDims;
      if (!bind({"axis"})) return nullptr;
      auto arr = array();
      if (!arr) return nullptr;
      const int nd = arr->type->ndim();
      if (absent(a[1])) {
        if (expand) return fail(c.span, what + "() missing required argument 'axis'");
        return fail(c.span, what + "() without axis= is not supported by py2cuda: the number of dimensions it leaves "
                                   "depends on the shape (give the axis of extent 1, e.g. axis=1)");
      }
      if (!expand && nd < 2) return fail(c.span, what + "() of a 1-D array (a 0-d result) is not supported by py2cuda");
      const std::optional<int> axis = axis_at(1, expand ? nd + 1 : nd, std::nullopt);
      if (!axis_ok) return nullptr;
      const TypeRef t = types::array(arr->type->dtype(), expand ? nd + 1 : nd - 1, Layout::A, arr->type->is_readonly());
      return call_node(t, rt + "({0}, " + std::to_string(*axis) + ")", c.span, args_of(std::move(arr)));
    }
    case HostRule::AtLeast: {
      const bool two = row.path == "numpy.atleast_2d";
      if (c.args.size() != 1 || !c.keywords.empty()) {
        return fail(c.span, what + "() of one array is supported by py2cuda (several give a list of arrays)");
      }
      auto v = expr(*c.args[0]);
      if (!v) return nullptr;
      v = listed_array(std::move(v), c.args[0]->span);
      if (!v) return nullptr;
      if (v->type->is_number() && !v->type->is_complex()) {
        const TypeRef dt = v->type;
        return call_node(types::array(dt, two ? 2 : 1, Layout::C), rt + "_scalar<{t0}>({0})", c.span,
                         args_of(std::move(v)), {dt});
      }
      v = host_array(std::move(v), c.args[0]->span);
      if (!v) return nullptr;
      if (!two || v->type->ndim() >= 2) return v;  // NumPy returns the array itself
      const TypeRef t = types::array(v->type->dtype(), 2, Layout::A, v->type->is_readonly());
      return call_node(t, rt + "({0})", c.span, args_of(std::move(v)));
    }
    case HostRule::BroadcastTo: {
      if (!bind_host_arguments(c, what, {"array", "shape", "subok"}, a, D())) return nullptr;
      if (!a[0] || !a[1]) return fail(c.span, what + "() needs an array and a shape");
      if (refuse(2, "subok")) return nullptr;
      auto arr = host_array(expr(*a[0]), a[0]->span);
      if (!arr) return nullptr;
      int ndim = 0;
      auto shape = shape_value(*a[1], ndim);
      if (!shape) return nullptr;
      if (arr->type->ndim() > ndim) {
        return fail(a[1]->span, "input operand has more dimensions than allowed by the axis remapping (ValueError)");
      }
      std::vector<ir::ExprPtr> args = args_of(std::move(arr));
      args.push_back(std::move(shape));
      const TypeRef t = types::array(args[0]->type->dtype(), ndim, Layout::A, /*readonly=*/true);
      return call_node(t, rt + "({0}, {1})", c.span, std::move(args));
    }
    case HostRule::NanToNum: {
      if (!bind_host_arguments(c, what, {"x", "copy", "nan", "posinf", "neginf"}, a, D())) return nullptr;
      if (!a[0]) return fail(c.span, what + "() missing required argument 'x'");
      if (!absent(a[1]) && !(a[1]->kind == ast::ExprKind::BoolLit && ast::as<ast::BoolLit>(*a[1]).value)) {
        return fail(a[1]->span, what + "(copy=False) is not supported by py2cuda (it returns a copy)");
      }
      auto x = expr(*a[0]);
      if (!x) return nullptr;
      x = listed_array(std::move(x), a[0]->span);
      if (!x) return nullptr;
      TypeRef t;
      if (x->type->is_number() && !x->type->is_complex()) {
        t = x->type;
      } else {
        x = host_array(std::move(x), a[0]->span);
        if (!x) return nullptr;
        if (x->type->dtype()->is_complex()) return fail(a[0]->span, what + "() of complex arrays is not supported by py2cuda");
        t = types::array(x->type->dtype(), x->type->ndim(), Layout::C);
      }
      std::vector<ir::ExprPtr> args = args_of(std::move(x));
      std::string pattern = rt + "({0}";
      const char* defaults[] = {"0.0", "std::numeric_limits<double>::quiet_NaN()", "std::numeric_limits<double>::quiet_NaN()"};
      for (size_t k = 2; k < 5; ++k) {
        if (absent(a[k])) {
          pattern += std::string(", ") + defaults[k - 2];
          continue;
        }
        auto v = expr(*a[k]);
        if (!v) return nullptr;
        if (!v->type->is_number() || v->type->is_complex()) return fail(a[k]->span, what + "() replacement values must be numbers");
        pattern += ", {" + std::to_string(args.size()) + "}";
        args.push_back(convert(std::move(v), types::float64()));
      }
      return call_node(t, pattern + ")", c.span, std::move(args));
    }
    case HostRule::NanReduction:
    case HostRule::Ptp: {
      const std::string name(row.path.substr(row.path.rfind('.') + 1));
      const bool spread = name == "nanvar" || name == "nanstd", arg = name == "nanargmax" || name == "nanargmin";
      if (spread || arg) {
        // Over every element only (axis=None).
        if (!(spread ? bind({"axis", "dtype", "out", "ddof", "keepdims"}) : bind({"axis", "out", "keepdims"}))) return nullptr;
        auto arr = array();
        if (!arr) return nullptr;
        if (refuse(1, "axis") || (spread && (refuse(2, "dtype") || refuse(3, "out") || refuse(5, "keepdims")))) return nullptr;
        if (arg && (refuse(2, "out") || refuse(3, "keepdims"))) return nullptr;
        if (arr->type->dtype()->is_complex()) return fail(c.span, what + "() of complex arrays is not supported by py2cuda");
        if (arg) return call_node(types::int64(), rt + "({0})", c.span, args_of(std::move(arr)));
        std::vector<ir::ExprPtr> args = args_of(std::move(arr));
        if (!absent(a[4])) {
          auto ddof = int_arg(4, "ddof");
          if (!ddof) return nullptr;
          args.push_back(std::move(ddof));
        }
        const TypeRef t = numpy_rules::mean_dtype(args[0]->type->dtype());
        return call_node(t, rt + (args.size() > 1 ? "({0}, {1})" : "({0})"), c.span, std::move(args));
      }
      if (!bind({"axis", "dtype", "out", "keepdims"})) return nullptr;
      auto arr = array();
      if (!arr) return nullptr;
      if (refuse(2, "dtype") || refuse(3, "out")) return nullptr;
      const int nd = arr->type->ndim();
      const std::optional<int> axis = axis_at(1, nd, std::nullopt);
      const std::optional<bool> keep = keepdims_at(4);
      if (!axis_ok || !keep) return nullptr;
      const TypeRef in = arr->type->dtype();
      if (in->is_complex()) return fail(c.span, what + "() of complex arrays is not supported by py2cuda");
      if (name == "ptp" && in->is_bool()) {
        return fail(c.span, "numpy boolean subtract, the `-` operator, is not supported, use the bitwise_xor, the `^` "
                            "operator, or the logical_xor function instead. (TypeError)");
      }
      const TypeRef t = name == "nansum" ? numpy_rules::sum_dtype(in) : name == "nanmean" ? numpy_rules::mean_dtype(in) : in;
      if (axis && nd > 1) {
        return kept(call_node(types::array(t, nd - 1, Layout::C), rt + "({0}, " + std::to_string(*axis) + ")", c.span,
                              args_of(std::move(arr))),
                    *keep, nd, axis);
      }
      return kept(call_node(t, rt + "({0})", c.span, args_of(std::move(arr))), *keep, nd, std::nullopt);
    }
    case HostRule::Average: {
      if (!bind({"axis", "weights", "returned", "keepdims"})) return nullptr;
      auto arr = array();
      if (!arr) return nullptr;
      if (refuse(3, "returned")) return nullptr;
      const int nd = arr->type->ndim();
      std::optional<int> axis = axis_at(1, nd, std::nullopt);
      const std::optional<bool> keep = keepdims_at(4);
      if (!axis_ok || !keep) return nullptr;
      const TypeRef in = arr->type->dtype();
      if (in->is_complex()) return fail(c.span, what + "() of complex arrays is not supported by py2cuda");
      if (absent(a[2])) {
        const TypeRef t = numpy_rules::mean_dtype(in);
        if (axis && nd > 1) {
          return kept(call_node(types::array(t, nd - 1, Layout::C), rt + "({0}, " + std::to_string(*axis) + ")", c.span,
                                args_of(std::move(arr))),
                      *keep, nd, axis);
        }
        return kept(call_node(t, rt + "({0})", c.span, args_of(std::move(arr))), *keep, nd, std::nullopt);
      }
      auto w = host_array(expr(*a[2]), a[2]->span);
      if (!w) return nullptr;
      if (w->type->dtype()->is_complex()) return fail(a[2]->span, what + "() of complex weights is not supported by py2cuda");
      // NumPy's result_type(a, w), with float64 joining it only for integer and bool a:
      // float32 data and weights average in float32.
      const TypeRef aw = numpy_rules::promote_types(in, w->type->dtype());
      const TypeRef t = in->is_float() ? aw : numpy_rules::promote_types(aw, types::float64());
      std::vector<ir::ExprPtr> args = args_of(std::move(arr));
      if (axis && nd > 1) {
        if (w->type->ndim() != nd && w->type->ndim() != 1) {
          return fail(a[2]->span, "1D weights expected when shapes of a and weights differ. (TypeError)");
        }
        args.push_back(std::move(w));
        return kept(call_node(types::array(t, nd - 1, Layout::C), rt + "<{t0}>({0}, " + std::to_string(*axis) + ", {1})",
                              c.span, std::move(args), {t}),
                    *keep, nd, axis);
      }
      if (w->type->ndim() != nd) {
        return fail(a[2]->span, "Axis must be specified when shapes of a and weights differ. (TypeError)");
      }
      args.push_back(std::move(w));
      return kept(call_node(t, rt + "<{t0}>({0}, {1})", c.span, std::move(args), {t}), *keep, nd, std::nullopt);
    }
    case HostRule::Diag:
    case HostRule::Triangle: {
      const bool diagonal = row.rule == HostRule::Diag;
      if (!bind_host_arguments(c, what, {diagonal ? "v" : "m", "k"}, a, D())) return nullptr;
      if (!a[0]) return fail(c.span, what + "() missing required argument '" + (diagonal ? "v" : "m") + "'");
      auto arr = host_array(expr(*a[0]), a[0]->span);
      if (!arr) return nullptr;
      const int nd = arr->type->ndim();
      if (diagonal && nd > 2) return fail(a[0]->span, "Input must be 1- or 2-d. (ValueError)");
      if (!diagonal && nd != 2) return fail(a[0]->span, what + "() of a " + std::to_string(nd) + "-D array is not supported by py2cuda (2-D is)");
      std::vector<ir::ExprPtr> args = args_of(std::move(arr));
      std::string pattern = rt + "({0}";
      if (!absent(a[1])) {
        auto k = int_arg(1, "k");
        if (!k) return nullptr;
        args.push_back(std::move(k));
        pattern += ", {1}";
      }
      const TypeRef t = types::array(args[0]->type->dtype(), diagonal ? 3 - nd : 2, Layout::C);
      return call_node(t, pattern + ")", c.span, std::move(args));
    }
    case HostRule::FlipFixed: {
      if (!bind_host_arguments(c, what, {"m"}, a, D())) return nullptr;
      if (!a[0]) return fail(c.span, what + "() missing required argument 'm'");
      auto arr = host_array(expr(*a[0]), a[0]->span);
      if (!arr) return nullptr;
      const bool lr = row.path == "numpy.fliplr";
      if (lr && arr->type->ndim() < 2) return fail(a[0]->span, "Input must be >= 2-d. (ValueError)");
      const TypeRef t = types::array(arr->type->dtype(), arr->type->ndim(), Layout::A, arr->type->is_readonly());
      return call_node(t, rt + (lr ? "({0}, 1)" : "({0}, 0)"), c.span, args_of(std::move(arr)));
    }
    case HostRule::Identity: {
      if (!bind_host_arguments(c, what, {"n", "dtype", "like"}, a, D())) return nullptr;
      if (!a[0]) return fail(c.span, what + "() missing required argument 'n'");
      if (refuse(2, "like")) return nullptr;
      const TypeRef dt = absent(a[1]) ? types::float64() : host_dtype(*a[1]);
      if (!dt) return nullptr;
      auto n = int_arg(0, "n");
      if (!n) return nullptr;
      auto again = int_arg(0, "n");
      std::vector<ir::ExprPtr> args = args_of(std::move(n));
      args.push_back(std::move(again));
      return call_node(types::array(dt, 2, Layout::C), rt + "<{t0}>({0}, {1})", c.span, std::move(args), {dt});
    }
    case HostRule::Convolve: {
      if (!bind_host_arguments(c, what, {"a", "v", "mode"}, a, D())) return nullptr;
      if (!a[0] || !a[1]) return fail(c.span, what + "() needs two arrays");
      auto x = host_array(expr(*a[0]), a[0]->span);
      if (!x) return nullptr;
      auto y = host_array(expr(*a[1]), a[1]->span);
      if (!y) return nullptr;
      if (x->type->ndim() != 1 || y->type->ndim() != 1) {
        return fail(x->type->ndim() != 1 ? a[0]->span : a[1]->span, "object too deep for desired array (ValueError)");
      }
      std::string mode = row.path == "numpy.convolve" ? "full" : "valid";
      if (!absent(a[2])) {
        if (a[2]->kind != ast::ExprKind::StrLit) return fail(a[2]->span, what + "(mode=...) needs 'full', 'same' or 'valid' written out");
        mode = ast::as<ast::StrLit>(*a[2]).value;
        if (mode != "full" && mode != "same" && mode != "valid") {
          return fail(a[2]->span, "mode must be one of 'valid', 'same', or 'full' (got '" + mode + "') (ValueError)");
        }
      }
      const TypeRef dt = numpy_rules::promote_types(x->type->dtype(), y->type->dtype());
      if (dt->is_complex()) return fail(c.span, what + "() of complex arrays is not supported by py2cuda");
      std::vector<ir::ExprPtr> args = args_of(std::move(x));
      args.push_back(std::move(y));
      return call_node(types::array(dt, 1, Layout::C), rt + "<{t0}>({0}, {1}, \"" + mode + "\")", c.span, std::move(args), {dt});
    }
    case HostRule::Interp: {
      if (!bind_host_arguments(c, what, {"x", "xp", "fp", "left", "right", "period"}, a, D())) return nullptr;
      if (!a[0] || !a[1] || !a[2]) return fail(c.span, what + "() needs x, xp and fp");
      if (refuse(5, "period")) return nullptr;
      auto x = expr(*a[0]);
      if (!x) return nullptr;
      x = listed_array(std::move(x), a[0]->span);
      if (!x) return nullptr;
      const bool scalar = x->type->is_number();
      if (scalar && x->type->is_complex()) return fail(a[0]->span, what + "() of complex numbers is not supported by py2cuda");
      if (!scalar) {
        x = host_array(std::move(x), a[0]->span);
        if (!x) return nullptr;
      }
      std::vector<ir::ExprPtr> args = args_of(std::move(x));
      for (size_t k = 1; k < 3; ++k) {
        auto v = host_array(expr(*a[k]), a[k]->span);
        if (!v) return nullptr;
        if (v->type->ndim() != 1) return fail(a[k]->span, what + "() needs 1-D xp and fp (ValueError)");
        if (v->type->dtype()->is_complex()) return fail(a[k]->span, what + "() of complex values is not supported by py2cuda");
        args.push_back(std::move(v));
      }
      std::string pattern = rt + "({0}, {1}, {2}";
      for (size_t k = 3; k < 5; ++k) {
        if (absent(a[k])) {
          pattern += ", std::numeric_limits<double>::quiet_NaN()";
          continue;
        }
        auto v = expr(*a[k]);
        if (!v) return nullptr;
        if (!v->type->is_number() || v->type->is_complex()) return fail(a[k]->span, what + "() needs numbers for left and right");
        pattern += ", {" + std::to_string(args.size()) + "}";
        args.push_back(convert(std::move(v), types::float64()));
      }
      const TypeRef t = scalar ? types::float64() : types::array(types::float64(), args[0]->type->ndim(), Layout::C);
      return call_node(t, pattern + ")", c.span, std::move(args));
    }
    case HostRule::Trapz: {
      if (!bind_host_arguments(c, what, {"y", "x", "dx", "axis"}, a, D())) return nullptr;
      if (!a[0]) return fail(c.span, what + "() missing required argument 'y'");
      if (refuse(3, "axis")) return nullptr;
      auto y = host_array(expr(*a[0]), a[0]->span);
      if (!y) return nullptr;
      if (y->type->ndim() != 1) return fail(a[0]->span, what + "() of a " + std::to_string(y->type->ndim()) + "-D array is not supported by py2cuda (1-D is)");
      const TypeRef yt = y->type->dtype();
      if (yt->is_complex()) return fail(a[0]->span, what + "() of complex arrays is not supported by py2cuda");
      auto floated = [](TypeRef t) { return t->is_float() ? t : types::float64(); };
      std::vector<ir::ExprPtr> args = args_of(std::move(y));
      if (!absent(a[1])) {
        auto x = host_array(expr(*a[1]), a[1]->span);
        if (!x) return nullptr;
        if (x->type->ndim() != 1) return fail(a[1]->span, what + "(x=...) needs a 1-D array in py2cuda");
        if (x->type->dtype()->is_complex() || x->type->dtype()->is_bool()) {
          return fail(a[1]->span, what + "(x=...) of " + x->type->dtype()->str() + " is not supported by py2cuda");
        }
        const TypeRef p = numpy_rules::promote_types(x->type->dtype(), yt);
        const TypeRef t = floated(p);
        args.push_back(std::move(x));
        return call_node(t, rt + "<{t0}, {t1}>({0}, {1})", c.span, std::move(args), {t, p});
      }
      // d * (...) with a Python number d: value-based, so y's float type is kept.
      TypeRef p = yt->is_float() ? yt : types::float64();
      std::string pattern = rt + "<{t0}, {t1}>({0}";
      if (!absent(a[2])) {
        auto dx = expr(*a[2]);
        if (!dx) return nullptr;
        if (!dx->type->is_number() || dx->type->is_complex()) return fail(a[2]->span, what + "(dx=...) needs a number");
        if (dx->type->is_int() && !yt->is_float()) p = types::int64();
        pattern += ", {1}";
        args.push_back(convert(std::move(dx), types::float64()));
      }
      const TypeRef t = floated(p);
      return call_node(t, pattern + ")", c.span, std::move(args), {t, p});
    }
    case HostRule::Polyval: {
      if (!bind_host_arguments(c, what, {"p", "x"}, a, D())) return nullptr;
      if (!a[0] || !a[1]) return fail(c.span, what + "() needs p and x");
      auto p = host_array(expr(*a[0]), a[0]->span);
      if (!p) return nullptr;
      if (p->type->ndim() != 1) return fail(a[0]->span, what + "() needs 1-D coefficients");
      auto x = expr(*a[1]);
      if (!x) return nullptr;
      x = listed_array(std::move(x), a[1]->span);
      if (!x) return nullptr;
      const bool scalar = x->type->is_number();
      if (!scalar) {
        x = host_array(std::move(x), a[1]->span);
        if (!x) return nullptr;
      }
      const TypeRef xt = scalar ? x->type : x->type->dtype(), pt = p->type->dtype();
      if (xt->is_complex() || pt->is_complex() || xt->is_bool() || pt->is_bool()) {
        return fail(c.span, what + "() of " + (xt->is_bool() || pt->is_bool() ? "bool" : "complex") + " values is not supported by py2cuda");
      }
      // y = zeros_like(x) * x + pv: x's float type holds (the coefficients are scalars).
      TypeRef t = xt->is_float() ? (scalar ? types::float64() : xt) : pt->is_float() ? types::float64() : types::int64();
      std::vector<ir::ExprPtr> args = args_of(std::move(p));
      const int nd = scalar ? 0 : x->type->ndim();
      args.push_back(std::move(x));
      return call_node(scalar ? t : types::array(t, nd, Layout::C), rt + "<{t0}>({0}, {1})", c.span, std::move(args), {t});
    }
    case HostRule::IsIn: {
      const bool flat = row.path == "numpy.in1d";
      if (!bind_host_arguments(c, what, {flat ? "ar1" : "element", flat ? "ar2" : "test_elements", "assume_unique", "invert", "kind"}, a, D())) return nullptr;
      if (!a[0] || !a[1]) return fail(c.span, what + "() needs two arrays");
      if (refuse(4, "kind")) return nullptr;
      auto x = host_array(expr(*a[0]), a[0]->span);
      if (!x) return nullptr;
      auto y = host_array(expr(*a[1]), a[1]->span);
      if (!y) return nullptr;
      const TypeRef common = numpy_rules::promote_types(x->type->dtype(), y->type->dtype());
      if (common->is_complex()) return fail(c.span, what + "() of complex arrays is not supported by py2cuda");
      const int nd = flat ? 1 : x->type->ndim();
      std::vector<ir::ExprPtr> args = args_of(std::move(x));
      args.push_back(std::move(y));
      std::string pattern = rt + "<{t0}>({0}, {1}";
      if (!absent(a[3])) {
        auto inv = expr(*a[3]);
        if (!inv) return nullptr;
        pattern += ", {2}";
        args.push_back(convert(truth(std::move(inv)), types::boolean()));
      }
      return call_node(types::array(types::boolean(), nd, Layout::C), pattern + ")", c.span, std::move(args), {common});
    }
    case HostRule::Take: {
      if (!bind({"indices", "axis", "out", "mode"})) return nullptr;
      auto arr = array();
      if (!arr) return nullptr;
      if (!a[1]) return fail(c.span, what + "() missing required argument 'indices'");
      if (refuse(2, "axis") || refuse(3, "out") || refuse(4, "mode")) return nullptr;
      auto idx = expr(*a[1]);
      if (!idx) return nullptr;
      idx = listed_array(std::move(idx), a[1]->span);
      if (!idx) return nullptr;
      const TypeRef dt = arr->type->dtype();
      std::vector<ir::ExprPtr> args = args_of(std::move(arr));
      if (idx->type->is_int()) {
        args.push_back(convert(std::move(idx), types::int64()));
        return call_node(dt, rt + "({0}, {1})", c.span, std::move(args));
      }
      idx = host_array(std::move(idx), a[1]->span);
      if (!idx) return nullptr;
      if (!idx->type->dtype()->is_int()) {
        return fail(a[1]->span, "Cannot cast array data from dtype('" + idx->type->dtype()->str() +
                                    "') to dtype('int64') according to the rule 'safe' (TypeError)");
      }
      const int nd = idx->type->ndim();
      args.push_back(std::move(idx));
      return call_node(types::array(dt, nd, Layout::C), rt + "({0}, {1})", c.span, std::move(args));
    }
    case HostRule::SwapAxes: {
      const bool move = row.path == "numpy.moveaxis";
      if (!(move ? bind({"source", "destination"}) : bind({"axis1", "axis2"}))) return nullptr;
      auto arr = array();
      if (!arr) return nullptr;
      if (!a[1] || !a[2]) return fail(c.span, what + "() needs two axes");
      const int nd = arr->type->ndim();
      const std::optional<int> first = axis_at(1, nd, std::nullopt);
      const std::optional<int> second = axis_ok ? axis_at(2, nd, std::nullopt) : std::nullopt;
      if (!axis_ok) return nullptr;
      if (!first || !second) return fail(c.span, what + "() needs integer axes");
      const TypeRef t = types::array(arr->type->dtype(), nd, Layout::A, arr->type->is_readonly());
      return call_node(t, rt + "({0}, " + std::to_string(*first) + ", " + std::to_string(*second) + ")", c.span,
                       args_of(std::move(arr)));
    }
    case HostRule::Split: {
      if (!bind_host_arguments(c, what, {"ary", "indices_or_sections", "axis"}, a, D())) return nullptr;
      if (!a[0]) return fail(c.span, what + "() missing required argument 'ary'");
      if (!a[1]) return fail(c.span, what + "() missing required argument 'indices_or_sections'");
      auto arr = host_array(expr(*a[0]), a[0]->span);
      if (!arr) return nullptr;
      const int nd = arr->type->ndim();
      const int axis = axis_at(2, nd, 0).value_or(0);
      if (!axis_ok) return nullptr;
      // The pieces are views: C-contiguous when cut along axis 0 of a C-contiguous array.
      const Layout layout = axis == 0 && arr->type->layout() == Layout::C ? Layout::C : Layout::A;
      const TypeRef part = types::array(arr->type->dtype(), nd, layout, arr->type->is_readonly());
      std::vector<ir::ExprPtr> args = args_of(std::move(arr));
      std::string sections;
      const ast::Expr& cut = *a[1];
      if (cut.kind == ast::ExprKind::List || cut.kind == ast::ExprKind::Tuple) {
        // Split points written out: a[:i], a[i:j], ..., a[last:].
        const auto& elts = cut.kind == ast::ExprKind::List ? ast::as<ast::ListExpr>(cut).elts : ast::as<ast::TupleExpr>(cut).elts;
        sections = "std::vector<int64_t>{";
        for (const auto& e : elts) {
          auto v = expr(*e);
          if (!v) return nullptr;
          if (!v->type->is_int()) return fail(e->span, what + "() split points must be integers, not " + v->type->str());
          sections += (args.size() > 1 ? ", {" : " {") + std::to_string(args.size()) + "}";
          args.push_back(convert(std::move(v), types::int64()));
        }
        sections += " }";
      } else {
        auto v = expr(cut);
        if (!v) return nullptr;
        if (!v->type->is_int() && !v->type->is_float()) {
          return fail(cut.span, what + "() needs a number of sections or a list display of split points, not " + v->type->str());
        }
        sections = "{1}";
        if (v->type->is_float()) {
          // A float count (`A.size // 2e0`): NumPy tests `N % sections` on the float, then takes
          // int() of it. A whole number splits as its int; one with a fraction raises NumPy's
          // ValueError here (NumPy splits N into unequal parts in the rare case N % sections
          // is 0 all the same, 5 into 2.5: not modelled).
          v = call_node(types::int64(),
                        "[](double sections) { if (sections != std::trunc(sections)) throw py2cuda::host::PyException("
                        "\"ValueError\", \"array split does not result in an equal division\"); "
                        "return int64_t(sections); }({0})",
                        cut.span, args_of(convert(std::move(v), types::float64())));
        }
        args.push_back(convert(std::move(v), types::int64()));
      }
      return call_node(types::list(part), "py2cuda::host::List<{t0}>(" + rt + "({0}, " + sections + ", " + std::to_string(axis) + "))",
                       c.span, std::move(args), {part});
    }
    case HostRule::Covariance: {
      const bool correlation = row.path == "numpy.corrcoef";
      if (!bind_host_arguments(c, what, {"m", "y", "rowvar", "bias", "ddof", "fweights", "aweights", "dtype"}, a, D())) {
        return nullptr;
      }
      if (!a[0]) return fail(c.span, what + "() missing required argument 'm'");
      if (refuse(5, "fweights") || refuse(6, "aweights") || refuse(7, "dtype")) return nullptr;
      if (correlation && (refuse(3, "bias") || refuse(4, "ddof"))) return nullptr;
      std::vector<ir::ExprPtr> args;
      for (size_t k = 0; k < 2; ++k) {
        if (absent(a[k])) continue;
        auto v = host_array(expr(*a[k]), a[k]->span);
        if (!v) return nullptr;
        if (v->type->ndim() > 2 || v->type->dtype()->is_complex()) {
          return fail(a[k]->span, what + "() of a " + v->type->str() + " is not supported by py2cuda (real 1-D or 2-D arrays are)");
        }
        args.push_back(std::move(v));
      }
      const bool one_variable = args.size() == 1 && args[0]->type->ndim() == 1;
      std::string pattern = rt + (one_variable ? "_value({0}" : "({0}") + (args.size() > 1 ? ", {1}" : "");
      for (size_t k = 2; k < (correlation ? 3u : 5u); ++k) {
        ir::ExprPtr v;
        if (!absent(a[k])) {
          v = expr(*a[k]);
          if (!v) return nullptr;
          if (!v->type->is_number() || v->type->is_complex()) return fail(a[k]->span, what + "() needs a number or bool here");
        }
        if (k == 4) {
          v = v ? convert(std::move(v), types::int64()) : nullptr;
          if (!v) {
            auto none = int64_literal(-1, c.span);
            v = std::move(none);
          }
        } else if (v) {
          v = convert(truth(std::move(v)), types::boolean());
        } else {
          auto flag = std::make_unique<ir::Const>(types::boolean(), c.span);
          flag->b = k == 2;  // rowvar=True, bias=False
          v = std::move(flag);
        }
        pattern += ", {" + std::to_string(args.size()) + "}";
        args.push_back(std::move(v));
      }
      const TypeRef t = one_variable ? types::float64() : types::array(types::float64(), 2, Layout::C);
      return call_node(t, pattern + ")", c.span, std::move(args));
    }
    case HostRule::Save: {
      if (!bind_host_arguments(c, what, {"file", "arr", "allow_pickle", "fix_imports"}, a, D())) return nullptr;
      if (!a[0] || !a[1]) return fail(c.span, what + "() needs a file name and an array");
      auto file = expr(*a[0]);
      if (!file) return nullptr;
      if (file->type != types::string()) return fail(a[0]->span, what + "() needs a file name (a str) here, not " + file->type->str());
      auto arr = host_array(expr(*a[1]), a[1]->span);
      if (!arr) return nullptr;
      if (arr->type->dtype()->is_complex()) return fail(a[1]->span, what + "() of complex arrays is not supported by py2cuda");
      std::vector<ir::ExprPtr> args = args_of(std::move(file));
      args.push_back(std::move(arr));
      return call_node(types::none(), rt + "({0}, {1})", c.span, std::move(args));
    }
    case HostRule::Linalg: {
      const bool two = row.path == "numpy.linalg.solve";
      std::vector<std::string> names = two ? std::vector<std::string>{"a", "b"} : std::vector<std::string>{"a"};
      if (!bind_host_arguments(c, what, names, a, D())) return nullptr;
      if (!a[0] || (two && !a[1])) return fail(c.span, what + "() missing a required argument");
      std::vector<ir::ExprPtr> args;
      bool single = true;  // NumPy's _commonType: float32 results only when every input is float32
      for (size_t k = 0; k < a.size(); ++k) {
        auto v = host_array(expr(*a[k]), a[k]->span);
        if (!v) return nullptr;
        const TypeRef dt = v->type->dtype();
        if (dt->is_complex() || dt == types::float16()) {
          return fail(a[k]->span, what + "() of " + dt->str() + " arrays is not supported by py2cuda (float64, float32, integers and bools are)");
        }
        single = single && dt == types::float32();
        const int nd = v->type->ndim();
        if (k == 0 && nd != 2) {
          return fail(a[k]->span, what + "() of a " + std::to_string(nd) + "-D array is not supported by py2cuda (a 2-D square array is; NumPy " +
                                      (nd < 2 ? "raises LinAlgError" : "would solve a stack of matrices") + ")");
        }
        if (k == 1 && nd > 2) return fail(a[k]->span, what + "() of a " + std::to_string(nd) + "-D b is not supported by py2cuda (1-D or 2-D is)");
        args.push_back(std::move(v));
      }
      const TypeRef ft = single ? types::float32() : types::float64();
      if (row.path == "numpy.linalg.det") return call_node(ft, rt + "<{t0}>({0})", c.span, std::move(args), {ft});
      const int nd = two ? args[1]->type->ndim() : 2;
      return call_node(types::array(ft, nd, Layout::C), rt + (two ? "<{t0}>({0}, {1})" : "<{t0}>({0})"), c.span, std::move(args), {ft});
    }
    case HostRule::FloatInfo:
      return fail(c.span, what + "() is supported as " + what + "(dtype).ATTRIBUTE (e.g. " + what + "(np.float32).eps)");
    default: break;
  }
  return fail(c.span, what + "() is not supported by py2cuda");
}

ir::ExprPtr FunctionBuilder::host_type_info(const ast::Attribute& a, bool& handled) {
  handled = false;
  if (a.value->kind != ast::ExprKind::Call) return nullptr;
  const auto& call = ast::as<ast::Call>(*a.value);
  const std::string path = resolve_path(mb_.info(), *call.func);
  if (path != "numpy.finfo" && path != "numpy.iinfo") return nullptr;
  handled = true;
  const bool floating = path == "numpy.finfo";
  const std::string what = floating ? "np.finfo" : "np.iinfo";
  if (call.args.size() != 1 || !call.keywords.empty()) return fail(call.span, what + "() takes one dtype");
  const TypeRef dt = host_dtype_named(*call.args[0]);
  if (!dt) return nullptr;
  auto int_const = [&](int64_t v) {
    return int64_literal(v, a.span);
  };
  if (floating) {
    if (!dt->is_float() || (dt->bits() != 32 && dt->bits() != 64)) {
      return fail(call.args[0]->span, what + "() of " + dt->str() + " is not supported by py2cuda (float32 and float64 are)");
    }
    const bool single = dt->bits() == 32;
    double value = 0;
    if (a.attr == "eps") value = single ? 0x1p-23 : 0x1p-52;
    else if (a.attr == "epsneg") value = single ? 0x1p-24 : 0x1p-53;
    else if (a.attr == "max") value = single ? static_cast<double>(std::numeric_limits<float>::max()) : std::numeric_limits<double>::max();
    else if (a.attr == "min") value = single ? -static_cast<double>(std::numeric_limits<float>::max()) : -std::numeric_limits<double>::max();
    else if (a.attr == "tiny" || a.attr == "smallest_normal") value = single ? 0x1p-126 : 0x1p-1022;
    else if (a.attr == "smallest_subnormal") value = single ? 0x1p-149 : 0x1p-1074;
    else if (a.attr == "resolution") value = single ? static_cast<double>(1e-6f) : 1e-15;
    else if (a.attr == "bits") return int_const(dt->bits());
    else if (a.attr == "precision") return int_const(single ? 6 : 15);
    else if (a.attr == "nmant") return int_const(single ? 23 : 52);
    else if (a.attr == "nexp") return int_const(single ? 8 : 11);
    else if (a.attr == "maxexp") return int_const(single ? 128 : 1024);
    else if (a.attr == "minexp") return int_const(single ? -126 : -1022);
    else return fail(a.attr_span, what + "(" + dt->str() + ")." + a.attr + " is not supported by py2cuda");
    auto k = std::make_unique<ir::Const>(dt, a.span);
    k->f = value;
    return k;
  }
  if (!dt->is_int()) {
    return fail(call.args[0]->span, "Invalid integer data type '" + dt->str() + "'. (ValueError)");
  }
  const int bits = dt->bits();
  const bool is_signed = dt->is_signed();
  if (a.attr == "bits") return int_const(bits);
  if (a.attr == "min") return int_const(is_signed ? (bits == 64 ? INT64_MIN : -(int64_t{1} << (bits - 1))) : 0);
  if (a.attr == "max") {
    if (!is_signed && bits == 64) return fail(a.attr_span, what + "(uint64).max does not fit py2cuda's int (int64)");
    if (is_signed) return int_const(bits == 64 ? INT64_MAX : (int64_t{1} << (bits - 1)) - 1);
    return int_const(static_cast<int64_t>((uint64_t{1} << bits) - 1));
  }
  return fail(a.attr_span, what + "(" + dt->str() + ")." + a.attr + " is not supported by py2cuda");
}

}  // namespace py2cuda::infer
