// argparse in host code: the typing of parsers and their Namespaces (infer/host_argparse.cpp),
// the located warnings for what py2cuda leaves out, and the runtime's parsing and help text
// (host/argparse.h) against what CPython 3.11's argparse prints.
#include <gtest/gtest.h>

#include <cstdlib>

#include <py2cuda/host/argparse.h>

#include "translate_text.h"

using namespace py2cuda;

namespace {

const test::HostProgram run({.imports = "import argparse\n", .setup = "a = np.zeros(4)\ninc[1, 1](a)\n"});  // lines 1-8

using test::has;

}  // namespace

TEST(HostArgparse, AttributesAreTypedFromTheAddArgumentCalls) {
  TranslateResult r = run(
      "def parse():\n"
      "    p = argparse.ArgumentParser(description='demo')\n"
      "    p.add_argument('--max-iter', type=int, default=10)\n"
      "    p.add_argument('-t', '--tol', type=float)\n"
      "    p.add_argument('--check', action='store_true')\n"
      "    p.add_argument('-v', action='count')\n"
      "    p.add_argument('--mode', dest='how', choices=['a', 'b'], default='a')\n"
      "    p.add_argument('files', nargs='*')\n"
      "    return p.parse_args()\n"
      "args = parse()\n"
      "print(args.max_iter, args.tol, args.check, args.v, args.how, args.files)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "int main(")) << r.cu;
  EXPECT_TRUE(has(r.cu, "args.get<int64_t>(\"max_iter\")")) << r.cu;
  EXPECT_TRUE(has(r.cu, "args.get<py2cuda::Optional<double>>(\"tol\")")) << r.cu;
  EXPECT_TRUE(has(r.cu, "args.get<bool>(\"check\")")) << r.cu;
  EXPECT_TRUE(has(r.cu, "args.get<py2cuda::Optional<int64_t>>(\"v\")")) << r.cu;
  EXPECT_TRUE(has(r.cu, "args.get<std::string>(\"how\")")) << r.cu;
  EXPECT_TRUE(has(r.cu, "args.get<py2cuda::host::List<std::string>>(\"files\")")) << r.cu;
  EXPECT_TRUE(has(r.cu, ".names = {\"-t\", \"--tol\"}, .type = py2cuda::host::ArgType::Float}")) << r.cu;
  EXPECT_TRUE(has(r.cu, "p.parse_args(py2cuda::host::sys_argv(\"prog.py\"))")) << r.cu;
}

TEST(HostArgparse, TwoParsersHaveTwoNamespaceTypes) {
  TranslateResult r = run("p = argparse.ArgumentParser()\np.add_argument('--n', type=int, default=1)\n"
                          "q = argparse.ArgumentParser()\nq.add_argument('--n', type=float, default=1.5)\n"
                          "a1 = p.parse_args(['--n', '3'])\na2 = q.parse_args([])\nprint(a1.n + a2.n)\n");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::argparse_namespace<0> a1")) << r.cu;
  EXPECT_TRUE(has(r.cu, "py2cuda::host::argparse_namespace<1> a2")) << r.cu;
  EXPECT_TRUE(has(r.cu, "a2.get<double>(\"n\")")) << r.cu;
}

TEST(HostArgparse, WhatArgparseDoesBeyondTheSubsetIsALocatedWarning) {
  TranslateResult r = run("p = argparse.ArgumentParser()\ns = p.add_subparsers()\n");
  EXPECT_TRUE(has(r.diagnostics, "prog.py:10:7: warning: ArgumentParser.add_subparsers() is not supported by py2cuda"))
      << r.diagnostics;
  EXPECT_FALSE(has(r.cu, "int main(")) << r.cu;
  r = run("def size(s):\n    return int(s)\np = argparse.ArgumentParser()\np.add_argument('--n', type=size)\n");
  EXPECT_TRUE(has(r.diagnostics, "prog.py:12:28: warning: ArgumentParser.add_argument(type=) other than int, float or str"))
      << r.diagnostics;
  r = run("p = argparse.ArgumentParser(formatter_class=None)\n");
  EXPECT_TRUE(has(r.diagnostics, "prog.py:9:29: warning: argparse.ArgumentParser(formatter_class=...) is not supported"))
      << r.diagnostics;
  r = run("p = argparse.ArgumentParser()\nif len(a) > 2:\n    p.add_argument('--n', type=int)\n");
  EXPECT_TRUE(has(r.diagnostics, "prog.py:11:5: warning: ArgumentParser.add_argument() outside the block that made the parser"))
      << r.diagnostics;
  r = run("p = argparse.ArgumentParser()\np.add_argument('--n', action='append')\n");
  EXPECT_TRUE(has(r.diagnostics, "prog.py:10:30: warning: ArgumentParser.add_argument(action='append') is not supported"))
      << r.diagnostics;
  r = run("p = argparse.ArgumentParser()\ng = p.add_mutually_exclusive_group()\n");
  EXPECT_TRUE(has(r.diagnostics, "ArgumentParser.add_mutually_exclusive_group() is not supported by py2cuda")) << r.diagnostics;
}

TEST(HostArgparse, ValuesOfTwoTypesAndUnknownAttributesAreLocatedWarnings) {
  // argparse keeps an int default of a float argument as the int: 1, not 1.0.
  TranslateResult r = run("p = argparse.ArgumentParser()\np.add_argument('--x', type=float, default=1)\n");
  EXPECT_TRUE(has(r.diagnostics, "prog.py:10:43: warning: default of type int64 for an argument whose values are float64"))
      << r.diagnostics;
  r = run("p = argparse.ArgumentParser()\np.add_argument('--x', type=int, default=1)\nargs = p.parse_args()\n"
          "print(args.y)\n");
  EXPECT_TRUE(has(r.diagnostics, "prog.py:12:12: warning: 'Namespace' object has no attribute 'y'")) << r.diagnostics;
  r = run("p = argparse.ArgumentParser()\np.add_argument('--x', help='50% more')\n");
  EXPECT_TRUE(has(r.diagnostics, "prog.py:10:28: warning: this help string's % is not one argparse's help formatting takes"))
      << r.diagnostics;
}

// ------------------------------------------------------------------ the runtime

// The specs are spelled as the translator emits them: designated initializers naming only what
// differs from ArgumentSpec's defaults, which -Wextra's missing-field-initializers flags.
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

namespace {

using namespace py2cuda::host;

ArgumentParser demo_parser() {
  ArgumentParser p(ParserSpec{.has_description = true, .description = "matmul benchmark"}, "dir/bench.py");
  p.add_argument({.names = {"--n"}, .type = ArgType::Int, .has_default = true, .default_value = arg_int(1024),
                  .has_help = true, .help = "matrix size"});
  p.add_argument({.names = {"-b", "--block"}, .type = ArgType::Int, .has_default = true, .default_value = arg_int(16)});
  p.add_argument({.names = {"--dtype"}, .has_default = true, .default_value = arg_str("float32"), .has_choices = true,
                  .choices = {arg_str("float32"), arg_str("float64")}});
  p.add_argument({.names = {"--check"}, .action = ArgAction::StoreTrue});
  p.add_argument({.names = {"files"}, .nargs = ArgNargs::ZeroOrMore});
  return p;
}

// The SystemExit parse_args ends with.
// How parse_args ended: the SystemExit's status, and what argparse wrote to stderr before
// raising it (its usage and error line, without the last newline).
struct Exit {
  int status;
  std::string message;
};

Exit exit_of(const ArgumentParser& p, std::vector<std::string> args) {
  testing::internal::CaptureStderr();
  try {
    p.parse_args(args);
  } catch (const SystemExit& e) {
    std::string written = testing::internal::GetCapturedStderr();
    if (!written.empty() && written.back() == '\n') written.pop_back();
    return {e.status(), written};
  }
  testing::internal::GetCapturedStderr();
  return {-1, "no exit"};
}

}  // namespace

TEST(RuntimeArgparse, ParsesAsArgparseDoes) {
  const ArgumentParser p = demo_parser();
  Namespace ns = p.parse_args(std::vector<std::string>{"--n=7", "-b4", "a", "--che"});
  EXPECT_EQ(repr(ns), "Namespace(n=7, block=4, dtype='float32', check=True, files=['a'])");
  // `b` after the option: the '*' positional already matched `a` alone, as in argparse.
  EXPECT_EQ(exit_of(p, {"--n=7", "-b4", "a", "--che", "b"}).status, 2);
  ns = p.parse_args(std::vector<std::string>{"--check", "x", "y", "--", "-z"});
  EXPECT_EQ(ns.get<List<std::string>>("files").size(), 3);
  EXPECT_EQ(ns.get<int64_t>("n"), 1024);
}

TEST(RuntimeArgparse, ErrorsAreArgparsesWords) {
  setenv("COLUMNS", "80", 1);
  const ArgumentParser p = demo_parser();
  const char* usage = "usage: bench.py [-h] [--n N] [-b BLOCK] [--dtype {float32,float64}] [--check]\n"
                      "                [files ...]\n";
  Exit e = exit_of(p, {"--n", "x"});
  EXPECT_EQ(e.status, 2);
  EXPECT_EQ(e.message, std::string(usage) + "bench.py: error: argument --n: invalid int value: 'x'");
  EXPECT_EQ(exit_of(p, {"--dtype", "f16"}).message,
            std::string(usage) + "bench.py: error: argument --dtype: invalid choice: 'f16' (choose from 'float32', 'float64')");
  EXPECT_EQ(exit_of(p, {"-b"}).message, std::string(usage) + "bench.py: error: argument -b/--block: expected one argument");
  EXPECT_EQ(exit_of(p, {"--bogus", "-x"}).message, std::string(usage) + "bench.py: error: unrecognized arguments: --bogus -x");
  unsetenv("COLUMNS");
}

TEST(RuntimeArgparse, HelpIsHelpFormattersLayout) {
  setenv("COLUMNS", "60", 1);  // 58 columns of text
  ArgumentParser p(ParserSpec{.has_prog = true, .prog = "tool", .has_description = true,
                              .description = "A floating-point benchmark whose description is long enough to wrap."},
                   "x.py");
  p.add_argument({.names = {"--scale-factor"}, .type = ArgType::Float, .has_default = true, .default_value = arg_float(0.5),
                  .has_help = true, .help = "the factor (default: %(default)s) applied to every element of the matrix"});
  p.add_argument({.names = {"src"}, .has_help = true, .help = "input"});
  EXPECT_EQ(p.format_help(),
            "usage: tool [-h] [--scale-factor SCALE_FACTOR] src\n"
            "\n"
            "A floating-point benchmark whose description is long\n"
            "enough to wrap.\n"
            "\n"
            "positional arguments:\n"
            "  src                   input\n"
            "\n"
            "options:\n"
            "  -h, --help            show this help message and exit\n"
            "  --scale-factor SCALE_FACTOR\n"
            "                        the factor (default: 0.5) applied\n"
            "                        to every element of the matrix\n");
  unsetenv("COLUMNS");
}
