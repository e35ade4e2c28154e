// Typed IR -> CUDA C++ text: the .cu file and the launch-function header.
#pragma once

#include <string>

#include "diag/source.h"
#include "ir/ir.h"
#include "lower/source_map.h"

namespace py2cuda::lower {

struct EmitOptions {
  bool line_directives = false;  // #line N "file.py" instead of line comments
  std::string header_include;    // when non-empty, the .cu includes this header
  std::string version;           // py2cuda's version, for the generated-by line
  bool harness = false;          // add a main() that launches any kernel from the command line
  bool host_main = false;        // a file with host code: its main() instead of the harness
  std::string output_name;       // the .cu's own name, for #line directives back into it
};

// The whole .cu file: prologue, constants, device functions, kernels, launch stubs.
// With `map`, also records which Python line each .cu line comes from and the notes
// of the work the translation adds (--annotate).
std::string emit_cu(const ir::Module& module, const SourceFile& file, const EmitOptions& options,
                    SourceMap* map = nullptr);

// The header declaring the launch functions, in a namespace named after the module.
std::string emit_header(const ir::Module& module, const SourceFile& file, const EmitOptions& options);

// The C++ spelling of a type: float, int64_t, py2cuda::Array<float, 2>, py2cuda::tuple<...>.
// `host_types`: as host code spells it, where an array is a NumPy-like owning
// py2cuda::host::NDArray rather than the view a kernel receives.
std::string cpp_type(TypeRef t, bool host_types = false);

}  // namespace py2cuda::lower
