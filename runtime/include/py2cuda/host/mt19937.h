// py2cuda host runtime: the Mersenne Twister MT19937 as NumPy's legacy RandomState uses it.
//
// NumPy 1.26 seeds it in three ways, all reproduced here because a translated
// program must draw the same numbers as the Python one:
//   - np.random.seed(n), RandomState(n), n an int in [0, 2**32-1]: the reference
//     init_genrand (Matsumoto & Nishimura's linear recurrence over the 624 words);
//     anything outside that range is a ValueError in NumPy (no big-int seeds);
//   - np.random.seed([a, b, ...]) with 32-bit elements: the reference init_by_array;
//   - no seed at all: words from a SeedSequence with word 0 forced to 0x80000000 and
//     the position left at 623 (NumPy's _MT19937 constructor does exactly that, so the
//     first draw comes from word 623 before the first twist).
// Draws: next_uint32 is the tempered word; next_uint64 is two words, the first one
// high; next_double is NumPy's 53-bit double made from two words (27 + 26 bits).
#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>

#include "exceptions.h"

namespace py2cuda::host {

class MT19937 {
 public:
  static constexpr int kStateWords = 624;

  // NumPy never leaves an MT19937 unseeded; this is init_genrand(5489), the
  // reference default, only so that a default-constructed object is valid.
  MT19937() { seed(5489u); }

  // init_genrand: np.random.seed(n) for 0 <= n < 2**32.
  void seed(uint32_t s) {
    for (int i = 0; i < kStateWords; ++i) {
      key_[i] = s;
      s = 1812433253u * (s ^ (s >> 30)) + static_cast<uint32_t>(i + 1);
    }
    pos_ = kStateWords;  // the first draw twists
  }

  // init_by_array: np.random.seed(array). NumPy rejects an empty key before this.
  void seed_by_array(const uint32_t* init_key, std::size_t key_length) {
    if (key_length == 0) throw ValueError("Seed must be non-empty");
    seed(19650218u);
    std::size_t i = 1, j = 0;
    std::size_t k = kStateWords > key_length ? static_cast<std::size_t>(kStateWords) : key_length;
    for (; k; --k) {
      key_[i] = (key_[i] ^ ((key_[i - 1] ^ (key_[i - 1] >> 30)) * 1664525u)) + init_key[j] +
                static_cast<uint32_t>(j);
      ++i;
      ++j;
      if (i >= kStateWords) {
        key_[0] = key_[kStateWords - 1];
        i = 1;
      }
      if (j >= key_length) j = 0;
    }
    for (k = kStateWords - 1; k; --k) {
      key_[i] = (key_[i] ^ ((key_[i - 1] ^ (key_[i - 1] >> 30)) * 1566083941u)) - static_cast<uint32_t>(i);
      ++i;
      if (i >= kStateWords) {
        key_[0] = key_[kStateWords - 1];
        i = 1;
      }
    }
    key_[0] = 0x80000000u;  // most significant bit set: the state cannot be all zero
    pos_ = kStateWords;
  }

  // NumPy's MT19937(SeedSequence) constructor (also what an unseeded RandomState
  // gets): `words` are generate_state(624) of the seed sequence.
  void seed_from_words(const uint32_t* words) {
    key_[0] = 0x80000000u;
    for (int i = 1; i < kStateWords; ++i) key_[i] = words[i];
    pos_ = kStateWords - 1;  // NumPy leaves the loop variable's last value here
  }

  uint32_t next_uint32() {
    if (pos_ >= kStateWords) twist();
    uint32_t y = key_[pos_++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= y >> 18;
    return y;
  }

  uint64_t next_uint64() {
    const uint64_t hi = next_uint32();  // sequenced: the first word is the high half
    return hi << 32 | next_uint32();
  }

  // 53 random bits: 27 from the first word, 26 from the second.
  double next_double() {
    const int32_t a = static_cast<int32_t>(next_uint32() >> 5);
    const int32_t b = static_cast<int32_t>(next_uint32() >> 6);
    return (a * 67108864.0 + b) / 9007199254740992.0;
  }

  // State access (np.random.get_state()[1], [2]).
  const uint32_t* key() const { return key_; }
  int pos() const { return pos_; }

 private:
  // Regenerates all 624 words at once, as the reference and NumPy do.
  void twist() {
    constexpr uint32_t kUpper = 0x80000000u, kLower = 0x7fffffffu, kMatrixA = 0x9908b0dfu;
    int i = 0;
    for (; i < kStateWords - 397; ++i) {
      const uint32_t y = (key_[i] & kUpper) | (key_[i + 1] & kLower);
      key_[i] = key_[i + 397] ^ (y >> 1) ^ ((y & 1u) ? kMatrixA : 0u);
    }
    for (; i < kStateWords - 1; ++i) {
      const uint32_t y = (key_[i] & kUpper) | (key_[i + 1] & kLower);
      key_[i] = key_[i + 397 - kStateWords] ^ (y >> 1) ^ ((y & 1u) ? kMatrixA : 0u);
    }
    const uint32_t y = (key_[kStateWords - 1] & kUpper) | (key_[0] & kLower);
    key_[kStateWords - 1] = key_[396] ^ (y >> 1) ^ ((y & 1u) ? kMatrixA : 0u);
    pos_ = 0;
  }

  uint32_t key_[kStateWords];
  int pos_;
};

}  // namespace py2cuda::host
