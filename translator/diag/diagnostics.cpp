#include "diag/diagnostics.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>
#include <tuple>

namespace py2cuda {

Diagnostic& Diagnostics::error(Span span, std::string message) {
  ++error_count_;
  diags_.push_back(Diagnostic{.severity = Severity::Error, .span = span, .message = std::move(message)});
  return diags_.back();
}

Diagnostic& Diagnostics::warning(Span span, std::string message) {
  diags_.push_back(Diagnostic{.severity = Severity::Warning, .span = span, .message = std::move(message)});
  return diags_.back();
}

void Diagnostics::note(Diagnostic& parent, Span span, std::string message) {
  parent.notes.push_back(Diagnostic{.severity = Severity::Note, .span = span, .message = std::move(message)});
}

static const char* severity_word(Severity s) {
  switch (s) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Note: return "note";
  }
  return "error";
}

std::string Diagnostics::render_one(const SourceFile& file, const Diagnostic& d) {
  std::string out;
  auto emit = [&](const Diagnostic& x) {
    if (x.span.valid()) {
      out += fmt::format("{}:{}:{}: {}: {}\n", file.path(), x.span.line, x.span.col, severity_word(x.severity), x.message);
    } else {
      out += fmt::format("{}: {}: {}\n", file.path(), severity_word(x.severity), x.message);
    }
    if (!x.span.valid()) return;
    std::string_view text = file.line_text(x.span.line);
    if (text.empty()) return;
    out += "    ";
    out += text;
    out += "\n    ";
    // Tabs in the source line are kept under the caret so it lines up.
    uint32_t col = std::max<uint32_t>(1, x.span.col);
    for (uint32_t i = 1; i < col && i - 1 < text.size(); ++i) out += text[i - 1] == '\t' ? '\t' : ' ';
    out += "^";
    uint32_t width = 0;
    if (x.span.end_line == x.span.line && x.span.end_col > x.span.col + 1) width = x.span.end_col - x.span.col - 1;
    size_t remaining = text.size() >= col ? text.size() - col : 0;
    width = std::min<uint32_t>(width, static_cast<uint32_t>(remaining));
    out.append(width, '~');
    out += "\n";
  };
  emit(d);
  for (const Diagnostic& n : d.notes) emit(n);
  return out;
}

std::string Diagnostics::render() const {
  std::vector<const Diagnostic*> order;
  for (const Diagnostic& d : diags_) order.push_back(&d);
  std::stable_sort(order.begin(), order.end(), [](const Diagnostic* a, const Diagnostic* b) {
    return std::tie(a->span.line, a->span.col) < std::tie(b->span.line, b->span.col);
  });
  std::string out;
  std::set<std::string> seen;
  for (const Diagnostic* d : order) {
    std::string text = render_one(*file_, *d);
    if (seen.insert(text).second) out += text;
  }
  return out;
}

}  // namespace py2cuda
