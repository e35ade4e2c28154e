// What sema knows about a module: the meaning of every module-level name,
// the decorated functions with their signatures and options, and the frozen
// values of module constants.
#pragma once

#include <map>
#include <set>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "diag/diagnostics.h"
#include "frontend/ast.h"
#include "ir/ir.h"
#include "types/type.h"

namespace py2cuda::sema {

// A parameter/return type list from a decorator string, a numba type
// object, annotations or --sig.
struct Signature {
  std::vector<TypeRef> params;
  TypeRef return_type = nullptr;  // nullptr: not given ("(float32[:])" form)
  std::string text;               // as written, for comments and messages
  Span span;
  // Read from a kernel's parameter annotations, which Numba ignores: a launch in the
  // program's host code types the kernel instead (infer/module_builder.cpp).
  bool from_annotations = false;
};

enum class FunctionKind {
  Kernel,     // @cuda.jit
  Device,     // @cuda.jit(device=True)
  CpuJit,     // @jit / @njit: becomes a device function when a kernel calls it
  Ufunc,      // @vectorize / @guvectorize: a later slice
  Plain,      // undecorated Python function: host code
};

// @vectorize / @guvectorize options (sema/ufunc_decorator.cpp reads them).
struct UfuncInfo {
  bool gufunc = false;        // @guvectorize
  std::string target = "cpu"; // "cpu", "parallel" or "cuda"
  std::string layout;         // guvectorize's '(n),(n)->()', as written
  Span layout_span;
  // The layout's core dimensions: one list of names per input, then per output.
  std::vector<std::vector<std::string>> in_dims, out_dims;
};

struct FunctionEntry {
  std::string name;  // the name it is called or launched by
  const ast::FunctionDef* def = nullptr;  // null for the program's main body (HostProgram)
  std::vector<const ast::Stmt*> host_body;  // the main body's statements when def is null
  FunctionKind kind = FunctionKind::Plain;
  std::vector<Signature> signatures;  // from the decorator, annotations or --sig
  ir::KernelOptions options;
  Span decorator_span;
  UfuncInfo ufunc;  // kind Ufunc only
  // @cuda.reduce: a CpuJit function that host code calls as `f(array, init=0)`, the binary
  // operator of numba-cuda's reduction (infer/host_calls.cpp: reduction_call).
  bool reduction = false;
  // A method (or constructor) of the class `class_of`; a @classmethod's: the name its body calls
  // the class by (`cls`).
  std::string class_param, class_of;
};

// `name = cuda.declare_device(symbol, sig, link=..., abi=..., use_cooperative=...)`: a device
// function written in CUDA C/C++ elsewhere, called from kernels by `name`.
struct ExternalFunction {
  std::string name;    // the Python name it is bound to
  std::string symbol;  // the extern "C" symbol (declare_device's first argument)
  Signature signature; // scalar parameters and a scalar return type
  std::vector<std::string> link;        // link=, as written
  std::vector<std::string> link_paths;  // the same, resolved against the Python file's folder
  bool c_abi = false;        // abi="c": `ret symbol(args)`; else Numba's `int symbol(ret*, args)`
  bool cooperative = false;  // use_cooperative=True: kernels calling it are launched cooperatively
  Span span;                 // the declare_device call
  std::string python_text;   // the source line, echoed in the output
};

// A frozen module-level value (Numba freezes globals at compile time).
struct ConstValue {
  TypeRef type = nullptr;         // int64, float64, bool, float32 (np.float32), a Tuple ...
  uint64_t bits = 0;              // integers, two's complement
  double f = 0;                   // floats (float32 values are exactly representable); a complex's real part
  double im = 0;                  // a complex's imaginary part
  bool b = false;
  std::vector<ConstValue> elements;  // tuples; arrays: the elements in C order
  std::vector<int64_t> shape;        // arrays (type readonly array(dtype, nd, C)): the extents
  // A Python int/float/bool rather than a NumPy scalar: NumPy's promotion
  // (NEP 50) lets a NumPy scalar's type win over a Python scalar's.
  bool weak = true;
};

struct Symbol {
  enum class Kind {
    Path,      // an imported module or object, by canonical dotted path ("numba.cuda", "math.exp")
    Function,  // a function defined in this module
    Constant,  // a module constant (evaluated on first use)
    HostValue, // a module-level name that is not a constant (assigned twice, in a loop, from a call...)
    External,  // a function declared with cuda.declare_device
  };
  Kind kind = Kind::Path;
  std::string path;
  FunctionEntry* function = nullptr;
  ExternalFunction* external = nullptr;
  const ast::Expr* value_expr = nullptr;  // Constant: the assigned expression
  Span span;                              // where the name was bound
  std::string python_text;                // Constant: the source line, echoed in output
  // Constant: a variable of a host function read by a function defined inside it, frozen
  // (sema/nested_functions.cpp): its name there and the function's, for messages.
  std::string closure_variable, closure_function;
  // Filled in lazily by constant evaluation.
  std::optional<ConstValue> value;
  bool evaluating = false;
};

// The program around the kernels: the module-level statements Python runs, in
// order (imports, definitions and kernel bindings left out), with `if __name__ ==
// "__main__":` kept as a statement (infer treats its test as true).
struct HostProgram {
  std::vector<const ast::Stmt*> body;
  // Anything beyond definitions and constants: an `if __name__` block, a call, a
  // loop... Only then does the file have a main() to translate.
  bool has_host_code = false;
  Span first_statement;  // where main() starts, for messages
};

// The function a class's constructor calls for its new object (`self = NAME("C")`): a name
// no Python program writes, typed by infer as an instance of C.
inline constexpr const char* kNewObjectFunction = "__py2cuda_new_object__";

// A class of host code (sema/classes.cpp): its instances are C++ structs held by
// std::shared_ptr (Python's reference semantics), its methods host functions taking `self`.
struct ClassInfo {
  std::string name;
  const ast::ClassDef* def = nullptr;
  FunctionEntry* constructor = nullptr;            // bound to the class's name
  std::map<std::string, FunctionEntry*> methods;   // by Python name, static, class and special methods too
  std::set<std::string> static_methods;            // class methods too: no instance is passed
  std::map<std::string, FunctionEntry*> properties;  // @property getters, by name
  std::map<std::string, FunctionEntry*> setters;     // their @name.setter
  std::map<std::string, const ast::Expr*> constants;  // class-level `N = 4`
  // Class-level attributes the program assigns: the module variable holding each
  // (ast::ClassDef::class_variables), inherited ones too.
  std::map<std::string, std::string> variables;
  // The class it derives from ("" for none); the maps above hold what it inherits too.
  std::string base;
};

struct ModuleInfo {
  const SourceFile* file = nullptr;
  std::map<std::string, ClassInfo> classes;
  // The program's exception classes and their bases (ast::Module::exception_classes).
  std::map<std::string, std::string> exception_classes;
  HostProgram host;
  std::map<std::string, Symbol> globals;
  std::vector<std::unique_ptr<FunctionEntry>> functions;  // source order
  // The module's docstring (its first statement, a str literal): `__doc__`, as scripts give
  // argparse their description. Unset when the module has none (`__doc__` is None).
  std::optional<std::string> docstring;
  std::vector<std::unique_ptr<ExternalFunction>> externals;  // cuda.declare_device, source order
};

// A @vectorize/@guvectorize decorator (`call` null for the bare form): its signatures,
// target and layout into `entry` (sema/ufunc_decorator.cpp).
void read_ufunc_decorator(const ModuleInfo& info, FunctionEntry& entry, const std::string& decorator_path,
                          const ast::Call* call, Diagnostics& diags);

// --sig NAME=SIGNATURE from the command line.
struct SignatureOverride {
  std::string function;
  std::string signature;
};

// Moves the decorated functions (kernels, device functions, @jit functions, ufuncs) defined
// inside undecorated module-level functions, and the definitions and imports of `if __name__ ==
// "__main__":`, into module.hoisted, renamed where their names clash; the variables of the
// enclosing function they read become module constants (Numba freezes closure variables), or
// errors when their value cannot be known (sema/nested_functions.cpp). Runs before analyze_module.
void hoist_nested_functions(ast::Module& module, Diagnostics& diags);

// A dtype chosen when the program runs (`dt = np.float32 if single else np.float64`, or an
// if/elif chain of such assignments): the statements after it in its block become a loop over
// the dtypes that host code unrolls, each copy running when its branch is the one taken
// (sema/dtype_choices.cpp). Runs after hoist_nested_functions, before analyze_module.
void unroll_dtype_choices(ast::Module& module);

// Module-level device arrays (`PRICES = cuda.to_device(...)`, bound once) that kernels read
// become those kernels' captured parameters, passed by each launch, as the ones of an
// enclosing function do (sema/captured_device_arrays.h). Runs after hoist_nested_functions.
void capture_module_device_arrays(ast::Module& module, Diagnostics& diags);

// `@contextlib.contextmanager` generators (one `yield`, at the top of the body or of a
// `try: ... finally:`) become classes with __enter__ (the statements before the yield) and
// __exit__ (those after it), so that a with statement enters and leaves one as an instance
// (sema/context_generators.cpp). Runs after hoist_nested_functions, before prepare_classes.
void context_generators_to_classes(ast::Module& module);

// Decides which module-level classes py2cuda translates (plain classes: no user base class,
// no operator methods...) and makes each one's constructor; the others keep `what` naming the
// feature, which host code reports (sema/classes.cpp). Runs after capture_module_device_arrays.
void prepare_classes(ast::Module& module);

// Arithmetic of number literals (`10 ** -3`, `1 << 63`, `2 * 3`) becomes the constant CPython
// folds it to before Numba sees it, within CPython's limits (sema/constant_folding.cpp). Runs
// first, on the parsed module.
void fold_constants(ast::Module& module);

// `try: import cupy / except ImportError: ...` of a module py2cuda does not translate is the
// clause's body, as in an environment without the module (sema/optional_imports.cpp). Runs
// first, on the parsed module.
void resolve_optional_imports(ast::Module& module);

// A module-level function that defines kernels or device functions and returns them (a kernel
// factory) is copied into each call statement `k = factory(args)`, the returned definitions named
// as the call's targets, when every use of it is such a call (sema/kernel_factories.cpp). Runs
// after inline_host_decorators, before rename_redefined_functions.
void inline_kernel_factories(ast::Module& module);

// The program's own wrapper decorators on module-level functions (`def timed(fn): def
// wrapper(*args): ...; return wrapper`, then `@timed def run(a)`): the decorated body becomes
// `run_wrapped` and `run` the wrapper's body calling it; factories of such decorators called with
// literal arguments, and decorators returning the function they record, too
// (sema/host_decorators.cpp). Runs after
// resolve_optional_imports, before inline_kernel_factories.
void inline_host_decorators(ast::Module& module);

// `@functools.lru_cache(maxsize=None)` / `@functools.cache` on a module-level function: the
// body becomes `f_uncached` and `f` a dict-backed cache in front of it, least recently used
// keys evicted at maxsize (sema/cached_functions.cpp). Runs after resolve_optional_imports,
// before inline_host_decorators.
void inline_cached_functions(ast::Module& module);

// `run16 = functools.partial(run, tpb=16)`, bound once and only called: each call `run16(...)`
// becomes `run(..., tpb=16)` (sema/partial_functions.cpp). Runs after inline_host_decorators,
// before inline_kernel_factories.
void inline_partial_functions(ast::Module& module);

// A module-level function defined again under its name: each later definition gets a name of
// its own, which the module's statements after it name (sema/redefined_functions.cpp). Runs
// first, on the parsed module.
void rename_redefined_functions(ast::Module& module);
// The same for the definitions of one block (a host function's body), new names avoiding `taken`.
void rename_redefined_definitions(ast::Block& body, std::set<std::string> taken);

// `NX, NY = 64, 32` at module level becomes one assignment per name (when no value reads a
// name it binds), so that each is a constant bound once (sema/module_assignments.cpp). Runs
// first, on the parsed module.
void split_module_tuple_assignments(ast::Module& module);

// Class attributes the program assigns (`Solver.count += 1`) become module variables
// (`Solver_count`), read wherever the class's attribute is read and declared global by the
// functions assigning them (sema/class_variables.cpp). Runs after prepare_classes.
void class_variables_to_globals(ast::Module& module);

// Builds the ModuleInfo: imports, decorators, signatures, module-level names.
// Reports unknown decorators' misuse, bad signatures and the like to `diags`.
ModuleInfo analyze_module(const ast::Module& module, const SourceFile& file,
                          const std::vector<SignatureOverride>& overrides, Diagnostics& diags);

// The canonical dotted path an expression names, following imports
// ("cuda.threadIdx.x" -> "numba.cuda.threadIdx.x"), or "" when it is not a
// path rooted at an imported name.
std::string resolve_path(const ModuleInfo& info, const ast::Expr& expr);

// Evaluates a module constant on first use. Reports to `diags` and returns
// nullptr when the value is not a constant Numba could freeze.
const ConstValue* constant_value(ModuleInfo& info, Symbol& symbol, Diagnostics& diags);

// Evaluates an expression made of literals, frozen module constants and
// arithmetic (an array shape, say). Reports and returns nullopt otherwise.
std::optional<ConstValue> evaluate_constant(ModuleInfo& info, const ast::Expr& expr, Diagnostics& diags);

// Whether compiled Numba accepts `shape` as the shape of cuda.shared.array / cuda.local.array:
// its typing wants an integer literal or a tuple of them, and only literals, arithmetic of
// literals (CPython folds it), module-level Python ints and tuples of those type as literals. Arithmetic of names (`2 * BLOCK`), NumPy integers, len()
// and int() give int64, which the simulator accepts and compiled Numba rejects. Returns the
// part of `shape` that is no literal (an element of a tuple display), or nullptr.
const ast::Expr* numba_rejected_shape(ModuleInfo& info, const ast::Expr& shape);

// Parses a type expression (`float32[:, ::1]`, `int64`, `numba.types.float32`).
// Reports and returns nullptr on error.
TypeRef type_from_expr(const ModuleInfo& info, const ast::Expr& expr, Diagnostics& diags);

// Whether an expression spells a numba type or signature object (`void(int32[:])`,
// `(float64[:, ::1],)`, `types.int32`), as host code binds one to a name for @cuda.jit(sig).
// Quiet: reports nothing.
bool is_type_expression(const ModuleInfo& info, const ast::Expr& expr);

// Parses a signature expression: `void(float32[:], int64)`, `(float32[:],)`,
// `float32(float32, float32)`.
std::optional<Signature> signature_from_expr(const ModuleInfo& info, const ast::Expr& expr, Diagnostics& diags);

}  // namespace py2cuda::sema
