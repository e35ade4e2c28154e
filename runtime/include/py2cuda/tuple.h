// py2cuda runtime: tuples, as returned by cuda.grid(2) or built by `(a, b)` in a kernel.
//
// The emitted code spells them py2cuda::tuple / make_tuple / get<I> whatever it is
// compiled with. Under nvcc they are libcu++'s cuda::std::tuple, whose members are
// usable in device code (std::tuple's are not); elsewhere they are std::tuple.
// Both support structured bindings: `auto [i, j] = py2cuda::grid2();`.
#pragma once

#include "config.h"

#if P2C_BACKEND_CUDA
#include <cuda/std/tuple>
#define P2C_TUPLE_NAMESPACE cuda::std
#else
#include <tuple>
#define P2C_TUPLE_NAMESPACE std
#endif

namespace py2cuda {

using P2C_TUPLE_NAMESPACE::get;
using P2C_TUPLE_NAMESPACE::make_tuple;
using P2C_TUPLE_NAMESPACE::tie;
using P2C_TUPLE_NAMESPACE::tuple;
using P2C_TUPLE_NAMESPACE::tuple_element;
using P2C_TUPLE_NAMESPACE::tuple_element_t;
using P2C_TUPLE_NAMESPACE::tuple_size;
using P2C_TUPLE_NAMESPACE::tuple_size_v;

}  // namespace py2cuda

#undef P2C_TUPLE_NAMESPACE
