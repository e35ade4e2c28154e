// Decoding of Python number and string literals from their source text.
// Pure functions on text: no tree-sitter, no diagnostics.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace py2cuda::frontend {

struct IntLiteral {
  uint64_t value = 0;     // magnitude, valid when !overflow
  bool overflow = false;  // more than 64 bits
  std::string error;      // non-empty: not a valid Python 3 integer literal
};

// "42", "0x1F_ff", "0o17", "0b1010", "1_000". No sign, no `j` suffix.
IntLiteral decode_int(std::string_view text);

// "1.5", "1e-3", "1_0.5", ".5", "5.", "12" (digits only, as in `12j`).
// No `j` suffix. Out-of-range values become inf or 0 as in Python.
double decode_float(std::string_view text);

struct StringPrefix {
  bool raw = false;
  bool bytes = false;
  bool fstring = false;
  bool valid = true;  // false for unknown prefix letters
};

// The letters before the opening quote: "", "r", "Rb", "f", "u", ...
StringPrefix decode_string_prefix(std::string_view letters);

// Resolves escape sequences in the body of a (non-raw) string literal the way
// Python does: \n \t \\ \' \" \a \b \f \v \r, \ooo, \xhh, and for str also
// \uXXXX and \UXXXXXXXX (emitted as UTF-8); a backslash before a line end
// joins lines. Unknown escapes and \N{...} are kept as written. CRLF line
// ends inside the literal become "\n", as Python reads source text.
std::string decode_string_body(std::string_view body, bool raw, bool bytes);

// Appends the UTF-8 encoding of `cp` (which must be <= 0x10FFFF).
void append_utf8(std::string& out, uint32_t cp);

// `text` made safe to quote in a message: control bytes and bytes that are
// not valid UTF-8 appear as \xNN; at most `max_bytes` of it, then "...".
std::string printable(std::string_view text, size_t max_bytes = 40);

}  // namespace py2cuda::frontend
