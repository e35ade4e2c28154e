// py2cuda host runtime: NumPy's element conversion, ndarray.astype's C-style cast.
//
// Between integers a cast keeps the low bits (two's complement wraparound), and to bool
// it is `value != 0` (NaN is True), as in C and NumPy. From floating point to an
// integer, C++ leaves NaN and out-of-range values undefined; NumPy 1.26 on x86-64
// gives what the SSE truncating conversions (cvttss2si/cvttsd2si) give, which is
// reproduced here so the results do not depend on the host compiler:
//   int32, and int8/int16/uint8/uint16 through int32: NaN or out of int32's range gives
//       INT32_MIN (so 0 for the narrow types); in range, truncation toward zero then the
//       low bits (300.7 -> int8 44, -1.5 -> uint8 255);
//   int64: NaN or out of range gives INT64_MIN;
//   uint32/uint64: values >= 2^31 / 2^63 are shifted down by that much, converted and
//       shifted back (inf and 1e20 give 0); the rest convert as the signed type of the
//       same width (NaN and -inf give 2^31 / 2^63, -1.5 gives the all-ones value).
// (Measured on NumPy 1.26.4, x86-64; other architectures' NumPy builds differ there.)
#pragma once

#include <cmath>
#include <cstdint>
#include <type_traits>

namespace py2cuda::host {

namespace detail {

// x86's cvttsd2si into 32 bits: truncate, or INT32_MIN when NaN or out of range.
inline int32_t truncate_to_int32(double x) {
  if (!(x > -2147483649.0 && x < 2147483648.0)) return INT32_MIN;
  return static_cast<int32_t>(x);
}

// The 64-bit form: INT64_MIN when NaN or out of range.
inline int64_t truncate_to_int64(double x) {
  if (!(x >= -9223372036854775808.0 && x < 9223372036854775808.0)) return INT64_MIN;
  return static_cast<int64_t>(x);
}

template <class U>
U float_to_integer(double x) {
  if constexpr (std::is_same_v<U, int64_t>) {
    return truncate_to_int64(x);
  } else if constexpr (std::is_same_v<U, uint64_t>) {
    if (x >= 9223372036854775808.0) {
      return static_cast<uint64_t>(truncate_to_int64(x - 9223372036854775808.0)) ^ (uint64_t{1} << 63);
    }
    return static_cast<uint64_t>(truncate_to_int64(x));
  } else if constexpr (std::is_same_v<U, uint32_t>) {
    if (x >= 2147483648.0) {
      return static_cast<uint32_t>(truncate_to_int32(x - 2147483648.0)) ^ (uint32_t{1} << 31);
    }
    return static_cast<uint32_t>(truncate_to_int32(x));
  } else {
    return static_cast<U>(truncate_to_int32(x));  // int32, and the narrow types keep low bits
  }
}

}  // namespace detail

// The value of `x` converted to U as NumPy's casting loop converts it.
template <class U, class T>
inline U cast_value(T x) {
  if constexpr (std::is_same_v<U, T>) {
    return x;
  } else if constexpr (std::is_same_v<U, bool>) {
    return x != T(0);
  } else if constexpr (std::is_floating_point_v<T> && std::is_integral_v<U>) {
    return detail::float_to_integer<U>(static_cast<double>(x));  // float -> double is exact
  } else {
    return static_cast<U>(x);  // integer wraparound, int -> float rounding, float <-> double
  }
}

}  // namespace py2cuda::host
