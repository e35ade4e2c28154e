// py2cuda runtime: float -> integer conversions as a GPU performs them.
//
// Numba lowers every conversion of a float to an integer in a kernel (np.int32(x), int(x), a
// float stored into an integer array element or passed to an atomic on one) to LLVM's fptosi or
// fptoui, which NVVM compiles to PTX `cvt.rzi`: truncation toward zero, straight into 32 or 64
// bits, and for an 8- or 16-bit integer into 16 bits, an 8-bit result keeping the low byte
// (numba-cuda 0.30.4 with CUDA 13.0: np.int8(float64) is `cvt.rzi.s16.f64` then `st.u8`).
// PTX's cvt saturates (PTX ISA, "cvt": float-to-integer results are clamped to the destination
// range). For NaN the manual says 0, and an H200 (2026-11-26) gives 0 only from a float32 into
// 16 or 32 bits; from a float64, and from a float32 into 64 bits, it gives the value with only
// the top bit set: np.int32(float64 nan) = -2**31, np.uint32(float64 nan) = 2**31, int(nan) =
// -2**63 (compiled numba-cuda, and tests/runtime/pysem_device.cu on every table row; 8-bit
// results are the low byte, 0 either way).
//
// In C++ an out-of-range conversion is undefined, and nvcc converts a float to an 8- or 16-bit
// integer through a 32-bit cvt (np.int16(1e5) would be -31072, not 32767): the device path
// spells out the 16-bit cvt, and the host (the CPU emulation) computes the hardware's result.
// Host code keeps plain C++ casts: it follows NumPy on the CPU.
#pragma once

#include <math.h>

#include <cstdint>
#include <type_traits>

#include "config.h"

namespace py2cuda {
namespace detail {

template <class F>
P2C_HD constexpr F two_to_the(int n) {
  F p = 1;
  for (int i = 0; i < n; ++i) p *= 2;
  return p;
}

// PTX cvt's saturation into a 16-, 32- or 64-bit integer, of a value already rounded to an
// integer in the instruction's mode (or NaN, or infinite).
template <class I, class F>
P2C_HD P2C_INLINE I cvt_saturate(F integral) {
  static_assert(std::is_integral_v<I> && sizeof(I) >= 2, "PTX cvt writes 16, 32 or 64 bits");
  static_assert(std::is_floating_point_v<F>, "py2cuda::detail::cvt_saturate converts a float");
  using U = std::make_unsigned_t<I>;
  constexpr int kBits = 8 * static_cast<int>(sizeof(I));
  constexpr U kTopBit = U(1) << (kBits - 1);
  constexpr bool kSigned = std::is_signed_v<I>;
  // The range's ends are powers of two, exact in either float type.
  constexpr F kEnd = two_to_the<F>(kSigned ? kBits - 1 : kBits);  // the first value past the top
  constexpr F kLow = kSigned ? -kEnd : F(0);
  if (integral != integral) return static_cast<I>(std::is_same_v<F, float> && kBits <= 32 ? U(0) : kTopBit);
  if (integral >= kEnd) return static_cast<I>(kSigned ? kTopBit - 1 : ~U(0));
  if (integral < kLow) return static_cast<I>(kSigned ? kTopBit : U(0));
  return static_cast<I>(integral);
}

P2C_HD P2C_INLINE float trunc_(float x) { return ::truncf(x); }
P2C_HD P2C_INLINE double trunc_(double x) { return ::trunc(x); }

}  // namespace detail

// T(x) for a float x and an integer type T, as Numba's kernels convert it on the GPU.
template <class T, class F>
P2C_HD P2C_INLINE T float_to_int(F x) {
  static_assert(std::is_integral_v<T> && !std::is_same_v<T, bool>, "py2cuda::float_to_int makes an integer");
  static_assert(std::is_same_v<F, float> || std::is_same_v<F, double>, "py2cuda::float_to_int takes a float32 or float64");
  if constexpr (sizeof(T) == 1) {
    // The low byte of the 16-bit conversion, as Numba's fptosi/fptoui to i8 compiles.
    using Wide = std::conditional_t<std::is_signed_v<T>, int16_t, uint16_t>;
    return static_cast<T>(float_to_int<Wide>(x));
  } else {
#if defined(__CUDA_ARCH__)
    if constexpr (sizeof(T) == 2) {
      unsigned short bits;
      if constexpr (std::is_signed_v<T> && std::is_same_v<F, double>) {
        asm("cvt.rzi.s16.f64 %0, %1;" : "=h"(bits) : "d"(x));
      } else if constexpr (std::is_signed_v<T>) {
        asm("cvt.rzi.s16.f32 %0, %1;" : "=h"(bits) : "f"(x));
      } else if constexpr (std::is_same_v<F, double>) {
        asm("cvt.rzi.u16.f64 %0, %1;" : "=h"(bits) : "d"(x));
      } else {
        asm("cvt.rzi.u16.f32 %0, %1;" : "=h"(bits) : "f"(x));
      }
      return static_cast<T>(bits);
    } else {
      return static_cast<T>(x);  // cvt.rzi.{s,u}{32,64}: the hardware saturates
    }
#else
    return detail::cvt_saturate<T>(detail::trunc_(x));
#endif
  }
}

}  // namespace py2cuda
