// Which rebindings of a function's names Numba types apart (and Python's host code binds to new
// objects of their own types).
//
// Numba types a function in SSA form: each assignment of a name makes a new version, and
// versions meet (and are unified) only where control flow joins them (a phi). So in
//     v = a[i]          # int64
//     w = v // 3        # integer floor division
//     v = v * 0.5       # float64: another version
// the first `v` stays an integer. py2cuda gives a name one C++ variable, typed by all its
// assignments, unless the assignment is one of the sites found here: there typing may give
// the new version its own variable (FunctionBuilder::assign_name decides, by the types). Host
// code uses the same sites: a name reused in a later loop for a value of another type.
#pragma once

#include <set>
#include <utility>
#include <vector>

#include "frontend/ast.h"

namespace py2cuda::infer {

// The (line, col) of the target of each `x = value` / `x op= value` statement of `def`'s body
// that starts a version of `x` no join ever merges with a version from before it:
//   - `x` is a parameter or assigned earlier in the function (a first assignment starts the
//     name's own variable);
//   - the statement is directly in a block B, nothing reads `x` after B ends, and in each loop
//     around B every use of `x` is in B, after an assignment that does not read it (so no value
//     crosses a back edge). Later assignments in B's nested blocks join this version, not one
//     from before it.
std::set<std::pair<uint32_t, uint32_t>> separable_rebindings(const ast::FunctionDef& def);
// The same for a module's host statements (no parameters).
std::set<std::pair<uint32_t, uint32_t>> separable_rebindings(const std::vector<const ast::Stmt*>& body);

// The sites of the second condition's loop part alone, a name's first assignment included, and
// uses after the block allowed: what each copy of an unrolled loop's body (`for dt in
// (np.float32, np.float64):`) may bind as an object of its own type, even inside another loop,
// since no value of it crosses a back edge (after the loop the name holds the last copy's).
std::set<std::pair<uint32_t, uint32_t>> self_contained_bindings(const ast::FunctionDef& def);
std::set<std::pair<uint32_t, uint32_t>> self_contained_bindings(const std::vector<const ast::Stmt*>& body);

}  // namespace py2cuda::infer
