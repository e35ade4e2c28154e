// py2cuda runtime: cooperative groups' grid group, what cuda.cg.this_grid() returns.
//
//   g = cuda.cg.this_grid()      py2cuda::GridGroup g = py2cuda::this_grid();
//   g.sync()                     g.sync();
//
// On the GPU, sync() is cooperative_groups::this_grid().sync(): a barrier for every
// thread of the grid, valid only in a kernel launched with cudaLaunchCooperativeKernel
// (the launch stubs of kernels that call cg.this_grid() do that: KernelInfo::cooperative).
// CUDA 11 and later need no relocatable device code (-rdc) for it. In the CPU
// emulation every block of such a launch is resident and sync() waits at the grid's
// barrier (emu/grid_barrier.h), reporting a grid.sync() not every thread reaches.
//
// sync() returns 0: Numba types g.sync() as int32, the status of the cudaCGSynchronize
// call it makes, which is 0 whenever it returns.
//
// The group is an empty value (the GPU's own grid_group is not default-constructible,
// and a translated variable may be declared before it is assigned).
#pragma once

#include <cstdint>

#include "config.h"

#if P2C_BACKEND_CUDA
#include <cooperative_groups.h>
#else
#include "emu/fiber_block.h"
#include "emu/source_location.h"
#endif

namespace py2cuda {

struct GridGroup {
#if P2C_BACKEND_CUDA
  __device__ __forceinline__ int32_t sync() const {
    cooperative_groups::this_grid().sync();
    return 0;
  }
#else
  int32_t sync(SourceLocation where = SourceLocation::current()) const {
    emu::detail::FiberBlock::arrive_grid(where);
    return 0;
  }
#endif
};

P2C_DEVICE P2C_INLINE GridGroup this_grid() { return GridGroup{}; }

}  // namespace py2cuda
