// Device arrays that a kernel reads from the scope around it (a module global or a variable of
// the function defining it): Numba embeds the array's device pointer in the kernel when it
// compiles it, so the kernel sees the live memory (a later copy_to_device reaches it), not a
// frozen copy. py2cuda makes each such name a parameter of the kernel, and every launch passes
// the array bound to that name where it launches: the same memory, with no global state.
#pragma once

#include <map>
#include <string>

#include "diag/diagnostics.h"
#include "frontend/ast.h"

namespace py2cuda::sema {

// Whether `value` makes a device array (`cuda.to_device(...)`, `cuda.device_array(...)`,
// `cuda.device_array_like(...)`), the names resolved through `imports` (name -> dotted path).
bool makes_device_array(const ast::Expr& value, const std::map<std::string, std::string>& imports);

// Makes `name`, a device array that `reader` reads at `read` from `scope` (a description: "the
// function 'main' around it", "module level"), the reader's captured parameter. Only a kernel
// without a signature can take one (its launches pass it); anything else is reported (false).
bool capture_device_array(ast::FunctionDef& reader, const std::string& name, Span read, const std::string& scope,
                          const std::map<std::string, std::string>& imports, Diagnostics& diags);

}  // namespace py2cuda::sema
