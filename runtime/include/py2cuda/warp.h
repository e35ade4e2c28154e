// py2cuda runtime: Numba's warp-level functions (cuda.shfl_*_sync, all/any/eq/ballot_sync,
// match_any/all_sync, activemask, lanemask_lt, syncwarp) with numba-cuda's types:
//   shfl_*_sync(mask, value, lane)  value int32/int64/float32/float64 -> its own type; the
//                                   lane operand is truncated to int32 and only its low 5
//                                   bits count (width 32: Numba has no width argument)
//   all/any/eq_sync(mask, pred)     bool
//   ballot_sync(mask, pred)         int32 (the lane mask's bits, so lane 31 makes it negative)
//   match_any_sync(mask, value)     int32; match_all_sync -> (int32 mask, bool)
//   activemask(), lanemask_lt()     uint32
// The mask is the 32-bit membermask (Numba truncates it to i32).
//
// Under nvcc they are CUDA's __shfl_sync & co. (match_* need sm_70+). In the CPU
// emulation they are collectives of the block's fibers (emu/fiber_block.h,
// emu/warp_collective.h): a lane waits until every lane of its mask has called the same
// function, and misuse a GPU leaves undefined is reported as py2cuda::Error.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "config.h"
#include "tuple.h"

#if !P2C_BACKEND_CUDA
#include "emu/fiber_block.h"
#include "emu/source_location.h"
#endif

namespace py2cuda {

namespace detail {
// int32, int64 (long or long long), float32, float64: what Numba shuffles and matches.
template <class T>
inline constexpr bool kShuffleType = (std::is_integral_v<T> && std::is_signed_v<T> && (sizeof(T) == 4 || sizeof(T) == 8)) ||
                                     std::is_same_v<T, float> || std::is_same_v<T, double>;
}  // namespace detail

#if P2C_BACKEND_CUDA

template <class T>
__device__ __forceinline__ T shfl_sync(uint32_t mask, T value, int32_t src_lane) {
  static_assert(detail::kShuffleType<T>, "shfl_sync only supports 32- and 64-bit ints and floats");
  return __shfl_sync(mask, value, src_lane);
}
template <class T>
__device__ __forceinline__ T shfl_up_sync(uint32_t mask, T value, int32_t delta) {
  static_assert(detail::kShuffleType<T>, "shfl_up_sync only supports 32- and 64-bit ints and floats");
  return __shfl_up_sync(mask, value, static_cast<unsigned>(delta));
}
template <class T>
__device__ __forceinline__ T shfl_down_sync(uint32_t mask, T value, int32_t delta) {
  static_assert(detail::kShuffleType<T>, "shfl_down_sync only supports 32- and 64-bit ints and floats");
  return __shfl_down_sync(mask, value, static_cast<unsigned>(delta));
}
template <class T>
__device__ __forceinline__ T shfl_xor_sync(uint32_t mask, T value, int32_t lane_mask) {
  static_assert(detail::kShuffleType<T>, "shfl_xor_sync only supports 32- and 64-bit ints and floats");
  return __shfl_xor_sync(mask, value, lane_mask);
}

__device__ __forceinline__ bool all_sync(uint32_t mask, bool predicate) { return __all_sync(mask, predicate) != 0; }
__device__ __forceinline__ bool any_sync(uint32_t mask, bool predicate) { return __any_sync(mask, predicate) != 0; }
__device__ __forceinline__ bool eq_sync(uint32_t mask, bool predicate) { return __uni_sync(mask, predicate) != 0; }
__device__ __forceinline__ int32_t ballot_sync(uint32_t mask, bool predicate) {
  return static_cast<int32_t>(__ballot_sync(mask, predicate));
}

template <class T>
__device__ __forceinline__ int32_t match_any_sync(uint32_t mask, T value) {
  static_assert(detail::kShuffleType<T>, "match_any_sync takes an int32, int64, float32 or float64");
  return static_cast<int32_t>(__match_any_sync(mask, value));
}
template <class T>
__device__ __forceinline__ tuple<int32_t, bool> match_all_sync(uint32_t mask, T value) {
  static_assert(detail::kShuffleType<T>, "match_all_sync takes an int32, int64, float32 or float64");
  int predicate = 0;
  const unsigned lanes = __match_all_sync(mask, value, &predicate);
  return tuple<int32_t, bool>(static_cast<int32_t>(lanes), predicate != 0);
}

__device__ __forceinline__ uint32_t activemask() { return __activemask(); }
__device__ __forceinline__ uint32_t lanemask_lt() {
  uint32_t lanes;
  asm volatile("mov.u32 %0, %%lanemask_lt;" : "=r"(lanes));
  return lanes;
}
__device__ __forceinline__ void syncwarp(uint32_t mask = 0xffffffffu) { __syncwarp(mask); }

#else  // CPU emulation

namespace detail {

template <class T>
uint64_t warp_bits(T value) {
  if constexpr (sizeof(T) == 4) {
    uint32_t bits;
    std::memcpy(&bits, &value, 4);
    return bits;
  } else {
    uint64_t bits;
    std::memcpy(&bits, &value, 8);
    return bits;
  }
}

template <class T>
T warp_value(uint64_t bits) {
  T value;
  if constexpr (sizeof(T) == 4) {
    const uint32_t low = static_cast<uint32_t>(bits);
    std::memcpy(&value, &low, 4);
  } else {
    std::memcpy(&value, &bits, 8);
  }
  return value;
}

inline emu::detail::WarpResult warp_call(emu::detail::WarpOp op, const char* name, uint32_t mask, uint8_t width,
                                         uint64_t value, int32_t operand, const SourceLocation& where) {
  emu::detail::WarpArrival call;
  call.op = op;
  call.name = name;
  call.mask = mask;
  call.width = width;
  call.value = value;
  call.operand = operand;
  call.where = where;
  return emu::detail::FiberBlock::warp_collective(call);
}

template <class T>
T shuffle(emu::detail::WarpOp op, const char* name, uint32_t mask, T value, int32_t operand,
          const SourceLocation& where) {
  static_assert(kShuffleType<T>, "shfl_sync only supports 32- and 64-bit ints and floats");
  return warp_value<T>(warp_call(op, name, mask, sizeof(T), warp_bits(value), operand, where).value);
}

}  // namespace detail

template <class T>
T shfl_sync(uint32_t mask, T value, int32_t src_lane, SourceLocation where = SourceLocation::current()) {
  return detail::shuffle(emu::detail::WarpOp::shfl_idx, "shfl_sync", mask, value, src_lane, where);
}
template <class T>
T shfl_up_sync(uint32_t mask, T value, int32_t delta, SourceLocation where = SourceLocation::current()) {
  return detail::shuffle(emu::detail::WarpOp::shfl_up, "shfl_up_sync", mask, value, delta, where);
}
template <class T>
T shfl_down_sync(uint32_t mask, T value, int32_t delta, SourceLocation where = SourceLocation::current()) {
  return detail::shuffle(emu::detail::WarpOp::shfl_down, "shfl_down_sync", mask, value, delta, where);
}
template <class T>
T shfl_xor_sync(uint32_t mask, T value, int32_t lane_mask, SourceLocation where = SourceLocation::current()) {
  return detail::shuffle(emu::detail::WarpOp::shfl_xor, "shfl_xor_sync", mask, value, lane_mask, where);
}

inline bool all_sync(uint32_t mask, bool predicate, SourceLocation where = SourceLocation::current()) {
  return detail::warp_call(emu::detail::WarpOp::vote_all, "all_sync", mask, 0, predicate, 0, where).flag;
}
inline bool any_sync(uint32_t mask, bool predicate, SourceLocation where = SourceLocation::current()) {
  return detail::warp_call(emu::detail::WarpOp::vote_any, "any_sync", mask, 0, predicate, 0, where).flag;
}
inline bool eq_sync(uint32_t mask, bool predicate, SourceLocation where = SourceLocation::current()) {
  return detail::warp_call(emu::detail::WarpOp::vote_eq, "eq_sync", mask, 0, predicate, 0, where).flag;
}
inline int32_t ballot_sync(uint32_t mask, bool predicate, SourceLocation where = SourceLocation::current()) {
  const uint64_t lanes = detail::warp_call(emu::detail::WarpOp::ballot, "ballot_sync", mask, 0, predicate, 0, where).value;
  return static_cast<int32_t>(static_cast<uint32_t>(lanes));
}

template <class T>
int32_t match_any_sync(uint32_t mask, T value, SourceLocation where = SourceLocation::current()) {
  static_assert(detail::kShuffleType<T>, "match_any_sync takes an int32, int64, float32 or float64");
  const uint64_t lanes =
      detail::warp_call(emu::detail::WarpOp::match_any, "match_any_sync", mask, sizeof(T), detail::warp_bits(value), 0,
                        where)
          .value;
  return static_cast<int32_t>(static_cast<uint32_t>(lanes));
}
template <class T>
tuple<int32_t, bool> match_all_sync(uint32_t mask, T value, SourceLocation where = SourceLocation::current()) {
  static_assert(detail::kShuffleType<T>, "match_all_sync takes an int32, int64, float32 or float64");
  const emu::detail::WarpResult r = detail::warp_call(emu::detail::WarpOp::match_all, "match_all_sync", mask,
                                                      sizeof(T), detail::warp_bits(value), 0, where);
  return tuple<int32_t, bool>(static_cast<int32_t>(static_cast<uint32_t>(r.value)), r.flag);
}

// The lanes of the warp that wait at this same call (a lane in another branch, or returned, is
// not active here, as on a GPU that runs the branches one after the other).
inline uint32_t activemask(SourceLocation where = SourceLocation::current()) {
  return emu::detail::FiberBlock::active_lanes(where);
}

inline uint32_t lanemask_lt() {
  const uint32_t lane = emu::thread_linear_index() % emu::detail::kWarpSize;
  return (1u << lane) - 1u;
}

inline void syncwarp(uint32_t mask = 0xffffffffu, SourceLocation where = SourceLocation::current()) {
  detail::warp_call(emu::detail::WarpOp::syncwarp, "syncwarp", mask, 0, 0, 0, where);
}

#endif

}  // namespace py2cuda
