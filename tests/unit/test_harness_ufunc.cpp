// The kernel harness running ufuncs (py2cuda/harness/ufunc_invocation.h,
// ufunc_operands.h and the driver's UFUNC form): the loop numba-cuda's rule picks,
// broadcast output shapes, literals, 0-d results, and the refusals. The "ufuncs" are
// host loops (host::map) on the operands the generated runners receive, so no
// backend is needed.

#include <py2cuda/harness/driver.h>
#include <py2cuda/harness/ufunc_operands.h>
#include <py2cuda/host/elementwise.h>

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
using py2cuda::HostArray;
using py2cuda::harness::UfuncInvocation;
using py2cuda::harness::ufunc_operand;
using py2cuda::harness::ufunc_result;

py2cuda::harness::Device host_device() {
  return {[](std::size_t n) -> void* { return n ? ::operator new(n) : nullptr; },
          [](void* p) { ::operator delete(p); },
          [](void* d, const void* s, std::size_t n) { if (n) std::memcpy(d, s, n); },
          [](void* d, const void* s, std::size_t n) { if (n) std::memcpy(d, s, n); }, [] {}};
}

class HarnessUfunc : public testing::Test {
 protected:
  HarnessUfunc() : driver_("u.py", host_device()) {
    const auto* info = testing::UnitTest::GetInstance()->current_test_info();
    dir_ = fs::temp_directory_path() / ("py2cuda-test-harness-ufunc-" + std::string(info->name()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    // add: an int32 loop, then an int64 one, then a float64 one; each records its signature.
    driver_.ufunc("add", "int32(int32, int32)", {"x", "y"}, {0, 0}, {0}, [this](UfuncInvocation& call) {
      ran_ = "int32";
      ufunc_result(call, 0, py2cuda::host::map<int32_t>([](int32_t a, int32_t b) { return a + b; },
                                                       ufunc_operand<int32_t, 0>(call, 0), ufunc_operand<int32_t, 0>(call, 1)));
    });
    driver_.ufunc("add", "int64(int64, int64)", {"x", "y"}, {0, 0}, {0}, [this](UfuncInvocation& call) {
      ran_ = "int64";
      ufunc_result(call, 0, py2cuda::host::map<int64_t>([](int64_t a, int64_t b) { return a + b; },
                                                       ufunc_operand<int64_t, 0>(call, 0), ufunc_operand<int64_t, 0>(call, 1)));
    });
    driver_.ufunc("add", "float64(float64, float64)", {"x", "y"}, {0, 0}, {0}, [this](UfuncInvocation& call) {
      ran_ = "float64";
      ufunc_result(call, 0, py2cuda::host::map<double>([](double a, double b) { return a + b; },
                                                      ufunc_operand<double, 0>(call, 0), ufunc_operand<double, 0>(call, 1)));
    });
    // total '(n)->()': the sum of each row, over the loop dimensions.
    driver_.ufunc("total", "void(int64[:], int64[:])", {"x"}, {1}, {0}, [](UfuncInvocation& call) {
      constexpr int L = py2cuda::harness::kUfuncLoopRank;
      const auto x = ufunc_operand<int64_t, 1>(call, 0);
      std::array<int64_t, L> loop;
      for (int d = 0; d < L; ++d) loop[static_cast<std::size_t>(d)] = x.shape(d);
      py2cuda::host::NDArray<int64_t, L> out(loop);
      for (int64_t i = 0; i < out.size(); ++i) {
        for (int64_t k = 0; k < x.shape(L); ++k) out.data()[i] += x.data()[i * x.shape(L) + k];
      }
      ufunc_result(call, 0, out);
    });
  }
  ~HarnessUfunc() override { fs::remove_all(dir_); }

  int run(const std::vector<std::string>& words) {
    out_.str("");
    err_.str("");
    ran_.clear();
    return driver_.run(words, out_, err_, "prog");
  }
  std::string file(const std::string& name) const { return (dir_ / name).string(); }
  template <class T, int N>
  void write(const std::string& name, std::array<int64_t, N> shape, std::vector<T> values) {
    py2cuda::write_npy(dir_ / name, HostArray<T, N>(shape, values.data()));
  }

  py2cuda::harness::Driver driver_;
  fs::path dir_;
  std::ostringstream out_, err_;
  std::string ran_;
};

TEST_F(HarnessUfunc, RunsTheLoopOfTheArraysDtypesAndBroadcasts) {
  write<int64_t, 2>("a.npy", {3, 1}, {0, 10, 20});
  write<int64_t, 1>("b.npy", {4}, {1, 2, 3, 4});
  ASSERT_EQ(run({"add", "--out-dir", file("out"), file("a.npy"), file("b.npy")}), 0) << err_.str();
  EXPECT_EQ(ran_, "int64");
  const auto r = py2cuda::read_npy_as<int64_t, 2>(dir_ / "out" / "out.npy");
  ASSERT_EQ(r.shape(), (std::array<int64_t, 2>{3, 4}));
  EXPECT_EQ(r(0, 0), 1);
  EXPECT_EQ(r(2, 3), 24);
}

TEST_F(HarnessUfunc, ReadsLiteralsInTheChosenLoopsType) {
  write<int32_t, 1>("a.npy", {2}, {5, 6});
  // 7 is an int64 literal: no loop is (int32, int64), so the arrays choose int32.
  ASSERT_EQ(run({"add", "--out-dir", file("out"), file("a.npy"), "7"}), 0) << err_.str();
  EXPECT_EQ(ran_, "int32");
  EXPECT_EQ((py2cuda::read_npy_as<int32_t, 1>(dir_ / "out" / "out.npy")(1)), 13);
  // Two literals of their own types match the int64 loop exactly, and give a 0-d result.
  ASSERT_EQ(run({"add", "--out-dir", file("out2"), "2", "-3"}), 0) << err_.str();
  EXPECT_EQ(ran_, "int64");
  EXPECT_EQ(py2cuda::read_npy_scalar<int64_t>(dir_ / "out2" / "out.npy"), -1);
}

TEST_F(HarnessUfunc, GivesAGufuncTheLoopDimensionsOnly) {
  write<int64_t, 2>("m.npy", {2, 3}, {1, 2, 3, 10, 20, 30});
  ASSERT_EQ(run({"total", "--out-dir", file("out"), file("m.npy")}), 0) << err_.str();
  const auto r = py2cuda::read_npy_as<int64_t, 1>(dir_ / "out" / "out.npy");
  ASSERT_EQ(r.shape(), (std::array<int64_t, 1>{2}));
  EXPECT_EQ(r(1), 60);
  write<int64_t, 1>("v.npy", {3}, {1, 2, 3});
  ASSERT_EQ(run({"total", "--out-dir", file("out2"), file("v.npy")}), 0) << err_.str();
  EXPECT_EQ(py2cuda::read_npy_scalar<int64_t>(dir_ / "out2" / "out.npy"), 6);
}

TEST_F(HarnessUfunc, ListsUfuncLoops) {
  ASSERT_EQ(run({"--list"}), 0);
  EXPECT_EQ(out_.str(),
            "add int32(int32, int32)\nadd int64(int64, int64)\nadd float64(float64, float64)\n"
            "total void(int64[:], int64[:])\n");
}

TEST_F(HarnessUfunc, RefusesWhatNumbaCudaRefuses) {
  write<int16_t, 1>("s.npy", {2}, {1, 2});
  EXPECT_EQ(run({"add", file("s.npy"), file("s.npy")}), 2);
  EXPECT_NE(err_.str().find("no signature of ufunc 'add' accepts (int16 array, int16 array)"), std::string::npos)
      << err_.str();
  EXPECT_EQ(run({"add", "1.5", "2"}), 2);
  EXPECT_NE(err_.str().find("ambiguous signature"), std::string::npos) << err_.str();
  EXPECT_EQ(ran_, "");
  EXPECT_EQ(run({"add", "--grid", "1", "--block", "1", "1", "2"}), 2);
  EXPECT_NE(err_.str().find("'add' is a ufunc"), std::string::npos) << err_.str();
  EXPECT_EQ(run({"total", "3"}), 2);
  write<int64_t, 1>("v.npy", {3}, {1, 2, 3});
  EXPECT_EQ(run({"total", file("v.npy"), file("v.npy")}), 2);
  EXPECT_NE(err_.str().find("ufunc 'total' takes 1 operand (x), but 2 were given"), std::string::npos) << err_.str();
}

}  // namespace
