// py2cuda runtime, CPU emulation: the running CUDA thread's context.
//
// Each OS thread that runs blocks (a pool worker, or the launching thread) holds one
// ThreadContext in thread-local storage: which kernel, block and CUDA thread it is
// running right now. threadIdx, blockIdx, blockDim and gridDim read it. Switching to
// the next CUDA thread of a block is a few stores into it: in loop mode once per
// thread, in fiber mode once per fiber switch (all fibers of a block run on the one
// OS thread that runs the block, so they share this storage and take turns in it).
//
// Outside kernels `kernel` is null, which tells the error reports "host code".
#pragma once

#include <cstddef>
#include <cstdint>

namespace py2cuda {

struct KernelInfo;

namespace emu {

// CUDA's uint3/dim3, as read through threadIdx, blockIdx, blockDim and gridDim.
struct Uint3 {
  uint32_t x = 0, y = 0, z = 0;
};

namespace detail {
struct FiberThread;  // fiber_block.h
class GridBarrier;   // grid_barrier.h
}  // namespace detail

struct ThreadContext {
  Uint3 thread_idx{};
  Uint3 block_idx{};
  Uint3 block_dim{1, 1, 1};
  Uint3 grid_dim{1, 1, 1};
  const KernelInfo* kernel = nullptr;       // the kernel being run; null in host code
  detail::FiberThread* fiber = nullptr;     // the running fiber; null in loop mode and in host code
  unsigned char* dynamic_shared = nullptr;  // the block's dynamic shared memory,
  std::size_t dynamic_shared_bytes = 0;     // cfg.shared_bytes of it
  detail::GridBarrier* grid_barrier = nullptr;  // grid.sync()'s barrier; null unless launched cooperatively
  // A grid-stride kernel (KernelInfo::grid_stride) run trip by trip: the trip of its loop every
  // thread runs now (-1 otherwise), and whether some thread of the block has run it
  // (py2cuda::grid_stride_first and grid_stride_next, grid.h; emu/kernel_call.h).
  int64_t grid_stride_trip = -1;
  bool grid_stride_tripped = false;
};

// constinit: a thread-local with no dynamic initialiser is read with no TLS guard call.
inline constinit thread_local ThreadContext current{};

inline const Uint3& thread_index() noexcept { return current.thread_idx; }
inline const Uint3& block_index() noexcept { return current.block_idx; }
inline const Uint3& block_dimension() noexcept { return current.block_dim; }
inline const Uint3& grid_dimension() noexcept { return current.grid_dim; }

// The running thread's index in its block, x + y * blockDim.x + z * blockDim.x * blockDim.y
// (warps and lanes are numbered along it). Computed where it is asked for rather than stored
// per thread: loop mode's move to the next thread is then one store.
inline uint32_t thread_linear_index() noexcept {
  const Uint3& t = current.thread_idx;
  const Uint3& dim = current.block_dim;
  return (t.z * dim.y + t.y) * dim.x + t.x;
}

// The (x, y, z) index of the thread with linear index `linear` in a block of shape `dim`.
inline Uint3 unflatten(uint64_t linear, const Uint3& dim) noexcept {
  const uint64_t plane = uint64_t{dim.x} * dim.y;
  return {static_cast<uint32_t>(linear % dim.x), static_cast<uint32_t>((linear / dim.x) % dim.y),
          static_cast<uint32_t>(linear / plane)};
}

}  // namespace emu
}  // namespace py2cuda
