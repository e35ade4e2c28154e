// py2cuda runtime, CPU emulation: the warp-level collectives (shuffles, votes, match,
// __syncwarp) computed from what each lane contributed.
//
// fiber_block.h parks a lane that calls one of them until every lane named in its mask
// has arrived, then calls warp_results() here once for the whole group. This file is
// the arithmetic and the checks, independent of fibers, so unit tests can drive it.
//
// Semantics are PTX's (shfl.sync, vote.sync, match.sync, bar.warp.sync, sm_70 and
// later), with warp size 32 and the operands numba-cuda passes:
//   shfl    the source lane j from the low 5 bits b of the lane/delta operand:
//             idx  j = b                          (src_lane modulo 32)
//             up   j = lane - b, own value if j < 0
//             down j = lane + b, own value if j > 31
//             xor  j = lane ^ b
//           64-bit values move whole (CUDA moves them as two 32-bit halves: the same).
//           A source lane outside the mask is undefined on a GPU: reported as an error.
//   vote    all / any / eq (all predicates equal) over the lanes of the mask; ballot the
//           mask's lanes whose predicate is non-zero.
//   match   any: the lanes of the mask whose value has the caller's bits; all: the mask
//           and true when every lane's bits are equal, else 0 and false. Bits, not
//           values: for floats 0.0 and -0.0 differ and a NaN matches the same NaN.
// The lanes of one collective must call the same function (with the same value width)
// with the same mask; on sm_70+ they may do so from different source lines.
#pragma once

#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>

#include "source_location.h"

namespace py2cuda::emu::detail {

inline constexpr uint32_t kWarpSize = 32;

enum class WarpOp : uint8_t {
  shfl_idx,
  shfl_up,
  shfl_down,
  shfl_xor,
  vote_all,
  vote_any,
  vote_eq,
  ballot,
  match_any,
  match_all,
  syncwarp,
};

// What one lane brings to a collective. Lives in the calling lane's frame while it waits.
struct WarpArrival {
  WarpOp op = WarpOp::syncwarp;
  const char* name = "";   // the Python name without "cuda.", e.g. "shfl_down_sync"
  uint32_t mask = 0;
  uint8_t width = 0;       // bytes of `value` for shuffles and match (4 or 8); 0 otherwise
  uint64_t value = 0;      // the value's bits (zero-extended), or the predicate as 0/1
  int32_t operand = 0;     // shfl: src_lane, delta or lane_mask
  SourceLocation where{};
};

struct WarpResult {
  uint64_t value = 0;  // shfl: the bits read; ballot/match: the lane mask
  bool flag = false;   // all/any/eq; match_all's predicate
};

// A lane whose result cannot be computed, and why.
struct WarpFault {
  uint32_t lane = 0;
  std::string what;
};

// "0x0000ffff"
inline std::string mask_text(uint32_t mask) {
  char text[16];
  std::snprintf(text, sizeof text, "0x%08x", mask);
  return text;
}

// Whether two lanes' calls can be one collective.
inline bool same_collective(const WarpArrival& a, const WarpArrival& b) {
  return a.op == b.op && a.mask == b.mask && a.width == b.width;
}

// The lane a shuffle of `lane` reads (itself when up/down leave the warp).
inline uint32_t shfl_source(WarpOp op, uint32_t lane, int32_t operand) {
  const uint32_t b = static_cast<uint32_t>(operand) & (kWarpSize - 1);
  switch (op) {
    case WarpOp::shfl_idx: return b;
    case WarpOp::shfl_up: return lane >= b ? lane - b : lane;
    case WarpOp::shfl_down: return lane + b < kWarpSize ? lane + b : lane;
    case WarpOp::shfl_xor: return lane ^ b;
    default: return lane;
  }
}

// The results of one complete collective: `lanes[l]` is lane l's arrival for each lane
// l of `mask` (the others are not read), all of them same_collective. Fills `results`
// for the lanes of the mask, or returns the first lane whose result is undefined.
inline std::optional<WarpFault> warp_results(const WarpArrival* const lanes[kWarpSize], uint32_t mask,
                                             WarpResult results[kWarpSize]) {
  const auto in_mask = [mask](uint32_t l) { return ((mask >> l) & 1u) != 0; };
  uint32_t first = 0;
  while (!in_mask(first)) ++first;
  const WarpOp op = lanes[first]->op;
  const uint64_t bits = lanes[first]->width == 4 ? 0xffffffffull : ~0ull;
  uint32_t set = 0;  // lanes with a non-zero predicate
  bool all_equal = true;
  for (uint32_t l = 0; l < kWarpSize; ++l) {
    if (!in_mask(l)) continue;
    if (lanes[l]->value != 0) set |= 1u << l;
    if ((lanes[l]->value & bits) != (lanes[first]->value & bits)) all_equal = false;
  }
  for (uint32_t l = 0; l < kWarpSize; ++l) {
    if (!in_mask(l)) continue;
    WarpResult& r = results[l];
    r = WarpResult{};
    switch (op) {
      case WarpOp::shfl_idx:
      case WarpOp::shfl_up:
      case WarpOp::shfl_down:
      case WarpOp::shfl_xor: {
        const uint32_t j = shfl_source(op, l, lanes[l]->operand);
        if (!in_mask(j)) {
          return WarpFault{l, "reads lane " + std::to_string(j) + ", which is not in the mask " + mask_text(mask) +
                                  " (a GPU leaves the result undefined)"};
        }
        r.value = lanes[j]->value & bits;
        break;
      }
      case WarpOp::vote_all: r.flag = set == mask; break;
      case WarpOp::vote_any: r.flag = set != 0; break;
      case WarpOp::vote_eq: r.flag = set == 0 || set == mask; break;
      case WarpOp::ballot: r.value = set; break;
      case WarpOp::match_any: {
        uint32_t same = 0;
        for (uint32_t k = 0; k < kWarpSize; ++k) {
          if (in_mask(k) && (lanes[k]->value & bits) == (lanes[l]->value & bits)) same |= 1u << k;
        }
        r.value = same;
        break;
      }
      case WarpOp::match_all:
        r.value = all_equal ? mask : 0;
        r.flag = all_equal;
        break;
      case WarpOp::syncwarp: break;
    }
  }
  return std::nullopt;
}

}  // namespace py2cuda::emu::detail
