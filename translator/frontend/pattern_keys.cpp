#include "frontend/pattern_keys.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "frontend/literals.h"

namespace py2cuda::frontend {

namespace {

constexpr uint32_t kLimbBase = 1000000000;

// limbs = limbs * m + a
void multiply_add(std::vector<uint32_t>& limbs, uint32_t m, uint32_t a) {
  uint64_t carry = a;
  for (uint32_t& l : limbs) {
    const uint64_t v = uint64_t{l} * m + carry;
    l = static_cast<uint32_t>(v % kLimbBase);
    carry = v / kLimbBase;
  }
  while (carry) {
    limbs.push_back(static_cast<uint32_t>(carry % kLimbBase));
    carry /= kLimbBase;
  }
}

bool imaginary(std::string_view number) { return !number.empty() && (number.back() == 'j' || number.back() == 'J'); }

bool is_int_literal(std::string_view number) {
  if (number.size() >= 2 && number[0] == '0' && std::string_view("xXoObB").find(number[1]) != std::string_view::npos)
    return true;
  for (char c : number)
    if (!(c >= '0' && c <= '9') && c != '_') return false;
  return true;
}

// An integer literal's magnitude (decode_int stops at 64 bits; Python's ints do not).
std::vector<uint32_t> int_limbs(std::string_view number) {
  uint32_t base = 10;
  if (number.size() >= 2 && number[0] == '0') {
    const char p = static_cast<char>(number[1] | 0x20);
    base = p == 'x' ? 16 : p == 'o' ? 8 : p == 'b' ? 2 : 10;
    if (base != 10) number.remove_prefix(2);
  }
  std::vector<uint32_t> limbs;
  for (char c : number) {
    if (c == '_') continue;
    const char lower = static_cast<char>(c | 0x20);
    multiply_add(limbs, base, static_cast<uint32_t>(c >= '0' && c <= '9' ? c - '0' : lower - 'a' + 10));
  }
  return limbs;
}

std::string int_repr(bool negative, const std::vector<uint32_t>& limbs) {
  if (limbs.empty()) return "0";
  std::string out = negative ? "-" : "";
  out += std::to_string(limbs.back());
  for (size_t i = limbs.size() - 1; i-- > 0;) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%09u", limbs[i]);
    out += buf;
  }
  return out;
}

// The magnitude of an integral finite double, as limbs.
std::optional<std::vector<uint32_t>> integral_limbs(double x) {
  if (!std::isfinite(x) || x != std::floor(x)) return std::nullopt;
  int e = 0;
  const double m = std::frexp(std::fabs(x), &e);
  auto mantissa = static_cast<uint64_t>(std::ldexp(m, 53));
  int shift = e - 53;
  if (shift < 0) mantissa >>= -shift, shift = 0;
  std::vector<uint32_t> limbs;
  for (; mantissa; mantissa /= kLimbBase) limbs.push_back(static_cast<uint32_t>(mantissa % kLimbBase));
  for (int i = 0; i < shift; ++i) multiply_add(limbs, 2, 0);
  return limbs;
}

bool int_equals_double(const PatternKey& i, double x) {
  const std::optional<std::vector<uint32_t>> l = integral_limbs(x);
  return l && *l == i.limbs && (i.limbs.empty() || i.negative == std::signbit(x));
}

// PyOS_double_to_string(x, 'r', 0, flags): the shortest digits that read back as x, in fixed
// notation for decimal exponents -4 < decpt <= 16, else scientific with a two-digit exponent.
std::string format_r(double x, bool add_dot_0, bool sign) {
  std::string out = std::signbit(x) ? "-" : sign ? "+" : "";
  if (std::isnan(x)) return (sign ? "+" : "") + std::string("nan");
  if (std::isinf(x)) return out + "inf";
  char buf[64];
  const auto r = std::to_chars(buf, buf + sizeof buf, std::fabs(x), std::chars_format::scientific);
  const std::string_view s(buf, static_cast<size_t>(r.ptr - buf));
  const size_t e = s.find('e');
  std::string digits(s.substr(0, e));
  if (digits.size() > 1) digits.erase(1, 1);  // the '.'
  const int decpt = std::atoi(std::string(s.substr(e + 1)).c_str()) + 1;
  const int n = static_cast<int>(digits.size());
  if (decpt <= -4 || decpt > 16) {
    out += digits.substr(0, 1);
    if (n > 1) out += "." + digits.substr(1);
    char exp[16];
    std::snprintf(exp, sizeof exp, "e%c%02d", decpt - 1 < 0 ? '-' : '+', std::abs(decpt - 1));
    return out + exp;
  }
  if (decpt <= 0) return out + "0." + std::string(static_cast<size_t>(-decpt), '0') + digits;
  if (decpt < n) return out + digits.substr(0, static_cast<size_t>(decpt)) + "." + digits.substr(static_cast<size_t>(decpt));
  return out + digits + std::string(static_cast<size_t>(decpt - n), '0') + (add_dot_0 ? ".0" : "");
}

std::string complex_repr(double re, double im) {
  if (re == 0.0 && !std::signbit(re)) return format_r(im, false, false) + "j";
  return "(" + format_r(re, false, false) + format_r(im, false, true) + "j)";
}

// str.isprintable, for the characters people paste: controls, spaces other than ' ', format
// characters, surrogates and private use are not.
bool printable(uint32_t cp) {
  return !(cp < 0x20 || (cp >= 0x7F && cp <= 0xA0) || cp == 0xAD || cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200F) ||
           (cp >= 0x2028 && cp <= 0x202F) || (cp >= 0x205F && cp <= 0x206F) || cp == 0x3000 ||
           (cp >= 0xD800 && cp <= 0xF8FF) || cp == 0xFEFF || (cp >= 0xFFF9 && cp <= 0xFFFB));
}

// repr() of a str (UTF-8) or of bytes.
std::string text_repr(std::string_view text, bool bytes) {
  const char quote = text.find('\'') != std::string_view::npos && text.find('"') == std::string_view::npos ? '"' : '\'';
  std::string out = bytes ? "b" : "";
  out += quote;
  for (size_t i = 0; i < text.size();) {
    uint32_t cp = static_cast<unsigned char>(text[i]);
    size_t len = 1;
    if (!bytes && cp >= 0x80) {
      len = cp >= 0xF0 ? 4 : cp >= 0xE0 ? 3 : 2;
      cp &= len == 4 ? 0x07 : len == 3 ? 0x0F : 0x1F;
      for (size_t k = 1; k < len && i + k < text.size(); ++k) cp = (cp << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3F);
    }
    char buf[16];
    if (cp == static_cast<uint32_t>(quote) || cp == '\\') out += {'\\', static_cast<char>(cp)};
    else if (cp == '\t') out += "\\t";
    else if (cp == '\n') out += "\\n";
    else if (cp == '\r') out += "\\r";
    else if (cp < 0x7F && cp >= 0x20) out += static_cast<char>(cp);
    else if (!bytes && printable(cp)) out += text.substr(i, len);
    else {
      std::snprintf(buf, sizeof buf, cp < 0x100 ? "\\x%02x" : cp < 0x10000 ? "\\u%04x" : "\\U%08x", cp);
      out += buf;
    }
    i += len;
  }
  return out + quote;
}

}  // namespace

std::string float_repr(double x) { return format_r(x, true, false); }

PatternKey keyword_key(std::string_view word) {
  PatternKey k;
  k.repr = std::string(word);
  if (word == "None") return k;
  k.kind = PatternKey::Kind::Int;  // True == 1, False == 0
  if (word == "True") k.limbs = {1};
  return k;
}

PatternKey number_key(bool negative, std::string_view number, char op, std::string_view imag) {
  PatternKey k;
  if (imaginary(number)) {
    // -(0+vj): both parts negated.
    const double v = decode_float(number.substr(0, number.size() - 1));
    k.kind = PatternKey::Kind::Complex;
    k.re = negative ? -0.0 : 0.0;
    k.im = negative ? -v : v;
  } else if (is_int_literal(number)) {
    k.kind = PatternKey::Kind::Int;
    k.limbs = int_limbs(number);
    k.negative = negative && !k.limbs.empty();
  } else {
    k.kind = PatternKey::Kind::Float;
    k.re = negative ? -decode_float(number) : decode_float(number);
  }
  if (op != '\0') {
    // real ± imaginary, as complex arithmetic folds it: (r ± 0.0, 0.0 ± v).
    const double r = k.kind == PatternKey::Kind::Int ? std::strtod(int_repr(k.negative, k.limbs).c_str(), nullptr) : k.re;
    const double v = decode_float(imag.substr(0, imag.size() - 1));
    k.kind = PatternKey::Kind::Complex;
    k.re = op == '+' ? r + 0.0 : r - 0.0;
    k.im = op == '+' ? 0.0 + v : 0.0 - v;
  }
  k.repr = k.kind == PatternKey::Kind::Int     ? int_repr(k.negative, k.limbs)
           : k.kind == PatternKey::Kind::Float ? float_repr(k.re)
                                               : complex_repr(k.re, k.im);
  return k;
}

PatternKey string_key(const std::vector<std::string_view>& tokens) {
  PatternKey k;
  for (std::string_view t : tokens) {
    const size_t q = t.find_first_of("'\"");
    if (q == std::string_view::npos) continue;
    const StringPrefix prefix = decode_string_prefix(t.substr(0, q));
    const size_t quotes = t.substr(q, 3) == std::string(3, t[q]) && t.size() >= q + 6 ? 3 : 1;
    k.kind = prefix.bytes ? PatternKey::Kind::Bytes : PatternKey::Kind::Str;
    k.text += decode_string_body(t.substr(q + quotes, t.size() - q - 2 * quotes), prefix.raw, prefix.bytes);
  }
  k.repr = text_repr(k.text, k.kind == PatternKey::Kind::Bytes);
  return k;
}

bool same_key(const PatternKey& a, const PatternKey& b) {
  using Kind = PatternKey::Kind;
  const auto number = [](Kind k) { return k == Kind::Int || k == Kind::Float || k == Kind::Complex; };
  if (!number(a.kind) || !number(b.kind)) return a.kind == b.kind && a.text == b.text;
  if (a.kind == Kind::Int && b.kind == Kind::Int) return a.negative == b.negative && a.limbs == b.limbs;
  if (a.kind == Kind::Int || b.kind == Kind::Int) {
    const PatternKey& i = a.kind == Kind::Int ? a : b;
    const PatternKey& x = a.kind == Kind::Int ? b : a;
    return (x.kind == Kind::Float || x.im == 0.0) && int_equals_double(i, x.re);
  }
  const double aim = a.kind == Kind::Complex ? a.im : 0.0, bim = b.kind == Kind::Complex ? b.im : 0.0;
  return a.re == b.re && aim == bim;
}

}  // namespace py2cuda::frontend
