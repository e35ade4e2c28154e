// Which range() loops with a run-time step step upward, proved from the step's value.
//
// `for i in range(a, b, s)` with a step known only at run time is written with a test of
// the step's sign in every iteration's condition, and its counter cannot be proved
// non-negative for the index-wrap analysis. A step that is provably positive (a grid size
// from cuda.gridsize, a block or grid dimension, a positive constant, products and sums of
// these, or a variable every assignment of which is one) makes the loop an upward one:
// `i < b; i += s`, as for a positive constant step. A variable is positive when every value
// assigned to it is, found as a greatest fixed point like index_wrap.cpp's non-negative
// variables. Proving the sign changes no result: it only drops a test whose outcome is known.
#include <map>
#include <set>
#include <string>
#include <vector>

#include "infer/infer.h"

namespace py2cuda::infer {

namespace {

struct Facts {
  // nullptr for an assignment whose value is not kept (a compound assignment other than += or *=).
  std::map<const ir::Variable*, std::vector<const ir::Expr*>> assigned;
  std::set<const ir::Variable*> positive;
  std::vector<ir::ForRange*> loops;  // the loops whose step's sign is known only at run time
};

// CUDA's launch geometry: every dimension of a grid and of a block is at least 1.
bool positive_builtin(const std::string& pattern) {
  return pattern.find("Dim.") != std::string::npos || pattern.rfind("py2cuda::gridsize", 0) == 0 ||
         pattern == "py2cuda::warpsize";
}

bool positive(const ir::Expr& e, const Facts& f) {
  switch (e.kind) {
    case ir::ExprKind::Const: {
      const auto& c = static_cast<const ir::Const&>(e);
      if (c.type->is_bool() || !c.type->is_int()) return false;
      return c.type->is_signed() ? static_cast<int64_t>(c.bits) > 0 : c.bits != 0;
    }
    case ir::ExprKind::Var: return f.positive.count(static_cast<const ir::VarRef&>(e).var) > 0;
    case ir::ExprKind::Cast: {
      // A widening integer conversion keeps the value.
      const auto& c = static_cast<const ir::Cast&>(e);
      return c.type->is_int() && c.operand->type->is_int() && !c.type->is_bool() && !c.operand->type->is_bool() &&
             (c.operand->type->bits() < c.type->bits() ||
              (c.operand->type->bits() == c.type->bits() && c.operand->type->is_signed() == c.type->is_signed())) &&
             positive(*c.operand, f);
    }
    case ir::ExprKind::Binary: {
      // Sums and products of positive values (wrapping past the type's range aside, which a
      // grid's size in threads cannot reach in 64 bits).
      const auto& b = static_cast<const ir::Binary&>(e);
      return (b.op == BinOp::Add || b.op == BinOp::Mul) && b.type->is_int() && b.type->bits() == 64 &&
             positive(*b.left, f) && positive(*b.right, f);
    }
    case ir::ExprKind::Builtin: return positive_builtin(static_cast<const ir::BuiltinCall&>(e).pattern);
    case ir::ExprKind::TupleGet: {
      // One dimension of cuda.gridsize(2) or (3), or of a variable holding such a tuple.
      const auto& g = static_cast<const ir::TupleGet&>(e);
      return (g.tuple->kind == ir::ExprKind::Builtin || g.tuple->kind == ir::ExprKind::Var) && positive(*g.tuple, f);
    }
    case ir::ExprKind::Select: {
      const auto& s = static_cast<const ir::Select&>(e);
      return positive(*s.then_value, f) && positive(*s.else_value, f);
    }
    default: return false;
  }
}

void collect(ir::Block& b, Facts& f);

void collect(ir::Stmt& s, Facts& f) {
  switch (s.kind) {
    case ir::StmtKind::Assign: {
      const auto& a = static_cast<const ir::Assign&>(s);
      if (a.target->kind == ir::ExprKind::Var) {
        const ir::Variable* v = static_cast<const ir::VarRef&>(*a.target).var;
        const bool keeps = !a.has_compound_op || a.compound_op == BinOp::Add || a.compound_op == BinOp::Mul;
        f.assigned[v].push_back(keeps ? a.value.get() : nullptr);
      }
      break;
    }
    case ir::StmtKind::If:
      collect(static_cast<ir::If&>(s).then_body, f);
      collect(static_cast<ir::If&>(s).else_body, f);
      break;
    case ir::StmtKind::While: collect(static_cast<ir::While&>(s).body, f); break;
    case ir::StmtKind::Try:
      static_cast<ir::Try&>(s).for_each_block([&](ir::Block& b) { collect(b, f); });
      break;
    case ir::StmtKind::ForRange: {
      auto& l = static_cast<ir::ForRange&>(s);
      // A range counter is assigned by the loop itself: never a positive variable.
      f.assigned[l.counter].push_back(nullptr);
      if (l.target != l.counter) f.assigned[l.target].push_back(nullptr);
      if (l.step_sign == 0) f.loops.push_back(&l);
      collect(l.body, f);
      break;
    }
    default: break;
  }
}

void collect(ir::Block& b, Facts& f) {
  for (auto& s : b) collect(*s, f);
}

}  // namespace

void analyze_range_steps(ir::Function& fn) {
  Facts f;
  collect(fn.body, f);
  if (f.loops.empty()) return;
  for (const auto& [v, values] : f.assigned) {
    if (!v->is_param) f.positive.insert(v);
  }
  for (bool changed = true; changed;) {
    changed = false;
    for (auto it = f.positive.begin(); it != f.positive.end();) {
      bool ok = true;
      for (const ir::Expr* e : f.assigned.at(*it)) ok = ok && e && positive(*e, f);
      if (ok) {
        ++it;
      } else {
        it = f.positive.erase(it);
        changed = true;
      }
    }
  }
  for (ir::ForRange* l : f.loops) {
    if (positive(*l->step, f)) l->step_sign = 1;
  }
}

}  // namespace py2cuda::infer
