// py2cuda runtime: one run of a ufunc (@vectorize / @guvectorize) by the harness.
//
//   BIN UFUNC [--out-dir DIR] ARG...
//
// A ufunc has no launch shape of its own to give: its host entry point broadcasts
// the operands and chooses the grid. Each ARG is an operand, a .npy array of any
// number of dimensions (broadcast by NumPy's rules) or a scalar literal; with
// --out-dir the results are written as DIR/out.npy (DIR/out0.npy, out1.npy, ... for
// several outputs), with the shape NumPy gives them.
//
// The translator registers each loop (signature) of a ufunc with a runner:
//
//   harness.ufunc("add_ufunc", "int64(int64, int64)", {"x", "y"}, {0, 0}, {0},
//                 [](py2cuda::harness::UfuncInvocation& call) {
//                   const auto x = py2cuda::harness::ufunc_operand<int64_t, 0>(call, 0);
//                   const auto y = py2cuda::harness::ufunc_operand<int64_t, 0>(call, 1);
//                   py2cuda::harness::ufunc_result(call, 0, mod::add_ufunc(x, y));
//                 });
//
// The driver runs the first loop whose input dtypes the .npy operands have exactly
// (numba-cuda resolves a CUDA ufunc's loop with casting='no'); a literal is read in
// that loop's type. Operands reach the entry point as host arrays of a fixed rank,
// kUfuncLoopRank loop dimensions padded with leading 1s (which broadcasting leaves
// alone) plus the operand's core dimensions, so one runner per loop serves every
// rank; the result's padding is dropped again before it is written.
//
// This file needs only the .npy reader; ufunc_operands.h, which the ufunc entry
// points' host arrays need, builds the operands.
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "../npy.h"
#include "command_line.h"

namespace py2cuda::harness {

// The loop dimensions an operand may have: NumPy's limit (NPY_MAXDIMS, 32). The
// entry points run calls of more than the loop functions' 4 block by block.
inline constexpr int kUfuncLoopRank = 32;

class UfuncInvocation {
 public:
  // `params` are the Python parameter names of the inputs, `args` their words (as
  // many: the driver has checked), `in_cores` each input's number of core dimensions
  // ('(n),()->()' gives {1, 0}; 0 everywhere for @vectorize), `out_cores` each output's.
  // Reads the .npy operands; operands that do not fit the ufunc throw UsageError.
  UfuncInvocation(std::string ufunc, std::vector<std::string> params, std::vector<std::string> args,
                  std::vector<int> in_cores, std::vector<int> out_cores)
      : ufunc_(std::move(ufunc)),
        params_(std::move(params)),
        args_(std::move(args)),
        in_cores_(std::move(in_cores)),
        out_cores_(std::move(out_cores)),
        arrays_(args_.size()),
        results_(out_cores_.size()) {
    for (std::size_t i = 0; i < args_.size(); ++i) {
      if (!is_npy_path(args_[i])) {
        if (in_cores_[i] > 0) {
          throw UsageError("argument '" + params_[i] + "' of '" + ufunc_ + "' has " + std::to_string(in_cores_[i]) +
                           " core dimension(s): give a .npy array, not '" + args_[i] + "'");
        }
        continue;
      }
      try {
        arrays_[i] = to_c_order(read_npy(args_[i]));
      } catch (const Error& e) {  // missing or malformed: bad input, status 1 (invocation.h)
        throw Error("argument '" + params_[i] + "': " + e.what());
      }
      const int loop = arrays_[i]->ndim() - in_cores_[i];
      if (loop < 0) {
        throw UsageError("argument '" + params_[i] + "' of '" + ufunc_ + "' has " + std::to_string(arrays_[i]->ndim()) +
                         " dimension(s), fewer than its " + std::to_string(in_cores_[i]) + " core dimension(s)");
      }
      if (loop > kUfuncLoopRank) {
        throw UsageError("argument '" + params_[i] + "' of '" + ufunc_ + "' has " + std::to_string(loop) +
                         " loop dimensions; the harness takes at most " + std::to_string(kUfuncLoopRank));
      }
      loop_rank_ = loop > loop_rank_ ? loop : loop_rank_;
    }
  }

  UfuncInvocation(const UfuncInvocation&) = delete;
  UfuncInvocation& operator=(const UfuncInvocation&) = delete;

  const std::string& ufunc() const { return ufunc_; }
  const std::string& param(int index) const { return params_[static_cast<std::size_t>(index)]; }
  const std::string& word(int index) const { return args_[static_cast<std::size_t>(index)]; }
  // Operand `index` as read from its .npy file (C order), or nullptr for a literal.
  const NpyArray* array(int index) const {
    const auto& a = arrays_[static_cast<std::size_t>(index)];
    return a ? &*a : nullptr;
  }
  // The dtype name of operand `index` ("float32"), or "" for a literal.
  std::string_view dtype_name(int index) const {
    const NpyArray* a = array(index);
    return a ? find_npy_dtype(a->dtype)->name : std::string_view{};
  }
  // The broadcast loop dimensions (NumPy's: the most any operand has).
  int loop_rank() const { return loop_rank_; }
  int out_core(int k) const { return out_cores_[static_cast<std::size_t>(k)]; }
  int outputs() const { return static_cast<int>(out_cores_.size()); }

  void set_result(int k, NpyArray result) { results_[static_cast<std::size_t>(k)] = std::move(result); }

  // DIR/out.npy, or DIR/out0.npy, DIR/out1.npy, ... for several outputs.
  void write_results(const std::filesystem::path& dir) const {
    for (std::size_t k = 0; k < results_.size(); ++k) {
      if (!results_[k]) throw Error("py2cuda harness: ufunc '" + ufunc_ + "' produced no output " + std::to_string(k));
      const std::string name = results_.size() == 1 ? "out.npy" : "out" + std::to_string(k) + ".npy";
      write_npy(dir / name, *results_[k]);
    }
  }

  static bool is_npy_path(std::string_view text) { return text.size() > 4 && text.substr(text.size() - 4) == ".npy"; }

 private:
  std::string ufunc_;
  std::vector<std::string> params_;
  std::vector<std::string> args_;
  std::vector<int> in_cores_;
  std::vector<int> out_cores_;
  std::vector<std::optional<NpyArray>> arrays_;
  std::vector<std::optional<NpyArray>> results_;
  int loop_rank_ = 0;
};

}  // namespace py2cuda::harness
