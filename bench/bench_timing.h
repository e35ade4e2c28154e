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
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace bench {

struct Variant {
  std::string name;
  std::function<void()> run;
};

// The median seconds of each variant, in order: rounds continue until there are at
// least `min_rounds` of them and at least `min_total_s` seconds have been measured.
inline std::vector<double> interleaved_medians(const std::vector<Variant>& variants, double min_total_s,
                                               int min_rounds) {
  using clock = std::chrono::steady_clock;
  for (const Variant& v : variants) v.run();
  std::vector<std::vector<double>> times(variants.size());
  double total = 0;
  for (int round = 0; round < min_rounds || total < min_total_s; ++round) {
    for (std::size_t i = 0; i < variants.size(); ++i) {
      const auto start = clock::now();
      variants[i].run();
      const double seconds = std::chrono::duration<double>(clock::now() - start).count();
      times[i].push_back(seconds);
      total += seconds;
    }
  }
  std::vector<double> medians;
  for (std::vector<double>& t : times) {
    std::sort(t.begin(), t.end());
    const std::size_t n = t.size();
    medians.push_back(n % 2 ? t[n / 2] : (t[n / 2 - 1] + t[n / 2]) / 2);
  }
  return medians;
}

}  // namespace bench
