// Ufuncs -> C++: per CUDA loop an elementwise (or per-loop-index) kernel over the
// broadcast operands and a host function that broadcasts and launches it
// (py2cuda/host/ufunc_call.h); per CPU loop a host function running NumPy's loop.
#include "lower/ufuncs.h"

#include <set>
#include <string>

#include "lower/emit.h"

namespace py2cuda::lower {

namespace {

std::string trim(const std::string& s) {
  size_t a = s.find_first_not_of(" \t");
  size_t b = s.find_last_not_of(" \t\r\n");
  return a == std::string::npos ? "" : s.substr(a, b - a + 1);
}

std::string quoted(const std::string& s) { return "\"" + s + "\""; }

struct Writer {
  const SourceFile& file;
  std::string out;
  void line(int indent, const std::string& text) {
    out.append(static_cast<size_t>(indent) * 2, ' ');
    out += text + "\n";
  }
  void echo(uint32_t py_line) {
    if (py_line) line(0, "// " + file.base_name() + ":" + std::to_string(py_line) + ": " + trim(std::string(file.line_text(py_line))));
  }
  std::string location(const ir::Ufunc& u) const { return file.base_name() + ":" + std::to_string(u.def_span.line); }
};

// A parameter's name in the wrappers: the core function's, unless it is one of the names the
// wrappers declare themselves (`N` of a template, `config`, `info`, `launch`, `out`, `X0`...).
std::string param_name(const ir::Function& f, size_t i) {
  const std::string& name = f.params[i]->cpp_name;
  static const std::set<std::string> kWrapperNames = {"N", "L", "config", "info", "launch", "out", "Out", "size_",
                                                      "flat_", "result_"};
  const bool numbered = name.size() > 1 && (name[0] == 'X' || name.starts_with("result")) &&
                        name.find_first_not_of("0123456789_", name[0] == 'X' ? 1 : 6) == std::string::npos;
  return kWrapperNames.count(name) || numbered ? name + "_arg" : name;
}

// The host entry point's template head and parameter list.
void entry_head(Writer& w, const ir::Ufunc& u, const ir::UfuncLoop& l, bool constrained) {
  std::string head = "template <";
  std::string params;
  for (size_t i = 0; i < l.inputs.size(); ++i) {
    TypeRef t = l.inputs[i]->is_array() ? l.inputs[i]->dtype() : l.inputs[i];
    head += (constrained ? "py2cuda::host::UfuncOperand<" + cpp_type(t) + "> X" : "class X") + std::to_string(i) + ", ";
    params += "const X" + std::to_string(i) + "& " + param_name(*l.core, i) + ", ";
  }
  w.line(0, head + "class... Out>");
  w.line(0, "auto " + l.cpp_name + "(" + params + "const Out&... out) {");
  (void)u;
}

// The layout's dimension names, numbered in order of appearance: the ids of the
// inputs' core dimensions and of the outputs'.
std::pair<std::string, std::string> layout_ids(const ir::Ufunc& u, size_t* n_in_ids) {
  std::vector<std::string> names;
  auto id = [&](const std::string& n) {
    for (size_t k = 0; k < names.size(); ++k) {
      if (names[k] == n) return k;
    }
    names.push_back(n);
    return names.size() - 1;
  };
  std::string in_ids, out_ids;
  *n_in_ids = 0;
  for (const auto& dims : u.in_dims) {
    for (const auto& d : dims) in_ids += std::string((*n_in_ids)++ ? ", " : "") + std::to_string(id(d));
  }
  size_t n_out_ids = 0;
  for (const auto& dims : u.out_dims) {
    for (const auto& d : dims) out_ids += std::string(n_out_ids++ ? ", " : "") + std::to_string(id(d));
  }
  return {in_ids, out_ids};
}

// The loop dimensions of the loop functions' operands, the runtime's
// py2cuda::ufunc::kLoopRank: fixed, so that they are plain functions a header can
// declare; the entry points pad (py2cuda::ufunc::padded) or split calls with more.
constexpr int kUfuncPadRank = 4;

std::string loop_name(const ir::Ufunc& u) { return u.cpp_name + "_loop"; }

// Output k's core dimensions (none for @vectorize), its dtype, and its name in the
// kernels and loop functions: result_, or result0_, result1_... for several.
int out_core(const ir::Ufunc& u, size_t k) { return u.gufunc ? static_cast<int>(u.out_dims[k].size()) : 0; }
TypeRef out_dtype(const ir::UfuncLoop& l, size_t k) {
  TypeRef t = l.outputs[k];
  return t->is_array() ? t->dtype() : t;
}
std::string result_name(const ir::UfuncLoop& l, size_t k) {
  return l.outputs.size() == 1 ? "result_" : "result" + std::to_string(k) + "_";
}
size_t total_out_core(const ir::Ufunc& u) {
  size_t n = 0;
  for (const auto& dims : u.out_dims) n += dims.size();
  return n;
}

// `py2cuda::host::GufuncOutputs<py2cuda::host::GufuncOutput<R, core>, ...>`: the outputs'
// dtypes and core ranks for gufunc_cuda / gufunc_cpu.
std::string gufunc_outputs(const ir::Ufunc& u, const ir::UfuncLoop& l) {
  std::string s = "py2cuda::host::GufuncOutputs<";
  for (size_t k = 0; k < l.outputs.size(); ++k) {
    s += std::string(k ? ", " : "") + "py2cuda::host::GufuncOutput<" + cpp_type(out_dtype(l, k)) + ", " +
         std::to_string(out_core(u, k)) + ">";
  }
  return s + ">";
}

// `void NAME_loop(config, Array<R, 4 + out core> result_, Array<T, 4 + core> x, ...)`,
// one result parameter per output.
std::string loop_head(const ir::Ufunc& u, const ir::UfuncLoop& l) {
  const ir::Function& core = *l.core;
  std::string head = "void " + loop_name(u) + "(const py2cuda::LaunchConfig& config";
  for (size_t k = 0; k < l.outputs.size(); ++k) {
    head += ", py2cuda::Array<" + cpp_type(out_dtype(l, k)) + ", " + std::to_string(kUfuncPadRank + out_core(u, k)) +
            "> " + result_name(l, k);
  }
  for (size_t i = 0; i < l.inputs.size(); ++i) {
    TypeRef t = l.inputs[i]->is_array() ? l.inputs[i]->dtype() : l.inputs[i];
    const int c = u.gufunc ? static_cast<int>(u.in_dims[i].size()) : 0;
    head += ", py2cuda::Array<" + cpp_type(t) + ", " + std::to_string(kUfuncPadRank + c) + "> " + param_name(core, i);
  }
  return head + ")";
}

void cuda_loop(Writer& w, const ir::Ufunc& u, const ir::UfuncLoop& l, size_t index) {
  const ir::Function& core = *l.core;
  const std::string kernel = u.cpp_name + "_kernel" + (index ? "_" + std::to_string(index + 1) : "");
  const size_t nin = l.inputs.size();
  w.out += "\n";
  if (!u.gufunc) {
    w.line(0, "// " + u.name + " (" + w.location(u) + ") as a CUDA ufunc, " + l.signature_text +
                  ": one thread per element of the broadcast result (C order), grid-stride.");
    std::string params = "py2cuda::Array<" + cpp_type(out_dtype(l, 0)) + ", N> result_";
    std::string args;
    for (size_t i = 0; i < nin; ++i) {
      params += ", py2cuda::Array<" + cpp_type(l.inputs[i]) + ", N> " + param_name(core, i);
      args += std::string(i ? ", " : "") + "py2cuda::ufunc::element(" + param_name(core, i) + ", flat_)";
    }
    w.line(0, "template <int N>");
    w.line(0, "__global__ void " + kernel + "(" + params + ") {");
    w.line(1, "const int64_t size_ = py2cuda::ufunc::size(result_);");
    w.line(1, "for (int64_t flat_ = py2cuda::grid1(); flat_ < size_; flat_ += py2cuda::gridsize1()) {");
    w.line(2, "py2cuda::ufunc::element(result_, flat_) = " + core.cpp_name + "(" + args + ");");
    w.line(1, "}");
    w.line(0, "}");
  } else {
    w.line(0, "// " + u.name + " (" + w.location(u) + ") as a CUDA gufunc '" + u.layout + "', " + l.signature_text +
                  ": one thread per loop index (the first L dimensions), core dimensions as views.");
    std::string params, args, results;
    for (size_t k = 0; k < l.outputs.size(); ++k) {
      params += std::string(k ? ", " : "") + "py2cuda::Array<" + cpp_type(out_dtype(l, k)) + ", L + " +
                std::to_string(out_core(u, k)) + "> " + result_name(l, k);
      results += std::string(nin + k ? ", " : "") +
                 (l.outputs[k]->is_array() ? "py2cuda::ufunc::core<L>(" : "py2cuda::ufunc::element(") + result_name(l, k) +
                 ", flat_)";
    }
    for (size_t i = 0; i < nin; ++i) {
      TypeRef t = l.inputs[i];
      TypeRef dt = t->is_array() ? t->dtype() : t;
      params += ", py2cuda::Array<" + cpp_type(dt) + ", L + " + std::to_string(u.in_dims[i].size()) + "> " + param_name(core, i);
      args += std::string(i ? ", " : "") +
              (t->is_array() ? "py2cuda::ufunc::core<L>(" : "py2cuda::ufunc::element(") + param_name(core, i) + ", flat_)";
    }
    args += results;
    w.line(0, "template <int L>");
    w.line(0, "__global__ void " + kernel + "(" + params + ") {");
    w.line(1, "const int64_t size_ = py2cuda::ufunc::loop_size<L>(" + result_name(l, 0) + ");");
    w.line(1, "for (int64_t flat_ = py2cuda::grid1(); flat_ < size_; flat_ += py2cuda::gridsize1()) {");
    w.line(2, core.cpp_name + "(" + args + ");");
    w.line(1, "}");
    w.line(0, "}");
  }
  // The loop on operands already broadcast, padded to kUfuncPadRank loop dimensions:
  // one non-template function per signature, which the --header declares.
  w.out += "\n";
  w.line(0, "// " + u.name + "'s loop " + l.signature_text + " on operands in device memory, broadcast to " +
                result_name(l, 0) + "'s shape");
  w.line(0, "// (0 strides where broadcast) and padded to " + std::to_string(kUfuncPadRank) + " loop dimensions.");
  w.line(0, loop_head(u, l) + " {");
  w.line(1, "static constexpr py2cuda::KernelInfo info{.name = " + quoted(u.name) + ", .location = " + quoted(w.location(u)) + "};");
  std::string largs = "config, info";
  for (size_t k = 0; k < l.outputs.size(); ++k) largs += ", " + result_name(l, k);
  for (size_t i = 0; i < nin; ++i) largs += ", " + param_name(core, i);
  w.line(1, "py2cuda::launch<" + kernel + "<" + std::to_string(kUfuncPadRank) + ">>(" + largs + ");");
  w.line(0, "}");
}

// `u(...)` for C++ callers and host code: broadcasts host arrays, device arrays and
// numbers, and runs the loop function through vectorize_cuda / gufunc_cuda.
void cuda_entry(Writer& w, const ir::Ufunc& u, const ir::UfuncLoop& l) {
  const ir::Function& core = *l.core;
  const size_t nin = l.inputs.size();
  const size_t nout = l.outputs.size();
  w.out += "\n";
  w.line(0, "// " + u.name + "(" + std::string(nin ? "..." : "") + (nout == 1 ? "[, out=]" : "[, out...]") + ") for " +
                l.signature_text + ": broadcasts host and device arrays and numbers and runs the loop;");
  w.line(0, std::string("// the result") + (nout == 1 ? " stays" : "s (a tuple) stay") +
                " on the device when an operand is there (numba-cuda's rule).");
  entry_head(w, u, l, true);
  std::string lparams = "const py2cuda::LaunchConfig& config";
  std::string largs = "config";
  std::string targs;
  for (size_t k = 0; k < nout; ++k) {
    lparams += ", auto " + result_name(l, k);
    largs += ", py2cuda::ufunc::padded<" + std::to_string(kUfuncPadRank + out_core(u, k)) + ">(" + result_name(l, k) + ")";
  }
  for (size_t i = 0; i < nin; ++i) {
    const int c = u.gufunc ? static_cast<int>(u.in_dims[i].size()) : 0;
    lparams += ", auto " + param_name(core, i);
    largs += ", py2cuda::ufunc::padded<" + std::to_string(kUfuncPadRank + c) + ">(" + param_name(core, i) + ")";
    targs += std::string(i ? ", " : "") + param_name(core, i);
  }
  w.line(1, "auto launch = [](" + lparams + ") {");
  w.line(2, loop_name(u) + "(" + largs + ");");
  w.line(1, "};");
  if (!u.gufunc) {
    w.line(1, "return py2cuda::host::vectorize_cuda<" + cpp_type(out_dtype(l, 0)) + ">(" + quoted(u.name) +
                  ", launch, std::forward_as_tuple(" + targs + "), out...);");
  } else {
    std::string cores;
    for (size_t i = 0; i < nin; ++i) cores += ", " + std::to_string(u.in_dims[i].size());
    size_t n_in_ids = 0;
    auto [in_ids, out_ids] = layout_ids(u, &n_in_ids);
    w.line(1, "// layout " + u.layout + ": dimension ids in order of appearance");
    w.line(1, "return py2cuda::host::gufunc_cuda<" + gufunc_outputs(u, l) + cores + ">(" + quoted(u.name) +
                  ", launch, std::array<int, " + std::to_string(n_in_ids) + ">{" + in_ids + "}, std::array<int, " +
                  std::to_string(total_out_core(u)) + ">{" + out_ids + "}, std::forward_as_tuple(" + targs + "), out...);");
  }
  w.line(0, "}");
}

// `u.reduce(x)` in host code: numba-cuda's DeviceVectorize.reduce of a 1-D device array, the
// same pairwise steps (so a float sum rounds as Numba's does): an even length adds the upper
// half into the lower, in place, and goes on with the lower half; an odd one reduces all but
// the last element, then adds it. Emitted only for the loops host code reduces.
void cuda_reduce(Writer& w, const ir::Ufunc& u, const ir::UfuncLoop& l) {
  const std::string t = cpp_type(out_dtype(l, 0));
  const std::string array = "py2cuda::host::DeviceNDArray<" + t + ", 1>";
  const std::string steps = u.cpp_name + "_reduce_steps";
  w.out += "\n";
  w.line(0, "// " + u.name + ".reduce(x) for " + l.signature_text + ": numba-cuda's pairwise reduction on the device; the");
  w.line(0, "// element left is the result (TypeError for an empty array, as numba-cuda raises).");
  w.line(0, array + " " + steps + "(const " + array + "& mem) {");
  w.line(1, "const int64_t n = mem.shape(0);");
  w.line(1, "if (n % 2 != 0) {");
  w.line(2, "const auto cut = py2cuda::host::split(mem, n - 1);  // all but the last element, and the last");
  w.line(2, "const " + array + " out = " + steps + "(cut[0]);");
  w.line(2, l.cpp_name + "(out, cut[1], py2cuda::host::ufunc_out(out));");
  w.line(2, "return out;");
  w.line(1, "}");
  w.line(1, "const auto halves = py2cuda::host::split(mem, n / 2);");
  w.line(1, l.cpp_name + "(halves[0], halves[1], py2cuda::host::ufunc_out(halves[0]));");
  w.line(1, "return n / 2 > 1 ? " + steps + "(halves[0]) : halves[0];");
  w.line(0, "}");
  w.out += "\n";
  w.line(0, t + " " + u.cpp_name + "_reduce(const " + array + "& x) {");
  w.line(1, "if (x.shape(0) == 0) throw py2cuda::host::TypeError(\"Reduction on an empty array.\");");
  w.line(1, "return (x.shape(0) == 1 ? x : " + steps + "(x)).copy_to_host()(0);");
  w.line(0, "}");
}

// @guvectorize(target='cpu' / 'parallel'): the core function per loop index on NDArray
// views of the core dimensions (py2cuda/host/ufunc_call.h's gufunc_cpu); operands are
// first cast to the loop's dtypes, as NumPy casts them.
void cpu_gufunc_loop(Writer& w, const ir::Ufunc& u, const ir::UfuncLoop& l) {
  const ir::Function& core = *l.core;
  const size_t nin = l.inputs.size();
  const size_t nparams = nin + l.outputs.size();
  w.out += "\n";
  w.line(0, "// " + u.name + " (" + w.location(u) + ") as a " + (u.parallel ? "parallel" : "CPU") + " gufunc '" + u.layout +
                "', " + l.signature_text + ": NumPy's loop over the loop dimensions" +
                (u.parallel ? " on several threads" : "") + ", calling " + core.cpp_name + " on views.");
  entry_head(w, u, l, false);
  std::string lparams, largs, cores, ops;
  for (size_t i = 0; i < nparams; ++i) {
    const std::string name = param_name(core, i);
    TypeRef t = i < nin ? l.inputs[i] : l.outputs[i - nin];
    lparams += std::string(i ? ", " : "") + "const auto& " + name;
    largs += std::string(i ? ", " : "") + (t->is_array() ? name : "py2cuda::host::gufunc_scalar(" + name + ")");
  }
  for (size_t i = 0; i < nin; ++i) {
    TypeRef t = l.inputs[i]->is_array() ? l.inputs[i]->dtype() : l.inputs[i];
    w.line(1, "const auto& " + param_name(core, i) + "_ = py2cuda::host::gufunc_cast<" + cpp_type(t) + ">(" +
                  param_name(core, i) + ");");
    cores += ", " + std::to_string(u.in_dims[i].size());
    ops += std::string(i ? ", " : "") + param_name(core, i) + "_";
  }
  w.line(1, "auto core = [](" + lparams + ") { " + core.cpp_name + "(" + largs + "); };");
  size_t n_in_ids = 0;
  auto [in_ids, out_ids] = layout_ids(u, &n_in_ids);
  w.line(1, "// layout " + u.layout + ": dimension ids in order of appearance");
  w.line(1, "return py2cuda::host::gufunc_cpu<" + gufunc_outputs(u, l) + cores + ">(" + quoted(u.name) + ", " +
                (u.parallel ? "true" : "false") + ", core, std::array<int, " + std::to_string(n_in_ids) + ">{" + in_ids +
                "}, std::array<int, " + std::to_string(total_out_core(u)) + ">{" + out_ids + "}, std::forward_as_tuple(" +
                ops + "), out...);");
  w.line(0, "}");
}

void cpu_loop(Writer& w, const ir::Ufunc& u, const ir::UfuncLoop& l) {
  const ir::Function& core = *l.core;
  TypeRef r = l.outputs[0];
  w.out += "\n";
  w.line(0, "// " + u.name + " (" + w.location(u) + ") as a " + (u.parallel ? "parallel" : "CPU") + " ufunc, " +
                l.signature_text + ": NumPy's loop over the broadcast operands" + (u.parallel ? " on several threads" : "") +
                ", calling " + core.cpp_name + ".");
  entry_head(w, u, l, false);
  std::string lparams, largs;
  for (size_t i = 0; i < l.inputs.size(); ++i) {
    lparams += std::string(i ? ", " : "") + cpp_type(l.inputs[i]) + " " + param_name(core, i);
    largs += std::string(i ? ", " : "") + param_name(core, i);
  }
  std::string targs = largs;
  // A result whose type differs by path (`if t < 0: t = 0`) converts through its held number.
  const std::string result = core.return_type->is_dynamic()
                                 ? "py2cuda::host::from_dynamic<" + cpp_type(r) + ">(" + core.cpp_name + "(" + largs + "))"
                                 : cpp_type(r) + "(" + core.cpp_name + "(" + largs + "))";
  w.line(1, "auto scalar = [](" + lparams + ") { return " + result + "; };");
  w.line(1, "return py2cuda::host::" + std::string(u.parallel ? "vectorize_parallel<" : "vectorize_cpu<") + cpp_type(r) +
                ">(" + quoted(u.name) + ", scalar, std::forward_as_tuple(" +
                targs + "), out...);");
  w.line(0, "}");
}

}  // namespace

bool has_ufuncs(const ir::Module& m) { return !m.ufuncs.empty(); }

bool has_cuda_ufuncs(const ir::Module& m) {
  for (const auto& u : m.ufuncs) {
    if (u.cuda && !u.loops.empty()) return true;
  }
  return false;
}

bool has_cpu_ufuncs(const ir::Module& m) {
  for (const auto& u : m.ufuncs) {
    if (!u.cuda && !u.loops.empty()) return true;
  }
  return false;
}

// Per CUDA ufunc loop: `harness.ufunc(name, signature, inputs, in cores, out cores,
// runner)`; the runner passes the operands to the host entry point as host arrays
// (py2cuda/harness/ufunc_operands.h), which overload resolution sends to this loop.
std::string ufunc_harness_registrations(const ir::Module& m, const std::string& indent) {
  std::string out;
  for (const auto& u : m.ufuncs) {
    if (!u.cuda) continue;
    for (const auto& l : u.loops) {
      const ir::Function& core = *l.core;
      const size_t nin = l.inputs.size();
      std::string names, in_cores, out_cores;
      for (size_t i = 0; i < nin; ++i) {
        names += std::string(i ? ", " : "") + quoted(core.params[i]->name);
        in_cores += std::string(i ? ", " : "") + std::to_string(u.gufunc ? u.in_dims[i].size() : 0);
      }
      for (size_t k = 0; k < l.outputs.size(); ++k) {
        out_cores += std::string(k ? ", " : "") + std::to_string(u.gufunc ? u.out_dims[k].size() : 0);
      }
      out += indent + "harness.ufunc(" + quoted(u.name) + ", " + quoted(l.signature_text) + ", {" + names + "}, {" +
             in_cores + "}, {" + out_cores + "}, [](py2cuda::harness::UfuncInvocation& call) {\n";
      std::string args;
      for (size_t i = 0; i < nin; ++i) {
        TypeRef t = l.inputs[i]->is_array() ? l.inputs[i]->dtype() : l.inputs[i];
        const int c = u.gufunc ? static_cast<int>(u.in_dims[i].size()) : 0;
        out += indent + "  const auto " + param_name(core, i) + " = py2cuda::harness::ufunc_operand<" + cpp_type(t) +
               ", " + std::to_string(c) + ">(call, " + std::to_string(i) + ");\n";
        args += std::string(i ? ", " : "") + param_name(core, i);
      }
      const std::string entry = m.name + "::" + l.cpp_name + "(" + args + ")";
      if (l.outputs.size() == 1) {
        out += indent + "  py2cuda::harness::ufunc_result(call, 0, " + entry + ");\n";
      } else {
        out += indent + "  const auto results = " + entry + ";\n";
        for (size_t k = 0; k < l.outputs.size(); ++k) {
          out += indent + "  py2cuda::harness::ufunc_result(call, " + std::to_string(k) + ", py2cuda::get<" +
                 std::to_string(k) + ">(results));\n";
        }
      }
      out += indent + "});\n";
    }
  }
  return out;
}

std::string ufunc_section(const ir::Module& m, const SourceFile& file, bool cuda, bool entries) {
  Writer w{file, {}};
  bool any = false;
  for (const auto& u : m.ufuncs) {
    if (u.cuda != cuda || u.loops.empty() || (!cuda && !entries)) continue;
    if (!any) {
      w.out += cuda ? "\n// ---------------------------------------------------------------- CUDA ufuncs\n"
                    : "\n// ---------------------------------------------------------------- CPU ufuncs\n";
      any = true;
    }
    w.out += "\n";
    w.echo(u.def_span.line);
    for (size_t k = 0; k < u.loops.size(); ++k) {
      if (cuda) {
        cuda_loop(w, u, u.loops[k], k);
        if (entries) cuda_entry(w, u, u.loops[k]);
        if (entries && u.reduced_loops.count(k)) cuda_reduce(w, u, u.loops[k]);
      } else if (!u.gufunc) cpu_loop(w, u, u.loops[k]);
      else cpu_gufunc_loop(w, u, u.loops[k]);
    }
  }
  return w.out;
}

std::string ufunc_header_section(const ir::Module& m, const SourceFile& file, bool cpu) {
  Writer w{file, {}};
  for (const auto& u : m.ufuncs) {
    if (!u.cuda && cpu && !u.loops.empty()) {
      w.out += "\n";
      w.line(0, "// " + u.name + " (" + w.location(u) + "): a " + (u.parallel ? "parallel" : "CPU") + " " +
                    (u.gufunc ? "gufunc '" + u.layout + "'" : "ufunc") + ", one function per signature (" + u.cpp_name +
                    ", " + u.cpp_name + "_2, ...) taking");
      w.line(0, "// host::NDArray and numbers, cast to the signature's types as NumPy casts them, broadcast and");
      w.line(0, "// returning the result (or filling py2cuda::host::ufunc_out(out)).");
      for (const auto& l : u.loops) {
        if (u.gufunc) cpu_gufunc_loop(w, u, l);
        else cpu_loop(w, u, l);
      }
      continue;
    }
    if (!u.cuda || u.loops.empty()) continue;
    w.out += "\n";
    const bool several = u.out_dims.size() > 1;
    w.line(0, "// " + u.name + " (" + w.location(u) + "): a CUDA " + (u.gufunc ? "gufunc '" + u.layout + "'" : "ufunc") +
                  ". " + u.name + "(x, ...[, py2cuda::host::ufunc_out(out)" + (several ? "..." : "") +
                  "]) takes host::NDArray, host::DeviceNDArray");
    w.line(0, "// and numbers, broadcasts them as NumPy does and returns the result (a DeviceNDArray when an operand");
    w.line(0, std::string("// is one, else an NDArray") + (several ? "; a py2cuda::tuple of them, one per output" : "") +
                  ") or fills and returns out; " + loop_name(u) + " runs a loop on broadcast device views.");
    for (const auto& l : u.loops) w.line(0, loop_head(u, l) + ";");
    for (const auto& l : u.loops) cuda_entry(w, u, l);
  }
  return w.out;
}

}  // namespace py2cuda::lower
