// py2cuda's command line: options, file I/O and exit codes.
//
//   0  success            1  the input has errors
//   2  bad command line   3  internal error (a bug in py2cuda)
#include <CLI/CLI.hpp>

#include <cstdio>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include <unistd.h>

#include "builtins/host_table.h"
#include "builtins/table.h"
#include "driver/build_cache.h"
#include "driver/output_file.h"
#include "driver/toolchain.h"
#include "driver/translate.h"

namespace {

constexpr int kOk = 0;
constexpr int kInputErrors = 1;
constexpr int kUsage = 2;
constexpr int kInternal = 3;

bool parse_signatures(const std::vector<std::string>& sigs, py2cuda::TranslateOptions& options) {
  for (const std::string& s : sigs) {
    size_t eq = s.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == s.size()) {
      std::cerr << "py2cuda: error: --sig expects NAME=SIGNATURE, got '" << s << "'\n";
      return false;
    }
    options.signatures.push_back({s.substr(0, eq), s.substr(eq + 1)});
  }
  return true;
}

bool read_file(const std::string& path, std::string& text) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::stringstream buffer;
  buffer << in.rdbuf();
  text = buffer.str();
  return true;
}

// --exe and --run: translate with a harness and #line directives (so the
// emulator's messages name Python lines), then build with nvcc or the host
// compiler; --run keeps builds in a cache keyed by everything that shapes them.
int build_and_maybe_run(const std::string& argv0, const std::string& input, const std::string& output,
                        const std::vector<std::string>& sigs, bool exe, bool run_it, bool emulate, bool harness,
                        int racecheck, const std::vector<std::string>& program_args) {
  namespace fs = std::filesystem;
  if (input.empty() || (exe && output.empty()) || (exe && run_it)) {
    std::cerr << "py2cuda: error: use FILE.py --exe -o BIN, or FILE.py --run [-- ARGS...]\n";
    return kUsage;
  }
  if (racecheck && !emulate) {
    std::cerr << "py2cuda: error: --racecheck checks the CPU emulation's runs: add --emulate\n";
    return kUsage;
  }
  if (run_it && !emulate && !py2cuda::toolchain::gpu_available()) {
    std::cerr << "py2cuda: note: no GPU found; running in CPU emulation\n";
    emulate = true;
  }
  std::string text;
  if (!read_file(input, text)) {
    std::cerr << "py2cuda: error: cannot read '" << input << "'\n";
    return kInputErrors;
  }
  py2cuda::SourceFile file(input, text);
  py2cuda::TranslateOptions options;
  if (!parse_signatures(sigs, options)) return kUsage;
  // The program's own main() when the file has host code, else the kernel harness.
  options.harness = true;
  options.host_main = !harness;
  options.line_directives = true;
  options.output_name = file.module_name() + ".cu";
  py2cuda::TranslateResult result = py2cuda::translate(file, options);
  std::cerr << result.diagnostics;
  if (!result.ok) return kInputErrors;
  if (run_it && !harness && !result.has_host_main) {
    std::cerr << "py2cuda: note: " << input << " has no host code py2cuda can run"
              << (result.host_main_unavailable.empty() ? "" : " (" + result.host_main_unavailable + ")")
              << "; running the kernel harness instead (see --harness)\n";
  }

  namespace cache = py2cuda::build_cache;
  py2cuda::toolchain::BuildRequest request;
  request.emulate = emulate;
  request.racecheck = racecheck > 0;
  request.racecheck_all = racecheck > 1;
  request.argv0 = argv0;
  request.link_paths = result.link_paths;
  std::error_code ec;
  fs::path dir;
  if (run_it) {
    // Everything that shapes the executable is in the key: the translation, the
    // compiler, its flags, the runtime headers and the linked files.
    std::vector<std::string> key_parts = {result.cu, emulate ? "emulate" : "gpu", py2cuda::version(),
                                          py2cuda::toolchain::compiler_identity(request),
                                          cache::tree_text(py2cuda::toolchain::runtime_include(argv0))};
    if (racecheck) key_parts.push_back(racecheck > 1 ? "racecheck-all" : "racecheck");
    for (const std::string& path : result.link_paths) {
      std::string linked;
      read_file(path, linked);
      key_parts.push_back(path + '\n' + linked);
    }
    std::string error;
    const std::string root = cache::directory(error);
    if (root.empty()) {
      std::cerr << "py2cuda: error: " << error << "\n";
      return kInputErrors;
    }
    dir = fs::path(root) / (file.module_name() + "-" + cache::content_key(key_parts));
  } else {
    dir = fs::temp_directory_path() / ("py2cuda-build-" + std::to_string(::getpid()));
  }
  fs::create_directories(dir, ec);
  if (!fs::is_directory(dir)) {
    std::cerr << "py2cuda: error: cannot create '" << dir.string() << "': " << ec.message() << "\n";
    return kInputErrors;
  }
  const std::string final_path = run_it ? (dir / file.module_name()).string() : output;
  if (!run_it || !fs::exists(final_path)) {
    // Written and built under names of this process's own, then renamed into place.
    request.cu_path = cache::unique_temporary((dir / options.output_name).string());
    request.exe_path = cache::unique_temporary(final_path);
    std::string error;
    if (!py2cuda::write_outputs({{request.cu_path, result.cu}}, error)) {
      std::cerr << "py2cuda: error: " << error << "\n";
      return kInputErrors;
    }
    std::string log;
    const bool ok = py2cuda::toolchain::build(request, log);
    fs::remove(request.cu_path, ec);
    if (!ok) {
      std::cerr << "py2cuda: error: building " << (emulate ? "for CPU emulation" : "with nvcc") << " failed:\n" << log;
      fs::remove(request.exe_path, ec);
      if (!run_it) fs::remove_all(dir, ec);
      return kInputErrors;
    }
    fs::rename(request.exe_path, final_path, ec);
    if (!run_it) fs::remove_all(dir, ec);
    if (ec) {
      fs::remove(request.exe_path, ec);
      std::cerr << "py2cuda: error: cannot write '" << final_path << "': " << ec.message() << "\n";
      return kInputErrors;
    }
  }
  if (!run_it) return kOk;
  request.exe_path = final_path;
  return py2cuda::toolchain::run_program(request.exe_path, program_args);
}

int run(int argc, char** argv) {
  CLI::App app{"py2cuda: translate Numba CUDA Python to readable CUDA C++"};
  app.set_version_flag("--version", std::string("py2cuda ") + py2cuda::version());
  std::string input, output, header;
  std::vector<std::string> sigs;
  bool line_directives = false, list_builtins = false, harness = false, exe = false, run_it = false, emulate = false;
  bool kernels_only = false, list_kernels = false, racecheck = false, racecheck_all = false;
  std::vector<std::string> program_args;
  app.add_option("input", input, "the Python file to translate")->check(CLI::ExistingFile);
  app.add_option("-o,--output", output, "the .cu file to write ('-' for standard output)");
  app.add_option("--header", header, "also write a header declaring the launch functions");
  app.add_option("--sig", sigs, "NAME=SIGNATURE: the types of a kernel or device function, e.g. "
                                "--sig add='void(float32[:], float32[:])' (repeatable)");
  app.add_flag("--line-directives", line_directives, "emit #line directives pointing at the Python file "
                                                     "instead of line comments");
  app.add_flag("--list-builtins", list_builtins, "print the supported Python callables and attributes as Markdown");
  app.add_flag("--kernels-only", kernels_only, "leave the host program's main() out: kernels, device functions and "
                                              "launch functions only, for linking into a C++ program");
  app.add_flag("--list-kernels", list_kernels, "print each kernel instance as NAME<TAB>C++ NAME<TAB>SIGNATURE "
                                              "(Numba's notation) instead of writing a .cu");
  app.add_flag("--harness", harness, "add a main() that runs any kernel: BIN KERNEL --grid G --block B "
                                     "[--shared BYTES] [--out-dir DIR] ARG... (ARG: FILE.npy or a scalar)");
  app.add_flag("--exe", exe, "build an executable into -o (implies --harness): nvcc, or the host compiler with --emulate");
  app.add_flag("--emulate", emulate, "with --exe/--run: build for the CPU emulation backend instead of a GPU");
  app.add_flag("--run", run_it, "build into a cache and run; program arguments follow '--' (implies --harness); "
                                "falls back to emulation where there is no GPU");
  app.add_flag("--racecheck", racecheck, "with --emulate: check every shared- and global-memory access for data "
                                        "races; the first race ends the run with a report and exit status 1");
  app.add_flag("--racecheck-all", racecheck_all, "like --racecheck, but report every race (once per pair of "
                                                "source locations) and exit with status 1 at the end");
  app.add_option("program-args", program_args, "arguments for --run, after '--'");
  app.positionals_at_end(false);
  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return kUsage;
  }
  if (list_builtins) {
    std::cout << py2cuda::builtins::markdown()
              << "\n#### Host code (the program around the kernels)\n\n"
              << py2cuda::builtins::host_markdown();
    return kOk;
  }
  if (list_kernels && (exe || run_it || harness || !output.empty() || !header.empty())) {
    std::cerr << "py2cuda: error: --list-kernels writes no file and builds nothing; drop the other outputs\n";
    return kUsage;
  }
  if (kernels_only && (exe || run_it || harness)) {
    std::cerr << "py2cuda: error: --kernels-only makes no program to build or run; drop --exe/--run/--harness\n";
    return kUsage;
  }
  const int race_mode = racecheck_all ? 2 : racecheck ? 1 : 0;
  if (race_mode && !(exe || run_it)) {
    std::cerr << "py2cuda: error: --racecheck needs --exe or --run (with --emulate)\n";
    return kUsage;
  }
  if (exe || run_it) {
    return build_and_maybe_run(argv[0], input, output, sigs, exe, run_it, emulate, harness, race_mode, program_args);
  }
  if (!program_args.empty()) {
    std::cerr << "py2cuda: error: unexpected arguments after the input file (program arguments need --run)\n";
    return kUsage;
  }
  if (input.empty() || (output.empty() && !list_kernels)) {
    std::cerr << "py2cuda: error: an input file and -o OUTPUT are required (see --help)\n";
    return kUsage;
  }

  py2cuda::TranslateOptions options;
  if (!parse_signatures(sigs, options)) return kUsage;
  options.line_directives = line_directives;
  options.harness = harness;
  options.host_main = !harness && !kernels_only;
  options.want_header = !header.empty();
  options.output_name = output == "-" ? "" : std::filesystem::path(output).filename().string();
  if (!header.empty() && output != "-") {
    // The .cu includes the header by the path from the .cu's folder.
    std::filesystem::path rel = std::filesystem::path(header).lexically_relative(
        std::filesystem::path(output).parent_path().empty() ? "." : std::filesystem::path(output).parent_path());
    options.header_include = rel.empty() ? header : rel.generic_string();
  }

  std::string text;
  if (!read_file(input, text)) {
    std::cerr << "py2cuda: error: cannot read '" << input << "'\n";
    return kInputErrors;
  }
  py2cuda::SourceFile file(input, text);

  py2cuda::TranslateResult result = py2cuda::translate(file, options);
  std::cerr << result.diagnostics;
  if (!result.ok) return kInputErrors;
  if (list_kernels) {
    for (const py2cuda::KernelInstance& k : result.kernels) {
      std::cout << k.name << '\t' << k.cpp_name << '\t' << k.signature << '\n';
    }
    return kOk;
  }

  // Both files are written to temporaries first: either both appear, or neither changes.
  std::string error;
  if (!py2cuda::write_outputs({{output, result.cu}, {header, result.header}}, error)) {
    std::cerr << "py2cuda: error: " << error << "\n";
    return kInputErrors;
  }
  return kOk;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "py2cuda: internal error: " << e.what()
              << "\nThis is a bug in py2cuda; please report it with the input file.\n";
  } catch (...) {
    std::cerr << "py2cuda: internal error\nThis is a bug in py2cuda; please report it with the input file.\n";
  }
  return kInternal;
}
