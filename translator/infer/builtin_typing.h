// Typing of calls and reads of the builtins table's rows.
#pragma once

#include <string>
#include <vector>

#include "builtins/table.h"
#include "diag/diagnostics.h"
#include "ir/ir.h"

namespace py2cuda::infer {

// The typed IR for `row(args...)` (or for reading `row` when it is a value),
// with the argument conversions Numba performs. nullptr after reporting.
ir::ExprPtr type_builtin(const builtins::Builtin& row, std::vector<ir::ExprPtr> args, Span span, Diagnostics& diags);

// `expr` converted to `type` (no node when it already has it).
ir::ExprPtr convert(ir::ExprPtr expr, TypeRef type);

// `text` as the inside of a C string literal written into a BuiltinCall
// pattern: quotes, backslashes and control characters escaped, braces as octal
// escapes (they would read as the pattern's {N} placeholders), and with
// `printf_format` every % doubled.
std::string pattern_string_text(const std::string& text, bool printf_format);

// The error for a store or an atomic operation on a frozen module-level array.
std::string readonly_array_message(TypeRef array);

// Python truth value of a scalar, as a bool.
ir::ExprPtr truth_value(ir::ExprPtr expr);

}  // namespace py2cuda::infer
