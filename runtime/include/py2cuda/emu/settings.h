// py2cuda runtime, CPU emulation: the settings, from the environment or set by the program.
//
//   PY2CUDA_EMU_THREADS=N          blocks run at once, on N OS threads (the launching
//                                  thread and N-1 pool workers); default: the number of
//                                  hardware threads
//   PY2CUDA_EMU_DETERMINISTIC=1    run the blocks one after another, in order (x fastest,
//                                  then y, then z), on the launching thread
//   PY2CUDA_EMU_STACK_KB=N         stack of each fiber (CUDA thread of a kernel with
//                                  barriers), in KiB; default 64
//   PY2CUDA_EMU_BOUNDS_CHECK=0     report no out-of-bounds accesses (compiling with
//                                  -DPY2CUDA_NO_BOUNDS_CHECK removes the checks themselves)
//
// The environment is read once, at the first use; a value that is not understood
// throws py2cuda::Error from that use (a launch) rather than being ignored. The set_*
// functions override it for the rest of the program (or until called again) and take
// effect at the next launch.
#pragma once

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cstddef>
#include <cstdlib>
#include <string>
#include <thread>

#include "../error.h"

namespace py2cuda::emu {

namespace detail {

inline constexpr unsigned kMaxThreads = 1024;
inline constexpr std::size_t kDefaultStackKiB = 64;
inline constexpr std::size_t kMinStackKiB = 16;
inline constexpr std::size_t kMaxStackKiB = 1024 * 1024;

[[noreturn]] inline void bad_setting(const char* name, const std::string& value, const char* expected) {
  throw Error(std::string("py2cuda: ") + name + "='" + value + "' is not understood: expected " + expected);
}

// The environment variable `name` as a whole number in [lo, hi]; `fallback` when unset or empty.
inline std::size_t env_number(const char* name, std::size_t lo, std::size_t hi, std::size_t fallback) {
  const char* raw = std::getenv(name);
  if (!raw || !*raw) return fallback;
  const std::string value(raw);
  const std::string expected = "a whole number from " + std::to_string(lo) + " to " + std::to_string(hi);
  if (!std::all_of(value.begin(), value.end(), [](unsigned char c) { return std::isdigit(c); }) || value.size() > 12) {
    bad_setting(name, value, expected.c_str());
  }
  const std::size_t n = std::stoull(value);
  if (n < lo || n > hi) bad_setting(name, value, expected.c_str());
  return n;
}

// The environment variable `name` as a yes/no; `fallback` when unset or empty.
inline bool env_flag(const char* name, bool fallback) {
  const char* raw = std::getenv(name);
  if (!raw || !*raw) return fallback;
  std::string value(raw);
  for (char& c : value) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (value == "1" || value == "true" || value == "yes" || value == "on") return true;
  if (value == "0" || value == "false" || value == "no" || value == "off") return false;
  bad_setting(name, raw, "1 or 0 (also true/false, yes/no, on/off)");
}

inline unsigned default_threads() {
  const unsigned hardware = std::thread::hardware_concurrency();
  return std::clamp(hardware, 1u, kMaxThreads);
}

// Whether out-of-bounds accesses are reported, read by every subscript that fails its check
// (bounds_check.h) with no call: any call on that path, even a cold one that returns, makes the
// compiler keep the kernel's values in memory across every subscript of the hot path. So it
// is not behind settings()' initialisation guard: set from the environment before main()
// (leniently: a value not understood is reported by settings() at its first use, a launch),
// and again by Settings() and set_bounds_check().
inline bool env_flag_lenient(const char* name, bool fallback) noexcept {
  try {
    return env_flag(name, fallback);
  } catch (...) {
    return fallback;
  }
}
inline std::atomic<bool> report_bounds{env_flag_lenient("PY2CUDA_EMU_BOUNDS_CHECK", true)};

struct Settings {
  std::atomic<unsigned> threads;
  std::atomic<bool> deterministic;
  std::atomic<std::size_t> stack_bytes;

  Settings()
      : threads(static_cast<unsigned>(env_number("PY2CUDA_EMU_THREADS", 1, kMaxThreads, default_threads()))),
        deterministic(env_flag("PY2CUDA_EMU_DETERMINISTIC", false)),
        stack_bytes(1024 * env_number("PY2CUDA_EMU_STACK_KB", kMinStackKiB, kMaxStackKiB, kDefaultStackKiB)) {
    report_bounds.store(env_flag("PY2CUDA_EMU_BOUNDS_CHECK", true));
  }
};

// Read from the environment at the first call; a bad value throws Error, and the
// next call tries again (and throws again).
inline Settings& settings() {
  static Settings instance;
  return instance;
}

}  // namespace detail

// Blocks run one after another, in order, on the launching thread.
inline void set_deterministic(bool on) { detail::settings().deterministic.store(on); }
inline bool deterministic() { return detail::settings().deterministic.load(); }

// How many OS threads run blocks at once (1 to 1024); 0 restores the default.
inline void set_worker_threads(unsigned n) {
  if (n > detail::kMaxThreads) {
    throw Error("py2cuda: set_worker_threads(" + std::to_string(n) + "): at most " +
                std::to_string(detail::kMaxThreads) + " threads");
  }
  detail::settings().threads.store(n == 0 ? detail::default_threads() : n);
}
inline unsigned worker_threads() { return detail::settings().threads.load(); }

// The stack of each fiber, in bytes (at least 16 KiB).
inline void set_fiber_stack_size(std::size_t bytes) {
  if (bytes < detail::kMinStackKiB * 1024) {
    throw Error("py2cuda: set_fiber_stack_size(" + std::to_string(bytes) + "): at least " +
                std::to_string(detail::kMinStackKiB * 1024) + " bytes");
  }
  detail::settings().stack_bytes.store(bytes);
}
inline std::size_t fiber_stack_size() { return detail::settings().stack_bytes.load(); }

// Whether out-of-bounds accesses are reported (when compiled in; see array.h).
inline void set_bounds_check(bool on) {
  detail::settings();  // the environment's value first, so that it cannot override this one later
  detail::report_bounds.store(on);
}
inline bool bounds_check() {
  detail::settings();
  return detail::report_bounds.load();
}

}  // namespace py2cuda::emu
