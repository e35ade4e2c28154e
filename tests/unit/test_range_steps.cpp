// infer/range_steps.cpp: a range() step known only at run time but provably positive (a grid
// size, a block dimension, products of them, variables holding them) makes an upward loop
// without the run-time test of the step's sign, and lets the index-wrap analysis see the
// counter as non-negative. Anything else keeps the test.
#include <gtest/gtest.h>

#include <string>

#include "driver/translate.h"

using namespace py2cuda;

namespace {

std::string kernel_cu(const std::string& body) {
  SourceFile file("t.py", "from numba import cuda\n@cuda.jit('void(float32[:], int64)')\ndef k(x, s):\n" + body);
  TranslateResult r = translate(file, TranslateOptions{});
  EXPECT_TRUE(r.ok) << r.diagnostics;
  return r.cu;
}

bool has(const std::string& text, const std::string& needle) { return text.find(needle) != std::string::npos; }

TEST(RangeSteps, GridSizeStepIsUpward) {
  std::string cu = kernel_cu("    for i in range(cuda.grid(1), x.size, cuda.gridsize(1)):\n        x[i] = 0\n");
  // A kernel's last statement: a grid-stride loop the emulation runs trip by trip (ir/grid_stride.h).
  EXPECT_TRUE(has(cu, "i < x.size(); py2cuda::grid_stride_next(i, i_step)")) << cu;
  EXPECT_TRUE(has(cu, "x(i) = ")) << cu;  // counter proved non-negative: no wraparound
  EXPECT_FALSE(has(cu, "> 0 ?")) << cu;
}

TEST(RangeSteps, VariablesAndProductsOfDimensions) {
  std::string cu = kernel_cu(
      "    sx, sy = cuda.gridsize(2)\n    w = cuda.blockDim.x * cuda.gridDim.x\n"
      "    for i in range(cuda.threadIdx.x, x.size, sx * w):\n        x[i] = 0\n");
  EXPECT_FALSE(has(cu, "> 0 ?")) << cu;
}

TEST(RangeSteps, UnknownSignKeepsTheTest) {
  // A parameter, a variable that may become negative, a difference: signs unknown.
  for (const char* step : {"s", "t", "cuda.gridsize(1) - 2"}) {
    std::string cu = kernel_cu("    t = cuda.gridsize(1)\n    if s < 0:\n        t = -1\n"
                               "    for i in range(0, x.size, " + std::string(step) + "):\n        x[i] = 0\n");
    EXPECT_TRUE(has(cu, "> 0 ? i < x.size() : i > x.size()")) << step << "\n" << cu;
    EXPECT_TRUE(has(cu, "x.at(i)")) << step << "\n" << cu;
  }
}

}  // namespace

namespace {

// `x in range(...)` in a kernel (Numba's impl_contains_helper): bounds for the step's sign, and
// the remainder test only where the step is not 1 or -1; an `&&` inside `||` in parentheses.
TEST(RangeSteps, MembershipTestsTheBoundsForTheStepsSign) {
  std::string cu = kernel_cu("    i = cuda.grid(1)\n    if i in range(2, 9):\n        x[0] = 1\n"
                             "    if i not in range(9, 2, -3):\n        x[1] = 1\n"
                             "    if i in range(0, 9, s):\n        x[2] = 1\n");
  EXPECT_TRUE(has(cu, "if (2 <= i && i < 9) {")) << cu;
  EXPECT_TRUE(has(cu, "if (!(2 < i && i <= 9 && py2cuda::mod(i - 9, -3) == 0)) {")) << cu;
  EXPECT_TRUE(has(cu, "((s > 0 && 0 <= i && i < 9) || (s < 0 && 9 < i && i <= 0))")) << cu;
}

TEST(RangeSteps, MembershipOfAZeroStepIsAnError) {
  SourceFile file("t.py", "from numba import cuda\n@cuda.jit('void(float32[:])')\ndef k(x):\n"
                          "    if 3 in range(0, 9, 0):\n        x[0] = 1\n");
  TranslateResult r = translate(file, TranslateOptions{});
  EXPECT_FALSE(r.ok);
  EXPECT_TRUE(has(r.diagnostics, "range() arg 3 must not be zero")) << r.diagnostics;
}

}  // namespace
