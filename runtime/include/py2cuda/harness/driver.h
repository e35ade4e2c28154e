// py2cuda runtime: the harness driver, main() of a program built by
// `py2cuda FILE.py --harness`, without the backend (harness.h adds it).
//
// The program registers each kernel with a runner that fetches the arguments and
// launches (see invocation.h); main() reads the command line (command_line.h),
// picks the kernel, runs it once, synchronizes, and with --out-dir writes every
// array argument back to DIR/<parameter>.npy.
//
// Exit status: 0 success; 2 a usage error (the command line, or an argument or
// its .npy file: missing, malformed, of the wrong dtype or number of dimensions,
// a launch shape CUDA cannot run); 1 a failure of the run itself (the launch, the
// kernel, copying or writing the results). Each error is one line on stderr.
#pragma once

#include <cstddef>
#include <exception>
#include <filesystem>
#include <functional>
#include <iostream>
#include <ostream>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>
#include <vector>

#include "../error.h"
#include "../launch_config.h"
#include "command_line.h"
#include "invocation.h"
#include "ufunc_invocation.h"

namespace py2cuda::harness {

// Fetches a kernel's arguments from the Invocation and launches it.
using KernelRunner = std::function<void(Invocation&)>;
// Fetches a ufunc loop's operands from the UfuncInvocation and calls its entry point.
using UfuncRunner = std::function<void(UfuncInvocation&)>;

namespace detail {

// The parameter types of a Numba signature, as written:
// "void(float32[:], UniTuple(int64, 2))" -> {"float32[:]", "UniTuple(int64, 2)"}.
// Empty if the text has no parameter list.
inline std::vector<std::string> signature_parameters(std::string_view signature) {
  std::vector<std::string> types;
  const std::size_t open = signature.find('(');
  const std::size_t close = signature.rfind(')');
  if (open == std::string_view::npos || close == std::string_view::npos || close < open) return types;
  const std::string_view list = signature.substr(open + 1, close - open - 1);
  auto add = [&types](std::string_view item) {
    const std::size_t first = item.find_first_not_of(' ');
    if (first != std::string_view::npos) types.emplace_back(item.substr(first, item.find_last_not_of(' ') - first + 1));
  };
  int depth = 0;
  std::size_t start = 0;
  for (std::size_t i = 0; i < list.size(); ++i) {
    const char c = list[i];
    if (c == '(' || c == '[') ++depth;
    if (c == ')' || c == ']') --depth;
    if (c == ',' && depth == 0) {
      add(list.substr(start, i - start));
      start = i + 1;
    }
  }
  add(list.substr(start));
  return types;
}

}  // namespace detail

class Driver {
 public:
  // `source` is the Python file the kernels come from ("hypot_kernel.py"), for
  // --help and for messages.
  Driver(std::string source, Device device) : source_(std::move(source)), device_(device) {}

  // Registers a kernel: its Python name, its Numba signature (as --list shows it),
  // its parameter names (the .npy names of --out-dir) and its runner.
  Driver& kernel(std::string name, std::string signature, std::vector<std::string> params, KernelRunner run) {
    if (find(name)) {
      // Reported by main(): a constructor of the generated main() cannot fail politely.
      setup_error_ = "py2cuda harness: kernel '" + name + "' is registered twice";
    }
    Kernel k{std::move(name), std::move(signature), std::move(params), {}, std::move(run)};
    k.types = detail::signature_parameters(k.signature);
    if (k.types.size() != k.params.size()) k.types.clear();  // then messages show names only
    kernels_.push_back(std::move(k));
    return *this;
  }

  // Registers one loop of a ufunc (one per signature, in the decorator's order): its
  // Python name, the signature as --list shows it, its inputs' names, each input's and
  // output's number of core dimensions (all 0 for @vectorize) and its runner.
  Driver& ufunc(std::string name, std::string signature, std::vector<std::string> params, std::vector<int> in_cores,
                std::vector<int> out_cores, UfuncRunner run) {
    if (find(name)) setup_error_ = "py2cuda harness: '" + name + "' is both a kernel and a ufunc";
    UfuncLoop u{std::move(name), std::move(signature), std::move(params), {}, std::move(in_cores), std::move(out_cores),
                std::move(run)};
    // The inputs' dtypes: "float32[:, :]" -> "float32".
    for (const std::string& t : detail::signature_parameters(u.signature)) u.dtypes.push_back(t.substr(0, t.find('[')));
    u.dtypes.resize(u.params.size());
    ufuncs_.push_back(std::move(u));
    return *this;
  }

  // The program's main(): never throws; returns the exit status.
  int main(int argc, char** argv) {
    const std::string program =
        argc > 0 && argv[0] ? std::filesystem::path(argv[0]).filename().string() : std::string("harness");
    std::vector<std::string> words;
    for (int i = 1; i < argc; ++i) words.emplace_back(argv[i]);
    return run(words, std::cout, std::cerr, program);
  }

  // main() with the words after the program's name, and the streams for --list
  // and --help (`out`) and for errors (`err`).
  int run(const std::vector<std::string>& words, std::ostream& out, std::ostream& err,
          const std::string& program = "harness") {
    try {
      if (!setup_error_.empty()) throw Error(setup_error_);
      const CommandLine cl = parse_command_line(words);
      if (cl.help) {
        print_help(out, program);
        return 0;
      }
      if (cl.list) {
        for (const Kernel& k : kernels_) out << k.name << ' ' << k.signature << '\n';
        for (const UfuncLoop& u : ufuncs_) out << u.name << ' ' << u.signature << '\n';
        return 0;
      }
      if (cl.kernel && !find(*cl.kernel) && find_ufunc(*cl.kernel)) {
        run_ufunc(cl);
        return 0;
      }
      launch(cl);
      return 0;
    } catch (const UsageError& e) {
      err << program << ": error: " << e.what() << '\n';
      return 2;
    } catch (const std::exception& e) {
      err << program << ": error: " << e.what() << '\n';
      return 1;
    } catch (...) {
      err << program << ": error: an exception that is not a std::exception\n";
      return 1;
    }
  }

 private:
  struct Kernel {
    std::string name;
    std::string signature;
    std::vector<std::string> params;
    std::vector<std::string> types;  // per parameter, from the signature; empty if unknown
    KernelRunner run;
  };

  struct UfuncLoop {
    std::string name;
    std::string signature;
    std::vector<std::string> params;  // the inputs
    std::vector<std::string> dtypes;  // per input, from the signature
    std::vector<int> in_cores;
    std::vector<int> out_cores;
    UfuncRunner run;
  };

  const UfuncLoop* find_ufunc(const std::string& name) const {
    for (const UfuncLoop& u : ufuncs_) {
      if (u.name == name) return &u;
    }
    return nullptr;
  }

  // `BIN UFUNC [--out-dir DIR] ARG...`: the first loop whose input dtypes the .npy
  // operands have exactly (numba-cuda's casting='no'); literals take the loop's types.
  void run_ufunc(const CommandLine& cl) const {
    const UfuncLoop& first = *find_ufunc(*cl.kernel);
    if (cl.grid || cl.block || cl.shared_bytes) {
      throw UsageError("'" + first.name + "' is a ufunc: its launch shape is its own; drop --grid, --block and --shared");
    }
    if (cl.args.size() != first.params.size()) {
      std::string names;
      for (const std::string& p : first.params) names += (names.empty() ? "" : ", ") + p;
      throw UsageError("ufunc '" + first.name + "' takes " + std::to_string(first.params.size()) + " operand" +
                       (first.params.size() == 1 ? "" : "s") + " (" + names + "), but " + std::to_string(cl.args.size()) +
                       (cl.args.size() == 1 ? " was" : " were") + " given");
    }
    prepare_out_dir(cl.out_dir);
    // The operands' dtypes are known once their files are read: with the first loop's
    // core ranks, which every loop of a ufunc shares.
    UfuncInvocation call(first.name, first.params, cl.args, first.in_cores, first.out_cores);
    // numba-cuda's UFuncMechanism._resolve_signature: with literals, first the loops
    // whose types every operand has exactly (an integer literal int64, a float
    // float64, True/False bool); else the loops the arrays match exactly, which must
    // then be one (else 'ambiguous signature, too many untyped scalars').
    std::vector<std::string> types;  // per operand: its dtype, or the literal's own type
    std::string given, loops;
    bool literals = false;
    for (std::size_t i = 0; i < cl.args.size(); ++i) {
      const std::string_view dtype = call.dtype_name(static_cast<int>(i));
      literals = literals || dtype.empty();
      types.push_back(dtype.empty() ? literal_type(cl.args[i]) : std::string(dtype));
      given += (i ? ", " : "") + types.back() + (dtype.empty() ? " literal" : " array");
    }
    std::vector<const UfuncLoop*> exact, arrays;
    for (const UfuncLoop& u : ufuncs_) {
      if (u.name != first.name) continue;
      loops += (loops.empty() ? "" : ", ") + u.signature;
      bool all = true, array_dtypes = true;
      for (std::size_t i = 0; i < cl.args.size(); ++i) {
        const bool same = types[i] == u.dtypes[i];
        all = all && same;
        array_dtypes = array_dtypes && (same || call.dtype_name(static_cast<int>(i)).empty());
      }
      if (all && literals) exact.push_back(&u);
      if (array_dtypes) arrays.push_back(&u);
    }
    const std::vector<const UfuncLoop*>& matches = exact.empty() ? arrays : exact;
    if (matches.empty()) {
      throw UsageError("no signature of ufunc '" + first.name + "' accepts (" + given + "); its signatures: " + loops +
                       " (numba-cuda needs arrays of exactly a signature's dtypes)");
    }
    if (matches.size() > 1) {
      throw UsageError("the operands (" + given + ") of ufunc '" + first.name + "' match several signatures through "
                       "their literals (numba-cuda: 'ambiguous signature, too many untyped scalars'); signatures: " + loops);
    }
    const UfuncLoop* chosen = matches.front();
    chosen->run(call);
    device_.synchronize();
    if (!cl.out_dir.empty()) call.write_results(cl.out_dir);
  }

  // The type numba-cuda gives a Python scalar written as `text`.
  static std::string literal_type(const std::string& text) {
    if (text == "True" || text == "False") return "bool";
    if (text.find_first_of(".eEnN") != std::string::npos && text.rfind("0x", 0) != 0 && text.rfind("-0x", 0) != 0) {
      return "float64";
    }
    return "int64";
  }

  static void prepare_out_dir(const std::string& dir) {
    if (dir.empty()) return;
    std::error_code ec;
    if (std::filesystem::exists(dir, ec) && !std::filesystem::is_directory(dir, ec)) {
      throw UsageError("--out-dir " + dir + ": exists and is not a folder");
    }
    std::filesystem::create_directories(dir, ec);
    if (ec) throw UsageError("--out-dir " + dir + ": cannot create the folder: " + ec.message());
  }

  const Kernel* find(const std::string& name) const {
    for (const Kernel& k : kernels_) {
      if (k.name == name) return &k;
    }
    return nullptr;
  }

  // "xs: float32[:], n: int64", or "xs, n" when the types are unknown.
  static std::string parameter_text(const Kernel& k) {
    std::string text;
    for (std::size_t i = 0; i < k.params.size(); ++i) {
      text += (i ? ", " : "") + k.params[i] + (k.types.empty() ? "" : ": " + k.types[i]);
    }
    return text;
  }

  std::string kernel_names() const {
    std::string names;
    for (const Kernel& k : kernels_) names += (names.empty() ? "" : ", ") + k.name;
    std::string ufuncs;
    for (const UfuncLoop& u : ufuncs_) {
      if (find_ufunc(u.name) == &u) ufuncs += (ufuncs.empty() ? "" : ", ") + u.name;
    }
    return (names.empty() ? "(none)" : names) + (ufuncs.empty() ? "" : "; ufuncs: " + ufuncs);
  }

  // Everything about the command line is checked before any file is read or any
  // device memory is touched.
  void launch(const CommandLine& cl) const {
    if (!cl.kernel) throw UsageError("no kernel given; kernels: " + kernel_names() + " (see --help)");
    const Kernel* k = find(*cl.kernel);
    if (!k) throw UsageError("no kernel '" + *cl.kernel + "' in " + source_ + "; kernels: " + kernel_names());
    if (!cl.grid || !cl.block) {
      throw UsageError(std::string(cl.grid ? "--block" : "--grid") + " is required: " + k->name +
                       " --grid G --block B [--shared BYTES] [--out-dir DIR] ARG...");
    }
    const LaunchConfig config{*cl.grid, *cl.block, cl.shared_bytes, {}};
    try {
      validate_launch(config, KernelInfo{k->name.c_str(), source_.c_str(), false, false});
    } catch (const Error& e) {
      throw UsageError(e.what());
    }
    if (cl.args.size() != k->params.size()) {
      throw UsageError("kernel '" + k->name + "' takes " + std::to_string(k->params.size()) + " argument" +
                       (k->params.size() == 1 ? "" : "s") + " (" + parameter_text(*k) + "), but " +
                       std::to_string(cl.args.size()) + (cl.args.size() == 1 ? " was" : " were") + " given");
    }
    prepare_out_dir(cl.out_dir);

    Invocation call(device_, config, k->params, cl.args);
    k->run(call);
    device_.synchronize();  // the kernel's faults surface here
    if (!cl.out_dir.empty()) call.write_arrays(cl.out_dir);
  }

  void print_help(std::ostream& out, const std::string& program) const {
    out << "usage: " << program << " KERNEL --grid G --block B [--shared BYTES] [--out-dir DIR] ARG...\n"
        << "       " << program << " UFUNC [--out-dir DIR] ARG...\n"
        << "       " << program << " --list\n"
        << "       " << program << " --help\n"
        << "\n"
        << "Runs one kernel of " << source_ << ", translated by py2cuda, once.\n"
        << "\n"
        << "  KERNEL          the kernel to run (listed below)\n"
        << "  --grid G        blocks per grid: N, X,Y or X,Y,Z\n"
        << "  --block B       threads per block: N, X,Y or X,Y,Z\n"
        << "  --shared BYTES  dynamic shared memory per block (default 0)\n"
        << "  --out-dir DIR   after the run, write each array argument to DIR/<parameter>.npy\n"
        << "  ARG             one per parameter, in order: an array is a .npy file of exactly\n"
        << "                  its dtype and number of dimensions; a scalar is a literal\n"
        << "                  (42, -0x10, 2.5, inf, True) or a .npy file of a 0-d array\n"
        << "  --list          print each kernel and its signature, one per line\n"
        << "\n"
        << "Kernels:\n";
    for (const Kernel& k : kernels_) out << "  " << k.name << '(' << parameter_text(k) << ")\n";
    if (!ufuncs_.empty()) {
      out << "\n"
          << "Ufuncs (no --grid/--block: each ARG an operand, a .npy array of any shape that\n"
          << "broadcasts, or a literal; the first signature whose dtypes the arrays have runs;\n"
          << "--out-dir writes DIR/out.npy, or out0.npy, out1.npy, ... for several outputs):\n";
      for (const UfuncLoop& u : ufuncs_) out << "  " << u.name << ' ' << u.signature << '\n';
    }
    out << "\n"
        << "Exit status: 0 success, 1 the run failed, 2 bad usage or a bad argument.\n";
  }

  std::string source_;
  Device device_;
  std::vector<Kernel> kernels_;
  std::vector<UfuncLoop> ufuncs_;
  std::string setup_error_;
};

}  // namespace py2cuda::harness
