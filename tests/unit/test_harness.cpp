// The kernel harness (py2cuda/harness/): its command line, scalar literals, and the
// driver end to end, on a fake Device in host memory whose "kernels" are host loops,
// so no backend is needed. (harness.h itself only adds the backend's Device.)

#include <py2cuda/harness/driver.h>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
using py2cuda::HostArray;
using py2cuda::harness::CommandLine;
using py2cuda::harness::parse_command_line;
using py2cuda::harness::parse_dim3;
using py2cuda::harness::parse_scalar;
using py2cuda::harness::UsageError;

// The message of the UsageError `f` throws, or "" (a test failure) if none.
template <class F>
std::string usage_error_of(F f) {
  try {
    f();
  } catch (const UsageError& e) {
    return e.what();
  }
  ADD_FAILURE() << "no UsageError thrown";
  return "";
}

// ---------------------------------------------------------------- command line

TEST(HarnessCommandLine, ParsesLaunchShapes) {
  const py2cuda::Dim3 one = parse_dim3("4", "--grid");
  EXPECT_EQ(one.x, 4u);
  EXPECT_EQ(one.y, 1u);
  EXPECT_EQ(one.z, 1u);
  const py2cuda::Dim3 two = parse_dim3("16,8", "--block");
  EXPECT_EQ(two.x, 16u);
  EXPECT_EQ(two.y, 8u);
  EXPECT_EQ(two.z, 1u);
  const py2cuda::Dim3 three = parse_dim3("4294967295,2,3", "--grid");
  EXPECT_EQ(three.x, 4294967295u);
  EXPECT_EQ(three.z, 3u);
}

TEST(HarnessCommandLine, RejectsMalformedLaunchShapes) {
  for (const char* text : {"", "4,", ",4", "1,2,3,4", "a", "-1", "4 ,2", "4,,2", "+4", "0x10"}) {
    EXPECT_EQ(usage_error_of([&] { parse_dim3(text, "--grid"); }),
              std::string("--grid '") + text + "' is not N, X,Y or X,Y,Z (positive integers, no spaces)");
  }
  EXPECT_EQ(usage_error_of([] { parse_dim3("4,0", "--block"); }), "--block '4,0' has a zero dimension");
  EXPECT_EQ(usage_error_of([] { parse_dim3("4294967296", "--grid"); }),
            "--grid '4294967296' is too large (at most 4294967295)");
  EXPECT_EQ(usage_error_of([] { parse_dim3("99999999999999999999999", "--grid"); }),
            "--grid '99999999999999999999999' is too large (at most 4294967295)");
}

TEST(HarnessCommandLine, ReadsKernelOptionsAndArguments) {
  const CommandLine cl = parse_command_line(
      {"axpy", "--grid", "4", "2.5", "--block=128,2", "x.npy", "--shared", "64", "-1", "--out-dir", "out", "-inf"});
  ASSERT_TRUE(cl.kernel);
  EXPECT_EQ(*cl.kernel, "axpy");
  ASSERT_TRUE(cl.grid && cl.block);
  EXPECT_EQ(cl.grid->x, 4u);
  EXPECT_EQ(cl.block->x, 128u);
  EXPECT_EQ(cl.block->y, 2u);
  EXPECT_EQ(cl.shared_bytes, 64u);
  EXPECT_EQ(cl.out_dir, "out");
  EXPECT_EQ(cl.args, (std::vector<std::string>{"2.5", "x.npy", "-1", "-inf"}));
  EXPECT_FALSE(cl.help);
  EXPECT_FALSE(cl.list);
}

TEST(HarnessCommandLine, TakesEveryWordAfterDoubleDashAsAnArgument) {
  const CommandLine cl = parse_command_line({"--grid", "1", "k", "--", "--block", "-h"});
  EXPECT_EQ(*cl.kernel, "k");
  EXPECT_FALSE(cl.block);
  EXPECT_FALSE(cl.help);
  EXPECT_EQ(cl.args, (std::vector<std::string>{"--block", "-h"}));
}

TEST(HarnessCommandLine, ReadsListAndHelp) {
  EXPECT_TRUE(parse_command_line({"--list"}).list);
  EXPECT_TRUE(parse_command_line({"--help"}).help);
  EXPECT_TRUE(parse_command_line({"k", "-h"}).help);
  const CommandLine none = parse_command_line({});
  EXPECT_FALSE(none.kernel);
  EXPECT_FALSE(none.grid);
  EXPECT_EQ(none.shared_bytes, 0u);
  EXPECT_TRUE(none.out_dir.empty());
}

TEST(HarnessCommandLine, RejectsBadOptions) {
  EXPECT_EQ(usage_error_of([] { parse_command_line({"k", "--grids", "4"}); }), "unknown option '--grids' (see --help)");
  EXPECT_EQ(usage_error_of([] {
              parse_command_line({"k", "--verbose=1"});
            }),
            "unknown option '--verbose' (see --help)");
  EXPECT_EQ(usage_error_of([] { parse_command_line({"k", "--grid"}); }), "--grid needs a value");
  EXPECT_EQ(usage_error_of([] { parse_command_line({"k", "--grid", "1", "--grid=2"}); }), "--grid is given twice");
  EXPECT_EQ(usage_error_of([] {
              parse_command_line({"k", "--shared", "-4"});
            }),
            "--shared '-4' is not a non-negative integer");
  EXPECT_EQ(usage_error_of([] {
              parse_command_line({"k", "--shared", "4294967296"});
            }),
            "--shared '4294967296' is too large (at most 4294967295)");
  EXPECT_EQ(usage_error_of([] { parse_command_line({"k", "--out-dir="}); }), "--out-dir needs a folder");
  EXPECT_EQ(usage_error_of([] {
              parse_command_line({"k", "--out-dir", "a", "--out-dir", "b"});
            }),
            "--out-dir is given twice");
}

// ---------------------------------------------------------------- scalar literals

TEST(HarnessScalar, ReadsIntegersInPythonSyntax) {
  EXPECT_EQ(parse_scalar<int64_t>("42", "n"), 42);
  EXPECT_EQ(parse_scalar<int64_t>("-7", "n"), -7);
  EXPECT_EQ(parse_scalar<int64_t>("+7", "n"), 7);
  EXPECT_EQ(parse_scalar<int64_t>("0xff", "n"), 255);
  EXPECT_EQ(parse_scalar<int64_t>("-0X10", "n"), -16);
  EXPECT_EQ(parse_scalar<int64_t>("0o17", "n"), 15);
  EXPECT_EQ(parse_scalar<int64_t>("0b101", "n"), 5);
  EXPECT_EQ(parse_scalar<int64_t>("007", "n"), 7);
  EXPECT_EQ(parse_scalar<uint8_t>("-0", "n"), 0);
}

TEST(HarnessScalar, ChecksEachIntegerTypesRange) {
  EXPECT_EQ(parse_scalar<int8_t>("-128", "n"), -128);
  EXPECT_EQ(parse_scalar<int8_t>("127", "n"), 127);
  EXPECT_EQ(usage_error_of([] { parse_scalar<int8_t>("128", "n"); }),
            "argument 'n' expects int8, but '128' is out of its range [-128, 127]");
  EXPECT_EQ(usage_error_of([] { parse_scalar<int8_t>("-129", "n"); }),
            "argument 'n' expects int8, but '-129' is out of its range [-128, 127]");
  EXPECT_EQ(parse_scalar<uint8_t>("255", "n"), 255);
  EXPECT_EQ(usage_error_of([] { parse_scalar<uint8_t>("256", "n"); }),
            "argument 'n' expects uint8, but '256' is out of its range [0, 255]");
  EXPECT_EQ(usage_error_of([] { parse_scalar<uint32_t>("-1", "n"); }),
            "argument 'n' expects uint32, but '-1' is out of its range [0, 4294967295]");
  EXPECT_EQ(parse_scalar<int16_t>("-32768", "n"), -32768);
  EXPECT_EQ(parse_scalar<int32_t>("2147483647", "n"), 2147483647);
  EXPECT_EQ(parse_scalar<int64_t>("-9223372036854775808", "n"), std::numeric_limits<int64_t>::min());
  EXPECT_EQ(parse_scalar<int64_t>("9223372036854775807", "n"), std::numeric_limits<int64_t>::max());
  EXPECT_EQ(usage_error_of([] { parse_scalar<int64_t>("9223372036854775808", "n"); }),
            "argument 'n' expects int64, but '9223372036854775808' is out of its range "
            "[-9223372036854775808, 9223372036854775807]");
  EXPECT_EQ(parse_scalar<uint64_t>("18446744073709551615", "n"), std::numeric_limits<uint64_t>::max());
  EXPECT_NE(usage_error_of([] { parse_scalar<uint64_t>("18446744073709551616", "n"); }).find("is out of its range"),
            std::string::npos);
  EXPECT_NE(
      usage_error_of([] { parse_scalar<int64_t>("99999999999999999999999999", "n"); }).find("is out of its range"),
      std::string::npos);
}

TEST(HarnessScalar, RejectsMalformedIntegers) {
  for (const char* text : {"", "3.5", "1e3", "abc", "0x", "--1", "+-1", " 1", "1 ", "0xg", "True", "12a", "-"}) {
    EXPECT_EQ(usage_error_of([&] { parse_scalar<int32_t>(text, "count"); }),
              std::string("argument 'count' expects int32, but '") + text + "' is not an integer");
  }
}

// A float16 parameter: the text's float64 value rounded once to half.
TEST(HarnessScalar, ReadsFloat16) {
  EXPECT_EQ(__half_as_ushort(parse_scalar<__half>("0.1", "h")), 0x2E66);
  EXPECT_EQ(__half_as_ushort(parse_scalar<__half>("-inf", "h")), 0xFC00);
  EXPECT_EQ(__half_as_ushort(parse_scalar<__half>("65519", "h")), 0x7BFF);
  EXPECT_EQ(usage_error_of([] { parse_scalar<__half>("65520", "h"); }),
            "argument 'h' expects float16, but '65520' is out of its range (its largest magnitude is 65504)");
  EXPECT_EQ(usage_error_of([] { parse_scalar<__half>("x", "h"); }), "argument 'h' expects float16, but 'x' is not a number");
}

TEST(HarnessScalar, ReadsFloatsAsPythonsFloatDoes) {
  EXPECT_EQ(parse_scalar<double>("1.5", "x"), 1.5);
  EXPECT_EQ(parse_scalar<double>("-2e-3", "x"), -2e-3);
  EXPECT_EQ(parse_scalar<double>("+7", "x"), 7.0);
  EXPECT_EQ(parse_scalar<double>(".5", "x"), 0.5);
  EXPECT_EQ(parse_scalar<double>("inf", "x"), std::numeric_limits<double>::infinity());
  EXPECT_EQ(parse_scalar<float>("-Infinity", "x"), -std::numeric_limits<float>::infinity());
  EXPECT_TRUE(std::isnan(parse_scalar<float>("nan", "x")));
  EXPECT_EQ(parse_scalar<double>("1e308", "x"), 1e308);
  // float32 as Numba passes a Python float: rounded to float64, then to float32.
  EXPECT_EQ(parse_scalar<float>("0.1", "x"), static_cast<float>(0.1));
  EXPECT_EQ(parse_scalar<float>("3.4028235e38", "x"), std::numeric_limits<float>::max());
  // Too small: zero or subnormal, as in Python.
  EXPECT_EQ(parse_scalar<double>("1e-400", "x"), 0.0);
  EXPECT_EQ(parse_scalar<double>("-1e-400", "x"), 0.0);
  EXPECT_TRUE(std::signbit(parse_scalar<double>("-1e-400", "x")));
  EXPECT_EQ(parse_scalar<double>("5e-324", "x"), std::numeric_limits<double>::denorm_min());
  EXPECT_EQ(parse_scalar<float>("1e-50", "x"), 0.0f);
}

// complex64 / complex128 parameters: what Python's complex() reads, part by part.
TEST(HarnessScalar, ReadsComplexAsPythonsComplexDoes) {
  using py2cuda::complex128;
  using py2cuda::complex64;
  EXPECT_EQ(parse_scalar<complex128>("1.5+2j", "z"), complex128(1.5, 2.0));
  EXPECT_EQ(parse_scalar<complex128>("(1.5-2e-3j)", "z"), complex128(1.5, -2e-3));
  EXPECT_EQ(parse_scalar<complex128>("-2j", "z"), complex128(0.0, -2.0));
  EXPECT_EQ(parse_scalar<complex128>("3", "z"), complex128(3.0, 0.0));
  EXPECT_EQ(parse_scalar<complex128>("1e-3-1e+2j", "z"), complex128(1e-3, -100.0));
  EXPECT_EQ(parse_scalar<complex128>("1-j", "z"), complex128(1.0, -1.0));
  EXPECT_EQ(parse_scalar<complex64>("0.1+0.2j", "z"), complex64(0.1f, 0.2f));
  complex128 special = parse_scalar<complex128>("inf+nanj", "z");
  EXPECT_TRUE(std::isinf(special.real) && std::isnan(special.imag));
  EXPECT_EQ(usage_error_of([] { parse_scalar<complex128>("2x", "z"); }),
            "argument 'z' expects complex128, but '2x' is not a complex number (write it as Python does: 1.5-2j)");
  EXPECT_EQ(usage_error_of([] { parse_scalar<complex64>("1+2i", "z"); }),
            "argument 'z' expects complex64, but '1+2i' is not a complex number (write it as Python does: 1.5-2j)");
}

TEST(HarnessScalar, RejectsFloatsOutOfRangeOrMalformed) {
  EXPECT_EQ(usage_error_of([] { parse_scalar<float>("1e39", "x"); }),
            "argument 'x' expects float32, but '1e39' is out of its range (its largest magnitude is 3.40282347e+38)");
  EXPECT_EQ(
      usage_error_of([] { parse_scalar<float>("-3.5e38", "x"); }),
      "argument 'x' expects float32, but '-3.5e38' is out of its range (its largest magnitude is 3.40282347e+38)");
  EXPECT_EQ(usage_error_of([] { parse_scalar<double>("1e400", "x"); }),
            "argument 'x' expects float64, but '1e400' is out of its range (its largest magnitude is "
            "1.7976931348623157e+308)");
  EXPECT_NE(usage_error_of([] { parse_scalar<double>("-1e400", "x"); }).find("is out of its range"), std::string::npos);
  for (const char* text : {"", "1.5x", "abc", "0x10", "1,5", "++1", "+", " 1", "1e", "True"}) {
    EXPECT_EQ(usage_error_of([&] { parse_scalar<double>(text, "y"); }),
              std::string("argument 'y' expects float64, but '") + text + "' is not a number");
  }
}

TEST(HarnessScalar, ReadsBools) {
  EXPECT_TRUE(parse_scalar<bool>("True", "flag"));
  EXPECT_TRUE(parse_scalar<bool>("true", "flag"));
  EXPECT_TRUE(parse_scalar<bool>("1", "flag"));
  EXPECT_FALSE(parse_scalar<bool>("False", "flag"));
  EXPECT_FALSE(parse_scalar<bool>("false", "flag"));
  EXPECT_FALSE(parse_scalar<bool>("0", "flag"));
  for (const char* text : {"yes", "2", "", "TRUE", "-1"}) {
    EXPECT_EQ(usage_error_of([&] { parse_scalar<bool>(text, "flag"); }),
              std::string("argument 'flag' expects bool (True, False, 1 or 0), not '") + text + "'");
  }
}

// ---------------------------------------------------------------- the driver

// A Device in host memory that counts what is live, to catch leaks on every path.
struct FakeDevice {
  static inline int live = 0;
  static inline int synchronized = 0;
  static void* alloc(std::size_t bytes) {
    if (bytes == 0) return nullptr;
    ++live;
    return ::operator new(bytes);
  }
  static void free(void* p) {
    if (!p) return;
    --live;
    ::operator delete(p);
  }
  static void copy(void* dst, const void* src, std::size_t bytes) {
    if (bytes) std::memcpy(dst, src, bytes);
  }
  static void synchronize() { ++synchronized; }
  static py2cuda::harness::Device device() { return {alloc, free, copy, copy, synchronize}; }
};

// A harness of three "kernels" that run on the host, and a folder for their files.
class HarnessDriver : public testing::Test {
 protected:
  HarnessDriver() : driver_("test.py", FakeDevice::device()) {
    FakeDevice::live = 0;
    FakeDevice::synchronized = 0;
    const auto* info = testing::UnitTest::GetInstance()->current_test_info();
    dir_ = fs::temp_directory_path() / ("py2cuda-test-harness-" + std::string(info->name()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);

    // y = a * x + y, in separate statements as the generated runner may write them.
    driver_.kernel("axpy", "void(float32, float32[:], float32[:])", {"a", "x", "y"},
                   [this](py2cuda::harness::Invocation& call) {
                     const float a = call.scalar<float>(0);
                     const py2cuda::Array<const float, 1> x = call.array<const float, 1>(1);
                     const py2cuda::Array<float, 1> y = call.array<float, 1>(2);
                     config_ = call.config();
                     for (int64_t i = 0; i < y.size(); ++i) y(i) = a * x(i) + y(i);
                   });
    // m[i, j] = v + 10 * i + j, its arguments fetched in a call's argument list.
    driver_.kernel("fill", "void(int64[:, :], int64)", {"m", "v"}, [](py2cuda::harness::Invocation& call) {
      fill(call.array<int64_t, 2>(0), call.scalar<int64_t>(1));
    });
    driver_.kernel("fail", "void(int32[:])", {"x"}, [](py2cuda::harness::Invocation& call) {
      (void)call.array<int32_t, 1>(0);
      throw py2cuda::Error("test.py:9: kernel 'fail' failed: boom");
    });
  }

  ~HarnessDriver() override {
    EXPECT_EQ(FakeDevice::live, 0) << "device memory leaked";
    fs::remove_all(dir_);
  }

  static void fill(py2cuda::Array<int64_t, 2> m, int64_t v) {
    for (int64_t i = 0; i < m.shape[0]; ++i) {
      for (int64_t j = 0; j < m.shape[1]; ++j) m(i, j) = v + 10 * i + j;
    }
  }

  // Runs the driver; its exit status, and what it printed.
  int run(const std::vector<std::string>& words) {
    out_.str("");
    err_.str("");
    return driver_.run(words, out_, err_, "prog");
  }

  // The error line of the last run, checked to be one line.
  std::string error() const {
    const std::string text = err_.str();
    EXPECT_EQ(text.find('\n'), text.size() - 1) << "not one line: " << text;
    return text;
  }

  std::string file(const std::string& name) const { return (dir_ / name).string(); }

  void write_floats(const std::string& name, std::vector<float> values) {
    HostArray<float, 1> a({static_cast<int64_t>(values.size())}, values.data());
    py2cuda::write_npy(dir_ / name, a);
  }

  py2cuda::harness::Driver driver_;
  fs::path dir_;
  std::ostringstream out_, err_;
  py2cuda::LaunchConfig config_;
};

TEST_F(HarnessDriver, RunsAKernelAndWritesEveryArrayBack) {
  write_floats("x.npy", {1, 2, 3});
  write_floats("y.npy", {10, 20, 30});
  EXPECT_EQ(run({"axpy", "--grid", "2,3", "--block", "32", "--shared", "128", "--out-dir", file("out"), "2",
                 file("x.npy"), file("y.npy")}),
            0)
      << err_.str();
  EXPECT_EQ(err_.str(), "");
  EXPECT_EQ(out_.str(), "");
  EXPECT_EQ(FakeDevice::synchronized, 1);
  EXPECT_EQ(config_.grid.x, 2u);
  EXPECT_EQ(config_.grid.y, 3u);
  EXPECT_EQ(config_.block.x, 32u);
  EXPECT_EQ(config_.shared_bytes, 128u);
  const auto y = py2cuda::read_npy_as<float, 1>(dir_ / "out" / "y.npy");
  EXPECT_EQ(y(0), 12.0f);
  EXPECT_EQ(y(1), 24.0f);
  EXPECT_EQ(y(2), 36.0f);
  const auto x = py2cuda::read_npy_as<float, 1>(dir_ / "out" / "x.npy");
  EXPECT_EQ(x(2), 3.0f);
  EXPECT_FALSE(fs::exists(dir_ / "out" / "a.npy"));  // scalars are not written
  EXPECT_FALSE(fs::exists(dir_ / "y.npy.partial"));
}

TEST_F(HarnessDriver, WritesNothingWithoutOutDir) {
  write_floats("x.npy", {1});
  write_floats("y.npy", {1});
  EXPECT_EQ(run({"axpy", "--grid", "1", "--block", "1", "1.5", file("x.npy"), file("y.npy")}), 0) << err_.str();
  EXPECT_EQ((py2cuda::read_npy_as<float, 1>(dir_ / "y.npy")(0)), 1.0f);  // the input is untouched
  std::size_t files = 0;
  for ([[maybe_unused]] const auto& entry : fs::directory_iterator(dir_)) ++files;
  EXPECT_EQ(files, 2u);
}

TEST_F(HarnessDriver, TakesFortranOrderInputsAndScalarsFromZeroDimensionalFiles) {
  py2cuda::NpyArray m{"<i8", {2, 3}, true, std::vector<std::byte>(6 * 8)};
  py2cuda::write_npy(dir_ / "m.npy", m);
  py2cuda::NpyArray v{"<i8", {}, false, std::vector<std::byte>(8)};
  const int64_t hundred = 100;
  std::memcpy(v.data.data(), &hundred, 8);
  py2cuda::write_npy(dir_ / "v.npy", v);
  EXPECT_EQ(run({"fill", "--grid=1", "--block=1", file("m.npy"), file("v.npy"), "--out-dir", file("out")}), 0)
      << err_.str();
  const py2cuda::NpyArray back = py2cuda::read_npy(dir_ / "out" / "m.npy");
  EXPECT_FALSE(back.fortran);
  const auto out = py2cuda::read_npy_as<int64_t, 2>(dir_ / "out" / "m.npy");
  EXPECT_EQ(out(0, 0), 100);
  EXPECT_EQ(out(1, 2), 112);
}

TEST_F(HarnessDriver, ListsTheKernelsAndPrintsHelp) {
  EXPECT_EQ(run({"--list"}), 0);
  EXPECT_EQ(out_.str(),
            "axpy void(float32, float32[:], float32[:])\n"
            "fill void(int64[:, :], int64)\n"
            "fail void(int32[:])\n");
  EXPECT_EQ(run({"--help"}), 0);
  const std::string help = out_.str();
  EXPECT_EQ(help.rfind("usage: prog KERNEL --grid G --block B [--shared BYTES] [--out-dir DIR] ARG...\n", 0), 0u);
  EXPECT_NE(help.find("Runs one kernel of test.py"), std::string::npos);
  EXPECT_NE(help.find("  axpy(a: float32, x: float32[:], y: float32[:])\n"), std::string::npos);
  EXPECT_NE(help.find("  fill(m: int64[:, :], v: int64)\n"), std::string::npos);
  EXPECT_EQ(err_.str(), "");
}

TEST_F(HarnessDriver, ReportsUsageErrorsWithStatusTwo) {
  write_floats("x.npy", {1, 2});
  py2cuda::write_npy(dir_ / "d.npy", HostArray<double, 1>({2}));
  const std::string x = file("x.npy"), d = file("d.npy"), missing = file("missing.npy");
  const std::vector<std::string> launch = {"--grid", "1", "--block", "1"};
  auto with = [&](std::vector<std::string> words) {
    words.insert(words.begin() + 1, launch.begin(), launch.end());
    return words;
  };
  const struct {
    std::vector<std::string> words;
    std::string message;
  } cases[] = {
      {{}, "no kernel given; kernels: axpy, fill, fail (see --help)"},
      {{"nope"}, "no kernel 'nope' in test.py; kernels: axpy, fill, fail"},
      {{"axpy", "--block", "1"}, "--grid is required: axpy --grid G --block B [--shared BYTES] [--out-dir DIR] ARG..."},
      {{"axpy", "--grid", "1"}, "--block is required: axpy --grid G --block B [--shared BYTES] [--out-dir DIR] ARG..."},
      {{"axpy", "--grid", "1,x", "--block", "1"}, "--grid '1,x' is not N, X,Y or X,Y,Z (positive integers, no spaces)"},
      {{"axpy", "--grid", "1", "--block", "2048"},
       "test.py: cannot launch kernel 'axpy': block dimension x is 2048, more than the limit of 1024"},
      {{"axpy", "--grid", "1", "--block", "32,32,2"},
       "test.py: cannot launch kernel 'axpy': block (32, 32, 2) has 2048 threads, more than the limit of 1024"},
      {with({"axpy", "1", x}),
       "kernel 'axpy' takes 3 arguments (a: float32, x: float32[:], y: float32[:]), but 2 were given"},
      {with({"fail"}), "kernel 'fail' takes 1 argument (x: int32[:]), but 0 were given"},
      {with({"axpy", "1", d, x}),
       "argument 'x' expects array(float32, 1d, C) but " + d + " holds float64 with 1 dimension"},
      {with({"axpy", "abc", x, x}), "argument 'a' expects float32, but 'abc' is not a number"},
      {with({"axpy", "1", "3", x}), "argument 'x' expects array(float32, 1d, C): give a .npy file, not '3'"},
      {with({"axpy", x, x, x}),
       "argument 'a' expects float32 (a 0-d array) but " + x + " holds float32 with 1 dimension"},
      {with({"fill", x, "1"}), "argument 'm' expects array(int64, 2d, C) but " + x + " holds float32 with 1 dimension"},
      {with({"axpy", "1", x, x, "--out-dir", x}), "--out-dir " + x + ": exists and is not a folder"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(testing::PrintToString(c.words));
    EXPECT_EQ(run(c.words), 2);
    EXPECT_EQ(error(), "prog: error: " + c.message + "\n");
    EXPECT_EQ(FakeDevice::live, 0);
    EXPECT_EQ(FakeDevice::synchronized, 0);
  }
}

// A missing .npy file is bad input (status 1, as py2cuda's own), not a usage error.
TEST_F(HarnessDriver, MissingNpyFileIsBadInput) {
  write_floats("x.npy", {1, 2});
  const std::string missing = file("missing.npy");
  EXPECT_EQ(run({"axpy", "--grid", "1", "--block", "1", "1", file("x.npy"), missing}), 1);
  EXPECT_EQ(error(), "prog: error: argument 'y': " + missing + ": no such file\n");
  EXPECT_EQ(FakeDevice::live, 0);
}

// Every malformed .npy of tests/npy/bad, given for an array argument: one line naming
// the argument and the file, never a crash or a std::bad_alloc (a shape larger than the
// file, or than memory, must not be allocated). Status 1 for a malformed file (bad input),
// 2 for a well-formed one of another dtype (the wrong file for the argument: a usage error).
TEST_F(HarnessDriver, RejectsEveryMalformedNpyFileNamingIt) {
  write_floats("y.npy", {1, 2});
  std::size_t files = 0;
  for (const auto& entry : fs::directory_iterator(fs::path(PY2CUDA_SOURCE_DIR) / "tests" / "npy" / "bad")) {
    if (entry.path().extension() != ".npy") continue;
    ++files;
    const std::string bad = entry.path().string();
    SCOPED_TRACE(bad);
    const int status = run({"axpy", "--grid", "1", "--block", "1", "1", bad, file("y.npy")});
    const std::string message = error();
    const bool malformed = message.rfind("prog: error: argument 'x': " + bad + ": ", 0) == 0;
    const bool other_type =
        message.rfind("prog: error: argument 'x' expects array(float32, 1d, C) but " + bad + " holds ", 0) == 0;
    EXPECT_TRUE(malformed || other_type) << message;
    EXPECT_EQ(status, malformed ? 1 : 2) << message;
    EXPECT_EQ(message.find("bad_alloc"), std::string::npos) << message;
    EXPECT_EQ(FakeDevice::live, 0);
  }
  EXPECT_GE(files, 32u);
}

TEST_F(HarnessDriver, ReportsRunFailuresWithStatusOne) {
  py2cuda::write_npy(dir_ / "i.npy", HostArray<int32_t, 1>({4}));
  EXPECT_EQ(run({"fail", "--grid", "1", "--block", "1", file("i.npy")}), 1);
  EXPECT_EQ(error(), "prog: error: test.py:9: kernel 'fail' failed: boom\n");

  driver_.kernel("throws", "void()", {}, [](py2cuda::harness::Invocation&) { throw std::runtime_error("no memory"); });
  EXPECT_EQ(run({"throws", "--grid", "1", "--block", "1"}), 1);
  EXPECT_EQ(error(), "prog: error: no memory\n");

  // A fault the backend reports when synchronizing.
  py2cuda::harness::Driver faulting("test.py", {FakeDevice::alloc, FakeDevice::free, FakeDevice::copy, FakeDevice::copy,
                                                [] { throw py2cuda::Error("py2cuda: cudaDeviceSynchronize failed"); }});
  faulting.kernel("k", "void()", {}, [](py2cuda::harness::Invocation&) {});
  std::ostringstream out, err;
  EXPECT_EQ(faulting.run({"k", "--grid", "1", "--block", "1"}, out, err, "prog"), 1);
  EXPECT_EQ(err.str(), "prog: error: py2cuda: cudaDeviceSynchronize failed\n");
}

TEST_F(HarnessDriver, ReportsARunnerThatMisusesTheInvocation) {
  driver_.kernel("twice", "void(int64)", {"n"}, [](py2cuda::harness::Invocation& call) {
    (void)call.scalar<int64_t>(0);
    (void)call.scalar<int64_t>(0);
  });
  driver_.kernel("beyond", "void(int64)", {"n"},
                 [](py2cuda::harness::Invocation& call) { (void)call.scalar<int64_t>(1); });
  EXPECT_EQ(run({"twice", "--grid", "1", "--block", "1", "5"}), 1);
  EXPECT_EQ(error(), "prog: error: py2cuda harness: the kernel's runner asked twice for argument 'n'\n");
  EXPECT_EQ(run({"beyond", "--grid", "1", "--block", "1", "5"}), 1);
  EXPECT_EQ(error(),
            "prog: error: py2cuda harness: the kernel's runner asked for argument 1 of a kernel with 1 parameters\n");
}

TEST_F(HarnessDriver, ReportsAKernelRegisteredTwice) {
  driver_.kernel("axpy", "void()", {}, [](py2cuda::harness::Invocation&) {});
  EXPECT_EQ(run({"--list"}), 1);
  EXPECT_EQ(error(), "prog: error: py2cuda harness: kernel 'axpy' is registered twice\n");
}

TEST_F(HarnessDriver, MainNamesTheProgramByItsFileName) {
  char program[] = "/some/where/hypot";
  char bogus[] = "--bogus";
  char* argv[] = {program, bogus, nullptr};
  testing::internal::CaptureStderr();
  const int status = driver_.main(2, argv);
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "hypot: error: unknown option '--bogus' (see --help)\n");
  EXPECT_EQ(status, 2);
}

TEST(HarnessSignature, SplitsTheParameterTypesAtTopLevelCommas) {
  using py2cuda::harness::detail::signature_parameters;
  EXPECT_EQ(signature_parameters("void(float32[:], int64)"), (std::vector<std::string>{"float32[:]", "int64"}));
  EXPECT_EQ(signature_parameters("(float32[:, ::1], UniTuple(int64, 2), bool)"),
            (std::vector<std::string>{"float32[:, ::1]", "UniTuple(int64, 2)", "bool"}));
  EXPECT_EQ(signature_parameters("void()"), std::vector<std::string>{});
  EXPECT_EQ(signature_parameters("nonsense"), std::vector<std::string>{});
}

}  // namespace
