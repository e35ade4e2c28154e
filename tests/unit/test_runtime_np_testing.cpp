// np.testing's assertions in the host runtime (runtime/include/py2cuda/np.h): which values
// pass, and the AssertionError messages NumPy 1.26 builds for the ones that fail. Every
// expected message was printed by NumPy 1.26.4 (`str(e)` of the AssertionError).

#include <py2cuda/host.h>

#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "raised_message.h"

namespace {

namespace h = py2cuda::host;
namespace np = py2cuda::np;

using py2cuda::test::message;

// assert_equal: tuples item by item after their lengths, scalars and strings by ==, NaN equal
// to NaN and 0.0 unequal to -0.0.
TEST(RuntimeNpTesting, AssertEqualComparesTuplesItemByItemAndScalarsAsNumPy) {
  EXPECT_EQ(message([] { np::assert_equal(py2cuda::tuple<int64_t>{5}, py2cuda::tuple<int64_t>{5}, ""); }), "no exception");
  EXPECT_EQ(message([] { np::assert_equal(NAN, NAN, ""); }), "no exception");
  EXPECT_EQ(message([] { np::assert_equal(std::string("ab"), "ab", ""); }), "no exception");
  EXPECT_EQ(message([] {
              np::assert_equal(py2cuda::tuple<int64_t, int64_t>{5, 2}, py2cuda::tuple<int64_t, int64_t>{5, 3}, "");
            }),
            "AssertionError: \nItems are not equal:\nitem=1\n\n ACTUAL: 2\n DESIRED: 3");
  EXPECT_EQ(message([] { np::assert_equal(py2cuda::tuple<int64_t>{5}, py2cuda::tuple<int64_t, int64_t>{5, 1}, ""); }),
            "AssertionError: \nItems are not equal:\n ACTUAL: 1\n DESIRED: 2");
  EXPECT_EQ(message([] { np::assert_equal(0.0, -0.0, "zeros"); }),
            "AssertionError: \nItems are not equal: zeros\n ACTUAL: 0.0\n DESIRED: -0.0");
  EXPECT_EQ(message([] { np::assert_equal(std::string("a"), std::string("b"), ""); }),
            "AssertionError: \nItems are not equal:\n ACTUAL: 'a'\n DESIRED: 'b'");
}

// The arrays under a failed assertion print at precision 6 (assert_array_compare's), cut after
// three lines.
TEST(RuntimeNpTesting, FailedArraysPrintAtPrecisionSixInThreeLines) {
  h::NDArray<double, 1> x(std::array<int64_t, 1>{2});
  x.data()[0] = 1.0;
  x.data()[1] = 2.0 / 3.0;
  h::NDArray<double, 1> y(std::array<int64_t, 1>{2});
  y.data()[0] = 1.0;
  y.data()[1] = 0.6;
  EXPECT_EQ(message([&] { np::assert_allclose(x, y, 1e-7, 0.0, ""); }),
            "AssertionError: \nNot equal to tolerance rtol=1e-07, atol=0\n\nMismatched elements: 1 / 2 (50%)\n"
            "Max absolute difference: 0.06666667\nMax relative difference: 0.11111111\n"
            " x: array([1.      , 0.666667])\n y: array([1. , 0.6])");
  h::NDArray<double, 2> tall(std::array<int64_t, 2>{5, 1});
  for (int64_t i = 0; i < 5; ++i) tall.data()[i] = static_cast<double>(i);
  h::NDArray<double, 2> zeros(std::array<int64_t, 2>{5, 1});
  for (int64_t i = 0; i < 5; ++i) zeros.data()[i] = 0.0;
  EXPECT_EQ(message([&] { np::assert_array_equal(tall, zeros, ""); }),
            "AssertionError: \nArrays are not equal\n\nMismatched elements: 4 / 5 (80%)\n"
            "Max absolute difference: 4.\nMax relative difference: inf\n"
            " x: array([[0.],\n       [1.],\n       [2.],...\n y: array([[0.],\n       [0.],\n       [0.],...");
  // The print options the program set are back afterwards.
  EXPECT_EQ(h::print_options().precision, 8);
}

}  // namespace
