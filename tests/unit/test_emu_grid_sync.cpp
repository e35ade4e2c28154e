// The CPU emulation backend, cooperative launches: grid.sync() (py2cuda::GridGroup) as a
// barrier of every thread of the grid, with every block resident at once; per-block
// __shared__ memory while blocks interleave; in order and on several threads; the
// residency limit of the emulated device; divergent grid syncs and failing blocks
// reported instead of hanging. Kernels are written as the translator emits them.

#include <gtest/gtest.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "../emulation/emu_test_support.h"

namespace gridsync {
using py2cuda::Array;
using py2cuda::KernelInfo;

// Defined at the end of the file, "in g.py".
__global__ void some_blocks_return(Array<int32_t, 1> a);
__global__ void some_threads_return(Array<int32_t, 1> a);
__global__ void two_grid_syncs(Array<int32_t, 1> a);
__global__ void bounds_test_returns(Array<int32_t, 1> a, Array<int32_t, 1> out);

constexpr KernelInfo kBlocksReturnInfo{"some_blocks_return", "g.py:10", true, false, true};
constexpr KernelInfo kThreadsReturnInfo{"some_threads_return", "g.py:20", true, false, true};
constexpr KernelInfo kTwoSyncsInfo{"two_grid_syncs", "g.py:30", true, false, true};
constexpr KernelInfo kTwoSyncsNotCooperativeInfo{"two_grid_syncs", "g.py:30", true, false, false};
constexpr KernelInfo kBoundsTestInfo{"bounds_test_returns", "g.py:40", true, false, true};
}  // namespace gridsync

namespace {

using emu_test::error_of;
using py2cuda::Array;
using py2cuda::KernelInfo;

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// `steps` smoothing steps of a 1-D stencil, a -> b -> a ..., with a grid-stride loop and
// a grid barrier between steps: each step reads what other blocks wrote in the last.
__global__ void heat_steps(Array<double, 1> a, Array<double, 1> b, int64_t steps) {
  py2cuda::GridGroup g = py2cuda::this_grid();
  const int64_t n = a.size();
  for (int64_t step = 0; step < steps; ++step) {
    Array<double, 1> src = step % 2 == 0 ? a : b;
    Array<double, 1> dst = step % 2 == 0 ? b : a;
    for (int64_t i = py2cuda::grid1(); i < n; i += py2cuda::gridsize1()) {
      dst(i) = i == 0 || i == n - 1 ? src(i) : 0.25 * src(i - 1) + 0.5 * src(i) + 0.25 * src(i + 1);
    }
    g.sync();
  }
}
constexpr KernelInfo kHeatInfo{"heat_steps", "grid.py:1", true, false, true};

std::vector<double> heat_reference(std::vector<double> u, int steps) {
  for (int s = 0; s < steps; ++s) {
    std::vector<double> next = u;
    for (std::size_t i = 1; i + 1 < u.size(); ++i) next[i] = 0.25 * u[i - 1] + 0.5 * u[i] + 0.25 * u[i + 1];
    u = next;
  }
  return u;
}

void check_heat(uint32_t blocks, uint32_t threads, int64_t n, int steps) {
  std::vector<double> u0(static_cast<std::size_t>(n));
  for (int64_t i = 0; i < n; ++i) u0[static_cast<std::size_t>(i)] = double((i * 2654435761) % 4096);
  py2cuda::HostArray<double, 1> host({n});
  for (int64_t i = 0; i < n; ++i) host(i) = u0[static_cast<std::size_t>(i)];
  auto a = py2cuda::to_device(host);
  auto b = emu_test::filled<double>(n, -1.0);
  py2cuda::launch(heat_steps, {blocks, threads}, kHeatInfo, a, b, int64_t(steps));
  const auto result = (steps % 2 == 0 ? a : b).copy_to_host();
  const std::vector<double> expected = heat_reference(u0, steps);
  int64_t wrong = 0;
  for (int64_t i = 0; i < n; ++i) wrong += result(i) != expected[static_cast<std::size_t>(i)];
  EXPECT_EQ(wrong, 0) << blocks << " blocks of " << threads << ", n = " << n << ", " << steps << " steps";
}

TEST(EmuGridSync, StencilStepsInOneLaunchSeeOtherBlocksWrites) {
  emu_test::ScopedSettings restore;
  py2cuda::emu::set_deterministic(false);
  py2cuda::emu::set_worker_threads(4);
  emu_test::within_seconds(60, [] {
    check_heat(8, 64, 5003, 8);
    check_heat(3, 32, 100, 5);  // the result ends in b
    check_heat(1, 1, 7, 3);     // one thread: the barrier is trivially complete
  });
}

TEST(EmuGridSync, DeterministicModeRunsBlocksInTurns) {
  emu_test::ScopedSettings restore;
  py2cuda::emu::set_deterministic(true);
  emu_test::within_seconds(60, [] { check_heat(16, 32, 1000, 6); });
}

// Each block keeps a value in __shared__ memory across grid syncs, while the other blocks
// run on other OS threads: each must find its own value. Phase 2 reads what every block
// published in phase 1.
__global__ void shared_across_syncs(Array<int64_t, 1> published, Array<int64_t, 1> out) {
  __shared__ int64_t mine[1];
  py2cuda::GridGroup g = py2cuda::this_grid();
  const int64_t block = int64_t(blockIdx.x);
  if (threadIdx.x == 0) mine[0] = 1000 + block;
  __syncthreads();
  if (threadIdx.x == 0) published(block) = mine[0] * 2;
  g.sync();
  int64_t sum = 0;
  for (int64_t k = 0; k < published.size(); ++k) sum += published(k);
  g.sync();
  if (threadIdx.x == 1) out(block) = mine[0] * 1000000 + sum;
}
constexpr KernelInfo kSharedInfo{"shared_across_syncs", "grid.py:20", true, false, true};

TEST(EmuGridSync, SharedMemoryStaysPerBlockAcrossGridSyncs) {
  emu_test::ScopedSettings restore;
  for (bool ordered : {true, false}) {
    py2cuda::emu::set_deterministic(ordered);
    py2cuda::emu::set_worker_threads(3);
    const uint32_t blocks = 24;
    auto published = emu_test::filled<int64_t>(blocks, 0);
    auto out = emu_test::filled<int64_t>(blocks, 0);
    emu_test::within_seconds(60, [&] {
      py2cuda::launch(shared_across_syncs, {blocks, 64}, kSharedInfo, published, out);
    });
    int64_t sum = 0;
    for (uint32_t b = 0; b < blocks; ++b) sum += 2 * (1000 + b);
    const auto o = out.copy_to_host();
    for (uint32_t b = 0; b < blocks; ++b) EXPECT_EQ(o(b), (1000 + int64_t(b)) * 1000000 + sum) << "block " << b;
  }
}

TEST(EmuGridSync, LargestResidentGridRunsAndOneMoreBlockIsRefused) {
  // 8 emulated multiprocessors x 2 blocks of 1024 threads.
  EXPECT_EQ(py2cuda::emu::max_cooperative_blocks(1024, 0), 16u);
  EXPECT_EQ(py2cuda::emu::max_cooperative_blocks(32, 0), 256u);
  EXPECT_EQ(py2cuda::emu::max_cooperative_blocks(100, 0), 8u * 16u);  // 4 warps per block: 2048 / 128
  EXPECT_EQ(py2cuda::emu::max_cooperative_blocks(32, 40 * 1024), 8u * 4u);
  emu_test::ScopedSettings restore;
  py2cuda::emu::set_fiber_stack_size(16 * 1024);
  emu_test::within_seconds(120, [] { check_heat(256, 32, 9000, 2); });
  auto a = emu_test::filled<double>(10, 0.0);
  auto b = emu_test::filled<double>(10, 0.0);
  const std::string message =
      error_of([&] { py2cuda::launch(heat_steps, {17, 1024}, kHeatInfo, a, b, int64_t(1)); });
  EXPECT_EQ(message,
            "grid.py:1: cannot launch kernel 'heat_steps': a cooperative launch (the kernel calls cg.this_grid()) "
            "needs every block resident at once, but grid (17, 1, 1) has 17 blocks and the emulated device holds "
            "at most 16 blocks of 1024 threads (8 multiprocessors x 2)");
}

TEST(EmuGridSync, BlocksThatReturnBeforeAGridSyncAreReportedNotHung) {
  emu_test::ScopedSettings restore;
  for (bool ordered : {true, false}) {
    py2cuda::emu::set_deterministic(ordered);
    auto a = emu_test::filled<int32_t>(8 * 32, 0);
    const std::string message = emu_test::within_seconds(30, [&] {
      return error_of([&] { py2cuda::launch(gridsync::some_blocks_return, {8, 32}, gridsync::kBlocksReturnInfo, a); });
    });
    EXPECT_EQ(message,
              "g.py:13: divergent grid.sync() in kernel 'some_blocks_return' at g.py:10: 5 blocks (0,0,0)-(4,0,0) "
              "wait at grid.sync() at g.py:13, but 3 blocks (5,0,0)-(7,0,0) returned without reaching it (on a GPU "
              "the grid would hang)");
  }
}

// Thread 0 of each block takes it through the grid's barrier on a GPU (cooperative groups'
// sync_grids, after the block's bar.sync): with thread 0 returned the grid would hang.
TEST(EmuGridSync, ABlockWhoseThreadZeroReturnsBeforeAGridSyncIsReported) {
  auto a = emu_test::filled<int32_t>(64, 0);
  const std::string message = emu_test::within_seconds(30, [&] {
    return error_of([&] { py2cuda::launch(gridsync::some_threads_return, {2, 32}, gridsync::kThreadsReturnInfo, a); });
  });
  EXPECT_TRUE(contains(message, "g.py:23: divergent barrier in kernel 'some_threads_return' at g.py:20, block (")) << message;
  EXPECT_TRUE(contains(message, "16 threads (16,0,0)-(31,0,0) wait at grid.sync() at g.py:23, but 16 threads "
                                "(0,0,0)-(15,0,0) returned without reaching it, thread (0,0,0) among them, which "
                                "takes the block through the grid's barrier on a GPU (the grid would hang)"))
      << message;
}

// The bounds test before a grid.sync() (numba-cuda's Laplace and sessionize examples): the
// threads past the end return, as a GPU's bar.sync counts them arrived, and the others go on.
TEST(EmuGridSync, ThreadsPastTheEndMayReturnBeforeAGridSync) {
  auto a = emu_test::filled<int32_t>(70, 0);
  auto out = emu_test::filled<int32_t>(70, 0);
  emu_test::within_seconds(30, [&] {
    py2cuda::launch(gridsync::bounds_test_returns, {3, 32}, gridsync::kBoundsTestInfo, a, out);
  });
  const auto result = out.copy_to_host();
  for (int64_t i = 0; i < 70; ++i) EXPECT_EQ(result(i), 69 - i) << i;
}

TEST(EmuGridSync, BlocksAtDifferentGridSyncsAreReported) {
  auto a = emu_test::filled<int32_t>(4, 0);
  const std::string message = emu_test::within_seconds(30, [&] {
    return error_of([&] { py2cuda::launch(gridsync::two_grid_syncs, {4, 8}, gridsync::kTwoSyncsInfo, a); });
  });
  EXPECT_EQ(message,
            "g.py:32: divergent grid.sync() in kernel 'two_grid_syncs' at g.py:30: 2 blocks (0,0,0), (2,0,0) wait at "
            "grid.sync() at g.py:32; 2 blocks (1,0,0), (3,0,0) wait at grid.sync() at g.py:34: every thread of the "
            "grid must reach the same grid.sync()");
}

TEST(EmuGridSync, GridSyncInAKernelNotLaunchedCooperatively) {
  auto a = emu_test::filled<int32_t>(4, 0);
  const std::string message = emu_test::within_seconds(30, [&] {
    return error_of([&] { py2cuda::launch(gridsync::two_grid_syncs, {1, 8}, gridsync::kTwoSyncsNotCooperativeInfo, a); });
  });
  EXPECT_EQ(message,
            "g.py:32: kernel 'two_grid_syncs' at g.py:30 reached grid.sync(), but was not launched cooperatively (its "
            "KernelInfo says cooperative = false), so the blocks of its grid are not all resident and cannot wait for "
            "each other");
}

// Block 5 fails between two grid syncs; the others wait at the second one.
__global__ void fails_between_syncs(Array<int32_t, 1> ran) {
  py2cuda::GridGroup g = py2cuda::this_grid();
  g.sync();
  if (threadIdx.x == 0) ran(int64_t(blockIdx.x)) = 1;
  if (blockIdx.x == 5 && threadIdx.x == 3) throw std::runtime_error("block 5 failed");
  g.sync();
  if (threadIdx.x == 0) ran(int64_t(blockIdx.x)) = 2;
}
constexpr KernelInfo kFailsInfo{"fails_between_syncs", "grid.py:40", true, false, true};

TEST(EmuGridSync, AFailingBlockStopsTheBlocksWaitingForIt) {
  emu_test::ScopedSettings restore;
  for (bool ordered : {true, false}) {
    py2cuda::emu::set_deterministic(ordered);
    auto ran = emu_test::filled<int32_t>(8, 0);
    std::string what;
    emu_test::within_seconds(30, [&] {
      try {
        py2cuda::launch(fails_between_syncs, {8, 32}, kFailsInfo, ran);
      } catch (const std::runtime_error& e) {
        what = e.what();
      }
    });
    EXPECT_EQ(what, "block 5 failed");
    const auto r = ran.copy_to_host();
    // No block passes the second grid sync; the blocks after 5 may not have run phase 2 at
    // all (in order, they are abandoned before their turn).
    EXPECT_EQ(r(5), 1);
    for (int64_t b = 0; b < 8; ++b) EXPECT_LE(r(b), 1) << "block " << b;
    if (ordered) {
      for (int64_t b = 0; b < 5; ++b) EXPECT_EQ(r(b), 1) << "block " << b << " runs before block 5 in order";
    }
  }
}

}  // namespace

// The kernels whose messages the tests spell out, "in g.py" (as --line-directives writes them).
// Nothing may follow them: after a #line directive every line belongs to g.py.
namespace gridsync {

#line 10 "g.py"
__global__ void some_blocks_return(Array<int32_t, 1> a) {
  py2cuda::GridGroup g = py2cuda::this_grid();
  if (blockIdx.x >= 5) return;
  g.sync();
  a(py2cuda::grid1()) = 1;
}

#line 20 "g.py"
__global__ void some_threads_return(Array<int32_t, 1> a) {
  py2cuda::GridGroup g = py2cuda::this_grid();
  if (threadIdx.x < 16) return;
  g.sync();
  a(py2cuda::grid1()) = 1;
}

#line 30 "g.py"
__global__ void two_grid_syncs(Array<int32_t, 1> a) {
  if (blockIdx.x % 2 == 0) {
    py2cuda::this_grid().sync();
  } else {
    py2cuda::this_grid().sync();
  }
  a(int64_t(blockIdx.x)) = 1;
}

#line 40 "g.py"
__global__ void bounds_test_returns(Array<int32_t, 1> a, Array<int32_t, 1> out) {
  const int64_t i = py2cuda::grid1();
  if (i >= a.size()) return;
  a(i) = int32_t(i);
  py2cuda::this_grid().sync();
  out(i) = a(a.size() - 1 - i);
}

}  // namespace gridsync
