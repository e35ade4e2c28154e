// Benchmark: the CPU emulation's loop mode against a plain C++ loop doing the same work.
//
//   g++ -std=c++20 -O2 -I runtime/include bench/loop_mode_vs_plain_cpp.cpp
//       -o loop_mode_vs_plain_cpp -lboost_context -pthread
//   ./loop_mode_vs_plain_cpp [N]            (N elements, default 1048576)
//
// Built a second time with -DPY2CUDA_NO_BOUNDS_CHECK (run_all.sh does both), it shows
// how much of the difference is the bounds checks that host builds make by default.
//
// A kernel without barriers runs each block's threads one after another in a loop
// (emu/kernel_call.h): per CUDA thread, setting threadIdx and a call of the (inlined)
// kernel with its own copy of the arguments, plus the bounds check of every subscript.
// This measures what that costs against the loop a C++ programmer would write for
// the same work, on the same memory, compiled with the same flags:
//
//   plain loop          for (i = 0; i < n; ++i) out[i] = a * x[i] + y[i];  one thread
//   plain, checked      the same with each subscript compared with its array's length
//   loop mode, 1 worker the kernel launched with PY2CUDA_EMU_DETERMINISTIC's setting
//                       on: blocks in order on the launching thread
//   loop mode, pool     the default: blocks shared among one OS thread per core
//
// It prints each median time, wall and CPU (every thread's), and its ratio to the plain
// loop. The project's target is at most 2x for loop mode with one worker, judged on CPU
// time (on a loaded machine a longer run's wall time includes waiting for a core); the
// pool row shows what the default gains (or, on a loaded machine, loses) from the other
// cores.
#include <py2cuda/runtime.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "bench_timing.h"

namespace saxpy_bench {

// What py2cuda emits for
//
//   @cuda.jit("void(float32, float32[:], float32[:], float32[:])")
//   def saxpy(a, x, y, out):
//       i = cuda.grid(1)
//       if i < out.size:
//           out[i] = a * x[i] + y[i]
//
// (cuda.grid(1) is known to be non-negative, so the subscripts use plain indexing.)
__global__ void saxpy(float a, py2cuda::Array<float, 1> x, py2cuda::Array<float, 1> y, py2cuda::Array<float, 1> out) {
  int64_t i = py2cuda::grid1();
  if (i < out.size()) {
    out(i) = a * x(i) + y(i);
  }
}

void launch_saxpy(const py2cuda::LaunchConfig& config, float a, py2cuda::Array<float, 1> x,
                  py2cuda::Array<float, 1> y, py2cuda::Array<float, 1> out) {
  static constexpr py2cuda::KernelInfo info{"saxpy", "saxpy_bench.py:2", false, false};
  py2cuda::launch<saxpy>(config, info, a, x, y, out);
}

}  // namespace saxpy_bench

// The reference. noinline: called through the same kind of boundary as a launch, and
// kept from being merged with the measurement loop around it.
[[gnu::noinline]] void saxpy_plain(float a, const float* x, const float* y, float* out, int64_t n) {
  for (int64_t i = 0; i < n; ++i) out[i] = a * x[i] + y[i];
}

// The same loop as a careful C++ programmer writes it over arrays of separate lengths, with
// bounds checks on: each subscript compared with its array's length, a failure thrown.
[[gnu::noinline, gnu::cold]] void out_of_bounds(int64_t i, int64_t n) {
  throw std::out_of_range("index " + std::to_string(i) + " is outside an array of " + std::to_string(n));
}
[[gnu::noinline]] void saxpy_checked(float a, const float* x, int64_t nx, const float* y, int64_t ny, float* out,
                                     int64_t n) {
  for (int64_t i = 0; i < n; ++i) {
    if (i >= nx) out_of_bounds(i, nx);
    if (i >= ny) out_of_bounds(i, ny);
    out[i] = a * x[i] + y[i];
  }
}

int main(int argc, char** argv) {
  const int64_t n = argc > 1 ? std::atoll(argv[1]) : int64_t{1} << 20;
  if (n <= 0) {
    std::fprintf(stderr, "usage: %s [N]   (N > 0 elements)\n", argv[0]);
    return 2;
  }
  constexpr uint32_t kBlock = 256;
  const float a = 2.5f;

  std::vector<float> host_x(n), host_y(n);
  for (int64_t i = 0; i < n; ++i) {
    host_x[i] = static_cast<float>(i % 1000) * 0.25f;
    host_y[i] = static_cast<float>(i % 777) * -0.5f;
  }
  py2cuda::DeviceArray<float, 1> x({n}), y({n}), out({n});
  x.copy_from_host(host_x.data());
  y.copy_from_host(host_y.data());

  const py2cuda::LaunchConfig config{py2cuda::Dim3((n + kBlock - 1) / kBlock), py2cuda::Dim3(kBlock)};
  auto launch = [&] { saxpy_bench::launch_saxpy(config, a, x, y, out); };
  const std::vector<bench::Variant> variants = {
      {"plain C++ loop", [&] { saxpy_plain(a, x.data(), y.data(), out.data(), n); }},
      {"plain, checked", [&] { saxpy_checked(a, x.data(), n, y.data(), n, out.data(), n); }},
      {"loop mode, 1 worker", [&] {
         py2cuda::emu::set_deterministic(true);
         launch();
       }},
      {"loop mode, pool", [&] {
         py2cuda::emu::set_deterministic(false);
         launch();
       }},
  };

  // Every variant must compute the same thing (bitwise: no variant is built with FMA).
  std::vector<float> expected(n), got(n);
  variants[0].run();
  out.copy_to_host(expected.data());
  for (std::size_t v = 1; v < variants.size(); ++v) {
    std::memset(out.data(), 0, sizeof(float) * n);
    variants[v].run();
    out.copy_to_host(got.data());
    if (std::memcmp(expected.data(), got.data(), sizeof(float) * n) != 0) {
      std::fprintf(stderr, "%s: results differ from the plain loop\n", variants[v].name.c_str());
      return 1;
    }
  }

  std::vector<double> cpu;
  const std::vector<double> medians = bench::interleaved_medians(variants, 1.0, 15, &cpu);
#ifdef PY2CUDA_NO_BOUNDS_CHECK
  const char* bounds_checks = "compiled out (-DPY2CUDA_NO_BOUNDS_CHECK)";
#else
  const char* bounds_checks = "compiled in (the default)";
#endif
  std::printf("saxpy on %lld float32 elements, blocks of %u threads; emulation threads in the pool: %u\n",
              static_cast<long long>(n), kBlock, py2cuda::emu::worker_threads());
  std::printf("bounds checks: %s\n", bounds_checks);
  std::printf("%-20s  %10s  %11s  %8s  %10s  %11s  %8s\n", "variant", "median ms", "ns/element", "vs plain",
              "CPU ms", "CPU ns/el.", "vs plain");
  for (std::size_t v = 0; v < variants.size(); ++v) {
    std::printf("%-20s  %10.3f  %11.2f  %7.2fx  %10.3f  %11.2f  %7.2fx\n", variants[v].name.c_str(), medians[v] * 1e3,
                medians[v] / static_cast<double>(n) * 1e9, medians[v] / medians[0], cpu[v] * 1e3,
                cpu[v] / static_cast<double>(n) * 1e9, cpu[v] / cpu[0]);
  }
  // The verdict on CPU time: on a shared machine the wall time of the longer variants
  // includes waiting for a core (bench_timing.h).
  const double single = cpu[2] / cpu[0], single_checked = cpu[2] / cpu[1];
  std::printf("\nloop mode, 1 worker, CPU time / plain loop: %.2fx (%s the 2x target); / checked plain loop: %.2fx\n",
              single, single <= 2.0 ? "meets" : "misses", single_checked);
  return 0;
}
