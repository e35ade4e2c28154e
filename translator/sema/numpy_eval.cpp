#include "sema/numpy_eval.h"

#include <cstdint>
#include <map>
#include <type_traits>

#include "py2cuda/host/creation.h"
#include "py2cuda/host/elementwise.h"
#include "types/numpy_rules.h"

namespace py2cuda::sema::numpy_eval {

namespace {

template <class T>
TypeRef type_of() {
  if constexpr (std::is_same_v<T, bool>) return types::boolean();
  else if constexpr (std::is_floating_point_v<T>) return types::floating(static_cast<int>(sizeof(T) * 8));
  else return types::integer(static_cast<int>(sizeof(T) * 8), std::is_signed_v<T>);
}

// Calls f(T{}) with the C++ type the host runtime computes `t` in; false when there is none.
template <class F>
bool with_type(TypeRef t, F&& f) {
  if (t->is_bool()) {
    f(bool{});
  } else if (t->is_float()) {
    if (t->bits() == 32) f(float{});
    else if (t->bits() == 64) f(double{});
    else return false;
  } else if (t->is_int()) {
    switch (t->bits() * (t->is_signed() ? 1 : -1)) {
      case 8: f(int8_t{}); break;
      case 16: f(int16_t{}); break;
      case 32: f(int32_t{}); break;
      case 64: f(int64_t{}); break;
      case -8: f(uint8_t{}); break;
      case -16: f(uint16_t{}); break;
      case -32: f(uint32_t{}); break;
      case -64: f(uint64_t{}); break;
      default: return false;
    }
  } else {
    return false;
  }
  return true;
}

// The stored value of a scalar ConstValue as its own C++ type N.
template <class N>
N native(const ConstValue& v) {
  if constexpr (std::is_same_v<N, bool>) return v.b;
  else if constexpr (std::is_floating_point_v<N>) return static_cast<N>(v.f);
  else return static_cast<N>(v.bits);
}

// A scalar ConstValue converted to T by NumPy's casting loop.
template <class T>
T value_as(const ConstValue& v) {
  T out{};
  with_type(v.type, [&](auto n) { out = host::cast_value<T>(native<decltype(n)>(v)); });
  return out;
}

template <class T>
ConstValue scalar_of(T x) {
  ConstValue c;
  c.type = type_of<T>();
  c.weak = false;
  if constexpr (std::is_same_v<T, bool>) c.b = x;
  else if constexpr (std::is_floating_point_v<T>) c.f = static_cast<double>(x);
  else if constexpr (std::is_signed_v<T>) c.bits = static_cast<uint64_t>(static_cast<int64_t>(x));
  else c.bits = static_cast<uint64_t>(x);
  return c;
}

ConstValue array_value(TypeRef dtype, std::vector<int64_t> shape, std::vector<ConstValue> elements) {
  ConstValue out;
  out.type = types::array(dtype, static_cast<int>(shape.size()), Layout::C, /*readonly=*/true);
  out.shape = std::move(shape);
  out.elements = std::move(elements);
  out.weak = false;
  return out;
}

template <class T, int N>
ConstValue from_ndarray(const host::NDArray<T, N>& a) {
  std::vector<int64_t> shape(a.shape().begin(), a.shape().end());
  std::vector<ConstValue> elements;
  const int64_t n = a.size();
  elements.reserve(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) elements.push_back(scalar_of<T>(a.data()[i]));
  return array_value(type_of<T>(), std::move(shape), std::move(elements));
}

int64_t count(const std::vector<int64_t>& shape) {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  return n;
}

std::string dtype_name(TypeRef t) { return t->str(); }

// Runs `compute` in the host runtime, turning its Python exceptions into a Result error.
template <class F>
Result guarded(F&& compute) {
  try {
    return Result{compute(), ""};
  } catch (const host::PyException& e) {
    return Result::fail(e.what());
  }
}

// The elements of an operand as seen at flat index `i` of the broadcast `shape`.
struct Broadcast {
  const ConstValue* value;
  std::vector<int64_t> strides;  // per result dimension, 0 where broadcast

  Broadcast(const ConstValue& v, const std::vector<int64_t>& shape) : value(&v), strides(shape.size(), 0) {
    if (!v.type->is_array()) return;
    int64_t stride = 1;
    const size_t offset = shape.size() - v.shape.size();
    for (size_t d = v.shape.size(); d-- > 0;) {
      strides[offset + d] = v.shape[d] == 1 ? 0 : stride;
      stride *= v.shape[d];
    }
  }
  const ConstValue& at(const std::vector<int64_t>& index) const {
    if (!value->type->is_array()) return *value;
    int64_t flat = 0;
    for (size_t d = 0; d < index.size(); ++d) flat += index[d] * strides[d];
    return value->elements[static_cast<size_t>(flat)];
  }
};

std::optional<std::vector<int64_t>> broadcast_shape(const ConstValue& a, const ConstValue& b) {
  const std::vector<int64_t> none;
  const auto& sa = a.type->is_array() ? a.shape : none;
  const auto& sb = b.type->is_array() ? b.shape : none;
  std::vector<int64_t> out(std::max(sa.size(), sb.size()), 1);
  for (size_t i = 0; i < out.size(); ++i) {
    int64_t x = i < sa.size() ? sa[sa.size() - 1 - i] : 1;
    int64_t y = i < sb.size() ? sb[sb.size() - 1 - i] : 1;
    if (x != y && x != 1 && y != 1) return std::nullopt;
    out[out.size() - 1 - i] = x == 1 ? y : x;
  }
  return out;
}

std::string shape_text(const ConstValue& v) {
  if (!v.type->is_array()) return "()";
  std::string s = "(";
  for (size_t i = 0; i < v.shape.size(); ++i) s += (i ? "," : "") + std::to_string(v.shape[i]);
  return s + (v.shape.size() == 1 ? ",)" : ")");
}

numpy_rules::Operand operand(const ConstValue& v) {
  numpy_rules::Operand o;
  o.scalar = !v.type->is_array();
  o.dtype = o.scalar ? v.type : v.type->dtype();
  if (o.scalar) o.value = v.type->is_float() ? v.f : v.type->is_bool() ? (v.b ? 1.0 : 0.0)
                        : v.type->is_signed() ? static_cast<double>(static_cast<int64_t>(v.bits))
                                              : static_cast<double>(v.bits);
  return o;
}

// NumPy's scalar loop for `op` in type R.
template <class R>
std::optional<R> apply(BinOp op, R x, R y) {
  namespace s = host::scalar;
  constexpr bool integral = std::is_integral_v<R>;  // bool included: & | ^ are logical there
  constexpr bool shiftable = host::scalar::is_int<R>;  // NumPy shifts bools as int8
  switch (op) {
    case BinOp::Add: return s::add(x, y);
    case BinOp::Sub: return s::subtract(x, y);
    case BinOp::Mul: return s::multiply(x, y);
    case BinOp::TrueDiv: return s::true_divide(x, y);
    case BinOp::FloorDiv: return s::floor_divide(x, y);
    case BinOp::Mod: return s::remainder(x, y);
    case BinOp::Pow: return s::power(x, y);
    case BinOp::LShift: if constexpr (shiftable) return s::left_shift(x, y); else return std::nullopt;
    case BinOp::RShift: if constexpr (shiftable) return s::right_shift(x, y); else return std::nullopt;
    case BinOp::BitAnd: if constexpr (integral) return static_cast<R>(x & y); else return std::nullopt;
    case BinOp::BitOr: if constexpr (integral) return static_cast<R>(x | y); else return std::nullopt;
    case BinOp::BitXor: if constexpr (integral) return static_cast<R>(x ^ y); else return std::nullopt;
    case BinOp::MatMul: return std::nullopt;
  }
  return std::nullopt;
}


template <class R>
R unary_loop(const std::string& name, R x) {
  namespace s = host::scalar;
  if (name == "negative") return s::negative(x);
  if (name == "absolute") return s::absolute(x);
  if (name == "square") return s::multiply(x, x);
  if constexpr (std::is_integral_v<R>) {
    if (name == "invert") return s::invert(x);
  }
  if constexpr (std::is_floating_point_v<R>) {
    if (name == "sqrt") return std::sqrt(x);
    if (name == "exp") return host::numpy_simd::exp(x);
    if (name == "log") return host::numpy_simd::log(x);
    if (name == "log10") return host::numpy_simd::log10(x);
    if (name == "sin") return host::numpy_simd::sin(x);
    if (name == "cos") return host::numpy_simd::cos(x);
    if (name == "tan") return std::tan(x);
    if (name == "floor") return std::floor(x);
    if (name == "ceil") return std::ceil(x);
    if (name == "trunc") return std::trunc(x);
    if (name == "rint") return std::nearbyint(x);
  }
  return x;
}

const std::map<std::string, bool>& unary_ufuncs() {
  // name -> computed in a float type (integer inputs go to float, as NumPy's loops do)
  static const std::map<std::string, bool> kUfuncs = {
      {"sqrt", true},  {"exp", true},   {"log", true},      {"log10", true},    {"sin", true},
      {"cos", true},   {"tan", true},   {"floor", true},    {"ceil", true},     {"trunc", true},
      {"rint", true},  {"absolute", false}, {"negative", false}, {"square", false},
      {"invert", false}};
  return kUfuncs;
}

}  // namespace

bool computable(TypeRef dtype) {
  return with_type(dtype, [](auto) {});
}

ConstValue cast_scalar(const ConstValue& v, TypeRef dtype) {
  ConstValue out;
  with_type(dtype, [&](auto t) { out = scalar_of(value_as<decltype(t)>(v)); });
  return out;
}

ConstValue make_array(TypeRef dtype, std::vector<int64_t> shape, const std::vector<ConstValue>& elements) {
  std::vector<ConstValue> converted;
  converted.reserve(elements.size());
  for (const auto& e : elements) converted.push_back(cast_scalar(e, dtype));
  return array_value(dtype, std::move(shape), std::move(converted));
}

Result arange(TypeRef dtype, const ConstValue& start, const ConstValue& stop, const ConstValue& step) {
  const bool integers = !start.type->is_float() && !stop.type->is_float() && !step.type->is_float();
  if (!computable(dtype)) return Result::fail("np.arange() of dtype " + dtype_name(dtype) + " is not supported");
  Result r;
  with_type(dtype, [&](auto t) {
    using T = decltype(t);
    r = guarded([&] {
      if (integers) {
        return from_ndarray(host::arange<T>(value_as<int64_t>(start), value_as<int64_t>(stop), value_as<int64_t>(step)));
      }
      return from_ndarray(host::arange<T>(value_as<double>(start), value_as<double>(stop), value_as<double>(step)));
    });
  });
  return r;
}

Result linspace(TypeRef dtype, const ConstValue& start, const ConstValue& stop, int64_t num, bool endpoint) {
  if (!computable(dtype)) return Result::fail("np.linspace() of dtype " + dtype_name(dtype) + " is not supported");
  Result r;
  with_type(dtype, [&](auto t) {
    using T = decltype(t);
    r = guarded([&] { return from_ndarray(host::linspace<T>(value_as<double>(start), value_as<double>(stop), num, endpoint)); });
  });
  return r;
}

Result eye(TypeRef dtype, int64_t n, int64_t m, int64_t k) {
  if (!computable(dtype)) return Result::fail("np.eye() of dtype " + dtype_name(dtype) + " is not supported");
  if (n < 0 || m < -1) return Result::fail("negative dimensions are not allowed");
  Result r;
  with_type(dtype, [&](auto t) {
    using T = decltype(t);
    r = guarded([&] { return from_ndarray(host::eye<T>(n, m, k)); });
  });
  return r;
}

Result astype(const ConstValue& a, TypeRef dtype) {
  if (!computable(dtype)) return Result::fail("astype() to " + dtype_name(dtype) + " is not supported in a constant");
  if (!a.type->is_array()) return Result{cast_scalar(a, dtype), ""};
  return Result{make_array(dtype, a.shape, a.elements), ""};
}

Result reshape(const ConstValue& a, std::vector<int64_t> shape) {
  if (!a.type->is_array()) return Result::fail("reshape() of a scalar is not supported in a constant");
  const int64_t n = count(a.shape);
  int64_t known = 1, unknown = -1;
  for (size_t i = 0; i < shape.size(); ++i) {
    if (shape[i] == -1 && unknown < 0) unknown = static_cast<int64_t>(i);
    else if (shape[i] < 0) return Result::fail("can only specify one unknown dimension");
    else known *= shape[i];
  }
  if (unknown >= 0 && known > 0 && n % known == 0) shape[static_cast<size_t>(unknown)] = n / known;
  if (count(shape) != n || (unknown >= 0 && shape[static_cast<size_t>(unknown)] < 0)) {
    ConstValue wanted;
    wanted.type = types::array(a.type->dtype(), static_cast<int>(shape.size()), Layout::C, true);
    wanted.shape = shape;
    return Result::fail("cannot reshape array of size " + std::to_string(n) + " into shape " + shape_text(wanted));
  }
  return Result{array_value(a.type->dtype(), std::move(shape), a.elements), ""};
}

Result transpose(const ConstValue& a) {
  if (!a.type->is_array()) return Result{a, ""};
  std::vector<int64_t> shape(a.shape.rbegin(), a.shape.rend());
  const size_t nd = shape.size();
  std::vector<int64_t> src_strides(nd, 1);
  for (size_t d = nd; d-- > 1;) src_strides[d - 1] = src_strides[d] * a.shape[d];
  std::vector<ConstValue> elements;
  elements.reserve(a.elements.size());
  std::vector<int64_t> index(nd, 0);  // an index into the result
  for (int64_t i = 0, n = count(shape); i < n; ++i) {
    int64_t flat = 0;
    for (size_t d = 0; d < nd; ++d) flat += index[d] * src_strides[nd - 1 - d];
    elements.push_back(a.elements[static_cast<size_t>(flat)]);
    for (size_t d = nd; d-- > 0;) {
      if (++index[d] < shape[d]) break;
      index[d] = 0;
    }
  }
  return Result{array_value(a.type->dtype(), std::move(shape), std::move(elements)), ""};
}

Result binary(BinOp op, const ConstValue& a, const ConstValue& b) {
  TypeRef loop = numpy_rules::binary_dtype(op, operand(a), operand(b));
  const std::string spelled(python_spelling(op));
  if (!loop || !computable(loop)) {
    return Result::fail("NumPy has no '" + spelled + "' for these operand types (" + operand(a).dtype->str() + ", " +
                        operand(b).dtype->str() + ")");
  }
  auto shape = broadcast_shape(a, b);
  if (!shape) {
    return Result::fail("operands could not be broadcast together with shapes " + shape_text(a) + " " + shape_text(b));
  }
  const bool scalar_result = !a.type->is_array() && !b.type->is_array();
  // `**`: an array to a scalar may be ndarray.__pow__'s shortcut (x ** 2 is np.square(x)),
  // and two NumPy scalars use the C library's pow (NumPy's scalar math), not the ufunc.
  host::PowerShortcut shortcut = host::PowerShortcut::none;
  if (op == BinOp::Pow && a.type->is_array() && !b.type->is_array()) {
    shortcut = host::power_shortcut(value_as<double>(b), a.type->dtype()->is_float());
  }
  Broadcast ba(a, *shape), bb(b, *shape);
  std::vector<ConstValue> elements;
  Result r;
  with_type(loop, [&](auto t) {
    using R = decltype(t);
    const auto element = [&](R x, R y) -> std::optional<R> {
      namespace s = host::scalar;
      if constexpr (std::is_floating_point_v<R>) {
        if (op == BinOp::Pow && scalar_result) return std::pow(x, y);
      }
      switch (shortcut) {
        case host::PowerShortcut::square: return s::multiply(x, x);
        case host::PowerShortcut::sqrt: return static_cast<R>(std::sqrt(x));
        case host::PowerShortcut::reciprocal: return s::reciprocal(x);
        case host::PowerShortcut::copy: return x;
        case host::PowerShortcut::ones: return R(1);
        case host::PowerShortcut::none: break;
      }
      return apply<R>(op, x, y);
    };
    r = guarded([&]() -> std::optional<ConstValue> {
      std::vector<int64_t> index(shape->size(), 0);
      for (int64_t i = 0, n = count(*shape); i < n; ++i) {
        auto v = element(value_as<R>(ba.at(index)), value_as<R>(bb.at(index)));
        if (!v) return std::nullopt;
        elements.push_back(scalar_of<R>(*v));
        for (size_t d = shape->size(); d-- > 0;) {
          if (++index[d] < (*shape)[d]) break;
          index[d] = 0;
        }
      }
      if (scalar_result) return elements.front();
      return array_value(loop, *shape, std::move(elements));
    });
  });
  if (!r.value && r.error.empty()) r.error = "NumPy has no '" + spelled + "' for " + loop->str();
  return r;
}

Result unary(UnaryOp op, const ConstValue& a) {
  switch (op) {
    case UnaryOp::Pos: return Result{a, ""};
    case UnaryOp::Neg:
      if (operand(a).dtype->is_bool()) return Result::fail("the numpy boolean negative, the `-` operator, is not supported");
      return ufunc("negative", a);
    case UnaryOp::Invert: return ufunc("invert", a);
    case UnaryOp::Not: return Result::fail("'not' of an array is ambiguous");
  }
  return Result::fail("unsupported operator");
}

bool is_unary_ufunc(const std::string& name) { return unary_ufuncs().count(name) > 0; }

Result ufunc(const std::string& name, const ConstValue& a) {
  auto it = unary_ufuncs().find(name);
  if (it == unary_ufuncs().end()) return Result::fail("np." + name + "() is not supported in a constant");
  TypeRef input = operand(a).dtype;
  TypeRef loop = it->second ? numpy_rules::float_ufunc_dtype(input) : input;
  // NumPy's bool loops: absolute and invert stay bool, square goes to int8, negative has none.
  if (input->is_bool() && name == "square") loop = types::int8();
  if (input->is_bool() && name == "negative") loop = nullptr;
  if (input->is_float() && name == "invert") loop = nullptr;
  if (!loop || !computable(loop)) {
    return Result::fail("np." + name + "() of " + input->str() + " gives " + (loop ? loop->str() : "no result") +
                        ", which py2cuda cannot freeze");
  }
  auto one = [&](const ConstValue& x) {
    ConstValue out;
    with_type(loop, [&](auto t) {
      using R = decltype(t);
      out = scalar_of<R>(unary_loop<R>(name, value_as<R>(x)));
    });
    return out;
  };
  if (!a.type->is_array()) return Result{one(a), ""};
  std::vector<ConstValue> elements;
  elements.reserve(a.elements.size());
  for (const auto& e : a.elements) elements.push_back(one(e));
  return Result{array_value(loop, a.shape, std::move(elements)), ""};
}

}  // namespace py2cuda::sema::numpy_eval
