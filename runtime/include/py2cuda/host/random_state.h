// py2cuda host runtime: np.random.RandomState and the np.random.* module functions
// (the legacy API), bit-identical to NumPy 1.26 on MT19937.
//
// Every draw has a scalar form and a fill form `fill_x(out, n, ...)` that writes n
// values in C order, drawing exactly what NumPy draws to fill an array of n
// elements of that dtype (for these distributions NumPy fills element by element,
// so a fill of n is n scalar draws; size=0 draws nothing).
//
// Floating point: results go through exactly NumPy's operations (log from the C
// library, no contraction into fma: do not build with -ffast-math or -mfma).
// Errors: NumPy's ValueError and OverflowError (exceptions.h), with NumPy's messages, raised
// before any draw as in NumPy, so that `except ValueError:` around a draw catches them.
#pragma once

#include <algorithm>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <numeric>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "exceptions.h"
#include "bounded_integers.h"
#include "mt19937.h"
#include "seed_sequence.h"

namespace py2cuda::host {

class RandomState {
 public:
  // RandomState() / the never-seeded np.random: OS entropy through a SeedSequence.
  RandomState() { seed(); }
  template <std::integral I>
  explicit RandomState(I s) {
    seed(s);
  }
  explicit RandomState(const std::vector<int64_t>& key) { seed(key); }
  // RandomState(MT19937(SeedSequence(...))): a bit generator seeded the modern way.
  explicit RandomState(const MT19937& bit_generator) : mt_(bit_generator) {}

  // np.random.seed(): fresh OS entropy, as NumPy's _legacy_seeding(None).
  void seed() {
    const std::vector<uint32_t> words = SeedSequence::from_os_entropy().generate_state_u32(MT19937::kStateWords);
    mt_.seed_from_words(words.data());
    reset_gauss();
  }
  // np.random.seed(n): n must be in [0, 2**32-1].
  template <std::integral I>
  void seed(I s) {
    if (!in_seed_range(s)) throw ValueError("Seed must be between 0 and 2**32 - 1");
    mt_.seed(static_cast<uint32_t>(s));
    reset_gauss();
  }
  // np.random.seed([a, b, ...]): init_by_array; each element in [0, 2**32-1].
  void seed(const std::vector<int64_t>& key) {
    if (key.empty()) throw ValueError("Seed must be non-empty");
    std::vector<uint32_t> words;
    for (int64_t k : key) {
      if (!in_seed_range(k)) throw ValueError("Seed must be between 0 and 2**32 - 1");
      words.push_back(static_cast<uint32_t>(k));
    }
    mt_.seed_by_array(words.data(), words.size());
    reset_gauss();
  }

  // ---- uniform [0, 1): random_sample, random, rand, ranf, sample --------------
  double random_sample() { return mt_.next_double(); }
  double random() { return random_sample(); }
  double rand() { return random_sample(); }
  void fill_random_sample(double* out, int64_t n) {
    for (int64_t i = 0; i < n; ++i) out[i] = mt_.next_double();
  }
  void fill_random(double* out, int64_t n) { fill_random_sample(out, n); }
  void fill_rand(double* out, int64_t n) { fill_random_sample(out, n); }

  // ---- uniform(low, high): low + (high - low) * U -----------------------------
  double uniform(double low = 0.0, double high = 1.0) {
    const double range = uniform_range(low, high);
    return low + range * mt_.next_double();
  }
  void fill_uniform(double* out, int64_t n, double low = 0.0, double high = 1.0) {
    const double range = uniform_range(low, high);
    for (int64_t i = 0; i < n; ++i) out[i] = low + range * mt_.next_double();
  }

  // ---- normal: polar Box-Muller, the second value cached --------------------
  double standard_normal() { return gauss(); }
  double randn() { return gauss(); }
  void fill_standard_normal(double* out, int64_t n) {
    for (int64_t i = 0; i < n; ++i) out[i] = gauss();
  }
  void fill_randn(double* out, int64_t n) { fill_standard_normal(out, n); }
  double normal(double loc = 0.0, double scale = 1.0) {
    check_scale(scale);
    return loc + scale * gauss();
  }
  void fill_normal(double* out, int64_t n, double loc = 0.0, double scale = 1.0) {
    check_scale(scale);
    for (int64_t i = 0; i < n; ++i) out[i] = loc + scale * gauss();
  }

  // ---- exponential: -log(1 - U) (the legacy inversion, not the ziggurat) ----
  double standard_exponential() { return -std::log(1.0 - mt_.next_double()); }
  void fill_standard_exponential(double* out, int64_t n) {
    for (int64_t i = 0; i < n; ++i) out[i] = standard_exponential();
  }
  double exponential(double scale = 1.0) {
    check_scale(scale);
    return scale * standard_exponential();
  }
  void fill_exponential(double* out, int64_t n, double scale = 1.0) {
    check_scale(scale);
    for (int64_t i = 0; i < n; ++i) out[i] = scale * standard_exponential();
  }

  // ---- randint(low, high): [low, high), masked rejection ------------------
  // dtype int64 (NumPy's default 'l' on Linux), int32 and the 8/16-bit ones below; a range that fits 32
  // bits uses 32-bit draws even for int64 results.
  int64_t randint(int64_t high) { return randint(0, high); }
  int64_t randint(int64_t low, int64_t high) {
    int64_t v;
    fill_randint(&v, 1, low, high);
    return v;
  }
  void fill_randint(int64_t* out, int64_t n, int64_t low, int64_t high) {
    if (n == 0) return;  // NumPy returns an empty array before checking the bounds
    if (low >= high) throw ValueError("low >= high");
    const uint64_t rng = static_cast<uint64_t>(high - 1) - static_cast<uint64_t>(low);
    bounded_uint64_fill(mt_, static_cast<uint64_t>(low), rng, n, /*masked=*/true, reinterpret_cast<uint64_t*>(out));
  }
  void fill_randint(int32_t* out, int64_t n, int64_t low, int64_t high) {
    if (n == 0) return;
    if (low < INT32_MIN) throw ValueError("low is out of bounds for int32");
    if (high - 1 > INT32_MAX) throw ValueError("high is out of bounds for int32");
    if (low >= high) throw ValueError("low >= high");
    const uint32_t rng = static_cast<uint32_t>(static_cast<uint64_t>(high - 1) - static_cast<uint64_t>(low));
    bounded_uint32_fill(mt_, static_cast<uint32_t>(low), rng, n, /*masked=*/true, reinterpret_cast<uint32_t*>(out));
  }

  // dtype int8, uint8, int16, uint16: NumPy's buffered draws, masked (bounded_integers.h).
  template <class T>
    requires(std::is_integral_v<T> && sizeof(T) <= 2 && !std::is_same_v<T, bool>)
  void fill_randint(T* out, int64_t n, int64_t low, int64_t high) {
    bounded_small_range_fill<T>(mt_, out, n, low, high - 1, /*masked=*/true, small_int_name<T>(), "low >= high");
  }

  // ---- shuffle / permutation: Fisher-Yates from the end, random_interval ----
  // A 1-d array of n elements; for an n-d array, shuffle_rows swaps whole rows
  // of row_len elements (axis 0), with the same draws as the 1-d case.
  template <class T>
  void shuffle(T* data, int64_t n) {
    for (int64_t i = n - 1; i > 0; --i) {
      const auto j = static_cast<int64_t>(random_interval(mt_, static_cast<uint64_t>(i)));
      std::swap(data[i], data[j]);
    }
  }
  template <class T>
  void shuffle_rows(T* data, int64_t rows, int64_t row_len) {
    for (int64_t i = rows - 1; i > 0; --i) {
      const auto j = static_cast<int64_t>(random_interval(mt_, static_cast<uint64_t>(i)));
      if (i == j) continue;
      for (int64_t c = 0; c < row_len; ++c) std::swap(data[i * row_len + c], data[j * row_len + c]);
    }
  }
  // permutation(n): a shuffled arange(n) (int64).
  void fill_permutation(int64_t* out, int64_t n) {
    std::iota(out, out + n, int64_t{0});
    shuffle(out, n);
  }
  std::vector<int64_t> permutation(int64_t n) {
    if (n < 0) throw ValueError("negative dimensions are not allowed");
    std::vector<int64_t> v(static_cast<std::size_t>(n));
    fill_permutation(v.data(), n);
    return v;
  }
  // permutation(array): a shuffled copy.
  template <class T>
  void fill_permutation(T* out, const T* a, int64_t n) {
    std::copy(a, a + n, out);
    shuffle(out, n);
  }

  // ---- choice(a, size, replace) without p -------------------------------------
  // With replacement: randint(0, pop_size) per element. Without: the first `size`
  // of permutation(pop_size) (the whole permutation is drawn). The index forms are
  // choice(int); the array forms pick a[idx].
  int64_t choice(int64_t pop_size, bool replace = true) {
    int64_t v;
    fill_choice(&v, 1, pop_size, replace);
    return v;
  }
  void fill_choice(int64_t* out, int64_t size, int64_t pop_size, bool replace = true) {
    if (pop_size <= 0 && size != 0) throw ValueError("a must be greater than 0 unless no samples are taken");
    if (replace) {
      fill_randint(out, size, 0, pop_size);
      return;
    }
    if (size > pop_size)
      throw ValueError("Cannot take a larger sample than population when 'replace=False'");
    const std::vector<int64_t> perm = permutation(pop_size);
    std::copy(perm.begin(), perm.begin() + size, out);
  }
  template <class T>
  T choice(const T* a, int64_t pop_size, bool replace = true) {
    if (pop_size == 0) throw ValueError("'a' cannot be empty unless no samples are taken");
    return a[choice(pop_size, replace)];
  }
  template <class T>
  void fill_choice(T* out, int64_t size, const T* a, int64_t pop_size, bool replace = true) {
    if (pop_size == 0 && size != 0) throw ValueError("'a' cannot be empty unless no samples are taken");
    std::vector<int64_t> idx(static_cast<std::size_t>(size));
    fill_choice(idx.data(), size, pop_size, replace);
    for (int64_t i = 0; i < size; ++i) out[i] = a[idx[static_cast<std::size_t>(i)]];
  }

  // ---- state -----------------------------------------------------------------
  MT19937& bit_generator() { return mt_; }
  bool has_gauss() const { return has_gauss_; }
  double cached_gauss() const { return gauss_; }

 private:
  template <std::integral I>
  static bool in_seed_range(I s) {
    if constexpr (std::is_signed_v<I>) {
      if (s < 0) return false;
    }
    return static_cast<unsigned long long>(s) <= 0xffffffffull;
  }
  void reset_gauss() {
    has_gauss_ = false;
    gauss_ = 0.0;
  }
  static double uniform_range(double low, double high) {
    const double range = high - low;
    if (!std::isfinite(range)) throw OverflowError("Range exceeds valid bounds");
    return range;
  }
  static void check_scale(double scale) {
    // NumPy's CONS_NON_NEGATIVE: the sign bit, so -0.0 is refused and NaN is not.
    if (!std::isnan(scale) && std::signbit(scale)) throw ValueError("scale < 0");
  }

  // legacy_gauss: a point uniform in the unit disc (rejecting r2 >= 1 and 0), two
  // normals from it; the second is returned by the next call.
  double gauss() {
    if (has_gauss_) {
      const double g = gauss_;
      reset_gauss();
      return g;
    }
    double x1, x2, r2;
    do {
      x1 = 2.0 * mt_.next_double() - 1.0;
      x2 = 2.0 * mt_.next_double() - 1.0;
      r2 = x1 * x1 + x2 * x2;
    } while (r2 >= 1.0 || r2 == 0.0);
    const double f = std::sqrt(-2.0 * std::log(r2) / r2);
    gauss_ = f * x1;
    has_gauss_ = true;
    return f * x2;
  }

  MT19937 mt_;
  bool has_gauss_ = false;
  double gauss_ = 0.0;
};

// The instance behind the np.random.* module functions. Like NumPy's, it is seeded
// from OS entropy until the program calls np.random.seed.
inline RandomState& global_random_state() {
  static RandomState state;
  return state;
}

}  // namespace py2cuda::host
