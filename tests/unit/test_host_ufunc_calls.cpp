// CUDA ufuncs called from host code (infer/ufuncs.cpp): Python lists become arrays as NumPy
// makes them; a ufunc whose function reads a global only the running program knows has it
// frozen before the call's statement, as before a kernel's launch (lower/emit.cpp).
#include <gtest/gtest.h>

#include "translate_text.h"

using namespace py2cuda;
using py2cuda::test::has;

namespace {

const std::string kPrologue =
    "import numpy as np\nfrom numba import vectorize\n"
    "LUT = np.array([i * 0.5 for i in range(4)])\n"
    "@vectorize(['float64(float64, float64)'], target='cuda')\ndef wavg(a, b):\n    return 0.75 * a + 0.25 * b\n"
    "@vectorize(['float64(int64)'], target='cuda')\ndef lookup(v):\n    return LUT[v]\n";  // lines 1-9

}  // namespace

TEST(HostUfuncCalls, ListsAreArraysAsNumPyMakesThem) {
  TranslateResult r = test::translate_text(kPrologue, "print(wavg([1.0, 2.0], [3.0, 4.0]), wavg([1.0], 0.0))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "wavg(py2cuda::host::array_of_list<double>(py2cuda::host::List<double>{1.0, 2.0}), ")) << r.cu;
}

TEST(HostUfuncCalls, AGlobalTheUfuncReadsIsFrozenBeforeTheCall) {
  TranslateResult r = test::translate_text(kPrologue, "print(lookup(np.arange(3)))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "  // prog.py:10: print(lookup(np.arange(3)))\n  py2cuda::host::freeze_global(LUT, LUT_global);\n"))
      << r.cu;
}

// numba-cuda's GUFunc dispatch: an exact dtype match, else the first signature whose dtypes cast
// safely to the inputs' (host inputs converted), else TypeError when the call runs.
TEST(HostUfuncCalls, GufuncSignaturesAreChosenAsNumbaCudaChoosesThem) {
  const std::string prologue =
      "import numpy as np\nfrom numba import guvectorize\n"
      "@guvectorize(['void(float32[:], float32[:])'], '(n)->()', target='cuda')\n"
      "def total(a, out):\n    out[0] = a[0]\n"
      "@guvectorize(['void(float64[:], float64, float64[:])'], '(n),()->(n)', target='cuda')\n"
      "def shift(a, k, out):\n    out[0] = a[0] + k\n";  // lines 1-8
  TranslateResult r = test::translate_text(prologue, "print(total(np.ones((2, 3))))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "total(py2cuda::np::astype<float>(")) << r.cu;
  r = test::translate_text(prologue, "print(shift(np.ones(3), 2))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "throw py2cuda::host::TypeError(\"no matching signature\");")) << r.cu;
}

// `u.reduce(x)` of a binary CUDA ufunc: numba-cuda's pairwise reduction, emitted for the loops
// host code reduces; a CPU ufunc's reduce is a located warning.
TEST(HostUfuncCalls, ReduceOfACudaUfuncRunsNumbaCudasPairwiseSteps) {
  TranslateResult r = test::translate_text(kPrologue, "print(wavg.reduce(np.arange(5.0)))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "double wavg_reduce(const py2cuda::host::DeviceNDArray<double, 1>& x) {")) << r.cu;
  EXPECT_TRUE(has(r.cu, "wavg_reduce(py2cuda::host::to_device(py2cuda::np::arange<double>(")) << r.cu;
  r = test::translate_text(kPrologue, "print(wavg(np.ones(2), 1.0))\n");
  EXPECT_FALSE(has(r.cu, "wavg_reduce")) << r.cu;  // only for ufuncs host code reduces
  r = test::translate_text("import numpy as np\nfrom numba import vectorize\n"
                           "@vectorize(['float64(float64, float64)'])\ndef plus(a, b):\n    return a + b\n",
                           "print(plus.reduce(np.ones(3)))\n");
  EXPECT_TRUE(has(r.diagnostics, "prog.py:6:7: warning: 'plus.reduce' is supported by py2cuda for binary CUDA ufuncs"))
      << r.diagnostics;
}
