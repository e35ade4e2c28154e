// Arithmetic of literals folded as CPython folds it before Numba sees it (sema/constant_folding.cpp):
// only where Numba's typed evaluation of the syntax would differ from the constant.
#include <gtest/gtest.h>

#include "translate_text.h"

using namespace py2cuda;
using py2cuda::test::has;

namespace {

TranslateResult kernel(const std::string& body) {
  return test::translate_text("import numpy as np\nfrom numba import cuda\n@cuda.jit('void(float64[:], uint64[:], int64[:])')\n"
                              "def k(f, u, n):\n",
                              body);
}

}  // namespace

TEST(ConstantFolding, AnIntToANegativePowerIsTheFloatCPythonFolds) {
  TranslateResult r = kernel("    f[0] = f[1] / (f[2] + 10 ** -3)\n    f[3] = 2 ** -1\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "f(2) + 0.001")) << r.cu;
  EXPECT_TRUE(has(r.cu, "f(3) = 0.5;")) << r.cu;
}

TEST(ConstantFolding, IntsBeyondInt64AreTheUint64LiteralsNumbaTypes) {
  TranslateResult r = kernel("    f[0] = 1.0 / 2 ** 63\n    u[0] = 0xFFFFFFFFFFFFFFFF // 3\n    n[0] = -2 ** 63\n"
                             "    n[1] = 2 ** 63 - 1\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "f(0) = 1.0842021724855044e-19;")) << r.cu;  // CPython folds the division too
  EXPECT_TRUE(has(r.cu, "u(0) = uint64_t(6148914691236517205);")) << r.cu;
  EXPECT_TRUE(has(r.cu, "n(0) = int64_t(-9223372036854775807) - 1;")) << r.cu;
  EXPECT_TRUE(has(r.cu, "n(1) = 9223372036854775807;")) << r.cu;
}

// Numba's int64 arithmetic gives the same value: the syntax stays as written.
TEST(ConstantFolding, ArithmeticNumbaEvaluatesAlikeIsLeftAsWritten) {
  TranslateResult r = kernel("    n[0] = 2 * 3 * 4\n    n[1] = 1 << 33\n    f[0] = 1.0 / 3.0\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "int64_t(2) * 3 * 4")) << r.cu;
  EXPECT_TRUE(has(r.cu, "int64_t(1) << 33")) << r.cu;
}

// CPython folds `1 << 70` and `10 ** 20` into ints Numba cannot type; `2 ** 70` is beyond
// CPython's 128-bit limit for a power's fold, so it is left to run (Numba's int64 power).
TEST(ConstantFolding, FoldedIntsBeyond64BitsAreErrors) {
  TranslateResult r = kernel("    f[0] = 1 << 70\n    f[1] = 10 ** 20\n");
  EXPECT_FALSE(r.ok);
  EXPECT_TRUE(has(r.diagnostics, "prog.py:5:12: error: integer literal 1180591620717411303424 does not fit in 64 bits"))
      << r.diagnostics;
  EXPECT_TRUE(has(r.diagnostics, "prog.py:6:12: error: integer literal 100000000000000000000 does not fit in 64 bits"))
      << r.diagnostics;
  r = kernel("    n[0] = 2 ** 70\n");
  EXPECT_TRUE(r.ok) << r.diagnostics;
}

// CPython compiles a list display a for loop iterates, or `in` searches, as a tuple; an
// f-string without fields as a constant string. Numba's kernels take both.
TEST(ConstantFolding, IteratedListsAreTuplesInNumbaFunctions) {
  TranslateResult r = kernel("    s = 0.0\n    for d in [-1, 0, 1]:\n        s += f[1 + d]\n"
                             "    if n[0] in [2, 3]:\n        print(f\"hit {{here}}\")\n    f[0] = s\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_FALSE(has(r.diagnostics, "lists are not supported")) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "printf(\"hit \\173here\\175\\n\");")) << r.cu;  // braces escaped for printf
  // Host code keeps its lists.
  r = test::translate_text("import numpy as np\n", "xs = [1, 2]\nfor v in [3, 4]:\n    xs.append(v)\nprint(xs, 3 in [3])\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
}

// float() of a constant string in a kernel is the float64 it spells (`best = float('inf')`).
TEST(ConstantFolding, FloatOfAConstantStringInAKernel) {
  TranslateResult r = kernel("    f[0] = float('inf')\n    f[1] = -float('-Infinity')\n    f[2] = float(' 2.5 ')\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "f(2) = 2.5;")) << r.cu;
  r = kernel("    f[0] = float('abc')\n");
  EXPECT_TRUE(has(r.diagnostics, "prog.py:5:18: error: could not convert string to float: 'abc'")) << r.diagnostics;
}
