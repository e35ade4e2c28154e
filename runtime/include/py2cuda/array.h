// py2cuda runtime: Array<T, N>, the non-owning array view that kernels receive, and
// CArray<T, N>, the same view known C-contiguous.
//
// A Numba array argument (float32[:], int64[:, :], ...) becomes an Array passed
// by value: a data pointer plus shape and strides, like Numba's own array struct
// minus the fields a kernel never reads. Strides count ELEMENTS, not bytes, so
// indexing is one multiply-add per dimension.
//
// An array of Numba's layout 'C' (float32[::1], int64[:, ::1]: every array NumPy
// creates, so every launch from host code that passes one) becomes a CArray: the same
// members, and its last dimension steps by 1, a constant, rather than by a stride read
// at run time, as Numba's own C-layout addressing does. A CArray is an Array (it
// converts to one wherever a view of any layout is taken); an Array becomes a CArray
// only through CArray's explicit constructor, which host code uses at a launch and
// which checks the view's last stride there.
//
// Two ways to index, chosen by the translator per subscript:
//   a(i, j)     plain: the indices are used as they are. For indices known to be
//               non-negative (cuda.grid(1), a range with non-negative bounds) or
//               of unsigned type.
//   a.at(i, j)  Python/Numba semantics: a negative index of a SIGNED integer type
//               counts from the end (i + shape[d]); unsigned indices never wrap.
// On the GPU neither checks bounds; host builds (CPU emulation) do, see below.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

#include "config.h"
#include "error.h"

#if !P2C_BACKEND_CUDA
#include "emu/race_hooks.h"
#include "emu/source_location.h"
#endif

// Hooks called by every element access, once per dimension, with the index actually
// used (after wraparound), before the element is touched:
//
//   P2C_BOUNDS_CHECK(array, dim, index)              every build
//   P2C_BOUNDS_CHECK_AT(array, dim, index, where)    host builds, with the SourceLocation
//                                                    of the subscript
//
// Under nvcc both are no-ops. In host builds the CPU emulation's check
// (emu/bounds_check.h) is included here, so it is in place whatever the order of
// includes, and reports out-of-bounds accesses with the Python line and the CUDA
// thread that made them. -DPY2CUDA_NO_BOUNDS_CHECK leaves it out; a program (a test)
// that defines P2C_BOUNDS_CHECK before including this header gets its own hook instead.
// (Every translation unit of a program must make the same choice: Array's accessors
// are inline functions, compiled once per program.)
#if !P2C_BACKEND_CUDA && !defined(P2C_BOUNDS_CHECK) && !defined(P2C_BOUNDS_CHECK_AT) && \
    !defined(PY2CUDA_NO_BOUNDS_CHECK)
#include "emu/bounds_check.h"
#endif
#ifndef P2C_BOUNDS_CHECK
#define P2C_BOUNDS_CHECK(array, dim, index) ((void)0)
#endif
#ifndef P2C_BOUNDS_CHECK_AT
#define P2C_BOUNDS_CHECK_AT(array, dim, index, where) ((void)(where), P2C_BOUNDS_CHECK(array, dim, index))
#endif

namespace py2cuda {

#if P2C_BACKEND_CUDA
// An index with its subscript's Python line and column, as --exe/--run builds emit it (see
// below): on the GPU, the index alone.
template <class I>
P2C_HD P2C_INLINE constexpr I at_python(I index, unsigned, unsigned) {
  return index;
}
template <class I>
P2C_HD P2C_INLINE constexpr I stored_at_python(I index, unsigned, unsigned) {
  return index;
}
template <class I>
P2C_HD P2C_INLINE constexpr I updated_at_python(I index, unsigned, unsigned) {
  return index;
}
#else
namespace detail {
// The first index of a subscript as --exe/--run builds emit it: with the subscript's own
// Python line and column (a statement's #line names only its first line, and no C++
// position tells two subscripts of a line apart), and whether an assignment stores to the
// element (`a[i] = v`) or updates it (`a[i] += v`: reads it, then stores). --racecheck
// reports with them; other builds ignore them.
enum class SubscriptRole : unsigned char {
  value,          // on an expression's value side (a read; a subscript the translator did not mark)
  store_target,   // `a[i] = v`: a write, even of the value already there
  update_target,  // `a[i] op= v`: a read, then a write, even of the value already there
};

template <class I>
struct PythonIndex {
  I value;
  unsigned line, column;
  SubscriptRole role;
};
}  // namespace detail

template <class I>
constexpr detail::PythonIndex<I> at_python(I index, unsigned line, unsigned column) {
  return {index, line, column, detail::SubscriptRole::value};
}
template <class I>
constexpr detail::PythonIndex<I> stored_at_python(I index, unsigned line, unsigned column) {
  return {index, line, column, detail::SubscriptRole::store_target};
}
template <class I>
constexpr detail::PythonIndex<I> updated_at_python(I index, unsigned line, unsigned column) {
  return {index, line, column, detail::SubscriptRole::update_target};
}

namespace detail {
// Host builds: an Array's first index, with where the subscript was written. The
// location cannot be a defaulted parameter after a pack of indices (a pack that is not
// last is never deduced), so it rides on the first index, converted at the call site.
struct LocatedIndex {
  int64_t value;
  bool is_signed;  // only signed indices wrap around
  SourceLocation where;

  unsigned python_line = 0, python_column = 0;  // 0: not known (see PythonIndex)
  SubscriptRole role = SubscriptRole::value;

  template <class I>
  constexpr LocatedIndex(I index, SourceLocation where_ = SourceLocation::current()) noexcept
      : value(static_cast<int64_t>(index)), is_signed(std::is_signed_v<I>), where(where_) {
    static_assert(std::is_integral_v<I>, "py2cuda::Array: indices must be integers");
  }
  template <class I>
  constexpr LocatedIndex(PythonIndex<I> index, SourceLocation where_ = SourceLocation::current()) noexcept
      : LocatedIndex(index.value, where_) {
    python_line = index.line;
    python_column = index.column;
    role = index.role;
  }
};
}  // namespace detail
#endif

template <class T, int N>
struct Array {
  static_assert(N >= 1, "py2cuda::Array needs at least one dimension");

  T* data;
  int64_t shape[N];
  int64_t strides[N];  // in elements

  static constexpr int ndim = N;

#if P2C_BACKEND_CUDA
  // Plain indexing: no wraparound.
  template <class... I>
  P2C_HD P2C_INLINE T& operator()(I... index) const {
    return data[offset<false, false>(std::index_sequence_for<I...>{}, index...)];
  }

  // Python indexing: a negative signed index counts from the end of its dimension.
  template <class... I>
  P2C_HD P2C_INLINE T& at(I... index) const {
    return data[offset<true, false>(std::index_sequence_for<I...>{}, index...)];
  }
#else
  // The same two, in host builds also recording where the subscript was written.
#ifndef PY2CUDA_RACECHECK
  template <class... I>
  P2C_INLINE T& operator()(detail::LocatedIndex first, I... rest) const {
    return data[located_offset<false, false>(first, std::index_sequence_for<I...>{}, rest...)];
  }

  template <class... I>
  P2C_INLINE T& at(detail::LocatedIndex first, I... rest) const {
    return data[located_offset<true, false>(first, std::index_sequence_for<I...>{}, rest...)];
  }
#else
  // --racecheck builds (emu/race_check.h): each subscript is also shown to the detector.
  template <class... I>
  P2C_INLINE T& operator()(detail::LocatedIndex first, I... rest) const {
    const int64_t offset = located_offset<false, false>(first, std::index_sequence_for<I...>{}, rest...);
    P2C_RACE_ACCESS(*this, offset, first);
    return data[offset];
  }

  template <class... I>
  P2C_INLINE T& at(detail::LocatedIndex first, I... rest) const {
    const int64_t offset = located_offset<true, false>(first, std::index_sequence_for<I...>{}, rest...);
    P2C_RACE_ACCESS(*this, offset, first);
    return data[offset];
  }
#endif
#endif

  // Number of elements: the product of the shape.
  P2C_HD P2C_INLINE int64_t size() const {
    int64_t n = 1;
    for (int d = 0; d < N; ++d) n *= shape[d];
    return n;
  }

  // An Array<T> converts to the read-only Array<const T> (never the reverse).
  template <class U = T, std::enable_if_t<!std::is_const_v<U>, int> = 0>
  P2C_HD P2C_INLINE operator Array<const U, N>() const {
    Array<const U, N> view{data, {}, {}};
    for (int d = 0; d < N; ++d) {
      view.shape[d] = shape[d];
      view.strides[d] = strides[d];
    }
    return view;
  }

  // (Protected member functions keep Array an aggregate: only data members may not be.)
 protected:
  // The stride of dimension `dim` as an offset uses it: 1 for the last dimension of a
  // CArray (UnitLastStride), whatever the member holds.
  template <bool UnitLastStride>
  P2C_HD P2C_INLINE int64_t stride_of(int dim) const {
    if constexpr (UnitLastStride) {
      if (dim == N - 1) return 1;
    }
    return strides[dim];
  }

#if P2C_BACKEND_CUDA
  // The element offset of one index per dimension.
  template <bool Wrap, bool UnitLastStride, class... I, std::size_t... D>
  P2C_HD P2C_INLINE int64_t offset(std::index_sequence<D...>, I... index) const {
    static_assert(sizeof...(I) == N, "py2cuda::Array: one index per dimension is required");
    static_assert((std::is_integral_v<I> && ...), "py2cuda::Array: indices must be integers");
    return (int64_t{0} + ... +
            (stride_of<UnitLastStride>(static_cast<int>(D)) * resolve<Wrap>(static_cast<int>(D), index)));
  }

  template <bool Wrap, class I>
  P2C_HD P2C_INLINE int64_t resolve(int dim, I index) const {
    int64_t i = static_cast<int64_t>(index);
    if constexpr (Wrap && std::is_signed_v<I>) {
      if (i < 0) i += shape[dim];
    }
    P2C_BOUNDS_CHECK(*this, dim, i);
    (void)dim;  // unused when the hook is a no-op
    return i;
  }
#else
  // The element offset of `first` (dimension 0) and `rest` (dimensions 1, 2, ...); every
  // check reports the location recorded with `first`.
  template <bool Wrap, bool UnitLastStride, class... I, std::size_t... D>
  P2C_INLINE int64_t located_offset(detail::LocatedIndex first, std::index_sequence<D...>,
                                    I... rest) const {
    static_assert(sizeof...(I) + 1 == N, "py2cuda::Array: one index per dimension is required");
    static_assert((std::is_integral_v<I> && ...), "py2cuda::Array: indices must be integers");
    int64_t i0 = first.value;
    if (Wrap && first.is_signed && i0 < 0) i0 += shape[0];
    P2C_BOUNDS_CHECK_AT(*this, 0, i0, first.where);
    return stride_of<UnitLastStride>(0) * i0 +
           (int64_t{0} + ... +
            (stride_of<UnitLastStride>(static_cast<int>(D + 1)) *
             resolve<Wrap>(static_cast<int>(D + 1), rest, first.where)));
  }

  template <bool Wrap, class I>
  P2C_INLINE int64_t resolve(int dim, I index, SourceLocation where) const {
    int64_t i = static_cast<int64_t>(index);
    if constexpr (Wrap && std::is_signed_v<I>) {
      if (i < 0) i += shape[dim];
    }
    P2C_BOUNDS_CHECK_AT(*this, dim, i, where);
    (void)dim;  // unused when the hook is a no-op
    return i;
  }
#endif
};

// An Array whose last dimension is contiguous: Numba's layout 'C'. The translator
// declares a kernel's or device function's float32[::1] / float32[:, ::1] parameter, and
// every view its typing keeps in layout 'C' (a shared or local array, `a[i]` of a
// C array), as a CArray; indexing it multiplies the last index by nothing. The outer
// dimensions still step by their strides: what makes a view C here is its unit last
// stride (an extent of 0 or 1 makes any stride one), which is what the addressing needs.
template <class T, int N>
struct CArray : Array<T, N> {
  using Array<T, N>::data;
  using Array<T, N>::shape;
  using Array<T, N>::strides;

  CArray() = default;

  // A view known to be C-contiguous in its last dimension. Host code (a launch, the
  // harness, the host array classes) converts through here and is checked: a view whose
  // last stride is not 1 throws the TypeError Numba raises when such an array meets a
  // C-layout signature. Device code converts only views its typing proved contiguous.
  P2C_HD explicit CArray(const Array<T, N>& view) : Array<T, N>(view) {
#if !defined(__CUDA_ARCH__)
    if (view.shape[N - 1] > 1 && view.strides[N - 1] != 1) {
      throw_not_contiguous();
    }
#endif
  }

#if P2C_BACKEND_CUDA
  template <class... I>
  P2C_HD P2C_INLINE T& operator()(I... index) const {
    return data[this->template offset<false, true>(std::index_sequence_for<I...>{}, index...)];
  }

  template <class... I>
  P2C_HD P2C_INLINE T& at(I... index) const {
    return data[this->template offset<true, true>(std::index_sequence_for<I...>{}, index...)];
  }
#else
#ifndef PY2CUDA_RACECHECK
  template <class... I>
  P2C_INLINE T& operator()(detail::LocatedIndex first, I... rest) const {
    return data[this->template located_offset<false, true>(first, std::index_sequence_for<I...>{}, rest...)];
  }

  template <class... I>
  P2C_INLINE T& at(detail::LocatedIndex first, I... rest) const {
    return data[this->template located_offset<true, true>(first, std::index_sequence_for<I...>{}, rest...)];
  }
#else
  template <class... I>
  P2C_INLINE T& operator()(detail::LocatedIndex first, I... rest) const {
    const int64_t offset =
        this->template located_offset<false, true>(first, std::index_sequence_for<I...>{}, rest...);
    P2C_RACE_ACCESS(*this, offset, first);
    return data[offset];
  }

  template <class... I>
  P2C_INLINE T& at(detail::LocatedIndex first, I... rest) const {
    const int64_t offset =
        this->template located_offset<true, true>(first, std::index_sequence_for<I...>{}, rest...);
    P2C_RACE_ACCESS(*this, offset, first);
    return data[offset];
  }
#endif
#endif

  // A CArray<T> converts to the read-only CArray<const T> (never the reverse).
  template <class U = T, std::enable_if_t<!std::is_const_v<U>, int> = 0>
  P2C_HD P2C_INLINE operator CArray<const U, N>() const {
    CArray<const U, N> view;
    view.data = data;
    for (int d = 0; d < N; ++d) {
      view.shape[d] = shape[d];
      view.strides[d] = strides[d];
    }
    return view;
  }

 private:
  [[noreturn]] static void throw_not_contiguous();
};

// Out of line (and host-only): the constructor above stays small enough to inline.
template <class T, int N>
[[noreturn, gnu::cold]] void CArray<T, N>::throw_not_contiguous() {
  throw Error("TypeError: an array that is not C-contiguous was passed where the kernel's signature requires "
              "one (layout 'C', as float32[::1] or float32[:, ::1])");
}

// Strides, in elements, of a C-contiguous (row-major) array of the given shape.
template <std::size_t N>
std::array<int64_t, N> c_strides(const std::array<int64_t, N>& shape) {
  std::array<int64_t, N> strides{};
  int64_t step = 1;
  for (std::size_t d = N; d-- > 0;) {
    strides[d] = step;
    step *= shape[d];
  }
  return strides;
}

// A view of C-contiguous memory holding an array of the given shape.
template <class T, std::size_t N>
CArray<T, static_cast<int>(N)> c_array_view(T* data, const std::array<int64_t, N>& shape) {
  const std::array<int64_t, N> strides = c_strides(shape);
  CArray<T, static_cast<int>(N)> view;
  view.data = data;
  for (std::size_t d = 0; d < N; ++d) {
    view.shape[d] = shape[d];
    view.strides[d] = strides[d];
  }
  return view;
}

}  // namespace py2cuda
