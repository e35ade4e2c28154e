#include "frontend/annotations.h"

#include <algorithm>
#include <array>
#include <optional>

namespace py2cuda::frontend {

namespace {

bool is_ident_start(char c) {
  auto u = static_cast<unsigned char>(c);
  return (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || u == '_' || u >= 0x80;
}
bool is_ident_char(char c) { return is_ident_start(c) || (c >= '0' && c <= '9'); }
bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\f'; }

bool is_keyword(std::string_view w) {
  static constexpr std::array<std::string_view, 35> kKeywords = {
      "False", "None",   "True",    "and",      "as",     "assert", "async", "await",    "break",
      "class", "continue", "def",   "del",      "elif",   "else",   "except", "finally", "for",
      "from",  "global", "if",      "import",   "in",     "is",     "lambda", "nonlocal", "not",
      "or",    "pass",   "raise",   "return",   "try",    "while",  "with",  "yield"};
  for (std::string_view k : kKeywords)
    if (k == w) return true;
  return false;
}

bool is_soft_keyword(std::string_view w) { return w == "match" || w == "case" || w == "type"; }

enum class Stop { Char, Newline, Closer, Eof };

struct ScanResult {
  size_t pos;
  Stop why;
};

// A lexical walker that knows Python's strings, comments, brackets and line
// continuations, and nothing else.
class Scanner {
 public:
  explicit Scanner(std::string_view src) : s_(src) {}

  size_t size() const { return s_.size(); }
  char at(size_t i) const { return i < s_.size() ? s_[i] : '\0'; }

  bool line_break_at(size_t i) const { return at(i) == '\n' || (at(i) == '\r' && at(i + 1) == '\n'); }

  // Past a backslash-newline at `i`, or `i` itself.
  size_t skip_continuation(size_t i) const {
    if (at(i) != '\\') return i;
    if (at(i + 1) == '\n') return i + 2;
    if (at(i + 1) == '\r' && at(i + 2) == '\n') return i + 3;
    return i;
  }

  // Blanks and continuations; with `lines`, also line breaks and comments.
  size_t skip_space(size_t i, bool lines) const {
    while (i < s_.size()) {
      if (is_blank(s_[i]) || (lines && (s_[i] == '\n' || s_[i] == '\r'))) {
        ++i;
      } else if (lines && s_[i] == '#') {
        i = skip_comment(i);
      } else if (size_t j = skip_continuation(i); j != i) {
        i = j;
      } else {
        break;
      }
    }
    return i;
  }

  size_t skip_comment(size_t i) const {
    while (i < s_.size() && s_[i] != '\n') ++i;
    return i;
  }

  // `i` is at a quote. Returns the position after the closing quote(s); an
  // unterminated single-quoted string ends at its line break.
  size_t skip_string(size_t i) const {
    char q = s_[i];
    bool triple = at(i + 1) == q && at(i + 2) == q;
    i += triple ? 3 : 1;
    while (i < s_.size()) {
      char c = s_[i];
      if (c == '\\') {
        i += 2;
        continue;
      }
      if (!triple && (c == '\n' || c == '\r')) return i;
      if (c == q && (!triple || (at(i + 1) == q && at(i + 2) == q))) return i + (triple ? 3 : 1);
      ++i;
    }
    return s_.size();
  }

  // The identifier starting exactly at `i` (not inside a longer one).
  std::string_view word_at(size_t i) const {
    if (i > 0 && is_ident_char(s_[i - 1])) return {};
    return word(i);
  }

  std::string_view word(size_t i) const {
    size_t j = i;
    if (!is_ident_start(at(j))) return {};
    while (j < s_.size() && is_ident_char(s_[j])) ++j;
    return s_.substr(i, j - i);
  }

  // Walks from `i` to the first position at bracket depth 0 where `is_stop`
  // holds, a line break at depth 0 (when `newline_stops`), a closing bracket
  // that would go below depth 0, or the end.
  template <class Pred>
  ScanResult scan(size_t i, bool newline_stops, Pred is_stop) const {
    int depth = 0;
    while (i < s_.size()) {
      char c = s_[i];
      if (depth == 0 && is_stop(i)) return {i, Stop::Char};
      if (c == '#') {
        i = skip_comment(i);
        continue;
      }
      if (c == '"' || c == '\'') {
        i = skip_string(i);
        continue;
      }
      if (size_t j = skip_continuation(i); j != i) {
        i = j;
        continue;
      }
      if (c == '\n' || c == '\r') {
        if (depth == 0 && newline_stops) return {i, Stop::Newline};
      } else if (c == '(' || c == '[' || c == '{') {
        ++depth;
      } else if (c == ')' || c == ']' || c == '}') {
        if (depth == 0) return {i, Stop::Closer};
        --depth;
      }
      ++i;
    }
    return {s_.size(), Stop::Eof};
  }

  // `=` of an assignment or default: not part of == <= >= != := etc.
  bool is_assign_eq(size_t i) const {
    if (at(i) != '=' || at(i + 1) == '=') return false;
    if (i == 0) return true;
    char p = s_[i - 1];
    return p != '=' && p != '<' && p != '>' && p != '!' && p != ':' && p != '+' && p != '-' && p != '*' &&
           p != '/' && p != '%' && p != '&' && p != '|' && p != '^' && p != '@';
  }

  bool is_annotation_colon(size_t i) const { return at(i) == ':' && at(i + 1) != '='; }

  // End of the annotation text in [begin, end): trailing blanks dropped.
  size_t trim_end(size_t begin, size_t end) const {
    while (end > begin && (is_blank(s_[end - 1]) || s_[end - 1] == '\n' || s_[end - 1] == '\r')) --end;
    return end;
  }

 private:
  std::string_view s_;
};

class Finder {
 public:
  explicit Finder(std::string_view src) : sc_(src) {}

  std::vector<AnnotationRegion> run() {
    size_t i = 0;
    while (i < sc_.size()) {
      i = sc_.skip_space(i, /*lines=*/true);
      if (i >= sc_.size()) break;
      statement(i);
      if (size_t body = inline_body(i); body != kNone) {  // `if c: x: int = 1`
        i = body;
        continue;
      }
      // Otherwise the statement ends at a depth-0 line break or `;` (a stray
      // closing bracket does not end it).
      ScanResult r;
      do {
        r = sc_.scan(i, true, [&](size_t k) { return sc_.at(k) == ';'; });
        i = r.pos + 1;
      } while (r.why == Stop::Closer);
    }
    return std::move(out_);
  }

 private:
  static constexpr size_t kNone = static_cast<size_t>(-1);

  // For a compound statement header with its body on the same line, where
  // that body starts; else kNone.
  size_t inline_body(size_t i) const {
    static constexpr std::array<std::string_view, 11> kCompound = {
        "if", "elif", "else", "for", "while", "with", "try", "except", "finally", "class", "def"};
    std::string_view w = sc_.word(i);
    if (w == "async") {
      i = sc_.skip_space(i + w.size(), false);
      w = sc_.word(i);
    }
    if (std::find(kCompound.begin(), kCompound.end(), w) == kCompound.end()) return kNone;
    ScanResult r = sc_.scan(i + w.size(), true, [&](size_t k) { return sc_.is_annotation_colon(k); });
    if (r.why != Stop::Char) return kNone;
    size_t body = sc_.skip_space(r.pos + 1, false);
    char c = sc_.at(body);
    if (body >= sc_.size() || c == '\n' || c == '\r' || c == '#') return kNone;
    return body;
  }

  void statement(size_t i) {
    std::string_view w = sc_.word(i);
    if (w.empty()) return;
    if (w == "async") {
      size_t j = sc_.skip_space(i + w.size(), false);
      if (sc_.word(j) == "def") def_header(j + 3);
      return;
    }
    if (w == "def") {
      def_header(i + 3);
      return;
    }
    if (is_keyword(w)) return;
    variable(i, w);
  }

  // `def name[...](params) -> ret:`. Records nothing unless the header is
  // well formed up to its final `:`.
  void def_header(size_t i) {
    std::vector<AnnotationRegion> found;
    i = sc_.skip_space(i, false);
    std::string_view name = sc_.word(i);
    if (name.empty()) return;
    i = sc_.skip_space(i + name.size(), false);
    if (sc_.at(i) == '[') {  // PEP 695 type parameters
      ScanResult r = sc_.scan(i + 1, false, [](size_t) { return false; });
      if (r.why != Stop::Closer) return;
      i = sc_.skip_space(r.pos + 1, false);
    }
    if (sc_.at(i) != '(') return;
    ++i;
    // A lambda default (`key=lambda a, b: a`) has commas and colons of its
    // own; such headers are left to tree-sitter.
    ScanResult close = sc_.scan(i, false, [&](size_t k) { return sc_.word_at(k) == "lambda"; });
    if (close.why != Stop::Closer) return;
    for (;;) {
      ScanResult piece = sc_.scan(i, false, [&](size_t k) { return sc_.at(k) == ','; });
      if (piece.why == Stop::Eof) return;
      parameter(i, piece.pos, found);
      i = piece.pos + 1;
      if (piece.why == Stop::Closer) break;
    }
    i = sc_.skip_space(i, false);
    if (sc_.at(i) == '-' && sc_.at(i + 1) == '>') {
      ScanResult r = sc_.scan(i + 2, true, [&](size_t k) { return sc_.is_annotation_colon(k); });
      if (r.why != Stop::Char) return;
      add(found, AnnotationRegion::Kind::Return, i, i + 2, r.pos);
      i = r.pos;
    }
    if (!sc_.is_annotation_colon(i)) return;
    out_.insert(out_.end(), found.begin(), found.end());
  }

  // One parameter in [i, end): `[*|**]name[: annotation][= default]`.
  void parameter(size_t i, size_t end, std::vector<AnnotationRegion>& found) {
    i = sc_.skip_space(i, true);
    if (sc_.at(i) == '*') ++i;
    if (sc_.at(i) == '*') ++i;
    i = sc_.skip_space(i, true);
    std::string_view name = sc_.word(i);
    if (name.empty()) return;
    i = sc_.skip_space(i + name.size(), true);
    if (i >= end || !sc_.is_annotation_colon(i)) return;
    ScanResult r = sc_.scan(i + 1, false, [&](size_t k) { return sc_.is_assign_eq(k) || sc_.at(k) == ','; });
    size_t stop = r.pos < end ? r.pos : end;
    add(found, AnnotationRegion::Kind::Param, i, i + 1, stop);
  }

  // `target: annotation [= value]` where target is a name, attribute or
  // subscript chain.
  void variable(size_t i, std::string_view first) {
    size_t j = i + first.size();
    bool chained = false;
    for (;;) {
      size_t k = sc_.skip_space(j, false);
      if (sc_.at(k) == '.') {
        k = sc_.skip_space(k + 1, false);
        std::string_view attr = sc_.word(k);
        if (attr.empty()) return;
        j = k + attr.size();
      } else if (sc_.at(k) == '[') {
        ScanResult r = sc_.scan(k + 1, false, [](size_t) { return false; });
        if (r.why != Stop::Closer || sc_.at(r.pos) != ']') return;
        j = r.pos + 1;
      } else {
        j = k;
        break;
      }
      chained = true;
    }
    // `match x:`, `case [a]:` and `type X = ...` are statements, not targets.
    if (chained && is_soft_keyword(first)) return;
    if (!sc_.is_annotation_colon(j)) return;
    ScanResult r =
        sc_.scan(j + 1, true, [&](size_t k) { return sc_.is_assign_eq(k) || sc_.at(k) == ';'; });
    if (r.why == Stop::Closer) return;
    std::vector<AnnotationRegion> found;
    add(found, AnnotationRegion::Kind::Variable, j, j + 1, r.pos);
    out_.insert(out_.end(), found.begin(), found.end());
  }

  void add(std::vector<AnnotationRegion>& found, AnnotationRegion::Kind kind, size_t begin, size_t text_begin,
           size_t end) {
    text_begin = sc_.skip_space(text_begin, false);
    end = sc_.trim_end(text_begin, end);
    if (end <= text_begin) return;  // `x:` with nothing after it: leave it to tree-sitter
    found.push_back({kind, static_cast<uint32_t>(begin), static_cast<uint32_t>(text_begin),
                     static_cast<uint32_t>(end)});
  }

  Scanner sc_;
  std::vector<AnnotationRegion> out_;
};

}  // namespace

std::vector<AnnotationRegion> find_annotations(std::string_view src) { return Finder(src).run(); }

std::string mask_annotations(std::string_view src, const std::vector<AnnotationRegion>& regions) {
  std::string out(src);
  for (const AnnotationRegion& r : regions) {
    for (uint32_t i = r.begin; i < r.end && i < out.size(); ++i) {
      char c = out[i];
      if (c == '\n') {
        // A line continuation keeps the logical line going; `i - 1` is in the
        // region because a region starts with `:` or `->`.
        uint32_t b = i - 1;
        if (src[b] == '\r' && b > r.begin) --b;
        out[b] = '\\';
      } else if (c != '\r') {
        out[i] = ' ';
      }
    }
  }
  return out;
}

}  // namespace py2cuda::frontend
