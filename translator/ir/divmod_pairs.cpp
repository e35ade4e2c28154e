// Which `a // b` and `a % b` of signed integers or floats share one division.
//
// Python's `//` and `%` of signed integers each take a C++ division and a correction, and of
// floats each an fmod and corrections (py2cuda::floordiv, py2cuda::mod in pysem.h); `%` alone
// computes only the remainder, which is cheaper than both. A kernel that computes both of the
// same operands (`q[i] = a[i] // b[i]; r[i] = a[i] % b[i]`) does better with one division or
// fmod: both are then printed as py2cuda::divmod(a, b).quotient and .remainder
// (lower/expressions.cpp), the same inline call (pysem.h), which NVVM computes once. (Two
// divmods of floats whose operands read array elements NVVM does not merge, docs/benchmarks-sass.md:
// those pair only where lower/emit.cpp can declare their divmod once before the first half's
// statement: no half conditional, nothing called and no array stored up to the last half.)
// Pairing never changes a result
// (each half is Python's value on its own); it only decides which of two equally correct
// spellings is emitted, so the proof needs only to be sure the two see the same values to pay
// off: the same operands, written alike, in one block, with nothing between them that assigns
// a variable or array they read, nor calls anything (a call may write an array).
#include <algorithm>
#include <cstdint>
#include <map>
#include <set>

#include "ir/divmod_pairs.h"

#include "ir/effects.h"

namespace py2cuda::ir {

namespace {

// A division's operands, spelled out when they are plain values: variables, constants,
// conversions, array elements and arithmetic of these. `vars` receives every variable read.
// "" where an operand is anything else.
std::string spelling(const Expr& e, std::set<const Variable*>& vars) {
  switch (e.kind) {
    case ExprKind::Var: {
      const auto* v = static_cast<const VarRef&>(e).var;
      vars.insert(v);
      return "v" + std::to_string(reinterpret_cast<uintptr_t>(v));
    }
    case ExprKind::Const: {
      const auto& k = static_cast<const Const&>(e);
      if (!k.type->is_number() || k.type->is_complex()) return "";
      return "k" + k.type->str() + ":" + std::to_string(k.bits) + ":" + std::to_string(k.f);
    }
    case ExprKind::Cast: {
      const auto& c = static_cast<const Cast&>(e);
      const std::string inner = spelling(*c.operand, vars);
      return inner.empty() ? "" : "c" + c.type->str() + "(" + inner + ")";
    }
    case ExprKind::Binary: {
      const auto& b = static_cast<const Binary&>(e);
      if (b.op != BinOp::Add && b.op != BinOp::Sub && b.op != BinOp::Mul) return "";
      const std::string l = spelling(*b.left, vars), r = spelling(*b.right, vars);
      return l.empty() || r.empty() ? "" : "b" + std::to_string(static_cast<int>(b.op)) + "(" + l + "," + r + ")";
    }
    case ExprKind::Index: {
      const auto& ix = static_cast<const Index&>(e);
      std::string s = spelling(*ix.array, vars);
      if (s.empty()) return "";
      s += "[";
      for (const auto& i : ix.indices) {
        const std::string one = spelling(*i, vars);
        if (one.empty()) return "";
        s += one + ",";
      }
      return s + "]";
    }
    default: return "";
  }
}

struct Candidate {
  const Binary* division;
  std::set<const Variable*> reads;
  const Stmt* statement;  // the statement whose expressions hold it
  bool conditional;       // evaluated only under a condition (a conditional expression's branch)
};

// A division found in a statement, and whether it is evaluated only under a condition.
struct Found {
  const Binary* division;
  bool conditional;
};

// The `//` and `%` of signed integers or floats inside one statement's expressions, in no
// particular order: those that take py2cuda::floordiv and py2cuda::mod.
void divisions(const Expr& e, std::vector<Found>& out, bool conditional = false) {
  switch (e.kind) {
    case ExprKind::Cast: divisions(*static_cast<const Cast&>(e).operand, out, conditional); break;
    case ExprKind::Binary: {
      const auto& b = static_cast<const Binary&>(e);
      divisions(*b.left, out, conditional);
      divisions(*b.right, out, conditional);
      // The general helpers only: a divisor proved non-negative takes cheaper ones (index_wrap.cpp),
      // as does a constant power of two of floats (lower/expressions.cpp, whatever is paired).
      const bool ints = b.type->is_int() && b.type->is_signed() && b.left->type->is_int() &&
                        b.right->type->is_int() && !b.divisor_nonneg;
      const bool floats = (b.type == types::float32() || b.type == types::float64()) &&
                          b.left->type == b.type && b.right->type == b.type;
      if ((b.op == BinOp::FloorDiv || b.op == BinOp::Mod) && (ints || floats)) out.push_back({&b, conditional});
      break;
    }
    case ExprKind::Unary: divisions(*static_cast<const Unary&>(e).operand, out, conditional); break;
    case ExprKind::Compare:
      divisions(*static_cast<const Compare&>(e).left, out, conditional);
      divisions(*static_cast<const Compare&>(e).right, out, conditional);
      break;
    case ExprKind::Select: {
      const auto& s = static_cast<const Select&>(e);
      divisions(*s.cond, out, conditional);
      divisions(*s.then_value, out, true), divisions(*s.else_value, out, true);
      break;
    }
    case ExprKind::Index: {
      const auto& ix = static_cast<const Index&>(e);
      for (const auto& i : ix.indices) divisions(*i, out, conditional);
      break;
    }
    case ExprKind::TupleMake:  // divmod(a, b) is the tuple (a // b, a % b)
      for (const auto& x : static_cast<const TupleMake&>(e).elements) divisions(*x, out, conditional);
      break;
    case ExprKind::Let:  // divmod's operands bound once, then the tuple
      divisions(*static_cast<const Let&>(e).init, out, conditional);
      divisions(*static_cast<const Let&>(e).body, out, conditional);
      break;
    default: break;  // calls, lambdas: not looked into (pairing is only an optimisation)
  }
}

// A divisor that is a constant (through conversions): of floats, a power of two takes its own
// helpers (lower/expressions.cpp), and any other NVVM folds into each fmod by itself.
bool constant_divisor(const Binary& b) {
  const Expr* e = b.right.get();
  while (e->kind == ExprKind::Cast) e = static_cast<const Cast&>(*e).operand.get();
  return e->kind == ExprKind::Const;
}

void pair_block(const Block& block, DivmodPairs& pairs);

// The variable an assignment writes: the variable, or the array whose element it stores.
const Variable* written(const Expr& target) {
  if (target.kind == ExprKind::Var) return static_cast<const VarRef&>(target).var;
  if (target.kind == ExprKind::Index) return written(*static_cast<const Index&>(target).array);
  return nullptr;
}

void pair_block(const Block& block, DivmodPairs& pairs) {
  // The divisions seen since the last statement that may have changed their operands, by
  // their operands' spelling.
  std::map<std::string, std::vector<Candidate>> open;
  // The statements that call nothing, and the operands (keys of `open`) an array store has
  // followed since their first division: where and which float divisions of array elements pair.
  std::set<const Stmt*> without_effects;
  std::set<std::string> stored_since;
  auto mark_pairs = [&]() {
    for (auto& [key, group] : open) {
      bool floor = false, mod = false;
      for (const Candidate& c : group) (c.division->op == BinOp::FloorDiv ? floor : mod) = true;
      if (!floor || !mod) continue;
      // Floats whose operands read array elements: two py2cuda::divmod calls of them NVVM
      // computes each with its own fmod loop, and a divmod's quotient alone costs more than
      // py2cuda::floordiv (measured: docs/benchmarks-sass.md). Paired only where the divmod can
      // be computed once before the first one's statement: none conditional, nothing called and
      // no array stored (which may be one of the operands' arrays) from there to the last one.
      const Candidate& first = group.front();
      if (first.division->type->is_float() && key.find('[') != std::string::npos) {
        const bool hoistable = !stored_since.count(key) && !constant_divisor(*first.division) &&
                               std::all_of(group.begin(), group.end(), [&](const Candidate& c) {
                                 return without_effects.count(c.statement) && !c.conditional;
                               });
        if (!hoistable) continue;  // those marked at an earlier statement's end keep their divmod
        auto& declared = pairs.before_statement[first.statement];
        auto same = std::find_if(declared.begin(), declared.end(),
                                 [&](const std::vector<const Binary*>& d) { return d.front() == first.division; });
        std::vector<const Binary*>& divisions = same != declared.end() ? *same : declared.emplace_back();
        divisions.clear();
        for (const Candidate& c : group) divisions.push_back(c.division);
      }
      for (const Candidate& c : group) pairs.paired.insert(c.division);
    }
  };
  auto forget = [&](const Variable* v) {
    for (auto it = open.begin(); it != open.end();) {
      const bool reads = !it->second.empty() && it->second.front().reads.count(v);
      if (reads) stored_since.erase(it->first);
      it = reads ? open.erase(it) : std::next(it);
    }
  };
  auto forget_all = [&]() {
    open.clear();
    stored_since.clear();
  };
  const EffectRules calls_count{.divisions_raise = false, .every_call = true};
  for (const auto& s : block) {
    const Expr* value = nullptr;
    const Assign* assign = nullptr;
    if (s->kind == StmtKind::Assign) {
      assign = static_cast<const Assign*>(s.get());
      value = assign->value.get();
    } else if (s->kind == StmtKind::Expr) {
      value = static_cast<const ExprStmt&>(*s).value.get();
    }
    if (!value) {
      // A compound statement: pair inside its blocks, and let nothing pair across it.
      mark_pairs();
      forget_all();
      switch (s->kind) {
        case StmtKind::If:
          pair_block(static_cast<const If&>(*s).then_body, pairs);
          pair_block(static_cast<const If&>(*s).else_body, pairs);
          break;
        case StmtKind::While: pair_block(static_cast<const While&>(*s).body, pairs); break;
        case StmtKind::ForRange: pair_block(static_cast<const ForRange&>(*s).body, pairs); break;
        case StmtKind::Try:
          static_cast<const Try&>(*s).for_each_block([&](const Block& b) { pair_block(b, pairs); });
          break;
        default: break;
      }
      continue;
    }
    std::vector<Found> found;
    divisions(*value, found);
    if (assign && assign->target->kind == ExprKind::Index) {
      for (const auto& i : static_cast<const Index&>(*assign->target).indices) divisions(*i, found);
    }
    for (const Found& f : found) {
      Candidate c{.division = f.division, .reads = {}, .statement = s.get(), .conditional = f.conditional};
      const std::string l = spelling(*f.division->left, c.reads), r = spelling(*f.division->right, c.reads);
      if (!l.empty() && !r.empty()) open[l + "/" + r].push_back(std::move(c));
    }
    const bool value_effects = has_effects(*value, calls_count);
    if (!value_effects && !(assign && has_effects(*assign->target, calls_count))) without_effects.insert(s.get());
    if (value_effects) {
      mark_pairs();
      forget_all();
    } else if (assign) {
      if (const Variable* v = written(*assign->target)) {
        mark_pairs();
        forget(v);
        if (assign->target->kind == ExprKind::Index) {
          for (const auto& [key, group] : open) stored_since.insert(key);
        }
      } else {
        mark_pairs();
        forget_all();
      }
    }
  }
  mark_pairs();
}

}  // namespace

DivmodPairs divmod_pairs(const Function& fn) {
  DivmodPairs pairs;
  pair_block(fn.body, pairs);
  return pairs;
}

}  // namespace py2cuda::ir
