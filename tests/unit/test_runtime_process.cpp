// The host runtime's process services (runtime/include/py2cuda/host/process.h): warnings.warn
// shown once per place as CPython's default filter shows it, os.getenv's None and default,
// and time.sleep's ValueError.

#include <py2cuda/host.h>

#include <gtest/gtest.h>

#include <string>

#include "raised_message.h"

namespace {

namespace h = py2cuda::host;

TEST(RuntimeProcess, AWarningIsShownOncePerPlace) {
  testing::internal::CaptureStderr();
  for (int i = 0; i < 3; ++i) h::warn("prog.py:7", "UserWarning", "slow path", "warnings.warn(\"slow path\")");
  h::warn("prog.py:9", "UserWarning", "slow path", "warnings.warn(\"slow path\")");
  EXPECT_EQ(testing::internal::GetCapturedStderr(),
            "prog.py:7: UserWarning: slow path\n  warnings.warn(\"slow path\")\n"
            "prog.py:9: UserWarning: slow path\n  warnings.warn(\"slow path\")\n");
}

TEST(RuntimeProcess, GetenvAndSleep) {
  EXPECT_FALSE(h::getenv("PY2CUDA_SURELY_UNSET_VARIABLE").has_value);
  EXPECT_EQ(h::getenv("PY2CUDA_SURELY_UNSET_VARIABLE", "d"), "d");
  EXPECT_EQ(py2cuda::test::message([] { h::sleep_seconds(-1); }), "ValueError: sleep length must be non-negative");
  h::sleep_seconds(0);
}

}  // namespace
