// call_numba_abi: calling a device function written in CUDA C with Numba's ABI
// (cuda.declare_device), as the translator emits it: the result comes back through the
// first parameter, the arguments convert to the declared parameter types.
#include <gtest/gtest.h>

#include <cstdint>

#include <py2cuda/extern_call.h>

namespace {

int g_calls = 0;

extern "C" int numba_abi_mul(float* result, float a, float b) {
  ++g_calls;
  *result = a * b;
  return 0;
}

extern "C" int numba_abi_clamp(int64_t* result, int64_t v, int64_t lo, int64_t hi) {
  *result = v < lo ? lo : v > hi ? hi : v;
  return 7;  // a status the caller does not see, as in numba-cuda
}

TEST(RuntimeExternCall, ResultComesBackThroughThePointer) {
  g_calls = 0;
  EXPECT_EQ(py2cuda::call_numba_abi(numba_abi_mul, 1.5f, 4.0f), 6.0f);
  EXPECT_EQ(g_calls, 1);
}

TEST(RuntimeExternCall, ArgumentsConvertToTheParameterTypes) {
  EXPECT_EQ(py2cuda::call_numba_abi(numba_abi_clamp, int32_t(-30), -10, 10), -10);
  EXPECT_EQ(py2cuda::call_numba_abi(numba_abi_clamp, int64_t(1) << 40, int64_t(-10), int64_t(10)), 10);
  EXPECT_EQ(py2cuda::call_numba_abi(numba_abi_mul, 3, 0.5), 1.5f);  // int and double to float
}

}  // namespace
