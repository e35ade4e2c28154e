// py2cuda runtime: Optional<T>, what a device function returning a value on some
// paths and None on others gives (Numba's OptionalType).
//
//   py2cuda::Optional<double> r = safe_div(a, b);
//   if (py2cuda::is_value(r)) out(i) = py2cuda::unwrap(r);
//
// Where Numba needs the value (arithmetic, a store, an argument) the translator
// writes unwrap(), which is Numba's conversion of an Optional to its value: None
// there raises TypeError. In the CPU emulation that is a py2cuda::Error naming
// the line and the thread; on the GPU the thread prints the error and traps
// (Numba's thread would end silently unless built with debug=True).
#pragma once

#include <type_traits>
#include <utility>

#include "config.h"
#include "none.h"

#if P2C_BACKEND_CUDA
#include <cstdio>
#else
#include <string>

#include "emu/messages.h"
#include "emu/source_location.h"
#include "error.h"
#endif

namespace py2cuda {

template <class T>
struct Optional {
  T value{};
  bool has_value = false;

  constexpr Optional() = default;
  P2C_HD constexpr Optional(NoneType) {}
  P2C_HD constexpr Optional(T v) : value(v), has_value(true) {}
};

// Host code also holds values no kernel can (`name = None`, then a str): host-only
// constructors, since std::string's are host functions.
template <class T>
  requires(!std::is_trivially_copyable_v<T>)
struct Optional<T> {
  T value{};
  bool has_value = false;

  Optional() = default;
  Optional(NoneType) {}
  Optional(T v) : value(std::move(v)), has_value(true) {}
};

template <class T>
P2C_HD P2C_INLINE bool is_none(const Optional<T>& x) {
  return !x.has_value;
}

template <class T>
P2C_HD P2C_INLINE bool is_value(const Optional<T>& x) {
  return x.has_value;
}

#if P2C_BACKEND_CUDA
template <class T>
P2C_DEVICE P2C_INLINE T unwrap(const Optional<T>& x) {
  if (!x.has_value) {
    printf("py2cuda: TypeError: expected a value, got None\n");
    __trap();
  }
  return x.value;
}
#else
template <class T>
T unwrap(const Optional<T>& x, SourceLocation where = SourceLocation::current()) {
  if (!x.has_value) {
    throw Error((where.known() ? where.text() + ": " : std::string("py2cuda: ")) +
                "TypeError: expected a value, got None (" + emu::detail::current_thread_text() + ")");
  }
  return x.value;
}
#endif

}  // namespace py2cuda
