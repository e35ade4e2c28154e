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
//
// A cooperative launch (KernelInfo::cooperative: the kernel calls cg.this_grid()) runs
// differently: grid.sync() needs every block resident at once, so each block gets an OS
// thread of its own for the launch (block 0 the launching thread), runs its threads as
// fibers, and waits for the others at the grid's barrier (grid_barrier.h). The grid
// must fit the emulated device (device_model.h), as it must fit the GPU.
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
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

#include "../error.h"
#include "../launch_config.h"
#include "context.h"
#include "device_model.h"
#include "fiber_block.h"
#include "grid_barrier.h"
#include "messages.h"
#include "race_hooks.h"
#include "settings.h"
#include "worker_pool.h"

namespace py2cuda::emu::detail {

// CUDA's limit on dynamic shared memory per block without an opt-in
// (cudaFuncSetAttribute), which neither Numba nor py2cuda makes.
inline constexpr std::size_t kMaxDynamicSharedBytes = 48 * 1024;

// One launch, type-erased (kernel_call.h): how to run a block.
struct KernelBody {
  // Every thread of `blocks` blocks of a row from `first_block` on (the first's index set); more
  // than one only for a kernel whose blocks may run together (GridRun::block_groups).
  void (*run_block_loop)(const void* call, uint64_t first_block, uint64_t blocks);
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
      enter_kernel();
      const BlockGroups groups = block_groups();
      while (!stop_.load(std::memory_order_relaxed)) {
        const uint64_t group = next_.fetch_add(1, std::memory_order_relaxed);
        if (group >= groups.count) break;
        const auto [first, count] = groups.blocks_of(group);
        current.block_idx = unflatten(first, current.grid_dim);
        run_blocks(first, count);
      }
    } catch (...) {  // setting up failed (no memory for the shared buffer): the grid fails
      fail(0, std::current_exception());
    }
    current = saved;
  }

  // Runs every block of a cooperative grid at once, each on an OS thread of its own;
  // returns when all have ended.
  void run_cooperative(unsigned concurrency, bool ordered) {
    GridBarrier barrier(info_, {cfg_.grid.x, cfg_.grid.y, cfg_.grid.z}, concurrency, ordered);
    std::vector<std::thread> others;
    others.reserve(blocks_ - 1);
    try {
      for (uint64_t b = 1; b < blocks_; ++b) others.emplace_back([this, &barrier, b] { run_resident(barrier, b); });
    } catch (const std::system_error& e) {
      barrier.abort();
      for (std::thread& t : others) t.join();
      ::py2cuda::detail::launch_error(info_, "a cooperative grid of " + std::to_string(blocks_) +
                                                 " blocks needs an OS thread per block in the CPU emulation, and "
                                                 "starting one failed: " + e.what());
    }
    run_resident(barrier, 0);
    for (std::thread& t : others) t.join();
    if (!error_) error_ = barrier.error();
  }

  // After every participant has returned: rethrows the error that stopped the grid.
  void rethrow_if_failed() {
    if (error_) std::rethrow_exception(error_);
  }

 private:
  // Makes the calling OS thread run blocks of this grid (the kernel's context).
  void enter_kernel() {
    static thread_local SharedBuffer shared;
    current.kernel = &info_;
    current.grid_dim = {cfg_.grid.x, cfg_.grid.y, cfg_.grid.z};
    current.block_dim = {cfg_.block.x, cfg_.block.y, cfg_.block.z};
    current.dynamic_shared = shared.get(cfg_.shared_bytes);
    current.dynamic_shared_bytes = cfg_.shared_bytes;
    current.fiber = nullptr;
    current.grid_barrier = nullptr;
  }

  // Runs block `b` of a cooperative grid on the calling OS thread, taking part in its barrier.
  void run_resident(GridBarrier& barrier, uint64_t b) noexcept {
    const ThreadContext saved = current;
    bool failed = false;
    try {
      enter_kernel();
      current.grid_barrier = &barrier;
      current.block_idx = unflatten(b, current.grid_dim);
      barrier.enter(b);
      P2C_RACE_BEGIN_BLOCK();
      this_thread_fiber_block().run(ThreadBody{body_.run_thread, body_.call});
    } catch (const GridAbandoned&) {
      failed = true;  // another block failed, or the grid's synchronisation diverged: reported there
    } catch (...) {
      failed = true;
      fail(b, std::current_exception());
    }
    barrier.leave(b, failed);
    current = saved;
  }

  // The groups of blocks an OS thread claims at once: consecutive blocks of a row of the grid
  // (along x), `per_group` of them but fewer at a row's end.
  struct BlockGroups {
    uint64_t per_group;
    uint64_t groups_per_row;
    uint64_t row_length;  // the grid's x dimension
    uint64_t count;

    BlockGroups(uint64_t per_group_wanted, const Dim3& grid)
        : per_group(std::max<uint64_t>(1, std::min<uint64_t>(per_group_wanted, grid.x))),
          groups_per_row((grid.x + per_group - 1) / per_group),
          row_length(grid.x),
          count(groups_per_row * grid.y * grid.z) {}

    // The first block of group `g` (a linear index) and how many blocks it has.
    std::pair<uint64_t, uint64_t> blocks_of(uint64_t g) const {
      const uint64_t in_row = g % groups_per_row * per_group;
      return {g / groups_per_row * row_length + in_row, std::min(per_group, row_length - in_row)};
    }
  };

  // One block at a time, but for a kernel whose blocks loop mode may run together: one that
  // ends in a grid-stride loop (KernelInfo::grid_stride), which loop mode runs trip by trip
  // over enough blocks that each trip reads about 4096 consecutive elements of an array, and
  // one with independent threads, a row of threads of every block of the group at a time over
  // about 4096 threads (kernel_call.h). Neither has shared memory, so their blocks need not run
  // one at a time. (One block at a time under --racecheck, whose shadow of shared memory is the
  // running block's.)
  BlockGroups block_groups() const {
    uint64_t per_group = 1;
#ifndef PY2CUDA_RACECHECK
    if (!fibers_ && (info_.grid_stride || info_.independent_threads)) {
      per_group = 4096 / std::max<uint64_t>(1, cfg_.block.count());
    }
#endif
    return BlockGroups(per_group, cfg_.grid);
  }

  // Runs `count` blocks from `first` on (the first's index already set).
  void run_blocks(uint64_t first, uint64_t count) noexcept {
    try {
      P2C_RACE_BEGIN_BLOCK();
      if (fibers_) {
        this_thread_fiber_block().run(ThreadBody{body_.run_thread, body_.call});
      } else {
        body_.run_block_loop(body_.call, first, count);
      }
    } catch (...) {
      // The block that failed: the one running when the error was thrown.
      const Uint3 b = current.block_idx;
      const Uint3 g = current.grid_dim;
      fail((uint64_t{b.z} * g.y + b.y) * g.x + b.x, std::current_exception());
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
  const bool fibers = info.uses_barrier || info.uses_warp_ops || info.cooperative;
#ifdef PY2CUDA_RACECHECK
  const bool in_order = true;  // one block after another: the shadow of shared memory is the running block's
#else
  const bool in_order = deterministic();
#endif
  const unsigned threads = worker_threads();
  if (info.cooperative) {
    const uint64_t limit = max_cooperative_blocks(cfg.block.count(), cfg.shared_bytes);
    if (cfg.grid.count() > limit) {
      ::py2cuda::detail::launch_error(
          info, "a cooperative launch (the kernel calls cg.this_grid()) needs every block resident at once, but grid " +
                    ::py2cuda::detail::dim3_text(cfg.grid) + " has " + std::to_string(cfg.grid.count()) +
                    " blocks and the emulated device holds at most " + std::to_string(limit) + " blocks of " +
                    std::to_string(cfg.block.count()) + " threads" +
                    (cfg.shared_bytes ? " with " + std::to_string(cfg.shared_bytes) + " bytes of shared memory" : "") +
                    " (" + std::to_string(kEmulatedMultiprocessors) + " multiprocessors x " +
                    std::to_string(resident_blocks_per_multiprocessor(cfg.block.count(), cfg.shared_bytes)) + ")");
    }
  }

  std::lock_guard<std::mutex> lock(launch_mutex());
#ifdef PY2CUDA_RACECHECK
  race::begin_launch(cfg, info);
#endif
  GridRun grid(cfg, info, body, fibers);
  if (info.cooperative) {
    grid.run_cooperative(threads, in_order);
  } else if (in_order || threads == 1 || grid.blocks() == 1) {
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
