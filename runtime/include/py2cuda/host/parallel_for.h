// py2cuda host runtime: the loop of a ufunc with target='parallel', split over threads.
//
// Numba's parallel target runs a ufunc's loop on its threading layer (TBB, OpenMP or
// workqueue), in chunks of the flat index. The build links no OpenMP, and every
// program already links pthreads (the emulation's thread pool), so std::thread: one
// contiguous chunk of [0, n) per hardware thread (PY2CUDA_NUM_THREADS, as
// NUMBA_NUM_THREADS, overrides the count), small loops on the calling thread only.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <exception>
#include <thread>
#include <vector>

namespace py2cuda::host {

inline unsigned parallel_threads() {
  if (const char* env = std::getenv("PY2CUDA_NUM_THREADS")) {
    const long n = std::strtol(env, nullptr, 10);
    if (n > 0) return static_cast<unsigned>(n);
  }
  const unsigned hw = std::thread::hardware_concurrency();
  return hw ? hw : 1;
}

// body(begin, end) over chunks of [0, n); the first exception a chunk throws is rethrown.
template <class Body>
void parallel_for(int64_t n, Body body) {
  constexpr int64_t kMinChunk = 4096;  // below this a thread costs more than it saves
  const int64_t threads = std::min<int64_t>(parallel_threads(), std::max<int64_t>(1, n / kMinChunk));
  if (threads <= 1) {
    if (n > 0) body(int64_t{0}, n);
    return;
  }
  std::vector<std::thread> pool;
  std::vector<std::exception_ptr> errors(static_cast<std::size_t>(threads));
  const int64_t chunk = (n + threads - 1) / threads;
  for (int64_t t = 0; t < threads; ++t) {
    const int64_t begin = t * chunk, end = std::min(n, begin + chunk);
    pool.emplace_back([&, t, begin, end] {
      try {
        if (begin < end) body(begin, end);
      } catch (...) {
        errors[static_cast<std::size_t>(t)] = std::current_exception();
      }
    });
  }
  for (auto& th : pool) th.join();
  for (auto& e : errors) {
    if (e) std::rethrow_exception(e);
  }
}

}  // namespace py2cuda::host
