// Benchmark: the CPU emulation's loop mode and fiber mode against plain C++ loops doing the
// same work.
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
//
// A kernel with barriers runs in fiber mode instead (emu/fiber_block.h): each CUDA thread
// of a block on its own fiber, every __syncthreads() a switch out of each thread's fiber
// and back. The second part times a shared-memory tree reduction (one sum per block of 256
// elements, nine barriers) against the loop a C++ programmer would write for the same
// work: the kernel cut at its barriers into phases, each phase a loop over the block's
// threads that work in it, the shared array a local array (the "barrier-phased" loop),
// unchecked and with its subscripts checked.
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

namespace block_sum_bench {

constexpr int64_t TPB = 256;

// What py2cuda emits for
//
//   @cuda.jit("void(float32[:], float32[:])")
//   def block_sum(x, partial):
//       cache = cuda.shared.array(TPB, dtype=float32)
//       t = cuda.threadIdx.x
//       i = cuda.grid(1)
//       if i < x.size:
//           cache[t] = x[i]
//       else:
//           cache[t] = float32(0.)
//       cuda.syncthreads()
//       half = TPB // 2
//       while half > 0:
//           if t < half:
//               cache[t] += cache[t + half]
//           cuda.syncthreads()
//           half //= 2
//       if t == 0:
//           partial[cuda.blockIdx.x] = cache[0]
__global__ void block_sum(py2cuda::Array<float, 1> x, py2cuda::Array<float, 1> partial) {
  __shared__ float cache_shared[256];
  py2cuda::Array<float, 1> cache = py2cuda::local_array_view(cache_shared, 256);
  int32_t t = int32_t(threadIdx.x);
  int64_t i = py2cuda::grid1();
  if (i < x.size()) {
    cache(t) = x(i);
  } else {
    cache(t) = 0.0f;
  }
  __syncthreads();
  int64_t half = TPB / 2;
  while (half > 0) {
    if (int64_t(t) < half) {
      cache(t) += cache(int64_t(t) + half);
    }
    __syncthreads();
    half = half / 2;
  }
  if (int64_t(t) == 0) {
    partial(int32_t(blockIdx.x)) = cache(0);
  }
}

void launch_block_sum(const py2cuda::LaunchConfig& config, py2cuda::Array<float, 1> x,
                      py2cuda::Array<float, 1> partial) {
  static constexpr py2cuda::KernelInfo info{"block_sum", "block_sum_bench.py:2", true, false};
  py2cuda::launch<block_sum>(config, info, x, partial);
}

}  // namespace block_sum_bench

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

// The barrier-phased reference: each block's threads in a loop per phase (a phase's loop
// over only the threads that work in it, as one writes it by hand), the same additions in
// the same order (so the same bits).
[[gnu::noinline]] void block_sum_plain(const float* x, int64_t n, float* partial, int64_t blocks) {
  constexpr int64_t tpb = block_sum_bench::TPB;
  for (int64_t b = 0; b < blocks; ++b) {
    float cache[tpb];
    for (int64_t t = 0; t < tpb; ++t) {
      const int64_t i = b * tpb + t;
      if (i < n) {
        cache[t] = x[i];
      } else {
        cache[t] = 0.0f;
      }
    }
    for (int64_t half = tpb / 2; half > 0; half /= 2) {
      for (int64_t t = 0; t < half; ++t) cache[t] += cache[t + half];
    }
    partial[b] = cache[0];
  }
}

// The same with every subscript compared with its array's length.
[[gnu::noinline]] void block_sum_checked(const float* x, int64_t n, float* partial, int64_t blocks) {
  constexpr int64_t tpb = block_sum_bench::TPB;
  for (int64_t b = 0; b < blocks; ++b) {
    float cache[tpb];
    for (int64_t t = 0; t < tpb; ++t) {
      const int64_t i = b * tpb + t;
      if (t >= tpb) out_of_bounds(t, tpb);
      if (i < n) {
        cache[t] = x[i];
      } else {
        cache[t] = 0.0f;
      }
    }
    for (int64_t half = tpb / 2; half > 0; half /= 2) {
      for (int64_t t = 0; t < half; ++t) {
        if (t + half >= tpb) out_of_bounds(t + half, tpb);
        if (t >= tpb) out_of_bounds(t, tpb);
        cache[t] += cache[t + half];
      }
    }
    if (b >= blocks) out_of_bounds(b, blocks);
    partial[b] = cache[0];
  }
}

// Barriers each thread of block_sum passes: one before the tree, one per halving.
constexpr int64_t kSumBarriers = 1 + 8;

void print_table(const std::vector<bench::Variant>& variants, const std::vector<double>& medians,
                 const std::vector<double>& cpu, int64_t n) {
  std::printf("%-20s  %10s  %11s  %8s  %10s  %11s  %8s\n", "variant", "median ms", "ns/element", "vs plain",
              "CPU ms", "CPU ns/el.", "vs plain");
  for (std::size_t v = 0; v < variants.size(); ++v) {
    std::printf("%-20s  %10.3f  %11.2f  %7.2fx  %10.3f  %11.2f  %7.2fx\n", variants[v].name.c_str(), medians[v] * 1e3,
                medians[v] / static_cast<double>(n) * 1e9, medians[v] / medians[0], cpu[v] * 1e3,
                cpu[v] / static_cast<double>(n) * 1e9, cpu[v] / cpu[0]);
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
  print_table(variants, medians, cpu, n);
  // The verdict on CPU time: on a shared machine the wall time of the longer variants
  // includes waiting for a core (bench_timing.h).
  const double single = cpu[2] / cpu[0], single_checked = cpu[2] / cpu[1];
  std::printf("\nloop mode, 1 worker, CPU time / plain loop: %.2fx (%s the 2x target); / checked plain loop: %.2fx\n",
              single, single <= 2.0 ? "meets" : "misses", single_checked);

  // Fiber mode: the block reduction, one partial sum per block.
  const int64_t blocks = (n + block_sum_bench::TPB - 1) / block_sum_bench::TPB;
  py2cuda::DeviceArray<float, 1> partial({blocks});
  const py2cuda::LaunchConfig sum_config{py2cuda::Dim3(blocks), py2cuda::Dim3(block_sum_bench::TPB)};
  auto launch_sum = [&] { block_sum_bench::launch_block_sum(sum_config, x, partial); };
  const std::vector<bench::Variant> sum_variants = {
      {"barrier-phased loop", [&] { block_sum_plain(x.data(), n, partial.data(), blocks); }},
      {"phased, checked", [&] { block_sum_checked(x.data(), n, partial.data(), blocks); }},
      {"fiber mode, 1 worker", [&] {
         py2cuda::emu::set_deterministic(true);
         launch_sum();
       }},
      {"fiber mode, pool", [&] {
         py2cuda::emu::set_deterministic(false);
         launch_sum();
       }},
  };
  std::vector<float> expected_sums(blocks), got_sums(blocks);
  sum_variants[0].run();
  partial.copy_to_host(expected_sums.data());
  for (std::size_t v = 1; v < sum_variants.size(); ++v) {
    std::memset(partial.data(), 0, sizeof(float) * blocks);
    sum_variants[v].run();
    partial.copy_to_host(got_sums.data());
    if (std::memcmp(expected_sums.data(), got_sums.data(), sizeof(float) * blocks) != 0) {
      std::fprintf(stderr, "%s: results differ from the barrier-phased loop\n", sum_variants[v].name.c_str());
      return 1;
    }
  }
  std::vector<double> sum_cpu;
  const std::vector<double> sum_medians = bench::interleaved_medians(sum_variants, 1.0, 7, &sum_cpu);
  std::printf("\nblock reduction (shared memory, %lld barriers per thread) on %lld float32 elements, %lld blocks "
              "of %lld threads\n",
              static_cast<long long>(kSumBarriers), static_cast<long long>(n), static_cast<long long>(blocks),
              static_cast<long long>(block_sum_bench::TPB));
  print_table(sum_variants, sum_medians, sum_cpu, n);
  const double crossings = static_cast<double>(blocks * block_sum_bench::TPB * kSumBarriers);
  std::printf("\nfiber mode, 1 worker, CPU time / barrier-phased loop: %.2fx; / checked phased loop: %.2fx; "
              "%.1f ns of CPU per thread-barrier crossing (everything included)\n",
              sum_cpu[2] / sum_cpu[0], sum_cpu[2] / sum_cpu[1], sum_cpu[2] / crossings * 1e9);
  return 0;
}
