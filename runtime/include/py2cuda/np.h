// py2cuda runtime: the NumPy API as translated host code calls it, py2cuda::np::NAME
// for np.NAME. The arrays, ufuncs, reductions and generators are py2cuda::host's
// (one concept per file under host/); this header adds what the translator's
// spelling needs beside them: arrays from written-out values, np.random's module functions on the
// global legacy generator, and np.testing's assertions.
#pragma once

#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "host/average.h"
#include "host/bincount.h"
#include "host/convolution.h"
#include "host/covariance.h"
#include "host/creation.h"
#include "host/cumulative.h"
#include "host/dims.h"
#include "host/elementwise.h"
#include "host/exceptions.h"
#include "host/generator.h"
#include "host/index_grids.h"
#include "host/indexing.h"
#include "host/interpolation.h"
#include "host/joining.h"
#include "host/key_order.h"
#include "host/linalg.h"
#include "host/linalg_solve.h"
#include "host/list.h"
#include "host/membership.h"
#include "host/nan_functions.h"
#include "host/padding.h"
#include "host/ndarray.h"
#include "host/npy_save.h"
#include "host/print.h"
#include "host/random_state.h"
#include "host/rearranging.h"
#include "host/reductions.h"
#include "host/searching.h"
#include "host/sorting.h"
#include "host/splitting.h"
#include "host/statistics.h"
#include "host/tolist.h"
#include "host/triangular.h"
#include "host/views.h"

namespace py2cuda::np {

using namespace py2cuda::host;

// ---------------------------------------------------------------- ufuncs of arrays or numbers
// host's ufuncs (host/elementwise.h) take NDArrays or numbers: np.sqrt(2.0) is the number
// a NumPy scalar holds, never a 0-d array.

// ---------------------------------------------------------------- arrays from values

// np.array([[1, 2], [3, 4]], dtype): the values in C order and the nesting's shape.
template <class T, std::size_t N>
NDArray<T, static_cast<int>(N)> array_from(const std::array<int64_t, N>& shape, std::initializer_list<T> values) {
  return host::array<T>(std::vector<T>(values), shape);
}

// np.copy(a), a.copy(): a C-contiguous copy.
template <class T, int N>
NDArray<T, N> copy(const NDArray<T, N>& a) {
  return a.copy();
}

// a.fill(value), a[lo:hi] = value
template <class T, int N, class V>
void fill(const NDArray<T, N>& a, V value) {
  host::assign(a, static_cast<T>(value));
}

// ---------------------------------------------------------------- np.random

namespace random {

// Each draw takes the RandomState it draws from (an np.random.RandomState object);
// the module functions (np.random.rand, ...) draw from the global one.
struct StateRef {
  host::RandomState& s;
  StateRef(host::RandomState& x) : s(x) {}   // NOLINT: implicit on purpose
  StateRef(host::RandomState&& x) : s(x) {}  // NOLINT
};
inline host::RandomState random_state(int64_t s) { return host::RandomState(s); }
inline host::RandomState random_state() { return host::RandomState(); }

inline void seed(StateRef r, int64_t s) { r.s.seed(s); }
inline void seed(int64_t s) { seed(host::global_random_state(), s); }
inline void seed(StateRef r) { r.s.seed(); }
inline void seed() { seed(host::global_random_state()); }

namespace detail {
// n draws of one distribution into a new array of `shape`, in C order as NumPy fills it.
template <class T, std::size_t N, class Fill>
NDArray<T, static_cast<int>(N)> draw(const std::array<int64_t, N>& shape, Fill fill) {
  NDArray<T, static_cast<int>(N)> out(shape);
  fill(out.data(), out.size());
  return out;
}
}  // namespace detail

inline double rand(StateRef r) { return r.s.random_sample(); }
inline double rand() { return rand(host::global_random_state()); }
template <std::size_t N>
auto rand(StateRef r, const std::array<int64_t, N>& shape) {
  return detail::draw<double>(shape, [r](double* p, int64_t n) { r.s.fill_random_sample(p, n); });
}
template <std::size_t N>
auto rand(const std::array<int64_t, N>& shape) { return rand(host::global_random_state(), shape); }
inline double random(StateRef r) { return rand(r); }
inline double random() { return random(host::global_random_state()); }
template <std::size_t N>
auto random(StateRef r, const std::array<int64_t, N>& shape) {
  return rand(r, shape);
}
template <std::size_t N>
auto random(const std::array<int64_t, N>& shape) { return random(host::global_random_state(), shape); }
inline double randn(StateRef r) { return r.s.standard_normal(); }
inline double randn() { return randn(host::global_random_state()); }
template <std::size_t N>
auto randn(StateRef r, const std::array<int64_t, N>& shape) {
  return detail::draw<double>(shape, [r](double* p, int64_t n) { r.s.fill_standard_normal(p, n); });
}
template <std::size_t N>
auto randn(const std::array<int64_t, N>& shape) { return randn(host::global_random_state(), shape); }
inline double uniform(StateRef r, double low, double high) { return r.s.uniform(low, high); }
inline double uniform(double low, double high) { return uniform(host::global_random_state(), low, high); }
template <std::size_t N>
auto uniform(StateRef r, double low, double high, const std::array<int64_t, N>& shape) {
  return detail::draw<double>(shape, [=](double* p, int64_t n) { r.s.fill_uniform(p, n, low, high); });
}
template <std::size_t N>
auto uniform(double low, double high, const std::array<int64_t, N>& shape) { return uniform(host::global_random_state(), low, high, shape); }
inline double normal(StateRef r, double loc, double scale) { return r.s.normal(loc, scale); }
inline double normal(double loc, double scale) { return normal(host::global_random_state(), loc, scale); }
template <std::size_t N>
auto normal(StateRef r, double loc, double scale, const std::array<int64_t, N>& shape) {
  return detail::draw<double>(shape, [=](double* p, int64_t n) { r.s.fill_normal(p, n, loc, scale); });
}
template <std::size_t N>
auto normal(double loc, double scale, const std::array<int64_t, N>& shape) { return normal(host::global_random_state(), loc, scale, shape); }
inline double standard_normal(StateRef r) { return randn(r); }
inline double standard_normal() { return standard_normal(host::global_random_state()); }
template <std::size_t N>
auto standard_normal(StateRef r, const std::array<int64_t, N>& shape) {
  return randn(r, shape);
}
template <std::size_t N>
auto standard_normal(const std::array<int64_t, N>& shape) { return standard_normal(host::global_random_state(), shape); }
// The legacy exponential is the inversion -log(1 - U), one double per value.
inline double exponential(StateRef r, double scale) { return r.s.exponential(scale); }
inline double exponential(double scale) { return exponential(host::global_random_state(), scale); }
template <std::size_t N>
auto exponential(StateRef r, double scale, const std::array<int64_t, N>& shape) {
  return detail::draw<double>(shape, [=](double* p, int64_t n) { r.s.fill_exponential(p, n, scale); });
}
template <std::size_t N>
auto exponential(double scale, const std::array<int64_t, N>& shape) { return exponential(host::global_random_state(), scale, shape); }
inline double standard_exponential(StateRef r) { return r.s.standard_exponential(); }
inline double standard_exponential() { return standard_exponential(host::global_random_state()); }
template <std::size_t N>
auto standard_exponential(StateRef r, const std::array<int64_t, N>& shape) {
  return detail::draw<double>(shape, [r](double* p, int64_t n) { r.s.fill_standard_exponential(p, n); });
}
template <std::size_t N>
auto standard_exponential(const std::array<int64_t, N>& shape) { return standard_exponential(host::global_random_state(), shape); }
template <class T>
T randint(StateRef r, int64_t low, int64_t high) {
  T v;
  r.s.fill_randint(&v, 1, low, high);
  return v;
}
template <class T>
T randint(int64_t low, int64_t high) { return randint<T>(host::global_random_state(), low, high); }
template <class T, std::size_t N>
auto randint(StateRef r, int64_t low, int64_t high, const std::array<int64_t, N>& shape) {
  return detail::draw<T>(shape, [=](T* p, int64_t n) { r.s.fill_randint(p, n, low, high); });
}
template <class T, std::size_t N>
auto randint(int64_t low, int64_t high, const std::array<int64_t, N>& shape) { return randint<T>(host::global_random_state(), low, high, shape); }

// np.random.choice(a, size=None, replace=True): an int a draws from range(a), a 1-D array
// its elements, through the legacy generator as NumPy's mtrand does (no p=).
inline int64_t choice(StateRef r, int64_t pop_size, bool replace) { return r.s.choice(pop_size, replace); }
inline int64_t choice(int64_t pop_size, bool replace) { return choice(host::global_random_state(), pop_size, replace); }
template <std::size_t N>
auto choice(StateRef r, int64_t pop_size, bool replace, const std::array<int64_t, N>& shape) {
  NDArray<int64_t, static_cast<int>(N)> out(shape);
  r.s.fill_choice(out.data(), out.size(), pop_size, replace);
  return out;
}
template <std::size_t N>
auto choice(int64_t pop_size, bool replace, const std::array<int64_t, N>& shape) { return choice(host::global_random_state(), pop_size, replace, shape); }
template <class T>
T choice(StateRef r, const NDArray<T, 1>& a, bool replace) {
  const NDArray<T, 1> pool = host::ascontiguousarray(a);
  return r.s.choice(pool.data(), pool.size(), replace);
}
template <class T>
T choice(const NDArray<T, 1>& a, bool replace) { return choice(host::global_random_state(), a, replace); }
template <class T, std::size_t N>
auto choice(StateRef r, const NDArray<T, 1>& a, bool replace, const std::array<int64_t, N>& shape) {
  const NDArray<T, 1> pool = host::ascontiguousarray(a);
  NDArray<T, static_cast<int>(N)> out(shape);
  r.s.fill_choice(out.data(), out.size(), pool.data(), pool.size(), replace);
  return out;
}
template <class T, std::size_t N>
auto choice(const NDArray<T, 1>& a, bool replace, const std::array<int64_t, N>& shape) { return choice(host::global_random_state(), a, replace, shape); }

// shuffle(x) swaps rows (axis 0) in place, permutation(x) shuffles a copy (of
// arange(n) for an integer): Fisher-Yates from the end, as RandomState and
// Generator both draw them (`Rng` is either).
namespace detail {
template <class Rng, class T, int N>
void shuffle_with(Rng& rng, const NDArray<T, N>& x) {
  const int64_t rows = x.shape(0);
  const int64_t row_len = rows > 0 ? x.size() / rows : 0;
  if (x.is_c_contiguous()) {
    rng.shuffle_rows(x.data(), rows, row_len);
    return;
  }
  // A strided view: shuffle a contiguous copy, then write it back in C order.
  NDArray<T, N> tmp = x.copy();
  rng.shuffle_rows(tmp.data(), rows, row_len);
  const T* src = tmp.data();
  x.for_each_offset([&](int64_t offset) { x.data()[offset] = *src++; });
}
template <class Rng>
NDArray<int64_t, 1> permutation_with(Rng& rng, int64_t n) {
  if (n < 0) throw host::PyException("ValueError", "negative dimensions are not allowed");
  NDArray<int64_t, 1> out(std::array<int64_t, 1>{n});
  for (int64_t i = 0; i < n; ++i) out.data()[i] = i;
  rng.shuffle_rows(out.data(), n, 1);
  return out;
}
template <class Rng, class T, int N>
NDArray<T, N> permutation_with(Rng& rng, const NDArray<T, N>& x) {
  NDArray<T, N> out = x.copy();
  shuffle_with(rng, out);
  return out;
}
}  // namespace detail
template <class T, int N>
void shuffle(StateRef r, const NDArray<T, N>& x) {
  detail::shuffle_with(r.s, x);
}
inline NDArray<int64_t, 1> permutation(StateRef r, int64_t n) { return detail::permutation_with(r.s, n); }
template <class T, int N>
NDArray<T, N> permutation(StateRef r, const NDArray<T, N>& x) {
  return detail::permutation_with(r.s, x);
}
template <class T, int N>
void shuffle(const NDArray<T, N>& x) {
  detail::shuffle_with(host::global_random_state(), x);
}
inline NDArray<int64_t, 1> permutation(int64_t n) { return detail::permutation_with(host::global_random_state(), n); }
template <class T, int N>
NDArray<T, N> permutation(const NDArray<T, N>& x) {
  return detail::permutation_with(host::global_random_state(), x);
}

// np.random.default_rng(seed) and its Generator's draws.
inline host::Generator default_rng(int64_t seed) { return host::default_rng(seed); }
inline host::Generator default_rng() { return host::default_rng(); }

// A Generator in a variable, or made in the call itself (np.random.default_rng(1).random(3)):
// the temporary lives until the end of the statement, past the draw.
struct GeneratorRef {
  host::Generator& g;
  GeneratorRef(host::Generator& x) : g(x) {}   // NOLINT: implicit on purpose
  GeneratorRef(host::Generator&& x) : g(x) {}  // NOLINT
};

inline double generator_random(GeneratorRef r) { return r.g.random(); }
template <std::size_t N>
auto generator_random(GeneratorRef r, const std::array<int64_t, N>& shape) {
  return detail::draw<double>(shape, [&](double* p, int64_t n) { r.g.fill_random(p, n); });
}
// Generator.random(dtype=np.float32): NumPy's float32 draw, (next_uint32 >> 8) * 2**-24.
// (A scalar draw is a Python float, as NumPy returns it.)
inline double generator_random_float32(GeneratorRef r) { return static_cast<double>(r.g.random_float32()); }
template <std::size_t N>
auto generator_random_float32(GeneratorRef r, const std::array<int64_t, N>& shape) {
  return detail::draw<float>(shape, [&](float* p, int64_t n) { r.g.fill_random(p, n); });
}
inline double generator_uniform(GeneratorRef r, double low, double high) { return r.g.uniform(low, high); }
template <std::size_t N>
auto generator_uniform(GeneratorRef r, double low, double high, const std::array<int64_t, N>& shape) {
  return detail::draw<double>(shape, [&](double* p, int64_t n) { r.g.fill_uniform(p, n, low, high); });
}
inline double generator_normal(GeneratorRef r, double loc, double scale) { return r.g.normal(loc, scale); }
template <std::size_t N>
auto generator_normal(GeneratorRef r, double loc, double scale, const std::array<int64_t, N>& shape) {
  return detail::draw<double>(shape, [&](double* p, int64_t n) { r.g.fill_normal(p, n, loc, scale); });
}
template <class T, int N>
void generator_shuffle(GeneratorRef r, const NDArray<T, N>& x) {
  detail::shuffle_with(r.g, x);
}
inline NDArray<int64_t, 1> generator_permutation(GeneratorRef r, int64_t n) { return detail::permutation_with(r.g, n); }
template <class T, int N>
NDArray<T, N> generator_permutation(GeneratorRef r, const NDArray<T, N>& x) {
  return detail::permutation_with(r.g, x);
}
inline double generator_standard_normal(GeneratorRef r) { return r.g.standard_normal(); }
template <std::size_t N>
auto generator_standard_normal(GeneratorRef r, const std::array<int64_t, N>& shape) {
  return detail::draw<double>(shape, [&](double* p, int64_t n) { r.g.fill_standard_normal(p, n); });
}
template <class T>
T generator_integers(GeneratorRef r, int64_t low, int64_t high) {
  T v;
  r.g.fill_integers(&v, 1, low, high);
  return v;
}
template <class T, std::size_t N>
auto generator_integers(GeneratorRef r, int64_t low, int64_t high, const std::array<int64_t, N>& shape) {
  return detail::draw<T>(shape, [&](T* p, int64_t n) { r.g.fill_integers(p, n, low, high); });
}

// Generator.integers(low, high, endpoint=True): [low, high] (endpoint=False: as above).
template <class T>
T generator_integers_endpoint(GeneratorRef r, int64_t low, int64_t high, bool endpoint) {
  T v;
  r.g.fill_integers(&v, 1, low, high, endpoint);
  return v;
}
template <class T, std::size_t N>
auto generator_integers_endpoint(GeneratorRef r, int64_t low, int64_t high, bool endpoint, const std::array<int64_t, N>& shape) {
  return detail::draw<T>(shape, [&](T* p, int64_t n) { r.g.fill_integers(p, n, low, high, endpoint); });
}

inline double generator_exponential(GeneratorRef r, double scale) { return r.g.exponential(scale); }
template <std::size_t N>
auto generator_exponential(GeneratorRef r, double scale, const std::array<int64_t, N>& shape) {
  return detail::draw<double>(shape, [&](double* p, int64_t n) { r.g.fill_exponential(p, n, scale); });
}
inline double generator_standard_exponential(GeneratorRef r) { return r.g.standard_exponential(); }
template <std::size_t N>
auto generator_standard_exponential(GeneratorRef r, const std::array<int64_t, N>& shape) {
  return detail::draw<double>(shape, [&](double* p, int64_t n) { r.g.fill_standard_exponential(p, n); });
}

// Generator.choice(a, size=None, replace=True): NumPy draws integers(0, len) and takes
// those elements (the translator rejects replace=False, another algorithm).
inline int64_t generator_choice(GeneratorRef r, int64_t pop_size, bool /*replace*/) {
  if (pop_size <= 0) throw PyException("ValueError", "a must be a positive integer unless no samples are taken");
  return r.g.integers(0, pop_size);
}
template <std::size_t N>
auto generator_choice(GeneratorRef r, int64_t pop_size, bool /*replace*/, const std::array<int64_t, N>& shape) {
  if (pop_size <= 0) throw PyException("ValueError", "a must be a positive integer unless no samples are taken");
  return detail::draw<int64_t>(shape, [&](int64_t* p, int64_t n) { r.g.fill_integers(p, n, 0, pop_size); });
}
template <class T>
T generator_choice(GeneratorRef r, const NDArray<T, 1>& a, bool replace) {
  if (a.size() == 0) throw PyException("ValueError", "a cannot be empty unless no samples are taken");
  return a(generator_choice(r, a.size(), replace));
}
template <class T, std::size_t N>
auto generator_choice(GeneratorRef r, const NDArray<T, 1>& a, bool replace, const std::array<int64_t, N>& shape) {
  if (a.size() == 0) throw PyException("ValueError", "a cannot be empty unless no samples are taken");
  const auto idx = generator_choice(r, a.size(), replace, shape);
  NDArray<T, static_cast<int>(N)> out(shape);
  for (int64_t i = 0, n = out.size(); i < n; ++i) out.data()[i] = a(idx.data()[i]);
  return out;
}

}  // namespace random

// ---------------------------------------------------------------- np.testing

namespace detail {

template <class X>
auto as_array(const X& x) {
  if constexpr (std::is_arithmetic_v<X>) {
    NDArray<X, 1> a(std::array<int64_t, 1>{1});
    a.data()[0] = x;
    return a;
  } else {
    return x;
  }
}

inline std::string mismatch_line(int64_t bad, int64_t total) {
  char pct[32];
  std::snprintf(pct, sizeof pct, "%.3g", 100.0 * static_cast<double>(bad) / static_cast<double>(total));
  return "Mismatched elements: " + std::to_string(bad) + " / " + std::to_string(total) + " (" + pct + "%)";
}

// The elements of two broadcast-compatible arrays failing `ok`, counted.
template <class X, class Y, class Ok>
std::pair<int64_t, int64_t> count_mismatches(const X& x, const Y& y, Ok ok) {
  auto flags = host::map<bool>([&](auto a, auto b) { return !ok(static_cast<double>(a), static_cast<double>(b)); },
                               as_array(x), as_array(y));
  return {host::count_nonzero(flags), flags.size()};
}

// One value as NumPy's array2string shows a 0-d array (precision 8): what the "Max ...
// difference" remarks print.
template <class T>
std::string array2string_scalar(T v) {
  NDArray<T, 1> one(std::array<int64_t, 1>{1});
  one.data()[0] = v;
  const std::string text = host::str(one);
  return text.substr(1, text.size() - 2);
}

// The remarks NumPy 1.26's assert_array_compare adds under the header: the mismatch count,
// and for numbers (not bools) the largest |x - y| (computed in x - y's type; for unsigned
// ints the smaller of the two wrapped differences) and the largest |x - y| / |y| over y != 0.
template <class X, class Y>
std::string mismatch_remarks(const X& x, const Y& y, int64_t bad, int64_t total) {
  std::string out = mismatch_line(bad, total);
  auto xa = as_array(x);
  auto ya = as_array(y);
  using XT = typename decltype(xa)::value_type;
  using YT = typename decltype(ya)::value_type;
  if constexpr (!std::is_same_v<XT, bool> && !std::is_same_v<YT, bool>) {
    using D = std::conditional_t<std::is_integral_v<XT> != std::is_integral_v<YT>, double,
                                 decltype(std::declval<XT>() - std::declval<YT>())>;
    auto error = host::map<D>(
        [](auto a, auto b) {
          const D d = static_cast<D>(static_cast<D>(a) - static_cast<D>(b));
          if constexpr (std::is_unsigned_v<D>) {
            const D back = static_cast<D>(static_cast<D>(b) - static_cast<D>(a));
            return d < back ? d : back;
          } else {
            return static_cast<D>(d < 0 ? -d : d);
          }
        },
        xa, ya);
    auto yb = host::map<YT>([](auto, auto b) { return static_cast<YT>(b); }, xa, ya);
    using R = std::conditional_t<std::is_integral_v<D>, double, D>;
    D max_abs = error.data()[0];
    bool any_nonzero = false;
    R max_rel = 0;
    for (int64_t i = 0, n = error.size(); i < n; ++i) {
      const D e = error.data()[i];
      if (e > max_abs || std::isnan(static_cast<double>(e))) max_abs = e;
      const YT yi = yb.data()[i];
      if (yi != YT(0)) {
        const R yabs = static_cast<R>(yi < YT(0) ? -static_cast<R>(yi) : static_cast<R>(yi));
        const R rel = static_cast<R>(e) / yabs;
        if (!any_nonzero || rel > max_rel || std::isnan(static_cast<double>(rel))) max_rel = rel;
        any_nonzero = true;
      }
    }
    if (!any_nonzero) max_rel = std::numeric_limits<R>::infinity();
    out += "\nMax absolute difference: " + array2string_scalar(max_abs);
    out += "\nMax relative difference: " + array2string_scalar(max_rel);
  }
  return out;
}

// build_err_msg: the header, then the user's err_msg and the remarks (their leading newline
// leaves a blank line when err_msg is empty), then both arrays.
[[noreturn]] inline void assertion_failed(const std::string& header, const std::string& err_msg,
                                          const std::string& remarks, const std::string& x_text,
                                          const std::string& y_text) {
  std::string m = "\n" + header + "\n" + err_msg + "\n" + remarks + "\n x: " + x_text + "\n y: " + y_text;
  throw PyException("AssertionError", m);
}

// An operand as build_err_msg shows it: an array's repr at the assertion's precision (6, or
// assert_array_almost_equal's decimal), cut to its first three lines and '...' when longer.
template <class X>
std::string text_of(const X& x, int precision) {
  if constexpr (std::is_arithmetic_v<X>) {
    return repr(x);
  } else {
    host::PrintOptions& options = host::print_options();
    const int saved = options.precision;
    options.precision = precision;
    std::string r;
    try {
      r = repr(x);
    } catch (...) {
      options.precision = saved;
      throw;
    }
    options.precision = saved;
    std::size_t third = std::string::npos;
    int newlines = 0;
    for (std::size_t i = 0; i < r.size(); ++i) {
      if (r[i] == '\n' && ++newlines == 3) third = i;
    }
    if (newlines > 3) r = r.substr(0, third) + "...";
    return r;
  }
}

}  // namespace detail

// np.testing.assert_allclose(actual, desired, rtol=1e-07, atol=0)
template <class X, class Y>
void assert_allclose(const X& actual, const Y& desired, double rtol, double atol, const std::string& err_msg) {
  auto [bad, total] = detail::count_mismatches(actual, desired, [=](double a, double d) {
    if (std::isnan(a) || std::isnan(d)) return std::isnan(a) && std::isnan(d);
    if (a == d) return true;
    return std::fabs(a - d) <= atol + rtol * std::fabs(d);
  });
  if (bad == 0) return;
  char header[96];
  std::snprintf(header, sizeof header, "Not equal to tolerance rtol=%g, atol=%g", rtol, atol);
  detail::assertion_failed(header, err_msg, detail::mismatch_remarks(actual, desired, bad, total),
                           detail::text_of(actual, 6), detail::text_of(desired, 6));
}

// np.testing.assert_almost_equal / assert_array_almost_equal(actual, desired, decimal):
// abs(desired - actual) < 1.5 * 10**(-decimal)
template <class X, class Y>
void assert_almost_equal(const X& actual, const Y& desired, int64_t decimal, const std::string& err_msg) {
  const double bound = 1.5 * std::pow(10.0, -static_cast<double>(decimal));
  auto [bad, total] = detail::count_mismatches(actual, desired, [=](double a, double d) {
    if (std::isnan(a) || std::isnan(d)) return std::isnan(a) && std::isnan(d);
    if (std::isinf(a) || std::isinf(d)) return a == d;
    return std::fabs(d - a) < bound;
  });
  if (bad == 0) return;
  detail::assertion_failed("Arrays are not almost equal to " + std::to_string(decimal) + " decimals", err_msg,
                           detail::mismatch_remarks(actual, desired, bad, total),
                           detail::text_of(actual, static_cast<int>(decimal)), detail::text_of(desired, static_cast<int>(decimal)));
}
template <class X, class Y>
void assert_array_almost_equal(const X& actual, const Y& desired, int64_t decimal, const std::string& err_msg) {
  assert_almost_equal(actual, desired, decimal, err_msg);
}

// np.testing.assert_array_equal(x, y) / assert_equal
template <class X, class Y>
void assert_array_equal(const X& x, const Y& y, const std::string& err_msg) {
  auto [bad, total] = detail::count_mismatches(x, y, [](double a, double b) {
    return a == b || (std::isnan(a) && std::isnan(b));
  });
  if (bad == 0) return;
  detail::assertion_failed("Arrays are not equal", err_msg, detail::mismatch_remarks(x, y, bad, total),
                           detail::text_of(x, 6), detail::text_of(y, 6));
}

// np.testing.assert_equal(actual, desired): arrays as assert_array_equal; tuples item by
// item after their lengths (each item's err_msg prefixed "item=K"); scalars and strings by
// `desired == actual`, NaN equal to NaN and 0.0 unequal to -0.0, as NumPy 1.26's does.
template <class X, class Y>
void assert_equal(const X& actual, const Y& desired, const std::string& err_msg) {
  if constexpr (host::detail::IsPyTuple<X>::value && host::detail::IsPyTuple<Y>::value) {
    constexpr std::size_t n = py2cuda::tuple_size<X>::value;
    constexpr std::size_t m = py2cuda::tuple_size<Y>::value;
    assert_equal(static_cast<int64_t>(n), static_cast<int64_t>(m), err_msg);
    if constexpr (n == m) {
      [&]<std::size_t... I>(std::index_sequence<I...>) {
        (assert_equal(py2cuda::get<I>(actual), py2cuda::get<I>(desired), "item=" + std::to_string(I) + "\n" + err_msg),
         ...);
      }(std::make_index_sequence<n>{});
    }
  } else if constexpr ((std::is_arithmetic_v<X> || std::is_convertible_v<const X&, std::string_view>) &&
                       (std::is_arithmetic_v<Y> || std::is_convertible_v<const Y&, std::string_view>)) {
    bool equal = false;
    if constexpr (std::is_arithmetic_v<X> && std::is_arithmetic_v<Y>) {
      const double a = static_cast<double>(actual);
      const double d = static_cast<double>(desired);
      if (std::isnan(a) && std::isnan(d)) return;
      equal = d == a && !(d == 0 && std::signbit(d) != std::signbit(a));
    } else if constexpr (!std::is_arithmetic_v<X> && !std::is_arithmetic_v<Y>) {
      equal = std::string_view(desired) == std::string_view(actual);
    }
    if (equal) return;
    // build_err_msg: a short one-line err_msg follows the header on its line.
    const std::string header = "Items are not equal:";
    std::string m = "\n" + header;
    if (!err_msg.empty()) {
      m += err_msg.find('\n') == std::string::npos && err_msg.size() < 79 - header.size() ? " " + err_msg : "\n" + err_msg;
    }
    auto shown = [](const auto& v) {
      if constexpr (std::is_arithmetic_v<std::decay_t<decltype(v)>>) return host::repr(v);
      else return host::repr(std::string(v));
    };
    m += "\n ACTUAL: " + shown(actual) + "\n DESIRED: " + shown(desired);
    throw PyException("AssertionError", m);
  } else {
    assert_array_equal(actual, desired, err_msg);
  }
}

}  // namespace py2cuda::np
