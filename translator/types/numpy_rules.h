// NumPy 1.x's type rules for host code, in one place beside Numba's (rules.h).
//
// Host code runs under CPython and NumPy, not Numba: an array operation's dtype
// follows numpy.result_type, where a Python or NumPy scalar beside an array counts
// by its value ("value-based casting", NumPy 1.x; NEP 50 dropped it in NumPy 2),
// and the ufuncs' loops pick float64 for integer inputs of sqrt, exp and the like.
#pragma once

#include <cstdint>
#include <optional>

#include "support/operators.h"
#include "types/type.h"

namespace py2cuda::numpy_rules {

// numpy.promote_types for scalar types (bool, integers, floats, complex).
TypeRef promote_types(TypeRef a, TypeRef b);

// A scalar type's np.dtype(...).kind: "b", "i", "u", "f" or "c".
const char* dtype_kind(TypeRef t);
// A scalar type's np.dtype(...).itemsize in bytes.
int64_t dtype_itemsize(TypeRef t);

// One operand of an array operation: its dtype (an array's element type, or a
// scalar's type), whether it is a scalar, and a scalar's value when known at
// translation time (a literal or a frozen constant), which NumPy 1.x consults.
struct Operand {
  TypeRef dtype = nullptr;
  bool scalar = false;
  std::optional<double> value;
};

// numpy.result_type of two operands, at least one of them an array.
TypeRef result_type(const Operand& a, const Operand& b);

// The dtype of `a op b` elementwise (the loop type, then true division's float
// result), or nullptr when NumPy has no loop for it (a bitwise operation on floats).
TypeRef binary_dtype(BinOp op, const Operand& a, const Operand& b);

// The float type a transcendental ufunc (sqrt, exp, sin ...) computes an input
// dtype in: float32 stays, int16 goes to float32, wider integers to float64.
TypeRef float_ufunc_dtype(TypeRef input);

// numpy.sum/prod's accumulator for an array of `dtype`: int64 for signed integers and
// bool, uint64 for unsigned ones, the dtype itself for floats.
TypeRef sum_dtype(TypeRef dtype);

// numpy.mean/std/var's result for an array of `dtype`: float64 for integers and bool.
TypeRef mean_dtype(TypeRef dtype);

}  // namespace py2cuda::numpy_rules
