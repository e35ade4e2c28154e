#include "diag/source.h"

namespace py2cuda {

SourceFile::SourceFile(std::string path, std::string text)
    : path_(std::move(path)), text_(std::move(text)) {
  line_starts_.push_back(0);
  for (size_t i = 0; i < text_.size(); ++i) {
    if (text_[i] == '\n') line_starts_.push_back(i + 1);
  }
}

std::string_view SourceFile::line_text(uint32_t line) const {
  if (line == 0 || line > line_starts_.size()) return {};
  size_t begin = line_starts_[line - 1];
  size_t end = line < line_starts_.size() ? line_starts_[line] - 1 : text_.size();
  if (end > begin && text_[end - 1] == '\r') --end;
  return std::string_view(text_).substr(begin, end - begin);
}

std::string_view SourceFile::span_text(Span span) const {
  // Columns are 1-based, the end one past the last character.
  if (span.line == 0 || span.end_line != span.line || span.col == 0 || span.end_col <= span.col) return {};
  std::string_view line = line_text(span.line);
  if (span.end_col - 1 > line.size()) return {};
  return line.substr(span.col - 1, span.end_col - span.col);
}

std::string SourceFile::base_name() const {
  size_t slash = path_.find_last_of("/\\");
  return slash == std::string::npos ? path_ : path_.substr(slash + 1);
}

std::string SourceFile::module_name() const {
  std::string base = base_name();
  if (base.size() > 3 && base.compare(base.size() - 3, 3, ".py") == 0) base.resize(base.size() - 3);
  return base;
}

}  // namespace py2cuda
