// The branches a function's compiler decides before typing. Numba types only what survives
// its dead-branch pruning (numba/core/analysis.py: dead_branch_prune, run before typing and
// again after SSA), so `x = p if N > 5 else np.int64(-3)` with a module constant N = 10 has
// p's type, not the unification of both arms; CPython's own compiler has already dropped the
// arm of a literal test (`if False:`). py2cuda types and translates the live arm only.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <vector>

#include "frontend/ast.h"
#include "sema/module_info.h"

namespace py2cuda::infer {

struct DecidedBranches {
  // An `if` statement's or a conditional expression's test -> whether the body (`a` of
  // `a if t else b`) is the arm that survives. Tests not in the map are left to run time.
  std::map<const ast::Expr*, bool> live_body;

  // `mode = "relu"` where only decided tests read `mode`: after pruning nothing reads it, and
  // Numba's dead-code elimination drops it (a str or None local has no CUDA type to hold it).
  std::set<const ast::Stmt*> dead_bindings;

  std::optional<bool> outcome(const ast::Expr& test) const {
    auto it = live_body.find(&test);
    if (it == live_body.end()) return std::nullopt;
    return it->second;
  }
};

// `numba_compiled`: a kernel, device function, @jit function or ufunc body, whose tests Numba
// decides from literals, module constants and locals bound once to them, as its pruning does
// (a comparison or arithmetic of two such operands, or one such value; `and`, `or`, `not` and
// comparison chains link by link; one level of propagation through a pruned conditional
// expression or `if` statement, as the pass after SSA finds). Otherwise (host code, which
// CPython runs) only tests of literals, the ones CPython's compiler folds, are decided.
// `params`: the function's parameter names and, for this specialisation, their types (null for
// host code). A parameter is no constant (Numba sees ir.Arg), but its `.ndim` (an array's) and
// its `len()` (a tuple's) are: Numba's rewrite_semantic_constants makes them literals first.
struct Parameter {
  std::string name;
  TypeRef type = nullptr;
};
DecidedBranches decide_branches(sema::ModuleInfo& info, const std::vector<const ast::Stmt*>& body,
                                const std::vector<Parameter>& params, bool numba_compiled);

// Reachability once the decided arms are gone. CPython drops what follows a return, raise, break
// or continue in its block, and Numba's pruning what follows an `if` whose live arm leaves it
// (`if a.ndim == 1: return a[i]` makes the rest of a 1-D specialisation dead): neither is typed.
// Whether control never reaches the statement after `s`:
bool leaves_block(const ast::Stmt& s, const DecidedBranches& decided);
// Whether every path through `b` ends in a return or raise (or never ends: `while True:`).
bool always_returns(const ast::Block& b, const DecidedBranches& decided);

}  // namespace py2cuda::infer
