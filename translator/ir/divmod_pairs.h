// Which signed integer `a // b` and `a % b` of one function share one division: a `//` and a
// `%` of the same operands, close enough that their values are the same (divmod_pairs.cpp).
// lower/expressions.cpp prints both as py2cuda::detail::divmod_i64(a, b), which NVVM computes once.
#pragma once

#include <set>

#include "ir/ir.h"

namespace py2cuda::ir {

std::set<const Binary*> divmod_pairs(const Function& fn);

}  // namespace py2cuda::ir
