// The words of a --racecheck report (py2cuda/emu/race_report.h): which subscript of a Python
// line an access was, the kernel's parameter names from its `def`, the element's index. (The
// detector itself is compiled only into --racecheck builds: tests/racecheck/ runs it.)

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "py2cuda/emu/race_report.h"

namespace {

using py2cuda::emu::race::access_column;
using py2cuda::emu::race::assignment_at;
using py2cuda::emu::race::ElementView;
using py2cuda::emu::race::Kind;
using py2cuda::emu::race::RaceReport;
using py2cuda::emu::race::subscripted_names;

TEST(EmuRaceReport, WriteIsTheAssignmentTargetReadTheValueSide) {
  const std::string line = "            buf[t] += buf[t + s]";
  EXPECT_EQ(access_column(line, "buf", Kind::write), 13u);
  EXPECT_EQ(access_column(line, "buf", Kind::read), 23u);
  EXPECT_EQ(access_column("    out[i] = x[i]", "x", Kind::read), 14u);
}

TEST(EmuRaceReport, AtomicCallNamesTheArrayArgument) {
  EXPECT_EQ(access_column("    cuda.atomic.add(total, 0, 1)", "total", Kind::atomic), 21u);
}

TEST(EmuRaceReport, ComparisonsAndKeywordArgumentsAreNotAssignments) {
  EXPECT_EQ(assignment_at("if a[i] == b[i]:"), std::string::npos);
  EXPECT_EQ(assignment_at("f(x, dtype=y)"), std::string::npos);
  EXPECT_EQ(assignment_at("a[i] <<= 2"), 7u);
  EXPECT_EQ(assignment_at("a[i] <= 2"), std::string::npos);
  EXPECT_EQ(assignment_at("a[i] //= 2"), 7u);
}

TEST(EmuRaceReport, SubscriptedNamesOnALine) {
  const auto names = subscripted_names("    out[i] = tile[ty][tx] + x.shape[0]");
  ASSERT_EQ(names.size(), 2u);
  EXPECT_EQ(names[0], "out");
  EXPECT_EQ(names[1], "tile");
}

TEST(EmuRaceReport, GlobalArrayNamedByItsParameterPosition) {
  const std::filesystem::path file = std::filesystem::temp_directory_path() / "race_report_params.py";
  {
    std::ofstream out(file);
    out << "from numba import cuda\n\n@cuda.jit\ndef k(keys: int32[:],\n      hist, n=3):\n    hist[keys[0]] += 1\n";
  }
  const std::string location = file.string() + ":4";
  const py2cuda::KernelInfo info{"k", location.c_str(), false, false};
  RaceReport report;
  report.space = py2cuda::emu::race::Space::global;
  report.argument = 1;
  report.kernel = &info;
  EXPECT_EQ(report.array_name(), "hist");
  std::filesystem::remove(file);
}

TEST(EmuRaceReport, ElementIndexFromTheView) {
  float data[12] = {};
  RaceReport report;
  report.view = ElementView{reinterpret_cast<const unsigned char*>(data), sizeof(float), 2, {3, 4}, {4, 1}};
  report.element = reinterpret_cast<const unsigned char*>(&data[6]);
  EXPECT_EQ(report.element_text(), "(1, 2)");
  report.view = ElementView{reinterpret_cast<const unsigned char*>(data), sizeof(float), 1, {12}, {1}};
  EXPECT_EQ(report.element_text(), "6");
}

}  // namespace
