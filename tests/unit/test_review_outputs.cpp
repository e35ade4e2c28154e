// The reviewer's outputs: --dump's text forms, and what the lowering records for
// --annotate (the Python line of each .cu line, the notes of the work it adds) and the
// page built from it. The page in a real browser: tests/annotate/run_annotate.py.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "driver/annotated_page.h"
#include "driver/translate.h"

using namespace py2cuda;

namespace {

const char* const kKernel =
    "from numba import cuda\n"                                   // 1
    "\n"                                                         // 2
    "\n"                                                         // 3
    "@cuda.jit('void(float32[:], int64[:], float64[:])')\n"      // 4
    "def k(x, n, out):\n"                                        // 5
    "    i = cuda.grid(1)\n"                                     // 6
    "    if i < x.size:\n"                                       // 7
    "        out[i] = x[i] * 0.5\n"                              // 8
    "        out[i] = x[i]\n"                                    // 9
    "        n[i] = n[i] // 3 + n[i] % 4\n"                      // 10
    "        out[i] = x[i - 1] + x[i]\n";                        // 11: float32 + float32, then stored

TranslateResult run(const std::string& text, TranslateOptions options) {
  SourceFile file("t.py", text);
  return translate(file, options);
}

// The kinds noted for a Python line.
std::set<std::string> notes_on(const lower::SourceMap& map, uint32_t py_line) {
  std::set<std::string> kinds;
  for (const lower::Note& n : map.notes) {
    if (n.python_line == py_line) kinds.insert(lower::note_name(n.kind));
  }
  return kinds;
}

// The .cu lines mapped to a Python line.
std::vector<uint32_t> cu_lines_of(const lower::SourceMap& map, uint32_t py_line) {
  std::vector<uint32_t> lines;
  for (size_t i = 0; i < map.python_line_of.size(); ++i) {
    if (map.python_line_of[i] == py_line) lines.push_back(static_cast<uint32_t>(i + 1));
  }
  return lines;
}

std::string cu_line(const std::string& cu, uint32_t n) {
  size_t begin = 0;
  for (uint32_t i = 1; i < n; ++i) begin = cu.find('\n', begin) + 1;
  return cu.substr(begin, cu.find('\n', begin) - begin);
}

}  // namespace

TEST(ReviewOutputs, IrDumpIsReadableAndTyped) {
  TranslateOptions options;
  options.dump = TranslateOptions::Dump::Ir;
  TranslateResult r = run(
      "from numba import cuda\n\n\n@cuda.jit('void(float32[:], float64[:])')\ndef scale(x, out):\n"
      "    i = cuda.grid(1)\n    if i < x.size:\n        out[i] = x[i] * 0.5 + x[i - 1] // 2\n",
      options);
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_EQ(r.dump,
            "module t\n"
            "\n"
            "     5  kernel scale(x:array(float32, 1d, A), out:array(float64, 1d, A))\n"
            "          locals i:int64\n"
            "     6  declare i:int64 = (builtin:int64 \"py2cuda::grid1()\")\n"
            "     7  if (< i (size:int64 x))\n"
            "     8    (index:float64 out i) = (+:float64 (*:float64 (cast:float64 (index:float32 x i)) 0.5:float64) "
            "(//:float64 (cast:float64 (index.wrap:float32 x (-:int64 i 1:int64))) (cast:float64 2:int64)))\n");
}

TEST(ReviewOutputs, IrDumpShowsLoopsDeviceFunctionsAndHostCode) {
  TranslateOptions options;
  options.dump = TranslateOptions::Dump::Ir;
  TranslateResult r = run(
      "import numpy as np\nfrom numba import cuda\n\n\n@cuda.jit(device=True)\ndef twice(v):\n    return v * 2\n\n\n"
      "@cuda.jit('void(int64[:])')\ndef k(a):\n    for j in range(a.size - 1, -1, -1):\n        a[j] = twice(a[j])\n\n\n"
      "if __name__ == '__main__':\n    d = cuda.to_device(np.arange(4))\n    k[1, 1](d)\n",
      options);
  ASSERT_TRUE(r.ok) << r.diagnostics;
  const std::string& d = r.dump;
  EXPECT_NE(d.find("     6  device function twice(v:int64) -> int64\n     7  return (*:int64 v 2:int64)\n"), std::string::npos) << d;
  // The analysis does not prove a descending range's counter >= 0: the index wraps.
  EXPECT_NE(d.find("    12  for j:int64 in range((-:int64 (size:int64 a) 1:int64), -1:int64, -1:int64) descending\n"
                   "    13    (index.wrap:int64 a j) = (call:int64 twice (index.wrap:int64 a j))\n"),
            std::string::npos)
      << d;
  EXPECT_NE(d.find("    18  (launch k grid=1:int64 block=1:int64 d)\n"), std::string::npos) << d;
}

// A forall launch has a task count and no grid (found by tests/fuzz/fuzz_infer.cpp:
// `--dump ir` dereferenced the missing grid).
TEST(ReviewOutputs, IrDumpShowsForallLaunches) {
  TranslateOptions options;
  options.dump = TranslateOptions::Dump::Ir;
  TranslateResult r = run(
      "import numpy as np\nfrom numba import cuda\n\n\n@cuda.jit\ndef k(a):\n    i = cuda.grid(1)\n"
      "    if i < a.size:\n        a[i] = i\n\n\n"
      "a = cuda.device_array(100, dtype=np.int32)\nk.forall(len(a))(a)\nk.forall(10, 32)(a)\n",
      options);
  ASSERT_TRUE(r.ok) << r.diagnostics;
  const std::string& d = r.dump;
  EXPECT_NE(d.find("    13  (launch k forall=(shape:int64 a 0) a)\n"), std::string::npos) << d;
  EXPECT_NE(d.find("    14  (launch k forall=10:int64 block=32:int64 a)\n"), std::string::npos) << d;
}

// Host code py2cuda cannot translate drops the host program, and with it the host
// functions a CPU ufunc's loops call: the loops go too (found by tests/fuzz/fuzz_infer.cpp:
// they pointed at the freed functions, and `--dump ir` read them: std::bad_alloc or worse).
TEST(ReviewOutputs, IrDumpOfACpuUfuncWhoseHostProgramWasDropped) {
  TranslateOptions options;
  options.dump = TranslateOptions::Dump::Ir;
  TranslateResult r = run(
      "import numpy as np\nfrom numba import vectorize\n\n\n"
      "@vectorize(['int64(int64, int64)'], target='parallel')\ndef hypot_sq(x, y):\n    return x * x + y * y\n\n\n"
      "table = frozenset(k * k for k in range(8))\nprint(hypot_sq(np.arange(3), 2))\n",
      options);
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_NE(r.diagnostics.find("the program's host code is not translated (no main())"), std::string::npos)
      << r.diagnostics;
  EXPECT_NE(r.dump.find("vectorize hypot_sq\n"), std::string::npos) << r.dump;
  EXPECT_EQ(r.dump.find("loop "), std::string::npos) << r.dump;
}

TEST(ReviewOutputs, AstDumpIsPrintedEvenWhenLaterStagesFail) {
  TranslateOptions options;
  options.dump = TranslateOptions::Dump::Ast;
  TranslateResult r = run("from numba import cuda\n\n\n@cuda.jit\ndef k(a):\n    a[0] = 1\n", options);
  EXPECT_FALSE(r.ok);  // no signature: an error at the def
  EXPECT_EQ(r.dump, "(from numba cuda)\n(def k (a) @(. cuda jit)\n  (assign (sub a 0) 1))\n");
  // A syntax error: nothing to dump.
  TranslateResult bad = run("def k(:\n", options);
  EXPECT_FALSE(bad.ok);
  EXPECT_EQ(bad.dump, "");
}

TEST(ReviewOutputs, SourceMapLinksEveryStatementToItsCpp) {
  TranslateOptions options;
  options.want_source_map = true;
  TranslateResult r = run(kKernel, options);
  ASSERT_TRUE(r.ok) << r.diagnostics;
  const lower::SourceMap& map = r.source_map;
  ASSERT_EQ(map.python_line_of.size(), static_cast<size_t>(std::count(r.cu.begin(), r.cu.end(), '\n')));
  for (uint32_t py = 5; py <= 11; ++py) {
    std::vector<uint32_t> lines = cu_lines_of(map, py);
    ASSERT_FALSE(lines.empty()) << "line " << py;
    // The first is the comment that echoes the Python line.
    EXPECT_NE(cu_line(r.cu, lines.front()).find("// t.py:" + std::to_string(py) + ":"), std::string::npos)
        << cu_line(r.cu, lines.front());
  }
  std::vector<uint32_t> eight = cu_lines_of(map, 8);
  ASSERT_EQ(eight.size(), 2u);
  EXPECT_EQ(cu_line(r.cu, eight[1]), "    out(i) = double(x(i)) * 0.5;");
  // The if's closing brace belongs to the if.
  std::vector<uint32_t> seven = cu_lines_of(map, 7);
  EXPECT_EQ(cu_line(r.cu, seven.back()), "  }");
  // Without the option, nothing is recorded and the .cu is the same.
  TranslateResult plain = run(kKernel, TranslateOptions{});
  EXPECT_EQ(plain.cu, r.cu);
  EXPECT_TRUE(plain.source_map.python_line_of.empty());
}

TEST(ReviewOutputs, NotesComeFromTheLoweringsChoices) {
  TranslateOptions options;
  options.want_source_map = true;
  TranslateResult r = run(kKernel, options);
  ASSERT_TRUE(r.ok) << r.diagnostics;
  const lower::SourceMap& map = r.source_map;
  EXPECT_EQ(notes_on(map, 6), (std::set<std::string>{}));
  EXPECT_EQ(notes_on(map, 7), (std::set<std::string>{}));
  EXPECT_EQ(notes_on(map, 8), (std::set<std::string>{"float64", "bounds"}));
  // A float32 stored into a float64 array is converted, not promoted for arithmetic.
  EXPECT_EQ(notes_on(map, 9), (std::set<std::string>{"bounds"}));
  EXPECT_EQ(notes_on(map, 10), (std::set<std::string>{"floordiv", "mod", "bounds"}));
  // x[i - 1] may be negative; x[i] (i from cuda.grid, checked >= 0) needs no wraparound.
  EXPECT_EQ(notes_on(map, 11), (std::set<std::string>{"wraparound", "bounds"}));
  size_t wraps = 0;
  for (const lower::Note& n : map.notes) {
    EXPECT_FALSE(n.reason.empty());
    EXPECT_EQ(map.python_line_of[n.cu_line - 1], n.python_line) << n.reason;
    if (n.kind == lower::NoteKind::IndexWraparound) {
      ++wraps;
      EXPECT_EQ(n.subject, "x[i - 1]");
      EXPECT_NE(cu_line(r.cu, n.cu_line).find("x.at(i - 1)"), std::string::npos);
    }
  }
  EXPECT_EQ(wraps, 1u);
}

TEST(ReviewOutputs, HostDivisionAndDebugChecksAreNoted) {
  TranslateOptions options;
  options.want_source_map = true;
  TranslateResult r = run(
      "import numpy as np\nfrom numba import cuda\n\n\n"                 // 1-4
      "@cuda.jit('void(float64[:])', debug=True, opt=False)\n"            // 5
      "def k(a):\n"                                                       // 6
      "    assert a[0] > 0.0, 'positive'\n"                               // 7
      "    a[0] = a[0] % 2.0\n"                                           // 8
      "\n\n"                                                              // 9-10
      "if __name__ == '__main__':\n"                                      // 11
      "    parts = 3\n"                                                   // 12
      "    blocks = 8 // parts\n"                                         // 13
      "    half = 8 // 2\n"                                               // 14
      "    d = cuda.to_device(np.ones(blocks + half))\n"                  // 15
      "    k[1, 1](d)\n",                                                 // 16
      options);
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_EQ(notes_on(r.source_map, 7), (std::set<std::string>{"debug", "bounds"}));
  EXPECT_EQ(notes_on(r.source_map, 8), (std::set<std::string>{"mod", "bounds"}));
  // Host code: a divisor that may be zero is tested (ZeroDivisionError); a literal one is not.
  EXPECT_EQ(notes_on(r.source_map, 13), (std::set<std::string>{"floordiv", "zerodiv"}));
  EXPECT_EQ(notes_on(r.source_map, 14), (std::set<std::string>{"floordiv"}));
  EXPECT_EQ(notes_on(r.source_map, 15), (std::set<std::string>{}));
}

TEST(ReviewOutputs, PageIsSelfContainedAndDeterministic) {
  TranslateOptions options;
  options.want_source_map = true;
  SourceFile file("t.py", std::string(kKernel) + "# <b>&\"</b>\n");
  TranslateResult r = translate(file, options);
  ASSERT_TRUE(r.ok) << r.diagnostics;
  const std::string page = annotated_page(file, r.cu, "t.cu", r.source_map, "9.9");
  EXPECT_EQ(page, annotated_page(file, r.cu, "t.cu", r.source_map, "9.9"));
  EXPECT_EQ(page.find("http"), std::string::npos);
  EXPECT_EQ(page.find(" src="), std::string::npos);
  EXPECT_NE(page.find("<code># &lt;b&gt;&amp;&quot;&lt;/b&gt;</code>"), std::string::npos);
  // Every Python line, and no line after the last.
  EXPECT_NE(page.find("id=\"py-12\""), std::string::npos);
  EXPECT_EQ(page.find("id=\"py-13\""), std::string::npos);
  const std::vector<uint32_t> ten = cu_lines_of(r.source_map, 10);
  EXPECT_NE(page.find("<div class=\"line\" id=\"py-10\" data-links=\"" + std::to_string(ten[0]) + " " +
                      std::to_string(ten[1]) + "\" data-notes=\"floordiv mod bounds\"><a class=\"num\" href=\"#cu-" +
                      std::to_string(ten[0]) + "\">10</a>"),
            std::string::npos);
  EXPECT_NE(page.find("<div class=\"line\" id=\"cu-" + std::to_string(ten[1]) + "\" data-links=\"10\""), std::string::npos);
  // One reason per kind and line, naming each distinct subject once.
  EXPECT_NE(page.find("<span class=\"mark bounds\" title=\"n[i]: under --emulate"), std::string::npos);
  EXPECT_NE(page.find("<span class=\"mark bounds\" title=\"out[i], x[i - 1], x[i]: under --emulate"), std::string::npos);
}
