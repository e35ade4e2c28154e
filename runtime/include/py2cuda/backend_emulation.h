// py2cuda runtime: the CPU emulation backend (host compilers: g++, clang++).
//
// The same emitted .cu that nvcc builds for a GPU builds as plain C++,
//
//   g++ -std=c++20 -O2 -x c++ k.cu -I <py2cuda>/runtime/include -lboost_context -pthread
//
// and its kernels run on the CPU with CUDA's semantics (design notes, section 6):
//   - device memory is host memory (aligned new; copies are memcpy);
//   - a launch runs the grid's blocks on a pool of OS threads (emu/grid_run.h) and
//     returns when they have finished: emulated launches are synchronous, so
//     synchronize() has nothing to wait for and streams are ignored;
//   - the threads of a block run as a plain loop when the kernel has no barrier and no
//     warp collective (KernelInfo, known at translation time), else as fibers that
//     __syncthreads() can park (emu/fiber_block.h);
//   - out-of-bounds subscripts (emu/bounds_check.h, included by array.h), barriers not
//     all threads reach, and exceptions thrown by a thread stop the grid and are thrown
//     from launch() as py2cuda::Error, naming the kernel, block, thread and source line.
// Settings (threads, deterministic order, fiber stack size, bounds checks) come from
// PY2CUDA_EMU_* environment variables or the functions in emu/settings.h.
//
// The primitives are those listed in backend.h; CUDA's keywords and built-ins are
// defined last, by emu/cuda_keywords.h.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <new>
#include <string>
#include <utility>

#include "emu/context.h"
#include "emu/device_model.h"
#include "emu/grid_run.h"
#include "emu/kernel_call.h"
#ifdef PY2CUDA_RACECHECK
#include "emu/race_check.h"
#endif
#include "emu/settings.h"
#include "error.h"
#include "launch_config.h"
#include "local_array.h"

namespace py2cuda {

namespace backend {

namespace detail {
// cudaMalloc's alignment, so that code tuned for it (vector loads) sees the same.
inline constexpr std::align_val_t kDeviceAlignment{256};
}  // namespace detail

inline void* device_alloc(std::size_t bytes) {
  if (bytes == 0) return nullptr;  // nothing to allocate; every copy of 0 bytes is skipped
  void* p = ::operator new(bytes, detail::kDeviceAlignment, std::nothrow);
  if (!p) throw Error("py2cuda: device_alloc of " + std::to_string(bytes) + " bytes failed: out of memory");
  return p;
}

inline void device_free(void* p) noexcept {
  if (p) ::operator delete(p, detail::kDeviceAlignment);
}

inline void copy_host_to_device(void* dst, const void* src, std::size_t bytes) {
  if (bytes) std::memcpy(dst, src, bytes);
}

// A __constant__ variable is a plain global in the emulation (emu/cuda_keywords.h).
template <class T>
void copy_to_symbol(T& symbol, const T& value) {
  symbol = value;
}

inline void copy_device_to_host(void* dst, const void* src, std::size_t bytes) {
  if (bytes) std::memcpy(dst, src, bytes);
}

inline void copy_device_to_device(void* dst, const void* src, std::size_t bytes) {
  if (bytes) std::memmove(dst, src, bytes);
}

// Launches finish before they return: nothing is ever pending.
inline void synchronize() {}

// forall()'s block size. A GPU's occupancy API answers per kernel and device (often 1024 or
// 768 threads); the emulation has no occupancy to maximise and takes a fixed, common 256.
// A correct forall() kernel computes the same whatever the block size.
template <class... P>
uint32_t max_potential_block_size(void (*)(P...), std::size_t) {
  return 256;
}

// Numba's Dispatcher.max_cooperative_grid_blocks on the emulated device (emu/device_model.h):
// the largest cooperative grid of such blocks it runs.
template <class... P>
uint64_t max_cooperative_grid_blocks(void (*)(P...), uint64_t threads, std::size_t shared_bytes) {
  return emu::max_cooperative_blocks(threads, shared_bytes);
}

// Runs the grid on the CPU and returns when it has finished; rethrows what stopped it.
template <class... P, class... A>
void launch_kernel(void (*kernel)(P...), const LaunchConfig& cfg, const KernelInfo& info, A&&... args) {
  using Callee = emu::detail::KernelPointer<P...>;
  const emu::detail::KernelCall<Callee, P...> call(Callee{kernel}, std::forward<A>(args)...);
  emu::detail::run_grid(cfg, info, call.body());
}

namespace detail {
template <auto Kernel, class... P, class... A>
void launch_constant_kernel(void (*)(P...), const LaunchConfig& cfg, const KernelInfo& info, A&&... args) {
  using Callee = emu::detail::KernelConstant<Kernel>;
  const emu::detail::KernelCall<Callee, P...> call(Callee{}, std::forward<A>(args)...);
  emu::detail::run_grid(cfg, info, call.body());
}
}  // namespace detail

// The same with the kernel known at compile time: loop mode calls it directly, so
// the compiler can inline it into the loop over the block's threads.
template <auto Kernel, class... A>
void launch_kernel(const LaunchConfig& cfg, const KernelInfo& info, A&&... args) {
  detail::launch_constant_kernel<Kernel>(Kernel, cfg, info, std::forward<A>(args)...);
}

// cuda.laneid: lanes are numbered along the block's linear thread index, 32 to a warp.
inline int32_t laneid() { return static_cast<int32_t>(emu::thread_linear_index() % 32); }

}  // namespace backend

// The block's dynamic shared memory (LaunchConfig::shared_bytes, aligned to 128
// bytes), as CUDA's `extern __shared__ T buffer[]`; nullptr when none was asked for.
template <class T>
T* dynamic_shared() {
  return reinterpret_cast<T*>(emu::current.dynamic_shared);
}

// cuda.shared.array(0, dtype): the same memory as an array of as many elements as it holds.
template <class T>
CArray<T, 1> dynamic_shared_array() {
  return local_array_view(dynamic_shared<T>(), static_cast<int64_t>(emu::current.dynamic_shared_bytes / sizeof(T)));
}

}  // namespace py2cuda

#include "emu/cuda_keywords.h"
