#include "infer/cpp_names.h"

#include <set>

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
      "fmin", "fmax", "min", "max", "round"};
  return reserved.count(name) ? name + "_" : name;
}

}  // namespace py2cuda::infer
