// py2cuda runtime: Numba's CUDA intrinsics (cuda.popc, clz, ffs, brev, fma,
// cbrt, threadfence*, nanosleep) with the types numba-cuda's cudadecl.py gives
// them: popc and clz keep the argument's integer type and count in its own
// width, ffs returns uint32 (1-based, 0 for 0), brev works on uint32/uint64.
// Under nvcc they are CUDA's intrinsics; in the CPU emulation, <bit> and <cmath>.
#pragma once

#include <cmath>
#include <cstdint>
#include <type_traits>

#include "config.h"

#if !P2C_BACKEND_CUDA
#include <atomic>
#include <bit>
#endif

namespace py2cuda {

// cuda.cbrt of a float64. CUDA's cbrt gives exact cubes their exact root (cbrt(27.0) is 3.0);
// glibc's is only within 1 ulp (3.0000000000000004, and 0.49999999999999994 for 0.125), so
// the emulation refines its result by one Newton step in long double, rounded once.
P2C_DEVICE P2C_INLINE double cuda_cbrt(double x) {
#if P2C_BACKEND_CUDA
  return ::cbrt(x);
#else
  const double r = std::cbrt(x);
  if (!std::isfinite(r) || r == 0) return r;
  long double lr = r;
  lr -= (lr * lr * lr - static_cast<long double>(x)) / (3 * lr * lr);
  return static_cast<double>(lr);
#endif
}

template <class T>
P2C_DEVICE P2C_INLINE T popc(T x) {
  static_assert(std::is_integral_v<T>, "cuda.popc takes an integer");
  using U = std::make_unsigned_t<T>;
#if P2C_BACKEND_CUDA
  if constexpr (sizeof(T) == 8) return static_cast<T>(__popcll(static_cast<unsigned long long>(static_cast<U>(x))));
  else return static_cast<T>(__popc(static_cast<unsigned>(static_cast<U>(x))));
#else
  return static_cast<T>(std::popcount(static_cast<U>(x)));
#endif
}

// Leading zeros in T's own width; clz(0) is the width.
template <class T>
P2C_DEVICE P2C_INLINE T clz(T x) {
  static_assert(std::is_integral_v<T>, "cuda.clz takes an integer");
  using U = std::make_unsigned_t<T>;
#if P2C_BACKEND_CUDA
  if constexpr (sizeof(T) == 8) return static_cast<T>(__clzll(static_cast<long long>(static_cast<U>(x))));
  else return static_cast<T>(__clz(static_cast<int>(static_cast<unsigned>(static_cast<U>(x)))) - (32 - 8 * static_cast<int>(sizeof(T))));
#else
  return static_cast<T>(std::countl_zero(static_cast<U>(x)));
#endif
}

// The 1-based position of the least significant set bit; 0 when none is.
template <class T>
P2C_DEVICE P2C_INLINE uint32_t ffs(T x) {
  static_assert(std::is_integral_v<T> && (sizeof(T) == 4 || sizeof(T) == 8), "cuda.ffs takes a 32- or 64-bit integer");
  using U = std::make_unsigned_t<T>;
#if P2C_BACKEND_CUDA
  if constexpr (sizeof(T) == 8) return static_cast<uint32_t>(__ffsll(static_cast<long long>(static_cast<U>(x))));
  else return static_cast<uint32_t>(__ffs(static_cast<int>(static_cast<U>(x))));
#else
  U u = static_cast<U>(x);
  return u == 0 ? 0u : static_cast<uint32_t>(std::countr_zero(u)) + 1u;
#endif
}

template <class T>
P2C_DEVICE P2C_INLINE T brev(T x) {
  static_assert(std::is_same_v<T, uint32_t> || std::is_same_v<T, uint64_t>, "cuda.brev takes uint32 or uint64");
#if P2C_BACKEND_CUDA
  if constexpr (sizeof(T) == 8) return static_cast<T>(__brevll(x));
  else return static_cast<T>(__brev(x));
#else
  T r = 0;
  for (int i = 0; i < static_cast<int>(8 * sizeof(T)); ++i) {
    r = static_cast<T>((r << 1) | (x & 1u));
    x = static_cast<T>(x >> 1);
  }
  return r;
#endif
}

P2C_DEVICE P2C_INLINE void threadfence() {
#if P2C_BACKEND_CUDA
  __threadfence();
#else
  std::atomic_thread_fence(std::memory_order_seq_cst);
#endif
}

P2C_DEVICE P2C_INLINE void threadfence_block() {
#if P2C_BACKEND_CUDA
  __threadfence_block();
#else
  std::atomic_thread_fence(std::memory_order_seq_cst);
#endif
}

P2C_DEVICE P2C_INLINE void threadfence_system() {
#if P2C_BACKEND_CUDA
  __threadfence_system();
#else
  std::atomic_thread_fence(std::memory_order_seq_cst);
#endif
}

// A hint to suspend the thread for about `ns` nanoseconds (sm_70 and later).
// The emulation has nothing to gain from sleeping: it returns at once.
P2C_DEVICE P2C_INLINE void nanosleep(uint32_t ns) {
#if P2C_BACKEND_CUDA
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 700
  __nanosleep(ns);
#else
  (void)ns;
#endif
#else
  (void)ns;
#endif
}

}  // namespace py2cuda
