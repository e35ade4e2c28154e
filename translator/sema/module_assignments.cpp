// Module-level constants bound by one tuple assignment, `NX, NY = 64, 32` (or
// `(TPB, BLOCKS) = (16, 8)`): one assignment per name, `NX = 64` then `NY = 32`, so that each
// is a constant bound once, which kernels freeze and host code reads, as Numba freezes it.
//
// The split keeps Python's meaning only when no value reads a name the statement binds
// (`a, b = b, a` swaps: it is left as it is), and the value is a tuple display of as many
// elements as there are names (no starred target, no unpacking of a call's result).
#include <set>
#include <string>

#include "sema/ast_names.h"
#include "sema/module_info.h"

namespace py2cuda::sema {

namespace {

const std::vector<ast::ExprPtr>* sequence_elements(const ast::Expr& e) {
  if (e.kind == ast::ExprKind::Tuple) return &ast::as<ast::TupleExpr>(e).elts;
  if (e.kind == ast::ExprKind::List) return &ast::as<ast::ListExpr>(e).elts;
  return nullptr;
}

// The names of `targets` when each is a plain name, else empty.
std::vector<std::string> plain_names(const std::vector<ast::ExprPtr>& targets) {
  std::vector<std::string> names;
  for (const auto& t : targets) {
    if (t->kind != ast::ExprKind::Name) return {};
    names.push_back(ast::as<ast::Name>(*t).id);
  }
  return names;
}

}  // namespace

void split_module_tuple_assignments(ast::Module& module) {
  ast::Block out;
  for (auto& s : module.body) {
    if (s->kind != ast::StmtKind::Assign) {
      out.push_back(std::move(s));
      continue;
    }
    auto& a = ast::as<ast::Assign>(*s);
    const std::vector<ast::ExprPtr>* targets = a.targets.size() == 1 ? sequence_elements(*a.targets[0]) : nullptr;
    const std::vector<ast::ExprPtr>* values = a.value ? sequence_elements(*a.value) : nullptr;
    const std::vector<std::string> names = targets ? plain_names(*targets) : std::vector<std::string>{};
    bool splits = values && !names.empty() && names.size() == values->size();
    if (splits) {
      const std::set<std::string> bound(names.begin(), names.end());
      for (const auto& v : *values) {
        visit_names(v.get(), [&](ast::Name& n) { splits = splits && !bound.count(n.id); });
        splits = splits && v->kind != ast::ExprKind::Starred;
      }
    }
    if (!splits) {
      out.push_back(std::move(s));
      continue;
    }
    auto& elements = const_cast<std::vector<ast::ExprPtr>&>(*values);
    for (size_t i = 0; i < names.size(); ++i) {
      auto one = std::make_unique<ast::Assign>(a.span);
      one->targets.push_back(std::make_unique<ast::Name>((*targets)[i]->span, names[i]));
      one->value = std::move(elements[i]);
      out.push_back(std::move(one));
    }
  }
  module.body = std::move(out);
}

}  // namespace py2cuda::sema
