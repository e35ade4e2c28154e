// py2cuda::Array, the array view kernels receive: indexing with and without Python's
// negative indices, strides, size, and the helpers that build C-contiguous views; and
// py2cuda::CArray, the view of layout 'C' whose last dimension steps by 1.

#include <py2cuda/array.h>

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <numeric>
#include <string>
#include <type_traits>

namespace {

using py2cuda::Array;
using py2cuda::CArray;

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
  static_assert(std::is_same_v<decltype(a), const CArray<int, 2>>);
  EXPECT_EQ(a.shape[1], 4);
  EXPECT_EQ(a.strides[0], 4);
  EXPECT_EQ(a.strides[1], 1);
  EXPECT_EQ(a.at(-1, 1), 9);
}

TEST(RuntimeArray, CArrayIsAnArrayPassedByValue) {
  static_assert(std::is_trivially_copyable_v<CArray<float, 2>>);
  static_assert(sizeof(CArray<float, 2>) == sizeof(Array<float, 2>));
  static_assert(std::is_base_of_v<Array<float, 2>, CArray<float, 2>>);
  static_assert(CArray<float, 3>::ndim == 3);
  // Any layout is a view of any layout's parameter; the reverse is explicit (and checked).
  static_assert(std::is_convertible_v<CArray<float, 2>, Array<float, 2>>);
  static_assert(!std::is_convertible_v<Array<float, 2>, CArray<float, 2>>);
  static_assert(std::is_constructible_v<CArray<float, 2>, Array<float, 2>>);
  static_assert(std::is_convertible_v<CArray<float, 2>, CArray<const float, 2>>);
  static_assert(!std::is_convertible_v<CArray<const float, 2>, CArray<float, 2>>);
}

// The last index is multiplied by 1, never by the stride member: a CArray is only made
// from a view whose last stride is 1 (or whose last extent makes any stride one), and the
// test shows the accessor does not read it by giving the member another value.
TEST(RuntimeArray, CArrayStepsTheLastIndexByOne) {
  Matrix34 m;
  CArray<int, 2> a(m.view());
  EXPECT_EQ(a(1, 2), 6);
  EXPECT_EQ(a.at(-1, -1), 11);
  a(2, 0) = 80;
  EXPECT_EQ(m.storage[8], 80);
  a.strides[1] = 5;  // not read by CArray's accessors
  EXPECT_EQ(a(1, 3), 7);
  EXPECT_EQ(a.at(0, -2), 2);
  const Array<int, 2>& as_any_layout = a;
  EXPECT_EQ(as_any_layout(0, 1), 5);  // the base's accessor does read it

  const CArray<const int, 2> read_only = CArray<int, 2>(m.view());
  EXPECT_EQ(read_only(2, 3), 11);
  const Array<const int, 2> any_read_only = read_only;
  EXPECT_EQ(any_read_only.at(-3, 0), 0);
}

TEST(RuntimeArray, CArrayFromAStridedViewIsATypeError) {
  Matrix34 m;
  const Array<int, 2> column{m.storage.data() + 1, {3, 1}, {4, 4}};  // m[:, 1:2]: extent 1, any stride
  const CArray<int, 2> column_c(column);
  EXPECT_EQ(column_c(2, 0), 9);
  const Array<int, 2> every_other{m.storage.data(), {3, 2}, {4, 2}};  // m[:, ::2]
  try {
    (void)CArray<int, 2>(every_other);
    FAIL() << "a view with a last stride of 2 became a CArray";
  } catch (const py2cuda::Error& e) {
    EXPECT_NE(std::string(e.what()).find("TypeError: an array that is not C-contiguous"), std::string::npos) << e.what();
  }
  const Array<int, 1> empty{m.storage.data(), {0}, {3}};
  const CArray<int, 1> empty_c(empty);
  EXPECT_EQ(empty_c.shape[0], 0);
}

}  // namespace
