// numba.cuda.fp16's `__`-prefixed functions in the builtins table: every one numba-cuda
// declares (tests/data/numba_fp16_functions.tsv, from tests/oracle/gen_fp16_functions.py)
// is a row with Numba's exact signature and cuda_fp16.h's function of the same name;
// calls are typed by that signature.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <string>

#include "builtins/table.h"
#include "driver/translate.h"
#include "numba_tables.h"

using namespace py2cuda;

namespace {

std::map<std::string, std::string> numba_functions() { return test_data::read_name_table("numba_fp16_functions.tsv"); }

bool has(const std::string& text, const std::string& needle) { return text.find(needle) != std::string::npos; }

TranslateResult run(const std::string& source) {
  SourceFile file("t.py", source);
  return translate(file, TranslateOptions{});
}

}  // namespace

TEST(Fp16Intrinsics, EveryNumbaFunctionIsARowWithNumbasSignature) {
  const auto functions = numba_functions();
  ASSERT_EQ(functions.size(), 94u);
  for (const auto& [name, signature] : functions) {
    const builtins::Builtin* row = builtins::find("numba.cuda.fp16." + name);
    ASSERT_NE(row, nullptr) << name;
    EXPECT_EQ(row->rule, builtins::Rule::FixedSignature) << name;
    EXPECT_EQ(row->signature, signature) << name;
    EXPECT_TRUE(has(std::string(row->f64), name + "(")) << name << ": " << row->f64;
  }
  EXPECT_EQ(builtins::fp16_intrinsic_rows().size(), functions.size());
}

TEST(Fp16Intrinsics, ArgumentsConvertToTheDeclaredTypes) {
  TranslateResult r = run(
      "from numba import cuda\n"
      "from numba.cuda.fp16 import __hadd_sat\n"
      "@cuda.jit('void(float16[:], float64[:], int64[:])')\n"
      "def k(h, d, n):\n"
      "    h[0] = cuda.fp16.__float2half_rz(d[0])\n"
      "    h[1] = __hadd_sat(h[0], 1)\n"
      "    n[0] = cuda.fp16.__half2ull_rd(h[1])\n"
      "    n[1] = cuda.fp16.__hisinf(h[0])\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  // float32(float64) first: __float2half_rz's declared argument is float32.
  EXPECT_TRUE(has(r.cu, "h(0) = __float2half_rz(float(d(0)));")) << r.cu;
  EXPECT_TRUE(has(r.cu, "h(1) = __hadd_sat(h(0), __half(1.0f));")) << r.cu;
  // cuda_fp16.h returns unsigned long long: spelled as Numba's uint64.
  EXPECT_TRUE(has(r.cu, "int64_t(uint64_t(__half2ull_rd(h(1))))")) << r.cu;
  EXPECT_TRUE(has(r.cu, "int64_t(__hisinf(h(0)))")) << r.cu;
}
