// Host code's with statements (infer/context_managers.cpp): over numba.cuda's context managers the
// body in place, then each manager's exit action; over an instance of the program's classes,
// __enter__, the body, __exit__; everything else a located warning.
#include <gtest/gtest.h>

#include "translate_text.h"

using namespace py2cuda;

namespace {

const test::HostProgram run({.setup = "a = np.zeros(4)\n"});  // lines 1-6

using test::has;

}  // namespace

TEST(HostContextManagers, AutoSynchronizeRunsTheBodyThenSynchronizesTheStream) {
  TranslateResult r = run("s = cuda.stream()\nwith s.auto_synchronize():\n    d = cuda.to_device(a, stream=s)\n"
                          "    inc[1, 1, s](d)\n    b = d.copy_to_host(stream=s)\nprint(b)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  const size_t body = r.cu.find("b = d.copy_to_host()");
  const size_t sync = r.cu.find("  // prog.py:8: with s.auto_synchronize():\n  s.synchronize();\n");
  const size_t use = r.cu.find("py2cuda::host::print(b)");
  ASSERT_NE(body, std::string::npos) << r.cu;
  ASSERT_NE(sync, std::string::npos) << r.cu;
  EXPECT_LT(body, sync);
  EXPECT_LT(sync, use);
}

// The stream the with statement saw is the one synchronized, even when the body rebinds the name.
TEST(HostContextManagers, AStreamTheBodyRebindsIsKeptFirst) {
  TranslateResult r = run("s = cuda.stream()\nwith s.auto_synchronize():\n    inc[1, 1, s](a)\n"
                          "    s = cuda.stream()\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::Stream stream = s;")) << r.cu;
  EXPECT_TRUE(has(r.cu, "  stream.synchronize();\n")) << r.cu;
}

TEST(HostContextManagers, PinnedAndDeferCleanupRunTheBody) {
  TranslateResult r = run("with cuda.pinned(a), cuda.defer_cleanup():\n    inc[1, 1](a)\nprint(a)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "int main(int argc, char** argv)")) << r.cu;
  EXPECT_TRUE(has(r.cu, "  // prog.py:8: inc[1, 1](a)\n")) << r.cu;
}

TEST(HostContextManagers, OtherContextManagersAreALocatedWarning) {
  TranslateResult r = run("inc[1, 1](a)\nwith open('log.txt') as f:\n    print(a)\n");
  EXPECT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.diagnostics, "prog.py:8:6: warning: py2cuda translates with statements in host code only over "
                                 "numba.cuda's context managers"))
      << r.diagnostics;
  EXPECT_FALSE(has(r.cu, "int main(")) << r.cu;
  r = run("inc[1, 1](a)\nwith cuda.defer_cleanup() as c:\n    print(a)\n");
  EXPECT_TRUE(has(r.diagnostics, "prog.py:8:30: warning: 'with ... as c' is not supported in host code")) << r.diagnostics;
}

TEST(HostContextManagers, LeavingAnAutoSynchronizedBodyEarlyIsALocatedWarning) {
  TranslateResult r = run("def step(s):\n    with s.auto_synchronize():\n        inc[1, 1, s](a)\n        return 1\n"
                          "step(cuda.stream())\n");
  EXPECT_TRUE(has(r.diagnostics, "prog.py:10:9: warning: leaving 'with stream.auto_synchronize()' early")) << r.diagnostics;
}

TEST(HostContextManagers, MisusedManagersAreALocatedWarning) {
  TranslateResult r = run("inc[1, 1](a)\nd = cuda.to_device(a)\nwith cuda.pinned(d):\n    pass\n");
  EXPECT_TRUE(has(r.diagnostics, "prog.py:9:18: warning: cuda.pinned() takes host arrays")) << r.diagnostics;
  r = run("inc[1, 1](a)\nm = cuda.stream().auto_synchronize()\n");
  EXPECT_TRUE(has(r.diagnostics, "prog.py:8:5: warning: Stream.auto_synchronize() is a context manager")) << r.diagnostics;
}

TEST(HostContextManagers, KernelsHaveNoWithStatement) {
  SourceFile file("k.py", "from numba import cuda\n@cuda.jit('void(float64[:])')\ndef k(a):\n"
                          "    with cuda.defer_cleanup():\n        a[0] = 1\n");
  TranslateResult r = translate(file, TranslateOptions{});
  EXPECT_FALSE(r.ok);
  EXPECT_TRUE(has(r.diagnostics, "k.py:4:5: error: a with statement is not supported in CUDA kernels")) << r.diagnostics;
}

// One warning for the root cause: names an unsupported statement or a failed assignment would
// bind are not reported again at each use.
TEST(HostContextManagers, NamesOfAnUntranslatableStatementAreReportedOnce) {
  TranslateResult r = run("def main():\n    import matplotlib.pyplot as plt\n    fig, ax = plt.subplots()\n"
                          "    ax.plot(a)\n    plt.show()\n    inc[1, 1](a)\nmain()\n");
  // The import inside main() is the module's (hoisted); what py2cuda cannot translate is the call.
  EXPECT_TRUE(has(r.diagnostics, "prog.py:9:15: warning: 'matplotlib.pyplot.subplots' cannot be used in host code"))
      << r.diagnostics;
  EXPECT_FALSE(has(r.diagnostics, "'plt' is not defined")) << r.diagnostics;
  EXPECT_FALSE(has(r.diagnostics, "'ax' is used before")) << r.diagnostics;
}

// An instance of the program's class with __enter__ and __exit__: the manager is held, __enter__'s
// value goes to the `as` target, the body runs, then __exit__ with None for the exception's
// three values (an unread `*args` of __exit__ takes nothing), however the body is left. A class
// without the two methods is a located warning.
TEST(HostContextManagers, InstancesOfTheProgramsClassesEnterAndExit) {
  const std::string timer =
      "class Timer:\n    def __init__(self, name):\n        self.name = name\n"
      "    def __enter__(self):\n        print('start', self.name)\n        return self\n"
      "    def __exit__(self, *args):\n        print('done', self.name)\n"
      "class Log:\n    def __enter__(self):\n        pass\n    def __exit__(self, kind, value, tb):\n        return False\n";
  TranslateResult r = run(timer + "with Timer('k') as t, Log():\n    inc[1, 1](a)\nprint(t.name)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  const size_t enter = r.cu.find("std::shared_ptr<Timer> t = Timer_op_enter_host(context);");
  const size_t body = r.cu.find("launch_inc(py2cuda::LaunchConfig{1, 1}", enter);
  ASSERT_NE(enter, std::string::npos) << r.cu;
  EXPECT_LT(enter, body);
  // The exits, last manager first, run however the body is left (its end, return, an
  // exception): a finally block's guard.
  EXPECT_TRUE(has(r.cu, "py2cuda::host::Finally finally([&] {\n      Log_op_exit_host(context2, py2cuda::none, "
                        "py2cuda::none, py2cuda::none);\n      Timer_op_exit_host(context);\n    });"))
      << r.cu;
  TranslateResult early = run(timer + "def f():\n    with Timer('x'):\n        return 1\nprint(f())\ninc[1, 1](a)\n");
  ASSERT_TRUE(early.ok) << early.diagnostics;
  TranslateResult plain = run("class P:\n    pass\ninc[1, 1](a)\nwith P():\n    pass\n");
  EXPECT_TRUE(has(plain.diagnostics, "prog.py:10:6: warning: a with statement needs a context manager: class 'P' defines "
                                     "no __enter__ and __exit__"))
      << plain.diagnostics;
}

// A @contextmanager generator is a class (sema/context_generators.cpp): the statements before its
// yield are __enter__, returning the yielded value; those after it (a finally block's too) are
// __exit__; its parameters and the names bound before the yield are attributes. A generator of
// another shape stays a located warning where it is used.
TEST(HostContextManagers, ContextmanagerGeneratorsAreClasses) {
  const std::string gen =
      "from contextlib import contextmanager\n@contextmanager\ndef timed(label):\n    n = len(label)\n"
      "    try:\n        yield n * 2\n    finally:\n        print(label, n)\n";
  TranslateResult r = run(gen + "with timed('k') as width:\n    inc[1, 1](a)\nprint(width)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "int64_t timed_op_enter_host(std::shared_ptr<timed> self) {")) << r.cu;
  EXPECT_TRUE(has(r.cu, "int64_t width = timed_op_enter_host(context);")) << r.cu;
  EXPECT_TRUE(has(r.cu, "timed_op_exit_host(context);")) << r.cu;
  TranslateResult loop = run("from contextlib import contextmanager\n@contextmanager\ndef each():\n"
                             "    for i in range(2):\n        yield i\ninc[1, 1](a)\nwith each() as i:\n    print(i)\n");
  EXPECT_TRUE(has(loop.diagnostics, "prog.py:13:6: warning: py2cuda translates with statements in host code only over"))
      << loop.diagnostics;
}

// NumPy's floating-point error modes: 'ignore' and 'warn' change no value py2cuda's host
// arithmetic gives, so the body runs as it is and np.seterr emits nothing; 'raise' and 'print'
// would change what the program does or prints.
TEST(HostContextManagers, ErrstateIgnoreRunsTheBodyAndSeterrEmitsNothing) {
  TranslateResult r = run("with np.errstate(divide='ignore', invalid='warn'):\n    b = a / a\n"
                          "np.seterr(all='ignore')\ninc[1, 1](b)\nprint(b)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "int main(int argc, char** argv)")) << r.cu;
  EXPECT_TRUE(has(r.cu, "  // prog.py:9: np.seterr(all='ignore')\n  // prog.py:10: inc[1, 1](b)\n")) << r.cu;
}

TEST(HostContextManagers, ErrorModesThatRaiseOrPrintAreALocatedWarning) {
  TranslateResult r = run("inc[1, 1](a)\nwith np.errstate(over='raise'):\n    print(a * 2)\n");
  EXPECT_TRUE(has(r.diagnostics, "prog.py:8:23: warning: np.errstate(over='raise') is not supported by py2cuda")) << r.diagnostics;
  EXPECT_FALSE(has(r.cu, "int main(")) << r.cu;
  r = run("inc[1, 1](a)\nnp.seterr(divide='print')\n");
  EXPECT_TRUE(has(r.diagnostics, "prog.py:8:18: warning: np.seterr(divide='print') is not supported")) << r.diagnostics;
  r = run("inc[1, 1](a)\nwith np.errstate(dividing='ignore'):\n    pass\n");
  EXPECT_TRUE(has(r.diagnostics, "prog.py:8:18: warning: np.errstate() has no keyword 'dividing'")) << r.diagnostics;
}
