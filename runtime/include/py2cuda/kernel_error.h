// py2cuda runtime: a Python exception raised in a kernel compiled with
// debug=True (a failed assert, a raise). On the GPU the thread prints the
// Python location and the exception and traps, which fails the launch (the
// next synchronize reports it); in the CPU emulation it throws py2cuda::Error,
// which the emulator reports with the kernel, block and thread.
#pragma once

#include <cstdio>
#include <string>

#include "config.h"
#include "error.h"

namespace py2cuda {

P2C_DEVICE inline void raise_error(const char* where, const char* what) {
#if P2C_BACKEND_CUDA
  printf("%s: %s\n", where, what);
  __trap();
#else
  throw Error(std::string(where) + ": " + what);
#endif
}

}  // namespace py2cuda
