// numba.cuda.libdevice in the builtins table: every function numba-cuda declares
// (tests/data/numba_libdevice_functions.tsv, from tests/oracle/gen_libdevice_functions.py)
// is a row with Numba's exact signature, or is listed as unsupported with a reason;
// calls are typed by that signature.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "builtins/table.h"
#include "driver/translate.h"
#include "numba_tables.h"

using namespace py2cuda;

namespace {

std::map<std::string, std::string> numba_functions() { return test_data::read_name_table("numba_libdevice_functions.tsv"); }

TranslateResult run(const std::string& body) {
  SourceFile file("t.py", "from numba import cuda\nfrom numba.cuda import libdevice\n" + body);
  return translate(file, TranslateOptions{});
}

bool has(const std::string& text, const std::string& needle) { return text.find(needle) != std::string::npos; }

}  // namespace

TEST(Libdevice, EveryNumbaFunctionIsARowWithNumbasSignature) {
  const auto functions = numba_functions();
  ASSERT_GT(functions.size(), 300u);
  for (const auto& [name, signature] : functions) {
    const builtins::Builtin* row = builtins::find("numba.cuda.libdevice." + name);
    ASSERT_NE(row, nullptr) << "libdevice." << name << " has no row";
    EXPECT_EQ(row->rule, builtins::Rule::FixedSignature) << name;
    EXPECT_EQ(row->signature, signature) << name;
    EXPECT_FALSE(row->f64.empty()) << name;
  }
  // And no row for a function numba-cuda does not have.
  size_t rows = 0;
  for (const builtins::Builtin& b : builtins::all()) {
    if (!b.path.starts_with("numba.cuda.libdevice.")) continue;
    ++rows;
    EXPECT_TRUE(functions.count(std::string(b.path.substr(21)))) << b.path;
  }
  EXPECT_EQ(rows, builtins::libdevice_rows().size());
}

TEST(Libdevice, RowsAreInTheCallablesTable) {
  std::string md = builtins::markdown();
  EXPECT_TRUE(has(md, "| `cuda.libdevice.fadd_rz` | call | `__fadd_rz({0}, {1})` |")) << md.substr(0, 200);
  EXPECT_TRUE(has(md, "__nv_frexp: Tuple(float64, int32)(float64)"));
}

TEST(Libdevice, ArgumentsConvertToTheDeclaredTypes) {
  TranslateResult r = run(
      "@cuda.jit('void(float64[:], int64[:], float32[:])')\n"
      "def k(d, n, f):\n"
      "    f[0] = libdevice.sinf(d[0])\n"
      "    d[0] = libdevice.fadd_rz(n[0], 1)\n"
      "    n[0] = libdevice.popcll(n[1]) + libdevice.umax(n[0], 3)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "f(0) = sinf(float(d(0)));")) << r.cu;
  // fadd_rz is float32(float32, float32): the int64 converts, and the float32 result widens on the store.
  EXPECT_TRUE(has(r.cu, "d(0) = double(__fadd_rz(float(n(0)), 1.0f));")) << r.cu;
  // popcll returns int32; umax takes and returns int32 bit patterns (an unsigned C++ function).
  EXPECT_TRUE(has(r.cu, "int32_t(umax(int32_t(n(0)), int32_t(3)))")) << r.cu;
  EXPECT_TRUE(has(r.cu, "__popcll(n(1))")) << r.cu;
}

TEST(Libdevice, PointerResultsAreTuples) {
  TranslateResult r = run(
      "@cuda.jit('void(float64[:], int32[:])')\n"
      "def k(d, e):\n"
      "    m, x = libdevice.frexp(d[0])\n"
      "    s, c = cuda.libdevice.sincos(d[1])\n"
      "    d[0] = m + s + c\n"
      "    e[0] = x\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::tuple<double, int32_t> tup = py2cuda::libdevice::frexp(d(0));")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::tuple<double, double> tup2 = py2cuda::libdevice::sincos(d(1));")) << r.cu;
}

TEST(Libdevice, FromImportAndErrors) {
  SourceFile file("t.py",
                  "from numba import cuda\nfrom numba.cuda.libdevice import dmul_ru\n"
                  "@cuda.jit('void(float64[:])')\ndef k(d):\n    d[0] = dmul_ru(d[0], d[1])\n");
  TranslateResult ok = translate(file, TranslateOptions{});
  ASSERT_TRUE(ok.ok) << ok.diagnostics;
  EXPECT_TRUE(has(ok.cu, "d(0) = __dmul_ru(d(0), d(1));")) << ok.cu;

  TranslateResult arity = run("@cuda.jit('void(float64[:])')\ndef k(d):\n    d[0] = libdevice.dmul_ru(d[0])\n");
  EXPECT_FALSE(arity.ok);
  EXPECT_TRUE(has(arity.diagnostics, "cuda.libdevice.dmul_ru() takes 2 arguments but 1 was given")) << arity.diagnostics;

  // __nv_powi: square and multiply (py2cuda::libdevice::powi), the int32 argument converted.
  TranslateResult powi = run("@cuda.jit('void(float64[:], int64)')\ndef k(d, n):\n    d[0] = libdevice.powi(d[0], n)\n");
  ASSERT_TRUE(powi.ok) << powi.diagnostics;
  EXPECT_TRUE(has(powi.cu, "d(0) = py2cuda::libdevice::powi(d(0), int32_t(n));")) << powi.cu;
}

// Every row translates when called with arguments of its declared types; the emitted
// call is its pattern. (Compiling such a program with nvcc and g++ is how the rows were
// checked when written; tests/golden/libdevice.py keeps a representative set compiled.)
TEST(Libdevice, EveryRowTranslates) {
  std::string body;
  int n = 0;
  for (const builtins::Builtin& row : builtins::libdevice_rows()) {
    std::string sig(row.signature);
    std::string params = sig.substr(sig.rfind('(') + 1);
    params.pop_back();
    std::string args;
    for (size_t start = 0; start < params.size();) {
      size_t comma = params.find(", ", start);
      std::string t = params.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
      args += std::string(args.empty() ? "" : ", ") +
              (t == "float32" ? "f[0]" : t == "float64" ? "d[0]" : t == "int32" ? "i[0]" : t == "int64" ? "l[0]" : "h[0]");
      if (comma == std::string::npos) break;
      start = comma + 2;
    }
    std::string call = "libdevice." + std::string(row.path.substr(21)) + "(" + args + ")";
    body += "    r" + std::to_string(n++) + " = " + call + "\n";
  }
  TranslateResult r = run("@cuda.jit('void(float32[:], float64[:], int32[:], int64[:], int16[:])')\n"
                          "def k(f, d, i, l, h):\n" + body);
  ASSERT_TRUE(r.ok) << r.diagnostics.substr(0, 2000);
  EXPECT_TRUE(has(r.cu, "__fmaf_rz(f(0), f(0), f(0))")) << r.cu.substr(0, 500);
  EXPECT_TRUE(has(r.cu, "py2cuda::libdevice::remquof(f(0), f(0))"));
  EXPECT_TRUE(has(r.cu, "int32_t(__usad(i(0), i(0), i(0)))"));
  EXPECT_TRUE(has(r.cu, "jnf(i(0), f(0))"));
  EXPECT_EQ(n, 317);  // numba-cuda 0.30.4 declares 317
}
