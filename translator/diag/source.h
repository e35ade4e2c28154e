// A Python source file held in memory, and positions inside it.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace py2cuda {

// A half-open range in a source file. Lines and columns are 1-based; columns
// count bytes, which is what tree-sitter reports and what editors accept for
// ASCII sources. A default-constructed span (line 0) means "no location".
struct Span {
  uint32_t line = 0;
  uint32_t col = 0;
  uint32_t end_line = 0;
  uint32_t end_col = 0;

  bool valid() const { return line != 0; }
};

class SourceFile {
 public:
  SourceFile(std::string path, std::string text);

  const std::string& path() const { return path_; }
  const std::string& text() const { return text_; }
  // The text of a 1-based line, without its newline; empty if out of range.
  std::string_view line_text(uint32_t line) const;
  // The text a span on one line covers (as written, for messages); empty for other spans.
  std::string_view span_text(Span span) const;
  uint32_t line_count() const { return static_cast<uint32_t>(line_starts_.size()); }
  // The file name without directories and without the .py suffix.
  std::string module_name() const;
  // The file name without directories ("k.py"), used in line comments.
  std::string base_name() const;

 private:
  std::string path_;
  std::string text_;
  std::vector<size_t> line_starts_;
};

}  // namespace py2cuda
