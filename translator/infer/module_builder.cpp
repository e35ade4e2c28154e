// ModuleBuilder: which function instances exist, in which order.
#include <algorithm>
#include <set>

#include "infer/cpp_names.h"
#include "infer/function_builder.h"
#include "ir/effects.h"
#include "ir/grid_stride.h"
#include "ir/independent_threads.h"
#include "ir/launch_frozen_globals.h"

namespace py2cuda::infer {

namespace {

// `t` with every array layout made A: the type as C++ spells it.
TypeRef erase_layout(TypeRef t) {
  if (t->is_array()) return types::array(t->dtype(), t->ndim(), Layout::A, t->is_readonly());
  if (t->is_tuple()) {
    std::vector<TypeRef> elements;
    for (TypeRef e : t->elements()) elements.push_back(erase_layout(e));
    return types::tuple(std::move(elements));
  }
  return t;
}

}  // namespace

ModuleBuilder::ModuleBuilder(sema::ModuleInfo& info, Diagnostics& diags)
    : info_(info), diags_(diags), scratch_(*info.file) {
  module_ = std::make_unique<ir::Module>();
  module_->name = cpp_namespace_name(info.file->module_name());
}

std::unique_ptr<ir::Module> ModuleBuilder::run() {
    for (const auto& e : info_.externals) {
      ir::External x;
      x.symbol = e->symbol;
      x.return_type = e->signature.return_type;
      x.params = e->signature.params;
      x.c_abi = e->c_abi;
      x.link = e->link;
      x.span = e->span;
      module_->externals.push_back(std::move(x));
      for (const std::string& p : e->link_paths) {
        if (std::find(module_->link_paths.begin(), module_->link_paths.end(), p) == module_->link_paths.end()) {
          module_->link_paths.push_back(p);
        }
      }
    }
    const bool host_program = info_.host.has_host_code;
    // Functions with signatures that read a global only the running program knows: typed after
    // the module's code, which gives the global its type (the value is frozen at the launch).
    std::vector<const FunctionEntry*> after_host_code;
    for (const auto& f : info_.functions) {
      if (host_program && !f->signatures.empty() && !f->signatures.front().from_annotations &&
          !frozen_globals_read(*f).empty() &&
          (f->kind == FunctionKind::Kernel || f->kind == FunctionKind::Device || f->kind == FunctionKind::Ufunc)) {
        after_host_code.push_back(f.get());
        continue;
      }
      if (f->kind == FunctionKind::Kernel) {
        // Numba ignores annotations: where the host code launches the kernel, its launches type
        // it (`n: int8` given 300 stores 300); without host code they are its signature.
        if (host_program && !f->signatures.empty() && f->signatures.front().from_annotations) f->signatures.clear();
        // Without a signature, a kernel takes its types from the host code's launches.
        if (f->signatures.empty() && host_program) continue;
        if (f->signatures.empty()) {
          auto& d = diags_.error(f->def->name_span.valid() ? f->def->name_span : f->def->span,
                                 "kernel '" + f->name + "' has no type signature");
          Diagnostics::note(d, f->def->span,
                            "give the types in one of these ways: a signature in the decorator, "
                            "@cuda.jit(\"void(float32[:], int64)\"); numba type annotations, def " +
                                f->def->name + "(x: float32[:], n: int64); the command line, --sig " + f->name +
                                "='void(float32[:], int64)'; or a launch of the kernel in this file's host code "
                                "(a later py2cuda release)");
          continue;
        }
        for (const auto& sig : f->signatures) {
          if (sig.return_type && !sig.return_type->is_none()) {
            diags_.error(sig.span, "kernel '" + f->name + "' must return void, but its signature returns " +
                                       sig.return_type->str());
            continue;
          }
          instantiate(*f, sig.params, nullptr, true, sig.span);
        }
      } else if (f->kind == FunctionKind::Device || f->kind == FunctionKind::CpuJit) {
        // Device functions with explicit signatures are compiled eagerly, as Numba does.
        for (const auto& sig : f->signatures) instantiate(*f, sig.params, sig.return_type, false, sig.span);
      } else if (f->kind == FunctionKind::Ufunc) {
        build_ufunc(*f);  // infer/ufuncs.cpp
      }
    }
    if (host_program) build_host_program();
    for (const FunctionEntry* f : after_host_code) {
      if (f->kind == FunctionKind::Ufunc) {
        build_ufunc(*f);  // its loops the host code's calls did not make
        continue;
      }
      const bool kernel = f->kind == FunctionKind::Kernel;
      for (const auto& sig : f->signatures) {
        if (kernel && sig.return_type && !sig.return_type->is_none()) {
          diags_.error(sig.span, "kernel '" + f->name + "' must return void, but its signature returns " +
                                     sig.return_type->str());
          continue;
        }
        instantiate(*f, sig.params, kernel ? nullptr : sig.return_type, kernel, sig.span);
      }
    }
    // Members are read and written by their C++ names (`self.log` is `self->log_`, log() being
    // C's): the structs declare them so.
    for (auto& c : module_->host_classes) {
      for (auto& [name, type] : c.fields) name = cpp_identifier(name);
    }
    warn_about_missing_gpu_code();
    ir::mark_call_effects(*module_);  // which device functions' calls lowering must keep in order
    ir::mark_grid_stride_loops(*module_);  // which kernels' loops the emulation may run trip-major
    ir::mark_independent_threads(*module_);  // which kernels' blocks the emulation may interleave
    ir::mark_launch_frozen_globals(*module_);  // which globals host code sets before each launch
    return std::move(module_);
  }

// A file that gives py2cuda nothing to put on the GPU gets a warning rather than a silent,
// empty .cu: most often a decorator that does not resolve to numba's (no `from numba import
// cuda`), or a file that is not a Numba program at all.
void ModuleBuilder::warn_about_missing_gpu_code() {
  static const std::set<std::string> kNumbaDecorators = {"jit", "njit", "vectorize", "guvectorize"};
  bool any_gpu_code = false;
  for (const auto& f : info_.functions) {
    any_gpu_code = any_gpu_code || f->kind == FunctionKind::Kernel || f->kind == FunctionKind::Device ||
                   f->kind == FunctionKind::Ufunc || f->reduction;  // @cuda.reduce: numba-cuda's GPU reduction
    if (f->kind != FunctionKind::Plain || !f->def) continue;
    for (const auto& d : f->def->decorators) {
      const ast::Expr* callee = d->kind == ast::ExprKind::Call ? ast::as<ast::Call>(*d).func.get() : d.get();
      const std::string last = callee->kind == ast::ExprKind::Attribute ? ast::as<ast::Attribute>(*callee).attr
                               : callee->kind == ast::ExprKind::Name    ? ast::as<ast::Name>(*callee).id
                                                                        : "";
      if (!kNumbaDecorators.count(last) || !resolve_path(info_, *callee).empty()) continue;
      std::string written = last;
      if (callee->kind == ast::ExprKind::Attribute && ast::as<ast::Attribute>(*callee).value->kind == ast::ExprKind::Name) {
        written = ast::as<ast::Name>(*ast::as<ast::Attribute>(*callee).value).id + "." + last;
      }
      diags_.warning(d->span, "decorator '@" + written + "' does not name one of numba's (is numba, or numba's cuda, "
                                  "imported?); '" + f->name + "' is translated as a plain Python function");
    }
  }
  if (!any_gpu_code && (!info_.functions.empty() || !info_.host.body.empty())) {
    diags_.warning(Span{1, 1, 1, 1}, "no CUDA kernel, device function or ufunc in this file: the .cu holds "
                                     "only its host code");
  }
}

// The module's code as the program's main body. Host code py2cuda cannot translate is
// reported as warnings and leaves the file without a main(); kernels it would have
// launched then need their types given another way.
void ModuleBuilder::build_host_program() {
  host_main_ = std::make_unique<FunctionEntry>();
  host_main_->name = "host_main";
  host_main_->kind = FunctionKind::Plain;
  host_main_->host_body = info_.host.body;
  Diagnostics host_diags(*info_.file);
  auto fn = FunctionBuilder(*this, *host_main_, {}, nullptr, false, host_diags, true).build();
  if (fn && host_diags.error_count() == 0) {
    // Warnings about code that is translated (a number whose type differs by path) stay.
    for (const auto& d : host_diags.all()) {
      if (d.severity == Severity::Warning) diags_.warning(d.span, d.message);
    }
    module_->host_functions.push_back(std::move(fn));
    module_->has_host_main = true;
    module_->uses_argparse = !argparse_parsers_.empty();
  } else {
    // The typing code is shared with kernels; its messages speak of them.
    auto host_wording = [](std::string m) {
      for (const char* kernel_words : {" in CUDA kernels", " in a CUDA kernel", " in kernels"}) {
        for (size_t p = m.find(kernel_words); p != std::string::npos; p = m.find(kernel_words, p)) {
          m.replace(p, std::string(kernel_words).size(), " in host code by py2cuda");
        }
      }
      return m;
    };
    // Host code py2cuda cannot translate leaves the program without a main(): a warning,
    // and the kernels are still translated. A mistake Numba itself would refuse with a
    // TypeError (Diagnostic::numba_rejects: a launch no signature accepts, the wrong
    // number of arguments, a gufunc's outputs given wrongly) stays an error: there the
    // program is wrong, not beyond py2cuda.
    for (const auto& d : host_diags.all()) {
      if (d.severity != Severity::Error) continue;
      const std::string message = host_wording(d.message);
      auto& shown = !d.numba_rejects
                        ? diags_.warning(d.span, message + "; the program's host code is not translated (no main())")
                        : diags_.error(d.span, message);
      for (const auto& n : d.notes) Diagnostics::note(shown, n.span, n.message);
    }
    module_->host_program_unavailable = "its host code has errors";
    for (const auto& d : host_diags.all()) {
      if (d.severity != Severity::Error) continue;
      module_->host_program_unavailable = host_wording(d.message);
      break;
    }
    module_->host_functions.clear();
    // CPU ufunc loops call host function instances, just freed: they go with the host
    // program (the ufuncs stay, so indices into module_->ufuncs remain valid).
    for (ir::Ufunc& u : module_->ufuncs) {
      if (!u.cuda) u.loops.clear();
    }
  }
  for (const auto& f : info_.functions) {
    if (f->kind != FunctionKind::Kernel || !f->signatures.empty()) continue;
    bool launched = false;
    // A launch whose instantiation failed has had its errors reported: no second message.
    for (const auto& entry : instances_) launched = launched || entry.first.first == f.get();
    if (launched) continue;
    if (module_->host_program_unavailable.empty() && !module_->host_functions.empty()) {
      // The program runs and never launches it: Numba compiles a kernel at its first launch,
      // so this one never is, and the .cu leaves it out too.
      diags_.warning(f->def->name_span.valid() ? f->def->name_span : f->def->span,
                     "kernel '" + f->name + "' is never launched and has no signature: the .cu leaves it out (Numba "
                     "compiles a kernel at its first launch)");
      continue;
    }
    // Host code py2cuda could not translate types no launch: say why, not that there is none.
    const std::string why = module_->host_program_unavailable.empty()
                                ? "the host code never launches it"
                                : "the host code, whose launches would type it, is not translated (" +
                                      module_->host_program_unavailable + ")";
    auto& d = diags_.error(f->def->name_span.valid() ? f->def->name_span : f->def->span,
                           "kernel '" + f->name + "' has no type signature and " + why);
    Diagnostics::note(d, f->def->span,
                      "give the types in one of these ways: a launch in this file's host code, "
                      "k[blocks, threads](args); a signature in the decorator, @cuda.jit(\"void(float32[:], int64)\"); "
                      "numba type annotations; or the command line, --sig " + f->name + "='void(float32[:], int64)'");
  }
}

const ir::Function* ModuleBuilder::instantiate_host(const FunctionEntry& f, const std::vector<TypeRef>& args,
                                                    Span call_site, Diagnostics& diags) {
  Key key{&f, args};
  auto it = host_instances_.find(key);
  const bool probing = &diags == &scratch_;
  if (it != host_instances_.end()) {
    // A failure first met while probing a caller reported into scratch_ only: build it again
    // so that its errors reach these diagnostics (else the call would vanish without a word).
    if (it->second || probing || host_failures_reported_.count(key)) return it->second;
    host_instances_.erase(it);
  }
  if (host_in_progress_.count(&f)) {
    diags.error(call_site, "recursive host function '" + f.name + "' is not supported by py2cuda");
    return nullptr;
  }
  host_in_progress_.insert(&f);
  int errors_before = diags.error_count();
  auto fn = FunctionBuilder(*this, f, args, nullptr, false, diags, true).build();
  host_in_progress_.erase(&f);
  if (!fn || diags.error_count() != errors_before) {
    host_instances_[key] = nullptr;
    if (!probing) host_failures_reported_.insert(key);
    return nullptr;
  }
  // Host instances live beside the device ones: a name of their own (C++ cannot
  // overload a __device__ and a host function on the same parameters).
  std::string name = f.name + "_host";
  for (int i = 2; host_names_.count(name); ++i) name = f.name + "_host_" + std::to_string(i);
  host_names_.insert(name);
  fn->cpp_name = cpp_identifier(name);
  const ir::Function* raw = fn.get();
  module_->host_functions.push_back(std::move(fn));
  host_instances_[key] = raw;
  return raw;
}

TypeRef ModuleBuilder::probe_host_return_type(const FunctionEntry& f, const std::vector<TypeRef>& params) {
  Key key{&f, params};
  auto done = host_instances_.find(key);
  if (done != host_instances_.end()) return done->second ? done->second->return_type : nullptr;
  auto it = host_probes_.find(key);
  // An empty list passed in is typed by what the function (or a method it stores the list for)
  // appends, which later calls may change: such a probe is made again each time.
  bool untyped_list = false;
  for (TypeRef t : params) untyped_list = untyped_list || t->is_untyped_list();
  if (it != host_probes_.end() && !untyped_list) return it->second;
  if (host_in_progress_.count(&f)) return nullptr;
  host_in_progress_.insert(&f);
  int errors_before = scratch_.error_count();
  auto fn = FunctionBuilder(*this, f, params, nullptr, false, scratch_, true).build();
  host_in_progress_.erase(&f);
  TypeRef t = fn && scratch_.error_count() == errors_before ? fn->return_type : nullptr;
  host_probes_[key] = t;
  if (fn) {
    std::vector<TypeRef> ended;
    for (const ir::Variable* v : fn->params) ended.push_back(v->type);
    host_probe_params_[key] = std::move(ended);
  }
  return t;
}

std::vector<TypeRef> ModuleBuilder::probed_host_param_types(const FunctionEntry& f,
                                                            const std::vector<TypeRef>& params) const {
  auto it = host_probe_params_.find(Key{&f, params});
  return it == host_probe_params_.end() ? std::vector<TypeRef>{} : it->second;
}

const ir::Function* ModuleBuilder::instantiate(const FunctionEntry& f, const std::vector<TypeRef>& args, TypeRef ret,
                                  bool is_kernel, Span call_site) {
    auto key = std::make_pair(&f, args);
    auto it = instances_.find(key);
    if (it != instances_.end()) return it->second;
    if (in_progress_.count(&f)) {
      auto b = building_.find(key);
      if (ret && b != building_.end()) {
        b->second->recursive = true;
        return b->second;
      }
      diags_.error(call_site, "recursive call to '" + f.name + "': give '" + f.name +
                                  "' an explicit signature, as Numba requires for recursion, e.g. "
                                  "@cuda.jit(\"int64(int64)\", device=True)");
      return nullptr;
    }
    in_progress_.insert(&f);
    int errors_before = diags_.error_count();
    auto fn = FunctionBuilder(*this, f, args, ret, is_kernel, diags_).build();
    in_progress_.erase(&f);
    if (!fn || diags_.error_count() != errors_before) {
      instances_[key] = nullptr;
      return nullptr;
    }
    if (is_kernel) {
      std::string name = f.name;
      for (int i = 2; kernel_names_.count(name); ++i) name = f.name + "_" + std::to_string(i);
      kernel_names_.insert(name);
      fn->cpp_name = cpp_identifier(name);
    } else {
      // float64[::1] and float64[:] are both Array<double, 1>: a second instance
      // differing only in layouts would redefine the first.
      std::vector<TypeRef> erased;
      for (TypeRef t : args) erased.push_back(erase_layout(t));
      const int seen = cpp_signatures_[Key{&f, erased}]++;
      if (seen > 0) fn->cpp_name = cpp_identifier(f.name + "_" + std::to_string(seen + 1));
    }
    analyze_range_steps(*fn);
    analyze_index_wrap(*fn);
    const ir::Function* raw = fn.get();
    module_->functions.push_back(std::move(fn));
    instances_[key] = raw;
    return raw;
  }

std::string ModuleBuilder::constant_name(const std::string& name, const sema::Symbol& sym, const sema::ConstValue& v,
                                         bool for_host) {
    auto it = constant_names_.find(name);
    if (it != constant_names_.end()) {
      if (for_host) {
        for (auto& c : module_->constants) c.host_copy = c.host_copy || c.cpp_name == it->second;
      }
      return it->second;
    }
    ir::Constant c;
    c.cpp_name = cpp_identifier(name);
    c.type = v.type;
    c.span = sym.span;
    c.python_text = sym.python_text;
    auto constant = [&](const sema::ConstValue& x) {
      auto k = std::make_unique<ir::Const>(x.type, sym.span);
      k->bits = x.bits;
      k->f = x.f;
      k->b = x.b;
      return k;
    };
    if (v.type->is_array()) {
      c.host_copy = for_host;
      c.shape = v.shape;
      for (const auto& e : v.elements) c.elements.push_back(constant(e));
    } else {
      c.value = constant(v);
    }
    module_->constants.push_back(std::move(c));
    return constant_names_[name] = module_->constants.back().cpp_name;
  }

TypeRef ModuleBuilder::probe_return_type(const FunctionEntry& f, const std::vector<TypeRef>& params, TypeRef ret) {
  Key key{&f, params};
  auto done = instances_.find(key);
  if (done != instances_.end()) return done->second ? done->second->return_type : nullptr;
  auto it = probes_.find(key);
  if (it != probes_.end()) return it->second;
  if (in_progress_.count(&f)) return ret;  // recursion: only with a declared return type
  in_progress_.insert(&f);
  int errors_before = scratch_.error_count();
  auto fn = FunctionBuilder(*this, f, params, ret, false, scratch_).build();
  in_progress_.erase(&f);
  TypeRef t = fn && scratch_.error_count() == errors_before ? fn->return_type : nullptr;
  probes_[key] = t;
  return t;
}

const FunctionEntry& ModuleBuilder::py_func_of(const FunctionEntry& f) {
  std::unique_ptr<FunctionEntry>& plain = py_funcs_[&f];
  if (!plain) {
    plain = std::make_unique<FunctionEntry>();
    plain->name = f.name + "_py_func";
    plain->def = f.def;
    plain->kind = FunctionKind::Plain;
  }
  return *plain;
}

std::unique_ptr<ir::Module> build_module(sema::ModuleInfo& info, Diagnostics& diags) {
  // Single inheritance: an instance of a derived class meets and converts to its bases' (types/rules.cpp).
  std::map<TypeRef, TypeRef> bases;
  for (const auto& [name, k] : info.classes) {
    if (!k.base.empty()) bases[instance_type(name)] = instance_type(k.base);
  }
  types::set_object_bases(std::move(bases));
  return ModuleBuilder(info, diags).run();
}

}  // namespace py2cuda::infer
