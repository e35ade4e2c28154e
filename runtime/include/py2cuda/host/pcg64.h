// py2cuda host runtime: NumPy's PCG64 bit generator (PCG XSL-RR 128/64), the one
// behind np.random.default_rng().
//
// A 128-bit LCG (state = state * M + inc, inc odd) whose output, after each step,
// is the xor of the state's halves rotated right by the state's top 6 bits.
// Seeding: generate_state(4, uint64) of a SeedSequence gives s = w0:w1 and
// i = w2:w3 (first word high); then NumPy's srandom: state 0, inc = 2i+1, step,
// add s, step. next_uint32 hands out the two halves of one 64-bit draw, low half
// first, and the pending half survives across calls of different kinds — NumPy
// keeps it in the bit generator too (has_uint32), so the interleaving matters.
#pragma once

#include <cstdint>
#include <vector>

#include "seed_sequence.h"

namespace py2cuda::host {

// __extension__: unsigned __int128 is a GCC/Clang extension that nvcc's host
// compiler also has; the keyword keeps -Wpedantic quiet.
__extension__ typedef unsigned __int128 uint128_t;

class PCG64 {
 public:
  explicit PCG64(const SeedSequence& seq) {
    const std::vector<uint64_t> w = seq.generate_state_u64(4);
    set_seed(uint128_t{w[0]} << 64 | w[1], uint128_t{w[2]} << 64 | w[3]);
  }

  // pcg_setseq_128_srandom_r; also clears the pending 32-bit half.
  void set_seed(uint128_t initstate, uint128_t initseq) {
    state_ = 0;
    inc_ = initseq << 1 | 1u;
    step();
    state_ += initstate;
    step();
    has_uint32_ = false;
    uinteger_ = 0;
  }

  uint64_t next_uint64() {
    step();
    const uint64_t xored = static_cast<uint64_t>(state_ >> 64) ^ static_cast<uint64_t>(state_);
    const unsigned rot = static_cast<unsigned>(state_ >> 122);
    return (xored >> rot) | (xored << ((64u - rot) & 63u));
  }

  uint32_t next_uint32() {
    if (has_uint32_) {
      has_uint32_ = false;
      return uinteger_;
    }
    const uint64_t next = next_uint64();
    has_uint32_ = true;
    uinteger_ = static_cast<uint32_t>(next >> 32);
    return static_cast<uint32_t>(next & 0xffffffffu);
  }

  // 53 high bits of one 64-bit draw.
  double next_double() { return static_cast<double>(next_uint64() >> 11) * (1.0 / 9007199254740992.0); }
  // 24 high bits of one 32-bit draw (Generator.random(dtype=np.float32)).
  float next_float() { return static_cast<float>(next_uint32() >> 8) * (1.0f / 16777216.0f); }

  uint128_t state() const { return state_; }
  uint128_t inc() const { return inc_; }
  bool has_uint32() const { return has_uint32_; }
  uint32_t uinteger() const { return uinteger_; }

 private:
  // PCG's default 128-bit multiplier.
  static constexpr uint128_t kMultiplier =
      (uint128_t{2549297995355413924ull} << 64) + uint128_t{4865540595714422341ull};
  void step() { state_ = state_ * kMultiplier + inc_; }

  uint128_t state_ = 0, inc_ = 1;
  bool has_uint32_ = false;
  uint32_t uinteger_ = 0;
};

}  // namespace py2cuda::host
