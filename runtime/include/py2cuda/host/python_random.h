// py2cuda host runtime: Python's random module (CPython 3.11's random.py and _randommodule.c).
//
// The same MT19937 as NumPy's legacy generator (mt19937.h), seeded and drawn as CPython does,
// so a translated program draws the numbers `python prog.py` draws:
//   - seed(n): init_by_array of |n|'s 32-bit words, least significant first ([0] for 0);
//     no seed: 624 words of OS entropy (CPython reads os.urandom);
//   - random(): genrand_res53, 27 + 26 bits, which is MT19937::next_double;
//   - getrandbits(k): the top k bits of one word for k <= 32, else words least significant
//     first, the last one shifted to its bits;
//   - randrange/randint/choice/shuffle/sample: _randbelow(n), getrandbits(n.bit_length())
//     retried while >= n; uniform, gauss (Box-Muller, caching its second value until the next
//     seed), normalvariate (Kinderman-Monahan), expovariate, choices (floor(random() * n), or
//     bisect into the cumulative weights).
// Python's messages for empty ranges and sequences are its ValueError/IndexError.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "exceptions.h"
#include "list.h"
#include "mt19937.h"
#include "ndarray.h"
#include "range.h"

namespace py2cuda::host::pyrandom {

class Random {
 public:
  Random() { seed(); }

  // random.seed() / random.seed(None): fresh OS entropy.
  void seed() {
    std::random_device os;
    std::vector<uint32_t> key(MT19937::kStateWords);
    for (uint32_t& w : key) w = os();
    mt_.seed_by_array(key.data(), key.size());
    gauss_next_.reset();
  }
  // random.seed(n): |n| as 32-bit words, least significant first.
  void seed(int64_t n) {
    uint64_t magnitude = n < 0 ? uint64_t{0} - static_cast<uint64_t>(n) : static_cast<uint64_t>(n);
    std::vector<uint32_t> key;
    do {
      key.push_back(static_cast<uint32_t>(magnitude));
      magnitude >>= 32;
    } while (magnitude);
    mt_.seed_by_array(key.data(), key.size());
    gauss_next_.reset();
  }

  double random() { return mt_.next_double(); }

  int64_t getrandbits(int64_t k) {
    if (k < 0) throw ValueError("number of bits must be non-negative");
    if (k > 63) throw OverflowError("getrandbits(" + std::to_string(k) + ") does not fit py2cuda's int64");
    if (k == 0) return 0;
    if (k <= 32) return static_cast<int64_t>(mt_.next_uint32() >> (32 - k));
    const uint64_t low = mt_.next_uint32();
    const uint64_t high = mt_.next_uint32() >> (64 - k);
    return static_cast<int64_t>(high << 32 | low);
  }

  // _randbelow_with_getrandbits(n), n > 0.
  int64_t randbelow(int64_t n) {
    int64_t bits = 0;
    for (uint64_t v = static_cast<uint64_t>(n); v; v >>= 1) ++bits;
    int64_t r = getrandbits(bits);
    while (r >= n) r = getrandbits(bits);
    return r;
  }

  int64_t randrange(int64_t stop) {
    if (stop > 0) return randbelow(stop);
    throw ValueError("empty range for randrange()");
  }
  int64_t randrange(int64_t start, int64_t stop, int64_t step = 1) {
    const int64_t width = stop - start;
    if (step == 1) {
      if (width > 0) return start + randbelow(width);
      throw ValueError("empty range for randrange() (" + std::to_string(start) + ", " + std::to_string(stop) + ", " +
                       std::to_string(width) + ")");
    }
    int64_t n = 0;
    if (step > 0) {
      n = floor_div(width + step - 1, step);
    } else if (step < 0) {
      n = floor_div(width + step + 1, step);
    } else {
      throw ValueError("zero step for randrange()");
    }
    if (n <= 0) throw ValueError("empty range for randrange()");
    return start + step * randbelow(n);
  }
  int64_t randint(int64_t a, int64_t b) { return randrange(a, b + 1); }

  double uniform(double a, double b) { return a + (b - a) * random(); }

  double gauss(double mu, double sigma) {
    double z;
    if (gauss_next_) {
      z = *gauss_next_;
      gauss_next_.reset();
    } else {
      const double x2pi = random() * (2.0 * std::numbers::pi);
      const double g2rad = std::sqrt(-2.0 * std::log(1.0 - random()));
      z = std::cos(x2pi) * g2rad;
      gauss_next_ = std::sin(x2pi) * g2rad;
    }
    return mu + z * sigma;
  }

  double normalvariate(double mu, double sigma) {
    const double magic = 4 * std::exp(-0.5) / std::sqrt(2.0);  // NV_MAGICCONST
    double z;
    for (;;) {
      const double u1 = random();
      const double u2 = 1.0 - random();
      z = magic * (u1 - 0.5) / u2;
      const double zz = z * z / 4.0;
      if (zz <= -std::log(u2)) break;
    }
    return mu + z * sigma;
  }

  double expovariate(double lambd) {
    if (lambd == 0.0) throw ZeroDivisionError("float division by zero");
    return -std::log(1.0 - random()) / lambd;
  }

 private:
  static int64_t floor_div(int64_t a, int64_t b) {
    const int64_t q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
  }

  MT19937 mt_;
  std::optional<double> gauss_next_;  // gauss()'s second value, until drawn or reseeded
};

// The module's functions are methods of one hidden Random instance.
inline Random& instance() {
  static Random r;
  return r;
}

inline void seed() { instance().seed(); }
inline void seed(int64_t n) { instance().seed(n); }
inline double random() { return instance().random(); }
inline int64_t getrandbits(int64_t k) { return instance().getrandbits(k); }
inline int64_t randrange(int64_t stop) { return instance().randrange(stop); }
inline int64_t randrange(int64_t start, int64_t stop, int64_t step = 1) { return instance().randrange(start, stop, step); }
inline int64_t randint(int64_t a, int64_t b) { return instance().randint(a, b); }
inline double uniform(double a, double b) { return instance().uniform(a, b); }
inline double gauss(double mu = 0.0, double sigma = 1.0) { return instance().gauss(mu, sigma); }
inline double normalvariate(double mu = 0.0, double sigma = 1.0) { return instance().normalvariate(mu, sigma); }
inline double expovariate(double lambd) { return instance().expovariate(lambd); }

// The sequences random's functions take: lists and tuples, ranges, 1-D arrays.
template <class T>
int64_t sequence_size(const List<T>& xs) {
  return xs.size();
}
inline int64_t sequence_size(const Range& r) { return r.size(); }
template <class T>
int64_t sequence_size(const NDArray<T, 1>& a) {
  return a.size();
}
template <class T>
T sequence_item(const List<T>& xs, int64_t i) {
  return xs.at(i);
}
inline int64_t sequence_item(const Range& r, int64_t i) { return r.item(i); }
template <class T>
T sequence_item(const NDArray<T, 1>& a, int64_t i) {
  return a(i);
}

template <class Seq>
auto choice(const Seq& seq) {
  const int64_t n = sequence_size(seq);
  if (n == 0) throw IndexError("Cannot choose from an empty sequence");
  return sequence_item(seq, instance().randbelow(n));
}

// shuffle(x): in place, from the last item down, each swapped with one at or before it.
template <class T>
void shuffle(List<T>& xs) {
  for (int64_t i = xs.size() - 1; i > 0; --i) {
    const int64_t j = instance().randbelow(i + 1);
    const T held = xs.at(i);
    xs.set(i, xs.at(j));
    xs.set(j, held);
  }
}
template <class T>
void shuffle(const NDArray<T, 1>& a) {  // a view: the array's elements change, not the view
  for (int64_t i = a.size() - 1; i > 0; --i) {
    const int64_t j = instance().randbelow(i + 1);
    std::swap(a(i), a(j));
  }
}

// sample(population, k): a pool for a small population, else rejection from a set of indices,
// as CPython chooses between them.
template <class Seq>
auto sample(const Seq& population, int64_t k) {
  using T = decltype(sequence_item(population, 0));
  const int64_t n = sequence_size(population);
  if (k < 0 || k > n) throw ValueError("Sample larger than population or is negative");
  std::vector<T> result;
  result.reserve(static_cast<size_t>(k));
  int64_t setsize = 21;
  if (k > 5) setsize += static_cast<int64_t>(std::pow(4.0, std::ceil(std::log(static_cast<double>(k * 3)) / std::log(4.0))));
  Random& r = instance();
  if (n <= setsize) {
    std::vector<T> pool;
    pool.reserve(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) pool.push_back(sequence_item(population, i));
    for (int64_t i = 0; i < k; ++i) {
      const int64_t j = r.randbelow(n - i);
      result.push_back(pool[static_cast<size_t>(j)]);
      pool[static_cast<size_t>(j)] = pool[static_cast<size_t>(n - i - 1)];
    }
  } else {
    std::set<int64_t> selected;
    for (int64_t i = 0; i < k; ++i) {
      int64_t j = r.randbelow(n);
      while (selected.count(j)) j = r.randbelow(n);
      selected.insert(j);
      result.push_back(sequence_item(population, j));
    }
  }
  return List<T>(std::move(result));
}

// choices(population, k=1): floor(random() * n) each.
template <class Seq>
auto choices(const Seq& population, int64_t k) {
  using T = decltype(sequence_item(population, 0));
  const double n = static_cast<double>(sequence_size(population));
  std::vector<T> out;
  for (int64_t i = 0; i < k; ++i)
    out.push_back(sequence_item(population, static_cast<int64_t>(std::floor(instance().random() * n))));
  return List<T>(std::move(out));
}

// choices(population, weights, k=1): bisect_right into the running sums of the weights.
template <class Seq, class Weights>
auto choices(const Seq& population, const Weights& weights, int64_t k) {
  using T = decltype(sequence_item(population, 0));
  using W = decltype(sequence_item(weights, 0));
  const int64_t n = sequence_size(population);
  std::vector<W> cumulative;
  W running{};
  for (int64_t i = 0; i < sequence_size(weights); ++i) {
    running = i ? running + sequence_item(weights, i) : sequence_item(weights, i);
    cumulative.push_back(running);
  }
  if (static_cast<int64_t>(cumulative.size()) != n) throw ValueError("The number of weights does not match the population");
  const double total = n ? static_cast<double>(cumulative.back()) + 0.0 : 0.0;
  if (n == 0) throw IndexError("list index out of range");
  if (total <= 0.0) throw ValueError("Total of weights must be greater than zero");
  if (!std::isfinite(total)) throw ValueError("Total of weights must be finite");
  std::vector<T> out;
  for (int64_t i = 0; i < k; ++i) {
    const double x = instance().random() * total;
    // bisect(cum_weights, x, 0, n - 1): the first sum greater than x, at most the last index.
    int64_t lo = 0, hi = n - 1;
    while (lo < hi) {
      const int64_t mid = (lo + hi) / 2;
      if (x < static_cast<double>(cumulative[static_cast<size_t>(mid)])) hi = mid;
      else lo = mid + 1;
    }
    out.push_back(sequence_item(population, lo));
  }
  return List<T>(std::move(out));
}

}  // namespace py2cuda::host::pyrandom
