// py2cuda runtime: float16 (IEEE binary16), spelled `__half` as in CUDA.
//
// Under nvcc this is <cuda_fp16.h>'s __half with its operators and functions
// (__hadd, hsin, ...): the GPU's native half arithmetic, as Numba's CUDA target
// lowers float16. Compiled by a host compiler (the CPU emulation, and host code
// that reads and writes float16 arrays) it is the software type below, with the
// same name, layout (two bytes, numpy's float16 bits) and the subset of
// cuda_fp16.h's interface that translated kernels use.
//
// Emulated results: +, -, *, / and sqrt are computed in float and rounded once
// to half. That is correctly rounded (float has more than 2 * 11 + 2 bits, so the
// double rounding is innocuous), hence bit-identical to the GPU. fma is rounded
// once through a round-to-odd double sum. The transcendental functions (hsin,
// hexp, ...) are computed in double and rounded once; CUDA's own versions are
// approximations that may differ from that in the last place for some inputs.
#pragma once

#include "config.h"

#if P2C_BACKEND_CUDA

#include <cuda_fp16.h>

#else

#include <math.h>

#include <cstdint>
#include <cstring>
#include <type_traits>

namespace py2cuda::half_bits {

// float -> binary16, round to nearest, ties to even; subnormals, overflow to
// infinity and NaN (quietened, sign and top payload bits kept, as numpy does).
inline uint16_t from_float(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  const uint16_t sign = static_cast<uint16_t>((x >> 16) & 0x8000u);
  const uint32_t abs = x & 0x7FFFFFFFu;
  if (abs >= 0x7F800000u) {
    if (abs == 0x7F800000u) return sign | 0x7C00u;
    return static_cast<uint16_t>(sign | 0x7E00u | ((abs >> 13) & 0x3FFu));
  }
  if (abs >= 0x477FF000u) return sign | 0x7C00u;  // rounds to a value >= 65520: infinity
  if (abs < 0x38800000u) {
    // Below 2**-14: a subnormal half (or zero). Align the significand, with its
    // implicit bit, to units of 2**-24 and round the bits shifted out.
    if (abs < 0x33000000u) return sign;  // below 2**-25: rounds to zero (2**-25 itself is a tie to 0)
    const uint32_t exp = abs >> 23;
    const uint32_t mant = (abs & 0x7FFFFFu) | 0x800000u;
    const uint32_t shift = 126 - exp;  // 14 + (127 - exp) - 1 - ... : aligns 2**-24 to bit 0
    uint32_t q = mant >> shift;
    const uint32_t rest = mant & ((1u << shift) - 1);
    const uint32_t halfway = 1u << (shift - 1);
    if (rest > halfway || (rest == halfway && (q & 1))) ++q;
    return static_cast<uint16_t>(sign | q);
  }
  // Normal: rebias the exponent (127 -> 15) and round the 13 low bits away. A
  // carry out of the significand steps into the exponent, which is right.
  uint32_t h = (abs - 0x38000000u) >> 13;
  const uint32_t rest = abs & 0x1FFFu;
  if (rest > 0x1000u || (rest == 0x1000u && (h & 1))) ++h;
  return static_cast<uint16_t>(sign | h);
}

// double -> binary16 directly (rounding through float first could round twice).
inline uint16_t from_double(double d) {
  uint64_t x;
  std::memcpy(&x, &d, 8);
  const uint16_t sign = static_cast<uint16_t>((x >> 48) & 0x8000u);
  const uint64_t abs = x & 0x7FFFFFFFFFFFFFFFull;
  if (abs >= 0x7FF0000000000000ull) {
    if (abs == 0x7FF0000000000000ull) return sign | 0x7C00u;
    return static_cast<uint16_t>(sign | 0x7E00u | ((abs >> 42) & 0x3FFu));
  }
  const int exp = static_cast<int>(abs >> 52) - 1023;
  if (exp >= 16) return sign | 0x7C00u;
  if (exp < -25) return sign;  // below 2**-25
  const uint64_t mant = (abs & 0xFFFFFFFFFFFFFull) | 0x10000000000000ull;  // 53 bits
  // The result in units of the half's last place: 2**-24 for subnormals, else
  // 2**(exp - 10). Shift the 53-bit significand so that unit is bit 0.
  const int unit = exp < -14 ? -24 : exp - 10;
  const int shift = 52 - (exp - unit);
  uint64_t q = mant >> shift;
  const uint64_t rest = mant & ((1ull << shift) - 1);
  const uint64_t halfway = 1ull << (shift - 1);
  if (rest > halfway || (rest == halfway && (q & 1))) ++q;
  if (exp < -14) return static_cast<uint16_t>(sign | q);  // a carry into 0x400 is the smallest normal: right
  // q is 0x400..0x800 (the implicit bit included); a carry to 0x800 bumps the exponent.
  uint32_t biased = static_cast<uint32_t>(exp + 15);
  if (q == 0x800) {
    q = 0x400;
    ++biased;
  }
  if (biased >= 31) return sign | 0x7C00u;
  return static_cast<uint16_t>(sign | (biased << 10) | (q & 0x3FFu));
}

// binary16 -> float: exact.
inline float to_float(uint16_t h) {
  const uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
  const uint32_t exp = (h >> 10) & 0x1Fu;
  uint32_t mant = h & 0x3FFu;
  uint32_t x;
  if (exp == 0x1F) {
    x = sign | 0x7F800000u | (mant << 13);
  } else if (exp != 0) {
    x = sign | ((exp + 112) << 23) | (mant << 13);
  } else if (mant == 0) {
    x = sign;
  } else {
    // Subnormal: normalise.
    int e = 113;
    while (!(mant & 0x400u)) {
      mant <<= 1;
      --e;
    }
    x = sign | (static_cast<uint32_t>(e) << 23) | ((mant & 0x3FFu) << 13);
  }
  float f;
  std::memcpy(&f, &x, 4);
  return f;
}

}  // namespace py2cuda::half_bits

// The software half. Constructors and conversions mirror cuda_fp16.h's (without
// __CUDA_NO_HALF_CONVERSIONS__), so that emitted code means the same to g++ as to
// nvcc: from float, double and every integer type, rounding to nearest; to float
// exactly; to integers truncating; to bool (non-zero, NaN included).
struct __half {
  uint16_t __x;

  __half() = default;
  __half(float f) : __x(py2cuda::half_bits::from_float(f)) {}
  __half(double d) : __x(py2cuda::half_bits::from_double(d)) {}
  // Every integer of up to 64 bits becomes a float exactly when it is below 2**24,
  // and anything larger overflows half anyway, so rounding through float is exact.
  __half(short v) : __half(static_cast<float>(v)) {}
  __half(unsigned short v) : __half(static_cast<float>(v)) {}
  __half(int v) : __half(static_cast<float>(v)) {}
  __half(unsigned int v) : __half(static_cast<float>(v)) {}
  __half(long v) : __half(static_cast<float>(v)) {}
  __half(unsigned long v) : __half(static_cast<float>(v)) {}
  __half(long long v) : __half(static_cast<float>(v)) {}
  __half(unsigned long long v) : __half(static_cast<float>(v)) {}

  operator float() const { return py2cuda::half_bits::to_float(__x); }
  operator signed char() const { return static_cast<signed char>(to_float()); }
  operator unsigned char() const { return static_cast<unsigned char>(to_float()); }
  operator char() const { return static_cast<char>(to_float()); }
  operator short() const { return static_cast<short>(to_float()); }
  operator unsigned short() const { return static_cast<unsigned short>(to_float()); }
  operator int() const { return static_cast<int>(to_float()); }
  operator unsigned int() const { return static_cast<unsigned int>(to_float()); }
  operator long() const { return static_cast<long>(to_float()); }
  operator unsigned long() const { return static_cast<unsigned long>(to_float()); }
  operator long long() const { return static_cast<long long>(to_float()); }
  operator unsigned long long() const { return static_cast<unsigned long long>(to_float()); }
  operator bool() const { return (__x & 0x7FFFu) != 0; }

 private:
  float to_float() const { return py2cuda::half_bits::to_float(__x); }
};
static_assert(sizeof(__half) == 2 && std::is_trivially_copyable_v<__half>, "__half must have numpy float16's layout");

using half = __half;

inline __half __ushort_as_half(unsigned short bits) {
  __half h;
  h.__x = bits;
  return h;
}
inline unsigned short __half_as_ushort(__half h) { return h.__x; }
inline float __half2float(__half h) { return static_cast<float>(h); }
inline __half __float2half(float f) { return __half(f); }
inline __half __double2half(double d) { return __half(d); }

namespace py2cuda::half_bits {
// One rounding to half of an exact-enough float computation.
inline __half round(double v) { return __half(v); }
inline double d(__half h) { return static_cast<double>(static_cast<float>(h)); }
}  // namespace py2cuda::half_bits

// ---- arithmetic (cuda_fp16.h: __hadd, ..., and the operators) -----------------------------
inline __half __hadd(__half a, __half b) { return __half(static_cast<float>(a) + static_cast<float>(b)); }
inline __half __hsub(__half a, __half b) { return __half(static_cast<float>(a) - static_cast<float>(b)); }
inline __half __hmul(__half a, __half b) { return __half(static_cast<float>(a) * static_cast<float>(b)); }
inline __half __hdiv(__half a, __half b) { return __half(static_cast<float>(a) / static_cast<float>(b)); }
inline __half __hneg(__half a) { return __ushort_as_half(a.__x ^ 0x8000u); }
inline __half __habs(__half a) { return __ushort_as_half(a.__x & 0x7FFFu); }
// a * b + c rounded once: the product is exact in double; the sum is made
// round-to-odd (an inexact result gets an odd last bit), which makes the final
// rounding to half correct.
inline __half __hfma(__half a, __half b, __half c) {
  const double p = py2cuda::half_bits::d(a) * py2cuda::half_bits::d(b);
  const double cc = py2cuda::half_bits::d(c);
  double s = p + cc;
  if (isfinite(s)) {
    const double bb = s - p;
    const double err = (p - (s - bb)) + (cc - bb);  // TwoSum: s + err == p + cc exactly
    uint64_t bits;
    std::memcpy(&bits, &s, 8);
    if (err != 0 && !(bits & 1)) s = nextafter(s, err > 0 ? INFINITY : -INFINITY);
  }
  return __half(s);
}

inline __half operator+(__half a, __half b) { return __hadd(a, b); }
inline __half operator-(__half a, __half b) { return __hsub(a, b); }
inline __half operator*(__half a, __half b) { return __hmul(a, b); }
inline __half operator/(__half a, __half b) { return __hdiv(a, b); }
inline __half& operator+=(__half& a, __half b) { return a = __hadd(a, b); }
inline __half& operator-=(__half& a, __half b) { return a = __hsub(a, b); }
inline __half& operator*=(__half& a, __half b) { return a = __hmul(a, b); }
inline __half& operator/=(__half& a, __half b) { return a = __hdiv(a, b); }
inline __half operator+(__half a) { return a; }
inline __half operator-(__half a) { return __hneg(a); }

// ---- comparisons: ordered (false when either is NaN), except != as in C++ ------------------
inline bool __heq(__half a, __half b) { return static_cast<float>(a) == static_cast<float>(b); }
// cuda_fp16.h's __hne is the *ordered* not-equal: false when either is NaN.
inline bool __hne(__half a, __half b) {
  const float x = static_cast<float>(a), y = static_cast<float>(b);
  return x < y || x > y;
}
inline bool __hgt(__half a, __half b) { return static_cast<float>(a) > static_cast<float>(b); }
inline bool __hge(__half a, __half b) { return static_cast<float>(a) >= static_cast<float>(b); }
inline bool __hlt(__half a, __half b) { return static_cast<float>(a) < static_cast<float>(b); }
inline bool __hle(__half a, __half b) { return static_cast<float>(a) <= static_cast<float>(b); }
inline bool operator==(__half a, __half b) { return __heq(a, b); }
inline bool operator!=(__half a, __half b) { return static_cast<float>(a) != static_cast<float>(b); }
inline bool operator<(__half a, __half b) { return __hlt(a, b); }
inline bool operator<=(__half a, __half b) { return __hle(a, b); }
inline bool operator>(__half a, __half b) { return __hgt(a, b); }
inline bool operator>=(__half a, __half b) { return __hge(a, b); }

// __hmax/__hmin: a NaN operand yields the other one (both NaN: the canonical NaN);
// -0.0 is below +0.0.
inline __half __hmax(__half a, __half b) {
  const float x = static_cast<float>(a), y = static_cast<float>(b);
  if (x != x && y != y) return __ushort_as_half(0x7FFFu);
  if (x != x) return b;
  if (y != y) return a;
  if (x == y) return (a.__x & 0x8000u) ? b : a;
  return x > y ? a : b;
}
inline __half __hmin(__half a, __half b) {
  const float x = static_cast<float>(a), y = static_cast<float>(b);
  if (x != x && y != y) return __ushort_as_half(0x7FFFu);
  if (x != x) return b;
  if (y != y) return a;
  if (x == y) return (a.__x & 0x8000u) ? a : b;
  return x < y ? a : b;
}

// ---- math (cuda_fp16.h's h* functions) ---------------------------------------------------
inline __half hsqrt(__half a) { return __half(sqrtf(static_cast<float>(a))); }
inline __half hrsqrt(__half a) { return py2cuda::half_bits::round(1.0 / sqrt(py2cuda::half_bits::d(a))); }
inline __half hrcp(__half a) { return py2cuda::half_bits::round(1.0 / py2cuda::half_bits::d(a)); }
inline __half hsin(__half a) { return py2cuda::half_bits::round(sin(py2cuda::half_bits::d(a))); }
inline __half hcos(__half a) { return py2cuda::half_bits::round(cos(py2cuda::half_bits::d(a))); }
inline __half htanh(__half a) { return py2cuda::half_bits::round(tanh(py2cuda::half_bits::d(a))); }
inline __half htanh_approx(__half a) { return htanh(a); }
inline __half hexp(__half a) { return py2cuda::half_bits::round(exp(py2cuda::half_bits::d(a))); }
inline __half hexp2(__half a) { return py2cuda::half_bits::round(exp2(py2cuda::half_bits::d(a))); }
inline __half hexp10(__half a) { return py2cuda::half_bits::round(pow(10.0, py2cuda::half_bits::d(a))); }
inline __half hlog(__half a) { return py2cuda::half_bits::round(log(py2cuda::half_bits::d(a))); }
inline __half hlog2(__half a) { return py2cuda::half_bits::round(log2(py2cuda::half_bits::d(a))); }
inline __half hlog10(__half a) { return py2cuda::half_bits::round(log10(py2cuda::half_bits::d(a))); }
inline __half hceil(__half a) { return __half(ceilf(static_cast<float>(a))); }
inline __half hfloor(__half a) { return __half(floorf(static_cast<float>(a))); }
inline __half htrunc(__half a) { return __half(truncf(static_cast<float>(a))); }
inline __half hrint(__half a) { return __half(rintf(static_cast<float>(a))); }  // ties to even

#include "half_intrinsics.h"

#endif  // P2C_BACKEND_CUDA
