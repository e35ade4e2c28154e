// A call of a row of the host table (builtins/host_table.cpp) and its arguments bound to the
// row's parameter names: the checks every family of rows makes of them (infer/host_calls.cpp
// dispatches a row to its family: host_array_creation.cpp, host_array_methods.cpp,
// host_reductions.cpp, host_random.cpp, host_cuda_api.cpp).
#pragma once

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "builtins/host_table.h"
#include "frontend/ast.h"
#include "infer/function_builder.h"
#include "infer/host_arguments.h"

namespace py2cuda::infer {

// An argument left out, or given as None: the parameter's default.
inline bool is_none(const ast::Expr* e) { return !e || e->kind == ast::ExprKind::NoneLit; }

// A tuple (or list display) of numbers: NumPy's functions take it as a 1-D array.
inline bool is_number_tuple(TypeRef t) {
  return t->is_tuple() && !t->elements().empty() &&
         std::all_of(t->elements().begin(), t->elements().end(), [](TypeRef e) { return e->is_number(); });
}

// The callable as Python code names it (np.zeros, cuda.to_device), for messages.
inline std::string host_display_name(const std::string& path) {
  if (path.rfind("numba.cuda.", 0) == 0) return "cuda." + path.substr(11);
  if (path.rfind("numpy.", 0) == 0) return "np." + path.substr(6);
  return path;
}

// A translation-time value of a scalar literal (for NumPy 1.x's value-based casting, and the
// constant axes and flags NumPy's result types depend on).
inline std::optional<double> known_value(const ir::Expr& e) {
  if (e.kind != ir::ExprKind::Const) return std::nullopt;
  const auto& c = static_cast<const ir::Const&>(e);
  if (c.type->is_float()) return c.f;
  if (c.type->is_bool()) return c.b ? 1.0 : 0.0;
  if (c.type->is_int()) {
    return c.type->is_signed() ? static_cast<double>(static_cast<int64_t>(c.bits)) : static_cast<double>(c.bits);
  }
  return std::nullopt;
}

class HostRowArgs {
 public:
  HostRowArgs(FunctionBuilder& builder, const ast::Call& call, const builtins::HostBuiltin& row)
      : call(call),
        row(row),
        what(host_display_name(std::string(row.path))),
        rt(row.runtime),
        array_like_(row.path.rfind("numpy.", 0) == 0 && row.rule != builtins::HostRule::ArrayFromValues),
        builder_(builder) {}

  const ast::Call& call;
  const builtins::HostBuiltin& row;
  const std::string what;  // the callable as Python names it
  const std::string rt;    // the row's runtime function
  // After bind(): the expression given for each parameter name, null where none was.
  std::vector<const ast::Expr*> a;

  // Binds the call's arguments to `names` (positional first, then keywords); false after
  // reporting an unknown keyword or too many arguments.
  bool bind(const std::vector<std::string>& names) {
    return bind_host_arguments(call, what, names, a, builder_.D());
  }
  // Reports a required argument left out.
  bool need(size_t k, const std::string& name) {
    if (a[k]) return true;
    builder_.D().error(call.span, what + "() missing required argument '" + name + "'");
    return false;
  }
  // Argument k's value. NumPy's functions take a list where they take an array (array_like):
  // np.mean(times) of a list is the mean of its array.
  ir::ExprPtr value(size_t k) {
    auto v = builder_.expr(*a[k]);
    if (array_like_ && v && v->type->is_list()) v = builder_.array_from_list(std::move(v), nullptr, a[k]->span);
    return v;
  }
  // Argument k's value, which must be a host array.
  ir::ExprPtr array_arg(size_t k) {
    auto v = value(k);
    if (!v) return nullptr;
    if (!v->type->is_array() || v->type->is_device_array()) {
      return builder_.fail(a[k]->span, what + "() needs a host array here, not " + v->type->str());
    }
    return v;
  }
  // The dtype argument k names, or `fallback` where it is left out or None.
  TypeRef dtype_or(size_t k, TypeRef fallback) { return is_none(a[k]) ? fallback : builder_.host_dtype(*a[k]); }

 private:
  const bool array_like_;
  FunctionBuilder& builder_;
};

}  // namespace py2cuda::infer
