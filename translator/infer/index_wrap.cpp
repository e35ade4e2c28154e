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
//
// Conditions add facts where they hold: inside `if 0 < r < n - 1:` (and after
// `if r < 1: return`, in `x if r > 0 else y`, on the right of `r > 0 and ...`) `r` is at
// least 1, so `u[r - 1, c]` needs no wraparound, as in the stencils and scans users write.
// Such a lower bound is kept only over code that does not assign the variable, so it still
// describes the value the condition tested.
#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
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
  // Lower bounds that conditions guarantee where the expression being marked runs.
  std::map<const ir::Variable*, int64_t> at_least;

  bool bounded_below(const ir::Variable* v, int64_t bound) const {
    auto it = at_least.find(v);
    return it != at_least.end() && it->second >= bound;
  }
};

// A lower bound of an integer expression: a literal, or a variable's known bound
// (0 for the non-negative ones, 1 for the positive ones, a condition's).
std::optional<int64_t> lower_bound(const ir::Expr& e, const Facts& f);

// An integer conversion that keeps every value of its operand (wider, or as wide with the
// same signedness); its operand, else null.
const ir::Expr* value_preserving_operand(const ir::Expr& e) {
  if (e.kind != ir::ExprKind::Cast) return nullptr;
  const auto& c = static_cast<const ir::Cast&>(e);
  const bool ints = c.type->is_int() && c.operand->type->is_int() && !c.operand->type->is_bool();
  const bool keeps = c.operand->type->bits() < c.type->bits() ||
                     (c.operand->type->bits() == c.type->bits() && c.operand->type->is_signed() == c.type->is_signed());
  return ints && keeps ? c.operand.get() : nullptr;
}

bool nonneg(const ir::Expr& e, const Facts& f);

// A float that cannot be NaN: a finite constant, an integer converted, a sum of such values
// (inf + inf is inf), a product of finite ones (only 0 * inf is NaN).
bool finite_float(const ir::Expr& e) {
  if (e.kind == ir::ExprKind::Const) return std::isfinite(static_cast<const ir::Const&>(e).f);
  if (e.kind == ir::ExprKind::Cast) {
    const ir::Expr& operand = *static_cast<const ir::Cast&>(e).operand;
    return operand.type->is_int() || operand.type->is_bool();
  }
  return false;
}

bool never_nan(const ir::Expr& e) {
  if (finite_float(e)) return true;
  if (e.kind != ir::ExprKind::Binary) return false;
  const auto& b = static_cast<const ir::Binary&>(e);
  if (b.op == BinOp::Add) return never_nan(*b.left) && never_nan(*b.right);
  if (b.op == BinOp::Mul) return finite_float(*b.left) && finite_float(*b.right);
  return false;
}

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
    case ir::ExprKind::Var: {
      const ir::Variable* v = static_cast<const ir::VarRef&>(e).var;
      return f.nonneg.count(v) > 0 || f.bounded_below(v, 0);
    }
    case ir::ExprKind::Global: return static_cast<const ir::GlobalRef&>(e).nonnegative;
    case ir::ExprKind::Cast: {
      const auto& c = static_cast<const ir::Cast&>(e);
      // Integer conversions that keep every value, and those to a float or from a bool, keep a
      // non-negative value non-negative (uint64 2**63 becomes a negative int64). A float's
      // conversion saturates (float_to_int.h), except into 8 bits, which keeps the low byte of
      // a 16-bit conversion (np.int8(128.0) is -128), and a NaN becomes the most negative value.
      const bool from_float = c.operand->type->is_float() && c.type->bits() >= 16 && never_nan(*c.operand);
      const bool keeps_sign = value_preserving_operand(e) || from_float || c.type->is_float() ||
                              c.operand->type->is_bool();
      return (c.type->is_int() || c.type->is_float()) && c.operand->type->is_number() && keeps_sign &&
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
        case BinOp::Sub: {
          // `r - k` with r >= k >= 0: the difference lies in [0, r], so it cannot wrap either.
          if (!b.type->is_int()) return false;
          const std::optional<int64_t> k = lower_bound(*b.right, f);
          const std::optional<int64_t> r = lower_bound(*b.left, f);
          return b.right->kind == ir::ExprKind::Const && k && *k >= 0 && r && *r >= *k;
        }
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
      if (g.tuple->kind == ir::ExprKind::TupleMake) {
        const auto& elements = static_cast<const ir::TupleMake&>(*g.tuple).elements;
        return g.index >= 0 && static_cast<std::size_t>(g.index) < elements.size() && nonneg(*elements[g.index], f);
      }
      if (g.tuple->kind == ir::ExprKind::Builtin) return nonneg(*g.tuple, f);
      if (g.tuple->kind == ir::ExprKind::Var) return nonneg(*g.tuple, f);
      return false;
    }
    case ir::ExprKind::TupleMake: {
      // A tuple counts as non-negative when every element is (`n, m = a.shape`), so that a
      // variable holding it gives non-negative elements through TupleGet.
      for (const auto& element : static_cast<const ir::TupleMake&>(e).elements) {
        if (!nonneg(*element, f)) return false;
      }
      return true;
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
    case ir::ExprKind::Var: {
      const ir::Variable* v = static_cast<const ir::VarRef&>(e).var;
      return f.positive.count(v) > 0 || f.bounded_below(v, 1);
    }
    case ir::ExprKind::Global: {
      // A frozen module constant (`TILE = 8`), as a literal: positive when >= 0 and not 0.
      const auto& g = static_cast<const ir::GlobalRef&>(e);
      return g.nonnegative && g.nonzero;
    }
    case ir::ExprKind::Cast: {
      const ir::Expr* operand = value_preserving_operand(e);
      return operand && positive(*operand, f);
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
    case ir::ExprKind::Shape: {
      // A frozen module array's extents are constants (`i % LUT.shape[0]`).
      const auto& sh = static_cast<const ir::Shape&>(e);
      const std::vector<int64_t>* extents = ir::frozen_shape(*sh.array);
      return extents && sh.dim >= 0 && static_cast<std::size_t>(sh.dim) < extents->size() &&
             (*extents)[static_cast<std::size_t>(sh.dim)] > 0;
    }
    case ir::ExprKind::Size: {
      const std::vector<int64_t>* extents = ir::frozen_shape(*static_cast<const ir::Size&>(e).array);
      return extents && std::all_of(extents->begin(), extents->end(), [](int64_t d) { return d > 0; });
    }
    case ir::ExprKind::Select: {
      const auto& s = static_cast<const ir::Select&>(e);
      return positive(*s.then_value, f) && positive(*s.else_value, f);
    }
    default: return false;
  }
}

std::optional<int64_t> lower_bound(const ir::Expr& e, const Facts& f) {
  if (!e.type->is_int() || e.type->is_bool()) return std::nullopt;
  if (e.kind == ir::ExprKind::Const) {
    const auto& c = static_cast<const ir::Const&>(e);
    if (!c.type->is_signed() && c.bits > static_cast<uint64_t>(INT64_MAX)) return std::nullopt;
    return static_cast<int64_t>(c.bits);
  }
  if (const ir::Expr* operand = value_preserving_operand(e)) return lower_bound(*operand, f);
  std::optional<int64_t> bound;
  if (e.kind == ir::ExprKind::Var) {
    if (auto it = f.at_least.find(static_cast<const ir::VarRef&>(e).var); it != f.at_least.end()) bound = it->second;
  }
  const int64_t from_sign = positive(e, f) ? 1 : nonneg(e, f) ? 0 : INT64_MIN;
  if (from_sign != INT64_MIN) bound = std::max(bound.value_or(INT64_MIN), from_sign);
  return bound;
}

// The integer variable a comparison operand reads (through conversions that keep its value).
const ir::Variable* tested_variable(const ir::Expr& e) {
  const ir::Expr* x = &e;
  while (const ir::Expr* operand = value_preserving_operand(*x)) x = operand;
  if (x->kind != ir::ExprKind::Var || !x->type->is_int() || x->type->is_bool()) return nullptr;
  return static_cast<const ir::VarRef&>(*x).var;
}

// Records in `f` the lower bounds that `cond` being `holds` (true or false) gives the
// variables outside `assigned` (those the guarded code does not assign).
void learn_from_condition(const ir::Expr& cond, bool holds, const std::set<const ir::Variable*>& assigned, Facts& f) {
  switch (cond.kind) {
    case ir::ExprKind::Logical: {
      // `a and b` true: both are; `a or b` false: neither is.
      const auto& l = static_cast<const ir::Logical&>(cond);
      if (l.is_and == holds) {
        learn_from_condition(*l.left, holds, assigned, f);
        learn_from_condition(*l.right, holds, assigned, f);
      }
      return;
    }
    case ir::ExprKind::Unary: {
      const auto& u = static_cast<const ir::Unary&>(cond);
      if (u.op == UnaryOp::Not) learn_from_condition(*u.operand, !holds, assigned, f);
      return;
    }
    case ir::ExprKind::Compare: break;
    default: return;
  }
  const auto& c = static_cast<const ir::Compare&>(cond);
  // As `v OP e` with v the variable: `e < v` is `v > e`.
  auto learn = [&](const ir::Expr& var_side, CmpOp op, const ir::Expr& other) {
    const ir::Variable* v = tested_variable(var_side);
    if (!v || assigned.count(v)) return;
    const std::optional<int64_t> bound = lower_bound(other, f);
    if (!bound || *bound == INT64_MAX) return;
    std::optional<int64_t> learned;
    switch (op) {
      case CmpOp::Gt: learned = holds ? std::optional(*bound + 1) : std::nullopt; break;
      case CmpOp::GtE: learned = holds ? std::optional(*bound) : std::nullopt; break;
      // not (v < e): v >= e; not (v <= e): v > e.
      case CmpOp::Lt: learned = holds ? std::nullopt : std::optional(*bound); break;
      case CmpOp::LtE: learned = holds ? std::nullopt : std::optional(*bound + 1); break;
      case CmpOp::Eq:
      case CmpOp::NotEq: {
        const bool equal = (op == CmpOp::Eq) == holds;
        // v == e: v >= e's bound; v != k where k is already v's least value: v > k.
        const std::optional<int64_t> own = lower_bound(var_side, f);
        if (equal) {
          learned = bound;
        } else if (other.kind == ir::ExprKind::Const && own && *own == *bound) {
          learned = *bound + 1;
        }
        break;
      }
      default: break;
    }
    if (learned) f.at_least[v] = std::max(f.at_least.count(v) ? f.at_least[v] : INT64_MIN, *learned);
  };
  auto mirrored = [](CmpOp op) {
    switch (op) {
      case CmpOp::Lt: return CmpOp::Gt;
      case CmpOp::LtE: return CmpOp::GtE;
      case CmpOp::Gt: return CmpOp::Lt;
      case CmpOp::GtE: return CmpOp::LtE;
      default: return op;
    }
  };
  // Comparisons in an integer type only. int64 against uint64 compares in float64, as Numba's
  // does (rules::comparison_operand converts both operands), where rounding beyond 2**53 lets
  // `v >= e` hold with v < e: such a comparison bounds nothing (tests/unit/test_index_guards.cpp).
  if (!c.left->type->is_int() || !c.right->type->is_int()) return;
  learn(*c.left, c.op, *c.right);
  learn(*c.right, mirrored(c.op), *c.left);
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

// Every variable the statements assign (loop counters and variables included).
std::set<const ir::Variable*> assigned_in(ir::Block::const_iterator first, ir::Block::const_iterator last) {
  Facts found;
  for (auto it = first; it != last; ++it) collect(**it, found);
  std::set<const ir::Variable*> vars;
  for (const auto& [v, values] : found.assigned) vars.insert(v);
  for (const auto& [v, loop] : found.counters) vars.insert(v), vars.insert(loop->target);
  return vars;
}
std::set<const ir::Variable*> assigned_in(const ir::Block& b) { return assigned_in(b.begin(), b.end()); }

// Whether control never reaches the end of `b`: it ends in a return, break or continue.
bool always_leaves(const ir::Block& b) {
  if (b.empty()) return false;
  const ir::StmtKind last = b.back()->kind;
  return last == ir::StmtKind::Return || last == ir::StmtKind::Break || last == ir::StmtKind::Continue;
}

// The lower bounds of `f` as they were when it was made, restored when it goes.
class ScopedBounds {
 public:
  explicit ScopedBounds(Facts& f) : facts_(f), saved_(f.at_least) {}
  ~ScopedBounds() { facts_.at_least = std::move(saved_); }
  ScopedBounds(const ScopedBounds&) = delete;
  ScopedBounds& operator=(const ScopedBounds&) = delete;

 private:
  Facts& facts_;
  std::map<const ir::Variable*, int64_t> saved_;
};

void mark(ir::Expr& e, Facts& f);

void mark_block(ir::Block& b, Facts& f);

// Marks `e` where `cond` is `holds` (expressions assign no variable).
void mark_where(ir::Expr& e, const ir::Expr& cond, bool holds, Facts& f) {
  ScopedBounds scope(f);
  learn_from_condition(cond, holds, {}, f);
  mark(e, f);
}

void mark(ir::Expr& e, Facts& f) {
  switch (e.kind) {
    case ir::ExprKind::Cast: mark(*static_cast<ir::Cast&>(e).operand, f); break;
    case ir::ExprKind::Binary: {
      auto& b = static_cast<ir::Binary&>(e);
      mark(*b.left, f);
      mark(*b.right, f);
      if ((b.op == BinOp::FloorDiv || b.op == BinOp::Mod) && b.type->is_int() && b.left->type->is_int() &&
          b.right->type->is_int()) {
        b.divisor_positive = positive(*b.right, f);
        b.divisor_nonneg = b.divisor_positive || nonneg(*b.right, f);
        b.dividend_nonneg = nonneg(*b.left, f);
      }
      break;
    }
    case ir::ExprKind::Unary: mark(*static_cast<ir::Unary&>(e).operand, f); break;
    case ir::ExprKind::Compare:
      mark(*static_cast<ir::Compare&>(e).left, f);
      mark(*static_cast<ir::Compare&>(e).right, f);
      break;
    case ir::ExprKind::Logical: {
      // The right operand runs only where the left one is true (`and`) or false (`or`).
      auto& l = static_cast<ir::Logical&>(e);
      mark(*l.left, f);
      mark_where(*l.right, *l.left, l.is_and, f);
      break;
    }
    case ir::ExprKind::Select: {
      auto& s = static_cast<ir::Select&>(e);
      mark(*s.cond, f);
      mark_where(*s.then_value, *s.cond, true, f);
      mark_where(*s.else_value, *s.cond, false, f);
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

// Marks `b` where `cond` is `holds`, for the variables `b` does not assign.
void mark_guarded(ir::Block& b, const ir::Expr& cond, bool holds, Facts& f) {
  ScopedBounds scope(f);
  learn_from_condition(cond, holds, assigned_in(b), f);
  mark_block(b, f);
}

void mark_stmt(ir::Stmt& s, Facts& f) {
  switch (s.kind) {
    case ir::StmtKind::Expr: mark(*static_cast<ir::ExprStmt&>(s).value, f); break;
    case ir::StmtKind::Assign:
      mark(*static_cast<ir::Assign&>(s).target, f);
      mark(*static_cast<ir::Assign&>(s).value, f);
      break;
    case ir::StmtKind::If: {
      auto& i = static_cast<ir::If&>(s);
      mark(*i.cond, f);
      mark_guarded(i.then_body, *i.cond, true, f);
      mark_guarded(i.else_body, *i.cond, false, f);
      break;
    }
    case ir::StmtKind::While: {
      auto& w = static_cast<ir::While&>(s);
      mark(*w.cond, f);
      mark_guarded(w.body, *w.cond, true, f);
      break;
    }
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

void mark_block(ir::Block& b, Facts& f) {
  ScopedBounds scope(f);
  for (auto it = b.begin(); it != b.end(); ++it) {
    mark_stmt(**it, f);
    // After `if r < 1: return` (or break, continue) the rest of the block runs only where
    // the condition was false; after an `else` that always leaves, only where it was true.
    if ((*it)->kind != ir::StmtKind::If) continue;
    const auto& branch = static_cast<const ir::If&>(**it);
    const bool then_leaves = always_leaves(branch.then_body), else_leaves = always_leaves(branch.else_body);
    if (then_leaves != else_leaves) {
      learn_from_condition(*branch.cond, else_leaves, assigned_in(std::next(it), b.end()), f);
    }
  }
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
