// np.sin, np.cos, np.exp, np.log and np.power as NumPy 1.26 computes them on x86-64 with
// AVX2/FMA3 or AVX-512 (host/numpy_simd_math.h), and `**` of arrays (ndarray.__pow__).
//
// The expected values were printed by NumPy 1.26.4 on an AVX-512 SKX machine, for inputs
// where its result differs from glibc's in the last bit (so a libm call fails these
// tests). A wider check, 900,000 inputs a function (350,000 pairs for power) (uniform ranges, the overflow and
// underflow edges, subnormals, zeros, infinities and nan), found no difference; these
// rows pin it.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "py2cuda/host/creation.h"
#include "py2cuda/host/elementwise.h"
#include "py2cuda/host/numpy_simd_math.h"

namespace {
namespace simd = py2cuda::host::numpy_simd;

struct Pinned {
  std::string function;
  int bits;  // 32: the float32 loop, 64: float64
  double x;
  double numpy;
};

const Pinned kPinned[] = {
    {"exp", 64, -0x1.649296437f8d1p+4, 0x1.ccee2000c2806p-33},
    {"exp", 64, -0x1.636ac112f6f75p+4, 0x1.ef73d328f7167p-33},
    {"exp", 64, 0x1.d4087272b1120p+2, 0x1.76ec56e04c178p+10},
    {"exp", 64, 0x1.38a89169d3f80p+3, 0x1.119b7b9dcccc2p+14},
    {"exp", 64, -0x1.af6835fc0a7bep+3, 0x1.76e5815adf288p-20},
    {"exp", 64, 0x1.14849c59cdd62p+4, 0x1.e8d53b1cdb606p+24},
    {"log", 64, 0x1.6c9296437f8d1p+4, 0x1.902541db04567p+1},
    {"log", 64, 0x1.a5c0f20ad9b98p+2, 0x1.e2b2a4ee16c40p+0},
    {"log", 64, 0x1.cc7563a95450ap+4, 0x1.ae087dadff15bp+1},
    {"log", 64, 0x1.b665335fd4428p+4, 0x1.a7bf85f6a762ep+1},
    {"log", 64, 0x1.48a89169d3f80p+3, 0x1.2a25f3dac633bp+1},
    {"log", 64, 0x1.638cf766ca82cp+4, 0x1.8cf0280b48922p+1},
    {"sin", 32, -0x1.6492960000000p+4, 0x1.295d2a0000000p-2},
    {"sin", 32, -0x1.9c65700000000p+4, -0x1.3298360000000p-1},
    {"sin", 32, 0x1.78e5e80000000p+1, 0x1.9101480000000p-3},
    {"sin", 32, 0x1.cdad560000000p+4, -0x1.18cbb20000000p-1},
    {"sin", 32, -0x1.1babc20000000p+4, 0x1.cce0fc0000000p-1},
    {"sin", 32, 0x1.9ca6320000000p+1, -0x1.506e760000000p-4},
    {"cos", 32, 0x1.d408720000000p+2, 0x1.07a96a0000000p-1},
    {"cos", 32, -0x1.af68360000000p+3, 0x1.382c080000000p-1},
    {"cos", 32, 0x1.221d540000000p+4, 0x1.81cd6e0000000p-1},
    {"cos", 32, -0x1.6464060000000p+4, -0x1.eb984a0000000p-1},
    {"cos", 32, 0x1.815fb40000000p+4, 0x1.00247a0000000p-1},
    {"cos", 32, -0x1.1f43060000000p+4, 0x1.3ffd220000000p-1},
    {"exp", 32, 0x1.85c0f20000000p+2, 0x1.b960c00000000p+8},
    {"exp", 32, -0x1.c475640000000p+4, 0x1.2694980000000p-41},
    {"exp", 32, 0x1.9b15240000000p+4, 0x1.0c1bdc0000000p+37},
    {"exp", 32, -0x1.636ac20000000p+4, 0x1.ef73b80000000p-33},
    {"exp", 32, 0x1.ae65340000000p+4, 0x1.c039440000000p+38},
    {"exp", 32, 0x1.38a8920000000p+3, 0x1.119b820000000p+14},
    {"log", 32, 0x1.a5c0f20000000p+2, 0x1.e2b2a60000000p+0},
    {"log", 32, 0x1.2ef3640000000p+0, 0x1.58de540000000p-3},
    {"log", 32, 0x1.3ce0b60000000p+1, 0x1.d01eec0000000p-1},
    {"log", 32, 0x1.ac8e7c0000000p+4, 0x1.a4d7c00000000p+1},
    {"log", 32, 0x1.2cee380000000p+4, 0x1.7796d80000000p+1},
    {"log", 32, 0x1.d18aea0000000p-1, -0x1.859d8c0000000p-4},
    {"log10", 64, 0x1.52035a4fdf149p+1, 0x1.afd84cebb5a81p-2},
    {"log10", 64, 0x1.73a66112cb5c4p+8, 0x1.48fa26fcb5edcp+1},
    {"log10", 64, 0x1.4448e9939e93fp+6, 0x1.e8ab7b9a8d3a8p+0},
    {"log10", 64, 0x1.86f3aee019152p+9, 0x1.7252d8ff48124p+1},
    {"log10", 64, 0x1.7d95b714b196dp+9, 0x1.70f9ba579f429p+1},
    {"log10", 64, 0x1.0a929a69019ebp+9, 0x1.5d0946f1815b6p+1},
};

struct PinnedPower {
  std::string function;  // pow
  int bits;
  double x, y;
  double numpy;
};

const PinnedPower kPinnedPowers[] = {
    {"pow", 64, 0x1.f969e08c3cdd0p+0, 0x1.0000000000000p+1, 0x1.f2e971d9a00fdp+1},
    {"pow", 64, 0x1.af31c5ae4e184p+2, 0x1.0000000000000p+1, 0x1.6b2450a7182abp+5},
    {"pow", 64, 0x1.1f269b750f706p+3, -0x1.0000000000000p+1, 0x1.96f0804488207p-7},
    {"pow", 64, 0x1.5d7913e92b9c0p+2, 0x1.7ae147ae147aep-2, 0x1.dfc0667b451d8p+0},
    {"pow", 64, 0x1.286763f3883d4p+0, 0x1.8000000000000p+0, 0x1.3ef00b40807fbp+0},
    {"pow", 64, 0x1.2f0486ad8c855p+2, 0x1.7ae147ae147aep-2, 0x1.c716d56b05883p+0},
    {"pow", 32, 0x1.ec9f1e0000000p+2, -0x1.0000000000000p+1, 0x1.1489700000000p-6},
    {"pow", 32, 0x1.1ae5280000000p-2, 0x1.8000000000000p+0, 0x1.29626a0000000p-3},
    {"pow", 32, 0x1.a1680c0000000p+1, 0x1.0000000000000p+1, 0x1.544a120000000p+3},
    {"pow", 32, 0x1.2345e00000000p+0, 0x1.7ae1480000000p-2, 0x1.0c86000000000p+0},
    {"pow", 32, 0x1.0a1e820000000p+3, 0x1.0000000000000p+1, 0x1.14a3680000000p+6},
    {"pow", 32, 0x1.3809b40000000p+2, 0x1.8000000000000p+0, 0x1.5880600000000p+3},
};

bool avx512_skx() { return simd::cpu_loops().svml; }

double algorithm(const Pinned& row) {
  if (row.bits == 64) {
    if (row.function == "exp") return simd::exp_f64(row.x);
    if (row.function == "log") return simd::log_f64(row.x);
    if (row.function == "log10") return simd::log10_f64(row.x);
  } else {
    const float x = static_cast<float>(row.x);
    if (row.function == "sin") return simd::sincos_f32(x, false);
    if (row.function == "cos") return simd::sincos_f32(x, true);
    if (row.function == "exp") return simd::exp_f32(x);
    if (row.function == "log") return simd::log_f32(x);
  }
  ADD_FAILURE() << row.function;
  return 0;
}

double libm(const Pinned& row) {
  if (row.bits == 64) {
    if (row.function == "exp") return std::exp(row.x);
    if (row.function == "log") return std::log(row.x);
    return std::log10(row.x);
  }
  const float x = static_cast<float>(row.x);
  if (row.function == "sin") return std::sin(x);
  if (row.function == "cos") return std::cos(x);
  if (row.function == "exp") return std::exp(x);
  return std::log(x);
}

// The ufunc, as translated host code calls it.
double ufunc(const Pinned& row) {
  namespace host = py2cuda::host;
  if (row.bits == 64) {
    if (row.function == "exp") return host::exp<double>(row.x);
    if (row.function == "log") return host::log<double>(row.x);
    return host::log10<double>(row.x);
  }
  const float x = static_cast<float>(row.x);
  if (row.function == "sin") return host::sin<float>(x);
  if (row.function == "cos") return host::cos<float>(x);
  if (row.function == "exp") return host::exp<float>(x);
  return host::log<float>(x);
}

TEST(NumpySimdMath, AlgorithmsGiveNumpysValues) {
  for (const Pinned& row : kPinned) {
    // SVML's float64 log and log10 ask the CPU for its reciprocal estimate (VRCP14SD), an
    // AVX-512 instruction.
    if (row.bits == 64 && row.function != "exp" && !avx512_skx()) continue;
    EXPECT_EQ(algorithm(row), row.numpy) << row.function << row.bits << "(" << row.x << ")";
    EXPECT_NE(libm(row), row.numpy) << "not a distinguishing row: " << row.function << row.bits;
  }
}

TEST(NumpySimdMath, UfuncsTakeNumpysLoopWhereTheCpuHasIt) {
  for (const Pinned& row : kPinned) {
    const bool numpy_loop = row.bits == 64                               ? avx512_skx()
                            : row.function == "sin" || row.function == "cos" ? simd::cpu_loops().float32_sin_cos
                                                                             : simd::cpu_loops().float32_exp_log;
    const double expected = numpy_loop ? row.numpy : libm(row);
    EXPECT_EQ(ufunc(row), expected) << row.function << row.bits << "(" << row.x << ")";
  }
}

TEST(NumpySimdMath, PowerIsSvmlsOnAvx512Skx) {
  // SVML's pow asks for VRCP14 and rounds some steps toward zero or down: AVX-512 only.
  if (!avx512_skx()) GTEST_SKIP() << "needs an AVX-512 SKX CPU";
  for (const PinnedPower& row : kPinnedPowers) {
    double got, libm_value;
    if (row.bits == 64) {
      got = simd::pow_f64(row.x, row.y);
      libm_value = std::pow(row.x, row.y);
      EXPECT_EQ(py2cuda::host::power<double>(row.x, row.y), row.numpy);
    } else {
      const float x = static_cast<float>(row.x), y = static_cast<float>(row.y);
      got = simd::pow_f32(x, y);
      libm_value = std::pow(x, y);
      EXPECT_EQ(py2cuda::host::power<float>(x, y), row.numpy);
    }
    EXPECT_EQ(got, row.numpy) << row.function << "(" << row.x << ", " << row.y << ")";
    EXPECT_NE(libm_value, row.numpy) << "not a distinguishing row";
  }
}

TEST(NumpySimdMath, ArrayPowerTakesNdarrayPowsShortcuts) {
  namespace host = py2cuda::host;
  // x ** 2 is np.square(x), where the power ufunc (SVML's pow on AVX-512) may differ.
  const host::NDArray<double, 1> x = host::array<double>({0x1.a1680cp+1, 2.5, 10.0, 0.1});
  const auto squared = host::array_power<double>(x, int64_t{2});
  const auto halved = host::array_power<double>(x, 0.5);
  const auto inverted = host::array_power<double>(x, -1.0);
  const auto ones = host::array_power<double>(x, 0.0);
  const auto cubed = host::array_power<double>(x, int64_t{3});
  for (int64_t i = 0; i < 4; ++i) {
    EXPECT_EQ(squared(i), x(i) * x(i));
    EXPECT_EQ(halved(i), std::sqrt(x(i)));
    EXPECT_EQ(inverted(i), 1.0 / x(i));
    EXPECT_EQ(ones(i), 1.0);
    EXPECT_EQ(cubed(i), host::power<double>(x(i), 3.0));
  }
  EXPECT_EQ(host::power_shortcut(2.0, false), host::PowerShortcut::square);  // integer arrays: 2 only
  EXPECT_EQ(host::power_shortcut(0.5, false), host::PowerShortcut::none);
  EXPECT_EQ(host::power_shortcut(3.0, true), host::PowerShortcut::none);
}

TEST(NumpySimdMath, SpecialValuesAreNumpys) {
  const float inf = INFINITY;
  EXPECT_EQ(simd::exp_f32(inf), inf);
  EXPECT_EQ(simd::exp_f32(-inf), 0.0f);
  EXPECT_EQ(simd::exp_f32(88.72283935546875f), inf);  // NumPy's bound: >= overflows
  EXPECT_TRUE(std::isnan(simd::exp_f32(NAN)));
  EXPECT_EQ(simd::log_f32(0.0f), -inf);
  EXPECT_EQ(simd::log_f32(-0.0f), -inf);
  EXPECT_TRUE(std::isnan(simd::log_f32(-1.0f)));
  EXPECT_EQ(simd::log_f32(inf), inf);
  EXPECT_EQ(simd::log_f32(1.0f), 0.0f);
  EXPECT_TRUE(std::signbit(simd::sincos_f32(-0.0f, false)));
  EXPECT_EQ(simd::sincos_f32(0.0f, true), 1.0f);
  EXPECT_TRUE(std::isnan(simd::sincos_f32(inf, false)));
  EXPECT_EQ(simd::sincos_f32(1e6f, false), std::sin(1e6f));  // beyond Cody-Waite: libm
  EXPECT_EQ(simd::exp_f64(0.0), 1.0);
  EXPECT_EQ(simd::exp_f64(1000.0), INFINITY);
  EXPECT_EQ(simd::exp_f64(-1000.0), 0.0);
  EXPECT_EQ(simd::exp_f64(-745.0), std::exp(-745.0));  // subnormal: SVML's rare path
  EXPECT_TRUE(std::isnan(simd::exp_f64(NAN)));
  EXPECT_EQ(simd::log_f64(0.0), -INFINITY);
  EXPECT_TRUE(std::isnan(simd::log_f64(-2.0)));
  EXPECT_EQ(simd::log_f64(INFINITY), INFINITY);
  EXPECT_EQ(simd::log10_f64(0.0), -INFINITY);
  EXPECT_TRUE(std::isnan(simd::log10_f64(-1.0)));
}

}  // namespace
