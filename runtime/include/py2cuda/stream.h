// py2cuda runtime: Stream, the queue a kernel launch is ordered on.
//
// The backend's native stream (a cudaStream_t under nvcc) as an opaque pointer, so
// that Stream, and LaunchConfig holding it, are the same type in every translation
// unit: the nvcc-compiled .cu and the plain C++ code that includes its generated
// header. A default Stream is the default (legacy null) stream, like Numba's
// stream=0; `py2cuda::Stream{my_cuda_stream}` wraps one of the program's own.
#pragma once

namespace py2cuda {

struct Stream {
  void* handle = nullptr;
};

}  // namespace py2cuda
