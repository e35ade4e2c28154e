#include "driver/annotated_page.h"

#include <algorithm>
#include <map>
#include <set>
#include <string_view>
#include <vector>

#include "support/templates.h"

namespace py2cuda {

namespace {

std::string escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\r': break;
      default: out += c;
    }
  }
  return out;
}

// The badge a mark shows in the margin.
const char* badge(lower::NoteKind kind) {
  switch (kind) {
    case lower::NoteKind::FloorDivision: return "//";
    case lower::NoteKind::Modulo: return "%";
    case lower::NoteKind::ZeroDivisionCheck: return "/0";
    case lower::NoteKind::IndexWraparound: return "-i";
    case lower::NoteKind::Float64Promotion: return "f64";
    case lower::NoteKind::BoundsCheck: return "[]";
    case lower::NoteKind::DebugException: return "!";
  }
  return "?";
}

// A reason and what on the line it applies to.
struct Reason {
  std::string text;
  std::vector<std::string> subjects;
};

// The notes of one line, by kind, each kind's distinct reasons in the order first met.
using LineNotes = std::map<lower::NoteKind, std::vector<Reason>>;

void add(LineNotes& notes, const lower::Note& n) {
  std::vector<Reason>& reasons = notes[n.kind];
  auto it = std::find_if(reasons.begin(), reasons.end(), [&](const Reason& r) { return r.text == n.reason; });
  if (it == reasons.end()) it = reasons.insert(reasons.end(), Reason{n.reason, {}});
  if (!n.subject.empty() && std::find(it->subjects.begin(), it->subjects.end(), n.subject) == it->subjects.end()) {
    it->subjects.push_back(n.subject);
  }
}

// "x[i], out[i]: REASON", one line per reason.
std::string title_text(const std::vector<Reason>& reasons) {
  std::string title;
  for (const Reason& r : reasons) {
    if (!title.empty()) title += "\n";
    for (size_t i = 0; i < r.subjects.size(); ++i) title += (i ? ", " : "") + r.subjects[i];
    if (!r.subjects.empty()) title += ": ";
    title += r.text;
  }
  return title;
}

std::string join_numbers(const std::vector<uint32_t>& numbers) {
  std::string s;
  for (uint32_t n : numbers) s += (s.empty() ? "" : " ") + std::to_string(n);
  return s;
}

// One line of either pane: its number linking to the first counterpart (the others are
// in data-links, which the page's script highlights together), the marks, the code.
std::string line_html(const char* side, const char* other, uint32_t number, std::string_view code,
                      const std::vector<uint32_t>& links, const LineNotes& notes) {
  std::string kinds, marks;
  for (lower::NoteKind kind : lower::kAllNoteKinds) {
    auto it = notes.find(kind);
    if (it == notes.end()) continue;
    kinds += (kinds.empty() ? "" : " ") + std::string(lower::note_name(kind));
    const std::string title = title_text(it->second);
    marks += "<span class=\"mark " + std::string(lower::note_name(kind)) + "\" title=\"" + escape(title) + "\">" +
             escape(badge(kind)) + "</span>";
  }
  const std::string id = std::string(side) + "-" + std::to_string(number);
  std::string s = "<div class=\"line\" id=\"" + id + "\"";
  if (!links.empty()) s += " data-links=\"" + join_numbers(links) + "\"";
  if (!kinds.empty()) s += " data-notes=\"" + kinds + "\"";
  s += ">";
  if (links.empty()) {
    s += "<span class=\"num\">" + std::to_string(number) + "</span>";
  } else {
    s += "<a class=\"num\" href=\"#" + std::string(other) + "-" + std::to_string(links.front()) + "\">" +
         std::to_string(number) + "</a>";
  }
  s += "<span class=\"marks\">" + marks + "</span><code>" + escape(code) + "</code></div>\n";
  return s;
}

std::string fill(std::string_view tmpl, const std::map<std::string, std::string>& values) {
  std::string out;
  size_t at = 0;
  while (at < tmpl.size()) {
    size_t open = tmpl.find("{{", at);
    if (open == std::string_view::npos) break;
    size_t close = tmpl.find("}}", open);
    auto it = close == std::string_view::npos ? values.end() : values.find(std::string(tmpl.substr(open + 2, close - open - 2)));
    if (it == values.end()) {
      out += tmpl.substr(at, open + 2 - at);
      at = open + 2;
      continue;
    }
    out += tmpl.substr(at, open - at);
    out += it->second;
    at = close + 2;
  }
  out += tmpl.substr(at);
  return out;
}

}  // namespace

std::string annotated_page(const SourceFile& file, const std::string& cu, const std::string& cu_name,
                           const lower::SourceMap& map, const std::string& version) {
  // The file's last line ends with a newline, not before an empty line.
  uint32_t py_lines = file.line_count();
  if (py_lines > 0 && file.line_text(py_lines).empty() && !file.text().empty() && file.text().back() == '\n') --py_lines;
  std::vector<std::vector<uint32_t>> cu_of_py(py_lines + 1);
  for (size_t i = 0; i < map.python_line_of.size(); ++i) {
    const uint32_t py = map.python_line_of[i];
    if (py != 0 && py <= py_lines) cu_of_py[py].push_back(static_cast<uint32_t>(i + 1));
  }
  std::vector<LineNotes> py_notes(py_lines + 1), cu_notes(map.python_line_of.size() + 1);
  for (const lower::Note& n : map.notes) {
    if (n.python_line != 0 && n.python_line <= py_lines) add(py_notes[n.python_line], n);
    if (n.cu_line != 0 && n.cu_line < cu_notes.size()) add(cu_notes[n.cu_line], n);
  }

  std::string python;
  for (uint32_t line = 1; line <= py_lines; ++line) {
    python += line_html("py", "cu", line, file.line_text(line), cu_of_py[line], py_notes[line]);
  }
  std::string cuda;
  size_t begin = 0;
  for (uint32_t line = 1; begin < cu.size(); ++line) {
    size_t end = cu.find('\n', begin);
    if (end == std::string::npos) end = cu.size();
    std::vector<uint32_t> back;
    if (line <= map.python_line_of.size() && map.python_line_of[line - 1] != 0) back.push_back(map.python_line_of[line - 1]);
    cuda += line_html("cu", "py", line, std::string_view(cu).substr(begin, end - begin), back,
                      line < cu_notes.size() ? cu_notes[line] : LineNotes{});
    begin = end + 1;
  }

  std::string legend;
  for (lower::NoteKind kind : lower::kAllNoteKinds) {
    const std::string name = lower::note_name(kind);
    legend += "<li data-kind=\"" + name + "\"><span class=\"mark " + name + "\">" + escape(badge(kind)) + "</span> " +
              escape(lower::note_summary(kind)) + " <span class=\"count\" data-kind=\"" + name + "\"></span></li>\n";
  }
  return fill(template_text("annotate.html.in"), {{"source", escape(file.base_name())},
                                                  {"cu_name", escape(cu_name)},
                                                  {"version", escape(version)},
                                                  {"legend", legend},
                                                  {"python", python},
                                                  {"cuda", cuda}});
}

}  // namespace py2cuda
