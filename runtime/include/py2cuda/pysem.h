// py2cuda runtime: Python operators with the results Numba's CUDA target gives.
//
// C++'s `/`, `%`, `pow` and casts differ from Python's; these helpers give what a
// Numba CUDA kernel computes (numba-cuda 0.30.4 with a kernel's error model,
// "numpy"). The reference is the LLVM IR numba-cuda generates, which differs from
// Numba's CPU target in four places, each marked "CUDA" below:
//   - int ** int converts its result through float64;
//   - float ** int with a zero base and a negative exponent gives inf (the CPU
//     target raises ZeroDivisionError);
//   - round(x) is llrint (cvt.rni.s64.f64): out of range saturates, NaN gives -2**63;
//   - max/min of two floats are PTX max/min (NaN-ignoring, -0.0 < +0.0).
// Float `%` and `//` follow that IR too, whose `frem` LLVM defines as C's fmod:
// Python's results. (NVVM from CUDA 13.0 compiles `frem` less precisely, as
// |x| - floor(|x| / |y|) * |y|, so on a GPU Numba's x % inf is NaN and quotients
// beyond 2**53 go wrong; py2cuda does not reproduce that compiler defect, which
// LLVM's own NVPTX backend shares and its maintainers regard as one.)
// tests/runtime/gen_pysem_cases.py records, for hundreds of operands, what Numba
// (or, in the four places, the CUDA lowering) gives; tests/unit/test_runtime_pysem.cpp
// checks every helper against that table bit for bit.
//
// Each helper is overloaded for exactly the operand types Numba computes in
// (int64, uint64, float32, float64): the translator converts both operands to
// the common type first, and a call with other types is ambiguous on purpose.
#pragma once

#include <math.h>

#include <cstdint>  // INT64_MIN and friends: std::numeric_limits is host-only under nvcc
#include <type_traits>

#include "config.h"
#include "float_to_int.h"

namespace py2cuda {

// a // b and a % b together: what py2cuda::divmod returns.
template <class T>
struct DivMod {
  T quotient;
  T remainder;
};

namespace detail {

// ---- one spelling of the few libm functions needed, on host and device ----------------
// Under nvcc the global-namespace math functions are __host__ __device__ and map to
// the same libdevice functions that Numba's lowering calls. (trunc_ is float_to_int.h's.)
P2C_HD P2C_INLINE float floor_(float x) { return ::floorf(x); }
P2C_HD P2C_INLINE double floor_(double x) { return ::floor(x); }
P2C_HD P2C_INLINE float fabs_(float x) { return ::fabsf(x); }
P2C_HD P2C_INLINE double fabs_(double x) { return ::fabs(x); }
P2C_HD P2C_INLINE float fma_(float a, float b, float c) { return ::fmaf(a, b, c); }
P2C_HD P2C_INLINE double fma_(double a, double b, double c) { return ::fma(a, b, c); }
P2C_HD P2C_INLINE float copysign_(float x, float sign) { return ::copysignf(x, sign); }
P2C_HD P2C_INLINE double copysign_(double x, double sign) { return ::copysign(x, sign); }
// Division rounded to nearest even under --use_fast_math too (whose float `/` is approximate).
#if defined(__CUDA_ARCH__)
__device__ P2C_INLINE float div_rn_(float x, float y) { return __fdiv_rn(x, y); }
__device__ P2C_INLINE double div_rn_(double x, double y) { return __ddiv_rn(x, y); }
#else
P2C_INLINE float div_rn_(float x, float y) { return x / y; }
P2C_INLINE double div_rn_(double x, double y) { return x / y; }
#endif

// ---- C's fmod, exact, in few instructions ------------------------------------------------
// libdevice's fmod for float64 is exact but large (about 260 SASS instructions, which a kernel
// with `//` and `%` pays twice); these compute the same bits with one division per step.
// (float32 keeps libdevice's fmodf: with a constant divisor, `x // 2.0`, NVVM folds it to a
// few instructions, which it cannot do with the loop below.)
//
// The remainder of ax by t (both positive and finite) when the quotient is below 2**(digits-1):
// q = trunc(ax / t) is the true integer quotient n or, where the division rounded up across an
// integer, n + 1. fma(-q, t, ax) is then exact, because its exact value is representable: the
// remainder r itself, or r - t, a multiple of ulp(t) (ax >= t; below t, Sterbenz's lemma)
// smaller than t in magnitude. A negative result was r - t; adding t back is exact.
template <class F>
P2C_HD P2C_INLINE F remainder_of_small_quotient(F ax, F t) {
  const F q = trunc_(div_rn_(ax, t));
  const F r = fma_(-q, t, ax);
  return r < F(0) ? r + t : r;
}

// 2**(digits-1), the bound on the quotients remainder_of_small_quotient takes.
template <class F>
struct FmodChunk;
template <>
struct FmodChunk<double> {
  static constexpr double up = 0x1p52;
};

// fmod(x, y) for every x and y, bit for bit: NaN for an infinite x, a zero y or a NaN; x for
// an infinite y. A larger quotient is reduced in chunks, as long division does by digits:
// t, |y| scaled up (exactly) by powers of 2**(digits-1) until r / t is below that, is a
// multiple of |y|, so r's remainder by t differs from its remainder by |y| by a multiple of
// |y|; each step leaves r < t, and the last one, with t = |y|, r < |y|. (Scaling t up from
// |y| again each step, rather than back down, keeps fewer values live: as few registers as
// Numba's inexact frem.)
template <class F>
P2C_HD P2C_INLINE F fmod_by_chunks(F x, F y) {
  const F ax = fabs_(x);
  const F ay = fabs_(y);
  if (!(ax < F(INFINITY)) || !(ay > F(0))) return F(NAN);  // an infinite x, a zero y, a NaN
  F r = ax;
  P2C_NO_UNROLL  // quotients beyond 2**(digits-1) are rare
  while (ay <= r) {  // never for an infinite y
    F t = ay;
    P2C_NO_UNROLL
    while (t * FmodChunk<F>::up <= r) t *= FmodChunk<F>::up;
    r = remainder_of_small_quotient(r, t);
  }
  return copysign_(r, x);
}

P2C_HD P2C_INLINE float fmod_(float x, float y) { return ::fmodf(x, y); }
// The C library's fmod is exact and fast on the host; the device's is fmod_by_chunks.
#if defined(__CUDA_ARCH__)
__device__ P2C_INLINE double fmod_(double x, double y) { return fmod_by_chunks(x, y); }
#else
P2C_INLINE double fmod_(double x, double y) { return ::fmod(x, y); }
#endif

template <class F>
P2C_HD P2C_INLINE bool is_nan(F x) {
  return x != x;
}

// ---- rounding to an integer as the GPU does it ------------------------------------------
// Rounding half to even (cvt.rni.s64.f64), what libdevice's llrint is; saturating like every
// PTX conversion to an integer (float_to_int.h).
P2C_HD P2C_INLINE int64_t f64_to_i64_rint_sat(double x) {
#if defined(__CUDA_ARCH__)
  return __double2ll_rn(x);
#else
  return cvt_saturate<int64_t>(::nearbyint(x));  // the default rounding mode: half to even
#endif
}

// ---- integer division -----------------------------------------------------------------
// Python's divmod for int64, as Numba lowers it: the quotient rounds toward minus
// infinity and the remainder takes the divisor's sign. A zero divisor gives (0, 0)
// (the numpy error model raises nothing), and so does INT64_MIN // -1, whose true
// quotient 2**63 does not fit.
P2C_HD P2C_INLINE DivMod<int64_t> int_divmod(int64_t a, int64_t b) {
  if (b == 0 || (a == INT64_MIN && b == -1)) return {0, 0};
  int64_t q = a / b;
  int64_t r = a % b;
  if (r != 0 && ((r ^ b) < 0)) {  // C++ truncated toward zero; step down to the floor
    q -= 1;
    r += b;
  }
  return {q, r};
}

// ---- float division -------------------------------------------------------------------
// Numba's real_divmod (CPython's float_divmod) over C's fmod, which is exact. The
// zero divisor takes the numpy error model's path: x / y for `//`, fmod(x, 0) = NaN
// for `%`.
// fmod(x, y) for y a power of two, 1 or more (the translator's proof: a constant divisor),
// bit for bit: x / y is exact, or its true value is below 1 in magnitude (a subnormal quotient,
// |x| < y) and truncates to 0 however it rounds, and cannot overflow (y >= 1); q * y is then
// exact, and so is x - q * y, whose exact value, the remainder, is representable. copysign
// gives a zero remainder x's sign, as fmod does; an infinite x or a NaN gives NaN. NVVM turns
// the division by a constant power of two into a multiplication: a handful of instructions
// where fmod_by_chunks' loop stays a loop.
template <class F>
P2C_HD P2C_INLINE F fmod_by_power_of_two(F x, F y) {
  return copysign_(x - trunc_(x / y) * y, x);
}

// Python's float % and // below over fmod_, or over fmod_by_power_of_two where the divisor is
// a constant power of two (PowerOfTwo). A flag, not a function pointer: nvcc does not emit the
// device side of a __host__ __device__ function template named only as a template argument.
template <bool PowerOfTwo, class F>
P2C_HD P2C_INLINE F fmod_for(F x, F y) {
  if constexpr (PowerOfTwo) return fmod_by_power_of_two(x, y);
  else return fmod_(x, y);
}

// The steps after fmod, for a divisor y other than zero. Numba's real_divmod computes
// both halves from one fmod; real_mod and real_floordiv take theirs alone, real_divmod both.
// The remainder: fmod's result given the divisor's sign.
template <class F>
P2C_HD P2C_INLINE F mod_from_fmod(F y, F mod) {
  if (mod != F(0)) {  // unordered compare: NaN takes this branch too
    if ((y < F(0)) != (mod < F(0))) mod += y;  // give the remainder the divisor's sign
  } else {
    mod = copysign_(F(0), y);  // a zero remainder also takes the divisor's sign
  }
  return mod;
}

// The quotient: div = (x - mod) / y, stepped down where the remainder's sign is corrected.
template <class F>
P2C_HD P2C_INLINE F floordiv_from_fmod(F x, F y, F mod, F div) {
  if (mod != F(0) && ((y < F(0)) != (mod < F(0)))) div -= F(1);
  // Numba's `if div:`: a NaN quotient is true and comes back as floor(NaN), the NaN itself with
  // its sign (difftest seed 4003738).
  if (div != F(0)) {
    // Snap the quotient to the nearest integer (it is within rounding of one).
    F floordiv = floor_(div);
    if (div - floordiv > F(0.5)) floordiv += F(1);
    return floordiv;
  }
  // A zero with the sign of the true quotient x / y (CPython's div * x / y, without a division).
  return copysign_(F(0), x) * copysign_(F(1), y);
}

template <class F, bool PowerOfTwo = false>
P2C_HD P2C_INLINE F real_mod(F x, F y) {
  const F mod = fmod_for<PowerOfTwo>(x, y);
  if (y == F(0)) return mod;
  return mod_from_fmod(y, mod);
}

template <class F, bool PowerOfTwo = false>
P2C_HD P2C_INLINE F real_floordiv(F x, F y) {
  // A zero divisor's x / y (+-inf or NaN) is the division of the quotient below: one
  // division in the code, not two.
  const F mod = y == F(0) ? F(0) : fmod_for<PowerOfTwo>(x, y);
  const F div = (x - mod) / y;
  if (y == F(0)) return div;
  return floordiv_from_fmod(x, y, mod, div);
}

// Both, from one fmod: the same bits as real_floordiv's and real_mod's, a zero divisor included
// (x / y and fmod(x, 0) = NaN).
template <class F>
P2C_HD P2C_INLINE DivMod<F> real_divmod(F x, F y) {
  const F mod = fmod_(x, y);
  const F div = (x - (y == F(0) ? F(0) : mod)) / y;
  if (y == F(0)) return {div, mod};
  return {floordiv_from_fmod(x, y, mod, div), mod_from_fmod(y, mod)};
}

// ---- powers ---------------------------------------------------------------------------
// Numba's int_power_impl: exponentiation by squaring for exponents up to 0x10000,
// math.pow beyond (its "optimization cutoff").
constexpr uint64_t kPowSquaringLimit = 0x10000;

// The magnitude of an exponent and whether it was negative. Numba raises
// OverflowError for -(2**63), whose negation overflows; here it becomes 2**63.
template <class E>
P2C_HD P2C_INLINE uint64_t exponent_magnitude(E exp, bool& negative) {
  negative = false;
  if constexpr (std::is_signed_v<E>) {
    negative = exp < 0;
    if (negative) return uint64_t{0} - static_cast<uint64_t>(exp);
  }
  return static_cast<uint64_t>(exp);
}

// Exponentiation by squaring with the wrapping multiplication of Numba's integers
// (done in uint64_t, which wraps without undefined behaviour).
P2C_HD P2C_INLINE uint64_t square_and_multiply(uint64_t base, uint64_t exp) {
  uint64_t result = 1;
  while (exp != 0) {
    if (exp & 1) result *= base;
    exp >>= 1;
    base *= base;
  }
  return result;
}

template <class F, class E>
P2C_HD P2C_INLINE F float_int_power(F base, E exp) {
  bool invert;
  uint64_t e = exponent_magnitude(exp, invert);
  if (e > kPowSquaringLimit) {
    // math.pow(base, float(exp)) in double precision, then rounded to F.
    return static_cast<F>(::pow(static_cast<double>(base), static_cast<double>(exp)));
  }
  F result = F(1);
  while (e != 0) {
    if (e & 1) result *= base;
    e >>= 1;
    base *= base;
  }
  // Numba inverts in double precision (`1.0 / r`) and rounds to F.
  return invert ? static_cast<F>(1.0 / static_cast<double>(result)) : result;
}

// ---- min / max of two floats ----------------------------------------------------------
// CUDA: Numba lowers max(a, b) and min(a, b) of two floats to libdevice fmax/fmin,
// i.e. PTX max/min: a NaN operand is ignored, and -0.0 counts as less than +0.0
// (IEEE 754-2019 maximumNumber/minimumNumber). The host spells that out, because
// C's fmax leaves the sign of a zero result unspecified.
template <class F>
P2C_HD P2C_INLINE F float_max(F a, F b) {
#if defined(__CUDA_ARCH__)
  if constexpr (std::is_same_v<F, float>) return ::fmaxf(a, b);
  else return ::fmax(a, b);
#else
  if (is_nan(a)) return b;
  if (is_nan(b)) return a;
  if (a == b) return ::signbit(a) ? b : a;  // equal: only the sign of a zero can differ
  return a > b ? a : b;
#endif
}

template <class F>
P2C_HD P2C_INLINE F float_min(F a, F b) {
#if defined(__CUDA_ARCH__)
  if constexpr (std::is_same_v<F, float>) return ::fminf(a, b);
  else return ::fmin(a, b);
#else
  if (is_nan(a)) return b;
  if (is_nan(b)) return a;
  if (a == b) return ::signbit(a) ? a : b;
  return a < b ? a : b;
#endif
}

}  // namespace detail

// ==== floor division: a // b ===========================================================
// Integers: rounds toward minus infinity; a zero divisor gives 0, as does
// INT64_MIN // -1. Floats: Python's float floor division; a zero divisor gives
// +-inf or NaN.
P2C_HD P2C_INLINE int64_t floordiv(int64_t a, int64_t b) { return detail::int_divmod(a, b).quotient; }
P2C_HD P2C_INLINE uint64_t floordiv(uint64_t a, uint64_t b) { return b == 0 ? 0 : a / b; }
P2C_HD P2C_INLINE float floordiv(float a, float b) { return detail::real_floordiv(a, b); }
P2C_HD P2C_INLINE double floordiv(double a, double b) { return detail::real_floordiv(a, b); }

// ==== float a // b and a % b with b a power of two, 1 or more ==========================
// The translator emits these for a constant divisor 1.0, 2.0, 4.0, ... (lower/expressions.cpp):
// the same results as floordiv and mod, with an fmod that needs no loop.
P2C_HD P2C_INLINE float floordiv_by_power_of_two(float a, float b) {
  return detail::real_floordiv<float, true>(a, b);
}
P2C_HD P2C_INLINE double floordiv_by_power_of_two(double a, double b) {
  return detail::real_floordiv<double, true>(a, b);
}
P2C_HD P2C_INLINE float mod_by_power_of_two(float a, float b) {
  return detail::real_mod<float, true>(a, b);
}
P2C_HD P2C_INLINE double mod_by_power_of_two(double a, double b) {
  return detail::real_mod<double, true>(a, b);
}

// ==== integer a // b and a % b with b > 0 =============================================
// The translator emits these where it proved the divisor positive (infer/index_wrap.cpp):
// no zero divisor nor INT64_MIN // -1 to test, only C's truncation of a negative dividend
// to correct. Where it proved the dividend non-negative too it writes C's / and %.
P2C_HD P2C_INLINE int64_t floordiv_by_positive(int64_t a, int64_t b) {
  const int64_t q = a / b;
  return (a % b < 0) ? q - 1 : q;
}
P2C_HD P2C_INLINE int64_t mod_by_positive(int64_t a, int64_t b) {
  const int64_t r = a % b;
  return r < 0 ? r + b : r;
}

// ==== integer a // b and a % b with b >= 0 ============================================
// The translator emits these where it proved the divisor non-negative (a shape, a length,
// `n, m = a.shape`): -1 is not among its values, so INT64_MIN // -1 needs no test, only a
// zero divisor (0, as py2cuda::floordiv and py2cuda::mod give it).
P2C_HD P2C_INLINE int64_t floordiv_by_nonnegative(int64_t a, int64_t b) {
  return b == 0 ? 0 : floordiv_by_positive(a, b);
}
P2C_HD P2C_INLINE int64_t mod_by_nonnegative(int64_t a, int64_t b) { return b == 0 ? 0 : mod_by_positive(a, b); }

// ==== modulo: a % b ====================================================================
// The result has the sign of the divisor. Integers: a zero divisor gives 0.
// Floats: a zero divisor gives NaN.
// The remainder alone, not divmod's: with the quotient computed too, NVVM derives the
// remainder from it (a - q * b) and keeps the 64-bit division where a remainder suffices.
P2C_HD P2C_INLINE int64_t mod(int64_t a, int64_t b) {
  if (b == 0 || (a == INT64_MIN && b == -1)) return 0;  // C's INT64_MIN % -1 overflows; Python's is 0
  const int64_t r = a % b;
  return (r != 0 && ((r ^ b) < 0)) ? r + b : r;  // give a non-zero remainder the divisor's sign
}
P2C_HD P2C_INLINE uint64_t mod(uint64_t a, uint64_t b) { return b == 0 ? 0 : a % b; }
P2C_HD P2C_INLINE float mod(float a, float b) { return detail::real_mod(a, b); }
P2C_HD P2C_INLINE double mod(double a, double b) { return detail::real_mod(a, b); }

// ==== a // b and a % b of the same operands: divmod(a, b).quotient, .remainder ==========
// The translator emits these where a kernel computes both (ir/divmod_pairs.cpp): one division
// (integers) or one fmod (floats) for the two, each half the same as floordiv's or mod's.
P2C_HD P2C_INLINE DivMod<int64_t> divmod(int64_t a, int64_t b) { return detail::int_divmod(a, b); }
P2C_HD P2C_INLINE DivMod<float> divmod(float a, float b) { return detail::real_divmod(a, b); }
P2C_HD P2C_INLINE DivMod<double> divmod(double a, double b) { return detail::real_divmod(a, b); }

// ==== integer power: base ** exp with a run-time exponent ==============================
// A negative exponent gives 0, except for base 1 or -1 (then +-1) and base 0 (then
// INT64_MIN, Numba's value for 0 ** negative when it raises nothing). Overflow wraps.
// CUDA: numba-cuda's int_power ends in `1.0 / r if invert else r`, which makes the
// result pass through float64: results beyond 2**53 in magnitude are rounded to a
// double and truncated back (saturating), unlike Numba's CPU target.
P2C_HD P2C_INLINE int64_t ipow(int64_t base, int64_t exp) {
  bool invert;
  const uint64_t e = detail::exponent_magnitude(exp, invert);
  if (invert) {
    if (base == 0) return INT64_MIN;
    if (base != 1 && base != -1) return 0;
  }
  if (e > detail::kPowSquaringLimit) {
    return float_to_int<int64_t>(::pow(static_cast<double>(base), static_cast<double>(exp)));
  }
  const auto wrapped = static_cast<int64_t>(detail::square_and_multiply(static_cast<uint64_t>(base), e));
  double result = static_cast<double>(wrapped);
  if (invert) result = 1.0 / result;
  return float_to_int<int64_t>(result);
}

P2C_HD P2C_INLINE uint64_t ipow(uint64_t base, uint64_t exp) {
  if (exp > detail::kPowSquaringLimit) {
    return float_to_int<uint64_t>(::pow(static_cast<double>(base), static_cast<double>(exp)));
  }
  // CUDA: through float64, as for int64 above.
  return float_to_int<uint64_t>(static_cast<double>(detail::square_and_multiply(base, exp)));
}

// Host code and CPU @jit functions: the same square-and-multiply without the trip through
// float64, so every result is exact modulo 2**64 (Python's and NumPy's value while it fits
// int64, NumPy's wrapped one past it): `n ** 2` of n = 123456789 is 15241578750190521.
P2C_HD P2C_INLINE int64_t ipow_exact(int64_t base, int64_t exp) {
  bool invert;
  const uint64_t e = detail::exponent_magnitude(exp, invert);
  if (invert) {
    if (base == 0) return INT64_MIN;
    if (base != 1 && base != -1) return 0;
  }
  return static_cast<int64_t>(detail::square_and_multiply(static_cast<uint64_t>(base), e));
}
P2C_HD P2C_INLINE uint64_t ipow_exact(uint64_t base, uint64_t exp) { return detail::square_and_multiply(base, exp); }

// ==== float ** integer with a run-time exponent ========================================
// Numba types float32 ** int as float32 and float64 ** int as float64, computed by
// repeated squaring in that precision (not pow()), a negative exponent inverting
// the result; exponents beyond 0x10000 use pow() in double precision. CUDA: a zero
// base with a negative exponent gives +-inf (Numba's CPU target raises
// ZeroDivisionError). (A constant exponent is the translator's business: Numba
// unrolls it into multiplications.)
P2C_HD P2C_INLINE float fpowi(float base, int64_t exp) { return detail::float_int_power(base, exp); }
P2C_HD P2C_INLINE double fpowi(double base, int64_t exp) { return detail::float_int_power(base, exp); }
P2C_HD P2C_INLINE float fpowi(float base, uint64_t exp) { return detail::float_int_power(base, exp); }
P2C_HD P2C_INLINE double fpowi(double base, uint64_t exp) { return detail::float_int_power(base, exp); }

// ==== round(x) with one argument =======================================================
// Python's round: to the nearest integer, ties to even, as an int64. CUDA: NaN gives -2**63
// and values beyond the int64 range saturate (Python would raise).
P2C_HD P2C_INLINE int64_t round_half_even(float x) {
  return detail::f64_to_i64_rint_sat(static_cast<double>(x));
}
P2C_HD P2C_INLINE int64_t round_half_even(double x) { return detail::f64_to_i64_rint_sat(x); }

// round(x, ndigits): numba-cuda's round_to_impl (CPython's fallback
// double_round), computed in float64 whatever x's type, with the ties to
// even through round(), which on CUDA is llrint to int64.
template <class F>
P2C_HD P2C_INLINE F round_ndigits(F x, int32_t ndigits) {
  static_assert(std::is_floating_point_v<F>, "py2cuda::round_ndigits takes a float");
  const double xd = static_cast<double>(x);
  constexpr double kMax = 1.7976931348623157e308;  // DBL_MAX: beyond it is infinite
  if (detail::is_nan(xd) || xd > kMax || xd < -kMax) return x;
  double pow1 = 1.0, pow2 = 1.0, y = 0.0;
  if (ndigits >= 0) {
    if (ndigits > 22) {
      pow1 = fpowi(10.0, static_cast<int64_t>(ndigits - 22));
      pow2 = 1e22;
    } else {
      pow1 = fpowi(10.0, static_cast<int64_t>(ndigits));
    }
    y = (xd * pow1) * pow2;
    if (y > kMax || y < -kMax) return x;
  } else {
    pow1 = fpowi(10.0, static_cast<int64_t>(-ndigits));
    y = xd / pow1;
  }
  double z = static_cast<double>(round_half_even(y));
  if (detail::fabs_(y - z) == 0.5) z = 2.0 * static_cast<double>(round_half_even(y / 2.0));
  if (ndigits >= 0) {
    z = (z / pow2) / pow1;
  } else {
    z *= pow1;
  }
  return static_cast<F>(z);
}

// Unary minus on an integer narrower than 64 bits: Numba negates in the
// operand's own width (wrapping) before the result widens to (u)int64.
template <class T>
P2C_HD P2C_INLINE T neg(T x) {
  static_assert(std::is_integral_v<T>, "py2cuda::neg takes an integer");
  using U = std::make_unsigned_t<T>;
  return static_cast<T>(static_cast<U>(U(0) - static_cast<U>(x)));
}

// `~x` on an integer narrower than 64 bits: Numba inverts in the operand's own width
// before widening (numba/cpython/numbers.py int_invert_impl), so ~uint8(100) is 155.
template <class T>
P2C_HD P2C_INLINE T invert(T x) {
  static_assert(std::is_integral_v<T>, "py2cuda::invert takes an integer");
  return static_cast<T>(~x);
}

// The number of values range(start, stop, step) yields (step != 0).
P2C_HD P2C_INLINE int64_t range_len(int64_t start, int64_t stop, int64_t step) {
  if (step > 0) return start < stop ? (stop - start - 1) / step + 1 : 0;
  return start > stop ? (start - stop - 1) / (-step) + 1 : 0;
}

// np.maximum/np.minimum on scalars: a NaN operand wins (the first if both);
// np.fmax/np.fmin: a NaN operand loses.
template <class T>
P2C_HD P2C_INLINE T np_maximum(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    if (a != a) return a;
    if (b != b) return b;
  }
  return a >= b ? a : b;
}
template <class T>
P2C_HD P2C_INLINE T np_minimum(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    if (a != a) return a;
    if (b != b) return b;
  }
  return a <= b ? a : b;
}
template <class T>
P2C_HD P2C_INLINE T np_fmax(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    if (a != a) return b;
    if (b != b) return a;
  }
  return a >= b ? a : b;
}
template <class T>
P2C_HD P2C_INLINE T np_fmin(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    if (a != a) return b;
    if (b != b) return a;
  }
  return a <= b ? a : b;
}

// ==== abs(x) ===========================================================================
// Keeps the argument's type. Signed integers: abs(INT64_MIN) wraps to INT64_MIN, as in
// Numba (a negation without overflow checks). Unsigned integers: unchanged. Floats: fabs.
template <class T>
P2C_HD P2C_INLINE T py_abs(T x) {
  static_assert(std::is_arithmetic_v<T> && !std::is_same_v<T, bool>, "py2cuda::py_abs takes a number");
  if constexpr (std::is_floating_point_v<T>) {
    return detail::fabs_(x);
  } else if constexpr (std::is_signed_v<T>) {
    // Negated in the unsigned type, which wraps where the signed negation would overflow.
    return x < 0 ? static_cast<T>(0 - static_cast<std::make_unsigned_t<T>>(x)) : x;
  } else {
    return x;
  }
}

// ==== builtin max / min ================================================================
// Two operands of one type. Floats (CUDA): NaN operands are ignored (max(nan, 1.0)
// and max(1.0, nan) are both 1.0) and -0.0 < +0.0. Integers: the larger/smaller.
template <class T>
P2C_HD P2C_INLINE T py_max(T a, T b) {
  static_assert(std::is_arithmetic_v<T>, "py2cuda::py_max takes numbers of one type");
  if constexpr (std::is_floating_point_v<T>) {
    return detail::float_max(a, b);
  } else {
    return b > a ? b : a;
  }
}

template <class T>
P2C_HD P2C_INLINE T py_min(T a, T b) {
  static_assert(std::is_arithmetic_v<T>, "py2cuda::py_min takes numbers of one type");
  if constexpr (std::is_floating_point_v<T>) {
    return detail::float_min(a, b);
  } else {
    return b < a ? b : a;
  }
}

// Numba's generic lowering of max/min, used for THREE OR MORE operands and for two
// operands that are not both floats (an int and a float): Python's left-to-right
// algorithm, `acc = v if v > acc else acc`. With floats this is order-dependent
// around NaN, unlike py_max: max(nan, 1.0, 2.0) is nan, max(1.0, nan, 2.0) is 2.0.
// The translator converts every operand to the common type first.
template <class T, class... Rest>
P2C_HD P2C_INLINE T py_max_generic(T a, T b, Rest... rest) {
  static_assert((std::is_same_v<T, Rest> && ...), "py2cuda::py_max_generic takes numbers of one type");
  T acc = b > a ? b : a;
  ((acc = rest > acc ? rest : acc), ...);
  return acc;
}

template <class T, class... Rest>
P2C_HD P2C_INLINE T py_min_generic(T a, T b, Rest... rest) {
  static_assert((std::is_same_v<T, Rest> && ...), "py2cuda::py_min_generic takes numbers of one type");
  T acc = b < a ? b : a;
  ((acc = rest < acc ? rest : acc), ...);
  return acc;
}

}  // namespace py2cuda
