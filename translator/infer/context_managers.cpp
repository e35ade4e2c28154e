// Host code's with statements over numba.cuda's context managers: the body runs in place, and
// each manager's exit action follows it (stream.auto_synchronize() synchronizes its stream).
// Nothing else has a with statement here: kernels have none in Numba, and host code's other
// context managers (files, locks, objmode) are outside what py2cuda translates.
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
    if (!row || row->rule != builtins::HostRule::ContextManager) {
      D().error(context.span, "py2cuda translates with statements in host code only over numba.cuda's context "
                              "managers (stream.auto_synchronize(), cuda.pinned(...), cuda.defer_cleanup())");
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
      // The stream is the one the with statement saw: a variable the body rebinds is copied first.
      const ast::Expr& receiver = *ast::as<ast::Attribute>(*c.func).value;
      std::set<std::string> rebound;
      collect_bound_names(w.body, rebound);
      ir::Variable* stream = nullptr;
      if (self->kind == ir::ExprKind::Var && receiver.kind == ast::ExprKind::Name &&
          !rebound.count(ast::as<ast::Name>(receiver).id)) {
        stream = static_cast<ir::VarRef&>(*self).var;
      } else {
        stream = temporary("stream", self->type);
        auto bind = std::make_unique<ir::Assign>(std::make_unique<ir::VarRef>(stream, context.span), std::move(self),
                                                 context.span);
        bind->declare = true;
        out.push_back(std::move(bind));
      }
      auto sync = std::make_unique<ir::BuiltinCall>(types::none(), "{0}.synchronize()", w.span);
      sync->args.push_back(std::make_unique<ir::VarRef>(stream, w.span));
      sync->has_effects = true;
      exits.push_back(std::move(sync));
    }
    // cuda.defer_cleanup(): deallocation is already deferred to the last reference's end.
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

}  // namespace py2cuda::infer
