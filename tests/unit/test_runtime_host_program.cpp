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

namespace {

// A view of a 3x4 float64 buffer 0..11 with the given element strides.
h::NDArray<double, 2> view_of_twelve(std::array<int64_t, 2> shape, std::array<int64_t, 2> strides, int64_t offset = 0) {
  std::shared_ptr<double[]> buffer(new double[12]);
  for (int k = 0; k < 12; ++k) buffer[k] = k;
  return h::NDArray<double, 2>(buffer, buffer.get() + offset, shape, strides);
}

// Numba's sentry_contiguous: C or Fortran order once the 0-stride (broadcast) axes are dropped;
// axes of extent 1 and empty arrays take any stride.
TEST(RuntimeHostProgram, ToDeviceSendsOnlyOneMemoryRegionAsNumbaDoes) {
  EXPECT_TRUE(h::detail::is_one_memory_region(view_of_twelve({3, 4}, {4, 1})));
  EXPECT_TRUE(h::detail::is_one_memory_region(view_of_twelve({4, 3}, {1, 4})));     // m.T
  EXPECT_TRUE(h::detail::is_one_memory_region(view_of_twelve({1, 4}, {4, 1}, 4)));  // m[1:2]
  EXPECT_TRUE(h::detail::is_one_memory_region(view_of_twelve({5, 4}, {0, 1})));     // broadcast rows
  EXPECT_TRUE(h::detail::is_one_memory_region(view_of_twelve({0, 2}, {4, 2})));     // m[:0, ::2]
  EXPECT_FALSE(h::detail::is_one_memory_region(view_of_twelve({3, 1}, {4, 1})));    // m[:, :1]
  EXPECT_FALSE(h::detail::is_one_memory_region(view_of_twelve({3, 2}, {4, 1}, 1)));  // m[:, 1:3]
  EXPECT_FALSE(h::detail::is_one_memory_region(view_of_twelve({3, 4}, {-4, 1}, 8)));  // m[::-1]
  EXPECT_THROW(h::to_device(view_of_twelve({3, 2}, {4, 2})), h::PyException);

  // Into an existing device array any view is copied (cuda.to_device(a, to=d), d.copy_to_device(a)).
  const h::DeviceNDArray<double, 2> d(std::array<int64_t, 2>{3, 2});
  const h::DeviceNDArray<double, 2> same = h::copy_into(d, view_of_twelve({3, 2}, {4, 2}));
  EXPECT_EQ(same.data(), d.data());
  const h::NDArray<double, 2> back = d.copy_to_host();
  EXPECT_EQ(back.data()[1], 2.0);
  EXPECT_EQ(back.data()[5], 10.0);
}

// A launch matches the host array's type to the kernel's parameter before it copies, as
// Numba's dispatch does: a parameter of layout 'C' refuses a view that is not C-contiguous
// with a TypeError (compiled Numba finds no matching signature), a parameter of any layout
// refuses a view that is not one memory region with the transfer's ValueError.
TEST(RuntimeHostProgram, LaunchTransferMatchesTheLayoutBeforeItCopies) {
  const auto type_name_of = [](auto convert) -> std::string {
    try {
      convert();
    } catch (const h::PyException& e) {
      return e.type_name();
    }
    return "none";
  };
  const h::NDArray<double, 2> columns = view_of_twelve({3, 2}, {4, 1}, 1);  // m[:, 1:3]
  EXPECT_EQ(type_name_of([&] { py2cuda::CArray<double, 2> c = h::transfer_in_out(columns); (void)c; }), "TypeError");
  EXPECT_EQ(type_name_of([&] { py2cuda::Array<double, 2> a = h::transfer_in_out(columns); (void)a; }), "ValueError");
  const h::NDArray<double, 2> transposed = view_of_twelve({4, 3}, {1, 4});  // m.T: Fortran order
  EXPECT_EQ(type_name_of([&] { py2cuda::CArray<double, 2> c = h::transfer_in_out(transposed); (void)c; }), "TypeError");
  EXPECT_EQ(type_name_of([&] { py2cuda::Array<double, 2> a = h::transfer_in_out(transposed); (void)a; }), "none");

  // As a launch statement does: the device copy lives while the call runs, and what the
  // kernel wrote comes back when the statement ends.
  const h::NDArray<double, 2> rows = view_of_twelve({2, 4}, {4, 1}, 4);  // m[1:]
  const auto kernel = [](py2cuda::CArray<double, 2> a) {
    EXPECT_NE(a.data, nullptr);
    py2cuda::backend::copy_host_to_device(a.data, std::array<double, 1>{-1.0}.data(), sizeof(double));
  };
  kernel(h::transfer_in_out(rows));
  EXPECT_EQ(rows.data()[0], -1.0);
  EXPECT_EQ(rows.data()[1], 5.0);
}

// cuda.In(a) sends the array and does not copy it back; cuda.Out(a) copies back what the kernel
// wrote into device memory that received nothing of the host's.
TEST(RuntimeHostProgram, InAndOutCopyOneWay) {
  const h::NDArray<double, 2> rows = view_of_twelve({2, 4}, {4, 1}, 4);  // m[1:]: 4.0 ... 11.0
  const auto read_then_write = [](py2cuda::CArray<double, 2> a, double value) {
    double first = 0;
    py2cuda::backend::copy_device_to_host(&first, a.data, sizeof(double));
    py2cuda::backend::copy_host_to_device(a.data, &value, sizeof(double));
    return first;
  };
  EXPECT_EQ(read_then_write(h::transfer_in(rows), -1.0), 4.0);
  EXPECT_EQ(rows.data()[0], 4.0);  // not copied back
  read_then_write(h::transfer_out(rows), -2.0);
  EXPECT_EQ(rows.data()[0], -2.0);  // copied back (the rest: whatever the device memory held, as in Numba)
}

// sum() of arrays: 0 + a0 + a1 + ..., each `+` NumPy's (a bool array's sum is int64); an empty
// sum is Python's int 0, which the array result cannot hold.
TEST(RuntimeHostProgram, SumOfArraysAddsFromZero) {
  h::List<h::NDArray<bool, 1>> flags;
  h::NDArray<bool, 1> a(std::array<int64_t, 1>{2});
  a.data()[0] = true;
  flags.append(a);
  flags.append(a);
  const h::NDArray<int64_t, 1> counts = h::sum_arrays<int64_t, 1>(flags);
  EXPECT_EQ(counts.data()[0], 2);
  EXPECT_EQ(counts.data()[1], 0);
  const h::List<h::NDArray<double, 1>> none;
  EXPECT_THROW((h::sum_arrays<double, 1>(none)), h::PyException);
}

}  // namespace
