// The CPU target's decorator options (@njit(parallel=True), error_model=...) and numba.prange:
// accepted where Numba accepts them, with the semantics that reach the translated code.
#include <gtest/gtest.h>

#include "translate_text.h"

using namespace py2cuda;

namespace {

TranslateResult run(const std::string& text) { return test::translate_text("", text); }

using test::has;

const char* const kPrologue = "import numpy as np\nfrom numba import cuda, njit, prange\n";  // lines 1-2

}  // namespace

TEST(CpuJitOptions, ErrorModelNumpyDividesAsNumpyInHostCalls) {
  TranslateResult r = run(std::string(kPrologue) +
                          "@njit(error_model='numpy')\ndef f(x, y):\n    return x / y\n"
                          "@njit\ndef g(x, y):\n    return x / y\n"
                          "print(f(1.0, 0.0), g(1.0, 2.0))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  // Numba's python error model raises ZeroDivisionError (the runtime's numba_cpu operations);
  // NumPy's divides as C++ does.
  EXPECT_TRUE(has(r.cu, "double f_host(double x, double y) {\n  // prog.py:5: return x / y\n  return x / y;\n}"))
      << r.cu;
  EXPECT_TRUE(has(r.cu, "return py2cuda::numba_cpu.truediv(x, y);")) << r.cu;
}

TEST(CpuJitOptions, CompilationSwitchesAreAcceptedOnCpuFunctionsOnly) {
  TranslateResult r = run(std::string(kPrologue) +
                          "@njit(parallel=True, nogil=True, boundscheck=False, cache=True)\ndef s(a):\n"
                          "    t = 0\n    for i in prange(a.shape[0]):\n        t += a[i]\n    return t\n"
                          "print(s(np.arange(4)))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  r = run(std::string(kPrologue) + "@cuda.jit(parallel=True)\ndef k(a):\n    a[0] = 1\n");
  EXPECT_TRUE(has(r.diagnostics, "prog.py:3:11: error: unknown option 'parallel' for the numba decorator"))
      << r.diagnostics;
  r = run(std::string(kPrologue) + "@njit(error_model='c')\ndef f(x):\n    return x\nprint(f(1))\n");
  EXPECT_TRUE(has(r.diagnostics, "prog.py:3:19: error: error_model must be 'python' or 'numpy'")) << r.diagnostics;
  r = run(std::string(kPrologue) + "@njit(locals={'x': 1})\ndef f(x):\n    return x\nprint(f(1))\n");
  EXPECT_TRUE(has(r.diagnostics, "prog.py:3:7: error: @jit(locals=...) is not supported")) << r.diagnostics;
}

TEST(CpuJitOptions, PrangeIsRangeInKernels) {
  TranslateResult r = run(std::string(kPrologue) +
                          "@cuda.jit('void(int64[:])')\ndef k(a):\n    for i in prange(a.size):\n        a[i] = i\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "for (int64_t i = 0; i < ")) << r.cu;
}
