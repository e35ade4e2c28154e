// The py2cuda AST: a plain, owned tree built from tree-sitter's concrete
// syntax tree. Every node carries the span of the Python text it came from.
//
// The front end never rejects a construct for being unsupported: host code at
// module level may use all of Python. Constructs py2cuda cannot translate
// become `UnsupportedExpr`/`UnsupportedStmt` nodes that name what they are;
// sema reports them only if a translated function reaches them.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "diag/source.h"
#include "support/operators.h"

namespace py2cuda::ast {

// ---------------------------------------------------------------- expressions

enum class ExprKind {
  Name,
  IntLit,
  FloatLit,
  BoolLit,
  NoneLit,
  StrLit,
  Attribute,
  Subscript,
  Slice,
  Call,
  Binary,
  Unary,
  BoolOp,
  Compare,
  IfExp,
  Tuple,
  List,
  Dict,
  FString,
  Comprehension,
  Lambda,
  Starred,
  Unsupported,
};

struct Expr {
  explicit Expr(ExprKind k, Span s) : kind(k), span(s) {}
  virtual ~Expr() = default;
  const ExprKind kind;
  Span span;
};
using ExprPtr = std::unique_ptr<Expr>;

struct Name : Expr {
  Name(Span s, std::string i) : Expr(ExprKind::Name, s), id(std::move(i)) {}
  std::string id;
};

struct IntLit : Expr {
  IntLit(Span s) : Expr(ExprKind::IntLit, s) {}
  uint64_t value = 0;     // magnitude; literals are never negative in Python syntax
  bool overflow = false;  // does not fit in 64 bits
  std::string text;       // as written, for messages
  bool folded = false;    // the constant CPython folds arithmetic of literals to (sema/constant_folding.cpp)
};

// The literal `value` as the program would write it, for syntax a pass makes (a subscript, an
// unrolled loop's value).
inline ExprPtr int_literal(uint64_t value, Span s) {
  auto lit = std::make_unique<IntLit>(s);
  lit->value = value;
  lit->text = std::to_string(value);
  return lit;
}

struct FloatLit : Expr {
  FloatLit(Span s) : Expr(ExprKind::FloatLit, s) {}
  double value = 0;
  bool imaginary = false;  // `1j`
  std::string text;
};

struct BoolLit : Expr {
  BoolLit(Span s, bool v) : Expr(ExprKind::BoolLit, s), value(v) {}
  bool value;
};

struct NoneLit : Expr {
  explicit NoneLit(Span s) : Expr(ExprKind::NoneLit, s) {}
};

struct StrLit : Expr {
  StrLit(Span s) : Expr(ExprKind::StrLit, s) {}
  std::string value;          // decoded (escapes resolved, implicit concatenation joined)
  bool is_fstring = false;    // f-strings are kept as unsupported in kernels
  bool is_bytes = false;
};

// f"text {value!r:>10.3f} more": literal text and replacement fields in source order.
struct FStringPart {
  std::string text;     // literal text (escapes and {{ }} resolved); used when `value` is null
  std::unique_ptr<Expr> value;
  char conversion = 0;  // 'r', 's' or 'a' after '!', else 0
  std::string spec;     // the format spec after ':', as written
  bool dynamic_spec = false;  // the spec holds a replacement field of its own ({x:{width}})
  // A dynamic spec in pieces, in order: literal text (value null) and the nested fields' values
  // (`{x:{w}.{p}f}`: w, ".", p, "f").
  std::vector<FStringPart> spec_parts;
  Span span;
};

struct FStringExpr : Expr {
  explicit FStringExpr(Span s) : Expr(ExprKind::FString, s) {}
  std::vector<FStringPart> parts;
};

// `(elt for target in iter if cond ...)` and `[elt for ...]`, one per `for` clause:
// what host code passes to str.join(), sum(), min() and max().
struct ComprehensionExpr : Expr {
  ComprehensionExpr(Span s, bool list) : Expr(ExprKind::Comprehension, s), is_list(list) {}
  bool is_list;  // [...] rather than a generator
  // The clauses after the first of `[e for a in A for b in B]`: the outer comprehension's
  // elt is this one, whose items it joins.
  bool nested_clause = false;
  // {k: v for ...}: the innermost clause's elt is the entry's (key, value) tuple.
  bool is_dict = false;
  std::unique_ptr<Expr> elt, target, iter;
  std::vector<std::unique_ptr<Expr>> conditions;
};

struct Attribute : Expr {
  Attribute(Span s, ExprPtr v, std::string a, Span attr_span)
      : Expr(ExprKind::Attribute, s), value(std::move(v)), attr(std::move(a)), attr_span(attr_span) {}
  ExprPtr value;
  std::string attr;
  Span attr_span;
};

// `a[i]`, `a[i, j]` (index is a Tuple), `a[1:n]` (index is a Slice).
struct Subscript : Expr {
  Subscript(Span s, ExprPtr v, ExprPtr i) : Expr(ExprKind::Subscript, s), value(std::move(v)), index(std::move(i)) {}
  ExprPtr value;
  ExprPtr index;
};

// `lower:upper:step`; each part may be null. Only valid inside a Subscript.
struct Slice : Expr {
  explicit Slice(Span s) : Expr(ExprKind::Slice, s) {}
  ExprPtr lower, upper, step;
};

struct Keyword {
  std::string name;  // empty for `**mapping`
  ExprPtr value;
  Span span;
};

struct Call : Expr {
  Call(Span s, ExprPtr f) : Expr(ExprKind::Call, s), func(std::move(f)) {}
  ExprPtr func;
  std::vector<ExprPtr> args;
  std::vector<Keyword> keywords;
  bool has_star_args = false;  // f(*a) or f(**k): unsupported in kernels
  // `{a, b, c}` or `{f(x) for x in xs}`, which the front end spells set([a, b, c]) and
  // set(f(x) for x in xs); CPython compiles a display of constants otherwise than the call
  // (host_sets.cpp), and a kernel's error names what the program wrote.
  bool is_set_display = false;
};

struct Binary : Expr {
  Binary(Span s, BinOp o, ExprPtr l, ExprPtr r)
      : Expr(ExprKind::Binary, s), op(o), left(std::move(l)), right(std::move(r)) {}
  BinOp op;
  ExprPtr left, right;
};

struct Unary : Expr {
  Unary(Span s, UnaryOp o, ExprPtr e) : Expr(ExprKind::Unary, s), op(o), operand(std::move(e)) {}
  UnaryOp op;
  ExprPtr operand;
};

// `a and b and c` / `a or b`
struct BoolOpExpr : Expr {
  BoolOpExpr(Span s, bool is_and) : Expr(ExprKind::BoolOp, s), is_and(is_and) {}
  bool is_and;
  std::vector<ExprPtr> values;
};

// `a < b <= c`: ops.size() == comparators.size()
struct Compare : Expr {
  Compare(Span s, ExprPtr l) : Expr(ExprKind::Compare, s), left(std::move(l)) {}
  ExprPtr left;
  std::vector<CmpOp> ops;
  std::vector<ExprPtr> comparators;
};

// `body if test else orelse`
struct IfExp : Expr {
  IfExp(Span s) : Expr(ExprKind::IfExp, s) {}
  ExprPtr test, body, orelse;
};

struct TupleExpr : Expr {
  explicit TupleExpr(Span s) : Expr(ExprKind::Tuple, s) {}
  std::vector<ExprPtr> elts;
};

struct ListExpr : Expr {
  explicit ListExpr(Span s) : Expr(ExprKind::List, s) {}
  std::vector<ExprPtr> elts;
};

// `{k: v, ...}`: keys[i] maps to values[i].
struct DictExpr : Expr {
  explicit DictExpr(Span s) : Expr(ExprKind::Dict, s) {}
  std::vector<ExprPtr> keys, values;
};

// `*value` among a call's arguments (f(*args), print(*xs)).
struct Starred : Expr {
  Starred(Span s, ExprPtr v) : Expr(ExprKind::Starred, s), value(std::move(v)) {}
  ExprPtr value;
};

// dict/set comprehensions, set displays, await, yield,
// starred, walrus, ...: `what` names it for messages ("list comprehension").
struct UnsupportedExpr : Expr {
  UnsupportedExpr(Span s, std::string w) : Expr(ExprKind::Unsupported, s), what(std::move(w)) {}
  std::string what;
  ExprPtr value;  // a `yield`'s operand, or null (a @contextmanager's value: sema/context_generators.cpp)
};

// ---------------------------------------------------------------- statements

enum class StmtKind {
  Expr,
  Assign,
  AugAssign,
  AnnAssign,
  If,
  For,
  While,
  Break,
  Continue,
  Return,
  Pass,
  FunctionDef,
  Import,
  ImportFrom,
  Global,
  Assert,
  Raise,
  With,
  Try,
  Delete,
  Unsupported,
};

struct Stmt {
  explicit Stmt(StmtKind k, Span s) : kind(k), span(s) {}
  virtual ~Stmt() = default;
  const StmtKind kind;
  Span span;  // the whole statement; span.line is the line echoed in output
};
using StmtPtr = std::unique_ptr<Stmt>;
using Block = std::vector<StmtPtr>;

struct ExprStmt : Stmt {
  ExprStmt(Span s, ExprPtr v) : Stmt(StmtKind::Expr, s), value(std::move(v)) {}
  ExprPtr value;
};

// `a = b = value`: one entry per target, left to right.
struct Assign : Stmt {
  explicit Assign(Span s) : Stmt(StmtKind::Assign, s) {}
  std::vector<ExprPtr> targets;
  ExprPtr value;
};

struct AugAssign : Stmt {
  AugAssign(Span s, BinOp o) : Stmt(StmtKind::AugAssign, s), op(o) {}
  ExprPtr target;
  BinOp op;
  ExprPtr value;
};

// `x: float32 = value` (value may be null)
struct AnnAssign : Stmt {
  explicit AnnAssign(Span s) : Stmt(StmtKind::AnnAssign, s) {}
  ExprPtr target, annotation, value;
};

// `elif` chains are nested Ifs in orelse.
struct If : Stmt {
  explicit If(Span s) : Stmt(StmtKind::If, s) {}
  ExprPtr test;
  Block body, orelse;
  bool orelse_is_elif = false;
};

struct For : Stmt {
  explicit For(Span s) : Stmt(StmtKind::For, s) {}
  ExprPtr target, iter;
  Block body, orelse;
};

struct While : Stmt {
  explicit While(Span s) : Stmt(StmtKind::While, s) {}
  ExprPtr test;
  Block body, orelse;
};

struct Break : Stmt {
  explicit Break(Span s) : Stmt(StmtKind::Break, s) {}
};
struct Continue : Stmt {
  explicit Continue(Span s) : Stmt(StmtKind::Continue, s) {}
};
struct Pass : Stmt {
  explicit Pass(Span s) : Stmt(StmtKind::Pass, s) {}
};

struct Return : Stmt {
  explicit Return(Span s) : Stmt(StmtKind::Return, s) {}
  ExprPtr value;  // may be null
};

struct Param {
  enum class Kind { Normal, VarArgs, KwArgs, KeywordOnly } kind = Kind::Normal;
  std::string name;
  ExprPtr annotation;     // may be null
  ExprPtr default_value;  // may be null
  Span span;
};

// `lambda a, b: body`: host code applies it where it is written (a `key=` of sorted,
// list.sort, min and max) or calls it through the name it is assigned to.
struct LambdaExpr : Expr {
  explicit LambdaExpr(Span s) : Expr(ExprKind::Lambda, s) {}
  std::vector<Param> params;
  ExprPtr body;
};

struct FunctionDef : Stmt {
  explicit FunctionDef(Span s) : Stmt(StmtKind::FunctionDef, s) {}
  std::string name;
  Span name_span;
  std::vector<ExprPtr> decorators;  // the expression after each `@`
  std::vector<Param> params;
  ExprPtr returns;  // `-> T`, may be null
  Block body;
  bool is_async = false;
  // The last `captured_params` of `params` are device arrays a kernel reads from the scope
  // around it, which Numba captures by pointer: sema makes each a parameter of the kernel, and
  // every launch passes the array bound to that name where it launches (host_calls.cpp).
  size_t captured_params = 0;
};

struct ImportAlias {
  std::string name;    // dotted: "numba.cuda"
  std::string asname;  // empty if none
  Span span;
};

// `import a.b as c, d`
struct Import : Stmt {
  explicit Import(Span s) : Stmt(StmtKind::Import, s) {}
  std::vector<ImportAlias> names;
};

// `from module import a as b, c` / `from module import *`
struct ImportFrom : Stmt {
  explicit ImportFrom(Span s) : Stmt(StmtKind::ImportFrom, s) {}
  std::string module;  // dotted; empty for `from . import x`
  int level = 0;       // leading dots
  std::vector<ImportAlias> names;
  bool star = false;
};

struct Global : Stmt {
  explicit Global(Span s) : Stmt(StmtKind::Global, s) {}
  std::vector<std::string> names;
};

struct Assert : Stmt {
  explicit Assert(Span s) : Stmt(StmtKind::Assert, s) {}
  ExprPtr test, msg;
};

struct Raise : Stmt {
  explicit Raise(Span s) : Stmt(StmtKind::Raise, s) {}
  ExprPtr exc;  // may be null
};

// `with a, b as t: body`. Host code runs the body between each context manager's entry and exit
// (numba.cuda's stream.auto_synchronize(), cuda.pinned(...)); kernels have no with statement.
struct WithItem {
  ExprPtr context;
  ExprPtr target;  // `as` target, may be null
};
struct With : Stmt {
  explicit With(Span s) : Stmt(StmtKind::With, s) {}
  std::vector<WithItem> items;
  Block body;
};

// `try: body / except T as name: ... / else: ... / finally: ...` (host code only: Numba's CUDA
// target has no exception handling). `type` is null for a bare `except:`, a Tuple for
// `except (A, B):`; `name` is the `as` Name, null if none.
struct ExceptHandler {
  Span span;  // the `except ...:` clause; its line is echoed above the handler
  ExprPtr type;
  ExprPtr name;
  Block body;
};
struct Try : Stmt {
  explicit Try(Span s) : Stmt(StmtKind::Try, s) {}
  Block body;
  std::vector<ExceptHandler> handlers;
  Block orelse;     // runs when the body ended without an exception
  Block finalbody;  // runs however the statement is left
  Span else_span, finally_span;

  // `try: import x / except ImportError: ...`: imports only, guarded against their absence. The
  // program py2cuda builds has its imports, so such a statement is its body.
  bool guards_imports() const {
    if (body.empty() || handlers.empty() || !orelse.empty() || !finalbody.empty()) return false;
    for (const StmtPtr& s : body)
      if (s->kind != StmtKind::Import && s->kind != StmtKind::ImportFrom) return false;
    auto import_error = [](const Expr* e) {
      return e && e->kind == ExprKind::Name &&
             (static_cast<const Name&>(*e).id == "ImportError" ||
              static_cast<const Name&>(*e).id == "ModuleNotFoundError");
    };
    for (const ExceptHandler& h : handlers) {
      if (import_error(h.type.get())) continue;
      if (!h.type || h.type->kind != ExprKind::Tuple) return false;
      for (const ExprPtr& e : static_cast<const TupleExpr&>(*h.type).elts)
        if (!import_error(e.get())) return false;
    }
    return true;
  }

  // Every block of the statement in source order, for walkers that treat them alike.
  template <class F>
  void for_each_block(F&& f) const {
    f(body);
    for (const ExceptHandler& h : handlers) f(h.body);
    f(orelse);
    f(finalbody);
  }
  template <class F>
  void for_each_block(F&& f) {
    f(body);
    for (ExceptHandler& h : handlers) f(h.body);
    f(orelse);
    f(finalbody);
  }
};

// `del a, b[k]`
struct Delete : Stmt {
  explicit Delete(Span s) : Stmt(StmtKind::Delete, s) {}
  std::vector<ExprPtr> targets;
};

// try, class, nonlocal, async for, match, ...: `what` names it.
// Class bodies and the like are kept (`body`) only so that module-level
// scanning can see definitions; they are never translated.
struct UnsupportedStmt : Stmt {
  UnsupportedStmt(Span s, std::string w) : Stmt(StmtKind::Unsupported, s), what(std::move(w)) {}
  std::string what;
  std::string hint;  // what to write instead, if there is something
  Block body;        // the statements of all its blocks, in source order
};

// `class Name(bases): body`. Kept as an unsupported statement (kind Unsupported, `body` its
// statements) everywhere but at module level of a program, where sema/classes.cpp makes host
// code's struct of it.
struct ClassDef : UnsupportedStmt {
  explicit ClassDef(Span s) : UnsupportedStmt(s, "class definition") {}
  std::string name;
  Span name_span;
  std::vector<ExprPtr> bases;       // the superclass list's positional entries
  bool has_class_keywords = false;  // `metaclass=...` and the like
  std::vector<ExprPtr> decorators;  // the expression after each `@`
  // Set by sema/classes.cpp when py2cuda translates the class (else `what` says why not):
  // the constructor, a function `Name(params of __init__)` whose body makes `self`, runs
  // __init__'s statements (moved here) and returns `self`.
  std::unique_ptr<FunctionDef> constructor;
  // Each @classmethod's first parameter (`cls`), by method name, which sema drops from its
  // parameters: the method's body reads that name as the class.
  std::map<std::string, std::string> class_params;
  // Class attributes the program assigns, by name: the module variable each became
  // (sema/class_variables.cpp), which reads through an instance name too.
  std::map<std::string, std::string> class_variables;
  // Single inheritance (sema/classes.cpp): the translated class it derives from, or null; and
  // whether another translated class derives from it, when its __init__ stays a method the
  // constructor calls (a subclass's `super().__init__(...)` calls it too).
  const ClassDef* base = nullptr;
  bool has_subclasses = false;
};

struct Module {
  Block body;
  // Definitions, imports and frozen closure variables that sema moved to module level from
  // host functions and `if __name__ == "__main__":` (sema/nested_functions.cpp): module names,
  // but no statements of the host program.
  Block hoisted;
  // The hoisted closure variables: module constant name -> {the variable's name, its function}.
  std::map<std::string, std::pair<std::string, std::string>> closure_variables;
  // `class ShapeError(ValueError): pass`: the program's exception classes, each with its base
  // (a built-in exception class or another of these), taken out of the body (sema/classes.cpp).
  std::map<std::string, std::string> exception_classes;
  // Kernel factories (sema/kernel_factories.cpp) that stay functions: the first use of each that
  // is not a call statement py2cuda copies the factory into.
  std::map<std::string, Span> kernel_factory_uses;
};

// Checked downcast helpers: `as<ast::Call>(expr)`.
template <class T, class Base>
const T& as(const Base& b) {
  return static_cast<const T&>(b);
}
template <class T, class Base>
T& as(Base& b) {
  return static_cast<T&>(b);
}

}  // namespace py2cuda::ast
