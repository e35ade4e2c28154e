// py2cuda host runtime: np.sin, np.cos, np.exp, np.log, np.log10 and np.power as NumPy 1.26
// computes them.
//
// NumPy does not call the C library for these on most x86-64 machines. When the CPU has
// AVX2 and FMA3 (or AVX-512F), its float32 sin, cos, exp and log are its own vectorized
// algorithms; on AVX-512 SKX machines (Skylake-X and later) its float64 exp, log and log10
// and its float32 and float64 pow are Intel SVML's. They round differently from glibc: on
// random inputs about one float32 sin in six and one float64 exp in four differ in the
// last bit, which shows in a repr(), in a sum, or in the "max error" a program prints
// against a kernel's result.
// So the functions here are those algorithms, lane by lane, and each ufunc picks them
// where NumPy would, by the same CPU features at run time:
//
//   float32 sin, cos, exp, log    AVX2 + FMA3, or AVX-512F (NumPy's (avx2 fma3), avx512f targets)
//   float64 exp, log, log10       AVX-512 SKX (NumPy's avx512_skx target, SVML)
//   float32, float64 pow          AVX-512 SKX (SVML)
//   otherwise                     the C library (npy_sinf, npy_exp, ... are libm's)
//
// (A CPU with AVX-512F but not SKX's extensions, Xeon Phi, or SKX disabled by
// NPY_DISABLE_CPU_FEATURES, gets NumPy's own float64 exp and log, Tang's table methods;
// they are not reproduced, libm's stand in.)
//
// Every fused multiply-add of NumPy's and SVML's code is std::fma here, and nothing else
// may be fused: the runtime is compiled as ISO C++ (-std=c++20, whose floating-point
// contraction is off) and without -mfma. The lane computations are those of NumPy 1.26's
// loops_trigonometric.dispatch.c.src and loops_exponent_log.dispatch.c.src, and of
// SVML's svml_z0_{exp,log,log10,pow}_d_la.s and svml_z0_pow_s_la.s (NumPy's SVML
// submodule); their constants and tables are theirs, since matching NumPy bit for bit is
// the point.
// NumPy's other SVML functions (tan, tanh, arctan, arctan2, log2, expm1, ...) are not
// reproduced: they stay libm's, and may differ from NumPy's in the last bit.
#pragma once

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string_view>
#include <type_traits>

namespace py2cuda::host::numpy_simd {

// Which of NumPy's loops run here: the CPU's features, less those NumPy's own variable
// NPY_DISABLE_CPU_FEATURES names ("AVX512_SKX AVX2 ...", separated by spaces, commas or
// tabs), as NumPy reads it when it starts. Each family is NumPy 1.26's dispatch targets:
// float32 sin/cos (avx2 fma3) and avx512f; float32 exp/log those and avx512_skx; SVML's
// functions avx512_skx alone. (The test programs set the variable so that their expected
// output is the same on every machine; tests/programs/README.md.)
struct NumpyLoops {
  bool float32_sin_cos = false;
  bool float32_exp_log = false;
  bool svml = false;
};

namespace detail {
inline bool disabled_by_numpy(const char* feature) {
  const char* env = std::getenv("NPY_DISABLE_CPU_FEATURES");
  if (!env) return false;
  const std::string_view names(env), name(feature);
  size_t i = 0;
  while (i < names.size()) {
    const size_t end = std::min(names.find_first_of(", \t\v\r\n\f", i), names.size());
    if (names.substr(i, end - i) == name) return true;
    i = end + 1;
  }
  return false;
}
}  // namespace detail

inline NumpyLoops cpu_loops() {
#if (defined(__GNUC__) || defined(__clang__)) && (defined(__x86_64__) || defined(__i386__))
  static const NumpyLoops loops = [] {
    // __builtin_cpu_supports checks that the OS saves the registers too, as NumPy's
    // dispatcher does.
    const auto has = [](bool supported, const char* numpy_name) {
      return supported && !detail::disabled_by_numpy(numpy_name);
    };
    const bool avx2_fma3 = has(__builtin_cpu_supports("avx2"), "AVX2") && has(__builtin_cpu_supports("fma"), "FMA3");
    const bool avx512f = has(__builtin_cpu_supports("avx512f"), "AVX512F");
    const bool skx = has(__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512cd") &&
                             __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512dq") &&
                             __builtin_cpu_supports("avx512vl"),
                         "AVX512_SKX");
    return NumpyLoops{.float32_sin_cos = avx2_fma3 || avx512f,
                      .float32_exp_log = avx2_fma3 || avx512f || skx,
                      .svml = skx};
  }();
  return loops;
#else
  return NumpyLoops{};
#endif
}

namespace detail {
inline uint64_t bits_of(double x) {
  uint64_t b;
  std::memcpy(&b, &x, sizeof b);
  return b;
}
inline double double_of(uint64_t b) {
  double x;
  std::memcpy(&x, &b, sizeof x);
  return x;
}
}  // namespace detail

// ---- float32 sin and cos: Cody-Waite reduction by pi/2, then a polynomial ----------

// One lane of simd_sincos_f32. Beyond the reduction's range (and for nan and inf)
// NumPy calls the C library.
inline float sincos_f32(float x, bool cosine) {
  const float max_cody = cosine ? 71476.0625f : 117435.992f;
  if (!(std::fabs(x) <= max_cody)) return cosine ? std::cos(x) : std::sin(x);

  // The quadrant: x * 2/pi rounded to the nearest integer by the 1.5 * 2^23 trick.
  float quadrant = x * 0x1.45f306p-1f;
  quadrant = quadrant + 0x1.800000p+23f;
  quadrant = quadrant - 0x1.800000p+23f;

  float r = std::fma(quadrant, -0x1.921fb0p+00f, x);
  r = std::fma(quadrant, -0x1.5110b4p-22f, r);
  r = std::fma(quadrant, -0x1.846988p-48f, r);
  const float r2 = r * r;

  float cos_r = std::fma(0x1.98e616p-16f, r2, -0x1.6c06dcp-10f);
  cos_r = std::fma(cos_r, r2, 0x1.55553cp-05f);
  cos_r = std::fma(cos_r, r2, -0x1.000000p-01f);
  cos_r = std::fma(cos_r, r2, 0x1.000000p+00f);

  float sin_r = std::fma(0x1.7d3bbcp-19f, r2, -0x1.a06bbap-13f);
  sin_r = std::fma(sin_r, r2, 0x1.11119ap-07f);
  sin_r = std::fma(sin_r, r2, -0x1.555556p-03f);
  sin_r = std::fma(sin_r, r2, 0.0f);
  sin_r = std::fma(sin_r, r, r);

  int32_t q = static_cast<int32_t>(quadrant);  // already an integer
  if (cosine) q += 1;
  float value = (q & 1) == 0 ? sin_r : cos_r;
  if ((q & 2) == 2) value = 0.0f - value;  // NumPy subtracts from +0: never -0 here
  return value;
}

// ---- float32 exp: Cody-Waite reduction by ln 2, then a rational approximation --------

inline float exp_f32(float x) {
  if (std::isnan(x)) return std::numeric_limits<float>::quiet_NaN();
  if (x >= 88.72283935546875f) return std::numeric_limits<float>::infinity();
  if (x <= -103.97208404541015625f) return 0.0f;

  float quadrant = x * 1.442695040888963407359924681001892137f;  // log2(e)
  quadrant = quadrant + 0x1.800000p+23f;
  quadrant = quadrant - 0x1.800000p+23f;

  float r = std::fma(quadrant, -6.93145752e-1f, x);
  r = std::fma(quadrant, -1.42860677e-6f, r);
  r = std::fma(quadrant, 0.0f, r);  // NumPy's third reduction step, with a zero constant

  float num = std::fma(5.082762527590693718096e-04f, r, 6.757896990527504603057e-03f);
  num = std::fma(num, r, 5.114512081637298353406e-02f);
  num = std::fma(num, r, 2.473615434895520810817e-01f);
  num = std::fma(num, r, 7.257664613233124478488e-01f);
  num = std::fma(num, r, 9.999999999980870924916e-01f);
  float den = std::fma(2.159509375685829852307e-02f, r, -2.742335390411667452936e-01f);
  den = std::fma(den, r, 1.000000000000000000000e+00f);
  // poly * 2^quadrant, rounded once (AVX-512's scalef; AVX2's exponent add and division).
  return std::ldexp(num / den, static_cast<int>(quadrant));
}

// ---- float32 log: the mantissa in [sqrt(1/2), sqrt(2)), then a rational approximation --

inline float log_f32(float x) {
  if (std::isnan(x)) return std::numeric_limits<float>::quiet_NaN();
  if (x < 0.0f) return -std::numeric_limits<float>::quiet_NaN();
  if (x == 0.0f) return -std::numeric_limits<float>::infinity();
  if (std::isinf(x)) return x;

  int e;
  float m = std::frexp(x, &e);  // x = m * 2^e, m in [0.5, 1): getmant and getexp + 1
  float exponent = static_cast<float>(e);
  if (m <= 0.707106781186547524400844362104849039f) {  // sqrt(1/2)
    m = m + m;
    exponent = exponent - 1.0f;
  }
  m = m - 1.0f;

  float num = std::fma(2.589979117907922693523e-02f, m, 3.808837741388407920751e-01f);
  num = std::fma(num, m, 1.480000633576506585156e+00f);
  num = std::fma(num, m, 2.112677543073053063722e+00f);
  num = std::fma(num, m, 9.999999999999998702752e-01f);
  num = std::fma(num, m, 0.0f);
  float den = std::fma(5.875095403124574342950e-03f, m, 1.546476374983906719538e-01f);
  den = std::fma(den, m, 9.864942958519418960339e-01f);
  den = std::fma(den, m, 2.453006071784736363091e+00f);
  den = std::fma(den, m, 2.612677543073109236779e+00f);
  den = std::fma(den, m, 1.000000000000000000000e+00f);
  return std::fma(exponent, 0.693147180559945309417232121458176568f, num / den);  // + e * ln 2
}

// ---- float64 exp and log: Intel SVML's AVX-512 versions (__svml_exp8, __svml_log8) ---
//
// NumPy 1.26 calls these on AVX-512 SKX machines. Each lane's main path is below; the
// lanes SVML sends to its scalar "rare" path (|x| >= 707.70327 for exp, where the
// result overflows or is subnormal; zero, infinite and negative x for log) take the C
// library's value, which is the IEEE result of those cases.

namespace detail {
// 2^(j/16), j = 0..15: SVML's table (__svml_dexp_data_internal_avx512).
inline constexpr uint64_t kExp2Sixteenths[16] = {
    0x3ff0000000000000, 0x3ff0b5586cf9890f, 0x3ff172b83c7d517b, 0x3ff2387a6e756238,
    0x3ff306fe0a31b715, 0x3ff3dea64c123422, 0x3ff4bfdad5362a27, 0x3ff5ab07dd485429,
    0x3ff6a09e667f3bcd, 0x3ff7a11473eb0187, 0x3ff8ace5422aa0db, 0x3ff9c49182a3f090,
    0x3ffae89f995ad3ad, 0x3ffc199bdd85529c, 0x3ffd5818dcfba487, 0x3ffea4afa2a490da,
};
// -log(r) for the 32 reciprocals r = k/32 in [0.5, 1), log(2r) below 0.75: SVML's table
// (__svml_dlog_data_internal_avx512), indexed by the top 4 bits of r's fraction.
inline constexpr uint64_t kLogReciprocals[16] = {
    0x0000000000000000, 0xbfaf0a30c01162a6, 0xbfbe27076e2af2e6, 0xbfc5ff3070a793d4,
    0xbfcc8ff7c79a9a22, 0xbfd1675cababa60e, 0xbfd4618bc21c5ec2, 0xbfd739d7f6bbd007,
    0x3fd269621134db92, 0x3fcf991c6cb3b379, 0x3fca93ed3c8ad9e3, 0x3fc5bf406b543db2,
    0x3fc1178e8227e47c, 0x3fb9335e5d594989, 0x3fb08598b59e3a07, 0x3fa0415d89e74444,
};

// VRCP14SD: the hardware's reciprocal estimate (relative error below 2^-14). Its exact
// bits decide, near a rounding boundary, which table entry log takes, so they come from
// the instruction itself; log_f64 runs only where the CPU has it.
inline double reciprocal_estimate(double m) {
#if (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__)
  double r;
  asm("vrcp14sd %1, %1, %0" : "=x"(r) : "x"(m));
  return r;
#else
  return 1.0 / m;
#endif
}
}  // namespace detail

inline double exp_f64(double x) {
  if (std::fabs(x) >= 0x1.61da04cbafe44p+9) return std::exp(x);  // overflow, subnormal, inf

  // N = x * log2(e) rounded down to a multiple of 1/16 (SVML: one fused multiply-add
  // with a shifter, rounded toward zero). k = 16 N = floor of the exact 16 x log2(e).
  const double log2e = 0x1.71547652b82fep+0;
  const double product = x * log2e;
  const double product_error = std::fma(x, log2e, -product);  // exact: x log2e = sum
  const double scaled = 16.0 * product;
  double k = std::floor(scaled);
  if (k == scaled && product_error < 0.0) k -= 1.0;  // an integer, and the exact value is below it
  const double n = k / 16.0;
  const int64_t k_int = static_cast<int64_t>(k);

  double r = std::fma(-n, 0x1.62e42fefa39efp-1, x);  // x - N ln2, in two parts
  r = std::fma(-n, 0x1.abc9e3b39803fp-56, r);
  const double r2 = r * r;
  const double p56 = std::fma(0x1.72eb5ef0d213dp-10, r, 0x1.1106603d97c00p-7);
  const double p34 = std::fma(0x1.555564bb4f5f0p-5, r, 0x1.5555554b508a2p-3);
  const double r3 = r2 * r;
  const double p12 = std::fma(r2, 0x1.0000000002622p-1, r);
  const double p36 = std::fma(r2, p56, p34);
  const double expm1_r = std::fma(r3, p36, p12);
  const double th = detail::double_of(detail::kExp2Sixteenths[k_int & 15]);
  const double result = std::fma(th, expm1_r, th);
  return std::ldexp(result, static_cast<int>(k_int >> 4));  // * 2^floor(N), rounded once
}

inline double log_f64(double x) {
  if (x == 0.0 || std::isinf(x) || x < 0.0) return std::log(x);  // SVML's rare path
  if (std::isnan(x)) return x;

  // x = m * 2^e with m in [1, 2) (getmant, getexp; subnormals included).
  int e_frexp;
  const double m = 2.0 * std::frexp(x, &e_frexp);
  double e = static_cast<double>(e_frexp - 1);

  // rcp ~ 1/m rounded to 1/32; R = rcp * m - 1, and log x = e ln2 - log(rcp) + log1p(R).
  const double rcp = std::nearbyint(detail::reciprocal_estimate(m) * 32.0) / 32.0;
  const double r = std::fma(rcp, m, -1.0);
  if (rcp < 0.75) e = e + 1.0;  // the table holds -log(2 rcp) there
  uint64_t rcp_bits;
  std::memcpy(&rcp_bits, &rcp, sizeof rcp_bits);
  const double table = detail::double_of(detail::kLogReciprocals[(rcp_bits >> 48) & 15]);

  const double r2 = r * r;
  const double p78 = std::fma(0x1.249229cee81efp-3, r, -0x1.55553fb28db06p-3);
  double p910 = std::fma(0x1.c81cd309d7c70p-4, r, -0x1.007357e93af62p-3);
  const double p34 = std::fma(0x1.5555555555466p-2, r, -0x1.fffffffffffc6p-2);
  double p56 = std::fma(0x1.9999999cc9f5cp-3, r, -0x1.00000000c05bdp-2);
  const double r4 = r2 * r2;
  p910 = std::fma(r2, p910, p78);
  p56 = std::fma(r2, p56, p34);
  double poly = std::fma(r4, p910, p56);
  poly = std::fma(r2, poly, r);
  return std::fma(e, 0x1.62e42fefa39efp-1, table + poly);
}

// ---- float64 log10: SVML's __svml_log108, log's method with log10 constants ------------

namespace detail {
// -log10(r) for SVML's 32 reciprocals (see kLogReciprocals).
inline constexpr uint64_t kLog10Reciprocals[16] = {
    0x0000000000000000, 0xbf9af5f92b00e610, 0xbfaa30a9d609efea, 0xbfb31b3055c47118,
    0xbfb8cf183886480d, 0xbfbe3bc1ab0e19fe, 0xbfc1b3e71ec94f7b, 0xbfc42c7e7fe3fc02,
    0x3fbffbfc2bbc7803, 0x3fbb721cd17157e3, 0x3fb715d0ce367afc, 0x3fb2e3a740b7800f,
    0x3fadb11ed766abf4, 0x3fa5e3966b7e9295, 0x3f9cb38fccd8bfdb, 0x3f8c3d0837784c41,
};
}  // namespace detail

inline double log10_f64(double x) {
  if (x == 0.0 || std::isinf(x) || x < 0.0) return std::log10(x);  // SVML's rare path
  if (std::isnan(x)) return x;

  int e_frexp;
  const double m = 2.0 * std::frexp(x, &e_frexp);
  double e = static_cast<double>(e_frexp - 1);
  const double rcp = std::nearbyint(detail::reciprocal_estimate(m) * 32.0) / 32.0;
  const double r = std::fma(rcp, m, -1.0);
  if (rcp < 0.75) e = e + 1.0;
  uint64_t rcp_bits;
  std::memcpy(&rcp_bits, &rcp, sizeof rcp_bits);
  const double table = detail::double_of(detail::kLog10Reciprocals[(rcp_bits >> 48) & 15]);

  double p78 = std::fma(0x1.63c62777f27d9p-4, r, -0x1.bcb7b153c06a3p-4);
  double p1112 = std::fma(0x1.8c2d828480370p-5, r, -0x1.bd80d96029814p-5);
  const double p910 = std::fma(0x1.fc3f6f38b58a2p-5, r, -0x1.287a63464dc80p-4);
  const double r2 = r * r;
  const double p56 = std::fma(0x1.287a7636f428cp-3, r, -0x1.bcb7b1526e4dbp-3);
  const double r4 = r2 * r2;
  p1112 = std::fma(r2, p1112, p910);
  p78 = std::fma(r2, p78, p56);
  double poly = std::fma(r4, p1112, p78);
  poly = std::fma(r, poly, 0x1.bcb7b1526e50ep-2);  // log10(e) and the series in R
  const double log10_mantissa = std::fma(poly, r, table);
  return std::fma(0x1.34413509f79ffp-2, e, log10_mantissa);  // + e log10(2)
}

// ---- float64 power: SVML's __svml_pow8 ---------------------------------------------
//
// log2(x) to about 70 bits (a table of -log2 of 32 reciprocals in high and low parts and a
// polynomial in R = rcp*m - 1), times y with the product's low part, then 2^(that) by a
// table of 2^(j/16) and a polynomial. Several of its steps round toward zero or down,
// which the AVX-512 scalar instructions do with an embedded rounding mode; this path runs
// only on CPUs that have them. SVML's rare path (x zero, negative, infinite or nan, y
// infinite or nan, |y log2 x| > 1021.5) is the C library's pow here, which is the IEEE
// result there up to an ulp.

namespace detail {
inline constexpr uint64_t kPowLog2High[32] = {
    0x0000000000000000, 0xbfa6bad3758e0000, 0xbfb663f6fac90000, 0xbfc08c588cda8000,
    0xbfc5c01a39fc0000, 0xbfcacf5e2db50000, 0xbfcfbc16b9028000, 0xbfd24407ab0e0000,
    0xbfd49a784bcd0000, 0xbfd6e221cd9d0000, 0xbfd91bba891f0000, 0xbfdb47ebf7388000,
    0xbfdd6753e0330000, 0xbfdf7a8568cb0000, 0xbfe0c10500d64000, 0xbfe1bf311e95e000,
    0x3fda8ff971810000, 0x3fd8a8980abfc000, 0x3fd6cb0f6865c000, 0x3fd4f6fbb2cec000,
    0x3fd32bfee3710000, 0x3fd169c053640000, 0x3fcf5fd8a9060000, 0x3fcbfc67a8000000,
    0x3fc8a8980abf8000, 0x3fc563dc29ff8000, 0x3fc22dadc2ab0000, 0x3fbe0b1ae8f30000,
    0x3fb7d60496d00000, 0x3fb1bb32a6000000, 0x3fa77394c9da0000, 0x3f9743ee86200000,
};
inline constexpr uint64_t kPowLog2Low[32] = {
    0x0000000000000000, 0xbd5fb0e626c0de13, 0xbd33167ccc538261, 0x3d2871a7610e40bd,
    0x3d54bc302ffa76fb, 0x3d436c101ee13440, 0x3d47f5dc57266758, 0xbd3ce60916e52e91,
    0xbd5b8afe492bf6ff, 0xbd49bcaf1aa4168a, 0xbd5708b4b2b5056c, 0xbd250520a377c7ec,
    0x3d55f101c141e670, 0xbd3b3b3864c60011, 0x3d45669df6a2b592, 0x3d5fe43895d8ac46,
    0x3d44bc302ffa76fb, 0xbd266cccab240e90, 0x3d41d406db502403, 0x3d3661e393a16b95,
    0xbd51979a5db68722, 0xbd4d4f1b95e0ff45, 0x3d5f1a4847f7b278, 0xbd3667f21fa8423f,
    0x3d5e9933354dbf17, 0x3d56590643906f2a, 0x3d5a4b69691d7994, 0xbd054cda62d3926e,
    0xbd512ce6312ebb82, 0x3d552743318a8a57, 0xbd54e55443478fe0, 0xbd495539356f93dc,
};

// The scalar AVX-512 instructions with a rounding mode of their own (SVML's {rz-sae} and
// {rd-sae} operands).
#if (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__)
inline double multiply_toward_zero(double a, double b) {
  double r;
  asm("vmulsd %{rz-sae%}, %2, %1, %0" : "=x"(r) : "x"(a), "x"(b));
  return r;
}
inline double fma_toward_zero(double a, double b, double c) {  // a * b + c
  asm("vfmadd213sd %{rz-sae%}, %2, %1, %0" : "+x"(a) : "x"(b), "x"(c));
  return a;
}
inline double add_down(double a, double b) {
  double r;
  asm("vaddsd %{rd-sae%}, %2, %1, %0" : "=x"(r) : "x"(a), "x"(b));
  return r;
}
inline float multiply_toward_zero(float a, float b) {
  float r;
  asm("vmulss %{rz-sae%}, %2, %1, %0" : "=x"(r) : "x"(a), "x"(b));
  return r;
}
inline float fma_toward_zero(float a, float b, float c) {
  asm("vfmadd213ss %{rz-sae%}, %2, %1, %0" : "+x"(a) : "x"(b), "x"(c));
  return a;
}
inline float add_toward_zero(float a, float b) {
  float r;
  asm("vaddss %{rz-sae%}, %2, %1, %0" : "=x"(r) : "x"(a), "x"(b));
  return r;
}
inline float add_down(float a, float b) {
  float r;
  asm("vaddss %{rd-sae%}, %2, %1, %0" : "=x"(r) : "x"(a), "x"(b));
  return r;
}
inline float reciprocal_estimate(float m) {
  float r;
  asm("vrcp14ss %1, %1, %0" : "=x"(r) : "x"(m));
  return r;
}
#else
inline float multiply_toward_zero(float a, float b) { return a * b; }
inline float fma_toward_zero(float a, float b, float c) { return std::fma(a, b, c); }
inline float add_toward_zero(float a, float b) { return a + b; }
inline float add_down(float a, float b) { return a + b; }
inline float reciprocal_estimate(float m) { return 1.0f / m; }
inline double multiply_toward_zero(double a, double b) { return a * b; }
inline double fma_toward_zero(double a, double b, double c) { return std::fma(a, b, c); }
inline double add_down(double a, double b) { return a + b; }
#endif
}  // namespace detail

inline double pow_f64(double x, double y) {
  const bool rare_x = std::isnan(x) || x <= 0.0 || std::isinf(x);  // vfpclass 0xDF
  const bool rare_y = std::isnan(y) || std::isinf(y);
  if (rare_x || rare_y) return std::pow(x, y);

  // log2(x) = e + log2(m): m in [0.5, 1), rcp ~ 1/m rounded to 1/32, R = rcp m - 1.
  int e_frexp;
  const double m = std::frexp(x, &e_frexp);
  double e = static_cast<double>(e_frexp - 1);  // getexp
  const double rcp = std::nearbyint(detail::reciprocal_estimate(m) * 32.0) / 32.0;
  const double r = std::fma(rcp, m, -1.0);
  if (rcp < 1.5) e = e + 1.0;
  uint64_t rcp_bits;
  std::memcpy(&rcp_bits, &rcp, sizeof rcp_bits);
  const unsigned index = static_cast<unsigned>(rcp_bits >> 47) & 31;
  const double t_high = detail::double_of(detail::kPowLog2High[index]);
  const double t_low = detail::double_of(detail::kPowLog2Low[index]);

  const double c1_high = 0x1.71547652b82fep+0;   // log2(e)
  const double c1_low = 0x1.777f3ee5e912fp-56;
  const double c2_high = -0x1.71547652b82fep-1;  // -log2(e)/2
  const double r2 = r * r;
  double p89 = std::fma(0x1.48799f5374b96p-3, r, -0x1.717e59a559f5dp-3);
  const double p67 = std::fma(0x1.a6175fca19d03p-3, r, -0x1.ec709bc8fb8dfp-3);
  const double e_plus_t = e + t_high;
  double p69 = std::fma(r2, p89, p67);
  const double p45 = std::fma(0x1.2776c50f03272p-2, r, -0x1.71547652bc9eap-2);
  double p49 = std::fma(r2, p69, p45);
  double r2_low = std::fma(r, r, -r2);
  double low = std::fma(c2_high, r2_low, t_low);
  const double p23 = std::fma(0x1.ec709dc3a03fcp-2, r, 0x1.36b5ddffe5b67p-57);
  const double high1 = std::fma(c1_high, r, e_plus_t);
  const double p29 = std::fma(r2, p49, p23);
  double rc1_low = high1 - e_plus_t;
  low = std::fma(p29, r2, low);
  rc1_low = std::fma(r, c1_high, -rc1_low);
  const double high2 = std::fma(c2_high, r2, high1);
  double small = std::fma(c1_low, r, rc1_low);
  const double high = high2 + low;
  const double r2c2_high = high2 - high1;
  const double y_high = detail::multiply_toward_zero(y, high);
  const double r2c2_low = std::fma(c2_high, r2, -r2c2_high);
  const double high_excess = high - high2;
  const double y_high_low = detail::fma_toward_zero(y, high, -y_high);
  const double low_low = low - high_excess;
  small = small + r2c2_low;
  const double tail = low_low + small;
  const double shifted = detail::add_down(y_high, 0x1.8000000003ff0p+48);  // 1.5 * 2^48 + 1023

  // 2^(y log2 x): the integer and sixteenths of y_high from `shifted`, the rest a polynomial.
  // vreducepd: y_high less its sixteenths rounded down, the difference rounded down too.
  const double fraction = detail::add_down(y_high, -std::floor(y_high * 16.0) / 16.0);
  const double z_low = detail::fma_toward_zero(y, tail, y_high_low);
  double reduced = fraction + z_low;
  if (!(std::fabs(y_high) <= 1021.5)) return std::pow(x, y);  // SVML's rare path
  uint64_t reduced_bits;
  std::memcpy(&reduced_bits, &reduced, sizeof reduced_bits);
  reduced = detail::double_of(reduced_bits & 0xbfffffffffffffffULL);
  uint64_t shifted_bits;
  std::memcpy(&shifted_bits, &shifted, sizeof shifted_bits);
  const double t_exp = detail::double_of(detail::kExp2Sixteenths[shifted_bits & 15]);
  const double reduced2 = reduced * reduced;
  const double r_t = t_exp * reduced;
  double q = std::fma(0x1.4a1d7f58c2d59p-13, reduced, 0x1.5d7472783d279p-10);
  const double q34 = std::fma(0x1.3b2ad1b14ebaap-7, reduced, 0x1.c6b08d4ad8eb9p-5);
  const double q12 = std::fma(0x1.ebfbdff84554dp-3, reduced, 0x1.62e42fefa398bp-1);
  const double scale = detail::double_of((shifted_bits << 48) & 0x7ff0000000000000ULL);  // 2^M
  q = std::fma(reduced2, q, q34);
  q = std::fma(reduced2, q, q12);
  q = std::fma(r_t, q, t_exp);
  return q * scale;
}

// ---- float32 power: SVML's __svml_powf16, the same method in float ---------------------

namespace detail {
inline constexpr uint32_t kPowfLog2High[32] = {
    0x00000000, 0xbd35d000, 0xbdb32000, 0xbe046400, 0xbe2e0000, 0xbe567c00, 0xbe7de000, 0xbe922000,
    0xbea4d400, 0xbeb71200, 0xbec8de00, 0xbeda4000, 0xbeeb3a00, 0xbefbd400, 0xbf060800, 0xbf0dfa00,
    0x3ed48000, 0x3ec54400, 0x3eb65800, 0x3ea7b800, 0x3e996000, 0x3e8b4e00, 0x3e7b0000, 0x3e5fe400,
    0x3e454400, 0x3e2b2000, 0x3e116c00, 0x3df05800, 0x3dbeb000, 0x3d8dd800, 0x3d3ba000, 0x3cba2000,
};
inline constexpr uint32_t kPowfLog2Low[32] = {
    0x00000000, 0xb6d3758f, 0x3510536f, 0x369dcc96, 0xb651cfdf, 0x3687492c, 0xb635c813, 0xb5f561c1,
    0x35f6865d, 0x36f19318, 0x35aedc1d, 0x36a0463c, 0xb69f0197, 0xb5ad1961, 0xb6201ac7, 0x36ee16a3,
    0xb5d1cfdf, 0x36c055fe, 0x3676865d, 0xb589a627, 0xb48e4789, 0x33a6c7e3, 0xb69d5be7, 0xb642c000,
    0x364055fe, 0xb68f5801, 0x36b70aad, 0x35d74798, 0x3492d9f7, 0x364a9801, 0xb6566c4d, 0xb48bcf06,
};
inline constexpr uint32_t kExp2SixteenthsF[16] = {
    0x3f800000, 0x3f85aac3, 0x3f8b95c2, 0x3f91c3d3, 0x3f9837f0, 0x3f9ef532, 0x3fa5fed7, 0x3fad583f,
    0x3fb504f3, 0x3fbd08a4, 0x3fc5672a, 0x3fce248c, 0x3fd744fd, 0x3fe0ccdf, 0x3feac0c7, 0x3ff5257d,
};
inline uint32_t bits_of(float x) {
  uint32_t b;
  std::memcpy(&b, &x, sizeof b);
  return b;
}
inline float float_of(uint32_t b) {
  float x;
  std::memcpy(&x, &b, sizeof x);
  return x;
}
}  // namespace detail

inline float pow_f32(float x, float y) {
  const bool rare_x = std::isnan(x) || x <= 0.0f || std::isinf(x);
  const bool rare_y = std::isnan(y) || std::isinf(y);
  if (rare_x || rare_y) return std::pow(x, y);

  int e_frexp;
  const float m = std::frexp(x, &e_frexp);
  float e = static_cast<float>(e_frexp - 1);
  const float rcp = std::nearbyint(detail::reciprocal_estimate(m) * 32.0f) / 32.0f;
  const float r = std::fma(rcp, m, -1.0f);
  if (rcp < 1.5f) e = e + 1.0f;
  const unsigned index = (detail::bits_of(rcp) >> 18) & 31;
  const float t_high = detail::float_of(detail::kPowfLog2High[index]);
  const float t_low = detail::float_of(detail::kPowfLog2Low[index]);

  const float c1_high = 0x1.715476p+0f;  // log2(e)
  float p = std::fma(0x1.278e0ap-2f, r, -0x1.7167dap-2f);
  p = std::fma(p, r, 0x1.ec709ep-2f);
  const float e_plus_t = t_high + e;
  p = std::fma(p, r, -0x1.715476p-1f);
  const float poly_low = std::fma(p, r, 0x1.4ae198p-26f);
  const float high1 = std::fma(c1_high, r, e_plus_t);
  float low = std::fma(poly_low, r, t_low);
  const float rc1_high = high1 - e_plus_t;
  const float high = high1 + low;
  const float rc1_low = std::fma(c1_high, r, -rc1_high);
  const float y_high = detail::multiply_toward_zero(high, y);
  const float low_high = high - high1;
  const float y_high_low = detail::fma_toward_zero(y, high, -y_high);
  low = low - low_high;
  float z_low = low + rc1_low;
  z_low = detail::fma_toward_zero(y, z_low, y_high_low);
  const float z = detail::add_toward_zero(y_high, z_low);
  const float z_excess = z - y_high;
  const float shifted = detail::add_down(z, 786559.0f);  // 1.5 * 2^19 + 127
  const float fraction = detail::add_down(z, -std::floor(z * 16.0f) / 16.0f);  // vreduceps
  const float z_rest = z_low - z_excess;
  if (!(std::fabs(z) <= 125.5f)) return std::pow(x, y);  // SVML's rare path

  const uint32_t shifted_bits = detail::bits_of(shifted);
  const float t_exp = detail::float_of(detail::kExp2SixteenthsF[shifted_bits & 15]);
  const float reduced = detail::float_of(detail::bits_of(fraction + z_rest) & 0xbfffffffu);
  const float scale = detail::float_of((shifted_bits << 19) & 0x7f800000u);  // 2^M
  const float r_t = reduced * t_exp;
  float q = std::fma(0x1.d0a996p-5f, reduced, 0x1.ebe2d8p-3f);
  q = std::fma(reduced, q, 0x1.62e444p-1f);
  q = std::fma(r_t, q, t_exp);
  return q * scale;
}

// ---- The ufuncs' element functions: NumPy's loop where this CPU runs it ---------------

template <class T>
T power(T x, T y) {
  if constexpr (std::is_same_v<T, float>) {
    if (cpu_loops().svml) return pow_f32(x, y);
  } else if constexpr (std::is_same_v<T, double>) {
    if (cpu_loops().svml) return pow_f64(x, y);
  }
  return std::pow(x, y);
}

template <class T>
T log10(T x) {
  if constexpr (std::is_same_v<T, double>) {
    if (cpu_loops().svml) return log10_f64(x);
  }
  return std::log10(x);
}

template <class T>
T sin(T x) {
  if constexpr (std::is_same_v<T, float>) {
    if (cpu_loops().float32_sin_cos) return sincos_f32(x, false);
  }
  return std::sin(x);
}

template <class T>
T cos(T x) {
  if constexpr (std::is_same_v<T, float>) {
    if (cpu_loops().float32_sin_cos) return sincos_f32(x, true);
  }
  return std::cos(x);
}

template <class T>
T exp(T x) {
  if constexpr (std::is_same_v<T, float>) {
    if (cpu_loops().float32_exp_log) return exp_f32(x);
  } else if constexpr (std::is_same_v<T, double>) {
    if (cpu_loops().svml) return exp_f64(x);
  }
  return std::exp(x);
}

template <class T>
T log(T x) {
  if constexpr (std::is_same_v<T, float>) {
    if (cpu_loops().float32_exp_log) return log_f32(x);
  } else if constexpr (std::is_same_v<T, double>) {
    if (cpu_loops().svml) return log_f64(x);
  }
  return std::log(x);
}

}  // namespace py2cuda::host::numpy_simd
