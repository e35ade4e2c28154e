// `try: import cupy as cp / except ImportError: cp = None`: an import guarded against the
// module's absence, as scripts guard the optional ones (cupy, matplotlib, tqdm, pandas).
//
// The program py2cuda builds has the modules it translates (NumPy, Numba, the standard
// library's it knows) and no others. So a guarded import of a module py2cuda knows succeeds:
// the statement is its body. One of a module it does not know fails as it would in an
// environment without it, the oracle's: the statement is the ImportError clause's body, and
// what the program does without the module (`HAVE_PLT = False`, `if HAVE_PLT: plt.plot(...)`)
// is what py2cuda translates. Done on the module's code and the top level of its functions'
// bodies, before anything binds the names.
#include <set>
#include <string>

#include "builtins/host_table.h"
#include "builtins/table.h"
#include "sema/module_info.h"

namespace py2cuda::sema {

namespace {

// Standard modules py2cuda's host code uses without a table row of their own.
const std::set<std::string>& modules_without_rows() {
  static const std::set<std::string> names = {"abc", "collections", "contextlib", "copy", "dataclasses", "enum",
                                              "functools", "typing", "unittest", "warnings", "__future__"};
  return names;
}

bool known_module(const std::string& dotted) {
  const std::string top = dotted.substr(0, dotted.find('.'));
  if (modules_without_rows().count(top)) return true;
  auto under = [&](std::string_view path) { return path == top || path.starts_with(top + "."); };
  for (const auto& row : builtins::host_rows()) {
    if (under(row.path)) return true;
  }
  for (const auto& row : builtins::all()) {
    if (under(row.path)) return true;
  }
  return false;
}

bool catches_import_error(const ast::ExceptHandler& h) {
  auto import_error = [](const ast::Expr& e) {
    return e.kind == ast::ExprKind::Name &&
           (ast::as<ast::Name>(e).id == "ImportError" || ast::as<ast::Name>(e).id == "ModuleNotFoundError");
  };
  if (!h.type) return false;
  if (import_error(*h.type)) return true;
  if (h.type->kind != ast::ExprKind::Tuple) return false;
  for (const auto& e : ast::as<ast::TupleExpr>(*h.type).elts) {
    if (import_error(*e)) return true;
  }
  return false;
}

// The modules a statement imports, or empty for another statement.
std::vector<std::string> imported_modules(const ast::Stmt& s) {
  std::vector<std::string> out;
  if (s.kind == ast::StmtKind::Import) {
    for (const auto& a : ast::as<ast::Import>(s).names) out.push_back(a.name);
  } else if (s.kind == ast::StmtKind::ImportFrom && ast::as<ast::ImportFrom>(s).level == 0) {
    out.push_back(ast::as<ast::ImportFrom>(s).module);
  }
  return out;
}

void resolve(ast::Block& block) {
  for (size_t i = 0; i < block.size(); ++i) {
    if (block[i]->kind != ast::StmtKind::Try) continue;
    auto& t = ast::as<ast::Try>(*block[i]);
    if (t.body.empty() || t.handlers.size() != 1 || !catches_import_error(t.handlers[0]) || t.handlers[0].name ||
        !t.orelse.empty() || !t.finalbody.empty()) {
      continue;
    }
    bool imports = false, all_known = true;
    for (const auto& s : t.body) {
      for (const std::string& m : imported_modules(*s)) {
        imports = true;
        all_known = all_known && known_module(m);
      }
    }
    if (!imports || all_known) continue;  // a known import's guard: its body, as analyze.cpp takes it
    // The import fails: what runs is the clause. (Statements of the body before the failing
    // import would have run first; a guard's body is its imports and flags, so none do here.)
    if (!imported_modules(*t.body.front()).size()) continue;
    ast::Block replacement = std::move(t.handlers[0].body);
    block.erase(block.begin() + static_cast<std::ptrdiff_t>(i));
    for (auto& s : replacement) block.insert(block.begin() + static_cast<std::ptrdiff_t>(i++), std::move(s));
    --i;
  }
}

}  // namespace

void resolve_optional_imports(ast::Module& module) {
  resolve(module.body);
  for (auto& s : module.body) {
    if (s->kind == ast::StmtKind::FunctionDef) resolve(ast::as<ast::FunctionDef>(*s).body);
  }
}

}  // namespace py2cuda::sema
