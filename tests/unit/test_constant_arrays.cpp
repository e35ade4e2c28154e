// Module-level NumPy arrays read in kernels: evaluated at translation time like
// NumPy would build them, emitted as __constant__ arrays, read through
// py2cuda::constant_view (runtime/include/py2cuda/constant_array.h), never written.
#include <gtest/gtest.h>

#include <py2cuda/constant_array.h>
#include <py2cuda/host/frozen_globals.h>

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
  EXPECT_TRUE(has(out, "py2cuda::CArray<const double, 1> w = py2cuda::constant_view(W);")) << out;
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
  EXPECT_TRUE(has(error_of("A = np.empty(3)\n", "    out[0] = A[0]\n"), "np.empty() leaves the array's contents undefined"));
  EXPECT_TRUE(has(error_of("A = np.zeros(3, dtype=np.complex64)\n", "    out[0] = A[0]\n"),
                  "the dtype of a constant array must be a NumPy scalar type"));
  EXPECT_TRUE(has(error_of("A = np.zeros(100000)\n", "    out[0] = A[0]\n"), "constant memory holds 64 KiB"));
  EXPECT_TRUE(has(error_of("A = np.arange(6).reshape(4, 2)\n", "    out[0] = A[0, 0]\n"),
                  "cannot reshape array of size 6 into shape (4,2)"));
  EXPECT_TRUE(has(error_of("A = np.arange(6) + np.arange(4)\n", "    out[0] = A[0]\n"),
                  "operands could not be broadcast together with shapes (6,) (4,)"));
  EXPECT_TRUE(has(error_of("A = np.random.rand(4)\n", "    out[0] = A[0]\n"), "draws random numbers when the program runs"));
  EXPECT_TRUE(has(error_of("import sys\nA = np.arange(3) * int(sys.argv[1])\n", "    out[0] = A[0]\n"),
                  "sys.argv is known only when the program runs"));
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

TEST(ConstantArrays, ExpressionsFollowNumpy126) {
  std::string out = cu(
      "import math\nA = np.arange(4, dtype=np.int32) * 3\nB = np.arange(3, dtype=np.int8) + 300\n"
      "C = np.arange(3, dtype=np.uint8) - 1\nD = np.arange(3, dtype=np.float32) * 2.5\n"
      "E = np.arange(3, dtype=np.int32) * np.float32(0.5)\nF = np.arange(6).reshape(2, 3).T\n"
      "G = np.eye(2, dtype=np.int16) * 5\nH = np.sqrt(np.arange(3, dtype=np.int16))\n"
      "I = (np.arange(4) / 2).astype(np.float32)\nJ = np.arange(2).reshape(2, 1) * np.arange(3)\n"
      "K = -np.arange(3, dtype=np.int16) // 2\nL = np.float32(2.5) * 2.0\nM = np.int32(7) + 1\n",
      "    out[0] = A[0] + B[0] + C[0] + D[0] + E[0] + F[0, 0] + G[0, 0] + H[0] + I[0] + J[0, 0] + K[0] + L + M\n");
  EXPECT_TRUE(has(out, "__constant__ const int32_t A[4] = {0, 3, 6, 9};")) << out;
  EXPECT_TRUE(has(out, "__constant__ const int16_t B[3] = {300, 301, 302};")) << out;
  EXPECT_TRUE(has(out, "__constant__ const uint8_t C[3] = {255, 0, 1};")) << out;
  EXPECT_TRUE(has(out, "__constant__ const float D[3] = {0.0f, 2.5f, 5.0f};")) << out;
  EXPECT_TRUE(has(out, "__constant__ const double E[3] = {0.0, 0.5, 1.0};")) << out;
  EXPECT_TRUE(has(out, "__constant__ const int64_t F[3][2] = {\n  {0, 3},\n  {1, 4},\n  {2, 5}\n};")) << out;
  EXPECT_TRUE(has(out, "__constant__ const int16_t G[2][2] = {\n  {5, 0},\n  {0, 5}\n};")) << out;
  EXPECT_TRUE(has(out, "__constant__ const float H[3] = {0.0f, 1.0f, 1.4142135f};")) << out;
  EXPECT_TRUE(has(out, "__constant__ const float I[4] = {0.0f, 0.5f, 1.0f, 1.5f};")) << out;
  EXPECT_TRUE(has(out, "__constant__ const int64_t J[2][3] = {\n  {0, 0, 0},\n  {0, 1, 2}\n};")) << out;
  EXPECT_TRUE(has(out, "__constant__ const int16_t K[3] = {0, -1, -1};")) << out;
  // NumPy 1.26 (no NEP 50): a NumPy scalar with a Python number promotes like two arrays.
  EXPECT_TRUE(has(out, "constexpr double L = 5.0;")) << out;
  EXPECT_TRUE(has(out, "constexpr int64_t M = 8;")) << out;
}

TEST(ConstantArrays, FloatArangeStepsLikeNumpy) {
  // NumPy fills a float32 arange by the float32-rounded delta: 0.1f + i * (0.25f - 0.1f).
  std::string out = cu("A = np.arange(0.1, 1.0, 0.15, dtype=np.float32)\n", "    out[0] = A[5]\n");
  EXPECT_TRUE(has(out, "__constant__ const float A[6] = {0.1f, 0.25f, 0.4f, 0.55f, 0.70000005f, 0.85f};")) << out;
}

TEST(ConstantArrays, HostFunctionsReadTheModulesArray) {
  // The kernel reads the frozen __constant__ array; a host function reads the module's own
  // array (which launches, out= and helpers may change), one variable the module's code
  // assigns and every function shares.
  SourceFile file("t.py",
                  "import numpy as np\nfrom numba import cuda\nT = np.arange(3, dtype=np.int16) * 2\n"
                  "@cuda.jit\ndef k(out):\n    out[0] = T[2]\n"
                  "def main():\n    out = np.zeros(1, dtype=np.int64)\n    k[1, 1](out)\n    print(T, out)\n"
                  "main()\n");
  TranslateResult r = translate(file, TranslateOptions{});
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "__constant__ const int16_t T[3] = {0, 2, 4};")) << r.cu;
  EXPECT_TRUE(has(r.cu, "static py2cuda::host::NDArray<int16_t, 1> T_global{};")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::print(T_global, out)")) << r.cu;
}

// np.finfo / np.iinfo limits as module constants: NumPy scalars of the float type, Python ints
// for the integer limits.
TEST(ConstantArrays, TypeLimitsFreezeAsNumpyGivesThem) {
  std::string out = cu("EPS = np.finfo(np.float32).eps\nTOP = np.iinfo(np.int16).max\nLOW = np.iinfo('int8').min\n",
                       "    out[0] = EPS * 2\n    out[1] = TOP + LOW\n");
  EXPECT_TRUE(has(out, "constexpr float EPS = 1.1920929e-07f;")) << out;
  EXPECT_TRUE(has(out, "constexpr int64_t TOP = 32767;")) << out;
  EXPECT_TRUE(has(out, "constexpr int64_t LOW = -128;")) << out;
  TranslateResult bad = run("X = np.finfo(np.float32).epsneg\n", "    out[0] = X\n");
  EXPECT_FALSE(bad.ok);
  EXPECT_TRUE(has(bad.diagnostics, "np.finfo().epsneg is not a constant py2cuda can freeze")) << bad.diagnostics;
}

// A global only the running program knows (a NumPy call py2cuda does not evaluate, a change in
// place, a function's `global` rebinding): a __constant__ variable the host code sets before the
// launch, from the host program's shared variable; a global nothing changes stays a constant.
TEST(ConstantArrays, GlobalsOnlyTheProgramKnowsAreFrozenAtTheFirstLaunch) {
  SourceFile file("t.py",
                  "import numpy as np\nfrom numba import cuda\n"
                  "G = np.array([1.0, 2.0, 1.0])\nG /= G.sum()\nK = np.outer(G, G)\nSCALE = 2.0\nFIXED = np.arange(3)\n"
                  "def set_scale(s):\n    global SCALE\n    SCALE = s\n"
                  "@cuda.jit(device=True)\ndef weight(i):\n    return G[i]\n"
                  "@cuda.jit\ndef k(out):\n    i = cuda.grid(1)\n    if i < 3:\n"
                  "        out[i] = weight(i) * SCALE + K[i, i] + FIXED[i]\n"
                  "set_scale(3.0)\nout = np.zeros(3)\nk[1, 3](out)\nprint(out)\n");
  TranslateResult r = translate(file, TranslateOptions{});
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "__constant__ py2cuda::CArray<const double, 1> G;")) << r.cu;
  EXPECT_TRUE(has(r.cu, "__constant__ py2cuda::CArray<const double, 2> K;")) << r.cu;
  EXPECT_TRUE(has(r.cu, "__constant__ double SCALE;")) << r.cu;
  EXPECT_TRUE(has(r.cu, "__constant__ const int64_t FIXED[3] = {0, 1, 2};")) << r.cu;
  // Before the launch, in the module's order; the device function's read counts for the kernel.
  EXPECT_TRUE(has(r.cu, "  py2cuda::host::freeze_global(G, G_global);\n"
                        "  py2cuda::host::freeze_global(K, K_global);\n"
                        "  py2cuda::host::freeze_global(SCALE, SCALE_global);\n  launch_k(")) << r.cu;
  EXPECT_TRUE(has(r.cu, "return G.at(i);")) << r.cu;  // a CArray view, indexed as any array
}

// The host side: the first call copies the value (C order, whatever the host array's strides)
// and sets the variable; later calls, after the host value changed, leave it frozen.
TEST(ConstantArrays, FreezeGlobalCopiesOnceInCOrder) {
  static CArray<const double, 2> frozen_array;
  static int64_t frozen_number;
  host::NDArray<double, 2> m(host::NDArray<double, 2>::ShapeType{2, 3});
  for (int64_t i = 0; i < 2; ++i) {
    for (int64_t j = 0; j < 3; ++j) m.data()[i * 3 + j] = static_cast<double>(10 * i + j);
  }
  const host::NDArray<double, 2> t = host::transpose(m);  // 3 x 2, strides (1, 3)
  host::freeze_global(frozen_array, t);
  host::freeze_global(frozen_number, int64_t{7});
  EXPECT_EQ(frozen_array.shape[0], 3);
  EXPECT_EQ(frozen_array.shape[1], 2);
  EXPECT_EQ(frozen_array.strides[0], 2);
  EXPECT_EQ(frozen_array(2, 1), 12.0);
  EXPECT_EQ(frozen_array(1, 0), 1.0);
  EXPECT_EQ(frozen_number, 7);
  host::freeze_global(frozen_array, m);
  host::freeze_global(frozen_number, int64_t{8});
  EXPECT_EQ(frozen_array.shape[0], 3);
  EXPECT_EQ(frozen_number, 7);
}
