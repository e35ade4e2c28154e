// The CPU emulation backend, fiber mode (kernels with barriers): __syncthreads() in
// straight code, in loops and in branches every thread takes; static __shared__ arrays
// (a block reduction, a tile transpose); dynamic shared memory; the counting barrier
// variants; many blocks at once on the pool. Kernels are written as the translator
// emits them.

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <numeric>
#include <string>
#include <vector>

#include "../emulation/emu_test_support.h"
#include "py2cuda/emu/stack_pool.h"

namespace {

using py2cuda::Array;
using py2cuda::KernelInfo;

constexpr int32_t kReduceThreads = 128;

// Sum of each block's elements: a shared-memory tree, a barrier per level (in a loop).
__global__ void block_sum(Array<float, 1> x, Array<float, 1> partial) {
  __shared__ float cache[kReduceThreads];
  const int32_t t = int32_t(threadIdx.x);
  const int64_t i = py2cuda::grid1();
  cache[t] = i < x.size() ? x(i) : 0.0f;
  __syncthreads();
  for (int32_t step = int32_t(blockDim.x) / 2; step > 0; step /= 2) {
    if (t < step) {
      cache[t] += cache[t + step];
    }
    __syncthreads();
  }
  if (t == 0) {
    partial(int64_t(blockIdx.x)) = cache[0];
  }
}
constexpr KernelInfo kSumInfo{"block_sum", "fibers.py:5", true, false};

constexpr int32_t kTile = 16;

// Transposes through a padded shared tile (bank-conflict padding, as in the course).
__global__ void transpose_tiled(Array<float, 2> in, Array<float, 2> out) {
  __shared__ float tile[kTile][kTile + 1];
  int64_t col = int64_t(blockIdx.x) * kTile + int64_t(threadIdx.x);
  int64_t row = int64_t(blockIdx.y) * kTile + int64_t(threadIdx.y);
  if (row < in.shape[0] && col < in.shape[1]) {
    tile[threadIdx.y][threadIdx.x] = in(row, col);
  }
  __syncthreads();
  col = int64_t(blockIdx.y) * kTile + int64_t(threadIdx.x);
  row = int64_t(blockIdx.x) * kTile + int64_t(threadIdx.y);
  if (row < out.shape[0] && col < out.shape[1]) {
    out(row, col) = tile[threadIdx.x][threadIdx.y];
  }
}
constexpr KernelInfo kTransposeInfo{"transpose_tiled", "fibers.py:20", true, false};

// Barriers inside a branch that every thread takes, and a loop whose trip count every
// thread reads from memory: each round, thread t reads what its neighbour wrote.
__global__ void rotate_rounds(Array<int32_t, 1> rounds, Array<int32_t, 1> out) {
  __shared__ int32_t ring[64];
  const int32_t t = int32_t(threadIdx.x);
  const int32_t n = int32_t(blockDim.x);
  ring[t] = t;
  if (rounds(0) >= 0) {  // true for every thread
    __syncthreads();
  }
  for (int32_t r = 0; r < rounds(0); ++r) {
    const int32_t next = ring[(t + 1) % n];
    __syncthreads();
    ring[t] = next;
    __syncthreads();
  }
  out(int64_t(blockIdx.x) * n + t) = ring[t];
}
constexpr KernelInfo kRotateInfo{"rotate_rounds", "fibers.py:40", true, false};

// Reverses each block's slice through dynamic shared memory.
__global__ void reverse_dynamic(Array<int32_t, 1> x, Array<int32_t, 1> out, Array<int64_t, 1> misaligned) {
  int32_t* buffer = py2cuda::dynamic_shared<int32_t>();
  const int32_t t = int32_t(threadIdx.x);
  const int64_t i = py2cuda::grid1();
  buffer[t] = x(i);
  if (reinterpret_cast<uintptr_t>(buffer) % 16 != 0) misaligned(0) = 1;
  __syncthreads();
  out(i) = buffer[int32_t(blockDim.x) - 1 - t];
}
constexpr KernelInfo kReverseInfo{"reverse_dynamic", "fibers.py:55", true, false};

// cuda.shared.array(0, float64) as the translator emits it: a view of the launch's
// dynamic shared memory, as long as the launch's byte count allows.
__global__ void rotate_dynamic_array(Array<double, 1> x, Array<int64_t, 1> length) {
  Array<double, 1> buffer = py2cuda::dynamic_shared_array<double>();
  const int64_t t = int64_t(threadIdx.x);
  buffer(t) = x(t);
  __syncthreads();
  x(t) = buffer((t + 1) % int64_t(blockDim.x));
  if (t == 0) length(0) = buffer.shape[0];
}
constexpr KernelInfo kRotateDynamicInfo{"rotate_dynamic_array", "fibers.py:62", true, false};

__global__ void counting_barriers(Array<int32_t, 1> out) {
  const int32_t t = int32_t(threadIdx.x);
  const int32_t count = __syncthreads_count(t % 3 == 0);
  const int32_t all = __syncthreads_and(t < 1000);
  const int32_t any = __syncthreads_or(t == 5);
  const int32_t none = __syncthreads_or(0);
  if (t == 0) {
    out(0) = count;
    out(1) = all;
    out(2) = any;
    out(3) = none;
  }
}
constexpr KernelInfo kCountingInfo{"counting_barriers", "fibers.py:70", true, false};

// 2-D blocks: each thread sums its row of the block through shared memory.
__global__ void row_sums_2d(Array<int32_t, 2> out) {
  __shared__ int32_t cells[8][8];
  const int32_t x = int32_t(threadIdx.x), y = int32_t(threadIdx.y);
  cells[y][x] = y * 8 + x + int32_t(blockIdx.x);
  __syncthreads();
  int32_t sum = 0;
  for (int32_t k = 0; k < int32_t(blockDim.x); ++k) sum += cells[y][k];
  out(int64_t(blockIdx.x) * 8 + y, x) = sum;
}
constexpr KernelInfo kRowSumsInfo{"row_sums_2d", "fibers.py:85", true, false};

float run_block_sum(int64_t n, uint32_t blocks_wanted = 0) {
  std::vector<float> values(static_cast<std::size_t>(n));
  std::iota(values.begin(), values.end(), 1.0f);
  auto x = py2cuda::to_device(values.data(), std::array<int64_t, 1>{n});
  const uint32_t blocks =
      blocks_wanted ? blocks_wanted : static_cast<uint32_t>((n + kReduceThreads - 1) / kReduceThreads);
  auto partial = emu_test::filled<float>(blocks, 0.0f);
  py2cuda::launch(block_sum, {blocks, kReduceThreads}, kSumInfo, x, partial);
  const auto p = partial.copy_to_host();
  double total = 0;
  for (uint32_t b = 0; b < blocks; ++b) total += p(b);
  return static_cast<float>(total);
}

TEST(EmuFibers, SharedMemoryReductionWithBarriersInALoop) {
  EXPECT_EQ(run_block_sum(128), 128.0f * 129.0f / 2.0f);
  EXPECT_EQ(run_block_sum(1000), 1000.0f * 1001.0f / 2.0f);  // the last block is partial
}

TEST(EmuFibers, ManyBlocksAtOnceEachWithItsOwnSharedMemory) {
  emu_test::ScopedSettings restore;
  py2cuda::emu::set_deterministic(false);
  py2cuda::emu::set_worker_threads(4);
  const int64_t n = 128 * 400;
  EXPECT_EQ(run_block_sum(n), static_cast<float>(static_cast<double>(n) * (n + 1) / 2));
}

TEST(EmuFibers, DeterministicModeGivesTheSameResults) {
  emu_test::ScopedSettings restore;
  py2cuda::emu::set_deterministic(true);
  EXPECT_EQ(run_block_sum(5000), 5000.0f * 5001.0f / 2.0f);
}

TEST(EmuFibers, TileTransposeWithPaddedStaticSharedTile) {
  const int64_t rows = 37, cols = 53;
  py2cuda::HostArray<float, 2> in({rows, cols});
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t c = 0; c < cols; ++c) in(r, c) = float(r * 1000 + c);
  }
  auto din = py2cuda::to_device(in);
  auto dout = py2cuda::device_array<float>(std::array<int64_t, 2>{cols, rows});
  const py2cuda::Dim3 grid((cols + kTile - 1) / kTile, (rows + kTile - 1) / kTile);
  py2cuda::launch(transpose_tiled, {grid, py2cuda::Dim3(kTile, kTile)}, kTransposeInfo, din, dout);
  const auto out = dout.copy_to_host();
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t c = 0; c < cols; ++c) ASSERT_EQ(out(c, r), in(r, c)) << r << "," << c;
  }
}

TEST(EmuFibers, BarriersInBranchesAllThreadsTakeAndInDataDependentLoops) {
  for (const int32_t rounds : {0, 1, 5, 64}) {
    auto r = emu_test::filled<int32_t>(1, rounds);
    auto out = emu_test::filled<int32_t>(3 * 64, -1);
    py2cuda::launch(rotate_rounds, {3, 64}, kRotateInfo, r, out);
    const auto o = out.copy_to_host();
    for (int64_t i = 0; i < 3 * 64; ++i) ASSERT_EQ(o(i), (i % 64 + rounds) % 64) << "rounds=" << rounds;
  }
}

TEST(EmuFibers, DynamicSharedMemory) {
  const int64_t n = 4 * 96;
  std::vector<int32_t> values(n);
  std::iota(values.begin(), values.end(), 0);
  auto x = py2cuda::to_device(values.data(), std::array<int64_t, 1>{n});
  auto out = emu_test::filled<int32_t>(n, -1);
  auto misaligned = emu_test::filled<int64_t>(1, 0);
  py2cuda::launch(reverse_dynamic, {4, 96, 96 * sizeof(int32_t)}, kReverseInfo, x, out, misaligned);
  const auto o = out.copy_to_host();
  for (int64_t i = 0; i < n; ++i) ASSERT_EQ(o(i), (i / 96) * 96 + 95 - i % 96);
  EXPECT_EQ(misaligned.copy_to_host()(0), 0);
}

TEST(EmuFibers, DynamicSharedArrayViewsTheLaunchBytes) {
  std::vector<double> values(10);
  std::iota(values.begin(), values.end(), 0.0);
  auto x = py2cuda::to_device(values.data(), std::array<int64_t, 1>{10});
  auto length = emu_test::filled<int64_t>(1, -1);
  py2cuda::launch(rotate_dynamic_array, {1, 10, 12 * sizeof(double) + 4}, kRotateDynamicInfo, x, length);
  EXPECT_EQ(length.copy_to_host()(0), 12);  // whole elements only
  const auto r = x.copy_to_host();
  for (int64_t i = 0; i < 10; ++i) EXPECT_EQ(r(i), double((i + 1) % 10));
  // Fewer bytes than the block needs: the view is bounds-checked like any array.
  const std::string message = emu_test::error_of([&] {
    py2cuda::launch(rotate_dynamic_array, {1, 10, 8 * sizeof(double)}, kRotateDynamicInfo, x, length);
  });
  EXPECT_NE(message.find("out-of-bounds access: index 8 is outside dimension 0 of size 8 "
                         "(kernel 'rotate_dynamic_array' at fibers.py:62, block (0,0,0), thread (8,0,0))"),
            std::string::npos)
      << message;
}

TEST(EmuFibers, CountingBarriers) {
  auto out = emu_test::filled<int32_t>(4, -1);
  py2cuda::launch(counting_barriers, {2, 100}, kCountingInfo, out);
  const auto o = out.copy_to_host();
  EXPECT_EQ(o(0), 34);  // t = 0, 3, ..., 99
  EXPECT_EQ(o(1), 1);
  EXPECT_EQ(o(2), 1);
  EXPECT_EQ(o(3), 0);
}

TEST(EmuFibers, TwoDimensionalBlocks) {
  auto out = py2cuda::device_array<int32_t>(std::array<int64_t, 2>{3 * 8, 8});
  py2cuda::launch(row_sums_2d, {py2cuda::Dim3(3), py2cuda::Dim3(8, 8)}, kRowSumsInfo, out);
  const auto o = out.copy_to_host();
  for (int64_t b = 0; b < 3; ++b) {
    for (int64_t y = 0; y < 8; ++y) {
      const int32_t expected = int32_t(y * 64 + 28 + 8 * b);
      for (int64_t x = 0; x < 8; ++x) ASSERT_EQ(o(b * 8 + y, x), expected);
    }
  }
}

TEST(EmuFibers, LargestBlockAndSmallStacks) {
  emu_test::ScopedSettings restore;
  py2cuda::emu::set_fiber_stack_size(16 * 1024);
  auto out = emu_test::filled<int32_t>(3 * 1024, -1);
  auto r = emu_test::filled<int32_t>(1, 2);
  // 1024 threads, each a fiber, through several barriers.
  py2cuda::launch(rotate_rounds, {1, 64}, kRotateInfo, r, out);
  py2cuda::launch(counting_barriers, {3, 1024}, kCountingInfo, out);
  const auto o = out.copy_to_host();
  EXPECT_EQ(o(0), 342);
  EXPECT_EQ(o(1), 0);  // t < 1000 fails for 24 threads
  EXPECT_EQ(o(2), 1);
}


// The StackPool shadow leak (found by ASan in GridRun::run_resident): a fiber ends by
// switching away, so its frames' poison marks (redzones, variables out of scope) stay in
// AddressSanitizer's shadow; munmap does not clear them, and the next mapping at that
// address (an OS thread's stack, say) inherited them as false stack-use-after-scope
// reports. The pool must clear the shadow of a stack it reuses and of one it gives back.
// Only meaningful under ASan (make sanitize runs the unit tests with it); skipped without.
TEST(EmuFibers, StackPoolLeavesNoPoisonBehind) {
#ifdef P2C_EMU_ASAN
  constexpr std::size_t kUsable = 64 * 1024;
  char* low = nullptr;
  std::size_t size = 0;
  {
    py2cuda::emu::detail::StackPool pool;
    boost::context::stack_context stack = pool.allocate(kUsable);
    low = static_cast<char*>(stack.sp) - stack.size;
    size = stack.size;
    const std::size_t page = size - kUsable;  // the guard page below the usable part
    // What an ended fiber leaves: marked frames near the top of its stack.
    ASAN_POISON_MEMORY_REGION(low + size - 4096, 512);
    ASSERT_TRUE(__asan_address_is_poisoned(low + size - 4096));
    pool.deallocate(stack);  // kept for the next block
    stack = pool.allocate(kUsable);
    ASSERT_EQ(static_cast<char*>(stack.sp) - stack.size, low);  // the same stack, reused
    EXPECT_EQ(__asan_region_is_poisoned(low + page, size - page), nullptr) << "a reused stack keeps old marks";
    ASAN_POISON_MEMORY_REGION(low + size - 4096, 512);
    pool.deallocate(stack);
  }  // the pool unmaps its stacks
  EXPECT_EQ(__asan_region_is_poisoned(low, size), nullptr) << "an unmapped stack leaves its marks in the shadow";
#else
  GTEST_SKIP() << "needs AddressSanitizer (make sanitize)";
#endif
}

}  // namespace
