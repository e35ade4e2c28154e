// Timing for the C++ benchmarks: medians of interleaved runs.
//
// Each benchmark compares variants (a plain loop, the emulation in two modes, ...).
// On a shared machine the load changes while it runs, so the variants are run in
// rounds, one run of each per round, rather than all runs of one then all of the
// next: a busy spell then slows every variant alike. Each variant also runs once,
// untimed, before the first round (page faults on new memory, the emulation's
// first launch making its worker threads and fibers).
#pragma once

#include <algorithm>
#include <chrono>
#include <ctime>
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace bench {

struct Variant {
  std::string name;
  std::function<void()> run;
};

// The process's CPU seconds so far, every thread's (the emulation's pool workers too).
inline double process_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

inline double median(std::vector<double> t) {
  std::sort(t.begin(), t.end());
  const std::size_t n = t.size();
  return n % 2 ? t[n / 2] : (t[n / 2 - 1] + t[n / 2]) / 2;
}

// The median seconds of each variant, in order: rounds continue until there are at
// least `min_rounds` of them and at least `min_total_s` seconds have been measured.
// With `cpu_medians`, also the median CPU seconds of each (all threads of the process):
// on a machine shared with other work a run longer than the scheduler's time slice waits
// for a core part of its wall time, which a short run rarely does, so the wall times of a
// short and a long variant are not comparable there, and their CPU times are.
inline std::vector<double> interleaved_medians(const std::vector<Variant>& variants, double min_total_s,
                                               int min_rounds, std::vector<double>* cpu_medians = nullptr) {
  using clock = std::chrono::steady_clock;
  for (const Variant& v : variants) v.run();
  std::vector<std::vector<double>> times(variants.size()), cpu_times(variants.size());
  double total = 0;
  for (int round = 0; round < min_rounds || total < min_total_s; ++round) {
    for (std::size_t i = 0; i < variants.size(); ++i) {
      const double cpu_start = process_cpu_seconds();
      const auto start = clock::now();
      variants[i].run();
      const double seconds = std::chrono::duration<double>(clock::now() - start).count();
      cpu_times[i].push_back(process_cpu_seconds() - cpu_start);
      times[i].push_back(seconds);
      total += seconds;
    }
  }
  std::vector<double> medians;
  for (const std::vector<double>& t : times) medians.push_back(median(t));
  if (cpu_medians) {
    cpu_medians->clear();
    for (const std::vector<double>& t : cpu_times) cpu_medians->push_back(median(t));
  }
  return medians;
}

}  // namespace bench
