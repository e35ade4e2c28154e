// FunctionBuilder, host code: the methods (and their np.* spellings) that copy, convert or
// reshape an array: astype, copy, reshape, ravel, transpose, tolist, fill.
#include <cstdint>
#include <string>
#include <vector>

#include "builtins/host_table.h"
#include "infer/builtin_typing.h"
#include "infer/function_builder.h"
#include "infer/host_nodes.h"
#include "infer/host_row_args.h"

namespace py2cuda::infer {

using builtins::HostRule;

ir::ExprPtr FunctionBuilder::host_array_method(HostRowArgs& bound, ir::ExprPtr self) {
  const builtins::HostBuiltin& row = bound.row;
  const ast::Call& c = bound.call;
  const std::string& what = bound.what;
  const std::string& rt = bound.rt;
  std::vector<const ast::Expr*>& a = bound.a;
  switch (row.rule) {
    case HostRule::AsType: {
      if (!bound.bind({"dtype"}) || !bound.need(0, "dtype")) return nullptr;
      TypeRef dt = host_dtype(*a[0]);
      if (!dt) return nullptr;
      // A NumPy scalar's astype (`np.ceil(n / 32).astype(int)`): the scalar of that dtype,
      // converted as C converts (a float truncates toward zero), as NumPy's cast does.
      if (self->type->is_number()) return convert(std::move(self), dt);
      TypeRef t = types::array(dt, self->type->ndim(), Layout::C);
      return call_node(t, rt + "<{t0}>({0})", c.span, args_of(std::move(self)), {dt});
    }
    case HostRule::Copy: {
      ir::ExprPtr arr = std::move(self);
      if (!arr) {
        if (!bound.bind({"a"}) || !bound.need(0, "a")) return nullptr;
        arr = bound.array_arg(0);
      } else if (!bound.bind({"order"})) {
        return nullptr;
      }
      if (!arr) return nullptr;
      if (!arr->type->is_array()) return fail(c.span, what + "() needs an array");
      TypeRef t = types::array(arr->type->dtype(), arr->type->ndim(), Layout::C);
      return call_node(t, rt + "({0})", c.span, args_of(std::move(arr)));
    }
    case HostRule::Reshape: {
      ir::ExprPtr arr = std::move(self);
      std::vector<ir::ExprPtr> dims;
      ir::ExprPtr shape;  // a tuple of ints held in a name or given by an expression (`reshape(img.shape)`)
      auto add_dims = [&](const ast::Expr& e) -> bool {
        auto v = expr(e);
        if (!v) return false;
        if (v->type->is_int()) {
          dims.push_back(convert(std::move(v), types::int64()));
          return true;
        }
        if (v->type->is_tuple() && v->kind == ir::ExprKind::TupleMake) {
          for (auto& x : static_cast<ir::TupleMake&>(*v).elements) {
            if (!x->type->is_int()) break;
            dims.push_back(convert(std::move(x), types::int64()));
          }
          return true;
        }
        bool ints = v->type->is_tuple() && !v->type->is_list_display() && !v->type->elements().empty() && dims.empty() && !shape;
        for (size_t k = 0; ints && k < v->type->elements().size(); ++k) ints = v->type->elements()[k]->is_int();
        if (ints) {
          TypeRef tuple_type = v->type;
          shape = call_node(tuple_type, "py2cuda::host::shape_of({0})", e.span, args_of(std::move(v)));
          return true;
        }
        D().error(e.span, "reshape() needs integers or a tuple of them");
        return false;
      };
      if (arr) {
        if (!c.keywords.empty()) return fail(c.keywords[0].span, "reshape() keyword arguments are not supported");
        for (const auto& d : c.args) {
          if (!add_dims(*d)) return nullptr;
        }
      } else {
        if (!bound.bind({"a", "newshape"}) || !bound.need(0, "a") || !bound.need(1, "newshape")) return nullptr;
        arr = bound.array_arg(0);
        if (!arr || !add_dims(*a[1])) return nullptr;
      }
      if (!arr->type->is_array()) return fail(c.span, "reshape() needs an array");
      if (shape && !dims.empty()) return fail(c.span, "reshape() takes one shape: a tuple, or integers");
      if (shape) {
        const int nd = static_cast<int>(shape->type->elements().size());
        TypeRef t = arr->type->is_device_array() ? types::device_array(arr->type->dtype(), nd, Layout::C)
                                                 : types::array(arr->type->dtype(), nd, Layout::C);
        std::vector<ir::ExprPtr> args;
        args.push_back(std::move(arr));
        args.push_back(std::move(shape));
        return call_node(t, rt + "<" + std::to_string(nd) + ">({0}, {1})", c.span, std::move(args));
      }
      if (dims.empty()) return fail(c.span, "reshape() needs the new shape");
      TypeRef t = arr->type->is_device_array()
                      ? types::device_array(arr->type->dtype(), static_cast<int>(dims.size()), Layout::C)
                      : types::array(arr->type->dtype(), static_cast<int>(dims.size()), Layout::C);
      std::vector<ir::ExprPtr> args;
      args.push_back(std::move(arr));
      const size_t n = dims.size();
      for (auto& d : dims) args.push_back(std::move(d));
      return call_node(t, rt + "<" + std::to_string(n) + ">({0}, py2cuda::host::shape(" + placeholders(1, n) + "))",
                       c.span, std::move(args));
    }
    case HostRule::Ravel: {
      ir::ExprPtr arr = std::move(self);
      const ast::Expr* order = nullptr;
      if (!arr) {
        if (!bound.bind({"a", "order"}) || !bound.need(0, "a")) return nullptr;
        arr = bound.array_arg(0);
        if (!arr) return nullptr;
        order = a[1];
      } else if (!arr->type->is_device_array()) {
        if (!bound.bind({"order"})) return nullptr;
        order = a[0];
      } else if (arr->type->is_device_array()) {
        // DeviceNDArray.ravel(order='C', stream=0): a view of the same device memory.
        if (!bound.bind({"order", "stream"})) return nullptr;
        if (a[0] && !(a[0]->kind == ast::ExprKind::StrLit && ast::as<ast::StrLit>(*a[0]).value == "C")) {
          return fail(a[0]->span, what + "(order=...) other than 'C' is not supported by py2cuda");
        }
        TypeRef t = types::device_array(arr->type->dtype(), 1, Layout::C);
        return call_node(t, rt + "({0})", c.span, args_of(std::move(arr)));
      }
      TypeRef t = types::array(arr->type->dtype(), 1, Layout::C);
      if (!is_none(order)) {
        // order='F' reads the elements with the first index fastest: the transpose's C order.
        const std::string o = order->kind == ast::ExprKind::StrLit ? ast::as<ast::StrLit>(*order).value : "";
        const bool c_order = o == "C" || ((o == "A" || o == "K") && arr->type->layout() == Layout::C);
        if (o == "F" && arr->type->ndim() > 1) {
          return call_node(t, rt + "(py2cuda::np::transpose({0}))", c.span, args_of(std::move(arr)));
        }
        if (!c_order && o != "F") {
          return fail(order->span, what + "(order=...) is supported as 'C' and 'F' (and 'A'/'K' of a C-contiguous array)");
        }
      }
      return call_node(t, rt + "({0})", c.span, args_of(std::move(arr)));
    }
    case HostRule::Transpose: {
      ir::ExprPtr arr = std::move(self);
      // The axes: np.transpose(a, axes), np.transpose(a, axes=...), a.transpose(axes), a.transpose(2, 0, 1).
      std::vector<const ast::Expr*> axes;
      auto take_axes = [&](const ast::Expr* e) {
        if (!e || e->kind == ast::ExprKind::NoneLit) return;
        if (e->kind == ast::ExprKind::Tuple || e->kind == ast::ExprKind::List) {
          for (const auto& x : (e->kind == ast::ExprKind::Tuple ? ast::as<ast::TupleExpr>(*e).elts : ast::as<ast::ListExpr>(*e).elts)) {
            axes.push_back(x.get());
          }
        } else {
          axes.push_back(e);
        }
      };
      if (!arr) {
        if (!bound.bind({"a", "axes"}) || !bound.need(0, "a")) return nullptr;
        arr = bound.array_arg(0);
        if (!arr) return nullptr;
        take_axes(a[1]);
      } else {
        if (!c.keywords.empty()) return fail(c.keywords[0].span, "ndarray.transpose() takes no keyword arguments (TypeError)");
        if (c.args.size() == 1) take_axes(c.args[0].get());
        else for (const auto& x : c.args) axes.push_back(x.get());
      }
      if (arr->type->is_device_array()) {
        if (!axes.empty()) return fail(c.span, what + "(axes) of a device array is not supported by py2cuda (numba-cuda's is 2-D)");
        return device_transpose(std::move(arr), c.span);
      }
      const int nd = arr->type->ndim();
      TypeRef t = types::array(arr->type->dtype(), nd, nd == 1 ? Layout::C : Layout::A, arr->type->is_readonly());
      if (axes.empty()) return call_node(t, rt + "({0})", c.span, args_of(std::move(arr)));
      // Result axis d is a's axis axes[d]: written as the swapaxes views that permute a's axes
      // into that order, one swap per axis out of place.
      if (static_cast<int>(axes.size()) != nd) return fail(c.span, "axes don't match array");
      std::vector<int> order;
      for (const ast::Expr* x : axes) {
        auto v = expr(*x);
        if (!v) return nullptr;
        if (v->kind != ir::ExprKind::Const || !v->type->is_int()) return fail(x->span, what + "() needs constant integer axes in py2cuda");
        int64_t axis = static_cast<int64_t>(static_cast<const ir::Const&>(*v).bits);
        if (axis < 0) axis += nd;
        if (axis < 0 || axis >= nd) {
          return fail(x->span, "axis " + std::to_string(static_cast<int64_t>(static_cast<const ir::Const&>(*v).bits)) +
                                   " is out of bounds for array of dimension " + std::to_string(nd) + " (AxisError)");
        }
        for (int seen : order) {
          if (seen == axis) return fail(x->span, "repeated axis in transpose");
        }
        order.push_back(static_cast<int>(axis));
      }
      std::vector<int> current(static_cast<size_t>(nd));
      for (int d = 0; d < nd; ++d) current[static_cast<size_t>(d)] = d;
      ir::ExprPtr view = std::move(arr);
      for (int d = 0; d < nd; ++d) {
        int p = d;
        while (current[static_cast<size_t>(p)] != order[static_cast<size_t>(d)]) ++p;
        if (p == d) continue;
        std::swap(current[static_cast<size_t>(p)], current[static_cast<size_t>(d)]);
        view = call_node(t, "py2cuda::np::swapaxes({0}, " + std::to_string(d) + ", " + std::to_string(p) + ")", c.span,
                         args_of(std::move(view)));
      }
      if (view->type != t) view = call_node(t, "{0}", c.span, args_of(std::move(view)));  // a.transpose(0, 1): a itself
      return view;
    }
    case HostRule::ToList: {
      if (!c.args.empty() || !c.keywords.empty()) return fail(c.span, "tolist() takes no arguments");
      // NumPy's item() of each element: a Python float, int or bool; nested per dimension.
      TypeRef dt = self->type->dtype();
      if (!dt->is_number()) return fail(c.span, "tolist() of an array of " + dt->str() + " is not supported by py2cuda");
      TypeRef t = dt->is_bool() ? dt : dt->is_float() ? types::float64() : dt == types::uint64() ? dt : types::int64();
      for (int d = 0; d < self->type->ndim(); ++d) t = types::list(t);
      return call_node(t, rt + "({0})", c.span, args_of(std::move(self)));
    }
    case HostRule::Fill: {
      if (!bound.bind({"value"}) || !bound.need(0, "value")) return nullptr;
      auto v = bound.value(0);
      if (!v) return nullptr;
      TypeRef dt = self->type->dtype();
      std::vector<ir::ExprPtr> args;
      args.push_back(std::move(self));
      args.push_back(convert(std::move(v), dt));
      return call_node(types::none(), "py2cuda::np::fill({0}, {1})", c.span, std::move(args));
    }
    default:
      break;
  }
  return fail(bound.call.span, bound.what + "() is not supported in host code by py2cuda");
}

}  // namespace py2cuda::infer
