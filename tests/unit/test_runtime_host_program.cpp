// The host runtime's sys.argv, sys.exit, cuda.event (emulation) and format arguments.

#include <py2cuda/host.h>

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

namespace h = py2cuda::host;

TEST(RuntimeHostProgram, StrListIndexesAndSlicesAsPython) {
  const h::str_list l({"prog.py", "10", "x"});
  EXPECT_EQ(l.at(-1), "x");
  EXPECT_EQ(l.at(1), "10");
  EXPECT_THROW(l.at(3), h::IndexError);
  EXPECT_THROW(l.at(-4), h::IndexError);
  EXPECT_EQ(h::repr(l.slice(1, true, 0, false)), "['10', 'x']");
  EXPECT_EQ(h::repr(l.slice(-5, true, 1, true)), "['prog.py']");
  EXPECT_EQ(h::repr(l.slice(2, true, 1, true)), "[]");
  EXPECT_EQ(h::len(l), 3);
}

TEST(RuntimeHostProgram, SysArgvPutsTheScriptFirst) {
  char prog[] = "/tmp/build/prog", one[] = "1";
  char* argv[] = {prog, one};
  const int status = h::run_program(2, argv, [] {
    EXPECT_EQ(h::repr(h::sys_argv("dir/prog.py")), "['dir/prog.py', '1']");
  });
  EXPECT_EQ(status, 0);
}

TEST(RuntimeHostProgram, SysExitEndsWithItsStatus) {
  char prog[] = "prog";
  char* argv[] = {prog};
  EXPECT_EQ(h::run_program(1, argv, [] { h::sys_exit(int64_t{3}); }), 3);
  EXPECT_EQ(h::run_program(1, argv, [] { h::sys_exit(); }), 0);
  EXPECT_EQ(h::run_program(1, argv, [] { h::sys_exit(std::string("bye")); }), 1);
}

TEST(RuntimeHostProgram, EmulatedEventsTimeOnlyWhenRecordedWithTiming) {
  h::Event a = h::Event::create(), b = h::Event::create(true);
  EXPECT_THROW(h::event_elapsed_time(a, b), py2cuda::Error);  // not recorded
  a.record();
  b.record();
  b.synchronize();
  EXPECT_GE(h::event_elapsed_time(a, b), 0.0);
  EXPECT_TRUE(b.query());
  h::Event untimed = h::Event::create(false);
  untimed.record();
  EXPECT_THROW(h::event_elapsed_time(a, untimed), py2cuda::Error);
}

TEST(RuntimeHostProgram, FormatArgumentsKeepNumPyScalarsAndArrays) {
  EXPECT_EQ(h::percent_format("%s %r", h::np_float32_arg(0.1f), h::np_float32_arg(0.1f)), "0.1 0.1");
  EXPECT_EQ(h::format_string("{}", 0.1), "0.1");
  const auto a = py2cuda::np::arange<int64_t>(int64_t{0}, int64_t{3}, int64_t{1});
  EXPECT_EQ(h::percent_format("%s", h::object_text(a, "numpy.ndarray")), "[0 1 2]");
  EXPECT_THROW(h::percent_format("%d", h::object_text(a, "numpy.ndarray")), h::TypeError);
}

}  // namespace

namespace {

void forall_probe(py2cuda::Array<int32_t, 1>) {}

TEST(RuntimeHostProgram, ForallConfigCoversTheTasksWithOneDimensionalBlocks) {
  // The emulation's block size is 256 unless tpb gives one.
  const py2cuda::LaunchConfig c = py2cuda::forall_config(forall_probe, 1000);
  EXPECT_EQ(c.block.x, 256u);
  EXPECT_EQ(c.grid.x, 4u);
  EXPECT_EQ(c.grid.y * c.grid.z * c.block.y * c.block.z, 1u);
  const py2cuda::LaunchConfig t = py2cuda::forall_config(forall_probe, 257, 64, 128);
  EXPECT_EQ(t.block.x, 64u);
  EXPECT_EQ(t.grid.x, 5u);
  EXPECT_EQ(t.shared_bytes, 128u);
  EXPECT_FALSE(t.launches_nothing);
  EXPECT_TRUE(py2cuda::forall_config(forall_probe, 0).launches_nothing);
  try {
    py2cuda::forall_config(forall_probe, -3);
    ADD_FAILURE() << "a negative task count must raise";
  } catch (const h::ValueError& e) {
    EXPECT_EQ(e.python_line(), "ValueError: Can't create ForAll with negative task count: -3");
  }
}

}  // namespace
