// py2cuda runtime, CPU emulation: running the blocks of one launch.
//
// Blocks are claimed one at a time, in order, from a shared counter by every OS
// thread taking part (the launching thread and up to threads-1 pool workers). An OS
// thread runs ONE block at a time, from start to end, all its CUDA threads included
// (loop or fibers): that is what makes `static thread_local` a correct __shared__, and
// lets the thread's dynamic shared buffer belong to the block it runs.
//
// Emulated launches are synchronous: run_grid returns when the grid has finished (so
// streams need no emulation, and synchronize() has nothing to wait for). When a block
// fails, no further blocks are started, the blocks already running finish, and the
// error (of the lowest-numbered failed block) is rethrown on the launching thread.
// Launches from several host threads take turns.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <memory>
#include <mutex>
#include <new>
#include <string>

#include "../error.h"
#include "../launch_config.h"
#include "context.h"
#include "fiber_block.h"
#include "messages.h"
#include "settings.h"
#include "worker_pool.h"

namespace py2cuda::emu::detail {

// CUDA's limit on dynamic shared memory per block without an opt-in
// (cudaFuncSetAttribute), which neither Numba nor py2cuda makes.
inline constexpr std::size_t kMaxDynamicSharedBytes = 48 * 1024;

// One launch, type-erased (kernel_call.h): how to run a block.
struct KernelBody {
  void (*run_block_loop)(const void* call);  // every thread of the current block, one after another
  void (*run_thread)(const void* call);      // the current thread alone (in a fiber)
  const void* call;
};

// The dynamic shared memory of the block this OS thread runs: grown on demand, kept.
class SharedBuffer {
 public:
  static constexpr std::align_val_t kAlignment{128};

  SharedBuffer() = default;
  SharedBuffer(const SharedBuffer&) = delete;
  SharedBuffer& operator=(const SharedBuffer&) = delete;
  ~SharedBuffer() { ::operator delete(data_, kAlignment); }

  unsigned char* get(std::size_t bytes) {
    if (bytes == 0) return nullptr;
    if (bytes > capacity_) {
      ::operator delete(data_, kAlignment);
      data_ = nullptr;
      capacity_ = 0;
      data_ = static_cast<unsigned char*>(::operator new(bytes, kAlignment));
      capacity_ = bytes;
    }
    return data_;
  }

 private:
  unsigned char* data_ = nullptr;
  std::size_t capacity_ = 0;
};

class GridRun {
 public:
  GridRun(const LaunchConfig& cfg, const KernelInfo& info, KernelBody body, bool fibers)
      : cfg_(cfg), info_(info), body_(body), fibers_(fibers), blocks_(cfg.grid.count()) {}

  uint64_t blocks() const { return blocks_; }

  // Claims and runs blocks on the calling OS thread until none is left or one failed.
  void participate() noexcept {
    const ThreadContext saved = current;
    try {
      static thread_local SharedBuffer shared;
      current.kernel = &info_;
      current.grid_dim = {cfg_.grid.x, cfg_.grid.y, cfg_.grid.z};
      current.block_dim = {cfg_.block.x, cfg_.block.y, cfg_.block.z};
      current.dynamic_shared = shared.get(cfg_.shared_bytes);
      current.dynamic_shared_bytes = cfg_.shared_bytes;
      current.fiber = nullptr;
      while (!stop_.load(std::memory_order_relaxed)) {
        const uint64_t block = next_.fetch_add(1, std::memory_order_relaxed);
        if (block >= blocks_) break;
        current.block_idx = unflatten(block, current.grid_dim);
        run_block(block);
      }
    } catch (...) {  // setting up failed (no memory for the shared buffer): the grid fails
      fail(0, std::current_exception());
    }
    current = saved;
  }

  // After every participant has returned: rethrows the error that stopped the grid.
  void rethrow_if_failed() {
    if (error_) std::rethrow_exception(error_);
  }

 private:
  void run_block(uint64_t block) noexcept {
    try {
      if (fibers_) {
        this_thread_fiber_block().run(ThreadBody{body_.run_thread, body_.call});
      } else {
        body_.run_block_loop(body_.call);
      }
    } catch (...) {
      fail(block, std::current_exception());
    }
  }

  void fail(uint64_t block, std::exception_ptr error) noexcept {
    std::lock_guard<std::mutex> lock(error_mutex_);
    if (!error_ || block < error_block_) {
      error_ = std::move(error);
      error_block_ = block;
    }
    stop_.store(true, std::memory_order_relaxed);
  }

  const LaunchConfig& cfg_;
  const KernelInfo& info_;
  const KernelBody body_;
  const bool fibers_;
  const uint64_t blocks_;
  std::atomic<uint64_t> next_{0};
  std::atomic<bool> stop_{false};
  std::mutex error_mutex_;
  std::exception_ptr error_;
  uint64_t error_block_ = 0;
};

// Serialises launches: the pool runs one grid at a time.
inline std::mutex& launch_mutex() {
  static std::mutex mutex;
  return mutex;
}

// The pool, with `helpers` threads; rebuilt when the thread setting changed. Call with
// launch_mutex() held.
inline WorkerPool& worker_pool(unsigned helpers) {
  static std::unique_ptr<WorkerPool> pool;
  if (!pool || pool->helpers() != helpers) {
    pool.reset();
    pool = std::make_unique<WorkerPool>(helpers);
  }
  return *pool;
}

// Runs every block of the grid; returns when all are done. Rethrows what stopped it.
inline void run_grid(const LaunchConfig& cfg, const KernelInfo& info, KernelBody body) {
  if (current.kernel) {
    ::py2cuda::detail::launch_error(info, "launched from inside " + kernel_text(*current.kernel) +
                                              ": the CPU emulation has no dynamic parallelism");
  }
  if (cfg.shared_bytes > kMaxDynamicSharedBytes) {
    ::py2cuda::detail::launch_error(info, std::to_string(cfg.shared_bytes) +
                                              " bytes of dynamic shared memory, more than the " +
                                              std::to_string(kMaxDynamicSharedBytes) + " a kernel may use");
  }
  const bool fibers = info.uses_barrier || info.uses_warp_ops;
  const bool in_order = deterministic();
  const unsigned threads = worker_threads();

  std::lock_guard<std::mutex> lock(launch_mutex());
  GridRun grid(cfg, info, body, fibers);
  if (in_order || threads == 1 || grid.blocks() == 1) {
    grid.participate();
  } else {
    const uint64_t helpers_wanted = std::min<uint64_t>(threads - 1, grid.blocks() - 1);
    worker_pool(threads - 1)
        .run(
            static_cast<unsigned>(helpers_wanted), [](void* g) noexcept { static_cast<GridRun*>(g)->participate(); },
            &grid);
  }
  grid.rethrow_if_failed();
}

}  // namespace py2cuda::emu::detail
