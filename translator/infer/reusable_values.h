// IR values the translator writes again where it needs them instead of binding them to a
// temporary first (an `in` test's item, a chained comparison's operand, a tuple operator's
// parts): they read the same value each time, and NVVM or the host compiler reads it once.
// The others are bound once (ir::Let, FunctionBuilder::evaluated_once); within_lets puts the
// result under those bindings.
#pragma once

#include <memory>
#include <vector>

#include "ir/ir.h"

namespace py2cuda::infer {

// A variable, a literal, a frozen constant or an array's extent (`a.shape[0]`); with
// `element_reads`, also an array element read at such indices (`a[i]`: reading it again has no
// effect a program can see, where a temporary would only add noise to the output).
inline bool reusable(const ir::Expr& e, bool element_reads = false) {
  switch (e.kind) {
    case ir::ExprKind::Var:
    case ir::ExprKind::Const:
    case ir::ExprKind::Global: return true;
    case ir::ExprKind::Shape: return reusable(*static_cast<const ir::Shape&>(e).array, element_reads);
    case ir::ExprKind::Index: {
      if (!element_reads) return false;
      const auto& ix = static_cast<const ir::Index&>(e);
      if (!reusable(*ix.array, true)) return false;
      for (const auto& k : ix.indices) {
        if (!reusable(*k, true)) return false;
      }
      return true;
    }
    default: return false;
  }
}

// A reusable value written again.
inline ir::ExprPtr reuse(const ir::Expr& e) {
  switch (e.kind) {
    case ir::ExprKind::Var: return std::make_unique<ir::VarRef>(static_cast<const ir::VarRef&>(e).var, e.span);
    case ir::ExprKind::Const: return std::make_unique<ir::Const>(static_cast<const ir::Const&>(e));
    case ir::ExprKind::Shape: {
      const auto& shape = static_cast<const ir::Shape&>(e);
      return std::make_unique<ir::Shape>(reuse(*shape.array), shape.dim, e.span);
    }
    case ir::ExprKind::Index: {
      const auto& ix = static_cast<const ir::Index&>(e);
      auto copy = std::make_unique<ir::Index>(e.type, reuse(*ix.array), e.span);
      for (const auto& k : ix.indices) copy->indices.push_back(reuse(*k));
      copy->wrap = ix.wrap;
      return copy;
    }
    default: return std::make_unique<ir::GlobalRef>(static_cast<const ir::GlobalRef&>(e));
  }
}

// `result` under the bindings of its operands, the first binding outermost (evaluated first).
inline ir::ExprPtr within_lets(std::vector<std::unique_ptr<ir::Let>> lets, ir::ExprPtr result) {
  for (auto it = lets.rbegin(); it != lets.rend(); ++it) {
    (*it)->type = result->type;
    (*it)->body = std::move(result);
    result = std::move(*it);
  }
  return result;
}

}  // namespace py2cuda::infer
