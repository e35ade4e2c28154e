// py2cuda host runtime: np.random.Generator on PCG64, i.e. np.random.default_rng(seed),
// following NumPy 1.26's algorithms draw for draw.
//
//   random()            53 high bits of a 64-bit draw; float32: 24 bits of a 32-bit draw
//   uniform(lo, hi)     lo + (hi - lo) * random()
//   standard_normal()   256-layer ziggurat on 64-bit draws: 8 bits layer, 1 bit sign,
//                       52 bits magnitude; the tail (layer 0) by Marsaglia's
//                       exponential method; rejected points draw anew
//   standard_exponential()  256-layer ziggurat: the 64-bit draw >> 3, 8 bits layer,
//                       53 bits magnitude
//   integers(lo, hi)    Lemire's method (bounded_integers.h), 32-bit draws when the
//                       range fits (these share PCG64's pending 32-bit half)
//
// Fill forms draw what NumPy draws to fill an array of n elements in C order.
// The ziggurat tables are NumPy's (ziggurat_tables.h); a Generator can be given
// other tables, which the tests use to run the algorithm on the tables of the
// NumPy they compare with.
#pragma once

#include <cmath>
#include <concepts>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <type_traits>
#include <utility>
#include <vector>

#include "exceptions.h"
#include "bounded_integers.h"
#include "pcg64.h"
#include "seed_sequence.h"
#include "ziggurat.h"
#include "ziggurat_tables.h"

namespace py2cuda::host {

class Generator {
 public:
  explicit Generator(const PCG64& bit_generator, const ZigguratTables& tables = kNumpyZigguratTables)
      : state_(std::make_shared<PCG64>(bit_generator)), zig_(&tables) {}
  // An attribute or variable declared before the code that binds it (`self.rng =
  // np.random.default_rng(seed)` in __init__): default_rng(0)'s until then.
  Generator() : Generator(PCG64(SeedSequence(0))) {}

  // ---- uniform ---------------------------------------------------------------
  double random() { return state_->next_double(); }
  float random_float32() { return state_->next_float(); }
  void fill_random(double* out, int64_t n) {
    for (int64_t i = 0; i < n; ++i) out[i] = state_->next_double();
  }
  void fill_random(float* out, int64_t n) {
    for (int64_t i = 0; i < n; ++i) out[i] = state_->next_float();
  }
  double uniform(double low = 0.0, double high = 1.0) {
    const double range = uniform_range(low, high);
    return low + range * state_->next_double();
  }
  void fill_uniform(double* out, int64_t n, double low = 0.0, double high = 1.0) {
    const double range = uniform_range(low, high);
    for (int64_t i = 0; i < n; ++i) out[i] = low + range * state_->next_double();
  }

  // ---- normal ------------------------------------------------------------------
  double standard_normal() { return zig_normal(); }
  void fill_standard_normal(double* out, int64_t n) {
    for (int64_t i = 0; i < n; ++i) out[i] = zig_normal();
  }
  double normal(double loc = 0.0, double scale = 1.0) {
    check_scale(scale);
    return loc + scale * zig_normal();
  }
  void fill_normal(double* out, int64_t n, double loc = 0.0, double scale = 1.0) {
    check_scale(scale);
    for (int64_t i = 0; i < n; ++i) out[i] = loc + scale * zig_normal();
  }

  // ---- shuffle / permutation: Fisher-Yates from the end, random_interval ------------
  // (Generator.shuffle swaps whole rows of row_len elements along axis 0.)
  template <class T>
  void shuffle_rows(T* data, int64_t rows, int64_t row_len) {
    for (int64_t i = rows - 1; i > 0; --i) {
      const auto j = static_cast<int64_t>(random_interval((*state_), static_cast<uint64_t>(i)));
      if (i == j) continue;
      for (int64_t c = 0; c < row_len; ++c) std::swap(data[i * row_len + c], data[j * row_len + c]);
    }
  }

  // ---- exponential ---------------------------------------------------------------
  double standard_exponential() { return zig_exponential(); }
  void fill_standard_exponential(double* out, int64_t n) {
    for (int64_t i = 0; i < n; ++i) out[i] = zig_exponential();
  }
  double exponential(double scale = 1.0) {
    check_scale(scale);
    return scale * zig_exponential();
  }
  void fill_exponential(double* out, int64_t n, double scale = 1.0) {
    check_scale(scale);
    for (int64_t i = 0; i < n; ++i) out[i] = scale * zig_exponential();
  }

  // ---- integers(low, high, endpoint=False), dtype int64 (default), int32, or 8/16-bit (below) ----
  int64_t integers(int64_t high) { return integers(0, high); }
  int64_t integers(int64_t low, int64_t high, bool endpoint = false) {
    int64_t v;
    fill_integers(&v, 1, low, high, endpoint);
    return v;
  }
  void fill_integers(int64_t* out, int64_t n, int64_t low, int64_t high, bool endpoint = false) {
    if (n == 0) return;  // NumPy returns the empty array before checking bounds
    if (!endpoint && high == INT64_MIN) throw ValueError("high is out of bounds for int64");
    const int64_t top = endpoint ? high : high - 1;
    if (low > top) throw ValueError(endpoint ? "low > high" : "low >= high");
    const uint64_t rng = static_cast<uint64_t>(top) - static_cast<uint64_t>(low);
    bounded_uint64_fill((*state_), static_cast<uint64_t>(low), rng, n, /*masked=*/false, reinterpret_cast<uint64_t*>(out));
  }
  void fill_integers(int32_t* out, int64_t n, int64_t low, int64_t high, bool endpoint = false) {
    if (n == 0) return;
    const int64_t top = endpoint ? high : high - 1;
    if (low < INT32_MIN) throw ValueError("low is out of bounds for int32");
    if (top > INT32_MAX) throw ValueError("high is out of bounds for int32");
    if (low > top) throw ValueError(endpoint ? "low > high" : "low >= high");
    const uint32_t rng = static_cast<uint32_t>(static_cast<uint64_t>(top) - static_cast<uint64_t>(low));
    bounded_uint32_fill((*state_), static_cast<uint32_t>(low), rng, n, /*masked=*/false, reinterpret_cast<uint32_t*>(out));
  }

  // dtype int8, uint8, int16, uint16: NumPy's buffered draws (bounded_integers.h).
  template <class T>
    requires(std::is_integral_v<T> && sizeof(T) <= 2 && !std::is_same_v<T, bool>)
  void fill_integers(T* out, int64_t n, int64_t low, int64_t high, bool endpoint = false) {
    bounded_small_range_fill<T>((*state_), out, n, low, endpoint ? high : high - 1, /*masked=*/false, small_int_name<T>(),
                                endpoint ? "low > high" : "low >= high");
  }

  PCG64& bit_generator() { return (*state_); }

 private:
  static double uniform_range(double low, double high) {
    const double range = high - low;
    // Generator's message differs from RandomState's ("Range exceeds valid bounds").
    if (!std::isfinite(range)) throw OverflowError("high - low range exceeds valid bounds");
    return range;
  }
  static void check_scale(double scale) {
    // NumPy's CONS_NON_NEGATIVE: the sign bit, so -0.0 is refused and NaN is not.
    if (!std::isnan(scale) && std::signbit(scale)) throw ValueError("scale < 0");
  }

  double zig_normal() {
    const ZigguratTables& z = *zig_;
    for (;;) {
      uint64_t r = state_->next_uint64();
      const int idx = static_cast<int>(r & 0xff);
      r >>= 8;
      const bool negative = r & 1;
      const uint64_t rabs = (r >> 1) & 0x000fffffffffffffull;
      double x = static_cast<double>(rabs) * z.wi[idx];
      if (negative) x = -x;
      if (rabs < z.ki[idx]) return x;  // inside the layer's rectangle: most draws
      if (idx == 0) {
        // The tail beyond r. 1 - U (log1p(-U)) keeps log away from 0.
        for (;;) {
          const double xx = -kZigguratNorInvR * std::log1p(-state_->next_double());
          const double yy = -std::log1p(-state_->next_double());
          if (yy + yy > xx * xx)
            return ((rabs >> 8) & 1) ? -(kZigguratNorR + xx) : kZigguratNorR + xx;
        }
      }
      if ((z.fi[idx - 1] - z.fi[idx]) * state_->next_double() + z.fi[idx] < std::exp(-0.5 * x * x)) return x;
    }
  }

  double zig_exponential() {
    const ZigguratTables& z = *zig_;
    for (;;) {
      uint64_t ri = state_->next_uint64() >> 3;
      const int idx = static_cast<int>(ri & 0xff);
      ri >>= 8;
      const double x = static_cast<double>(ri) * z.we[idx];
      if (ri < z.ke[idx]) return x;
      if (idx == 0) return kZigguratExpR - std::log1p(-state_->next_double());
      if ((z.fe[idx - 1] - z.fe[idx]) * state_->next_double() + z.fe[idx] < std::exp(-x)) return x;
      // rejected: NumPy starts over with a fresh draw (a tail call there, a loop here)
    }
  }

  // A Python Generator is an object: `draw(rng)` advances the caller's rng, so copies share the state.
  std::shared_ptr<PCG64> state_;
  const ZigguratTables* zig_;
};

// np.random.default_rng(seed): a non-negative integer, or the 32-bit words of a
// larger Python int / a list of ints (SeedSequence's little-endian words).
template <std::integral I>
Generator default_rng(I seed) {
  return Generator(PCG64(SeedSequence(seed)));
}
inline Generator default_rng(std::vector<uint32_t> entropy_words) {
  return Generator(PCG64(SeedSequence(std::move(entropy_words))));
}
// np.random.default_rng(): OS entropy.
inline Generator default_rng() { return Generator(PCG64(SeedSequence::from_os_entropy())); }

}  // namespace py2cuda::host
