// Code Numba's simulator runs but compiled Numba rejects on a GPU (measured with numba-cuda
// 0.30.4 on an H200, and with numba.cuda.compile_ptx for the shapes): py2cuda translates it as
// the simulator runs it and adds a located warning saying what compiled Numba does and how to
// write it for both (docs/whole-programs.md, "Simulator-only code").
#include <gtest/gtest.h>

#include "translate_text.h"

using namespace py2cuda;

namespace {

using test::has;

// Lines 1-8; the kernel's first line (9) is the case's, then one launch.
const std::string kKernelPrologue =
    "import numpy as np\n"
    "from numba import cuda, int32\n"
    "BLOCK = 16\n"
    "TILE = 16\n"
    "SHAPE = (4, 4)\n"
    "NPINT = np.int32(16)\n"
    "@cuda.jit\n"
    "def k(a):\n";

TranslateResult kernel_with(const std::string& line) {
  return test::translate_text(kKernelPrologue, line + "    a[0] = 1\na = np.zeros(4, dtype=np.int32)\nk[1, 1](a)\n");
}

// Every `present` text is in the diagnostics, no `absent` one.
void expect_diagnostics(const TranslateResult& r, std::initializer_list<const char*> present,
                        std::initializer_list<const char*> absent) {
  ASSERT_TRUE(r.ok) << r.diagnostics;
  for (const char* text : present) EXPECT_TRUE(has(r.diagnostics, text)) << text << "\n" << r.diagnostics;
  for (const char* text : absent) EXPECT_FALSE(has(r.diagnostics, text)) << text << "\n" << r.diagnostics;
}

// Lines 1-6: the imports, the kernel inc, a device array d and a launch.
const test::HostProgram run({.numba_names = "cuda, guvectorize",
                             .setup = "d = cuda.to_device(np.zeros((4, 6), dtype=np.float32)); inc[1, 1](d[0])\n"});

}  // namespace

TEST(CompiledNumba, ArrayShapesMustBeLiteralsForNumbaTyping) {
  struct Case {
    const char* line;
    const char* warning;  // "" when compiled Numba accepts the shape
  };
  const Case cases[] = {
      {"    s = cuda.shared.array(2 * BLOCK, dtype=int32)\n",
                      "prog.py:9:27: warning: compiled Numba rejects this shape: cuda.shared.array's shape must be an integer literal, "
       "a module-level int or a tuple of them, and `2 * BLOCK` is not one (Numba folds no arithmetic on names); the "
       "simulator runs it. Define a module constant, e.g. `SIZE = 2 * BLOCK`"},
      {"    s = cuda.shared.array((TILE, TILE + 1), dtype=int32)\n",
                      "prog.py:9:34: warning: compiled Numba rejects this shape: cuda.shared.array's shape must be an integer literal, "
       "a module-level int or a tuple of them, and `TILE + 1` is not one (Numba folds no arithmetic on names); the "
       "simulator runs it. Define a module constant, e.g. `SIZE = TILE + 1`"},
      {"    s = cuda.local.array(shape=BLOCK // 2, dtype=int32)\n",
                      "prog.py:9:32: warning: compiled Numba rejects this shape: cuda.local.array's shape"},
      {"    s = cuda.shared.array(NPINT, dtype=int32)\n",  // a NumPy integer types as int32, no literal
                      "prog.py:9:27: warning: compiled Numba rejects this shape: cuda.shared.array's shape must be an integer literal, "
       "a module-level int or a tuple of them, and `NPINT` is not one; the simulator runs it."},
      {"    s = cuda.shared.array(BLOCK, dtype=int32)\n", ""},
      {"    s = cuda.shared.array(2 * 16, dtype=int32)\n", ""},  // CPython folds literals
      {"    s = cuda.shared.array((TILE, 16 + 1), dtype=int32)\n", ""},
      {"    s = cuda.local.array(SHAPE, dtype=int32)\n", ""},
      {"    s = cuda.shared.array(0, dtype=int32)\n", ""},
  };
  for (const auto& c : cases) {
    TranslateResult r = kernel_with(c.line);
    ASSERT_TRUE(r.ok) << c.line << r.diagnostics;
    if (*c.warning) {
      EXPECT_TRUE(has(r.diagnostics, c.warning)) << c.line << r.diagnostics;
    } else {
      EXPECT_FALSE(has(r.diagnostics, "compiled Numba")) << c.line << r.diagnostics;
    }
  }
}

TEST(CompiledNumba, DeviceArrayAttributesTheSimulatorForwardsToNumPy) {
  TranslateResult r = run(
      "print(d.itemsize, d.dtype.itemsize, d.flags.c_contiguous, d[:, 1].flags.f_contiguous)\n"
      "print(len(d[0].split(4)), d[0].split(4)[0].shape)\n"
      "for p in d[0].split(4):\n"
      "    print(p.shape)\n"
      "print([p.size for p in d[0].split(5)], list(d[0].split(2)))\n"
      "for k, p in enumerate(d[0].split(4)):\n"
      "    print(k, p.shape)\n");
  // Loops (over the generator or an enumerate() of it), comprehensions and list() read the
  // generator once: no warning on lines 9, 11 and 12.
  expect_diagnostics(r,
                     {"prog.py:7:7: warning: compiled Numba has no .itemsize on a device array "
                      "(AttributeError); the simulator runs it. Write `d.dtype.itemsize`",
                      "prog.py:7:37: warning: compiled Numba makes a device array's .flags a dict, so "
                      "`.flags.c_contiguous` is an AttributeError; the simulator runs it. Write "
                      "`d.is_c_contiguous()`",
                      "prog.py:7:59: warning: compiled Numba makes a device array's .flags a dict, so "
                      "`.flags.f_contiguous` is an AttributeError; the simulator runs it. Write "
                      "`d[:, 1].is_f_contiguous()`",
                      "prog.py:8:11: warning: compiled Numba makes split() a generator: no len(), indexing "
                      "or second pass on a GPU; the simulator runs it. Loop over it directly or write "
                      "`list(d[0].split(4))`",
                      "prog.py:8:27: warning: compiled Numba makes split()"},
                     {"prog.py:9:", "prog.py:11:", "prog.py:12:"});
}

TEST(CompiledNumba, HostArraysOnAStreamLaunch) {
  TranslateResult r = run(
      "s = cuda.stream()\n"
      "x = np.zeros(4)\n"
      "inc[1, 4, s](x)\n"
      "inc[1, 4, 0](x)\n"
      "inc[1, 4, s](cuda.to_device(x, stream=s))\n");
  expect_diagnostics(r,
                     {"prog.py:9:14: warning: compiled Numba cannot launch on a stream with a host array "
                      "argument (RuntimeError: NumPy only supports stream=None); the simulator runs it. "
                      "Pass a device array: `cuda.to_device(x, stream=stream)`"},
                     {"prog.py:10:", "prog.py:11:"});
}

// Compiled numba-cuda compiles a kernel for the arguments a launch gives: parameters with
// defaults left out are a signature mismatch (measured on a GPU); the simulator passes them.
TEST(CompiledNumba, LaunchesLeavingOutDefaultedParameters) {
  TranslateResult r = test::translate_text("import numpy as np\nfrom numba import cuda\n@cuda.jit\n"
                                           "def k(a, scale=2.0):\n    a[0] *= scale\n",
                                           "a = np.ones(1)\nk[1, 1](a)\nk[1, 1](a, 3.0)\n");
  expect_diagnostics(r,
                     {"prog.py:7:1: warning: compiled Numba rejects a launch that leaves out parameters with defaults "
                      "(\"TypeError: Signature mismatch: 1 argument types given, but function takes 2 arguments\"); "
                      "the simulator runs it. Pass every argument"},
                     {"prog.py:8:"});
}

TEST(CompiledNumba, NonContiguousHostArraysToCudaUfuncs) {
  TranslateResult r = run(
      "@guvectorize(['void(float64[:], float64[:])'], '(n)->()', target='cuda')\n"
      "def total(x, r):\n"
      "    r[0] = x[0] + x[1]\n"
      "m = np.arange(12.0).reshape(3, 4)\n"
      "print(total(m[:, 1]), total(m.T), total(m[::-1]), total(m[:, ::2]))\n"
      "print(total(m), total(m[1:]), total(m[2, 1:]), total(np.ascontiguousarray(m.T)))\n");
  expect_diagnostics(r,
                     {"prog.py:11:13: warning: compiled Numba cannot copy a non-contiguous host array to "
                      "the device for a CUDA ufunc (ValueError); the simulator runs it. Pass "
                      "`np.ascontiguousarray(m[:, 1])`",
                      "prog.py:11:29: warning: compiled Numba cannot copy a non-contiguous",
                      "prog.py:11:41: warning: compiled Numba cannot copy a non-contiguous",
                      "prog.py:11:57: warning: compiled Numba cannot copy a non-contiguous"},
                     {"prog.py:12:"});
}

// numba-cuda's CUDA target lowers only some NumPy ufuncs (its ufunc_db): np.sqrt(x) in a kernel
// stops its compilation with a KeyError; np.sin(x) compiles. A CPU @jit function may call both.
TEST(CompiledNumba, NumpyUfuncsNumbaCudaCannotLower) {
  const std::string prologue =
      "import numpy as np\n"
      "from numba import cuda, jit\n"
      "@cuda.jit\n"
      "def k(a, n):\n";
  TranslateResult r = test::translate_text(
      prologue,
      "    a[0] = np.sqrt(a[1]) + np.sin(a[2]) + np.abs(a[3])\n"
      "    a[1] = np.exp(n) + np.maximum(a[0], n) + np.hypot(a[0], a[1]) + np.floor(a[2])\n"
      "@jit\n"
      "def host_side(x):\n"
      "    return np.sqrt(x) + np.exp(x)\n"
      "a = np.ones(4)\n"
      "k[1, 1](a, np.int8(3))\n"
      "print(host_side(2.0))\n");
  expect_diagnostics(r,
                     {"prog.py:5:12: warning: compiled Numba cannot compile np.sqrt() of these arguments in a "
                      "kernel: numba-cuda's CUDA target has no loop for it (a KeyError when the kernel compiles); "
                      "the simulator runs it. Call math.sqrt(), which both run",
                      "prog.py:5:43: warning: compiled Numba cannot compile np.abs() of these arguments in a kernel",
                      "Call abs(), which both run",
                      "prog.py:6:12: warning: compiled Numba cannot compile np.exp() of these arguments",
                      "prog.py:6:69: warning: compiled Numba cannot compile np.floor()"},
                     {"prog.py:5:28:", "prog.py:6:24:", "prog.py:6:46:", "prog.py:9:"});
}
