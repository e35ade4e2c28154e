#include "frontend/ast_children.h"

namespace py2cuda::ast {

void for_each_child(Expr& e, const std::function<void(ExprPtr&)>& f) {
  auto each = [&](std::vector<ExprPtr>& v) {
    for (auto& x : v) f(x);
  };
  switch (e.kind) {
    case ExprKind::Attribute: f(as<Attribute>(e).value); break;
    case ExprKind::Subscript: f(as<Subscript>(e).value), f(as<Subscript>(e).index); break;
    case ExprKind::Slice: f(as<Slice>(e).lower), f(as<Slice>(e).upper), f(as<Slice>(e).step); break;
    case ExprKind::Call: {
      auto& c = as<Call>(e);
      f(c.func);
      each(c.args);
      for (auto& k : c.keywords) f(k.value);
      break;
    }
    case ExprKind::Binary: f(as<Binary>(e).left), f(as<Binary>(e).right); break;
    case ExprKind::Unary: f(as<Unary>(e).operand); break;
    case ExprKind::BoolOp: each(as<BoolOpExpr>(e).values); break;
    case ExprKind::Compare: f(as<Compare>(e).left), each(as<Compare>(e).comparators); break;
    case ExprKind::IfExp: f(as<IfExp>(e).test), f(as<IfExp>(e).body), f(as<IfExp>(e).orelse); break;
    case ExprKind::Tuple: each(as<TupleExpr>(e).elts); break;
    case ExprKind::List: each(as<ListExpr>(e).elts); break;
    case ExprKind::Dict: each(as<DictExpr>(e).keys), each(as<DictExpr>(e).values); break;
    case ExprKind::FString:
      for (auto& p : as<FStringExpr>(e).parts) {
        f(p.value);
        for (auto& q : p.spec_parts) f(q.value);  // `{x:{width}}`: width
      }
      break;
    case ExprKind::Comprehension: {
      auto& c = as<ComprehensionExpr>(e);
      f(c.elt), f(c.target), f(c.iter);
      each(c.conditions);
      break;
    }
    case ExprKind::Starred: f(as<Starred>(e).value); break;
    case ExprKind::Lambda: {
      auto& l = as<LambdaExpr>(e);
      for (auto& p : l.params) f(p.default_value);
      f(l.body);
      break;
    }
    case ExprKind::Name:
    case ExprKind::IntLit:
    case ExprKind::FloatLit:
    case ExprKind::BoolLit:
    case ExprKind::NoneLit:
    case ExprKind::StrLit:
    case ExprKind::Unsupported: break;
  }
}

}  // namespace py2cuda::ast
