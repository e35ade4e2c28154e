// py2cuda::Array, the array view kernels receive: indexing with and without Python's
// negative indices, strides, size, and the helpers that build C-contiguous views.

#include <py2cuda/array.h>

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <numeric>
#include <type_traits>

namespace {

using py2cuda::Array;

// A 3 x 4 C-contiguous block of 0..11.
struct Matrix34 {
  std::array<int, 12> storage{};
  Matrix34() { std::iota(storage.begin(), storage.end(), 0); }
  Array<int, 2> view() { return {storage.data(), {3, 4}, {4, 1}}; }
};

TEST(RuntimeArray, IsAnAggregatePassedByValue) {
  static_assert(std::is_aggregate_v<Array<float, 2>>);
  static_assert(std::is_trivially_copyable_v<Array<float, 2>>);
  static_assert(Array<float, 3>::ndim == 3);
  float x[2] = {1.0f, 2.0f};
  const Array<float, 1> a{x, {2}, {1}};
  EXPECT_EQ(a.data, x);
  EXPECT_EQ(a.shape[0], 2);
}

TEST(RuntimeArray, PlainIndexingUsesStridesInElements) {
  Matrix34 m;
  const Array<int, 2> a = m.view();
  EXPECT_EQ(a(0, 0), 0);
  EXPECT_EQ(a(1, 2), 6);
  EXPECT_EQ(a(2, 3), 11);
  a(1, 1) = 100;
  EXPECT_EQ(m.storage[5], 100);  // a view: writes go to the viewed memory
}

TEST(RuntimeArray, IndicesMayBeAnyIntegerType) {
  Matrix34 m;
  const Array<int, 2> a = m.view();
  EXPECT_EQ(a(int8_t{2}, uint64_t{1}), 9);
  EXPECT_EQ(a.at(int32_t{1}, uint16_t{3}), 7);
}

TEST(RuntimeArray, AtWrapsNegativeSignedIndices) {
  Matrix34 m;
  const Array<int, 2> a = m.view();
  EXPECT_EQ(a.at(-1, -1), 11);  // a[-1, -1]
  EXPECT_EQ(a.at(-3, 0), 0);
  EXPECT_EQ(a.at(int64_t{-2}, 1), 5);
  EXPECT_EQ(a.at(2, 3), 11);  // non-negative indices are used as they are
}

TEST(RuntimeArray, NonContiguousStrides) {
  // Every other column of the 3 x 4 block (as a[:, ::2] would be), and its transpose.
  Matrix34 m;
  const Array<int, 2> columns{m.storage.data(), {3, 2}, {4, 2}};
  EXPECT_EQ(columns(1, 1), 6);
  EXPECT_EQ(columns.at(-1, -1), 10);
  const Array<int, 2> transposed{m.storage.data(), {4, 3}, {1, 4}};
  EXPECT_EQ(transposed(3, 2), 11);
  EXPECT_EQ(transposed(1, 2), 9);
}

TEST(RuntimeArray, SizeIsTheProductOfTheShape) {
  Matrix34 m;
  EXPECT_EQ(m.view().size(), 12);
  const Array<int, 3> empty{nullptr, {2, 0, 5}, {0, 5, 1}};
  EXPECT_EQ(empty.size(), 0);
}

TEST(RuntimeArray, ConvertsToReadOnlyView) {
  Matrix34 m;
  const Array<const int, 2> ro = m.view();
  EXPECT_EQ(ro.at(-1, 0), 8);
  EXPECT_EQ(ro.strides[0], 4);
  static_assert(std::is_same_v<decltype(ro(0, 0)), const int&>);
  static_assert(!std::is_convertible_v<Array<const int, 2>, Array<int, 2>>);
}

TEST(RuntimeArray, CStrides) {
  EXPECT_EQ(py2cuda::c_strides(std::array<int64_t, 3>{2, 3, 4}), (std::array<int64_t, 3>{12, 4, 1}));
  EXPECT_EQ(py2cuda::c_strides(std::array<int64_t, 1>{7}), (std::array<int64_t, 1>{1}));
}

TEST(RuntimeArray, CArrayView) {
  Matrix34 m;
  const auto a = py2cuda::c_array_view(m.storage.data(), std::array<int64_t, 2>{3, 4});
  static_assert(std::is_same_v<decltype(a), const Array<int, 2>>);
  EXPECT_EQ(a.shape[1], 4);
  EXPECT_EQ(a.strides[0], 4);
  EXPECT_EQ(a.at(-1, 1), 9);
}

}  // namespace
