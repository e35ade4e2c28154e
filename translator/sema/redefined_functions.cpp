// A module-level function defined again under its name, as notebooks and course scripts do
// ("version 2 of the kernel", then its launch): Python rebinds the name, so the module's code
// between the two definitions calls the first and the code after the second calls the second.
// Each later definition gets a name of its own (`scale_2`), the module-level statements after
// it name that one. A host function's body redefining a nested function is renamed the same way
// (sema/nested_functions.cpp). A decorated function (a kernel, a device function, a @jit function) names
// the definitions bound where it is defined: Numba resolves a global when it compiles the
// function, at its first launch or call, which a notebook's order puts right after it. Plain
// functions run when called (in a script, after every definition) and name the last.
#include <map>
#include <set>
#include <string>
#include <vector>

#include "sema/ast_names.h"
#include "sema/module_info.h"

namespace py2cuda::sema {

void rename_redefined_definitions(ast::Block& body, std::set<std::string> taken) {
  std::map<std::string, int> definitions;
  for (const auto& s : body) {
    if (s->kind == ast::StmtKind::FunctionDef) ++definitions[ast::as<ast::FunctionDef>(*s).name];
  }
  bool any = false;
  for (const auto& [name, count] : definitions) any = any || count > 1;
  if (!any) return;
  std::map<std::string, std::string> current;  // a redefined name -> the definition bound now
  std::map<std::string, int> seen;
  auto rename = [&](ast::Name& n) {
    auto it = current.find(n.id);
    if (it != current.end()) n.id = it->second;
  };
  // A definition's body reads the names of the scope around it, not its own locals.
  auto rename_in = [&](ast::FunctionDef& def) {
    const std::set<std::string> own = locals_of(def);
    visit_names(def.body, [&](ast::Name& n) {
      if (!own.count(n.id)) rename(n);
    });
  };
  std::vector<ast::FunctionDef*> plain;
  for (auto& s : body) {
    if (s->kind == ast::StmtKind::FunctionDef) {
      auto& def = ast::as<ast::FunctionDef>(*s);
      for (auto& d : def.decorators) visit_names(d.get(), rename);
      if (def.decorators.empty()) {
        plain.push_back(&def);
      } else {
        rename_in(def);
      }
      if (definitions[def.name] < 2) continue;
      const int k = ++seen[def.name];
      if (k == 1) {
        current[def.name] = def.name;
        continue;
      }
      std::string fresh = def.name + "_" + std::to_string(k);
      while (taken.count(fresh)) fresh += "_";
      taken.insert(fresh);
      current[def.name] = fresh;
      def.name = fresh;
      continue;
    }
    visit_names(*s, rename);
  }
  // Plain functions' bodies name each redefined function's last definition.
  for (ast::FunctionDef* def : plain) rename_in(*def);
}

void rename_redefined_functions(ast::Module& module) {
  // Every name the module uses, so that a new one is none of them.
  std::set<std::string> taken;
  for (auto& s : module.body) {
    visit_names(*s, [&](ast::Name& n) { taken.insert(n.id); });
    if (s->kind == ast::StmtKind::FunctionDef) taken.insert(ast::as<ast::FunctionDef>(*s).name);
  }
  rename_redefined_definitions(module.body, std::move(taken));
}

}  // namespace py2cuda::sema
