// Checks on the raw bytes of a source file that Python makes before it
// tokenizes anything: no NUL bytes, UTF-8 unless a coding cookie says
// otherwise.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace py2cuda::frontend {

struct ByteProblem {
  size_t offset;        // of the offending byte
  std::string message;  // "source code cannot contain null bytes", ...
};

// The first problem with `src`, if any. Python refuses such a file before
// parsing it, and so does the front end.
std::optional<ByteProblem> check_source_bytes(std::string_view src);

}  // namespace py2cuda::frontend
