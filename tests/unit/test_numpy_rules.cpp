// NumPy 1.26's result_type of an array and a scalar (types/numpy_rules.h), each expectation
// printed by NumPy 1.26.4 itself: np.result_type(np.array([1], np.int8), 0.5) and so on.
#include <gtest/gtest.h>

#include "types/numpy_rules.h"

using namespace py2cuda;
using numpy_rules::Operand;

namespace {

Operand array(TypeRef dtype) { return {.dtype = dtype, .scalar = false, .value = std::nullopt}; }
Operand scalar(TypeRef dtype, std::optional<double> value = std::nullopt) {
  return {.dtype = dtype, .scalar = true, .value = value};
}

}  // namespace

TEST(NumpyRules, AScalarOfAHigherKindCountsByItsOwnType) {
  // A uint8 image / 255.0, a bool mask * 2, an int8 array * np.float32(0.5).
  EXPECT_EQ(numpy_rules::result_type(array(types::uint8()), scalar(types::float64(), 255.0)), types::float64());
  EXPECT_EQ(numpy_rules::result_type(array(types::int16()), scalar(types::float64(), 1.5)), types::float64());
  EXPECT_EQ(numpy_rules::result_type(array(types::boolean()), scalar(types::int64(), 2.0)), types::int64());
  EXPECT_EQ(numpy_rules::result_type(array(types::boolean()), scalar(types::float64())), types::float64());
  EXPECT_EQ(numpy_rules::result_type(array(types::int8()), scalar(types::float32(), 0.5)), types::float32());
  EXPECT_EQ(numpy_rules::result_type(array(types::int32()), scalar(types::float32(), 0.5)), types::float64());
  EXPECT_EQ(numpy_rules::result_type(array(types::uint8()), scalar(types::float16(), 1.0)), types::float16());
  EXPECT_EQ(numpy_rules::result_type(array(types::boolean()), scalar(types::uint8(), 3.0)), types::uint8());
}

TEST(NumpyRules, AScalarOfTheArraysKindCountsByItsValue) {
  EXPECT_EQ(numpy_rules::result_type(array(types::uint8()), scalar(types::int64(), 2.0)), types::uint8());
  EXPECT_EQ(numpy_rules::result_type(array(types::uint8()), scalar(types::int64(), 300.0)), types::uint16());
  EXPECT_EQ(numpy_rules::result_type(array(types::uint8()), scalar(types::int64(), -1.0)), types::int16());
  EXPECT_EQ(numpy_rules::result_type(array(types::int8()), scalar(types::int64(), 300.0)), types::int16());
  EXPECT_EQ(numpy_rules::result_type(array(types::float32()), scalar(types::float64(), 0.1)), types::float32());
  EXPECT_EQ(numpy_rules::result_type(array(types::int8()), scalar(types::uint8(), 3.0)), types::int8());
}

// NumPy 1.26's value-based casting of a known scalar with an array of a higher kind: the
// scalar's smallest type for its value (np.min_scalar_type) takes part.
TEST(NumpyRules, AnIntLiteralBeyondSixteenBitsWidensAFloat32Array) {
  using numpy_rules::Operand;
  const Operand a32{.dtype = types::float32(), .scalar = false, .value = std::nullopt};
  auto with = [&](double v) { return numpy_rules::result_type(a32, Operand{.dtype = types::int64(), .scalar = true, .value = v}); };
  EXPECT_EQ(with(100), types::float32());
  EXPECT_EQ(with(65535), types::float32());     // uint16
  EXPECT_EQ(with(70000), types::float64());     // uint32
  EXPECT_EQ(with(-100), types::float32());      // int8
  EXPECT_EQ(with(-40000), types::float64());    // int32
  const Operand f16{.dtype = types::float16(), .scalar = false, .value = std::nullopt};
  EXPECT_EQ(numpy_rules::result_type(f16, Operand{.dtype = types::int64(), .scalar = true, .value = 300.0}), types::float32());
  EXPECT_EQ(numpy_rules::result_type(a32, Operand{.dtype = types::float64(), .scalar = true, .value = 1e40}), types::float64());
  EXPECT_EQ(numpy_rules::result_type(a32, Operand{.dtype = types::float64(), .scalar = true, .value = 0.1}), types::float32());
}
