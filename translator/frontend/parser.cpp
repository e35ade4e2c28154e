// Entry points of the front end: mask annotations, run tree-sitter, convert,
// report syntax errors.
#include "frontend/parser.h"

#include <cstdint>

#include "frontend/annotations.h"
#include "frontend/converter.h"
#include "frontend/literals.h"
#include "frontend/python_syntax.h"
#include "frontend/source_checks.h"
#include "frontend/symbol_table.h"
#include "frontend/syntax_errors.h"

namespace py2cuda::frontend {

namespace detail {

Span SpanMap::span(TSPoint a, TSPoint b) const {
  if (fixed) return anchor;
  auto line = [&](TSPoint p) { return row0 + p.row + 1; };
  auto col = [&](TSPoint p) { return (p.row == 0 ? col0 : 0) + p.column + 1; };
  return {line(a), col(a), line(b), col(b)};
}

SpanMap SpanMap::at(TSPoint p) const {
  SpanMap m = *this;
  if (!fixed) {
    m.row0 = row0 + p.row;
    m.col0 = (p.row == 0 ? col0 : 0) + p.column;
  }
  return m;
}

void report_syntax_errors(Context& ctx, const SpanMap& map, const std::vector<SyntaxError>& errors) {
  for (size_t i = 0; i < errors.size() && i < kMaxSyntaxErrors; ++i)
    ctx.diags.error(map.span(errors[i].start, errors[i].end), errors[i].message);
  if (errors.size() > kMaxSyntaxErrors) {
    const SyntaxError& next = errors[kMaxSyntaxErrors];
    ctx.diags.error(map.span(next.start, next.start), "too many syntax errors; the rest are not shown");
  }
}

SingleExpr parse_single_expression(Context& ctx, std::string_view text, const SpanMap& map, bool report) {
  SingleExpr out;
  cst::Tree tree = ctx.parser.parse(text);
  if (!tree) {
    out.problem = "the parser failed";
    return out;
  }
  TSNode root = tree.root();
  std::vector<SyntaxError> errors = find_syntax_errors(root, text, kMaxSyntaxErrors + 1);
  if (!errors.empty()) {
    out.problem = errors.front().message;
    if (report) {
      report_syntax_errors(ctx, map, errors);
      out.reported = true;
    }
    return out;
  }
  Converter conv(ctx, text, map, nullptr);
  cst::ChildWalker walker;
  std::vector<TSNode> stmts;
  for (const cst::Child& c : walker.children(root))
    if (ts_node_is_named(c.node)) stmts.push_back(c.node);
  if (stmts.empty()) {
    out.problem = "no expression";
    return out;
  }
  if (stmts.size() > 1) {
    // `void(int32) int64` comes out of tree-sitter as two statements.
    uint32_t from = ts_node_end_byte(stmts[0]), to = ts_node_start_byte(stmts[1]);
    std::string_view between = text.substr(from, to - from);
    if (between.find_first_of(";\n") == std::string_view::npos) {
      std::string_view next = cst::text_of(stmts[1], text);
      out.problem = "invalid syntax near '" + printable(next.substr(0, next.find_first_of("\r\n"))) + "'";
    } else {
      out.problem = "more than one statement";
    }
    return out;
  }
  if (cst::kind(stmts[0]) != cst::Kind::ExpressionStatement) {
    out.problem = "not an expression";
    return out;
  }
  std::vector<TSNode> parts;
  for (const cst::Child& c : walker.children(stmts[0]))
    if (ts_node_is_named(c.node)) parts.push_back(c.node);
  for (TSNode p : parts) {
    cst::Kind k = cst::kind(p);
    if (k == cst::Kind::Assignment || k == cst::Kind::AugmentedAssignment) {
      out.problem = "not an expression";
      return out;
    }
  }
  if (parts.size() == 1) {
    out.expr = conv.expr(parts[0]);
  } else {  // "a, b" is a tuple, as for Python's eval
    auto t = std::make_unique<ast::TupleExpr>(map.span(stmts[0]));
    for (TSNode p : parts) t->elts.push_back(conv.expr(p));
    out.expr = std::move(t);
  }
  return out;
}

Converter::Converter(Context& ctx, std::string_view text, SpanMap map,
                     const std::vector<AnnotationRegion>* annotations)
    : ctx_(ctx), text_(text), map_(map), annotations_(annotations) {}

}  // namespace detail

namespace {

Span span_of_byte(std::string_view src, size_t offset) {
  uint32_t line = 1;
  size_t line_start = 0;
  for (size_t i = 0; i < offset && i < src.size(); ++i) {
    if (src[i] == '\n') {
      ++line;
      line_start = i + 1;
    }
  }
  auto col = static_cast<uint32_t>(offset - line_start + 1);
  return {line, col, line, col + 1};
}

}  // namespace

ast::Module parse_module(const SourceFile& file, Diagnostics& diags) {
  ast::Module module;
  const std::string& src = file.text();
  // tree-sitter addresses bytes with 32 bits.
  if (src.size() >= UINT32_MAX / 2) {
    diags.error(Span{1, 1, 1, 1}, "file too large to parse");
    return module;
  }
  if (std::optional<ByteProblem> bad = check_source_bytes(src)) {
    diags.error(span_of_byte(src, bad->offset), bad->message);
    return module;
  }
  detail::Context ctx(diags);
  std::vector<AnnotationRegion> annotations = find_annotations(src);
  std::string masked;
  std::string_view parsed = src;
  if (!annotations.empty()) {
    masked = mask_annotations(src, annotations);
    parsed = masked;
  }
  cst::Tree tree = ctx.parser.parse(parsed);
  if (!tree) {
    diags.error(Span{1, 1, 1, 1}, "internal error: tree-sitter could not parse the file");
    return module;
  }
  detail::SpanMap map;
  // CPython's error, where it has one, rather than tree-sitter's recovery
  // (which accepts a lost indent, and places most errors far from the slip).
  std::optional<PythonSyntaxError> python_error = find_python_syntax_error(src);
  if ((!python_error || python_error->compiler) && !ts_node_has_error(tree.root())) {
    if (std::optional<SyntaxError> e = find_symbol_table_error(tree.root(), src, annotations))
      python_error = PythonSyntaxError{*e, true, true};
  }
  if (python_error && (python_error->certain || ts_node_has_error(tree.root()))) {
    detail::report_syntax_errors(ctx, map, {python_error->error});
    return module;
  }
  // Node texts are read from the original: masking changes no byte offsets.
  detail::Converter conv(ctx, src, map, &annotations);
  module.body = conv.module(tree.root());
  detail::report_syntax_errors(ctx, map, find_syntax_errors(tree.root(), src, detail::kMaxSyntaxErrors + 1));
  return module;
}

ast::ExprPtr parse_expression(const std::string& text, Span anchor, Diagnostics& diags) {
  auto fail = [&](const std::string& why) -> ast::ExprPtr {
    diags.error(anchor, "invalid signature string '" + printable(text, 80) + "': " + why);
    return nullptr;
  };
  // Like Python's eval, ignore surrounding blanks and line breaks.
  std::string_view t = text;
  size_t first = t.find_first_not_of(" \t\r\n\f");
  if (first == std::string_view::npos) return fail("empty");
  t = t.substr(first, t.find_last_not_of(" \t\r\n\f") - first + 1);
  if (t.size() >= UINT32_MAX / 2) return fail("too long");

  detail::Context ctx(diags);
  detail::SpanMap map;
  map.fixed = true;
  map.anchor = anchor;
  detail::SingleExpr e = detail::parse_single_expression(ctx, t, map, /*report=*/false);
  if (!e.expr) return fail(e.problem);
  return std::move(e.expr);
}

}  // namespace py2cuda::frontend
