// py2cuda host runtime: `kernel.overloads[sig].max_cooperative_grid_blocks(blockdim, dynsmemsize=0)`.
//
//   int64_t mb = py2cuda::max_cooperative_grid_blocks(sequential_rows, py2cuda::Dim3(blockdim));
//
// The largest grid of `block`-shaped blocks a cooperative launch of the kernel (one that
// calls cg.this_grid()) may use: on a GPU the occupancy API's resident blocks per
// multiprocessor times the multiprocessors, as Numba computes it; in emulation the model
// of emu/device_model.h, the limit its cooperative launches enforce.
#pragma once

#include <cstddef>
#include <cstdint>

#include "../backend.h"
#include "../launch_config.h"

namespace py2cuda {

template <class... P>
int64_t max_cooperative_grid_blocks(void (*kernel)(P...), const Dim3& block, std::size_t shared_bytes = 0) {
  return static_cast<int64_t>(backend::max_cooperative_grid_blocks(kernel, block.count(), shared_bytes));
}

}  // namespace py2cuda
