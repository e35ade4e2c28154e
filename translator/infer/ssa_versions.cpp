#include "infer/ssa_versions.h"

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

// The Name a statement assigns by itself (`x = v`, `x op= v`, `x: T = v`), or null.
const ast::Name* direct_target(const ast::Stmt& s) {
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
  return target && target->kind == ast::ExprKind::Name ? &ast::as<ast::Name>(*target) : nullptr;
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
  explicit RebindingFinder(const ast::FunctionDef& def) {
    positions_.block(def.body);
    std::set<std::string> params;
    for (const ast::Param& p : def.params) params.insert(p.name);
    block(def.body, params);
  }
  std::set<Position> sites;

 private:
  void block(const ast::Block& b, const std::set<std::string>& params) {
    if (b.empty()) return;
    // Per name: whether the last statement of b so far that binds it assigns it directly.
    std::map<std::string, bool> previous_direct;
    for (const std::string& p : params) previous_direct[p] = true;
    for (const ast::StmtPtr& s : b) {
      if (const ast::Name* x = direct_target(*s)) {
        auto it = previous_direct.find(x->id);
        if (it != previous_direct.end() && it->second && stays_in(x->id, b)) sites.insert(start_of(x->span));
        previous_direct[x->id] = true;
      } else {
        std::set<std::string> bound;
        collect_bound_names(std::vector<const ast::Stmt*>{s.get()}, bound);
        for (const std::string& n : bound) previous_direct[n] = false;
      }
      nested(*s);
    }
  }

  void nested(const ast::Stmt& s) {
    switch (s.kind) {
      case ast::StmtKind::If:
        block(ast::as<ast::If>(s).body, {});
        block(ast::as<ast::If>(s).orelse, {});
        break;
      case ast::StmtKind::For:
      case ast::StmtKind::While: {
        loops_.push_back(&s);
        const bool is_for = s.kind == ast::StmtKind::For;
        block(is_for ? ast::as<ast::For>(s).body : ast::as<ast::While>(s).body, {});
        loops_.pop_back();
        block(is_for ? ast::as<ast::For>(s).orelse : ast::as<ast::While>(s).orelse, {});
        break;
      }
      case ast::StmtKind::With: block(ast::as<ast::With>(s).body, {}); break;
      case ast::StmtKind::Try: ast::as<ast::Try>(s).for_each_block([&](const ast::Block& b) { block(b, {}); }); break;
      default: break;
    }
  }

  // No value of `name` assigned in b reaches a use outside b: none after b ends, and in a
  // loop around b none outside b or before b's first assignment of it (the previous
  // iteration's value).
  bool stays_in(const std::string& name, const ast::Block& b) const {
    const Position first = start_of(b.front()->span), last = end_of(b.back()->span);
    const std::vector<Position>& uses = positions_.at.at(name);
    for (const Position& p : uses)
      if (p > last) return false;
    if (loops_.empty()) return true;
    for (const ast::Stmt* loop : loops_) {
      const Position loop_first = start_of(loop->span), loop_last = end_of(loop->span);
      for (const Position& p : uses)
        if (p >= loop_first && p <= loop_last && p < first) return false;
    }
    // In b, the first statement naming it assigns it without reading it.
    for (const ast::StmtPtr& s : b) {
      if (!occurrences(name, *s)) continue;
      const ast::Name* x = direct_target(*s);
      const ast::Expr* value = assigned_value(*s);
      if (!x || x->id != name || !value) return false;
      NameCounter reads{name};
      reads.expr(value);
      return reads.count == 0;
    }
    return false;
  }

  NamePositions positions_;
  std::vector<const ast::Stmt*> loops_;  // the loops around the block being walked, outermost first
};

}  // namespace

std::set<std::pair<uint32_t, uint32_t>> separable_rebindings(const ast::FunctionDef& def) {
  return RebindingFinder(def).sites;
}

}  // namespace py2cuda::infer
