// A readable, stable text form of the typed IR, for reviewers and bug reports
// (py2cuda --dump=ir). One statement a line under its function, with the Python line
// it comes from in the left column; every expression is an S-expression that carries
// its type after a colon:
//
//         5  kernel scale(x:array(float32, 1d, A), out:array(float64, 1d, A))
//              locals i:int64
//         6  declare i:int64 = (builtin:int64 "py2cuda::grid1()")
//         7  if (< i (size:int64 x))
//         8    (index:float64 out i) = (*:float64 (cast:float64 (index:float32 x i)) 0.5:float64)
//
// Variables print by name (the function's header gives their types, which do not
// change within it), literals as value:type, array accesses that wrap
// negative indices as (index.wrap ...), builtin calls with the C++ pattern the
// builtins table gives them. The form changes only when the IR does.
#pragma once

#include <string>

#include "ir/ir.h"

namespace py2cuda::ir {

std::string dump(const Expr& e);
std::string dump(const Function& f);
std::string dump(const Module& m);

}  // namespace py2cuda::ir
