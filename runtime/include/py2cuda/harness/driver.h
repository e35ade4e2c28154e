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

namespace py2cuda::harness {

// Fetches a kernel's arguments from the Invocation and launches it.
using KernelRunner = std::function<void(Invocation&)>;

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
    return names.empty() ? "(none)" : names;
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
    if (!cl.out_dir.empty()) {
      std::error_code ec;
      if (std::filesystem::exists(cl.out_dir, ec) && !std::filesystem::is_directory(cl.out_dir, ec)) {
        throw UsageError("--out-dir " + cl.out_dir + ": exists and is not a folder");
      }
      std::filesystem::create_directories(cl.out_dir, ec);
      if (ec) throw UsageError("--out-dir " + cl.out_dir + ": cannot create the folder: " + ec.message());
    }

    Invocation call(device_, config, k->params, cl.args);
    k->run(call);
    device_.synchronize();  // the kernel's faults surface here
    if (!cl.out_dir.empty()) call.write_arrays(cl.out_dir);
  }

  void print_help(std::ostream& out, const std::string& program) const {
    out << "usage: " << program << " KERNEL --grid G --block B [--shared BYTES] [--out-dir DIR] ARG...\n"
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
    out << "\n"
        << "Exit status: 0 success, 1 the run failed, 2 bad usage or a bad argument.\n";
  }

  std::string source_;
  Device device_;
  std::vector<Kernel> kernels_;
  std::string setup_error_;
};

}  // namespace py2cuda::harness
