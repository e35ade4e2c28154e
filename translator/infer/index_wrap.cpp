// Which array accesses need Python's negative-index wraparound, and which integer `//` and
// `%` are C's.
//
// An index needs it unless it is provably non-negative. A variable is
// non-negative when every value assigned to it is; that is found as a
// greatest fixed point (start from "all are", drop any variable with a
// possibly negative assignment, repeat). Dropping the test is only an
// optimisation: it never changes a result.
//
// The same facts, with a second fixed point for the variables that are provably positive
// (a range counter from a positive start stepping upward, `d` in `range(2, n)`), mark
// the integer divisions: a positive divisor cannot be zero nor -1, and with a non-negative
// dividend too Python's `//` and `%` round as C's `/` and `%` do. As for indices, sums and
// products are taken not to wrap past the type's range.
#include <map>
#include <set>

#include "builtins/table.h"
#include "infer/infer.h"

namespace py2cuda::infer {

namespace {

struct Facts {
  std::map<const ir::Variable*, std::vector<const ir::Expr*>> assigned;
  std::map<const ir::Variable*, const ir::ForRange*> counters;
  std::set<const ir::Variable*> nonneg;
  std::set<const ir::Variable*> positive;
};

bool nonneg(const ir::Expr& e, const Facts& f);

bool const_nonneg(const ir::Const& c) {
  if (c.type->is_float()) return c.f >= 0;
  if (c.type->is_bool() || !c.type->is_signed()) return true;
  return static_cast<int64_t>(c.bits) >= 0;
}

bool nonneg(const ir::Expr& e, const Facts& f) {
  if (e.type->is_int() && !e.type->is_signed()) return true;
  if (e.type->is_bool()) return true;
  switch (e.kind) {
    case ir::ExprKind::Const: return const_nonneg(static_cast<const ir::Const&>(e));
    case ir::ExprKind::Var: return f.nonneg.count(static_cast<const ir::VarRef&>(e).var) > 0;
    case ir::ExprKind::Global: return static_cast<const ir::GlobalRef&>(e).nonnegative;
    case ir::ExprKind::Cast: {
      const auto& c = static_cast<const ir::Cast&>(e);
      // Widening conversions of a non-negative value, and same-width ones that keep the
      // signedness, stay non-negative (uint64 2**63 becomes a negative int64).
      const bool keeps_value = c.operand->type->is_float() || c.type->is_float() || c.operand->type->is_bool() ||
                               c.operand->type->bits() < c.type->bits() ||
                               (c.operand->type->bits() == c.type->bits() &&
                                c.operand->type->is_signed() == c.type->is_signed());
      return (c.type->is_int() || c.type->is_float()) && c.operand->type->is_number() && keeps_value &&
             nonneg(*c.operand, f);
    }
    case ir::ExprKind::Binary: {
      const auto& b = static_cast<const ir::Binary&>(e);
      switch (b.op) {
        case BinOp::Add:
        case BinOp::Mul:
        case BinOp::FloorDiv:
        case BinOp::BitAnd:
        case BinOp::BitOr:
        case BinOp::RShift: return nonneg(*b.left, f) && nonneg(*b.right, f);
        case BinOp::Mod: return nonneg(*b.right, f);  // Python's % takes the divisor's sign
        default: return false;
      }
    }
    case ir::ExprKind::Builtin: {
      const auto& c = static_cast<const ir::BuiltinCall&>(e);
      // Thread and grid indices, grid sizes, lane ids.
      return c.pattern.find("Idx.") != std::string::npos || c.pattern.find("Dim.") != std::string::npos ||
             c.pattern.rfind("py2cuda::grid", 0) == 0 || c.pattern.rfind("py2cuda::laneid", 0) == 0 ||
             c.pattern == "py2cuda::warpsize";
    }
    case ir::ExprKind::TupleGet: {
      const auto& g = static_cast<const ir::TupleGet&>(e);
      if (g.tuple->kind == ir::ExprKind::Builtin) return nonneg(*g.tuple, f);
      if (g.tuple->kind == ir::ExprKind::Var) return nonneg(*g.tuple, f);
      return false;
    }
    case ir::ExprKind::Shape:
    case ir::ExprKind::Size: return true;
    case ir::ExprKind::Select: {
      const auto& s = static_cast<const ir::Select&>(e);
      return nonneg(*s.then_value, f) && nonneg(*s.else_value, f);
    }
    default: return false;
  }
}

// > 0: a subset of nonneg's values.
bool positive(const ir::Expr& e, const Facts& f) {
  if (e.type->is_bool()) return false;
  switch (e.kind) {
    case ir::ExprKind::Const: {
      const auto& c = static_cast<const ir::Const&>(e);
      if (c.type->is_float()) return c.f > 0;
      return c.type->is_signed() ? static_cast<int64_t>(c.bits) > 0 : c.bits != 0;
    }
    case ir::ExprKind::Var: return f.positive.count(static_cast<const ir::VarRef&>(e).var) > 0;
    case ir::ExprKind::Cast: {
      // A widening (or same-width, same-signedness) integer conversion keeps the value.
      const auto& c = static_cast<const ir::Cast&>(e);
      return c.type->is_int() && c.operand->type->is_int() && !c.operand->type->is_bool() &&
             (c.operand->type->bits() < c.type->bits() ||
              (c.operand->type->bits() == c.type->bits() && c.operand->type->is_signed() == c.type->is_signed())) &&
             positive(*c.operand, f);
    }
    case ir::ExprKind::Binary: {
      // In 64 bits only, as range_steps.cpp: a sum or product of launch dimensions and
      // counters cannot wrap there, a 32-bit one might.
      const auto& b = static_cast<const ir::Binary&>(e);
      if (!b.type->is_int() || b.type->bits() != 64) return false;
      if (b.op == BinOp::Add) {
        return (positive(*b.left, f) && nonneg(*b.right, f)) || (nonneg(*b.left, f) && positive(*b.right, f));
      }
      return b.op == BinOp::Mul && positive(*b.left, f) && positive(*b.right, f);
    }
    case ir::ExprKind::Builtin: {
      // CUDA's launch geometry: every dimension of a grid and of a block is at least 1.
      const std::string& p = static_cast<const ir::BuiltinCall&>(e).pattern;
      return p.find("Dim.") != std::string::npos || p.rfind("py2cuda::gridsize", 0) == 0 || p == "py2cuda::warpsize";
    }
    case ir::ExprKind::TupleGet: {
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

void collect(const ir::Block& b, Facts& f);

void collect(const ir::Stmt& s, Facts& f) {
  switch (s.kind) {
    case ir::StmtKind::Assign: {
      const auto& a = static_cast<const ir::Assign&>(s);
      if (a.target->kind == ir::ExprKind::Var) {
        const ir::Variable* v = static_cast<const ir::VarRef&>(*a.target).var;
        // `x op= v` assigns x op v: only + and * keep a non-negative x so.
        if (a.has_compound_op && a.compound_op != BinOp::Add && a.compound_op != BinOp::Mul) {
          f.assigned[v].push_back(nullptr);
        } else {
          f.assigned[v].push_back(a.value.get());
        }
      }
      break;
    }
    case ir::StmtKind::If:
      collect(static_cast<const ir::If&>(s).then_body, f);
      collect(static_cast<const ir::If&>(s).else_body, f);
      break;
    case ir::StmtKind::While: collect(static_cast<const ir::While&>(s).body, f); break;
    case ir::StmtKind::Try:
      static_cast<const ir::Try&>(s).for_each_block([&](const ir::Block& b) { collect(b, f); });
      break;
    case ir::StmtKind::ForRange: {
      const auto& l = static_cast<const ir::ForRange&>(s);
      f.counters[l.counter] = &l;
      collect(l.body, f);
      break;
    }
    default: break;
  }
}

void collect(const ir::Block& b, Facts& f) {
  for (const auto& s : b) collect(*s, f);
}

void mark(ir::Expr& e, const Facts& f);

void mark_block(ir::Block& b, const Facts& f);

void mark(ir::Expr& e, const Facts& f) {
  switch (e.kind) {
    case ir::ExprKind::Cast: mark(*static_cast<ir::Cast&>(e).operand, f); break;
    case ir::ExprKind::Binary: {
      auto& b = static_cast<ir::Binary&>(e);
      mark(*b.left, f);
      mark(*b.right, f);
      if ((b.op == BinOp::FloorDiv || b.op == BinOp::Mod) && b.type->is_int() && b.left->type->is_int() &&
          b.right->type->is_int()) {
        b.divisor_positive = positive(*b.right, f);
        b.dividend_nonneg = nonneg(*b.left, f);
      }
      break;
    }
    case ir::ExprKind::Unary: mark(*static_cast<ir::Unary&>(e).operand, f); break;
    case ir::ExprKind::Compare:
      mark(*static_cast<ir::Compare&>(e).left, f);
      mark(*static_cast<ir::Compare&>(e).right, f);
      break;
    case ir::ExprKind::Logical:
      mark(*static_cast<ir::Logical&>(e).left, f);
      mark(*static_cast<ir::Logical&>(e).right, f);
      break;
    case ir::ExprKind::Select: {
      auto& s = static_cast<ir::Select&>(e);
      mark(*s.cond, f), mark(*s.then_value, f), mark(*s.else_value, f);
      break;
    }
    case ir::ExprKind::Builtin:
      for (auto& a : static_cast<ir::BuiltinCall&>(e).args) mark(*a, f);
      break;
    case ir::ExprKind::Call:
      for (auto& a : static_cast<ir::Call&>(e).args) mark(*a, f);
      break;
    case ir::ExprKind::Index: {
      auto& ix = static_cast<ir::Index&>(e);
      mark(*ix.array, f);
      ix.wrap = false;
      for (auto& i : ix.indices) {
        mark(*i, f);
        if (!nonneg(*i, f)) ix.wrap = true;
      }
      break;
    }
    case ir::ExprKind::Shape: mark(*static_cast<ir::Shape&>(e).array, f); break;
    case ir::ExprKind::Size: mark(*static_cast<ir::Size&>(e).array, f); break;
    case ir::ExprKind::TupleMake:
      for (auto& x : static_cast<ir::TupleMake&>(e).elements) mark(*x, f);
      break;
    case ir::ExprKind::TupleGet: mark(*static_cast<ir::TupleGet&>(e).tuple, f); break;
    case ir::ExprKind::Let:
      mark(*static_cast<ir::Let&>(e).init, f);
      mark(*static_cast<ir::Let&>(e).body, f);
      break;
    default: break;
  }
}

void mark_stmt(ir::Stmt& s, const Facts& f) {
  switch (s.kind) {
    case ir::StmtKind::Expr: mark(*static_cast<ir::ExprStmt&>(s).value, f); break;
    case ir::StmtKind::Assign:
      mark(*static_cast<ir::Assign&>(s).target, f);
      mark(*static_cast<ir::Assign&>(s).value, f);
      break;
    case ir::StmtKind::If: {
      auto& i = static_cast<ir::If&>(s);
      mark(*i.cond, f);
      mark_block(i.then_body, f);
      mark_block(i.else_body, f);
      break;
    }
    case ir::StmtKind::While:
      mark(*static_cast<ir::While&>(s).cond, f);
      mark_block(static_cast<ir::While&>(s).body, f);
      break;
    case ir::StmtKind::Try:
      static_cast<ir::Try&>(s).for_each_block([&](ir::Block& b) { mark_block(b, f); });
      break;
    case ir::StmtKind::ForRange: {
      auto& l = static_cast<ir::ForRange&>(s);
      mark(*l.start, f), mark(*l.stop, f), mark(*l.step, f);
      mark_block(l.body, f);
      break;
    }
    case ir::StmtKind::Return:
      if (auto& v = static_cast<ir::Return&>(s).value) mark(*v, f);
      break;
    default: break;
  }
}

void mark_block(ir::Block& b, const Facts& f) {
  for (auto& s : b) mark_stmt(*s, f);
}

}  // namespace

void analyze_index_wrap(ir::Function& fn) {
  Facts f;
  collect(fn.body, f);
  for (const auto& v : fn.variables) {
    if (v->is_param) continue;  // arguments may be anything (unsigned ones are caught by type)
    if (f.assigned.count(v.get()) || f.counters.count(v.get())) f.nonneg.insert(v.get());
  }
  for (bool changed = true; changed;) {
    changed = false;
    for (auto it = f.nonneg.begin(); it != f.nonneg.end();) {
      const ir::Variable* v = *it;
      bool ok = true;
      if (auto a = f.assigned.find(v); a != f.assigned.end()) {
        for (const ir::Expr* e : a->second) ok = ok && e && nonneg(*e, f);
      }
      if (auto c = f.counters.find(v); c != f.counters.end()) {
        // start >= 0 and stepping up keeps a range counter non-negative.
        ok = ok && c->second->step_sign > 0 && nonneg(*c->second->start, f);
      }
      if (!ok) {
        it = f.nonneg.erase(it);
        changed = true;
      } else {
        ++it;
      }
    }
  }
  // The positive variables among the non-negative ones, by the same greatest fixed point.
  f.positive = f.nonneg;
  for (bool changed = true; changed;) {
    changed = false;
    for (auto it = f.positive.begin(); it != f.positive.end();) {
      const ir::Variable* v = *it;
      bool ok = true;
      if (auto a = f.assigned.find(v); a != f.assigned.end()) {
        for (const ir::Expr* e : a->second) ok = ok && e && positive(*e, f);
      }
      if (auto c = f.counters.find(v); c != f.counters.end()) {
        ok = ok && c->second->step_sign > 0 && positive(*c->second->start, f);
      }
      if (!ok) {
        it = f.positive.erase(it);
        changed = true;
      } else {
        ++it;
      }
    }
  }
  mark_block(fn.body, f);
}

}  // namespace py2cuda::infer
