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
  std::string function;  // name and width: exp64, sin32, ...
  double x;
  double numpy;
};

const Pinned kPinned[] = {
    {"exp64", -0x1.649296437f8d1p+4, 0x1.ccee2000c2806p-33},
    {"exp64", -0x1.636ac112f6f75p+4, 0x1.ef73d328f7167p-33},
    {"exp64", 0x1.d4087272b1120p+2, 0x1.76ec56e04c178p+10},
    {"exp64", 0x1.38a89169d3f80p+3, 0x1.119b7b9dcccc2p+14},
    {"exp64", -0x1.af6835fc0a7bep+3, 0x1.76e5815adf288p-20},
    {"exp64", 0x1.14849c59cdd62p+4, 0x1.e8d53b1cdb606p+24},
    {"log64", 0x1.6c9296437f8d1p+4, 0x1.902541db04567p+1},
    {"log64", 0x1.a5c0f20ad9b98p+2, 0x1.e2b2a4ee16c40p+0},
    {"log64", 0x1.cc7563a95450ap+4, 0x1.ae087dadff15bp+1},
    {"log64", 0x1.b665335fd4428p+4, 0x1.a7bf85f6a762ep+1},
    {"log64", 0x1.48a89169d3f80p+3, 0x1.2a25f3dac633bp+1},
    {"log64", 0x1.638cf766ca82cp+4, 0x1.8cf0280b48922p+1},
    {"sin32", -0x1.6492960000000p+4, 0x1.295d2a0000000p-2},
    {"sin32", -0x1.9c65700000000p+4, -0x1.3298360000000p-1},
    {"sin32", 0x1.78e5e80000000p+1, 0x1.9101480000000p-3},
    {"sin32", 0x1.cdad560000000p+4, -0x1.18cbb20000000p-1},
    {"sin32", -0x1.1babc20000000p+4, 0x1.cce0fc0000000p-1},
    {"sin32", 0x1.9ca6320000000p+1, -0x1.506e760000000p-4},
    {"cos32", 0x1.d408720000000p+2, 0x1.07a96a0000000p-1},
    {"cos32", -0x1.af68360000000p+3, 0x1.382c080000000p-1},
    {"cos32", 0x1.221d540000000p+4, 0x1.81cd6e0000000p-1},
    {"cos32", -0x1.6464060000000p+4, -0x1.eb984a0000000p-1},
    {"cos32", 0x1.815fb40000000p+4, 0x1.00247a0000000p-1},
    {"cos32", -0x1.1f43060000000p+4, 0x1.3ffd220000000p-1},
    {"exp32", 0x1.85c0f20000000p+2, 0x1.b960c00000000p+8},
    {"exp32", -0x1.c475640000000p+4, 0x1.2694980000000p-41},
    {"exp32", 0x1.9b15240000000p+4, 0x1.0c1bdc0000000p+37},
    {"exp32", -0x1.636ac20000000p+4, 0x1.ef73b80000000p-33},
    {"exp32", 0x1.ae65340000000p+4, 0x1.c039440000000p+38},
    {"exp32", 0x1.38a8920000000p+3, 0x1.119b820000000p+14},
    {"log32", 0x1.a5c0f20000000p+2, 0x1.e2b2a60000000p+0},
    {"log32", 0x1.2ef3640000000p+0, 0x1.58de540000000p-3},
    {"log32", 0x1.3ce0b60000000p+1, 0x1.d01eec0000000p-1},
    {"log32", 0x1.ac8e7c0000000p+4, 0x1.a4d7c00000000p+1},
    {"log32", 0x1.2cee380000000p+4, 0x1.7796d80000000p+1},
    {"log32", 0x1.d18aea0000000p-1, -0x1.859d8c0000000p-4},
};

struct PinnedPower {
  std::string function;  // pow64 or pow32
  double x, y;
  double numpy;
};

const PinnedPower kPinnedPowers[] = {
    {"pow64", 0x1.f969e08c3cdd0p+0, 0x1.0000000000000p+1, 0x1.f2e971d9a00fdp+1},
    {"pow64", 0x1.af31c5ae4e184p+2, 0x1.0000000000000p+1, 0x1.6b2450a7182abp+5},
    {"pow64", 0x1.1f269b750f706p+3, -0x1.0000000000000p+1, 0x1.96f0804488207p-7},
    {"pow64", 0x1.5d7913e92b9c0p+2, 0x1.7ae147ae147aep-2, 0x1.dfc0667b451d8p+0},
    {"pow64", 0x1.286763f3883d4p+0, 0x1.8000000000000p+0, 0x1.3ef00b40807fbp+0},
    {"pow64", 0x1.2f0486ad8c855p+2, 0x1.7ae147ae147aep-2, 0x1.c716d56b05883p+0},
    {"pow32", 0x1.ec9f1e0000000p+2, -0x1.0000000000000p+1, 0x1.1489700000000p-6},
    {"pow32", 0x1.1ae5280000000p-2, 0x1.8000000000000p+0, 0x1.29626a0000000p-3},
    {"pow32", 0x1.a1680c0000000p+1, 0x1.0000000000000p+1, 0x1.544a120000000p+3},
    {"pow32", 0x1.2345e00000000p+0, 0x1.7ae1480000000p-2, 0x1.0c86000000000p+0},
    {"pow32", 0x1.0a1e820000000p+3, 0x1.0000000000000p+1, 0x1.14a3680000000p+6},
    {"pow32", 0x1.3809b40000000p+2, 0x1.8000000000000p+0, 0x1.5880600000000p+3},
};

bool avx512_skx() { return simd::cpu_loops() == simd::Loops::avx512_skx; }

double algorithm(const std::string& function, double x) {
  if (function == "exp64") return simd::exp_f64(x);
  if (function == "log64") return simd::log_f64(x);
  const float xf = static_cast<float>(x);
  if (function == "sin32") return simd::sincos_f32(xf, false);
  if (function == "cos32") return simd::sincos_f32(xf, true);
  if (function == "exp32") return simd::exp_f32(xf);
  if (function == "log32") return simd::log_f32(xf);
  ADD_FAILURE() << function;
  return 0;
}

double libm(const std::string& function, double x) {
  const float xf = static_cast<float>(x);
  if (function == "exp64") return std::exp(x);
  if (function == "log64") return std::log(x);
  if (function == "sin32") return std::sin(xf);
  if (function == "cos32") return std::cos(xf);
  if (function == "exp32") return std::exp(xf);
  return std::log(xf);
}

TEST(NumpySimdMath, AlgorithmsGiveNumpysValues) {
  for (const Pinned& row : kPinned) {
    // log64 asks the CPU for its reciprocal estimate (VRCP14SD), an AVX-512 instruction.
    if (row.function == "log64" && !avx512_skx()) continue;
    EXPECT_EQ(algorithm(row.function, row.x), row.numpy) << row.function << "(" << row.x << ")";
    EXPECT_NE(libm(row.function, row.x), row.numpy) << "not a distinguishing row: " << row.function;
  }
}

TEST(NumpySimdMath, UfuncsTakeNumpysLoopWhereTheCpuHasIt) {
  for (const Pinned& row : kPinned) {
    const bool f64 = row.function.substr(3) == "64";
    const bool numpy_loop = f64 ? avx512_skx() : simd::cpu_loops() != simd::Loops::libm;
    const double expected = numpy_loop ? row.numpy : libm(row.function, row.x);
    const std::string name = row.function.substr(0, 3);
    double got = 0;
    if (f64) {
      got = name == "exp" ? py2cuda::host::exp<double>(row.x) : py2cuda::host::log<double>(row.x);
    } else {
      const float x = static_cast<float>(row.x);
      if (name == "sin") got = py2cuda::host::sin<float>(x);
      if (name == "cos") got = py2cuda::host::cos<float>(x);
      if (name == "exp") got = py2cuda::host::exp<float>(x);
      if (name == "log") got = py2cuda::host::log<float>(x);
    }
    EXPECT_EQ(got, expected) << row.function << "(" << row.x << ")";
  }
}

TEST(NumpySimdMath, PowerIsSvmlsOnAvx512Skx) {
  // SVML's pow asks for VRCP14 and rounds some steps toward zero or down: AVX-512 only.
  if (!avx512_skx()) GTEST_SKIP() << "needs an AVX-512 SKX CPU";
  for (const PinnedPower& row : kPinnedPowers) {
    double got, libm_value;
    if (row.function == "pow64") {
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
}

}  // namespace
