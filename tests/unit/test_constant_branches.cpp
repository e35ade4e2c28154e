// infer/constant_branches.cpp: the tests Numba's dead-branch pruning decides before typing.
// Only the live arm is typed and translated, so a variable set in both arms has the live
// arm's type. tests/golden/branch_pruning.py checks the values against compiled Numba; these
// check the decisions themselves, and what is left to run time.
#include <gtest/gtest.h>

#include <string>

#include "driver/translate.h"

using namespace py2cuda;

namespace {

std::string translated(const std::string& module) {
  SourceFile file("t.py", "import numpy as np\nfrom numba import cuda\n" + module);
  TranslateResult r = translate(file, TranslateOptions{});
  EXPECT_TRUE(r.ok) << r.diagnostics;
  return r.cu;
}

// A device function `f(p)` with `body`, typed for a uint8 p through a kernel's call.
std::string device_function(const std::string& globals, const std::string& body) {
  return translated(globals +
                    "@cuda.jit(device=True)\ndef f(p):\n" + body +
                    "@cuda.jit('void(uint8[:], int64[:])')\ndef k(p, out):\n    out[0] = f(p[0])\n");
}

bool has(const std::string& text, const std::string& needle) { return text.find(needle) != std::string::npos; }

const char* kArms = "    if {TEST}:\n        x = p\n    else:\n        x = np.int64(-3)\n    return x\n";

std::string arms(const std::string& test) {
  std::string body = kArms;
  body.replace(body.find("{TEST}"), 6, test);
  return body;
}

TEST(ConstantBranches, ComparisonsOfConstantsKeepTheLiveArmOnly) {
  for (const char* test : {"N > 5", "1 < 2", "MODE == 'fast'", "not DEBUG", "N - 9", "-1e6 < 1e300 and N",
                           "p > 0 or N == 10", "2.5 < N <= 10", "SCALE > 0.5", "k > 2"}) {
    std::string cu = device_function("N = 10\nMODE = 'fast'\nDEBUG = False\nSCALE = 1.5\n",
                                     "    k = 3\n" + arms(test));
    EXPECT_TRUE(has(cu, "// device function uint8(uint8)")) << test << "\n" << cu;
    EXPECT_TRUE(has(cu, "the test is always true: Numba compiles this branch alone")) << test << "\n" << cu;
    EXPECT_FALSE(has(cu, "-3")) << test << "\n" << cu;
  }
}

TEST(ConstantBranches, AFalseTestKeepsTheElseArm) {
  for (const char* test : {"N < 5", "p > 0 and 1 > 2", "DEBUG", "MODE != 'fast'", "N - 10"}) {
    std::string cu = device_function("N = 10\nMODE = 'fast'\nDEBUG = False\n",
                                     "    if " + std::string(test) + ":\n        x = np.int64(-3)\n    else:\n"
                                     "        x = p\n    return x\n");
    EXPECT_TRUE(has(cu, "// device function uint8(uint8)")) << test << "\n" << cu;
    EXPECT_TRUE(has(cu, "the test is always false: Numba compiles the else branch alone")) << test << "\n" << cu;
  }
}

TEST(ConstantBranches, WhatNumbaCannotDecideIsTypedWithBothArms) {
  // Expressions of constants (`N % 2`), parameters, comparisons compared, `in`, a local bound
  // twice where both bindings reach the test, a loop variable: the pruning pass sees no
  // constant, so both arms are typed and x is int64.
  for (const char* test : {"N % 2 == 0", "-N < 0", "p > 0", "(1 < 2) == True", "k > 2", "j > 2"}) {
    std::string cu = device_function("N = 10\n",
                                     "    k = 3\n    if p > 100:\n        k = 4\n    j = 0\n"
                                     "    for j in range(3):\n        pass\n" + arms(test));
    EXPECT_TRUE(has(cu, "// device function int64(uint8)")) << test << "\n" << cu;
    EXPECT_FALSE(has(cu, "always true")) << test << "\n" << cu;
  }
}

TEST(ConstantBranches, ThePassAfterSsaSeesOneLevelFurther) {
  // `k` is 1 after the first pass removed the else arm: the pass after SSA decides `k > 0`...
  const std::string first = "    if N > 5:\n        k = 1\n    else:\n        k = 0\n";
  std::string cu = device_function("N = 10\n", first + arms("k > 0"));
  EXPECT_TRUE(has(cu, "// device function uint8(uint8)")) << cu;
  // ...but what it decides feeds no further pass: `y > 0` is typed with both arms.
  cu = device_function("N = 10\n", first + "    if k > 0:\n        y = 1\n    else:\n        y = 0\n" + arms("y > 0"));
  EXPECT_TRUE(has(cu, "// device function int64(uint8)")) << cu;
  // A conditional expression decided by the first pass is a constant to the second.
  cu = device_function("N = 10\n", "    return p if (7 if N > 2 else 3) > 1 else np.int64(-3)\n");
  EXPECT_TRUE(has(cu, "// device function uint8(uint8)")) << cu;
  cu = device_function("", "    return p if ((7 if (7 if 1 < 2 else 3) > 1 else 3) > 1) else np.int64(-3)\n");
  EXPECT_TRUE(has(cu, "// device function int64(uint8)")) << cu;
}

TEST(ConstantBranches, ATestThatCallsAFunctionIsLeftToRunTime) {
  // `g(p) > 0 and DEBUG` is false, but g runs first; translating the else arm alone would drop
  // the call. A call in an arm pruned first is never evaluated, so it does not count.
  std::string cu = device_function("DEBUG = False\n@cuda.jit(device=True)\ndef g(p):\n    return p\n",
                                   arms("g(p) > 0 and DEBUG"));
  EXPECT_TRUE(has(cu, "if (int64_t(g(p)) > 0 && DEBUG) {")) << cu;
  cu = device_function("", arms("(round(1e300) if 1e6 < 1e300 < 1e6 else -3) != 0"));
  EXPECT_TRUE(has(cu, "// device function uint8(uint8)")) << cu;
}

TEST(ConstantBranches, DeadArmsAreNeverTyped) {
  // An f-string has no CUDA translation; under `if DEBUG:` with DEBUG False Numba never sees it.
  std::string cu = device_function("DEBUG = False\n",
                                   "    if DEBUG:\n        print(f'{p}')\n    return p\n");
  EXPECT_TRUE(has(cu, "the test is always false: no branch of this if is compiled")) << cu;
}

TEST(ConstantBranches, RankAndTupleLengthOfParametersAreConstants) {
  // rewrite_semantic_constants: `a.ndim` and `len(t)` of parameters, per specialisation.
  std::string cu = translated(
      "@cuda.jit(device=True)\ndef first(a, i):\n    if a.ndim == 1:\n        return a[i]\n    return a[i, 0]\n"
      "@cuda.jit(device=True)\ndef total(t):\n    if len(t) == 2:\n        return t[0] + t[1]\n    return t[0]\n"
      "@cuda.jit('void(float64[:], int32[:, :], float64[:])')\ndef k(v, m, out):\n"
      "    out[0] = first(v, 0) + first(m, 0) + total((1, 2)) + total((3,))\n");
  EXPECT_TRUE(has(cu, "return a.at(i, 0);")) << cu;  // the 2-D specialisation
  EXPECT_TRUE(has(cu, "return py2cuda::get<0>(t) + py2cuda::get<1>(t);")) << cu;
  // A rebound parameter is no ir.Arg any more: its rank is left to typing (both arms typed).
  SourceFile file("t.py", "from numba import cuda\n@cuda.jit('void(float64[:], float64[:, :])')\ndef k(v, m):\n"
                          "    a = v\n    a = m\n    if a.ndim == 2:\n        v[0] = 1.0\n");
  TranslateResult r = translate(file, TranslateOptions{});
  EXPECT_FALSE(has(r.cu, "always true")) << r.cu << r.diagnostics;
}

TEST(ConstantBranches, WhatFollowsALeavingStatementIsNeverTyped) {
  // CPython drops what follows a return in its block; Numba's pruning what follows a decided
  // `if` whose live arm returns. Neither is typed, translated or a reason to return None.
  std::string cu = device_function("", "    return p\n    print(f'{p}')\n");
  EXPECT_TRUE(has(cu, "// device function uint8(uint8)")) << cu;
  EXPECT_FALSE(has(cu, "printf")) << cu;
  cu = device_function("N = 10\n", "    if N > 5:\n        return p\n    return np.int64(-3)\n");
  EXPECT_TRUE(has(cu, "// device function uint8(uint8)")) << cu;
  cu = device_function("N = 10\n", "    for j in range(3):\n        if N > 5:\n            continue\n"
                                    "        print(f'{j}')\n    return p\n");
  EXPECT_FALSE(has(cu, "printf")) << cu;
  // Only the live arm returns: the function always returns, no Optional result.
  cu = device_function("N = 10\n", "    if N > 5:\n        return p\n");
  EXPECT_TRUE(has(cu, "// device function uint8(uint8)")) << cu;
}

TEST(ConstantBranches, ConditionalExpressionsInAssignmentTargetsAreDecidedToo) {
  // `la[(np.int16(1) if True else v) % 3] = ...` (difftest seed 5000239): the index is an int16,
  // not the float64 unification, in a target as in a value.
  std::string cu = translated(
      "N = 10\n@cuda.jit('void(float64[:], int64[:])')\ndef k(v, out):\n"
      "    la = cuda.local.array(3, np.int64)\n"
      "    la[(np.int16(1) if True else v[0]) % 3] = 7\n"
      "    la[(np.int16(2) if N > 5 else v[0]) % 3] += 1\n"
      "    out[0] = la[1] + la[2]\n");
  EXPECT_FALSE(has(cu, "v(0)) % 3")) << cu;
}

TEST(ConstantBranches, CPythonFoldsInvertOfANegatedLiteral) {
  // `~(not 1)` is `~False`, folded by CPython to the int -1 before Numba sees it (difftest seed
  // 4003869: py2cuda printed `!!true`, 1); `~b` of a bool variable is Numba's `not`.
  std::string cu = device_function("", "    return ~(not 1) + ~True + (not 0) * 0 + p * 0\n");
  EXPECT_TRUE(has(cu, "-1")) << cu;
  EXPECT_TRUE(has(cu, "-2")) << cu;
  EXPECT_FALSE(has(cu, "!!")) << cu;
}

TEST(ConstantBranches, HostCodeFoldsLiteralsOnly) {
  // CPython runs host code: it drops the arm of a literal test when it compiles, and decides
  // `N > 5` only when it runs, so x holds an int or a float there.
  std::string cu = translated(
      "N = 10\n@cuda.jit\ndef k(a):\n    a[0] = 1\n"
      "def main():\n    if N > 5:\n        x = 1\n    else:\n        x = 2.5\n"
      "    if 1 < 2:\n        y = 1\n    else:\n        y = 2.5\n    print(x, y)\n"
      "    a = np.zeros(1, dtype=np.int64)\n    k[1, 1](a)\n"
      "main()\n");
  EXPECT_TRUE(has(cu, "py2cuda::host::DynamicNumber x{};")) << cu;  // int or float: known when it runs
  EXPECT_TRUE(has(cu, "int64_t y = 1;")) << cu;  // the live arm is code of main's own block
}

}  // namespace

namespace {

TEST(ConstantBranches, ANoneArgumentDecidesIsNoneTests) {
  // prune_by_type: an argument None (or a default None left out) makes `w is None` true in that
  // instance; Numba types the live arm alone, so the instance returns p's type, not Optional.
  std::string cu = translated(
      "@cuda.jit(device=True)\ndef blend(p, w=None):\n    if w is None:\n        return p\n    return p * w\n"
      "@cuda.jit('void(uint8[:], float64[:])')\ndef k(p, out):\n    out[0] = blend(p[0]) + blend(p[0], 0.5)\n");
  EXPECT_TRUE(has(cu, "__device__ uint8_t blend(uint8_t p, py2cuda::NoneType w)")) << cu;
  EXPECT_TRUE(has(cu, "blend(p(0), py2cuda::none)")) << cu;
  // With a float argument Numba leaves the test to typing, which makes it the constant false.
  EXPECT_TRUE(has(cu, "__device__ double blend(uint8_t p, double w)")) << cu;
  // Rebound before the test, the parameter holds the new value there (SSA).
  cu = translated(
      "@cuda.jit(device=True)\ndef f(p, w=None):\n    w = 2.0\n    if w is None:\n        return p\n    return p * w\n"
      "@cuda.jit('void(uint8[:], float64[:])')\ndef k(p, out):\n    out[0] = f(p[0])\n");
  EXPECT_TRUE(has(cu, "__device__ double f(uint8_t p, py2cuda::NoneType w_arg)") ||
              has(cu, "__device__ double f(uint8_t p, py2cuda::NoneType w)")) << cu;
}

TEST(ConstantBranches, HostInstancesDecideIsNoneOfTheirParameters) {
  // CPython tests `out is None` when it runs; py2cuda's instance for a None argument knows the
  // answer, and the live arm rebinds the parameter to an array, as code of the function's block.
  std::string cu = translated(
      "@cuda.jit\ndef k(a):\n    a[0] = 1\n"
      "def scaled(a, out=None):\n    if out is None:\n        out = np.empty_like(a)\n    out[:] = a * 2\n"
      "    return out\n"
      "def main():\n    a = np.zeros(3)\n    k[1, 1](a)\n    print(scaled(a), scaled(a, np.ones(3)))\n"
      "main()\n");
  EXPECT_TRUE(has(cu, "scaled_host(py2cuda::host::NDArray<double, 1> a, py2cuda::NoneType out)")) << cu;
  EXPECT_TRUE(has(cu, "the test is always true here")) << cu;
  EXPECT_TRUE(has(cu, "the test is always false: no branch of this if is compiled")) << cu;
  // A parameter rebound before the test is no longer the argument: left to run time.
  cu = translated(
      "@cuda.jit\ndef k(a):\n    a[0] = 1\n"
      "def pick(a, out=None):\n    out = a if a[0] > 0 else None\n    if out is None:\n        return 0.0\n"
      "    return out[0]\n"
      "def main():\n    a = np.zeros(3)\n    k[1, 1](a)\n    print(pick(a))\n"
      "main()\n");
  EXPECT_FALSE(has(cu, "always true here")) << cu;
}

TEST(ConstantBranches, ARunningExtremeStartingAtNoneTypesInAConditionalExpression) {
  // `lo = v if lo is None else min(lo, v)` in a loop: the first look at the loop sees lo as the
  // None it starts as, where only the first arm runs; lo is then an Optional, tested at run time.
  std::string cu = translated(
      "@cuda.jit\ndef k(a):\n    a[0] = 1\n"
      "def main():\n    lo = None\n    for v in [4, 9, -2]:\n        lo = v if lo is None else min(lo, v)\n"
      "    print(lo)\n    a = np.zeros(1)\n    k[1, 1](a)\n"
      "main()\n");
  EXPECT_TRUE(has(cu, "py2cuda::is_none(lo)")) << cu;
  EXPECT_TRUE(has(cu, "py2cuda::host::unwrap(lo)")) << cu;
}

TEST(ConstantBranches, HostInstancesDecideTestsOfTheirTuplesLength) {
  // `def head(*xs)`: each instance knows its tuple's length, so `if not xs:` and `len(xs) > 0`
  // are decided there, and `xs[0]` is typed only in the instances that have one.
  std::string cu = translated(
      "@cuda.jit\ndef k(a):\n    a[0] = 1\n"
      "def head(*xs):\n    if not xs:\n        return -1\n    return xs[0] if len(xs) > 0 else -2\n"
      "def main():\n    a = np.zeros(3)\n    k[1, 1](a)\n    print(head(), head(4))\n"
      "main()\n");
  EXPECT_TRUE(has(cu, "the test is always true here")) << cu;
  EXPECT_TRUE(has(cu, "the test is always false: no branch of this if is compiled")) << cu;
}

// A module flag bound once to True, False or None, never declared `global`: CPython takes the
// same arm of its tests on every run, so the other is not typed (after a failed optional
// import it names the module that is not there). A flag a function rebinds stays a test.
TEST(ConstantBranches, HostModuleFlagsDecideTheirTests) {
  std::string cu = translated(
      "try:\n    import matplotlib.pyplot as plt\n    HAVE_PLT = True\nexcept ImportError:\n    HAVE_PLT = False\n"
      "@cuda.jit\ndef k(a):\n    a[0] = 1\n"
      "def main():\n    a = np.zeros(3)\n    k[1, 1](a)\n    if HAVE_PLT:\n        plt.plot(a)\n    else:\n"
      "        print(a)\n"
      "main()\n");
  EXPECT_TRUE(has(cu, "the test is always false")) << cu;
  EXPECT_FALSE(has(cu, "plot")) << cu;
  cu = translated(
      "DEBUG = False\n@cuda.jit\ndef k(a):\n    a[0] = 1\n"
      "def enable():\n    global DEBUG\n    DEBUG = True\n"
      "def main():\n    a = np.zeros(3)\n    k[1, 1](a)\n    enable()\n    if DEBUG:\n        print(a)\n"
      "main()\n");
  EXPECT_FALSE(has(cu, "the test is always")) << cu;
}

// An array parameter's ndim, dtype and dtype.kind are its type's in each instance, until the
// parameter is rebound: `if m.ndim != 2: raise` leaves nothing after it to type in a 1-D
// instance, and `if a.dtype != np.float32: a = a.astype(np.float32)` rebinds only where needed.
TEST(ConstantBranches, HostInstancesDecideTestsOfTheirArraysNdimAndDtype) {
  std::string cu = translated(
      "@cuda.jit\ndef rows(m, out):\n    i = cuda.grid(1)\n    if i < m.shape[0]:\n        out[i] = m[i, 0]\n"
      "def first_column(m):\n    if m.ndim != 2:\n        raise ValueError('2-D')\n    out = np.zeros(m.shape[0])\n"
      "    rows[1, 8](m, out)\n    return out\n"
      "def single(a):\n    if a.dtype != np.float32:\n        a = a.astype(np.float32)\n    if a.dtype.kind == 'f':\n"
      "        return a\n    return a * 0\n"
      "def main():\n    print(first_column(np.ones((2, 2))))\n    try:\n        first_column(np.ones(3))\n"
      "    except ValueError as e:\n        print(e)\n    print(single(np.arange(3)), single(np.ones(2, dtype=np.float32)))\n"
      "main()\n");
  EXPECT_TRUE(has(cu, "void first_column_host_2(py2cuda::host::NDArray<double, 1> m)")) << cu;  // it only raises
  EXPECT_TRUE(has(cu, "single_host(py2cuda::host::NDArray<int64_t, 1> a)")) << cu;
  EXPECT_TRUE(has(cu, "the test is always true here")) << cu;
  EXPECT_TRUE(has(cu, "the test is always false")) << cu;
}

}  // namespace
