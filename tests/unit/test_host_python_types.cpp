// type(x) in host code (infer/python_types.cpp): the class Python names where x's static type
// settles it, a located warning where it does not (an int64 or float64 may be a Python or a
// NumPy scalar).
#include <gtest/gtest.h>

#include "translate_text.h"

using namespace py2cuda;

namespace {

const test::HostProgram run({.setup = "a = np.zeros(4, dtype=np.float32)\ninc[1, 1](a)\n"});  // lines 1-7

using test::has;

}  // namespace

TEST(HostPythonTypes, ClassesSettledByTheTypeAreConstants) {
  TranslateResult r = run("print(type(a), type(a[0]).__name__, type('s'), type(1.5), type(2))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::print(\"<class 'numpy.ndarray'>\", \"float32\", \"<class 'str'>\", "
                        "\"<class 'float'>\", \"<class 'int'>\")"))
      << r.cu;
}

TEST(HostPythonTypes, ADeviceArrayIsNamedByTheBackend) {
  TranslateResult r = run("d = cuda.to_device(a)\nprint(type(d), type(d).__name__)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::device_array_class_text(), py2cuda::host::device_array_class_name()")) << r.cu;
}

TEST(HostPythonTypes, AmbiguousScalarsAndEffectsAreALocatedWarning) {
  // An array method's value is a NumPy scalar, and arithmetic with a Python float keeps it one.
  TranslateResult r = run("x = a.sum() * 2.0\nprint(type(x))\n");
  EXPECT_TRUE(has(r.cu, "<class 'numpy.float64'>")) << r.cu;
  // A parameter's value is whatever the caller passes.
  r = run("def show(v):\n    print(type(v))\nshow(2.5)\n");
  EXPECT_TRUE(has(r.diagnostics, "prog.py:9:16: warning: type() of a float64 value is not supported by py2cuda")) << r.diagnostics;
  r = run("print(type(np.random.rand()))\n");
  EXPECT_TRUE(has(r.diagnostics, "prog.py:8:12: warning: type() of an expression with effects")) << r.diagnostics;
  // A name of the user's own shadows the builtin.
  r = run("def type(x):\n    return 1\nprint(type(a))\n");
  EXPECT_FALSE(has(r.cu, "<class")) << r.cu;
}
