// What the translator's fuzz targets require of every translation, beyond "no
// crash, no sanitizer report, no hang" (libFuzzer and the sanitizers check those):
//   - a failed translation reports at least one error, and every error is located
//     (`fuzz.py:LINE:COL: error: ...`), as the team's rule for bad input asks;
//   - a translation is deterministic: translating the same bytes again gives the
//     same .cu, header and diagnostics.
// A broken invariant aborts, which libFuzzer saves as a crash input.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "driver/translate.h"

namespace py2cuda::fuzz {

inline constexpr std::string_view kPath = "fuzz.py";

[[noreturn]] inline void fail(const char* target, const char* what, const std::string& diagnostics) {
  std::fprintf(stderr, "%s: %s\n--- diagnostics ---\n%s\n", target, what, diagnostics.c_str());
  std::abort();
}

// True if the line is `fuzz.py:<digits>:<digits>: error: `.
inline bool located_error(std::string_view line) {
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

// Translates `text` twice with `options` and checks both invariants above.
inline TranslateResult translate_checked(const char* target, const std::string& text,
                                         const TranslateOptions& options) {
  const SourceFile file(std::string(kPath), text);
  TranslateResult first = translate(file, options);
  if (!first.ok) {
    bool any_error = false;
    size_t start = 0;
    while (start < first.diagnostics.size()) {
      size_t end = first.diagnostics.find('\n', start);
      if (end == std::string::npos) end = first.diagnostics.size();
      const std::string_view line(first.diagnostics.data() + start, end - start);
      if (line.find(": error: ") != std::string_view::npos && line.substr(0, 4) != "    ") {
        if (!located_error(line)) fail(target, "an error without a location", first.diagnostics);
        any_error = true;
      }
      start = end + 1;
    }
    if (!any_error) fail(target, "translation failed without an error", first.diagnostics);
    return first;
  }
  const SourceFile again(std::string(kPath), text);
  const TranslateResult second = translate(again, options);
  if (!second.ok || second.cu != first.cu || second.header != first.header ||
      second.diagnostics != first.diagnostics || second.dump != first.dump) {
    fail(target, "two translations of the same bytes differ", first.diagnostics + "\n--- second ---\n" + second.diagnostics);
  }
  return first;
}

}  // namespace py2cuda::fuzz
