// py2cuda runtime: the element types of .npy files (see npy.h) and their C++ types.
#pragma once

#include <bit>
#include <cstddef>
#include <limits>
#include <string_view>
#include <type_traits>

#include "../half.h"
#include "../complex.h"

namespace py2cuda {

// The data of a .npy file is read into memory as it is; a big-endian host would
// need byte swapping, which nothing here does.
static_assert(std::endian::native == std::endian::little, "py2cuda: .npy support assumes a little-endian host");
static_assert(std::numeric_limits<float>::is_iec559 && std::numeric_limits<double>::is_iec559,
              "py2cuda: .npy support assumes IEEE 754 float and double");

// One element type a .npy file may hold.
struct NpyDType {
  std::string_view descr;  // numpy's canonical descr, as numpy writes it: "<f4", "|b1"
  std::string_view name;   // numpy's and Numba's name: "float32", "bool"
  std::size_t itemsize;    // bytes per element
};

// Every supported dtype. Integers are ordered so that detail::npy_dtype_index can
// compute their position from the size and signedness of a C++ type.
inline constexpr NpyDType kNpyDTypes[] = {
    {"|b1", "bool", 1},   {"|i1", "int8", 1},    {"|u1", "uint8", 1},   {"<i2", "int16", 2},
    {"<u2", "uint16", 2}, {"<i4", "int32", 4},   {"<u4", "uint32", 4},  {"<i8", "int64", 8},
    {"<u8", "uint64", 8}, {"<f4", "float32", 4}, {"<f8", "float64", 8}, {"<f2", "float16", 2},
    // Two floats / two doubles, real part first: py2cuda::complex64 / complex128.
    {"<c8", "complex64", 8}, {"<c16", "complex128", 16},
};

// The supported dtype with this descr, or nullptr. A one-byte type's byte order
// means nothing, so '<i1' is accepted for numpy's canonical '|i1' (and so on).
inline const NpyDType* find_npy_dtype(std::string_view descr) {
  for (const NpyDType& d : kNpyDTypes) {
    if (descr == d.descr) return &d;
    if (d.itemsize == 1 && descr.size() == 3 && descr[0] == '<' && descr.substr(1) == d.descr.substr(1)) return &d;
  }
  return nullptr;
}

namespace detail {

// The position in kNpyDTypes of the dtype of C++ type T, or -1 if there is none.
template <class T>
constexpr int npy_dtype_index() {
  using U = std::remove_cv_t<T>;
  if constexpr (std::is_same_v<U, bool>) {
    return 0;
  } else if constexpr (std::is_integral_v<U> &&
                       (sizeof(U) == 1 || sizeof(U) == 2 || sizeof(U) == 4 || sizeof(U) == 8)) {
    const int log2_size = sizeof(U) == 1 ? 0 : sizeof(U) == 2 ? 1 : sizeof(U) == 4 ? 2 : 3;
    return 1 + 2 * log2_size + (std::is_unsigned_v<U> ? 1 : 0);
  } else if constexpr (std::is_same_v<U, float>) {
    return 9;
  } else if constexpr (std::is_same_v<U, double>) {
    return 10;
  } else if constexpr (std::is_same_v<U, __half>) {
    return 11;
  } else if constexpr (std::is_same_v<U, complex64>) {
    return 12;
  } else if constexpr (std::is_same_v<U, complex128>) {
    return 13;
  } else {
    return -1;
  }
}

}  // namespace detail

// The dtype of C++ element type T: npy_dtype<float>().descr is "<f4".
template <class T>
constexpr const NpyDType& npy_dtype() {
  constexpr int index = detail::npy_dtype_index<T>();
  static_assert(index >= 0,
                "py2cuda: this element type has no .npy dtype (use bool, an integer of 1, 2, 4 or 8 "
                "bytes, __half, float, double, complex64 or complex128)");
  return kNpyDTypes[index];
}

}  // namespace py2cuda
