// infer/ssa_versions.cpp: a name rebound in straight-line device code to a value of another
// kind gets a variable of its own, as Numba types each SSA version apart; versions that meet
// at a join (a branch's end, a loop's back edge, a use after the block) share one variable,
// unified, as Numba's phi nodes unify them.
#include <gtest/gtest.h>

#include <string>

#include "driver/translate.h"

using namespace py2cuda;

namespace {

std::string kernel_cu(const std::string& body) {
  SourceFile file("t.py", "from numba import cuda\n@cuda.jit('void(int64[:], float64[:], int64)')\ndef k(a, out, n):\n" +
                              body);
  TranslateResult r = translate(file, TranslateOptions{});
  EXPECT_TRUE(r.ok) << r.diagnostics;
  return r.cu;
}

bool has(const std::string& text, const std::string& needle) { return text.find(needle) != std::string::npos; }

TEST(SsaVersions, StraightLineRebindingToAFloatIsItsOwnVariable) {
  std::string cu = kernel_cu(
      "    i = cuda.grid(1)\n    if i < a.size:\n        v = a[i]\n        w = v // 3\n"
      "        v = v * 0.5\n        out[i] = v + w\n");
  EXPECT_TRUE(has(cu, "int64_t v = a(i);")) << cu;
  EXPECT_TRUE(has(cu, "int64_t w = py2cuda::floordiv_by_positive(v, 3);")) << cu;
  EXPECT_TRUE(has(cu, "double v_2 = double(v) * 0.5;")) << cu;
  EXPECT_TRUE(has(cu, "out(i) = v_2 + double(w);")) << cu;
}

TEST(SsaVersions, ParameterRebound) {
  std::string cu = kernel_cu("    half = n // 2\n    n = n * 0.25\n    out[0] = n + half\n");
  EXPECT_TRUE(has(cu, "double n_2 = double(n) * 0.25;")) << cu;
  EXPECT_TRUE(has(cu, "py2cuda::floordiv_by_positive(n, 2)")) << cu;
}

TEST(SsaVersions, FloatRebindingToAnIntegerIndexes) {
  std::string cu = kernel_cu("    k = out[0] * 2.5\n    k = int(k)\n    out[k % 4] = 1.0\n");
  EXPECT_TRUE(has(cu, "int64_t k_2 = py2cuda::float_to_int<int64_t>(k);")) << cu;
}

TEST(SsaVersions, VersionsMeetingAtAJoinShareOneVariable) {
  // The branch's version meets the first at the if's end; a use after the block sees both; the
  // accumulator's value crosses the loop's back edge.
  for (const char* body : {"    v = a[0]\n    if v > 2:\n        v = v * 0.5\n    out[0] = v\n",
                           "    v = 0\n    if n > 0:\n        v = a[0]\n        v = v * 1.5\n    out[0] = v\n",
                           "    s = 0\n    for k in range(n):\n        s = s + a[k]\n        s = s * 0.5\n    out[0] = s\n",
                           "    t = 1\n    for k in range(n):\n        out[k] = t\n        t = a[k]\n        t = t * 0.5\n"}) {
    std::string cu = kernel_cu(body);
    EXPECT_FALSE(has(cu, "_2 =")) << body << cu;
  }
}

TEST(SsaVersions, NumbersAWidthApartAreVersionsToo) {
  // float32 then float64: the float32 version's products round to float32, as in Numba.
  SourceFile file("t.py", "from numba import cuda\n@cuda.jit('void(float32[:], float64[:])')\ndef k(a, out):\n"
                          "    x = a[0]\n    out[0] = x * x * x\n    x = x * 0.5\n    out[1] = x\n");
  TranslateResult r = translate(file, TranslateOptions{});
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "float x = a(0);")) << r.cu;
  EXPECT_TRUE(has(r.cu, "double x_2 = double(x) * 0.5;")) << r.cu;
}

TEST(SsaVersions, FirstAssignmentsInSiblingBranchesAreVersions) {
  // `t` dead after the if: the else arm's float does not widen the then arm's int64.
  std::string cu = kernel_cu("    if n > 0:\n        t = a[0]\n        a[1] = t + 1\n    else:\n        t = 0.5\n"
                             "        out[0] = t\n");
  EXPECT_TRUE(has(cu, "int64_t t = a(0);")) << cu;
  EXPECT_TRUE(has(cu, "double t_2 = 0.5;")) << cu;
}

}  // namespace
