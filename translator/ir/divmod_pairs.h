// Which `a // b` and `a % b` of signed integers or floats of one function share one division: a `//` and a
// `%` of the same operands, close enough that their values are the same (divmod_pairs.cpp).
// lower/expressions.cpp prints both as py2cuda::divmod(a, b), which NVVM computes once.
#pragma once

#include <set>

#include "ir/ir.h"

namespace py2cuda::ir {

std::set<const Binary*> divmod_pairs(const Function& fn);

}  // namespace py2cuda::ir
