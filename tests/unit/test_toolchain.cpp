// The emulated build's command line and the build cache key's compiler part.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>

#include "driver/toolchain.h"

namespace {

using py2cuda::toolchain::BuildRequest;

BuildRequest emulated() {
  BuildRequest request;
  request.emulate = true;
  request.cu_path = "k.cu";
  request.exe_path = "k";
  return request;
}

TEST(Toolchain, EmulateCxxflagsAreAddedAfterTheOptimisationLevel) {
  ::setenv("PY2CUDA_EMULATE_CXXFLAGS", "  -fsanitize=address,undefined\t-g ", 1);
  const std::vector<std::string> cmd = py2cuda::toolchain::build_command(emulated());
  ::unsetenv("PY2CUDA_EMULATE_CXXFLAGS");
  const auto o2 = std::find(cmd.begin(), cmd.end(), "-O2");
  ASSERT_NE(o2, cmd.end());
  ASSERT_GE(cmd.end() - o2, 3);
  EXPECT_EQ(o2[1], "-fsanitize=address,undefined");
  EXPECT_EQ(o2[2], "-g");
}

TEST(Toolchain, EmulateCxxflagsChangeTheCompilerIdentity) {
  ::unsetenv("PY2CUDA_EMULATE_CXXFLAGS");
  const std::string plain = py2cuda::toolchain::compiler_identity(emulated());
  ::setenv("PY2CUDA_EMULATE_CXXFLAGS", "-fsanitize=address", 1);
  const std::string sanitized = py2cuda::toolchain::compiler_identity(emulated());
  ::unsetenv("PY2CUDA_EMULATE_CXXFLAGS");
  EXPECT_NE(plain, sanitized);
  EXPECT_EQ(py2cuda::toolchain::compiler_identity(emulated()), plain);
}

}  // namespace
