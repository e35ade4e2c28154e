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
//     threads take is reached once per iteration by each, as on a GPU;
//   - otherwise the barrier is divergent: on a GPU the block would hang or run on with
//     undefined results. Here the parked fibers are unwound and py2cuda::Error names
//     the kernel, the block, the barrier location(s) and which threads arrived where.
// A thread that throws (an out-of-bounds access, say) ends the block the same way,
// and its exception is rethrown to the scheduler's caller.
//
// grid.sync() (cooperative launches) parks its fiber the same way; once every live
// thread of the block waits at it, the scheduler (on the block's OS thread) waits at
// the grid's barrier (grid_barrier.h) for every other block, then resumes them all.
#pragma once

#include <boost/context/fiber.hpp>
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
#include "sanitizer.h"
#include "settings.h"
#include "source_location.h"
#include "stack_pool.h"

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
  enum class State : uint8_t { ready, at_barrier, returned, failed };

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
    self->barrier = where;
    self->grid_sync = false;
    self->predicate = predicate;
    self->state = FiberThread::State::at_barrier;
    park(*self);
    if (self->block->abandoning_) throw BlockAbandoned{};
    return self->block->barrier_count_;
  }

  // grid.sync(), called by the running fiber: parks it until every thread of the grid
  // has reached it.
  static void arrive_grid(const SourceLocation& where) {
    FiberThread* self = current.fiber;
    if (!self) barrier_outside_fiber(where, true);
    self->barrier = where;
    self->grid_sync = true;
    self->predicate = 0;
    self->state = FiberThread::State::at_barrier;
    park(*self);
    if (self->block->abandoning_) throw BlockAbandoned{};
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
    current.thread_linear = t.linear;
    current.fiber = &t;
    void* asan_fake_stack = nullptr;
    before_stack_switch(&asan_fake_stack, t.stack);
    t.context = std::move(t.context).resume();
    after_stack_switch(asan_fake_stack, nullptr);
    current.fiber = nullptr;
  }

  void schedule() {
    for (;;) {
      // One sweep: each ready thread runs until it parks at a barrier or returns.
      for (uint32_t i = 0; i < active_; ++i) {
        FiberThread& t = *threads_[i];
        if (t.state != FiberThread::State::ready) continue;
        switch_to(t);
        if (t.state == FiberThread::State::failed) std::rethrow_exception(t.error);
      }
      std::size_t waiting = 0, returned = 0;
      int count = 0;
      for (uint32_t i = 0; i < active_; ++i) {
        const FiberThread& t = *threads_[i];
        if (t.state == FiberThread::State::at_barrier) {
          ++waiting;
          count += t.predicate != 0;
        } else {
          ++returned;
        }
      }
      if (waiting == 0) return;  // every thread has returned
      if (returned > 0 || !one_location()) throw Error(divergence_message());
      const FiberThread& first = *threads_[0];  // with one location, every thread is at the same call
      if (first.grid_sync) wait_for_grid(first.barrier);
      barrier_count_ = count;
      for (uint32_t i = 0; i < active_; ++i) threads_[i]->state = FiberThread::State::ready;
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

  bool one_location() const {
    const FiberThread* first = nullptr;
    for (uint32_t i = 0; i < active_; ++i) {
      const FiberThread& t = *threads_[i];
      if (t.state != FiberThread::State::at_barrier) continue;
      if (!first) {
        first = &t;
      } else if (!(t.barrier == first->barrier) || t.grid_sync != first->grid_sync) {
        return false;
      }
    }
    return true;
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
    if (!returned.empty()) {
      message += ", but " + threads_text(returned, dim) + " returned without reaching it";
    } else {
      message += ": the threads of a block must all reach the same barrier";
    }
    return message;
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
