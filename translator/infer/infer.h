// Type inference and IR construction.
//
// Every kernel is typed with each of its signatures; device functions are
// typed once per distinct tuple of argument types at their call sites (like
// Numba's specialisation). Local variables take the unification of every
// value assigned to them, found by iterating to a fixed point before any IR
// is kept, so a variable's type never depends on where it is first assigned.
#pragma once

#include <memory>

#include "diag/diagnostics.h"
#include "ir/ir.h"
#include "sema/module_info.h"

namespace py2cuda::infer {

std::unique_ptr<ir::Module> build_module(sema::ModuleInfo& info, Diagnostics& diags);

// Marks each array access whose indices might be negative, so that only
// those pay for Python's wraparound (a separate analysis over the IR).
void analyze_index_wrap(ir::Function& fn);

// Marks the range() loops whose run-time step is provably positive (a grid size, a block
// dimension, ...) as upward loops (range_steps.cpp); runs before analyze_index_wrap, which
// then knows such loops' counters stay non-negative from a non-negative start.
void analyze_range_steps(ir::Function& fn);

}  // namespace py2cuda::infer
