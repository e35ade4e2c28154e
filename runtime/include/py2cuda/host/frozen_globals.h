// py2cuda runtime: module globals a kernel reads that the host program computes when it runs.
//
// Numba freezes a global a kernel reads when it compiles the kernel, at its first launch:
// the value the module's code has given it by then (`W = np.outer(g, g); W /= W.sum()`).
// Where py2cuda can compute that value while it translates, it is a __constant__ C array
// (constant_array.h). Where only the running program can (a value from a call py2cuda does
// not evaluate, from the command line, changed in place before the launch), the .cu declares
//
//   __constant__ py2cuda::CArray<const double, 2> W;   // an array: a view of a device copy
//   __constant__ double SCALE;                          // a number
//
// and the host code, before each launch of a kernel that reads it, calls
//
//   py2cuda::host::freeze_global(W, W_global);
//
// which, the first time only, copies the host program's value into device memory (a
// C-contiguous copy, kept for the rest of the program) and sets the __constant__ variable.
// Later launches, and later changes to the host's value, leave it as it was: the frozen
// value. (Numba freezes once per kernel; py2cuda once per global, at the first launch of
// any kernel reading it: the same values unless two kernels reading one global are first
// launched on either side of a change to it.)
#pragma once

#include <map>
#include <set>

#include "../array.h"
#include "../backend.h"
#include "device_ndarray.h"
#include "ndarray.h"
#include "views.h"

namespace py2cuda::host {

// An array: the view kernels read, of a device copy made at the first call.
template <class T, int N>
void freeze_global(CArray<const T, N>& symbol, const NDArray<T, N>& value) {
  static std::map<const void*, DeviceNDArray<T, N>> copies;  // keeps each copy's memory
  if (copies.count(&symbol)) return;
  const DeviceNDArray<T, N> copy = to_device(ascontiguousarray(value));
  copies.emplace(&symbol, copy);
  Array<const T, N> view{copy.data(), {}, {}};
  for (int d = 0; d < N; ++d) {
    view.shape[d] = copy.shape(d);
    view.strides[d] = d + 1 == N ? 1 : 0;
  }
  for (int d = N - 2; d >= 0; --d) view.strides[d] = view.strides[d + 1] * view.shape[d + 1];
  backend::copy_to_symbol(symbol, CArray<const T, N>(view));
}

// A number: its value at the first call.
template <class T, class V>
void freeze_global(T& symbol, const V& value) {
  static std::set<const void*> frozen;
  if (!frozen.insert(&symbol).second) return;
  backend::copy_to_symbol(symbol, static_cast<T>(value));
}

}  // namespace py2cuda::host
