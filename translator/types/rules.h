// Numba's typing rules for operators and for merging types, in one place.
//
// These reproduce numba/core/typing/builtins.py (operator templates, whose
// integer cases are only int64/uint64 and whose float cases are float32 and
// float64, chosen by Numba's overload resolution over typeconv/rules.py) and
// Numba's unification of types at control-flow merges (numpy.promote_types).
// tests/unit/test_type_rules.cpp checks every operand pair against a table
// produced by Numba itself (tests/data/numba_operator_types.tsv).
#pragma once

#include <vector>

#include "support/operators.h"
#include "types/type.h"

namespace py2cuda::rules {

// The result type of `a op b` for scalar operands, or nullptr if Numba rejects it.
TypeRef binary_result(BinOp op, TypeRef a, TypeRef b);

// The result type of `op a`, or nullptr if Numba rejects it.
TypeRef unary_result(UnaryOp op, TypeRef a);

// The type two scalars are compared in (the result is always bool): their
// unification, as Numba resolves its per-type comparison templates. Or
// nullptr when they cannot be compared.
TypeRef comparison_operand(TypeRef a, TypeRef b);
// The same for one comparison operator: complex operands allow only == and !=.
TypeRef comparison_operand(CmpOp op, TypeRef a, TypeRef b);

// The type a variable takes when values of types `a` and `b` meet (branches,
// loop back-edges, conditional expressions). nullptr when they cannot unify.
TypeRef unify(TypeRef a, TypeRef b);

// Whether a value of type `from` may be stored where `to` is expected
// (array element store, return value, argument): Numba allows any
// number-to-number conversion there, and exact matches for other types.
bool can_convert(TypeRef from, TypeRef to);

// A float type of a width that holds `t` exactly in Numba's view: float32 for
// bool, int8, int16, uint8, float16 and float32 itself, float64 otherwise. Used by the
// math functions' int -> float64 rule as well as by the arithmetic rules.
bool fits_float32(TypeRef t);

// One index of a basic-indexing subscript that makes a view (`a[i, 1:n]`).
enum class ViewIndex {
  Integer,       // removes its dimension
  Slice,         // `lo:hi`: keeps the dimension, unit step
  SteppedSlice,  // `lo:hi:step` (any written step, even 1: Numba types it slice3)
};

// The layout of the view `array[indices]` (fewer indices than dimensions, or at
// least one slice): C or F survives only where the kept elements stay
// contiguous, as numba/core/typing/arraydecl.py (get_array_index_type) infers it.
Layout view_layout(TypeRef array, const std::vector<ViewIndex>& indices);

}  // namespace py2cuda::rules
