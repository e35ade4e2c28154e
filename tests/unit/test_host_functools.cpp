// functools around host functions, rewritten before analysis: lru_cache/cache become a dict in
// front of the body (sema/cached_functions.cpp), partial names become the calls they stand for
// (sema/partial_functions.cpp); and a lambda handed to cuda.jit is a device function
// (sema/nested_functions.cpp). print() evaluates all its values before formatting any.
#include <gtest/gtest.h>

#include "translate_text.h"

using namespace py2cuda;

namespace {

const test::HostProgram run({.imports = "import functools\n"});  // lines 1-6

using test::has;

}  // namespace

TEST(HostFunctools, LruCacheRunsTheBodyOncePerKey) {
  TranslateResult r = run("@functools.lru_cache(maxsize=None)\ndef blocks(n, tpb):\n    print('computing', n)\n"
                          "    return (n + tpb - 1) // tpb\n"
                          "a = np.zeros(4)\ninc[blocks(4, 2), 2](a)\ninc[blocks(4, 2), 2](a)\nprint(a)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "int64_t blocks_uncached_host(int64_t n, int64_t tpb) {")) << r.cu;
  EXPECT_TRUE(has(r.cu, "if (blocks_cache_global.contains(key)) {")) << r.cu;
    EXPECT_TRUE(has(r.cu, "int main(int argc, char** argv)")) << r.cu;
  // Unbounded: no eviction.
  EXPECT_FALSE(has(r.cu, ".pop(")) << r.cu;
}

TEST(HostFunctools, BoundedCachesEvictTheLeastRecentlyUsedKey) {
  TranslateResult r = run("@functools.lru_cache(maxsize=2)\ndef weights(n):\n    return np.ones(n)\n"
                          "inc[1, 1](weights(3))\nprint(weights(3))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "if (py2cuda::host::len(weights_cache_global) > 2) {")) << r.cu;
  // maxsize=0 caches nothing: the function runs undecorated.
  r = run("@functools.lru_cache(maxsize=0)\ndef weights(n):\n    return np.ones(n)\ninc[1, 1](weights(3))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_FALSE(has(r.cu, "weights_cache")) << r.cu;
}

TEST(HostFunctools, PartialCallsAreTheCallsTheyStandFor) {
  TranslateResult r = run("def launch(a, n, tpb=32):\n    inc[(n + tpb - 1) // tpb, tpb](a)\n"
                          "launch16 = functools.partial(launch, tpb=16)\na = np.zeros(4)\nlaunch16(a, 4)\n"
                          "launch16(a, 4, tpb=8)\nprint(a)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "  // prog.py:11: launch16(a, 4)\n  launch_host(a, int64_t(4), int64_t(16));"))
      << r.cu;
  EXPECT_TRUE(has(r.cu, "int64_t(4), int64_t(8));")) << r.cu;  // the call's keyword wins
}

// A partial whose arguments are computed (evaluated once, where it is made) stays a value host
// code reports, rather than being evaluated again at every call.
TEST(HostFunctools, PartialOfComputedArgumentsIsNotCopied) {
  TranslateResult r = run("def launch(a, tpb):\n    inc[1, tpb](a)\n"
                          "go = functools.partial(launch, tpb=int(np.sqrt(256)))\ngo(np.zeros(4))\n");
  EXPECT_TRUE(has(r.diagnostics, "warning: 'functools.partial'")) << r.diagnostics;
}

TEST(HostFunctools, ALambdaHandedToCudaJitIsADeviceFunction) {
  TranslateResult r = test::translate_text(
      "import numpy as np\nfrom numba import cuda\n",
      "sq = cuda.jit(device=True)(lambda v: v * v)\ncube = cuda.jit(lambda v: v * v * v, device=True)\n"
      "@cuda.jit\ndef k(a):\n    a[0] = sq(a[0]) + cube(a[1])\nk[1, 1](np.ones(2))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "__device__ double sq(double v)")) << r.cu;
  EXPECT_TRUE(has(r.cu, "__device__ double cube(double v)")) << r.cu;
}

TEST(HostFunctools, PrintFormatsItsValuesAfterEvaluatingThemAll) {
  TranslateResult r = run("def step(a):\n    inc[1, 1](a)\n    return a\na = np.zeros(2)\nprint(step(a), step(a))\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::print_in_order(\" \", \"\\n\", py2cuda::host::InOrder{")) << r.cu;
}
