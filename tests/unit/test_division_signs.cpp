// infer/index_wrap.cpp's division marks: an integer `//` or `%` whose divisor is provably
// positive (a positive literal or module constant, a range counter from a positive start
// stepping upward, a block dimension) and whose dividend is provably non-negative (a thread
// index, a counter from 0) is C's `/` or `%`; a positive divisor alone keeps only the correction of a
// negative dividend (floordiv_by_positive / mod_by_positive), a non-negative one (a shape) the
// zero test too (..._by_nonnegative); anything else keeps
// py2cuda::floordiv / py2cuda::mod with their zero and sign tests. ir/divmod_pairs.cpp: a `//`
// and a `%` of the same operands side by side are both py2cuda::divmod, one division (or one
// fmod, of floats).
#include <gtest/gtest.h>

#include <string>

#include "driver/translate.h"

using namespace py2cuda;

namespace {

std::string kernel_cu(const std::string& body) {
  SourceFile file("t.py", "from numba import cuda\n@cuda.jit('void(int64[:], int64)')\ndef k(x, s):\n" + body);
  TranslateResult r = translate(file, TranslateOptions{});
  EXPECT_TRUE(r.ok) << r.diagnostics;
  return r.cu;
}

bool has(const std::string& text, const std::string& needle) { return text.find(needle) != std::string::npos; }

TEST(DivisionSigns, BothSignsKnownIsCsDivision) {
  std::string cu = kernel_cu(
      "    i = cuda.grid(1)\n    for d in range(2, 9):\n        x[i] = i % d + i // cuda.blockDim.x\n");
  EXPECT_TRUE(has(cu, "i % d + i / int64_t(int32_t(blockDim.x))")) << cu;
  EXPECT_FALSE(has(cu, "py2cuda::mod")) << cu;
}

TEST(DivisionSigns, PositiveDivisorAloneKeepsTheSignCorrection) {
  std::string cu = kernel_cu("    for d in range(1, s):\n        x[0] = s % d + s // d\n");
  EXPECT_TRUE(has(cu, "py2cuda::mod_by_positive(s, d) + py2cuda::floordiv_by_positive(s, d)")) << cu;
}

TEST(DivisionSigns, NonNegativeDivisorTestsOnlyForZero) {
  // A counter from 0 may be 0 but never -1; so may a shape: no INT64_MIN // -1 test.
  std::string cu = kernel_cu("    for d in range(0, 5):\n        x[0] = 7 % d + s // x.shape[0]\n");
  EXPECT_TRUE(has(cu, "py2cuda::mod_by_nonnegative(7, d) + py2cuda::floordiv_by_nonnegative(s, x.shape[0])")) << cu;
}

TEST(DivisionSigns, UnknownDivisorKeepsTheFullHelper) {
  // A parameter, a counter stepping down, a variable that may become negative: signs unknown.
  for (const char* loop : {"range(9, 1, -1)", "range(s, 5)"}) {
    std::string cu = kernel_cu("    for d in " + std::string(loop) + ":\n        x[0] = 7 % d\n");
    EXPECT_TRUE(has(cu, "py2cuda::mod(")) << loop << "\n" << cu;
  }
  std::string cu = kernel_cu("    t = 3\n    if s < 0:\n        t = -1\n    x[0] = cuda.threadIdx.x % t + 4 // s\n");
  EXPECT_TRUE(has(cu, "py2cuda::mod(")) << cu;
  EXPECT_TRUE(has(cu, "py2cuda::floordiv(")) << cu;
}

TEST(DivisionSigns, AFloatConvertedInto8BitsMayBeNegative) {
  // np.int8 of a float is the low byte of PTX's saturating 16-bit cvt: np.int8(123456.789) is
  // -1, so its `% 96` keeps Python's sign correction (difftest seed 4000289); a conversion into
  // 16 bits saturates and keeps a non-negative value non-negative.
  SourceFile file("t.py", "import numpy as np\nfrom numba import cuda\n@cuda.jit('void(int64[:], int64)')\n"
                          "def k(x, s):\n    x[0] = np.int8(x.shape[0] * 1.5) % 96 + np.int16(x.shape[0] * 1.5) % 96\n");
  TranslateResult r = translate(file, TranslateOptions{});
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::mod_by_positive(int64_t(py2cuda::float_to_int<int8_t>(")) << r.cu;
  EXPECT_TRUE(has(r.cu, "int64_t(py2cuda::float_to_int<int16_t>(double(x.shape[0]) * 1.5)) % 96")) << r.cu;
}

TEST(DivisionSigns, PositiveModuleConstantIsAPositiveDivisor) {
  // `TILE = 8` is frozen as a literal is: a positive divisor, and `shape + TILE - 1` is >= 0.
  SourceFile file("t.py",
                  "from numba import cuda\nTILE = 8\nNEG = -8\n@cuda.jit('void(int64[:], int64)')\ndef k(x, s):\n"
                  "    x[0] = (x.shape[0] + TILE - 1) // TILE + s % TILE + s // NEG\n");
  TranslateResult r = translate(file, TranslateOptions{});
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "(x.shape[0] + TILE - 1) / TILE + py2cuda::mod_by_positive(s, TILE)")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::floordiv(s, NEG)")) << r.cu;
}

TEST(DivisionSigns, FrozenArrayExtentsArePositiveDivisors) {
  // A module array frozen into __constant__ memory has constant extents: `LUT.shape[0]`,
  // `LUT.size` and `len(LUT)` are positive divisors.
  SourceFile file("t.py",
                  "import numpy as np\nfrom numba import cuda\nLUT = np.arange(6).reshape(2, 3)\n"
                  "@cuda.jit('void(int64[:], int64)')\ndef k(x, s):\n"
                  "    x[0] = s % LUT.shape[1] + s // LUT.size + s % len(LUT)\n");
  TranslateResult r = translate(file, TranslateOptions{});
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::mod_by_positive(s, 3) + py2cuda::floordiv_by_positive(s, 6) + "
                        "py2cuda::mod_by_positive(s, 2)"))
      << r.cu;
}

TEST(DivisionSigns, FloorDivAndModOfTheSameOperandsShareADivmod) {
  std::string cu = kernel_cu("    i = cuda.grid(1)\n    q = x[i] // s\n    r = x[i] % s\n    x[i] = q + r\n");
  EXPECT_TRUE(has(cu, "py2cuda::divmod(x(i), s).quotient;")) << cu;
  EXPECT_TRUE(has(cu, "py2cuda::divmod(x(i), s).remainder;")) << cu;
  // In one expression too.
  cu = kernel_cu("    x[0] = s % x[1] * 10 + s // x[1]\n");
  EXPECT_TRUE(has(cu, "py2cuda::divmod(s, x(1)).remainder * 10 + py2cuda::divmod(s, x(1)).quotient")) << cu;
}

TEST(DivisionSigns, FloatFloorDivAndModOfVariablesShareAnFmod) {
  for (const char* t : {"float32", "float64"}) {
    SourceFile file("t.py", "from numba import cuda\n@cuda.jit('void(" + std::string(t) + "[:], " + t +
                                ")')\ndef k(x, s):\n    i = cuda.grid(1)\n    v = x[i]\n    x[i] = v // s\n"
                                "    x[0] = v % s\n    x[1] = x[i] // s + x[i] % s + x[i] % 2.0 + x[i] // 2.0\n");
    TranslateResult r = translate(file, TranslateOptions{});
    ASSERT_TRUE(r.ok) << r.diagnostics;
    EXPECT_TRUE(has(r.cu, "x(i) = py2cuda::divmod(v, s).quotient;")) << r.cu;
    EXPECT_TRUE(has(r.cu, "x(0) = py2cuda::divmod(v, s).remainder;")) << r.cu;
    // Of array elements the divmod is declared once before the statement (NVVM would not
    // share two divmods' fmods), and a constant power of two keeps its own, whose fmod is no loop.
    EXPECT_TRUE(has(r.cu, "const auto divmod_0 = py2cuda::divmod(x(i), s);\n")) << r.cu;
    EXPECT_TRUE(has(r.cu, "divmod_0.quotient + divmod_0.remainder")) << r.cu;
    EXPECT_TRUE(has(r.cu, "py2cuda::mod_by_power_of_two(")) << r.cu;
    EXPECT_TRUE(has(r.cu, "py2cuda::floordiv_by_power_of_two(")) << r.cu;
  }
}

std::string float_kernel_cu(const std::string& body) {
  SourceFile file("t.py", "from numba import cuda\n@cuda.jit('void(float32[:], float32[:], float32[:])')\n"
                          "def k(x, y, z):\n    i = cuda.grid(1)\n" + body);
  TranslateResult r = translate(file, TranslateOptions{});
  EXPECT_TRUE(r.ok) << r.diagnostics;
  return r.cu;
}

TEST(DivisionSigns, FloatDivmodOfElementsIsDeclaredBeforeItsFirstStatement) {
  // Across statements that store no array (a variable named like the declaration is skipped).
  std::string cu = float_kernel_cu("    divmod_0 = 1.0\n    q = x[i] // y[i]\n    r = x[i] % y[i]\n"
                                   "    z[i] = q + r + divmod_0\n");
  EXPECT_TRUE(has(cu, "// t.py:6: q = x[i] // y[i]\n  const auto divmod_1 = py2cuda::divmod(x(i), y(i));\n"
                      "  float q = divmod_1.quotient;\n")) << cu;
  EXPECT_TRUE(has(cu, "float r = divmod_1.remainder;")) << cu;
}

TEST(DivisionSigns, FloatDivmodOfElementsNotWhereTheyMayChange) {
  // An array stored between them (it may be x or y), a half under a condition, a call in the
  // statement: each keeps its own helper, which reads the elements where Python does.
  for (const char* body : {"    z[i] = x[i] // y[i]\n    z[0] = x[i] % y[i]\n",
                           "    z[i] = x[i] // y[i] + (x[i] % y[i] if i > 0 else 0.0)\n",
                           "    z[i] = x[i] // y[i] + x[i] % y[i] + cuda.atomic.add(x, 0, 1.0)\n"}) {
    std::string cu = float_kernel_cu(body);
    EXPECT_FALSE(has(cu, "py2cuda::divmod")) << body << "\n" << cu;
    EXPECT_TRUE(has(cu, "py2cuda::floordiv(x(i), y(i))")) << body << "\n" << cu;
    EXPECT_TRUE(has(cu, "py2cuda::mod(x(i), y(i))")) << body << "\n" << cu;
  }
}

TEST(DivisionSigns, DivmodPairsOnlyOperandsThatStayTheSame) {
  // An operand assigned between them (a variable, an element of the array read), other
  // operands, a `%` alone, a loop between them: each keeps its own helper (the remainder
  // alone is cheaper than a divmod).
  for (const char* body : {"    t = x[2]\n    x[0] = t // s\n    t = x[3]\n    x[1] = t % s\n",
                           "    x[0] = x[2] // s\n    x[1] = x[2] % s\n",
                           "    t = x[2] // s\n    u = (x[2] + 1) % s\n    x[0] = t + u\n",
                           "    x[1] = x[2] % s\n",
                           "    t = x[2] // s\n    for j in range(3):\n        x[j] = j\n    x[1] = x[2] % s + t\n"}) {
    std::string cu = kernel_cu(body);
    EXPECT_FALSE(has(cu, "py2cuda::divmod")) << body << "\n" << cu;
    EXPECT_TRUE(has(cu, "py2cuda::mod(")) << body << "\n" << cu;
  }
}

}  // namespace
