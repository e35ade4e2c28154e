// Host code's module variables that functions rebind: `global counter` in a plain function.
//
// Python keeps one binding per module name, which the module's code and every function see.
// Such a name becomes one C++ variable at namespace scope, of the type of its first
// assignment; reads and stores anywhere in host code go to it. A later assignment of
// another type (Python would rebind the name to another kind of object) is an error that
// names the variable: printing it with the first type's text would be wrong.
#include "infer/ast_queries.h"
#include "infer/function_builder.h"

namespace py2cuda::infer {

bool ModuleBuilder::is_shared_global(const std::string& name) {
  if (!shared_globals_) {
    shared_globals_.emplace();
    for (const auto& f : info_.functions) {
      if (f->kind == sema::FunctionKind::Plain && f->def) collect_global_names(f->def->body, *shared_globals_);
    }
  }
  return shared_globals_->count(name) > 0;
}

std::string ModuleBuilder::shared_global_cpp_name(const std::string& name) const {
  return cpp_identifier(name) + "_global";
}

TypeRef ModuleBuilder::shared_global_type(const std::string& name) const {
  auto it = shared_global_types_.find(name);
  return it == shared_global_types_.end() ? nullptr : it->second;
}

void ModuleBuilder::set_shared_global_type(const std::string& name, TypeRef t) {
  if (shared_global_types_.emplace(name, t).second) {
    module_->host_globals.emplace_back(shared_global_cpp_name(name), t);
  }
}

ir::ExprPtr FunctionBuilder::shared_global_read(const std::string& id, Span s) {
  TypeRef t = mb_.shared_global_type(id);
  if (!t) {
    return fail(s, "the module variable '" + id + "' is read before the module's code assigns it a value (py2cuda "
                   "types a variable that functions rebind with 'global' by its module-level assignment)");
  }
  return std::make_unique<ir::GlobalRef>(mb_.shared_global_cpp_name(id), t, s);
}

void FunctionBuilder::shared_global_store(const std::string& id, ir::ExprPtr value, Span s, ir::Block& out,
                                          bool echo) {
  value = as_python_list(std::move(value));
  const TypeRef v = value->type;
  if (!(v->is_number() || v->is_string() || (v->is_array() && !v->is_device_array()))) {
    D().error(s, "the module variable '" + id + "' is rebound by a function ('global " + id + "') and assigned " +
                     v->str() + " here; py2cuda shares numbers, strings and NumPy arrays between the module's code "
                     "and its functions");
    return;
  }
  TypeRef t = mb_.shared_global_type(id);
  if (!t) {
    mb_.set_shared_global_type(id, v);
    t = v;
  }
  if (t != v) {
    D().error(s, "the module variable '" + id + "' is " + t->str() + " (its first assignment) and is assigned " +
                     v->str() + " here; py2cuda keeps one type for a variable that functions rebind with 'global': "
                     "give its first assignment that type (e.g. " + id + " = 0.0)");
    return;
  }
  auto store = std::make_unique<ir::BuiltinCall>(types::none(), mb_.shared_global_cpp_name(id) + " = {0}", s);
  store->args.push_back(std::move(value));
  auto st = std::make_unique<ir::ExprStmt>(std::move(store), s);
  st->echo_line = echo;
  out.push_back(std::move(st));
}

}  // namespace py2cuda::infer
