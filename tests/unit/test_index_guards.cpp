// infer/index_wrap.cpp's lower bounds from conditions: where a condition guarantees
// `r >= k` (inside `if 0 < r:`, after `if r < 1: return`, in `x if r > 0 else y`, right of
// `r > 0 and`), `r - k` is a non-negative index and needs no wraparound (`a(r - 1)`, not
// `a.at(r - 1)`), and a divisor so guarded is positive. A bound holds only over code that does
// not assign the variable; everything else keeps the wraparound, which is always correct.
#include <gtest/gtest.h>

#include <string>

#include "driver/translate.h"

using namespace py2cuda;

namespace {

std::string kernel_cu(const std::string& body) {
  SourceFile file("t.py",
                  "from numba import cuda\n@cuda.jit('void(float32[:, :], float32[:], int64)')\ndef k(u, x, s):\n" + body);
  TranslateResult r = translate(file, TranslateOptions{});
  EXPECT_TRUE(r.ok) << r.diagnostics;
  return r.cu;
}

bool has(const std::string& text, const std::string& needle) { return text.find(needle) != std::string::npos; }

TEST(IndexGuards, StencilConditionProvesTheNeighbours) {
  std::string cu = kernel_cu(
      "    r, c = cuda.grid(2)\n"
      "    if 0 < r < u.shape[0] - 1 and 0 < c < u.shape[1] - 1:\n"
      "        u[r, c] = u[r - 1, c] + u[r, c - 1]\n");
  EXPECT_TRUE(has(cu, "u(r, c) = u(r - 1, c) + u(r, c - 1);")) << cu;
  EXPECT_FALSE(has(cu, ".at(")) << cu;
}

TEST(IndexGuards, EveryComparisonForm) {
  // r >= 1 in each: `r >= 1`, `1 <= r`, `r > 0`, `not r < 1`, `r != 0` of a non-negative r.
  for (const char* cond : {"i >= 1", "1 <= i", "i > 0", "not i < 1", "i != 0", "i >= 2"}) {
    std::string cu = kernel_cu("    i = cuda.grid(1)\n    if " + std::string(cond) + ":\n        x[i - 1] = 0\n");
    EXPECT_TRUE(has(cu, "x(i - 1) = ")) << cond << "\n" << cu;
  }
}

TEST(IndexGuards, TooWeakAConditionKeepsTheWrap) {
  // i > 0 bounds i - 1, not i - 2; `i != 0` of a signed parameter says nothing; `or` neither.
  for (const char* body : {"    i = cuda.grid(1)\n    if i > 0:\n        x[i - 2] = 0\n",
                           "    if s != 0:\n        x[s - 1] = 0\n",
                           "    i = cuda.grid(1)\n    if i > 0 or s > 0:\n        x[i - 1] = 0\n",
                           "    i = cuda.grid(1)\n    if i < 1:\n        x[i - 1] = 0\n"}) {
    std::string cu = kernel_cu(body);
    EXPECT_TRUE(has(cu, "x.at(")) << body << "\n" << cu;
  }
}

TEST(IndexGuards, EarlyExitAndElse) {
  std::string cu = kernel_cu(
      "    i = cuda.grid(1)\n    if i < 1 or i >= x.size:\n        return\n    x[i - 1] = 0\n");
  EXPECT_TRUE(has(cu, "x(i - 1) = ")) << cu;
  cu = kernel_cu("    i = cuda.grid(1)\n    if i == 0:\n        x[0] = 1\n    else:\n        x[i - 1] = 0\n");
  EXPECT_TRUE(has(cu, "x(i - 1) = ")) << cu;
  cu = kernel_cu("    for j in range(4):\n        if j < 1:\n            continue\n        x[j - 1] = 0\n");
  EXPECT_TRUE(has(cu, "x(j - 1) = ")) << cu;
}

TEST(IndexGuards, ExpressionsGuardTheirOperands) {
  std::string cu = kernel_cu("    i = cuda.grid(1)\n    x[i] = x[i - 1] if i > 0 else 0.0\n");
  EXPECT_TRUE(has(cu, "x(i - 1)")) << cu;
  cu = kernel_cu("    i = cuda.grid(1)\n    if i > 0 and x[i - 1] > 0:\n        x[i] = 1\n");
  EXPECT_TRUE(has(cu, "double(x(i - 1)) > 0.0")) << cu;
}

TEST(IndexGuards, AnAssignmentEndsTheBound) {
  // The guarded code assigns i: the bound no longer describes it.
  std::string cu = kernel_cu("    i = cuda.grid(1)\n    if i > 0:\n        i = i - 5\n        x[i - 1] = 0\n");
  EXPECT_TRUE(has(cu, "x.at(")) << cu;
  // After the early exit, an assignment before the use.
  cu = kernel_cu("    i = cuda.grid(1)\n    if i < 1:\n        return\n    i = i - 3\n    x[i - 1] = 0\n");
  EXPECT_TRUE(has(cu, "x.at(")) << cu;
  // A while loop that changes its variable before the use.
  cu = kernel_cu("    i = cuda.grid(1)\n    while i > 0:\n        i -= 2\n        x[i - 1] = 0\n");
  EXPECT_TRUE(has(cu, "x.at(")) << cu;
}

TEST(IndexGuards, GuardedDivisorIsPositive) {
  std::string cu = kernel_cu("    i = cuda.grid(1)\n    if s > 0:\n        x[i % s] = 0\n");
  EXPECT_TRUE(has(cu, "x(i % s) = ")) << cu;
}

TEST(IndexGuards, UnpackedShapeIsANonNegativeDivisor) {
  // Python's % takes the divisor's sign: `(i + d) % n` with `n, m = u.shape` (a tuple of
  // shapes, unpacked) is a non-negative index, the torus of a game of life.
  std::string cu = kernel_cu(
      "    i, j = cuda.grid(2)\n    n, m = u.shape\n    for d in range(-1, 2):\n"
      "        u[(i + d) % n, (j + d) % m] = 0\n");
  EXPECT_TRUE(has(cu, "u(py2cuda::mod_by_nonnegative(i + d, n), py2cuda::mod_by_nonnegative(j + d, m)) = ")) << cu;
  // A tuple holding a parameter of either sign proves nothing of what is unpacked from it.
  cu = kernel_cu("    i = cuda.grid(1)\n    n, t = x.size, s\n    x[(i - 2) % t] = 0\n");
  EXPECT_TRUE(has(cu, "x.at(")) << cu;
}

TEST(IndexGuards, MixedSignednessComparisonBoundsNothing) {
  // int64 against uint64 compares in float64, as in Numba, where `s >= n` may hold with s < n
  // (beyond 2**53): no bound from it, so x[s - 1] keeps the wraparound; against an int64 it
  // would not.
  for (const char* cond : {"s > n", "n < s", "s >= n + n"}) {
    SourceFile file("t.py", "from numba import cuda\n@cuda.jit('void(float32[:], int64, uint64)')\ndef k(x, s, n):\n    if " +
                                std::string(cond) + ":\n        x[s - 1] = 0\n");
    TranslateResult r = translate(file, TranslateOptions{});
    ASSERT_TRUE(r.ok) << r.diagnostics;
    EXPECT_TRUE(has(r.cu, "x.at(s - 1)")) << cond << "\n" << r.cu;
  }
  EXPECT_TRUE(has(kernel_cu("    if s > 0:\n        x[s - 1] = 0\n"), "x(s - 1) = ")) << "the control";
}

}  // namespace
