// py2cuda runtime, CPU emulation: fiber stacks, reused from block to block.
//
// A kernel with barriers runs each CUDA thread of a block as a fiber with a stack of
// its own: up to 1024 stacks per block, for every block. Mapping them afresh each
// time would cost two system calls per CUDA thread, so each OS thread keeps the
// stacks of its finished fibers for the next block.
//
// Each stack is mapped with a guard page below it: a fiber that overflows its stack
// (deep recursion, a large local array) faults at once instead of overwriting a
// neighbour; PY2CUDA_EMU_STACK_KB gives it more room. Memory is touched only as the
// fibers use it, so the 64 KiB default reserves address space, not RAM.
#pragma once

#include <sys/mman.h>
#include <unistd.h>

#include <boost/context/stack_context.hpp>
#include <cstddef>
#include <string>
#include <vector>

#include "../error.h"
#include "sanitizer.h"

namespace py2cuda::emu::detail {

class StackPool {
 public:
  StackPool() = default;
  StackPool(const StackPool&) = delete;
  StackPool& operator=(const StackPool&) = delete;
  ~StackPool() { release(); }

  // A stack of at least `usable` bytes above a guard page.
  boost::context::stack_context allocate(std::size_t usable) {
    const std::size_t total = mapping_size(usable);
    if (total != total_) {  // the stack size setting changed: the kept stacks are the wrong size
      release();
      total_ = total;
    }
    void* base = nullptr;
    if (!free_.empty()) {
      base = free_.back();
      free_.pop_back();
      forget_stack_contents(static_cast<char*>(base) + page_size(), total - page_size());
    } else {
      base = map(total);
    }
    boost::context::stack_context stack;
    stack.size = total;  // the guard page included, as deallocate() expects
    stack.sp = static_cast<char*>(base) + total;
    return stack;
  }

  void deallocate(boost::context::stack_context& stack) noexcept {
    void* base = static_cast<char*>(stack.sp) - stack.size;
    if (stack.size != total_) {
      unmap(base, stack.size);
      return;
    }
    try {
      free_.push_back(base);
    } catch (...) {  // out of memory for the list: give the stack back instead
      unmap(base, stack.size);
    }
  }

 private:
  static std::size_t page_size() {
    static const std::size_t size = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
    return size;
  }

  static std::size_t mapping_size(std::size_t usable) {
    const std::size_t page = page_size();
    return (usable + page - 1) / page * page + page;
  }

  static void* map(std::size_t total) {
    void* base = ::mmap(nullptr, total, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (base == MAP_FAILED) {
      throw Error("py2cuda: cannot map a fiber stack of " + std::to_string(total) +
                  " bytes (too many CUDA threads, or PY2CUDA_EMU_STACK_KB too large)");
    }
    if (::mprotect(base, page_size(), PROT_NONE) != 0) {  // the guard page, at the low end
      unmap(base, total);
      throw Error("py2cuda: cannot protect the guard page of a fiber stack");
    }
    return base;
  }

  // Gives a stack back to the system. Its AddressSanitizer shadow is cleared first: a fiber
  // ends by switching away, so the frames it left are still marked (redzones, variables out
  // of scope), and munmap does not clear them. The next mapping at that address, an OS
  // thread's stack and static TLS (a thread_local of the runtime, say), would inherit the
  // marks and report false stack-use-after-scope errors.
  static void unmap(void* base, std::size_t total) noexcept {
    forget_stack_contents(base, total);
    ::munmap(base, total);
  }

  void release() noexcept {
    for (void* base : free_) unmap(base, total_);
    free_.clear();
  }

  std::vector<void*> free_;
  std::size_t total_ = 0;  // bytes per mapping, guard page included
};

// The StackAllocator handed to boost::context::fiber: a handle to the OS thread's pool.
// It also tells the fiber's owner where the stack is (for sanitizer.h).
struct PooledStack {
  StackPool* pool;
  std::size_t usable;
  StackBounds* bounds;

  boost::context::stack_context allocate() {
    const boost::context::stack_context stack = pool->allocate(usable);
    *bounds = {static_cast<char*>(stack.sp) - stack.size, stack.size};
    return stack;
  }
  void deallocate(boost::context::stack_context& stack) noexcept { pool->deallocate(stack); }
};

}  // namespace py2cuda::emu::detail
