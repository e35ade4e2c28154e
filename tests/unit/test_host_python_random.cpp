// Python's random module in host code: the translation (infer/host_python_random.cpp) and the
// runtime's draws (runtime/include/py2cuda/host/python_random.h). Every expected number was
// printed by CPython 3.11 (the oracle venv's python) after the same seed and calls; a wrong
// seeding, bit count or retry rule gives other numbers. Program compared with Python's output:
// tests/programs/host_python_random.py.
#include <py2cuda/host.h>

#include <gtest/gtest.h>

#include <string>

#include "translate_text.h"

using namespace py2cuda;

namespace {

namespace r = py2cuda::host::pyrandom;

const test::HostProgram run({.imports = "import random\n", .setup = "inc[1, 1](np.zeros(1))\n"});  // lines 1-7

using test::has;

TEST(HostPythonRandom, DrawsAreCPythons) {
  r::seed(42);
  EXPECT_EQ(r::random(), 0.6394267984578837);
  r::seed((int64_t{1} << 40) + 3);  // two key words
  EXPECT_EQ(r::getrandbits(40), 65368487886);
  EXPECT_EQ(r::randint(1, 10), 9);
  r::seed(0);
  EXPECT_EQ(r::randrange(10, 100, 7), 52);
  EXPECT_EQ(r::gauss(), 0.05219198828260849);
  EXPECT_EQ(r::gauss(), -1.0434089742005737);  // the second of the pair, kept
  r::seed(5);
  host::List<int64_t> xs{0, 1, 2, 3, 4, 5};
  r::shuffle(xs);
  EXPECT_EQ(xs.items(), (std::vector<int64_t>{1, 0, 3, 5, 2, 4}));
  // A population larger than the pool: CPython's selection through a set of indices.
  EXPECT_EQ(r::sample(host::range(10000), 3).items(), (std::vector<int64_t>{7628, 4080, 849}));
}

TEST(HostPythonRandom, EmptyRangesAreCPythonsErrors) {
  try {
    r::randrange(5, 5);
    FAIL() << "no exception";
  } catch (const host::ValueError& e) {
    EXPECT_EQ(std::string(e.what()), "empty range for randrange() (5, 5, 0)");
  }
  EXPECT_THROW(r::choice(host::List<int64_t>{}), host::IndexError);
}

TEST(HostPythonRandom, ModuleFunctionsAreTypedAsPythonsValues) {
  TranslateResult t = run(
      "random.seed(7)\nx = random.random()\nk = random.randint(1, 6)\nc = random.choice(('a', 'b'))\n"
      "xs = [1, 2, 3]\nrandom.shuffle(xs)\ns = random.sample(range(50), 4)\nprint(x, k, c, xs, s)\n");
  ASSERT_TRUE(t.ok) << t.diagnostics;
  EXPECT_TRUE(has(t.cu, "py2cuda::host::pyrandom::seed(int64_t(7));")) << t.cu;
  EXPECT_TRUE(has(t.cu, "double x = py2cuda::host::pyrandom::random();")) << t.cu;
  EXPECT_TRUE(has(t.cu, "int64_t k = py2cuda::host::pyrandom::randint(int64_t(1), int64_t(6));")) << t.cu;
  EXPECT_TRUE(has(t.cu, "std::string c = py2cuda::host::pyrandom::choice(py2cuda::host::to_list<std::string>(")) << t.cu;
  EXPECT_TRUE(has(t.cu, "py2cuda::host::pyrandom::shuffle(xs);")) << t.cu;
}

TEST(HostPythonRandom, SeedsOtherThanIntsAreReported) {
  // A warning: the host code is left untranslated (the kernels still are).
  TranslateResult t = run("random.seed(1.5)\n");
  EXPECT_TRUE(has(t.diagnostics, "prog.py:8:13: warning: random.seed() of a float64 is not supported by py2cuda")) << t.diagnostics;
}

// Python evaluates the index of `xs[i] op= v` once; an index that draws a number is held.
TEST(HostPythonRandom, AugmentedIndexIsEvaluatedOnce) {
  TranslateResult t = run("hist = [0] * 6\nfor _ in range(10):\n    hist[random.randint(1, 6) - 1] += 1\nprint(hist)\n");
  ASSERT_TRUE(t.ok) << t.diagnostics;
  EXPECT_TRUE(has(t.cu, "int64_t hist_index = py2cuda::host::pyrandom::randint(int64_t(1), int64_t(6)) - 1;\n"
                        "    hist.set(hist_index, hist.at(hist_index) + 1);"))
      << t.cu;
}

}  // namespace
