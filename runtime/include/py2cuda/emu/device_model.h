// py2cuda runtime, CPU emulation: the device the emulation models, where a limit
// depends on the device.
//
// Only cooperative launches (kernels that call cg.this_grid()) depend on it: on a GPU
// every block of such a grid must be resident at once, at most
//   (multiprocessors) x (blocks one multiprocessor holds for this block size and shared memory),
// and cudaLaunchCooperativeKernel refuses a larger grid. The emulation runs each block
// of a cooperative grid on an OS thread of its own and each of its CUDA threads as a
// fiber, all alive together, so it models a small device: 8 multiprocessors with the
// per-multiprocessor limits of sm_80/sm_90 (2048 threads, 32 blocks). A grid larger
// than that is refused like on a GPU. Registers and static __shared__ variables, which
// also limit residency on a GPU, are not counted: the emulation does not know them.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>

namespace py2cuda::emu {

inline constexpr uint32_t kEmulatedMultiprocessors = 8;
inline constexpr uint32_t kMaxThreadsPerMultiprocessor = 2048;
inline constexpr uint32_t kMaxBlocksPerMultiprocessor = 32;
// Shared memory one multiprocessor gives its blocks' dynamic shared memory (sm_80's 164 KiB).
inline constexpr std::size_t kSharedBytesPerMultiprocessor = 164 * 1024;

// Blocks of `threads` threads and `shared_bytes` of dynamic shared memory one emulated
// multiprocessor holds at once; threads are allocated by whole warps, as on a GPU.
inline uint32_t resident_blocks_per_multiprocessor(uint64_t threads, std::size_t shared_bytes) {
  const uint64_t warps = (threads + 31) / 32;
  uint64_t blocks = std::min<uint64_t>(kMaxBlocksPerMultiprocessor, kMaxThreadsPerMultiprocessor / (warps * 32));
  if (shared_bytes > 0) blocks = std::min<uint64_t>(blocks, kSharedBytesPerMultiprocessor / shared_bytes);
  return static_cast<uint32_t>(blocks);
}

// The largest cooperative grid of such blocks the emulated device runs.
inline uint64_t max_cooperative_blocks(uint64_t threads, std::size_t shared_bytes) {
  return uint64_t{kEmulatedMultiprocessors} * resident_blocks_per_multiprocessor(threads, shared_bytes);
}

}  // namespace py2cuda::emu
