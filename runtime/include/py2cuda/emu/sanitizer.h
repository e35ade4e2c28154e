// py2cuda runtime, CPU emulation: telling AddressSanitizer about fiber stacks.
//
// ASan tracks which stack a thread runs on. A fiber switch that it is not told about
// makes it misjudge every later stack access and exception (false "stack-buffer-
// overflow" reports), so a program built with -fsanitize=address, which is a good way
// to look for memory errors in emulated kernels, would be unusable. The scheduler
// (fiber_block.h) calls these hooks around each of its switches; without ASan they
// compile to nothing. (Boost.Context's own first switch into a new fiber is not
// annotated, so ASan's optional fake stacks, ASAN_OPTIONS=detect_stack_use_after_return=1,
// still misreport; leave that option at its default, off.)
#pragma once

#include <cstddef>

#if defined(__SANITIZE_ADDRESS__)
#define P2C_EMU_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define P2C_EMU_ASAN 1
#endif
#endif

#ifdef P2C_EMU_ASAN
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#endif

namespace py2cuda::emu::detail {

struct StackBounds {
  const void* bottom = nullptr;
  std::size_t size = 0;
};

#ifdef P2C_EMU_ASAN
// Just before switching to the stack `to`. `fake` keeps this stack's ASan state until
// it is resumed; nullptr when this stack is left for good (its fiber has ended).
inline void before_stack_switch(void** fake, const StackBounds& to) {
  __sanitizer_start_switch_fiber(fake, to.bottom, to.size);
}

// Just after arriving on a stack: `fake` as saved when it was left (nullptr the first
// time); `from`, if given, receives the bounds of the stack just left.
inline void after_stack_switch(void* fake, StackBounds* from) {
  __sanitizer_finish_switch_fiber(fake, from ? &from->bottom : nullptr, from ? &from->size : nullptr);
}

// A reused stack still carries the shadow of the frames its last fiber left (fibers
// end by switching away, not by returning): clear it.
inline void forget_stack_contents(void* bottom, std::size_t size) { ASAN_UNPOISON_MEMORY_REGION(bottom, size); }
#else
inline void before_stack_switch(void**, const StackBounds&) {}
inline void after_stack_switch(void*, StackBounds*) {}
inline void forget_stack_contents(void*, std::size_t) {}
#endif

}  // namespace py2cuda::emu::detail
