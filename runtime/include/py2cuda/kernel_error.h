// py2cuda runtime: a Python exception raised in a kernel compiled with
// debug=True (a failed assert, a raise). On the GPU the thread prints the
// Python location and the exception and traps, which fails the launch (the
// next synchronize reports it). In the CPU emulation the launch raises the
// exception in the host code, as numba-cuda raises it at the launch: its class,
// with the thread's and block's indices before its message, `AssertionError:
// tid=[1, 0, 0] ctaid=[0, 0, 0]: negative input`, which `except AssertionError:`
// catches.
#pragma once

#include <cstdio>
#include <string>

#include "config.h"
#include "error.h"

#if !P2C_BACKEND_CUDA
#include "emu/context.h"
#include "host/exceptions.h"
#endif

namespace py2cuda {

P2C_DEVICE inline void raise_error(const char* where, const char* what) {
#if P2C_BACKEND_CUDA
  printf("%s: %s\n", where, what);
  __trap();
#else
  (void)where;
  // `what` is "Class" or "Class: message".
  const std::string text = what;
  const std::size_t colon = text.find(": ");
  const emu::Uint3 t = emu::thread_index(), b = emu::block_index();
  auto triple = [](const emu::Uint3& v) {
    return "[" + std::to_string(v.x) + ", " + std::to_string(v.y) + ", " + std::to_string(v.z) + "]";
  };
  const std::string indices = "tid=" + triple(t) + " ctaid=" + triple(b);
  if (colon == std::string::npos) throw host::PyException(text, indices);
  throw host::PyException(text.substr(0, colon), indices + ": " + text.substr(colon + 2));
#endif
}

}  // namespace py2cuda
