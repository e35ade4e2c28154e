// Host code's with statements: the body runs in place, after each manager's entry and before
// its exit. The managers are numba.cuda's (stream.auto_synchronize() synchronizes its stream at
// the exit), np.errstate (its modes change nothing py2cuda's host arithmetic does) and
// instances of the program's classes defining __enter__ and __exit__ (a timer, a logger):
// `with Timer("step") as t:` calls `__enter__()` into `t`, runs the body, then calls
// `__exit__(None, None, None)` however the body is left (a finally block); a @contextmanager
// generator is such a class (sema/context_generators.cpp). Kernels have no with statement in
// Numba, and host code's other context managers (files, locks, objmode) are outside what py2cuda
// translates.
#include "infer/ast_queries.h"
#include "infer/function_builder.h"
#include "sema/module_info.h"

namespace py2cuda::infer {

void FunctionBuilder::with_stmt(const ast::With& w, ir::Block& out) {
  if (!host_) {
    D().error(w.span, "a with statement is not supported in CUDA kernels");
    return;
  }
  std::vector<ir::ExprPtr> exits;  // in the order of the items; run in reverse, as Python does
  bool user_managers = false;      // an instance's __exit__ among them
  const size_t entries_start = out.size();
  for (const ast::WithItem& item : w.items) {
    const ast::Expr& context = *item.context;
    const builtins::HostBuiltin* row = nullptr;
    ir::ExprPtr self;
    if (context.kind == ast::ExprKind::Call) {
      const auto& c = ast::as<ast::Call>(context);
      std::string path = sema::resolve_path(mb_.info(), *c.func);
      if (!path.empty()) {
        row = builtins::find_host(path);
      } else if (c.func->kind == ast::ExprKind::Attribute) {
        self = expr(*ast::as<ast::Attribute>(*c.func).value);
        if (!self) return;
        if (self->type->is_host_object())
          row = builtins::find_host(self->type->object_name() + "." + ast::as<ast::Attribute>(*c.func).attr);
      }
    }
    if (!row && may_be_instance(context)) {
      if (!enter_instance(item, w, out, exits)) return;
      user_managers = true;
      continue;
    }
    if (!row || row->rule != builtins::HostRule::ContextManager) {
      D().error(context.span, "py2cuda translates with statements in host code only over numba.cuda's context "
                              "managers (stream.auto_synchronize(), cuda.pinned(...), cuda.defer_cleanup()), "
                              "instances of the program's classes that define __enter__ and __exit__, and "
                              "@contextmanager generators with one yield, at the top of their body or of a "
                              "try/finally");
      return;
    }
    if (item.target) {
      D().error(item.target->span, "'with ... as " + std::string(item.target->kind == ast::ExprKind::Name
                                                                     ? ast::as<ast::Name>(*item.target).id
                                                                     : "target") +
                                       "' is not supported in host code by py2cuda; drop the 'as' part and use the "
                                       "object the context manager was made from");
      return;
    }
    const auto& c = ast::as<ast::Call>(context);
    if (row->path == "numpy.errstate") {
      if (!floating_point_modes(c, "np.errstate")) return;
      continue;
    }
    if (!c.keywords.empty()) {
      D().error(c.keywords.front().span, std::string(row->path) + "() takes no keyword arguments");
      return;
    }
    if (row->path == "numba.cuda.pinned") {
      // Page-locking only speeds copies up: the arrays are checked and the body runs as it is.
      for (const auto& a : c.args) {
        auto v = expr(*a);
        if (!v) return;
        if (!v->type->is_array() || v->type->is_device_array()) {
          D().error(a->span, "cuda.pinned() takes host arrays, not " + v->type->str());
          return;
        }
        if (a->kind != ast::ExprKind::Name) out.push_back(std::make_unique<ir::ExprStmt>(std::move(v), a->span));
      }
      continue;
    }
    if (!c.args.empty()) {
      D().error(c.args.front()->span, std::string(row->path) + "() takes no arguments");
      return;
    }
    if (row->path == "Stream.auto_synchronize") {
      // The stream is the one the with statement saw.
      ir::Variable* stream = held_for_exit(std::move(self), *ast::as<ast::Attribute>(*c.func).value, w, "stream", out);
      auto sync = std::make_unique<ir::BuiltinCall>(types::none(), "{0}.synchronize()", w.span);
      sync->args.push_back(std::make_unique<ir::VarRef>(stream, w.span));
      sync->has_effects = true;
      exits.push_back(std::move(sync));
    }
    // cuda.defer_cleanup(): deallocation is already deferred to the last reference's end.
  }
  for (size_t i = entries_start + 1; i < out.size(); ++i) out[i]->echo_line = false;  // one echo of the with line
  if (user_managers) {
    // The exits run however the body is left (its end, return, break, continue, an exception),
    // as a try statement's finally block runs.
    auto node = std::make_unique<ir::Try>(w.span);
    node->echo_line = entries_start == out.size();  // else the entries echoed the line
    BlockScopes scopes(*this);
    block(w.body, node->body);
    scopes.next();
    node->finally_span = w.span;
    for (auto it = exits.rbegin(); it != exits.rend(); ++it) {
      node->finally_body.push_back(std::make_unique<ir::ExprStmt>(std::move(*it), w.span));
      node->finally_body.back()->echo_line = false;  // the guard echoes the with statement
    }
    out.push_back(std::move(node));
    return;
  }
  if (!exits.empty()) {
    if (const ast::Stmt* leave = early_exit(w.body, false)) {
      D().error(leave->span, "leaving 'with stream.auto_synchronize()' early is not supported by py2cuda (the "
                             "stream would not be synchronized); let the body run to its end");
      return;
    }
  }
  block(w.body, out);
  for (auto it = exits.rbegin(); it != exits.rend(); ++it)
    out.push_back(std::make_unique<ir::ExprStmt>(std::move(*it), w.span));
}

ir::Variable* FunctionBuilder::held_for_exit(ir::ExprPtr value, const ast::Expr& spelled, const ast::With& w,
                                             const std::string& stem, ir::Block& out) {
  std::set<std::string> rebound;
  collect_bound_names(w.body, rebound);
  if (value->kind == ir::ExprKind::Var && spelled.kind == ast::ExprKind::Name &&
      !rebound.count(ast::as<ast::Name>(spelled).id)) {
    return static_cast<ir::VarRef&>(*value).var;
  }
  ir::Variable* held = temporary(stem, value->type);
  auto bind = std::make_unique<ir::Assign>(std::make_unique<ir::VarRef>(held, spelled.span), std::move(value), spelled.span);
  bind->declare = true;
  out.push_back(std::move(bind));
  return held;
}

bool FunctionBuilder::enter_instance(const ast::WithItem& item, const ast::With& w, ir::Block& out,
                                     std::vector<ir::ExprPtr>& exits) {
  const ast::Expr& context = *item.context;
  auto manager = expr(context);
  if (!manager) return false;
  const FunctionEntry* enter = special_method(manager->type, "__enter__");
  const FunctionEntry* exit = special_method(manager->type, "__exit__");
  if (!enter || !exit) {
    D().error(context.span, "a with statement needs a context manager: " +
                                (instance_class(manager->type).empty() ? manager->type->str()
                                                                       : "class '" + instance_class(manager->type) + "'") +
                                " defines no __enter__ and __exit__");
    return false;
  }
  ir::Variable* held = held_for_exit(std::move(manager), context, w, "context", out);
  std::vector<ir::ExprPtr> self;
  self.push_back(std::make_unique<ir::VarRef>(held, context.span));
  auto entered = call_special(*enter, std::move(self), context.span);
  if (!entered) return false;
  if (item.target && !entered->type->is_none()) {
    assign(*item.target, std::move(entered), item.target->span, out, false);
  } else if (item.target) {
    // An __enter__ returning nothing binds the target to None.
    out.push_back(std::make_unique<ir::ExprStmt>(std::move(entered), context.span));
    assign(*item.target, std::make_unique<ir::Const>(types::none(), item.target->span), item.target->span, out, false);
  } else {
    out.push_back(std::make_unique<ir::ExprStmt>(std::move(entered), context.span));
  }
  // __exit__(exc_type, exc_value, traceback): None for each, the body having run to its end.
  std::vector<ir::ExprPtr> args;
  args.push_back(std::make_unique<ir::VarRef>(held, w.span));
  for (size_t i = 1; i < exit->def->params.size(); ++i) {
    if (exit->def->params[i].kind != ast::Param::Kind::Normal || exit->def->params[i].default_value) break;
    args.push_back(std::make_unique<ir::Const>(types::none(), w.span));
  }
  auto left = call_special(*exit, std::move(args), w.span);
  if (!left) return false;
  exits.push_back(std::move(left));
  return true;
}

}  // namespace py2cuda::infer
