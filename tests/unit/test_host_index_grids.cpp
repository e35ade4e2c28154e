// np.mgrid / np.ogrid, np.unravel_index / np.ravel_multi_index, sum() of a dict's values and
// repr() of a dtype in host code: the translator's types and calls, and the runtime's values
// and errors (host/index_grids.h), NumPy 1.26's.
#include <gtest/gtest.h>

#include <py2cuda/host.h>
#include <py2cuda/np.h>

#include "translate_text.h"

using namespace py2cuda;

namespace {

const test::HostProgram run({.setup = "a = np.zeros(4)\ninc[1, 1](a)\n"});  // lines 1-7

using test::has;

}  // namespace

TEST(HostIndexGrids, GridTypesFollowNdGrid) {
  TranslateResult r = run(
      "xs, ys = np.mgrid[0:4, 0:3]\n"
      "g = np.mgrid[0:1:5j, -1:1:3j]\n"
      "f = np.mgrid[0:2:0.5, 0:2]\n"
      "r, c = np.ogrid[0:3, 0:4]\n"
      "print(xs + ys, g.shape, f, r + c, np.mgrid[1:2:0.25], np.mgrid[0:1:4j])\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::mgrid<int64_t, 2>({py2cuda::host::grid_range<int64_t>(")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::mgrid<double, 2>({py2cuda::host::grid_points<double>(")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::ogrid_axis<int64_t, 2>(")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::np::arange<double>(int64_t(1), int64_t(2), 0.25)")) << r.cu;  // one slice: np.arange
  EXPECT_TRUE(has(r.cu, "py2cuda::host::grid_axis(py2cuda::host::grid_points<double>(")) << r.cu;
}

TEST(HostIndexGrids, UnravelAndRavelTypes) {
  TranslateResult r = run(
      "m = np.zeros((3, 4))\n"
      "i, j = np.unravel_index(np.argmax(m), m.shape)\n"
      "rows, cols = np.unravel_index(np.array([1, 5]), (3, 4))\n"
      "print(i + j, rows + cols, np.unravel_index(7, 12))\n"
      "print(np.ravel_multi_index((i, j), m.shape), np.ravel_multi_index((rows, cols), (3, 4)))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::np::unravel_index(py2cuda::np::argmax(m), std::array<int64_t, 2>{")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::np::ravel_multi_index(std::array<int64_t, 2>{i, j}, std::array<int64_t, 2>{")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::np::ravel_multi_index_arrays(std::array<int64_t, 2>{3, 4}, rows, cols)")) << r.cu;
}

TEST(HostIndexGrids, WhatIsNotSupportedIsALocatedWarning) {
  struct Case {
    const char* code;
    const char* message;
  };
  const Case cases[] = {
      {"print(np.mgrid[0:3, 2])\n", "prog.py:8:21: warning: np.mgrid[...] takes slices (start:stop:step) in py2cuda"},
      {"print(np.ogrid[0:])\n", "prog.py:8:16: warning: np.ogrid[...] needs each slice's stop"},
      {"print(np.unravel_index(1.5, (3, 4)))\n",
       "prog.py:8:24: warning: np.unravel_index() needs an integer or an integer host array, not float64"},
      {"print(np.ravel_multi_index((1, 2, 3), (3, 4)))\n",
       "prog.py:8:28: warning: np.ravel_multi_index(): parameter multi_index must be a sequence of length 2"},
      {"print(np.unravel_index(3, (3, 4), order='F'))\n",
       "prog.py:8:41: warning: np.unravel_index(order=...) is not supported by py2cuda"},
  };
  for (const Case& c : cases) {
    TranslateResult r = run(c.code);
    EXPECT_TRUE(has(r.diagnostics, c.message)) << c.code << r.diagnostics;
  }
}

TEST(HostIndexGrids, SumOfDictValuesAndDtypeRepr) {
  TranslateResult r = run(
      "d = {'x': 1.5, 'y': 2.0}\n"
      "print(sum(d.values()), max(d.keys()), repr(a.dtype), f'{a.dtype!r}', repr(np.dtype(np.int32)))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::sum<double>(py2cuda::host::to_list<double>(")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::to_list<std::string>(")) << r.cu;
  EXPECT_TRUE(has(r.cu, "\"dtype('float64')\"")) << r.cu;
  EXPECT_TRUE(has(r.cu, "\"dtype('int32')\"")) << r.cu;
}

TEST(HostIndexGrids, RuntimeGridsHoldNumPysValues) {
  using host::GridAxis;
  const auto g = host::mgrid<double, 2>({host::grid_points<double>(-1, 1, complex128(3, 0)), host::grid_range<double>(0, 2, 1)});
  ASSERT_EQ(g.shape(0), 2);
  ASSERT_EQ(g.shape(1), 3);
  ASSERT_EQ(g.shape(2), 2);
  EXPECT_EQ(g.data()[2], 0.0);   // layer 0 at (1, 0): -1 + 1 * 1.0
  EXPECT_EQ(g.data()[6 + 3], 1.0);  // layer 1 at (1, 1)
  const auto i = host::mgrid<int64_t, 2>({host::grid_range<int64_t>(0, 5, 2), host::grid_range<int64_t>(1, 3, 1)});
  EXPECT_EQ(i.shape(1), 3);  // ceil(5 / 2)
  EXPECT_EQ(i.data()[5], 4);
  const auto o = host::ogrid_axis<int64_t, 2>(host::grid_range<int64_t>(0, 4, 1), 1);
  EXPECT_EQ(o.shape(0), 1);
  EXPECT_EQ(o.shape(1), 4);
  EXPECT_EQ(host::grid_axis(host::grid_points<double>(0, 1, complex128(0, 1))).data()[0], 0.0);  // one point: start
  EXPECT_THROW(host::grid_range<int64_t>(3, 0, 1), host::PyException);  // negative dimensions
}

TEST(HostIndexGrids, RuntimeUnravelChecksBoundsAsNumPy) {
  const auto t = np::unravel_index(7, std::array<int64_t, 2>{3, 4});
  EXPECT_EQ(get<0>(t), 1);
  EXPECT_EQ(get<1>(t), 3);
  EXPECT_EQ(np::ravel_multi_index(std::array<int64_t, 2>{2, 1}, std::array<int64_t, 2>{3, 4}), 9);
  try {
    np::unravel_index(12, std::array<int64_t, 2>{3, 4});
    FAIL();
  } catch (const host::PyException& e) {
    EXPECT_EQ(e.python_line(), "ValueError: index 12 is out of bounds for array with size 12");
  }
  try {
    np::ravel_multi_index(std::array<int64_t, 2>{3, 0}, std::array<int64_t, 2>{3, 4});
    FAIL();
  } catch (const host::PyException& e) {
    EXPECT_EQ(e.python_line(), "ValueError: invalid entry in coordinates array");
  }
}

TEST(HostIndexGrids, TracebackNamesNumPysClassesWithTheirModule) {
  EXPECT_EQ(host::PyException("LinAlgError", "Singular matrix").python_line(), "numpy.linalg.LinAlgError: Singular matrix");
  EXPECT_EQ(host::PyException("AxisError", "axis 2").python_line(), "numpy.exceptions.AxisError: axis 2");
  EXPECT_EQ(host::PyException("unittest.case.SkipTest", "r").python_line(), "unittest.case.SkipTest: r");
  EXPECT_EQ(host::PyException("ValueError", "").python_line(), "ValueError");
}
