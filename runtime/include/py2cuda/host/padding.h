// py2cuda host runtime: np.pad(a, pad_width, mode=, constant_values=), a new C-contiguous array
// with `before` and `after` elements added along each axis.
//
// pad_width is NumPy's: an int (every side), (w,), (before, after) for every axis, or one
// (before, after) pair per axis (((1, 2), (0, 3)); a single pair broadcasts). Each output
// element reads the input at its index mapped into the axis by the mode, axis by axis:
//   constant   outside the input: constant_values (cast to the array's type)
//   edge       the nearest edge element
//   wrap       the index modulo the extent (the input repeated)
//   reflect    mirrored about the edge elements, which are not repeated (period 2(n - 1))
//   symmetric  mirrored about the edges, which are repeated (period 2n)
// which for pads wider than the axis is the periodic extension NumPy's padding builds.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <type_traits>

#include "../tuple.h"
#include "exceptions.h"
#include "ndarray.h"

namespace py2cuda::host {

template <int N>
using PadWidths = std::array<std::array<int64_t, 2>, static_cast<std::size_t>(N)>;

enum class PadMode { Constant, Edge, Wrap, Reflect, Symmetric };

namespace detail {

template <int N>
PadWidths<N> checked_pad_widths(const PadWidths<N>& w) {
  for (const auto& side : w) {
    if (side[0] < 0 || side[1] < 0) throw PyException("ValueError", "index can't contain negative values");
  }
  return w;
}

template <int N>
PadWidths<N> same_pad_widths(int64_t before, int64_t after) {
  PadWidths<N> w;
  for (auto& side : w) side = {before, after};
  return checked_pad_widths<N>(w);
}

// One (before, after) pair: (w,) or (before, after).
template <class... I>
std::array<int64_t, 2> pad_pair(const py2cuda::tuple<I...>& t) {
  static_assert(sizeof...(I) == 1 || sizeof...(I) == 2, "np.pad: a pad width pair has one or two integers");
  if constexpr (sizeof...(I) == 1) {
    return {static_cast<int64_t>(py2cuda::get<0>(t)), static_cast<int64_t>(py2cuda::get<0>(t))};
  } else {
    return {static_cast<int64_t>(py2cuda::get<0>(t)), static_cast<int64_t>(py2cuda::get<1>(t))};
  }
}

// The index into an axis of extent n that output position i (before the padding removed) reads
// in a mode other than constant; n > 0.
inline int64_t pad_source(int64_t i, int64_t n, PadMode mode) {
  switch (mode) {
    case PadMode::Edge: return i < 0 ? 0 : i >= n ? n - 1 : i;
    case PadMode::Wrap: {
      const int64_t k = i % n;
      return k < 0 ? k + n : k;
    }
    case PadMode::Reflect: {
      if (n == 1) return 0;
      const int64_t period = 2 * (n - 1);
      int64_t k = i % period;
      if (k < 0) k += period;
      return k < n ? k : period - k;
    }
    case PadMode::Symmetric: {
      const int64_t period = 2 * n;
      int64_t k = i % period;
      if (k < 0) k += period;
      return k < n ? k : period - 1 - k;
    }
    case PadMode::Constant: break;
  }
  return i;
}

}  // namespace detail

// pad_width as NumPy takes it, for an N-dimensional array.
template <int N>
PadWidths<N> pad_widths(int64_t width) {
  return detail::same_pad_widths<N>(width, width);
}
template <int N, class... E>
PadWidths<N> pad_widths(const py2cuda::tuple<E...>& t) {
  if constexpr ((std::is_arithmetic_v<E> && ...)) {
    const std::array<int64_t, 2> pair = detail::pad_pair(t);
    return detail::same_pad_widths<N>(pair[0], pair[1]);
  } else {
    PadWidths<N> w;
    if constexpr (sizeof...(E) == 1) {
      const std::array<int64_t, 2> pair = detail::pad_pair(py2cuda::get<0>(t));
      for (auto& side : w) side = pair;
    } else if constexpr (sizeof...(E) == static_cast<std::size_t>(N)) {
      [&]<std::size_t... D>(std::index_sequence<D...>) {
        ((w[D] = detail::pad_pair(py2cuda::get<D>(t))), ...);
      }(std::index_sequence_for<E...>{});
    } else {
      throw PyException("ValueError", "operands could not be broadcast together with remapped shapes [original->remapped]: (" +
                                          std::to_string(sizeof...(E)) + ",2)  and requested shape (" +
                                          std::to_string(N) + ",2)");
    }
    return detail::checked_pad_widths<N>(w);
  }
}

inline PadMode pad_mode(const std::string& mode) {
  if (mode == "constant") return PadMode::Constant;
  if (mode == "edge") return PadMode::Edge;
  if (mode == "wrap") return PadMode::Wrap;
  if (mode == "reflect") return PadMode::Reflect;
  if (mode == "symmetric") return PadMode::Symmetric;
  throw PyException("ValueError", "mode '" + mode + "' is not supported by py2cuda's np.pad (constant, edge, wrap, "
                                  "reflect and symmetric are)");
}

template <class T, int N, class V>
NDArray<T, N> pad(const NDArray<T, N>& a, const PadWidths<N>& widths, PadMode mode, V constant_value) {
  Shape<N> shape;
  for (int d = 0; d < N; ++d) shape[d] = widths[d][0] + a.shape(d) + widths[d][1];
  if (mode != PadMode::Constant) {
    for (int d = 0; d < N; ++d) {
      if (a.shape(d) == 0 && (widths[d][0] > 0 || widths[d][1] > 0)) {
        throw PyException("ValueError", "can't extend empty axis " + std::to_string(d) + " using modes other than "
                                        "'constant' or 'empty'");
      }
    }
  }
  NDArray<T, N> out(shape);
  const T fill = static_cast<T>(constant_value);
  std::array<int64_t, N> index{};
  for (int64_t flat = 0, count = out.size(); flat < count; ++flat) {
    int64_t offset = 0;
    bool inside = true;
    for (int d = 0; d < N; ++d) {
      const int64_t i = index[static_cast<std::size_t>(d)] - widths[d][0];
      const int64_t n = a.shape(d);
      int64_t source = i;
      if (i < 0 || i >= n) {
        if (mode == PadMode::Constant) {
          inside = false;
          break;
        }
        source = detail::pad_source(i, n, mode);
      }
      offset += source * a.stride(d);
    }
    out.data()[flat] = inside ? a.data()[offset] : fill;
    for (int d = N - 1; d >= 0; --d) {
      if (++index[static_cast<std::size_t>(d)] < shape[d]) break;
      index[static_cast<std::size_t>(d)] = 0;
    }
  }
  return out;
}

}  // namespace py2cuda::host
