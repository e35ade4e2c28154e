// Python lists in host code (infer/host_lists.cpp): `[]` typed by what is appended to it,
// displays that become growable lists, comprehensions, and the located warnings for what
// py2cuda cannot type. Programs compared with Python's output: tests/programs/host_lists.py.
#include <gtest/gtest.h>

#include "translate_text.h"

using namespace py2cuda;

namespace {

const test::HostProgram run({});  // lines 1-5

using test::has;

}  // namespace

TEST(HostLists, EmptyListTakesTheTypeOfItsAppends) {
  TranslateResult r = run("a = np.zeros(1)\ninc[1, 1](a)\nout = []\nfor k in range(3):\n    out.append(a[0] * k)\n"
                          "print(out)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::List<double> out = py2cuda::host::List<double>();")) << r.cu;
  EXPECT_TRUE(has(r.cu, "out.append(")) << r.cu;
  EXPECT_TRUE(has(r.cu, "int main(int argc, char** argv)")) << r.cu;
}

// A list of ints given a float keeps each value's type (Python prints [1, 2, 2.5]): its
// elements are DynamicNumbers, the display's items converted where it is made. Two integer
// widths print alike, so those widen.
TEST(HostLists, IntListGivenAFloatKeepsEachValuesType) {
  TranslateResult r = run("inc[1, 1](np.zeros(1))\nxs = [1, 2]\nxs.append(2.5)\nys = [0] * 3\nys[1] = np.int32(4)\n"
                          "print(xs, ys)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::List<py2cuda::host::DynamicNumber> xs = py2cuda::host::List<py2cuda::host::"
                        "DynamicNumber>{py2cuda::host::to_dynamic<int64_t>(1), py2cuda::host::to_dynamic<int64_t>(2)};"))
      << r.cu;
  EXPECT_TRUE(has(r.cu, "xs.append(py2cuda::host::to_dynamic<double>(2.5));")) << r.cu;
  TranslateResult found = run("inc[1, 1](np.zeros(1))\nxs = [1, 2]\nxs.append(2.5)\nprint(xs.index(2.5), xs.count(1))\n"
                              "xs.remove(1)\n");
  ASSERT_TRUE(found.ok) << found.diagnostics;
  EXPECT_TRUE(has(found.cu, "xs.index(py2cuda::host::to_dynamic<double>(2.5))")) << found.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::List<int64_t> ys")) << r.cu;
}

// `[[] for _ in range(n)]` filled through an index, and `[[0] * 3 for ...]` given a float: the
// outer list's element type follows what is added to its lists.
TEST(HostLists, ListsOfListsTakeTheirTypeFromTheirElementsAdds) {
  TranslateResult r = run("inc[1, 1](np.zeros(1))\nbuckets = [[] for _ in range(3)]\nbuckets[1].append(0.5)\n"
                          "grid = [[0] * 2 for _ in range(2)]\ngrid[1][0] = 1.5\nprint(buckets, grid)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::List<py2cuda::host::List<double>> buckets")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::List<py2cuda::host::List<py2cuda::host::DynamicNumber>> grid")) << r.cu;
}

TEST(HostLists, DisplayAssignedToANameIsAGrowableList) {
  TranslateResult r = run("inc[1, 1](np.zeros(1))\nnames = ['a', 'b']\nnames.append('c')\nmixed = [1, 'x']\n"
                          "print(names, mixed)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::List<std::string> names = py2cuda::host::List<std::string>{\"a\", \"b\"};"))
      << r.cu;
  // A display of mixed types stays the tuple of its values (printed as a list).
  EXPECT_TRUE(has(r.cu, "py2cuda::tuple<int64_t, std::string> mixed")) << r.cu;
}

TEST(HostLists, ComprehensionWithSeveralForClausesJoinsTheInnerLists) {
  TranslateResult r = run("inc[1, 1](np.zeros(1))\nflat = [i * j for i in range(3) for j in range(i) if j > 0]\n"
                          "print(flat)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::list_each_flat<int64_t>(py2cuda::host::range(int64_t(3)), nullptr, ")) << r.cu;
  EXPECT_TRUE(has(r.cu, "return (j > 0); }")) << r.cu;
}

TEST(HostLists, ComprehensionUnpacksEnumerateItems) {
  TranslateResult r = run("inc[1, 1](np.zeros(1))\nnames = ['a', 'b']\npairs = [(i, n) for i, n in enumerate(names)]\n"
                          "print(pairs)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::enumerate(names)")) << r.cu;
  EXPECT_TRUE(has(r.cu, "const auto& [i, n] = item;")) << r.cu;
}

TEST(HostLists, ComprehensionOverNdenumerateUnpacksTheIndexTupleInTurn) {
  TranslateResult r = run("inc[1, 1](np.zeros(1))\na = np.zeros((2, 3))\nhot = [(i, j) for (i, j), v in np.ndenumerate(a) if v > 0]\n"
                          "print(hot)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::list_each<py2cuda::tuple<int64_t, int64_t>>(py2cuda::host::ndenumerate(a), "
                        "[&](const py2cuda::tuple<py2cuda::tuple<int64_t, int64_t>, double>& item) { "
                        "const auto& [part, v] = item; const auto& [i, j] = part; return (v > 0.0); }"))
      << r.cu;
}

TEST(HostLists, ComprehensionOverNdindexOfIntsOrOfATuple) {
  TranslateResult r = run("inc[1, 1](np.zeros(1))\na = np.zeros((2, 3))\nprint([i + j for i, j in np.ndindex(2, 3)], "
                          "list(np.ndindex(a.shape)))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::ndindex(int64_t(2), int64_t(3))")) << r.cu;
  // The shape tuple is passed whole: evaluated once, its extents read by the runtime.
  EXPECT_TRUE(has(r.cu, "py2cuda::host::ndindex(py2cuda::tuple<int64_t, int64_t>(a.shape(0), a.shape(1)))")) << r.cu;
}

// A for loop counts np.ndindex's trips through the runtime's count, which raises NumPy's
// ValueError for a negative extent: (-2) * (-3) would otherwise be six trips NumPy never makes.
TEST(HostLists, ForLoopOverNdindexCountsItsTripsWithNumpysCheck) {
  TranslateResult r = run("inc[1, 1](np.zeros(1))\nn = -2\nfor i, j in np.ndindex(n, 3):\n    print(i, j)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::detail::checked_element_count(std::array<int64_t, 2>{")) << r.cu;
  // An array's shape cannot be negative: np.ndenumerate's count stays the product.
  r = run("inc[1, 1](np.zeros(1))\na = np.zeros((2, 3))\nfor idx, v in np.ndenumerate(a):\n    print(idx, v)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_FALSE(has(r.cu, "checked_element_count")) << r.cu;
}

TEST(HostLists, NdindexOfAFloatOrAsAValueIsALocatedWarning) {
  TranslateResult r = run("a = np.zeros(4)\ninc[1, 1](a)\nprint([t for t in np.ndindex(2, a.size / 2)])\n");
  EXPECT_TRUE(has(r.diagnostics, "prog.py:8:33: warning: np.ndindex() extents must be integers, not float64"))
      << r.diagnostics;
  r = run("a = np.zeros(4)\ninc[1, 1](a)\nit = np.ndenumerate(a)\n");
  EXPECT_TRUE(has(r.diagnostics, "prog.py:8:6: warning: np.ndenumerate() is only supported as the iterable of a for "
                                 "loop or a comprehension"))
      << r.diagnostics;
}

TEST(HostLists, ListWhoseTypeIsNeverKnownIsALocatedWarning) {
  TranslateResult r = run("inc[1, 1](np.zeros(1))\nxs = []\nprint(len(xs))\n");
  EXPECT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.diagnostics, "prog.py:7:1: warning: the element type of the list 'xs' is never known")) << r.diagnostics;
  EXPECT_FALSE(has(r.cu, "int main(")) << r.cu;
}

TEST(HostLists, AppendingAnotherTypeIsALocatedWarning) {
  TranslateResult r = run("inc[1, 1](np.zeros(1))\nxs = [1, 2]\nxs.append('three')\n");
  EXPECT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.diagnostics, "prog.py:8:11: warning: a list of int64 cannot hold a unicode_type value")) << r.diagnostics;
  EXPECT_FALSE(has(r.cu, "int main(")) << r.cu;
}

TEST(HostLists, SortWithAnUnknownKeywordIsALocatedWarning) {
  TranslateResult r = run("inc[1, 1](np.zeros(1))\nxs = [3, 1]\nxs.sort(cmp=abs)\n");
  EXPECT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.diagnostics, "prog.py:8:9: warning: list.sort() got an unexpected keyword argument 'cmp'")) << r.diagnostics;
}

TEST(HostLists, ListsInKernelsKeepTheirError) {
  SourceFile file("k.py",
                  "from numba import cuda\n@cuda.jit('void(float64[:])')\ndef k(a):\n    xs = [1.0, 2.0]\n    a[0] = xs[0]\n");
  TranslateResult r = translate(file, TranslateOptions{});
  EXPECT_FALSE(r.ok);
  EXPECT_TRUE(has(r.diagnostics, "k.py:4:10: error: lists are not supported in CUDA kernels")) << r.diagnostics;
}

// zip(*pairs) transposes a list of tuples into tuples whose length is known when it runs.
TEST(HostLists, ZipOfAStarredListOfTuplesTransposesIt) {
  TranslateResult r = run("a = np.zeros(1)\ninc[1, 1](a)\npairs = []\nfor k in range(3):\n    pairs.append((k, a[0] * k))\n"
                          "ks, vs = zip(*pairs)\nprint(ks, vs, sum(vs))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::unzip(pairs, int64_t(2))")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::SizedTuple<int64_t> ks")) << r.cu;
  // A list of lists: as many tuples as its shortest row has items.
  TranslateResult rows = run("a = np.zeros(1)\ninc[1, 1](a)\nrows = [[1, 2], [3, 4]]\nprint(list(zip(*rows)))\n");
  ASSERT_TRUE(rows.ok) << rows.diagnostics;
  EXPECT_TRUE(has(rows.cu, "py2cuda::host::transpose_rows(rows)")) << rows.cu;
  TranslateResult bad = run("a = np.zeros(1)\ninc[1, 1](a)\nxs = [1, 2]\ncols = zip(*xs)\n");
  EXPECT_TRUE(has(bad.diagnostics, "prog.py:9:13: warning: py2cuda's zip(*rows) transposes a list of tuples or of lists"))
      << bad.diagnostics;
}

// A list or a host array unpacked into names: the count is checked when the program runs.
TEST(HostLists, ListsAndArraysUnpackIntoNames) {
  TranslateResult r = run("x = np.arange(6.0)\ninc[1, 1](x)\na, b = np.split(x, 2)\nlo, hi = np.percentile(x, [5, 95])\n"
                          "t = x.tolist()\nrows = x.reshape(2, 3).tolist()\nprint(a, b, lo, hi, t[0], rows[1][2])\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::check_unpack(")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::List<double> t = py2cuda::host::tolist(x);")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::List<py2cuda::host::List<double>> rows")) << r.cu;
}

// range(...) held in a variable is a py2cuda::host::Range (host/range.h): loops read its values by
// position, len/r[i]/`in` are Python's, and a list or an array is made of it only where one is asked for.
TEST(HostLists, RangeHeldInAVariableIsARangeObject) {
  TranslateResult r = run("inc[1, 1](np.zeros(1))\nr = range(10, 0, -3)\nfor k in r:\n    print(k)\n"
                          "print(r, len(r), r[-1], 4 in r, 4.5 not in r, sum(r), np.array(r))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::Range r = py2cuda::host::range(int64_t(10), int64_t(0), int64_t(-3));")) << r.cu;
  EXPECT_TRUE(has(r.cu, "= r.item(index)")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::range_at(r, int64_t(-1))")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::range_contains(int64_t(4), r)")) << r.cu;
  EXPECT_TRUE(has(r.cu, "!py2cuda::host::range_contains(4.5, r)")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::sum<int64_t>(py2cuda::host::to_list<int64_t>(r))")) << r.cu;
  // range() of a float is Python's TypeError, found here.
  TranslateResult bad = run("inc[1, 1](np.zeros(1))\nr = range(2.5)\n");
  EXPECT_TRUE(has(bad.diagnostics, "prog.py:7:11: warning: range() needs integers, not float64")) << bad.diagnostics;
}

// `for x in reversed(seq)` counts the loop down over the same items; in a comprehension or as a value
// it is a new list, last first. What Python cannot reverse (zip, enumerate, a generator) is its TypeError.
TEST(HostLists, ReversedCountsTheLoopDown) {
  TranslateResult r = run("inc[1, 1](np.zeros(1))\nxs = [3, 1, 4]\nfor x in reversed(xs):\n    print(x)\n"
                          "print([c for c in reversed('abc')], sum(reversed(xs)))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "for (int64_t index = count - 1; index > -1; --index) {")) << r.cu;
  EXPECT_TRUE(has(r.cu, "int64_t x = xs.at(index);")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::sum<int64_t>(py2cuda::host::reversed_list<int64_t>(xs))")) << r.cu;
  TranslateResult bad = run("inc[1, 1](np.zeros(1))\nxs = [3, 1, 4]\nfor i, x in reversed(enumerate(xs)):\n    print(i)\n");
  EXPECT_TRUE(has(bad.diagnostics, "prog.py:8:22: warning: 'enumerate' object is not reversible (TypeError)")) << bad.diagnostics;
}

TEST(HostLists, RangeValuesInKernelsKeepTheirError) {
  SourceFile file("k.py", "from numba import cuda\n@cuda.jit('void(int64[:])')\ndef k(a):\n    r = range(4)\n    a[0] = 1\n");
  TranslateResult r = translate(file, TranslateOptions{});
  EXPECT_FALSE(r.ok);
  EXPECT_TRUE(has(r.diagnostics, "k.py:4:9: error: range() can only be used as the iterable of a for loop")) << r.diagnostics;
}

// reversed() inside enumerate() or zip() is a new list, last first; a conditional expression whose
// arms return nothing (`xs.append(v) if c else None`) runs one arm, both cast to void for C++'s ?:.
TEST(HostLists, ReversedInsideEnumerateAndConditionalStatements) {
  TranslateResult r = run("inc[1, 1](np.zeros(1))\nxs = [3, 1]\nfor i, x in enumerate(reversed(xs)):\n    print(i, x)\n"
                          "xs.append(0) if len(xs) < 5 else None\nprint(xs)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::reversed_list<int64_t>(xs)")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::len(xs) < 5 ? (void)(xs.append(int64_t(0))) : (void)(py2cuda::none);")) << r.cu;
}

// Slice assignment, `del` of an element or a slice, and `is` of two lists: the runtime's
// List::assign, erase and is (runtime/include/py2cuda/host/list.h; values and errors checked
// against Python by tests/programs/host_list_editing.py).
TEST(HostLists, SliceAssignmentDelAndIdentity) {
  TranslateResult r = run("inc[1, 1](np.zeros(1))\nxs = [1, 2, 3]\nys = xs\nxs[1:2] = (7.0, 8)\n"
                          "del xs[0]\ndel xs[::2]\nprint(xs, ys is xs, xs is not [1.0])\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::List<py2cuda::host::DynamicNumber> xs")) << r.cu;
  EXPECT_TRUE(has(r.cu, "xs.assign(py2cuda::slice(int64_t(1), int64_t(2)), py2cuda::tuple<double, int64_t>(7.0, int64_t(8)));")) << r.cu;
  EXPECT_TRUE(has(r.cu, "xs.erase(int64_t(0));")) << r.cu;
  EXPECT_TRUE(has(r.cu, "xs.erase(py2cuda::slice(py2cuda::none, py2cuda::none, int64_t(2)));")) << r.cu;
  EXPECT_TRUE(has(r.cu, "ys.is(xs)")) << r.cu;
  TranslateResult bad = run("inc[1, 1](np.zeros(1))\nxs = [1, 2]\nxs[0:1] = 5\n");
  EXPECT_TRUE(has(bad.diagnostics, "prog.py:8:1: warning: can only assign an iterable to a slice of a list, not int64"))
      << bad.diagnostics;
}

// max(a) / min(a) of a 1-D host array: Python's comparisons over its elements, in order.
TEST(HostLists, MaxAndMinOfAOneDimensionalArray) {
  TranslateResult r = run("inc[1, 1](np.zeros(1))\na = np.arange(3.0)\nprint(max(a), min(a[::-1]))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::max(py2cuda::host::to_list<double>(a))")) << r.cu;
  TranslateResult two_d = run("inc[1, 1](np.zeros(1))\nm = np.zeros((2, 2))\nprint(max(m))\n");
  EXPECT_FALSE(has(two_d.cu, "int main(")) << two_d.cu;
}

// A list display passed to a host function is a list there, as Python's (its slices and
// appends are a list's); a tuple slice with constant bounds is the tuple of what it selects.
TEST(HostLists, ListDisplayArgumentIsAListAndTupleSlicesAreStatic) {
  TranslateResult r = run("def tail(xs):\n    rest = xs[1:]\n    rest.append(0)\n    return rest\n"
                          "a = np.zeros((2, 3, 4))\ninc[1, 1](np.zeros(1))\nprint(tail([5, 6]), a.shape[::-1], a.shape[1:])\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "tail_host(py2cuda::host::List<int64_t>{5, 6})")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::List<int64_t> rest = xs.slice(")) << r.cu;
}

// zip() in a comprehension gathers each part's items: a 2-D array's rows and a dict's views are
// a located warning there (they were a C++ build error), a for loop's to read.
TEST(HostLists, ZipOfRowsInAComprehensionIsALocatedWarning) {
  TranslateResult r = run("inc[1, 1](np.zeros(1))\nm = np.zeros((3, 2))\nw = np.ones(3)\n"
                          "rows = [p[0] * q for p, q in zip(m, w)]\n");
  EXPECT_TRUE(has(r.diagnostics, "prog.py:9:34: warning: zip() of a 2-D array's rows in a comprehension is not supported"))
      << r.diagnostics;
}
