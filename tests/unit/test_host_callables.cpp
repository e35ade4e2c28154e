// Host code's callables and small language gaps (infer/host_lists.cpp key_function,
// infer/function_values.cpp lambdas, infer/python_types.cpp, tuples in infer/expressions.cpp):
// what the translation spells and the located warnings for what it cannot type. Programs
// compared with Python's output: tests/programs/host_callables.py.
#include <gtest/gtest.h>

#include "translate_text.h"

using namespace py2cuda;

namespace {

const test::HostProgram run({});  // lines 1-5

using test::has;

}  // namespace

TEST(HostCallables, SortedKeyLambdaIsACppLambdaOverTheItem) {
  TranslateResult r = run("inc[1, 1](np.zeros(1))\nxs = [(1, 2.5), (0, 1.5)]\nprint(sorted(xs, key=lambda t: t[1], reverse=True))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::sorted<py2cuda::tuple<int64_t, double>>(xs, [&](py2cuda::tuple<int64_t, double> t) "
                        "{ return py2cuda::get<1>(t); }, true)"))
      << r.cu;
}

TEST(HostCallables, KeyOfANamedFunctionAndOfDictGet) {
  TranslateResult r = run("def neg(v):\n    return -v\ninc[1, 1](np.zeros(1))\nys = [3, 1]\nys.sort(key=neg)\n"
                          "d = {'a': 1, 'b': 2}\nprint(ys, max(d, key=d.get))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "ys.sort([&](const int64_t& item) { return neg_host(item); }, false);")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::max<std::string>(py2cuda::host::dict_view<py2cuda::host::DictPart::Keys>(d), "
                        "[&](const std::string& item2) { return d.at(item2); })"))
      << r.cu;
}

// A key= giving lists orders them item by item (host/list.h); one giving dicts, which Python
// does not order, is a warning.
TEST(HostCallables, KeyGivingADictIsAWarning) {
  TranslateResult r = run("inc[1, 1](np.zeros(1))\nxs = [1, 2]\nprint(sorted(xs, key=lambda v: [v]))\n"
                          "print(sorted(xs, key=lambda v: {v: 1}))\n");
  EXPECT_FALSE(has(r.diagnostics, "prog.py:8:")) << r.diagnostics;
  EXPECT_TRUE(has(r.diagnostics, "prog.py:9:22: warning: the key= function gives DictType[int64,int64] values, which "
                                 "py2cuda does not order"))
      << r.diagnostics;
}

TEST(HostCallables, LambdaInANameIsAppliedAtEachCall) {
  TranslateResult r = run("inc[1, 1](np.zeros(1))\nk = 2\nf = lambda x, y=1: x * k + y\nprint(f(3), f(1.5, 2))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "[&](int64_t x, int64_t y) { return (x * k + y); }(int64_t(3), int64_t(1))")) << r.cu;
  EXPECT_TRUE(has(r.cu, "[&](double x2, int64_t y2) {")) << r.cu;
}

TEST(HostCallables, LambdaUsedAsAValueIsAWarning) {
  TranslateResult r = run("inc[1, 1](np.zeros(1))\nf = lambda x: x\nprint(f)\n");
  EXPECT_TRUE(has(r.diagnostics, "prog.py:8:7: warning: 'f' holds a lambda, which py2cuda applies where it is called"))
      << r.diagnostics;
}

// A lambda in a kernel is applied where it is called (infer/function_values.cpp); used as a
// value it is an error.
TEST(HostCallables, LambdaInAKernelIsAppliedWhereCalled) {
  TranslateResult r = test::translate_text("from numba import cuda\n@cuda.jit('void(float32[:])')\ndef k(a):\n"
                                           "    f = lambda x: x * 2\n    a[0] = f(a[1])\n",
                                           "");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  // float32 * int is float64 in Numba's typing.
  EXPECT_TRUE(has(r.cu, "a(0) = float([&](float x) { return (double(x) * 2.0); }(a(1)));")) << r.cu;
  TranslateResult bad = test::translate_text("from numba import cuda\n@cuda.jit('void(float32[:])')\ndef k(a):\n"
                                             "    f = lambda x: x\n    g = f\n    a[0] = g(a[1])\n",
                                             "");
  EXPECT_FALSE(bad.ok);
  EXPECT_TRUE(has(bad.diagnostics, "'f' holds a lambda")) << bad.diagnostics;
}

TEST(HostCallables, TupleOfAListVariableIsAWarning) {
  TranslateResult r = run("inc[1, 1](np.zeros(1))\nxs = [1, 2]\nxs.append(3)\nprint(tuple(xs), tuple(range(3)), ())\n");
  EXPECT_TRUE(has(r.diagnostics, "prog.py:9:13: warning: tuple() of a reflected list(int64): py2cuda's tuples have their "
                                 "length in their type"))
      << r.diagnostics;
}

TEST(HostCallables, TypeOfScalarsFollowsWhereTheyComeFrom) {
  TranslateResult r = run("a = np.zeros(3)\ninc[1, 1](a)\nn = len(a)\ne = a[0]\nprint(type(n), type(e).__name__)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "\"<class 'int'>\"")) << r.cu;
  EXPECT_TRUE(has(r.cu, "\"float64\"")) << r.cu;
}

TEST(HostCallables, TypeOfAParameterIsStillAWarning) {
  TranslateResult r = run("def show(v):\n    print(type(v))\nshow(3)\n");
  EXPECT_TRUE(has(r.diagnostics, "warning: type() of a int64 value is not supported by py2cuda")) << r.diagnostics;
}

TEST(HostCallables, NumberReboundToAnotherNumberTypeGetsItsOwnVariable) {
  TranslateResult r = run("inc[1, 1](np.zeros(1))\nx = 3\nprint(x)\nx = 2.5\nprint(x)\nt = 0\nfor i in range(2):\n"
                          "    t += 0.5\nprint(t)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "int64_t x = 3;")) << r.cu;
  EXPECT_TRUE(has(r.cu, "double x_2 = 2.5;")) << r.cu;
  // A loop widening a name's first binding versions it at the loop (infer/host_flow.cpp): before
  // it the name is the int it was assigned.
  EXPECT_TRUE(has(r.cu, "int64_t t = 0;")) << r.cu;
  EXPECT_TRUE(has(r.cu, "double t_2 = double(t);")) << r.cu;
}

// A host function's keyword-only parameters (after `*`) are bound by name; a positional argument
// for one is Python's TypeError, found here. Device functions keep their error.
TEST(HostCallables, KeywordOnlyParametersOfHostFunctionsBindByName) {
  TranslateResult r = run("def run(u, *, steps=1, fill=0.0):\n    return u * steps + fill\n"
                          "inc[1, 1](np.zeros(1))\nprint(run(2.0), run(2.0, fill=0.5, steps=3))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "int main(")) << r.cu;
  TranslateResult bad = run("def run(u, *, steps=1):\n    return u * steps\ninc[1, 1](np.zeros(1))\nprint(run(2.0, 3))\n");
  EXPECT_TRUE(has(bad.diagnostics, "prog.py:9:7: warning: run() takes 1 positional argument but 2 were given (TypeError)"))
      << bad.diagnostics;
  SourceFile file("k.py", "from numba import cuda\n@cuda.jit(device=True)\ndef f(x, *, k=1):\n    return x * k\n"
                          "@cuda.jit('void(float64[:])')\ndef g(a):\n    a[0] = f(a[0])\n");
  TranslateResult dev = translate(file, TranslateOptions{});
  EXPECT_FALSE(dev.ok);
  EXPECT_TRUE(has(dev.diagnostics, "keyword-only parameters are not supported in CUDA")) << dev.diagnostics;
}

// np.pad: pad_width's forms reach the runtime's pad_widths<N> as they are written; a mode literal
// is the PadMode it names, a mode held in a variable is looked up when the program runs.
TEST(HostCallables, NpPadSpellsItsWidthsAndMode) {
  TranslateResult r = run("inc[1, 1](np.zeros(1))\na = np.zeros((2, 3))\nm = 'wrap'\n"
                          "print(np.pad(a, ((0, 1), (2, 0)), mode='edge'), np.pad(a, 1, m), np.pad(a, (1, 2), constant_values=9))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::pad_widths<2>(")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::PadMode::Edge")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::pad_mode(m)")) << r.cu;
  TranslateResult bad = run("inc[1, 1](np.zeros(1))\na = np.zeros(3)\nprint(np.pad(a, 1, mode='median'))\n");
  EXPECT_TRUE(has(bad.diagnostics, "prog.py:8:25: warning: np.pad() mode 'median' is not supported by py2cuda")) << bad.diagnostics;
}

// A function defined in a host function that reads the function's variables moves to module
// level with each variable as a keyword-only parameter, and every call passes it by name
// (sema/nested_functions.cpp): the value at the call, as a closure reads it. Calls from another
// nested function pass them on. One whose name is used as a value stays nested: unsupported.
TEST(HostCallables, NestedFunctionsReadingVariablesTakeThemAtEachCall) {
  TranslateResult r = run("def main():\n    n = 4\n    out = []\n"
                          "    def size():\n        return n * 2\n"
                          "    def record(k):\n        out.append(k * size())\n"
                          "    record(1)\n    n = 5\n    record(2)\n    print(out)\n"
                          "    inc[1, 1](np.zeros(1))\nmain()\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "int64_t size_host(int64_t n) {")) << r.cu;
  EXPECT_TRUE(has(r.cu, "void record_host(int64_t k, int64_t n, py2cuda::host::List<int64_t> out) {")) << r.cu;
  EXPECT_TRUE(has(r.cu, "out.append(k * size_host(n));")) << r.cu;
  EXPECT_TRUE(has(r.cu, "record_host(int64_t(2), n, out);")) << r.cu;
  TranslateResult value = run("def main():\n    n = 4\n    def f(k):\n        return k + n\n"
                              "    g = f\n    print(g(1))\n    inc[1, 1](np.zeros(1))\nmain()\n");
  EXPECT_TRUE(has(value.diagnostics, "prog.py:8:5: warning: a nested function definition is not supported in host code"))
      << value.diagnostics;
}

// An empty list passed to a host function holds what the function appends to it.
TEST(HostCallables, AnEmptyListTakesTheTypeItsCalleeAppends) {
  TranslateResult r = run("def fill(xs, k):\n    for i in range(k):\n        xs.append(i * 0.5)\n"
                          "inc[1, 1](np.zeros(1))\nys = []\nfill(ys, 3)\nprint(ys)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::List<double> ys = py2cuda::host::List<double>();")) << r.cu;
  EXPECT_TRUE(has(r.cu, "void fill_host(py2cuda::host::List<double> xs, int64_t k) {")) << r.cu;
}

// tuple() of a generator over tuples whose length is known (a shape, a tuple variable; zip()
// and enumerate() of them): the items written out, one per element, so the result is a C++
// tuple a launch takes as its grid. A generator over a list stays a located warning.
TEST(HostCallables, TupleOfAGeneratorOverTuplesIsWrittenOut) {
  TranslateResult r = run("a = np.zeros((4, 6))\nt = (2, 4)\nb = tuple((s + k - 1) // k for s, k in zip(a.shape, t))\n"
                          "g = tuple(n * i for i, n in enumerate(t))\ninc[1, 1](np.zeros(1))\nprint(b, g)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::tuple<int64_t, int64_t> b = py2cuda::tuple<int64_t, int64_t>{")) << r.cu;
  EXPECT_TRUE(has(r.cu, "g = py2cuda::tuple<int64_t, int64_t>(py2cuda::get<0>(t) * 0, py2cuda::get<1>(t) * 1);")) << r.cu;
  TranslateResult list = run("xs = [1, 2]\nb = tuple(x + 1 for x in xs)\ninc[1, 1](np.zeros(1))\n");
  EXPECT_TRUE(has(list.diagnostics, "prog.py:7:10: warning: tuple() of a ")) << list.diagnostics;
}

// A host function calling itself: the call is typed by the returns that do not recurse, and the
// C++ function calls itself (was "recursive host function is not supported").
TEST(HostCallables, ARecursiveFunctionIsTypedByItsBaseCase) {
  TranslateResult r = run("def fact(n):\n    if n <= 1:\n        return 1\n    return n * fact(n - 1)\n"
                          "inc[1, 1](np.zeros(1))\nprint(fact(10))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "int64_t fact_host(int64_t n) {")) << r.cu;
  EXPECT_TRUE(has(r.cu, "return n * fact_host(n - 1);")) << r.cu;
}

TEST(HostCallables, ARecursiveFunctionReturningNothingAppendsToTheListItPasses) {
  TranslateResult r = run("def walk(n, out):\n    if n == 0:\n        return\n    out.append(n)\n    walk(n - 1, out)\n"
                          "inc[1, 1](np.zeros(1))\nseen = []\nwalk(3, seen)\nprint(seen)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "walk_host(n - 1, out);")) << r.cu;
}

TEST(HostCallables, ARecursiveCallWithoutABaseCaseIsALocatedWarning) {
  TranslateResult r = run("def f(n):\n    return f(n - 1)\ninc[1, 1](np.zeros(1))\nprint(f(3))\n");
  EXPECT_TRUE(has(r.diagnostics, "prog.py:7:12: warning: the recursive call of 'f' has no type")) << r.diagnostics;
}

// The program's wrapper decorator: the decorated body is `run_wrapped`, `run` the wrapper
// calling it with the function's own parameters (it was dropped: the function ran undecorated).
TEST(HostCallables, AWrapperDecoratorIsApplied) {
  TranslateResult r = run("def timed(fn):\n    def wrapper(*args, **kwargs):\n        print('start', fn.__name__)\n"
                          "        return fn(*args, **kwargs)\n    return wrapper\n"
                          "@timed\ndef run(a, k=2):\n    return a.sum() * k\n"
                          "inc[1, 1](np.zeros(1))\nprint(run(np.ones(2), k=3))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::print(\"start\", \"run\");")) << r.cu;
  EXPECT_TRUE(has(r.cu, "return run_wrapped_host(a, k);")) << r.cu;
}

// A factory of a wrapper decorator called with literal arguments: its parameters read as
// those values in the wrapper.
TEST(HostCallables, AWrapperDecoratorFactoryIsAppliedWithItsArguments) {
  TranslateResult r = run("def repeat(times, label='x'):\n    def deco(fn):\n        def wrapper(a):\n"
                          "            for _ in range(times):\n                fn(a)\n            print(label)\n"
                          "            return a\n        return wrapper\n    return deco\n"
                          "@repeat(3)\ndef step(a):\n    inc[1, 1](a)\nprint(step(np.zeros(1)))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::print(\"x\");")) << r.cu;
  EXPECT_TRUE(has(r.cu, "step_wrapped_host(a);")) << r.cu;
  EXPECT_FALSE(has(r.cu, "repeat")) << r.cu;  // the factory is applied everywhere: no host code left
}

// `def register(fn): ...; return fn`: the function stays itself, the statements follow its def.
TEST(HostCallables, ARegisteringDecoratorRunsItsStatementsAfterTheDefinition) {
  TranslateResult r = run("NAMES = []\ndef register(fn):\n    NAMES.append(fn.__name__)\n    return fn\n"
                          "@register\ndef check(a):\n    inc[1, 1](a)\n    return a\nprint(NAMES, check(np.zeros(1)))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "  // prog.py:8: NAMES.append(fn.__name__)\n  NAMES.append(\"check\");")) << r.cu;
  r = run("NAMES = {}\ndef register(fn):\n    NAMES[fn.__name__] = fn\n    return fn\n"
          "@register\ndef check(a):\n    return a\ninc[1, 1](np.zeros(1))\nprint(check(1))\n");
  EXPECT_TRUE(has(r.diagnostics, "prog.py:10:2: warning: the decorator of 'check' is not supported by py2cuda")) << r.diagnostics;
}

TEST(HostCallables, ADecoratorFactoryIsALocatedWarning) {
  TranslateResult r = run("def twice(n):\n    def deco(fn):\n        return fn\n    return deco\n"
                          "@twice(2)\ndef run(a):\n    return a\ninc[1, 1](np.zeros(1))\nprint(run(1))\n");
  EXPECT_TRUE(has(r.diagnostics, "prog.py:10:2: warning: the decorator of 'run' is not supported by py2cuda")) << r.diagnostics;
}

// `self.kern = kern` of a kernel: the attribute holds the function's tag, and a launch or call
// through it is the function's; objects holding different functions there are a located warning.
TEST(HostCallables, AnAttributeHoldingAKernelLaunchesIt) {
  TranslateResult r = run("def post(x):\n    return x * 2\nclass Op:\n    def __init__(self, kern):\n"
                          "        self.kern = kern\n        self.finish = post\n    def go(self, a):\n"
                          "        self.kern[1, 1](a)\n        return self.finish(a)\nprint(Op(inc).go(np.zeros(1)))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "  py2cuda::host::FunctionTag kern{};")) << r.cu;
  EXPECT_TRUE(has(r.cu, "launch_inc(py2cuda::LaunchConfig{1, 1}")) << r.cu;
  EXPECT_TRUE(has(r.cu, "return post_host(a);")) << r.cu;
  r = run("class Op:\n    def __init__(self, kern):\n        self.kern = kern\n"
          "@cuda.jit\ndef dec(a):\n    a[0] -= 1\nOp(inc)\nOp(dec)\n");
  EXPECT_TRUE(has(r.diagnostics, "prog.py:8:9: warning: the attribute 'kern' of 'Op' holds the function 'inc' and, here, "
                                 "'dec'")) << r.diagnostics;
}

// `k[1, 1](x, *outs)` of a list: as many of its items as the kernel's remaining parameters take.
TEST(HostCallables, AListSpreadLastIntoALaunchGivesTheRemainingParameters) {
  TranslateResult r = run("@cuda.jit\ndef two(a, b, c):\n    c[0] = a[0] + b[0]\n"
                          "outs = [np.zeros(1), np.zeros(1)]\ntwo[1, 1](np.ones(1), *outs)\nprint(outs[1])\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::transfer_in_out(outs.at(int64_t(0))), py2cuda::host::transfer_in_out(outs.at(int64_t(1))));")) << r.cu;
}
