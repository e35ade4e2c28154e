// The host runtime's Python list (runtime/include/py2cuda/host/list.h): reference
// semantics, Python's index rules and error messages, stable sorts, printing, and
// np.array of (nested) lists.

#include <py2cuda/host.h>

#include <gtest/gtest.h>

#include <string>

#include "raised_message.h"

namespace {

namespace h = py2cuda::host;

using py2cuda::test::message;

TEST(RuntimeHostList, CopiesShareTheListAsPythonNamesDo) {
  h::List<int64_t> a{1, 2};
  h::List<int64_t> b = a;
  b.append(3);
  EXPECT_EQ(h::repr(a), "[1, 2, 3]");
  h::List<int64_t> c = a.copy();
  c.append(4);
  EXPECT_EQ(a.size(), 3);
  a.extend(a);
  EXPECT_EQ(h::repr(a), "[1, 2, 3, 1, 2, 3]");
}

TEST(RuntimeHostList, IndicesWrapAndRaiseAsPython) {
  h::List<int64_t> a{10, 20, 30};
  EXPECT_EQ(a.at(-1), 30);
  EXPECT_EQ(message([&] { a.at(3); }), "IndexError: list index out of range");
  EXPECT_EQ(message([&] { a.set(-4, 1); }), "IndexError: list assignment index out of range");
  EXPECT_EQ(message([&] { a.pop(7); }), "IndexError: pop index out of range");
  EXPECT_EQ(message([&] { h::List<int64_t>().pop(); }), "IndexError: pop from empty list");
  EXPECT_EQ(message([&] { a.index(5); }), "ValueError: 5 is not in list");
  EXPECT_EQ(message([&] { a.remove(5); }), "ValueError: list.remove(x): x not in list");
  EXPECT_EQ(message([&] { h::List<std::string>{"a"}.index("b"); }), "ValueError: 'b' is not in list");
  EXPECT_EQ(message([&] { h::max(h::List<double>()); }), "ValueError: max() arg is an empty sequence");
  a.insert(-10, 0);
  a.insert(100, 99);
  a.insert(-1, 50);
  EXPECT_EQ(h::repr(a), "[0, 10, 20, 30, 50, 99]");
  EXPECT_EQ(h::repr(a.slice(py2cuda::slice(py2cuda::none, py2cuda::none, -2))), "[99, 30, 10]");
  EXPECT_EQ(h::repr(a.slice(py2cuda::slice(-2, 100))), "[50, 99]");
}

// Searching and comparing compare items as Python does: tuples (which have no C++ ==) element by
// element, an item missing from list.index a ValueError naming it.
TEST(RuntimeHostList, SearchesCompareTupleItemsAsPython) {
  using Point = py2cuda::tuple<double, double>;
  h::List<Point> points{Point(0.0, 0.0), Point(1.0, 2.0), Point(1.0, 2.0)};
  EXPECT_EQ(points.index(Point(1.0, 2.0)), 1);
  EXPECT_EQ(points.count(Point(1.0, 2.0)), 2);
  EXPECT_TRUE(points.contains(Point(0.0, 0.0)));
  EXPECT_FALSE(points.contains(Point(2.0, 1.0)));
  h::List<Point> kept = points.copy();
  kept.remove(Point(1.0, 2.0));
  EXPECT_EQ(kept.size(), 2);
  EXPECT_FALSE(kept == points);
  kept.append(Point(1.0, 2.0));
  EXPECT_TRUE(kept == points);
  EXPECT_EQ(message([&] { points.index(Point(5.0, 5.0)); }), "ValueError: (5.0, 5.0) is not in list");
}

// Lists order as Python's: item by item, the first unequal pair deciding, a prefix first.
TEST(RuntimeHostList, ListsOrderItemByItem) {
  h::List<int64_t> a{1, 2}, b{1, 2, 0}, c{2};
  EXPECT_TRUE(a < b);
  EXPECT_TRUE(c > b);
  EXPECT_FALSE(a < a);
  EXPECT_TRUE(a <= a);
  EXPECT_TRUE(h::python_less(a, c));
}

TEST(RuntimeHostList, SortsAreStableBothWays) {
  h::List<double> a{2.0, 1.0, 3.0, 1.0};
  a.sort(true);
  EXPECT_EQ(h::repr(a), "[3.0, 2.0, 1.0, 1.0]");
  h::List<bool> flags{true, false, true};
  flags.sort();
  EXPECT_EQ(h::repr(flags), "[False, True, True]");
  flags.sort(true);
  EXPECT_EQ(h::repr(flags), "[True, True, False]");
  EXPECT_EQ(h::repr(h::sorted<std::string>(h::List<std::string>{"b", "a"})), "['a', 'b']");
}

TEST(RuntimeHostList, PrintsNestedListsStringsAndArrays) {
  h::List<h::List<double>> grid{h::List<double>{0.5, 1e16}, h::List<double>{}};
  EXPECT_EQ(h::str(grid), "[[0.5, 1e+16], []]");
  EXPECT_EQ(h::repr(h::List<std::string>{"it's", "x"}), "[\"it's\", 'x']");
  EXPECT_EQ(h::repr(h::List<float>{0.1f}), "[0.1]");
}

TEST(RuntimeHostList, ArrayOfNestedListsHasTheirShape) {
  h::List<h::List<int64_t>> rows{h::List<int64_t>{1, 2}, h::List<int64_t>{3, 4}};
  auto a = h::array_of_list<int64_t>(rows);
  EXPECT_EQ(a.shape(0), 2);
  EXPECT_EQ(a.shape(1), 2);
  EXPECT_EQ(a(1, 0), 3);
  rows.at(1).append(5);
  EXPECT_EQ(message([&] { h::array_of_list<int64_t>(rows); }),
            "ValueError: setting an array element with a sequence. The requested array has an inhomogeneous shape "
            "after 1 dimensions. The detected shape was (2,) + inhomogeneous part.");
}

TEST(RuntimeHostList, ToListGivesNestedListsOfPythonNumbers) {
  h::NDArray<float, 2> m = h::array(std::vector<float>{0.0f, 0.1f, 2.0f, 3.0f}, std::array<int64_t, 2>{2, 2});
  EXPECT_EQ(h::repr(h::tolist(m)), "[[0.0, 0.10000000149011612], [2.0, 3.0]]");
  h::List<int64_t> ints = h::tolist(h::array(std::vector<int32_t>{0, 1, 2}));
  EXPECT_EQ(h::repr(ints), "[0, 1, 2]");
  EXPECT_EQ(message([&] { h::check_unpack(ints, 2); }), "ValueError: too many values to unpack (expected 2)");
  EXPECT_EQ(message([&] { h::check_unpack(ints, 4); }), "ValueError: not enough values to unpack (expected 4, got 3)");
}

TEST(RuntimeHostList, UnzipGivesTuplesOfRunTimeLength) {
  h::List<py2cuda::tuple<int64_t, double>> pairs;
  pairs.append(py2cuda::make_tuple(int64_t(1), 2.5));
  auto [ks, vs] = h::unzip(pairs, 2);
  EXPECT_EQ(h::repr(ks), "(1,)");
  pairs.append(py2cuda::make_tuple(int64_t(2), 3.5));
  EXPECT_EQ(h::repr(py2cuda::get<1>(h::unzip(pairs, 2))), "(2.5, 3.5)");
  EXPECT_EQ(message([&] { h::unzip(h::List<py2cuda::tuple<int64_t, double>>(), 2); }),
            "ValueError: not enough values to unpack (expected 2, got 0)");
}

TEST(RuntimeHostList, NdindexCountsInCOrderAndRefusesNegativeExtents) {
  // NumPy: list(np.ndindex(2, 3)) and list(np.ndindex((1, 2, 2))).
  EXPECT_EQ(h::repr(h::list_each<py2cuda::tuple<int64_t, int64_t>>(h::ndindex(2, 3), nullptr, [](const auto& t) { return t; })),
            "[(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)]");
  EXPECT_EQ(h::repr(h::list_each<py2cuda::tuple<int64_t, int64_t, int64_t>>(
                h::ndindex(py2cuda::make_tuple(int64_t(1), int64_t(2), int64_t(2))), nullptr, [](const auto& t) { return t; })),
            "[(0, 0, 0), (0, 0, 1), (0, 1, 0), (0, 1, 1)]");
  EXPECT_EQ(h::repr(h::list_each<int64_t>(h::ndindex(0, 4), nullptr, [](const auto&) { return int64_t(1); })), "[]");
  EXPECT_EQ(message([] { h::ndindex(2, -1); }), "ValueError: negative dimensions are not allowed");
}

TEST(RuntimeHostList, NdenumerateOfAStridedViewReadsItsOwnElements) {
  h::NDArray<int32_t, 2> a({2, 4});
  for (int64_t k = 0; k < 8; ++k) a.data()[k] = static_cast<int32_t>(k * 10);
  // a[:, ::2] of a 2x4 array: strides (4, 2) elements.
  h::NDArray<int32_t, 2> every_other(a.storage(), a.data(), {2, 2}, {4, 2});
  std::string seen;
  h::for_each_item(h::ndenumerate(every_other), [&](const auto& item) {
    const auto& [index, value] = item;
    seen += h::repr(index) + "=" + std::to_string(value) + " ";
  });
  EXPECT_EQ(seen, "(0, 0)=0 (0, 1)=20 (1, 0)=40 (1, 1)=60 ");
}

TEST(RuntimeHostList, DefaultDictAndCounterPrintAsTheirClasses) {
  h::DefaultDict<std::string, h::List<int64_t>> d;
  d.at("a").append(1);
  d.at("b");
  EXPECT_EQ(h::repr(d), "defaultdict(<class 'list'>, {'a': [1], 'b': []})");
  h::Counter<std::string> c = h::counter_of<std::string>(std::string("abcbcc"));
  EXPECT_EQ(h::repr(c), "Counter({'c': 3, 'b': 2, 'a': 1})");
  EXPECT_EQ(c.at("z"), 0);
  EXPECT_EQ(c.size(), 3);
  EXPECT_EQ(h::repr(c.most_common(2)), "[('c', 3), ('b', 2)]");
  EXPECT_EQ(h::repr(h::Counter<int64_t>()), "Counter()");
}

}  // namespace
