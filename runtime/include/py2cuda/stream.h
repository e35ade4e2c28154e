// py2cuda runtime: Stream, the queue a kernel launch or copy is ordered on.
//
// A thin handle so that LaunchConfig is the same type for every backend: under
// nvcc it wraps a cudaStream_t; a default-constructed Stream is the default
// (legacy null) stream, like Numba's stream=0.
#pragma once

#include "config.h"

#if P2C_BACKEND_CUDA
#include <cuda_runtime.h>
#endif

namespace py2cuda {

struct Stream {
#if P2C_BACKEND_CUDA
  using Native = cudaStream_t;
#else
  using Native = void*;  // for a host-only backend: an opaque queue, nullptr the default one
#endif
  Native handle = nullptr;
};

}  // namespace py2cuda
