// cuda.atomic.* (py2cuda/atomic.h) inside kernels run by the CPU emulation: exact
// results under contention from many blocks at once on the pool, for every value type,
// in loop mode and between the barriers of fiber mode. (Their semantics one call at a
// time are test_runtime_atomic.cpp's.)

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "../emulation/emu_test_support.h"

namespace {

using py2cuda::Array;
using py2cuda::KernelInfo;

constexpr uint32_t kBlocks = 64, kThreads = 128;
constexpr int64_t kTotal = int64_t{kBlocks} * kThreads;

template <class T>
__global__ void count_up(Array<T, 1> counter, Array<T, 1> biggest, Array<T, 1> smallest) {
  const int64_t i = py2cuda::grid1();
  for (int r = 0; r < 4; ++r) py2cuda::atomic_add(&counter(0), T(1));
  py2cuda::atomic_sub(&counter(1), T(1));
  py2cuda::atomic_max(&biggest(0), T(i % 1000));
  py2cuda::atomic_min(&smallest(0), T(1000 - i % 1000));
}
constexpr KernelInfo kCountInfo{"count_up", "atomics.py:1", false, false};

// Every thread swaps its own id in: the values swapped out, and the one left at the
// end, are then each id exactly once, and the initial -1.
__global__ void exchange_ids(Array<int64_t, 1> slot, Array<int64_t, 1> swapped_out) {
  const int64_t i = py2cuda::grid1();
  swapped_out(i) = py2cuda::atomic_exch(&slot(0), i);
}
constexpr KernelInfo kExchInfo{"exchange_ids", "atomics.py:10", false, false};

// Increments built from compare-and-swap alone.
template <class T>
__global__ void cas_increment(Array<T, 1> counter) {
  T seen = counter(0);
  for (;;) {
    const T found = py2cuda::atomic_cas(&counter(0), seen, T(seen + T(1)));
    if (found == seen) break;
    seen = found;
  }
}
constexpr KernelInfo kCasInfo{"cas_increment", "atomics.py:20", false, false};

// A ticket counter wrapping at kThreads - 1: every ticket is handed out kBlocks times.
__global__ void tickets(Array<uint32_t, 1> next, Array<int32_t, 1> handed_out) {
  const uint32_t ticket = py2cuda::atomic_inc(&next(0), uint32_t{kThreads - 1});
  py2cuda::atomic_add(&handed_out(int64_t(ticket)), 1);
}
constexpr KernelInfo kTicketsInfo{"tickets", "atomics.py:25", false, false};

// Atomics between barriers, so that the fibers of a block interleave around them.
__global__ void add_between_barriers(Array<double, 1> total, Array<int32_t, 1> order) {
  __syncthreads();
  py2cuda::atomic_add(&total(0), 0.5);
  __syncthreads();
  py2cuda::atomic_add(&total(0), 0.25);
  py2cuda::atomic_max(&order(0), int32_t(threadIdx.x));
}
constexpr KernelInfo kBarrierAddInfo{"add_between_barriers", "atomics.py:30", true, false};

class OnThePool : public ::testing::Test {
 protected:
  void SetUp() override {
    py2cuda::emu::set_deterministic(false);
    py2cuda::emu::set_worker_threads(4);
  }
  emu_test::ScopedSettings restore_;
};

template <class T>
class EmuAtomics : public OnThePool {};

using ValueTypes = ::testing::Types<int32_t, int64_t, uint32_t, uint64_t, float, double>;
TYPED_TEST_SUITE(EmuAtomics, ValueTypes);

TYPED_TEST(EmuAtomics, AddSubMaxMinUnderContention) {
  using T = TypeParam;
  const std::vector<T> start{T(0), T(kTotal)};
  auto counter = py2cuda::to_device(start.data(), std::array<int64_t, 1>{2});
  auto biggest = emu_test::filled<T>(1, T(0));
  auto smallest = emu_test::filled<T>(1, T(5000));
  py2cuda::launch(count_up<T>, {kBlocks, kThreads}, kCountInfo, counter, biggest, smallest);
  const auto c = counter.copy_to_host();
  EXPECT_EQ(c(0), T(4 * kTotal));
  EXPECT_EQ(c(1), T(0));
  EXPECT_EQ(biggest.copy_to_host()(0), T(999));
  EXPECT_EQ(smallest.copy_to_host()(0), T(1));
}

using IntegerTypes = ::testing::Types<int32_t, int64_t, uint32_t, uint64_t>;
template <class T>
class EmuAtomicsCas : public OnThePool {};
TYPED_TEST_SUITE(EmuAtomicsCas, IntegerTypes);

TYPED_TEST(EmuAtomicsCas, CompareAndSwapUnderContention) {
  using T = TypeParam;
  auto counter = emu_test::filled<T>(1, T(0));
  py2cuda::launch(cas_increment<T>, {kBlocks, kThreads}, kCasInfo, counter);
  EXPECT_EQ(counter.copy_to_host()(0), T(kTotal));
}

TEST_F(OnThePool, ExchangeSwapsOutEveryValueExactlyOnce) {
  auto slot = emu_test::filled<int64_t>(1, -1);
  auto out = emu_test::filled<int64_t>(kTotal, -2);
  py2cuda::launch(exchange_ids, {kBlocks, kThreads}, kExchInfo, slot, out);
  const auto o = out.copy_to_host();
  std::vector<int64_t> values(o.data(), o.data() + kTotal);
  values.push_back(slot.copy_to_host()(0));
  std::sort(values.begin(), values.end());
  for (int64_t k = 0; k <= kTotal; ++k) ASSERT_EQ(values[static_cast<std::size_t>(k)], k - 1);
}

TEST_F(OnThePool, IncWrapsUnderContention) {
  auto next = emu_test::filled<uint32_t>(1, 0);
  auto handed_out = emu_test::filled<int32_t>(kThreads, 0);
  py2cuda::launch(tickets, {kBlocks, kThreads}, kTicketsInfo, next, handed_out);
  const auto h = handed_out.copy_to_host();
  for (int64_t t = 0; t < kThreads; ++t) ASSERT_EQ(h(t), int32_t{kBlocks}) << "ticket " << t;
  EXPECT_EQ(next.copy_to_host()(0), 0u);
}

TEST_F(OnThePool, AtomicsBetweenBarriers) {
  auto total = emu_test::filled<double>(1, 0.0);
  auto order = emu_test::filled<int32_t>(1, -1);
  py2cuda::launch(add_between_barriers, {16, 256}, kBarrierAddInfo, total, order);
  EXPECT_EQ(total.copy_to_host()(0), 0.75 * 16 * 256);
  EXPECT_EQ(order.copy_to_host()(0), 255);
}

}  // namespace
