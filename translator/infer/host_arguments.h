// The host-table rules' argument binding (infer/host_calls.cpp), shared by the files
// that type host calls.
#pragma once

#include <string>
#include <vector>

#include "diag/diagnostics.h"
#include "frontend/ast.h"

namespace py2cuda::infer {

// The call's arguments by parameter name: positional ones first, then keywords. Reports
// an unknown keyword or too many arguments at its location; returns false then.
bool bind_host_arguments(const ast::Call& c, const std::string& what, const std::vector<std::string>& names,
                         std::vector<const ast::Expr*>& slots, Diagnostics& diags);

}  // namespace py2cuda::infer
