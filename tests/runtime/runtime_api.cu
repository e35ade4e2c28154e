// Exercises every API of the py2cuda runtime the way emitted code uses it: kernels
// taking Array views, cuda.grid/gridsize/laneid/warpsize, tuples, the Python
// operators, launch() with a LaunchConfig and KernelInfo, DeviceArray and friends,
// libdevice translations and __constant__ arrays read through constant_view.
//
// tests/runtime/run_runtime_compile.py compiles it with nvcc for several
// architectures; where a GPU is present it also runs it. It checks its own results
// and exits non-zero on a mismatch.

#include <py2cuda/runtime.h>

#include <cstdint>
#include <cstdio>
#include <string>

namespace {

// The translator's KernelInfo for each kernel below, as it would emit them.
constexpr py2cuda::KernelInfo kScaleInfo{"scale", "runtime_api.py:10", false, false};
constexpr py2cuda::KernelInfo kGridInfo{"grid_ids", "runtime_api.py:20", false, false};
constexpr py2cuda::KernelInfo kLaneInfo{"lanes", "runtime_api.py:30", false, true};
constexpr py2cuda::KernelInfo kLibdeviceInfo{"libdevice_values", "runtime_api.py:40", false, false};

// runtime_api.py:10
//   def scale(x, out, factor):
//       i = cuda.grid(1)
//       if i < x.size:
//           out[-1 - i] = x[i] * factor // 2 + x[i] % 3 + 2 ** (i % 4) + round(0.5 * i)
__global__ void scale(py2cuda::Array<const int64_t, 1> x, py2cuda::Array<int64_t, 1> out, int64_t factor) {
  const int64_t i = py2cuda::grid1();
  if (i < x.size()) {
    const int64_t v = x(i);  // proved non-negative: plain indexing
    out.at(-1 - i) = py2cuda::floordiv(v * factor, int64_t{2}) + py2cuda::mod(v, int64_t{3}) +
                     py2cuda::ipow(int64_t{2}, py2cuda::mod(i, int64_t{4})) +
                     py2cuda::round_half_even(0.5 * static_cast<double>(i));
  }
}

// runtime_api.py:20: a 2-D grid-stride loop writing each element's (x, y) as a
// float, through tuples and the float helpers.
__global__ void grid_ids(py2cuda::Array<float, 2> out) {
  auto [x0, y0] = py2cuda::grid2();
  const py2cuda::tuple<int64_t, int64_t> size = py2cuda::gridsize2();
  for (int64_t y = y0; y < out.shape[0]; y += py2cuda::get<1>(size)) {
    for (int64_t x = x0; x < out.shape[1]; x += py2cuda::get<0>(size)) {
      const float fx = static_cast<float>(x);
      // (the last two terms are 0: min(0, abs(-0.0), max(1, 2, 3)) and x % 1)
      out(y, x) = py2cuda::py_max(fx, py2cuda::fpowi(2.0f, int64_t{-1})) +
                  py2cuda::floordiv(static_cast<float>(y) * 10.0f, 1.0f) +
                  py2cuda::py_min_generic(0.0f, py2cuda::py_abs(-0.0f), py2cuda::py_max_generic(1.0f, 2.0f, 3.0f)) +
                  py2cuda::mod(fx, 1.0f);
    }
  }
  const auto ids = py2cuda::grid3();
  const auto sizes = py2cuda::gridsize3();
  (void)ids;
  (void)sizes;
  (void)py2cuda::gridsize1();
}

// runtime_api.py:30: each thread records its lane id.
__global__ void lanes(py2cuda::Array<int32_t, 1> out) {
  const int64_t i = py2cuda::grid1();
  if (i < out.shape[0]) out(i) = py2cuda::laneid() + 100 * (py2cuda::warpsize == 32);
}

// runtime_api.py:40: libdevice functions whose results are exact by definition (the
// same values the CPU emulation's unit tests expect), and a frozen module array.
__constant__ const int16_t TABLE[2][3] = {{1, -2, 3}, {-4, 5, -6}};

__global__ void libdevice_values(py2cuda::Array<int64_t, 1> out) {
  if (py2cuda::grid1() != 0) return;
  const py2cuda::Array<const int16_t, 2> table = py2cuda::constant_view(TABLE);
  const double up = __dadd_ru(1.0, 0x1p-60);
  const py2cuda::tuple<double, int32_t> fr = py2cuda::libdevice::frexp(8.0);
  out(0) = __double_as_longlong(up);
  out(1) = __float2int_rn(2.5f) + 10 * __float2int_rd(-2.1f);
  out(2) = int32_t(__double2uint_rz(-1.0)) + int64_t{2} * __double2int_rz(3e9);
  out(3) = int32_t(__byte_perm(0x33221100, 0x77665544, 0x0123));
  out(4) = py2cuda::libdevice::float2half_rn(65520.0f) + 100000 * int64_t{py2cuda::libdevice::float2half_rn(1.0f)};
  out(5) = __float_as_int(__int2float_ru(16777217)) + int64_t{py2cuda::get<1>(fr)};
  out(6) = int64_t{table(1, 2)} + 10 * table.at(-2, -2) + 100 * table.shape[1];
  out(7) = __mul24(0x00800000, 2) + int64_t{__hadd(-3, 0)};
}

int g_failures = 0;

void expect(bool ok, const std::string& what) {
  if (!ok) {
    ++g_failures;
    std::printf("FAIL %s\n", what.c_str());
  }
}

int64_t expected_scale(int64_t i, int64_t v, int64_t factor) {
  // Python: v * factor // 2 + v % 3 + 2 ** (i % 4) + round(0.5 * i), for v >= 0.
  const double half = 0.5 * static_cast<double>(i);
  int64_t r = static_cast<int64_t>(half);
  if (half - static_cast<double>(r) == 0.5 && r % 2 != 0) r += 1;  // ties to even
  return v * factor / 2 + v % 3 + (int64_t{1} << (i % 4)) + r;
}

void run_scale() {
  const int64_t n = 1000;
  py2cuda::HostArray<int64_t, 1> x({n});
  for (int64_t i = 0; i < n; ++i) x(i) = 3 * i + 1;

  const py2cuda::DeviceArray<int64_t, 1> d_x = py2cuda::to_device(x);
  py2cuda::DeviceArray<int64_t, 1> d_out = py2cuda::device_array_like(d_x);
  const py2cuda::LaunchConfig cfg{(n + 255) / 256, 256};
  py2cuda::launch(scale, cfg, kScaleInfo, d_x, d_out, int64_t{7});
  py2cuda::synchronize();

  const py2cuda::HostArray<int64_t, 1> out = d_out.copy_to_host();
  for (int64_t i = 0; i < n; ++i) {
    expect(out(n - 1 - i) == expected_scale(i, x(i), 7), "scale element " + std::to_string(i));
  }
}

void run_grid_ids() {
  py2cuda::DeviceArray<float, 2> d_out = py2cuda::device_array<float>(std::array<int64_t, 2>{37, 53});
  py2cuda::Stream stream;  // the default stream
  py2cuda::launch(grid_ids, py2cuda::LaunchConfig{{2, 3}, {8, 4}, 0, stream}, kGridInfo, d_out.view());
  py2cuda::synchronize();

  float host[37 * 53];
  d_out.copy_to_host(host);
  for (int64_t y = 0; y < 37; ++y) {
    for (int64_t x = 0; x < 53; ++x) {
      const float want = (x > 0 ? static_cast<float>(x) : 0.5f) + static_cast<float>(y) * 10.0f;
      expect(host[y * 53 + x] == want, "grid_ids element " + std::to_string(y) + "," + std::to_string(x));
    }
  }

  // A round trip through copy_from_host and copy_from_device.
  py2cuda::HostArray<float, 2> ones({37, 53});
  for (int64_t k = 0; k < ones.size(); ++k) ones.data()[k] = 1.0f;
  py2cuda::DeviceArray<float, 2> d_copy = py2cuda::to_device(ones.data(), ones.shape());
  d_out.copy_from_host(ones);
  d_copy.copy_from_device(d_out);
  expect(d_copy.copy_to_host()(36, 52) == 1.0f, "copy_from_device");
}

void run_lanes() {
  py2cuda::DeviceArray<int32_t, 1> d_out(std::array<int64_t, 1>{96});
  py2cuda::launch(lanes, {1, 96}, kLaneInfo, d_out);
  py2cuda::synchronize();
  const auto out = d_out.copy_to_host();
  for (int64_t i = 0; i < 96; ++i) expect(out(i) == i % 32 + 100, "laneid " + std::to_string(i));
}

void run_libdevice() {
  py2cuda::DeviceArray<int64_t, 1> d_out(std::array<int64_t, 1>{8});
  py2cuda::launch(libdevice_values, {1, 32}, kLibdeviceInfo, d_out);
  py2cuda::synchronize();
  const auto out = d_out.copy_to_host();
  const int64_t want[8] = {
      0x3FF0000000000001,          // 1 + 2**-60 rounded up: the next double after 1
      2 + 10 * -3,                 // 2.5 to nearest even; -2.1 down
      int64_t{2} * 2147483647,     // uint conversions saturate at 0; int ones at INT_MAX
      0x00112233,                  // bytes 3, 2, 1, 0 of x
      0x7C00 + 100000 * 0x3C00,    // 65520 rounds (to even) to infinity; 1.0
      0x4B800001 + 4,              // 2**24 + 1 rounded up: 2**24 + 2; frexp(8) = 0.5 * 2**4
      -6 + 10 * -2 + 100 * 3,      // TABLE[1, 2], TABLE[-2, -2], TABLE.shape[1]
      -16777216 + -2,              // bit 23 is mul24's sign; (-3 + 0) >> 1
  };
  for (int64_t i = 0; i < 8; ++i) {
    expect(out(i) == want[i], "libdevice value " + std::to_string(i) + ": " + std::to_string(out(i)));
  }
}

void run_rejected_launch() {
  py2cuda::DeviceArray<int32_t, 1> d_out(std::array<int64_t, 1>{4});
  try {
    py2cuda::launch(lanes, {1, 2048}, kLaneInfo, d_out);
    expect(false, "a block of 2048 threads was launched");
  } catch (const py2cuda::Error& e) {
    const std::string message = e.what();
    expect(message.find("runtime_api.py:30: cannot launch kernel 'lanes'") == 0, "message: " + message);
  }
}

}  // namespace

int main() {
  try {
    run_scale();
    run_grid_ids();
    run_lanes();
    run_libdevice();
    run_rejected_launch();
  } catch (const py2cuda::Error& e) {
    std::printf("FAIL %s\n", e.what());
    return 1;
  }
  std::printf("runtime_api: %s\n", g_failures ? "FAILED" : "all checks passed");
  return g_failures ? 1 : 0;
}
