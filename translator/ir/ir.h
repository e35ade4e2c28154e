// The typed IR: what inference produces and lowering prints.
//
// Every expression has its final type and every implicit conversion Numba
// performs is an explicit `Cast` node, so lowering never has to know a typing
// rule: it only spells what it is given.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "diag/source.h"
#include "support/operators.h"
#include "types/type.h"

namespace py2cuda::ir {

struct Function;

struct Variable {
  std::string name;      // the Python name
  std::string cpp_name;  // the C++ name (the Python name unless it clashes)
  TypeRef type = nullptr;
  bool is_param = false;
  // A parameter's type in the C++ signature. When Python rebinds the
  // parameter to a wider type (Numba unifies), `type` is the wider one and
  // the function body starts with a local copy.
  TypeRef param_type = nullptr;
  // Declared in a for-loop header.
  bool loop_counter = false;
  // An except clause's `as` name: declared by its catch (or its handler), never hoisted.
  bool caught_exception = false;
  // Declared at the top of the function because its first assignment does
  // not dominate its uses in C++'s block scoping.
  bool hoisted = false;
};

// ---------------------------------------------------------------- expressions

enum class ExprKind {
  Const, Var, Global, Cast, Binary, Unary, Compare, Logical, Select, Builtin, Call, Index, Shape, Size, TupleMake,
  TupleGet, LocalArray, Let, Launch
};

struct Expr {
  Expr(ExprKind k, TypeRef t, Span s) : kind(k), type(t), span(s) {}
  virtual ~Expr() = default;
  const ExprKind kind;
  TypeRef type;
  Span span;
};
using ExprPtr = std::unique_ptr<Expr>;

// A scalar literal of `type`. Integers hold their bits in `bits` (two's
// complement for signed types); floats in `f`; complex numbers their real
// part in `f` and their imaginary part in `im`; strings (host code) their
// text in `str`.
struct Const : Expr {
  Const(TypeRef t, Span s) : Expr(ExprKind::Const, t, s) {}
  uint64_t bits = 0;
  double f = 0;
  double im = 0;
  bool b = false;
  std::string str;
};

struct VarRef : Expr {
  VarRef(Variable* v, Span s) : Expr(ExprKind::Var, v->type, s), var(v) {}
  Variable* var;
};

// A frozen module-level constant, emitted once as `constexpr` and referred to
// by name.
struct GlobalRef : Expr {
  GlobalRef(std::string n, TypeRef t, Span s) : Expr(ExprKind::Global, t, s), cpp_name(std::move(n)) {}
  std::string cpp_name;
  bool nonnegative = false;  // the frozen value is >= 0 (for the index-wrap analysis)
  bool nonzero = false;      // the frozen value is not 0 (a divisor that cannot raise)
  std::vector<int64_t> shape;  // a frozen array's extents: its .shape and .size are constants
  // A LaunchFrozenGlobal (a __constant__ variable the first launch sets), not a constant.
  bool frozen_at_launch = false;
};

// The extents of a frozen module array (a __constant__ array), known at translation time;
// nullptr for any other array expression.
inline const std::vector<int64_t>* frozen_shape(const Expr& array) {
  if (array.kind != ExprKind::Global) return nullptr;
  const auto& ref = static_cast<const GlobalRef&>(array);
  return ref.shape.empty() ? nullptr : &ref.shape;
}

// Converts `operand` to `type` (Numba's implicit or explicit conversion).
struct Cast : Expr {
  Cast(TypeRef t, ExprPtr e, Span s) : Expr(ExprKind::Cast, t, s), operand(std::move(e)) {}
  ExprPtr operand;
};

// Both operands already have the operation's type, except `**` with an
// integer exponent and the shifts, whose right operand is an integer.
struct Binary : Expr {
  Binary(TypeRef t, BinOp o, ExprPtr l, ExprPtr r, Span s)
      : Expr(ExprKind::Binary, t, s), op(o), left(std::move(l)), right(std::move(r)) {}
  BinOp op;
  ExprPtr left, right;
  // Integer `//` and `%` only (infer/index_wrap.cpp): the divisor is provably > 0 (>= 0), and
  // the dividend provably >= 0. A positive divisor and a non-negative dividend make Python's
  // division C's; a positive divisor alone drops the zero and INT64_MIN // -1 tests, a
  // non-negative one the INT64_MIN // -1 test.
  bool divisor_positive = false;
  bool divisor_nonneg = false;
  bool dividend_nonneg = false;
  // Host code: `/`, `//` or `%` with a NumPy scalar operand (`a.sum() / n`): NumPy's inf, nan
  // or 0 for a zero divisor (and a RuntimeWarning), never Python's ZeroDivisionError.
  bool numpy_scalar_division = false;
};

struct Unary : Expr {
  Unary(TypeRef t, UnaryOp o, ExprPtr e, Span s) : Expr(ExprKind::Unary, t, s), op(o), operand(std::move(e)) {}
  UnaryOp op;
  ExprPtr operand;
};

// One comparison; both operands have the same type; the result is bool.
// Chains (`a < b < c`) become a Logical `and` of Compares.
struct Compare : Expr {
  Compare(CmpOp o, ExprPtr l, ExprPtr r, Span s)
      : Expr(ExprKind::Compare, types::boolean(), s), op(o), left(std::move(l)), right(std::move(r)) {}
  CmpOp op;
  ExprPtr left, right;
};

// `left and right` / `left or right` with Python's value semantics: the
// result is one of the operands (both converted to `type`), chosen by the
// truth of `left`, which is evaluated once. When `type` is bool this is
// plain && / ||.
struct Logical : Expr {
  Logical(TypeRef t, bool is_and, ExprPtr l, ExprPtr r, Span s)
      : Expr(ExprKind::Logical, t, s), is_and(is_and), left(std::move(l)), right(std::move(r)) {}
  bool is_and;
  ExprPtr left, right;
};

// `a if cond else b`
struct Select : Expr {
  Select(TypeRef t, ExprPtr c, ExprPtr a, ExprPtr b, Span s)
      : Expr(ExprKind::Select, t, s), cond(std::move(c)), then_value(std::move(a)), else_value(std::move(b)) {}
  ExprPtr cond, then_value, else_value;
};

// A call of a supported Python callable or attribute, spelled by the
// builtins table: `pattern` is C++ text with {0}, {1}, ... for the arguments
// ("sinf({0})", "threadIdx.x", "py2cuda::grid1()").
struct BuiltinCall : Expr {
  BuiltinCall(TypeRef t, std::string p, Span s) : Expr(ExprKind::Builtin, t, s), pattern(std::move(p)) {}
  std::string pattern;
  std::vector<ExprPtr> args;
  // The pattern's helpers take any integer type (templates, not overloads), so
  // integer literals print bare: `py2cuda::slice(1, -1)`.
  bool bare_literals = false;
  // Types the pattern names, as {t0}, {t1}, ...: host code's `py2cuda::host::zeros<{t0}, 1>({0})`.
  std::vector<TypeRef> type_args;
  // A check that exists only because the kernel was compiled with debug=True (a raise, an
  // assert, a zero complex divisor): why, for the annotated page; empty otherwise.
  std::string debug_check;
  // The call does more than compute its value (draws a random number, prints, writes an array,
  // reads a clock, ends the program): its place in Python's left-to-right order matters.
  bool has_effects = false;
  // The pattern evaluates its arguments left to right itself (they form a braced list).
  bool orders_args = false;
  // The value read is state a call with effects may change (an object's attribute,
  // `obj->total`): it is read where Python reads it, before such a call that follows it
  // (ir::reads_state).
  bool reads_state = false;
  // A CUDA ufunc's call in host code: the function its kernel runs, whose launch-frozen
  // globals the host code sets before the statement (Function::launch_frozen_globals).
  const Function* ufunc_core = nullptr;
};

// A call of a device function instance.
struct Call : Expr {
  Call(TypeRef t, const Function* f, Span s) : Expr(ExprKind::Call, t, s), callee(f) {}
  const Function* callee;
  std::vector<ExprPtr> args;
};

// `a[i, j]`: an element of an array. `wrap[d]` says whether index d needs
// Python's negative-index wraparound (a signed index not proven >= 0).
struct Index : Expr {
  Index(TypeRef t, ExprPtr a, Span s) : Expr(ExprKind::Index, t, s), array(std::move(a)) {}
  ExprPtr array;
  std::vector<ExprPtr> indices;
  bool wrap = false;
};

// `a.shape[dim]`
struct Shape : Expr {
  Shape(ExprPtr a, int d, Span s) : Expr(ExprKind::Shape, types::int64(), s), array(std::move(a)), dim(d) {}
  ExprPtr array;
  int dim;
};

// `a.size`
struct Size : Expr {
  Size(ExprPtr a, Span s) : Expr(ExprKind::Size, types::int64(), s), array(std::move(a)) {}
  ExprPtr array;
};

struct TupleMake : Expr {
  TupleMake(TypeRef t, Span s) : Expr(ExprKind::TupleMake, t, s) {}
  std::vector<ExprPtr> elements;
};

struct TupleGet : Expr {
  TupleGet(TypeRef t, ExprPtr e, int i, Span s) : Expr(ExprKind::TupleGet, t, s), tuple(std::move(e)), index(i) {}
  ExprPtr tuple;
  int index;
};

// `cuda.shared.array(shape, dtype)` / `cuda.local.array(shape, dtype)`: a C
// array declared once per call site (`storage`), viewed as `type`. Only valid
// as the value of an assignment to a variable. An empty `shape` is the
// dynamic shared array (Numba's shape=0), sized at launch.
struct LocalArray : Expr {
  LocalArray(TypeRef t, bool s, Span sp) : Expr(ExprKind::LocalArray, t, sp), shared(s) {}
  bool shared;
  std::vector<int64_t> shape;
  std::string storage;
};

// `body` with `var` bound to `init`, evaluated once: the middle operand of a
// chained comparison (`a < f(x) < b` calls f once). Printed as an
// immediately invoked lambda.
struct Let : Expr {
  Let(Variable* v, ExprPtr i, Span s) : Expr(ExprKind::Let, nullptr, s), var(v), init(std::move(i)) {}
  Variable* var;
  ExprPtr init;
  ExprPtr body;
};

// `kernel[grid, block, stream, shared](args...)` in host code: a call of the kernel
// instance's launch function. `grid` and `block` are int64 or tuples of them.
// `kernel.forall(ntasks, tpb, stream, sharedmem)(args...)` sets forall_tasks instead of grid,
// and block only where tpb is given.
struct Launch : Expr {
  Launch(const Function* k, Span s) : Expr(ExprKind::Launch, types::none(), s), kernel(k) {}
  const Function* kernel;
  ExprPtr grid, block, stream, shared_bytes;  // stream and shared_bytes may be null
  ExprPtr forall_tasks;                       // null but for forall launches
  std::vector<ExprPtr> args;
  // Numba specialises a kernel for the type each scalar argument holds at run time. Where
  // arguments are DynamicNumbers (host numbers whose type differs by path; they stay so in
  // `args`), the launch runs the first choice whose types they hold, else `kernel`, with each
  // converted to the type its paths widen to.
  struct Choice {
    const Function* kernel;
    std::vector<TypeRef> dynamic_types;  // per argument: the type it must hold, null for a static one
  };
  std::vector<Choice> choices;
};

// ---------------------------------------------------------------- statements

enum class StmtKind { Expr, Assign, If, ForRange, While, Break, Continue, Return, Try };

struct Stmt {
  Stmt(StmtKind k, Span s) : kind(k), span(s) {}
  virtual ~Stmt() = default;
  const StmtKind kind;
  Span span;  // of the Python statement; its line is echoed above the C++
  // Several IR statements can come from one Python statement (tuple
  // unpacking); only the first carries the line comment.
  bool echo_line = true;
};
using StmtPtr = std::unique_ptr<Stmt>;
using Block = std::vector<StmtPtr>;

struct ExprStmt : Stmt {
  ExprStmt(ExprPtr e, Span s) : Stmt(StmtKind::Expr, s), value(std::move(e)) {}
  ExprPtr value;
};

// `target = value`; target is a VarRef or an Index. `declare` marks the
// first assignment of a non-hoisted variable, printed with its type.
struct Assign : Stmt {
  Assign(ExprPtr t, ExprPtr v, Span s) : Stmt(StmtKind::Assign, s), target(std::move(t)), value(std::move(v)) {}
  ExprPtr target, value;
  bool declare = false;
  // Printed as `target op= value` when Numba's result type equals the
  // target's type, so the shorthand means exactly the same.
  bool has_compound_op = false;
  BinOp compound_op = BinOp::Add;
  // From an augmented assignment (`a[i] += v`), printed as one or as `target = target op v`:
  // the target is read, then stored (--racecheck tells such an update from a plain store).
  bool augmented = false;
};

// A test the compiler decided before typing (infer/constant_branches.h).
enum class DecidedTest { No, AlwaysTrue, AlwaysFalse };

struct If : Stmt {
  explicit If(Span s) : Stmt(StmtKind::If, s) {}
  ExprPtr cond;
  Block then_body, else_body;
  bool else_is_elif = false;  // else_body is exactly one If, printed as `else if`
  // Decided: cond is the literal true and then_body holds the live arm (the Python body when
  // AlwaysTrue, its else arm when AlwaysFalse), printed as a plain block.
  DecidedTest decided = DecidedTest::No;
};

// `for var in range(start, stop, step)`. `counter` runs the loop; when the
// Python loop variable must keep Python's semantics (assigned in the body or
// read after the loop) it is a separate variable assigned from the counter at
// the top of each iteration.
struct ForRange : Stmt {
  explicit ForRange(Span s) : Stmt(StmtKind::ForRange, s) {}
  Variable* counter = nullptr;
  Variable* target = nullptr;  // == counter in the simple case
  ExprPtr start, stop, step;
  int step_sign = 1;           // +1, -1, or 0 when only known at run time
  bool declare_counter = true; // declared in the for header
  // A kernel's grid-stride loop that loop mode may run one trip of every thread at a time
  // (ir/grid_stride.h): written with py2cuda::grid_stride_first/next.
  bool grid_stride = false;
  Block body;
};

struct While : Stmt {
  explicit While(Span s) : Stmt(StmtKind::While, s) {}
  ExprPtr cond;
  Block body;
};

struct Break : Stmt {
  explicit Break(Span s) : Stmt(StmtKind::Break, s) {}
};
struct Continue : Stmt {
  explicit Continue(Span s) : Stmt(StmtKind::Continue, s) {}
};
struct Return : Stmt {
  explicit Return(Span s) : Stmt(StmtKind::Return, s) {}
  ExprPtr value;  // null for a bare return
};

// Host code's try statement. `body` runs in a C++ try block; its catch of a
// py2cuda::host::PyException, named `caught`, runs `handlers` (an if/else-if chain over the
// except clauses, rethrowing what none of them names). With an else clause, `completed` is
// set at the end of the body and `else_body` runs when it is. `finally_body` runs in a scope
// guard, however the statement is left.
struct Try : Stmt {
  explicit Try(Span s) : Stmt(StmtKind::Try, s) {}
  Block body;
  Variable* caught = nullptr;  // null without except clauses
  Block handlers;
  Span catch_all_span;  // the first clause when it catches everything (no test echoes its line)
  Variable* completed = nullptr;  // null without an else clause, or when no handler ends normally
  Block else_body;
  Span else_span;
  Block finally_body;  // empty without a finally clause
  Span finally_span;

  template <class F>
  void for_each_block(F&& f) const {
    f(body), f(handlers), f(else_body), f(finally_body);
  }
  template <class F>
  void for_each_block(F&& f) {
    f(body), f(handlers), f(else_body), f(finally_body);
  }
};

// ---------------------------------------------------------------- functions

// Launch-related options from the decorator, mapped where CUDA has an equivalent.
struct KernelOptions {
  bool fastmath = false;
  bool lineinfo = false;
  bool debug = false;
  int max_registers = 0;          // __maxnreg__ when > 0
  int launch_bounds_threads = 0;  // __launch_bounds__(threads[, min_blocks])
  int launch_bounds_min_blocks = 0;
  int forceinline = 0;            // device functions: 1 = __forceinline__, -1 = __noinline__
  bool numpy_error_model = false;  // CPU @jit(error_model='numpy'): host calls divide as NumPy does
};

// What a scalar division or modulo by zero does (Numba's `error_model`). Kernels and
// device functions follow NumPy's (inf, nan or 0, never an exception); CPU @jit functions
// raise ZeroDivisionError in Numba's words; plain Python host code raises in CPython's.
enum class ErrorModel { Numpy, NumbaPython, CPython };

struct Function {
  std::string name;      // the Python name (for a kernel: the name it is launched by)
  std::string cpp_name;  // unique among instances: name, or name__2 for a second signature
  bool is_kernel = false;
  Span def_span;
  std::vector<Variable*> params;
  std::vector<std::unique_ptr<Variable>> variables;  // params first, then locals
  TypeRef return_type = nullptr;                     // none for kernels
  Block body;
  KernelOptions options;
  // Whether this function (with what it calls) uses a block barrier or a warp
  // collective: the emulator runs such kernels' threads as fibers.
  bool uses_barrier = false;
  bool uses_warp_ops = false;
  // Calls cuda.cg.this_grid() (with what it calls): a kernel launched cooperatively, as
  // Numba launches it (its code library's use_cooperative).
  bool cooperative = false;
  // A kernel whose last statement is a grid-stride loop marked ForRange::grid_stride.
  bool grid_stride = false;
  // A kernel whose threads meet only through plain loads and stores of arrays
  // (ir/independent_threads.h): the emulation may interleave its blocks' threads.
  bool independent_threads = false;
  // Calls print, a memory fence, nanosleep or an external (cuda.declare_device) function, with
  // what it calls: a call of it keeps its place in Python's order (ir::mark_call_effects).
  bool uses_opaque_calls = false;
  // Whether a call of this function may have an effect its caller can see (ir::mark_call_effects
  // decides it for device functions once the module is built): an atomic, a random draw, a store
  // into an array it did not create, a barrier, a warp collective, or a call of such a function.
  // Until then, and for host functions, every call counts as one.
  bool call_has_effects = true;
  // Kernels: the LaunchFrozenGlobals it reads, with what it calls (C++ names, in the
  // module's order), which host code sets before launching it (ir::mark_launch_frozen_globals).
  std::vector<std::string> launch_frozen_globals;
  std::string signature_text;  // "void(float32[:], int64)", for the comment above it
  bool recursive = false;      // calls itself: declared before its definition
  // Host code: the program's main body, a plain Python function it calls, or a CPU @jit
  // function called from host code. Emitted as ordinary C++ after the launch functions.
  bool is_host = false;
  ErrorModel error_model = ErrorModel::Numpy;
};

struct Constant {
  std::string cpp_name;
  TypeRef type = nullptr;
  ExprPtr value;  // a Const; null for an array
  // Arrays (type readonly array(dtype, nd, C)): the extents and the elements in C order,
  // emitted as a __constant__ array.
  std::vector<int64_t> shape;
  std::vector<ExprPtr> elements;
  // An array that host functions read too: host code cannot read constant memory under
  // nvcc, so the same values are also emitted as a host array, NAME_host.
  bool host_copy = false;
  Span span;
  std::string python_text;  // the Python assignment, echoed as a comment
};

// A module global kernels read whose value only the running program knows (a call py2cuda
// does not evaluate, a change before the launch): a __constant__ variable, a CArray view of
// a device copy for an array, that the host code sets at the first launch of a kernel
// reading it, from its own variable (Numba freezes a global at the kernel's first launch).
struct LaunchFrozenGlobal {
  std::string python_name;
  std::string cpp_name;       // the __constant__ variable
  std::string host_cpp_name;  // the host program's variable it is set from
  TypeRef type = nullptr;     // a readonly C array, or a number
  Span span;                  // the module's first assignment of it
};

// A device function defined in CUDA C/C++ elsewhere (cuda.declare_device), linked in.
struct External {
  std::string symbol;  // its extern "C" name
  TypeRef return_type = nullptr;
  std::vector<TypeRef> params;
  bool c_abi = false;               // `ret symbol(args)`; else Numba's `int symbol(ret*, args)`
  std::vector<std::string> link;    // the files that define it, as written in the Python file
  Span span;
};

// A @vectorize/@guvectorize function (infer/ufuncs.cpp builds it, lower/ufuncs.cpp
// prints it): per signature (a "loop", as NumPy calls it) the scalar or core function
// instance, and for the CUDA target an elementwise kernel and a host function that
// broadcasts its operands and launches it.
struct UfuncLoop {
  std::vector<TypeRef> inputs;   // scalar dtypes (vectorize) or the core parameter types (guvectorize)
  std::vector<TypeRef> outputs;  // the result dtype(s); guvectorize: the output parameter types
  const Function* core = nullptr;  // the scalar/core function instance (device, or host for cpu)
  std::string signature_text;
  std::string cpp_name;          // the host entry point for this loop
};

struct Ufunc {
  std::string name;        // the Python name
  std::string cpp_name;
  bool gufunc = false;
  bool cuda = false;       // target='cuda' (else a host loop: 'cpu', 'parallel')
  bool parallel = false;   // target='parallel': the host loop on several threads
  std::string layout;      // guvectorize
  std::vector<std::vector<std::string>> in_dims, out_dims;
  Span def_span;
  std::vector<UfuncLoop> loops;
  // Loops (indices into `loops`) host code reduces with `u.reduce(x)`: each gets the pairwise
  // reduction numba-cuda's DeviceVectorize.reduce runs (lower/ufuncs.cpp).
  std::set<size_t> reduced_loops;
};

struct Module {
  std::string name;  // C++ namespace
  std::vector<Ufunc> ufuncs;  // @vectorize/@guvectorize functions, source order
  std::vector<Constant> constants;
  std::vector<LaunchFrozenGlobal> launch_frozen_globals;
  std::vector<External> externals;
  std::vector<std::string> link_paths;  // every external's files, resolved, without repeats
  // Device functions before their callers, then kernels, in source order.
  std::vector<std::unique_ptr<Function>> functions;
  // Host functions before their callers; the last is the program's main body when
  // has_host_main. Without host code: only the CPU ufuncs' scalar/core functions (and
  // the host functions they call), compiled for every signature.
  std::vector<std::unique_ptr<Function>> host_functions;
  bool has_host_main = false;
  // Module variables host functions rebind (`global x`): C++ name and type, defined at
  // namespace scope before the host functions.
  std::vector<std::pair<std::string, TypeRef>> host_globals;
  // The classes of host code (infer/host_classes.cpp): a struct per class, its members the
  // attributes in the order they are first assigned, with their types. Instances are
  // std::shared_ptr<Name>, as Python's objects are references.
  struct HostClass {
    std::string cpp_name;
    std::string python_name;
    Span span;
    std::vector<std::pair<std::string, TypeRef>> fields;  // Python names while typing, C++ names after
    // Single inheritance: the base's struct (""), which holds every attribute of the hierarchy
    // (a derived struct adds none); a class with subclasses is polymorphic (virtual destructor)
    // for the dynamic_casts of method dispatch and isinstance.
    std::string base_cpp;
    bool has_subclasses = false;
  };
  std::vector<HostClass> host_classes;
  // The host program builds an argparse.ArgumentParser: the .cu includes host/argparse.h,
  // which host.h leaves out (its <regex> would add a second to every other program's build).
  bool uses_argparse = false;
  // Why the file's host code cannot become main() (a construct py2cuda cannot
  // translate, reported as a warning); empty when it can or when there is none.
  std::string host_program_unavailable;
};

}  // namespace py2cuda::ir
