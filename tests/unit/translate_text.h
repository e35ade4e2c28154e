// The unit tests' way to translate a small program held in a string, and to look into what came
// out: each test file keeps its own prologue (the imports and kernels its tests share).
#pragma once

#include <string>

#include "driver/translate.h"

namespace py2cuda::test {

// `prologue` followed by `body`, translated as the file `name` with the default options.
inline TranslateResult translate_text(const std::string& prologue, const std::string& body,
                                      const std::string& name = "prog.py") {
  SourceFile file(name, prologue + body);
  return translate(file, TranslateOptions{});
}

// Whether `needle` occurs in `text` (the .cu, or the diagnostics).
inline bool has(const std::string& text, const std::string& needle) { return text.find(needle) != std::string::npos; }

// The start of a host-code test's program: `imports`, NumPy, `from numba import <numba_names>`,
// one kernel `inc` for the host code to launch, then `setup` (arrays, more kernels, a first
// launch). Every line counts: the tests name diagnostics by their line.
struct HostPrologue {
  std::string imports{};             // lines before `import numpy as np`
  std::string numba_names = "cuda";  // what `from numba import` brings in
  std::string setup{};               // lines after the kernel
};

inline std::string text_of(const HostPrologue& p) {
  return p.imports + "import numpy as np\nfrom numba import " + p.numba_names + "\n" +
         "@cuda.jit\ndef inc(a):\n    a[0] += 1\n" + p.setup;
}

// A host-code test file's translator: `run(body)` translates the file's prologue followed by
// the test's host code.
class HostProgram {
 public:
  explicit HostProgram(const HostPrologue& prologue) : prologue_(text_of(prologue)) {}
  TranslateResult operator()(const std::string& body) const { return translate_text(prologue_, body); }

 private:
  std::string prologue_;
};

}  // namespace py2cuda::test
