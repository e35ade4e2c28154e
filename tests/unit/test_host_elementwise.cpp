// NumPy's elementwise functions and Python's math module in host code: the loop types
// NumPy 1.26 picks (spelled as the runtime's template arguments), scalars in giving scalars
// out, and located warnings for what NumPy or CPython would reject.
#include <gtest/gtest.h>

#include "translate_text.h"

using namespace py2cuda;

namespace {

const test::HostProgram run({.imports = "import math\n", .setup = "a = np.zeros(4)\ninc[1, 1](a)\n"});  // lines 1-8

using test::has;

}  // namespace

TEST(HostElementwise, UfuncLoopTypesFollowNumPy) {
  TranslateResult r = run(
      "s = np.arange(3, dtype=np.int16)\n"
      "f = a.astype(np.float32)\n"
      "print(np.log1p(s), np.expm1(f), np.cbrt(a), np.sign(s), np.gcd(s, 4))\n"
      "print(np.true_divide(s, s), np.isnan(f), np.greater(s, 1.5), np.logical_and(a, s))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::np::log1p<float>(s)")) << r.cu;  // int16 computes in float32
  EXPECT_TRUE(has(r.cu, "py2cuda::np::expm1<float>(f)")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::np::cbrt<double>(a)")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::np::sign<int16_t>(s)")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::np::gcd<int16_t>(s, int64_t(4))")) << r.cu;  // value-based: 4 fits int16
  EXPECT_TRUE(has(r.cu, "py2cuda::np::true_divide<double>(s, s)")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::np::isnan(f)")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::np::greater<double>(s, 1.5)")) << r.cu;  // a float beside ints: its own float64
  EXPECT_TRUE(has(r.cu, "py2cuda::np::logical_and<double>(a, s)")) << r.cu;
}

TEST(HostElementwise, WhereClipRoundAndOut) {
  TranslateResult r = run(
      "n = np.arange(5)\n"
      "b = np.where(n > 2, 1, 0)\n"
      "c = np.clip(n.astype(np.int8), 1, 300)\n"
      "d = np.round(a, 2)\n"
      "e = np.round(np.float32(2.5), 1)\n"
      "np.sqrt(a, out=a)\n"
      "print(b, c, d, e, a.clip(None, 1.0), n.round(-1))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "NDArray<int64_t, 1> b = py2cuda::np::where<int64_t>(")) << r.cu;
  EXPECT_TRUE(has(r.cu, "NDArray<int16_t, 1> c = py2cuda::np::clip<int16_t>(")) << r.cu;  // 300 widens int8
  EXPECT_TRUE(has(r.cu, "py2cuda::np::round<double, double>(a, int64_t(2))")) << r.cu;
  // A scalar rounds as a 0-d array beside a Python float: scaled in float64, stored in float32.
  EXPECT_TRUE(has(r.cu, "float e = py2cuda::np::round<float, double>(")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::store_out(a, py2cuda::np::sqrt<double>(a))")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::np::minimum<double>(a, 1.0)")) << r.cu;
}

TEST(HostElementwise, ScalarsGiveScalarsNeverZeroDimensionalArrays) {
  TranslateResult r = run(
      "x = np.isclose(1.0, 1.0 + 1e-9)\n"
      "y = np.log1p(0.5)\n"
      "z = np.int32(2**31 - 1) + np.int32(1)\n"
      "w = np.float32(1.5) * 2\n"
      "v = np.float64(2.5).item()\n"
      "print(x, y, z, w, v)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "bool x = ")) << r.cu;
  EXPECT_TRUE(has(r.cu, "double y = py2cuda::np::log1p<double>(0.5)")) << r.cu;
  // NumPy's int32 loop, wrapping; np.float32 * int is float64 (promote_types of two scalars).
  EXPECT_TRUE(has(r.cu, "int32_t z = py2cuda::np::add<int32_t>(")) << r.cu;
  EXPECT_TRUE(has(r.cu, "double w = py2cuda::np::multiply<double>(")) << r.cu;
  EXPECT_FALSE(has(r.cu, ", 0>")) << r.cu;  // no NDArray<T, 0>
}

TEST(HostElementwise, PythonMathIsCPythonsNotCudas) {
  TranslateResult r = run(
      "print(math.sqrt(a[0]), math.isclose(1.0, 1.1, rel_tol=0.2), math.log(8, 2), math.factorial(5),"
      " math.gcd(4, 6, 8), math.fsum(a), math.prod((2, 3.5)), math.frexp(3.0))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::pymath::sqrt(a(0))")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::pymath::isclose(1.0, 1.1, 0.2, 0.0)")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::pymath::log(8.0, 2.0)")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::pymath::factorial(int64_t(5))")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::pymath::gcd_of(int64_t(4), int64_t(6), int64_t(8))")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::pymath::fsum(a)")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::pymath::prod<double>(")) << r.cu;
}

TEST(HostElementwise, WhatNumPyAndCPythonRejectIsALocatedWarning) {
  struct Case {
    const char* code;
    const char* message;
  };
  const Case cases[] = {
      {"print(np.bitwise_and(a, 1))\n", "prog.py:9:7: warning: np.bitwise_and() has no loop for float64 and int64"},
      {"print(np.sign(a > 0))\n", "prog.py:9:7: warning: np.sign() has no loop for bool"},
      {"print(np.where(a > 0, a))\n", "prog.py:9:7: warning: np.where() takes a condition alone, or a condition, x and y"},
      {"print(np.clip(a, None, None))\n", "prog.py:9:7: warning: One of max or min must be given"},
      {"print(math.factorial(2.5))\n", "prog.py:9:22: warning: 'float64' object cannot be interpreted as an integer"},
      {"print(math.isclose(1.0, 2.0, 0.1))\n", "prog.py:9:30: warning: math.isclose() takes rel_tol and abs_tol as keywords"},
      {"n = np.arange(4)\nnp.sqrt(n, out=n)\n",
       "prog.py:10:16: warning: Cannot cast ufunc 'sqrt' output from dtype('float64') to dtype('int64')"},
      {"print(np.random.default_rng(1).choice(5, 2, replace=False))\n",
       "prog.py:9:53: warning: Generator.choice(replace=False) is not supported by py2cuda"},
      {"np.random.shuffle(5)\n", "prog.py:9:19: warning: np.random.shuffle() needs a host array (got int64)"},
      {"print(np.random.permutation(2.5))\n",
       "prog.py:9:29: warning: np.random.permutation() needs a host array or an integer (got float64)"},
      {"rs = np.random.RandomState(2.5)\n", "prog.py:9:28: warning: np.random.RandomState() needs an integer seed"},
      {"rs = np.random.RandomState(1)\nrs.seed(1.5)\n", "prog.py:10:9: warning: RandomState.seed() needs an integer seed"},
      {"print(np.sqrt(a, out=np.zeros((2, 2))))\n", "prog.py:9:22: warning: np.sqrt(out=...) needs an array of the result's 1"},
  };
  for (const Case& c : cases) {
    TranslateResult r = run(c.code);
    EXPECT_TRUE(r.ok) << c.code << r.diagnostics;  // a warning: the kernels are still translated
    EXPECT_TRUE(has(r.diagnostics, c.message)) << c.code << r.diagnostics;
    EXPECT_FALSE(has(r.cu, "int main(")) << c.code;
  }
}

// np.<binary ufunc>.outer(a, b) is the ufunc of a with one new axis per dimension of b, and b:
// a.shape + b.shape. Lists go through np.asarray; a scalar has no axes to add.
TEST(HostElementwise, UfuncOuterIsTheUfuncOfANewAxisPerDimensionOfB) {
  TranslateResult r = run("m = np.ones((2, 3))\nprint(np.add.outer(a, m), np.multiply.outer([1, 2], a), np.power.outer(2, a))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::np::add<double>(py2cuda::host::new_axes<1, 2>(a), m)")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::np::power<double>(int64_t(2), a)")) << r.cu;
  TranslateResult bad = run("print(np.add.outer(a, a, out=a))\n");
  EXPECT_TRUE(has(bad.diagnostics, "prog.py:9:7: warning: add.outer() takes two arrays, and no keywords in py2cuda"))
      << bad.diagnostics;
}

// An array's elements reached by iteration are NumPy scalars: round() is NumPy's there too (it
// was Python's, 0.0025 -> 0.003 where NumPy gives 0.002), through zip(), enumerate() and max().
TEST(HostElementwise, IteratedElementsRoundAsNumPyScalars) {
  TranslateResult r = run(
      "print([round(v, 3) for v in a])\n"
      "print([round(x, 3) for x, y in zip(a, [1, 2, 3, 4])], [round(x, 1) for k, x in enumerate(a)])\n"
      "print(round(max(a), 2))\n"
      "for v in a:\n    print(round(v, 3))\n"
      "print([round(k, 1) for k, x in enumerate(a)], [round(t, 3) for t in [0.5, 1.5]])\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "return py2cuda::np::round<double, double>(v2, int64_t(3)); }")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::np::round<double, double>(x, int64_t(3))")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::np::round<double, double>(x2, int64_t(1))")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::np::round<double, double>(py2cuda::host::max(")) << r.cu;
  // enumerate's count and a list of Python floats stay Python's.
  EXPECT_TRUE(has(r.cu, "py2cuda::host::round_digits(py2cuda::host::to_dynamic<int64_t>(k2)")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::round_digits(t, int64_t(3))")) << r.cu;
}

TEST(HostElementwise, ShapeTuplesAsArraysAndReshape) {
  TranslateResult r = run(
      "shape = (2, 2)\n"
      "m = a.reshape(shape)\n"
      "n = a.reshape(m.shape)\n"
      "print(np.prod(shape), np.prod(m.shape), np.max((3, 1)), m, n)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::np::reshape<2>(a, py2cuda::host::shape_of(shape))")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::np::array_from<int64_t>(py2cuda::host::shape(2), {py2cuda::get<0>(shape), "
                        "py2cuda::get<1>(shape)})"))
      << r.cu;
}

// NumPy 1.x casts a Python int beside an array by its value: a constant written as arithmetic
// of literals or as a module constant counts by its value too (a float32 array * 10**6 is
// float64); a local of a host function with a constant's name does not.
TEST(HostElementwise, ConstantIntOperandsAreCastByTheirValue) {
  TranslateResult r = run("US = 1_000_000\nb = a.astype(np.float32)\nc = b * US\nd = b + 2**40\ne = b * (1 << 10)\n"
                          "print(c, d, e)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::NDArray<double, 1> c = ")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::NDArray<double, 1> d = ")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::NDArray<float, 1> e = ")) << r.cu;  // 1024 fits in int16
  r = run("US = 1_000_000\ndef f(b):\n    US = 3\n    return b * US\nprint(f(a.astype(np.float32)))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::NDArray<float, 1> f_host(")) << r.cu;
}
