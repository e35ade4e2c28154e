// py2cuda runtime: DeviceArray<T, N>, an owning C-contiguous array in device memory.
//
// What numba.cuda.to_device / device_array / device_array_like return. Owns its
// allocation (RAII, move-only) and converts to the Array view a kernel takes, so
// it can be passed straight to a launch. Like a pointer, constness is shallow: a
// const DeviceArray still gives a writable view, as Numba's device arrays do.
// Copies are synchronous, on the default stream.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>

#include "array.h"
#include "backend.h"
#include "error.h"
#include "host_array.h"

namespace py2cuda {

template <class T, int N>
class DeviceArray {
 public:
  using Shape = std::array<int64_t, N>;

  // An empty array with no allocation.
  DeviceArray() = default;

  // Uninitialised device memory of the given shape, like numba.cuda.device_array.
  explicit DeviceArray(const Shape& shape)
      : shape_(shape),
        size_(detail::checked_size(shape)),
        data_(static_cast<T*>(backend::device_alloc(nbytes()))) {}

  DeviceArray(const DeviceArray&) = delete;
  DeviceArray& operator=(const DeviceArray&) = delete;

  DeviceArray(DeviceArray&& other) noexcept
      : shape_(std::exchange(other.shape_, Shape{})),
        size_(std::exchange(other.size_, 0)),
        data_(std::exchange(other.data_, nullptr)) {}

  DeviceArray& operator=(DeviceArray&& other) noexcept {
    if (this != &other) {
      backend::device_free(data_);
      shape_ = std::exchange(other.shape_, Shape{});
      size_ = std::exchange(other.size_, 0);
      data_ = std::exchange(other.data_, nullptr);
    }
    return *this;
  }

  ~DeviceArray() { backend::device_free(data_); }

  CArray<T, N> view() const { return c_array_view(data_, shape_); }
  operator CArray<T, N>() const { return view(); }
  operator CArray<const T, N>() const { return view(); }

  T* data() const { return data_; }
  const Shape& shape() const { return shape_; }
  int64_t shape(int dim) const { return shape_[static_cast<std::size_t>(dim)]; }
  int64_t size() const { return size_; }
  std::size_t nbytes() const { return static_cast<std::size_t>(size_) * sizeof(T); }

  // Copies all size() elements to `dst`, host memory in C order.
  void copy_to_host(T* dst) const { backend::copy_device_to_host(dst, data_, nbytes()); }

  // A new host array with this array's shape and contents.
  HostArray<T, N> copy_to_host() const {
    HostArray<T, N> host(shape_);
    copy_to_host(host.data());
    return host;
  }

  // Overwrites all size() elements from `src`, host memory in C order.
  void copy_from_host(const T* src) { backend::copy_host_to_device(data_, src, nbytes()); }

  // Overwrites the contents from a host array of the same shape.
  void copy_from_host(const HostArray<T, N>& src) {
    require_same_shape(src.shape(), "copy_from_host");
    copy_from_host(src.data());
  }

  // Overwrites the contents from another device array of the same shape.
  void copy_from_device(const DeviceArray& src) {
    require_same_shape(src.shape(), "copy_from_device");
    backend::copy_device_to_device(data_, src.data_, nbytes());
  }

 private:
  void require_same_shape(const Shape& other, const char* what) const {
    if (other == shape_) return;
    throw Error(std::string("py2cuda: DeviceArray::") + what + ": shape " + shape_text(other) +
                " does not match the device array's shape " + shape_text(shape_));
  }

  static std::string shape_text(const Shape& shape) {
    std::string text = "(";
    for (std::size_t d = 0; d < shape.size(); ++d) {
      text += (d ? ", " : "") + std::to_string(shape[d]);
    }
    return text + (shape.size() == 1 ? ",)" : ")");
  }

  Shape shape_{};
  int64_t size_ = 0;
  T* data_ = nullptr;
};

// numba.cuda.device_array(shape, dtype): uninitialised device memory.
template <class T, std::size_t N>
DeviceArray<T, static_cast<int>(N)> device_array(const std::array<int64_t, N>& shape) {
  return DeviceArray<T, static_cast<int>(N)>(shape);
}

// numba.cuda.to_device(host_array): a device copy of a host array.
template <class T, int N>
DeviceArray<T, N> to_device(const HostArray<T, N>& host) {
  DeviceArray<T, N> device(host.shape());
  device.copy_from_host(host.data());
  return device;
}

// A device copy of C-contiguous host memory holding an array of the given shape.
template <class T, std::size_t N>
DeviceArray<T, static_cast<int>(N)> to_device(const T* data, const std::array<int64_t, N>& shape) {
  DeviceArray<T, static_cast<int>(N)> device(shape);
  device.copy_from_host(data);
  return device;
}

// numba.cuda.device_array_like(a): uninitialised, with a's shape and element type.
template <class T, int N>
DeviceArray<T, N> device_array_like(const HostArray<T, N>& like) {
  return DeviceArray<T, N>(like.shape());
}

template <class T, int N>
DeviceArray<T, N> device_array_like(const DeviceArray<T, N>& like) {
  return DeviceArray<T, N>(like.shape());
}

}  // namespace py2cuda
