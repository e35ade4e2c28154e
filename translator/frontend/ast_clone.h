// Deep copies of expressions, for a value that must exist in two places: a closure
// constant hoisted to module level stays in the host function that assigns it.
#pragma once

#include "frontend/ast.h"

namespace py2cuda::ast {

// A copy of `e` and of everything under it, spans included; null for null.
ExprPtr clone(const Expr* e);

}  // namespace py2cuda::ast
