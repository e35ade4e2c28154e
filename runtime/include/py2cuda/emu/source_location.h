// py2cuda runtime, host builds: SourceLocation, the file and line a call was written on.
//
// Used as a defaulted trailing argument,
//
//   void f(SourceLocation where = SourceLocation::current());
//
// it records the CALLER's position, so the emulation backend can say which array
// subscript or which __syncthreads() went wrong. Where the translator emitted
// `#line N "k.py"` directives, that position is the Python file and line.
//
// std::source_location in spirit, but built on the __builtin_FILE/__builtin_LINE that
// g++ and clang++ share: clang++ 14 (with libstdc++) has no std::source_location.
#pragma once

#include <string>
#include <string_view>

// g++ 12 has no __builtin_COLUMN; there, calls on one line share a location.
#if defined(__has_builtin)
#if __has_builtin(__builtin_COLUMN)
#define P2C_BUILTIN_COLUMN() __builtin_COLUMN()
#endif
#endif
#ifndef P2C_BUILTIN_COLUMN
#define P2C_BUILTIN_COLUMN() 0u
#endif

namespace py2cuda {

struct SourceLocation {
  const char* file = nullptr;  // nullptr: unknown
  unsigned line = 0;
  unsigned column = 0;  // tells apart two calls on one line (clang++ only); not printed

  static constexpr SourceLocation current(const char* file = __builtin_FILE(), unsigned line = __builtin_LINE(),
                                          unsigned column = P2C_BUILTIN_COLUMN()) noexcept {
    return {file, line, column};
  }

  constexpr bool known() const noexcept { return file != nullptr; }

  // "k.py:12", or "?" when unknown.
  std::string text() const { return known() ? std::string(file) + ":" + std::to_string(line) : std::string("?"); }

  friend bool operator==(const SourceLocation& a, const SourceLocation& b) noexcept {
    if (a.line != b.line || a.column != b.column) return false;
    if (a.file == b.file) return true;
    return a.file && b.file && std::string_view(a.file) == std::string_view(b.file);
  }
};

}  // namespace py2cuda
