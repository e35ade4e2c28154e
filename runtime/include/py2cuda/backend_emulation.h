// py2cuda runtime: the CPU emulation backend (host compilers: g++, clang++).
//
// Not implemented yet. It will run each kernel's blocks on a thread pool and the
// threads of a block as a loop or as fibers (see the design notes, section 6),
// providing the primitives listed in backend.h. Until then, only the
// backend-neutral headers (array.h, tuple.h, pysem.h, host_array.h,
// launch_config.h, error.h) can be used without nvcc.
#pragma once

#error "py2cuda: kernels and device memory need the CUDA backend (compile with nvcc); the CPU emulation backend is not implemented yet"
