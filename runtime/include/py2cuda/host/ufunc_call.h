// py2cuda host runtime: calling a translated ufunc from host code, as numba-cuda's
// UFuncMechanism / GUFuncCallSteps and NumPy's ufunc machinery do.
//
//   vectorize_cuda<R>(launch, std::forward_as_tuple(x, y), [ufunc_out(d)])
//     broadcasts the operands (NDArrays, DeviceNDArrays, numbers) by NumPy's rules, copies
//     host operands to the device, runs the ufunc's kernel over the result and returns
//     it: on the device when an operand is there, else copied back to a host array; with
//     out= it fills and returns that array.
//   vectorize_cpu<R>(f, operands..., [ufunc_out(a)])   the same on the host (NumPy's loop).
//   gufunc_cuda<GufuncOutputs<GufuncOutput<R, OutCore>...>, InCore...>(...)   @guvectorize:
//     loop dimensions broadcast, core dimensions bound by name and checked, one thread
//     per loop index; one output returned as itself, several as a py2cuda::tuple.
//   gufunc_cpu<...>(...)                                the same on the host (NumPy's loop).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>

#include "../array.h"
#include "../launch.h"
#include "../tuple.h"
#include "../ufunc.h"
#include "device_ndarray.h"
#include "elementwise.h"
#include "exceptions.h"
#include "ndarray.h"
#include "parallel_for.h"

namespace py2cuda::host {

// `out=` of a ufunc call.
template <class O>
struct UfuncOut {
  const O& array;
};
template <class O>
UfuncOut<O> ufunc_out(const O& array) {
  return UfuncOut<O>{array};
}

namespace ufunc_detail {

template <class X>
struct Traits {
  static constexpr int rank = 0;
  static constexpr bool device = false;
  using element = X;
};
template <class T, int N>
struct Traits<NDArray<T, N>> {
  static constexpr int rank = N;
  static constexpr bool device = false;
  using element = T;
};
template <class T, int N>
struct Traits<DeviceNDArray<T, N>> {
  static constexpr int rank = N;
  static constexpr bool device = true;
  using element = T;
};
template <class X>
using Of = Traits<std::remove_cvref_t<X>>;

template <class... X>
constexpr int max_rank() {
  int r = 0;
  ((r = Of<X>::rank > r ? Of<X>::rank : r), ...);
  return r;
}

template <class X>
std::array<int64_t, static_cast<std::size_t>(Of<X>::rank)> shape_of(const X& x) {
  if constexpr (Of<X>::rank == 0) {
    (void)x;
    return {};
  } else {
    return x.shape();
  }
}

// Merges `s` (aligned at the last dimension) into `shape`; false when they do not broadcast.
template <int M, std::size_t K>
bool merge(std::array<int64_t, M>& shape, const std::array<int64_t, K>& s, int skip_trailing = 0) {
  const int n = static_cast<int>(K) - skip_trailing;
  for (int k = 0; k < n; ++k) {
    int64_t& d = shape[static_cast<std::size_t>(M - n + k)];
    const int64_t e = s[static_cast<std::size_t>(k)];
    if (d == e || e == 1) continue;
    if (d != 1) return false;
    d = e;
  }
  return true;
}

// An operand of rank N (0: a number, held as a one-element array) seen with `shape`: the
// loop's dimensions first, then Core core dimensions of its own. A loop dimension the operand
// lacks or has as 1 is broadcast with stride 0; core dimensions keep the operand's.
template <int M, int Core, int N, class T, int R>
Array<T, M> broadcast_view(const Array<T, R>& own, const std::array<int64_t, M>& shape) {
  Array<T, M> view{};
  view.data = own.data;
  for (int d = 0; d < M; ++d) {
    const int k = d - (M - N);  // the operand's dimension aligned with d
    const bool core = d >= M - Core;
    if (k < 0 || N == 0 || (!core && own.shape[k] != shape[static_cast<std::size_t>(d)])) {
      view.shape[d] = shape[static_cast<std::size_t>(d)];
      view.strides[d] = 0;
    } else {
      view.shape[d] = own.shape[k];
      view.strides[d] = own.strides[k];
    }
  }
  return view;
}

// An operand's elements in device memory, seen with `shape` (the loop's dimensions
// first, then `Core` core dimensions of the operand's own): 0 strides where it is
// broadcast. `keep` holds a copy made for a host operand or a scalar.
template <class T, int M>
struct Prepared {
  std::shared_ptr<T> keep;
  Array<T, M> view;
};

template <int M, int Core, class X>
auto prepare(const X& x, const std::array<int64_t, M>& shape) {
  using T = typename Of<X>::element;
  constexpr int N = Of<X>::rank;
  Prepared<T, M> p{};
  Array<T, (N > 0 ? N : 1)> own{};
  if constexpr (N == 0) {
    DeviceNDArray<T, 1> d(std::array<int64_t, 1>{1});
    NDArray<T, 1> h(std::array<int64_t, 1>{1});
    h.data()[0] = x;
    d.copy_to_device(h);
    p.keep = d.storage();
    own = d.view();
    own.strides[0] = 0;
  } else if constexpr (Of<X>::device) {
    p.keep = x.storage();
    own = x.view();
  } else {
    // Any view is copied: the translator warns where compiled Numba would refuse a
    // non-contiguous operand (infer/ufuncs.cpp).
    DeviceNDArray<T, N> d(x.shape());
    d.copy_to_device(x);
    p.keep = d.storage();
    own = d.view();
  }
  p.view = broadcast_view<M, Core, N>(own, shape);
  return p;
}

inline LaunchConfig elementwise_config(int64_t n) {
  const int64_t threads = 256;
  int64_t blocks = (n + threads - 1) / threads;
  if (blocks > 65535) blocks = 65535;  // the kernels loop with a grid stride
  return LaunchConfig{Dim3(static_cast<unsigned>(blocks)), Dim3(static_cast<unsigned>(threads))};
}

// Runs `launch` on views whose first L dimensions are the loop's (n positions in all).
// The loop functions take py2cuda::ufunc::kLoopRank loop dimensions: a call with more
// runs them once per position of the L - kLoopRank outer dimensions, on the views of
// the rest, as many launches as those positions (NumPy itself allows 32 dimensions).
template <int L, class Launch, class... V>
void launch_blocks(Launch& launch, int64_t n, const V&... views) {
  if constexpr (L <= py2cuda::ufunc::kLoopRank) {
    launch(elementwise_config(n), views...);
  } else {
    constexpr int Outer = L - py2cuda::ufunc::kLoopRank;
    const int64_t blocks = py2cuda::ufunc::loop_size<Outer>(std::get<0>(std::forward_as_tuple(views...)));
    for (int64_t b = 0; b < blocks; ++b) launch(elementwise_config(n / blocks), py2cuda::ufunc::core<Outer>(views, b)...);
  }
}

template <std::size_t M>
std::string shape_text(const std::array<int64_t, M>& s) {
  std::string t = "(";
  for (std::size_t d = 0; d < M; ++d) t += (d ? ", " : "") + std::to_string(s[d]);
  return t + (M == 1 ? ",)" : ")");
}

template <class R, int M, class O>
auto out_view(const O& out, const std::array<int64_t, M>& shape, const char* name) {
  if (out.shape() != shape) {
    throw PyException("ValueError", std::string(name) + ": out= has shape " + shape_text(out.shape()) +
                                        ", the result has shape " + shape_text(shape));
  }
  return out;
}

template <int I, int... V>
constexpr int nth() {
  constexpr int values[] = {V...};
  return values[I];
}

// The number of loop dimensions: the most any operand has beyond its core.
template <class... X, int... Core>
constexpr int gufunc_loop_rank(std::integer_sequence<int, Core...>) {
  // From template arguments alone: GCC 13 crashes (an internal compiler error) evaluating a
  // constexpr array of the caller's inside the generic lambdas that read the result.
  static_assert(sizeof...(X) == sizeof...(Core), "one core rank per operand");
  int l = 0;
  ((l = Of<X>::rank - Core > l ? Of<X>::rank - Core : l), ...);
  return l;
}

// A gufunc call's loop dimensions: broadcast over the operands' leading dimensions
// (right-aligned in L). The inputs' core dimensions are bound by name into `bound`
// (indexed by the layout's dimension ids, -1 where unbound) and checked.
template <int L, std::size_t NB, std::size_t NI, class... X>
std::array<int64_t, L> gufunc_loop_shape(const char* name, const std::array<int, sizeof...(X)>& cores,
                                         const std::array<int, NI>& in_ids, const std::tuple<const X&...>& operands,
                                         std::array<int64_t, NB>& bound) {
  std::array<int64_t, L> loop;
  loop.fill(1);
  std::size_t id = 0, arg = 0;
  std::apply([&](const auto&... x) {
    (([&] {
       const auto s = shape_of(x);
       const int core = cores[arg];
       const int rank = static_cast<int>(s.size());
       for (int k = 0; k < core; ++k) {
         const int64_t e = s[static_cast<std::size_t>(rank - core + k)];
         int64_t& b = bound[static_cast<std::size_t>(in_ids[id++])];
         if (b >= 0 && b != e) {
           throw PyException("ValueError", std::string(name) + ": input operand " + std::to_string(arg) +
                                               " has a mismatch in its core dimension " + std::to_string(k));
         }
         b = e;
       }
       if (!merge<L>(loop, s, core)) {
         throw PyException("ValueError", std::string(name) + ": operands could not be broadcast together (the loop "
                                             "dimensions of operand " + std::to_string(arg) + " do not broadcast with "
                                             "the others')");
       }
       ++arg;
     }()), ...);
  }, operands);
  return loop;
}

// The shape of a gufunc output with Core core dimensions: the L0 loop dimensions, then
// its core dimensions as the inputs bound them (ids from `first` in out_ids); (1,) when
// it has none at all (the entry points return that one element as a scalar).
template <int L0, int Core, std::size_t L, std::size_t NB, std::size_t NO>
std::array<int64_t, (L0 + Core > 0 ? L0 + Core : 1)> gufunc_out_shape(const char* name, const std::array<int64_t, L>& loop,
                                                                      const std::array<int64_t, NB>& bound,
                                                                      const std::array<int, NO>& out_ids, int first) {
  std::array<int64_t, (L0 + Core > 0 ? L0 + Core : 1)> out;
  for (int d = 0; d < L0; ++d) out[static_cast<std::size_t>(d)] = loop[L - static_cast<std::size_t>(L0 - d)];
  for (int c = 0; c < Core; ++c) {
    const int64_t b = bound[static_cast<std::size_t>(out_ids[static_cast<std::size_t>(first + c)])];
    if (b < 0) throw PyException("ValueError", std::string(name) + ": an output core dimension is not bound by an input");
    out[static_cast<std::size_t>(L0 + c)] = b;
  }
  if constexpr (L0 + Core == 0) out[0] = 1;
  return out;
}

// A gufunc output of NR dimensions as the kernel and the CPU loop see it: L loop
// dimensions (leading ones of extent 1 where the call has fewer, L0), then Core core ones.
template <int L, int L0, int Core, class R, int NR>
Array<R, L + Core> gufunc_result_view(const Array<R, NR>& result) {
  Array<R, L + Core> view{result.data, {}, {}};
  for (int d = 0; d < L + Core; ++d) {
    const int s = d - (L - L0);
    view.shape[d] = s < 0 ? 1 : result.shape[s];
    view.strides[d] = s < 0 ? 0 : result.strides[s];
  }
  return view;
}

// A host operand seen with `shape` (loop dimensions, then Core core dimensions of its
// own), 0 strides where it is broadcast; a number is a one-element array.
template <class T, int M>
struct HostOperand {
  NDArray<T, 1> own_scalar;  // holds a number's value
  std::shared_ptr<T[]> storage;
  Array<T, M> view;
};

template <int M, int Core, class X>
auto host_operand(const X& x, const std::array<int64_t, M>& shape) {
  using T = typename Of<X>::element;
  constexpr int N = Of<X>::rank;
  HostOperand<T, M> p{};
  Array<T, (N > 0 ? N : 1)> own{};
  if constexpr (N == 0) {
    p.own_scalar = NDArray<T, 1>(std::array<int64_t, 1>{1});
    p.own_scalar.data()[0] = x;
    p.storage = p.own_scalar.storage();
    own = p.own_scalar.view();
    own.strides[0] = 0;
  } else {
    p.storage = x.storage();
    own = x.view();
  }
  p.view = broadcast_view<M, Core, N>(own, shape);
  return p;
}

// The NDArray view of a gufunc operand's core dimensions at loop position `flat`; a
// core of no dimensions is a one-element view, as Numba passes it.
template <int L, class T, int M>
auto core_view(const std::shared_ptr<T[]>& storage, const Array<T, M>& a, int64_t flat) {
  const Array<T, (M - L > 0 ? M - L : 1)> v = py2cuda::ufunc::core<L>(a, flat);
  constexpr int C = M - L > 0 ? M - L : 1;
  Shape<C> shape, strides;
  for (int d = 0; d < C; ++d) {
    shape[static_cast<std::size_t>(d)] = v.shape[d];
    strides[static_cast<std::size_t>(d)] = v.strides[d];
  }
  return NDArray<T, C>(storage, v.data, shape, strides);
}

// The operands' broadcast shape in M dimensions, or a ValueError naming the ufunc:
// numba-cuda's text for a CUDA ufunc (the first argument that does not broadcast),
// NumPy's for a CPU one (every operand's shape).
template <int M, class... X>
std::array<int64_t, M> broadcast_shape(const char* name, bool cuda, const std::tuple<const X&...>& operands) {
  std::array<int64_t, M> shape;
  shape.fill(1);
  int which = 0;
  std::apply([&](const auto&... x) {
    bool ok = true;
    ((ok = ok && (++which, merge<M>(shape, shape_of(x)))), ...);
    if (ok) return;
    if (cuda) throw PyException("ValueError", std::string(name) + ": failed to broadcast argument #" + std::to_string(which - 1));
    std::string shapes;
    ((shapes += (shapes.empty() ? "" : " ") + shape_text(shape_of(x))), ...);
    throw PyException("ValueError", std::string(name) + ": operands could not be broadcast together with shapes " + shapes);
  }, operands);
  return shape;
}

}  // namespace ufunc_detail

// An operand of a ufunc loop whose input type is T: a number, or an array of T.
template <class X, class T>
concept UfuncOperand = (std::is_arithmetic_v<std::remove_cvref_t<X>> && std::is_same_v<std::remove_cvref_t<X>, T>) ||
                       std::is_same_v<typename ufunc_detail::Of<X>::element, T>;

// @vectorize(target='cuda'): `launch(config, out_view, operand_views...)` runs the kernel.
template <class R, class Launch, class... X, class... O>
auto vectorize_cuda(const char* name, Launch launch, const std::tuple<const X&...>& operands, const UfuncOut<O>&... out) {
  constexpr int M = ufunc_detail::max_rank<X...>() > 0 ? ufunc_detail::max_rank<X...>() : 1;
  std::array<int64_t, M> shape = ufunc_detail::broadcast_shape<M>(name, true, operands);
  auto prepared = std::apply([&](const auto&... x) { return std::make_tuple(ufunc_detail::prepare<M, 0>(x, shape)...); },
                             operands);
  int64_t n = 1;
  for (int64_t e : shape) n *= e;
  auto run = [&](const Array<R, M>& result) {
    if (n == 0) return;
    std::apply([&](const auto&... p) { ufunc_detail::launch_blocks<M>(launch, n, result, p.view...); }, prepared);
    synchronize();
  };
  if constexpr (sizeof...(O) == 1) {
    const auto& o = std::get<0>(std::forward_as_tuple(out...)).array;
    using OT = std::remove_cvref_t<decltype(o)>;
    if constexpr (ufunc_detail::Of<OT>::device) {
      ufunc_detail::out_view<R, M>(o, shape, name);
      run(o.view());
      return o;
    } else {
      ufunc_detail::out_view<R, M>(o, shape, name);
      DeviceNDArray<R, M> d(shape);
      run(d.view());
      d.copy_to_host(o);
      return o;
    }
  } else {
    DeviceNDArray<R, M> d(shape);
    run(d.view());
    if constexpr ((ufunc_detail::Of<X>::device || ...)) {
      return d;
    } else {
      return d.copy_to_host();
    }
  }
}

// @vectorize(target='cpu'): NumPy's loop over the broadcast operands, on the host.
template <class R, class F, class... X, class... O>
auto vectorize_cpu(const char* name, F f, const std::tuple<const X&...>& operands, const UfuncOut<O>&... out) {
  constexpr int M = ufunc_detail::max_rank<X...>() > 0 ? ufunc_detail::max_rank<X...>() : 1;
  ufunc_detail::broadcast_shape<M>(name, false, operands);  // the error names the ufunc
  auto result = std::apply([&](const auto&... x) { return map<R>(f, x...); }, operands);
  if constexpr (sizeof...(O) == 1) {
    const auto& o = std::get<0>(std::forward_as_tuple(out...)).array;
    constexpr int N = decltype(result)::ndim;
    ufunc_detail::out_view<R, N>(o, result.shape(), name);
    for (int64_t i = 0; i < result.size(); ++i) {
      o.flat(i) = static_cast<typename ufunc_detail::Of<decltype(o)>::element>(result.flat(i));
    }
    return o;
  } else {
    return result;
  }
}

// gufunc operands as the kernel sees them: the loop's L dimensions, then the
// operand's Core core dimensions.
template <int L, int Core, class X>
auto gufunc_operand(const X& x, const std::array<int64_t, L>& loop) {
  std::array<int64_t, L + Core> full;
  for (int d = 0; d < L; ++d) full[static_cast<std::size_t>(d)] = loop[static_cast<std::size_t>(d)];
  if constexpr (Core > 0) {
    const auto s = ufunc_detail::shape_of(x);
    for (int c = 0; c < Core; ++c) full[static_cast<std::size_t>(L + c)] = s[s.size() - Core + c];
  }
  return ufunc_detail::prepare<L + Core, Core>(x, full);
}

template <int L, int... InCore, class... X, int... I>
auto gufunc_views(const std::array<int64_t, L>& loop, const std::tuple<const X&...>& ops,
                  std::integer_sequence<int, I...>) {
  return std::make_tuple(gufunc_operand<L, InCore>(std::get<I>(ops), loop)...);
}

// One output of a gufunc: its dtype T and its number of core dimensions.
template <class T, int Core>
struct GufuncOutput {
  using type = T;
  static constexpr int core = Core;
};

// A gufunc's outputs, in the layout's order.
template <class... Out>
struct GufuncOutputs {
  static constexpr int count = static_cast<int>(sizeof...(Out));
  static constexpr int cores = (Out::core + ... + 0);
  template <int K>
  using at = std::tuple_element_t<static_cast<std::size_t>(K), std::tuple<Out...>>;
  // Where output K's dimension ids start in the out_ids array.
  template <int K>
  static constexpr int first_id() {
    int first = 0, k = 0;
    ((first += k++ < K ? Out::core : 0), ...);
    return first;
  }
};

namespace ufunc_detail {

// One result as the entry points return it, several as a tuple.
template <class... A>
auto gufunc_results(A&&... a) {
  if constexpr (sizeof...(A) == 1) {
    return (std::forward<A>(a), ...);
  } else {
    return py2cuda::tuple<std::remove_cvref_t<A>...>(std::forward<A>(a)...);
  }
}

}  // namespace ufunc_detail

// @guvectorize(target='cuda'): inputs with InCore... core dimensions, the outputs of
// `Outs` (GufuncOutputs); `in_ids`/`out_ids` number the layout's dimension names.
// `launch(config, output views..., input views...)` runs the kernel. `out` gives every
// output (UfuncOut each, in order) or none; one result is returned as itself, several
// as a py2cuda::tuple.
template <class Outs, int... InCore, class Launch, class... X, class... O>
auto gufunc_cuda(const char* name, Launch launch, const std::array<int, (InCore + ... + 0)>& in_ids,
                 const std::array<int, Outs::cores>& out_ids, const std::tuple<const X&...>& operands,
                 const UfuncOut<O>&... out) {
  static_assert(sizeof...(InCore) == sizeof...(X), "one core rank per input");
  static_assert(sizeof...(O) == 0 || static_cast<int>(sizeof...(O)) == Outs::count, "out= gives every output or none");
  constexpr std::array<int, sizeof...(X)> cores{InCore...};
  constexpr int L0 = ufunc_detail::gufunc_loop_rank<X...>(std::integer_sequence<int, InCore...>{});
  constexpr int L = L0 > 0 ? L0 : 1;  // kernels see at least one loop dimension
  constexpr std::size_t NB = (InCore + ... + 0) + Outs::cores + 1;  // at most one id per name
  std::array<int64_t, NB> bound;
  bound.fill(-1);
  const std::array<int64_t, L> loop = ufunc_detail::gufunc_loop_shape<L>(name, cores, in_ids, operands, bound);
  int64_t n = 1;
  for (int64_t e : loop) n *= e;
  return [&]<int... K>(std::integer_sequence<int, K...>) {
    const auto shapes = std::make_tuple(
        ufunc_detail::gufunc_out_shape<L0, Outs::template at<K>::core>(name, loop, bound, out_ids, Outs::template first_id<K>())...);
    auto run = [&](const auto&... results) {
      if (n == 0) return;
      auto views = gufunc_views<L, InCore...>(loop, operands, std::make_integer_sequence<int, sizeof...(X)>{});
      std::apply([&](const auto&... p) {
        ufunc_detail::launch_blocks<L>(launch, n,
                                       ufunc_detail::gufunc_result_view<L, L0, Outs::template at<K>::core>(results.view())...,
                                       p.view...);
      }, views);
      synchronize();
    };
    if constexpr (sizeof...(O) > 0) {
      const auto given = std::forward_as_tuple(out.array...);
      (ufunc_detail::out_view<typename Outs::template at<K>::type, std::tuple_size_v<std::remove_cvref_t<decltype(std::get<K>(shapes))>>>(
           std::get<K>(given), std::get<K>(shapes), name),
       ...);
      // Device outputs are written in place; host ones through a device copy.
      auto target = [&]<int I>() {
        using OT = std::remove_cvref_t<decltype(std::get<I>(given))>;
        if constexpr (ufunc_detail::Of<OT>::device) {
          return std::get<I>(given);
        } else {
          return DeviceNDArray<typename Outs::template at<I>::type, ufunc_detail::Of<OT>::rank>(std::get<I>(shapes));
        }
      };
      const auto targets = std::make_tuple(target.template operator()<K>()...);
      run(std::get<K>(targets)...);
      ([&] {
         using OT = std::remove_cvref_t<decltype(std::get<K>(given))>;
         if constexpr (!ufunc_detail::Of<OT>::device) std::get<K>(targets).copy_to_host(std::get<K>(given));
       }(), ...);
      return ufunc_detail::gufunc_results(std::remove_cvref_t<O>(std::get<K>(given))...);
    } else {
      const auto results = std::make_tuple(
          DeviceNDArray<typename Outs::template at<K>::type, std::tuple_size_v<std::remove_cvref_t<decltype(std::get<K>(shapes))>>>(
              std::get<K>(shapes))...);
      run(std::get<K>(results)...);
      if constexpr ((ufunc_detail::Of<X>::device || ...)) {
        return ufunc_detail::gufunc_results(std::get<K>(results)...);
      } else {
        return ufunc_detail::gufunc_results(std::get<K>(results).copy_to_host()...);
      }
    }
  }(std::make_integer_sequence<int, Outs::count>{});
}

// @vectorize(target='parallel'): vectorize_cpu's loop over the flat index of the
// broadcast result, in chunks on several threads (parallel_for.h).
template <class R, class F, class... X, class... O>
auto vectorize_parallel(const char* name, F f, const std::tuple<const X&...>& operands, const UfuncOut<O>&... out) {
  constexpr int M = ufunc_detail::max_rank<X...>() > 0 ? ufunc_detail::max_rank<X...>() : 1;
  std::array<int64_t, M> shape = ufunc_detail::broadcast_shape<M>(name, false, operands);
  auto views = std::apply([&](const auto&... x) { return std::make_tuple(ufunc_detail::host_operand<M, 0>(x, shape)...); },
                          operands);
  NDArray<R, M> result(shape);
  int64_t n = result.size();
  std::apply([&](const auto&... p) {
    parallel_for(n, [&](int64_t begin, int64_t end) {
      for (int64_t i = begin; i < end; ++i) result.data()[i] = static_cast<R>(f(py2cuda::ufunc::element(p.view, i)...));
    });
  }, views);
  if constexpr (sizeof...(O) == 1) {
    const auto& o = std::get<0>(std::forward_as_tuple(out...)).array;
    ufunc_detail::out_view<R, M>(o, shape, name);
    for (int64_t i = 0; i < n; ++i) o.flat(i) = static_cast<typename ufunc_detail::Of<decltype(o)>::element>(result.flat(i));
    return o;
  } else {
    return result;
  }
}

// @guvectorize(target='cpu' or 'parallel'): core(input views..., output views...) per
// loop index, each an NDArray view of the operand's core dimensions; on several
// threads when `parallel`. Outputs, `out` and the result as in gufunc_cuda.
template <class Outs, int... InCore, class Core, class... X, class... O>
auto gufunc_cpu(const char* name, bool parallel, Core core, const std::array<int, (InCore + ... + 0)>& in_ids,
                const std::array<int, Outs::cores>& out_ids, const std::tuple<const X&...>& operands,
                const UfuncOut<O>&... out) {
  static_assert(sizeof...(InCore) == sizeof...(X), "one core rank per input");
  static_assert(sizeof...(O) == 0 || static_cast<int>(sizeof...(O)) == Outs::count, "out= gives every output or none");
  constexpr std::array<int, sizeof...(X)> cores{InCore...};
  constexpr int L0 = ufunc_detail::gufunc_loop_rank<X...>(std::integer_sequence<int, InCore...>{});
  constexpr int L = L0 > 0 ? L0 : 1;
  constexpr std::size_t NB = (InCore + ... + 0) + Outs::cores + 1;
  std::array<int64_t, NB> bound;
  bound.fill(-1);
  const std::array<int64_t, L> loop = ufunc_detail::gufunc_loop_shape<L>(name, cores, in_ids, operands, bound);
  int64_t n = 1;
  for (int64_t e : loop) n *= e;
  auto operand_views = [&]<int... I>(std::integer_sequence<int, I...>) {
    return std::make_tuple([&] {
      constexpr int C = ufunc_detail::nth<I, InCore...>();
      const auto& x = std::get<I>(operands);
      std::array<int64_t, L + C> full;
      for (int d = 0; d < L; ++d) full[static_cast<std::size_t>(d)] = loop[static_cast<std::size_t>(d)];
      if constexpr (C > 0) {
        const auto s = ufunc_detail::shape_of(x);
        for (int c = 0; c < C; ++c) full[static_cast<std::size_t>(L + c)] = s[s.size() - C + c];
      }
      return ufunc_detail::host_operand<L + C, C>(x, full);
    }()...);
  }(std::make_integer_sequence<int, sizeof...(X)>{});
  return [&]<int... K>(std::integer_sequence<int, K...>) {
    const auto shapes = std::make_tuple(
        ufunc_detail::gufunc_out_shape<L0, Outs::template at<K>::core>(name, loop, bound, out_ids, Outs::template first_id<K>())...);
    auto run = [&](const auto&... results) {
      const auto views = std::make_tuple(ufunc_detail::gufunc_result_view<L, L0, Outs::template at<K>::core>(results.view())...);
      auto body = [&](int64_t begin, int64_t end) {
        for (int64_t i = begin; i < end; ++i) {
          std::apply([&](const auto&... p) {
            core(ufunc_detail::core_view<L>(p.storage, p.view, i)...,
                 ufunc_detail::core_view<L>(results.storage(), std::get<K>(views), i)...);
          }, operand_views);
        }
      };
      if (parallel) parallel_for(n, body);
      else body(0, n);
    };
    if constexpr (sizeof...(O) > 0) {
      const auto given = std::forward_as_tuple(out.array...);
      (ufunc_detail::out_view<typename Outs::template at<K>::type, std::tuple_size_v<std::remove_cvref_t<decltype(std::get<K>(shapes))>>>(
           std::get<K>(given), std::get<K>(shapes), name),
       ...);
      run(std::get<K>(given)...);
      return ufunc_detail::gufunc_results(std::remove_cvref_t<O>(std::get<K>(given))...);
    } else {
      const auto results = std::make_tuple(
          NDArray<typename Outs::template at<K>::type, std::tuple_size_v<std::remove_cvref_t<decltype(std::get<K>(shapes))>>>(
              std::get<K>(shapes))...);
      run(std::get<K>(results)...);
      return ufunc_detail::gufunc_results(std::get<K>(results)...);
    }
  }(std::make_integer_sequence<int, Outs::count>{});
}

// A CPU gufunc operand cast to its loop's dtype T, as NumPy casts it (itself when it
// has that dtype).
template <class T, class X>
decltype(auto) gufunc_cast(const X& x) {
  if constexpr (std::is_same_v<typename ufunc_detail::Of<X>::element, T>) {
    return (x);
  } else if constexpr (ufunc_detail::Of<X>::rank == 0) {
    return static_cast<T>(x);
  } else {
    return map<T>([](auto v) { return static_cast<T>(v); }, x);
  }
}

// A gufunc's core parameter that the signature makes a scalar ('float32', not
// 'float32[:]'): its one element.
template <class T, int N>
T gufunc_scalar(const NDArray<T, N>& v) {
  return v.data()[0];
}

// The results of a gufunc with several outputs as host code sees them: output k,
// when Scalar[k] (no loop and no core dimensions), as its one element, as NumPy
// returns a 0-d result.
template <bool... Scalar, class... A>
auto gufunc_scalar_results(const py2cuda::tuple<A...>& results) {
  static_assert(sizeof...(Scalar) == sizeof...(A), "one flag per output");
  return [&]<std::size_t... K>(std::index_sequence<K...>) {
    auto pick = [&]<std::size_t I, bool S>() {
      if constexpr (S) {
        return py2cuda::get<I>(results).flat(0);
      } else {
        return py2cuda::get<I>(results);
      }
    };
    return py2cuda::make_tuple(pick.template operator()<K, Scalar>()...);
  }(std::index_sequence_for<A...>{});
}

}  // namespace py2cuda::host
