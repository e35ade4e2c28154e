#include "ir/independent_threads.h"

#include <map>

#include "ir/effects.h"

namespace py2cuda::ir {

namespace {

// Whether a function's body, with the functions it calls, shares anything between threads
// but plain loads and stores of arrays; each function walked once.
class SharesBeyondMemory {
 public:
  bool of(const Function& f) {
    auto [it, fresh] = state_.try_emplace(&f, State::InProgress);
    if (!fresh) return it->second != State::MemoryOnly;  // recursion: not worth proving
    const bool shares = f.uses_barrier || f.uses_warp_ops || f.cooperative || f.uses_opaque_calls || f.is_host ||
                        block(f.body);
    state_[&f] = shares ? State::Shares : State::MemoryOnly;
    return shares;
  }

 private:
  enum class State { InProgress, Shares, MemoryOnly };
  std::map<const Function*, State> state_;

  bool expr(const Expr* e) {
    if (!e) return false;
    switch (e->kind) {
      case ExprKind::Call: {
        const Function* callee = static_cast<const Call&>(*e).callee;
        if (!callee || of(*callee)) return true;
        break;
      }
      case ExprKind::Launch: return true;
      case ExprKind::Builtin:
        if (static_cast<const BuiltinCall&>(*e).has_effects) return true;  // an atomic, a random draw, a clock
        break;
      case ExprKind::LocalArray:
        if (static_cast<const LocalArray&>(*e).shared) return true;
        break;
      default: break;
    }
    return any_operand(*e, [&](const Expr& x) { return expr(&x); });
  }

  bool block(const Block& b) {
    return any_statement_expr(b, [&](const Expr& e, bool) { return expr(&e); });
  }
};

}  // namespace

void mark_independent_threads(Module& module) {
  SharesBeyondMemory shares;
  for (auto& f : module.functions) {
    if (f->is_kernel) f->independent_threads = !shares.of(*f);
  }
}

}  // namespace py2cuda::ir
