// A readable, stable text form of the typed IR, for reviewers and bug reports
// (py2cuda --dump=ir). One statement a line under its function, with the Python line
// it comes from in the left column; every expression is an S-expression that carries
// its type after a colon:
//
//     12    x = (+:float64 (cast:float64 a:float32) 1.5:float64)
//
// Variables print as name:type, literals as value:type, array accesses that wrap
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
