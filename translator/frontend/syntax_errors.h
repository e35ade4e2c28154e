// Syntax errors from a tree-sitter tree: ERROR and MISSING nodes, each turned
// into one message that says as much as can be learned cheaply.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <tree_sitter/api.h>

namespace py2cuda::frontend {

struct SyntaxError {
  TSPoint start, end;
  std::string message;  // "invalid syntax: expected ')'", "'(' was never closed", ...
};

// Every MISSING node and every outermost ERROR node under `root`, in document
// order; at most `limit` of them. `text` is the parsed text. Walks the tree
// without recursion, so any nesting depth is safe.
std::vector<SyntaxError> find_syntax_errors(TSNode root, std::string_view text, size_t limit);

}  // namespace py2cuda::frontend
