// Host code's module variables that functions rebind (`global counter` in a plain function)
// or change in place (`timings[key] = t`, `results.append(x)` on a module-level dict, list
// or array a function does not bind), and those functions read that are not frozen numbers:
// module arrays, strings and containers, and names the module's code binds more than once.
//
// Python keeps one binding per module name, which the module's code and every function see.
// Such a name becomes one C++ variable at namespace scope, of the type of its first
// assignment; reads and stores anywhere in host code go to it. An empty dict or list takes
// its element types from the stores into it, in the module's code or in a function, as a
// local one does. A later assignment of another type (Python would rebind the name to
// another kind of object) is an error that names the variable: printing it with the first
// type's text would be wrong.
#include <functional>
#include <utility>
#include <vector>

#include "infer/ast_queries.h"
#include "infer/function_builder.h"

namespace py2cuda::infer {

bool ModuleBuilder::is_shared_global(const std::string& name) {
  if (!shared_globals_) {
    shared_globals_.emplace();
    for (const auto& f : info_.functions) {
      if (f->kind == sema::FunctionKind::Plain && f->def) collect_global_names(f->def->body, *shared_globals_);
    }
    // A module container a function changes without binding the name, or one the module's
    // code changes and a function reads: the module's object, not a frozen copy.
    std::set<std::string> module_names, changed_by_module;
    collect_bound_names(info_.host.body, module_names);
    collect_mutated_names(info_.host.body, changed_by_module);
    for (const auto& f : info_.functions) {
      if (f->kind != sema::FunctionKind::Plain || !f->def) continue;
      std::set<std::string> mutated, local;
      collect_mutated_names(f->def->body, mutated);
      collect_bound_names(f->def->body, local);
      for (const auto& p : f->def->params) local.insert(p.name);
      for (const auto& name : changed_by_module) {
        NameCounter uses(name);
        uses.block(f->def->body);
        if (uses.count > 0) mutated.insert(name);
      }
      for (const auto& name : mutated) {
        if (module_names.count(name) && !local.count(name)) shared_globals_->insert(name);
      }
    }
    // A module string, list, dict or set bound once (CHARS = " .:#", SIZES = [16, 32],
    // NAMES = ("a", "b"), VALID = {"sum", "max"}) is not a constant a kernel can freeze, but
    // host functions read it as Python does: the module's object, assigned by the module's
    // code. A tuple of numbers stays a frozen constant, as kernels read it.
    std::function<bool(const ast::Expr&)> numbers = [&](const ast::Expr& e) {
      switch (e.kind) {
        case ast::ExprKind::IntLit:
        case ast::ExprKind::FloatLit:
        case ast::ExprKind::BoolLit: return true;
        case ast::ExprKind::Unary: return numbers(*ast::as<ast::Unary>(e).operand);
        case ast::ExprKind::Tuple:
          for (const auto& x : ast::as<ast::TupleExpr>(e).elts) {
            if (!numbers(*x)) return false;
          }
          return true;
        default: return false;
      }
    };
    auto host_only_value = [&](const ast::Expr& e) {
      if (e.kind == ast::ExprKind::StrLit || e.kind == ast::ExprKind::List || e.kind == ast::ExprKind::Dict) return true;
      if (e.kind == ast::ExprKind::Tuple) return !numbers(e);
      if (e.kind != ast::ExprKind::Call || ast::as<ast::Call>(e).func->kind != ast::ExprKind::Name) return false;
      return ast::as<ast::Name>(*ast::as<ast::Call>(e).func).id == "set" && !info_.globals.count("set");
    };
    // A module array (`out = np.zeros(n)`, written by launches, `copy_to_host(out)`, `out=`,
    // an alias or a helper) and a name the module's code binds more than once or from a
    // call (`VERBOSE = True` under an `if`, `BLOCKS = int(math.ceil(N / 32))`): a function reads
    // the module's current object, as Python does. A kernel still freezes a constant one.
    // (A name bound once to what py2cuda cannot evaluate, `d_buf = cuda.to_device(a)`,
    // `X = np.random.rand(3)`, is such a value too.)
    auto array_or_runtime_value = [&](sema::Symbol& sym) {
      if (sym.value_expr->kind == ast::ExprKind::NoneLit) return false;  // `CACHE = None`: the value None
      Diagnostics quiet(*info_.file);
      const sema::ConstValue* v = sema::constant_value(info_, sym, quiet);
      return !v || v->type->is_array();
    };
    // Each plain function's own names (a function's own 's' is not the module's), found once.
    std::vector<std::pair<const ast::FunctionDef*, std::set<std::string>>> function_locals;
    for (const auto& f : info_.functions) {
      if (f->kind != sema::FunctionKind::Plain || !f->def) continue;
      std::set<std::string> local;
      collect_bound_names(f->def->body, local);
      for (const auto& p : f->def->params) local.insert(p.name);
      function_locals.emplace_back(f->def, std::move(local));
    }
    for (auto& [name, sym] : info_.globals) {
      const bool host_value = sym.kind == sema::Symbol::Kind::HostValue;
      const bool constant = sym.kind == sema::Symbol::Kind::Constant && sym.closure_function.empty() && sym.value_expr;
      if (!(host_value || (constant && (host_only_value(*sym.value_expr) || array_or_runtime_value(sym)))) ||
          !module_names.count(name)) {
        continue;
      }
      for (const auto& [def, local] : function_locals) {
        if (local.count(name)) continue;
        NameCounter uses(name);
        uses.block(def->body);
        if (uses.count > 0) shared_globals_->insert(name);
      }
    }
    // A global a kernel, device function or CUDA ufunc reads that only the running program can
    // freeze: the host program keeps it in the shared variable the first launch copies it from.
    for (const auto& f : info_.functions) {
      const bool cuda_ufunc = f->kind == sema::FunctionKind::Ufunc && f->ufunc.target == "cuda";
      if (f->kind != sema::FunctionKind::Kernel && f->kind != sema::FunctionKind::Device && !cuda_ufunc) continue;
      for (const std::string& name : frozen_globals_read(*f)) {
        if (module_names.count(name)) shared_globals_->insert(name);
      }
    }
  }
  return shared_globals_->count(name) > 0;
}

std::set<std::string> ModuleBuilder::frozen_globals_read(const FunctionEntry& f) {
  std::set<std::string> read;
  if (!f.def) return read;
  std::set<std::string> local;
  collect_bound_names(f.def->body, local);
  for (const auto& p : f.def->params) local.insert(p.name);
  for (const auto& [name, sym] : info_.globals) {
    if (local.count(name)) continue;
    NameCounter uses(name);
    uses.block(f.def->body);
    if (uses.count > 0 && frozen_at_launch(name)) read.insert(name);
  }
  return read;
}

bool ModuleBuilder::frozen_at_launch(const std::string& name) {
  if (!info_.host.has_host_code) return false;
  auto [known, fresh] = frozen_at_launch_.try_emplace(name, false);
  if (!fresh) return known->second;
  auto it = info_.globals.find(name);
  if (it == info_.globals.end()) return false;
  sema::Symbol& sym = it->second;
  bool at_launch = sym.kind == sema::Symbol::Kind::HostValue;
  // (A string constant is no value a kernel reads: its comparisons are decided while typing.)
  if (sym.kind == sema::Symbol::Kind::Constant && sym.closure_function.empty() && sym.value_expr &&
      sym.value_expr->kind != ast::ExprKind::NoneLit && sym.value_expr->kind != ast::ExprKind::StrLit) {
    Diagnostics quiet(*info_.file);
    const sema::ConstValue* v = sema::constant_value(info_, sym, quiet);
    at_launch = !v;
    // A value py2cuda computes that the host code changes (in place, or rebinding it under
    // `global`): the launch freezes whatever the program has made of it by then.
    if (v && (v->type->is_array() || v->type->is_number())) at_launch = changed_by_host_code(name);
  }
  frozen_at_launch_[name] = at_launch;
  return at_launch;
}

std::string ModuleBuilder::launch_frozen_global(const std::string& name, TypeRef type) {
  const std::string cpp = cpp_identifier(name);
  for (const ir::LaunchFrozenGlobal& g : module_->launch_frozen_globals) {
    if (g.python_name == name) return g.cpp_name;
  }
  auto it = info_.globals.find(name);
  module_->launch_frozen_globals.push_back(ir::LaunchFrozenGlobal{.python_name = name,
                                                                  .cpp_name = cpp,
                                                                  .host_cpp_name = shared_global_cpp_name(name),
                                                                  .type = type,
                                                                  .span = it == info_.globals.end() ? Span{} : it->second.span});
  return cpp;
}

bool ModuleBuilder::changed_by_host_code(const std::string& name) {
  std::set<std::string> mutated;
  collect_mutated_names(info_.host.body, mutated);
  if (mutated.count(name)) return true;
  for (const auto& f : info_.functions) {
    if (f->kind != sema::FunctionKind::Plain || !f->def) continue;
    std::set<std::string> declared_global, local;
    mutated.clear();
    collect_global_names(f->def->body, declared_global);
    collect_mutated_names(f->def->body, mutated);
    collect_bound_names(f->def->body, local);
    for (const auto& p : f->def->params) local.insert(p.name);
    const bool rebinds = declared_global.count(name) && local.count(name);
    const bool changes = mutated.count(name) && (!local.count(name) || declared_global.count(name));
    if (rebinds || changes) return true;
  }
  return false;
}

std::string ModuleBuilder::shared_global_cpp_name(const std::string& name) const {
  return cpp_identifier(name) + "_global";
}

TypeRef ModuleBuilder::shared_global_type(const std::string& name) const {
  auto it = shared_global_types_.find(name);
  return it == shared_global_types_.end() ? nullptr : it->second;
}

void ModuleBuilder::set_shared_global_type(const std::string& name, TypeRef t) {
  auto [it, fresh] = shared_global_types_.emplace(name, t);
  if (!fresh && it->second == t) return;
  it->second = t;
  ++shared_global_changes_;
  const std::string cpp = shared_global_cpp_name(name);
  for (auto& [declared, type] : module_->host_globals) {
    if (declared == cpp) {
      type = t;
      return;
    }
  }
  module_->host_globals.emplace_back(cpp, t);
}

bool FunctionBuilder::is_module_container(const std::string& id) const {
  return host_ && !locals_.count(id) && mb_.is_shared_global(id);
}

// `d[k] = v` into an empty module dict, `xs.append(v)` to a module list: the shared
// variable's type meets `t`; every function typing it sees that in its next pass.
bool FunctionBuilder::refine_shared_global(const std::string& id, TypeRef t, Span s) {
  TypeRef have = mb_.shared_global_type(id);
  if (!have) {
    D().error(s, "the module variable '" + id + "' is changed before the module's code assigns it a value");
    return false;
  }
  TypeRef want = rules::unify(have, t);
  if (!want) {
    D().error(s, "the module variable '" + id + "' is " + have->str() + " and is given " + t->str() +
                     " here; py2cuda keeps one type for a module variable that functions share");
    return false;
  }
  if (want != have) {
    mb_.set_shared_global_type(id, want);
    changed_ = true;
  }
  return true;
}

ir::ExprPtr FunctionBuilder::shared_global_read(const std::string& id, Span s) {
  TypeRef t = mb_.shared_global_type(id);
  if (!t) {
    return fail(s, "the module variable '" + id + "' is read before the module's code assigns it a value (py2cuda "
                   "types a variable that functions share, rebinding it with 'global' or changing it, by its module-level "
                   "assignment)");
  }
  return std::make_unique<ir::GlobalRef>(mb_.shared_global_cpp_name(id), t, s);
}

void FunctionBuilder::shared_global_store(const std::string& id, ir::ExprPtr value, Span s, ir::Block& out,
                                          bool echo) {
  value = as_python_list(growable_list(std::move(value)));
  const TypeRef v = value->type;
  // (A Generator, `rng = np.random.default_rng(42)`, is a handle on its bit generator's state,
  // so the functions drawing from it advance the one stream.)
  if (!(v->is_number() || v->is_string() || v->is_array() || v->is_dict() || v->is_list() || v->is_tuple() ||
        !instance_class(v).empty() || v == types::host_object("Generator"))) {
    D().error(s, "the module variable '" + id + "' is shared with a function (which reads, rebinds or changes it) "
                     "and assigned " + v->str() + " here; py2cuda shares numbers, strings, NumPy and device arrays, "
                     "tuples, lists, dicts, np.random.default_rng() generators and instances of the program's classes "
                     "between the module's code and its functions");
    return;
  }
  TypeRef t = mb_.shared_global_type(id);
  if (!t) {
    mb_.set_shared_global_type(id, v);
    changed_ = true;
    t = v;
  }
  if (t != v && (t->is_dict() || t->is_list()) && rules::unify(t, v) && rules::unify(t, v)->kind() == t->kind()) {
    // `timings = {}` of the dict its stores typed: the shared variable's type, which the
    // value may refine (`xs = [1]` after `xs.append(2.5)`).
    if (!refine_shared_global(id, v, s)) return;
    t = mb_.shared_global_type(id);
    if (v->is_untyped_dict() && value->kind == ir::ExprKind::Builtin) {
      auto& empty = static_cast<ir::BuiltinCall&>(*value);
      if (is_empty_dict_pattern(empty.pattern)) empty.pattern = "{}";
      value->type = t;
    } else if (v != t && !t->is_untyped_dict() && !t->is_untyped_list()) {
      value = std::make_unique<ir::Cast>(t, std::move(value), value->span);
    }
  }
  if (final_ && t->is_untyped_list() && !t->is_set()) {
    D().error(s, "the element type of the " + std::string(t->is_set() ? "set" : "list") + " '" + id +
                 "' is never known: py2cuda types it by the values appended, added, inserted or stored into it (as "
                 "Numba does), and nothing of a known type is");
    return;
  }
  if (t != value->type) {
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
