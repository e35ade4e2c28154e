// The CPU emulation backend, loop mode (kernels without barriers or warp collectives):
// indexing built-ins in 1-D, 2-D and 3-D grids and blocks, grid-stride loops over sizes
// that are not multiples of the grid, argument passing, the thread pool and the
// deterministic order, cuda.laneid, device memory, and launch validation. Kernels are
// written as the translator emits them, and launched mostly as it does
// (py2cuda::launch<kernel>, the kernel inlined into the loop), some through a pointer.

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "../emulation/emu_test_support.h"

namespace {

using py2cuda::Array;
using py2cuda::KernelInfo;

// ---- kernels ----------------------------------------------------------------------

__global__ void add_grid_stride(Array<float, 1> x, Array<float, 1> y, Array<float, 1> out) {
  const int64_t start = py2cuda::grid1();
  const int64_t stride = py2cuda::gridsize1();
  for (int64_t i = start; i < out.size(); i += stride) {
    out(i) = x(i) + y(i);
  }
}
constexpr KernelInfo kAddInfo{"add_grid_stride", "loop.py:3", false, false};

// Each thread writes its threadIdx/blockIdx into the cell its grid3() position names.
__global__ void record_indices_3d(Array<int32_t, 4> out) {
  py2cuda::tuple<int64_t, int64_t, int64_t> pos = py2cuda::grid3();
  const int64_t x = py2cuda::get<0>(pos), y = py2cuda::get<1>(pos), z = py2cuda::get<2>(pos);
  out(z, y, x, 0) = int32_t(threadIdx.x);
  out(z, y, x, 1) = int32_t(threadIdx.y);
  out(z, y, x, 2) = int32_t(threadIdx.z);
  out(z, y, x, 3) = int32_t(blockIdx.x);
  out(z, y, x, 4) = int32_t(blockIdx.y);
  out(z, y, x, 5) = int32_t(blockIdx.z);
  out(z, y, x, 6) = int32_t(blockDim.x) * 100 + int32_t(blockDim.y) * 10 + int32_t(blockDim.z);
  out(z, y, x, 7) = int32_t(gridDim.x) * 100 + int32_t(gridDim.y) * 10 + int32_t(gridDim.z);
}
constexpr KernelInfo kRecordInfo{"record_indices_3d", "loop.py:10", false, false};

__global__ void matrix_add_2d(Array<float, 2> a, Array<float, 2> b, Array<float, 2> out) {
  py2cuda::tuple<int64_t, int64_t> pos = py2cuda::grid2();
  const int64_t x = py2cuda::get<0>(pos), y = py2cuda::get<1>(pos);
  if (x < out.shape[0] && y < out.shape[1]) {
    out(x, y) = a(x, y) + b(x, y);
  }
}
constexpr KernelInfo kMatrixInfo{"matrix_add_2d", "loop.py:20", false, false};

// Scalars of several types, and a read-only view, reach every thread unchanged.
__global__ void scale(Array<const double, 1> x, double factor, int32_t offset, bool negate, Array<double, 1> out) {
  const int64_t i = py2cuda::grid1();
  if (i < out.size()) {
    const double v = x(i) * factor + double(offset);
    out(i) = negate ? -v : v;
  }
}
constexpr KernelInfo kScaleInfo{"scale", "loop.py:30", false, false};

// A kernel may modify its by-value parameters: each thread has its own copies.
__global__ void modify_parameter(int64_t n, Array<int64_t, 1> out) {
  n += py2cuda::grid1();
  out(py2cuda::grid1()) = n;
}
constexpr KernelInfo kModifyInfo{"modify_parameter", "loop.py:35", false, false};

// Records, per block, the order in which blocks ran and the OS thread that ran them.
std::atomic<int64_t> g_block_counter{0};
std::vector<std::thread::id> g_block_thread;

__global__ void record_block_order(Array<int64_t, 1> order) {
  if (threadIdx.x == 0 && threadIdx.y == 0) {
    const int64_t block = int64_t(blockIdx.x) + int64_t(blockIdx.y) * int64_t(gridDim.x);
    order(block) = g_block_counter.fetch_add(1);
    g_block_thread[static_cast<std::size_t>(block)] = std::this_thread::get_id();
  }
}
constexpr KernelInfo kOrderInfo{"record_block_order", "loop.py:40", false, false};

// Block 0 waits (up to 10 s) until a block has run on another OS thread; the other
// blocks wait (as long) until block 0 has started.
std::atomic<bool> g_other_thread_ran{false};
std::atomic<std::thread::id> g_block0_thread{};

__global__ void wait_for_company(Array<int32_t, 1> flags) {
  if (blockIdx.x == 0) {
    g_block0_thread.store(std::this_thread::get_id());
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (!g_other_thread_ran.load() && std::chrono::steady_clock::now() < deadline) std::this_thread::yield();
    flags(0) = g_other_thread_ran.load() ? 1 : 0;
  } else {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (g_block0_thread.load() == std::thread::id{} && std::chrono::steady_clock::now() < deadline) {
      std::this_thread::yield();
    }
    if (g_block0_thread.load() != std::this_thread::get_id()) g_other_thread_ran.store(true);
  }
}
constexpr KernelInfo kCompanyInfo{"wait_for_company", "loop.py:50", false, false};

__global__ void lanes(Array<int32_t, 1> lane) {
  const int64_t linear = int64_t(threadIdx.x) + int64_t(threadIdx.y) * int64_t(blockDim.x);
  lane(linear) = py2cuda::laneid();
}
constexpr KernelInfo kLanesInfo{"lanes", "loop.py:60", false, false};

// Numba's complex division by zero raises ZeroDivisionError; in a kernel built without
// debug=True the thread just returns there (thread_exit.h). Threads dividing by zero stop
// before their store; the others go on; the launch succeeds.
__global__ void divide_or_stop(Array<py2cuda::complex128, 1> num, Array<py2cuda::complex128, 1> den,
                               Array<py2cuda::complex128, 1> out, Array<int32_t, 1> reached) {
  const int64_t i = py2cuda::grid1();
  if (i < out.size()) {
    out(i) = num(i) / den(i);
    reached(i) = 1;
  }
}
constexpr KernelInfo kDivideInfo{"divide_or_stop", "loop.py:30", false, false};

// The same stop in a grid-stride loop that loop mode runs trip by trip (KernelInfo::grid_stride,
// written as the translator writes a marked loop): a thread that stops on one trip runs none
// of its later trips, the other threads all of theirs.
__global__ void divide_grid_stride(Array<py2cuda::complex128, 1> num, Array<py2cuda::complex128, 1> den,
                                   Array<py2cuda::complex128, 1> out) {
  const int64_t step = py2cuda::gridsize1();
  for (int64_t i = py2cuda::grid_stride_first(py2cuda::grid1(), step); i < out.size();
       py2cuda::grid_stride_next(i, step)) {
    out(i) = num(i) / den(i);
  }
}
constexpr KernelInfo kDivideStrideInfo{.name = "divide_grid_stride", .location = "loop.py:40", .grid_stride = true};

// The same kernels marked KernelInfo::independent_threads, which loop mode runs a row of
// blocks at a time, a row of threads of each block in turn.
constexpr KernelInfo kRecordRowsInfo{.name = "record_indices_3d", .location = "loop.py:10", .independent_threads = true};
constexpr KernelInfo kDivideRowsInfo{.name = "divide_or_stop", .location = "loop.py:30", .independent_threads = true};

// Writes 1 into a 2-D array at its thread's grid2() position, but a thread in row `first_row`
// of block `first_block` and one in row `second_row` of block `second_block` (x) subscript past
// the end of the array's rows.
__global__ void mark_or_overrun(Array<int32_t, 2> out, int64_t first_block, int64_t first_row, int64_t second_block,
                                int64_t second_row) {
  py2cuda::tuple<int64_t, int64_t> pos = py2cuda::grid2();
  const int64_t x = py2cuda::get<0>(pos), y = py2cuda::get<1>(pos);
  const bool overruns = (int64_t(blockIdx.x) == first_block && int64_t(threadIdx.y) == first_row) ||
                        (int64_t(blockIdx.x) == second_block && int64_t(threadIdx.y) == second_row);
  out(overruns ? out.shape[0] + int64_t(blockIdx.x) : y, x) = 1;
}
constexpr KernelInfo kOverrunInfo{.name = "mark_or_overrun", .location = "loop.py:70", .independent_threads = true};

// ---- tests --------------------------------------------------------------------------

TEST(EmuLoop, ComplexDivisionByZeroEndsOnlyThatThread) {
  const int64_t n = 70;
  py2cuda::HostArray<py2cuda::complex128, 1> num({n}), den({n});
  for (int64_t i = 0; i < n; ++i) {
    num(i) = py2cuda::complex128(double(i), 1.0);
    den(i) = i % 3 == 0 ? py2cuda::complex128(0.0, -0.0) : py2cuda::complex128(2.0, 0.0);
  }
  auto dnum = py2cuda::to_device(num), dden = py2cuda::to_device(den);
  auto out = emu_test::filled<py2cuda::complex128>(n, py2cuda::complex128(-7.0, -7.0));
  auto reached = emu_test::filled<int32_t>(n, 0);
  py2cuda::launch(divide_or_stop, {3, 32}, kDivideInfo, dnum, dden, out, reached);
  const auto r = out.copy_to_host();
  const auto hit = reached.copy_to_host();
  for (int64_t i = 0; i < n; ++i) {
    if (i % 3 == 0) {
      EXPECT_EQ(r(i), py2cuda::complex128(-7.0, -7.0)) << i;
      EXPECT_EQ(hit(i), 0) << i;
    } else {
      EXPECT_EQ(r(i), py2cuda::complex128(double(i) / 2.0, 0.5)) << i;
      EXPECT_EQ(hit(i), 1) << i;
    }
  }
}

TEST(EmuLoop, GridStrideThreadThatStopsRunsNoLaterTrip) {
  const int64_t n = 200;  // 32 threads: 6 or 7 trips each
  py2cuda::HostArray<py2cuda::complex128, 1> num({n}), den({n});
  for (int64_t i = 0; i < n; ++i) {
    num(i) = py2cuda::complex128(double(i), 1.0);
    // thread 5 stops on its first trip, thread 8 on its second (element 40)
    den(i) = i == 5 || i == 40 ? py2cuda::complex128(0.0, 0.0) : py2cuda::complex128(2.0, 0.0);
  }
  auto dnum = py2cuda::to_device(num), dden = py2cuda::to_device(den);
  const bool saved = py2cuda::emu::deterministic();
  for (const bool deterministic : {true, false}) {
    py2cuda::emu::set_deterministic(deterministic);
    auto out = emu_test::filled<py2cuda::complex128>(n, py2cuda::complex128(-7.0, -7.0));
    py2cuda::launch<divide_grid_stride>({2, 16}, kDivideStrideInfo, dnum, dden, out);
    const auto r = out.copy_to_host();
    for (int64_t i = 0; i < n; ++i) {
      const bool stopped = i % 32 == 5 || (i % 32 == 8 && i >= 40);
      EXPECT_EQ(r(i), stopped ? py2cuda::complex128(-7.0, -7.0) : py2cuda::complex128(double(i) / 2.0, 0.5))
          << i << " deterministic " << deterministic;
    }
  }
  py2cuda::emu::set_deterministic(saved);
}

// A marked loop runs one trip a call in the emulation; launched without .grid_stride (never
// emitted so) it must not silently run only its first trip.
TEST(EmuLoop, GridStrideLoopWithoutItsFlagIsAnInternalError) {
  auto num = emu_test::filled<py2cuda::complex128>(8, py2cuda::complex128(1.0, 0.0));
  auto out = emu_test::filled<py2cuda::complex128>(8, py2cuda::complex128(0.0, 0.0));
  const KernelInfo unmarked{.name = "divide_grid_stride", .location = "loop.py:40"};
  std::string message;
  try {
    py2cuda::launch<divide_grid_stride>({1, 4}, unmarked, num, num, out);
  } catch (const py2cuda::Error& e) {
    message = e.what();
  }
  EXPECT_NE(message.find("outside a trip-by-trip launch"), std::string::npos) << message;
}

TEST(EmuLoop, GridStrideLoopCoversSizesThatAreNotMultiplesOfTheGrid) {
  for (const int64_t n : {int64_t{1}, int64_t{31}, int64_t{1000}, int64_t{4099}}) {
    for (const uint32_t blocks : {1u, 3u, 7u}) {
      for (const uint32_t threads : {1u, 32u, 100u}) {
        auto x = emu_test::filled<float>(n, 1.5f);
        auto y = emu_test::filled<float>(n, 2.0f);
        auto out = emu_test::filled<float>(n, -1.0f);
        py2cuda::launch<add_grid_stride>({blocks, threads}, kAddInfo, x, y, out);
        const py2cuda::HostArray<float, 1> result = out.copy_to_host();
        for (int64_t i = 0; i < n; ++i) {
          ASSERT_EQ(result(i), 3.5f) << "n=" << n << " blocks=" << blocks << " threads=" << threads << " i=" << i;
        }
      }
    }
  }
}

TEST(EmuLoop, ThreeDimensionalGridsAndBlocks) {
  const py2cuda::Dim3 grid(3, 2, 2), block(4, 3, 2);
  const int64_t nx = 12, ny = 6, nz = 4;
  auto out = py2cuda::device_array<int32_t>(std::array<int64_t, 4>{nz, ny, nx, 8});
  py2cuda::launch<record_indices_3d>({grid, block}, kRecordInfo, out);
  const py2cuda::HostArray<int32_t, 4> r = out.copy_to_host();
  for (int64_t z = 0; z < nz; ++z) {
    for (int64_t y = 0; y < ny; ++y) {
      for (int64_t x = 0; x < nx; ++x) {
        EXPECT_EQ(r(z, y, x, 0), x % 4);
        EXPECT_EQ(r(z, y, x, 1), y % 3);
        EXPECT_EQ(r(z, y, x, 2), z % 2);
        EXPECT_EQ(r(z, y, x, 3), x / 4);
        EXPECT_EQ(r(z, y, x, 4), y / 3);
        EXPECT_EQ(r(z, y, x, 5), z / 2);
        EXPECT_EQ(r(z, y, x, 6), 432);
        EXPECT_EQ(r(z, y, x, 7), 322);
      }
    }
  }
}

TEST(EmuLoop, TwoDimensionalGridWithPartialBlocks) {
  const int64_t rows = 37, cols = 53;
  py2cuda::HostArray<float, 2> a({rows, cols}), b({rows, cols});
  for (int64_t i = 0; i < rows; ++i) {
    for (int64_t j = 0; j < cols; ++j) {
      a(i, j) = float(i);
      b(i, j) = float(j) * 1000.0f;
    }
  }
  auto da = py2cuda::to_device(a), db = py2cuda::to_device(b);
  auto dout = py2cuda::device_array<float>(std::array<int64_t, 2>{rows, cols});
  py2cuda::launch<matrix_add_2d>({py2cuda::Dim3(5, 7), py2cuda::Dim3(8, 8)}, kMatrixInfo, da, db, dout);
  const py2cuda::HostArray<float, 2> out = dout.copy_to_host();
  for (int64_t i = 0; i < rows; ++i) {
    for (int64_t j = 0; j < cols; ++j) ASSERT_EQ(out(i, j), float(i) + float(j) * 1000.0f);
  }
}

// A kernel whose threads are independent runs a row of blocks a row of threads at a time;
// every thread still runs once, with its own indices, on grids whose x dimension is not a
// multiple of the blocks run together (4096 threads' worth: 16 blocks of 64 x 4 here).
TEST(EmuLoop, IndependentThreadsRunOnceEachWhenBlocksOfARowRunTogether) {
  emu_test::ScopedSettings restore;
  struct Shape {
    py2cuda::Dim3 grid, block;
  };
  for (const Shape& shape : {Shape{py2cuda::Dim3(3, 2, 2), py2cuda::Dim3(4, 3, 2)},
                             Shape{py2cuda::Dim3(37, 2, 1), py2cuda::Dim3(64, 4, 1)},
                             Shape{py2cuda::Dim3(1, 3, 1), py2cuda::Dim3(16, 16, 1)}}) {
    for (const bool deterministic : {true, false}) {
      py2cuda::emu::set_deterministic(deterministic);
      const int64_t nx = int64_t{shape.grid.x} * shape.block.x, ny = int64_t{shape.grid.y} * shape.block.y,
                    nz = int64_t{shape.grid.z} * shape.block.z;
      py2cuda::HostArray<int32_t, 4> blank({nz, ny, nx, 8});
      for (int64_t i = 0; i < blank.size(); ++i) blank.data()[i] = -1;
      auto out = py2cuda::to_device(blank);
      py2cuda::launch<record_indices_3d>({shape.grid, shape.block}, kRecordRowsInfo, out);
      const py2cuda::HostArray<int32_t, 4> r = out.copy_to_host();
      const int32_t block_dims = int32_t(shape.block.x) * 100 + int32_t(shape.block.y) * 10 + int32_t(shape.block.z);
      const int32_t grid_dims = int32_t(shape.grid.x) * 100 + int32_t(shape.grid.y) * 10 + int32_t(shape.grid.z);
      for (int64_t z = 0; z < nz; ++z) {
        for (int64_t y = 0; y < ny; ++y) {
          for (int64_t x = 0; x < nx; ++x) {
            const std::array<int64_t, 8> expected{x % shape.block.x, y % shape.block.y, z % shape.block.z,
                                                  x / shape.block.x, y / shape.block.y, z / shape.block.z,
                                                  block_dims,        grid_dims};
            for (int64_t k = 0; k < 8; ++k) {
              ASSERT_EQ(r(z, y, x, k), expected[static_cast<std::size_t>(k)])
                  << "(" << z << ", " << y << ", " << x << ") field " << k << " deterministic " << deterministic;
            }
          }
        }
      }
    }
  }
}

// A thread that ends early (Numba's silent return) ends only itself in an interleaved row.
TEST(EmuLoop, IndependentThreadThatStopsEndsOnlyItselfInARowOfBlocks) {
  const int64_t n = 200;
  py2cuda::HostArray<py2cuda::complex128, 1> num({n}), den({n});
  for (int64_t i = 0; i < n; ++i) {
    num(i) = py2cuda::complex128(double(i), 1.0);
    den(i) = i % 7 == 2 ? py2cuda::complex128(0.0, 0.0) : py2cuda::complex128(2.0, 0.0);
  }
  auto dnum = py2cuda::to_device(num), dden = py2cuda::to_device(den);
  auto out = emu_test::filled<py2cuda::complex128>(n, py2cuda::complex128(-7.0, -7.0));
  auto reached = emu_test::filled<int32_t>(n, 0);
  py2cuda::launch<divide_or_stop>({7, 32}, kDivideRowsInfo, dnum, dden, out, reached);
  const auto r = out.copy_to_host();
  const auto hit = reached.copy_to_host();
  for (int64_t i = 0; i < n; ++i) {
    const bool stopped = i % 7 == 2;
    EXPECT_EQ(r(i), stopped ? py2cuda::complex128(-7.0, -7.0) : py2cuda::complex128(double(i) / 2.0, 0.5)) << i;
    EXPECT_EQ(hit(i), stopped ? 0 : 1) << i;
  }
}

// Interleaved, a later block may fail first (block 5 in its first row of threads, before block
// 2 reaches its fourth); the launch still reports what running the blocks one at a time would:
// the lowest failing block's first failure.
TEST(EmuLoop, IndependentThreadsReportTheFailureOfTheLowestBlock) {
  emu_test::ScopedSettings restore;
  for (const bool deterministic : {true, false}) {
    py2cuda::emu::set_deterministic(deterministic);
    auto out = py2cuda::device_array<int32_t>(std::array<int64_t, 2>{16, 8 * 9});
    const std::string message = emu_test::error_of([&] {
      py2cuda::launch<mark_or_overrun>({py2cuda::Dim3(9, 2), py2cuda::Dim3(8, 8)}, kOverrunInfo, out, int64_t{5},
                                       int64_t{0}, int64_t{2}, int64_t{3});
    });
    EXPECT_NE(message.find("out-of-bounds access: index 18 is outside dimension 0 of size 16"),
              std::string::npos)
        << message;
    EXPECT_NE(message.find("block (2,0,0), thread (0,3,0)"), std::string::npos) << message;
  }
}

TEST(EmuLoop, ScalarArgumentsAndReadOnlyViews) {
  auto x = emu_test::filled<double>(10, 2.0);
  auto out = emu_test::filled<double>(10, 0.0);
  py2cuda::launch<scale>({1, 16}, kScaleInfo, x, 0.25, int32_t{3}, true, out);
  const auto r = out.copy_to_host();
  for (int64_t i = 0; i < 10; ++i) EXPECT_EQ(r(i), -3.5);
}

TEST(EmuLoop, EachThreadGetsItsOwnCopyOfTheParameters) {
  auto out = emu_test::filled<int64_t>(64, 0);
  py2cuda::launch<modify_parameter>({2, 32}, kModifyInfo, int64_t{100}, out);
  const auto r = out.copy_to_host();
  for (int64_t i = 0; i < 64; ++i) EXPECT_EQ(r(i), 100 + i);
}

TEST(EmuLoop, DeterministicModeRunsBlocksInOrderOnTheCallingThread) {
  emu_test::ScopedSettings restore;
  py2cuda::emu::set_deterministic(true);
  py2cuda::emu::set_worker_threads(4);
  const uint32_t gx = 13, gy = 5;
  auto order = emu_test::filled<int64_t>(gx * gy, -1);
  g_block_counter = 0;
  g_block_thread.assign(gx * gy, std::thread::id{});
  py2cuda::launch(record_block_order, {py2cuda::Dim3(gx, gy), py2cuda::Dim3(2, 2)}, kOrderInfo, order);
  const auto r = order.copy_to_host();
  for (int64_t b = 0; b < gx * gy; ++b) {
    EXPECT_EQ(r(b), b) << "blocks run x fastest, then y";
    EXPECT_EQ(g_block_thread[static_cast<std::size_t>(b)], std::this_thread::get_id());
  }
}

TEST(EmuLoop, ManyBlocksOnThePool) {
  emu_test::ScopedSettings restore;
  py2cuda::emu::set_deterministic(false);
  py2cuda::emu::set_worker_threads(4);
  const uint32_t blocks = 5000;
  auto order = emu_test::filled<int64_t>(blocks, -1);
  g_block_counter = 0;
  g_block_thread.assign(blocks, std::thread::id{});
  py2cuda::launch(record_block_order, {blocks, 64}, kOrderInfo, order);
  const auto r = order.copy_to_host();
  std::vector<int64_t> seen(r.data(), r.data() + blocks);
  std::sort(seen.begin(), seen.end());
  for (int64_t b = 0; b < blocks; ++b) ASSERT_EQ(seen[static_cast<std::size_t>(b)], b) << "every block ran once";
  const std::set<std::thread::id> threads(g_block_thread.begin(), g_block_thread.end());
  EXPECT_LE(threads.size(), 4u);
  EXPECT_EQ(threads.count(std::thread::id{}), 0u);

  // And the results of a real kernel over many blocks are right.
  const int64_t n = 100000;
  auto x = emu_test::filled<float>(n, 1.0f), y = emu_test::filled<float>(n, 2.0f),
       out = emu_test::filled<float>(n, 0.0f);
  py2cuda::launch(add_grid_stride, {(n + 127) / 128, 128}, kAddInfo, x, y, out);
  const auto sum = out.copy_to_host();
  EXPECT_EQ(std::count(sum.data(), sum.data() + n, 3.0f), n);
}

TEST(EmuLoop, BlocksRunConcurrentlyOnThePool) {
  emu_test::ScopedSettings restore;
  py2cuda::emu::set_deterministic(false);
  py2cuda::emu::set_worker_threads(3);
  g_other_thread_ran = false;
  g_block0_thread = std::thread::id{};
  auto flags = emu_test::filled<int32_t>(1, 0);
  py2cuda::launch(wait_for_company, {200, 1}, kCompanyInfo, flags);
  EXPECT_EQ(flags.copy_to_host()(0), 1) << "while block 0 ran, no block ran on another OS thread";
}

TEST(EmuLoop, ThreadCountSettingIsAppliedAtTheNextLaunch) {
  emu_test::ScopedSettings restore;
  py2cuda::emu::set_deterministic(false);
  for (const unsigned threads : {1u, 2u, 5u}) {
    py2cuda::emu::set_worker_threads(threads);
    EXPECT_EQ(py2cuda::emu::worker_threads(), threads);
    const uint32_t blocks = 300;
    auto order = emu_test::filled<int64_t>(blocks, -1);
    g_block_counter = 0;
    g_block_thread.assign(blocks, std::thread::id{});
    py2cuda::launch(record_block_order, {blocks, 8}, kOrderInfo, order);
    const std::set<std::thread::id> used(g_block_thread.begin(), g_block_thread.end());
    EXPECT_LE(used.size(), threads);
    EXPECT_EQ(g_block_counter.load(), blocks);
  }
}

TEST(EmuLoop, LaneIdIsTheLinearThreadIndexModulo32) {
  const int64_t n = 10 * 7;
  auto lane = emu_test::filled<int32_t>(n, -1);
  py2cuda::launch<lanes>({py2cuda::Dim3(1), py2cuda::Dim3(10, 7)}, kLanesInfo, lane);
  const auto r = lane.copy_to_host();
  for (int64_t i = 0; i < n; ++i) EXPECT_EQ(r(i), i % 32);
  EXPECT_EQ(py2cuda::warpsize, 32);
  EXPECT_EQ(warpSize, 32);
}

TEST(EmuLoop, LaunchesAreValidatedLikeOnTheGpu) {
  auto out = emu_test::filled<float>(4, 0.0f);
  const std::string message = emu_test::error_of([&] {
    py2cuda::launch(add_grid_stride, {1, 2048}, kAddInfo, out, out, out);
  });
  EXPECT_NE(message.find("loop.py:3: cannot launch kernel 'add_grid_stride'"), std::string::npos) << message;
  EXPECT_NE(message.find("more than the limit of 1024"), std::string::npos) << message;
}

TEST(EmuLoop, DeviceMemoryIsAlignedHostMemory) {
  void* p = py2cuda::backend::device_alloc(1000);
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % 256, 0u);
  const std::array<int, 3> src{1, 2, 3};
  std::array<int, 3> back{};
  py2cuda::backend::copy_host_to_device(p, src.data(), sizeof src);
  py2cuda::backend::copy_device_to_device(static_cast<char*>(p) + 100, p, sizeof src);
  py2cuda::backend::copy_device_to_host(back.data(), static_cast<char*>(p) + 100, sizeof back);
  EXPECT_EQ(back, src);
  py2cuda::backend::device_free(p);
  EXPECT_EQ(py2cuda::backend::device_alloc(0), nullptr);
  py2cuda::synchronize();  // nothing to wait for: launches are synchronous
}

}  // namespace
