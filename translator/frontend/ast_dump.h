// A compact S-expression rendering of the AST, for tests and debugging:
//   x = a[i, 1:] + 2   ->   (assign x (+ (sub a (tuple i (slice 1 _ _))) 2))
// Spans are not shown; dump_spans() adds `@line:col-end_line:end_col` to
// every node.
#pragma once

#include <string>

#include "frontend/ast.h"

namespace py2cuda::ast {

std::string dump(const Expr& e, bool spans = false);
std::string dump(const Stmt& s, bool spans = false);
// One statement per line.
std::string dump(const Module& m, bool spans = false);

}  // namespace py2cuda::ast
