#include "infer/ssa_versions.h"

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "infer/ast_queries.h"

namespace py2cuda::infer {

namespace {

using Position = std::pair<uint32_t, uint32_t>;  // (line, col)

Position start_of(const Span& s) { return {s.line, s.col}; }
Position end_of(const Span& s) { return {s.end_line, s.end_col}; }

// Where each name occurs in the function (reads and assignments alike).
struct NamePositions : SubtreeWalker {
  std::map<std::string, std::vector<Position>> at;
  void visit(const ast::Expr& e) override {
    if (e.kind == ast::ExprKind::Name) at[ast::as<ast::Name>(e).id].push_back(start_of(e.span));
  }
};

// The Names a statement assigns by itself (`x = v`, `x op= v`, `x: T = v`, `k, v = ...` of
// names), none for any other statement.
std::vector<const ast::Name*> direct_targets(const ast::Stmt& s) {
  const ast::Expr* target = nullptr;
  switch (s.kind) {
    case ast::StmtKind::Assign: {
      const auto& a = ast::as<ast::Assign>(s);
      if (a.targets.size() == 1) target = a.targets[0].get();
      break;
    }
    case ast::StmtKind::AugAssign: target = ast::as<ast::AugAssign>(s).target.get(); break;
    case ast::StmtKind::AnnAssign:
      if (ast::as<ast::AnnAssign>(s).value) target = ast::as<ast::AnnAssign>(s).target.get();
      break;
    default: break;
  }
  if (!target) return {};
  if (target->kind == ast::ExprKind::Name) return {&ast::as<ast::Name>(*target)};
  if (target->kind != ast::ExprKind::Tuple) return {};
  std::vector<const ast::Name*> names;
  for (const auto& e : ast::as<ast::TupleExpr>(*target).elts) {
    if (e->kind != ast::ExprKind::Name) return {};  // a starred or nested target: not this file's
    names.push_back(&ast::as<ast::Name>(*e));
  }
  return names;
}

// The value a direct assignment computes (null for an AugAssign, which reads its target).
const ast::Expr* assigned_value(const ast::Stmt& s) {
  if (s.kind == ast::StmtKind::Assign) return ast::as<ast::Assign>(s).value.get();
  if (s.kind == ast::StmtKind::AnnAssign) return ast::as<ast::AnnAssign>(s).value.get();
  return nullptr;
}

int occurrences(const std::string& name, const ast::Stmt& s) {
  NameCounter count{name};
  count.stmt(s);
  return count.count;
}

class RebindingFinder {
 public:
  // `first_too`: a name's first assignment counts too (self_contained_bindings).
  RebindingFinder(const std::vector<const ast::Stmt*>& body, const std::vector<std::string>& params,
                  bool first_too = false)
      : first_too_(first_too) {
    for (const ast::Stmt* st : body) positions_.stmt(*st);
    for (const std::string& p : params) bound_.insert(p);
    block(body);
  }
  std::set<Position> sites;

 private:
  static std::vector<const ast::Stmt*> statements(const ast::Block& b) {
    std::vector<const ast::Stmt*> out;
    for (const ast::StmtPtr& s : b) out.push_back(s.get());
    return out;
  }

  void block(const ast::Block& b) { block(statements(b)); }
  void block(const std::vector<const ast::Stmt*>& b) {
    for (const ast::Stmt* s : b) {
      const std::vector<const ast::Name*> targets = direct_targets(*s);
      if (!targets.empty()) {
        for (const ast::Name* x : targets) {
          if ((first_too_ || bound_.count(x->id)) && stays_in(x->id, b)) sites.insert(start_of(x->span));
        }
        for (const ast::Name* x : targets) bound_.insert(x->id);
        continue;
      }
      if (s->kind == ast::StmtKind::For) collect_target_names(*ast::as<ast::For>(*s).target);
      nested(*s);
      collect_bound_names(std::vector<const ast::Stmt*>{s}, bound_);
    }
  }

  void collect_target_names(const ast::Expr& target) {
    if (target.kind == ast::ExprKind::Name) bound_.insert(ast::as<ast::Name>(target).id);
    if (target.kind == ast::ExprKind::Tuple)
      for (const auto& e : ast::as<ast::TupleExpr>(target).elts) collect_target_names(*e);
  }

  void nested(const ast::Stmt& s) {
    switch (s.kind) {
      case ast::StmtKind::If:
        block(ast::as<ast::If>(s).body);
        block(ast::as<ast::If>(s).orelse);
        break;
      case ast::StmtKind::For:
      case ast::StmtKind::While: {
        loops_.push_back(&s);
        const bool is_for = s.kind == ast::StmtKind::For;
        block(is_for ? ast::as<ast::For>(s).body : ast::as<ast::While>(s).body);
        loops_.pop_back();
        block(is_for ? ast::as<ast::For>(s).orelse : ast::as<ast::While>(s).orelse);
        break;
      }
      case ast::StmtKind::With: block(ast::as<ast::With>(s).body); break;
      case ast::StmtKind::Try: ast::as<ast::Try>(s).for_each_block([&](const ast::Block& b) { block(b); }); break;
      default: break;
    }
  }

  // No value of `name` assigned in b reaches a use outside b: none after b ends, and in a
  // loop around b none outside b or before b's first assignment of it (the previous
  // iteration's value).
  bool stays_in(const std::string& name, const std::vector<const ast::Stmt*>& b) const {
    const Position first = start_of(b.front()->span), last = end_of(b.back()->span);
    const std::vector<Position>& uses = positions_.at.at(name);
    // (An unrolled copy's binding may be read after its block: the last copy's is the value the
    // name holds after the loop, as in Python.)
    for (const Position& p : uses)
      if (p > last && !first_too_) return false;
    if (loops_.empty()) return true;
    for (const ast::Stmt* loop : loops_) {
      const Position loop_first = start_of(loop->span), loop_last = end_of(loop->span);
      for (const Position& p : uses)
        if (p >= loop_first && p <= loop_last && p < first) return false;
    }
    // In b, the first statement naming it assigns it without reading it.
    for (const ast::Stmt* s : b) {
      if (!occurrences(name, *s)) continue;
      const std::vector<const ast::Name*> targets = direct_targets(*s);
      const bool assigns = std::any_of(targets.begin(), targets.end(), [&](const ast::Name* x) { return x->id == name; });
      const ast::Expr* value = assigned_value(*s);
      if (!assigns || !value) return false;
      NameCounter reads{name};
      reads.expr(value);
      return reads.count == 0;
    }
    return false;
  }

  const bool first_too_;
  NamePositions positions_;
  std::set<std::string> bound_;          // names assigned before the statement being walked (parameters first)
  std::vector<const ast::Stmt*> loops_;  // the loops around the block being walked, outermost first
};

}  // namespace

std::set<std::pair<uint32_t, uint32_t>> separable_rebindings(const ast::FunctionDef& def) {
  std::vector<const ast::Stmt*> body;
  for (const ast::StmtPtr& s : def.body) body.push_back(s.get());
  std::vector<std::string> params;
  for (const ast::Param& p : def.params) params.push_back(p.name);
  return RebindingFinder(body, params).sites;
}

std::set<std::pair<uint32_t, uint32_t>> separable_rebindings(const std::vector<const ast::Stmt*>& body) {
  return RebindingFinder(body, {}).sites;
}

std::set<std::pair<uint32_t, uint32_t>> self_contained_bindings(const ast::FunctionDef& def) {
  std::vector<const ast::Stmt*> body;
  for (const ast::StmtPtr& s : def.body) body.push_back(s.get());
  return RebindingFinder(body, {}, /*first_too=*/true).sites;
}

std::set<std::pair<uint32_t, uint32_t>> self_contained_bindings(const std::vector<const ast::Stmt*>& body) {
  return RebindingFinder(body, {}, /*first_too=*/true).sites;
}

}  // namespace py2cuda::infer
