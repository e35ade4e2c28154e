// FunctionBuilder, host code: `for a, b in itertools.product(xs, ys):` as the loops nested in
// the iterables' order that it stands for, the last iterable varying fastest (a parameter sweep:
// `for block, n in itertools.product([64, 128], [1000, 5000]):`); `product(xs, repeat=2)` is
// `product(xs, xs)`.
//
// itertools.product takes its iterables' items before the first tuple, and `break` leaves the
// whole sweep: the nested loops give the same tuples where re-reading an iterable gives the same
// items (a name the body does not rebind or change, a display, a range() of such names and
// numbers) and the body has no `break` of its own. Other products are left to for_each, which
// reports them as loops it cannot iterate.
#include <functional>
#include <set>
#include <string>
#include <vector>

#include "frontend/ast_clone.h"
#include "infer/ast_queries.h"
#include "infer/function_builder.h"

namespace py2cuda::infer {

namespace {

// A `break` of the loop whose body this is (not of a loop inside it).
struct OwnBreak : SubtreeWalker {
  bool found = false;
  bool enter(const ast::Stmt& s) override {
    return s.kind != ast::StmtKind::For && s.kind != ast::StmtKind::While && s.kind != ast::StmtKind::FunctionDef;
  }
  void visit(const ast::Stmt& s) override { found = found || s.kind == ast::StmtKind::Break; }
};

// Names, literals and arithmetic of them: read again, the same value.
bool same_when_read_again(const ast::Expr& e) {
  switch (e.kind) {
    case ast::ExprKind::Name:
    case ast::ExprKind::IntLit:
    case ast::ExprKind::FloatLit:
    case ast::ExprKind::BoolLit:
    case ast::ExprKind::StrLit: return true;
    case ast::ExprKind::Unary: return same_when_read_again(*ast::as<ast::Unary>(e).operand);
    case ast::ExprKind::Binary:
      return same_when_read_again(*ast::as<ast::Binary>(e).left) && same_when_read_again(*ast::as<ast::Binary>(e).right);
    case ast::ExprKind::Tuple:
    case ast::ExprKind::List: {
      const auto& elts = e.kind == ast::ExprKind::Tuple ? ast::as<ast::TupleExpr>(e).elts : ast::as<ast::ListExpr>(e).elts;
      for (const auto& x : elts)
        if (!same_when_read_again(*x)) return false;
      return true;
    }
    default: return false;
  }
}

}  // namespace

bool FunctionBuilder::product_loops(const ast::For& f, ir::Block& out) {
  if (f.iter->kind != ast::ExprKind::Call) return false;
  const auto& product = ast::as<ast::Call>(*f.iter);
  if (resolve_path(mb_.info(), *product.func) != "itertools.product") return false;
  // product(xs, repeat=2) is product(xs, xs): the iterables, each `repeat` times in turn.
  size_t repeat = 1;
  bool keywords_ok = true;
  for (const auto& k : product.keywords) {
    const bool literal = k.name == "repeat" && k.value->kind == ast::ExprKind::IntLit && !ast::as<ast::IntLit>(*k.value).overflow &&
                         ast::as<ast::IntLit>(*k.value).value >= 1 && ast::as<ast::IntLit>(*k.value).value <= 8;
    keywords_ok = keywords_ok && literal;
    if (literal) repeat = ast::as<ast::IntLit>(*k.value).value;
  }
  if (!keywords_ok || product.args.empty() || product.has_star_args) {
    D().error(product.span, "itertools.product() is supported by py2cuda as a for loop's iterable of iterables, with "
                            "repeat= an integer literal from 1 to 8");
    return true;
  }
  std::vector<const ast::Expr*> iterables;
  for (size_t r = 0; r < repeat; ++r) {
    for (const auto& x : product.args) iterables.push_back(x.get());
  }
  if (f.target->kind != ast::ExprKind::Tuple || ast::as<ast::TupleExpr>(*f.target).elts.size() != iterables.size()) {
    D().error(f.target->span, "the target of a loop over itertools.product() is supported by py2cuda as one name per "
                              "iterable (for a, b in itertools.product(xs, ys))");
    return true;
  }
  OwnBreak breaks;
  breaks.block(f.body);
  std::set<std::string> changed;
  collect_bound_names(f.body, changed);
  collect_mutated_names(f.body, changed);
  for (const ast::Expr* e : iterables) {
    bool again = same_when_read_again(*e);
    if (e->kind == ast::ExprKind::Call && resolve_path(mb_.info(), *ast::as<ast::Call>(*e).func) == "range") {
      again = true;
      for (const auto& a : ast::as<ast::Call>(*e).args) again = again && same_when_read_again(*a);
    }
    for (const std::string& name : changed) {
      NameCounter uses{name};
      uses.expr(e);
      again = again && uses.count == 0;
    }
    if (!again || breaks.found) {
      D().error(e->span, breaks.found ? "a loop over itertools.product() with a break of its own is not supported by "
                                        "py2cuda (its loops are nested: the break would leave the innermost one)"
                                      : "an iterable of itertools.product() is supported by py2cuda as a name the loop "
                                        "does not change, a list or tuple display or a range() (its loops read it "
                                        "again for each item of the iterables before it)");
      return true;
    }
  }
  // One loop per iterable, each over the next, the innermost running the body.
  const auto& names = ast::as<ast::TupleExpr>(*f.target).elts;
  std::vector<const ast::For*> levels;
  for (size_t k = 0; k < names.size(); ++k) {
    auto level = std::make_unique<ast::For>(f.span);
    level->target = ast::clone(names[k].get());
    level->iter = ast::clone(iterables[k]);
    levels.push_back(level.get());
    synthetic_stmts_.push_back(std::move(level));
  }
  std::function<void(size_t, ir::Block&)> nest = [&](size_t k, ir::Block& into) {
    const size_t first = into.size();
    if (k + 1 == levels.size()) {
      for_stmt(*levels[k], into, [&](ir::Block& inner) { block(f.body, inner); });
    } else {
      for_stmt(*levels[k], into, [&](ir::Block& inner) { nest(k + 1, inner); });
    }
    if (k > 0) {
      for (size_t i = first; i < into.size(); ++i) into[i]->echo_line = false;  // the line is echoed once
    }
  };
  nest(0, out);
  return true;
}

}  // namespace py2cuda::infer
