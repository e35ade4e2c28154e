// The sub-expressions each kind of expression holds: one table for the passes that walk or
// rewrite the syntax (sema/ast_names.h's visitors, infer's writing out of a generator's items).
#pragma once

#include <functional>

#include "frontend/ast.h"

namespace py2cuda::ast {

// Calls `f` on each slot of `e` that holds a direct sub-expression, null ones included, in
// source order (a comprehension: its item, target, iterable, conditions; a lambda: its
// parameters' defaults, then its body). `f` may replace what a slot holds.
void for_each_child(Expr& e, const std::function<void(ExprPtr&)>& f);

}  // namespace py2cuda::ast
