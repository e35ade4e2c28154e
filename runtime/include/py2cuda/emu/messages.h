// py2cuda runtime, CPU emulation: the pieces of its error messages.
//
// Messages name things the way the user wrote them: the kernel by its Python name and
// location, blocks and threads as (x,y,z) like blockIdx/threadIdx, and sets of threads
// as runs of consecutive threads ("threads (0,0,0)-(15,0,0)").
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "../launch_config.h"
#include "context.h"

namespace py2cuda::emu::detail {

// "(3,0,0)"
inline std::string index_text(const Uint3& i) {
  return "(" + std::to_string(i.x) + "," + std::to_string(i.y) + "," + std::to_string(i.z) + ")";
}

// "kernel 'k' at k.py:12"
inline std::string kernel_text(const KernelInfo& info) {
  return std::string("kernel '") + (info.name ? info.name : "?") + "' at " + (info.location ? info.location : "?");
}

// "kernel 'k' at k.py:12, block (0,0,0), thread (3,0,0)" for the CUDA thread running
// now, or "host code" outside kernels.
inline std::string current_thread_text() {
  if (!current.kernel) return "host code";
  return kernel_text(*current.kernel) + ", block " + index_text(current.block_idx) + ", thread " +
         index_text(current.thread_idx);
}

// A set of threads of a block of shape `dim`, given by linear indices in increasing
// order, as runs: "thread (5,0,0)", "16 threads (0,0,0)-(15,0,0)", "40 threads
// (0,0,0)-(7,0,0), (0,1,0)-(7,1,0), ... and 8 more". At most `max_runs` runs are listed.
// The same for blocks of a grid of shape `dim` with noun "block".
inline std::string threads_text(const std::vector<uint32_t>& linear, const Uint3& dim, std::size_t max_runs = 4,
                                const std::string& noun = "thread") {
  if (linear.empty()) return "no " + noun + "s";
  if (linear.size() == 1) return noun + " " + index_text(unflatten(linear[0], dim));
  std::string text = std::to_string(linear.size()) + " " + noun + "s ";
  std::size_t runs = 0, listed = 0, i = 0;
  while (i < linear.size()) {
    std::size_t j = i;
    while (j + 1 < linear.size() && linear[j + 1] == linear[j] + 1) ++j;
    if (runs == max_runs) {
      text += ", ... and " + std::to_string(linear.size() - listed) + " more";
      break;
    }
    text += (runs ? ", " : "") + index_text(unflatten(linear[i], dim));
    if (j > i) text += "-" + index_text(unflatten(linear[j], dim));
    listed += j - i + 1;
    ++runs;
    i = j + 1;
  }
  return text;
}

}  // namespace py2cuda::emu::detail
