// Function definitions, their parameters, and annotations (which reach the
// converter as regions masked out of the parsed text; see annotations.h).
#include <algorithm>

#include "frontend/converter.h"

namespace py2cuda::frontend::detail {

using cst::Kind;

namespace {

void extend_to(Span& s, const Span& e) {
  if (e.end_line > s.end_line || (e.end_line == s.end_line && e.end_col > s.end_col)) {
    s.end_line = e.end_line;
    s.end_col = e.end_col;
  }
}

}  // namespace

ast::StmtPtr Converter::function_def(TSNode n, std::vector<ast::ExprPtr> decorators) {
  const cst::Fields& F = cst::fields();
  // The span starts at `def` (or `async`), never at the decorators.
  auto f = std::make_unique<ast::FunctionDef>(span(n));
  TSNode name = field(n, F.name);
  f->name = std::string(text(name));
  f->name_span = ts_node_is_null(name) ? span(n) : span(name);
  f->decorators = std::move(decorators);
  f->is_async = has_token(n, "async");
  TSNode params = field(n, F.parameters);
  if (!ts_node_is_null(params)) parameters(params, f->params);
  TSNode ret = field(n, F.return_type);
  if (!ts_node_is_null(ret)) {
    f->returns = expr(ret);
  } else if (!ts_node_is_null(params)) {
    if (const AnnotationRegion* r = annotation_after(ts_node_end_byte(params), AnnotationRegion::Kind::Return))
      f->returns = annotation(*r);
  }
  // A parameter or local named `map` shadows the builtin in this function (and those nested in it).
  const bool outer_map_named = map_named_;
  map_named_ = map_named_ || names_map_otherwise(n);
  f->body = block(field(n, F.body), "function definition", n);
  map_named_ = outer_map_named;
  return f;
}

void Converter::parameters(TSNode n, std::vector<ast::Param>& out) {
  const cst::Fields& F = cst::fields();
  bool keyword_only = false;  // after `*` or `*args`
  for (TSNode c : named_children(n)) {
    ast::Param p;
    p.span = span(c);
    TSNode name{}, type{};
    switch (cst::kind(c)) {
      case Kind::Identifier:
      case Kind::ListSplatPattern:
      case Kind::DictionarySplatPattern: name = c; break;
      case Kind::TypedParameter: {  // only where the pre-scan did not mask the annotation
        std::vector<TSNode> inner = named_children(c);
        if (!inner.empty()) name = inner[0];
        type = field(c, F.type);
        break;
      }
      case Kind::DefaultParameter:
      case Kind::TypedDefaultParameter:
        name = field(c, F.name);
        type = field(c, F.type);
        p.default_value = expr(field(c, F.value));
        break;
      case Kind::KeywordSeparator: keyword_only = true; continue;
      case Kind::PositionalSeparator: continue;
      case Kind::TuplePattern:
        ctx_.diags.error(span(c), "invalid syntax: tuple parameters are not allowed in Python 3");
        continue;
      default: continue;
    }
    if (ts_node_is_null(name)) continue;
    Kind nk = cst::kind(name);
    if (nk == Kind::ListSplatPattern || nk == Kind::DictionarySplatPattern) {
      p.kind = nk == Kind::ListSplatPattern ? ast::Param::Kind::VarArgs : ast::Param::Kind::KwArgs;
      std::vector<TSNode> inner = named_children(name);
      if (inner.empty()) continue;
      name = inner[0];
    } else if (keyword_only) {
      p.kind = ast::Param::Kind::KeywordOnly;
    }
    p.name = std::string(text(name));
    if (!ts_node_is_null(type)) {
      p.annotation = expr(type);
    } else if (const AnnotationRegion* r = annotation_after(ts_node_end_byte(name), AnnotationRegion::Kind::Param)) {
      p.annotation = annotation(*r);
    }
    if (p.annotation) extend_to(p.span, p.annotation->span);
    if (p.kind == ast::Param::Kind::VarArgs) keyword_only = true;
    out.push_back(std::move(p));
  }
}

const AnnotationRegion* Converter::annotation_after(uint32_t after, AnnotationRegion::Kind kind) const {
  if (!annotations_) return nullptr;
  auto it = std::lower_bound(annotations_->begin(), annotations_->end(), after,
                             [](const AnnotationRegion& r, uint32_t b) { return r.begin < b; });
  if (it == annotations_->end() || it->kind != kind || it->begin > text_.size()) return nullptr;
  for (uint32_t i = after; i < it->begin; ++i) {
    char c = text_[i];
    if (c != ' ' && c != '\t' && c != '\f' && c != '\\' && c != '\r' && c != '\n') return nullptr;
  }
  return &*it;
}

ast::ExprPtr Converter::annotation(const AnnotationRegion& r) {
  std::string_view t = text_.substr(r.text_begin, r.end - r.text_begin);
  SpanMap at = map_.at(point_at(r.text_begin));
  SingleExpr e = parse_single_expression(ctx_, t, at, /*report=*/true);
  if (e.expr) return std::move(e.expr);
  Span sp = map_.span(point_at(r.text_begin), point_at(r.end));
  if (!e.reported) ctx_.diags.error(sp, "invalid annotation: " + e.problem);
  return std::make_unique<ast::UnsupportedExpr>(sp, "invalid annotation");
}

TSPoint Converter::point_at(uint32_t byte) {
  if (line_starts_.empty()) {
    line_starts_.push_back(0);
    for (size_t i = 0; i < text_.size(); ++i)
      if (text_[i] == '\n') line_starts_.push_back(static_cast<uint32_t>(i + 1));
  }
  auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), byte) - 1;
  return {static_cast<uint32_t>(it - line_starts_.begin()), byte - *it};
}

}  // namespace py2cuda::frontend::detail
