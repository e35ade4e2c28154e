// Host code's NumPy indexing beyond integers and slices (infer/host_indexing.cpp,
// runtime host/indexing.h) and its sorting/statistics rows (infer/host_array_functions.cpp):
// the emitted C++, the located warnings for what py2cuda leaves out, and the runtime's
// NumPy error messages.
#include <gtest/gtest.h>
#include <py2cuda/host.h>

#include <functional>
#include <string>

#include "translate_text.h"

using namespace py2cuda;

namespace {

const test::HostProgram run({.setup = "a = np.zeros(10)\nm = np.zeros((3, 4), dtype=np.int32)\ninc[1, 1](a)\n"});  // lines 1-8

using test::has;

std::string message_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const host::PyException& e) {
    return e.python_line();
  }
  return "(no exception)";
}

}  // namespace

TEST(HostIndexing, MasksAndIndexArraysBecomeOneCall) {
  TranslateResult r = run("b = a[a > 5]\na[a > 5] = 0\nc = m[:, [0, 2]]\nm[[0, 2]] = 7\nprint(b, c)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::take_mask<0>(a, ")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::assign_mask<0>(a, ")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::take<1>(m, py2cuda::np::array_from<int64_t>(py2cuda::host::shape(2), {0, 2}))"))
      << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::assign_take<0>(m, ")) << r.cu;
  EXPECT_TRUE(has(r.cu, "int main(")) << r.cu;
}

TEST(HostIndexing, NewAxisAndEllipsisAreViews) {
  TranslateResult r = run("print(a[None, :].shape, m[..., 0], m[:, None].shape)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::new_axes<0>(a)")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::new_axes<1>(m)")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::view(m, py2cuda::slice(), ")) << r.cu;
}

TEST(HostIndexing, AnIndexArrayPerAxisSelectsPoints) {
  TranslateResult r = run("r = np.array([0, 2])\nprint(m[r, [1, 3]])\nm[r, r] = 5\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::take_points(m, r, py2cuda::np::array_from<int64_t>(py2cuda::host::shape(2), {1, 3}))"))
      << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::assign_points(m, int64_t(5), r, r)")) << r.cu;
  EXPECT_TRUE(has(r.cu, "int main(")) << r.cu;
}

TEST(HostIndexingRuntime, PointSelectionBroadcastsAndChecks) {
  const host::NDArray<int64_t, 2> m = np::array_from<int64_t>(
      host::shape(3, 4), {int64_t(0), int64_t(1), int64_t(2), int64_t(3), int64_t(4), int64_t(5), int64_t(6), int64_t(7),
                          int64_t(8), int64_t(9), int64_t(10), int64_t(11)});
  const host::NDArray<int64_t, 2> rows = np::array_from<int64_t>(host::shape(2, 1), {int64_t(0), int64_t(2)});
  const host::NDArray<int64_t, 2> cols = np::array_from<int64_t>(host::shape(1, 2), {int64_t(1), int64_t(-1)});
  EXPECT_EQ(host::str(host::take_points(m, rows, cols)), "[[ 1  3]\n [ 9 11]]");
  const host::NDArray<int64_t, 1> two = np::array_from<int64_t>(host::shape(2), {int64_t(0), int64_t(1)});
  const host::NDArray<int64_t, 1> three = np::array_from<int64_t>(host::shape(3), {int64_t(0), int64_t(1), int64_t(2)});
  EXPECT_EQ(message_of([&] { host::take_points(m, two, three); }),
            "IndexError: shape mismatch: indexing arrays could not be broadcast together with shapes (2,) (3,) ");
  const host::NDArray<int64_t, 1> wide = np::array_from<int64_t>(host::shape(3), {int64_t(0), int64_t(4), int64_t(0)});
  EXPECT_EQ(message_of([&] { host::take_points(m, three, wide); }),
            "IndexError: index 4 is out of bounds for axis 1 with size 4");
  host::assign_points(m, int64_t(-1), two, two);
  EXPECT_EQ(m(0, 0), -1);
  EXPECT_EQ(m(1, 1), -1);
}

TEST(HostIndexing, DeviceArraySetitemCopiesToTheDevice) {
  TranslateResult r = run("d = cuda.to_device(a)\nd[2:4] = 0\nd[5] = 9\nd[:] = a\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::assign(py2cuda::view(d, ")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::set_item(d, ")) << r.cu;
  EXPECT_TRUE(has(r.cu, "int main(")) << r.cu;
}

TEST(HostIndexing, UnsupportedCombinationsAreLocatedWarnings) {
  struct Case {
    const char* code;
    const char* warning;
  };
  const Case cases[] = {
      {"print(m[a > 1, [0, 1]])\n", "prog.py:9:9: warning: a boolean mask beside another index array is not supported"},
      {"print(m[None, [0, 1]])\n", "prog.py:9:9: warning: np.newaxis beside an index array is not supported"},
      {"print(m[a > 1, 0, 1])\n", "prog.py:9:9: warning: too many indices for array: array is 2-dimensional, but 3 were indexed"},
      {"print(a[..., ...])\n", "prog.py:9:9: warning: an index can only have a single ellipsis"},
      {"print(a[a.astype(np.float32)])\n", "prog.py:9:9: warning: arrays used as indices must be of integer (or boolean) type"},
      {"print(np.sort(a, order='x'))\n", "prog.py:9:24: warning: np.sort(order=...) is not supported by py2cuda"},
      {"print(np.percentile(a, 5, method='nearest'))\n", "prog.py:9:34: warning: np.percentile(method=...) other than 'linear'"},
      {"print(np.linalg.norm(a, ord=1))\n", "prog.py:9:29: warning: np.linalg.norm(ord=...) is not supported by py2cuda"},
      {"print(np.histogram(a, bins=a))\n", "prog.py:9:28: warning: np.histogram(bins=...) is supported as a number of bins"},
      {"print(np.searchsorted(a, 1.0, side='middle'))\n", "prog.py:9:36: warning: side must be 'left' or 'right' (got 'middle')"},
      {"print(np.cumsum(m, axis=2))\n", "prog.py:9:25: warning: axis 2 is out of bounds for array of dimension 2"},
  };
  for (const Case& c : cases) {
    TranslateResult r = run(c.code);
    EXPECT_TRUE(r.ok) << c.code << r.diagnostics;
    EXPECT_TRUE(has(r.diagnostics, c.warning)) << c.code << r.diagnostics;
    EXPECT_FALSE(has(r.cu, "int main(")) << c.code;
  }
}

TEST(HostIndexing, SortingRowsTypeAsNumPy) {
  TranslateResult r = run("s = np.sort(m, axis=None)\ni = np.argsort(a)\nq = np.percentile(m, [10, 90])\n"
                          "h, e = np.histogram(m, bins=3)\nz = np.nonzero(m)\nm.sort(axis=0)\nprint(s, i, q, h, e, z)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::NDArray<int32_t, 1> s = py2cuda::np::sort_flat(m);")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::NDArray<int64_t, 1> i = py2cuda::np::argsort(a, 0);")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::NDArray<double, 1> q = py2cuda::np::percentile(m, ")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::np::histogram<double>(m, int64_t(3))")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::tuple<py2cuda::host::NDArray<int64_t, 1>, py2cuda::host::NDArray<int64_t, 1>> z"))
      << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::np::sort_in_place(m, 0);")) << r.cu;
}

TEST(HostIndexingRuntime, NumPyErrorMessages) {
  const host::NDArray<int64_t, 1> a = np::arange<int64_t>(int64_t(0), int64_t(5), int64_t(1));
  const host::NDArray<int64_t, 1> far = np::array_from<int64_t>(host::shape(2), {int64_t(1), int64_t(-6)});
  EXPECT_EQ(message_of([&] { host::take<0>(a, far); }), "IndexError: index -6 is out of bounds for axis 0 with size 5");
  const host::NDArray<bool, 1> mask = np::array_from<bool>(host::shape(3), {true, false, true});
  EXPECT_EQ(message_of([&] { host::take_mask<0>(a, mask); }),
            "IndexError: boolean index did not match indexed array along dimension 0; dimension is 5 but corresponding "
            "boolean dimension is 3");
  const host::NDArray<bool, 1> big = host::greater(a, int64_t(1));
  const host::NDArray<int64_t, 1> two = np::array_from<int64_t>(host::shape(2), {int64_t(7), int64_t(8)});
  EXPECT_EQ(message_of([&] { host::assign_mask<0>(a, big, two); }),
            "ValueError: NumPy boolean array indexing assignment cannot assign 2 input values to the 3 output values "
            "where the mask is true");
  const host::NDArray<int64_t, 1> three = np::array_from<int64_t>(host::shape(3), {int64_t(0), int64_t(1), int64_t(2)});
  EXPECT_EQ(message_of([&] { host::assign_take<0>(a, three, two); }),
            "ValueError: shape mismatch: value array of shape (2,) could not be broadcast to indexing result of shape (3,)");
  EXPECT_EQ(message_of([&] { host::percentile(a, 101.0); }), "ValueError: Percentiles must be in the range [0, 100]");
}

TEST(HostIndexingRuntime, AssignThroughIndexArrayAndMask) {
  const host::NDArray<double, 1> a = np::arange<double>(int64_t(0), int64_t(6), int64_t(1));
  const host::NDArray<int64_t, 1> idx = np::array_from<int64_t>(host::shape(2), {int64_t(-1), int64_t(0)});
  host::assign_take<0>(a, idx, 9.5);
  EXPECT_EQ(a(0), 9.5);
  EXPECT_EQ(a(5), 9.5);
  host::assign_mask<0>(a, host::less(a, 3.0), -1.0);
  EXPECT_EQ(host::str(a), "[ 9.5 -1.  -1.   3.   4.   9.5]");
  EXPECT_EQ(host::str(host::take<0>(a, idx)), "[9.5 9.5]");
}
