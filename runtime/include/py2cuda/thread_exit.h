// py2cuda runtime: ending the calling CUDA thread early and silently.
//
// Numba-compiled code that raises (e.g. its complex division by zero) returns an
// error status that every caller propagates; a kernel built without debug=True
// then simply returns, so the thread stops there and the launch succeeds. On the
// GPU that is PTX `exit`; in the CPU emulation it is a ThreadExit exception, which
// the emulator catches around each thread (emu/kernel_call.h).
#pragma once

#include "config.h"

namespace py2cuda {

struct ThreadExit {};

[[noreturn]] P2C_HD inline void thread_exit() {
#if defined(__CUDA_ARCH__)
  asm volatile("exit;");
  __builtin_unreachable();
#else
  throw ThreadExit{};
#endif
}

}  // namespace py2cuda
