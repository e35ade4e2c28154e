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
// The shadow is flat: each kernel array argument (overlapping ones merged) gets an array
// of cells, one per element, indexed by the element's offset, and so does the running
// block's shared memory (per byte: arrays of any element size share it). A cell (28
// bytes; locations are interned to 32-bit ids) holds the last write or else the one
// read since; an atomic's record and the readers beside a write or beside another reader
// go to a side pool. Cells carry the launch (or,
// for shared memory, the block) they belong to, so nothing is cleared between launches
// or blocks, and the arrays are anonymous mappings: pages no access touches cost nothing.
//
// A subscript gives the element's address, not whether the code reads or writes it
// (Array::operator() returns a reference). The detector keeps the last few subscripts of
// the running thread pending with the element's bytes as they were, and settles each one
// later: changed bytes make it a write, unchanged a read. An assignment's target (the
// translator marks it, see PythonIndex in array.h: `a[i] = v` stored, `a[i] += v` updated)
// is a write even when it stores the value already there; two such unordered writes of one
// value are a benign race, reported as a warning that lets the run go on, unless the earlier
// was an update that changed the element (its value depended on the order). cuda.atomic.*
// takes its subscript over as an atomic access.
//
// The first race prints a report (file:line:col: error: ..., both source lines with
// carets) and ends the program with exit status 1. With PY2CUDA_RACECHECK_ALL (py2cuda
// --racecheck-all), or PY2CUDA_EMU_RACECHECK=all at run time, every race is reported
// once per pair of source locations, the program runs on, and exits with status 1.
// Blocks run one after another; a cooperative launch's blocks run at once, and there
// each global cell is locked by a bit of its own while it is checked (no global mutex).
#pragma once

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <numeric>
#include <set>
#include <string>
#include <tuple>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

#include <link.h>
#include <sys/mman.h>

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

// One access as a shadow cell keeps it.
struct AccessRecord {
  uint32_t thread = 0;  // in the grid: block * threads per block + thread (begin_launch checks it fits)
  uint32_t where = 0;   // an interned SourceLocation (location_id)
  uint32_t block_epoch = 0;
  uint32_t grid_epoch = 0;
  uint32_t lane_clock = 0;  // the thread's own lane entry when it accessed
};

// ---- Source locations, interned: a record keeps 4 bytes, not 16 ----

// A subscript's place: the Python line and column the translator gave it (exact), or else
// the statement's line (#line) and the C++ column where the compiler has one.
struct Place {
  SourceLocation where{};
  bool exact = false;
};

inline Place place_of(const ::py2cuda::detail::LocatedIndex& first) {
  if (first.python_line == 0) return {first.where, false};
  return {SourceLocation{first.where.file, first.python_line, first.python_column}, true};
}

struct LocationTable {
  struct Key {
    const char* file;
    unsigned line, column;
    bool exact;
    bool operator==(const Key&) const = default;
  };
  struct KeyHash {
    std::size_t operator()(const Key& k) const noexcept {
      return std::hash<const void*>()(k.file) ^ (std::size_t{k.line} * 0x9E3779B97F4A7C15ull) ^ k.column ^
             (std::size_t{k.exact} << 40);
    }
  };
  std::mutex mutex;
  std::vector<Place> places{Place{}};  // id 0: unknown
  std::unordered_map<Key, uint32_t, KeyHash> ids;
};

inline LocationTable& location_table() {
  static LocationTable table;
  return table;
}

// Per OS thread, a direct-mapped cache in front of the table: one subscript's location is
// looked up at every access.
struct LocationCacheEntry {
  const char* file;
  unsigned line, column;
  bool exact;
  uint32_t id;
};
inline constexpr std::size_t kLocationCache = 64;
inline constinit thread_local LocationCacheEntry location_cache[kLocationCache] = {};

inline uint32_t location_id(const Place& place) {
  const SourceLocation& where = place.where;
  // The subscripts of one line differ only in their column: it must reach the slot's bits.
  uint32_t mixed = static_cast<uint32_t>(reinterpret_cast<uintptr_t>(where.file) >> 4) ^ (where.line * 0x9E3779B1u) ^
                   (where.column * 0x85EBCA77u);
  mixed ^= mixed >> 16;
  const std::size_t slot = mixed & (kLocationCache - 1);
  LocationCacheEntry& cached = location_cache[slot];
  if (cached.file == where.file && cached.line == where.line && cached.column == where.column &&
      cached.exact == place.exact) {
    return cached.id;
  }
  LocationTable& table = location_table();
  std::lock_guard<std::mutex> lock(table.mutex);
  auto [it, added] = table.ids.try_emplace({where.file, where.line, where.column, place.exact},
                                           static_cast<uint32_t>(table.places.size()));
  if (added) table.places.push_back(place);
  cached = {where.file, where.line, where.column, place.exact, it->second};
  return it->second;
}

inline Place location_of(uint32_t id) {
  LocationTable& table = location_table();
  std::lock_guard<std::mutex> lock(table.mutex);
  return id < table.places.size() ? table.places[id] : Place{};
}

// ---- Shadow cells ----

struct Cell {
  uint32_t generation;  // the launch (global) or block (shared) the cell belongs to; another: empty
  uint32_t state;       // the flags below, and the cell's side entry (OverflowPool id, 0: none)
  AccessRecord access;  // the last plain write (kWritten), or else the one plain read since it (kOneRead)
};
static_assert(sizeof(Cell) == 28);

inline constexpr uint32_t kLocked = 1u << 31;           // being checked (cooperative launches)
inline constexpr uint32_t kWritten = 1u << 30;          // `access` is the last plain write
inline constexpr uint32_t kOneRead = 1u << 29;          // `access` is the one plain read, and there is no write
inline constexpr uint32_t kReadsOverflowed = 1u << 28;  // the reads are in the side entry's list
inline constexpr uint32_t kUpdated = 1u << 27;          // the side entry's `atomic` holds one
// The last plain write's value did not depend on the order it ran in: a store (`a[i] = v`), or
// an update (`a[i] += v`) that left the bytes as they were. Only then can another thread's
// store of the same value be benign: had that one gone first, an update would have read it.
inline constexpr uint32_t kWriteValueFixed = 1u << 26;
inline constexpr uint32_t kOverflowMask = (1u << 26) - 1;

// What few cells need: the last atomic since the plain write, and more than one reader.
struct Overflow {
  AccessRecord atomic{};
  std::vector<AccessRecord> reads;  // plain reads since the last plain write, at most one per thread
};

// Side entries in chunks that never move, so that threads of a cooperative launch can read
// one entry while another thread adds the next.
class OverflowPool {
 public:
  static constexpr uint32_t kChunk = 4096;
  static constexpr uint32_t kMaxChunks = (kOverflowMask + 1) / kChunk;

  OverflowPool() { chunks_.reserve(kMaxChunks); }

  // A fresh entry's id (from 1).
  uint32_t allocate() {
    std::lock_guard<std::mutex> lock(mutex_);
    const uint32_t index = used_++;
    if (index / kChunk >= chunks_.size()) {
      if (chunks_.size() == kMaxChunks) {
        std::fflush(stdout);
        std::fputs("py2cuda --racecheck: out of shadow memory for the accesses of one launch\n", stderr);
        std::_Exit(1);
      }
      chunks_.push_back(std::make_unique<Overflow[]>(kChunk));
    }
    Overflow& entry = chunks_[index / kChunk][index % kChunk];
    entry.atomic = {};
    entry.reads.clear();
    return index + 1;
  }

  Overflow& at(uint32_t id) { return chunks_[(id - 1) / kChunk][(id - 1) % kChunk]; }

  // Every entry free again (their cells' generation has passed).
  void reset() { used_ = 0; }

 private:
  std::mutex mutex_;
  std::vector<std::unique_ptr<Overflow[]>> chunks_;
  uint32_t used_ = 0;
};

inline constexpr std::size_t kHugePage = std::size_t{2} << 20;

// The cells of [low, high), one per `granularity` bytes, in an anonymous mapping.
class ShadowRegion {
 public:
  ShadowRegion(uintptr_t low, uintptr_t high, unsigned granularity)
      : low_(low), high_(high), granularity_(granularity) {
    shift_ = std::has_single_bit(granularity) ? std::countr_zero(granularity) : -1;
    count_ = (high - low + granularity - 1) / granularity;
    bytes_ = std::max<std::size_t>(count_, 1) * sizeof(Cell);
    void* map = mmap(nullptr, bytes_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (map == MAP_FAILED) {
      std::fflush(stdout);
      std::fprintf(stderr, "py2cuda --racecheck: no memory for the shadow of %zu bytes of device memory\n",
                   static_cast<std::size_t>(high - low));
      std::_Exit(1);
    }
    cells_ = static_cast<Cell*>(map);
    // A large shadow in huge pages: a kernel that sweeps an array would otherwise take a page
    // fault per 146 cells (a fifth of a memory-bound kernel's checked time). Advice only.
    if (bytes_ >= kHugePage) madvise(map, bytes_, MADV_HUGEPAGE);
  }
  ShadowRegion(const ShadowRegion&) = delete;
  ShadowRegion& operator=(const ShadowRegion&) = delete;
  ~ShadowRegion() { munmap(cells_, bytes_); }

  bool covers(uintptr_t p) const { return p >= low_ && p < high_; }
  bool same(uintptr_t low, uintptr_t high, unsigned granularity) const {
    return low == low_ && high == high_ && granularity == granularity_;
  }

  Cell* cell(uintptr_t p) const {
    const uintptr_t offset = p - low_;
    return cells_ + (shift_ >= 0 ? offset >> shift_ : offset / granularity_);
  }

  // Every cell empty again: when a generation counter wraps around.
  void clear() { madvise(cells_, bytes_, MADV_DONTNEED); }

  int position = -1;  // the kernel argument, when one alone covers the region (global memory)
  uint64_t last_launch = 0;

 private:
  uintptr_t low_, high_;
  unsigned granularity_;
  int shift_;
  std::size_t count_, bytes_;
  Cell* cells_;
};

// A subscript of the running thread not yet known to be a read or a write.
struct Pending {
  const unsigned char* element = nullptr;
  Cell* cell = nullptr;
  unsigned size = 0;
  Space space = Space::none;
  int argument = -1;
  uint32_t where = 0;
  // An assignment's target (`a[i] = v`, `a[i] += v`): a write even of the value already there.
  ::py2cuda::detail::SubscriptRole role = ::py2cuda::detail::SubscriptRole::value;
  unsigned char before[16] = {};
  ElementView view{};
};

inline constexpr std::size_t kPending = 8;

struct Launch {
  uint64_t threads_per_block = 1;
  Dim3 grid{}, block{};
  std::vector<Argument> arguments;
  std::vector<std::unique_ptr<ShadowRegion>> regions;  // this launch's and the previous one's
  std::vector<ShadowRegion*> active;                   // this launch's, one per (merged) argument
  OverflowPool overflow;
  uint32_t generation = 0;  // of this launch's cells
  uint64_t launches = 0;
  bool concurrent = false;  // blocks run at once: cells are locked
  std::mutex report_mutex;
  std::set<std::string> reported;  // location pairs, for report-all
  bool report_all = false;
  bool any = false;
};

// The launch's state, through a pointer that needs no initialisation guard at each access.
inline constinit Launch* launch_pointer = nullptr;

inline Launch& launch_state_slow() {
  static Launch launch;
  launch_pointer = &launch;
  return launch;
}

inline Launch& launch_state() {
  Launch* launch = launch_pointer;
  return launch ? *launch : launch_state_slow();
}

// Per OS thread: the block it runs.
struct BlockState {
  std::vector<ThreadClock> clocks;  // per thread of the block
  uint64_t threads_per_block = 1;
  uint64_t first_thread = 0;  // the block's first thread in the grid
  uint32_t generation = 0;    // of this block's shared cells
  std::unique_ptr<ShadowRegion> static_shared, dynamic_shared;
  OverflowPool overflow;
  Pending pending[kPending];
  std::size_t pending_first = 0, pending_count = 0;  // a ring
  uintptr_t tls_low = 0, tls_high = 0;  // the program's static thread-local block: __shared__ arrays
};

// The BlockState of the calling OS thread, through a pointer with no TLS guard call.
inline constinit thread_local BlockState* block_state_pointer = nullptr;

inline BlockState& block_state_slow() {
  static thread_local BlockState state;
  block_state_pointer = &state;
  return state;
}

inline BlockState& block_state() {
  BlockState* state = block_state_pointer;
  return state ? *state : block_state_slow();
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
  if (state.tls_high > state.tls_low) {
    state.static_shared = std::make_unique<ShadowRegion>(state.tls_low, state.tls_high, 1u);
  }
}

// Which memory `element` is in, its cell, and for global memory the argument's position.
inline Space classify(const void* element, int& argument, Cell*& cell) {
  const auto p = reinterpret_cast<uintptr_t>(element);
  BlockState& state = block_state();
  const auto dyn = reinterpret_cast<uintptr_t>(current.dynamic_shared);
  if (dyn && p >= dyn && p < dyn + current.dynamic_shared_bytes && state.dynamic_shared) {
    cell = state.dynamic_shared->cell(p);
    return Space::shared;
  }
  if (p >= state.tls_low && p < state.tls_high) {
    cell = state.static_shared->cell(p);
    return Space::shared;
  }
  const Launch& launch = launch_state();
  for (ShadowRegion* region : launch.active) {
    if (!region->covers(p)) continue;
    cell = region->cell(p);
    argument = region->position;
    if (argument < 0) {  // arguments that overlap: the first that holds the element names it
      for (const Argument& a : launch.arguments) {
        if (p >= a.low && p < a.high) {
          argument = a.position;
          break;
        }
      }
    }
    return Space::global;
  }
  return Space::none;
}

// The clock of thread `thread` (its linear index in the block) of the running block.
inline ThreadClock& thread_clock(BlockState& state, uint32_t thread) {
  if (state.clocks.size() <= thread) state.clocks.resize(thread + 1);
  return state.clocks[thread];
}

inline ThreadClock& running_clock() { return thread_clock(block_state(), thread_linear_index()); }

inline AccessRecord running_access(uint32_t where) {
  BlockState& state = block_state();
  const uint32_t thread = thread_linear_index();
  const ThreadClock& clock = thread_clock(state, thread);
  return AccessRecord{static_cast<uint32_t>(state.first_thread + thread), where, clock.block_epoch,
                      clock.grid_epoch, clock.lanes[thread % kLanes]};
}

// How `earlier` (another thread's) relates to the running thread now.
inline Order order_with_running(const AccessRecord& earlier, const AccessRecord& now) {
  const uint64_t tpb = block_state().threads_per_block;
  if (earlier.grid_epoch != now.grid_epoch) return Order::ordered;
  if (earlier.thread / tpb != now.thread / tpb) return Order::other_block;
  if (earlier.block_epoch != now.block_epoch) return Order::ordered;
  const uint64_t a = earlier.thread % tpb, b = now.thread % tpb;
  if (a / kLanes != b / kLanes) return Order::same_block;
  if (running_clock().lanes[a % kLanes] > earlier.lane_clock) return Order::ordered;
  return Order::same_warp;
}

// `benign`: two plain writes, the running one storing the value already there (the other's).
inline void race_found(Kind here_kind, const AccessRecord& here, Kind other_kind, const AccessRecord& other, Order order,
                       const Pending& access, bool benign = false) {
  Launch& launch = launch_state();
  std::lock_guard<std::mutex> lock(launch.report_mutex);
  RaceReport report;
  report.benign = benign;
  report.space = access.space;
  report.argument = access.argument;
  report.view = access.view;
  report.element = access.element;
  const Place here_place = location_of(here.where), other_place = location_of(other.where);
  // An atomic's subscript is the call's (`cuda.atomic.add(a, i, v)`): its column is found on the
  // line, at the array argument.
  report.here = {here_kind, here_place.where, here.thread, here_place.exact && here_kind != Kind::atomic};
  report.other = {other_kind, other_place.where, other.thread, other_place.exact && other_kind != Kind::atomic};
  report.order = order;
  report.threads_per_block = launch.threads_per_block;
  report.grid = launch.grid;
  report.block = launch.block;
  report.kernel = current.kernel;
  if (benign) {  // a warning, once per pair of locations; the run goes on
    if (!launch.reported.insert(report.key()).second) return;
    std::fflush(stdout);
    std::fputs(report.text().c_str(), stderr);
    std::fflush(stderr);
    return;
  }
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

// The cell of `access`, held for the running thread: locked when blocks run at once, and
// emptied when it belongs to an earlier launch or block. Its state word is worked on in a
// copy and stored back when the cell is let go (which unlocks it).
class HeldCell {
 public:
  explicit HeldCell(const Pending& access)
      : cell_(*access.cell), locked_(access.space == Space::global && launch_state().concurrent) {
    if (locked_) {
      std::atomic_ref<uint32_t> word(cell_.state);
      for (;;) {
        const uint32_t before = word.fetch_or(kLocked, std::memory_order_acquire);
        if (!(before & kLocked)) {
          state_ = before;
          break;
        }
        while (word.load(std::memory_order_relaxed) & kLocked) {
#if defined(__x86_64__)
          __builtin_ia32_pause();
#endif
        }
      }
    } else {
      state_ = cell_.state;
    }
    pool_ = access.space == Space::global ? &launch_state().overflow : &block_state().overflow;
    const uint32_t generation = access.space == Space::global ? launch_state().generation : block_state().generation;
    if (cell_.generation != generation) {
      cell_.generation = generation;
      state_ = 0;
    }
  }
  HeldCell(const HeldCell&) = delete;
  HeldCell& operator=(const HeldCell&) = delete;
  ~HeldCell() {
    if (locked_) {
      std::atomic_ref<uint32_t>(cell_.state).store(state_, std::memory_order_release);
    } else {
      cell_.state = state_;
    }
  }

  Cell* operator->() const { return &cell_; }
  bool has(uint32_t flag) const { return (state_ & flag) != 0; }
  void set(uint32_t flag) { state_ |= flag; }
  void unset(uint32_t flag) { state_ &= ~flag; }

  Overflow* overflow() const {
    const uint32_t id = state_ & kOverflowMask;
    return id ? &pool_->at(id) : nullptr;
  }
  Overflow& overflow_made() {
    if (Overflow* entry = overflow()) return *entry;
    const uint32_t id = pool_->allocate();
    state_ = (state_ & ~kOverflowMask) | id;
    return pool_->at(id);
  }

 private:
  Cell& cell_;
  bool locked_;
  uint32_t state_ = 0;  // without kLocked
  OverflowPool* pool_ = nullptr;
};

// One settled access of the running thread. `same_value`: a write that stored the value
// already there; `value_fixed`: a write whose value does not depend on what it read
// (kWriteValueFixed).
inline void record(const Pending& access, Kind kind, bool same_value = false, bool value_fixed = false) {
  if (access.space == Space::none) return;
  const AccessRecord now = running_access(access.where);
  HeldCell cell(access);
  auto against = [&](const AccessRecord& earlier, Kind earlier_kind, bool benign = false) {
    if (earlier.thread == now.thread) return false;
    const Order order = order_with_running(earlier, now);
    if (order == Order::ordered) return false;
    race_found(kind, now, earlier_kind, earlier, order, access, benign);
    return true;
  };
  if (kind == Kind::read) {
    if (cell.has(kWritten)) against(cell->access, Kind::write);
    if (cell.has(kUpdated)) against(cell.overflow()->atomic, Kind::atomic);
    if (!cell.has(kReadsOverflowed)) {
      if (cell.has(kWritten)) {  // the cell holds the write: the first reader goes beside it
        cell.overflow_made().reads.assign({now});
        cell.set(kReadsOverflowed);
        return;
      }
      // No reader yet, or one: kept in the cell.
      if (!cell.has(kOneRead) || cell->access.thread == now.thread || cell->access.grid_epoch != now.grid_epoch) {
        cell->access = now;
        cell.set(kOneRead);
        return;
      }
      cell.overflow_made().reads.assign({cell->access, now});
      cell.unset(kOneRead);
      cell.set(kReadsOverflowed);
      return;
    }
    auto& reads = cell.overflow()->reads;
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
    const uint64_t tpb = block_state().threads_per_block;
    for (const AccessRecord& r : reads) {
      peers += r.thread / tpb == now.thread / tpb && r.block_epoch == now.block_epoch;
    }
    if (peers >= 2 && reads.size() >= 4) return;
    reads.push_back(now);
    return;
  }
  // A write, plain or atomic. Atomics do not race with each other; they race with plain
  // accesses, so an atomic leaves the plain write and the reads in place. A plain write of
  // the value already there, when the last plain write is what put it there (no atomic
  // since), stored the same value as that write: a benign race, when that write's value was
  // fixed whatever the order (an update that changed the element would have read this
  // store's value instead, had this one gone first, and stored another).
  if (cell.has(kWritten)) {
    against(cell->access, Kind::write,
            kind == Kind::write && same_value && !cell.has(kUpdated) && cell.has(kWriteValueFixed));
  }
  if (cell.has(kUpdated) && kind == Kind::write) against(cell.overflow()->atomic, Kind::atomic);
  if (cell.has(kOneRead)) {
    against(cell->access, Kind::read);
  } else if (cell.has(kReadsOverflowed)) {
    for (const AccessRecord& r : cell.overflow()->reads) {
      if (against(r, Kind::read)) break;
    }
  }
  if (kind == Kind::atomic) {
    cell.overflow_made().atomic = now;
    cell.set(kUpdated);
    return;
  }
  cell->access = now;
  cell.set(kWritten);
  cell.unset(kUpdated | kOneRead | kWriteValueFixed);
  if (value_fixed) cell.set(kWriteValueFixed);
  if (cell.has(kReadsOverflowed)) {
    cell.overflow()->reads.clear();
    cell.unset(kReadsOverflowed);
  }
}

// Whether the `size` bytes at a and b differ: elements are 1, 2, 4, 8 or 16 bytes.
inline bool bytes_differ(const unsigned char* a, const unsigned char* b, unsigned size) {
  auto differ = [&](auto word) {
    decltype(word) x, y;
    std::memcpy(&x, a, sizeof x);
    std::memcpy(&y, b, sizeof y);
    return x != y;
  };
  switch (size) {
    case 1: return *a != *b;
    case 2: return differ(uint16_t{});
    case 4: return differ(uint32_t{});
    case 8: return differ(uint64_t{});
    default: return std::memcmp(a, b, size) != 0;
  }
}

// A subscript is a write when it changed the element's bytes, or when an assignment stored
// to it or updated it (then perhaps with the value already there); else a read. An update
// (`a[i] += v`) that changed nothing still wrote: `a[i] += 0` by two threads is a race.
inline void settle(const Pending& p) {
  using ::py2cuda::detail::SubscriptRole;
  const bool changed = bytes_differ(p.before, p.element, p.size);
  const bool assigned = p.role != SubscriptRole::value;
  record(p, changed || assigned ? Kind::write : Kind::read, !changed,
         p.role == SubscriptRole::store_target || (assigned && !changed));
}

// An update the translator could not print as `a[i] op= v` is `a[i] = a[i] op v`: its value
// side reads the element at the target's own place, before the target's subscript. That read
// is the update's own (settled with it as its write), not a read of its own: it is dropped
// from the thread's pending subscripts.
inline void forget_update_read(BlockState& state, const unsigned char* element, uint32_t where) {
  std::size_t kept = 0;
  Pending ordered[kPending];
  for (std::size_t i = 0; i < state.pending_count; ++i) {
    const Pending& p = state.pending[(state.pending_first + i) % kPending];
    if (p.element == element && p.where == where && p.role == ::py2cuda::detail::SubscriptRole::value) continue;
    ordered[kept++] = p;
  }
  if (kept == state.pending_count) return;
  std::copy(ordered, ordered + kept, state.pending);
  state.pending_first = 0;
  state.pending_count = kept;
}

template <class View>
void note_access(const View& view, int64_t offset, const ::py2cuda::detail::LocatedIndex& first) {
  if (!current.kernel) return;
  using T = std::remove_reference_t<decltype(*view.data)>;
  const T* element = view.data + offset;
  int argument = -1;
  Cell* cell = nullptr;
  const Space space = classify(element, argument, cell);
  if (space == Space::none) return;
  BlockState& state = block_state();
  const uint32_t where = location_id(place_of(first));
  if (!std::is_const_v<T> && first.role == ::py2cuda::detail::SubscriptRole::update_target) {
    forget_update_read(state, reinterpret_cast<const unsigned char*>(element), where);
  }
  Pending scratch;
  Pending& p = std::is_const_v<T> ? scratch : [&]() -> Pending& {
    if (state.pending_count == kPending) {  // the oldest is settled to make room
      settle(state.pending[state.pending_first]);
      state.pending_first = (state.pending_first + 1) % kPending;
      --state.pending_count;
    }
    return state.pending[(state.pending_first + state.pending_count++) % kPending];
  }();
  p.element = reinterpret_cast<const unsigned char*>(element);
  p.cell = cell;
  constexpr unsigned kCompared = sizeof(T) > sizeof p.before ? sizeof p.before : sizeof(T);
  p.size = kCompared;
  p.space = space;
  p.argument = argument;
  p.where = where;
  p.role = std::is_const_v<T> ? ::py2cuda::detail::SubscriptRole::value : first.role;
  p.view.data = reinterpret_cast<const unsigned char*>(view.data);
  p.view.element_size = sizeof(T);
  constexpr int kDims = View::ndim < 4 ? View::ndim : 4;
  p.view.ndim = kDims;
  for (int d = 0; d < kDims; ++d) {
    p.view.shape[d] = view.shape[d];
    p.view.strides[d] = view.strides[d];
  }
  if constexpr (std::is_const_v<T>) {
    record(p, Kind::read);
  } else {
    std::memcpy(p.before, element, kCompared);
  }
}

// The atomic takes over its own subscript, the thread's latest of the element. Its earlier
// ones are settled first, before the atomic changes the bytes they compare.
inline void note_atomic(const void* element) {
  if (!current.kernel) return;
  BlockState& state = block_state();
  Pending ordered[kPending];  // the ring, oldest first
  const std::size_t count = state.pending_count;
  for (std::size_t i = 0; i < count; ++i) ordered[i] = state.pending[(state.pending_first + i) % kPending];
  std::size_t own = count;
  for (std::size_t i = count; i-- > 0;) {
    if (ordered[i].element == element) {
      own = i;
      break;
    }
  }
  if (own == count) return;  // not a watched element
  std::size_t kept = 0;
  for (std::size_t i = 0; i < count; ++i) {
    if (i == own) continue;
    if (ordered[i].element == element) {
      settle(ordered[i]);
    } else {
      state.pending[kept++] = ordered[i];
    }
  }
  state.pending_first = 0;
  state.pending_count = kept;
  record(ordered[own], Kind::atomic);
}

inline void flush_thread() {
  BlockState& state = block_state();
  for (std::size_t i = 0; i < state.pending_count; ++i) settle(state.pending[(state.pending_first + i) % kPending]);
  state.pending_first = 0;
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
  const Launch& launch = launch_state();
  state.threads_per_block = launch.threads_per_block;
  const Uint3& b = current.block_idx;
  const Uint3& g = current.grid_dim;
  state.first_thread = (b.x + uint64_t{g.x} * (b.y + uint64_t{g.y} * b.z)) * launch.threads_per_block;
  state.clocks.assign(launch.threads_per_block, ThreadClock{});
  state.pending_first = state.pending_count = 0;
  if (!state.tls_high) locate_static_shared(state);
  const auto dyn = reinterpret_cast<uintptr_t>(current.dynamic_shared);
  if (dyn && !(state.dynamic_shared && state.dynamic_shared->same(dyn, dyn + current.dynamic_shared_bytes, 1u))) {
    state.dynamic_shared = std::make_unique<ShadowRegion>(dyn, dyn + current.dynamic_shared_bytes, 1u);
    state.dynamic_shared->last_launch = 0;
  }
  // A new generation empties every shared cell of the thread's earlier blocks.
  if (++state.generation == 0) {
    for (ShadowRegion* region : {state.static_shared.get(), state.dynamic_shared.get()}) {
      if (region) region->clear();
    }
    state.generation = 1;
  }
  state.overflow.reset();
}

// Gives the launch a shadow region per argument (arguments that overlap share one), reusing
// the previous launch's where the memory is the same.
inline void build_global_shadow(Launch& launch) {
  std::vector<Argument> sorted = launch.arguments;
  std::sort(sorted.begin(), sorted.end(), [](const Argument& a, const Argument& b) { return a.low < b.low; });
  launch.active.clear();
  for (std::size_t i = 0; i < sorted.size();) {
    uintptr_t low = sorted[i].low, high = sorted[i].high;
    unsigned granularity = sorted[i].element_size;
    int position = sorted[i].position;
    std::size_t j = i + 1;
    for (; j < sorted.size() && sorted[j].low < high; ++j) {
      high = std::max(high, sorted[j].high);
      // Every element of every overlapping argument starts on a cell of its own.
      granularity = std::gcd(granularity, std::gcd(sorted[j].element_size, static_cast<unsigned>(sorted[j].low - low)));
      position = -1;
    }
    if (granularity == 0) granularity = 1;
    ShadowRegion* region = nullptr;
    for (auto& r : launch.regions) {
      if (r->same(low, high, granularity) &&
          std::find(launch.active.begin(), launch.active.end(), r.get()) == launch.active.end()) {
        region = r.get();
        break;
      }
    }
    if (!region) {
      launch.regions.push_back(std::make_unique<ShadowRegion>(low, high, granularity));
      region = launch.regions.back().get();
    }
    region->position = position;
    region->last_launch = launch.launches;
    launch.active.push_back(region);
    i = j;
  }
  // Regions the previous launch used stay for the next (kernels that take turns on the same
  // arrays); older ones are given back.
  std::erase_if(launch.regions, [&](const std::unique_ptr<ShadowRegion>& r) { return r->last_launch + 1 < launch.launches; });
}

inline void begin_launch(const LaunchConfig& cfg, const KernelInfo& info) {
  Launch& launch = launch_state();
  launch.threads_per_block = cfg.block.count();
  launch.grid = cfg.grid;
  launch.block = cfg.block;
  if (cfg.grid.count() * launch.threads_per_block > UINT32_MAX) {
    ::py2cuda::detail::launch_error(info, "--racecheck numbers the threads of a launch in 32 bits, and grid " +
                                              ::py2cuda::detail::dim3_text(cfg.grid) + " of blocks " +
                                              ::py2cuda::detail::dim3_text(cfg.block) + " has " +
                                              std::to_string(cfg.grid.count() * launch.threads_per_block) +
                                              " threads");
  }
  launch.concurrent = info.cooperative;
  ++launch.launches;
  if (++launch.generation == 0) {
    for (auto& r : launch.regions) r->clear();
    launch.generation = 1;
  }
  launch.overflow.reset();
  build_global_shadow(launch);
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
template <class T, int N>
struct is_array_view<CArray<T, N>> : std::true_type {};

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
                           base + static_cast<uintptr_t>((high + 1) * static_cast<int64_t>(size)), position,
                           static_cast<unsigned>(size)});
            }
          }
          ++position;
        };
        (add(arg), ...);
      },
      args);
}

}  // namespace py2cuda::emu::race
