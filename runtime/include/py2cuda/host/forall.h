// py2cuda host runtime: `kernel.forall(ntasks, tpb=0, stream=0, sharedmem=0)(args...)`.
//
//   launch_f(py2cuda::forall_config(f, py2cuda::host::len(a)), a, b, c);
//
// Numba's ForAll: a 1-D launch of ceil(ntasks / tpb) blocks of tpb threads, where a tpb of 0
// asks the occupancy API for the block size that keeps the most threads resident; no launch
// at all for 0 tasks; a negative count raises ValueError.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "../backend.h"
#include "../launch_config.h"
#include "../stream.h"
#include "exceptions.h"

namespace py2cuda {

template <class... P>
LaunchConfig forall_config(void (*kernel)(P...), int64_t ntasks, int64_t tpb = 0, std::size_t shared_bytes = 0,
                           Stream stream = {}) {
  if (ntasks < 0) {
    throw host::ValueError("Can't create ForAll with negative task count: " + std::to_string(ntasks));
  }
  LaunchConfig config;
  config.shared_bytes = shared_bytes;
  config.stream = stream;
  if (ntasks == 0) {
    config.launches_nothing = true;
    return config;
  }
  const int64_t block = tpb != 0 ? tpb : static_cast<int64_t>(backend::max_potential_block_size(kernel, shared_bytes));
  config.block = Dim3(block);
  config.grid = Dim3((ntasks + block - 1) / block);
  return config;
}

}  // namespace py2cuda
