// A C++ program calling kernels written in Python, through the headers py2cuda generates
// at build time (see CMakeLists.txt): kernels.h from kernels.py, histogram.h from histogram.py.
#include <cstdint>
#include <cstdio>
#include <vector>

#include <py2cuda/device_array.h>
#include <py2cuda/error.h>

#include "histogram.h"
#include "kernels.h"

int main() {
  try {
    // saxpy over 5000 elements with 256 threads: the kernel's grid-stride loop covers them all.
    const int64_t n = 5000;
    std::vector<float> x(n), y(n), out(n);
    for (int64_t i = 0; i < n; ++i) {
      x[i] = static_cast<float>(i);
      y[i] = 0.25f * static_cast<float>(i);
    }
    py2cuda::DeviceArray<float, 1> d_x({n}), d_y({n}), d_out({n});
    d_x.copy_from_host(x.data());
    d_y.copy_from_host(y.data());
    kernels::launch_saxpy({4, 64}, 2.5f, d_x, d_y, d_out);
    d_out.copy_to_host(out.data());
    double total = 0;
    for (float v : out) total += v;
    std::printf("saxpy: out[1] = %.2f, out[4999] = %.2f, sum = %.2f\n", out[1], out[n - 1], total);

    // Python's modulo, not C++'s.
    std::vector<int64_t> values = {-7, -3, -1, 0, 1, 5, 8};
    py2cuda::DeviceArray<int64_t, 1> d_values({static_cast<int64_t>(values.size())});
    d_values.copy_from_host(values.data());
    kernels::launch_floor_mod_by_3({1, 32}, d_values);
    d_values.copy_to_host(values.data());
    std::printf("floor_mod_by_3:");
    for (int64_t v : values) std::printf(" %lld", static_cast<long long>(v));
    std::printf("\n");

    // The whole program's kernel, with the data its own __main__ uses.
    const int64_t m = 1000;
    std::vector<double> samples(m);
    for (int64_t i = 0; i < m; ++i) samples[i] = static_cast<double>(i * 37 % 100) / 10.0;
    std::vector<int32_t> counts(5, 0);
    py2cuda::DeviceArray<double, 1> d_samples({m});
    py2cuda::DeviceArray<int32_t, 1> d_counts({5});
    d_samples.copy_from_host(samples.data());
    d_counts.copy_from_host(counts.data());
    histogram::launch_histogram({4, 64}, d_samples, 0.0, 10.0, d_counts);
    d_counts.copy_to_host(counts.data());
    std::printf("histogram:");
    for (int32_t c : counts) std::printf(" %d", c);
    std::printf("\n");

    // A bad launch is reported with the kernel's Python name and line.
    kernels::launch_saxpy({1, 4096}, 1.0f, d_x, d_y, d_out);
  } catch (const py2cuda::Error& e) {
    std::printf("error: %s\n", e.what());
  }
  return 0;
}
