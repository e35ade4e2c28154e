#include "types/numpy_rules.h"

#include <cmath>

namespace py2cuda::numpy_rules {

namespace {

// NumPy's kinds, in the order value-based casting compares them.
int kind_rank(TypeRef t) {
  if (t->is_bool()) return 0;
  if (t->is_int()) return 1;
  if (t->is_float()) return 2;
  return 3;  // complex
}

// The narrowest float that NumPy promotes an integer type to.
int float_bits_for_int(TypeRef t) {
  if (t->is_bool() || t->bits() <= 8) return 16;
  if (t->bits() == 16) return 32;
  return 64;
}

// numpy.min_scalar_type of an integer value, as a signed type when beside a signed
// array (NumPy 1.x treats a small positive scalar as signed there).
TypeRef min_int_type(double v, bool prefer_signed) {
  if (v >= 0) {
    if (prefer_signed) {
      for (int bits : {8, 16, 32, 64}) {
        if (v <= std::ldexp(1.0, bits - 1) - 1) return types::integer(bits, true);
      }
      return types::uint64();
    }
    for (int bits : {8, 16, 32, 64}) {
      if (v <= std::ldexp(1.0, bits) - 1) return types::integer(bits, false);
    }
    return types::uint64();
  }
  for (int bits : {8, 16, 32, 64}) {
    if (v >= -std::ldexp(1.0, bits - 1)) return types::integer(bits, true);
  }
  return types::int64();
}

}  // namespace

const char* dtype_kind(TypeRef t) {
  return t->is_bool() ? "b" : t->is_complex() ? "c" : t->is_float() ? "f" : t->is_signed() ? "i" : "u";
}

int64_t dtype_itemsize(TypeRef t) { return t->is_bool() ? 1 : t->bits() / 8; }

TypeRef promote_types(TypeRef a, TypeRef b) {
  if (a == b) return a;
  if (a->is_bool()) return b;
  if (b->is_bool()) return a;
  if (a->is_complex() || b->is_complex()) {
    auto part_bits = [](TypeRef t) {
      if (t->is_complex()) return t->bits() / 2;
      if (t->is_float()) return t->bits() < 32 ? 32 : t->bits();
      return float_bits_for_int(t) <= 32 ? 32 : 64;
    };
    int bits = std::max(part_bits(a), part_bits(b));
    return types::complex(2 * bits);
  }
  if (a->is_float() && b->is_float()) return a->bits() >= b->bits() ? a : b;
  if (a->is_float() || b->is_float()) {
    TypeRef f = a->is_float() ? a : b;
    TypeRef i = a->is_float() ? b : a;
    return types::floating(std::max(f->bits(), float_bits_for_int(i)));
  }
  // Two integer types.
  if (a->is_signed() == b->is_signed()) return a->bits() >= b->bits() ? a : b;
  TypeRef s = a->is_signed() ? a : b;
  TypeRef u = a->is_signed() ? b : a;
  if (s->bits() > u->bits()) return s;
  if (u->bits() == 64) return types::float64();
  return types::integer(2 * u->bits(), true);
}

TypeRef result_type(const Operand& a, const Operand& b) {
  if (a.scalar == b.scalar) return promote_types(a.dtype, b.dtype);
  const Operand& array = a.scalar ? b : a;
  const Operand& scalar = a.scalar ? a : b;
  if (kind_rank(scalar.dtype) > kind_rank(array.dtype)) {
    // A scalar of a higher kind counts by its own type, not its value: a uint8 image / 255.0
    // is float64, a bool mask * 2 int64, an int8 array * np.float32(0.5) float32 (NumPy 1.26's
    // result_type; its value decides only within the array's kind).
    return promote_types(array.dtype, scalar.dtype);
  }
  // The same or a lower kind: the array's dtype promoted with the scalar's smallest type for its
  // value (np.min_scalar_type), when the value is known: an int beyond 16 bits widens a float32
  // array to float64 (a32 * 100000), a float beyond float32's range too.
  if (scalar.value && scalar.dtype->is_int() && array.dtype->is_int()) {
    return promote_types(array.dtype, min_int_type(*scalar.value, array.dtype->is_signed()));
  }
  if (scalar.value && (scalar.dtype->is_int() || scalar.dtype->is_bool()) && (array.dtype->is_float() || array.dtype->is_complex())) {
    return promote_types(array.dtype, scalar.dtype->is_bool() ? types::boolean() : min_int_type(*scalar.value, false));
  }
  if (scalar.value && scalar.dtype->is_float() && array.dtype->is_float() && std::isfinite(*scalar.value)) {
    const double m = std::fabs(*scalar.value);
    TypeRef smallest = m <= 65504.0 ? types::float16() : m <= 3.4028234663852886e38 ? types::float32() : types::float64();
    return promote_types(array.dtype, smallest);
  }
  return array.dtype;
}

TypeRef binary_dtype(BinOp op, const Operand& a, const Operand& b) {
  TypeRef t = result_type(a, b);
  switch (op) {
    case BinOp::TrueDiv:
      if (t->is_bool() || t->is_int()) return types::float64();
      return t;
    case BinOp::BitAnd:
    case BinOp::BitOr:
    case BinOp::BitXor:
      return t->is_bool() || t->is_int() ? t : nullptr;
    case BinOp::LShift:
    case BinOp::RShift:
      if (t->is_bool()) return types::int8();
      return t->is_int() ? t : nullptr;
    case BinOp::Sub:
      return t->is_bool() ? nullptr : t;  // NumPy: boolean subtract is not supported
    case BinOp::FloorDiv:
    case BinOp::Mod:
    case BinOp::Pow:
      if (t->is_bool()) return types::int8();
      return t;
    default: return t;
  }
}

TypeRef float_ufunc_dtype(TypeRef input) {
  if (input->is_float() || input->is_complex()) return input;
  return types::floating(float_bits_for_int(input));
}

TypeRef sum_dtype(TypeRef dtype) {
  if (dtype->is_bool()) return types::int64();
  if (dtype->is_int()) return dtype->is_signed() ? types::int64() : types::uint64();
  return dtype;
}

TypeRef mean_dtype(TypeRef dtype) {
  if (dtype->is_bool() || dtype->is_int()) return types::float64();
  return dtype;
}

}  // namespace py2cuda::numpy_rules
