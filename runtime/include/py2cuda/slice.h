// py2cuda runtime: Python slices and the array views that basic indexing makes.
//
// In a kernel, `a[i, 1:-1]`, `a[::2]` and `a[i]` (fewer indices than dimensions)
// are views of `a`'s memory, as in Numba: no copy, writes go through. The
// translator spells them
//
//   py2cuda::view(a, i, py2cuda::slice(1, -1))
//   py2cuda::view(a, py2cuda::slice(py2cuda::none, py2cuda::none, 2))
//   py2cuda::view(a, i, py2cuda::slice())            every dimension written out
//
// An integer removes its dimension (a negative signed one counts from the end);
// a slice keeps it, with Python's rules for omitted, negative and out-of-range
// bounds (PySlice_AdjustIndices, which Numba's fix_slice reproduces). The result
// is an Array of the remaining dimensions with the parent's element strides
// multiplied by the steps, so any layout is expressed.
//
// Host builds check the integer indices like a subscript and report a zero step
// (Python's "slice step cannot be zero"), both with the location of the subscript;
// on the GPU a zero step gives an empty view.
#pragma once

#include <cstdint>
#include <type_traits>

#include "array.h"
#include "config.h"
#include "none.h"

#if !P2C_BACKEND_CUDA
#include <string>

#include "emu/messages.h"
#include "emu/source_location.h"
#include "error.h"
#endif

namespace py2cuda {

// A slice as written: bounds may be absent (None); the step defaults to 1.
struct Slice {
  int64_t start = 0;
  int64_t stop = 0;
  int64_t step = 1;
  bool has_start = false;
  bool has_stop = false;
#if !P2C_BACKEND_CUDA
  SourceLocation where{};
#endif
};

// A slice written with a step. Only its type differs: a view of a CArray keeps layout
// 'C' through a Slice in its last part, never through a SteppedSlice (below, view()).
struct SteppedSlice : Slice {};

namespace detail {

template <class B>
P2C_HD P2C_INLINE void set_bound(int64_t& value, bool& present, B bound) {
  if constexpr (std::is_same_v<B, NoneType>) {
    present = false;
  } else {
    static_assert(std::is_integral_v<B>, "py2cuda::slice: bounds must be integers or py2cuda::none");
    value = static_cast<int64_t>(bound);
    present = true;
  }
}

}  // namespace detail

#if P2C_BACKEND_CUDA
#define P2C_SLICE_WHERE
#define P2C_SLICE_RECORD(s)
#else
// The slice records where it was written: a view reports its errors there.
#define P2C_SLICE_WHERE , SourceLocation where = SourceLocation::current()
#define P2C_SLICE_RECORD(s) (s).where = where
#endif

// `:`
P2C_HD P2C_INLINE Slice slice(NoneType = none, NoneType = none P2C_SLICE_WHERE) {
  Slice s;
  P2C_SLICE_RECORD(s);
  return s;
}

// `start:stop`, either bound possibly py2cuda::none
template <class Start, class Stop>
P2C_HD P2C_INLINE Slice slice(Start start, Stop stop P2C_SLICE_WHERE) {
  Slice s;
  detail::set_bound(s.start, s.has_start, start);
  detail::set_bound(s.stop, s.has_stop, stop);
  P2C_SLICE_RECORD(s);
  return s;
}

// `start:stop:step`: a SteppedSlice, whatever the step's value, as Numba types any
// written step (even 1) as a slice3 whose view it no longer calls contiguous.
template <class Start, class Stop, class Step>
P2C_HD P2C_INLINE SteppedSlice slice(Start start, Stop stop, Step step P2C_SLICE_WHERE) {
  static_assert(std::is_integral_v<Step>, "py2cuda::slice: the step must be an integer");
  SteppedSlice s;
  detail::set_bound(s.start, s.has_start, start);
  detail::set_bound(s.stop, s.has_stop, stop);
  s.step = static_cast<int64_t>(step);
  P2C_SLICE_RECORD(s);
  return s;
}

#undef P2C_SLICE_WHERE
#undef P2C_SLICE_RECORD

// A slice resolved against a dimension of `length` elements: the first element,
// how many, and the step (Python's slice.indices plus the length).
struct SliceRange {
  int64_t start;
  int64_t length;
  int64_t step;
};

P2C_HD P2C_INLINE SliceRange resolve_slice(const Slice& s, int64_t length) {
  const int64_t step = s.step;
  if (step == 0) {
#if !P2C_BACKEND_CUDA
    throw Error((s.where.known() ? s.where.text() + ": " : std::string("py2cuda: ")) +
                "ValueError: slice step cannot be zero (" + emu::detail::current_thread_text() + ")");
#else
    return {0, 0, 1};
#endif
  }
  // Out-of-range bounds are clamped to just before the first or just past the
  // last element, on the side the step walks from.
  const int64_t lowest = step < 0 ? -1 : 0;
  const int64_t highest = step < 0 ? length - 1 : length;
  auto adjust = [&](int64_t bound) {
    if (bound < 0) {
      bound += length;
      return bound < 0 ? lowest : bound;
    }
    return bound >= length ? highest : bound;
  };
  const int64_t start = s.has_start ? adjust(s.start) : (step < 0 ? length - 1 : 0);
  const int64_t stop = s.has_stop ? adjust(s.stop) : (step < 0 ? -1 : length);
  int64_t count = 0;
  if (step < 0) {
    if (stop < start) count = (start - stop - 1) / (-step) + 1;
  } else if (start < stop) {
    count = (stop - start - 1) / step + 1;
  }
  return {start, count, step};
}

namespace detail {

template <class P>
inline constexpr bool is_slice_v = std::is_base_of_v<Slice, std::decay_t<P>>;

// Whether the view `a[parts...]` of a C-contiguous `a` is C-contiguous too, by Numba's
// rule (types/rules.cpp, view_layout, is the translator's copy of it): integers, then at
// most one slice without a step, as the last part.
template <class... P>
constexpr bool keeps_c_layout() {
  constexpr bool is_integer[] = {!is_slice_v<P>..., false};
  constexpr bool is_unit_slice[] = {std::is_same_v<std::decay_t<P>, Slice>..., false};
  constexpr std::size_t count = sizeof...(P);
  for (std::size_t k = 0; k < count; ++k) {
    if (is_integer[k]) continue;
    if (!(k + 1 == count && is_unit_slice[k])) return false;
  }
  return true;
}

// How many dimensions the integer parts of a view remove.
template <class... P>
inline constexpr int integer_count_v = (0 + ... + (is_slice_v<P> ? 0 : 1));

#if !P2C_BACKEND_CUDA
// Where the subscript was written: the location of its first slice (every view
// the translator emits has one).
template <class... P>
SourceLocation view_location(const P&... parts) {
  SourceLocation where{};
  bool found = false;
  auto pick = [&](const auto& part) {
    if constexpr (is_slice_v<decltype(part)>) {
      if (!found) where = part.where, found = true;
    }
  };
  (pick(parts), ...);
  return where;
}
#endif

}  // namespace detail

// The view `a[parts...]`: one part per leading dimension (integers and Slices);
// dimensions after the last part are kept whole.
template <class T, int N, class... P>
P2C_HD P2C_INLINE Array<T, N - detail::integer_count_v<P...>> view(const Array<T, N>& a, P... parts) {
  constexpr int kept = N - detail::integer_count_v<P...>;
  static_assert(sizeof...(P) <= N, "py2cuda::view: more indices than dimensions");
  static_assert(kept >= 1, "py2cuda::view: a view keeps at least one dimension (all-integer indexing is an element)");
#if !P2C_BACKEND_CUDA
  const SourceLocation where = detail::view_location(parts...);
#endif
  Array<T, kept> out{a.data, {}, {}};
  int dim = 0;   // of `a`
  int kept_dim = 0;  // of `out`
  auto apply = [&](auto part) {
    using Part = decltype(part);
    if constexpr (detail::is_slice_v<Part>) {
      const SliceRange r = resolve_slice(part, a.shape[dim]);
      if (r.length > 0) out.data += r.start * a.strides[dim];  // an empty view points nowhere new
      out.shape[kept_dim] = r.length;
      out.strides[kept_dim] = a.strides[dim] * r.step;
      ++kept_dim;
    } else {
      static_assert(std::is_integral_v<Part>, "py2cuda::view: indices must be integers or slices");
      int64_t i = static_cast<int64_t>(part);
      if constexpr (std::is_signed_v<Part>) {
        if (i < 0) i += a.shape[dim];
      }
#if P2C_BACKEND_CUDA
      P2C_BOUNDS_CHECK(a, dim, i);
#else
      P2C_BOUNDS_CHECK_AT(a, dim, i, where);
#endif
      out.data += i * a.strides[dim];
    }
    ++dim;
  };
  (apply(parts), ...);
  for (; dim < N; ++dim, ++kept_dim) {
    out.shape[kept_dim] = a.shape[dim];
    out.strides[kept_dim] = a.strides[dim];
  }
  return out;
}

// The view `a[parts...]` of a C-contiguous array: a CArray where Numba's typing keeps
// layout 'C' (the translator declares it so), else an Array.
template <class T, int N, class... P>
P2C_HD P2C_INLINE auto view(const CArray<T, N>& a, P... parts) {
  constexpr int kept = N - detail::integer_count_v<P...>;
  const Array<T, kept> out = view(static_cast<const Array<T, N>&>(a), parts...);
  if constexpr (detail::keeps_c_layout<P...>()) {
    return CArray<T, kept>(out);
  } else {
    return out;
  }
}

// `a[lo:hi] = value`: every element of the view `a` becomes `value` (already of
// the element type), in index order.
template <class T, int N>
P2C_HD P2C_INLINE void fill(const Array<T, N>& a, T value) {
  if constexpr (N == 1) {
    for (int64_t i = 0; i < a.shape[0]; ++i) a.data[i * a.strides[0]] = value;
  } else {
    for (int64_t i = 0; i < a.shape[0]; ++i) {
      Array<T, N - 1> sub{a.data + i * a.strides[0], {}, {}};
      for (int d = 1; d < N; ++d) {
        sub.shape[d - 1] = a.shape[d];
        sub.strides[d - 1] = a.strides[d];
      }
      fill(sub, value);
    }
  }
}

}  // namespace py2cuda
