// round(x, ndigits) against the CUDA target's algorithm (tests/runtime/round_ndigits_cases.txt).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include <py2cuda/pysem.h>

namespace {

bool same(double a, double b) { return (std::isnan(a) && std::isnan(b)) || (std::signbit(a) == std::signbit(b) && a == b); }

}  // namespace

TEST(RuntimeRound, NdigitsMatchesNumba) {
  std::ifstream in(std::string(PY2CUDA_SOURCE_DIR) + "/tests/runtime/round_ndigits_cases.txt");
  ASSERT_TRUE(in);
  std::string line;
  int checked = 0;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream f(line);
    std::string xs, ds, fs;
    int n = 0;
    f >> xs >> n >> ds >> fs;
    double x = std::strtod(xs.c_str(), nullptr);
    double want64 = std::strtod(ds.c_str(), nullptr);
    double want32 = std::strtod(fs.c_str(), nullptr);
    EXPECT_TRUE(same(py2cuda::round_ndigits(x, n), want64)) << "round(" << x << ", " << n << ") float64";
    EXPECT_TRUE(same(py2cuda::round_ndigits(static_cast<float>(x), n), want32)) << "round(" << x << ", " << n << ") float32";
    ++checked;
  }
  EXPECT_GT(checked, 200);
}
