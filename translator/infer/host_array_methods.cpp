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
        D().error(e.span, "reshape() needs integers or a tuple display of them");
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
      if (!arr) {
        if (!bound.bind({"a"}) || !bound.need(0, "a")) return nullptr;
        arr = bound.array_arg(0);
        if (!arr) return nullptr;
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
      return call_node(t, rt + "({0})", c.span, args_of(std::move(arr)));
    }
    case HostRule::Transpose: {
      ir::ExprPtr arr = std::move(self);
      if (!arr) {
        if (!bound.bind({"a"}) || !bound.need(0, "a")) return nullptr;
        arr = bound.array_arg(0);
        if (!arr) return nullptr;
      }
      if (arr->type->is_device_array()) return device_transpose(std::move(arr), c.span);
      TypeRef t = types::array(arr->type->dtype(), arr->type->ndim(), arr->type->ndim() == 1 ? Layout::C : Layout::A);
      return call_node(t, rt + "({0})", c.span, args_of(std::move(arr)));
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
