// np.set_printoptions in host code (infer/host_calls.cpp, SetPrintOptions) and the device-array
// views a new user reaches for (DeviceNDArray.ravel, sys.maxsize): what the translator emits, and
// the located warning for the options py2cuda leaves out.
#include <gtest/gtest.h>

#include "translate_text.h"

using namespace py2cuda;

namespace {

const test::HostProgram run({.imports = "import sys\n", .setup = "a = np.zeros(4)\n"});  // lines 1-7

using test::has;

}  // namespace

// Options left out stay as they are (std::nullopt); an integer threshold compares as a float,
// so np.inf and sys.maxsize both work.
TEST(HostPrintOptions, KeywordsBecomeOptionalArguments) {
  TranslateResult r = run("inc[1, 1](a)\nnp.set_printoptions(precision=3, suppress=True)\n"
                          "np.set_printoptions(threshold=sys.maxsize, linewidth=100)\n"
                          "np.set_printoptions(threshold=np.inf, edgeitems=2)\nprint(a)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::set_printoptions(int64_t(3), std::nullopt, std::nullopt, std::nullopt, true)"))
      << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::set_printoptions(std::nullopt, 9223372036854775808.0, std::nullopt, int64_t(100), std::nullopt)"))
      << r.cu;
  EXPECT_TRUE(has(r.cu, "int main(int argc, char** argv)")) << r.cu;
}

TEST(HostPrintOptions, OptionsPy2cudaLeavesOutAreALocatedWarning) {
  TranslateResult r = run("inc[1, 1](a)\nnp.set_printoptions(precision=3, floatmode='fixed')\nprint(a)\n");
  EXPECT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.diagnostics, "prog.py:9:44: warning: np.set_printoptions(floatmode=...) is not supported by py2cuda"))
      << r.diagnostics;
  EXPECT_FALSE(has(r.cu, "int main(")) << r.cu;
  r = run("inc[1, 1](a)\nnp.set_printoptions(precision=2.5)\n");
  EXPECT_TRUE(has(r.diagnostics, "prog.py:9:31: warning: np.set_printoptions(precision=...) needs an integer"))
      << r.diagnostics;
}

TEST(HostDeviceViews, RavelOfADeviceArrayIsADeviceArray) {
  TranslateResult r = run("d = cuda.to_device(a.reshape(2, 2))\nflat = d.ravel()\ninc[1, 1](flat)\n"
                          "print(flat.copy_to_host())\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::DeviceNDArray<double, 1> flat = py2cuda::host::ravel(d);")) << r.cu;
  r = run("inc[1, 1](a)\nd = cuda.to_device(a)\nflat = d.ravel(order='F')\n");
  EXPECT_TRUE(has(r.diagnostics, "prog.py:10:22: warning: DeviceNDArray.ravel(order=...) other than 'C' is not supported"))
      << r.diagnostics;
}

// for row in image: over a host array of 2+ dimensions, each item a view of one row.
TEST(HostArrayRows, ForLoopOverA2DArrayYieldsRowViews) {
  TranslateResult r = run("inc[1, 1](a)\nm = a.reshape(2, 2)\nfor row in m:\n    print(row.sum(), row)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::view(m, ")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::slice())")) << r.cu;
  EXPECT_TRUE(has(r.cu, "int main(int argc, char** argv)")) << r.cu;
}

// np.iinfo/np.finfo attributes are constants of the type named; what py2cuda cannot hold is a warning.
TEST(HostNumericLimits, IinfoAndFinfoAreConstants) {
  TranslateResult r = run("inc[1, 1](a)\nprint(np.iinfo(np.int32).max, np.finfo(np.float32).eps)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "2147483647")) << r.cu;
  EXPECT_TRUE(has(r.cu, "int main(int argc, char** argv)")) << r.cu;
  r = run("inc[1, 1](a)\nprint(np.iinfo(np.uint64).max)\n");
  EXPECT_TRUE(has(r.diagnostics, "prog.py:9:27: warning: np.iinfo(uint64).max does not fit")) << r.diagnostics;
  r = run("inc[1, 1](a)\nprint(np.iinfo(np.float32).max)\n");
  EXPECT_TRUE(has(r.diagnostics, "prog.py:9:16: warning: Invalid integer data type 'float32'. (ValueError)")) << r.diagnostics;
}
