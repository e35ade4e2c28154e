// py2cuda runtime, CPU emulation: where --racecheck hooks into the emulator.
//
// The driver compiles a --racecheck build with -DPY2CUDA_RACECHECK (race_check.h is the
// detector). Every other build sees these hooks expand to nothing, so its code is the
// same, byte for byte, as without them.
#pragma once

#ifdef PY2CUDA_RACECHECK
#include <cstdint>

#include "source_location.h"

namespace py2cuda {
struct LaunchConfig;
struct KernelInfo;
namespace detail {
struct LocatedIndex;
}
}

namespace py2cuda::emu::race {
// Defined in race_check.h, which the emulation backend includes.
// A subscript of `view` at element `offset`, written where `first` (its first index) says:
// an Array<const T> one is a read.
template <class View>
void note_access(const View& view, int64_t offset, const ::py2cuda::detail::LocatedIndex& first);
void note_atomic(const void* element);
void flush_thread();
void passed_barrier(bool grid);
void warp_synchronised(uint32_t first_thread, uint32_t mask);
void begin_block();
void begin_launch(const ::py2cuda::LaunchConfig& cfg, const ::py2cuda::KernelInfo& info);
// Records the kernel's array arguments: global memory, named by parameter position.
template <class Tuple>
void register_arguments(const Tuple& args);
}  // namespace py2cuda::emu::race

// An Array subscript, before the element is touched; `first`: its LocatedIndex.
#define P2C_RACE_ACCESS(view, offset, first) ::py2cuda::emu::race::note_access((view), (offset), (first))
// cuda.atomic.* on the element at p.
#define P2C_RACE_ATOMIC(p) ::py2cuda::emu::race::note_atomic(p)
// The running CUDA thread is about to park or has ended: its accesses so far are settled.
#define P2C_RACE_FLUSH() ::py2cuda::emu::race::flush_thread()
// The running CUDA thread has passed __syncthreads() (grid = false) or grid.sync().
#define P2C_RACE_PASSED_BARRIER(grid) ::py2cuda::emu::race::passed_barrier(grid)
// A warp collective over `mask` of the warp starting at thread `first` has completed.
#define P2C_RACE_WARP_SYNC(first, mask) ::py2cuda::emu::race::warp_synchronised((first), (mask))
// The OS thread starts a block.
#define P2C_RACE_BEGIN_BLOCK() ::py2cuda::emu::race::begin_block()
#else
#define P2C_RACE_ACCESS(view, offset, first) ((void)0)
#define P2C_RACE_ATOMIC(p) ((void)0)
#define P2C_RACE_FLUSH() ((void)0)
#define P2C_RACE_PASSED_BARRIER(grid) ((void)0)
#define P2C_RACE_WARP_SYNC(first, mask) ((void)0)
#define P2C_RACE_BEGIN_BLOCK() ((void)0)
#endif
