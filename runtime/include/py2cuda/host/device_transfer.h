// py2cuda host runtime: moving NDArrays to and from device memory.
//
//   d_a = cuda.to_device(a)        auto d_a = host::to_device(a);
//   a = d_a.copy_to_host()         auto a = host::from_device(d_a);
//   d_a.copy_to_host(a)            host::copy_to_host(d_a, a);
//
// A DeviceArray is C-contiguous; a host array that is not (a view, a transpose) goes
// through a C-order copy, as Numba's to_device does with np.ascontiguousarray. Kept apart
// from ndarray.h so that host-only code does not pull in a backend.
#pragma once

#include <cstdint>

#include "../device_array.h"
#include "exceptions.h"
#include "ndarray.h"
#include "views.h"

namespace py2cuda::host {

// cuda.to_device(a): a new device array with a's shape and elements.
template <class T, int N>
DeviceArray<T, N> to_device(const NDArray<T, N>& a) {
  const NDArray<T, N> contiguous = ascontiguousarray(a);
  DeviceArray<T, N> device(contiguous.shape());
  if (contiguous.size() > 0) device.copy_from_host(contiguous.data());
  return device;
}

// d_a.copy_to_host(): a new host array with the device array's shape and elements.
template <class T, int N>
NDArray<T, N> from_device(const DeviceArray<T, N>& device) {
  NDArray<T, N> host(device.shape());
  if (host.size() > 0) device.copy_to_host(host.data());
  return host;
}

// d_a.copy_to_host(a): overwrites an existing host array (any layout) of the same shape.
template <class T, int N>
void copy_to_host(const DeviceArray<T, N>& device, const NDArray<T, N>& host) {
  if (device.shape() != host.shape()) {
    throw PyException("ValueError", "incompatible shape: " + detail::shape_repr(host.shape()) + " vs. " +
                                        detail::shape_repr(device.shape()));
  }
  if (host.is_c_contiguous()) {
    if (host.size() > 0) device.copy_to_host(host.data());
    return;
  }
  assign(host, from_device(device));
}

// d_a.copy_to_device(a): overwrites the device array from a host array of the same shape.
template <class T, int N>
void copy_to_device(DeviceArray<T, N>& device, const NDArray<T, N>& host) {
  if (device.shape() != host.shape()) {
    throw PyException("ValueError", "incompatible shape: " + detail::shape_repr(host.shape()) + " vs. " +
                                        detail::shape_repr(device.shape()));
  }
  const NDArray<T, N> contiguous = ascontiguousarray(host);
  if (contiguous.size() > 0) device.copy_from_host(contiguous.data());
}

}  // namespace py2cuda::host
