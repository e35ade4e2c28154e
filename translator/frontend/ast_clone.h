// Deep copies of syntax, for code that must exist in two places: a closure constant hoisted to
// module level stays in the host function that assigns it; a kernel factory's body is copied
// into each call of it (sema/kernel_factories.cpp).
#pragma once

#include "frontend/ast.h"

namespace py2cuda::ast {

// A copy of `e` and of everything under it, spans included; null for null.
ExprPtr clone(const Expr* e);

// Copies of parameters, annotations and defaults included.
std::vector<Param> clone(const std::vector<Param>& params);

// A copy of statement `s`, nested blocks and definitions included; null for null and for a
// statement whose parts the syntax tree does not all keep (a class, an unsupported statement),
// anywhere inside it.
StmtPtr clone(const Stmt* s);

}  // namespace py2cuda::ast
