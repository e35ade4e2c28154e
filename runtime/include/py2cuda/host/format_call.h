// py2cuda host runtime: the arguments of `fmt % values` and `fmt.format(...)` as the
// translated host code passes them to percent_format and format_string.
//
// Scalars and strings convert to FormatArg by themselves; two kinds of value need
// help: an np.float32 (a C++ float, whose str() is NumPy's shortest float32 digits,
// not a double's) and values that are not scalars (arrays, tuples, lists), which
// format as their str()/repr() text.
#pragma once

#include <string>

#include "format_arg.h"
#include "print.h"
#include "scalar_types.h"
#include "sys.h"

namespace py2cuda::host {

inline FormatArg np_float32_arg(float x) { return FormatArg(np_float32{x}); }

template <class T>
PyObjectText object_text(const T& x, const char* type_name) {
  return PyObjectText{str(x), repr(x), type_name};
}

}  // namespace py2cuda::host
