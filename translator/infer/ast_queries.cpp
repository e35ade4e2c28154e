#include "infer/ast_queries.h"

namespace py2cuda::infer {

void SubtreeWalker::expr(const ast::Expr* e) {
    if (!e || !enter(*e)) return;
    visit(*e);
    switch (e->kind) {
      case ast::ExprKind::Attribute: expr(ast::as<ast::Attribute>(*e).value.get()); break;
      case ast::ExprKind::Subscript:
        expr(ast::as<ast::Subscript>(*e).value.get());
        expr(ast::as<ast::Subscript>(*e).index.get());
        break;
      case ast::ExprKind::Slice: {
        const auto& s = ast::as<ast::Slice>(*e);
        expr(s.lower.get()), expr(s.upper.get()), expr(s.step.get());
        break;
      }
      case ast::ExprKind::Call: {
        const auto& c = ast::as<ast::Call>(*e);
        expr(c.func.get());
        for (const auto& a : c.args) expr(a.get());
        for (const auto& k : c.keywords) expr(k.value.get());
        break;
      }
      case ast::ExprKind::Binary:
        expr(ast::as<ast::Binary>(*e).left.get()), expr(ast::as<ast::Binary>(*e).right.get());
        break;
      case ast::ExprKind::Unary: expr(ast::as<ast::Unary>(*e).operand.get()); break;
      case ast::ExprKind::BoolOp:
        for (const auto& v : ast::as<ast::BoolOpExpr>(*e).values) expr(v.get());
        break;
      case ast::ExprKind::Compare:
        expr(ast::as<ast::Compare>(*e).left.get());
        for (const auto& v : ast::as<ast::Compare>(*e).comparators) expr(v.get());
        break;
      case ast::ExprKind::IfExp: {
        const auto& i = ast::as<ast::IfExp>(*e);
        expr(i.test.get()), expr(i.body.get()), expr(i.orelse.get());
        break;
      }
      case ast::ExprKind::Tuple:
        for (const auto& v : ast::as<ast::TupleExpr>(*e).elts) expr(v.get());
        break;
      case ast::ExprKind::List:
        for (const auto& v : ast::as<ast::ListExpr>(*e).elts) expr(v.get());
        break;
      case ast::ExprKind::Dict:
        for (const auto& v : ast::as<ast::DictExpr>(*e).keys) expr(v.get());
        for (const auto& v : ast::as<ast::DictExpr>(*e).values) expr(v.get());
        break;
      case ast::ExprKind::FString:
        for (const auto& part : ast::as<ast::FStringExpr>(*e).parts) {
          expr(part.value.get());
          for (const auto& nested : part.spec_parts) expr(nested.value.get());
        }
        break;
      case ast::ExprKind::Comprehension: {
        const auto& c = ast::as<ast::ComprehensionExpr>(*e);
        expr(c.elt.get()), expr(c.iter.get());
        for (const auto& cond : c.conditions) expr(cond.get());
        break;
      }
      case ast::ExprKind::Lambda: expr(ast::as<ast::LambdaExpr>(*e).body.get()); break;
      case ast::ExprKind::Starred: expr(ast::as<ast::Starred>(*e).value.get()); break;
      default: break;
    }
  }

void SubtreeWalker::block(const ast::Block& b) {
  for (const auto& s : b) stmt(*s);
}

void SubtreeWalker::stmt(const ast::Stmt& s) {
    if (!enter(s)) return;
    visit(s);
    switch (s.kind) {
      case ast::StmtKind::Expr: expr(ast::as<ast::ExprStmt>(s).value.get()); break;
      case ast::StmtKind::Assign:
        for (const auto& t : ast::as<ast::Assign>(s).targets) expr(t.get());
        expr(ast::as<ast::Assign>(s).value.get());
        break;
      case ast::StmtKind::AugAssign:
        expr(ast::as<ast::AugAssign>(s).target.get()), expr(ast::as<ast::AugAssign>(s).value.get());
        break;
      case ast::StmtKind::AnnAssign:
        expr(ast::as<ast::AnnAssign>(s).target.get()), expr(ast::as<ast::AnnAssign>(s).value.get());
        break;
      case ast::StmtKind::If:
        expr(ast::as<ast::If>(s).test.get()), block(ast::as<ast::If>(s).body), block(ast::as<ast::If>(s).orelse);
        break;
      case ast::StmtKind::For:
        expr(ast::as<ast::For>(s).target.get()), expr(ast::as<ast::For>(s).iter.get());
        block(ast::as<ast::For>(s).body), block(ast::as<ast::For>(s).orelse);
        break;
      case ast::StmtKind::While:
        expr(ast::as<ast::While>(s).test.get()), block(ast::as<ast::While>(s).body);
        block(ast::as<ast::While>(s).orelse);
        break;
      case ast::StmtKind::With:
        for (const auto& i : ast::as<ast::With>(s).items) expr(i.context.get()), expr(i.target.get());
        block(ast::as<ast::With>(s).body);
        break;
      case ast::StmtKind::Try:
        for (const auto& h : ast::as<ast::Try>(s).handlers) expr(h.type.get()), expr(h.name.get());
        ast::as<ast::Try>(s).for_each_block([&](const ast::Block& b) { block(b); });
        break;
      case ast::StmtKind::Raise: expr(ast::as<ast::Raise>(s).exc.get()); break;
      case ast::StmtKind::Return: expr(ast::as<ast::Return>(s).value.get()); break;
      default: break;
    }
}

namespace {

struct MutatedNames : SubtreeWalker {
  std::set<std::string>& out;
  explicit MutatedNames(std::set<std::string>& o) : out(o) {}
  void container(const ast::Expr& target) {
    if (target.kind == ast::ExprKind::Subscript) {
      const auto& owner = *ast::as<ast::Subscript>(target).value;
      if (owner.kind == ast::ExprKind::Name) out.insert(ast::as<ast::Name>(owner).id);
    }
    if (target.kind == ast::ExprKind::Tuple)
      for (const auto& e : ast::as<ast::TupleExpr>(target).elts) container(*e);
    if (target.kind == ast::ExprKind::List)
      for (const auto& e : ast::as<ast::ListExpr>(target).elts) container(*e);
  }
  void visit(const ast::Stmt& s) override {
    switch (s.kind) {
      case ast::StmtKind::Assign:
        for (const auto& t : ast::as<ast::Assign>(s).targets) container(*t);
        break;
      case ast::StmtKind::AugAssign: container(*ast::as<ast::AugAssign>(s).target); break;
      case ast::StmtKind::AnnAssign: container(*ast::as<ast::AnnAssign>(s).target); break;
      case ast::StmtKind::For: container(*ast::as<ast::For>(s).target); break;
      case ast::StmtKind::Delete:
        for (const auto& t : ast::as<ast::Delete>(s).targets) container(*t);
        break;
      default: break;
    }
  }
  void visit(const ast::Expr& e) override {
    // The methods of list, dict and ndarray that change their object.
    static const std::set<std::string> kMutators = {"append", "extend", "insert", "pop", "remove", "clear",
                                                    "sort", "reverse", "update", "setdefault", "popitem", "fill",
                                                    "add", "discard"};
    if (e.kind != ast::ExprKind::Call) return;
    const ast::Expr& callee = *ast::as<ast::Call>(e).func;
    if (callee.kind != ast::ExprKind::Attribute) return;
    const auto& m = ast::as<ast::Attribute>(callee);
    if (m.value->kind == ast::ExprKind::Name && kMutators.count(m.attr)) out.insert(ast::as<ast::Name>(*m.value).id);
  }
};

}  // namespace

void collect_mutated_names(const ast::Block& body, std::set<std::string>& out) {
  MutatedNames walker(out);
  walker.block(body);
}

void collect_mutated_names(const std::vector<const ast::Stmt*>& body, std::set<std::string>& out) {
  MutatedNames walker(out);
  for (const ast::Stmt* s : body) walker.stmt(*s);
}

// Names bound anywhere in a function body: Python makes them local.
namespace {

void collect_target(const ast::Expr& t, std::set<std::string>& out) {
  if (t.kind == ast::ExprKind::Name) out.insert(ast::as<ast::Name>(t).id);
  if (t.kind == ast::ExprKind::Tuple)
    for (const auto& e : ast::as<ast::TupleExpr>(t).elts) collect_target(*e, out);
  if (t.kind == ast::ExprKind::List)
    for (const auto& e : ast::as<ast::ListExpr>(t).elts) collect_target(*e, out);
  if (t.kind == ast::ExprKind::Starred) collect_target(*ast::as<ast::Starred>(t).value, out);
}

}  // namespace

void collect_bound_names(const std::vector<const ast::Stmt*>& body, std::set<std::string>& out) {
  for (const ast::Stmt* s : body) {
    switch (s->kind) {
      case ast::StmtKind::Assign:
        for (const auto& t : ast::as<ast::Assign>(*s).targets) collect_target(*t, out);
        break;
      case ast::StmtKind::AugAssign: collect_target(*ast::as<ast::AugAssign>(*s).target, out); break;
      case ast::StmtKind::AnnAssign: collect_target(*ast::as<ast::AnnAssign>(*s).target, out); break;
      case ast::StmtKind::For:
        collect_target(*ast::as<ast::For>(*s).target, out);
        collect_bound_names(ast::as<ast::For>(*s).body, out);
        collect_bound_names(ast::as<ast::For>(*s).orelse, out);
        break;
      case ast::StmtKind::While:
        collect_bound_names(ast::as<ast::While>(*s).body, out);
        collect_bound_names(ast::as<ast::While>(*s).orelse, out);
        break;
      case ast::StmtKind::If:
        collect_bound_names(ast::as<ast::If>(*s).body, out);
        collect_bound_names(ast::as<ast::If>(*s).orelse, out);
        break;
      case ast::StmtKind::With:
        for (const auto& i : ast::as<ast::With>(*s).items)
          if (i.target) collect_target(*i.target, out);
        collect_bound_names(ast::as<ast::With>(*s).body, out);
        break;
      case ast::StmtKind::Try:
        for (const auto& h : ast::as<ast::Try>(*s).handlers)
          if (h.name) collect_target(*h.name, out);
        ast::as<ast::Try>(*s).for_each_block([&](const ast::Block& b) { collect_bound_names(b, out); });
        break;
      default: break;
    }
  }
}

void collect_bound_names(const ast::Block& body, std::set<std::string>& out) {
  std::vector<const ast::Stmt*> stmts;
  for (const auto& s : body) stmts.push_back(s.get());
  collect_bound_names(stmts, out);
}

void collect_global_names(const ast::Block& body, std::set<std::string>& out) {
  for (const auto& s : body) {
    switch (s->kind) {
      case ast::StmtKind::Global:
        for (const auto& n : ast::as<ast::Global>(*s).names) out.insert(n);
        break;
      case ast::StmtKind::For:
        collect_global_names(ast::as<ast::For>(*s).body, out);
        collect_global_names(ast::as<ast::For>(*s).orelse, out);
        break;
      case ast::StmtKind::While:
        collect_global_names(ast::as<ast::While>(*s).body, out);
        collect_global_names(ast::as<ast::While>(*s).orelse, out);
        break;
      case ast::StmtKind::If:
        collect_global_names(ast::as<ast::If>(*s).body, out);
        collect_global_names(ast::as<ast::If>(*s).orelse, out);
        break;
      case ast::StmtKind::With: collect_global_names(ast::as<ast::With>(*s).body, out); break;
      case ast::StmtKind::Try:
        ast::as<ast::Try>(*s).for_each_block([&](const ast::Block& b) { collect_global_names(b, out); });
        break;
      default: break;
    }
  }
}

// Whether `body` can leave the with statement other than by its end: a return anywhere, or a
// break/continue outside any loop of the body. The exit action would be skipped.
const ast::Stmt* early_exit(const ast::Block& body, bool in_loop) {
  for (const auto& s : body) {
    switch (s->kind) {
      case ast::StmtKind::Return: return s.get();
      case ast::StmtKind::Break:
      case ast::StmtKind::Continue:
        if (!in_loop) return s.get();
        break;
      case ast::StmtKind::If: {
        const auto& i = ast::as<ast::If>(*s);
        if (const ast::Stmt* e = early_exit(i.body, in_loop)) return e;
        if (const ast::Stmt* e = early_exit(i.orelse, in_loop)) return e;
        break;
      }
      case ast::StmtKind::For: {
        const auto& f = ast::as<ast::For>(*s);
        if (const ast::Stmt* e = early_exit(f.body, true)) return e;
        if (const ast::Stmt* e = early_exit(f.orelse, in_loop)) return e;
        break;
      }
      case ast::StmtKind::While: {
        const auto& w = ast::as<ast::While>(*s);
        if (const ast::Stmt* e = early_exit(w.body, true)) return e;
        if (const ast::Stmt* e = early_exit(w.orelse, in_loop)) return e;
        break;
      }
      case ast::StmtKind::With:
        if (const ast::Stmt* e = early_exit(ast::as<ast::With>(*s).body, in_loop)) return e;
        break;
      case ast::StmtKind::Try: {
        const ast::Stmt* found = nullptr;
        ast::as<ast::Try>(*s).for_each_block([&](const ast::Block& b) {
          if (!found) found = early_exit(b, in_loop);
        });
        if (found) return found;
        break;
      }
      default: break;
    }
  }
  return nullptr;
}

bool is_none_comparison(const ast::Expr& e) {
  if (e.kind != ast::ExprKind::Compare) return false;
  const auto& c = ast::as<ast::Compare>(e);
  if (c.ops.size() != 1 || (c.ops[0] != CmpOp::Is && c.ops[0] != CmpOp::IsNot)) return false;
  return c.left->kind == ast::ExprKind::NoneLit || c.comparators[0]->kind == ast::ExprKind::NoneLit;
}

bool rereadable(const ast::Expr& e) {
  switch (e.kind) {
    case ast::ExprKind::Name:
    case ast::ExprKind::IntLit:
    case ast::ExprKind::FloatLit:
    case ast::ExprKind::StrLit: return true;
    case ast::ExprKind::Attribute: return rereadable(*ast::as<ast::Attribute>(e).value);
    default: return false;
  }
}

}  // namespace py2cuda::infer
