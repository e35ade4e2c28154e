// Optional results (runtime/include/py2cuda/optional.h): a value or None, and
// Numba's conversion to the value, which raises TypeError on None.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include <py2cuda/optional.h>

namespace {

py2cuda::Optional<double> safe_div(double a, double b) {
  if (b == 0) return py2cuda::none;
  return a / b;
}

}  // namespace

TEST(RuntimeOptional, ValueOrNone) {
  const py2cuda::Optional<double> half = safe_div(1.0, 2.0);
  EXPECT_TRUE(py2cuda::is_value(half));
  EXPECT_FALSE(py2cuda::is_none(half));
  EXPECT_EQ(py2cuda::unwrap(half), 0.5);

  const py2cuda::Optional<double> nothing = safe_div(1.0, 0.0);
  EXPECT_TRUE(py2cuda::is_none(nothing));
  EXPECT_FALSE(py2cuda::is_value(nothing));

  // A default Optional is None, like a variable only ever assigned None.
  EXPECT_TRUE(py2cuda::is_none(py2cuda::Optional<int64_t>{}));
  // Zero is a value, not None.
  EXPECT_TRUE(py2cuda::is_value(py2cuda::Optional<int64_t>(0)));
}

TEST(RuntimeOptional, UnwrappingNoneIsATypeErrorAtTheCallSite) {
  const py2cuda::Optional<int32_t> nothing = py2cuda::none;
  try {
    (void)py2cuda::unwrap(nothing);
    FAIL() << "unwrap(None) must throw";
  } catch (const py2cuda::Error& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("TypeError: expected a value, got None"), std::string::npos) << what;
    EXPECT_NE(what.find("test_runtime_optional.cpp"), std::string::npos) << "names where it was unwrapped: " << what;
  }
}
