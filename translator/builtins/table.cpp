#include "builtins/table.h"

#include <deque>
#include <map>
#include <set>

namespace py2cuda::builtins {

namespace {

// numba-cuda 0.30.4's candidate signatures of the math functions (cudamath.py), in
// its order; tests/unit/test_type_rules.cpp checks them against Numba's templates.
constexpr Case kMathUnary[] = {{.signature = "float64(int64)"}, {.signature = "float64(uint64)"},
                               {.signature = "float32(float32)"}, {.signature = "float64(float64)"}};
constexpr Case kMathUnaryFp16[] = {{.signature = "float64(int64)"}, {.signature = "float64(uint64)"},
                                   {.signature = "float32(float32)"}, {.signature = "float64(float64)"},
                                   {.signature = "float16(float16)"}};
constexpr Case kMathBinaryInt[] = {{.signature = "float64(int64, int64)"}, {.signature = "float64(uint64, uint64)"},
                                   {.signature = "float32(float32, float32)"},
                                   {.signature = "float64(float64, float64)"}};
constexpr Case kMathBinary[] = {{.signature = "float32(float32, float32)"}, {.signature = "float64(float64, float64)"}};
// math.pow(x, n) with an int32 n is libdevice's __nv_powif/__nv_powi (mathimpl.py impl_pow_int).
constexpr Case kMathPow[] = {{.signature = "float32(float32, float32)"},
                             {.signature = "float64(float64, float64)"},
                             {.signature = "float32(float32, int32)", .cuda = "py2cuda::libdevice::powif({0}, {1})"},
                             {.signature = "float64(float64, int32)", .cuda = "py2cuda::libdevice::powi({0}, {1})"}};
constexpr Case kMathLdexp[] = {{.signature = "float32(float32, int32)"}, {.signature = "float64(float64, int32)"}};
constexpr Case kMathPredicate[] = {{.signature = "bool(int64)"}, {.signature = "bool(uint64)"},
                                   {.signature = "bool(float32)"}, {.signature = "bool(float64)"}};
constexpr Case kMathModf[] = {{.signature = "UniTuple(float64 x 2)(float64)"},
                              {.signature = "UniTuple(float32 x 2)(float32)"}};
constexpr Case kMathFrexp[] = {{.signature = "Tuple(float32, int32)(float32)"},
                               {.signature = "Tuple(float64, int32)(float64)"}};

// NumPy 1.26.4's loops of the ufuncs a kernel may call on scalars (ufunc.types, in its
// order, duplicates included); tests/unit/test_type_rules.cpp checks them against NumPy.
constexpr std::string_view kLoopsFloatComplex = "e->e f->f d->d g->g F->F D->D G->G O->O";
constexpr std::string_view kLoopsFloatComplexTwice = "e->e f->f d->d e->e f->f d->d g->g F->F D->D G->G O->O";
constexpr std::string_view kLoopsExpLog = "e->e f->f d->d f->f d->d g->g F->F D->D G->G O->O";
constexpr std::string_view kLoopsCbrt = "e->e f->f d->d e->e f->f d->d g->g O->O";
constexpr std::string_view kLoopsRounding = "e->e f->f d->d f->f d->d g->g O->O";
constexpr std::string_view kLoopsFloat = "e->e f->f d->d g->g O->O";
constexpr std::string_view kLoopsFloatBinary = "ee->e ff->f dd->d gg->g OO->O";
constexpr std::string_view kLoopsCopysign = "ee->e ff->f dd->d gg->g";
constexpr std::string_view kLoopsFmod =
    "bb->b BB->B hh->h HH->H ii->i II->I ll->l LL->L qq->q QQ->Q ee->e ff->f dd->d gg->g OO->O";
constexpr std::string_view kLoopsPredicate =
    "?->? b->? B->? h->? H->? i->? I->? l->? L->? q->? Q->? e->? f->? d->? g->? F->? D->? G->? m->? M->?";
constexpr std::string_view kLoopsPower = "bb->b BB->B hh->h HH->H ii->i II->I ll->l LL->L qq->q QQ->Q ee->e ff->f "
                                         "dd->d ee->e ff->f dd->d gg->g FF->F DD->D GG->G OO->O";
// ("?\?" keeps "??-" from reading as a trigraph.)
constexpr std::string_view kLoopsMinMax = "?\?->? bb->b BB->B hh->h HH->H ii->i II->I ll->l LL->L qq->q QQ->Q ee->e "
                                          "ff->f dd->d gg->g FF->F DD->D GG->G mm->m MM->M OO->O";
constexpr std::string_view kLoopsCompare =
    "?\?->? bb->? BB->? hh->? HH->? ii->? II->? ll->? LL->? qq->? QQ->? qQ->? Qq->? ee->? ff->? dd->? gg->? FF->? "
    "DD->? GG->? MM->? mm->? OO->? OO->O";
constexpr std::string_view kLoopsLogical = "?\?->? bb->? BB->? hh->? HH->? ii->? II->? ll->? LL->? qq->? QQ->? ee->? "
                                           "ff->? dd->? gg->? FF->? DD->? GG->? OO->O";
constexpr std::string_view kLoopsLogicalNot =
    "?->? b->? B->? h->? H->? i->? I->? l->? L->? q->? Q->? e->? f->? d->? g->? F->? D->? G->? O->O";
constexpr std::string_view kLoopsBitwise = "?\?->? bb->b BB->B hh->h HH->H ii->i II->I ll->l LL->L qq->q QQ->Q OO->O";
constexpr std::string_view kLoopsInvert = "?->? b->b B->B h->h H->H i->i I->I l->l L->L q->q Q->Q O->O";
constexpr std::string_view kLoopsShift = "bb->b BB->B hh->h HH->H ii->i II->I ll->l LL->L qq->q QQ->Q OO->O";
constexpr std::string_view kLoopsAbsolute =
    "?->? b->b B->B h->h H->H i->i I->I l->l L->L q->q Q->Q e->e f->f d->d g->g m->m F->f D->d G->g O->O";

// The loops numba-cuda 0.30.4's CUDA target lowers (ufunc_db, numba/cuda/ufuncs.py); the
// other ufuncs have none there. tests/unit/test_type_rules.cpp checks them against it.
constexpr std::string_view kCudaLoopsFloatComplex = "f->f d->d F->F D->D";
constexpr std::string_view kCudaLoopsFloat = "f->f d->d";
constexpr std::string_view kCudaLoopsFloatBinary = "ff->f dd->d";
constexpr std::string_view kCudaLoopsIsnan =
    "f->? d->? F->? D->? b->? B->? h->? H->? i->? I->? l->? L->? q->? Q->? ?->? m->? M->?";
constexpr std::string_view kCudaLoopsMinMax =
    "?\?->? bb->b BB->B hh->h HH->H ii->i II->I ll->l LL->L qq->q QQ->Q ff->f dd->d FF->F DD->D";

constexpr std::string_view kCudaLoopsCompare =
    "?\?->? bb->? BB->? hh->? HH->? ii->? II->? ll->? LL->? qq->? QQ->? ff->? dd->? FF->? DD->? qQ->? Qq->?";
constexpr std::string_view kCudaLoopsLogical =
    "?\?->? bb->? BB->? hh->? HH->? ii->? II->? ll->? LL->? qq->? QQ->? ff->? dd->? FF->? DD->?";
constexpr std::string_view kCudaLoopsLogicalNot = "?->? b->? B->? h->? H->? i->? I->? l->? L->? q->? Q->? f->? d->? F->? D->?";
constexpr std::string_view kCudaLoopsBitwise = "?\?->? bb->b BB->B hh->h HH->H ii->i II->I ll->l LL->L qq->q QQ->Q";
constexpr std::string_view kCudaLoopsInvert = "?->? b->b B->B h->h H->H i->i I->I l->l L->L q->q Q->Q";
constexpr std::string_view kCudaLoopsShift = "bb->b BB->B hh->h HH->H ii->i II->I ll->l LL->L qq->q QQ->Q";

Builtin fp16(std::string_view name, std::string_view pattern, std::string_view doc) {
  return Builtin{.path = name, .rule = Rule::Fp16, .is_call = true, .f64 = pattern, .doc = doc};
}

const std::vector<Builtin>& table() {
  static const std::vector<Builtin> rows = {
      // ---------------------------------------------------------------- Python builtins
      {.path = "abs", .rule = Rule::Abs, .is_call = true, .f32 = "fabsf({0})", .f64 = "fabs({0})",
       .doc = "absolute value; keeps the argument's type; of a complex: py2cuda::abs(z), hypot of the parts (float32 "
            "for complex64)",
       .f16 = "__habs({0})"},
      {.path = "min", .rule = Rule::MinMax, .is_call = true, .f32 = "py2cuda::py_min({0}, {1})",
       .f64 = "py2cuda::py_min({0}, {1})",
       .doc = "smallest argument; two floats: fmin (NaN ignored, as on CUDA); otherwise Python's left-to-right rule"},
      {.path = "max", .rule = Rule::MinMax, .is_call = true, .f32 = "py2cuda::py_max({0}, {1})",
       .f64 = "py2cuda::py_max({0}, {1})",
       .doc = "largest argument; two floats: fmax (NaN ignored, as on CUDA); otherwise Python's left-to-right rule"},
      {.path = "round", .rule = Rule::Round, .is_call = true, .f32 = "py2cuda::round_half_even({0})",
       .f64 = "py2cuda::round_half_even({0})",
       .doc = "round(x) -> int64, halves to even; round(x, n) keeps x's float type"},
      {.path = "int", .rule = Rule::ToInt, .is_call = true, .f32 = "int64_t({0})", .f64 = "int64_t({0})",
       .doc = "int(x): an integer keeps its type (Numba's typing: int(uint8) is uint8); a float or bool -> int64, truncating"},
      {.path = "float", .rule = Rule::ToFloat, .is_call = true, .f32 = "double({0})", .f64 = "double({0})",
       .doc = "float(x): a float keeps its type (float(float32) is float32, a float16 stays float16, as in Numba); an integer or bool -> float64"},
      {.path = "complex", .rule = Rule::ToComplex, .is_call = true, .f32 = "py2cuda::complex64({0}, {1})",
       .f64 = "py2cuda::complex128({0}, {1})",
       .doc = "complex(re[, im]) of real numbers: complex64 when the only argument is float32, else complex128"},
      {.path = "bool", .rule = Rule::ToBool, .is_call = true, .f32 = "bool({0})", .f64 = "bool({0})",
       .doc = "bool(x) -> truth value"},
      {.path = "len", .rule = Rule::Len, .is_call = true, .f32 = "{0}.shape[0]", .f64 = "{0}.shape[0]",
       .nonnegative = true, .doc = "len(array): first dimension; len(tuple)"},
      {.path = "print", .rule = Rule::Print, .is_call = true, .f32 = "printf(...)", .f64 = "printf(...)",
       .doc = "print(a, b, ...): ints as %lld/%llu, floats as %f, bools as True/False, strings and tuples, one space "
            "apart"},
      {.path = "range", .rule = Rule::Range, .is_call = true, .nonnegative = true,
       .doc = "range(stop), range(start, stop[, step]) in for loops, and `x in range(...)` tests"},
      {.path = "enumerate", .rule = Rule::Range, .is_call = true, .nonnegative = true,
       .doc = "for i, x in enumerate(iterable[, start]): over a range, a 1-D array, a tuple of one type or a zip"},
      {.path = "zip", .rule = Rule::Range, .is_call = true, .nonnegative = true,
       .doc = "for a, b in zip(x, y, ...): stops at the shortest"},

      // ---------------------------------------------------------------- math
      {.path = "math.sin", .rule = Rule::MathUnary, .is_call = true, .f32 = "sinf({0})", .f64 = "sin({0})",
       .doc = "sine", .f16 = "hsin({0})", .cases = kMathUnaryFp16},
      {.path = "math.cos", .rule = Rule::MathUnary, .is_call = true, .f32 = "cosf({0})", .f64 = "cos({0})",
       .doc = "cosine", .f16 = "hcos({0})", .cases = kMathUnaryFp16},
      {.path = "math.tan", .rule = Rule::MathUnary, .is_call = true, .f32 = "tanf({0})", .f64 = "tan({0})",
       .doc = "tangent", .cases = kMathUnary},
      {.path = "math.asin", .rule = Rule::MathUnary, .is_call = true, .f32 = "asinf({0})", .f64 = "asin({0})",
       .doc = "arc sine", .cases = kMathUnary},
      {.path = "math.acos", .rule = Rule::MathUnary, .is_call = true, .f32 = "acosf({0})", .f64 = "acos({0})",
       .doc = "arc cosine", .cases = kMathUnary},
      {.path = "math.atan", .rule = Rule::MathUnary, .is_call = true, .f32 = "atanf({0})", .f64 = "atan({0})",
       .doc = "arc tangent", .cases = kMathUnary},
      {.path = "math.sinh", .rule = Rule::MathUnary, .is_call = true, .f32 = "sinhf({0})", .f64 = "sinh({0})",
       .doc = "hyperbolic sine", .cases = kMathUnary},
      {.path = "math.cosh", .rule = Rule::MathUnary, .is_call = true, .f32 = "coshf({0})", .f64 = "cosh({0})",
       .doc = "hyperbolic cosine", .cases = kMathUnary},
      {.path = "math.tanh", .rule = Rule::MathUnary, .is_call = true, .f32 = "tanhf({0})", .f64 = "tanh({0})",
       .doc = "hyperbolic tangent", .cases = kMathUnary},
      {.path = "math.asinh", .rule = Rule::MathUnary, .is_call = true, .f32 = "asinhf({0})", .f64 = "asinh({0})",
       .doc = "inverse hyperbolic sine", .cases = kMathUnary},
      {.path = "math.acosh", .rule = Rule::MathUnary, .is_call = true, .f32 = "acoshf({0})", .f64 = "acosh({0})",
       .doc = "inverse hyperbolic cosine", .cases = kMathUnary},
      {.path = "math.atanh", .rule = Rule::MathUnary, .is_call = true, .f32 = "atanhf({0})", .f64 = "atanh({0})",
       .doc = "inverse hyperbolic tangent", .cases = kMathUnary},
      {.path = "math.exp", .rule = Rule::MathUnary, .is_call = true, .f32 = "expf({0})", .f64 = "exp({0})",
       .doc = "e**x", .f16 = "hexp({0})", .cases = kMathUnaryFp16},
      {.path = "math.exp2", .rule = Rule::MathUnary, .is_call = true, .f32 = "exp2f({0})", .f64 = "exp2({0})",
       .doc = "2**x", .f16 = "hexp2({0})", .cases = kMathUnaryFp16},
      {.path = "math.expm1", .rule = Rule::MathUnary, .is_call = true, .f32 = "expm1f({0})", .f64 = "expm1({0})",
       .doc = "e**x - 1", .cases = kMathUnary},
      {.path = "math.log", .rule = Rule::MathUnary, .is_call = true, .f32 = "logf({0})", .f64 = "log({0})",
       .doc = "natural logarithm (one argument)", .f16 = "hlog({0})", .cases = kMathUnaryFp16},
      {.path = "math.log2", .rule = Rule::MathUnary, .is_call = true, .f32 = "log2f({0})", .f64 = "log2({0})",
       .doc = "base-2 logarithm", .f16 = "hlog2({0})", .cases = kMathUnaryFp16},
      {.path = "math.log10", .rule = Rule::MathUnary, .is_call = true, .f32 = "log10f({0})", .f64 = "log10({0})",
       .doc = "base-10 logarithm", .f16 = "hlog10({0})", .cases = kMathUnaryFp16},
      {.path = "math.log1p", .rule = Rule::MathUnary, .is_call = true, .f32 = "log1pf({0})", .f64 = "log1p({0})",
       .doc = "log(1 + x)", .cases = kMathUnary},
      {.path = "math.sqrt", .rule = Rule::MathUnary, .is_call = true, .f32 = "sqrtf({0})", .f64 = "sqrt({0})",
       .doc = "square root", .f16 = "hsqrt({0})", .cases = kMathUnaryFp16},
      {.path = "math.erf", .rule = Rule::MathUnary, .is_call = true, .f32 = "erff({0})", .f64 = "erf({0})",
       .doc = "error function", .cases = kMathUnary},
      {.path = "math.erfc", .rule = Rule::MathUnary, .is_call = true, .f32 = "erfcf({0})", .f64 = "erfc({0})",
       .doc = "complementary error function", .cases = kMathUnary},
      {.path = "math.gamma", .rule = Rule::MathUnary, .is_call = true, .f32 = "tgammaf({0})", .f64 = "tgamma({0})",
       .doc = "gamma function", .cases = kMathUnary},
      {.path = "math.lgamma", .rule = Rule::MathUnary, .is_call = true, .f32 = "lgammaf({0})", .f64 = "lgamma({0})",
       .doc = "log of the absolute gamma function", .cases = kMathUnary},
      {.path = "math.fabs", .rule = Rule::MathUnary, .is_call = true, .f32 = "fabsf({0})", .f64 = "fabs({0})",
       .doc = "absolute value as a float", .f16 = "__habs({0})", .cases = kMathUnaryFp16},
      {.path = "math.floor", .rule = Rule::MathUnary, .is_call = true, .f32 = "floorf({0})", .f64 = "floor({0})",
       .doc = "floor; returns a float on CUDA (unlike Python)", .f16 = "hfloor({0})", .cases = kMathUnaryFp16},
      {.path = "math.ceil", .rule = Rule::MathUnary, .is_call = true, .f32 = "ceilf({0})", .f64 = "ceil({0})",
       .doc = "ceiling; returns a float on CUDA (unlike Python)", .f16 = "hceil({0})", .cases = kMathUnaryFp16},
      {.path = "math.trunc", .rule = Rule::MathUnary, .is_call = true, .f32 = "truncf({0})", .f64 = "trunc({0})",
       .doc = "truncation; returns a float on CUDA (unlike Python)", .f16 = "htrunc({0})", .cases = kMathUnaryFp16},
      {.path = "math.degrees", .rule = Rule::MathUnary, .is_call = true, .f32 = "({0} * 57.2957795f)",
       .f64 = "({0} * 57.295779513082323)", .doc = "radians to degrees", .cases = kMathUnary},
      {.path = "math.radians", .rule = Rule::MathUnary, .is_call = true, .f32 = "({0} * 0.0174532924f)",
       .f64 = "({0} * 0.017453292519943295)", .doc = "degrees to radians", .cases = kMathUnary},
      {.path = "numpy.maximum", .rule = Rule::NumpyMinMax, .is_call = true, .f64 = "py2cuda::np_maximum({0}, {1})",
       .doc = "np.maximum of two scalars: NaN-propagating, in the loop's type", .loops = kLoopsMinMax,
       .cuda_loops = kCudaLoopsMinMax},
      {.path = "numpy.minimum", .rule = Rule::NumpyMinMax, .is_call = true, .f64 = "py2cuda::np_minimum({0}, {1})",
       .doc = "np.minimum of two scalars: NaN-propagating, in the loop's type", .loops = kLoopsMinMax,
       .cuda_loops = kCudaLoopsMinMax},
      {.path = "numpy.fmax", .rule = Rule::NumpyMinMax, .is_call = true, .f64 = "py2cuda::np_fmax({0}, {1})",
       .doc = "np.fmax of two scalars: NaN ignored", .loops = kLoopsMinMax,
       .cuda_loops = kCudaLoopsMinMax},
      {.path = "numpy.fmin", .rule = Rule::NumpyMinMax, .is_call = true, .f64 = "py2cuda::np_fmin({0}, {1})",
       .doc = "np.fmin of two scalars: NaN ignored", .loops = kLoopsMinMax,
       .cuda_loops = kCudaLoopsMinMax},
      // Comparisons, logical and bitwise operators as NumPy ufuncs on scalars: the operator in the
      // loop's types ({t0}: the loop's output, where C++'s promotion would leave the operands' width).
      {.path = "numpy.greater", .rule = Rule::NumpyOperator, .is_call = true, .f64 = "({0} > {1})",
       .doc = "x > y in NumPy's loop (an int64 and a uint64 compared exactly)", .loops = kLoopsCompare,
       .cuda_loops = kCudaLoopsCompare},
      {.path = "numpy.greater_equal", .rule = Rule::NumpyOperator, .is_call = true, .f64 = "({0} >= {1})",
       .doc = "x >= y in NumPy's loop", .loops = kLoopsCompare, .cuda_loops = kCudaLoopsCompare},
      {.path = "numpy.less", .rule = Rule::NumpyOperator, .is_call = true, .f64 = "({0} < {1})",
       .doc = "x < y in NumPy's loop", .loops = kLoopsCompare, .cuda_loops = kCudaLoopsCompare},
      {.path = "numpy.less_equal", .rule = Rule::NumpyOperator, .is_call = true, .f64 = "({0} <= {1})",
       .doc = "x <= y in NumPy's loop", .loops = kLoopsCompare, .cuda_loops = kCudaLoopsCompare},
      {.path = "numpy.equal", .rule = Rule::NumpyOperator, .is_call = true, .f64 = "({0} == {1})",
       .doc = "x == y in NumPy's loop", .loops = kLoopsCompare, .cuda_loops = kCudaLoopsCompare},
      {.path = "numpy.not_equal", .rule = Rule::NumpyOperator, .is_call = true, .f64 = "({0} != {1})",
       .doc = "x != y in NumPy's loop", .loops = kLoopsCompare, .cuda_loops = kCudaLoopsCompare},
      {.path = "numpy.logical_and", .rule = Rule::NumpyOperator, .is_call = true, .f64 = "({0} && {1})",
       .doc = "both nonzero: a bool", .loops = kLoopsLogical, .cuda_loops = kCudaLoopsLogical},
      {.path = "numpy.logical_or", .rule = Rule::NumpyOperator, .is_call = true, .f64 = "({0} || {1})",
       .doc = "either nonzero: a bool", .loops = kLoopsLogical, .cuda_loops = kCudaLoopsLogical},
      {.path = "numpy.logical_xor", .rule = Rule::NumpyOperator, .is_call = true, .f64 = "(bool({0}) != bool({1}))",
       .doc = "exactly one nonzero: a bool", .loops = kLoopsLogical, .cuda_loops = kCudaLoopsLogical},
      {.path = "numpy.logical_not", .rule = Rule::NumpyOperator, .is_call = true, .f64 = "(!{0})",
       .doc = "x is zero: a bool", .loops = kLoopsLogicalNot, .cuda_loops = kCudaLoopsLogicalNot},
      {.path = "numpy.bitwise_and", .rule = Rule::NumpyOperator, .is_call = true, .f64 = "{t0}({0} & {1})",
       .doc = "x & y of integers or bools, in the loop's type", .loops = kLoopsBitwise, .cuda_loops = kCudaLoopsBitwise},
      {.path = "numpy.bitwise_or", .rule = Rule::NumpyOperator, .is_call = true, .f64 = "{t0}({0} | {1})",
       .doc = "bitwise or of integers or bools, in the loop's type", .loops = kLoopsBitwise, .cuda_loops = kCudaLoopsBitwise},
      {.path = "numpy.bitwise_xor", .rule = Rule::NumpyOperator, .is_call = true, .f64 = "{t0}({0} ^ {1})",
       .doc = "x ^ y of integers or bools, in the loop's type", .loops = kLoopsBitwise, .cuda_loops = kCudaLoopsBitwise},
      {.path = "numpy.invert", .rule = Rule::NumpyOperator, .is_call = true, .f64 = "{t0}(~{0})",
       .doc = "~x of an integer in its type; not x of a bool", .loops = kLoopsInvert, .cuda_loops = kCudaLoopsInvert},
      {.path = "numpy.bitwise_not", .rule = Rule::NumpyOperator, .is_call = true, .f64 = "{t0}(~{0})",
       .doc = "np.invert under its other name", .loops = kLoopsInvert, .cuda_loops = kCudaLoopsInvert},
      {.path = "numpy.left_shift", .rule = Rule::NumpyOperator, .is_call = true, .f64 = "{t0}({0} << {1})",
       .doc = "x << y in the loop's integer type (wrapping)", .loops = kLoopsShift, .cuda_loops = kCudaLoopsShift},
      {.path = "numpy.right_shift", .rule = Rule::NumpyOperator, .is_call = true, .f64 = "{t0}({0} >> {1})",
       .doc = "x >> y in the loop's integer type (arithmetic for signed types)", .loops = kLoopsShift,
       .cuda_loops = kCudaLoopsShift},
      {.path = "numpy.abs", .rule = Rule::Abs, .is_call = true, .f32 = "fabsf({0})", .f64 = "fabs({0})",
       .doc = "np.abs of a scalar: an integer or bool keeps its type; a complex gives its part type", .loops = kLoopsAbsolute,
       .kernel_twin = "abs"},
      {.path = "numpy.absolute", .rule = Rule::Abs, .is_call = true, .f32 = "fabsf({0})", .f64 = "fabs({0})",
       .doc = "np.absolute of a scalar", .loops = kLoopsAbsolute,
       .kernel_twin = "abs"},
      {.path = "math.atan2", .rule = Rule::MathBinary, .is_call = true, .f32 = "atan2f({0}, {1})",
       .f64 = "atan2({0}, {1})", .doc = "arc tangent of y/x", .cases = kMathBinaryInt},
      {.path = "math.hypot", .rule = Rule::MathBinary, .is_call = true, .f32 = "hypotf({0}, {1})",
       .f64 = "hypot({0}, {1})", .doc = "sqrt(x*x + y*y)", .cases = kMathBinaryInt},
      {.path = "math.copysign", .rule = Rule::MathBinary, .is_call = true, .f32 = "copysignf({0}, {1})",
       .f64 = "copysign({0}, {1})", .doc = "x with the sign of y", .cases = kMathBinary},
      {.path = "math.fmod", .rule = Rule::MathBinary, .is_call = true, .f32 = "fmodf({0}, {1})",
       .f64 = "fmod({0}, {1})", .doc = "C remainder (sign of x)", .cases = kMathBinary},
      {.path = "math.remainder", .rule = Rule::MathBinary, .is_call = true, .f32 = "remainderf({0}, {1})",
       .f64 = "remainder({0}, {1})", .doc = "IEEE remainder", .cases = kMathBinary},
      {.path = "math.nextafter", .rule = Rule::MathBinary, .is_call = true, .f32 = "nextafterf({0}, {1})",
       .f64 = "nextafter({0}, {1})", .doc = "next float after x towards y", .cases = kMathBinary},
      {.path = "math.pow", .rule = Rule::MathPow, .is_call = true, .f32 = "powf({0}, {1})", .f64 = "pow({0}, {1})",
       .doc = "x raised to y; y of int8, int16, int32 (and uint16 with a float32 x) by square-and-multiply "
              "(libdevice __nv_powif, __nv_powi)",
       .cases = kMathPow},
      {.path = "math.ldexp", .rule = Rule::MathCases, .is_call = true, .f32 = "ldexpf({0}, {1})",
       .f64 = "ldexp({0}, {1})", .doc = "x * 2**i", .cases = kMathLdexp},
      {.path = "math.modf", .rule = Rule::MathCases, .is_call = true, .f32 = "py2cuda::libdevice::modff({0})",
       .f64 = "py2cuda::libdevice::modf({0})",
       .doc = "(fractional, integral part) tuple of x's float type (libdevice modf)", .cases = kMathModf},
      {.path = "math.frexp", .rule = Rule::MathCases, .is_call = true, .f32 = "py2cuda::libdevice::frexpf({0})",
       .f64 = "py2cuda::libdevice::frexp({0})",
       .doc = "(mantissa, int32 exponent) tuple, the mantissa of x's float type (libdevice frexp)",
       .cases = kMathFrexp},
      {.path = "math.isnan", .rule = Rule::MathPredicate, .is_call = true, .f32 = "isnan({0})", .f64 = "isnan({0})",
       .doc = "is x NaN", .cases = kMathPredicate},
      {.path = "math.isinf", .rule = Rule::MathPredicate, .is_call = true, .f32 = "isinf({0})", .f64 = "isinf({0})",
       .doc = "is x infinite", .cases = kMathPredicate},
      {.path = "math.isfinite", .rule = Rule::MathPredicate, .is_call = true, .f32 = "isfinite({0})",
       .f64 = "isfinite({0})", .doc = "is x neither NaN nor infinite", .cases = kMathPredicate},
      {.path = "math.pi", .rule = Rule::Float64Value, .is_call = false, .f64 = "3.1415926535897931",
       .nonnegative = true, .doc = "the constant pi (frozen)"},
      {.path = "math.e", .rule = Rule::Float64Value, .is_call = false, .f64 = "2.7182818284590451", .nonnegative = true,
       .doc = "the constant e (frozen)"},
      {.path = "math.tau", .rule = Rule::Float64Value, .is_call = false, .f64 = "6.2831853071795862",
       .nonnegative = true, .doc = "the constant tau (frozen)"},
      {.path = "math.inf", .rule = Rule::Float64Value, .is_call = false, .f64 = "double(INFINITY)", .nonnegative = true,
       .doc = "positive infinity (frozen)"},
      {.path = "math.nan", .rule = Rule::Float64Value, .is_call = false, .f64 = "double(NAN)",
       .doc = "not a number (frozen)"},
      {.path = "numpy.pi", .rule = Rule::Float64Value, .is_call = false, .f64 = "3.1415926535897931",
       .nonnegative = true, .doc = "np.pi (frozen)"},
      {.path = "numpy.e", .rule = Rule::Float64Value, .is_call = false, .f64 = "2.7182818284590451",
       .nonnegative = true, .doc = "np.e (frozen)"},
      {.path = "numpy.inf", .rule = Rule::Float64Value, .is_call = false, .f64 = "double(INFINITY)",
       .nonnegative = true, .doc = "np.inf (frozen)"},
      {.path = "numpy.nan", .rule = Rule::Float64Value, .is_call = false, .f64 = "double(NAN)",
       .doc = "np.nan (frozen)"},

      // ---------------------------------------------------------------- cmath
      {.path = "cmath.sqrt", .rule = Rule::CmathUnary, .is_call = true, .f64 = "py2cuda::cmath::sqrt({0})",
       .doc = "complex square root (NumPy's npy_csqrt, as Numba); complex64 -> complex64, reals convert to complex"},
      {.path = "cmath.exp", .rule = Rule::CmathUnary, .is_call = true, .f64 = "py2cuda::cmath::exp({0})",
       .doc = "complex e**z"},
      {.path = "cmath.log", .rule = Rule::CmathLog, .is_call = true, .f64 = "py2cuda::cmath::log({0})",
       .doc = "complex natural logarithm; log(z, base) = log(z) / log(base)"},
      {.path = "cmath.log10", .rule = Rule::CmathUnary, .is_call = true, .f64 = "py2cuda::cmath::log10({0})",
       .doc = "complex base-10 logarithm"},
      {.path = "cmath.sin", .rule = Rule::CmathUnary, .is_call = true, .f64 = "py2cuda::cmath::sin({0})",
       .doc = "complex sine"},
      {.path = "cmath.cos", .rule = Rule::CmathUnary, .is_call = true, .f64 = "py2cuda::cmath::cos({0})",
       .doc = "complex cosine"},
      {.path = "cmath.tan", .rule = Rule::CmathUnary, .is_call = true, .f64 = "py2cuda::cmath::tan({0})",
       .doc = "complex tangent"},
      {.path = "cmath.asin", .rule = Rule::CmathUnary, .is_call = true, .f64 = "py2cuda::cmath::asin({0})",
       .doc = "complex arc sine"},
      {.path = "cmath.acos", .rule = Rule::CmathUnary, .is_call = true, .f64 = "py2cuda::cmath::acos({0})",
       .doc = "complex arc cosine"},
      {.path = "cmath.atan", .rule = Rule::CmathUnary, .is_call = true, .f64 = "py2cuda::cmath::atan({0})",
       .doc = "complex arc tangent"},
      {.path = "cmath.sinh", .rule = Rule::CmathUnary, .is_call = true, .f64 = "py2cuda::cmath::sinh({0})",
       .doc = "complex hyperbolic sine"},
      {.path = "cmath.cosh", .rule = Rule::CmathUnary, .is_call = true, .f64 = "py2cuda::cmath::cosh({0})",
       .doc = "complex hyperbolic cosine"},
      {.path = "cmath.tanh", .rule = Rule::CmathUnary, .is_call = true, .f64 = "py2cuda::cmath::tanh({0})",
       .doc = "complex hyperbolic tangent"},
      {.path = "cmath.asinh", .rule = Rule::CmathUnary, .is_call = true, .f64 = "py2cuda::cmath::asinh({0})",
       .doc = "complex inverse hyperbolic sine"},
      {.path = "cmath.acosh", .rule = Rule::CmathUnary, .is_call = true, .f64 = "py2cuda::cmath::acosh({0})",
       .doc = "complex inverse hyperbolic cosine"},
      {.path = "cmath.atanh", .rule = Rule::CmathUnary, .is_call = true, .f64 = "py2cuda::cmath::atanh({0})",
       .doc = "complex inverse hyperbolic tangent"},
      {.path = "cmath.phase", .rule = Rule::CmathPart, .is_call = true, .f64 = "py2cuda::cmath::phase({0})",
       .doc = "atan2(z.imag, z.real), in the parts' float type"},
      {.path = "cmath.polar", .rule = Rule::CmathPart, .is_call = true, .f64 = "py2cuda::cmath::polar({0})",
       .doc = "(abs(z), phase(z)) as a tuple of the parts' float type"},
      {.path = "cmath.rect", .rule = Rule::CmathRect, .is_call = true, .f64 = "py2cuda::cmath::rect({0}, {1})",
       .doc = "rect(r, phi) of two floats: r * (cos(phi) + sin(phi) j), complex64 for two float32"},
      {.path = "cmath.pi", .rule = Rule::Float64Value, .is_call = false, .f64 = "3.1415926535897931",
       .nonnegative = true, .doc = "the constant pi (frozen)"},
      {.path = "cmath.e", .rule = Rule::Float64Value, .is_call = false, .f64 = "2.7182818284590451",
       .nonnegative = true, .doc = "the constant e (frozen)"},
      {.path = "cmath.tau", .rule = Rule::Float64Value, .is_call = false, .f64 = "6.2831853071795862",
       .nonnegative = true, .doc = "the constant tau (frozen)"},
      {.path = "cmath.inf", .rule = Rule::Float64Value, .is_call = false, .f64 = "double(INFINITY)",
       .nonnegative = true, .doc = "positive infinity (frozen)"},
      {.path = "cmath.nan", .rule = Rule::Float64Value, .is_call = false, .f64 = "double(NAN)",
       .doc = "not a number (frozen)"},
      {.path = "cmath.isnan", .rule = Rule::CmathPredicate, .is_call = true, .f64 = "py2cuda::cmath::isnan({0})",
       .doc = "either part NaN"},
      {.path = "cmath.isinf", .rule = Rule::CmathPredicate, .is_call = true, .f64 = "py2cuda::cmath::isinf({0})",
       .doc = "either part infinite"},
      {.path = "cmath.isfinite", .rule = Rule::CmathPredicate, .is_call = true, .f64 = "py2cuda::cmath::isfinite({0})",
       .doc = "both parts finite"},

      // ---------------------------------------------------------------- numba.cuda: thread indexing
      {.path = "numba.cuda.threadIdx.x", .rule = Rule::Int32Value, .is_call = false, .f64 = "int32_t(threadIdx.x)",
       .nonnegative = true, .doc = "thread index in the block"},
      {.path = "numba.cuda.threadIdx.y", .rule = Rule::Int32Value, .is_call = false, .f64 = "int32_t(threadIdx.y)",
       .nonnegative = true, .doc = "thread index in the block"},
      {.path = "numba.cuda.threadIdx.z", .rule = Rule::Int32Value, .is_call = false, .f64 = "int32_t(threadIdx.z)",
       .nonnegative = true, .doc = "thread index in the block"},
      {.path = "numba.cuda.blockIdx.x", .rule = Rule::Int32Value, .is_call = false, .f64 = "int32_t(blockIdx.x)",
       .nonnegative = true, .doc = "block index in the grid"},
      {.path = "numba.cuda.blockIdx.y", .rule = Rule::Int32Value, .is_call = false, .f64 = "int32_t(blockIdx.y)",
       .nonnegative = true, .doc = "block index in the grid"},
      {.path = "numba.cuda.blockIdx.z", .rule = Rule::Int32Value, .is_call = false, .f64 = "int32_t(blockIdx.z)",
       .nonnegative = true, .doc = "block index in the grid"},
      {.path = "numba.cuda.blockDim.x", .rule = Rule::Int32Value, .is_call = false, .f64 = "int32_t(blockDim.x)",
       .nonnegative = true, .doc = "threads per block"},
      {.path = "numba.cuda.blockDim.y", .rule = Rule::Int32Value, .is_call = false, .f64 = "int32_t(blockDim.y)",
       .nonnegative = true, .doc = "threads per block"},
      {.path = "numba.cuda.blockDim.z", .rule = Rule::Int32Value, .is_call = false, .f64 = "int32_t(blockDim.z)",
       .nonnegative = true, .doc = "threads per block"},
      {.path = "numba.cuda.gridDim.x", .rule = Rule::Int32Value, .is_call = false, .f64 = "int32_t(gridDim.x)",
       .nonnegative = true, .doc = "blocks in the grid"},
      {.path = "numba.cuda.gridDim.y", .rule = Rule::Int32Value, .is_call = false, .f64 = "int32_t(gridDim.y)",
       .nonnegative = true, .doc = "blocks in the grid"},
      {.path = "numba.cuda.gridDim.z", .rule = Rule::Int32Value, .is_call = false, .f64 = "int32_t(gridDim.z)",
       .nonnegative = true, .doc = "blocks in the grid"},
      {.path = "numba.cuda.laneid", .rule = Rule::Int32Value, .is_call = false, .f64 = "py2cuda::laneid()",
       .nonnegative = true, .doc = "lane of the thread in its warp"},
      {.path = "numba.cuda.warpsize", .rule = Rule::Int32Value, .is_call = false, .f64 = "py2cuda::warpsize",
       .nonnegative = true, .doc = "threads per warp (32)"},
      {.path = "numba.cuda.shared.array", .rule = Rule::ArrayAlloc, .is_call = true, .f64 = "__shared__ T storage[...]",
       .doc = "shared memory per block: shape an int or tuple of constants (0: dynamic, sized at launch), dtype a "
            "numba/numpy type, a string or arr.dtype"},
      {.path = "numba.cuda.const.array_like", .rule = Rule::ConstArrayLike, .is_call = true,
       .f64 = "py2cuda::constant_view(ARR)",
       .doc = "const.array_like(arr) of a module-level NumPy array built from constants: the array in constant "
            "memory, read-only (a global array read directly is the same)"},
      {.path = "numba.cuda.local.array", .rule = Rule::ArrayAlloc, .is_call = true, .f64 = "T storage[...]",
       .doc = "per-thread array: shape an int or tuple of constants, dtype as for shared.array"},
      {.path = "numba.cuda.atomic.add", .rule = Rule::Atomic, .is_call = true, .f64 = "py2cuda::atomic_add",
       .doc = "ary[idx] += val atomically; int32/uint32/int64/uint64/float32/float64; returns the old value"},
      {.path = "numba.cuda.atomic.sub", .rule = Rule::Atomic, .is_call = true, .f64 = "py2cuda::atomic_sub",
       .doc = "ary[idx] -= val atomically"},
      {.path = "numba.cuda.atomic.max", .rule = Rule::Atomic, .is_call = true, .f64 = "py2cuda::atomic_max",
       .doc = "atomic maximum; floats: a NaN element or value leaves the element unchanged"},
      {.path = "numba.cuda.atomic.min", .rule = Rule::Atomic, .is_call = true, .f64 = "py2cuda::atomic_min",
       .doc = "atomic minimum; floats: a NaN element or value leaves the element unchanged"},
      {.path = "numba.cuda.atomic.nanmax", .rule = Rule::Atomic, .is_call = true, .f64 = "py2cuda::atomic_nanmax",
       .doc = "atomic maximum ignoring NaN values (a NaN element is replaced)"},
      {.path = "numba.cuda.atomic.nanmin", .rule = Rule::Atomic, .is_call = true, .f64 = "py2cuda::atomic_nanmin",
       .doc = "atomic minimum ignoring NaN values (a NaN element is replaced)"},
      {.path = "numba.cuda.atomic.and_", .rule = Rule::Atomic, .is_call = true, .f64 = "py2cuda::atomic_and",
       .doc = "atomic bitwise and (integers)"},
      {.path = "numba.cuda.atomic.or_", .rule = Rule::Atomic, .is_call = true, .f64 = "py2cuda::atomic_or",
       .doc = "atomic bitwise or (integers)"},
      {.path = "numba.cuda.atomic.xor", .rule = Rule::Atomic, .is_call = true, .f64 = "py2cuda::atomic_xor",
       .doc = "atomic bitwise xor (integers)"},
      {.path = "numba.cuda.atomic.exch", .rule = Rule::Atomic, .is_call = true, .f64 = "py2cuda::atomic_exch",
       .doc = "atomic exchange (integers); returns the old value"},
      {.path = "numba.cuda.atomic.inc", .rule = Rule::Atomic, .is_call = true, .f64 = "py2cuda::atomic_inc",
       .doc = "old >= val ? 0 : old + 1 (uint32/uint64)"},
      {.path = "numba.cuda.atomic.dec", .rule = Rule::Atomic, .is_call = true, .f64 = "py2cuda::atomic_dec",
       .doc = "old == 0 or old > val ? val : old - 1 (uint32/uint64)"},
      {.path = "numba.cuda.atomic.cas", .rule = Rule::Atomic, .is_call = true, .f64 = "py2cuda::atomic_cas",
       .doc = "cas(ary, idx, old, val): stores val if the element equals old; returns the element (integers)"},
      {.path = "numba.cuda.atomic.compare_and_swap", .rule = Rule::Atomic, .is_call = true,
       .f64 = "py2cuda::atomic_cas", .doc = "compare_and_swap(ary, old, val): cas on ary[0] of a 1-D integer array"},
      {.path = "numba.cuda.popc", .rule = Rule::BitCount, .is_call = true, .f64 = "py2cuda::popc({0})",
       .doc = "number of set bits, in the argument's integer type"},
      {.path = "numba.cuda.clz", .rule = Rule::BitCount, .is_call = true, .f64 = "py2cuda::clz({0})",
       .doc = "leading zero bits in the argument's own width"},
      {.path = "numba.cuda.ffs", .rule = Rule::Ffs, .is_call = true, .f64 = "py2cuda::ffs({0})",
       .doc = "1-based position of the lowest set bit (0 for 0), uint32"},
      {.path = "numba.cuda.brev", .rule = Rule::Brev, .is_call = true, .f64 = "py2cuda::brev({0})",
       .doc = "bit reversal of a uint32 or uint64"},
      {.path = "numba.cuda.fma", .rule = Rule::Fma, .is_call = true, .f32 = "fmaf({0}, {1}, {2})",
       .f64 = "fma({0}, {1}, {2})", .doc = "a * b + c with one rounding"},
      {.path = "numba.cuda.cbrt", .rule = Rule::MathUnary, .is_call = true, .f32 = "cbrtf({0})",
       .f64 = "py2cuda::cuda_cbrt({0})", .doc = "cube root (exact for exact cubes, as CUDA's)"},
      {.path = "numba.cuda.selp", .rule = Rule::Selp, .is_call = true, .f64 = "({0} ? {1} : {2})",
       .doc = "selp(test, a, b): a if test else b, both evaluated; a and b of one type"},
      {.path = "numba.cuda.threadfence", .rule = Rule::Fence, .is_call = true, .f64 = "py2cuda::threadfence()",
       .doc = "memory fence for the whole device"},
      {.path = "numba.cuda.threadfence_block", .rule = Rule::Fence, .is_call = true,
       .f64 = "py2cuda::threadfence_block()", .doc = "memory fence for the block"},
      {.path = "numba.cuda.threadfence_system", .rule = Rule::Fence, .is_call = true,
       .f64 = "py2cuda::threadfence_system()", .doc = "memory fence for the system (host included)"},
      {.path = "numba.cuda.nanosleep", .rule = Rule::Nanosleep, .is_call = true, .f64 = "py2cuda::nanosleep({0})",
       .doc = "suspend the thread for about ns nanoseconds (a hint)"},
      {.path = "numba.cuda.random.xoroshiro128p_uniform_float32", .rule = Rule::Random, .is_call = true,
       .f64 = "py2cuda::xoroshiro128p_uniform_float32({0}, {1})",
       .doc = "uniform float32 in [0, 1) from state states[index], bit-identical to Numba"},
      {.path = "numba.cuda.random.xoroshiro128p_uniform_float64", .rule = Rule::Random, .is_call = true,
       .f64 = "py2cuda::xoroshiro128p_uniform_float64({0}, {1})", .doc = "uniform float64 in [0, 1)"},
      {.path = "numba.cuda.random.xoroshiro128p_normal_float32", .rule = Rule::Random, .is_call = true,
       .f64 = "py2cuda::xoroshiro128p_normal_float32({0}, {1})", .doc = "standard normal float32 (Box-Muller)"},
      {.path = "numba.cuda.random.xoroshiro128p_normal_float64", .rule = Rule::Random, .is_call = true,
       .f64 = "py2cuda::xoroshiro128p_normal_float64({0}, {1})", .doc = "standard normal float64 (Box-Muller)"},
      {.path = "numba.cuda.random.xoroshiro128p_next", .rule = Rule::Random, .is_call = true,
       .f64 = "py2cuda::xoroshiro128p_next({0}, {1})", .doc = "the next raw uint64 of the generator"},
      {.path = "numba.cuda.random.xoroshiro128p_jump", .rule = Rule::Random, .is_call = true,
       .f64 = "py2cuda::xoroshiro128p_jump({0}, {1})", .doc = "advance states[index] by 2**64 draws"},
      {.path = "numba.cuda.syncthreads", .rule = Rule::Barrier, .is_call = true, .f64 = "__syncthreads()",
       .doc = "block-wide barrier; every thread of the block must reach it"},
      // ---------------------------------------------------------------- numba.cuda.fp16
      // Arguments of any number type are converted to float16 first, as Numba does.
      fp16("numba.cuda.fp16.hadd", "__hadd({0}, {1})", "a + b in float16"),
      fp16("numba.cuda.fp16.hsub", "__hsub({0}, {1})", "a - b in float16"),
      fp16("numba.cuda.fp16.hmul", "__hmul({0}, {1})", "a * b in float16"),
      fp16("numba.cuda.fp16.hdiv", "__hdiv({0}, {1})", "a / b in float16"),
      fp16("numba.cuda.fp16.hfma", "__hfma({0}, {1}, {2})", "a * b + c in float16, rounded once"),
      fp16("numba.cuda.fp16.hneg", "__hneg({0})", "-a in float16"),
      fp16("numba.cuda.fp16.habs", "__habs({0})", "absolute value in float16"),
      fp16("numba.cuda.fp16.hmax", "__hmax({0}, {1})", "larger of a and b; a NaN operand gives the other"),
      fp16("numba.cuda.fp16.hmin", "__hmin({0}, {1})", "smaller of a and b; a NaN operand gives the other"),
      fp16("numba.cuda.fp16.heq", "__heq({0}, {1})", "a == b -> bool"),
      fp16("numba.cuda.fp16.hne", "__hne({0}, {1})", "a != b -> bool, ordered: False when either is NaN (CUDA's __hne)"),
      fp16("numba.cuda.fp16.hgt", "__hgt({0}, {1})", "a > b -> bool"),
      fp16("numba.cuda.fp16.hge", "__hge({0}, {1})", "a >= b -> bool"),
      fp16("numba.cuda.fp16.hlt", "__hlt({0}, {1})", "a < b -> bool"),
      fp16("numba.cuda.fp16.hle", "__hle({0}, {1})", "a <= b -> bool"),
      fp16("numba.cuda.fp16.hsin", "hsin({0})", "sine in float16"),
      fp16("numba.cuda.fp16.hcos", "hcos({0})", "cosine in float16"),
      fp16("numba.cuda.fp16.htanh", "htanh({0})", "hyperbolic tangent in float16"),
      fp16("numba.cuda.fp16.htanh_approx", "htanh_approx({0})", "hyperbolic tangent, the GPU's fast approximation"),
      fp16("numba.cuda.fp16.hexp", "hexp({0})", "e**a in float16"),
      fp16("numba.cuda.fp16.hexp2", "hexp2({0})", "2**a in float16"),
      fp16("numba.cuda.fp16.hexp10", "hexp10({0})", "10**a in float16"),
      fp16("numba.cuda.fp16.hlog", "hlog({0})", "natural logarithm in float16"),
      fp16("numba.cuda.fp16.hlog2", "hlog2({0})", "base-2 logarithm in float16"),
      fp16("numba.cuda.fp16.hlog10", "hlog10({0})", "base-10 logarithm in float16"),
      fp16("numba.cuda.fp16.hsqrt", "hsqrt({0})", "square root in float16"),
      fp16("numba.cuda.fp16.hrsqrt", "hrsqrt({0})", "1 / sqrt(a) in float16"),
      fp16("numba.cuda.fp16.hrcp", "hrcp({0})", "1 / a in float16"),
      fp16("numba.cuda.fp16.hceil", "hceil({0})", "ceiling in float16"),
      fp16("numba.cuda.fp16.hfloor", "hfloor({0})", "floor in float16"),
      fp16("numba.cuda.fp16.htrunc", "htrunc({0})", "truncation in float16"),
      fp16("numba.cuda.fp16.hrint", "hrint({0})", "round half to even in float16"),
      {.path = "numba.cuda.syncthreads_count", .rule = Rule::BarrierPredicate, .is_call = true,
       .f64 = "__syncthreads_count({0})",
       .doc = "barrier; returns how many threads of the block passed a non-zero integer predicate (int32)"},
      {.path = "numba.cuda.syncthreads_and", .rule = Rule::BarrierPredicate, .is_call = true,
       .f64 = "__syncthreads_and({0})",
       .doc = "barrier; returns 1 if every thread's integer predicate is non-zero, else 0 (int32)"},
      {.path = "numba.cuda.syncthreads_or", .rule = Rule::BarrierPredicate, .is_call = true,
       .f64 = "__syncthreads_or({0})",
       .doc = "barrier; returns 1 if any thread's integer predicate is non-zero, else 0 (int32)"},
      {.path = "numba.cuda.shfl_sync", .rule = Rule::WarpShuffle, .is_call = true,
       .f64 = "py2cuda::shfl_sync({0}, {1}, {2})",
       .doc = "shfl_sync(mask, value, src_lane): value of lane src_lane % 32; int32/int64/float32/float64"},
      {.path = "numba.cuda.shfl_up_sync", .rule = Rule::WarpShuffle, .is_call = true,
       .f64 = "py2cuda::shfl_up_sync({0}, {1}, {2})", .doc = "value of lane laneid - delta, own value below lane 0"},
      {.path = "numba.cuda.shfl_down_sync", .rule = Rule::WarpShuffle, .is_call = true,
       .f64 = "py2cuda::shfl_down_sync({0}, {1}, {2})", .doc = "value of lane laneid + delta, own value past lane 31"},
      {.path = "numba.cuda.shfl_xor_sync", .rule = Rule::WarpShuffle, .is_call = true,
       .f64 = "py2cuda::shfl_xor_sync({0}, {1}, {2})", .doc = "value of lane laneid ^ lane_mask"},
      {.path = "numba.cuda.all_sync", .rule = Rule::WarpVote, .is_call = true, .f64 = "py2cuda::all_sync({0}, {1})",
       .doc = "all_sync(mask, pred): every lane of mask has a non-zero pred (bool)"},
      {.path = "numba.cuda.any_sync", .rule = Rule::WarpVote, .is_call = true, .f64 = "py2cuda::any_sync({0}, {1})",
       .doc = "some lane of mask has a non-zero pred (bool)"},
      {.path = "numba.cuda.eq_sync", .rule = Rule::WarpVote, .is_call = true, .f64 = "py2cuda::eq_sync({0}, {1})",
       .doc = "the lanes of mask all have zero or all non-zero preds (bool)"},
      {.path = "numba.cuda.ballot_sync", .rule = Rule::WarpVote, .is_call = true,
       .f64 = "py2cuda::ballot_sync({0}, {1})", .doc = "the lanes of mask with a non-zero pred, as int32 bits"},
      {.path = "numba.cuda.match_any_sync", .rule = Rule::WarpMatch, .is_call = true,
       .f64 = "py2cuda::match_any_sync({0}, {1})",
       .doc = "match_any_sync(mask, value): the lanes of mask with the same value bits (int32)"},
      {.path = "numba.cuda.match_all_sync", .rule = Rule::WarpMatch, .is_call = true,
       .f64 = "py2cuda::match_all_sync({0}, {1})",
       .doc = "(mask, True) if every lane of mask has the same value bits, else (0, False)"},
      {.path = "numba.cuda.activemask", .rule = Rule::WarpMask, .is_call = true, .f64 = "py2cuda::activemask()",
       .doc = "uint32 mask of the warp's active lanes (emulation: the lanes at the same call)"},
      {.path = "numba.cuda.lanemask_lt", .rule = Rule::WarpMask, .is_call = true, .f64 = "py2cuda::lanemask_lt()",
       .doc = "uint32 mask of the lanes below this one"},
      {.path = "numba.cuda.syncwarp", .rule = Rule::SyncWarp, .is_call = true, .f64 = "py2cuda::syncwarp({0})",
       .doc = "syncwarp(mask=0xffffffff): the lanes of mask wait for each other"},
      {.path = "numba.cuda.cg.this_grid", .rule = Rule::ThisGrid, .is_call = true, .f64 = "py2cuda::this_grid()",
       .doc = "the group of every thread of the grid; a kernel that calls it is launched cooperatively "
            "(cudaLaunchCooperativeKernel: every block resident, or an error)"},
      {.path = "numba.cuda.cg.GridGroup.sync", .rule = Rule::GridSync, .is_call = true, .f64 = "{0}.sync()",
       .doc = "g.sync(): barrier of the whole grid (cooperative_groups::this_grid().sync()); every thread must reach "
            "it; returns int32 0, like Numba"},
      {.path = "numba.cuda.grid", .rule = Rule::Grid, .is_call = true, .nonnegative = true,
       .doc = "cuda.grid(1) -> int64; cuda.grid(2|3) -> UniTuple(int64 x n): absolute thread position"},
      {.path = "numba.cuda.gridsize", .rule = Rule::Gridsize, .is_call = true, .nonnegative = true,
       .doc = "cuda.gridsize(1) -> int64; (2|3) -> UniTuple(int64 x n): threads in the grid"},
  };
  return rows;
}

// numpy and numba scalar constructors share one rule; they are listed once
// per type name here rather than spelled out by hand.
const std::vector<Builtin>& scalar_ctors() {
  static const std::vector<Builtin> rows = [] {
    std::vector<Builtin> out;
    static const char* const kNames[] = {"bool_",  "int8",   "int16",  "int32",   "int64",  "uint8",  "uint16",
                                         "uint32", "uint64", "float16", "float32", "float64", "intp",  "uintp",
                                         "complex64", "complex128"};
    static std::vector<std::string> paths;  // keeps the string_views alive
    paths.reserve(2 * std::size(kNames));
    for (const char* prefix : {"numpy.", "numba."}) {
      for (const char* n : kNames) {
        paths.push_back(std::string(prefix) + n);
        out.push_back(Builtin{.path = paths.back(), .rule = Rule::ScalarCtor, .is_call = true,
                              .doc = "conversion to the named scalar type"});
      }
    }
    return out;
  }();
  return rows;
}

}  // namespace

// NumPy ufuncs called on scalars inside kernels (np.sin(x)): the C++ patterns of the math
// function of the same name, typed by NumPy's loops (Builtin::loops), not by its cases.
const std::vector<Builtin>& numpy_scalar_ufuncs() {
  struct Ufunc {
    std::string_view name;    // after "numpy."
    std::string_view twin;    // the row whose C++ patterns compute it
    std::string_view loops;   // NumPy's ufunc.types
    std::string_view cuda_loops = {};  // numba-cuda's (Builtin::cuda_loops); empty: none
    std::string_view doc = {};  // empty: the twin's
  };
  static constexpr Ufunc kUfuncs[] = {
      {.name = "sin", .twin = "math.sin", .loops = kLoopsFloatComplex, .cuda_loops = kCudaLoopsFloatComplex},
      {.name = "cos", .twin = "math.cos", .loops = kLoopsFloatComplex, .cuda_loops = kCudaLoopsFloatComplex},
      {.name = "tan", .twin = "math.tan", .loops = kLoopsFloatComplexTwice, .cuda_loops = kCudaLoopsFloatComplex},
      {.name = "arcsin", .twin = "math.asin", .loops = kLoopsFloatComplexTwice, .cuda_loops = kCudaLoopsFloatComplex},
      {.name = "arccos", .twin = "math.acos", .loops = kLoopsFloatComplexTwice, .cuda_loops = kCudaLoopsFloatComplex},
      {.name = "arctan", .twin = "math.atan", .loops = kLoopsFloatComplexTwice, .cuda_loops = kCudaLoopsFloatComplex},
      {.name = "sinh", .twin = "math.sinh", .loops = kLoopsFloatComplexTwice, .cuda_loops = kCudaLoopsFloatComplex},
      {.name = "cosh", .twin = "math.cosh", .loops = kLoopsFloatComplexTwice, .cuda_loops = kCudaLoopsFloatComplex},
      {.name = "tanh", .twin = "math.tanh", .loops = kLoopsFloatComplexTwice, .cuda_loops = kCudaLoopsFloatComplex},
      {.name = "arcsinh", .twin = "math.asinh", .loops = kLoopsFloatComplexTwice, .cuda_loops = kCudaLoopsFloatComplex},
      {.name = "arccosh", .twin = "math.acosh", .loops = kLoopsFloatComplexTwice, .cuda_loops = kCudaLoopsFloatComplex},
      {.name = "arctanh", .twin = "math.atanh", .loops = kLoopsFloatComplexTwice, .cuda_loops = kCudaLoopsFloatComplex},
      {.name = "exp", .twin = "math.exp", .loops = kLoopsExpLog},
      {.name = "exp2", .twin = "math.exp2", .loops = kLoopsFloatComplexTwice},
      {.name = "expm1", .twin = "math.expm1", .loops = kLoopsFloatComplexTwice},
      {.name = "log", .twin = "math.log", .loops = kLoopsExpLog, .cuda_loops = kCudaLoopsFloatComplex},
      {.name = "log2", .twin = "math.log2", .loops = kLoopsFloatComplexTwice, .cuda_loops = kCudaLoopsFloatComplex},
      {.name = "log10", .twin = "math.log10", .loops = kLoopsFloatComplexTwice, .cuda_loops = kCudaLoopsFloatComplex},
      {.name = "log1p", .twin = "math.log1p", .loops = kLoopsFloatComplexTwice},
      {.name = "sqrt", .twin = "math.sqrt", .loops = kLoopsExpLog},
      {.name = "cbrt", .twin = "numba.cuda.cbrt", .loops = kLoopsCbrt},
      {.name = "floor", .twin = "math.floor", .loops = kLoopsRounding},
      {.name = "ceil", .twin = "math.ceil", .loops = kLoopsRounding},
      {.name = "trunc", .twin = "math.trunc", .loops = kLoopsRounding},
      {.name = "fabs", .twin = "math.fabs", .loops = kLoopsFloat},
      {.name = "deg2rad", .twin = "math.radians", .loops = kLoopsFloat, .cuda_loops = kCudaLoopsFloat},
      {.name = "rad2deg", .twin = "math.degrees", .loops = kLoopsFloat, .cuda_loops = kCudaLoopsFloat},
      {.name = "radians", .twin = "math.radians", .loops = kLoopsFloat, .cuda_loops = kCudaLoopsFloat},
      {.name = "degrees", .twin = "math.degrees", .loops = kLoopsFloat, .cuda_loops = kCudaLoopsFloat},
      {.name = "arctan2", .twin = "math.atan2", .loops = kLoopsFloatBinary, .cuda_loops = kCudaLoopsFloatBinary},
      {.name = "hypot", .twin = "math.hypot", .loops = kLoopsFloatBinary, .cuda_loops = kCudaLoopsFloatBinary},
      {.name = "copysign", .twin = "math.copysign", .loops = kLoopsCopysign},
      {.name = "fmod", .twin = "math.fmod", .loops = kLoopsFmod,
       .doc = "C's fmod of two floats, the sign of x (NumPy's integer loops are not translated)"},
      {.name = "isnan", .twin = "math.isnan", .loops = kLoopsPredicate, .cuda_loops = kCudaLoopsIsnan},
      {.name = "isinf", .twin = "math.isinf", .loops = kLoopsPredicate},
      {.name = "isfinite", .twin = "math.isfinite", .loops = kLoopsPredicate},
      {.name = "power", .twin = "math.pow", .loops = kLoopsPower,
       .doc = "x ** y in the loop's type: powf/pow for floats (NumPy's loop for float32 x with any integer y is "
              "float32); integers by square-and-multiply, wrapping, as Numba's int_power_impl (a negative exponent "
              "gives 0 unless x is 1 or -1)"},
  };
  static const std::vector<Builtin> rows = [] {
    static std::deque<std::string> paths;  // keeps the rows' string_views alive
    std::vector<Builtin> out;
    for (const Ufunc& u : kUfuncs) {
      for (const Builtin& row : table()) {
        if (row.path != u.twin) continue;
        Builtin copy = row;
        copy.path = paths.emplace_back("numpy." + std::string(u.name));
        copy.f16 = {};  // Numba's NumPy ufuncs reject float16
        copy.cases = {};
        copy.loops = u.loops;
        copy.cuda_loops = u.cuda_loops;
        if (u.cuda_loops.empty()) copy.kernel_twin = row.path;
        if (!u.doc.empty()) copy.doc = u.doc;
        out.push_back(copy);
      }
    }
    return out;
  }();
  return rows;
}

std::vector<Builtin> fixed_signature_rows(std::string_view module_path, std::string_view doc_prefix,
                                          std::span<const FixedSignatureFunction> functions) {
  // Keeps the rows' string_views alive: rows are made once, when the table is.
  static std::deque<std::string> text;
  std::vector<Builtin> out;
  for (const FixedSignatureFunction& f : functions) {
    const std::string& path = text.emplace_back(std::string(module_path) + "." + std::string(f.name));
    const std::string& doc = text.emplace_back(
        (doc_prefix.empty() ? "" : std::string(doc_prefix) + std::string(f.name) + ": ") + std::string(f.signature) +
        (f.note.empty() ? "" : "; " + std::string(f.note)));
    Builtin row{.path = path, .rule = Rule::FixedSignature, .is_call = true, .f64 = f.cuda, .doc = doc,
                .signature = f.signature};
    out.push_back(row);
  }
  return out;
}

const std::vector<Builtin>& all() {
  static const std::vector<Builtin> rows = [] {
    std::vector<Builtin> out = table();
    const auto& ufuncs = numpy_scalar_ufuncs();
    out.insert(out.end(), ufuncs.begin(), ufuncs.end());
    const auto& ctors = scalar_ctors();
    out.insert(out.end(), ctors.begin(), ctors.end());
    const auto& libdevice = libdevice_rows();
    out.insert(out.end(), libdevice.begin(), libdevice.end());
    const auto& fp16 = fp16_intrinsic_rows();
    out.insert(out.end(), fp16.begin(), fp16.end());
    return out;
  }();
  return rows;
}

const Builtin* find(std::string_view path) {
  static const std::map<std::string_view, const Builtin*> index = [] {
    std::map<std::string_view, const Builtin*> m;
    for (const Builtin& b : all()) m.emplace(b.path, &b);
    return m;
  }();
  auto it = index.find(path);
  return it == index.end() ? nullptr : it->second;
}

std::string markdown() {
  std::string out =
      "| Python | kind | CUDA C++ (float32 / float64; float16 where Numba has a half version) | emulated | notes |\n"
      "|---|---|---|---|---|\n";
  for (const Builtin& b : all()) {
    if (b.rule == Rule::ScalarCtor && b.path.substr(0, 6) == "numba.") continue;  // same as numpy.*
    std::string python(b.path);
    if (python.rfind("numba.cuda.", 0) == 0) python = "cuda." + python.substr(11);
    if (python.rfind("numpy.", 0) == 0) python = "np." + python.substr(6) + " / numba." + python.substr(6);
    std::string spelling;
    if (!b.f32.empty() && b.f32 != b.f64) spelling = "`" + std::string(b.f32) + "` / `" + std::string(b.f64) + "`";
    else if (!b.f64.empty()) spelling = "`" + std::string(b.f64) + "`";
    else spelling = "(by type)";
    if (!b.f16.empty()) spelling += " / `" + std::string(b.f16) + "` (float16)";
    for (size_t p = spelling.find('|'); p != std::string::npos; p = spelling.find('|', p + 2)) spelling.replace(p, 1, "\\|");
    // The signatures a call is typed by, in Numba's order (the best match wins, see rules.h).
    std::string signatures;
    for (const Case& c : b.cases) {
      signatures += (signatures.empty() ? "; Numba's signatures: `" : "`, `") + std::string(c.signature);
    }
    if (!signatures.empty()) signatures += "`";
    // A NumPy ufunc: its loops, in NumPy's order (the first its arguments cast to safely wins).
    if (!b.loops.empty()) signatures += "; NumPy's loops: `" + std::string(b.loops) + "`";
    if (!b.loops.empty() && b.cuda_loops.empty()) {
      signatures += "; not lowered by numba-cuda's CUDA target (a warning in kernels: use `" +
                    std::string(b.kernel_twin) + "`)";
    }
    out += "| `" + python + "` | " + (b.is_call ? "call" : "value") + " | " + spelling + " | " +
           (b.emulated ? "yes" : "no") + " | " + std::string(b.doc) + signatures + " |\n";
  }
  return out;
}

}  // namespace py2cuda::builtins
