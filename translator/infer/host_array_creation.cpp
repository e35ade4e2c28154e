// FunctionBuilder, host code: NumPy's array constructors (host-table rules ArrayFill ... Join:
// np.zeros, np.full, np.zeros_like, np.arange, np.linspace, np.array, np.tile, np.eye,
// np.concatenate and the stacks), each array's dtype and rank as NumPy gives them.
#include <algorithm>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "builtins/host_table.h"
#include "infer/builtin_typing.h"
#include "infer/function_builder.h"
#include "infer/host_nodes.h"
#include "infer/host_row_args.h"
#include "infer/ir_literals.h"
#include "types/numpy_rules.h"

namespace py2cuda::infer {

namespace {

// The dtype NumPy picks for values so far of dtype `dt` (null before the first) and one more of
// type `value`: bool < int64 < float64 for Python's, a NumPy scalar's own dtype (an int of host
// code other than int64 is one: np.uint8(200), an element of an int32 array), promoted together.
TypeRef holding_dtype(TypeRef dt, TypeRef value) {
  TypeRef t = value->is_float() ? types::float64() : value->is_bool() ? types::boolean()
              : value->is_int()   ? value
                                  : types::int64();
  if (value->is_float() && value->bits() == 32) t = types::float32();
  return dt ? numpy_rules::promote_types(dt, t) : t;
}

}  // namespace

using builtins::HostRule;

ir::ExprPtr FunctionBuilder::host_array_creation(HostRowArgs& bound) {
  const ast::Call& c = bound.call;
  const builtins::HostBuiltin& row = bound.row;
  const std::string& what = bound.what;
  const std::string& rt = bound.rt;
  std::vector<const ast::Expr*>& a = bound.a;
  switch (row.rule) {
    case HostRule::ArrayFill: {
      if (!bound.bind({"shape", "dtype"}) || !bound.need(0, "shape")) return nullptr;
      int ndim = 0;
      auto shape = shape_value(*a[0], ndim);
      TypeRef dt = bound.dtype_or(1, types::float64());
      if (!shape || !dt) return nullptr;
      return call_node(types::array(dt, ndim, Layout::C), rt + "<{t0}>({0})", c.span, args_of(std::move(shape)), {dt});
    }
    case HostRule::ArrayFull: {
      if (!bound.bind({"shape", "fill_value", "dtype"}) || !bound.need(0, "shape") || !bound.need(1, "fill_value")) return nullptr;
      int ndim = 0;
      auto shape = shape_value(*a[0], ndim);
      auto fill = bound.value(1);
      if (!shape || !fill) return nullptr;
      TypeRef dt = bound.dtype_or(2, fill->type);
      if (!dt) return nullptr;
      std::vector<ir::ExprPtr> args;
      args.push_back(std::move(shape));
      args.push_back(convert(std::move(fill), dt));
      return call_node(types::array(dt, ndim, Layout::C), rt + "<{t0}>({0}, {1})", c.span, std::move(args), {dt});
    }
    case HostRule::ArrayLike: {
      const bool full = row.path == "numpy.full_like";
      if (!(full ? bound.bind({"a", "fill_value", "dtype"}) : bound.bind({"a", "dtype"})) || !bound.need(0, "a")) return nullptr;
      auto like = bound.array_arg(0);
      if (!like) return nullptr;
      TypeRef dt = bound.dtype_or(full ? 2 : 1, like->type->dtype());
      if (!dt) return nullptr;
      TypeRef t = types::array(dt, like->type->ndim(), Layout::C);
      std::vector<ir::ExprPtr> args;
      args.push_back(std::move(like));
      if (full) {
        if (!bound.need(1, "fill_value")) return nullptr;
        auto v = bound.value(1);
        if (!v) return nullptr;
        args.push_back(convert(std::move(v), dt));
        return call_node(t, rt + "<{t0}>({0}, {1})", c.span, std::move(args), {dt});
      }
      return call_node(t, rt + "<{t0}>({0})", c.span, std::move(args), {dt});
    }
    case HostRule::Arange: {
      if (!bound.bind({"start", "stop", "step", "dtype"}) || !bound.need(0, "start")) return nullptr;
      std::vector<ir::ExprPtr> args;
      bool any_float = false;
      for (size_t k = 0; k < 3; ++k) {
        if (is_none(a[k])) continue;
        auto v = bound.value(k);
        if (!v) return nullptr;
        if (!v->type->is_number()) return fail(a[k]->span, "np.arange() needs numbers, not " + v->type->str());
        any_float = any_float || v->type->is_float();
        args.push_back(std::move(v));
      }
      TypeRef dt = bound.dtype_or(3, any_float ? types::float64() : types::int64());
      if (!dt) return nullptr;
      for (auto& x : args) {
        // The type is read before x is moved from: a by-value parameter may be built first.
        const TypeRef wide = x->type->is_float() ? types::float64() : types::int64();
        x = convert(std::move(x), wide);
      }
      // arange(stop) counts from 0 in steps of 1.
      std::string pattern = args.size() == 1 ? rt + "<{t0}>(int64_t(0), {0}, int64_t(1))"
                            : args.size() == 2 ? rt + "<{t0}>({0}, {1}, int64_t(1))"
                                               : rt + "<{t0}>({0}, {1}, {2})";
      return call_node(types::array(dt, 1, Layout::C), pattern, c.span, std::move(args), {dt});
    }
    case HostRule::Linspace: {
      // np.linspace's parameters; logspace's base and geomspace's absent retstep in the same slot.
      const bool log = row.path == "numpy.logspace", geometric = row.path == "numpy.geomspace";
      const std::string fifth = log ? "base" : geometric ? "" : "retstep";
      std::vector<std::string> names = {"start", "stop", "num", "endpoint"};
      if (!fifth.empty()) names.push_back(fifth);
      names.push_back("dtype");
      if (!bound.bind(names) || !bound.need(0, "start") || !bound.need(1, "stop")) return nullptr;
      if (geometric) a.insert(a.begin() + 4, nullptr);
      if (!log && !is_none(a[4])) return fail(a[4]->span, "np.linspace(retstep=...) is not supported by py2cuda");
      auto start = bound.value(0), stop = bound.value(1);
      if (!start || !stop) return nullptr;
      ir::ExprPtr num = is_none(a[2]) ? nullptr : bound.value(2);
      if (!is_none(a[2]) && !num) return nullptr;
      if (!num) {
        auto fifty = int64_literal(50, c.span);
        num = std::move(fifty);
      }
      ir::ExprPtr endpoint;
      if (!is_none(a[3])) {
        endpoint = bound.value(3);
        if (!endpoint) return nullptr;
      } else {
        auto t = std::make_unique<ir::Const>(types::boolean(), c.span);
        t->b = true;
        endpoint = std::move(t);
      }
      TypeRef dt = bound.dtype_or(5, types::float64());
      if (!dt) return nullptr;
      std::vector<ir::ExprPtr> args;
      args.push_back(convert(std::move(start), types::float64()));
      args.push_back(convert(std::move(stop), types::float64()));
      args.push_back(convert(std::move(num), types::int64()));
      args.push_back(convert(truth(std::move(endpoint)), types::boolean()));
      if (log && !is_none(a[4])) {
        auto base = bound.value(4);
        if (!base) return nullptr;
        if (!base->type->is_number() || base->type->is_complex()) {
          return fail(a[4]->span, what + "(base=...) needs a number, not " + base->type->str());
        }
        args.push_back(convert(std::move(base), types::float64()));
        return call_node(types::array(dt, 1, Layout::C), rt + "<{t0}>({0}, {1}, {2}, {3}, {4})", c.span, std::move(args), {dt});
      }
      return call_node(types::array(dt, 1, Layout::C), rt + "<{t0}>({0}, {1}, {2}, {3})", c.span, std::move(args), {dt});
    }
    case HostRule::ArrayFromValues: {
      if (!bound.bind({"object", "dtype"}) || !bound.need(0, "object")) return nullptr;
      // The array of these values (dtype= wins over `dt`), C order in `shape`.
      auto from_values = [&](std::vector<ir::ExprPtr> values, TypeRef dt, const std::vector<int64_t>& shape) -> ir::ExprPtr {
        if (!is_none(a[1])) dt = host_dtype(*a[1]);
        if (!dt) return nullptr;
        std::vector<ir::ExprPtr> args;
        std::string dims;
        for (size_t d = 0; d < shape.size(); ++d) dims += (d ? ", " : "") + std::to_string(shape[d]);
        for (auto& v : values) args.push_back(convert(std::move(v), dt));
        std::string pattern = "py2cuda::np::array_from<{t0}>(py2cuda::host::shape(" + dims + "), {" +
                              placeholders(0, args.size()) + "})";
        return call_node(types::array(dt, static_cast<int>(shape.size()), Layout::C), pattern, c.span,
                         std::move(args), {dt});
      };
      // Nested list/tuple displays: the shape from the nesting, the values flattened.
      std::vector<int64_t> shape;
      std::vector<const ast::Expr*> flat;
      std::function<bool(const ast::Expr&, size_t)> walk = [&](const ast::Expr& e, size_t depth) -> bool {
        const std::vector<ast::ExprPtr>* elts = nullptr;
        if (e.kind == ast::ExprKind::List) elts = &ast::as<ast::ListExpr>(e).elts;
        if (e.kind == ast::ExprKind::Tuple) elts = &ast::as<ast::TupleExpr>(e).elts;
        if (!elts) {
          if (depth != shape.size()) return false;
          flat.push_back(&e);
          return true;
        }
        if (depth == shape.size()) shape.push_back(static_cast<int64_t>(elts->size()));
        else if (depth > shape.size() || shape[depth] != static_cast<int64_t>(elts->size())) return false;
        for (const auto& x : *elts) {
          if (!walk(*x, depth + 1)) return false;
        }
        return true;
      };
      if (a[0]->kind == ast::ExprKind::List || a[0]->kind == ast::ExprKind::Tuple) {
        if (walk(*a[0], 0) && flat.empty()) {
          // np.array([]), np.array([[]]): an empty array of that shape, float64 unless dtype= says.
          TypeRef dt = is_none(a[1]) ? types::float64() : host_dtype(*a[1]);
          if (!dt) return nullptr;
          std::string dims;
          for (size_t d = 0; d < shape.size(); ++d) dims += (d ? ", " : "") + std::to_string(shape[d]);
          return call_node(types::array(dt, static_cast<int>(shape.size()), Layout::C),
                           "py2cuda::np::zeros<{t0}>(py2cuda::host::shape(" + dims + "))", c.span, {}, {dt});
        }
        if (flat.empty()) {
          return fail(a[0]->span, what + "() needs a rectangular nest of lists of numbers");
        }
        std::vector<ir::ExprPtr> values;
        TypeRef dt = nullptr;
        for (const ast::Expr* x : flat) {
          auto v = expr(*x);
          if (!v) return nullptr;
          if (values.empty() && shape.size() == 1 && v->type->is_array() && !v->type->is_device_array()) {
            // np.array([a, b]) of arrays: NumPy stacks them along a new first axis.
            return stacked_arrays(std::move(v), flat, is_none(a[1]) ? nullptr : a[1], c.span, what);
          }
          if (!v->type->is_number()) return fail(x->span, what + "() of " + v->type->str() + " values is not supported");
          dt = holding_dtype(dt, v->type);
          values.push_back(std::move(v));
        }
        return from_values(std::move(values), dt, shape);
      }
      // A tuple held in a name (`for c in [(0, 0), (3, 3)]: np.array(c)`): its numbers, read once.
      auto v = bound.value(0);
      if (v && is_number_tuple(v->type)) {
        TypeRef dt = nullptr;
        if (!is_none(a[1]) && !(dt = host_dtype(*a[1]))) return nullptr;
        return array_from_tuple(std::move(v), dt, c.span);
      }
      v = range_values(std::move(v), a[0]->span);  // np.array(range(n)): an int64 array as NumPy makes
      if (v && v->type->is_list()) {
        TypeRef dt = is_none(a[1]) ? nullptr : host_dtype(*a[1]);
        if (!is_none(a[1]) && !dt) return nullptr;
        return array_from_list(std::move(v), dt, a[0]->span);
      }
      if (v && v->type->is_device_array()) {
        // np.asarray(d) / np.array(d) of a device array: its copy on the host (Numba's
        // DeviceNDArray.__array__ is copy_to_host()), converted to dtype= if one is given.
        TypeRef host = types::with_device(v->type, false);
        TypeRef dt = is_none(a[1]) ? host->dtype() : host_dtype(*a[1]);
        if (!dt) return nullptr;
        auto copy = call_node(types::array(host->dtype(), host->ndim(), Layout::C), "{0}.copy_to_host()", c.span,
                              args_of(std::move(v)));
        if (dt == host->dtype()) return copy;
        return call_node(types::array(dt, host->ndim(), Layout::C), "py2cuda::np::astype<{t0}>({0})", c.span,
                         args_of(std::move(copy)), {dt});
      }
      auto src = bound.array_arg(0);
      if (!src) return nullptr;
      TypeRef dt = bound.dtype_or(1, src->type->dtype());
      if (!dt) return nullptr;
      TypeRef t = types::array(dt, src->type->ndim(), Layout::C);
      if (row.path == "numpy.array" || dt != src->type->dtype()) {
        return call_node(t, "py2cuda::np::astype<{t0}>({0})", c.span, args_of(std::move(src)), {dt});
      }
      return call_node(t, "py2cuda::np::ascontiguousarray({0})", c.span, args_of(std::move(src)));
    }
    case HostRule::Tile: {
      if (!bound.bind({"A", "reps"}) || !bound.need(0, "A") || !bound.need(1, "reps")) return nullptr;
      auto arr = bound.array_arg(0);
      if (!arr) return nullptr;
      int nreps = 0;
      auto reps = shape_value(*a[1], nreps);
      if (!reps) return nullptr;
      TypeRef t = types::array(arr->type->dtype(), std::max(arr->type->ndim(), nreps), Layout::C);
      std::vector<ir::ExprPtr> args;
      args.push_back(std::move(arr));
      args.push_back(std::move(reps));
      return call_node(t, rt + "({0}, {1})", c.span, std::move(args));
    }
    case HostRule::FromIter: {
      // np.fromiter(iterable, dtype): the items as a list, then NumPy's 1-D array of dtype.
      if (!bound.bind({"iter", "dtype", "count"}) || !bound.need(0, "iter") || !bound.need(1, "dtype")) return nullptr;
      if (!is_none(a[2])) {
        auto count = expr(*a[2]);
        if (!count) return nullptr;
        if (count->kind != ir::ExprKind::Const || !count->type->is_int() || static_cast<int64_t>(static_cast<ir::Const&>(*count).bits) != -1) {
          return fail(a[2]->span, what + "() count= other than -1 is not supported by py2cuda; slice the iterable instead");
        }
      }
      TypeRef dt = host_dtype(*a[1]);
      if (!dt) return nullptr;
      TypeRef item = nullptr;
      auto items = comprehension_items(*a[0], item);
      if (!items) return nullptr;
      if (!item->is_number()) return fail(a[0]->span, what + "() of " + item->str() + " items is not supported by py2cuda");
      auto list = call_node(types::list(item), rt + "<{t0}>({0})", a[0]->span, args_of(std::move(items)), {item});
      return array_from_list(std::move(list), dt, c.span);
    }
    case HostRule::Pad: {
      if (!bound.bind({"array", "pad_width", "mode", "constant_values"}) || !bound.need(0, "array") ||
          !bound.need(1, "pad_width")) {
        return nullptr;
      }
      auto arr = bound.array_arg(0);
      if (!arr) return nullptr;
      const int nd = arr->type->ndim();
      auto widths = expr(*a[1]);
      if (!widths) return nullptr;
      // An int, (w,) or (before, after), or a tuple of those pairs (one per axis, or one for all).
      auto integral = [](TypeRef t) { return t->is_int() || t->is_bool(); };
      auto pair = [&](TypeRef t) {
        return t->is_tuple() && (t->elements().size() == 1 || t->elements().size() == 2) &&
               std::all_of(t->elements().begin(), t->elements().end(), integral);
      };
      TypeRef wt = widths->type;
      const bool pairs = wt->is_tuple() && !wt->elements().empty() &&
                         std::all_of(wt->elements().begin(), wt->elements().end(), pair);
      if (!integral(wt) && !pair(wt) && !pairs) {
        return fail(a[1]->span, what + "() pad_width must be an int, (before, after) or a (before, after) pair per "
                                       "axis, not " + wt->str());
      }
      std::vector<ir::ExprPtr> args = args_of(std::move(arr), std::move(widths));
      std::string mode = "py2cuda::host::PadMode::Constant";
      if (!is_none(a[2])) {
        if (a[2]->kind == ast::ExprKind::StrLit) {
          static const std::map<std::string, std::string> kModes = {
              {"constant", "Constant"}, {"edge", "Edge"}, {"wrap", "Wrap"}, {"reflect", "Reflect"}, {"symmetric", "Symmetric"}};
          auto m = kModes.find(ast::as<ast::StrLit>(*a[2]).value);
          if (m == kModes.end()) {
            return fail(a[2]->span, what + "() mode '" + ast::as<ast::StrLit>(*a[2]).value + "' is not supported by "
                                           "py2cuda (constant, edge, wrap, reflect and symmetric are)");
          }
          mode = "py2cuda::host::PadMode::" + m->second;
        } else {
          auto m = expr(*a[2]);
          if (!m) return nullptr;
          if (!m->type->is_string()) return fail(a[2]->span, what + "() mode must be a str, not " + m->type->str());
          mode = "py2cuda::host::pad_mode({" + std::to_string(args.size()) + "})";
          args.push_back(std::move(m));
        }
      }
      ir::ExprPtr fill = is_none(a[3]) ? int64_literal(0, c.span) : bound.value(3);
      if (!fill) return nullptr;
      if (!fill->type->is_number()) {
        return fail(a[3]->span, what + "() constant_values of one number is supported by py2cuda, not " + fill->type->str());
      }
      const std::string fill_slot = "{" + std::to_string(args.size()) + "}";
      args.push_back(std::move(fill));
      TypeRef t = types::array(args[0]->type->dtype(), nd, Layout::C);
      return call_node(t, rt + "({0}, py2cuda::host::pad_widths<" + std::to_string(nd) + ">({1}), " + mode + ", " +
                              fill_slot + ")", c.span, std::move(args));
    }
    case HostRule::Eye: {
      if (!bound.bind({"N", "M", "k", "dtype"}) || !bound.need(0, "N")) return nullptr;
      std::vector<ir::ExprPtr> args;
      auto n = bound.value(0);
      if (!n) return nullptr;
      ir::ExprPtr m = is_none(a[1]) ? nullptr : bound.value(1);
      ir::ExprPtr k = is_none(a[2]) ? nullptr : bound.value(2);
      TypeRef dt = bound.dtype_or(3, types::float64());
      if (!dt) return nullptr;
      auto n2 = m ? std::move(m) : expr(*a[0]);
      args.push_back(convert(std::move(n), types::int64()));
      args.push_back(convert(std::move(n2), types::int64()));
      if (k) args.push_back(convert(std::move(k), types::int64()));
      return call_node(types::array(dt, 2, Layout::C), rt + "<{t0}>(" + placeholders(0, args.size()) + ")", c.span,
                       std::move(args), {dt});
    }
    case HostRule::Join: {
      const std::string name = std::string(row.path.substr(row.path.rfind('.') + 1));
      const bool takes_axis = name == "concatenate" || name == "stack";
      if (!bound.bind(takes_axis ? std::vector<std::string>{"arrays", "axis", "dtype"} : std::vector<std::string>{"tup", "dtype"}) ||
          !bound.need(0, takes_axis ? "arrays" : "tup")) {
        return nullptr;
      }
      if (a[0]->kind != ast::ExprKind::List && a[0]->kind != ast::ExprKind::Tuple) {
        return join_array_list(c, name, a, what);
      }
      const auto& items = a[0]->kind == ast::ExprKind::List ? ast::as<ast::ListExpr>(*a[0]).elts : ast::as<ast::TupleExpr>(*a[0]).elts;
      if (items.empty()) return fail(a[0]->span, "need at least one array to " + (name == "stack" ? std::string("stack") : "concatenate"));
      std::vector<ir::ExprPtr> arrays;
      TypeRef dt = nullptr;
      int ndim = -1;
      // np.concatenate(arrays, axis=None): NumPy flattens each array, then joins them.
      const bool flatten = name == "concatenate" && a[1] && a[1]->kind == ast::ExprKind::NoneLit;
      for (size_t i = 0; i < items.size(); ++i) {
        // A list among them (np.concatenate(([c[0]], c, [c[-1]]))) joins as NumPy's array of it:
        // NumPy makes each list an array first (Python ints int64, floats float64), then
        // promotes the arrays' dtypes (no value-based casting: a list is not a scalar), so [0]
        // beside a float32 array gives float64.
        auto v = listed_array(expr(*items[i]), items[i]->span);
        if (!v) return nullptr;
        if (!v->type->is_array() || v->type->is_device_array()) {
          return fail(items[i]->span, what + "() joins host arrays and lists of numbers, not " + v->type->str());
        }
        if (flatten && v->type->ndim() != 1) {
          TypeRef flat = types::array(v->type->dtype(), 1, Layout::C);
          v = call_node(flat, "py2cuda::np::ravel({0})", items[i]->span, args_of(std::move(v)));
        }
        // vstack makes 1-D arrays rows; hstack and the others join arrays of one dimension.
        // column_stack makes them columns, dstack makes every array at least 3-D.
        const int nd = name == "vstack" || name == "column_stack" ? std::max(2, v->type->ndim())
                       : name == "dstack"                         ? std::max(3, v->type->ndim())
                                                                  : v->type->ndim();
        if (ndim >= 0 && nd != ndim) {
          return fail(items[i]->span, "all the input arrays must have same number of dimensions, but the array at index 0 has " +
                                          std::to_string(ndim) + " dimension(s) and the array at index " + std::to_string(i) +
                                          " has " + std::to_string(nd) + " dimension(s)");
        }
        ndim = nd;
        dt = dt ? numpy_rules::promote_types(dt, v->type->dtype()) : v->type->dtype();
        arrays.push_back(std::move(v));
      }
      const size_t dtype_slot = takes_axis ? 2 : 1;
      if (!is_none(a[dtype_slot])) {
        dt = host_dtype(*a[dtype_slot]);
        if (!dt) return nullptr;
      }
      const int result_ndim = name == "stack" ? ndim + 1 : ndim;
      std::string pattern = rt + "<{t0}, " + std::to_string(ndim) + ">(";
      if (takes_axis) {
        const std::optional<int64_t> axis = flatten ? 0 : join_axis(a[1], c.span, result_ndim, what);
        if (!axis) return nullptr;
        pattern += std::to_string(*axis < 0 ? *axis + result_ndim : *axis) + ", ";
      }
      pattern += placeholders(0, arrays.size()) + ")";
      return call_node(types::array(dt, result_ndim, Layout::C), pattern, c.span, std::move(arrays), {dt});
    }
    default:
      break;
  }
  return fail(bound.call.span, bound.what + "() is not supported in host code by py2cuda");
}

// np.array([a, b, ...]) of host arrays (`first` the value of a): np.stack's array of them, the
// dtype NumPy's promotion of theirs unless `dtype` names one; arrays of other shapes are an
// error when the program runs, as NumPy's inhomogeneous shape is.
ir::ExprPtr FunctionBuilder::stacked_arrays(ir::ExprPtr first, const std::vector<const ast::Expr*>& items,
                                            const ast::Expr* dtype, Span s, const std::string& what) {
  std::vector<ir::ExprPtr> arrays;
  arrays.push_back(std::move(first));
  TypeRef dt = arrays.front()->type->dtype();
  const int ndim = arrays.front()->type->ndim();
  for (size_t i = 1; i < items.size(); ++i) {
    auto v = expr(*items[i]);
    if (!v) return nullptr;
    if (!v->type->is_array() || v->type->is_device_array() || v->type->ndim() != ndim) {
      return fail(items[i]->span, what + "() of arrays needs host arrays of " + std::to_string(ndim) +
                                      " dimension(s) beside each other, not " + v->type->str());
    }
    dt = numpy_rules::promote_types(dt, v->type->dtype());
    arrays.push_back(std::move(v));
  }
  if (dtype && !(dt = host_dtype(*dtype))) return nullptr;
  const std::string pattern =
      "py2cuda::np::stack<{t0}, " + std::to_string(ndim) + ">(0, " + placeholders(0, arrays.size()) + ")";
  return call_node(types::array(dt, ndim + 1, Layout::C), pattern, s, std::move(arrays), {dt});
}

// The 1-D array of a tuple's numbers (`np.array(c)` of a tuple held in a name, `np.prod(shape)`):
// NumPy's dtype for the values unless `dt` is given, the tuple read once.
ir::ExprPtr FunctionBuilder::array_from_tuple(ir::ExprPtr v, TypeRef dt, Span s) {
  if (!dt) {
    for (TypeRef e : v->type->elements()) dt = holding_dtype(dt, e);
  }
  const bool named = v->kind == ir::ExprKind::Var;
  ir::Variable* tuple = named ? static_cast<ir::VarRef&>(*v).var : temporary("tup", v->type);
  std::vector<ir::ExprPtr> values;
  for (size_t k = 0; k < v->type->elements().size(); ++k) {
    values.push_back(convert(std::make_unique<ir::TupleGet>(v->type->elements()[k], std::make_unique<ir::VarRef>(tuple, s),
                                                            static_cast<int>(k), s),
                             dt));
  }
  const size_t n = values.size();
  auto made = call_node(types::array(dt, 1, Layout::C),
                        "py2cuda::np::array_from<{t0}>(py2cuda::host::shape(" + std::to_string(n) + "), {" +
                            placeholders(0, n) + "})",
                        s, std::move(values), {dt});
  if (named) return made;
  auto let = std::make_unique<ir::Let>(tuple, std::move(v), s);
  let->type = made->type;
  let->body = std::move(made);
  return let;
}

}  // namespace py2cuda::infer
