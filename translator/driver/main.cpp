// py2cuda's command line: options, file I/O and exit codes.
//
//   0  success            1  the input has errors
//   2  bad command line   3  internal error (a bug in py2cuda)
#include <CLI/CLI.hpp>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include <unistd.h>

#include "builtins/host_table.h"
#include "builtins/table.h"
#include "driver/annotated_page.h"
#include "driver/build_cache.h"
#include "driver/depfile.h"
#include "driver/output_file.h"
#include "driver/precompiled_header.h"
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

// Reads the Python file, or says why not on stderr in the house style (a missing file is bad input,
// exit 1, as for CPython's "can't open file", not a usage error).
bool read_input(const std::string& path, std::string& text) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    std::cerr << "py2cuda: error: cannot read '" << path << "': it is a directory\n";
    return false;
  }
  if (!read_file(path, text)) {
    std::cerr << "py2cuda: error: cannot read '" << path << "': " << std::strerror(errno) << "\n";
    return false;
  }
  return true;
}

// A race report quotes the Python lines of both accesses; the translation's #line directives
// name the file without its folder, so a racecheck build is told the folder (it is in the
// build cache's key through the .cu).
std::string python_source_dir_definition(const std::string& input) {
  std::error_code ec;
  std::filesystem::path dir = std::filesystem::absolute(input, ec).parent_path();
  std::string literal = "\"";
  for (char c : dir.string()) {
    if (static_cast<unsigned char>(c) < 0x20) {
      char octal[5];
      std::snprintf(octal, sizeof octal, "\\%03o", static_cast<unsigned char>(c));
      literal += octal;
      continue;
    }
    if (c == '"' || c == '\\') literal += '\\';
    literal += c;
  }
  literal += '"';
  return "\n// The Python file's folder: race reports quote its lines wherever the program runs.\n"
         "static const bool py2cuda_python_source_dir_set = py2cuda::emu::race::set_python_source_dir(" +
         literal + ");\n";
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
  // The race detector lives in the emulation: asking for it asks for an emulated build, GPU or not.
  if (racecheck) emulate = true;
  std::string text;
  if (!read_input(input, text)) return kInputErrors;
  if (run_it && !emulate && !py2cuda::toolchain::gpu_available()) {
    std::cerr << "py2cuda: note: no GPU found; running in CPU emulation\n";
    emulate = true;
  }
  if (py2cuda::toolchain::runtime_include(argv0).empty()) {
    std::cerr << "py2cuda: error: cannot find the runtime headers (py2cuda/runtime.h in the folder include/ "
                 "beside py2cuda's bin/); set PY2CUDA_RUNTIME_INCLUDE to their folder\n";
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
    const std::string why = result.host_main_unavailable.empty() ? "" : " (" + result.host_main_unavailable + ")";
    if (program_args.empty()) {
      // Nothing names a kernel to launch: the harness could only print its usage.
      std::cerr << "py2cuda: error: " << input << " has no host code py2cuda can run" << why
                << "; to run one kernel in the kernel harness, name it and its arguments after -- (see --harness)\n";
      return kInputErrors;
    }
    std::cerr << "py2cuda: note: " << input << " has no host code py2cuda can run" << why
              << "; running the kernel harness instead (see --harness)\n";
  }

  if (racecheck) result.cu += python_source_dir_definition(input);
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
    // The source's temporary keeps a .cu suffix: nvcc picks the language from it.
    request.cu_path = cache::unique_temporary((dir / fs::path(options.output_name).stem()).string()) + ".cu";
    request.exe_path = cache::unique_temporary(final_path);
    std::string error;
    if (!py2cuda::write_outputs({{request.cu_path, result.cu}}, error)) {
      std::cerr << "py2cuda: error: " << error << "\n";
      return kInputErrors;
    }
    // The runtime's headers, parsed once per cache rather than once per program.
    if (emulate) request.precompiled_header = py2cuda::precompiled_header::prepare(request, result.cu);
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
  CLI::App app{"py2cuda: translate Numba CUDA Python to readable CUDA C++", "py2cuda"};
  app.set_version_flag("--version", std::string("py2cuda ") + py2cuda::version());
  std::string input, output, header, annotate, dump;
  std::vector<std::string> sigs;
  bool line_directives = false, list_builtins = false, harness = false, exe = false, run_it = false, emulate = false;
  bool kernels_only = false, list_kernels = false, racecheck = false, racecheck_all = false;
  std::vector<std::string> program_args;
  app.add_option("input", input, "the Python file to translate");
  app.add_option("-o,--output", output, "the .cu file to write ('-' for standard output); optional with --annotate "
                                        "or --dump");
  app.add_option("--header", header, "also write a header declaring the launch functions");
  app.add_option("--annotate", annotate, "also write OUT.html: the Python beside the generated CUDA, lines linked both "
                                         "ways, marks where the translation adds work (Python's // and %, negative-index "
                                         "wraparound, float64 promotion, bounds checks under emulation, debug=True "
                                         "checks), the reason on hover; see docs/review.md")
      ->option_text("OUT.html");
  app.add_option("--dump", dump, "print a stage to standard output for review or a bug report: 'ast' the parsed "
                                 "syntax tree (even when later stages find errors), 'ir' the typed IR (every "
                                 "expression with its Numba type); see docs/review.md")
      ->check(CLI::IsMember({"ast", "ir"}))
      ->option_text("ast|ir");
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
  app.add_flag("--racecheck", racecheck, "with --exe/--run (implies --emulate): check every shared- and global-memory "
                                        "access for data races; the first race ends the run with a report and exit "
                                        "status 1");
  app.add_flag("--racecheck-all", racecheck_all, "like --racecheck, but report every race (once per pair of "
                                                "source locations) and exit with status 1 at the end");
  app.add_option("program-args", program_args, "arguments for --run, after '--'");
  app.positionals_at_end(false);
  app.footer("Dependencies, as compilers write them:\n"
             "  -MD [-MF FILE.d]            also write a Make-style depfile (default: OUT with the\n"
             "                              extension .d) naming OUT.cu's inputs, for Make and Ninja");
  // -MD/-MF are compilers' spellings, which CLI11 cannot declare; they are taken out first.
  std::vector<std::string> args(argv + 1, argv + argc);
  py2cuda::depfile::Request depfile;
  std::string depfile_error;
  if (!py2cuda::depfile::extract_options(args, depfile, depfile_error)) {
    std::cerr << "py2cuda: error: " << depfile_error << "\n";
    return kUsage;
  }
  std::reverse(args.begin(), args.end());  // CLI11 takes the arguments last first
  try {
    app.parse(args);
  } catch (const CLI::Success& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    // CLI11's own wording, in the house style of every other usage error.
    std::cerr << "py2cuda: error: " << e.what() << " (see py2cuda --help)\n";
    return kUsage;
  }
  if (list_builtins) {
    std::cout << py2cuda::builtins::markdown()
              << "\n### Host code (the program around the kernels)\n\n"
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
    std::cerr << "py2cuda: error: --racecheck needs --exe or --run\n";
    return kUsage;
  }
  if ((exe || run_it) && (!annotate.empty() || !dump.empty())) {
    std::cerr << "py2cuda: error: --annotate and --dump review a translation: use them without --exe/--run\n";
    return kUsage;
  }
  if (!depfile.path.empty() && !depfile.wanted) {
    std::cerr << "py2cuda: error: -MF names the depfile that -MD writes: add -MD\n";
    return kUsage;
  }
  if (depfile.wanted && (exe || run_it)) {
    std::cerr << "py2cuda: error: -MD writes the dependencies of a translation (FILE.py -o OUT.cu); "
                 "it does not go with --exe or --run\n";
    return kUsage;
  }
  if (depfile.wanted && (output.empty() || output == "-")) {
    std::cerr << "py2cuda: error: -MD needs an output file (-o OUT.cu) to name as the depfile's target\n";
    return kUsage;
  }
  if (exe || run_it) {
    return build_and_maybe_run(argv[0], input, output, sigs, exe, run_it, emulate, harness, race_mode, program_args);
  }
  if (!program_args.empty()) {
    std::cerr << "py2cuda: error: unexpected arguments after the input file (program arguments need --run)\n";
    return kUsage;
  }
  if (input.empty() || (output.empty() && annotate.empty() && dump.empty() && !list_kernels)) {
    std::cerr << "py2cuda: error: an input file and -o OUTPUT (or --annotate OUT.html, or --dump) are required "
                 "(see --help)\n";
    return kUsage;
  }
  if (!header.empty() && output.empty()) {
    std::cerr << "py2cuda: error: --header needs -o OUTPUT (the .cu that includes it)\n";
    return kUsage;
  }
  const int to_stdout = (output == "-") + (annotate == "-") + !dump.empty();
  if (to_stdout > 1) {
    std::cerr << "py2cuda: error: only one of -o -, --annotate - and --dump can write to standard output\n";
    return kUsage;
  }

  py2cuda::TranslateOptions options;
  if (!parse_signatures(sigs, options)) return kUsage;
  options.line_directives = line_directives;
  options.harness = harness;
  options.host_main = !harness && !kernels_only;
  options.want_header = !header.empty();
  options.want_source_map = !annotate.empty();
  options.dump = dump == "ast"  ? py2cuda::TranslateOptions::Dump::Ast
                 : dump == "ir" ? py2cuda::TranslateOptions::Dump::Ir
                                : py2cuda::TranslateOptions::Dump::None;
  options.output_name = output == "-" ? "" : std::filesystem::path(output).filename().string();
  if (!header.empty() && output != "-") {
    // The .cu includes the header by the path from the .cu's folder.
    std::filesystem::path rel = std::filesystem::path(header).lexically_relative(
        std::filesystem::path(output).parent_path().empty() ? "." : std::filesystem::path(output).parent_path());
    options.header_include = rel.empty() ? header : rel.generic_string();
  }

  std::string text;
  if (!read_input(input, text)) return kInputErrors;
  py2cuda::SourceFile file(input, text);

  py2cuda::TranslateResult result = py2cuda::translate(file, options);
  std::cerr << result.diagnostics;
  std::cout << result.dump << std::flush;
  if (!result.ok) return kInputErrors;
  if (list_kernels) {
    for (const py2cuda::KernelInstance& k : result.kernels) {
      std::cout << k.name << '\t' << k.cpp_name << '\t' << k.signature << '\n';
    }
    return kOk;
  }

  std::string page;
  if (!annotate.empty()) {
    const std::string cu_name = options.output_name.empty() ? file.module_name() + ".cu" : options.output_name;
    page = py2cuda::annotated_page(file, result.cu, cu_name, result.source_map, py2cuda::version());
  }
  // The input and every file the translation looked at: cuda.declare_device's link files
  // (their presence is checked, and they are named in the output).
  std::string depfile_text;
  if (depfile.wanted) {
    std::vector<std::string> dependencies = {input};
    dependencies.insert(dependencies.end(), result.link_paths.begin(), result.link_paths.end());
    depfile_text = py2cuda::depfile::render(output, dependencies);
  }
  const std::string depfile_path =
      !depfile.wanted ? "" : depfile.path.empty() ? py2cuda::depfile::default_path(output) : depfile.path;

  // All files are written to temporaries first: either all appear, or none changes.
  std::string error;
  if (!py2cuda::write_outputs(
          {{output, result.cu}, {header, result.header}, {annotate, page}, {depfile_path, depfile_text}}, error)) {
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
