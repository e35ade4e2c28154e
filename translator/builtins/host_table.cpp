#include "builtins/host_table.h"

#include <map>

namespace py2cuda::builtins {

namespace {

using R = HostRule;

const std::vector<HostBuiltin>& rows() {
  static const std::vector<HostBuiltin> table = {
      // ---------------------------------------------------------------- NumPy: making arrays
      {.path = "numpy.zeros", .rule = R::ArrayFill, .runtime = "py2cuda::np::zeros", .doc = "an array of zeros; dtype float64 unless given"},
      {.path = "numpy.ones", .rule = R::ArrayFill, .runtime = "py2cuda::np::ones", .doc = "an array of ones"},
      {.path = "numpy.empty", .rule = R::ArrayFill, .runtime = "py2cuda::np::empty", .doc = "an array (zero-filled: NumPy leaves it uninitialised)"},
      {.path = "numpy.full", .rule = R::ArrayFull, .runtime = "py2cuda::np::full", .doc = "an array filled with a value; dtype from the value unless given"},
      {.path = "numpy.zeros_like", .rule = R::ArrayLike, .runtime = "py2cuda::np::zeros_like", .doc = "zeros of another array's shape and dtype"},
      {.path = "numpy.ones_like", .rule = R::ArrayLike, .runtime = "py2cuda::np::ones_like", .doc = "ones of another array's shape and dtype"},
      {.path = "numpy.empty_like", .rule = R::ArrayLike, .runtime = "py2cuda::np::empty_like", .doc = "an array of another array's shape and dtype"},
      {.path = "numpy.full_like", .rule = R::ArrayLike, .runtime = "py2cuda::np::full_like", .doc = "a value in another array's shape and dtype"},
      {.path = "numpy.arange", .rule = R::Arange, .runtime = "py2cuda::np::arange", .doc = "evenly spaced values, NumPy's length and value rules"},
      {.path = "numpy.linspace", .rule = R::Linspace, .runtime = "py2cuda::np::linspace", .doc = "num values from start to stop, NumPy's algorithm"},
      {.path = "numpy.array", .rule = R::ArrayFromValues, .runtime = "py2cuda::np::array", .doc = "an array from a list, tuple or array (a copy)"},
      {.path = "numpy.asarray", .rule = R::ArrayFromValues, .runtime = "py2cuda::np::asarray", .doc = "an array from a list or tuple; an array of the same dtype as it is"},
      {.path = "numpy.ascontiguousarray", .rule = R::ArrayFromValues, .runtime = "py2cuda::np::ascontiguousarray", .doc = "a C-contiguous array (a copy only when needed)"},
      {.path = "numpy.eye", .rule = R::Eye, .runtime = "py2cuda::np::eye", .doc = "an identity-like 2-D array"},
      {.path = "numpy.concatenate", .rule = R::Join, .runtime = "py2cuda::np::concatenate", .doc = "arrays joined along an existing axis (a list or tuple display of them)"},
      {.path = "numpy.stack", .rule = R::Join, .runtime = "py2cuda::np::stack", .doc = "arrays of one shape joined along a new axis"},
      {.path = "numpy.vstack", .rule = R::Join, .runtime = "py2cuda::np::vstack", .doc = "arrays joined as rows (1-D arrays become rows)"},
      {.path = "numpy.hstack", .rule = R::Join, .runtime = "py2cuda::np::hstack", .doc = "arrays joined along axis 1 (axis 0 for 1-D arrays)"},
      {.path = "numpy.tile", .rule = R::Tile, .runtime = "py2cuda::np::tile", .doc = "an array repeated along each axis (reps an int or a tuple)"},
      {.path = "numpy.copy", .rule = R::Copy, .runtime = "py2cuda::np::copy", .doc = "a C-contiguous copy"},
      {.path = "numpy.reshape", .rule = R::Reshape, .runtime = "py2cuda::np::reshape", .doc = "the same elements in a new shape (-1 inferred)"},
      {.path = "numpy.transpose", .rule = R::Transpose, .runtime = "py2cuda::np::transpose", .doc = "the axes reversed (a view)"},
      {.path = "numpy.ravel", .rule = R::Ravel, .runtime = "py2cuda::np::ravel", .doc = "the elements as a 1-D array"},
      // ---------------------------------------------------------------- NumPy: elementwise
      {.path = "numpy.sqrt", .rule = R::UnaryUfunc, .runtime = "py2cuda::np::sqrt", .doc = "elementwise square root"},
      {.path = "numpy.exp", .rule = R::UnaryUfunc, .runtime = "py2cuda::np::exp", .doc = "elementwise e**x"},
      {.path = "numpy.log", .rule = R::UnaryUfunc, .runtime = "py2cuda::np::log", .doc = "elementwise natural logarithm"},
      {.path = "numpy.log10", .rule = R::UnaryUfunc, .runtime = "py2cuda::np::log10", .doc = "elementwise base-10 logarithm"},
      {.path = "numpy.sin", .rule = R::UnaryUfunc, .runtime = "py2cuda::np::sin", .doc = "elementwise sine"},
      {.path = "numpy.cos", .rule = R::UnaryUfunc, .runtime = "py2cuda::np::cos", .doc = "elementwise cosine"},
      {.path = "numpy.tan", .rule = R::UnaryUfunc, .runtime = "py2cuda::np::tan", .doc = "elementwise tangent"},
      {.path = "numpy.abs", .rule = R::UnaryUfuncSame, .runtime = "py2cuda::np::absolute", .doc = "elementwise absolute value"},
      {.path = "numpy.absolute", .rule = R::UnaryUfuncSame, .runtime = "py2cuda::np::absolute", .doc = "elementwise absolute value"},
      {.path = "numpy.negative", .rule = R::UnaryUfuncSame, .runtime = "py2cuda::np::negative", .doc = "elementwise negation"},
      {.path = "numpy.floor", .rule = R::RoundingUfunc, .runtime = "py2cuda::np::floor", .doc = "elementwise floor (float result)"},
      {.path = "numpy.ceil", .rule = R::RoundingUfunc, .runtime = "py2cuda::np::ceil", .doc = "elementwise ceiling (float result)"},
      {.path = "numpy.trunc", .rule = R::RoundingUfunc, .runtime = "py2cuda::np::trunc", .doc = "elementwise truncation (float result)"},
      {.path = "numpy.rint", .rule = R::RoundingUfunc, .runtime = "py2cuda::np::rint", .doc = "elementwise rounding, halves to even"},
      {.path = "numpy.maximum", .rule = R::BinaryUfunc, .runtime = "py2cuda::np::maximum", .doc = "elementwise larger value (NaN propagates)"},
      {.path = "numpy.minimum", .rule = R::BinaryUfunc, .runtime = "py2cuda::np::minimum", .doc = "elementwise smaller value (NaN propagates)"},
      {.path = "numpy.hypot", .rule = R::BinaryFloatUfunc, .runtime = "py2cuda::np::hypot", .doc = "elementwise sqrt(a**2 + b**2)"},
      {.path = "numpy.arctan2", .rule = R::BinaryFloatUfunc, .runtime = "py2cuda::np::arctan2", .doc = "elementwise atan2(a, b)"},
      {.path = "numpy.exp2", .rule = R::UnaryUfunc, .runtime = "py2cuda::np::exp2", .doc = "elementwise 2**x"},
      {.path = "numpy.expm1", .rule = R::UnaryUfunc, .runtime = "py2cuda::np::expm1", .doc = "elementwise e**x - 1, exact near 0"},
      {.path = "numpy.log2", .rule = R::UnaryUfunc, .runtime = "py2cuda::np::log2", .doc = "elementwise base-2 logarithm"},
      {.path = "numpy.log1p", .rule = R::UnaryUfunc, .runtime = "py2cuda::np::log1p", .doc = "elementwise log(1 + x), exact near 0"},
      {.path = "numpy.cbrt", .rule = R::UnaryUfunc, .runtime = "py2cuda::np::cbrt", .doc = "elementwise cube root"},
      {.path = "numpy.arcsin", .rule = R::UnaryUfunc, .runtime = "py2cuda::np::arcsin", .doc = "elementwise inverse sine"},
      {.path = "numpy.arccos", .rule = R::UnaryUfunc, .runtime = "py2cuda::np::arccos", .doc = "elementwise inverse cosine"},
      {.path = "numpy.arctan", .rule = R::UnaryUfunc, .runtime = "py2cuda::np::arctan", .doc = "elementwise inverse tangent"},
      {.path = "numpy.sinh", .rule = R::UnaryUfunc, .runtime = "py2cuda::np::sinh", .doc = "elementwise hyperbolic sine"},
      {.path = "numpy.cosh", .rule = R::UnaryUfunc, .runtime = "py2cuda::np::cosh", .doc = "elementwise hyperbolic cosine"},
      {.path = "numpy.tanh", .rule = R::UnaryUfunc, .runtime = "py2cuda::np::tanh", .doc = "elementwise hyperbolic tangent"},
      {.path = "numpy.arcsinh", .rule = R::UnaryUfunc, .runtime = "py2cuda::np::arcsinh", .doc = "elementwise inverse hyperbolic sine"},
      {.path = "numpy.arccosh", .rule = R::UnaryUfunc, .runtime = "py2cuda::np::arccosh", .doc = "elementwise inverse hyperbolic cosine"},
      {.path = "numpy.arctanh", .rule = R::UnaryUfunc, .runtime = "py2cuda::np::arctanh", .doc = "elementwise inverse hyperbolic tangent"},
      {.path = "numpy.deg2rad", .rule = R::UnaryUfunc, .runtime = "py2cuda::np::deg2rad", .doc = "degrees to radians"},
      {.path = "numpy.radians", .rule = R::UnaryUfunc, .runtime = "py2cuda::np::deg2rad", .doc = "degrees to radians"},
      {.path = "numpy.rad2deg", .rule = R::UnaryUfunc, .runtime = "py2cuda::np::rad2deg", .doc = "radians to degrees"},
      {.path = "numpy.degrees", .rule = R::UnaryUfunc, .runtime = "py2cuda::np::rad2deg", .doc = "radians to degrees"},
      {.path = "numpy.fabs", .rule = R::UnaryUfunc, .runtime = "py2cuda::np::fabs", .doc = "elementwise absolute value (float result)"},
      {.path = "numpy.positive", .rule = R::UnaryUfuncSame, .runtime = "py2cuda::np::positive", .doc = "elementwise +x (a copy)"},
      {.path = "numpy.sign", .rule = R::UnaryUfuncSame, .runtime = "py2cuda::np::sign", .doc = "elementwise -1, 0 or 1 in the input type (NaN stays)"},
      {.path = "numpy.square", .rule = R::UnaryUfuncSame, .runtime = "py2cuda::np::square", .doc = "elementwise x*x in the input type"},
      {.path = "numpy.reciprocal", .rule = R::UnaryUfuncSame, .runtime = "py2cuda::np::reciprocal", .doc = "elementwise 1/x in the input type (integer division for ints)"},
      {.path = "numpy.fmax", .rule = R::BinaryUfunc, .runtime = "py2cuda::np::fmax", .doc = "elementwise larger value, ignoring NaN"},
      {.path = "numpy.fmin", .rule = R::BinaryUfunc, .runtime = "py2cuda::np::fmin", .doc = "elementwise smaller value, ignoring NaN"},
      {.path = "numpy.fmod", .rule = R::BinaryUfunc, .runtime = "py2cuda::np::fmod", .doc = "elementwise C remainder: the sign of the dividend"},
      {.path = "numpy.copysign", .rule = R::BinaryFloatUfunc, .runtime = "py2cuda::np::copysign", .doc = "elementwise |a| with the sign of b"},
      {.path = "numpy.nextafter", .rule = R::BinaryFloatUfunc, .runtime = "py2cuda::np::nextafter", .doc = "elementwise next float after a towards b"},
      {.path = "numpy.logaddexp", .rule = R::BinaryFloatUfunc, .runtime = "py2cuda::np::logaddexp", .doc = "elementwise log(exp(a) + exp(b))"},
      {.path = "numpy.logaddexp2", .rule = R::BinaryFloatUfunc, .runtime = "py2cuda::np::logaddexp2", .doc = "elementwise log2(2**a + 2**b)"},
      {.path = "numpy.heaviside", .rule = R::BinaryFloatUfunc, .runtime = "py2cuda::np::heaviside", .doc = "elementwise step: 0 below 0, h0 at 0, 1 above"},
      {.path = "numpy.add", .rule = R::OperatorUfunc, .runtime = "py2cuda::np::add", .doc = "elementwise a + b"},
      {.path = "numpy.subtract", .rule = R::OperatorUfunc, .runtime = "py2cuda::np::subtract", .doc = "elementwise a - b"},
      {.path = "numpy.multiply", .rule = R::OperatorUfunc, .runtime = "py2cuda::np::multiply", .doc = "elementwise a * b"},
      {.path = "numpy.divide", .rule = R::OperatorUfunc, .runtime = "py2cuda::np::true_divide", .doc = "elementwise a / b (float64 for ints)"},
      {.path = "numpy.true_divide", .rule = R::OperatorUfunc, .runtime = "py2cuda::np::true_divide", .doc = "elementwise a / b (float64 for ints)"},
      {.path = "numpy.floor_divide", .rule = R::OperatorUfunc, .runtime = "py2cuda::np::floor_divide", .doc = "elementwise a // b (Python's rounding)"},
      {.path = "numpy.remainder", .rule = R::OperatorUfunc, .runtime = "py2cuda::np::remainder", .doc = "elementwise a % b (the sign of b)"},
      {.path = "numpy.mod", .rule = R::OperatorUfunc, .runtime = "py2cuda::np::remainder", .doc = "elementwise a % b (the sign of b)"},
      {.path = "numpy.power", .rule = R::OperatorUfunc, .runtime = "py2cuda::np::power", .doc = "elementwise a ** b (ints: ValueError for negative powers)"},
      {.path = "numpy.bitwise_and", .rule = R::OperatorUfunc, .runtime = "py2cuda::np::bitwise_and", .doc = "elementwise a & b of ints and bools"},
      {.path = "numpy.bitwise_or", .rule = R::OperatorUfunc, .runtime = "py2cuda::np::bitwise_or", .doc = "elementwise a | b"},
      {.path = "numpy.bitwise_xor", .rule = R::OperatorUfunc, .runtime = "py2cuda::np::bitwise_xor", .doc = "elementwise a ^ b"},
      {.path = "numpy.left_shift", .rule = R::OperatorUfunc, .runtime = "py2cuda::np::left_shift", .doc = "elementwise a << b"},
      {.path = "numpy.right_shift", .rule = R::OperatorUfunc, .runtime = "py2cuda::np::right_shift", .doc = "elementwise a >> b"},
      {.path = "numpy.invert", .rule = R::IntegerUfunc, .runtime = "py2cuda::np::invert", .doc = "elementwise ~x of ints and bools"},
      {.path = "numpy.bitwise_not", .rule = R::IntegerUfunc, .runtime = "py2cuda::np::invert", .doc = "elementwise ~x of ints and bools"},
      {.path = "numpy.gcd", .rule = R::IntegerUfunc, .runtime = "py2cuda::np::gcd", .doc = "elementwise greatest common divisor of ints"},
      {.path = "numpy.lcm", .rule = R::IntegerUfunc, .runtime = "py2cuda::np::lcm", .doc = "elementwise least common multiple of ints"},
      {.path = "numpy.isnan", .rule = R::PredicateUfunc, .runtime = "py2cuda::np::isnan", .doc = "elementwise x is NaN: bool"},
      {.path = "numpy.isinf", .rule = R::PredicateUfunc, .runtime = "py2cuda::np::isinf", .doc = "elementwise x is +-inf: bool"},
      {.path = "numpy.isfinite", .rule = R::PredicateUfunc, .runtime = "py2cuda::np::isfinite", .doc = "elementwise x is neither NaN nor inf: bool"},
      {.path = "numpy.signbit", .rule = R::PredicateUfunc, .runtime = "py2cuda::np::signbit", .doc = "elementwise sign bit set (-0.0 too): bool"},
      {.path = "numpy.logical_not", .rule = R::PredicateUfunc, .runtime = "py2cuda::np::logical_not", .doc = "elementwise not x: bool"},
      {.path = "numpy.logical_and", .rule = R::PredicateUfunc, .runtime = "py2cuda::np::logical_and", .doc = "elementwise a and b: bool"},
      {.path = "numpy.logical_or", .rule = R::PredicateUfunc, .runtime = "py2cuda::np::logical_or", .doc = "elementwise a or b: bool"},
      {.path = "numpy.logical_xor", .rule = R::PredicateUfunc, .runtime = "py2cuda::np::logical_xor", .doc = "elementwise a xor b: bool"},
      {.path = "numpy.greater", .rule = R::PredicateUfunc, .runtime = "py2cuda::np::greater", .doc = "elementwise a > b: bool"},
      {.path = "numpy.greater_equal", .rule = R::PredicateUfunc, .runtime = "py2cuda::np::greater_equal", .doc = "elementwise a >= b: bool"},
      {.path = "numpy.less", .rule = R::PredicateUfunc, .runtime = "py2cuda::np::less", .doc = "elementwise a < b: bool"},
      {.path = "numpy.less_equal", .rule = R::PredicateUfunc, .runtime = "py2cuda::np::less_equal", .doc = "elementwise a <= b: bool"},
      {.path = "numpy.equal", .rule = R::PredicateUfunc, .runtime = "py2cuda::np::equal", .doc = "elementwise a == b: bool"},
      {.path = "numpy.not_equal", .rule = R::PredicateUfunc, .runtime = "py2cuda::np::not_equal", .doc = "elementwise a != b: bool"},
      {.path = "numpy.where", .rule = R::Where, .runtime = "py2cuda::np::where", .doc = "np.where(condition, x, y): x where condition, else y, in the promotion of x and y"},
      {.path = "numpy.clip", .rule = R::Clip, .runtime = "py2cuda::np::clip", .doc = "values limited to [a_min, a_max] (either may be None), in the promotion of the three"},
      {.path = "numpy.round", .rule = R::Round, .runtime = "py2cuda::np::round", .doc = "rounded to `decimals` places, NumPy's way (x * 10**d, rint, / 10**d): halves to even"},
      {.path = "numpy.around", .rule = R::Round, .runtime = "py2cuda::np::round", .doc = "as np.round"},
      // ---------------------------------------------------------------- NumPy: reductions and comparisons
      {.path = "numpy.sum", .rule = R::Reduction, .runtime = "py2cuda::np::sum", .doc = "sum (pairwise for floats, as NumPy); ints accumulate in int64"},
      {.path = "numpy.prod", .rule = R::Reduction, .runtime = "py2cuda::np::prod", .doc = "product; ints accumulate in int64"},
      {.path = "numpy.mean", .rule = R::MeanReduction, .runtime = "py2cuda::np::mean", .doc = "mean; float64 for integer arrays"},
      {.path = "numpy.std", .rule = R::MeanReduction, .runtime = "py2cuda::np::std", .doc = "standard deviation (NumPy's two-pass algorithm)"},
      {.path = "numpy.var", .rule = R::MeanReduction, .runtime = "py2cuda::np::var", .doc = "variance (NumPy's two-pass algorithm)"},
      {.path = "numpy.min", .rule = R::ExtremumReduction, .runtime = "py2cuda::np::min", .doc = "smallest element (NaN propagates)"},
      {.path = "numpy.max", .rule = R::ExtremumReduction, .runtime = "py2cuda::np::max", .doc = "largest element (NaN propagates)"},
      {.path = "numpy.amin", .rule = R::ExtremumReduction, .runtime = "py2cuda::np::min", .doc = "smallest element"},
      {.path = "numpy.amax", .rule = R::ExtremumReduction, .runtime = "py2cuda::np::max", .doc = "largest element"},
      {.path = "numpy.argmin", .rule = R::ArgReduction, .runtime = "py2cuda::np::argmin", .doc = "flat index of the first smallest element"},
      {.path = "numpy.argmax", .rule = R::ArgReduction, .runtime = "py2cuda::np::argmax", .doc = "flat index of the first largest element"},
      {.path = "numpy.all", .rule = R::BoolReduction, .runtime = "py2cuda::np::all", .doc = "whether every element is true"},
      {.path = "numpy.any", .rule = R::BoolReduction, .runtime = "py2cuda::np::any", .doc = "whether some element is true"},
      {.path = "numpy.count_nonzero", .rule = R::CountNonzero, .runtime = "py2cuda::np::count_nonzero", .doc = "number of non-zero elements"},
      {.path = "numpy.trace", .rule = R::Trace, .runtime = "py2cuda::np::trace", .doc = "sum of a diagonal (offset=0), summed as np.sum sums"},
      {.path = "numpy.dot", .rule = R::Dot, .runtime = "py2cuda::np::dot", .doc = "dot product / matrix product (an ordered loop: floats may differ from BLAS in the last bits)"},
      {.path = "numpy.matmul", .rule = R::Dot, .runtime = "py2cuda::np::dot", .doc = "matrix product, as a @ b"},
      {.path = "numpy.allclose", .rule = R::AllClose, .runtime = "py2cuda::np::allclose", .doc = "|a - b| <= atol + rtol * |b| everywhere (rtol=1e-05, atol=1e-08)"},
      {.path = "numpy.array_equal", .rule = R::AllClose, .runtime = "py2cuda::np::array_equal", .doc = "same shape and elements"},
      {.path = "numpy.isclose", .rule = R::IsClose, .runtime = "py2cuda::np::isclose", .doc = "elementwise allclose"},
      {.path = "numpy.testing.assert_allclose", .rule = R::TestingAssert, .runtime = "py2cuda::np::assert_allclose", .doc = "AssertionError unless allclose (rtol=1e-07, atol=0)"},
      {.path = "numpy.testing.assert_almost_equal", .rule = R::TestingAssert, .runtime = "py2cuda::np::assert_almost_equal", .doc = "AssertionError unless equal to `decimal` places (7)"},
      {.path = "numpy.testing.assert_array_almost_equal", .rule = R::TestingAssert, .runtime = "py2cuda::np::assert_array_almost_equal", .doc = "AssertionError unless equal to `decimal` places (6)"},
      {.path = "numpy.testing.assert_array_equal", .rule = R::TestingAssert, .runtime = "py2cuda::np::assert_array_equal", .doc = "AssertionError unless equal"},
      {.path = "numpy.testing.assert_equal", .rule = R::TestingAssert, .runtime = "py2cuda::np::assert_array_equal", .doc = "AssertionError unless equal"},
      // ---------------------------------------------------------------- NumPy: random numbers
      {.path = "numpy.random.seed", .rule = R::RandomSeed, .runtime = "py2cuda::np::random::seed", .doc = "seeds the legacy MT19937 generator as NumPy does"},
      {.path = "numpy.random.rand", .rule = R::RandomDraw, .runtime = "py2cuda::np::random::rand", .doc = "uniform [0, 1) float64 values, bit-identical to NumPy"},
      {.path = "numpy.random.random", .rule = R::RandomDraw, .runtime = "py2cuda::np::random::random", .doc = "uniform [0, 1) float64 values, bit-identical to NumPy"},
      {.path = "numpy.random.random_sample", .rule = R::RandomDraw, .runtime = "py2cuda::np::random::random", .doc = "uniform [0, 1) float64 values, bit-identical to NumPy"},
      {.path = "numpy.random.randn", .rule = R::RandomDraw, .runtime = "py2cuda::np::random::randn", .doc = "standard normal float64 values (legacy polar method), bit-identical"},
      {.path = "numpy.random.uniform", .rule = R::RandomDraw, .runtime = "py2cuda::np::random::uniform", .doc = "uniform [low, high) float64 values, bit-identical"},
      {.path = "numpy.random.normal", .rule = R::RandomDraw, .runtime = "py2cuda::np::random::normal", .doc = "normal float64 values, bit-identical"},
      {.path = "numpy.random.standard_normal", .rule = R::RandomDraw, .runtime = "py2cuda::np::random::standard_normal", .doc = "standard normal float64 values (legacy polar method, size=), bit-identical"},
      {.path = "numpy.random.exponential", .rule = R::RandomDraw, .runtime = "py2cuda::np::random::exponential", .doc = "exponential float64 values (legacy inversion -log(1 - U)), bit-identical"},
      {.path = "numpy.random.standard_exponential", .rule = R::RandomDraw, .runtime = "py2cuda::np::random::standard_exponential", .doc = "standard exponential float64 values (legacy inversion), bit-identical"},
      {.path = "numpy.random.randint", .rule = R::RandomDraw, .runtime = "py2cuda::np::random::randint", .doc = "integers in [low, high), int64, bit-identical"},
      {.path = "numpy.random.choice", .rule = R::RandomChoice, .runtime = "py2cuda::np::random::choice", .doc = "draws from range(a) or a 1-D array (replace=True: randint; False: a permutation), bit-identical; no p="},
      {.path = "numpy.random.permutation", .rule = R::RandomPermute, .runtime = "py2cuda::np::random::permutation", .doc = "a shuffled arange(n) or a shuffled copy of an array (rows of an n-D one), bit-identical"},
      {.path = "numpy.random.shuffle", .rule = R::RandomPermute, .runtime = "py2cuda::np::random::shuffle", .doc = "shuffles an array in place along axis 0, bit-identical"},
      {.path = "numpy.random.RandomState", .rule = R::DefaultRng, .runtime = "py2cuda::np::random::random_state", .doc = "a legacy MT19937 generator of its own, seeded as np.random.seed seeds the global one"},
      {.path = "RandomState.seed", .rule = R::RandomSeed, .runtime = "py2cuda::np::random::seed", .doc = "reseeds this RandomState"},
      {.path = "RandomState.rand", .rule = R::RandomDraw, .runtime = "py2cuda::np::random::rand", .doc = "uniform [0, 1) float64 values from this RandomState, bit-identical"},
      {.path = "RandomState.random", .rule = R::RandomDraw, .runtime = "py2cuda::np::random::random", .doc = "uniform [0, 1) float64 values, bit-identical"},
      {.path = "RandomState.random_sample", .rule = R::RandomDraw, .runtime = "py2cuda::np::random::random", .doc = "uniform [0, 1) float64 values, bit-identical"},
      {.path = "RandomState.randn", .rule = R::RandomDraw, .runtime = "py2cuda::np::random::randn", .doc = "standard normal float64 values (legacy polar method), bit-identical"},
      {.path = "RandomState.standard_normal", .rule = R::RandomDraw, .runtime = "py2cuda::np::random::standard_normal", .doc = "standard normal float64 values (legacy polar method), bit-identical"},
      {.path = "RandomState.uniform", .rule = R::RandomDraw, .runtime = "py2cuda::np::random::uniform", .doc = "uniform [low, high) float64 values, bit-identical"},
      {.path = "RandomState.normal", .rule = R::RandomDraw, .runtime = "py2cuda::np::random::normal", .doc = "normal float64 values, bit-identical"},
      {.path = "RandomState.exponential", .rule = R::RandomDraw, .runtime = "py2cuda::np::random::exponential", .doc = "exponential float64 values (legacy inversion), bit-identical"},
      {.path = "RandomState.standard_exponential", .rule = R::RandomDraw, .runtime = "py2cuda::np::random::standard_exponential", .doc = "standard exponential float64 values, bit-identical"},
      {.path = "RandomState.randint", .rule = R::RandomDraw, .runtime = "py2cuda::np::random::randint", .doc = "integers in [low, high), int64, bit-identical"},
      {.path = "RandomState.choice", .rule = R::RandomChoice, .runtime = "py2cuda::np::random::choice", .doc = "draws from range(a) or a 1-D array, bit-identical; no p="},
      {.path = "RandomState.permutation", .rule = R::RandomPermute, .runtime = "py2cuda::np::random::permutation", .doc = "a shuffled arange(n) or a shuffled copy of an array, bit-identical"},
      {.path = "RandomState.shuffle", .rule = R::RandomPermute, .runtime = "py2cuda::np::random::shuffle", .doc = "shuffles an array in place along axis 0, bit-identical"},
      {.path = "numpy.random.default_rng", .rule = R::DefaultRng, .runtime = "py2cuda::np::random::default_rng", .doc = "a PCG64 Generator seeded through SeedSequence, bit-identical"},
      {.path = "Generator.random", .rule = R::GeneratorDraw, .runtime = "py2cuda::np::random::generator_random", .doc = "uniform [0, 1) float64 values"},
      {.path = "Generator.uniform", .rule = R::GeneratorDraw, .runtime = "py2cuda::np::random::generator_uniform", .doc = "uniform [low, high) float64 values"},
      {.path = "Generator.normal", .rule = R::GeneratorDraw, .runtime = "py2cuda::np::random::generator_normal", .doc = "normal float64 values (NumPy's ziggurat)"},
      {.path = "Generator.standard_normal", .rule = R::GeneratorDraw, .runtime = "py2cuda::np::random::generator_standard_normal", .doc = "standard normal float64 values"},
      {.path = "Generator.exponential", .rule = R::GeneratorDraw, .runtime = "py2cuda::np::random::generator_exponential", .doc = "exponential float64 values (NumPy's ziggurat), scale=1.0"},
      {.path = "Generator.standard_exponential", .rule = R::GeneratorDraw, .runtime = "py2cuda::np::random::generator_standard_exponential", .doc = "standard exponential float64 values"},
      {.path = "Generator.choice", .rule = R::RandomChoice, .runtime = "py2cuda::np::random::generator_choice", .doc = "draws from range(a) or a 1-D array with replacement (integers(0, len)), bit-identical; no p=, no replace=False"},
      {.path = "Generator.permutation", .rule = R::RandomPermute, .runtime = "py2cuda::np::random::generator_permutation", .doc = "a shuffled arange(n) or a shuffled copy of an array along axis 0, bit-identical; no axis="},
      {.path = "Generator.shuffle", .rule = R::RandomPermute, .runtime = "py2cuda::np::random::generator_shuffle", .doc = "shuffles an array in place along axis 0, bit-identical; no axis="},
      {.path = "Generator.integers", .rule = R::GeneratorDraw, .runtime = "py2cuda::np::random::generator_integers", .doc = "int64 values in [low, high)"},
      // ---------------------------------------------------------------- array methods
      {.path = "ndarray.astype", .rule = R::AsType, .runtime = "py2cuda::np::astype", .doc = "a converted copy"},
      {.path = "ndarray.copy", .rule = R::Copy, .runtime = "py2cuda::np::copy", .doc = "a C-contiguous copy"},
      {.path = "ndarray.reshape", .rule = R::Reshape, .runtime = "py2cuda::np::reshape", .doc = "the same elements in a new shape"},
      {.path = "ndarray.ravel", .rule = R::Ravel, .runtime = "py2cuda::np::ravel", .doc = "1-D (a view when contiguous)"},
      {.path = "ndarray.flatten", .rule = R::Ravel, .runtime = "py2cuda::np::flatten", .doc = "a 1-D copy"},
      {.path = "ndarray.transpose", .rule = R::Transpose, .runtime = "py2cuda::np::transpose", .doc = "the axes reversed (a view)"},
      {.path = "ndarray.tolist", .rule = R::ToList, .runtime = "py2cuda::host::tolist", .doc = "the elements as a Python list (printable, len())"},
      {.path = "ndarray.round", .rule = R::Round, .runtime = "py2cuda::np::round", .doc = "as np.round"},
      {.path = "ndarray.clip", .rule = R::Clip, .runtime = "py2cuda::np::clip", .doc = "as np.clip"},
      {.path = "generic.item", .rule = R::ScalarItem, .runtime = "", .doc = "a NumPy scalar as a Python float, int or bool"},
      {.path = "ndarray.fill", .rule = R::Fill, .runtime = "py2cuda::np::fill", .doc = "every element set to a value"},
      {.path = "ndarray.sum", .rule = R::Reduction, .runtime = "py2cuda::np::sum", .doc = "as np.sum"},
      {.path = "ndarray.prod", .rule = R::Reduction, .runtime = "py2cuda::np::prod", .doc = "as np.prod"},
      {.path = "ndarray.mean", .rule = R::MeanReduction, .runtime = "py2cuda::np::mean", .doc = "as np.mean"},
      {.path = "ndarray.std", .rule = R::MeanReduction, .runtime = "py2cuda::np::std", .doc = "as np.std"},
      {.path = "ndarray.var", .rule = R::MeanReduction, .runtime = "py2cuda::np::var", .doc = "as np.var"},
      {.path = "ndarray.min", .rule = R::ExtremumReduction, .runtime = "py2cuda::np::min", .doc = "as np.min"},
      {.path = "ndarray.max", .rule = R::ExtremumReduction, .runtime = "py2cuda::np::max", .doc = "as np.max"},
      {.path = "ndarray.argmin", .rule = R::ArgReduction, .runtime = "py2cuda::np::argmin", .doc = "as np.argmin"},
      {.path = "ndarray.trace", .rule = R::Trace, .runtime = "py2cuda::np::trace", .doc = "as np.trace"},
      {.path = "ndarray.argmax", .rule = R::ArgReduction, .runtime = "py2cuda::np::argmax", .doc = "as np.argmax"},
      {.path = "ndarray.all", .rule = R::BoolReduction, .runtime = "py2cuda::np::all", .doc = "as np.all"},
      {.path = "ndarray.any", .rule = R::BoolReduction, .runtime = "py2cuda::np::any", .doc = "as np.any"},
      {.path = "ndarray.dot", .rule = R::Dot, .runtime = "py2cuda::np::dot", .doc = "as np.dot"},
      {.path = "DeviceNDArray.reshape", .rule = R::Reshape, .runtime = "py2cuda::host::reshape", .doc = "the same device memory in a new shape (C-contiguous arrays)"},
      {.path = "DeviceNDArray.copy_to_host", .rule = R::CopyToHost, .runtime = "copy_to_host", .doc = "a new host array, or `ary` filled; synchronous"},
      {.path = "DeviceNDArray.copy_to_device", .rule = R::CopyToDevice, .runtime = "copy_to_device", .doc = "fills this device array from a host or device array"},
      // ---------------------------------------------------------------- numba.cuda host API
      {.path = "numba.cuda.to_device", .rule = R::ToDevice, .runtime = "py2cuda::host::to_device", .doc = "a device copy of a host array (stream= accepted)"},
      {.path = "numba.cuda.device_array", .rule = R::DeviceArrayNew, .runtime = "py2cuda::host::device_array", .doc = "an uninitialised device array; dtype float64 unless given"},
      {.path = "numba.cuda.device_array_like", .rule = R::DeviceArrayLike, .runtime = "py2cuda::host::device_array_like", .doc = "a device array of another array's shape and dtype"},
      {.path = "numba.cuda.pinned_array", .rule = R::ArrayFill, .runtime = "py2cuda::np::empty", .doc = "a host array (page-locking is an optimisation py2cuda leaves out)"},
      {.path = "numba.cuda.pinned_array_like", .rule = R::ArrayLike, .runtime = "py2cuda::np::empty_like", .doc = "a host array like another"},
      {.path = "numba.cuda.mapped_array", .rule = R::ArrayFill, .runtime = "py2cuda::np::empty", .doc = "a host array (mapping into the device is left out)"},
      {.path = "numba.cuda.is_available", .rule = R::DeviceQuery, .runtime = "py2cuda::host::is_available", .doc = "whether a CUDA device is there (the emulation is one)"},
      {.path = "numba.cuda.detect", .rule = R::DeviceQuery, .runtime = "py2cuda::host::detect", .doc = "prints the devices as numba-cuda does (the emulation as Numba's simulator prints itself)"},
      {.path = "numba.cuda.synchronize", .rule = R::Synchronize, .runtime = "py2cuda::host::synchronize", .doc = "waits for every launch to finish"},
      {.path = "numba.cuda.stream", .rule = R::Stream, .runtime = "py2cuda::host::Stream::create", .doc = "a new CUDA stream"},
      {.path = "numba.cuda.default_stream", .rule = R::Stream, .runtime = "py2cuda::host::Stream", .doc = "the default stream"},
      {.path = "Stream.synchronize", .rule = R::Synchronize, .runtime = "synchronize", .doc = "waits for the stream's work"},
      {.path = "Stream.auto_synchronize", .rule = R::ContextManager, .runtime = "synchronize", .doc = "`with stream.auto_synchronize():` runs the body, then waits for the stream's work"},
      {.path = "numba.cuda.pinned", .rule = R::ContextManager, .runtime = "", .doc = "`with cuda.pinned(*arrays):` runs the body (page-locking is an optimisation py2cuda leaves out)"},
      {.path = "numba.cuda.defer_cleanup", .rule = R::ContextManager, .runtime = "", .doc = "`with cuda.defer_cleanup():` runs the body (device memory is freed when its last reference ends, as before)"},
      {.path = "numba.cuda.event", .rule = R::Event, .runtime = "py2cuda::host::Event::create", .doc = "a CUDA event (timing=True by default); a host clock in emulation"},
      {.path = "numba.cuda.event_elapsed_time", .rule = R::EventElapsed, .runtime = "py2cuda::host::event_elapsed_time", .doc = "milliseconds between two recorded events"},
      {.path = "Event.record", .rule = R::EventRecord, .runtime = "record", .doc = "records the event on a stream (stream=0: the default stream)"},
      {.path = "Event.synchronize", .rule = R::Synchronize, .runtime = "synchronize", .doc = "waits until the event has happened"},
      {.path = "Event.wait", .rule = R::EventWait, .runtime = "wait", .doc = "makes a stream wait for the event"},
      {.path = "Event.query", .rule = R::EventWait, .runtime = "query", .doc = "whether the event has happened"},
      {.path = "Event.elapsed_time", .rule = R::EventElapsed, .runtime = "py2cuda::host::event_elapsed_time", .doc = "milliseconds from this event to another"},
      {.path = "Kernel.overloads.max_cooperative_grid_blocks", .rule = R::CooperativeBlocks, .runtime = "py2cuda::max_cooperative_grid_blocks", .doc = "`k.overloads[sig].max_cooperative_grid_blocks(blockdim, dynsmemsize=0)`: blocks resident at once (occupancy per SM x SMs on a GPU; the emulated device's model)"},
      {.path = "numba.cuda.random.create_xoroshiro128p_states", .rule = R::RngStates, .runtime = "py2cuda::host::create_xoroshiro128p_states", .doc = "n generator states on the device, bit-identical to Numba's"},
      // ---------------------------------------------------------------- unittest (numba-cuda's doc examples run as main(unittest.TestCase()))
      {.path = "unittest.TestCase", .rule = R::TestCaseNew, .runtime = "py2cuda::host::TestCase", .doc = "a test case whose assertion methods end the program with unittest's AssertionError message"},
      {.path = "TestCase.assertEqual", .rule = R::TestCaseAssert, .runtime = "assertEqual", .doc = "first == second, else `AssertionError: 3 != 4` (numbers and bools)"},
      {.path = "TestCase.assertNotEqual", .rule = R::TestCaseAssert, .runtime = "assertNotEqual", .doc = "first != second, else `3 == 3`"},
      {.path = "TestCase.assertTrue", .rule = R::TestCaseAssert, .runtime = "assertTrue", .doc = "a true value, else `False is not true`"},
      {.path = "TestCase.assertFalse", .rule = R::TestCaseAssert, .runtime = "assertFalse", .doc = "a false value, else `True is not false`"},
      {.path = "TestCase.assertGreater", .rule = R::TestCaseAssert, .runtime = "assertGreater", .doc = "a > b, else `1 not greater than 2`"},
      {.path = "TestCase.assertGreaterEqual", .rule = R::TestCaseAssert, .runtime = "assertGreaterEqual", .doc = "a >= b"},
      {.path = "TestCase.assertLess", .rule = R::TestCaseAssert, .runtime = "assertLess", .doc = "a < b"},
      {.path = "TestCase.assertLessEqual", .rule = R::TestCaseAssert, .runtime = "assertLessEqual", .doc = "a <= b"},
      {.path = "TestCase.assertAlmostEqual", .rule = R::TestCaseAssert, .runtime = "assertAlmostEqual", .doc = "round(abs(a - b), places=7) == 0, or abs(a - b) <= delta"},
      {.path = "TestCase.assertNotAlmostEqual", .rule = R::TestCaseAssert, .runtime = "assertNotAlmostEqual", .doc = "the negation of assertAlmostEqual"},
      {.path = "TestCase.assertIsNone", .rule = R::TestCaseAssert, .runtime = "assertIsNone", .doc = "None, else `3 is not None` (decided by the value's type)"},
      {.path = "TestCase.assertIsNotNone", .rule = R::TestCaseAssert, .runtime = "assertIsNotNone", .doc = "not None, else `unexpectedly None`"},
      {.path = "TestCase.assertIn", .rule = R::TestCaseAssert, .runtime = "assertIn", .doc = "member in a tuple or a str, else `5 not found in (1, 2)`"},
      {.path = "TestCase.assertNotIn", .rule = R::TestCaseAssert, .runtime = "assertNotIn", .doc = "member not in a tuple or a str"},
      {.path = "TestCase.fail", .rule = R::TestCaseAssert, .runtime = "fail", .doc = "raises AssertionError(msg)"},
      {.path = "TestCase.skipTest", .rule = R::SkipTest, .runtime = "skipTest", .doc = "raises unittest.SkipTest(reason): uncaught, the program ends as Python's does"},
      // ---------------------------------------------------------------- Python's math module (host code: CPython's semantics)
      {.path = "math.sqrt", .rule = R::PyMath, .runtime = "py2cuda::host::pymath::sqrt", .doc = "float64; ValueError: math domain error / OverflowError: math range error where CPython raises them"},
      {.path = "math.cbrt", .rule = R::PyMath, .runtime = "py2cuda::host::pymath::cbrt", .doc = "float64; ValueError: math domain error / OverflowError: math range error where CPython raises them"},
      {.path = "math.exp", .rule = R::PyMath, .runtime = "py2cuda::host::pymath::exp", .doc = "float64; ValueError: math domain error / OverflowError: math range error where CPython raises them"},
      {.path = "math.exp2", .rule = R::PyMath, .runtime = "py2cuda::host::pymath::exp2", .doc = "float64; ValueError: math domain error / OverflowError: math range error where CPython raises them"},
      {.path = "math.expm1", .rule = R::PyMath, .runtime = "py2cuda::host::pymath::expm1", .doc = "float64; ValueError: math domain error / OverflowError: math range error where CPython raises them"},
      {.path = "math.log1p", .rule = R::PyMath, .runtime = "py2cuda::host::pymath::log1p", .doc = "float64; ValueError: math domain error / OverflowError: math range error where CPython raises them"},
      {.path = "math.log2", .rule = R::PyMath, .runtime = "py2cuda::host::pymath::log2", .doc = "float64; ValueError: math domain error / OverflowError: math range error where CPython raises them"},
      {.path = "math.log10", .rule = R::PyMath, .runtime = "py2cuda::host::pymath::log10", .doc = "float64; ValueError: math domain error / OverflowError: math range error where CPython raises them"},
      {.path = "math.sin", .rule = R::PyMath, .runtime = "py2cuda::host::pymath::sin", .doc = "float64; ValueError: math domain error / OverflowError: math range error where CPython raises them"},
      {.path = "math.cos", .rule = R::PyMath, .runtime = "py2cuda::host::pymath::cos", .doc = "float64; ValueError: math domain error / OverflowError: math range error where CPython raises them"},
      {.path = "math.tan", .rule = R::PyMath, .runtime = "py2cuda::host::pymath::tan", .doc = "float64; ValueError: math domain error / OverflowError: math range error where CPython raises them"},
      {.path = "math.asin", .rule = R::PyMath, .runtime = "py2cuda::host::pymath::asin", .doc = "float64; ValueError: math domain error / OverflowError: math range error where CPython raises them"},
      {.path = "math.acos", .rule = R::PyMath, .runtime = "py2cuda::host::pymath::acos", .doc = "float64; ValueError: math domain error / OverflowError: math range error where CPython raises them"},
      {.path = "math.atan", .rule = R::PyMath, .runtime = "py2cuda::host::pymath::atan", .doc = "float64; ValueError: math domain error / OverflowError: math range error where CPython raises them"},
      {.path = "math.sinh", .rule = R::PyMath, .runtime = "py2cuda::host::pymath::sinh", .doc = "float64; ValueError: math domain error / OverflowError: math range error where CPython raises them"},
      {.path = "math.cosh", .rule = R::PyMath, .runtime = "py2cuda::host::pymath::cosh", .doc = "float64; ValueError: math domain error / OverflowError: math range error where CPython raises them"},
      {.path = "math.tanh", .rule = R::PyMath, .runtime = "py2cuda::host::pymath::tanh", .doc = "float64; ValueError: math domain error / OverflowError: math range error where CPython raises them"},
      {.path = "math.asinh", .rule = R::PyMath, .runtime = "py2cuda::host::pymath::asinh", .doc = "float64; ValueError: math domain error / OverflowError: math range error where CPython raises them"},
      {.path = "math.acosh", .rule = R::PyMath, .runtime = "py2cuda::host::pymath::acosh", .doc = "float64; ValueError: math domain error / OverflowError: math range error where CPython raises them"},
      {.path = "math.atanh", .rule = R::PyMath, .runtime = "py2cuda::host::pymath::atanh", .doc = "float64; ValueError: math domain error / OverflowError: math range error where CPython raises them"},
      {.path = "math.erf", .rule = R::PyMath, .runtime = "py2cuda::host::pymath::erf", .doc = "float64; ValueError: math domain error / OverflowError: math range error where CPython raises them"},
      {.path = "math.erfc", .rule = R::PyMath, .runtime = "py2cuda::host::pymath::erfc", .doc = "float64; ValueError: math domain error / OverflowError: math range error where CPython raises them"},
      {.path = "math.gamma", .rule = R::PyMath, .runtime = "py2cuda::host::pymath::gamma", .doc = "float64; ValueError: math domain error / OverflowError: math range error where CPython raises them"},
      {.path = "math.lgamma", .rule = R::PyMath, .runtime = "py2cuda::host::pymath::lgamma", .doc = "float64; ValueError: math domain error / OverflowError: math range error where CPython raises them"},
      {.path = "math.fabs", .rule = R::PyMath, .runtime = "py2cuda::host::pymath::fabs", .doc = "float64; ValueError: math domain error / OverflowError: math range error where CPython raises them"},
      {.path = "math.degrees", .rule = R::PyMath, .runtime = "py2cuda::host::pymath::degrees", .doc = "float64; ValueError: math domain error / OverflowError: math range error where CPython raises them"},
      {.path = "math.radians", .rule = R::PyMath, .runtime = "py2cuda::host::pymath::radians", .doc = "float64; ValueError: math domain error / OverflowError: math range error where CPython raises them"},
      {.path = "math.ulp", .rule = R::PyMath, .runtime = "py2cuda::host::pymath::ulp", .doc = "float64; ValueError: math domain error / OverflowError: math range error where CPython raises them"},
      {.path = "math.log", .rule = R::PyMath, .runtime = "py2cuda::host::pymath::log", .doc = "log(x[, base]): float64; ValueError for x <= 0, ZeroDivisionError for base 1"},
      {.path = "math.pow", .rule = R::PyMath, .runtime = "py2cuda::host::pymath::pow", .doc = "float64 of two numbers, with CPython's errors"},
      {.path = "math.atan2", .rule = R::PyMath, .runtime = "py2cuda::host::pymath::atan2", .doc = "float64 of two numbers, with CPython's errors"},
      {.path = "math.hypot", .rule = R::PyMath, .runtime = "py2cuda::host::pymath::hypot", .doc = "float64 of two numbers, with CPython's errors"},
      {.path = "math.copysign", .rule = R::PyMath, .runtime = "py2cuda::host::pymath::copysign", .doc = "float64 of two numbers, with CPython's errors"},
      {.path = "math.fmod", .rule = R::PyMath, .runtime = "py2cuda::host::pymath::fmod", .doc = "float64 of two numbers, with CPython's errors"},
      {.path = "math.remainder", .rule = R::PyMath, .runtime = "py2cuda::host::pymath::remainder", .doc = "float64 of two numbers, with CPython's errors"},
      {.path = "math.nextafter", .rule = R::PyMath, .runtime = "py2cuda::host::pymath::nextafter", .doc = "float64 of two numbers, with CPython's errors"},
      {.path = "math.ldexp", .rule = R::PyMath, .runtime = "py2cuda::host::pymath::ldexp", .doc = "x * 2**i; OverflowError: math range error"},
      {.path = "math.frexp", .rule = R::PyMath, .runtime = "py2cuda::host::pymath::frexp", .doc = "(mantissa, exponent) tuple"},
      {.path = "math.modf", .rule = R::PyMath, .runtime = "py2cuda::host::pymath::modf", .doc = "(fractional, integer part) tuple of floats"},
      {.path = "math.isnan", .rule = R::PyMath, .runtime = "py2cuda::host::pymath::isnan", .doc = "bool"},
      {.path = "math.isinf", .rule = R::PyMath, .runtime = "py2cuda::host::pymath::isinf", .doc = "bool"},
      {.path = "math.isfinite", .rule = R::PyMath, .runtime = "py2cuda::host::pymath::isfinite", .doc = "bool"},
      {.path = "math.isclose", .rule = R::PyMath, .runtime = "py2cuda::host::pymath::isclose", .doc = "isclose(a, b, *, rel_tol=1e-09, abs_tol=0.0): CPython's test"},
      {.path = "math.factorial", .rule = R::PyMath, .runtime = "py2cuda::host::pymath::factorial", .doc = "n! of an int >= 0 (OverflowError past int64)"},
      {.path = "math.isqrt", .rule = R::PyMath, .runtime = "py2cuda::host::pymath::isqrt", .doc = "floor(sqrt(n)) of an int >= 0, exact"},
      {.path = "math.comb", .rule = R::PyMath, .runtime = "py2cuda::host::pymath::comb", .doc = "n choose k (0 for k > n)"},
      {.path = "math.perm", .rule = R::PyMath, .runtime = "py2cuda::host::pymath::perm", .doc = "n! / (n - k)! (k=None: n!)"},
      {.path = "math.gcd", .rule = R::PyMath, .runtime = "py2cuda::host::pymath::gcd_of", .doc = "greatest common divisor of any number of ints"},
      {.path = "math.lcm", .rule = R::PyMath, .runtime = "py2cuda::host::pymath::lcm_of", .doc = "least common multiple of any number of ints"},
      {.path = "math.prod", .rule = R::PyMath, .runtime = "py2cuda::host::pymath::prod", .doc = "product of a 1-D array or tuple from start=1, left to right"},
      {.path = "math.fsum", .rule = R::PyMath, .runtime = "py2cuda::host::pymath::fsum", .doc = "correctly rounded sum of a 1-D array or tuple (CPython's algorithm)"},
      // ---------------------------------------------------------------- Python
      {.path = "print", .rule = R::Print, .runtime = "py2cuda::host::print", .doc = "values as Python prints them (repr-exact floats, NumPy's array format); sep=, end="},
      {.path = "len", .rule = R::Len, .runtime = "py2cuda::host::len", .doc = "first dimension of an array, length of a tuple or string"},
      {.path = "range", .rule = R::Range, .runtime = "", .doc = "in for loops"},
      {.path = "str", .rule = R::ToStr, .runtime = "py2cuda::host::str", .doc = "Python's str() of a value"},
      {.path = "repr", .rule = R::ToStr, .runtime = "py2cuda::host::repr", .doc = "Python's repr() of a value"},
      {.path = "int", .rule = R::ToNumber, .runtime = "py2cuda::host::to_int", .doc = "int(x): truncates floats, parses strings"},
      {.path = "float", .rule = R::ToNumber, .runtime = "py2cuda::host::to_float", .doc = "float(x): parses strings as Python does"},
      {.path = "bool", .rule = R::ToNumber, .runtime = "py2cuda::host::to_bool", .doc = "truth value"},
      {.path = "min", .rule = R::PyMinMax, .runtime = "py2cuda::host::py_min", .doc = "smallest argument (Python's left-to-right rule)"},
      {.path = "max", .rule = R::PyMinMax, .runtime = "py2cuda::host::py_max", .doc = "largest argument"},
      {.path = "abs", .rule = R::PyAbs, .runtime = "py2cuda::host::py_abs", .doc = "absolute value"},
      {.path = "round", .rule = R::PyRound, .runtime = "py2cuda::host::py_round", .doc = "round(x) -> int, halves to even; round(x, n) -> float"},
      {.path = "sum", .rule = R::PySum, .runtime = "py2cuda::host::py_sum", .doc = "sum of an array's elements, left to right (Python's sum, not NumPy's)"},
      {.path = "format", .rule = R::Format, .runtime = "py2cuda::host::format", .doc = "format(x, spec): Python's format-spec mini-language"},
      {.path = "str.format", .rule = R::StrFormat, .runtime = "py2cuda::host::format_string", .doc = "str.format: {} {0} {:8.3f} {!r} fields over positional arguments"},
      {.path = "sys.argv", .rule = R::SysArgv, .runtime = "py2cuda::host::sys_argv", .doc = "the script's name as given to py2cuda, then the program's arguments (after `--` with --run)"},
      {.path = "sys.exit", .rule = R::SysExit, .runtime = "py2cuda::host::sys_exit", .doc = "ends the program: None -> status 0, an int -> that status, a str -> printed to stderr, status 1"},
      {.path = "time.time", .rule = R::Clock, .runtime = "py2cuda::host::time_now", .doc = "seconds since the epoch"},
      {.path = "time.perf_counter", .rule = R::Clock, .runtime = "py2cuda::host::perf_counter", .doc = "a monotonic clock in seconds"},
      {.path = "timeit.default_timer", .rule = R::Clock, .runtime = "py2cuda::host::perf_counter", .doc = "a monotonic clock in seconds"},
  };
  return table;
}

}  // namespace

const std::vector<HostBuiltin>& host_rows() { return rows(); }

const HostBuiltin* find_host(std::string_view path) {
  static const std::map<std::string_view, const HostBuiltin*> index = [] {
    std::map<std::string_view, const HostBuiltin*> m;
    for (const HostBuiltin& b : rows()) m.emplace(b.path, &b);
    return m;
  }();
  auto it = index.find(path);
  return it == index.end() ? nullptr : it->second;
}

std::string host_markdown() {
  std::string out = "| Python (host code) | runtime | notes |\n|---|---|---|\n";
  for (const HostBuiltin& b : rows()) {
    std::string python(b.path);
    if (python.rfind("numba.cuda.", 0) == 0) python = "cuda." + python.substr(11);
    if (python.rfind("numpy.", 0) == 0) python = "np." + python.substr(6);
    if (python.find('.') != std::string::npos && python.find('.') < python.size() &&
        (python.rfind("ndarray.", 0) == 0 || python.rfind("DeviceNDArray.", 0) == 0 || python.rfind("Generator.", 0) == 0 || python.rfind("RandomState.", 0) == 0 ||
         python.rfind("Stream.", 0) == 0 || python.rfind("Event.", 0) == 0 || python.rfind("str.", 0) == 0 ||
         python.rfind("TestCase.", 0) == 0 || python.rfind("generic.", 0) == 0)) {
      python = python + "()";  // a method
    }
    out += "| `" + python + "` | " + (b.runtime.empty() ? std::string("(loop)") : "`" + std::string(b.runtime) + "`") +
           " | " + std::string(b.doc) + " |\n";
  }
  return out;
}

bool has_effects(HostRule rule) {
  switch (rule) {
    case R::RandomSeed:
    case R::RandomDraw:
    case R::RandomChoice:
    case R::RandomPermute:  // shuffle writes its argument
    case R::DefaultRng:
    case R::GeneratorDraw:
    case R::RngStates:
    case R::CopyToHost:  // may fill its `ary` argument
    case R::CopyToDevice:
    case R::Fill:
    case R::TestingAssert:
    case R::Synchronize:
    case R::DeviceQuery:  // detect() prints
    case R::Clock:
    case R::Print:
    case R::SysExit:
    case R::EventRecord:
    case R::EventWait:
    case R::EventElapsed:
    case R::TestCaseAssert:
    case R::SkipTest: return true;
    default: return false;
  }
}

}  // namespace py2cuda::builtins
