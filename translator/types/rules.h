// Numba's typing rules for operators and for merging types, in one place.
//
// These reproduce numba/core/typing/builtins.py (operator templates, whose
// integer cases are only int64/uint64 and whose float cases are float32 and
// float64, chosen by Numba's overload resolution over typeconv/rules.py) and
// Numba's unification of types at control-flow merges (numpy.promote_types).
// tests/unit/test_type_rules.cpp checks every operand pair against a table
// produced by Numba itself (tests/data/numba_operator_types.tsv).
#pragma once

#include <span>
#include <string_view>
#include <vector>

#include "support/operators.h"
#include "types/type.h"

namespace py2cuda::rules {

// The result type of `a op b` for scalar operands, or nullptr if Numba rejects it.
TypeRef binary_result(BinOp op, TypeRef a, TypeRef b);

// The result type of `op a`, or nullptr if Numba rejects it.
TypeRef unary_result(UnaryOp op, TypeRef a);

// The type divmod(a, b) of real scalars computes in (its result is a pair of it): Numba's
// DivMod template has one case per type of int64, uint64, float32 and float64, both operands
// converted to the case its overload resolution picks, which is not `//`'s type
// (divmod(uint8, bool) is in uint64 where uint8 // bool is int64). nullptr for other operands.
TypeRef divmod_operand(TypeRef a, TypeRef b);

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

// How a value of one type converts to another in Numba's overload resolution: the
// kinds of numba/cuda/typeconv/rules.py (bool -> int8 safe, int8 -> int16 promote,
// uint8 -> int16 safe, int16 -> float32 safe, int64 -> float64 safe, int32 -> float32
// unsafe, float32 -> float64 promote, ...) closed over chains as castgraph.py closes
// them: a chain is as loose as its loosest step, and the strictest chain counts.
// Ordered from strict to loose, as Numba's Conversion enum; None: no conversion.
enum class Conversion { Exact = 1, Promote = 2, Safe = 3, Unsafe = 4, None = 99 };
Conversion conversion_kind(TypeRef from, TypeRef to);

// A signature as Numba prints it: "float32(float32, int32)",
// "UniTuple(float64 x 2)(float64)", "Tuple(float32, int32)(float32)".
struct Signature {
  TypeRef result;
  std::vector<TypeRef> params;
};
Signature parse_signature(std::string_view text);

// The candidate Numba picks for a call with arguments of types `args` among a
// template's declared signatures (typing/context.py resolve_overload): each
// candidate is rated by its count of unsafe, then safe, then promoting argument
// conversions, the lowest rating wins and a tie goes to the first declared. The
// index into `candidates`, or -1 when none accepts the arguments.
int choose_signature(std::span<const Signature> candidates, std::span<const TypeRef> args);

// NumPy's np.can_cast(from, to, casting='safe') for two scalar types: bool to anything;
// an integer to a wider integer of its signedness, an unsigned one to a wider signed one;
// an integer to a float (or complex) whose significand holds it (8-bit integers to float16,
// 16-bit ones to float32, every integer to float64, NumPy's convention for 64 bits); a float
// to a wider float or a complex of at least its width; a complex to a wider complex. This
// is not Numba's conversion_kind (int32 -> float32 is Numba's `unsafe`, NumPy's unsafe too,
// but int64 -> float64 is NumPy-safe and Numba-safe alike, uint8 -> int8 neither).
bool numpy_can_cast_safe(TypeRef from, TypeRef to);

// One loop of a NumPy ufunc, as ufunc.types spells it ("ff->f", "??->?", "F->f").
struct UfuncLoop {
  std::vector<TypeRef> inputs;
  TypeRef output;
};
// NumPy's loop list, ufunc.types joined by spaces ("e->e f->f d->d g->g F->F D->D O->O"), in
// its order. Loops with a type Numba has none for (long double g/G, object O, datetime m/M)
// are left out: Numba never chooses them for numbers (numpy_support.py skips them).
std::vector<UfuncLoop> parse_ufunc_loops(std::string_view text);

// The loop Numba types a NumPy ufunc call with (numba/np/numpy_support.py,
// ufunc_find_matching_loop): the first, in NumPy's order, whose inputs every argument
// casts to under numpy_can_cast_safe, float16 loops skipped; when the arguments mix
// integers with floats, any integer casts to any float (so np.power(float32, int32) is
// float32, np.sqrt(int32) float64). The index into `loops`, or -1 when none accepts them.
int choose_ufunc_loop(std::span<const UfuncLoop> loops, std::span<const TypeRef> args);

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
