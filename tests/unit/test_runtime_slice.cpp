// Slices and views (runtime/include/py2cuda/slice.h) against CPython's slicing
// (tests/runtime/slice_cases.txt, see tests/runtime/gen_slice_cases.py).
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <fstream>
#include <numeric>
#include <optional>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#include <py2cuda/slice.h>

namespace {

std::optional<int64_t> bound(const std::string& text) {
  if (text == "N") return std::nullopt;
  return std::stoll(text);
}

py2cuda::Slice make_slice(std::optional<int64_t> start, std::optional<int64_t> stop, std::optional<int64_t> step) {
  py2cuda::Slice s;
  if (start) s = py2cuda::slice(*start, py2cuda::none);
  if (stop) {
    py2cuda::Slice t = start ? py2cuda::slice(*start, *stop) : py2cuda::slice(py2cuda::none, *stop);
    s = t;
  }
  if (step) s.step = *step;
  return s;
}

}  // namespace

TEST(RuntimeSlice, MatchesCPython) {
  std::ifstream in(std::string(PY2CUDA_SOURCE_DIR) + "/tests/runtime/slice_cases.txt");
  ASSERT_TRUE(in) << "missing tests/runtime/slice_cases.txt";
  std::string line;
  int checked = 0;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream f(line);
    int64_t n = 0, count = 0;
    std::string start, stop, step, first;
    f >> n >> start >> stop >> step >> count >> first;
    ASSERT_TRUE(f) << line;
    const py2cuda::Slice s = make_slice(bound(start), bound(stop), bound(step));
    const py2cuda::SliceRange r = py2cuda::resolve_slice(s, n);
    EXPECT_EQ(r.length, count) << line;
    if (count > 0) {
      EXPECT_EQ(r.start, std::stoll(first)) << line;
    }

    // The same through a view of [0, 1, ..., n-1]: its elements are the picked ones.
    std::vector<int64_t> data(static_cast<size_t>(n));
    std::iota(data.begin(), data.end(), 0);
    py2cuda::Array<int64_t, 1> a{data.data(), {n}, {1}};
    auto v = py2cuda::view(a, s);
    ASSERT_EQ(v.shape[0], count) << line;
    const int64_t step_value = s.step;
    for (int64_t k = 0; k < count; ++k) EXPECT_EQ(v(k), std::stoll(first) + k * step_value) << line;
    ++checked;
  }
  EXPECT_GT(checked, 1900);
}

TEST(RuntimeSlice, RowsColumnsAndPlanes) {
  std::array<int32_t, 24> data{};
  std::iota(data.begin(), data.end(), 0);
  auto t = py2cuda::c_array_view(data.data(), std::array<int64_t, 3>{2, 3, 4});

  auto plane = py2cuda::view(t, 1);  // t[1]: trailing dimensions kept whole
  static_assert(decltype(plane)::ndim == 2);
  EXPECT_EQ(plane.shape[0], 3);
  EXPECT_EQ(plane.shape[1], 4);
  EXPECT_EQ(plane(2, 3), 23);

  auto column = py2cuda::view(t, -1, py2cuda::slice(), 2);  // t[-1, :, 2]
  static_assert(decltype(column)::ndim == 1);
  ASSERT_EQ(column.shape[0], 3);
  EXPECT_EQ(column.strides[0], 4);
  EXPECT_EQ(column(0), 14);
  EXPECT_EQ(column(2), 22);

  // A view of a view, writing through to the parent: t[0, ::-1][1:, 1::2].
  auto reversed = py2cuda::view(t, 0, py2cuda::slice(py2cuda::none, py2cuda::none, -1));
  auto inner = py2cuda::view(reversed, py2cuda::slice(1, py2cuda::none), py2cuda::slice(1, py2cuda::none, 2));
  ASSERT_EQ(inner.shape[0], 2);
  ASSERT_EQ(inner.shape[1], 2);
  EXPECT_EQ(inner(0, 0), 5);  // row 1 of t[0], column 1
  EXPECT_EQ(inner(1, 1), 3);  // row 0, column 3
  inner(1, 1) = -3;
  EXPECT_EQ(data[3], -3);
}

// Numba's layout rule for a view of a C array (types/rules.cpp, view_layout, is the
// translator's side of it): integers, then at most one slice without a step as the last
// part, keep layout 'C'; anything else is 'A'. The translator declares the view with the
// layout its typing gives, so the two must agree.
TEST(RuntimeSlice, ViewsOfACArrayKeepLayoutCAsNumbaTypesThem) {
  std::array<int32_t, 24> data{};
  std::iota(data.begin(), data.end(), 0);
  const py2cuda::CArray<int32_t, 3> t = py2cuda::c_array_view(data.data(), std::array<int64_t, 3>{2, 3, 4});
  using py2cuda::none;
  using py2cuda::slice;

  auto plane = py2cuda::view(t, 1);  // t[1]
  static_assert(std::is_same_v<decltype(plane), py2cuda::CArray<int32_t, 2>>);
  EXPECT_EQ(plane(2, 3), 23);
  auto rows = py2cuda::view(t, 1, slice(1, 3));  // t[1, 1:3]
  static_assert(std::is_same_v<decltype(rows), py2cuda::CArray<int32_t, 2>>);
  EXPECT_EQ(rows(0, 0), 16);
  EXPECT_EQ(rows.at(-1, -1), 23);
  auto row = py2cuda::view(t, 0, 2, slice(1, none));  // t[0, 2, 1:]
  static_assert(std::is_same_v<decltype(row), py2cuda::CArray<int32_t, 1>>);
  EXPECT_EQ(row(0), 9);
  auto planes = py2cuda::view(t, slice(1, 2));  // t[1:2]
  static_assert(std::is_same_v<decltype(planes), py2cuda::CArray<int32_t, 3>>);
  EXPECT_EQ(planes(0, 1, 1), 17);

  // A written step, even 1, a slice before another part, or an integer after a slice: 'A'.
  auto stepped = py2cuda::view(t, 0, 0, slice(none, none, 1));
  static_assert(std::is_same_v<decltype(stepped), py2cuda::Array<int32_t, 1>>);
  EXPECT_EQ(stepped(3), 3);
  auto columns = py2cuda::view(t, 0, slice(), slice(1, 3));  // t[0, :, 1:3]
  static_assert(std::is_same_v<decltype(columns), py2cuda::Array<int32_t, 2>>);
  EXPECT_EQ(columns(2, 1), 10);
  auto column = py2cuda::view(t, 1, slice(), 2);  // t[1, :, 2]
  static_assert(std::is_same_v<decltype(column), py2cuda::Array<int32_t, 1>>);
  EXPECT_EQ(column.strides[0], 4);
  EXPECT_EQ(column(2), 22);

  // A view of an Array stays an Array whatever its parts.
  const py2cuda::Array<int32_t, 3>& any_layout = t;
  static_assert(std::is_same_v<decltype(py2cuda::view(any_layout, 1)), py2cuda::Array<int32_t, 2>>);
}

TEST(RuntimeSlice, FillWritesEveryElementOfTheView) {
  std::array<double, 20> data{};
  auto m = py2cuda::c_array_view(data.data(), std::array<int64_t, 2>{4, 5});
  py2cuda::fill(py2cuda::view(m, py2cuda::slice(1, 3), py2cuda::slice(py2cuda::none, py2cuda::none, 2)), 2.5);
  int filled = 0;
  for (int64_t r = 0; r < 4; ++r) {
    for (int64_t c = 0; c < 5; ++c) {
      const bool inside = r >= 1 && r < 3 && c % 2 == 0;
      EXPECT_EQ(m(r, c), inside ? 2.5 : 0.0) << r << "," << c;
      filled += inside;
    }
  }
  EXPECT_EQ(filled, 6);
}

TEST(RuntimeSlice, ZeroStepAndOutOfRangeIndicesAreErrors) {
  std::array<float, 6> data{};
  py2cuda::Array<float, 1> a{data.data(), {6}, {1}};
  EXPECT_THROW(py2cuda::view(a, py2cuda::slice(0, 6, 0)), py2cuda::Error);
  auto m = py2cuda::c_array_view(data.data(), std::array<int64_t, 2>{2, 3});
  EXPECT_THROW(py2cuda::view(m, 2, py2cuda::slice()), py2cuda::Error);
  EXPECT_THROW(py2cuda::view(m, -3, py2cuda::slice()), py2cuda::Error);
  EXPECT_NO_THROW(py2cuda::view(m, -2, py2cuda::slice()));
}
