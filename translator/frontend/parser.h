// Python source -> py2cuda AST, through tree-sitter-python.
#pragma once

#include <optional>
#include <string>

#include "diag/diagnostics.h"
#include "frontend/ast.h"

namespace py2cuda::frontend {

// Parses a whole module. Syntax errors (tree-sitter ERROR and MISSING nodes)
// are reported to `diags` as `error: invalid syntax ...` with the position of
// each; the returned tree holds whatever could be recovered.
ast::Module parse_module(const SourceFile& file, Diagnostics& diags);

// Parses `text` as one Python expression, as for a signature string inside a
// decorator: "void(float32[:], int64)". Spans in the result and in any
// diagnostic are those of `anchor` (the string literal in the file), since
// the text is not at a position of its own in the file. Returns nullptr, after
// reporting, if the text is not a single expression.
ast::ExprPtr parse_expression(const std::string& text, Span anchor, Diagnostics& diags);

}  // namespace py2cuda::frontend
