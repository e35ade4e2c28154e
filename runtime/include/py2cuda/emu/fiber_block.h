// py2cuda runtime, CPU emulation: the threads of one block as fibers, with barriers.
//
// Used for kernels that synchronise (KernelInfo::uses_barrier or uses_warp_ops). Each
// CUDA thread of the block runs on a boost::context::fiber; all of them on the one OS
// thread that runs the block, so `static thread_local` (__shared__) variables are the
// block's shared memory. The scheduler resumes the fibers round-robin in thread order
// (linear index: x fastest), so warp w is fibers 32w .. 32w+31. An OS thread keeps its
// fibers from block to block (a fiber runs one CUDA thread, parks, and runs the same
// thread of the next block): making and ending fibers would cost more than the switches.
//
// A barrier, __syncthreads(), parks its fiber. Once every fiber has either parked or
// returned (one sweep), the barrier is complete when
//   - every live thread waits at it, at one source location: all are resumed, and run
//     to the next barrier or to their end; a barrier in a loop or in a branch that all
//     threads take is reached once per iteration by each, as on a GPU. Threads that have
//     returned count as arrived, as a GPU's bar.sync counts exited threads and Numba's
//     simulator lets them go: the bounds test `if i >= n: return` before a barrier runs;
//   - otherwise (threads wait at two barriers) the barrier is divergent: on a GPU the
//     block would hang or run on with undefined results. Here the parked fibers are
//     unwound and py2cuda::Error names the kernel, the block, the barrier locations and
//     which threads arrived where. A grid.sync() counts returned threads as arrived too
//     (its first step is the block's bar.sync), but not the block's thread 0: on a GPU that
//     thread takes the block through the grid's barrier (cooperative groups' sync_grids),
//     so with it returned the grid would hang, and the barrier is divergent.
// A thread that throws (an out-of-bounds access, say) ends the block the same way,
// and its exception is rethrown to the scheduler's caller.
//
// A warp collective (shfl_sync, all_sync, match_any_sync, syncwarp ...) parks its fiber
// too, until every lane named in its mask has arrived at a collective; the last to
// arrive computes every lane's result (warp_collective.h) and makes them ready again, so
// they run on in the next sweep. Misuse a GPU leaves undefined is an Error naming the
// kernel, block, thread and line: a mask without the caller's lane, or naming lanes that
// do not exist or have returned, two lanes naming each other but calling different
// functions or with different masks, a shuffle reading a lane outside the mask, and lanes
// still waiting when nothing else can run (a lane of the mask returned, or waits at a
// barrier or another collective). A lane whose mask names lanes still busy with an
// earlier collective of their own (a half-warp ballot, say) waits for them, as on sm_70+.
//
// grid.sync() (cooperative launches) parks its fiber the same way; once every live
// thread of the block waits at it, the scheduler (on the block's OS thread) waits at
// the grid's barrier (grid_barrier.h) for every other block, then resumes them all.
#pragma once

#include <boost/context/fiber.hpp>
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "../error.h"
#include "../launch_config.h"
#include "context.h"
#include "grid_barrier.h"
#include "messages.h"
#include "race_hooks.h"
#include "sanitizer.h"
#include "settings.h"
#include "source_location.h"
#include "stack_pool.h"
#include "warp_collective.h"

namespace py2cuda::emu::detail {

// What each fiber runs: one CUDA thread of the kernel (type-erased by kernel_call.h).
struct ThreadBody {
  void (*run)(const void* call);
  const void* call;
};

// Thrown inside a parked fiber to unwind it when its block is abandoned.
struct BlockAbandoned {};

class FiberBlock;

struct FiberThread {
  enum class State : uint8_t { ready, at_barrier, at_warp, at_activemask, returned, failed };

  boost::context::fiber context;    // the parked fiber; empty while it runs, and before it is made
  boost::context::fiber scheduler;  // the scheduler, while the fiber runs
  FiberBlock* block = nullptr;
  Uint3 index{};
  uint32_t linear = 0;
  State state = State::ready;
  bool in_kernel = false;    // parked inside the kernel (at a barrier), not between blocks
  SourceLocation barrier{};  // where it waits, when at_barrier
  bool grid_sync = false;    // the barrier is a grid.sync(), not __syncthreads()
  int predicate = 0;         // its __syncthreads_count/and/or argument
  const WarpArrival* arrival = nullptr;  // what it brought to a warp collective, when at_warp
  WarpResult warp_result{};              // the collective's result for it
  std::exception_ptr error;  // what it threw, when failed
  // For AddressSanitizer (sanitizer.h): both stacks, and this one's state while parked.
  StackBounds stack{};
  StackBounds scheduler_stack{};
  void* asan_fake_stack = nullptr;
};

class FiberBlock {
 public:
  FiberBlock() = default;
  FiberBlock(const FiberBlock&) = delete;
  FiberBlock& operator=(const FiberBlock&) = delete;
  ~FiberBlock() { retire(); }

  // Runs every thread of the current block (emu::current.block_dim) on a fiber until
  // all have returned. Throws Error for a divergent barrier; rethrows what a thread threw.
  void run(ThreadBody body) {
    try {
      prepare(body);
      schedule();
    } catch (...) {
      abandon();
      throw;
    }
  }

  // __syncthreads() and its variants, called by the running fiber: parks it until the
  // barrier completes; returns how many threads passed a non-zero `predicate`.
  static int arrive(const SourceLocation& where, int predicate) {
    FiberThread* self = current.fiber;
    if (!self) barrier_outside_fiber(where, false);
    P2C_RACE_FLUSH();
    self->barrier = where;
    self->grid_sync = false;
    self->predicate = predicate;
    self->state = FiberThread::State::at_barrier;
    park(*self);
    if (self->block->abandoning_) throw BlockAbandoned{};
    P2C_RACE_PASSED_BARRIER(false);
    return self->block->barrier_count_;
  }

  // A warp collective, called by the running fiber: parks it until every lane of
  // `call.mask` has arrived, and returns its result. Throws Error for misuse (see top).
  static WarpResult warp_collective(const WarpArrival& call) {
    FiberThread* self = current.fiber;
    if (!self) warp_outside_fiber(call);
    P2C_RACE_FLUSH();
    FiberBlock& block = *self->block;
    const uint32_t lane = self->linear % kWarpSize;
    const uint32_t base = self->linear - lane;
    const uint32_t lanes = std::min<uint32_t>(kWarpSize, block.active_ - base);
    const uint32_t exist = lanes == kWarpSize ? ~0u : (1u << lanes) - 1;
    auto fail = [&](const std::string& what) {
      throw Error(call.where.text() + ": cuda." + call.name + " in " + current_thread_text() + ": " + what);
    };
    if (!((call.mask >> lane) & 1u)) {
      fail("its mask " + mask_text(call.mask) + " does not include the calling thread's lane " + std::to_string(lane));
    }
    if (call.mask & ~exist) {
      fail("its mask " + mask_text(call.mask) + " names lanes that do not exist: warp " +
           std::to_string(base / kWarpSize) + " of this block of " + std::to_string(block.active_) +
           " threads has lanes 0-" + std::to_string(lanes - 1));
    }
    const Uint3 dim = current.block_dim;
    for (uint32_t l = 0; l < lanes; ++l) {
      if (l == lane) continue;
      const FiberThread& t = *block.threads_[base + l];
      const bool mine = (call.mask >> l) & 1u;
      if (mine && (t.state == FiberThread::State::returned || t.state == FiberThread::State::failed)) {
        fail("its mask " + mask_text(call.mask) + " names lane " + std::to_string(l) + " (thread " +
             index_text(unflatten(t.linear, dim)) + "), which has returned");
      }
      // Two lanes that name each other but wait at different collectives wait for each other
      // for ever. (A lane that names this one from a later collective just waits longer.)
      if (t.state == FiberThread::State::at_warp && mine && ((t.arrival->mask >> lane) & 1u) &&
          !same_collective(*t.arrival, call)) {
        fail("lane " + std::to_string(l) + " (thread " + index_text(unflatten(t.linear, dim)) + ") waits at " +
             arrival_text(*t.arrival) + ", this lane calls " + arrival_text(call) +
             ": the lanes of a mask must call the same warp function with the same mask");
      }
    }
    self->arrival = &call;
    self->state = FiberThread::State::at_warp;
    bool complete = true;
    for (uint32_t l = 0; l < lanes && complete; ++l) {
      const FiberThread& t = *block.threads_[base + l];
      if ((call.mask >> l) & 1u) {
        complete = t.state == FiberThread::State::at_warp && same_collective(*t.arrival, call);
      }
    }
    if (!complete) {
      park(*self);
      if (block.abandoning_) throw BlockAbandoned{};
      return self->warp_result;
    }
    const WarpArrival* arrivals[kWarpSize] = {};
    WarpResult results[kWarpSize];
    for (uint32_t l = 0; l < lanes; ++l) arrivals[l] = block.threads_[base + l]->arrival;
    if (const auto fault = warp_results(arrivals, call.mask, results)) {
      throw Error(arrivals[fault->lane]->where.text() + ": cuda." + call.name + " in " + kernel_text(*current.kernel) +
                  ", block " + index_text(current.block_idx) + ", thread " +
                  index_text(unflatten(base + fault->lane, dim)) + ": " + fault->what);
    }
    P2C_RACE_WARP_SYNC(base, call.mask);
    for (uint32_t l = 0; l < lanes; ++l) {
      if (!((call.mask >> l) & 1u)) continue;
      FiberThread& t = *block.threads_[base + l];
      t.warp_result = results[l];
      t.arrival = nullptr;
      t.state = FiberThread::State::ready;  // the others run on in the next sweep; this one now
    }
    return self->warp_result;
  }

  // cuda.activemask() at `where`: parks the caller until no thread of the block can run on,
  // then gives the lanes of its warp that wait at the same call. A GPU runs the two sides of a
  // divergent branch one after the other: a lane in the other branch (at another activemask, a
  // barrier or a collective) or returned is not active there (numba-cuda's test_activemask:
  // 0x55555555 in `if i % 2 == 0`, 0xAAAAAAAA in its else).
  static uint32_t active_lanes(const SourceLocation& where) {
    FiberThread* self = current.fiber;
    if (!self) {
      throw Error(current_thread_text() + ": cuda.activemask() needs the kernel to run its threads as fibers "
                                          "(KernelInfo::uses_warp_ops)");
    }
    P2C_RACE_FLUSH();
    self->barrier = where;
    self->state = FiberThread::State::at_activemask;
    park(*self);
    if (self->block->abandoning_) throw BlockAbandoned{};
    return static_cast<uint32_t>(self->warp_result.value);
  }

  // grid.sync(), called by the running fiber: parks it until every thread of the grid
  // has reached it.
  static void arrive_grid(const SourceLocation& where) {
    FiberThread* self = current.fiber;
    if (!self) barrier_outside_fiber(where, true);
    P2C_RACE_FLUSH();
    self->barrier = where;
    self->grid_sync = true;
    self->predicate = 0;
    self->state = FiberThread::State::at_barrier;
    park(*self);
    if (self->block->abandoning_) throw BlockAbandoned{};
    P2C_RACE_PASSED_BARRIER(true);
  }

 private:
  void prepare(ThreadBody body) {
    const std::size_t stack_size = fiber_stack_size();
    if (stack_size != stack_size_) {  // the setting changed: the fibers made so far have the old size
      retire();
      stack_size_ = stack_size;
    }
    const Uint3 dim = current.block_dim;
    active_ = dim.x * dim.y * dim.z;
    while (threads_.size() < active_)
      threads_.push_back(std::make_unique<FiberThread>());  // fibers made when first run
    for (uint32_t i = 0; i < active_; ++i) {
      FiberThread& t = *threads_[i];
      t.block = this;
      t.index = unflatten(i, dim);
      t.linear = i;
      t.state = FiberThread::State::ready;
      t.error = nullptr;
    }
    body_ = body;
    abandoning_ = false;
  }

  // A fiber runs the block's thread body, parks, and again for each block, until retired.
  static boost::context::fiber fiber_main(FiberThread& self, boost::context::fiber&& scheduler) {
    after_stack_switch(nullptr, &self.scheduler_stack);
    self.scheduler = std::move(scheduler);
    while (!self.block->retiring_) {
      self.in_kernel = true;
      try {
        const ThreadBody body = self.block->body_;
        body.run(body.call);
        self.state = FiberThread::State::returned;
      } catch (const boost::context::detail::forced_unwind&) {
        throw;  // Boost.Context unwinding a fiber it destroys: must pass through
      } catch (const BlockAbandoned&) {
        self.state = FiberThread::State::returned;
      } catch (...) {
        self.error = std::current_exception();
        self.state = FiberThread::State::failed;
      }
      self.in_kernel = false;
      park(self);
    }
    before_stack_switch(nullptr, self.scheduler_stack);  // leaving this stack for good
    return std::move(self.scheduler);
  }

  // Switches from the running fiber back to the scheduler until it resumes the fiber.
  static void park(FiberThread& self) {
    before_stack_switch(&self.asan_fake_stack, self.scheduler_stack);
    self.scheduler = std::move(self.scheduler).resume();
    after_stack_switch(self.asan_fake_stack, &self.scheduler_stack);
  }

  // Runs `t` until it parks; makes its fiber the first time.
  void switch_to(FiberThread& t) {
    if (!t.context) {
      t.context = boost::context::fiber(
          std::allocator_arg, PooledStack{&stacks_, stack_size_, &t.stack},
          [&t](boost::context::fiber&& scheduler) { return fiber_main(t, std::move(scheduler)); });
    }
    current.thread_idx = t.index;
    current.fiber = &t;
    void* asan_fake_stack = nullptr;
    before_stack_switch(&asan_fake_stack, t.stack);
    t.context = std::move(t.context).resume();
    after_stack_switch(asan_fake_stack, nullptr);
    current.fiber = nullptr;
  }

  void schedule() {
    for (;;) {
      // One sweep: each ready thread runs until it parks at a barrier or a warp
      // collective, or returns. A completed collective makes lanes before the sweep's
      // position ready again: sweep until no thread is ready.
      bool ran = false;
      for (uint32_t i = 0; i < active_; ++i) {
        FiberThread& t = *threads_[i];
        if (t.state != FiberThread::State::ready) continue;
        ran = true;
        switch_to(t);
        if (t.state == FiberThread::State::failed) std::rethrow_exception(t.error);
      }
      if (ran) continue;
      // One pass over the parked threads (a barrier's cost is mostly these passes and the
      // switches): what they wait at, and whether the barrier is complete.
      std::size_t waiting = 0, returned = 0;
      int count = 0;
      const FiberThread* at_activemask = nullptr;
      const FiberThread* at_warp = nullptr;
      const FiberThread* first_waiting = nullptr;
      bool one_location = true;
      for (uint32_t i = 0; i < active_; ++i) {
        const FiberThread& t = *threads_[i];
        switch (t.state) {
          case FiberThread::State::at_activemask:
            if (!at_activemask) at_activemask = &t;
            break;
          case FiberThread::State::at_warp:
            if (!at_warp) at_warp = &t;
            break;
          case FiberThread::State::at_barrier:
            ++waiting;
            count += t.predicate != 0;
            if (!first_waiting) {
              first_waiting = &t;
            } else if (!(t.barrier == first_waiting->barrier) || t.grid_sync != first_waiting->grid_sync) {
              one_location = false;
            }
            break;
          default:
            ++returned;
        }
      }
      if (at_activemask) {
        for (uint32_t i = 0; i < active_; ++i) {
          FiberThread& t = *threads_[i];
          if (t.state == FiberThread::State::at_activemask) t.warp_result = WarpResult{lanes_at_activemask(t), false};
        }
        for (uint32_t i = 0; i < active_; ++i) {
          FiberThread& t = *threads_[i];
          if (t.state == FiberThread::State::at_activemask) t.state = FiberThread::State::ready;
        }
        continue;
      }
      if (at_warp) throw Error(stuck_warp_message(*at_warp));
      if (waiting == 0) return;  // every thread has returned
      // Threads that returned count as arrived at a block barrier, as on a GPU (bar.sync
      // completes once every thread of the block that has not exited arrives) and under
      // Numba's simulator; a grid.sync() needs the block's thread 0 (see top).
      const bool master_returned = returned > 0 && threads_[0]->state != FiberThread::State::at_barrier;
      if (!one_location || (master_returned && first_waiting->grid_sync)) throw Error(divergence_message());
      if (first_waiting->grid_sync) wait_for_grid(first_waiting->barrier);
      barrier_count_ = count;
      for (uint32_t i = 0; i < active_; ++i) {
        FiberThread& t = *threads_[i];
        if (t.state == FiberThread::State::at_barrier) t.state = FiberThread::State::ready;
      }
    }
  }

  // Every thread of this block waits at the grid.sync() at `where`: so do the other blocks.
  static void wait_for_grid(const SourceLocation& where) {
    GridBarrier* grid = current.grid_barrier;
    if (!grid) {
      throw Error(where.text() + ": " + kernel_text(*current.kernel) +
                  " reached grid.sync(), but was not launched cooperatively (its KernelInfo says cooperative = "
                  "false), so the blocks of its grid are not all resident and cannot wait for each other");
    }
    const Uint3 b = current.block_idx, g = current.grid_dim;
    grid->arrive(b.x + uint64_t{g.x} * (b.y + uint64_t{g.y} * b.z), where);
  }

  // Unwinds the kernel from every fiber parked inside it (each throws BlockAbandoned
  // from its barrier), so that no stack is left holding live objects; the fibers park
  // between blocks again. Safe to call more than once.
  void abandon() noexcept {
    abandoning_ = true;
    for (uint32_t i = 0; i < active_; ++i) {
      if (threads_[i]->in_kernel) switch_to(*threads_[i]);
    }
  }

  // Ends every fiber (each leaves its loop and returns), freeing its stack for reuse.
  void retire() noexcept {
    retiring_ = true;
    for (const std::unique_ptr<FiberThread>& t : threads_) {
      if (t->context) switch_to(*t);
    }
    threads_.clear();
    retiring_ = false;
  }

  std::string divergence_message() const {
    const KernelInfo& info = *current.kernel;
    const Uint3 dim = current.block_dim;
    // Threads grouped by barrier location, in order of first appearance; then those returned.
    std::vector<std::pair<SourceLocation, std::vector<uint32_t>>> at;
    std::vector<uint32_t> returned;
    for (uint32_t i = 0; i < active_; ++i) {
      const FiberThread& t = *threads_[i];
      if (t.state != FiberThread::State::at_barrier) {
        returned.push_back(t.linear);
        continue;
      }
      auto group = at.begin();
      while (group != at.end() && !(group->first == t.barrier)) ++group;
      if (group == at.end()) {
        at.emplace_back(t.barrier, std::vector<uint32_t>{});
        group = at.end() - 1;
      }
      group->second.push_back(t.linear);
    }
    std::string message = at.front().first.text() + ": divergent barrier in " + kernel_text(info) + ", block " +
                          index_text(current.block_idx) + ": ";
    for (std::size_t g = 0; g < at.size(); ++g) {
      const bool grid = threads_[at[g].second.front()]->grid_sync;
      message += (g ? "; " : "") + threads_text(at[g].second, dim) + (grid ? " wait at grid.sync() at " : " wait at the barrier at ") +
                 at[g].first.text();
    }
    // Returned threads matter only to a grid.sync() (a block barrier counts them as arrived),
    // and there only when thread 0 is among them.
    if (!returned.empty() && returned.front() == 0 && threads_[at.front().second.front()]->grid_sync) {
      message += ", but " + threads_text(returned, dim) + " returned without reaching it, thread " +
                 index_text(unflatten(0, dim)) + " among them, which takes the block through the grid's barrier "
                 "on a GPU (the grid would hang)";
    } else {
      message += ": the threads of a block must all reach the same barrier";
    }
    return message;
  }

  // The lanes of t's warp that wait at the activemask() call t waits at.
  uint32_t lanes_at_activemask(const FiberThread& t) const {
    const uint32_t base = t.linear - t.linear % kWarpSize;
    uint32_t mask = 0;
    for (uint32_t l = 0; l < kWarpSize && base + l < active_; ++l) {
      const FiberThread& u = *threads_[base + l];
      if (u.state == FiberThread::State::at_activemask && u.barrier == t.barrier) mask |= 1u << l;
    }
    return mask;
  }

  // "cuda.shfl_sync with mask 0xffffffff at k.py:12"
  static std::string arrival_text(const WarpArrival& a) {
    return std::string("cuda.") + a.name + " with mask " + mask_text(a.mask) + " at " + a.where.text();
  }

  // A lane waits at a warp collective and no thread can run: some lane of its mask has
  // returned, or waits at a barrier.
  std::string stuck_warp_message(const FiberThread& t) const {
    const KernelInfo& info = *current.kernel;
    const Uint3 dim = current.block_dim;
    const uint32_t base = t.linear - t.linear % kWarpSize;
    std::vector<uint32_t> waiting, returned;
    std::string elsewhere;
    for (uint32_t l = 0; l < kWarpSize && base + l < active_; ++l) {
      const FiberThread& o = *threads_[base + l];
      if (!((t.arrival->mask >> l) & 1u)) continue;
      if (o.state == FiberThread::State::at_warp && same_collective(*o.arrival, *t.arrival)) {
        waiting.push_back(o.linear);
      } else if (o.state == FiberThread::State::at_warp) {
        elsewhere += (elsewhere.empty() ? "" : "; ") + std::string("thread ") + index_text(unflatten(o.linear, dim)) +
                     " waits at " + arrival_text(*o.arrival);
      } else if (o.state == FiberThread::State::at_barrier) {
        elsewhere += (elsewhere.empty() ? "" : "; ") + std::string("thread ") + index_text(unflatten(o.linear, dim)) +
                     " waits at the barrier at " + o.barrier.text();
      } else {
        returned.push_back(o.linear);
      }
    }
    std::string message = t.arrival->where.text() + ": warp function cuda." + t.arrival->name + " in " +
                          kernel_text(info) + ", block " + index_text(current.block_idx) + ": " +
                          threads_text(waiting, dim) + (waiting.size() == 1 ? " waits at " : " wait at ") +
                          arrival_text(*t.arrival) + ", but ";
    if (!returned.empty()) {
      message += threads_text(returned, dim) + " of the mask returned without reaching it";
      if (!elsewhere.empty()) message += "; ";
    }
    return message + elsewhere;
  }

  [[noreturn]] static void warp_outside_fiber(const WarpArrival& call) {
    if (!current.kernel) throw Error(call.where.text() + ": cuda." + call.name + " called outside a kernel");
    throw Error(call.where.text() + ": " + kernel_text(*current.kernel) + " called cuda." + call.name +
                ", but was launched without warp functions (its KernelInfo says uses_warp_ops = false), so its "
                "threads run one after another and cannot exchange values");
  }

  [[noreturn]] static void barrier_outside_fiber(const SourceLocation& where, bool grid) {
    if (!current.kernel) throw Error(where.text() + (grid ? ": grid.sync()" : ": __syncthreads()") + " called outside a kernel");
    throw Error(where.text() + ": " + kernel_text(*current.kernel) +
                " reached a barrier, but was launched without one (its KernelInfo says uses_barrier = false "
                "and uses_warp_ops = false), so its threads run one after another and cannot wait for each other");
  }

  StackPool stacks_;  // declared first, destroyed last: the fibers' stacks come from it
  std::vector<std::unique_ptr<FiberThread>> threads_;  // kept between blocks; records never move
  uint32_t active_ = 0;                                // threads of the current block
  ThreadBody body_{};
  std::size_t stack_size_ = 0;  // of the fibers made so far
  bool abandoning_ = false;
  bool retiring_ = false;
  int barrier_count_ = 0;
};

// The FiberBlock of this OS thread: one block at a time runs on it.
inline FiberBlock& this_thread_fiber_block() {
  static thread_local FiberBlock block;
  return block;
}

}  // namespace py2cuda::emu::detail
