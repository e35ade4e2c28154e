// py2cuda host runtime: NDArray<T, N>, the NumPy ndarray of translated host code.
//
// Python names refer to objects, so `b = a` makes `b` another name for the same
// array: copying an NDArray aliases its storage (a shared_ptr-owned buffer), and a
// view (a[1:3], a.T) shares it too. `.copy()` is the deep copy. The element type and
// the number of dimensions are static, as Numba's typing knows them; the shape and
// the strides (in ELEMENTS, like py2cuda::Array, never bytes) are dynamic.
//
// Element access a(i, j) / a.at(i, j) follows Python: a negative index counts from
// the end, and an index still out of range raises IndexError with NumPy's message.
// Indexing every dimension gives a T& (NumPy's 0-d result is a plain scalar here).
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <type_traits>

#include "../array.h"
#include "exceptions.h"

namespace py2cuda::host {

template <int N>
using Shape = std::array<int64_t, static_cast<std::size_t>(N)>;

namespace detail {

// "(3,)" / "(2,4)" / "()": how NumPy's C code writes a shape in its messages (no spaces,
// unlike a Python tuple's repr).
template <std::size_t N>
std::string shape_repr(const std::array<int64_t, N>& shape) {
  std::string text = "(";
  for (std::size_t d = 0; d < N; ++d) text += (d ? "," : "") + std::to_string(shape[d]);
  return text + (N == 1 ? ",)" : ")");
}

// The number of elements of a shape; negative sizes are NumPy's ValueError.
template <std::size_t N>
int64_t checked_element_count(const std::array<int64_t, N>& shape) {
  int64_t count = 1;
  for (int64_t extent : shape) {
    if (extent < 0) throw PyException("ValueError", "negative dimensions are not allowed");
    count *= extent;
  }
  return count;
}

template <std::size_t N>
std::array<int64_t, N> contiguous_strides(const std::array<int64_t, N>& shape) {
  std::array<int64_t, N> strides{};
  int64_t step = 1;
  for (std::size_t d = N; d-- > 0;) {
    strides[d] = step;
    step *= shape[d];
  }
  return strides;
}

// Python's index rule for one dimension: wrap a negative index once, then bounds-check.
inline int64_t resolve_index(int64_t index, int64_t extent, int axis) {
  const int64_t resolved = index < 0 ? index + extent : index;
  if (resolved < 0 || resolved >= extent) {
    throw PyException("IndexError", "index " + std::to_string(index) + " is out of bounds for axis " +
                                        std::to_string(axis) + " with size " + std::to_string(extent));
  }
  return resolved;
}

// The kernel-side Array view of a host or device array's data, shape and strides.
template <class T, int N>
Array<T, N> strided_view(T* data, const std::array<int64_t, N>& shape, const std::array<int64_t, N>& strides) {
  Array<T, N> v{data, {}, {}};
  for (int d = 0; d < N; ++d) {
    v.shape[d] = shape[d];
    v.strides[d] = strides[d];
  }
  return v;
}

}  // namespace detail

template <class T, int N>
class NDArray {
  static_assert(N >= 1, "py2cuda::host::NDArray: 0-d results are plain scalars");
  static_assert(std::is_arithmetic_v<T>, "py2cuda::host::NDArray: numeric and bool elements only");

 public:
  using value_type = T;
  using ShapeType = Shape<N>;
  static constexpr int ndim = N;

  // An empty array (every extent 0), so NDArray can be default-constructed.
  NDArray() : NDArray(ShapeType{}) {}

  // A new C-contiguous array of `shape`, zero-filled (np.empty's contents are arbitrary,
  // zeros are one valid choice and make programs deterministic).
  explicit NDArray(const ShapeType& shape)
      : shape_(shape), strides_(detail::contiguous_strides(shape)) {
    const int64_t count = detail::checked_element_count(shape);
    // Never a null buffer, even for size 0, so views of empty arrays stay well-formed.
    storage_ = std::shared_ptr<T[]>(new T[static_cast<std::size_t>(count > 0 ? count : 1)]());
    data_ = storage_.get();
  }

  // A view of storage another array owns: what slicing and transposing make.
  NDArray(std::shared_ptr<T[]> storage, T* data, const ShapeType& shape, const ShapeType& strides)
      : storage_(std::move(storage)), data_(data), shape_(shape), strides_(strides) {}

  const ShapeType& shape() const { return shape_; }
  int64_t shape(int dim) const { return shape_[static_cast<std::size_t>(dim)]; }
  const ShapeType& strides() const { return strides_; }  // in elements
  int64_t stride(int dim) const { return strides_[static_cast<std::size_t>(dim)]; }
  int64_t size() const {
    int64_t count = 1;
    for (int64_t extent : shape_) count *= extent;
    return count;
  }
  T* data() const { return data_; }
  const std::shared_ptr<T[]>& storage() const { return storage_; }

  // NumPy's C_CONTIGUOUS flag: dimensions of extent 1 may have any stride.
  bool is_c_contiguous() const {
    int64_t expected = 1;
    for (int d = N - 1; d >= 0; --d) {
      if (shape_[d] == 0) return true;
      if (shape_[d] != 1 && strides_[d] != expected) return false;
      expected *= shape_[d];
    }
    return true;
  }

  // Whether `other` uses the same buffer: writes through one may change the other.
  template <class U, int M>
  bool shares_storage_with(const NDArray<U, M>& other) const {
    return static_cast<const void*>(storage_.get()) == static_cast<const void*>(other.storage().get());
  }

  // `a is b`: an NDArray is a handle, so two are one Python object when they view the same
  // buffer at the same place with the same shape and strides (a name bound to another, the array
  // `d.copy_to_host(out)` returns). A view of the whole array (`a[:]`) is one too here, where
  // NumPy made a new object.
  bool is(const NDArray& other) const {
    return storage_ == other.storage_ && data_ == other.data_ && shape_ == other.shape_ && strides_ == other.strides_;
  }

  // The kernel-side view: a host array passed to a launch (emulation), or the layout to copy.
  Array<T, N> view() const { return detail::strided_view<T, N>(data_, shape_, strides_); }
  operator Array<T, N>() const { return view(); }
  operator Array<const T, N>() const { return view(); }
  // For a kernel parameter of layout 'C' (what the translator types an array NumPy made
  // with): checked, a view that is not contiguous throws.
  operator CArray<T, N>() const { return CArray<T, N>(view()); }
  operator CArray<const T, N>() const { return CArray<const T, N>(view()); }

  // Python element access: one index per dimension, negative counts from the end.
  template <class... I>
  T& operator()(I... index) const {
    static_assert(sizeof...(I) == N, "NDArray: one index per dimension (use views.h for fewer)");
    static_assert((std::is_integral_v<I> && ...), "NDArray: indices must be integers");
    int axis = 0;
    int64_t offset = 0;
    ((offset += strides_[axis] * detail::resolve_index(static_cast<int64_t>(index), shape_[axis], axis),
      ++axis),
     ...);
    return data_[offset];
  }
  template <class... I>
  T& at(I... index) const {
    return (*this)(index...);
  }

  // The element at C-order position `flat` (0 <= flat < size()): a.flat[i] without checks.
  T& flat(int64_t flat_index) const {
    int64_t offset = 0;
    for (int d = N - 1; d >= 0; --d) {
      const int64_t extent = shape_[d];
      offset += (flat_index % extent) * strides_[d];
      flat_index /= extent;
    }
    return data_[offset];
  }

  // a.copy(): a new C-contiguous array with the same elements.
  NDArray copy() const {
    NDArray result(shape_);
    copy_elements_to(result.data());
    return result;
  }

  // Writes every element in C order to `out`, which has room for size() of them.
  void copy_elements_to(T* out) const {
    if (is_c_contiguous()) {
      if (size() > 0) std::memcpy(out, data_, static_cast<std::size_t>(size()) * sizeof(T));
      return;
    }
    for_each_offset([&](int64_t offset) { *out++ = data_[offset]; });
  }

  // Calls f(offset) for every element, in C order of the indices.
  template <class F>
  void for_each_offset(F&& f) const {
    if (size() == 0) return;
    std::array<int64_t, N> index{};
    const int64_t inner = shape_[N - 1], inner_stride = strides_[N - 1];
    int64_t base = 0;
    while (true) {
      for (int64_t j = 0; j < inner; ++j) f(base + j * inner_stride);
      // Advance the outer dimensions like an odometer.
      int d = N - 2;
      for (; d >= 0; --d) {
        base += strides_[d];
        if (++index[d] < shape_[d]) break;
        base -= strides_[d] * shape_[d];
        index[d] = 0;
      }
      if (d < 0) return;
    }
  }

 private:
  std::shared_ptr<T[]> storage_;
  T* data_ = nullptr;
  ShapeType shape_{};
  ShapeType strides_{};
};

}  // namespace py2cuda::host
