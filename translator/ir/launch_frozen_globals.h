// Which module globals each kernel reads, itself or through the functions it calls, that
// the host code sets at its first launch (Module::launch_frozen_globals): the host program
// runs py2cuda::host::freeze_global for each before a launch of the kernel.
#pragma once

#include "ir/ir.h"

namespace py2cuda::ir {

// Sorts Module::launch_frozen_globals into source order and fills
// Function::launch_frozen_globals of the module's kernels and of CUDA ufuncs' functions.
void mark_launch_frozen_globals(Module& module);

}  // namespace py2cuda::ir
