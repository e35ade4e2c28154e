// Walks over the names of Python syntax, for the passes that move definitions and rewrite the
// names they read before analysis (sema/nested_functions.cpp, sema/captured_device_arrays.cpp,
// sema/kernel_factories.cpp, ...); defined in sema/ast_names.cpp.
#pragma once

#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "frontend/ast.h"

namespace py2cuda::sema {

using NameVisitor = std::function<void(ast::Name&)>;
using ExprVisitor = std::function<void(ast::Expr&)>;

// Calls `f` on every slot of the syntax that holds an expression, outer ones before those
// inside them, nested definitions included; `f` may replace what a slot holds (then the
// walk goes on inside the new expression).
using SlotVisitor = std::function<void(ast::ExprPtr&)>;
void visit_expr_slots(ast::ExprPtr& slot, const SlotVisitor& f);
void visit_expr_slots(ast::Stmt& s, const SlotVisitor& f);
void visit_expr_slots(ast::Block& b, const SlotVisitor& f);
void visit_expr_slots(ast::FunctionDef& def, const SlotVisitor& f);

// Calls `f` on every expression of the syntax, outer ones before those inside them, nested
// definitions included.
void visit_exprs(ast::Expr* e, const ExprVisitor& f);
void visit_exprs(ast::Stmt& s, const ExprVisitor& f);
void visit_exprs(ast::Block& b, const ExprVisitor& f);
void visit_exprs(ast::FunctionDef& def, const ExprVisitor& f);

// Calls `f` on every name read or bound in the syntax, nested definitions included.
void visit_names(ast::Expr* e, const NameVisitor& f);
void visit_names(ast::Stmt& s, const NameVisitor& f);
void visit_names(ast::Block& b, const NameVisitor& f);
void visit_names(ast::FunctionDef& def, const NameVisitor& f);

// The names a statement binds in its own scope (not inside nested definitions); with `recurse`,
// those its blocks (if, for, while) bind too.
void bound_names(const ast::Stmt& s, std::set<std::string>& out, bool recurse = true);

// The names local to a function: its parameters and the names its body binds.
std::set<std::string> locals_of(const ast::FunctionDef& def);

// Whether `s` is `if __name__ == "__main__":` (either operand order).
bool is_main_guard(const ast::Stmt& s);

// The path an import statement binds each name to (`from numba import cuda`: cuda ->
// numba.cuda); empty for other statements.
std::map<std::string, std::string> import_paths(const ast::Stmt& s);

// The dotted path `e` spells through `imports` (name -> path, as import_paths gives them):
// `cuda.jit` with cuda -> numba.cuda is "numba.cuda.jit"; "" when its root is no import.
std::string imported_path(const ast::Expr& e, const std::map<std::string, std::string>& imports);

// The blocks of a compound statement that run as part of it: an if's, a loop's (with its
// else), a with's, a try's; not a definition's body. Empty for a simple statement.
std::vector<ast::Block*> nested_blocks(ast::Stmt& s);
std::vector<const ast::Block*> nested_blocks(const ast::Stmt& s);

// Whether statement `s` may `break` or `continue` a loop around it (not a loop inside it).
bool leaves_enclosing_loop(const ast::Stmt& s);

// Whether `e` has one value wherever it is read: a literal (not an f-string), a negated one, a
// tuple of them, or a name `bound_once` accepts (no name when it is empty).
bool constant_syntax(const ast::Expr& e, const std::function<bool(const std::string&)>& bound_once = {});

// Names for the definitions and variables a pass makes: none the module uses already, each
// made once (`base`, else `base_2`, `base_3`...).
class FreshNames {
 public:
  explicit FreshNames(ast::Module& module);
  std::string operator()(const std::string& base);

 private:
  std::set<std::string> taken_;  // every name the module uses or defines, and those made here
};

}  // namespace py2cuda::sema
