// py2cuda::tuple and friends: std::tuple on the host (cuda::std::tuple under nvcc,
// which tests/runtime/run_runtime_compile.py compiles).

#include <py2cuda/tuple.h>

#include <gtest/gtest.h>

#include <cstdint>
#include <type_traits>

namespace {

TEST(RuntimeTuple, MakeGetAndStructuredBindings) {
  const py2cuda::tuple<int64_t, double> t = py2cuda::make_tuple(int64_t{3}, 0.5);
  EXPECT_EQ(py2cuda::get<0>(t), 3);
  EXPECT_EQ(py2cuda::get<1>(t), 0.5);
  const auto [i, x] = t;
  EXPECT_EQ(i, 3);
  EXPECT_EQ(x, 0.5);
  static_assert(py2cuda::tuple_size_v<py2cuda::tuple<int, int, int>> == 3);
  static_assert(std::is_same_v<py2cuda::tuple_element_t<1, decltype(t)>, const double>);
}

TEST(RuntimeTuple, TieAssignsElements) {
  int64_t a = 0;
  int64_t b = 0;
  py2cuda::tie(a, b) = py2cuda::make_tuple(int64_t{4}, int64_t{5});
  EXPECT_EQ(a, 4);
  EXPECT_EQ(b, 5);
}

}  // namespace
