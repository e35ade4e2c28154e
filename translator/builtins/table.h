// THE table of every Python callable and attribute py2cuda translates.
//
// One row per Python name: how it is typed (a rule, implemented in
// builtins/typing.cpp), how it is spelled in CUDA C++ for float32 and for
// float64 operands (or for every type, when the two are the same), whether
// the CPU emulation supports it, and a one-line description. The table of
// callables in docs/supported-python.md is generated from this table
// (`py2cuda --list-builtins`, by `make docs`).
#pragma once

#include <string>
#include <span>
#include <string_view>
#include <vector>

namespace py2cuda::builtins {

// How a row's result type follows from its argument types.
//
// The math.* rows are typed by their `cases` (Numba's own candidate signatures, see
// Case), NumPy's ufuncs by their `loops`; the Math* rules below say what is special
// about a function beyond them and type the rows that have neither (cuda.cbrt).
enum class Rule {
  MathUnary,       // math.*, np.*; without cases or loops (cuda.cbrt): f32 -> f32, f64 -> f64, integers -> f64
  MathBinary,      // math.*, np.* of two numbers (typed by their cases or loops)
  MathPredicate,   // number -> bool; an integer case or loop is a constant (never NaN or infinite)
  MathCases,       // typed by its cases alone (math.ldexp, math.modf, math.frexp)
  MathPow,         // math.pow (libdevice powif/powi cases), np.power (integer loops by squaring)
  Abs,             // abs(x): the type of x (bool -> int8, like Numba); np.abs by its loops (bool -> bool)
  MinMax,          // min/max of 2+ numbers: unified type
  Round,           // round(x) -> int64, half to even
  ToInt,           // int(x) -> int64
  ToFloat,         // float(x) -> float64
  ToBool,          // bool(x) -> bool
  ScalarCtor,      // np.float32(x), numba.int32(x): the named type
  Len,             // len(array) -> int64 (the first dimension); len(tuple) constant
  Range,           // range(...): only as a for-loop iterable
  Grid,            // cuda.grid(n): int64 or UniTuple(int64 x n)
  Gridsize,        // cuda.gridsize(n): likewise
  Int32Value,      // attribute values of type int32: threadIdx.x, laneid, warpsize
  Float64Value,    // attribute values of type float64: math.pi, math.e, math.inf ...
  Print,           // print(...): formatted like numba-cuda's printimpl (typed by FunctionBuilder)
  Barrier,         // cuda.syncthreads(): a block-wide barrier, returns nothing
  ArrayAlloc,      // cuda.shared.array / cuda.local.array (typed by FunctionBuilder::array_alloc)
  Atomic,          // cuda.atomic.*(array, index, value): the old element (typed by FunctionBuilder::atomic_call)
  BitCount,        // cuda.popc, cuda.clz: an integer of the argument's type
  Ffs,             // cuda.ffs: uint32 from a 32- or 64-bit integer
  Brev,            // cuda.brev: uint32 or uint64
  Fma,             // cuda.fma(a, b, c): float32 when all are float32, else float64
  Selp,            // cuda.selp(test, a, b): a and b of one type
  Fence,           // cuda.threadfence*(): no arguments, no result
  Nanosleep,       // cuda.nanosleep(ns): uint32 argument, no result
  Random,          // numba.cuda.random.xoroshiro128p_*(states, index): a draw from state `index`
  NumpyMinMax,     // np.maximum/minimum/fmax/fmin(a, b) on scalars: typed by their loops; a template pattern
  NumpyOperator,   // np.greater/logical_and/bitwise_and/left_shift/invert... on scalars: typed by their loops,
                   // the operator applied to the operands converted to the loop's input types
  Fp16,            // cuda.fp16.h*(...): arguments converted to float16; float16 result (bool for heq ... hle)
  BarrierPredicate,  // cuda.syncthreads_count/and/or(pred): a barrier; integer predicate -> int32
  WarpShuffle,     // cuda.shfl_*_sync(mask, value, lane): value int32/int64/float32/float64, its own type
  WarpVote,        // cuda.all/any/eq_sync(mask, pred) -> bool; ballot_sync -> int32
  WarpMatch,       // cuda.match_any_sync -> int32; match_all_sync -> Tuple(int32, bool)
  WarpMask,        // cuda.activemask(), cuda.lanemask_lt(): uint32
  SyncWarp,        // cuda.syncwarp(mask=0xffffffff): no result
  ThisGrid,        // cuda.cg.this_grid(): the GridGroup; makes the kernel a cooperative launch
  GridSync,        // GridGroup.sync(): a barrier of the whole grid ({0} is the group)
  ToComplex,       // complex(x) / complex(re, im): complex64 from float32 alone, else complex128
  CmathUnary,      // cmath.f(z): complex64 -> complex64, complex128 -> complex128; reals convert first
  CmathLog,        // cmath.log(z[, base]): like CmathUnary
  CmathPredicate,  // cmath.isnan/isinf/isfinite(z) -> bool
  CmathPart,       // cmath.phase(z): the parts' float type; cmath.polar(z): a tuple of two of them
  CmathRect,       // cmath.rect(r, phi) of two floats -> complex
  ConstArrayLike,  // cuda.const.array_like(arr): arr, a frozen module-level NumPy array (readonly, constant memory)
  FixedSignature,  // cuda.libdevice.*, cuda.fp16.__*: arguments converted to the row's declared types, result of its type
};

// One of the signatures Numba declares for an overloaded function (a ConcreteTemplate's
// `cases`, numba-cuda's cudamath.py), in its declaration order: a call takes the one
// rules::choose_signature picks, its arguments converted to the case's parameters.
// An integer parameter of a math function (math.sin's int64 case) is then converted
// to float64 and the row's float64 pattern computes it, as numba-cuda's mathimpl.py
// (impl_unary_int, impl_binary_int) lowers those cases.
struct Case {
  std::string_view signature;  // as Numba prints it: "float32(float32, int32)"
  // The C++ pattern of this case; empty: the row's f16, f32 or f64 pattern, by the
  // type of the first parameter.
  std::string_view cuda = {};
};

struct Builtin {
  std::string_view path;  // canonical Python path: "math.exp", "numba.cuda.threadIdx.x", "abs"
  Rule rule;
  bool is_call;              // called (`math.exp(x)`) or read as a value (`cuda.threadIdx.x`)
  // C++ patterns: {0}, {1} are the arguments. A pattern must read as one
  // operand wherever it is put: a call, or parenthesised.
  std::string_view f32 = {};  // C++ pattern for float32 operands
  std::string_view f64 = {};  // C++ pattern for float64 (and every other) operand type
  bool nonnegative = false;  // the value is never negative (lets indexing skip wraparound)
  bool emulated = true;      // works in the CPU emulation
  std::string_view doc = {};
  // C++ pattern for a float16 operand where Numba's CUDA target has a float16
  // version (math.sin -> hsin); empty: float16 is computed as float32.
  std::string_view f16 = {};
  // Rule::FixedSignature: Numba's signature, "float32(float32, int32)" or, for the
  // functions with pointer results, "Tuple(float64, int32)(float64)".
  std::string_view signature = {};
  // Numba's candidate signatures, when it declares several (the math.* rows); the
  // call is typed by them, not by `rule`'s simplified reading.
  std::span<const Case> cases = {};
  // A NumPy ufunc's loops, NumPy 1.26's ufunc.types joined by spaces ("e->e f->f d->d
  // F->F D->D ..."), in its order: Numba types a call by the first loop its arguments cast
  // to safely (rules::choose_ufunc_loop) and computes in that loop's types, a float32 loop
  // by the row's f32 pattern (np.sin(int8) is sinf of float32(x)).
  std::string_view loops = {};
  // The loops of `loops` numba-cuda's CUDA target lowers (its ufunc_db, numba/cuda/ufuncs.py),
  // for scalars and arrays alike; empty: none, so compiled Numba stops on the ufunc in a
  // kernel ("KeyError: <ufunc 'sqrt'>") though the simulator runs it.
  std::string_view cuda_loops = {};
  // The function of the same job compiled Numba calls in a kernel ("math.sqrt"), for the
  // warning on a ufunc without `cuda_loops`.
  std::string_view kernel_twin = {};
};

// A function Numba declares with one fixed signature (cuda.libdevice, cuda.fp16's
// `__` intrinsics): a Rule::FixedSignature row each.
struct FixedSignatureFunction {
  std::string_view name;       // the Python name after the module: "sinf", "__hadd_sat"
  std::string_view signature;  // Numba's: "float32(float32, int32)", "Tuple(float64, int32)(float64)"
  std::string_view cuda;       // the CUDA C++ pattern
  std::string_view note;       // rounding mode or other remark, for the docs; may be empty
};

// The rows for `functions`: paths module_path + "." + name, docs "SIGNATURE; NOTE",
// preceded by doc_prefix + name + ": " when doc_prefix is not empty ("__nv_sinf: ").
std::vector<Builtin> fixed_signature_rows(std::string_view module_path, std::string_view doc_prefix,
                                          std::span<const FixedSignatureFunction> functions);


// The numba.cuda.libdevice rows (builtins/libdevice_rows.cpp), part of all().
const std::vector<Builtin>& libdevice_rows();

// The numba.cuda.fp16.__* rows (builtins/fp16_rows.cpp), part of all().
const std::vector<Builtin>& fp16_intrinsic_rows();

// Every row, in the table's order (grouped by module).
const std::vector<Builtin>& all();

// The row for a canonical Python path, or nullptr.
const Builtin* find(std::string_view path);

// The table as Markdown, for docs/supported-python.md.
std::string markdown();

}  // namespace py2cuda::builtins
