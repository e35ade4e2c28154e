// py2cuda runtime: a harness ufunc runner's operands and results as the ufunc's host
// entry point takes and returns them: host NDArrays of kUfuncLoopRank + core
// dimensions (see ufunc_invocation.h).
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <vector>

#include "../host/ndarray.h"
#include "scalar.h"
#include "ufunc_invocation.h"

namespace py2cuda::harness {

// Operand `index`, an input of element type T with `Core` core dimensions: its .npy
// array (whose dtype the driver has matched with T) with leading 1s up to
// kUfuncLoopRank loop dimensions, or a literal as an array of one element.
template <class T, int Core>
host::NDArray<T, kUfuncLoopRank + Core> ufunc_operand(const UfuncInvocation& call, int index) {
  constexpr int M = kUfuncLoopRank + Core;
  std::array<int64_t, M> shape;
  shape.fill(1);
  const NpyArray* a = call.array(index);
  if (!a) {
    host::NDArray<T, M> one(shape);
    one.data()[0] = parse_scalar<T>(call.word(index), call.param(index));
    return one;
  }
  const int n = a->ndim();
  for (int d = 0; d < n; ++d) shape[static_cast<std::size_t>(M - n + d)] = a->shape[static_cast<std::size_t>(d)];
  host::NDArray<T, M> result(shape);
  if (a->data.size() != static_cast<std::size_t>(result.size()) * sizeof(T)) {
    throw Error("py2cuda harness: operand '" + call.param(index) + "' of '" + call.ufunc() + "' is not of the loop's dtype");
  }
  if (!a->data.empty()) std::memcpy(result.data(), a->data.data(), a->data.size());
  return result;
}

// Output `k` of the run, with the shape NumPy gives it: the operands' loop
// dimensions (the padding dropped) and the output's core dimensions.
template <class R, int M>
void ufunc_result(UfuncInvocation& call, int k, const host::NDArray<R, M>& value) {
  const int keep = call.loop_rank() + call.out_core(k);
  NpyArray out;
  out.dtype = std::string(npy_dtype<R>().descr);
  for (int d = M - keep; d < M; ++d) out.shape.push_back(value.shape(d));
  out.data.resize(static_cast<std::size_t>(value.size()) * sizeof(R));
  for (int64_t i = 0; i < value.size(); ++i) {
    const R element = value.flat(i);
    std::memcpy(out.data.data() + static_cast<std::size_t>(i) * sizeof(R), &element, sizeof(R));
  }
  call.set_result(k, std::move(out));
}

}  // namespace py2cuda::harness
