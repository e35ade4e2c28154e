// py2cuda::HostArray, the owning host array (no GPU needed).

#include <py2cuda/host_array.h>

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <type_traits>
#include <utility>
#include <vector>

namespace {

using py2cuda::HostArray;

TEST(RuntimeHostArray, ZeroInitialisedWithShape) {
  const HostArray<float, 2> a({2, 3});
  EXPECT_EQ(a.size(), 6);
  EXPECT_EQ(a.shape(0), 2);
  EXPECT_EQ(a.shape(1), 3);
  EXPECT_EQ(a.shape(), (std::array<int64_t, 2>{2, 3}));
  for (int64_t i = 0; i < a.size(); ++i) EXPECT_EQ(a.data()[i], 0.0f);
}

TEST(RuntimeHostArray, CopiesValuesInCOrder) {
  const std::vector<int> values = {0, 1, 2, 3, 4, 5};
  HostArray<int, 2> a({2, 3}, values.data());
  EXPECT_EQ(a(1, 0), 3);
  EXPECT_EQ(a.at(-1, -1), 5);
  a(0, 2) = 42;
  EXPECT_EQ(a.data()[2], 42);
}

TEST(RuntimeHostArray, ViewIsCContiguous) {
  HostArray<double, 3> a({2, 3, 4});
  const py2cuda::Array<double, 3> v = a.view();
  EXPECT_EQ(v.data, a.data());
  EXPECT_EQ(v.strides[0], 12);
  EXPECT_EQ(v.strides[1], 4);
  EXPECT_EQ(v.strides[2], 1);
  v(1, 2, 3) = 7.0;
  EXPECT_EQ(a.data()[23], 7.0);
  const HostArray<double, 3>& ro = a;
  static_assert(std::is_same_v<decltype(ro.view()), py2cuda::CArray<const double, 3>>);
}

TEST(RuntimeHostArray, CopyIsDeepAndMoveEmptiesTheSource) {
  const int values[3] = {1, 2, 3};
  HostArray<int, 1> a({3}, values);
  HostArray<int, 1> b = a;
  b(0) = 10;
  EXPECT_EQ(a(0), 1);
  HostArray<int, 1> c = std::move(a);
  EXPECT_EQ(c(2), 3);
  EXPECT_EQ(a.size(), 0);  // NOLINT(bugprone-use-after-move): moved-from is empty
  EXPECT_EQ(a.shape(0), 0);
  a = c;
  EXPECT_EQ(a(1), 2);
}

TEST(RuntimeHostArray, BoolArraysAreOneBoolPerElement) {
  HostArray<bool, 1> flags({4});
  flags(2) = true;
  const bool* raw = flags.data();
  EXPECT_FALSE(raw[1]);
  EXPECT_TRUE(raw[2]);
}

TEST(RuntimeHostArray, EmptyAndNegativeShapes) {
  const HostArray<int, 2> empty({0, 5});
  EXPECT_EQ(empty.size(), 0);
  const HostArray<int, 1> none;
  EXPECT_EQ(none.size(), 0);
  EXPECT_THROW((HostArray<int, 2>({3, -1})), py2cuda::Error);
}

}  // namespace
