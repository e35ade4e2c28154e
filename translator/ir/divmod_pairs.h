// Which `a // b` and `a % b` of signed integers or floats of one function share one division: a `//` and a
// `%` of the same operands, close enough that their values are the same (divmod_pairs.cpp).
// lower/expressions.cpp prints both as py2cuda::divmod(a, b), which NVVM computes once.
#pragma once

#include <map>
#include <set>
#include <vector>

#include "ir/ir.h"

namespace py2cuda::ir {

struct DivmodPairs {
  // Every `//` and `%` that shares its division or fmod with one of the other.
  std::set<const Binary*> paired;
  // Of these, the float pairs whose operands read array elements (every half in statements that
  // call nothing, none under a condition, no array stored between the first and the last): by
  // the first half's statement, each pair's divisions (the first one's operands printed).
  // lower/emit.cpp declares their py2cuda::divmod once before that statement, since NVVM does
  // not merge two divmods of array elements.
  std::map<const Stmt*, std::vector<std::vector<const Binary*>>> before_statement;
};

DivmodPairs divmod_pairs(const Function& fn);

}  // namespace py2cuda::ir
