// NumPy operations on module constants at translation time.
//
// A frozen array must hold exactly what NumPy 1.26 computes, and the translated host
// program must see the same values: so the arithmetic here is the host runtime's own
// (runtime/include/py2cuda/host: arange, linspace, eye, the casting loop and the
// scalar ufunc loops), applied to ConstValues. The result dtypes follow NumPy 1.x
// (types/numpy_rules.h, value-based casting for scalars beside arrays).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "sema/module_info.h"
#include "support/operators.h"

namespace py2cuda::sema::numpy_eval {

// A value, or the reason NumPy (or py2cuda) gives none, worded for a diagnostic.
struct Result {
  std::optional<ConstValue> value;
  std::string error;
  static Result fail(std::string why) { return Result{std::nullopt, std::move(why)}; }
};

// Whether `dtype` has a host-runtime type to compute in (bool, integers, float32, float64).
bool computable(TypeRef dtype);

// A readonly C-order array of `dtype` with `shape`, from elements in C order (each converted
// to `dtype` by NumPy's casting loop).
ConstValue make_array(TypeRef dtype, std::vector<int64_t> shape, const std::vector<ConstValue>& elements);

// A scalar `v` converted to `dtype` as NumPy casts (a NumPy scalar of that type).
ConstValue cast_scalar(const ConstValue& v, TypeRef dtype);

// np.arange(start, stop, step, dtype): bounds are Python or NumPy scalars.
Result arange(TypeRef dtype, const ConstValue& start, const ConstValue& stop, const ConstValue& step);

// np.linspace(start, stop, num, endpoint, dtype).
Result linspace(TypeRef dtype, const ConstValue& start, const ConstValue& stop, int64_t num, bool endpoint);

// np.eye(n, m, k, dtype) (m < 0: m = n).
Result eye(TypeRef dtype, int64_t n, int64_t m, int64_t k);

// a.astype(dtype), for arrays and NumPy scalars.
Result astype(const ConstValue& a, TypeRef dtype);

// a.reshape(shape); one extent may be -1.
Result reshape(const ConstValue& a, std::vector<int64_t> shape);

// a.T: the axes reversed, as a new C-order array.
Result transpose(const ConstValue& a);

// `a op b` elementwise with broadcasting, at least one operand a NumPy value (an array or a
// NumPy scalar): NumPy 1.x's result type, then its loop in that type.
Result binary(BinOp op, const ConstValue& a, const ConstValue& b);

// -a, +a and ~a of an array.
Result unary(UnaryOp op, const ConstValue& a);

// np.NAME(a) for a unary ufunc (sqrt, exp, log, sin, cos, tan, floor, ceil, trunc, rint,
// absolute, negative, square) of an array or a scalar.
Result ufunc(const std::string& name, const ConstValue& a);
bool is_unary_ufunc(const std::string& name);

}  // namespace py2cuda::sema::numpy_eval
