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

// Python code may overflow an int64 on purpose (NumPy and Numba's compiled code wrap); in C++
// that is undefined behaviour unless the host compiler is told otherwise.
TEST(Toolchain, EmulatedBuildsWrapSignedOverflowAndUsersFlagsComeLater) {
  ::setenv("PY2CUDA_EMULATE_CXXFLAGS", "-fno-wrapv", 1);
  const std::vector<std::string> cmd = py2cuda::toolchain::build_command(emulated());
  const std::vector<std::string> pch = py2cuda::toolchain::precompiled_header_command(emulated(), "h", "h.gch");
  ::unsetenv("PY2CUDA_EMULATE_CXXFLAGS");
  const auto wrap = std::find(cmd.begin(), cmd.end(), "-fwrapv");
  ASSERT_NE(wrap, cmd.end());
  EXPECT_LT(wrap - cmd.begin(), std::find(cmd.begin(), cmd.end(), "-fno-wrapv") - cmd.begin());
  EXPECT_NE(std::find(pch.begin(), pch.end(), "-fwrapv"), pch.end());
}

// CUDA's math functions never set errno: an emulated build need not either, and with errno
// kept every sqrtf is a branch to a library call that no loop can overlap. The precompiled
// header must be made with the same flag, or it is not used.
TEST(Toolchain, EmulatedBuildsKeepNoMathErrno) {
  ::unsetenv("PY2CUDA_EMULATE_CXXFLAGS");
  const std::vector<std::string> cmd = py2cuda::toolchain::build_command(emulated());
  const std::vector<std::string> pch = py2cuda::toolchain::precompiled_header_command(emulated(), "h", "h.gch");
  EXPECT_NE(std::find(cmd.begin(), cmd.end(), "-fno-math-errno"), cmd.end());
  EXPECT_NE(std::find(pch.begin(), pch.end(), "-fno-math-errno"), pch.end());
  EXPECT_NE(py2cuda::toolchain::compiler_identity(emulated()).find("\n-fno-math-errno\n"), std::string::npos);
}

TEST(Toolchain, GpuBuildsWrapTheHostProgramsSignedOverflow) {
  BuildRequest request = emulated();
  request.emulate = false;
  const std::vector<std::string> cmd = py2cuda::toolchain::build_command(request);
  const auto xcompiler = std::find(cmd.begin(), cmd.end(), "-Xcompiler");
  ASSERT_NE(xcompiler, cmd.end());
  ASSERT_NE(xcompiler + 1, cmd.end());
  EXPECT_EQ(xcompiler[1], "-fwrapv");
}

// A build cached before a flag that shapes the code was added (-fwrapv) is not reused: the
// flags are part of the key.
TEST(Toolchain, CompilerIdentityHoldsTheCompileFlags) {
  ::unsetenv("PY2CUDA_EMULATE_CXXFLAGS");
  EXPECT_NE(py2cuda::toolchain::compiler_identity(emulated()).find("\n-fwrapv\n"), std::string::npos);
  BuildRequest gpu = emulated();
  gpu.emulate = false;
  EXPECT_NE(py2cuda::toolchain::compiler_identity(gpu).find("\n-fwrapv\n"), std::string::npos);
}

}  // namespace
