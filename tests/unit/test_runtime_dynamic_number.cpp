// DynamicNumber (runtime/include/py2cuda/host/dynamic_number.h): a host number whose Python
// type differs by path. Every expected text and type below was printed by CPython with
// numpy 1.26.4 (build/venv/bin/python), e.g. type(np.float32(0.5) + 1.0).__name__.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include <py2cuda/host/dynamic_number.h>
#include <py2cuda/host/format_string.h>
#include <py2cuda/host/percent_format.h>

namespace {

using py2cuda::host::DynamicNumber;
namespace h = py2cuda::host;

// "type|repr" of a number, as `type(v).__name__ + '|' + repr(v)` prints it.
std::string shown(const DynamicNumber& v) { return h::type_name(v) + "|" + h::repr(v); }

}  // namespace

TEST(RuntimeDynamicNumber, BestSoFarPrintsTheTypeOfItsLastAssignment) {
  // best = 0.0; for v in a: if v > best: best = v
  DynamicNumber best = 0.0;
  EXPECT_EQ(h::str(best), "0.0");  // no element above it: still a Python float
  const h::np_float32 v{0.7f};
  if (DynamicNumber(v) > best) best = v;
  EXPECT_EQ(h::str(best), "0.7");  // an np.float32 now, float32's shortest digits
  EXPECT_EQ(shown(best), "float32|0.7");
  // f"{np.float32(0.7)}" and f"{...:.3f}"
  EXPECT_EQ(h::format(best, ""), "0.699999988079071");
  EXPECT_EQ(h::format(best, ".3f"), "0.700");
}

TEST(RuntimeDynamicNumber, IntOrFloatByBranch) {
  DynamicNumber x = 0;  // x = 0; if c: x = 2.5
  EXPECT_EQ(shown(x), "int|0");
  x = 2.5;
  EXPECT_EQ(shown(x), "float|2.5");
  EXPECT_EQ(h::format(DynamicNumber(h::np_int32{42}), ">5"), "   42");
  EXPECT_EQ(h::format(DynamicNumber(2.5), "g"), "2.5");
  EXPECT_EQ(h::str(DynamicNumber(true)), "True");
  EXPECT_EQ(h::str(DynamicNumber(h::np_bool{true})), "True");
}

TEST(RuntimeDynamicNumber, ArithmeticTypesFollowNumpy126Scalars) {
  const DynamicNumber f32 = h::np_float32{0.5f};
  const DynamicNumber i32 = h::np_int32{3};
  EXPECT_EQ(shown(f32 + 1.0), "float64|1.5");                     // np.float32(0.5) + 1.0
  EXPECT_EQ(shown(f32 + 1), "float64|1.5");                       // np.float32(0.5) + 1
  EXPECT_EQ(shown(f32 + true), "float32|1.5");                    // np.float32(0.5) + True
  EXPECT_EQ(shown(f32 * h::np_float32{3.0f}), "float32|1.5");     // two float32
  EXPECT_EQ(shown(i32 + 1), "int64|4");                           // np.int32(3) + 1
  EXPECT_EQ(shown(i32 + 0.5), "float64|3.5");
  EXPECT_EQ(shown(i32 + h::np_float32{0.5f}), "float64|3.5");     // int32 with float32
  EXPECT_EQ(shown(i32 + true), "int32|4");
  EXPECT_EQ(shown(i32 / 2), "float64|1.5");
  EXPECT_EQ(shown(DynamicNumber(h::np_float32{1.0f}) + h::np_int16{1}), "float32|2.0");
  EXPECT_EQ(shown(DynamicNumber(h::np_float32{0.1f}) + h::np_int16{1}), "float32|1.1");
  EXPECT_EQ(shown(DynamicNumber(h::np_float32{0.1f}) * h::np_float32{3.0f}), "float32|0.3");
  EXPECT_EQ(shown(DynamicNumber(h::np_float32{0.7f}) + 0.0), "float64|0.699999988079071");
  EXPECT_EQ(shown(DynamicNumber(h::np_float64{0.1}) + h::np_float32{0.2f}), "float64|0.3000000029802322");
  EXPECT_EQ(shown(DynamicNumber(h::np_float32{2.5f}) - 1), "float64|1.5");
  EXPECT_EQ(shown(DynamicNumber(h::np_int8{3}) / h::np_int8{2}), "float64|1.5");
  EXPECT_EQ(shown(DynamicNumber(h::np_uint64{3}) + h::np_int64{1}), "float64|4.0");
  EXPECT_EQ(shown(DynamicNumber(h::np_int32{3}) + h::np_uint32{1}), "int64|4");
  EXPECT_EQ(shown(DynamicNumber(h::np_uint8{3}) + h::np_int8{1}), "int16|4");
  EXPECT_EQ(shown(DynamicNumber(h::np_bool{true}) + h::np_bool{true}), "bool_|True");
  EXPECT_EQ(shown(DynamicNumber(h::np_int32{2147483647}) + h::np_int32{1}), "int32|-2147483648");  // wraps
  EXPECT_EQ(shown(DynamicNumber(h::np_int64{7}) * true), "int64|7");
  // Two Python numbers stay Python numbers.
  EXPECT_EQ(shown(DynamicNumber(true) + true), "int|2");
  EXPECT_EQ(shown(DynamicNumber(3) / 2), "float|1.5");
  EXPECT_EQ(shown(DynamicNumber(1) + 2.5), "float|3.5");
}

TEST(RuntimeDynamicNumber, ComparisonsPromoteLikeNumpy) {
  EXPECT_FALSE(DynamicNumber(h::np_float32{0.7f}) == 0.7);  // float32 widened, not 0.7 rounded
  EXPECT_TRUE(DynamicNumber(h::np_float32{0.5f}) == 0.5);
  EXPECT_TRUE(DynamicNumber(h::np_int32{3}) == 3.0);
  EXPECT_TRUE(DynamicNumber(h::np_float32{0.7f}) < 0.7);
  // np.int64(2**53 + 1) > float(2**53) is False: NumPy rounds the int to float64 first...
  EXPECT_FALSE(DynamicNumber(h::np_int64{(int64_t{1} << 53) + 1}) > 9007199254740992.0);
  // ...while Python's int and float compare exactly.
  EXPECT_TRUE(DynamicNumber((int64_t{1} << 53) + 1) > 9007199254740992.0);
  EXPECT_FALSE(DynamicNumber(0.0) < DynamicNumber(0.0 / 0.0 + 0.0 * 0));
}

TEST(RuntimeDynamicNumber, MaxMinKeepTheFirstOfEquals) {
  // max(0.0, np.float32(0.0)) and max(np.float32(0.0), 0.0) are the first argument.
  EXPECT_EQ(shown(h::py_max(0.0, h::np_float32{0.0f})), "float|0.0");
  EXPECT_EQ(shown(h::py_max(h::np_float32{0.0f}, 0.0)), "float32|0.0");
  EXPECT_EQ(shown(h::py_max(0.0, h::np_float32{0.7f})), "float32|0.7");
  EXPECT_EQ(shown(h::py_min(h::np_float32{0.2f}, 0.5)), "float32|0.2");
}

TEST(RuntimeDynamicNumber, FloorDivisionModuloPowerAndNegation) {
  // Each line's expected value is type(e).__name__ + '|' + repr(e) of the Python expression beside it.
  EXPECT_EQ(shown(h::dynamic_floordiv(7, 2)), "int|3");
  EXPECT_EQ(shown(h::dynamic_floordiv(-7, 2)), "int|-4");
  EXPECT_EQ(shown(h::dynamic_mod(-7, 3)), "int|2");
  EXPECT_EQ(shown(h::dynamic_mod(7, -3)), "int|-2");
  EXPECT_EQ(shown(h::dynamic_floordiv(-7.5, 2)), "float|-4.0");
  EXPECT_EQ(shown(h::dynamic_mod(-7.5, 2)), "float|0.5");
  EXPECT_EQ(shown(h::dynamic_floordiv(h::np_float32{-7.5f}, h::np_float32{2.0f})), "float32|-4.0");
  EXPECT_EQ(shown(h::dynamic_mod(h::np_float32{-7.5f}, h::np_float32{2.0f})), "float32|0.5");
  EXPECT_EQ(shown(h::dynamic_floordiv(h::np_int32{-7}, 2)), "int64|-4");  // np.int32(-7) // 2
  EXPECT_EQ(shown(h::dynamic_mod(h::np_int32{-7}, 3)), "int64|2");
  EXPECT_EQ(shown(h::dynamic_floordiv(h::np_float32{0.7f}, 1.0)), "float64|0.0");
  EXPECT_EQ(shown(h::dynamic_floordiv(-7, 1.5)), "float|-5.0");
  EXPECT_EQ(shown(h::dynamic_pow(2, -1)), "float|0.5");
  EXPECT_EQ(shown(h::dynamic_pow(2, 10)), "int|1024");
  EXPECT_EQ(shown(h::dynamic_pow(h::np_float32{1.5f}, 2)), "float64|2.25");
  EXPECT_EQ(shown(h::dynamic_pow(h::np_int32{3}, 2)), "int64|9");
  EXPECT_EQ(shown(-DynamicNumber(h::np_float32{0.7f})), "float32|-0.7");
  EXPECT_EQ(shown(-DynamicNumber(true)), "int|-1");
  EXPECT_EQ(shown(-DynamicNumber(h::np_int8{-128})), "int8|-128");  // wraps, as NumPy's does
  EXPECT_EQ(shown(-DynamicNumber(2.5)), "float|-2.5");
}

TEST(RuntimeDynamicNumber, StaticValuesEnterTaggedByTheirCppType) {
  // Translated host code spells a Python float double, an int int64_t, an np.float32 float.
  EXPECT_EQ(shown(h::to_dynamic<double>(0.5)), "float|0.5");
  EXPECT_EQ(shown(h::to_dynamic<int64_t>(7)), "int|7");
  EXPECT_EQ(shown(h::to_dynamic<bool>(true)), "bool|True");
  EXPECT_EQ(shown(h::to_dynamic<float>(0.7f)), "float32|0.7");
  EXPECT_EQ(shown(h::to_dynamic<int32_t>(3)), "int32|3");
  EXPECT_EQ(h::from_dynamic<double>(DynamicNumber(h::np_float32{0.5f})), 0.5);
  EXPECT_EQ(h::from_dynamic<int64_t>(DynamicNumber(3.75)), 3);
}

TEST(RuntimeDynamicNumber, FormatArgTakesTheTypeItHolds) {
  const DynamicNumber f32 = h::np_float32{0.7f};
  // '%s %d %.2f' % (np.float32(0.7), np.float32(2.5), np.float32(0.7)); '{} {:>5}'.format(np.float32(0.7), 3)
  EXPECT_EQ(h::percent_format("%s %d %.2f", f32, DynamicNumber(h::np_float32{2.5f}), f32), "0.7 2 0.70");
  EXPECT_EQ(h::format_string("{} {:>5}", f32, DynamicNumber(3)), "0.699999988079071     3");
  EXPECT_EQ(h::percent_format("%s", DynamicNumber(3.5)), "3.5");
}

TEST(RuntimeDynamicNumber, IsinstanceOfAFormatArgAsksTheValueHeld) {
  // The values of {'i': 1, 'b': True, 'f': 2.5, 'n': np.float64(1), 'g': np.float32(1), 's': 'x', 'k': np.int64(3)}
  EXPECT_TRUE(h::isinstance(h::FormatArg(int64_t{1}), {"int"}));
  EXPECT_TRUE(h::isinstance(h::FormatArg(true), {"int"}));
  EXPECT_TRUE(h::isinstance(h::FormatArg(true), {"bool"}));
  EXPECT_FALSE(h::isinstance(h::FormatArg(int64_t{1}), {"bool", "float", "str"}));
  EXPECT_TRUE(h::isinstance(h::FormatArg(2.5), {"str", "float"}));
  EXPECT_TRUE(h::isinstance(h::FormatArg(h::np_float64{1.0}), {"float"}));
  EXPECT_FALSE(h::isinstance(h::FormatArg(h::np_float32{1.0f}), {"float", "int"}));
  EXPECT_TRUE(h::isinstance(h::FormatArg("x"), {"str"}));
  EXPECT_FALSE(h::isinstance(h::FormatArg("x"), {"int", "float", "bool"}));
  EXPECT_FALSE(h::isinstance(h::FormatArg(h::np_int64{3}), {"int"}));
}

TEST(RuntimeDynamicNumber, AbsAndRoundKeepPythonsTypes) {
  // abs(True), abs(-2.5), abs(np.float32(-0.5)), abs(np.int32(-3)), abs(-0.0)
  EXPECT_EQ(shown(h::py_abs(DynamicNumber(true))), "int|1");
  EXPECT_EQ(shown(h::py_abs(DynamicNumber(-2.5))), "float|2.5");
  EXPECT_EQ(shown(h::py_abs(DynamicNumber(h::np_float32{-0.5f}))), "float32|0.5");
  EXPECT_EQ(shown(h::py_abs(DynamicNumber(h::np_int32{-3}))), "int32|3");
  EXPECT_EQ(shown(h::py_abs(DynamicNumber(-0.0))), "float|0.0");
  // round(2.5), round(-2.5), round(np.float32(3.5)), round(7): ints, halves to even
  EXPECT_EQ(h::py_round(DynamicNumber(2.5)), 2);
  EXPECT_EQ(h::py_round(DynamicNumber(-2.5)), -2);
  EXPECT_EQ(h::py_round(DynamicNumber(h::np_float32{3.5f})), 4);
  EXPECT_EQ(h::py_round(DynamicNumber(7)), 7);
  // round(2.675, 2), round(25, -1), round(35, -1), round(True, 1), round(np.float32(2.5), 0)
  EXPECT_EQ(shown(h::round_digits(DynamicNumber(2.675), 2)), "float|2.67");
  EXPECT_EQ(shown(h::round_digits(DynamicNumber(25), -1)), "int|20");
  EXPECT_EQ(shown(h::round_digits(DynamicNumber(35), -1)), "int|40");
  EXPECT_EQ(shown(h::round_digits(DynamicNumber(true), 1)), "int|1");
  EXPECT_EQ(shown(h::round_digits(DynamicNumber(h::np_float32{2.5f}), 0)), "float32|2.0");
  // max(5, 2) is the int 5; max(2, 2.0) the first of equals, the int 2
  EXPECT_EQ(shown(h::py_max(DynamicNumber(5), DynamicNumber(2))), "int|5");
  EXPECT_EQ(shown(h::py_max(DynamicNumber(2), DynamicNumber(2.0))), "int|2");
}

TEST(RuntimeDynamicNumber, IsinstanceAndNumbaTypeFollowTheHeldNumber) {
  // isinstance(x, int) / (x, float) / (x, bool): np.float64 is a float, np.int64 not an int.
  EXPECT_TRUE(h::isinstance(DynamicNumber(true), {"int"}));
  EXPECT_TRUE(h::isinstance(DynamicNumber(true), {"bool"}));
  EXPECT_FALSE(h::isinstance(DynamicNumber(3), {"float", "bool"}));
  EXPECT_TRUE(h::isinstance(DynamicNumber(h::np_float64{1.0}), {"float"}));
  EXPECT_FALSE(h::isinstance(DynamicNumber(h::np_int64{1}), {"int"}));
  EXPECT_FALSE(h::isinstance(DynamicNumber(h::np_float32{1.0f}), {"int", "float", "bool"}));
  // Numba types a Python int int64, a float float64, an np.float32 float32.
  EXPECT_TRUE(h::numba_type_is<int64_t>(DynamicNumber(3)));
  EXPECT_TRUE(h::numba_type_is<double>(DynamicNumber(3.0)));
  EXPECT_TRUE(h::numba_type_is<float>(DynamicNumber(h::np_float32{3.0f})));
  EXPECT_FALSE(h::numba_type_is<double>(DynamicNumber(h::np_float32{3.0f})));
  EXPECT_TRUE(h::numba_type_is<bool>(DynamicNumber(false)));
}

TEST(RuntimeDynamicNumber, TypeOfTheHeldNumber) {
  // type(x).__name__ and str(type(x))
  EXPECT_EQ(h::type_name(DynamicNumber(5)), "int");
  EXPECT_EQ(h::class_text(DynamicNumber(5)), "<class 'int'>");
  EXPECT_EQ(h::class_text(DynamicNumber(h::np_float32{0.5f})), "<class 'numpy.float32'>");
}
