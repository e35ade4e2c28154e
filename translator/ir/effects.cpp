#include "ir/effects.h"

#include <algorithm>
#include <map>
#include <set>

namespace py2cuda::ir {

namespace {

bool nonzero_constant(const Expr& e) {
  if (e.kind == ExprKind::Global) return static_cast<const GlobalRef&>(e).nonzero;
  if (e.kind != ExprKind::Const) return false;
  const auto& c = static_cast<const Const&>(e);
  return e.type->is_float() ? c.f != 0.0 : e.type->is_complex() ? (c.f != 0.0 || c.im != 0.0) : c.bits != 0;
}

}  // namespace

bool has_effects(const Expr& e, EffectRules rules) {
  switch (e.kind) {
    case ExprKind::Call:
      // (A call typed while its caller's types settle has no callee yet.)
      if (!static_cast<const Call&>(e).callee || static_cast<const Call&>(e).callee->call_has_effects) return true;
      break;
    case ExprKind::Launch: return true;
    case ExprKind::Builtin: {
      const auto& c = static_cast<const BuiltinCall&>(e);
      if (c.has_effects || rules.every_call) return true;
      break;
    }
    case ExprKind::Binary: {
      const auto& b = static_cast<const Binary&>(e);
      const bool divides = b.op == BinOp::TrueDiv || b.op == BinOp::FloorDiv || b.op == BinOp::Mod;
      if (rules.divisions_raise && divides && !nonzero_constant(*b.right)) return true;
      break;
    }
    default: break;
  }
  return any_operand(e, [&](const Expr& x) { return has_effects(x, rules); });
}

bool reads_container(const Expr& e) {
  if (e.kind == ExprKind::Builtin) {
    for (const auto& a : static_cast<const BuiltinCall&>(e).args) {
      const TypeRef t = a->type;
      if (t->is_array() || t->is_list() || t->is_dict() || t->is_set() || t->is_host_object()) return true;
    }
  }
  return any_operand(e, [](const Expr& x) { return reads_container(x); });
}

bool calls_program_code(const Expr& e) {
  if (e.kind == ExprKind::Call || e.kind == ExprKind::Launch) return true;
  if (e.kind == ExprKind::Builtin && static_cast<const BuiltinCall&>(e).has_effects) {
    // A method changing the container it is given (`d.pop(k)`, `xs.append(v)`, `s.pop()`).
    for (const auto& a : static_cast<const BuiltinCall&>(e).args) {
      const TypeRef t = a->type;
      if (t->is_list() || t->is_dict() || t->is_set()) return true;
    }
  }
  return any_operand(e, [](const Expr& x) { return calls_program_code(x); });
}

bool reads_state(const Expr& e) {
  switch (e.kind) {
    case ExprKind::Index: return true;
    case ExprKind::Builtin:
      if (static_cast<const BuiltinCall&>(e).reads_state) return true;
      break;
    // An array's shape cannot change while the expression is evaluated.
    case ExprKind::Shape:
    case ExprKind::Size: return false;
    case ExprKind::Call:
      // The callee may read the elements of an array it is given (in a tuple too).
      for (const auto& a : static_cast<const Call&>(e).args) {
        if (!a->type->is_number()) return true;
      }
      break;
    default: break;
  }
  return any_operand(e, [](const Expr& x) { return reads_state(x); });
}

bool order_matters(const std::vector<const Expr*>& operands, EffectRules rules) {
  bool effect_before = false, read_before = false;  // an earlier operand has effects, reads an array or attribute
  bool program_call_before = false, container_read_before = false;
  for (const Expr* x : operands) {
    const bool effects = has_effects(*x, rules), reads = reads_state(*x);
    // An effect after an effect or a read; a read after an effect (it must see what that wrote).
    if ((effects && (effect_before || read_before)) || (reads && effect_before)) return true;
    if (rules.calls_read_their_containers) {
      const bool program_call = calls_program_code(*x), container_read = reads_container(*x);
      if ((container_read && program_call_before) || (program_call && container_read_before)) return true;
      program_call_before = program_call_before || program_call;
      container_read_before = container_read_before || container_read;
    }
    effect_before = effect_before || effects;
    read_before = read_before || reads;
  }
  return false;
}

bool needs_ordered_evaluation(const std::vector<ExprPtr>& args, size_t first, EffectRules rules) {
  size_t effects = 0;
  for (size_t i = first; i < args.size(); ++i) effects += has_effects(*args[i], rules) ? 1 : 0;
  return effects >= 2;
}

namespace {

// Walks device functions' bodies for mark_call_effects, each function once.
class CallEffects {
 public:
  bool of(const Function& f) {
    auto [it, fresh] = state_.try_emplace(&f, State::InProgress);
    if (!fresh) return it->second != State::Pure;  // a recursive call (InProgress) counts as an effect
    const bool effects = f.uses_barrier || f.uses_warp_ops || f.cooperative || f.uses_opaque_calls ||
                         f.is_host || block(f.body, private_arrays(f));
    state_[&f] = effects ? State::Effects : State::Pure;
    return effects;
  }

 private:
  enum class State { InProgress, Effects, Pure };
  std::map<const Function*, State> state_;

  // The variables only ever bound to a cuda.local.array the function creates: its stores into
  // them no caller can see. (Passing one to a function that writes it makes that call an effect,
  // which is conservative.)
  static std::set<const Variable*> private_arrays(const Function& f) {
    std::set<const Variable*> local, other;
    auto visit = [&](auto& self, const Block& b) -> void {
      for (const auto& s : b) {
        switch (s->kind) {
          case StmtKind::Assign: {
            const auto& a = static_cast<const Assign&>(*s);
            if (a.target->kind != ExprKind::Var) break;
            const Variable* v = static_cast<const VarRef&>(*a.target).var;
            const bool is_local = a.value->kind == ExprKind::LocalArray && !static_cast<const LocalArray&>(*a.value).shared;
            (is_local ? local : other).insert(v);
            break;
          }
          case StmtKind::If: {
            const auto& i = static_cast<const If&>(*s);
            self(self, i.then_body), self(self, i.else_body);
            break;
          }
          case StmtKind::ForRange: self(self, static_cast<const ForRange&>(*s).body); break;
          case StmtKind::While: self(self, static_cast<const While&>(*s).body); break;
          case StmtKind::Try: static_cast<const Try&>(*s).for_each_block([&](const Block& x) { self(self, x); }); break;
          default: break;
        }
      }
    };
    visit(visit, f.body);
    for (const Variable* v : f.params) other.insert(v);
    std::set<const Variable*> only_local;
    for (const Variable* v : local) {
      if (!other.count(v)) only_local.insert(v);
    }
    return only_local;
  }

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
        if (static_cast<const BuiltinCall&>(*e).has_effects) return true;
        break;
      default: break;
    }
    return any_operand(*e, [&](const Expr& x) { return expr(&x); });
  }

  // A store is seen by the caller unless it goes into one of the function's private arrays.
  bool store(const Expr& target, const std::set<const Variable*>& private_vars) {
    if (target.kind == ExprKind::Var) return false;
    if (target.kind != ExprKind::Index) return true;
    const auto& ix = static_cast<const Index&>(target);
    const bool private_array = ix.array->kind == ExprKind::Var &&
                               private_vars.count(static_cast<const VarRef&>(*ix.array).var);
    if (!private_array) return true;
    return std::any_of(ix.indices.begin(), ix.indices.end(), [&](const ExprPtr& i) { return expr(i.get()); });
  }

  bool block(const Block& b, const std::set<const Variable*>& private_vars) {
    return any_statement_expr(b, [&](const Expr& e, bool stored_into) {
      return stored_into ? store(e, private_vars) : expr(&e);
    });
  }
};

}  // namespace

void mark_call_effects(Module& module) {
  CallEffects effects;
  for (auto& f : module.functions) {
    if (!f->is_kernel) f->call_has_effects = effects.of(*f);
  }
}

std::vector<const Expr*> own_expressions(const Stmt& s) {
  std::vector<const Expr*> out;
  auto add = [&](const ExprPtr& e) {
    if (e) out.push_back(e.get());
  };
  switch (s.kind) {
    case StmtKind::Expr: add(static_cast<const ExprStmt&>(s).value); break;
    case StmtKind::Assign:
      add(static_cast<const Assign&>(s).target);
      add(static_cast<const Assign&>(s).value);
      break;
    case StmtKind::If: add(static_cast<const If&>(s).cond); break;
    case StmtKind::ForRange:
      add(static_cast<const ForRange&>(s).start);
      add(static_cast<const ForRange&>(s).stop);
      add(static_cast<const ForRange&>(s).step);
      break;
    case StmtKind::While: add(static_cast<const While&>(s).cond); break;
    case StmtKind::Return: add(static_cast<const Return&>(s).value); break;
    case StmtKind::Break:
    case StmtKind::Continue:
    case StmtKind::Try: break;
  }
  return out;
}

}  // namespace py2cuda::ir
