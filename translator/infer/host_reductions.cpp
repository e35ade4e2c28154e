// FunctionBuilder, host code: NumPy's reductions of whole arrays and along axes (sum, mean,
// std, max, argmax, all, count_nonzero, trace), np.dot, np.allclose / np.isclose /
// np.array_equal and np.testing's asserts: NumPy's accumulator types, axes and keepdims read
// at translation time, as the result's rank depends on them.
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "builtins/host_table.h"
#include "infer/builtin_typing.h"
#include "infer/function_builder.h"
#include "infer/host_nodes.h"
#include "infer/host_row_args.h"
#include "types/numpy_rules.h"

namespace py2cuda::infer {

using builtins::HostRule;

ir::ExprPtr FunctionBuilder::host_reduction(HostRowArgs& bound, ir::ExprPtr self) {
  const ast::Call& c = bound.call;
  const builtins::HostBuiltin& row = bound.row;
  const std::string& what = bound.what;
  const std::string& rt = bound.rt;
  std::vector<const ast::Expr*>& a = bound.a;
  switch (row.rule) {
    case HostRule::Trace: {
      const bool method = self != nullptr;  // a.trace(offset): self is moved from below
      if (!bound.bind(method ? std::vector<std::string>{"offset"} : std::vector<std::string>{"a", "offset"})) return nullptr;
      ir::ExprPtr arr = method ? std::move(self) : (bound.need(0, "a") ? bound.array_arg(0) : nullptr);
      if (!arr) return nullptr;
      if (arr->type->ndim() != 2) return fail(c.span, what + "() of a " + std::to_string(arr->type->ndim()) + "-D array is not supported by py2cuda (2-D arrays are)");
      TypeRef dt = numpy_rules::sum_dtype(arr->type->dtype());
      std::vector<ir::ExprPtr> args;
      args.push_back(std::move(arr));
      const size_t offset_slot = method ? 0 : 1;
      if (!is_none(a[offset_slot])) {
        auto off = bound.value(offset_slot);
        if (!off) return nullptr;
        if (!off->type->is_int()) return fail(a[offset_slot]->span, what + "(offset=...) needs an integer");
        args.push_back(convert(std::move(off), types::int64()));
      }
      return call_node(dt, rt + "<{t0}>(" + placeholders(0, args.size()) + ")", c.span, std::move(args), {dt});
    }
    case HostRule::Reduction:
    case HostRule::MeanReduction:
    case HostRule::ExtremumReduction:
    case HostRule::ArgReduction:
    case HostRule::BoolReduction:
    case HostRule::CountNonzero: {
      const bool method = self != nullptr;
      const bool has_ddof = row.path.find("std") != std::string_view::npos || row.path.find("var") != std::string_view::npos;
      std::vector<std::string> names = method ? std::vector<std::string>{"axis"} : std::vector<std::string>{"a", "axis"};
      const bool takes_dtype = row.rule == HostRule::Reduction || row.rule == HostRule::MeanReduction;
      if (has_ddof) names.push_back("ddof");
      if (takes_dtype) names.push_back("dtype");
      names.push_back("keepdims");
      if (!bound.bind(names)) return nullptr;
      const ast::Expr* dtype_arg = takes_dtype ? a[a.size() - 2] : nullptr;
      const ast::Expr* keepdims_arg = a.back();
      ir::ExprPtr arr = method ? std::move(self) : (bound.need(0, "a") ? bound.value(0) : nullptr);
      if (!arr) return nullptr;
      // np.prod(shape), np.max((a, b)): the tuple's numbers as a 1-D array, as NumPy takes them.
      if (!method && is_number_tuple(arr->type)) arr = array_from_tuple(std::move(arr), nullptr, a[0]->span);
      if (!arr->type->is_array() || arr->type->is_device_array()) {
        return fail(c.span, what + "() needs a host array, not " + arr->type->str());
      }
      TypeRef in = arr->type->dtype();
      TypeRef dt = row.rule == HostRule::Reduction           ? numpy_rules::sum_dtype(in)
                   : row.rule == HostRule::MeanReduction     ? numpy_rules::mean_dtype(in)
                   : row.rule == HostRule::ExtremumReduction ? in
                   : row.rule == HostRule::BoolReduction     ? types::boolean()
                                                             : types::int64();
      if (!is_none(dtype_arg)) {
        dt = host_dtype(*dtype_arg);  // sum(dtype=np.int64): NumPy accumulates in that type
        if (!dt) return nullptr;
      }
      const size_t axis_slot = method ? 0 : 1;
      std::vector<ir::ExprPtr> args;
      args.push_back(std::move(arr));
      std::string extra;
      if (has_ddof && !is_none(a[axis_slot + 1])) {
        auto ddof = bound.value(axis_slot + 1);
        if (!ddof) return nullptr;
        extra = ", {" + std::to_string(args.size()) + "}";
        args.push_back(convert(std::move(ddof), types::int64()));
      }
      // sum, prod, mean, var and std take their result type (NumPy's accumulator); the
      // others give the element type, int64 or bool by themselves.
      const bool typed = row.rule == HostRule::Reduction || row.rule == HostRule::MeanReduction;
      const std::string callee = rt + (typed ? "<{t0}>" : "");
      const int nd = args[0]->type->ndim();
      // keepdims=True: the reduced axes stay, with extent 1 (a constant, as the rank depends on it).
      bool keepdims = false;
      if (!is_none(keepdims_arg)) {
        auto k = expr(*keepdims_arg);
        if (!k) return nullptr;
        auto known = known_value(*k);
        if (!known || !(k->type->is_bool() || k->type->is_int())) {
          return fail(keepdims_arg->span, what + "(keepdims=...) needs a constant True or False in py2cuda");
        }
        keepdims = *known != 0.0;
      }
      auto kept = [&](ir::ExprPtr reduced, std::optional<int> axis) -> ir::ExprPtr {
        if (!keepdims) return reduced;
        if (axis && nd > 1) {
          return call_node(types::array(dt, nd, Layout::A), "py2cuda::np::expand_dims({0}, " + std::to_string(*axis) + ")",
                           c.span, args_of(std::move(reduced)));
        }
        return call_node(types::array(dt, nd, Layout::C), "py2cuda::np::keep_dims<" + std::to_string(nd) + ">({0})", c.span,
                         args_of(std::move(reduced)));
      };
      if (!is_none(a[axis_slot]) && a[axis_slot]->kind == ast::ExprKind::Tuple && row.rule != HostRule::ArgReduction) {
        // axis=(1, 2): adjacent axes, merged into one as NumPy's iterator coalesces them (so the
        // order of additions is NumPy's); every axis is the whole array.
        std::vector<int> axes;
        for (const auto& e : ast::as<ast::TupleExpr>(*a[axis_slot]).elts) {
          auto v = expr(*e);
          if (!v) return nullptr;
          auto k = known_value(*v);
          if (!k || !v->type->is_int() || *k < -nd || *k >= nd) {
            return fail(e->span, what + "(axis=...) needs constant axes of the array");
          }
          axes.push_back(static_cast<int>(*k < 0 ? *k + nd : *k));
        }
        std::sort(axes.begin(), axes.end());
        for (size_t i = 1; i < axes.size(); ++i) {
          if (axes[i] == axes[i - 1]) return fail(a[axis_slot]->span, "duplicate value in 'axis' (ValueError)");
          if (axes[i] != axes[i - 1] + 1) {
            return fail(a[axis_slot]->span, what + "(axis=...) of axes that are not adjacent is not supported by py2cuda");
          }
        }
        const int count = static_cast<int>(axes.size());
        if (count == 0) return fail(a[axis_slot]->span, what + "(axis=()) is not supported by py2cuda");
        if (count < nd && args[0]->type->layout() != Layout::C) {
          return fail(a[axis_slot]->span, what + "(axis=...) of several axes needs a C-contiguous array in py2cuda (copy it first)");
        }
        auto keep_all = [&](ir::ExprPtr reduced) -> ir::ExprPtr {
          if (!keepdims) return reduced;
          for (int d : axes) {
            const TypeRef wider = types::array(dt, reduced->type->ndim() + 1, Layout::A);
            reduced = call_node(wider,
                                "py2cuda::np::expand_dims({0}, " + std::to_string(d) + ")", c.span, args_of(std::move(reduced)));
          }
          return reduced;
        };
        if (count == nd) {
          return kept(call_node(dt, callee + "({0}" + extra + ")", c.span, std::move(args), {dt}), std::nullopt);
        }
        if (count == 1) {
          if (nd > 1) {
            if (has_ddof && extra.empty()) extra = ", 0";
            return kept(call_node(types::array(dt, nd - 1, Layout::C), callee + "({0}, " + std::to_string(axes[0]) + extra + ")",
                                  c.span, std::move(args), {dt}),
                        axes[0]);
          }
          return kept(call_node(dt, callee + "({0}" + extra + ")", c.span, std::move(args), {dt}), std::nullopt);
        }
        const int merged_nd = nd - count + 1;
        const TypeRef merged = types::array(args[0]->type->dtype(), merged_nd, Layout::A);
        args[0] = call_node(merged,
                            "py2cuda::np::merge_axes<" + std::to_string(count) + ">({0}, " + std::to_string(axes[0]) + ")", c.span,
                            args_of(std::move(args[0])));
        if (has_ddof && extra.empty()) extra = ", 0";
        return keep_all(call_node(types::array(dt, merged_nd - 1, Layout::C),
                                  callee + "({0}, " + std::to_string(axes[0]) + extra + ")", c.span, std::move(args), {dt}));
      }
      if (!is_none(a[axis_slot])) {
        auto axis = bound.value(axis_slot);
        if (!axis) return nullptr;
        auto k = known_value(*axis);
        if (!k || !axis->type->is_int() || *k < -nd || *k >= nd) {
          return fail(a[axis_slot]->span, what + "(axis=...) needs a constant axis of the array");
        }
        int ax = static_cast<int>(*k < 0 ? *k + nd : *k);
        if (nd > 1) {
          if (has_ddof && extra.empty()) extra = ", 0";
          return kept(call_node(types::array(dt, nd - 1, Layout::C), callee + "({0}, " + std::to_string(ax) + extra + ")",
                                c.span, std::move(args), {dt}),
                      ax);
        }
      }
      return kept(call_node(dt, callee + "({0}" + extra + ")", c.span, std::move(args), {dt}), std::nullopt);
    }
    case HostRule::Dot: {
      std::vector<ir::ExprPtr> args;
      if (self) {
        if (!bound.bind({"b"}) || !bound.need(0, "b")) return nullptr;
        args.push_back(std::move(self));
        auto b = bound.value(0);
        if (!b) return nullptr;
        args.push_back(std::move(b));
      } else {
        if (!bound.bind({"a", "b"}) || !bound.need(0, "a") || !bound.need(1, "b")) return nullptr;
        auto x = bound.value(0), y = bound.value(1);
        if (!x || !y) return nullptr;
        args.push_back(std::move(x));
        args.push_back(std::move(y));
      }
      return array_binary(BinOp::MatMul, std::move(args[0]), std::move(args[1]), c.span);
    }
    case HostRule::AllClose:
    case HostRule::IsClose: {
      const bool equal = row.path == "numpy.array_equal";
      if (!(equal ? bound.bind({"a1", "a2", "equal_nan"}) : bound.bind({"a", "b", "rtol", "atol", "equal_nan"}))) {
        return nullptr;
      }
      if (!bound.need(0, equal ? "a1" : "a") || !bound.need(1, equal ? "a2" : "b")) return nullptr;
      // A list (np.allclose(out, [1.0, 2.0])) is the array NumPy makes of it.
      auto x = listed_array(bound.value(0), a[0]->span), y = listed_array(bound.value(1), a[1]->span);
      if (!x || !y) return nullptr;
      std::vector<ir::ExprPtr> args;
      int nd = std::max(x->type->is_array() ? x->type->ndim() : 0, y->type->is_array() ? y->type->ndim() : 0);
      args.push_back(std::move(x));
      args.push_back(std::move(y));
      if (equal && !is_none(a[2])) {
        auto nan = bound.value(2);
        if (!nan) return nullptr;
        args.push_back(convert(truth(std::move(nan)), types::boolean()));
      }
      if (!equal) {
        const double defaults[] = {1e-05, 1e-08};
        for (size_t k = 2; k < 4; ++k) {
          ir::ExprPtr v;
          if (!is_none(a[k])) {
            v = bound.value(k);
            if (!v) return nullptr;
          } else {
            auto d = std::make_unique<ir::Const>(types::float64(), c.span);
            d->f = defaults[k - 2];
            v = std::move(d);
          }
          args.push_back(convert(std::move(v), types::float64()));
        }
        ir::ExprPtr nan;
        if (!is_none(a[4])) {
          nan = bound.value(4);
          if (!nan) return nullptr;
        } else {
          nan = std::make_unique<ir::Const>(types::boolean(), c.span);
        }
        args.push_back(convert(truth(std::move(nan)), types::boolean()));
      }
      TypeRef t = row.rule == HostRule::IsClose && nd > 0 ? types::array(types::boolean(), nd, Layout::C) : types::boolean();
      return call_node(t, rt + "(" + placeholders(0, args.size()) + ")", c.span, std::move(args));
    }
    case HostRule::TestingAssert: {
      const bool almost = row.path.find("almost") != std::string_view::npos;
      const bool allclose = row.path == "numpy.testing.assert_allclose";
      std::vector<std::string> names = {"actual", "desired"};
      if (allclose) names = {"actual", "desired", "rtol", "atol", "equal_nan", "err_msg", "verbose"};
      if (almost) names = {"actual", "desired", "decimal", "err_msg", "verbose"};
      if (!allclose && !almost) names = {"x", "y", "err_msg", "verbose"};
      if (!bound.bind(names) || !bound.need(0, names[0]) || !bound.need(1, names[1])) return nullptr;
      std::vector<ir::ExprPtr> args;
      for (size_t k = 0; k < 2; ++k) {
        auto v = listed_array(bound.value(k), a[k]->span);  // a list: the array NumPy makes of it
        if (!v) return nullptr;
        if (v->type->is_device_array()) return fail(a[k]->span, what + "() needs host arrays: copy_to_host() first");
        args.push_back(std::move(v));
      }
      auto number_or = [&](size_t k, TypeRef t, double fallback) -> ir::ExprPtr {
        if (!is_none(a[k])) {
          auto v = bound.value(k);
          return v ? convert(std::move(v), t) : nullptr;
        }
        auto d = std::make_unique<ir::Const>(t, c.span);
        if (t->is_float()) d->f = fallback;
        else d->bits = static_cast<uint64_t>(static_cast<int64_t>(fallback));
        return d;
      };
      size_t msg_slot = 2;
      if (allclose) {
        args.push_back(number_or(2, types::float64(), 1e-07));
        args.push_back(number_or(3, types::float64(), 0.0));
        msg_slot = 5;
      } else if (almost) {
        args.push_back(number_or(2, types::int64(), row.path == "numpy.testing.assert_almost_equal" ? 7 : 6));
        msg_slot = 3;
      }
      for (const auto& x : args) {
        if (!x) return nullptr;
      }
      ir::ExprPtr msg;
      if (!is_none(a[msg_slot])) {
        msg = bound.value(msg_slot);
        if (!msg) return nullptr;
        if (!msg->type->is_string()) return fail(a[msg_slot]->span, "err_msg must be a string");
      } else {
        msg = string_const("", c.span);
      }
      args.push_back(std::move(msg));
      return call_node(types::none(), rt + "(" + placeholders(0, args.size()) + ")", c.span, std::move(args));
    }
    default:
      break;
  }
  return fail(bound.call.span, bound.what + "() is not supported in host code by py2cuda");
}

}  // namespace py2cuda::infer
