// py2cuda host runtime: everything that prints Python and NumPy values.
//
// Umbrella header for host code: repr/str of scalars (scalar_repr.h),
// format() and the format-spec mini-language (format_spec.h), %-formatting
// (percent_format.h), str.format (format_string.h), list/tuple repr
// (containers.h) and ndarray str/repr (array_print.h). Host-only: nothing
// here is __device__, so it can be included from a .cu translation unit.
#pragma once

#include "array_print.h"
#include "containers.h"
#include "exceptions.h"
#include "format_arg.h"
#include "format_spec.h"
#include "format_string.h"
#include "percent_format.h"
#include "scalar_repr.h"
#include "scalar_types.h"
