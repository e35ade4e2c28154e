// The emulation's software float16 (runtime/include/py2cuda/half.h): conversions
// against values numpy gives (np.float16(np.float32(v)) and np.float16(v)), every
// tie between neighbouring halves, and arithmetic against a reference computed
// exactly in double and rounded once.
#include <gtest/gtest.h>

#include <py2cuda/half.h>

#include <cmath>
#include <cstdint>
#include <vector>

namespace {

uint16_t bits(__half h) { return __half_as_ushort(h); }
__half from_bits(uint16_t b) { return __ushort_as_half(b); }
bool is_nan_bits(uint16_t b) { return (b & 0x7C00u) == 0x7C00u && (b & 0x3FFu) != 0; }

struct Case {
  double value;
  uint16_t from_float;   // np.float16(np.float32(value))
  uint16_t from_double;  // np.float16(value)
};

// Generated with numpy 2 (see the comment at the top).
const Case kCases[] = {
    {0.1, 0x2e66, 0x2e66},
    {1.0 / 3.0, 0x3555, 0x3555},
    {65504.0, 0x7bff, 0x7bff},
    {65519.99, 0x7bff, 0x7bff},           // just below the tie with 65536: stays finite
    {65520.0, 0x7c00, 0x7c00},            // the tie rounds to even: infinity
    {1e5, 0x7c00, 0x7c00},                // overflow
    {5.960464477539063e-08, 0x1, 0x1},    // 2**-24, the smallest subnormal
    {2.9802322387695312e-08, 0x0, 0x0},   // 2**-25: a tie, to even (zero)
    {2.980232536792755e-08, 0x1, 0x1},    // just above 2**-25
    {4.470348358154297e-08, 0x1, 0x1},    // 1.5 * 2**-25... rounds to 2**-24
    {6.103515625e-05, 0x400, 0x400},      // 2**-14, the smallest normal
    {6.1005353927612305e-05, 0x400, 0x400},  // 2**-14 - 2**-25: a tie, carried into the normals
    {1.00048828125, 0x3c00, 0x3c00},      // 1 + 2**-11: a tie, to even
    {1.00146484375, 0x3c02, 0x3c02},      // 1 + 3 * 2**-11: a tie, to even (up)
    {-2.5e-08, 0x8000, 0x8000},           // underflow keeps the sign
    {6e-08, 0x1, 0x1},
    {1.0 + 0x1p-11 + 0x1p-40, 0x3c00, 0x3c01},  // float rounds to the tie first; double does not
};

}  // namespace

TEST(RuntimeHalf, ConvertsLikeNumpy) {
  for (const Case& c : kCases) {
    EXPECT_EQ(bits(__half(static_cast<float>(c.value))), c.from_float) << c.value;
    EXPECT_EQ(bits(__half(c.value)), c.from_double) << c.value;
    EXPECT_EQ(bits(__half(static_cast<float>(-c.value))), c.from_float ^ 0x8000u) << -c.value;
    EXPECT_EQ(bits(__half(-c.value)), c.from_double ^ 0x8000u) << -c.value;
  }
}

TEST(RuntimeHalf, InfinitiesAndNaN) {
  EXPECT_EQ(bits(__half(INFINITY)), 0x7C00u);
  EXPECT_EQ(bits(__half(-static_cast<double>(INFINITY))), 0xFC00u);
  EXPECT_EQ(bits(__half(NAN)), 0x7E00u);  // numpy's quiet NaN
  EXPECT_TRUE(is_nan_bits(bits(__half(static_cast<double>(NAN)))));
  EXPECT_TRUE(std::isnan(static_cast<float>(from_bits(0x7D00))));
  EXPECT_TRUE(std::isinf(static_cast<float>(from_bits(0xFC00))));
  EXPECT_EQ(static_cast<float>(from_bits(0x7BFF)), 65504.0f);
  EXPECT_EQ(static_cast<float>(from_bits(0x0001)), std::ldexp(1.0f, -24));
  EXPECT_EQ(static_cast<float>(from_bits(0x03FF)), std::ldexp(1023.0f, -24));
}

// Every finite half converts to float and back unchanged, from float and from
// double; the midpoint between it and its upper neighbour rounds to the one with
// the even significand, and anything just off the midpoint to the nearer one.
TEST(RuntimeHalf, EveryValueAndEveryTie) {
  for (uint32_t b = 0; b < 0x7C00u; ++b) {
    for (uint16_t s : {uint16_t(0), uint16_t(0x8000)}) {
      const uint16_t h = static_cast<uint16_t>(b | s);
      const float f = static_cast<float>(from_bits(h));
      ASSERT_EQ(bits(__half(f)), h);
      ASSERT_EQ(bits(__half(static_cast<double>(f))), h);
      const uint16_t up = static_cast<uint16_t>(h + 1);  // next in magnitude (0x7C00: infinity)
      // Above the largest half the "neighbour" is 65536, one step of its exponent.
      const double next = b == 0x7BFFu ? (s ? -65536.0 : 65536.0) : static_cast<float>(from_bits(up));
      const double mid = (static_cast<double>(f) + next) / 2;
      const uint16_t even = (h & 1) ? up : h;
      ASSERT_EQ(bits(__half(mid)), even) << std::hex << h;
      ASSERT_EQ(bits(__half(static_cast<float>(mid))), even) << std::hex << h;  // midpoints are floats
      ASSERT_EQ(bits(__half(std::nextafter(mid, 0.0))), h) << std::hex << h;
      ASSERT_EQ(bits(__half(std::nextafter(mid, s ? -INFINITY : INFINITY))), up) << std::hex << h;
    }
  }
}

TEST(RuntimeHalf, IntegersAndBool) {
  EXPECT_EQ(static_cast<float>(__half(int64_t(2049))), 2048.0f);  // a tie, to even
  EXPECT_EQ(static_cast<float>(__half(int64_t(2051))), 2052.0f);
  EXPECT_EQ(bits(__half(int64_t(70000))), 0x7C00u);
  EXPECT_EQ(bits(__half(uint64_t(1) << 40)), 0x7C00u);
  EXPECT_EQ(static_cast<float>(__half(int8_t(-128))), -128.0f);
  EXPECT_EQ(static_cast<int64_t>(from_bits(0xC0F0)), -2);  // -2.46875 truncates
  EXPECT_EQ(static_cast<int32_t>(__half(7.9f)), 7);
  EXPECT_TRUE(static_cast<bool>(from_bits(0x0001)));
  EXPECT_FALSE(static_cast<bool>(from_bits(0x8000)));
  EXPECT_EQ(double(__half(0.1)), 0.0999755859375);
}

// +, -, *, / and sqrt of halves, computed in double, are exact (sums and products)
// or rounded with enough extra bits (53 >= 2 * 11 + 2) that rounding once more to
// half is correct: a first-principles reference for the float-based emulation.
TEST(RuntimeHalf, ArithmeticIsCorrectlyRounded) {
  std::vector<uint16_t> values;
  for (uint32_t b = 0; b < 0x10000u; b += 97) values.push_back(static_cast<uint16_t>(b));
  for (uint16_t v : {0x0000, 0x8000, 0x0001, 0x03FF, 0x0400, 0x3C00, 0x3C01, 0x7BFF, 0x7C00, 0xFC00, 0x7E00}) values.push_back(v);
  const auto same = [](__half got, double want) {
    const uint16_t w = bits(__half(want));
    return is_nan_bits(w) ? is_nan_bits(bits(got)) : bits(got) == w;
  };
  for (uint16_t x : values) {
    const __half a = from_bits(x);
    const double da = static_cast<float>(a);
    ASSERT_TRUE(same(hsqrt(a), std::sqrt(da))) << std::hex << x;
    ASSERT_EQ(bits(-a), x ^ 0x8000u);
    ASSERT_EQ(bits(__habs(a)), x & 0x7FFFu);
    for (uint16_t y : values) {
      const __half b = from_bits(y);
      const double db = static_cast<float>(b);
      ASSERT_TRUE(same(a + b, da + db)) << std::hex << x << " + " << y;
      ASSERT_TRUE(same(a - b, da - db)) << std::hex << x << " - " << y;
      ASSERT_TRUE(same(a * b, da * db)) << std::hex << x << " * " << y;
      ASSERT_TRUE(same(a / b, da / db)) << std::hex << x << " / " << y;
      ASSERT_EQ(a < b, da < db);
      ASSERT_EQ(a == b, da == db);
      ASSERT_EQ(a != b, da != db);
      ASSERT_EQ(__hne(a, b), da < db || da > db);  // CUDA's __hne is ordered
    }
  }
}

// fma rounds once: through float (exact product, rounded sum) this case would round
// twice and give 0x44c0; the exact value 0.9302 * 0.8042 + 4 rounds to 0x44bf.
TEST(RuntimeHalf, FmaRoundsOnce) {
  EXPECT_EQ(bits(__hfma(from_bits(0x3b71), from_bits(0x3a6f), from_bits(0x4400))), 0x44bfu);
  EXPECT_EQ(static_cast<float>(__hfma(__half(2.0f), __half(3.0f), __half(1.0f))), 7.0f);
  EXPECT_EQ(bits(__hfma(__half(65504.0f), __half(2.0f), __half(0.0f))), 0x7C00u);
}

TEST(RuntimeHalf, MaxMinAndRounding) {
  const __half nan = from_bits(0x7E00), one = __half(1.0f), two = __half(2.0f);
  EXPECT_EQ(bits(__hmax(nan, one)), bits(one));
  EXPECT_EQ(bits(__hmin(two, nan)), bits(two));
  EXPECT_EQ(bits(__hmax(one, two)), bits(two));
  EXPECT_EQ(bits(__hmin(from_bits(0x0000), from_bits(0x8000))), 0x8000u);
  EXPECT_EQ(static_cast<float>(hrint(__half(2.5f))), 2.0f);
  EXPECT_EQ(static_cast<float>(hrint(__half(3.5f))), 4.0f);
  EXPECT_EQ(static_cast<float>(hfloor(__half(-1.5f))), -2.0f);
  EXPECT_EQ(static_cast<float>(hceil(__half(-1.5f))), -1.0f);
  EXPECT_EQ(static_cast<float>(htrunc(__half(-1.5f))), -1.0f);
  EXPECT_EQ(static_cast<float>(hexp2(__half(3.0f))), 8.0f);
  EXPECT_EQ(static_cast<float>(hexp10(__half(2.0f))), 100.0f);
  EXPECT_EQ(static_cast<float>(hlog2(__half(0.25f))), -2.0f);
  EXPECT_EQ(static_cast<float>(hrsqrt(__half(4.0f))), 0.5f);
  EXPECT_EQ(static_cast<float>(hrcp(__half(8.0f))), 0.125f);
  EXPECT_EQ(bits(hsin(__half(1.0f))), bits(__half(std::sin(1.0))));
}
