// py2cuda host runtime: DeviceNDArray<T, N>, the host code's handle on an array in
// device memory (Numba's DeviceNDArray: what cuda.to_device and cuda.device_array
// return).
//
// Python names refer to objects, so copying a DeviceNDArray shares the allocation, as
// `d_b = d_a` does; the memory goes when the last handle does. A slice (`d_a[:n]`) is
// a handle on part of the same memory. Copies to and from the host are synchronous,
// as Numba's are on the default stream; a non-contiguous device view cannot be copied
// (Numba refuses too).
#pragma once

#include <algorithm>
#include <array>
#include <vector>
#include <cstdint>
#include <memory>
#include <string>

#include "../array.h"
#include "../backend.h"
#include "../slice.h"
#include "exceptions.h"
#include "ndarray.h"
#include "views.h"

namespace py2cuda::host {

template <class T, int N>
class DeviceNDArray {
 public:
  using ShapeType = std::array<int64_t, N>;

  DeviceNDArray() = default;

  // Uninitialised device memory of `shape` (cuda.device_array).
  explicit DeviceNDArray(const ShapeType& shape) : shape_(shape) {
    int64_t count = 1;
    for (int d = N - 1; d >= 0; --d) {
      if (shape[d] < 0) throw PyException("ValueError", "negative dimensions are not allowed");
      strides_[d] = count;
      count *= shape[d];
    }
    T* raw = static_cast<T*>(backend::device_alloc(static_cast<std::size_t>(count) * sizeof(T)));
    storage_ = std::shared_ptr<T>(raw, [](T* p) { backend::device_free(p); });
    data_ = raw;
  }

  // A view of memory `owner` holds (a slice of another DeviceNDArray).
  DeviceNDArray(std::shared_ptr<T> owner, const Array<T, N>& view) : storage_(std::move(owner)), data_(view.data) {
    for (int d = 0; d < N; ++d) {
      shape_[d] = view.shape[d];
      strides_[d] = view.strides[d];
    }
  }

  const ShapeType& shape() const { return shape_; }
  int64_t shape(int dim) const { return shape_[static_cast<std::size_t>(dim)]; }
  int64_t size() const {
    int64_t n = 1;
    for (int64_t e : shape_) n *= e;
    return n;
  }
  T* data() const { return data_; }
  const std::shared_ptr<T>& storage() const { return storage_; }
  // `d is e`: one device array object, as NDArray::is tells for host arrays.
  bool is(const DeviceNDArray& other) const {
    return storage_ == other.storage_ && data_ == other.data_ && shape_ == other.shape_ && strides_ == other.strides_;
  }

  bool is_c_contiguous() const {
    int64_t expected = 1;
    for (int d = N - 1; d >= 0; --d) {
      if (shape_[d] != 1 && strides_[d] != expected) return false;
      expected *= shape_[d];
    }
    return true;
  }
  // d.is_f_contiguous(): Fortran order (the first index fastest); a 1-D contiguous array is both.
  bool is_f_contiguous() const {
    int64_t expected = 1;
    for (int d = 0; d < N; ++d) {
      if (shape_[d] != 1 && strides_[d] != expected) return false;
      expected *= shape_[d];
    }
    return true;
  }

  // What a kernel receives.
  Array<T, N> view() const { return detail::strided_view<T, N>(data_, shape_, strides_); }
  operator Array<T, N>() const { return view(); }
  // For a kernel parameter of layout 'C': checked, a view that is not contiguous throws.
  operator CArray<T, N>() const { return CArray<T, N>(view()); }

  // d.copy_to_host(): a new host array.
  // d[i, j] read on the host: the element copied back, as Numba's DeviceNDArray.__getitem__
  // returns a NumPy scalar (negative indices count from the end; IndexError beyond it).
  template <class... I>
  T operator()(I... index) const {
    static_assert(sizeof...(I) == N, "DeviceNDArray: one index per dimension");
    static_assert((std::is_integral_v<I> && ...), "DeviceNDArray: indices must be integers");
    int axis = 0;
    int64_t offset = 0;
    ((offset += strides_[axis] * detail::resolve_index(static_cast<int64_t>(index), shape_[axis], axis), ++axis), ...);
    T value{};
    backend::copy_device_to_host(&value, data_ + offset, sizeof(T));
    return value;
  }

  // A strided view (d[::2], d2[:, 1]) copies the memory it spans and is viewed on the host with
  // its strides, as Numba's copy_to_host does; Numba refuses negative strides (d[::-1]).
  NDArray<T, N> copy_to_host() const {
    if (is_c_contiguous()) {
      NDArray<T, N> host(shape_);
      copy_to_host(host);
      return host;
    }
    std::string byte_strides;
    bool negative = false;
    int64_t span = 1;
    for (int d = 0; d < N; ++d) {
      byte_strides += (d ? ", " : "") + std::to_string(strides_[d] * static_cast<int64_t>(sizeof(T)));
      negative = negative || strides_[d] < 0;
      if (shape_[d] == 0) span = 0;
      if (span) span += (shape_[d] - 1) * strides_[d];
    }
    if (negative) {
      throw PyException("NotImplementedError",
                        "D->H copy not implemented for negative strides: (" + byte_strides + (N == 1 ? ",)" : ")"));
    }
    if (span == 0) return NDArray<T, N>(shape_);
    std::shared_ptr<T[]> buffer(new T[static_cast<std::size_t>(span)]());
    backend::copy_device_to_host(buffer.get(), data_, static_cast<std::size_t>(span) * sizeof(T));
    return NDArray<T, N>(buffer, buffer.get(), shape_, strides_);
  }

  // d.copy_to_host(ary): fills `ary` (same shape) and returns it, as Numba does.
  NDArray<T, N> copy_to_host(const NDArray<T, N>& ary) const {
    require_same_shape(ary.shape());
    require_contiguous("copy_to_host");
    const std::size_t bytes = static_cast<std::size_t>(size()) * sizeof(T);
    if (ary.is_c_contiguous()) {
      if (bytes) backend::copy_device_to_host(ary.data(), data_, bytes);
    } else {
      NDArray<T, N> staging(shape_);
      if (bytes) backend::copy_device_to_host(staging.data(), data_, bytes);
      assign(ary, staging);
    }
    return ary;
  }

  // d.copy_to_device(ary): overwrites this array from a host array of the same shape.
  void copy_to_device(const NDArray<T, N>& ary) const {
    require_same_shape(ary.shape());
    require_contiguous("copy_to_device");
    const NDArray<T, N> contiguous = ascontiguousarray(ary);
    const std::size_t bytes = static_cast<std::size_t>(size()) * sizeof(T);
    if (bytes) backend::copy_host_to_device(data_, contiguous.data(), bytes);
  }

  void copy_to_device(const DeviceNDArray& other) const {
    require_same_shape(other.shape());
    require_contiguous("copy_to_device");
    other.require_contiguous("copy_to_device");
    const std::size_t bytes = static_cast<std::size_t>(size()) * sizeof(T);
    if (bytes) backend::copy_device_to_device(data_, other.data_, bytes);
  }

 private:
  void require_same_shape(const ShapeType& other) const {
    if (other == shape_) return;
    throw PyException("ValueError", "incompatible shape: " + shape_text(other) + " vs. " + shape_text(shape_));
  }
  void require_contiguous(const char* what) const {
    if (!is_c_contiguous()) {
      throw PyException("ValueError", std::string(what) + "() of a non-contiguous device array is not supported");
    }
  }
  static std::string shape_text(const ShapeType& s) {
    std::string t = "(";
    for (int d = 0; d < N; ++d) t += (d ? ", " : "") + std::to_string(s[d]);
    return t + (N == 1 ? ",)" : ")");
  }

  std::shared_ptr<T> storage_;
  T* data_ = nullptr;
  ShapeType shape_{};
  ShapeType strides_{};
};

// d.reshape(shape): the same device memory viewed in a new shape (one extent may be -1),
// for a C-contiguous device array as Numba's DeviceNDArray.reshape allows.
template <int M, class T, int N>
DeviceNDArray<T, M> reshape(const DeviceNDArray<T, N>& d, std::array<int64_t, M> shape) {
  if (!d.is_c_contiguous()) throw PyException("NotImplementedError", "reshape of a non-contiguous device array");
  int64_t known = 1, unknown = -1;
  for (int k = 0; k < M; ++k) {
    if (shape[k] == -1) {
      if (unknown >= 0) throw PyException("ValueError", "can only specify one unknown dimension");
      unknown = k;
    } else {
      known *= shape[k];
    }
  }
  if (unknown >= 0 && known != 0) shape[unknown] = d.size() / known;
  int64_t total = 1;
  for (int64_t e : shape) total *= e;
  if (total != d.size()) {
    throw PyException("ValueError", "cannot reshape array of size " + std::to_string(d.size()) + " into the given shape");
  }
  Array<T, M> v{d.data(), {}, {}};
  int64_t stride = 1;
  for (int k = M - 1; k >= 0; --k) {
    v.shape[k] = shape[k];
    v.strides[k] = stride;
    stride *= shape[k];
  }
  return DeviceNDArray<T, M>(d.storage(), v);
}

// d.ravel(): the same device memory as one axis, for a C-contiguous device array; any
// other is Numba's NotImplementedError (DeviceNDArray.ravel never copies).
template <class T, int N>
DeviceNDArray<T, 1> ravel(const DeviceNDArray<T, N>& d) {
  if (!d.is_c_contiguous()) throw PyException("NotImplementedError", "operation requires copying");
  Array<T, 1> v{d.data(), {d.size()}, {1}};
  return DeviceNDArray<T, 1>(d.storage(), v);
}

// d.split(section): 1-D views of `section` elements each (the last may be shorter), as
// Numba's DeviceNDArray.split yields them; a list here (the simulator's is one too).
template <class T>
std::vector<DeviceNDArray<T, 1>> split(const DeviceNDArray<T, 1>& d, int64_t section) {
  if (!d.is_c_contiguous()) throw PyException("ValueError", "only support unit stride");
  if (section <= 0) throw PyException("ValueError", "split section must be positive");
  std::vector<DeviceNDArray<T, 1>> parts;
  for (int64_t begin = 0; begin < d.size(); begin += section) {
    const int64_t end = std::min(begin + section, d.size());
    Array<T, 1> v{d.data() + begin, {end - begin}, {1}};
    parts.push_back(DeviceNDArray<T, 1>(d.storage(), v));
  }
  return parts;
}

namespace detail {

// Numba's sentry_contiguous (cudadrv/devicearray.py): cuda.to_device and a launch copy a
// host array to the device as one memory region, so once its broadcast (0-stride)
// dimensions are dropped it must be C- or Fortran-contiguous. (d.copy_to_device(a) into an
// existing device array copies any view, as Numba's does.)
template <class T, int N>
bool is_one_memory_region(const NDArray<T, N>& a) {
  if (a.size() == 0) return true;
  const auto contiguous_in = [&a](bool last_index_fastest) {
    int64_t expected = 1;
    for (int k = 0; k < N; ++k) {
      const int d = last_index_fastest ? N - 1 - k : k;
      if (a.stride(d) == 0 || a.shape(d) == 1) continue;
      if (a.stride(d) != expected) return false;
      expected *= a.shape(d);
    }
    return true;
  };
  return contiguous_in(true) || contiguous_in(false);
}

template <class T, int N>
void require_one_memory_region(const NDArray<T, N>& a) {
  if (is_one_memory_region(a)) return;
  throw PyException("ValueError",
                    "Array contains non-contiguous buffer and cannot be transferred as a single memory region. "
                    "Please ensure contiguous buffer with numpy .ascontiguousarray()");
}

}  // namespace detail

// cuda.to_device(a), cuda.to_device(a, copy=False)
template <class T, int N>
DeviceNDArray<T, N> to_device(const NDArray<T, N>& a, bool copy = true) {
  detail::require_one_memory_region(a);
  DeviceNDArray<T, N> d(a.shape());
  if (copy) d.copy_to_device(a);
  return d;
}

// cuda.to_device(a, to=d): a copied into d, which is returned.
template <class T, int N, class Source>
DeviceNDArray<T, N> copy_into(const DeviceNDArray<T, N>& to, const Source& a) {
  to.copy_to_device(a);
  return to;
}

// d.T, d.transpose() of a 2-D device array: numba-cuda's transpose kernel makes a new
// C-contiguous device array; py2cuda copies through the host.
template <class T>
DeviceNDArray<T, 2> transpose(const DeviceNDArray<T, 2>& d) {
  return to_device(ascontiguousarray(transpose(d.copy_to_host())));
}

// d[lo:hi] = value, d[:] = a in host code (Numba's DeviceNDArray.__setitem__): the device
// memory the view spans is copied to the host, the value assigned there with NumPy's
// broadcasting and casting (views.h), and the span copied back. Elements between a
// strided view's are written back unchanged.
template <class T, int N, class X>
void assign(const DeviceNDArray<T, N>& dst, const X& src) {
  const Array<T, N> v = dst.view();
  Shape<N> shape{}, strides{};
  int64_t lo = 0, hi = 0;
  for (int d = 0; d < N; ++d) {
    shape[d] = v.shape[d];
    strides[d] = v.strides[d];
    if (v.shape[d] > 0) (v.strides[d] > 0 ? hi : lo) += (v.shape[d] - 1) * v.strides[d];
  }
  if (dst.size() == 0) {
    assign(NDArray<T, N>(shape), src);  // NumPy's checks of the value's shape
    return;
  }
  const int64_t span = hi - lo + 1;
  std::shared_ptr<T[]> buffer(new T[static_cast<std::size_t>(span)]());
  const std::size_t bytes = static_cast<std::size_t>(span) * sizeof(T);
  backend::copy_device_to_host(buffer.get(), dst.data() + lo, bytes);
  assign(NDArray<T, N>(buffer, buffer.get() - lo, shape, strides), src);
  backend::copy_host_to_device(dst.data() + lo, buffer.get(), bytes);
}
template <class T, int N, class U, int M>
void assign(const DeviceNDArray<T, N>& dst, const DeviceNDArray<U, M>& src) {
  assign(dst, src.copy_to_host());
}

// d[i, j] = value in host code: one element copied to the device.
template <class T, int N, class V, class... I>
void set_item(const DeviceNDArray<T, N>& d, const V& value, I... index) {
  static_assert(sizeof...(I) == N, "DeviceNDArray: one index per dimension");
  const Array<T, N> v = d.view();
  int axis = 0;
  int64_t offset = 0;
  ((offset += v.strides[axis] * detail::resolve_index(static_cast<int64_t>(index), v.shape[axis], axis), ++axis), ...);
  const T element = cast_value<T>(value);
  backend::copy_host_to_device(d.data() + offset, &element, sizeof(T));
}

// cuda.device_array(shape, dtype)
template <class T, std::size_t N>
DeviceNDArray<T, static_cast<int>(N)> device_array(const std::array<int64_t, N>& shape) {
  return DeviceNDArray<T, static_cast<int>(N)>(shape);
}

// cuda.device_array_like(a)
template <class A>
auto device_array_like(const A& like) {
  using T = std::remove_cvref_t<decltype(*like.data())>;
  constexpr int N = static_cast<int>(std::tuple_size_v<std::remove_cvref_t<decltype(like.shape())>>);
  return DeviceNDArray<T, N>(like.shape());
}

// A host array passed straight to a launch: Numba copies it to the device before the
// kernel runs and back after it. The temporary lives until the end of the launch
// statement, and its destructor (after the synchronous launch) copies back. The copy is
// made where the launch converts the temporary to the kernel's parameter, so that, as in
// Numba, the array's type is matched to the kernel's first: a parameter of layout 'C'
// refuses a view that is not C-contiguous (TypeError: no signature matches it), and only
// then does the transfer refuse a view that is not one memory region (ValueError).
//
// cuda.In(a) copies it to the device only, cuda.Out(a) back only (into device memory that
// starts uninitialised, as Numba's auto_device(copy=False)), cuda.InOut(a) both, as a bare
// array does.
enum class TransferDirection { InOut, In, Out };

template <class T, int N>
class TransferInOut {
 public:
  explicit TransferInOut(const NDArray<T, N>& host, TransferDirection direction = TransferDirection::InOut)
      : host_(host), direction_(direction) {}
  TransferInOut(const TransferInOut&) = delete;
  TransferInOut& operator=(const TransferInOut&) = delete;
  ~TransferInOut() noexcept(false) {
    if (!sent_ || direction_ == TransferDirection::In) return;  // refused before the copy, or not copied back
    backend::synchronize();
    device_.copy_to_host(host_);
  }
  operator Array<T, N>() const { return send(); }
  operator CArray<T, N>() const {
    if (!host_.is_c_contiguous()) {
      throw PyException("TypeError", "an array that is not C-contiguous was passed where the kernel's signature "
                                     "requires one (layout 'C', as float32[::1] or float32[:, ::1])");
    }
    return CArray<T, N>(send());
  }

 private:
  // The launch converts once; a second conversion would see the same device copy.
  Array<T, N> send() const {
    if (!sent_) {
      device_ = to_device(host_, /*copy=*/direction_ != TransferDirection::Out);
      sent_ = true;
    }
    return device_.view();
  }

  NDArray<T, N> host_;
  TransferDirection direction_;
  mutable DeviceNDArray<T, N> device_;
  mutable bool sent_ = false;
};

template <class T, int N>
TransferInOut<T, N> transfer_in_out(const NDArray<T, N>& host) {
  return TransferInOut<T, N>(host);
}

// cuda.In(a), cuda.Out(a) as launch arguments.
template <class T, int N>
TransferInOut<T, N> transfer_in(const NDArray<T, N>& host) {
  return TransferInOut<T, N>(host, TransferDirection::In);
}

template <class T, int N>
TransferInOut<T, N> transfer_out(const NDArray<T, N>& host) {
  return TransferInOut<T, N>(host, TransferDirection::Out);
}

}  // namespace py2cuda::host

namespace py2cuda {

// `d_a[:n]`, `d_a[i]` of a device array in host code: a view sharing its memory.
template <class T, int N, class... P>
auto view(const host::DeviceNDArray<T, N>& a, P... parts) {
  auto v = view(a.view(), parts...);
  constexpr int M = decltype(v)::ndim;
  return host::DeviceNDArray<T, M>(a.storage(), v);
}

}  // namespace py2cuda
