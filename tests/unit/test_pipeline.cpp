// End-to-end checks of sema, inference and lowering on small programs: the
// emitted C++ must spell out Numba's typing decisions.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "driver/translate.h"

using namespace py2cuda;

namespace {

TranslateResult run(const std::string& body) {
  SourceFile file("t.py", "from numba import cuda, int32, float32\nimport math\n" + body);
  return translate(file, TranslateOptions{});
}

std::string cu(const std::string& body) {
  TranslateResult r = run(body);
  EXPECT_TRUE(r.ok) << r.diagnostics;
  return r.cu;
}

bool has(const std::string& text, const std::string& needle) { return text.find(needle) != std::string::npos; }

}  // namespace

TEST(Pipeline, Int32ArithmeticIsInt64) {
  std::string out = cu("@cuda.jit('void(int32[:], int64[:])')\ndef k(a, out):\n    out[0] = a[0] + a[1]\n");
  EXPECT_TRUE(has(out, "out(0) = int64_t(a(0)) + int64_t(a(1));")) << out;
}

TEST(Pipeline, LoopMergeWidensToFloat64) {
  std::string out = cu(
      "@cuda.jit('void(float32[:], float64[:])')\ndef k(a, out):\n    s = 0\n    for i in range(a.size):\n"
      "        s += a[i]\n    out[0] = s\n");
  EXPECT_TRUE(has(out, "double s = 0.0;")) << out;
  EXPECT_TRUE(has(out, "s += double(a(i));")) << out;
}

TEST(Pipeline, ARebindingWidensTheReadsAfterItInTheSamePass) {
  // uint32 `h`, rebound to an int64 (a uint64 times an int literal is int64 in Numba), then
  // `h ^ (h >> 16)`: int64 as Numba types it, never a transient uint64 meeting int64 in float64.
  std::string out = cu(
      "@cuda.jit('void(uint32[:], uint32[:])')\ndef k(x, out):\n    h = x[0]\n"
      "    h = (h ^ (h >> 16)) * 73244475\n    h = h ^ (h >> 16)\n    out[0] = h\n");
  // Each version its own type, as Numba's SSA types them (infer/ssa_versions.h): the uint32
  // read, then the int64 the next two assignments share.
  EXPECT_TRUE(has(out, "uint32_t h = x(0);")) << out;
  EXPECT_TRUE(has(out, "int64_t h_2 = int64_t(uint64_t(h) ^ uint64_t(h) >> uint64_t(16)) * 73244475;")) << out;
  EXPECT_TRUE(has(out, "h_2 = h_2 ^ h_2 >> 16;")) << out;
}

TEST(Pipeline, TuplesOfDifferentTypesConvertElementByElement) {
  // Numba unifies (int64, int64) and (float64, int64) to (float64, int64): the narrower tuple
  // is converted element by element where it is stored or returned.
  std::string out = cu(
      "@cuda.jit(device=True)\ndef pick(v):\n    if v > 0:\n        return v, 1\n    return 2.5, v\n"
      "@cuda.jit('void(int64[:], float64[:])')\ndef k(x, out):\n    p, q = pick(x[0])\n    t = (x[0], 1)\n"
      "    if x[0] < 0:\n        t = (0.5, x[0])\n    out[0] = p + q + t[0] + t[1]\n");
  EXPECT_TRUE(has(out, "return py2cuda::tuple<double, int64_t>(double(v), int64_t(1));")) << out;
  EXPECT_TRUE(has(out, "py2cuda::tuple<double, int64_t> t = py2cuda::tuple<double, int64_t>(double(x(0)), int64_t(1));")) << out;
}

TEST(Pipeline, BranchAssignedVariableIsHoisted) {
  std::string out = cu(
      "@cuda.jit('void(float32[:])')\ndef k(a):\n    if a[0] > 0:\n        r = 1.0\n    else:\n        r = 2.0\n"
      "    a[1] = r\n");
  EXPECT_TRUE(has(out, "double r{};")) << out;
  EXPECT_TRUE(has(out, "    r = 1.0;")) << out;
}

TEST(Pipeline, DeviceFunctionsAreSpecialisedPerSignature) {
  std::string out = cu(
      "@cuda.jit(device=True)\ndef twice(x):\n    return x * 2\n"
      "@cuda.jit('void(float32[:], int32[:])')\ndef k(f, i):\n    f[0] = twice(f[0])\n    i[0] = twice(i[0])\n");
  EXPECT_TRUE(has(out, "__device__ double twice(float x)")) << out;
  EXPECT_TRUE(has(out, "__device__ int64_t twice(int32_t x)")) << out;
}

TEST(Pipeline, NegativeIndicesWrapOnlyWhenTheyMay) {
  std::string out = cu(
      "@cuda.jit('void(float32[:], int64)')\ndef k(a, j):\n    i = cuda.grid(1)\n    a[i] = a[j]\n    a[-1] = 0\n");
  EXPECT_TRUE(has(out, "a(i) = a.at(j);")) << out;
  EXPECT_TRUE(has(out, "a.at(-1) = 0.0f;")) << out;
}

TEST(Pipeline, TrueDivisionAndFloorDivision) {
  std::string out = cu("@cuda.jit('void(int64[:], float64[:])')\ndef k(a, out):\n    out[0] = a[0] / a[1]\n"
                       "    a[2] = a[0] // a[1]\n    a[3] = a[0] % a[1]\n");
  EXPECT_TRUE(has(out, "out(0) = double(a(0)) / double(a(1));")) << out;
  EXPECT_TRUE(has(out, "py2cuda::floordiv(a(0), a(1))")) << out;
  EXPECT_TRUE(has(out, "py2cuda::mod(a(0), a(1))")) << out;
}

TEST(Pipeline, MathOnFloat32StaysFloat32) {
  std::string out = cu("@cuda.jit('void(float32[:])')\ndef k(a):\n    a[0] = math.exp(a[1])\n    a[2] = math.floor(a[3])\n");
  EXPECT_TRUE(has(out, "a(0) = expf(a(1));")) << out;
  EXPECT_TRUE(has(out, "a(2) = floorf(a(3));")) << out;
}

TEST(Pipeline, ModuleConstantsAreFrozen) {
  std::string out = cu("SCALE = 2.5\nN = 3\n@cuda.jit('void(float64[:])')\ndef k(a):\n    a[0] = SCALE * N\n");
  EXPECT_TRUE(has(out, "constexpr double SCALE = 2.5;")) << out;
  EXPECT_TRUE(has(out, "constexpr int64_t N = 3;")) << out;
}

TEST(Pipeline, OutputIsDeterministic) {
  std::string body = "@cuda.jit('void(float32[:])')\ndef k(a):\n    x, y = a[0], a[1]\n    a[2] = x + y\n";
  EXPECT_EQ(cu(body), cu(body));
}

TEST(Pipeline, KernelWithoutTypesListsTheWays) {
  TranslateResult r = run("@cuda.jit\ndef k(a):\n    a[0] = 1\n");
  EXPECT_FALSE(r.ok);
  EXPECT_TRUE(has(r.diagnostics, "t.py:4:5: error: kernel 'k' has no type signature")) << r.diagnostics;
  EXPECT_TRUE(has(r.diagnostics, "--sig")) << r.diagnostics;
}

TEST(Pipeline, UnresolvedDecoratorAndNoKernelAreWarnings) {
  SourceFile file("t.py", "import numpy as np\n\n@cuda.jit\ndef k(a):\n    a[0] = 1\n\nprint(np.arange(3))\n");
  TranslateResult r = translate(file, TranslateOptions{});
  EXPECT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.diagnostics, "t.py:3:2: warning: decorator '@cuda.jit' does not name one of numba's")) << r.diagnostics;
  EXPECT_TRUE(has(r.diagnostics, "t.py:1:1: warning: no CUDA kernel, device function or ufunc in this file"))
      << r.diagnostics;
}

// A @cuda.reduce function is numba-cuda's GPU reduction: a file with only one has GPU code.
TEST(Pipeline, AReductionIsGpuCode) {
  SourceFile file("t.py", "import numpy as np\nfrom numba import cuda\n\n@cuda.reduce\ndef total(a, b):\n"
                          "    return a + b\n\nprint(total(np.arange(4.0)))\n");
  TranslateResult r = translate(file, TranslateOptions{});
  EXPECT_TRUE(r.ok) << r.diagnostics;
  EXPECT_FALSE(has(r.diagnostics, "no CUDA kernel")) << r.diagnostics;
}

TEST(Pipeline, HostCodeBecomesMainAndTypesItsLaunches) {
  const std::string text = cu(
      "import numpy as np\n"
      "@cuda.jit\ndef scale(x, f):\n    i = cuda.grid(1)\n    if i < x.size:\n        x[i] *= f\n"
      "a = np.arange(4, dtype=np.float32)\n"
      "scale[1, 32](a, np.float32(2))\n"
      "b = np.arange(4)\n"
      "scale[1, 32](b, 3)\n"
      "print(a, b)\n");
  EXPECT_TRUE(has(text, "__global__ void scale(py2cuda::CArray<float, 1> x, float f)")) << text;
  EXPECT_TRUE(has(text, "__global__ void scale_2(py2cuda::CArray<int64_t, 1> x, int64_t f)")) << text;
  EXPECT_TRUE(has(text, "launch_scale(py2cuda::LaunchConfig{1, 32}, py2cuda::host::transfer_in_out(a), 2.0f)"))
      << text;
  EXPECT_TRUE(has(text, "int main(int argc, char** argv)")) << text;
}

// Each function divides under its own error model: a kernel (and the device copy of a @jit
// function) with NumPy's inf/nan, the @jit function's host copy raising in Numba's words, host
// code raising in CPython's; a nonzero literal divisor needs no check.
TEST(Pipeline, DivisionByZeroFollowsEachFunctionsErrorModel) {
  const std::string text = cu(
      "import numpy as np\nfrom numba import njit\n"
      "@njit\ndef q(a, b):\n    return a // b\n"
      "@cuda.jit\ndef k(x, d):\n    i = cuda.grid(1)\n    x[i] = x[i] // d + q(i, d)\n"
      "def half(v, d):\n    return v / d, v / 2\n"
      "x = np.arange(4)\nk[1, 4](x, 2)\nprint(q(7, 2), half(3, 4), 7 % x.size)\n");
  EXPECT_TRUE(has(text, "return py2cuda::numba_cpu.floordiv(a, b);")) << text;
  EXPECT_TRUE(has(text, "return py2cuda::floordiv(a, b);")) << text;  // the device copy
  EXPECT_TRUE(has(text, "py2cuda::python.int_truediv(double(v), double(d))")) << text;
  EXPECT_TRUE(has(text, "double(v) / 2.0")) << text;
  EXPECT_TRUE(has(text, "py2cuda::python.mod(int64_t(7), x.size())")) << text;
}

// Python evaluates a tuple's elements left to right; C++ constructor arguments are unordered.
TEST(Pipeline, TupleOfCallsIsBracedToKeepPythonsOrder) {
  const std::string text = cu(
      "import numpy as np\n@cuda.jit\ndef k(x):\n    x[0] = 1\n"
      "x = np.zeros(1)\nk[1, 1](x)\nt = (np.random.rand(), np.random.rand())\nprint(t, (x[0], 2))\n");
  EXPECT_TRUE(has(text, "py2cuda::tuple<double, double>{py2cuda::np::random::rand(), py2cuda::np::random::rand()}"))
      << text;
}

TEST(Pipeline, AllErrorsOfAFileAreReported) {
  TranslateResult r = run("@cuda.jit('void(float32[:])')\ndef k(a):\n    a[0] = nope\n    a[1] = also_nope\n");
  EXPECT_FALSE(r.ok);
  EXPECT_TRUE(has(r.diagnostics, "name 'nope' is not defined")) << r.diagnostics;
  EXPECT_TRUE(has(r.diagnostics, "name 'also_nope' is not defined")) << r.diagnostics;
}

TEST(Pipeline, PrintFormatsLikeNumba) {
  std::string out = cu("@cuda.jit('void(float32[:], int32, uint8)')\ndef k(a, n, u):\n"
                       "    print('n =', n, a[0], n > 0, u, '100%', (1, 2.5))\n");
  EXPECT_TRUE(has(out, "printf(\"n = %lld %f %s %llu 100%% (%lld, %f)\\n\", static_cast<long long>(n), double(a(0)), "
                       "(int64_t(n) > 0) ? \"True\" : \"False\", static_cast<unsigned long long>(u), "
                       "static_cast<long long>(int64_t(1)), double(2.5));"))
      << out;
}

TEST(Pipeline, BarrierMarksKernelAndCallers) {
  std::string out = cu("@cuda.jit(device=True)\ndef sync():\n    cuda.syncthreads()\n"
                       "@cuda.jit('void(float32[:])')\ndef k(a):\n    sync()\n"
                       "@cuda.jit('void(float32[:])')\ndef plain(a):\n    a[0] = 1\n");
  EXPECT_TRUE(has(out, "__syncthreads();")) << out;
  EXPECT_TRUE(has(out, "KernelInfo info{.name = \"k\", .location = \"t.py:7\", .uses_barrier = true}")) << out;
  EXPECT_TRUE(has(out, "KernelInfo info{.name = \"plain\", .location = \"t.py:10\", .independent_threads = true}"))
      << out;
}

TEST(Pipeline, HarnessMainLaunchesEveryKernel) {
  SourceFile file("t.py", "from numba import cuda\n@cuda.jit('void(float32[:, :], int64)')\ndef k(a, n):\n    a[0, 0] = n\n");
  TranslateOptions options;
  options.harness = true;
  TranslateResult r = translate(file, options);
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "#include <py2cuda/harness.h>")) << r.cu;
  EXPECT_TRUE(has(r.cu, "harness.kernel(\"k\", \"void(float32[:, :], int64)\", {\"a\", \"n\"}")) << r.cu;
  EXPECT_TRUE(has(r.cu, "const py2cuda::Array<float, 2> a = call.array<float, 2>(0);\n"
                       "    const int64_t n = call.scalar<int64_t>(1);\n    t::launch_k(call.config(), a, n);"))
      << r.cu;
}

TEST(Pipeline, RoundWithDigitsKeepsTheFloatType) {
  std::string out = cu("@cuda.jit('void(float32[:])')\ndef k(a):\n    a[0] = round(a[1], 2)\n");
  EXPECT_TRUE(has(out, "a(0) = py2cuda::round_ndigits(a(1), int32_t(2));")) << out;
}

TEST(Pipeline, UniTupleIndexedAtRunTime) {
  std::string out = cu("W = (1.0, 2.0, 4.0)\n@cuda.jit('void(float64[:], int64)')\ndef k(a, i):\n    a[0] = W[i]\n");
  EXPECT_TRUE(has(out, "py2cuda::tuple_at(py2cuda::tuple<double, double, double>(1.0, 2.0, 4.0), i)")) << out;
}

TEST(Pipeline, TwoFloatMinMaxIsFmaxElsePythonRule) {
  std::string out = cu("@cuda.jit('void(float64[:], int64[:])')\ndef k(a, b):\n    a[0] = max(a[1], a[2])\n"
                       "    a[1] = max(a[1], b[0])\n    a[2] = min(a[0], a[1], a[2])\n");
  EXPECT_TRUE(has(out, "a(0) = py2cuda::py_max(a(1), a(2));")) << out;
  EXPECT_TRUE(has(out, "a(1) = py2cuda::py_max_generic(a(1), double(b(0)));")) << out;
  EXPECT_TRUE(has(out, "a(2) = py2cuda::py_min_generic(a(0), a(1), a(2));")) << out;
}

TEST(Pipeline, LineDirectivesPointBackAtTheCuForStubs) {
  SourceFile file("t.py", "from numba import cuda\n@cuda.jit('void(float32[:])')\ndef k(a):\n    a[0] = 1\n");
  TranslateOptions options;
  options.line_directives = true;
  options.output_name = "t.cu";
  TranslateResult r = translate(file, options);
  ASSERT_TRUE(r.ok) << r.diagnostics;
  // Each subscript carries its own Python line and column, a store target marked as one.
  EXPECT_TRUE(has(r.cu, "#line 4 \"t.py\"\n  a(py2cuda::stored_at_python(0, 4, 5)) = 1.0f;")) << r.cu;
  // The #line back into the .cu names the line that follows it.
  size_t at = r.cu.find("\"t.cu\"");
  ASSERT_NE(at, std::string::npos) << r.cu;
  size_t line_start = r.cu.rfind('\n', at) + 1;
  int directive_line = static_cast<int>(std::count(r.cu.begin(), r.cu.begin() + line_start, '\n')) + 1;
  EXPECT_EQ(r.cu.substr(line_start, at - line_start), "#line " + std::to_string(directive_line + 1) + " ");
}

// --racecheck's reports: a compound assignment's target is updated (read, then stored: not a
// plain store), also when printed as `t = t op v` (int32 += int64 literal), and a subscript
// inside a target's index is a read; host code is left as it is.
TEST(Pipeline, LineDirectivesLocateEverySubscript) {
  SourceFile file("t.py", "from numba import cuda\n@cuda.jit('void(float32[:], int64[:], int32[:])')\n"
                          "def k(a, b, c):\n    a[b[0]] = 1\n    a[1] += a[0]\n    c[2] += 1\n");
  TranslateOptions options;
  options.line_directives = true;
  TranslateResult r = translate(file, options);
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "a.at(py2cuda::stored_at_python(b(py2cuda::at_python(0, 4, 7)), 4, 5)) = 1.0f;")) << r.cu;
  EXPECT_TRUE(has(r.cu, "a(py2cuda::updated_at_python(1, 5, 5)) += a(py2cuda::at_python(0, 5, 13));")) << r.cu;
  EXPECT_TRUE(has(r.cu, "c(py2cuda::updated_at_python(2, 6, 5)) = int32_t(int64_t(c(py2cuda::at_python(2, 6, 5))) + 1);"))
      << r.cu;
}

TEST(Pipeline, NarrowNegationWrapsInItsOwnWidth) {
  std::string out = cu("@cuda.jit('void(int32[:], int64[:])')\ndef k(a, out):\n    out[0] = -a[0]\n");
  EXPECT_TRUE(has(out, "out(0) = int64_t(py2cuda::neg(a(0)));")) << out;
}

TEST(Pipeline, AnnotationsDoNotFixDeviceFunctionTypes) {
  std::string out = cu("@cuda.jit(device=True)\ndef f(x: float32):\n    return x\n"
                       "@cuda.jit('void(float64[:])')\ndef k(a):\n    a[0] = f(a[1])\n");
  EXPECT_TRUE(has(out, "__device__ double f(double x)")) << out;
}

TEST(Pipeline, SharedAndLocalArraysAreStorageAndAView) {
  std::string out = cu("TPB = 16\n@cuda.jit('void(float32[:])')\ndef k(a):\n"
                       "    sm = cuda.shared.array((TPB, TPB + 1), float32)\n"
                       "    if a[0] > 0:\n        loc = cuda.local.array(4, 'int64')\n        loc[0] = 1\n"
                       "    dyn = cuda.shared.array(0, a.dtype)\n    sm[0, 0] = dyn[0]\n");
  EXPECT_TRUE(has(out, "__shared__ float sm_shared[16 * 17];\n  py2cuda::CArray<float, 2> sm = "
                       "py2cuda::local_array_view(sm_shared, 16, 17);"))
      << out;
  // Allocated in a branch: the storage lives at function scope.
  EXPECT_TRUE(has(out, "{\n  // t.py:8:")) << out;
  EXPECT_TRUE(has(out, "  int64_t loc_local[4];\n")) << out;
  EXPECT_TRUE(has(out, "py2cuda::CArray<float, 1> dyn = py2cuda::dynamic_shared_array<float>();")) << out;
}

TEST(Pipeline, ArrayAllocationsMustBeAssigned) {
  TranslateResult r = run("@cuda.jit('void(float32[:])')\ndef k(a):\n    a[0] = cuda.local.array(3, float32)[0]\n");
  EXPECT_FALSE(r.ok);
  EXPECT_TRUE(has(r.diagnostics, "must be assigned directly to a variable")) << r.diagnostics;
}

TEST(Pipeline, AtomicsTakeTheElementAddressAndTheDtype) {
  std::string out = cu("@cuda.jit('void(int32[:], float64[:, :], uint64[:])')\ndef k(h, m, u):\n"
                       "    i = cuda.grid(1)\n    cuda.atomic.add(h, i % 4, 1)\n    old = cuda.atomic.max(m, (i, -1), 0.5)\n"
                       "    cuda.atomic.dec(u, 0, old)\n");
  EXPECT_TRUE(has(out, "py2cuda::atomic_add(&h(i % 4), int32_t(1));")) << out;
  EXPECT_TRUE(has(out, "double old = py2cuda::atomic_max(&m.at(i, -1), 0.5);")) << out;
  EXPECT_TRUE(has(out, "py2cuda::atomic_dec(&u(0), py2cuda::float_to_int<uint64_t>(old));")) << out;
}

TEST(Pipeline, AtomicErrorsNameTheAtomicAndTheProblem) {
  TranslateResult r = run("@cuda.jit('void(int8[:], float32[:])')\ndef k(a, f):\n    cuda.atomic.add(a, 0, 1)\n"
                          "    cuda.atomic.add(f, (0, 1), 1)\n    cuda.atomic.and_(f, 0, 1)\n");
  EXPECT_FALSE(r.ok);
  EXPECT_TRUE(has(r.diagnostics, "cuda.atomic.add() does not support arrays of int8")) << r.diagnostics;
  EXPECT_TRUE(has(r.diagnostics, "cuda.atomic.add() on array(float32, 1d, A) needs 1 indices, got 2")) << r.diagnostics;
  EXPECT_TRUE(has(r.diagnostics, "cuda.atomic.and_() does not support arrays of float32")) << r.diagnostics;
}

TEST(Pipeline, IntrinsicsKeepNumbasTypes) {
  std::string out = cu("@cuda.jit('void(int32[:], uint64[:], float32[:])')\ndef k(a, u, f):\n"
                       "    a[0] = cuda.popc(a[1])\n    u[0] = cuda.ffs(u[1])\n    f[0] = 1 + cuda.selp(a[0] > 0, f[2], f[3])\n"
                       "    f[1] = cuda.fma(f[1], f[2], f[3])\n");
  EXPECT_TRUE(has(out, "a(0) = py2cuda::popc(a(1));")) << out;
  EXPECT_TRUE(has(out, "u(0) = uint64_t(py2cuda::ffs(u(1)));")) << out;
  EXPECT_TRUE(has(out, "f(0) = float(1.0 + double(((int64_t(a(0)) > 0) ? f(2) : f(3))));")) << out;
  EXPECT_TRUE(has(out, "f(1) = fmaf(f(1), f(2), f(3));")) << out;
}

TEST(Pipeline, LoopsOverArraysEnumerateAndZipCountAnIndex) {
  std::string out = cu("@cuda.jit('void(float32[:], float32[:])')\ndef k(a, b):\n"
                       "    for i, (x, y) in enumerate(zip(a, b)):\n        a[i] = x + y\n");
  EXPECT_TRUE(has(out, "int64_t count = py2cuda::py_min_generic(a.shape[0], b.shape[0]);\n"
                       "  for (int64_t index = 0; index < count; ++index) {\n    int64_t i = index;\n"
                       "    float x = a(index);\n    float y = b(index);"))
      << out;
}

TEST(Pipeline, RandomDrawsTakeTheStatesAndAnInt64Index) {
  SourceFile file("t.py",
                  "from numba import cuda, float32\nfrom numba.cuda.random import xoroshiro128p_uniform_float32, "
                  "xoroshiro128p_type\n@cuda.jit(cuda.void(xoroshiro128p_type[:], float32[:]))\ndef k(states, out):\n"
                  "    i = cuda.threadIdx.x\n    out[i] = xoroshiro128p_uniform_float32(states, i)\n");
  TranslateResult r = translate(file, TranslateOptions{});
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "__global__ void k(py2cuda::Array<py2cuda::Xoroshiro128pState, 1> states, py2cuda::Array<float, 1> out)"))
      << r.cu;
  EXPECT_TRUE(has(r.cu, "out(i) = py2cuda::xoroshiro128p_uniform_float32(states, int64_t(i));")) << r.cu;
}

TEST(Pipeline, RecursionWithExplicitSignatures) {
  std::string out = cu("@cuda.jit('boolean(int64)', device=True)\ndef is_even(n):\n    return True if n == 0 else is_odd(n - 1)\n"
                       "@cuda.jit('boolean(int64)', device=True)\ndef is_odd(n):\n    return False if n == 0 else is_even(n - 1)\n"
                       "@cuda.jit('void(boolean[:])')\ndef k(out):\n    out[0] = is_even(10)\n");
  size_t decl = out.find("__device__ bool is_even(int64_t n);");
  size_t odd = out.find("__device__ bool is_odd(int64_t n) {");
  ASSERT_NE(decl, std::string::npos) << out;
  ASSERT_NE(odd, std::string::npos) << out;
  EXPECT_LT(decl, odd);
}

// A function that calls itself without a signature is typed by its returns that do not recurse,
// as Numba types it (numba-cuda's fib3 test); with none before the call, a signature is asked for.
TEST(Pipeline, RecursionWithoutSignatureTakesTheBaseCasesType) {
  std::string out = cu("@cuda.jit(device=True)\ndef fib(n):\n    if n < 2:\n        return n\n"
                       "    return fib(n - 1) + fib(n - 2)\n"
                       "@cuda.jit('void(int64[:])')\ndef k(out):\n    out[0] = fib(10)\n");
  size_t decl = out.find("__device__ int64_t fib(int64_t n);");
  size_t def = out.find("__device__ int64_t fib(int64_t n) {");
  ASSERT_NE(decl, std::string::npos) << out;
  ASSERT_NE(def, std::string::npos) << out;
  EXPECT_LT(decl, def);
  // A base case in an arm of the only return's conditional expression types it too.
  EXPECT_TRUE(has(cu("@cuda.jit(device=True)\ndef f(n):\n    return 1 if n <= 1 else n * f(n - 1)\n"
                     "@cuda.jit('void(int64[:])')\ndef k(out):\n    out[0] = f(5)\n"),
                  "__device__ int64_t f(int64_t n);"));
  TranslateResult r = run("@cuda.jit(device=True)\ndef f(n):\n    return f(n - 1)\n"
                          "@cuda.jit('void(int64[:])')\ndef k(out):\n    out[0] = f(5)\n");
  EXPECT_FALSE(r.ok);
  EXPECT_TRUE(has(r.diagnostics, "the recursive call of 'f' has no type: no return of 'f' that does not recurse"))
      << r.diagnostics;
}

TEST(Pipeline, AssertAndRaiseStopTheKernelInDebugBuildsOnly) {
  std::string out = cu("@cuda.jit('void(float32[:])', debug=True)\ndef k(a):\n    assert a[0] > 0, 'positive'\n"
                       "@cuda.jit('void(float32[:])')\ndef q(a):\n    assert a[0] > 0\n    a[0] = 1\n");
  EXPECT_TRUE(has(out, "if (!(double(a(0)) > 0.0)) {\n    py2cuda::raise_error(\"t.py:5\", \"AssertionError: positive\");"))
      << out;
  EXPECT_TRUE(has(out, "__global__ void q(py2cuda::Array<float, 1> a) {\n  // t.py:9: a[0] = 1\n  a(0) = 1.0f;")) << out;
}

TEST(Pipeline, WarpFunctionsKeepNumbasTypes) {
  std::string out = cu("@cuda.jit('void(int32[:], uint32[:], int64[:], uint64[:], float64[:])')\n"
                       "def k(a, u, b, w, f):\n"
                       "    a[0] = cuda.shfl_sync(0xFFFFFFFF, a[1], b[0])\n"
                       "    f[0] = cuda.shfl_xor_sync(u[0], f[1], 1)\n"
                       "    a[1] = cuda.ballot_sync(0xFFFFFFFF, f[0] > 0) + cuda.all_sync(a[0], u[1])\n"
                       "    a[2] = cuda.match_any_sync(0xFFFFFFFF, u[2])\n"
                       "    a[3] = cuda.match_any_sync(0xFFFFFFFF, w[0])\n"
                       "    m, p = cuda.match_all_sync(0xFFFFFFFF, a[4])\n"
                       "    u[3] = cuda.activemask() + cuda.lanemask_lt()\n"
                       "    cuda.syncwarp()\n"
                       "    a[5] = cuda.syncthreads_count(b[1]) + cuda.syncthreads_or(a[6])\n");
  EXPECT_TRUE(has(out, "a(0) = py2cuda::shfl_sync(uint32_t(4294967295), a(1), int32_t(b(0)));")) << out;
  EXPECT_TRUE(has(out, "f(0) = py2cuda::shfl_xor_sync(u(0), f(1), int32_t(1));")) << out;
  // ballot_sync is int32, all_sync bool; their sum is int64, stored into int32.
  EXPECT_TRUE(has(out, "py2cuda::ballot_sync(uint32_t(4294967295), f(0) > 0.0)")) << out;
  EXPECT_TRUE(has(out, "py2cuda::all_sync(uint32_t(a(0)), bool(u(1)))")) << out;
  // Numba's overload resolution: uint32 values match as int64, uint64 as float64.
  EXPECT_TRUE(has(out, "a(2) = py2cuda::match_any_sync(uint32_t(4294967295), int64_t(u(2)));")) << out;
  EXPECT_TRUE(has(out, "a(3) = py2cuda::match_any_sync(uint32_t(4294967295), double(w(0)));")) << out;
  EXPECT_TRUE(has(out, "py2cuda::tuple<int32_t, bool> tup = py2cuda::match_all_sync(uint32_t(4294967295), a(4));"))
      << out;
  EXPECT_TRUE(has(out, "py2cuda::syncwarp();")) << out;
  EXPECT_TRUE(has(out, "__syncthreads_count(int32_t(b(1)))")) << out;
  // Warp collectives and barriers both: fibers in the emulation.
  EXPECT_TRUE(has(out, "KernelInfo info{.name = \"k\", .location = \"t.py:4\", .uses_barrier = true, .uses_warp_ops = true}")) << out;
}

TEST(Pipeline, WarpFunctionsMarkKernelAndCallers) {
  std::string out = cu("@cuda.jit(device=True)\ndef total(v):\n    return v + cuda.shfl_down_sync(0xFFFFFFFF, v, 1)\n"
                       "@cuda.jit('void(float32[:])')\ndef k(a):\n    a[0] = total(a[0])\n"
                       "@cuda.jit('void(uint32[:])')\ndef lanes_below(a):\n    a[0] = cuda.lanemask_lt()\n");
  EXPECT_TRUE(has(out, "KernelInfo info{.name = \"k\", .location = \"t.py:7\", .uses_warp_ops = true}")) << out;
  // lanemask_lt depends on the lane alone: no fibers needed.
  EXPECT_TRUE(
      has(out, "KernelInfo info{.name = \"lanes_below\", .location = \"t.py:10\", .independent_threads = true}"))
      << out;
}

// ir/independent_threads.h: a kernel in loop mode whose threads, with the functions they call,
// share nothing but plain loads and stores of arrays.
TEST(Pipeline, IndependentThreadsMarksKernelsThatShareOnlyPlainMemory) {
  std::string out = cu(
      "@cuda.jit(device=True)\ndef store(a, i):\n    a[i] = 2 * i\n"
      "@cuda.jit(device=True)\ndef bump(a):\n    cuda.atomic.add(a, 0, 1)\n"
      "@cuda.jit('void(float32[:])')\ndef plain(a):\n    i = cuda.grid(1)\n    if i < a.size:\n        store(a, i)\n"
      "@cuda.jit('void(float32[:])')\ndef counts(a):\n    bump(a)\n"
      "@cuda.jit('void(float32[:])')\ndef tiled(a):\n    t = cuda.shared.array(4, float32)\n"
      "    t[0] = a[0]\n    a[1] = t[0]\n"
      "@cuda.jit('void(float32[:])')\ndef talks(a):\n    print(a[0])\n"
      "@cuda.jit('void(float32[:], int64)')\ndef strided(a, n):\n"
      "    for i in range(cuda.grid(1), n, cuda.gridsize(1)):\n        a[i] = 0\n"
      "@cuda.jit('void(float32[:], float32[:])')\ndef scratch(a, b):\n    s = cuda.local.array(2, float32)\n"
      "    s[0] = a[0]\n    b[0] = s[0]\n");
  auto info = [&](const std::string& name) {
    const std::size_t at = out.find("KernelInfo info{.name = \"" + name + "\"");
    return at == std::string::npos ? std::string() : out.substr(at, out.find('\n', at) - at);
  };
  EXPECT_TRUE(has(info("plain"), ".independent_threads = true")) << out;
  EXPECT_TRUE(has(info("scratch"), ".independent_threads = true")) << out;  // cuda.local.array is a thread's own
  EXPECT_TRUE(has(info("strided"), ".grid_stride = true, .independent_threads = true")) << out;
  // An atomic in a called function, a shared array, a print: the order of threads shows.
  for (const char* name : {"counts", "tiled", "talks"}) {
    EXPECT_FALSE(info(name).empty()) << name;
    EXPECT_FALSE(has(info(name), "independent_threads")) << info(name);
  }
}

TEST(Pipeline, ThisGridMakesTheKernelAndItsCallersCooperative) {
  std::string out = cu("@cuda.jit(device=True)\ndef barrier():\n    cuda.cg.this_grid().sync()\n"
                       "@cuda.jit('void(float32[:])')\ndef k(a):\n    barrier()\n"
                       "@cuda.jit('void(float32[:])')\ndef only_group(a):\n    g = cuda.cg.this_grid()\n"
                       "@cuda.jit('void(float32[:])')\ndef plain(a):\n    cuda.syncthreads()\n");
  EXPECT_TRUE(has(out, "py2cuda::this_grid().sync();")) << out;
  EXPECT_TRUE(has(out, "KernelInfo info{.name = \"k\", .location = \"t.py:7\", .uses_barrier = true, .cooperative = true}")) << out;
  // this_grid() alone makes the launch cooperative, as Numba's use_cooperative does.
  EXPECT_TRUE(has(out, "KernelInfo info{.name = \"only_group\", .location = \"t.py:10\", .cooperative = true}")) << out;
  EXPECT_TRUE(has(out, "KernelInfo info{.name = \"plain\", .location = \"t.py:13\", .uses_barrier = true}")) << out;
}

TEST(Pipeline, GridSyncIsInt32LikeNumba) {
  std::string out = cu("from numba.cuda.cg import this_grid\n"
                       "@cuda.jit('void(int64[:])')\ndef k(a):\n    g = this_grid()\n    a[0] = g.sync() + 1\n");
  EXPECT_TRUE(has(out, "py2cuda::GridGroup g = py2cuda::this_grid();")) << out;
  EXPECT_TRUE(has(out, "a(0) = int64_t(g.sync()) + 1;")) << out;
}

TEST(Pipeline, DeclareDeviceDeclaresTheFunctionAndRecordsItsLinkFiles) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("py2cuda_declare_" + std::to_string(::getpid()));
  fs::create_directories(dir / "ext");
  { std::ofstream(dir / "ext" / "f.cu") << "extern \"C\" __device__ int f(float* r, float a) { *r = a; return 0; }\n"; }
  SourceFile file((dir / "m.py").string(),
                  "from numba import cuda\n"
                  "f = cuda.declare_device('f', 'float32(float32)', link='ext/f.cu')\n"
                  "g = cuda.declare_device('g', 'int64(int32, float64)', abi='c')\n"
                  "@cuda.jit('void(float32[:], int64[:])')\ndef k(a, b):\n    a[0] = f(a[1])\n    b[0] = g(1, 2)\n");
  TranslateResult r = translate(file, TranslateOptions{});
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "extern \"C\" __device__ int f(float* result, float);")) << r.cu;
  EXPECT_TRUE(has(r.cu, "extern \"C\" __device__ int64_t g(int32_t, double);")) << r.cu;
  EXPECT_TRUE(has(r.cu, "a(0) = py2cuda::call_numba_abi(f, a(1));")) << r.cu;
  EXPECT_TRUE(has(r.cu, "b(0) = g(int32_t(1), 2.0);")) << r.cu;
  EXPECT_TRUE(has(r.cu, "nvcc -rdc=true m.cu ext/f.cu")) << r.cu;
  ASSERT_EQ(r.link_paths.size(), 1u);
  EXPECT_EQ(fs::path(r.link_paths[0]), (dir / "ext" / "f.cu").lexically_normal());
  fs::remove_all(dir);
}

TEST(Pipeline, KernelsDefinedInFunctionsAreHoistedAndTypedByTheirLaunches) {
  const std::string text = cu(
      "import numpy as np\n"
      "def main():\n"
      "    @cuda.jit(device=True)\n    def twice(v):\n        return 2 * v\n"
      "    @cuda.jit\n    def add(a, out):\n        i = cuda.grid(1)\n        if i < out.size:\n"
      "            out[i] = twice(a[i])\n"
      "    a = np.arange(8, dtype=np.float32)\n    out = np.zeros_like(a)\n    add[1, 8](a, out)\n"
      "def other():\n"
      "    @cuda.jit\n    def add(x):\n        x[0] = 1\n"
      "    x = np.zeros(1)\n    add[1, 1](x)\n"
      "if __name__ == '__main__':\n"
      "    @cuda.jit\n    def fill(x):\n        x[0] = 2\n"
      "    main()\n    other()\n    y = np.zeros(1)\n    fill[1, 1](y)\n");
  EXPECT_TRUE(has(text, "__global__ void add(py2cuda::CArray<float, 1> a, py2cuda::CArray<float, 1> out)")) << text;
  EXPECT_TRUE(has(text, "__device__ double twice(float v)")) << text;
  // other()'s kernel has the same name as main()'s: it takes its function's name as a prefix.
  EXPECT_TRUE(has(text, "__global__ void other_add(py2cuda::CArray<double, 1> x)")) << text;
  EXPECT_TRUE(has(text, "__global__ void fill(py2cuda::CArray<double, 1> x)")) << text;
  EXPECT_TRUE(has(text, "int main(int argc, char** argv)")) << text;
}

TEST(Pipeline, ClosureVariablesAreFrozenAtTheFirstLaunch) {
  // Numba freezes `n` and `scale` when it compiles `k` at its first launch; the later
  // assignment does not reach the kernel. `n` clashes with a module global.
  const std::string text = cu(
      "import numpy as np\n"
      "n = 5\n"
      "def main():\n"
      "    n = 4\n    scale = 3\n"
      "    @cuda.jit\n    def k(out):\n        tmp = cuda.local.array(n, dtype=np.float64)\n"
      "        tmp[0] = scale\n        out[0] = tmp[0] + n\n"
      "    out = np.zeros(1)\n    k[1, 1](out)\n    scale = 7\n    k[1, 1](out)\n"
      "main()\n");
  EXPECT_TRUE(has(text, "double tmp_local[4];")) << text;
  EXPECT_TRUE(has(text, "constexpr int64_t main_n = 4;")) << text;
  EXPECT_TRUE(has(text, "constexpr int64_t scale = 3;")) << text;
  EXPECT_FALSE(has(text, "constexpr int64_t scale = 7;")) << text;
}

TEST(Pipeline, ClosureVariableWithoutAKnownValueIsAnError) {
  TranslateResult r = run(
      "import numpy as np\n"
      "def main(factor):\n"
      "    @cuda.jit\n    def k(out):\n        out[0] = factor\n"
      "    out = np.zeros(1)\n    k[1, 1](out)\n"
      "main(2)\n");
  EXPECT_FALSE(r.ok);
  EXPECT_TRUE(has(r.diagnostics, "'k' reads 'factor' from the function 'main' around it, a parameter of 'main'"))
      << r.diagnostics;
}

TEST(Pipeline, CpuUfuncsComeBeforeTheHostFunctionsThatCallThem) {
  const std::string text = cu(
      "import numpy as np\nfrom numba import vectorize\n"
      "@vectorize(['float64(float64)'])\ndef sq(x):\n    return x * x\n"
      "def main():\n    print(sq(np.arange(3.0)))\n"
      "main()\n");
  const size_t ufunc = text.find("auto sq(");
  const size_t caller = text.find("void main_host()");
  ASSERT_NE(ufunc, std::string::npos) << text;
  ASSERT_NE(caller, std::string::npos) << text;
  EXPECT_LT(ufunc, caller) << text;
}

TEST(Pipeline, HostSliceStoreOfAListMakesAnArrayFirst) {
  // NumPy: np.asarray([1.5, 2]) (float64), then a cast into the int32 view.
  const std::string text = cu(
      "import numpy as np\n"
      "@cuda.jit\ndef k(x):\n    x[0] = 1\n"
      "a = np.zeros(3, dtype=np.int32)\na[1:] = [1.5, 2]\nk[1, 1](a)\nprint(a)\n");
  EXPECT_TRUE(has(text, "py2cuda::np::array_from<double>(py2cuda::host::shape(2), {")) << text;
}

TEST(Pipeline, ClosureValueIsTheOneInEffectAtTheKernelsFirstLaunch) {
  // Two definitions before the kernel's: positions in the body count them.
  const std::string text = cu(
      "import numpy as np\n"
      "def main():\n"
      "    @cuda.jit(device=True)\n    def one():\n        return 1\n"
      "    @cuda.jit(device=True)\n    def two():\n        return 2\n"
      "    k = 10\n"
      "    @cuda.jit\n    def kern(o):\n        o[0] = one() + two() + k\n"
      "    k = 20\n    out = np.zeros(1)\n    kern[1, 1](out)\n    k = 30\n"
      "main()\n");
  EXPECT_TRUE(has(text, "constexpr int64_t k = 20;")) << text;
}

TEST(Pipeline, SignatureFromAVariable) {
  // A string, a type call and a tuple of argument types, each bound once to a name.
  std::string out = cu("S = 'void(float32[:])'\nT = cuda.void(int32[:], int32)\nU = (float32[:, ::1],)\n"
                       "@cuda.jit(S)\ndef a(x):\n    x[0] = 1\n"
                       "@cuda.jit(T)\ndef b(x, n):\n    x[0] = n\n"
                       "@cuda.jit(U)\ndef c(m):\n    m[0, 0] = 1\n");
  EXPECT_TRUE(has(out, "void launch_a(const py2cuda::LaunchConfig& config, py2cuda::Array<float, 1> x)")) << out;
  EXPECT_TRUE(has(out, "py2cuda::Array<int32_t, 1> x, int32_t n)")) << out;
  EXPECT_TRUE(has(out, "void launch_c(const py2cuda::LaunchConfig& config, py2cuda::CArray<float, 2> m)")) << out;
  TranslateResult twice = run("S = 'void(float32[:])'\nS = 'void(float64[:])'\n@cuda.jit(S)\ndef a(x):\n    x[0] = 1\n");
  EXPECT_FALSE(twice.ok);
  EXPECT_TRUE(has(twice.diagnostics, "the signature 'S' is a variable assigned more than once")) << twice.diagnostics;
}

TEST(Pipeline, ForallLaunchComputesItsConfiguration) {
  std::string out = cu("import numpy as np\n@cuda.jit\ndef k(a):\n    i = cuda.grid(1)\n    if i < a.size:\n        a[i] = i\n"
                       "a = cuda.device_array(100, dtype=np.int32)\nk.forall(len(a))(a)\nk.forall(10, 32)(a)\n");
  EXPECT_TRUE(has(out, "launch_k(py2cuda::forall_config(k, a.shape(0)), a);")) << out;
  EXPECT_TRUE(has(out, "launch_k(py2cuda::forall_config(k, 10, 32), a);")) << out;
}

// A float becomes an integer through py2cuda::float_to_int in a kernel (the GPU's saturating
// conversion; a C++ cast is undefined out of range), stores and atomics included; a literal
// that converts exactly is folded; host code keeps the C++ cast (NumPy on the CPU).
TEST(Pipeline, FloatToIntegerConversionsInKernelsSaturate) {
  const std::string text = cu(
      "import numpy as np\n"
      "@cuda.jit('void(float64[:], int8[:], uint32[:], int64[:])')\n"
      "def k(x, small, big, acc):\n"
      "    i = cuda.grid(1)\n"
      "    small[i] = x[i]\n"
      "    big[i] = np.uint32(x[i]) + np.uint32(2.5) + np.uint32(-1.0)\n"
      "    cuda.atomic.add(acc, 0, int(x[i]))\n"
      "x = np.ones(4)\n"
      "n = np.int32(x[0] * 3.5)\n"
      "print(n)\n");
  EXPECT_TRUE(has(text, "small(i) = py2cuda::float_to_int<int8_t>(x(i));")) << text;
  EXPECT_TRUE(has(text, "py2cuda::float_to_int<uint32_t>(x(i))")) << text;
  EXPECT_TRUE(has(text, " + uint64_t(2) + ")) << text;  // np.uint32(2.5), folded
  EXPECT_TRUE(has(text, "py2cuda::float_to_int<uint32_t>(-1.0)")) << text;
  EXPECT_TRUE(has(text, "py2cuda::atomic_add(&acc(0), py2cuda::float_to_int<int64_t>(x(i)));")) << text;
  EXPECT_TRUE(has(text, "int32_t(x(0) * 3.5)") || has(text, "int32_t(x.at(0) * 3.5)")) << text;
}

// Python evaluates a binary operator's operands left to right; C++ leaves them unordered. Two
// operands with effects are evaluated first, in order; operands without stay a plain expression.
TEST(Pipeline, OperandsWithEffectsAreEvaluatedInPythonsOrder) {
  const std::string text = cu(
      "import numpy as np\n@cuda.jit\ndef k(x):\n    x[0] = 1\n"
      "x = np.zeros(1)\nk[1, 1](x)\nd = np.random.rand() - np.random.rand()\nprint(d < 0.5, x[0] + 1.0)\n");
  EXPECT_TRUE(has(text, "[&]() -> double { const double py2cuda_arg0 = py2cuda::np::random::rand(); const double "
                        "py2cuda_arg1 = py2cuda::np::random::rand(); return py2cuda_arg0 - py2cuda_arg1; }()"))
      << text;
  EXPECT_TRUE(has(text, "py2cuda::host::print(d < 0.5, x(0) + 1.0);")) << text;  // no effects: plain
}

// A comprehension's element runs once an item, inside the call's lambda: ordering the call's
// arguments (its iterable has calls) must not hoist the element out of it, where its loop
// variable is not declared (a C++ compile error before).
TEST(Pipeline, ComprehensionElementStaysInItsLambdaWhenArgumentsAreOrdered) {
  const std::string text = cu(
      "import numpy as np\n@cuda.jit\ndef k(x):\n    x[0] = 1\n"
      "x = np.zeros(1)\nk[1, 1](x)\ndef f(v):\n    return v * 2\nprint([str(f(v)) for v in [f(1), f(2)]])\n");
  EXPECT_TRUE(has(text, "[&](int64_t v) { return py2cuda::host::str(f_host(v)); }")) << text;
  EXPECT_FALSE(has(text, "= py2cuda::host::str(f_host(v));")) << text;
}

// A device array a kernel reads from the function around it is a last parameter of the kernel,
// passed by each launch (Numba captures its pointer), not a frozen constant.
TEST(Pipeline, CapturedDeviceArrayIsAKernelParameter) {
  const std::string text = cu(
      "import numpy as np\n"
      "def main():\n    prices = cuda.to_device(np.arange(4.0))\n"
      "    @cuda.jit\n    def k(out):\n        i = cuda.grid(1)\n        out[i] = prices[i]\n"
      "    out = np.zeros(4)\n    k[1, 4](out)\n    print(out)\n"
      "main()\n");
  EXPECT_TRUE(has(text, "__global__ void k(py2cuda::CArray<double, 1> out, py2cuda::CArray<double, 1> prices)")) << text;
  EXPECT_TRUE(has(text, "launch_k(py2cuda::LaunchConfig{1, 4}, py2cuda::host::transfer_in_out(out), prices);")) << text;
}

// np.sin(x, r) in a kernel: Numba's ufunc loop over the output, the scalar function typed on the
// arrays' dtype (sinf for float32).
TEST(Pipeline, UfuncWithOutputArrayInKernelLoopsOverIt) {
  const std::string text = cu(
      "import numpy as np\n@cuda.jit('void(float32[:], float32[:])')\ndef f(r, x):\n    np.sin(x, r)\n");
  EXPECT_TRUE(has(text, "py2cuda::ufunc_into(r, [](float py2cuda_x0) { return sinf(py2cuda_x0); }, x);")) << text;
}

// A float // or % by a constant power of two, 1 or more, takes the loop-free exact fmod
// (pysem.h); other constant divisors, and powers below 1 (x / y could overflow), the general one.
TEST(Pipeline, FloatDivisionByConstantPowerOfTwo) {
  const std::string text = cu(
      "import numpy as np\n@cuda.jit('void(float64[:], float32[:])')\ndef f(a, b):\n    i = cuda.grid(1)\n"
      "    a[i] //= 2\n    a[i] = a[i] % 8.0\n    b[i] = b[i] // np.float32(4)\n"
      "    a[i] = a[i] // 3.0\n    a[i] = a[i] % 0.5\n");
  EXPECT_TRUE(has(text, "a(i) = py2cuda::floordiv_by_power_of_two(a(i), 2.0);")) << text;
  EXPECT_TRUE(has(text, "a(i) = py2cuda::mod_by_power_of_two(a(i), 8.0);")) << text;
  EXPECT_TRUE(has(text, "b(i) = py2cuda::floordiv_by_power_of_two(b(i), 4.0f);")) << text;
  EXPECT_TRUE(has(text, "a(i) = py2cuda::floordiv(a(i), 3.0);")) << text;
  EXPECT_TRUE(has(text, "a(i) = py2cuda::mod(a(i), 0.5);")) << text;
}

// A host helper whose error is first met while its caller's return type is probed: a second
// call must report it (a located warning, no main()), not drop both calls from the caller.
TEST(Pipeline, HostHelperErrorMetWhileProbingIsStillReported) {
  TranslateResult r = run(
      "def helper(n):\n    return undefined_thing(n)\n"
      "def main():\n    n = 4\n    helper(n)\n    print(helper(n))\n"
      "main()\n");
  EXPECT_TRUE(has(r.diagnostics, "t.py:4:12: warning: name 'undefined_thing' is not defined")) << r.diagnostics;
  EXPECT_FALSE(has(r.cu, "int main(")) << r.cu;
}

namespace {

// Numba ignores a kernel's annotations: where host code launches it, the launch types it.
TEST(KernelAnnotations, LaunchTypesTheKernelWhereHostCodeLaunchesIt) {
  const std::string kernel = "import numpy as np\nfrom numba import cuda, float64, int8\n@cuda.jit\n"
                             "def k(out: float64[:], n: int8):\n    out[0] = n\n";
  SourceFile launched("t.py", kernel + "a = np.zeros(1)\nk[1, 1](a, 300)\nprint(a[0])\n");
  TranslateResult r = translate(launched, TranslateOptions{});
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "// kernel void(float64[::1], int64)")) << r.cu;
  SourceFile alone("t.py", kernel);
  TranslateResult a = translate(alone, TranslateOptions{});
  ASSERT_TRUE(a.ok) << a.diagnostics;
  EXPECT_TRUE(has(a.cu, "// kernel void(float64[:], int8)")) << a.cu;
}

}  // namespace

// numba-cuda casts an atomic's indices to intp: a float index (a histogram bin from
// math.floor, float64 on CUDA) is truncated toward zero, in a tuple too.
TEST(Pipeline, AtomicFloatIndicesConvertAsNumbaCastsThem) {
  TranslateResult r = run("@cuda.jit('void(float64[:], int32[:], int32[:, :])')\ndef k(x, h, h2):\n"
                          "    cuda.atomic.add(h, math.floor(x[0] * 4), 1)\n    cuda.atomic.add(h2, (x[1] * 2, 1), 1)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::float_to_int<int64_t>(")) << r.cu;
  EXPECT_FALSE(has(r.diagnostics, "warning")) << r.diagnostics;
}

// Tuples in kernels: divmod() is a tuple of `//` and `%` of operands read once (one division for
// both), max()/min() of
// a tuple compare left to right (Numba's do_minmax, never fmax), and `+`/`*` of tuples are one
// tuple display, each element written once where it is not a plain read.
TEST(Pipeline, KernelTupleOperatorsAndBuiltins) {
  TranslateResult r = run("@cuda.jit('void(int64[:], float64[:, :], float64[:])')\ndef k(a, m, out):\n"
                          "    q, r = divmod(a[0], a[1])\n    t = (out[0], out[1])\n    out[2] = max(t) + min(t)\n"
                          "    s = m.shape + (7,)\n    z = (out[0] * 2,) * 2\n    a[2] = q + r + s[2] + len(z)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  // Both halves of one division (ir/divmod_pairs.cpp), as Numba's divmod computes them together.
  EXPECT_TRUE(has(r.cu, "py2cuda::tuple<int64_t, int64_t>(py2cuda::divmod(a(0), a(1)).quotient, "
                        "py2cuda::divmod(a(0), a(1)).remainder)"))
      << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::py_max_generic(py2cuda::get<0>(t), py2cuda::get<1>(t))")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::tuple<int64_t, int64_t, int64_t>(m.shape[0], m.shape[1], int64_t(7))")) << r.cu;
  EXPECT_TRUE(has(r.cu, "{ const double item = out(0) * 2.0; return py2cuda::tuple<double, double>(item, item); }")) << r.cu;
  TranslateResult bad = run("@cuda.jit('void(int64[:])')\ndef k(a):\n    n = a[0]\n    t = (1,) * n\n");
  EXPECT_TRUE(has(bad.diagnostics, "a tuple can be repeated in a CUDA kernel by a constant count only")) << bad.diagnostics;
}

// Tuple comparisons in kernels, as numba-cuda's tuple_eq and tuple_cmp_ordered: `==` is every pair
// equal, an order is decided by the first pair that differs (each read once: a tuple that is not
// a variable is bound first), else by the lengths.
TEST(Pipeline, KernelTupleComparisonsAreNumbasLexicographicOrder) {
  TranslateResult r = run("@cuda.jit('void(int64[:], float64[:])')\ndef k(a, out):\n    t = (a[0], a[1])\n"
                          "    if t < (3, 0):\n        out[0] = 1\n    if t == (a[2], out[1]):\n        out[1] = 2\n"
                          "    if (a[0],) >= (a[0], 1):\n        out[2] = 3\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::get<0>(t) != 3 ? py2cuda::get<0>(t) < 3 : py2cuda::get<1>(t) != 0 ? "
                        "py2cuda::get<1>(t) < 0 : false"))
      << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::get<0>(t) == a(2) && double(py2cuda::get<1>(t)) == out(1)")) << r.cu;
  EXPECT_TRUE(has(r.cu, "a(0) != a(0) ? a(0) >= a(0) : false")) << r.cu;  // a prefix is less
}

// A loop over a 2-D array in a kernel visits its rows, each a 1-D view (as Numba iterates an
// array over its first axis).
TEST(Pipeline, KernelLoopsOverA2DArraysRows) {
  TranslateResult r = run("@cuda.jit('void(float64[:, :], float64[:])')\ndef k(m, out):\n    s = 0.0\n"
                          "    for row in m:\n        for v in row:\n            s += v\n    out[0] = s\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::Array<double, 1> row = py2cuda::view(m, index, py2cuda::slice());")) << r.cu;
}

// A lambda, and a function of one return statement, defined inside a kernel: applied where
// called, a C++ lambda reading the kernel's variables at the call (Numba inlines the closure).
// A nested function of more statements is still a located error.
TEST(Pipeline, KernelClosuresOfOneExpressionAreAppliedWhereCalled) {
  TranslateResult r = run("@cuda.jit('void(float64[:])')\ndef k(a):\n    s = 3.0\n    def f(x):\n        return x * s\n"
                          "    g = lambda x: x - 1\n    a[0] = f(a[1]) + g(a[2])\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "a(0) = [&](double x) { return (x * s); }(a(1)) + [&](double x2) { return (x2 - 1.0); }(a(2));"))
      << r.cu;
  TranslateResult bad = run("@cuda.jit('void(float64[:])')\ndef k(a):\n    def f(x):\n        y = x\n        return y\n"
                            "    a[0] = f(a[1])\n");
  EXPECT_TRUE(has(bad.diagnostics, "a nested function definition is not supported in CUDA kernels")) << bad.diagnostics;
}
