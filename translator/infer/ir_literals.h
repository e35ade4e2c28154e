// IR constants the translator writes itself (a range's default start and step, a loop's
// bounds, the 0 a step's sign is tested against, typed as Numba types an int literal; a
// decided test).
#pragma once

#include <cstdint>
#include <memory>

#include "ir/ir.h"

namespace py2cuda::infer {

inline std::unique_ptr<ir::Const> int64_literal(int64_t v, Span s) {
  auto k = std::make_unique<ir::Const>(types::int64(), s);
  k->bits = static_cast<uint64_t>(v);
  return k;
}

// True or False, a test the translation decides.
inline std::unique_ptr<ir::Const> bool_literal(bool v, Span s) {
  auto k = std::make_unique<ir::Const>(types::boolean(), s);
  k->b = v;
  k->bits = v ? 1 : 0;
  return k;
}

}  // namespace py2cuda::infer
