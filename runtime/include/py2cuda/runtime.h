// py2cuda runtime: the one header every emitted .cu includes.
//
// Header-only. Under nvcc the kernels run on the GPU through the CUDA backend;
// compiled by a host compiler (g++/clang++, linking -lboost_context -pthread) they
// run on the CPU emulation backend (backend_emulation.h).
#pragma once

#include "config.h"

// Backend-neutral: usable from any C++20 compiler.
#include "array.h"
#include "slice.h"
#include "optional.h"
#include "complex.h"
#include "complex_math.h"
#include "error.h"
#include "half.h"
#include "host_array.h"
#include "launch_config.h"
#include "pysem.h"
#include "stream.h"
#include "tuple.h"

// Need a backend.
#include "backend.h"
#include "device_array.h"
#include "grid.h"
#include "grid_group.h"
#include "extern_call.h"
#include "launch.h"
#include "local_array.h"
#include "constant_array.h"
#include "atomic.h"
#include "intrinsics.h"
#include "kernel_error.h"
#include "random.h"
#include "random_host.h"
#include "warp.h"
#include "libdevice.h"
#include "kernel_ufunc_call.h"
