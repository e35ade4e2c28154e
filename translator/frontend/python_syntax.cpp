#include "frontend/python_syntax.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "frontend/literals.h"
#include "frontend/pattern_keys.h"

namespace py2cuda::frontend {

namespace {

// ---------------------------------------------------------------- tokens

enum class Tok { Name, Number, String, Op, Newline, Indent, Dedent, End };

struct Token {
  Tok type;
  std::string_view text;
  uint32_t row, col, end_row, end_col;  // 0-based, bytes
  uint32_t indent_width = 0;            // Indent/Dedent: the new line's indentation, in characters
};

// A tokenizer error. CPython raises some as soon as the tokenizer meets them
// (strings, brackets, numbers) and turns the others (indentation, end of file
// inside brackets) into an error only when the parser asks for that token.
struct TokenizerProblem {
  size_t index;  // the token the tokenizer was producing
  SyntaxError error;
  bool immediate;
  bool eof_in_brackets = false;
};

SyntaxError at(uint32_t row, uint32_t col, std::string message, uint32_t end_col = UINT32_MAX) {
  if (end_col == UINT32_MAX) end_col = col + 1;
  return {TSPoint{row, col}, TSPoint{row, end_col}, std::move(message)};
}

bool is_name_start(unsigned char c) { return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c >= 0x80; }
bool is_name_char(unsigned char c) { return is_name_start(c) || (c >= '0' && c <= '9'); }
bool is_digit(unsigned char c) { return c >= '0' && c <= '9'; }

// Non-ASCII characters, as Python's identifiers see them (XID_Start, XID_Continue, and
// str.isprintable for the message). Unicode's full tables are not needed to place the
// error: the ranges below are the symbols, punctuation and spaces people paste into code
// (typographic quotes and dashes, NBSP, zero-width spaces, math operators, arrows, box
// drawing, CJK and fullwidth punctuation, emoji); other characters count as letters.
enum class CharacterClass { Identifier, ContinueOnly, NonPrintable, Symbol };

CharacterClass classify_character(uint32_t cp) {
  struct Range {
    uint32_t first, last;
    CharacterClass kind;
  };
  using enum CharacterClass;
  static constexpr Range kRanges[] = {
      {0x80, 0x9F, NonPrintable},     {0xA0, 0xA0, NonPrintable},     {0xAA, 0xAA, Identifier},
      {0xAD, 0xAD, NonPrintable},     {0xB5, 0xB5, Identifier},       {0xB7, 0xB7, ContinueOnly},
      {0xBA, 0xBA, Identifier},       {0xA1, 0xBF, Symbol},           {0xD7, 0xD7, Symbol},
      {0xF7, 0xF7, Symbol},           {0x300, 0x36F, ContinueOnly},   {0x2000, 0x200F, NonPrintable},
      {0x2028, 0x202F, NonPrintable}, {0x203F, 0x2040, ContinueOnly}, {0x2054, 0x2054, ContinueOnly},
      {0x205F, 0x206F, NonPrintable}, {0x2010, 0x206F, Symbol},       {0x2070, 0x2070, Symbol},
      {0x2074, 0x207E, Symbol},       {0x2080, 0x208E, Symbol},       {0x20A0, 0x20CF, Symbol},
      {0x2190, 0x23FF, Symbol},       {0x2460, 0x24FF, Symbol},       {0x2500, 0x27BF, Symbol},
      {0x27C0, 0x2BFF, Symbol},       {0x2E00, 0x2E7F, Symbol},       {0x3000, 0x3000, NonPrintable},
      {0x3001, 0x3004, Symbol},       {0x3008, 0x3020, Symbol},       {0xFE10, 0xFE19, Symbol},
      {0xFE33, 0xFE34, ContinueOnly}, {0xFE4D, 0xFE4F, ContinueOnly}, {0xFE30, 0xFE6F, Symbol},
      {0xFEFF, 0xFEFF, NonPrintable}, {0xFF10, 0xFF19, ContinueOnly}, {0xFF3F, 0xFF3F, ContinueOnly},
      {0xFF01, 0xFF20, Symbol},       {0xFF3B, 0xFF40, Symbol},       {0xFF5B, 0xFF65, Symbol},
      {0xFFF9, 0xFFFB, NonPrintable}, {0xFFFC, 0xFFFF, Symbol},       {0x1F000, 0x1FAFF, Symbol},
  };
  for (const Range& r : kRanges)
    if (cp >= r.first && cp <= r.last) return r.kind;
  return Identifier;
}

class Tokenizer {
 public:
  explicit Tokenizer(std::string_view src) : src_(src) {}

  void run() {
    // A UTF-8 byte order mark: `python` reads the file without it.
    if (src_.substr(0, 3) == "\xEF\xBB\xBF") pos_ = line_start_ = 3;
    indents_.push_back(0);
    alt_indents_.push_back(0);
    while (pos_ < src_.size() && !problem_) line();
    if (problem_) return;
    if (!brackets_.empty()) {
      const Bracket& b = brackets_.back();
      problem_ = TokenizerProblem{tokens_.size(),
                                  at(b.row, b.col, std::string("'") + b.ch + "' was never closed"), false, true};
      return;
    }
    if (!tokens_.empty() && tokens_.back().type != Tok::Newline) push(Tok::Newline, row_, col(), row_, col() + 1);
    // CPython's tokenizer gives the tokens after the last line (DEDENTs, ENDMARKER) that
    // line's number and its end as column: "expected an indented block" at the end of a
    // file is reported there, not on a line past the end.
    const auto [eof_row, eof_col] = eof_point();
    while (indents_.size() > 1) {
      indents_.pop_back();
      push(Tok::Dedent, eof_row, eof_col, eof_row, eof_col);
      tokens_.back().indent_width = eof_col;
    }
    push(Tok::End, eof_row, eof_col, eof_row, eof_col);
  }

  std::vector<Token> tokens_;
  std::optional<TokenizerProblem> problem_;
  // Open brackets at the end of the file, for the error CPython gives there.
  struct Bracket {
    char ch;
    uint32_t row, col;
  };
  std::vector<Bracket> brackets_;

 private:
  uint32_t col() const { return static_cast<uint32_t>(pos_ - line_start_); }

  // The last line CPython's tokenizer read (the one its last line break ends, or an
  // unterminated last line) and that line's length.
  std::pair<uint32_t, uint32_t> eof_point() const {
    size_t end = src_.size();
    uint32_t row = row_;
    if (end > 0 && (src_[end - 1] == '\n' || src_[end - 1] == '\r')) {
      if (row == 0) return {0, 0};
      --row;
      if (src_[end - 1] == '\n' && end > 1 && src_[end - 2] == '\r') --end;
      --end;
    }
    size_t start = end;
    while (start > 0 && src_[start - 1] != '\n' && src_[start - 1] != '\r') --start;
    return {row, static_cast<uint32_t>(end - start)};
  }
  char cur() const { return pos_ < src_.size() ? src_[pos_] : '\0'; }
  char ahead(size_t k) const { return pos_ + k < src_.size() ? src_[pos_ + k] : '\0'; }

  void push(Tok type, uint32_t row, uint32_t c, uint32_t end_row, uint32_t end_c, size_t from = 0, size_t to = 0) {
    Token t{type, src_.substr(from, to - from), row, c, end_row, end_c};
    tokens_.push_back(t);
  }

  void fail(SyntaxError e, bool immediate) { problem_ = TokenizerProblem{tokens_.size(), std::move(e), immediate}; }

  void new_line() {
    ++row_;
    line_start_ = pos_;
  }

  // The byte column of the line's character number `chars` (0-based).
  uint32_t character_to_byte_column(uint32_t chars) const {
    size_t i = line_start_;
    for (uint32_t n = 0; n < chars && i < src_.size() && src_[i] != '\n'; ++n) {
      ++i;
      while (i < src_.size() && (static_cast<unsigned char>(src_[i]) & 0xC0) == 0x80) ++i;
    }
    return static_cast<uint32_t>(i - line_start_);
  }

  // The length of the current line, without its line break.
  uint32_t line_length() const {
    size_t end = src_.find('\n', line_start_);
    if (end == std::string_view::npos) end = src_.size();
    if (end > line_start_ && src_[end - 1] == '\r') --end;
    return static_cast<uint32_t>(end - line_start_);
  }

  // One logical line from the start of a physical one.
  void line() {
    // Indentation: tabs to the next multiple of 8, and separately counted as
    // one column, to detect an inconsistent mix as CPython does.
    uint32_t width = 0, alt = 0;
    while (cur() == ' ' || cur() == '\t' || cur() == '\f') {
      if (cur() == ' ') ++width, ++alt;
      else if (cur() == '\t') width = (width / 8 + 1) * 8, alt = alt + 1;
      else width = alt = 0;
      ++pos_;
    }
    const bool blank = cur() == '#' || cur() == '\n' || cur() == '\r' || cur() == '\0' ||
                       (cur() == '\\' && (ahead(1) == '\n' || ahead(1) == '\r'));
    if (!blank) {
      const uint32_t indent_cols = col();
      if (width > indents_.back()) {
        if (indents_.size() > kMaxIndents) return fail(at(row_, 0, "too many levels of indentation"), false);
        if (alt <= alt_indents_.back()) return fail(at(row_, 0, "inconsistent use of tabs and spaces in indentation"), false);
        indents_.push_back(width);
        alt_indents_.push_back(alt);
        Token t{Tok::Indent, {}, row_, indent_cols, row_, indent_cols};
        t.indent_width = indent_cols;
        tokens_.push_back(t);
      } else if (width < indents_.back()) {
        bool found = false;
        for (uint32_t w : indents_) found |= w == width;
        if (!found) return fail(at(row_, line_length(), "unindent does not match any outer indentation level"), false);
        while (indents_.size() > 1 && width < indents_.back()) {
          indents_.pop_back();
          alt_indents_.pop_back();
          Token t{Tok::Dedent, {}, row_, indent_cols, row_, indent_cols};
          t.indent_width = indent_cols;
          tokens_.push_back(t);
        }
        if (width != indents_.back()) {
          return fail(at(row_, line_length(), "unindent does not match any outer indentation level"), false);
        }
        if (alt != alt_indents_.back()) return fail(at(row_, 0, "inconsistent use of tabs and spaces in indentation"), false);
      } else if (alt != alt_indents_.back()) {
        return fail(at(row_, 0, "inconsistent use of tabs and spaces in indentation"), false);
      }
    }
    bool any = false;  // a token on this logical line
    for (;;) {
      if (problem_) return;
      char c = cur();
      if (c == '\0' && pos_ >= src_.size()) {
        if (any && brackets_.empty()) push(Tok::Newline, row_, col(), row_, col() + 1);
        return;
      }
      if (c == ' ' || c == '\t' || c == '\f') {
        ++pos_;
        continue;
      }
      if (c == '#') {
        comment_col_ = col();
        while (pos_ < src_.size() && src_[pos_] != '\n' && src_[pos_] != '\r') ++pos_;
        continue;
      }
      if (c == '\r' || c == '\n') {
        const uint32_t r = row_, cc = comment_col_ != UINT32_MAX ? comment_col_ : col();
        comment_col_ = UINT32_MAX;
        if (c == '\r' && ahead(1) == '\n') ++pos_;
        ++pos_;
        if (any && brackets_.empty() && !blank) {
          push(Tok::Newline, r, cc, r, cc + 1);
          new_line();
          return;
        }
        new_line();
        if (brackets_.empty() && !any) return;  // a blank line: no token
        continue;
      }
      if (c == '\\') {
        if (ahead(1) == '\n' || (ahead(1) == '\r')) {
          pos_ += (ahead(1) == '\r' && ahead(2) == '\n') ? 3 : 2;
          new_line();
          if (pos_ >= src_.size()) {
            const auto [eof_row, eof_col] = eof_point();
            return fail(at(eof_row, eof_col, "unexpected EOF while parsing"), true);
          }
          continue;
        }
        return fail(at(row_, col() + 1, "unexpected character after line continuation character"), false);
      }
      any = true;
      const size_t start = pos_;
      const uint32_t r = row_, cc = col();
      if (is_name_start(static_cast<unsigned char>(c))) {
        while (is_name_char(static_cast<unsigned char>(cur()))) ++pos_;
        // CPython's verify_identifier: a non-ASCII character that cannot be part of a
        // name (a typographic quote or dash, NBSP, '×', '≤'...) is an error of its own.
        if (std::optional<SyntaxError> e = invalid_character(start, pos_, r, cc)) return fail(*e, true);
        // A string prefix: r, b, u, f and their pairs.
        if (cur() == '"' || cur() == '\'') {
          std::string_view prefix = src_.substr(start, pos_ - start);
          std::string lower;
          for (char ch : prefix) lower += static_cast<char>(ch | 0x20);
          if (lower == "r" || lower == "b" || lower == "u" || lower == "f" || lower == "rb" || lower == "br" ||
              lower == "fr" || lower == "rf") {
            string(start, r, cc, lower.find('r') != std::string::npos);
            continue;
          }
        }
        push(Tok::Name, r, cc, r, col(), start, pos_);
        continue;
      }
      if (is_digit(static_cast<unsigned char>(c)) || (c == '.' && is_digit(static_cast<unsigned char>(ahead(1))))) {
        number(start, r, cc);
        continue;
      }
      if (c == '"' || c == '\'') {
        string(start, r, cc, false);
        continue;
      }
      if (c == '(' || c == '[' || c == '{') {
        if (brackets_.size() >= kMaxBrackets) return fail(at(r, cc, "too many nested parentheses"), true);
        brackets_.push_back({c, r, cc});
        ++pos_;
        push(Tok::Op, r, cc, r, cc + 1, start, pos_);
        continue;
      }
      if (c == ')' || c == ']' || c == '}') {
        if (brackets_.empty()) return fail(at(r, cc, std::string("unmatched '") + c + "'"), true);
        const Bracket open = brackets_.back();
        const char want = open.ch == '(' ? ')' : open.ch == '[' ? ']' : '}';
        if (c != want) {
          std::string m = std::string("closing parenthesis '") + c + "' does not match opening parenthesis '" + open.ch + "'";
          if (open.row != r) m += " on line " + std::to_string(open.row + 1);
          return fail(at(r, cc, m), true);
        }
        brackets_.pop_back();
        ++pos_;
        push(Tok::Op, r, cc, r, cc + 1, start, pos_);
        continue;
      }
      static const char* const kOps[] = {"**=", "//=", ">>=", "<<=", "...", "->", ":=", "**", "//", ">>", "<<", "<=",
                                         ">=",  "==",  "!=",  "<>",  "+=",  "-=",  "*=", "/=", "%=", "&=", "|=", "^=", "@="};
      bool matched = false;
      for (const char* op : kOps) {
        std::string_view o(op);
        if (src_.substr(pos_, o.size()) == o) {
          pos_ += o.size();
          matched = true;
          break;
        }
      }
      if (!matched && std::string_view("+-*/%&|^~<>=.,:;@").find(c) != std::string_view::npos) {
        ++pos_;
        matched = true;
      }
      if (matched) {
        push(Tok::Op, r, cc, r, col(), start, pos_);
        continue;
      }
      // '$', '?', '!', a stray backtick, a non-ASCII symbol.
      if (static_cast<unsigned char>(c) < 0x80) {
        ++pos_;
        push(Tok::Op, r, cc, r, cc + 1, start, pos_);  // an ERRORTOKEN the parser rejects
        continue;
      }
      ++pos_;
      push(Tok::Op, r, cc, r, cc + 1, start, pos_);
    }
  }

  void number(size_t start, uint32_t r, uint32_t cc) {
    auto digits = [&](auto ok) {
      while (ok(static_cast<unsigned char>(cur())) || (cur() == '_' && ok(static_cast<unsigned char>(ahead(1))))) ++pos_;
    };
    auto dec = [](unsigned char ch) { return ch >= '0' && ch <= '9'; };
    const char* kind = "decimal";
    if (cur() == '0' && (ahead(1) == 'x' || ahead(1) == 'X')) {
      pos_ += 2, kind = "hexadecimal";
      digits([](unsigned char ch) { return isxdigit(ch) != 0; });
    } else if (cur() == '0' && (ahead(1) == 'o' || ahead(1) == 'O')) {
      pos_ += 2, kind = "octal";
      digits([](unsigned char ch) { return ch >= '0' && ch <= '7'; });
    } else if (cur() == '0' && (ahead(1) == 'b' || ahead(1) == 'B')) {
      pos_ += 2, kind = "binary";
      digits([](unsigned char ch) { return ch == '0' || ch == '1'; });
    } else {
      kind = nullptr;
    }
    if (kind != nullptr) {
      const size_t after_prefix = start + 2;
      // `0b2`, `0o9`: CPython names the digit; `0x` with no digit at all is an invalid literal.
      if (kind[0] != 'h' && is_digit(static_cast<unsigned char>(cur())))
        return fail(at(r, col(), std::string("invalid digit '") + cur() + "' in " + kind + " literal"), true);
      if (pos_ == after_prefix && cur() != '_')
        return fail(at(r, col() - 1, std::string("invalid ") + kind + " literal"), true);
    } else {
      kind = "decimal";
      digits(dec);
      const std::string_view integer = src_.substr(start, pos_ - start);
      if (integer.size() > 1 && integer[0] == '0' && integer.find_first_not_of("0_") != std::string_view::npos &&
          cur() != '.' && cur() != 'e' && cur() != 'E' && cur() != 'j' && cur() != 'J') {
        // CPython gives this error's column in bytes where its others count characters: after a
        // non-ASCII character its offset, read as characters as everywhere else, is further right.
        const uint32_t shown = character_to_byte_column(cc);
        return fail(at(r, shown, "leading zeros in decimal integer literals are not permitted; use an 0o prefix for "
                                 "octal integers", shown + 1),
                    true);
      }
      if (cur() == '.') {
        ++pos_;
        digits(dec);
      }
      if ((cur() == 'e' || cur() == 'E') &&
          (is_digit(static_cast<unsigned char>(ahead(1))) ||
           ((ahead(1) == '+' || ahead(1) == '-') && is_digit(static_cast<unsigned char>(ahead(2)))))) {
        pos_ += 2;
        digits(dec);
      }
      if ((cur() == 'e' || cur() == 'E') && (ahead(1) == '+' || ahead(1) == '-') &&
          !is_digit(static_cast<unsigned char>(ahead(2)))) {
        // `1e+`: CPython stops after the sign.
        return fail(at(r, col() + 1, "invalid decimal literal"), true);
      }
      if (cur() == 'j' || cur() == 'J') ++pos_, kind = "imaginary";
    }
    if (is_name_char(static_cast<unsigned char>(cur()))) {
      // 3.11 accepts `1if x else y` (with a warning) for these keywords.
      static const char* const kAllowed[] = {"and", "else", "for", "if", "in", "is", "not", "or"};
      for (const char* k : kAllowed) {
        std::string_view kw(k);
        if (src_.substr(pos_, kw.size()) == kw && !is_name_char(static_cast<unsigned char>(ahead(kw.size())))) {
          push(Tok::Number, r, cc, r, col(), start, pos_);
          return;
        }
      }
      // CPython points at the last digit, or past a doubled underscore.
      return fail(at(r, cur() == '_' ? col() : col() - 1, std::string("invalid ") + kind + " literal"), true);
    }
    push(Tok::Number, r, cc, r, col(), start, pos_);
  }

  void string(size_t start, uint32_t r, uint32_t cc, bool raw) {
    const char q = cur();
    const bool triple = ahead(1) == q && ahead(2) == q;
    pos_ += triple ? 3 : 1;
    for (;;) {
      if (pos_ >= src_.size()) {
        // CPython's line count stops at the last line break.
        const uint32_t detected = row_ + (pos_ > line_start_ ? 1 : 0);
        if (triple) {
          return fail(at(r, cc, "unterminated triple-quoted string literal (detected at line " + std::to_string(detected) + ")"),
                      true);
        }
        return fail(at(r, cc, "unterminated string literal (detected at line " + std::to_string(detected) + ")"), true);
      }
      const char c = cur();
      if (c == '\\') {
        ++pos_;
        if (cur() == '\r' && ahead(1) == '\n') ++pos_;
        if (cur() == '\n' || cur() == '\r') {
          ++pos_;
          new_line();
        } else if (pos_ < src_.size()) {
          ++pos_;
        }
        (void)raw;
        continue;
      }
      if (c == '\n' || c == '\r') {
        if (!triple) {
          return fail(at(r, cc, "unterminated string literal (detected at line " + std::to_string(row_ + 1) + ")"), true);
        }
        if (c == '\r' && ahead(1) == '\n') ++pos_;
        ++pos_;
        new_line();
        continue;
      }
      if (c == q && (!triple || (ahead(1) == q && ahead(2) == q))) {
        pos_ += triple ? 3 : 1;
        push(Tok::String, r, cc, row_, col(), start, pos_);
        return;
      }
      ++pos_;
    }
  }

  // The first character of the name src_[from, to) that Python's identifiers cannot hold.
  std::optional<SyntaxError> invalid_character(size_t from, size_t to, uint32_t r, uint32_t cc) const {
    for (size_t i = from; i < to;) {
      const unsigned char b = static_cast<unsigned char>(src_[i]);
      if (b < 0x80) {
        ++i;
        continue;
      }
      size_t len = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1;
      if (i + len > to) len = to - i;
      uint32_t cp = len == 1 ? b : b & (0xFF >> (len + 1));
      for (size_t k = 1; k < len; ++k) cp = (cp << 6) | (static_cast<unsigned char>(src_[i + k]) & 0x3F);
      const CharacterClass kind = classify_character(cp);
      if (kind != CharacterClass::Identifier && !(kind == CharacterClass::ContinueOnly && i != from)) {
        const uint32_t c = cc + static_cast<uint32_t>(i - from);
        char hex[16];
        std::snprintf(hex, sizeof hex, "U+%04X", cp);
        if (kind == CharacterClass::NonPrintable) return at(r, c, std::string("invalid non-printable character ") + hex);
        return at(r, c, "invalid character '" + std::string(src_.substr(i, len)) + "' (" + hex + ")");
      }
      i += len;
    }
    return std::nullopt;
  }

  // CPython's tokenizer limits (MAXLEVEL, MAXINDENT).
  static constexpr size_t kMaxBrackets = 200;
  static constexpr size_t kMaxIndents = 100;

  std::string_view src_;
  size_t pos_ = 0, line_start_ = 0;
  uint32_t row_ = 0;
  uint32_t comment_col_ = UINT32_MAX;  // where a comment started on this line: CPython's NEWLINE starts there
  std::vector<uint32_t> indents_, alt_indents_;
};

// ---------------------------------------------------------------- parser

bool is_keyword(std::string_view s) {
  static const char* const kKeywords[] = {"False", "None",   "True",    "and",    "as",     "assert", "async",
                                          "await", "break",  "class",   "continue", "def",  "del",    "elif",
                                          "else",  "except", "finally", "for",    "from",   "global", "if",
                                          "import", "in",    "is",      "lambda", "nonlocal", "not", "or",
                                          "pass",  "raise",  "return",  "try",    "while",  "with",   "yield"};
  for (const char* k : kKeywords)
    if (s == k) return true;
  return false;
}

// ---------------------------------------------------------------- f-strings

std::optional<PythonSyntaxError> find_error(std::string_view src, bool compiled);

// An error inside an f-string, as CPython 3.11's string_parser.c finds it when the parser
// reaches the string. Most are reported at the token after the strings (RAISE_SYNTAX_ERROR's
// "last token read"); an error in an expression comes from parsing "(" + expression + ")" on
// its own, at that text's column, on the line of the '{'.
struct FstringProblem {
  std::string message;
  std::optional<SyntaxError> inner;  // an expression's own error: row relative to the string's first line
};

class FstringChecker {
 public:
  FstringChecker(std::string_view body, bool raw) : s_(body), raw_(raw) {}

  std::optional<FstringProblem> run() {
    size_t i = 0;
    parse(i, 0);
    if (!problem_ && i < s_.size()) problem_ = FstringProblem{"f-string: unexpected end of string", {}};
    return problem_;
  }

 private:
  // fstring_parse: literals and {expressions} up to the end or, nested in a format spec, a '}'.
  bool parse(size_t& i, int level) {
    for (;;) {
      // fstring_find_literal
      while (i < s_.size()) {
        char ch = s_[i++];
        if (!raw_ && ch == '\\' && i < s_.size()) {
          ch = s_[i++];
          if (ch == 'N' && i < s_.size() && s_[i] == '{') {
            while (i < s_.size() && s_[i] != '}') ++i;
            if (i < s_.size()) ++i;
            continue;
          }
        }
        if (ch == '{' || ch == '}') {
          if (level == 0) {
            if (i < s_.size() && s_[i] == ch) {
              ++i;
              continue;
            }
            if (ch == '}') return fail("f-string: single '}' is not allowed");
          }
          --i;
          break;
        }
      }
      if (i >= s_.size() || s_[i] == '}') break;
      if (!expression(i, level)) return false;
    }
    if (level != 0 && (i >= s_.size() || s_[i] != '}')) return fail("f-string: expecting '}'");
    return true;
  }

  // fstring_find_expr, from the '{'.
  bool expression(size_t& i, int level) {
    if (level >= 2) return fail("f-string: expressions nested too deeply");
    const size_t open = i;
    ++i;
    const size_t start = i;
    char quote = 0;
    bool triple = false;
    std::vector<char> brackets;
    for (; i < s_.size(); ++i) {
      const char ch = s_[i];
      if (ch == '\\') return fail("f-string expression part cannot include a backslash");
      if (quote) {
        if (ch == quote) {
          if (!triple) {
            quote = 0;
          } else if (i + 2 < s_.size() && s_[i + 1] == ch && s_[i + 2] == ch) {
            i += 2;
            quote = 0;
          }
        }
        continue;
      }
      if (ch == '\'' || ch == '"') {
        triple = i + 2 < s_.size() && s_[i + 1] == ch && s_[i + 2] == ch;
        if (triple) i += 2;
        quote = ch;
      } else if (ch == '[' || ch == '{' || ch == '(') {
        if (brackets.size() >= 200) return fail("f-string: too many nested parenthesis");
        brackets.push_back(ch);
      } else if (ch == '#') {
        return fail("f-string expression part cannot include '#'");
      } else if (brackets.empty() && (ch == '!' || ch == ':' || ch == '}' || ch == '=' || ch == '>' || ch == '<')) {
        if (i + 1 < s_.size() && s_[i + 1] == '=' && ch != ':' && ch != '}') {
          ++i;
          continue;
        }
        if (ch == '>' || ch == '<') continue;
        break;
      } else if (ch == ']' || ch == '}' || ch == ')') {
        if (brackets.empty()) return fail(std::string("f-string: unmatched '") + ch + "'");
        const char opening = brackets.back();
        brackets.pop_back();
        if (!((opening == '(' && ch == ')') || (opening == '[' && ch == ']') || (opening == '{' && ch == '}'))) {
          return fail(std::string("f-string: closing parenthesis '") + ch + "' does not match opening parenthesis '" +
                      opening + "'");
        }
      }
    }
    if (quote) return fail("f-string: unterminated string");
    if (!brackets.empty()) return fail(std::string("f-string: unmatched '") + brackets.back() + "'");
    if (i >= s_.size()) return fail("f-string: expecting '}'");
    const std::string_view text = s_.substr(start, i - start);
    if (text.find_first_not_of(" \t\n\r\f\v") == std::string_view::npos) {
      if (s_[i] == '!' || s_[i] == ':' || s_[i] == '=')
        return fail(std::string("f-string: expression required before '") + s_[i] + "'");
      return fail("f-string: empty expression not allowed");
    }
    const std::string parenthesized = "(" + std::string(text) + ")";
    if (std::optional<PythonSyntaxError> e = find_error(parenthesized, /*compiled=*/false)) {
      SyntaxError inner = e->error;
      // The parser's errors say "f-string: "; the tokenizer's own ("invalid decimal literal") do not.
      Tokenizer tokenizer(parenthesized);
      tokenizer.run();
      const bool from_tokenizer = tokenizer.problem_ && tokenizer.problem_->immediate &&
                                  tokenizer.problem_->error.message == inner.message;
      if (!from_tokenizer) inner.message.insert(0, "f-string: ");
      uint32_t lines = 0;
      for (size_t k = 0; k < open; ++k) lines += s_[k] == '\n';
      inner.start.row += lines;
      inner.end.row += lines;
      problem_ = FstringProblem{inner.message, inner};
      return false;
    }
    note_yields(parenthesized, start);
    if (s_[i] == '=') {
      ++i;
      while (i < s_.size() && (s_[i] == ' ' || s_[i] == '\t' || s_[i] == '\n' || s_[i] == '\r' || s_[i] == '\f' ||
                               s_[i] == '\v'))
        ++i;
      if (i >= s_.size()) return fail("f-string: expecting '}'");
    }
    if (s_[i] == '!') {
      ++i;
      if (i >= s_.size()) return fail("f-string: expecting '}'");
      const char conversion = s_[i++];
      if (conversion != 's' && conversion != 'r' && conversion != 'a')
        return fail("f-string: invalid conversion character: expected 's', 'r', or 'a'");
    }
    if (i >= s_.size()) return fail("f-string: expecting '}'");
    if (s_[i] == ':') {
      ++i;
      if (i >= s_.size()) return fail("f-string: expecting '}'");
      if (!parse(i, level + 1)) return false;
    }
    if (i >= s_.size() || s_[i] != '}') return fail("f-string: expecting '}'");
    ++i;
    return true;
  }

  bool fail(std::string message) {
    problem_ = FstringProblem{std::move(message), {}};
    return false;
  }

  // The `yield`s of an expression that parses, `start` its first byte in the body: the
  // compiler's "'yield' outside function" where no function encloses the string. An expression
  // with a lambda is left alone (its yield may be the lambda's).
  void note_yields(std::string_view parenthesized, size_t start) {
    Tokenizer tokenizer(parenthesized);
    tokenizer.run();
    std::vector<size_t> line_starts{0};
    for (size_t k = 0; k < parenthesized.size(); ++k)
      if (parenthesized[k] == '\n') line_starts.push_back(k + 1);
    std::vector<size_t> found;
    for (const Token& t : tokenizer.tokens_) {
      if (t.type != Tok::Name) continue;
      if (t.text == "lambda") return;
      if (t.text == "yield" && t.row < line_starts.size()) found.push_back(start + line_starts[t.row] + t.col - 1);
    }
    yields_.insert(yields_.end(), found.begin(), found.end());
  }

 public:
  std::vector<size_t> yields_;  // byte offsets in the body

 private:
  std::string_view s_;
  bool raw_;
  std::optional<FstringProblem> problem_;
};

// The f-string's body (between its quotes) in a STRING token, if it is an f-string.
struct FstringBody {
  std::string_view text;
  size_t offset;  // in the token
  bool raw;
};
std::optional<FstringBody> fstring_body(std::string_view token) {
  size_t prefix = 0;
  bool f = false, raw = false;
  while (prefix < token.size() && token[prefix] != '\'' && token[prefix] != '"') {
    const char c = static_cast<char>(token[prefix] | 0x20);
    f = f || c == 'f';
    raw = raw || c == 'r';
    ++prefix;
  }
  if (!f || prefix >= token.size()) return std::nullopt;
  const char q = token[prefix];
  const bool triple = prefix + 2 < token.size() && token[prefix + 1] == q && token[prefix + 2] == q &&
                      token.size() >= prefix + 6;
  const size_t quotes = triple ? 3 : 1;
  if (token.size() < prefix + 2 * quotes) return std::nullopt;
  return FstringBody{token.substr(prefix + quotes, token.size() - prefix - 2 * quotes), prefix + quotes, raw};
}

// The problem in a STRING token's f-string, if it is one and has one.
std::optional<FstringProblem> check_fstring(std::string_view token) {
  std::optional<FstringBody> body = fstring_body(token);
  if (!body) return std::nullopt;
  return FstringChecker(body->text, body->raw).run();
}

// The byte offsets in a STRING token of the `yield`s in its f-string's expressions (a token
// without a problem).
std::vector<size_t> fstring_yields(std::string_view token) {
  std::optional<FstringBody> body = fstring_body(token);
  if (!body || body->text.find("yield") == std::string_view::npos) return {};
  FstringChecker checker(body->text, body->raw);
  checker.run();
  for (size_t& at : checker.yields_) at += body->offset;
  return checker.yields_;
}

struct ReachedTokenizerProblem {};
// Nesting deeper than this pass recurses: no verdict (tree-sitter's stands).
struct TooDeep {};
struct Failed {};
struct Raised {
  SyntaxError error;
  // Raised by CPython's first pass (a string literal's action, _PyPegen_concatenate_strings), so
  // never preceded by an invalid_ rule's error of its second pass (pending_).
  bool first_pass = false;
};

// What an expression is, for CPython's "cannot assign to attribute here".
// Paren: a single target in parentheses, `(x)`, `(a.b)`; ParenOther: any other parenthesized expression.
// ListComp: `[x for x in y]`; Brace: a dict or set display or comprehension (its name read from its tokens).
enum class ExprKind { Name, Attribute, Subscript, Call, Literal, Other, Tuple, List, ListComp, Brace, Paren, ParenOther,
                      Keyword, Test };

struct ExprInfo {
  size_t first, last;  // token indices
  ExprKind kind;
};

class Parser {
 public:
  Parser(const std::vector<Token>& tokens, std::optional<size_t> problem_index)
      : t_(tokens), problem_index_(problem_index) {}

  void file() {
    while (peek().type != Tok::End) statement();
  }

  size_t furthest() const { return furthest_; }

  // True if the statement being parsed starts with `type`: this pass does not
  // know type aliases (3.12), so an error there may be none.
  bool in_match_statement() const { return in_match_; }

  // The error CPython's second pass raises at a statement this pass read as another: `match(x)`
  // is a call, but CPython's invalid_match_stmt reads it as a match statement without its ':'
  // once the file has an error anywhere. `furthest` means the error is at the furthest token
  // (RAISE_SYNTAX_ERROR's "last token read").
  struct Pending {
    SyntaxError error;
    bool at_furthest;
  };
  const std::optional<Pending>& pending() const { return pending_; }

  // The first error of CPython's compiler (after the parser) in a file that parses: `return`
  // outside a function, `break` and `continue` outside a loop, `yield` and `await` where no
  // (async) function encloses them.
  const std::optional<SyntaxError>& compile_error() const { return compile_error_; }

 private:
  // ---- tokens
  const Token& token(size_t i) {
    if (problem_index_ && i >= *problem_index_) {
      furthest_ = std::max(furthest_, i);
      throw ReachedTokenizerProblem{};
    }
    if (i >= t_.size()) i = t_.size() - 1;
    furthest_ = std::max(furthest_, i);
    return t_[i];
  }
  const Token& peek(size_t k = 0) { return token(pos_ + k); }
  bool is_op(std::string_view op, size_t k = 0) {
    const Token& t = peek(k);
    return t.type == Tok::Op && t.text == op;
  }
  bool is_kw(std::string_view kw, size_t k = 0) {
    const Token& t = peek(k);
    return t.type == Tok::Name && t.text == kw;
  }
  bool accept_op(std::string_view op) {
    if (!is_op(op)) return false;
    ++pos_;
    return true;
  }
  bool accept_kw(std::string_view kw) {
    if (!is_kw(kw)) return false;
    ++pos_;
    return true;
  }
  [[noreturn]] void fail() { throw Failed{}; }
  void expect_op(std::string_view op) {
    if (!accept_op(op)) fail();
  }
  void expect_kw(std::string_view kw) {
    if (!accept_kw(kw)) fail();
  }
  void name() {
    const Token& t = peek();
    if (t.type != Tok::Name || is_keyword(t.text)) fail();
    ++pos_;
  }
  [[noreturn]] void raise(SyntaxError e) { throw Raised{std::move(e)}; }
  [[noreturn]] void raise_first_pass(SyntaxError e) { throw Raised{std::move(e), true}; }
  SyntaxError at_token(size_t i, std::string message) {
    const Token& t = t_[std::min(i, t_.size() - 1)];
    return {TSPoint{t.row, t.col}, TSPoint{t.end_row, t.end_col}, std::move(message)};
  }
  SyntaxError over(size_t first, size_t last, std::string message) {
    const Token& a = t_[first];
    const Token& b = t_[std::min(last, t_.size() - 1)];
    return {TSPoint{a.row, a.col}, TSPoint{b.end_row, b.end_col}, std::move(message)};
  }

  bool in_brackets() const { return depth_ > 0; }

  // ---- statements
  // Counts the recursion of statement(), expression() and factor(), which
  // every nesting of blocks, brackets or operators goes through.
  struct Nesting {
    explicit Nesting(int& depth) : depth_(depth) {
      if (++depth_ > kMaxRecursion) {
        --depth_;
        throw TooDeep{};
      }
    }
    ~Nesting() { --depth_; }
    int& depth_;
  };
  static constexpr int kMaxRecursion = 2000;

  void statement() {
    const Nesting nesting(recursion_);
    const Token& t = peek();
    in_match_ = t.type == Tok::Name && t.text == "type";
    if (t.type == Tok::Name) {
      std::string_view w = t.text;
      if (w == "match" && match_statement()) return;
      if (w == "if") return if_statement();
      if (w == "while") return while_statement();
      if (w == "for") return for_statement();
      if (w == "try") return try_statement();
      if (w == "with") return with_statement();
      if (w == "def") return function_def();
      if (w == "class") return class_def();
      if (w == "async" && (is_kw("def", 1) || is_kw("for", 1) || is_kw("with", 1))) {
        if (!is_kw("def", 1) && !scope().async)
          compile_error_at(pos_, "'async " + std::string(t_[pos_ + 1].text) + "' outside async function");
        ++pos_;
        return statement();
      }
    }
    if (t.type == Tok::Op && t.text == "@") return decorated();
    simple_statements();
  }

  // ---- what encloses a statement, for the compiler's errors
  struct Scope {
    bool function, async;
    int loops;
  };
  // A function, lambda or class body for as long as it is parsed.
  struct EnterScope {
    EnterScope(std::vector<Scope>& scopes, Scope s) : scopes_(scopes) { scopes_.push_back(s); }
    ~EnterScope() { scopes_.pop_back(); }
    std::vector<Scope>& scopes_;
  };
  // A loop's body (not its else clause).
  struct EnterLoop {
    explicit EnterLoop(std::vector<Scope>& scopes) : scopes_(scopes), index_(scopes.size() - 1) { ++scopes_[index_].loops; }
    ~EnterLoop() { --scopes_[index_].loops; }
    std::vector<Scope>& scopes_;
    size_t index_;
  };
  const Scope& scope() const { return scopes_.back(); }

  // CPython compiles the statements in order: the first error in the file is the one reported.
  void compile_error_at(size_t token, const std::string& message) { compile_error_at(at_token(token, message)); }
  void compile_error_at(SyntaxError e) {
    if (compile_error_ && (compile_error_->start.row < e.start.row ||
                           (compile_error_->start.row == e.start.row && compile_error_->start.column <= e.start.column)))
      return;
    compile_error_ = std::move(e);
  }

  // ---- CPython's compiler checks of a case's patterns (compiler_pattern*): a name bound twice,
  // or-alternatives binding different names, an irrefutable pattern that hides what follows.
  // Where a check depends on what comes after a pattern (is it an alternative but the last, a
  // sequence's element?), the pattern is read once unchecked to find out, then again checked.
  enum class Irrefutable { Allowed, Forbidden, CaseLevel };  // CaseLevel: known after the match
  struct PatternError {
    SyntaxError error;
    bool case_level_irrefutable;  // an error only in a case that is not the last and has no guard
  };
  struct PatternCheck {
    bool on = false;
    std::vector<std::string> stores;  // the names bound so far (pc->stores)
    Irrefutable irrefutable = Irrefutable::Allowed;
    size_t last = 0;  // the pattern entered last: the compiler's location for its errors (SET_LOC)
    std::vector<PatternError> errors;
  };
  PatternCheck pc_;

  // The compiler's errors of the case's pattern, in its order, and whether a guard follows.
  struct CaseChecks {
    std::vector<PatternError> errors;
    bool guarded;
  };

  // ---- match statements (CPython 3.10's match_stmt and its invalid_ rules)

  // `match` is a soft keyword: CPython tries match_stmt first and reads the line as simple
  // statements if that fails (`match = re.match(...)`, `match(x)`). False where the statement
  // is not a match statement (pos_ back at `match`); a failure inside its cases is the match
  // statement's too, through the simple statements' reading of its header (which fails).
  bool match_statement() {
    const size_t header = pos_;
    const int depth = depth_;
    auto not_a_match = [&] {
      pos_ = header;
      depth_ = depth;
      return false;
    };
    ++pos_;
    try {
      subject();
    } catch (const Failed&) {
      return not_a_match();
    } catch (const Raised& r) {
      if (!pending_) pending_ = Pending{r.error, false};
      return not_a_match();
    }
    if (!is_op(":")) {
      // invalid_match_stmt: `match x` and a line break.
      if (peek().type == Tok::Newline && !pending_) pending_ = Pending{SyntaxError{{}, {}, "expected ':'"}, true};
      return not_a_match();
    }
    ++pos_;
    if (peek().type != Tok::Newline) return not_a_match();
    ++pos_;
    if (peek().type != Tok::Indent) {
      raise(indentation(at_token(pos_, "expected an indented block after 'match' statement on line " +
                                           std::to_string(t_[header].row + 1))));
    }
    ++pos_;
    try {
      // compiler_match_inner: each case's first error, an irrefutable capture at the case's own
      // level counting only in a case that is not the last and has no guard.
      std::vector<CaseChecks> cases{case_block()};
      while (peek().type != Tok::Dedent && peek().type != Tok::End) cases.push_back(case_block());
      if (peek().type == Tok::Dedent) ++pos_;
      for (size_t i = 0; i < cases.size(); ++i) {
        const bool irrefutable_allowed = cases[i].guarded || i + 1 == cases.size();
        for (const PatternError& e : cases[i].errors) {
          if (e.case_level_irrefutable && irrefutable_allowed) continue;
          compile_error_at(e.error);
          break;
        }
      }
    } catch (const Failed&) {
      // CPython's simple statements then read the header, and fail (or raise) there.
      pos_ = header;
      depth_ = depth;
      simple_statements();
      fail();
    }
    return true;
  }

  // subject_expr: `star_named_expression ',' star_named_expressions?` or `named_expression`.
  void subject() {
    const bool star = is_op("*");
    star_named_expression();
    if (accept_op(",")) {
      while (starts_expression()) {
        star_named_expression();
        if (!accept_op(",")) break;
      }
      return;
    }
    if (star) fail();
  }

  CaseChecks case_block() {
    if (!is_kw("case")) fail();
    const size_t header = pos_;
    ++pos_;
    pc_ = PatternCheck{.on = true, .stores = {}, .irrefutable = Irrefutable::CaseLevel, .last = pos_, .errors = {}};
    patterns(pos_);
    pc_.on = false;
    CaseChecks checks{.errors = std::move(pc_.errors), .guarded = is_kw("if")};
    if (accept_kw("if")) named_expression();
    if (!is_op(":")) {
      // invalid_case_block: `case 1` and a line break.
      if (peek().type == Tok::Newline) raise(at_token(pos_, "expected ':'"));
      fail();
    }
    ++pos_;
    block(header, "'case' statement");
    return checks;
  }


  // Saves and restores pc_'s switch or its irrefutable rule over a scope.
  struct Unchecked {
    explicit Unchecked(PatternCheck& pc) : pc_(pc), on_(std::exchange(pc.on, false)) {}
    ~Unchecked() { pc_.on = on_; }
    PatternCheck& pc_;
    bool on_;
  };
  struct IrrefutableRule {
    IrrefutableRule(PatternCheck& pc, Irrefutable rule) : pc_(pc), saved_(std::exchange(pc.irrefutable, rule)) {}
    ~IrrefutableRule() { pc_.irrefutable = saved_; }
    PatternCheck& pc_;
    Irrefutable saved_;
  };

  void store_name(const std::string& name) {
    if (!pc_.on) return;
    if (name == "__debug__") pc_.errors.push_back({at_token(pc_.last, "cannot assign to __debug__"), false});
    else if (std::find(pc_.stores.begin(), pc_.stores.end(), name) != pc_.stores.end())
      pc_.errors.push_back({at_token(pc_.last, "multiple assignments to name '" + name + "' in pattern"), false});
    else pc_.stores.push_back(name);
  }
  // A capture pattern or the wildcard `_` (compiler_pattern_as without a pattern).
  void capture(size_t i) {
    if (!pc_.on) return;
    const std::string name(t_[i].text);
    if (pc_.irrefutable != Irrefutable::Allowed) {
      SyntaxError e = at_token(i, name == "_" ? std::string("wildcard makes remaining patterns unreachable")
                                              : "name capture '" + name + "' makes remaining patterns unreachable");
      const bool case_level = pc_.irrefutable == Irrefutable::CaseLevel;
      pc_.errors.push_back({std::move(e), case_level});
      if (!case_level) return;
    }
    if (name != "_") store_name(name);
  }

  // The compiler's check of a sequence pattern at `location` (its bracket, or its first element
  // without one), made before its elements are compiled: errors found in them come after.
  void check_starred(int stars, size_t errors_before, size_t location) {
    if (!pc_.on || stars < 2) return;
    const auto at = pc_.errors.begin() + static_cast<std::ptrdiff_t>(errors_before);
    pc_.errors.insert(at, {at_token(location, "multiple starred names in sequence pattern"), false});
  }

  // patterns: `open_sequence_pattern` or `pattern`; a sequence's elements may be irrefutable.
  // `location`: the sequence's, for the compiler's errors (the '(' around it, or its first token).
  void patterns(size_t location) {
    const bool star = is_op("*");
    const size_t start = pos_;
    bool sequence = false;
    if (pc_.on) {
      const Unchecked unchecked(pc_);
      maybe_star_pattern();
      sequence = is_op(",");
      pos_ = start;
    }
    const IrrefutableRule rule(pc_, sequence ? Irrefutable::Allowed : pc_.irrefutable);
    const size_t errors_before = pc_.errors.size();
    const int stars = maybe_star_pattern();
    if (accept_op(",")) return check_starred(stars + sequence_rest(), errors_before, location);
    if (star) fail();
  }

  // The optional rest of a sequence after a ',': `','.maybe_star_pattern+ ','?`, as a PEG
  // gather reads it (an element that does not parse ends it). Returns the number of starred names.
  int sequence_rest() {
    int stars = 0;
    for (;;) {
      const size_t before = pos_;
      const int depth = depth_;
      try {
        stars += maybe_star_pattern();
      } catch (const Failed&) {
        pos_ = before;
        depth_ = depth;
        return stars;
      }
      if (!accept_op(",")) return stars;
    }
  }

  // Whether the element was a starred name.
  bool maybe_star_pattern() {
    if (!is_op("*")) {
      pattern();
      return false;
    }
    pc_.last = pos_++;
    // star_pattern: '*' and a capture target or '_'.
    const Token& t = peek();
    if (t.type != Tok::Name || is_keyword(t.text)) fail();
    ++pos_;
    if (t.text != "_" && (is_op(".") || is_op("(") || is_op("="))) fail();
    if (t.text != "_") store_name(std::string(t.text));
    return true;
  }

  // pattern: `or_pattern 'as' pattern_capture_target` or `or_pattern`, with invalid_as_pattern.
  void pattern() {
    or_pattern();
    if (!is_kw("as")) return;
    const size_t as = pos_;
    ++pos_;
    const Token& t = peek();
    if (t.type == Tok::Name && t.text == "_") raise(at_token(pos_, "cannot use '_' as a target"));
    if (t.type == Tok::Name && !is_keyword(t.text)) {
      ++pos_;
      if (is_op(".") || is_op("(") || is_op("=")) pos_ = as;  // no capture target: the `as` is left unread
      else store_name(std::string(t.text));
      return;
    }
    const size_t target = pos_, reached = furthest_;
    const int depth = depth_;
    try {
      expression();
    } catch (const Failed&) {
      pos_ = as;
      furthest_ = std::max(reached, furthest_);
      depth_ = depth;
      return;
    }
    raise(over(target, pos_ - 1, "invalid pattern target"));
  }

  // Each alternative binds its own names, all the same ones; only the last may be irrefutable.
  void or_pattern() {
    const size_t start = pos_;
    std::vector<size_t> alternatives{start};
    {
      const Unchecked unchecked(pc_);
      closed_pattern();
      while (accept_op("|")) {
        alternatives.push_back(pos_);
        closed_pattern();
      }
    }
    if (!pc_.on) return;
    const size_t end = pos_;
    pos_ = start;
    if (alternatives.size() == 1) return closed_pattern();
    std::vector<std::string> outer = std::move(pc_.stores);
    std::optional<std::vector<std::string>> control;
    for (size_t i = 0; i < alternatives.size(); ++i) {
      pc_.stores.clear();
      {
        const IrrefutableRule rule(pc_, i + 1 == alternatives.size() ? pc_.irrefutable : Irrefutable::Forbidden);
        closed_pattern();
      }
      accept_op("|");
      if (!control) {
        control = pc_.stores;
        continue;
      }
      std::vector<std::string> a = *control, b = pc_.stores;
      std::sort(a.begin(), a.end());
      std::sort(b.begin(), b.end());
      if (a != b) {
        pc_.errors.push_back({at_token(pc_.last, "alternative patterns bind different names"), false});
        break;
      }
    }
    pos_ = end;
    pc_.stores = std::move(outer);
    for (const std::string& name : *control) store_name(name);
  }

  // literal, capture, wildcard, value, group, sequence, mapping and class patterns.
  void closed_pattern() {
    pc_.last = pos_;
    const Token& t = peek();
    if (t.type == Tok::Number || (t.type == Tok::Op && t.text == "-")) return number_pattern();
    if (t.type == Tok::String) {
      // compiler_pattern_value: an f-string is no constant.
      const size_t first = pos_;
      atom();
      if (pc_.on && any_fstring(first, pos_))
        pc_.errors.push_back({at_token(first, "patterns may only match literals and attribute lookups"), false});
      return;
    }
    if (t.type == Tok::Name) {
      if (t.text == "None" || t.text == "True" || t.text == "False") return void(++pos_);
      if (is_keyword(t.text)) fail();
      const size_t first = pos_++;
      bool dotted = false;
      while (accept_op(".")) {
        name();
        dotted = true;
      }
      if (is_op("(")) return class_pattern_arguments();
      if (is_op("=")) fail();
      if (!dotted) capture(first);
      return;
    }
    if (t.type != Tok::Op) fail();
    if (t.text == "(") {
      const size_t open = pos_++;
      ++depth_;
      if (!is_op(")")) patterns(open);
      expect_op(")");
      --depth_;
      return;
    }
    if (t.text == "[") {
      const size_t open = pos_++;
      ++depth_;
      const IrrefutableRule rule(pc_, Irrefutable::Allowed);
      const size_t errors_before = pc_.errors.size();
      check_starred(sequence_rest(), errors_before, open);
      expect_op("]");
      --depth_;
      return;
    }
    if (t.text == "{") return mapping_pattern();
    fail();
  }

  static bool imaginary(const Token& t) {
    const char last = t.text.empty() ? '\0' : t.text.back();
    return last == 'j' || last == 'J';
  }

  // `signed_number !('+' | '-')` or complex_number, whose parts must be real and imaginary.
  void number_pattern() {
    accept_op("-");
    if (peek().type != Tok::Number) fail();
    const size_t real = pos_++;
    if (!is_op("+") && !is_op("-")) return;
    if (imaginary(t_[real])) raise(at_token(real, "real number required in complex literal"));
    ++pos_;
    if (peek().type != Tok::Number) fail();
    if (!imaginary(peek())) raise(at_token(pos_, "imaginary number required in complex literal"));
    ++pos_;
  }

  // pattern_capture_target: a name, not '_', not followed by '.', '(' or '='.
  void capture_target() {
    const Token& t = peek();
    if (t.type != Tok::Name || is_keyword(t.text) || t.text == "_") fail();
    ++pos_;
    if (is_op(".") || is_op("(") || is_op("=")) fail();
  }

  void mapping_pattern() {
    const size_t open = pos_++;
    ++depth_;
    const IrrefutableRule rule(pc_, Irrefutable::Allowed);
    const size_t errors_before = pc_.errors.size();
    std::vector<std::pair<size_t, size_t>> keys;  // each key's tokens [first, last)
    while (!is_op("}")) {
      if (accept_op("**")) {
        capture_target();
        store_name(std::string(t_[pos_ - 1].text));
        accept_op(",");
        break;
      }
      // key_value_pattern: (literal_expr | attr) ':' pattern.
      const Token& key = peek();
      const size_t key_first = pos_;
      if (key.type == Tok::Number || (key.type == Tok::Op && key.text == "-")) {
        number_pattern();
      } else if (key.type == Tok::String) {
        atom();
      } else if (key.type == Tok::Name && (key.text == "None" || key.text == "True" || key.text == "False")) {
        ++pos_;
      } else {
        name();
        expect_op(".");
        name();
        while (accept_op(".")) name();
      }
      keys.emplace_back(key_first, pos_);
      expect_op(":");
      pattern();
      if (!accept_op(",")) break;
    }
    expect_op("}");
    --depth_;
    if (!pc_.on) return;
    if (std::optional<std::string> e = mapping_keys_error(keys))
      pc_.errors.insert(pc_.errors.begin() + static_cast<std::ptrdiff_t>(errors_before), {at_token(open, *e), false});
  }

  bool any_fstring(size_t first, size_t last) const {
    for (size_t i = first; i < last; ++i) {
      const std::string_view text = t_[i].text;
      if (t_[i].type == Tok::String && decode_string_prefix(text.substr(0, text.find_first_of("'\""))).fstring) return true;
    }
    return false;
  }

  // compiler_pattern_mapping's checks of the keys, in their order, before the values' patterns:
  // each a constant (not an f-string) or an attribute, no constant twice.
  std::optional<std::string> mapping_keys_error(const std::vector<std::pair<size_t, size_t>>& keys) const {
    std::vector<PatternKey> seen;
    for (const auto& [first, last] : keys) {
      const Token& t = t_[first];
      if (t.type == Tok::String && any_fstring(first, last))
        return "mapping pattern keys may only match literals and attribute lookups";
      PatternKey key;
      if (t.type == Tok::String) {
        std::vector<std::string_view> texts;
        for (size_t i = first; i < last; ++i) texts.push_back(t_[i].text);
        key = string_key(texts);
      } else if (t.type == Tok::Name && (t.text == "None" || t.text == "True" || t.text == "False")) {
        key = keyword_key(t.text);
      } else if (t.type == Tok::Number || t.type == Tok::Op) {
        const bool negative = t.type == Tok::Op;
        const size_t number = first + negative;
        const bool complex = number + 1 < last;
        key = number_key(negative, t_[number].text, complex ? t_[number + 1].text[0] : '\0',
                         complex ? t_[number + 2].text : std::string_view{});
      } else {
        continue;  // an attribute: compared when the pattern runs
      }
      for (const PatternKey& k : seen)
        if (same_key(k, key)) return "mapping pattern checks duplicate key (" + key.repr + ")";
      seen.push_back(std::move(key));
    }
    return std::nullopt;
  }

  // validate_kwd_attrs, before any of the class pattern's arguments is compiled: each attribute
  // name assignable, none twice; an error at the keyword's pattern (`1` in `x=1`).
  void check_keyword_attributes(const std::vector<size_t>& keywords, size_t errors_before) {
    if (!pc_.on) return;
    const std::optional<KeywordProblem> p = keyword_problem(keywords);
    if (!p) return;
    const size_t k = keywords[p->index];
    SyntaxError e = at_token(k + 2, p->repeated ? "attribute name repeated in class pattern: " + std::string(t_[k].text)
                                                : std::string("cannot assign to __debug__"));
    pc_.errors.insert(pc_.errors.begin() + static_cast<std::ptrdiff_t>(errors_before), {std::move(e), false});
  }

  // The first of `keywords` (their name tokens) that is __debug__ or repeats an earlier one, in
  // the order of CPython's validate_keywords and validate_kwd_attrs.
  struct KeywordProblem {
    size_t index;
    bool repeated;
  };
  std::optional<KeywordProblem> keyword_problem(const std::vector<size_t>& keywords) const {
    for (size_t i = 0; i < keywords.size(); ++i) {
      const std::string_view name = t_[keywords[i]].text;
      if (name == "__debug__") return KeywordProblem{i, false};
      for (size_t j = i + 1; j < keywords.size(); ++j)
        if (t_[keywords[j]].text == name) return KeywordProblem{j, true};
    }
    return std::nullopt;
  }

  // A class pattern's arguments: positional patterns, then keyword ones; CPython's
  // invalid_class_pattern names the positional ones after a keyword.
  void class_pattern_arguments() {
    ++pos_;
    ++depth_;
    const IrrefutableRule rule(pc_, Irrefutable::Allowed);
    const size_t errors_before = pc_.errors.size();
    std::vector<size_t> keywords;  // each keyword's name
    while (!is_op(")")) {
      if (peek().type == Tok::Name && !is_keyword(peek().text) && is_op("=", 1)) {
        keywords.push_back(pos_);
        pos_ += 2;
        pattern();
      } else if (!keywords.empty()) {
        const size_t first = pos_;
        pattern();
        size_t last = pos_ - 1;
        while (is_op(",")) {
          const size_t before = pos_;
          const int depth = depth_;
          ++pos_;
          try {
            pattern();
          } catch (const Failed&) {
            pos_ = before;
            depth_ = depth;
            break;
          }
          last = pos_ - 1;
        }
        raise(over(first, last, "positional patterns follow keyword patterns"));
      } else {
        pattern();
      }
      if (!accept_op(",")) break;
    }
    expect_op(")");
    --depth_;
    check_keyword_attributes(keywords, errors_before);
  }

  void simple_statements() {
    for (;;) {
      simple_statement();
      if (accept_op(";")) {
        if (peek().type == Tok::Newline) break;
        continue;
      }
      break;
    }
    if (peek().type != Tok::Newline) fail();
    ++pos_;
  }

  void simple_statement() {
    const Token& t = peek();
    if (t.type == Tok::Name) {
      std::string_view w = t.text;
      if (w == "pass" || w == "break" || w == "continue") {
        if (w == "break" && scope().loops == 0) compile_error_at(pos_, "'break' outside loop");
        if (w == "continue" && scope().loops == 0) compile_error_at(pos_, "'continue' not properly in loop");
        return void(++pos_);
      }
      if (w == "return") {
        if (!scope().function) compile_error_at(pos_, "'return' outside function");
        ++pos_;
        if (!at_statement_end()) star_expressions();
        return;
      }
      if (w == "raise") {
        ++pos_;
        if (!at_statement_end()) {
          expression();
          if (accept_kw("from")) expression();
        }
        return;
      }
      if (w == "global" || w == "nonlocal") {
        ++pos_;
        name();
        while (accept_op(",")) name();
        return;
      }
      if (w == "del") {
        ++pos_;
        const size_t start = pos_;
        bool parsed = false;
        try {
          target_list();
          parsed = at_statement_end();
        } catch (const Failed&) {
        }
        // CPython's invalid_del_stmt: the targets read as expressions, the first that cannot be
        // deleted named (a starred one: "cannot delete starred").
        const size_t end = pos_;
        for (const ExprInfo& e : targets_as_expressions(start)) {
          std::optional<ExprInfo> bad = invalid_star_target(e, /*del=*/true);
          if (!bad) continue;
          const bool starred = t_[bad->first].type == Tok::Op && t_[bad->first].text == "*";
          raise(over(bad->first, bad->last, "cannot delete " + (starred ? std::string("starred") : target_name(*bad))));
        }
        if (std::optional<SyntaxError> e = store_targets_error(targets_as_expressions(start), start, Store::Delete))
          compile_error_at(*e);
        pos_ = end;
        if (!parsed && !at_statement_end()) fail();
        return;
      }
      if (w == "assert") {
        ++pos_;
        expression();
        if (accept_op(",")) expression();
        return;
      }
      if (w == "import") {
        const size_t statement = pos_++;
        do {
          // The name bound: the alias, or the dotted name's first.
          size_t bound = pos_;
          dotted_name();
          if (accept_kw("as")) {
            bound = pos_;
            name();
          }
          debug_binding(bound, statement);
        } while (accept_op(","));
        return;
      }
      if (w == "from") {
        const size_t statement = pos_++;
        bool dots = false;
        while (accept_op(".") || accept_op("...")) dots = true;
        if (!dots || !is_kw("import")) dotted_name();
        expect_kw("import");
        if (accept_op("*")) return;
        const bool paren = accept_op("(");
        if (paren) ++depth_;
        do {
          if (paren && is_op(")")) break;
          // CPython's invalid_import_from_targets: `from a import b,`.
          if (!paren && peek().type == Tok::Newline && t_[pos_ - 1].text == ",")
            raise(at_token(pos_, "trailing comma not allowed without surrounding parentheses"));
          size_t bound = pos_;
          name();
          if (accept_kw("as")) {
            bound = pos_;
            name();
          }
          debug_binding(bound, statement);
        } while (accept_op(","));
        if (paren) {
          expect_op(")");
          --depth_;
        }
        return;
      }
      if (w == "yield") {
        const size_t start = pos_;
        yield_expression();
        // CPython's invalid_assignment: `yield = 1`, `yield x = 1`.
        if (is_op("=")) raise(over(start, pos_ - 1, "assignment to yield expression not possible"));
        return;
      }
    }
    expression_statement();
  }

  bool at_statement_end() { return peek().type == Tok::Newline || is_op(";"); }

  void dotted_name() {
    name();
    while (accept_op(".")) name();
  }

  void expression_statement() {
    const size_t start = pos_;
    try {
      assignment_or_expression();
    } catch (const Failed&) {
      tuple_elements_after_failure(start);
      throw;
    }
    if (!at_statement_end()) {
      const size_t end = pos_;
      tuple_elements_after_failure(start);
      pos_ = end;
    }
  }

  // CPython's invalid_assignment reads `a, b c = 1` as a tuple's elements
  // side by side, and its invalid_named_expression then finds `c = 1`: "Maybe
  // you meant '=='". The first element is not checked, as in CPython.
  void tuple_elements_after_failure(size_t start) {
    const size_t reached = furthest_;
    const int depth = depth_;
    pos_ = start;
    try {
      star_expression();
      if (!accept_op(",")) throw Failed{};
      // Only an element that follows another without a comma is checked.
      for (;;) {
        do {
          if (!starts_expression()) throw Failed{};
          star_expression();
        } while (accept_op(","));
        if (!starts_expression()) break;
        star_named_expression();
        if (!accept_op(",")) continue;
      }
    } catch (const Failed&) {
    } catch (const ReachedTokenizerProblem&) {
    }
    furthest_ = reached;
    depth_ = depth;
  }

  void assignment_or_expression() {
    const bool starred = is_op("*");
    const ExprInfo first = star_expression();
    if (!starred && is_op(":=")) invalid_walrus_target(first);
    bool single = !starred;
    std::vector<ExprInfo> group{first};
    std::vector<bool> tuples{false};  // each group a tuple (a comma in it)
    while (accept_op(",")) {
      single = false;
      tuples[0] = true;
      if (!starts_expression()) break;
      group.push_back(star_expression());
    }
    if (is_op(":")) {
      // CPython's assignment rule takes an annotation only after a single target (a name, an
      // attribute, a subscript, one in parentheses); after anything else the ':' ends the
      // statement and the error is there, unless an annotation follows (invalid_assignment).
      if (single && annotation_target(first)) {
        ++pos_;
        expression();
        if (accept_op("=")) assigned_value();
        if (std::optional<SyntaxError> e = store_target_error(first)) compile_error_at(*e);
        return;
      }
      if (!starred) invalid_annotation_target(first, single);
      return;
    }
    static const char* const kAugmented[] = {"+=", "-=", "*=", "/=", "//=", "%=", "**=", ">>=", "<<=", "&=", "|=", "^=", "@="};
    for (const char* op : kAugmented) {
      if (accept_op(op)) {
        assigned_value();
        // CPython's invalid_assignment: only a name, attribute or subscript can be augmented.
        if (!starred && (!single || !(first.kind == ExprKind::Name || first.kind == ExprKind::Attribute ||
                                      first.kind == ExprKind::Subscript || first.kind == ExprKind::Paren))) {
          raise(over(first.first, first.last, "'" + (single ? target_name(first) : std::string("tuple")) +
                                                  "' is an illegal expression for augmented assignment"));
        }
        if (std::optional<SyntaxError> e = store_target_error(first, Store::Augmented)) compile_error_at(*e);
        return;
      }
    }
    if (!is_op("=")) return;
    // The targets, then the value; each `=` ends a group of targets.
    std::vector<std::vector<ExprInfo>> groups{group};
    size_t value_start = pos_;
    while (accept_op("=")) {
      value_start = pos_;
      if (is_kw("yield")) {
        const size_t start = pos_;
        yield_expression();
        if (is_op("=")) raise(over(start, pos_ - 1, "assignment to yield expression not possible"));
        groups.push_back({});
        tuples.push_back(false);
        continue;
      }
      std::vector<ExprInfo> g{star_expression()};
      tuples.push_back(false);
      while (accept_op(",")) {
        tuples.back() = true;
        if (!starts_expression()) break;
        g.push_back(star_expression());
      }
      groups.push_back(std::move(g));
    }
    invalid_assignment_targets(groups);
    // The compiler's checks of starred expressions: the value's first (an error the compiler
    // found inside it too), then the targets'.
    const std::vector<ExprInfo>& value = groups.back();
    const Token& v = t_[value_start];
    if (compile_error_ && (compile_error_->start.row > v.row ||
                           (compile_error_->start.row == v.row && compile_error_->start.column >= v.col)))
      return;
    std::optional<SyntaxError> e;
    if (!tuples.back() && value.size() == 1 && is_starred(value[0]))
      e = at_token(value[0].first, "can't use starred expression here");
    for (size_t g = 0; g + 1 < groups.size() && !e; ++g)
      e = tuples[g] ? store_targets_error(groups[g], groups[g][0].first) : store_target_error(groups[g][0]);
    if (e) compile_error_at(*e);
  }

  bool is_starred(const ExprInfo& e) const { return t_[e.first].type == Tok::Op && t_[e.first].text == "*"; }

  // The compiler's checks of assignment targets (compiler_visit_expr in a Store context,
  // unpack_helper, forbidden_name), in its order: a starred target only in a tuple or list, one
  // at most in each; no name or attribute __debug__ (an augmented assignment's attribute may be,
  // a deletion's name may not). A target that is a tuple of `elements`, the first at `location`:
  enum class Store { Assign, Augmented, Delete };
  std::optional<SyntaxError> store_targets_error(const std::vector<ExprInfo>& elements, size_t location,
                                                 Store store = Store::Assign) {
    if (store != Store::Delete &&
        std::count_if(elements.begin(), elements.end(), [&](const ExprInfo& x) { return is_starred(x); }) > 1)
      return at_token(location, "multiple starred expressions in assignment");
    for (const ExprInfo& x : elements) {
      // `*name`: the name.
      const ExprInfo target = is_starred(x) ? ExprInfo{x.first + 1, x.last, x.first + 1 == x.last ? ExprKind::Name : ExprKind::Other} : x;
      if (std::optional<SyntaxError> e = store_target_error(target, store)) return e;
    }
    return std::nullopt;
  }
  // ... and a single target (a parenthesized one, a tuple or a list looked into).
  std::optional<SyntaxError> store_target_error(const ExprInfo& e, Store store = Store::Assign) {
    if (is_starred(e) && store != Store::Delete)
      return at_token(e.first, "starred assignment target must be in a list or tuple");
    if (e.kind == ExprKind::Name && t_[e.first].text == "__debug__")
      return at_token(e.first, store == Store::Delete ? "cannot delete __debug__" : "cannot assign to __debug__");
    if (e.kind == ExprKind::Attribute && t_[e.last].text == "__debug__" && store == Store::Assign)
      return at_token(e.first, "cannot assign to __debug__");
    if (e.kind == ExprKind::Paren) {
      const ExprInfo inner = unparenthesized(e);
      return inner.first == e.first ? std::nullopt : store_target_error(inner, store);
    }
    if (e.kind != ExprKind::List && e.kind != ExprKind::Tuple) return std::nullopt;
    const size_t end = pos_, reached = furthest_;
    const int depth = depth_;
    std::vector<ExprInfo> elements;
    pos_ = e.first + 1;
    ++depth_;
    try {
      while (starts_expression()) {
        elements.push_back(star_named_expression());
        if (!accept_op(",")) break;
      }
    } catch (const Failed&) {
      elements.clear();
    }
    pos_ = end;
    furthest_ = reached;
    depth_ = depth;
    return store_targets_error(elements, e.first, store);
  }

  // CPython's invalid_assignment for `targets = ... = value` where a target cannot be assigned:
  // first invalid_named_expression on the first group's last element (`f() = 3`: "cannot assign
  // to function call here. Maybe you meant '=='..."), then the first invalid target ("cannot
  // assign to function call", `f() = g() = 3`).
  void invalid_assignment_targets(const std::vector<std::vector<ExprInfo>>& groups) {
    const size_t end = pos_, reached = furthest_;
    const int depth = depth_;
    auto restore = [&] {
      pos_ = end;
      furthest_ = reached;
      depth_ = depth;
    };
    bool invalid = false;
    for (size_t g = 0; g + 1 < groups.size(); ++g) {
      for (const ExprInfo& e : groups[g]) {
        invalid = invalid || invalid_star_target(e).has_value();
        restore();
      }
    }
    if (!invalid) return;
    const ExprInfo& last = groups[0].back();
    const bool starred = t_[last.first].type == Tok::Op && t_[last.first].text == "*";
    const bool excluded = last.kind == ExprKind::List || last.kind == ExprKind::Tuple || last.kind == ExprKind::Keyword ||
                          last.kind == ExprKind::Test || is_generator(last);
    if (!starred && !excluded) {
      // The value after the '=' must be a bitwise_or not followed by '=' or ':='.
      pos_ = last.last + 2;
      std::optional<ExprInfo> value;
      try {
        if (starts_expression()) value = bitwise_or();
      } catch (const Failed&) {
      }
      const bool alone = value && !is_op("=") && !is_op(":=");
      restore();
      if (alone && last.kind == ExprKind::Name)
        raise(over(last.first, value->last, "invalid syntax. Maybe you meant '==' or ':=' instead of '='?"));
      if (alone) {
        const ExprInfo shown = unparenthesized(last);
        raise(over(shown.first, shown.last,
                   "cannot assign to " + target_name(shown) + " here. Maybe you meant '==' instead of '='?"));
      }
    }
    for (size_t g = 0; g + 1 < groups.size(); ++g) {
      for (const ExprInfo& e : groups[g]) {
        std::optional<ExprInfo> bad = invalid_star_target(e);
        restore();
        if (bad) raise(over(bad->first, bad->last, "cannot assign to " + target_name(*bad)));
      }
    }
    restore();
  }

  bool is_generator(const ExprInfo& e) {
    if (e.kind != ExprKind::ParenOther) return false;
    int d = 0;
    for (size_t i = e.first + 1; i < e.last; ++i) {
      const Token& t = t_[i];
      if (t.type == Tok::Op && (t.text == "(" || t.text == "[" || t.text == "{")) ++d;
      if (t.type == Tok::Op && (t.text == ")" || t.text == "]" || t.text == "}")) --d;
      if (d == 0 && t.type == Tok::Name && t.text == "for") return true;
    }
    return false;
  }

  // What is inside `( ... )` (the AST has no node for the parentheses).
  ExprInfo unparenthesized(const ExprInfo& e) {
    if (e.kind != ExprKind::ParenOther && e.kind != ExprKind::Paren) return e;
    const size_t here = pos_, reached = furthest_;
    const int depth = depth_;
    pos_ = e.first + 1;
    ++depth_;
    ExprInfo inner = e;
    try {
      inner = unparenthesized(star_named_expression());
    } catch (const Failed&) {
    }
    pos_ = here;
    furthest_ = reached;
    depth_ = depth;
    return inner;
  }

  // _PyPegen_get_invalid_target for assignment targets: a comparison is itself invalid; a
  // starred element is its operand; tuples and lists are not looked into.
  // `del`: a deletion's targets, where a starred one is invalid too.
  std::optional<ExprInfo> invalid_star_target(const ExprInfo& e, bool del = false) {
    if (t_[e.first].type == Tok::Op && t_[e.first].text == "*") {
      if (del) return e;
      pos_ = e.first + 1;
      try {
        return invalid_star_target(bitwise_or());
      } catch (const Failed&) {
        return std::nullopt;
      }
    }
    if (is_generator(e)) return e;
    if (e.kind == ExprKind::ParenOther) {
      const ExprInfo inner = unparenthesized(e);
      if (inner.first == e.first) return std::nullopt;
      return invalid_star_target(inner, del);
    }
    if (e.kind == ExprKind::List || e.kind == ExprKind::Tuple) {
      // The elements, in order.
      pos_ = e.first + 1;
      ++depth_;
      try {
        while (starts_expression()) {
          const ExprInfo element = star_named_expression();
          const size_t next = pos_;
          if (std::optional<ExprInfo> bad = invalid_star_target(element, del)) return bad;
          pos_ = next;
          if (!accept_op(",")) break;
        }
      } catch (const Failed&) {
      }
      return std::nullopt;
    }
    if (assignable(e)) return std::nullopt;
    return e;
  }

  static bool annotation_target(const ExprInfo& e) {
    return e.kind == ExprKind::Name || e.kind == ExprKind::Attribute || e.kind == ExprKind::Subscript ||
           e.kind == ExprKind::Paren;
  }

  // CPython's invalid_assignment: `a, b: int` and `f(): int` are errors of their own, raised
  // where the target starts; `f():` with no annotation is not (the caller's ':' is the error).
  void invalid_annotation_target(const ExprInfo& target, bool single) {
    const size_t colon = pos_, reached = furthest_;
    const int depth = depth_;
    ++pos_;
    bool annotated = false;
    if (starts_expression()) {
      try {
        expression();
        annotated = true;
      } catch (const Failed&) {
      }
    }
    pos_ = colon;
    furthest_ = reached;
    depth_ = depth;
    if (!annotated) return;
    if (!single) raise(over(target.first, target.last, "only single target (not tuple) can be annotated"));
    if (target.kind == ExprKind::Tuple || target.kind == ExprKind::List) {
      raise(over(target.first, target.last, std::string("only single target (not ") +
                                                (target.kind == ExprKind::List ? "list" : "tuple") + ") can be annotated"));
    }
    raise(over(target.first, target.last, "illegal target for annotation"));
  }

  void assigned_value() {
    if (is_kw("yield")) return yield_expression();
    star_expressions();
  }

  void yield_expression() {
    if (is_kw("yield") && !scope().function) compile_error_at(pos_, "'yield' outside function");
    expect_kw("yield");
    if (accept_kw("from")) return void(expression());
    if (!at_statement_end() && !is_op(")") && !is_op("]") && !is_op("}") && !is_op("=")) star_expressions();
  }

  // After a compound statement's header: ':' and a block. `what` names the
  // statement for the messages, "'if' statement" or "function definition".
  // `forced`: CPython's grammar demands the ':' right after the keyword
  // (else, try, finally), so anything else there is "expected ':'".
  void colon_and_block(size_t header, const std::string& what, bool forced = false) {
    if (!is_op(":")) {
      if (forced || peek().type == Tok::Newline) raise(at_token(pos_, "expected ':'"));
      fail();
    }
    ++pos_;
    block(header, what);
  }

  void block(size_t header, const std::string& what) {
    if (peek().type != Tok::Newline) return simple_statements();
    ++pos_;
    if (peek().type != Tok::Indent) {
      raise(indentation(at_token(pos_, "expected an indented block after " + what + " on line " +
                                           std::to_string(t_[header].row + 1))));
    }
    ++pos_;
    do statement();
    while (peek().type != Tok::Dedent && peek().type != Tok::End);
    if (peek().type == Tok::Dedent) ++pos_;
  }

  SyntaxError indentation(SyntaxError e) {
    e.message.insert(0, "\x01");  // marks an IndentationError; stripped by the caller
    return e;
  }

  void if_statement() {
    const size_t header = pos_;
    ++pos_;
    named_expression();
    colon_and_block(header, "'if' statement");
    while (is_kw("elif")) {
      const size_t h = pos_;
      ++pos_;
      named_expression();
      colon_and_block(h, "'elif' statement");
    }
    else_block();
  }

  void else_block() {
    if (!is_kw("else")) return;
    const size_t h = pos_;
    ++pos_;
    colon_and_block(h, "'else' statement", true);
  }

  void while_statement() {
    const size_t header = pos_;
    ++pos_;
    named_expression();
    {
      const EnterLoop loop(scopes_);
      colon_and_block(header, "'while' statement");
    }
    else_block();
  }

  void for_statement() {
    const size_t header = pos_;
    ++pos_;
    const size_t targets = pos_;
    std::optional<SyntaxError> starred;
    try {
      const std::vector<ExprInfo> elements = target_list();
      for (const ExprInfo& t : elements)
        if (!assignable(t)) fail();
      starred = elements.size() > 1 || t_[pos_ - 1].text == "," ? store_targets_error(elements, targets)
                                                                : store_target_error(elements[0]);
      expect_kw("in");
    } catch (const Failed&) {
      invalid_for_target(targets);
      throw;
    }
    star_expressions();
    if (starred) compile_error_at(*starred);
    {
      const EnterLoop loop(scopes_);
      colon_and_block(header, "'for' statement");
    }
    else_block();
  }

  // The comma-separated targets from token `start` read as star expressions, as CPython's
  // invalid_* rules re-read them to name the one at fault (none if they do not parse so). The
  // parser's furthest position and depth are left as they were; pos_ is past what was read.
  std::vector<ExprInfo> targets_as_expressions(size_t start) {
    const size_t reached = furthest_;
    const int depth = depth_;
    pos_ = start;
    std::vector<ExprInfo> elements;
    try {
      elements.push_back(star_expression());
      while (accept_op(",")) {
        if (!starts_expression()) break;
        elements.push_back(star_expression());
      }
    } catch (const Failed&) {
      elements.clear();
    }
    furthest_ = reached;
    depth_ = depth;
    return elements;
  }

  // CPython's invalid_for_target: the targets read as expressions, and the first that cannot be
  // assigned to named: `for x (1, 2):` is a call of x, "cannot assign to function call".
  void invalid_for_target(size_t targets) {
    for (const ExprInfo& e : targets_as_expressions(targets)) {
      std::optional<ExprInfo> bad = invalid_target(e);
      if (bad) raise(over(bad->first, bad->last, "cannot assign to " + target_name(*bad)));
    }
  }

  // _PyPegen_get_invalid_target for a for loop's targets, as far as token spans tell it: a
  // starred element is its operand, a comparison starting with `in` its left side; names,
  // attributes and subscripts are valid; a parenthesized group is not looked into.
  std::optional<ExprInfo> invalid_target(const ExprInfo& e) {
    switch (e.kind) {
      case ExprKind::Name:
      case ExprKind::Attribute:
      case ExprKind::Subscript:
      case ExprKind::Paren:
      case ExprKind::ParenOther:
      case ExprKind::Tuple:
      case ExprKind::List:
        return std::nullopt;
      case ExprKind::Other:
        if (t_[e.first].type == Tok::Op && t_[e.first].text == "*") return std::nullopt;
        return e;
      case ExprKind::Test: {
        if (target_name(e) != "comparison") return e;
        int depth = 0;
        for (size_t i = e.first; i <= e.last; ++i) {
          const Token& t = t_[i];
          if (t.type == Tok::Op && (t.text == "(" || t.text == "[" || t.text == "{")) ++depth;
          if (t.type == Tok::Op && (t.text == ")" || t.text == "]" || t.text == "}")) --depth;
          if (depth != 0) continue;
          const bool in = t.type == Tok::Name && t.text == "in" && !(i > e.first && t_[i - 1].text == "not");
          const bool other = (t.type == Tok::Name && (t.text == "is" || t.text == "not")) ||
                             (t.type == Tok::Op && (t.text == "<" || t.text == ">" || t.text == "==" ||
                                                    t.text == "!=" || t.text == "<=" || t.text == ">="));
          if (in) {
            // The left side: re-parsed for its kind.
            const size_t here = pos_, reached = furthest_;
            const int d = depth_;
            pos_ = e.first;
            ExprInfo left = bitwise_or();
            pos_ = here;
            furthest_ = reached;
            depth_ = d;
            return invalid_target(left);
          }
          // A comparison that does not start with `in` is not looked into (CPython returns NULL).
          if (other) return std::nullopt;
        }
        return e;
      }
      default:
        return e;
    }
  }

  void try_statement() {
    const size_t header = pos_;
    ++pos_;
    colon_and_block(header, "'try' statement", true);
    bool handlers = false;
    while (is_kw("except")) {
      handlers = true;
      const size_t h = pos_;
      ++pos_;
      accept_op("*");
      if (!is_op(":") && peek().type != Tok::Newline) {
        const size_t types = pos_;
        expression();
        if (accept_op(",")) {
          expression();
          while (accept_op(",")) expression();
          if (accept_kw("as")) name();
          // CPython's invalid_except_stmt: Python 2's `except E, e:`.
          if (is_op(":")) raise(at_token(types, "multiple exception types must be parenthesized"));
          fail();
        }
        if (accept_kw("as")) {
          name();
          debug_binding(pos_ - 1, h);
        }
      }
      colon_and_block(h, "'except' statement");
    }
    if (handlers) else_block();
    if (is_kw("finally")) {
      const size_t h = pos_;
      ++pos_;
      colon_and_block(h, "'finally' statement", true);
    } else if (!handlers) {
      const Token& next = peek();
      // CPython points at the statement that follows the block: its first token, past its indentation.
      raise(at(next.row, next.type == Tok::Dedent ? next.indent_width : next.col, "expected 'except' or 'finally' block"));
    }
  }

  void with_statement() {
    const size_t header = pos_;
    ++pos_;
    if (is_op("(")) {
      // CPython's parenthesized with-items, `with (a as b, c):`, tried first.
      const size_t open = pos_, reached = furthest_;
      const int depth = depth_;
      bool items = false;
      try {
        ++pos_;
        ++depth_;
        do {
          if (is_op(")") && pos_ > open + 1) break;
          expression();
          if (accept_kw("as")) with_target();
        } while (accept_op(","));
        expect_op(")");
        --depth_;
        items = is_op(":") || peek().type == Tok::Newline;
      } catch (const Failed&) {
      }
      if (items) return colon_and_block(header, "'with' statement");
      pos_ = open;
      furthest_ = reached;
      depth_ = depth;
    }
    do {
      expression();
      if (accept_kw("as")) with_target();
    } while (accept_op(","));
    colon_and_block(header, "'with' statement");
  }

  void with_target() {
    if (std::optional<SyntaxError> e = store_target_error(target())) compile_error_at(*e);
  }

  void decorated() {
    while (accept_op("@")) {
      named_expression();
      if (peek().type != Tok::Newline) fail();
      ++pos_;
    }
    if (accept_kw("async")) {
      if (!is_kw("def")) fail();
    }
    if (is_kw("def")) return function_def();
    if (is_kw("class")) return class_def();
    fail();
  }

  bool is_async(size_t i) const { return t_[i].type == Tok::Name && t_[i].text == "async"; }

  // forbidden_name: the name at token `name` bound by the statement at token `statement` (an
  // import, a def, a class, an except clause) is __debug__.
  void debug_binding(size_t name, size_t statement) {
    if (t_[name].type == Tok::Name && t_[name].text == "__debug__") compile_error_at(statement, "cannot assign to __debug__");
  }

  // Whether a parameter of the list in tokens [first, last) is named __debug__.
  bool debug_parameter(size_t first, size_t last) const {
    int depth = 0;
    for (size_t i = first; i < last; ++i) {
      const Token& t = t_[i];
      if (t.type == Tok::Op && (t.text == "(" || t.text == "[" || t.text == "{")) ++depth;
      if (t.type == Tok::Op && (t.text == ")" || t.text == "]" || t.text == "}")) --depth;
      if (depth == 0 && t.type == Tok::Name && t.text == "__debug__" &&
          (i == first || t_[i - 1].text == "," || t_[i - 1].text == "*" || t_[i - 1].text == "**"))
        return true;
    }
    return false;
  }

  void function_def() {
    const size_t header = pos_;
    ++pos_;
    name();
    if (!is_op("(")) raise(at_token(pos_, "expected '('"));
    ++pos_;
    ++depth_;
    const size_t params = pos_;
    try {
      parameters(")", true);
      // The compiler's errors at the statement (its `async`, where it has one).
      const size_t statement = header > 0 && is_async(header - 1) ? header - 1 : header;
      debug_binding(header + 1, statement);
      if (debug_parameter(params, pos_)) compile_error_at(statement, "cannot assign to __debug__");
      expect_op(")");
    } catch (const Failed&) {
      parenthesized_parameters(params, "Function parameters cannot be parenthesized");
      throw;
    }
    --depth_;
    if (accept_op("->")) forced_colon_annotation();
    // CPython's function_def_raw forces the ':' (`&&':'`): `def f();` is "expected ':'".
    const bool async = header > 0 && is_async(header - 1);
    const EnterScope body(scopes_, Scope{true, async, 0});
    colon_and_block(header, "function definition", /*forced=*/true);
  }

  // The return annotation, followed in CPython's grammar by a forced ':': its
  // PEG parser backs off a failing call or subscript to the longest primary
  // that parses and then demands the ':' right there.
  void forced_colon_annotation() {
    const size_t start = pos_, reached = furthest_;
    const int depth = depth_;
    bool parsed = false;
    try {
      expression();
      parsed = true;
    } catch (const Failed&) {
    } catch (const Raised&) {
    }
    if (parsed) {
      if (!is_op(":")) raise(at_token(pos_, "expected ':'"));
      return;
    }
    pos_ = start;
    furthest_ = reached;
    depth_ = depth;
    try {
      atom();
    } catch (const Failed&) {
      // No annotation at all (`def f() -> :`): the optional `-> expression` is not taken and
      // the forced ':' is missing at the '->'.
      raise(at_token(start - 1, "expected ':'"));
    }
    for (;;) {
      const size_t trailer = pos_;
      try {
        if (accept_op(".")) {
          name();
        } else if (is_op("(") || is_op("[")) {
          const bool call = is_op("(");
          ++pos_;
          ++depth_;
          if (call) arguments(")", start);
          else slices();
          expect_op(call ? ")" : "]");
          --depth_;
        } else {
          break;
        }
      } catch (const Failed&) {
        pos_ = trailer;
        depth_ = depth;
        break;
      } catch (const Raised&) {
        pos_ = trailer;
        depth_ = depth;
        break;
      }
    }
    if (!is_op(":")) raise(at_token(pos_, "expected ':'"));
  }

  void class_def() {
    const size_t header = pos_;
    ++pos_;
    name();
    debug_binding(header + 1, header);
    if (accept_op("(")) {
      ++depth_;
      arguments(")", header);
      expect_op(")");
      --depth_;
    }
    const EnterScope body(scopes_, Scope{false, false, 0});
    colon_and_block(header, "class definition");
  }

  // def and lambda parameters, up to `close`, with CPython's invalid_parameters,
  // invalid_star_etc, invalid_kwds and invalid_default: the slips of order
  // (`def f(**k, a)`, `def f(a, /, b, /)`, `def f(*a, *b)`) and of defaults
  // (`def f(a=)`, `def f(*a=1)`), each at the token CPython names.
  // The token after the current one is `op`: a look the parser's furthest position does not
  // count (a generic "invalid syntax" stays at the current token).
  bool lookahead_op(std::string_view op) const {
    if (problem_index_ && pos_ + 1 >= *problem_index_) return false;
    const Token& t = t_[std::min(pos_ + 1, t_.size() - 1)];
    return t.type == Tok::Op && t.text == op;
  }

  void parameters(std::string_view close, bool annotations) {
    bool defaults = false, star = false, slash = false, kwds = false, any = false;
    auto no_default = [&](const char* message) {
      if (is_op("=")) raise(at_token(pos_, message));
    };
    auto after_kwds = [&] {
      if (kwds) raise(at_token(pos_, "arguments cannot follow var-keyword argument"));
    };
    while (!is_op(close)) {
      if (is_op("/")) {
        after_kwds();
        if (!any) {
          if (lookahead_op(",")) raise(at_token(pos_, "at least one argument must precede /"));
          fail();
        }
        if (star) raise(at_token(pos_, "/ must be ahead of *"));
        if (slash) raise(at_token(pos_, "/ may appear only once"));
        ++pos_;
        slash = true;
        if (is_op("*")) raise(at_token(pos_, "expected comma between / and *"));
      } else if (is_op("**")) {
        after_kwds();
        ++pos_;
        name();
        if (annotations && accept_op(":")) expression();
        no_default("var-keyword argument cannot have default value");
        kwds = true;
      } else if (is_op("*")) {
        after_kwds();
        // CPython's invalid_star_etc: a bare '*' with nothing after it (a def names the '*', a
        // lambda the token after).
        const size_t bare = pos_;
        if (star) {
          const Token& next = t_[std::min(pos_ + 1, t_.size() - 1)];
          if (lookahead_op(",") || (next.type == Tok::Name && !is_keyword(next.text)))
            raise(at_token(bare, "* argument may appear only once"));
          fail();
        }
        ++pos_;
        star = true;
        if (is_op(close) || (is_op(",") && (is_op(close, 1) || is_op("**", 1)))) {
          if (annotations) raise(at_token(bare, "named arguments must follow bare *"));
          raise(at_token(is_op(",") ? pos_ + 1 : pos_, "named arguments must follow bare *"));
        }
        if (!is_op(",") && !is_op(close)) {
          name();
          if (annotations && accept_op(":")) star_expression();
          no_default("var-positional argument cannot have default value");
        }
      } else {
        after_kwds();
        const size_t param = pos_;
        name();
        if (annotations && accept_op(":")) expression();
        if (is_op("=")) {
          // (CPython's lambda parameters have no invalid_default: `lambda a=: 0` is "invalid syntax".)
          if (annotations && (lookahead_op(",") || lookahead_op(close)))
            raise(at_token(pos_, "expected default value expression"));
          ++pos_;
          expression();
          defaults = true;
        } else if (defaults && !star) {
          // CPython's param_no_default ends at ',' or ')': `def f(a=1, b: T := 2)` is a plain
          // "invalid syntax" at the ':='.
          if (!is_op(",") && !is_op(close)) fail();
          raise(at_token(param, "non-default argument follows default argument"));
        }
      }
      any = true;
      if (!accept_op(",")) break;
    }
  }

  // CPython's invalid_parameters / invalid_lambda_parameters: `lambda (x): ...`, `def f((a, b)):`,
  // plain names, then names in parentheses.
  void parenthesized_parameters(size_t start, const char* message) {
    size_t i = start;
    auto is = [&](size_t k, std::string_view op) { return k < t_.size() && t_[k].type == Tok::Op && t_[k].text == op; };
    auto plain = [&](size_t k) { return k < t_.size() && t_[k].type == Tok::Name && !is_keyword(t_[k].text); };
    while (plain(i) && is(i + 1, ",")) i += 2;
    if (!is(i, "(")) return;
    size_t j = i + 1;
    if (!plain(j)) return;
    ++j;
    while (is(j, ",") && plain(j + 1)) j += 2;
    if (is(j, ",")) ++j;
    if (!is(j, ")")) return;
    raise(over(i, j, message));
  }

  // ---- targets (for, with ... as, del): expressions without comparisons
  ExprInfo target() {
    const size_t start = pos_;
    if (accept_op("*")) {
      target();
      return {start, pos_ - 1, ExprKind::Other};
    }
    return bitwise_or();
  }
  std::vector<ExprInfo> target_list() {
    std::vector<ExprInfo> targets{target()};
    while (accept_op(",")) {
      if (is_kw("in") || is_op("=") || at_statement_end()) break;
      targets.push_back(target());
    }
    return targets;
  }

  // Could CPython's star_target rule read this expression? Starred, tuple and list elements
  // are not looked into.
  bool assignable(const ExprInfo& e) const {
    switch (e.kind) {
      case ExprKind::Name:
      case ExprKind::Attribute:
      case ExprKind::Subscript:
      case ExprKind::Paren:
      case ExprKind::Tuple:
      case ExprKind::List:
        return true;
      case ExprKind::Other:
        return t_[e.first].type == Tok::Op && t_[e.first].text == "*";
      default:
        return false;
    }
  }

  bool starts_comprehension() { return is_kw("for") || (is_kw("async") && is_kw("for", 1)); }

  // CPython's invalid_comprehension: `[*a for a in b]`, and `[a, b for a, b in c]` (a list's or
  // set's elements, then the clauses of a comprehension).
  void unpacking_in_comprehension(const ExprInfo& element) {
    if (is_starred(element)) raise(at_token(element.first, "iterable unpacking cannot be used in comprehension"));
  }
  void target_without_parentheses(const ExprInfo& first) {
    if (starts_comprehension()) raise(at_token(first.first, "did you forget parentheses around the comprehension target?"));
  }

  // ---- expressions
  void star_expressions() {
    star_expression();
    while (accept_op(",")) {
      if (!starts_expression()) break;
      star_expression();
    }
  }

  ExprInfo star_expression() {
    const size_t start = pos_;
    if (accept_op("*")) {
      bitwise_or();
      return {start, pos_ - 1, ExprKind::Other};
    }
    return expression();
  }

  // Could this token begin an expression?
  bool starts_expression() {
    const Token& t = peek();
    if (t.type == Tok::Name) {
      if (!is_keyword(t.text)) return true;
      return t.text == "not" || t.text == "lambda" || t.text == "await" || t.text == "None" || t.text == "True" ||
             t.text == "False" || t.text == "yield";
    }
    if (t.type == Tok::Number || t.type == Tok::String) return true;
    if (t.type != Tok::Op) return false;
    return t.text == "(" || t.text == "[" || t.text == "{" || t.text == "-" || t.text == "+" || t.text == "~" ||
           t.text == "..." || t.text == "*";
  }

  ExprInfo named_expression() {
    const size_t start = pos_;
    if (peek().type == Tok::Name && !is_keyword(peek().text) && is_op(":=", 1)) {
      pos_ += 2;
      expression();
      debug_binding(start, start);
      return {start, pos_ - 1, ExprKind::Test};
    }
    ExprInfo e = expression();
    // CPython's invalid_named_expression (not inside expression_without_invalid, where a primary
    // left short, `f (n, k=)`, makes a tuple's element the next thing read): `xs[i] := v` names
    // what cannot be assigned to.
    if (no_invalid_) return e;
    if (is_op(":=")) invalid_walrus_target(e);
    if (is_op("=")) {
      // CPython's invalid_named_expression: `if x = 1:`. Its first pass looks
      // no further than the '='.
      const size_t eq = pos_, reached = furthest_;
      const int depth = depth_;
      try {
        if (e.kind == ExprKind::Name && e.first == e.last) {
          ++pos_;
          if (starts_expression()) {
            ExprInfo rhs = bitwise_or();
            if (!is_op("=") && !is_op(":=")) {
              raise(over(start, rhs.last, "invalid syntax. Maybe you meant '==' or ':=' instead of '='?"));
            }
          }
        } else if (e.kind != ExprKind::Tuple && e.kind != ExprKind::List && e.kind != ExprKind::Keyword &&
                   e.kind != ExprKind::Test && !is_generator(e)) {
          // `if (x) = 2:`: the parentheses are no node of CPython's; what they hold is named.
          const ExprInfo shown = unparenthesized(e);
          ++pos_;
          if (starts_expression()) {
            bitwise_or();
            if (!is_op("=") && !is_op(":=")) {
              raise(over(shown.first, shown.last,
                         "cannot assign to " + target_name(shown) + " here. Maybe you meant '==' instead of '='?"));
            }
          }
        }
      } catch (const Failed&) {
      }
      pos_ = eq;
      furthest_ = reached;
      depth_ = depth;
    }
    return e;
  }

  // `a.b := 1`, `xs[i] := v`: only a name can be the target of ':='. The value must parse.
  void invalid_walrus_target(const ExprInfo& e) {
    if (e.kind == ExprKind::Name) return;
    const size_t here = pos_, reached = furthest_;
    const int depth = depth_;
    ++pos_;
    bool value = false;
    try {
      if (starts_expression()) {
        expression();
        value = true;
      }
    } catch (const Failed&) {
    }
    pos_ = here;
    furthest_ = reached;
    depth_ = depth;
    if (value) raise(over(e.first, e.last, "cannot use assignment expressions with " + target_name(e)));
  }

  // What CPython's _PyPegen_get_expr_name calls an expression, from its tokens: the top-level
  // operator decides (`a < b` is a comparison, `-x` an expression, `None` itself).
  std::string target_name(const ExprInfo& e) {
    const Token& first = t_[e.first];
    switch (e.kind) {
      case ExprKind::Name: return "name";
      case ExprKind::Attribute: return "attribute";
      case ExprKind::Subscript: return "subscript";
      case ExprKind::Call: return "function call";
      case ExprKind::Tuple: return "tuple";
      case ExprKind::ParenOther:
        if (is_generator(e)) return "generator expression";
        return "expression";
      case ExprKind::List: return "list";
      case ExprKind::ListComp:
      case ExprKind::Brace: return display_name(e);
      case ExprKind::Keyword: return std::string(first.text);
      case ExprKind::Literal:
        if (first.type == Tok::Op && first.text == "...") return "ellipsis";
        if (first.type == Tok::String) {
          for (char c : first.text) {
            if (c == '\'' || c == '"') break;
            if (c == 'f' || c == 'F') return "f-string expression";
          }
        }
        return "literal";
      case ExprKind::Test: {
        if (first.type == Tok::Name && first.text == "lambda") return "lambda";
        int depth = 0;
        bool boolean = first.type == Tok::Name && first.text == "not";
        bool comparison = false;
        for (size_t i = e.first; i <= e.last && i < t_.size(); ++i) {
          const Token& t = t_[i];
          if (t.type == Tok::Op && (t.text == "(" || t.text == "[" || t.text == "{")) ++depth;
          if (t.type == Tok::Op && (t.text == ")" || t.text == "]" || t.text == "}")) --depth;
          if (depth != 0) continue;
          if (t.type == Tok::Name && t.text == "if") return "conditional expression";
          if (t.type == Tok::Name && (t.text == "and" || t.text == "or")) boolean = true;
          if ((t.type == Tok::Name && (t.text == "in" || t.text == "is")) ||
              (t.type == Tok::Op && (t.text == "<" || t.text == ">" || t.text == "==" || t.text == "!=" ||
                                     t.text == "<=" || t.text == ">=")))
            comparison = true;
        }
        if (boolean) return "expression";
        if (comparison) return "comparison";
        return "named expression";
      }
      default: return "expression";
    }
  }

  // _PyPegen_get_expr_name of a bracketed display: "list comprehension", "dict literal", "set
  // display", "dict comprehension", "set comprehension", from its tokens at the top level.
  std::string display_name(const ExprInfo& e) const {
    if (e.kind == ExprKind::ListComp) return "list comprehension";
    bool dict = e.last == e.first + 1;  // `{}`
    int depth = 0;
    for (size_t i = e.first + 1; i < e.last && i < t_.size(); ++i) {
      const Token& t = t_[i];
      if (t.type == Tok::Op && (t.text == "(" || t.text == "[" || t.text == "{")) ++depth;
      if (t.type == Tok::Op && (t.text == ")" || t.text == "]" || t.text == "}")) --depth;
      if (depth != 0) continue;
      if (t.type == Tok::Op && (t.text == ":" || (t.text == "**" && i == e.first + 1))) dict = true;
      if (t.type == Tok::Op && t.text == "**" && t_[i - 1].type == Tok::Op && t_[i - 1].text == ",") dict = true;
      if (t.type == Tok::Name && t.text == "for") return dict ? "dict comprehension" : "set comprehension";
    }
    return dict ? "dict literal" : "set display";
  }

  ExprInfo expression() {
    const Nesting nesting(recursion_);
    const size_t start = pos_;
    if (is_kw("lambda")) {
      ++pos_;
      const size_t params = pos_;
      try {
        parameters(":", false);
        if (debug_parameter(params, pos_)) compile_error_at(start, "cannot assign to __debug__");
        expect_op(":");
      } catch (const Failed&) {
        parenthesized_parameters(params, "Lambda expression parameters cannot be parenthesized");
        throw;
      }
      const EnterScope body(scopes_, Scope{true, false, 0});
      expression();
      return {start, pos_ - 1, ExprKind::Test};
    }
    ExprInfo e{};
    try {
      e = disjunction();
    } catch (const Failed&) {
      // `print [x for x in y]`: CPython's second pass tries invalid_legacy_expression first.
      if (is_legacy_statement(start)) legacy_expression(start, /*defer=*/false);
      throw;
    }
    if (is_kw("if")) {
      ++pos_;
      disjunction();
      if (!is_kw("else")) {
        if (!is_op(":")) raise(over(start, pos_ - 1, "expected 'else' after 'if' expression"));
        fail();
      }
      ++pos_;
      expression();
      return {start, pos_ - 1, ExprKind::Test};
    }
    // CPython's invalid_expression: two expressions side by side inside
    // brackets. It skips `NAME STRING` (f"..." and the like) and a first
    // token that is (a prefix of) a soft keyword.
    // _PyPegen_check_legacy_stmt: a first operand that is the name `print` or `exec` is left to
    // invalid_legacy_expression (`[print x]`: "Missing parentheses").
    const bool blocked = (t_[start].type == Tok::Name && t_[start + 1].type == Tok::String) || is_soft_keyword(start);
    const bool legacy = e.kind == ExprKind::Name && e.first == e.last && is_legacy_statement(start);
    if (in_brackets() && !no_invalid_ && starts_expression() && !is_op("*") && !is_op("-") && !is_op("+") &&
        !is_op("~") && !blocked && !legacy) {
      const size_t here = pos_, reached = furthest_;
      const int depth = depth_;
      bool second = false;
      try {
        ExprInfo b = expression_without_invalid();
        second = true;
        raise(over(start, b.last, "invalid syntax. Perhaps you forgot a comma?"));
      } catch (const Failed&) {
        if (second) throw;
      }
      // A PEG parser keeps the longest primary that parses: `a f(1 2)` has `a` and `f` side by side.
      pos_ = here;
      depth_ = 0;
      no_invalid_ = true;
      try {
        atom();
        second = true;
      } catch (const Failed&) {
      }
      no_invalid_ = false;
      depth_ = depth;
      if (second) raise(over(start, pos_ - 1, "invalid syntax. Perhaps you forgot a comma?"));
      pos_ = here;
      furthest_ = reached;
      depth_ = depth;
    }
    if (t_[start].type == Tok::Name && !is_keyword(t_[start].text) && (blocked || is_legacy_statement(start)) &&
        (in_brackets() || is_legacy_statement(start))) {
      legacy_expression(start, /*defer=*/true);
    }
    return e;
  }

  static bool is_legacy_name(std::string_view s) { return s == "print" || s == "exec"; }
  bool is_legacy_statement(size_t i) const { return is_legacy_name(t_[i].text); }

  // CPython's invalid_legacy_expression: a NAME not followed by '(' and then
  // expressions, `print "x"`. Besides its own message, it is how CPython
  // comes to read what follows a soft keyword or a string prefix as an
  // expression of its own, and to find a missing comma there. Tried only
  // where invalid_expression was not, and on a budget, since each try
  // re-reads the rest of the expression. `defer`: the expression parsed as another (`print -1`,
  // `print [1]`, valid Python): its message is CPython's only if the file has an error (pending_).
  void legacy_expression(size_t start, bool defer) {
    if (start + 1 >= t_.size() || (t_[start + 1].type == Tok::Op && t_[start + 1].text == "(")) return;
    if (speculations_ >= kMaxSpeculations) return;
    ++speculations_;
    const size_t here = pos_, reached = furthest_;
    const int depth = depth_;
    pos_ = start + 1;
    bool parsed = false;
    try {
      if (starts_expression()) {
        star_expressions();
        parsed = true;
      }
    } catch (const Failed&) {
    }
    if (parsed && is_legacy_statement(start)) {
      const std::string n(t_[start].text);
      SyntaxError e = over(start, pos_ - 1, "Missing parentheses in call to '" + n + "'. Did you mean " + n + "(...)?");
      if (!defer) raise(e);
      if (!pending_) pending_ = Pending{e, false};
    }
    pos_ = here;
    furthest_ = reached;
    depth_ = depth;
  }

  bool is_soft_keyword(size_t i) {
    // CPython 3.11 compares only the token's length of each soft keyword, so
    // "c", "ma" and "cas" count as soft keywords too.
    const Token& t = t_[i];
    if (t.type != Tok::Name) return false;
    for (std::string_view k : {"_", "case", "match"})
      if (k.substr(0, t.text.size()) == t.text) return true;
    return false;
  }

  // CPython's expression_without_invalid: no invalid_ rule runs inside it, nested brackets included.
  ExprInfo expression_without_invalid() {
    const int saved = depth_;
    const bool saved_flag = no_invalid_;
    depth_ = 0;
    no_invalid_ = true;
    ExprInfo e;
    try {
      e = expression();
    } catch (...) {
      depth_ = saved;
      no_invalid_ = saved_flag;
      throw;
    }
    depth_ = saved;
    no_invalid_ = saved_flag;
    return e;
  }

  // A level of binary operators, CPython's `operand (operator operand)*`: a pair whose operand
  // does not parse is left unread, as a PEG rule leaves it (`x if i % == 0`: the conditional
  // expression's condition is `i`, "expected 'else'"; `x if n % 2 === 0 else y` is the
  // conditional expression without its else).
  struct BinaryLevel {
    ExprInfo (Parser::*operand)();
    bool (Parser::*accept_operator)();
    ExprKind kind;  // of an expression with at least one operator
  };
  ExprInfo binary_level(const BinaryLevel& level) {
    const size_t start = pos_;
    ExprInfo e = (this->*level.operand)();
    bool more = false;
    for (;;) {
      const size_t pair = pos_;
      const int depth = depth_;
      if (!(this->*level.accept_operator)()) break;
      try {
        (this->*level.operand)();
      } catch (const Failed&) {
        pos_ = pair;
        depth_ = depth;
        break;
      }
      more = true;
    }
    return more ? ExprInfo{start, pos_ - 1, level.kind} : e;
  }

  bool accept_or() { return accept_kw("or"); }
  bool accept_and() { return accept_kw("and"); }
  bool accept_comparison_operator() {
    for (const char* o : {"==", "!=", "<", "<=", ">", ">="})
      if (accept_op(o)) return true;
    if (accept_kw("in")) return true;
    if (is_kw("not") && is_kw("in", 1)) {
      pos_ += 2;
      return true;
    }
    if (accept_kw("is")) {
      accept_kw("not");
      return true;
    }
    return false;
  }
  // Every arithmetic and bitwise operator in one level: which binds tighter does not change
  // whether the expression parses.
  bool accept_arithmetic_operator() {
    for (const char* o : {"|", "^", "&", "<<", ">>", "+", "-", "*", "/", "//", "%", "@"})
      if (accept_op(o)) return true;
    return false;
  }

  ExprInfo disjunction() {
    return binary_level({.operand = &Parser::conjunction, .accept_operator = &Parser::accept_or, .kind = ExprKind::Test});
  }
  ExprInfo conjunction() {
    return binary_level({.operand = &Parser::inversion, .accept_operator = &Parser::accept_and, .kind = ExprKind::Test});
  }
  ExprInfo inversion() {
    const size_t start = pos_;
    if (accept_kw("not")) {
      inversion();
      return {start, pos_ - 1, ExprKind::Test};
    }
    return comparison();
  }
  ExprInfo comparison() {
    return binary_level({.operand = &Parser::bitwise_or,
                         .accept_operator = &Parser::accept_comparison_operator,
                         .kind = ExprKind::Test});
  }
  ExprInfo bitwise_or() {
    return binary_level({.operand = &Parser::factor,
                         .accept_operator = &Parser::accept_arithmetic_operator,
                         .kind = ExprKind::Other});
  }

  ExprInfo factor() {
    const Nesting nesting(recursion_);
    const size_t start = pos_;
    if (accept_op("-") || accept_op("+") || accept_op("~")) {
      factor();
      return {start, pos_ - 1, ExprKind::Other};
    }
    if (is_kw("await")) {
      if (!scope().async)
        compile_error_at(pos_, scope().function ? "'await' outside async function" : "'await' outside function");
      ++pos_;
    }
    ExprInfo e = primary();
    if (accept_op("**")) {
      factor();
      return {start, pos_ - 1, ExprKind::Other};
    }
    return e;
  }

  // CPython's left-recursive primary keeps the longest prefix that parses: a trailer that does not
  // parse is left unread, so `"sums:" [s for k in r]` is the string, then a second expression
  // (invalid_expression's "forgot a comma?"). The furthest token read still places a plain error.
  ExprInfo primary() {
    const size_t start = pos_;
    ExprKind kind = atom();
    for (;;) {
      const size_t trailer = pos_;
      const int depth = depth_;
      try {
        if (accept_op(".")) {
          name();
          kind = ExprKind::Attribute;
        } else if (is_op("(")) {
          ++pos_;
          ++depth_;
          arguments(")", start);
          expect_op(")");
          --depth_;
          kind = ExprKind::Call;
        } else if (is_op("[")) {
          ++pos_;
          ++depth_;
          slices();
          expect_op("]");
          --depth_;
          kind = ExprKind::Subscript;
        } else {
          break;
        }
      } catch (const Failed&) {
        pos_ = trailer;
        depth_ = depth;
        break;
      }
    }
    return {start, pos_ - 1, kind};
  }

  void slices() {
    // `a[]` is "invalid syntax" at the ']'; a trailing comma (`a[1,]`) is not.
    slice();
    while (accept_op(",")) {
      if (is_op("]")) break;
      slice();
    }
  }

  void slice() {
    if (accept_op("*")) return void(bitwise_or());
    if (!is_op(":")) {
      if (is_op(":", 0)) {
      }
      const size_t before = pos_;
      named_expression();
      (void)before;
      if (!is_op(":")) return;
    }
    expect_op(":");
    if (!is_op(":") && !is_op(",") && !is_op("]")) expression();
    if (accept_op(":")) {
      if (!is_op(",") && !is_op("]")) expression();
    }
  }

  // Call arguments (and class bases) up to `close`; `owner`: where the call (the class) starts.
  void arguments(std::string_view close, size_t owner) {
    bool keywords = false, unpacked_keywords = false;
    std::vector<size_t> names;  // the keywords' names
    const char* misplaced = nullptr;  // a positional argument after keywords
    std::optional<size_t> generator;  // the first unparenthesized generator expression
    size_t count = 0;
    bool trailing_comma = false;
    while (!is_op(close)) {
      ++count;
      trailing_comma = false;
      if (accept_op("**")) {
        expression();
        keywords = unpacked_keywords = true;
      } else if (is_op("*")) {
        if (unpacked_keywords) raise(at_token(pos_, "iterable argument unpacking follows keyword argument unpacking"));
        const size_t star = pos_++;
        expression();
        // CPython's invalid_comprehension (the call's '(' then `*a for a in b`) or, after other
        // arguments, its invalid_arguments.
        if (starts_comprehension() && !keywords)
          raise(at_token(star, count == 1 ? "iterable unpacking cannot be used in comprehension"
                                          : "Generator expression must be parenthesized"));
      } else if (peek().type == Tok::Name && !is_keyword(peek().text) && is_op("=", 1)) {
        names.push_back(pos_);
        pos_ += 2;
        expression();
        keywords = true;
      } else if (peek().type == Tok::Name && !is_keyword(peek().text) && is_op(":=", 1)) {
        // A named expression is a positional argument (`f(a=1, b:=2)`).
        if (keywords && !misplaced) {
          misplaced = unpacked_keywords ? "positional argument follows keyword argument unpacking"
                                        : "positional argument follows keyword argument";
        }
        pos_ += 2;
        expression();
      } else {
        if (keywords && !misplaced) {
          misplaced = unpacked_keywords ? "positional argument follows keyword argument unpacking"
                                        : "positional argument follows keyword argument";
        }
        const ExprInfo e = expression();
        if (is_kw("for") || (is_kw("async") && is_kw("for", 1))) {
          comprehension();
          if (!generator) generator = e.first;
        }
        if (is_op("=")) {
          // CPython's invalid_kwarg: `f(a.b = 1)`, `f(g(x) = y)` (a name before '=' is a keyword).
          const Token& first = t_[e.first];
          if (e.kind == ExprKind::Keyword) raise(over(e.first, pos_, "cannot assign to " + std::string(first.text)));
          raise(over(unparenthesized(e).first, pos_, "expression cannot contain assignment, perhaps you meant \"==\"?"));
        }
      }
      if (!accept_op(",")) break;
      trailing_comma = true;
    }
    // CPython's invalid_arguments: a generator expression is an argument of its own.
    if (generator && (count > 1 || trailing_comma) && is_op(close))
      raise(at_token(*generator, "Generator expression must be parenthesized"));
    // CPython reports it where its parser had got to.
    if (misplaced) {
      peek();
      raise(at_token(furthest_, misplaced));
    }
    // The compiler's validate_keywords.
    if (const std::optional<KeywordProblem> p = keyword_problem(names)) {
      if (p->repeated) compile_error_at(names[p->index], "keyword argument repeated: " + std::string(t_[names[p->index]].text));
      else compile_error_at(owner, "cannot assign to __debug__");
    }
  }

  void comprehension() {
    while (is_kw("for") || (is_kw("async") && is_kw("for", 1))) {
      accept_kw("async");
      ++pos_;
      const size_t target = pos_;
      try {
        const std::vector<ExprInfo> elements = target_list();
        for (const ExprInfo& t : elements)
          if (!assignable(t)) fail();
        if (std::optional<SyntaxError> e = elements.size() > 1 || t_[pos_ - 1].text == ","
                                               ? store_targets_error(elements, target)
                                               : store_target_error(elements[0]))
          compile_error_at(*e);
      } catch (const Failed&) {
        // CPython's invalid_for_target: `[x for 1 in y]`, `[x for f() in y]`.
        invalid_for_target(target);
        throw;
      }
      if (!is_kw("in")) {
        // CPython's invalid_for_target reads the target as expressions, so
        // `for x ni y` is two of them side by side: "forgot a comma?".
        const size_t reached = furthest_;
        const int depth = depth_;
        pos_ = target;
        try {
          star_expressions();
        } catch (const Failed&) {
        }
        furthest_ = reached;
        depth_ = depth;
        fail();
      }
      ++pos_;
      disjunction();
      while (accept_kw("if")) disjunction();
    }
  }

  ExprKind atom() {
    const Token& t = peek();
    if (t.type == Tok::Name) {
      if (t.text == "None" || t.text == "True" || t.text == "False") {
        ++pos_;
        return ExprKind::Keyword;
      }
      if (is_keyword(t.text)) fail();
      ++pos_;
      return ExprKind::Name;
    }
    if (t.type == Tok::Number) {
      ++pos_;
      return ExprKind::Literal;
    }
    if (t.type == Tok::String) {
      const size_t first = pos_;
      while (peek().type == Tok::String) ++pos_;
      // CPython's _PyPegen_concatenate_strings, literal by literal: a non-ASCII byte in a bytes
      // literal (named at that literal), bytes after str or str after bytes (at the token after
      // the literals), then the f-string's own errors.
      const auto is_bytes = [&](size_t i) {
        const std::string_view text = t_[i].text;
        return text.substr(0, text.find_first_of("'\"")).find_first_of("bB") != std::string_view::npos;
      };
      for (size_t i = first; i < pos_; ++i) {
        if (is_bytes(i))
          for (char ch : t_[i].text)
            if (static_cast<unsigned char>(ch) >= 0x80) raise_first_pass(over(i, i, "bytes can only contain ASCII literal characters"));
        if (is_bytes(i) != is_bytes(first)) raise_first_pass(at_token(pos_, "cannot mix bytes and nonbytes literals"));
        if (std::optional<FstringProblem> f = check_fstring(t_[i].text)) {
          if (f->inner) {
            SyntaxError e = *f->inner;
            e.start.row += t_[i].row;
            e.end.row += t_[i].row;
            raise_first_pass(e);
          }
          raise_first_pass(at_token(pos_, f->message));
        }
        if (!scope().function) {
          for (size_t at : fstring_yields(t_[i].text)) {
            // The yield's own line and column (CPython 3.11 places an f-string's nodes so).
            const std::string_view text = t_[i].text;
            const size_t line = text.rfind('\n', at);
            const auto rows = static_cast<uint32_t>(std::count(text.begin(), text.begin() + at, '\n'));
            const TSPoint p{t_[i].row + rows, static_cast<uint32_t>(line == std::string_view::npos ? t_[i].col + at : at - line - 1)};
            compile_error_at(SyntaxError{p, {p.row, p.column + 5}, "'yield' outside function"});
          }
        }
      }
      return ExprKind::Literal;
    }
    if (t.type != Tok::Op) fail();
    if (t.text == "...") {
      ++pos_;
      return ExprKind::Literal;
    }
    if (t.text == "(") {
      ++pos_;
      ++depth_;
      ExprKind kind = ExprKind::ParenOther;
      if (is_op(")")) {
        kind = ExprKind::Tuple;
      } else if (is_kw("yield")) {
        yield_expression();
      } else {
        if (is_op("**")) {
          // CPython's invalid_group.
          const size_t star = pos_, reached = furthest_;
          ++pos_;
          try {
            expression();
            if (is_op(")")) raise(over(star, pos_ - 1, "cannot use double starred expression here"));
          } catch (const Failed&) {
          }
          pos_ = star;
          furthest_ = reached;
          fail();
        }
        const ExprInfo inner = star_named_expression();
        if (is_op(")") && t_[inner.first].type == Tok::Op && t_[inner.first].text == "*")
          raise(over(inner.first, inner.last, "cannot use starred expression here"));
        // CPython's single_target: a name, attribute or subscript, in any number of parentheses.
        if (inner.kind == ExprKind::Name || inner.kind == ExprKind::Attribute || inner.kind == ExprKind::Subscript ||
            inner.kind == ExprKind::Paren)
          kind = ExprKind::Paren;
        if (starts_comprehension()) {
          kind = ExprKind::ParenOther;
          unpacking_in_comprehension(inner);
          comprehension();
        } else {
          while (accept_op(",")) {
            kind = ExprKind::Tuple;
            if (is_op(")")) break;
            star_named_expression();
          }
        }
      }
      expect_op(")");
      --depth_;
      return kind;
    }
    if (t.text == "[") {
      ++pos_;
      ++depth_;
      ExprKind kind = ExprKind::List;
      if (!is_op("]")) {
        const ExprInfo first = star_named_expression();
        if (starts_comprehension()) {
          unpacking_in_comprehension(first);
          comprehension();
          kind = ExprKind::ListComp;
        } else {
          while (accept_op(",")) {
            if (is_op("]") || starts_comprehension()) break;
            star_named_expression();
          }
          target_without_parentheses(first);
        }
      }
      expect_op("]");
      --depth_;
      return kind;
    }
    if (t.text == "{") {
      ++pos_;
      ++depth_;
      if (!is_op("}")) {
        bool dict = false;
        std::optional<ExprInfo> element;  // a set's first
        if (is_op("**")) {
          const size_t star = pos_++;
          bitwise_or();
          dict = true;
          // CPython's invalid_dict_comprehension.
          if (starts_comprehension()) raise(at_token(star, "dict unpacking cannot be used in dict comprehension"));
        } else {
          const ExprInfo first = star_named_expression();
          const bool starred = t_[first.first].type == Tok::Op && t_[first.first].text == "*";
          if (starred || !is_op(":")) element = first;
          if (!starred && accept_op(":")) {  // `{*a: 1}` is no dict
            dict = true;
            if (is_op("}") || is_op(",")) raise(at_token(pos_ - 1, "expression expected after dictionary key and ':'"));
            expression();
          }
        }
        if (is_kw("for") || (is_kw("async") && is_kw("for", 1))) {
          if (!dict && element) unpacking_in_comprehension(*element);
          comprehension();
        } else {
          while (accept_op(",")) {
            if (is_op("}") || (!dict && starts_comprehension())) break;
            if (dict) {
              if (accept_op("**")) {
                bitwise_or();
              } else {
                // CPython's invalid_kvpair, at the key's last character.
                const ExprInfo key = expression();
                if (!is_op(":")) {
                  const Token& k = t_[key.last];
                  raise(SyntaxError{TSPoint{k.end_row, k.end_col - 1}, TSPoint{k.end_row, k.end_col},
                                    "':' expected after dictionary key"});
                }
                ++pos_;
                if (is_op("}") || is_op(",")) raise(at_token(pos_ - 1, "expression expected after dictionary key and ':'"));
                expression();
              }
            } else {
              star_named_expression();
            }
          }
          if (!dict && element) target_without_parentheses(*element);
        }
      }
      expect_op("}");
      --depth_;
      return ExprKind::Brace;
    }
    fail();
  }

  ExprInfo star_named_expression() {
    const size_t start = pos_;
    if (accept_op("*")) {
      bitwise_or();
      return {start, pos_ - 1, ExprKind::Other};
    }
    return named_expression();
  }

  const std::vector<Token>& t_;
  std::optional<size_t> problem_index_;
  size_t pos_ = 0;
  size_t furthest_ = 0;
  int depth_ = 0;
  int recursion_ = 0;
  bool in_match_ = false;
  std::optional<Pending> pending_;
  std::vector<Scope> scopes_{Scope{false, false, 0}};
  std::optional<SyntaxError> compile_error_;
  bool no_invalid_ = false;  // inside expression_without_invalid
  static constexpr int kMaxSpeculations = 10000;
  int speculations_ = 0;
};

SyntaxError strip_marker(SyntaxError e) {
  if (!e.message.empty() && e.message[0] == '\x01') e.message.erase(0, 1);
  return e;
}

// `compiled`: the compiler's errors too (not for an f-string's expression, parsed on its own).
std::optional<PythonSyntaxError> find_error(std::string_view src, bool compiled) {
  Tokenizer tokenizer(src);
  tokenizer.run();
  std::vector<Token>& tokens = tokenizer.tokens_;
  const std::optional<TokenizerProblem>& problem = tokenizer.problem_;
  if (tokens.empty() || tokens.back().type != Tok::End) {
    // The tokenizer stopped early: the parser meets the problem where it stopped.
    const uint32_t row = tokens.empty() ? 0 : tokens.back().end_row;
    tokens.push_back(Token{Tok::End, {}, row, 0, row, 0});
  }
  std::optional<size_t> problem_index;
  if (problem) problem_index = problem->index;

  Parser parser(tokens, problem_index);
  std::optional<SyntaxError> parsed;
  bool generic = false, first_pass = false;
  try {
    parser.file();
    if (!problem) {
      if (compiled && parser.compile_error()) return PythonSyntaxError{*parser.compile_error(), true, true};
      return std::nullopt;
    }
  } catch (const ReachedTokenizerProblem&) {
    return PythonSyntaxError{problem->error, true};
  } catch (const TooDeep&) {
    return std::nullopt;
  } catch (const Raised& r) {
    parsed = strip_marker(r.error);
    first_pass = r.first_pass;
  } catch (const Failed&) {
    generic = true;
  }
  // The file has an error: CPython's second pass raises first at an earlier statement whose
  // invalid_ rule this pass only noted (`match(x)` then an error further on: "expected ':'").
  if ((parsed || generic) && !first_pass && parser.pending()) {
    const size_t reached = std::min(parser.furthest(), tokens.size() - 1);
    SyntaxError e = parser.pending()->error;
    if (parser.pending()->at_furthest) e = SyntaxError{TSPoint{tokens[reached].row, tokens[reached].col},
                                                       TSPoint{tokens[reached].end_row, tokens[reached].end_col},
                                                       e.message};
    parsed = strip_marker(e);
    generic = false;
  }
  if (!parsed && !generic) {
    // Parsed to the end without meeting a problem the tokenizer found further on.
    return PythonSyntaxError{problem->error, true};
  }
  const size_t last = std::min(parser.furthest(), tokens.size() - 1);
  if (generic) {
    const Token& t = tokens[last];
    if (t.type == Tok::Indent) return PythonSyntaxError{at(t.row, t.indent_width ? t.indent_width - 1 : 0, "unexpected indent"), true};
    if (t.type == Tok::Dedent) return PythonSyntaxError{at(t.row, t.indent_width ? t.indent_width - 1 : 0, "unexpected unindent"), true};
    parsed = SyntaxError{TSPoint{t.row, t.col}, TSPoint{t.end_row, t.end_col}, "invalid syntax"};
  }
  // CPython then tokenizes the rest of the file: a tokenizer error further on
  // takes precedence, and so does a bracket left open on an earlier line.
  if (problem) {
    if (problem->immediate) return PythonSyntaxError{problem->error, true};
    if (problem->eof_in_brackets && problem->error.start.row < tokens[last].row) {
      return PythonSyntaxError{problem->error, true};
    }
  }
  return PythonSyntaxError{*parsed, !parser.in_match_statement()};
}

}  // namespace

std::optional<PythonSyntaxError> find_python_syntax_error(std::string_view src) {
  return find_error(src, /*compiled=*/true);
}

}  // namespace py2cuda::frontend
