// Host numbers across control flow (infer/host_flow.cpp): a top-level loop, if or try that
// widens a number gets a version of the name from its entry, so code before it keeps the
// name's type; a number whose type differs by path is a DynamicNumber (the type the path that
// ran gave it, infer/host_dynamic_numbers.cpp), and only such a number is one.
#include <gtest/gtest.h>

#include "translate_text.h"

using namespace py2cuda;

namespace {

const char* const kPrologue =
    "import numpy as np\nfrom numba import cuda\n"
    "@cuda.jit\ndef inc(a):\n    a[0] += 1\n"
    "x = np.ones(3, dtype=np.float32)\ninc[1, 1](x)\n";  // lines 1-7

TranslateResult run(const std::string& host) { return test::translate_text(kPrologue, host); }

using test::has;

}  // namespace

TEST(HostFlow, LoopThatWidensANumberVersionsItAtTheLoop) {
  TranslateResult r = run("total = 0\nprint(total)\nfor v in x:\n    total += v\nprint(total)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  // Before the loop the name is the int it was assigned; the loop and what follows it see a float.
  EXPECT_TRUE(has(r.cu, "  int64_t total = 0;\n  // prog.py:9: print(total)\n  py2cuda::host::print(total);\n"))
      << r.cu;
  EXPECT_TRUE(has(r.cu, "  double total_2 = double(total);\n")) << r.cu;
  EXPECT_TRUE(has(r.cu, "    total_2 = py2cuda::np::add<double>(total_2, v);\n")) << r.cu;
  EXPECT_TRUE(has(r.cu, "  py2cuda::host::print(total_2);\n")) << r.cu;
  // Only a loop of no iteration would print the int as CPython does: not warned (as compiled
  // Numba, the loop-widened number is the wider type), so ordinary accumulation stays quiet.
  EXPECT_EQ(r.diagnostics, "");
  EXPECT_TRUE(has(r.cu, "int main(int argc, char** argv)")) << r.cu;
}

TEST(HostFlow, LoopThatKeepsTheTypeIsNotVersioned) {
  TranslateResult r = run("i = 0\nwhile i < 3:\n    i += 1\nt = 0.0\nfor v in x:\n    t += v\nprint(i, t)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_FALSE(has(r.cu, "i_2")) << r.cu;
  EXPECT_FALSE(has(r.cu, "t_2")) << r.cu;
  EXPECT_TRUE(has(r.cu, "    i += 1;\n")) << r.cu;
  EXPECT_EQ(r.diagnostics, "");
}

TEST(HostFlow, WhileAndIfVersionsAndNestedLoopsVersionAtTheOutermost) {
  TranslateResult r = run("w = 0\nwhile w < 2:\n    w += 0.75\nb = False\nif x[0] > 0:\n    b = 1\n"
                          "m = 0\nfor r in range(2):\n    for v in x:\n        m = m + v\nprint(w, b, m)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "  double w_2 = double(w);\n")) << r.cu;
  // `b = 1` in an if that may not run: a bool on one path, an int on the other.
  EXPECT_TRUE(has(r.cu, "  py2cuda::host::DynamicNumber b_2 = py2cuda::host::to_dynamic<bool>(b);\n")) << r.cu;
  EXPECT_TRUE(has(r.cu, "  double m_2 = double(m);\n")) << r.cu;
  EXPECT_FALSE(has(r.diagnostics, "'w'")) << r.diagnostics;
  EXPECT_EQ(r.diagnostics, "");
  EXPECT_FALSE(has(r.diagnostics, "'m'")) << r.diagnostics;
}

TEST(HostFlow, BranchesOfDifferentNumberTypesAreADynamicNumber) {
  TranslateResult r = run("for k in range(3):\n    if k % 2 == 0:\n        y = k\n    else:\n        y = k / 2\n"
                          "    print(y)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  // Each branch stores its value with its own type; print() shows the one the path gave.
  EXPECT_TRUE(has(r.cu, "py2cuda::host::DynamicNumber y{};")) << r.cu;
  EXPECT_TRUE(has(r.cu, "y = py2cuda::host::to_dynamic<int64_t>(k);")) << r.cu;
  EXPECT_TRUE(has(r.cu, "y = py2cuda::host::to_dynamic<double>(")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::print(y);")) << r.cu;
  EXPECT_EQ(r.diagnostics, "");
  EXPECT_TRUE(has(r.cu, "int main(int argc, char** argv)")) << r.cu;
}

TEST(HostFlow, Float32AndFloat64PrintApartIntWidthsDoNot) {
  TranslateResult r = run("best = 0.5\nfor v in x:\n    if v > best:\n        best = v\n"
                          "n = np.int32(1)\nfor v in x:\n    n = n + 1\nprint(best, n)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  // best: a Python float, or the np.float32 element; compared as NumPy compares the two.
  EXPECT_TRUE(has(r.cu, "py2cuda::host::DynamicNumber best = py2cuda::host::to_dynamic<double>(0.5);")) << r.cu;
  EXPECT_TRUE(has(r.cu, "if ((py2cuda::host::to_dynamic<float>(v) > best)) {")) << r.cu;
  EXPECT_TRUE(has(r.cu, "best = py2cuda::host::to_dynamic<float>(v);")) << r.cu;
  EXPECT_EQ(r.diagnostics, "");
  // np.int32 + int is int64: a wider int prints as the narrower one did, so the loop versions `n` silently.
  EXPECT_TRUE(has(r.cu, "  int64_t n_2 = int64_t(n);\n")) << r.cu;
}

TEST(HostFlow, OnlyNumbersThatDifferByPathAreDynamicAndStaticUsesConvert) {
  TranslateResult r = run("best = 0.0\ntotal = 0.0\nfor v in x:\n    total += v\n    if v > best:\n        best = v\n"
                          "acc = best * 2\nacc += 1\nprint(best, f\"{best}\", f\"{acc:.2f}\", -acc, acc // 2, total)\n"
                          "if best:\n    inc[1, 1](x)\nz = np.zeros(3)\nz[0] = best\nprint(z, str(best))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_EQ(r.diagnostics, "");
  // total is a float64 on every path: a double as before.
  EXPECT_TRUE(has(r.cu, "  double total = 0.0;\n")) << r.cu;
  // Arithmetic with a DynamicNumber is one too (NumPy's scalar rules at run time).
  EXPECT_TRUE(has(r.cu, "py2cuda::host::DynamicNumber acc = (best * py2cuda::host::to_dynamic<int64_t>(2));")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::dynamic_floordiv(acc, py2cuda::host::to_dynamic<int64_t>(2))")) << r.cu;
  // f"{best}" formats the type it holds; an array element needs the static type.
  EXPECT_TRUE(has(r.cu, "py2cuda::host::format(best, \"\")")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::from_dynamic<double>(best)")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::str(best)")) << r.cu;
  EXPECT_TRUE(has(r.cu, "if (py2cuda::host::truthy(best)) {")) << r.cu;
}

TEST(HostFlow, StraightLineRebindingAfterALoopIsItsOwnVariable) {
  TranslateResult r = run("c = 0\nfor v in x:\n    c += v\nc = 7\nprint(c)\nc = c / 2\nprint(c)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "  int64_t c_3 = 7;\n")) << r.cu;
  EXPECT_TRUE(has(r.cu, "  double c_4 = ")) << r.cu;
}

TEST(HostFlow, PlainFunctionBodyIsVersionedToo) {
  TranslateResult r = run("def mean(a):\n    acc = 0\n    print(acc)\n    for i in range(a.size):\n"
                          "        acc = acc + a[i]\n    return acc / a.size\nprint(mean(x))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "double acc_2 = double(acc);")) << r.cu;
  EXPECT_FALSE(has(r.diagnostics, "before this loop")) << r.diagnostics;
}

TEST(HostFlow, DynamicNumberBuiltinsKeepTheHeldType) {
  TranslateResult r = run("n = 0\nif x[0] > 0:\n    n = 2.5\nprint(max(n, 2), min(1, n, 3), abs(n), round(n), round(n, 1))\n"
                          "print(isinstance(n, int), isinstance(n, (float, bool)))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_EQ(r.diagnostics, "");
  // (n_2: the version of n from the `if` that rebinds it, a DynamicNumber.)
  EXPECT_TRUE(has(r.cu, "py2cuda::host::py_max(n_2, py2cuda::host::to_dynamic<int64_t>(2))")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::py_min(py2cuda::host::py_min(py2cuda::host::to_dynamic<int64_t>(1), n_2), "
                        "py2cuda::host::to_dynamic<int64_t>(3))"))
      << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::py_abs(n_2)")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::py_round(n_2)")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::round_digits(n_2, int64_t(1))")) << r.cu;
  EXPECT_TRUE(has(r.cu, R"(py2cuda::host::isinstance(n_2, {"int"}))")) << r.cu;
  EXPECT_TRUE(has(r.cu, R"(py2cuda::host::isinstance(n_2, {"float", "bool"}))")) << r.cu;
}

TEST(HostFlow, IsinstanceOfAMixedDictValueTestsTheHeldValue) {
  // A dict of ints, floats and strings holds FormatArgs: isinstance asks the value held, by
  // class name (it was decided statically, always False).
  TranslateResult r = run("d = {'a': 1, 'b': 2.5, 'c': 'x'}\nfor k, v in d.items():\n"
                          "    print(k, isinstance(v, int), isinstance(v, (float, str)))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, R"(py2cuda::host::isinstance(v, {"int"}))")) << r.cu;
  EXPECT_TRUE(has(r.cu, R"(py2cuda::host::isinstance(v, {"float", "str"}))")) << r.cu;
}

TEST(HostFlow, LaunchWithADynamicNumberChoosesTheInstanceByTheHeldType) {
  TranslateResult r = run("@cuda.jit\ndef put(a, v):\n    a[0] = v\nn = 0\nif x[0] > 0:\n    n = 2.5\nput[1, 1](x, n)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_EQ(r.diagnostics, "");
  // n is assigned an int and a float: the int64 instance where it holds an int, else float64's,
  // in a block of their own: the launch's operands bound once, in order, then an if per instance.
  EXPECT_TRUE(has(r.cu, "  {\n"
                        "    auto&& py2cuda_config = py2cuda::LaunchConfig{1, 1};\n"
                        "    auto&& py2cuda_arg0 = "))
      << r.cu;
  EXPECT_TRUE(has(r.cu, "    auto&& py2cuda_arg1 = n_2;\n"
                        "    if (py2cuda::host::numba_type_is<int64_t>(py2cuda_arg1)) {\n"
                        "      launch_put_2(py2cuda_config, py2cuda_arg0, py2cuda::host::from_dynamic<int64_t>(py2cuda_arg1));\n"
                        "    } else {\n"
                        "      launch_put(py2cuda_config, py2cuda_arg0, py2cuda::host::from_dynamic<double>(py2cuda_arg1));\n"
                        "    }\n"
                        "  }\n"))
      << r.cu;
}

TEST(HostFlow, AConditionalExpressionKeepsItsArmsPythonTypes) {
  // `2 if big else 0.5`: the int 2 or the float 0.5, a DynamicNumber; beside an array it is
  // its widest type (NumPy casts a scalar by its value there).
  TranslateResult r = run("big = x[0] > 0\nf = 2 if big else 0.5\nprint(f, x * f)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_EQ(r.diagnostics, "");
  EXPECT_TRUE(has(r.cu, "py2cuda::host::to_dynamic<int64_t>(2)")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::to_dynamic<double>(0.5)")) << r.cu;
}

TEST(HostFlow, StringsAndTuplesAugmentedAreRebound) {
  TranslateResult r = run("s = 'a'\ns += 'b'\nt = (1,)\nt += (2, 3)\nprint(s, t)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_EQ(r.diagnostics, "");
  EXPECT_TRUE(has(r.cu, "py2cuda::host::tuple_cat(")) << r.cu;
}

