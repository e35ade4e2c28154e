// Host code details scripts lean on (programs compared with Python's output:
// tests/programs/host_results_tables.py): sum() with a start, f-string fields whose spec holds
// fields of its own, None's repr, a dict's mixed values beside numbers, `key, value =
// text.split("=")`, a NumPy scalar divided by zero, and a container's method among print()'s
// arguments in Python's order.
#include <gtest/gtest.h>

#include "translate_text.h"

using namespace py2cuda;

namespace {

const test::HostProgram run({.setup = "inc[1, 1](np.zeros(1))\n"});  // lines 1-6

using test::has;

TEST(HostPythonDetails, SumAddsToItsStart) {
  TranslateResult r = run("xs = [4, 5]\nprint(sum(xs, 100), sum(xs, 0.5), sum((1, 2), 3))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::sum<int64_t>(xs, int64_t(100))")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::sum<double>(xs, 0.5)")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::py_sum<int64_t>(")) << r.cu;
}

TEST(HostPythonDetails, NestedFormatSpecIsMadeAtRunTime) {
  TranslateResult r = run("w, p = 10, 3\nx = 3.14159\nprint(f\"{x:{w}.{p}f}|\")\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::format(x, py2cuda::host::concat(py2cuda::host::str(w), \".\", "
                        "py2cuda::host::str(p), \"f\"))"))
      << r.cu;
}

TEST(HostPythonDetails, NoneReprHasNoQuotes) {
  TranslateResult r = run("x = None\nprint(f\"{x!r}\")\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_FALSE(has(r.cu, "repr(\"None\")")) << r.cu;
}

TEST(HostPythonDetails, MixedDictValuesBesideNumbersAreTheNumbersTheyHold) {
  TranslateResult r = run("r = {\"n\": 8, \"name\": \"ones\"}\nbig = r[\"n\"] > 5\nsame = r[\"name\"] == \"ones\"\n"
                          "print(big, same, round(r[\"n\"] / 3, 2))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::number_of(")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::equals_str(")) << r.cu;
}

TEST(HostPythonDetails, SplitWordsUnpackByTheirCount) {
  TranslateResult r = run("k, v = \"alpha=1.5\".split(\"=\")\nprint(k, float(v))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::List<std::string>(")) << r.cu;
}

TEST(HostPythonDetails, NumpyScalarDivisionDoesNotRaise) {
  // NumPy's inf/nan for a zero divisor (with a RuntimeWarning), not ZeroDivisionError.
  TranslateResult r = run("a = np.arange(3.0)\nm = a > 5\nprint(a[m].sum() / m.sum(), 1.0 / len(a))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, ") / double(py2cuda::np::sum<int64_t>(")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::python.truediv(1.0, ")) << r.cu;  // a Python float still raises
}

TEST(HostPythonDetails, ContainerMethodsAmongArgumentsKeepPythonsOrder) {
  TranslateResult r = run("d = {1: 10, 2: 20}\nprint(d.pop(2), 2 in d)\nxs = [1]\nprint(len(xs), xs.append(2), len(xs))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "const int64_t py2cuda_arg0 = d.pop(int64_t(2));")) << r.cu;
  EXPECT_TRUE(has(r.cu, "(xs.append(int64_t(2)), std::string(\"None\"))")) << r.cu;
}

}  // namespace

namespace {

// A name reused by a later loop for values of another type (infer/ssa_versions.h's sites in
// host code): a variable of its own there, where one variable could not hold both.
TEST(HostPythonDetails, NameReusedByALaterLoopIsAVersion) {
  TranslateResult r = run("for v in [0.5, 1.5]:\n    print(v * 2)\nfor item in ['a=1', 'b=2']:\n"
                          "    k, v = item.split('=')\n    print(k, v)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "std::string v_2 = ")) << r.cu;
}

}  // namespace

namespace {

// itertools.product in a for loop: nested loops, the last iterable innermost
// (infer/product_loops.cpp); a break of the loop's own would leave only the innermost.
TEST(HostPythonDetails, ProductIsNestedLoops) {
  TranslateResult r = run("import itertools\nfor i, c in itertools.product(range(2), 'ab'):\n    print(i, c)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  const size_t outer = r.cu.find("for (int64_t i_iter = 0; i_iter < 2; ++i_iter)");
  const size_t inner = r.cu.find("py2cuda::host::len(\"ab\")");
  EXPECT_TRUE(outer != std::string::npos && inner != std::string::npos && outer < inner) << r.cu;
  TranslateResult stop = run("import itertools\nfor i, j in itertools.product(range(2), range(2)):\n    break\n");
  EXPECT_TRUE(has(stop.diagnostics, "a loop over itertools.product() with a break of its own is not supported"))
      << stop.diagnostics;
}

}  // namespace

namespace {

TEST(HostPythonDetails, FormatFieldsReachIntoTheirArguments) {
  TranslateResult r = run("a = np.zeros((2, 3))\nd = {'n': 4}\nprint('{0.shape} {a.size:>4} {1[n]}'.format(a, d, a=a))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  // Each field its own value, numbered again in order.
  EXPECT_TRUE(has(r.cu, "\"{0} {1:>4} {2}\"")) << r.cu;
  EXPECT_TRUE(has(r.cu, "d.at(\"n\")") || has(r.cu, "d[\"n\"]") || has(r.cu, "\"n\"")) << r.cu;
}

TEST(HostPythonDetails, FormatFieldReadTwiceMustReadTheSame) {
  // f() has effects: two fields reading it would call it twice, so it is not rewritten.
  TranslateResult r = run("def f():\n    return np.zeros(3)\nprint('{0.size} {0.ndim}'.format(f()))\n");
  EXPECT_TRUE(has(r.diagnostics, "two fields read an argument that is not a name")) << r.diagnostics;
}

TEST(HostPythonDetails, IntOfTextInABase) {
  TranslateResult r = run("print(int('ff', 16), int('0x1f', base=0))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::to_int(\"ff\", int64_t(16))")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::to_int(\"0x1f\", int64_t(0))")) << r.cu;
}

}  // namespace

namespace {

TEST(HostPythonDetails, SystemExitIsRaisedAndCaughtAsCPythonDoes) {
  TranslateResult r = run("import sys\ntry:\n    sys.exit(2)\nexcept Exception:\n    pass\nexcept SystemExit as e:\n    print(e.code)\n"
                          "exit(3)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  // `except Exception` lets SystemExit go on to the next clause.
  EXPECT_TRUE(has(r.cu, "if (!py2cuda::host::isinstance(e, {\"SystemExit\"})) {")) << r.cu;
  EXPECT_TRUE(has(r.cu, "} else if (py2cuda::host::isinstance(e, {\"SystemExit\"})) {")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::exit_code(e)")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::sys_exit(int64_t(3))")) << r.cu;
  TranslateResult raised = run("import sys\nraise SystemExit(len(sys.argv))\n");
  ASSERT_TRUE(raised.ok) << raised.diagnostics;
  EXPECT_TRUE(has(raised.cu, "py2cuda::host::sys_exit(")) << raised.cu;
  EXPECT_FALSE(has(raised.cu, "PyException(\"SystemExit\"")) << raised.cu;
}

}  // namespace

namespace {

TEST(HostPythonDetails, FunctionsShareTheModulesArrays) {
  TranslateResult r = run("out = np.zeros(3)\ndef work():\n    inc[1, 1](out)\nwork()\nprint(out)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "static py2cuda::host::NDArray<double, 1> out_global{};")) << r.cu;
  EXPECT_FALSE(has(r.cu, "frozen_array(out_host)")) << r.cu;
}

TEST(HostPythonDetails, ImportsInAFunctionAreTheModules) {
  TranslateResult r = run("def main():\n    import math\n    print(math.sqrt(4.0))\nmain()\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_FALSE(has(r.diagnostics, "import statement")) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "sqrt")) << r.cu;
}

TEST(HostPythonDetails, BooleanOperatorsAsTestsAndWithNone) {
  TranslateResult r = run("def cfg(tpb=None):\n    tpb = tpb or 128\n    return tpb\n"
                          "xs = [3, 1]\nwhile xs and xs[-1] < 2:\n    xs.pop()\nprint(cfg(), xs)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_FALSE(has(r.diagnostics, "truth value")) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "while ((xs.size() != 0) && ")) << r.cu;
}

}  // namespace

namespace {

TEST(HostPythonDetails, AnyAndAllOfAGeneratorStopAtTheFirstDecidingItem) {
  TranslateResult r = run("xs = [4, 0]\nprint(any(10 / v > 1 for v in xs), all(v > 0 for v in xs if v != 4))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "if (decided_) return;")) << r.cu;  // any: no condition
  EXPECT_TRUE(has(r.cu, "return !decided_; }(xs)")) << r.cu;        // all
  EXPECT_FALSE(has(r.cu, "py2cuda::host::any(py2cuda::host::list_each")) << r.cu;
}

}  // namespace

// time.sleep, os.environ.get / os.getenv (None without a default), warnings.warn with the
// place and statement CPython shows (host/process.h), and __doc__ as the module's docstring
// or None.
TEST(HostPythonDetails, ProcessServicesAndTheModuleDocstring) {
  TranslateResult r = run("import os, time, warnings\ntime.sleep(0.5)\nv = os.environ.get('N', '4')\nw = os.getenv('N')\n"
                          "warnings.warn('slow', RuntimeWarning)\nprint(v, w, __doc__)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::sleep_seconds(0.5);")) << r.cu;
  EXPECT_TRUE(has(r.cu, "std::string v = py2cuda::host::getenv(\"N\", \"4\");")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::Optional<std::string> w = py2cuda::host::getenv(\"N\");")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::warn(\"prog.py:11\", \"RuntimeWarning\", \"slow\", "
                        "\"warnings.warn('slow', RuntimeWarning)\");")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::print(v, py2cuda::host::str(w), \"None\");")) << r.cu;  // no docstring
  TranslateResult bad = run("import warnings\nwarnings.warn('x', ImportWarning)\n");
  EXPECT_TRUE(has(bad.diagnostics, "warnings.warn() with this category is not supported by py2cuda")) << bad.diagnostics;
}

// numba-cuda's cuda.is_cuda_array(obj) (an object with __cuda_array_interface__): decided by the
// argument's type, the argument still evaluated; cuda.managed_array a host array kernels share.
// (Numba's simulator lacks both, so no test program compares them.)
TEST(HostPythonDetails, IsCudaArrayIsDecidedByTheType) {
  TranslateResult r = run("inc[1, 1](np.zeros(1))\nh = np.zeros(3)\nd = cuda.to_device(h)\n"
                          "print(cuda.is_cuda_array(d), cuda.is_cuda_array(h), cuda.is_cuda_array(d[1:]))\n"
                          "m = cuda.managed_array(4, dtype=np.float32)\ninc[1, 4](m)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::NDArray<float, 1> m = py2cuda::np::empty<float>(")) << r.cu;
  EXPECT_TRUE(has(r.cu, "((void)d, true)")) << r.cu;
  EXPECT_TRUE(has(r.cu, "((void)h, false)")) << r.cu;
}
