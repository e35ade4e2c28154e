// The front end: Python source -> AST through tree-sitter, spans, literal
// decoding, syntax errors, robustness on hostile input, signature strings.
//
// Most tests compare the compact S-expression of frontend/ast_dump.h, which
// shows the whole shape of the tree in one line.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "diag/diagnostics.h"
#include "frontend/ast_dump.h"
#include "frontend/parser.h"

using namespace py2cuda;

namespace {

// A parsed file with its diagnostics; SourceFile must outlive Diagnostics.
struct Parsed {
  explicit Parsed(std::string text) : file("k.py", std::move(text)), diags(file) {
    module = frontend::parse_module(file, diags);
  }
  SourceFile file;
  Diagnostics diags;
  ast::Module module;

  // "LINE:COL: message" for every diagnostic, in the order reported.
  std::vector<std::string> errors() const {
    std::vector<std::string> out;
    for (const Diagnostic& d : diags.all())
      out.push_back(std::to_string(d.span.line) + ":" + std::to_string(d.span.col) + ": " + d.message);
    return out;
  }
  std::string dump(bool spans = false) const { return ast::dump(module, spans); }
};

// The dump of a program that must parse without diagnostics.
std::string dump_of(const std::string& src, bool spans = false) {
  Parsed p(src);
  EXPECT_EQ(p.errors(), std::vector<std::string>{}) << "in:\n" << src;
  return p.dump(spans);
}

// The dump of the one expression statement `src`, without the "(expr ...)".
std::string expr_of(const std::string& src) {
  std::string d = dump_of(src + "\n");
  const std::string head = "(expr ";
  if (d.rfind(head, 0) != 0 || d.size() < head.size() + 2) return "not an expression statement: " + d;
  return d.substr(head.size(), d.size() - head.size() - 2);
}

const ast::Stmt& first_stmt(const Parsed& p) {
  static const ast::Pass none{Span{}};
  return p.module.body.empty() ? static_cast<const ast::Stmt&>(none) : *p.module.body.front();
}

// The expression of the first statement (an expression statement).
const ast::Expr& first_expr(const Parsed& p) {
  static const ast::NoneLit none{Span{}};
  const ast::Stmt& s = first_stmt(p);
  if (s.kind != ast::StmtKind::Expr) return none;
  return *ast::as<ast::ExprStmt>(s).value;
}

std::string span_str(const Span& s) {
  return std::to_string(s.line) + ":" + std::to_string(s.col) + "-" + std::to_string(s.end_line) + ":" +
         std::to_string(s.end_col);
}

}  // namespace

// ============================================================== literals

TEST(FrontendLiterals, Integers) {
  EXPECT_EQ(expr_of("42"), "42");
  EXPECT_EQ(expr_of("0"), "0");
  EXPECT_EQ(expr_of("00"), "0");
  EXPECT_EQ(expr_of("1_000_000"), "1000000");
  EXPECT_EQ(expr_of("0x1F_ff"), "8191");
  EXPECT_EQ(expr_of("0XFF"), "255");
  EXPECT_EQ(expr_of("0o17"), "15");
  EXPECT_EQ(expr_of("0O7_7"), "63");
  EXPECT_EQ(expr_of("0b1010"), "10");
  EXPECT_EQ(expr_of("0B_1"), "1");
  EXPECT_EQ(expr_of("18446744073709551615"), "18446744073709551615");
  EXPECT_EQ(expr_of("0xffffffffffffffff"), "18446744073709551615");
}

TEST(FrontendLiterals, IntegerOverflowKeepsText) {
  Parsed p("18446744073709551616\n0x1_0000_0000_0000_0000\n");
  ASSERT_EQ(p.module.body.size(), 2u);
  for (const auto& s : p.module.body) {
    const auto& lit = ast::as<ast::IntLit>(*ast::as<ast::ExprStmt>(*s).value);
    EXPECT_TRUE(lit.overflow);
  }
  const auto& first = ast::as<ast::IntLit>(first_expr(p));
  EXPECT_EQ(first.text, "18446744073709551616");
  EXPECT_TRUE(p.errors().empty());
}

TEST(FrontendLiterals, IntegerTextKeptAsWritten) {
  Parsed p("0x1F_ff\n");
  EXPECT_EQ(ast::as<ast::IntLit>(first_expr(p)).text, "0x1F_ff");
  EXPECT_FALSE(ast::as<ast::IntLit>(first_expr(p)).overflow);
}

TEST(FrontendLiterals, InvalidIntegersAreReported) {
  // CPython's tokenizer: the first one ends the parse.
  EXPECT_EQ(Parsed("a = 0777\nb = 10L\n").errors(),
            std::vector<std::string>{"1:5: leading zeros in decimal integer literals are not permitted; use an 0o "
                                     "prefix for octal integers"});
  EXPECT_EQ(Parsed("b = 10L\n").errors(), std::vector<std::string>{"1:6: invalid decimal literal"});
  EXPECT_EQ(Parsed("c = 1__0\n").errors(), std::vector<std::string>{"1:6: invalid decimal literal"});
}

TEST(FrontendLiterals, Floats) {
  EXPECT_EQ(expr_of("1.5"), "1.5");
  EXPECT_EQ(expr_of("1e-3"), "0.001");
  EXPECT_EQ(expr_of("1E5"), "100000.0");
  EXPECT_EQ(expr_of("1_0.2_5"), "10.25");
  EXPECT_EQ(expr_of(".5"), "0.5");
  EXPECT_EQ(expr_of("5."), "5.0");
  EXPECT_EQ(expr_of("2.5e+2"), "250.0");
  EXPECT_EQ(expr_of("0.1"), "0.10000000000000001");  // the nearest double, exactly
}

TEST(FrontendLiterals, FloatOutOfRangeIsInfOrZero) {
  Parsed p("1e400\n1e-400\n");
  ASSERT_EQ(p.module.body.size(), 2u);
  EXPECT_TRUE(std::isinf(ast::as<ast::FloatLit>(*ast::as<ast::ExprStmt>(*p.module.body[0]).value).value));
  EXPECT_EQ(ast::as<ast::FloatLit>(*ast::as<ast::ExprStmt>(*p.module.body[1]).value).value, 0.0);
}

TEST(FrontendLiterals, Imaginary) {
  EXPECT_EQ(expr_of("1j"), "1.0j");
  EXPECT_EQ(expr_of("1J"), "1.0j");
  EXPECT_EQ(expr_of("1.5j"), "1.5j");
  EXPECT_EQ(expr_of("1e3j"), "1000.0j");
  Parsed p("2j\n");
  const auto& f = ast::as<ast::FloatLit>(first_expr(p));
  EXPECT_TRUE(f.imaginary);
  EXPECT_EQ(f.value, 2.0);
  EXPECT_EQ(f.text, "2j");
}

TEST(FrontendLiterals, Constants) {
  EXPECT_EQ(expr_of("True"), "True");
  EXPECT_EQ(expr_of("False"), "False");
  EXPECT_EQ(expr_of("None"), "None");
  Parsed p("True\n");
  EXPECT_EQ(first_expr(p).kind, ast::ExprKind::BoolLit);
}

TEST(FrontendLiterals, StringQuotesAndPrefixes) {
  EXPECT_EQ(expr_of("'abc'"), "'abc'");
  EXPECT_EQ(expr_of("\"abc\""), "'abc'");
  EXPECT_EQ(expr_of("'''a\nb'''"), "'a\\x0ab'");
  EXPECT_EQ(expr_of("\"\"\"x\"y\"\"\""), "'x\"y'");
  EXPECT_EQ(expr_of("u'x'"), "'x'");
  EXPECT_EQ(expr_of("r'a\\nb'"), "'a\\\\nb'");
  EXPECT_EQ(expr_of("R'\\d+'"), "'\\\\d+'");
  EXPECT_EQ(expr_of("r'\\''"), "'\\\\\\''");  // a raw string keeps the backslash before a quote
  EXPECT_EQ(expr_of("b'ab'"), "b'ab'");
  EXPECT_EQ(expr_of("rb'\\x00'"), "b'\\\\x00'");
  EXPECT_EQ(expr_of("''"), "''");
}

TEST(FrontendLiterals, StringEscapes) {
  Parsed p(R"("\n\t\\\'\"\a\b\f\v\r|\101\x41\0|\u00e9|\U0001F600|\N{DASH}|\q")" "\n");
  ASSERT_TRUE(p.errors().empty());
  const auto& s = ast::as<ast::StrLit>(first_expr(p));
  EXPECT_EQ(s.value, std::string("\n\t\\'\"\a\b\f\v\r|AA") + std::string(1, '\0') +
                         "|\xC3\xA9|\xF0\x9F\x98\x80|\\N{DASH}|\\q");
}

TEST(FrontendLiterals, BytesEscapesAreBytes) {
  Parsed p(R"(b"\xff\u00e9\101")" "\n");
  const auto& s = ast::as<ast::StrLit>(first_expr(p));
  EXPECT_TRUE(s.is_bytes);
  EXPECT_EQ(s.value, "\xff\\u00e9A");  // \u is no escape in bytes
}

TEST(FrontendLiterals, StrHexEscapeIsACodePoint) {
  Parsed p(R"("\xff")" "\n");
  EXPECT_EQ(ast::as<ast::StrLit>(first_expr(p)).value, "\xC3\xBF");  // U+00FF in UTF-8
}

TEST(FrontendLiterals, BackslashNewlineInsideString) {
  Parsed p("'ab\\\ncd'\n");
  EXPECT_EQ(ast::as<ast::StrLit>(first_expr(p)).value, "abcd");
}

TEST(FrontendLiterals, ImplicitConcatenation) {
  EXPECT_EQ(expr_of("'a' \"b\" '''c'''"), "'abc'");
  EXPECT_EQ(expr_of("('void(float32[:], '\n 'int64)')"), "'void(float32[:], int64)'");
  EXPECT_EQ(expr_of("b'a' b'b'"), "b'ab'");
}

TEST(FrontendLiterals, FStringsKeepTheirFields) {
  EXPECT_EQ(expr_of("f'x={x}'"), "(fstr 'x=' (field x))");
  EXPECT_EQ(expr_of("'a' f'{b}'"), "(fstr 'a' (field b))");
  EXPECT_EQ(expr_of("f'{{a}} {y + 1:5.2f}!'"), "(fstr '{a} ' (field (+ y 1) :'5.2f') '!')");
  Parsed p("F'{a!r:>10}'\n");
  const auto& f = ast::as<ast::FStringExpr>(first_expr(p));
  ASSERT_EQ(f.parts.size(), 1u);
  EXPECT_EQ(f.parts[0].conversion, 'r');
  EXPECT_EQ(f.parts[0].spec, ">10");
  EXPECT_FALSE(f.parts[0].dynamic_spec);
}

TEST(FrontendLiterals, MixingBytesAndStrIsAnError) {
  // CPython 3.11 names the token after the literals (its RAISE_SYNTAX_ERROR's last token).
  Parsed p("x = 'a' b'b'\n");
  EXPECT_EQ(p.errors(), std::vector<std::string>{"1:13: cannot mix bytes and nonbytes literals"});
}

TEST(FrontendLiterals, CrlfInsideTripleQuotedStringIsLf) {
  Parsed p("s = '''a\r\nb'''\r\n");
  EXPECT_EQ(p.dump(), "(assign s 'a\\x0ab')\n");
}

// ============================================================== expressions

TEST(FrontendExpressions, BinaryOperators) {
  EXPECT_EQ(expr_of("a + b - c"), "(- (+ a b) c)");
  EXPECT_EQ(expr_of("a * b / c // d % e"), "(% (// (/ (* a b) c) d) e)");
  EXPECT_EQ(expr_of("a ** b ** c"), "(** a (** b c))");
  EXPECT_EQ(expr_of("a << 1 >> 2"), "(>> (<< a 1) 2)");
  EXPECT_EQ(expr_of("a & b | c ^ d"), "(| (& a b) (^ c d))");
  EXPECT_EQ(expr_of("a @ b"), "(@ a b)");
  EXPECT_EQ(expr_of("a + b * c"), "(+ a (* b c))");
  EXPECT_EQ(expr_of("(a + b) * c"), "(* (+ a b) c)");
}

TEST(FrontendExpressions, UnaryOperators) {
  EXPECT_EQ(expr_of("-a"), "(neg a)");
  EXPECT_EQ(expr_of("+a"), "(pos a)");
  EXPECT_EQ(expr_of("~a"), "(~ a)");
  EXPECT_EQ(expr_of("not a"), "(not a)");
  EXPECT_EQ(expr_of("-1"), "(neg 1)");
  EXPECT_EQ(expr_of("--a"), "(neg (neg a))");
  EXPECT_EQ(expr_of("-a ** 2"), "(neg (** a 2))");
}

TEST(FrontendExpressions, BooleanOperatorsFlatten) {
  EXPECT_EQ(expr_of("a and b and c"), "(and a b c)");
  EXPECT_EQ(expr_of("a or b or c or d"), "(or a b c d)");
  EXPECT_EQ(expr_of("a and b or c and d"), "(or (and a b) (and c d))");
  EXPECT_EQ(expr_of("not a and b"), "(and (not a) b)");
  // Parentheses keep their grouping, as in Python's own AST.
  EXPECT_EQ(expr_of("a and (b and c)"), "(and a (and b c))");
  EXPECT_EQ(expr_of("(a or b) or c"), "(or (or a b) c)");
}

TEST(FrontendExpressions, ChainedComparisons) {
  EXPECT_EQ(expr_of("a < b"), "(cmp a < b)");
  EXPECT_EQ(expr_of("0 <= i < n"), "(cmp 0 <= i < n)");
  EXPECT_EQ(expr_of("a == b != c > d >= e"), "(cmp a == b != c > d >= e)");
  EXPECT_EQ(expr_of("a is b is not c"), "(cmp a is b is not c)");
  EXPECT_EQ(expr_of("a in b not in c"), "(cmp a in b not in c)");
  Parsed p("a < b <= c\n");
  const auto& c = ast::as<ast::Compare>(first_expr(p));
  EXPECT_EQ(c.ops.size(), c.comparators.size());
  EXPECT_EQ(c.ops, (std::vector<CmpOp>{CmpOp::Lt, CmpOp::LtE}));
}

TEST(FrontendExpressions, ConditionalExpression) {
  EXPECT_EQ(expr_of("x if c else y"), "(ifexp c x y)");
  EXPECT_EQ(expr_of("a if b else c if d else e"), "(ifexp b a (ifexp d c e))");
}

TEST(FrontendExpressions, AttributesAndCalls) {
  EXPECT_EQ(expr_of("cuda.threadIdx.x"), "(. (. cuda threadIdx) x)");
  EXPECT_EQ(expr_of("f()"), "(call f)");
  EXPECT_EQ(expr_of("cuda.grid(1)"), "(call (. cuda grid) 1)");
  EXPECT_EQ(expr_of("np.zeros(n, dtype=np.float32)"), "(call (. np zeros) n dtype=(. np float32))");
  EXPECT_EQ(expr_of("f(a, b,)"), "(call f a b)");
  EXPECT_EQ(expr_of("k[blocks, threads](x, n)"), "(call (sub k (tuple blocks threads)) x n)");
  EXPECT_EQ(expr_of("f(x)(y)"), "(call (call f x) y)");
}

TEST(FrontendExpressions, StarArgumentsAreFlagged) {
  EXPECT_EQ(expr_of("f(*a)"), "(call f (starred a) *)");
  EXPECT_EQ(expr_of("f(**k)"), "(call f **k *)");
  EXPECT_EQ(expr_of("f(1, *a, x=2, **k)"), "(call f 1 (starred a) x=2 **k *)");
  Parsed p("f(1, x=2)\n");
  const auto& c = ast::as<ast::Call>(first_expr(p));
  EXPECT_FALSE(c.has_star_args);
  ASSERT_EQ(c.keywords.size(), 1u);
  EXPECT_EQ(c.keywords[0].name, "x");
  EXPECT_EQ(span_str(c.keywords[0].span), "1:6-1:9");
}

TEST(FrontendExpressions, Subscripts) {
  EXPECT_EQ(expr_of("a[i]"), "(sub a i)");
  EXPECT_EQ(expr_of("a[i, j]"), "(sub a (tuple i j))");
  EXPECT_EQ(expr_of("a[i,]"), "(sub a (tuple i))");
  EXPECT_EQ(expr_of("a[(i, j)]"), "(sub a (tuple i j))");
  EXPECT_EQ(expr_of("a[i][j]"), "(sub (sub a i) j)");
  EXPECT_EQ(expr_of("x.shape[0]"), "(sub (. x shape) 0)");
}

TEST(FrontendExpressions, Slices) {
  EXPECT_EQ(expr_of("a[1:n:2]"), "(sub a (slice 1 n 2))");
  EXPECT_EQ(expr_of("a[:]"), "(sub a (slice _ _ _))");
  EXPECT_EQ(expr_of("a[::1]"), "(sub a (slice _ _ 1))");
  EXPECT_EQ(expr_of("a[1:]"), "(sub a (slice 1 _ _))");
  EXPECT_EQ(expr_of("a[:n]"), "(sub a (slice _ n _))");
  EXPECT_EQ(expr_of("a[::]"), "(sub a (slice _ _ _))");
  EXPECT_EQ(expr_of("a[i, 1:]"), "(sub a (tuple i (slice 1 _ _)))");
  EXPECT_EQ(expr_of("float32[:, ::1]"), "(sub float32 (tuple (slice _ _ _) (slice _ _ 1)))");
}

TEST(FrontendExpressions, TuplesAndLists) {
  EXPECT_EQ(expr_of("()"), "(tuple)");
  EXPECT_EQ(expr_of("(a,)"), "(tuple a)");
  EXPECT_EQ(expr_of("(a, b)"), "(tuple a b)");
  EXPECT_EQ(expr_of("a, b"), "(tuple a b)");
  EXPECT_EQ(expr_of("[]"), "(list)");
  EXPECT_EQ(expr_of("[1, [2, 3]]"), "(list 1 (list 2 3))");
}

TEST(FrontendExpressions, ParenthesesUnwrap) {
  EXPECT_EQ(expr_of("((a))"), "a");
  Parsed p("(  a  )\n");
  EXPECT_EQ(span_str(first_expr(p).span), "1:4-1:5");
}

TEST(FrontendExpressions, UnsupportedConstructsAreNamed) {
  EXPECT_EQ(expr_of("lambda x: x"), "(lambda x x)");
  EXPECT_EQ(expr_of("[x for x in y]"), "(listcomp x x y)");
  // Each further `for` clause is the elt of the one before, with the `if`s that follow it.
  EXPECT_EQ(expr_of("[x for x in y if x for z in x if z]"), "(listcomp (for-clause x z x z) x y x)");
  EXPECT_EQ(expr_of("{k: v for k, v in y}"), "(dictcomp (tuple k v) (tuple k v) y)");  // elt: the entry
  // A set comprehension and a set display are set(...) of their items (host code's sets).
  EXPECT_EQ(expr_of("{x for x in y}"), "(call set (genexp x x y))");
  EXPECT_EQ(expr_of("(x for x in y)"), "(genexp x x y)");
  EXPECT_EQ(expr_of("sum(x * x for x in y if x > 0)"), "(call sum (genexp (* x x) x y (cmp x > 0)))");
  EXPECT_EQ(expr_of("{1: 2, 'a': x}"), "(dict 1 2 'a' x)");  // dict displays have a node: host code types them
  EXPECT_EQ(expr_of("{}"), "(dict)");
  EXPECT_EQ(expr_of("{**a}"), "(unsupported 'double-starred expression')");
  EXPECT_EQ(expr_of("{1, 2}"), "(call set (list 1 2))");
  EXPECT_EQ(expr_of("{*a, 2}"), "(call set (list (unsupported 'starred expression') 2))");
  EXPECT_EQ(expr_of("(y := 3)"), "(unsupported 'walrus operator')");
  EXPECT_EQ(expr_of("[*a, b]"), "(list (unsupported 'starred expression') b)");
  EXPECT_EQ(dump_of("async def g():\n    await x\n"), "(async-def g ()\n  (expr (unsupported 'await')))\n");
  EXPECT_EQ(expr_of("a[..., 0]"), "(sub a (tuple (unsupported 'ellipsis') 0))");
  EXPECT_EQ(dump_of("def g():\n    yield x\n"), "(def g ()\n  (expr (unsupported 'yield')))\n");
  EXPECT_EQ(dump_of("def g():\n    y = yield\n"), "(def g ()\n  (assign y (unsupported 'yield')))\n");
}

TEST(FrontendExpressions, NamesKeepSoftKeywordsAndUnicode) {
  EXPECT_EQ(expr_of("match"), "match");
  EXPECT_EQ(expr_of("print"), "print");
  EXPECT_EQ(expr_of("print(a, b, sep='')"), "(call print a b sep='')");
  EXPECT_EQ(expr_of("\xCE\xB1 + 1"), "(+ \xCE\xB1 1)");  // α
}

// ============================================================== statements

TEST(FrontendStatements, Assignments) {
  EXPECT_EQ(dump_of("x = 1\n"), "(assign x 1)\n");
  EXPECT_EQ(dump_of("a = b = 1\n"), "(assign a b 1)\n");
  EXPECT_EQ(dump_of("a = b = c = f(x)\n"), "(assign a b c (call f x))\n");
  EXPECT_EQ(dump_of("a, b = 1, 2\n"), "(assign (tuple a b) (tuple 1 2))\n");
  EXPECT_EQ(dump_of("(a, b) = t\n"), "(assign (tuple a b) t)\n");
  EXPECT_EQ(dump_of("[a, b] = t\n"), "(assign (list a b) t)\n");
  EXPECT_EQ(dump_of("a, = t\n"), "(assign (tuple a) t)\n");
  EXPECT_EQ(dump_of("x[i, j] = y.z = 0\n"), "(assign (sub x (tuple i j)) (. y z) 0)\n");
  EXPECT_EQ(dump_of("*a, b = t\n"), "(assign (tuple (starred a) b) t)\n");
}

TEST(FrontendStatements, AugmentedAssignmentAllOperators) {
  const char* ops[] = {"+", "-", "*", "/", "//", "%", "**", "<<", ">>", "&", "|", "^", "@"};
  for (const char* op : ops) {
    std::string src = std::string("x ") + op + "= y\n";
    EXPECT_EQ(dump_of(src), std::string("(augassign x ") + op + "= y)\n") << src;
  }
  EXPECT_EQ(dump_of("a[i] += 1\n"), "(augassign (sub a i) += 1)\n");
}

TEST(FrontendStatements, AnnotatedAssignment) {
  EXPECT_EQ(dump_of("x: int = 3\n"), "(annassign x int 3)\n");
  EXPECT_EQ(dump_of("x: int\n"), "(annassign x int _)\n");
  EXPECT_EQ(dump_of("self.x: float = 1.0\n"), "(annassign (. self x) float 1.0)\n");
  EXPECT_EQ(dump_of("a[0]: int = 1\n"), "(annassign (sub a 0) int 1)\n");
  // Numba array annotations: subscripts with slices, which tree-sitter's own
  // annotation grammar cannot parse.
  EXPECT_EQ(dump_of("s: float32[:, ::1] = cuda.shared.array((16, 16), float32)\n"),
            "(annassign s (sub float32 (tuple (slice _ _ _) (slice _ _ 1))) "
            "(call (. (. cuda shared) array) (tuple 16 16) float32))\n");
  EXPECT_EQ(dump_of("x: float32[:]\n"), "(annassign x (sub float32 (slice _ _ _)) _)\n");
  EXPECT_EQ(dump_of("if c: x: float32[:] = a\n"), "(if c\n  (annassign x (sub float32 (slice _ _ _)) a))\n");
  EXPECT_EQ(dump_of("a = 1; y: list[int] = []\n"), "(assign a 1)\n(annassign y (sub list int) (list))\n");
}

TEST(FrontendStatements, IfElifElse) {
  EXPECT_EQ(dump_of("if a:\n    x = 1\n"), "(if a\n  (assign x 1))\n");
  EXPECT_EQ(dump_of("if a:\n    pass\nelse:\n    x = 2\n"), "(if a\n  (pass)\n  else:\n    (assign x 2))\n");
  EXPECT_EQ(dump_of("if a:\n    pass\nelif b:\n    x = 1\nelif c:\n    x = 2\nelse:\n    x = 3\n"),
            "(if-elif a\n  (pass)\n  else:\n    (if-elif b\n      (assign x 1)\n      else:\n"
            "        (if c\n          (assign x 2)\n          else:\n            (assign x 3))))\n");
  // `else: if` is not an elif.
  EXPECT_EQ(dump_of("if a:\n    pass\nelse:\n    if b:\n        pass\n"),
            "(if a\n  (pass)\n  else:\n    (if b\n      (pass)))\n");
  Parsed p("if a:\n    pass\nelif b:\n    pass\n");
  const auto& top = ast::as<ast::If>(first_stmt(p));
  EXPECT_TRUE(top.orelse_is_elif);
  ASSERT_EQ(top.orelse.size(), 1u);
  EXPECT_EQ(span_str(top.orelse[0]->span), "3:1-4:9");  // the elif clause
  EXPECT_FALSE(ast::as<ast::If>(*top.orelse[0]).orelse_is_elif);
}

TEST(FrontendStatements, LoopsWithElse) {
  EXPECT_EQ(dump_of("for i in range(n):\n    s += i\n"), "(for i (call range n)\n  (augassign s += i))\n");
  EXPECT_EQ(dump_of("for i, j in pairs:\n    break\nelse:\n    pass\n"),
            "(for (tuple i j) pairs\n  (break)\n  else:\n    (pass))\n");
  EXPECT_EQ(dump_of("while i < n:\n    i += 1\nelse:\n    pass\n"),
            "(while (cmp i < n)\n  (augassign i += 1)\n  else:\n    (pass))\n");
  EXPECT_EQ(dump_of("while True: pass\n"), "(while True\n  (pass))\n");
}

TEST(FrontendStatements, SimpleStatements) {
  // (In a loop in a function: elsewhere they are CPython's compiler errors, FrontendSyntaxErrors.)
  EXPECT_EQ(dump_of("def f():\n    while x:\n        pass\n        break\n        continue\n        return\n"
                    "        return x\n        return a, b\n"),
            "(def f ()\n  (while x\n    (pass)\n    (break)\n    (continue)\n    (return _)\n    (return x)\n"
            "    (return (tuple a b))))\n");
  EXPECT_EQ(dump_of("a = 1; b = 2; f()\n"), "(assign a 1)\n(assign b 2)\n(expr (call f))\n");
  EXPECT_EQ(dump_of("global a, b\n"), "(global a b)\n");
  EXPECT_EQ(dump_of("assert x\nassert x > 0, 'msg'\n"), "(assert x _)\n(assert (cmp x > 0) 'msg')\n");
  EXPECT_EQ(dump_of("raise\nraise ValueError('x')\nraise E from F\n"),
            "(raise _)\n(raise (call ValueError 'x'))\n(raise E)\n");
}

TEST(FrontendStatements, Imports) {
  EXPECT_EQ(dump_of("import numpy\n"), "(import numpy)\n");
  EXPECT_EQ(dump_of("import numpy as np, math\n"), "(import numpy as np math)\n");
  EXPECT_EQ(dump_of("import numba.cuda as nc\n"), "(import numba.cuda as nc)\n");
  EXPECT_EQ(dump_of("from numba import cuda, float32 as f32\n"), "(from numba cuda float32 as f32)\n");
  EXPECT_EQ(dump_of("from numba.cuda.random import (a,\n    b,)\n"), "(from numba.cuda.random a b)\n");
  EXPECT_EQ(dump_of("from . import x\n"), "(from . x)\n");
  EXPECT_EQ(dump_of("from ..pkg.mod import y as z\n"), "(from ..pkg.mod y as z)\n");
  EXPECT_EQ(dump_of("from math import *\n"), "(from math *)\n");
  EXPECT_EQ(dump_of("from __future__ import annotations\n"), "(from __future__ annotations)\n");
  Parsed p("from ...a import b\n");
  const auto& f = ast::as<ast::ImportFrom>(first_stmt(p));
  EXPECT_EQ(f.level, 3);
  EXPECT_EQ(f.module, "a");
  ASSERT_EQ(f.names.size(), 1u);
  EXPECT_EQ(span_str(f.names[0].span), "1:18-1:19");
}

TEST(FrontendStatements, FunctionDefinitions) {
  EXPECT_EQ(dump_of("def f():\n    pass\n"), "(def f ()\n  (pass))\n");
  EXPECT_EQ(dump_of("def f(a, b=1, *args, c, d=2, **kw):\n    pass\n"),
            "(def f (a, b = 1, *args, kw:c, kw:d = 2, **kw)\n  (pass))\n");
  EXPECT_EQ(dump_of("def f(a, *, b, c=3):\n    pass\n"), "(def f (a, kw:b, kw:c = 3)\n  (pass))\n");
  EXPECT_EQ(dump_of("def f(a, /, b):\n    pass\n"), "(def f (a, b)\n  (pass))\n");
  EXPECT_EQ(dump_of("def f(x: int, y: float = 0.5) -> float:\n    return x\n"),
            "(def f (x: int, y: float = 0.5) -> float\n  (return x))\n");
  EXPECT_EQ(dump_of("async def f():\n    pass\n"), "(async-def f ()\n  (pass))\n");
  EXPECT_EQ(dump_of("def f(): return 1\n"), "(def f ()\n  (return 1))\n");
  Parsed p("def f(a, *args, b, **kw):\n    pass\n");
  const auto& f = ast::as<ast::FunctionDef>(first_stmt(p));
  ASSERT_EQ(f.params.size(), 4u);
  EXPECT_EQ(f.params[0].kind, ast::Param::Kind::Normal);
  EXPECT_EQ(f.params[1].kind, ast::Param::Kind::VarArgs);
  EXPECT_EQ(f.params[1].name, "args");
  EXPECT_EQ(f.params[2].kind, ast::Param::Kind::KeywordOnly);
  EXPECT_EQ(f.params[3].kind, ast::Param::Kind::KwArgs);
  EXPECT_EQ(f.params[3].name, "kw");
  EXPECT_FALSE(f.is_async);
}

TEST(FrontendStatements, NumbaArrayAnnotations) {
  EXPECT_EQ(dump_of("def k(x: float32[:], n: int64):\n    pass\n"),
            "(def k (x: (sub float32 (slice _ _ _)), n: int64)\n  (pass))\n");
  EXPECT_EQ(dump_of("def k(a: float32[:, ::1], b: float32[3], c: nb.f4[:] = None, *args: int, **kw: int)"
                    " -> float32[:, :]:\n    pass\n"),
            "(def k (a: (sub float32 (tuple (slice _ _ _) (slice _ _ 1))), b: (sub float32 3), "
            "c: (sub (. nb f4) (slice _ _ _)) = None, *args: int, **kw: int) -> "
            "(sub float32 (tuple (slice _ _ _) (slice _ _ _)))\n  (pass))\n");
  // Spread over lines, with comments.
  EXPECT_EQ(dump_of("def k(a: float32[:,\n                 :],  # rows\n      n: int64 = 3,\n      ) -> None:\n"
                    "    pass\n"),
            "(def k (a: (sub float32 (tuple (slice _ _ _) (slice _ _ _))), n: int64 = 3) -> None\n  (pass))\n");
  EXPECT_EQ(dump_of("async def k(x: float32[:]): pass\n"), "(async-def k (x: (sub float32 (slice _ _ _)))\n  (pass))\n");
  EXPECT_EQ(dump_of("class A:\n    def m(self, x: float32[:]) -> int32[::1]: pass\n"),
            "(unsupported 'class definition'\n  (def m (self, x: (sub float32 (slice _ _ _))) -> "
            "(sub int32 (slice _ _ 1))\n    (pass)))\n");
}

TEST(FrontendStatements, AnnotationSpansPointIntoTheFile) {
  Parsed p("def k(x: float32[:],\n      n: int64) -> float32[:]:\n    y: int32[::1] = x\n");
  ASSERT_TRUE(p.errors().empty());
  const auto& f = ast::as<ast::FunctionDef>(first_stmt(p));
  ASSERT_EQ(f.params.size(), 2u);
  EXPECT_EQ(span_str(f.params[0].annotation->span), "1:10-1:20");
  const auto& sub = ast::as<ast::Subscript>(*f.params[0].annotation);
  EXPECT_EQ(span_str(sub.value->span), "1:10-1:17");
  EXPECT_EQ(span_str(sub.index->span), "1:18-1:19");
  EXPECT_EQ(span_str(f.params[0].span), "1:7-1:20");
  EXPECT_EQ(span_str(f.params[1].annotation->span), "2:10-2:15");
  EXPECT_EQ(span_str(f.returns->span), "2:20-2:30");
  const auto& a = ast::as<ast::AnnAssign>(*f.body[0]);
  EXPECT_EQ(span_str(a.annotation->span), "3:8-3:18");
  EXPECT_EQ(span_str(a.span), "3:5-3:22");
}

TEST(FrontendStatements, AnnotationErrorsPointIntoTheFile) {
  Parsed p("def k(x: float32[1 2], n: int64):\n    pass\n");
  // CPython: from the `1`.
  EXPECT_EQ(p.errors(), std::vector<std::string>{"1:18: invalid syntax. Perhaps you forgot a comma?"});
}

TEST(FrontendStatements, ColonsThatAreNotAnnotations) {
  EXPECT_EQ(dump_of("d = {a: b}\nx = a[1:2]\nf = lambda q: q\nprint(x[::2])\n"),
            "(assign d (dict a b))\n(assign x (sub a (slice 1 2 _)))\n"
            "(assign f (lambda q q))\n(expr (call print (sub x (slice _ _ 2))))\n");
  EXPECT_EQ(dump_of("def f(key=lambda a, b: a, c=1):\n    pass\n"),
            "(def f (key = (lambda a b a), c = 1)\n  (pass))\n");
  EXPECT_EQ(dump_of("s = 'x: int = 3'\n# y: float32[:] = 1\n"), "(assign s 'x: int = 3')\n");
  EXPECT_EQ(dump_of("x = (a if b\n     else c)\n"), "(assign x (ifexp b a c))\n");
}

TEST(FrontendStatements, DecoratorsAndDefSpan) {
  Parsed p("import numba\n@cuda.jit('void(float32[:])')\n@other\ndef k(a):\n    pass\n");
  ASSERT_TRUE(p.errors().empty());
  ASSERT_EQ(p.module.body.size(), 2u);
  const auto& f = ast::as<ast::FunctionDef>(*p.module.body[1]);
  ASSERT_EQ(f.decorators.size(), 2u);
  EXPECT_EQ(ast::dump(*f.decorators[0]), "(call (. cuda jit) 'void(float32[:])')");
  EXPECT_EQ(ast::dump(*f.decorators[1]), "other");
  EXPECT_EQ(f.span.line, 4u);  // the `def` line, not the decorators'
  EXPECT_EQ(span_str(f.span), "4:1-5:9");
  EXPECT_EQ(span_str(f.name_span), "4:5-4:6");
  EXPECT_EQ(span_str(f.decorators[0]->span), "2:2-2:30");  // end column is one past the last byte
}

TEST(FrontendStatements, DocstringsAndComments) {
  EXPECT_EQ(dump_of("'''Module doc.'''\n# comment\ndef f():\n    \"\"\"Doc.\"\"\"  # trailing\n    # inside\n    pass\n"),
            "(expr 'Module doc.')\n(def f ()\n  (expr 'Doc.')\n  (pass))\n");
  EXPECT_EQ(dump_of("x = [1,  # one\n     2]  # two\n"), "(assign x (list 1 2))\n");
}

TEST(FrontendStatements, UnsupportedStatementsKeepTheirBodies) {
  EXPECT_EQ(dump_of("class C(B):\n    x = 1\n"), "(unsupported 'class definition'\n  (assign x 1))\n");
  EXPECT_EQ(dump_of("@dataclass\nclass C:\n    x: int\n"),
            "(unsupported 'class definition'\n  (annassign x int _))\n");
  EXPECT_EQ(dump_of("async def f():\n    async for x in y:\n        pass\n    async with z:\n        pass\n"),
            "(async-def f ()\n  (unsupported 'async for'\n    (pass))\n  (unsupported 'async with statement'\n"
            "    (pass)))\n");
  EXPECT_EQ(dump_of("match x:\n    case 1:\n        a = 1\n    case _:\n        a = 2\n"),
            "(unsupported 'match statement'\n  (assign a 1)\n  (assign a 2))\n");
  EXPECT_EQ(dump_of("del x, d[k]\n"), "(del x (sub d k))\n");
  EXPECT_EQ(dump_of("def f():\n    x = 1\n    def g():\n        nonlocal x\n"),
            "(def f ()\n  (assign x 1)\n  (def g ()\n    (unsupported 'nonlocal statement')))\n");
  EXPECT_EQ(dump_of("type X = int\n"), "(unsupported 'type alias statement')\n");
}

TEST(FrontendStatements, TryStatementKeepsItsClauses) {
  EXPECT_EQ(dump_of("try:\n    import cupy\nexcept ImportError:\n    cupy = None\nelse:\n    a = 1\nfinally:\n    b = 2\n"),
            "(try\n  (import cupy)\n  except ImportError:\n    (assign cupy None)\n  else:\n    (assign a 1)\n"
            "  finally:\n    (assign b 2))\n");
  EXPECT_EQ(dump_of("try:\n    f()\nexcept (IndexError, ValueError) as e:\n    g(e)\nexcept:\n    raise\n"),
            "(try\n  (expr (call f))\n  except (tuple IndexError ValueError) as e:\n    (expr (call g e))\n  except:\n"
            "    (raise _))\n");
  Parsed p("try:\n    pass\nexcept KeyError as err:\n    pass\nfinally:\n    pass\n");
  const auto& t = ast::as<ast::Try>(first_stmt(p));
  ASSERT_EQ(t.handlers.size(), 1u);
  EXPECT_EQ(t.handlers[0].span.line, 3u);
  EXPECT_EQ(ast::as<ast::Name>(*t.handlers[0].name).id, "err");
  EXPECT_EQ(t.finally_span.line, 5u);
  // except* (exception groups) stays unsupported.
  Parsed g("try:\n    pass\nexcept* ValueError:\n    pass\n");
  EXPECT_EQ(ast::as<ast::UnsupportedStmt>(first_stmt(g)).what, "try statement with except*");
}

TEST(FrontendStatements, WithStatementKeepsItsItemsAndTargets) {
  EXPECT_EQ(dump_of("with open(f) as g, h:\n    pass\n"), "(with (call open f) as g h\n  (pass))\n");
  EXPECT_EQ(dump_of("with (s.auto_synchronize(), cuda.pinned(a, b)):\n    x = 1\n"),
            "(with (call (. s auto_synchronize)) (call (. cuda pinned) a b)\n  (assign x 1))\n");
}

TEST(FrontendStatements, ModuleMainGuard) {
  EXPECT_EQ(dump_of("if __name__ == '__main__':\n    main()\n"), "(if (cmp __name__ == '__main__')\n  (expr (call main)))\n");
}

// ============================================================== spans

TEST(FrontendSpans, ExpressionAndStatementSpans) {
  Parsed p("x = a[i] + f(b, c=1)\n");
  EXPECT_EQ(p.dump(true),
            "(assign x@1:1-1:2 (+ (sub a@1:5-1:6 i@1:7-1:8)@1:5-1:9 (call f@1:12-1:13 b@1:14-1:15 "
            "c=1@1:19-1:20)@1:12-1:21)@1:5-1:21)@1:1-1:21\n");
}

TEST(FrontendSpans, EveryNodeHasASpan) {
  Parsed p("@cuda.jit\ndef k(a, b: float32[:]):\n    for i in range(3):\n        if a[i] and not b or c:\n"
           "            a[i] = -b[i:] if x else (1, [2])\n    return\n");
  ASSERT_TRUE(p.errors().empty());
  std::string d = p.dump(true);
  // Every node printed ends in @L:C-L:C; an unset span would print @0:0-0:0.
  EXPECT_EQ(d.find("@0:"), std::string::npos) << d;
  EXPECT_NE(d.find("@"), std::string::npos);
}

TEST(FrontendSpans, MultiLineStatementAndAttribute) {
  Parsed p("y = (a +\n     b)\nz = cuda.threadIdx.x\n");
  ASSERT_EQ(p.module.body.size(), 2u);
  EXPECT_EQ(span_str(p.module.body[0]->span), "1:1-2:8");
  const auto& a = ast::as<ast::Attribute>(*ast::as<ast::Assign>(*p.module.body[1]).value);
  EXPECT_EQ(span_str(a.span), "3:5-3:21");
  EXPECT_EQ(span_str(a.attr_span), "3:20-3:21");
}

TEST(FrontendSpans, ColumnsAreBytes) {
  // A tab is one byte; "é" is two.
  Parsed p("if a:\n\tx = 1\ns = '\xC3\xA9' + b\n");
  ASSERT_TRUE(p.errors().empty()) << p.errors()[0];
  const auto& top = ast::as<ast::If>(*p.module.body[0]);
  EXPECT_EQ(span_str(top.body[0]->span), "2:2-2:7");
  const auto& b = ast::as<ast::Binary>(*ast::as<ast::Assign>(*p.module.body[1]).value);
  EXPECT_EQ(span_str(b.right->span), "3:12-3:13");
}

TEST(FrontendSpans, CrlfLineEndings) {
  std::string lf = "def k(a):\n    x = a[0]\n    if x:\n        return 1\n";
  std::string crlf;
  for (char c : lf) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
  Parsed a(lf), b(crlf);
  EXPECT_TRUE(b.errors().empty());
  EXPECT_EQ(a.dump(true), b.dump(true));
}

TEST(FrontendSpans, NoTrailingNewline) {
  Parsed p("x = 1");
  EXPECT_TRUE(p.errors().empty());
  EXPECT_EQ(p.dump(true), "(assign x@1:1-1:2 1@1:5-1:6)@1:1-1:6\n");
  Parsed q("def f():\n    return 2");
  EXPECT_TRUE(q.errors().empty());
  EXPECT_EQ(q.dump(), "(def f ()\n  (return 2))\n");
}

// ============================================================== syntax errors

// Each expectation is what CPython 3.11 reports (compile(), line:offset: msg):
// one error, at its line and column, in its words.
TEST(FrontendSyntaxErrors, GenericErrorAtTheTokenCPythonStopsAt) {
  EXPECT_EQ(Parsed("def f(:\n    pass\n").errors(), std::vector<std::string>{"1:7: invalid syntax"});
  EXPECT_EQ(Parsed("x = $\n").errors(), std::vector<std::string>{"1:5: invalid syntax"});
  EXPECT_EQ(Parsed("x = 1 +\n").errors(), std::vector<std::string>{"1:8: invalid syntax"});
  EXPECT_EQ(Parsed("x = (1 + $ + [2, ?\n").errors(), std::vector<std::string>{"1:10: invalid syntax"});
}

TEST(FrontendSyntaxErrors, MissingColon) {
  EXPECT_EQ(Parsed("if x < 3\n    y = 1\n").errors(), std::vector<std::string>{"1:9: expected ':'"});
  // After `else` CPython demands the ':' whatever follows.
  EXPECT_EQ(Parsed("if x:\n    pass\nelse if y:\n    pass\n").errors(), std::vector<std::string>{"3:6: expected ':'"});
  // A comment: CPython's NEWLINE token starts at the '#'.
  EXPECT_EQ(Parsed("while x  # loop\n    x -= 1\n").errors(), std::vector<std::string>{"1:10: expected ':'"});
}

TEST(FrontendSyntaxErrors, SpecificMessages) {
  EXPECT_EQ(Parsed("f(a b)\n").errors(), std::vector<std::string>{"1:3: invalid syntax. Perhaps you forgot a comma?"});
  // ... but not after a prefix of a soft keyword ("c" of "case"), as in CPython.
  EXPECT_EQ(Parsed("f(c a)\n").errors(), std::vector<std::string>{"1:5: invalid syntax"});
  EXPECT_EQ(Parsed("if a = 1:\n    pass\n").errors(),
            std::vector<std::string>{"1:4: invalid syntax. Maybe you meant '==' or ':=' instead of '='?"});
  EXPECT_EQ(Parsed("if a.b = 1:\n    pass\n").errors(),
            std::vector<std::string>{"1:4: cannot assign to attribute here. Maybe you meant '==' instead of '='?"});
  EXPECT_EQ(Parsed("x = 1 if y\n").errors(), std::vector<std::string>{"1:5: expected 'else' after 'if' expression"});
  EXPECT_EQ(Parsed("f(a=1, b)\n").errors(), std::vector<std::string>{"1:9: positional argument follows keyword argument"});
  EXPECT_EQ(Parsed("def f x):\n    pass\n").errors(), std::vector<std::string>{"1:8: unmatched ')'"});
  EXPECT_EQ(Parsed("def f[x]:\n    pass\n").errors(), std::vector<std::string>{"1:6: expected '('"});
  EXPECT_EQ(Parsed("try:\n    pass\nx = 1\n").errors(), std::vector<std::string>{"3:1: expected 'except' or 'finally' block"});
}

TEST(FrontendSyntaxErrors, Brackets) {
  EXPECT_EQ(Parsed("x = (1 + 2\ny = 3\n").errors(), std::vector<std::string>{"1:5: '(' was never closed"});
  EXPECT_EQ(Parsed("x = [1, 2\n").errors(), std::vector<std::string>{"1:5: '[' was never closed"});
  EXPECT_EQ(Parsed("x = )\n").errors(), std::vector<std::string>{"1:5: unmatched ')'"});
  EXPECT_EQ(Parsed("x = (]\n").errors(),
            std::vector<std::string>{"1:6: closing parenthesis ']' does not match opening parenthesis '('"});
  EXPECT_EQ(Parsed("x = [1,\n2)\n").errors(),
            std::vector<std::string>{"2:2: closing parenthesis ')' does not match opening parenthesis '[' on line 1"});
}

TEST(FrontendSyntaxErrors, UnterminatedStrings) {
  EXPECT_EQ(Parsed("x = 'abc\ny = 2\n").errors(),
            std::vector<std::string>{"1:5: unterminated string literal (detected at line 1)"});
  EXPECT_EQ(Parsed("x = \"\"\"abc\n\n").errors(),
            std::vector<std::string>{"1:5: unterminated triple-quoted string literal (detected at line 2)"});
}

TEST(FrontendSyntaxErrors, OneErrorPerFileAsInCPython) {
  // CPython stops at the first error: what follows it is not reliable.
  Parsed p("def a(flags):\n    if i = 0:\n        flags[i] = 1\n\n\ndef b(v, h):\n    f(h, v[i] 1)\n\nx = $\n");
  EXPECT_EQ(p.errors(),
            std::vector<std::string>{"2:8: invalid syntax. Maybe you meant '==' or ':=' instead of '='?"});
  // A tokenizer error further on takes precedence over a parser error, as in CPython.
  EXPECT_EQ(Parsed("x = a b\ny = \"u\n").errors(),
            std::vector<std::string>{"2:5: unterminated string literal (detected at line 2)"});
}

TEST(FrontendSyntaxErrors, TwoStatementsOnOneLine) {
  // tree-sitter takes this for two statements without an error of its own.
  EXPECT_EQ(Parsed("void(float32[:]) int64\n").errors(), std::vector<std::string>{"1:18: invalid syntax"});
  EXPECT_EQ(Parsed("f(x) y\n").errors(), std::vector<std::string>{"1:6: invalid syntax"});
  EXPECT_TRUE(Parsed("f(x); y\n").errors().empty());
}

TEST(FrontendSyntaxErrors, ExpectedIndentedBlock) {
  EXPECT_EQ(Parsed("def f():\nreturn 1\n").errors(),
            std::vector<std::string>{"2:1: expected an indented block after function definition on line 1"});
  EXPECT_EQ(Parsed("for i in x:\n# nothing\ny = 1\n").errors(),
            std::vector<std::string>{"3:1: expected an indented block after 'for' statement on line 1"});
}

TEST(FrontendSyntaxErrors, Indentation) {
  EXPECT_EQ(Parsed("a = 1\n  b = 2\n").errors(), std::vector<std::string>{"2:2: unexpected indent"});
  EXPECT_EQ(Parsed("if x:\n    a = 1\n        b = 2\n").errors(), std::vector<std::string>{"3:8: unexpected indent"});
  EXPECT_EQ(Parsed("if x:\n    a = 1\n  b = 2\n").errors(),
            std::vector<std::string>{"3:8: unindent does not match any outer indentation level"});
  EXPECT_EQ(Parsed("if x:\n\ty = 1\n        z = 2\n").errors(),
            std::vector<std::string>{"3:1: inconsistent use of tabs and spaces in indentation"});
  // Consistent tabs are fine, and so is a continuation line.
  EXPECT_TRUE(Parsed("if x:\n\ty = 1\n\tz = 2\n").errors().empty());
  EXPECT_TRUE(Parsed("x = 1 + \\\n    2\nif a: b = 1; c = 2\n").errors().empty());
}

TEST(FrontendSyntaxErrors, Python2Print) {
  EXPECT_EQ(Parsed("print 'hello'\n").errors(),
            std::vector<std::string>{"1:1: Missing parentheses in call to 'print'. Did you mean print(...)?"});
  // A subscript that does not parse: CPython's second pass reads `print` and a list comprehension.
  EXPECT_EQ(Parsed("x = print [c for c in d]\n").errors(),
            std::vector<std::string>{"1:5: Missing parentheses in call to 'print'. Did you mean print(...)?"});
  // Valid Python (a subtraction, a subscript, a product): the message only where the file has an error.
  EXPECT_TRUE(Parsed("print -1\nprint [1], 2\nprint * 2\n").errors().empty());
  EXPECT_EQ(Parsed("print -1\nx = (1 2)\n").errors(),
            std::vector<std::string>{"1:1: Missing parentheses in call to 'print'. Did you mean print(...)?"});
}

TEST(FrontendSyntaxErrors, NullBytesAndBadUtf8) {
  EXPECT_EQ(Parsed(std::string("x = 1\ny = \0\n", 12)).errors(),
            std::vector<std::string>{"2:5: source code cannot contain null bytes"});
  std::vector<std::string> e = Parsed("x = 1\ny = '\xff'\n").errors();
  ASSERT_EQ(e.size(), 1u);
  EXPECT_EQ(e[0].substr(0, 30), "2:6: invalid UTF-8 byte 0xff; ");
  // A coding declaration makes other bytes legal.
  EXPECT_TRUE(Parsed("# -*- coding: latin-1 -*-\ny = '\xe9'\n").errors().empty());
  // A UTF-8 byte order mark is fine.
  EXPECT_EQ(dump_of("\xEF\xBB\xBFx = 1\n"), "(assign x 1)\n");
}

TEST(FrontendSyntaxErrors, ManyErrorsStopAtTheFirst) {
  std::string src;
  for (int i = 0; i < 300; ++i) src += "x = $\n";
  EXPECT_EQ(Parsed(src).errors(), std::vector<std::string>{"1:5: invalid syntax"});
}

TEST(FrontendSyntaxErrors, RenderedWithCaret) {
  Parsed p("x = (1 + 2\n");
  EXPECT_EQ(p.diags.render(), "k.py:1:5: error: '(' was never closed\n    x = (1 + 2\n        ^\n");
}

// The expected errors are CPython 3.11's (compile(..., PyCF_ONLY_AST)), as the syntax corpus checks them.
TEST(FrontendSyntaxErrors, FstringErrors) {
  EXPECT_EQ(Parsed("x = f'{a'\n").errors(), std::vector<std::string>{"1:10: f-string: expecting '}'"});
  EXPECT_EQ(Parsed("x = f'{}'\n").errors(), std::vector<std::string>{"1:10: f-string: empty expression not allowed"});
  EXPECT_EQ(Parsed("x = f'{a!z}'\n").errors(), std::vector<std::string>{"1:13: f-string: invalid conversion character: expected 's', 'r', or 'a'"});
  EXPECT_EQ(Parsed("x = f'{a b}'\n").errors(), std::vector<std::string>{"1:2: f-string: invalid syntax. Perhaps you forgot a comma?"});
  EXPECT_EQ(Parsed("x = f'a}'\n").errors(), std::vector<std::string>{"1:10: f-string: single '}' is not allowed"});
  EXPECT_EQ(Parsed("x=f'{!r}'\n").errors(), std::vector<std::string>{"1:10: f-string: expression required before '!'"});
  EXPECT_EQ(Parsed("x=f'{a:{b!z}}'\n").errors(), std::vector<std::string>{"1:15: f-string: invalid conversion character: expected 's', 'r', or 'a'"});
  EXPECT_EQ(Parsed("x = f'{a:{b:{c}}}'\n").errors(), std::vector<std::string>{"1:19: f-string: expressions nested too deeply"});
  EXPECT_EQ(Parsed("x=f'{a#}'\n").errors(), std::vector<std::string>{"1:10: f-string expression part cannot include '#'"});
  EXPECT_EQ(Parsed("x=f'{(a}'\n").errors(), std::vector<std::string>{"1:10: f-string: closing parenthesis '}' does not match opening parenthesis '('"});
  EXPECT_EQ(Parsed("x=f'{a +}'\n").errors(), std::vector<std::string>{"1:5: f-string: invalid syntax"});
  EXPECT_EQ(Parsed("x = f'{a}' f'{}'  # c\n").errors(), std::vector<std::string>{"1:19: f-string: empty expression not allowed"});
  EXPECT_EQ(Parsed("x = f'''\n{a b}'''\n").errors(), std::vector<std::string>{"2:2: f-string: invalid syntax. Perhaps you forgot a comma?"});
  EXPECT_EQ(Parsed("x=f'{a\"}'\n").errors(), std::vector<std::string>{"1:10: f-string: unterminated string"});
  EXPECT_TRUE(Parsed("print(f'{x!r:>{w}} {y=} {z:.3f} {{}} {a[\"k\"]}')\n").errors().empty()) << "print(f'{x!r:>{w}} {y=} {z:.3f} {{}} {a[\"k\"]}')\n";
  EXPECT_TRUE(Parsed("x = f'{\"a\" if b else \"c\"}'\n").errors().empty()) << "x = f'{\"a\" if b else \"c\"}'\n";
  EXPECT_TRUE(Parsed("x = f'{a!s}' f\"{b}\" 'c'\n").errors().empty()) << "x = f'{a!s}' f\"{b}\" 'c'\n";
}

TEST(FrontendSyntaxErrors, TargetsThatCannotBeAssigned) {
  EXPECT_EQ(Parsed("for x (1, 2):\n    pass\n").errors(), std::vector<std::string>{"1:5: cannot assign to function call"});
  EXPECT_EQ(Parsed("for f(x) in y:\n    pass\n").errors(), std::vector<std::string>{"1:5: cannot assign to function call"});
  EXPECT_EQ(Parsed("for -x in y:\n    pass\n").errors(), std::vector<std::string>{"1:5: cannot assign to expression"});
  EXPECT_EQ(Parsed("f() = 3\n").errors(), std::vector<std::string>{"1:1: cannot assign to function call here. Maybe you meant '==' instead of '='?"});
  EXPECT_EQ(Parsed("f() = g() = 3\n").errors(), std::vector<std::string>{"1:1: cannot assign to function call"});
  EXPECT_EQ(Parsed("x, f() = 1, 2\n").errors(), std::vector<std::string>{"1:4: cannot assign to function call here. Maybe you meant '==' instead of '='?"});
  EXPECT_EQ(Parsed("f(), x = 1, 2\n").errors(), std::vector<std::string>{"1:6: invalid syntax. Maybe you meant '==' or ':=' instead of '='?"});
  EXPECT_EQ(Parsed("[f()] = x\n").errors(), std::vector<std::string>{"1:2: cannot assign to function call"});
  EXPECT_EQ(Parsed("(f()) = 3\n").errors(), std::vector<std::string>{"1:2: cannot assign to function call here. Maybe you meant '==' instead of '='?"});
  EXPECT_EQ(Parsed("a, *f() = 1\n").errors(), std::vector<std::string>{"1:5: cannot assign to function call"});
  EXPECT_EQ(Parsed("None = 3\n").errors(), std::vector<std::string>{"1:1: cannot assign to None"});
  EXPECT_EQ(Parsed("a < b = 1\n").errors(), std::vector<std::string>{"1:1: cannot assign to comparison"});
  EXPECT_EQ(Parsed("(a for a in b) = 1\n").errors(), std::vector<std::string>{"1:1: cannot assign to generator expression"});
  EXPECT_EQ(Parsed("a, b += 1\n").errors(), std::vector<std::string>{"1:1: 'tuple' is an illegal expression for augmented assignment"});
  EXPECT_EQ(Parsed("f() += 1\n").errors(), std::vector<std::string>{"1:1: 'function call' is an illegal expression for augmented assignment"});
  EXPECT_EQ(Parsed("if xs[1] := v:\n    pass\n").errors(), std::vector<std::string>{"1:4: cannot use assignment expressions with subscript"});
  EXPECT_EQ(Parsed("a.b := 3\n").errors(), std::vector<std::string>{"1:1: cannot use assignment expressions with attribute"});
  EXPECT_EQ(Parsed("x = (*a)\n").errors(), std::vector<std::string>{"1:6: cannot use starred expression here"});
  EXPECT_EQ(Parsed("x = (**a)\n").errors(), std::vector<std::string>{"1:6: cannot use double starred expression here"});
  EXPECT_TRUE(Parsed("for (a, b) in c:\n    pass\n").errors().empty()) << "for (a, b) in c:\n    pass\n";
  EXPECT_TRUE(Parsed("for *a, b in c:\n    pass\n").errors().empty()) << "for *a, b in c:\n    pass\n";
  EXPECT_TRUE(Parsed("a, b = c, d = 1, 2\n").errors().empty()) << "a, b = c, d = 1, 2\n";
  EXPECT_TRUE(Parsed("(a) = 1\n").errors().empty()) << "(a) = 1\n";
  EXPECT_TRUE(Parsed("*a, b = c\n").errors().empty()) << "*a, b = c\n";
  EXPECT_TRUE(Parsed("a.b, c[d] = e\n").errors().empty()) << "a.b, c[d] = e\n";
  EXPECT_TRUE(Parsed("(x) += 1\n").errors().empty()) << "(x) += 1\n";
}

TEST(FrontendSyntaxErrors, ParametersAndArguments) {
  EXPECT_EQ(Parsed("f = lambda(n): n\n").errors(), std::vector<std::string>{"1:11: Lambda expression parameters cannot be parenthesized"});
  EXPECT_EQ(Parsed("def f((a)):\n    pass\n").errors(), std::vector<std::string>{"1:7: Function parameters cannot be parenthesized"});
  EXPECT_EQ(Parsed("def f(x, y=1, z):\n    pass\n").errors(), std::vector<std::string>{"1:15: non-default argument follows default argument"});
  EXPECT_EQ(Parsed("def f(*):\n    pass\n").errors(), std::vector<std::string>{"1:7: named arguments must follow bare *"});
  EXPECT_EQ(Parsed("f = lambda *: 0\n").errors(), std::vector<std::string>{"1:13: named arguments must follow bare *"});
  EXPECT_EQ(Parsed("print(x for x in y, 1)\n").errors(), std::vector<std::string>{"1:7: Generator expression must be parenthesized"});
  EXPECT_EQ(Parsed("f(x, **k, *a)\n").errors(), std::vector<std::string>{"1:11: iterable argument unpacking follows keyword argument unpacking"});
  EXPECT_EQ(Parsed("try:\n    pass\nexcept Exception, e:\n    pass\n").errors(), std::vector<std::string>{"3:8: multiple exception types must be parenthesized"});
  EXPECT_EQ(Parsed("if a <> b:\n    pass\n").errors(), std::vector<std::string>{"1:6: invalid syntax"});
  EXPECT_TRUE(Parsed("def f(a, b=1, *c, d, e=2, **k):\n    pass\n").errors().empty()) << "def f(a, b=1, *c, d, e=2, **k):\n    pass\n";
  EXPECT_TRUE(Parsed("def f(a=1, *, b):\n    pass\n").errors().empty()) << "def f(a=1, *, b):\n    pass\n";
  EXPECT_TRUE(Parsed("f(x for x in y)\n").errors().empty()) << "f(x for x in y)\n";
  EXPECT_TRUE(Parsed("f(*a, k=1, *b)\n").errors().empty()) << "f(*a, k=1, *b)\n";
}
TEST(FrontendSyntaxErrors, DeleteImportAndDictionary) {
  EXPECT_EQ(Parsed("x = {1: 2, 3}\n").errors(), std::vector<std::string>{"1:12: ':' expected after dictionary key"});
  EXPECT_EQ(Parsed("x = {1: 2, f(a)}\n").errors(), std::vector<std::string>{"1:15: ':' expected after dictionary key"});
  EXPECT_EQ(Parsed("x = {1:}\n").errors(), std::vector<std::string>{"1:7: expression expected after dictionary key and ':'"});
  EXPECT_EQ(Parsed("x = {1: 2, 3:}\n").errors(), std::vector<std::string>{"1:13: expression expected after dictionary key and ':'"});
  EXPECT_EQ(Parsed("del f()\n").errors(), std::vector<std::string>{"1:5: cannot delete function call"});
  EXPECT_EQ(Parsed("del a, f()\n").errors(), std::vector<std::string>{"1:8: cannot delete function call"});
  EXPECT_EQ(Parsed("del (a, f())\n").errors(), std::vector<std::string>{"1:9: cannot delete function call"});
  EXPECT_EQ(Parsed("del a < b\n").errors(), std::vector<std::string>{"1:5: cannot delete comparison"});
  EXPECT_EQ(Parsed("del [a, 1]\n").errors(), std::vector<std::string>{"1:9: cannot delete literal"});
  EXPECT_EQ(Parsed("from a import b,\n").errors(), std::vector<std::string>{"1:17: trailing comma not allowed without surrounding parentheses"});
  EXPECT_EQ(Parsed("from a import b, c,\n").errors(), std::vector<std::string>{"1:20: trailing comma not allowed without surrounding parentheses"});
  EXPECT_EQ(Parsed("x = {a: 1, **b, c}\n").errors(), std::vector<std::string>{"1:17: ':' expected after dictionary key"});
  EXPECT_TRUE(Parsed("del a, b[1], c.d\n").errors().empty()) << "del a, b[1], c.d\n";
  EXPECT_TRUE(Parsed("del (a, b), [c]\n").errors().empty()) << "del (a, b), [c]\n";
  EXPECT_TRUE(Parsed("from a import (b,)\n").errors().empty()) << "from a import (b,)\n";
  EXPECT_TRUE(Parsed("x = {1: 2, **c, 3: 4}\n").errors().empty()) << "x = {1: 2, **c, 3: 4}\n";
  EXPECT_TRUE(Parsed("x = {1, 2, 3}\n").errors().empty()) << "x = {1, 2, 3}\n";
}

TEST(FrontendSyntaxErrors, NumberLiteralsWithoutDigits) {
  EXPECT_EQ(Parsed("x = 0x\n").errors(), std::vector<std::string>{"1:6: invalid hexadecimal literal"});
  EXPECT_EQ(Parsed("x = 0b2\n").errors(), std::vector<std::string>{"1:7: invalid digit '2' in binary literal"});
  EXPECT_EQ(Parsed("x = 0o9\n").errors(), std::vector<std::string>{"1:7: invalid digit '9' in octal literal"});
  EXPECT_EQ(Parsed("x = 0b1012\n").errors(), std::vector<std::string>{"1:10: invalid digit '2' in binary literal"});
  EXPECT_EQ(Parsed("x = f'{0x}'\n").errors(), std::vector<std::string>{"1:3: invalid hexadecimal literal"});
  EXPECT_EQ(Parsed("x = f'{1_}'\n").errors(), std::vector<std::string>{"1:3: invalid decimal literal"});
  EXPECT_TRUE(Parsed("x = 0x1f + 0o17 + 0b1 + 0_0\n").errors().empty());
}

// Slips the mutant corpus of tests/syntax found, and their neighbours.
TEST(FrontendSyntaxErrors, ParameterOrderAndDefaults) {
  EXPECT_EQ(Parsed("def f(a, /, b, /):\n    pass\n").errors(),
            std::vector<std::string>{"1:16: / may appear only once"});
  EXPECT_EQ(Parsed("def f(a, *, b, /):\n    pass\n").errors(),
            std::vector<std::string>{"1:16: / must be ahead of *"});
  EXPECT_EQ(Parsed("def f(a, /*, b):\n    pass\n").errors(),
            std::vector<std::string>{"1:11: expected comma between / and *"});
  EXPECT_EQ(Parsed("def f(/, a):\n    pass\n").errors(),
            std::vector<std::string>{"1:7: at least one argument must precede /"});
  EXPECT_EQ(Parsed("def f(a=):\n    pass\n").errors(),
            std::vector<std::string>{"1:8: expected default value expression"});
  EXPECT_EQ(Parsed("def f(*a=1):\n    pass\n").errors(),
            std::vector<std::string>{"1:9: var-positional argument cannot have default value"});
  EXPECT_EQ(Parsed("def f(**k=1):\n    pass\n").errors(),
            std::vector<std::string>{"1:10: var-keyword argument cannot have default value"});
  EXPECT_EQ(Parsed("def f(**k, a):\n    pass\n").errors(),
            std::vector<std::string>{"1:12: arguments cannot follow var-keyword argument"});
  EXPECT_EQ(Parsed("def f(**k, *a):\n    pass\n").errors(),
            std::vector<std::string>{"1:12: arguments cannot follow var-keyword argument"});
  EXPECT_EQ(Parsed("def f(*a, *b):\n    pass\n").errors(),
            std::vector<std::string>{"1:11: * argument may appear only once"});
  EXPECT_EQ(Parsed("g = lambda *a, *b: 1\n").errors(),
            std::vector<std::string>{"1:16: * argument may appear only once"});
  EXPECT_EQ(Parsed("g = lambda **k, a: 1\n").errors(),
            std::vector<std::string>{"1:17: arguments cannot follow var-keyword argument"});
  EXPECT_EQ(Parsed("g = lambda a=: 1\n").errors(),
            std::vector<std::string>{"1:14: invalid syntax"});
  EXPECT_EQ(Parsed("def f(/):\n    pass\n").errors(),
            std::vector<std::string>{"1:7: invalid syntax"});
  EXPECT_EQ(Parsed("def f(a=1, b: int := 2):\n    pass\n").errors(), std::vector<std::string>{"1:19: invalid syntax"});
  EXPECT_TRUE(Parsed("def f(a, /, b=1, *, c, **k):\n    pass\n").errors().empty());
  EXPECT_TRUE(Parsed("g = lambda a, /, *b, c=2, **k: 0\n").errors().empty());
}

// Match statements (3.10): py2cuda does not translate them, but their syntax errors are CPython's.
TEST(FrontendSyntaxErrors, MatchStatements) {
  EXPECT_EQ(Parsed("match x\n").errors(), std::vector<std::string>{"1:8: expected ':'"});
  EXPECT_EQ(Parsed("match x:\n    case 1\n        pass\n").errors(), std::vector<std::string>{"2:11: expected ':'"});
  EXPECT_EQ(Parsed("match x:\ncase 1:\n    pass\n").errors(),
            std::vector<std::string>{"2:1: expected an indented block after 'match' statement on line 1"});
  EXPECT_EQ(Parsed("match x:\n    case 1:\n    pass\n").errors(),
            std::vector<std::string>{"3:5: expected an indented block after 'case' statement on line 2"});
  EXPECT_EQ(Parsed("case 1:\n    pass\n").errors(), std::vector<std::string>{"1:6: invalid syntax"});
  EXPECT_EQ(Parsed("match x:\n    case a as _:\n        pass\n").errors(),
            std::vector<std::string>{"2:15: cannot use '_' as a target"});
  EXPECT_EQ(Parsed("match x:\n    case a as 1:\n        pass\n").errors(),
            std::vector<std::string>{"2:15: invalid pattern target"});
  EXPECT_EQ(Parsed("match x:\n    case C(a=1, 2):\n        pass\n").errors(),
            std::vector<std::string>{"2:17: positional patterns follow keyword patterns"});
  EXPECT_EQ(Parsed("match x:\n    case 1 + 2:\n        pass\n").errors(),
            std::vector<std::string>{"2:14: imaginary number required in complex literal"});
  EXPECT_EQ(Parsed("match x:\n    case a + 1:\n        pass\n").errors(), std::vector<std::string>{"2:12: invalid syntax"});
  // `match(x)` is a call; CPython's second pass reads it as a match statement without its ':'
  // once the file has an error anywhere, and reports that at the error.
  EXPECT_EQ(Parsed("match(x)\n1 +\n").errors(), std::vector<std::string>{"2:4: expected ':'"});
  EXPECT_TRUE(Parsed("match(x)\nmatch = 3\nmatch.y = 4\n").errors().empty());
}

// The full corpus's last disagreements (docs/tests.md).
TEST(FrontendSyntaxErrors, LostOperandsAndDisplaysNamed) {
  EXPECT_EQ(Parsed("y = [\"a\" if i % == 0 else \"b\"]\n").errors(),
            std::vector<std::string>{"1:6: expected 'else' after 'if' expression"});
  EXPECT_EQ(Parsed("[a for a in b] = x\n").errors(),
            std::vector<std::string>{"1:1: cannot assign to list comprehension here. Maybe you meant '==' instead of '='?"});
  EXPECT_EQ(Parsed("{1: 2} = x\n").errors(),
            std::vector<std::string>{"1:1: cannot assign to dict literal here. Maybe you meant '==' instead of '='?"});
  EXPECT_EQ(Parsed("{a for a in c} = x\n").errors(),
            std::vector<std::string>{"1:1: cannot assign to set comprehension here. Maybe you meant '==' instead of '='?"});
  EXPECT_EQ(Parsed("f(a=1,\n  b:=2)\n").errors(), std::vector<std::string>{"2:7: positional argument follows keyword argument"});
  EXPECT_EQ(Parsed("if (x) = 2: pass\n").errors(),
            std::vector<std::string>{"1:5: cannot assign to name here. Maybe you meant '==' instead of '='?"});
  // CPython counts this one's column in bytes (\u03bb is two): its offset, 13, is read as characters.
  EXPECT_EQ(Parsed("print(\"\u03bb\", 0255)\n").errors(),
            std::vector<std::string>{"1:14: leading zeros in decimal integer literals are not permitted; use an 0o prefix "
                                     "for octal integers"});
}

// The compiler's errors in a file that parses, as `python` reports them before running it.
TEST(FrontendSyntaxErrors, StatementsOutsideTheirBlock) {
  EXPECT_EQ(Parsed("x = 1\nreturn x\n").errors(), std::vector<std::string>{"2:1: 'return' outside function"});
  EXPECT_EQ(Parsed("class A:\n    return 1\n").errors(), std::vector<std::string>{"2:5: 'return' outside function"});
  EXPECT_EQ(Parsed("while x:\n    pass\nelse:\n    continue\n").errors(),
            std::vector<std::string>{"4:5: 'continue' not properly in loop"});
  EXPECT_EQ(Parsed("for x in y:\n    def g():\n        break\n").errors(),
            std::vector<std::string>{"3:9: 'break' outside loop"});
  EXPECT_EQ(Parsed("x = 1 + (yield)\n").errors(), std::vector<std::string>{"1:10: 'yield' outside function"});
  EXPECT_EQ(Parsed("def f():\n    return await y\n").errors(),
            std::vector<std::string>{"2:12: 'await' outside async function"});
  EXPECT_EQ(Parsed("def f():\n    async for x in y:\n        pass\n").errors(),
            std::vector<std::string>{"2:5: 'async for' outside async function"});
  EXPECT_TRUE(Parsed("for x in y:\n    try:\n        pass\n    finally:\n        continue\n").errors().empty());
  EXPECT_TRUE(Parsed("async def f():\n    async with a as b:\n        await z\n").errors().empty());
}

// CPython's symbol table errors: after the parser's, before the compiler's wherever they are,
// those of its first pass in order, then the resolution of nonlocal names block by block.
TEST(FrontendSyntaxErrors, SymbolTableErrors) {
  using V = std::vector<std::string>;
  EXPECT_EQ(Parsed("def f(a, b, a):\n    pass\n").errors(), V{"1:13: duplicate argument 'a' in function definition"});
  EXPECT_EQ(Parsed("f = lambda a, *, b, **a: 1\n").errors(), V{"1:23: duplicate argument 'a' in function definition"});
  EXPECT_EQ(Parsed("def f(*a, a):\n    pass\n").errors(), V{"1:8: duplicate argument 'a' in function definition"});
  EXPECT_EQ(Parsed("def f():\n    x = 1\n    global x\n").errors(),
            V{"3:5: name 'x' is assigned to before global declaration"});
  EXPECT_EQ(Parsed("def f():\n    print(x)\n    global x\n").errors(), V{"3:5: name 'x' is used prior to global declaration"});
  EXPECT_EQ(Parsed("def f(x):\n    global x\n").errors(), V{"2:5: name 'x' is parameter and global"});
  EXPECT_EQ(Parsed("def f(x):\n    def g():\n        x += 1\n        nonlocal x\n").errors(),
            V{"4:9: name 'x' is assigned to before nonlocal declaration"});
  EXPECT_EQ(Parsed("def f(x):\n    nonlocal x\n").errors(), V{"2:5: name 'x' is parameter and nonlocal"});
  EXPECT_EQ(Parsed("def f():\n    x: int\n    global x\n").errors(), V{"3:5: annotated name 'x' can't be global"});
  // The first pass's errors come before nonlocal's resolution, and both before the compiler's.
  EXPECT_EQ(Parsed("return 1\nnonlocal q\ndef g(a, a):\n    pass\n").errors(),
            V{"3:10: duplicate argument 'a' in function definition"});
  EXPECT_EQ(Parsed("def f():\n    nonlocal q\nx = 1\nnonlocal x\n").errors(),
            V{"4:1: name 'x' is assigned to before nonlocal declaration"});
  EXPECT_EQ(Parsed("def f():\n    nonlocal q\nnonlocal x\n").errors(), V{"3:1: nonlocal declaration not allowed at module level"});
  EXPECT_EQ(Parsed("yield 1\ndef f():\n    nonlocal q\n").errors(), V{"3:5: no binding for nonlocal 'q' found"});
  EXPECT_EQ(Parsed("def f():\n    x = 1\n    def g():\n        global x\n        def h():\n            nonlocal x\n").errors(),
            V{"6:13: no binding for nonlocal 'x' found"});
  EXPECT_TRUE(Parsed("def f():\n    x = 1\n    class C:\n        def g(self):\n            nonlocal x\n").errors().empty());
  EXPECT_TRUE(Parsed("def f():\n    [y for a in b if (y := a)]\n    def g():\n        nonlocal y\n").errors().empty());
  EXPECT_TRUE(Parsed("def f():\n    import a\n    global a\n").errors().empty());  // an import is no assignment here
  EXPECT_EQ(Parsed("x = [(yield) for a in b]\n").errors(), V{"1:7: 'yield' inside list comprehension"});
  EXPECT_EQ(Parsed("def f():\n    return {(yield a) for a in b}\n").errors(), V{"2:14: 'yield' inside set comprehension"});
  EXPECT_EQ(Parsed("def f():\n    return {a: (yield) for a in b}\n").errors(), V{"2:17: 'yield' inside dict comprehension"});
  EXPECT_EQ(Parsed("def f():\n    return sum((yield) for a in b)\n").errors(), V{"2:17: 'yield' inside generator expression"});
  EXPECT_TRUE(Parsed("def f():\n    return [a for a in (yield)]\n").errors().empty());  // the first iterable is f's
  EXPECT_EQ(Parsed("def f():\n    from m import *\n").errors(), V{"2:19: import * only allowed at module level"});
  EXPECT_EQ(Parsed("x = [(y := 1) for y in z]\n").errors(),
            V{"1:7: assignment expression cannot rebind comprehension iteration variable 'y'"});
  EXPECT_EQ(Parsed("class C:\n    x = [(y := a) for a in z]\n").errors(),
            V{"2:11: assignment expression within a comprehension cannot be used in a class body"});
  // An f-string's expressions are compiled with the module: its yield is outside a function.
  EXPECT_EQ(Parsed("x = 1\ny = f\"a{ (yield) }\"\n").errors(), V{"2:11: 'yield' outside function"});
  EXPECT_EQ(Parsed("y = f\"\"\"\n{x}{(yield)}\"\"\"\n").errors(), V{"2:6: 'yield' outside function"});
  EXPECT_TRUE(Parsed("def g():\n    y = f\"{(yield)}\"\n").errors().empty());
}

TEST(FrontendSyntaxErrors, AssignmentToYieldAndComprehensionTargets) {
  EXPECT_EQ(Parsed("yield = 1\n").errors(),
            std::vector<std::string>{"1:1: assignment to yield expression not possible"});
  EXPECT_EQ(Parsed("def g():\n    yield x = 1\n").errors(),
            std::vector<std::string>{"2:5: assignment to yield expression not possible"});
  EXPECT_EQ(Parsed("def g():\n    x = yield = 1\n").errors(),
            std::vector<std::string>{"2:9: assignment to yield expression not possible"});
  EXPECT_EQ(Parsed("y = [x for 1 in y]\n").errors(),
            std::vector<std::string>{"1:12: cannot assign to literal"});
  EXPECT_EQ(Parsed("y = [x for f() in y]\n").errors(),
            std::vector<std::string>{"1:12: cannot assign to function call"});
  EXPECT_EQ(Parsed("y = {x: 1 for 'a' in y}\n").errors(),
            std::vector<std::string>{"1:15: cannot assign to literal"});
  EXPECT_EQ(Parsed("y = [x for x in y for 2 in z]\n").errors(),
            std::vector<std::string>{"1:23: cannot assign to literal"});
  EXPECT_TRUE(Parsed("y = [x for (a, b), *c in y if a]\n").errors().empty());
}

TEST(FrontendSyntaxErrors, EndOfFileTokensOnTheLastLine) {
  EXPECT_EQ(Parsed("for i in x:\n").errors(),
            std::vector<std::string>{"1:12: expected an indented block after 'for' statement on line 1"});
  EXPECT_EQ(Parsed("for i in x:").errors(),
            std::vector<std::string>{"1:12: expected an indented block after 'for' statement on line 1"});
  EXPECT_EQ(Parsed("def f():\n    # c\n").errors(),
            std::vector<std::string>{"2:8: expected an indented block after function definition on line 1"});
  EXPECT_EQ(Parsed("try:\n    pass\n").errors(),
            std::vector<std::string>{"2:9: expected 'except' or 'finally' block"});
  EXPECT_EQ(Parsed("x = 1 +\\\n").errors(),
            std::vector<std::string>{"1:9: unexpected EOF while parsing"});
  EXPECT_EQ(Parsed("if x:\n    pass\nelse\n").errors(),
            std::vector<std::string>{"3:5: expected ':'"});
}

TEST(FrontendSyntaxErrors, CharactersAndLiterals) {
  EXPECT_EQ(Parsed("x = a–b\n").errors(),
            std::vector<std::string>{"1:6: invalid character '–' (U+2013)"});
  EXPECT_EQ(Parsed("x = “hi”\n").errors(),
            std::vector<std::string>{"1:5: invalid character '“' (U+201C)"});
  EXPECT_EQ(Parsed("x\xc2\xa0= 1\n").errors(),
            std::vector<std::string>{"1:2: invalid non-printable character U+00A0"});
  EXPECT_EQ(Parsed("x = a·b + ·c\n").errors(),
            std::vector<std::string>{"1:12: invalid character '·' (U+00B7)"});
  EXPECT_EQ(Parsed("x = 'a' b'b'\n").errors(),
            std::vector<std::string>{"1:13: cannot mix bytes and nonbytes literals"});
  EXPECT_EQ(Parsed("x = b'é'\n").errors(),
            std::vector<std::string>{"1:5: bytes can only contain ASCII literal characters"});
  EXPECT_EQ(Parsed("x = 1e+\n").errors(),
            std::vector<std::string>{"1:7: invalid decimal literal"});
  EXPECT_EQ(Parsed("x = 1jj\n").errors(),
            std::vector<std::string>{"1:6: invalid imaginary literal"});
  EXPECT_EQ(Parsed("x = a[]\n").errors(),
            std::vector<std::string>{"1:7: invalid syntax"});
  EXPECT_EQ(Parsed("x = {*a: 1}\n").errors(),
            std::vector<std::string>{"1:8: invalid syntax"});
  EXPECT_EQ(Parsed("def f() -> :\n    pass\n").errors(),
            std::vector<std::string>{"1:9: expected ':'"});
  EXPECT_EQ(Parsed("with (a as b)\n    pass\n").errors(),
            std::vector<std::string>{"1:14: expected ':'"});
  EXPECT_TRUE(Parsed("café = a·b + b'x' b'y' + a[1,]\nwith (a as b, c):\n    pass\n").errors().empty());
}

// ============================================================== robustness

TEST(FrontendRobustness, EmptyAndTrivialFiles) {
  for (const char* src : {"", "\n", "\n\n\n", "# only a comment", "# a\n# b\n", "   \n\t\n", "\r\n", "\\\n", ";"}) {
    Parsed p(src);  // must not crash; only ";" and "\\\n" are errors
    (void)p.errors();
  }
  EXPECT_TRUE(Parsed("").module.body.empty());
  EXPECT_TRUE(Parsed("# only a comment").errors().empty());
  EXPECT_TRUE(Parsed("# only a comment").module.body.empty());
}

TEST(FrontendRobustness, DeeplyNestedParentheses) {
  std::string src = "x = " + std::string(20000, '(') + "1" + std::string(20000, ')') + "\n";
  Parsed p(src);
  // CPython's tokenizer allows 200 levels.
  EXPECT_EQ(p.errors(), std::vector<std::string>{"1:205: too many nested parentheses"});
}

TEST(FrontendRobustness, DeeplyNestedOperators) {
  Parsed a("x = " + std::string(5000, '-') + "1\n");
  EXPECT_EQ(a.errors().size(), 1u);
  std::string chain = "x = a";
  for (int i = 0; i < 5000; ++i) chain += " + a";
  Parsed b(chain + "\n");
  EXPECT_EQ(b.errors().size(), 1u);
  Parsed c("x = " + std::string(5000, '[') + "\n");  // unclosed as well
  EXPECT_FALSE(c.errors().empty());
  // Moderate nesting is fine.
  EXPECT_TRUE(Parsed("x = " + std::string(200, '(') + "1" + std::string(200, ')') + "\n").errors().empty());
}

TEST(FrontendRobustness, DeeplyNestedBlocks) {
  std::string src;
  for (int i = 0; i < 600; ++i) src += std::string(static_cast<size_t>(i), ' ') + "if x:\n";
  src += std::string(600, ' ') + "pass\n";
  Parsed p(src);
  EXPECT_FALSE(p.errors().empty());
}

TEST(FrontendRobustness, RandomBytes) {
  std::mt19937 rng(12345);
  for (int round = 0; round < 20; ++round) {
    std::string s(2000, '\0');
    for (char& c : s) c = static_cast<char>(rng() & 0xFF);
    if (round % 2) {  // also without NUL bytes, so that tree-sitter sees it
      for (char& c : s)
        if (c == '\0') c = 'x';
    }
    Parsed p(s);
    EXPECT_TRUE(p.diags.has_errors());
  }
}

TEST(FrontendRobustness, RandomPythonishText) {
  const std::string alphabet = "abcxyz019_ ()[]{}:=+-*/%<>!&|^~@.,;'\"#\\\n\t\r";
  std::mt19937 rng(777);
  for (int round = 0; round < 100; ++round) {
    std::string s;
    size_t len = rng() % 400;
    for (size_t i = 0; i < len; ++i) s += alphabet[rng() % alphabet.size()];
    Parsed p(s);
    (void)ast::dump(p.module, true);  // the tree is well formed enough to walk
  }
}

TEST(FrontendRobustness, EveryPrefixOfAProgram) {
  const std::string program =
      "from numba import cuda, float32\nimport numpy as np\n\n"
      "@cuda.jit('void(float32[:, :], float32[:, :], float32[:, :])')\n"
      "def matmul(A: float32[:, :], B, C) -> None:\n"
      "    \"\"\"C = A @ B.\"\"\"\n"
      "    sA = cuda.shared.array(shape=(16, 16), dtype=float32)\n"
      "    x, y = cuda.grid(2)\n"
      "    if x >= C.shape[0] or y >= C.shape[1]:\n        return\n"
      "    tmp = 0.0\n"
      "    for i in range(B.shape[0] // 16):\n"
      "        sA[tx, ty] = A[x, ty + i * 16]  # load\n"
      "        cuda.syncthreads()\n"
      "        tmp += sA[tx, j] * B[j, y] if j < 16 else -1.5e-3\n"
      "    C[x, y] = tmp\n\n"
      "if __name__ == '__main__':\n    print(f'{x!r}', 'done')\n";
  EXPECT_TRUE(Parsed(program).errors().empty()) << ::testing::PrintToString(Parsed(program).errors());
  for (size_t n = 0; n <= program.size(); ++n) {
    Parsed p(program.substr(0, n));
    (void)ast::dump(p.module, true);
  }
}

TEST(FrontendRobustness, LargeFileParsesWhole) {
  // A kernel of 11 lines repeated 1819 times (20009 lines): every function is
  // there, in order, with the line numbers of its own copy. How the front end's
  // time grows with the file is measured by the translation benchmark
  // (bench/translate_vs_numba.py), not asserted here: tests do not time.
  const std::string unit =
      "@cuda.jit('void(float32[:], float32[:], int64)')\n"
      "def k(x: float32[:], y, n):\n"
      "    i = cuda.grid(1)\n"
      "    stride = cuda.gridsize(1)\n"
      "    while i < n:\n"
      "        if x[i] > 0.5 and y[i] < 2:\n"
      "            y[i] = x[i] * 2.0 + 1e-3\n"
      "        else:\n"
      "            y[i] = -x[i] // 3 % 7  # comment\n"
      "        i += stride\n"
      "\n";
  const int copies = 1819;
  std::string src;
  for (int c = 0; c < copies; ++c) src += unit;
  Parsed p(src);
  EXPECT_TRUE(p.errors().empty());
  ASSERT_EQ(p.module.body.size(), static_cast<size_t>(copies));
  for (int c = 0; c < copies; c += 101) {
    const auto& def = ast::as<ast::FunctionDef>(*p.module.body[c]);
    EXPECT_EQ(def.name, "k");
    EXPECT_EQ(def.name_span.line, 11 * c + 2) << "copy " << c;
    ASSERT_EQ(def.body.size(), 3u) << "copy " << c;
    EXPECT_EQ(def.body.back()->span.line, 11 * c + 5) << "copy " << c;  // the while loop
  }
}

// ============================================================== parse_expression

namespace {

struct Sig {
  explicit Sig(const std::string& text) : file("k.py", "@cuda.jit(\"x\")\n"), diags(file) {
    expr = frontend::parse_expression(text, kAnchor, diags);
  }
  static constexpr Span kAnchor{1, 11, 1, 14};
  SourceFile file;
  Diagnostics diags;
  ast::ExprPtr expr;
};

void expect_all_spans(const ast::Expr& e, const Span& s) {
  std::string d = ast::dump(e, true);
  std::string want = "@" + span_str(s);
  size_t count = 0;
  for (size_t at = d.find('@'); at != std::string::npos; at = d.find('@', at + 1)) {
    EXPECT_EQ(d.substr(at, want.size()), want) << d;
    ++count;
  }
  EXPECT_GT(count, 0u);
}

}  // namespace

TEST(FrontendParseExpression, NumbaSignatures) {
  struct Case {
    const char* text;
    const char* dump;
  } cases[] = {
      {"void(float32[:], int64)", "(call void (sub float32 (slice _ _ _)) int64)"},
      {"(float32[:,:], int32)", "(tuple (sub float32 (tuple (slice _ _ _) (slice _ _ _))) int32)"},
      {"float32(float32, float32)", "(call float32 float32 float32)"},
      {"int32[:, ::1]", "(sub int32 (tuple (slice _ _ _) (slice _ _ 1)))"},
      {"  void(float64[::1])\n", "(call void (sub float64 (slice _ _ 1)))"},
      {"void(\n  float32[:],\n  int64)", "(call void (sub float32 (slice _ _ _)) int64)"},
      {"int32, int32", "(tuple int32 int32)"},
      {"numba.types.float32", "(. (. numba types) float32)"},
  };
  for (const Case& c : cases) {
    Sig s(c.text);
    ASSERT_TRUE(s.expr) << c.text;
    EXPECT_FALSE(s.diags.has_errors()) << c.text;
    EXPECT_EQ(ast::dump(*s.expr), c.dump) << c.text;
    expect_all_spans(*s.expr, Sig::kAnchor);
  }
}

TEST(FrontendParseExpression, InvalidSignatures) {
  struct Case {
    const char* text;
    const char* reason;
  } cases[] = {
      {"void(float32[::1], int64", "'(' was never closed"},
      {"void(float32[], int32)", "invalid syntax"},
      {"", "empty"},
      {"   ", "empty"},
      {"x = 1", "not an expression"},
      {"a; b", "more than one statement"},
      {"a\nb", "more than one statement"},
      {"void(float32[:]) int64", "invalid syntax near 'int64'"},
      {"if x: pass", "not an expression"},
  };
  for (const Case& c : cases) {
    Sig s(c.text);
    EXPECT_FALSE(s.expr) << c.text;
    ASSERT_EQ(s.diags.all().size(), 1u) << c.text;
    const Diagnostic& d = s.diags.all()[0];
    EXPECT_EQ(span_str(d.span), span_str(Sig::kAnchor));
    EXPECT_EQ(d.message.rfind("invalid signature string '", 0), 0u) << d.message;
    EXPECT_NE(d.message.find(c.reason), std::string::npos) << c.text << " -> " << d.message;
  }
}

TEST(FrontendParseExpression, QuotesTheTextSafely) {
  Sig s(std::string("void(\x01", 6));
  ASSERT_EQ(s.diags.all().size(), 1u);
  EXPECT_NE(s.diags.all()[0].message.find("'void(\\x01'"), std::string::npos) << s.diags.all()[0].message;
}

// CPython 3.11's answers (compile()) for the rules of the syntax3 branch.
TEST(FrontendSyntaxErrors, PrimaryPrefixLegacyAndFirstPass) {
  // A trailer that does not parse is left unread: the string and the list side by side.
  EXPECT_EQ(Parsed("print(\"sums:\" [s for k in r])\n").errors(),
            std::vector<std::string>{"1:7: invalid syntax. Perhaps you forgot a comma?"});
  EXPECT_EQ(Parsed("f(a[1] [x for x in y])\n").errors(), std::vector<std::string>{"1:3: invalid syntax. Perhaps you forgot a comma?"});
  // `print` as the first operand is invalid_legacy_expression's.
  EXPECT_EQ(Parsed("[print x]\n").errors(),
            std::vector<std::string>{"1:2: Missing parentheses in call to 'print'. Did you mean print(...)?"});
  // A string literal's error is CPython's first pass: it beats the held-back 'print' message.
  EXPECT_EQ(Parsed("print -1\nx = f\"{}\"\n").errors(), std::vector<std::string>{"2:10: f-string: empty expression not allowed"});
  EXPECT_EQ(Parsed("print -1\nx = b\"a\" \"b\"\n").errors(), std::vector<std::string>{"2:13: cannot mix bytes and nonbytes literals"});
  EXPECT_EQ(Parsed("print -1\nx = (1 2)\n").errors(),
            std::vector<std::string>{"1:1: Missing parentheses in call to 'print'. Did you mean print(...)?"});
}

TEST(FrontendSyntaxErrors, ComprehensionIterableAndMangling) {
  const std::string iterable = "assignment expression cannot be used in a comprehension iterable expression";
  EXPECT_EQ(Parsed("[x for x in (y := [1, 2])]\n").errors(), std::vector<std::string>{"1:14: " + iterable});
  EXPECT_EQ(Parsed("[x for x in range(3) for z in (y := [1])]\n").errors(), std::vector<std::string>{"1:32: " + iterable});
  // The blocks inside the iterable inherit the rule (symtable_enter_block).
  EXPECT_EQ(Parsed("[x for x in [(z := w) for w in r]]\n").errors(), std::vector<std::string>{"1:15: " + iterable});
  EXPECT_EQ(Parsed("[x for x in (lambda: (y := 1))()]\n").errors(), std::vector<std::string>{"1:23: " + iterable});
  // In a class, `__a` is `_C__a`; the message names what the source spells.
  EXPECT_EQ(Parsed("class C:\n    def f(self, __a, _C__a):\n        pass\n").errors(),
            std::vector<std::string>{"2:22: duplicate argument '_C__a' in function definition"});
  EXPECT_EQ(Parsed("class C:\n    def f(self):\n        _C__x = 1\n        global __x\n").errors(),
            std::vector<std::string>{"4:9: name '__x' is assigned to before global declaration"});
  EXPECT_TRUE(Parsed("class _:\n    def f(self, __a, ___a):\n        pass\n").errors().empty());
}

TEST(FrontendSyntaxErrors, MatchPatternCompilerChecks) {
  const auto error = [](const std::string& cases) { return Parsed("match x:\n" + cases).errors(); };
  EXPECT_EQ(error("    case [a, a]: pass\n"), std::vector<std::string>{"2:14: multiple assignments to name 'a' in pattern"});
  EXPECT_EQ(error("    case [a, *a]: pass\n"), std::vector<std::string>{"2:14: multiple assignments to name 'a' in pattern"});
  // The compiler's location is the pattern entered last: `c` inside, the value `r`.
  EXPECT_EQ(error("    case ([b, c] as c): pass\n"), std::vector<std::string>{"2:15: multiple assignments to name 'c' in pattern"});
  EXPECT_EQ(error("    case {\"k\": r, **r}: pass\n"), std::vector<std::string>{"2:16: multiple assignments to name 'r' in pattern"});
  EXPECT_EQ(error("    case [a] | [b]: pass\n"), std::vector<std::string>{"2:17: alternative patterns bind different names"});
  EXPECT_TRUE(error("    case [a, b] | [b, a]: pass\n").empty());
  EXPECT_EQ(error("    case a | b: pass\n"), std::vector<std::string>{"2:10: name capture 'a' makes remaining patterns unreachable"});
  EXPECT_EQ(error("    case 1 | _: pass\n    case 2: pass\n"),
            std::vector<std::string>{"2:14: wildcard makes remaining patterns unreachable"});
  EXPECT_EQ(error("    case (a): pass\n    case 2: pass\n"),
            std::vector<std::string>{"2:11: name capture 'a' makes remaining patterns unreachable"});
  // Irrefutable before the last case is the first error even where the alternatives differ.
  EXPECT_EQ(error("    case [c] | other: pass\n    case 2: pass\n"),
            std::vector<std::string>{"2:16: name capture 'other' makes remaining patterns unreachable"});
  EXPECT_TRUE(error("    case a if a: pass\n    case 1: pass\n").empty());
  EXPECT_TRUE(error("    case 1: pass\n    case _: pass\n").empty());
  EXPECT_TRUE(error("    case (a, b): pass\n    case 1: pass\n").empty());
}

// The compiler's checks of call keywords, starred targets and values, and the parser's of a starred
// deletion (CPython 3.11's locations).
TEST(FrontendSyntaxErrors, KeywordsAndStarredTargets) {
  const auto errors = [](const std::string& src) { return Parsed(src).errors(); };
  EXPECT_EQ(errors("x = f(a=1, b=2, a=3)\n"), std::vector<std::string>{"1:17: keyword argument repeated: a"});
  EXPECT_EQ(errors("class C(x, metaclass=a, metaclass=b): pass\n"),
            std::vector<std::string>{"1:25: keyword argument repeated: metaclass"});
  EXPECT_EQ(errors("x = 1\ny = g(1, f(__debug__=1))\n"), std::vector<std::string>{"2:10: cannot assign to __debug__"});
  EXPECT_EQ(errors("class C(__debug__=1): pass\n"), std::vector<std::string>{"1:1: cannot assign to __debug__"});
  // The symbol table's errors come before the compiler's, wherever they are.
  EXPECT_EQ(errors("f(a=1, a=2)\ndef f(x, x): pass\n"),
            std::vector<std::string>{"2:10: duplicate argument 'x' in function definition"});
  EXPECT_EQ(errors("del a, (b, [c, *d])\n"), std::vector<std::string>{"1:16: cannot delete starred"});
  EXPECT_EQ(errors("*a = 1\n"), std::vector<std::string>{"1:1: starred assignment target must be in a list or tuple"});
  EXPECT_EQ(errors("a = *b, *c = d\n"), std::vector<std::string>{"1:5: multiple starred expressions in assignment"});
  EXPECT_EQ(errors("x = 1; a, *b, (*c, *d) = x\n"),
            std::vector<std::string>{"1:15: multiple starred expressions in assignment"});
  EXPECT_EQ(errors("for a, [*b, *c] in x: pass\n"),
            std::vector<std::string>{"1:8: multiple starred expressions in assignment"});
  EXPECT_EQ(errors("for *a in x: pass\n"),
            std::vector<std::string>{"1:5: starred assignment target must be in a list or tuple"});
  // The value is compiled first.
  EXPECT_EQ(errors("x = 1; *a, *b = *c\n"), std::vector<std::string>{"1:17: can't use starred expression here"});
  EXPECT_EQ(errors("*a, *b = (yield)\n"), std::vector<std::string>{"1:11: 'yield' outside function"});
  EXPECT_TRUE(errors("x = [a, *b] = c, *d = e\n*a, = [*b] = (*c,) = 1\nfor a, in x: pass\n").empty());
}

// CPython's invalid_comprehension and invalid_dict_comprehension (the parser's second pass).
TEST(FrontendSyntaxErrors, UnpackingAndTuplesInComprehensions) {
  const auto errors = [](const std::string& src) { return Parsed(src).errors(); };
  const std::vector<std::string> unpacking{"1:6: iterable unpacking cannot be used in comprehension"};
  EXPECT_EQ(errors("x = [*a for a in b]\n"), unpacking);
  EXPECT_EQ(errors("x = {*a for a in b}\n"), unpacking);
  EXPECT_EQ(errors("x = (*a for a in b)\n"), unpacking);
  EXPECT_EQ(errors("x = f(*a for a in b)\n"), std::vector<std::string>{"1:7: iterable unpacking cannot be used in comprehension"});
  EXPECT_EQ(errors("x = f(a, *b for b in c)\n"), std::vector<std::string>{"1:10: Generator expression must be parenthesized"});
  EXPECT_EQ(errors("x = {**a for a in b}\n"), std::vector<std::string>{"1:6: dict unpacking cannot be used in dict comprehension"});
  const std::vector<std::string> parentheses{"1:6: did you forget parentheses around the comprehension target?"};
  EXPECT_EQ(errors("x = [a, b for a, b in c]\n"), parentheses);
  EXPECT_EQ(errors("x = [a, for a in b]\n"), parentheses);
  EXPECT_EQ(errors("x = {*a, b for a in c}\n"), parentheses);
  EXPECT_TRUE(errors("x = [(a, b) for a, b in c], [*c, d], {**a, **b}, {a: b for a, b in c}\nprint(*a, *b)\n").empty());
}

// forbidden_name: __debug__ bound anywhere, at the location CPython 3.11 gives (the name, or the
// statement that binds it: a def, a class, an import, an except clause, a lambda).
TEST(FrontendSyntaxErrors, DebugCannotBeBound) {
  const auto errors = [](const std::string& src) { return Parsed(src).errors(); };
  const auto at = [](const std::string& where) { return std::vector<std::string>{where + ": cannot assign to __debug__"}; };
  EXPECT_EQ(errors("a, (b, __debug__) = c\n"), at("1:8"));
  EXPECT_EQ(errors("[a, b.__debug__] = c\n"), at("1:5"));
  EXPECT_EQ(errors("__debug__ += 1\n"), at("1:1"));
  EXPECT_EQ(errors("(__debug__): int = 1\n"), at("1:2"));
  EXPECT_EQ(errors("*__debug__, = 1\n"), at("1:2"));
  EXPECT_EQ(errors("for a, __debug__ in x: pass\n"), at("1:8"));
  EXPECT_EQ(errors("x = [a for a, __debug__ in y]\n"), at("1:15"));
  EXPECT_EQ(errors("with a as (b, __debug__): pass\n"), at("1:15"));
  EXPECT_EQ(errors("if x:\n    y = (z, (__debug__ := 1))\n"), at("2:14"));
  EXPECT_EQ(errors("try: pass\nexcept E as __debug__: pass\n"), at("2:1"));
  EXPECT_EQ(errors("x = 1; from a import b, c as __debug__\n"), at("1:8"));
  EXPECT_EQ(errors("import __debug__.b\n"), at("1:1"));
  EXPECT_EQ(errors("@d\nasync def f(*, a, **__debug__): pass\n"), at("2:1"));
  EXPECT_EQ(errors("class __debug__: pass\n"), at("1:1"));
  EXPECT_EQ(errors("x = 1; lambda a, __debug__: 1\n"), at("1:8"));
  EXPECT_EQ(errors("del x, (__debug__)\n"), std::vector<std::string>{"1:9: cannot delete __debug__"});
  // Read, not bound: an attribute augmented or deleted, a default, an annotation, a subscript (a
  // read is a constant to the symbol table: no "used prior to global declaration").
  EXPECT_TRUE(errors("a.__debug__ -= 1\ndel a.__debug__\ndef f(a=__debug__, b: __debug__ = 1) -> __debug__: pass\n"
                     "x[__debug__] = __debug__.y\nimport a.__debug__\nglobal __debug__\n").empty());
}

// compile.c's checks of mapping, class, sequence and value patterns (CPython 3.11's locations:
// the mapping or sequence itself, the repeated keyword's pattern), made before their sub-patterns'.
TEST(FrontendSyntaxErrors, MatchPatternShapeChecks) {
  const auto error = [](const std::string& cases) { return Parsed("match x:\n" + cases).errors(); };
  const auto duplicate = [](const std::string& key) {
    return std::vector<std::string>{"2:10: mapping pattern checks duplicate key (" + key + ")"};
  };
  EXPECT_EQ(error("    case {\"a\": 1, \"a\": 2}: pass\n"), duplicate("'a'"));
  EXPECT_EQ(error("    case {\"a\": [*a, *b], 'a': a}: pass\n"), duplicate("'a'"));
  // Keys compare as a set's elements: folded, numbers by value; the message is the second's repr().
  EXPECT_EQ(error("    case {1: a, True: b}: pass\n"), duplicate("True"));
  EXPECT_EQ(error("    case {1.0: a, 0x1: b}: pass\n"), duplicate("1"));
  EXPECT_EQ(error("    case {0.0: a, -0.0: b}: pass\n"), duplicate("-0.0"));
  EXPECT_EQ(error("    case {1e16: a, 10_000_000_000_000_000: b}: pass\n"), duplicate("10000000000000000"));
  EXPECT_EQ(error("    case {1e-5: a, 0.00001: b}: pass\n"), duplicate("1e-05"));
  EXPECT_EQ(error("    case {0x100000000000000000000: a, 1208925819614629174706176: b}: pass\n"),
            duplicate("1208925819614629174706176"));
  EXPECT_EQ(error("    case {1 - 0j: a, 1.0: b}: pass\n"), duplicate("1.0"));
  EXPECT_EQ(error("    case {-2j: a, -0-2j: b}: pass\n"), duplicate("-2j"));
  EXPECT_EQ(error("    case {-0.0-0j: a, -0.0-0j: b}: pass\n"), duplicate("(-0+0j)"));
  EXPECT_EQ(error("    case {\"a\" \"b\": a, r\"ab\": b}: pass\n"), duplicate("'ab'"));
  EXPECT_EQ(error("    case {\"it's\": a, \"it\\x27s\": b}: pass\n"), duplicate("\"it's\""));
  EXPECT_EQ(error("    case {\"\\t\\xe9\\xa0\": a, \"\\t\\xe9\\xa0\": b}: pass\n"), duplicate("'\\t\u00e9\\xa0'"));
  EXPECT_EQ(error("    case {b\"\\xff\": a, b\"\\xff\": b}: pass\n"), duplicate("b'\\xff'"));
  EXPECT_EQ(error("    case {None: a, None: b}: pass\n"), duplicate("None"));
  EXPECT_TRUE(error("    case {b\"a\": a, \"a\": b, 1: c, 1.5: d, a.b: e, a.b: f}: pass\n").empty());
  EXPECT_EQ(error("    case {\"a\": 1, f\"b\": 2, \"a\": 3}: pass\n"),
            std::vector<std::string>{"2:10: mapping pattern keys may only match literals and attribute lookups"});
  EXPECT_EQ(error("    case \"a\" f\"b\": pass\n"),
            std::vector<std::string>{"2:10: patterns may only match literals and attribute lookups"});
  EXPECT_EQ(error("    case P(x=1, y=2, x=[3]): pass\n"),
            std::vector<std::string>{"2:24: attribute name repeated in class pattern: x"});
  EXPECT_EQ(error("    case P(a, a, x=1, x=2): pass\n"),
            std::vector<std::string>{"2:25: attribute name repeated in class pattern: x"});
  EXPECT_EQ(error("    case P(__debug__=1): pass\n"), std::vector<std::string>{"2:22: cannot assign to __debug__"});
  EXPECT_EQ(error("    case [*a, *b]: pass\n"), std::vector<std::string>{"2:10: multiple starred names in sequence pattern"});
  EXPECT_EQ(error("    case 1, (*_, *_): pass\n"), std::vector<std::string>{"2:13: multiple starred names in sequence pattern"});
  EXPECT_EQ(error("    case [a, a, [*b, *c]]: pass\n"),
            std::vector<std::string>{"2:14: multiple assignments to name 'a' in pattern"});
  EXPECT_EQ(error("    case [[a, a], *b, *c]: pass\n"),
            std::vector<std::string>{"2:10: multiple starred names in sequence pattern"});
  EXPECT_EQ(error("    case [1, 2] as __debug__: pass\n"), std::vector<std::string>{"2:14: cannot assign to __debug__"});
  EXPECT_EQ(error("    case {**__debug__}: pass\n"), std::vector<std::string>{"2:10: cannot assign to __debug__"});
}
