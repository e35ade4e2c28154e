// py2cuda runtime: cuda.atomic.*, with numba-cuda's semantics on both backends.
//
// Every function takes the element's address and returns the value it held
// before. The dtypes are Numba's: int32, uint32, int64, uint64, float32 and
// float64; the bitwise operations and exch take integers only, inc and dec
// unsigned integers only (the translator reports other dtypes).
//
// Integer operations are single read-modify-writes that return the value they
// replaced. Float max/min/nanmax/nanmin follow the compare-and-swap loops
// numba-cuda links in (numba_cuda/numba/cuda/cudadrv/nvvm.py):
//   max, min        leave the element alone when it or the value is NaN;
//   nanmax, nanmin  ignore a NaN value, and replace a NaN element;
// and, as there, return the element as first read.
//
// Under nvcc these use CUDA's atomic intrinsics; in the CPU emulation,
// std::atomic_ref, atomic across the emulator's worker threads.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "config.h"

#include "emu/race_hooks.h"

#if !P2C_BACKEND_CUDA
#include <atomic>
#endif

namespace py2cuda {

namespace detail {

template <class T>
inline constexpr bool atomic_int_v = std::is_same_v<T, int32_t> || std::is_same_v<T, uint32_t> ||
                                     std::is_same_v<T, int64_t> || std::is_same_v<T, uint64_t>;
template <class T>
inline constexpr bool atomic_number_v = atomic_int_v<T> || std::is_same_v<T, float> || std::is_same_v<T, double>;

#if P2C_BACKEND_CUDA
// The pointer type CUDA's intrinsics take for T.
template <class T>
__device__ P2C_INLINE auto native(T* p) {
  if constexpr (std::is_same_v<T, int32_t>) return reinterpret_cast<int*>(p);
  else if constexpr (std::is_same_v<T, uint32_t>) return reinterpret_cast<unsigned*>(p);
  else if constexpr (std::is_same_v<T, int64_t>) return reinterpret_cast<long long*>(p);
  else if constexpr (std::is_same_v<T, uint64_t>) return reinterpret_cast<unsigned long long*>(p);
  else return p;
}

// 64-bit integers for the intrinsics that only exist for unsigned long long
// (two's complement makes add, and, or, xor, exch and cas the same).
template <class T>
__device__ P2C_INLINE auto bits_ptr(T* p) {
  if constexpr (sizeof(T) == 8) return reinterpret_cast<unsigned long long*>(p);
  else if constexpr (std::is_same_v<T, float>) return reinterpret_cast<int*>(p);
  else return native(p);
}

template <class T>
__device__ P2C_INLINE auto to_bits(T v) {
  if constexpr (std::is_same_v<T, float>) return __float_as_int(v);
  else if constexpr (std::is_same_v<T, double>) return static_cast<unsigned long long>(__double_as_longlong(v));
  else if constexpr (sizeof(T) == 8) return static_cast<unsigned long long>(v);
  else return v;
}

template <class T, class B>
__device__ P2C_INLINE T from_bits(B b) {
  if constexpr (std::is_same_v<T, float>) return __int_as_float(b);
  else if constexpr (std::is_same_v<T, double>) return __longlong_as_double(static_cast<long long>(b));
  else return static_cast<T>(b);
}

// The value found at p; `desired` is stored if it was `expected` (bitwise).
template <class T>
__device__ P2C_INLINE T cas_raw(T* p, T expected, T desired) {
  return from_bits<T>(atomicCAS(bits_ptr(p), to_bits(expected), to_bits(desired)));
}

template <class T>
__device__ P2C_INLINE T load_relaxed(T* p) {
  return *const_cast<volatile T*>(p);
}
#else
template <class T>
inline T cas_raw(T* p, T expected, T desired) {
  std::atomic_ref<T>(*p).compare_exchange_strong(expected, desired);
  return expected;  // what was found there, exchanged or not
}

template <class T>
inline T load_relaxed(T* p) {
  return std::atomic_ref<T>(*p).load(std::memory_order_relaxed);
}
#endif

template <class T>
P2C_DEVICE P2C_INLINE bool same_bits(T a, T b) {
#if P2C_BACKEND_CUDA
  return to_bits(a) == to_bits(b);
#else
  return std::memcmp(&a, &b, sizeof(T)) == 0;
#endif
}

// A read-modify-write of `next(old)` by compare-and-swap; returns the value replaced.
template <class T, class F>
P2C_DEVICE P2C_INLINE T rmw(T* p, F next) {
  T current = load_relaxed(p);
  for (;;) {
    T seen = cas_raw(p, current, next(current));
    if (same_bits(seen, current)) return current;
    current = seen;
  }
}

// numba-cuda's float min/max loop: gives up at once if `val` is NaN (or, when
// `nan_element_stops`, if the element is), else swaps `val` in while
// `keep_trying(element, val)`; returns the element as first read.
template <class T, class Cond>
P2C_DEVICE P2C_INLINE T float_minmax(T* p, T val, bool nan_element_stops, Cond keep_trying) {
  const T first = load_relaxed(p);
  if (val != val || (nan_element_stops && first != first)) return first;
  T current = first;
  while (keep_trying(current, val)) {
    T seen = cas_raw(p, current, val);
    if (same_bits(seen, current)) break;
    current = seen;
  }
  return first;
}

}  // namespace detail

template <class T>
P2C_DEVICE P2C_INLINE T atomic_add(T* p, T val) {
  static_assert(detail::atomic_number_v<T>, "cuda.atomic.add: unsupported dtype");
  P2C_RACE_ATOMIC(p);
#if P2C_BACKEND_CUDA
  if constexpr (std::is_integral_v<T>) return detail::from_bits<T>(atomicAdd(detail::bits_ptr(p), detail::to_bits(val)));
  else return atomicAdd(p, val);
#else
  if constexpr (std::is_integral_v<T>) {
    using U = std::make_unsigned_t<T>;  // wraps instead of overflowing
    return static_cast<T>(std::atomic_ref<U>(*reinterpret_cast<U*>(p)).fetch_add(static_cast<U>(val)));
  } else {
    return std::atomic_ref<T>(*p).fetch_add(val);
  }
#endif
}

template <class T>
P2C_DEVICE P2C_INLINE T atomic_sub(T* p, T val) {
  static_assert(detail::atomic_number_v<T>, "cuda.atomic.sub: unsupported dtype");
  P2C_RACE_ATOMIC(p);
  if constexpr (std::is_integral_v<T>) {
    using U = std::make_unsigned_t<T>;
    return atomic_add(p, static_cast<T>(static_cast<U>(U(0) - static_cast<U>(val))));
  } else {
    return detail::rmw(p, [val](T old) { return static_cast<T>(old - val); });
  }
}

template <class T>
P2C_DEVICE P2C_INLINE T atomic_max(T* p, T val) {
  static_assert(detail::atomic_number_v<T>, "cuda.atomic.max: unsupported dtype");
  P2C_RACE_ATOMIC(p);
  if constexpr (std::is_integral_v<T>) {
#if P2C_BACKEND_CUDA
    return static_cast<T>(atomicMax(detail::native(p), val));
#else
    return detail::rmw(p, [val](T old) { return old < val ? val : old; });
#endif
  } else {
    return detail::float_minmax(p, val, true, [](T old, T v) { return old < v; });
  }
}

template <class T>
P2C_DEVICE P2C_INLINE T atomic_min(T* p, T val) {
  static_assert(detail::atomic_number_v<T>, "cuda.atomic.min: unsupported dtype");
  P2C_RACE_ATOMIC(p);
  if constexpr (std::is_integral_v<T>) {
#if P2C_BACKEND_CUDA
    return static_cast<T>(atomicMin(detail::native(p), val));
#else
    return detail::rmw(p, [val](T old) { return val < old ? val : old; });
#endif
  } else {
    return detail::float_minmax(p, val, true, [](T old, T v) { return old > v; });
  }
}

template <class T>
P2C_DEVICE P2C_INLINE T atomic_nanmax(T* p, T val) {
  static_assert(detail::atomic_number_v<T>, "cuda.atomic.nanmax: unsupported dtype");
  P2C_RACE_ATOMIC(p);
  if constexpr (std::is_integral_v<T>) {
    return atomic_max(p, val);
  } else {
    // "Unordered or less than": a NaN element is replaced.
    return detail::float_minmax(p, val, false, [](T old, T v) { return !(old >= v); });
  }
}

template <class T>
P2C_DEVICE P2C_INLINE T atomic_nanmin(T* p, T val) {
  static_assert(detail::atomic_number_v<T>, "cuda.atomic.nanmin: unsupported dtype");
  P2C_RACE_ATOMIC(p);
  if constexpr (std::is_integral_v<T>) {
    return atomic_min(p, val);
  } else {
    return detail::float_minmax(p, val, false, [](T old, T v) { return !(old <= v); });
  }
}

template <class T>
P2C_DEVICE P2C_INLINE T atomic_and(T* p, T val) {
  static_assert(detail::atomic_int_v<T>, "cuda.atomic.and_: integer arrays only");
  P2C_RACE_ATOMIC(p);
#if P2C_BACKEND_CUDA
  return detail::from_bits<T>(atomicAnd(detail::bits_ptr(p), detail::to_bits(val)));
#else
  return std::atomic_ref<T>(*p).fetch_and(val);
#endif
}

template <class T>
P2C_DEVICE P2C_INLINE T atomic_or(T* p, T val) {
  static_assert(detail::atomic_int_v<T>, "cuda.atomic.or_: integer arrays only");
  P2C_RACE_ATOMIC(p);
#if P2C_BACKEND_CUDA
  return detail::from_bits<T>(atomicOr(detail::bits_ptr(p), detail::to_bits(val)));
#else
  return std::atomic_ref<T>(*p).fetch_or(val);
#endif
}

template <class T>
P2C_DEVICE P2C_INLINE T atomic_xor(T* p, T val) {
  static_assert(detail::atomic_int_v<T>, "cuda.atomic.xor: integer arrays only");
  P2C_RACE_ATOMIC(p);
#if P2C_BACKEND_CUDA
  return detail::from_bits<T>(atomicXor(detail::bits_ptr(p), detail::to_bits(val)));
#else
  return std::atomic_ref<T>(*p).fetch_xor(val);
#endif
}

template <class T>
P2C_DEVICE P2C_INLINE T atomic_exch(T* p, T val) {
  static_assert(detail::atomic_int_v<T>, "cuda.atomic.exch: integer arrays only");
  P2C_RACE_ATOMIC(p);
#if P2C_BACKEND_CUDA
  return detail::from_bits<T>(atomicExch(detail::bits_ptr(p), detail::to_bits(val)));
#else
  return std::atomic_ref<T>(*p).exchange(val);
#endif
}

// inc: old >= val ? 0 : old + 1.  dec: old == 0 || old > val ? val : old - 1.
template <class T>
P2C_DEVICE P2C_INLINE T atomic_inc(T* p, T val) {
  static_assert(std::is_same_v<T, uint32_t> || std::is_same_v<T, uint64_t>, "cuda.atomic.inc: uint32 or uint64 arrays only");
  P2C_RACE_ATOMIC(p);
#if P2C_BACKEND_CUDA
  if constexpr (sizeof(T) == 4) return atomicInc(detail::native(p), val);
#endif
  return detail::rmw(p, [val](T old) { return old < val ? static_cast<T>(old + 1) : T(0); });
}

template <class T>
P2C_DEVICE P2C_INLINE T atomic_dec(T* p, T val) {
  static_assert(std::is_same_v<T, uint32_t> || std::is_same_v<T, uint64_t>, "cuda.atomic.dec: uint32 or uint64 arrays only");
  P2C_RACE_ATOMIC(p);
#if P2C_BACKEND_CUDA
  if constexpr (sizeof(T) == 4) return atomicDec(detail::native(p), val);
#endif
  return detail::rmw(p, [val](T old) {
    T dec = static_cast<T>(old - 1);
    return dec < val ? dec : val;
  });
}

// cas(ary, idx, old, val) and compare_and_swap: stores val if the element is old.
template <class T>
P2C_DEVICE P2C_INLINE T atomic_cas(T* p, T expected, T val) {
  static_assert(detail::atomic_int_v<T>, "cuda.atomic.cas: integer arrays only");
  P2C_RACE_ATOMIC(p);
  return detail::cas_raw(p, expected, val);
}

}  // namespace py2cuda
