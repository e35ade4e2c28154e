// The whole pipeline on one file: parse, analyse, infer, lower.
#pragma once

#include <string>
#include <vector>

#include "diag/source.h"
#include "lower/source_map.h"
#include "sema/module_info.h"

namespace py2cuda {

struct TranslateOptions {
  std::vector<sema::SignatureOverride> signatures;  // --sig
  bool line_directives = false;
  bool want_header = false;
  bool harness = false;  // add a main() that runs any kernel (--harness)
  // A file with host code gets the program's own main() (the module's code), unless
  // the harness was asked for explicitly.
  bool host_main = true;
  std::string output_name;     // the .cu's file name, for #line directives
  std::string header_include;  // the .cu includes this header when non-empty
  bool want_source_map = false;  // --annotate: record the .cu's Python lines and notes
  // --dump: the text form of one stage, for reviewers and bug reports.
  enum class Dump { None, Ast, Ir } dump = Dump::None;
};

// One compiled instance of a kernel: what `--list-kernels` prints.
struct KernelInstance {
  std::string name;       // the Python name
  std::string cpp_name;   // the __global__ function's name in the .cu
  std::string signature;  // in Numba's notation, e.g. "void(float32[:], int64)"
};

struct TranslateResult {
  bool ok = false;
  std::string cu;
  std::string header;
  std::string diagnostics;  // rendered errors, warnings and notes
  // Files of CUDA C/C++ to compile and link with the .cu (cuda.declare_device's link=).
  std::vector<std::string> link_paths;
  lower::SourceMap source_map;      // with want_source_map
  // With a dump: the parsed AST once the file parses (even when later stages find
  // errors), or the typed IR once the file translates.
  std::string dump;
  bool has_host_main = false;       // the .cu's main() runs the module's host code
  std::string host_main_unavailable;  // why a file with host code got no main()
  std::vector<KernelInstance> kernels;  // every kernel instance, in the .cu's order
};

TranslateResult translate(const SourceFile& file, const TranslateOptions& options);

const char* version();

}  // namespace py2cuda
