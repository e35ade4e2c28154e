// Python sets in host code (infer/host_sets.cpp): displays and comprehensions spelled as
// set(...), `set()` typed by its adds, the methods, the operators and their in-place forms,
// the subset comparisons, and the located warnings for what Python or py2cuda rejects.
// Programs compared with Python's output: tests/programs/host_sets.py; the runtime's table
// order: test_runtime_host_set.cpp.
#include <gtest/gtest.h>

#include "translate_text.h"

using namespace py2cuda;

namespace {

const test::HostProgram run({});  // lines 1-5

using test::has;

}  // namespace

// A display is braced; one of more than two constants is CPython's frozenset constant merged
// into a new set (Set::constant_display), which orders it otherwise than set([...]) does.
TEST(HostSets, DisplayIsBracedAndComprehensionIsBuiltFromItsItems) {
  TranslateResult r = run("inc[1, 1](np.zeros(1))\ns = {3, 1, 2}\nt = {x * x for x in range(4) if x}\nk = 5\n"
                          "u = {k, 1, 2}\nv = set([3, 1, 2])\nw = {3, 1}\nprint(s, t, u, v, w)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::Set<int64_t> s = py2cuda::host::Set<int64_t>::constant_display({3, int64_t(1), 2});"))
      << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::Set<int64_t> u = py2cuda::host::Set<int64_t>{k, int64_t(1), 2};")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::Set<int64_t> w = py2cuda::host::Set<int64_t>{3, 1};")) << r.cu;
  // set([3, 1, 2]) adds the list's items in order.
  EXPECT_TRUE(has(r.cu, "py2cuda::host::Set<int64_t> v = py2cuda::host::Set<int64_t>{3, int64_t(1), 2};")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::Set<int64_t> t = py2cuda::host::Set<int64_t>::of(py2cuda::host::list_each<int64_t>("))
      << r.cu;
}

TEST(HostSets, EmptySetTakesTheTypeOfItsAddsAndUpdates) {
  TranslateResult r = run("a = np.zeros(4)\ninc[1, 1](a)\nseen = set()\nfor v in a:\n    seen.add(v)\nnames = set()\n"
                          "names.update(['x', 'y'])\nprint(seen, names)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::Set<double> seen = py2cuda::host::Set<double>();")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::Set<std::string> names = py2cuda::host::Set<std::string>();")) << r.cu;
  EXPECT_TRUE(has(r.cu, "names.update(py2cuda::host::List<std::string>{\"x\", \"y\"});")) << r.cu;
}

TEST(HostSets, OperatorsAndInPlaceFormsCallTheSetsOperations) {
  TranslateResult r = run("inc[1, 1](np.zeros(1))\na = {1, 2}\nb = {2, 3}\nprint(a | b, a & b, a - b, a ^ b, a <= b, a < b)\n"
                          "a |= b\na -= {1}\na &= b\na ^= {7}\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "a | b, a & b, a - b, a ^ b, a <= b, a < b")) << r.cu;
  EXPECT_TRUE(has(r.cu, "a.update(b);")) << r.cu;
  EXPECT_TRUE(has(r.cu, "a.difference_update(py2cuda::host::Set<int64_t>{1});")) << r.cu;
  EXPECT_TRUE(has(r.cu, "a.intersection_update(b);")) << r.cu;
  EXPECT_TRUE(has(r.cu, "a.symmetric_difference_update(py2cuda::host::Set<int64_t>{7});")) << r.cu;
}

TEST(HostSets, MethodsTakeSetsOrIterables) {
  TranslateResult r = run("inc[1, 1](np.zeros(1))\na = {1, 2}\nprint(a.union([5], {6}), a.issubset(range(9)), "
                          "a.intersection([2, 2]), a.isdisjoint({4}))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "a.union_of(py2cuda::host::List<int64_t>{5}, py2cuda::host::Set<int64_t>{6})")) << r.cu;
  EXPECT_TRUE(has(r.cu, "a.issubset(py2cuda::host::Set<int64_t>::of(py2cuda::host::range(int64_t(9))))")) << r.cu;
  EXPECT_TRUE(has(r.cu, "a.intersection(py2cuda::host::List<int64_t>{2, 2})")) << r.cu;
}

TEST(HostSets, ANegatedComparisonKeepsItsParentheses) {
  // `assert a <= b` negates the whole comparison: a pattern with an operator is not one primary
  // expression, whatever its last character.
  TranslateResult r = run("inc[1, 1](np.zeros(1))\nassert {1} <= {1, 2}\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "if (!(py2cuda::host::Set<int64_t>{1} <= py2cuda::host::Set<int64_t>{1, 2})) {")) << r.cu;
}

TEST(HostSets, WhatPythonRejectsIsALocatedWarning) {
  TranslateResult r = run("inc[1, 1](np.zeros(1))\ns = {1, 2}\nprint(s[0])\n");
  EXPECT_TRUE(has(r.diagnostics, "prog.py:8:7: warning: 'set' object is not subscriptable")) << r.diagnostics;
  r = run("inc[1, 1](np.zeros(1))\ns = {1, 2}\ns.append(3)\n");
  EXPECT_TRUE(has(r.diagnostics, "prog.py:8:3: warning: 'set' object has no attribute 'append'")) << r.diagnostics;
  r = run("inc[1, 1](np.zeros(1))\ns = {1, 2}\nprint(s | [3])\n");
  EXPECT_TRUE(has(r.diagnostics, "unsupported operand type(s) for |: 'reflected set(int64)' and 'list(int64)'")) << r.diagnostics;
  r = run("inc[1, 1](np.zeros(1))\ns = {[1], [2]}\n");
  EXPECT_TRUE(has(r.diagnostics, "a set of reflected list(int64) values is not supported by py2cuda")) << r.diagnostics;
  r = run("inc[1, 1](np.zeros(1))\ns = {1, 2}\ns.add('x')\n");
  EXPECT_TRUE(has(r.diagnostics, "a set of int64 cannot hold a unicode_type value")) << r.diagnostics;
}
