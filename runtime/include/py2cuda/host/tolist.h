// py2cuda host runtime: a.tolist(), NumPy's conversion of an array to nested Python lists.
//
// The elements become Python numbers, as NumPy's item() makes them: a float of any width a
// Python float (double: an np.float32 0.1 prints 0.10000000149011612), an integer of any
// signed width or of fewer than 64 unsigned bits a Python int (int64_t), uint64 stays
// uint64_t (a Python int past int64's range), bool a bool. An array of N dimensions gives
// N nested lists (List<List<double>> for a 2-D float array), each a new list.
#pragma once

#include <cstdint>
#include <type_traits>

#include "list.h"
#include "ndarray.h"

namespace py2cuda::host {

namespace detail {
template <class T>
using python_number_t =
    std::conditional_t<std::is_same_v<T, bool>, bool,
                       std::conditional_t<std::is_floating_point_v<T>, double,
                                          std::conditional_t<std::is_same_v<T, uint64_t>, uint64_t, int64_t>>>;

template <class T, int N>
struct nested_list {
  using type = List<typename nested_list<T, N - 1>::type>;
};
template <class T>
struct nested_list<T, 1> {
  using type = List<python_number_t<T>>;
};

template <class T, int N>
typename nested_list<T, N>::type tolist_of(const T* data, const int64_t* shape, const int64_t* strides) {
  typename nested_list<T, N>::type out;
  for (int64_t i = 0; i < shape[0]; ++i) {
    if constexpr (N == 1) {
      out.append(python_number_t<T>(data[i * strides[0]]));
    } else {
      out.append(tolist_of<T, N - 1>(data + i * strides[0], shape + 1, strides + 1));
    }
  }
  return out;
}
}  // namespace detail

template <class T, int N>
  requires(N >= 1)
typename detail::nested_list<T, N>::type tolist(const NDArray<T, N>& a) {
  return detail::tolist_of<T, N>(a.data(), a.shape().data(), a.strides().data());
}

}  // namespace py2cuda::host
