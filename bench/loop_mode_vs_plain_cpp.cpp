// Benchmark: the CPU emulation's loop mode and fiber mode against plain C++ loops doing the
// same work.
//
//   py2cuda bench/loop_mode_kernels.py --kernels-only -o OUT/loop_mode_kernels.cu --header OUT/loop_mode_kernels.h
//   g++ -std=c++20 -O2 -fwrapv -fno-math-errno -I runtime/include -I OUT bench/loop_mode_vs_plain_cpp.cpp
//       -o loop_mode_vs_plain_cpp -lboost_context -pthread
//   ./loop_mode_vs_plain_cpp [N]            (N elements, default 1048576)
//
// bench/loop_mode_instructions.py counts the same variants' instructions under cachegrind,
// which, unlike their times, do not move with the load on a shared machine.
//
// (bench/run_all.sh does both.) The kernels are py2cuda's translation of
// bench/loop_mode_kernels.py, included below, so the benchmark measures the code py2cuda emits
// now, not a copy of it. Built a second time with -DPY2CUDA_NO_BOUNDS_CHECK (run_all.sh does
// both), it shows how much of the difference is the bounds checks that host builds make by
// default.
//
// A kernel without barriers runs each block's threads one after another in a loop
// (emu/kernel_call.h): per CUDA thread, setting threadIdx and a call of the (inlined)
// kernel with its own copy of the arguments, plus the bounds check of every subscript.
// This measures what that costs against the loop a C++ programmer would write for
// the same work, on the same memory, compiled with the same flags, for three kernels:
// saxpy (one element a thread; C-contiguous parameters, then float32[:] ones whose subscripts
// step by run-time strides), a five-point stencil on a 2-D grid (2-D indices, neighbours
// behind the `if 0 < r < rows - 1` guard) and a grid-stride loop taking a square root
// (threads that loop over many elements). Rows of each:
//
//   plain loop          for (i = 0; i < n; ++i) out[i] = a * x[i] + y[i];  one thread
//   plain, checked      the same with each subscript compared with its array's length
//   loop mode, 1 worker the kernel launched with PY2CUDA_EMU_DETERMINISTIC's setting
//                       on: blocks in order on the launching thread
//   loop mode, pool     the default: blocks shared among one OS thread per core
//
// It prints each median time, wall and CPU (every thread's), and its ratio to the plain
// loop. The project's target is at most 2x for loop mode with one worker against the
// checked plain loop, judged on CPU time (on a loaded machine a longer run's wall time
// includes waiting for a core); the pool row shows what the default gains (or, on a loaded
// machine, loses) from the other cores.
//
// A kernel with barriers runs in fiber mode instead (emu/fiber_block.h): each CUDA thread
// of a block on its own fiber, every __syncthreads() a switch out of each thread's fiber
// and back. The last part times a shared-memory tree reduction (one sum per block of 256
// elements, nine barriers) against the loop a C++ programmer would write for the same
// work: the kernel cut at its barriers into phases, each phase a loop over the block's
// threads that work in it, the shared array a local array (the "barrier-phased" loop),
// unchecked and with its subscripts checked.

#include <py2cuda/runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "bench_timing.h"

// py2cuda's translation of bench/loop_mode_kernels.py (namespace loop_mode_kernels).
#include "loop_mode_kernels.cu"

namespace kernels = loop_mode_kernels;

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

// The stencil over a row-major rows x cols grid: the interior points, the same additions in
// the same order as the kernel's.
[[gnu::noinline]] void stencil_plain(const float* u, float* out, int64_t rows, int64_t cols) {
  for (int64_t r = 1; r < rows - 1; ++r) {
    for (int64_t c = 1; c < cols - 1; ++c) {
      out[r * cols + c] = 0.25f * (u[(r - 1) * cols + c] + u[(r + 1) * cols + c] + u[r * cols + c - 1] +
                                   u[r * cols + c + 1]);
    }
  }
}

// Each of the two indices of each subscript compared with its dimension.
[[gnu::noinline]] void check_2d(int64_t r, int64_t c, int64_t rows, int64_t cols) {
  if (static_cast<uint64_t>(r) >= static_cast<uint64_t>(rows)) out_of_bounds(r, rows);
  if (static_cast<uint64_t>(c) >= static_cast<uint64_t>(cols)) out_of_bounds(c, cols);
}
[[gnu::always_inline]] inline void check_2d_inline(int64_t r, int64_t c, int64_t rows, int64_t cols) {
  if (static_cast<uint64_t>(r) >= static_cast<uint64_t>(rows) || static_cast<uint64_t>(c) >= static_cast<uint64_t>(cols))
    check_2d(r, c, rows, cols);
}
[[gnu::noinline]] void stencil_checked(const float* u, float* out, int64_t rows, int64_t cols) {
  for (int64_t r = 1; r < rows - 1; ++r) {
    for (int64_t c = 1; c < cols - 1; ++c) {
      check_2d_inline(r - 1, c, rows, cols);
      check_2d_inline(r + 1, c, rows, cols);
      check_2d_inline(r, c - 1, rows, cols);
      check_2d_inline(r, c + 1, rows, cols);
      check_2d_inline(r, c, rows, cols);
      out[r * cols + c] = 0.25f * (u[(r - 1) * cols + c] + u[(r + 1) * cols + c] + u[r * cols + c - 1] +
                                   u[r * cols + c + 1]);
    }
  }
}

[[gnu::noinline]] void magnitude_plain(const float* x, const float* y, float* out, int64_t n) {
  for (int64_t i = 0; i < n; ++i) out[i] = std::sqrt(x[i] * x[i] + y[i] * y[i]);
}
[[gnu::noinline]] void magnitude_checked(const float* x, int64_t nx, const float* y, int64_t ny, float* out,
                                         int64_t n) {
  for (int64_t i = 0; i < n; ++i) {
    if (i >= nx) out_of_bounds(i, nx);
    if (i >= ny) out_of_bounds(i, ny);
    out[i] = std::sqrt(x[i] * x[i] + y[i] * y[i]);
  }
}

// The barrier-phased reference: each block's threads in a loop per phase (a phase's loop
// over only the threads that work in it, as one writes it by hand), the same additions in
// the same order (so the same bits).
[[gnu::noinline]] void block_sum_plain(const float* x, int64_t n, float* partial, int64_t blocks) {
  constexpr int64_t tpb = kernels::TPB;
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
  constexpr int64_t tpb = kernels::TPB;
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

// `--count CASE VARIANT REPS` (bench/loop_mode_instructions.py): run only variant VARIANT of
// the CASE-th comparison (0 saxpy, 1 saxpy float32[:], 2 stencil, 3 grid-stride, 4 block
// reduction), REPS times, untimed, and exit: for counting its instructions under cachegrind.
struct CountOnly {
  int comparison = -1;
  std::size_t variant = 0;
  int reps = 0;
};
CountOnly count_only;
int comparisons_made = 0;  // compare() is a template: one counter for every instantiation

// Runs the variants of one kernel: checks that each leaves `result` bitwise equal to the
// first's, times them, prints the table and returns each one's median CPU seconds.
template <typename T, int N>
std::vector<double> compare(const char* title, const std::vector<bench::Variant>& variants, py2cuda::DeviceArray<T, N>& result,
               int64_t elements, int min_rounds) {
  if (count_only.comparison >= 0) {
    if (comparisons_made++ == count_only.comparison) {
      for (int r = 0; r < count_only.reps; ++r) variants.at(count_only.variant).run();
      std::exit(0);
    }
    return std::vector<double>(variants.size(), 1.0);
  }
  const int64_t count = result.size();
  std::vector<T> expected(count), got(count);
  std::memset(result.data(), 0, sizeof(T) * count);
  variants[0].run();
  result.copy_to_host(expected.data());
  for (std::size_t v = 1; v < variants.size(); ++v) {
    std::memset(result.data(), 0, sizeof(T) * count);
    variants[v].run();
    result.copy_to_host(got.data());
    if (std::memcmp(expected.data(), got.data(), sizeof(T) * count) != 0) {
      std::fprintf(stderr, "%s: %s: results differ from %s\n", title, variants[v].name.c_str(),
                   variants[0].name.c_str());
      std::exit(1);
    }
  }
  std::vector<double> cpu;
  const std::vector<double> medians = bench::interleaved_medians(variants, 1.0, min_rounds, &cpu);
  std::printf("\n%s\n", title);
  print_table(variants, medians, cpu, elements);
  return cpu;
}

// Loop mode with one worker (the third row) over the checked reference (the second).
double loop_mode_ratio(const std::vector<double>& cpu) { return cpu[2] / cpu[1]; }

// The rows of a loop-mode comparison: the references, then the launch with one worker and
// with the pool.
std::vector<bench::Variant> loop_mode_variants(std::function<void()> plain, std::function<void()> checked,
                                               std::function<void()> launch) {
  return {
      {"plain C++ loop", std::move(plain)},
      {"plain, checked", std::move(checked)},
      {"loop mode, 1 worker", [launch] {
         py2cuda::emu::set_deterministic(true);
         launch();
       }},
      {"loop mode, pool", [launch] {
         py2cuda::emu::set_deterministic(false);
         launch();
       }},
  };
}

int main(int argc, char** argv) {
  const int64_t n = argc > 1 ? std::atoll(argv[1]) : int64_t{1} << 20;
  if (argc == 6 && std::string(argv[2]) == "--count") {
    count_only = {std::atoi(argv[3]), static_cast<std::size_t>(std::atoi(argv[4])), std::atoi(argv[5])};
  }
  if (n < 16 || (argc > 2 && count_only.comparison < 0)) {
    std::fprintf(stderr, "usage: %s [N [--count CASE VARIANT REPS]]   (N >= 16 elements)\n", argv[0]);
    return 2;
  }
  constexpr uint32_t kBlock = 256;
  const float a = 2.5f;
#ifdef PY2CUDA_NO_BOUNDS_CHECK
  const char* bounds_checks = "compiled out (-DPY2CUDA_NO_BOUNDS_CHECK)";
#else
  const char* bounds_checks = "compiled in (the default)";
#endif
  if (count_only.comparison < 0) {
    std::printf("%lld float32 elements a kernel; bounds checks: %s; emulation threads in the pool: %u\n",
                static_cast<long long>(n), bounds_checks, py2cuda::emu::worker_threads());
  }

  std::vector<float> host_x(n), host_y(n);
  for (int64_t i = 0; i < n; ++i) {
    host_x[i] = static_cast<float>(i % 1000) * 0.25f;
    host_y[i] = static_cast<float>(i % 777) * -0.5f;
  }
  py2cuda::DeviceArray<float, 1> x({n}), y({n}), out({n});
  x.copy_from_host(host_x.data());
  y.copy_from_host(host_y.data());
  std::vector<std::pair<std::string, double>> loop_ratios;

  // saxpy: one element a thread.
  const py2cuda::LaunchConfig config{py2cuda::Dim3((n + kBlock - 1) / kBlock), py2cuda::Dim3(kBlock)};
  loop_ratios.emplace_back(
      "saxpy", loop_mode_ratio(compare("saxpy (one element a thread, blocks of 256)",
                       loop_mode_variants([&] { saxpy_plain(a, x.data(), y.data(), out.data(), n); },
                                          [&] { saxpy_checked(a, x.data(), n, y.data(), n, out.data(), n); },
                                          [&] { kernels::launch_saxpy(config, a, x, y, out); }),
                       out, n, 15)));
  // The same with float32[:] parameters, strides read at run time.
  loop_ratios.emplace_back(
      "saxpy float32[:]",
      loop_mode_ratio(compare("saxpy with float32[:] parameters (any layout: strides read at run time)",
                              loop_mode_variants([&] { saxpy_plain(a, x.data(), y.data(), out.data(), n); },
                                                 [&] { saxpy_checked(a, x.data(), n, y.data(), n, out.data(), n); },
                                                 [&] { kernels::launch_saxpy_any_layout(config, a, x, y, out); }),
                              out, n, 15)));

  // The stencil on a square grid of about n points, blocks of 16 x 16.
  int64_t side = 4;
  while ((side + 1) * (side + 1) <= n) ++side;
  py2cuda::DeviceArray<float, 2> grid({side, side}), smoothed({side, side});
  grid.copy_from_host(host_x.data());
  const int64_t tiles = (side + 15) / 16;
  const py2cuda::LaunchConfig config_2d{py2cuda::Dim3(tiles, tiles), py2cuda::Dim3(16, 16)};
  loop_ratios.emplace_back(
      "stencil", loop_mode_ratio(compare("five-point stencil on a 2-D grid (blocks of 16 x 16)",
                         loop_mode_variants([&] { stencil_plain(grid.data(), smoothed.data(), side, side); },
                                            [&] { stencil_checked(grid.data(), smoothed.data(), side, side); },
                                            [&] { kernels::launch_stencil(config_2d, grid, smoothed); }),
                         smoothed, side * side, 15)));

  // The grid-stride loop: 64 blocks of 256 threads, each thread over n / 16384 elements.
  const py2cuda::LaunchConfig config_stride{py2cuda::Dim3(64), py2cuda::Dim3(kBlock)};
  loop_ratios.emplace_back(
      "grid-stride", loop_mode_ratio(compare("grid-stride loop with math.sqrt (64 blocks of 256 threads)",
                             loop_mode_variants([&] { magnitude_plain(x.data(), y.data(), out.data(), n); },
                                                [&] { magnitude_checked(x.data(), n, y.data(), n, out.data(), n); },
                                                [&] { kernels::launch_magnitude(config_stride, x, y, out); }),
                             out, n, 15)));

  std::printf("\nloop mode, 1 worker, CPU time / checked plain loop:");
  double worst = 0;
  for (const auto& [name, ratio] : loop_ratios) {
    std::printf(" %s %.2fx;", name.c_str(), ratio);
    worst = std::max(worst, ratio);
  }
  std::printf(" worst %.2fx (%s the 2x target)\n", worst, worst <= 2.0 ? "meets" : "misses");

  // Fiber mode: the block reduction, one partial sum per block.
  const int64_t blocks = (n + kernels::TPB - 1) / kernels::TPB;
  py2cuda::DeviceArray<float, 1> partial({blocks});
  const py2cuda::LaunchConfig sum_config{py2cuda::Dim3(blocks), py2cuda::Dim3(kernels::TPB)};
  const std::vector<bench::Variant> sum_variants = {
      {"barrier-phased loop", [&] { block_sum_plain(x.data(), n, partial.data(), blocks); }},
      {"phased, checked", [&] { block_sum_checked(x.data(), n, partial.data(), blocks); }},
      {"fiber mode, 1 worker", [&] {
         py2cuda::emu::set_deterministic(true);
         kernels::launch_block_sum(sum_config, x, partial);
       }},
      {"fiber mode, pool", [&] {
         py2cuda::emu::set_deterministic(false);
         kernels::launch_block_sum(sum_config, x, partial);
       }},
  };
  char title[160];
  std::snprintf(title, sizeof title, "block reduction (shared memory, %lld barriers per thread), %lld blocks of %lld threads",
                static_cast<long long>(kSumBarriers), static_cast<long long>(blocks),
                static_cast<long long>(kernels::TPB));
  const std::vector<double> sum_cpu = compare(title, sum_variants, partial, n, 7);
  const double crossings = static_cast<double>(blocks * kernels::TPB * kSumBarriers);
  std::printf("\nfiber mode, 1 worker, CPU time / barrier-phased loop: %.2fx; / checked phased loop: %.2fx; "
              "%.1f ns of CPU per thread-barrier crossing (everything included)\n",
              sum_cpu[2] / sum_cpu[0], sum_cpu[2] / sum_cpu[1], sum_cpu[2] / crossings * 1e9);
  return 0;
}
