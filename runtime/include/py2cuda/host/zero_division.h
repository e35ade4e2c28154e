// py2cuda host runtime: scalar division that raises ZeroDivisionError.
//
// CUDA kernels follow Numba's 'numpy' error model: x / 0 is inf or nan and x // 0 is 0,
// with no exception (py2cuda::floordiv and py2cuda::mod in pysem.h). Host code does not:
// Python raises ZeroDivisionError, and so does a CPU @jit function (Numba's default
// error_model='python'), each in its own words. The translator emits these only where a
// divisor can be zero (a nonzero literal divides with the plain operator).
#pragma once

#include <type_traits>

#include "py2cuda/host/exceptions.h"
#include "py2cuda/pysem.h"

namespace py2cuda {

namespace zero_division_detail {

template <class A, class B>
constexpr bool integral_operands = std::is_integral_v<std::common_type_t<A, B>>;

template <class B>
inline void raise_if_zero(B divisor, const char* message) {
  if (divisor == B(0)) throw host::ZeroDivisionError(message);
}

}  // namespace zero_division_detail

// Python's operators in CPython 3.11's words.
namespace python {

template <class A, class B>
inline auto floordiv(A a, B b) {
  zero_division_detail::raise_if_zero(b, zero_division_detail::integral_operands<A, B>
                                             ? "integer division or modulo by zero"
                                             : "float floor division by zero");
  return py2cuda::floordiv(a, b);
}

template <class A, class B>
inline auto mod(A a, B b) {
  zero_division_detail::raise_if_zero(
      b, zero_division_detail::integral_operands<A, B> ? "integer modulo by zero" : "float modulo");
  return py2cuda::mod(a, b);
}

// a / b of floats (ints already converted by the caller, which then calls int_truediv).
template <class A, class B>
inline auto truediv(A a, B b) {
  zero_division_detail::raise_if_zero(b, "float division by zero");
  return a / b;
}

// int / int: the operands arrive converted to double, the wording is the ints'.
template <class A, class B>
inline auto int_truediv(A a, B b) {
  zero_division_detail::raise_if_zero(b, "division by zero");
  return a / b;
}

}  // namespace python

// A CPU @jit function's operators: Numba's error_model='python' and its messages.
namespace numba_cpu {

template <class A, class B>
inline auto floordiv(A a, B b) {
  zero_division_detail::raise_if_zero(b, zero_division_detail::integral_operands<A, B>
                                             ? "integer division by zero"
                                             : "division by zero");
  return py2cuda::floordiv(a, b);
}

template <class A, class B>
inline auto mod(A a, B b) {
  zero_division_detail::raise_if_zero(
      b, zero_division_detail::integral_operands<A, B> ? "integer modulo by zero" : "modulo by zero");
  return py2cuda::mod(a, b);
}

template <class A, class B>
inline auto truediv(A a, B b) {
  zero_division_detail::raise_if_zero(b, "division by zero");
  return a / b;
}

template <class A, class B>
inline auto int_truediv(A a, B b) {
  return truediv(a, b);
}

}  // namespace numba_cpu

}  // namespace py2cuda
