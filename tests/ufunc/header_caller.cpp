// A C++ caller of tests/golden/ufunc_vectorize.py's, ufunc_guvectorize.py's and
// ufunc_cpu_library.py's ufuncs through the --header API, built with their .cu (--kernels-only) by run_ufunc_oracle.py. It writes each
// result to DIR/<case>.npy; tools/ufunc_oracle_cases.py builds the same operands with
// NumPy and compares with Numba's CPU target.
//
//   header_caller DIR
#include "ufunc_cpu_library.h"
#include "ufunc_guvectorize.h"
#include "ufunc_vectorize.h"

#include <py2cuda/npy.h>

#include <cstdint>
#include <filesystem>
#include <string>

namespace {

namespace h = py2cuda::host;

template <class T, int N>
void save(const std::filesystem::path& dir, const std::string& name, const h::NDArray<T, N>& a) {
  const h::NDArray<T, N> c = a.copy();  // C order
  py2cuda::write_npy(dir / (name + ".npy"), py2cuda::HostArray<T, N>(c.shape(), c.data()));
}

// np.arange(n).reshape(shape) * scale + offset, as T.
template <class T, int N>
h::NDArray<T, N> ramp(std::array<int64_t, N> shape, double scale, double offset) {
  h::NDArray<T, N> a(shape);
  for (int64_t i = 0; i < a.size(); ++i) a.data()[i] = static_cast<T>(static_cast<double>(i) * scale + offset);
  return a;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) return 2;
  const std::filesystem::path dir = argv[1];
  // Host operands, a device operand and a number: the result stays on the device.
  const auto a = ramp<double, 2>({3, 1}, 1.5, -2.0);
  const auto b = h::to_device(ramp<double, 1>({4}, 0.5, 0.0));
  save(dir, "lerp", ufunc_vectorize::lerp(a, b, 0.25).copy_to_host());
  // Host arrays: a host result, through the int64 loop (the int32 one does not take int64 arrays).
  save(dir, "floor_mod", ufunc_vectorize::floor_mod(ramp<int64_t, 2>({2, 5}, 3.0, -7.0), int64_t{4}));
  // A gufunc with out= (a host array) and broadcast loop dimensions.
  h::NDArray<double, 3> out(std::array<int64_t, 3>{2, 3, 2});
  ufunc_guvectorize::matmul(ramp<double, 3>({2, 3, 4}, 0.25, -1.0), ramp<double, 2>({4, 2}, -0.5, 2.0), h::ufunc_out(out));
  save(dir, "matmul", out);
  // A gufunc with a scalar in its layout, on a non-contiguous view (every other column).
  const auto x = ramp<float, 2>({3, 8}, 0.5, 1.0);
  const h::NDArray<float, 2> strided(x.storage(), x.data(), {3, 4}, {8, 2});
  save(dir, "scale_shift", ufunc_guvectorize::scale_shift(strided, 1.5f));
  // A gufunc with two outputs: a tuple of host arrays, then written into given device arrays.
  const auto [dev, mean] = ufunc_guvectorize::centered(ramp<double, 2>({3, 5}, 0.75, -4.0));
  save(dir, "centered_dev", dev);
  save(dir, "centered_mean", mean);
  h::DeviceNDArray<float, 2> d_dev(std::array<int64_t, 2>{2, 4});
  h::DeviceNDArray<float, 1> d_mean(std::array<int64_t, 1>{2});
  ufunc_guvectorize::centered(h::to_device(ramp<float, 2>({2, 4}, -0.5, 3.0)), h::ufunc_out(d_dev), h::ufunc_out(d_mean));
  save(dir, "centered_dev_out", d_dev.copy_to_host());
  save(dir, "centered_mean_out", d_mean.copy_to_host());
  // CPU ufuncs (a file without host code): one function per signature, hypot_sq_2 the int64 loop.
  save(dir, "cpu_hypot_sq", ufunc_cpu_library::hypot_sq_2(ramp<int64_t, 2>({3, 4}, 1.0, -5.0), int64_t{3}));
  save(dir, "cpu_softplus", ufunc_cpu_library::softplus(ramp<float, 1>({9}, 2.5, -10.0)));
  // Rows reversed, every other column: a strided view with a negative stride.
  const auto grid = ramp<double, 2>({4, 6}, -0.75, 2.0);
  const h::NDArray<double, 2> flipped(grid.storage(), grid.data() + 18, {4, 3}, {-6, 2});
  const auto [lo, hi] = ufunc_cpu_library::min_max(flipped);
  save(dir, "cpu_min_max_lo", lo);
  save(dir, "cpu_min_max_hi", hi);
  return 0;
}
