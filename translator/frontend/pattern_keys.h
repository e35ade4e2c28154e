// The keys of a mapping pattern (`case {"a": x, 1: y}:`) as CPython 3.11's compiler sees them:
// constants after its AST optimizer folded `-1` and `1+2j`, compared as a Python set compares
// them (1 == 1.0 == True == 1+0j, "a" "b" == "ab"), and written as repr() writes them, for
// "mapping pattern checks duplicate key ('a')". Pure functions on token texts.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace py2cuda::frontend {

struct PatternKey {
  enum class Kind { None, Str, Bytes, Int, Float, Complex } kind = Kind::None;
  std::string text;              // Str: UTF-8; Bytes: the bytes
  bool negative = false;         // Int: its sign
  std::vector<uint32_t> limbs;   // Int: magnitude, base 10^9, least significant first, no leading zeros
  double re = 0.0, im = 0.0;     // Float: re; Complex: both
  std::string repr;              // repr() of the value: "'a'", "True", "(1+2j)", "1e+16"
};

// `None`, `True` or `False`.
PatternKey keyword_key(std::string_view word);
// signed_number or complex_number: `-`? NUMBER, then optionally `+`/`-` and an imaginary NUMBER
// (`op` is '\0' without one).
PatternKey number_key(bool negative, std::string_view number, char op = '\0', std::string_view imaginary = {});
// Adjacent string tokens (prefix and quotes included), none an f-string, all str or all bytes.
PatternKey string_key(const std::vector<std::string_view>& tokens);

// Whether a Python set holds `a` and `b` as one element.
bool same_key(const PatternKey& a, const PatternKey& b);

// repr() of a float (Python's shortest round-trip form: "1.0", "1e+16", "inf").
std::string float_repr(double x);

}  // namespace py2cuda::frontend
