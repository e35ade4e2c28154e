// py2cuda runtime: the exception type of the runtime and CUDA status checks.
//
// Every failure the runtime detects on the host (a bad launch configuration, a
// failed allocation or copy, an error reported by the CUDA runtime) is thrown as
// py2cuda::Error, whose message names what failed and, where known, the Python
// source location it came from ("k.py:12").
#pragma once

#include <stdexcept>
#include <string>

#include "config.h"

#if P2C_BACKEND_CUDA
#include <cuda_runtime.h>
#endif

namespace py2cuda {

class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

#if P2C_BACKEND_CUDA
// Throws Error unless `status` is cudaSuccess. `what` names the operation that
// failed ("cudaMalloc", "launch of kernel 'add'"); `where` is the Python location
// it belongs to, or nullptr when there is none (runtime-internal operations).
inline void check(cudaError_t status, const char* what, const char* where) {
  if (status == cudaSuccess) return;
  std::string message = where ? std::string(where) + ": " : std::string("py2cuda: ");
  message += what;
  message += " failed: ";
  message += cudaGetErrorName(status);
  message += ": ";
  message += cudaGetErrorString(status);
  throw Error(message);
}
#endif

}  // namespace py2cuda
