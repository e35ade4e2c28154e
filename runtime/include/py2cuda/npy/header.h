// py2cuda runtime: the header of a .npy file (see npy.h), parsed and written.
//
// The header is a Python dict literal, as numpy's repr() writes it:
//   {'descr': '<f4', 'fortran_order': False, 'shape': (3,), }
// after the magic "\x93NUMPY", the format version (2 bytes) and the header's
// length (uint16 in version 1.0, uint32 in 2.0 and 3.0, little-endian), padded with
// spaces and a newline so that the data after it starts 64-byte aligned.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "../error.h"
#include "dtype.h"

namespace py2cuda::detail {

// What a header says.
struct NpyHeader {
  std::string descr;  // as written: checked against kNpyDTypes by the reader
  std::vector<int64_t> shape;
  bool fortran = false;
};

// "(3,)", "(2, 3)", "()": a shape as Python prints the tuple.
inline std::string npy_shape_text(const std::vector<int64_t>& shape) {
  std::string text = "(";
  for (std::size_t d = 0; d < shape.size(); ++d) text += (d ? ", " : "") + std::to_string(shape[d]);
  return text + (shape.size() == 1 ? ",)" : ")");
}

// Text of the file for a one-line message: printable ASCII as it is, any other
// byte (a newline, a terminal escape, UTF-8) as Python's repr writes it ("\\n",
// "\\x1b"), cut at `limit` characters with "...".
inline std::string npy_shown(std::string_view text, std::size_t limit = 120) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string shown;
  for (const char c : text.substr(0, limit)) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '\\') {
      shown += "\\\\";
    } else if (byte >= 0x20 && byte < 0x7f) {
      shown += c;
    } else if (c == '\n' || c == '\r' || c == '\t') {
      shown += c == '\n' ? "\\n" : c == '\r' ? "\\r" : "\\t";
    } else {
      shown += "\\x";
      shown += kHex[byte >> 4];
      shown += kHex[byte & 0xF];
    }
  }
  return text.size() > limit ? shown + "..." : shown;
}

inline constexpr char kNpyMagic[] = "\x93NUMPY";
inline constexpr std::size_t kNpyMagicSize = 6;
inline constexpr std::size_t kNpyPrefixSize = 8;  // the magic and the version

// Parses the header dict. numpy writes it with repr(), so only a small part of
// Python's literal syntax occurs: strings, True/False, tuples of integers (with
// Python 2's "3L" suffix in old files). Requires exactly numpy's three keys, as
// numpy does.
class NpyHeaderParser {
 public:
  NpyHeaderParser(std::string_view text, const std::string& file) : text_(text), file_(file) {}

  // Fills `out` from the header text.
  void parse(NpyHeader& out) {
    skip_space();
    if (!consume('{')) fail("the header is not a Python dict");
    bool have_descr = false, have_fortran = false, have_shape = false;
    for (;;) {
      skip_space();
      if (consume('}')) break;
      const std::string key = parse_string("a key");
      skip_space();
      if (!consume(':')) fail("expected ':' after the key '" + npy_shown(key) + "'");
      skip_space();
      if (key == "descr") {
        if (have_descr) fail("the key 'descr' appears twice");
        if (peek() == '[') {
          throw Error(file_ + ": holds a structured dtype (its descr is a list), which is not supported");
        }
        out.descr = parse_string("the descr");
        have_descr = true;
      } else if (key == "fortran_order") {
        if (have_fortran) fail("the key 'fortran_order' appears twice");
        out.fortran = parse_bool();
        have_fortran = true;
      } else if (key == "shape") {
        if (have_shape) fail("the key 'shape' appears twice");
        out.shape = parse_shape();
        have_shape = true;
      } else {
        fail("unexpected key '" + npy_shown(key) + "' (expected 'descr', 'fortran_order' and 'shape')");
      }
      skip_space();
      if (consume(',')) continue;
      if (consume('}')) break;
      fail("expected ',' or '}' after the value of '" + npy_shown(key) + "'");
    }
    skip_space();
    if (pos_ != text_.size()) fail("text after the dict");
    if (!have_descr) fail("the key 'descr' is missing");
    if (!have_fortran) fail("the key 'fortran_order' is missing");
    if (!have_shape) fail("the key 'shape' is missing");
  }

 private:
  [[noreturn]] void fail(const std::string& problem) const {
    // The header on one line, shortened: enough to see what is wrong. Its padding
    // (spaces, then the newline numpy ends it with) is left out.
    std::string_view header = text_;
    while (!header.empty() && (header.back() == ' ' || header.back() == '\n')) header.remove_suffix(1);
    throw Error(file_ + ": malformed .npy header: " + problem + " (at offset " + std::to_string(pos_) +
                " of the header \"" + npy_shown(header) + "\")");
  }

  char peek() const { return pos_ < text_.size() ? text_[pos_] : '\0'; }

  bool consume(char c) {
    if (pos_ >= text_.size() || text_[pos_] != c) return false;
    ++pos_;
    return true;
  }

  bool consume(std::string_view word) {
    if (text_.substr(pos_, word.size()) != word) return false;
    pos_ += word.size();
    return true;
  }

  void skip_space() {
    while (pos_ < text_.size() &&
           (text_[pos_] == ' ' || text_[pos_] == '\t' || text_[pos_] == '\n' || text_[pos_] == '\r')) {
      ++pos_;
    }
  }

  std::string parse_string(const char* what) {
    const char quote = peek();
    if (quote != '\'' && quote != '"') fail(std::string("expected a string for ") + what);
    const std::size_t start = ++pos_;
    while (pos_ < text_.size() && text_[pos_] != quote) {
      if (text_[pos_] == '\\') fail("escape sequences in strings are not supported");
      ++pos_;
    }
    if (pos_ >= text_.size()) fail("unterminated string");
    return std::string(text_.substr(start, pos_++ - start));
  }

  bool parse_bool() {
    if (consume(std::string_view("True"))) return true;
    if (consume(std::string_view("False"))) return false;
    fail("expected True or False for 'fortran_order'");
  }

  // A tuple of non-negative integers: (), (3,), (2, 3).
  std::vector<int64_t> parse_shape() {
    if (!consume('(')) fail("expected a tuple for 'shape'");
    std::vector<int64_t> shape;
    bool comma_after_last = false;
    for (;;) {
      skip_space();
      if (consume(')')) break;
      if (!shape.empty() && !comma_after_last) fail("expected ',' between the dimensions of 'shape'");
      shape.push_back(parse_dimension());
      skip_space();
      comma_after_last = consume(',');
    }
    if (shape.size() == 1 && !comma_after_last) fail("'shape' is not a tuple: a 1-tuple needs a trailing comma");
    return shape;
  }

  int64_t parse_dimension() {
    if (peek() == '-') fail("a dimension of 'shape' is negative");
    const std::size_t start = pos_;
    while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9') ++pos_;
    if (pos_ == start) fail("expected an integer in 'shape'");
    int64_t value = 0;
    for (std::size_t i = start; i < pos_; ++i) {
      const int digit = text_[i] - '0';
      if (value > (std::numeric_limits<int64_t>::max() - digit) / 10) fail("a dimension of 'shape' is too large");
      value = value * 10 + digit;
    }
    consume('L');  // Python 2's long suffix, in files written by old numpy
    return value;
  }

  std::string_view text_;
  const std::string& file_;
  std::size_t pos_ = 0;
};

// Throws the Error for a descr that is not in kNpyDTypes, saying what it is.
[[noreturn]] inline void reject_npy_descr(const std::string& descr, const std::string& file) {
  std::string supported;
  for (const NpyDType& d : kNpyDTypes) supported += (supported.empty() ? "" : ", ") + std::string(d.name);
  const char kind = descr.size() >= 2 ? descr[1] : '\0';
  const std::string shown = npy_shown(descr, 40);
  if (kind == 'O') {
    throw Error(file + ": holds Python objects (dtype '" + shown + "'), which cannot be read without Python");
  }
  if (descr.size() >= 2 && descr[0] == '>' && find_npy_dtype("<" + descr.substr(1))) {
    throw Error(file + ": holds big-endian data (dtype '" + shown + "'), which is not supported; " +
                "save it little-endian, with a.astype('<" + descr.substr(1) + "')");
  }
  throw Error(file + ": dtype '" + shown + "' is not supported (py2cuda reads little-endian " + supported + ")");
}

// Returns the header bytes numpy's own writer produces (dict, padding, newline,
// after the magic, the version and the length), for format version `version`,
// or 0 to pick the oldest that can hold the header, as numpy does.
inline std::string npy_header_bytes(const std::string& descr, const std::vector<int64_t>& shape, bool fortran,
                                    int version, const std::string& file) {
  std::string dict = "{'descr': '" + descr + "', 'fortran_order': " + (fortran ? "True" : "False") +
                     ", 'shape': " + npy_shape_text(shape) + ", }";
  for (int v : {1, 2, 3}) {
    if (version != 0 && version != v) continue;
    const std::size_t length_size = v == 1 ? 2 : 4;
    // numpy's padding: spaces, then '\n', so that the data starts at a multiple of 64
    // bytes; a header that would end exactly there still gets 64 spaces.
    const std::size_t unpadded = kNpyPrefixSize + length_size + dict.size() + 1;
    const std::size_t header_size = dict.size() + 1 + (64 - unpadded % 64);
    if (v == 1 && header_size > 0xFFFF) continue;  // version 2.0 then; never 3.0, the header is ASCII
    std::string bytes(kNpyMagic, kNpyMagicSize);
    bytes += static_cast<char>(v);
    bytes += '\0';
    for (std::size_t i = 0; i < length_size; ++i) bytes += static_cast<char>((header_size >> (8 * i)) & 0xFF);
    bytes += dict;
    bytes.append(header_size - dict.size() - 1, ' ');
    bytes += '\n';
    return bytes;
  }
  if (version < 0 || version > 3) {
    throw Error(file + ": cannot write .npy format version " + std::to_string(version) + " (1, 2 and 3 exist)");
  }
  throw Error(file + ": the .npy header is too long for format version 1.0");
}

}  // namespace py2cuda::detail
