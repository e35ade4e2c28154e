// py2cuda runtime: numba.cuda.libdevice.
//
// Each libdevice.NAME of a kernel is translated to the CUDA math API function that
// nvcc lowers to libdevice's __nv_NAME (sinf, __fadd_rz, __double2int_rn, __popc,
// ...), so under nvcc this header only adds what the math API lacks:
//   - the functions that return values through pointers (sincos, frexp, modf,
//     remquo, ...) as functions returning a py2cuda::tuple, the way Numba returns them;
//   - the float32 <-> binary16 conversions on int16 bit patterns (__nv_float2half_rn,
//     __nv_half2float), as the PTX conversions (no cuda_fp16.h needed).
//
// In the CPU emulation it also defines, for the host compiler, every CUDA-only
// function those translations call, with CUDA's results:
//   - rounding-mode arithmetic and conversions (_rn, _rz, _ru, _rd) exactly: the
//     operation runs with the host FPU's rounding mode switched (fesetround), which
//     rounds the one IEEE operation exactly as the GPU instruction does;
//     float-to-integer conversions round first, then saturate like PTX cvt (float_to_int.h);
//   - integer intrinsics (__brev, __byte_perm, __hadd, __mul24, __mulhi, __sad, ...)
//     bit for bit;
//   - CUDA-only math (sinpi, cospi, rsqrt, rcbrt, erfinv, erfcinv, erfcx, normcdf,
//     normcdfinv) to within a few ulp, like the GPU's (which is not bit-exact either);
//   - the fast approximations (__sinf, __expf, __powf, __fdividef, ...) as the
//     accurate functions: the GPU's are approximations whose last bits no host
//     library reproduces; their documented special cases (__fdividef by a huge y,
//     __saturatef) are reproduced.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>

#include "config.h"
#include "float_to_int.h"
#include "tuple.h"

#if !P2C_BACKEND_CUDA
#include <cfenv>
#include <limits>
#endif

// ------------------------------------------------------------------------------ emulation
#if !P2C_BACKEND_CUDA

namespace py2cuda::emu::libdevice {

// Runs op() with the FPU rounding mode `mode`, restoring the caller's afterwards.
// op reads its operands through volatile, so the compiler neither folds the operation
// at compile time (in the default mode) nor moves it outside the mode switch.
template <class Op>
inline auto with_rounding(int mode, Op op) {
  const int saved = std::fegetround();
  std::fesetround(mode);
  volatile auto result = op();
  std::fesetround(saved);
  return static_cast<decltype(op())>(result);
}

template <class T>
inline T add(T a, T b, int mode) {
  return with_rounding(mode, [&] { volatile T x = a, y = b; return static_cast<T>(x + y); });
}
template <class T>
inline T sub(T a, T b, int mode) {
  return with_rounding(mode, [&] { volatile T x = a, y = b; return static_cast<T>(x - y); });
}
template <class T>
inline T mul(T a, T b, int mode) {
  return with_rounding(mode, [&] { volatile T x = a, y = b; return static_cast<T>(x * y); });
}
template <class T>
inline T div(T a, T b, int mode) {
  return with_rounding(mode, [&] { volatile T x = a, y = b; return static_cast<T>(x / y); });
}
template <class T>
inline T sqrt(T a, int mode) {
  return with_rounding(mode, [&] { volatile T x = a; return static_cast<T>(std::sqrt(static_cast<T>(x))); });
}
template <class T>
inline T fma(T a, T b, T c, int mode) {
  return with_rounding(mode, [&] {
    volatile T x = a, y = b, z = c;
    return static_cast<T>(std::fma(static_cast<T>(x), static_cast<T>(y), static_cast<T>(z)));
  });
}
// A conversion between arithmetic types (double -> float, integer -> float) in `mode`.
template <class To, class From>
inline To convert(From v, int mode) {
  return with_rounding(mode, [&] { volatile From x = v; return static_cast<To>(x); });
}

// Float -> integer as PTX cvt.{rni,rzi,rpi,rmi}: round to an integral value in the
// mode, then saturate as every PTX conversion to an integer does (float_to_int.h: NaN gives
// the top bit alone, as the hardware does).
template <class I, class F>
inline I to_int(F v, int mode) {
  F r = mode == FE_TONEAREST ? std::nearbyint(v)  // the default mode: ties to even
        : mode == FE_TOWARDZERO ? std::trunc(v)
        : mode == FE_UPWARD     ? std::ceil(v)
                                : std::floor(v);
  return ::py2cuda::detail::cvt_saturate<I>(r);
}

template <class To, class From>
inline To bit_cast(From v) {
  static_assert(sizeof(To) == sizeof(From));
  To out;
  std::memcpy(&out, &v, sizeof out);
  return out;
}

// sin(pi x) and cos(pi x) with the argument reduced exactly: x - 2k is exact in
// floating point, so sinpi(n) is exactly +-0 and cospi(n + 1/2) exactly +0.
template <class T>
inline void sincospi(T x, T* s, T* c) {
  if (!std::isfinite(x)) {
    *s = *c = std::numeric_limits<T>::quiet_NaN();
    return;
  }
  T r = std::remainder(x, T(2));  // exact, in [-1, 1]
  // Reduce to |t| <= 1/4 around the nearest quarter turn q.
  T q = std::nearbyint(r * 2);  // exact: r * 2 is exact
  T t = r - q / 2;              // exact
  const T pi = T(3.141592653589793238462643383279502884L);
  T st = std::sin(pi * t), ct = std::cos(pi * t);
  int quarter = static_cast<int>(q) & 3;
  T sv, cv;
  switch (quarter) {
    case 0: sv = st; cv = ct; break;
    case 1: sv = ct; cv = -st; break;
    case 2: sv = -st; cv = -ct; break;
    default: sv = -ct; cv = st; break;
  }
  if (t == 0) {
    // Exact multiples of 1/2: sinpi of an integer is a zero with x's sign and cospi of
    // an odd multiple of 1/2 is +0, as IEEE 754-2008 (9.2.1) recommends for sinPi/cosPi.
    if (quarter == 0 || quarter == 2) sv = std::copysign(T(0), x);
    if (quarter == 1 || quarter == 3) cv = T(0);
  }
  *s = sv;
  *c = cv;
}

// erfinv by Newton's method on erf (erfc near |y| = 1), from Giles' single-precision
// approximation ("Approximating the erfinv function", 2010), until the step vanishes.
inline double erfinv(double y) {
  if (std::isnan(y) || y < -1 || y > 1) return std::numeric_limits<double>::quiet_NaN();
  if (y == 1) return std::numeric_limits<double>::infinity();
  if (y == -1) return -std::numeric_limits<double>::infinity();
  if (y == 0) return y;
  double w = -std::log((1.0 - y) * (1.0 + y)), x;
  if (w < 5.0) {
    w -= 2.5;
    double p = 2.81022636e-08;
    p = 3.43273939e-07 + p * w; p = -3.5233877e-06 + p * w; p = -4.39150654e-06 + p * w;
    p = 0.00021858087 + p * w; p = -0.00125372503 + p * w; p = -0.00417768164 + p * w;
    p = 0.246640727 + p * w; p = 1.50140941 + p * w;
    x = p * y;
  } else {
    w = std::sqrt(w) - 3.0;
    double p = -0.000200214257;
    p = 0.000100950558 + p * w; p = 0.00134934322 + p * w; p = -0.00367342844 + p * w;
    p = 0.00573950773 + p * w; p = -0.0076224613 + p * w; p = 0.00943887047 + p * w;
    p = 1.00167406 + p * w; p = 2.83297682 + p * w;
    x = p * y;
  }
  const double two_over_sqrt_pi = 1.1283791670955126;
  for (int i = 0; i < 10; ++i) {
    // Near |y| = 1, erf(x) - y loses the digits; erfc keeps them.
    double err = std::fabs(y) > 0.5 ? (y > 0 ? (1.0 - y) - std::erfc(x) : std::erfc(-x) - (1.0 + y))
                                    : std::erf(x) - y;
    double step = err / (two_over_sqrt_pi * std::exp(-x * x));
    x -= step;
    if (!(std::fabs(step) > 1e-17 * std::fabs(x))) break;  // converged (or no longer a number)
  }
  return x;
}

// erfcinv(y) solves erfc(x) = y; for small y it works on erfc itself, where 1 - y
// would have lost y's digits.
inline double erfcinv(double y) {
  if (std::isnan(y) || y < 0 || y > 2) return std::numeric_limits<double>::quiet_NaN();
  if (y == 0) return std::numeric_limits<double>::infinity();
  if (y == 2) return -std::numeric_limits<double>::infinity();
  if (y > 0.0625 && y < 1.9375) return erfinv(1.0 - y);
  bool upper = y < 1;
  double v = upper ? y : 2.0 - y;  // erfc(-x) = 2 - erfc(x)
  // Start from the asymptotic inverse, then Newton on log(erfc(x)) - log(v), which
  // stays well scaled down to the smallest subnormal v.
  double t = -std::log(v);
  double x = std::sqrt(t - 0.5 * std::log(t * 3.141592653589793));
  for (int i = 0; i < 6; ++i) {
    double e = std::erfc(x);
    if (e == 0) break;
    double step = (std::log(e) - std::log(v)) * e / (-1.1283791670955126 * std::exp(-x * x));
    x -= step;
  }
  return upper ? x : -x;
}

// exp(x*x) * erfc(x), scaled so that it neither overflows nor underflows early.
inline double erfcx(double x) {
  if (std::isnan(x)) return x;
  if (x < 26.0) {
    // exp(x*x) with x*x split into hi + lo exactly (fma), so the large exponent does
    // not magnify the rounding of x*x.
    double hi = x * x, lo = std::fma(x, x, -hi);
    return std::exp(hi) * std::exp(lo) * std::erfc(x);
  }
  if (x > 1e8) return 0.5641895835477563 / x;  // 1/(x sqrt(pi))
  // Continued fraction of erfc for large x (Lentz), 1/(x sqrt(pi)) * K.
  double f = x, c = x, d = 0;
  for (int k = 1; k < 60; ++k) {
    double a = k * 0.5;
    d = x + a * d;
    d = 1.0 / d;
    c = x + a / c;
    double delta = c * d;
    f *= delta;
    if (std::fabs(delta - 1.0) < 1e-17) break;
  }
  return 0.5641895835477563 / f;
}

}  // namespace py2cuda::emu::libdevice

// CUDA's device functions, for the host compiler. Names glibc's <math.h> already
// declares (__sinf, __expf, ... as aliases of sinf, expf) are routed to functions
// of py2cuda's own by macros, defined after <math.h> has been read.
namespace py2cuda::emu::libdevice {
inline float fast_sinf(float x) { return ::sinf(x); }
inline float fast_cosf(float x) { return ::cosf(x); }
inline float fast_tanf(float x) { return ::tanf(x); }
inline float fast_expf(float x) { return ::expf(x); }
inline float fast_exp10f(float x) { return ::exp10f(x); }
inline float fast_logf(float x) { return ::logf(x); }
inline float fast_log2f(float x) { return ::log2f(x); }
inline float fast_log10f(float x) { return ::log10f(x); }
inline float fast_powf(float x, float y) { return ::powf(x, y); }
inline void fast_sincosf(float x, float* s, float* c) { ::sincosf(x, s, c); }
}  // namespace py2cuda::emu::libdevice
#define __sinf(x) ::py2cuda::emu::libdevice::fast_sinf(x)
#define __cosf(x) ::py2cuda::emu::libdevice::fast_cosf(x)
#define __tanf(x) ::py2cuda::emu::libdevice::fast_tanf(x)
#define __expf(x) ::py2cuda::emu::libdevice::fast_expf(x)
#define __exp10f(x) ::py2cuda::emu::libdevice::fast_exp10f(x)
#define __logf(x) ::py2cuda::emu::libdevice::fast_logf(x)
#define __log2f(x) ::py2cuda::emu::libdevice::fast_log2f(x)
#define __log10f(x) ::py2cuda::emu::libdevice::fast_log10f(x)
#define __powf(x, y) ::py2cuda::emu::libdevice::fast_powf(x, y)
#define __sincosf(x, s, c) ::py2cuda::emu::libdevice::fast_sincosf(x, s, c)

// x / y; for 2**126 < |y| < 2**128 the GPU's approximate division returns 0 (and NaN
// for an infinite x), which the CUDA documentation states and code may rely on.
inline float __fdividef(float x, float y) {
  float ay = std::fabs(y);
  if (ay > 0x1p126f && ay < std::numeric_limits<float>::infinity()) return std::isinf(x) ? NAN : 0.0f * x;
  return x / y;
}
// Clamps to [0, 1]; NaN gives 0.
inline float __saturatef(float x) { return x > 1.0f ? 1.0f : x > 0.0f ? x : 0.0f; }

// Arithmetic in a rounding mode: _rn to nearest even, _rz toward zero, _ru up, _rd down.
#define P2C_LIBDEVICE_MODES(M) M(rn, FE_TONEAREST) M(rz, FE_TOWARDZERO) M(ru, FE_UPWARD) M(rd, FE_DOWNWARD)
#define P2C_LIBDEVICE_ARITH(suffix, mode)                                                                       \
  inline float __fadd_##suffix(float a, float b) { return ::py2cuda::emu::libdevice::add(a, b, mode); }      \
  inline float __fsub_##suffix(float a, float b) { return ::py2cuda::emu::libdevice::sub(a, b, mode); }      \
  inline float __fmul_##suffix(float a, float b) { return ::py2cuda::emu::libdevice::mul(a, b, mode); }      \
  inline float __fdiv_##suffix(float a, float b) { return ::py2cuda::emu::libdevice::div(a, b, mode); }      \
  inline float __frcp_##suffix(float a) { return ::py2cuda::emu::libdevice::div(1.0f, a, mode); }            \
  inline float __fsqrt_##suffix(float a) { return ::py2cuda::emu::libdevice::sqrt(a, mode); }                \
  inline float __fmaf_##suffix(float a, float b, float c) { return ::py2cuda::emu::libdevice::fma(a, b, c, mode); } \
  inline double __dadd_##suffix(double a, double b) { return ::py2cuda::emu::libdevice::add(a, b, mode); }   \
  inline double __dsub_##suffix(double a, double b) { return ::py2cuda::emu::libdevice::sub(a, b, mode); }   \
  inline double __dmul_##suffix(double a, double b) { return ::py2cuda::emu::libdevice::mul(a, b, mode); }   \
  inline double __ddiv_##suffix(double a, double b) { return ::py2cuda::emu::libdevice::div(a, b, mode); }   \
  inline double __drcp_##suffix(double a) { return ::py2cuda::emu::libdevice::div(1.0, a, mode); }           \
  inline double __dsqrt_##suffix(double a) { return ::py2cuda::emu::libdevice::sqrt(a, mode); }              \
  inline double __fma_##suffix(double a, double b, double c) { return ::py2cuda::emu::libdevice::fma(a, b, c, mode); } \
  inline float __double2float_##suffix(double a) { return ::py2cuda::emu::libdevice::convert<float>(a, mode); } \
  inline int __double2int_##suffix(double a) { return ::py2cuda::emu::libdevice::to_int<int>(a, mode); }    \
  inline unsigned __double2uint_##suffix(double a) { return ::py2cuda::emu::libdevice::to_int<unsigned>(a, mode); } \
  inline long long __double2ll_##suffix(double a) { return ::py2cuda::emu::libdevice::to_int<long long>(a, mode); } \
  inline unsigned long long __double2ull_##suffix(double a) {                                                   \
    return ::py2cuda::emu::libdevice::to_int<unsigned long long>(a, mode);                                      \
  }                                                                                                             \
  inline int __float2int_##suffix(float a) { return ::py2cuda::emu::libdevice::to_int<int>(a, mode); }       \
  inline unsigned __float2uint_##suffix(float a) { return ::py2cuda::emu::libdevice::to_int<unsigned>(a, mode); } \
  inline long long __float2ll_##suffix(float a) { return ::py2cuda::emu::libdevice::to_int<long long>(a, mode); } \
  inline unsigned long long __float2ull_##suffix(float a) {                                                     \
    return ::py2cuda::emu::libdevice::to_int<unsigned long long>(a, mode);                                      \
  }                                                                                                             \
  inline float __int2float_##suffix(int a) { return ::py2cuda::emu::libdevice::convert<float>(a, mode); }    \
  inline float __uint2float_##suffix(unsigned a) { return ::py2cuda::emu::libdevice::convert<float>(a, mode); } \
  inline float __ll2float_##suffix(long long a) { return ::py2cuda::emu::libdevice::convert<float>(a, mode); } \
  inline float __ull2float_##suffix(unsigned long long a) {                                                     \
    return ::py2cuda::emu::libdevice::convert<float>(a, mode);                                                  \
  }                                                                                                             \
  inline double __ll2double_##suffix(long long a) { return ::py2cuda::emu::libdevice::convert<double>(a, mode); } \
  inline double __ull2double_##suffix(unsigned long long a) {                                                   \
    return ::py2cuda::emu::libdevice::convert<double>(a, mode);                                                 \
  }
P2C_LIBDEVICE_MODES(P2C_LIBDEVICE_ARITH)
#undef P2C_LIBDEVICE_ARITH
#undef P2C_LIBDEVICE_MODES

// 1/sqrt(x) rounded to nearest: x is exactly representable in double, and the double
// quotient has enough spare bits that rounding it to float is correctly rounded.
inline float __frsqrt_rn(float x) { return static_cast<float>(1.0 / std::sqrt(static_cast<double>(x))); }
inline double __int2double_rn(int a) { return a; }         // exact
inline double __uint2double_rn(unsigned a) { return a; }   // exact

// Bit reinterpretations.
inline int __double2hiint(double x) { return static_cast<int>(py2cuda::emu::libdevice::bit_cast<uint64_t>(x) >> 32); }
inline int __double2loint(double x) { return static_cast<int>(py2cuda::emu::libdevice::bit_cast<uint64_t>(x)); }
inline double __hiloint2double(int hi, int lo) {
  return py2cuda::emu::libdevice::bit_cast<double>((uint64_t(uint32_t(hi)) << 32) | uint32_t(lo));
}
inline long long __double_as_longlong(double x) { return py2cuda::emu::libdevice::bit_cast<long long>(x); }
inline double __longlong_as_double(long long x) { return py2cuda::emu::libdevice::bit_cast<double>(x); }
inline int __float_as_int(float x) { return py2cuda::emu::libdevice::bit_cast<int>(x); }
inline float __int_as_float(int x) { return py2cuda::emu::libdevice::bit_cast<float>(x); }

// Integer intrinsics.
inline unsigned __brev(unsigned x) {
  unsigned r = 0;
  for (int i = 0; i < 32; ++i, x >>= 1) r = (r << 1) | (x & 1u);
  return r;
}
inline unsigned long long __brevll(unsigned long long x) {
  unsigned long long r = 0;
  for (int i = 0; i < 64; ++i, x >>= 1) r = (r << 1) | (x & 1u);
  return r;
}
// Byte n of the result is byte (s >> 4n) & 7 of the eight bytes y:x (x is bytes 0-3).
inline unsigned __byte_perm(unsigned x, unsigned y, unsigned s) {
  uint64_t bytes = (uint64_t(y) << 32) | x;
  unsigned r = 0;
  for (int n = 0; n < 4; ++n) r |= unsigned((bytes >> (8 * ((s >> (4 * n)) & 7u))) & 0xFFu) << (8 * n);
  return r;
}
inline int __clz(int x) {
  unsigned u = static_cast<unsigned>(x);
  int n = 0;
  for (unsigned bit = 1u << 31; bit && !(u & bit); bit >>= 1) ++n;
  return n;
}
inline int __clzll(long long x) {
  unsigned long long u = static_cast<unsigned long long>(x);
  int n = 0;
  for (unsigned long long bit = 1ull << 63; bit && !(u & bit); bit >>= 1) ++n;
  return n;
}
inline int __ffs(int x) { return x == 0 ? 0 : __builtin_ctz(static_cast<unsigned>(x)) + 1; }
inline int __ffsll(long long x) { return x == 0 ? 0 : __builtin_ctzll(static_cast<unsigned long long>(x)) + 1; }
inline int __popc(unsigned x) { return __builtin_popcount(x); }
inline int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
// Halving adds without overflow: the sum is formed in 64 bits.
inline int __hadd(int x, int y) { return static_cast<int>((int64_t(x) + y) >> 1); }
inline int __rhadd(int x, int y) { return static_cast<int>((int64_t(x) + y + 1) >> 1); }
inline unsigned __uhadd(unsigned x, unsigned y) { return static_cast<unsigned>((uint64_t(x) + y) >> 1); }
inline unsigned __urhadd(unsigned x, unsigned y) { return static_cast<unsigned>((uint64_t(x) + y + 1) >> 1); }
// mul24: the low 24 bits of each operand (sign-extended for the signed version), low 32 bits of the product.
inline int __mul24(int x, int y) {
  auto s24 = [](int v) { return int64_t(int32_t(uint32_t(v) << 8) >> 8); };
  return static_cast<int>(static_cast<uint32_t>(s24(x) * s24(y)));
}
inline unsigned __umul24(unsigned x, unsigned y) {
  return static_cast<unsigned>(uint64_t(x & 0xFFFFFFu) * (y & 0xFFFFFFu));
}
inline int __mulhi(int x, int y) { return static_cast<int>((int64_t(x) * y) >> 32); }
inline unsigned __umulhi(unsigned x, unsigned y) { return static_cast<unsigned>((uint64_t(x) * y) >> 32); }
namespace py2cuda::emu::libdevice {
__extension__ typedef __int128 Int128;  // a GNU extension: -Wpedantic would warn about the bare name
__extension__ typedef unsigned __int128 Uint128;
}  // namespace py2cuda::emu::libdevice
inline long long __mul64hi(long long x, long long y) {
  return static_cast<long long>((py2cuda::emu::libdevice::Int128(x) * y) >> 64);
}
inline unsigned long long __umul64hi(unsigned long long x, unsigned long long y) {
  return static_cast<unsigned long long>((py2cuda::emu::libdevice::Uint128(x) * y) >> 64);
}
// |x - y| + z in 32-bit unsigned arithmetic (PTX sad).
inline unsigned __sad(int x, int y, unsigned z) {
  return (x > y ? uint32_t(x) - uint32_t(y) : uint32_t(y) - uint32_t(x)) + z;
}
inline unsigned __usad(unsigned x, unsigned y, unsigned z) { return (x > y ? x - y : y - x) + z; }
inline int min(int a, int b) { return a < b ? a : b; }
inline int max(int a, int b) { return a > b ? a : b; }
inline unsigned umin(unsigned a, unsigned b) { return a < b ? a : b; }
inline unsigned umax(unsigned a, unsigned b) { return a > b ? a : b; }
inline long long llmin(long long a, long long b) { return a < b ? a : b; }
inline long long llmax(long long a, long long b) { return a > b ? a : b; }
inline unsigned long long ullmin(unsigned long long a, unsigned long long b) { return a < b ? a : b; }
inline unsigned long long ullmax(unsigned long long a, unsigned long long b) { return a > b ? a : b; }

// CUDA-only math.
inline double sinpi(double x) { double s, c; py2cuda::emu::libdevice::sincospi(x, &s, &c); return s; }
inline float sinpif(float x) { float s, c; py2cuda::emu::libdevice::sincospi(x, &s, &c); return s; }
inline double cospi(double x) { double s, c; py2cuda::emu::libdevice::sincospi(x, &s, &c); return c; }
inline float cospif(float x) { float s, c; py2cuda::emu::libdevice::sincospi(x, &s, &c); return c; }
inline void sincospi(double x, double* s, double* c) { py2cuda::emu::libdevice::sincospi(x, s, c); }
inline void sincospif(float x, float* s, float* c) { py2cuda::emu::libdevice::sincospi(x, s, c); }
inline double rsqrt(double x) { return 1.0 / std::sqrt(x); }
inline float rsqrtf(float x) { return static_cast<float>(1.0 / std::sqrt(static_cast<double>(x))); }
inline double rcbrt(double x) { return 1.0 / std::cbrt(x); }
inline float rcbrtf(float x) { return static_cast<float>(1.0 / std::cbrt(static_cast<double>(x))); }
inline double erfinv(double y) { return py2cuda::emu::libdevice::erfinv(y); }
inline float erfinvf(float y) { return static_cast<float>(py2cuda::emu::libdevice::erfinv(y)); }
inline double erfcinv(double y) { return py2cuda::emu::libdevice::erfcinv(y); }
inline float erfcinvf(float y) { return static_cast<float>(py2cuda::emu::libdevice::erfcinv(y)); }
inline double erfcx(double x) { return py2cuda::emu::libdevice::erfcx(x); }
inline float erfcxf(float x) { return static_cast<float>(py2cuda::emu::libdevice::erfcx(x)); }
// normcdf(x) = erfc(-x / sqrt 2) / 2; normcdfinv(p) = -sqrt(2) erfcinv(2p).
inline double normcdf(double x) { return 0.5 * std::erfc(-x * 0.70710678118654752440); }
inline float normcdff(float x) { return static_cast<float>(normcdf(x)); }
inline double normcdfinv(double p) { return -1.41421356237309504880 * py2cuda::emu::libdevice::erfcinv(2.0 * p); }
inline float normcdfinvf(float p) { return static_cast<float>(normcdfinv(p)); }

#endif  // !P2C_BACKEND_CUDA

// ------------------------------------------------------------------------------ both backends
namespace py2cuda::libdevice {

// The functions that return results through pointers, returning a tuple instead:
// (result, *out) or, for the void ones, (*out1, *out2), in the pointer arguments' order.
P2C_DEVICE P2C_INLINE tuple<double, double> sincos(double x) { double s, c; ::sincos(x, &s, &c); return {s, c}; }
P2C_DEVICE P2C_INLINE tuple<float, float> sincosf(float x) { float s, c; ::sincosf(x, &s, &c); return {s, c}; }
P2C_DEVICE P2C_INLINE tuple<double, double> sincospi(double x) { double s, c; ::sincospi(x, &s, &c); return {s, c}; }
P2C_DEVICE P2C_INLINE tuple<float, float> sincospif(float x) { float s, c; ::sincospif(x, &s, &c); return {s, c}; }
P2C_DEVICE P2C_INLINE tuple<float, float> fast_sincosf(float x) { float s, c; __sincosf(x, &s, &c); return {s, c}; }
P2C_DEVICE P2C_INLINE tuple<double, int32_t> frexp(double x) { int e; double m = ::frexp(x, &e); return {m, e}; }
P2C_DEVICE P2C_INLINE tuple<float, int32_t> frexpf(float x) { int e; float m = ::frexpf(x, &e); return {m, e}; }
P2C_DEVICE P2C_INLINE tuple<double, double> modf(double x) { double i; double f = ::modf(x, &i); return {f, i}; }
P2C_DEVICE P2C_INLINE tuple<float, float> modff(float x) { float i; float f = ::modff(x, &i); return {f, i}; }
P2C_DEVICE P2C_INLINE tuple<double, int32_t> remquo(double x, double y) {
  int q;
  double r = ::remquo(x, y, &q);
  return {r, q};
}
P2C_DEVICE P2C_INLINE tuple<float, int32_t> remquof(float x, float y) {
  int q;
  float r = ::remquof(x, y, &q);
  return {r, q};
}

// math.pow(x, n) with an int32 n, which numba-cuda lowers to libdevice's __nv_powif/__nv_powi:
// square-and-multiply over |n| (no cut-off to pow for large n, unlike Numba's x ** n), then
// 1 / r for a negative n, each step one rounded multiplication. Written out for both backends:
// with GCC's libstdc++, nvcc's pow(float, int) is std::pow's promotion to pow(double, double)
// (CUDA maps it to powif only under NVRTC), which an H200 showed to differ in the last bit.
template <class F>
P2C_DEVICE P2C_INLINE F pow_int32(F x, int32_t n) {
  uint32_t e = n >= 0 ? static_cast<uint32_t>(n) : 0u - static_cast<uint32_t>(n);
  F result = F(1);
  for (;;) {
    if (e & 1u) result *= x;
    e >>= 1;
    if (e == 0) break;
    x *= x;
  }
  return n < 0 ? F(1) / result : result;
}
P2C_DEVICE P2C_INLINE float powif(float x, int32_t n) { return pow_int32(x, n); }
P2C_DEVICE P2C_INLINE double powi(double x, int32_t n) { return pow_int32(x, n); }

// float32 -> binary16 bits, rounded to nearest even (__nv_float2half_rn), and back.
P2C_DEVICE P2C_INLINE int16_t float2half_rn(float x) {
#if P2C_BACKEND_CUDA
  unsigned short h;
  asm("cvt.rn.f16.f32 %0, %1;" : "=h"(h) : "f"(x));
  return static_cast<int16_t>(h);
#else
  uint32_t f;
  std::memcpy(&f, &x, 4);
  const uint32_t sign = (f >> 16) & 0x8000u;
  const float a = std::fabs(x);
  uint32_t h;
  if (std::isinf(x)) {
    h = sign | 0x7C00u;
  } else if (std::isnan(x)) {
    h = sign | 0x7E00u | ((f >> 13) & 0x3FFu);  // a quiet NaN keeping the top payload bits
  } else if (a < 0x1p-14f) {
    // Subnormal (or zero) result: units of 2**-24, rounded to nearest even; 1024 units
    // is the smallest normal, whose bits are the same number.
    h = sign | static_cast<uint32_t>(std::nearbyint(a * 0x1p24f));
  } else {
    int e;
    std::frexp(a, &e);  // a = m * 2**e, m in [0.5, 1)
    // 11 significant bits, rounded to nearest even; a carry to 2048 moves into the
    // exponent field by the addition below (and from the largest exponent, to infinity).
    const uint32_t q = static_cast<uint32_t>(std::nearbyint(std::ldexp(a, 11 - e)));
    const int biased = e - 1 + 15;
    h = biased >= 31 ? sign | 0x7C00u : sign | ((static_cast<uint32_t>(biased) << 10) + (q - 0x400u));
  }
  return static_cast<int16_t>(static_cast<uint16_t>(h));
#endif
}

P2C_DEVICE P2C_INLINE float half2float(int16_t bits) {
#if P2C_BACKEND_CUDA
  float f;
  asm("cvt.f32.f16 %0, %1;" : "=f"(f) : "h"(static_cast<unsigned short>(bits)));
  return f;
#else
  uint32_t h = static_cast<uint16_t>(bits);
  uint32_t sign = (h & 0x8000u) << 16, exp = (h >> 10) & 0x1Fu, man = h & 0x3FFu;
  float mag = exp == 0x1F ? (man ? std::numeric_limits<float>::quiet_NaN() : std::numeric_limits<float>::infinity())
              : exp == 0  ? std::ldexp(static_cast<float>(man), -24)
                          : std::ldexp(static_cast<float>(man | 0x400u), static_cast<int>(exp) - 25);
  uint32_t f;
  std::memcpy(&f, &mag, 4);
  f |= sign;
  std::memcpy(&mag, &f, 4);
  return mag;
#endif
}

}  // namespace py2cuda::libdevice
