#include "infer/cpp_names.h"

#include <algorithm>
#include <cctype>
#include <iterator>
#include <set>
#include <string_view>

namespace py2cuda::infer {

std::string cpp_identifier(const std::string& name) {
  static const std::set<std::string> reserved = {
      // C++20 keywords and alternative tokens
      "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor", "bool", "break", "case", "catch",
      "char", "char8_t", "char16_t", "char32_t", "class", "compl", "concept", "const", "consteval", "constexpr",
      "constinit", "const_cast", "continue", "co_await", "co_return", "co_yield", "decltype", "default", "delete",
      "do", "double", "dynamic_cast", "else", "enum", "explicit", "export", "extern", "false", "float", "for",
      "friend", "goto", "if", "inline", "int", "long", "mutable", "namespace", "new", "noexcept", "not", "not_eq",
      "nullptr", "operator", "or", "or_eq", "private", "protected", "public", "register", "reinterpret_cast",
      "requires", "return", "short", "signed", "sizeof", "static", "static_assert", "static_cast", "struct",
      "switch", "template", "this", "thread_local", "throw", "true", "try", "typedef", "typeid", "typename", "union",
      "unsigned", "using", "virtual", "void", "volatile", "wchar_t", "while", "xor", "xor_eq",
      // names the emitted code and CUDA use
      "main", "std", "cuda", "py2cuda", "threadIdx", "blockIdx", "blockDim", "gridDim", "warpSize", "dim3",
      "int8_t", "int16_t", "int32_t", "int64_t", "uint8_t", "uint16_t", "uint32_t", "uint64_t", "size_t",
      "INFINITY", "NAN", "NULL", "assert", "printf", "abs", "fabs", "fabsf", "sin", "sinf", "cos", "cosf", "tan",
      "tanf", "asin", "asinf", "acos", "acosf", "atan", "atanf", "atan2", "atan2f", "sinh", "sinhf", "cosh",
      "coshf", "tanh", "tanhf", "asinh", "asinhf", "acosh", "acoshf", "atanh", "atanhf", "exp", "expf", "exp2",
      "exp2f", "expm1", "expm1f", "log", "logf", "log2", "log2f", "log10", "log10f", "log1p", "log1pf", "sqrt",
      "sqrtf", "erf", "erff", "erfc", "erfcf", "tgamma", "tgammaf", "lgamma", "lgammaf", "floor", "floorf", "ceil",
      "ceilf", "trunc", "truncf", "hypot", "hypotf", "copysign", "copysignf", "fmod", "fmodf", "remainder",
      "remainderf", "nextafter", "nextafterf", "pow", "powf", "ldexp", "ldexpf", "isnan", "isinf", "isfinite",
      "fmin", "fmax", "min", "max", "round",
      // the C library's macros (<climits>, <cfloat>, <cmath>, <cstdio>, <cerrno>, <cstdlib>)
      "CHAR_BIT", "SCHAR_MIN", "SCHAR_MAX", "UCHAR_MAX", "CHAR_MIN", "CHAR_MAX", "SHRT_MIN", "SHRT_MAX", "USHRT_MAX",
      "INT_MIN", "INT_MAX", "UINT_MAX", "LONG_MIN", "LONG_MAX", "ULONG_MAX", "LLONG_MIN", "LLONG_MAX", "ULLONG_MAX",
      "INT8_MIN", "INT8_MAX", "INT16_MIN", "INT16_MAX", "INT32_MIN", "INT32_MAX", "INT64_MIN", "INT64_MAX",
      "UINT8_MAX", "UINT16_MAX", "UINT32_MAX", "UINT64_MAX", "SIZE_MAX", "FLT_MIN", "FLT_MAX", "FLT_EPSILON",
      "FLT_DIG", "FLT_MANT_DIG", "DBL_MIN", "DBL_MAX", "DBL_EPSILON", "DBL_DIG", "DBL_MANT_DIG", "FLT_TRUE_MIN",
      "DBL_TRUE_MIN", "HUGE_VAL", "HUGE_VALF", "M_E", "M_LOG2E", "M_LOG10E", "M_LN2", "M_LN10", "M_PI", "M_PI_2",
      "M_PI_4", "M_1_PI", "M_2_PI", "M_2_SQRTPI", "M_SQRT2", "M_SQRT1_2", "EOF", "BUFSIZ", "FILENAME_MAX",
      "errno", "EDOM", "ERANGE", "EXIT_SUCCESS", "EXIT_FAILURE", "RAND_MAX", "CLOCKS_PER_SEC", "stdin", "stdout",
      "stderr", "FILE", "NDEBUG", "TRUE", "FALSE", "MIN", "MAX", "linux", "unix"};
  // A name that is no C++ identifier (a file `01_intro.py`, `lab-03.py`): its other characters
  // as underscores, and a prefix where it starts with a digit.
  std::string id;
  for (char c : name) id += std::isalnum(static_cast<unsigned char>(c)) || c == '_' ? c : '_';
  if (id.empty() || std::isdigit(static_cast<unsigned char>(id[0]))) id = "py_" + id;
  return reserved.count(id) ? id + "_" : id;
}

std::string cpp_namespace_name(const std::string& module_name) {
  // Sorted by the generator (byte order, as std::string_view compares).
  static constexpr std::string_view kGlobalNames[] = {
#include "infer/c_library_names.inc"
  };
  const std::string id = cpp_identifier(module_name);
  return std::binary_search(std::begin(kGlobalNames), std::end(kGlobalNames), std::string_view(id)) ? id + "_" : id;
}

}  // namespace py2cuda::infer
