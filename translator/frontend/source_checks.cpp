#include "frontend/source_checks.h"

#include <cctype>
#include <cstdint>
#include <cstdio>

namespace py2cuda::frontend {

namespace {

// Length of the well-formed UTF-8 sequence at `i`, or 0.
size_t utf8_length(std::string_view s, size_t i) {
  auto b = static_cast<unsigned char>(s[i]);
  if (b < 0x80) return 1;
  size_t len = 0;
  uint32_t min = 0;
  if (b >= 0xC2 && b <= 0xDF) len = 2, min = 0x80;
  else if (b >= 0xE0 && b <= 0xEF) len = 3, min = 0x800;
  else if (b >= 0xF0 && b <= 0xF4) len = 4, min = 0x10000;
  else return 0;
  if (i + len > s.size()) return 0;
  uint32_t cp = b & (0xFF >> (len + 1));
  for (size_t k = 1; k < len; ++k) {
    auto c = static_cast<unsigned char>(s[i + k]);
    if ((c & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (c & 0x3F);
  }
  if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  return len;
}

// PEP 263: `# -*- coding: latin-1 -*-` (or `coding=`) in a comment on one of
// the first two lines names another encoding.
bool declares_other_encoding(std::string_view src) {
  size_t line_end = 0;
  for (int line = 0; line < 2 && line_end < src.size(); ++line) {
    size_t begin = line_end;
    line_end = src.find('\n', begin);
    if (line_end == std::string_view::npos) line_end = src.size();
    std::string_view text = src.substr(begin, line_end - begin);
    ++line_end;
    size_t hash = text.find('#');
    if (hash == std::string_view::npos) continue;
    size_t at = text.find("coding", hash);
    if (at == std::string_view::npos || at + 6 >= text.size()) continue;
    if (text[at + 6] != ':' && text[at + 6] != '=') continue;
    size_t name = text.find_first_not_of(" \t", at + 7);
    if (name == std::string_view::npos) continue;
    std::string lower;
    for (size_t k = name; k < text.size() && (isalnum(static_cast<unsigned char>(text[k])) || text[k] == '-' ||
                                              text[k] == '_' || text[k] == '.');
         ++k)
      lower += static_cast<char>(tolower(static_cast<unsigned char>(text[k])));
    return !(lower == "utf-8" || lower == "utf8" || lower.rfind("utf-8-", 0) == 0 || lower.rfind("utf_8", 0) == 0);
  }
  return false;
}

}  // namespace

std::optional<ByteProblem> check_source_bytes(std::string_view src) {
  if (size_t nul = src.find('\0'); nul != std::string_view::npos)
    return ByteProblem{nul, "source code cannot contain null bytes"};
  for (size_t i = 0; i < src.size();) {
    size_t len = utf8_length(src, i);
    if (len != 0) {
      i += len;
      continue;
    }
    if (declares_other_encoding(src)) return std::nullopt;
    char hex[8];
    std::snprintf(hex, sizeof hex, "0x%02x", static_cast<unsigned char>(src[i]));
    return ByteProblem{i, std::string("invalid UTF-8 byte ") + hex +
                              "; Python source files must be UTF-8 unless they declare another encoding"};
  }
  return std::nullopt;
}

}  // namespace py2cuda::frontend
