#include "ir/launch_frozen_globals.h"

#include <algorithm>
#include <map>
#include <set>
#include <utility>

#include "ir/effects.h"

namespace py2cuda::ir {

namespace {

// The C++ names of the LaunchFrozenGlobals a function and its callees read; each function
// walked once (a recursive call adds nothing the walk in progress does not find).
class FrozenReads {
 public:
  const std::set<std::string>& of(const Function& f) {
    auto [it, fresh] = reads_.try_emplace(&f);
    if (!fresh) return it->second;
    std::set<std::string> found;
    any_statement_expr(f.body, [&](const Expr& e, bool) { return expr(e, found); });
    return reads_[&f] = std::move(found);
  }

 private:
  std::map<const Function*, std::set<std::string>> reads_;

  bool expr(const Expr& e, std::set<std::string>& found) {
    if (e.kind == ExprKind::Global && static_cast<const GlobalRef&>(e).frozen_at_launch) {
      found.insert(static_cast<const GlobalRef&>(e).cpp_name);
    }
    if (e.kind == ExprKind::Call) {
      if (const Function* callee = static_cast<const Call&>(e).callee) {
        const std::set<std::string>& theirs = of(*callee);
        found.insert(theirs.begin(), theirs.end());
      }
    }
    any_operand(e, [&](const Expr& x) { return expr(x, found); });
    return false;  // every expression is visited
  }
};

}  // namespace

void mark_launch_frozen_globals(Module& module) {
  if (module.launch_frozen_globals.empty()) return;
  // In the module's order (typing found them in the order kernels read them).
  std::stable_sort(module.launch_frozen_globals.begin(), module.launch_frozen_globals.end(),
                   [](const LaunchFrozenGlobal& a, const LaunchFrozenGlobal& b) {
                     return std::pair(a.span.line, a.span.col) < std::pair(b.span.line, b.span.col);
                   });
  // Kernels, and the functions CUDA ufuncs' kernels run (host code freezes before their calls).
  std::set<const Function*> ufunc_cores;
  for (const Ufunc& u : module.ufuncs) {
    for (const UfuncLoop& l : u.loops) {
      if (u.cuda && l.core) ufunc_cores.insert(l.core);
    }
  }
  FrozenReads reads;
  for (auto& f : module.functions) {
    if (!f->is_kernel && !ufunc_cores.count(f.get())) continue;
    const std::set<std::string>& names = reads.of(*f);
    for (const LaunchFrozenGlobal& g : module.launch_frozen_globals) {
      if (names.count(g.cpp_name)) f->launch_frozen_globals.push_back(g.cpp_name);
    }
  }
}

}  // namespace py2cuda::ir
