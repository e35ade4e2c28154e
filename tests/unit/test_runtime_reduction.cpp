// numba-cuda's cuda.reduce order (host/reduction.h): what a non-commutative operator shows of
// it on small arrays, and exact results (integer sums, maxima) across the block boundaries.

#include <py2cuda/host.h>

#include <gtest/gtest.h>

#include <numeric>

namespace {

namespace h = py2cuda::host;

double minus(double a, double b) { return a - b; }
int64_t plus(int64_t a, int64_t b) { return a + b; }
int64_t larger(int64_t a, int64_t b) { return a > b ? a : b; }

h::NDArray<double, 1> values(std::initializer_list<double> v) {
  h::NDArray<double, 1> a(std::array<int64_t, 1>{static_cast<int64_t>(v.size())});
  int64_t i = 0;
  for (double x : v) a(i++) = x;
  return a;
}

TEST(RuntimeReduction, FewerThanAWarpFoldLeftThenTakeInit) {
  // One partial block, its only warp not full: lane 0 folds the lanes in order, then init.
  EXPECT_EQ(h::numba_reduce(values({10, 3, 2}), minus, 1.0), ((10.0 - 3.0) - 2.0) - 1.0);
  EXPECT_EQ(h::numba_reduce(values({}), minus, 4.0), 4.0);
  EXPECT_EQ(h::numba_reduce(values({7}), minus, 0.0), 7.0);
}

TEST(RuntimeReduction, IntegerSumsAndMaximaAreExactAcrossBlocks) {
  for (int64_t n : {1, 31, 32, 33, 64, 127, 128, 129, 255, 256, 8191, 8192, 8193, 20000, 100000}) {
    h::NDArray<int64_t, 1> a(std::array<int64_t, 1>{n});
    for (int64_t i = 0; i < n; ++i) a(i) = (i * 7919) % n;
    EXPECT_EQ(h::numba_reduce(a, plus, int64_t{5}), n * (n - 1) / 2 + 5) << n;
    EXPECT_EQ(h::numba_reduce(a, larger, int64_t{0}), n - 1) << n;
  }
}

}  // namespace
