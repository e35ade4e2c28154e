// py2cuda host runtime: str() and repr() of a DeviceNDArray, as each backend's Numba prints one.
//
// numba-cuda on a GPU prints the Python object, `<numba.cuda.cudadrv.devicearray.DeviceNDArray
// object at 0x7f...>`: an address no two runs share, here the device pointer. Its simulator,
// which the CPU emulation stands in for, prints the array's values as NumPy does.
#pragma once

#include <array>
#include <cstdint>
#include <cstdio>
#include <string>

#include "../config.h"
#include "array_print.h"
#include "device_ndarray.h"

namespace py2cuda::host {

template <class T, int N>
std::string device_array_text(const DeviceNDArray<T, N>& d, bool as_repr) {
#if P2C_BACKEND_CUDA
  (void)as_repr;
  char text[96];
  std::snprintf(text, sizeof text, "<numba.cuda.cudadrv.devicearray.DeviceNDArray object at %p>",
                static_cast<const void*>(d.data()));
  return text;
#else
  // Device memory is host memory in emulation: the view prints in place, strided or not.
  const Array<T, N> v = d.view();
  std::array<int64_t, N> shape{}, strides{};
  for (int i = 0; i < N; ++i) shape[i] = v.shape[i], strides[i] = v.strides[i];
  const ArrayRef<T> ref{v.data, N, shape.data(), strides.data()};
  return as_repr ? array_repr(ref) : array_str(ref);
#endif
}

// type(d) and type(d).__name__: numba-cuda's class on a GPU, the simulator's in emulation.
inline std::string device_array_class_name() {
  return P2C_BACKEND_CUDA ? "DeviceNDArray" : "FakeCUDAArray";
}
inline std::string device_array_class_text() {
  return P2C_BACKEND_CUDA ? "<class 'numba.cuda.cudadrv.devicearray.DeviceNDArray'>"
                          : "<class 'numba.cuda.simulator.cudadrv.devicearray.FakeCUDAArray'>";
}

// The generic spellings, so code printing any value can call str()/repr().
template <class T, int N>
std::string str(const DeviceNDArray<T, N>& d) {
  return device_array_text(d, false);
}
template <class T, int N>
std::string repr(const DeviceNDArray<T, N>& d) {
  return device_array_text(d, true);
}

}  // namespace py2cuda::host
