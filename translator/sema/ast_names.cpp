// Walks over and queries of Python syntax for sema's passes (sema/ast_names.h).
#include "sema/ast_names.h"

#include <functional>
#include <map>
#include <set>
#include <string>

#include "frontend/ast_children.h"

namespace py2cuda::sema {

namespace {

ExprVisitor name_filter(const NameVisitor& f) {
  return [&f](ast::Expr& e) {
    if (e.kind == ast::ExprKind::Name) f(ast::as<ast::Name>(e));
  };
}

}  // namespace


void visit_expr_slots(ast::ExprPtr& slot, const SlotVisitor& f) {
  if (!slot) return;
  f(slot);
  if (slot) ast::for_each_child(*slot, [&](ast::ExprPtr& child) { visit_expr_slots(child, f); });
}

void visit_expr_slots(ast::FunctionDef& def, const SlotVisitor& f) {
  for (auto& d : def.decorators) visit_expr_slots(d, f);
  for (auto& p : def.params) visit_expr_slots(p.annotation, f), visit_expr_slots(p.default_value, f);
  visit_expr_slots(def.returns, f);
  visit_expr_slots(def.body, f);
}

void visit_expr_slots(ast::Stmt& s, const SlotVisitor& f) {
  switch (s.kind) {
    case ast::StmtKind::Expr: visit_expr_slots(ast::as<ast::ExprStmt>(s).value, f); break;
    case ast::StmtKind::Assign:
      for (auto& t : ast::as<ast::Assign>(s).targets) visit_expr_slots(t, f);
      visit_expr_slots(ast::as<ast::Assign>(s).value, f);
      break;
    case ast::StmtKind::AugAssign:
      visit_expr_slots(ast::as<ast::AugAssign>(s).target, f);
      visit_expr_slots(ast::as<ast::AugAssign>(s).value, f);
      break;
    case ast::StmtKind::AnnAssign: {
      auto& a = ast::as<ast::AnnAssign>(s);
      visit_expr_slots(a.target, f), visit_expr_slots(a.annotation, f), visit_expr_slots(a.value, f);
      break;
    }
    case ast::StmtKind::If:
      visit_expr_slots(ast::as<ast::If>(s).test, f);
      visit_expr_slots(ast::as<ast::If>(s).body, f), visit_expr_slots(ast::as<ast::If>(s).orelse, f);
      break;
    case ast::StmtKind::For:
      visit_expr_slots(ast::as<ast::For>(s).target, f), visit_expr_slots(ast::as<ast::For>(s).iter, f);
      visit_expr_slots(ast::as<ast::For>(s).body, f), visit_expr_slots(ast::as<ast::For>(s).orelse, f);
      break;
    case ast::StmtKind::While:
      visit_expr_slots(ast::as<ast::While>(s).test, f);
      visit_expr_slots(ast::as<ast::While>(s).body, f), visit_expr_slots(ast::as<ast::While>(s).orelse, f);
      break;
    case ast::StmtKind::With:
      for (auto& i : ast::as<ast::With>(s).items) visit_expr_slots(i.context, f), visit_expr_slots(i.target, f);
      visit_expr_slots(ast::as<ast::With>(s).body, f);
      break;
    case ast::StmtKind::Try:
      for (auto& h : ast::as<ast::Try>(s).handlers) visit_expr_slots(h.type, f), visit_expr_slots(h.name, f);
      ast::as<ast::Try>(s).for_each_block([&](ast::Block& b) { visit_expr_slots(b, f); });
      break;
    case ast::StmtKind::Return: visit_expr_slots(ast::as<ast::Return>(s).value, f); break;
    case ast::StmtKind::Assert:
      visit_expr_slots(ast::as<ast::Assert>(s).test, f), visit_expr_slots(ast::as<ast::Assert>(s).msg, f);
      break;
    case ast::StmtKind::Raise: visit_expr_slots(ast::as<ast::Raise>(s).exc, f); break;
    case ast::StmtKind::Delete:
      for (auto& t : ast::as<ast::Delete>(s).targets) visit_expr_slots(t, f);
      break;
    case ast::StmtKind::FunctionDef: visit_expr_slots(ast::as<ast::FunctionDef>(s), f); break;
    case ast::StmtKind::Unsupported: visit_expr_slots(ast::as<ast::UnsupportedStmt>(s).body, f); break;
    default: break;
  }
}

void visit_expr_slots(ast::Block& b, const SlotVisitor& f) {
  for (auto& s : b) visit_expr_slots(*s, f);
}

namespace {

SlotVisitor slot_filter(const ExprVisitor& f) {
  return [&f](ast::ExprPtr& slot) { f(*slot); };
}

}  // namespace

void visit_exprs(ast::Expr* e, const ExprVisitor& f) {
  if (!e) return;
  f(*e);
  ast::for_each_child(*e, [&](ast::ExprPtr& child) { visit_expr_slots(child, slot_filter(f)); });
}
void visit_exprs(ast::FunctionDef& def, const ExprVisitor& f) { visit_expr_slots(def, slot_filter(f)); }
void visit_exprs(ast::Stmt& s, const ExprVisitor& f) { visit_expr_slots(s, slot_filter(f)); }
void visit_exprs(ast::Block& b, const ExprVisitor& f) { visit_expr_slots(b, slot_filter(f)); }

void visit_names(ast::Expr* e, const NameVisitor& f) { visit_exprs(e, name_filter(f)); }
void visit_names(ast::FunctionDef& def, const NameVisitor& f) { visit_exprs(def, name_filter(f)); }
void visit_names(ast::Stmt& s, const NameVisitor& f) { visit_exprs(s, name_filter(f)); }
void visit_names(ast::Block& b, const NameVisitor& f) { visit_exprs(b, name_filter(f)); }

namespace {

void collect_target_names(const ast::Expr& t, std::set<std::string>& out) {
  if (t.kind == ast::ExprKind::Name) out.insert(ast::as<ast::Name>(t).id);
  if (t.kind == ast::ExprKind::Tuple)
    for (const auto& e : ast::as<ast::TupleExpr>(t).elts) collect_target_names(*e, out);
  if (t.kind == ast::ExprKind::List)
    for (const auto& e : ast::as<ast::ListExpr>(t).elts) collect_target_names(*e, out);
  if (t.kind == ast::ExprKind::Starred) collect_target_names(*ast::as<ast::Starred>(t).value, out);  // first, *rest = xs
}

}  // namespace

void bound_names(const ast::Stmt& s, std::set<std::string>& out, bool recurse) {
  auto block = [&](const ast::Block& b) {
    if (recurse)
      for (const auto& x : b) bound_names(*x, out);
  };
  switch (s.kind) {
    case ast::StmtKind::Assign:
      for (const auto& t : ast::as<ast::Assign>(s).targets) collect_target_names(*t, out);
      break;
    case ast::StmtKind::AugAssign: collect_target_names(*ast::as<ast::AugAssign>(s).target, out); break;
    case ast::StmtKind::AnnAssign: collect_target_names(*ast::as<ast::AnnAssign>(s).target, out); break;
    case ast::StmtKind::For:
      collect_target_names(*ast::as<ast::For>(s).target, out);
      block(ast::as<ast::For>(s).body), block(ast::as<ast::For>(s).orelse);
      break;
    case ast::StmtKind::While: block(ast::as<ast::While>(s).body), block(ast::as<ast::While>(s).orelse); break;
    case ast::StmtKind::With:
      for (const auto& i : ast::as<ast::With>(s).items)
        if (i.target) collect_target_names(*i.target, out);
      block(ast::as<ast::With>(s).body);
      break;
    case ast::StmtKind::Try:
      for (const auto& h : ast::as<ast::Try>(s).handlers)
        if (h.name) collect_target_names(*h.name, out);
      ast::as<ast::Try>(s).for_each_block(block);
      break;
    case ast::StmtKind::If: block(ast::as<ast::If>(s).body), block(ast::as<ast::If>(s).orelse); break;
    case ast::StmtKind::Unsupported: block(ast::as<ast::UnsupportedStmt>(s).body); break;
    case ast::StmtKind::FunctionDef: out.insert(ast::as<ast::FunctionDef>(s).name); break;
    case ast::StmtKind::Import:
      for (const auto& a : ast::as<ast::Import>(s).names)
        out.insert(a.asname.empty() ? a.name.substr(0, a.name.find('.')) : a.asname);
      break;
    case ast::StmtKind::ImportFrom:
      for (const auto& a : ast::as<ast::ImportFrom>(s).names) out.insert(a.asname.empty() ? a.name : a.asname);
      break;
    default: break;
  }
}

std::set<std::string> locals_of(const ast::FunctionDef& def) {
  std::set<std::string> out;
  for (const auto& p : def.params) out.insert(p.name);
  for (const auto& s : def.body) bound_names(*s, out);
  return out;
}

bool is_main_guard(const ast::Stmt& s) {
  if (s.kind != ast::StmtKind::If) return false;
  const ast::Expr& t = *ast::as<ast::If>(s).test;
  if (t.kind != ast::ExprKind::Compare) return false;
  const auto& c = ast::as<ast::Compare>(t);
  if (c.comparators.size() != 1 || c.ops[0] != CmpOp::Eq) return false;
  auto is = [](const ast::Expr& e, ast::ExprKind k) { return e.kind == k; };
  const ast::Expr& l = *c.left;
  const ast::Expr& r = *c.comparators[0];
  auto name_main = [&](const ast::Expr& a, const ast::Expr& b) {
    return is(a, ast::ExprKind::Name) && ast::as<ast::Name>(a).id == "__name__" && is(b, ast::ExprKind::StrLit) &&
           ast::as<ast::StrLit>(b).value == "__main__";
  };
  return name_main(l, r) || name_main(r, l);
}

std::map<std::string, std::string> import_paths(const ast::Stmt& s) {
  std::map<std::string, std::string> out;
  if (s.kind == ast::StmtKind::Import) {
    for (const auto& a : ast::as<ast::Import>(s).names) {
      if (a.asname.empty()) out[a.name.substr(0, a.name.find('.'))] = a.name.substr(0, a.name.find('.'));
      else out[a.asname] = a.name;
    }
  } else if (s.kind == ast::StmtKind::ImportFrom) {
    const auto& i = ast::as<ast::ImportFrom>(s);
    if (i.level > 0 || i.star) return {};
    for (const auto& a : i.names) out[a.asname.empty() ? a.name : a.asname] = i.module + "." + a.name;
  }
  return out;
}

std::string imported_path(const ast::Expr& e, const std::map<std::string, std::string>& imports) {
  std::string spelled;
  const ast::Expr* x = &e;
  while (x->kind == ast::ExprKind::Attribute) {
    spelled = "." + ast::as<ast::Attribute>(*x).attr + spelled;
    x = ast::as<ast::Attribute>(*x).value.get();
  }
  if (x->kind != ast::ExprKind::Name) return "";
  auto it = imports.find(ast::as<ast::Name>(*x).id);
  return it == imports.end() ? "" : it->second + spelled;
}

std::vector<const ast::Block*> nested_blocks(const ast::Stmt& s) {
  std::vector<const ast::Block*> out;
  switch (s.kind) {
    case ast::StmtKind::If: out = {&ast::as<ast::If>(s).body, &ast::as<ast::If>(s).orelse}; break;
    case ast::StmtKind::For: out = {&ast::as<ast::For>(s).body, &ast::as<ast::For>(s).orelse}; break;
    case ast::StmtKind::While: out = {&ast::as<ast::While>(s).body, &ast::as<ast::While>(s).orelse}; break;
    case ast::StmtKind::With: out = {&ast::as<ast::With>(s).body}; break;
    case ast::StmtKind::Try: ast::as<ast::Try>(s).for_each_block([&](const ast::Block& b) { out.push_back(&b); }); break;
    default: break;
  }
  return out;
}

std::vector<ast::Block*> nested_blocks(ast::Stmt& s) {
  std::vector<ast::Block*> out;
  for (const ast::Block* b : nested_blocks(static_cast<const ast::Stmt&>(s))) out.push_back(const_cast<ast::Block*>(b));
  return out;
}

bool leaves_enclosing_loop(const ast::Stmt& s) {
  if (s.kind == ast::StmtKind::Break || s.kind == ast::StmtKind::Continue) return true;
  if (s.kind == ast::StmtKind::For || s.kind == ast::StmtKind::While) return false;  // its own loop's
  for (const ast::Block* b : nested_blocks(s)) {
    for (const auto& x : *b)
      if (leaves_enclosing_loop(*x)) return true;
  }
  return false;
}

FreshNames::FreshNames(ast::Module& module) {
  for (auto& s : module.body) {
    visit_names(*s, [&](ast::Name& n) { taken_.insert(n.id); });
    if (s->kind == ast::StmtKind::FunctionDef) taken_.insert(ast::as<ast::FunctionDef>(*s).name);
  }
}

std::string FreshNames::operator()(const std::string& base) {
  std::string name = base;
  for (int k = 2; taken_.count(name); ++k) name = base + "_" + std::to_string(k);
  taken_.insert(name);
  return name;
}

bool constant_syntax(const ast::Expr& e, const std::function<bool(const std::string&)>& bound_once) {
  switch (e.kind) {
    case ast::ExprKind::IntLit:
    case ast::ExprKind::FloatLit:
    case ast::ExprKind::BoolLit:
    case ast::ExprKind::NoneLit: return true;
    case ast::ExprKind::StrLit: return !ast::as<ast::StrLit>(e).is_fstring;
    case ast::ExprKind::Unary: return constant_syntax(*ast::as<ast::Unary>(e).operand, bound_once);
    case ast::ExprKind::Tuple:
      for (const auto& x : ast::as<ast::TupleExpr>(e).elts)
        if (!constant_syntax(*x, bound_once)) return false;
      return true;
    case ast::ExprKind::Name: return bound_once && bound_once(ast::as<ast::Name>(e).id);
    default: return false;
  }
}

}  // namespace py2cuda::sema
