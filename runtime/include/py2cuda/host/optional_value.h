// py2cuda host runtime: host code's variables that hold None or a value (`best = None`, then
// `best = t`): py2cuda::Optional<T>, read where a value is needed and printed as Python does.
#pragma once

#include <string>
#include <string_view>

#include "../optional.h"
#include "exceptions.h"
#include "print.h"

namespace py2cuda::host {

// The value, where Python would use it: None there is the TypeError of using None as a
// number (CPython's message names the operation; this one names the value).
template <class T>
const T& unwrap(const py2cuda::Optional<T>& x) {
  if (!x.has_value) throw TypeError("expected a value, got None");
  return x.value;
}

template <class T>
std::string str(const py2cuda::Optional<T>& x) {
  return x.has_value ? str(x.value) : std::string("None");
}
template <class T>
std::string repr(const py2cuda::Optional<T>& x) {
  return x.has_value ? repr(x.value) : std::string("None");
}
template <class T>
std::string format(const py2cuda::Optional<T>& x, std::string_view spec) {
  if (!x.has_value) {
    if (!spec.empty()) throw TypeError("unsupported format string passed to NoneType.__format__");
    return "None";
  }
  return format(x.value, spec);
}

}  // namespace py2cuda::host
