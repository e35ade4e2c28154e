// libFuzzer target: any bytes, read as a Python file, through the whole translator
// (parse, analyse, infer, emit), in memory as the driver runs it for `py2cuda f.py`.
//
// Most random bytes stop at the parser: fuzz_infer.cpp mutates whole programs that
// parse, to reach inference and emission. Both check translate_invariants.h.
#include <cstddef>
#include <cstdint>
#include <string>

#include "translate_invariants.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  // As `py2cuda f.py --run` asks: a harness or the program's main(), #line
  // directives, and the header (as -H does), so every emitter runs.
  py2cuda::TranslateOptions options;
  options.harness = true;
  options.line_directives = true;
  options.want_header = true;
  options.output_name = "fuzz.cu";
  options.header_include = "fuzz.cuh";
  (void)py2cuda::fuzz::translate_checked("fuzz_translate", text, options);
  return 0;
}
