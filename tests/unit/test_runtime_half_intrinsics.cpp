// The emulation's cuda_fp16.h intrinsics (runtime/include/py2cuda/half_intrinsics.h):
// directed-rounding conversions against a reference that searches the sorted list of
// every half for the neighbours of the exact value, integer conversions in every mode
// with saturation and NaN, saturating and relu arithmetic, the _nan min/max, the
// unordered comparisons, __hisinf and the bit casts.
#include <gtest/gtest.h>

#include <py2cuda/half.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

namespace {

uint16_t bits(__half h) { return __half_as_ushort(h); }
__half from_bits(uint16_t b) { return __ushort_as_half(b); }
double value(uint16_t b) { return static_cast<double>(static_cast<float>(from_bits(b))); }

// Every half from -inf to +inf in increasing order (one zero, +0).
const std::vector<uint16_t>& ordered_halves() {
  static const std::vector<uint16_t> all = [] {
    std::vector<uint16_t> v;
    for (int b = 0xFC00; b > 0x8000; --b) v.push_back(static_cast<uint16_t>(b));  // -inf .. -2**-24
    for (int b = 0; b <= 0x7C00; ++b) v.push_back(static_cast<uint16_t>(b));       // +0 .. +inf
    return v;
  }();
  return all;
}

// The reference: rd is the largest half <= v, ru the smallest >= v, with the signs IEEE
// gives zeros (a negative value rounding to zero is -0); infinities only where the mode
// allows them (overflow toward zero or toward the other infinity gives +-65504).
uint16_t reference(double v, char mode) {
  const auto& all = ordered_halves();
  auto ge = std::lower_bound(all.begin(), all.end(), v, [](uint16_t b, double x) { return value(b) < x; });
  if (value(*ge) == v) return v == 0 && std::signbit(v) ? 0x8000 : *ge;
  const uint16_t up = *ge, down = *(ge - 1);
  uint16_t r;
  if (mode == 'd') r = down;
  else if (mode == 'u') r = up;
  else if (mode == 'z') r = v > 0 ? down : up;
  else {
    // Beyond 65504 the "next" half is 65536 for rounding to nearest (65520 is the tie).
    const double vu = up == 0x7C00 ? 65536.0 : up == 0xFC00 ? -65536.0 : value(up);
    const double vd = down == 0xFC00 ? -65536.0 : value(down);
    const double a = v - vd, b = vu - v;
    r = a < b ? down : b < a ? up : ((down & 1) ? up : down);
  }
  if (r == 0 && v < 0) r = 0x8000;
  return r;
}

std::vector<float> probe_floats() {
  std::vector<float> v;
  // Every half, the midpoints between neighbours and values one float ulp either side.
  const auto& all = ordered_halves();
  for (size_t i = 0; i + 1 < all.size(); ++i) {
    const float a = static_cast<float>(value(all[i])), b = static_cast<float>(value(all[i + 1]));
    if (std::isinf(a) || std::isinf(b)) continue;
    const float mid = static_cast<float>((static_cast<double>(a) + b) / 2);
    for (float x : {a, mid, std::nextafter(mid, -INFINITY), std::nextafter(mid, INFINITY), std::nextafter(a, b)}) v.push_back(x);
  }
  for (float x : {65504.0f, 65519.0f, 65520.0f, 65535.0f, 1e10f, 3.0e38f, 5.9604645e-08f, 2.9802322e-08f, 1e-30f})
    for (float s : {1.0f, -1.0f}) v.push_back(s * x);
  return v;
}

TEST(HalfIntrinsics, FloatToHalfInEveryModeMatchesTheNeighbourSearch) {
  for (float f : probe_floats()) {
    ASSERT_EQ(bits(__float2half_rn(f)), reference(f, 'n')) << f;
    ASSERT_EQ(bits(__float2half_rz(f)), reference(f, 'z')) << f;
    ASSERT_EQ(bits(__float2half_rd(f)), reference(f, 'd')) << f;
    ASSERT_EQ(bits(__float2half_ru(f)), reference(f, 'u')) << f;
  }
}

TEST(HalfIntrinsics, DirectedRoundingSpotValues) {
  EXPECT_EQ(bits(__float2half_rd(1.0f + 0x1p-11f)), 0x3C00);  // a tie: down
  EXPECT_EQ(bits(__float2half_ru(1.0f + 0x1p-11f)), 0x3C01);  // up
  EXPECT_EQ(bits(__float2half_rn(1.0f + 0x1p-11f)), 0x3C00);  // to even
  EXPECT_EQ(bits(__float2half_rn(1.0f + 3 * 0x1p-11f)), 0x3C02);
  EXPECT_EQ(bits(__float2half_rz(-1e10f)), 0xFBFF);  // -65504, not -inf
  EXPECT_EQ(bits(__float2half_rd(-1e10f)), 0xFC00);
  EXPECT_EQ(bits(__float2half_ru(1e-30f)), 0x0001);  // the smallest subnormal
  EXPECT_EQ(bits(__float2half_rd(-1e-30f)), 0x8001);
  EXPECT_EQ(bits(__float2half_rz(-1e-30f)), 0x8000);  // -0
  EXPECT_EQ(bits(__float2half_ru(INFINITY)), 0x7C00);
  EXPECT_EQ(bits(__float2half_rz(-INFINITY)), 0xFC00);
  EXPECT_TRUE(__hisnan(__float2half_rz(NAN)));
}

TEST(HalfIntrinsics, IntegersToHalf) {
  for (int n = -70000; n <= 70000; ++n) {
    ASSERT_EQ(bits(__int2half_rn(n)), reference(n, 'n')) << n;
    ASSERT_EQ(bits(__int2half_rz(n)), reference(n, 'z')) << n;
    ASSERT_EQ(bits(__int2half_rd(n)), reference(n, 'd')) << n;
    ASSERT_EQ(bits(__int2half_ru(n)), reference(n, 'u')) << n;
  }
  EXPECT_EQ(bits(__short2half_ru(static_cast<short>(-32767))), reference(-32767, 'u'));
  EXPECT_EQ(bits(__ushort2half_rd(static_cast<unsigned short>(65535))), 0x7BFF);
  EXPECT_EQ(bits(__ushort2half_rn(static_cast<unsigned short>(65535))), 0x7C00);
  EXPECT_EQ(bits(__uint2half_rz(4000000000u)), 0x7BFF);
  EXPECT_EQ(bits(__ll2half_rd(std::numeric_limits<long long>::min())), 0xFC00);
  EXPECT_EQ(bits(__ll2half_ru(std::numeric_limits<long long>::min())), 0xFBFF);
  EXPECT_EQ(bits(__ull2half_ru(std::numeric_limits<unsigned long long>::max())), 0x7C00);
  EXPECT_EQ(bits(__ull2half_rz(std::numeric_limits<unsigned long long>::max())), 0x7BFF);
  EXPECT_EQ(bits(__ll2half_rn(2049)), 0x6800);  // 2048: the tie goes to even
  EXPECT_EQ(bits(__ll2half_rn(2051)), 0x6802);  // 2052
}

TEST(HalfIntrinsics, HalfToIntegersRoundAndSaturate) {
  const __half h25 = __float2half(2.5f), hm25 = __float2half(-2.5f), h35 = __float2half(3.5f);
  EXPECT_EQ(__half2int_rn(h25), 2);
  EXPECT_EQ(__half2int_rn(h35), 4);
  EXPECT_EQ(__half2int_rz(hm25), -2);
  EXPECT_EQ(__half2int_rd(hm25), -3);
  EXPECT_EQ(__half2int_ru(hm25), -2);
  EXPECT_EQ(__half2int_ru(h25), 3);
  EXPECT_EQ(__half2short_rn(__float2half(65504.0f)), 32767);
  EXPECT_EQ(__half2short_rd(__float2half(-65504.0f)), -32768);
  EXPECT_EQ(__half2ushort_rz(__float2half(-3.0f)), 0);
  EXPECT_EQ(__half2ushort_ru(__float2half(65504.0f)), 65504);
  EXPECT_EQ(__half2uint_rn(__ushort_as_half(0x7C00)), 0xFFFFFFFFu);
  EXPECT_EQ(__half2int_rz(__ushort_as_half(0xFC00)), std::numeric_limits<int>::min());
  EXPECT_EQ(__half2char_rz(__float2half(300.0f)), 127);
  EXPECT_EQ(__half2char_rz(__float2half(-128.9f)), -128);
  EXPECT_EQ(__half2uchar_rz(__float2half(255.9f)), 255);
  EXPECT_EQ(__half2uchar_rz(__float2half(-0.5f)), 0);
  EXPECT_EQ(__half2ll_rd(__float2half(-0.25f)), -1);
  EXPECT_EQ(__half2ull_ru(__float2half(0.25f)), 1u);
  const __half nan = __ushort_as_half(0x7E00);
  EXPECT_EQ(__half2int_rn(nan), 0);
  EXPECT_EQ(__half2uint_rd(nan), 0u);
  EXPECT_EQ(__half2short_ru(nan), 0);
  EXPECT_EQ(__half2char_rz(nan), 0);
  // cuda_fp16.hpp: 64-bit conversions of NaN give 0x8000000000000000.
  EXPECT_EQ(__half2ll_rz(nan), std::numeric_limits<long long>::min());
  EXPECT_EQ(__half2ull_rn(nan), 0x8000000000000000ull);
  // Every finite half against floor/ceil/trunc/nearbyint of its exact value.
  for (uint32_t b = 0; b < 0x10000; ++b) {
    const double v = value(static_cast<uint16_t>(b));
    if (!std::isfinite(v)) continue;
    const __half h = from_bits(static_cast<uint16_t>(b));
    ASSERT_EQ(__half2ll_rn(h), static_cast<long long>(std::nearbyint(v)));
    ASSERT_EQ(__half2ll_rd(h), static_cast<long long>(std::floor(v)));
    ASSERT_EQ(__half2ll_ru(h), static_cast<long long>(std::ceil(v)));
    ASSERT_EQ(__half2int_rz(h), static_cast<int>(std::trunc(v)));
  }
}

TEST(HalfIntrinsics, BitCasts) {
  EXPECT_EQ(__half_as_short(__float2half(-2.0f)), static_cast<short>(0xC000));
  EXPECT_EQ(bits(__short_as_half(static_cast<short>(-1024))), 0xFC00);  // -inf
  EXPECT_EQ(__half_as_ushort(__ushort_as_half(0x7E01)), 0x7E01);
}

TEST(HalfIntrinsics, SaturatingAndReluArithmetic) {
  const __half a = __float2half(0.75f), b = __float2half(0.5f), nan = __ushort_as_half(0x7E00);
  EXPECT_EQ(bits(__hadd_sat(a, b)), 0x3C00);              // 1.25 -> 1
  EXPECT_EQ(bits(__hsub_sat(b, a)), 0x0000);              // -0.25 -> +0
  EXPECT_EQ(bits(__hmul_sat(a, b)), bits(__float2half(0.375f)));
  EXPECT_EQ(bits(__hadd_sat(nan, a)), 0x0000);            // NaN -> +0
  EXPECT_EQ(bits(__hsub_sat(__float2half(-0.0f), __float2half(0.0f))), 0x0000);  // -0 -> +0
  EXPECT_EQ(bits(__hfma_sat(a, a, b)), 0x3C00);           // 1.0625 -> 1
  EXPECT_EQ(bits(__hfma_relu(a, __float2half(-2.0f), b)), 0x0000);  // -1 -> +0
  EXPECT_EQ(bits(__hfma_relu(a, b, b)), bits(__float2half(0.875f)));
  EXPECT_EQ(bits(__hfma_relu(nan, a, b)), 0x7FFF);        // NaN stays NaN (canonical)
  EXPECT_EQ(bits(__hadd_rn(a, b)), bits(__float2half(1.25f)));
  EXPECT_EQ(bits(__hmul_rn(a, b)), bits(__float2half(0.375f)));
  EXPECT_EQ(bits(__hsub_rn(a, b)), bits(__float2half(0.25f)));
}

TEST(HalfIntrinsics, NanPropagatingMinMax) {
  const __half one = __float2half(1.0f), two = __float2half(2.0f), nan = __ushort_as_half(0x7E00);
  EXPECT_EQ(bits(__hmax_nan(one, two)), bits(two));
  EXPECT_EQ(bits(__hmin_nan(one, two)), bits(one));
  EXPECT_EQ(bits(__hmax_nan(one, nan)), 0x7FFF);
  EXPECT_EQ(bits(__hmin_nan(nan, one)), 0x7FFF);
  EXPECT_EQ(bits(__hmax(one, nan)), bits(one));  // the plain ones drop the NaN
}

TEST(HalfIntrinsics, UnorderedComparisonsAndClassification) {
  const __half one = __float2half(1.0f), two = __float2half(2.0f), nan = __ushort_as_half(0x7E00);
  EXPECT_TRUE(__hequ(one, one));
  EXPECT_FALSE(__hequ(one, two));
  EXPECT_TRUE(__hneu(one, two));
  EXPECT_FALSE(__hneu(two, two));
  EXPECT_TRUE(__hltu(one, two));
  EXPECT_FALSE(__hgtu(one, two));
  EXPECT_TRUE(__hgeu(two, two));
  EXPECT_TRUE(__hleu(two, two));
  EXPECT_FALSE(__hleu(two, one));
  for (bool r : {__hequ(nan, one), __hneu(nan, one), __hgeu(one, nan), __hgtu(nan, one), __hleu(nan, nan),
                 __hltu(one, nan)})
    EXPECT_TRUE(r);
  EXPECT_FALSE(__heq(nan, nan));
  EXPECT_TRUE(__hisnan(nan));
  EXPECT_FALSE(__hisnan(__ushort_as_half(0x7C00)));
  EXPECT_EQ(__hisinf(__ushort_as_half(0x7C00)), 1);
  EXPECT_EQ(__hisinf(__ushort_as_half(0xFC00)), -1);
  EXPECT_EQ(__hisinf(__ushort_as_half(0x7BFF)), 0);
  EXPECT_EQ(__hisinf(nan), 0);
}

}  // namespace
