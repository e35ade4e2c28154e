// Module-level NumPy arrays read in kernels: evaluated at translation time like
// NumPy would build them, emitted as __constant__ arrays, read through
// py2cuda::constant_view (runtime/include/py2cuda/constant_array.h), never written.
#include <gtest/gtest.h>

#include <py2cuda/constant_array.h>

#include <string>

#include "driver/translate.h"

using namespace py2cuda;

namespace {

TranslateResult run(const std::string& globals, const std::string& body) {
  SourceFile file("t.py", "import numpy as np\nfrom numba import cuda\n" + globals +
                              "@cuda.jit('void(float64[:])')\ndef k(out):\n" + body);
  return translate(file, TranslateOptions{});
}

std::string cu(const std::string& globals, const std::string& body) {
  TranslateResult r = run(globals, body);
  EXPECT_TRUE(r.ok) << r.diagnostics;
  return r.cu;
}

bool has(const std::string& text, const std::string& needle) { return text.find(needle) != std::string::npos; }

}  // namespace

TEST(ConstantArrays, ViewsHaveTheShapeAndCStrides) {
  static const float one[3] = {1.0f, 2.0f, 3.0f};
  static const int16_t two[2][3] = {{1, 2, 3}, {4, 5, 6}};
  static const double three[2][2][2] = {{{0, 1}, {2, 3}}, {{4, 5}, {6, 7}}};
  Array<const float, 1> a = constant_view(one);
  EXPECT_EQ(a.shape[0], 3);
  EXPECT_EQ(a(2), 3.0f);
  Array<const int16_t, 2> b = constant_view(two);
  EXPECT_EQ(b.shape[0], 2);
  EXPECT_EQ(b.shape[1], 3);
  EXPECT_EQ(b.strides[0], 3);
  EXPECT_EQ(b(1, 2), 6);
  EXPECT_EQ(b.at(-1, -3), 4);
  Array<const double, 3> c = constant_view(three);
  EXPECT_EQ(c.size(), 8);
  EXPECT_EQ(c(1, 0, 1), 5.0);
  EXPECT_EQ(c.strides[0], 4);
}

TEST(ConstantArrays, NumpyConstructorsAreEvaluatedLikeNumpy) {
  std::string out = cu(
      "A = np.arange(5)\nB = np.arange(0.5, 2.0, 0.5)\nC = np.linspace(-1, 1, 3)\nD = np.full((2, 2), 7)\n"
      "E = np.zeros(2, dtype=np.float32)\nF = np.array([[1, 2.5], [3, 4]])\nG = np.ones(3, 'uint8')\n"
      "H = np.array((1, 2), dtype=np.int8)\n",
      "    out[0] = A[4] + B[0] + C[2] + D[1, 1] + E[1] + F[0, 1] + G[0] + H[1]\n");
  EXPECT_TRUE(has(out, "__constant__ const int64_t A[5] = {0, 1, 2, 3, 4};")) << out;
  EXPECT_TRUE(has(out, "__constant__ const double B[3] = {0.5, 1.0, 1.5};")) << out;
  EXPECT_TRUE(has(out, "__constant__ const double C[3] = {-1.0, 0.0, 1.0};")) << out;
  EXPECT_TRUE(has(out, "__constant__ const int64_t D[2][2] = {\n  {7, 7},\n  {7, 7}\n};")) << out;
  EXPECT_TRUE(has(out, "__constant__ const float E[2] = {0.0f, 0.0f};")) << out;
  EXPECT_TRUE(has(out, "__constant__ const double F[2][2] = {\n  {1.0, 2.5},\n  {3.0, 4.0}\n};")) << out;
  EXPECT_TRUE(has(out, "__constant__ const uint8_t G[3] = {1, 1, 1};")) << out;
  EXPECT_TRUE(has(out, "__constant__ const int8_t H[2] = {1, 2};")) << out;
  EXPECT_TRUE(has(out, "py2cuda::constant_view(D)(1, 1)")) << out;
}

TEST(ConstantArrays, LongRowsWrapEightToALine) {
  std::string out = cu("A = np.arange(10, dtype=np.int32)\n", "    out[0] = A[9]\n");
  EXPECT_TRUE(has(out, "__constant__ const int32_t A[10] = {\n  0, 1, 2, 3, 4, 5, 6, 7,\n  8, 9\n};")) << out;
}

TEST(ConstantArrays, ArrayLikeIsTheSameReadOnlyView) {
  std::string out = cu("W = np.array([0.5, 0.25])\n", "    w = cuda.const.array_like(W)\n    out[0] = w[1]\n");
  EXPECT_TRUE(has(out, "py2cuda::Array<const double, 1> w = py2cuda::constant_view(W);")) << out;
}

TEST(ConstantArrays, Errors) {
  auto error_of = [](const std::string& globals, const std::string& body) {
    TranslateResult r = run(globals, body);
    EXPECT_FALSE(r.ok);
    return r.diagnostics;
  };
  EXPECT_TRUE(has(error_of("A = np.array([1, 2])\n", "    A[0] = 3\n"),
                  "cannot modify readonly array of type readonly array(int64, 1d, C)"));
  EXPECT_TRUE(has(error_of("A = np.array([1.0])\n", "    A[0] += 1\n"), "cannot modify readonly array"));
  EXPECT_TRUE(has(error_of("A = np.array([1.0])\n", "    cuda.atomic.add(A, 0, 1.0)\n"), "cannot modify readonly array"));
  EXPECT_TRUE(has(error_of("A = np.array([[1, 2], [3]])\n", "    out[0] = A[0, 0]\n"),
                  "nested lists must all have the same length"));
  EXPECT_TRUE(has(error_of("A = np.empty(3)\n", "    out[0] = A[0]\n"), "'np.empty(...)' cannot be evaluated"));
  EXPECT_TRUE(has(error_of("A = np.zeros(3, dtype=np.complex64)\n", "    out[0] = A[0]\n"),
                  "the dtype of a constant array must be a NumPy scalar type"));
  EXPECT_TRUE(has(error_of("A = np.zeros(100000)\n", "    out[0] = A[0]\n"), "too large for constant memory"));
  EXPECT_TRUE(has(error_of("", "    out[0] = cuda.const.array_like(out)[0]\n"),
                  "cuda.const.array_like() takes a module-level NumPy array"));
}

TEST(ConstantArrays, MergingWithAMutableArrayIsReadOnly) {
  // Numba's Array.unify: read-only when either side is; a mutable array converts to it.
  SourceFile file("t.py",
                  "import numpy as np\nfrom numba import cuda\nW = np.array([1.0, 2.0])\n"
                  "@cuda.jit('void(float64[:], boolean)')\ndef k(x, flag):\n    a = W if flag else x\n"
                  "    x[0] = a[1]\n    a[0] = 1.0\n");
  TranslateResult r = translate(file, TranslateOptions{});
  EXPECT_FALSE(r.ok);
  EXPECT_TRUE(has(r.diagnostics, "t.py:8:5: error: cannot modify readonly array of type readonly array(float64, 1d, A)"))
      << r.diagnostics;
}
