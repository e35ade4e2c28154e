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
using py2cuda::emu::race::identifier_at;
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

TEST(EmuRaceReport, IdentifierAtAColumn) {
  const std::string line = "        out[t] = buf[t] + buf[t + 1]";
  EXPECT_EQ(identifier_at(line, 9), "out");
  EXPECT_EQ(identifier_at(line, 27), "buf");
  EXPECT_EQ(identifier_at(line, 0), "");
  EXPECT_EQ(identifier_at(line, 200), "");
}

// With the translator's column (exact), the caret goes to that subscript, not to the line's
// first use of the array, and a store of one value by both threads is a warning of its own.
TEST(EmuRaceReport, ExactColumnsAndABenignRace) {
  const std::filesystem::path file = std::filesystem::temp_directory_path() / "race_report_benign.py";
  {
    std::ofstream out(file);
    out << "from numba import cuda\n\n@cuda.jit\ndef k(flags, out):\n    flags[0] = 1\n"
           "    out[0] = flags[1] + flags[0]\n";
  }
  const std::string path = file.string();
  const std::string location = path + ":4";
  const py2cuda::KernelInfo info{"k", location.c_str(), false, false};
  int32_t data[2] = {};
  RaceReport report;
  report.space = py2cuda::emu::race::Space::global;
  report.argument = 0;
  report.kernel = &info;
  report.view = ElementView{reinterpret_cast<const unsigned char*>(data), sizeof(int32_t), 1, {2}, {1}};
  report.element = reinterpret_cast<const unsigned char*>(&data[0]);
  report.threads_per_block = 32;
  report.grid = {1, 1, 1};
  report.block = {32, 1, 1};
  report.here = {Kind::read, py2cuda::SourceLocation{path.c_str(), 6, 25}, 1, true};
  report.other = {Kind::write, py2cuda::SourceLocation{path.c_str(), 5, 5}, 0, true};
  const std::string read_race = report.text();
  EXPECT_EQ(read_race.substr(0, read_race.find('\n')),
            path + ":6:25: error: data race on array 'flags' element 0 (block (0,0,0)): thread (1,0,0) reads it here "
                   "while thread (0,0,0) writes it at " + path + ":5:5 with no cuda.syncthreads() between");
  EXPECT_NE(read_race.find("\n" + std::string(24, ' ') + "^\n"), std::string::npos);

  report.here = {Kind::write, py2cuda::SourceLocation{path.c_str(), 5, 5}, 1, true};
  report.benign = true;
  const std::string benign = report.text();
  EXPECT_EQ(benign.rfind(path + ":5:5: warning: benign data race on array 'flags' element 0 (block (0,0,0)): thread "
                         "(1,0,0) writes it here while thread (0,0,0) writes it at " + path + ":5:5", 0), 0u);
  EXPECT_NE(benign.find("both store the same value"), std::string::npos);
  EXPECT_NE(report.key(), RaceReport{}.key());
  std::filesystem::remove(file);
}

}  // namespace
