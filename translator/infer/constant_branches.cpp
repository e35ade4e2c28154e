#include "infer/constant_branches.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <set>
#include <string>

#include "infer/ast_queries.h"
#include "types/numpy_rules.h"

namespace py2cuda::infer {

namespace {

// A Python value a test can be decided from: what Numba's find_const returns for an ir.Const,
// an ir.Global or an ir.FreeVar.
struct StaticValue {
  // Object: host code's parameter whose type cannot be None; only `is None` reads it.
  // Dtype: host code's NumPy dtype (an array parameter's `.dtype`, `np.float32`, `float`),
  // named in `s` by NumPy's canonical name; only == and != of two of them are decided.
  enum class Kind { None, Bool, Int, Float, Str, Object, Dtype } kind = Kind::None;
  int64_t i = 0;  // Bool and Int
  double f = 0;
  std::string s;
  // A NumPy scalar (a module constant `np.int32(3)`): it compares as its value, but its
  // arithmetic wraps and promotes as NumPy's does, which is left to run time.
  bool numpy_scalar = false;

  bool is_number() const { return kind == Kind::Bool || kind == Kind::Int || kind == Kind::Float; }
  bool truth() const {
    switch (kind) {
      case Kind::None: return false;
      case Kind::Bool:
      case Kind::Int: return i != 0;
      case Kind::Float: return f != 0;  // NaN is true, as in Python
      case Kind::Str: return !s.empty();
      case Kind::Object:
      case Kind::Dtype: return true;  // never asked: no test reads the truth of these
    }
    return false;
  }
};
using Value = std::optional<StaticValue>;

StaticValue integer(int64_t v, StaticValue::Kind k = StaticValue::Kind::Int) {
  StaticValue x;
  x.kind = k;
  x.i = v;
  return x;
}

StaticValue floating(double v) {
  StaticValue x;
  x.kind = StaticValue::Kind::Float;
  x.f = v;
  return x;
}

// An integer as a double when the conversion is exact, as Python's int/float comparison is.
std::optional<double> exact_double(const StaticValue& v) {
  if (v.kind == StaticValue::Kind::Float) return v.f;
  constexpr int64_t kExact = int64_t{1} << 53;
  if (v.i > kExact || v.i < -kExact) return std::nullopt;
  return static_cast<double>(v.i);
}

std::optional<bool> compare(CmpOp op, const StaticValue& a, const StaticValue& b) {
  using K = StaticValue::Kind;
  if (op == CmpOp::Is || op == CmpOp::IsNot) {
    // Identity is known only against None; `3 is 3` depends on CPython's small-int cache.
    if (a.kind != K::None && b.kind != K::None) return std::nullopt;
    const bool same = a.kind == b.kind;
    return op == CmpOp::Is ? same : !same;
  }
  if (op == CmpOp::In || op == CmpOp::NotIn) return std::nullopt;  // Numba's pruning leaves `in` alone
  const bool equality = op == CmpOp::Eq || op == CmpOp::NotEq;
  if (a.kind == K::Dtype || b.kind == K::Dtype) {
    // `a.dtype != np.float32`; against a string only its canonical name is decided
    // (np.dtype("float32") == "f4" too).
    if (!equality || a.kind != b.kind) return std::nullopt;
    return (a.s == b.s) == (op == CmpOp::Eq);
  }
  int order = 0;  // -1, 0, 1; or unordered (NaN)
  bool unordered = false;
  if (a.kind == K::None || b.kind == K::None || (a.kind == K::Str) != (b.kind == K::Str)) {
    // Mixed kinds are never equal, and have no order (Python raises TypeError, and the pruning
    // pass leaves the branch to run time).
    if (!equality) return std::nullopt;
    const bool eq = a.kind == K::None && b.kind == K::None;
    return op == CmpOp::Eq ? eq : !eq;
  }
  if (a.kind == K::Str) {
    const int c = a.s.compare(b.s);  // UTF-8 byte order is code point order
    order = c < 0 ? -1 : c > 0 ? 1 : 0;
  } else if (a.kind != K::Float && b.kind != K::Float) {
    order = a.i < b.i ? -1 : a.i > b.i ? 1 : 0;
  } else {
    const auto x = exact_double(a), y = exact_double(b);
    if (!x || !y) return std::nullopt;
    if (std::isnan(*x) || std::isnan(*y)) {
      unordered = true;
    } else {
      order = *x < *y ? -1 : *x > *y ? 1 : 0;
    }
  }
  if (unordered) return op == CmpOp::NotEq;
  switch (op) {
    case CmpOp::Lt: return order < 0;
    case CmpOp::LtE: return order <= 0;
    case CmpOp::Gt: return order > 0;
    case CmpOp::GtE: return order >= 0;
    case CmpOp::Eq: return order == 0;
    case CmpOp::NotEq: return order != 0;
    default: return std::nullopt;
  }
}

// Python's floor division and modulo of integers (the divisor's sign).
std::optional<int64_t> floor_div(int64_t x, int64_t y) {
  if (y == 0 || (x == std::numeric_limits<int64_t>::min() && y == -1)) return std::nullopt;
  int64_t q = x / y;
  if ((x % y != 0) && ((x < 0) != (y < 0))) --q;
  return q;
}

Value arithmetic(BinOp op, const StaticValue& a, const StaticValue& b) {
  using K = StaticValue::Kind;
  if (a.numpy_scalar || b.numpy_scalar) return std::nullopt;
  if (a.kind == K::Str && b.kind == K::Str && op == BinOp::Add) {
    StaticValue s;
    s.kind = K::Str;
    s.s = a.s + b.s;
    return s;
  }
  if (!a.is_number() || !b.is_number()) return std::nullopt;
  if (a.kind != K::Float && b.kind != K::Float) {
    const int64_t x = a.i, y = b.i;
    int64_t r = 0;
    switch (op) {
      case BinOp::Add:
        if (__builtin_add_overflow(x, y, &r)) return std::nullopt;
        return integer(r);
      case BinOp::Sub:
        if (__builtin_sub_overflow(x, y, &r)) return std::nullopt;
        return integer(r);
      case BinOp::Mul:
        if (__builtin_mul_overflow(x, y, &r)) return std::nullopt;
        return integer(r);
      case BinOp::FloorDiv: {
        const auto q = floor_div(x, y);
        if (!q) return std::nullopt;
        return integer(*q);
      }
      case BinOp::Mod: {
        const auto q = floor_div(x, y);
        if (!q) return std::nullopt;
        return integer(x - *q * y);
      }
      case BinOp::TrueDiv: {
        const auto fx = exact_double(a), fy = exact_double(b);
        if (!fx || !fy || *fy == 0) return std::nullopt;
        return floating(*fx / *fy);
      }
      case BinOp::Pow: {
        if (y < 0) return std::nullopt;  // a float in Python; left to run time
        int64_t p = 1;
        for (int64_t k = 0; k < y; ++k) {
          if (__builtin_mul_overflow(p, x, &p)) return std::nullopt;
          if (p == 0 || p == 1) break;
        }
        if (p == -1) p = (y % 2 == 0) ? 1 : -1;
        return integer(p);
      }
      case BinOp::LShift:
        if (y < 0 || y >= 63 || (x != 0 && (x > (std::numeric_limits<int64_t>::max() >> y) ||
                                             x < (std::numeric_limits<int64_t>::min() >> y)))) {
          return std::nullopt;
        }
        return integer(static_cast<int64_t>(static_cast<uint64_t>(x) << y));
      case BinOp::RShift:
        if (y < 0) return std::nullopt;
        return integer(y >= 64 ? (x < 0 ? -1 : 0) : (x >> y));
      case BinOp::BitAnd: return integer(x & y, a.kind == K::Bool && b.kind == K::Bool ? K::Bool : K::Int);
      case BinOp::BitOr: return integer(x | y, a.kind == K::Bool && b.kind == K::Bool ? K::Bool : K::Int);
      case BinOp::BitXor: return integer(x ^ y, a.kind == K::Bool && b.kind == K::Bool ? K::Bool : K::Int);
      default: return std::nullopt;
    }
  }
  const auto x = exact_double(a), y = exact_double(b);
  if (!x || !y) return std::nullopt;
  switch (op) {
    case BinOp::Add: return floating(*x + *y);
    case BinOp::Sub: return floating(*x - *y);
    case BinOp::Mul: return floating(*x * *y);
    case BinOp::TrueDiv:
      if (*y == 0) return std::nullopt;  // ZeroDivisionError: left to run time
      return floating(*x / *y);
    default: return std::nullopt;
  }
}

Value unary(UnaryOp op, const StaticValue& v) {
  using K = StaticValue::Kind;
  if (op == UnaryOp::Not) return integer(v.truth() ? 0 : 1, K::Bool);
  if (v.numpy_scalar) return std::nullopt;
  if (v.kind == K::Float) {
    if (op == UnaryOp::Neg) return floating(-v.f);
    if (op == UnaryOp::Pos) return v;
    return std::nullopt;
  }
  if (v.kind != K::Int && v.kind != K::Bool) return std::nullopt;
  if (v.i == std::numeric_limits<int64_t>::min()) return std::nullopt;
  switch (op) {
    case UnaryOp::Neg: return integer(-v.i);
    case UnaryOp::Pos: return integer(v.i);
    case UnaryOp::Invert: return integer(~v.i);
    default: return std::nullopt;
  }
}

// A str literal (not bytes, not an f-string).
Value string_value(const ast::StrLit& literal) {
  if (literal.is_bytes || literal.is_fstring) return std::nullopt;
  StaticValue v;
  v.kind = StaticValue::Kind::Str;
  v.s = literal.value;
  return v;
}

// A module constant's value as the Python object Numba reads from the global.
Value global_value(sema::ModuleInfo& info, sema::Symbol& symbol) {
  if (symbol.kind != sema::Symbol::Kind::Constant || !symbol.value_expr) return std::nullopt;
  const ast::Expr& e = *symbol.value_expr;
  if (e.kind == ast::ExprKind::NoneLit) return StaticValue{};
  if (e.kind == ast::ExprKind::StrLit) return string_value(ast::as<ast::StrLit>(e));
  Diagnostics ignored(*info.file);
  const sema::ConstValue* c = sema::constant_value(info, symbol, ignored);
  if (!c || !c->type) return std::nullopt;
  StaticValue v;
  v.numpy_scalar = !c->weak;
  if (c->type->is_bool()) {
    v.kind = StaticValue::Kind::Bool;
    v.i = c->b ? 1 : 0;
  } else if (c->type->is_int()) {
    if (!c->type->is_signed() && c->bits > static_cast<uint64_t>(std::numeric_limits<int64_t>::max()))
      return std::nullopt;
    v.kind = StaticValue::Kind::Int;
    v.i = static_cast<int64_t>(c->bits);
  } else if (c->type->is_float()) {
    // A float32 scalar compares with a Python float in float32 under NumPy 1.x: left to run time.
    if (!c->weak && c->type->bits() < 64) return std::nullopt;
    v.kind = StaticValue::Kind::Float;
    v.f = c->f;
  } else {
    return std::nullopt;
  }
  return v;
}

class Decider {
 public:
  Decider(sema::ModuleInfo& info, const std::vector<Parameter>& params, bool numba_compiled)
      : info_(info), numba_(numba_compiled) {
    for (const Parameter& p : params) {
      params_.insert(p.name);
      if (p.type) param_types_[p.name] = p.type;
    }
  }

  DecidedBranches run(const std::vector<const ast::Stmt*>& body) {
    collect_bound_names(body, locals_);
    locals_.insert(params_.begin(), params_.end());
    for (const std::string& p : params_) ++bindings_[p];
    for (const ast::Stmt* s : body) count_bindings(*s);
    State state;
    // prune_by_type: a parameter whose argument is None (or an omitted default None) is the
    // constant None at every test its value reaches.
    for (const auto& [name, type] : param_types_) {
      if (type->is_none()) {
        state[name] = StaticValue{};
      } else if (!numba_ && !type->is_optional() && !type->is_dynamic()) {
        state[name].kind = StaticValue::Kind::Object;
      }
    }
    walk(body, state);
    if (numba_) find_dead_bindings(body);
    return std::move(decided_);
  }

 private:
  // What the pass after SSA knows of each local at a point of the body: the value of its one
  // reaching definition, when that is a constant. Names absent are unknown.
  using State = std::map<std::string, StaticValue>;

  // ------------------------------------------------------------------ bindings (before SSA)

  void bind_target(const ast::Expr& t, const ast::Expr* value) {
    if (t.kind == ast::ExprKind::Name) {
      const std::string& id = ast::as<ast::Name>(t).id;
      ++bindings_[id];
      if (value) single_value_[id] = value;
      return;
    }
    if (t.kind == ast::ExprKind::Tuple)
      for (const auto& e : ast::as<ast::TupleExpr>(t).elts) bind_target(*e, nullptr);
    if (t.kind == ast::ExprKind::List)
      for (const auto& e : ast::as<ast::ListExpr>(t).elts) bind_target(*e, nullptr);
    if (t.kind == ast::ExprKind::Starred) bind_target(*ast::as<ast::Starred>(t).value, nullptr);
  }

  // Every binding of a name counts, wherever it is: before SSA, Numba's get_definition finds
  // a value only for a name defined once in the whole function.
  void count_bindings(const ast::Stmt& s) {
    switch (s.kind) {
      case ast::StmtKind::Assign: {
        const auto& a = ast::as<ast::Assign>(s);
        for (const auto& t : a.targets) bind_target(*t, a.value.get());
        if (a.targets.size() == 1 && a.targets[0]->kind == ast::ExprKind::Name)
          binding_stmt_[ast::as<ast::Name>(*a.targets[0]).id] = &s;
        break;
      }
      case ast::StmtKind::AugAssign: bind_target(*ast::as<ast::AugAssign>(s).target, nullptr); break;
      case ast::StmtKind::AnnAssign: {
        const auto& a = ast::as<ast::AnnAssign>(s);
        if (a.value) bind_target(*a.target, a.value.get());
        break;
      }
      case ast::StmtKind::For: {
        const auto& f = ast::as<ast::For>(s);
        bind_target(*f.target, nullptr);
        for (const auto& b : f.body) count_bindings(*b);
        for (const auto& b : f.orelse) count_bindings(*b);
        break;
      }
      case ast::StmtKind::While:
        for (const auto& b : ast::as<ast::While>(s).body) count_bindings(*b);
        for (const auto& b : ast::as<ast::While>(s).orelse) count_bindings(*b);
        break;
      case ast::StmtKind::If:
        for (const auto& b : ast::as<ast::If>(s).body) count_bindings(*b);
        for (const auto& b : ast::as<ast::If>(s).orelse) count_bindings(*b);
        break;
      case ast::StmtKind::With:
      case ast::StmtKind::Try:
      case ast::StmtKind::FunctionDef:
      case ast::StmtKind::Import:
      case ast::StmtKind::ImportFrom:
      case ast::StmtKind::Delete:
      case ast::StmtKind::Unsupported: {
        // Bindings, none of them to a constant (with-as, except-as, def, import, del).
        std::set<std::string> names;
        collect_bound_names(std::vector<const ast::Stmt*>{&s}, names);
        if (s.kind == ast::StmtKind::FunctionDef) names.insert(ast::as<ast::FunctionDef>(s).name);
        for (const std::string& n : names) bindings_[n] += 2;
        break;
      }
      default: break;
    }
  }

  // ------------------------------------------------------------------ dead bindings

  // The reads of each name that survive pruning: not in a decided test (its value is never
  // computed), not in a dead arm.
  struct LiveReads : SubtreeWalker {
    explicit LiveReads(const DecidedBranches& d) : decided(d) {}
    const DecidedBranches& decided;
    std::map<std::string, int> count;
    void visit(const ast::Expr& e) override {
      if (e.kind == ast::ExprKind::Name) ++count[ast::as<ast::Name>(e).id];
    }
    bool enter(const ast::Expr& e) override {
      if (decided.live_body.count(&e)) return false;
      if (e.kind == ast::ExprKind::IfExp) {
        const auto& i = ast::as<ast::IfExp>(e);
        if (const auto live = decided.outcome(*i.test)) {
          expr(*live ? i.body.get() : i.orelse.get());
          return false;
        }
      }
      return true;
    }
    bool enter(const ast::Stmt& s) override {
      if (s.kind != ast::StmtKind::If) return true;
      const auto& i = ast::as<ast::If>(s);
      const auto live = decided.outcome(*i.test);
      if (!live) return true;
      block(*live ? i.body : i.orelse);
      return false;
    }
  };

  void find_dead_bindings(const std::vector<const ast::Stmt*>& body) {
    LiveReads reads(decided_);
    for (const ast::Stmt* s : body) reads.stmt(*s);
    for (const auto& [id, stmt] : binding_stmt_) {
      if (params_.count(id) || reads.count[id] != 1) continue;  // the one count is the target's
      const Value v = bound_once(id);
      if (v && (v->kind == StaticValue::Kind::Str || v->kind == StaticValue::Kind::None))
        decided_.dead_bindings.insert(stmt);
    }
  }

  // ------------------------------------------------------------------ values

  // Literals and operators on literals only: CPython's compiler folds them into one constant.
  Value folded(const ast::Expr& e) const {
    switch (e.kind) {
      case ast::ExprKind::IntLit: {
        const auto& lit = ast::as<ast::IntLit>(e);
        if (lit.overflow || lit.value > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) return std::nullopt;
        return integer(static_cast<int64_t>(lit.value));
      }
      case ast::ExprKind::FloatLit: {
        const auto& lit = ast::as<ast::FloatLit>(e);
        if (lit.imaginary) return std::nullopt;
        return floating(lit.value);
      }
      case ast::ExprKind::BoolLit: return integer(ast::as<ast::BoolLit>(e).value ? 1 : 0, StaticValue::Kind::Bool);
      case ast::ExprKind::NoneLit: return StaticValue{};
      case ast::ExprKind::StrLit: return string_value(ast::as<ast::StrLit>(e));
      case ast::ExprKind::Unary: {
        const auto& u = ast::as<ast::Unary>(e);
        const Value v = folded(*u.operand);
        return v ? unary(u.op, *v) : std::nullopt;
      }
      case ast::ExprKind::Binary: {
        const auto& b = ast::as<ast::Binary>(e);
        const Value x = folded(*b.left), y = folded(*b.right);
        return x && y ? arithmetic(b.op, *x, *y) : std::nullopt;
      }
      default: return std::nullopt;
    }
  }

  // The constant an operand of a test resolves to. `state` null: the pass before SSA (a local
  // must be bound once in the whole function); otherwise the pass after it, which also sees
  // through a conditional expression whose test the first pass decided.
  Value value(const ast::Expr& e, const State* state) {
    if (Value v = folded(e)) return v;
    if (!numba_) return e.kind == ast::ExprKind::Name ? host_flag(ast::as<ast::Name>(e).id) : host_semantic_constant(e, state);
    if (e.kind == ast::ExprKind::Name) {
      const std::string& id = ast::as<ast::Name>(e).id;
      if (!locals_.count(id)) {
        auto it = info_.globals.find(id);
        if (it == info_.globals.end()) return std::nullopt;
        return global_value(info_, it->second);
      }
      if (state) {
        auto it = state->find(id);
        if (it != state->end()) return it->second;
      }
      return bound_once(id);
    }
    if (Value v = semantic_constant(e)) return v;
    if (e.kind == ast::ExprKind::IfExp && state) {
      const auto& i = ast::as<ast::IfExp>(e);
      if (const auto live = decide(*i.test, nullptr)) return value(*live ? *i.body : *i.orelse, state);
    }
    return std::nullopt;
  }

  // A parameter never rebound whose argument is None.
  Value parameter_none(const std::string& id) {
    auto it = param_types_.find(id);
    if (it == param_types_.end() || !it->second->is_none() || bindings_[id] != 1) return std::nullopt;
    return StaticValue{};
  }

  // Host code: CPython tests `p is None` at run time, but py2cuda compiles a host function once
  // per argument types, and in each instance a parameter never rebound is None, or can never
  // be, by its type alone (`def f(a, out=None): if out is None: out = np.empty_like(a)`).
  // The state holds each such parameter until it is rebound.
  std::optional<bool> host_parameter_is_none(const ast::Expr& x, const ast::Expr& y, const State* state) {
    const ast::Expr& p = x.kind == ast::ExprKind::NoneLit ? y : x;
    if (&p == &y ? x.kind != ast::ExprKind::NoneLit : y.kind != ast::ExprKind::NoneLit) return std::nullopt;
    if (p.kind != ast::ExprKind::Name || !state) return std::nullopt;
    auto it = state->find(ast::as<ast::Name>(p).id);
    if (it == state->end() || !param_types_.count(it->first)) return std::nullopt;
    if (it->second.kind == StaticValue::Kind::None) return true;
    if (it->second.kind == StaticValue::Kind::Object) return false;
    return std::nullopt;
  }

  // Host code: what each instance of the function knows from its parameters' types:
  // `len(args)` of a tuple parameter never rebound (a `*args`), and `a.ndim`, `a.dtype` and
  // `a.dtype.kind` of an array parameter not rebound yet; NumPy's scalar classes (`np.float32`)
  // as the dtypes they compare equal to. Tests of them are decided, so `args[0]` under `if args:`
  // is typed only where there is one, and a 1-D instance of a function that raises unless
  // `m.ndim == 2` does not type what follows (CPython never runs it).
  Value host_semantic_constant(const ast::Expr& e, const State* state) {
    if (Value v = semantic_constant(e)) return v;
    TypeRef dtype = nullptr;
    const std::string attr = e.kind == ast::ExprKind::Attribute ? ast::as<ast::Attribute>(e).attr : "";
    const bool dtype_kind = attr == "kind" && ast::as<ast::Attribute>(e).value->kind == ast::ExprKind::Attribute &&
                            ast::as<ast::Attribute>(*ast::as<ast::Attribute>(e).value).attr == "dtype";
    if (attr == "dtype" || attr == "ndim" || dtype_kind) {
      // `a.dtype`, `a.dtype.kind` and `a.ndim` of an array parameter not rebound yet (the state
      // holds it until then: `if a.dtype != np.float32: a = a.astype(np.float32)`): each
      // instance's own.
      const ast::Expr& owner =
          dtype_kind ? *ast::as<ast::Attribute>(*ast::as<ast::Attribute>(e).value).value : *ast::as<ast::Attribute>(e).value;
      if (owner.kind != ast::ExprKind::Name || !state) return std::nullopt;
      const std::string& id = ast::as<ast::Name>(owner).id;
      auto held = state->find(id);
      auto it = param_types_.find(id);
      if (held == state->end() || held->second.kind != StaticValue::Kind::Object || it == param_types_.end() ||
          !it->second->is_array()) {
        return std::nullopt;
      }
      if (attr == "ndim") return integer(it->second->ndim());
      dtype = it->second->dtype();
      if (dtype_kind) {
        StaticValue k;
        k.kind = StaticValue::Kind::Str;
        k.s = numpy_rules::dtype_kind(dtype);
        return k;
      }
    } else if (e.kind == ast::ExprKind::Attribute) {
      // np.float32, numpy.int64: NumPy's scalar classes, which compare equal to their dtypes.
      const std::string path = sema::resolve_path(info_, e);
      if (path.starts_with("numpy.")) dtype = types::scalar_by_name(path.substr(6));
    }
    if (!dtype) return std::nullopt;
    StaticValue v;
    v.kind = StaticValue::Kind::Dtype;
    v.s = dtype->str();
    return v;
  }

  // Host code: a module flag bound once to True, False or None and never declared `global` by
  // a function (`HAVE_PLT = False` after a failed optional import, `DEBUG = False`) holds that
  // value wherever it is read, so CPython never runs the other arm of its test: py2cuda does
  // not type it (it may name what the failed import did not bind).
  Value host_flag(const std::string& id) {
    if (params_.count(id)) return std::nullopt;
    if (locals_.count(id)) {
      // A local bound once, to True, False or None (`plot = False`, later `if plot: import
      // matplotlib ...`): every run of the function takes the same arm.
      auto count = bindings_.find(id);
      auto rhs = single_value_.find(id);
      if (count == bindings_.end() || count->second != 1 || rhs == single_value_.end()) return std::nullopt;
      const ast::Expr& v = *rhs->second;
      if (v.kind != ast::ExprKind::BoolLit && v.kind != ast::ExprKind::NoneLit) return std::nullopt;
      return folded(v);
    }
    auto it = info_.globals.find(id);
    if (it == info_.globals.end() || it->second.kind != sema::Symbol::Kind::Constant || !it->second.value_expr) {
      return std::nullopt;
    }
    const ast::Expr& v = *it->second.value_expr;
    if (v.kind != ast::ExprKind::BoolLit && v.kind != ast::ExprKind::NoneLit) return std::nullopt;
    if (!declared_global_) {
      declared_global_.emplace();
      for (const auto& f : info_.functions) {
        if (f->def) collect_global_names(f->def->body, *declared_global_);
      }
    }
    if (declared_global_->count(id)) return std::nullopt;
    return folded(v);
  }

  // The truth of a tuple parameter never rebound, in host code: whether it has items.
  std::optional<bool> host_tuple_truth(const ast::Expr& e) {
    if (numba_ || e.kind != ast::ExprKind::Name) return std::nullopt;
    const std::string& id = ast::as<ast::Name>(e).id;
    auto it = param_types_.find(id);
    if (it == param_types_.end() || bindings_[id] != 1 || !it->second->is_tuple() || it->second->is_list_display()) {
      return std::nullopt;
    }
    return !it->second->elements().empty();
  }

  // rewrite_semantic_constants: `a.ndim` of an array parameter and `len(t)` of a tuple
  // parameter are literals before the first pruning (the parameter never rebound).
  Value semantic_constant(const ast::Expr& e) {
    auto parameter_type = [&](const ast::Expr& x) -> TypeRef {
      if (x.kind != ast::ExprKind::Name) return nullptr;
      const std::string& id = ast::as<ast::Name>(x).id;
      auto it = param_types_.find(id);
      if (it == param_types_.end() || bindings_[id] != 1) return nullptr;
      return it->second;
    };
    if (e.kind == ast::ExprKind::Attribute && ast::as<ast::Attribute>(e).attr == "ndim") {
      TypeRef t = parameter_type(*ast::as<ast::Attribute>(e).value);
      if (t && t->is_array()) return integer(t->ndim());
    }
    if (e.kind == ast::ExprKind::Call) {
      const auto& c = ast::as<ast::Call>(e);
      if (c.func->kind == ast::ExprKind::Name && ast::as<ast::Name>(*c.func).id == "len" && !locals_.count("len") &&
          !info_.globals.count("len") && c.args.size() == 1 && c.keywords.empty()) {
        TypeRef t = parameter_type(*c.args[0]);
        if (t && t->is_tuple() && !t->is_list_display()) return integer(static_cast<int64_t>(t->elements().size()));
      }
    }
    return std::nullopt;
  }

  // A local bound once in the function, to a constant: `k = 3`, `n = N` (get_definition
  // follows the chain of names).
  Value bound_once(const std::string& id) {
    if (Value v = parameter_none(id)) return v;
    auto count = bindings_.find(id);
    auto rhs = single_value_.find(id);
    if (count == bindings_.end() || count->second != 1 || rhs == single_value_.end()) return std::nullopt;
    if (!resolving_.insert(id).second) return std::nullopt;  // `a = b` and `b = a`
    Value v = value(*rhs->second, nullptr);
    resolving_.erase(id);
    return v;
  }

  // ------------------------------------------------------------------ tests

  // Whether a test holds, as a jump: `not`, `and`, `or` and comparison chains are branches of
  // their own in the bytecode, each pruned separately.
  std::optional<bool> decide(const ast::Expr& test, const State* state) {
    switch (test.kind) {
      case ast::ExprKind::Unary: {
        const auto& u = ast::as<ast::Unary>(test);
        if (u.op == UnaryOp::Not) {
          const auto v = decide(*u.operand, state);
          return v ? std::optional<bool>(!*v) : std::nullopt;
        }
        break;
      }
      case ast::ExprKind::BoolOp: {
        // The body needs every operand of `and` to hold; one false operand makes it dead
        // wherever it is. Dually for `or`.
        const auto& b = ast::as<ast::BoolOpExpr>(test);
        bool all_decided = true;
        for (const auto& v : b.values) {
          const auto d = decide(*v, state);
          if (d && *d != b.is_and) return !b.is_and;
          if (!d) all_decided = false;
        }
        if (all_decided) return b.is_and;
        return std::nullopt;
      }
      case ast::ExprKind::Compare: {
        const auto& c = ast::as<ast::Compare>(test);
        bool all_true = true;
        for (size_t k = 0; k < c.ops.size(); ++k) {
          const ast::Expr& left = k == 0 ? *c.left : *c.comparators[k - 1];
          const Value x = value(left, state), y = value(*c.comparators[k], state);
          std::optional<bool> d;
          if (x && y) d = compare(c.ops[k], *x, *y);
          if (!d && !numba_ && (c.ops[k] == CmpOp::Is || c.ops[k] == CmpOp::IsNot)) {
            d = host_parameter_is_none(left, *c.comparators[k], state);
            if (d && c.ops[k] == CmpOp::IsNot) d = !*d;
          }
          if (d && !*d) return false;
          if (!d) all_true = false;
        }
        if (all_true) return true;
        return std::nullopt;
      }
      case ast::ExprKind::IfExp: {
        const auto& i = ast::as<ast::IfExp>(test);
        if (const auto live = decide(*i.test, state)) return decide(*live ? *i.body : *i.orelse, state);
        return std::nullopt;
      }
      case ast::ExprKind::Binary: {
        // prune_by_value: the operator applied to two constants (`if N - 10:`).
        if (Value v = folded(test)) return v->truth();
        if (!numba_) return std::nullopt;
        const auto& b = ast::as<ast::Binary>(test);
        const Value x = value(*b.left, state), y = value(*b.right, state);
        if (!x || !y) return std::nullopt;
        const Value r = arithmetic(b.op, *x, *y);
        return r ? std::optional<bool>(r->truth()) : std::nullopt;
      }
      default: break;
    }
    if (const auto has_items = host_tuple_truth(test)) return has_items;
    const Value v = value(test, state);
    return v ? std::optional<bool>(v->truth()) : std::nullopt;
  }

  // Whether evaluating a test can call a function: `f(x) and N > 5` is decided, but f(x) still
  // runs, which a translation of the live arm alone would drop. Such tests are left to run
  // time. The dead arm of a decided conditional expression is never evaluated.
  bool may_call(const ast::Expr& e, const State* state) {
    if (semantic_constant(e)) return false;  // `len(t)` is a literal by then
    auto any = [&](const auto& exprs) {
      for (const auto& x : exprs)
        if (x && may_call(*x, state)) return true;
      return false;
    };
    switch (e.kind) {
      case ast::ExprKind::Name:
      case ast::ExprKind::IntLit:
      case ast::ExprKind::FloatLit:
      case ast::ExprKind::BoolLit:
      case ast::ExprKind::NoneLit:
      case ast::ExprKind::StrLit: return false;
      case ast::ExprKind::Attribute: return may_call(*ast::as<ast::Attribute>(e).value, state);
      case ast::ExprKind::Subscript: {
        const auto& x = ast::as<ast::Subscript>(e);
        return may_call(*x.value, state) || may_call(*x.index, state);
      }
      case ast::ExprKind::Slice: {
        const auto& x = ast::as<ast::Slice>(e);
        return (x.lower && may_call(*x.lower, state)) || (x.upper && may_call(*x.upper, state)) ||
               (x.step && may_call(*x.step, state));
      }
      case ast::ExprKind::Binary: {
        const auto& x = ast::as<ast::Binary>(e);
        return may_call(*x.left, state) || may_call(*x.right, state);
      }
      case ast::ExprKind::Unary: return may_call(*ast::as<ast::Unary>(e).operand, state);
      case ast::ExprKind::BoolOp: return any(ast::as<ast::BoolOpExpr>(e).values);
      case ast::ExprKind::Compare: {
        const auto& x = ast::as<ast::Compare>(e);
        return may_call(*x.left, state) || any(x.comparators);
      }
      case ast::ExprKind::IfExp: {
        const auto& x = ast::as<ast::IfExp>(e);
        if (may_call(*x.test, state)) return true;
        if (const auto live = decide(*x.test, state)) return may_call(*live ? *x.body : *x.orelse, state);
        return may_call(*x.body, state) || may_call(*x.orelse, state);
      }
      case ast::ExprKind::Tuple: return any(ast::as<ast::TupleExpr>(e).elts);
      case ast::ExprKind::List: return any(ast::as<ast::ListExpr>(e).elts);
      default: return true;  // calls, comprehensions, lambdas, f-strings...
    }
  }

  // The first pass decides from constants alone; the pass after SSA from what reaches the test.
  std::optional<bool> decide_and_record(const ast::Expr& test, const State& state) {
    std::optional<bool> d = decide(test, nullptr);
    if (!d) d = decide(test, &state);
    if (d && may_call(test, &state)) d.reset();
    if (d) decided_.live_body[&test] = *d;
    return d;
  }

  // ------------------------------------------------------------------ the walk after SSA

  // The conditional expressions inside an expression, each decided with the state before the
  // statement that holds it.
  void expressions(const ast::Expr* e, const State& state) {
    struct Finder : SubtreeWalker {
      std::vector<const ast::IfExp*> found;
      void visit(const ast::Expr& x) override {
        if (x.kind == ast::ExprKind::IfExp) found.push_back(&ast::as<ast::IfExp>(x));
      }
    } finder;
    finder.expr(e);
    for (const ast::IfExp* i : finder.found) decide_and_record(*i->test, state);
  }

  void forget(const ast::Block& b, State& state) {
    std::set<std::string> names;
    collect_bound_names(b, names);
    for (const auto& n : names) state.erase(n);
  }

  void walk(const ast::Block& b, State& state) {
    std::vector<const ast::Stmt*> stmts;
    for (const auto& s : b) stmts.push_back(s.get());
    walk(stmts, state);
  }

  void walk(const std::vector<const ast::Stmt*>& body, State& state) {
    for (const ast::Stmt* s : body) {
      statement(*s, state);
      if (leaves_block(*s, decided_)) return;  // unreachable: no binding after it counts
    }
  }

  void assign_name(const ast::Expr& target, const Value& v, State& state) {
    if (target.kind == ast::ExprKind::Name) {
      const std::string& id = ast::as<ast::Name>(target).id;
      if (v) {
        state[id] = *v;
      } else {
        state.erase(id);
      }
      return;
    }
    std::set<std::string> names;
    collect_target_names(target, names);
    for (const auto& n : names) state.erase(n);
  }

  static void collect_target_names(const ast::Expr& t, std::set<std::string>& out) {
    if (t.kind == ast::ExprKind::Name) out.insert(ast::as<ast::Name>(t).id);
    if (t.kind == ast::ExprKind::Tuple)
      for (const auto& e : ast::as<ast::TupleExpr>(t).elts) collect_target_names(*e, out);
    if (t.kind == ast::ExprKind::List)
      for (const auto& e : ast::as<ast::ListExpr>(t).elts) collect_target_names(*e, out);
    if (t.kind == ast::ExprKind::Starred) collect_target_names(*ast::as<ast::Starred>(t).value, out);
  }

  void statement(const ast::Stmt& s, State& state) {
    switch (s.kind) {
      case ast::StmtKind::Assign: {
        const auto& a = ast::as<ast::Assign>(s);
        expressions(a.value.get(), state);
        for (const auto& t : a.targets) expressions(t.get(), state);  // `a[x if c else y] = v`
        const Value v = numba_ ? value(*a.value, &state) : std::nullopt;
        for (const auto& t : a.targets) assign_name(*t, v, state);
        return;
      }
      case ast::StmtKind::AnnAssign: {
        const auto& a = ast::as<ast::AnnAssign>(s);
        if (!a.value) return;
        expressions(a.value.get(), state);
        expressions(a.target.get(), state);
        assign_name(*a.target, numba_ ? value(*a.value, &state) : std::nullopt, state);
        return;
      }
      case ast::StmtKind::AugAssign: {
        const auto& a = ast::as<ast::AugAssign>(s);
        expressions(a.value.get(), state);
        expressions(a.target.get(), state);
        assign_name(*a.target, std::nullopt, state);
        return;
      }
      case ast::StmtKind::If: {
        const auto& i = ast::as<ast::If>(s);
        expressions(i.test.get(), state);
        const auto first_pass = decide(*i.test, nullptr);
        decide_and_record(*i.test, state);
        if (first_pass) {
          // The dead arm is gone before SSA: only the live one defines names after it.
          walk(*first_pass ? i.body : i.orelse, state);
          return;
        }
        State then_state = state, else_state = state;
        walk(i.body, then_state);
        walk(i.orelse, else_state);
        // A name either arm binds meets a phi after the statement, unless that arm never
        // reaches it.
        const bool then_returns = always_returns(i.body, decided_),
                   else_returns = always_returns(i.orelse, decided_);
        if (then_returns && !else_returns) {
          state = std::move(else_state);
        } else if (else_returns && !then_returns) {
          state = std::move(then_state);
        } else {
          forget(i.body, state);
          forget(i.orelse, state);
        }
        return;
      }
      case ast::StmtKind::For: {
        const auto& f = ast::as<ast::For>(s);
        expressions(f.iter.get(), state);
        assign_name(*f.target, std::nullopt, state);
        forget(f.body, state);  // loop-carried: a phi at the loop's head
        State inside = state;
        walk(f.body, inside);
        forget(f.body, state);
        walk(f.orelse, state);
        return;
      }
      case ast::StmtKind::While: {
        const auto& w = ast::as<ast::While>(s);
        forget(w.body, state);
        expressions(w.test.get(), state);
        State inside = state;
        walk(w.body, inside);
        walk(w.orelse, state);
        return;
      }
      case ast::StmtKind::With:
      case ast::StmtKind::Try: {
        if (s.kind == ast::StmtKind::With)
          for (const auto& item : ast::as<ast::With>(s).items) expressions(item.context.get(), state);
        // Handlers can start anywhere in the body: nothing bound inside is known there or after.
        std::set<std::string> names;
        collect_bound_names(std::vector<const ast::Stmt*>{&s}, names);
        for (const auto& n : names) state.erase(n);
        State inside = state;
        if (s.kind == ast::StmtKind::With) {
          walk(ast::as<ast::With>(s).body, inside);
        } else {
          ast::as<ast::Try>(s).for_each_block([&](const ast::Block& b) {
            State block_state = state;
            walk(b, block_state);
          });
        }
        return;
      }
      case ast::StmtKind::Expr: expressions(ast::as<ast::ExprStmt>(s).value.get(), state); return;
      case ast::StmtKind::Return: expressions(ast::as<ast::Return>(s).value.get(), state); return;
      case ast::StmtKind::Assert: expressions(ast::as<ast::Assert>(s).test.get(), state); return;
      case ast::StmtKind::Raise: expressions(ast::as<ast::Raise>(s).exc.get(), state); return;
      default: {
        std::set<std::string> names;
        collect_bound_names(std::vector<const ast::Stmt*>{&s}, names);
        if (s.kind == ast::StmtKind::FunctionDef) names.insert(ast::as<ast::FunctionDef>(s).name);
        for (const auto& n : names) state.erase(n);
        return;
      }
    }
  }

  sema::ModuleInfo& info_;
  const bool numba_;
  std::set<std::string> params_;
  std::map<std::string, TypeRef> param_types_;
  std::set<std::string> locals_;
  std::optional<std::set<std::string>> declared_global_;  // names any function declares `global`
  std::map<std::string, int> bindings_;
  std::map<std::string, const ast::Expr*> single_value_;
  std::map<std::string, const ast::Stmt*> binding_stmt_;  // `name = value`, the last one seen
  std::set<std::string> resolving_;
  DecidedBranches decided_;
};

}  // namespace

bool leaves_block(const ast::Stmt& s, const DecidedBranches& decided) {
  switch (s.kind) {
    case ast::StmtKind::Return:
    case ast::StmtKind::Raise:
    case ast::StmtKind::Break:
    case ast::StmtKind::Continue: return true;
    case ast::StmtKind::If: {
      const auto& i = ast::as<ast::If>(s);
      auto leaves = [&](const ast::Block& b) {
        return std::any_of(b.begin(), b.end(), [&](const ast::StmtPtr& x) { return leaves_block(*x, decided); });
      };
      if (const auto live = decided.outcome(*i.test)) return leaves(*live ? i.body : i.orelse);
      return leaves(i.body) && leaves(i.orelse);
    }
    default: return false;
  }
}

bool always_returns(const ast::Block& b, const DecidedBranches& decided) {
  for (const auto& x : b) {
    const ast::Stmt& s = *x;
    switch (s.kind) {
      case ast::StmtKind::Return:
      case ast::StmtKind::Raise: return true;
      case ast::StmtKind::If: {
        const auto& i = ast::as<ast::If>(s);
        const auto live = decided.outcome(*i.test);
        if (live ? always_returns(*live ? i.body : i.orelse, decided)
                 : always_returns(i.body, decided) && always_returns(i.orelse, decided)) {
          return true;
        }
        break;
      }
      case ast::StmtKind::With:
        if (always_returns(ast::as<ast::With>(s).body, decided)) return true;
        break;
      case ast::StmtKind::Try: {
        // The body returns (or it and the else do), and so does every handler; or the finally does.
        const auto& t = ast::as<ast::Try>(s);
        if (always_returns(t.finalbody, decided)) return true;
        bool all = always_returns(t.body, decided) || always_returns(t.orelse, decided);
        for (const auto& h : t.handlers) all = all && always_returns(h.body, decided);
        if (all) return true;
        break;
      }
      case ast::StmtKind::While: {
        const auto& w = ast::as<ast::While>(s);  // `while True:` only ends by returning (or break)
        if (&x == &b.back() && w.test->kind == ast::ExprKind::BoolLit && ast::as<ast::BoolLit>(*w.test).value)
          return true;
        break;
      }
      default: break;
    }
    if (leaves_block(s, decided)) return false;  // a break or continue: the rest is dead
  }
  return false;
}

DecidedBranches decide_branches(sema::ModuleInfo& info, const std::vector<const ast::Stmt*>& body,
                                const std::vector<Parameter>& params, bool numba_compiled) {
  return Decider(info, params, numba_compiled).run(body);
}

}  // namespace py2cuda::infer
