// Reading tests/runtime/pysem_cases.txt (Numba's results for Python operators, written
// by gen_pysem_cases.py) and comparing results with it bit for bit. Shared by the host
// unit test (tests/unit/test_runtime_pysem.cpp) and the GPU check (pysem_device.cu).
#pragma once

#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace pysem_table {

// One row: op types a b expected source [note]. `b` is "-" for a unary op.
struct Case {
  int line = 0;
  std::string text;
  std::string op, types, a, b, expected;
};

// The rows of `path`, comments and blank lines skipped; empty if it cannot be read.
inline std::vector<Case> load(const std::string& path) {
  std::vector<Case> cases;
  std::ifstream in(path);
  std::string text;
  for (int line = 1; std::getline(in, text); ++line) {
    if (text.empty() || text[0] == '#') continue;
    Case c;
    c.line = line;
    c.text = text;
    std::istringstream fields(text);
    fields >> c.op >> c.types >> c.a >> c.b >> c.expected;
    cases.push_back(std::move(c));
  }
  return cases;
}

// Reads one number as the generator writes it; nullopt for malformed text.
template <class T>
std::optional<T> parse(const std::string& text) {
  const char* begin = text.c_str();
  char* end = nullptr;
  errno = 0;
  T value;
  if constexpr (std::is_same_v<T, int64_t>) {
    value = std::strtoll(begin, &end, 10);
  } else if constexpr (std::is_same_v<T, uint64_t>) {
    value = std::strtoull(begin, &end, 10);
  } else {
    // Every float32 is written as the exact double of its value.
    value = static_cast<T>(std::strtod(begin, &end));
  }
  if (end == begin || *end != '\0' || (std::is_integral_v<T> && errno == ERANGE)) return std::nullopt;
  return value;
}

// Equal results: integers equal; floats with identical bits (so -0.0 differs from
// +0.0), except that any NaN matches any NaN.
template <class T>
bool same(T got, T want) {
  if constexpr (std::is_floating_point_v<T>) {
    if (std::isnan(got) || std::isnan(want)) return std::isnan(got) && std::isnan(want);
    return std::memcmp(&got, &want, sizeof(T)) == 0;
  } else {
    return got == want;
  }
}

template <class T>
std::string show(T value) {
  if constexpr (std::is_floating_point_v<T>) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.17g", static_cast<double>(value));
    return buffer;
  } else {
    return std::to_string(value);
  }
}

// The outcome of checking one case: empty if it passed, else why not.
using Failure = std::optional<std::string>;

template <class R>
Failure compare(R got, const Case& c) {
  const std::optional<R> want = parse<R>(c.expected);
  if (!want) return "malformed expected value";
  if (same(got, *want)) return std::nullopt;
  return "got " + show(got);
}

}  // namespace pysem_table
