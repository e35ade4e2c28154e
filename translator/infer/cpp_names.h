// C++ spellings of Python names.
#pragma once

#include <string>

namespace py2cuda::infer {

// The Python name itself, unless it is a C++ keyword or a name the emitted
// code already uses (CUDA built-in variables, math functions, runtime names):
// then it gets a trailing underscore, predictably.
std::string cpp_identifier(const std::string& python_name);

}  // namespace py2cuda::infer
