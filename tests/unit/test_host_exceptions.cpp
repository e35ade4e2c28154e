// Host code's try/except/else/finally (infer/exception_handling.cpp) and the runtime that
// catches by Python class (host/exception_handling.h).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "py2cuda/host/exception_handling.h"
#include "translate_text.h"

using namespace py2cuda;

namespace {

const test::HostProgram run({.numba_names = "cuda, njit", .setup = "a = np.zeros(4)\n"});  // lines 1-6

using test::has;

}  // namespace

// ------------------------------------------------------------------ runtime

TEST(HostExceptionRuntime, HandlersMatchThroughPythonsClassHierarchy) {
  using host::isinstance;
  const host::PyException value("ValueError", "bad"), key("KeyError", "'k'"), zero("ZeroDivisionError", "x");
  EXPECT_TRUE(isinstance(value, {"ValueError"}));
  EXPECT_TRUE(isinstance(value, {"IndexError", "ValueError"}));
  EXPECT_FALSE(isinstance(value, {"IndexError", "TypeError"}));
  EXPECT_TRUE(isinstance(key, {"LookupError"}));
  EXPECT_FALSE(isinstance(key, {"IndexError"}));
  EXPECT_TRUE(isinstance(zero, {"ArithmeticError"}));
  EXPECT_TRUE(isinstance(zero, {"Exception"}));
  EXPECT_TRUE(isinstance(zero, {"BaseException"}));
  EXPECT_TRUE(isinstance(host::PyException("NotImplementedError", ""), {"RuntimeError"}));
  // NumPy's AxisError is both a ValueError and an IndexError; SkipTest is named by its module path.
  EXPECT_TRUE(isinstance(host::PyException("AxisError", ""), {"IndexError"}));
  EXPECT_TRUE(isinstance(host::PyException("AxisError", ""), {"ValueError"}));
  EXPECT_TRUE(isinstance(host::PyException("unittest.case.SkipTest", ""), {"SkipTest"}));
  EXPECT_TRUE(isinstance(host::PyException("unittest.case.SkipTest", ""), {"Exception"}));
  EXPECT_FALSE(isinstance(host::PyException("OverflowError", ""), {"LookupError"}));
}

TEST(HostExceptionRuntime, StrAndReprArePythons) {
  EXPECT_EQ(host::str(host::PyException("ValueError", "negative input -4.0")), "negative input -4.0");
  EXPECT_EQ(host::repr(host::PyException("ValueError", "it's")), "ValueError(\"it's\")");
  EXPECT_EQ(host::repr(host::PyException("AssertionError", "")), "AssertionError()");
  // A KeyError's message is already its key's repr.
  EXPECT_EQ(host::repr(host::PyException("KeyError", "'b'")), "KeyError('b')");
  EXPECT_EQ(host::exception_type_name(host::PyException("unittest.case.SkipTest", "")), "SkipTest");
}

TEST(HostExceptionRuntime, FinallyRunsOnEveryWayOut) {
  std::vector<std::string> log;
  auto leave_by_return = [&]() -> int {
    host::Finally finally([&] { log.push_back("finally"); });
    log.push_back("body");
    return 1;
  };
  EXPECT_EQ(leave_by_return(), 1);
  EXPECT_EQ(log, (std::vector<std::string>{"body", "finally"}));
  log.clear();
  try {
    host::Finally finally([&] { log.push_back("finally"); });
    throw host::ValueError("x");
  } catch (const host::PyException& e) {
    log.push_back(e.type_name());
  }
  EXPECT_EQ(log, (std::vector<std::string>{"finally", "ValueError"}));
  // An exception the block raises on a normal exit propagates.
  EXPECT_THROW({ host::Finally finally([] { throw host::KeyError("'k'"); }); }, host::PyException);
}

// ------------------------------------------------------------------ translation

TEST(HostExceptions, ExceptClausesAreAnIsinstanceChainThatRethrowsTheRest) {
  TranslateResult r = run("inc[1, 1](a)\ntry:\n    n = int('x')\nexcept (IndexError, ValueError):\n    n = 1\n"
                          "except KeyError as e:\n    print(e)\n    raise\nprint(n)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "  try {\n")) << r.cu;
  EXPECT_TRUE(has(r.cu, "  } catch (const py2cuda::host::PyException& e) {\n")) << r.cu;
  EXPECT_TRUE(has(r.cu, "    // prog.py:10: except (IndexError, ValueError):\n"
                        "    if (py2cuda::host::isinstance(e, {\"IndexError\", \"ValueError\"})) {\n"))
      << r.cu;
  EXPECT_TRUE(has(r.cu, "    } else if (py2cuda::host::isinstance(e, {\"KeyError\"})) {\n")) << r.cu;
  EXPECT_TRUE(has(r.cu, "      // prog.py:14: raise\n      throw;\n")) << r.cu;
  EXPECT_TRUE(has(r.cu, "    } else {\n      throw;\n    }\n")) << r.cu;
}

TEST(HostExceptions, ExceptionCatchesEverythingWithoutATest) {
  TranslateResult r = run("inc[1, 1](a)\ntry:\n    n = int('x')\nexcept Exception as err:\n    print(type(err).__name__)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "  } catch (const py2cuda::host::PyException& err) {\n    // prog.py:10: except Exception as err:\n"))
      << r.cu;
  // Everything but SystemExit, which `except Exception` lets go on.
  EXPECT_TRUE(has(r.cu, "if (!py2cuda::host::isinstance(err, {\"SystemExit\"})) {")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::exception_type_name(err)")) << r.cu;
}

TEST(HostExceptions, ElseAndFinallyHaveTheirOwnScope) {
  TranslateResult r = run("inc[1, 1](a)\ntry:\n    n = int('3')\nexcept ValueError:\n    n = 0\nelse:\n"
                          "    print('ok')\nfinally:\n    print('done')\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  const size_t guard = r.cu.find("    py2cuda::host::Finally finally([&] {\n");
  const size_t flag = r.cu.find("    bool try_completed = false;\n");
  const size_t set = r.cu.find("      try_completed = true;\n");
  const size_t test = r.cu.find("    if (try_completed) {\n");
  ASSERT_NE(guard, std::string::npos) << r.cu;
  ASSERT_NE(flag, std::string::npos) << r.cu;
  ASSERT_NE(set, std::string::npos) << r.cu;
  ASSERT_NE(test, std::string::npos) << r.cu;
  EXPECT_LT(guard, flag);
  EXPECT_LT(flag, set);
  EXPECT_LT(set, test);
}

// Handlers that all return or raise: the else block simply follows the try block, so C++ sees the
// function return on every path (nvcc warns of a missing return otherwise).
TEST(HostExceptions, ElseNeedsNoFlagWhenNoHandlerEndsNormally) {
  TranslateResult r = run("def pick(d, k):\n    try:\n        v = d[k]\n    except KeyError:\n        return 0.5\n"
                          "    else:\n        return v * 2.0\ninc[1, 1](a)\nprint(pick({'a': 1.5}, 'a'))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_FALSE(has(r.cu, "try_completed")) << r.cu;
  EXPECT_TRUE(has(r.cu, "    }\n    // prog.py:12: else:\n    // prog.py:13: return v * 2.0\n    return v * 2.0;\n  }\n}\n"))
      << r.cu;
}

TEST(HostExceptions, ClauseNamesAreCheckedAndFinallyCannotLeaveEarly) {
  TranslateResult r = run("inc[1, 1](a)\ntry:\n    n = 1\nexcept MyError:\n    n = 0\n");
  EXPECT_TRUE(has(r.diagnostics, "prog.py:10:8: warning: py2cuda catches Python's built-in exception classes"))
      << r.diagnostics;
  r = run("inc[1, 1](a)\nfor i in range(3):\n    try:\n        n = 1\n    finally:\n        break\n");
  EXPECT_TRUE(has(r.diagnostics, "prog.py:12:9: warning: leaving a finally block with return, break or continue"))
      << r.diagnostics;
  // Python deletes an except clause's name at the clause's end; C++ has it only in the catch.
  r = run("inc[1, 1](a)\ntry:\n    n = 1\nexcept ValueError as e:\n    n = 0\nprint(e)\n");
  EXPECT_TRUE(has(r.diagnostics, "prog.py:12:7: warning: 'e' names the exception of an except clause")) << r.diagnostics;
  r = run("inc[1, 1](a)\nraise\n");
  EXPECT_TRUE(has(r.diagnostics, "prog.py:8:1: warning: a bare 'raise' re-raises the exception an except clause"))
      << r.diagnostics;
}

TEST(HostExceptions, CpuJitFunctionsCatchOnlyAsNumbaDoes) {
  const std::string jit = "@njit\ndef f(x, y):\n    try:\n        return x // y\n    except ";
  TranslateResult r = run(jit + "Exception:\n        return -1\ninc[1, 1](a)\nprint(f(1, 0))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "int main(")) << r.diagnostics;
  r = run(jit + "ZeroDivisionError:\n        return -1\ninc[1, 1](a)\nprint(f(1, 0))\n");
  EXPECT_TRUE(has(r.diagnostics, "a CPU @jit function catches exceptions only with a bare 'except:'")) << r.diagnostics;
}

TEST(HostExceptions, KernelsHaveNoTryStatement) {
  TranslateResult r = test::translate_text(
      "from numba import cuda\n@cuda.jit(\"void(int32[:])\")\ndef k(a):\n    try:\n        a[0] = 1\n    except Exception:\n        pass\n",
      "");
  EXPECT_FALSE(r.ok);
  EXPECT_TRUE(has(r.diagnostics, "prog.py:4:5: error: try statement is not supported in CUDA kernels")) << r.diagnostics;
}

// `try: from numba import cuda / except ImportError:` at module level: the program py2cuda builds
// has its imports, so the statement is its imports (the fallback never runs).
TEST(HostExceptions, ImportGuardsAreTheirImports) {
  TranslateResult r = test::translate_text(
      "import numpy as np\ntry:\n    from numba import cuda\nexcept ImportError:\n    cuda = None\n"
      "@cuda.jit\ndef inc(a):\n    a[0] += 1\na = np.zeros(3)\ninc[1, 1](a)\nprint(a)\n",
      "");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "__global__")) << r.cu;
  EXPECT_TRUE(has(r.cu, "int main(")) << r.diagnostics;
}

// The program's exception classes (`class ShapeError(ValueError): pass`): raised by their name,
// and an except clause naming a base lists the program's subclasses of it too, since the
// runtime knows only the built-in hierarchy; an __init__ that only passes its message to
// super().__init__ changes nothing. One with a body of its own stays a class py2cuda does not
// translate.
TEST(HostExceptions, TheProgramsExceptionClassesAreRaisedAndCaughtByName) {
  TranslateResult r = run("class ShapeError(ValueError):\n    pass\nclass EmptyError(ShapeError):\n    \"\"\"None.\"\"\"\n"
                          "inc[1, 1](np.zeros(1))\ntry:\n    raise EmptyError('x')\nexcept ValueError as e:\n    print(e)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "throw py2cuda::host::PyException(\"EmptyError\", \"x\");")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::isinstance(e, {\"ValueError\", \"EmptyError\", \"ShapeError\"})")) << r.cu;
  EXPECT_FALSE(has(r.cu, "struct ShapeError")) << r.cu;
  TranslateResult passed_on = run("class CodeError(Exception):\n    def __init__(self, m):\n        super().__init__(m)\n"
                                  "inc[1, 1](np.zeros(1))\nraise CodeError('bad')\n");
  ASSERT_TRUE(passed_on.ok) << passed_on.diagnostics;
  EXPECT_TRUE(has(passed_on.cu, "throw py2cuda::host::PyException(\"CodeError\", \"bad\");")) << passed_on.cu;
  TranslateResult rich = run("class CodeError(Exception):\n    def __init__(self, code):\n        self.code = code\n"
                             "inc[1, 1](np.zeros(1))\nraise CodeError(3)\n");
  EXPECT_FALSE(rich.ok && has(rich.cu, "int main(")) << rich.cu;
}
