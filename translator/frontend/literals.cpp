#include "frontend/literals.h"

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdlib>

namespace py2cuda::frontend {

namespace {

int digit_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return 99;
}

bool is_hex(char c) { return digit_value(c) < 16; }
bool is_oct(char c) { return c >= '0' && c <= '7'; }

// Python allows one underscore between digits only ("1_000", "0x_ff").
bool underscores_ok(std::string_view digits, bool leading_allowed) {
  if (digits.empty()) return false;
  if (digits.back() == '_') return false;
  if (digits.front() == '_' && !leading_allowed) return false;
  for (size_t i = 1; i < digits.size(); ++i)
    if (digits[i] == '_' && digits[i - 1] == '_') return false;
  return true;
}

}  // namespace

IntLiteral decode_int(std::string_view text) {
  IntLiteral r;
  unsigned base = 10;
  std::string_view digits = text;
  if (text.size() >= 2 && text[0] == '0') {
    char p = static_cast<char>(text[1] | 0x20);
    if (p == 'x') base = 16;
    if (p == 'o') base = 8;
    if (p == 'b') base = 2;
    if (base != 10) digits = text.substr(2);
  }
  if (!digits.empty() && (digits.back() == 'l' || digits.back() == 'L')) {
    r.error = "invalid integer literal '" + std::string(text) + "': the Python 2 'L' suffix is not allowed";
    return r;
  }
  if (!underscores_ok(digits, base != 10)) {
    r.error = "invalid integer literal '" + std::string(text) + "'";
    return r;
  }
  bool nonzero_seen = false;
  for (char c : digits) {
    if (c == '_') continue;
    unsigned d = static_cast<unsigned>(digit_value(c));
    if (d >= base) {
      r.error = "invalid digit '" + std::string(1, c) + "' in integer literal '" + std::string(text) + "'";
      return r;
    }
    if (d != 0) nonzero_seen = true;
    if (!r.overflow) {
      if (r.value > (UINT64_MAX - d) / base) {
        r.overflow = true;
      } else {
        r.value = r.value * base + d;
      }
    }
  }
  if (base == 10 && digits.size() > 1 && digits[0] == '0' && nonzero_seen) {
    r.error =
        "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers";
  }
  if (r.overflow) r.value = 0;
  return r;
}

double decode_float(std::string_view text) {
  std::string clean;
  clean.reserve(text.size());
  for (char c : text)
    if (c != '_') clean += c;
  double v = 0;
  auto [end, ec] = std::from_chars(clean.data(), clean.data() + clean.size(), v);
  if (ec == std::errc::result_out_of_range) {
    // from_chars leaves `v` alone on overflow/underflow; strtod (the C locale
    // is never changed by py2cuda) gives Python's inf or 0.
    v = std::strtod(clean.c_str(), nullptr);
  }
  (void)end;
  return v;
}

StringPrefix decode_string_prefix(std::string_view letters) {
  StringPrefix p;
  for (char c : letters) {
    switch (c | 0x20) {
      case 'r': p.raw = true; break;
      case 'b': p.bytes = true; break;
      case 'f': p.fstring = true; break;
      case 'u': break;
      default: p.valid = false;
    }
  }
  if (p.bytes && p.fstring) p.valid = false;
  return p;
}

void append_utf8(std::string& out, uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

std::string decode_string_body(std::string_view body, bool raw, bool bytes) {
  std::string out;
  out.reserve(body.size());
  size_t i = 0;
  const size_t n = body.size();
  auto emit_code = [&](uint32_t cp) {
    if (bytes) {
      out += static_cast<char>(cp & 0xFF);
    } else {
      append_utf8(out, cp);
    }
  };
  while (i < n) {
    char c = body[i];
    if (c == '\r' && i + 1 < n && body[i + 1] == '\n') {  // CRLF reads as LF
      out += '\n';
      i += 2;
      continue;
    }
    if (c != '\\' || raw || i + 1 >= n) {
      // In raw strings a backslash stays, but `\"` still does not end the
      // literal, so the body is taken verbatim.
      out += c;
      ++i;
      continue;
    }
    char e = body[i + 1];
    size_t start = i;
    i += 2;
    switch (e) {
      case '\n': break;  // line continuation inside the literal
      case '\r':
        if (i < n && body[i] == '\n') ++i;
        break;
      case '\\': out += '\\'; break;
      case '\'': out += '\''; break;
      case '"': out += '"'; break;
      case 'a': out += '\a'; break;
      case 'b': out += '\b'; break;
      case 'f': out += '\f'; break;
      case 'n': out += '\n'; break;
      case 'r': out += '\r'; break;
      case 't': out += '\t'; break;
      case 'v': out += '\v'; break;
      case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7': {
        uint32_t v = static_cast<uint32_t>(e - '0');
        for (int k = 0; k < 2 && i < n && is_oct(body[i]); ++k, ++i) v = v * 8 + static_cast<uint32_t>(body[i] - '0');
        emit_code(v);
        break;
      }
      case 'x':
      case 'u':
      case 'U': {
        size_t len = e == 'x' ? 2 : e == 'u' ? 4 : 8;
        bool ok = (e == 'x' || !bytes) && i + len <= n;
        uint32_t v = 0;
        for (size_t k = 0; ok && k < len; ++k) {
          if (!is_hex(body[i + k])) ok = false;
          else v = v * 16 + static_cast<uint32_t>(digit_value(body[i + k]));
        }
        if (ok && v > 0x10FFFF) ok = false;
        if (ok) {
          emit_code(v);
          i += len;
        } else {
          out.append(body.substr(start, 2));
        }
        break;
      }
      default:  // unknown escapes (and \N{name}) keep the backslash
        out.append(body.substr(start, 2));
        break;
    }
  }
  return out;
}

std::string printable(std::string_view text, size_t max_bytes) {
  static const char* hex = "0123456789abcdef";
  std::string out;
  size_t i = 0;
  auto escape = [&](unsigned char b) {
    out += "\\x";
    out += hex[b >> 4];
    out += hex[b & 15];
  };
  while (i < text.size()) {
    if (i >= max_bytes) {
      out += "...";
      break;
    }
    auto b = static_cast<unsigned char>(text[i]);
    if (b < 0x20 || b == 0x7f) {
      if (b == '\t') out += "\\t";
      else if (b == '\n') out += "\\n";
      else if (b == '\r') out += "\\r";
      else escape(b);
      ++i;
      continue;
    }
    if (b < 0x80) {
      out += static_cast<char>(b);
      ++i;
      continue;
    }
    // Keep a well-formed UTF-8 sequence, escape anything else byte by byte.
    size_t len = b >= 0xF0 && b < 0xF5 ? 4 : b >= 0xE0 ? 3 : b >= 0xC2 && b < 0xE0 ? 2 : 0;
    bool ok = len != 0 && i + len <= text.size();
    for (size_t k = 1; ok && k < len; ++k) ok = (static_cast<unsigned char>(text[i + k]) & 0xC0) == 0x80;
    if (ok) {
      out.append(text.substr(i, len));
      i += len;
    } else {
      escape(b);
      ++i;
    }
  }
  return out;
}

}  // namespace py2cuda::frontend
