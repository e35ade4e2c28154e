// py2cuda host runtime: one type-erased argument of %-formatting and str.format.
//
// Both take a heterogeneous argument list whose elements are chosen at run
// time by the format string ("{1}", "%s"), so each argument is captured as a
// FormatArg that remembers its Python type: the same double is a Python float,
// an np.float64 or an np.float32 scalar, which changes its str() and its
// behaviour under %d. Values that are not scalars (arrays, lists, tuples) are
// passed as PyObjectText, their already computed str() and repr().
#pragma once

#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>

#include "../optional.h"
#include "dynamic_number.h"
#include "exceptions.h"
#include "format_spec.h"
#include "scalar_repr.h"
#include "scalar_types.h"

namespace py2cuda::host {

// A Python object other than a scalar, reduced to its printed forms.
// type_name is the Python type (e.g. "numpy.ndarray", "list") for messages.
struct PyObjectText {
  std::string str;
  std::string repr;
  std::string type_name;
};

// An item of a list or tuple that holds a NumPy class or dtype ([np.float32, a.dtype]).
inline std::string str(const PyObjectText& o) { return o.str; }
inline std::string repr(const PyObjectText& o) { return o.repr; }
inline std::string format(const PyObjectText& o, std::string_view spec) { return format(std::string_view(o.str), spec); }
// `a.dtype in (np.float32, np.float64)`: host code holds a dtype as its name, and NumPy's dtype
// equals the NumPy classes and dtypes that name it.
inline bool operator==(const PyObjectText& o, const std::string& dtype_name) {
  return o.repr == "dtype('" + dtype_name + "')" || o.str == "<class 'numpy." + dtype_name + "'>";
}

class FormatArg {
 public:
  enum class Kind { Int, Bool, Float, Str, NpBool, NpInt, NpFloat32, NpFloat64, Object };

  // A variable declared before the branches or loops that bind it (`value{}`): the int 0 until then.
  FormatArg() = default;

  template <PyIntLike I>
  FormatArg(I x) : kind_(Kind::Int) { set_int(x); }
  template <PyBoolLike B>
  FormatArg(B b) : kind_(Kind::Bool), mag_(b ? 1 : 0) {}
  FormatArg(double x) : kind_(Kind::Float), d_(x) {}
  FormatArg(char) = delete;  // see repr(char)
  FormatArg(std::string_view s) : kind_(Kind::Str), s_(s) {}
  FormatArg(const std::string& s) : kind_(Kind::Str), s_(s) {}
  FormatArg(const char* s) : kind_(Kind::Str), s_(s) {}
  FormatArg(PyObjectText o) : kind_(Kind::Object), s_(std::move(o.str)), r_(std::move(o.repr)),
                              type_name_(std::move(o.type_name)) {}
  // A variable that holds None or a value (`best = None`, later a number): "%s" % best.
  template <class T>
  FormatArg(const py2cuda::Optional<T>& x)
      : FormatArg(x.has_value ? FormatArg(x.value) : FormatArg(PyObjectText{"None", "None", "NoneType"})) {}
  // A number whose Python/NumPy type differs by path: the type it holds now.
  FormatArg(const DynamicNumber& x) : FormatArg(std::visit([](auto a) { return FormatArg(a); }, x.value)) {}
  template <class T>
  FormatArg(NpScalar<T> x) {
    if constexpr (std::is_same_v<T, bool>) {
      kind_ = Kind::NpBool;
      mag_ = x.value ? 1 : 0;
    } else if constexpr (std::is_same_v<T, float>) {
      kind_ = Kind::NpFloat32;
      d_ = static_cast<double>(x.value);
      f_ = x.value;
    } else if constexpr (std::is_same_v<T, double>) {
      kind_ = Kind::NpFloat64;
      d_ = x.value;
    } else {
      kind_ = Kind::NpInt;
      set_int(x.value);
      type_name_ = "numpy." + std::string(numpy_type_name<T>());
    }
  }

  Kind kind() const { return kind_; }
  // Integer-valued (Python int, bool, NumPy integer or np.bool_).
  bool is_integer() const {
    return kind_ == Kind::Int || kind_ == Kind::Bool || kind_ == Kind::NpInt || kind_ == Kind::NpBool;
  }
  bool is_float() const {
    return kind_ == Kind::Float || kind_ == Kind::NpFloat32 || kind_ == Kind::NpFloat64;
  }
  bool is_str() const { return kind_ == Kind::Str; }
  bool negative() const { return neg_; }
  uint64_t magnitude() const { return mag_; }
  double as_double() const {
    if (is_float()) return d_;
    const double m = static_cast<double>(mag_);
    return neg_ ? -m : m;
  }
  const std::string& text() const { return s_; }

  // Python type name as CPython's messages spell it.
  std::string type_name() const {
    switch (kind_) {
      case Kind::Int: return "int";
      case Kind::Bool: return "bool";
      case Kind::Float: return "float";
      case Kind::Str: return "str";
      case Kind::NpBool: return "numpy.bool_";
      case Kind::NpFloat32: return "numpy.float32";
      case Kind::NpFloat64: return "numpy.float64";
      default: return type_name_;
    }
  }

  std::string str() const {
    switch (kind_) {
      case Kind::Int:
      case Kind::NpInt: return int_text();
      case Kind::Bool:
      case Kind::NpBool: return mag_ ? "True" : "False";
      case Kind::Float:
      case Kind::NpFloat64: return host::str(d_);
      case Kind::NpFloat32: return host::str(np_float32{f_});
      case Kind::Str: return s_;
      default: return s_;
    }
  }
  std::string repr() const {
    if (kind_ == Kind::Str) return host::repr(std::string_view(s_));
    if (kind_ == Kind::Object) return r_;
    return str();
  }
  // format(value, spec), with NumPy scalars converted to Python types first.
  std::string format(std::string_view spec) const {
    switch (kind_) {
      case Kind::Int:
      case Kind::NpInt:
        if (spec.empty()) return int_text();
        return detail::format_int_with(neg_, mag_, parse_format_spec(spec, "int", 'd', '>'), "int");
      case Kind::Bool:
      case Kind::NpBool: return host::format(mag_ != 0, spec);
      case Kind::Float:
      case Kind::NpFloat32:
      case Kind::NpFloat64: return host::format(d_, spec);
      case Kind::Str: return host::format(std::string_view(s_), spec);
      default:
        if (spec.empty()) return s_;
        throw TypeError("unsupported format string passed to " + type_name_ + ".__format__");
    }
  }

 private:
  template <class I>
  void set_int(I x) {
    neg_ = is_negative(x);
    mag_ = neg_ ? uint64_t{0} - static_cast<uint64_t>(x) : static_cast<uint64_t>(x);
  }
  std::string int_text() const { return (neg_ ? "-" : "") + std::to_string(mag_); }

  Kind kind_ = Kind::Int;
  bool neg_ = false;
  uint64_t mag_ = 0;
  double d_ = 0;
  float f_ = 0;
  std::string s_, r_, type_name_;
};

// isinstance(v, (int, str)) of a value of a dict with mixed values, the classes by name: a bool
// is an int, np.float64 a float (subclasses in Python), no other NumPy scalar an int or float.
inline bool isinstance(const FormatArg& a, std::initializer_list<std::string_view> classes) {
  using Kind = FormatArg::Kind;
  const Kind k = a.kind();
  for (std::string_view c : classes) {
    const bool match = c == "int"     ? k == Kind::Int || k == Kind::Bool
                       : c == "float" ? k == Kind::Float || k == Kind::NpFloat64
                       : c == "bool"  ? k == Kind::Bool
                       : c == "str"   ? k == Kind::Str
                                      : k == Kind::Object && a.type_name() == c;
    if (match) return true;
  }
  return false;
}

inline std::string str(const FormatArg& a) { return a.str(); }
inline std::string repr(const FormatArg& a) { return a.repr(); }
inline std::string format(const FormatArg& a, std::string_view spec) { return a.format(spec); }

// `r["dtype"] == "float32"`: a mixed value equals a str only when it holds that str.
inline bool equals_str(const FormatArg& a, std::string_view s) { return a.is_str() && a.text() == s; }

// A value of a dict of mixed values in arithmetic or a comparison (`r["l2"] > 10`,
// `round(r["l2"], 1)`, a sort key): the number it holds, as a DynamicNumber of its Python or
// NumPy type (a NumPy integer as np.int64). A str, None or other object there is Python's
// TypeError.
inline DynamicNumber number_of(const FormatArg& a) {
  const int64_t integer = static_cast<int64_t>(a.negative() ? uint64_t{0} - a.magnitude() : a.magnitude());
  switch (a.kind()) {
    case FormatArg::Kind::Int: return DynamicNumber(integer);
    case FormatArg::Kind::Bool: return DynamicNumber(a.magnitude() != 0);
    case FormatArg::Kind::Float: return DynamicNumber(a.as_double());
    case FormatArg::Kind::NpBool: return DynamicNumber(np_bool{a.magnitude() != 0});
    case FormatArg::Kind::NpInt: return DynamicNumber(np_int64{integer});
    case FormatArg::Kind::NpFloat32: return DynamicNumber(np_float32{static_cast<float>(a.as_double())});
    case FormatArg::Kind::NpFloat64: return DynamicNumber(np_float64{a.as_double()});
    default:
      throw PyException("TypeError", "unsupported operand type(s) for a number operation: '" + a.type_name() + "'");
  }
}

// sum() of a list of such values ([r["blocks"] for r in results]): left to right from start
// (the int 0), each value the number it holds.
template <class Items>
DynamicNumber sum_of_values(const Items& values, DynamicNumber start = DynamicNumber(int64_t{0})) {
  DynamicNumber total = start;
  for (const FormatArg& v : values.items()) total = total + number_of(v);
  return total;
}

}  // namespace py2cuda::host
