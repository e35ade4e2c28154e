// ir::mark_call_effects: which device functions' calls can have an effect the caller sees (an
// atomic, a random draw, a store into an array the callee did not create, a barrier, a warp
// collective, a print, an external function, a call of such a function, recursion; the barriers,
// warp collectives and external functions also where called directly), and what
// lowering makes of it: calls without effects stay a plain expression, calls with them keep
// Python's order.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "diag/diagnostics.h"
#include "driver/translate.h"
#include "frontend/parser.h"
#include "infer/infer.h"
#include "sema/module_info.h"
#include "translate_text.h"

using namespace py2cuda;
using py2cuda::test::has;

namespace {

const std::string kPrologue = "import numpy as np\nfrom numba import cuda\nfrom numba.cuda.random import create_xoroshiro128p_states, xoroshiro128p_uniform_float32\n";

// The typed IR of `body` after kPrologue; the file and the analyses' results stay alive with it.
struct Built {
  std::unique_ptr<SourceFile> file;
  std::unique_ptr<ast::Module> ast;
  std::unique_ptr<sema::ModuleInfo> info;
  std::unique_ptr<ir::Module> ir;

  // Whether a call of the device function `name` counts as an effect.
  bool effects(const std::string& name) const {
    for (const auto& f : ir->functions) {
      if (f->name == name && !f->is_kernel) return f->call_has_effects;
    }
    ADD_FAILURE() << "no device function " << name;
    return true;
  }
};

Built build(const std::string& body) {
  Built b;
  b.file = std::make_unique<SourceFile>("t.py", kPrologue + body);
  Diagnostics diags(*b.file);
  b.ast = std::make_unique<ast::Module>(frontend::parse_module(*b.file, diags));
  sema::hoist_nested_functions(*b.ast, diags);
  sema::capture_module_device_arrays(*b.ast, diags);
  b.info = std::make_unique<sema::ModuleInfo>(sema::analyze_module(*b.ast, *b.file, {}, diags));
  if (!diags.has_errors()) b.ir = infer::build_module(*b.info, diags);
  EXPECT_FALSE(diags.has_errors()) << diags.render();
  return b;
}

// Each device function is called by the kernel k, so that it is typed.
const std::string kFunctions =
    "@cuda.jit(device=True)\ndef square(x):\n    return x * x\n"
    "@cuda.jit(device=True)\ndef scratch(x):\n    t = cuda.local.array(2, np.float64)\n    t[0] = x\n"
    "    t[1] = square(x)\n    return t[0] + t[1]\n"
    "@cuda.jit(device=True)\ndef reads(a, i):\n    return a[i] + 1.0\n"
    "@cuda.jit(device=True)\ndef writes(a, i):\n    a[i] = 2.0\n    return 0.0\n"
    "@cuda.jit(device=True)\ndef adds(a, i):\n    return cuda.atomic.add(a, i, 1.0)\n"
    "@cuda.jit(device=True)\ndef calls_writes(a, i):\n    return writes(a, i) + 1.0\n"
    "@cuda.jit(device=True)\ndef shared(x):\n    s = cuda.shared.array(2, np.float64)\n    s[0] = x\n    return s[0]\n"
    "@cuda.jit(device=True)\ndef waits(x):\n    cuda.syncthreads()\n    return x\n"
    "@cuda.jit(device=True)\ndef prints(x):\n    print(x)\n    return x\n"
    "@cuda.jit(device=True)\ndef draws(states, i):\n    return xoroshiro128p_uniform_float32(states, i)\n"
    "@cuda.jit('int64(int64)', device=True)\ndef fact(n):\n    if n <= 1:\n        return 1\n    return n * fact(n - 1)\n"
    "@cuda.jit\ndef k(a, states):\n    i = cuda.grid(1)\n"
    "    a[i] = square(a[i]) + scratch(a[i]) + reads(a, i) + writes(a, i) + adds(a, i) + calls_writes(a, i)\n"
    "    a[i] += shared(a[i]) + waits(a[i]) + prints(a[i]) + draws(states, i) + fact(i)\n"
    "a = np.zeros(4)\nk[1, 4](a, create_xoroshiro128p_states(4, seed=1))\n";

}  // namespace

TEST(CallEffects, ValueOnlyFunctionsHaveNone) {
  Built b = build(kFunctions);
  ASSERT_TRUE(b.ir);
  EXPECT_FALSE(b.effects("square"));
  EXPECT_FALSE(b.effects("scratch"));  // a cuda.local.array of its own, which no caller sees
  EXPECT_FALSE(b.effects("reads"));    // reads its argument: ordered as a read, not as an effect
}

TEST(CallEffects, WritesAtomicsBarriersAndRecursionAreEffects) {
  Built b = build(kFunctions);
  ASSERT_TRUE(b.ir);
  EXPECT_TRUE(b.effects("writes"));
  EXPECT_TRUE(b.effects("adds"));
  EXPECT_TRUE(b.effects("calls_writes"));  // through the function it calls
  EXPECT_TRUE(b.effects("shared"));        // a shared array other threads see
  EXPECT_TRUE(b.effects("waits"));
  EXPECT_TRUE(b.effects("prints"));
  EXPECT_TRUE(b.effects("draws"));
  EXPECT_TRUE(b.effects("fact"));  // recursive: assumed
}

// What lowering makes of it: no temporaries between calls without effects, Python's order
// where a call writes what another operand reads.
TEST(CallEffects, OnlyCallsWithEffectsAreOrdered) {
  const std::string text = test::translate_text(
      kPrologue,
      "@cuda.jit(device=True)\ndef square(x):\n    return x * x\n"
      "@cuda.jit(device=True)\ndef writes(a, i):\n    a[i] = 2.0\n    return 0.0\n"
      "@cuda.jit('void(float64[:], float64[:])')\ndef k(a, b):\n    i = cuda.grid(1)\n"
      "    b[i] = square(a[i]) + square(b[i])\n"
      "    b[i] = a[i] + writes(a, i)\n").cu;
  EXPECT_TRUE(has(text, "b(i) = square(a(i)) + square(b(i));")) << text;
  EXPECT_TRUE(has(text, "[&]() -> double { const double py2cuda_arg0 = a(i); const double py2cuda_arg1 = writes(a, i); "
                        "return py2cuda_arg0 + py2cuda_arg1; }()"))
      << text;
}

// An atomic's index is evaluated before its value, as Python evaluates its arguments.
TEST(CallEffects, AtomicIndexBeforeValue) {
  const std::string text = test::translate_text(
      kPrologue,
      "@cuda.jit('void(int64[:], int64[:])')\ndef k(a, b):\n    a[0] = cuda.atomic.add(a, cuda.atomic.add(b, 0, 1), cuda.atomic.add(b, 0, 1))\n").cu;
  EXPECT_TRUE(has(text, "const int64_t py2cuda_arg0 = py2cuda::atomic_add(&b(0), int64_t(1)); const int64_t py2cuda_arg1 = "
                        "py2cuda::atomic_add(&b(0), int64_t(1)); return py2cuda::atomic_add(&a.at(py2cuda_arg0), py2cuda_arg1); }()"))
      << text;
}

// A barrier, a warp collective or an external function called directly in an expression is an
// effect there, as a device function holding one is: an element read beside it keeps Python's
// order (it may see other threads' stores made before the barrier). Beside plain variables the
// expression stays plain.
TEST(CallEffects, BarriersWarpOpsAndExternalsInAnExpressionAreOrdered) {
  const std::string text = test::translate_text(
      kPrologue,
      "g = cuda.declare_device('g', 'float64(float64)', abi='c')\n"
      "@cuda.jit('void(int32[:], float64[:])')\ndef k(a, b):\n    i = cuda.grid(1)\n"
      "    a[i] = cuda.syncthreads_count(i) + a[i]\n"
      "    v = b[i]\n"
      "    b[i] = cuda.shfl_down_sync(0xffffffff, v, 1) + v\n"
      "    b[i] = cuda.shfl_down_sync(0xffffffff, v, 1) + b[i]\n"
      "    b[i] = g(v) + b[i]\n"
      "    b[i] = g(v) + v\n"
      "    a[i] = cuda.syncthreads_count(a[i]) + i\n").cu;
  EXPECT_TRUE(has(text, "a(i) = int32_t([&]() -> int64_t { const int64_t py2cuda_arg0 = int64_t(__syncthreads_count(int32_t(i))); "
                        "const int64_t py2cuda_arg1 = int64_t(a(i)); return py2cuda_arg0 + py2cuda_arg1; }());"))
      << text;
  EXPECT_TRUE(has(text, "b(i) = py2cuda::shfl_down_sync(uint32_t(4294967295), v, int32_t(1)) + v;")) << text;
  EXPECT_TRUE(has(text, "b(i) = [&]() -> double { const double py2cuda_arg0 = py2cuda::shfl_down_sync(uint32_t(4294967295), v, "
                        "int32_t(1)); const double py2cuda_arg1 = b(i); return py2cuda_arg0 + py2cuda_arg1; }();"))
      << text;
  EXPECT_TRUE(has(text, "b(i) = [&]() -> double { const double py2cuda_arg0 = g(v); const double py2cuda_arg1 = b(i); "
                        "return py2cuda_arg0 + py2cuda_arg1; }();"))
      << text;
  EXPECT_TRUE(has(text, "b(i) = g(v) + v;")) << text;
  // Its argument is a value read before it, not a place (as an atomic's first argument is).
  EXPECT_TRUE(has(text, "a(i) = int32_t(int64_t(__syncthreads_count(a(i))) + i);")) << text;
}
