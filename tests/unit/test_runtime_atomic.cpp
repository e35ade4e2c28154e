// cuda.atomic.* on the host (the emulation's implementation), against the
// semantics numba-cuda compiles: CUDA's atomic instructions for integers and
// its compare-and-swap loops for floats (numba_cuda/numba/cuda/cudadrv/nvvm.py).
// No GPU here: the expected values follow from those definitions.
#include <py2cuda/atomic.h>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <thread>
#include <vector>

namespace {

const double kNaN = std::numeric_limits<double>::quiet_NaN();

TEST(RuntimeAtomic, ReturnsTheOldValue) {
  int32_t i = 5;
  EXPECT_EQ(py2cuda::atomic_add(&i, 3), 5);
  EXPECT_EQ(i, 8);
  EXPECT_EQ(py2cuda::atomic_sub(&i, 10), 8);
  EXPECT_EQ(i, -2);
  EXPECT_EQ(py2cuda::atomic_max(&i, 7), -2);
  EXPECT_EQ(i, 7);
  EXPECT_EQ(py2cuda::atomic_min(&i, 9), 7);
  EXPECT_EQ(i, 7);
  EXPECT_EQ(py2cuda::atomic_exch(&i, 1), 7);
  EXPECT_EQ(py2cuda::atomic_cas(&i, 2, 5), 1);  // not equal: unchanged
  EXPECT_EQ(i, 1);
  EXPECT_EQ(py2cuda::atomic_cas(&i, 1, 5), 1);
  EXPECT_EQ(i, 5);
  EXPECT_EQ(py2cuda::atomic_and(&i, 4), 5);
  EXPECT_EQ(py2cuda::atomic_or(&i, 3), 4);
  EXPECT_EQ(py2cuda::atomic_xor(&i, 1), 7);
  EXPECT_EQ(i, 6);
}

TEST(RuntimeAtomic, IntegerAddWraps) {
  int64_t big = std::numeric_limits<int64_t>::max();
  py2cuda::atomic_add(&big, int64_t{1});
  EXPECT_EQ(big, std::numeric_limits<int64_t>::min());
  uint32_t u = 0;
  py2cuda::atomic_sub(&u, 1u);
  EXPECT_EQ(u, 0xffffffffu);
}

TEST(RuntimeAtomic, IncAndDecWrapAtTheLimit) {
  uint32_t u = 2;
  EXPECT_EQ(py2cuda::atomic_inc(&u, 3u), 2u);
  EXPECT_EQ(u, 3u);
  py2cuda::atomic_inc(&u, 3u);  // old >= limit: back to 0
  EXPECT_EQ(u, 0u);
  uint64_t d = 0;
  py2cuda::atomic_dec(&d, uint64_t{9});  // old == 0: to the limit
  EXPECT_EQ(d, 9u);
  d = 20;
  py2cuda::atomic_dec(&d, uint64_t{9});  // old > limit: to the limit
  EXPECT_EQ(d, 9u);
  py2cuda::atomic_dec(&d, uint64_t{9});
  EXPECT_EQ(d, 8u);
}

TEST(RuntimeAtomic, FloatMaxMinLeaveNaNAlone) {
  double x = 1.0;
  EXPECT_EQ(py2cuda::atomic_max(&x, kNaN), 1.0);
  EXPECT_EQ(x, 1.0);
  x = kNaN;
  EXPECT_TRUE(std::isnan(py2cuda::atomic_max(&x, 2.0)));
  EXPECT_TRUE(std::isnan(x));  // a NaN element stays
  x = kNaN;
  py2cuda::atomic_min(&x, 2.0);
  EXPECT_TRUE(std::isnan(x));
  x = 1.0;
  EXPECT_EQ(py2cuda::atomic_max(&x, 3.0), 1.0);
  EXPECT_EQ(x, 3.0);
  EXPECT_EQ(py2cuda::atomic_min(&x, -1.0), 3.0);
  EXPECT_EQ(x, -1.0);
}

TEST(RuntimeAtomic, NanMaxMinIgnoreNaNValuesAndReplaceNaNElements) {
  float x = kNaN;
  py2cuda::atomic_nanmax(&x, 2.0f);
  EXPECT_EQ(x, 2.0f);
  py2cuda::atomic_nanmax(&x, static_cast<float>(kNaN));
  EXPECT_EQ(x, 2.0f);
  x = kNaN;
  py2cuda::atomic_nanmin(&x, -2.0f);
  EXPECT_EQ(x, -2.0f);
  py2cuda::atomic_nanmin(&x, 5.0f);
  EXPECT_EQ(x, -2.0f);
}

TEST(RuntimeAtomic, AtomicUnderContention) {
  int64_t count = 0;
  double sum = 0;
  uint32_t top = 0;
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 20000; ++i) {
        py2cuda::atomic_add(&count, int64_t{1});
        py2cuda::atomic_add(&sum, 0.5);
        py2cuda::atomic_max(&top, static_cast<uint32_t>(t * 100000 + i));
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(count, 80000);
  EXPECT_EQ(sum, 40000.0);  // 0.5 steps are exact in double up to here
  EXPECT_EQ(top, 3u * 100000 + 19999);
}

}  // namespace
