// py2cuda runtime, CPU emulation: the rest of cuda_fp16.h's scalar intrinsics that
// numba-cuda's cuda.fp16 exposes (__float2half_rd, __half2int_rn, __hadd_sat,
// __hmax_nan, __hequ, __hisinf, ...), exact, with the GPU's results.
//
// Directed-rounding conversions to half round the exact value to nearest and then
// step one unit toward the requested direction when the nearest value lies on the
// wrong side of the exact one. Every argument is exact in double except 64-bit
// integers beyond 2**53, which are far beyond half's range: their results (65504 or
// infinity) do not depend on the rounding to double.
//
// Conversions to integers saturate to the type's range like the GPU's cvt, NaN
// giving 0 (the 64-bit ones: 0x8000000000000000, as cuda_fp16.hpp documents).
// Saturating arithmetic clamps to [0, 1] with NaN -> +0 (PTX .sat).
// Included by half.h; under nvcc cuda_fp16.h provides all of these.
#pragma once

#include "half.h"

#if !P2C_BACKEND_CUDA

#include <math.h>

#include <cstdint>
#include <limits>

namespace py2cuda::half_bits {

enum class Mode { rn, rz, rd, ru };

// The exact value v rounded to half in the given mode.
inline __half round_mode(double v, Mode m) {
  __half h = __half(v);  // to nearest, ties to even
  if (v != v || m == Mode::rn) return h;
  const double hv = static_cast<double>(static_cast<float>(h));
  const bool neg = (h.__x & 0x8000u) != 0;
  // Stepping the magnitude bits by one moves to the neighbouring half (0x7BFF + 1 is infinity).
  const auto away = [&] { h.__x = static_cast<uint16_t>(h.__x + 1); };
  const auto toward_zero = [&] { h.__x = static_cast<uint16_t>(h.__x - 1); };
  if (m == Mode::rz && fabs(hv) > fabs(v)) toward_zero();
  if (m == Mode::rd && hv > v) neg ? away() : toward_zero();
  if (m == Mode::ru && hv < v) neg ? toward_zero() : away();
  return h;
}

// h rounded to an integer in the given mode, then saturated into T; NaN gives nan_value.
template <class T>
inline T to_int(__half h, Mode m, T nan_value = T(0)) {
  const double v = static_cast<double>(static_cast<float>(h));
  if (v != v) return nan_value;
  const double r = m == Mode::rn ? nearbyint(v) : m == Mode::rz ? trunc(v) : m == Mode::rd ? floor(v) : ceil(v);
  // The largest integer types' bounds are not doubles below 2**64; compare against
  // their exact double powers of two instead.
  const double lo = static_cast<double>(std::numeric_limits<T>::min());
  const double hi_excl = std::numeric_limits<T>::is_signed ? -lo : 2 * (static_cast<double>(std::numeric_limits<T>::max() / 2) + 1);
  if (r < lo) return std::numeric_limits<T>::min();
  if (r >= hi_excl) return std::numeric_limits<T>::max();
  return static_cast<T>(r);
}

inline __half canonical_nan() { return __ushort_as_half(0x7FFFu); }
inline bool isnan(__half h) { return (h.__x & 0x7FFFu) > 0x7C00u; }
// Clamp to [0, 1], NaN -> +0 (PTX's .sat on f16).
inline __half sat(__half h) {
  if (isnan(h) || static_cast<float>(h) <= 0.0f) return __ushort_as_half(0);
  if (static_cast<float>(h) >= 1.0f) return __ushort_as_half(0x3C00u);
  return h;
}

}  // namespace py2cuda::half_bits

// ---- conversions to half with a rounding mode ---------------------------------------------
#define P2C_HALF_FROM(NAME, T)                                                                         \
  inline __half NAME##_rn(T v) { return py2cuda::half_bits::round_mode(static_cast<double>(v), py2cuda::half_bits::Mode::rn); } \
  inline __half NAME##_rz(T v) { return py2cuda::half_bits::round_mode(static_cast<double>(v), py2cuda::half_bits::Mode::rz); } \
  inline __half NAME##_rd(T v) { return py2cuda::half_bits::round_mode(static_cast<double>(v), py2cuda::half_bits::Mode::rd); } \
  inline __half NAME##_ru(T v) { return py2cuda::half_bits::round_mode(static_cast<double>(v), py2cuda::half_bits::Mode::ru); }
P2C_HALF_FROM(__float2half, float)
P2C_HALF_FROM(__int2half, int)
P2C_HALF_FROM(__uint2half, unsigned int)
P2C_HALF_FROM(__short2half, short)
P2C_HALF_FROM(__ushort2half, unsigned short)
P2C_HALF_FROM(__ll2half, long long)
P2C_HALF_FROM(__ull2half, unsigned long long)
#undef P2C_HALF_FROM

// ---- conversions from half with a rounding mode, saturating -------------------------------
#define P2C_HALF_TO(NAME, T, NANV)                                                                     \
  inline T NAME##_rn(__half h) { return py2cuda::half_bits::to_int<T>(h, py2cuda::half_bits::Mode::rn, NANV); } \
  inline T NAME##_rz(__half h) { return py2cuda::half_bits::to_int<T>(h, py2cuda::half_bits::Mode::rz, NANV); } \
  inline T NAME##_rd(__half h) { return py2cuda::half_bits::to_int<T>(h, py2cuda::half_bits::Mode::rd, NANV); } \
  inline T NAME##_ru(__half h) { return py2cuda::half_bits::to_int<T>(h, py2cuda::half_bits::Mode::ru, NANV); }
P2C_HALF_TO(__half2int, int, 0)
P2C_HALF_TO(__half2uint, unsigned int, 0u)
P2C_HALF_TO(__half2short, short, short(0))
P2C_HALF_TO(__half2ushort, unsigned short, (unsigned short)0)
P2C_HALF_TO(__half2ll, long long, std::numeric_limits<long long>::min())
P2C_HALF_TO(__half2ull, unsigned long long, 0x8000000000000000ull)
#undef P2C_HALF_TO
inline signed char __half2char_rz(__half h) { return py2cuda::half_bits::to_int<signed char>(h, py2cuda::half_bits::Mode::rz); }
inline unsigned char __half2uchar_rz(__half h) { return py2cuda::half_bits::to_int<unsigned char>(h, py2cuda::half_bits::Mode::rz); }

// ---- bit casts ----------------------------------------------------------------------------
inline __half __short_as_half(short bits) { return __ushort_as_half(static_cast<unsigned short>(bits)); }
inline short __half_as_short(__half h) { return static_cast<short>(h.__x); }

// ---- arithmetic variants ------------------------------------------------------------------
// _rn: the same correctly rounded result, only never contracted into an fma by the compiler.
inline __half __hadd_rn(__half a, __half b) { return __hadd(a, b); }
inline __half __hsub_rn(__half a, __half b) { return __hsub(a, b); }
inline __half __hmul_rn(__half a, __half b) { return __hmul(a, b); }
inline __half __hadd_sat(__half a, __half b) { return py2cuda::half_bits::sat(__hadd(a, b)); }
inline __half __hsub_sat(__half a, __half b) { return py2cuda::half_bits::sat(__hsub(a, b)); }
inline __half __hmul_sat(__half a, __half b) { return py2cuda::half_bits::sat(__hmul(a, b)); }
inline __half __hfma_sat(__half a, __half b, __half c) { return py2cuda::half_bits::sat(__hfma(a, b, c)); }

// NaN in either operand gives the canonical NaN (0x7FFF); otherwise __hmax/__hmin.
inline __half __hmax_nan(__half a, __half b) {
  if (py2cuda::half_bits::isnan(a) || py2cuda::half_bits::isnan(b)) return py2cuda::half_bits::canonical_nan();
  return __hmax(a, b);
}
inline __half __hmin_nan(__half a, __half b) {
  if (py2cuda::half_bits::isnan(a) || py2cuda::half_bits::isnan(b)) return py2cuda::half_bits::canonical_nan();
  return __hmin(a, b);
}
// fma.rn.relu: negative results (and -0) become +0, NaN the canonical NaN.
inline __half __hfma_relu(__half a, __half b, __half c) { return __hmax_nan(__hfma(a, b, c), __ushort_as_half(0)); }

// ---- unordered comparisons (true when either is NaN) and classification --------------------
inline bool __hequ(__half a, __half b) { return !(static_cast<float>(a) < static_cast<float>(b) || static_cast<float>(a) > static_cast<float>(b)); }
inline bool __hneu(__half a, __half b) { return static_cast<float>(a) != static_cast<float>(b); }
inline bool __hgeu(__half a, __half b) { return !(static_cast<float>(a) < static_cast<float>(b)); }
inline bool __hgtu(__half a, __half b) { return !(static_cast<float>(a) <= static_cast<float>(b)); }
inline bool __hleu(__half a, __half b) { return !(static_cast<float>(a) > static_cast<float>(b)); }
inline bool __hltu(__half a, __half b) { return !(static_cast<float>(a) >= static_cast<float>(b)); }
inline bool __hisnan(__half a) { return py2cuda::half_bits::isnan(a); }
// -1 for -infinity, 1 for +infinity, 0 otherwise (cuda_fp16.h).
inline int __hisinf(__half a) { return a.__x == 0xFC00u ? -1 : a.__x == 0x7C00u ? 1 : 0; }

#endif  // !P2C_BACKEND_CUDA
