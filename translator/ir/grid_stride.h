// Which kernels end in a grid-stride loop that the CPU emulation's loop mode may run
// trip-major: every thread's first trip, then every thread's second, and so on.
//
// Loop mode runs a block's threads one after another; a thread's grid-stride loop
// (`for i in range(cuda.grid(1), n, cuda.gridsize(1))`) then walks memory with the stride of
// the whole grid, which a CPU's prefetchers and caches do not follow, where on a GPU a warp's
// threads read neighbouring elements together. Run trip-major, a block's threads read a
// contiguous run of each array per trip. That is a valid execution of the kernel exactly when
//   * its threads are unordered: no barrier, warp collective or grid sync (loop mode already);
//   * each thread's own trips keep their order (the runtime runs trip k of every thread before
//     trip k + 1 of any);
//   * nothing a thread keeps from one trip to the next is lost. The runtime calls the kernel
//     once per trip, so what comes before the loop is computed again each time: it must be
//     assignments of local variables from values that do not depend on memory or have effects
//     (the launch geometry, arguments, arithmetic, array shapes), and the loop must change none
//     of them; every variable the body assigns must be declared inside it (C++ gives it a fresh
//     one each trip), so no value flows from one trip to the next but through memory;
//   * the loop ends only by its condition: no `return` in it, no `break` of it (an exception
//     ends the thread, which the runtime then leaves out), and nothing follows it;
//   * no shared memory: the runtime runs several blocks' trips in turn on one OS thread, so it
//     calls no function of the user's that may have an effect (a __shared__ array among them),
//     and declares no array.
// The step must be cuda.gridsize (the form that walks memory with the grid's stride, and is
// positive); the start and stop may be any such values.
#pragma once

#include "ir/ir.h"

namespace py2cuda::ir {

// Marks ForRange::grid_stride and Function::grid_stride on the module's kernels that qualify.
// Run once the kernels' uses_barrier, uses_warp_ops and cooperative are final.
void mark_grid_stride_loops(Module& module);

}  // namespace py2cuda::ir
