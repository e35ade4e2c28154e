// Benchmark: how fast the CPU emulation's fiber mode crosses __syncthreads().
//
//   g++ -std=c++20 -O2 -I runtime/include bench/barrier_throughput.cpp
//       -o barrier_throughput -lboost_context -pthread
//   ./barrier_throughput
//
// A kernel with barriers runs each CUDA thread of a block as a fiber
// (emu/fiber_block.h); every __syncthreads() parks each thread's fiber and the
// scheduler resumes them all once every thread has arrived: one fiber switch out
// and one back per thread per barrier, plus the scheduler's sweeps over the block.
// The kernel below does nothing else, so its time is the barriers' cost.
//
// For blocks of 32, 256 and 1024 threads it prints thread-barrier crossings per
// second (threads x barriers / seconds: one crossing is one thread passing one
// barrier) and nanoseconds per crossing, with one worker (the blocks in order on
// the launching thread) and with the default pool (one OS thread per core).
// Every launch makes about the same number of crossings whatever the block size.
#include <py2cuda/runtime.h>

#include <cstdint>
#include <cstdio>
#include <vector>

#include "bench_timing.h"

namespace barrier_bench {

// As py2cuda emits
//
//   @cuda.jit("void(int32[:], int32)")
//   def barrier_loop(out, barriers):
//       passed = 0
//       for b in range(barriers):
//           cuda.syncthreads()
//           passed += 1
//       if cuda.threadIdx.x == 0:
//           out[cuda.blockIdx.x] = passed
__global__ void barrier_loop(py2cuda::Array<int32_t, 1> out, int32_t barriers) {
  int32_t passed = 0;
  for (int32_t b = 0; b < barriers; ++b) {
    __syncthreads();
    passed += 1;
  }
  if (threadIdx.x == 0) {
    out(blockIdx.x) = passed;
  }
}

void launch_barrier_loop(const py2cuda::LaunchConfig& config, py2cuda::Array<int32_t, 1> out, int32_t barriers) {
  static constexpr py2cuda::KernelInfo info{"barrier_loop", "barrier_bench.py:2", true, false};
  py2cuda::launch<barrier_loop>(config, info, out, barriers);
}

}  // namespace barrier_bench

int main() {
  // Four blocks, so that the pool's OS threads (two on two cores) all have some;
  // 2**21 crossings per launch, a few tens of milliseconds.
  constexpr uint32_t kBlocks = 4;
  constexpr int64_t kCrossingsPerLaunch = int64_t{1} << 21;
  const uint32_t block_sizes[] = {32, 256, 1024};

  py2cuda::DeviceArray<int32_t, 1> out({kBlocks});
  std::printf("%u blocks per launch, %lld thread-barrier crossings per launch; pool: %u OS threads\n", kBlocks,
              static_cast<long long>(kCrossingsPerLaunch), py2cuda::emu::worker_threads());
  std::printf("%-7s  %8s  %-9s  %10s  %14s  %13s\n", "threads", "barriers", "workers", "median ms", "crossings/s",
              "ns/crossing");
  int status = 0;
  for (const uint32_t threads : block_sizes) {
    const int32_t barriers = static_cast<int32_t>(kCrossingsPerLaunch / (int64_t{kBlocks} * threads));
    const py2cuda::LaunchConfig config{py2cuda::Dim3(kBlocks), py2cuda::Dim3(threads)};
    auto launch = [&] { barrier_bench::launch_barrier_loop(config, out, barriers); };
    const std::vector<bench::Variant> variants = {
        {"1", [&] {
           py2cuda::emu::set_deterministic(true);
           launch();
         }},
        {"pool", [&] {
           py2cuda::emu::set_deterministic(false);
           launch();
         }},
    };
    const std::vector<double> medians = bench::interleaved_medians(variants, 0.6, 5);

    std::vector<int32_t> passed(kBlocks);
    out.copy_to_host(passed.data());
    for (const int32_t p : passed) {
      if (p != barriers) {
        std::fprintf(stderr, "block of %u threads: %d barriers passed, not %d\n", threads, p, barriers);
        status = 1;
      }
    }
    const double crossings = static_cast<double>(kBlocks) * threads * barriers;
    for (std::size_t v = 0; v < variants.size(); ++v) {
      std::printf("%-7u  %8d  %-9s  %10.3f  %14.3e  %13.2f\n", threads, barriers, variants[v].name.c_str(),
                  medians[v] * 1e3, crossings / medians[v], medians[v] / crossings * 1e9);
    }
  }
  return status;
}
