// The CPU emulation backend finding what a GPU gets silently wrong, and stopping:
// out-of-bounds accesses (with the kernel, block, thread and the source line, which is
// the Python line under #line directives), barriers not every thread reaches,
// exceptions thrown by a thread, barriers in a kernel launched without fibers, nested
// launches; each stops the grid and is thrown from launch() on the calling thread.
//
// The kernels whose messages the tests spell out are at the end of this file, under
// `#line N "k.py"` directives as the translator's --line-directives writes them.

#include <gtest/gtest.h>

#include <array>
#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include "../emulation/emu_test_support.h"

namespace errors {
using py2cuda::Array;
using py2cuda::KernelInfo;

// Defined at the end of the file, "in k.py".
__global__ void write_past_end(Array<float, 1> a);
__global__ void write_2d(Array<float, 2> a, int64_t row, int64_t col);
__global__ void returns_before_barrier(Array<float, 1> a);
__global__ void two_barriers(Array<float, 1> a);
__global__ void barrier_without_fibers(Array<float, 1> a);

constexpr KernelInfo kPastEndInfo{"write_past_end", "k.py:10", false, false};
constexpr KernelInfo kPastEndFiberInfo{"write_past_end", "k.py:10", true, false};
constexpr KernelInfo kWrite2dInfo{"write_2d", "k.py:20", false, false};
constexpr KernelInfo kReturnsInfo{"returns_before_barrier", "k.py:30", true, false};
constexpr KernelInfo kTwoBarriersInfo{"two_barriers", "k.py:40", true, false};
constexpr KernelInfo kNoFibersInfo{"barrier_without_fibers", "k.py:50", false, false};
}  // namespace errors

namespace {

using emu_test::error_of;
using py2cuda::Array;
using py2cuda::KernelInfo;

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// Counts the objects a kernel's threads create and destroy: after a failed launch
// every thread, finished or abandoned, must have unwound its stack.
std::atomic<int> g_alive{0};
struct Tracked {
  Tracked() { ++g_alive; }
  Tracked(const Tracked&) = delete;
  Tracked& operator=(const Tracked&) = delete;
  ~Tracked() { --g_alive; }
};

__device__ float checked_value(int64_t i) {
  if (i == 77) throw std::runtime_error("device function failed for i = 77");
  return float(i);
}

__global__ void throws_in_one_thread(Array<float, 1> out) {
  Tracked alive;
  const int64_t i = py2cuda::grid1();
  if (i < out.size()) out(i) = checked_value(i);
}
constexpr KernelInfo kThrowsInfo{"throws_in_one_thread", "t.py:1", false, false};

__global__ void throws_between_barriers(Array<float, 1> out) {
  Tracked alive;
  const int64_t i = py2cuda::grid1();
  __syncthreads();
  if (i < out.size()) out(i) = checked_value(i);
  __syncthreads();
}
constexpr KernelInfo kThrowsFibersInfo{"throws_between_barriers", "t.py:5", true, false};

// Block 10 fails; records which blocks ran.
__global__ void fails_in_block_10(Array<int32_t, 1> ran) {
  ran(int64_t(blockIdx.x)) = 1;
  if (blockIdx.x == 10) throw std::runtime_error("block 10");
}
constexpr KernelInfo kFailsInfo{"fails_in_block_10", "t.py:10", false, false};

__global__ void launches_a_kernel(Array<int32_t, 1> ran) {
  py2cuda::launch(fails_in_block_10, {1, 1}, kFailsInfo, ran);
}
constexpr KernelInfo kLaunchesInfo{"launches_a_kernel", "t.py:15", false, false};

TEST(EmuErrors, OutOfBoundsAccessNamesThePythonLineKernelBlockAndThread) {
  emu_test::ScopedSettings restore;
  for (const bool in_order : {true, false}) {
    py2cuda::emu::set_deterministic(in_order);
    auto a = emu_test::filled<float>(8, 0.0f);
    const std::string message = error_of([&] {
      py2cuda::launch(errors::write_past_end, {2, 4}, errors::kPastEndInfo, a);
    });
    EXPECT_EQ(message,
              "k.py:12: out-of-bounds access: index 8 is outside dimension 0 of size 8 "
              "(kernel 'write_past_end' at k.py:10, block (1,0,0), thread (3,0,0))");
  }
}

TEST(EmuErrors, OutOfBoundsAccessInFiberMode) {
  auto a = emu_test::filled<float>(8, 0.0f);
  const std::string message = error_of([&] {
    py2cuda::launch(errors::write_past_end, {2, 4}, errors::kPastEndFiberInfo, a);
  });
  EXPECT_EQ(message,
            "k.py:12: out-of-bounds access: index 8 is outside dimension 0 of size 8 "
            "(kernel 'write_past_end' at k.py:10, block (1,0,0), thread (3,0,0))");
}

TEST(EmuErrors, OutOfBoundsNamesTheDimensionAndTheWrappedIndex) {
  auto a = py2cuda::device_array<float>(std::array<int64_t, 2>{3, 5});
  EXPECT_EQ(error_of([&] {
              py2cuda::launch(errors::write_2d, {1, 1}, errors::kWrite2dInfo, a, int64_t{1}, int64_t{5});
            }),
            "k.py:22: out-of-bounds access: index 5 is outside dimension 1 of size 5 "
            "(kernel 'write_2d' at k.py:20, block (0,0,0), thread (0,0,0))");
  // a[-4, 0]: -4 + 3 is still negative.
  EXPECT_EQ(error_of([&] {
              py2cuda::launch(errors::write_2d, {1, 1}, errors::kWrite2dInfo, a, int64_t{-4}, int64_t{0});
            }),
            "k.py:22: out-of-bounds access: index -1 is outside dimension 0 of size 3 "
            "(kernel 'write_2d' at k.py:20, block (0,0,0), thread (0,0,0))");
  // In range after wraparound: no error.
  py2cuda::launch(errors::write_2d, {1, 1}, errors::kWrite2dInfo, a, int64_t{-3}, int64_t{-5});
}

TEST(EmuErrors, BoundsCheckCanBeTurnedOff) {
  emu_test::ScopedSettings restore;
  py2cuda::emu::set_bounds_check(false);
  // A view of 4 elements over a buffer of 8: the access past the view stays in memory.
  auto buffer = emu_test::filled<float>(8, 0.0f);
  const Array<float, 1> view{buffer.data(), {4}, {1}};
  py2cuda::launch(errors::write_past_end, {1, 4}, errors::kPastEndInfo, view);
  EXPECT_EQ(buffer.copy_to_host()(4), 1.0f);
}

TEST(EmuErrors, OutOfBoundsInHostCode) {
  py2cuda::HostArray<int32_t, 1> h({3});
  const std::string message = error_of([&] { (void)h(3); });
  EXPECT_TRUE(contains(message, "out-of-bounds access: index 3 is outside dimension 0 of size 3 (host code)"))
      << message;
}

// As on a GPU (bar.sync waits for the threads that have not exited) and in Numba's
// simulator: the bounds test `if i >= n: return` before a barrier is no error.
TEST(EmuErrors, ThreadsThatReturnedCountAsArrivedAtABarrier) {
  auto a = emu_test::filled<float>(64, 0.0f);
  emu_test::within_seconds(30, [&] {
    py2cuda::launch(errors::returns_before_barrier, {2, 32}, errors::kReturnsInfo, a);
    return 0;
  });
  const auto values = a.copy_to_host();
  for (int i = 0; i < 64; ++i) EXPECT_EQ(values(i), i % 32 < 12 ? 12.0f : 0.0f) << "a[" << i << "]";
}

TEST(EmuErrors, ThreadsWaitingAtDifferentBarriersAreReportedNotHung) {
  auto a = emu_test::filled<float>(64, 0.0f);
  const std::string message = emu_test::within_seconds(30, [&] {
    return error_of([&] { py2cuda::launch(errors::two_barriers, {1, 40}, errors::kTwoBarriersInfo, a); });
  });
  EXPECT_EQ(message,
            "k.py:42: divergent barrier in kernel 'two_barriers' at k.py:40, block (0,0,0): "
            "20 threads (0,0,0), (2,0,0), (4,0,0), (6,0,0), ... and 16 more wait at the barrier at k.py:42; "
            "20 threads (1,0,0), (3,0,0), (5,0,0), (7,0,0), ... and 16 more wait at the barrier at k.py:44: "
            "the threads of a block must all reach the same barrier");
}

TEST(EmuErrors, BarrierInAKernelLaunchedWithoutFibers) {
  auto a = emu_test::filled<float>(4, 0.0f);
  const std::string message = error_of([&] {
    py2cuda::launch(errors::barrier_without_fibers, {1, 4}, errors::kNoFibersInfo, a);
  });
  EXPECT_TRUE(contains(message, "k.py:52: kernel 'barrier_without_fibers' at k.py:50 reached a barrier")) << message;
  EXPECT_TRUE(contains(message, "uses_barrier = false")) << message;
}

TEST(EmuErrors, ExceptionInOneThreadIsRethrownAndEveryStackUnwound) {
  emu_test::ScopedSettings restore;
  for (const bool in_order : {true, false}) {
    py2cuda::emu::set_deterministic(in_order);
    py2cuda::emu::set_worker_threads(3);
    for (const KernelInfo* info : {&kThrowsInfo, &kThrowsFibersInfo}) {
      auto out = emu_test::filled<float>(256, 0.0f);
      g_alive = 0;
      try {
        py2cuda::launch(info == &kThrowsInfo ? throws_in_one_thread : throws_between_barriers, {8, 32}, *info, out);
        ADD_FAILURE() << info->name << ": did not throw";
      } catch (const std::runtime_error& e) {
        EXPECT_STREQ(e.what(), "device function failed for i = 77") << info->name;
      }
      EXPECT_EQ(g_alive.load(), 0) << info->name << ": threads left objects alive";
    }
  }
}

TEST(EmuErrors, AFailedBlockStopsTheGrid) {
  emu_test::ScopedSettings restore;
  py2cuda::emu::set_deterministic(true);
  auto ran = emu_test::filled<int32_t>(100, 0);
  EXPECT_THROW(py2cuda::launch(fails_in_block_10, {100, 1}, kFailsInfo, ran), std::runtime_error);
  const auto r = ran.copy_to_host();
  for (int64_t b = 0; b < 100; ++b) EXPECT_EQ(r(b), b <= 10 ? 1 : 0) << "block " << b;

  // The pool, too, starts no block after the failure is seen (a few may be running).
  py2cuda::emu::set_deterministic(false);
  py2cuda::emu::set_worker_threads(2);
  auto many = emu_test::filled<int32_t>(100000, 0);
  EXPECT_THROW(py2cuda::launch(fails_in_block_10, {100000, 1}, kFailsInfo, many), std::runtime_error);
  const auto m = many.copy_to_host();
  int64_t started = 0;
  for (int64_t b = 0; b < 100000; ++b) started += m(b);
  EXPECT_LT(started, 100000);

  // And the next launch runs normally.
  auto a = emu_test::filled<float>(8, 0.0f);
  py2cuda::launch(errors::write_past_end, {1, 7}, errors::kPastEndInfo, a);
  EXPECT_EQ(a.copy_to_host()(7), 1.0f);
}

TEST(EmuErrors, LaunchFromAKernelIsRefused) {
  auto ran = emu_test::filled<int32_t>(1, 0);
  const std::string message = error_of([&] { py2cuda::launch(launches_a_kernel, {1, 1}, kLaunchesInfo, ran); });
  EXPECT_TRUE(contains(message,
                       "t.py:10: cannot launch kernel 'fails_in_block_10': launched from inside kernel "
                       "'launches_a_kernel' at t.py:15"))
      << message;
}

TEST(EmuErrors, TooMuchDynamicSharedMemory) {
  auto a = emu_test::filled<float>(8, 0.0f);
  const std::string message = error_of([&] {
    py2cuda::launch(errors::write_past_end, {1, 4, 48 * 1024 + 1}, errors::kPastEndInfo, a);
  });
  EXPECT_TRUE(contains(message, "k.py:10: cannot launch kernel 'write_past_end': 49153 bytes of dynamic shared memory"))
      << message;
}

TEST(EmuErrors, SettingsOutOfRangeAreRefused) {
  EXPECT_THROW(py2cuda::emu::set_worker_threads(5000), py2cuda::Error);
  EXPECT_THROW(py2cuda::emu::set_fiber_stack_size(100), py2cuda::Error);
}

TEST(EmuErrors, EnvironmentValuesAreParsedStrictly) {
  namespace d = py2cuda::emu::detail;
  const char* name = "PY2CUDA_EMU_TEST_SETTING";
  ::unsetenv(name);
  EXPECT_EQ(d::env_number(name, 1, 10, 7), 7u);
  EXPECT_TRUE(d::env_flag(name, true));
  ::setenv(name, "4", 1);
  EXPECT_EQ(d::env_number(name, 1, 10, 7), 4u);
  ::setenv(name, "11", 1);
  EXPECT_EQ(error_of([&] { d::env_number(name, 1, 10, 7); }),
            "py2cuda: PY2CUDA_EMU_TEST_SETTING='11' is not understood: expected a whole number from 1 to 10");
  ::setenv(name, "-1", 1);
  EXPECT_THROW(d::env_number(name, 1, 10, 7), py2cuda::Error);
  ::setenv(name, "Off", 1);
  EXPECT_FALSE(d::env_flag(name, true));
  ::setenv(name, "1", 1);
  EXPECT_TRUE(d::env_flag(name, false));
  ::setenv(name, "maybe", 1);
  EXPECT_THROW(d::env_flag(name, false), py2cuda::Error);
  ::unsetenv(name);
}

}  // namespace

// ---- the kernels "in k.py" ----------------------------------------------------------
// Nothing may follow them: after a #line directive every line belongs to k.py.
namespace errors {

#line 10 "k.py"
__global__ void write_past_end(Array<float, 1> a) {
  const int64_t i = py2cuda::grid1() + 1;
  a(i) = 1.0f;
}

#line 20 "k.py"
__global__ void write_2d(Array<float, 2> a, int64_t row, int64_t col) {
  const float value = 2.0f;
  a.at(row, col) = value;
}

#line 30 "k.py"
__global__ void returns_before_barrier(Array<float, 1> a) {
  if (threadIdx.x >= 12) {
    return;
  }
  __syncthreads();
  // Two barriers after the returns: the count is of the threads still running.
  a(py2cuda::grid1()) = static_cast<float>(__syncthreads_count(1));
}

#line 40 "k.py"
__global__ void two_barriers(Array<float, 1> a) {
  if (threadIdx.x % 2 == 0) {
    __syncthreads();
  } else {
    __syncthreads();
  }
  a(py2cuda::grid1()) = 1.0f;
}

#line 50 "k.py"
__global__ void barrier_without_fibers(Array<float, 1> a) {
  a(py2cuda::grid1()) = 1.0f;
  __syncthreads();
}

}  // namespace errors
