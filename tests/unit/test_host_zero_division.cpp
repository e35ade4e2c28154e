// runtime/include/py2cuda/host/zero_division.h: the messages CPython 3.11 and Numba's CPU
// target give for each operator and operand kind (checked by hand against both).
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
