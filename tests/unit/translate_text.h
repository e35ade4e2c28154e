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

}  // namespace py2cuda::test
