// Which kernels' threads meet only through plain loads and stores of arrays, so that the CPU
// emulation's loop mode may run several blocks' threads interleaved: a row of threads of each
// block of a grid row in turn, reading each array's rows left to right as a loop written over
// a 2-D array does, where a 16 x 16 block at a time reads a narrow tile.
//
// On a GPU the threads of different blocks run in no set order. What can tell one order from
// another is what threads share beyond plain memory, or memory accessed by two of them with
// one writing (a data race, which --racecheck reports; it runs block by block). A kernel
// qualifies when it runs in loop mode (no barrier, warp collective or grid sync) and neither it
// nor a function it calls
//   * declares a shared array (static or dynamic): the emulation's __shared__ is one per OS
//     thread, the running block's;
//   * makes an atomic, a random draw or a clock read (a device BuiltinCall with has_effects),
//     whose results depend on the order of the threads making them;
//   * prints, fences, sleeps or calls an external function (Function::uses_opaque_calls).
// A failure (an out-of-bounds subscript) is still reported as the blocks run one at a time
// would report it (runtime emu/kernel_call.h).
#pragma once

#include "ir/ir.h"

namespace py2cuda::ir {

// Marks Function::independent_threads on the module's kernels that qualify. Run once the
// kernels' uses_barrier, uses_warp_ops, cooperative and uses_opaque_calls are final.
void mark_independent_threads(Module& module);

}  // namespace py2cuda::ir
