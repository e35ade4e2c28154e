// Host code's Python semantics that C++ has no direct spelling for: module variables
// functions rebind with `global`, None in formatting, `x in range(...)`, the empty dict,
// and int literals whose value leaves int64.
#include <gtest/gtest.h>

#include "translate_text.h"

using namespace py2cuda;

namespace {

const test::HostProgram run({});  // lines 1-5

using test::has;

}  // namespace

TEST(HostModuleGlobals, GlobalStatementSharesOneNamespaceVariable) {
  TranslateResult r = run("count = 0\ndef bump(k):\n    global count\n    count += k\n"
                          "a = np.zeros(1)\ninc[1, 1](a)\nbump(2)\nprint(count)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "static int64_t count_global{};")) << r.cu;
  EXPECT_TRUE(has(r.cu, "count_global = (count_global + k);")) << r.cu;
  EXPECT_TRUE(has(r.cu, "count_global = 0;")) << r.cu;
  EXPECT_TRUE(has(r.cu, "int main(")) << r.cu;
}

TEST(HostModuleGlobals, GlobalOfAnotherTypeIsALocatedWarning) {
  TranslateResult r = run("total = 0\ndef add(x):\n    global total\n    total += x\n"
                          "a = np.zeros(1)\ninc[1, 1](a)\nadd(2.5)\nprint(total)\n");
  EXPECT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.diagnostics, "prog.py:9:5: warning: the module variable 'total' is int64 (its first assignment) "
                                 "and is assigned float64 here"))
      << r.diagnostics;
  EXPECT_FALSE(has(r.cu, "int main(")) << r.cu;
}

TEST(HostModuleGlobals, OptionalFormatsNoneInPercentAndFStrings) {
  TranslateResult r = run("best = None\na = np.zeros(1)\ninc[1, 1](a)\nfor x in [2.0, 1.0]:\n"
                          "    if best is None or x < best:\n        best = x\nprint('%s' % best, f'{best}', f'{best:.2f}')\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::percent_format(\"%s\", best)")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::str(best)")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::format(best, \".2f\")")) << r.cu;
}

TEST(HostModuleGlobals, InRangeIsPythonsConstantTimeTest) {
  TranslateResult r = run("a = np.zeros(1)\ninc[1, 1](a)\nn = 7\nprint(n in range(10, 0, -3), n not in range(4))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::range_contains(n, int64_t(10), int64_t(0), -int64_t(3))") ||
              has(r.cu, "py2cuda::host::range_contains(n, int64_t(10), int64_t(0), int64_t(-3))"))
      << r.cu;
  EXPECT_TRUE(has(r.cu, "!py2cuda::host::range_contains(n, int64_t(0), int64_t(4), int64_t(1))")) << r.cu;
}

TEST(HostModuleGlobals, NeverFilledDictIsAnEmptyDict) {
  TranslateResult r = run("a = np.zeros(1)\ninc[1, 1](a)\nd = {}\nprint(len({}), d, len(d))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::EmptyDict d = py2cuda::host::EmptyDict{};")) << r.cu;
  EXPECT_TRUE(has(r.cu, "int main(")) << r.cu;
}

TEST(HostModuleGlobals, IntLiteralExpressionBeyondInt64IsALocatedWarning) {
  TranslateResult r = run("a = np.zeros(1)\ninc[1, 1](a)\nprint(2 ** 63 - 1, -2 ** 63)\nprint(10 ** 20)\n");
  EXPECT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.diagnostics, "prog.py:9:7: warning: the Python int 100000000000000000000 does not fit in 64 bits"))
      << r.diagnostics;
  EXPECT_FALSE(has(r.diagnostics, "prog.py:8:")) << r.diagnostics;
  EXPECT_FALSE(has(r.cu, "int main(")) << r.cu;
}

TEST(HostModuleGlobals, ContainersAHelperChangesAreSharedAndTypedByItsStores) {
  TranslateResult r = run("timings = {}\nresults = []\ncounts = np.zeros(3)\n"
                          "def record(n, t):\n    timings[f'run{n}'] = t\n    results.append(n * 2)\n"
                          "    counts[n] += 1.0\n"
                          "a = np.zeros(1)\ninc[1, 1](a)\nrecord(1, 0.5)\nprint(timings, results, counts)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "static py2cuda::host::Dict<std::string, double> timings_global{};")) << r.cu;
  EXPECT_TRUE(has(r.cu, "static py2cuda::host::List<int64_t> results_global{};")) << r.cu;
  EXPECT_TRUE(has(r.cu, "static py2cuda::host::NDArray<double, 1> counts_global{};")) << r.cu;
  EXPECT_TRUE(has(r.cu, "timings_global.set(")) << r.cu;
  EXPECT_TRUE(has(r.cu, "results_global.append(n * 2);")) << r.cu;
  EXPECT_TRUE(has(r.cu, "timings_global = {};")) << r.cu;
  EXPECT_TRUE(has(r.cu, "int main(")) << r.cu;
}

TEST(HostModuleGlobals, ContainerTheModuleFillsIsSharedWithAHelperThatReadsIt) {
  TranslateResult r = run("config = {}\nconfig['n'] = 4\n"
                          "def size():\n    return config['n']\n"
                          "a = np.zeros(1)\ninc[1, 1](a)\nprint(size())\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "static py2cuda::host::Dict<std::string, int64_t> config_global{};")) << r.cu;
  EXPECT_TRUE(has(r.cu, "int main(")) << r.cu;
}

TEST(HostModuleGlobals, AHelpersOwnListAndKernelsStayAsTheyWere) {
  // `results` bound in the helper is its own; the kernel freezes the module array it reads.
  TranslateResult r = run("results = [0]\nw = np.ones(2)\n"
                          "@cuda.jit\ndef scale(a):\n    a[0] *= w[1]\n"
                          "def fill(n):\n    results = []\n    results.append(n)\n    w[0] = 3.0\n    return results\n"
                          "a = np.zeros(1)\ninc[1, 1](a)\nscale[1, 1](a)\nprint(fill(2), results, w)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_FALSE(has(r.cu, "results_global")) << r.cu;
  EXPECT_TRUE(has(r.cu, "static py2cuda::host::NDArray<double, 1> w_global{};")) << r.cu;
  const std::string kernel = r.cu.substr(r.cu.find("__global__ void scale"), 200);
  EXPECT_FALSE(has(kernel, "w_global")) << kernel;
  EXPECT_TRUE(has(r.cu, "int main(")) << r.cu;
}

TEST(HostModuleGlobals, SharedListNothingTypesIsALocatedWarning) {
  TranslateResult r = run("xs = []\ndef reset():\n    xs.clear()\n"
                          "a = np.zeros(1)\ninc[1, 1](a)\nreset()\nprint(len(xs))\n");
  EXPECT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.diagnostics, "prog.py:6:1: warning: the element type of the list 'xs' is never known"))
      << r.diagnostics;
  EXPECT_FALSE(has(r.cu, "int main(")) << r.cu;
}

// Module-level lists, string tuples and dicts that a host function reads are the module's
// objects, assigned by the module's code (kernels cannot freeze them; a tuple of numbers stays
// a frozen constant).
TEST(HostModuleGlobals, ModuleListTupleAndDictReadByAFunction) {
  TranslateResult r = run("SIZES = [16, 32]\nNAMES = ('a', 'b')\nLIMITS = {'a': 1}\nPAIR = (1, 2)\n"
                          "def main():\n    inc[1, 1](np.zeros(1))\n    print(SIZES, NAMES, LIMITS['a'], PAIR)\nmain()\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "static py2cuda::host::List<int64_t> SIZES_global")) << r.cu;
  EXPECT_TRUE(has(r.cu, "SIZES_global = py2cuda::host::List<int64_t>{16, 32};")) << r.cu;
  EXPECT_TRUE(has(r.cu, "NAMES_global")) << r.cu;
  EXPECT_TRUE(has(r.cu, "LIMITS_global")) << r.cu;
  EXPECT_FALSE(has(r.cu, "PAIR_global")) << r.cu;
}

// `TPB, BLOCKS = 16, 2` at module level binds each name once (sema/module_assignments.cpp):
// constants a kernel freezes and host code reads. A swap (`a, b = b, a`) is not split.
TEST(HostModuleGlobals, TupleAssignedModuleConstantsAreConstants) {
  TranslateResult r = run("TPB, BLOCKS = 16, 2\ndef main():\n    a = np.zeros(TPB * BLOCKS)\n    inc[BLOCKS, TPB](a)\n"
                          "    print(a[0])\nmain()\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "int main(")) << r.diagnostics << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::np::zeros<double>(py2cuda::host::shape(TPB * BLOCKS))")) << r.cu;
}
