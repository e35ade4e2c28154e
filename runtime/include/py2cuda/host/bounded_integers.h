// py2cuda host runtime: NumPy's bounded integer draws (numpy/random distributions),
// shared by RandomState (masked rejection) and Generator (Lemire's method).
//
// Ranges are inclusive: rng = high - low (after an exclusive high is made
// inclusive). Which raw draws are used decides the stream, so this follows NumPy
// exactly:
//   - rng == 0: no draw at all;
//   - rng < 2**32 (even for 64-bit results): 32-bit draws, one per attempt
//     (NumPy's "buffered" uint32 draws are plain next_uint32 calls; only 8/16-bit
//     results are really buffered, and those are not needed here);
//   - rng == 2**32-1 or 2**64-1: the raw draw, no rejection;
//   - otherwise 64-bit draws;
//   masked: draw & (smallest all-ones mask >= rng), retried while > rng;
//   Lemire: the high half of draw * (rng+1), retried while the low half is below
//   (2**bits - (rng+1)) % (rng+1), that remainder only computed when the low half
//   is below rng+1.
// BitGen is MT19937 or PCG64 (anything with next_uint32/next_uint64).
#pragma once

#include <cstdint>

#include "pcg64.h"  // uint128_t

namespace py2cuda::host {

// The smallest 2**k - 1 >= max.
inline uint64_t bounded_mask(uint64_t max) {
  uint64_t mask = max;
  mask |= mask >> 1;
  mask |= mask >> 2;
  mask |= mask >> 4;
  mask |= mask >> 8;
  mask |= mask >> 16;
  mask |= mask >> 32;
  return mask;
}

template <class BitGen>
uint32_t bounded_masked_uint32(BitGen& g, uint32_t rng, uint32_t mask) {
  uint32_t v;
  while ((v = g.next_uint32() & mask) > rng) {
  }
  return v;
}

template <class BitGen>
uint64_t bounded_masked_uint64(BitGen& g, uint64_t rng, uint64_t mask) {
  uint64_t v;
  while ((v = g.next_uint64() & mask) > rng) {
  }
  return v;
}

template <class BitGen>
uint32_t bounded_lemire_uint32(BitGen& g, uint32_t rng) {
  const uint32_t excl = rng + 1;
  uint64_t m = uint64_t{g.next_uint32()} * excl;
  uint32_t leftover = static_cast<uint32_t>(m);
  if (leftover < excl) {
    const uint32_t threshold = (UINT32_MAX - rng) % excl;
    while (leftover < threshold) {
      m = uint64_t{g.next_uint32()} * excl;
      leftover = static_cast<uint32_t>(m);
    }
  }
  return static_cast<uint32_t>(m >> 32);
}

template <class BitGen>
uint64_t bounded_lemire_uint64(BitGen& g, uint64_t rng) {
  const uint64_t excl = rng + 1;
  uint128_t m = uint128_t{g.next_uint64()} * excl;
  uint64_t leftover = static_cast<uint64_t>(m);
  if (leftover < excl) {
    const uint64_t threshold = (UINT64_MAX - rng) % excl;
    while (leftover < threshold) {
      m = uint128_t{g.next_uint64()} * excl;
      leftover = static_cast<uint64_t>(m);
    }
  }
  return static_cast<uint64_t>(m >> 64);
}

// random_bounded_uint64_fill: cnt values off + [0, rng], for 64-bit results.
template <class BitGen>
void bounded_uint64_fill(BitGen& g, uint64_t off, uint64_t rng, int64_t cnt, bool masked, uint64_t* out) {
  if (rng == 0) {
    for (int64_t i = 0; i < cnt; ++i) out[i] = off;
  } else if (rng <= 0xffffffffull) {
    const auto r32 = static_cast<uint32_t>(rng);
    if (r32 == 0xffffffffu) {
      for (int64_t i = 0; i < cnt; ++i) out[i] = off + g.next_uint32();
    } else if (masked) {
      const auto mask = static_cast<uint32_t>(bounded_mask(rng));
      for (int64_t i = 0; i < cnt; ++i) out[i] = off + bounded_masked_uint32(g, r32, mask);
    } else {
      for (int64_t i = 0; i < cnt; ++i) out[i] = off + bounded_lemire_uint32(g, r32);
    }
  } else if (rng == UINT64_MAX) {
    for (int64_t i = 0; i < cnt; ++i) out[i] = off + g.next_uint64();
  } else if (masked) {
    const uint64_t mask = bounded_mask(rng);
    for (int64_t i = 0; i < cnt; ++i) out[i] = off + bounded_masked_uint64(g, rng, mask);
  } else {
    for (int64_t i = 0; i < cnt; ++i) out[i] = off + bounded_lemire_uint64(g, rng);
  }
}

// random_bounded_uint32_fill: the same for 32-bit results (dtype int32/uint32).
template <class BitGen>
void bounded_uint32_fill(BitGen& g, uint32_t off, uint32_t rng, int64_t cnt, bool masked, uint32_t* out) {
  if (rng == 0) {
    for (int64_t i = 0; i < cnt; ++i) out[i] = off;
  } else if (rng == 0xffffffffu) {
    for (int64_t i = 0; i < cnt; ++i) out[i] = off + g.next_uint32();
  } else if (masked) {
    const auto mask = static_cast<uint32_t>(bounded_mask(rng));
    for (int64_t i = 0; i < cnt; ++i) out[i] = off + bounded_masked_uint32(g, rng, mask);
  } else {
    for (int64_t i = 0; i < cnt; ++i) out[i] = off + bounded_lemire_uint32(g, rng);
  }
}

// random_interval: a value in [0, max] by masked rejection, 32-bit draws when max
// fits (the swaps of RandomState.shuffle/permutation).
template <class BitGen>
uint64_t random_interval(BitGen& g, uint64_t max) {
  if (max == 0) return 0;
  const uint64_t mask = bounded_mask(max);
  uint64_t v;
  if (max <= 0xffffffffull) {
    while ((v = g.next_uint32() & mask) > max) {
    }
  } else {
    while ((v = g.next_uint64() & mask) > max) {
    }
  }
  return v;
}

}  // namespace py2cuda::host
