// runtime/include/py2cuda/host/zero_division.h: the messages CPython 3.11 and Numba's CPU
// target give for each operator and operand kind (checked by hand against both).
#include <py2cuda/host/dynamic_number.h>
#include <py2cuda/host/zero_division.h>

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

namespace {

template <class F>
std::string raised(F f) {
  try {
    f();
  } catch (const py2cuda::host::ZeroDivisionError& e) {
    return e.what();
  }
  return "(no exception)";
}

}  // namespace

TEST(HostZeroDivision, CPythonWording) {
  using namespace py2cuda;
  EXPECT_EQ(raised([] { python.floordiv(int64_t(1), int64_t(0)); }), "integer division or modulo by zero");
  EXPECT_EQ(raised([] { python.mod(int64_t(1), int64_t(0)); }), "integer modulo by zero");
  EXPECT_EQ(raised([] { python.int_truediv(1.0, 0.0); }), "division by zero");
  EXPECT_EQ(raised([] { python.truediv(1.0, 0.0); }), "float division by zero");
  EXPECT_EQ(raised([] { python.floordiv(1.0, 0.0); }), "float floor division by zero");
  EXPECT_EQ(raised([] { python.mod(1.0, -0.0); }), "float modulo");
}

TEST(HostZeroDivision, NumbaCpuWording) {
  using namespace py2cuda;
  EXPECT_EQ(raised([] { numba_cpu.floordiv(int64_t(1), int64_t(0)); }), "integer division by zero");
  EXPECT_EQ(raised([] { numba_cpu.mod(uint64_t(1), uint64_t(0)); }), "integer modulo by zero");
  EXPECT_EQ(raised([] { numba_cpu.int_truediv(1.0, 0.0); }), "division by zero");
  EXPECT_EQ(raised([] { numba_cpu.floordiv(1.5f, 0.0f); }), "division by zero");
  EXPECT_EQ(raised([] { numba_cpu.mod(1.5, 0.0); }), "modulo by zero");
}

TEST(HostZeroDivision, NonzeroDivisorsKeepPythonSemantics) {
  using namespace py2cuda;
  EXPECT_EQ(python.floordiv(int64_t(-7), int64_t(2)), -4);
  EXPECT_EQ(python.mod(int64_t(-7), int64_t(2)), 1);
  EXPECT_EQ(numba_cpu.mod(7.5, -2.0), -0.5);
  EXPECT_EQ(python.truediv(1.0, 4.0), 0.25);
}

TEST(HostZeroDivision, DynamicNumberOfPythonNumbersRaisesInCPythonsWords) {
  // dynamic_number.h: the same words where the operands' types differ by path (DynamicNumber).
  using py2cuda::host::DynamicNumber;
  namespace h = py2cuda::host;
  const DynamicNumber i = 7, f = 7.5, zero = 0, fzero = 0.0, no = false;
  EXPECT_EQ(raised([&] { return i / zero; }), "division by zero");
  EXPECT_EQ(raised([&] { return i / no; }), "division by zero");  // 7 / False
  EXPECT_EQ(raised([&] { return i / fzero; }), "float division by zero");
  EXPECT_EQ(raised([&] { return h::dynamic_floordiv(i, zero); }), "integer division or modulo by zero");
  EXPECT_EQ(raised([&] { return h::dynamic_floordiv(f, zero); }), "float floor division by zero");
  EXPECT_EQ(raised([&] { return h::dynamic_mod(i, zero); }), "integer modulo by zero");
  EXPECT_EQ(raised([&] { return h::dynamic_mod(i, fzero); }), "float modulo");
  EXPECT_EQ(raised([&] { return h::dynamic_pow(fzero, DynamicNumber(-1)); }),
            "0.0 cannot be raised to a negative power");
  // With a NumPy scalar NumPy's result stands: np.float32(7.5) / 0 is inf (float64), np.int64(7) // 0 is 0.
  EXPECT_EQ(raised([&] { return DynamicNumber(h::np_float32{7.5f}) / zero; }), "(no exception)");
  EXPECT_EQ(h::repr(DynamicNumber(h::np_float32{7.5f}) / zero), "inf");
  EXPECT_EQ(h::repr(h::dynamic_floordiv(DynamicNumber(h::np_int64{7}), zero)), "0");
}
