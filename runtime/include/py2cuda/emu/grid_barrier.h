// py2cuda runtime, CPU emulation: grid.sync() across the blocks of a cooperative launch.
//
// A cooperative grid runs every block at once, each on an OS thread of its own with
// its CUDA threads as fibers (grid_run.h, fiber_block.h): an OS thread still runs ONE
// block, so `static thread_local` stays a correct __shared__ and each block keeps its
// own dynamic shared buffer. When every live thread of a block waits at one
// grid.sync(), the block's OS thread arrives here and sleeps until every block has
// arrived; then all go on.
//
// How many blocks run at a time between two grid syncs is bounded like an ordinary
// launch (PY2CUDA_EMU_THREADS): a block takes a turn before it runs and gives it back
// when it arrives or ends. With PY2CUDA_EMU_DETERMINISTIC=1 one block runs at a time,
// in order (x fastest) in each phase between grid syncs, so the run is reproducible.
//
// Errors:
//   - a block whose threads all returned while others wait at a grid.sync(), or blocks
//     waiting at different grid.sync() calls: on a GPU the grid hangs; here the
//     barrier breaks with an Error naming the blocks and locations (error());
//   - a block that fails (an out-of-bounds access, a divergent block barrier) breaks
//     the barrier too: every waiting block is abandoned (GridAbandoned) and the grid
//     reports that block's error.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <exception>
#include <mutex>
#include <string>
#include <vector>

#include "../error.h"
#include "../launch_config.h"
#include "context.h"
#include "messages.h"
#include "source_location.h"

namespace py2cuda::emu::detail {

// Thrown to a block that waits for a grid that has failed: not an error of its own.
struct GridAbandoned {};

class GridBarrier {
 public:
  // `concurrency` blocks may run at a time (at least 1); `ordered`: one at a time, in order.
  GridBarrier(const KernelInfo& info, const Uint3& grid_dim, unsigned concurrency, bool ordered)
      : info_(info),
        grid_dim_(grid_dim),
        blocks_(uint64_t{grid_dim.x} * grid_dim.y * grid_dim.z),
        limit_(ordered || concurrency == 0 ? 1 : concurrency),
        ordered_(ordered),
        state_(blocks_, State::ready),
        where_(blocks_) {}

  GridBarrier(const GridBarrier&) = delete;
  GridBarrier& operator=(const GridBarrier&) = delete;

  uint64_t blocks() const { return blocks_; }

  // Block `b` is about to run: waits for its turn. Throws GridAbandoned if the grid failed.
  void enter(uint64_t b) {
    std::unique_lock<std::mutex> lock(mutex_);
    take_turn(lock, b);
  }

  // Every live thread of block `b` waits at the grid.sync() at `where`: returns when
  // every block has arrived there and it is `b`'s turn again. Throws GridAbandoned when
  // the grid failed or the synchronisation is divergent (then error() says how).
  void arrive(uint64_t b, const SourceLocation& where) {
    std::unique_lock<std::mutex> lock(mutex_);
    state_[b] = State::at_sync;
    where_[b] = where;
    --running_;
    ++at_sync_;
    complete_if_all_arrived();
    cv_.notify_all();
    take_turn(lock, b);
  }

  // Block `b` has ended: its threads returned, or it `failed` (or was abandoned).
  void leave(uint64_t b, bool failed) noexcept {
    std::lock_guard<std::mutex> lock(mutex_);
    if (state_[b] == State::running) --running_;
    if (state_[b] == State::at_sync) --at_sync_;
    state_[b] = State::done;
    ++done_;
    if (failed) {
      broken_ = true;
    } else {
      complete_if_all_arrived();
    }
    cv_.notify_all();
  }

  // Stops the grid from outside its blocks (a block's OS thread could not be started).
  void abort() noexcept {
    std::lock_guard<std::mutex> lock(mutex_);
    broken_ = true;
    cv_.notify_all();
  }

  // The divergent grid synchronisation that broke the barrier, if that is what did.
  std::exception_ptr error() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return error_;
  }

 private:
  enum class State : uint8_t { ready, running, at_sync, done };

  // Waits until block `b` may run: released by the last grid sync, a free turn, and in
  // ordered mode the lowest-numbered block waiting to run.
  void take_turn(std::unique_lock<std::mutex>& lock, uint64_t b) {
    cv_.wait(lock, [&] { return broken_ || (state_[b] == State::ready && running_ < limit_ && first_in_line(b)); });
    if (broken_) throw GridAbandoned{};
    state_[b] = State::running;
    ++running_;
  }

  bool first_in_line(uint64_t b) const {
    if (!ordered_) return true;
    for (uint64_t i = 0; i < b; ++i) {
      if (state_[i] == State::ready) return false;
    }
    return true;
  }

  // When no block runs any more: releases them all, or breaks on a divergent sync.
  void complete_if_all_arrived() {
    if (broken_ || at_sync_ == 0 || at_sync_ + done_ != blocks_) return;
    const SourceLocation* first = nullptr;
    bool one_location = true;
    for (uint64_t i = 0; i < blocks_; ++i) {
      if (state_[i] != State::at_sync) continue;
      if (!first) first = &where_[i];
      else if (!(where_[i] == *first)) one_location = false;
    }
    if (done_ > 0 || !one_location) {
      error_ = std::make_exception_ptr(Error(divergence_message()));
      broken_ = true;
      return;
    }
    for (uint64_t i = 0; i < blocks_; ++i) {
      if (state_[i] == State::at_sync) state_[i] = State::ready;
    }
    at_sync_ = 0;
  }

  std::string divergence_message() const {
    // Blocks grouped by the grid.sync() they wait at, in order of first appearance; then those ended.
    std::vector<std::pair<SourceLocation, std::vector<uint32_t>>> at;
    std::vector<uint32_t> ended;
    for (uint64_t i = 0; i < blocks_; ++i) {
      if (state_[i] == State::done) {
        ended.push_back(static_cast<uint32_t>(i));
        continue;
      }
      auto group = at.begin();
      while (group != at.end() && !(group->first == where_[i])) ++group;
      if (group == at.end()) {
        at.emplace_back(where_[i], std::vector<uint32_t>{});
        group = at.end() - 1;
      }
      group->second.push_back(static_cast<uint32_t>(i));
    }
    std::string message = at.front().first.text() + ": divergent grid.sync() in " + kernel_text(info_) + ": ";
    for (std::size_t g = 0; g < at.size(); ++g) {
      message += (g ? "; " : "") + threads_text(at[g].second, grid_dim_, 4, "block") + " wait at grid.sync() at " +
                 at[g].first.text();
    }
    if (!ended.empty()) {
      message += ", but " + threads_text(ended, grid_dim_, 4, "block") +
                 " returned without reaching it (on a GPU the grid would hang)";
    } else {
      message += ": every thread of the grid must reach the same grid.sync()";
    }
    return message;
  }

  const KernelInfo& info_;
  const Uint3 grid_dim_;
  const uint64_t blocks_;
  const unsigned limit_;
  const bool ordered_;
  mutable std::mutex mutex_;
  std::condition_variable cv_;
  std::vector<State> state_;
  std::vector<SourceLocation> where_;
  unsigned running_ = 0;
  uint64_t at_sync_ = 0;
  uint64_t done_ = 0;
  bool broken_ = false;
  std::exception_ptr error_;
};

}  // namespace py2cuda::emu::detail
