// Typed IR -> the text of the .cu file and of the header.
#include "lower/emit.h"

#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <tuple>

#include "ir/divmod_pairs.h"
#include "ir/effects.h"
#include "lower/expressions.h"
#include "lower/ufuncs.h"
#include "support/templates.h"

namespace py2cuda::lower {

std::string cpp_type(TypeRef t, bool host_types) {
  switch (t->kind()) {
    case TypeKind::Boolean: return "bool";
    case TypeKind::Integer: return std::string(t->is_signed() ? "int" : "uint") + std::to_string(t->bits()) + "_t";
    case TypeKind::Float: return t->bits() == 16 ? "__half" : t->bits() == 32 ? "float" : "double";
    case TypeKind::Complex: return t->bits() == 64 ? "py2cuda::complex64" : "py2cuda::complex128";
    case TypeKind::Array:
      // Host code's arrays own their elements, as NumPy's and Numba's device arrays do;
      // kernels and device functions receive plain views.
      if (t->is_device_array()) return "py2cuda::host::DeviceNDArray<" + cpp_type(t->dtype()) + ", " + std::to_string(t->ndim()) + ">";
      if (host_types) return "py2cuda::host::NDArray<" + cpp_type(t->dtype()) + ", " + std::to_string(t->ndim()) + ">";
      // Layout 'C' (float32[::1], every array NumPy makes) is a CArray, whose last dimension
      // steps by a constant 1 as Numba's C-layout addressing does; 'A' and 'F' index by strides.
      return std::string(t->layout() == Layout::C ? "py2cuda::CArray<" : "py2cuda::Array<") +
             (t->is_readonly() ? "const " : "") + cpp_type(t->dtype()) + ", " + std::to_string(t->ndim()) + ">";
    case TypeKind::Tuple: {
      std::string s = "py2cuda::tuple<";
      for (size_t i = 0; i < t->elements().size(); ++i) s += (i ? ", " : "") + cpp_type(t->elements()[i], host_types);
      return s + ">";
    }
    case TypeKind::None: return "void";
    case TypeKind::Range: return host_types ? "py2cuda::host::Range" : "/* range */";
    case TypeKind::Record: return "py2cuda::Xoroshiro128pState";
    case TypeKind::Optional: return "py2cuda::Optional<" + cpp_type(t->dtype(), host_types) + ">";
    case TypeKind::Dynamic: return "py2cuda::host::DynamicNumber";
    case TypeKind::GridGroup: return "py2cuda::GridGroup";
    case TypeKind::String: return "std::string";
    case TypeKind::HostObject:
      if (t->object_name().rfind("class ", 0) == 0) {
        // A class passed to a host function (infer/dtype_classes.cpp): an empty tag of its type,
        // kind 0 for NumPy's classes, 1 for Python's int/float/bool, 2 for np.dtype(...) objects.
        std::string path = t->object_name().substr(6);
        int kind = 0;
        if (path.rfind("dtype ", 0) == 0) path = path.substr(6), kind = 2;
        TypeRef scalar = path == "int" ? types::int64() : path == "float" ? types::float64() : path == "bool" ? types::boolean() : nullptr;
        if (scalar) kind = 1;
        else scalar = types::scalar_by_name(path.substr(path.find('.') + 1));
        return "py2cuda::host::DtypeTag<" + cpp_type(scalar, true) + ", " + std::to_string(kind) + ">";
      }
      // An instance of a class of host code (infer/host_classes.cpp).
      if (t->object_name().rfind("instance ", 0) == 0) return "std::shared_ptr<" + t->object_name().substr(9) + ">";
      // A function passed to a host function (infer/function_values.cpp): an empty tag.
      if (t->object_name().rfind("function ", 0) == 0) return "py2cuda::host::FunctionTag";
      return "py2cuda::host::" + t->object_name();
    case TypeKind::Dict:
      // `{}` whose key and value types nothing gives: an empty dict that converts to any Dict.
      if (t->is_untyped_dict()) return "py2cuda::host::EmptyDict";
      if (t->dict_class() == "Counter") return "py2cuda::host::Counter<" + cpp_type(t->key_type(), true) + ">";
      return "py2cuda::host::" + std::string(t->dict_class() == "defaultdict" ? "DefaultDict<" : "Dict<") +
             cpp_type(t->key_type(), true) + ", " + cpp_type(t->value_type(), true) + ">";
    case TypeKind::List:
      if (t->is_sized_tuple()) return "py2cuda::host::SizedTuple<" + cpp_type(t->dtype(), true) + ">";
      if (t->is_set()) return "py2cuda::host::Set<" + (t->dtype() ? cpp_type(t->dtype(), true) : std::string("/* unknown */ int64_t")) + ">";
      return "py2cuda::host::List<" + (t->dtype() ? cpp_type(t->dtype(), true) : std::string("/* unknown */ int64_t")) + ">";
  }
  return "void";
}

namespace {

std::string fill(std::string_view tmpl, const std::map<std::string, std::string>& values) {
  std::string out(tmpl);
  for (const auto& [key, value] : values) {
    std::string pat = "{{" + key + "}}";
    for (size_t p = out.find(pat); p != std::string::npos; p = out.find(pat, p + value.size())) out.replace(p, pat.size(), value);
  }
  return out;
}

std::string trim(std::string_view s) {
  size_t b = s.find_first_not_of(" \t");
  size_t e = s.find_last_not_of(" \t\r");
  return b == std::string_view::npos ? "" : std::string(s.substr(b, e - b + 1));
}

std::string c_string(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

class Emitter {
 public:
  Emitter(const SourceFile& file, const EmitOptions& options, SourceMap* map = nullptr)
      : file_(file), options_(options), map_(map) {}

  // A frozen NumPy array as a __constant__ C array of its shape, nested braces per
  // dimension, at most 8 elements a line.
  std::string constant_array(const ir::Constant& c, bool host_copy = false) {
    std::string dims;
    for (int64_t d : c.shape) dims += "[" + std::to_string(d) + "]";
    std::string text = host_copy ? "const " + type_name(c.type->dtype()) + " " + c.cpp_name + "_host" + dims + " = "
                                 : "__constant__ const " + type_name(c.type->dtype()) + " " + c.cpp_name + dims + " = ";
    // Integers narrower than 64 bits need no cast: the braces convert each (in-range) value.
    auto element = [&](const ir::Const& k) {
      TypeRef t = k.type;
      if (t->is_int() && t->bits() < 64) {
        return t->is_signed() ? std::to_string(static_cast<int64_t>(k.bits)) : std::to_string(k.bits);
      }
      return literal(k, false);
    };
    size_t next = 0;
    std::function<std::string(size_t, std::string)> level = [&](size_t dim, std::string indent) {
      std::string s = "{";
      int64_t n = c.shape[dim];
      bool innermost = dim + 1 == c.shape.size();
      bool wrap = innermost ? n > 8 : true;
      for (int64_t i = 0; i < n; ++i) {
        if (i) s += ",";
        if (wrap && (!innermost || i % 8 == 0)) s += "\n" + indent + "  ";
        else if (i) s += " ";
        s += innermost ? element(static_cast<const ir::Const&>(*c.elements[next++])) : level(dim + 1, indent + "  ");
      }
      if (wrap) s += "\n" + indent;
      return s + "}";
    };
    return text + level(0, "") + ";\n";
  }

  std::string cu(const ir::Module& m) {
    module_ = &m;
    out_ = fill(template_text("prologue.cu.in"), {{"version", options_.version},
                                                   {"source", file_.base_name()},
                                                   {"stem", file_.module_name()}});
    const bool host_main = options_.host_main && m.has_host_main;
    const bool cpu_ufunc_library = !m.has_host_main && has_cpu_ufuncs(m);
    if (host_main || cpu_ufunc_library) out_ += "#include <py2cuda/host.h>\n";
    if (host_main && m.uses_argparse) out_ += "#include <py2cuda/host/argparse.h>\n";
    if (!host_main && options_.harness) out_ += "#include <py2cuda/harness.h>\n";
    if (has_ufuncs(m)) out_ += "#include <py2cuda/ufunc.h>\n#include <py2cuda/host/ufunc_call.h>\n";  // lower/ufuncs.cpp
    if (!host_main && options_.harness && has_cuda_ufuncs(m)) out_ += "#include <py2cuda/harness/ufunc_operands.h>\n";
    if (!options_.header_include.empty()) out_ += "#include " + c_string(options_.header_include) + "\n";
    out_ += "\nnamespace " + m.name + " {\n";
    if (!m.constants.empty()) {
      out_ += "\n// Module constants, frozen at translation time as Numba freezes globals.\n";
      for (const auto& c : m.constants) {
        const FromPython from(*this, c.span.line);
        echo(c.span.line);
        if (c.type->is_array()) {
          append(constant_array(c));
          if (c.host_copy) {
            append("// The same values for host functions (host code cannot read __constant__ memory).\n");
            append(constant_array(c, /*host_copy=*/true));
          }
          continue;
        }
        append("constexpr " + type_name(c.type) + " " + c.cpp_name + " = " +
               literal(static_cast<const ir::Const&>(*c.value), false) + ";\n");
      }
    }
    launch_frozen_globals(m);
    externals(m);
    bool any_recursive = false;
    for (const auto& f : m.functions) any_recursive = any_recursive || f->recursive;
    if (any_recursive) {
      out_ += "\n// Recursive device functions, declared before their definitions.\n";
      for (const auto& f : m.functions) {
        if (f->recursive) line(device_head(*f) + f->cpp_name + "(" + params(*f, true) + ");");
      }
    }
    for (const auto& f : m.functions) function(*f);
    if (options_.line_directives) {
      // What follows is not Python: point the compiler back at this file.
      size_t lines = static_cast<size_t>(std::count(out_.begin(), out_.end(), '\n'));
      std::string name = options_.output_name.empty() ? file_.module_name() + ".cu" : options_.output_name;
      out_ += "#line " + std::to_string(lines + 2) + " " + c_string(name) + "\n";
    }
    bool any_kernel = false;
    for (const auto& f : m.functions) any_kernel = any_kernel || f->is_kernel;
    if (any_kernel) {
      out_ += "\n// ---------------------------------------------------------------- launch functions\n";
      for (const auto& f : m.functions) {
        if (f->is_kernel) launch_stub(*f, false, m.name);
      }
    }
    out_ += ufunc_section(m, file_, true, options_.header_include.empty());  // CUDA ufuncs: lower/ufuncs.cpp
    if (host_main) host_program(m);
    if (cpu_ufunc_library) cpu_ufuncs_without_host_code(m);
    out_ += "\n}  // namespace " + m.name + "\n";
    if (host_main) {
      out_ += "\n// The program's entry point: runs " + file_.base_name() + "'s module code; a Python exception it\n"
              "// raises prints as Python prints it and exits with status 1.\n";
      line("int main(int argc, char** argv) {");
      ++indent_;
      line("return py2cuda::host::run_program(argc, argv, " + m.name + "::" + m.host_functions.back()->cpp_name + ");");
      --indent_;
      line("}");
    } else if (options_.harness) {
      harness(m);
    }
    if (map_) finish_map();
    return out_;
  }

  std::string header(const ir::Module& m) {
    out_ = fill(template_text("header.h.in"), {{"version", options_.version}, {"source", file_.base_name()}});
    bool random_states = false, halves = false;
    auto uses_half = [](auto&& self, TypeRef t) -> bool {
      if (t->is_array()) return self(self, t->dtype());
      if (t->is_tuple()) {
        for (TypeRef e : t->elements()) {
          if (self(self, e)) return true;
        }
        return false;
      }
      return t == types::float16();
    };
    for (const auto& f : m.functions) {
      if (!f->is_kernel) continue;
      for (const ir::Variable* p : f->params) {
        random_states = random_states || (p->param_type->is_array() && p->param_type->dtype()->is_record());
        halves = halves || uses_half(uses_half, p->param_type);
      }
    }
    if (halves) out_ += "#include <py2cuda/half.h>\n";
    if (random_states) out_ += "#include <py2cuda/random.h>\n";
    const bool cpu_ufuncs = !m.has_host_main && has_cpu_ufuncs(m);  // a library's: lower/ufuncs.cpp
    if (has_cuda_ufuncs(m) || cpu_ufuncs) out_ += "#include <py2cuda/ufunc.h>\n#include <py2cuda/host/ufunc_call.h>\n";
    if (!m.externals.empty()) {
      out_ += "\n// The kernels call device functions defined in " + link_list(m) +
              ": build the .cu with nvcc -rdc=true together with them.\n";
    }
    out_ += "\nnamespace " + m.name + " {\n";
    for (const auto& f : m.functions) {
      if (f->is_kernel) launch_stub(*f, true, m.name);
    }
    if (cpu_ufuncs) {
      // The CPU ufuncs' scalar/core functions, which the .cu defines and their entry
      // points (below) call.
      out_ += "\n// The CPU ufuncs' scalar and core functions, one per signature (defined in the .cu).\n";
      host_code_ = true;
      for (const ir::Ufunc& u : m.ufuncs) {
        for (const ir::UfuncLoop& l : u.loops) {
          if (!u.cuda) line(type_name(l.core->return_type) + " " + l.core->cpp_name + "(" + params(*l.core, true) + ");");
        }
      }
      host_code_ = false;
    }
    out_ += ufunc_header_section(m, file_, cpu_ufuncs);  // lower/ufuncs.cpp
    out_ += "\n}  // namespace " + m.name + "\n";
    return out_;
  }

 private:
  // The C++ spelling of a type where the code being written runs: host code owns its
  // arrays (py2cuda::host::NDArray), kernels and device functions receive views.
  std::string type_name(TypeRef t) const { return cpp_type(t, host_code_); }
  // The type of a value held (a parameter, a field): None is the empty py2cuda::NoneType there,
  // where type_name's "void" is for a function that returns nothing.
  std::string held_type_name(TypeRef t) const { return t->is_none() ? "py2cuda::NoneType" : type_name(t); }

  // A piece of the .cu written for one Python line: every line() and append() in its
  // scope maps there (for --annotate), an inner scope's line while the inner one lasts.
  class FromPython {
   public:
    FromPython(Emitter& e, uint32_t py_line) : e_(e), saved_(e.python_line_) {
      if (py_line != 0) e.python_line_ = py_line;
    }
    ~FromPython() { e_.python_line_ = saved_; }
    FromPython(const FromPython&) = delete;
    FromPython& operator=(const FromPython&) = delete;

   private:
    Emitter& e_;
    uint32_t saved_;
  };

  ExprPrinter printer() {
    return ExprPrinter(host_code_, error_model_, map_ ? &pending_notes_ : nullptr, options_.line_directives,
                       &divmod_pairs_.paired, &divmod_values_);
  }

  // Records where the line about to be written starts, for the Python line in scope, with
  // the notes of the expressions printed for it.
  void start_line() {
    if (!map_) return;
    line_origins_.push_back({out_.size(), python_line_});
    for (PendingNote& n : pending_notes_) noted_.push_back({out_.size(), std::move(n)});
    pending_notes_.clear();
  }

  // Text of whole lines written at once (a constant array).
  void append(const std::string& text) {
    size_t begin = 0;
    while (begin < text.size()) {
      size_t end = text.find('\n', begin);
      end = end == std::string::npos ? text.size() : end + 1;
      start_line();
      out_.append(text, begin, end - begin);
      begin = end;
    }
  }

  // Offsets -> .cu line numbers, once the text is complete.
  void finish_map() {
    std::vector<size_t> starts{0};
    for (size_t i = 0; i < out_.size(); ++i) {
      if (out_[i] == '\n' && i + 1 < out_.size()) starts.push_back(i + 1);
    }
    auto line_at = [&](size_t offset) {
      return static_cast<uint32_t>(std::upper_bound(starts.begin(), starts.end(), offset) - starts.begin());
    };
    map_->python_line_of.assign(starts.size(), 0);
    for (const auto& [offset, py_line] : line_origins_) map_->python_line_of[line_at(offset) - 1] = py_line;
    // In source order within a line: C++ leaves the order in which the operands of `+` on
    // strings are printed unspecified, so the order noted may vary between compilers.
    std::stable_sort(noted_.begin(), noted_.end(), [](const auto& a, const auto& b) {
      return std::tie(a.first, a.second.span.line, a.second.span.col, a.second.kind) <
             std::tie(b.first, b.second.span.line, b.second.span.col, b.second.kind);
    });
    for (auto& [offset, n] : noted_) {
      map_->notes.push_back({n.kind, n.span.line, line_at(offset), python_text(n.span), n.reason});
    }
  }

  // The Python text of a span on one line ("x * 1.5"), to say what a note is about.
  std::string python_text(const Span& span) const { return std::string(file_.span_text(span)); }

  void line(const std::string& text) {
    start_line();
    out_.append(static_cast<size_t>(indent_) * 2, ' ');
    out_ += text;
    out_ += '\n';
  }

  // The Python line a piece of C++ came from: a comment, or a #line directive.
  void echo(uint32_t py_line) {
    if (py_line == 0) return;
    if (options_.line_directives) {
      const FromPython from(*this, py_line);
      start_line();
      out_ += "#line " + std::to_string(py_line) + " " + c_string(file_.base_name()) + "\n";
      return;
    }
    // Statements of one line echo it once (`if ready: go()`, a one-line def's body, the
    // statements sema writes for a decorator): the comment names the line, not each statement.
    if (py_line == last_echoed_line_) return;
    last_echoed_line_ = py_line;
    line("// " + file_.base_name() + ":" + std::to_string(py_line) + ": " + trim(file_.line_text(py_line)));
  }

  std::string location(const ir::Function& f) { return file_.base_name() + ":" + std::to_string(f.def_span.line); }

  std::string params(const ir::Function& f, bool with_names) {
    std::string s;
    for (size_t i = 0; i < f.params.size(); ++i) {
      const ir::Variable* p = f.params[i];
      s += (i ? ", " : "") + held_type_name(p->param_type);  // a None argument's tests are decided already
      if (with_names) s += " " + param_name(*p);
    }
    return s;
  }

  static std::string param_name(const ir::Variable& p) {
    return p.type == p.param_type ? p.cpp_name : p.cpp_name + "_arg";
  }

  void function(const ir::Function& f) {
    error_model_ = f.error_model;
    divmod_pairs_ = ir::divmod_pairs(f);
    for (const auto& v : f.variables) variable_names_.insert(v->cpp_name);
    out_ += "\n";
    const FromPython from(*this, f.def_span.line);
    last_echoed_line_ = 0;
    echo(f.def_span.line);
    if (f.is_host && !f.def_span.valid()) {
      line("// The module's code, run by main(): what `python " + file_.base_name() + "` runs.");
    } else {
      line("// " + std::string(f.is_kernel ? "kernel " : f.is_host ? "host function " : "device function ") +
           f.signature_text);
    }
    const ir::KernelOptions& o = f.options;
    if (o.fastmath) line("// fastmath=True: build with nvcc --use_fast_math for the same approximations");
    if (o.debug || o.lineinfo) line("// " + std::string(o.debug ? "debug" : "lineinfo") + "=True: build with nvcc -lineinfo");
    std::string head;
    if (f.is_kernel) {
      head = "__global__ ";
      if (o.launch_bounds_threads > 0) {
        head += "__launch_bounds__(" + std::to_string(o.launch_bounds_threads) +
                (o.launch_bounds_min_blocks > 0 ? ", " + std::to_string(o.launch_bounds_min_blocks) : "") + ") ";
      }
      if (o.max_registers > 0 && o.launch_bounds_threads > 0) {
        // CUDA C++ rejects __maxnreg__ beside __launch_bounds__.
        line("// max_registers=" + std::to_string(o.max_registers) +
             ": CUDA C++ cannot combine it with __launch_bounds__; build with nvcc -maxrregcount=" +
             std::to_string(o.max_registers) + " for the same limit");
      } else if (o.max_registers > 0) {
        head += "__maxnreg__(" + std::to_string(o.max_registers) + ") ";
      }
      head += "void ";
    } else if (f.is_host) {
      head = type_name(f.return_type) + " ";
    } else {
      head = device_head(f);
    }
    line(head + f.cpp_name + "(" + params(f, true) + ") {");
    ++indent_;
    for (const ir::Variable* p : f.params) {
      if (p->type != p->param_type) {
        line("// '" + p->name + "' is rebound to " + p->type->str() + " in the body");
        // A parameter no caller gave a typed list is always an empty one: a new list of the
        // body's type (std::string from int64_t would not convert).
        const bool empty_list = p->param_type && p->param_type->is_untyped_list() && p->type->is_list();
        line(type_name(p->type) + " " + p->cpp_name + " = " + type_name(p->type) + "(" +
             (empty_list ? std::string() : param_name(*p)) + ");");
      }
    }
    for (const auto& v : f.variables) {
      if (v->hoisted && !v->is_param && !v->loop_counter && v->type) {
        line(type_name(v->type) + " " + v->cpp_name + "{};");
      }
    }
    // Arrays allocated inside nested blocks keep their storage at function
    // scope, where a local array outlives the block that made it.
    hoisted_storage_.clear();
    collect_nested_storage(f.body, 0);
    for (const auto& [alloc, py_line] : hoisted_storage_) {
      const FromPython from(*this, py_line);
      echo(py_line);
      line(storage_declaration(*alloc));
    }
    block(f.body);
    --indent_;
    line("}");
    error_model_ = ir::ErrorModel::Numpy;
    divmod_pairs_ = {};
    divmod_values_.clear();
    divmod_count_ = 0;
    variable_names_.clear();
  }

  // A file without host code: its CPU ufuncs' scalar/core functions (every signature's,
  // and the host functions they call) and, unless the --header defines them, their
  // entry points, for C++ callers.
  void cpu_ufuncs_without_host_code(const ir::Module& m) {
    out_ += "\n// ---------------------------------------------------------------- CPU ufuncs' functions\n";
    host_code_ = true;
    for (const auto& f : m.host_functions) function(*f);
    host_code_ = false;
    out_ += ufunc_section(m, file_, false, options_.header_include.empty());
  }

  // The host code: plain Python and CPU @jit functions it calls, then the main body.
  void host_program(const ir::Module& m) {
    out_ += "\n// ---------------------------------------------------------------- host program\n";
    host_code_ = true;
    // CPU ufuncs (lower/ufuncs.cpp) call their scalar host functions and are called by the
    // others: after the last scalar function (typed first, so the functions it calls come
    // before it), before any other host function.
    size_t ufunc_at = 0;
    bool any_core = false;
    for (size_t i = 0; i < m.host_functions.size(); ++i) {
      for (const ir::Ufunc& u : m.ufuncs) {
        for (const ir::UfuncLoop& loop : u.loops) {
          if (!u.cuda && loop.core == m.host_functions[i].get()) ufunc_at = i + 1, any_core = true;
        }
      }
    }
    if (!any_core && !m.host_functions.empty()) ufunc_at = m.host_functions.size() - 1;
    if (!m.host_classes.empty()) {
      // Declared first: a member may hold an instance of another class (or of its own).
      out_ += "\n// The program's classes: their attributes, typed by every assignment; instances are shared_ptrs.\n";
      for (const auto& c : m.host_classes) out_ += "struct " + c.cpp_name + ";\n";
      for (const auto& c : m.host_classes) {
        out_ += "// " + file_.base_name() + ":" + std::to_string(c.span.line) + ": class " + c.python_name + "\n";
        out_ += "struct " + c.cpp_name + (c.base_cpp.empty() ? "" : " : " + c.base_cpp) + " {\n";
        if (c.has_subclasses && c.base_cpp.empty()) out_ += "  virtual ~" + c.cpp_name + "() = default;\n";
        for (const auto& [name, type] : c.fields) {
          // An attribute only ever set to None (`self.parent = None`, never assigned a value).
          out_ += "  " + held_type_name(type) + " " + name + "{};\n";
        }
        out_ += "};\n";
      }
    }
    if (!m.host_globals.empty()) {
      out_ += "\n// Module variables the module's code and its host functions share.\n";
      for (const auto& [name, type] : m.host_globals) out_ += "static " + type_name(type) + " " + name + "{};\n";
    }
    for (size_t i = 0; i < m.host_functions.size(); ++i) {
      if (i == ufunc_at) out_ += ufunc_section(m, file_, false, true);
      function(*m.host_functions[i]);
    }
    if (ufunc_at >= m.host_functions.size()) out_ += ufunc_section(m, file_, false, true);
    host_code_ = false;
    if (options_.line_directives) {
      size_t lines = static_cast<size_t>(std::count(out_.begin(), out_.end(), '\n'));
      std::string name = options_.output_name.empty() ? file_.module_name() + ".cu" : options_.output_name;
      out_ += "#line " + std::to_string(lines + 2) + " " + c_string(name) + "\n";
    }
  }

  // main(): `BIN KERNEL --grid G --block B [--shared BYTES] [--out-dir DIR] ARG...`
  // and `BIN --list`, through py2cuda/harness.h.
  void harness(const ir::Module& m) {
    out_ += "\n// ---------------------------------------------------------------- harness\n";
    out_ += "// Runs one kernel of " + file_.base_name() + " on .npy arrays and scalar literals; see BIN --help.\n";
    line("int main(int argc, char** argv) {");
    ++indent_;
    line("py2cuda::harness::Harness harness(" + c_string(file_.base_name()) + ");");
    for (const auto& f : m.functions) {
      if (!f->is_kernel) continue;
      std::string names;
      for (const ir::Variable* p : f->params) names += (names.empty() ? "" : ", ") + c_string(p->name);
      line("harness.kernel(" + c_string(f->cpp_name) + ", " + c_string(f->signature_text) + ", {" + names +
           "}, [](py2cuda::harness::Invocation& call) {");
      ++indent_;
      // One statement per argument: they load (and report errors) in order.
      std::string args;
      for (size_t i = 0; i < f->params.size(); ++i) {
        const ir::Variable* p = f->params[i];
        TypeRef t = p->param_type;
        std::string k = std::to_string(i);
        std::string load = t->is_array() && t->dtype()->is_record() ? "call.random_states(" + k + ")"
                           : t->is_array() ? "call.array<" + type_name(t->dtype()) + ", " + std::to_string(t->ndim()) + ">(" + k + ")"
                                           : "call.scalar<" + type_name(t) + ">(" + k + ")";
        line("const " + type_name(t) + " " + p->cpp_name + " = " + load + ";");
        args += ", " + p->cpp_name;
      }
      line(m.name + "::launch_" + f->cpp_name + "(call.config()" + args + ");");
      --indent_;
      line("});");
    }
    out_ += ufunc_harness_registrations(m, std::string(static_cast<size_t>(indent_) * 2, ' '));
    line("return harness.main(argc, argv);");
    --indent_;
    line("}");
  }

  std::string device_head(const ir::Function& f) const {
    std::string head = "__device__ ";
    if (f.options.forceinline > 0 && !f.recursive) head += "__forceinline__ ";
    if (f.options.forceinline < 0) head += "__noinline__ ";
    return head + type_name(f.return_type) + " ";
  }

  // Every external's files, as written, without repeats: "functions.cu, more.cu".
  static std::string link_list(const ir::Module& m) {
    std::vector<std::string> seen;
    std::string text;
    for (const auto& e : m.externals) {
      for (const std::string& l : e.link) {
        if (std::find(seen.begin(), seen.end(), l) != seen.end()) continue;
        seen.push_back(l);
        text += (text.empty() ? "" : ", ") + l;
      }
    }
    return text.empty() ? "other files (no link= given)" : text;
  }

  void launch_frozen_globals(const ir::Module& m) {
    if (m.launch_frozen_globals.empty()) return;
    out_ += "\n// Module globals the program computes when it runs, read by kernels: Numba freezes a global\n"
            "// at the first launch of a kernel reading it, and so does the host code here\n"
            "// (py2cuda::host::freeze_global before a launch).\n";
    for (const ir::LaunchFrozenGlobal& g : m.launch_frozen_globals) {
      const FromPython from(*this, g.span.line);
      echo(g.span.line);
      append("__constant__ " + type_name(g.type) + " " + g.cpp_name + ";\n");
    }
  }

  // Before a launch: the globals its kernels read that the first launch freezes.
  void freeze_globals_before(const ir::Launch& launch) {
    std::set<std::string> names;
    auto add = [&](const ir::Function* k) {
      if (k) names.insert(k->launch_frozen_globals.begin(), k->launch_frozen_globals.end());
    };
    add(launch.kernel);
    for (const ir::Launch::Choice& c : launch.choices) add(c.kernel);
    freeze(names);
  }

  // Before a host statement calling CUDA ufuncs (`print(lookup(idx))`): the globals their
  // kernels read, frozen as before a launch.
  void freeze_globals_for_ufunc_calls(const ir::Stmt& s) {
    if (module_->launch_frozen_globals.empty()) return;
    std::set<std::string> names;
    std::function<bool(const ir::Expr&)> visit = [&](const ir::Expr& e) {
      if (e.kind == ir::ExprKind::Builtin) {
        if (const ir::Function* core = static_cast<const ir::BuiltinCall&>(e).ufunc_core) {
          names.insert(core->launch_frozen_globals.begin(), core->launch_frozen_globals.end());
        }
      }
      ir::any_operand(e, visit);
      return false;
    };
    for (const ir::Expr* e : ir::own_expressions(s)) visit(*e);
    freeze(names);
  }

  void freeze(const std::set<std::string>& names) {
    for (const ir::LaunchFrozenGlobal& g : module_->launch_frozen_globals) {
      if (names.count(g.cpp_name)) line("py2cuda::host::freeze_global(" + g.cpp_name + ", " + g.host_cpp_name + ");");
    }
  }

  void externals(const ir::Module& m) {
    if (m.externals.empty()) return;
    out_ += "\n// Device functions written in CUDA C/C++ (cuda.declare_device), defined in " + link_list(m) +
            ".\n// Calls across files need relocatable device code: nvcc -rdc=true " + file_.module_name() + ".cu " + link_list(m) +
            " (py2cuda --exe/--run does so).\n";
    for (const auto& e : m.externals) {
      echo(e.span.line);
      std::string params;
      if (!e.c_abi) params = type_name(e.return_type) + "* result";
      for (size_t i = 0; i < e.params.size(); ++i) params += (params.empty() ? "" : ", ") + type_name(e.params[i]);
      if (e.c_abi) {
        line("extern \"C\" __device__ " + type_name(e.return_type) + " " + e.symbol + "(" + params + ");");
      } else {
        line("// Numba's ABI: the result through the first parameter; the int returned is a status.");
        line("extern \"C\" __device__ int " + e.symbol + "(" + params + ");");
      }
    }
  }

  void launch_stub(const ir::Function& f, bool declaration_only, const std::string& module_namespace) {
    out_ += "\n";
    const FromPython from(*this, f.def_span.line);
    line("// Launches " + f.name + " (" + location(f) + "), " + f.signature_text + ".");
    // The stub's own names, `config` and `info`, unless a parameter or the kernel has one of
    // them; a parameter named as the kernel hides it, which the namespace then names.
    std::set<std::string> taken{f.cpp_name};
    bool kernel_hidden = false;
    for (const ir::Variable* p : f.params) {
      taken.insert(p->cpp_name);
      kernel_hidden = kernel_hidden || p->cpp_name == f.cpp_name;
    }
    auto own = [&](std::string name) {
      while (taken.count(name)) name += "_";
      return name;
    };
    const std::string config = own("config"), info_name = own("info");
    const std::string kernel = kernel_hidden ? module_namespace + "::" + f.cpp_name : f.cpp_name;
    std::string sig = "void launch_" + f.cpp_name + "(const py2cuda::LaunchConfig& " + config;
    for (const ir::Variable* p : f.params) sig += ", " + type_name(p->param_type) + " " + p->cpp_name;
    sig += ")";
    if (declaration_only) {
      line(sig + ";");
      return;
    }
    line(sig + " {");
    ++indent_;
    if (f.cooperative) line("// grid.sync() needs every block resident: a cooperative launch (cudaLaunchCooperativeKernel).");
    // The flags by name, those set only (the others default to false).
    std::string info = "static constexpr py2cuda::KernelInfo " + info_name + "{.name = " + c_string(f.name) +
                       ", .location = " + c_string(location(f));
    if (f.uses_barrier) info += ", .uses_barrier = true";
    if (f.uses_warp_ops) info += ", .uses_warp_ops = true";
    if (f.cooperative) info += ", .cooperative = true";
    if (f.grid_stride) info += ", .grid_stride = true";
    if (f.independent_threads) info += ", .independent_threads = true";
    line(info + "};");
    std::string args;
    for (const ir::Variable* p : f.params) args += ", " + p->cpp_name;
    line("py2cuda::launch<" + kernel + ">(" + config + ", " + info_name + args + ");");
    --indent_;
    line("}");
  }

  void block(const ir::Block& b) {
    for (const auto& s : b) stmt(*s);
  }

  // An `if` whose test Numba decided before typing: the live arm alone, as code of the
  // enclosing block (it runs whenever the `if` does, and the names it binds live on after it).
  void decided_if(const ir::If& i) {
    const bool body_lives = i.decided == ir::DecidedTest::AlwaysTrue;
    if (i.then_body.empty()) {
      line(body_lives ? "// (the test is always true and the body is empty)"
                      : "// (the test is always false: no branch of this if is compiled)");
      return;
    }
    if (host_code_) {
      // A literal test, or `out is None` in an instance whose argument types decide it.
      line(body_lives ? "// the test is always true here: py2cuda translates this branch alone"
                      : "// the test is always false here: py2cuda translates the else branch alone");
    } else {
      line(body_lives ? "// the test is always true: Numba compiles this branch alone"
                      : "// the test is always false: Numba compiles the else branch alone");
    }
    block(i.then_body);
  }

  // A launch statement that picks its kernel instance at run time, as a block of its own (the
  // names it binds end with it).
  void launch_choice(const ExprPrinter::LaunchChoice& choice) {
    line("{");
    ++indent_;
    for (const std::string& binding : choice.bindings) line(binding);
    for (size_t i = 0; i < choice.branches.size(); ++i) {
      line(std::string(i == 0 ? "if (" : "} else if (") + choice.branches[i].first + ") {");
      ++indent_;
      line(choice.branches[i].second);
      --indent_;
    }
    line("} else {");
    ++indent_;
    line(choice.otherwise);
    --indent_;
    line("}");
    --indent_;
    line("}");
  }

  // The divmods ir/divmod_pairs.cpp computes once before statement `s` (float array elements,
  // which NVVM would compute twice inside it): `const auto divmod_N = py2cuda::divmod(a, b);`.
  void divmods_before(const ir::Stmt& s, ExprPrinter& p) {
    const auto found = divmod_pairs_.before_statement.find(&s);
    if (found == divmod_pairs_.before_statement.end()) return;
    for (const std::vector<const ir::Binary*>& divisions : found->second) {
      std::string name;
      do {  // a name none of the function's variables has
        name = "divmod_" + std::to_string(divmod_count_++);
      } while (variable_names_.count(name));
      line("const auto " + name + " = " + p.divmod_call(*divisions.front()) + ";");
      for (const ir::Binary* b : divisions) divmod_values_[b] = name;
    }
  }

  void stmt(const ir::Stmt& s) {
    const FromPython from(*this, s.span.line);
    if (s.echo_line) echo(s.span.line);
    ExprPrinter p = printer();
    divmods_before(s, p);
    if (host_code_) freeze_globals_for_ufunc_calls(s);
    switch (s.kind) {
      case ir::StmtKind::Expr: {
        const ir::Expr& value = *static_cast<const ir::ExprStmt&>(s).value;
        if (value.kind == ir::ExprKind::Launch) freeze_globals_before(static_cast<const ir::Launch&>(value));
        if (value.kind == ir::ExprKind::Launch && !static_cast<const ir::Launch&>(value).choices.empty()) {
          launch_choice(p.launch_choice(static_cast<const ir::Launch&>(value)));
          return;
        }
        // A call with nothing to do in C++ (np.seterr's modes) leaves only its Python line's echo.
        if (std::string text = p.print(value); !text.empty()) line(text + ";");
        return;
      }
      case ir::StmtKind::Assign: {
        const auto& a = static_cast<const ir::Assign&>(s);
        if (a.value->kind == ir::ExprKind::LocalArray) {
          array_allocation(a);
          return;
        }
        std::string target = p.print_target(*a.target, a.augmented);
        std::string value = a.has_compound_op ? p.print(*a.value) : p.print_stored(*a.value);
        if (a.has_compound_op) {
          line(target + " " + std::string(python_spelling(a.compound_op)) + "= " + value + ";");
        } else if (a.declare) {
          line(type_name(a.target->type) + " " + target + " = " + value + ";");
        } else {
          line(target + " = " + value + ";");
        }
        return;
      }
      case ir::StmtKind::If: {
        const auto* i = &static_cast<const ir::If&>(s);
        if (i->decided != ir::DecidedTest::No) {
          decided_if(*i);
          return;
        }
        line("if (" + p.print(*i->cond) + ") {");
        for (;;) {
          ++indent_;
          block(i->then_body);
          --indent_;
          if (i->else_is_elif) {
            i = &static_cast<const ir::If&>(*i->else_body[0]);
            python_line_ = i->span.line;  // the elif's own line, until the outer statement's scope ends
            echo(i->span.line);
            line("} else if (" + p.print(*i->cond) + ") {");
            continue;
          }
          if (!i->else_body.empty()) {
            line("} else {");
            ++indent_;
            block(i->else_body);
            --indent_;
          }
          break;
        }
        line("}");
        return;
      }
      case ir::StmtKind::While: {
        const auto& w = static_cast<const ir::While&>(s);
        line("while (" + p.print(*w.cond) + ") {");
        ++indent_;
        block(w.body);
        --indent_;
        line("}");
        return;
      }
      case ir::StmtKind::ForRange: for_range(static_cast<const ir::ForRange&>(s)); return;
      case ir::StmtKind::Break: line("break;"); return;
      case ir::StmtKind::Continue: line("continue;"); return;
      case ir::StmtKind::Return: {
        const auto& r = static_cast<const ir::Return&>(s);
        if (!r.value) {
          line("return;");
        } else if (r.value->kind == ir::ExprKind::Cast && r.value->type->is_optional()) {
          // The return type converts a value or py2cuda::none by itself.
          line("return " + p.print(*static_cast<const ir::Cast&>(*r.value).operand) + ";");
        } else {
          line("return " + p.print_stored(*r.value) + ";");
        }
        return;
      }
      case ir::StmtKind::Try: try_statement(static_cast<const ir::Try&>(s)); return;
    }
  }

  // A scope of its own holds the finally guard and the else flag; the handlers' if/else-if
  // chain echoes each except clause's line.
  void try_statement(const ir::Try& t) {
    const bool scoped = !t.finally_body.empty() || !t.else_body.empty();
    if (scoped) {
      line("{");
      ++indent_;
    }
    if (!t.finally_body.empty()) {
      const FromPython from(*this, t.finally_span.line);
      echo(t.finally_span.line);
      line("py2cuda::host::Finally finally([&] {");
      ++indent_;
      block(t.finally_body);
      --indent_;
      line("});");
    }
    if (t.completed) line("bool " + t.completed->cpp_name + " = false;");
    if (t.caught) {
      line("try {");
      ++indent_;
    }
    block(t.body);
    if (t.completed) line(t.completed->cpp_name + " = true;");
    if (t.caught) {
      --indent_;
      line("} catch (const py2cuda::host::PyException& " + t.caught->cpp_name + ") {");
      ++indent_;
      echo(t.catch_all_span.line);
      block(t.handlers);
      --indent_;
      line("}");
    }
    if (t.completed) {
      const FromPython from(*this, t.else_span.line);
      echo(t.else_span.line);
      line("if (" + t.completed->cpp_name + ") {");
      ++indent_;
      block(t.else_body);
      --indent_;
      line("}");
    } else if (!t.else_body.empty()) {
      // No handler ends normally: only the body's normal end gets here.
      const FromPython from(*this, t.else_span.line);
      echo(t.else_span.line);
      block(t.else_body);
    }
    if (scoped) {
      --indent_;
      line("}");
    }
  }

  std::string storage_declaration(const ir::LocalArray& alloc) const {
    std::string dims;
    for (size_t d = 0; d < alloc.shape.size(); ++d) dims += (d ? " * " : "") + std::to_string(alloc.shape[d]);
    return std::string(alloc.shared ? "__shared__ " : "") + type_name(alloc.type->dtype()) + " " + alloc.storage +
           "[" + dims + "];";
  }

  void collect_nested_storage(const ir::Block& b, int depth) {
    for (const auto& s : b) {
      switch (s->kind) {
        case ir::StmtKind::Assign: {
          const auto& a = static_cast<const ir::Assign&>(*s);
          if (depth > 0 && a.value->kind == ir::ExprKind::LocalArray) {
            const auto& alloc = static_cast<const ir::LocalArray&>(*a.value);
            if (!alloc.shape.empty()) hoisted_storage_.emplace_back(&alloc, s->span.line);
          }
          break;
        }
        case ir::StmtKind::If:
          collect_nested_storage(static_cast<const ir::If&>(*s).then_body, depth + 1);
          collect_nested_storage(static_cast<const ir::If&>(*s).else_body, depth + 1);
          break;
        case ir::StmtKind::While: collect_nested_storage(static_cast<const ir::While&>(*s).body, depth + 1); break;
        case ir::StmtKind::ForRange: collect_nested_storage(static_cast<const ir::ForRange&>(*s).body, depth + 1); break;
        default: break;
      }
    }
  }

  // `x = cuda.shared.array((16, 16), float32)`: the storage (unless hoisted)
  // and a view of it.
  void array_allocation(const ir::Assign& a) {
    const auto& alloc = static_cast<const ir::LocalArray&>(*a.value);
    ExprPrinter p = printer();
    std::string target = p.print(*a.target);
    std::string decl = a.declare ? type_name(a.target->type) + " " + target : target;
    if (alloc.shape.empty()) {
      line(decl + " = py2cuda::dynamic_shared_array<" + type_name(alloc.type->dtype()) + ">();");
      return;
    }
    bool hoisted = false;
    for (const auto& [h, py_line] : hoisted_storage_) hoisted = hoisted || h == &alloc;
    if (!hoisted) line(storage_declaration(alloc));
    std::string dims;
    for (int64_t d : alloc.shape) dims += ", " + std::to_string(d);
    line(decl + " = py2cuda::local_array_view(" + alloc.storage + dims + ");");
  }

  // Python evaluates range()'s arguments once, before the loop: anything that
  // could change during the loop is copied into a constant first.
  static bool assigns(const ir::Block& b, const ir::Variable* v) {
    for (const auto& s : b) {
      switch (s->kind) {
        case ir::StmtKind::Assign: {
          const auto& t = *static_cast<const ir::Assign&>(*s).target;
          if (t.kind == ir::ExprKind::Var && static_cast<const ir::VarRef&>(t).var == v) return true;
          break;
        }
        case ir::StmtKind::If:
          if (assigns(static_cast<const ir::If&>(*s).then_body, v) || assigns(static_cast<const ir::If&>(*s).else_body, v))
            return true;
          break;
        case ir::StmtKind::While:
          if (assigns(static_cast<const ir::While&>(*s).body, v)) return true;
          break;
        case ir::StmtKind::Try: {
          bool found = false;
          static_cast<const ir::Try&>(*s).for_each_block([&](const ir::Block& x) { found = found || assigns(x, v); });
          if (found) return true;
          break;
        }
        case ir::StmtKind::ForRange:
          if (static_cast<const ir::ForRange&>(*s).counter == v || assigns(static_cast<const ir::ForRange&>(*s).body, v))
            return true;
          break;
        default: break;
      }
    }
    return false;
  }

  // Whether a range() bound reads the same value on every iteration of `body`.
  static bool stable_in(const ir::Expr& e, const ir::Block& body) {
    switch (e.kind) {
      case ir::ExprKind::Const:
      case ir::ExprKind::Global:
      case ir::ExprKind::Shape:
      case ir::ExprKind::Size: return true;
      case ir::ExprKind::Var: return !assigns(body, static_cast<const ir::VarRef&>(e).var);
      case ir::ExprKind::Cast: return stable_in(*static_cast<const ir::Cast&>(e).operand, body);
      default: return false;
    }
  }

  std::string loop_bound(const ir::Expr& e, const std::string& name, const std::string& type, const ir::Block& body) {
    ExprPrinter p = printer();
    if (stable_in(e, body)) return p.print(e);
    line("const " + type + " " + name + " = " + p.print(e) + ";");
    return name;
  }

  void for_range(const ir::ForRange& l) {
    ExprPrinter p = printer();
    std::string t = type_name(l.counter->type);
    const std::string& i = l.counter->cpp_name;
    std::string stop = loop_bound(*l.stop, i + "_stop", t, l.body);
    std::string step = loop_bound(*l.step, i + "_step", t, l.body);
    std::string start = p.print(*l.start);
    std::string cond, inc;
    bool unit = l.step->kind == ir::ExprKind::Const && static_cast<const ir::Const&>(*l.step).bits == 1;
    if (l.step_sign > 0) {
      cond = i + " < " + stop;
      inc = unit ? "++" + i : i + " += " + step;
    } else if (l.step_sign < 0) {
      cond = i + " > " + stop;
      bool minus_one = l.step->kind == ir::ExprKind::Const &&
                       static_cast<int64_t>(static_cast<const ir::Const&>(*l.step).bits) == -1;
      if (minus_one) {
        inc = "--" + i;
      } else if (l.step->kind == ir::ExprKind::Const) {
        ir::Const magnitude(l.step->type, l.step->span);
        magnitude.bits = ~static_cast<const ir::Const&>(*l.step).bits + 1;
        inc = i + " -= " + literal(magnitude, false);
      } else {
        inc = i + " += " + step;
      }
    } else {
      cond = "(" + step + " > 0 ? " + i + " < " + stop + " : " + i + " > " + stop + ")";
      inc = i + " += " + step;
    }
    if (l.grid_stride) {  // ir/grid_stride.h: the plain loop on the GPU, one trip a call in loop mode
      start = "py2cuda::grid_stride_first(" + start + ", " + step + ")";
      inc = "py2cuda::grid_stride_next(" + i + ", " + step + ")";
    }
    line("for (" + t + " " + i + " = " + start + "; " + cond + "; " + inc + ") {");
    ++indent_;
    block(l.body);
    --indent_;
    line("}");
  }

  const SourceFile& file_;
  const EmitOptions& options_;
  SourceMap* map_;  // --annotate's record, or null
  const ir::Module* module_ = nullptr;  // the module cu() is writing
  uint32_t python_line_ = 0;  // the Python line the C++ being written comes from, 0 for none
  std::vector<PendingNote> pending_notes_;  // noted while printing the next line's expressions
  std::vector<std::pair<size_t, uint32_t>> line_origins_;  // (offset of a line, its Python line)
  std::vector<std::pair<size_t, PendingNote>> noted_;      // (offset of the line, the note)
  std::string out_;
  int indent_ = 0;
  uint32_t last_echoed_line_ = 0;  // the Python line the last comment echoed (0: none yet in this function)
  std::vector<std::pair<const ir::LocalArray*, uint32_t>> hoisted_storage_;
  bool host_code_ = false;  // writing host code (the program around the kernels)
  ir::ErrorModel error_model_ = ir::ErrorModel::Numpy;  // the function being written's
  ir::DivmodPairs divmod_pairs_;  // the function being written's (ir/divmod_pairs.h)
  // Its paired divisions whose divmod is declared before their statement, with its variable.
  std::map<const ir::Binary*, std::string> divmod_values_;
  int divmod_count_ = 0;                   // the function's divmod_N declared so far
  std::set<std::string> variable_names_;  // the function's variables' C++ names
};

}  // namespace

std::string emit_cu(const ir::Module& module, const SourceFile& file, const EmitOptions& options, SourceMap* map) {
  return Emitter(file, options, map).cu(module);
}

std::string emit_header(const ir::Module& module, const SourceFile& file, const EmitOptions& options) {
  return Emitter(file, options).header(module);
}

}  // namespace py2cuda::lower
