// py2cuda host runtime: repr() of Python lists and tuples.
//
// list.__repr__ and tuple.__repr__ join the repr() of their elements with
// ", "; a 1-tuple keeps its trailing comma. str() of a container is its
// repr(), so strings inside print quoted and NumPy 1.26 scalars print as
// their str (e.g. [0.1, 2] for a list of np.float32 and np.int32). Element
// types are anything with a host::repr overload (scalars, NpScalar,
// FormatArg for mixed lists, nested vectors/tuples).
#pragma once

#include <cstddef>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "format_arg.h"
#include "scalar_repr.h"

namespace py2cuda::host {

template <class T>
std::string repr(const std::vector<T>& v);
template <class... Ts>
std::string repr(const std::tuple<Ts...>& t);

template <class T>
std::string repr(const std::vector<T>& v) {
  std::string out = "[";
  for (size_t i = 0; i < v.size(); ++i) {
    if (i) out += ", ";
    if constexpr (std::is_same_v<T, bool>) out += repr(static_cast<bool>(v[i]));
    else out += repr(v[i]);
  }
  return out + "]";
}

template <class... Ts>
std::string repr(const std::tuple<Ts...>& t) {
  std::string out = "(";
  std::apply(
      [&out](const auto&... e) {
        size_t i = 0;
        ((out += (i++ ? ", " : ""), out += repr(e)), ...);
      },
      t);
  if constexpr (sizeof...(Ts) == 1) out += ",";
  return out + ")";
}

template <class T>
std::string str(const std::vector<T>& v) {
  return repr(v);
}
template <class... Ts>
std::string str(const std::tuple<Ts...>& t) {
  return repr(t);
}

// A list or tuple as an argument of format_string/percent_format.
template <class T>
PyObjectText list_text(const std::vector<T>& v) {
  std::string r = repr(v);
  return PyObjectText{r, r, "list"};
}
template <class... Ts>
PyObjectText tuple_text(const std::tuple<Ts...>& t) {
  std::string r = repr(t);
  return PyObjectText{r, r, "tuple"};
}

}  // namespace py2cuda::host
