// Launch configurations: Dim3's conversions and validate_launch's checks and messages.

#include <py2cuda/launch_config.h>

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

namespace {

using py2cuda::Dim3;
using py2cuda::KernelInfo;
using py2cuda::LaunchConfig;

const KernelInfo kInfo{"saxpy", "k.py:12", false, false};

// The message validate_launch throws for `cfg`, or "" if it accepts it.
std::string rejection(const LaunchConfig& cfg) {
  try {
    py2cuda::validate_launch(cfg, kInfo);
  } catch (const py2cuda::Error& e) {
    return e.what();
  }
  return "";
}

TEST(RuntimeLaunchConfig, Dim3FromOneTwoOrThreeIntegers) {
  const Dim3 one(int64_t{256});
  EXPECT_EQ(one.x, 256u);
  EXPECT_EQ(one.y, 1u);
  EXPECT_EQ(one.z, 1u);
  const Dim3 two(16, 8);
  EXPECT_EQ(two.y, 8u);
  EXPECT_EQ(two.z, 1u);
  const Dim3 three(uint32_t{2}, 3L, short{4});
  EXPECT_EQ(three.count(), 24u);
  constexpr Dim3 fixed(32, 4);  // usable in constant expressions
  static_assert(fixed.count() == 128);
}

TEST(RuntimeLaunchConfig, Dim3RejectsValuesThatDoNotFit) {
  EXPECT_THROW(Dim3(-1), py2cuda::Error);
  EXPECT_THROW(Dim3(1, int64_t{1} << 32), py2cuda::Error);
  EXPECT_NO_THROW(Dim3(int64_t{4294967295}));
}

TEST(RuntimeLaunchConfig, AggregateWithDefaults) {
  const LaunchConfig cfg{int64_t{40}, 256};
  EXPECT_EQ(cfg.grid.x, 40u);
  EXPECT_EQ(cfg.block.x, 256u);
  EXPECT_EQ(cfg.shared_bytes, 0u);
  EXPECT_EQ(cfg.stream.handle, nullptr);
  const LaunchConfig two_d{{4, 4}, {16, 16}, 1024};
  EXPECT_EQ(two_d.block.count(), 256u);
}

TEST(RuntimeLaunchConfig, AcceptsLaunchableShapes) {
  EXPECT_EQ(rejection({1, 1}), "");
  EXPECT_EQ(rejection({int64_t{2147483647}, 1024}), "");
  EXPECT_EQ(rejection({{1, 65535, 65535}, {1, 1, 64}}), "");
  EXPECT_EQ(rejection({{1, 1}, {32, 32}}), "");
}

TEST(RuntimeLaunchConfig, NamesTheKernelAndItsLocation) {
  EXPECT_EQ(rejection({0, 256}),
            "k.py:12: cannot launch kernel 'saxpy': grid (0, 1, 1) and block (256, 1, 1) must have no "
            "zero dimension");
}

TEST(RuntimeLaunchConfig, RejectsEachLimit) {
  EXPECT_NE(rejection({1, {32, 0}}).find("no zero dimension"), std::string::npos);
  EXPECT_NE(rejection({1, 2048}).find("block dimension x is 2048, more than the limit of 1024"),
            std::string::npos);
  EXPECT_NE(rejection({1, {1, 1, 65}}).find("block dimension z is 65, more than the limit of 64"),
            std::string::npos);
  EXPECT_NE(rejection({{1, 65536}, 1}).find("grid dimension y is 65536, more than the limit of 65535"),
            std::string::npos);
  EXPECT_NE(rejection({int64_t{2147483648}, 1}).find("grid dimension x is 2147483648"), std::string::npos);
  EXPECT_NE(rejection({1, {64, 32}}).find("block (64, 32, 1) has 2048 threads, more than the limit of 1024"),
            std::string::npos);
}

}  // namespace
