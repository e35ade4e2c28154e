#include "frontend/ast_clone.h"

namespace py2cuda::ast {

namespace {

std::vector<ExprPtr> clone_all(const std::vector<ExprPtr>& in) {
  std::vector<ExprPtr> out;
  for (const auto& e : in) out.push_back(clone(e.get()));
  return out;
}

}  // namespace

std::vector<Param> clone(const std::vector<Param>& in) {
  std::vector<Param> out;
  for (const Param& p : in) {
    out.push_back(Param{.kind = p.kind, .name = p.name, .annotation = clone(p.annotation.get()),
                        .default_value = clone(p.default_value.get()), .span = p.span});
  }
  return out;
}

ExprPtr clone(const Expr* e) {
  if (!e) return nullptr;
  switch (e->kind) {
    case ExprKind::Name: return std::make_unique<Name>(e->span, as<Name>(*e).id);
    case ExprKind::IntLit: return std::make_unique<IntLit>(as<IntLit>(*e));
    case ExprKind::FloatLit: return std::make_unique<FloatLit>(as<FloatLit>(*e));
    case ExprKind::BoolLit: return std::make_unique<BoolLit>(as<BoolLit>(*e));
    case ExprKind::NoneLit: return std::make_unique<NoneLit>(e->span);
    case ExprKind::StrLit: return std::make_unique<StrLit>(as<StrLit>(*e));
    case ExprKind::Attribute: {
      const auto& a = as<Attribute>(*e);
      return std::make_unique<Attribute>(e->span, clone(a.value.get()), a.attr, a.attr_span);
    }
    case ExprKind::Subscript: {
      const auto& s = as<Subscript>(*e);
      return std::make_unique<Subscript>(e->span, clone(s.value.get()), clone(s.index.get()));
    }
    case ExprKind::Slice: {
      const auto& s = as<Slice>(*e);
      auto out = std::make_unique<Slice>(e->span);
      out->lower = clone(s.lower.get());
      out->upper = clone(s.upper.get());
      out->step = clone(s.step.get());
      return out;
    }
    case ExprKind::Call: {
      const auto& c = as<Call>(*e);
      auto out = std::make_unique<Call>(e->span, clone(c.func.get()));
      out->args = clone_all(c.args);
      for (const auto& k : c.keywords) out->keywords.push_back(Keyword{k.name, clone(k.value.get()), k.span});
      out->has_star_args = c.has_star_args;
      out->is_set_display = c.is_set_display;
      return out;
    }
    case ExprKind::Binary: {
      const auto& b = as<Binary>(*e);
      return std::make_unique<Binary>(e->span, b.op, clone(b.left.get()), clone(b.right.get()));
    }
    case ExprKind::Unary: {
      const auto& u = as<Unary>(*e);
      return std::make_unique<Unary>(e->span, u.op, clone(u.operand.get()));
    }
    case ExprKind::BoolOp: {
      const auto& b = as<BoolOpExpr>(*e);
      auto out = std::make_unique<BoolOpExpr>(e->span, b.is_and);
      out->values = clone_all(b.values);
      return out;
    }
    case ExprKind::Compare: {
      const auto& c = as<Compare>(*e);
      auto out = std::make_unique<Compare>(e->span, clone(c.left.get()));
      out->ops = c.ops;
      out->comparators = clone_all(c.comparators);
      return out;
    }
    case ExprKind::IfExp: {
      const auto& i = as<IfExp>(*e);
      auto out = std::make_unique<IfExp>(e->span);
      out->test = clone(i.test.get());
      out->body = clone(i.body.get());
      out->orelse = clone(i.orelse.get());
      return out;
    }
    case ExprKind::Tuple: {
      auto out = std::make_unique<TupleExpr>(e->span);
      out->elts = clone_all(as<TupleExpr>(*e).elts);
      return out;
    }
    case ExprKind::List: {
      auto out = std::make_unique<ListExpr>(e->span);
      out->elts = clone_all(as<ListExpr>(*e).elts);
      return out;
    }
    case ExprKind::Dict: {
      auto out = std::make_unique<DictExpr>(e->span);
      out->keys = clone_all(as<DictExpr>(*e).keys);
      out->values = clone_all(as<DictExpr>(*e).values);
      return out;
    }
    case ExprKind::FString: {
      auto out = std::make_unique<FStringExpr>(e->span);
      for (const auto& p : as<FStringExpr>(*e).parts) {
        std::vector<FStringPart> spec_parts;
        for (const auto& q : p.spec_parts) {
          // A spec's pieces are text or a plain field: no conversion or spec of their own.
          spec_parts.push_back(FStringPart{.text = q.text, .value = clone(q.value.get()), .conversion = 0, .spec = {},
                                           .dynamic_spec = false, .spec_parts = {}, .span = q.span});
        }
        out->parts.push_back(
            FStringPart{p.text, clone(p.value.get()), p.conversion, p.spec, p.dynamic_spec, std::move(spec_parts), p.span});
      }
      return out;
    }
    case ExprKind::Comprehension: {
      const auto& c = as<ComprehensionExpr>(*e);
      auto out = std::make_unique<ComprehensionExpr>(e->span, c.is_list);
      out->elt = clone(c.elt.get());
      out->target = clone(c.target.get());
      out->iter = clone(c.iter.get());
      out->conditions = clone_all(c.conditions);
      out->nested_clause = c.nested_clause;
      out->is_dict = c.is_dict;
      return out;
    }
    case ExprKind::Lambda: {
      const auto& l = as<LambdaExpr>(*e);
      auto out = std::make_unique<LambdaExpr>(e->span);
      out->params = clone(l.params);
      out->body = clone(l.body.get());
      return out;
    }
    case ExprKind::Starred: return std::make_unique<Starred>(e->span, clone(as<Starred>(*e).value.get()));
    case ExprKind::Unsupported: {
      auto u = std::make_unique<UnsupportedExpr>(e->span, as<UnsupportedExpr>(*e).what);
      u->value = clone(as<UnsupportedExpr>(*e).value.get());
      return u;
    }
  }
  return nullptr;
}

namespace {

Block clone_block(const Block& in, bool& complete) {
  Block out;
  for (const auto& s : in) {
    StmtPtr c = clone(s.get());
    if (!c) complete = false;
    else out.push_back(std::move(c));
  }
  return out;
}

}  // namespace

StmtPtr clone(const Stmt* s) {
  if (!s) return nullptr;
  bool complete = true;
  StmtPtr out;
  switch (s->kind) {
    case StmtKind::Expr: out = std::make_unique<ExprStmt>(s->span, clone(as<ExprStmt>(*s).value.get())); break;
    case StmtKind::Assign: {
      auto a = std::make_unique<Assign>(s->span);
      a->targets = clone_all(as<Assign>(*s).targets);
      a->value = clone(as<Assign>(*s).value.get());
      out = std::move(a);
      break;
    }
    case StmtKind::AugAssign: {
      const auto& in = as<AugAssign>(*s);
      auto a = std::make_unique<AugAssign>(s->span, in.op);
      a->target = clone(in.target.get());
      a->value = clone(in.value.get());
      out = std::move(a);
      break;
    }
    case StmtKind::AnnAssign: {
      const auto& in = as<AnnAssign>(*s);
      auto a = std::make_unique<AnnAssign>(s->span);
      a->target = clone(in.target.get());
      a->annotation = clone(in.annotation.get());
      a->value = clone(in.value.get());
      out = std::move(a);
      break;
    }
    case StmtKind::If: {
      const auto& in = as<If>(*s);
      auto i = std::make_unique<If>(s->span);
      i->test = clone(in.test.get());
      i->body = clone_block(in.body, complete);
      i->orelse = clone_block(in.orelse, complete);
      i->orelse_is_elif = in.orelse_is_elif;
      out = std::move(i);
      break;
    }
    case StmtKind::For: {
      const auto& in = as<For>(*s);
      auto f = std::make_unique<For>(s->span);
      f->target = clone(in.target.get());
      f->iter = clone(in.iter.get());
      f->body = clone_block(in.body, complete);
      f->orelse = clone_block(in.orelse, complete);
      out = std::move(f);
      break;
    }
    case StmtKind::While: {
      const auto& in = as<While>(*s);
      auto w = std::make_unique<While>(s->span);
      w->test = clone(in.test.get());
      w->body = clone_block(in.body, complete);
      w->orelse = clone_block(in.orelse, complete);
      out = std::move(w);
      break;
    }
    case StmtKind::Break: out = std::make_unique<Break>(s->span); break;
    case StmtKind::Continue: out = std::make_unique<Continue>(s->span); break;
    case StmtKind::Pass: out = std::make_unique<Pass>(s->span); break;
    case StmtKind::Return: {
      auto r = std::make_unique<Return>(s->span);
      r->value = clone(as<Return>(*s).value.get());
      out = std::move(r);
      break;
    }
    case StmtKind::FunctionDef: {
      const auto& in = as<FunctionDef>(*s);
      auto f = std::make_unique<FunctionDef>(s->span);
      f->name = in.name;
      f->name_span = in.name_span;
      f->decorators = clone_all(in.decorators);
      f->params = clone(in.params);
      f->returns = clone(in.returns.get());
      f->body = clone_block(in.body, complete);
      f->is_async = in.is_async;
      f->captured_params = in.captured_params;
      out = std::move(f);
      break;
    }
    case StmtKind::Import: {
      auto i = std::make_unique<Import>(s->span);
      i->names = as<Import>(*s).names;
      out = std::move(i);
      break;
    }
    case StmtKind::ImportFrom: {
      const auto& in = as<ImportFrom>(*s);
      auto i = std::make_unique<ImportFrom>(s->span);
      i->module = in.module;
      i->level = in.level;
      i->names = in.names;
      i->star = in.star;
      out = std::move(i);
      break;
    }
    case StmtKind::Global: {
      auto g = std::make_unique<Global>(s->span);
      g->names = as<Global>(*s).names;
      out = std::move(g);
      break;
    }
    case StmtKind::Assert: {
      auto a = std::make_unique<Assert>(s->span);
      a->test = clone(as<Assert>(*s).test.get());
      a->msg = clone(as<Assert>(*s).msg.get());
      out = std::move(a);
      break;
    }
    case StmtKind::Raise: {
      auto r = std::make_unique<Raise>(s->span);
      r->exc = clone(as<Raise>(*s).exc.get());
      out = std::move(r);
      break;
    }
    case StmtKind::With: {
      const auto& in = as<With>(*s);
      auto w = std::make_unique<With>(s->span);
      for (const WithItem& item : in.items) w->items.push_back(WithItem{clone(item.context.get()), clone(item.target.get())});
      w->body = clone_block(in.body, complete);
      out = std::move(w);
      break;
    }
    case StmtKind::Try: {
      const auto& in = as<Try>(*s);
      auto t = std::make_unique<Try>(s->span);
      t->body = clone_block(in.body, complete);
      for (const ExceptHandler& h : in.handlers) {
        t->handlers.push_back(
            ExceptHandler{h.span, clone(h.type.get()), clone(h.name.get()), clone_block(h.body, complete)});
      }
      t->orelse = clone_block(in.orelse, complete);
      t->finalbody = clone_block(in.finalbody, complete);
      t->else_span = in.else_span;
      t->finally_span = in.finally_span;
      out = std::move(t);
      break;
    }
    case StmtKind::Delete: {
      auto d = std::make_unique<Delete>(s->span);
      d->targets = clone_all(as<Delete>(*s).targets);
      out = std::move(d);
      break;
    }
    case StmtKind::Unsupported: return nullptr;  // classes and the like: their parts are not all kept
  }
  return complete ? std::move(out) : nullptr;
}

}  // namespace py2cuda::ast
