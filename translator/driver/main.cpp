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

#include "builtins/table.h"
#include "driver/output_file.h"
#include "driver/translate.h"

namespace {

constexpr int kOk = 0;
constexpr int kInputErrors = 1;
constexpr int kUsage = 2;
constexpr int kInternal = 3;

int run(int argc, char** argv) {
  CLI::App app{"py2cuda: translate Numba CUDA Python to readable CUDA C++"};
  app.set_version_flag("--version", std::string("py2cuda ") + py2cuda::version());
  std::string input, output, header;
  std::vector<std::string> sigs;
  bool line_directives = false, list_builtins = false;
  app.add_option("input", input, "the Python file to translate")->check(CLI::ExistingFile);
  app.add_option("-o,--output", output, "the .cu file to write ('-' for standard output)");
  app.add_option("--header", header, "also write a header declaring the launch functions");
  app.add_option("--sig", sigs, "NAME=SIGNATURE: the types of a kernel or device function, e.g. "
                                "--sig add='void(float32[:], float32[:])' (repeatable)");
  app.add_flag("--line-directives", line_directives, "emit #line directives pointing at the Python file "
                                                     "instead of line comments");
  app.add_flag("--list-builtins", list_builtins, "print the supported Python callables and attributes as Markdown");
  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return kUsage;
  }
  if (list_builtins) {
    std::cout << py2cuda::builtins::markdown();
    return kOk;
  }
  if (input.empty() || output.empty()) {
    std::cerr << "py2cuda: error: an input file and -o OUTPUT are required (see --help)\n";
    return kUsage;
  }

  py2cuda::TranslateOptions options;
  for (const std::string& s : sigs) {
    size_t eq = s.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == s.size()) {
      std::cerr << "py2cuda: error: --sig expects NAME=SIGNATURE, got '" << s << "'\n";
      return kUsage;
    }
    options.signatures.push_back({s.substr(0, eq), s.substr(eq + 1)});
  }
  options.line_directives = line_directives;
  options.want_header = !header.empty();
  if (!header.empty() && output != "-") {
    // The .cu includes the header by the path from the .cu's folder.
    std::filesystem::path rel = std::filesystem::path(header).lexically_relative(
        std::filesystem::path(output).parent_path().empty() ? "." : std::filesystem::path(output).parent_path());
    options.header_include = rel.empty() ? header : rel.generic_string();
  }

  std::ifstream in(input, std::ios::binary);
  if (!in) {
    std::cerr << "py2cuda: error: cannot read '" << input << "'\n";
    return kInputErrors;
  }
  std::stringstream buffer;
  buffer << in.rdbuf();
  py2cuda::SourceFile file(input, buffer.str());

  py2cuda::TranslateResult result = py2cuda::translate(file, options);
  std::cerr << result.diagnostics;
  if (!result.ok) return kInputErrors;

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
