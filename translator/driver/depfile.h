// Make-style dependency files (`-MD -MF FILE.d`), as C and C++ compilers write them, so
// that Make, Ninja and CMake's DEPFILE regenerate a .cu when anything it came from changes.
#pragma once

#include <string>
#include <vector>

namespace py2cuda::depfile {

// -MD and -MF as the command line gave them. They are taken out of argv before CLI11
// parses the rest: CLI11 (2.1) reads a single-dash name as a cluster of one-letter flags.
struct Request {
  bool wanted = false;  // -MD
  std::string path;     // -MF FILE; empty: the output's name with its extension replaced by .d
};

// Removes -MD, -MF FILE and -MFFILE from `args` (up to a `--`, after which every argument
// is the program's); false with `error` set on a malformed use (-MF without a file).
bool extract_options(std::vector<std::string>& args, Request& request, std::string& error);

// The depfile's path for `output` (the .cu), as gcc derives foo.d from -o foo.o.
std::string default_path(const std::string& output);

// "TARGET: DEP DEP ...\n" with Make's escaping (spaces, '#', '$'), then an empty rule for
// each dependency but the first, the input (as gcc's -MP does), so that deleting a file the
// input used to need does not stop Make.
std::string render(const std::string& target, const std::vector<std::string>& dependencies);

}  // namespace py2cuda::depfile
