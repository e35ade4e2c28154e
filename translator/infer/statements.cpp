// FunctionBuilder: driving inference over a function, and statements.
#include <algorithm>
#include <functional>
#include <optional>

#include "builtins/table.h"
#include "frontend/ast_clone.h"
#include "infer/ast_queries.h"
#include "infer/builtin_typing.h"
#include "infer/cpp_names.h"
#include "infer/function_builder.h"
#include "infer/host_nodes.h"
#include "infer/ir_literals.h"
#include "infer/ssa_versions.h"
#include "types/numpy_rules.h"
#include "types/rules.h"

namespace py2cuda::infer {

// ================================================================ FunctionBuilder

FunctionBuilder::FunctionBuilder(ModuleBuilder& mb, const FunctionEntry& entry, std::vector<TypeRef> param_types,
                                 TypeRef declared_return, bool is_kernel, Diagnostics& diags, bool host)
    : mb_(mb),
      entry_(entry),
      param_types_(std::move(param_types)),
      declared_return_(declared_return),
      is_kernel_(is_kernel),
      host_(host),
      diags_(diags),
      scratch_(diags.file()) {}

// Whether the decorators left on host function `def` change nothing py2cuda must reproduce (a
// cache, staticmethod and the like); else each is reported: running the function undecorated
// would print or return what Python does not. The program's wrapper decorators were applied by
// sema/host_decorators.cpp.
bool FunctionBuilder::unsupported_decorators_reported(const ast::FunctionDef& def) {
  // `def jit(f): return f`: the function itself (a stand-in for a missing library).
  auto returns_its_argument = [&](const ast::Expr& callee) {
    if (callee.kind != ast::ExprKind::Name) return false;
    auto it = mb_.info().globals.find(ast::as<ast::Name>(callee).id);
    if (it == mb_.info().globals.end() || it->second.kind != sema::Symbol::Kind::Function || !it->second.function->def) {
      return false;
    }
    const ast::FunctionDef& deco = *it->second.function->def;
    if (deco.params.size() != 1 || deco.body.size() != 1 || deco.body[0]->kind != ast::StmtKind::Return) return false;
    const ast::Expr* v = ast::as<ast::Return>(*deco.body[0]).value.get();
    return v && v->kind == ast::ExprKind::Name && ast::as<ast::Name>(*v).id == deco.params[0].name;
  };
  static const std::set<std::string> kIgnorable = {"functools.lru_cache", "functools.cache", "staticmethod",
                                                   "classmethod", "property"};
  bool ok = true;
  for (const auto& d : def.decorators) {
    const ast::Expr& callee = d->kind == ast::ExprKind::Call ? *ast::as<ast::Call>(*d).func : *d;
    std::string path = resolve_path(mb_.info(), callee);
    if (path.empty() && callee.kind == ast::ExprKind::Name) path = ast::as<ast::Name>(callee).id;
    const bool accessor = callee.kind == ast::ExprKind::Attribute &&
                          (ast::as<ast::Attribute>(callee).attr == "setter" || ast::as<ast::Attribute>(callee).attr == "getter");
    // numba's own (a py_func instance of a @jit or device function keeps its def's decorator).
    const bool numba = path == "numba" || path.rfind("numba.", 0) == 0;
    if (kIgnorable.count(path) || accessor || numba || returns_its_argument(callee)) continue;
    diags_.error(d->span, "the decorator of '" + entry_.name + "' is not supported by py2cuda: it applies the program's "
                       "decorators that return one wrapper function (def deco(fn): def wrapper(*args): ...; "
                       "return wrapper), factories of them called with literal arguments (@repeat(3)), and "
                       "decorators that record the function and return it (def register(fn): ...; return fn), "
                       "not other callables or arguments computed when the program runs");
    ok = false;
  }
  return ok;
}

std::unique_ptr<ir::Function> FunctionBuilder::build() {
  if (!entry_.def) return build_host_main();
  const ast::FunctionDef& def = *entry_.def;
  fn_ = std::make_unique<ir::Function>();
  if (!host_) mb_.building(entry_, param_types_, fn_.get());
  fn_->name = entry_.name;
  fn_->cpp_name = cpp_identifier(entry_.name);
  fn_->is_kernel = is_kernel_;
  fn_->is_host = host_;
  fn_->error_model = !host_                                  ? ir::ErrorModel::Numpy
                     : entry_.kind == sema::FunctionKind::CpuJit
                         ? (entry_.options.numpy_error_model ? ir::ErrorModel::Numpy : ir::ErrorModel::NumbaPython)
                                                               : ir::ErrorModel::CPython;
  fn_->def_span = def.span;
  fn_->options = entry_.options;

  if (host_ && entry_.kind == sema::FunctionKind::Plain && !unsupported_decorators_reported(def)) return nullptr;
  for (const auto& p : def.params) {
    // A host function's keyword-only parameters are ordinary ones here: its calls bind them by
    // name; its `*args` is a tuple parameter, which its calls fill with their extra arguments.
    if (host_ && entry_.kind == sema::FunctionKind::Plain &&
        (p.kind == ast::Param::Kind::KeywordOnly || p.kind == ast::Param::Kind::VarArgs)) {
      continue;
    }
    if (p.kind != ast::Param::Kind::Normal) {
      diags_.error(p.span, "*args, **kwargs and keyword-only parameters are not supported in CUDA kernels");
      return nullptr;
    }
  }
  if (def.params.size() != param_types_.size()) return nullptr;  // reported by sema or the caller
  collect_bound_names(def.body, locals_);
  {
    std::vector<const ast::Stmt*> body;
    for (const auto& st : def.body) body.push_back(st.get());
    std::vector<Parameter> params;
    for (size_t k = 0; k < def.params.size(); ++k)
      params.push_back({.name = def.params[k].name, .type = k < param_types_.size() ? param_types_[k] : nullptr});
    decided_ = decide_branches(mb_.info(), body, params, !python_host());
  }
  if (host_ && entry_.kind == sema::FunctionKind::Plain) {
    // `global counter`: the module's variable, not a local.
    collect_global_names(def.body, shared_globals_here_);
    for (const auto& g : shared_globals_here_) locals_.erase(g);
  }
  for (size_t i = 0; i < def.params.size(); ++i) {
    ir::Variable* v = variable(def.params[i].name);
    v->is_param = true;
    v->param_type = param_types_[i];
    fn_->params.push_back(v);
    locals_.insert(def.params[i].name);
  }
  for (const auto& v : fn_->variables) taken_names_.insert(v->cpp_name);
  versions_named_.clear();
  for (auto& [key, v] : vars_) {
    if (key.find('@') == std::string::npos) continue;
    taken_names_.erase(v->cpp_name);
    unnamed_versions_.insert(v);
  }

  for (size_t i = 0; i < def.params.size(); ++i) env_[def.params[i].name] = param_types_[i];
  separable_rebindings_ = separable_rebindings(def);
  self_contained_bindings_ = self_contained_bindings(def);
  const bool typed = type_body([&](ir::Block& out) {
    block(def.body, out);
    if (!final_) inferred_return_ = with_implicit_none(return_type_, def);
  });
  if (!typed) return nullptr;

  if (is_kernel_) {
    fn_->return_type = types::none();
  } else {
    fn_->return_type = declared_return_ ? declared_return_ : (inferred_return_ ? inferred_return_ : types::none());
    if (!fn_->return_type->is_none() && !always_returns(def.body, decided_)) {
      if (!fn_->return_type->is_optional()) {
        // A declared signature returning a value: Numba cannot return None there.
        diags_.error(def.span, "device function '" + entry_.name + "' can reach its end without returning a value, "
                               "but its signature returns " + fn_->return_type->str() +
                               "; end it with a return statement");
        return nullptr;
      }
      // Falling off the end returns None, as in Python.
      auto last = std::make_unique<ir::Return>(def.span);
      last->value = none_result(def.span);
      last->echo_line = false;
      fn_->body.push_back(std::move(last));
    }
  }
  std::string sig = fn_->is_kernel ? "void(" : fn_->return_type->signature_str() + "(";
  if (!fn_->is_kernel && fn_->return_type->is_none()) sig = "void(";
  for (size_t i = 0; i < param_types_.size(); ++i) sig += (i ? ", " : "") + param_types_[i]->signature_str();
  fn_->signature_text = sig + ")";
  return std::move(fn_);
}

// The program's main body: the module's host statements, no parameters, no result.
// Typed to a fixed point like a function's body.
std::unique_ptr<ir::Function> FunctionBuilder::build_host_main() {
  fn_ = std::make_unique<ir::Function>();
  fn_->name = entry_.name;
  fn_->cpp_name = entry_.name;
  fn_->is_host = true;
  fn_->error_model = ir::ErrorModel::CPython;
  fn_->def_span = entry_.decorator_span;
  collect_bound_names(entry_.host_body, locals_);
  separable_rebindings_ = separable_rebindings(entry_.host_body);
  self_contained_bindings_ = self_contained_bindings(entry_.host_body);
  decided_ = decide_branches(mb_.info(), entry_.host_body, {}, false);
  for (auto it = locals_.begin(); it != locals_.end();) {
    if (mb_.is_shared_global(*it)) {
      shared_globals_here_.insert(*it);
      it = locals_.erase(it);
    } else {
      ++it;
    }
  }
  if (!type_body([&](ir::Block& out) { block(entry_.host_body, out); })) return nullptr;
  fn_->return_type = types::none();
  fn_->signature_text = "void()";
  return std::move(fn_);
}

// Types a body by walking it to a fixed point over the variables' types (the IR of those
// passes is thrown away), then once more with real diagnostics into fn_->body. False
// when that last pass reports an error.
bool FunctionBuilder::type_body(const std::function<void(ir::Block&)>& walk) {
  // A flow region found a version to make (host_flow.cpp): the names' types restart from
  // the parameters', since what the passes before it widened is no longer what they hold.
  const auto initial_env = env_;
  auto start_pass = [&] {
    if (restart_typing_) env_ = initial_env;
    restart_typing_ = false;
    for (auto& [n, v] : vars_) {
      auto it = env_.find(n);
      v->type = it == env_.end() ? nullptr : it->second;
    }
    return_type_ = nullptr;
    returns_value_ = returns_bare_ = false;
    reset_bindings();
    dynamic_candidates_.clear();
  };
  for (int pass = 0; pass < 64; ++pass) {
    changed_ = false;
    start_pass();
    ir::Block scratch_body;
    const int shared_before = mb_.shared_global_changes();
    walk(scratch_body);
    // A function this pass typed may have refined a module variable that this body uses.
    if (mb_.shared_global_changes() != shared_before) changed_ = true;
    if (!changed_ && promote_dynamic_numbers()) changed_ = true;
    if (!changed_) break;
  }
  // The final pass. Temporaries of earlier passes go, so that their names restart from the stem.
  std::erase_if(fn_->variables, [](const std::unique_ptr<ir::Variable>& v) { return v->name.empty(); });
  taken_names_.clear();
  for (const auto& v : fn_->variables) taken_names_.insert(v->cpp_name);
  versions_named_.clear();
  for (auto& [key, v] : vars_) {
    if (key.find('@') == std::string::npos) continue;
    taken_names_.erase(v->cpp_name);
    unnamed_versions_.insert(v);
  }
  final_ = true;
  start_pass();
  const int errors_before = diags_.error_count();
  block_path_ = {next_block_id_++};
  walk(fn_->body);
  if (diags_.error_count() != errors_before) return false;
  for (auto& [v, stmt] : decl_stmt_) {
    if (!v->hoisted) stmt->declare = true;
  }
  return true;
}

// ------------------------------------------------------------------ statements

void FunctionBuilder::block(const ast::Block& in, ir::Block& out) {
  std::vector<const ast::Stmt*> stmts;
  stmts.reserve(in.size());
  for (const auto& s : in) stmts.push_back(s.get());
  block(stmts, out);
}

void FunctionBuilder::block(const std::vector<const ast::Stmt*>& in, ir::Block& out) {
  for (const ast::Stmt* s : in) {
    stmt(*s, out);
    if (leaves_block(*s, decided_)) return;  // what follows is unreachable: never compiled
    // An `if` host code decided when typing it (below), whose live arm leaves the block: what
    // follows never runs in this copy, and is not typed.
    if (auto it = decided_host_ifs_.find(s); it != decided_host_ifs_.end()) {
      const auto& i = ast::as<ast::If>(*s);
      const ast::Block& live = it->second ? i.body : i.orelse;
      if (std::any_of(live.begin(), live.end(), [&](const ast::StmtPtr& x) { return leaves_block(*x, decided_); })) {
        return;
      }
    }
  }
}

void FunctionBuilder::unsupported_stmt(const ast::Stmt& s) {
  std::string what, hint;
  switch (s.kind) {
    case ast::StmtKind::FunctionDef: what = "a nested function definition"; hint = "define it at module level with @cuda.jit(device=True)"; break;
    case ast::StmtKind::Import:
    case ast::StmtKind::ImportFrom: what = "an import statement"; hint = "import at module level"; break;
    case ast::StmtKind::Global: what = "a global statement"; hint = "module globals are frozen constants in kernels; write results to an array argument"; break;
    case ast::StmtKind::Assert: what = "an assert statement"; break;
    case ast::StmtKind::Raise: what = "a raise statement"; break;
    case ast::StmtKind::Delete: what = "a del statement"; break;
    case ast::StmtKind::Unsupported:
      what = ast::as<ast::UnsupportedStmt>(s).what;
      hint = ast::as<ast::UnsupportedStmt>(s).hint;
      break;
    default: what = "this statement"; break;
  }
  if (host_) {
    D().error(s.span, what + " is not supported in host code by py2cuda");
    // The names it would bind are not reported again where they are used.
    std::set<std::string> bound;
    collect_bound_names(std::vector<const ast::Stmt*>{&s}, bound);
    if (s.kind == ast::StmtKind::Import) {
      for (const auto& n : ast::as<ast::Import>(s).names)
        bound.insert(n.asname.empty() ? n.name.substr(0, n.name.find('.')) : n.asname);
    }
    if (s.kind == ast::StmtKind::ImportFrom) {
      for (const auto& n : ast::as<ast::ImportFrom>(s).names) bound.insert(n.asname.empty() ? n.name : n.asname);
    }
    poisoned_.insert(bound.begin(), bound.end());
    return;
  }
  D().error(s.span, what + " is not supported in CUDA kernels" + (hint.empty() ? "" : "; " + hint));
}

void FunctionBuilder::stmt(const ast::Stmt& s, ir::Block& out) {
  if (host_ && !flow_region_ && at_top_level() && opens_flow_region(s)) {
    enter_flow_region(s, out);
    stmt_kind(s, out);
    flow_region_ = nullptr;
    bound_before_region_.clear();
    return;
  }
  stmt_kind(s, out);
}

void FunctionBuilder::stmt_kind(const ast::Stmt& s, ir::Block& out) {
  switch (s.kind) {
    case ast::StmtKind::Pass: return;
    case ast::StmtKind::Expr: {
      const auto& e = ast::as<ast::ExprStmt>(s);
      if (e.value->kind == ast::ExprKind::StrLit) return;  // docstring or a bare string: no effect
      if (auto v = expr(*e.value)) out.push_back(std::make_unique<ir::ExprStmt>(std::move(v), s.span));
      return;
    }
    case ast::StmtKind::Assign: {
      const auto& a = ast::as<ast::Assign>(s);
      if (decided_.dead_bindings.count(&s)) return;  // read by decided tests only
      if (a.targets.size() > 1) {
        // `a = b = value`: evaluate once into the last target, copy from it (a list display is
        // one list both names hold: `x = y = [0]`).
        auto v = host_ ? growable_list(expr(*a.value)) : expr(*a.value);
        if (!v) return;
        ir::Variable* tmp = temporary("chain", v->type);
        auto st = std::make_unique<ir::Assign>(std::make_unique<ir::VarRef>(tmp, s.span), std::move(v), s.span);
        st->declare = true;
        out.push_back(std::move(st));
        for (const auto& t : a.targets) assign(*t, std::make_unique<ir::VarRef>(tmp, s.span), s.span, out, false);
        return;
      }
      if (host_ && function_alias_assign(a, out)) return;
      if (host_ && display_alias_assign(a)) return;
      if (lambda_alias_assign(a)) return;
      if (host_ && dtype_alias_assign(a)) return;
      if (host_ && a.targets[0]->kind == ast::ExprKind::Name && sema::is_type_expression(mb_.info(), *a.value)) {
        // `sig = void(int32[:])`: a numba type for a decorator (sema reads it there); no host value.
        type_values_.insert(ast::as<ast::Name>(*a.targets[0]).id);
        return;
      }
      if (a.targets[0]->kind == ast::ExprKind::Name) type_values_.erase(ast::as<ast::Name>(*a.targets[0]).id);
      if (!host_ && kernel_parallel_assign(a, out)) return;
      const bool to_name = a.targets[0]->kind == ast::ExprKind::Name;
      if (to_name) alloc_site_ = a.value.get();
      auto v = to_name ? maybe_optional(*a.value) : expr(*a.value);
      alloc_site_ = nullptr;
      if (!v) {
        if (final_) {
          // `fig, ax = plt.subplots()`: every name the target binds.
          std::set<std::string> bound;
          collect_bound_names(std::vector<const ast::Stmt*>{&s}, bound);
          poisoned_.insert(bound.begin(), bound.end());
        }
        return;
      }
      assign(*a.targets[0], std::move(v), s.span, out, true);
      return;
    }
    case ast::StmtKind::AnnAssign: {
      const auto& a = ast::as<ast::AnnAssign>(s);
      if (!a.value) return;  // a bare annotation declares nothing in Numba
      auto v = expr(*a.value);
      if (!v) return;
      // `x: float32 = value` converts the value to the annotated type.
      if (TypeRef t = sema::type_from_expr(mb_.info(), *a.annotation, D())) {
        if (t->is_numeric() && v->type->is_numeric() && t != v->type && rules::can_convert(v->type, t))
          v = std::make_unique<ir::Cast>(t, std::move(v), a.value->span);
      }
      assign(*a.target, std::move(v), s.span, out, true);
      return;
    }
    case ast::StmtKind::AugAssign: aug_assign(ast::as<ast::AugAssign>(s), out); return;
    case ast::StmtKind::If: {
      const auto& i = ast::as<ast::If>(s);
      if (host_ && is_main_guard(i)) {
        // `if __name__ == "__main__":` holds in the program py2cuda builds.
        block(i.body, out);
        return;
      }
      auto node = std::make_unique<ir::If>(s.span);
      // Numba compiles the live arm alone (decided_, before typing); host code's test may also
      // be decided by typing it (`if dt == np.int8:`, `if name == "int8":` in a copy of an
      // unrolled loop over types), and Python never runs the other arm. Either way the other
      // arm is neither typed nor translated (np.iinfo of a float type there is no error).
      std::optional<bool> live_body = decided_.outcome(*i.test);
      ir::ExprPtr cond;
      if (!live_body) {
        cond = condition(*i.test);
        decided_host_ifs_.erase(&s);
        if (host_ && cond && cond->kind == ir::ExprKind::Const && cond->type->is_bool()) {
          live_body = static_cast<const ir::Const&>(*cond).b;
          decided_host_ifs_[&s] = *live_body;
        }
      }
      if (live_body) {
        node->decided = *live_body ? ir::DecidedTest::AlwaysTrue : ir::DecidedTest::AlwaysFalse;
        node->cond = bool_literal(true, i.test->span);
        // The live arm runs whenever the `if` does: it is code of the enclosing block, whose
        // names it binds and rebinds (`if out is None: out = np.empty_like(a)`).
        block(*live_body ? i.body : i.orelse, node->then_body);
        out.push_back(std::move(node));
        return;
      }
      node->cond = std::move(cond);
      block_path_.push_back(next_block_id_++);
      block(i.body, node->then_body);
      block_path_.back() = next_block_id_++;
      block(i.orelse, node->else_body);
      block_path_.pop_back();
      node->else_is_elif = i.orelse_is_elif && node->else_body.size() == 1 &&
                           node->else_body[0]->kind == ir::StmtKind::If &&
                           static_cast<const ir::If&>(*node->else_body[0]).decided == ir::DecidedTest::No;
      if (node->cond) out.push_back(std::move(node));
      return;
    }
    case ast::StmtKind::While: {
      const auto& w = ast::as<ast::While>(s);
      auto while_loop = [&](ir::Block& into) {
        auto node = std::make_unique<ir::While>(s.span);
        node->cond = condition(*w.test);
        block_path_.push_back(next_block_id_++);
        ++loop_depth_;
        block(w.body, node->body);
        --loop_depth_;
        block_path_.pop_back();
        if (node->cond) into.push_back(std::move(node));
      };
      if (w.orelse.empty()) {
        while_loop(out);
      } else {
        loop_with_else(w.orelse, s.span, while_loop, out);
      }
      return;
    }
    case ast::StmtKind::For: {
      const auto& f = ast::as<ast::For>(s);
      if (!f.orelse.empty()) {
        loop_with_else(f.orelse, s.span, [&](ir::Block& into) { for_stmt(f, into); }, out);
        return;
      }
      for_stmt(f, out);
      return;
    }
    case ast::StmtKind::With: with_stmt(ast::as<ast::With>(s), out); return;
    case ast::StmtKind::Try: try_stmt(ast::as<ast::Try>(s), out); return;
    case ast::StmtKind::Break:
      if (loop_depth_ == 0 && loop_depth_ != unrolled_depth_) D().error(s.span, "'break' outside a loop");
      if (loop_depth_ == unrolled_depth_) {
        D().error(s.span, "'break' in a loop over functions, NumPy types or values of mixed types is not supported "
                          "by py2cuda (the loop is unrolled, one copy of its body per element); use a flag variable");
      }
      if (auto flag = break_flags_.find(loop_depth_); flag != break_flags_.end() && flag->second) {
        // A break of a loop with an else block: the else block is skipped.
        auto set = std::make_unique<ir::Assign>(std::make_unique<ir::VarRef>(flag->second, s.span),
                                                std::make_unique<ir::Const>(types::boolean(), s.span), s.span);
        static_cast<ir::Const&>(*set->value).b = true;
        static_cast<ir::Const&>(*set->value).bits = 1;
        out.push_back(std::move(set));
      }
      out.push_back(std::make_unique<ir::Break>(s.span));
      return;
    case ast::StmtKind::Continue:
      if (loop_depth_ == 0 && loop_depth_ != unrolled_depth_) D().error(s.span, "'continue' outside a loop");
      if (loop_depth_ == unrolled_depth_) {
        D().error(s.span, "'continue' in a loop over functions, NumPy types or values of mixed types is not supported "
                          "by py2cuda (the loop is unrolled, one copy of its body per element); use an if statement");
      }
      out.push_back(std::make_unique<ir::Continue>(s.span));
      return;
    case ast::StmtKind::Return: return_stmt(ast::as<ast::Return>(s), out);
      return;
    case ast::StmtKind::Assert:
    case ast::StmtKind::Raise: raise_stmt(s, out); return;
    case ast::StmtKind::Delete:
      // `del d[k]` of a dict, `del xs[i]` or `del xs[a:b]` of a list, `del name`; deleting array
      // elements or attributes has no translation.
      if (!host_) {
        unsupported_stmt(s);
        return;
      }
      for (const auto& t : ast::as<ast::Delete>(s).targets) {
        if (t->kind == ast::ExprKind::Name && locals_.count(ast::as<ast::Name>(*t).id)) {
          // `del d_x` (to free device memory early): the C++ variable lives on to its scope's end,
          // which only delays the freeing; a read after it would be Python's NameError.
          continue;
        }
        if (t->kind != ast::ExprKind::Subscript) {
          D().error(t->span, "'del' of this target is not supported by py2cuda (of a local name, a list's element or "
                             "slice, and a dict's entry, del d[key], is)");
          continue;
        }
        if (!list_delete(ast::as<ast::Subscript>(*t), s.span, out)) dict_delete(ast::as<ast::Subscript>(*t), s.span, out);
      }
      return;
    case ast::StmtKind::Global:
      // Host code: the names are shared module variables (infer/host_globals.cpp); at
      // module level the statement changes nothing, as in Python.
      if (host_ && (!entry_.def || entry_.kind == sema::FunctionKind::Plain)) return;
      unsupported_stmt(s);
      return;
    case ast::StmtKind::FunctionDef:
      // (Host code's nested functions are hoisted by sema, capturing what they read.)
      if (host_ || !returning_def_alias(ast::as<ast::FunctionDef>(s))) unsupported_stmt(s);
      return;
    default: unsupported_stmt(s); return;
  }
}

// `data, next_data = buf_0, buf_1` in a kernel, a display of arrays (which C++ tuples of
// kernels do not hold): each name bound to its item, in order, through temporaries when a
// name the statement binds is read on its right (`a, b = b, a`), as Python evaluates the
// right side first. False (nothing typed) for other statements, which a tuple carries.
bool FunctionBuilder::kernel_parallel_assign(const ast::Assign& a, ir::Block& out) {
  if (a.targets[0]->kind != ast::ExprKind::Tuple || a.value->kind != ast::ExprKind::Tuple) return false;
  const auto& names = ast::as<ast::TupleExpr>(*a.targets[0]).elts;
  const auto& items = ast::as<ast::TupleExpr>(*a.value).elts;
  if (names.size() != items.size()) return false;
  for (const auto& n : names) {
    if (n->kind != ast::ExprKind::Name) return false;
  }
  // Arrays are bound by name in kernels: a display naming one is such a statement.
  bool arrays = false;
  for (const auto& item : items) {
    if (item->kind != ast::ExprKind::Name || !locals_.count(ast::as<ast::Name>(*item).id)) continue;
    const ir::Variable* v = variable(binding(ast::as<ast::Name>(*item).id));
    arrays = arrays || (v->type && v->type->is_array());
  }
  if (!arrays) return false;
  bool reads_a_target = false;
  for (const auto& n : names) {
    for (const auto& item : items) {
      NameCounter uses(ast::as<ast::Name>(*n).id);
      uses.expr(item.get());
      reads_a_target = reads_a_target || uses.count > 0;
    }
  }
  std::vector<ir::ExprPtr> values;
  for (const auto& item : items) {
    auto v = expr(*item);
    if (!v) return true;  // reported
    if (reads_a_target) {
      ir::Variable* held = temporary("item", v->type);
      auto st = std::make_unique<ir::Assign>(std::make_unique<ir::VarRef>(held, item->span), std::move(v), a.span);
      st->declare = true;
      st->echo_line = out.empty() || values.empty();
      out.push_back(std::move(st));
      v = std::make_unique<ir::VarRef>(held, item->span);
    }
    values.push_back(std::move(v));
  }
  for (size_t i = 0; i < names.size(); ++i) {
    assign(*names[i], std::move(values[i]), a.span, out, i == 0 && !reads_a_target);
  }
  return true;
}

void FunctionBuilder::assign(const ast::Expr& target, ir::ExprPtr value, Span s, ir::Block& out, bool echo) {
  // `self.n = v`, `cfg.n = v`: an attribute of an instance of the program's classes.
  if (host_ && target.kind == ast::ExprKind::Attribute &&
      class_attribute_store(ast::as<ast::Attribute>(target), value, s, out, echo)) {
    return;
  }
  switch (target.kind) {
    case ast::ExprKind::Name:
      assign_name(ast::as<ast::Name>(target).id, target.span, std::move(value), s, out, echo);
      return;
    case ast::ExprKind::Subscript: {
      if (host_) {
        bool handled = false;
        dict_store(ast::as<ast::Subscript>(target), value, s, out, echo, handled);
        if (handled) return;
      }
      if (host_ && list_store(ast::as<ast::Subscript>(target), value, s, out, echo)) return;
      const auto& sub = ast::as<ast::Subscript>(target);
      ir::ExprPtr lhs;
      if (host_) {
        // a[mask] = v, a[idx] = v: NumPy's advanced assignment, one statement.
        auto base = expr(*sub.value);
        if (!base) return;
        bool handled = false;
        if (base->type->is_array()) lhs = host_subscript(base, sub, &value, handled);
        if (handled && !lhs) return;
        if (lhs && lhs->type->is_none()) {
          auto st = std::make_unique<ir::ExprStmt>(std::move(lhs), s);
          st->echo_line = echo;
          out.push_back(std::move(st));
          return;
        }
      }
      if (!lhs) lhs = subscript(sub);
      if (!lhs) return;
      if (lhs->type->is_array()) {
        slice_store(std::move(lhs), std::move(value), s, out, echo);
        return;
      }
      if (lhs->kind != ir::ExprKind::Index) {
        D().error(target.span, "only array elements can be assigned through a subscript (tuples are immutable)");
        return;
      }
      if (static_cast<ir::Index&>(*lhs).array->type->is_readonly()) {
        D().error(target.span, readonly_array_message(static_cast<ir::Index&>(*lhs).array->type));
        return;
      }
      if (!value->type->is_numeric() || !rules::can_convert(value->type, lhs->type)) {
        D().error(s, "cannot store a value of type " + value->type->str() + " into an element of " +
                         static_cast<ir::Index&>(*lhs).array->type->str() +
                         (value->type->is_complex() ? " (Numba does not convert complex to real; store .real, .imag "
                                                      "or abs() of it)"
                                                    : ""));
        return;
      }
      if (host_ && static_cast<ir::Index&>(*lhs).array->type->is_device_array()) {
        // d[i] = v on the host: one element copied to the device.
        auto& index = static_cast<ir::Index&>(*lhs);
        auto set = std::make_unique<ir::BuiltinCall>(types::none(), "py2cuda::host::set_item({0}, {1}", s);
        set->args.push_back(std::move(index.array));
        set->args.push_back(std::move(value));
        for (auto& i : index.indices) {
          set->pattern += ", {" + std::to_string(set->args.size()) + "}";
          set->args.push_back(std::move(i));
        }
        set->pattern += ")";
        set->has_effects = true;
        auto st = std::make_unique<ir::ExprStmt>(std::move(set), s);
        st->echo_line = echo;
        out.push_back(std::move(st));
        return;
      }
      if (value->type != lhs->type) value = std::make_unique<ir::Cast>(lhs->type, std::move(value), value->span);
      auto st = std::make_unique<ir::Assign>(std::move(lhs), std::move(value), s);
      st->echo_line = echo;
      out.push_back(std::move(st));
      return;
    }
    case ast::ExprKind::Tuple:
    case ast::ExprKind::List: {
      const auto& elts = target.kind == ast::ExprKind::Tuple ? ast::as<ast::TupleExpr>(target).elts
                                                             : ast::as<ast::ListExpr>(target).elts;
      if (host_ && std::any_of(elts.begin(), elts.end(), [](const ast::ExprPtr& e) { return e->kind == ast::ExprKind::Starred; })) {
        starred_unpack(elts, std::move(value), s, out, echo);  // infer/starred_arguments.cpp
        return;
      }
      if (host_ && value->type == types::host_object("str_list")) {
        // `key, val = line.split("=")`: the words as a list of str, unpacked by their count.
        const Span words = value->span;
        value = call_node(types::list(types::string()), "py2cuda::host::List<std::string>({0}.items())", words,
                          args_of(std::move(value)));
      }
      if (host_ && ((value->type->is_list() && value->type->dtype()) ||
                    (value->type->is_array() && !value->type->is_device_array()))) {
        sized_unpack(elts, std::move(value), s, out, echo);
        return;
      }
      if (!value->type->is_tuple()) {
        D().error(s, "cannot unpack a value of type " + value->type->str() + " into " + std::to_string(elts.size()) +
                         " names");
        return;
      }
      if (value->type->elements().size() != elts.size()) {
        D().error(s, "cannot unpack " + value->type->str() + " (" + std::to_string(value->type->elements().size()) +
                         " values) into " + std::to_string(elts.size()) + " names");
        return;
      }
      // Evaluate the whole right-hand side first (`a, b = b, a` swaps).
      TypeRef tt = value->type;
      ir::Variable* tmp = temporary("tup", tt);
      auto st = std::make_unique<ir::Assign>(std::make_unique<ir::VarRef>(tmp, s), std::move(value), s);
      st->declare = true;
      st->echo_line = echo;
      out.push_back(std::move(st));
      for (size_t i = 0; i < elts.size(); ++i) {
        auto get = std::make_unique<ir::TupleGet>(tt->elements()[i], std::make_unique<ir::VarRef>(tmp, s),
                                                  static_cast<int>(i), s);
        assign(*elts[i], std::move(get), s, out, false);
      }
      return;
    }
    default: D().error(target.span, "cannot assign to this expression in a CUDA kernel"); return;
  }
}

void FunctionBuilder::slice_store(ir::ExprPtr view, ir::ExprPtr value, Span s, ir::Block& out, bool echo) {
  if (view->type->is_readonly()) {
    D().error(view->span, readonly_array_message(view->type));
    return;
  }
  if (host_) {
    // `a[:] = [20.0, 50.0]`, `m[:] = [[1, 2], [3, 4]]`: NumPy first makes an array of the
    // (rectangular, nested) list, of the dtype that holds every Python value (bool < int64 <
    // float64), then assigns it.
    std::vector<int64_t> shape;
    std::vector<std::vector<int>> paths;  // each number's position: its tuple index at every level
    TypeRef list_dtype = nullptr;
    bool numbers = value->type->is_tuple() && !value->type->elements().empty();
    std::function<void(TypeRef, std::vector<int>&)> walk = [&](TypeRef t, std::vector<int>& path) {
      if (!numbers) return;
      if (!t->is_tuple()) {
        numbers = t->is_number() && path.size() == shape.size();
        if (!numbers) return;
        TypeRef d = t->is_float() ? types::float64() : t->is_bool() ? types::boolean() : types::int64();
        if (t->is_float() && t->bits() == 32) d = types::float32();
        list_dtype = list_dtype ? numpy_rules::promote_types(list_dtype, d) : d;
        paths.push_back(path);
        return;
      }
      const auto n = static_cast<int64_t>(t->elements().size());
      if (path.size() == shape.size()) shape.push_back(n);
      numbers = n > 0 && shape[path.size()] == n;
      for (int64_t i = 0; i < n && numbers; ++i) {
        path.push_back(static_cast<int>(i));
        walk(t->elements()[static_cast<size_t>(i)], path);
        path.pop_back();
      }
    };
    std::vector<int> root;
    if (numbers) walk(value->type, root);
    if (numbers) {
      const TypeRef tuple_type = value->type;
      ir::Variable* tmp = temporary("values", tuple_type);
      auto keep = std::make_unique<ir::Assign>(std::make_unique<ir::VarRef>(tmp, s), std::move(value), s);
      keep->declare = true;
      keep->echo_line = echo;
      out.push_back(std::move(keep));
      echo = false;
      std::string elements, dims;
      for (size_t d = 0; d < shape.size(); ++d) dims += (d ? ", " : "") + std::to_string(shape[d]);
      auto array = std::make_unique<ir::BuiltinCall>(types::array(list_dtype, static_cast<int>(shape.size()), Layout::C), "", s);
      for (size_t i = 0; i < paths.size(); ++i) {
        elements += (i ? ", {" : "{") + std::to_string(i) + "}";
        ir::ExprPtr item = std::make_unique<ir::VarRef>(tmp, s);
        TypeRef t = tuple_type;
        for (int k : paths[i]) {
          TypeRef inner = t->elements()[static_cast<size_t>(k)];
          item = std::make_unique<ir::TupleGet>(inner, std::move(item), k, s);
          t = inner;
        }
        array->args.push_back(convert(std::move(item), list_dtype));
      }
      array->pattern = "py2cuda::np::array_from<{t0}>(py2cuda::host::shape(" + dims + "), {" + elements + "})";
      array->type_args = {list_dtype};
      value = std::move(array);
    }
    // Host code: NumPy's slice assignment, broadcasting an array or a number into the view.
    if (!value->type->is_array() && !value->type->is_number()) {
      D().error(s, "cannot store a value of type " + value->type->str() + " into a slice of " + view->type->str());
      return;
    }
    // A device view is assigned as Numba's DeviceNDArray.__setitem__ does (host/device_ndarray.h).
    if (!view->type->is_device_array() && value->type->is_device_array()) {
      D().error(s, "assigning a device array to a slice of a host array is not supported: copy_to_host() it first");
      return;
    }
    auto store = std::make_unique<ir::BuiltinCall>(types::none(), "py2cuda::host::assign({0}, {1})", s);
    store->args.push_back(std::move(view));
    store->args.push_back(std::move(value));
    auto st = std::make_unique<ir::ExprStmt>(std::move(store), s);
    st->echo_line = echo;
    out.push_back(std::move(st));
    return;
  }
  if (value->type->is_array()) {
    // Numba copies between arrays through a temporary when they may overlap, and
    // allocating one needs its runtime (NRT), which CUDA kernels do not enable:
    // numba-cuda fails with "NRT required but not enabled".
    D().error(s, "assigning an array to a slice is not supported in CUDA kernels (Numba would need its runtime, "
                 "NRT, to copy through a temporary): copy the elements in a loop");
    return;
  }
  if (!value->type->is_numeric() || !rules::can_convert(value->type, view->type->dtype())) {
    D().error(s, "cannot store a value of type " + value->type->str() + " into a slice of " + view->type->str());
    return;
  }
  // Every element of the view gets the value, converted once to the dtype.
  TypeRef dtype = view->type->dtype();
  if (value->type != dtype) value = std::make_unique<ir::Cast>(dtype, std::move(value), value->span);
  auto fill = std::make_unique<ir::BuiltinCall>(types::none(), "py2cuda::fill({0}, {1})", s);
  fill->args.push_back(std::move(view));
  fill->args.push_back(std::move(value));
  auto st = std::make_unique<ir::ExprStmt>(std::move(fill), s);
  st->echo_line = echo;
  out.push_back(std::move(st));
}

void FunctionBuilder::assign_name(const std::string& id, Span target_span, ir::ExprPtr value, Span s, ir::Block& out,
                                  bool echo) {
  if (host_ && shared_globals_here_.count(id)) {
    shared_global_store(id, std::move(value), s, out, echo);
    return;
  }
  // Host code: `x = None`, then a value of one type (an Optional variable, tested with `is None`).
  const bool none_literal = host_ && value->type->is_none() && value->kind == ir::ExprKind::Const;
  // `xs = [1, 2, 3]`: a list the program may grow, when its values have one type.
  if (host_) value = growable_list(std::move(value));
  if (value->type->is_none() && !none_literal) {
    if (value->kind == ir::ExprKind::Const) {
      // `best = None` in a kernel, then a number: compiled Numba types the None and the number
      // apart and cannot compare or store them (`gt(float64, none)`); the simulator runs it.
      D().error(s, "'" + id + "' = None in a kernel or device function: compiled Numba cannot type a local that "
                   "holds None and later a number (the simulator runs it); start it at a value and keep a flag, "
                   "e.g. " + id + " = -math.inf");
      return;
    }
    D().error(s, "cannot assign the result of a function that returns nothing to '" + id + "'");
    return;
  }
  if (value->type->kind() == TypeKind::Range && !host_) {
    D().error(s, "range objects can only be used directly in a for loop");
    return;
  }
  if (value->kind == ir::ExprKind::LocalArray) {
    // One storage per call site, named after the first variable it is given to.
    auto& alloc = static_cast<ir::LocalArray&>(*value);
    alloc.storage = unique_name(cpp_identifier(id) + (alloc.shared ? "_shared" : "_local"));
  }
  if (auto alias = function_aliases_.find(id); alias != function_aliases_.end()) {
    if (!at_top_level()) {
      D().error(s, "'" + id + "' holds the function '" + alias->second->name + "' and is assigned a value of type " +
                       value->type->str() + " inside a branch or loop; py2cuda needs a name that holds a function "
                       "to hold only functions there");
      return;
    }
    function_aliases_.erase(alias);  // rebound at the top level: a variable from here on
  }
  if (auto alias = dtype_aliases_.find(id); alias != dtype_aliases_.end()) {
    if (!at_top_level()) {
      D().error(s, "'" + id + "' holds the class '" + alias->second + "' and is assigned a value of type " +
                       value->type->str() + " inside a branch or loop; py2cuda needs a name that holds a NumPy "
                       "type to hold only types there");
      return;
    }
    dtype_aliases_.erase(alias);  // rebound at the top level: a variable from here on
  }
  std::string key = binding(id);
  if (separable_rebindings_.count({target_span.line, target_span.col}) && !shared_globals_here_.count(id)) {
    // A version Numba types apart (infer/ssa_versions.h), and a new object of its own type in
    // Python's host code (`v` a loop's float, later `k, v = line.split("=")` in another loop).
    // The typing passes give it a variable of its own, typed by it and the assignments that join
    // it, whichever order the passes type the program's branches in; the final pass makes it
    // the same variable as the version it rebinds where both have one type, and keeps it apart
    // where they differ (an int64 then a float64, or a float32 then a float64: the float32's
    // products round to float32).
    const std::string version = place_key(id, target_span);
    assign_type(version, value->type, target_span);
    auto before = env_.find(key);
    const bool same_type = final_ && before != env_.end() && before->second == env_.at(version);
    if (!same_type) {
      key = version;
      version_of_[id] = key;
    }
  }
  // In a copy of an unrolled loop's body, a name the block binds before reading it, and no
  // value of which leaves the block, is that copy's own object too, even inside another loop.
  const bool own_in_copy = !unrolled_copy_.empty() && self_contained_bindings_.count({target_span.line, target_span.col});
  if (host_ && (at_top_level() || rebinding_at_top_ || own_in_copy)) {
    auto it = env_.find(key);
    // A number rebound to a number of another type (`x = 3` then `x = 2.5`) is another Python
    // object, printed as its own type: a new variable too, once this pass has bound the name
    // (a name's first binding keeps the type loops widen it to).
    const bool other_number = it != env_.end() && it->second != value->type && it->second->is_number() &&
                              value->type->is_number() && bound_this_pass_.count(id);
    if (it != env_.end() && it->second != value->type && (other_number || !rules::unify(it->second, value->type))) {
      // Rebinding to a value of another type: a new variable from here on.
      // Keyed by the assignment's place, not a running count: the key names the same
      // variable in every pass, whichever rebindings earlier passes had typed yet.
      key = place_key(id, target_span);
      version_of_[id] = key;
    }
  }
  if (host_ && !rebinding_at_top_ && needs_region_version(id, value->type)) return;
  assign_type(key, value->type, target_span);
  if (host_) bound_this_pass_.insert(id);
  ir::Variable* v = variable(key);
  if (!v->type) return;  // still being inferred
  if (v->type->is_dict() && value->type->is_untyped_dict()) {
    // `{}`: the empty dict of the type its assignments gave it, or, never filled, an
    // EmptyDict (printed, measured and tested as Python's empty dict).
    if (!v->type->is_untyped_dict()) {
      value->type = v->type;
      if (value->kind == ir::ExprKind::Builtin) {
        auto& empty = static_cast<ir::BuiltinCall&>(*value);
        if (is_empty_dict_pattern(empty.pattern)) empty.pattern = "{}";  // `Dict<K, V> d = {};`
      }
    }
  }
  if (none_literal && v->type->is_none()) return;  // reads of it are the constant None
  if (host_ && v->type->is_optional() && value->type != v->type) {
    // Optional<T> converts a value or py2cuda::none by itself.
    if (none_literal) {
      value = std::make_unique<ir::BuiltinCall>(v->type, "py2cuda::none", value->span);
    } else if (rules::can_convert(value->type, v->type->dtype())) {
      auto inner = convert(std::move(value), v->type->dtype());
      auto wrapped = std::make_unique<ir::BuiltinCall>(v->type, "{t0}({0})", inner->span);
      wrapped->args.push_back(std::move(inner));
      wrapped->type_args = {v->type};
      value = std::move(wrapped);
    }
  }
  // A set never added to is empty whatever its element type: it prints `set()` as it is.
  if (final_ && v->type->is_untyped_list() && !v->type->is_set()) {
    D().error(s, "the element type of the " + std::string(v->type->is_set() ? "set" : "list") + " '" + id +
                 "' is never known: py2cuda types it by the values appended, added, inserted or stored into it (as "
                 "Numba does), and nothing of a known type is");
    return;
  }
  if (value->type != v->type) {
    // A dict display into a dict of mixed values (`d = {"n": 3}`, later `d["name"] = "x"`).
    const bool into_mixed_dict = host_ && value->type->is_dict() && v->type->is_dict() &&
                                 rules::unify(value->type, v->type) == v->type;
    if (!rules::can_convert(value->type, v->type) && !into_mixed_dict) {
      D().error(s, "cannot assign a value of type " + value->type->str() + " to '" + id + "' of type " + v->type->str());
      return;
    }
    if (host_) warn_merged_number(id, key, value->type, v->type, s);
    value = into_mixed_dict || value->type->is_tuple() || (host_ && value->type->is_list())
                ? convert(std::move(value), v->type)
                : std::make_unique<ir::Cast>(v->type, std::move(value), value->span);
  }
  auto st = std::make_unique<ir::Assign>(std::make_unique<ir::VarRef>(v, target_span), std::move(value), s);
  st->echo_line = echo;
  note_use(v, true, st.get());
  out.push_back(std::move(st));
}

void FunctionBuilder::aug_assign(const ast::AugAssign& a, ir::Block& out) {
  if (host_ && a.target->kind == ast::ExprKind::Subscript) {
    // `hist[random.randint(1, 6) - 1] += 1`: Python evaluates the index once, for the read and
    // the store. An index that calls something is held in a variable first. (Device functions
    // and Numba's builtins have no effects a second evaluation would repeat.)
    const auto& target = ast::as<ast::Subscript>(*a.target);
    struct CallFinder : SubtreeWalker {
      bool found = false;
      void visit(const ast::Expr& e) override { found = found || e.kind == ast::ExprKind::Call; }
    } calls;
    calls.expr(target.index.get());
    if (calls.found && target.index->kind != ast::ExprKind::Slice) {
      // Named after the container (`hist_index`), unless the function binds that name itself.
      const std::string stem =
          (target.value->kind == ast::ExprKind::Name ? ast::as<ast::Name>(*target.value).id : std::string("item")) + "_index";
      auto owner = augmented_indexes_.find(stem);
      const bool program_binds_it = locals_.count(stem) && owner == augmented_indexes_.end();
      const bool free = !program_binds_it && (owner == augmented_indexes_.end() || owner->second == a.span.line);
      const std::string held = free ? stem : stem + "_" + std::to_string(a.span.line);
      augmented_indexes_.emplace(held, a.span.line);
      auto hold = std::make_unique<ast::Assign>(target.index->span);
      hold->targets.push_back(std::make_unique<ast::Name>(target.index->span, held));
      hold->value = ast::clone(target.index.get());
      auto rewritten = std::make_unique<ast::AugAssign>(a.span, a.op);
      rewritten->target = std::make_unique<ast::Subscript>(
          target.span, ast::clone(target.value.get()), std::make_unique<ast::Name>(target.index->span, held));
      rewritten->value = ast::clone(a.value.get());
      locals_.insert(held);
      const size_t first = out.size();
      stmt(*hold, out);
      aug_assign(*rewritten, out);
      for (size_t i = first + 1; i < out.size(); ++i) out[i]->echo_line = false;  // one echo of the line
      synthetic_stmts_.push_back(std::move(hold));
      synthetic_stmts_.push_back(std::move(rewritten));
      return;
    }
  }
  // `x op= v` is `x = x op v` with Numba's typing of `op`.
  auto current = dynamic_operand(*a.target);
  auto rhs = dynamic_operand(*a.value);
  if (!current || !rhs) return;
  if (host_ && (current->type == types::host_object("FormatArg") || rhs->type == types::host_object("FormatArg"))) {
    // `total += r["blocks"]` of a dict of mixed values: the number it holds.
    if (!mixed_dict_value_operand(current, rhs, a.span)) return;
    auto result = dynamic_binary(a.op, std::move(current), std::move(rhs), a.span);
    if (result) assign(*a.target, std::move(result), a.span, out, true);
    return;
  }
  if (current->type->is_array() || rhs->type->is_array() || current->type->is_list()) {
    current = static_number(std::move(current));
    rhs = static_number(std::move(rhs));
  }
  if (host_ && (current->type->is_array() || rhs->type->is_array() || current->type->is_list())) {
    host_aug_assign(a, std::move(current), std::move(rhs), out);
    return;
  }
  if (host_ && (current->type->is_string() || current->type->is_tuple())) {
    // `log += "text"`, `shape += (1,)`: immutable values, so `x = x op v`, typed as the binary is.
    auto binary = std::make_unique<ast::Binary>(a.span, a.op, ast::clone(a.target.get()), ast::clone(a.value.get()));
    auto result = expr(*binary);
    synthetic_ast_.push_back(std::move(binary));
    if (result) assign(*a.target, std::move(result), a.span, out, true);
    return;
  }
  TypeRef target_type = current->type;
  auto result = number_binary(a.op, std::move(current), std::move(rhs), a.span);
  if (!result) return;
  bool same_type = result->type == target_type;
  bool shorthand = same_type && (a.op == BinOp::Add || a.op == BinOp::Sub || a.op == BinOp::Mul ||
                                 a.op == BinOp::BitAnd || a.op == BinOp::BitOr || a.op == BinOp::BitXor);
  size_t before = out.size();
  assign(*a.target, std::move(result), a.span, out, true);
  if (out.size() == before + 1 && out.back()->kind == ir::StmtKind::Assign) {
    auto& st = static_cast<ir::Assign&>(*out.back());
    st.augmented = true;
    if (shorthand && st.value->kind == ir::ExprKind::Binary) {
      auto& bin = static_cast<ir::Binary&>(*st.value);
      st.has_compound_op = true;
      st.compound_op = a.op;
      st.value = std::move(bin.right);
    }
  }
}

// `target op= value` as the statement `target.method(value)`, which changes the object in place
// (`xs += ys` is xs.extend(ys), `s |= t` is s.update(t)).
void FunctionBuilder::in_place_method(const ast::AugAssign& a, const std::string& method, ir::Block& out) {
  auto call = std::make_unique<ast::Call>(
      a.span, std::make_unique<ast::Attribute>(a.target->span, ast::clone(a.target.get()), method, a.target->span));
  call->args.push_back(ast::clone(a.value.get()));
  auto v = expr(*call);
  synthetic_ast_.push_back(std::move(call));
  if (v) out.push_back(std::make_unique<ir::ExprStmt>(std::move(v), a.span));
}

// Host code's `a op= v` on an array or a list changes the object in place, as Python does (an
// alias sees it): NumPy computes `a op v` and stores it into a (a view or a selection: into
// those elements), and `xs += ys` extends the list.
void FunctionBuilder::host_aug_assign(const ast::AugAssign& a, ir::ExprPtr current, ir::ExprPtr rhs, ir::Block& out) {
  const std::string op(python_spelling(a.op));
  if (current->type->is_set()) {
    set_aug_assign(a, std::move(current), std::move(rhs), out);
    return;
  }
  if (current->type->is_list()) {
    if (a.op != BinOp::Add) {
      D().error(a.span, "'" + op + "=' on a list is not supported by py2cuda (xs += ys extends it)");
      return;
    }
    in_place_method(a, "extend", out);  // `xs += ys` is `xs.extend(ys)`, the same list
    return;
  }
  if (current->type->is_device_array() || rhs->type->is_device_array()) {
    D().error(a.span, "'" + op + "=' on a device array is not supported on the host (Numba's DeviceNDArray has no "
                      "arithmetic): compute in a kernel, or copy_to_host() first");
    return;
  }
  if (!current->type->is_array()) {
    // `x += arr` with a number x: x = x + arr, a new array.
    auto result = array_binary(a.op, std::move(current), std::move(rhs), a.span);
    if (result) assign(*a.target, std::move(result), a.span, out, true);
    return;
  }
  const TypeRef target = current->type->dtype();
  auto result = array_binary(a.op, std::move(current), std::move(rhs), a.span);
  if (!result) return;
  // NumPy's in-place operators cast their result with the 'same_kind' rule.
  const TypeRef computed = result->type->is_array() ? result->type->dtype() : result->type;
  auto kind = [](TypeRef t) { return t->is_bool() ? 0 : t->is_int() ? 1 : t->is_float() ? 2 : 3; };
  if (kind(computed) > kind(target)) {
    D().error(a.span, "Cannot cast ufunc '" + std::string(array_ufunc_name(a.op)) + "' output from dtype('" +
                          computed->str() + "') to dtype('" + target->str() + "') with casting rule 'same_kind' "
                          "(NumPy raises UFuncTypeError)");
    return;
  }
  if (a.target->kind == ast::ExprKind::Name) {
    // Into the array the name holds, not a new one bound to it.
    auto self = expr(*a.target);
    if (self) slice_store(std::move(self), std::move(result), a.span, out, true);
    return;
  }
  assign(*a.target, std::move(result), a.span, out, true);  // a view's elements, a[mask], a[idx]
}

// `for/while ... else`: the else block runs when the loop ends without a break. A flag
// the loop's own breaks set (not those of loops inside it) tells.
void FunctionBuilder::loop_with_else(const ast::Block& orelse, Span s, const std::function<void(ir::Block&)>& loop,
                                     ir::Block& out) {
  ir::Variable* broke = temporary("loop_broke", types::boolean());
  auto init = std::make_unique<ir::Assign>(std::make_unique<ir::VarRef>(broke, s),
                                           std::make_unique<ir::Const>(types::boolean(), s), s);
  init->declare = true;
  out.push_back(std::move(init));
  const size_t first_new = out.size() - 1;
  auto saved = break_flags_.find(loop_depth_ + 1) == break_flags_.end() ? nullptr : break_flags_[loop_depth_ + 1];
  break_flags_[loop_depth_ + 1] = broke;
  loop(out);
  break_flags_[loop_depth_ + 1] = saved;
  auto otherwise = std::make_unique<ir::If>(s);
  otherwise->cond = std::make_unique<ir::Unary>(types::boolean(), UnaryOp::Not, std::make_unique<ir::VarRef>(broke, s), s);
  block_path_.push_back(next_block_id_++);
  block(orelse, otherwise->then_body);
  block_path_.pop_back();
  out.push_back(std::move(otherwise));
  for (size_t i = first_new; i < out.size(); ++i) out[i]->echo_line = i == first_new;
}

void FunctionBuilder::for_stmt(const ast::For& f, ir::Block& out, const LoopBody& body) {
  if (!body && host_ && product_loops(f, out)) return;
  if (f.iter->kind != ast::ExprKind::Call || resolve_path(mb_.info(), *ast::as<ast::Call>(*f.iter).func) != "range" ||
      f.target->kind != ast::ExprKind::Name) {
    if (body) {  // a level of itertools.product's loops: arrays, lists, tuples of one type
      for_each(f, out, body);
      return;
    }
    if (const ast::Expr* display = host_ ? function_display(*f.iter) : nullptr) {
      unroll_over_functions(f, *display, out);
      return;
    }
    if (host_ && loops_over_dtype_names(f)) {  // for dt in ["float32", "int64"]: np.zeros(n, dtype=dt)
      unroll_over_functions(f, *dtype_name_display(*f.iter), out);
      return;
    }
    if (const ast::Expr* pairs = host_ ? enumerated_dtype_names(f) : nullptr) {
      // for k, name in enumerate(("float32", "int64")): the pairs, unrolled as a display of them.
      unrolling_dtype_names_ = true;
      unroll_over_functions(f, *pairs, out);
      unrolling_dtype_names_ = false;
      return;
    }
    if (const ast::Expr* classes = host_ ? module_dtype_display(*f.iter) : nullptr; classes && holds_dtype_classes(*classes)) {
      unroll_over_functions(f, *classes, out);  // for dt in DTYPES: ..., DTYPES = (np.float32, np.float64)
      return;
    }
    if (host_ && (f.iter->kind == ast::ExprKind::List || f.iter->kind == ast::ExprKind::Tuple) &&
        (display_is_mixed(*f.iter) || mixed_displays_.count(f.iter.get()) ||
         (f.iter->kind == ast::ExprKind::Tuple && ast::as<ast::TupleExpr>(*f.iter).elts.empty()))) {
      unroll_over_functions(f, *f.iter, out);
      return;
    }
    for_each(f, out);  // arrays, tuples, enumerate(), zip()
    return;
  }
  const auto& call = ast::as<ast::Call>(*f.iter);
  if (call.args.empty() || call.args.size() > 3 || !call.keywords.empty()) {
    D().error(call.span, "range expects 1 to 3 integer arguments, got " + std::to_string(call.args.size()));
    return;
  }
  std::vector<ir::ExprPtr> args;
  for (const auto& a : call.args) {
    auto v = expr(*a);
    if (!v) return;
    if (!v->type->is_int() && !v->type->is_bool()) {
      D().error(a->span, "range arguments must be integers, not " + v->type->str());
      return;
    }
    args.push_back(std::move(v));
  }
  TypeRef counter_type = range_type(args);
  auto cast = [&](ir::ExprPtr e) -> ir::ExprPtr {
    if (e->type == counter_type) return e;
    Span sp = e->span;
    return std::make_unique<ir::Cast>(counter_type, std::move(e), sp);
  };
  auto loop = std::make_unique<ir::ForRange>(f.span);
  if (args.size() == 1) {
    auto zero = std::make_unique<ir::Const>(counter_type, call.span);
    loop->start = std::move(zero);
    loop->stop = cast(std::move(args[0]));
  } else {
    loop->start = cast(std::move(args[0]));
    loop->stop = cast(std::move(args[1]));
  }
  if (args.size() == 3) {
    loop->step = cast(std::move(args[2]));
    loop->step_sign = 0;
    if (loop->step->kind == ir::ExprKind::Const || (loop->step->kind == ir::ExprKind::Cast &&
                                                    static_cast<ir::Cast&>(*loop->step).operand->kind ==
                                                        ir::ExprKind::Const)) {
      const ir::Expr* c = loop->step.get();
      if (c->kind == ir::ExprKind::Cast) c = static_cast<const ir::Cast*>(c)->operand.get();
      int64_t v = static_cast<int64_t>(static_cast<const ir::Const*>(c)->bits);
      if (v == 0) {
        D().error(call.args[2]->span, "range() step must not be zero");
        return;
      }
      loop->step_sign = v > 0 ? 1 : -1;
    }
  } else {
    auto one = std::make_unique<ir::Const>(counter_type, call.span);
    one->bits = 1;
    loop->step = std::move(one);
  }

  const std::string& id = ast::as<ast::Name>(*f.target).id;
  assign_type(binding(id), counter_type, f.target->span);
  ir::Variable* target = variable(binding(id));
  // The loop variable can be the C++ loop counter only if nothing outside
  // this loop names it and the body never rebinds it.
  NameCounter in_loop{id};
  in_loop.stmt(f);
  NameCounter in_function{id};
  if (entry_.def) {
    in_function.block(entry_.def->body);
  } else {
    for (const ast::Stmt* st : entry_.host_body) in_function.stmt(*st);
  }
  std::set<std::string> bound_in_body;
  collect_bound_names(f.body, bound_in_body);
  bool simple = in_loop.count == in_function.count && !bound_in_body.count(id) && target->type == counter_type;
  if (simple) {
    target->loop_counter = true;
    loop->counter = target;
    loop->target = target;
  } else {
    loop->counter = temporary(target->cpp_name + "_iter", counter_type);
    loop->counter->loop_counter = true;
    loop->target = target;
  }
  block_path_.push_back(next_block_id_++);
  ++loop_depth_;
  if (!simple && target->type) {
    ir::ExprPtr value = std::make_unique<ir::VarRef>(loop->counter, f.target->span);
    if (target->type != counter_type) value = std::make_unique<ir::Cast>(target->type, std::move(value), f.target->span);
    auto st = std::make_unique<ir::Assign>(std::make_unique<ir::VarRef>(target, f.target->span), std::move(value),
                                           f.span);
    st->echo_line = false;
    note_use(target, true, st.get());
    loop->body.push_back(std::move(st));
  }
  if (body) {
    body(loop->body);
  } else {
    block(f.body, loop->body);
  }
  --loop_depth_;
  block_path_.pop_back();
  out.push_back(std::move(loop));
}

// `assert cond, "msg"` and `raise E("msg")`: with debug=True (as in Numba,
// where only debug builds check them) the thread reports the Python location
// and stops the kernel; otherwise asserts compile to nothing.
void FunctionBuilder::raise_stmt(const ast::Stmt& s, ir::Block& out) {
  if (host_) {
    host_raise(s, out);
    return;
  }
  bool debug = entry_.options.debug;
  std::string what;
  ir::ExprPtr failed;
  if (s.kind == ast::StmtKind::Assert) {
    const auto& a = ast::as<ast::Assert>(s);
    auto cond = condition(*a.test);
    if (!cond) return;
    what = "AssertionError";
    if (a.msg) {
      if (a.msg->kind != ast::ExprKind::StrLit || ast::as<ast::StrLit>(*a.msg).is_fstring) {
        D().error(a.msg->span, "the message of an assert in a kernel must be a plain string literal");
        return;
      }
      what += ": " + ast::as<ast::StrLit>(*a.msg).value;
    }
    if (!debug) return;
    failed = std::make_unique<ir::Unary>(types::boolean(), UnaryOp::Not, std::move(cond), a.test->span);
  } else {
    const auto& r = ast::as<ast::Raise>(s);
    if (!debug) {
      D().error(s.span, "raise in a CUDA kernel is supported with @cuda.jit(debug=True), where it stops the kernel "
                        "with the Python location");
      return;
    }
    what = "Exception";
    const ast::Expr* exc = r.exc.get();
    const ast::Expr* arg = nullptr;
    if (exc && exc->kind == ast::ExprKind::Call) {
      const auto& call = ast::as<ast::Call>(*exc);
      if (!call.args.empty()) arg = call.args[0].get();
      exc = call.func.get();
    }
    if (exc && exc->kind == ast::ExprKind::Name) what = ast::as<ast::Name>(*exc).id;
    if (arg) {
      if (arg->kind != ast::ExprKind::StrLit) {
        D().error(arg->span, "the argument of an exception raised in a kernel must be a plain string literal");
        return;
      }
      what += ": " + ast::as<ast::StrLit>(*arg).value;
    }
  }
  std::string escaped = pattern_string_text(what, false);
  std::string where = D().file().base_name() + ":" + std::to_string(s.span.line);
  auto call = std::make_unique<ir::BuiltinCall>(types::none(),
                                                "py2cuda::raise_error(\"" + where + "\", \"" + escaped + "\")", s.span);
  call->debug_check = failed ? "debug=True: the assert's condition is evaluated and a failure stops the kernel with "
                               "AssertionError and this line (without debug=True, Numba and py2cuda drop asserts)"
                             : "debug=True: the raise stops the kernel and reports the exception with this line "
                               "(py2cuda accepts raise in kernels only with debug=True)";
  auto stop = std::make_unique<ir::ExprStmt>(std::move(call), s.span);
  stop->echo_line = !failed;
  if (!failed) {
    out.push_back(std::move(stop));
    return;
  }
  auto check = std::make_unique<ir::If>(s.span);
  check->cond = std::move(failed);
  check->then_body.push_back(std::move(stop));
  out.push_back(std::move(check));
}

void FunctionBuilder::return_stmt(const ast::Return& r, ir::Block& out) {
  auto node = std::make_unique<ir::Return>(r.span);
  if (r.value) {
    if (is_kernel_) {
      D().error(r.value->span, "a kernel cannot return a value; write results into an array argument");
      return;
    }
    // `return vals[0], vals[-1]` of numbers whose type differs by path: the tuple keeps each
    // as such a number, as Python's tuple keeps each value's type.
    auto v = python_host() && r.value->kind == ast::ExprKind::Tuple ? comprehension_element(*r.value)
                                                                    : maybe_optional(*r.value);
    if (!v) return;
    if (v->type->is_none()) {
      returns_bare_ = true;
      node->value = none_result(r.span);
      out.push_back(std::move(node));
      return;
    }
    if (v->type->is_array() && !host_) {
      D().error(r.value->span, "device functions cannot return arrays in this version of py2cuda");
      return;
    }
    returns_value_ = true;
    // `return x // 2` on one path and `return x / 2` on another: CPython's result keeps each
    // value's type, so a host function returning numbers of different types returns a
    // DynamicNumber (each value enters it with its own type, below).
    auto numbers_of_two_types = [&](TypeRef a, TypeRef b) {
      return python_host() && a != b && dynamic_or_number(a) && dynamic_or_number(b);
    };
    if (return_type_ && numbers_of_two_types(return_type_, v->type)) {
      auto static_part = [](TypeRef t) { return t->is_dynamic() ? t->dtype() : t; };
      if (TypeRef widened = rules::unify(static_part(return_type_), static_part(v->type))) {
        TypeRef held = types::dynamic_number(widened);
        if (held != return_type_) changed_ = true;
        return_type_ = held;
      }
    }
    if (!return_type_) {
      return_type_ = v->type;
    } else if (TypeRef u = rules::unify(return_type_, v->type)) {
      if (u != return_type_) changed_ = true;
      return_type_ = u;
    } else {
      D().error(r.value->span, "return types " + return_type_->str() + " and " + v->type->str() + " cannot be unified");
      return;
    }
    TypeRef want = declared_return_ ? declared_return_ : (inferred_return_ ? inferred_return_ : v->type);
    if (want && v->type != want) {
      if (!rules::can_convert(v->type, want)) {
        D().error(r.value->span, "cannot return a value of type " + v->type->str() + " from a function returning " +
                                     want->str());
        return;
      }
      v = v->type->is_tuple() ? convert(std::move(v), want) : std::make_unique<ir::Cast>(want, std::move(v), r.value->span);
    }
    node->value = std::move(v);
  } else {
    returns_bare_ = true;
    node->value = none_result(r.span);
  }
  out.push_back(std::move(node));
}

TypeRef FunctionBuilder::with_implicit_none(TypeRef returned, const ast::FunctionDef& def) const {
  // A value on some paths and None (a bare return, `return None`, the end of the
  // body) on others: Numba types the result Optional.
  if (is_kernel_ || declared_return_ || !returned || returned->is_none() || returned->is_optional()) return returned;
  return returns_bare_ || !always_returns(def.body, decided_) ? types::optional(returned) : returned;
}

ir::ExprPtr FunctionBuilder::none_result(Span s) {
  TypeRef want = declared_return_ ? declared_return_ : inferred_return_;
  if (!want || !want->is_optional()) return nullptr;  // a function returning nothing: `return;`
  return std::make_unique<ir::Cast>(want, std::make_unique<ir::Const>(types::none(), s), s);
}

}  // namespace py2cuda::infer

namespace py2cuda::infer {

// Host code: `assert test, message` and `raise Error(message)` end the program as
// Python does (the exception's type and message on stderr, exit status 1).
void FunctionBuilder::host_raise(const ast::Stmt& s, ir::Block& out) {
  auto message_of = [&](const ast::Expr* e) -> ir::ExprPtr {
    if (!e) return string_const("", s.span);
    auto v = expr(*e);
    if (!v) return nullptr;
    if (v->type->is_string()) return v;
    return format_value(std::move(v), 0, "", e->span);
  };
  auto throw_stmt = [&](const std::string& type, ir::ExprPtr message) {
    auto call = std::make_unique<ir::BuiltinCall>(types::none(), "throw py2cuda::host::PyException({0}, {1})", s.span);
    call->args.push_back(string_const(type, s.span));
    call->args.push_back(std::move(message));
    return std::make_unique<ir::ExprStmt>(std::move(call), s.span);
  };
  if (s.kind == ast::StmtKind::Assert) {
    const auto& a = ast::as<ast::Assert>(s);
    auto cond = condition(*a.test);
    auto message = message_of(a.msg.get());
    if (!cond || !message) return;
    auto check = std::make_unique<ir::If>(s.span);
    check->cond = std::make_unique<ir::Unary>(types::boolean(), UnaryOp::Not, std::move(cond), a.test->span);
    auto stop = throw_stmt("AssertionError", std::move(message));
    stop->echo_line = false;
    check->then_body.push_back(std::move(stop));
    out.push_back(std::move(check));
    return;
  }
  const auto& r = ast::as<ast::Raise>(s);
  const ast::Expr* exc = r.exc.get();
  const ast::Expr* arg = nullptr;
  if (!exc) {
    // A bare `raise` in an except clause re-raises the exception it caught (`throw;` in its catch).
    if (handled_exceptions_.empty()) {
      D().error(s.span, "a bare 'raise' re-raises the exception an except clause caught; here there is none");
      return;
    }
    out.push_back(std::make_unique<ir::ExprStmt>(std::make_unique<ir::BuiltinCall>(types::none(), "throw", s.span),
                                                 s.span));
    return;
  }
  if (exc->kind == ast::ExprKind::Call) {
    const auto& call = ast::as<ast::Call>(*exc);
    if (call.args.size() > 1 || !call.keywords.empty()) {
      D().error(call.span, "py2cuda raises exceptions with one message argument");
      return;
    }
    if (!call.args.empty()) arg = call.args[0].get();
    exc = call.func.get();
  } else if (exc->kind == ast::ExprKind::Name && locals_.count(ast::as<ast::Name>(*exc).id)) {
    // `raise e` of the exception an except clause caught.
    auto caught = expr(*exc);
    if (!caught) return;
    if (caught->type != types::host_object("PyException")) {
      D().error(exc->span, "py2cuda raises exception classes (raise ValueError(message)) and exceptions an except "
                           "clause caught (raise e), not a " + caught->type->str());
      return;
    }
    auto call = std::make_unique<ir::BuiltinCall>(types::none(), "throw {0}", s.span);
    call->args.push_back(std::move(caught));
    out.push_back(std::make_unique<ir::ExprStmt>(std::move(call), s.span));
    return;
  }
  const std::string type = exception_class(*exc);
  if (type.empty()) {
    D().error(exc->span, "py2cuda raises exceptions named by a built-in exception class (ValueError, RuntimeError...)");
    return;
  }
  if (type == "SystemExit") {
    // raise SystemExit(main()): sys.exit's exception, whose code is the exit status.
    std::vector<ir::ExprPtr> args;
    std::string call = "py2cuda::host::sys_exit()";
    if (arg && arg->kind != ast::ExprKind::NoneLit) {
      auto v = expr(*arg);
      if (!v) return;
      if (v->type->is_int()) v = convert(std::move(v), types::int64());
      if (!v->type->is_bool() && !v->type->is_int() && !v->type->is_string()) {
        D().error(arg->span, "SystemExit of a " + v->type->str() + " is not supported by py2cuda (an int, a bool, a "
                             "str or None is)");
        return;
      }
      call = "py2cuda::host::sys_exit({0})";
      args.push_back(std::move(v));
    }
    out.push_back(std::make_unique<ir::ExprStmt>(call_node(types::none(), call, s.span, std::move(args)), s.span));
    return;
  }
  // A KeyError's text is the repr of its key, as Python prints it: KeyError: 'b'.
  auto message = type == "KeyError" && arg ? [&]() -> ir::ExprPtr {
    auto v = expr(*arg);
    return v ? format_value(std::move(v), 'r', "", arg->span) : nullptr;
  }() : message_of(arg);
  if (!message) return;
  out.push_back(throw_stmt(type, std::move(message)));
}

}  // namespace py2cuda::infer
