// Questions about Python function bodies that typing needs answered.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "frontend/ast.h"

namespace py2cuda::infer {

// Walks every statement and expression of a subtree (lambdas' bodies included); subclasses
// look at each node in visit().
struct SubtreeWalker {
  virtual ~SubtreeWalker() = default;
  virtual void visit(const ast::Expr&) {}
  virtual void visit(const ast::Stmt&) {}
  // False: neither the node nor anything under it is visited (a subclass may walk parts of it
  // itself, say the live arm of a decided `if`).
  virtual bool enter(const ast::Expr&) { return true; }
  virtual bool enter(const ast::Stmt&) { return true; }
  void expr(const ast::Expr* e);
  void block(const ast::Block& b);
  void stmt(const ast::Stmt& s);
};

// Counts occurrences of a name in a subtree (uses and bindings).
struct NameCounter : SubtreeWalker {
  explicit NameCounter(const std::string& n) : name(n) {}
  const std::string& name;
  int count = 0;
  void visit(const ast::Expr& e) override {
    if (e.kind == ast::ExprKind::Name) count += ast::as<ast::Name>(e).id == name;
  }
};

// Names whose object a body changes in place without rebinding them: `xs[i] = v`,
// `d[k] += v`, `del d[k]`, `xs.append(v)`, `d.update(...)`, `a.fill(0)` (the container's
// name, when it is a plain name).
void collect_mutated_names(const ast::Block& body, std::set<std::string>& out);
void collect_mutated_names(const std::vector<const ast::Stmt*>& body, std::set<std::string>& out);

// Names bound anywhere in a function body: Python makes them local.
void collect_bound_names(const ast::Block& body, std::set<std::string>& out);
void collect_bound_names(const std::vector<const ast::Stmt*>& body, std::set<std::string>& out);
// Names of the `global` statements anywhere in a body (not in nested function definitions).
void collect_global_names(const ast::Block& body, std::set<std::string>& out);

// A statement that leaves `body` other than by its end: a return anywhere, or a break/continue
// outside any loop of the body (`in_loop`: the body is itself a loop's); null if none.
const ast::Stmt* early_exit(const ast::Block& body, bool in_loop);

// `x is None`, `None is not x`: one `is`/`is not` with None on a side.
bool is_none_comparison(const ast::Expr& e);

// A value that reads the same each time it is evaluated: a name, its attributes (args,
// cfg.shape), a literal. (What a call between two reads changes is the caller's concern.)
bool rereadable(const ast::Expr& e);

// The elements of a tuple or list display.
inline const std::vector<ast::ExprPtr>& display_elements(const ast::Expr& display) {
  return display.kind == ast::ExprKind::Tuple ? ast::as<ast::TupleExpr>(display).elts
                                              : ast::as<ast::ListExpr>(display).elts;
}


}  // namespace py2cuda::infer
