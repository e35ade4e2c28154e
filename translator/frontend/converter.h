// The tree-sitter CST -> py2cuda AST conversion (internal to the front end).
// convert_expr.cpp, convert_stmt.cpp and convert_params.cpp implement it.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "diag/diagnostics.h"
#include "frontend/annotations.h"
#include "frontend/ast.h"
#include "frontend/cst.h"
#include "frontend/syntax_errors.h"

namespace py2cuda::frontend::detail {

// Deeper than this the AST is not built: the stack would be at risk in the
// conversion here and in every later recursive pass over the tree.
inline constexpr int kMaxDepth = 500;
// More syntax errors than this in one text are not worth listing.
inline constexpr size_t kMaxSyntaxErrors = 100;

// Maps tree-sitter points of one parsed text to spans in the file: the text
// either starts at a known file position (the module, an annotation cut out
// of it) or has no position of its own (a signature string: every span is
// the anchor).
struct SpanMap {
  uint32_t row0 = 0;  // 0-based file position of the text's first byte
  uint32_t col0 = 0;
  bool fixed = false;
  Span anchor;

  Span span(TSPoint a, TSPoint b) const;
  Span span(TSNode n) const {
    if (ts_node_is_null(n)) return fixed ? anchor : Span{};
    return span(ts_node_start_point(n), ts_node_end_point(n));
  }
  // The map for a piece of this text that starts at `p`.
  SpanMap at(TSPoint p) const;
};

// State shared by the converters of one parse_module/parse_expression call.
struct Context {
  explicit Context(Diagnostics& d) : diags(d) {}
  Diagnostics& diags;
  cst::Parser parser;
  int depth = 0;
  bool reported_depth = false;
};

// Reports `errors` of a text mapped by `map`; adds a closing note when the
// list was cut at kMaxSyntaxErrors.
void report_syntax_errors(Context& ctx, const SpanMap& map, const std::vector<SyntaxError>& errors);

// The outcome of parsing a text as one expression.
struct SingleExpr {
  ast::ExprPtr expr;    // null on failure
  std::string problem;  // why not, when null: "invalid syntax near 'x'", "not an expression", ...
  bool reported = false;  // the problem is already in the diagnostics
};

// Parses `text` on its own as a single expression. With `report`, its syntax
// errors go to the diagnostics (mapped by `map`); either way the first
// problem is returned.
SingleExpr parse_single_expression(Context& ctx, std::string_view text, const SpanMap& map, bool report);

// `+=` -> Add, ..., or nothing for a token that is no augmented operator.
std::optional<BinOp> augmented_binop(std::string_view token);

class Converter {
 public:
  // `text` is the text the tree's byte offsets refer to: for a module the
  // original source (tree-sitter parsed a copy with annotations masked, at
  // the same offsets); `annotations` (may be null) are those masked regions.
  Converter(Context& ctx, std::string_view text, SpanMap map, const std::vector<AnnotationRegion>* annotations);

  ast::Block module(TSNode root);
  ast::ExprPtr expr(TSNode n);

 private:
  // ---- expressions (convert_expr.cpp)
  ast::ExprPtr expr_unguarded(TSNode n);
  // expr(n), or an "invalid syntax" placeholder at `parent` where error
  // recovery left a required part out.
  ast::ExprPtr expr_or_error(TSNode n, TSNode parent);
  ast::ExprPtr unsupported(TSNode n, std::string what);
  ast::ExprPtr integer(TSNode n);
  ast::ExprPtr floating(TSNode n);
  ast::ExprPtr string(TSNode n);
  ast::ExprPtr fstring(TSNode n, const std::vector<TSNode>& pieces);
  ast::ExprPtr comprehension(TSNode n, bool is_list, bool is_dict = false);
  ast::ExprPtr attribute(TSNode n);
  ast::ExprPtr subscript(TSNode n);
  ast::ExprPtr slice(TSNode n);
  ast::ExprPtr call(TSNode n);
  ast::ExprPtr binary(TSNode n);
  ast::ExprPtr unary(TSNode n);
  ast::ExprPtr boolean(TSNode n);
  ast::ExprPtr compare(TSNode n);
  ast::ExprPtr conditional(TSNode n);
  ast::ExprPtr sequence(TSNode n, bool is_list);
  ast::ExprPtr set_of(TSNode n, ast::ExprPtr items);
  ast::ExprPtr dictionary(TSNode n);
  ast::ExprPtr parenthesized(TSNode n);
  ast::ExprPtr type_node(TSNode n);
  ast::ExprPtr map_as_generator(std::unique_ptr<ast::Call> c) const;
  bool names_map_otherwise(TSNode root);

  // ---- statements (convert_stmt.cpp)
  void statements(TSNode container, ast::Block& out, bool is_module);
  void check_indent(TSNode stmt, bool is_module, std::string& reference, bool& have_reference);
  void check_separated(TSNode previous, TSNode stmt);
  ast::Block block(TSNode block, const std::string& after_what, TSNode header);
  ast::StmtPtr stmt(TSNode n);
  ast::StmtPtr stmt_unguarded(TSNode n);
  ast::StmtPtr expression_statement(TSNode n);
  ast::StmtPtr assignment(TSNode n, Span span);
  ast::StmtPtr aug_assignment(TSNode n, Span span);
  ast::StmtPtr if_statement(TSNode n);
  ast::StmtPtr for_statement(TSNode n);
  ast::StmtPtr while_statement(TSNode n);
  ast::StmtPtr return_statement(TSNode n);
  ast::StmtPtr import_statement(TSNode n);
  ast::StmtPtr import_from(TSNode n, bool future);
  ast::StmtPtr global_statement(TSNode n);
  ast::StmtPtr assert_statement(TSNode n);
  ast::StmtPtr raise_statement(TSNode n);
  ast::StmtPtr with_statement(TSNode n);
  ast::StmtPtr try_statement(TSNode n);
  ast::StmtPtr delete_statement(TSNode n);
  ast::StmtPtr decorated(TSNode n);
  ast::StmtPtr unsupported_stmt(TSNode n, std::string what, std::string hint);
  void collect_bodies(TSNode n, ast::Block& out);
  ast::ImportAlias import_alias(TSNode n);

  // ---- definitions, parameters, annotations (convert_params.cpp)
  ast::StmtPtr function_def(TSNode n, std::vector<ast::ExprPtr> decorators);
  ast::StmtPtr class_def(TSNode n, std::vector<ast::ExprPtr> decorators);
  void parameters(TSNode n, std::vector<ast::Param>& out);
  ast::ExprPtr lambda(TSNode n);  // convert_expr.cpp
  // The masked annotation right after byte `after` (only blanks between).
  const AnnotationRegion* annotation_after(uint32_t after, AnnotationRegion::Kind kind) const;
  ast::ExprPtr annotation(const AnnotationRegion& r);
  TSPoint point_at(uint32_t byte);

  // ---- helpers
  std::vector<cst::Child> children(TSNode n) { return walker_.children(n); }
  std::vector<TSNode> named_children(TSNode n);
  TSNode field(TSNode n, TSFieldId f) { return ts_node_is_null(n) ? n : ts_node_child_by_field_id(n, f); }
  std::string_view text(TSNode n) const { return cst::text_of(n, text_); }
  Span span(TSNode n) const { return map_.span(n); }
  bool has_token(TSNode n, std::string_view token);

  Context& ctx_;
  std::string_view text_;
  SpanMap map_;
  const std::vector<AnnotationRegion>* annotations_;
  std::vector<uint32_t> line_starts_;  // built on first use by point_at
  cst::ChildWalker walker_;
  uint32_t last_indent_width_ = 0;  // of the last statement that began a line
  // The module names `map` other than as a call's function (def map, map = ..., a parameter):
  // then `map(f, xs)` may be the program's own and is not rewritten as the builtin's generator.
  bool map_named_ = false;
};

// RAII depth counter for the recursive conversion.
class DepthGuard {
 public:
  explicit DepthGuard(Context& ctx) : ctx_(ctx) { ++ctx_.depth; }
  ~DepthGuard() { --ctx_.depth; }
  DepthGuard(const DepthGuard&) = delete;
  DepthGuard& operator=(const DepthGuard&) = delete;
  bool too_deep() const { return ctx_.depth > kMaxDepth; }

 private:
  Context& ctx_;
};

}  // namespace py2cuda::frontend::detail
