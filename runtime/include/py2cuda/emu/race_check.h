// py2cuda runtime, CPU emulation: --racecheck, the data-race detector.
//
// Compiled in only with -DPY2CUDA_RACECHECK (py2cuda --racecheck); race_hooks.h says
// where the emulator calls it. It watches every subscript of an array argument (global
// memory) and of a shared array (static: the block's thread_local storage; dynamic: the
// block's buffer). Local and constant arrays are never shared between threads and are
// not watched.
//
// The rules (docs/emulation.md, "Race checking"): two accesses to one element by different threads
// of one launch race when at least one is a write, they are not both atomics, and no
// synchronisation both threads take part in orders them:
//   - threads of one block: a cuda.syncthreads() (or _count/_and/_or) between them;
//   - lanes of one warp, also: a warp collective (syncwarp, shuffle, vote, match) whose
//     mask covers both lanes, between them (CUDA's memory model: lanes of a warp are not
//     ordered by executing in lock step, only by such a collective);
//   - threads of different blocks: only a grid.sync() between them.
// Ordering is a happens-before relation computed from counters, not from the order the
// emulator happened to run the threads in, so loop mode and fiber mode find the same
// races: each thread counts the block barriers and grid syncs it passed (all threads of
// a block pass each barrier together, so two accesses of a block are ordered exactly
// when their counts differ), and keeps a vector clock over the 32 lanes of its warp,
// joined by each collective it takes part in. Each watched element has a shadow cell:
// its last write (thread, counts, clock, location) and the reads since.
//
// A subscript gives the element's address, not whether the code reads or writes it
// (Array::operator() returns a reference). The detector keeps the last few subscripts of
// the running thread pending with the element's bytes as they were, and settles each one
// later: changed bytes make it a write, unchanged a read. A read-modify-write
// (`a[i] += 1`) is a write. So a store of the value already there counts as a read, and
// a benign race (threads storing the same value) is reported as a read racing with the
// first store. cuda.atomic.* takes its subscript over as an atomic access.
//
// The first race prints a report (file:line:col: error: ..., both source lines with
// carets) and ends the program with exit status 1. With PY2CUDA_RACECHECK_ALL (py2cuda
// --racecheck-all), or PY2CUDA_EMU_RACECHECK=all at run time, every race is reported
// once per pair of source locations, the program runs on, and exits with status 1.
// Blocks run one after another (a cooperative launch's blocks still run at once; the
// global shadow is behind a mutex).
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <set>
#include <string>
#include <tuple>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

#include <link.h>

#include "../array.h"
#include "../launch_config.h"
#include "context.h"
#include "race_hooks.h"
#include "race_report.h"
#include "source_location.h"

namespace py2cuda::emu::race {

inline constexpr uint32_t kLanes = 32;

// What a thread has passed, by which it is ordered with other threads.
struct ThreadClock {
  uint32_t block_epoch = 0;  // block barriers passed
  uint32_t grid_epoch = 0;   // grid.sync() passed
  uint32_t lanes[kLanes] = {};  // the warp's vector clock, as this lane knows it
};

struct AccessRecord {
  uint64_t thread = 0;  // in the grid: block * threads per block + thread
  SourceLocation where{};
  uint32_t block_epoch = 0;
  uint32_t grid_epoch = 0;
  uint32_t lane_clock = 0;  // the thread's own lane entry when it accessed
  bool atomic = false;
};

struct Cell {
  AccessRecord write{};   // the last plain write
  AccessRecord atomic{};  // the last atomic since it
  bool written = false;
  bool updated = false;             // `atomic` holds one
  std::vector<AccessRecord> reads;  // plain reads since the last plain write, at most one per thread
};

// A subscript of the running thread not yet known to be a read or a write.
struct Pending {
  const unsigned char* element = nullptr;
  unsigned size = 0;
  Space space = Space::none;
  int argument = -1;
  unsigned char before[16] = {};
  SourceLocation where{};
  ElementView view{};
};

inline constexpr std::size_t kPending = 8;

struct Launch {
  uint64_t threads_per_block = 1;
  Dim3 grid{}, block{};
  std::vector<Argument> arguments;
  std::unordered_map<const void*, Cell> global;
  std::mutex global_mutex;
  std::mutex report_mutex;
  std::set<std::string> reported;  // location pairs, for report-all
  bool report_all = false;
  bool any = false;
};

inline Launch& launch_state() {
  static Launch launch;
  return launch;
}

// Per OS thread: the block it runs.
struct BlockState {
  std::vector<ThreadClock> clocks;  // per thread of the block
  std::unordered_map<const void*, Cell> shared;
  Pending pending[kPending];
  std::size_t pending_count = 0;
  uintptr_t tls_low = 0, tls_high = 0;  // the program's static thread-local block: __shared__ arrays
};

inline BlockState& block_state() {
  static thread_local BlockState state;
  return state;
}

// The size of the executable's static TLS block (its PT_TLS segment), aligned.
inline std::size_t program_tls_size() {
  static const std::size_t size = [] {
    std::size_t found = 0;
    dl_iterate_phdr(
        [](dl_phdr_info* info, std::size_t, void* out) -> int {
          for (int i = 0; i < info->dlpi_phnum; ++i) {
            const auto& ph = info->dlpi_phdr[i];
            if (ph.p_type == PT_TLS) {
              const std::size_t align = ph.p_align ? ph.p_align : 1;
              *static_cast<std::size_t*>(out) = (ph.p_memsz + align - 1) / align * align;
            }
          }
          return 1;  // the first object is the program itself
        },
        &found);
    return found;
  }();
  return size;
}

inline constinit thread_local char tls_probe = 0;

inline void locate_static_shared(BlockState& state) {
  const std::size_t size = program_tls_size();
#if defined(__x86_64__)
  // x86-64 (TLS variant II): the program's block ends at the thread pointer.
  uintptr_t tp = 0;
  asm volatile("mov %%fs:0, %0" : "=r"(tp));
  state.tls_low = tp - size;
  state.tls_high = tp;
#else
  const auto probe = reinterpret_cast<uintptr_t>(&tls_probe);
  state.tls_low = probe - size;
  state.tls_high = probe + size;
#endif
}

inline Space classify(const void* element, int& argument) {
  const auto p = reinterpret_cast<uintptr_t>(element);
  const auto dyn = reinterpret_cast<uintptr_t>(current.dynamic_shared);
  if (dyn && p >= dyn && p < dyn + current.dynamic_shared_bytes) return Space::shared;
  BlockState& state = block_state();
  if (!state.tls_high) locate_static_shared(state);
  if (p >= state.tls_low && p < state.tls_high) return Space::shared;
  const Launch& launch = launch_state();
  for (const Argument& a : launch.arguments) {
    if (p >= a.low && p < a.high) {
      argument = a.position;
      return Space::global;
    }
  }
  return Space::none;
}

inline uint64_t running_thread() {
  const Uint3& b = current.block_idx;
  const Uint3& g = current.grid_dim;
  const uint64_t block = b.x + uint64_t{g.x} * (b.y + uint64_t{g.y} * b.z);
  return block * launch_state().threads_per_block + current.thread_linear;
}

inline ThreadClock& running_clock() {
  BlockState& state = block_state();
  if (state.clocks.size() <= current.thread_linear) state.clocks.resize(current.thread_linear + 1);
  return state.clocks[current.thread_linear];
}

inline AccessRecord running_access(SourceLocation where, bool atomic) {
  const ThreadClock& clock = running_clock();
  return AccessRecord{running_thread(), where, clock.block_epoch, clock.grid_epoch,
                      clock.lanes[current.thread_linear % kLanes], atomic};
}

// How `earlier` (another thread's) relates to the running thread now.
inline Order order_with_running(const AccessRecord& earlier, const AccessRecord& now) {
  const uint64_t tpb = launch_state().threads_per_block;
  if (earlier.grid_epoch != now.grid_epoch) return Order::ordered;
  if (earlier.thread / tpb != now.thread / tpb) return Order::other_block;
  if (earlier.block_epoch != now.block_epoch) return Order::ordered;
  const uint64_t a = earlier.thread % tpb, b = now.thread % tpb;
  if (a / kLanes != b / kLanes) return Order::same_block;
  if (running_clock().lanes[a % kLanes] > earlier.lane_clock) return Order::ordered;
  return Order::same_warp;
}

inline void race_found(Kind here_kind, const AccessRecord& here, Kind other_kind, const AccessRecord& other, Order order,
                       const Pending& access) {
  Launch& launch = launch_state();
  std::lock_guard<std::mutex> lock(launch.report_mutex);
  RaceReport report;
  report.space = access.space;
  report.argument = access.argument;
  report.view = access.view;
  report.element = access.element;
  report.here = {here_kind, here.where, here.thread};
  report.other = {other_kind, other.where, other.thread};
  report.order = order;
  report.threads_per_block = launch.threads_per_block;
  report.grid = launch.grid;
  report.block = launch.block;
  report.kernel = current.kernel;
  if (launch.report_all) {
    if (!launch.reported.insert(report.key()).second) return;
    std::fflush(stdout);
    std::fputs(report.text().c_str(), stderr);
    std::fflush(stderr);
    if (!launch.any) {
      launch.any = true;
      std::atexit([] {
        std::fflush(stdout);
        std::fflush(stderr);
        std::_Exit(1);
      });
    }
    return;
  }
  std::fflush(stdout);
  std::fputs(report.text().c_str(), stderr);
  std::fflush(stderr);
  std::_Exit(1);
}

// One settled access of the running thread.
inline void record(const Pending& access, Kind kind) {
  if (access.space == Space::none) return;
  const AccessRecord now = running_access(access.where, kind == Kind::atomic);
  Launch& launch = launch_state();
  std::unique_lock<std::mutex> lock(launch.global_mutex, std::defer_lock);
  if (access.space == Space::global) lock.lock();
  Cell& cell = (access.space == Space::global ? launch.global : block_state().shared)[access.element];
  auto against = [&](const AccessRecord& earlier, Kind earlier_kind) {
    if (earlier.thread == now.thread) return false;
    const Order order = order_with_running(earlier, now);
    if (order == Order::ordered) return false;
    race_found(kind, now, earlier_kind, earlier, order, access);
    return true;
  };
  if (kind == Kind::read) {
    if (cell.written) against(cell.write, Kind::write);
    if (cell.updated) against(cell.atomic, Kind::atomic);
    auto& reads = cell.reads;
    for (AccessRecord& r : reads) {
      if (r.thread == now.thread) {
        r = now;
        return;
      }
    }
    // Readers from an earlier grid phase are ordered before every access to come.
    reads.erase(std::remove_if(reads.begin(), reads.end(),
                               [&](const AccessRecord& r) { return r.grid_epoch != now.grid_epoch; }),
                reads.end());
    // Many threads reading one element (a broadcast): two readers of the same block and
    // phase witness a race with any later writer as well as all of them would.
    std::size_t peers = 0;
    const uint64_t tpb = launch.threads_per_block;
    for (const AccessRecord& r : reads) {
      peers += r.thread / tpb == now.thread / tpb && r.block_epoch == now.block_epoch;
    }
    if (peers >= 2 && reads.size() >= 4) return;
    reads.push_back(now);
    return;
  }
  // A write, plain or atomic. Atomics do not race with each other; they race with plain
  // accesses, so an atomic leaves the plain write and the reads in place.
  if (cell.written) against(cell.write, Kind::write);
  if (cell.updated && kind == Kind::write) against(cell.atomic, Kind::atomic);
  for (const AccessRecord& r : cell.reads) {
    if (against(r, Kind::read)) break;
  }
  if (kind == Kind::atomic) {
    cell.atomic = now;
    cell.updated = true;
    return;
  }
  cell.write = now;
  cell.written = true;
  cell.updated = false;
  cell.reads.clear();
}

inline void settle(const Pending& p) {
  const bool changed = std::memcmp(p.before, p.element, p.size) != 0;
  record(p, changed ? Kind::write : Kind::read);
}

inline void note_access(const void* element, unsigned size, bool read_only, const void* data, int ndim,
                        const int64_t* shape, const int64_t* strides, SourceLocation where) {
  if (!current.kernel) return;
  int argument = -1;
  const Space space = classify(element, argument);
  if (space == Space::none) return;
  Pending p;
  p.element = static_cast<const unsigned char*>(element);
  p.size = size > sizeof p.before ? static_cast<unsigned>(sizeof p.before) : size;
  p.space = space;
  p.argument = argument;
  p.where = where;
  p.view.data = static_cast<const unsigned char*>(data);
  p.view.element_size = size;
  p.view.ndim = ndim < 4 ? ndim : 4;
  for (int d = 0; d < p.view.ndim; ++d) {
    p.view.shape[d] = shape[d];
    p.view.strides[d] = strides[d];
  }
  if (read_only) {
    record(p, Kind::read);
    return;
  }
  std::memcpy(p.before, element, p.size);
  BlockState& state = block_state();
  if (state.pending_count == kPending) {
    settle(state.pending[0]);
    std::move(state.pending + 1, state.pending + kPending, state.pending);
    --state.pending_count;
  }
  state.pending[state.pending_count++] = p;
}

// The atomic takes over its own subscript, the thread's latest of the element. Its earlier
// ones are settled first, before the atomic changes the bytes they compare.
inline void note_atomic(const void* element) {
  if (!current.kernel) return;
  BlockState& state = block_state();
  std::size_t own = state.pending_count;
  for (std::size_t i = state.pending_count; i-- > 0;) {
    if (state.pending[i].element == element) {
      own = i;
      break;
    }
  }
  if (own == state.pending_count) return;  // not a watched element
  const Pending atomic = state.pending[own];
  std::size_t kept = 0;
  for (std::size_t i = 0; i < state.pending_count; ++i) {
    if (i == own) continue;
    if (state.pending[i].element == element) {
      settle(state.pending[i]);
    } else {
      state.pending[kept++] = state.pending[i];
    }
  }
  state.pending_count = kept;
  record(atomic, Kind::atomic);
}

inline void flush_thread() {
  BlockState& state = block_state();
  for (std::size_t i = 0; i < state.pending_count; ++i) settle(state.pending[i]);
  state.pending_count = 0;
}

inline void passed_barrier(bool grid) {
  ThreadClock& clock = running_clock();
  ++clock.block_epoch;
  if (grid) ++clock.grid_epoch;
}

inline void warp_synchronised(uint32_t first_thread, uint32_t mask) {
  BlockState& state = block_state();
  if (state.clocks.size() < first_thread + kLanes) state.clocks.resize(first_thread + kLanes);
  // Each lane closes its epoch (so its accesses so far are before what every lane of the mask
  // does next, and its own later accesses are not), then all take the join.
  uint32_t joined[kLanes] = {};
  for (uint32_t l = 0; l < kLanes; ++l) {
    if (!((mask >> l) & 1u)) continue;
    ThreadClock& c = state.clocks[first_thread + l];
    ++c.lanes[l];
    for (uint32_t k = 0; k < kLanes; ++k) joined[k] = std::max(joined[k], c.lanes[k]);
  }
  for (uint32_t l = 0; l < kLanes; ++l) {
    if ((mask >> l) & 1u) std::copy(joined, joined + kLanes, state.clocks[first_thread + l].lanes);
  }
}

inline void begin_block() {
  BlockState& state = block_state();
  state.clocks.assign(launch_state().threads_per_block, ThreadClock{});
  state.shared.clear();
  state.pending_count = 0;
}

inline void begin_launch(const LaunchConfig& cfg) {
  Launch& launch = launch_state();
  launch.threads_per_block = cfg.block.count();
  launch.grid = cfg.grid;
  launch.block = cfg.block;
  launch.global.clear();
#ifdef PY2CUDA_RACECHECK_ALL
  launch.report_all = true;
#endif
  if (const char* mode = std::getenv("PY2CUDA_EMU_RACECHECK")) {
    if (std::strcmp(mode, "all") == 0) launch.report_all = true;
    if (std::strcmp(mode, "first") == 0) launch.report_all = false;
  }
}

template <class A>
struct is_array_view : std::false_type {};
template <class T, int N>
struct is_array_view<Array<T, N>> : std::true_type {};

template <class Tuple>
void register_arguments(const Tuple& args) {
  Launch& launch = launch_state();
  launch.arguments.clear();
  int position = 0;
  std::apply(
      [&](const auto&... arg) {
        auto add = [&](const auto& a) {
          using A = std::decay_t<decltype(a)>;
          if constexpr (is_array_view<A>::value) {
            int64_t low = 0, high = 0;
            bool empty = false;
            for (int d = 0; d < A::ndim; ++d) {
              if (a.shape[d] <= 0) empty = true;
              const int64_t reach = a.strides[d] * (a.shape[d] - 1);
              (reach < 0 ? low : high) += reach;
            }
            if (!empty) {
              const auto base = reinterpret_cast<uintptr_t>(a.data);
              const uintptr_t size = sizeof(*a.data);
              launch.arguments.push_back(
                  Argument{base + static_cast<uintptr_t>(low * static_cast<int64_t>(size)),
                           base + static_cast<uintptr_t>((high + 1) * static_cast<int64_t>(size)), position});
            }
          }
          ++position;
        };
        (add(arg), ...);
      },
      args);
}

}  // namespace py2cuda::emu::race
