// py2cuda host runtime: how host code says which Python/NumPy type a C++ value has.
//
// The same C++ double prints differently as a Python float, an np.float64 or
// an np.float32 (repr(0.1) vs str(np.float32(0.1)) differ in their digits), and
// np.int8 is not Python's int. Plain C++ types mean the Python built-ins:
// double = float, any integer = int, bool = bool, strings = str. A NumPy scalar
// is wrapped in NpScalar<T> so overload resolution picks the NumPy rules.
#pragma once

#include <concepts>
#include <cstdint>
#include <string_view>
#include <type_traits>

namespace py2cuda::host {

template <class T>
struct NpScalar {
  T value;
};

// A NumPy or Python class passed to a host function (`make(n, np.float32)`): translated code
// resolves the class when it translates, so the argument carries only its type, as the
// function's overload for it. Kind: 0 NumPy's class, 1 Python's int/float/bool, 2 np.dtype(...).
template <class T, int Kind>
struct DtypeTag {};

// A kernel or function passed to a host function (`reduce(block_sums, values)`): resolved at
// translation time too, so the argument is an empty tag and the function's instance for it
// launches that kernel by name.
struct FunctionTag {};

using np_bool = NpScalar<bool>;
using np_int8 = NpScalar<int8_t>;
using np_int16 = NpScalar<int16_t>;
using np_int32 = NpScalar<int32_t>;
using np_int64 = NpScalar<int64_t>;
using np_uint8 = NpScalar<uint8_t>;
using np_uint16 = NpScalar<uint16_t>;
using np_uint32 = NpScalar<uint32_t>;
using np_uint64 = NpScalar<uint64_t>;
using np_float32 = NpScalar<float>;
using np_float64 = NpScalar<double>;

// A C++ integer that stands for a Python int: excludes bool and the character
// types (a char is more likely a byte of a string than a number).
template <class T>
concept PyIntLike = std::integral<T> && !std::same_as<T, bool> && !std::same_as<T, char> &&
                    !std::same_as<T, char8_t> && !std::same_as<T, char16_t> &&
                    !std::same_as<T, char32_t> && !std::same_as<T, wchar_t>;

// Exactly bool: a template parameter keeps pointers (const char*) and ints
// from converting to bool silently.
template <class T>
concept PyBoolLike = std::same_as<T, bool>;

// x < 0 without comparing an unsigned value with zero (nvcc warns on that).
template <class I>
constexpr bool is_negative(I x) {
  if constexpr (std::is_signed_v<I>) return x < 0;
  else return false;
}

// The NumPy type name of T, as dtype.name spells it ("int32", "float64").
template <class T>
constexpr std::string_view numpy_type_name() {
  if constexpr (std::same_as<T, bool>) return "bool";
  else if constexpr (std::same_as<T, float>) return "float32";
  else if constexpr (std::same_as<T, double>) return "float64";
  else if constexpr (std::is_signed_v<T> && sizeof(T) == 1) return "int8";
  else if constexpr (std::is_signed_v<T> && sizeof(T) == 2) return "int16";
  else if constexpr (std::is_signed_v<T> && sizeof(T) == 4) return "int32";
  else if constexpr (std::is_signed_v<T> && sizeof(T) == 8) return "int64";
  else if constexpr (sizeof(T) == 1) return "uint8";
  else if constexpr (sizeof(T) == 2) return "uint16";
  else if constexpr (sizeof(T) == 4) return "uint32";
  else return "uint64";
}

}  // namespace py2cuda::host
