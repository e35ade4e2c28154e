// libFuzzer target: any bytes, read as a Python file, through the whole translator
// (parse, analyse, infer, emit), in memory as the driver runs it for `py2cuda f.py`.
//
// Besides "no crash, no sanitizer report, no hang" (libFuzzer and the sanitizers
// check those), it checks what the user sees:
//   - a failed translation reports at least one error, and every error is located
//     (`fuzz.py:LINE:COL: error: ...`), as the team's rule for bad input asks;
//   - a successful translation is deterministic: translating the same bytes again
//     gives the same .cu, header and diagnostics.
// A broken invariant aborts, which libFuzzer saves as a crash input.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "driver/translate.h"

namespace {

constexpr std::string_view kPath = "fuzz.py";

[[noreturn]] void fail(const char* what, const std::string& diagnostics) {
  std::fprintf(stderr, "fuzz_translate: %s\n--- diagnostics ---\n%s\n", what, diagnostics.c_str());
  std::abort();
}

// True if the line is `fuzz.py:<digits>:<digits>: error: `.
bool located_error(std::string_view line) {
  if (line.substr(0, kPath.size() + 1) != std::string(kPath) + ":") return false;
  line.remove_prefix(kPath.size() + 1);
  for (int field = 0; field < 2; ++field) {
    size_t digits = 0;
    while (digits < line.size() && line[digits] >= '0' && line[digits] <= '9') ++digits;
    if (digits == 0 || digits == line.size() || line[digits] != ':') return false;
    line.remove_prefix(digits + 1);
  }
  return line.substr(0, 8) == " error: ";
}

py2cuda::TranslateResult run(const std::string& text) {
  py2cuda::SourceFile file(std::string(kPath), text);
  py2cuda::TranslateOptions options;
  // As `py2cuda f.py --run` asks: a harness or the program's main(), #line
  // directives, and the header (as -H does), so every emitter runs.
  options.harness = true;
  options.line_directives = true;
  options.want_header = true;
  options.output_name = "fuzz.cu";
  options.header_include = "fuzz.cuh";
  return py2cuda::translate(file, options);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const py2cuda::TranslateResult first = run(text);
  if (!first.ok) {
    bool any_error = false;
    size_t start = 0;
    while (start < first.diagnostics.size()) {
      size_t end = first.diagnostics.find('\n', start);
      if (end == std::string::npos) end = first.diagnostics.size();
      std::string_view line(first.diagnostics.data() + start, end - start);
      if (line.find(": error: ") != std::string_view::npos && line.substr(0, 4) != "    ") {
        if (!located_error(line)) fail("an error without a location", first.diagnostics);
        any_error = true;
      }
      start = end + 1;
    }
    if (!any_error) fail("translation failed without an error", first.diagnostics);
    return 0;
  }
  const py2cuda::TranslateResult second = run(text);
  if (!second.ok || second.cu != first.cu || second.header != first.header ||
      second.diagnostics != first.diagnostics) {
    fail("two translations of the same bytes differ", first.diagnostics + "\n--- second ---\n" + second.diagnostics);
  }
  return 0;
}
