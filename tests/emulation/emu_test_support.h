// Helpers shared by the CPU emulation's unit tests (tests/unit/test_emu_*.cpp).
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <future>
#include <string>
#include <utility>

// Last: it defines CUDA's keywords as macros (see emu/cuda_keywords.h).
#include <py2cuda/runtime.h>

namespace emu_test {

// Restores the emulation settings a test changed (they are global to the program).
class ScopedSettings {
 public:
  ScopedSettings()
      : deterministic_(py2cuda::emu::deterministic()),
        threads_(py2cuda::emu::worker_threads()),
        stack_(py2cuda::emu::fiber_stack_size()),
        bounds_(py2cuda::emu::bounds_check()) {}
  ScopedSettings(const ScopedSettings&) = delete;
  ScopedSettings& operator=(const ScopedSettings&) = delete;
  ~ScopedSettings() {
    py2cuda::emu::set_deterministic(deterministic_);
    py2cuda::emu::set_worker_threads(threads_);
    py2cuda::emu::set_fiber_stack_size(stack_);
    py2cuda::emu::set_bounds_check(bounds_);
  }

 private:
  bool deterministic_;
  unsigned threads_;
  std::size_t stack_;
  bool bounds_;
};

// Runs `f` (a launch that must not hang) on another thread and waits at most `seconds`.
// A hung emulated block cannot be stopped from outside, so a hang ends the whole test
// program with a message instead of blocking ctest until its own timeout.
template <class F>
auto within_seconds(int seconds, F&& f) {
  auto result = std::async(std::launch::async, std::forward<F>(f));
  if (result.wait_for(std::chrono::seconds(seconds)) == std::future_status::timeout) {
    std::fprintf(stderr, "FATAL: an emulated launch hung for %d s (a barrier that never completes?)\n", seconds);
    std::fflush(stderr);
    std::_Exit(1);
  }
  return result.get();  // rethrows what f threw
}

// The message of the py2cuda::Error that `f` throws, or "" (a test failure) if none.
template <class F>
std::string error_of(F&& f) {
  try {
    std::forward<F>(f)();
  } catch (const py2cuda::Error& e) {
    return e.what();
  } catch (const std::exception& e) {
    ADD_FAILURE() << "threw something other than py2cuda::Error: " << e.what();
    return "";
  }
  ADD_FAILURE() << "did not throw";
  return "";
}

// A 1-D DeviceArray of n elements, each `value`.
template <class T>
py2cuda::DeviceArray<T, 1> filled(int64_t n, T value) {
  py2cuda::HostArray<T, 1> host({n});
  for (int64_t i = 0; i < n; ++i) host(i) = value;
  return py2cuda::to_device(host);
}

}  // namespace emu_test
