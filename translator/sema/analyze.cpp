// Module-level analysis: what each module-level name means, which functions
// are kernels or device functions, and with which signatures and options.
#include <cctype>
#include <filesystem>
#include <set>

#include "frontend/parser.h"
#include "sema/classes.h"
#include "sema/module_info.h"

namespace py2cuda::sema {

namespace {

// numba.types.float32 and numba.core.types.float32 name the same thing as numba.float32.
std::string canonical(std::string path) {
  for (const char* prefix : {"numba.core.types.", "numba.types.", "numba.cuda.types."}) {
    std::string p(prefix);
    if (path.rfind(p, 0) == 0) return "numba." + path.substr(p.size());
  }
  if (path == "numba.core.types" || path == "numba.cuda.types") return "numba.types";
  // numba.prange is range to every target but the CPU's parallel=True, which runs its iterations
  // in threads: a loop free of races gives the same values in order.
  if (path == "numba.prange") return "range";
  // numba.cuda re-exports numba's scalar types: `from numba.cuda import float32` (as
  // numba-cuda's documentation imports them) is numba.float32.
  static const std::set<std::string> kScalarTypes = {
      "boolean", "bool_", "b1", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
      "intp", "uintp", "i1", "i2", "i4", "i8", "u1", "u2", "u4", "u8", "float16", "float32", "float64",
      "f2", "f4", "f8", "complex64", "complex128", "c8", "c16", "void"};
  const std::string cuda_prefix = "numba.cuda.";
  if (path.rfind(cuda_prefix, 0) == 0 && kScalarTypes.count(path.substr(cuda_prefix.size()))) {
    return "numba." + path.substr(cuda_prefix.size());
  }
  return path;
}

bool is_cuda_jit(const std::string& p) { return p == "numba.cuda.jit"; }
bool is_cpu_jit(const std::string& p) { return p == "numba.jit" || p == "numba.njit"; }
// numba-cuda's reduction decorator: the function is the binary operator of a reduction
// its calls run (Reduce, numba/cuda/kernels/reduction.py).
bool is_cuda_reduce(const std::string& p) { return p == "numba.cuda.reduce" || p == "numba.cuda.Reduce"; }
bool is_ufunc(const std::string& p) {
  return p == "numba.vectorize" || p == "numba.guvectorize" || p == "numba.cuda.vectorize";
}

class Analyzer {
 public:
  Analyzer(ModuleInfo& info, Diagnostics& diags) : info_(info), diags_(diags) {}

  void run(const ast::Module& module, const std::vector<SignatureOverride>& overrides) {
    // Names bound more than once at module level are host variables, not
    // constants: count bindings first.
    for (const auto& stmt : module.body) count_bindings(*stmt, 0);
    for (const auto& stmt : module.hoisted) count_bindings(*stmt, 0);
    for (const auto& stmt : module.body) bind(*stmt);
    for (const auto& stmt : module.hoisted) bind(*stmt);
    for (const auto& [constant, origin] : module.closure_variables) {
      auto it = info_.globals.find(constant);
      if (it == info_.globals.end()) continue;
      it->second.closure_variable = origin.first;
      it->second.closure_function = origin.second;
    }
    apply_overrides(overrides);
  }

 private:
  void count_bindings(const ast::Stmt& s, int depth) {
    auto count_target = [&](const ast::Expr& t) { count_target_names(t, depth); };
    switch (s.kind) {
      case ast::StmtKind::Assign:
        for (const auto& t : ast::as<ast::Assign>(s).targets) count_target(*t);
        break;
      case ast::StmtKind::AugAssign: count_target(*ast::as<ast::AugAssign>(s).target); break;
      case ast::StmtKind::AnnAssign: count_target(*ast::as<ast::AnnAssign>(s).target); break;
      case ast::StmtKind::For: {
        const auto& f = ast::as<ast::For>(s);
        count_target_names(*f.target, depth + 1);
        for (const auto& b : f.body) count_bindings(*b, depth + 1);
        for (const auto& b : f.orelse) count_bindings(*b, depth + 1);
        break;
      }
      case ast::StmtKind::With:
        for (const auto& i : ast::as<ast::With>(s).items)
          if (i.target) count_target_names(*i.target, depth + 1);
        for (const auto& b : ast::as<ast::With>(s).body) count_bindings(*b, depth + 1);
        break;
      case ast::StmtKind::Try:
        if (ast::as<ast::Try>(s).guards_imports()) break;  // imports: counted by bind()
        for (const auto& h : ast::as<ast::Try>(s).handlers)
          if (h.name) count_target_names(*h.name, depth + 1);
        ast::as<ast::Try>(s).for_each_block([&](const ast::Block& b) {
          for (const auto& x : b) count_bindings(*x, depth + 1);
        });
        break;
      case ast::StmtKind::While:
        for (const auto& b : ast::as<ast::While>(s).body) count_bindings(*b, depth + 1);
        for (const auto& b : ast::as<ast::While>(s).orelse) count_bindings(*b, depth + 1);
        break;
      case ast::StmtKind::If:
        for (const auto& b : ast::as<ast::If>(s).body) count_bindings(*b, depth + 1);
        for (const auto& b : ast::as<ast::If>(s).orelse) count_bindings(*b, depth + 1);
        break;
      default: break;
    }
  }

  void count_target_names(const ast::Expr& t, int depth) {
    if (t.kind == ast::ExprKind::Name) {
      int& n = binding_count_[ast::as<ast::Name>(t).id];
      n += depth == 0 ? 1 : 2;  // a binding inside a block is never a constant
    } else if (t.kind == ast::ExprKind::Tuple || t.kind == ast::ExprKind::List) {
      const auto& elts = t.kind == ast::ExprKind::Tuple ? ast::as<ast::TupleExpr>(t).elts : ast::as<ast::ListExpr>(t).elts;
      for (const auto& e : elts) count_target_names(*e, depth + 1);
    } else if (t.kind == ast::ExprKind::Starred) {
      count_target_names(*ast::as<ast::Starred>(t).value, depth);
    }
  }

  void bind_path(const std::string& name, std::string path, Span span) {
    Symbol s;
    s.kind = Symbol::Kind::Path;
    s.path = canonical(std::move(path));
    s.span = span;
    info_.globals[name] = std::move(s);
  }

  void bind_host(const std::string& name, Span span) {
    Symbol s;
    s.kind = Symbol::Kind::HostValue;
    s.span = span;
    info_.globals[name] = std::move(s);
  }

  void bind(const ast::Stmt& s) {
    switch (s.kind) {
      case ast::StmtKind::Import: {
        for (const auto& alias : ast::as<ast::Import>(s).names) {
          if (!alias.asname.empty()) {
            bind_path(alias.asname, alias.name, alias.span);
          } else {
            // `import numba.cuda` binds `numba`.
            std::string first = alias.name.substr(0, alias.name.find('.'));
            bind_path(first, first, alias.span);
          }
        }
        break;
      }
      case ast::StmtKind::ImportFrom: {
        const auto& imp = ast::as<ast::ImportFrom>(s);
        if (imp.level > 0 || imp.star) break;  // relative/star imports cannot reach numba names
        for (const auto& alias : imp.names) {
          bind_path(alias.asname.empty() ? alias.name : alias.asname, imp.module + "." + alias.name, alias.span);
        }
        break;
      }
      case ast::StmtKind::FunctionDef: bind_function(ast::as<ast::FunctionDef>(s)); break;
      case ast::StmtKind::Unsupported:
        if (const auto* c = dynamic_cast<const ast::ClassDef*>(&s); c && c->constructor) bind_class(*c);
        break;
      case ast::StmtKind::Assign: bind_assign(ast::as<ast::Assign>(s)); break;
      case ast::StmtKind::AnnAssign: {
        const auto& a = ast::as<ast::AnnAssign>(s);
        if (a.target->kind == ast::ExprKind::Name && a.value) {
          bind_value(ast::as<ast::Name>(*a.target).id, *a.value, s.span);
        }
        break;
      }
      case ast::StmtKind::AugAssign:
        bind_targets_as_host(*ast::as<ast::AugAssign>(s).target);
        break;
      case ast::StmtKind::For: {
        const auto& f = ast::as<ast::For>(s);
        bind_targets_as_host(*f.target);
        for (const auto& b : f.body) bind(*b);
        for (const auto& b : f.orelse) bind(*b);
        break;
      }
      case ast::StmtKind::With:
        for (const auto& i : ast::as<ast::With>(s).items)
          if (i.target) bind_targets_as_host(*i.target);
        for (const auto& b : ast::as<ast::With>(s).body) bind(*b);
        break;
      case ast::StmtKind::Try:
        // `try: import x / except ImportError:`: the imports succeed in the program py2cuda builds.
        if (ast::as<ast::Try>(s).guards_imports()) {
          for (const auto& b : ast::as<ast::Try>(s).body) bind(*b);
          break;
        }
        for (const auto& h : ast::as<ast::Try>(s).handlers)
          if (h.name) bind_targets_as_host(*h.name);
        ast::as<ast::Try>(s).for_each_block([&](const ast::Block& b) {
          for (const auto& x : b) bind(*x);
        });
        break;
      case ast::StmtKind::While:
        for (const auto& b : ast::as<ast::While>(s).body) bind(*b);
        for (const auto& b : ast::as<ast::While>(s).orelse) bind(*b);
        break;
      case ast::StmtKind::If:
        // `if __name__ == "__main__":` and other module-level blocks: their
        // definitions count, their assignments are host variables.
        for (const auto& b : ast::as<ast::If>(s).body) bind(*b);
        for (const auto& b : ast::as<ast::If>(s).orelse) bind(*b);
        break;
      default: break;
    }
  }

  void bind_targets_as_host(const ast::Expr& t) {
    if (t.kind == ast::ExprKind::Name) {
      bind_host(ast::as<ast::Name>(t).id, t.span);
    } else if (t.kind == ast::ExprKind::Tuple) {
      for (const auto& e : ast::as<ast::TupleExpr>(t).elts) bind_targets_as_host(*e);
    } else if (t.kind == ast::ExprKind::List) {
      for (const auto& e : ast::as<ast::ListExpr>(t).elts) bind_targets_as_host(*e);
    } else if (t.kind == ast::ExprKind::Starred) {
      bind_targets_as_host(*ast::as<ast::Starred>(t).value);  // first, *rest = xs
    }
  }

  void bind_value(const std::string& name, const ast::Expr& value, Span span) {
    if (binding_count_[name] > 1) {
      bind_host(name, span);
      return;
    }
    Symbol s;
    s.kind = Symbol::Kind::Constant;
    s.value_expr = &value;
    s.span = span;
    s.python_text = std::string(info_.file->line_text(span.line));
    info_.globals[name] = std::move(s);
  }

  void bind_assign(const ast::Assign& a) {
    // `k = cuda.jit(SIG)(f)`: the kernel is launched as `k`.
    if (a.targets.size() == 1 && a.targets[0]->kind == ast::ExprKind::Name && a.value->kind == ast::ExprKind::Call) {
      const auto& outer = ast::as<ast::Call>(*a.value);
      if (outer.args.size() == 1 && outer.keywords.empty() && outer.args[0]->kind == ast::ExprKind::Name) {
        std::string fname = ast::as<ast::Name>(*outer.args[0]).id;
        auto it = defs_.find(fname);
        if (it != defs_.end() && decorator_kind(*outer.func) != FunctionKind::Plain) {
          const std::string& target = ast::as<ast::Name>(*a.targets[0]).id;
          add_function(target, *it->second, named_decorator(*outer.func), a.value->span);
          return;
        }
      }
      // `dec = cuda.jit(SIG)`: a decorator bound to a name, applied later as `k = dec(f)` or
      // `@dec` (numba-cuda's tests write `dec = cuda.jit(void(float64[:, :], int8, ...))`).
      const std::string& target = ast::as<ast::Name>(*a.targets[0]).id;
      bool applies_to_function = false;
      for (const auto& arg : outer.args) {
        applies_to_function |= arg->kind == ast::ExprKind::Lambda ||
                               (arg->kind == ast::ExprKind::Name && defs_.count(ast::as<ast::Name>(*arg).id));
      }
      if (!applies_to_function && binding_count_[target] <= 1 && decorator_kind(*a.value) != FunctionKind::Plain &&
          is_cuda_jit(resolve_path(info_, *outer.func))) {
        named_decorators_[target] = a.value.get();
        bind_path(target, resolve_path(info_, *outer.func), a.span);  // host code leaves the statement out
        return;
      }
    }
    // `op = add` of a kernel, device or @jit function, bound once: the same function under
    // another name (Numba resolves the global to the same dispatcher), as a kernel factory's
    // argument becomes (sema/kernel_factories.cpp).
    if (a.targets.size() == 1 && a.targets[0]->kind == ast::ExprKind::Name && a.value->kind == ast::ExprKind::Name &&
        binding_count_[ast::as<ast::Name>(*a.targets[0]).id] <= 1) {
      auto it = info_.globals.find(ast::as<ast::Name>(*a.value).id);
      if (it != info_.globals.end() && it->second.kind == Symbol::Kind::Function &&
          it->second.function->kind != FunctionKind::Plain) {
        Symbol alias = it->second;
        info_.globals[ast::as<ast::Name>(*a.targets[0]).id] = std::move(alias);
        return;
      }
    }
    // `f = cuda.declare_device(...)`: a device function defined in CUDA C/C++.
    if (a.targets.size() == 1 && a.targets[0]->kind == ast::ExprKind::Name && a.value->kind == ast::ExprKind::Call &&
        resolve_path(info_, *ast::as<ast::Call>(*a.value).func) == "numba.cuda.declare_device") {
      bind_external(ast::as<ast::Name>(*a.targets[0]).id, ast::as<ast::Call>(*a.value), a.span);
      return;
    }
    for (const auto& t : a.targets) {
      if (t->kind == ast::ExprKind::Name) {
        bind_value(ast::as<ast::Name>(*t).id, *a.value, a.span);
      } else {
        bind_targets_as_host(*t);
      }
    }
  }

  // A string literal argument, or an error naming what it is for.
  const ast::StrLit* string_argument(const ast::Expr& e, const std::string& what) {
    if (e.kind == ast::ExprKind::StrLit && !ast::as<ast::StrLit>(e).is_fstring) return &ast::as<ast::StrLit>(e);
    diags_.error(e.span, "cuda.declare_device: " + what + " must be a string literal");
    return nullptr;
  }

  // The file path an expression of a link= argument spells: a string literal,
  // os.path.join(...) of such paths, os.path.dirname(__file__) (also of abspath/realpath,
  // the Python file's folder, made absolute), or a module-level name bound once to one of
  // these, as Numba programs write them. nullopt for anything else.
  std::optional<std::string> path_value(const ast::Expr& e, int depth) {
    namespace fs = std::filesystem;
    if (depth > 16) return std::nullopt;
    if (e.kind == ast::ExprKind::StrLit) {
      const auto& s = ast::as<ast::StrLit>(e);
      if (s.is_fstring) return std::nullopt;
      return s.value;
    }
    if (e.kind == ast::ExprKind::Name) {
      const std::string& id = ast::as<ast::Name>(e).id;
      std::error_code ec;
      if (id == "__file__") return fs::absolute(info_.file->path(), ec).lexically_normal().string();
      auto it = info_.globals.find(id);
      if (it == info_.globals.end() || it->second.kind != Symbol::Kind::Constant || !it->second.value_expr) {
        return std::nullopt;
      }
      return path_value(*it->second.value_expr, depth + 1);
    }
    if (e.kind != ast::ExprKind::Call) return std::nullopt;
    const auto& call = ast::as<ast::Call>(e);
    if (!call.keywords.empty() || call.has_star_args) return std::nullopt;
    const std::string fn = resolve_path(info_, *call.func);
    std::vector<std::string> parts;
    for (const auto& a : call.args) {
      std::optional<std::string> v = path_value(*a, depth + 1);
      if (!v) return std::nullopt;
      parts.push_back(*v);
    }
    if (fn == "os.path.join" && !parts.empty()) {
      fs::path joined;
      for (const std::string& p : parts) joined /= p;
      return joined.string();
    }
    if (parts.size() != 1) return std::nullopt;
    if (fn == "os.path.dirname") return fs::path(parts[0]).parent_path().string();
    std::error_code ec;
    if (fn == "os.path.abspath" || fn == "os.path.realpath") return fs::absolute(parts[0], ec).lexically_normal().string();
    return std::nullopt;
  }

  void bind_external(const std::string& name, const ast::Call& call, Span span) {
    auto ext = std::make_unique<ExternalFunction>();
    ext->name = name;
    ext->span = call.span;
    ext->python_text = std::string(info_.file->line_text(span.line));
    const ast::Expr* symbol = call.args.size() > 0 ? call.args[0].get() : nullptr;
    const ast::Expr* sig = call.args.size() > 1 ? call.args[1].get() : nullptr;
    const ast::Expr* link = call.args.size() > 2 ? call.args[2].get() : nullptr;
    bool ok = true;
    if (call.args.size() > 3 || call.has_star_args) {
      diags_.error(call.span, "cuda.declare_device takes (name, sig, link=None, use_cooperative=False, abi=\"numba\")");
      ok = false;
    }
    for (const auto& kw : call.keywords) {
      if (kw.name == "name" && !symbol) symbol = kw.value.get();
      else if (kw.name == "sig" && !sig) sig = kw.value.get();
      else if (kw.name == "link" && !link) link = kw.value.get();
      else if (kw.name == "use_cooperative") ext->cooperative = bool_option(kw);
      else if (kw.name == "abi") {
        const ast::StrLit* abi = string_argument(*kw.value, "abi");
        if (abi && abi->value != "numba" && abi->value != "c") {
          diags_.error(kw.value->span, "cuda.declare_device: abi must be \"numba\" or \"c\", not \"" + abi->value + "\"");
          ok = false;
        }
        ext->c_abi = abi && abi->value == "c";
      } else {
        diags_.error(kw.span, "cuda.declare_device has no option '" + kw.name + "' (name, sig, link, use_cooperative, abi)");
        ok = false;
      }
    }
    if (!symbol || !sig) {
      diags_.error(call.span, "cuda.declare_device needs the function's name and its signature, as in "
                              "cuda.declare_device(\"mul\", \"float32(float32, float32)\")");
      ok = false;
    }
    if (symbol) {
      if (const ast::StrLit* s = string_argument(*symbol, "the function's name")) {
        bool identifier = !s->value.empty() && !std::isdigit(static_cast<unsigned char>(s->value[0]));
        for (char c : s->value) identifier = identifier && (std::isalnum(static_cast<unsigned char>(c)) || c == '_');
        if (!identifier) {
          diags_.error(symbol->span, "cuda.declare_device: '" + s->value + "' is not a C identifier, so it cannot name an extern \"C\" function");
          ok = false;
        }
        ext->symbol = s->value;
      } else {
        ok = false;
      }
    }
    if (sig) {
      std::optional<Signature> parsed;
      if (sig->kind == ast::ExprKind::StrLit) {
        const auto& str = ast::as<ast::StrLit>(*sig);
        ast::ExprPtr e = frontend::parse_expression(str.value, sig->span, diags_);
        if (e) parsed = signature_from_expr(info_, *e, diags_);
        if (parsed) parsed->text = str.value;
      } else {
        parsed = signature_from_expr(info_, *sig, diags_);
      }
      if (!parsed) {
        ok = false;
      } else if (!parsed->return_type) {
        diags_.error(sig->span, "cuda.declare_device: the signature must give a return type, as in \"float32(float32, float32)\" (Numba: \"Return type must be provided for device declarations\")");
        ok = false;
      } else {
        bool scalars = parsed->return_type->is_number();
        for (TypeRef t : parsed->params) scalars = scalars && t->is_number();
        if (!scalars) {
          diags_.error(sig->span, "cuda.declare_device: py2cuda supports scalar parameter and return types (bool, integers, float32, float64) in external functions, not '" + parsed->text + "'");
          ok = false;
        }
        parsed->span = sig->span;
        ext->signature = std::move(*parsed);
      }
    }
    if (link) {
      std::vector<const ast::Expr*> files;
      if (link->kind == ast::ExprKind::List || link->kind == ast::ExprKind::Tuple) {
        for (const auto& e : link->kind == ast::ExprKind::List ? ast::as<ast::ListExpr>(*link).elts
                                                                : ast::as<ast::TupleExpr>(*link).elts)
          files.push_back(e.get());
      } else if (link->kind != ast::ExprKind::NoneLit) {
        files.push_back(link);
      }
      namespace fs = std::filesystem;
      const fs::path folder = fs::path(info_.file->path()).parent_path();
      for (const ast::Expr* f : files) {
        std::optional<std::string> written = path_value(*f, 0);
        if (!written) {
          diags_.error(f->span, "cuda.declare_device: a link file must be a string literal, or os.path.join() of "
                                "string literals and os.path.dirname(__file__) (also through module-level names)");
          ok = false;
          continue;
        }
        fs::path p = fs::path(*written).is_absolute() ? fs::path(*written) : folder / *written;
        std::error_code ec;
        if (!fs::is_regular_file(p, ec)) {
          diags_.error(f->span, "cuda.declare_device: link file '" + *written + "' not found (looked for '" +
                                    p.lexically_normal().string() + "'; a relative name is taken relative to the Python file)");
          ok = false;
          continue;
        }
        // As written, but relative to the Python file where it was built from __file__: the
        // output must not depend on where the file lies on this machine.
        std::string shown = *written;
        std::error_code absolute_ec;
        const std::string here =
            fs::absolute(info_.file->path(), absolute_ec).parent_path().lexically_normal().string();
        if (fs::path(shown).is_absolute() && shown.rfind(here + "/", 0) == 0) shown = shown.substr(here.size() + 1);
        ext->link.push_back(shown);
        // Absolute, so that two spellings of one file are one file to link.
        ext->link_paths.push_back(fs::absolute(p, ec).lexically_normal().string());
      }
    }
    Symbol sym;
    sym.kind = Symbol::Kind::External;
    sym.external = ok ? ext.get() : nullptr;  // null: its errors are reported, its calls are not checked
    sym.span = span;
    info_.globals[name] = std::move(sym);
    if (ok) info_.externals.push_back(std::move(ext));
  }

  // The kind a decorator expression gives; Plain if it is not a numba decorator.
  FunctionKind decorator_kind(const ast::Expr& dec) {
    const ast::Expr* callee = &dec;
    bool device = false;
    if (dec.kind == ast::ExprKind::Call) {
      const auto& call = ast::as<ast::Call>(dec);
      callee = call.func.get();
      for (const auto& kw : call.keywords) {
        if (kw.name == "device" && kw.value->kind == ast::ExprKind::BoolLit) device = ast::as<ast::BoolLit>(*kw.value).value;
      }
    }
    std::string path = resolve_path(info_, *callee);
    if (is_cuda_jit(path)) return device ? FunctionKind::Device : FunctionKind::Kernel;
    if (is_cpu_jit(path) || is_cuda_reduce(path)) return FunctionKind::CpuJit;
    if (is_ufunc(path)) return FunctionKind::Ufunc;
    return FunctionKind::Plain;
  }

  void bind_function(const ast::FunctionDef& def) {
    defs_[def.name] = &def;
    const ast::Expr* numba_decorator = nullptr;
    Span decorator_span = def.span;
    for (const auto& d : def.decorators) {
      if (decorator_kind(*d) != FunctionKind::Plain) {
        if (numba_decorator) {
          diags_.error(d->span, "function '" + def.name + "' has more than one numba decorator");
        }
        numba_decorator = named_decorator(*d);
        decorator_span = d->span;
      }
    }
    add_function(def.name, def, numba_decorator, decorator_span);
  }

  // A translated class (sema/classes.cpp): its name calls the constructor; its methods are
  // host functions `Class_method` reached only through the class or an instance.
  void bind_class(const ast::ClassDef& c) {
    ClassInfo& k = info_.classes[c.name];
    k.name = c.name;
    k.def = &c;
    add_function(c.name, *c.constructor, nullptr, c.span);
    k.constructor = info_.functions.back().get();
    k.constructor->class_of = c.name;  // its super().__init__(...) calls the base's
    std::set<std::string> properties;
    k.variables = c.class_variables;
    for (const auto& s : c.body) {
      if (s->kind == ast::StmtKind::Assign) {
        const auto& a = ast::as<ast::Assign>(*s);
        k.constants[ast::as<ast::Name>(*a.targets[0]).id] = a.value.get();
        continue;
      }
      if (s->kind != ast::StmtKind::FunctionDef) continue;
      const auto& f = ast::as<ast::FunctionDef>(*s);
      // Its body is the constructor's, unless a subclass may call it (super().__init__(...)).
      if (f.name == "__init__" && !c.has_subclasses) continue;
      const MethodKind kind = method_kind(f, properties);
      auto entry = std::make_unique<FunctionEntry>();
      // Special methods are `Vec_op_add`, a setter `Vec_set_norm`: each C++ name is one function.
      const bool special = f.name.size() > 4 && f.name.starts_with("__") && f.name.ends_with("__");
      entry->name = c.name + (kind == MethodKind::Setter ? "_set_" : special ? "_op_" : "_") +
                    (special ? f.name.substr(2, f.name.size() - 4) : f.name);
      entry->def = &f;
      entry->decorator_span = f.span;
      if (kind == MethodKind::Property) {
        properties.insert(f.name);
        k.properties[f.name] = entry.get();
      } else if (kind == MethodKind::Setter) {
        k.setters[f.name] = entry.get();
      } else {
        k.methods[f.name] = entry.get();
      }
      if (kind == MethodKind::Static || kind == MethodKind::Class) k.static_methods.insert(f.name);
      if (kind == MethodKind::Class) entry->class_param = c.class_params.at(f.name);
      entry->class_of = c.name;
      info_.functions.push_back(std::move(entry));
    }
    if (!c.base) return;
    // Single inheritance: what the class does not define it finds on its base (bound before it).
    const ClassInfo& base = info_.classes.at(c.base->name);
    k.base = base.name;
    k.methods.insert(base.methods.begin(), base.methods.end());
    k.properties.insert(base.properties.begin(), base.properties.end());
    k.setters.insert(base.setters.begin(), base.setters.end());
    k.constants.insert(base.constants.begin(), base.constants.end());
    k.variables.insert(base.variables.begin(), base.variables.end());
    for (const std::string& m : base.static_methods) {
      if (k.methods.at(m) == base.methods.at(m)) k.static_methods.insert(m);
    }
    // An inherited class method called through this class (`Small.blocks(n)`, `Small().blocks(n)`)
    // gets this class as `cls`: an instance of its own, as Python binds cls to the class it is
    // called on (`cls.tpb` is Small's, `cls(...)` makes a Small).
    for (auto& [m, inherited] : k.methods) {
      if (inherited->class_param.empty() || inherited->class_of == c.name || inherited != base.methods.at(m)) continue;
      auto entry = std::make_unique<FunctionEntry>();
      entry->name = c.name + "_" + m;
      entry->def = inherited->def;
      entry->decorator_span = inherited->decorator_span;
      entry->class_param = inherited->class_param;
      entry->class_of = c.name;
      inherited = entry.get();
      info_.functions.push_back(std::move(entry));
    }
  }

  // The decorator a name stands for when it was bound as `dec = cuda.jit(SIG)`; otherwise `d`.
  const ast::Expr* named_decorator(const ast::Expr& d) const {
    if (d.kind != ast::ExprKind::Name) return &d;
    auto it = named_decorators_.find(ast::as<ast::Name>(d).id);
    return it == named_decorators_.end() ? &d : it->second;
  }

  void add_function(const std::string& name, const ast::FunctionDef& def, const ast::Expr* decorator, Span dspan) {
    auto entry = std::make_unique<FunctionEntry>();
    entry->name = name;
    entry->def = &def;
    entry->decorator_span = dspan;
    entry->kind = decorator ? decorator_kind(*decorator) : FunctionKind::Plain;
    entry->reduction = decorator && is_cuda_reduce(resolve_path(info_, *decorator));
    if (entry->kind == FunctionKind::Ufunc) {  // ufuncs: sema/ufunc_decorator.cpp
      const ast::Call* call = decorator->kind == ast::ExprKind::Call ? &ast::as<ast::Call>(*decorator) : nullptr;
      read_ufunc_decorator(info_, *entry, resolve_path(info_, call ? *call->func : *decorator), call, diags_);
    } else if (decorator && decorator->kind == ast::ExprKind::Call) {
      read_decorator_call(*entry, ast::as<ast::Call>(*decorator));
    }
    // Annotations type kernels only: Numba ignores them, and device functions
    // are specialised per call site as Numba does, whatever they say.
    if (entry->signatures.empty() && entry->kind == FunctionKind::Kernel) read_annotations(*entry);
    Symbol s;
    s.kind = Symbol::Kind::Function;
    s.function = entry.get();
    s.span = def.span;
    info_.globals[name] = std::move(s);
    info_.functions.push_back(std::move(entry));
  }

  // A decorator argument: a signature, or a list of them (Numba's cuda.jit: a list is several
  // signatures, a string, a tuple or a type call one). A name bound once to one of these (`sig =
  // void(int32[:])`, `sigs = ["f4(f4)", "f8(f8)"]`) stands for its value, as Python evaluates the
  // decorator; a variable of the function defining the kernel is a module constant by now
  // (sema/nested_functions.cpp).
  void add_signatures(FunctionEntry& entry, const ast::Expr& arg, int depth = 0) {
    if (arg.kind == ast::ExprKind::List) {
      for (const auto& e : ast::as<ast::ListExpr>(arg).elts) add_signatures(entry, *e, depth);
      return;
    }
    if (arg.kind == ast::ExprKind::Name) {
      const std::string& id = ast::as<ast::Name>(arg).id;
      auto it = info_.globals.find(id);
      if (it != info_.globals.end() && it->second.kind == Symbol::Kind::Constant && it->second.value_expr && depth < 16) {
        const ast::Expr& value = *it->second.value_expr;
        if (value.kind == ast::ExprKind::StrLit || value.kind == ast::ExprKind::List || value.kind == ast::ExprKind::Name ||
            is_type_expression(info_, value)) {
          add_signatures(entry, value, depth + 1);
          return;
        }
      }
      if (it != info_.globals.end() && it->second.kind == Symbol::Kind::HostValue) {
        auto& d = diags_.error(arg.span, "the signature '" + id + "' is a variable assigned more than once: py2cuda reads "
                                         "a signature from a name bound once, to a string, a type call or a tuple of "
                                         "types, before the decorator");
        Diagnostics::note(d, it->second.span, "'" + id + "' is assigned here");
        return;
      }
      if (it == info_.globals.end() || it->second.kind == Symbol::Kind::Constant) {
        auto& d = diags_.error(arg.span, "the signature '" + id + "' is not a name bound once to a signature string, a "
                                         "type call such as void(int32[:]) or a tuple of types (Numba evaluates the "
                                         "decorator's argument; py2cuda reads it when it translates)");
        if (it != info_.globals.end()) Diagnostics::note(d, it->second.span, "'" + id + "' is assigned here");
        return;
      }
    }
    Signature* added = add_signature(entry, arg);
    // Messages point at the decorator's argument, the text says the signature itself.
    if (added && depth > 0) added->span = arg.span;
  }

  Signature* add_signature(FunctionEntry& entry, const ast::Expr& sig_expr) {
    std::optional<Signature> sig;
    if (sig_expr.kind == ast::ExprKind::StrLit) {
      const auto& str = ast::as<ast::StrLit>(sig_expr);
      ast::ExprPtr parsed = frontend::parse_expression(str.value, sig_expr.span, diags_);
      if (!parsed) return nullptr;
      sig = signature_from_expr(info_, *parsed, diags_);
      if (sig) sig->text = str.value;
    } else {
      sig = signature_from_expr(info_, sig_expr, diags_);
    }
    if (!sig) return nullptr;
    sig->span = sig_expr.span;
    check_arity(entry, *sig);
    entry.signatures.push_back(std::move(*sig));
    return &entry.signatures.back();
  }

  void check_arity(const FunctionEntry& entry, const Signature& sig) {
    size_t n = entry.def->params.size();
    if (sig.params.size() != n) {
      diags_.error(sig.span, "signature '" + sig.text + "' has " + std::to_string(sig.params.size()) +
                                 " parameter type(s) but '" + entry.def->name + "' takes " + std::to_string(n) +
                                 " parameter(s)");
    }
  }

  int int_option(const ast::Keyword& kw) {
    if (kw.value->kind == ast::ExprKind::IntLit) return static_cast<int>(ast::as<ast::IntLit>(*kw.value).value);
    diags_.error(kw.value->span, "option '" + kw.name + "' must be an integer literal");
    return 0;
  }

  bool bool_option(const ast::Keyword& kw) {
    if (kw.value->kind == ast::ExprKind::BoolLit) return ast::as<ast::BoolLit>(*kw.value).value;
    diags_.error(kw.value->span, "option '" + kw.name + "' must be True or False");
    return false;
  }

  void read_decorator_call(FunctionEntry& entry, const ast::Call& call) {
    if (entry.kind == FunctionKind::Ufunc) return;  // translated by a later slice
    for (const auto& arg : call.args) add_signatures(entry, *arg);
    for (const auto& kw : call.keywords) {
      ir::KernelOptions& o = entry.options;
      if (kw.name == "device") {
        bool_option(kw);
      } else if (kw.name == "fastmath") {
        o.fastmath = bool_option(kw);
      } else if (kw.name == "lineinfo") {
        o.lineinfo = bool_option(kw);
      } else if (kw.name == "debug") {
        o.debug = bool_option(kw);
      } else if (kw.name == "opt" || kw.name == "cache" || kw.name == "nopython" || kw.name == "forceinline" ||
                 kw.name == "link" || kw.name == "extensions") {
        if (kw.name == "forceinline") o.forceinline = bool_option(kw) ? 1 : 0;
        // cache/opt/nopython: no CUDA C++ equivalent needed; accepted as Numba does.
      } else if (kw.name == "max_registers") {
        o.max_registers = int_option(kw);
      } else if (kw.name == "inline") {
        // Numba accepts inline=True/False or "always"/"never".
        if (kw.value->kind == ast::ExprKind::BoolLit) {
          o.forceinline = ast::as<ast::BoolLit>(*kw.value).value ? 1 : 0;
        } else if (kw.value->kind == ast::ExprKind::StrLit) {
          const std::string& v = ast::as<ast::StrLit>(*kw.value).value;
          o.forceinline = v == "always" ? 1 : v == "never" ? -1 : 0;
        }
      } else if (kw.name == "launch_bounds") {
        if (kw.value->kind == ast::ExprKind::IntLit) {
          o.launch_bounds_threads = int_option(kw);
        } else if (kw.value->kind == ast::ExprKind::Tuple) {
          const auto& t = ast::as<ast::TupleExpr>(*kw.value);
          if (!t.elts.empty() && t.elts[0]->kind == ast::ExprKind::IntLit)
            o.launch_bounds_threads = static_cast<int>(ast::as<ast::IntLit>(*t.elts[0]).value);
          if (t.elts.size() > 1 && t.elts[1]->kind == ast::ExprKind::IntLit)
            o.launch_bounds_min_blocks = static_cast<int>(ast::as<ast::IntLit>(*t.elts[1]).value);
        } else {
          diags_.error(kw.value->span, "launch_bounds must be an integer or a tuple of integers");
        }
      } else if (entry.kind == FunctionKind::CpuJit && kw.name == "error_model") {
        const bool known = kw.value->kind == ast::ExprKind::StrLit &&
                           (ast::as<ast::StrLit>(*kw.value).value == "python" ||
                            ast::as<ast::StrLit>(*kw.value).value == "numpy");
        if (!known) diags_.error(kw.value->span, "error_model must be 'python' or 'numpy'");
        else o.numpy_error_model = ast::as<ast::StrLit>(*kw.value).value == "numpy";
      } else if (entry.kind == FunctionKind::CpuJit &&
                 (kw.name == "parallel" || kw.name == "nogil" || kw.name == "boundscheck" || kw.name == "looplift" ||
                  kw.name == "no_rewrites")) {
        // The CPU target's compilation switches: the translated function computes the same values
        // (prange loops run in order, which gives what a race-free parallel loop gives).
        bool_option(kw);
      } else if (entry.kind == FunctionKind::CpuJit && kw.name == "locals") {
        diags_.error(kw.span, "@jit(locals=...) is not supported by py2cuda; convert the values where they are "
                              "assigned (x = np.float32(...))");
      } else {
        diags_.error(kw.span, "unknown option '" + kw.name + "' for the numba decorator");
      }
    }
  }

  void read_annotations(FunctionEntry& entry) {
    const ast::FunctionDef& def = *entry.def;
    bool any = false, all = !def.params.empty();
    for (const auto& p : def.params) {
      if (p.annotation) any = true;
      else all = false;
    }
    if (!any) return;
    if (!all) {
      for (const auto& p : def.params) {
        if (!p.annotation) diags_.error(p.span, "parameter '" + p.name + "' has no type annotation, but others do");
      }
      return;
    }
    Signature sig;
    sig.span = def.span;
    sig.from_annotations = true;
    for (const auto& p : def.params) {
      TypeRef t = type_from_expr(info_, *p.annotation, diags_);
      if (!t) return;
      sig.params.push_back(t);
    }
    if (def.returns) {
      sig.return_type = type_from_expr(info_, *def.returns, diags_);
      if (!sig.return_type) return;
    }
    sig.text = "(";
    for (size_t i = 0; i < sig.params.size(); ++i) sig.text += (i ? ", " : "") + sig.params[i]->signature_str();
    sig.text += ")";
    entry.signatures.push_back(std::move(sig));
  }

  void apply_overrides(const std::vector<SignatureOverride>& overrides) {
    for (const auto& o : overrides) {
      FunctionEntry* target = nullptr;
      for (auto& f : info_.functions) {
        if (f->name == o.function) target = f.get();
      }
      if (!target) {
        diags_.error(Span{}, "--sig names '" + o.function + "', which is not a function of this file");
        continue;
      }
      if (target->kind == FunctionKind::Plain) target->kind = FunctionKind::Kernel;
      ast::ExprPtr parsed = frontend::parse_expression(o.signature, target->def->span, diags_);
      if (!parsed) continue;
      auto sig = signature_from_expr(info_, *parsed, diags_);
      if (!sig) continue;
      sig->text = o.signature;
      sig->span = target->def->span;
      check_arity(*target, *sig);
      // The command line replaces what the file says.
      target->signatures.clear();
      target->signatures.push_back(std::move(*sig));
    }
  }

  ModuleInfo& info_;
  Diagnostics& diags_;
  std::map<std::string, int> binding_count_;
  std::map<std::string, const ast::FunctionDef*> defs_;
  std::map<std::string, const ast::Expr*> named_decorators_;  // dec = cuda.jit(SIG): its call
};

}  // namespace

std::string resolve_path(const ModuleInfo& info, const ast::Expr& expr) {
  if (expr.kind == ast::ExprKind::Name) {
    const std::string& id = ast::as<ast::Name>(expr).id;
    auto it = info.globals.find(id);
    if (it != info.globals.end()) {
      return it->second.kind == Symbol::Kind::Path ? it->second.path : "";
    }
    // Python builtins, unless shadowed by a module-level name.
    static const std::set<std::string> kBuiltins = {"abs", "min", "max", "round", "int", "float", "complex", "bool", "len", "range", "print", "enumerate", "zip", "reversed"};
    return kBuiltins.count(id) ? id : "";
  }
  if (expr.kind == ast::ExprKind::Attribute) {
    const auto& a = ast::as<ast::Attribute>(expr);
    std::string base = resolve_path(info, *a.value);
    return base.empty() ? "" : canonical(base + "." + a.attr);
  }
  return "";
}

namespace {

// The statements of the module that host code runs, and whether any of them is more
// than a constant's definition.
HostProgram collect_host_program(const ModuleInfo& info, const ast::Module& module) {
  HostProgram host;
  for (const auto& s : module.body) {
    switch (s->kind) {
      case ast::StmtKind::Import:
      case ast::StmtKind::ImportFrom:
      case ast::StmtKind::FunctionDef:
      case ast::StmtKind::Pass:
        continue;
      case ast::StmtKind::Unsupported:
        // A class py2cuda translates is a definition; another one is host code it reports.
        if (const auto* c = dynamic_cast<const ast::ClassDef*>(s.get()); c && c->constructor) continue;
        break;
      case ast::StmtKind::Try:
        if (ast::as<ast::Try>(*s).guards_imports()) continue;  // its imports, as above
        break;
      case ast::StmtKind::Expr:
        if (ast::as<ast::ExprStmt>(*s).value->kind == ast::ExprKind::StrLit) continue;  // a docstring
        break;
      case ast::StmtKind::Assign: {
        // `k = cuda.jit(...)(f)` and `f = cuda.declare_device(...)` define functions.
        const auto& a = ast::as<ast::Assign>(*s);
        if (a.targets.size() == 1 && a.targets[0]->kind == ast::ExprKind::Name) {
          auto it = info.globals.find(ast::as<ast::Name>(*a.targets[0]).id);
          // `dec = cuda.jit(SIG)` is bound as the path of cuda.jit (nothing else an assignment binds so).
          if (it != info.globals.end() && (it->second.kind == Symbol::Kind::Function ||
                                           it->second.kind == Symbol::Kind::External ||
                                           it->second.kind == Symbol::Kind::Path)) {
            continue;
          }
          // `sigs = [float32(float32), float64(float64)]`: signatures a decorator names, not values.
          const ast::Expr& value = *a.value;
          bool signatures = is_type_expression(info, value);
          if (value.kind == ast::ExprKind::List && !ast::as<ast::ListExpr>(value).elts.empty()) {
            signatures = true;
            for (const auto& e : ast::as<ast::ListExpr>(value).elts) signatures = signatures && is_type_expression(info, *e);
          }
          if (signatures) continue;
          host.body.push_back(s.get());
          if (it == info.globals.end() || it->second.kind != Symbol::Kind::Constant) host.has_host_code = true;
          continue;
        }
        break;
      }
      case ast::StmtKind::AnnAssign:
        host.body.push_back(s.get());
        continue;
      default: break;
    }
    if (!host.has_host_code) host.first_statement = s->span;
    host.body.push_back(s.get());
    host.has_host_code = true;
  }
  return host;
}

}  // namespace

ModuleInfo analyze_module(const ast::Module& module, const SourceFile& file,
                          const std::vector<SignatureOverride>& overrides, Diagnostics& diags) {
  ModuleInfo info;
  info.file = &file;
  Analyzer(info, diags).run(module, overrides);
  info.host = collect_host_program(info, module);
  info.exception_classes = module.exception_classes;
  if (!module.body.empty() && module.body.front()->kind == ast::StmtKind::Expr) {
    const ast::Expr& first = *ast::as<ast::ExprStmt>(*module.body.front()).value;
    if (first.kind == ast::ExprKind::StrLit && !ast::as<ast::StrLit>(first).is_fstring && !ast::as<ast::StrLit>(first).is_bytes) {
      info.docstring = ast::as<ast::StrLit>(first).value;
    }
  }
  return info;
}

}  // namespace py2cuda::sema
