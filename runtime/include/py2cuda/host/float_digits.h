// py2cuda host runtime: decimal digits of binary floating-point values.
//
// Every printer in host/ (Python float repr, format(), %-formatting, NumPy
// scalars and arrays) reduces to two questions about a finite value: "what are
// its shortest round-trip digits?" and "what are its digits correctly rounded
// to N places?". std::to_chars answers both exactly (shortest per the value's
// own type, which is what NumPy's float32 printing needs; fixed precision
// rounded from the exact binary value, ties to even like CPython's dtoa and
// NumPy's Dragon4), with no locale involved. This file only extracts digits;
// the Python-specific layout rules live with each printer.
#pragma once

#include <charconv>
#include <cmath>
#include <string>
#include <system_error>

namespace py2cuda::host::detail {

// A non-negative finite value as 0.DIGITS x 10^decpt, the convention of
// CPython's _Py_dg_dtoa: `digits` has no leading zero (except the single "0"
// for zero, whose decpt is 1), so decpt is where the decimal point goes.
struct Decimal {
  std::string digits;
  int decpt = 1;
};

// Parses to_chars' scientific output "d[.ddd]e[+-]XX".
inline Decimal parse_scientific(const char* first, const char* last) {
  Decimal d;
  const char* p = first;
  while (p != last && *p != 'e') {
    if (*p != '.') d.digits.push_back(*p);
    ++p;
  }
  int exp = 0;
  if (p != last) {
    ++p;  // 'e'
    bool neg = *p == '-';
    ++p;  // sign
    std::from_chars(p, last, exp);
    if (neg) exp = -exp;
  }
  // to_chars with a precision can keep trailing zeros; callers that want
  // them (fixed-width modes) ask for them explicitly, so keep the raw form.
  d.decpt = exp + 1;
  if (d.digits.find_first_not_of('0') == std::string::npos) {
    d.digits.resize(d.digits.empty() ? 1 : d.digits.size(), '0');
    d.decpt = 1;
  }
  return d;
}

// Shortest digits that read back to the same value *in type F* (float for
// NumPy float32 printing, double otherwise). x must be finite and >= 0.
template <class F>
Decimal shortest(F x) {
  char buf[64];
  auto r = std::to_chars(buf, buf + sizeof buf, x, std::chars_format::scientific);
  return parse_scientific(buf, r.ptr);
}

// The value correctly rounded (ties to even on exact ties) to `ndigits` >= 1
// significant digits; trailing zeros are kept so digits.size() == ndigits.
inline Decimal significant(double x, int ndigits) {
  std::string buf(static_cast<size_t>(ndigits) + 32, '\0');
  auto r = std::to_chars(buf.data(), buf.data() + buf.size(), x,
                         std::chars_format::scientific, ndigits - 1);
  return parse_scientific(buf.data(), r.ptr);
}

// The value correctly rounded to `frac` digits after the point, in plain
// positional notation ("123.450", "0.001", "0" for frac 0). x must be >= 0.
inline std::string fixed(double x, int frac) {
  std::string buf(static_cast<size_t>(frac) + 330, '\0');
  auto r = std::to_chars(buf.data(), buf.data() + buf.size(), x,
                         std::chars_format::fixed, frac);
  buf.resize(static_cast<size_t>(r.ptr - buf.data()));
  return buf;
}

// Splits a positional string from fixed() into integer and fraction digits.
inline void split_point(const std::string& s, std::string& int_part, std::string& frac_part) {
  auto dot = s.find('.');
  if (dot == std::string::npos) {
    int_part = s;
    frac_part.clear();
  } else {
    int_part = s.substr(0, dot);
    frac_part = s.substr(dot + 1);
  }
}

// Exponent as Python and NumPy print it: sign always, at least `min_digits`
// digits (2 for Python; NumPy arrays may ask for more to align a column).
inline std::string exponent_text(int exp, int min_digits = 2) {
  std::string digits = std::to_string(exp < 0 ? -exp : exp);
  if (static_cast<int>(digits.size()) < min_digits)
    digits.insert(0, static_cast<size_t>(min_digits) - digits.size(), '0');
  return std::string(1, exp < 0 ? '-' : '+') + digits;
}

// Renders 0.DIGITS x 10^decpt positionally: "0.00123", "1230.", "12.3".
// A point is always written; `frac_min` pads the fraction with zeros.
inline std::string positional(const Decimal& d, int frac_min = 0) {
  std::string out;
  const int n = static_cast<int>(d.digits.size());
  std::string frac;
  if (d.decpt <= 0) {
    out = "0";
    frac.assign(static_cast<size_t>(-d.decpt), '0');
    frac += d.digits;
  } else if (d.decpt >= n) {
    out = d.digits;
    out.append(static_cast<size_t>(d.decpt - n), '0');
  } else {
    out = d.digits.substr(0, static_cast<size_t>(d.decpt));
    frac = d.digits.substr(static_cast<size_t>(d.decpt));
  }
  if (static_cast<int>(frac.size()) < frac_min) frac.append(static_cast<size_t>(frac_min) - frac.size(), '0');
  return out + "." + frac;
}

// Renders D.IGITS e+XX; the point is written only when there are fraction
// digits or `force_point` is set.
inline std::string scientific_text(const Decimal& d, bool force_point, int exp_digits = 2,
                                   char e = 'e') {
  std::string out(1, d.digits[0]);
  if (d.digits.size() > 1 || force_point) out += '.';
  out.append(d.digits, 1, std::string::npos);
  out += e;
  out += exponent_text(d.decpt - 1, exp_digits);
  return out;
}

inline void strip_trailing_zeros(std::string& digits) {
  while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
}

}  // namespace py2cuda::host::detail
