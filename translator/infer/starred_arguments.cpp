// FunctionBuilder, host code: starred arguments, `f(*args)`, `k[grid, block](*args)`,
// `print(*a.shape, sep='x')`. A tuple's length is in its type, so the call is the same
// call with the tuple's items as arguments (`f(args[0], args[1])`), typed as any other;
// `print(*xs)` of a list, whose length is known only when it runs, prints each item.
#include "frontend/ast_clone.h"
#include "infer/ast_queries.h"
#include "infer/function_builder.h"

namespace py2cuda::infer {

namespace {

// A value that reads the same each time: a name or its attributes (args, cfg.shape).
bool rereadable(const ast::Expr& e) {
  if (e.kind == ast::ExprKind::Name) return true;
  if (e.kind == ast::ExprKind::Attribute) return rereadable(*ast::as<ast::Attribute>(e).value);
  return false;
}

ast::ExprPtr item_of(const ast::Expr& tuple, size_t i) {
  auto index = std::make_unique<ast::IntLit>(tuple.span);
  index->value = i;
  index->text = std::to_string(i);
  return std::make_unique<ast::Subscript>(tuple.span, ast::clone(&tuple), std::move(index));
}

}  // namespace

ir::ExprPtr FunctionBuilder::starred_call(const ast::Call& c) {
  for (const auto& kw : c.keywords) {
    if (kw.name.empty()) return fail(kw.span, "**kwargs in calls are not supported in host code by py2cuda");
  }
  const bool is_print = c.func->kind == ast::ExprKind::Name && callee_path(*c.func) == "print" &&
                        !locals_.count(ast::as<ast::Name>(*c.func).id);
  auto call = std::make_unique<ast::Call>(c.span, ast::clone(c.func.get()));
  for (const auto& kw : c.keywords) call->keywords.push_back({kw.name, ast::clone(kw.value.get()), kw.span});
  for (const auto& a : c.args) {
    if (a->kind != ast::ExprKind::Starred) {
      call->args.push_back(ast::clone(a.get()));
      continue;
    }
    const ast::Expr& inner = *ast::as<ast::Starred>(*a).value;
    if (inner.kind == ast::ExprKind::Tuple || inner.kind == ast::ExprKind::List) {
      // f(*(x, y)), print(*[a, b]): the display's own items.
      const auto& elts = inner.kind == ast::ExprKind::Tuple ? ast::as<ast::TupleExpr>(inner).elts
                                                            : ast::as<ast::ListExpr>(inner).elts;
      for (const auto& x : elts) call->args.push_back(ast::clone(x.get()));
      continue;
    }
    auto v = expr(inner);
    if (!v) return nullptr;
    if (v->type->is_tuple()) {
      if (!rereadable(inner)) {
        return fail(inner.span, "py2cuda unpacks *x where x is a name or an attribute (a.shape), not the value of "
                                "an expression; assign it to a name first");
      }
      for (size_t i = 0; i < v->type->elements().size(); ++i) call->args.push_back(item_of(inner, i));
      continue;
    }
    if (is_print && (v->type->is_list() || (v->type->is_array() && !v->type->is_device_array() && v->type->ndim() == 1))) {
      call->args.push_back(ast::clone(a.get()));  // host_print spreads it
      call->has_star_args = true;
      continue;
    }
    return fail(a->span, "py2cuda unpacks *x of a tuple (its length is known when the program is translated)" +
                             std::string(is_print ? ", or of a list or 1-D array in print()" : "") + ", not of " +
                             v->type->str());
  }
  const ast::Call& expanded = *call;
  synthesized_.push_back(std::move(call));
  if (is_print) return host_print(expanded);
  return this->call(expanded);
}

}  // namespace py2cuda::infer
