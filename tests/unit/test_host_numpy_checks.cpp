// NumPy's host functions that check kernels' results (np.finfo/iinfo, bincount, the nan*
// reductions, average, convolve, trapz, interp, ...): the result types NumPy 1.26 gives,
// spelled as the runtime's template arguments, and located warnings for what NumPy rejects
// or py2cuda cannot type.
#include <gtest/gtest.h>

#include "translate_text.h"

using namespace py2cuda;

namespace {

const test::HostProgram run({.setup = "a = np.zeros(4)\ninc[1, 1](a)\n"});  // lines 1-7

using test::has;

}  // namespace

TEST(HostNumpyChecks, ResultTypesFollowNumPy) {
  TranslateResult r = run(
      "f = a.astype(np.float32)\n"
      "n = np.arange(4)\n"
      "print(np.average(n, weights=f), np.convolve(n, f), np.trapz(f), np.trapz(n, dx=2))\n"
      "print(np.trapz(f, x=n), np.isin(n, [1.5, 2.5]), np.polyval([1.0, 2.0], n))\n"
      "print(np.finfo(np.float32).eps, np.iinfo(np.int16).max, np.bincount(n, weights=f))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::np::average<double>(n, f)")) << r.cu;  // result_type(a, w, 'f8')
  EXPECT_TRUE(has(r.cu, "py2cuda::np::convolve<double>(n, f, \"full\")")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::np::trapz<float, float>(f)")) << r.cu;  // a Python dx keeps float32
  EXPECT_TRUE(has(r.cu, "py2cuda::np::trapz<double, int64_t>(n, ")) << r.cu;  // int * int, then / 2.0
  EXPECT_TRUE(has(r.cu, "py2cuda::np::trapz<double, double>(f, n)")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::np::isin<double>(n, ")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::np::polyval<double>(")) << r.cu;
  EXPECT_TRUE(has(r.cu, "int64_t(32767)")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::np::bincount(n, f)")) << r.cu;
}

TEST(HostNumpyChecks, WhatNumPyRejectsIsALocatedWarning) {
  struct Case {
    const char* code;
    const char* message;
  };
  const Case cases[] = {
      {"print(np.squeeze(a.reshape(4, 1)))\n", "prog.py:8:7: warning: np.squeeze() without axis= is not supported by py2cuda"},
      {"print(np.finfo(np.int32).eps)\n", "prog.py:8:16: warning: np.finfo() of int32 is not supported by py2cuda"},
      {"print(np.iinfo(np.float32).max)\n", "prog.py:8:16: warning: Invalid integer data type 'float32'."},
      {"print(np.finfo(np.float64).foo)\n", "prog.py:8:28: warning: np.finfo(float64).foo is not supported by py2cuda"},
      {"print(np.bincount(a))\n",
       "prog.py:8:19: warning: Cannot cast array data from dtype('float64') to dtype('int64') according to the rule 'safe'"},
      {"print(np.convolve(a, a, mode='middle'))\n",
       "prog.py:8:30: warning: mode must be one of 'valid', 'same', or 'full' (got 'middle')"},
      {"print(np.fliplr(a))\n", "prog.py:8:17: warning: Input must be >= 2-d."},
      {"print(np.nanvar(a.reshape(2, 2), axis=1))\n", "prog.py:8:39: warning: np.nanvar(axis=...) is not supported by py2cuda"},
      {"print(np.sum(a, keepdims=a[0] > 0))\n", "prog.py:8:26: warning: np.sum(keepdims=...) needs a constant True or False"},
      {"print(np.split(a, 'x'))\n",
       "prog.py:8:19: warning: np.split() needs a number of sections or a list display of split points, not unicode_type"},
      {"print(np.cov(a, fweights=a))\n", "prog.py:8:26: warning: np.cov(fweights=...) is not supported by py2cuda"},
      {"print(np.sum(a.reshape(2, 1, 2), axis=(0, 2)))\n",
       "prog.py:8:39: warning: np.sum(axis=...) of axes that are not adjacent is not supported by py2cuda"},
      {"print(np.ptp(a > 0))\n", "prog.py:8:7: warning: numpy boolean subtract"},
      {"print(np.expand_dims(a, 2))\n", "prog.py:8:25: warning: axis 2 is out of bounds for array of dimension 2"},
      {"print(np.random.default_rng(1).random(3, dtype=np.int32))\n",
       "prog.py:8:48: warning: Unsupported dtype dtype('int32') for random"},
  };
  for (const Case& c : cases) {
    TranslateResult r = run(c.code);
    EXPECT_TRUE(r.ok) << c.code << r.diagnostics;  // a warning: the kernels are still translated
    EXPECT_TRUE(has(r.diagnostics, c.message)) << c.code << r.diagnostics;
    EXPECT_FALSE(has(r.cu, "int main(")) << c.code;
  }
}

TEST(HostNumpyChecks, AxesKeepdimsAndTheirRelatives) {
  TranslateResult r = run(
      "m = a.reshape(2, 2)\n"
      "print(np.sum(m, axis=1, keepdims=True), np.mean(a, keepdims=True), np.nansum(m, axis=0))\n"
      "print(np.cov(a), np.corrcoef(m, rowvar=False), np.logspace(0, 1, 3, base=2), np.array_split(a, [1, 3])[0])\n"
      "print(np.average(m, axis=1, weights=a[:2]), np.geomspace(1, 8, 4, dtype=np.float32), np.nanmax(a, axis=0))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  ASSERT_TRUE(has(r.cu, "int main(")) << r.diagnostics;
  // keepdims: an axis reduction gets its axis back; a full one an array of extent 1 per axis
  EXPECT_TRUE(has(r.cu, "py2cuda::np::expand_dims(py2cuda::np::sum<double>(m, 1), 1)")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::np::keep_dims<1>(py2cuda::np::mean<double>(a))")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::np::nansum(m, 0)")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::np::nanmax(a)")) << r.cu;  // axis 0 of a 1-D array: the whole array
  // one 1-D variable: NumPy squeezes the 1x1 covariance to a number
  EXPECT_TRUE(has(r.cu, "py2cuda::np::cov_value(a, true, false, int64_t(-1))")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::np::corrcoef(m, false)")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::np::logspace<double>(0.0, 1.0, int64_t(3), true, 2.0)")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::List<py2cuda::host::NDArray<double, 1>>(py2cuda::np::array_split(a, std::vector<int64_t>{"))
      << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::np::average<double>(m, 1, ")) << r.cu;  // 1-D weights along the axis
  EXPECT_TRUE(has(r.cu, "py2cuda::np::geomspace<float>(1.0, 8.0, int64_t(4), true)")) << r.cu;
}

TEST(HostNumpyChecks, AdjacentAxesAreMergedAsNumPyCoalescesThem) {
  TranslateResult r = run(
      "c = a.reshape(1, 2, 2)\n"
      "print(c.mean(axis=(1, 2), keepdims=True), np.sum(c, axis=(0, 1, 2)), np.max(c, axis=(0,)))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  ASSERT_TRUE(has(r.cu, "int main(")) << r.diagnostics;
  EXPECT_TRUE(has(r.cu,
                  "py2cuda::np::expand_dims(py2cuda::np::expand_dims(py2cuda::np::mean<double>(py2cuda::np::merge_axes<2>(c, 1), 1), 1), 2)"))
      << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::np::sum<double>(c)")) << r.cu;  // every axis: the whole array
  EXPECT_TRUE(has(r.cu, "py2cuda::np::max(c, 0)")) << r.cu;
}

TEST(HostNumpyChecks, TraceAsAMethodAndAFunction) {
  // a.trace(offset) and np.trace(a, offset): the method's offset is its first argument (the
  // method form once read the function form's slot, past the end of the argument list).
  TranslateResult r = run(
      "m = np.arange(9.0).reshape(3, 3)\n"
      "print(m.trace(), m.trace(1), m.trace(offset=-1), np.trace(m), np.trace(m, 2))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::np::trace<double>(m)")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::np::trace<double>(m, int64_t(1))")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::np::trace<double>(m, int64_t(-1))")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::np::trace<double>(m, int64_t(2))")) << r.cu;
}

// A NumPy scalar's astype is the scalar converted (`np.ceil(n / 32).astype(int)` of a grid
// size); an array's dtype.kind and dtype.itemsize are constants of its static dtype.
TEST(HostNumpyChecks, ScalarAstypeAndDtypeKindAndItemsize) {
  TranslateResult r = run("blocks = np.ceil(100 / 32).astype(int)\nb = np.zeros(2, dtype=np.uint16)\n"
                          "print(blocks, a.dtype.kind, b.dtype.kind, b.dtype.itemsize)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "int64_t blocks = int64_t(")) << r.cu;
  EXPECT_TRUE(has(r.cu, "\"f\"")) << r.cu;
  EXPECT_TRUE(has(r.cu, "\"u\"")) << r.cu;
  EXPECT_TRUE(has(r.cu, "int64_t(2)")) << r.cu;
}

// np.testing.assert_equal is NumPy's own: tuples (a shape) compared item by item, scalars and
// strings by ==, arrays as assert_array_equal (runtime tests: test_runtime_np_testing.cpp).
TEST(HostNumpyChecks, AssertEqualTakesShapesScalarsAndArrays) {
  TranslateResult r = run("np.testing.assert_equal(a.shape, (4,))\nnp.testing.assert_equal(a, np.zeros(4))\n"
                          "np.testing.assert_equal(a.size, 4, err_msg='size')\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::np::assert_equal(py2cuda::tuple<int64_t>(a.shape(0)), py2cuda::tuple<int64_t>(int64_t(4)), \"\");"))
      << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::np::assert_equal(a.size(), int64_t(4), \"size\");")) << r.cu;
  EXPECT_FALSE(has(r.cu, "assert_array_equal")) << r.cu;
}
