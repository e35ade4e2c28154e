// Kernel factories (sema/kernel_factories.cpp): each call statement of a function returning the
// kernels it defines makes kernels of its own, named as the call's targets, reading the call's
// values frozen; and the statement copies that makes them (frontend/ast_clone.cpp).
#include <gtest/gtest.h>

#include <sstream>

#include "frontend/ast_clone.h"
#include "frontend/parser.h"
#include "translate_text.h"

using namespace py2cuda;
using py2cuda::test::has;

namespace {

const std::string kPrologue =
    "import numpy as np\n"
    "from numba import cuda, float32\n"
    "def make_scale(factor, offset=0.0):\n"
    "    @cuda.jit\n"
    "    def scale(a):\n"
    "        i = cuda.grid(1)\n"
    "        if i < a.size:\n"
    "            a[i] = a[i] * factor + offset\n"
    "    return scale\n";

TranslateResult run(const std::string& body) { return test::translate_text(kPrologue, body); }

}  // namespace

TEST(KernelFactories, EachCallStatementIsAKernelNamedAsItsTarget) {
  TranslateResult r = run("a = np.ones(4)\ndouble = make_scale(2.0)\ndouble[1, 4](a)\n"
                          "shift = make_scale(1, offset=0.5)\nshift[1, 4](a)\nprint(a)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "__global__ void double_(")) << r.cu;  // `double` is a C++ keyword
  EXPECT_TRUE(has(r.cu, "__global__ void shift(")) << r.cu;
  EXPECT_TRUE(has(r.cu, "constexpr double make_scale_factor = 2.0;")) << r.cu;
  EXPECT_TRUE(has(r.cu, "constexpr int64_t make_scale_factor_2 = 1;")) << r.cu;
  EXPECT_TRUE(has(r.cu, "constexpr double make_scale_offset_2 = 0.5;")) << r.cu;
  std::istringstream lines(r.cu);
  for (std::string line; std::getline(lines, line);) {
    if (line.find("//") == std::string::npos) {
      EXPECT_FALSE(has(line, "make_scale(")) << "the factory is no host code now: " << line;
    }
  }
}

TEST(KernelFactories, ALoopOverSpelledValuesMakesAKernelPerValue) {
  TranslateResult r = run(
      "def make_sum(tpb):\n"
      "    @cuda.jit\n"
      "    def block_sum(a, out):\n"
      "        tile = cuda.shared.array(tpb, float32)\n"
      "        tile[cuda.threadIdx.x] = a[cuda.grid(1)]\n"
      "        cuda.syncthreads()\n"
      "        if cuda.threadIdx.x == 0:\n"
      "            out[0] = tile[0]\n"
      "    return block_sum\n"
      "a = np.ones(256, dtype=np.float32)\nout = np.zeros(1, dtype=np.float32)\n"
      "for tpb in range(32, 129, 32):\n"
      "    k = make_sum(tpb)\n"
      "    k[1, tpb](a, out)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  for (const char* size : {"32", "64", "96", "128"}) {
    EXPECT_TRUE(has(r.cu, std::string("__shared__ float tile_shared[") + size + "];")) << "a tile of " << size << "\n" << r.cu;
  }
}

TEST(KernelFactories, AFactoryInAComprehensionStaysAFunctionAndItsUseIsNamed) {
  TranslateResult r = run("ks = [make_scale(f) for f in (1.0, 2.0)]\n");
  EXPECT_FALSE(r.ok);
  EXPECT_TRUE(has(r.diagnostics, "a parameter of 'make_scale'")) << r.diagnostics;
  EXPECT_TRUE(has(r.diagnostics, "prog.py:10:7: note: py2cuda makes a kernel of each call")) << r.diagnostics;
}

TEST(KernelFactories, AFunctionArgumentIsTheFunctionItNames) {
  TranslateResult r = run(
      "@cuda.jit(device=True)\ndef add(x, y):\n    return x + y\n"
      "def make_apply(op):\n"
      "    @cuda.jit\n"
      "    def apply(a, b):\n"
      "        a[0] = op(a[0], b[0])\n"
      "    return apply\n"
      "adder = make_apply(add)\na = np.ones(2)\nadder[1, 1](a, a)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "a(0) = add(a(0), b(0));")) << r.cu;
}

// Two kernels defined under one name in a function: each launch runs the one defined before it
// (the second was launched for both).
TEST(KernelFactories, ANestedKernelDefinedAgainIsAKernelOfItsOwn) {
  TranslateResult r = run(
      "def main():\n"
      "    @cuda.jit\n    def k(a):\n        a[0] = 1\n"
      "    a = np.zeros(2)\n    k[1, 1](a)\n"
      "    @cuda.jit\n    def k(a):\n        a[1] = 2\n"
      "    k[1, 1](a)\n    print(a)\n"
      "main()\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  const size_t first = r.cu.find("launch_k(");
  const size_t second = r.cu.find("launch_k_2(");
  ASSERT_NE(first, std::string::npos) << r.cu;
  ASSERT_NE(second, std::string::npos) << r.cu;
  EXPECT_FALSE(has(r.diagnostics, "never launched")) << r.diagnostics;
}

TEST(AstClone, AStatementCopyIsDeepAndIndependent) {
  SourceFile file("c.py", "def f(a, n=2):\n    for i in range(n):\n        if a[i] > 0:\n            a[i] = -a[i]\n"
                          "    return a\n");
  Diagnostics diags(file);
  ast::Module m = frontend::parse_module(file, diags);
  ASSERT_EQ(m.body.size(), 1u);
  ast::StmtPtr copy = ast::clone(m.body[0].get());
  ASSERT_TRUE(copy);
  auto& def = ast::as<ast::FunctionDef>(*copy);
  EXPECT_EQ(def.name, "f");
  ASSERT_EQ(def.params.size(), 2u);
  ASSERT_TRUE(def.params[1].default_value);
  ASSERT_EQ(def.body.size(), 2u);
  EXPECT_EQ(def.body[0]->kind, ast::StmtKind::For);
  auto& loop = ast::as<ast::For>(*def.body[0]);
  ASSERT_EQ(loop.body.size(), 1u);
  EXPECT_EQ(loop.body[0]->kind, ast::StmtKind::If);
  def.name = "g";
  EXPECT_EQ(ast::as<ast::FunctionDef>(*m.body[0]).name, "f");
  EXPECT_NE(loop.body[0].get(), ast::as<ast::For>(*ast::as<ast::FunctionDef>(*m.body[0]).body[0]).body[0].get());
}

TEST(AstClone, AClassIsNotCopied) {
  SourceFile file("c.py", "class A:\n    x = 1\n");
  Diagnostics diags(file);
  ast::Module m = frontend::parse_module(file, diags);
  ASSERT_EQ(m.body.size(), 1u);
  EXPECT_FALSE(ast::clone(m.body[0].get()));
}
