// cuda.popc/clz/ffs/brev on the host (the emulation's implementation). The
// expected values are the definitions of the PTX instructions Numba lowers
// these to (popc, ctlz with a defined zero, __nv_ffs, brev): no GPU here.
#include <py2cuda/intrinsics.h>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>

TEST(RuntimeIntrinsics, BitCountsInTheArgumentsWidth) {
  EXPECT_EQ(py2cuda::popc(int32_t{-1}), 32);
  EXPECT_EQ(py2cuda::popc(int8_t{-1}), 8);
  EXPECT_EQ(py2cuda::popc(uint64_t{0xF0F0}), 8u);
  EXPECT_EQ(py2cuda::clz(int32_t{1}), 31);
  EXPECT_EQ(py2cuda::clz(int16_t{1}), 15);
  EXPECT_EQ(py2cuda::clz(uint64_t{0}), 64u);
  EXPECT_EQ(py2cuda::clz(int32_t{-1}), 0);
}

TEST(RuntimeIntrinsics, FfsIsOneBasedAndZeroForZero) {
  EXPECT_EQ(py2cuda::ffs(int32_t{0}), 0u);
  EXPECT_EQ(py2cuda::ffs(int32_t{8}), 4u);
  EXPECT_EQ(py2cuda::ffs(int64_t{1} << 40), 41u);
  EXPECT_EQ(py2cuda::ffs(int32_t{-2147483647 - 1}), 32u);
}

TEST(RuntimeIntrinsics, BrevReversesAllBits) {
  EXPECT_EQ(py2cuda::brev(uint32_t{1}), 0x80000000u);
  EXPECT_EQ(py2cuda::brev(uint32_t{0x12345678}), 0x1E6A2C48u);
  EXPECT_EQ(py2cuda::brev(uint64_t{1}), uint64_t{1} << 63);
}

// CUDA's cbrt gives exact cubes their exact root; glibc's cbrt(27.0) is 3.0000000000000004.
TEST(RuntimeIntrinsics, CbrtOfExactCubesIsExact) {
  EXPECT_EQ(py2cuda::cuda_cbrt(27.0), 3.0);
  EXPECT_EQ(py2cuda::cuda_cbrt(0.125), 0.5);
  EXPECT_EQ(py2cuda::cuda_cbrt(-8.0), -2.0);
  EXPECT_EQ(py2cuda::cuda_cbrt(1e300), 1e100);
  EXPECT_EQ(py2cuda::cuda_cbrt(2.0), 1.2599210498948732);  // correctly rounded
  EXPECT_EQ(py2cuda::cuda_cbrt(0.0), 0.0);
  EXPECT_TRUE(std::signbit(py2cuda::cuda_cbrt(-0.0)));
  EXPECT_EQ(py2cuda::cuda_cbrt(-INFINITY), -INFINITY);
  EXPECT_TRUE(std::isnan(py2cuda::cuda_cbrt(NAN)));
}
