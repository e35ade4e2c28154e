// Expressions: tree-sitter-python expression nodes -> ast::Expr.
#include <algorithm>
#include <optional>

#include "frontend/converter.h"
#include "frontend/literals.h"

namespace py2cuda::frontend::detail {

using cst::Kind;

namespace {

template <class T, class... Args>
std::unique_ptr<T> make(Args&&... args) {
  return std::make_unique<T>(std::forward<Args>(args)...);
}


std::optional<BinOp> binop_from(std::string_view t) {
  if (t == "+") return BinOp::Add;
  if (t == "-") return BinOp::Sub;
  if (t == "*") return BinOp::Mul;
  if (t == "/") return BinOp::TrueDiv;
  if (t == "//") return BinOp::FloorDiv;
  if (t == "%") return BinOp::Mod;
  if (t == "**") return BinOp::Pow;
  if (t == "<<") return BinOp::LShift;
  if (t == ">>") return BinOp::RShift;
  if (t == "&") return BinOp::BitAnd;
  if (t == "|") return BinOp::BitOr;
  if (t == "^") return BinOp::BitXor;
  if (t == "@") return BinOp::MatMul;
  return std::nullopt;
}

std::optional<CmpOp> cmpop_from(std::string_view t) {
  if (t == "<") return CmpOp::Lt;
  if (t == "<=") return CmpOp::LtE;
  if (t == ">") return CmpOp::Gt;
  if (t == ">=") return CmpOp::GtE;
  if (t == "==") return CmpOp::Eq;
  if (t == "!=" || t == "<>") return CmpOp::NotEq;
  if (t == "is") return CmpOp::Is;
  if (t == "is not") return CmpOp::IsNot;
  if (t == "in") return CmpOp::In;
  if (t == "not in") return CmpOp::NotIn;
  return std::nullopt;
}

bool has_imaginary_suffix(std::string_view t) { return !t.empty() && (t.back() == 'j' || t.back() == 'J'); }

}  // namespace

// map(f, xs, ...) is the generator (f(a0, ...) for a0, ... in zip(xs, ...)), which host code already
// iterates, lists, joins and sums; map(lambda x: e, xs) is (e for x in xs). f is a name or an
// attribute (read once per item, as Python reads it once) or a lambda of as many parameters.
// Not where the module names `map` itself (names_map_otherwise): the call may be the program's.
ast::ExprPtr Converter::map_as_generator(std::unique_ptr<ast::Call> c) const {
  if (map_named_ || c->func->kind != ast::ExprKind::Name || ast::as<ast::Name>(*c->func).id != "map" ||
      c->has_star_args || !c->keywords.empty() || c->args.size() < 2) {
    return c;
  }
  const size_t n = c->args.size() - 1;
  std::vector<std::string> names;
  ast::ExprPtr elt;
  ast::Expr& f = *c->args[0];
  if (f.kind == ast::ExprKind::Lambda) {
    auto& l = static_cast<ast::LambdaExpr&>(f);
    if (l.params.size() != n) return c;
    for (const ast::Param& p : l.params) {
      if (p.kind != ast::Param::Kind::Normal || p.default_value) return c;
      names.push_back(p.name);
    }
    elt = std::move(l.body);
  } else if (f.kind == ast::ExprKind::Name || f.kind == ast::ExprKind::Attribute) {
    auto call = make<ast::Call>(c->span, std::move(c->args[0]));
    for (size_t k = 0; k < n; ++k) {
      names.push_back("map_item" + std::to_string(k) + "_");
      call->args.push_back(make<ast::Name>(c->args[k + 1]->span, names.back()));
    }
    elt = std::move(call);
  } else {
    return c;
  }
  auto g = make<ast::ComprehensionExpr>(c->span, false);
  if (n == 1) {
    g->target = make<ast::Name>(c->args[1]->span, names[0]);
    g->iter = std::move(c->args[1]);
  } else {
    auto target = make<ast::TupleExpr>(c->span);
    auto zip = make<ast::Call>(c->span, make<ast::Name>(c->func->span, "zip"));
    for (size_t k = 0; k < n; ++k) {
      target->elts.push_back(make<ast::Name>(c->args[k + 1]->span, names[k]));
      zip->args.push_back(std::move(c->args[k + 1]));
    }
    g->target = std::move(target);
    g->iter = std::move(zip);
  }
  g->elt = std::move(elt);
  return g;
}

// Whether `map` appears in the scope of `root` (a module or a function definition; nested
// functions are their own scopes) other than as the function a call names, an attribute's name
// (`s.map`) or a keyword (`f(map=1)`): a definition, an assignment, a parameter, an import or a
// read of it. Python then may call the program's own `map`; being wrong the safe way only costs
// the rewrite.
bool Converter::names_map_otherwise(TSNode root) {
  const cst::Fields& F = cst::fields();
  std::vector<TSNode> todo{root};
  while (!todo.empty()) {
    TSNode n = todo.back();
    todo.pop_back();
    for (const cst::Child& c : children(n)) {
      if (cst::kind(c.node) != Kind::Identifier) {
        if (cst::kind(c.node) != Kind::FunctionDefinition) {
          todo.push_back(c.node);
        } else if (text(field(c.node, F.name)) == "map") {
          return true;  // `def map(...)`: its body is its own scope, its name is this one's
        }
        continue;
      }
      if (text(c.node) != "map") continue;
      const Kind parent = cst::kind(n);
      const bool called = parent == Kind::Call && c.field == F.function;
      const bool attribute = parent == Kind::Attribute && c.field == F.attribute;
      const bool keyword = parent == Kind::KeywordArgument && c.field == F.name;
      if (!called && !attribute && !keyword) return true;
    }
  }
  return false;
}

std::optional<BinOp> augmented_binop(std::string_view token) {
  if (token.size() < 2 || token.back() != '=') return std::nullopt;
  return binop_from(token.substr(0, token.size() - 1));
}

ast::ExprPtr Converter::expr(TSNode n) {
  if (ts_node_is_null(n)) return nullptr;
  DepthGuard guard(ctx_);
  if (guard.too_deep()) {
    if (!ctx_.reported_depth) {
      ctx_.reported_depth = true;
      ctx_.diags.error(span(n), "expression nested too deeply");
    }
    return make<ast::UnsupportedExpr>(span(n), "expression nested too deeply");
  }
  return expr_unguarded(n);
}

ast::ExprPtr Converter::expr_or_error(TSNode n, TSNode parent) {
  if (ast::ExprPtr e = expr(n)) return e;
  return make<ast::UnsupportedExpr>(span(parent), "invalid syntax");
}

ast::ExprPtr Converter::unsupported(TSNode n, std::string what) {
  return make<ast::UnsupportedExpr>(span(n), std::move(what));
}

ast::ExprPtr Converter::expr_unguarded(TSNode n) {
  if (ts_node_is_missing(n)) return unsupported(n, "invalid syntax");
  switch (cst::kind(n)) {
    case Kind::Identifier: return make<ast::Name>(span(n), std::string(text(n)));
    case Kind::Integer: return integer(n);
    case Kind::Float: return floating(n);
    case Kind::True: return make<ast::BoolLit>(span(n), true);
    case Kind::False: return make<ast::BoolLit>(span(n), false);
    case Kind::None: return make<ast::NoneLit>(span(n));
    case Kind::String:
    case Kind::ConcatenatedString: return string(n);
    case Kind::Attribute: return attribute(n);
    case Kind::Subscript: return subscript(n);
    case Kind::Slice: return slice(n);
    case Kind::Call: return call(n);
    case Kind::BinaryOperator: return binary(n);
    case Kind::UnaryOperator:
    case Kind::NotOperator: return unary(n);
    case Kind::BooleanOperator: return boolean(n);
    case Kind::ComparisonOperator: return compare(n);
    case Kind::ConditionalExpression: return conditional(n);
    case Kind::Tuple:
    case Kind::ExpressionList:
    case Kind::PatternList:
    case Kind::TuplePattern: return sequence(n, false);
    case Kind::List:
    case Kind::ListPattern: return sequence(n, true);
    case Kind::ParenthesizedExpression: return parenthesized(n);
    case Kind::Type: return type_node(n);
    case Kind::Lambda: return lambda(n);
    case Kind::ListComprehension: return comprehension(n, true);
    case Kind::DictionaryComprehension: return comprehension(n, true, true);
    case Kind::SetComprehension: return set_of(n, comprehension(n, false));
    case Kind::GeneratorExpression: return comprehension(n, false);
    case Kind::Dictionary: return dictionary(n);
    case Kind::Set: return set_of(n, sequence(n, true));
    case Kind::NamedExpression: return unsupported(n, "walrus operator");
    case Kind::ListSplatPattern: {  // `first, *rest = xs`
      std::vector<TSNode> inner = named_children(n);
      return make<ast::Starred>(span(n), expr_or_error(inner.empty() ? TSNode{} : inner[0], n));
    }
    case Kind::ListSplat:
    case Kind::ParenthesizedListSplat: return unsupported(n, "starred expression");
    case Kind::DictionarySplat:
    case Kind::DictionarySplatPattern: return unsupported(n, "double-starred expression");
    case Kind::Yield: {
      // `yield from x` has three children: the keywords and x.
      if (ts_node_child_count(n) > 2) return unsupported(n, "yield from");
      auto y = std::make_unique<ast::UnsupportedExpr>(span(n), "yield");
      std::vector<TSNode> operand = named_children(n);
      if (operand.size() == 1) y->value = expr(operand[0]);
      return y;
    }
    case Kind::Await: return unsupported(n, "await");
    case Kind::Ellipsis: return unsupported(n, "ellipsis");
    case Kind::KeywordArgument: return unsupported(n, "keyword argument");
    case Kind::Error: return unsupported(n, "invalid syntax");
    default: return unsupported(n, ts_node_type(n));
  }
}

ast::ExprPtr Converter::integer(TSNode n) {
  std::string_view t = text(n);
  if (has_imaginary_suffix(t)) {  // the grammar lexes `12j` as an integer
    auto f = make<ast::FloatLit>(span(n));
    f->value = decode_float(t.substr(0, t.size() - 1));
    f->imaginary = true;
    f->text = std::string(t);
    return f;
  }
  IntLiteral v = decode_int(t);
  if (!v.error.empty()) ctx_.diags.error(span(n), v.error);
  auto lit = make<ast::IntLit>(span(n));
  lit->value = v.value;
  lit->overflow = v.overflow;
  lit->text = std::string(t);
  return lit;
}

ast::ExprPtr Converter::floating(TSNode n) {
  std::string_view t = text(n);
  auto f = make<ast::FloatLit>(span(n));
  f->imaginary = has_imaginary_suffix(t);
  f->value = decode_float(f->imaginary ? t.substr(0, t.size() - 1) : t);
  f->text = std::string(t);
  return f;
}

// One literal or an implicit concatenation ("a" 'b'): the pieces' decoded
// bodies joined. The body of a piece is the text between its string_start
// (prefix and opening quotes) and string_end.
ast::ExprPtr Converter::string(TSNode n) {
  std::vector<TSNode> pieces;
  if (cst::kind(n) == Kind::ConcatenatedString) {
    for (TSNode p : named_children(n))
      if (cst::kind(p) == Kind::String) pieces.push_back(p);
  } else {
    pieces.push_back(n);
  }
  for (TSNode piece : pieces) {
    for (const cst::Child& c : children(piece)) {
      if (cst::kind(c.node) != Kind::StringStart) continue;
      std::string_view open = text(c.node);
      if (decode_string_prefix(open.substr(0, std::min(open.find_first_of("'\""), open.size()))).fstring) {
        return fstring(n, pieces);
      }
    }
  }
  auto lit = make<ast::StrLit>(span(n));
  bool any_bytes = false, any_text = false;
  for (TSNode piece : pieces) {
    TSNode start{}, end{};
    for (const cst::Child& c : children(piece)) {
      Kind k = cst::kind(c.node);
      if (k == Kind::StringStart) start = c.node;
      if (k == Kind::StringEnd && !ts_node_is_missing(c.node)) end = c.node;
    }
    if (ts_node_is_null(start)) continue;
    std::string_view open = text(start);
    size_t quote_at = std::min(open.find_first_of("'\""), open.size());
    StringPrefix prefix = decode_string_prefix(open.substr(0, quote_at));
    if (!prefix.valid) ctx_.diags.error(span(start), "invalid string prefix '" + std::string(open) + "'");
    // The closing token is the quotes, except in a raw string ending in an
    // escaped quote (r'\''), where the grammar puts `\'` into it as well.
    auto quotes = static_cast<uint32_t>(open.size() - quote_at);
    uint32_t body_begin = ts_node_end_byte(start);
    uint32_t body_end = ts_node_is_null(end) ? ts_node_end_byte(piece)
                        : ts_node_end_byte(end) - ts_node_start_byte(end) > quotes ? ts_node_end_byte(end) - quotes
                                                                                    : ts_node_start_byte(end);
    if (body_end > text_.size()) body_end = static_cast<uint32_t>(text_.size());
    if (body_begin < body_end) {
      lit->value += decode_string_body(text_.substr(body_begin, body_end - body_begin), prefix.raw, prefix.bytes);
    }
    lit->is_fstring |= prefix.fstring;
    (prefix.bytes ? any_bytes : any_text) = true;
  }
  if (any_bytes && any_text) ctx_.diags.error(span(n), "cannot mix bytes and nonbytes literals");
  lit->is_bytes = any_bytes && !any_text;
  return lit;
}

// A comprehension; each `for` clause after the first is a comprehension nested as the
// elt of the one before (nested_clause), with the `if`s that follow it. Async ones are unsupported.
ast::ExprPtr Converter::comprehension(TSNode n, bool is_list, bool is_dict) {
  const cst::Fields& F = cst::fields();
  const char* what = is_dict ? "dict comprehension" : is_list ? "list comprehension" : "generator expression";
  std::vector<std::unique_ptr<ast::ComprehensionExpr>> clauses;
  ast::ExprPtr elt;
  for (TSNode c : named_children(n)) {
    switch (cst::kind(c)) {
      case Kind::ForInClause: {
        auto clause = make<ast::ComprehensionExpr>(span(n), is_list);
        clause->nested_clause = !clauses.empty();
        clause->target = expr_or_error(field(c, F.left), c);
        clause->iter = expr_or_error(field(c, F.right), c);
        if (!clause->target || !clause->iter) return unsupported(n, what);
        clauses.push_back(std::move(clause));
        break;
      }
      case Kind::IfClause:
        if (clauses.empty()) return unsupported(n, what);
        for (TSNode cond : named_children(c)) clauses.back()->conditions.push_back(expr(cond));
        break;
      case Kind::Pair: {
        if (!is_dict || elt) return unsupported(n, what);
        auto entry = make<ast::TupleExpr>(span(c));
        entry->elts.push_back(expr_or_error(field(c, F.key), c));
        entry->elts.push_back(expr_or_error(field(c, F.value), c));
        elt = std::move(entry);
        break;
      }
      default:
        if (!elt) elt = expr(c);
        break;
    }
  }
  if (!elt || clauses.empty()) return unsupported(n, what);
  clauses.front()->is_dict = is_dict;
  for (size_t k = clauses.size(); k-- > 0;) {
    clauses[k]->elt = std::move(elt);
    elt = std::move(clauses[k]);
  }
  return elt;
}

// An f-string (or a concatenation with one in it): its literal text and replacement
// fields in order. Pieces without the f prefix contribute text only.
ast::ExprPtr Converter::fstring(TSNode n, const std::vector<TSNode>& pieces) {
  const cst::Fields& F = cst::fields();
  auto out = make<ast::FStringExpr>(span(n));
  auto add_text = [&](std::string t) {
    if (t.empty()) return;
    if (!out->parts.empty() && !out->parts.back().value) {
      out->parts.back().text += t;
      return;
    }
    ast::FStringPart part;
    part.text = std::move(t);
    out->parts.push_back(std::move(part));
  };
  for (TSNode piece : pieces) {
    StringPrefix prefix;
    for (const cst::Child& c : children(piece)) {
      switch (cst::kind(c.node)) {
        case Kind::StringStart: {
          std::string_view open = text(c.node);
          prefix = decode_string_prefix(open.substr(0, std::min(open.find_first_of("'\""), open.size())));
          break;
        }
        case Kind::StringContent: {
          std::string body = decode_string_body(text(c.node), prefix.raw, false);
          if (prefix.fstring) {
            // `{{` and `}}` stand for one brace each in an f-string's text.
            std::string unescaped;
            for (size_t i = 0; i < body.size(); ++i) {
              unescaped += body[i];
              if ((body[i] == '{' || body[i] == '}') && i + 1 < body.size() && body[i + 1] == body[i]) ++i;
            }
            body = std::move(unescaped);
          }
          add_text(std::move(body));
          break;
        }
        case Kind::Interpolation: {
          ast::FStringPart part;
          part.span = span(c.node);
          TSNode value = field(c.node, F.expression);
          part.value = expr_or_error(value, c.node);
          TSNode conversion = field(c.node, F.type_conversion);
          if (!ts_node_is_null(conversion)) {
            std::string_view t = text(conversion);
            part.conversion = t.size() >= 2 ? t[1] : 0;
          }
          // `{x + 1 = }` (Python 3.8's self-documenting field): the text from after the brace
          // through the `=`, spaces kept, then the value, by repr() unless a conversion or a
          // format spec is given.
          bool self_documenting = false;
          const std::vector<cst::Child> inside = children(c.node);
          for (size_t k = 0; k + 1 < inside.size(); ++k) {
            if (ts_node_is_named(inside[k].node) || std::string_view(ts_node_type(inside[k].node)) != "=") continue;
            const std::string_view whole = text(c.node);
            const size_t end = ts_node_start_byte(inside[k + 1].node) - ts_node_start_byte(c.node);  // spaces after `=` too
            add_text(std::string(whole.substr(1, end - 1)));
            self_documenting = true;
          }
          TSNode spec = field(c.node, F.format_specifier);
          if (!ts_node_is_null(spec)) {
            std::string_view t = text(spec);
            if (!t.empty() && t.front() == ':') t.remove_prefix(1);
            part.spec = std::string(t);
            // The spec's text between its nested fields, and each field's expression.
            const std::string_view source = text(spec);
            uint32_t literal_from = ts_node_start_byte(spec) + (source.starts_with(":") ? 1 : 0);
            auto literal_until = [&](uint32_t end) {
              if (end <= literal_from) return;
              ast::FStringPart literal;
              literal.text = std::string(source.substr(literal_from - ts_node_start_byte(spec), end - literal_from));
              literal.span = part.span;
              part.spec_parts.push_back(std::move(literal));
            };
            for (TSNode inner : named_children(spec)) {
              if (cst::kind(inner) != Kind::FormatExpression) continue;
              part.dynamic_spec = true;
              literal_until(ts_node_start_byte(inner));
              ast::FStringPart field_part;
              field_part.span = span(inner);
              const std::vector<TSNode> inside = named_children(inner);
              field_part.value = inside.empty() ? nullptr : expr_or_error(inside.front(), inner);
              part.spec_parts.push_back(std::move(field_part));
              literal_from = ts_node_end_byte(inner);
            }
            literal_until(ts_node_end_byte(spec));
          }
          if (self_documenting && !part.conversion && part.spec.empty()) part.conversion = 'r';
          out->parts.push_back(std::move(part));
          break;
        }
        default: break;
      }
    }
  }
  return out;
}

ast::ExprPtr Converter::attribute(TSNode n) {
  const cst::Fields& F = cst::fields();
  TSNode attr = field(n, F.attribute);
  Span attr_span = ts_node_is_null(attr) ? span(n) : span(attr);
  return make<ast::Attribute>(span(n), expr_or_error(field(n, F.object), n), std::string(text(attr)), attr_span);
}

// `a[i]`, `a[i, j]`, `a[i,]`: several `subscript` fields or a comma make the
// index a tuple, as in Python's own AST.
ast::ExprPtr Converter::subscript(TSNode n) {
  const cst::Fields& F = cst::fields();
  std::vector<TSNode> parts;
  bool comma = false;
  for (const cst::Child& c : children(n)) {
    if (c.field == F.subscript && !ts_node_is_error(c.node)) {
      parts.push_back(c.node);
    } else if (!ts_node_is_named(c.node) && std::string_view(ts_node_type(c.node)) == ",") {
      comma = true;
    }
  }
  ast::ExprPtr index;
  if (parts.size() == 1 && !comma) {
    index = expr(parts[0]);
  } else if (!parts.empty()) {
    auto tuple = make<ast::TupleExpr>(map_.span(ts_node_start_point(parts.front()), ts_node_end_point(parts.back())));
    for (TSNode p : parts) tuple->elts.push_back(expr(p));
    index = std::move(tuple);
  }
  if (!index) index = unsupported(n, "invalid syntax");
  return make<ast::Subscript>(span(n), expr_or_error(field(n, F.value), n), std::move(index));
}

// `lower:upper:step`: which part an expression is follows from the number
// of colons before it.
ast::ExprPtr Converter::slice(TSNode n) {
  auto s = make<ast::Slice>(span(n));
  int part = 0;
  for (const cst::Child& c : children(n)) {
    if (!ts_node_is_named(c.node)) {
      if (std::string_view(ts_node_type(c.node)) == ":") ++part;
      continue;
    }
    if (ts_node_is_error(c.node)) continue;
    ast::ExprPtr e = expr(c.node);
    if (part == 0) s->lower = std::move(e);
    else if (part == 1) s->upper = std::move(e);
    else s->step = std::move(e);
  }
  return s;
}

// Positional and keyword arguments. `*a` goes into args as an unsupported
// "starred expression" and `**k` into keywords with an empty name (as in
// Python's AST); either sets has_star_args.
ast::ExprPtr Converter::call(TSNode n) {
  const cst::Fields& F = cst::fields();
  auto c = make<ast::Call>(span(n), expr_or_error(field(n, F.function), n));
  TSNode args = field(n, F.arguments);
  if (ts_node_is_null(args)) return c;
  if (cst::kind(args) == Kind::GeneratorExpression) {  // f(x for x in y)
    c->args.push_back(expr(args));
    return c;
  }
  for (TSNode a : named_children(args)) {
    switch (cst::kind(a)) {
      case Kind::KeywordArgument:
        c->keywords.push_back({std::string(text(field(a, F.name))), expr_or_error(field(a, F.value), a), span(a)});
        break;
      case Kind::ListSplat: {
        c->has_star_args = true;
        std::vector<TSNode> inner = named_children(a);
        c->args.push_back(make<ast::Starred>(span(a), expr_or_error(inner.empty() ? TSNode{} : inner[0], a)));
        break;
      }
      case Kind::DictionarySplat: {
        c->has_star_args = true;
        std::vector<TSNode> inner = named_children(a);
        c->keywords.push_back({"", expr_or_error(inner.empty() ? TSNode{} : inner[0], a), span(a)});
        break;
      }
      default: c->args.push_back(expr(a)); break;
    }
  }
  return map_as_generator(std::move(c));
}

ast::ExprPtr Converter::binary(TSNode n) {
  const cst::Fields& F = cst::fields();
  TSNode op = field(n, F.operator_);
  std::optional<BinOp> b = ts_node_is_null(op) ? std::nullopt : binop_from(ts_node_type(op));
  if (!b) return unsupported(n, "invalid syntax");
  return make<ast::Binary>(span(n), *b, expr_or_error(field(n, F.left), n), expr_or_error(field(n, F.right), n));
}

ast::ExprPtr Converter::unary(TSNode n) {
  const cst::Fields& F = cst::fields();
  UnaryOp op = UnaryOp::Not;
  if (cst::kind(n) == Kind::UnaryOperator) {
    TSNode o = field(n, F.operator_);
    std::string_view t = ts_node_is_null(o) ? "" : ts_node_type(o);
    if (t == "-") op = UnaryOp::Neg;
    else if (t == "+") op = UnaryOp::Pos;
    else if (t == "~") op = UnaryOp::Invert;
    else return unsupported(n, "invalid syntax");
  }
  return make<ast::Unary>(span(n), op, expr_or_error(field(n, F.argument), n));
}

// `a and b and c` is nested in the CST; the AST holds one BoolOpExpr with all
// operands of the same operator that are not parenthesised.
ast::ExprPtr Converter::boolean(TSNode n) {
  const cst::Fields& F = cst::fields();
  auto op_of = [&](TSNode x) -> std::string_view {
    TSNode o = field(x, F.operator_);
    return ts_node_is_null(o) ? "" : ts_node_type(o);
  };
  std::string_view op = op_of(n);
  auto result = make<ast::BoolOpExpr>(span(n), op == "and");
  std::vector<TSNode> todo = {n};  // operands still to visit, last = leftmost
  while (!todo.empty()) {
    TSNode cur = todo.back();
    todo.pop_back();
    if (!ts_node_is_null(cur) && cst::kind(cur) == Kind::BooleanOperator && op_of(cur) == op) {
      todo.push_back(field(cur, F.right));
      todo.push_back(field(cur, F.left));
    } else {
      result->values.push_back(expr_or_error(cur, n));
    }
  }
  return result;
}

ast::ExprPtr Converter::compare(TSNode n) {
  const cst::Fields& F = cst::fields();
  std::unique_ptr<ast::Compare> c;
  for (const cst::Child& ch : children(n)) {
    if (ch.field == F.operators) {
      std::string_view t = ts_node_type(ch.node);
      if (t == "<>") ctx_.diags.error(span(ch.node), "invalid syntax: '<>' is not Python 3; use '!='");
      std::optional<CmpOp> op = cmpop_from(t);
      if (c && op) c->ops.push_back(*op);
    } else if (ts_node_is_named(ch.node) && !ts_node_is_error(ch.node)) {
      if (!c) c = make<ast::Compare>(span(n), expr(ch.node));
      else c->comparators.push_back(expr(ch.node));
    }
  }
  if (!c) return unsupported(n, "invalid syntax");
  while (c->comparators.size() < c->ops.size()) c->comparators.push_back(unsupported(n, "invalid syntax"));
  while (c->ops.size() < c->comparators.size()) c->ops.push_back(CmpOp::Eq);  // only after a reported error
  return c;
}

// `body if test else orelse`: three operands in source order.
ast::ExprPtr Converter::conditional(TSNode n) {
  std::vector<TSNode> parts = named_children(n);
  auto e = make<ast::IfExp>(span(n));
  auto part = [&](size_t i) { return expr_or_error(i < parts.size() ? parts[i] : TSNode{}, n); };
  e->body = part(0);
  e->test = part(1);
  e->orelse = part(2);
  return e;
}

ast::ExprPtr Converter::lambda(TSNode n) {
  const cst::Fields& F = cst::fields();
  auto e = make<ast::LambdaExpr>(span(n));
  TSNode params = field(n, F.parameters);
  if (!ts_node_is_null(params)) parameters(params, e->params);
  e->body = expr_or_error(field(n, F.body), n);
  return e;
}

ast::ExprPtr Converter::sequence(TSNode n, bool is_list) {
  std::vector<ast::ExprPtr> elts;
  for (TSNode c : named_children(n)) elts.push_back(expr(c));
  if (is_list) {
    auto l = make<ast::ListExpr>(span(n));
    l->elts = std::move(elts);
    return l;
  }
  auto t = make<ast::TupleExpr>(span(n));
  t->elts = std::move(elts);
  return t;
}

// A set display `{a, b}` is `set([a, b])`, a set comprehension `{f(x) for x in xs}` is
// `set(f(x) for x in xs)`: Python adds the items in the same order either way, and the one
// builtin types and translates both.
ast::ExprPtr Converter::set_of(TSNode n, ast::ExprPtr items) {
  if (!items || items->kind == ast::ExprKind::Unsupported) return items;
  auto call = make<ast::Call>(span(n), make<ast::Name>(span(n), "set"));
  call->is_set_display = true;
  call->args.push_back(std::move(items));
  return call;
}

ast::ExprPtr Converter::dictionary(TSNode n) {
  const cst::Fields& F = cst::fields();
  auto d = make<ast::DictExpr>(span(n));
  for (TSNode c : named_children(n)) {
    if (cst::kind(c) != Kind::Pair) return unsupported(c, cst::kind(c) == Kind::DictionarySplat ? "double-starred expression" : "dict display");
    d->keys.push_back(expr_or_error(field(c, F.key), c));
    d->values.push_back(expr_or_error(field(c, F.value), c));
  }
  return d;
}

// Parentheses leave no node of their own; the span is the inner expression's.
ast::ExprPtr Converter::parenthesized(TSNode n) {
  std::vector<TSNode> inner = named_children(n);
  if (inner.size() != 1) return unsupported(n, "invalid syntax");
  return expr(inner[0]);
}

// An annotation that the lexical pre-scan did not mask (e.g. in
// `if c: x: int = 1`): plain expressions convert directly, the grammar's own
// type forms (`list[int]` as generic_type, ...) are parsed again as an
// expression.
ast::ExprPtr Converter::type_node(TSNode n) {
  std::vector<TSNode> inner = named_children(n);
  if (inner.size() == 1 && cst::kind(inner[0]) != Kind::Other) return expr(inner[0]);
  if (ts_node_has_error(n)) return unsupported(n, "invalid syntax");
  SingleExpr e = parse_single_expression(ctx_, text(n), map_.at(ts_node_start_point(n)), /*report=*/true);
  if (e.expr) return std::move(e.expr);
  return unsupported(n, "invalid annotation");
}

std::vector<TSNode> Converter::named_children(TSNode n) {
  std::vector<TSNode> out;
  for (const cst::Child& c : children(n))
    if (ts_node_is_named(c.node) && !ts_node_is_error(c.node)) out.push_back(c.node);
  return out;
}

bool Converter::has_token(TSNode n, std::string_view token) {
  for (const cst::Child& c : children(n))
    if (!ts_node_is_named(c.node) && std::string_view(ts_node_type(c.node)) == token) return true;
  return false;
}

}  // namespace py2cuda::frontend::detail
