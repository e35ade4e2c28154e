// C++ spellings of Python names.
#pragma once

#include <string>

namespace py2cuda::infer {

// The Python name itself, unless it is a C++ keyword or a name the emitted
// code already uses (CUDA built-in variables, math functions, runtime names):
// then it gets a trailing underscore, predictably.
std::string cpp_identifier(const std::string& python_name);

// The C++ namespace of a module (its file's stem): cpp_identifier's spelling, and a trailing
// underscore where the C library or CUDA declares the name at global scope, where the namespace
// is opened (`time.py`, `index.py`, `y0.py` would not compile as `namespace time`).
std::string cpp_namespace_name(const std::string& module_name);

}  // namespace py2cuda::infer
