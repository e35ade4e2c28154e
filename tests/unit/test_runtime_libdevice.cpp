// The CPU emulation's versions of the CUDA device functions that libdevice.* calls
// translate to (runtime/include/py2cuda/libdevice.h). Expected values follow from
// the IEEE 754 definitions of the rounding modes, PTX's cvt saturation and the
// CUDA Math API's definitions of the integer intrinsics: no GPU here.
#include <gtest/gtest.h>

#include <cfloat>
#include <climits>
#include <cmath>
#include <cstdint>

#include <py2cuda/libdevice.h>  // last: it defines macros for CUDA's __sinf, __expf, ...

namespace {
const float kOneUp = std::nextafter(1.0f, 2.0f);
const float kOneDown = std::nextafter(1.0f, 0.0f);
}  // namespace

TEST(RuntimeLibdevice, Float32ArithmeticInEachRoundingMode) {
  const float tiny = 0x1p-30f;
  EXPECT_EQ(__fadd_rn(1.0f, tiny), 1.0f);
  EXPECT_EQ(__fadd_rz(1.0f, tiny), 1.0f);
  EXPECT_EQ(__fadd_ru(1.0f, tiny), kOneUp);
  EXPECT_EQ(__fadd_rd(1.0f, tiny), 1.0f);
  EXPECT_EQ(__fsub_rd(1.0f, tiny), kOneDown);
  EXPECT_EQ(__fsub_rz(1.0f, tiny), kOneDown);
  EXPECT_EQ(__fsub_ru(1.0f, tiny), 1.0f);
  EXPECT_EQ(__fmul_ru(kOneUp, kOneUp), std::nextafter(kOneUp, 2.0f) + 0.0f == __fmul_rn(kOneUp, kOneUp)
                                            ? std::nextafter(std::nextafter(kOneUp, 2.0f), 2.0f)
                                            : std::nextafter(kOneUp, 2.0f));
  // 1/3 is inexact: rd and ru are adjacent floats around it, rz is rd for a positive quotient.
  float third_rd = __fdiv_rd(1.0f, 3.0f), third_ru = __fdiv_ru(1.0f, 3.0f);
  EXPECT_EQ(std::nextafter(third_rd, 1.0f), third_ru);
  EXPECT_EQ(__fdiv_rz(1.0f, 3.0f), third_rd);
  EXPECT_EQ(__fdiv_rn(1.0f, 3.0f), 1.0f / 3.0f);
  EXPECT_EQ(__fdiv_rz(-1.0f, 3.0f), -third_rd);
  EXPECT_EQ(__fdiv_rd(-1.0f, 3.0f), -third_ru);
  EXPECT_EQ(__frcp_ru(3.0f), third_ru);
  EXPECT_EQ(std::nextafter(__fsqrt_rd(2.0f), 2.0f), __fsqrt_ru(2.0f));
  EXPECT_EQ(__fsqrt_rn(2.0f), std::sqrt(2.0f));
  EXPECT_EQ(__fmaf_ru(1.0f, 1.0f, tiny), kOneUp);
  EXPECT_EQ(__fmaf_rz(1.0f, 1.0f, tiny), 1.0f);
  EXPECT_EQ(__frsqrt_rn(4.0f), 0.5f);
  // Overflow: to infinity when rounding away, to the largest finite value otherwise.
  EXPECT_EQ(__fadd_rn(FLT_MAX, FLT_MAX), INFINITY);
  EXPECT_EQ(__fadd_rz(FLT_MAX, FLT_MAX), FLT_MAX);
  EXPECT_EQ(__fmul_rd(-FLT_MAX, 2.0f), -INFINITY);
  EXPECT_EQ(__fmul_ru(-FLT_MAX, 2.0f), -FLT_MAX);
  // The caller's rounding mode is left as it was.
  EXPECT_EQ(std::fegetround(), FE_TONEAREST);
}

TEST(RuntimeLibdevice, Float64ArithmeticInEachRoundingMode) {
  double third_rd = __ddiv_rd(1.0, 3.0), third_ru = __ddiv_ru(1.0, 3.0);
  EXPECT_EQ(std::nextafter(third_rd, 1.0), third_ru);
  EXPECT_EQ(__ddiv_rz(1.0, 3.0), third_rd);
  EXPECT_EQ(__ddiv_rn(1.0, 3.0), 1.0 / 3.0);
  EXPECT_EQ(__drcp_rd(3.0), third_rd);
  EXPECT_EQ(__dadd_ru(1.0, 0x1p-60), std::nextafter(1.0, 2.0));
  EXPECT_EQ(__dadd_rd(1.0, 0x1p-60), 1.0);
  EXPECT_EQ(__dmul_rz(-(1.0 + 0x1p-52), 1.0 + 0x1p-52), -(1.0 + 0x1p-51));
  EXPECT_EQ(__dmul_rd(-(1.0 + 0x1p-52), 1.0 + 0x1p-52), -(1.0 + 0x1p-51 + 0x1p-52));
  EXPECT_EQ(std::nextafter(__dsqrt_rz(2.0), 2.0), __dsqrt_ru(2.0));
  EXPECT_EQ(__fma_ru(1.0, 1.0, 0x1p-80), std::nextafter(1.0, 2.0));
  EXPECT_EQ(__fma_rn(1.0, 1.0, 0x1p-80), 1.0);
  // An exact zero sum is -0 when rounding down, +0 otherwise (IEEE 754 6.3).
  EXPECT_TRUE(std::signbit(__dadd_rd(1.0, -1.0)));
  EXPECT_FALSE(std::signbit(__dadd_rn(1.0, -1.0)));
  EXPECT_FALSE(std::signbit(__dadd_ru(1.0, -1.0)));
  EXPECT_TRUE(std::isnan(__dadd_rz(INFINITY, -INFINITY)));
}

TEST(RuntimeLibdevice, FloatConversionsRoundInTheMode) {
  const double third = 1.0 / 3.0;
  float rd = __double2float_rd(third), ru = __double2float_ru(third);
  EXPECT_EQ(std::nextafter(rd, 1.0f), ru);
  EXPECT_EQ(__double2float_rz(third), rd);
  EXPECT_EQ(__double2float_rn(third), static_cast<float>(third));
  EXPECT_EQ(__double2float_rz(1e300), FLT_MAX);
  EXPECT_EQ(__double2float_ru(1e300), INFINITY);
  EXPECT_EQ(__double2float_rd(-1e300), -INFINITY);
  EXPECT_EQ(__double2float_ru(-1e300), -FLT_MAX);
  // 2**24 + 1 is the first integer a float cannot hold; the tie rounds to even.
  EXPECT_EQ(__int2float_rn(16777217), 16777216.0f);
  EXPECT_EQ(__int2float_rz(16777217), 16777216.0f);
  EXPECT_EQ(__int2float_ru(16777217), 16777218.0f);
  EXPECT_EQ(__int2float_rd(-16777217), -16777218.0f);
  EXPECT_EQ(__uint2float_rz(0xFFFFFFFFu), 4294967040.0f);
  EXPECT_EQ(__uint2float_ru(0xFFFFFFFFu), 4294967296.0f);
  EXPECT_EQ(__ll2double_ru((1LL << 53) + 1), 9007199254740994.0);
  EXPECT_EQ(__ll2double_rd((1LL << 53) + 1), 9007199254740992.0);
  EXPECT_EQ(__ll2float_rn(-(1LL << 40) - 1), -0x1p40f);
  EXPECT_EQ(__ull2double_rz(ULLONG_MAX), 0x1p64 - 0x1p11);
  EXPECT_EQ(__ull2double_ru(ULLONG_MAX), 0x1p64);
  EXPECT_EQ(__ull2float_rz(ULLONG_MAX), 0x1p64f - 0x1p40f);
  EXPECT_EQ(__int2double_rn(INT_MIN), -2147483648.0);
  EXPECT_EQ(__uint2double_rn(0xFFFFFFFFu), 4294967295.0);
}

TEST(RuntimeLibdevice, FloatToIntegerRoundsThenSaturatesLikePtxCvt) {
  EXPECT_EQ(__float2int_rn(2.5f), 2);
  EXPECT_EQ(__float2int_rn(3.5f), 4);
  EXPECT_EQ(__float2int_rn(-2.5f), -2);
  EXPECT_EQ(__float2int_rz(-2.7f), -2);
  EXPECT_EQ(__float2int_ru(2.1f), 3);
  EXPECT_EQ(__float2int_rd(-2.1f), -3);
  EXPECT_EQ(__float2int_rz(3e9f), INT_MAX);
  EXPECT_EQ(__float2int_rz(-3e9f), INT_MIN);
  // NaN, as an H200 converts it: 0 from a float into 32 bits, the top bit alone from a double.
  EXPECT_EQ(__float2int_rn(NAN), 0);
  EXPECT_EQ(__double2uint_rz(NAN), 0x80000000u);
  EXPECT_EQ(__double2ll_rd(NAN), LLONG_MIN);
  EXPECT_EQ(__float2uint_rn(-1.0f), 0u);
  EXPECT_EQ(__float2uint_ru(-0.5f), 0u);
  EXPECT_EQ(__float2uint_rz(5e9f), UINT_MAX);
  EXPECT_EQ(__double2int_rd(-0.5), -1);
  EXPECT_EQ(__double2int_rn(2147483647.4), INT_MAX);
  EXPECT_EQ(__double2int_ru(2147483647.4), INT_MAX);  // 2**31 saturates
  EXPECT_EQ(__double2uint_rd(4294967295.9), 4294967295u);
  EXPECT_EQ(__double2ll_rd(-0.5), -1);
  EXPECT_EQ(__double2ll_rz(1e19), LLONG_MAX);
  EXPECT_EQ(__double2ll_rn(-1e19), LLONG_MIN);
  EXPECT_EQ(__double2ull_ru(1e30), ULLONG_MAX);
  EXPECT_EQ(__double2ull_rn(-3.0), 0u);
  EXPECT_EQ(__float2ll_ru(1.25f), 2);
  EXPECT_EQ(__float2ull_rd(1e19f), 9999999980506447872ull);
}

TEST(RuntimeLibdevice, BitReinterpretations) {
  EXPECT_EQ(__double2hiint(1.0), 0x3FF00000);
  EXPECT_EQ(__double2loint(1.0), 0);
  EXPECT_EQ(__double2loint(__longlong_as_double(0x00000000FFFFFFFFLL)), -1);
  EXPECT_EQ(__hiloint2double(0x3FF00000, 0), 1.0);
  EXPECT_EQ(__hiloint2double(__double2hiint(-2.75), __double2loint(-2.75)), -2.75);
  EXPECT_EQ(__double_as_longlong(-0.0), LLONG_MIN);
  EXPECT_EQ(__float_as_int(1.0f), 0x3F800000);
  EXPECT_EQ(__int_as_float(0x40490FDB), 3.14159274f);
}

TEST(RuntimeLibdevice, IntegerIntrinsics) {
  EXPECT_EQ(__brev(1u), 0x80000000u);
  EXPECT_EQ(__brevll(1ull), 1ull << 63);
  EXPECT_EQ(__byte_perm(0x33221100u, 0x77665544u, 0x0123u), 0x00112233u);
  EXPECT_EQ(__byte_perm(0x33221100u, 0x77665544u, 0x7654u), 0x77665544u);
  EXPECT_EQ(__byte_perm(0x33221100u, 0x77665544u, 0xF4u), 0x00007744u);  // only 3 selector bits count
  EXPECT_EQ(__clz(0), 32);
  EXPECT_EQ(__clz(-1), 0);
  EXPECT_EQ(__clzll(1), 63);
  EXPECT_EQ(__ffs(0), 0);
  EXPECT_EQ(__ffs(INT_MIN), 32);
  EXPECT_EQ(__ffsll(1LL << 40), 41);
  EXPECT_EQ(__popc(0xFFFFFFFFu), 32);
  EXPECT_EQ(__popcll(~0ull), 64);
  EXPECT_EQ(__hadd(INT_MAX, INT_MAX), INT_MAX);
  EXPECT_EQ(__hadd(-3, 0), -2);  // the sum shifted right: rounds toward -infinity
  EXPECT_EQ(__rhadd(1, 2), 2);
  EXPECT_EQ(__rhadd(-4, 1), -1);
  EXPECT_EQ(__uhadd(0xFFFFFFFFu, 1u), 0x80000000u);
  EXPECT_EQ(__urhadd(0xFFFFFFFFu, 0xFFFFFFFFu), 0xFFFFFFFFu);
  EXPECT_EQ(__mul24(0x00800000, 2), -16777216);  // bit 23 is the 24-bit sign
  EXPECT_EQ(__mul24(0x7F000003, 5), 15);          // the high 8 bits are ignored
  EXPECT_EQ(__umul24(0x01000003u, 2u), 6u);
  EXPECT_EQ(__umul24(0xFFFFFFu, 0xFFFFFFu), 0xFE000001u);
  EXPECT_EQ(__mulhi(INT_MIN, 2), -1);
  EXPECT_EQ(__mulhi(0x40000000, 8), 2);
  EXPECT_EQ(__umulhi(0xFFFFFFFFu, 0xFFFFFFFFu), 0xFFFFFFFEu);
  EXPECT_EQ(__mul64hi(-1, 1), -1);
  EXPECT_EQ(__umul64hi(1ull << 63, 4ull), 2ull);
  EXPECT_EQ(__sad(-5, 3, 10u), 18u);
  EXPECT_EQ(__sad(INT_MIN, INT_MAX, 0u), 0xFFFFFFFFu);
  EXPECT_EQ(__usad(3u, 5u, 1u), 3u);
  EXPECT_EQ(umax(static_cast<unsigned>(-1), 3u), 0xFFFFFFFFu);
  EXPECT_EQ(umin(static_cast<unsigned>(-1), 3u), 3u);
  EXPECT_EQ(ullmax(static_cast<unsigned long long>(-1), 3ull), ~0ull);
  EXPECT_EQ(llmin(-1, 3), -1);
  EXPECT_EQ(min(-1, 3), -1);
  EXPECT_EQ(max(-1, 3), 3);
}

TEST(RuntimeLibdevice, HalfPrecisionBitPatterns) {
  using py2cuda::libdevice::float2half_rn;
  using py2cuda::libdevice::half2float;
  EXPECT_EQ(float2half_rn(1.0f), 0x3C00);
  EXPECT_EQ(float2half_rn(-2.0f), static_cast<int16_t>(0xC000));
  EXPECT_EQ(float2half_rn(65504.0f), 0x7BFF);
  EXPECT_EQ(float2half_rn(65519.0f), 0x7BFF);
  EXPECT_EQ(float2half_rn(65520.0f), 0x7C00);  // the tie rounds to even: 2**16, infinity
  EXPECT_EQ(float2half_rn(INFINITY), 0x7C00);
  EXPECT_EQ(float2half_rn(-INFINITY), static_cast<int16_t>(0xFC00));
  EXPECT_EQ(float2half_rn(1.0f + 0x1p-11f), 0x3C00);      // tie, to even
  EXPECT_EQ(float2half_rn(1.0f + 3 * 0x1p-11f), 0x3C02);  // tie, to even (upwards)
  EXPECT_EQ(float2half_rn(2047.0f / 1024.0f * 0.99999f), 0x3FFF);
  EXPECT_EQ(float2half_rn(0x1p-14f), 0x0400);
  EXPECT_EQ(float2half_rn(0x1p-24f), 0x0001);
  EXPECT_EQ(float2half_rn(0x1p-25f), 0x0000);     // tie between 0 and the smallest subnormal
  EXPECT_EQ(float2half_rn(3 * 0x1p-25f), 0x0002);  // 1.5 units: tie, to even
  EXPECT_EQ(float2half_rn(-0.0f), static_cast<int16_t>(0x8000));
  EXPECT_EQ(float2half_rn(1e-30f), 0);
  int16_t nan = float2half_rn(NAN);
  EXPECT_EQ(nan & 0x7C00, 0x7C00);
  EXPECT_NE(nan & 0x03FF, 0);
  EXPECT_EQ(half2float(0x3C00), 1.0f);
  EXPECT_EQ(half2float(0x0001), 0x1p-24f);
  EXPECT_EQ(half2float(0x7BFF), 65504.0f);
  EXPECT_EQ(half2float(static_cast<int16_t>(0xFC00)), -INFINITY);
  EXPECT_TRUE(std::isnan(half2float(0x7E00)));
  EXPECT_TRUE(std::signbit(half2float(static_cast<int16_t>(0x8000))));
  // Every finite half survives the round trip.
  for (int b = 0; b < 0x10000; ++b) {
    int16_t h = static_cast<int16_t>(static_cast<uint16_t>(b));
    if ((b & 0x7C00) == 0x7C00 && (b & 0x3FF)) continue;  // NaN
    ASSERT_EQ(float2half_rn(half2float(h)), h) << std::hex << b;
  }
}

TEST(RuntimeLibdevice, CudaOnlyMath) {
  EXPECT_EQ(sinpi(1.0), 0.0);
  EXPECT_FALSE(std::signbit(sinpi(2.0)));
  EXPECT_TRUE(std::signbit(sinpi(-1.0)));
  EXPECT_TRUE(std::signbit(sinpi(-0.0)));
  EXPECT_EQ(sinpi(0.5), 1.0);
  EXPECT_EQ(sinpi(-1.5), 1.0);
  EXPECT_EQ(cospi(1.0), -1.0);
  EXPECT_EQ(cospi(0.5), 0.0);
  EXPECT_FALSE(std::signbit(cospi(-2.5)));
  EXPECT_NEAR(sinpi(1.0 / 6.0), 0.5, 1e-16);
  EXPECT_NEAR(cospif(1e6f + 0.25f), 0.70710678f, 1e-7f);  // exact reduction of a large argument
  EXPECT_TRUE(std::isnan(sinpi(INFINITY)));
  float s, c;
  sincospif(0.25f, &s, &c);
  EXPECT_FLOAT_EQ(s, c);
  EXPECT_EQ(rsqrt(4.0), 0.5);
  EXPECT_EQ(rsqrtf(0.25f), 2.0f);
  EXPECT_EQ(rcbrt(8.0), 0.5);
  EXPECT_EQ(rcbrtf(-0.125f), -2.0f);
  // Round trips where erf is well conditioned; near |y| = 1, through erfc and 1 - y (exact).
  for (double x : {-2.0, -1.0, -0.3, 1e-10, 0.3, 0.9, 2.0}) {
    EXPECT_NEAR(erfinv(std::erf(x)) / x, 1.0, 1e-14) << x;
  }
  for (double y : {1.0 - 0x1p-40, -1.0 + 0x1p-50, 0.75}) {
    double x = erfinv(y);
    EXPECT_NEAR((y > 0 ? std::erfc(x) : std::erfc(-x)) / (1.0 - std::fabs(y)), 1.0, 1e-13) << y;
  }
  EXPECT_EQ(erfinv(0.0), 0.0);
  EXPECT_EQ(erfinv(1.0), INFINITY);
  EXPECT_EQ(erfinv(-1.0), -INFINITY);
  EXPECT_TRUE(std::isnan(erfinv(1.5)));
  for (double y : {1e-300, 1e-20, 0.01, 0.5, 1.0, 1.5, 1.99}) {
    EXPECT_NEAR(std::erfc(erfcinv(y)) / y, 1.0, 1e-13) << y;
  }
  EXPECT_EQ(erfcinv(0.0), INFINITY);
  EXPECT_EQ(erfcinv(2.0), -INFINITY);
  EXPECT_NEAR(erfcinvf(0.5f), 0.4769362762f, 1e-7f);
  // erfcx against a long double exp(x*x) * erfc(x), which does not underflow here.
  for (double x : {-3.0, -0.5, 0.0, 0.5, 3.0, 10.0, 25.0, 26.5, 30.0, 100.0}) {
    long double ref = std::exp(static_cast<long double>(x) * x) * std::erfc(static_cast<long double>(x));
    EXPECT_NEAR(erfcx(x) / static_cast<double>(ref), 1.0, 1e-13) << x;
  }
  EXPECT_NEAR(erfcx(1e10) * 1e10, 0.5641895835477563, 1e-16);
  EXPECT_EQ(normcdf(0.0), 0.5);
  EXPECT_NEAR(normcdf(-1.959963984540054), 0.025, 1e-16);
  EXPECT_EQ(normcdfinv(0.5), 0.0);
  EXPECT_NEAR(normcdfinv(0.975), 1.959963984540054, 1e-14);
  EXPECT_NEAR(normcdfinvf(0.025f), -1.959964f, 1e-6f);
}

TEST(RuntimeLibdevice, FastApproximationsAndSpecialCases) {
  EXPECT_EQ(__sinf(0.5f), std::sin(0.5f));
  EXPECT_EQ(__powf(2.0f, 10.0f), 1024.0f);
  EXPECT_EQ(__fdividef(6.0f, 3.0f), 2.0f);
  EXPECT_EQ(__fdividef(1.0f, 0x1p127f), 0.0f);  // 2**126 < |y| < 2**128 gives 0 on the GPU
  EXPECT_TRUE(std::isnan(__fdividef(INFINITY, 0x1p127f)));
  EXPECT_EQ(__saturatef(NAN), 0.0f);
  EXPECT_EQ(__saturatef(1.5f), 1.0f);
  EXPECT_EQ(__saturatef(-0.5f), 0.0f);
  EXPECT_EQ(__saturatef(0.25f), 0.25f);
}

TEST(RuntimeLibdevice, PointerResultsAsTuples) {
  namespace ld = py2cuda::libdevice;
  auto [s, c] = ld::sincos(0.5);
  EXPECT_EQ(s, std::sin(0.5));
  EXPECT_EQ(c, std::cos(0.5));
  auto [m, e] = ld::frexp(8.0);
  EXPECT_EQ(m, 0.5);
  EXPECT_EQ(e, 4);
  auto [frac, whole] = ld::modff(-2.5f);
  EXPECT_EQ(frac, -0.5f);
  EXPECT_EQ(whole, -2.0f);
  auto [r, q] = ld::remquo(10.0, 3.0);
  EXPECT_EQ(r, 1.0);
  EXPECT_EQ(q & 7, 3);
  auto [sp, cp] = ld::sincospi(0.5);
  EXPECT_EQ(sp, 1.0);
  EXPECT_EQ(cp, 0.0);
}

// math.pow(x, n) with an int32 n is libdevice's __nv_powif/__nv_powi in numba-cuda: square and
// multiply, each product rounded. 17.857143f ** 5 printed 1.8157661e+06 under compiled Numba on
// an H200 (tests/programs/numba_cudapy/math_types.py); the correctly rounded power is 1815766.25.
TEST(RuntimeLibdevice, PowerByInt32SquaresAndMultiplies) {
  const float x = static_cast<float>(125.0 / 7.0);
  EXPECT_EQ(py2cuda::libdevice::powif(x, 5), 1815766.125f);
  EXPECT_EQ(py2cuda::libdevice::powif(x, 0), 1.0f);
  EXPECT_EQ(py2cuda::libdevice::powif(NAN, 0), 1.0f);
  EXPECT_EQ(py2cuda::libdevice::powif(2.0f, -3), 0.125f);
  EXPECT_EQ(py2cuda::libdevice::powif(-2.0f, 3), -8.0f);
  EXPECT_EQ(py2cuda::libdevice::powif(2.0f, INT32_MIN), 0.0f);  // 1 / inf
  EXPECT_EQ(py2cuda::libdevice::powif(1.0f, INT32_MIN), 1.0f);
  EXPECT_EQ(py2cuda::libdevice::powi(10.0, -2), 1.0 / 100.0);
  EXPECT_EQ(py2cuda::libdevice::powi(3.0, 20), 3486784401.0);
}
