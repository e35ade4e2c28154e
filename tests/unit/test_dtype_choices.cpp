// A dtype chosen when the program runs (sema/dtype_choices.cpp): the statements after the choice
// are translated once per dtype, the copy the condition picks running.
#include <gtest/gtest.h>

#include "translate_text.h"

using namespace py2cuda;
using py2cuda::test::has;

namespace {

const std::string kPrologue =
    "import numpy as np\n"
    "from numba import cuda\n"
    "@cuda.jit\n"
    "def twice(a):\n"
    "    a[0] *= 2\n";

TranslateResult run(const std::string& body) { return test::translate_text(kPrologue, body); }

}  // namespace

TEST(DtypeChoices, AConditionalExpressionOfDtypesIsACopyPerDtype) {
  TranslateResult r = run("def go(single):\n"
                          "    dt = np.float32 if single else np.float64\n"
                          "    a = np.ones(2, dtype=dt)\n"
                          "    twice[1, 1](a)\n"
                          "    print(a)\n"
                          "go(True)\ngo(False)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "if (dt_choice == (single ? int64_t(0) : int64_t(1))) {")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::NDArray<float, 1> a = py2cuda::np::ones<float>(")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::NDArray<double, 1> a_2 = py2cuda::np::ones<double>(")) << r.cu;
  EXPECT_TRUE(has(r.cu, "__global__ void twice(py2cuda::CArray<float, 1> a)")) << r.cu;
  EXPECT_TRUE(has(r.cu, "__global__ void twice_2(py2cuda::CArray<double, 1> a)")) << r.cu;
}

TEST(DtypeChoices, AnIfElifChainPicksOneOfThree) {
  TranslateResult r = run("def go(kind):\n"
                          "    if kind == 'a':\n        t = np.int16\n"
                          "    elif kind == 'b':\n        t = np.int32\n"
                          "    else:\n        t = np.int64\n"
                          "    print(np.zeros(2, dtype=t).dtype)\n"
                          "go('a')\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "if (t_choice == ((std::string_view(kind) == std::string_view(\"a\")) ? 0 : "
                        "(std::string_view(kind) == std::string_view(\"b\")) ? int64_t(1) : int64_t(2))) {"))
      << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::print(\"int16\")")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::print(\"int64\")")) << r.cu;
}

// What the copies bind is read after the block: each copy's own objects could not reach there,
// so the choice is left as it was (a name bound to two dtypes on two paths, reported).
TEST(DtypeChoices, ANameReadAfterTheBlockLeavesTheChoiceAlone) {
  TranslateResult r = run("def go(single, n):\n"
                          "    if n > 0:\n"
                          "        dt = np.float32 if single else np.float64\n"
                          "        a = np.ones(n, dtype=dt)\n"
                          "    print(a)\n"
                          "go(True, 2)\n");
  EXPECT_FALSE(has(r.cu, "dt_choice")) << r.cu;
}

// A condition reading the command line through len(): builtins that only read may be evaluated
// once per copy.
TEST(DtypeChoices, AConditionMayReadThroughLen) {
  TranslateResult r = test::translate_text("import sys\n" + kPrologue,
                                           "dt = np.float64 if len(sys.argv) > 1 else np.float32\n"
                                           "a = np.zeros(2, dtype=dt)\ntwice[1, 1](a)\nprint(a.dtype)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "if (dt_choice == (py2cuda::host::len(py2cuda::host::sys_argv(\"prog.py\")) > 1 ? int64_t(0) : "
                        "int64_t(1))) {"))
      << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::print(\"float64\");")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::print(\"float32\");")) << r.cu;
}

// A loop over dtype names that the body makes arrays of is unrolled (infer/dtype_classes.cpp):
// each copy's name is its string where read as a value, and the type it names as a dtype. A loop
// over strings the body never uses as a dtype stays a loop.
TEST(DtypeChoices, ALoopOverDtypeNamesIsACopyPerName) {
  TranslateResult r = run("for name in ['float32', 'int64']:\n"
                          "    a = np.zeros(2, dtype=name)\n"
                          "    twice[1, 1](a)\n"
                          "    print(name, a)\n"
                          "for word in ['float32', 'x']:\n"
                          "    print(word)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::NDArray<float, 1> a = py2cuda::np::zeros<float>(")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::NDArray<int64_t, 1> a_2 = py2cuda::np::zeros<int64_t>(")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::print(\"float32\", a)")) << r.cu;
  EXPECT_TRUE(has(r.cu, "for (")) << r.cu;  // the loop over words is not unrolled
}

// Host code's `if` whose test the translation decides (a copy of an unrolled loop compares its
// dtype name with a literal): only the arm that runs is typed, so np.iinfo of a float type in the
// other arm is no error, and what follows an arm that returns is not typed either.
TEST(DtypeChoices, ADecidedTestTypesOnlyTheArmThatRuns) {
  TranslateResult r = run("def top(dt):\n"
                          "    if np.dtype(dt).kind == 'i':\n"
                          "        return float(np.iinfo(dt).max)\n"
                          "    return float(np.finfo(dt).max)\n"
                          "for name in ('int8', 'float32'):\n"
                          "    a = np.zeros(2, dtype=name)\n"
                          "    twice[1, 1](a)\n"
                          "    if name == 'int8':\n"
                          "        print(np.iinfo(name).max)\n"
                          "    else:\n"
                          "        print(np.finfo(name).eps)\n"
                          "print(top(np.int16), top(np.float32))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_FALSE(has(r.diagnostics, "warning")) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "int main(")) << r.cu;
}
