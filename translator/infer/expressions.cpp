// FunctionBuilder: typing expressions with Numba's rules and building their IR.
#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <functional>
#include <limits>
#include <set>

#include "builtins/table.h"
#include "infer/ast_queries.h"
#include "infer/builtin_typing.h"
#include "infer/function_builder.h"
#include "infer/host_nodes.h"
#include "infer/ir_literals.h"
#include "infer/reusable_values.h"
#include "ir/effects.h"
#include "types/numpy_rules.h"
#include "types/rules.h"

namespace py2cuda::infer {

namespace {

std::string display_path(const std::string& path) {
  if (path.rfind("numba.cuda.", 0) == 0) return "cuda." + path.substr(11);
  if (path.rfind("numpy.", 0) == 0) return "np." + path.substr(6);
  return path;
}

// The message for a dotted path with no row in the builtins table.
std::string unsupported_path_message(const std::string& path) {
  std::string shown = display_path(path);
  if (path == "numba.cuda.fp16.atomicAdd") {
    // numba-cuda types it atomicAdd(CPointer(float16), float16): no Python kernel can form that
    // pointer from an array, so Numba itself cannot compile a call with an array either.
    return "'" + shown + "' is not supported by py2cuda: numba-cuda declares it only for a CPointer(float16) "
           "address, which a kernel cannot take from an array (and cuda.atomic.add has no float16 version)";
  }
  if (path.rfind("numba.cuda.", 0) == 0) return "'" + shown + "' is not supported by py2cuda";
  if (path.rfind("math.", 0) == 0 || path.rfind("cmath.", 0) == 0) return "'" + shown + "' is not supported on the CUDA target";
  if (path.rfind("numpy.", 0) == 0) return "'" + shown + "' is not supported in CUDA kernels";
  return "'" + shown + "' cannot be used in a CUDA kernel";
}

// The message for a name bound nowhere in the file: Python's builtins (those py2cuda supports
// never get here) are named as such rather than as undefined, as Python would find them.
std::string unbound_name_message(const std::string& id, bool host) {
  static const std::set<std::string> kPythonBuiltins = {
      "abs",       "aiter",    "all",         "anext",     "any",        "ascii",    "bin",      "bool",
      "breakpoint", "bytearray", "bytes",     "callable",  "chr",        "classmethod", "compile", "complex",
      "delattr",   "dict",     "dir",         "divmod",    "enumerate",  "eval",     "exec",     "filter",
      "float",     "format",   "frozenset",   "getattr",   "globals",    "hasattr",  "hash",     "help",
      "hex",       "id",       "input",       "int",       "isinstance", "issubclass", "iter",   "len",
      "list",      "locals",   "map",         "max",       "memoryview", "min",      "next",     "object",
      "oct",       "open",     "ord",         "pow",       "print",      "property", "range",    "repr",
      "reversed",  "round",    "set",         "setattr",   "slice",      "sorted",   "staticmethod", "str",
      "sum",       "super",    "tuple",       "type",      "vars",       "zip"};
  if (!kPythonBuiltins.count(id)) return "name '" + id + "' is not defined";
  return "'" + id + "' is not supported " + (host ? "in host code" : "in CUDA kernels") + " by this version of py2cuda";
}

}  // namespace

std::string readonly_array_message(TypeRef array) {
  return "cannot modify readonly array of type " + array->str() +
         ": a module-level NumPy array is frozen into the kernel as a constant (constant memory); pass it as a "
         "kernel argument to write to it";
}

ir::ExprPtr FunctionBuilder::expr(const ast::Expr& e) { return static_number(unwrap_optional(maybe_optional(e))); }

ir::ExprPtr FunctionBuilder::unwrap_optional(ir::ExprPtr v) {
  if (!v || !v->type->is_optional()) return v;
  // Numba converts an Optional to its value where a value is needed, raising
  // TypeError when it holds None.
  auto value = std::make_unique<ir::BuiltinCall>(v->type->dtype(), host_ ? "py2cuda::host::unwrap({0})" : "py2cuda::unwrap({0})",
                                                 v->span);
  value->args.push_back(std::move(v));
  return value;
}

ir::ExprPtr FunctionBuilder::maybe_optional(const ast::Expr& e) {
  switch (e.kind) {
    case ast::ExprKind::Name: return name(ast::as<ast::Name>(e));
    case ast::ExprKind::IntLit: return literal_int(ast::as<ast::IntLit>(e));
    case ast::ExprKind::FloatLit: {
      const auto& lit = ast::as<ast::FloatLit>(e);
      if (lit.imaginary) {
        // `3j` is complex128 (Python's complex is two doubles).
        auto c = std::make_unique<ir::Const>(types::complex128(), e.span);
        c->im = lit.value;
        return c;
      }
      auto c = std::make_unique<ir::Const>(types::float64(), e.span);
      c->f = lit.value;
      return c;
    }
    case ast::ExprKind::BoolLit: {
      auto c = std::make_unique<ir::Const>(types::boolean(), e.span);
      c->b = ast::as<ast::BoolLit>(e).value;
      return c;
    }
    case ast::ExprKind::NoneLit: {
      // Only meaningful as `return None`; typed none.
      return std::make_unique<ir::Const>(types::none(), e.span);
    }
    case ast::ExprKind::StrLit:
      if (host_) return string_const(ast::as<ast::StrLit>(e).value, e.span);
      return fail(e.span, std::string(ast::as<ast::StrLit>(e).is_fstring ? "f-strings" : "strings") +
                              " are not supported in CUDA kernels");
    case ast::ExprKind::FString:
      if (host_) return fstring(ast::as<ast::FStringExpr>(e));
      return fail(e.span, "f-strings are not supported in CUDA kernels; pass the values to print() as separate arguments");
    case ast::ExprKind::Attribute: return attribute(ast::as<ast::Attribute>(e));
    case ast::ExprKind::Subscript: return subscript(ast::as<ast::Subscript>(e));
    case ast::ExprKind::Call: {
      auto v = call(ast::as<ast::Call>(e));
      if (v && v->kind == ir::ExprKind::LocalArray && &e != alloc_site_) {
        return fail(e.span, "cuda.shared.array and cuda.local.array must be assigned directly to a variable");
      }
      return v;
    }
    case ast::ExprKind::Binary: return binary(ast::as<ast::Binary>(e));
    case ast::ExprKind::Unary: return unary(ast::as<ast::Unary>(e));
    case ast::ExprKind::BoolOp: return boolop(ast::as<ast::BoolOpExpr>(e));
    case ast::ExprKind::Compare: return compare(ast::as<ast::Compare>(e));
    case ast::ExprKind::IfExp: return ifexp(ast::as<ast::IfExp>(e));
    case ast::ExprKind::Tuple: {
      std::vector<ir::ExprPtr> elems;
      std::vector<TypeRef> ts;
      for (const auto& x : ast::as<ast::TupleExpr>(e).elts) {
        auto v = display_item(*x);
        if (!v) return nullptr;
        if (v->type->is_none() || (v->type->is_array() && !host_)) {
          return fail(x->span, "tuples of " + v->type->str() + " are not supported");
        }
        ts.push_back(v->type);
        elems.push_back(std::move(v));
      }
      if (elems.empty() && !host_) return fail(e.span, "empty tuples are not supported in CUDA kernels");
      auto t = std::make_unique<ir::TupleMake>(types::tuple(ts), e.span);
      t->elements = std::move(elems);
      return t;
    }
    case ast::ExprKind::Comprehension: {
      const auto& g = ast::as<ast::ComprehensionExpr>(e);
      if (host_) return g.is_dict ? dict_comprehension(g) : list_comprehension(g);
      return fail(e.span, std::string(g.is_dict ? "a dict comprehension" : g.is_list ? "a list comprehension" : "a generator expression") +
                              (host_ ? " is supported in host code only as the argument of str.join() or sum()"
                                     : " is not supported in CUDA kernels"));
    }
    case ast::ExprKind::List:
      if (host_) return list_value(ast::as<ast::ListExpr>(e));
      return fail(e.span, "lists are not supported in CUDA kernels; use a tuple or cuda.local.array");
    case ast::ExprKind::Dict:
      if (host_) return dict_display(ast::as<ast::DictExpr>(e));
      return fail(e.span, "dict display is not supported in CUDA kernels");
    case ast::ExprKind::Lambda:
      if (host_) {
        return fail(e.span, "py2cuda translates a lambda where it is the key= of sorted(), list.sort(), min() or max(), "
                            "or assigned to a name that is called");
      }
      return fail(e.span, "lambda is not supported in CUDA kernels");
    case ast::ExprKind::Slice: return fail(e.span, "a slice is only valid inside brackets");
    case ast::ExprKind::Starred:
      return fail(e.span, "a starred expression (*x) outside a call's arguments is not supported in CUDA kernels");
    case ast::ExprKind::Unsupported:
      return fail(e.span, ast::as<ast::UnsupportedExpr>(e).what + " is not supported in CUDA kernels");
  }
  return nullptr;
}

ir::ExprPtr FunctionBuilder::literal_int(const ast::IntLit& lit) {
  // Host code computes Python's ints as int64: arithmetic whose value leaves it (2 ** 63, 10 ** 20)
  // would wrap, so it is reported; a literal beyond int64 written as such is NumPy's uint64.
  if (host_ && (lit.overflow || (lit.folded && lit.value > static_cast<uint64_t>(INT64_MAX)))) {
    return fail(lit.span, "the Python int " + lit.text + " does not fit in 64 bits: py2cuda computes host ints as int64, "
                          "which would wrap (Python's ints have no bound); use a float (1e20) or keep values below 2**63");
  }
  if (lit.overflow) return fail(lit.span, "integer literal " + lit.text + " does not fit in 64 bits");
  // Numba types an int literal as int64, or uint64 when it only fits there.
  TypeRef t = lit.value > static_cast<uint64_t>(std::numeric_limits<int64_t>::max()) ? types::uint64() : types::int64();
  auto c = std::make_unique<ir::Const>(t, lit.span);
  c->bits = lit.value;
  return c;
}

ir::ExprPtr FunctionBuilder::name(const ast::Name& n) {
  if (auto it = comprehension_vars_.find(n.id); it != comprehension_vars_.end()) {
    return std::make_unique<ir::VarRef>(it->second, n.span);
  }
  if (lambda_aliases_.count(n.id)) {
    return fail(n.span, "'" + n.id + "' holds a lambda, which py2cuda applies where it is called (" + n.id +
                            "(...)) or passed as key=; it is not a value otherwise");
  }
  if (auto it = dtype_aliases_.find(n.id); host_ && it != dtype_aliases_.end()) {
    return dtype_class_repr(it->second, n.span);
  }
  if (host_ && n.id == "__doc__" && !locals_.count(n.id) && !mb_.info().globals.count(n.id)) {
    // The module's docstring (ArgumentParser(description=__doc__)), or None.
    if (!mb_.info().docstring) return std::make_unique<ir::Const>(types::none(), n.span);
    return string_const(*mb_.info().docstring, n.span);
  }
  if (auto it = function_aliases_.find(n.id); it != function_aliases_.end()) {
    return fail(n.span, "'" + n.id + "' holds the function '" + it->second->name +
                            "', which py2cuda resolves at translation time: it can be launched or called, not used "
                            "as a value");
  }
  if (display_aliases_.count(n.id)) {
    return fail(n.span, "'" + n.id + "' holds functions (a display of them), which py2cuda resolves at "
                            "translation time: a for loop or a comprehension can go over it, len() measure it and a "
                            "literal index or key pick one; it is not a value otherwise");
  }
  if (type_values_.count(n.id)) {
    return fail(n.span, "'" + n.id + "' holds a numba type, which py2cuda reads where a decorator names it "
                        "(@cuda.jit(" + n.id + ")); host code cannot use it as a value");
  }
  if (locals_.count(n.id)) {
    ir::Variable* v = variable(binding(n.id));
    if (v->caught_exception && !bound_exceptions_.count(v)) {
      // Python deletes the name at the end of its except clause.
      return fail(n.span, "'" + n.id + "' names the exception of an except clause (except ... as " + n.id +
                              "), which exists only inside that clause");
    }
    if (!v->type) {
      // A variable whose assignment already failed is not reported again.
      if (final_ && !poisoned_.count(n.id)) D().error(n.span, "local variable '" + n.id + "' is used before it is assigned");
      return nullptr;
    }
    // Only ever bound to None: the value None itself, as Numba types it (there is no object to
    // keep; `CACHE = None` at module level with `if CACHE is None:` below).
    if (v->type->is_none()) return std::make_unique<ir::Const>(types::none(), n.span);
    note_use(v, false, nullptr);
    return std::make_unique<ir::VarRef>(v, n.span);
  }
  if (host_ && mb_.is_shared_global(n.id)) return shared_global_read(n.id, n.span);
  return global(n.id, n.span);
}

ir::ExprPtr FunctionBuilder::constant(const sema::ConstValue& v, Span s) {
  if (v.type->is_tuple()) {
    auto t = std::make_unique<ir::TupleMake>(v.type, s);
    for (const auto& e : v.elements) t->elements.push_back(constant(e, s));
    return t;
  }
  auto c = std::make_unique<ir::Const>(v.type, s);
  c->bits = v.bits;
  c->f = v.f;
  c->im = v.im;
  c->b = v.b;
  return c;
}

ir::ExprPtr FunctionBuilder::global(const std::string& id, Span s) {
  auto& globals = mb_.info().globals;
  auto it = globals.find(id);
  if (it == globals.end()) {
    std::string path = resolve_path(mb_.info(), ast::Name(s, id));
    if (const builtins::Builtin* b = path.empty() ? nullptr : builtins::find(path)) {
      if (!b->is_call) return type_builtin(*b, {}, s, D());
      return fail(s, "'" + id + "' must be called");
    }
    if (poisoned_.count(id)) return nullptr;  // its binding failed, and was reported there
    return fail(s, unbound_name_message(id, host_));
  }
  sema::Symbol& sym = it->second;
  switch (sym.kind) {
    case sema::Symbol::Kind::Constant: {
      // `CACHE = None`, never rebound: the value None, which Numba freezes as none too.
      if (sym.value_expr && sym.value_expr->kind == ast::ExprKind::NoneLit) {
        return std::make_unique<ir::Const>(types::none(), s);
      }
      if (!host_ && mb_.frozen_at_launch(id)) return launch_frozen_read(id, s);
      Diagnostics why(D().file());
      const sema::ConstValue* v = sema::constant_value(mb_.info(), sym, why);
      if (!v) {
        auto& d = sym.closure_function.empty()
                      ? D().error(s, "global '" + id + "' is not a constant py2cuda can freeze into the kernel")
                      : D().error(s, "'" + sym.closure_variable + "', a variable of the function '" +
                                         sym.closure_function + "' around the kernel, is not a constant py2cuda "
                                         "can freeze into it (Numba freezes its value at the first launch, and "
                                         "captures a device array by its pointer); pass it as an argument");
        for (const auto& w : why.all()) Diagnostics::note(d, w.span, w.message);
        return nullptr;
      }
      bool has_half = v->type == types::float16();
      if (v->type->is_tuple()) {
        for (TypeRef e : v->type->elements()) has_half = has_half || e == types::float16();
      }
      if (has_half) {
        // numba-cuda 0.30.4 emits a frozen float16 global as IR that NVVM
        // rejects (ERROR_INVALID_IR): Numba cannot compile such a kernel.
        return fail(s, "global '" + id + "' is a float16 constant, which Numba's CUDA target cannot compile (NVVM "
                       "rejects the IR numba-cuda generates for it); write np.float16(...) in the kernel or pass "
                       "the value as an argument");
      }
      // Tuples and complex numbers are written where they are used: a literal each.
      if (v->type->is_tuple() || v->type->is_complex()) return constant(*v, s);
      std::string cpp = mb_.constant_name(id, sym, *v, host_);
      if (v->type->is_array() && host_) {
        // A host function reads the module's array: a NumPy array of the frozen values.
        TypeRef host_type = types::array(v->type->dtype(), static_cast<int>(v->shape.size()), Layout::C);
        return std::make_unique<ir::GlobalRef>("py2cuda::host::frozen_array(" + cpp + "_host)", host_type, s);
      }
      if (v->type->is_array()) {
        int64_t bytes = std::max(v->type->dtype()->bits() / 8, 1);
        for (int64_t d : v->shape) bytes *= d;
        if (bytes > 65536 && !host_) {
          return fail(s, "global '" + id + "' (" + std::to_string(bytes) + " bytes) is too large to freeze into the "
                         "kernel: constant memory holds 64 KiB; pass the array as a kernel argument");
        }
        // A frozen NumPy array: a __constant__ array, read through a read-only view.
        auto ref = std::make_unique<ir::GlobalRef>("py2cuda::constant_view(" + cpp + ")", v->type, s);
        ref->shape = v->shape;
        return ref;
      }
      auto ref = std::make_unique<ir::GlobalRef>(cpp, v->type, s);
      ref->nonnegative = v->type->is_float() ? v->f >= 0
                         : v->type->is_int() && v->type->is_signed() ? static_cast<int64_t>(v->bits) >= 0
                                                                      : true;
      ref->nonzero = v->type->is_float() ? v->f != 0 : v->type->is_bool() ? v->b : v->bits != 0;
      return ref;
    }
    case sema::Symbol::Kind::HostValue:
      if (!host_ && mb_.frozen_at_launch(id)) return launch_frozen_read(id, s);
      return fail(s, "global '" + id +
                         "' is not a constant: Numba freezes module globals when it compiles a kernel, and '" + id +
                         "' is rebound at module level; pass it as an argument instead");
    case sema::Symbol::Kind::Function:
      if (host_) {
        return fail(s, "function '" + id + "' can only be launched, called, bound to a name (k = " + id +
                           ") or listed in the list or tuple a for loop goes over, not used as a value");
      }
      return fail(s, "function '" + id + "' can only be called here, not used as a value");
    case sema::Symbol::Kind::External:
      return fail(s, "external function '" + id + "' (cuda.declare_device) can only be called here, not used as a value");
    case sema::Symbol::Kind::Path: {
      if (const builtins::Builtin* b = builtins::find(sym.path)) {
        if (!b->is_call) return type_builtin(*b, {}, s, D());
        return fail(s, "'" + id + "' must be called");
      }
      return fail(s, "module or object '" + display_path(sym.path) + "' cannot be used as a value in a kernel");
    }
  }
  return nullptr;
}

// A global only the running program knows, read in a kernel or device function: the
// __constant__ copy the host code sets at the first launch (ModuleBuilder::frozen_at_launch),
// typed as Numba types a frozen global, a readonly C array or a number.
ir::ExprPtr FunctionBuilder::launch_frozen_read(const std::string& id, Span s) {
  const TypeRef host_type = mb_.shared_global_type(id);
  if (!host_type) {
    const bool kernel = entry_.kind == FunctionKind::Kernel;
    return fail(s, "global '" + id + "' is computed by the program when it runs, and this function is typed before "
                   "the module's code assigns it (a function with a signature is compiled where it is defined; "
                   "without one, Numba freezes a global at the kernel's first launch); " +
                   (kernel ? "launch the kernel without a signature, or pass '" + id + "' as an argument"
                           : "pass '" + id + "' as an argument"));
  }
  TypeRef type = nullptr;
  if (host_type->is_array() && !host_type->is_device_array() && host_type->dtype()->is_number()) {
    type = types::array(host_type->dtype(), host_type->ndim(), Layout::C, /*readonly=*/true);
  } else if (host_type->is_number()) {
    type = host_type;
  }
  if (!type || (host_type->is_array() ? host_type->dtype() : host_type) == types::float16()) {
    return fail(s, "global '" + id + "' is a " + host_type->str() + " computed by the program when it runs; py2cuda "
                   "freezes such a global into a kernel at its first launch when it is a NumPy array or a number of "
                   "one type; pass it to the kernel as an argument");
  }
  auto ref = std::make_unique<ir::GlobalRef>(mb_.launch_frozen_global(id, type), type, s);
  ref->frozen_at_launch = true;
  return ref;
}

ir::ExprPtr FunctionBuilder::attribute(const ast::Attribute& a) {
  if (host_ && a.value->kind == ast::ExprKind::Call) {
    bool handled = false;
    auto v = attribute_of_call(a, handled);
    if (handled) return v;
  }
  if (host_ && resolve_path(mb_.info(), a) == "sys.argv") {
    // The script's name as `python prog.py` shows it: the path py2cuda was given.
    auto argv = std::make_unique<ir::BuiltinCall>(types::host_object("str_list"), "py2cuda::host::sys_argv({0})", a.span);
    argv->args.push_back(string_const(D().file().path(), a.span));
    return argv;
  }
  if (host_ && resolve_path(mb_.info(), a) == "numba.cuda.gpus") {
    return std::make_unique<ir::BuiltinCall>(types::host_object("DeviceList"), "py2cuda::host::gpus()", a.span);
  }
  if (host_ && a.attr == "__name__" && a.value->kind == ast::ExprKind::Call &&
      is_builtin_name(*ast::as<ast::Call>(*a.value).func, "type")) {
    return python_type_of(ast::as<ast::Call>(*a.value), true);
  }
  if (const FunctionEntry* f = host_ && a.attr == "__name__" ? function_value(*a.value) : nullptr) {
    return string_const(f->name, a.span);  // kernel.__name__: the Python function's name
  }
  if (host_ && (a.attr == "__name__" || dtype_class_path(*a.value).rfind("dtype ", 0) == 0)) {
    bool handled = false;
    auto name = dtype_class_attribute(a, handled);
    if (handled) return name;
  }
  if (host_) {
    // print(np.float32): the class as Python shows it.
    if (std::string cls = dtype_class_path(a); !cls.empty()) return dtype_class_repr(cls, a.span);
  }
  if (host_ && a.attr == "name" && a.value->kind == ast::ExprKind::Attribute &&
      ast::as<ast::Attribute>(*a.value).attr == "dtype") {
    // a.dtype.name: the dtype's name, which is how host code holds a dtype.
    auto dtype = attribute(ast::as<ast::Attribute>(*a.value));
    if (!dtype || dtype->type->is_string()) return dtype;
  }
  if (host_ && (a.attr == "kind" || a.attr == "itemsize") && a.value->kind == ast::ExprKind::Attribute &&
      ast::as<ast::Attribute>(*a.value).attr == "dtype") {
    // a.dtype.kind ('b', 'i', 'u', 'f', 'c') and a.dtype.itemsize: the array's static dtype's.
    auto owner = expr(*ast::as<ast::Attribute>(*a.value).value);
    if (!owner) return nullptr;
    if (owner->type->is_array()) {
      TypeRef d = owner->type->dtype();
      if (a.attr == "itemsize") return int64_literal(numpy_rules::dtype_itemsize(d), a.span);
      return string_const(numpy_rules::dtype_kind(d), a.span);
    }
  }
  if (host_) {
    bool handled = false;
    auto info = host_type_info(a, handled);
    if (handled) return info;
  }
  if (host_) {
    bool handled = false;
    auto v = host_attribute(a, handled);
    if (handled) return v;
  }
  // Attributes of values: array shape/size/ndim.
  bool is_value = false;
  if (a.value->kind == ast::ExprKind::Name) {
    const std::string& base = ast::as<ast::Name>(*a.value).id;
    is_value = locals_.count(base) || comprehension_vars_.count(base) || (mb_.info().globals.count(base) &&
                                       mb_.info().globals.at(base).kind != sema::Symbol::Kind::Path);
  } else {
    is_value = resolve_path(mb_.info(), *a.value).empty();
  }
  if (is_value) {
    auto base = expr(*a.value);
    if (!base) return nullptr;
    if (base->type->is_array()) {
      TypeRef at = base->type;
      if (a.attr == "shape") {
        std::vector<TypeRef> ts(at->ndim(), types::int64());
        auto t = std::make_unique<ir::TupleMake>(types::tuple(ts), a.span);
        // Each element re-reads the array view: a view is a plain value.
        for (int d = 0; d < at->ndim(); ++d) {
          auto again = expr(*a.value);
          t->elements.push_back(std::make_unique<ir::Shape>(std::move(again), d, a.span));
        }
        return t;
      }
      if (a.attr == "size") return std::make_unique<ir::Size>(std::move(base), a.span);
      if (a.attr == "ndim") {
        return int64_literal(at->ndim(), a.span);
      }
      if (!host_ && (a.attr == "strides" || a.attr == "itemsize" || a.attr == "nbytes")) {
        // Numba's array struct holds byte strides; py2cuda's Array counts elements (array.h).
        const TypeRef dtype = at->dtype();
        const std::string itemsize = "int64_t(sizeof({t0}))";
        if (a.attr == "itemsize") return call_node(types::int64(), itemsize, a.span, {}, {dtype});
        if (a.attr == "nbytes") {
          return call_node(types::int64(), "{0}.size() * " + itemsize, a.span, args_of(std::move(base)), {dtype});
        }
        std::vector<TypeRef> ts(at->ndim(), types::int64());
        auto t = std::make_unique<ir::TupleMake>(types::tuple(ts), a.span);
        for (int d = 0; d < at->ndim(); ++d) {
          auto again = expr(*a.value);  // a view is a plain value, read again as .shape does
          t->elements.push_back(call_node(types::int64(), "{0}.strides[" + std::to_string(d) + "] * " + itemsize, a.span,
                                          args_of(std::move(again)), {dtype}));
        }
        return t;
      }
    }
    if (base->type->is_complex() && (a.attr == "real" || a.attr == "imag")) {
      auto part = std::make_unique<ir::BuiltinCall>(types::complex_part(base->type), "{0}." + a.attr, a.span);
      part->args.push_back(std::move(base));
      return part;
    }
    if (base->type->is_number() && (a.attr == "real" || a.attr == "imag")) {
      // Numba: a real number is its own real part; its imaginary part is a zero of its type.
      if (a.attr == "real") return base;
      return convert(int64_literal(0, a.span), base->type);
    }
    return fail(a.attr_span, "'" + base->type->str() + "' has no attribute '" + a.attr + "' supported by py2cuda");
  }
  std::string path = resolve_path(mb_.info(), a);
  if (path.empty()) {
    const ast::Expr* root = a.value.get();
    while (root->kind == ast::ExprKind::Attribute) root = ast::as<ast::Attribute>(*root).value.get();
    if (root->kind == ast::ExprKind::Name) return global(ast::as<ast::Name>(*root).id, root->span);
    return fail(a.span, "cannot resolve this attribute");
  }
  if (const builtins::Builtin* b = builtins::find(path)) {
    if (b->is_call) return fail(a.span, "'" + display_path(path) + "' must be called");
    return type_builtin(*b, {}, a.span, D());
  }
  if (path == "sys.maxsize") {
    // A module constant Numba freezes like any int global (np.set_printoptions(threshold=sys.maxsize)).
    return int64_literal(INT64_MAX, a.span);
  }
  return fail(a.span, unsupported_path_message(path));
}

// `simulate(4).shape`, `run().dtype`: an array attribute of a call with effects. Python calls
// it once, whatever the attribute reads (each extent, or nothing but the static dtype): the
// value is bound to a variable first, then the attribute read from it.
ir::ExprPtr FunctionBuilder::attribute_of_call(const ast::Attribute& a, bool& handled) {
  handled = false;
  static const std::set<std::string> kArrayAttributes = {"shape", "dtype", "ndim", "size", "T", "strides",
                                                         "itemsize", "nbytes", "flags"};
  const auto& call = ast::as<ast::Call>(*a.value);
  const bool user_function = function_value(*call.func) != nullptr;
  if (!kArrayAttributes.count(a.attr) || !(user_function || call.func->kind == ast::ExprKind::Attribute)) {
    return nullptr;
  }
  if (!user_function && !resolve_path(mb_.info(), *call.func).empty()) return nullptr;  // np.zeros(...).shape
  handled = true;
  auto value = expr(call);
  if (!value) return nullptr;
  if (!value->type->is_array() || !ir::has_effects(*value, ir::EffectRules{.divisions_raise = true})) {
    handled = false;  // read as any attribute is (the call typed again there)
    return nullptr;
  }
  const std::string key = "value of the call at " + std::to_string(a.span.line) + ":" + std::to_string(a.span.col);
  return with_held(std::move(value), "value", [&](ir::Variable* held) -> ir::ExprPtr {
    comprehension_vars_[key] = held;
    auto read = std::make_unique<ast::Attribute>(a.span, std::make_unique<ast::Name>(a.value->span, key), a.attr,
                                                 a.attr_span);
    auto body = attribute(*read);
    comprehension_vars_.erase(key);
    synthetic_ast_.push_back(std::move(read));
    return body;
  });
}

ir::ExprPtr FunctionBuilder::with_held(ir::ExprPtr value, const std::string& stem,
                                       const std::function<ir::ExprPtr(ir::Variable*)>& body) {
  if (value->kind == ir::ExprKind::Var) return body(static_cast<ir::VarRef&>(*value).var);
  ir::Variable* held = temporary(stem, value->type);
  auto result = body(held);
  if (!result) return nullptr;
  const Span s = value->span;
  auto let = std::make_unique<ir::Let>(held, std::move(value), s);
  let->type = result->type;
  let->body = std::move(result);
  return let;
}

ir::ExprPtr FunctionBuilder::index_expr(const ast::Expr& idx) {
  auto v = expr(idx);
  if (!v) return nullptr;
  if (v->type->is_bool()) return convert(std::move(v), types::int64());
  if (!v->type->is_int()) {
    return fail(idx.span, "array index must be an integer, not " + v->type->str());
  }
  return v;
}

// `shape[::-1]`, `t[1:]`: a tuple's slice with constant bounds is the tuple of the elements
// it selects (Python's slice rules), its type known here; the tuple is evaluated once.
ir::ExprPtr FunctionBuilder::tuple_slice(ir::ExprPtr base, const ast::Subscript& s) {
  const auto& sl = ast::as<ast::Slice>(*s.index);
  const int64_t n = static_cast<int64_t>(base->type->elements().size());
  std::optional<int64_t> bound[3];
  const ast::Expr* parts[3] = {sl.lower.get(), sl.upper.get(), sl.step.get()};
  for (int k = 0; k < 3; ++k) {
    if (!parts[k] || parts[k]->kind == ast::ExprKind::NoneLit) continue;
    auto v = expr(*parts[k]);
    if (!v) return nullptr;
    if (v->kind != ir::ExprKind::Const || !(v->type->is_int() || v->type->is_bool())) {
      return fail(parts[k]->span, "a tuple is sliced by constant integers in py2cuda (the result's length is in its type)");
    }
    bound[k] = static_cast<int64_t>(static_cast<const ir::Const&>(*v).bits);
  }
  const int64_t step = bound[2].value_or(1);
  if (step == 0) return fail(sl.step->span, "slice step cannot be zero (ValueError)");
  // CPython's PySlice_AdjustIndices.
  auto adjust = [&](std::optional<int64_t> b, int64_t fallback) {
    if (!b) return fallback;
    int64_t v = *b;
    if (v < 0) {
      v += n;
      if (v < 0) v = step < 0 ? -1 : 0;
    } else if (v >= n) {
      v = step < 0 ? n - 1 : n;
    }
    return v;
  };
  const int64_t start = adjust(bound[0], step < 0 ? n - 1 : 0);
  const int64_t stop = adjust(bound[1], step < 0 ? -1 : n);
  std::vector<int64_t> picked;
  for (int64_t i = start; step > 0 ? i < stop : i > stop; i += step) picked.push_back(i);
  std::vector<TypeRef> elements;
  for (int64_t i : picked) elements.push_back(base->type->elements()[static_cast<size_t>(i)]);
  TypeRef t = base->type->is_list_display() ? types::list_display(elements) : types::tuple(elements);
  auto made = std::make_unique<ir::TupleMake>(t, s.span);
  if (base->kind == ir::ExprKind::TupleMake) {
    auto& whole = static_cast<ir::TupleMake&>(*base);
    for (int64_t i : picked) made->elements.push_back(std::move(whole.elements[static_cast<size_t>(i)]));
    return made;
  }
  ir::Variable* tuple = temporary("tup", base->type);
  for (int64_t i : picked) {
    made->elements.push_back(std::make_unique<ir::TupleGet>(base->type->elements()[static_cast<size_t>(i)],
                                                            std::make_unique<ir::VarRef>(tuple, s.span),
                                                            static_cast<int>(i), s.span));
  }
  auto let = std::make_unique<ir::Let>(tuple, std::move(base), s.span);
  let->type = t;
  let->body = std::move(made);
  return let;
}

ir::ExprPtr FunctionBuilder::subscript(const ast::Subscript& s) {
  if (host_ && (s.value->kind == ast::ExprKind::Attribute || s.value->kind == ast::ExprKind::Name)) {
    const std::string path = resolve_path(mb_.info(), *s.value);
    if (path == "numpy.mgrid" || path == "numpy.ogrid") return index_grid(s, path == "numpy.ogrid");
  }
  auto base = expr(*s.value);
  if (!base) return nullptr;
  TypeRef bt = base->type;
  if (std::string cls = host_ ? instance_class(bt) : ""; !cls.empty()) {
    const FunctionEntry* m = special_method(bt, "__getitem__");
    if (!m) return fail(s.value->span, "'" + cls + "' object is not subscriptable (TypeError; define __getitem__)");
    auto idx = expr(*s.index);
    return idx ? call_special(*m, args_of(std::move(base), std::move(idx)), s.span) : nullptr;
  }
  if (bt->is_dict()) return dict_item(std::move(base), s);
  if (host_ && bt->is_string()) return str_subscript(std::move(base), s);
  if (bt->is_tuple() && s.index->kind == ast::ExprKind::Slice) return tuple_slice(std::move(base), s);
  if (bt->is_tuple()) {
    // Tuples are indexed by constants only: each element may have its own type.
    auto idx = expr(*s.index);
    if (!idx) return nullptr;
    int64_t n = static_cast<int64_t>(bt->elements().size());
    if (idx->kind != ir::ExprKind::Const || !idx->type->is_int()) {
      if (!idx->type->is_int() && !idx->type->is_bool()) {
        return fail(s.index->span, "tuple index must be an integer, not " + idx->type->str());
      }
      if (!bt->is_uniform_tuple()) {
        return fail(s.index->span, "a tuple of mixed types (" + bt->str() +
                                       ") can only be indexed by a constant integer");
      }
      // A UniTuple indexed at run time (Numba allows it).
      auto at = std::make_unique<ir::BuiltinCall>(bt->elements()[0], "py2cuda::tuple_at({0}, {1})", s.span);
      at->args.push_back(std::move(base));
      at->args.push_back(std::move(idx));
      return at;
    }
    int64_t i = static_cast<int64_t>(static_cast<ir::Const&>(*idx).bits);
    if (s.index->kind == ast::ExprKind::Unary) i = static_cast<int64_t>(static_cast<ir::Const&>(*idx).bits);
    if (i < 0) i += n;
    if (i < 0 || i >= n) return fail(s.index->span, "tuple index out of range for " + bt->str());
    if (base->kind == ir::ExprKind::TupleMake) {
      return std::move(static_cast<ir::TupleMake&>(*base).elements[i]);
    }
    return std::make_unique<ir::TupleGet>(bt->elements()[i], std::move(base), static_cast<int>(i), s.span);
  }
  if (host_ && bt == types::host_object("str_list")) return str_list_subscript(std::move(base), s);
  if (host_ && bt == types::host_object("DeviceList") && s.index->kind != ast::ExprKind::Slice) {
    auto i = expr(*s.index);
    if (!i) return nullptr;
    if (!i->type->is_int()) return fail(s.index->span, "list indices must be integers, not " + i->type->str());
    return call_node(types::host_object("ManagedDevice"), "py2cuda::host::device_at({0}, {1})", s.span,
                     args_of(std::move(base), convert(std::move(i), types::int64())));
  }
  if (host_ && bt->is_set()) return fail(s.span, "'set' object is not subscriptable");
  if (host_ && bt->is_list()) return list_subscript(std::move(base), s);
  if (host_ && bt->kind() == TypeKind::Range && s.index->kind != ast::ExprKind::Slice) {
    auto i = expr(*s.index);
    if (!i) return nullptr;
    if (!i->type->is_int() && !i->type->is_bool()) {
      return fail(s.index->span, "range indices must be integers, not " + i->type->str());
    }
    return call_node(types::int64(), "py2cuda::host::range_at({0}, {1})", s.span,
                     args_of(std::move(base), convert(std::move(i), types::int64())));
  }
  if (!bt->is_array()) return fail(s.value->span, "a value of type " + bt->str() + " cannot be indexed");
  if (host_) {
    bool handled = false;
    auto v = host_subscript(base, s, nullptr, handled);
    if (handled) return v;
  }
  std::vector<const ast::Expr*> idxs;
  if (s.index->kind == ast::ExprKind::Tuple) {
    for (const auto& e : ast::as<ast::TupleExpr>(*s.index).elts) idxs.push_back(e.get());
  } else {
    idxs.push_back(s.index.get());
  }
  if (static_cast<int>(idxs.size()) > bt->ndim()) {
    return fail(s.index->span, "too many indices for " + bt->str() + ": " + std::to_string(idxs.size()) + " given");
  }
  // The indices, integers converted to their index types; slices stay AST.
  std::vector<ir::ExprPtr> integers(idxs.size());
  if (idxs.size() == 1 && idxs[0]->kind != ast::ExprKind::Slice) {
    // `a[t]` with a tuple of integers `t` indexes one dimension per element.
    auto probe = expr(*idxs[0]);
    if (!probe) return nullptr;
    if (probe->type->is_tuple()) {
      const auto& elems = probe->type->elements();
      if (static_cast<int>(elems.size()) > bt->ndim()) {
        return fail(s.index->span, "too many indices for " + bt->str() + ": " + std::to_string(elems.size()) + " given");
      }
      std::vector<ir::ExprPtr> parts;
      for (size_t k = 0; k < elems.size(); ++k) {
        if (!elems[k]->is_int() && !elems[k]->is_bool()) {
          return fail(s.index->span, "array index must be an integer, not " + elems[k]->str());
        }
        auto again = expr(*idxs[0]);
        ir::ExprPtr part;
        if (again->kind == ir::ExprKind::TupleMake) {
          part = std::move(static_cast<ir::TupleMake&>(*again).elements[k]);
        } else {
          part = std::make_unique<ir::TupleGet>(elems[k], std::move(again), static_cast<int>(k), s.index->span);
        }
        parts.push_back(convert(std::move(part), elems[k]->is_bool() ? types::int64() : elems[k]));
      }
      if (static_cast<int>(parts.size()) < bt->ndim()) return array_view(std::move(base), std::move(parts), {}, s);
      auto node = std::make_unique<ir::Index>(bt->dtype(), std::move(base), s.span);
      node->indices = std::move(parts);
      return node;
    }
  }
  bool sliced = static_cast<int>(idxs.size()) < bt->ndim();
  for (size_t k = 0; k < idxs.size(); ++k) {
    if (idxs[k]->kind == ast::ExprKind::Slice) {
      sliced = true;
      continue;
    }
    integers[k] = index_expr(*idxs[k]);
    if (!integers[k]) return nullptr;
  }
  if (sliced) return array_view(std::move(base), std::move(integers), idxs, s);
  auto node = std::make_unique<ir::Index>(bt->dtype(), std::move(base), s.span);
  node->indices = std::move(integers);
  return node;
}

ir::ExprPtr FunctionBuilder::slice_bound(const ast::Expr* bound) {
  if (!bound || bound->kind == ast::ExprKind::NoneLit) return nullptr;
  auto v = expr(*bound);
  if (!v) return nullptr;
  if (!v->type->is_int()) {
    return fail(bound->span, "slice bounds must be integers or None, not " + v->type->str());
  }
  return v;  // the runtime's slice() widens any integer to int64, as Numba's slices hold intp
}

ir::ExprPtr FunctionBuilder::array_view(ir::ExprPtr base, std::vector<ir::ExprPtr> integers,
                                        const std::vector<const ast::Expr*>& idxs, const ast::Subscript& s) {
  // py2cuda::view(a, i, py2cuda::slice(lo, hi, step), ...): every dimension written
  // out, those not indexed as `py2cuda::slice()`, so the reader sees what is kept.
  TypeRef bt = base->type;
  std::vector<rules::ViewIndex> kinds;
  std::string pattern = "py2cuda::view({0}";
  std::vector<ir::ExprPtr> args;
  args.push_back(std::move(base));
  auto arg = [&](ir::ExprPtr e) {
    pattern += "{" + std::to_string(args.size()) + "}";
    args.push_back(std::move(e));
  };
  int kept = 0;
  for (size_t k = 0; k < integers.size(); ++k) {
    pattern += ", ";
    if (integers[k]) {
      kinds.push_back(rules::ViewIndex::Integer);
      arg(std::move(integers[k]));
      continue;
    }
    ++kept;
    const auto& sl = ast::as<ast::Slice>(*idxs[k]);
    bool failed = false;
    auto bound = [&](const ast::Expr* b) {
      auto v = slice_bound(b);
      if (b && b->kind != ast::ExprKind::NoneLit && !v) failed = true;
      return v;
    };
    auto lo = bound(sl.lower.get());
    auto hi = bound(sl.upper.get());
    auto step = bound(sl.step.get());
    if (failed) return nullptr;
    // Numba types `lo:hi:step` as a slice with a step whatever its value.
    kinds.push_back(sl.step && sl.step->kind != ast::ExprKind::NoneLit ? rules::ViewIndex::SteppedSlice
                                                                        : rules::ViewIndex::Slice);
    if (!lo && !hi && !step) {
      pattern += "py2cuda::slice()";
      continue;
    }
    pattern += "py2cuda::slice(";
    if (lo) arg(std::move(lo)); else pattern += "py2cuda::none";
    pattern += ", ";
    if (hi) arg(std::move(hi)); else pattern += "py2cuda::none";
    if (step) {
      pattern += ", ";
      arg(std::move(step));
    }
    pattern += ")";
  }
  for (int d = static_cast<int>(integers.size()); d < bt->ndim(); ++d) {
    pattern += ", py2cuda::slice()";
    kinds.push_back(rules::ViewIndex::Slice);
    ++kept;
  }
  pattern += ")";
  // A view of a frozen (readonly) array is readonly too, as in Numba.
  TypeRef result = types::array(bt->dtype(), kept, rules::view_layout(bt, kinds), bt->is_readonly());
  // Host code: a slice of a device array is a device array too (d_a[:n]).
  if (bt->is_device_array()) result = types::with_device(result, true);
  auto call = std::make_unique<ir::BuiltinCall>(result, pattern, s.span);
  call->args = std::move(args);
  call->bare_literals = true;
  return call;
}

ir::ExprPtr FunctionBuilder::call(const ast::Call& c) {
  if (host_ && c.has_star_args) return starred_call(c);  // infer/starred_arguments.cpp
  if (c.has_star_args) return fail(c.span, "*args and **kwargs in calls are not supported in CUDA kernels");
  if (!host_ && c.func->kind == ast::ExprKind::Name) {
    // `g = lambda x: x - 1` or `def f(x): return ...` in a kernel: applied where it is called.
    if (auto it = lambda_aliases_.find(ast::as<ast::Name>(*c.func).id); it != lambda_aliases_.end()) {
      return lambda_call(c, *it->second);
    }
  }
  // `f.py_func(...)`: the Python function a CPU @jit or device function compiles, run as Python.
  if (python_host() && c.func->kind == ast::ExprKind::Attribute && ast::as<ast::Attribute>(*c.func).attr == "py_func" &&
      ast::as<ast::Attribute>(*c.func).value->kind == ast::ExprKind::Name) {
    const std::string& id = ast::as<ast::Name>(*ast::as<ast::Attribute>(*c.func).value).id;
    auto it = mb_.info().globals.find(id);
    if (!locals_.count(id) && it != mb_.info().globals.end() && it->second.kind == sema::Symbol::Kind::Function &&
        it->second.function->def &&
        (it->second.function->kind == FunctionKind::CpuJit || it->second.function->kind == FunctionKind::Device)) {
      return call_function(c, mb_.py_func_of(*it->second.function));
    }
  }
  if (host_) {
    bool handled = false;
    auto v = host_call(c, handled);
    if (handled) return v;
  }
  if (c.func->kind == ast::ExprKind::Attribute && ast::as<ast::Attribute>(*c.func).attr == "conjugate" &&
      resolve_path(mb_.info(), *c.func).empty()) {
    // z.conjugate(): the one method of numbers Numba's CUDA target has.
    const auto& attr = ast::as<ast::Attribute>(*c.func);
    auto base = expr(*attr.value);
    if (!base) return nullptr;
    if (!base->type->is_numeric()) {
      return fail(attr.attr_span, "'" + base->type->str() + "' has no attribute 'conjugate' supported by py2cuda");
    }
    if (!c.args.empty() || !c.keywords.empty()) return fail(c.span, "conjugate() takes no arguments");
    if (!base->type->is_complex()) return base;  // a real number is its own conjugate
    TypeRef t = base->type;
    auto conj = std::make_unique<ir::BuiltinCall>(t, "{0}.conjugate()", c.span);
    conj->args.push_back(std::move(base));
    return conj;
  }
  // A method of a value (g.sync()), not a function reached through modules (cuda.syncthreads()).
  if (c.func->kind == ast::ExprKind::Attribute) {
    const auto& m = ast::as<ast::Attribute>(*c.func);
    bool is_value = false;
    if (m.value->kind == ast::ExprKind::Name) {
      const std::string& base = ast::as<ast::Name>(*m.value).id;
      is_value = locals_.count(base) || comprehension_vars_.count(base) || (mb_.info().globals.count(base) &&
                                         mb_.info().globals.at(base).kind != sema::Symbol::Kind::Path);
    } else {
      is_value = m.value->kind == ast::ExprKind::Call && resolve_path(mb_.info(), *m.value).empty();
    }
    // `dt.type(2.5)` of a name holding a dtype: its scalar class, called below as `np.float64(2.5)`.
    const bool dtype_type_call = host_ && m.attr == "type" && !dtype_class_path(*c.func).empty();
    if (is_value && !dtype_type_call) return method_call(c, m);
  }
  // A function of this module?
  if (c.func->kind == ast::ExprKind::Name && !locals_.count(ast::as<ast::Name>(*c.func).id)) {
    auto it = mb_.info().globals.find(ast::as<ast::Name>(*c.func).id);
    if (it != mb_.info().globals.end() && it->second.kind == sema::Symbol::Kind::Function) {
      return call_function(c, *it->second.function);
    }
    if (it != mb_.info().globals.end() && it->second.kind == sema::Symbol::Kind::External) {
      if (!it->second.external) return nullptr;  // its declaration is wrong, and reported
      return call_external(c, *it->second.external);
    }
  }
  std::string path = host_ ? callee_path(*c.func) : resolve_path(mb_.info(), *c.func);
  if (!host_ && path.empty() && c.func->kind == ast::ExprKind::Name && ast::as<ast::Name>(*c.func).id == "pow" &&
      !locals_.count("pow") && !mb_.info().globals.count("pow")) {
    return operator_call(c, "operator.pow");  // the builtin pow(a, b) is a ** b (Numba's typing)
  }
  if (!host_ && path.empty() && c.func->kind == ast::ExprKind::Name && ast::as<ast::Name>(*c.func).id == "divmod" &&
      !locals_.count("divmod") && !mb_.info().globals.count("divmod")) {
    return kernel_divmod(c);
  }
  if (path.empty()) {
    if (c.func->kind == ast::ExprKind::Name) {
      const std::string& id = ast::as<ast::Name>(*c.func).id;
      if (!locals_.count(id) && !mb_.info().globals.count(id)) {
        if (poisoned_.count(id)) return nullptr;  // its binding failed, and was reported there
        // A set display or comprehension, which the front end spells set(...): named as what
        // the program wrote.
        if (!host_ && c.is_set_display) {
          const bool comprehension = c.args[0]->kind == ast::ExprKind::Comprehension;
          return fail(c.span, std::string(comprehension ? "set comprehension" : "set display") +
                                  " is not supported in CUDA kernels (Numba's CUDA target has no sets; host code has them)");
        }
        return fail(c.func->span, unbound_name_message(id, host_));
      }
    }
    const ast::Expr* root = c.func.get();
    while (root->kind == ast::ExprKind::Attribute) root = ast::as<ast::Attribute>(*root).value.get();
    if (root->kind == ast::ExprKind::Name) {
      const std::string& id = ast::as<ast::Name>(*root).id;
      if (!locals_.count(id) && !mb_.info().globals.count(id)) return global(id, root->span);
    }
    if (python_host()) {
      // `counter(x)` of an instance of a class with __call__: that method, with the call's arguments.
      bool handled = false;
      auto called = instance_call(c, handled);
      if (handled) return called;
    }
    // `inner[1, 32](a)` in a kernel: a launch, which only host code makes.
    if (!host_ && c.func->kind == ast::ExprKind::Subscript) {
      const ast::Expr& launched = *ast::as<ast::Subscript>(*c.func).value;
      auto it = launched.kind == ast::ExprKind::Name ? mb_.info().globals.find(ast::as<ast::Name>(launched).id)
                                                    : mb_.info().globals.end();
      if (it != mb_.info().globals.end() && it->second.kind == sema::Symbol::Kind::Function && it->second.function &&
          it->second.function->kind == FunctionKind::Kernel && !locals_.count(it->first)) {
        return fail(c.func->span, "cannot launch kernel '" + it->first + "' from device code; kernels are launched "
                                      "from the host (dynamic parallelism is not supported)");
      }
    }
    return fail(c.func->span, "this value cannot be called in a CUDA kernel");
  }
  if (!host_ && path.rfind("operator.", 0) == 0) return operator_call(c, path);
  if (!host_ && (path == "max" || path == "min") && c.args.size() == 1 && c.keywords.empty() &&
      !c.has_star_args) {
    return kernel_minmax_of_tuple(c, path == "max");
  }
  if (!host_ && path == "float" && c.args.size() == 1 && c.keywords.empty() && c.args[0]->kind == ast::ExprKind::StrLit &&
      !ast::as<ast::StrLit>(*c.args[0]).is_fstring) {
    // `best = float('inf')`: Numba types float() of a constant string as the float64 it spells.
    std::string text = ast::as<ast::StrLit>(*c.args[0]).value;
    text.erase(0, text.find_first_not_of(" \t\n"));
    text.erase(text.find_last_not_of(" \t\n") + 1);
    std::string lower;
    for (char ch : text) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    const bool negative = !lower.empty() && lower[0] == '-';
    const std::string word = !lower.empty() && (lower[0] == '-' || lower[0] == '+') ? lower.substr(1) : lower;
    auto constant = std::make_unique<ir::Const>(types::float64(), c.span);
    if (word == "inf" || word == "infinity") {
      constant->f = negative ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity();
    } else if (word == "nan") {
      constant->f = std::numeric_limits<double>::quiet_NaN();
    } else {
      char* end = nullptr;
      constant->f = std::strtod(text.c_str(), &end);
      if (text.empty() || end != text.c_str() + text.size()) {
        return fail(c.args[0]->span, "could not convert string to float: '" + text + "'");
      }
    }
    return constant;
  }
  const builtins::Builtin* b = builtins::find(path);
  if (!b) return fail(c.func->span, unsupported_path_message(path));
  // Output, fences and sleeps have no value but their place in time: a device function that
  // uses them keeps its calls in Python's order (ir::mark_call_effects).
  if (final_ && (b->rule == builtins::Rule::Print || b->rule == builtins::Rule::Fence ||
                 b->rule == builtins::Rule::Nanosleep)) {
    fn_->uses_opaque_calls = true;
  }
  if (b->rule == builtins::Rule::Print) return print_call(c);
  if (b->rule == builtins::Rule::ArrayAlloc) return array_alloc(c, path == "numba.cuda.shared.array");
  if (b->rule == builtins::Rule::Atomic) return with_effects(atomic_call(c, *b));
  const bool barrier = b->rule == builtins::Rule::Barrier || b->rule == builtins::Rule::BarrierPredicate;
  // Warp collectives (and activemask, which waits for the warp's lanes) run the kernel's
  // threads as fibers in the emulation; lanemask_lt is a function of laneid alone.
  const bool warp_op = b->rule == builtins::Rule::WarpShuffle || b->rule == builtins::Rule::WarpVote ||
                       b->rule == builtins::Rule::WarpMatch || b->rule == builtins::Rule::SyncWarp ||
                       path == "numba.cuda.activemask";
  if (final_ && barrier) fn_->uses_barrier = true;
  if (final_ && warp_op) fn_->uses_warp_ops = true;
  if (b->rule == builtins::Rule::ThisGrid && final_) fn_->cooperative = true;  // as Numba's use_cooperative
  if (!b->is_call) return fail(c.func->span, "'" + display_path(path) + "' is not callable");
  const bool numpy_ufunc = path.rfind("numpy.", 0) == 0 && b->rule != builtins::Rule::ScalarCtor;
  if (!c.keywords.empty()) {
    return fail(c.keywords[0].span, display_path(path) + "() does not take keyword arguments in kernels");
  }
  std::vector<ir::ExprPtr> args;
  for (const auto& a : c.args) {
    auto v = expr(*a);
    if (!v) return nullptr;
    args.push_back(std::move(v));
  }
  if (numpy_ufunc) {
    // With an array operand, a ufunc writes an output array.
    for (const auto& a : args) {
      if (a->type->is_array()) return ufunc_with_out(c, *b, path, std::move(args));
    }
  }
  ir::ExprPtr call = type_builtin(*b, std::move(args), c.span, D());
  if (call && (host_ || entry_.kind == FunctionKind::CpuJit) && call->kind == ir::ExprKind::Builtin && call->type->is_float()) {
    // max(a, b) of two floats is fmax/fmin on the CUDA target only: Python (host code) and
    // Numba's CPU target take `b if b > a else a`, so max(nan, 1.0) is nan and max(-0.0, 0.0)
    // is -0.0 there.
    auto& minmax = static_cast<ir::BuiltinCall&>(*call);
    for (const char* f : {"py2cuda::py_max(", "py2cuda::py_min("}) {
      if (minmax.pattern.rfind(f, 0) == 0) minmax.pattern.insert(std::string(f).size() - 1, "_generic");
    }
  }
  // A ufunc numba-cuda lowers has every loop Numba's typing can choose for numbers (float16,
  // the one number loop of NumPy's missing there, type_builtin refuses), so the row decides.
  if (call && !host_ && !b->loops.empty() && b->cuda_loops.empty()) {
    not_portable(c.span,
                 "cannot compile " + display_path(path) + "() of these arguments in a kernel: numba-cuda's CUDA "
                 "target has no loop for it (a KeyError when the kernel compiles)",
                 "Call " + display_path(std::string(b->kernel_twin)) + "(), which both run");
  }
  // A random draw advances its generator's state: like an atomic, its place in Python's
  // left-to-right order matters. So does the place in time of a barrier, a warp collective, a
  // fence or a sleep (other threads' stores become visible at it), as for a device function
  // that holds one (ir::mark_call_effects): `cuda.syncthreads_count(p) + a[i]` reads a[i] after it.
  const bool in_time = barrier || warp_op || b->rule == builtins::Rule::Fence || b->rule == builtins::Rule::Nanosleep;
  return b->rule == builtins::Rule::Random || in_time ? with_effects(std::move(call)) : std::move(call);
}

// Marks a device builtin call that writes memory (an atomic, a random draw) as having effects,
// through the conversions around it, so that the printer keeps it in Python's order beside
// other such calls (ExprPrinter::ordered_args, ordered_operands).
ir::ExprPtr FunctionBuilder::with_effects(ir::ExprPtr e) {
  ir::Expr* x = e.get();
  while (x && x->kind == ir::ExprKind::Cast) x = static_cast<ir::Cast&>(*x).operand.get();
  if (x && x->kind == ir::ExprKind::Builtin) static_cast<ir::BuiltinCall&>(*x).has_effects = true;
  return e;
}

ir::ExprPtr FunctionBuilder::operator_call(const ast::Call& c, const std::string& path) {
  // numba-cuda types operator.add(a, b) as `a + b` (Numba's operator-module templates are the
  // operators' own), the in-place forms of immutable numbers as the plain ones.
  struct Binary {
    const char* name;
    BinOp op;
  };
  static constexpr Binary kBinary[] = {
      {.name = "add", .op = BinOp::Add},          {.name = "sub", .op = BinOp::Sub},
      {.name = "mul", .op = BinOp::Mul},          {.name = "truediv", .op = BinOp::TrueDiv},
      {.name = "floordiv", .op = BinOp::FloorDiv}, {.name = "mod", .op = BinOp::Mod},
      {.name = "pow", .op = BinOp::Pow},          {.name = "lshift", .op = BinOp::LShift},
      {.name = "rshift", .op = BinOp::RShift},    {.name = "and_", .op = BinOp::BitAnd},
      {.name = "or_", .op = BinOp::BitOr},        {.name = "xor", .op = BinOp::BitXor},
  };
  struct Compare {
    const char* name;
    CmpOp op;
  };
  static constexpr Compare kCompare[] = {
      {.name = "lt", .op = CmpOp::Lt}, {.name = "le", .op = CmpOp::LtE}, {.name = "gt", .op = CmpOp::Gt},
      {.name = "ge", .op = CmpOp::GtE}, {.name = "eq", .op = CmpOp::Eq}, {.name = "ne", .op = CmpOp::NotEq},
  };
  struct Unary {
    const char* name;
    UnaryOp op;
  };
  static constexpr Unary kUnary[] = {
      {.name = "neg", .op = UnaryOp::Neg}, {.name = "pos", .op = UnaryOp::Pos},
      {.name = "invert", .op = UnaryOp::Invert}, {.name = "inv", .op = UnaryOp::Invert},
      {.name = "not_", .op = UnaryOp::Not},
  };
  std::string name = path.substr(std::string("operator.").size());
  if (!c.keywords.empty()) return fail(c.keywords[0].span, "operator." + name + "() takes no keyword arguments");
  auto arguments = [&](size_t n) -> std::vector<ir::ExprPtr> {
    std::vector<ir::ExprPtr> out;
    if (c.args.size() != n) {
      fail(c.span, "operator." + name + "() takes " + std::to_string(n) + " argument" + (n == 1 ? "" : "s") + ", " +
                       std::to_string(c.args.size()) + " given");
      return out;
    }
    for (const auto& a : c.args) {
      auto v = expr(*a);
      if (!v) return {};
      out.push_back(std::move(v));
    }
    return out;
  };
  // operator.iadd(x, y) of a number is x + y (numbers are immutable; Numba types it so).
  std::string plain = name.size() > 1 && name[0] == 'i' && name != "inv" && name != "invert" ? name.substr(1) : name;
  for (const Binary& b : kBinary) {
    if (plain != b.name) continue;
    auto args = arguments(2);
    if (args.size() != 2) return nullptr;
    if (name != plain && !args[0]->type->is_number() && !args[0]->type->is_complex()) break;
    return binary_values(b.op, std::move(args[0]), std::move(args[1]), c.span);
  }
  for (const Compare& k : kCompare) {
    if (name != k.name) continue;
    auto args = arguments(2);
    if (args.size() != 2) return nullptr;
    return comparison(k.op, std::move(args[0]), std::move(args[1]), c.span);
  }
  for (const Unary& u : kUnary) {
    if (name != u.name) continue;
    auto args = arguments(1);
    if (args.size() != 1) return nullptr;
    return unary_values(u.op, std::move(args[0]), c.span);
  }
  return fail(c.func->span, "'operator." + name + "' is not supported in CUDA kernels by py2cuda");
}

ir::ExprPtr FunctionBuilder::call_external(const ast::Call& c, const sema::ExternalFunction& f) {
  if (!c.keywords.empty()) {
    return fail(c.keywords[0].span, "external function '" + f.name + "' takes positional arguments only");
  }
  const std::vector<TypeRef>& params = f.signature.params;
  if (c.args.size() != params.size()) {
    return fail(c.span, "external function '" + f.name + "' (" + f.signature.text + ") takes " +
                            std::to_string(params.size()) + " argument" + (params.size() == 1 ? "" : "s") + " but " +
                            std::to_string(c.args.size()) + (c.args.size() == 1 ? " was" : " were") + " given");
  }
  std::vector<ir::ExprPtr> args;
  std::string list;
  for (size_t i = 0; i < params.size(); ++i) {
    auto v = expr(*c.args[i]);
    if (!v) return nullptr;
    if (!rules::can_convert(v->type, params[i])) {
      return fail(c.args[i]->span, "argument " + std::to_string(i + 1) + " of external function '" + f.name +
                                       "' must convert to " + params[i]->str() + ", not " + v->type->str());
    }
    args.push_back(convert(std::move(v), params[i]));
    list += ", {" + std::to_string(i) + "}";
  }
  if (f.cooperative && final_) fn_->cooperative = true;
  if (final_) fn_->uses_opaque_calls = true;  // what it does with its arguments is not known here
  // Numba's ABI returns a status and the result through a pointer: call_numba_abi unwraps it.
  std::string pattern = f.c_abi ? f.symbol + "(" + (list.empty() ? "" : list.substr(2)) + ")"
                                : "py2cuda::call_numba_abi(" + f.symbol + list + ")";
  auto node = std::make_unique<ir::BuiltinCall>(f.signature.return_type, pattern, c.span);
  node->args = std::move(args);
  node->has_effects = true;  // as a call of a device function that calls it (ir::mark_call_effects)
  return node;
}

ir::ExprPtr FunctionBuilder::method_call(const ast::Call& c, const ast::Attribute& m) {
  auto base = expr(*m.value);
  if (!base) return nullptr;
  if (base->type->is_grid_group() && m.attr == "sync") {
    if (!c.args.empty() || !c.keywords.empty()) return fail(c.span, "GridGroup.sync() takes no arguments");
    if (final_) {
      fn_->uses_barrier = true;  // the emulator parks threads at it, as at __syncthreads()
      fn_->cooperative = true;
    }
    std::vector<ir::ExprPtr> args;
    args.push_back(std::move(base));
    // A grid-wide barrier: an effect in its caller's expression too (see call()).
    return with_effects(type_builtin(*builtins::find("numba.cuda.cg.GridGroup.sync"), std::move(args), c.span, D()));
  }
  if (base->type->is_int() && m.attr == "bit_count") {
    // numba-cuda's overload of int.bit_count is `lambda i: cuda.popc(i)`: the argument's type.
    if (!c.args.empty() || !c.keywords.empty()) return fail(c.span, "bit_count() takes no arguments");
    std::vector<ir::ExprPtr> args;
    args.push_back(std::move(base));
    return type_builtin(*builtins::find("numba.cuda.popc"), std::move(args), c.span, D());
  }
  return fail(m.attr_span, "'" + base->type->str() + "' has no method '" + m.attr + "' supported by py2cuda");
}

ir::ExprPtr FunctionBuilder::call_function(const ast::Call& c, const FunctionEntry& f, ir::ExprPtr self) {
  std::vector<ir::ExprPtr> given;
  if (self) given.push_back(std::move(self));
  return call_function(c, f, std::move(given));
}

namespace {

// The values `def` returns that do not name `name` (a recursive function's base cases), an arm
// of a returned conditional expression standing for itself (`return 1 if n <= 1 else n * f(n - 1)`).
std::vector<const ast::Expr*> non_recursive_returns(const ast::FunctionDef& def, const std::string& name) {
  struct Returns : SubtreeWalker {
    const std::string& name;
    std::vector<const ast::Expr*> found;
    explicit Returns(const std::string& n) : name(n) {}
    void add(const ast::Expr* e) {
      if (!e) return;
      if (e->kind == ast::ExprKind::IfExp) {
        add(ast::as<ast::IfExp>(*e).body.get());
        add(ast::as<ast::IfExp>(*e).orelse.get());
        return;
      }
      NameCounter uses(name);
      uses.expr(e);
      if (uses.count == 0) found.push_back(e);
    }
    void visit(const ast::Stmt& st) override {
      if (st.kind == ast::StmtKind::Return) add(ast::as<ast::Return>(st).value.get());
    }
  } returns(name);
  returns.block(def.body);
  return returns.found;
}

// Whether some return of `def` gives a value (not a bare `return`, not `return None`).
bool returns_a_value(const ast::FunctionDef& def) {
  struct Returns : SubtreeWalker {
    bool found = false;
    void visit(const ast::Stmt& st) override {
      if (st.kind != ast::StmtKind::Return) return;
      const ast::Expr* v = ast::as<ast::Return>(st).value.get();
      found = found || (v && v->kind != ast::ExprKind::NoneLit);
    }
  } returns;
  returns.block(def.body);
  return returns.found;
}

}  // namespace

ir::ExprPtr FunctionBuilder::call_function(const ast::Call& c, const FunctionEntry& f, std::vector<ir::ExprPtr> given) {
  switch (f.kind) {
    case FunctionKind::Kernel:
      return fail(c.func->span, "cannot call kernel '" + f.name +
                                    "' from device code; kernels are launched from the host (dynamic parallelism "
                                    "is not supported)");
    case FunctionKind::Plain:
      if (host_) break;  // host code calling a plain Python function: a host function
      if (auto k = mb_.info().classes.find(f.name); k != mb_.info().classes.end() && k->second.constructor == &f) {
        return fail(c.func->span, "class '" + f.name + "' is not supported in CUDA kernels (classes are host code's "
                                  "only); pass arrays and scalars, and use device functions");
      }
      return fail(c.func->span, "cannot call '" + f.name +
                                    "' from a kernel: it is a plain Python function; decorate it with "
                                    "@cuda.jit(device=True)");
    case FunctionKind::Ufunc:
      return fail(c.func->span, "calling the ufunc '" + f.name + "' from a kernel is not supported");
    case FunctionKind::Device:
    case FunctionKind::CpuJit: break;
  }
  const ast::FunctionDef& def = *f.def;
  // Host functions may have keyword-only parameters (after `*`), bound by name only.
  const bool host_function = host_ && f.kind == FunctionKind::Plain;
  size_t positional = 0;
  std::optional<size_t> var_args;  // host functions: the index of a `*args` parameter
  for (size_t i = 0; i < def.params.size(); ++i) {
    const auto& p = def.params[i];
    if (p.kind == ast::Param::Kind::Normal) {
      ++positional;
    } else if (host_function && p.kind == ast::Param::Kind::VarArgs) {
      var_args = i;
    } else if (!(host_function && p.kind == ast::Param::Kind::KeywordOnly)) {
      return fail(p.span, host_function ? "**kwargs parameters are not supported in host functions by py2cuda"
                                        : "*args, **kwargs and keyword-only parameters are not supported in CUDA device "
                                          "functions");
    }
  }
  size_t n = def.params.size();
  const size_t first = given.size();  // a method's instance (and an operator's operand) fill the first parameters
  if (first > n) return fail(c.span, "method '" + f.name + "' takes no 'self' parameter");
  std::vector<const ast::Expr*> slots(n, nullptr);
  if (c.args.size() + first > positional && !var_args) {
    if (host_function) {
      return fail(c.span, f.name + "() takes " + std::to_string(positional) + " positional argument" +
                              (positional == 1 ? "" : "s") + " but " + std::to_string(c.args.size() + first) +
                              " were given (TypeError)");
    }
    return numba_rejects(c.span, "device function '" + f.name + "' takes " + std::to_string(n) + " argument" +
                            (n == 1 ? "" : "s") + " but " + std::to_string(c.args.size() + first) + " were given");
  }
  for (size_t i = 0; i < c.args.size() && i + first < positional; ++i) slots[i + first] = c.args[i].get();
  if (var_args) {
    // `def total(*values)`: the positional arguments past the named ones, as a tuple (one
    // instance of the function per tuple type, as for any argument).
    slots[*var_args] = &var_args_tuple(c, positional > first ? positional - first : 0);
  }
  for (const auto& kw : c.keywords) {
    size_t i = 0;
    while (i < n && (def.params[i].name != kw.name || i < first)) ++i;
    if (i == n) return fail(kw.span, "device function '" + f.name + "' has no parameter named '" + kw.name + "'");
    if (slots[i]) return fail(kw.span, "argument '" + kw.name + "' given twice");
    slots[i] = kw.value.get();
  }
  std::vector<ir::ExprPtr> args;
  std::vector<TypeRef> arg_types;
  for (size_t i = 0; i < n; ++i) {
    if (i < first) {
      arg_types.push_back(given[i]->type);
      args.push_back(std::move(given[i]));
      continue;
    }
    const ast::Expr* a = slots[i] ? slots[i] : def.params[i].default_value.get();
    if (!a) {
      return numba_rejects(c.span, "device function '" + f.name + "' takes " + std::to_string(n) + " arguments but " +
                              std::to_string(c.args.size() + c.keywords.size()) + " were given (missing '" +
                              def.params[i].name + "')");
    }
    if (std::string cls = host_ && f.kind == FunctionKind::Plain ? dtype_class_path(*a) : "";
        !cls.empty() && f.signatures.empty()) {
      // A NumPy or Python class (np.float32, np.dtype('int32'), float): the instance for it.
      TypeRef tag = dtype_tag_type(cls);
      arg_types.push_back(tag);
      args.push_back(call_node(tag, "{t0}{}", a->span, {}, {tag}));
      continue;
    }
    if (const FunctionEntry* passed = host_ && f.kind == FunctionKind::Plain && f.signatures.empty() ? function_value(*a) : nullptr) {
      // A kernel or function (`reduce(block_sums, values)`): the instance for it.
      TypeRef tag = mb_.function_tag_type(*passed);
      arg_types.push_back(tag);
      args.push_back(call_node(tag, "py2cuda::host::FunctionTag{}", a->span, {}));
      continue;
    }
    auto v = expr(*a);
    if (!v) return nullptr;
    // A list display passed to a host function is a list there, as Python's (sliced,
    // appended to, given to np.array), when its values have one type.
    if (host_function && v->type->is_list_display()) v = growable_list(std::move(v));
    arg_types.push_back(v->type);
    args.push_back(std::move(v));
  }
  // An explicit signature fixes the parameter types: the arguments convert.
  std::vector<TypeRef> params = arg_types;
  TypeRef declared_return = nullptr;
  if (!f.signatures.empty()) {
    const sema::Signature* chosen = nullptr;
    for (const auto& sig : f.signatures) {
      if (sig.params == arg_types) chosen = &sig;
    }
    for (const auto& sig : f.signatures) {
      if (chosen) break;
      bool ok = sig.params.size() == arg_types.size();
      for (size_t i = 0; ok && i < arg_types.size(); ++i) ok = rules::can_convert(arg_types[i], sig.params[i]);
      if (ok) chosen = &sig;
    }
    if (!chosen) {
      std::string given;
      for (size_t i = 0; i < arg_types.size(); ++i) given += (i ? ", " : "") + arg_types[i]->str();
      return fail(c.span, "no signature of device function '" + f.name + "' accepts (" + given + ")");
    }
    params = chosen->params;
    declared_return = chosen->return_type;
  }
  // While the caller's own types are still settling, only the callee's
  // return type is needed, and nothing is kept.
  const ir::Function* callee = nullptr;
  TypeRef result;
  // Its own parameters passed on are the same types, an empty list it appends to included.
  bool same_params = &f == &entry_ && params.size() == param_types_.size();
  for (size_t i = 0; same_params && i < params.size(); ++i) {
    same_params = params[i] == param_types_[i] || (param_types_[i]->is_untyped_list() && params[i]->is_list());
  }
  const bool calls_itself = same_params && !declared_return;
  if (calls_itself) {
    // A function calling itself without a signature (a device function, or a host function: a
    // CPU reference's fib(n - 1)): Numba types the call by the function's returns that do not
    // recurse (`if n < 2: return n`), so the returns typed before it, and in the final pass all
    // of them.
    result = final_ && inferred_return_ ? inferred_return_ : return_type_ ? return_type_ : inferred_return_;
    if (!result && entry_.def && !returns_a_value(*entry_.def)) result = types::none();  // hanoi(n - 1, ...)
    if (!result && !final_ && entry_.def) {
      // No return typed yet in this pass: a returned value that does not name the function.
      for (const ast::Expr* e : non_recursive_returns(*entry_.def, f.name)) {
        if (auto v = expr(*e); v && (v->type->is_number() || host_)) {
          result = v->type;
          break;
        }
      }
    }
    if (!result) {
      return fail(c.span, "the recursive call of '" + f.name + "' has no type: no return of '" + f.name +
                              "' that does not recurse gives one (Numba types a recursive call by those returns)" +
                              (host_ ? std::string() : "; or give '" + f.name + "' a signature, e.g. "
                                                       "@cuda.jit(\"int64(int64)\", device=True)"));
    }
    if (final_) {
      callee = fn_.get();
      fn_->recursive = true;
    }
  } else if (host_) {
    // Host code calls the host instance (a CPU @jit function keeps Numba's CPU semantics).
    if (final_) {
      callee = mb_.instantiate_host(f, params, c.span, D());
      if (!callee) return nullptr;
      result = callee->return_type;
    } else {
      result = mb_.probe_host_return_type(f, params);
      // `results = []; fill(results)`: the list holds what the function appends to it.
      const std::vector<TypeRef> ended = mb_.probed_host_param_types(f, params);
      for (size_t i = first; i < ended.size() && i < params.size(); ++i) {
        if (slots[i] && params[i]->is_untyped_list() && ended[i] && ended[i]->is_list() && ended[i]->dtype()) {
          refine_list(*slots[i], params[i], ended[i]->dtype(), slots[i]->span);
        }
      }
      if (!result) return nullptr;
    }
  } else if (final_) {
    callee = mb_.instantiate(f, params, declared_return, false, c.span);
    if (!callee) return nullptr;
    // A recursive call reaches a function still being built: its declared type.
    result = callee->return_type ? callee->return_type : declared_return;
  } else {
    result = mb_.probe_return_type(f, params, declared_return);
    if (!result) return nullptr;
  }
  for (size_t i = 0; i < args.size(); ++i) args[i] = convert(std::move(args[i]), params[i]);
  if (callee && !host_) {
    fn_->uses_barrier = fn_->uses_barrier || callee->uses_barrier;
    fn_->uses_warp_ops = fn_->uses_warp_ops || callee->uses_warp_ops;
    fn_->cooperative = fn_->cooperative || callee->cooperative;
    fn_->uses_opaque_calls = fn_->uses_opaque_calls || callee->uses_opaque_calls;
  }
  auto node = std::make_unique<ir::Call>(result, callee, c.span);
  node->args = std::move(args);
  return node;
}

ir::ExprPtr FunctionBuilder::binary_values(BinOp op, ir::ExprPtr l, ir::ExprPtr r, Span s) {
  bool instance = false;  // an operand of a class of host code: its special method
  if (auto v = instance_binary(op, l, r, s, instance); instance) return v;
  TypeRef result = rules::binary_result(op, l->type, r->type);
  if (!result) {
    return fail(s, "cannot apply '" + std::string(python_spelling(op)) + "' to " + l->type->str() + " and " +
                       r->type->str());
  }
  if (result->is_complex() && op == BinOp::Pow) {
    if (host_) {
      return fail(s, "'**' on complex numbers is not supported in host code by py2cuda; multiply, or use "
                     "cmath.exp(w * cmath.log(z))");
    }
    // numba-cuda's cpow_internal (mathimpl.py), the operands converted to the result's type.
    auto pw = std::make_unique<ir::BuiltinCall>(result, "py2cuda::cpow({0}, {1})", s);
    pw->args.push_back(convert(std::move(l), result));
    pw->args.push_back(convert(std::move(r), result));
    return pw;
  }
  if (result == types::complex128() && (op == BinOp::Add || op == BinOp::Sub) && l->kind == ir::ExprKind::Const &&
      r->kind == ir::ExprKind::Const && (l->type->is_float() || l->type->is_int() || l->type->is_complex()) &&
      (r->type->is_float() || r->type->is_int() || r->type->is_complex())) {
    // `2.5 + 3j` is one complex literal, as in Python (part by part, the same arithmetic).
    auto part = [](const ir::Const& k, bool imag) {
      if (k.type->is_complex()) return imag ? k.im : k.f;
      if (imag) return 0.0;
      return k.type->is_float() ? k.f
             : k.type->is_signed() ? static_cast<double>(static_cast<int64_t>(k.bits))
                                   : static_cast<double>(k.bits);
    };
    const auto& a = static_cast<const ir::Const&>(*l);
    const auto& b = static_cast<const ir::Const&>(*r);
    auto c = std::make_unique<ir::Const>(result, s);
    c->f = op == BinOp::Add ? part(a, false) + part(b, false) : part(a, false) - part(b, false);
    c->im = op == BinOp::Add ? part(a, true) + part(b, true) : part(a, true) - part(b, true);
    return c;
  }
  if (op == BinOp::TrueDiv && result->is_complex() && entry_.options.debug) {
    // debug=True: a zero divisor reports ZeroDivisionError with the location, as Numba's
    // debug kernels do (otherwise the thread just ends; complex.h).
    std::string where = D().file().base_name() + ":" + std::to_string(s.line);
    auto div = std::make_unique<ir::BuiltinCall>(result, "py2cuda::divide_checked({0}, {1}, \"" + where + "\")", s);
    div->debug_check = "debug=True: the complex divisor is tested, and zero stops the kernel with ZeroDivisionError "
                       "and this line";
    div->args.push_back(convert(std::move(l), result));
    div->args.push_back(convert(std::move(r), result));
    return div;
  }
  if (python_host() && op == BinOp::Pow && result->is_int() && r->kind == ir::ExprKind::Const &&
      r->type->is_signed() && static_cast<int64_t>(static_cast<const ir::Const&>(*r).bits) < 0) {
    // Python's int ** negative int is a float: 2 ** -1 is 0.5 (computed as float ** float).
    result = types::float64();
  }
  if (op == BinOp::TrueDiv) {
    l = convert(std::move(l), result);
    r = convert(std::move(r), result);
  } else if (op == BinOp::Pow && result->is_float() && !r->type->is_float() && !python_host()) {
    // float ** integer: the exponent stays an integer (repeated multiplication, as Numba computes
    // it; CPython's float ** int calls C's pow, as the conversion below then gives).
    l = convert(std::move(l), result);
    r = convert(std::move(r), types::int64());
  } else {
    l = convert(std::move(l), result);
    r = convert(std::move(r), result);
  }
  return std::make_unique<ir::Binary>(result, op, std::move(l), std::move(r), s);
}

namespace {
// Two numbers of which one has a NumPy type other than Python's int and float (int64 and
// float64 stand for those; bools stay Python's, whose sum is an int): a narrower one, or
// uint64, which with an int gives float64 (np.uint64(5) + 1 is 6.0).
bool numpy_sized_scalars(TypeRef l, TypeRef r) {
  auto plain = [](TypeRef t) { return t->is_number() && !t->is_bool() && !t->is_complex(); };
  if (!plain(l) || !plain(r)) return false;
  auto uint64 = [](TypeRef t) { return t->is_int() && !t->is_signed() && t->bits() == 64; };
  return l->bits() < 64 || r->bits() < 64 || uint64(l) || uint64(r);
}
}  // namespace

ir::ExprPtr FunctionBuilder::number_binary(BinOp op, ir::ExprPtr l, ir::ExprPtr r, Span s) {
  if (l->type->is_dynamic() || r->type->is_dynamic()) return dynamic_binary(op, std::move(l), std::move(r), s);
  if (python_host() && op != BinOp::MatMul && numpy_sized_scalars(l->type, r->type)) {
    // NumPy scalars of a sized type (np.int32, np.float32, an int8 array's element) compute as
    // NumPy's scalar loops do: in promote_types of the two, integers wrapping
    // (np.int32(2**31 - 1) + np.int32(1) is -2147483648), floats dividing by zero to inf.
    return array_binary(op, std::move(l), std::move(r), s);
  }
  return binary_values(op, std::move(l), std::move(r), s);
}

ir::ExprPtr FunctionBuilder::binary(const ast::Binary& b) {
  bool literal_ints = false;
  if (python_host() && !in_int_constant_) {
    if (!int_constant_fits(b, literal_ints)) return nullptr;
  }
  if (literal_ints) {
    in_int_constant_ = true;
    auto built = binary_parts(b);
    in_int_constant_ = false;
    return built;
  }
  return binary_parts(b);
}

ir::ExprPtr FunctionBuilder::binary_parts(const ast::Binary& b) {
  if (!host_ && b.left->kind == ast::ExprKind::StrLit && b.op == BinOp::Mod) {
    return fail(b.span, "string formatting with % is not supported in CUDA kernels; pass the values to print() as "
                        "separate arguments");
  }
  auto l = dynamic_operand(*b.left);
  // `fmt % values` reads its values itself: one that may hold None formats as None.
  if (host_ && b.op == BinOp::Mod && l && l->type->is_string()) return percent_format(std::move(l), *b.right, b.span);
  auto r = dynamic_operand(*b.right);
  if (!l || !r) return nullptr;
  if (!mixed_dict_value_operand(l, r, b.span)) return nullptr;
  bool instance = false;  // an operand of a class of host code: its special method
  if (auto v = instance_binary(b.op, l, r, b.span, instance); instance) return v;
  if (host_ && (l->type->is_array() || r->type->is_array())) {
    // Beside an array, a number whose type differs by path is its widest type: NumPy 1.x
    // casts a scalar by its value there, so `a * scale` of a float32 array stays float32.
    const bool left_scalar = !l->type->is_array(), right_scalar = !r->type->is_array();
    return array_binary(b.op, static_number(std::move(l)), static_number(std::move(r)), b.span,
                        left_scalar ? constant_operand_value(*b.left) : std::nullopt,
                        right_scalar ? constant_operand_value(*b.right) : std::nullopt);
  }
  if (l->type->is_dynamic() || r->type->is_dynamic()) return dynamic_binary(b.op, std::move(l), std::move(r), b.span);
  if (python_host() && b.op != BinOp::MatMul && numpy_sized_scalars(l->type, r->type)) {
    return number_binary(b.op, std::move(l), std::move(r), b.span);
  }
  if (host_ && (l->type->is_set() || r->type->is_set())) return set_binary(b.op, std::move(l), std::move(r), b.span);
  auto is_list = [](TypeRef t) { return t->is_list() || t->is_list_display(); };
  if (host_ && (b.op == BinOp::Add || b.op == BinOp::Mul) && (is_list(l->type) || is_list(r->type))) {
    return list_binary(b.op, std::move(l), std::move(r), b.span);
  }
  const bool tuple_repeated =
      b.op == BinOp::Mul && ((l->type->is_tuple() && r->type->is_int()) || (r->type->is_tuple() && l->type->is_int()));
  if (tuple_repeated || (!host_ && b.op == BinOp::Add && l->type->is_tuple() && r->type->is_tuple())) {
    return kernel_tuple_binary(b.op, std::move(l), std::move(r), b.span);  // host code's `(n,) * 2` too
  }
  if (host_ && b.op == BinOp::Add && l->type->is_tuple() && r->type->is_tuple()) {
    // (a, b) + (c,): one tuple of both's elements.
    std::vector<TypeRef> elements = l->type->elements();
    for (TypeRef t : r->type->elements()) elements.push_back(t);
    for (TypeRef t : elements) {
      if (t->kind() == TypeKind::Range) return fail(b.span, "a tuple holding range() is not supported by py2cuda");
    }
    std::vector<ir::ExprPtr> parts;
    parts.push_back(std::move(l));
    parts.push_back(std::move(r));
    TypeRef t = types::tuple(elements);
    auto cat = std::make_unique<ir::BuiltinCall>(t, "py2cuda::host::tuple_cat({0}, {1})", b.span);
    cat->args = std::move(parts);
    return cat;
  }
  if (host_ && b.op == BinOp::Mul && (l->type->is_string() || r->type->is_string())) {
    // 'ab' * 3: the text repeated (a negative count gives '').
    if (r->type->is_string()) std::swap(l, r);
    if (!l->type->is_string() || !r->type->is_int()) return fail(b.span, "a string can only be repeated by an integer");
    auto rep = std::make_unique<ir::BuiltinCall>(types::string(), "py2cuda::host::repeat({0}, {1})", b.span);
    rep->args.push_back(std::move(l));
    rep->args.push_back(convert(std::move(r), types::int64()));
    return rep;
  }
  if (host_ && l->type->is_string() && r->type->is_string() && b.op == BinOp::Add) {
    std::vector<ir::ExprPtr> parts;
    parts.push_back(std::move(l));
    parts.push_back(std::move(r));
    auto cat = std::make_unique<ir::BuiltinCall>(types::string(), "py2cuda::host::concat({0}, {1})", b.span);
    cat->args = std::move(parts);
    return cat;
  }
  auto v = binary_values(b.op, std::move(l), std::move(r), b.span);
  const bool divides = b.op == BinOp::TrueDiv || b.op == BinOp::FloorDiv || b.op == BinOp::Mod;
  if (v && python_host() && divides && (is_numpy_scalar(*b.left) || is_numpy_scalar(*b.right))) {
    ir::Expr* e = v.get();
    while (e->kind == ir::ExprKind::Cast) e = static_cast<ir::Cast*>(e)->operand.get();
    if (e->kind == ir::ExprKind::Binary) static_cast<ir::Binary*>(e)->numpy_scalar_division = true;
  }
  return v;
}

ir::ExprPtr FunctionBuilder::unary(const ast::Unary& u) {
  bool literal_ints = false;  // -2 ** 63: the whole is checked, not its part 2 ** 63
  if (python_host() && !in_int_constant_ && u.operand->kind == ast::ExprKind::Binary) {
    if (!int_constant_fits(u, literal_ints)) return nullptr;
  }
  if (literal_ints) {
    in_int_constant_ = true;
    auto built = unary_parts(u);
    in_int_constant_ = false;
    return built;
  }
  return unary_parts(u);
}

namespace {

// A bool CPython's compiler folds: True, False, or `not` of a literal (`not 1` is False).
std::optional<bool> folded_bool(const ast::Expr& e) {
  switch (e.kind) {
    case ast::ExprKind::BoolLit: return ast::as<ast::BoolLit>(e).value;
    case ast::ExprKind::Unary: {
      const auto& u = ast::as<ast::Unary>(e);
      if (u.op != UnaryOp::Not) return std::nullopt;
      const ast::Expr& x = *u.operand;
      switch (x.kind) {
        case ast::ExprKind::IntLit: return ast::as<ast::IntLit>(x).value == 0 && !ast::as<ast::IntLit>(x).overflow;
        case ast::ExprKind::FloatLit: return ast::as<ast::FloatLit>(x).value == 0;
        case ast::ExprKind::NoneLit: return true;
        case ast::ExprKind::StrLit: return ast::as<ast::StrLit>(x).value.empty();
        default: {
          const auto inner = folded_bool(x);
          return inner ? std::optional<bool>(!*inner) : std::nullopt;
        }
      }
    }
    default: return std::nullopt;
  }
}

}  // namespace

ir::ExprPtr FunctionBuilder::unary_parts(const ast::Unary& u) {
  const std::optional<bool> folded_operand = folded_bool(*u.operand);
  if (folded_operand && u.op != UnaryOp::Not) {
    // CPython folds `~True`, `-True`, `+False`, `~(not 1)` into int constants when it compiles
    // the function, so Numba sees -2, -1, 0, -1 (int64), not an operation on a bool.
    const bool b = *folded_operand;
    const int64_t v = u.op == UnaryOp::Invert ? ~int64_t{b} : u.op == UnaryOp::Neg ? -int64_t{b} : int64_t{b};
    return int64_literal(v, u.span);
  }
  auto v = dynamic_operand(*u.operand);
  if (!v) return nullptr;
  if (v->type->is_dynamic()) return dynamic_unary(u.op, std::move(v), u.span);
  bool instance = false;  // an operand of a class of host code: its special method
  if (auto r = instance_unary(u.op, v, u.span, instance); instance) return r;
  return unary_values(u.op, std::move(v), u.span);
}

ir::ExprPtr FunctionBuilder::unary_values(UnaryOp op, ir::ExprPtr v, Span span) {
  if (host_ && v->type->is_list() && op == UnaryOp::Not) {
    auto empty = std::make_unique<ir::BuiltinCall>(types::boolean(), "({0}.size() == 0)", span);
    empty->args.push_back(std::move(v));
    return empty;
  }
  if (host_ && v->type->is_array()) {
    // -a, +a, ~a of a host array: NumPy's negative, positive and invert ufuncs.
    if (v->type->is_device_array()) return fail(span, "arithmetic on device arrays is not supported on the host");
    TypeRef dt = v->type->dtype();
    if (op == UnaryOp::Not) {
      return fail(span, "the truth value of an array with more than one element is ambiguous (use a.any() or a.all())");
    }
    if (op == UnaryOp::Pos) return v;
    if (op == UnaryOp::Invert && dt->is_float()) return fail(span, "NumPy has no '~' (invert) for float arrays");
    if (op == UnaryOp::Neg && dt->is_bool()) return fail(span, "NumPy's boolean negative is not supported; use ~ or np.logical_not");
    TypeRef t = types::array(dt, v->type->ndim(), Layout::C);
    auto node = std::make_unique<ir::BuiltinCall>(
        t, std::string(op == UnaryOp::Neg ? "py2cuda::np::negative" : "py2cuda::np::invert") + "<{t0}>({0})", span);
    node->args.push_back(std::move(v));
    node->type_args = {dt};
    return node;
  }
  if (host_ && op == UnaryOp::Not && (v->type->is_string() || v->type->is_dict())) {
    auto empty = truth(std::move(v));  // `not s`: the str or dict is empty
    return empty ? std::make_unique<ir::Unary>(types::boolean(), UnaryOp::Not, std::move(empty), span) : nullptr;
  }
  TypeRef t = rules::unary_result(op, v->type);
  if (!t) {
    return fail(span, "cannot apply '" + std::string(python_spelling(op)) + "' to " + v->type->str());
  }
  if (op == UnaryOp::Neg && v->kind == ir::ExprKind::Const && t == v->type && !t->is_bool()) {
    // Fold `-literal` so it prints as the literal it is.
    auto& c = static_cast<ir::Const&>(*v);
    if (t->is_float()) c.f = -c.f;
    else if (t->is_complex()) c.f = -c.f, c.im = -c.im;
    else c.bits = ~c.bits + 1;
    c.span = span;
    return v;
  }
  if (op == UnaryOp::Not) return std::make_unique<ir::Unary>(t, op, truth_value(std::move(v)), span);
  if (op == UnaryOp::Invert && t->is_bool()) return std::make_unique<ir::Unary>(t, UnaryOp::Not, std::move(v), span);
  if (op == UnaryOp::Neg && v->type->is_int() && v->type->bits() < 64) {
    // Numba negates in the operand's own width, then widens: -int8(-128)
    // is -128 and -uint32(1) is 4294967295.
    TypeRef narrow = v->type;
    auto neg = std::make_unique<ir::BuiltinCall>(narrow, "py2cuda::neg({0})", span);
    neg->args.push_back(std::move(v));
    return convert(std::move(neg), t);
  }
  if (op == UnaryOp::Invert && v->type->is_int() && !v->type->is_signed() && v->type->bits() < 64) {
    // Numba inverts in the operand's own width, then widens: ~uint8(100) is 155
    // (for signed types widening first gives the same value, so those stay `~x`).
    TypeRef narrow = v->type;
    auto inv = std::make_unique<ir::BuiltinCall>(narrow, "py2cuda::invert({0})", span);
    inv->args.push_back(std::move(v));
    return convert(std::move(inv), t);
  }
  return std::make_unique<ir::Unary>(t, op, convert(std::move(v), t), span);
}

ir::ExprPtr FunctionBuilder::truth(ir::ExprPtr e) {
  if (!e) return nullptr;
  if (e->type->is_dynamic()) {
    const Span s = e->span;
    return call_node(types::boolean(), "py2cuda::host::truthy({0})", s, args_of(std::move(e)));
  }
  if (host_ && (e->type->is_string() || e->type->is_dict())) {
    // Python's truth of a str or a dict: not empty.
    auto node = std::make_unique<ir::BuiltinCall>(types::boolean(), "py2cuda::host::len({0}) != 0", e->span);
    node->args.push_back(std::move(e));
    return node;
  }
  if (host_ && e->type == types::host_object("FormatArg")) {
    // A mixed dict's value (`if r["ok"]:`): Python's truth of the value it holds (a str when
    // not empty, a number when not zero, None never).
    const Span s = e->span;
    return call_node(types::boolean(), "[](const auto& x) { return x.is_str() ? !x.text().empty() : x.as_double() != 0; }({0})",
                     s, args_of(std::move(e)));
  }
  if (host_ && e->type->is_list()) {
    // A list is true when it has elements.
    auto n = std::make_unique<ir::BuiltinCall>(types::boolean(), "({0}.size() != 0)", e->span);
    n->args.push_back(std::move(e));
    return n;
  }
  if (!e->type->is_numeric()) return fail(e->span, "a value of type " + e->type->str() + " has no truth value here");
  return truth_value(std::move(e));
}

// The first of `candidates` that names nothing at module level, for a suggestion to define one.
std::string FunctionBuilder::unused_global_name(std::initializer_list<const char*> candidates) const {
  for (const char* name : candidates) {
    if (!mb_.info().globals.count(name)) return name;
  }
  return *(candidates.end() - 1) + std::string("_2");
}

ir::ExprPtr FunctionBuilder::condition(const ast::Expr& e) {
  if (python_host() && e.kind == ast::ExprKind::Unary && ast::as<ast::Unary>(e).op == UnaryOp::Not) {
    // `if not found:`: the negation of the operand's truth, an Optional's too.
    auto operand = condition(*ast::as<ast::Unary>(e).operand);
    if (!operand) return nullptr;
    return std::make_unique<ir::Unary>(types::boolean(), UnaryOp::Not, std::move(operand), e.span);
  }
  if (host_ && e.kind == ast::ExprKind::BoolOp) {
    // `while stack and stack[-1] < v:`: as a test, `a and b` is the truth of a and then of b
    // (short-circuit), whatever the operands' types; the value Python would make of them is
    // not needed.
    const auto& b = ast::as<ast::BoolOpExpr>(e);
    ir::ExprPtr acc;
    for (size_t i = b.values.size(); i-- > 0;) {
      auto test = condition(*b.values[i]);
      if (!test) return nullptr;
      acc = acc ? std::make_unique<ir::Logical>(types::boolean(), b.is_and, std::move(test), std::move(acc), e.span)
                : std::move(test);
    }
    return acc;
  }
  auto v = maybe_optional(e);
  if (v && v->type->is_optional() && python_host()) {
    // CPython: None is false, a value is as true as it is (`if k:` of a found index 0 is false).
    return with_held(std::move(v), "optional", [&](ir::Variable* held) -> ir::ExprPtr {
      auto ref = [&] { return std::make_unique<ir::VarRef>(held, e.span); };
      return std::make_unique<ir::Logical>(types::boolean(), true,
                                           call_node(types::boolean(), "py2cuda::is_value({0})", e.span, args_of(ref())),
                                           truth(unwrap_optional(ref())), e.span);
    });
  }
  if (v && v->type->is_optional()) {
    // Numba has no bool() of an OptionalType: the test must say what it means.
    return fail(e.span, "the truth value of " + v->type->str() + " (a value or None) is not defined in Numba; test '" +
                            "is not None' or compare the value");
  }
  return truth(std::move(v));
}

TypeRef FunctionBuilder::either_type(TypeRef a, TypeRef b) const {
  if (TypeRef t = rules::unify(a, b)) return t;
  if (!host_) return nullptr;
  const TypeRef mixed = types::host_object("FormatArg");
  auto printable = [&](TypeRef x) {
    return (x->is_number() && !x->is_complex()) || x->is_string() || x == mixed || x->is_list() ||
           (x->is_array() && !x->is_device_array()) || (x->is_tuple() && !x->is_list_display());
  };
  return printable(a) && printable(b) ? mixed : nullptr;
}

ir::ExprPtr FunctionBuilder::boolop(const ast::BoolOpExpr& b) {
  std::vector<ir::ExprPtr> vals;
  TypeRef t = nullptr;
  bool numbers = true;
  for (size_t i = 0; i < b.values.size(); ++i) {
    const auto& v = b.values[i];
    auto x = expr(*v);
    if (!x) return nullptr;
    if (host_ && x->type->is_none() && i + 1 < b.values.size()) {
      // `tpb = tpb or 128` where tpb is None: None is false, so `or` goes on to the next
      // operand and `and` is None.
      if (b.is_and) return x;
      continue;
    }
    if (host_ && x->type->is_list_display()) x = growable_list(std::move(x));  // `xs or [0.0]`: a list
    const char* op = b.is_and ? "and" : "or";
    if (!x->type->is_number() && !host_) return fail(v->span, std::string(op) + " of a " + x->type->str() + " is not supported");
    numbers = numbers && x->type->is_number();
    t = t ? either_type(t, x->type) : x->type;
    if (!t) return fail(v->span, std::string(op) + " of a " + x->type->str() + " beside these values is not supported by py2cuda");
    vals.push_back(std::move(x));
  }
  if (!numbers) {
    // Host code's `a or b` is a when a is true, else b (`and`: b when a is true, else a): the
    // value itself, each operand read once, the right ones only when needed.
    ir::ExprPtr acc = dict_value(std::move(vals.back()), t);
    for (size_t i = vals.size() - 1; i-- > 0;) {
      ir::Variable* operand = temporary("operand", vals[i]->type);
      auto ref = [&] { return std::make_unique<ir::VarRef>(operand, b.span); };
      auto test = truth(ref());
      if (!test) return nullptr;
      auto mine = dict_value(ref(), t);
      auto select = std::make_unique<ir::Select>(t, std::move(test), b.is_and ? std::move(acc) : std::move(mine),
                                                 b.is_and ? std::move(mine) : std::move(acc), b.span);
      auto let = std::make_unique<ir::Let>(operand, std::move(vals[i]), b.span);
      let->type = t;
      let->body = std::move(select);
      acc = std::move(let);
    }
    return acc;
  }
  // Right-associative folding keeps Python's short-circuit order.
  ir::ExprPtr acc = convert(std::move(vals.back()), t);
  for (size_t i = vals.size() - 1; i-- > 0;) {
    acc = std::make_unique<ir::Logical>(t, b.is_and, convert(std::move(vals[i]), t), std::move(acc), b.span);
  }
  return acc;
}

namespace {

// Whether evaluating an expression twice is the same as once: no calls.
bool pure(const ast::Expr& e) {
  switch (e.kind) {
    case ast::ExprKind::Name:
    case ast::ExprKind::IntLit:
    case ast::ExprKind::FloatLit:
    case ast::ExprKind::BoolLit: return true;
    case ast::ExprKind::Attribute: return pure(*ast::as<ast::Attribute>(e).value);
    case ast::ExprKind::Subscript:
      return pure(*ast::as<ast::Subscript>(e).value) && pure(*ast::as<ast::Subscript>(e).index);
    case ast::ExprKind::Tuple: {
      for (const auto& x : ast::as<ast::TupleExpr>(e).elts)
        if (!pure(*x)) return false;
      return true;
    }
    case ast::ExprKind::Unary: return pure(*ast::as<ast::Unary>(e).operand);
    case ast::ExprKind::Binary: return pure(*ast::as<ast::Binary>(e).left) && pure(*ast::as<ast::Binary>(e).right);
    default: return false;
  }
}

}  // namespace

// The `x` of `x in range(...)`, in the type range_contains takes: int64 (uint64 for a literal
// beyond it) or float64.
ir::ExprPtr FunctionBuilder::range_member(ir::ExprPtr x) {
  if (x->type->is_bool()) x = convert(std::move(x), types::int64());
  if (x->type->is_float()) return convert(std::move(x), types::float64());
  if (x->type->is_int()) return x->type == types::uint64() ? std::move(x) : convert(std::move(x), types::int64());
  return fail(x->span, "'in range(...)' of a " + x->type->str() + " is not supported by py2cuda (of an int or a float is)");
}

// `x in range(a, b, step)`: Python's test without making the range (host/range_contains.h).
ir::ExprPtr FunctionBuilder::range_membership(bool negated, ir::ExprPtr x, const ast::Call& range, Span s) {
  if (range.args.empty() || range.args.size() > 3 || !range.keywords.empty()) {
    return fail(range.span, "range expects 1 to 3 integer arguments, got " + std::to_string(range.args.size()));
  }
  x = range_member(std::move(x));
  if (!x) return nullptr;
  std::vector<ir::ExprPtr> args;
  args.push_back(std::move(x));
  for (const auto& a : range.args) {
    auto v = expr(*a);
    if (!v) return nullptr;
    if (!v->type->is_int() && !v->type->is_bool()) {
      return fail(a->span, "'" + v->type->str() + "' object cannot be interpreted as an integer (range arguments are "
                           "integers)");
    }
    args.push_back(convert(std::move(v), types::int64()));
  }
  if (args.size() == 2) args.insert(args.begin() + 1, int64_literal(0, s));  // range(stop)
  if (args.size() == 3) args.push_back(int64_literal(1, s));
  auto test = std::make_unique<ir::BuiltinCall>(
      types::boolean(),
      negated ? "!py2cuda::host::range_contains({0}, {1}, {2}, {3})" : "py2cuda::host::range_contains({0}, {1}, {2}, {3})",
      s);
  test->args = std::move(args);
  test->has_effects = true;  // ValueError for a zero step
  return test;
}

// `x is None`, `x is not None` (either side): a run-time test for an Optional,
// a constant for anything else, as Numba folds it.
ir::ExprPtr FunctionBuilder::is_none_test(const ast::Compare& c) {
  const bool negated = c.ops[0] == CmpOp::IsNot || c.ops[0] == CmpOp::NotEq;
  const ast::Expr* other = c.comparators[0]->kind == ast::ExprKind::NoneLit ? c.left.get()
                           : c.left->kind == ast::ExprKind::NoneLit      ? c.comparators[0].get()
                                                                         : nullptr;
  if (!other && host_) {
    // `a is b` of two instances of a class of host code: one object (comparison says so).
    auto l = expr(*c.left);
    auto r = l ? expr(*c.comparators[0]) : nullptr;
    return r ? comparison(c.ops[0], std::move(l), std::move(r), c.span) : nullptr;
  }
  if (!other) {
    return fail(c.span, "'is' comparisons are only supported with None in CUDA kernels; use == for numbers");
  }
  auto v = maybe_optional(*other);
  if (!v) return nullptr;
  if (v->type->is_optional()) {
    auto test = std::make_unique<ir::BuiltinCall>(types::boolean(), negated ? "py2cuda::is_value({0})" : "py2cuda::is_none({0})",
                                                  c.span);
    test->args.push_back(std::move(v));
    return test;
  }
  auto k = std::make_unique<ir::Const>(types::boolean(), c.span);
  k->b = v->type->is_none() != negated;
  return k;
}

// One comparison `l op r` in the type both meet in.
ir::ExprPtr FunctionBuilder::comparison(CmpOp op, ir::ExprPtr l, ir::ExprPtr r, Span span) {
  bool instance = false;  // an operand of a class of host code: its special method
  if (auto v = instance_comparison(op, l, r, span, instance); instance) return v;
  if (l->type->is_dynamic() || r->type->is_dynamic()) return dynamic_comparison(op, std::move(l), std::move(r), span);
  if ((op == CmpOp::In || op == CmpOp::NotIn) && host_ && r->type->is_dict()) {
    return dict_contains(op == CmpOp::NotIn, std::move(l), std::move(r), span);
  }
  if ((op == CmpOp::In || op == CmpOp::NotIn) && host_ && r->type->is_string()) {
    return str_contains(op == CmpOp::NotIn, std::move(l), std::move(r), span);
  }
  const bool in_test = op == CmpOp::In || op == CmpOp::NotIn;
  if (in_test && host_ && r->type == types::host_object("str_list") && l->type->is_string()) {
    // `"fox" in s.split()`, `"-v" in sys.argv`: a list of str holds it (as a List, which tests).
    return call_node(types::boolean(),
                     std::string(op == CmpOp::NotIn ? "!" : "") +
                         "py2cuda::host::List<std::string>({1}.items()).contains(std::string({0}))",
                     span, args_of(std::move(l), std::move(r)));
  }
  if (in_test && host_ && r->type->kind() == TypeKind::Range) {
    // `x in r` of a variable holding range(...).
    l = range_member(std::move(l));
    if (!l) return nullptr;
    return call_node(types::boolean(), std::string(op == CmpOp::NotIn ? "!" : "") + "py2cuda::host::range_contains({0}, {1})",
                     span, args_of(std::move(l), std::move(r)));
  }
  if (host_ && (op == CmpOp::Eq || op == CmpOp::NotEq) && l->type->kind() == TypeKind::Range &&
      r->type->kind() == TypeKind::Range) {
    // Ranges are equal when they hold the same values (range(0) == range(2, 2)).
    return call_node(types::boolean(), std::string(op == CmpOp::NotEq ? "!" : "") + "({0} == {1})", span,
                     args_of(std::move(l), std::move(r)));
  }
  if (host_ && (l->type->is_list() || r->type->is_list() || (in_test && r->type->is_list_display()) ||
                ((op == CmpOp::Eq || op == CmpOp::NotEq) && l->type->is_list_display() && r->type->is_list_display()))) {
    return list_compare(op, std::move(l), std::move(r), span);
  }
  if (in_test && r->type->is_tuple() && !r->type->is_list_display()) {
    return tuple_membership(op == CmpOp::NotIn, std::move(l), std::move(r), span);
  }
  if (op == CmpOp::In || op == CmpOp::NotIn) return fail(span, "'in' tests are not supported in CUDA kernels");
  if ((op == CmpOp::Is || op == CmpOp::IsNot) && host_ && l->type->is_array() && r->type->is_array()) {
    // One array object: the same handle (host/ndarray.h's NDArray::is); arrays of other types never are.
    const bool negated = op == CmpOp::IsNot;
    const std::string pattern = l->type != r->type ? std::string("((void){0}, (void){1}, ") + (negated ? "true)" : "false)")
                                                   : std::string(negated ? "!" : "") + "{0}.is({1})";
    return call_node(types::boolean(), pattern, span, args_of(std::move(l), std::move(r)));
  }
  if (op == CmpOp::Is || op == CmpOp::IsNot) {
    return fail(span, "'is' comparisons are only supported with None in CUDA kernels; use == for numbers");
  }
  if (host_ && (l->type->is_array() || r->type->is_array())) return array_compare(op, std::move(l), std::move(r), span);
  if (host_ && l->type->is_tuple() && r->type->is_tuple()) {
    // Python's order of tuples: element by element, the first unequal pair deciding.
    static const std::map<CmpOp, std::string> kPattern = {
        {CmpOp::Eq, "py2cuda::host::python_equal({0}, {1})"}, {CmpOp::NotEq, "!py2cuda::host::python_equal({0}, {1})"},
        {CmpOp::Lt, "py2cuda::host::python_less({0}, {1})"},  {CmpOp::Gt, "py2cuda::host::python_less({1}, {0})"},
        {CmpOp::LtE, "!py2cuda::host::python_less({1}, {0})"}, {CmpOp::GtE, "!py2cuda::host::python_less({0}, {1})"}};
    auto it = kPattern.find(op);
    if (it != kPattern.end()) {
      auto node = std::make_unique<ir::BuiltinCall>(types::boolean(), it->second, span);
      node->args.push_back(std::move(l));
      node->args.push_back(std::move(r));
      return node;
    }
  }
  if (!host_ && l->type->is_tuple() && r->type->is_tuple()) {
    return kernel_tuple_comparison(op, std::move(l), std::move(r), span);
  }
  if (host_ && (op == CmpOp::Eq || op == CmpOp::NotEq) && l->kind == ir::ExprKind::Const &&
      r->kind == ir::ExprKind::Const && l->type->is_string() && r->type->is_string()) {
    // Two strings the translation knows (a dtype name of an unrolled loop against a literal).
    const bool equal = static_cast<const ir::Const&>(*l).str == static_cast<const ir::Const&>(*r).str;
    return bool_literal(equal == (op == CmpOp::Eq), span);
  }
  if (host_ && l->type->is_string() && r->type->is_string()) {
    // Code point order, which UTF-8's byte order is (string_view compares bytes as unsigned).
    auto node = std::make_unique<ir::BuiltinCall>(
        types::boolean(), "(std::string_view({0}) " + std::string(python_spelling(op)) + " std::string_view({1}))", span);
    node->args.push_back(std::move(l));
    node->args.push_back(std::move(r));
    return node;
  }
  TypeRef t = rules::comparison_operand(op, l->type, r->type);
  if (!t) {
    bool unordered = (l->type->is_complex() || r->type->is_complex()) && l->type->is_numeric() && r->type->is_numeric();
    return fail(span, "cannot compare " + l->type->str() + " and " + r->type->str() + " with '" +
                          std::string(python_spelling(op)) + "'" +
                          (unordered ? ": complex numbers are not ordered (compare abs(z) or the parts)" : ""));
  }
  return std::make_unique<ir::Compare>(op, convert(std::move(l), t), convert(std::move(r), t), span);
}

// `a < b < c` is `a < b and b < c` with b evaluated once (bound by a Let
// when it has calls) and c only when a < b holds.
ir::ExprPtr FunctionBuilder::compare(const ast::Compare& c) {
  if (c.ops.size() == 1 && (c.ops[0] == CmpOp::Is || c.ops[0] == CmpOp::IsNot)) {
    if (host_) {
      bool handled = false;
      auto v = dtype_class_comparison(c, handled);  // `a.dtype.type is np.float32`
      if (handled) return v;
    }
    return is_none_test(c);
  }
  // Host code's `x == None`, `x != None`: CPython's None equals only None, so they are the
  // `is` tests (an instance's own __eq__ aside, which py2cuda does not call with None).
  if (python_host() && c.ops.size() == 1 && (c.ops[0] == CmpOp::Eq || c.ops[0] == CmpOp::NotEq) &&
      (c.left->kind == ast::ExprKind::NoneLit || c.comparators[0]->kind == ast::ExprKind::NoneLit)) {
    return is_none_test(c);
  }
  if (host_) {
    bool handled = false;
    auto v = dtype_class_comparison(c, handled);
    if (handled) return v;
  }
  auto left = dynamic_operand(*c.left);
  if (!left) {
    for (const auto& r : c.comparators) expr(*r);  // their errors too, in one run
    return nullptr;
  }
  return compare_from(c, 0, std::move(left));
}

namespace {

// The `or` of an `in` test's comparisons (false for an empty tuple), negated for `not in`.
ir::ExprPtr membership_result(ir::ExprPtr any, bool negated, Span s) {
  if (!any) {  // `x in ()`
    auto k = std::make_unique<ir::Const>(types::boolean(), s);
    k->b = false;
    any = std::move(k);
  }
  if (!negated) return any;
  auto node = std::make_unique<ir::BuiltinCall>(types::boolean(), "!({0})", s);
  node->args.push_back(std::move(any));
  return node;
}

}  // namespace

// `name in ("a", "b")`, `n not in (1, 2, 4)` in host code: Python's `==` with each element in
// turn, stopping at the first equal one; the left operand is evaluated once.
ir::ExprPtr FunctionBuilder::tuple_display_membership(bool negated, ir::ExprPtr left, const ast::TupleExpr& items, Span s) {
  ir::Variable* item = temporary("item", left->type);
  auto let = std::make_unique<ir::Let>(item, std::move(left), s);
  ir::ExprPtr any;
  for (const auto& e : items.elts) {
    auto v = dynamic_operand(*e);
    if (!v) return nullptr;
    auto test = comparison(CmpOp::Eq, std::make_unique<ir::VarRef>(item, s), std::move(v), s);
    if (!test) return nullptr;
    any = any ? std::make_unique<ir::Logical>(types::boolean(), false, std::move(any), std::move(test), s) : std::move(test);
  }
  any = membership_result(std::move(any), negated, s);
  let->body = std::move(any);
  let->type = types::boolean();
  return let;
}

namespace {

}  // namespace

// `x in t` in a kernel, t a tuple of one type (`p in (1, 2, 3)`, `n in a.shape`): numba-cuda's
// contains of a UniTuple, `==` with each element in turn, stopping at the first equal one. x
// and then t are evaluated once, as Numba's IR evaluates both operands before the test: a
// variable or literal is written where it is compared, anything else bound to a temporary.
ir::ExprPtr FunctionBuilder::tuple_membership(bool negated, ir::ExprPtr item, ir::ExprPtr tuple, Span s) {
  const std::vector<TypeRef> elements = tuple->type->elements();
  for (TypeRef e : elements) {
    if (e != elements.front() && !host_) {
      return fail(s, "'in' of a tuple of mixed types " + tuple->type->str() + " is not supported by Numba's CUDA "
                     "target (it has `in` for a tuple of one type only); compare with each element");
    }
  }
  std::vector<std::unique_ptr<ir::Let>> lets;
  auto bind = [&](ir::ExprPtr value, const char* stem) { return evaluated_once(std::move(value), stem, lets, false); };
  ir::ExprPtr item_value = bind(std::move(item), "item");
  std::vector<ir::ExprPtr> element_values;
  if (tuple->kind == ir::ExprKind::TupleMake) {
    for (auto& e : static_cast<ir::TupleMake&>(*tuple).elements) element_values.push_back(bind(std::move(e), "element"));
  } else {
    ir::ExprPtr whole = bind(std::move(tuple), "items");
    for (size_t k = 0; k < elements.size(); ++k)
      element_values.push_back(std::make_unique<ir::TupleGet>(elements[k], reuse(*whole), static_cast<int>(k), s));
  }
  ir::ExprPtr any;
  for (auto& element : element_values) {
    // Host code's tuples may mix types: a str never equals a number (Python's == is False).
    TypeRef a = item_value->type, b = element->type;
    const bool comparable = a == b || (a->is_number() && b->is_number()) || (a->is_string() && b->is_string()) ||
                            (a->is_tuple() && b->is_tuple());
    ir::ExprPtr test;
    if (comparable || !host_) {
      test = comparison(CmpOp::Eq, reuse(*item_value), std::move(element), s);
    } else {
      auto never = std::make_unique<ir::Const>(types::boolean(), s);
      never->b = false;
      test = std::move(never);
    }
    if (!test) return nullptr;
    any = any ? std::make_unique<ir::Logical>(types::boolean(), false, std::move(any), std::move(test), s) : std::move(test);
  }
  return within_lets(std::move(lets), membership_result(std::move(any), negated, s));
}

// `x in range(a, b, step)` in a kernel: Numba's impl_contains_helper, written out without
// making the range (`a <= x && x < b` for a step of 1). x and the arguments are evaluated once,
// in order, as the IR evaluates them before the test; the arithmetic is int64's, Numba's range
// type for signed arguments. A zero step never reaches the remainder (Numba raises ValueError
// where it makes the range).
ir::ExprPtr FunctionBuilder::kernel_range_membership(bool negated, ir::ExprPtr x, const ast::Call& range, Span s) {
  if (range.args.empty() || range.args.size() > 3 || !range.keywords.empty()) {
    return fail(range.span, "range expects 1 to 3 integer arguments, got " + std::to_string(range.args.size()));
  }
  auto signed_int = [](TypeRef t) { return t->is_bool() || (t->is_int() && (t->is_signed() || t->bits() < 64)); };
  if (!signed_int(x->type)) {
    return fail(x->span, "'in range(...)' of a " + x->type->str() + " is not supported in CUDA kernels by py2cuda (of "
                         "a signed integer, or an unsigned one narrower than 64 bits, is)");
  }
  std::vector<std::unique_ptr<ir::Let>> lets;
  auto bind = [&](ir::ExprPtr value, const char* stem) {
    return evaluated_once(convert(std::move(value), types::int64()), stem, lets, false);
  };
  ir::ExprPtr item = bind(std::move(x), "item");
  std::vector<ir::ExprPtr> bounds;
  for (const auto& a : range.args) {
    auto v = expr(*a);
    if (!v) return nullptr;
    if (!signed_int(v->type)) {
      return fail(a->span, "range() arguments in an 'in' test must be signed integers (or unsigned ones narrower than "
                           "64 bits) in CUDA kernels, not " + v->type->str());
    }
    bounds.push_back(bind(std::move(v), "bound"));
  }
  if (bounds.size() == 1) bounds.insert(bounds.begin(), int64_literal(0, s));
  if (bounds.size() == 2) bounds.push_back(int64_literal(1, s));
  const ir::Expr& start = *bounds[0];
  const ir::Expr& stop = *bounds[1];
  const ir::Expr& step = *bounds[2];
  auto all = [s](std::vector<ir::ExprPtr> terms) {
    ir::ExprPtr r;
    for (auto& t : terms) r = r ? std::make_unique<ir::Logical>(types::boolean(), true, std::move(r), std::move(t), s) : std::move(t);
    return r;
  };
  auto compare = [&](CmpOp op, const ir::Expr& l, const ir::Expr& r) { return comparison(op, reuse(l), reuse(r), s); };
  std::optional<int64_t> literal_step;
  if (step.kind == ir::ExprKind::Const) literal_step = static_cast<int64_t>(static_cast<const ir::Const&>(step).bits);
  std::vector<ir::ExprPtr> upward, downward;
  upward.push_back(compare(CmpOp::LtE, start, *item));
  upward.push_back(compare(CmpOp::Lt, *item, stop));
  downward.push_back(compare(CmpOp::Lt, stop, *item));
  downward.push_back(compare(CmpOp::LtE, *item, start));
  ir::ExprPtr within;
  if (literal_step && *literal_step > 0) {
    within = all(std::move(upward));
  } else if (literal_step && *literal_step < 0) {
    within = all(std::move(downward));
  } else if (literal_step) {
    return fail(range.args.back()->span, "range() arg 3 must not be zero");
  } else {
    upward.insert(upward.begin(), compare(CmpOp::Gt, step, *int64_literal(0, s)));
    downward.insert(downward.begin(), compare(CmpOp::Lt, step, *int64_literal(0, s)));
    within = std::make_unique<ir::Logical>(types::boolean(), false, all(std::move(upward)), all(std::move(downward)), s);
  }
  ir::ExprPtr any = std::move(within);
  if (!literal_step || (*literal_step != 1 && *literal_step != -1)) {
    // On the range's grid: (x - start) % step == 0, Python's remainder (its sign is the step's).
    auto offset = binary_values(BinOp::Sub, reuse(*item), reuse(start), s);
    auto remainder = offset ? binary_values(BinOp::Mod, std::move(offset), reuse(step), s) : nullptr;
    if (!remainder) return nullptr;
    auto on_grid = comparison(CmpOp::Eq, std::move(remainder), int64_literal(0, s), s);
    if (!on_grid) return nullptr;
    any = std::make_unique<ir::Logical>(types::boolean(), true, std::move(any), std::move(on_grid), s);
  }
  return within_lets(std::move(lets), membership_result(std::move(any), negated, s));
}

ir::ExprPtr FunctionBuilder::compare_from(const ast::Compare& c, size_t i, ir::ExprPtr left) {
  const ast::Expr& right_ast = *c.comparators[i];
  if (i + 1 == c.ops.size() && (c.ops[i] == CmpOp::In || c.ops[i] == CmpOp::NotIn) &&
      right_ast.kind == ast::ExprKind::Call && resolve_path(mb_.info(), *ast::as<ast::Call>(right_ast).func) == "range") {
    const auto& range = ast::as<ast::Call>(right_ast);
    if (!host_) return kernel_range_membership(c.ops[i] == CmpOp::NotIn, std::move(left), range, c.span);
    return range_membership(c.ops[i] == CmpOp::NotIn, std::move(left), range, c.span);
  }
  if (host_ && i + 1 == c.ops.size() && (c.ops[i] == CmpOp::In || c.ops[i] == CmpOp::NotIn) &&
      right_ast.kind == ast::ExprKind::Tuple && !left->type->is_array()) {
    return tuple_display_membership(c.ops[i] == CmpOp::NotIn, std::move(left), ast::as<ast::TupleExpr>(right_ast), c.span);
  }
  if (host_ && i + 1 == c.ops.size() && (c.ops[i] == CmpOp::In || c.ops[i] == CmpOp::NotIn) &&
      right_ast.kind == ast::ExprKind::Call && ast::as<ast::Call>(right_ast).args.empty() &&
      ast::as<ast::Call>(right_ast).keywords.empty() && ast::as<ast::Call>(right_ast).func->kind == ast::ExprKind::Attribute) {
    // `k in d.keys()` is `k in d`; `v in d.values()` looks through the values in order.
    const auto& view = ast::as<ast::Attribute>(*ast::as<ast::Call>(right_ast).func);
    if (view.attr == "keys" || view.attr == "values") {
      auto owner = expr(*view.value);
      if (!owner) return nullptr;
      if (owner->type->is_dict() && view.attr == "keys") {
        return dict_contains(c.ops[i] == CmpOp::NotIn, std::move(left), std::move(owner), c.span);
      }
      if (owner->type->is_dict() && !owner->type->is_untyped_dict()) {
        TypeRef vt = owner->type->value_type();
        if (left->type != vt) {
          if (!rules::can_convert(left->type, vt) || left->type->is_string() != vt->is_string()) {
            return fail(c.span, "'in' of a " + left->type->str() + " among the values of a " + owner->type->str() +
                                    " is not supported by py2cuda");
          }
          left = convert(std::move(left), vt);
        }
        return call_node(types::boolean(),
                         std::string(c.ops[i] == CmpOp::NotIn ? "!" : "") + "py2cuda::host::contains_value({0}, {1})",
                         c.span, args_of(std::move(owner), std::move(left)));
      }
      if (owner->type->is_untyped_dict()) {
        auto k = std::make_unique<ir::Const>(types::boolean(), c.span);
        k->b = c.ops[i] == CmpOp::NotIn;  // nothing is in an empty dict
        return k;
      }
      return fail(view.attr_span, "'" + owner->type->str() + "' has no method '" + view.attr + "' supported by py2cuda");
    }
  }
  auto right = dynamic_operand(right_ast);
  if (!right) return nullptr;
  if (host_ && (c.ops[i] == CmpOp::Eq || c.ops[i] == CmpOp::NotEq) &&
      ((left->type == types::host_object("FormatArg") && right->type->is_string()) ||
       (right->type == types::host_object("FormatArg") && left->type->is_string()))) {
    // `r["dtype"] == "float32"` of a dict of mixed values: equal when it holds that str.
    if (left->type->is_string()) std::swap(left, right);
    const std::string negation = c.ops[i] == CmpOp::NotEq ? "!" : "";
    auto equal = call_node(types::boolean(), negation + "py2cuda::host::equals_str({0}, {1})", c.span,
                           args_of(std::move(left), std::move(right)));
    if (i + 1 == c.ops.size()) return equal;
    return fail(c.span, "a chained comparison of a dict's mixed value and a str is not supported by py2cuda");
  }
  if (host_ && !mixed_dict_value_operand(left, right, c.span)) return nullptr;
  if (i + 1 == c.ops.size()) return comparison(c.ops[i], std::move(left), std::move(right), c.span);
  if (pure(right_ast)) {
    auto again = dynamic_operand(right_ast);
    auto first = comparison(c.ops[i], std::move(left), std::move(right), c.span);
    if (!first) return nullptr;
    auto rest = compare_from(c, i + 1, std::move(again));
    if (!rest) return nullptr;
    return std::make_unique<ir::Logical>(types::boolean(), true, std::move(first), std::move(rest), c.span);
  }
  // The middle operand is bound before the first comparison; a left operand that is not a
  // variable or a literal is bound before it, so that `f(1) < f(2) < f(3)` calls f in order.
  std::vector<std::unique_ptr<ir::Let>> lets;
  left = evaluated_once(std::move(left), "left", lets, false);
  ir::Variable* middle = temporary("middle", right->type);
  lets.push_back(std::make_unique<ir::Let>(middle, std::move(right), c.span));
  auto first = comparison(c.ops[i], std::move(left), std::make_unique<ir::VarRef>(middle, c.span), c.span);
  if (!first) return nullptr;
  auto rest = compare_from(c, i + 1, std::make_unique<ir::VarRef>(middle, c.span));
  if (!rest) return nullptr;
  return within_lets(std::move(lets),
                     std::make_unique<ir::Logical>(types::boolean(), true, std::move(first), std::move(rest), c.span));
}

ir::ExprPtr FunctionBuilder::ifexp(const ast::IfExp& i) {
  std::optional<bool> live_body = decided_.outcome(*i.test);
  if (!live_body && i.test->kind == ast::ExprKind::BoolLit) live_body = ast::as<ast::BoolLit>(*i.test).value;
  if (live_body) {
    // CPython compiles `a if True else b` to `a`, and Numba prunes `a if N > 5 else b` to one
    // arm before typing: the result has that arm's type, not the unification of both. (A
    // conditional expression py2cuda made itself is not in decided_; a literal test still is.)
    return expr(*live_body ? *i.body : *i.orelse);
  }
  auto cond = condition(*i.test);
  if (cond && cond->kind == ir::ExprKind::Const && is_none_comparison(*i.test)) {
    // `v if best is None else min(best, v)` where `best` is no Optional (here, only None): the
    // test is decided and only its arm is typed, as only it runs. The arm left would not type
    // (min(None, v)) while a loop's first pass still sees `best` as the None it starts as.
    return expr(static_cast<const ir::Const&>(*cond).b ? *i.body : *i.orelse);
  }
  auto a = python_host() ? dynamic_operand(*i.body) : expr(*i.body);
  auto b = python_host() ? dynamic_operand(*i.orelse) : expr(*i.orelse);
  if (!cond || !a || !b) return nullptr;
  // `1 if c else 2.5` in host code: CPython's value keeps its arm's type (the int 1, the float
  // 2.5). (Numba, a CPU @jit function's too, unifies the arms: float64.)
  if (TypeRef held = either_held_number(a, b)) {
    return std::make_unique<ir::Select>(held, std::move(cond), std::move(a), std::move(b), i.span);
  }
  a = static_number(std::move(a));
  b = static_number(std::move(b));
  auto list_like = [](TypeRef t) { return t->is_list() || t->is_list_display(); };
  if (host_ && (list_like(a->type) || list_like(b->type))) {
    // `[2 ** k for k in ks] if c else [64]`: a list display arm is a list too.
    a = growable_list(std::move(a));
    b = growable_list(std::move(b));
    if (a->type->is_list() && b->type->is_list() && a->type != b->type && a->type->is_set() == b->type->is_set()) {
      TypeRef ea = a->type->dtype(), eb = b->type->dtype();
      TypeRef e = !ea ? eb : !eb ? ea : element_meet(ea, eb);
      if (e) {
        a = convert(std::move(a), types::list_like(a->type, e));
        b = convert(std::move(b), types::list_like(b->type, e));
      }
    }
  }
  TypeRef t = either_type(a->type, b->type);
  if (!t) {
    return fail(i.span, "the two branches of this conditional expression have incompatible types " + a->type->str() +
                            " and " + b->type->str());
  }
  return std::make_unique<ir::Select>(t, std::move(cond), dict_value(std::move(a), t), dict_value(std::move(b), t), i.span);
}

}  // namespace py2cuda::infer

namespace py2cuda::infer {

namespace {

}  // namespace

// print(a, b, ...) as numba-cuda's printimpl formats it: one printf call
// whose format joins the items' formats with spaces and ends with a newline.
ir::ExprPtr FunctionBuilder::print_call(const ast::Call& c) {
  if (!c.keywords.empty()) return fail(c.keywords[0].span, "print() keyword arguments (sep, end, file) are not supported in CUDA kernels");
  std::string format;
  std::string pattern_args;
  std::vector<ir::ExprPtr> args;
  std::function<bool(ir::ExprPtr, Span)> item = [&](ir::ExprPtr v, Span sp) -> bool {
    TypeRef t = v->type;
    std::string k = "{" + std::to_string(args.size()) + "}";
    if (t->is_bool()) {
      format += "%s";
      pattern_args += ", " + k + " ? \"True\" : \"False\"";
    } else if (t->is_int()) {
      format += t->is_signed() ? "%lld" : "%llu";
      pattern_args += std::string(", static_cast<") + (t->is_signed() ? "long long" : "unsigned long long") + ">(" + k + ")";
    } else if (t->is_float()) {
      format += "%f";
      pattern_args += ", double(" + k + ")";
    } else if (t->is_tuple()) {
      format += "(";
      for (size_t i = 0; i < t->elements().size(); ++i) {
        if (i) format += ", ";
        auto again = ir::ExprPtr(nullptr);
        if (v->kind == ir::ExprKind::TupleMake) {
          again = std::move(static_cast<ir::TupleMake&>(*v).elements[i]);
        } else {
          return fail(sp, "print() of a tuple-valued expression needs a tuple display or a variable"), false;
        }
        if (!item(std::move(again), sp)) return false;
      }
      format += t->elements().size() == 1 ? ",)" : ")";
      return true;
    } else if (t->is_complex()) {
      fail(sp, "print() of a " + t->str() + " is not supported on the CUDA target (numba-cuda's print has no complex "
               "format); print its .real and .imag");
      return false;
    } else {
      fail(sp, "print() cannot print a value of type " + t->str());
      return false;
    }
    args.push_back(std::move(v));
    return true;
  };
  for (size_t i = 0; i < c.args.size(); ++i) {
    if (i) format += " ";
    const ast::Expr& a = *c.args[i];
    if (a.kind == ast::ExprKind::StrLit) {
      const auto& str = ast::as<ast::StrLit>(a);
      if (str.is_fstring) return fail(a.span, "f-strings are not supported in CUDA kernels; pass the values to print() as separate arguments");
      format += pattern_string_text(str.value, true);
      continue;
    }
    auto v = expr(a);
    if (!v) return nullptr;
    if (v->type->is_tuple() && v->kind != ir::ExprKind::TupleMake) {
      // Expand a tuple variable into its elements.
      auto make = std::make_unique<ir::TupleMake>(v->type, a.span);
      for (size_t k = 0; k < v->type->elements().size(); ++k) {
        auto again = expr(a);
        make->elements.push_back(std::make_unique<ir::TupleGet>(v->type->elements()[k], std::move(again), static_cast<int>(k), a.span));
      }
      v = std::move(make);
    }
    if (!item(std::move(v), a.span)) return nullptr;
  }
  auto call = std::make_unique<ir::BuiltinCall>(types::none(), "printf(\"" + format + "\\n\"" + pattern_args + ")", c.span);
  call->args = std::move(args);
  return call;
}

}  // namespace py2cuda::infer

namespace py2cuda::infer {

// The element type named by a dtype argument: a numba/numpy type, a string
// ('float32'), or `arr.dtype` of an array in scope.
TypeRef FunctionBuilder::dtype_of(const ast::Expr& e) {
  if (e.kind == ast::ExprKind::StrLit) {
    const std::string& name = ast::as<ast::StrLit>(e).value;
    if (TypeRef t = types::scalar_by_name(name)) return t;
    D().error(e.span, "unknown dtype '" + name + "'");
    return nullptr;
  }
  if (e.kind == ast::ExprKind::Attribute && ast::as<ast::Attribute>(e).attr == "dtype" &&
      resolve_path(mb_.info(), e).empty()) {
    auto base = expr(*ast::as<ast::Attribute>(e).value);
    if (!base) return nullptr;
    if (base->type->is_array()) return base->type->dtype();
    D().error(e.span, "'.dtype' of a " + base->type->str() + " is not an array element type");
    return nullptr;
  }
  TypeRef t = sema::type_from_expr(mb_.info(), e, D());
  if (t && !t->is_numeric()) {
    D().error(e.span, "array elements must be scalars, not " + t->str());
    return nullptr;
  }
  return t;
}

ir::ExprPtr FunctionBuilder::array_alloc(const ast::Call& c, bool shared) {
  const char* what = shared ? "cuda.shared.array" : "cuda.local.array";
  const ast::Expr* shape = c.args.size() > 0 ? c.args[0].get() : nullptr;
  const ast::Expr* dtype = c.args.size() > 1 ? c.args[1].get() : nullptr;
  for (const auto& kw : c.keywords) {
    if (kw.name == "shape" && !shape) shape = kw.value.get();
    else if (kw.name == "dtype" && !dtype) dtype = kw.value.get();
    else return fail(kw.span, std::string(what) + "() got an unexpected argument '" + kw.name + "'");
  }
  if (!shape || !dtype || c.args.size() > 2) return fail(c.span, std::string(what) + "() takes a shape and a dtype");
  TypeRef elem = dtype_of(*dtype);
  if (!elem) return nullptr;
  Diagnostics why(D().file());
  auto v = sema::evaluate_constant(mb_.info(), *shape, why);
  if (!v) {
    auto& d = D().error(shape->span, std::string("the shape of ") + what +
                                         " must be a constant: an integer or a tuple of integers known at "
                                         "translation time");
    for (const auto& w : why.all()) Diagnostics::note(d, w.span, w.message);
    return nullptr;
  }
  std::vector<int64_t> dims;
  auto add_dim = [&](const sema::ConstValue& d) {
    if (!d.type->is_int()) return false;
    dims.push_back(static_cast<int64_t>(d.bits));
    return true;
  };
  bool ok = v->type->is_tuple() ? std::all_of(v->elements.begin(), v->elements.end(), add_dim) : add_dim(*v);
  if (!ok || dims.empty() || dims.size() > 3) {
    return fail(shape->span, std::string("the shape of ") + what + " must be an integer or a tuple of 1 to 3 integers");
  }
  bool dynamic = shared && dims.size() == 1 && dims[0] == 0;
  for (int64_t d : dims) {
    if (!dynamic && d <= 0) return fail(shape->span, std::string(what) + " dimensions must be positive" +
                                                      (shared ? " (0 alone means dynamic shared memory)" : ""));
  }
  if (const ast::Expr* part = sema::numba_rejected_shape(mb_.info(), *shape)) {
    const std::string text(D().file().span_text(part->span));
    const bool arithmetic = part->kind == ast::ExprKind::Binary || part->kind == ast::ExprKind::Unary;
    not_portable(part->span,
                 std::string("rejects this shape: ") + what +
                     "'s shape must be an integer literal, a module-level int or a tuple of them, and `" + text +
                     "` is not one" + (arithmetic ? " (Numba folds no arithmetic on names)" : ""),
                 "Define a module constant, e.g. `" + unused_global_name({"SIZE", "LENGTH", "EXTENT", "SHAPE_SIZE"}) +
                     " = " + text + "`");
  }
  auto node = std::make_unique<ir::LocalArray>(types::array(elem, static_cast<int>(dims.size()), Layout::C), shared, c.span);
  if (!dynamic) node->shape = dims;
  return node;
}

}  // namespace py2cuda::infer

namespace py2cuda::infer {

// cuda.atomic.OP(ary, idx, val), cas(ary, idx, old, val) and
// compare_and_swap(ary, old, val), typed as numba-cuda's cudadecl.py does:
// the result and the value are the array's dtype, the index an integer (1-D)
// or a tuple of integers, with negative-index wraparound.
ir::ExprPtr FunctionBuilder::atomic_call(const ast::Call& c, const builtins::Builtin& row) {
  std::string path(row.path);
  std::string op = path.substr(path.rfind('.') + 1);
  std::string name = "cuda.atomic." + op;
  bool cas = op == "cas", compare_and_swap = op == "compare_and_swap";
  size_t want = cas ? 4 : 3;
  if (!c.keywords.empty()) return fail(c.keywords[0].span, name + "() takes positional arguments only");
  if (c.args.size() != want) {
    return fail(c.span, name + "() takes " + std::to_string(want) + " arguments (" +
                            (cas ? "array, index, old, value" : compare_and_swap ? "array, old, value" : "array, index, value") +
                            ") but " + std::to_string(c.args.size()) + (c.args.size() == 1 ? " was" : " were") + " given");
  }
  auto ary = expr(*c.args[0]);
  if (!ary) return nullptr;
  if (!ary->type->is_array()) {
    return fail(c.args[0]->span, "the first argument of " + name + "() must be an array, not " + ary->type->str());
  }
  if (ary->type->is_readonly()) return fail(c.args[0]->span, readonly_array_message(ary->type));
  TypeRef dt = ary->type->dtype();
  bool is_int = dt->is_int() && (dt->bits() == 32 || dt->bits() == 64);
  bool is_float = dt->is_float() && dt->bits() >= 32;  // Numba has no float16 atomics
  bool ok = op == "inc" || op == "dec" ? is_int && !dt->is_signed()
            : op == "and_" || op == "or_" || op == "xor" || op == "exch" || cas || compare_and_swap ? is_int
                                                                                                  : is_int || is_float;
  if (!ok) {
    std::string supported = op == "inc" || op == "dec" ? "uint32 and uint64"
                            : op == "and_" || op == "or_" || op == "xor" || op == "exch" || cas || compare_and_swap
                                ? "int32, uint32, int64 and uint64"
                                : "int32, uint32, int64, uint64, float32 and float64";
    return fail(c.args[0]->span, name + "() does not support arrays of " + dt->str() + " (it supports " + supported + ")");
  }
  if (compare_and_swap && ary->type->ndim() != 1) {
    return fail(c.args[0]->span, name + "() takes a 1-D array (it works on element 0), not " + ary->type->str());
  }
  // The element, as an Index so that wraparound and bounds checks apply.
  auto element = std::make_unique<ir::Index>(dt, std::move(ary), c.span);
  if (compare_and_swap) {
    element->indices.push_back(int64_literal(0, c.span));
  } else {
    const ast::Expr& idx_ast = *c.args[1];
    auto idx = expr(idx_ast);
    if (!idx) return nullptr;
    int ndim = element->array->type->ndim();
    // numba-cuda's atomics cast each index to intp (cudaimpl.py, _normalize_indices): a float
    // (`math.floor(x * 4)`, float64 on CUDA) converts, truncated toward zero, as a histogram
    // kernel written that way expects.
    if (idx->type->is_float()) idx = convert(std::move(idx), types::int64());
    if (idx->type->is_tuple()) {
      const auto& elems = idx->type->elements();
      if (static_cast<int>(elems.size()) != ndim) {
        return fail(idx_ast.span, name + "() on " + element->array->type->str() + " needs " + std::to_string(ndim) +
                                      " indices, got " + std::to_string(elems.size()));
      }
      for (size_t k = 0; k < elems.size(); ++k) {
        if (!elems[k]->is_int() && !elems[k]->is_bool() && !elems[k]->is_float()) {
          return fail(idx_ast.span, "the indices of " + name + "() must be integers, not " + elems[k]->str());
        }
        auto again = k == 0 ? std::move(idx) : expr(idx_ast);
        ir::ExprPtr part = again->kind == ir::ExprKind::TupleMake
                               ? std::move(static_cast<ir::TupleMake&>(*again).elements[k])
                               : std::make_unique<ir::TupleGet>(elems[k], std::move(again), static_cast<int>(k), idx_ast.span);
        element->indices.push_back(convert(std::move(part), elems[k]->is_int() ? elems[k] : types::int64()));
      }
    } else if (idx->type->is_int() || idx->type->is_bool()) {
      if (ndim != 1) {
        return fail(idx_ast.span, name + "() on " + element->array->type->str() + " needs a tuple of " +
                                      std::to_string(ndim) + " indices");
      }
      TypeRef it = idx->type->is_bool() ? types::int64() : idx->type;
      element->indices.push_back(convert(std::move(idx), it));
    } else {
      return fail(idx_ast.span, "the index of " + name + "() must be an integer or a tuple of integers, not " +
                                    idx->type->str());
    }
  }
  std::vector<ir::ExprPtr> args;
  args.push_back(std::move(element));
  for (size_t i = compare_and_swap ? 1 : 2; i < c.args.size(); ++i) {
    auto v = expr(*c.args[i]);
    if (!v) return nullptr;
    if (!v->type->is_number()) {
      return fail(c.args[i]->span, "the value of " + name + "() must be a number, not " + v->type->str());
    }
    args.push_back(convert(std::move(v), dt));
  }
  std::string pattern = std::string(row.f64) + "(&{0}";
  for (size_t i = 1; i < args.size(); ++i) pattern += ", {" + std::to_string(i) + "}";
  auto call = std::make_unique<ir::BuiltinCall>(dt, pattern + ")", c.span);
  call->args = std::move(args);
  return call;
}

}  // namespace py2cuda::infer

namespace py2cuda::infer {

// Numba's CUDA target runs a NumPy ufunc called with arrays as its ufunc loop over the
// output, which must be given as the last argument (a kernel cannot allocate the result, and
// Numba's lowering takes no out= keyword): `np.sin(x, r)`, `np.maximum(a, b, c)`. The loop is the runtime's py2cuda::ufunc_into, with the scalar
// function typed as the same ufunc on scalars of the operands' dtypes (so float32 arrays use
// sinf); inputs broadcast against the output, and the call's value is the output array.
ir::ExprPtr FunctionBuilder::ufunc_with_out(const ast::Call& c, const builtins::Builtin& row, const std::string& path,
                                            std::vector<ir::ExprPtr> operands) {
  const std::string name = display_path(path);
  if (row.cuda_loops.empty()) {
    return fail(c.span, name + "() of an array is not supported in kernels: Numba's CUDA target has no array loop "
                        "for it (it takes scalars there); loop over the elements");
  }
  if (operands.size() < 2) {
    return fail(c.span, name + "() of an array needs an output array as its last argument in a kernel (Numba's "
                        "CUDA target cannot allocate its result): " + name + "(x, out)");
  }
  ir::ExprPtr out = std::move(operands.back());
  operands.pop_back();
  if (!out->type->is_array() || out->type->is_readonly()) {
    return fail(out->span, name + "()'s output must be a writable array, not " + out->type->str());
  }
  auto node = std::make_unique<ir::BuiltinCall>(out->type, "", c.span);
  node->has_effects = true;
  node->args.push_back(std::move(out));
  std::vector<ir::ExprPtr> elements;
  std::string params, inputs;
  for (size_t k = 0; k < operands.size(); ++k) {
    ir::ExprPtr v = std::move(operands[k]);
    if (v->type->is_array() && v->type->ndim() > node->type->ndim()) {
      return fail(v->span, name + "()'s operand has more dimensions than its output array");
    }
    if (!v->type->is_array() && !v->type->is_number()) {
      return fail(v->span, name + "() does not accept an operand of type " + v->type->str());
    }
    TypeRef element = v->type->is_array() ? v->type->dtype() : v->type;
    const std::string stand_in = "py2cuda_x" + std::to_string(k);
    elements.push_back(std::make_unique<ir::GlobalRef>(stand_in, element, v->span));
    node->type_args.push_back(element);
    params += (k ? ", {t" : "{t") + std::to_string(k) + "} " + stand_in;
    inputs += ", {" + std::to_string(k + 1) + "}";
    node->args.push_back(std::move(v));
  }
  auto scalar = type_builtin(row, std::move(elements), c.span, D());
  if (!scalar) return nullptr;
  if (!scalar->type->is_number()) return fail(c.span, name + "() is not a NumPy ufunc py2cuda can loop over an array");
  scalar = convert(std::move(scalar), node->type->dtype());
  node->pattern = "py2cuda::ufunc_into({0}, [](" + params + ") { return {" + std::to_string(node->args.size()) +
                  "}; }" + inputs + ")";
  node->args.push_back(std::move(scalar));
  return node;
}

}  // namespace py2cuda::infer
