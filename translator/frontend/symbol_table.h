// CPython's symbol table errors (Python/symtable.c, 3.11) in a file that parses.
//
// CPython builds the symbol table of the whole module after parsing it and before compiling
// any statement, so its errors come before the compiler's ("'return' outside function") wherever
// they are in the file. It reports the first of: a duplicate parameter, a `global` or `nonlocal`
// statement after a use, assignment or annotation of the name or naming a parameter, an
// annotated global, `yield` inside a comprehension, `from m import *` in a function, an
// assignment expression in a comprehension's iterable, rebinding a comprehension's variable or
// in a class body's comprehension. Names are mangled in a class body (`__x` is `_C__x`). Only then, block by block, does it resolve `nonlocal` (at module level, or
// with no enclosing binding) and names both global and nonlocal.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include <tree_sitter/api.h>

#include "frontend/annotations.h"
#include "frontend/syntax_errors.h"

namespace py2cuda::frontend {

// The first symbol table error of the module `root` (a tree-sitter tree without errors of
// `text`), at CPython's line and column. `annotations`: the regions masked out of the text
// tree-sitter parsed (an annotated name `x: int` reads as the expression statement `x`).
std::optional<SyntaxError> find_symbol_table_error(TSNode root, std::string_view text,
                                                   const std::vector<AnnotationRegion>& annotations);

}  // namespace py2cuda::frontend
