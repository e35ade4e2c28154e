// py2cuda host runtime: numpy.random.SeedSequence (NumPy 1.26), the seeding of
// default_rng(seed) and of every unseeded bit generator.
//
// The entropy (a Python int, or a sequence of them) becomes 32-bit words, least
// significant first (0 is one zero word), is hashed into a pool of 4 words
// (hashmix/mix with NumPy's constants), and generate_state(n) cycles over the pool
// through a second hash. Only what default_rng and RandomState need is here: no
// spawn keys (a spawned child would add them), no pool sizes other than 4.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <random>
#include <stdexcept>
#include <type_traits>
#include <utility>
#include <vector>

#include "exceptions.h"

namespace py2cuda::host {

class SeedSequence {
 public:
  static constexpr std::size_t kPoolSize = 4;

  // Entropy given as 32-bit words, least significant first: a Python int n is
  // n & 0xffffffff, (n >> 32) & 0xffffffff, ... (at least one word); a list of ints
  // is the concatenation of each int's words.
  explicit SeedSequence(std::vector<uint32_t> entropy_words) : entropy_(std::move(entropy_words)) { mix(); }

  // A non-negative integer seed (negative ones are a ValueError in NumPy).
  template <std::integral I>
  explicit SeedSequence(I seed) : entropy_(int_words(seed)) { mix(); }

  // SeedSequence(): 128 bits of OS entropy, as NumPy draws them (secrets.randbits(128)).
  static SeedSequence from_os_entropy() {
    std::random_device device;
    std::vector<uint32_t> words(4);
    for (auto& w : words) w = static_cast<uint32_t>(device());
    return SeedSequence(std::move(words));
  }

  template <std::integral I>
  static std::vector<uint32_t> int_words(I seed) {
    if constexpr (std::is_signed_v<I>) {
      if (seed < 0) throw ValueError("expected non-negative integer");
    }
    auto n = static_cast<unsigned long long>(seed);
    std::vector<uint32_t> words;
    do {
      words.push_back(static_cast<uint32_t>(n & 0xffffffffu));
      n >>= 32;
    } while (n != 0);
    return words;
  }

  // generate_state(n_words, np.uint32).
  std::vector<uint32_t> generate_state_u32(std::size_t n_words) const {
    std::vector<uint32_t> out(n_words);
    uint32_t hash_const = kInitB;
    for (std::size_t i = 0; i < n_words; ++i) {
      uint32_t v = pool_[i % kPoolSize];
      v ^= hash_const;
      hash_const *= kMultB;
      v *= hash_const;
      v ^= v >> kXShift;
      out[i] = v;
    }
    return out;
  }

  // generate_state(n_words, np.uint64): twice as many 32-bit words, paired
  // little-endian (the first word of a pair is the low half).
  std::vector<uint64_t> generate_state_u64(std::size_t n_words) const {
    const std::vector<uint32_t> w = generate_state_u32(2 * n_words);
    std::vector<uint64_t> out(n_words);
    for (std::size_t i = 0; i < n_words; ++i) out[i] = uint64_t{w[2 * i]} | uint64_t{w[2 * i + 1]} << 32;
    return out;
  }

  const uint32_t* pool() const { return pool_; }

 private:
  static constexpr uint32_t kInitA = 0x43b0d7e5u, kMultA = 0x931e8875u;
  static constexpr uint32_t kInitB = 0x8b51f9ddu, kMultB = 0x58f38dedu;
  static constexpr uint32_t kMixMultL = 0xca01f9ddu, kMixMultR = 0x4973f715u;
  static constexpr int kXShift = 16;  // half a 32-bit word

  // hashmix updates its multiplier as it goes: the state is the caller's.
  static uint32_t hashmix(uint32_t value, uint32_t& hash_const) {
    value ^= hash_const;
    hash_const *= kMultA;
    value *= hash_const;
    value ^= value >> kXShift;
    return value;
  }
  static uint32_t mix2(uint32_t x, uint32_t y) {
    uint32_t r = kMixMultL * x - kMixMultR * y;
    r ^= r >> kXShift;
    return r;
  }

  // mix_entropy: fill the pool, then let every word affect every other one, then
  // fold in the entropy beyond the pool size.
  void mix() {
    uint32_t hash_const = kInitA;
    for (std::size_t i = 0; i < kPoolSize; ++i)
      pool_[i] = hashmix(i < entropy_.size() ? entropy_[i] : 0u, hash_const);
    for (std::size_t src = 0; src < kPoolSize; ++src)
      for (std::size_t dst = 0; dst < kPoolSize; ++dst)
        if (src != dst) pool_[dst] = mix2(pool_[dst], hashmix(pool_[src], hash_const));
    for (std::size_t src = kPoolSize; src < entropy_.size(); ++src)
      for (std::size_t dst = 0; dst < kPoolSize; ++dst)
        pool_[dst] = mix2(pool_[dst], hashmix(entropy_[src], hash_const));
  }

  std::vector<uint32_t> entropy_;
  uint32_t pool_[kPoolSize] = {};
};

}  // namespace py2cuda::host
