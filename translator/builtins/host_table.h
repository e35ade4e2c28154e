// The host half of the builtins table: every NumPy function, numba.cuda host API,
// Python builtin and method that translated host code (the program around the
// kernels, which becomes main()) may call.
//
// One row per Python name: the typing rule (infer/host_calls.cpp and the infer/host_*.cpp
// file of its family),
// the runtime function that implements it (header-only, runtime/include/py2cuda/host/)
// and a one-line description. Method rows are keyed "ndarray.NAME" (host arrays),
// "DeviceNDArray.NAME" (arrays in GPU memory) and "Generator.NAME" (np.random's
// PCG64 generators). The host table in docs/supported-python.md is generated
// from this one (`py2cuda --list-builtins`, by `make docs`).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace py2cuda::builtins {

// How a host row's arguments are read and its result typed.
enum class HostRule {
  ArrayFill,        // np.zeros/ones/empty(shape, dtype=float64): a new array
  ArrayFull,        // np.full(shape, value, dtype=None): dtype from the value when not given
  ArrayLike,        // np.zeros_like/ones_like/empty_like(a, dtype=None), np.full_like(a, value)
  Arange,           // np.arange([start,] stop[, step], dtype=None): int64 or float64 by the arguments
  Linspace,         // np.linspace(start, stop, num=50, endpoint=True, dtype=float64), np.logspace(..., base=10.0), np.geomspace
  ArrayFromValues,  // np.array(list/tuple/array, dtype=None), np.asarray, np.ascontiguousarray
  Eye,              // np.eye(n, m=None, k=0, dtype=float64)
  Join,             // np.concatenate/stack((a, b, ...), axis=0), np.vstack/hstack((a, b, ...))
  Append,           // np.append(a, values): concatenate((ravel(a), ravel(values))), 1-D
  Tile,             // np.tile(a, reps): max(a.ndim, len(reps)) dimensions
  Pad,              // np.pad(a, pad_width, mode='constant', constant_values=0): a's dtype and rank
  FromIter,         // np.fromiter(iterable, dtype, count=-1): a 1-D array of the items
  UnaryUfunc,       // np.sqrt(x), np.exp(x) ...: elementwise; int -> float64, float32 stays
  UnaryUfuncSame,   // np.abs(x), np.negative(x) ...: elementwise, keeps the dtype
  RoundingUfunc,    // np.floor/ceil/trunc/rint(x): floats keep their type, ints -> float64
  BinaryUfunc,      // np.maximum/minimum/add/... (a, b): NumPy's promotion of the two
  BinaryFloatUfunc, // np.hypot/arctan2/power of floats: promotion, ints -> float64
  OperatorUfunc,    // np.true_divide/floor_divide/power/bitwise_and/left_shift... (a, b): the operator's dtype rule
  IntegerUfunc,     // np.gcd/lcm(a, b), np.invert/bitwise_not(a): integers (and bools) only
  PredicateUfunc,   // np.isnan/isinf/isfinite/signbit/logical_not(x), np.logical_and/greater/...(a, b): bool
  Where,            // np.where(condition, x, y): y's or x's element, in the promotion of x and y
  Clip,             // np.clip(a, a_min, a_max), a.clip(min, max): the promotion of the three
  Round,            // np.round/around(a, decimals=0), a.round(decimals=0): NumPy's scale-rint-unscale
  ScalarItem,       // x.item() of a NumPy scalar or a one-element array: the Python number
  PyMath,           // math.sqrt/log/pow/isclose/factorial/gcd/prod/fsum...: CPython's results and errors, in double / int64
  PyRandom,         // random.seed/random/randint/choice/shuffle/sample/gauss...: CPython's Mersenne Twister draws
  Reduction,        // np.sum/prod(a) and a.sum(): NumPy's accumulator type (int -> int64)
  MeanReduction,    // np.mean/std/var(a): float64 for ints, the float type for floats
  ExtremumReduction,// np.min/max(a), a.min(): the element type
  ArgReduction,     // np.argmin/argmax(a): int64
  BoolReduction,    // np.all/any(a): bool
  CountNonzero,     // np.count_nonzero(a): int64
  Trace,            // np.trace(a, offset=0), a.trace(): the diagonal's sum, in np.sum's type
  Dot,              // np.dot(a, b), a @ b: 1-D . 1-D scalar, 2-D @ 2-D / 1-D
  AllClose,         // np.allclose/array_equal(a, b, rtol=1e-05, atol=1e-08): bool
  IsClose,          // np.isclose(a, b): an array of bool
  TestingAssert,    // np.testing.assert_*(actual, desired, ...): AssertionError with NumPy's message
  RandomSeed,       // np.random.seed(s)
  DeviceSplit,      // d.split(section, stream=0): a list of 1-D device views
  SetPrintOptions,  // np.set_printoptions(precision=, threshold=, edgeitems=, linewidth=, suppress=)
  RandomDraw,       // np.random.rand/random/randn/uniform/normal/randint(..., size): NumPy's legacy MT19937
  RandomChoice,     // np.random.choice(a, size=None, replace=True): draws from range(a) or a 1-D array
  RandomPermute,    // np.random.permutation(x) (a shuffled copy / arange) and shuffle(x) (in place, axis 0)
  DefaultRng,       // np.random.default_rng(seed): a Generator (PCG64); np.random.RandomState(seed): an MT19937 of its own
  GeneratorDraw,    // Generator.random/uniform/normal/integers(..., size)
  ToDevice,         // cuda.to_device(a, stream=0): a DeviceNDArray holding a copy
  DeviceArrayNew,   // cuda.device_array(shape, dtype=float64), pinned_array, mapped_array
  DeviceArrayLike,  // cuda.device_array_like(a), pinned_array_like
  CopyToHost,       // d.copy_to_host(ary=None, stream=0): a new host array or `ary` filled
  CopyToDevice,     // d.copy_to_device(a): host or device array into this device array
  AsType,           // a.astype(dtype): a converted copy
  Copy,             // a.copy(), np.copy(a): a C-contiguous copy
  Reshape,          // a.reshape(shape...), np.reshape(a, shape): a view when contiguous
  Ravel,            // a.ravel(), a.flatten(): 1-D
  Transpose,        // a.transpose(), np.transpose(a): the reversed axes
  Fill,             // a.fill(value)
  ToList,           // a.tolist(): a List of Python numbers (a List of Lists for 2-D and more)
  Synchronize,      // cuda.synchronize(), stream.synchronize(): waits for the device
  DeviceQuery,      // cuda.is_available(), cuda.detect(): bool (detect also prints the devices)
  IsCudaArray,      // cuda.is_cuda_array(obj): bool, decided by obj's type
  DeviceList,       // cuda.list_devices(): cuda.gpus, the devices (len, [i], iteration, printing)
  Contiguity,       // d.is_c_contiguous(), d.is_f_contiguous(): bool
  DeviceHandle,     // cuda.get_current_device(), cuda.select_device(id): a Device (.id, .compute_capability, .name)
  Stream,           // cuda.stream(), cuda.default_stream()
  RngStates,        // create_xoroshiro128p_states(n, seed=, subsequence_start=0): device states
  Clock,            // time.time(), time.perf_counter(), timeit.default_timer(): float64 seconds
  Process,          // time.sleep, os.environ.get / os.getenv, warnings.warn
  Print,            // print(*values, sep=' ', end='\n'): as Python prints them
  Len,              // len(x): int64
  Range,            // range(...): only as a for-loop iterable
  ToStr,            // str(x), repr(x): Python's text of a value
  ToNumber,         // int(x), float(x), bool(x) of numbers and strings
  PyMinMax,         // min/max of numbers
  PyAbs,            // abs(x)
  PyRound,          // round(x[, n])
  PySum,            // sum(array or tuple)
  Format,           // format(x, spec), str.format: Python's format-spec mini-language
  StrFormat,        // "...".format(*args): fields {} {0} {:.3f} over positional arguments
  SysArgv,          // sys.argv: a list of str (the script's name, then the arguments)
  SysExit,          // sys.exit(status=None): ends the program with that status
  Event,            // cuda.event(timing=True): a CUDA event
  EventRecord,      // e.record(stream=0)
  EventWait,        // e.wait(stream=0): the stream waits for the event
  EventElapsed,     // cuda.event_elapsed_time(e0, e1), e0.elapsed_time(e1): float milliseconds
  CooperativeBlocks,// kernel.overloads[sig].max_cooperative_grid_blocks(blockdim, dynsmemsize=0): int64
  TestCaseNew,      // unittest.TestCase(): an instance whose assertion methods host code calls
  TestCaseAssert,   // tc.assertEqual/assertTrue/...(values..., msg=None): AssertionError in unittest's words
  SkipTest,         // tc.skipTest(reason): raises unittest.SkipTest
  Sort,             // np.sort(a, axis=-1, kind=None): a sorted copy (axis=None: flattened)
  SortInPlace,      // a.sort(axis=-1, kind=None): sorts a's lines in place
  ArgSort,          // np.argsort(a, axis=-1, kind=None), a.argsort(): int64 indices
  Cumulative,       // np.cumsum/cumprod(a, axis=None, dtype=None): np.sum's accumulator type
  Unique,           // np.unique(ar, return_index=, return_inverse=, return_counts=): the sorted distinct elements, 1-D (and indices, inverse, counts)
  Diff,             // np.diff(a, n=1, axis=-1): a's dtype
  Nonzero,          // np.nonzero(a) (a tuple of int64 arrays), np.flatnonzero, np.argwhere
  Outer,            // np.outer(a, b): 2-D, NumPy's promotion of the two dtypes
  Median,           // np.median(a, axis=None): np.mean's type
  Quantile,         // np.percentile/quantile(a, q, axis=None): float64, linear interpolation
  Norm,             // np.linalg.norm(x): 2-norm / Frobenius norm, float32 for float32
  Meshgrid,         // np.meshgrid(x, y, ..., indexing='xy'): a tuple of arrays
  FromFunction,     // np.fromfunction(f, shape, dtype=float): f of the index grids (infer/host_calls.cpp)
  UnravelIndex,     // np.unravel_index(indices, shape), np.ravel_multi_index(multi_index, dims): int64 numbers or arrays
  Histogram,        // np.histogram(a, bins=10, range=None): (int64 counts, edges)
  SearchSorted,     // np.searchsorted(a, v, side='left'): int64 (an array for an array v)
  Flip,             // np.flip(a, axis=None): a view
  Roll,             // np.roll(a, shift, axis=None): a copy
  Repeat,           // np.repeat(a, repeats, axis=None): a copy (1-D without an axis)
  ContextManager,   // with stream.auto_synchronize() / cuda.pinned(*arrays) / cuda.defer_cleanup(): the body, then
                    // the exit action (infer/context_managers.cpp); anywhere else, an error
  DictMethod,       // d.get(k, default), d.pop(k[, default]), d.items()...: infer/host_dicts.cpp
  StrMethod,        // s.upper(), s.split(sep), s.replace(a, b)...: infer/host_strings.cpp
  NumberBuiltin,    // divmod, pow, chr, ord, hex, bin, oct, any, all, isinstance: infer/host_numbers.cpp
  ListMethod,       // xs.append(v), xs.pop(), xs.sort(reverse=False)...: typed by infer/host_lists.cpp
  SetMethod,        // s.add(v), s.discard(v), s.union(t), s.issubset(t)...: typed by infer/host_sets.cpp
  ArgParse,         // argparse.ArgumentParser(prog=, description=, epilog=) and its methods: infer/host_argparse.cpp
  ListBuiltin,      // list(it), sorted(it, reverse=False), any/all(it): a List, a bool (infer/host_lists.cpp)
  Bincount,         // np.bincount(x, weights=None, minlength=0): int64 counts, float64 weighted sums
  ExpandDims,       // np.expand_dims(a, axis): a view with one more dimension
  Squeeze,          // np.squeeze(a, axis), a.squeeze(axis): a view without that dimension (axis needed)
  AtLeast,          // np.atleast_1d/2d(x): x itself, a (1, n) view, or a new array of a number
  BroadcastTo,      // np.broadcast_to(a, shape): a read-only view with zero strides
  NanToNum,         // np.nan_to_num(x, nan=0.0, posinf=None, neginf=None): x's type
  NanReduction,     // np.nansum/nanmean/nanmax/nanmin(a): np.sum/mean/max's types, NaN ignored
  Average,          // np.average(a, weights=None): np.mean's type; with weights result_type(a, w), float64 joining it for integer a
  Ptp,              // np.ptp(a): max - min in a's type
  Diag,             // np.diag(v, k=0): 1-D -> 2-D diagonal array, 2-D -> its diagonal
  Triangle,         // np.tril/triu(m, k=0): a copy with the other triangle zeroed
  FlipFixed,        // np.fliplr/flipud(m): a view reversed along axis 1 / 0
  Identity,         // np.identity(n, dtype=float64): np.eye(n)
  Convolve,         // np.convolve/correlate(a, v, mode): the promotion of the two dtypes, 1-D
  FloatInfo,        // np.finfo(dtype).eps/max/..., np.iinfo(dtype).min/max/bits: constants (attributes only)
  Interp,           // np.interp(x, xp, fp, left=None, right=None): float64, x's shape
  Trapz,            // np.trapz(y, x=None, dx=1.0) of 1-D y: a float number
  Polyval,          // np.polyval(p, x): x's shape, x's float type (float64 for ints with float p)
  IsIn,             // np.isin(element, test_elements, invert=False), np.in1d: bool
  Take,             // np.take(a, indices) of the flattened a: a's dtype, indices' shape
  SwapAxes,         // np.swapaxes(a, i, j), np.moveaxis(a, src, dst), a.swapaxes(i, j): views
  Split,            // np.array_split/split(a, sections or [i, j, ...], axis=0): a list of views
  Save,             // np.save(file, arr): a .npy file (".npy" appended unless there)
  Covariance,       // np.cov(m, y=None, rowvar=True, bias=False, ddof=None), np.corrcoef(x, y=None, rowvar=True): float64
  Linalg,           // np.linalg.solve(a, b), inv(a), det(a) of a 2-D a: float64 (float32 when every input is)
};

// Whether calls of this rule do more than compute a value (random draws, printing, writes into
// an argument, clocks, exit): code generation keeps them in Python's evaluation order.
bool has_effects(HostRule rule);

struct HostBuiltin {
  std::string_view path;     // canonical Python path, or TYPE.METHOD for methods
  HostRule rule;
  std::string_view runtime;  // the runtime's spelling: "py2cuda::host::zeros"
  std::string_view doc;
};

// Every host row, grouped by module.
const std::vector<HostBuiltin>& host_rows();

// The row for a canonical Python path or TYPE.METHOD, or nullptr.
const HostBuiltin* find_host(std::string_view path);

// The host table as Markdown, for docs/supported-python.md.
std::string host_markdown();

}  // namespace py2cuda::builtins
