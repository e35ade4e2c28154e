// CPython's own verdict on a file's syntax: the first SyntaxError (or
// IndentationError, TabError) that `python` would raise, at the line and column
// it names, with its message.
//
// tree-sitter recovers from errors where it can, so its ERROR and MISSING
// nodes are often far from the mistake ("invalid syntax near 'from numba
// import cuda'" for a lost colon twenty lines down). This pass follows CPython
// 3.11 instead: a tokenizer that finds what CPython's tokenizer finds
// (unterminated strings, unbalanced brackets, indentation), then a
// recursive-descent parser of Python's grammar that stops at the first token
// no Python program could continue with, and the rules by which CPython turns
// that into "expected ':'", "Perhaps you forgot a comma?", "expected an
// indented block after 'if' statement on line 3" and so on. Like CPython it
// reports one error: everything after the first mistake is unreliable. In a
// file that parses, the first error of CPython's compiler that needs no names
// ("'return' outside function", "'break' outside loop", "'await' outside async
// function") is reported as `python` reports it before running the program.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include <tree_sitter/api.h>

#include "frontend/syntax_errors.h"

namespace py2cuda::frontend {

struct PythonSyntaxError {
  SyntaxError error;         // rows and columns 0-based, columns in bytes
  // False where this pass may be wrong (a `type` statement, 3.12's, which it
  // does not parse): report it only if tree-sitter finds an error too.
  bool certain;
  // From CPython's compiler, which runs after its symbol table (symbol_table.h): a symbol table
  // error anywhere in the file comes first.
  bool compiler = false;
};

// The first syntax error CPython reports for `src`, if this pass finds one.
std::optional<PythonSyntaxError> find_python_syntax_error(std::string_view src);

}  // namespace py2cuda::frontend
