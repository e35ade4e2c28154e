// FunctionBuilder, host code: starred arguments, `f(*args)`, `k[grid, block](*args)`,
// `print(*a.shape, sep='x')`. A tuple's length is in its type, so the call is the same
// call with the tuple's items as arguments (`f(args[0], args[1])`), typed as any other;
// `print(*xs)` of a list, whose length is known only when it runs, prints each item, and a
// list last in a call of a function with a fixed number of parameters gives that many.
#include "frontend/ast_clone.h"
#include "infer/ast_queries.h"
#include "infer/function_builder.h"
#include "infer/host_nodes.h"
#include "infer/ir_literals.h"

namespace py2cuda::infer {

namespace {

ast::ExprPtr item_of(const ast::Expr& tuple, size_t i) {
  return std::make_unique<ast::Subscript>(tuple.span, ast::clone(&tuple), ast::int_literal(i, tuple.span));
}

}  // namespace

ir::ExprPtr FunctionBuilder::starred_call(const ast::Call& c) {
  for (const auto& kw : c.keywords) {
    if (kw.name.empty()) return fail(kw.span, "**kwargs in calls are not supported in host code by py2cuda");
  }
  const bool is_print = c.func->kind == ast::ExprKind::Name && callee_path(*c.func) == "print" &&
                        !locals_.count(ast::as<ast::Name>(*c.func).id);
  // zip(*pairs) of a list of k-tuples: k tuples whose length the list's has (a transpose).
  if (c.func->kind == ast::ExprKind::Name && is_builtin_name(*c.func, "zip") && c.args.size() == 1 &&
      c.keywords.empty()) {
    const ast::Expr& inner = *ast::as<ast::Starred>(*c.args[0]).value;
    auto v = growable_list(expr(inner));
    if (!v) return nullptr;
    // zip(*t) of a tuple (`zip(*np.nonzero(b))`) is zip of its items, spread as any call's below.
    if (!v->type->is_tuple() || v->type->is_list_display()) {
      TypeRef row = v->type->is_list() ? v->type->dtype() : nullptr;
      if (row && row->is_list() && !row->is_set() && row->dtype()) {
        // zip(*rows) of a list of lists: as many tuples as the shortest row has items.
        return call_node(types::list(types::sized_tuple(row->dtype())), "py2cuda::host::transpose_rows({0})", c.span,
                         args_of(std::move(v)));
      }
      if (!row || !row->is_tuple() || row->is_list_display() || row->elements().empty()) {
        return fail(inner.span, "py2cuda's zip(*rows) transposes a list of tuples or of lists, not " + v->type->str() +
                                    " (the number of tuples it gives must be known when the program is translated)");
      }
      std::vector<TypeRef> columns;
      for (TypeRef e : row->elements()) columns.push_back(types::sized_tuple(e));
      auto k = int64_literal(columns.size(), c.span);
      return call_node(types::tuple(columns), "py2cuda::host::unzip({0}, {1})", c.span,
                       args_of(std::move(v), std::move(k)));
    }
  }
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
        // `f(*g(x))`: the tuple evaluated once, into a variable whose items the call reads.
        const std::string held_name =
            "py2cuda_starred_" + std::to_string(inner.span.line) + "_" + std::to_string(inner.span.col);
        auto rewritten = std::make_unique<ast::Call>(c.span, ast::clone(c.func.get()));
        for (const auto& kw : c.keywords) rewritten->keywords.push_back({kw.name, ast::clone(kw.value.get()), kw.span});
        for (const auto& x : c.args) {
          rewritten->args.push_back(x.get() == a.get() ? std::make_unique<ast::Starred>(
                                                              a->span, std::make_unique<ast::Name>(inner.span, held_name))
                                                        : ast::clone(x.get()));
        }
        const ast::Call& once = *rewritten;
        synthesized_.push_back(std::move(rewritten));
        return with_held(std::move(v), "items", [&](ir::Variable* held) {
          comprehension_vars_[held_name] = held;
          auto result = starred_call(once);
          comprehension_vars_.erase(held_name);
          return result;
        });
      }
      for (size_t i = 0; i < v->type->elements().size(); ++i) call->args.push_back(item_of(inner, i));
      continue;
    }
    if (is_print && (v->type->is_list() || (v->type->is_array() && !v->type->is_device_array() && v->type->ndim() == 1))) {
      call->args.push_back(ast::clone(a.get()));  // host_print spreads it
      call->has_star_args = true;
      continue;
    }
    // `k[blocks, threads](x, *outs)`, `f(a, *rest)` of a list named as a variable, last among the
    // arguments: as many items as the callee's remaining parameters take (a kernel's or a host
    // function's, without defaults). A list of another length is an IndexError when too short
    // where Python raises TypeError, and the extra items are not passed when too long.
    if (v->type->is_list() && a.get() == c.args.back().get() && c.keywords.empty() && rereadable(inner)) {
      const ast::Expr& callee = c.func->kind == ast::ExprKind::Subscript ? *ast::as<ast::Subscript>(*c.func).value : *c.func;
      const FunctionEntry* f = function_value(callee);
      bool plain_params = f && f->def;
      for (size_t k = 0; plain_params && k < f->def->params.size(); ++k) {
        plain_params = f->def->params[k].kind == ast::Param::Kind::Normal && !f->def->params[k].default_value;
      }
      const size_t before = call->args.size();
      if (plain_params && f->def->params.size() - f->def->captured_params > before) {
        for (size_t i = before; i < f->def->params.size() - f->def->captured_params; ++i) {
          call->args.push_back(item_of(inner, i - before));
        }
        continue;
      }
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

void FunctionBuilder::starred_unpack(const std::vector<ast::ExprPtr>& targets, ir::ExprPtr value, Span s,
                                     ir::Block& out, bool echo) {
  size_t star = targets.size();
  for (size_t i = 0; i < targets.size(); ++i) {
    if (targets[i]->kind != ast::ExprKind::Starred) continue;
    if (star != targets.size()) {
      D().error(targets[i]->span, "multiple starred expressions in assignment");
      return;
    }
    star = i;
  }
  const size_t before = star, after = targets.size() - star - 1;
  value = growable_list(std::move(value));
  TypeRef t = value->type;
  const bool tuple = t->is_tuple() && !t->is_list_display();
  if (!tuple && !(t->is_list() && t->dtype())) {
    D().error(s, "py2cuda unpacks into a starred name (a, *rest = ...) a tuple or a list, not " + t->str());
    return;
  }
  if (tuple && t->elements().size() < before + after) {
    D().error(s, "not enough values to unpack (expected at least " + std::to_string(before + after) + ", got " +
                     std::to_string(t->elements().size()) + ")");
    return;
  }
  // The whole right-hand side first, once.
  ir::Variable* tmp = temporary(tuple ? "tup" : "items", t);
  auto st = std::make_unique<ir::Assign>(std::make_unique<ir::VarRef>(tmp, s), std::move(value), s);
  st->declare = true;
  st->echo_line = echo;
  out.push_back(std::move(st));
  auto whole = [&]() { return std::make_unique<ir::VarRef>(tmp, s); };
  auto item = [&](int64_t i) -> ir::ExprPtr {  // i < 0 counts from the end
    if (tuple) {
      const size_t at = i < 0 ? t->elements().size() + static_cast<size_t>(i) : static_cast<size_t>(i);
      return std::make_unique<ir::TupleGet>(t->elements()[at], whole(), static_cast<int>(at), s);
    }
    auto k = int64_literal(i, s);
    return call_node(t->dtype(), "{0}.at({1})", s, args_of(whole(), std::move(k)));
  };
  ir::ExprPtr rest;
  if (tuple) {
    std::vector<TypeRef> ts;
    auto middle = std::make_unique<ir::TupleMake>(nullptr, s);
    for (size_t i = before; i + after < t->elements().size(); ++i) {
      ts.push_back(t->elements()[i]);
      middle->elements.push_back(item(static_cast<int64_t>(i)));
    }
    middle->type = types::list_display(ts);
    rest = ts.empty() ? empty_list(types::list(nullptr), s) : growable_list(std::move(middle));
  } else {
    // Python checks the count first: too few values are its ValueError, not an IndexError.
    auto need = int64_literal(before + after, s);
    out.push_back(std::make_unique<ir::ExprStmt>(
        call_node(types::none(), "py2cuda::host::check_unpack_at_least({0}, {1})", s, args_of(whole(), std::move(need))),
        s));
    std::string bounds = std::to_string(before) + ", " + (after ? "-" + std::to_string(after) : "py2cuda::none");
    rest = call_node(t, "{0}.slice(py2cuda::slice(" + bounds + "))", s, args_of(whole()));
  }
  for (size_t i = 0; i < targets.size(); ++i) {
    if (i == star) {
      assign(*ast::as<ast::Starred>(*targets[i]).value, std::move(rest), s, out, false);
    } else {
      assign(*targets[i], item(i < star ? static_cast<int64_t>(i) : -static_cast<int64_t>(targets.size() - i)), s,
             out, false);
    }
  }
}

void FunctionBuilder::sized_unpack(const std::vector<ast::ExprPtr>& targets, ir::ExprPtr value, Span s,
                                   ir::Block& out, bool echo) {
  const TypeRef t = value->type;
  const bool list = t->is_list();
  // The whole right-hand side first, once; then Python's count check, then the names.
  ir::Variable* tmp = temporary(list ? "items" : "arr", t);
  auto st = std::make_unique<ir::Assign>(std::make_unique<ir::VarRef>(tmp, s), std::move(value), s);
  st->declare = true;
  st->echo_line = echo;
  out.push_back(std::move(st));
  auto whole = [&]() { return std::make_unique<ir::VarRef>(tmp, s); };
  auto count = int64_literal(targets.size(), s);
  out.push_back(std::make_unique<ir::ExprStmt>(
      call_node(types::none(), "py2cuda::host::check_unpack({0}, {1})", s, args_of(whole(), std::move(count))), s));
  for (size_t i = 0; i < targets.size(); ++i) {
    auto k = int64_literal(i, s);
    ir::ExprPtr item;
    if (list) {
      item = call_node(t->dtype(), "{0}.at({1})", s, args_of(whole(), std::move(k)));
    } else if (t->ndim() == 1) {
      auto ix = std::make_unique<ir::Index>(t->dtype(), whole(), s);
      ix->indices.push_back(std::move(k));
      item = std::move(ix);
    } else {
      // NumPy unpacks over the first axis: each name a view of one row.
      std::vector<rules::ViewIndex> kinds(static_cast<size_t>(t->ndim()), rules::ViewIndex::Slice);
      kinds[0] = rules::ViewIndex::Integer;
      TypeRef row = types::array(t->dtype(), t->ndim() - 1, rules::view_layout(t, kinds), t->is_readonly());
      std::string pattern = "py2cuda::view({0}, {1}";
      for (int d = 1; d < t->ndim(); ++d) pattern += ", py2cuda::slice()";
      auto view = call_node(row, pattern + ")", s, args_of(whole(), std::move(k)));
      static_cast<ir::BuiltinCall&>(*view).bare_literals = true;
      item = std::move(view);
    }
    assign(*targets[i], std::move(item), s, out, false);
  }
}

}  // namespace py2cuda::infer
