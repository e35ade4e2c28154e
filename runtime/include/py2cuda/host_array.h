// py2cuda runtime: HostArray<T, N>, an owning C-contiguous array in host memory.
//
// The host-side counterpart of a NumPy array in the translated program: what
// `np.zeros`, `np.arange` or `d_x.copy_to_host()` produce. Needs no GPU.
//
// Storage is a std::unique_ptr<T[]> rather than a std::vector<T>, because
// std::vector<bool> packs bits and has no data(): arrays of np.bool_ must still be
// one bool per element, readable through a bool*.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>

#include "array.h"
#include "error.h"

namespace py2cuda {

namespace detail {

// The number of elements of `shape`; throws Error for a negative dimension.
template <std::size_t N>
int64_t checked_size(const std::array<int64_t, N>& shape) {
  int64_t n = 1;
  for (std::size_t d = 0; d < N; ++d) {
    if (shape[d] < 0) {
      throw Error("py2cuda: array dimension " + std::to_string(d) + " has negative size " +
                  std::to_string(shape[d]));
    }
    n *= shape[d];
  }
  return n;
}

}  // namespace detail

template <class T, int N>
class HostArray {
 public:
  using Shape = std::array<int64_t, N>;

  // An empty array (every dimension 0).
  HostArray() = default;

  // Zero-initialised, like np.zeros(shape).
  explicit HostArray(const Shape& shape)
      : shape_(shape), size_(detail::checked_size(shape)), storage_(std::make_unique<T[]>(static_cast<std::size_t>(size_))) {}

  // A copy of size() elements read from `values` in C order.
  HostArray(const Shape& shape, const T* values) : HostArray(shape) {
    std::copy(values, values + size_, storage_.get());
  }

  HostArray(const HostArray& other) : HostArray(other.shape_, other.data()) {}
  HostArray& operator=(const HostArray& other) {
    if (this != &other) *this = HostArray(other);
    return *this;
  }
  // A moved-from array is empty, not an array of its old shape without storage.
  HostArray(HostArray&& other) noexcept
      : shape_(std::exchange(other.shape_, Shape{})),
        size_(std::exchange(other.size_, 0)),
        storage_(std::move(other.storage_)) {}
  HostArray& operator=(HostArray&& other) noexcept {
    shape_ = std::exchange(other.shape_, Shape{});
    size_ = std::exchange(other.size_, 0);
    storage_ = std::move(other.storage_);
    return *this;
  }

  T* data() { return storage_.get(); }
  const T* data() const { return storage_.get(); }

  const Shape& shape() const { return shape_; }
  int64_t shape(int dim) const { return shape_[static_cast<std::size_t>(dim)]; }
  int64_t size() const { return size_; }

  CArray<T, N> view() { return c_array_view(data(), shape_); }
  CArray<const T, N> view() const { return c_array_view(data(), shape_); }

  // Element access, plain and with Python's negative indices, as on Array.
  template <class... I>
  T& operator()(I... index) {
    return view()(index...);
  }
  template <class... I>
  const T& operator()(I... index) const {
    return view()(index...);
  }
  template <class... I>
  T& at(I... index) {
    return view().at(index...);
  }
  template <class... I>
  const T& at(I... index) const {
    return view().at(index...);
  }

 private:
  Shape shape_{};
  int64_t size_ = 0;
  std::unique_ptr<T[]> storage_;
};

}  // namespace py2cuda
