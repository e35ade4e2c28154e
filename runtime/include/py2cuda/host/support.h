// py2cuda host runtime: the small pieces of numba.cuda's host API and of Python that
// translated host code calls beside arrays: shapes, launch dimensions from tuples,
// streams, synchronisation, clocks, cuda.random's generator states, and a view of a
// host array through the kernel-side slicing rules.
#pragma once

#include <array>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <vector>

#include "../backend.h"
#include "../launch_config.h"
#include "../random.h"
#include "../slice.h"
#include "../stream.h"
#include "../tuple.h"
#include "device_ndarray.h"
#include "exceptions.h"
#include "ndarray.h"

namespace py2cuda::host {

// A shape written out: shape(3, 4) for (3, 4).
template <class... I>
std::array<int64_t, sizeof...(I)> shape(I... dims) {
  return {static_cast<int64_t>(dims)...};
}

// A shape held in a tuple variable.
template <class... I>
std::array<int64_t, sizeof...(I)> shape_of(const py2cuda::tuple<I...>& t) {
  return [&]<std::size_t... K>(std::index_sequence<K...>) {
    return std::array<int64_t, sizeof...(I)>{static_cast<int64_t>(py2cuda::get<K>(t))...};
  }(std::index_sequence_for<I...>{});
}

// A launch dimension held in a tuple variable: (blocks_x, blocks_y).
template <class... I>
Dim3 dim3(const py2cuda::tuple<I...>& t) {
  const auto s = shape_of(t);
  if constexpr (sizeof...(I) == 1) return Dim3(s[0]);
  else if constexpr (sizeof...(I) == 2) return Dim3(s[0], s[1]);
  else return Dim3(s[0], s[1], s[2]);
}

// cuda.synchronize()
inline void synchronize() { backend::synchronize(); }

// cuda.stream(): the launches and copies given it are ordered on it. py2cuda's copies
// are synchronous, so the stream orders launches only.
class Stream {
 public:
  static Stream create() { return Stream{}; }
  py2cuda::Stream stream() const { return {}; }
  void synchronize() const { backend::synchronize(); }
};

// time.time() and time.perf_counter() / timeit.default_timer().
inline double time_now() {
  using namespace std::chrono;
  return duration<double>(system_clock::now().time_since_epoch()).count();
}
inline double perf_counter() {
  using namespace std::chrono;
  return duration<double>(steady_clock::now().time_since_epoch()).count();
}

// numba.cuda.random.create_xoroshiro128p_states(n, seed, subsequence_start=0): states
// made on the host, as Numba makes them, then copied to the device.
inline DeviceNDArray<Xoroshiro128pState, 1> create_xoroshiro128p_states(int64_t n, uint64_t seed,
                                                                         uint64_t subsequence_start = 0) {
  std::vector<Xoroshiro128pState> states(static_cast<std::size_t>(n < 0 ? 0 : n));
  init_xoroshiro128p_states(states.data(), n, seed, subsequence_start);
  DeviceNDArray<Xoroshiro128pState, 1> device(std::array<int64_t, 1>{n});
  if (n > 0) {
    backend::copy_host_to_device(device.data(), states.data(), states.size() * sizeof(Xoroshiro128pState));
  }
  return device;
}

}  // namespace py2cuda::host

namespace py2cuda {

// `a[1:3]`, `a[i, :]` of a host array: the kernel-side slicing rules (CPython's slice
// bounds), giving a host array that shares a's elements.
template <class T, int N, class... P>
auto view(const host::NDArray<T, N>& a, P... parts) {
  auto v = view(a.view(), parts...);
  constexpr int M = decltype(v)::ndim;
  typename host::NDArray<T, M>::ShapeType shape{}, strides{};
  for (int d = 0; d < M; ++d) {
    shape[d] = v.shape[d];
    strides[d] = v.strides[d];
  }
  return host::NDArray<T, M>(a.storage(), v.data, shape, strides);
}

}  // namespace py2cuda

namespace py2cuda::host {

// math.floor/ceil/trunc of a float: CPython's int results (OverflowError and ValueError
// for infinities and NaN, as CPython raises them).
inline int64_t checked_float_to_int(double v, double x) {
  if (std::isnan(x)) throw PyException("ValueError", "cannot convert float NaN to integer");
  if (std::isinf(x)) throw PyException("OverflowError", "cannot convert float infinity to integer");
  return static_cast<int64_t>(v);
}
inline int64_t floor_to_int(double x) { return checked_float_to_int(std::floor(x), x); }
inline int64_t ceil_to_int(double x) { return checked_float_to_int(std::ceil(x), x); }
inline int64_t trunc_to_int(double x) { return checked_float_to_int(std::trunc(x), x); }

// round(x, n) for a float: the exact binary value rounded to n decimals, halves to even,
// as CPython does (2.675 is below 2.675 in binary: round(2.675, 2) == 2.67). Correctly
// rounded decimal text and back.
template <class F>
F round_digits(F x, int64_t n) {
  if (!std::isfinite(x) || n > 320) return x;
  if (n < -320) return std::copysign(F(0), x);
  if (n < 0) {
    // Tens, hundreds...: the value scaled by an exact power of ten, where that is exact.
    const double scale = std::pow(10.0, static_cast<double>(-n));
    const double r = std::nearbyint(static_cast<double>(x) / scale) * scale;
    return static_cast<F>(std::isfinite(r) ? r : x);
  }
  char buf[512];
  auto res = std::to_chars(buf, buf + sizeof buf, static_cast<double>(x), std::chars_format::fixed, static_cast<int>(n));
  double r = 0;
  std::from_chars(buf, res.ptr, r);
  return static_cast<F>(r == 0 ? std::copysign(0.0, static_cast<double>(x)) : r);
}

}  // namespace py2cuda::host
