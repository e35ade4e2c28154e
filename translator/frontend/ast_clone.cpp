#include "frontend/ast_clone.h"

namespace py2cuda::ast {

namespace {

std::vector<ExprPtr> clone_all(const std::vector<ExprPtr>& in) {
  std::vector<ExprPtr> out;
  for (const auto& e : in) out.push_back(clone(e.get()));
  return out;
}

}  // namespace

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
      for (const Param& p : l.params) {
        out->params.push_back(Param{.kind = p.kind, .name = p.name, .annotation = clone(p.annotation.get()),
                                    .default_value = clone(p.default_value.get()), .span = p.span});
      }
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

}  // namespace py2cuda::ast
