// py2cuda host runtime: scalar division that raises ZeroDivisionError.
//
// CUDA kernels follow Numba's 'numpy' error model: x / 0 is inf or nan and x // 0 is 0,
// with no exception (py2cuda::floordiv and py2cuda::mod in pysem.h). Host code does not:
// Python raises ZeroDivisionError, and so does a CPU @jit function (Numba's default
// error_model='python'), each in its own words. The translator emits these only where a
// divisor can be zero (a nonzero literal divides with the plain operator):
// `py2cuda::python.floordiv(n, k)` in host code, `py2cuda::numba_cpu.mod(a, b)` in @jit code.
#pragma once

#include <type_traits>

#include "py2cuda/host/exceptions.h"
#include "py2cuda/pysem.h"

namespace py2cuda {

// The message of each operator's ZeroDivisionError, for integer and for float operands.
struct ZeroDivisionWording {
  const char* int_floordiv;
  const char* float_floordiv;
  const char* int_mod;
  const char* float_mod;
  const char* int_truediv;  // int / int: Python converts to float but words it as ints
  const char* float_truediv;
};

// Python's operators on scalars, raising with `wording`'s messages.
class RaisingDivision {
 public:
  constexpr explicit RaisingDivision(ZeroDivisionWording wording) : wording_(wording) {}

  template <class A, class B>
  auto floordiv(A a, B b) const {
    raise_if_zero(b, integral<A, B> ? wording_.int_floordiv : wording_.float_floordiv);
    return py2cuda::floordiv(a, b);
  }

  template <class A, class B>
  auto mod(A a, B b) const {
    raise_if_zero(b, integral<A, B> ? wording_.int_mod : wording_.float_mod);
    return py2cuda::mod(a, b);
  }

  // a / b of floats; int_truediv when the operands were ints before the caller converted them.
  template <class A, class B>
  auto truediv(A a, B b) const {
    raise_if_zero(b, wording_.float_truediv);
    return a / b;
  }

  template <class A, class B>
  auto int_truediv(A a, B b) const {
    raise_if_zero(b, wording_.int_truediv);
    return a / b;
  }

 private:
  template <class A, class B>
  static constexpr bool integral = std::is_integral_v<std::common_type_t<A, B>>;

  template <class B>
  static void raise_if_zero(B divisor, const char* message) {
    if (divisor == B(0)) throw host::ZeroDivisionError(message);
  }

  ZeroDivisionWording wording_;
};

// Python host code's int ** int whose exponent is not a constant: py2cuda types it as an int,
// which Python's result is for an exponent >= 0; a negative one makes Python's result a float,
// which no static type can follow, so the program stops and says so rather than print 0.
inline int64_t python_int_pow(int64_t base, int64_t exp) {
  if (exp < 0) {
    if (base == 0) throw host::ZeroDivisionError("0.0 cannot be raised to a negative power");
    throw host::PyException("NotImplementedError",
                            "int ** negative int is a float in Python, but py2cuda typed this power as an int (its "
                            "exponent is not a constant): write float(base) ** exp");
  }
  return ipow_exact(base, exp);
}

// Host code: CPython 3.11's messages.
inline constexpr RaisingDivision python{{
    .int_floordiv = "integer division or modulo by zero",
    .float_floordiv = "float floor division by zero",
    .int_mod = "integer modulo by zero",
    .float_mod = "float modulo",
    .int_truediv = "division by zero",
    .float_truediv = "float division by zero",
}};

// A CPU @jit function: Numba's error_model='python' and its messages.
inline constexpr RaisingDivision numba_cpu{{
    .int_floordiv = "integer division by zero",
    .float_floordiv = "division by zero",
    .int_mod = "integer modulo by zero",
    .float_mod = "modulo by zero",
    .int_truediv = "division by zero",
    .float_truediv = "division by zero",
}};

}  // namespace py2cuda
