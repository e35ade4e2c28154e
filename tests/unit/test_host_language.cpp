// Host-code language features: functions held in names, sys.argv/sys.exit, %-formatting
// and str.format, CUDA events. The emitted C++ and the diagnostics of what py2cuda
// cannot translate (located warnings: the kernels are still translated, no main()).
#include <gtest/gtest.h>

#include "translate_text.h"

using namespace py2cuda;

namespace {

const test::HostProgram run({.imports = "import sys\n", .setup = "@cuda.jit\ndef dec(a):\n    a[0] -= 1\n"});  // lines 1-9

using test::has;

}  // namespace

TEST(HostLanguage, LoopOverKernelsIsUnrolledWithTheForLineAboveEachCopy) {
  TranslateResult r = run("a = np.zeros(1)\nfor k, name in [(inc, 'inc'), (dec, 'dec')]:\n    k[1, 1](a)\n"
                          "    print(name)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "  // prog.py:11: for k, name in [(inc, 'inc'), (dec, 'dec')]:\n  std::string name = \"inc\";\n"
                        "  // prog.py:12: k[1, 1](a)\n  launch_inc("))
      << r.cu;
  EXPECT_TRUE(has(r.cu, "  name = \"dec\";\n  // prog.py:12: k[1, 1](a)\n  launch_dec(")) << r.cu;
  EXPECT_TRUE(has(r.cu, "int main(int argc, char** argv)")) << r.cu;
}

TEST(HostLanguage, DisplaysOfKernelsInNamesAreUnrolledWhereTheyAreIterated) {
  // A name bound to a list, tuple or dict of kernels is an alias of the display: loops over it,
  // enumerate() and .items() of it are unrolled, comprehensions over it are a list display,
  // len() is its length, a literal index or key picks a kernel, and __name__ is the kernel's.
  TranslateResult r = run("a = np.zeros(1)\nks = [inc, dec]\nfor i, k in enumerate(ks):\n    k[1, 1](a)\n"
                          "    print(i, k.__name__)\n"
                          "ops = {'up': inc, 'down': dec}\nfor name, k in ops.items():\n    k[1, 1](a)\n"
                          "ops['down'][1, 1](a)\nks[0][1, 1](a)\nprint(len(ks), len(ops), [k.__name__ for k in ks])\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_EQ(r.diagnostics, "");
  EXPECT_TRUE(has(r.cu, "int64_t i = 0;")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::print(i, \"inc\");")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::print(i, \"dec\");")) << r.cu;
  EXPECT_TRUE(has(r.cu, "std::string name = \"up\";")) << r.cu;
  // prog.py:18: ops['down'][1, 1](a), then ks[0]: dec, then inc.
  const size_t by_key = r.cu.find("// prog.py:18:");
  ASSERT_NE(by_key, std::string::npos) << r.cu;
  EXPECT_EQ(r.cu.find("launch_dec(", by_key), r.cu.find("launch_", by_key)) << r.cu;
  const size_t by_index = r.cu.find("// prog.py:19:");
  ASSERT_NE(by_index, std::string::npos) << r.cu;
  EXPECT_EQ(r.cu.find("launch_inc(", by_index), r.cu.find("launch_", by_index)) << r.cu;
  EXPECT_TRUE(has(r.cu, "int64_t(2), int64_t(2)")) << r.cu;
}

TEST(HostLanguage, DisplayOfKernelsUsedAsAValueIsALocatedWarning) {
  TranslateResult r = run("a = np.zeros(1)\ninc[1, 1](a)\ndec[1, 1](a)\nks = (inc, dec)\nprint(ks)\n");
  EXPECT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.diagnostics, "prog.py:14:7: warning: 'ks' holds functions (a display of them)"))
      << r.diagnostics;
}

TEST(HostLanguage, VarArgsParameterIsATupleOfTheExtraArguments) {
  // `def total(*values)`: each call's extra positional arguments are one tuple argument (an
  // instance per tuple type); a loop over a tuple of mixed types, or an empty one, is unrolled.
  TranslateResult r = run("def total(*values):\n    s = 0\n    for v in values:\n        s += v\n    return s\n"
                          "a = np.zeros(1)\ninc[1, 1](a)\ndec[1, 1](a)\nprint(total(1, 2), total(1, 2.5), total())\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_EQ(r.diagnostics, "");
  EXPECT_TRUE(has(r.cu, "total_host(py2cuda::tuple<int64_t, int64_t>(int64_t(1), int64_t(2)))")) << r.cu;
  EXPECT_TRUE(has(r.cu, "total_host_2(py2cuda::tuple<int64_t, double>(int64_t(1), 2.5))")) << r.cu;
  EXPECT_TRUE(has(r.cu, "total_host_3(py2cuda::tuple<>())")) << r.cu;
}

TEST(HostLanguage, TupleOfArraysAsAKernelArgumentIsALocatedWarning) {
  // It was a C++ build error (the host arrays' tuple converts to no device view tuple).
  TranslateResult r = run("a = np.zeros(3)\ninc[1, 1](a)\ndec[1, 1]((a, a))\n");
  EXPECT_TRUE(has(r.diagnostics, "prog.py:12:11: warning: a tuple of array(float64, 1d, C) as a kernel argument is not "
                                 "supported by py2cuda"))
      << r.diagnostics;
}

TEST(HostLanguage, AliasFollowsTopLevelRebinding) {
  TranslateResult r = run("a = np.zeros(1)\nk = inc\nk[1, 1](a)\nk = dec\nk[1, 1](a)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  const size_t first = r.cu.find("launch_inc(py2cuda::LaunchConfig");
  const size_t second = r.cu.find("launch_dec(py2cuda::LaunchConfig");
  ASSERT_NE(first, std::string::npos) << r.cu;
  ASSERT_NE(second, std::string::npos) << r.cu;
  EXPECT_LT(first, second);
}

TEST(HostLanguage, BreakInLoopOverFunctionsIsALocatedWarning) {
  TranslateResult r = run("a = np.zeros(1)\ninc[1, 1](a)\ndec[1, 1](a)\nfor k in [inc, dec]:\n    k[1, 1](a)\n"
                          "    break\n");
  EXPECT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.diagnostics, "prog.py:15:5: warning: 'break' in a loop over functions, NumPy types or values of "
                                 "mixed types is not supported by py2cuda"))
      << r.diagnostics;
  EXPECT_FALSE(has(r.cu, "int main(")) << r.cu;
}

TEST(HostLanguage, NameBoundToDifferentFunctionsInABranchIsALocatedWarning) {
  TranslateResult r = run("a = np.zeros(1)\ninc[1, 1](a)\ndec[1, 1](a)\nk = inc\nif a[0] > 0:\n    k = dec\n"
                          "k[1, 1](a)\n");
  EXPECT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.diagnostics, "prog.py:15:5: warning: 'k' is bound to function 'inc' and, inside a branch or loop, "
                                 "to 'dec'"))
      << r.diagnostics;
}

TEST(HostLanguage, FunctionUsedAsAValueIsALocatedWarning) {
  TranslateResult r = run("a = np.zeros(1)\ninc[1, 1](a)\ndec[1, 1](a)\nprint(inc)\n");
  EXPECT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.diagnostics, "prog.py:13:7: warning: function 'inc' can only be launched, called, bound to a name"))
      << r.diagnostics;
}

TEST(HostLanguage, SysArgvCarriesTheScriptPathAsGiven) {
  TranslateResult r = run("n = int(sys.argv[1]) if len(sys.argv) > 1 else 10\na = np.zeros(n)\ninc[1, 1](a)\n"
                          "dec[1, 1](a)\nprint(sys.argv[1:])\nsys.exit(2)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::to_int(py2cuda::host::sys_argv(\"prog.py\").at(int64_t(1)))")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::len(py2cuda::host::sys_argv(\"prog.py\")) > 1")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::sys_argv(\"prog.py\").slice(int64_t(1), true, 0, false)")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::sys_exit(int64_t(2))")) << r.cu;
}

TEST(HostLanguage, PercentAndFormatMapOntoTheRuntimeFormatters) {
  TranslateResult r = run("a = np.zeros(3, dtype=np.float32)\ninc[1, 1](a)\ndec[1, 1](a)\n"
                          "print('%d items, %.2f' % (3, 0.5))\nprint('%s' % a)\n"
                          "print('{} {:.3f}'.format(a[0], 2.0))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::percent_format(\"%d items, %.2f\", int64_t(3), 0.5)")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::percent_format(\"%s\", py2cuda::host::object_text(a, \"numpy.ndarray\"))"))
      << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::format_string(\"{} {:.3f}\", py2cuda::host::np_float32_arg(a(0)), 2.0)"))
      << r.cu;
}

// The host array library holds real numbers and bools: a complex dtype is a located warning
// (no main()), not a C++ error in the emitted host code.
TEST(HostLanguage, ComplexHostArraysAreALocatedWarning) {
  TranslateResult r = run("a = np.zeros(1)\ninc[1, 1](a)\ndec[1, 1](a)\nc = np.ones(4, dtype=np.complex128)\n");
  EXPECT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.diagnostics, "prog.py:13:22: warning: arrays of complex128 are not supported in host code"))
      << r.diagnostics;
  EXPECT_FALSE(has(r.cu, "int main(")) << r.cu;
}

// Keyword fields of a literal format string are numbered after the positional values; a format
// string known only when the program runs, or a field other than a name, is a located warning.
TEST(HostLanguage, FormatKeywordsNumberTheFieldsOfALiteral) {
  TranslateResult r = run("a = np.zeros(1)\ninc[1, 1](a)\ndec[1, 1](a)\nprint('{x} {} {y:>3}'.format(5, x=1, y=2))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  // Each field its own value, in order: x, the first positional, y.
  EXPECT_TRUE(has(r.cu, "\"{0} {1} {2:>3}\"")) << r.cu;
  r = run("a = np.zeros(1)\ninc[1, 1](a)\ndec[1, 1](a)\nf = '{x}'\nprint(f.format(x=1), '{p.q}'.format(p=1))\n");
  EXPECT_TRUE(has(r.diagnostics, "prog.py:14:16: warning: str.format() with keyword arguments is supported by py2cuda on a "
                                 "literal format string")) << r.diagnostics;
}

TEST(HostLanguage, EventsBecomeRuntimeEvents) {
  TranslateResult r = run("a = np.zeros(1)\ne0 = cuda.event()\ne1 = cuda.event(timing=True)\ne0.record()\n"
                          "inc[1, 1](a)\ndec[1, 1](a)\ns = cuda.stream()\ne1.record(stream=s)\ne1.synchronize()\n"
                          "print(cuda.event_elapsed_time(e0, e1) >= 0, e0.elapsed_time(e1) >= 0)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::Event e0 = py2cuda::host::Event::create();")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::Event e1 = py2cuda::host::Event::create(true);")) << r.cu;
  EXPECT_TRUE(has(r.cu, "e1.record(s);")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::event_elapsed_time(e0, e1) >= ")) << r.cu;
}

TEST(HostLanguage, AliasReboundToAValueAtTheTopLevelBecomesAVariable) {
  TranslateResult r = run("a = np.zeros(1)\nk = inc\nk[1, 1](a)\ndec[1, 1](a)\nk = 5\nprint(k + 1)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "int64_t k_2 = 5;")) << r.cu;  // a version of its own (infer/ssa_versions.h)
  EXPECT_TRUE(has(r.cu, "int main(")) << r.cu;
}

TEST(HostLanguage, FunctionBoundInABranchToAVariablesNameIsALocatedWarning) {
  TranslateResult r = run("a = np.zeros(1)\ninc[1, 1](a)\ndec[1, 1](a)\nk = 5\nif a[0] > 0:\n    k = inc\n"
                          "k[1, 1](a)\n");
  EXPECT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.diagnostics, "prog.py:15:5: warning: 'k' holds both a function and a value of type int64"))
      << r.diagnostics;
}

// numba-cuda's documentation examples run as main(unittest.TestCase()): the instance is a
// runtime TestCase and its assertions are method calls, msg= last.
TEST(HostLanguage, TestCaseAssertionsBecomeRuntimeMethodCalls) {
  TranslateResult r = run("import unittest\ndef main(self):\n    a = np.zeros(1)\n    inc[1, 1](a)\n    dec[1, 1](a)\n"
                          "    self.assertEqual(a[0], 0.0, msg='net')\n    self.assertAlmostEqual(a[0], 1, delta=2)\n"
                          "    self.skipTest('done')\nmain(unittest.TestCase())\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "void main_host(py2cuda::host::TestCase self) {")) << r.cu;
  EXPECT_TRUE(has(r.cu, "main_host(py2cuda::host::TestCase());")) << r.cu;
  EXPECT_TRUE(has(r.cu, "self.assertEqual(a(0), 0.0, \"net\");")) << r.cu;
  EXPECT_TRUE(has(r.cu, "self.assertAlmostEqual(a(0), int64_t(1), std::nullopt, int64_t(2));")) << r.cu;
  EXPECT_TRUE(has(r.cu, "self.skipTest(\"done\");")) << r.cu;
}

// unittest compares strings with a line diff in its message: a located warning, no main().
TEST(HostLanguage, TestCaseAssertEqualOfStringsIsALocatedWarning) {
  TranslateResult r = run("import unittest\ndef main(self):\n    a = np.zeros(1)\n    inc[1, 1](a)\n    dec[1, 1](a)\n"
                          "    self.assertEqual('x', 'y')\nmain(unittest.TestCase())\n");
  EXPECT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.diagnostics, "prog.py:15:22: warning: TestCase.assertEqual() of a unicode_type is not supported by "
                                 "py2cuda (numbers and bools are)"))
      << r.diagnostics;
  EXPECT_FALSE(has(r.cu, "int main(")) << r.cu;
}

// Python's int ** int is a float for a negative exponent: a negative constant types the power as
// float64; an exponent that is not a constant keeps it an int, checked when it runs.
TEST(HostLanguage, IntPowerWithANegativeExponentIsAFloat) {
  TranslateResult r = run("a = np.zeros(1)\ninc[1, 1](a)\ndec[1, 1](a)\nn = int(sys.argv[1])\nk = -n\nprint(n ** -2, n ** k, n ** 2)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "pow(double(n), -2.0)")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::python_int_pow(n, k)")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::ipow_exact(n, 2)")) << r.cu;  // no trip through float64, as in kernels
}

// `a op= v` on a host array stores into the array the name holds (an alias sees it), with
// NumPy's same_kind casting; on a list, `+=` extends it.
TEST(HostLanguage, AugmentedAssignmentChangesArraysAndListsInPlace) {
  TranslateResult r = run("a = np.zeros(3)\ninc[1, 1](a)\ndec[1, 1](a)\nb = a\na += 1\nxs = [1]\nxs += [2]\n"
                          "print(b, xs)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::assign(a, py2cuda::np::add<double>(a, int64_t(1)));")) << r.cu;
  EXPECT_TRUE(has(r.cu, "xs.extend(")) << r.cu;
  r = run("a = np.zeros(3, dtype=np.int32)\ninc[1, 1](a)\ndec[1, 1](a)\na /= 2\n");
  EXPECT_TRUE(has(r.diagnostics, "prog.py:13:1: warning: Cannot cast ufunc 'true_divide' output from dtype('float64') "
                                 "to dtype('int32') with casting rule 'same_kind'"))
      << r.diagnostics;
  r = run("a = np.zeros(3)\ninc[1, 1](a)\ndec[1, 1](a)\nd = cuda.to_device(a)\nd += 1\n");
  EXPECT_TRUE(has(r.diagnostics, "prog.py:14:1: warning: '+=' on a device array is not supported on the host"))
      << r.diagnostics;
}

TEST(HostLanguage, LoopOverDtypesLaunchesOneSpecialisationPerCopy) {
  TranslateResult r = run("for dt in (np.float32, np.float64):\n    a = np.zeros(2, dtype=dt)\n    inc[1, 1](a)\n"
                          "    print(dt.__name__, dt(3), a.dtype == dt, dt)\ndec[1, 1](np.zeros(1))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "int main(")) << r.diagnostics;
  // Each copy of the body echoes its lines; the launch appears once per dtype.
  const std::string launch = "// prog.py:12: inc[1, 1](a)";
  const size_t first = r.cu.find(launch);
  ASSERT_NE(first, std::string::npos) << r.cu;
  EXPECT_NE(r.cu.find(launch, first + 1), std::string::npos) << r.cu;
  EXPECT_TRUE(has(r.cu, "\"float32\"")) << r.cu;
  EXPECT_TRUE(has(r.cu, "\"<class 'numpy.float64'>\"")) << r.cu;
}

TEST(HostLanguage, BreakInLoopOverDtypesIsALocatedWarning) {
  TranslateResult r = run("a = np.zeros(1)\ninc[1, 1](a)\nfor dt in (np.float32, np.int32):\n    print(dt(1))\n    break\ndec[1, 1](np.zeros(1))\n");
  EXPECT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.diagnostics, "prog.py:14:5: warning: 'break' in a loop over functions, NumPy types")) << r.diagnostics;
  EXPECT_FALSE(has(r.cu, "int main(")) << r.cu;
}

// f(*g()): the call's tuple evaluated once, into a variable its items are read from.
TEST(HostLanguage, StarredCallOfAnExpressionIsEvaluatedOnce) {
  TranslateResult r = run("def pair():\n    return (1, 2)\ndef add(x, y):\n    return x + y\na = np.zeros(1)\n"
                          "inc[1, 1](a)\nprint(add(*pair()))\ndec[1, 1](np.zeros(1))\n");
  EXPECT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "const py2cuda::tuple<int64_t, int64_t> items = pair_host(); return "
                        "add_host(py2cuda::get<0>(items), py2cuda::get<1>(items));"))
      << r.cu;
  EXPECT_TRUE(has(r.cu, "int main(")) << r.cu;
}

// A list spread into a function with defaults has no fixed number of items to take.
TEST(HostLanguage, StarredListOutsidePrintIsALocatedWarning) {
  TranslateResult r = run("def add(x, y=1):\n    return x + y\nxs = [1, 2]\na = np.zeros(1)\ninc[1, 1](a)\n"
                          "print(add(*xs))\ndec[1, 1](np.zeros(1))\n");
  EXPECT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.diagnostics, "prog.py:15:11: warning: py2cuda unpacks *x of a tuple")) << r.diagnostics;
  r = run("def add(x, y):\n    return x + y\nxs = [1, 2]\na = np.zeros(1)\ninc[1, 1](a)\n"
          "print(add(*xs))\ndec[1, 1](np.zeros(1))\n");
  EXPECT_TRUE(has(r.cu, "add_host(xs.at(int64_t(0)), xs.at(int64_t(1)))")) << r.cu;
}

TEST(HostLanguage, StarredTupleSpreadsIntoALaunchAndPrint) {
  TranslateResult r = run("a = np.zeros(3)\nargs = (a,)\ninc[1, 1](*args)\nprint(*a.shape, sep='x')\ndec[1, 1](np.zeros(1))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "int main(")) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "launch_inc(")) << r.cu;
}

TEST(HostLanguage, ForElseSkipsTheElseBlockAfterBreak) {
  TranslateResult r = run("a = np.zeros(1)\ninc[1, 1](a)\nfor i in range(3):\n    if i == 5:\n        break\n"
                          "else:\n    print('no break')\ndec[1, 1](np.zeros(1))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "bool loop_broke = false;")) << r.cu;
  EXPECT_TRUE(has(r.cu, "loop_broke = true;\n")) << r.cu;
  EXPECT_TRUE(has(r.cu, "if (!loop_broke) {")) << r.cu;
}

TEST(HostLanguage, DeviceSelectionAndQueriesCallTheRuntime) {
  TranslateResult r = run("cuda.select_device(0)\ndev = cuda.get_current_device()\nmajor, minor = dev.compute_capability\n"
                          "print(major, minor, dev.id, cuda.is_float16_supported())\na = np.zeros(1)\ninc[1, 1](a)\ndec[1, 1](a)\n"
                          "cuda.close()\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::select_device(")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::compute_capability(dev)")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::close()")) << r.cu;
  EXPECT_TRUE(has(r.cu, "int main(int argc, char** argv)")) << r.cu;
}

TEST(HostLanguage, DeviceAttributeOutsideTheSupportedOnesIsALocatedWarning) {
  TranslateResult r = run("dev = cuda.get_current_device()\nprint(dev.pci_bus_id)\na = np.zeros(1)\ninc[1, 1](a)\ndec[1, 1](a)\n");
  EXPECT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.diagnostics, "prog.py:11:11: warning: a device's 'pci_bus_id' is not supported by py2cuda"))
      << r.diagnostics;
  EXPECT_FALSE(has(r.cu, "int main(")) << r.cu;
}

TEST(HostLanguage, TransposeOfADeviceArrayIsANewDeviceArrayFor2DOnly) {
  TranslateResult ok = run("d = cuda.to_device(np.zeros((2, 3)))\nt = d.T\nu = d.transpose()\ninc[1, 1](t[0])\ndec[1, 1](u[0])\n"
                           "print(t.shape, u.shape)\n");
  ASSERT_TRUE(ok.ok) << ok.diagnostics;
  EXPECT_TRUE(has(ok.cu, "py2cuda::host::transpose(d)")) << ok.cu;
  EXPECT_TRUE(has(ok.cu, "int main(int argc, char** argv)")) << ok.cu;
  TranslateResult one = run("d = cuda.to_device(np.zeros(3))\nt = d.T\ninc[1, 1](t)\n");
  EXPECT_TRUE(has(one.diagnostics, "prog.py:11:5: warning: transposing a non-2D DeviceNDArray isn't supported"))
      << one.diagnostics;
}

TEST(HostLanguage, ToDeviceCopiesIntoToAndAllocatesOnlyWithoutCopy) {
  TranslateResult r = run("a = np.zeros(3)\nd = cuda.device_array(3)\ne = cuda.to_device(a[::-1], to=d)\n"
                          "f = cuda.to_device(a, copy=False)\ninc[1, 1](e)\ndec[1, 1](f)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::copy_into(d, ")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::to_device(a, false)")) << r.cu;
  TranslateResult unknown = run("a = np.zeros(3)\nc = a.size > 2\nd = cuda.to_device(a, copy=c)\ninc[1, 1](d)\ndec[1, 1](d)\n");
  EXPECT_TRUE(has(unknown.diagnostics, "prog.py:12:28: warning: copy= of cuda.to_device() must be written True or False"))
      << unknown.diagnostics;
  TranslateResult mismatch = run("a = np.zeros(3)\nd = cuda.device_array(3, dtype=np.int32)\ne = cuda.to_device(a, to=d)\n"
                                 "inc[1, 1](e)\ndec[1, 1](e)\n");
  EXPECT_TRUE(has(mismatch.diagnostics, "warning: to= of cuda.to_device() needs a device array of the dtype")) << mismatch.diagnostics;
}

TEST(HostLanguage, AnUnsupportedPythonBuiltinIsNamedAsSuchNotAsUndefined) {
  TranslateResult builtin = run("a = np.zeros(3)\nlabels = frozenset(a.tolist())\ninc[1, 1](a)\ndec[1, 1](a)\n");
  EXPECT_TRUE(has(builtin.diagnostics, "prog.py:11:10: warning: 'frozenset' is not supported in host code by this version of py2cuda"))
      << builtin.diagnostics;
  TranslateResult typo = run("a = np.zeros(3)\nlabels = sett(a.tolist())\ninc[1, 1](a)\ndec[1, 1](a)\n");
  EXPECT_TRUE(has(typo.diagnostics, "prog.py:11:10: warning: name 'sett' is not defined")) << typo.diagnostics;
}

TEST(HostLanguage, DtypeItemsizeSizesDynamicSharedMemory) {
  TranslateResult r = run("a = np.zeros(4, dtype=np.float32)\nb = np.zeros(4, dtype=np.int16)\n"
                          "inc[1, 4, 0, 4 * a.dtype.itemsize](a)\ndec[1, 1](a)\nprint(a.dtype.itemsize, b.dtype.itemsize)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "int main(int argc, char** argv)")) << r.cu;
  EXPECT_FALSE(has(r.diagnostics, "itemsize")) << r.diagnostics;
}

// `del name` of a local (a device array freed early, as course notebooks do) translates to
// nothing: the name may be bound again, to another type; `del` of an attribute stays a warning.
TEST(HostLanguage, DelOfANameIsDropped) {
  TranslateResult r = run("inc[1, 1](np.zeros(1))\ndec[1, 1](np.zeros(1))\nd = cuda.to_device(np.zeros(2))\ndel d\n"
                          "d = 3\nprint(d)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "// prog.py:14: d = 3")) << r.cu;
  EXPECT_FALSE(has(r.cu, "del d")) << r.cu;
  TranslateResult bad = run("inc[1, 1](np.zeros(1))\ndel sys.argv\n");
  EXPECT_TRUE(has(bad.diagnostics, "prog.py:11:5: warning: 'del' of this target is not supported by py2cuda")) << bad.diagnostics;
}

// A loop over a display whose items' types differ only once typed (arrays of two dtypes made by
// calls) is unrolled as a display of mixed literals is: one copy of the body per item.
TEST(HostLanguage, ALoopOverItemsOfTypesKnownOnlyWhenTypedIsUnrolled) {
  TranslateResult r = run("for name, m in [('a', np.ones(2, dtype=np.float32)), ('b', np.zeros(3))]:\n"
                          "    inc[1, 1](m)\n    dec[1, 1](m)\n    print(name, m.dtype)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_EQ(r.diagnostics, "");
  EXPECT_TRUE(has(r.cu, "py2cuda::host::NDArray<float, 1> m = ")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::NDArray<double, 1> m_2 = py2cuda::np::zeros<double>(")) << r.cu;
}

// A kernel's parameters with defaults may be left out of a launch: the defaults are passed,
// as numba-cuda's dispatcher passes omitted arguments; too few arguments name the range.
TEST(HostLanguage, KernelDefaultsFillTheLaunchesArguments) {
  TranslateResult r = run("@cuda.jit\ndef k(a, scale=2.0, shift=1):\n    a[0] = a[0] * scale + shift\n"
                          "a = np.zeros(2)\nk[1, 1](a)\nk[1, 1](a, 0.5)\ninc[1, 1](a)\ndec[1, 1](a)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "launch_k(py2cuda::LaunchConfig{1, 1}, py2cuda::host::transfer_in_out(a), 2.0, 1);"))
      << r.cu;
  EXPECT_TRUE(has(r.cu, "launch_k(py2cuda::LaunchConfig{1, 1}, py2cuda::host::transfer_in_out(a), 0.5, 1);"))
      << r.cu;
  TranslateResult bad = run("@cuda.jit\ndef k(a, b, scale=2.0):\n    a[0] = b * scale\nk[1, 1](np.zeros(2))\n");
  EXPECT_TRUE(has(bad.diagnostics, "kernel 'k' takes from 2 to 3 arguments but 1 was given")) << bad.diagnostics;
}

// A kernel defined again under its name: the launches before the second definition run the
// first, those after it the second (`k_2`); a plain function's body names the last.
TEST(HostLanguage, AKernelDefinedAgainIsAKernelOfItsOwn) {
  TranslateResult r = run("@cuda.jit\ndef k(a):\n    a[0] += 1\ndef twice(a):\n    k[1, 1](a)\n"
                          "a = np.zeros(1)\nk[1, 1](a)\n@cuda.jit\ndef k(a):\n    a[0] *= 10\nk[1, 1](a)\ntwice(a)\n"
                          "inc[1, 1](a)\ndec[1, 1](a)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "__global__ void k(")) << r.cu;
  EXPECT_TRUE(has(r.cu, "__global__ void k_2(")) << r.cu;
  EXPECT_TRUE(has(r.cu, "void twice_host(py2cuda::host::NDArray<double, 1> a) {\n  // prog.py:14: k[1, 1](a)\n  launch_k_2(")) << r.cu;
}

// A function's local bound once to False decides its tests in host code, as a module flag does:
// the arm CPython never runs (an import py2cuda does not translate) is left out.
TEST(HostLanguage, ALocalFlagBoundOnceDecidesItsTests) {
  TranslateResult r = run("def main():\n    plot = False\n    a = np.zeros(1)\n    inc[1, 1](a)\n"
                          "    if plot:\n        import matplotlib.pyplot as plt\n        plt.plot(a)\n"
                          "    print(a)\nmain()\n");
  EXPECT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "int main(")) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "// (the test is always false: no branch of this if is compiled)")) << r.cu;
}

// zip() of a display of kernels with their configurations: unrolled, each copy binding the
// kernel and its configuration's item (a list held in a name is read by subscript).
TEST(HostLanguage, ZipOfKernelsWithConfigurationsIsUnrolled) {
  TranslateResult r = run("a = np.zeros(4)\nconfigs = [(1, 4), (2, 2)]\n"
                          "for kern, (g, b) in zip([inc, dec], configs):\n    kern[g, b](a)\nprint(a)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  const size_t first = r.cu.find("launch_inc(");
  const size_t second = r.cu.find("launch_dec(");
  ASSERT_NE(first, std::string::npos) << r.cu;
  ASSERT_NE(second, std::string::npos) << r.cu;
  EXPECT_LT(first, second) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::tuple<int64_t, int64_t> tup2 = configs.at(int64_t(1));")) << r.cu;
}
