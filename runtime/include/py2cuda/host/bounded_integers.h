// py2cuda host runtime: NumPy's bounded integer draws (numpy/random distributions),
// shared by RandomState (masked rejection) and Generator (Lemire's method).
//
// Ranges are inclusive: rng = high - low (after an exclusive high is made
// inclusive). Which raw draws are used decides the stream, so this follows NumPy
// exactly:
//   - rng == 0: no draw at all;
//   - rng < 2**32 (even for 64-bit results): 32-bit draws, one per attempt
//     (NumPy's "buffered" uint32 draws are plain next_uint32 calls);
//   - 8- and 16-bit results (dtype int8, uint8, int16, uint16): one 32-bit draw
//     serves four (two) values, lowest bits first, the buffer shared by a fill's
//     elements and fresh for a single draw; Lemire multiplies in 16 (32) bits;
//   - rng == 2**32-1 or 2**64-1: the raw draw, no rejection;
//   - otherwise 64-bit draws;
//   masked: draw & (smallest all-ones mask >= rng), retried while > rng;
//   Lemire: the high half of draw * (rng+1), retried while the low half is below
//   (2**bits - (rng+1)) % (rng+1), that remainder only computed when the low half
//   is below rng+1.
// BitGen is MT19937 or PCG64 (anything with next_uint32/next_uint64).
#pragma once

#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "exceptions.h"
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

// NumPy's buffered_uint8 / buffered_uint16: the next 8 or 16 bits of the 32-bit draw in `buf`,
// a new draw when `bcnt` (the values it has left) is 0.
template <class UInt, class BitGen>
UInt buffered_small_uint(BitGen& g, int& bcnt, uint32_t& buf) {
  static_assert(sizeof(UInt) == 1 || sizeof(UInt) == 2);
  if (bcnt == 0) {
    buf = g.next_uint32();
    bcnt = static_cast<int>(4 / sizeof(UInt)) - 1;
  } else {
    buf >>= 8 * sizeof(UInt);
    --bcnt;
  }
  return static_cast<UInt>(buf);
}

// buffered_bounded_masked_uint8/16.
template <class UInt, class BitGen>
UInt buffered_bounded_masked_small(BitGen& g, UInt rng, UInt mask, int& bcnt, uint32_t& buf) {
  UInt v;
  while ((v = static_cast<UInt>(buffered_small_uint<UInt>(g, bcnt, buf) & mask)) > rng) {
  }
  return v;
}

// buffered_bounded_lemire_uint8/16: the product in twice the bits.
template <class UInt, class BitGen>
UInt buffered_bounded_lemire_small(BitGen& g, UInt rng, int& bcnt, uint32_t& buf) {
  using Wide = std::conditional_t<sizeof(UInt) == 1, uint16_t, uint32_t>;
  const UInt excl = static_cast<UInt>(rng + 1);
  Wide m = static_cast<Wide>(static_cast<Wide>(buffered_small_uint<UInt>(g, bcnt, buf)) * excl);
  UInt leftover = static_cast<UInt>(m);
  if (leftover < excl) {
    const auto threshold = static_cast<UInt>(static_cast<UInt>(std::numeric_limits<UInt>::max() - rng) % excl);
    while (leftover < threshold) {
      m = static_cast<Wide>(static_cast<Wide>(buffered_small_uint<UInt>(g, bcnt, buf)) * excl);
      leftover = static_cast<UInt>(m);
    }
  }
  return static_cast<UInt>(m >> (8 * sizeof(UInt)));
}

// random_bounded_uint8_fill / random_bounded_uint16_fill.
template <class UInt, class BitGen>
void bounded_small_fill(BitGen& g, UInt off, UInt rng, int64_t cnt, bool masked, UInt* out) {
  uint32_t buf = 0;
  int bcnt = 0;
  if (rng == 0) {
    for (int64_t i = 0; i < cnt; ++i) out[i] = off;
  } else if (rng == std::numeric_limits<UInt>::max()) {
    for (int64_t i = 0; i < cnt; ++i) out[i] = static_cast<UInt>(off + buffered_small_uint<UInt>(g, bcnt, buf));
  } else if (masked) {
    const auto mask = static_cast<UInt>(bounded_mask(rng));
    for (int64_t i = 0; i < cnt; ++i) out[i] = static_cast<UInt>(off + buffered_bounded_masked_small(g, rng, mask, bcnt, buf));
  } else {
    for (int64_t i = 0; i < cnt; ++i) out[i] = static_cast<UInt>(off + buffered_bounded_lemire_small(g, rng, bcnt, buf));
  }
}

// The bounds check and fill of an 8- or 16-bit integer dtype T: [low, top], top inclusive,
// NumPy's messages for a bound outside T.
template <class T, class BitGen>
void bounded_small_range_fill(BitGen& g, T* out, int64_t n, int64_t low, int64_t top, bool masked, const char* dtype_name,
                              const char* empty_message) {
  if (n == 0) return;  // NumPy returns the empty array before checking the bounds
  if (low < static_cast<int64_t>(std::numeric_limits<T>::min())) {
    throw ValueError(std::string("low is out of bounds for ") + dtype_name);
  }
  if (top > static_cast<int64_t>(std::numeric_limits<T>::max())) {
    throw ValueError(std::string("high is out of bounds for ") + dtype_name);
  }
  if (low > top) throw ValueError(empty_message);
  using U = std::make_unsigned_t<T>;
  const auto rng = static_cast<U>(static_cast<uint64_t>(top) - static_cast<uint64_t>(low));
  bounded_small_fill<U>(g, static_cast<U>(low), rng, n, masked, reinterpret_cast<U*>(out));
}

// The dtype's name in NumPy's messages.
template <class T>
constexpr const char* small_int_name() {
  if constexpr (std::is_same_v<T, int8_t>) return "int8";
  else if constexpr (std::is_same_v<T, uint8_t>) return "uint8";
  else if constexpr (std::is_same_v<T, int16_t>) return "int16";
  else return "uint16";
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
