// Statements: tree-sitter-python statement nodes -> ast::Stmt, with the
// indentation checks that tree-sitter's error recovery lets through.
#include "frontend/converter.h"
#include "frontend/literals.h"

namespace py2cuda::frontend::detail {

using cst::Kind;

namespace {

template <class T, class... Args>
std::unique_ptr<T> make(Args&&... args) {
  return std::make_unique<T>(std::forward<Args>(args)...);
}

// Visual width of leading whitespace, tabs to multiples of 8 (Python's rule).
uint32_t indent_width(std::string_view lead) {
  uint32_t w = 0;
  for (char c : lead) w = c == '\t' ? (w / 8 + 1) * 8 : w + 1;
  return w;
}

Span start_of(Span s) { return {s.line, s.col, s.line, s.col}; }

bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

// Statements are what blocks hold; a bare identifier or operator among a
// block's children is what error recovery left behind.
bool is_statement(TSNode n) {
  switch (cst::kind(n)) {
    case Kind::ExpressionStatement:
    case Kind::FunctionDefinition:
    case Kind::DecoratedDefinition:
    case Kind::ClassDefinition: return true;
    default: {
      std::string_view type = ts_node_type(n);
      return ends_with(type, "_statement");
    }
  }
}

// Dotted names are rebuilt from their identifiers: `import a . b` is legal.
std::string dotted(TSNode n, std::string_view text) {
  if (cst::kind(n) != Kind::DottedName) return std::string(cst::text_of(n, text));
  std::string out;
  uint32_t count = ts_node_named_child_count(n);
  for (uint32_t i = 0; i < count; ++i) {
    TSNode part = ts_node_named_child(n, i);
    if (cst::kind(part) != Kind::Identifier) continue;
    if (!out.empty()) out += '.';
    out += cst::text_of(part, text);
  }
  return out;
}

}  // namespace

ast::Block Converter::module(TSNode root) {
  ast::Block out;
  map_named_ = names_map_otherwise(root);
  statements(root, out, /*is_module=*/true);
  return out;
}

void Converter::statements(TSNode container, ast::Block& out, bool is_module) {
  std::string reference;
  bool have_reference = false;
  TSNode previous{};
  for (TSNode c : named_children(container)) {
    if (!is_statement(c)) continue;  // debris of error recovery, reported as a syntax error
    check_indent(c, is_module, reference, have_reference);
    if (!ts_node_is_null(previous)) check_separated(previous, c);
    previous = c;
    if (ast::StmtPtr s = stmt(c)) out.push_back(std::move(s));
  }
}

// Two statements on one line need a `;` between them; tree-sitter sometimes
// accepts `f(x) y` as two statements without complaint.
void Converter::check_separated(TSNode previous, TSNode stmt) {
  if (ts_node_end_point(previous).row != ts_node_start_point(stmt).row) return;
  uint32_t from = ts_node_end_byte(previous), to = ts_node_start_byte(stmt);
  if (to > text_.size() || from > to || text_.substr(from, to - from).find(';') != std::string_view::npos) return;
  std::string_view t = text(stmt);
  t = t.substr(0, t.find_first_of("\r\n"));
  ctx_.diags.error(start_of(span(stmt)), "invalid syntax near '" + printable(t) + "'");
}

// tree-sitter accepts some layouts Python rejects: an indented statement at
// module level, a statement indented deeper than its block's first one, and
// tabs where the block's first statement has spaces. Only statements that
// begin a line (not after `;` or a compound header's `:`) are checked.
void Converter::check_indent(TSNode stmt, bool is_module, std::string& reference, bool& have_reference) {
  uint32_t begin = ts_node_start_byte(stmt);
  if (begin > text_.size()) return;
  size_t line_start = begin;
  while (line_start > 0 && text_[line_start - 1] != '\n') --line_start;
  std::string_view lead = text_.substr(line_start, begin - line_start);
  if (lead.find_first_not_of(" \t\f") != std::string_view::npos) return;
  if (line_start >= 2) {  // a backslash continuation: not a new line for Python
    size_t k = line_start - 2;
    if (text_[k] == '\r' && k > 0) --k;
    if (text_[k] == '\\') return;
  }
  uint32_t width = indent_width(lead);
  if (!is_module && !have_reference) {
    reference = std::string(lead);
    have_reference = true;
    last_indent_width_ = width;
    return;
  }
  std::string_view expected = is_module ? std::string_view() : std::string_view(reference);
  if (lead != expected) {
    uint32_t expected_width = indent_width(expected);
    const char* message = width == expected_width ? "inconsistent use of tabs and spaces in indentation"
                          : width < expected_width || last_indent_width_ > width
                              ? "unindent does not match any outer indentation level"
                              : "unexpected indent";
    ctx_.diags.error(start_of(span(stmt)), message);
  }
  last_indent_width_ = width;
}

// A compound statement's body. tree-sitter gives a header without an
// indented body an empty block and no error; Python rejects it.
ast::Block Converter::block(TSNode b, const std::string& after_what, TSNode header) {
  ast::Block out;
  if (ts_node_is_null(b)) return out;
  if (children(b).empty()) {
    ctx_.diags.error(start_of(span(b)), "expected an indented block after " + after_what + " on line " +
                                            std::to_string(span(header).line));
    return out;
  }
  statements(b, out, /*is_module=*/false);
  return out;
}

ast::StmtPtr Converter::stmt(TSNode n) {
  DepthGuard guard(ctx_);
  if (guard.too_deep()) {
    if (!ctx_.reported_depth) {
      ctx_.reported_depth = true;
      ctx_.diags.error(span(n), "statements nested too deeply");
    }
    return make<ast::UnsupportedStmt>(span(n), "statements nested too deeply");
  }
  return stmt_unguarded(n);
}

ast::StmtPtr Converter::stmt_unguarded(TSNode n) {
  Span sp = span(n);
  switch (cst::kind(n)) {
    case Kind::ExpressionStatement: return expression_statement(n);
    case Kind::IfStatement: return if_statement(n);
    case Kind::ForStatement: return for_statement(n);
    case Kind::WhileStatement: return while_statement(n);
    case Kind::BreakStatement: return make<ast::Break>(sp);
    case Kind::ContinueStatement: return make<ast::Continue>(sp);
    case Kind::PassStatement: return make<ast::Pass>(sp);
    case Kind::ReturnStatement: return return_statement(n);
    case Kind::FunctionDefinition: return function_def(n, {});
    case Kind::DecoratedDefinition: return decorated(n);
    case Kind::ImportStatement: return import_statement(n);
    case Kind::ImportFromStatement: return import_from(n, false);
    case Kind::FutureImportStatement: return import_from(n, true);
    case Kind::GlobalStatement: return global_statement(n);
    case Kind::AssertStatement: return assert_statement(n);
    case Kind::RaiseStatement: return raise_statement(n);
    case Kind::ClassDefinition: return class_def(n, {});
    case Kind::TryStatement: return try_statement(n);
    case Kind::WithStatement:
      if (has_token(n, "async")) return unsupported_stmt(n, "async with statement", "");
      return with_statement(n);
    case Kind::DeleteStatement: return delete_statement(n);
    case Kind::NonlocalStatement: return unsupported_stmt(n, "nonlocal statement", "");
    case Kind::MatchStatement: return unsupported_stmt(n, "match statement", "use an if/elif chain");
    case Kind::TypeAliasStatement: return unsupported_stmt(n, "type alias statement", "");
    case Kind::PrintStatement:
      ctx_.diags.error(sp, "missing parentheses in call to 'print'; did you mean print(...)?");
      return unsupported_stmt(n, "print statement", "use print(...)");
    case Kind::ExecStatement:
      ctx_.diags.error(sp, "missing parentheses in call to 'exec'");
      return unsupported_stmt(n, "exec statement", "");
    default: return unsupported_stmt(n, ts_node_type(n), "");
  }
}

// The bodies of an unsupported compound statement (class, try with its
// handlers, with, match cases, async for) are kept in source order, so that
// module-level scans still see e.g. imports inside `try:`.
ast::StmtPtr Converter::unsupported_stmt(TSNode n, std::string what, std::string hint) {
  auto s = make<ast::UnsupportedStmt>(span(n), std::move(what));
  s->hint = std::move(hint);
  collect_bodies(n, s->body);
  return s;
}

void Converter::collect_bodies(TSNode n, ast::Block& out) {
  for (TSNode c : named_children(n)) {
    switch (cst::kind(c)) {
      case Kind::Block: {
        std::vector<TSNode> inner = named_children(c);
        if (!inner.empty() && cst::kind(inner[0]) == Kind::CaseClause) {
          collect_bodies(c, out);  // a match statement's block of case clauses
        } else {
          statements(c, out, /*is_module=*/false);
        }
        break;
      }
      case Kind::ExceptClause:
      case Kind::ExceptGroupClause:
      case Kind::FinallyClause:
      case Kind::ElseClause:
      case Kind::ElifClause:
      case Kind::CaseClause: collect_bodies(c, out); break;
      default: break;
    }
  }
}

ast::StmtPtr Converter::expression_statement(TSNode n) {
  std::vector<TSNode> kids = named_children(n);
  if (kids.empty()) return nullptr;  // error recovery left nothing
  if (kids.size() == 1) {
    Kind k = cst::kind(kids[0]);
    if (k == Kind::Assignment) return assignment(kids[0], span(n));
    if (k == Kind::AugmentedAssignment) return aug_assignment(kids[0], span(n));
  }
  ast::ExprPtr value;
  if (kids.size() == 1) {
    value = expr(kids[0]);
  } else {  // `1, 2` as a statement
    auto t = make<ast::TupleExpr>(span(n));
    for (TSNode k : kids) t->elts.push_back(expr(k));
    value = std::move(t);
  }
  if (const AnnotationRegion* r = annotation_after(ts_node_end_byte(n), AnnotationRegion::Kind::Variable)) {
    auto a = make<ast::AnnAssign>(span(n));  // `x: T` without a value
    a->target = std::move(value);
    a->annotation = annotation(*r);
    a->span.end_line = a->annotation->span.end_line;
    a->span.end_col = a->annotation->span.end_col;
    return a;
  }
  return make<ast::ExprStmt>(span(n), std::move(value));
}

ast::StmtPtr Converter::assignment(TSNode n, Span sp) {
  const cst::Fields& F = cst::fields();
  TSNode left = field(n, F.left), right = field(n, F.right), type = field(n, F.type);
  const AnnotationRegion* region =
      ts_node_is_null(left) ? nullptr : annotation_after(ts_node_end_byte(left), AnnotationRegion::Kind::Variable);
  if (!ts_node_is_null(type) || region) {
    auto a = make<ast::AnnAssign>(sp);
    a->target = expr_or_error(left, n);
    a->annotation = region ? annotation(*region) : expr(type);
    a->value = expr(right);
    return a;
  }
  // `a = b = value` nests in the CST as a = (b = value).
  auto a = make<ast::Assign>(sp);
  a->targets.push_back(expr_or_error(left, n));
  TSNode value = right;
  while (!ts_node_is_null(value) && cst::kind(value) == Kind::Assignment) {
    a->targets.push_back(expr_or_error(field(value, F.left), value));
    value = field(value, F.right);
  }
  a->value = expr_or_error(value, n);
  return a;
}

ast::StmtPtr Converter::aug_assignment(TSNode n, Span sp) {
  const cst::Fields& F = cst::fields();
  TSNode op = field(n, F.operator_);
  std::optional<BinOp> b = ts_node_is_null(op) ? std::nullopt : augmented_binop(ts_node_type(op));
  if (!b) return unsupported_stmt(n, "invalid syntax", "");
  auto a = make<ast::AugAssign>(sp, *b);
  a->target = expr_or_error(field(n, F.left), n);
  a->value = expr_or_error(field(n, F.right), n);
  return a;
}

// elif chains become Ifs nested in orelse, each flagged orelse_is_elif.
ast::StmtPtr Converter::if_statement(TSNode n) {
  const cst::Fields& F = cst::fields();
  auto top = make<ast::If>(span(n));
  top->test = expr_or_error(field(n, F.condition), n);
  top->body = block(field(n, F.consequence), "'if' statement", n);
  ast::If* cur = top.get();
  for (const cst::Child& c : children(n)) {
    if (c.field != F.alternative) continue;
    if (cst::kind(c.node) == Kind::ElifClause) {
      auto e = make<ast::If>(span(c.node));
      e->test = expr_or_error(field(c.node, F.condition), c.node);
      e->body = block(field(c.node, F.consequence), "'elif' statement", c.node);
      ast::If* next = e.get();
      cur->orelse.push_back(std::move(e));
      cur->orelse_is_elif = true;
      cur = next;
    } else if (cst::kind(c.node) == Kind::ElseClause) {
      cur->orelse = block(field(c.node, F.body), "'else' statement", c.node);
    }
  }
  return top;
}

ast::StmtPtr Converter::for_statement(TSNode n) {
  const cst::Fields& F = cst::fields();
  if (has_token(n, "async")) return unsupported_stmt(n, "async for", "");
  auto f = make<ast::For>(span(n));
  f->target = expr_or_error(field(n, F.left), n);
  f->iter = expr_or_error(field(n, F.right), n);
  f->body = block(field(n, F.body), "'for' statement", n);
  TSNode alt = field(n, F.alternative);
  if (!ts_node_is_null(alt)) f->orelse = block(field(alt, F.body), "'else' statement", alt);
  return f;
}

ast::StmtPtr Converter::while_statement(TSNode n) {
  const cst::Fields& F = cst::fields();
  auto w = make<ast::While>(span(n));
  w->test = expr_or_error(field(n, F.condition), n);
  w->body = block(field(n, F.body), "'while' statement", n);
  TSNode alt = field(n, F.alternative);
  if (!ts_node_is_null(alt)) w->orelse = block(field(alt, F.body), "'else' statement", alt);
  return w;
}

ast::StmtPtr Converter::return_statement(TSNode n) {
  auto r = make<ast::Return>(span(n));
  std::vector<TSNode> kids = named_children(n);
  if (!kids.empty()) r->value = expr(kids[0]);
  return r;
}

ast::StmtPtr Converter::decorated(TSNode n) {
  const cst::Fields& F = cst::fields();
  std::vector<ast::ExprPtr> decorators;
  for (TSNode c : named_children(n)) {
    if (cst::kind(c) != Kind::Decorator) continue;
    std::vector<TSNode> inner = named_children(c);
    decorators.push_back(expr_or_error(inner.empty() ? TSNode{} : inner[0], c));
  }
  TSNode def = field(n, F.definition);
  if (ts_node_is_null(def)) return nullptr;
  if (cst::kind(def) == Kind::FunctionDefinition) return function_def(def, std::move(decorators));
  if (cst::kind(def) == Kind::ClassDefinition) return class_def(def, std::move(decorators));
  return stmt(def);
}

ast::StmtPtr Converter::class_def(TSNode n, std::vector<ast::ExprPtr> decorators) {
  const cst::Fields& F = cst::fields();
  auto c = make<ast::ClassDef>(span(n));
  c->hint = "classes cannot be used in kernels; pass arrays and scalars, and use device functions";
  TSNode name = field(n, F.name);
  c->name = std::string(text(name));
  c->name_span = span(name);
  c->decorators = std::move(decorators);
  for (TSNode k : named_children(n)) {
    if (cst::kind(k) != Kind::ArgumentList) continue;
    for (TSNode a : named_children(k)) {
      if (cst::kind(a) == Kind::KeywordArgument) c->has_class_keywords = true;
      else c->bases.push_back(expr_or_error(a, k));
    }
  }
  collect_bodies(n, c->body);
  return c;
}

ast::ImportAlias Converter::import_alias(TSNode n) {
  const cst::Fields& F = cst::fields();
  ast::ImportAlias a;
  a.span = span(n);
  if (cst::kind(n) == Kind::AliasedImport) {
    a.name = dotted(field(n, F.name), text_);
    a.asname = std::string(text(field(n, F.alias)));
  } else {
    a.name = dotted(n, text_);
  }
  return a;
}

ast::StmtPtr Converter::import_statement(TSNode n) {
  const cst::Fields& F = cst::fields();
  auto s = make<ast::Import>(span(n));
  for (const cst::Child& c : children(n))
    if (c.field == F.name) s->names.push_back(import_alias(c.node));
  return s;
}

ast::StmtPtr Converter::import_from(TSNode n, bool future) {
  const cst::Fields& F = cst::fields();
  auto s = make<ast::ImportFrom>(span(n));
  if (future) {
    s->module = "__future__";
  } else if (TSNode m = field(n, F.module_name); !ts_node_is_null(m)) {
    if (cst::kind(m) == Kind::RelativeImport) {
      for (TSNode part : named_children(m)) {
        if (cst::kind(part) == Kind::ImportPrefix) {
          for (char ch : text(part)) s->level += ch == '.';
        } else if (cst::kind(part) == Kind::DottedName) {
          s->module = dotted(part, text_);
        }
      }
    } else {
      s->module = dotted(m, text_);
    }
  }
  for (const cst::Child& c : children(n)) {
    if (c.field == F.name) s->names.push_back(import_alias(c.node));
    if (cst::kind(c.node) == Kind::WildcardImport) s->star = true;
  }
  return s;
}

ast::StmtPtr Converter::global_statement(TSNode n) {
  auto g = make<ast::Global>(span(n));
  for (TSNode c : named_children(n))
    if (cst::kind(c) == Kind::Identifier) g->names.emplace_back(text(c));
  return g;
}

ast::StmtPtr Converter::assert_statement(TSNode n) {
  auto a = make<ast::Assert>(span(n));
  std::vector<TSNode> kids = named_children(n);
  a->test = expr_or_error(kids.empty() ? TSNode{} : kids[0], n);
  if (kids.size() > 1) a->msg = expr(kids[1]);
  return a;
}

// `raise E from C`: the cause is dropped (kernels cannot raise at all).
ast::StmtPtr Converter::delete_statement(TSNode n) {
  auto d = make<ast::Delete>(span(n));
  for (TSNode c : named_children(n)) {
    if (cst::kind(c) == Kind::ExpressionList) {
      for (TSNode e : named_children(c)) d->targets.push_back(expr(e));
    } else {
      d->targets.push_back(expr(c));
    }
  }
  return d;
}

ast::StmtPtr Converter::raise_statement(TSNode n) {
  auto r = make<ast::Raise>(span(n));
  for (const cst::Child& c : children(n)) {
    if (c.field == 0 && ts_node_is_named(c.node) && !ts_node_is_error(c.node)) {
      r->exc = expr(c.node);
      break;
    }
  }
  return r;
}

// try_statement: 'try' ':' body, then except_clauses (`except`, `except T`, `except T as name`;
// the block is the clause's last named child), an else_clause and a finally_clause.
ast::StmtPtr Converter::try_statement(TSNode n) {
  const cst::Fields& F = cst::fields();
  for (TSNode c : named_children(n)) {
    if (cst::kind(c) == Kind::ExceptGroupClause) return unsupported_stmt(n, "try statement with except*", "");
  }
  auto t = make<ast::Try>(span(n));
  t->body = block(field(n, F.body), "'try' statement", n);
  for (TSNode c : named_children(n)) {
    switch (cst::kind(c)) {
      case Kind::ExceptClause: {
        ast::ExceptHandler h;
        h.span = span(c);
        TSNode body{};
        std::vector<TSNode> parts;
        for (TSNode k : named_children(c)) {
          if (cst::kind(k) == Kind::Block) {
            body = k;
          } else if (cst::kind(k) == Kind::AsPattern) {
            // `except T as name` parsed as an as_pattern: the class, then the alias.
            std::vector<TSNode> inner = named_children(k);
            if (!inner.empty()) parts.push_back(inner.front());
            TSNode alias = field(k, F.alias);
            if (!ts_node_is_null(alias)) {
              std::vector<TSNode> target = named_children(alias);
              parts.push_back(target.empty() ? alias : target.front());
            }
          } else {
            parts.push_back(k);
          }
        }
        if (!parts.empty()) h.type = expr(parts[0]);
        if (parts.size() > 1) h.name = expr(parts[1]);
        h.body = block(body, "'except' statement", c);
        t->handlers.push_back(std::move(h));
        break;
      }
      case Kind::ElseClause:
        t->else_span = span(c);
        t->orelse = block(field(c, F.body), "'else' statement", c);
        break;
      case Kind::FinallyClause: {
        t->finally_span = span(c);
        for (TSNode k : named_children(c))
          if (cst::kind(k) == Kind::Block) t->finalbody = block(k, "'finally' statement", c);
        break;
      }
      default: break;
    }
  }
  return t;
}

// with_statement: 'with' with_clause ':' body; the clause's with_items hold a `value` that is
// the context expression or an as_pattern (`expr as target`, the target in field `alias`).
ast::StmtPtr Converter::with_statement(TSNode n) {
  const cst::Fields& F = cst::fields();
  auto w = make<ast::With>(span(n));
  for (TSNode clause : named_children(n)) {
    if (cst::kind(clause) != Kind::WithClause) continue;
    for (TSNode item : named_children(clause)) {
      if (cst::kind(item) != Kind::WithItem) continue;
      TSNode value = field(item, F.value);
      ast::WithItem wi;
      if (!ts_node_is_null(value) && cst::kind(value) == Kind::AsPattern) {
        std::vector<TSNode> parts = named_children(value);
        if (!parts.empty()) wi.context = expr(parts.front());
        TSNode alias = field(value, F.alias);
        if (!ts_node_is_null(alias)) {
          std::vector<TSNode> target = named_children(alias);
          wi.target = target.empty() ? expr(alias) : expr(target.front());
        }
      } else {
        wi.context = expr_or_error(value, item);
      }
      if (wi.context) w->items.push_back(std::move(wi));
    }
  }
  w->body = block(field(n, F.body), "'with' statement", n);
  return w;
}

}  // namespace py2cuda::frontend::detail
