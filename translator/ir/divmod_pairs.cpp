// Which `a // b` and `a % b` of signed integers or floats share one division.
//
// Python's `//` and `%` of signed integers each take a C++ division and a correction, and of
// floats each an fmod and corrections (py2cuda::floordiv, py2cuda::mod in pysem.h); `%` alone
// computes only the remainder, which is cheaper than both. A kernel that computes both of the
// same operands (`q[i] = a[i] // b[i]; r[i] = a[i] % b[i]`) does better with one division or
// fmod: both are then printed as py2cuda::divmod(a, b).quotient and .remainder
// (lower/expressions.cpp), the same inline call (pysem.h), which NVVM computes once. (Of floats
// only where the operands are variables and constants: two divmods of array elements NVVM does
// not merge, docs/benchmarks-sass.md.) Pairing never changes a result
// (each half is Python's value on its own); it only decides which of two equally correct
// spellings is emitted, so the proof needs only to be sure the two see the same values to pay
// off: the same operands, written alike, in one block, with nothing between them that assigns
// a variable or array they read, nor calls anything (a call may write an array).
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
};

// The `//` and `%` of signed integers or floats inside one statement's expressions, in no
// particular order: those that take py2cuda::floordiv and py2cuda::mod.
void divisions(const Expr& e, std::vector<const Binary*>& out) {
  switch (e.kind) {
    case ExprKind::Cast: divisions(*static_cast<const Cast&>(e).operand, out); break;
    case ExprKind::Binary: {
      const auto& b = static_cast<const Binary&>(e);
      divisions(*b.left, out);
      divisions(*b.right, out);
      // The general helpers only: a divisor proved positive takes cheaper ones (index_wrap.cpp),
      // as does a constant power of two of floats (lower/expressions.cpp, whatever is paired).
      const bool ints = b.type->is_int() && b.type->is_signed() && b.left->type->is_int() &&
                        b.right->type->is_int() && !b.divisor_positive;
      const bool floats = (b.type == types::float32() || b.type == types::float64()) &&
                          b.left->type == b.type && b.right->type == b.type;
      if ((b.op == BinOp::FloorDiv || b.op == BinOp::Mod) && (ints || floats)) out.push_back(&b);
      break;
    }
    case ExprKind::Unary: divisions(*static_cast<const Unary&>(e).operand, out); break;
    case ExprKind::Compare:
      divisions(*static_cast<const Compare&>(e).left, out);
      divisions(*static_cast<const Compare&>(e).right, out);
      break;
    case ExprKind::Select: {
      const auto& s = static_cast<const Select&>(e);
      divisions(*s.cond, out), divisions(*s.then_value, out), divisions(*s.else_value, out);
      break;
    }
    case ExprKind::Index: {
      const auto& ix = static_cast<const Index&>(e);
      for (const auto& i : ix.indices) divisions(*i, out);
      break;
    }
    default: break;  // calls, lambdas, tuples: not looked into (pairing is only an optimisation)
  }
}

void pair_block(const Block& block, std::set<const Binary*>& paired);

// The variable an assignment writes: the variable, or the array whose element it stores.
const Variable* written(const Expr& target) {
  if (target.kind == ExprKind::Var) return static_cast<const VarRef&>(target).var;
  if (target.kind == ExprKind::Index) return written(*static_cast<const Index&>(target).array);
  return nullptr;
}

void pair_block(const Block& block, std::set<const Binary*>& paired) {
  // The divisions seen since the last statement that may have changed their operands, by
  // their operands' spelling.
  std::map<std::string, std::vector<Candidate>> open;
  auto mark_pairs = [&]() {
    for (auto& [key, group] : open) {
      bool floor = false, mod = false;
      for (const Candidate& c : group) (c.division->op == BinOp::FloorDiv ? floor : mod) = true;
      if (floor && mod) {
        for (const Candidate& c : group) paired.insert(c.division);
      }
    }
  };
  auto forget = [&](const Variable* v) {
    for (auto it = open.begin(); it != open.end();) {
      const bool reads = !it->second.empty() && it->second.front().reads.count(v);
      it = reads ? open.erase(it) : std::next(it);
    }
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
      open.clear();
      switch (s->kind) {
        case StmtKind::If:
          pair_block(static_cast<const If&>(*s).then_body, paired);
          pair_block(static_cast<const If&>(*s).else_body, paired);
          break;
        case StmtKind::While: pair_block(static_cast<const While&>(*s).body, paired); break;
        case StmtKind::ForRange: pair_block(static_cast<const ForRange&>(*s).body, paired); break;
        case StmtKind::Try:
          static_cast<const Try&>(*s).for_each_block([&](const Block& b) { pair_block(b, paired); });
          break;
        default: break;
      }
      continue;
    }
    std::vector<const Binary*> found;
    divisions(*value, found);
    if (assign && assign->target->kind == ExprKind::Index) {
      for (const auto& i : static_cast<const Index&>(*assign->target).indices) divisions(*i, found);
    }
    for (const Binary* b : found) {
      Candidate c{.division = b, .reads = {}};
      const std::string l = spelling(*b->left, c.reads), r = spelling(*b->right, c.reads);
      // Floats whose operands read array elements stay apart: NVVM then computes each half's
      // fmod loop on its own anyway, and py2cuda::divmod's quotient alone costs more than
      // py2cuda::floordiv (measured: docs/benchmarks-sass.md).
      const bool elements = b->type->is_float() && (l + r).find('[') != std::string::npos;
      if (!l.empty() && !r.empty() && !elements) open[l + "/" + r].push_back(std::move(c));
    }
    if (has_effects(*value, calls_count)) {
      mark_pairs();
      open.clear();
    } else if (assign) {
      if (const Variable* v = written(*assign->target)) {
        mark_pairs();
        forget(v);
      } else {
        mark_pairs();
        open.clear();
      }
    }
  }
  mark_pairs();
}

}  // namespace

std::set<const Binary*> divmod_pairs(const Function& fn) {
  std::set<const Binary*> paired;
  pair_block(fn.body, paired);
  return paired;
}

}  // namespace py2cuda::ir
